// Drawing for the hotmap tool's pictures. Why not SDL_Renderer: the tool has no window and must
// give the same bytes on every machine; a few loops over RGBA bytes do.
#include "tools/hotmap/raster.h"

#include <algorithm>
#include <cctype>

namespace hotmap {

namespace {

// 5x7 glyphs, one string of 7 rows of 5 columns each ('#' set).
struct Glyph {
    char ch;
    const char* rows;
};
constexpr Glyph FONT[] = {
    {'A', ".###.#...##...#######...##...##...#"}, {'B', "####.#...#####.#...##...##...#####."},
    {'C', ".###.#...##....#....#....#...#.###."}, {'D', "####.#...##...##...##...##...#####."},
    {'E', "######....####.#....#....#....#####"}, {'F', "######....####.#....#....#....#...."},
    {'G', ".###.#...##....#.####...##...#.####"}, {'H', "#...##...#######...##...##...##...#"},
    {'I', ".###...#....#....#....#....#...###."}, {'J', "..###...#....#....#....##..#.##..."},
    {'K', "#...##..#.#.#..##...#.#..#..#.#...#"}, {'L', "#....#....#....#....#....#....#####"},
    {'M', "#...###.###.#.##...##...##...##...#"}, {'N', "#...###..##.#.##..###...##...##...#"},
    {'O', ".###.#...##...##...##...##...#.###."}, {'P', "####.#...##...#####.#....#....#...."},
    {'Q', ".###.#...##...##...##.#.##..#..##.#"}, {'R', "####.#...##...#####.#.#..#..#.#...#"},
    {'S', ".####.....#.....###.....#....#####."}, {'T', "#####..#....#....#....#....#....#.."},
    {'U', "#...##...##...##...##...##...#.###."}, {'V', "#...##...##...##...##...#.#.#...#.."},
    {'W', "#...##...##...##.#.##.#.##.#.#.#.#."}, {'X', "#...##...#.#.#...#...#.#.#...##...#"},
    {'Y', "#...##...#.#.#...#....#....#....#.."}, {'Z', "#####....#...#...#...#...#....#####"},
    {'0', ".###.#...##..###.#.###..##...#.###."}, {'1', "..#...##....#....#....#....#...###."},
    {'2', ".###.#...#....#...#...#...#....#####"}, {'3', "#####...#...#.....#....##...#.###."},
    {'4', "...#...##..#.#.#..#.#####...#....#."}, {'5', "#####....####.....#....##...#.###."},
    {'6', "..##..#...#....####.#...##...#.###."}, {'7', "#####....#...#...#...#....#....#..."},
    {'8', ".###.#...##...#.###.#...##...#.###."}, {'9', ".###.#...##...#.####....#...#..##.."},
    {'_', "..............................#####"}, {'-', "...............###................."},
    {'.', "..............................##..."}, {':', ".....##...##.........##...##......."},
    {'/', "....#....#...#...#...#....#........"}, {'[', "..###..#....#....#....#....#....###"},
    {']', "###....#....#....#....#....#..###.."}, {'(', "...#...#...#....#....#.....#.....#."},
    {')', ".#.....#.....#....#....#...#...#..."}, {'#', ".#.#.#####.#.#..#.#.#####.#.#......"},
    {',', ".........................##...#...#."}, {'+', ".......#....#..#####..#....#......."},
    {' ', "..................................."},
};

const char* GlyphRows(char ch) {
    const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    for (const Glyph& g : FONT) {
        if (g.ch == up) return g.rows;
    }
    return FONT[sizeof(FONT) / sizeof(FONT[0]) - 1].rows;  // unknown: a space
}

}  // namespace

assets::Image MakeCanvas(std::int32_t widthPx, std::int32_t heightPx, Rgba fill) {
    assets::Image img;
    img.widthPx = widthPx;
    img.heightPx = heightPx;
    img.rgba.resize(static_cast<std::size_t>(widthPx) * heightPx * 4);
    for (std::size_t i = 0; i < img.rgba.size(); i += 4) {
        img.rgba[i] = fill.r, img.rgba[i + 1] = fill.g, img.rgba[i + 2] = fill.b, img.rgba[i + 3] = fill.a;
    }
    return img;
}

void BlendPixel(assets::Image& canvas, std::int32_t x, std::int32_t y, Rgba c) {
    if (x < 0 || y < 0 || x >= canvas.widthPx || y >= canvas.heightPx || c.a == 0) return;
    std::uint8_t* p = canvas.rgba.data() + (static_cast<std::size_t>(y) * canvas.widthPx + x) * 4;
    const int a = c.a, inv = 255 - c.a;
    p[0] = static_cast<std::uint8_t>((c.r * a + p[0] * inv + 127) / 255);
    p[1] = static_cast<std::uint8_t>((c.g * a + p[1] * inv + 127) / 255);
    p[2] = static_cast<std::uint8_t>((c.b * a + p[2] * inv + 127) / 255);
    p[3] = static_cast<std::uint8_t>(std::min(255, p[3] + a * (255 - p[3]) / 255));
}

void FillRect(assets::Image& canvas, std::int32_t x, std::int32_t y, std::int32_t w, std::int32_t h, Rgba c) {
    for (std::int32_t yy = y; yy < y + h; ++yy)
        for (std::int32_t xx = x; xx < x + w; ++xx) BlendPixel(canvas, xx, yy, c);
}

void DrawImage(assets::Image& canvas, const assets::Image& src, std::int32_t x, std::int32_t y, std::int32_t scale) {
    for (std::int32_t sy = 0; sy < src.heightPx; ++sy) {
        for (std::int32_t sx = 0; sx < src.widthPx; ++sx) {
            const std::uint8_t* p = src.rgba.data() + (static_cast<std::size_t>(sy) * src.widthPx + sx) * 4;
            FillRect(canvas, x + sx * scale, y + sy * scale, scale, scale, Rgba{p[0], p[1], p[2], p[3]});
        }
    }
}

std::int32_t TextWidth(const std::string& text, std::int32_t scale) {
    return static_cast<std::int32_t>(text.size()) * 6 * scale;
}

std::int32_t DrawText(assets::Image& canvas, std::int32_t x, std::int32_t y, const std::string& text, Rgba c, std::int32_t scale) {
    std::int32_t cx = x;
    for (const char ch : text) {
        const char* rows = GlyphRows(ch);
        for (int gy = 0; gy < 7; ++gy)
            for (int gx = 0; gx < 5; ++gx)
                if (rows[gy * 5 + gx] == '#') FillRect(canvas, cx + gx * scale, y + gy * scale, scale, scale, c);
        cx += 6 * scale;
    }
    return cx - x;
}

assets::Image ComposePreview(const assets::Image& sprite, const collide::HotMasks& masks, std::int32_t scale) {
    assets::Image out = MakeCanvas(sprite.widthPx * scale, sprite.heightPx * scale, Rgba{0, 0, 0, 255});
    // A checkerboard of 4-sprite-pixel squares shows what is transparent.
    for (std::int32_t y = 0; y < sprite.heightPx; ++y)
        for (std::int32_t x = 0; x < sprite.widthPx; ++x) {
            const bool dark = ((x / 4) + (y / 4)) % 2 == 0;
            FillRect(out, x * scale, y * scale, scale, scale, dark ? Rgba{60, 60, 68, 255} : Rgba{82, 82, 92, 255});
        }
    DrawImage(out, sprite, 0, 0, scale);
    for (std::int32_t y = 0; y < sprite.heightPx; ++y)
        for (std::int32_t x = 0; x < sprite.widthPx; ++x) {
            if (masks.attack.Get(x, y)) FillRect(out, x * scale, y * scale, scale, scale, ATTACK_TINT);
            else if (masks.hurt.Get(x, y)) FillRect(out, x * scale, y * scale, scale, scale, HURT_TINT);
        }
    return out;
}

}  // namespace hotmap
