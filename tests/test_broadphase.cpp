// The broad phases against the seed's all-pairs loop (`j = i + 1`): the same set of pairs on random
// scenes (sizes, overlaps, boxes on cell edges, identical positions, empty boxes, negative
// coordinates), each pair once, never a box with itself.
#include "collide/collide.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace {

using collide::IndexPair;
using collide::Rect;

std::vector<IndexPair> AllPairs(const std::vector<Rect>& boxes) {
    std::vector<IndexPair> out;
    for (std::size_t i = 0; i < boxes.size(); ++i)
        for (std::size_t j = i + 1; j < boxes.size(); ++j)
            if (!collide::IntersectRects(boxes[i], boxes[j]).IsEmpty())
                out.push_back({static_cast<int>(i), static_cast<int>(j)});
    return out;
}

std::vector<IndexPair> Sorted(std::vector<IndexPair> v) {
    std::sort(v.begin(), v.end(), [](IndexPair x, IndexPair y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
    return v;
}

std::vector<Rect> RandomScene(std::mt19937_64& rng, int n) {
    std::vector<Rect> boxes;
    const int world = 40 + static_cast<int>(rng() % 800);
    const int cell = 64;
    for (int i = 0; i < n; ++i) {
        Rect r;
        switch (rng() % 8) {
            case 0:  // on a cell edge
                r = {static_cast<int>(rng() % 10) * cell - static_cast<int>(rng() % 2),
                     static_cast<int>(rng() % 10) * cell, 1 + static_cast<int>(rng() % 70),
                     1 + static_cast<int>(rng() % 70)};
                break;
            case 1:  // identical to an earlier box
                r = boxes.empty() ? Rect{0, 0, 5, 5} : boxes[rng() % boxes.size()];
                break;
            case 2:  // empty
                r = {static_cast<int>(rng() % world), static_cast<int>(rng() % world), static_cast<int>(rng() % 3) - 1,
                     7};
                break;
            case 3:  // large, spanning many cells
                r = {static_cast<int>(rng() % world) - world / 2, static_cast<int>(rng() % world) - world / 2,
                     100 + static_cast<int>(rng() % 300), 100 + static_cast<int>(rng() % 300)};
                break;
            default:
                r = {static_cast<int>(rng() % world) - world / 3, static_cast<int>(rng() % world) - world / 3,
                     1 + static_cast<int>(rng() % 48), 1 + static_cast<int>(rng() % 48)};
        }
        boxes.push_back(r);
    }
    return boxes;
}

TEST(BroadPhase, SamePairsAsAllPairsOnRandomScenes) {
    std::mt19937_64 rng(8);
    collide::UniformGrid grid(64);
    collide::SweepAndPrune sap;
    std::vector<IndexPair> fromGrid, fromSap;
    std::int64_t totalPairs = 0;
    for (int scene = 0; scene < 600; ++scene) {
        const auto boxes = RandomScene(rng, 1 + static_cast<int>(rng() % 150));
        const auto want = AllPairs(boxes);
        grid.FindPairs(boxes, fromGrid);
        sap.FindPairs(boxes, fromSap);
        ASSERT_EQ(Sorted(fromGrid), want) << "scene " << scene;
        ASSERT_EQ(Sorted(fromSap), want) << "scene " << scene;
        for (const IndexPair p : fromGrid) ASSERT_LT(p.a, p.b) << "never a box with itself, a < b";
        totalPairs += static_cast<std::int64_t>(want.size());
    }
    EXPECT_GT(totalPairs, 10000) << "the scenes overlap enough to mean something";
}

TEST(BroadPhase, TouchingEdgesAreNoPairAndEmptyBoxesNothing) {
    collide::UniformGrid grid(16);
    std::vector<IndexPair> pairs;
    grid.FindPairs(std::vector<Rect>{{0, 0, 16, 16}, {16, 0, 16, 16}, {0, 16, 16, 16}, {5, 5, 0, 10}}, pairs);
    EXPECT_TRUE(pairs.empty());
    grid.FindPairs(std::vector<Rect>{{0, 0, 17, 17}, {16, 16, 16, 16}}, pairs);
    EXPECT_EQ(pairs, (std::vector<IndexPair>{{0, 1}}));
    grid.FindPairs(std::vector<Rect>{}, pairs);
    EXPECT_TRUE(pairs.empty());
}

TEST(BroadPhase, DeterministicOrderAndNoAllocationOnceWarm) {
    std::mt19937_64 rng(3);
    const auto boxes = RandomScene(rng, 400);
    collide::UniformGrid a(64), b(64);
    std::vector<IndexPair> pa, pb;
    a.FindPairs(boxes, pa);
    b.FindPairs(boxes, pb);
    EXPECT_EQ(pa, pb);
    const auto capacity = pa.capacity();
    const auto* data = pa.data();
    a.FindPairs(boxes, pa);
    EXPECT_EQ(pa.capacity(), capacity);
    EXPECT_EQ(pa.data(), data) << "the output buffer is reused";
}

// Scenes a dense grid cannot hold: clusters millions of pixels apart, boxes at the world's limits
// and boxes over many cells. The same pairs as all pairs, with memory that follows the box count.
std::vector<Rect> SpreadScene(std::mt19937_64& rng, int n) {
    constexpr std::int32_t LIMIT = collide::Placement::MAX_ABS_WORLD_PX;
    std::vector<Rect> boxes;
    std::vector<collide::Point> clusters;
    for (int c = 0; c < 4; ++c) {
        clusters.push_back({static_cast<std::int32_t>(rng() % (2ull * LIMIT - 2000)) - LIMIT + 1000,
                            static_cast<std::int32_t>(rng() % (2ull * LIMIT - 2000)) - LIMIT + 1000});
    }
    clusters.push_back({LIMIT - 40, -LIMIT + 3000});  // at the limits: edges near 2^30, spans near 2^31
    const auto clampToWorld = [&](Rect r) {
        r.x = std::clamp(r.x, -LIMIT, LIMIT), r.y = std::clamp(r.y, -LIMIT, LIMIT);
        return r;
    };
    for (int i = 0; i < n; ++i) {
        const collide::Point c = clusters[rng() % clusters.size()];
        switch (rng() % 10) {
            case 0:  // huge: tens of thousands of cells, tested against every box instead
                boxes.push_back(
                    {c.x - static_cast<std::int32_t>(rng() % 3000), c.y - static_cast<std::int32_t>(rng() % 3000),
                     1 + static_cast<std::int32_t>(rng() % 6000), 1 + static_cast<std::int32_t>(rng() % 6000)});
                break;
            case 1:  // as wide as the world allows
                boxes.push_back({-LIMIT, c.y, LIMIT - 1, 1 + static_cast<std::int32_t>(rng() % 40)});
                break;
            case 2:
                boxes.push_back(boxes.empty() ? Rect{c.x, c.y, 3, 3} : boxes[rng() % boxes.size()]);
                break;
            default:
                boxes.push_back({c.x + static_cast<std::int32_t>(rng() % 200) - 100,
                                 c.y + static_cast<std::int32_t>(rng() % 200) - 100,
                                 1 + static_cast<std::int32_t>(rng() % 60), 1 + static_cast<std::int32_t>(rng() % 60)});
        }
        boxes.back() = clampToWorld(boxes.back());
    }
    return boxes;
}

TEST(BroadPhase, SpreadScenesSamePairsWithMemoryFollowingTheBoxCount) {
    std::mt19937_64 rng(21);
    collide::UniformGrid grid(64);
    std::vector<IndexPair> fromGrid;
    std::int64_t totalPairs = 0, largeBoxes = 0;
    for (int scene = 0; scene < 200; ++scene) {
        const auto boxes = SpreadScene(rng, 1 + static_cast<int>(rng() % 120));
        const auto want = AllPairs(boxes);
        grid.FindPairs(boxes, fromGrid);
        ASSERT_EQ(Sorted(fromGrid), want) << "scene " << scene;
        for (const IndexPair p : fromGrid) ASSERT_LT(p.a, p.b);
        // A box covers at most MAX_CELLS_PER_BOX cells in the grid, and the dense array (when used)
        // stays within its bound: the grid never grows with the distance between boxes.
        EXPECT_LE(grid.LastEntries(),
                  static_cast<std::int64_t>(boxes.size()) * collide::UniformGrid::MAX_CELLS_PER_BOX);
        EXPECT_LE(grid.LastDenseCells(),
                  static_cast<std::int64_t>(boxes.size()) * collide::UniformGrid::DENSE_CELLS_PER_BOX +
                      collide::UniformGrid::DENSE_MIN_CELLS);
        totalPairs += static_cast<std::int64_t>(want.size());
        largeBoxes += grid.LastLargeBoxes();
    }
    EXPECT_GT(totalPairs, 2000) << "the clusters overlap enough to mean something";
    EXPECT_GT(largeBoxes, 100) << "the scenes hold boxes too large for the grid";
}

// A box is too large for the grid exactly when it touches more than MAX_CELLS_PER_BOX cells
// (counted here the long way: the first and last cell on each axis). FindPairs skips the count
// for boxes of at most seven cells a side, which touch at most 8 x 8: sides around that limit,
// at every kind of offset from the cells' edges, negative positions too.
TEST(BroadPhase, ABoxIsLargeExactlyWhenItTouchesMoreThanMaxCellsPerBox) {
    constexpr int CELL = 64;
    const auto floorDiv = [](std::int64_t v) { return v >= 0 ? v / CELL : -((-v + CELL - 1) / CELL); };
    const auto cells = [&](int at, int side) { return floorDiv(std::int64_t{at} + side - 1) - floorDiv(at) + 1; };
    collide::UniformGrid grid(CELL);
    std::vector<IndexPair> pairs;
    int large = 0, small = 0;
    for (const int w : {7 * CELL - 1, 7 * CELL, 7 * CELL + 1, 8 * CELL, 9 * CELL, 3 * CELL}) {
        for (const int h : {7 * CELL - 1, 7 * CELL, 7 * CELL + 1, 8 * CELL, 9 * CELL, 3 * CELL}) {
            for (const int x : {0, 1, CELL / 2, CELL - 1, -CELL * 5 - 1}) {
                for (const int y : {0, 1, CELL / 2, CELL - 1, -CELL * 3 + 7}) {
                    // The box, and a small one inside it far from the origin's cell.
                    const std::vector<Rect> boxes{{x, y, w, h}, {x + 2 * CELL, y + 2 * CELL, 5, 5}};
                    grid.FindPairs(boxes, pairs);
                    const bool want = cells(x, w) * cells(y, h) > collide::UniformGrid::MAX_CELLS_PER_BOX;
                    ASSERT_EQ(grid.LastLargeBoxes(), want ? 1 : 0) << w << " x " << h << " at " << x << ", " << y;
                    ASSERT_EQ(pairs, (std::vector<IndexPair>{{0, 1}}));
                    (want ? large : small) += 1;
                }
            }
        }
    }
    EXPECT_GT(large, 100);
    EXPECT_GT(small, 100);
}

// A scene of at most SMALL_SCENE_BOXES boxes (the fight's) is tested pair by pair with no cells:
// it must give the pairs the cells give, in the same order. Checked against the same scene with
// boxes added that touch nothing, which makes it large enough for the cells.
TEST(BroadPhase, SmallScenesGiveTheCellsPairsInTheCellsOrder) {
    std::mt19937_64 rng(29);
    std::int64_t pairsSeen = 0;
    for (int i = 0; i < 3000; ++i) {
        const int n = 1 + static_cast<int>(rng() % collide::UniformGrid::SMALL_SCENE_BOXES);
        std::vector<Rect> boxes = RandomScene(rng, n);
        collide::UniformGrid small(64), cells(64);
        std::vector<IndexPair> fromSmall, fromCells;
        small.FindPairs(boxes, fromSmall);
        ASSERT_EQ(Sorted(fromSmall), AllPairs(boxes)) << "scene " << i;
        // Far below and right of everything (RandomScene stays within -400 .. 1300), in a row of
        // their own, a box apart: the same cells for the first boxes, none of them touching.
        for (int k = 0; k < collide::UniformGrid::SMALL_SCENE_BOXES + 1; ++k)
            boxes.push_back({2000 + 10 * k, 2000, 5, 5});
        cells.FindPairs(boxes, fromCells);
        ASSERT_FALSE(cells.LastWasSparse()) << "scene " << i;
        ASSERT_GT(cells.LastEntries(), 0) << "scene " << i << ": the cells were used";
        ASSERT_EQ(fromSmall, fromCells) << "scene " << i;
        pairsSeen += static_cast<std::int64_t>(fromSmall.size());
    }
    EXPECT_GT(pairsSeen, 3000);
}

// Boxes no larger than a cell (the bumper's) each go into one cell and meet their neighbours':
// the same pairs as all pairs, and the same order as the cells' general path gives (forced here
// by one box a pixel wider than a cell, far from the others).
TEST(BroadPhase, BoxesThatFitACellGiveTheGeneralPathsPairsInItsOrder) {
    std::mt19937_64 rng(31);
    std::int64_t pairsSeen = 0;
    for (int i = 0; i < 300; ++i) {
        const int n = 20 + static_cast<int>(rng() % 400), world = 100 + static_cast<int>(rng() % 1200);
        std::vector<Rect> boxes;
        for (int k = 0; k < n; ++k) {
            const int side = rng() % 4 == 0 ? 64 : 1 + static_cast<int>(rng() % 64);  // up to exactly a cell
            boxes.push_back({static_cast<int>(rng() % static_cast<std::uint64_t>(world)) - world / 4,
                             static_cast<int>(rng() % static_cast<std::uint64_t>(world)) - world / 4, side,
                             1 + static_cast<int>(rng() % 64)});
            if (rng() % 10 == 0) boxes.push_back(boxes[rng() % boxes.size()]);  // duplicates
            if (rng() % 20 == 0) boxes.push_back({0, 0, 0, 5});                 // empty
        }
        collide::UniformGrid once(64), general(64);
        std::vector<IndexPair> fromOnce, fromGeneral;
        once.FindPairs(boxes, fromOnce);
        ASSERT_FALSE(once.LastWasSparse()) << "scene " << i;
        ASSERT_EQ(Sorted(fromOnce), AllPairs(boxes)) << "scene " << i;
        boxes.push_back({world + 500, world + 500, 65, 3});
        general.FindPairs(boxes, fromGeneral);
        ASSERT_FALSE(general.LastWasSparse()) << "scene " << i;
        ASSERT_GT(general.LastEntries(), once.LastEntries()) << "scene " << i << ": wide boxes go into several cells";
        ASSERT_EQ(fromOnce, fromGeneral) << "scene " << i;
        pairsSeen += static_cast<std::int64_t>(fromOnce.size());
    }
    EXPECT_GT(pairsSeen, 10000);
}

// The box scan of boxes that fit a cell has a build per instruction set (eight boxes a step, or
// four): on crowded and sparse scenes, so that the entries a box is tested against run from none
// to dozens and every partial last step comes up, both give all-pairs' pairs, in one order, from
// the same number of tests.
TEST(BroadPhase, BothScanBuildsGiveTheSamePairsInTheSameOrder) {
    std::mt19937_64 rng(47);
    std::int64_t pairsSeen = 0, crowdedCells = 0;
    for (int i = 0; i < 300; ++i) {
        const int n = 17 + static_cast<int>(rng() % 300);
        // From about 40 boxes a cell down to under one.
        const int world = 64 + static_cast<int>(rng() % 1000);
        std::vector<Rect> boxes;
        for (int k = 0; k < n; ++k) {
            const int w = 1 + static_cast<int>(rng() % 64), h = 1 + static_cast<int>(rng() % 64);
            boxes.push_back({static_cast<int>(rng() % static_cast<std::uint64_t>(world)) - world / 2,
                             static_cast<int>(rng() % static_cast<std::uint64_t>(world)) - world / 2, w, h});
            if (rng() % 20 == 0) boxes.push_back({0, 0, 0, 5});  // empty
        }
        collide::UniformGrid fastest(64, collide::GridScan::Fastest), baseline(64, collide::GridScan::Baseline);
        std::vector<IndexPair> fromFastest, fromBaseline;
        fastest.FindPairs(boxes, fromFastest);
        baseline.FindPairs(boxes, fromBaseline);
        ASSERT_FALSE(fastest.LastWasSparse()) << "scene " << i;
        ASSERT_GT(fastest.LastEntries(), 0) << "scene " << i << ": the one-cell path (entries, not pair by pair)";
        ASSERT_EQ(Sorted(fromFastest), AllPairs(boxes)) << "scene " << i;
        ASSERT_EQ(fromFastest, fromBaseline) << "scene " << i;
        ASSERT_EQ(fastest.LastTests(), baseline.LastTests()) << "scene " << i;
        pairsSeen += static_cast<std::int64_t>(fromFastest.size());
        crowdedCells += fastest.LastEntries() > 16 * fastest.LastDenseCells() ? 1 : 0;
    }
    EXPECT_GT(pairsSeen, 100000);
    EXPECT_GT(crowdedCells, 10) << "scenes with over 16 boxes a cell: several full steps a box";
}

TEST(BroadPhase, TwoSmallBoxesFarApartCostTwoEntries) {
    collide::UniformGrid grid(64);
    std::vector<IndexPair> pairs;
    grid.FindPairs(std::vector<Rect>{{-1000000, 0, 1, 1}, {1000000, 5, 1, 1}}, pairs);
    EXPECT_TRUE(pairs.empty());
    EXPECT_TRUE(grid.LastWasSparse()) << "31,250 cells for two boxes: sorted by cell, not a dense array";
    EXPECT_EQ(grid.LastEntries(), 2);
    EXPECT_EQ(grid.LastDenseCells(), 0);
    // At the limits of the world, where the extent is 2^31 px.
    constexpr std::int32_t LIMIT = collide::Placement::MAX_ABS_WORLD_PX;
    grid.FindPairs(std::vector<Rect>{{-LIMIT, -LIMIT, 10, 10}, {LIMIT, LIMIT, 10, 10}, {LIMIT - 5, LIMIT - 5, 10, 10}},
                   pairs);
    EXPECT_EQ(pairs, (std::vector<IndexPair>{{1, 2}}));
    // A dense scene still takes the dense path.
    std::vector<Rect> dense;
    for (int i = 0; i < 100; ++i) dense.push_back({(i % 10) * 50, (i / 10) * 50, 60, 60});
    grid.FindPairs(dense, pairs);
    EXPECT_FALSE(grid.LastWasSparse());
    EXPECT_EQ(Sorted(pairs), AllPairs(dense));
}

}  // namespace
