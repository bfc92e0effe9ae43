// The stage backdrop: a dusk rooftop over a city, drawn once into pixels at start-up (no image file
// to ship or load). Deterministic: the skyline comes from a fixed integer hash, not a random source.
#include "render/render.h"

#include <algorithm>
#include <cmath>

namespace render {

namespace {

struct Canvas {
    assets::Image img;
    void Put(int x, int y, SDL_Color c) {
        if (x < 0 || y < 0 || x >= img.widthPx || y >= img.heightPx) return;
        std::uint8_t* p = img.rgba.data() + (static_cast<std::size_t>(y) * img.widthPx + x) * 4;
        p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = 255;
    }
    void Rect(int x, int y, int w, int h, SDL_Color c) {
        for (int yy = y; yy < y + h; ++yy)
            for (int xx = x; xx < x + w; ++xx) Put(xx, yy, c);
    }
};

std::uint32_t Hash(std::uint32_t x) {
    x ^= x >> 16, x *= 0x7FEB352Du, x ^= x >> 15, x *= 0x846CA68Bu, x ^= x >> 16;
    return x;
}

SDL_Color Mix(SDL_Color a, SDL_Color b, double t) {
    auto m = [t](std::uint8_t u, std::uint8_t v) { return static_cast<std::uint8_t>(std::lround(u + (v - u) * t)); };
    return SDL_Color{m(a.r, b.r), m(a.g, b.g), m(a.b, b.b), 255};
}

// 4x4 ordered dither: banded gradients with a pixel-art grain instead of a smooth blend.
constexpr int BAYER[4][4] = {{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}};

}  // namespace

TexturePtr MakeStageTexture(SDL_Renderer* renderer) {
    constexpr int W = game::STAGE_WIDTH_PX, H = game::STAGE_HEIGHT_PX;
    constexpr int HORIZON = 228, ROOF = 268;
    Canvas c;
    c.img.widthPx = W;
    c.img.heightPx = H;
    c.img.rgba.assign(static_cast<std::size_t>(W) * H * 4, 255);

    // Sky: five dusk bands, dithered into each other.
    const SDL_Color sky[] = {
        {28, 18, 52, 255}, {58, 28, 84, 255}, {120, 46, 96, 255}, {212, 92, 88, 255}, {250, 170, 96, 255}};
    for (int y = 0; y < HORIZON; ++y) {
        const double t = static_cast<double>(y) / HORIZON * 4.0;
        const int band = std::min(3, static_cast<int>(t));
        const double frac = t - band;
        for (int x = 0; x < W; ++x) {
            const bool next = frac * 16.0 > BAYER[y & 3][x & 3];
            c.Put(x, y, sky[band + (next ? 1 : 0)]);
        }
    }
    // A low sun with the bands cut across it.
    const int sunX = 452, sunY = 196, sunR = 46;
    for (int y = sunY - sunR; y <= sunY + sunR && y < HORIZON; ++y) {
        if (y > sunY && ((y - sunY) / 5) % 2 == 1) continue;  // the stripes of a hazy sun
        for (int x = sunX - sunR; x <= sunX + sunR; ++x) {
            const int dx = x - sunX, dy = y - sunY;
            if (dx * dx + dy * dy <= sunR * sunR)
                c.Put(x, y,
                      Mix(SDL_Color{255, 236, 150, 255}, SDL_Color{255, 140, 110, 255},
                          (y - (sunY - sunR)) / (2.0 * sunR)));
        }
    }
    // Two layers of skyline: far (pale, tall) and near (dark, with lit windows).
    for (int layer = 0; layer < 2; ++layer) {
        const SDL_Color body = layer == 0 ? SDL_Color{92, 50, 96, 255} : SDL_Color{40, 26, 58, 255};
        const SDL_Color edge = layer == 0 ? SDL_Color{120, 66, 112, 255} : SDL_Color{62, 40, 80, 255};
        int x = -10 + layer * 7;
        std::uint32_t seed = 1000 + layer * 77;
        while (x < W) {
            const std::uint32_t h = Hash(seed++);
            const int w = 22 + static_cast<int>(h % 34);
            const int height = (layer == 0 ? 70 : 40) + static_cast<int>((h >> 8) % (layer == 0 ? 90 : 80));
            const int top = HORIZON - height + layer * 22;
            c.Rect(x, top, w, ROOF - top, body);
            c.Rect(x, top, 1, ROOF - top, edge);                                   // light from the left
            if ((h >> 20) % 3 == 0) c.Rect(x + w / 2 - 1, top - 10, 2, 10, body);  // an antenna
            if (layer == 1) {
                for (int wy = top + 6; wy < ROOF - 8; wy += 8) {
                    for (int wx = x + 4; wx < x + w - 4; wx += 6) {
                        if (Hash(static_cast<std::uint32_t>(wx * 131 + wy * 7919)) % 5 == 0) {
                            c.Rect(wx, wy, 3, 4, SDL_Color{255, 208, 120, 255});
                        }
                    }
                }
            }
            x += w + static_cast<int>((h >> 14) % 6);
        }
    }
    // The rooftop: a parapet wall with bricks, then the floor in perspective bands.
    c.Rect(0, ROOF, W, 26, SDL_Color{96, 58, 62, 255});
    for (int y = ROOF; y < ROOF + 26; y += 6) {
        c.Rect(0, y, W, 1, SDL_Color{70, 40, 48, 255});
        for (int x = ((y - ROOF) / 6) % 2 * 12; x < W; x += 24) c.Rect(x, y, 1, 6, SDL_Color{70, 40, 48, 255});
    }
    c.Rect(0, ROOF - 3, W, 3, SDL_Color{150, 104, 96, 255});  // the coping stones
    const int floorTop = ROOF + 26;
    for (int y = floorTop; y < H; ++y) {
        const double t = static_cast<double>(y - floorTop) / (H - floorTop);
        const SDL_Color base = Mix(SDL_Color{88, 76, 96, 255}, SDL_Color{46, 38, 56, 255}, t);
        for (int x = 0; x < W; ++x) c.Put(x, y, base);
    }
    // Tile seams: rows closer together far away, and seams that fan out from the centre.
    for (int row = 0, y = floorTop; y < H; ++row) {
        c.Rect(0, y, W, 1, SDL_Color{36, 30, 46, 255});
        y += 5 + row * 3;
    }
    for (int k = -12; k <= 12; ++k) {
        for (int y = floorTop; y < H; ++y) {
            const double t = static_cast<double>(y - floorTop) / (H - floorTop);
            const int x = W / 2 + static_cast<int>(std::lround(k * (36 + t * 60)));
            c.Put(x, y, SDL_Color{40, 33, 50, 255});
        }
    }
    return MakeTexture(renderer, c.img);
}

}  // namespace render
