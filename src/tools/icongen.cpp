// icongen: the desktop icon (256 x 256 PNG) from the fighters' own art, so the icon is the game's
// and never drifts from it: Brick and Kestrel's first idle frames, cropped to what is drawn,
// facing each other on the stage's night colour, scaled by whole pixels (nearest neighbour, as
// pixel art wants). Run by the build; installed to share/icons/hicolor/256x256/apps.
// Usage: icongen PROJECT_DIR OUT.png
#include "assets/assets.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace {

constexpr std::int32_t ICON_SIDE_PX = 256;
constexpr std::int32_t MARGIN_PX = 12;

// The smallest box around every pixel with any alpha.
struct Box {
    std::int32_t x0, y0, x1, y1;  // inclusive-exclusive
};
Box OpaqueBox(const assets::Image& im) {
    Box b{im.widthPx, im.heightPx, 0, 0};
    for (std::int32_t y = 0; y < im.heightPx; ++y)
        for (std::int32_t x = 0; x < im.widthPx; ++x)
            if (im.rgba[static_cast<std::size_t>((y * im.widthPx + x) * 4 + 3)] != 0)
                b = {std::min(b.x0, x), std::min(b.y0, y), std::max(b.x1, x + 1), std::max(b.y1, y + 1)};
    return b;
}

// Draws `b` of `im` scaled by `scale` with its bottom-left at (left, bottom), mirrored if asked,
// alpha-blended over what is there.
void Blit(assets::Image& dst, const assets::Image& im, Box b, std::int32_t scale, std::int32_t left,
          std::int32_t bottom, bool mirror) {
    const std::int32_t w = b.x1 - b.x0, h = b.y1 - b.y0;
    for (std::int32_t y = 0; y < h * scale; ++y) {
        for (std::int32_t x = 0; x < w * scale; ++x) {
            const std::int32_t dx = left + x, dy = bottom - h * scale + y;
            if (dx < 0 || dy < 0 || dx >= dst.widthPx || dy >= dst.heightPx) continue;
            const std::int32_t sx = b.x0 + (mirror ? w - 1 - x / scale : x / scale), sy = b.y0 + y / scale;
            const std::uint8_t* s = &im.rgba[static_cast<std::size_t>((sy * im.widthPx + sx) * 4)];
            std::uint8_t* d = &dst.rgba[static_cast<std::size_t>((dy * dst.widthPx + dx) * 4)];
            for (int c = 0; c < 3; ++c) d[c] = static_cast<std::uint8_t>((s[c] * s[3] + d[c] * (255 - s[3])) / 255);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: icongen PROJECT_DIR OUT.png\n");
        return 2;
    }
    const std::string project = argv[1];
    assets::Image icon{ICON_SIDE_PX, ICON_SIDE_PX, std::vector<std::uint8_t>(ICON_SIDE_PX * ICON_SIDE_PX * 4, 0)};
    // A rounded square of the stage's night sky, a floor line below the fighters.
    constexpr std::int32_t RADIUS = 40;
    for (std::int32_t y = 0; y < ICON_SIDE_PX; ++y) {
        for (std::int32_t x = 0; x < ICON_SIDE_PX; ++x) {
            const std::int32_t cx = std::clamp(x, RADIUS, ICON_SIDE_PX - 1 - RADIUS) - x;
            const std::int32_t cy = std::clamp(y, RADIUS, ICON_SIDE_PX - 1 - RADIUS) - y;
            if (cx * cx + cy * cy > RADIUS * RADIUS) continue;
            std::uint8_t* d = &icon.rgba[static_cast<std::size_t>((y * ICON_SIDE_PX + x) * 4)];
            const bool floor = y >= ICON_SIDE_PX - 44;
            d[0] = floor ? 58 : static_cast<std::uint8_t>(24 + y / 16);
            d[1] = floor ? 44 : static_cast<std::uint8_t>(20 + y / 12);
            d[2] = floor ? 60 : static_cast<std::uint8_t>(52 + y / 8);
            d[3] = 255;
        }
    }
    const char* FIGHTERS[] = {"brick", "kestrel"};
    assets::Image art[2];
    Box box[2];
    for (int i = 0; i < 2; ++i) {
        const std::string path = project + "/assets/" + FIGHTERS[i] + "/idle_00.png";
        auto loaded = assets::LoadPng(path);
        if (!loaded.Ok()) return std::fprintf(stderr, "%s\n", loaded.GetError().ToLine().c_str()), 1;
        art[i] = std::move(loaded).Value();
        box[i] = OpaqueBox(art[i]);
        if (box[i].x1 <= box[i].x0) return std::fprintf(stderr, "error: %s: nothing is drawn\n", path.c_str()), 1;
    }
    // One whole-pixel scale for both, the largest that fits them side by side.
    const std::int32_t widths = (box[0].x1 - box[0].x0) + (box[1].x1 - box[1].x0);
    const std::int32_t tallest = std::max(box[0].y1 - box[0].y0, box[1].y1 - box[1].y0);
    const std::int32_t scale =
        std::max(1, std::min((ICON_SIDE_PX - 2 * MARGIN_PX) / widths, (ICON_SIDE_PX - 2 * MARGIN_PX - 24) / tallest));
    const std::int32_t used = widths * scale;
    const std::int32_t left = (ICON_SIDE_PX - used) / 2, bottom = ICON_SIDE_PX - 30;
    Blit(icon, art[0], box[0], scale, left, bottom, false);                                   // Brick faces right
    Blit(icon, art[1], box[1], scale, left + (box[0].x1 - box[0].x0) * scale, bottom, true);  // Kestrel faces him
    if (auto error = assets::SavePng(argv[2], icon)) return std::fprintf(stderr, "%s\n", error->ToLine().c_str()), 1;
    return 0;
}
