// Broad phases: which pairs of boxes overlap, without testing every pair, and the narrow-phase
// dispatch shared by the fight and the bumper scene (one collision pipeline for both).
// No allocation once the buffers have grown to a scene's size.
#include "collide/assert.h"
#include "collide/collide.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define COLLIDE_GRID_AVX2 1
#endif

namespace collide {

namespace {

// In int64: edges of boxes near the world's limits do not fit in int32 once added.
bool Overlap(const Rect& a, const Rect& b) {
    return a.x < std::int64_t{b.x} + b.w && b.x < std::int64_t{a.x} + a.w && a.y < std::int64_t{b.y} + b.h &&
           b.y < std::int64_t{a.y} + a.h;
}

// ---- PairsOnce's scan: one box against several at a time ----------------------------------------
// The entries as edge arrays (a box's right and bottom edges clamped into int32), padded past the
// last with ONCE_PADDING entries that overlap nothing, so that a step of any width may read past
// the end; the cells' ranges of entries; and what names the cell that reports a pair.
struct OnceScan {
    const std::int32_t *left, *top, *right, *bottom, *index;
    const std::int32_t* cellStart;
    std::int64_t cols, rows;
    Point origin;
    std::int32_t shift;
};
constexpr std::size_t ONCE_PADDING = 7;  // the widest step (eight) less one

// Half-open overlap on both axes of entry p against entries q .. q + N - 1, one bit per entry.
// The step is the only thing the builds do differently: no branch per test, whose outcome a
// predictor could not guess.
#ifdef COLLIDE_GRID_AVX2
// SSE2 (part of every x86-64): four entries a step.
struct Sse2Step {
    static constexpr std::size_t N = 4;
    struct Box {
        __m128i l, t, r, b;
    };
    static __m128i Load(const std::int32_t* v) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(v)); }
    static Box Broadcast(const OnceScan& s, std::size_t p) {
        return {_mm_set1_epi32(s.left[p]), _mm_set1_epi32(s.top[p]), _mm_set1_epi32(s.right[p]),
                _mm_set1_epi32(s.bottom[p])};
    }
    static unsigned Hits(const Box& a, const OnceScan& s, std::size_t q) {
        const __m128i x =
            _mm_and_si128(_mm_cmplt_epi32(a.l, Load(s.right + q)), _mm_cmplt_epi32(Load(s.left + q), a.r));
        const __m128i y =
            _mm_and_si128(_mm_cmplt_epi32(a.t, Load(s.bottom + q)), _mm_cmplt_epi32(Load(s.top + q), a.b));
        return static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(_mm_and_si128(x, y))));
    }
};

#define GRID_AVX2 __attribute__((target("avx2")))
// AVX2: eight entries a step. The bumper's sprites have about eight entries in the three cells
// below their own, which four a step took in two or three steps and this takes in one or two.
struct Avx2Step {
    static constexpr std::size_t N = 8;
    struct Box {
        __m256i l, t, r, b;
    };
    GRID_AVX2 static __m256i Load(const std::int32_t* v) {
        return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(v));
    }
    GRID_AVX2 static Box Broadcast(const OnceScan& s, std::size_t p) {
        return {_mm256_set1_epi32(s.left[p]), _mm256_set1_epi32(s.top[p]), _mm256_set1_epi32(s.right[p]),
                _mm256_set1_epi32(s.bottom[p])};
    }
    GRID_AVX2 static unsigned Hits(const Box& a, const OnceScan& s, std::size_t q) {
        // a < b as b > a: AVX2 compares greater-than only.
        const __m256i x =
            _mm256_and_si256(_mm256_cmpgt_epi32(Load(s.right + q), a.l), _mm256_cmpgt_epi32(a.r, Load(s.left + q)));
        const __m256i y =
            _mm256_and_si256(_mm256_cmpgt_epi32(Load(s.bottom + q), a.t), _mm256_cmpgt_epi32(a.b, Load(s.top + q)));
        return static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_and_si256(x, y))));
    }
};
#else
// Elsewhere (not x86-64): one entry a step.
struct ScalarStep {
    static constexpr std::size_t N = 1;
    struct Box {
        std::int32_t l, t, r, b;
    };
    static Box Broadcast(const OnceScan& s, std::size_t p) { return {s.left[p], s.top[p], s.right[p], s.bottom[p]}; }
    static unsigned Hits(const Box& a, const OnceScan& s, std::size_t q) {
        return a.l < s.right[q] && s.left[q] < a.r && a.t < s.bottom[q] && s.top[q] < a.b;
    }
};
#endif

// Every pair of entries that overlap, with the cell that reports it (the cell of the top-left of
// their intersection), in visiting order: each entry against the rest of its cell and the next
// cell right (consecutive entries), then the three cells below (left, under, right: consecutive
// too). Returns the box tests made.
template <class Step, class Found>
[[gnu::always_inline]] inline std::int64_t ScanOnceT(const OnceScan& s, std::vector<Found>& found) {
    std::int64_t tests = 0;
    const auto cellOf = [&](std::int64_t x, std::int64_t y) {
        return static_cast<std::size_t>(((y - s.origin.y) >> s.shift) * s.cols + ((x - s.origin.x) >> s.shift));
    };
    const auto test = [&](std::size_t p, std::size_t from, std::size_t to) {
        tests += static_cast<std::int64_t>(to - from);
        const typename Step::Box a = Step::Broadcast(s, p);
        // The last step may cover entries past `to` (other cells, or the padding): their bits are
        // dropped, so a short range costs one step, not a scalar tail.
        for (std::size_t q = from; q < to; q += Step::N) {
            unsigned hits = Step::Hits(a, s, q);
            if (to - q < Step::N) hits &= (1u << (to - q)) - 1;
            for (; hits != 0; hits &= hits - 1) {
                const std::size_t e = q + static_cast<std::size_t>(std::countr_zero(hits));
                const std::int32_t i = s.index[p], j = s.index[e];
                found.push_back(Found{cellOf(std::max(s.left[p], s.left[e]), std::max(s.top[p], s.top[e])),
                                      i < j ? i : j, i < j ? j : i});
            }
        }
    };
    const std::int64_t cols = s.cols, rows = s.rows;
    for (std::int64_t cy = 0; cy < rows; ++cy) {
        for (std::int64_t cx = 0; cx < cols; ++cx) {
            const auto c = static_cast<std::size_t>(cy * cols + cx);
            const auto begin = static_cast<std::size_t>(s.cellStart[c]),
                       end = static_cast<std::size_t>(s.cellStart[c + 1]);
            if (begin == end) continue;
            const std::size_t rightEnd = cx + 1 < cols ? static_cast<std::size_t>(s.cellStart[c + 2]) : end;
            std::size_t belowBegin = 0, belowEnd = 0;
            if (cy + 1 < rows) {
                belowBegin =
                    static_cast<std::size_t>(s.cellStart[c + static_cast<std::size_t>(cols) - (cx > 0 ? 1 : 0)]);
                belowEnd =
                    static_cast<std::size_t>(s.cellStart[c + static_cast<std::size_t>(cols) + (cx + 1 < cols ? 2 : 1)]);
            }
            for (std::size_t p = begin; p < end; ++p) {
                test(p, p + 1, rightEnd);  // the rest of this cell, then the next one right
                test(p, belowBegin, belowEnd);
            }
        }
    }
    return tests;
}

#ifdef COLLIDE_GRID_AVX2
// flatten: the step and the loop's lambdas inline, so the AVX2 code makes no calls but to grow
// `found`.
template <class Found>
__attribute__((target("avx2"), flatten)) std::int64_t ScanOnceAvx2(const OnceScan& s, std::vector<Found>& found) {
    return ScanOnceT<Avx2Step>(s, found);
}
#endif

// The build asked for, where the CPU has it (the CPU's features are read once per process).
template <class Found>
std::int64_t ScanOnce(GridScan scan, const OnceScan& s, std::vector<Found>& found) {
#ifdef COLLIDE_GRID_AVX2
    static const bool avx2 = __builtin_cpu_supports("avx2");
    return scan == GridScan::Fastest && avx2 ? ScanOnceAvx2(s, found) : ScanOnceT<Sse2Step>(s, found);
#else
    (void)scan;
    return ScanOnceT<ScalarStep>(s, found);
#endif
}

}  // namespace

UniformGrid::UniformGrid(std::int32_t cellSizePx, GridScan scan) : cellSizePx_(1), cellShift_(0), scan_(scan) {
    COLLIDE_ASSERT(cellSizePx >= 1 && cellSizePx <= (1 << 20),
                   "UniformGrid needs a cell size of 1 to 2^20 px; use about the largest box's side");
    while (cellSizePx_ < cellSizePx) cellSizePx_ <<= 1, ++cellShift_;
}

void UniformGrid::FindPairs(std::span<const Rect> boxes, std::vector<IndexPair>& pairs) {
    pairs.clear();
    tests_ = 0;
    entries_.clear();
    pairsOnceEntries_ = -1;
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
    std::int32_t widest = 0, tallest = 0;  // of the small boxes
    // A box at most 7 cells a side touches at most 8 x 8 = MAX_CELLS_PER_BOX cells wherever it
    // lies: only larger ones need their cells counted.
    static_assert(MAX_CELLS_PER_BOX == 8 * 8, "the quick test below assumes 8 x 8 cells at most");
    const std::int64_t quickSidePx = 7 * std::int64_t{cellSizePx_};
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        const Rect& r = boxes[i];
        if (r.IsEmpty()) continue;
        if (r.w > quickSidePx || r.h > quickSidePx) {
            const std::int64_t spanX = ((std::int64_t{r.x} + r.w - 1) >> shift) - (std::int64_t{r.x} >> shift) + 1;
            const std::int64_t spanY = ((std::int64_t{r.y} + r.h - 1) >> shift) - (std::int64_t{r.y} >> shift) + 1;
            if (spanX * spanY > MAX_CELLS_PER_BOX) {
                large_.push_back(static_cast<std::int32_t>(i));
                continue;
            }
        }
        ++smallBoxes;
        widest = std::max(widest, r.w), tallest = std::max(tallest, r.h);
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
        if (!sparse_ && smallBoxes <= SMALL_SCENE_BOXES) {
            tests = PairsSmall(boxes, cols, pairs);
        } else if (!sparse_ && widest <= cellSizePx_ && tallest <= cellSizePx_) {
            tests = PairsOnce(boxes, cols, rows, pairs);
        } else {
            tests = sparse_ ? PairsSparse(boxes, pairs) : PairsDense(boxes, cols, rows, pairs);
        }
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
    entryCount_ = pairsOnceEntries_ >= 0 ? pairsOnceEntries_ : static_cast<std::int64_t>(entries_.size());
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

// A scene of a few boxes (the fight's bodies): every pair tested directly, with no cells to count,
// fill or allocate, then put in the order the cells would give (the cell holding the top-left of
// the two boxes' intersection, row-major; pairs come in index order, and the sort is stable).
std::int64_t UniformGrid::PairsSmall(std::span<const Rect> boxes, std::int64_t cols, std::vector<IndexPair>& pairs) {
    struct Found {  // no member initializers: the array below is not zeroed for nothing
        std::int64_t cell;
        std::int32_t a, b;
    };
    std::array<Found, SMALL_SCENE_BOXES*(SMALL_SCENE_BOXES - 1) / 2> found;
    std::size_t count = 0;
    std::int64_t tests = 0;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        const Rect a = boxes[i];
        if (a.IsEmpty() || IsLarge(static_cast<std::int32_t>(i))) continue;
        for (std::size_t j = i + 1; j < boxes.size(); ++j) {
            const Rect& b = boxes[j];
            if (b.IsEmpty() || IsLarge(static_cast<std::int32_t>(j))) continue;
            ++tests;
            if (!Overlap(a, b)) continue;
            const std::int64_t cx = (std::int64_t{std::max(a.x, b.x)} - origin_.x) >> cellShift_,
                               cy = (std::int64_t{std::max(a.y, b.y)} - origin_.y) >> cellShift_;
            const Found f{cy * cols + cx, static_cast<std::int32_t>(i), static_cast<std::int32_t>(j)};
            std::size_t k = count++;
            for (; k > 0 && found[k - 1].cell > f.cell; --k) found[k] = found[k - 1];  // stable insertion
            found[k] = f;
        }
    }
    pairs.reserve(pairs.size() + count);
    for (std::size_t k = 0; k < count; ++k) pairs.push_back(IndexPair{found[k].a, found[k].b});
    return tests;
}

// Boxes no larger than a cell (the bumper's sprites): each box goes into one cell only, the one of
// its top-left pixel, so a box it overlaps starts in its own cell, the next cell right, or one of
// the three cells below (each pair of neighbouring cells visited once, from the left or the upper
// one). Then the pairs found are put in the order the cells of the other paths give: by the cell
// of the top-left of the two boxes' intersection, row-major, then by index (a counting sort by
// that cell; the few pairs of one cell by insertion).
std::int64_t UniformGrid::PairsOnce(std::span<const Rect> boxes, std::int64_t cols, std::int64_t rows,
                                    std::vector<IndexPair>& pairs) {
    const auto cellCount = static_cast<std::size_t>(cols * rows);
    const std::int32_t shift = cellShift_;
    const auto cellOf = [&](std::int64_t x, std::int64_t y) {
        return static_cast<std::size_t>(((y - origin_.y) >> shift) * cols + ((x - origin_.x) >> shift));
    };
    // Most scenes have no large box: then a box's only test is for emptiness (IsLarge is a call).
    const bool anyLarge = !large_.empty();
    const auto inGrid = [&](std::size_t i) {
        return !boxes[i].IsEmpty() && !(anyLarge && IsLarge(static_cast<std::int32_t>(i)));
    };
    cellStart_.assign(cellCount + 1, 0);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        if (inGrid(i)) ++cellStart_[cellOf(boxes[i].x, boxes[i].y) + 1];
    }
    for (std::size_t c = 0; c < cellCount; ++c) cellStart_[c + 1] += cellStart_[c];
    // The entries as four arrays of edges (and their indices), so that one box is tested against
    // several at a time (ScanOnce: eight with AVX2, four with SSE2). Right and bottom edges are clamped into int32: the
    // boxes' own edges fit (FindPairs' precondition), and a clamp changes no comparison with an edge that fits.
    const auto count = static_cast<std::size_t>(cellStart_[cellCount]);
    pairsOnceEntries_ = static_cast<std::int64_t>(count);
    // Sized, not cleared: the scatter below writes every one of the `count` entries. ONCE_PADDING
    // entries more that overlap nothing (empty: right and bottom below left and top), so that the
    // last step of the scan may read past the last entry.
    for (auto* v : {&edgeLeft_, &edgeTop_, &edgeRight_, &edgeBottom_, &edgeIndex_}) v->resize(count + ONCE_PADDING);
    for (std::size_t e = count; e < count + ONCE_PADDING; ++e) {
        edgeLeft_[e] = edgeTop_[e] = edgeIndex_[e] = 0;
        edgeRight_[e] = edgeBottom_[e] = std::numeric_limits<std::int32_t>::min();
    }
    cursor_.assign(cellStart_.begin(), cellStart_.end() - 1);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        if (!inGrid(i)) continue;
        const Rect& r = boxes[i];
        const auto e = static_cast<std::size_t>(cursor_[cellOf(r.x, r.y)]++);
        constexpr std::int64_t MAX = std::numeric_limits<std::int32_t>::max();
        edgeLeft_[e] = r.x, edgeTop_[e] = r.y;
        edgeRight_[e] = static_cast<std::int32_t>(std::min<std::int64_t>(std::int64_t{r.x} + r.w, MAX));
        edgeBottom_[e] = static_cast<std::int32_t>(std::min<std::int64_t>(std::int64_t{r.y} + r.h, MAX));
        edgeIndex_[e] = static_cast<std::int32_t>(i);
    }
    found_.clear();
    const std::int64_t tests =
        ScanOnce(scan_,
                 OnceScan{edgeLeft_.data(), edgeTop_.data(), edgeRight_.data(), edgeBottom_.data(), edgeIndex_.data(),
                          cellStart_.data(), cols, rows, origin_, shift},
                 found_);
    // The documented order: a counting sort by the intersection's cell, straight into `pairs`, then
    // the few pairs of each cell by index (they were found in visiting order): an insertion sort
    // within the cell's range.
    cursor_.assign(cellCount + 1, 0);
    for (const Found& f : found_) ++cursor_[f.cell + 1];
    for (std::size_t c = 0; c < cellCount; ++c) cursor_[c + 1] += cursor_[c];
    pairs.resize(found_.size());
    for (const Found& f : found_) pairs[static_cast<std::size_t>(cursor_[f.cell]++)] = IndexPair{f.a, f.b};
    // Each cell's cursor now stands at its end, which is the next cell's start.
    const auto before = [](IndexPair x, IndexPair y) { return x.a != y.a ? x.a < y.a : x.b < y.b; };
    for (std::size_t c = 0, begin = 0; c < cellCount; begin = static_cast<std::size_t>(cursor_[c++])) {
        const auto end = static_cast<std::size_t>(cursor_[c]);
        for (std::size_t k = begin + 1; k < end; ++k) {
            const IndexPair v = pairs[k];
            std::size_t m = k;
            for (; m > begin && before(v, pairs[m - 1]); --m) pairs[m] = pairs[m - 1];
            pairs[m] = v;
        }
    }
    return tests;
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

OverlapResult detail::QueryTransformedColliders(const Collider& a, const Collider& b, QueryMode mode,
                                                std::span<Point> pixelsOut) {
    if (a.transformed != nullptr && b.transformed != nullptr) {
        return QueryTransformedPair(*a.mask, *a.transformed, *b.mask, *b.transformed, mode, pixelsOut);
    }
    if (a.transformed != nullptr)
        return QueryTransformedOverlap(*a.mask, *a.transformed, *b.mask, b.placement, mode, pixelsOut);
    return QueryTransformedOverlap(*b.mask, *b.transformed, *a.mask, a.placement, mode, pixelsOut);
}

}  // namespace collide
