// stage: the layer surface, stage.json's text, the preview composite, and the rooftop at dusk (the
// backdrop the game drew in code before stages were data, moved here unchanged: its three layers
// composited give exactly the old picture).
#include "tools/artgen/stage.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace artgen {

std::int32_t LayerWidthPx(std::int32_t stageWidthPx, double scroll) {
    return SCREEN_WIDTH_PX + static_cast<std::int32_t>(std::lround(scroll * (stageWidthPx - SCREEN_WIDTH_PX)));
}

std::uint32_t Hash32(std::uint32_t x) {
    x ^= x >> 16, x *= 0x7FEB352Du, x ^= x >> 15, x *= 0x846CA68Bu, x ^= x >> 16;
    return x;
}

std::int32_t Bayer(std::int32_t x, std::int32_t y) {
    static constexpr std::int32_t BAYER[4][4] = {{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}};
    return BAYER[y & 3][x & 3];
}

Rgb8 MixRgb(Rgb8 a, Rgb8 b, double t) {
    auto m = [t](std::uint8_t u, std::uint8_t v) { return static_cast<std::uint8_t>(std::lround(u + (v - u) * t)); };
    return Rgb8{m(a.r, b.r), m(a.g, b.g), m(a.b, b.b)};
}

// ---- Pixels -------------------------------------------------------------------------------------

Pixels::Pixels(std::int32_t widthPx, std::int32_t heightPx, Rgb8 fill, std::uint8_t alpha) {
    image_.widthPx = widthPx;
    image_.heightPx = heightPx;
    image_.rgba.resize(static_cast<std::size_t>(widthPx) * heightPx * 4);
    for (std::size_t i = 0; i < image_.rgba.size(); i += 4) {
        image_.rgba[i] = fill.r, image_.rgba[i + 1] = fill.g, image_.rgba[i + 2] = fill.b, image_.rgba[i + 3] = alpha;
    }
}

void Pixels::Put(std::int32_t x, std::int32_t y, Rgb8 c, std::uint8_t alpha) {
    if (x < 0 || y < 0 || x >= image_.widthPx || y >= image_.heightPx) return;
    std::uint8_t* p = image_.rgba.data() + (static_cast<std::size_t>(y) * image_.widthPx + x) * 4;
    p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = alpha;
}

void Pixels::Blend(std::int32_t x, std::int32_t y, Rgb8 c, std::uint8_t alpha) {
    if (x < 0 || y < 0 || x >= image_.widthPx || y >= image_.heightPx || alpha == 0) return;
    std::uint8_t* p = image_.rgba.data() + (static_cast<std::size_t>(y) * image_.widthPx + x) * 4;
    // Premultiplied "over" in integers: the colour where the pixel was opaque, the coverage added.
    const std::int32_t a = alpha, under = p[3] * (255 - a) / 255, out = a + under;
    if (out == 0) return;
    p[0] = static_cast<std::uint8_t>((c.r * a + p[0] * under) / out);
    p[1] = static_cast<std::uint8_t>((c.g * a + p[1] * under) / out);
    p[2] = static_cast<std::uint8_t>((c.b * a + p[2] * under) / out);
    p[3] = static_cast<std::uint8_t>(out);
}

void Pixels::Rect(std::int32_t x, std::int32_t y, std::int32_t w, std::int32_t h, Rgb8 c, std::uint8_t alpha) {
    for (std::int32_t yy = y; yy < y + h; ++yy)
        for (std::int32_t xx = x; xx < x + w; ++xx) Put(xx, yy, c, alpha);
}

void Pixels::BlendRect(std::int32_t x, std::int32_t y, std::int32_t w, std::int32_t h, Rgb8 c, std::uint8_t alpha) {
    for (std::int32_t yy = y; yy < y + h; ++yy)
        for (std::int32_t xx = x; xx < x + w; ++xx) Blend(xx, yy, c, alpha);
}

void Pixels::Line(std::int32_t x0, std::int32_t y0, std::int32_t x1, std::int32_t y1, Rgb8 c) {
    const std::int32_t dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0);
    const std::int32_t sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    for (std::int32_t err = dx + dy;;) {
        Put(x0, y0, c);
        if (x0 == x1 && y0 == y1) break;
        const std::int32_t e2 = 2 * err;
        if (e2 >= dy) err += dy, x0 += sx;
        if (e2 <= dx) err += dx, y0 += sy;
    }
}

void Pixels::Disc(std::int32_t cx, std::int32_t cy, std::int32_t r, Rgb8 c) {
    for (std::int32_t y = -r; y <= r; ++y)
        for (std::int32_t x = -r; x <= r; ++x)
            if (x * x + y * y <= r * r) Put(cx + x, cy + y, c);
}

void Pixels::Glow(std::int32_t cx, std::int32_t cy, std::int32_t r, Rgb8 c, std::uint8_t alpha) {
    for (std::int32_t y = -r; y <= r; ++y) {
        for (std::int32_t x = -r; x <= r; ++x) {
            const double d = std::sqrt(static_cast<double>(x * x + y * y)) / r;
            if (d >= 1.0) continue;
            // Four steps of brightness, their edges dithered: a pixel-art glow, not a smooth blur.
            const double level = (1.0 - d) * (1.0 - d) * 4.0;
            const std::int32_t step =
                static_cast<std::int32_t>(level) + ((level - std::floor(level)) * 16.0 > Bayer(cx + x, cy + y) ? 1 : 0);
            if (step > 0) Blend(cx + x, cy + y, c, static_cast<std::uint8_t>(alpha * std::min(step, 4) / 4));
        }
    }
}

void Pixels::Gradient(std::int32_t y0, std::int32_t y1, Rgb8 top, Rgb8 bottom, std::int32_t steps) {
    for (std::int32_t y = y0; y < y1; ++y) {
        const double t = static_cast<double>(y - y0) / std::max(1, y1 - y0 - 1) * (steps - 1);
        const std::int32_t band = std::min(steps - 2, static_cast<std::int32_t>(t));
        const double frac = t - band;
        for (std::int32_t x = 0; x < Width(); ++x) {
            const bool next = frac * 16.0 > Bayer(x, y);
            Put(x, y, MixRgb(top, bottom, static_cast<double>(band + (next ? 1 : 0)) / (steps - 1)));
        }
    }
}

Rgb8 Pixels::At(std::int32_t x, std::int32_t y) const {
    const std::uint8_t* p = image_.rgba.data() + (static_cast<std::size_t>(y) * image_.widthPx + x) * 4;
    return {p[0], p[1], p[2]};
}

std::uint8_t Pixels::AlphaAt(std::int32_t x, std::int32_t y) const {
    return image_.rgba[(static_cast<std::size_t>(y) * image_.widthPx + x) * 4 + 3];
}

// ---- the stage's files ----------------------------------------------------------------------------

std::string StageJsonText(const StageArt& stage) {
    nlohmann::ordered_json j;
    j["name"] = stage.name;
    j["width_px"] = stage.widthPx;
    j["floor_y_px"] = stage.floorYPx;
    j["start_x_px"] = stage.startXPx;
    j["layers"] = nlohmann::ordered_json::array();
    for (const LayerArt& l : stage.layers) j["layers"].push_back({{"image", l.file}, {"scroll", l.scroll}});
    j["music"] = "music.wav";
    j["credits"] = "Hotmap Brawl's artgen (the layers) and sfxgen (the music)";
    j["license"] = "CC BY 4.0";
    return j.dump(2) + "\n";
}

assets::Image ComposeView(const StageArt& stage, std::int32_t cameraXPx) {
    Pixels out(SCREEN_WIDTH_PX, SCREEN_HEIGHT_PX, Rgb8{}, 255);
    for (const LayerArt& l : stage.layers) {
        const std::int32_t shift = static_cast<std::int32_t>(std::lround(l.scroll * cameraXPx));
        for (std::int32_t y = 0; y < SCREEN_HEIGHT_PX; ++y) {
            for (std::int32_t x = 0; x < SCREEN_WIDTH_PX; ++x) {
                const std::int32_t lx = x + shift;
                if (lx < 0 || lx >= l.image.widthPx) continue;
                const std::uint8_t* p = l.image.rgba.data() + (static_cast<std::size_t>(y) * l.image.widthPx + lx) * 4;
                out.Blend(x, y, Rgb8{p[0], p[1], p[2]}, p[3]);
            }
        }
    }
    return out.Take();
}

StageArt BuildStage(const std::string& id) {
    if (id == "rooftop") return BuildRooftop();
    if (id == "dojo") return BuildDojo();
    if (id == "harbour") return BuildHarbour();
    std::fprintf(stderr, "artgen: no stage '%s'\n", id.c_str());
    std::abort();
}

// ---- the rooftop at dusk --------------------------------------------------------------------------

StageArt BuildRooftop() {
    constexpr std::int32_t W = SCREEN_WIDTH_PX, H = SCREEN_HEIGHT_PX;
    constexpr std::int32_t HORIZON = 228, ROOF = 268;
    StageArt stage{"rooftop", "Rooftop", W, 334, {230, 410}, {}};

    // Sky: five dusk bands, dithered into each other, and a low sun with the bands cut across it.
    Pixels sky(W, H, Rgb8{255, 255, 255}, 255);
    const Rgb8 bands[] = {{28, 18, 52}, {58, 28, 84}, {120, 46, 96}, {212, 92, 88}, {250, 170, 96}};
    for (std::int32_t y = 0; y < HORIZON; ++y) {
        const double t = static_cast<double>(y) / HORIZON * 4.0;
        const std::int32_t band = std::min(3, static_cast<std::int32_t>(t));
        const double frac = t - band;
        for (std::int32_t x = 0; x < W; ++x) sky.Put(x, y, bands[band + (frac * 16.0 > Bayer(x, y) ? 1 : 0)]);
    }
    const std::int32_t sunX = 452, sunY = 196, sunR = 46;
    for (std::int32_t y = sunY - sunR; y <= sunY + sunR && y < HORIZON; ++y) {
        if (y > sunY && ((y - sunY) / 5) % 2 == 1) continue;  // the stripes of a hazy sun
        for (std::int32_t x = sunX - sunR; x <= sunX + sunR; ++x) {
            const std::int32_t dx = x - sunX, dy = y - sunY;
            if (dx * dx + dy * dy <= sunR * sunR)
                sky.Put(x, y, MixRgb({255, 236, 150}, {255, 140, 110}, (y - (sunY - sunR)) / (2.0 * sunR)));
        }
    }

    // Two rows of skyline: far (pale, tall) and near (dark, with lit windows).
    Pixels city(W, H, Rgb8{}, 0);
    for (std::int32_t row = 0; row < 2; ++row) {
        const Rgb8 body = row == 0 ? Rgb8{92, 50, 96} : Rgb8{40, 26, 58};
        const Rgb8 edge = row == 0 ? Rgb8{120, 66, 112} : Rgb8{62, 40, 80};
        std::int32_t x = -10 + row * 7;
        std::uint32_t seed = 1000 + row * 77;
        while (x < W) {
            const std::uint32_t h = Hash32(seed++);
            const std::int32_t w = 22 + static_cast<std::int32_t>(h % 34);
            const std::int32_t height =
                (row == 0 ? 70 : 40) + static_cast<std::int32_t>((h >> 8) % (row == 0 ? 90 : 80));
            const std::int32_t top = HORIZON - height + row * 22;
            city.Rect(x, top, w, ROOF - top, body);
            city.Rect(x, top, 1, ROOF - top, edge);                                   // light from the left
            if ((h >> 20) % 3 == 0) city.Rect(x + w / 2 - 1, top - 10, 2, 10, body);  // an antenna
            if (row == 1) {
                for (std::int32_t wy = top + 6; wy < ROOF - 8; wy += 8) {
                    for (std::int32_t wx = x + 4; wx < x + w - 4; wx += 6) {
                        if (Hash32(static_cast<std::uint32_t>(wx * 131 + wy * 7919)) % 5 == 0)
                            city.Rect(wx, wy, 3, 4, Rgb8{255, 208, 120});
                    }
                }
            }
            x += w + static_cast<std::int32_t>((h >> 14) % 6);
        }
    }

    // The rooftop: a parapet wall with bricks, then the floor in perspective bands.
    Pixels ground(W, H, Rgb8{}, 0);
    ground.Rect(0, ROOF, W, 26, Rgb8{96, 58, 62});
    for (std::int32_t y = ROOF; y < ROOF + 26; y += 6) {
        ground.Rect(0, y, W, 1, Rgb8{70, 40, 48});
        for (std::int32_t x = ((y - ROOF) / 6) % 2 * 12; x < W; x += 24) ground.Rect(x, y, 1, 6, Rgb8{70, 40, 48});
    }
    ground.Rect(0, ROOF - 3, W, 3, Rgb8{150, 104, 96});  // the coping stones
    const std::int32_t floorTop = ROOF + 26;
    for (std::int32_t y = floorTop; y < H; ++y) {
        const double t = static_cast<double>(y - floorTop) / (H - floorTop);
        ground.Rect(0, y, W, 1, MixRgb({88, 76, 96}, {46, 38, 56}, t));
    }
    // Tile seams: rows closer together far away, and seams that fan out from the centre.
    for (std::int32_t row = 0, y = floorTop; y < H; ++row) {
        ground.Rect(0, y, W, 1, Rgb8{36, 30, 46});
        y += 5 + row * 3;
    }
    for (std::int32_t k = -12; k <= 12; ++k) {
        for (std::int32_t y = floorTop; y < H; ++y) {
            const double t = static_cast<double>(y - floorTop) / (H - floorTop);
            ground.Put(W / 2 + static_cast<std::int32_t>(std::lround(k * (36 + t * 60))), y, Rgb8{40, 33, 50});
        }
    }
    stage.layers = {{"sky.png", 0.0, sky.Take()}, {"city.png", 0.5, city.Take()}, {"ground.png", 1.0, ground.Take()}};
    return stage;
}

}  // namespace artgen
