// The art set the import tests draw for themselves, and `import_art` writes for the walk-through in
// docs/authoring.md: art "from another game" in the two shapes artists bring. A folder of separate
// shaded 64x80 frames (hundreds of colours, a 2-frame idle); and a 128x128-cell grid sheet unpacked
// from an atlas: shaded, with a baked translucent shadow (black, alpha 128-132), empty cells, a
// projectile, and the atlas's per-frame offsets in offsets.csv. Test-only; deterministic: the same
// bytes on every run.
#pragma once

#include "png_writer.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace importart {

struct Rgba8 {
    std::uint8_t r = 0, g = 0, b = 0, a = 0;
};

/// An RGBA8 picture, transparent to start with.
struct Canvas {
    int w = 0, h = 0;
    std::vector<std::uint8_t> px;
    Canvas(int width, int height) : w(width), h(height), px(static_cast<std::size_t>(width) * height * 4, 0) {}
    void Set(int x, int y, Rgba8 c) {
        if (x < 0 || y < 0 || x >= w || y >= h) return;
        std::uint8_t* p = px.data() + (static_cast<std::size_t>(y) * w + x) * 4;
        p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = c.a;
    }
    [[nodiscard]] std::uint8_t AlphaAt(int x, int y) const { return px[(static_cast<std::size_t>(y) * w + x) * 4 + 3]; }
    void Save(const std::filesystem::path& path) const {
        testpng::WriteFile(path.string(),
                           testpng::EncodeRgba(static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(h), px));
    }
};

struct Box {
    int x0, y0, x1, y1;  ///< inclusive
};

enum class Pose { Idle0, Idle1, Walk0, Walk1, Walk2, Walk3, Punch0, Punch1, Punch2, Kick0, Kick1, Kick2 };

inline std::uint8_t Clamp8(int v) {
    return static_cast<std::uint8_t>(std::clamp(v, 0, 255));
}

// A shaded box: the base colour lit from the top left, a level or two per pixel, so that a body
// part has as many colours as pixels (art "with hundreds of colours").
inline void Shade(Canvas& c, Box b, Rgba8 base) {
    for (int y = b.y0; y <= b.y1; ++y)
        for (int x = b.x0; x <= b.x1; ++x) {
            const int light = 3 * (b.x1 - x) + 2 * (b.y1 - y) - (b.x1 - b.x0) - (b.y1 - b.y0);
            c.Set(x, y, {Clamp8(base.r + light), Clamp8(base.g + light / 2), Clamp8(base.b + light / 3), 255});
        }
}

/// The fist's box in `pose`, from the feet (fx, fy): where an author paints attack (FF0000).
inline Box FistOf(Pose pose, int fx, int fy) {
    if (pose == Pose::Punch1) return {fx + 25, fy - 50, fx + 30, fy - 42};
    if (pose == Pose::Punch0 || pose == Pose::Punch2) return {fx + 17, fy - 50, fx + 21, fy - 42};
    return {fx + 9, fy - 34, fx + 12, fy - 31};
}
/// The kicking foot's box in `pose`.
inline Box FootOf(Pose pose, int fx, int fy) {
    if (pose == Pose::Kick1) return {fx + 27, fy - 32, fx + 30, fy - 25};
    return {fx + 2, fy - 3, fx + 7, fy};
}

/// The hero in `pose`, its feet's centre at (fx, fy) (fy the lowest row drawn): 69 px tall, 25
/// wide standing, opaque and shaded.
inline void DrawHero(Canvas& c, Pose pose, int fx, int fy) {
    const Rgba8 skin{226, 176, 134, 255}, shirt{58, 108, 196, 255}, pants{84, 70, 58, 255}, glove{178, 62, 44, 255},
        boot{40, 36, 40, 255};
    const int bob = pose == Pose::Idle1 || pose == Pose::Walk3 ? 1 : 0;  // the upper body breathes
    int back = 0, front = 0;                                             // the legs' stride
    if (pose == Pose::Walk0) back = -3, front = 3;
    if (pose == Pose::Walk2) back = 3, front = -3;
    Shade(c, {fx - 7 + back, fy - 25, fx - 2 + back, fy - 3}, pants);
    Shade(c, {fx - 8 + back, fy - 2, fx - 2 + back, fy}, boot);
    if (pose == Pose::Kick1) {
        Shade(c, {fx + 2, fy - 30, fx + 26, fy - 25}, pants);
        Shade(c, FootOf(pose, fx, fy), boot);
    } else if (pose == Pose::Kick0 || pose == Pose::Kick2) {
        Shade(c, {fx + 2, fy - 25, fx + 14, fy - 15}, pants);
        Shade(c, {fx + 12, fy - 14, fx + 16, fy - 10}, boot);
    } else {
        Shade(c, {fx + 2 + front, fy - 25, fx + 7 + front, fy - 3}, pants);
        Shade(c, {fx + 2 + front, fy - 2, fx + 8 + front, fy}, boot);
    }
    Shade(c, {fx - 8, fy - 53 + bob, fx + 8, fy - 26}, shirt);
    for (int y = -7; y <= 7; ++y)  // the head, a shaded disc
        for (int x = -7; x <= 7; ++x)
            if (x * x + y * y <= 49)
                c.Set(fx + x, fy - 61 + y + bob,
                      {Clamp8(skin.r - 2 * (x + y)), Clamp8(skin.g - 2 * (x + y)), Clamp8(skin.b - (x + y)), 255});
    Shade(c, {fx - 12, fy - 50 + bob, fx - 9, fy - 34}, shirt);  // the back arm
    if (pose == Pose::Punch1) {
        Shade(c, {fx + 9, fy - 48, fx + 24, fy - 44}, skin);
    } else if (pose == Pose::Punch0 || pose == Pose::Punch2) {
        Shade(c, {fx + 9, fy - 48, fx + 16, fy - 44}, skin);
    } else {
        Shade(c, {fx + 9, fy - 50 + bob, fx + 12, fy - 35}, skin);
    }
    Shade(c, FistOf(pose, fx, fy), glove);
}

/// A shadow baked into the art: a black ellipse (20 x 3 px radii) around the feet at alpha 128 to
/// 132, under whatever is drawn after it.
inline void DrawShadow(Canvas& c, int fx, int fy) {
    for (int y = -3; y <= 3; ++y)
        for (int x = -20; x <= 20; ++x)
            if (x * x * 9 + y * y * 400 <= 3600)
                c.Set(fx + x, fy + y, {0, 0, 0, static_cast<std::uint8_t>(128 + (x + 20) % 5)});
}

/// A glowing orb, 24 px across, centred at (cx, cy): the projectile.
inline void DrawOrb(Canvas& c, int cx, int cy) {
    for (int y = -12; y < 12; ++y)
        for (int x = -12; x < 12; ++x) {
            const int d2 = (2 * x + 1) * (2 * x + 1) + (2 * y + 1) * (2 * y + 1);
            if (d2 <= 576) c.Set(cx + x, cy + y, {255, Clamp8(230 - d2 / 3), Clamp8(120 - d2 / 5), 255});
        }
}

// ---- the folder of frames --------------------------------------------------------------------

inline constexpr int FRAME_W = 64, FRAME_H = 80, FRAME_FEET_X = 28, FRAME_FEET_Y = 77;

/// The frames' files, as another game names them, and each one's pose.
inline std::vector<std::pair<std::string, Pose>> FolderFrames() {
    return {{"hero_idle_1.png", Pose::Idle0},   {"hero_idle_2.png", Pose::Idle1},   {"hero_walk_1.png", Pose::Walk0},
            {"hero_walk_2.png", Pose::Walk1},   {"hero_walk_3.png", Pose::Walk2},   {"hero_walk_4.png", Pose::Walk3},
            {"hero_punch_1.png", Pose::Punch0}, {"hero_punch_2.png", Pose::Punch1}, {"hero_punch_3.png", Pose::Punch2},
            {"hero_kick_1.png", Pose::Kick0},   {"hero_kick_2.png", Pose::Kick1},   {"hero_kick_3.png", Pose::Kick2}};
}

/// Writes the folder of 64x80 frames into `dir` (created).
inline void WriteFolder(const std::filesystem::path& dir) {
    std::filesystem::create_directories(dir);
    for (const auto& [file, pose] : FolderFrames()) {
        Canvas c(FRAME_W, FRAME_H);
        DrawHero(c, pose, FRAME_FEET_X, FRAME_FEET_Y);
        c.Save(dir / file);
    }
}

// ---- the grid sheet --------------------------------------------------------------------------

inline constexpr int CELL = 128, COLUMNS = 8, ROWS = 4;
/// Where the feet are in a cell whose offset is 0,0; the atlas moved each frame by its offset.
inline constexpr int CELL_FEET_X = 64, CELL_FEET_Y = 118;
/// Cells 0-3 idle, 4-7 walk, 8-10 punch, 11-13 kick, 14 the orb; 15-31 empty.
inline constexpr int ORB_CELL = 14, FIRST_EMPTY_CELL = 15;

inline Pose PoseOfCell(int cell) {
    constexpr Pose poses[] = {Pose::Idle0,  Pose::Idle1, Pose::Idle0, Pose::Idle1,  Pose::Walk0,
                              Pose::Walk1,  Pose::Walk2, Pose::Walk3, Pose::Punch0, Pose::Punch1,
                              Pose::Punch2, Pose::Kick0, Pose::Kick1, Pose::Kick2};
    return poses[cell];
}

/// Cell `cell`'s atlas offset: its picture belongs this far right (dx) and down (dy) of where it is.
inline std::pair<int, int> OffsetOfCell(int cell) {
    if (cell >= ORB_CELL) return {0, 0};
    return {(cell * 7) % 5 - 2, (cell * 2) % 3 - 1};
}

/// Writes `dir`/sheet.png (1024 x 512, 8 x 4 cells of 128 x 128), `dir`/offsets.csv (frame,dx,dy
/// for cells 0-14, and the idle cells' durations in ms) and `dir`/atlas.xml, the same offsets as
/// the atlas described them (Sparrow/Starling's TextureAtlas: frameX = -dx, frameY = -dy), cell by
/// cell in the order the sheet was unpacked.
inline void WriteGrid(const std::filesystem::path& dir) {
    std::filesystem::create_directories(dir);
    Canvas sheet(CELL * COLUMNS, CELL * ROWS);
    std::ofstream csv(dir / "offsets.csv");
    std::ofstream xml(dir / "atlas.xml");
    csv << "frame,dx,dy,duration\n";
    xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<TextureAtlas imagePath=\"sheet.png\">\n";
    for (int cell = 0; cell < FIRST_EMPTY_CELL; ++cell) {
        const int left = (cell % COLUMNS) * CELL, top = (cell / COLUMNS) * CELL;
        const auto [dx, dy] = OffsetOfCell(cell);
        if (cell == ORB_CELL) {
            DrawOrb(sheet, left + CELL / 2, top + CELL / 2);
        } else {
            const int fx = left + CELL_FEET_X - dx, fy = top + CELL_FEET_Y - dy;
            DrawShadow(sheet, fx, fy);
            DrawHero(sheet, PoseOfCell(cell), fx, fy);
        }
        csv << cell << "," << dx << "," << dy;
        if (cell < 4) csv << "," << 120;
        csv << "\n";
        char name[32];
        std::snprintf(name, sizeof name, "hero_%04d", cell);
        xml << "  <SubTexture name=\"" << name << "\" x=\"" << left << "\" y=\"" << top << "\" width=\"" << CELL
            << "\" height=\"" << CELL << "\" frameX=\"" << -dx << "\" frameY=\"" << -dy << "\" frameWidth=\"" << CELL
            << "\" frameHeight=\"" << CELL << "\"/>\n";
    }
    xml << "</TextureAtlas>\n";
    sheet.Save(dir / "sheet.png");
}

// ---- painting --------------------------------------------------------------------------------

/// What an author does in a paint tool with a pencil: every pixel of `hotmap` in the box (inclusive)
/// that is not air (FF00FF) becomes attack (FF0000). The box is in the hotmap's own pixels.
inline bool PaintAttack(const std::filesystem::path& hotmap, Box box, std::vector<std::uint8_t>& rgba, int w, int h) {
    int painted = 0;
    for (int y = std::max(0, box.y0); y <= std::min(h - 1, box.y1); ++y)
        for (int x = std::max(0, box.x0); x <= std::min(w - 1, box.x1); ++x) {
            std::uint8_t* p = rgba.data() + (static_cast<std::size_t>(y) * w + x) * 4;
            if (p[3] == 0 || (p[0] == 0xFF && p[1] == 0x00 && p[2] == 0xFF)) continue;
            p[0] = 0xFF, p[1] = 0x00, p[2] = 0x00, p[3] = 0xFF;
            ++painted;
        }
    testpng::WriteFile(hotmap.string(),
                       testpng::EncodeRgba(static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(h), rgba));
    return painted > 0;
}

}  // namespace importart
