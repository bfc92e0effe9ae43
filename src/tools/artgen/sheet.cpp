// sheet: contact-sheet layout and a 3x5 pixel font for its labels. Only for people looking at the
// art; nothing in the game reads it.
#include "tools/artgen/sheet.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <string_view>

namespace artgen {

namespace {

constexpr std::int32_t LABEL_W = 112;
constexpr std::int32_t GAP = 4;
constexpr std::int32_t TEXT_H = 12;
constexpr std::int32_t HEADER_H = 22;

struct Glyph {
    char c;
    std::array<const char*, 5> rows;
};

// Lowercase is drawn as uppercase: the sheet only labels animation names and numbers.
constexpr std::array<Glyph, 43> FONT = {{
    {'a', {".#.", "#.#", "###", "#.#", "#.#"}}, {'b', {"##.", "#.#", "##.", "#.#", "##."}},
    {'c', {".##", "#..", "#..", "#..", ".##"}}, {'d', {"##.", "#.#", "#.#", "#.#", "##."}},
    {'e', {"###", "#..", "##.", "#..", "###"}}, {'f', {"###", "#..", "##.", "#..", "#.."}},
    {'g', {".##", "#..", "#.#", "#.#", ".##"}}, {'h', {"#.#", "#.#", "###", "#.#", "#.#"}},
    {'i', {"###", ".#.", ".#.", ".#.", "###"}}, {'j', {"..#", "..#", "..#", "#.#", ".#."}},
    {'k', {"#.#", "#.#", "##.", "#.#", "#.#"}}, {'l', {"#..", "#..", "#..", "#..", "###"}},
    {'m', {"#.#", "###", "###", "#.#", "#.#"}}, {'n', {"##.", "#.#", "#.#", "#.#", "#.#"}},
    {'o', {".#.", "#.#", "#.#", "#.#", ".#."}}, {'p', {"##.", "#.#", "##.", "#..", "#.."}},
    {'q', {".#.", "#.#", "#.#", "##.", ".##"}}, {'r', {"##.", "#.#", "##.", "#.#", "#.#"}},
    {'s', {".##", "#..", ".#.", "..#", "##."}}, {'t', {"###", ".#.", ".#.", ".#.", ".#."}},
    {'u', {"#.#", "#.#", "#.#", "#.#", "###"}}, {'v', {"#.#", "#.#", "#.#", "#.#", ".#."}},
    {'w', {"#.#", "#.#", "###", "###", "#.#"}}, {'x', {"#.#", "#.#", ".#.", "#.#", "#.#"}},
    {'y', {"#.#", "#.#", ".#.", ".#.", ".#."}}, {'z', {"###", "..#", ".#.", "#..", "###"}},
    {'0', {"###", "#.#", "#.#", "#.#", "###"}}, {'1', {".#.", "##.", ".#.", ".#.", "###"}},
    {'2', {"##.", "..#", ".#.", "#..", "###"}}, {'3', {"##.", "..#", ".#.", "..#", "##."}},
    {'4', {"#.#", "#.#", "###", "..#", "..#"}}, {'5', {"###", "#..", "##.", "..#", "##."}},
    {'6', {".##", "#..", "###", "#.#", "###"}}, {'7', {"###", "..#", ".#.", ".#.", ".#."}},
    {'8', {"###", "#.#", "###", "#.#", "###"}}, {'9', {"###", "#.#", "###", "..#", "##."}},
    {'_', {"...", "...", "...", "...", "###"}}, {'-', {"...", "...", "###", "...", "..."}},
    {':', {"...", ".#.", "...", ".#.", "..."}}, {'/', {"..#", "..#", ".#.", "#..", "#.."}},
    {'*', {"...", "#.#", ".#.", "#.#", "..."}}, {'.', {"...", "...", "...", "...", ".#."}},
    {' ', {"...", "...", "...", "...", "..."}},
}};

struct Rgba {
    std::uint8_t r, g, b;
};

class Sheet {
public:
    Sheet(std::int32_t w, std::int32_t h) : w_(w), h_(h), px_(static_cast<std::size_t>(w * h), Rgba{30, 33, 38}) {}
    void Set(std::int32_t x, std::int32_t y, Rgba c) {
        if (x >= 0 && y >= 0 && x < w_ && y < h_) px_[static_cast<std::size_t>(y * w_ + x)] = c;
    }
    [[nodiscard]] Rgba Get(std::int32_t x, std::int32_t y) const { return px_[static_cast<std::size_t>(y * w_ + x)]; }
    void Fill(std::int32_t x, std::int32_t y, std::int32_t w, std::int32_t h, Rgba c) {
        for (std::int32_t j = 0; j < h; ++j) {
            for (std::int32_t i = 0; i < w; ++i) Set(x + i, y + j, c);
        }
    }
    void Text(std::int32_t x, std::int32_t y, std::string_view text, std::int32_t size, Rgba c) {
        for (const char ch : text) {
            const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            const auto it = std::find_if(FONT.begin(), FONT.end(), [&](const Glyph& g) { return g.c == lower; });
            if (it != FONT.end()) {
                for (std::int32_t row = 0; row < 5; ++row) {
                    for (std::int32_t col = 0; col < 3; ++col) {
                        if (it->rows[static_cast<std::size_t>(row)][col] == '#')
                            Fill(x + col * size, y + row * size, size, size, c);
                    }
                }
            }
            x += 4 * size;
        }
    }
    [[nodiscard]] assets::Image ToImage(std::int32_t scale) const {
        assets::Image img;
        img.widthPx = w_ * scale;
        img.heightPx = h_ * scale;
        img.rgba.resize(static_cast<std::size_t>(img.widthPx * img.heightPx) * 4);
        for (std::int32_t y = 0; y < img.heightPx; ++y) {
            for (std::int32_t x = 0; x < img.widthPx; ++x) {
                const Rgba c = Get(x / scale, y / scale);
                const auto i = static_cast<std::size_t>(y * img.widthPx + x) * 4;
                img.rgba[i] = c.r;
                img.rgba[i + 1] = c.g;
                img.rgba[i + 2] = c.b;
                img.rgba[i + 3] = 255;
            }
        }
        return img;
    }

private:
    std::int32_t w_;
    std::int32_t h_;
    std::vector<Rgba> px_;
};

std::uint8_t Mix(std::uint8_t a, std::uint8_t b, std::int32_t bWeight256) {
    return static_cast<std::uint8_t>((a * (256 - bWeight256) + b * bWeight256) / 256);
}
Rgba Mix(Rgba a, Rgba b, std::int32_t bWeight256) {
    return {Mix(a.r, b.r, bWeight256), Mix(a.g, b.g, bWeight256), Mix(a.b, b.b, bWeight256)};
}

struct Cell {
    std::int32_t w = 0;
    std::int32_t h = 0;
    std::int32_t columns = 0;
};

Cell CellOf(const FighterArt& f) {
    Cell c;
    for (const AnimArt& a : f.animations) {
        c.columns = std::max(c.columns, static_cast<std::int32_t>(a.frames.size()));
        for (const FrameArt& fr : a.frames) {
            c.w = std::max(c.w, fr.sprite.widthPx);
            c.h = std::max(c.h, fr.sprite.heightPx);
        }
    }
    return c;
}

void DrawFrame(Sheet& sheet, std::int32_t x0, std::int32_t y0, const Cell& cell, const AnimArt& anim,
               const FrameArt& frame, bool tint) {
    const Rgba back{58, 64, 72};
    const Rgba floor{84, 92, 104};
    sheet.Fill(x0, y0, cell.w, cell.h, back);
    // Body frames fill the cell; a projectile's small canvas sits centred in it.
    const std::int32_t ox = x0 + (cell.w - frame.sprite.widthPx) / 2;
    const std::int32_t oy = y0 + (cell.h - frame.sprite.heightPx) / 2;
    if (frame.sprite.widthPx == cell.w) sheet.Fill(x0, oy + anim.anchor[1] + 1, cell.w, 1, floor);
    for (std::int32_t y = 0; y < frame.sprite.heightPx; ++y) {
        for (std::int32_t x = 0; x < frame.sprite.widthPx; ++x) {
            const auto i = static_cast<std::size_t>(y * frame.sprite.widthPx + x) * 4;
            const std::uint8_t* s = &frame.sprite.rgba[i];
            const std::uint8_t* h = &frame.hotmap.rgba[i];
            Rgba c = sheet.Get(ox + x, oy + y);
            c = Mix(c, Rgba{s[0], s[1], s[2]}, s[3]);
            if (tint) {
                const bool air = h[0] == 0xFF && h[1] == 0x00 && h[2] == 0xFF;
                const bool attack = h[0] == 0xFF && h[1] == 0x00 && h[2] == 0x00;
                if (attack)
                    c = Mix(c, Rgba{255, 0, 0}, 150);
                else if (!air)
                    c = Mix(c, Rgba{40, 90, 255}, 56);
            }
            sheet.Set(ox + x, oy + y, c);
        }
    }
}

bool HasAttack(const FrameArt& frame) {
    for (std::size_t i = 0; i < frame.hotmap.rgba.size(); i += 4) {
        if (frame.hotmap.rgba[i] == 0xFF && frame.hotmap.rgba[i + 1] == 0 && frame.hotmap.rgba[i + 2] == 0) return true;
    }
    return false;
}

}  // namespace

assets::Image ContactSheet(std::span<const FighterArt> fighters, SheetStyle style) {
    std::vector<Cell> cells;
    std::int32_t width = GAP;
    std::int32_t height = 0;
    for (const FighterArt& f : fighters) {
        const Cell c = CellOf(f);
        cells.push_back(c);
        width += LABEL_W + c.columns * (c.w + GAP) + GAP * 4;
        height = std::max(height, HEADER_H + static_cast<std::int32_t>(f.animations.size()) * (c.h + TEXT_H + GAP));
    }
    Sheet sheet(width, height + GAP);
    const Rgba text{224, 226, 230};
    const Rgba dim{150, 156, 166};
    std::int32_t x0 = GAP;
    for (std::size_t fi = 0; fi < fighters.size(); ++fi) {
        const FighterArt& f = fighters[fi];
        const Cell& cell = cells[fi];
        sheet.Text(x0, 4, f.manifest.name, 3, text);
        std::int32_t y = HEADER_H;
        for (const AnimArt& anim : f.animations) {
            sheet.Text(x0, y + cell.h / 2 - 5, anim.name, 2, text);
            sheet.Text(x0, y + cell.h / 2 + 8, anim.loop ? "loop" : "once", 1, dim);
            for (std::size_t i = 0; i < anim.frames.size(); ++i) {
                const std::int32_t cx = x0 + LABEL_W + static_cast<std::int32_t>(i) * (cell.w + GAP);
                DrawFrame(sheet, cx, y, cell, anim, anim.frames[i], style.tint);
                const std::string label = std::to_string(i) + ": " + std::to_string(anim.frames[i].ticks) + "t";
                sheet.Text(cx + 2, y + cell.h + 3, label, 1, dim);
                if (HasAttack(anim.frames[i])) sheet.Fill(cx + 40, y + cell.h + 4, cell.w - 44, 3, Rgba{230, 40, 40});
            }
            y += cell.h + TEXT_H + GAP;
        }
        x0 += LABEL_W + cell.columns * (cell.w + GAP) + GAP * 4;
    }
    return sheet.ToImage(std::clamp(style.scale, 1, 8));
}

}  // namespace artgen
