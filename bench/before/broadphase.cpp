// bench copy (namespace before) of collide/broadphase.cpp (the grid and QueryColliders) as it was before the strip
// layout. Broad phases: which pairs of boxes overlap, without testing every pair, and the narrow-phase dispatch shared
// by the fight and the bumper scene (one collision pipeline for both). No allocation once the buffers have grown to a
// scene's size.
#include "before/before.h"
#include "collide/assert.h"

#include <algorithm>
#include <limits>

namespace before {

namespace {

// In int64: edges of boxes near the world's limits do not fit in int32 once added.
bool Overlap(const Rect& a, const Rect& b) {
    return a.x < std::int64_t{b.x} + b.w && b.x < std::int64_t{a.x} + a.w && a.y < std::int64_t{b.y} + b.h &&
           b.y < std::int64_t{a.y} + a.h;
}

}  // namespace

UniformGrid::UniformGrid(std::int32_t cellSizePx) : cellSizePx_(1), cellShift_(0) {
    COLLIDE_ASSERT(cellSizePx >= 1 && cellSizePx <= (1 << 20),
                   "UniformGrid needs a cell size of 1 to 2^20 px; use about the largest box's side");
    while (cellSizePx_ < cellSizePx) cellSizePx_ <<= 1, ++cellShift_;
}

void UniformGrid::FindPairs(std::span<const Rect> boxes, std::vector<IndexPair>& pairs) {
    pairs.clear();
    tests_ = 0;
    entries_.clear();
    large_.clear();
    sparse_ = false;
    gridCells_ = Rect{};
    const std::int32_t shift = cellShift_;
    // Positions and sizes are checked so that every edge fits in int32; the grid's own arithmetic
    // is in int64 (a span of 2^31 px does not fit in int32).
    for (const Rect& r : boxes) {
        COLLIDE_ASSERT(r.IsEmpty() || (r.x >= -Placement::MAX_ABS_WORLD_PX && r.x <= Placement::MAX_ABS_WORLD_PX &&
                                       r.y >= -Placement::MAX_ABS_WORLD_PX && r.y <= Placement::MAX_ABS_WORLD_PX &&
                                       r.w < Placement::MAX_ABS_WORLD_PX && r.h < Placement::MAX_ABS_WORLD_PX),
                       "UniformGrid boxes must lie within +-Placement::MAX_ABS_WORLD_PX, sides under it");
    }
    // A box over more than MAX_CELLS_PER_BOX cells would fill the grid with copies of itself: such
    // boxes are tested against every box instead (scenes have few of them). The grid covers the
    // other boxes' extent, so a scene of any size and position works.
    std::int64_t x0 = std::numeric_limits<std::int64_t>::max(), y0 = x0, x1 = std::numeric_limits<std::int64_t>::min(),
                 y1 = x1;
    std::int64_t smallBoxes = 0;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        const Rect& r = boxes[i];
        if (r.IsEmpty()) continue;
        const std::int64_t spanX = ((std::int64_t{r.x} + r.w - 1) >> shift) - (std::int64_t{r.x} >> shift) + 1;
        const std::int64_t spanY = ((std::int64_t{r.y} + r.h - 1) >> shift) - (std::int64_t{r.y} >> shift) + 1;
        if (spanX * spanY > MAX_CELLS_PER_BOX) {
            large_.push_back(static_cast<std::int32_t>(i));
            continue;
        }
        ++smallBoxes;
        x0 = std::min<std::int64_t>(x0, r.x), y0 = std::min<std::int64_t>(y0, r.y);
        x1 = std::max<std::int64_t>(x1, std::int64_t{r.x} + r.w),
        y1 = std::max<std::int64_t>(y1, std::int64_t{r.y} + r.h);
    }
    std::int64_t tests = 0;
    if (smallBoxes > 0) {
        // Floor to the cell size (an arithmetic shift floors negative values too).
        origin_ =
            Point{static_cast<std::int32_t>((x0 >> shift) << shift), static_cast<std::int32_t>((y0 >> shift) << shift)};
        // Everything below is relative to the origin, so never negative: shifts are floor divisions.
        const std::int64_t cols = ((x1 - 1 - origin_.x) >> shift) + 1, rows = ((y1 - 1 - origin_.y) >> shift) + 1;
        gridCells_ = Rect{
            0, 0, static_cast<std::int32_t>(std::min<std::int64_t>(cols, std::numeric_limits<std::int32_t>::max())),
            static_cast<std::int32_t>(std::min<std::int64_t>(rows, std::numeric_limits<std::int32_t>::max()))};
        // A dense array of cells costs memory and time in proportion to the extent: fine while the
        // boxes fill it, not for a few boxes far apart. Past DENSE_CELLS_PER_BOX cells per box the
        // entries are sorted by cell instead, which costs n log n whatever the extent.
        sparse_ = cols * rows > DENSE_CELLS_PER_BOX * smallBoxes + DENSE_MIN_CELLS;
        tests = sparse_ ? PairsSparse(boxes, pairs) : PairsDense(boxes, cols, rows, pairs);
    }
    // The large boxes, in index order: against every small box, then against the large boxes after
    // them, so each pair comes once.
    for (std::size_t l = 0; l < large_.size(); ++l) {
        const std::int32_t i = large_[l];
        const Rect& a = boxes[static_cast<std::size_t>(i)];
        for (std::size_t j = 0; j < boxes.size(); ++j) {
            const Rect& b = boxes[j];
            if (static_cast<std::int32_t>(j) == i || b.IsEmpty()) continue;
            const bool otherLarge = std::binary_search(large_.begin(), large_.end(), static_cast<std::int32_t>(j));
            if (otherLarge && static_cast<std::int32_t>(j) < i) continue;  // that pair came with the earlier one
            ++tests;
            if (Overlap(a, b))
                pairs.push_back(i < static_cast<std::int32_t>(j) ? IndexPair{i, static_cast<std::int32_t>(j)}
                                                                 : IndexPair{static_cast<std::int32_t>(j), i});
        }
    }
    tests_ = tests;
}

template <typename Fn>
void UniformGrid::ForEachCell(const Rect& r, Fn&& fn) const {
    const std::int32_t shift = cellShift_;
    const std::int64_t cx0 = (std::int64_t{r.x} - origin_.x) >> shift,
                       cx1 = (std::int64_t{r.x} + r.w - 1 - origin_.x) >> shift;
    const std::int64_t cy0 = (std::int64_t{r.y} - origin_.y) >> shift,
                       cy1 = (std::int64_t{r.y} + r.h - 1 - origin_.y) >> shift;
    for (std::int64_t cy = cy0; cy <= cy1; ++cy)
        for (std::int64_t cx = cx0; cx <= cx1; ++cx) fn(cx, cy);
}

bool UniformGrid::IsLarge(std::int32_t index) const {
    return !large_.empty() && std::binary_search(large_.begin(), large_.end(), index);
}

// The pairs among the entries of one cell, [begin, end) of entries_: each pair is reported only
// in the cell that holds the top-left of the two boxes' intersection, so a pair sharing several
// cells comes once.
std::int64_t UniformGrid::PairsInCell(std::size_t begin, std::size_t end, std::int64_t cx, std::int64_t cy,
                                      std::vector<IndexPair>& pairs) const {
    const Entry* entries = entries_.data();
    for (std::size_t p = begin; p < end; ++p) {
        const Rect a = entries[p].box;
        for (std::size_t q = p + 1; q < end; ++q) {
            const Rect& b = entries[q].box;
            if (!Overlap(a, b)) continue;
            const std::int64_t ox = std::int64_t{std::max(a.x, b.x)} - origin_.x,
                               oy = std::int64_t{std::max(a.y, b.y)} - origin_.y;
            if ((ox >> cellShift_) != cx || (oy >> cellShift_) != cy) continue;
            const std::int32_t i = entries[p].index, j = entries[q].index;
            pairs.push_back(i < j ? IndexPair{i, j} : IndexPair{j, i});
        }
    }
    const auto n = static_cast<std::int64_t>(end - begin);
    return n * (n - 1) / 2;
}

std::int64_t UniformGrid::PairsDense(std::span<const Rect> boxes, std::int64_t cols, std::int64_t rows,
                                     std::vector<IndexPair>& pairs) {
    const auto cellCount = static_cast<std::size_t>(cols * rows);
    const auto cellOf = [cols](std::int64_t cx, std::int64_t cy) { return static_cast<std::size_t>(cy * cols + cx); };
    // Counting sort of box-in-cell entries: count, prefix-sum, fill. Two passes over the boxes, no
    // per-cell lists.
    cellStart_.assign(cellCount + 1, 0);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        if (!boxes[i].IsEmpty() && !IsLarge(static_cast<std::int32_t>(i))) {
            ForEachCell(boxes[i], [&](std::int64_t cx, std::int64_t cy) { ++cellStart_[cellOf(cx, cy) + 1]; });
        }
    }
    for (std::size_t c = 0; c < cellCount; ++c) cellStart_[c + 1] += cellStart_[c];
    entries_.resize(static_cast<std::size_t>(cellStart_[cellCount]));
    cursor_.assign(cellStart_.begin(), cellStart_.end() - 1);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        if (!boxes[i].IsEmpty() && !IsLarge(static_cast<std::int32_t>(i))) {
            ForEachCell(boxes[i], [&](std::int64_t cx, std::int64_t cy) {
                entries_[static_cast<std::size_t>(cursor_[cellOf(cx, cy)]++)] =
                    Entry{boxes[i], static_cast<std::int32_t>(i)};
            });
        }
    }
    std::int64_t tests = 0;
    for (std::int64_t cy = 0; cy < rows; ++cy) {
        for (std::int64_t cx = 0; cx < cols; ++cx) {
            const std::size_t c = cellOf(cx, cy);
            tests += PairsInCell(static_cast<std::size_t>(cellStart_[c]), static_cast<std::size_t>(cellStart_[c + 1]),
                                 cx, cy, pairs);
        }
    }
    return tests;
}

std::int64_t UniformGrid::PairsSparse(std::span<const Rect> boxes, std::vector<IndexPair>& pairs) {
    // Each box-in-cell entry keyed by its cell (cells relative to the origin fit in 32 bits each),
    // sorted by cell then box index: the order the dense path visits.
    keys_.clear();
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        if (!boxes[i].IsEmpty() && !IsLarge(static_cast<std::int32_t>(i))) {
            ForEachCell(boxes[i], [&](std::int64_t cx, std::int64_t cy) {
                keys_.push_back(CellKey{static_cast<std::uint64_t>(cy) << 32 | static_cast<std::uint64_t>(cx),
                                        static_cast<std::int32_t>(i)});
            });
        }
    }
    std::sort(keys_.begin(), keys_.end(), [](const CellKey& a, const CellKey& b) {
        return a.cell != b.cell ? a.cell < b.cell : a.index < b.index;
    });
    entries_.resize(keys_.size());
    for (std::size_t k = 0; k < keys_.size(); ++k)
        entries_[k] = Entry{boxes[static_cast<std::size_t>(keys_[k].index)], keys_[k].index};
    std::int64_t tests = 0;
    for (std::size_t begin = 0, end = 0; begin < keys_.size(); begin = end) {
        const std::uint64_t cell = keys_[begin].cell;
        while (end < keys_.size() && keys_[end].cell == cell) ++end;
        tests += PairsInCell(begin, end, static_cast<std::int64_t>(cell & 0xFFFFFFFFu),
                             static_cast<std::int64_t>(cell >> 32), pairs);
    }
    return tests;
}

OverlapResult QueryColliders(const Collider& a, const Collider& b, QueryMode mode, std::span<Point> pixelsOut) {
    if (a.transformed != nullptr && b.transformed != nullptr) {
        return before::QueryTransformedPair(*a.mask, *a.transformed, *b.mask, *b.transformed, mode, pixelsOut);
    }
    if (a.transformed != nullptr)
        return before::QueryTransformedOverlap(*a.mask, *a.transformed, *b.mask, b.placement, mode, pixelsOut);
    if (b.transformed != nullptr)
        return before::QueryTransformedOverlap(*b.mask, *b.transformed, *a.mask, a.placement, mode, pixelsOut);
    return before::QueryOverlap(*a.mask, a.placement, *b.mask, b.placement, mode, pixelsOut);
}

}  // namespace before
