// The broad phases against the seed's all-pairs loop (`j = i + 1`): the same set of pairs on random
// scenes (sizes, overlaps, boxes on cell edges, identical positions, empty boxes, negative
// coordinates), each pair once, never a box with itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "collide/collide.h"

namespace {

using collide::IndexPair;
using collide::Rect;

std::vector<IndexPair> AllPairs(const std::vector<Rect>& boxes) {
    std::vector<IndexPair> out;
    for (std::size_t i = 0; i < boxes.size(); ++i)
        for (std::size_t j = i + 1; j < boxes.size(); ++j)
            if (!collide::IntersectRects(boxes[i], boxes[j]).IsEmpty()) out.push_back({static_cast<int>(i), static_cast<int>(j)});
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
                r = {static_cast<int>(rng() % 10) * cell - static_cast<int>(rng() % 2), static_cast<int>(rng() % 10) * cell,
                     1 + static_cast<int>(rng() % 70), 1 + static_cast<int>(rng() % 70)};
                break;
            case 1:  // identical to an earlier box
                r = boxes.empty() ? Rect{0, 0, 5, 5} : boxes[rng() % boxes.size()];
                break;
            case 2:  // empty
                r = {static_cast<int>(rng() % world), static_cast<int>(rng() % world), static_cast<int>(rng() % 3) - 1, 7};
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

}  // namespace
