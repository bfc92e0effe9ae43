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
                const std::int64_t dx = wx - placed.originWorldX, dy = wy - placed.originWorldY;
                const std::int64_t mx = (placed.u0 + dx * placed.uPerX + dy * placed.uPerY) >> 32;
                const std::int64_t my = (placed.v0 + dx * placed.vPerX + dy * placed.vPerY) >> 32;
                if (!tightA.Contains(static_cast<int>(mx), static_cast<int>(my))) continue;
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
