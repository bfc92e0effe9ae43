// `before`: the collision queries and the grid as they were before the strip layout (row-major
// words, the row-at-a-time AVX2 kernels, the per-query dispatch, the per-row division bounds
// solve), kept in the benchmarks so that every speed-up is measured against them in one run.
// Our own code, copied from src/collide at that commit; the types (Mask, Rect, Placement, ...) are
// collide's, so the same masks go through both. Never used by the game.
#pragma once

#include "collide/collide.h"

#include <cstdint>
#include <span>
#include <vector>

namespace before {

using collide::Collider;
using collide::Flip;
using collide::IndexPair;
using collide::IntersectRects;
using collide::Mask;
using collide::OverlapResult;
using collide::PlacedBounds;
using collide::Placement;
using collide::Point;
using collide::QueryMode;
using collide::Rect;
using collide::Transform;
using collide::TransformedPlacement;
using collide::UniteRects;

/// collide::QueryOverlap as it was.
[[nodiscard]] OverlapResult QueryOverlap(const Mask& a, Placement placeA, const Mask& b, Placement placeB,
                                         QueryMode mode = QueryMode::FirstHit, std::span<Point> pixelsOut = {});
/// collide::PlaceTransformed as it was (exact bounds solved row by row with divisions).
[[nodiscard]] TransformedPlacement PlaceTransformed(const Mask& mask, const Transform& transform);
/// collide::QueryTransformedOverlap as it was.
[[nodiscard]] OverlapResult QueryTransformedOverlap(const Mask& a, const TransformedPlacement& placeA, const Mask& b,
                                                    Placement placeB, QueryMode mode = QueryMode::FirstHit,
                                                    std::span<Point> pixelsOut = {});
/// collide::QueryTransformedPair as it was.
[[nodiscard]] OverlapResult QueryTransformedPair(const Mask& a, const TransformedPlacement& placeA, const Mask& b,
                                                 const TransformedPlacement& placeB,
                                                 QueryMode mode = QueryMode::FirstHit, std::span<Point> pixelsOut = {});
/// collide::QueryColliders as it was.
[[nodiscard]] OverlapResult QueryColliders(const Collider& a, const Collider& b, QueryMode mode = QueryMode::FirstHit,
                                           std::span<Point> pixelsOut = {});
/// "avx2" or "x86-64": the kernels the copy runs on this CPU.
[[nodiscard]] const char* KernelName();

/// collide::UniformGrid as it was (same pairs, same order).
class UniformGrid {
public:
    explicit UniformGrid(std::int32_t cellSizePx = 64);
    void FindPairs(std::span<const Rect> boxes, std::vector<IndexPair>& pairs);

    static constexpr std::int64_t MAX_CELLS_PER_BOX = 64;
    static constexpr std::int64_t DENSE_CELLS_PER_BOX = 16;
    static constexpr std::int64_t DENSE_MIN_CELLS = 4096;

    [[nodiscard]] std::int32_t CellSizePx() const { return cellSizePx_; }
    [[nodiscard]] std::int64_t LastTests() const { return tests_; }

private:
    struct Entry {
        Rect box;
        std::int32_t index;
    };
    struct CellKey {
        std::uint64_t cell;
        std::int32_t index;
    };
    template <typename Fn>
    void ForEachCell(const Rect& r, Fn&& fn) const;
    [[nodiscard]] bool IsLarge(std::int32_t index) const;
    std::int64_t PairsInCell(std::size_t begin, std::size_t end, std::int64_t cx, std::int64_t cy,
                             std::vector<IndexPair>& pairs) const;
    std::int64_t PairsDense(std::span<const Rect> boxes, std::int64_t cols, std::int64_t rows,
                            std::vector<IndexPair>& pairs);
    std::int64_t PairsSparse(std::span<const Rect> boxes, std::vector<IndexPair>& pairs);

    std::int32_t cellSizePx_;
    std::int32_t cellShift_;
    collide::Point origin_{};
    Rect gridCells_{};
    std::vector<std::int32_t> cellStart_;
    std::vector<Entry> entries_;
    std::vector<std::int32_t> cursor_;
    std::vector<CellKey> keys_;
    std::vector<std::int32_t> large_;
    bool sparse_ = false;
    std::int64_t tests_ = 0;
};

}  // namespace before
