// dojo: a wooden training hall at dusk, 960 px wide, in three layers: the garden and hills seen
// through the open screens (scroll 0.25), the hall's back wall of posts, paper screens, a hanging
// scroll and a weapon rack (0.6), and the floorboards with the end pillars (1.0). Warm wood inside,
// cool dusk outside; the floor near the fighters' feet is a calm mid-brown so they read in front.
#include "tools/artgen/stage.h"

#include <algorithm>
#include <cmath>

namespace artgen {

namespace {

constexpr std::int32_t H = SCREEN_HEIGHT_PX;
constexpr std::int32_t FLOOR_TOP = 262;  // where the back wall meets the floor
constexpr std::int32_t OPEN_TOP = 74, OPEN_BOTTOM = 234;

const Rgb8 BEAM_DARK = Hex(0x2a1a12), BEAM = Hex(0x4a2e1e), BEAM_LIGHT = Hex(0x6a4630);
const Rgb8 PLASTER = Hex(0x8c7a62), PLASTER_DARK = Hex(0x7a6a54);
const Rgb8 PAPER = Hex(0xc8b488), PAPER_LIT = Hex(0xd6c49a), LATTICE = Hex(0x5a3c28);

// The view through the screens: a dusk sky, two ranges of hills, pines along a fence.
assets::Image Garden(std::int32_t widthPx) {
    Pixels p(widthPx, H, Hex(0x2a3150), 255);
    p.Gradient(0, 120, Hex(0x2a3354), Hex(0x6a5a7a), 6);
    p.Gradient(120, 200, Hex(0x6a5a7a), Hex(0xd4906c), 6);
    p.Rect(0, 200, widthPx, H - 200, Hex(0x2c3a34));
    p.Glow(widthPx * 2 / 3, 196, 70, Hex(0xffc890), 150);  // the set sun behind the hills
    // Two ranges: a far pale one and a nearer darker one, their ridges from sums of waves.
    for (std::int32_t range = 0; range < 2; ++range) {
        const Rgb8 c = range == 0 ? Hex(0x6c6684) : Hex(0x46485e);
        for (std::int32_t x = 0; x < widthPx; ++x) {
            const double t = x * (range == 0 ? 0.011 : 0.017);
            const double ridge = (range == 0 ? 160 : 184) - 22 * std::sin(t + range) - 9 * std::sin(2.7 * t + 1.3) -
                                 4 * std::sin(6.1 * t);
            for (std::int32_t y = static_cast<std::int32_t>(ridge); y < 214; ++y) p.Put(x, y, c);
        }
    }
    // A mist band where the near range meets the garden.
    for (std::int32_t y = 196; y < 214; ++y)
        for (std::int32_t x = 0; x < widthPx; ++x)
            if ((214 - y) * 16 / 18 > Bayer(x, y)) p.Blend(x, y, Hex(0xb49a9c), 70);
    // Pines: a trunk and tiers of needles, dark against the hills.
    for (std::int32_t i = 0; i < widthPx / 46 + 1; ++i) {
        const std::uint32_t h = Hash32(4000 + i);
        const std::int32_t x = i * 46 + static_cast<std::int32_t>(h % 20),
                           top = 120 + static_cast<std::int32_t>(h % 50);
        const Rgb8 needles = (h >> 8) % 2 ? Hex(0x1c2c26) : Hex(0x22342c);
        p.Rect(x - 1, top + 20, 3, 232 - top, Hex(0x241a18));
        for (std::int32_t tier = 0; tier < 4; ++tier) {
            const std::int32_t ty = top + tier * 18,
                               half = 10 + tier * 5 + static_cast<std::int32_t>((h >> (tier * 3)) % 6);
            for (std::int32_t y = 0; y < 9; ++y) p.Rect(x - half + y, ty + y, 2 * (half - y), 1, needles);
            p.Rect(x - half + 3, ty + 1, half - 2, 1, Hex(0x34483a));  // the light on each tier's top
        }
    }
    // A low bamboo fence and raked gravel.
    p.Rect(0, 214, widthPx, 26, Hex(0x8a8478));
    for (std::int32_t y = 216; y < 240; y += 3) p.Rect(0, y, widthPx, 1, Hex(0x7a7468));
    p.Rect(0, 196, widthPx, 3, Hex(0x6a6a3a));
    p.Rect(0, 206, widthPx, 2, Hex(0x5a5a32));
    for (std::int32_t x = 4; x < widthPx; x += 9) p.Rect(x, 192, 3, 22, (x / 9) % 2 ? Hex(0x7a7a44) : Hex(0x6c6c3c));
    return p.Take();
}

// One screen panel: paper in a frame with a lattice of 3 columns by 4 rows; `lit` a warmer paper.
void Shoji(Pixels& p, std::int32_t x, std::int32_t w, bool lit) {
    p.Rect(x, OPEN_TOP, w, OPEN_BOTTOM - OPEN_TOP, lit ? PAPER_LIT : PAPER);
    for (std::int32_t y = OPEN_TOP; y < OPEN_BOTTOM; ++y)  // the paper darker towards the floor
        for (std::int32_t xx = x; xx < x + w; ++xx)
            if ((y - OPEN_TOP) * 10 / (OPEN_BOTTOM - OPEN_TOP) > Bayer(xx, y) + 4) p.Blend(xx, y, Hex(0x8a6a4a), 40);
    p.Rect(x, OPEN_TOP, w, 3, BEAM), p.Rect(x, OPEN_BOTTOM - 3, w, 3, BEAM);
    p.Rect(x, OPEN_TOP, 3, OPEN_BOTTOM - OPEN_TOP, BEAM), p.Rect(x + w - 3, OPEN_TOP, 3, OPEN_BOTTOM - OPEN_TOP, BEAM);
    for (std::int32_t k = 1; k < 3; ++k) p.Rect(x + k * w / 3 - 1, OPEN_TOP, 2, OPEN_BOTTOM - OPEN_TOP, LATTICE);
    for (std::int32_t k = 1; k < 5; ++k) p.Rect(x, OPEN_TOP + k * (OPEN_BOTTOM - OPEN_TOP) / 5, w, 1, LATTICE);
    p.Rect(x + 3, OPEN_BOTTOM - 28, w - 6, 25, Hex(0x5e4030));  // the wooden kick panel at its foot
    p.Rect(x + 3, OPEN_BOTTOM - 28, w - 6, 1, BEAM_LIGHT);
}

// A hanging scroll: mounting, paper, a brush character drawn in strokes, the roller.
void HangingScroll(Pixels& p, std::int32_t cx) {
    const std::int32_t top = 84, w = 40, h = 118;
    p.Line(cx, 66, cx - 12, top, BEAM_DARK), p.Line(cx, 66, cx + 12, top, BEAM_DARK);
    p.Rect(cx - w / 2, top, w, h, Hex(0x3a4a5a));  // the blue silk mount
    p.Rect(cx - w / 2 + 5, top + 10, w - 10, h - 22, Hex(0xe2d6b4));
    const Rgb8 ink = Hex(0x1a1414);
    // A brush character: a long vertical, a heavy top stroke and two sweeping feet.
    p.Rect(cx - 9, top + 24, 18, 3, ink);
    p.Rect(cx - 1, top + 20, 3, 58, ink);
    for (std::int32_t k = 0; k < 14; ++k)
        p.Rect(cx - 2 - k, top + 48 + k, 2, 2, ink), p.Rect(cx + 2 + k, top + 48 + k, 2, 2, ink);
    p.Rect(cx - 7, top + 38, 14, 2, ink);
    p.Rect(cx + 5, top + 80, 4, 4, Hex(0xb02a20));  // the red seal
    p.Rect(cx - w / 2 - 3, top + h, w + 6, 4, BEAM_DARK);
}

// A rack of practice weapons: two wooden swords, two staffs and a spear against the plaster.
void WeaponRack(Pixels& p, std::int32_t x, std::int32_t w) {
    const std::int32_t top = 96;
    p.Rect(x, top, w, 6, BEAM), p.Rect(x, top, w, 1, BEAM_LIGHT);
    p.Rect(x, top + 86, w, 6, BEAM), p.Rect(x, top + 86, w, 1, BEAM_LIGHT);
    p.Rect(x + 4, top, 4, 130, BEAM_DARK), p.Rect(x + w - 8, top, 4, 130, BEAM_DARK);
    for (std::int32_t k = 0; k < 5; ++k) {
        const std::int32_t wx = x + 16 + k * (w - 32) / 4;
        const bool staff = k % 2 == 1;
        const std::int32_t wTop = staff ? top - 28 : top - 8, wBottom = staff ? top + 132 : top + 104;
        p.Rect(wx, wTop, 3, wBottom - wTop, staff ? Hex(0x8a6238) : Hex(0xa47a48));
        p.Rect(wx, wTop, 1, wBottom - wTop, Hex(0xc49a64));
        if (!staff) p.Rect(wx - 2, wTop + 26, 7, 3, BEAM_DARK);  // the sword's guard
        if (k == 2) p.Rect(wx - 1, wTop - 10, 5, 11, Hex(0x9aa0a8)), p.Put(wx + 1, wTop - 11, Hex(0xd0d4d8));
    }
}

// The back wall: rafters, the lintel, six bays between posts (screens, openings to the garden, the
// scroll, the rack), the wainscot. Open bays are transparent: the garden shows through.
assets::Image Hall(std::int32_t widthPx) {
    Pixels p(widthPx, H, Rgb8{}, 0);
    p.Rect(0, 0, widthPx, FLOOR_TOP, PLASTER);
    for (std::int32_t y = 0; y < FLOOR_TOP; ++y)  // plaster texture: a sparse speckle
        for (std::int32_t x = 0; x < widthPx; ++x)
            if (Hash32(static_cast<std::uint32_t>(x * 7 + y * 9173)) % 13 == 0) p.Put(x, y, PLASTER_DARK);
    // Rafters under a dark ceiling.
    p.Rect(0, 0, widthPx, 34, Hex(0x24160e));
    for (std::int32_t x = 10; x < widthPx; x += 34) p.Rect(x, 0, 12, 32, BEAM), p.Rect(x, 0, 2, 32, BEAM_LIGHT);
    p.Rect(0, 32, widthPx, 10, BEAM), p.Rect(0, 32, widthPx, 2, BEAM_LIGHT), p.Rect(0, 41, widthPx, 1, BEAM_DARK);
    // The transom: a band of lattice between the ceiling beam and the lintel.
    for (std::int32_t x = 0; x < widthPx; ++x)
        for (std::int32_t y = 46; y < 62; ++y)
            if ((x + y) % 8 == 0 || (x - y + 800) % 8 == 0) p.Put(x, y, Hex(0x6a543e));
    p.Rect(0, 62, widthPx, 8, BEAM), p.Rect(0, 62, widthPx, 1, BEAM_LIGHT), p.Rect(0, 69, widthPx, 1, BEAM_DARK);
    constexpr std::int32_t PITCH = 138, POST = 12;
    for (std::int32_t bay = 0; bay * PITCH < widthPx; ++bay) {
        const std::int32_t x0 = bay * PITCH + POST, x1 = (bay + 1) * PITCH, w = x1 - x0;
        switch (bay % 6) {
            case 0:
            case 5:
                Shoji(p, x0, w / 2, bay == 0), Shoji(p, x0 + w / 2, w - w / 2, bay == 0);
                break;
            case 1:
            case 3: {
                // Open to the garden: the screens slid to one side, a view between them.
                p.Rect(x0, OPEN_TOP, w, OPEN_BOTTOM - OPEN_TOP, Rgb8{}, 0);
                Shoji(p, bay == 1 ? x0 : x0 + w - w / 3, w / 3, false);
                p.Rect(x0, OPEN_BOTTOM, w, 4, BEAM_DARK);  // the sill
                break;
            }
            case 2:
                HangingScroll(p, x0 + w / 2);
                break;
            case 4:
                WeaponRack(p, x0 + 8, w - 16);
                break;
        }
        p.Rect(bay * PITCH, 34, POST, FLOOR_TOP - 34, BEAM);
        p.Rect(bay * PITCH, 34, 2, FLOOR_TOP - 34, BEAM_LIGHT);
        p.Rect(bay * PITCH + POST - 2, 34, 2, FLOOR_TOP - 34, BEAM_DARK);
    }
    // The wainscot: dark boards from the sill to the floor.
    p.Rect(0, OPEN_BOTTOM + 2, widthPx, FLOOR_TOP - OPEN_BOTTOM - 2, Hex(0x3e2619));
    for (std::int32_t x = 0; x < widthPx; x += 23)
        p.Rect(x, OPEN_BOTTOM + 2, 1, FLOOR_TOP - OPEN_BOTTOM - 2, BEAM_DARK);
    p.Rect(0, OPEN_BOTTOM + 2, widthPx, 2, BEAM_LIGHT);
    // Paper lanterns hanging from the lintel, warm light on the wall around them.
    for (std::int32_t x = PITCH; x < widthPx; x += 2 * PITCH) {
        p.Glow(x + POST / 2, 98, 46, Hex(0xffc070), 90);
        p.Rect(x + POST / 2, 70, 1, 12, BEAM_DARK);
        for (std::int32_t y = -11; y <= 11; ++y) {
            const std::int32_t half = static_cast<std::int32_t>(std::lround(9 * std::sqrt(1.0 - y * y / 144.0)));
            p.Rect(x + POST / 2 - half, 96 + y, 2 * half + 1, 1, (y + 11) % 5 == 0 ? Hex(0xc87a3a) : Hex(0xf4b860));
        }
        p.Rect(x + POST / 2 - 5, 83, 11, 3, BEAM_DARK), p.Rect(x + POST / 2 - 5, 107, 11, 3, BEAM_DARK);
    }
    return p.Take();
}

// Floorboards in rows that widen towards the viewer, each board its own shade, staggered joints,
// a soft shadow along the wall, and the two end pillars and the top beam that frame the hall.
assets::Image Floor(std::int32_t widthPx) {
    Pixels p(widthPx, H, Rgb8{}, 0);
    std::int32_t row = 0;
    for (std::int32_t y = FLOOR_TOP; y < H; ++row) {
        const std::int32_t rowH = 4 + row * 2;
        const std::int32_t boardW = 110 + row * 24, offset = static_cast<std::int32_t>(Hash32(900 + row) % boardW);
        for (std::int32_t x = -offset, board = 0; x < widthPx; x += boardW, ++board) {
            const std::uint32_t h = Hash32(static_cast<std::uint32_t>(row * 977 + board));
            const double light = 0.86 + 0.14 * ((h % 100) / 100.0) + 0.04 * row;
            const Rgb8 base = MixRgb(Hex(0x3a2414), Hex(0x8a5c36), std::min(1.0, light * 0.62));
            p.Rect(x, y, boardW, rowH, base);
            // Grain: a few darker streaks along the board.
            for (std::int32_t g = 0; g < rowH / 3; ++g) {
                const std::int32_t gy = y + 1 + static_cast<std::int32_t>((h >> (g * 4)) % std::max(1, rowH - 1));
                const std::int32_t gx = x + static_cast<std::int32_t>((h >> 12) % 30);
                p.Rect(gx, gy, boardW / 2 + static_cast<std::int32_t>((h >> 20) % 40), 1,
                       MixRgb(base, Hex(0x2a180c), 0.25));
            }
            p.Rect(x, y, 1, rowH, Hex(0x24140a));  // the butt joint
        }
        p.Rect(0, y, widthPx, 1, Hex(0x24140a));  // the seam between rows
        p.Rect(0, y + 1, widthPx, 1, MixRgb(Hex(0x24140a), Hex(0xa47448), 0.5));
        y += rowH;
    }
    // The wall's shadow on the floor, and a sheen of the screens' light further out.
    for (std::int32_t y = FLOOR_TOP; y < FLOOR_TOP + 10; ++y)
        for (std::int32_t x = 0; x < widthPx; ++x)
            if ((FLOOR_TOP + 10 - y) * 16 / 10 > Bayer(x, y)) p.Blend(x, y, Hex(0x120a06), 90);
    // The frame: the top beam and a pillar at each end, in front of everything behind.
    p.Rect(0, 0, widthPx, 16, BEAM_DARK), p.Rect(0, 14, widthPx, 2, BEAM);
    for (const std::int32_t x : {0, widthPx - 22}) {
        p.Rect(x, 0, 22, FLOOR_TOP + 6, BEAM);
        p.Rect(x + 3, 0, 3, FLOOR_TOP + 6, BEAM_LIGHT);
        p.Rect(x + 18, 0, 4, FLOOR_TOP + 6, BEAM_DARK);
        p.Rect(x - 3, FLOOR_TOP, 28, 8, Hex(0x5a5a5a)), p.Rect(x - 3, FLOOR_TOP, 28, 2, Hex(0x7a7a7a));  // stone base
    }
    return p.Take();
}

}  // namespace

StageArt BuildDojo() {
    StageArt stage{"dojo", "Dojo", 960, 334, {390, 570}, {}};
    stage.layers = {{"garden.png", 0.25, Garden(LayerWidthPx(960, 0.25))},
                    {"hall.png", 0.6, Hall(LayerWidthPx(960, 0.6))},
                    {"floor.png", 1.0, Floor(LayerWidthPx(960, 1.0))}};
    return stage;
}

}  // namespace artgen
