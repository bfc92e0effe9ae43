// The bumper scene's step: motion and walls, the collision pipeline, then the two-phase reaction
// (as the seed's Hit() then Update(), but with every contact counted, not only one per sprite).
#include "game/bumper.h"

#include <algorithm>
#include <array>

namespace game {

namespace {

// A side x side mask of the pixels whose centres pass `inside`, which gets each centre relative to
// the mask's middle in half pixels (x2 = 2 x + 1 - side): integers, so no shape depends on libm.
collide::Mask ShapeMask(std::int32_t side, auto&& inside) {
    collide::Mask m(side, side);
    for (std::int32_t y = 0; y < side; ++y)
        for (std::int32_t x = 0; x < side; ++x)
            if (inside(std::int64_t{2 * x + 1 - side}, std::int64_t{2 * y + 1 - side})) m.Set(x, y);
    return m;
}

// A five-pointed star in half pixels: points of radius 16 px at -36 + 72k degrees, the notches
// between them at 7 px, its vertices from collide's integer sine and cosine.
struct Star {
    std::array<std::int64_t, 10> x2{}, y2{};

    Star() {
        for (std::int32_t k = 0; k < 10; ++k) {
            const std::int64_t radius2 = k % 2 == 0 ? 32 : 14;
            const collide::UnitVectorQ30 u = collide::UnitVectorOf(-36000 + 36000 * k);
            x2[static_cast<std::size_t>(k)] = (radius2 * u.cos + (std::int64_t{1} << 29)) >> 30;
            y2[static_cast<std::size_t>(k)] = (radius2 * u.sin + (std::int64_t{1} << 29)) >> 30;
        }
    }
    // Crossing number, in exact integer arithmetic.
    bool Contains(std::int64_t px, std::int64_t py) const {
        bool in = false;
        for (std::size_t i = 0, j = 9; i < 10; j = i++) {
            if ((y2[i] > py) == (y2[j] > py)) continue;
            // px < the edge's x at py, both sides multiplied by (y2[j] - y2[i]) with its sign kept.
            const std::int64_t dy = y2[j] - y2[i];
            const std::int64_t lhs = (px - x2[i]) * dy, rhs = (x2[j] - x2[i]) * (py - y2[i]);
            if (dy > 0 ? lhs < rhs : lhs > rhs) in = !in;
        }
        return in;
    }
};

// The floor of the square root of n >= 0, by Newton's method on integers.
std::int64_t IntSqrt(std::int64_t n) {
    if (n < 2) return n;
    std::int64_t x = n, y = (x + 1) / 2;
    while (y < x) x = y, y = (x + n / x) / 2;
    return x;
}

constexpr std::uint64_t SORT_EVERY_TICKS = 16;

double Now(std::uint64_t (*nowNanos)()) {
    return nowNanos != nullptr ? static_cast<double>(nowNanos()) / 1000.0 : 0.0;
}

}  // namespace

BumperShapes MakeBumperShapes() {
    BumperShapes s;
    // In half pixels (see ShapeMask): a radius of 12 px is 24.
    s.shapes.push_back(
        {"ball", ShapeMask(24, [](std::int64_t x, std::int64_t y) { return x * x + y * y <= 24 * 24; }), false});
    s.shapes.push_back({"ring",
                        ShapeMask(30,
                                  [](std::int64_t x, std::int64_t y) {
                                      const std::int64_t d = x * x + y * y;
                                      return d <= 30 * 30 && d >= 16 * 16;
                                  }),
                        false});
    const Star star;
    s.shapes.push_back(
        {"star", ShapeMask(32, [&star](std::int64_t x, std::int64_t y) { return star.Contains(x, y); }), true});
    s.shapes.push_back({"cross",
                        ShapeMask(26,
                                  [](std::int64_t x, std::int64_t y) {
                                      const std::int64_t ax = x < 0 ? -x : x, ay = y < 0 ? -y : y;
                                      return (ax <= 8 && ay <= 26) || (ay <= 8 && ax <= 26);
                                  }),
                        true});
    s.shapes.push_back({"crescent",
                        ShapeMask(28,
                                  [](std::int64_t x, std::int64_t y) {
                                      return x * x + y * y <= 28 * 28 && (x - 12) * (x - 12) + y * y > 22 * 22;
                                  }),
                        true});
    s.shapes.push_back(
        {"diamond",
         ShapeMask(22, [](std::int64_t x, std::int64_t y) { return (x < 0 ? -x : x) + (y < 0 ? -y : y) <= 22; }),
         false});
    for (const BumperShape& shape : s.shapes)
        s.maxSidePx = std::max({s.maxSidePx, shape.mask.Width(), shape.mask.Height()});
    s.rotations.resize(s.shapes.size());
    for (std::size_t i = 0; i < s.shapes.size(); ++i) {
        if (!s.shapes[i].spins) continue;
        const collide::Mask& m = s.shapes[i].mask;
        for (std::int32_t step = 0; step < BUMPER_ROTATION_STEPS; ++step) {
            collide::ExactTransform t;  // integers: the same baked rotations on every machine
            t.anchorMaskX256 = t.anchorWorldX256 = m.Width() * 128;  // the box's centre, the box at (0, 0)
            t.anchorMaskY256 = t.anchorWorldY256 = m.Height() * 128;
            t.angleMilliDeg = step * (360000 / BUMPER_ROTATION_STEPS);
            s.rotations[i].push_back(collide::BakeTransformed(m, collide::PlaceTransformed(m, t)));
        }
    }
    return s;
}

BumperState NewBumper(const BumperShapes& shapes, std::int32_t count, std::uint64_t seed) {
    BumperState st;
    st.seed = seed;
    // A 16:9 box with BUMPER_AREA_PER_SPRITE_PX of room per sprite.
    // In integers (the same box on every machine): width = sqrt(area * 16 / 9), height = area / width.
    const std::int64_t area = std::int64_t{count} * BUMPER_AREA_PER_SPRITE_PX;
    st.worldWidthPx = static_cast<std::int32_t>(std::max<std::int64_t>(64, IntSqrt(area * 16 / 9)));
    st.worldHeightPx = static_cast<std::int32_t>(std::max<std::int64_t>(64, area / st.worldWidthPx));
    std::uint64_t rng = seed;  // SplitMix64, as the fight's Rng: the scene's set-up is decided by its seed
    st.sprites.resize(static_cast<std::size_t>(count));
    for (BumperSprite& sp : st.sprites) {
        sp.shape = static_cast<std::int32_t>(SplitMix64(rng) % shapes.shapes.size());
        const collide::Mask& m = shapes.shapes[static_cast<std::size_t>(sp.shape)].mask;
        sp.xSubpx =
            static_cast<std::int32_t>(SplitMix64(rng) % static_cast<std::uint64_t>(st.worldWidthPx - m.Width())) *
            SUBPIXELS_PER_PX;
        sp.ySubpx =
            static_cast<std::int32_t>(SplitMix64(rng) % static_cast<std::uint64_t>(st.worldHeightPx - m.Height())) *
            SUBPIXELS_PER_PX;
        // The seed's -3..3 px per tick, in subpixels, never standing still.
        do {
            sp.vxSubpx = static_cast<std::int32_t>(SplitMix64(rng) % 1537) - 768;
            sp.vySubpx = static_cast<std::int32_t>(SplitMix64(rng) % 1537) - 768;
        } while (std::abs(sp.vxSubpx) + std::abs(sp.vySubpx) < 128);
        if (shapes.shapes[static_cast<std::size_t>(sp.shape)].spins) {
            sp.spinMilliDegPerTick = static_cast<std::int32_t>(SplitMix64(rng) % 9001) - 4500;
            sp.angleMilliDeg = static_cast<std::int32_t>(SplitMix64(rng) % 360000);
        }
    }
    return st;
}

collide::Collider BumperCollider(const BumperShapes& shapes, const BumperSprite& sp) {
    const std::int32_t x = ToPx(sp.xSubpx), y = ToPx(sp.ySubpx);
    if (sp.spinMilliDegPerTick != 0) {
        // The baked rotation for this whole degree, moved by whole pixels with the sprite's box.
        const collide::BakedTransform& r =
            shapes.rotations[static_cast<std::size_t>(sp.shape)][static_cast<std::size_t>(BumperRotationIndex(sp))];
        return collide::Collider{&r.mask, collide::Placement{x + r.offsetWorld.x, y + r.offsetWorld.y}, nullptr};
    }
    return collide::Collider{&shapes.shapes[static_cast<std::size_t>(sp.shape)].mask, collide::Placement{x, y},
                             nullptr};
}

void FindBumperContacts(const BumperShapes& shapes, const BumperState& st, BumperScratch& sc, BumperStats* stats,
                        std::uint64_t (*nowNanos)()) {
    const std::size_t n = st.sprites.size();
    const double t0 = Now(nowNanos);
    sc.boxes.resize(n);
    sc.placed.resize(n);
    // Each sprite's mask and place once a tick (a pair's two sprites are looked up by index
    // below): every collider here is axis-aligned, rotations being baked.
    for (std::size_t i = 0; i < n; ++i) {
        const collide::Collider c = BumperCollider(shapes, st.sprites[i]);
        sc.placed[i] = PlacedMask{c.mask, c.placement.worldX, c.placement.worldY};
        sc.boxes[i] = collide::PlacedBounds(*c.mask, c.placement);
    }
    // Cells twice the largest sprite's side, so that every box, a baked rotation's too (up to
    // 1.42 times a side), fits one cell: the grid then puts each box in one cell only.
    if (sc.grid.CellSizePx() < 2 * shapes.maxSidePx)
        sc.grid = collide::UniformGrid(2 * shapes.maxSidePx, sc.grid.Scan());
    sc.grid.FindPairs(sc.boxes, sc.pairs);
    const double t1 = Now(nowNanos);
    sc.contacts.clear();
    for (const collide::IndexPair p : sc.pairs) {
        const PlacedMask& a = sc.placed[static_cast<std::size_t>(p.a)];
        const PlacedMask& b = sc.placed[static_cast<std::size_t>(p.b)];
        if (collide::QueryOverlap(*a.mask, collide::Placement{a.worldX, a.worldY}, *b.mask,
                                  collide::Placement{b.worldX, b.worldY})
                .hit)
            sc.contacts.push_back(p);
    }
    const double t2 = Now(nowNanos);
    if (stats != nullptr) {
        stats->count = static_cast<std::int32_t>(n);
        stats->pairsAfterBroadPhase = static_cast<std::int32_t>(sc.pairs.size());
        stats->gridTests = sc.grid.LastTests();
        stats->contacts = static_cast<std::int32_t>(sc.contacts.size());
        stats->broadMicros = t1 - t0;
        stats->narrowMicros = t2 - t1;
    }
}

namespace {

void SortByTile(BumperState& st, BumperScratch& sc) {
    // 64 px tiles: 2^(8+6) subpixels. Positions are clamped inside the world, so never negative.
    const auto tileOf = [](std::int32_t subpx) { return static_cast<std::size_t>(std::max(subpx, 0) >> 14); };
    const std::size_t cols = tileOf(st.worldWidthPx * SUBPIXELS_PER_PX) + 1,
                      rows = tileOf(st.worldHeightPx * SUBPIXELS_PER_PX) + 1;
    const auto keyOf = [&](const BumperSprite& sp) {
        return std::min(tileOf(sp.ySubpx), rows - 1) * cols + std::min(tileOf(sp.xSubpx), cols - 1);
    };
    sc.tileStart.assign(rows * cols + 1, 0);
    for (const BumperSprite& sp : st.sprites) ++sc.tileStart[keyOf(sp) + 1];
    for (std::size_t t = 0; t + 1 < sc.tileStart.size(); ++t) sc.tileStart[t + 1] += sc.tileStart[t];
    sc.sortedSprites.resize(st.sprites.size());
    for (const BumperSprite& sp : st.sprites)
        sc.sortedSprites[static_cast<std::size_t>(sc.tileStart[keyOf(sp)]++)] = sp;
    st.sprites.swap(sc.sortedSprites);
}

}  // namespace

void StepBumper(const BumperShapes& shapes, BumperState& st, BumperScratch& sc, BumperStats* stats,
                std::uint64_t (*nowNanos)()) {
    ++st.tick;
    // Motion, and the walls: a sprite that would leave the box turns back.
    for (BumperSprite& sp : st.sprites) {
        const collide::Mask& m = shapes.shapes[static_cast<std::size_t>(sp.shape)].mask;
        sp.xSubpx += sp.vxSubpx;
        sp.ySubpx += sp.vySubpx;
        const std::int32_t maxX = (st.worldWidthPx - m.Width()) * SUBPIXELS_PER_PX,
                           maxY = (st.worldHeightPx - m.Height()) * SUBPIXELS_PER_PX;
        if (sp.xSubpx < 0 || sp.xSubpx > maxX) sp.vxSubpx = -sp.vxSubpx, sp.xSubpx = std::clamp(sp.xSubpx, 0, maxX);
        if (sp.ySubpx < 0 || sp.ySubpx > maxY) sp.vySubpx = -sp.vySubpx, sp.ySubpx = std::clamp(sp.ySubpx, 0, maxY);
        sp.angleMilliDeg = ((sp.angleMilliDeg + sp.spinMilliDegPerTick) % 360000 + 360000) % 360000;
    }
    // Every so often the sprites are put in row-major order of 64 px tiles, so neighbours in the
    // world are neighbours in memory: the broad phase's cells and the pixel tests then touch
    // memory in order, and the cost per sprite stays flat as the count grows. A counting sort by
    // tile into scratch buffers: linear, stable (ties keep their order, so the order is a pure
    // function of the state and the scene stays deterministic), no allocation once warm.
    if (st.tick % SORT_EVERY_TICKS == 0) SortByTile(st, sc);
    // Phase one: record every contact (Hit() in the seed). Nothing moves here.
    FindBumperContacts(shapes, st, sc, stats, nowNanos);
    const double t0 = Now(nowNanos);
    // Phase two: react (Update() in the seed). Each sprite turns away from the sum of its partners'
    // directions: a velocity component pointing toward them flips. Order-independent.
    sc.pushX.assign(st.sprites.size(), 0);
    sc.pushY.assign(st.sprites.size(), 0);
    for (const collide::IndexPair p : sc.contacts) {
        const BumperSprite& a = st.sprites[static_cast<std::size_t>(p.a)];
        const BumperSprite& b = st.sprites[static_cast<std::size_t>(p.b)];
        const collide::Mask& ma = shapes.shapes[static_cast<std::size_t>(a.shape)].mask;
        const collide::Mask& mb = shapes.shapes[static_cast<std::size_t>(b.shape)].mask;
        const std::int64_t dx =
            (std::int64_t{a.xSubpx} + ma.Width() * 128) - (std::int64_t{b.xSubpx} + mb.Width() * 128);
        const std::int64_t dy =
            (std::int64_t{a.ySubpx} + ma.Height() * 128) - (std::int64_t{b.ySubpx} + mb.Height() * 128);
        sc.pushX[static_cast<std::size_t>(p.a)] += dx, sc.pushY[static_cast<std::size_t>(p.a)] += dy;
        sc.pushX[static_cast<std::size_t>(p.b)] -= dx, sc.pushY[static_cast<std::size_t>(p.b)] -= dy;
    }
    for (const collide::IndexPair p : sc.contacts)
        ++st.sprites[static_cast<std::size_t>(p.a)].hits, ++st.sprites[static_cast<std::size_t>(p.b)].hits;
    for (std::size_t i = 0; i < st.sprites.size(); ++i) {
        BumperSprite& sp = st.sprites[i];
        if (std::int64_t{sp.vxSubpx} * sc.pushX[i] < 0) sp.vxSubpx = -sp.vxSubpx;
        if (std::int64_t{sp.vySubpx} * sc.pushY[i] < 0) sp.vySubpx = -sp.vySubpx;
    }
    st.lastContacts = static_cast<std::int32_t>(sc.contacts.size());
    st.totalContacts += st.lastContacts;
    if (stats != nullptr) stats->reactMicros = Now(nowNanos) - t0;
}

std::uint64_t HashBumper(const BumperState& st) {
    Fnv1a64 h;
    // Every field as 8 little-endian bytes, signed values sign-extended.
    const auto add = [&](std::int64_t v) { h.U64(static_cast<std::uint64_t>(v)); };
    add(static_cast<std::int64_t>(st.seed)), add(static_cast<std::int64_t>(st.tick)), add(st.worldWidthPx),
        add(st.worldHeightPx);
    for (const BumperSprite& sp : st.sprites) {
        add(sp.xSubpx), add(sp.ySubpx), add(sp.vxSubpx), add(sp.vySubpx), add(sp.shape), add(sp.angleMilliDeg);
        add(sp.spinMilliDegPerTick), add(sp.hits);
    }
    add(st.totalContacts), add(st.lastContacts);
    return h.Value();
}

}  // namespace game
