// The overlap query against the brute-force reference: named edge cases, then 200,000 random
// placements of random hotmaps (sizes 1-300 around multiples of 64, negative and partial offsets,
// flips, channels, key and alpha air, sub-rectangles of padded buffers).
#include "collide/collide.h"
#include "collide/kernels.h"
#include "random_masks.h"
#include "reference.h"

#include <gtest/gtest.h>

#include <algorithm>
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

PoolEntry MakePoolEntry(testmasks::Entry e) {
    PoolEntry p;
    p.e = std::move(e);
    for (int ch = 0; ch < 3; ++ch)
        for (int f = 0; f < 2; ++f)
            p.boundsPerChannelFlip[ch][f] = ref::Placed{&p.e.grid, Channel(ch), 0, 0, f == 1}.TightBounds();
    return p;
}

// One random placement of two random pool entries, every field of both modes against the
// reference; pixelsOut every eighth case, with `room` pixels of space. False (and a failure
// report) on any difference.
bool CheckRandomPair(std::mt19937_64& rng, const std::vector<PoolEntry>& pool, int i, std::size_t room,
                     std::vector<Point>& pixels, std::int64_t& hits, std::int64_t& boxOnly) {
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
    const Placement pla{ax, ay, fa ? Flip::Horizontal : Flip::None}, plb{bx, by, fb ? Flip::Horizontal : Flip::None};
    const std::span<Point> out = wantPixels ? std::span<Point>(pixels.data(), room) : std::span<Point>();
    const auto full = collide::QueryOverlap(ma, pla, mb, plb, QueryMode::CountAll, out);
    const auto early = collide::QueryOverlap(ma, pla, mb, plb, QueryMode::FirstHit);
    const auto written = std::min(want.pixels.size(), out.size());
    const bool same =
        full.hit == want.hit && full.pixelCount == want.count && full.overlap == want.overlap &&
        (!want.hit || full.first == want.first) && early.hit == want.hit && early.overlap == want.overlap &&
        (!want.hit || early.first == want.first) && early.pixelCount == 0 && early.pixelsWritten == 0 &&
        full.pixelsWritten == static_cast<std::int32_t>(written) &&
        std::equal(want.pixels.begin(), want.pixels.begin() + static_cast<std::ptrdiff_t>(written), pixels.begin());
    if (!same) {
        ADD_FAILURE() << "case " << i << ": A " << pa.e.grid.w << "x" << pa.e.grid.h << " at " << ax << "," << ay
                      << " flip " << fa << " ch " << int(cha) << "; B " << pb.e.grid.w << "x" << pb.e.grid.h << " at "
                      << bx << "," << by << " flip " << fb << " ch " << int(chb) << " room " << out.size()
                      << "\n  want hit " << want.hit << " count " << want.count << " first " << want.first.x << ","
                      << want.first.y << " overlap " << want.overlap.x << "," << want.overlap.y << "," << want.overlap.w
                      << "," << want.overlap.h << "\n  got  hit " << full.hit << " count " << full.pixelCount
                      << " first " << full.first.x << "," << full.first.y << " overlap " << full.overlap.x << ","
                      << full.overlap.y << "," << full.overlap.w << "," << full.overlap.h << " written "
                      << full.pixelsWritten << " early " << early.hit << " " << early.first.x << "," << early.first.y;
    }
    hits += want.hit;
    boxOnly += !want.hit && !want.overlap.IsEmpty();
    return same;
}

TEST(OverlapDifferential, TwoHundredThousandRandomCasesAgreeWithTheReference) {
    std::mt19937_64 rng(20261122);
    std::vector<PoolEntry> pool;
    for (int i = 0; i < 500; ++i) pool.push_back(MakePoolEntry(testmasks::MakeEntry(rng)));
    constexpr int CASES = 200000;
    std::vector<Point> pixels(400000);
    int failures = 0;
    std::int64_t hits = 0, boxOnly = 0;
    for (int i = 0; i < CASES && failures < 5; ++i) {
        failures += CheckRandomPair(rng, pool, i, pixels.size(), pixels, hits, boxOnly) ? 0 : 1;
    }
    // The generator must exercise both outcomes, and the case that only per-pixel gets right.
    EXPECT_GT(hits, CASES / 10);
    EXPECT_GT(boxOnly, CASES / 20);
}

// The sizes a game's pairs have, where the query takes its narrow path (an overlap of one or two
// 64-column windows, set up inline) and the strips of a mask are one or two words wide: widths 1
// to 130, heights 1 to 80, every flip, both modes, pixelsOut with room to spare or for a few.
TEST(OverlapDifferential, TwoHundredThousandSmallAndNarrowCasesAgreeWithTheReference) {
    std::mt19937_64 rng(20261207);
    std::vector<PoolEntry> pool;
    for (int i = 0; i < 600; ++i) pool.push_back(MakePoolEntry(testmasks::MakeSmallEntry(rng)));
    constexpr int CASES = 200000;
    std::vector<Point> pixels(20000);
    int failures = 0;
    std::int64_t hits = 0, boxOnly = 0;
    for (int i = 0; i < CASES && failures < 5; ++i) {
        const std::size_t room = i % 16 == 0 ? rng() % 9 : pixels.size();
        failures += CheckRandomPair(rng, pool, i, room, pixels, hits, boxOnly) ? 0 : 1;
    }
    EXPECT_GT(hits, CASES / 10);
    EXPECT_GT(boxOnly, CASES / 20);
}

// A w x h hotmap with `hot` pixels at random places, attack or hurt: two of them seldom collide.
testmasks::Entry ScatteredEntry(std::mt19937_64& rng, int w, int h, int hot) {
    testmasks::Entry e;
    e.key = collide::KEY_MAGENTA;
    e.strideBytes = w * 4;
    e.sub = Rect{0, 0, w, h};
    e.buffer.resize(static_cast<std::size_t>(w) * h * 4);
    for (std::size_t i = 0; i < e.buffer.size(); i += 4) {
        e.buffer[i] = 0xFF, e.buffer[i + 1] = 0x00, e.buffer[i + 2] = 0xFF, e.buffer[i + 3] = 0xFF;
    }
    for (int i = 0; i < hot; ++i) {
        const std::size_t at = 4 * (rng() % (static_cast<std::size_t>(w) * h));
        e.buffer[at] = 0xFF, e.buffer[at + 1] = 0x00, e.buffer[at + 2] = rng() % 2 == 0 ? 0x00 : 0x40;
    }
    e.grid = ref::Classify(e.buffer.data(), e.strideBytes, e.sub, e.key);
    e.masks = collide::BuildHotMasks(collide::ImageView{e.buffer.data(), w, h, e.strideBytes}, e.sub, e.key);
    return e;
}

// Overlaps of 1,000 to 1,700 columns, where the AVX-512 build with VBMI2 walks both masks' rows
// (kernels.h's MakeRowWalk: unmirrored, not aligned to 64 columns, at least 16 words a row) and the
// others walk the strips: every build this CPU runs, both modes, against the reference. B is
// placed within 100 columns of A (so that most overlaps are that wide), mostly unmirrored, at
// every column offset; rows from 1 to 24, hotmaps from empty to solid, a third of them a few
// scattered pixels (pairs that do not collide, so the walk reads every row).
TEST(OverlapDifferential, WideCasesOfEveryBuildAgreeWithTheReference) {
    std::mt19937_64 rng(20261126);
    std::vector<PoolEntry> pool;
    for (int i = 0; i < 40; ++i) {
        const collide::Rgb key = testmasks::PickKey(rng);
        const int w = 1100 + static_cast<int>(rng() % 600), h = 1 + static_cast<int>(rng() % 24);
        pool.push_back(MakePoolEntry(i % 3 == 2 ? ScatteredEntry(rng, w, h, static_cast<int>(rng() % 40))
                                                : testmasks::MakeEntryOfSize(rng, key, w, h)));
    }
    const collide::kernels::KernelSet* sets[] = {&collide::kernels::Baseline(), collide::kernels::Avx2OrNull(),
                                                 collide::kernels::Avx512OrNull()};
    constexpr int CASES = 16000;
    int failures = 0, rowWalks = 0, rowWalkHits = 0;
    for (int i = 0; i < CASES && failures < 5; ++i) {
        const PoolEntry& pa = pool[rng() % pool.size()];
        const PoolEntry& pb = pool[rng() % pool.size()];
        const auto cha = Channel(rng() % 3), chb = Channel(rng() % 3);
        const bool fa = rng() % 8 == 0, fb = rng() % 8 == 0;
        const int ax = static_cast<int>(rng() % 201) - 100, ay = static_cast<int>(rng() % 41) - 20;
        const int bx = ax + static_cast<int>(rng() % 201) - 100;
        const int by =
            ay + static_cast<int>(rng() % static_cast<std::uint64_t>(pa.e.grid.h + pb.e.grid.h + 1)) - pb.e.grid.h;
        const ref::Placed ra{&pa.e.grid, cha, ax, ay, fa}, rb{&pb.e.grid, chb, bx, by, fb};
        auto shift = [](Rect r, int x, int y) { return r.IsEmpty() ? r : Rect{r.x + x, r.y + y, r.w, r.h}; };
        const ref::Result want = ref::Overlap(ra, rb, shift(pa.boundsPerChannelFlip[int(cha)][fa], ax, ay),
                                              shift(pb.boundsPerChannelFlip[int(chb)][fb], bx, by), false);
        const Mask& ma = pa.e.masks.Get(cha);
        const Mask& mb = pb.e.masks.Get(chb);
        // The pair past its rejection, its corners placed as QueryOverlap places them.
        const Rect ba = ma.Bounds(), bb = mb.Bounds();
        const collide::detail::PlacedPair pair{&ma,
                                               &mb,
                                               ax + (fa ? ma.Width() - ba.Right() : ba.x),
                                               ay + ba.y,
                                               bx + (fb ? mb.Width() - bb.Right() : bb.x),
                                               by + bb.y,
                                               fa ? Flip::Horizontal : Flip::None,
                                               fb ? Flip::Horizontal : Flip::None};
        collide::kernels::RowWalk walk;
        Rect walkOverlap;
        if (collide::kernels::MakeRowWalk(pair, &walk, &walkOverlap)) {
            ++rowWalks;
            rowWalkHits += want.hit;
            EXPECT_EQ(walkOverlap, want.overlap) << "case " << i;
        }
        for (const auto* set : sets) {
            if (set == nullptr) continue;  // a build this CPU cannot run
            const collide::OverlapResult full = set->query(pair, QueryMode::CountAll, {});
            const collide::OverlapResult early = set->query(pair, QueryMode::FirstHit, {});
            const bool same = full.hit == want.hit && full.pixelCount == want.count && full.overlap == want.overlap &&
                              (!want.hit || full.first == want.first) && early.hit == want.hit &&
                              early.overlap == want.overlap && (!want.hit || early.first == want.first);
            if (!same) {
                ++failures;
                ADD_FAILURE() << set->name << " case " << i << ": want hit " << want.hit << " count " << want.count
                              << " first " << want.first.x << "," << want.first.y << "; got hit " << full.hit
                              << " count " << full.pixelCount << " first " << full.first.x << "," << full.first.y
                              << " early " << early.hit << " " << early.first.x << "," << early.first.y;
            }
        }
    }
    // Both outcomes down the rows, often: the generator must reach the row walk.
    EXPECT_GT(rowWalks, 1500);
    EXPECT_GT(rowWalkHits, 300);
    EXPECT_GT(rowWalks - rowWalkHits, 300);
}

TEST(OverlapKernels, BaselineAndAvx2BuildsAgreeWithTheBits) {
    const auto& base = collide::kernels::Baseline();
    const auto* avx2 = collide::kernels::Avx2OrNull();
    std::mt19937_64 rng(99);
    int hits = 0;
    // Strip passes by shape: reading B's next strip or not (kernels.h's PassFor: hiShift < 64).
    // Each shape has its own build of the AVX2 pass, so each must be seen many times.
    int passes[2] = {};
    for (int i = 0; i < 20000; ++i) {
        // Two masks' strips: up to five strips of up to 40 rows each, exactly sized (a read past
        // them shows under the sanitizers), random words of random sparsity.
        const int aStrips = 1 + static_cast<int>(rng() % 5), bStrips = 1 + static_cast<int>(rng() % 5);
        const int aRows = 1 + static_cast<int>(rng() % 40), bRows = 1 + static_cast<int>(rng() % 40);
        const int sparsity = 1 + static_cast<int>(rng() % 12);
        const auto word = [&] {
            std::uint64_t w = ~0ull;
            for (int s = 0; s < sparsity; ++s) w &= rng();
            return w;
        };
        std::vector<std::uint64_t> a(static_cast<std::size_t>(aStrips * aRows)),
            b(static_cast<std::size_t>(bStrips * bRows));
        for (auto& w : a) w = word();
        for (auto& w : b) w = word();
        // The overlap: A's columns [ax0, ax1), B's columns [ax0 + c, ax1 + c), both inside.
        const int ax0 = static_cast<int>(rng() % static_cast<std::uint64_t>(64 * aStrips));
        const int ax1 =
            ax0 + 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(std::min(64 * aStrips - ax0, 64 * bStrips)));
        const int cLo = -ax0, cHi = 64 * bStrips - ax1;
        const int c = cLo + static_cast<int>(rng() % static_cast<std::uint64_t>(cHi - cLo + 1));
        const int aRow0 = static_cast<int>(rng() % static_cast<std::uint64_t>(aRows));
        const int bRow0 = static_cast<int>(rng() % static_cast<std::uint64_t>(bRows));
        const int rows =
            1 + static_cast<int>(rng() % static_cast<std::uint64_t>(std::min(aRows - aRow0, bRows - bRow0)));
        // Tight bounds make every column outside the overlap zero in one mask: here, in A.
        for (int k = 0; k < aStrips; ++k)
            for (int r = 0; r < aRows; ++r)
                for (int x = 0; x < 64; ++x)
                    if (64 * k + x < ax0 || 64 * k + x >= ax1)
                        a[static_cast<std::size_t>(k * aRows + r)] &= ~(1ull << x);
        const auto bit = [](const std::vector<std::uint64_t>& m, int stride, int x, int r) {
            return (m[static_cast<std::size_t>((x >> 6) * stride + r)] >> (x & 63)) & 1u;
        };
        collide::kernels::Hit want;
        std::int64_t wantCount = 0;
        for (int r = 0; r < rows; ++r) {
            for (int x = ax0; x < ax1; ++x) {
                if (bit(a, aRows, x, aRow0 + r) && bit(b, bRows, x + c, bRow0 + r)) {
                    if (wantCount++ == 0) want = collide::kernels::Hit{r, x};
                }
            }
        }
        collide::kernels::StripQuery q;
        q.a = a.data(), q.b = b.data(), q.aStride = aRows, q.bStride = bRows;
        q.aRow0 = aRow0, q.bRow0 = bRow0, q.rows = rows, q.ax0 = ax0, q.ax1 = ax1, q.c = c;
        for (int k = ax0 >> 6; k <= (ax1 - 1) >> 6; ++k) ++passes[collide::kernels::PassFor(q, k).hiShift < 64 ? 1 : 0];
        for (const auto* set : {&base, avx2}) {
            if (set == nullptr) continue;  // this CPU has no AVX2: only the baseline kernels run here
            collide::kernels::Hit got, gotCounted;
            ASSERT_EQ(set->firstHit(q, &got), wantCount > 0) << set->name << " case " << i;
            ASSERT_EQ(set->countAll(q, &gotCounted), wantCount) << set->name << " case " << i;
            ASSERT_EQ(gotCounted.row, wantCount > 0 ? want.row : -1) << set->name << " case " << i;
            if (wantCount > 0) {
                ASSERT_EQ(got.row, want.row) << set->name << " case " << i;
                ASSERT_EQ(got.aCol, want.aCol) << set->name << " case " << i;
                ASSERT_EQ(gotCounted.aCol, want.aCol) << set->name << " case " << i;
            }
        }
        hits += wantCount > 0;
    }
    EXPECT_GT(hits, 2000);
    EXPECT_LT(hits, 19000);
    EXPECT_GT(passes[0], 5000);
    EXPECT_GT(passes[1], 5000);
}

// The narrow path's kernels (collide.h's windows): every build this CPU runs (baseline, AVX2,
// AVX-512) against the bits, on random strips exactly sized (a read past a strip's rows would
// show under ASan), windows at every column offset, with and without a next strip, one or two
// windows, every row count from 1 (the scalar rows, the masked rows) up.
TEST(OverlapKernels, WindowKernelsOfEveryBuildAgreeWithTheBits) {
    const auto& base = collide::kernels::Baseline();
    const auto* avx2 = collide::kernels::Avx2OrNull();
    const auto* avx512 = collide::kernels::Avx512OrNull();
    std::mt19937_64 rng(1207);
    struct Strips {
        int count, rows;
        std::vector<std::uint64_t> words;
        // The 64 bits from column `col` of row `row` (zero past the last strip).
        std::uint64_t Bits(int col, int row) const {
            std::uint64_t w = 0;
            for (int i = 0; i < 64; ++i) {
                const int x = col + i;
                if (x < 64 * count && ((words[static_cast<std::size_t>((x >> 6) * rows + row)] >> (x & 63)) & 1u))
                    w |= 1ull << i;
            }
            return w;
        }
        collide::detail::StripWindow Window(int col, int row) const {
            const std::uint64_t* lo = words.data() + (col >> 6) * rows + row;
            const bool next = (col >> 6) + 1 < count;
            const auto shift = static_cast<std::uint32_t>(col & 63);
            return {lo, next ? lo + rows : lo, shift, next ? 64 - shift : 64};
        }
    };
    int hits = 0;
    // Window pairs by shape (kernels.cpp's ShapeOf: 2 when A's window reads a next strip, plus 1
    // when B's does): each shape has its own kernel, so each must be seen many times.
    int shapes[4] = {};
    for (int i = 0; i < 20000; ++i) {
        const int sparsity = 1 + static_cast<int>(rng() % 12);
        Strips m[2];
        // Mostly short strips; one case in eight both masks taller than 256 rows and the overlap
        // as tall as they let it be (a row count whose low byte is small must not read as small).
        const bool tall = rng() % 8 == 0;
        for (Strips& s : m) {
            s.count = 1 + static_cast<int>(rng() % 3);
            s.rows = tall ? 256 + static_cast<int>(rng() % 60) : 1 + static_cast<int>(rng() % 40);
            s.words.resize(static_cast<std::size_t>(s.count * s.rows));
            for (auto& w : s.words) {
                w = ~0ull;
                for (int k = 0; k < sparsity; ++k) w &= rng();
            }
        }
        // A second window starts 64 columns on, inside both masks' strips (an overlap that wide).
        const int windows = m[0].count > 1 && m[1].count > 1 ? 1 + static_cast<int>(rng() % 2) : 1;
        int col[2], row0[2];
        for (int k = 0; k < 2; ++k) {
            // Every window starts inside its mask's strips.
            col[k] = static_cast<int>(rng() % static_cast<std::uint64_t>(64 * m[k].count - 64 * (windows - 1)));
            row0[k] = static_cast<int>(rng() % static_cast<std::uint64_t>(tall ? 4 : m[k].rows));
        }
        const int most = std::min(m[0].rows - row0[0], m[1].rows - row0[1]);
        const int rows = tall ? most : 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(most));
        collide::detail::NarrowQuery q{};
        q.windows = windows;
        q.rows = rows;
        collide::detail::WindowHit want{-1, 0};
        Point wantFirst{0, -1};
        std::int64_t wantCount = 0;
        for (int w = 0; w < windows; ++w) {
            q.a[w] = m[0].Window(col[0] + 64 * w, row0[0]);
            q.b[w] = m[1].Window(col[1] + 64 * w, row0[1]);
        }
        for (int r = 0; r < rows; ++r) {
            for (int w = 0; w < windows; ++w) {
                const std::uint64_t bits =
                    m[0].Bits(col[0] + 64 * w, row0[0] + r) & m[1].Bits(col[1] + 64 * w, row0[1] + r);
                if (w == 0 && bits != 0 && want.row < 0) want = {r, bits};
                if (bits != 0 && wantFirst.y < 0) wantFirst = Point{64 * w + std::countr_zero(bits), r};
                wantCount += std::popcount(bits);
            }
        }
        ++shapes[(q.a[0].hiShift < 64 ? 2 : 0) + (q.b[0].hiShift < 64 ? 1 : 0)];
        for (const auto* set : {&base, avx2, avx512}) {
            if (set == nullptr) continue;  // a build this CPU cannot run
            const collide::detail::WindowHit got = set->firstHitWindows(q.a[0], q.b[0], rows);
            ASSERT_EQ(got.row, want.row) << set->name << " case " << i;
            if (want.row >= 0) {
                ASSERT_EQ(got.word, want.word) << set->name << " case " << i;
            }
            Point first;
            ASSERT_EQ(set->countNarrow(q, &first), wantCount) << set->name << " case " << i;
            ASSERT_EQ(first, wantFirst) << set->name << " case " << i;
        }
        hits += wantCount > 0;
    }
    EXPECT_GT(hits, 2000);
    EXPECT_LT(hits, 19000);
    for (const int n : shapes) EXPECT_GT(n, 1000);
}

}  // namespace
