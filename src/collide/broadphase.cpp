// Broad phases: which pairs of boxes overlap, without testing every pair, and the narrow-phase
// dispatch shared by the fight and the bumper scene (one collision pipeline for both).
// No allocation once the buffers have grown to a scene's size.
#include <algorithm>
#include <limits>

#include "collide/assert.h"
#include "collide/collide.h"

namespace collide {

namespace {

bool Overlap(const Rect& a, const Rect& b) {
    return a.x < b.Right() && b.x < a.Right() && a.y < b.Bottom() && b.y < a.Bottom();
}

// Floor division for cell coordinates of negative world positions.
std::int32_t FloorDiv(std::int32_t v, std::int32_t d) { return v >= 0 ? v / d : -((-v + d - 1) / d); }

}  // namespace

UniformGrid::UniformGrid(std::int32_t cellSizePx) : cellSizePx_(1), cellShift_(0) {
    COLLIDE_ASSERT(cellSizePx >= 1 && cellSizePx <= (1 << 20), "UniformGrid needs a cell size of 1 to 2^20 px; use about the largest box's side");
    while (cellSizePx_ < cellSizePx) cellSizePx_ <<= 1, ++cellShift_;
}

void UniformGrid::FindPairs(std::span<const Rect> boxes, std::vector<IndexPair>& pairs) {
    pairs.clear();
    tests_ = 0;
    entries_.clear();
    // The grid covers the boxes' extent, so a scene of any size and position works.
    std::int32_t x0 = std::numeric_limits<std::int32_t>::max(), y0 = x0, x1 = std::numeric_limits<std::int32_t>::min(), y1 = x1;
    for (const Rect& r : boxes) {
        if (r.IsEmpty()) continue;
        x0 = std::min(x0, r.x), y0 = std::min(y0, r.y);
        x1 = std::max(x1, r.Right()), y1 = std::max(y1, r.Bottom());
    }
    if (x1 <= x0) {
        gridCells_ = Rect{};
        return;
    }
    const std::int32_t cs = cellSizePx_, shift = cellShift_;
    origin_ = Point{FloorDiv(x0, cs) * cs, FloorDiv(y0, cs) * cs};
    // Everything below is relative to the origin, so never negative: shifts are floor divisions.
    const std::int32_t cols = ((x1 - 1 - origin_.x) >> shift) + 1, rows = ((y1 - 1 - origin_.y) >> shift) + 1;
    gridCells_ = Rect{0, 0, cols, rows};
    const auto cellCount = static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows);
    // Counting sort of box-in-cell entries: count, prefix-sum, fill. Two passes over the boxes, no
    // per-cell lists.
    cellStart_.assign(cellCount + 1, 0);
    const auto forEachCell = [&](const Rect& r, auto&& fn) {
        const std::int32_t cx0 = (r.x - origin_.x) >> shift, cx1 = (r.Right() - 1 - origin_.x) >> shift;
        const std::int32_t cy0 = (r.y - origin_.y) >> shift, cy1 = (r.Bottom() - 1 - origin_.y) >> shift;
        for (std::int32_t cy = cy0; cy <= cy1; ++cy)
            for (std::int32_t cx = cx0; cx <= cx1; ++cx) fn(static_cast<std::size_t>(cy) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(cx));
    };
    for (const Rect& r : boxes) {
        if (!r.IsEmpty()) forEachCell(r, [&](std::size_t c) { ++cellStart_[c + 1]; });
    }
    for (std::size_t c = 0; c < cellCount; ++c) cellStart_[c + 1] += cellStart_[c];
    entries_.resize(static_cast<std::size_t>(cellStart_[cellCount]));
    cursor_.assign(cellStart_.begin(), cellStart_.end() - 1);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        if (!boxes[i].IsEmpty()) {
            forEachCell(boxes[i], [&](std::size_t c) { entries_[static_cast<std::size_t>(cursor_[c]++)] = Entry{boxes[i], static_cast<std::int32_t>(i)}; });
        }
    }
    std::int64_t tests = 0;
    const Entry* entries = entries_.data();
    for (std::int32_t cy = 0; cy < rows; ++cy) {
        for (std::int32_t cx = 0; cx < cols; ++cx) {
            const std::size_t c = static_cast<std::size_t>(cy) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(cx);
            const std::int32_t begin = cellStart_[c], end = cellStart_[c + 1];
            tests += static_cast<std::int64_t>(end - begin) * (end - begin - 1) / 2;
            for (std::int32_t p = begin; p < end; ++p) {
                const Rect a = entries[p].box;
                for (std::int32_t q = p + 1; q < end; ++q) {
                    const Rect& b = entries[q].box;
                    if (!Overlap(a, b)) continue;
                    // Report the pair in one cell only: the one holding the intersection's top-left.
                    const std::int32_t ox = std::max(a.x, b.x) - origin_.x, oy = std::max(a.y, b.y) - origin_.y;
                    if ((ox >> shift) != cx || (oy >> shift) != cy) continue;
                    const std::int32_t i = entries[p].index, j = entries[q].index;
                    pairs.push_back(i < j ? IndexPair{i, j} : IndexPair{j, i});
                }
            }
        }
    }
    tests_ = tests;
}

void SweepAndPrune::FindPairs(std::span<const Rect> boxes, std::vector<IndexPair>& pairs) {
    pairs.clear();
    const auto n = static_cast<std::int32_t>(boxes.size());
    if (static_cast<std::int32_t>(order_.size()) != n) {
        order_.resize(static_cast<std::size_t>(n));
        for (std::int32_t i = 0; i < n; ++i) order_[static_cast<std::size_t>(i)] = i;
    }
    // Insertion sort by left edge: last tick's order is almost right, so this is close to linear.
    for (std::size_t k = 1; k < order_.size(); ++k) {
        const std::int32_t v = order_[k];
        const std::int32_t key = boxes[static_cast<std::size_t>(v)].x;
        std::size_t m = k;
        while (m > 0 && boxes[static_cast<std::size_t>(order_[m - 1])].x > key) {
            order_[m] = order_[m - 1];
            --m;
        }
        order_[m] = v;
    }
    for (std::size_t k = 0; k < order_.size(); ++k) {
        const std::int32_t i = order_[k];
        const Rect& a = boxes[static_cast<std::size_t>(i)];
        if (a.IsEmpty()) continue;
        for (std::size_t m = k + 1; m < order_.size(); ++m) {
            const std::int32_t j = order_[m];
            const Rect& b = boxes[static_cast<std::size_t>(j)];
            if (b.x >= a.Right()) break;  // sorted by x: nothing further starts inside a
            if (!b.IsEmpty() && Overlap(a, b)) pairs.push_back(i < j ? IndexPair{i, j} : IndexPair{j, i});
        }
    }
}

Rect Collider::Bounds() const { return transformed != nullptr ? transformed->boundsWorld : PlacedBounds(*mask, placement); }

OverlapResult QueryColliders(const Collider& a, const Collider& b, QueryMode mode, std::span<Point> pixelsOut) {
    if (a.transformed != nullptr && b.transformed != nullptr) {
        return QueryTransformedPair(*a.mask, *a.transformed, *b.mask, *b.transformed, mode, pixelsOut);
    }
    if (a.transformed != nullptr) return QueryTransformedOverlap(*a.mask, *a.transformed, *b.mask, b.placement, mode, pixelsOut);
    if (b.transformed != nullptr) return QueryTransformedOverlap(*b.mask, *b.transformed, *a.mask, a.placement, mode, pixelsOut);
    return QueryOverlap(*a.mask, a.placement, *b.mask, b.placement, mode, pixelsOut);
}

}  // namespace collide
