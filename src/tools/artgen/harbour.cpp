// harbour: a container harbour at night, 1280 px wide, in three layers: the moon, the stars and the
// city across the bay over dark water that mirrors their lights (scroll 0.1), the terminal's quay
// with its cranes, container stacks and light masts (0.45), the wooden pier the fighters stand on,
// with bollards, rope, crates and lamp posts (1.0). Cool blues, warm sodium lights; the deck round
// the fighters' feet is a dim, even grey-brown so they read in front.
#include "tools/artgen/stage.h"

#include <algorithm>
#include <cmath>

namespace artgen {

namespace {

constexpr std::int32_t H = SCREEN_HEIGHT_PX;
constexpr std::int32_t HORIZON = 206;                    // the far shore's waterline
constexpr std::int32_t QUAY_TOP = 244, QUAY_FOOT = 258;  // the terminal's quay, in the docks layer
constexpr std::int32_t DECK_TOP = 298;                   // the pier's back edge

const Rgb8 SODIUM = Hex(0xffb45a), LAMP = Hex(0xffe0a0), MOONLIGHT = Hex(0xd8dcc0);

// A reflection: broken horizontal dashes of `c` below `y0`, thinning and fading with depth, the
// ripple's pattern from the hash (the same x, the same ripples).
void Reflection(Pixels& p, std::int32_t x, std::int32_t y0, std::int32_t y1, std::int32_t halfW, Rgb8 c,
                std::uint8_t alpha, std::uint32_t seed) {
    for (std::int32_t y = y0; y < y1; ++y) {
        if ((y - y0) % 2 == 1) continue;
        const std::uint32_t h = Hash32(seed * 131 + static_cast<std::uint32_t>(y));
        const double fade = 1.0 - static_cast<double>(y - y0) / (y1 - y0);
        const std::int32_t w = 1 + static_cast<std::int32_t>((h % 100) / 100.0 * halfW * (0.6 + fade));
        const std::int32_t dx = static_cast<std::int32_t>((h >> 8) % 5) - 2;
        if ((h >> 16) % 5 == 0) continue;  // a gap in the ripples
        for (std::int32_t k = -w; k <= w; ++k) p.Blend(x + dx + k, y, c, static_cast<std::uint8_t>(alpha * fade));
    }
}

// The back: night sky, stars, the moon, the far city and its bridge, the water mirroring them.
assets::Image Bay(std::int32_t widthPx) {
    Pixels p(widthPx, H, Hex(0x0a0e22), 255);
    p.Gradient(0, 150, Hex(0x070a1c), Hex(0x18204a), 7);
    p.Gradient(150, HORIZON, Hex(0x18204a), Hex(0x3a3462), 6);
    for (std::int32_t i = 0; i < 220; ++i) {  // stars, most faint, a few bright
        const std::uint32_t h = Hash32(7000 + i);
        const std::int32_t x = static_cast<std::int32_t>(h % widthPx), y = static_cast<std::int32_t>((h >> 12) % 170);
        const std::uint8_t a = static_cast<std::uint8_t>(60 + (h >> 24) % 150);
        p.Blend(x, y, Hex(0xe8ecff), a);
        if ((h >> 20) % 23 == 0) {
            p.Blend(x - 1, y, Hex(0xe8ecff), a / 2), p.Blend(x + 1, y, Hex(0xe8ecff), a / 2);
            p.Blend(x, y - 1, Hex(0xe8ecff), a / 2), p.Blend(x, y + 1, Hex(0xe8ecff), a / 2);
        }
    }
    const std::int32_t moonX = widthPx * 3 / 4, moonY = 62;
    p.Glow(moonX, moonY, 64, Hex(0x8890b8), 90);
    p.Disc(moonX, moonY, 17, Hex(0xece8cc));
    p.Disc(moonX + 6, moonY - 5, 4, Hex(0xd4d0b2)), p.Disc(moonX - 5, moonY + 4, 3, Hex(0xd4d0b2));
    p.Disc(moonX + 2, moonY + 9, 2, Hex(0xd4d0b2));
    for (std::int32_t y = -17; y <= 17; ++y)  // the shadowed limb
        for (std::int32_t x = -17; x <= 17; ++x)
            if (x * x + y * y <= 289 && (x - 7) * (x - 7) + (y + 2) * (y + 2) > 300)
                p.Blend(moonX + x, moonY + y, Hex(0x9a98a0), 120);
    // The water: darker towards the viewer, long ripple lines.
    p.Gradient(HORIZON, H, Hex(0x1a2048), Hex(0x070a18), 6);
    for (std::int32_t y = HORIZON + 2; y < H; y += 3) {
        for (std::int32_t x = 0; x < widthPx;) {
            const std::uint32_t h = Hash32(static_cast<std::uint32_t>(x * 31 + y * 4099));
            const std::int32_t len = 4 + static_cast<std::int32_t>(h % (8 + (y - HORIZON) / 3));
            if (h % 3 == 0) p.BlendRect(x, y, len, 1, Hex(0x2a3464), 120);
            x += len + static_cast<std::int32_t>((h >> 10) % 12);
        }
    }
    Reflection(p, moonX, HORIZON + 1, H, 14, MOONLIGHT, 150, 1);
    // The far city: low blocks along the shore with scattered lit windows and red tower lights.
    for (std::int32_t x = 0, i = 0; x < widthPx; ++i) {
        const std::uint32_t h = Hash32(5000 + i);
        const std::int32_t w = 10 + static_cast<std::int32_t>(h % 26),
                           height = 8 + static_cast<std::int32_t>((h >> 8) % 44);
        const bool tower = (h >> 16) % 7 == 0;
        const std::int32_t top = HORIZON - height - (tower ? 24 : 0);
        p.Rect(x, top, w, HORIZON - top, Hex(0x141630));
        p.Rect(x, top, w, 1, Hex(0x262a4e));
        for (std::int32_t wy = top + 3; wy < HORIZON - 2; wy += 3)
            for (std::int32_t wx = x + 2; wx < x + w - 1; wx += 3) {
                const std::uint32_t l = Hash32(static_cast<std::uint32_t>(wx * 977 + wy * 131));
                if (l % 7 == 0) p.Put(wx, wy, l % 3 == 0 ? Hex(0xf0f0d0) : Hex(0xe8b868));
            }
        if (tower) p.Put(x + w / 2, top - 1, Hex(0xff4030));
        x += w + static_cast<std::int32_t>((h >> 24) % 4);
    }
    // A long bridge across the bay on the left: two towers, the cables' curve, a lit deck.
    const std::int32_t deckY = HORIZON - 16, t0 = 60, t1 = 230;
    for (const std::int32_t tx : {t0, t1})
        p.Rect(tx - 2, deckY - 46, 4, 46 + 16, Hex(0x1c1e3a)), p.Put(tx, deckY - 47, Hex(0xff4030));
    for (std::int32_t x = 0; x < 300; ++x) {
        const double u = (x - t0) / static_cast<double>(t1 - t0);
        const double sag = x < t0 ? (t0 - x) * 0.5 : x > t1 ? (x - t1) * 0.5 : 46.0 * 4 * (u - 0.5) * (u - 0.5);
        const std::int32_t cy = deckY - 46 + static_cast<std::int32_t>(std::lround(x < t0 || x > t1 ? sag : 46 - sag));
        p.Put(x, std::min(cy, deckY), Hex(0x3a3e66));
        if (x % 6 == 0) p.Rect(x, std::min(cy, deckY), 1, deckY - std::min(cy, deckY), Hex(0x22264a));
    }
    p.Rect(0, deckY, 300, 3, Hex(0x1c1e3a));
    for (std::int32_t x = 2; x < 300; x += 8) p.Put(x, deckY + 1, Hex(0xffd890));
    // The city's lights mirrored on the water under the shore.
    for (std::int32_t i = 0; i < widthPx / 9; ++i) {
        const std::uint32_t h = Hash32(9000 + i);
        Reflection(p, static_cast<std::int32_t>(h % widthPx), HORIZON + 1, HORIZON + 26, 1,
                   (h >> 8) % 3 == 0 ? Hex(0xf0f0d0) : Hex(0xe8b868), 110, 100 + i);
    }
    return p.Take();
}

// One container seen from the side: its colour, corrugation ribs, a lit top edge and dark doors.
void Container(Pixels& p, std::int32_t x, std::int32_t y, std::int32_t w, Rgb8 c) {
    const Rgb8 dark = MixRgb(c, Hex(0x05060c), 0.45), light = MixRgb(c, Hex(0xffd8a0), 0.25);
    p.Rect(x, y, w, 11, c);
    for (std::int32_t rx = x + 2; rx < x + w - 2; rx += 3) p.Rect(rx, y + 1, 1, 9, dark);
    p.Rect(x, y, w, 1, light), p.Rect(x, y + 10, w, 1, dark);
    p.Rect(x, y, 1, 11, dark), p.Rect(x + w - 1, y, 1, 11, dark);
}

// A ship-to-shore crane: two braced legs on the quay, the machinery house, the boom over the water,
// the A-frame and its stays, a red light on top.
void Crane(Pixels& p, std::int32_t x, Rgb8 steel) {
    const Rgb8 shade = MixRgb(steel, Hex(0x05060c), 0.45), lit = MixRgb(steel, Hex(0xffd0a0), 0.3);
    const std::int32_t legA = x, legB = x + 54, boomY = 98;
    for (const std::int32_t lx : {legA, legB})
        p.Rect(lx, boomY, 5, QUAY_TOP - boomY, steel), p.Rect(lx, boomY, 1, QUAY_TOP - boomY, lit);
    for (std::int32_t y = boomY + 6; y + 24 <= QUAY_TOP - 20; y += 24) {  // cross bracing between the legs
        p.Line(legA + 4, y, legB, y + 24, shade), p.Line(legB, y, legA + 4, y + 24, shade);
        p.Rect(legA, y, legB - legA + 5, 2, steel);
    }
    p.Rect(legA - 96, boomY, 200, 6, steel), p.Rect(legA - 96, boomY, 200, 1, lit),
        p.Rect(legA - 96, boomY + 5, 200, 1, shade);
    p.Rect(legA - 6, boomY - 16, 44, 16, shade), p.Rect(legA - 6, boomY - 16, 44, 1, lit);  // the machinery house
    p.Rect(legA - 30, boomY + 6, 10, 8, Hex(0x2a2a30)), p.Put(legA - 27, boomY + 9, LAMP),
        p.Put(legA - 24, boomY + 9, LAMP);  // the cab
    const std::int32_t apexX = legA + 20, apexY = boomY - 52;
    p.Line(legA, boomY - 16, apexX, apexY, steel), p.Line(legA + 40, boomY - 16, apexX, apexY, steel);
    p.Line(apexX, apexY, legA - 96, boomY, shade), p.Line(apexX, apexY, legA + 103, boomY, shade);
    p.Glow(apexX, apexY - 2, 6, Hex(0xff3020), 200), p.Put(apexX, apexY - 2, Hex(0xff6050));
    p.Line(legA - 60, boomY + 6, legA - 60, boomY + 60, Hex(0x2a2e3a));  // the hoist's cables and spreader
    p.Line(legA - 56, boomY + 6, legA - 56, boomY + 60, Hex(0x2a2e3a));
    p.Rect(legA - 66, boomY + 60, 16, 3, shade);
}

// The terminal across the water: the quay, stacks of containers, two cranes, light masts and their
// reflections. Transparent above and below.
assets::Image Docks(std::int32_t widthPx) {
    Pixels p(widthPx, H, Rgb8{}, 0);
    const Rgb8 colours[] = {Hex(0x6a2e26), Hex(0x1e4a52), Hex(0x2a3a6a), Hex(0x7a6428), Hex(0x3a5a30), Hex(0x5a5a62)};
    // Stacks in blocks with gaps, tallest in the middle of each block.
    for (std::int32_t block = 0; block * 150 < widthPx; ++block) {
        const std::int32_t bx = block * 150 + 20;
        for (std::int32_t col = 0; col < 3; ++col) {
            const std::uint32_t h = Hash32(static_cast<std::uint32_t>(300 + block * 7 + col));
            const std::int32_t tiers = 1 + static_cast<std::int32_t>(h % 4);
            for (std::int32_t t = 0; t < tiers; ++t) {
                const Rgb8 c = colours[(h >> (4 + t * 3)) % 6];
                Container(p, bx + col * 38, QUAY_TOP - 11 * (t + 1), 37, MixRgb(c, Hex(0x0a0e22), 0.3));
            }
        }
    }
    Crane(p, 150, Hex(0x9a3a2c));
    Crane(p, 620, Hex(0x3a6a9a));
    // The quay: its top edge, the concrete face, black fenders.
    p.Rect(0, QUAY_TOP, widthPx, QUAY_FOOT - QUAY_TOP, Hex(0x24242e));
    p.Rect(0, QUAY_TOP, widthPx, 2, Hex(0x4a4a56));
    for (std::int32_t x = 12; x < widthPx; x += 40) p.Rect(x, QUAY_TOP + 4, 6, 8, Hex(0x0c0c10));
    // Light masts: a pole, a lamp cluster, an orange pool on the quay and its reflection.
    for (std::int32_t x = 90; x < widthPx; x += 260) {
        p.Rect(x, 130, 2, QUAY_TOP - 130, Hex(0x2a2e3a));
        p.Glow(x + 1, 130, 40, SODIUM, 110);
        p.Rect(x - 4, 127, 10, 3, LAMP);
        p.Glow(x + 1, QUAY_TOP + 1, 30, SODIUM, 70);
        Reflection(p, x + 1, QUAY_FOOT + 1, DECK_TOP + 8, 3, SODIUM, 130, 50 + x);
    }
    p.Rect(0, QUAY_FOOT, widthPx, 1, Hex(0x101018));
    return p.Take();
}

// One cast-iron bollard on the pier's edge.
void Bollard(Pixels& p, std::int32_t x) {
    p.Rect(x - 4, DECK_TOP - 12, 9, 12, Hex(0x1a1e24));
    p.Rect(x - 6, DECK_TOP - 15, 13, 4, Hex(0x1a1e24));
    p.Rect(x - 6, DECK_TOP - 15, 13, 1, Hex(0x5a6068)), p.Rect(x - 4, DECK_TOP - 11, 1, 11, Hex(0x3a4048));
}

// A lamp post: a dark pole with a collar, a lantern, its light round it and on the deck.
void LampPost(Pixels& p, std::int32_t x) {
    p.Glow(x, 150, 60, SODIUM, 70);
    p.Glow(x, DECK_TOP + 20, 56, SODIUM, 60);
    p.Rect(x - 2, 154, 4, DECK_TOP - 154, Hex(0x18221e)), p.Rect(x - 2, 154, 1, DECK_TOP - 154, Hex(0x3a4a40));
    p.Rect(x - 4, DECK_TOP - 10, 8, 10, Hex(0x18221e));
    p.Rect(x - 6, 140, 12, 14, Hex(0x18221e));
    p.Rect(x - 4, 142, 8, 10, LAMP), p.Rect(x - 1, 142, 2, 10, Hex(0xfff4d0));
    p.Rect(x - 7, 138, 14, 3, Hex(0x18221e));
}

// A wooden crate with its cross planks.
void Crate(Pixels& p, std::int32_t x, std::int32_t y, std::int32_t s) {
    p.Rect(x, y, s, s, Hex(0x5a4630));
    p.Rect(x, y, s, 2, Hex(0x7a6244)), p.Rect(x, y + s - 2, s, 2, Hex(0x3a2c1e));
    p.Rect(x, y, 2, s, Hex(0x3a2c1e)), p.Rect(x + s - 2, y, 2, s, Hex(0x3a2c1e));
    p.Line(x + 2, y + 2, x + s - 3, y + s - 3, Hex(0x3a2c1e));
}

// The pier: weathered planks running towards the viewer, the cap beam with bollards and a slack
// rope, a chain between posts, crates at the ends, lamp posts away from where fights start.
assets::Image Pier(std::int32_t widthPx) {
    Pixels p(widthPx, H, Rgb8{}, 0);
    for (std::int32_t y = DECK_TOP; y < H; ++y) {
        const double t = static_cast<double>(y - DECK_TOP) / (H - DECK_TOP);
        const double spread = 1.0 + 0.35 * t;  // planks widen towards the viewer
        for (std::int32_t x = 0; x < widthPx; ++x) {
            const double u = (x - widthPx / 2) / spread + widthPx / 2;
            const std::int32_t plank = static_cast<std::int32_t>(std::floor(u / 15.0));
            const std::uint32_t h = Hash32(static_cast<std::uint32_t>(plank + 20000));
            Rgb8 c = MixRgb(Hex(0x4a4238), Hex(0x605850), (h % 100) / 100.0);
            c = MixRgb(c, Hex(0x0e0c10), 0.05 + 0.4 * t);  // darker towards the bottom edge
            const double inPlank = u - plank * 15.0;
            if (inPlank < 1.0)
                c = Hex(0x1a1614);  // the gap between planks
            else if (inPlank < 2.0)
                c = MixRgb(c, Hex(0x8a8070), 0.2);  // a worn edge
            if ((Hash32(static_cast<std::uint32_t>(x * 13 + y * 7717 + plank)) % 29) == 0)
                c = MixRgb(c, Hex(0x1a1614), 0.4);
            p.Put(x, y, c);
        }
    }
    for (const std::int32_t joist : {DECK_TOP + 14, DECK_TOP + 44})  // nail rows over the joists
        for (std::int32_t x = 6; x < widthPx; x += 15)
            p.Put(x, joist, Hex(0x2a2420)), p.Put(x + 4, joist, Hex(0x2a2420));
    // The cap beam along the back edge.
    p.Rect(0, DECK_TOP - 4, widthPx, 6, Hex(0x3a2e26)), p.Rect(0, DECK_TOP - 4, widthPx, 1, Hex(0x6a5a4a));
    // Chain posts and the chain's sag between them.
    for (std::int32_t x = 40; x < widthPx; x += 80) {
        p.Rect(x - 2, DECK_TOP - 30, 4, 26, Hex(0x2a221c)), p.Rect(x - 2, DECK_TOP - 30, 1, 26, Hex(0x5a4a3a));
        for (std::int32_t k = 2; k < 78; ++k) {
            const double s = (k - 40) / 38.0;
            const std::int32_t cy = DECK_TOP - 26 + static_cast<std::int32_t>(std::lround(7 * (1 - s * s)));
            if (k % 2 == 0) p.Put(x + k, cy, Hex(0x4a4e56));
        }
    }
    for (std::int32_t x = 150; x < widthPx; x += 330) Bollard(p, x);
    // A rope from the first bollard over the edge.
    for (std::int32_t k = 0; k < 30; ++k) p.Put(150 + 6 + k, DECK_TOP - 8 + k * k / 60, Hex(0xa08a60));
    Crate(p, 30, DECK_TOP - 28, 24), Crate(p, 56, DECK_TOP - 20, 18), Crate(p, widthPx - 60, DECK_TOP - 26, 22);
    for (const std::int32_t x : {300, 980}) LampPost(p, x);
    return p.Take();
}

}  // namespace

StageArt BuildHarbour() {
    StageArt stage{"harbour", "Harbour", 1280, 334, {550, 730}, {}};
    stage.layers = {{"bay.png", 0.1, Bay(LayerWidthPx(1280, 0.1))},
                    {"docks.png", 0.45, Docks(LayerWidthPx(1280, 0.45))},
                    {"pier.png", 1.0, Pier(LayerWidthPx(1280, 1.0))}};
    return stage;
}

}  // namespace artgen
