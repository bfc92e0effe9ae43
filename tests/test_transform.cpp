// The transformed query (rotation and scale about an anchor) against its definition: every world
// pixel's centre mapped through the frozen fixed-point inverse, sampled nearest-neighbour.
#include "collide/collide.h"
#include "random_masks.h"
#include "reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

namespace {

using collide::Channel;
using collide::Flip;
using collide::Mask;
using collide::Placement;
using collide::Point;
using collide::QueryMode;
using collide::Rect;
using collide::Transform;

using testmasks::Solid;

// Whether world pixel (wx, wy)'s sample, through the placement's own integers (the definition),
// lands inside `tight`, in mask pixels: the pixels whose box is boundsWorld.
bool SampleLandsIn(const collide::TransformedPlacement& placed, Rect tight, int wx, int wy) {
    const std::int64_t dx = wx - placed.originWorldX, dy = wy - placed.originWorldY;
    const std::int64_t mx = (placed.u0 + dx * placed.uPerX + dy * placed.uPerY) >> 32;
    const std::int64_t my = (placed.v0 + dx * placed.vPerX + dy * placed.vPerY) >> 32;
    return tight.Contains(static_cast<int>(mx), static_cast<int>(my));
}

TEST(Transform, IdentityEqualsTheAxisAlignedQuery) {
    std::mt19937_64 rng(5);
    for (int i = 0; i < 300; ++i) {
        const auto ea = testmasks::MakeEntry(rng, 120), eb = testmasks::MakeEntry(rng, 120);
        const int ax = static_cast<int>(rng() % 41) - 20, ay = static_cast<int>(rng() % 41) - 20;
        const bool flipA = rng() & 1, flipB = rng() & 1;
        Transform t;
        t.anchorWorldX = ax;
        t.anchorWorldY = ay;
        t.flip = flipA ? Flip::Horizontal : Flip::None;
        t.anchorMaskX = flipA ? ea.grid.w / 2.0 : 0.0;  // a flip mirrors about the anchor
        if (flipA) t.anchorWorldX = ax + ea.grid.w / 2.0;
        const auto placed = collide::PlaceTransformed(ea.masks.any, t);
        const Placement pa{ax, ay, flipA ? Flip::Horizontal : Flip::None};
        const Placement pb{static_cast<int>(rng() % 61) - 30, static_cast<int>(rng() % 61) - 30,
                           flipB ? Flip::Horizontal : Flip::None};
        ASSERT_EQ(placed.boundsWorld, collide::PlacedBounds(ea.masks.any, pa)) << i;
        const auto want = collide::QueryOverlap(ea.masks.any, pa, eb.masks.any, pb, QueryMode::CountAll);
        const auto got = collide::QueryTransformedOverlap(ea.masks.any, placed, eb.masks.any, pb, QueryMode::CountAll);
        ASSERT_EQ(got.hit, want.hit) << i;
        ASSERT_EQ(got.pixelCount, want.pixelCount) << i;
        ASSERT_EQ(got.overlap, want.overlap) << i;
        if (want.hit) {
            ASSERT_EQ(got.first, want.first) << i;
        }
    }
}

TEST(Transform, QuarterTurnOfABarAboutItsCentre) {
    // A 9x1 bar turned 90 degrees about its centre becomes a 1x9 column through the anchor.
    const Mask bar = Solid(9, 1);
    Transform t;
    t.anchorMaskX = 4.5;
    t.anchorMaskY = 0.5;
    t.anchorWorldX = 100.5;
    t.anchorWorldY = 50.5;
    t.angleRadians = std::numbers::pi / 2;
    const auto placed = collide::PlaceTransformed(bar, t);
    EXPECT_EQ(placed.boundsWorld, (Rect{100, 46, 1, 9}));
    EXPECT_TRUE(collide::IsHotAtTransformed(bar, placed, 100, 46));
    EXPECT_TRUE(collide::IsHotAtTransformed(bar, placed, 100, 54));
    EXPECT_FALSE(collide::IsHotAtTransformed(bar, placed, 101, 50));
    const Mask dot = Solid(1, 1);
    const auto r = collide::QueryTransformedOverlap(bar, placed, dot, {100, 54}, QueryMode::CountAll);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.first, (Point{100, 54}));
    EXPECT_FALSE(collide::QueryTransformedOverlap(bar, placed, dot, {101, 54}).hit);
}

TEST(Transform, ScaleTwoDoublesEachPixel) {
    const Mask dot = Solid(1, 1);
    Transform t;
    t.scale = 2.0;
    t.anchorWorldX = 10;
    t.anchorWorldY = 20;
    const auto placed = collide::PlaceTransformed(dot, t);
    EXPECT_EQ(placed.boundsWorld, (Rect{10, 20, 2, 2}));
    const Mask big = Solid(50, 50);
    EXPECT_EQ(collide::QueryTransformedOverlap(dot, placed, big, {0, 0}, QueryMode::CountAll).pixelCount, 4);
}

TEST(Transform, FixedPointSamplesMatchDoubleMathAwayFromTexelEdges) {
    // The definition is the fixed-point one; it must also be the geometry a person expects.
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> angle(-4.0, 4.0), scale(0.25, 4.0), pos(-300.0, 300.0);
    int checked = 0;
    for (int i = 0; i < 200; ++i) {
        Transform t;
        t.angleRadians = angle(rng);
        t.scale = scale(rng);
        t.anchorMaskX = 17.25;
        t.anchorMaskY = 9.5;
        t.anchorWorldX = pos(rng);
        t.anchorWorldY = pos(rng);
        const auto p = collide::PlaceTransformed(Solid(40, 20), t);
        for (int k = 0; k < 200; ++k) {
            const int wx = static_cast<int>(std::floor(t.anchorWorldX)) + static_cast<int>(rng() % 81) - 40;
            const int wy = static_cast<int>(std::floor(t.anchorWorldY)) + static_cast<int>(rng() % 81) - 40;
            const double dx = wx + 0.5 - t.anchorWorldX, dy = wy + 0.5 - t.anchorWorldY;
            const double c = std::cos(t.angleRadians), s = std::sin(t.angleRadians);
            const double u = (c * dx + s * dy) / t.scale + t.anchorMaskX;
            const double v = (-s * dx + c * dy) / t.scale + t.anchorMaskY;
            if (std::abs(u - std::round(u)) < 1e-6 || std::abs(v - std::round(v)) < 1e-6) continue;
            const std::int64_t dxi = wx - p.originWorldX, dyi = wy - p.originWorldY;
            ASSERT_EQ((p.u0 + dxi * p.uPerX + dyi * p.uPerY) >> 32, static_cast<std::int64_t>(std::floor(u)));
            ASSERT_EQ((p.v0 + dxi * p.vPerX + dyi * p.vPerY) >> 32, static_cast<std::int64_t>(std::floor(v)));
            ++checked;
        }
    }
    EXPECT_GT(checked, 30000);
}

TEST(TransformDifferential, RandomTransformsAgreeWithReferenceSampling) {
    std::mt19937_64 rng(424242);
    std::vector<testmasks::Entry> pool;
    for (int i = 0; i < 120; ++i) pool.push_back(testmasks::MakeEntry(rng, 96));
    std::uniform_real_distribution<double> angle(-7.0, 7.0), unit(0.0, 1.0);
    constexpr int CASES = 15000;
    int failures = 0, hits = 0;
    std::vector<Point> pixels(20000);
    for (int i = 0; i < CASES && failures < 5; ++i) {
        const auto& ea = pool[rng() % pool.size()];
        const auto& eb = pool[rng() % pool.size()];
        const auto cha = Channel(rng() % 3), chb = Channel(rng() % 3);
        Transform t;
        t.angleRadians = (rng() % 4 == 0) ? (rng() % 8) * std::numbers::pi / 4 : angle(rng);
        // Scales like 0.5 and 2 with integer anchors put pixel centres exactly on texel edges:
        // the half-open rule must decide them the same way everywhere.
        static constexpr double EXACT_SCALES[] = {0.25, 0.5, 1.0, 2.0, 3.0};
        t.scale = (rng() % 2 == 0) ? EXACT_SCALES[rng() % 5] : 0.3 + unit(rng) * 2.5;
        t.anchorMaskX = unit(rng) * ea.grid.w;
        t.anchorMaskY = unit(rng) * ea.grid.h;
        t.anchorWorldX = -200 + unit(rng) * 400;
        t.anchorWorldY = -200 + unit(rng) * 400;
        if (rng() % 2 == 0) {
            t.anchorWorldX = std::round(t.anchorWorldX);
            t.anchorWorldY = std::round(t.anchorWorldY);
            t.anchorMaskX = std::round(t.anchorMaskX);
            t.anchorMaskY = std::round(t.anchorMaskY);
        }
        t.flip = (rng() & 1) ? Flip::Horizontal : Flip::None;
        const Mask& ma = ea.masks.Get(cha);
        const Mask& mb = eb.masks.Get(chb);
        const auto placed = collide::PlaceTransformed(ma, t);
        const Placement pb{
            static_cast<int>(std::floor(t.anchorWorldX)) + static_cast<int>(rng() % 201) - 100 - eb.grid.w / 2,
            static_cast<int>(std::floor(t.anchorWorldY)) + static_cast<int>(rng() % 201) - 100 - eb.grid.h / 2,
            (rng() & 1) ? Flip::Horizontal : Flip::None};
        const ref::Placed rb{&eb.grid, chb, pb.worldX, pb.worldY, pb.flip == Flip::Horizontal};

        // Reference: every world pixel of a generous region, sampled by the definition; the exact
        // world box is the set of pixels whose sample lands inside A's tight bounds.
        const double reach = (std::hypot(ea.grid.w, ea.grid.h) + 2) * t.scale + 4;
        const int x0 = static_cast<int>(std::floor(t.anchorWorldX - reach)),
                  x1 = static_cast<int>(std::ceil(t.anchorWorldX + reach));
        const int y0 = static_cast<int>(std::floor(t.anchorWorldY - reach)),
                  y1 = static_cast<int>(std::ceil(t.anchorWorldY + reach));
        const Rect tightA = ref::Placed{&ea.grid, cha, 0, 0, false}.TightBounds();
        Rect boundsA{};
        ref::Result want;
        std::vector<Point> wantPixels;
        for (int wy = y0; wy <= y1; ++wy) {
            for (int wx = x0; wx <= x1; ++wx) {
                if (!SampleLandsIn(placed, tightA, wx, wy)) continue;
                boundsA = collide::UniteRects(boundsA, Rect{wx, wy, 1, 1});
                if (ref::SampleTransformed(ea.grid, cha, placed, wx, wy) && rb.HotWorld(wx, wy)) {
                    if (!want.hit) want.first = Point{wx, wy};
                    want.hit = true;
                    ++want.count;
                    wantPixels.push_back(Point{wx, wy});
                }
            }
        }
        want.overlap = ref::Intersect(boundsA, rb.TightBounds());

        const auto full = collide::QueryTransformedOverlap(ma, placed, mb, pb, QueryMode::CountAll, pixels);
        const auto early = collide::QueryTransformedOverlap(ma, placed, mb, pb, QueryMode::FirstHit);
        const bool same = placed.boundsWorld == boundsA && full.hit == want.hit && full.pixelCount == want.count &&
                          full.overlap == want.overlap && (!want.hit || full.first == want.first) &&
                          early.hit == want.hit && (!want.hit || early.first == want.first) &&
                          full.pixelsWritten == static_cast<int>(wantPixels.size()) &&
                          std::equal(wantPixels.begin(), wantPixels.end(), pixels.begin());
        if (!same) {
            ++failures;
            ADD_FAILURE() << "case " << i << ": angle " << t.angleRadians << " scale " << t.scale << " anchor "
                          << t.anchorMaskX << "," << t.anchorMaskY << " at " << t.anchorWorldX << "," << t.anchorWorldY
                          << " flip " << int(t.flip) << "\n  bounds want " << boundsA.x << "," << boundsA.y << ","
                          << boundsA.w << "," << boundsA.h << " got " << placed.boundsWorld.x << ","
                          << placed.boundsWorld.y << "," << placed.boundsWorld.w << "," << placed.boundsWorld.h
                          << "\n  want hit " << want.hit << " count " << want.count << " got " << full.hit << " "
                          << full.pixelCount;
        }
        hits += want.hit;
    }
    EXPECT_GT(hits, CASES / 10);
}

}  // namespace

namespace {

// One random transform for a w x h mask: the edge cases on purpose as often as the general ones.
Transform RandomTransform(std::mt19937_64& rng, int w, int h) {
    std::uniform_real_distribution<double> angle(-7.0, 7.0), unit(0.0, 1.0);
    Transform t;
    switch (rng() % 4) {
        case 0:  // quarter turns (0, 90, 180, 270 degrees): samples fall exactly on texel edges
            t.angleRadians = static_cast<double>(rng() % 4) * std::numbers::pi / 2;
            break;
        case 1:
            t.angleRadians = static_cast<double>(rng() % 8) * std::numbers::pi / 4;
            break;
        default:
            t.angleRadians = angle(rng);
    }
    // Below 1 (point sampling skips mask pixels), exact powers of two, and in between.
    static constexpr double EXACT_SCALES[] = {Transform::MIN_SCALE, 0.25, 0.5, 1.0, 2.0, 3.0};
    switch (rng() % 3) {
        case 0:
            t.scale = EXACT_SCALES[rng() % 6];
            break;
        case 1:
            t.scale = 0.2 + unit(rng) * 0.8;
            break;
        default:
            t.scale = 1.0 + unit(rng) * 1.8;
    }
    // Anchors at the centre, at a corner, anywhere inside or a little outside the mask.
    switch (rng() % 4) {
        case 0:
            t.anchorMaskX = w / 2.0, t.anchorMaskY = h / 2.0;
            break;
        case 1:
            t.anchorMaskX = (rng() & 1) ? 0.0 : w, t.anchorMaskY = (rng() & 1) ? 0.0 : h;
            break;
        case 2:
            t.anchorMaskX = -4 + unit(rng) * (w + 8), t.anchorMaskY = -4 + unit(rng) * (h + 8);
            break;
        default:
            t.anchorMaskX = unit(rng) * w, t.anchorMaskY = unit(rng) * h;
    }
    t.anchorWorldX = -150 + unit(rng) * 300;
    t.anchorWorldY = -150 + unit(rng) * 300;
    if (rng() % 2 == 0) {  // whole-pixel anchors put pixel centres on mask pixel edges at exact scales
        t.anchorWorldX = std::round(t.anchorWorldX), t.anchorWorldY = std::round(t.anchorWorldY);
        t.anchorMaskX = std::round(t.anchorMaskX), t.anchorMaskY = std::round(t.anchorMaskY);
    }
    t.flip = (rng() & 1) ? Flip::Horizontal : Flip::None;
    return t;
}

// The placed bounds skip blocks of rows that cannot change them (transform.cpp: SlantedBounds).
// Against every world pixel's sample, on the masks where that could go wrong: slivers one or two
// pixels thick (turned, their rows come and go: a row with no column can sit between rows with
// columns), tall ones (many blocks), and tiny scales down to MIN_SCALE, at any angle.
TEST(Transform, BoundsAreExactOnSliversTallMasksAndTinyScales) {
    std::mt19937_64 rng(5150);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    int skippedShapes = 0;
    for (int i = 0; i < 3000; ++i) {
        const int kind = static_cast<int>(rng() % 3);
        const int w = kind == 0 ? 1 + static_cast<int>(rng() % 2) : 1 + static_cast<int>(rng() % 40);
        const int h = kind == 1 ? 1 + static_cast<int>(rng() % 2) : 1 + static_cast<int>(rng() % 300);
        Mask m(w + 2, h + 2);
        // The tight bounds matter, not what is inside: set two opposite corners, and a few pixels.
        m.Set(1, 1);
        m.Set(w, h);
        for (int k = 0; k < 3; ++k) m.Set(1 + static_cast<int>(rng() % w), 1 + static_cast<int>(rng() % h));
        Transform t;
        t.angleRadians = unit(rng) * 2 * std::numbers::pi;
        t.scale = rng() % 3 == 0 ? Transform::MIN_SCALE + unit(rng) * 0.2 : 0.2 + unit(rng) * 3.0;
        t.anchorMaskX = unit(rng) * (w + 2);
        t.anchorMaskY = unit(rng) * (h + 2);
        t.anchorWorldX = -100 + unit(rng) * 200;
        t.anchorWorldY = -100 + unit(rng) * 200;
        t.flip = (rng() & 1) ? Flip::Horizontal : Flip::None;
        const auto placed = collide::PlaceTransformed(m, t);
        const Rect tight = m.Bounds();
        const int reach = static_cast<int>((std::hypot(w + 2, h + 2) + 2) * t.scale) + 4;
        const int cx = static_cast<int>(std::floor(t.anchorWorldX)), cy = static_cast<int>(std::floor(t.anchorWorldY));
        Rect want{};
        for (int wy = cy - reach; wy <= cy + reach; ++wy) {
            for (int wx = cx - reach; wx <= cx + reach; ++wx) {
                if (SampleLandsIn(placed, tight, wx, wy)) want = collide::UniteRects(want, Rect{wx, wy, 1, 1});
            }
        }
        ASSERT_EQ(placed.boundsWorld, want)
            << "case " << i << " mask " << w << "x" << h << " angle " << t.angleRadians << " scale " << t.scale;
        skippedShapes += want.h > 24;  // tall enough for whole blocks of rows to be skipped
    }
    EXPECT_GT(skippedShapes, 500);
}

TEST(TransformPairDifferential, RandomPairsAgreeWithReferenceSampling) {
    std::mt19937_64 rng(77001);
    std::vector<testmasks::Entry> pool;
    for (int i = 0; i < 80; ++i) pool.push_back(testmasks::MakeEntry(rng, 48));
    constexpr int CASES = 6000;
    int failures = 0, hits = 0, boxOnly = 0, empties = 0;
    std::vector<Point> pixels(20000);
    for (int i = 0; i < CASES && failures < 5; ++i) {
        const auto& ea = pool[rng() % pool.size()];
        const auto& eb = pool[rng() % pool.size()];
        const auto cha = Channel(rng() % 3), chb = Channel(rng() % 3);
        const Mask& ma = ea.masks.Get(cha);
        const Mask& mb = eb.masks.Get(chb);
        const Transform ta = RandomTransform(rng, ea.grid.w, ea.grid.h);
        Transform tb = RandomTransform(rng, eb.grid.w, eb.grid.h);
        // B's anchor near A's: overlapping, contained, touching or apart.
        const double near =
            (std::hypot(ea.grid.w, ea.grid.h) * ta.scale + std::hypot(eb.grid.w, eb.grid.h) * tb.scale) / 3 + 2;
        std::uniform_real_distribution<double> offset(-near, near);
        tb.anchorWorldX = ta.anchorWorldX + offset(rng);
        tb.anchorWorldY = ta.anchorWorldY + offset(rng);
        if (rng() % 2 == 0)
            tb.anchorWorldX = std::round(tb.anchorWorldX), tb.anchorWorldY = std::round(tb.anchorWorldY);
        const auto pa = collide::PlaceTransformed(ma, ta);
        const auto pb = collide::PlaceTransformed(mb, tb);

        const Rect reachA = ref::TransformReach(ea.grid.w, ea.grid.h, ta),
                   reachB = ref::TransformReach(eb.grid.w, eb.grid.h, tb);
        const Rect boundsA = ref::TransformedBounds(ea.grid, cha, pa, reachA);
        const Rect boundsB = ref::TransformedBounds(eb.grid, chb, pb, reachB);
        // The reference must have looked far enough: nothing may touch the edge of its region.
        ASSERT_TRUE(boundsA.IsEmpty() || (boundsA.x > reachA.x && boundsA.Right() < reachA.Right() &&
                                          boundsA.y > reachA.y && boundsA.Bottom() < reachA.Bottom()))
            << i;
        ASSERT_TRUE(boundsB.IsEmpty() || (boundsB.x > reachB.x && boundsB.Right() < reachB.Right() &&
                                          boundsB.y > reachB.y && boundsB.Bottom() < reachB.Bottom()))
            << i;
        const ref::Result want = ref::OverlapTransformedPair(ea.grid, cha, pa, eb.grid, chb, pb, boundsA, boundsB,
                                                             ref::Intersect(reachA, reachB));

        const auto full = collide::QueryTransformedPair(ma, pa, mb, pb, QueryMode::CountAll, pixels);
        const auto early = collide::QueryTransformedPair(ma, pa, mb, pb, QueryMode::FirstHit);
        // The game's entry point must pick the pair query and give the same answer.
        const collide::Collider ca{&ma, {}, &pa}, cb{&mb, {}, &pb};
        const auto viaColliders = collide::QueryColliders(ca, cb, QueryMode::CountAll);
        const bool same =
            pa.boundsWorld == boundsA && pb.boundsWorld == boundsB && full.hit == want.hit &&
            full.pixelCount == want.count && full.overlap == want.overlap && (!want.hit || full.first == want.first) &&
            early.hit == want.hit && early.overlap == want.overlap && early.pixelCount == 0 &&
            (!want.hit || early.first == want.first) && full.pixelsWritten == static_cast<int>(want.pixels.size()) &&
            std::equal(want.pixels.begin(), want.pixels.end(), pixels.begin()) && viaColliders.hit == want.hit &&
            viaColliders.pixelCount == want.count && viaColliders.overlap == want.overlap &&
            (!want.hit || viaColliders.first == want.first);
        if (!same) {
            ++failures;
            ADD_FAILURE() << "case " << i << ": A " << ea.grid.w << "x" << ea.grid.h << " angle " << ta.angleRadians
                          << " scale " << ta.scale << " anchor " << ta.anchorMaskX << "," << ta.anchorMaskY << " at "
                          << ta.anchorWorldX << "," << ta.anchorWorldY << " flip " << int(ta.flip) << "; B "
                          << eb.grid.w << "x" << eb.grid.h << " angle " << tb.angleRadians << " scale " << tb.scale
                          << " anchor " << tb.anchorMaskX << "," << tb.anchorMaskY << " at " << tb.anchorWorldX << ","
                          << tb.anchorWorldY << " flip " << int(tb.flip) << "\n  want hit " << want.hit << " count "
                          << want.count << " first " << want.first.x << "," << want.first.y << "\n  got  hit "
                          << full.hit << " count " << full.pixelCount << " first " << full.first.x << ","
                          << full.first.y << " early " << early.hit << " " << early.first.x << "," << early.first.y;
        }
        hits += want.hit;
        boxOnly += !want.hit && !want.overlap.IsEmpty();
        empties += boundsA.IsEmpty() || boundsB.IsEmpty();
    }
    // The generator must exercise every outcome: hits, boxes that overlap without a hit, empty masks.
    EXPECT_GT(hits, CASES / 10);
    EXPECT_GT(boxOnly, CASES / 20);
    EXPECT_GT(empties, CASES / 50);
}

TEST(TransformPair, SolidSquaresTouchingOrOverlappingByOneColumnUnderQuarterTurns) {
    // Two 6x4 solids turned by the same quarter turn about their centres: B's anchor one box width
    // (as turned) from A's makes the boxes touch (half-open: no overlap); one pixel less overlaps
    // exactly one column (or row) of pixels.
    const Mask a = Solid(6, 4), b = Solid(6, 4);
    for (int quarter = 0; quarter < 4; ++quarter) {
        for (const Flip flip : {Flip::None, Flip::Horizontal}) {
            Transform t;
            t.angleRadians = quarter * std::numbers::pi / 2;
            t.anchorMaskX = 3.0, t.anchorMaskY = 2.0;
            t.anchorWorldX = 20.0, t.anchorWorldY = 30.0;
            t.flip = flip;
            const auto pa = collide::PlaceTransformed(a, t);
            const bool upright = quarter % 2 == 0;
            ASSERT_EQ(pa.boundsWorld, upright ? (Rect{17, 28, 6, 4}) : (Rect{18, 27, 4, 6})) << quarter;
            const int across = upright ? 6 : 4, down = upright ? 4 : 6;
            for (const int gap : {0, 1}) {  // 0: touching, 1: one pixel of overlap
                Transform tb = t;
                tb.anchorWorldX += across - gap;
                const auto pb = collide::PlaceTransformed(b, tb);
                const auto r = collide::QueryTransformedPair(a, pa, b, pb, QueryMode::CountAll);
                if (gap == 0) {
                    EXPECT_FALSE(r.hit) << quarter;
                    EXPECT_TRUE(r.overlap.IsEmpty()) << quarter;
                } else {
                    EXPECT_TRUE(r.hit) << quarter;
                    EXPECT_EQ(r.pixelCount, down) << quarter;
                    EXPECT_EQ(r.first, (Point{pb.boundsWorld.x, pb.boundsWorld.y})) << quarter;
                    EXPECT_EQ(r.overlap, (Rect{pb.boundsWorld.x, pb.boundsWorld.y, 1, down})) << quarter;
                }
            }
        }
    }
}

TEST(TransformPair, EmptyMaskNeverCollides) {
    const Mask empty(8, 8), solid = Solid(8, 8);
    Transform t;
    t.anchorMaskX = 4, t.anchorMaskY = 4, t.anchorWorldX = 10, t.anchorWorldY = 10, t.angleRadians = 0.7;
    const auto pe = collide::PlaceTransformed(empty, t);
    const auto ps = collide::PlaceTransformed(solid, t);
    EXPECT_TRUE(pe.boundsWorld.IsEmpty());
    for (const auto& r : {collide::QueryTransformedPair(empty, pe, solid, ps, QueryMode::CountAll),
                          collide::QueryTransformedPair(solid, ps, empty, pe, QueryMode::CountAll)}) {
        EXPECT_FALSE(r.hit);
        EXPECT_EQ(r.pixelCount, 0);
        EXPECT_EQ(r.overlap, Rect{});
    }
    const auto self = collide::QueryTransformedPair(solid, ps, solid, ps, QueryMode::CountAll);
    EXPECT_TRUE(self.hit);
    EXPECT_EQ(self.overlap, ps.boundsWorld);
}

}  // namespace

// ExactTransform: the simulation's rotations, from integers alone (netplay compares hashes across
// machines, so no libm may decide a sample).
namespace {

using collide::ExactTransform;

TEST(ExactTransform, UnitVectorIsWithinTwoToTheMinus25OfLibmEverywhere) {
    // libm is the oracle here, not the implementation: 1/2^25 is 3.0e-8 (1.6e-8 measured).
    const double tolerance = 1.0 / (1 << 25), one = 1 << 30;
    double worst = 0.0;
    for (std::int64_t a = -720000; a <= 720000; a += 7) {
        const auto v = collide::UnitVectorOf(static_cast<std::int32_t>(a));
        const double radians = static_cast<double>(a) / 1000.0 * std::numbers::pi / 180.0;
        worst = std::max({worst, std::abs(v.cos / one - std::cos(radians)), std::abs(v.sin / one - std::sin(radians))});
    }
    EXPECT_LE(worst, tolerance);
}

TEST(ExactTransform, QuarterTurnsAreExactAndEveryTurnRepeats) {
    const std::int64_t one = std::int64_t{1} << 30;
    const std::pair<std::int32_t, collide::UnitVectorQ30> quarters[] = {
        {0, {one, 0}},       {90000, {0, one}},  {180000, {-one, 0}},  {270000, {0, -one}},
        {-90000, {0, -one}}, {360000, {one, 0}}, {-1980000, {-one, 0}}};
    for (const auto& [angle, want] : quarters) {
        const auto got = collide::UnitVectorOf(angle);
        EXPECT_EQ(got.cos, want.cos) << angle;
        EXPECT_EQ(got.sin, want.sin) << angle;
    }
    std::mt19937_64 rng(90);
    for (int i = 0; i < 2000; ++i) {
        const auto a = static_cast<std::int32_t>(static_cast<std::int64_t>(rng() % 4000000) - 2000000);
        const auto v = collide::UnitVectorOf(a), w = collide::UnitVectorOf(a + 360000);
        const auto q = collide::UnitVectorOf(a + 90000);  // a quarter turn on: (-sin, cos), exactly
        ASSERT_EQ(v.cos, w.cos) << a;
        ASSERT_EQ(v.sin, w.sin) << a;
        ASSERT_EQ(q.cos, -v.sin) << a;
        ASSERT_EQ(q.sin, v.cos) << a;
    }
    // The extremes of int32 reduce without overflow.
    const auto lo = collide::UnitVectorOf(INT32_MIN), hi = collide::UnitVectorOf(INT32_MAX);
    EXPECT_EQ(lo.cos, collide::UnitVectorOf(INT32_MIN % 360000).cos);
    EXPECT_EQ(hi.sin, collide::UnitVectorOf(INT32_MAX % 360000).sin);
}

TEST(ExactTransform, PinnedFixedPointOnEveryMachine) {
    // The placement's integers for a few angles, pinned: a change of the arithmetic (a different
    // table, rounding or order) fails here before it moves a rotated pixel in a replay.
    const Mask m = Solid(29, 29);
    std::uint64_t h = 1469598103934665603ull;
    const auto mix = [&h](std::int64_t v) {
        for (int i = 0; i < 8; ++i) h = (h ^ ((static_cast<std::uint64_t>(v) >> (8 * i)) & 0xFF)) * 1099511628211ull;
    };
    for (const std::int32_t angle : {0, 1, 15000, 30000, 45000, 123456, 200000, 359999, -7000}) {
        for (const Flip flip : {Flip::None, Flip::Horizontal}) {
            ExactTransform t;
            t.anchorMaskX256 = 14 * 256 + 128;
            t.anchorMaskY256 = 14 * 256 + 128;
            t.anchorWorldX256 = 300 * 256 + 128;
            t.anchorWorldY256 = 200 * 256 + 77;
            t.angleMilliDeg = angle;
            t.flip = flip;
            const auto p = collide::PlaceTransformed(m, t);
            for (const std::int64_t v : {p.u0, p.v0, p.uPerX, p.uPerY, p.vPerX, p.vPerY}) mix(v);
            for (const std::int32_t v : {p.boundsWorld.x, p.boundsWorld.y, p.boundsWorld.w, p.boundsWorld.h}) mix(v);
        }
    }
    EXPECT_EQ(h, 0x14ea4e22047d02a2ull) << std::hex << "0x" << h;
}

TEST(ExactTransform, UnturnedAtPixelCentresIsTheAxisAlignedPlacement) {
    std::mt19937_64 rng(6);
    for (int i = 0; i < 300; ++i) {
        const auto ea = testmasks::MakeEntry(rng, 120), eb = testmasks::MakeEntry(rng, 120);
        const int ax = static_cast<int>(rng() % 41) - 20, ay = static_cast<int>(rng() % 41) - 20;
        const int px = static_cast<int>(rng() % std::max(1, ea.grid.w)),
                  py = static_cast<int>(rng() % std::max(1, ea.grid.h));
        const bool flipA = rng() & 1;
        ExactTransform t;
        // Anchor pixel (px, py)'s centre on world pixel (ax, ay)'s centre, mirrored about it if flipped.
        t.anchorMaskX256 = px * 256 + 128;
        t.anchorMaskY256 = py * 256 + 128;
        t.anchorWorldX256 = ax * 256 + 128;
        t.anchorWorldY256 = ay * 256 + 128;
        t.angleMilliDeg = (rng() % 3) * 360000 * ((rng() & 1) ? -1 : 1);  // whole turns are no turn
        t.flip = flipA ? Flip::Horizontal : Flip::None;
        const auto placed = collide::PlaceTransformed(ea.masks.any, t);
        const Placement pa = flipA ? Placement{ax - (ea.grid.w - 1 - px), ay - py, Flip::Horizontal}
                                   : Placement{ax - px, ay - py, Flip::None};
        const Placement pb{static_cast<int>(rng() % 61) - 30, static_cast<int>(rng() % 61) - 30,
                           (rng() & 1) ? Flip::Horizontal : Flip::None};
        ASSERT_EQ(placed.boundsWorld, collide::PlacedBounds(ea.masks.any, pa)) << i;
        const auto want = collide::QueryOverlap(ea.masks.any, pa, eb.masks.any, pb, QueryMode::CountAll);
        const auto got = collide::QueryTransformedOverlap(ea.masks.any, placed, eb.masks.any, pb, QueryMode::CountAll);
        ASSERT_EQ(got.hit, want.hit) << i;
        ASSERT_EQ(got.pixelCount, want.pixelCount) << i;
        if (want.hit) {
            ASSERT_EQ(got.first, want.first) << i;
        }
    }
}

TEST(ExactTransform, RandomTransformsHaveExactBoundsAndMatchTheDoubleTransformNearlyEverywhere) {
    // Bounds: every world pixel around the anchor sampled through the placement's own integers;
    // the double transform of the same numbers may round a texel-edge sample the other way, so
    // the two may differ on a few pixels of each mask, never more than 1 %.
    std::mt19937_64 rng(77);
    std::int64_t samples = 0, differing = 0;
    for (int i = 0; i < 400; ++i) {
        const auto e = testmasks::MakeEntry(rng, 64);
        const Mask& m = e.masks.any;
        ExactTransform t;
        t.anchorMaskX256 = static_cast<std::int32_t>(rng() % (e.grid.w * 256 + 1));
        t.anchorMaskY256 = static_cast<std::int32_t>(rng() % (e.grid.h * 256 + 1));
        t.anchorWorldX256 = static_cast<std::int32_t>(rng() % (400 * 256)) - 200 * 256;
        t.anchorWorldY256 = static_cast<std::int32_t>(rng() % (400 * 256)) - 200 * 256;
        t.angleMilliDeg = static_cast<std::int32_t>(rng() % 720000) - 360000;
        static constexpr std::int32_t SCALES[] = {64, 128, 256, 512, 333};
        t.scale256 = SCALES[rng() % 5];
        t.flip = (rng() & 1) ? Flip::Horizontal : Flip::None;
        const auto placed = collide::PlaceTransformed(m, t);
        Transform d;
        d.anchorMaskX = t.anchorMaskX256 / 256.0, d.anchorMaskY = t.anchorMaskY256 / 256.0;
        d.anchorWorldX = t.anchorWorldX256 / 256.0, d.anchorWorldY = t.anchorWorldY256 / 256.0;
        d.angleRadians = t.angleMilliDeg / 1000.0 * std::numbers::pi / 180.0;
        d.scale = t.scale256 / 256.0, d.flip = t.flip;
        const auto placedD = collide::PlaceTransformed(m, d);

        const int reach = static_cast<int>((std::hypot(e.grid.w, e.grid.h) + 2) * d.scale) + 4;
        const int cx = placed.originWorldX, cy = placed.originWorldY;
        const Rect tight = m.Bounds();
        Rect want{};
        for (int wy = cy - reach; wy <= cy + reach; ++wy) {
            for (int wx = cx - reach; wx <= cx + reach; ++wx) {
                if (SampleLandsIn(placed, tight, wx, wy)) want = collide::UniteRects(want, Rect{wx, wy, 1, 1});
                const bool hot = collide::IsHotAtTransformed(m, placed, wx, wy);
                ++samples;
                differing += hot != collide::IsHotAtTransformed(m, placedD, wx, wy);
            }
        }
        ASSERT_EQ(placed.boundsWorld, want) << "case " << i << " angle " << t.angleMilliDeg;
    }
    EXPECT_LE(differing * 100, samples) << differing << " of " << samples;
}

}  // namespace
