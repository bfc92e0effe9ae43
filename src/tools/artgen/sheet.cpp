// sheet: contact-sheet layout and a 3x5 pixel font for its labels. Only for people looking at the
// art; nothing in the game reads it.
#include "tools/artgen/sheet.h"

#include "tools/artgen/body.h"

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
    [[nodiscard]] std::int32_t Width() const { return w_; }
    [[nodiscard]] std::int32_t Height() const { return h_; }
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

bool Selected(const AnimArt& anim, const SheetStyle& style) {
    return style.animations.empty() ||
           std::find(style.animations.begin(), style.animations.end(), anim.name) != style.animations.end();
}

// A fighter's columns: as wide as its widest frame, so frame i of every row lines up.
Cell CellOf(const FighterArt& f, const SheetStyle& style) {
    Cell c;
    for (const AnimArt& a : f.animations) {
        if (!Selected(a, style)) continue;
        c.columns = std::max(c.columns, static_cast<std::int32_t>(a.frames.size()));
        for (const FrameArt& fr : a.frames) {
            c.w = std::max(c.w, fr.sprite.widthPx);
            c.h = std::max(c.h, fr.sprite.heightPx);
        }
    }
    return c;
}

// A row is as tall as its animation's tallest frame (a rising special gets a tall row, a
// projectile a short one), never shorter than its label.
std::int32_t RowHeight(const AnimArt& anim) {
    constexpr std::int32_t MIN_ROW_H = 40;
    std::int32_t h = MIN_ROW_H;
    for (const FrameArt& fr : anim.frames) h = std::max(h, fr.sprite.heightPx);
    return h;
}

// A body frame stands on its anchor, near its bottom; a projectile's anchor is its centre.
bool StandsOnAnchor(const AnimArt& anim, const FrameArt& frame) {
    return anim.anchor[1] * 4 >= frame.sprite.heightPx * 3;
}

// Alpha-blends an image into the sheet with its pixel (ax, ay) at sheet (x, y), mirrored about that
// column when `mirror`; with `tint`, the hotmap's attack red and hurt blue over it.
void Blit(Sheet& sheet, const FrameArt& frame, std::int32_t ax, std::int32_t ay, std::int32_t x, std::int32_t y,
          bool mirror, bool tint) {
    for (std::int32_t py = 0; py < frame.sprite.heightPx; ++py) {
        for (std::int32_t px = 0; px < frame.sprite.widthPx; ++px) {
            const auto i = static_cast<std::size_t>(py * frame.sprite.widthPx + px) * 4;
            const std::uint8_t* s = &frame.sprite.rgba[i];
            const std::uint8_t* h = &frame.hotmap.rgba[i];
            const std::int32_t sx = x + (mirror ? ax - px : px - ax);
            const std::int32_t sy = y + py - ay;
            const bool air = h[0] == 0xFF && h[1] == 0x00 && h[2] == 0xFF;
            if ((s[3] == 0 && (!tint || air)) || sx < 0 || sy < 0 || sx >= sheet.Width() || sy >= sheet.Height())
                continue;
            Rgba c = sheet.Get(sx, sy);
            c = Mix(c, Rgba{s[0], s[1], s[2]}, s[3]);
            if (tint) {
                const bool attack = h[0] == 0xFF && h[1] == 0x00 && h[2] == 0x00;
                if (attack)
                    c = Mix(c, Rgba{255, 0, 0}, 150);
                else if (!air)
                    c = Mix(c, Rgba{40, 90, 255}, 56);
            }
            sheet.Set(sx, sy, c);
        }
    }
}

constexpr Rgba CELL_BACK{58, 64, 72};
constexpr Rgba FLOOR{84, 92, 104};
constexpr Rgba TEXT{224, 226, 230};
constexpr Rgba DIM{150, 156, 166};

void DrawFrame(Sheet& sheet, std::int32_t x0, std::int32_t y0, std::int32_t cellW, std::int32_t rowH,
               const AnimArt& anim, const FrameArt& frame, bool tint) {
    sheet.Fill(x0, y0, cellW, rowH, CELL_BACK);
    // Frames sit centred across the cell, body frames on the row's floor, projectiles centred.
    const std::int32_t ox = x0 + (cellW - frame.sprite.widthPx) / 2;
    const std::int32_t oy =
        StandsOnAnchor(anim, frame) ? y0 + rowH - frame.sprite.heightPx : y0 + (rowH - frame.sprite.heightPx) / 2;
    if (StandsOnAnchor(anim, frame)) sheet.Fill(x0, oy + anim.anchor[1] + 1, cellW, 1, FLOOR);
    Blit(sheet, frame, 0, 0, ox, oy, false, tint);
}

bool HasAttack(const FrameArt& frame) {
    for (std::size_t i = 0; i < frame.hotmap.rgba.size(); i += 4) {
        if (frame.hotmap.rgba[i] == 0xFF && frame.hotmap.rgba[i + 1] == 0 && frame.hotmap.rgba[i + 2] == 0) return true;
    }
    return false;
}

const AnimArt* FindAnim(const FighterArt& f, std::string_view name) {
    for (const AnimArt& a : f.animations) {
        if (a.name == name) return &a;
    }
    return nullptr;
}

}  // namespace

assets::Image ContactSheet(std::span<const FighterArt> fighters, const SheetStyle& style) {
    std::vector<Cell> cells;
    std::int32_t width = GAP;
    std::int32_t height = 0;
    for (const FighterArt& f : fighters) {
        const Cell c = CellOf(f, style);
        cells.push_back(c);
        width += LABEL_W + c.columns * (c.w + GAP) + GAP * 4;
        std::int32_t h = HEADER_H;
        for (const AnimArt& a : f.animations) {
            if (Selected(a, style)) h += RowHeight(a) + TEXT_H + GAP;
        }
        height = std::max(height, h);
    }
    Sheet sheet(width, height + GAP);
    std::int32_t x0 = GAP;
    for (std::size_t fi = 0; fi < fighters.size(); ++fi) {
        const FighterArt& f = fighters[fi];
        const Cell& cell = cells[fi];
        sheet.Text(x0, 4, f.manifest.name, 3, TEXT);
        std::int32_t y = HEADER_H;
        for (const AnimArt& anim : f.animations) {
            if (!Selected(anim, style)) continue;
            const std::int32_t rowH = RowHeight(anim);
            sheet.Text(x0, y + rowH / 2 - 5, anim.name, 2, TEXT);
            sheet.Text(x0, y + rowH / 2 + 8, anim.loop ? "loop" : "once", 1, DIM);
            for (std::size_t i = 0; i < anim.frames.size(); ++i) {
                const std::int32_t cx = x0 + LABEL_W + static_cast<std::int32_t>(i) * (cell.w + GAP);
                DrawFrame(sheet, cx, y, cell.w, rowH, anim, anim.frames[i], style.tint);
                const std::string label = std::to_string(i) + ": " + std::to_string(anim.frames[i].ticks) + "t";
                sheet.Text(cx + 2, y + rowH + 3, label, 1, DIM);
                if (HasAttack(anim.frames[i])) sheet.Fill(cx + 40, y + rowH + 4, cell.w - 44, 3, Rgba{230, 40, 40});
            }
            y += rowH + TEXT_H + GAP;
        }
        x0 += LABEL_W + cell.columns * (cell.w + GAP) + GAP * 4;
    }
    return sheet.ToImage(std::clamp(style.scale, 1, 8));
}

assets::Image ThrowSheet(std::span<const FighterArt> fighters, const SheetStyle& style) {
    struct Pair {
        const AnimArt* toss;
        const AnimArt* grab;
        const AnimArt* thrown;
        const AnimArt* idle;
        std::string label;
    };
    std::vector<Pair> pairs;
    for (const FighterArt& thrower : fighters) {
        const AnimArt* toss = FindAnim(thrower, "throw_toss");
        const AnimArt* grab = FindAnim(thrower, "throw");
        if (toss == nullptr || grab == nullptr || toss->victimOffsets.size() != 4 || grab->frames.size() < 2) continue;
        for (const FighterArt& victim : fighters) {
            const AnimArt* thrown = FindAnim(victim, "thrown");
            const AnimArt* idle = FindAnim(victim, "idle");
            if (thrown == nullptr || idle == nullptr || thrown->frames.size() < 6) continue;
            pairs.push_back({toss, grab, thrown, idle, thrower.manifest.name + " throws " + victim.manifest.name});
        }
    }
    if (pairs.empty()) return {};
    // One panel size for every pair: the union of every placed image's box, thrower's anchor at 0.
    std::array<std::int32_t, 4> box = {0, 0, 0, 0};  // minX, minY, maxX, maxY, world px
    auto grow = [&](const AnimArt& anim, std::size_t frame, std::array<std::int32_t, 2> at, bool mirror) {
        const FrameArt& f = anim.frames[frame];
        const std::int32_t left = mirror ? at[0] - (f.sprite.widthPx - 1 - anim.anchor[0]) : at[0] - anim.anchor[0];
        box = {std::min(box[0], left), std::min(box[1], at[1] - anim.anchor[1]),
               std::max(box[2], left + f.sprite.widthPx), std::max(box[3], at[1] - anim.anchor[1] + f.sprite.heightPx)};
    };
    auto landing = [](const AnimArt& toss) {
        return std::array<std::int32_t, 2>{toss.victimOffsets[3][0] + THROWN_LANDING_DX_PX, 0};
    };
    for (const Pair& p : pairs) {
        for (std::size_t i = 0; i < 4; ++i) {
            grow(*p.toss, i, {0, 0}, false);
            grow(*p.thrown, i, p.toss->victimOffsets[i], true);
        }
        grow(*p.thrown, 4, landing(*p.toss), true);
        grow(*p.thrown, 5, landing(*p.toss), true);
        grow(*p.grab, 1, {0, 0}, false);
        grow(*p.idle, 0, {p.toss->victimOffsets[0][0], 0}, true);
    }
    const std::int32_t panelW = box[2] - box[0];
    const std::int32_t panelH = box[3] - box[1];
    constexpr std::int32_t PANELS = 7;
    Sheet sheet(GAP + PANELS * (panelW + GAP),
                GAP + static_cast<std::int32_t>(pairs.size()) * (panelH + TEXT_H * 2 + GAP));
    std::int32_t y = GAP;
    for (const Pair& p : pairs) {
        sheet.Text(GAP, y, p.label, 2, TEXT);
        y += TEXT_H + 2;
        for (std::int32_t k = 0; k < PANELS; ++k) {
            const std::int32_t x = GAP + k * (panelW + GAP);
            sheet.Fill(x, y, panelW, panelH, CELL_BACK);
            // The thrower's anchor in this panel, in sheet px.
            const std::int32_t ax = x - box[0];
            const std::int32_t ay = y - box[1];
            sheet.Fill(x, ay + 1, panelW, 1, FLOOR);
            auto place = [&](const AnimArt& anim, std::size_t frame, std::array<std::int32_t, 2> at, bool mirror) {
                Blit(sheet, anim.frames[frame], anim.anchor[0], anim.anchor[1], ax + at[0], ay + at[1], mirror,
                     style.tint);
            };
            std::string label;
            if (k < 4) {
                const auto i = static_cast<std::size_t>(k);
                place(*p.thrown, i, p.toss->victimOffsets[i], true);
                place(*p.toss, i, {0, 0}, false);
                label = "toss " + std::to_string(k) + " thrown " + std::to_string(k);
            } else if (k < 6) {
                place(*p.thrown, static_cast<std::size_t>(k), landing(*p.toss), true);
                place(*p.toss, 3, {0, 0}, false);
                label = "thrown " + std::to_string(k);
            } else {
                place(*p.idle, 0, {p.toss->victimOffsets[0][0], 0}, true);
                place(*p.grab, 1, {0, 0}, false);
                label = "throw 1 idle 0";
            }
            // The two anchors: the thrower's yellow, the victim's cyan.
            const std::array<std::int32_t, 2> at = k < 4 ? p.toss->victimOffsets[static_cast<std::size_t>(k)]
                                                   : k < 6
                                                       ? landing(*p.toss)
                                                       : std::array<std::int32_t, 2>{p.toss->victimOffsets[0][0], 0};
            for (std::int32_t d = -3; d <= 3; ++d) {
                sheet.Set(ax + d, ay, Rgba{250, 220, 40});
                sheet.Set(ax, ay + d, Rgba{250, 220, 40});
                sheet.Set(ax + at[0] + d, ay + at[1], Rgba{40, 220, 250});
                sheet.Set(ax + at[0], ay + at[1] + d, Rgba{40, 220, 250});
            }
            sheet.Text(x + 2, y + panelH + 3, label, 1, DIM);
        }
        y += panelH + TEXT_H + GAP;
    }
    return sheet.ToImage(std::clamp(style.scale, 1, 8));
}

}  // namespace artgen
