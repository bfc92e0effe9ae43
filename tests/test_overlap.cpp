// The overlap query against the brute-force reference: named edge cases, then 200,000 random
// placements of random hotmaps (sizes 1-300 around multiples of 64, negative and partial offsets,
// flips, channels, key and alpha air, sub-rectangles of padded buffers).
#include "collide/collide.h"
#include "collide/kernels.h"
#include "random_masks.h"
#include "reference.h"

#include <gtest/gtest.h>

#include <random>

namespace {

using collide::Channel;
using collide::Flip;
using collide::Mask;
using collide::Placement;
using collide::Point;
using collide::QueryMode;
using collide::Rect;

using testmasks::Solid;

collide::OverlapResult Count(const Mask& a, Placement pa, const Mask& b, Placement pb) {
    return collide::QueryOverlap(a, pa, b, pb, QueryMode::CountAll);
}

TEST(Overlap, EmptyMasksNeverCollide) {
    const Mask empty(64, 64), solid = Solid(64, 64), zero;
    const auto r = Count(empty, {0, 0}, solid, {0, 0});
    EXPECT_FALSE(r.hit);
    EXPECT_EQ(r.overlap, Rect{}) << "an empty mask has no tight bounds to overlap";
    EXPECT_FALSE(Count(zero, {0, 0}, solid, {0, 0}).hit);
    EXPECT_FALSE(Count(solid, {0, 0}, zero, {0, 0}).hit);
}

TEST(Overlap, OneByOne) {
    const Mask dot = Solid(1, 1);
    auto r = Count(dot, {5, 7}, dot, {5, 7});
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.pixelCount, 1);
    EXPECT_EQ(r.first, (Point{5, 7}));
    EXPECT_EQ(r.overlap, (Rect{5, 7, 1, 1}));
    EXPECT_FALSE(Count(dot, {5, 7}, dot, {6, 7}).hit);
    EXPECT_FALSE(Count(dot, {5, 7, Flip::Horizontal}, dot, {5, 8}).hit);
}

TEST(Overlap, WordBoundaryWidths) {
    for (const int w : {63, 64, 65, 127, 128, 129}) {
        const Mask a = Solid(w, 3), b = Solid(w, 3);
        for (const int dx : {-w, -w + 1, -64, -63, -1, 0, 1, 63, 64, w - 1, w}) {
            if (dx <= -w || dx >= w) {
                EXPECT_FALSE(Count(a, {0, 0}, b, {dx, 0}).hit) << "w=" << w << " dx=" << dx;
                continue;
            }
            const auto r = Count(a, {0, 0}, b, {dx, 1});
            ASSERT_TRUE(r.hit) << "w=" << w << " dx=" << dx;
            EXPECT_EQ(r.pixelCount, std::int64_t{w - std::abs(dx)} * 2) << "w=" << w << " dx=" << dx;
            EXPECT_EQ(r.first, (Point{std::max(0, dx), 1}));
            EXPECT_EQ(r.overlap, (Rect{std::max(0, dx), 1, w - std::abs(dx), 2}));
        }
    }
}

TEST(Overlap, TouchingEdgesDoNotCollide) {
    const Mask a = Solid(10, 10);
    EXPECT_FALSE(Count(a, {0, 0}, a, {10, 0}).hit);
    EXPECT_FALSE(Count(a, {0, 0}, a, {0, 10}).hit);
    EXPECT_FALSE(Count(a, {0, 0}, a, {-10, -10}).hit);
    EXPECT_EQ(Count(a, {0, 0}, a, {10, 0}).overlap, Rect{});
    EXPECT_EQ(Count(a, {0, 0}, a, {9, 9}).pixelCount, 1);
}

TEST(Overlap, FullContainment) {
    const Mask big = Solid(200, 150), small = Solid(5, 4);
    const auto r = Count(big, {-100, -50}, small, {-3, 7});
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.pixelCount, 20);
    EXPECT_EQ(r.overlap, (Rect{-3, 7, 5, 4}));
    EXPECT_EQ(r.first, (Point{-3, 7}));
}

TEST(Overlap, IdenticalPlacementOfARing) {
    // A ring: its hole is air, so the colliding pixels are the ring's own.
    Mask ring(70, 70);
    for (int y = 0; y < 70; ++y)
        for (int x = 0; x < 70; ++x) {
            const int dx = x - 35, dy = y - 35;
            if (dx * dx + dy * dy <= 34 * 34 && dx * dx + dy * dy >= 20 * 20) ring.Set(x, y);
        }
    for (const Flip flip : {Flip::None, Flip::Horizontal}) {
        const auto r = Count(ring, {3, 4, flip}, ring, {3, 4, flip});
        EXPECT_EQ(r.pixelCount, ring.CountSetPixels());
        EXPECT_EQ(r.overlap, collide::PlacedBounds(ring, {3, 4, flip}));
    }
}

TEST(Overlap, BoxesOverlapButPixelsDoNot) {
    // Two L shapes whose boxes overlap while their pixels interleave: the case only per-pixel gets.
    Mask a(20, 20), b(20, 20);
    for (int i = 0; i < 20; ++i) {
        a.Set(i, 0), a.Set(0, i);
        b.Set(i, 19), b.Set(19, i);
    }
    const auto r = Count(a, {0, 0}, b, {5, 5});
    EXPECT_FALSE(r.hit);
    EXPECT_EQ(r.overlap, (Rect{5, 5, 15, 15}));
    EXPECT_FALSE(collide::QueryOverlap(a, {0, 0}, b, {5, 5}).hit);
}

TEST(Overlap, FirstPixelIsSmallestYThenSmallestXUnderEveryFlip) {
    // Colliding pixels at world (12, 3) and (10, 3) and (1, 9): first is (10, 3).
    Mask a(16, 12), b(16, 12);
    for (const Point p : {Point{12, 3}, Point{10, 3}, Point{1, 9}}) {
        a.Set(p.x, p.y);
        b.Set(p.x, p.y);
    }
    Mask am(16, 12), bm(16, 12);  // mirrored copies, so flipped placements show the same picture
    for (const Point p : {Point{12, 3}, Point{10, 3}, Point{1, 9}}) {
        am.Set(15 - p.x, p.y);
        bm.Set(15 - p.x, p.y);
    }
    for (const bool fa : {false, true}) {
        for (const bool fb : {false, true}) {
            const Mask& ma = fa ? am : a;
            const Mask& mb = fb ? bm : b;
            const Placement pa{0, 0, fa ? Flip::Horizontal : Flip::None};
            const Placement pb{0, 0, fb ? Flip::Horizontal : Flip::None};
            const auto early = collide::QueryOverlap(ma, pa, mb, pb, QueryMode::FirstHit);
            const auto full = Count(ma, pa, mb, pb);
            EXPECT_EQ(early.first, (Point{10, 3})) << fa << fb;
            EXPECT_EQ(full.first, (Point{10, 3})) << fa << fb;
            EXPECT_EQ(full.pixelCount, 3);
        }
    }
}

TEST(Overlap, PixelsOutIsRowMajorAndBounded) {
    const Mask a = Solid(3, 2);
    std::vector<Point> out(4);
    const auto r = collide::QueryOverlap(a, {0, 0, Flip::Horizontal}, a, {1, 0}, QueryMode::CountAll, out);
    EXPECT_EQ(r.pixelCount, 4);
    EXPECT_EQ(r.pixelsWritten, 4);
    EXPECT_EQ(out, (std::vector<Point>{{1, 0}, {2, 0}, {1, 1}, {2, 1}}));
    std::vector<Point> small(3);
    const auto r2 = collide::QueryOverlap(a, {0, 0}, a, {1, 0}, QueryMode::CountAll, small);
    EXPECT_EQ(r2.pixelCount, 4) << "the count stays exact when the buffer is full";
    EXPECT_EQ(r2.pixelsWritten, 3);
}

// ---- differential ----------------------------------------------------------------------------

struct PoolEntry {
    testmasks::Entry e;
    Rect boundsPerChannelFlip[3][2];  // mask-space-placed-at-origin reference bounds
};

TEST(OverlapDifferential, TwoHundredThousandRandomCasesAgreeWithTheReference) {
    std::mt19937_64 rng(20261122);
    std::vector<PoolEntry> pool(500);
    for (PoolEntry& p : pool) {
        p.e = testmasks::MakeEntry(rng);
        for (int ch = 0; ch < 3; ++ch)
            for (int f = 0; f < 2; ++f)
                p.boundsPerChannelFlip[ch][f] = ref::Placed{&p.e.grid, Channel(ch), 0, 0, f == 1}.TightBounds();
    }
    constexpr int CASES = 200000;
    std::vector<Point> pixels(400000);
    int failures = 0;
    std::int64_t hits = 0, boxOnly = 0;
    for (int i = 0; i < CASES && failures < 5; ++i) {
        const PoolEntry& pa = pool[rng() % pool.size()];
        const PoolEntry& pb = pool[rng() % pool.size()];
        const auto cha = Channel(rng() % 3), chb = Channel(rng() % 3);
        const bool fa = rng() & 1, fb = rng() & 1;
        const int ax = static_cast<int>(rng() % 1001) - 500, ay = static_cast<int>(rng() % 1001) - 500;
        // B near A: overlapping, contained, partial, touching or apart.
        const int bx = ax + static_cast<int>(rng() % (pa.e.grid.w + pb.e.grid.w + 5)) - pb.e.grid.w - 2;
        const int by = ay + static_cast<int>(rng() % (pa.e.grid.h + pb.e.grid.h + 5)) - pb.e.grid.h - 2;
        const ref::Placed ra{&pa.e.grid, cha, ax, ay, fa}, rb{&pb.e.grid, chb, bx, by, fb};
        auto shift = [](Rect r, int x, int y) { return r.IsEmpty() ? r : Rect{r.x + x, r.y + y, r.w, r.h}; };
        const Rect ta = shift(pa.boundsPerChannelFlip[int(cha)][fa], ax, ay);
        const Rect tb = shift(pb.boundsPerChannelFlip[int(chb)][fb], bx, by);
        const bool wantPixels = i % 8 == 0;
        const ref::Result want = ref::Overlap(ra, rb, ta, tb, wantPixels);

        const Mask& ma = pa.e.masks.Get(cha);
        const Mask& mb = pb.e.masks.Get(chb);
        const Placement pla{ax, ay, fa ? Flip::Horizontal : Flip::None},
            plb{bx, by, fb ? Flip::Horizontal : Flip::None};
        const auto full = collide::QueryOverlap(ma, pla, mb, plb, QueryMode::CountAll,
                                                wantPixels ? std::span<Point>(pixels) : std::span<Point>());
        const auto early = collide::QueryOverlap(ma, pla, mb, plb, QueryMode::FirstHit);
        const bool same = full.hit == want.hit && full.pixelCount == want.count && full.overlap == want.overlap &&
                          (!want.hit || full.first == want.first) && early.hit == want.hit &&
                          early.overlap == want.overlap && (!want.hit || early.first == want.first) &&
                          (!wantPixels || (full.pixelsWritten == static_cast<std::int32_t>(want.pixels.size()) &&
                                           std::equal(want.pixels.begin(), want.pixels.end(), pixels.begin())));
        if (!same) {
            ++failures;
            ADD_FAILURE() << "case " << i << ": A " << pa.e.grid.w << "x" << pa.e.grid.h << " at " << ax << "," << ay
                          << " flip " << fa << " ch " << int(cha) << "; B " << pb.e.grid.w << "x" << pb.e.grid.h
                          << " at " << bx << "," << by << " flip " << fb << " ch " << int(chb) << "\n  want hit "
                          << want.hit << " count " << want.count << " first " << want.first.x << "," << want.first.y
                          << " overlap " << want.overlap.x << "," << want.overlap.y << "," << want.overlap.w << ","
                          << want.overlap.h << "\n  got  hit " << full.hit << " count " << full.pixelCount << " first "
                          << full.first.x << "," << full.first.y << " overlap " << full.overlap.x << ","
                          << full.overlap.y << "," << full.overlap.w << "," << full.overlap.h << " early " << early.hit
                          << " " << early.first.x << "," << early.first.y;
        }
        hits += want.hit;
        boxOnly += !want.hit && !want.overlap.IsEmpty();
    }
    // The generator must exercise both outcomes, and the case that only per-pixel gets right.
    EXPECT_GT(hits, CASES / 10);
    EXPECT_GT(boxOnly, CASES / 20);
}

TEST(OverlapKernels, BaselineAndAvx2BuildsAgree) {
    const auto* avx2 = collide::kernels::Avx2OrNull();
    if (avx2 == nullptr) {
        GTEST_SKIP() << "this CPU has no AVX2: only the baseline kernels run here";
    }
    const auto& base = collide::kernels::Baseline();
    std::mt19937_64 rng(99);
    // Rows of 12 data words with a shared guard word between them, as a Mask lays them out.
    constexpr int WORDS = 12, ROWS = 6, STRIDE = WORDS + 1;
    std::vector<std::uint64_t> a(1 + ROWS * STRIDE), b(1 + ROWS * STRIDE), outBase(WORDS), outAvx(WORDS);
    int hitRows = 0;
    for (int i = 0; i < 20000; ++i) {
        const int sparsity = 1 + static_cast<int>(rng() % 12);
        for (int r = 0; r < ROWS; ++r) {
            for (int k = 0; k < WORDS; ++k) {
                std::uint64_t wa = ~0ull, wb = ~0ull;
                for (int s = 0; s < sparsity; ++s) wa &= rng(), wb &= rng();
                a[1 + r * STRIDE + k] = wa;
                b[1 + r * STRIDE + k] = wb;
            }
        }
        const std::int32_t aX0 = static_cast<std::int32_t>(rng() % 700);
        const std::int32_t aX1 = aX0 + 1 + static_cast<std::int32_t>(rng() % (WORDS * 64 - aX0));
        const bool reversed = rng() & 1;
        // Every A column of the span must meet a B column inside B's 12 data words.
        const std::int32_t lo = reversed ? aX1 - 1 : -aX0;
        const std::int32_t hi = reversed ? aX0 + WORDS * 64 - 1 : WORDS * 64 - 1 - (aX1 - 1);
        const std::int32_t c = lo + static_cast<std::int32_t>(rng() % (hi - lo + 1));
        collide::kernels::QuerySpan span = collide::kernels::MakeSpan(aX0, aX1, c, reversed);
        span.aRow = a.data() + 1;
        span.bRow = b.data() + 1;
        span.aStrideWords = span.bStrideWords = STRIDE;
        span.rows = ROWS;
        const std::int32_t firstBase = base.firstHitRow(span);
        ASSERT_EQ(firstBase, avx2->firstHitRow(span)) << i;
        std::int32_t rowBase = 0, rowAvx = 0;
        ASSERT_EQ(base.countAll(span, &rowBase), avx2->countAll(span, &rowAvx)) << i;
        ASSERT_EQ(rowBase, rowAvx);
        ASSERT_EQ(rowBase, firstBase);
        hitRows += firstBase >= 0;
        for (int r = 0; r < ROWS; ++r) {
            const auto n1 = base.andRow(span.aRow + r * STRIDE, span.bRow + r * STRIDE, span, outBase.data());
            const auto n2 = avx2->andRow(span.aRow + r * STRIDE, span.bRow + r * STRIDE, span, outAvx.data());
            ASSERT_EQ(n1, n2) << i;
            ASSERT_TRUE(std::equal(outBase.begin(), outBase.begin() + (span.k1 - span.k0 + 1), outAvx.begin())) << i;
        }
    }
    EXPECT_GT(hitRows, 2000);
    EXPECT_LT(hitRows, 19000);
}

}  // namespace
