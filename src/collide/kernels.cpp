// The overlap query's kernels: a scalar build for any x86-64 and an AVX2 build, four rows at a time,
// with the narrow windows in AVX-512 (eight rows) where the CPU has it, and very wide unaligned
// overlaps down the masks' rows where it has VBMI2 as well. Why several: Debian targets
// baseline x86-64 (no AVX2, no popcnt instruction), and a column strip's consecutive rows are
// exactly what wide registers are for. Why strips: the pairs a game tests
// overlap by one or two 64-pixel words a row over tens of rows, so a row-at-a-time kernel spends
// its time on per-row setup; down a strip, everything but the row index is fixed per call.
// Invariant: every build computes the same bits; tests/test_overlap.cpp checks it.
#include "collide/kernels.h"

#include <algorithm>
#include <type_traits>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define COLLIDE_HAVE_AVX2 1
#endif

namespace collide::kernels {

namespace {

// ---- the driver, shared by both builds ----------------------------------------------------------
// Isa supplies FirstRow(pass, limit, &word) (the first row in [0, limit) of one strip pass with a
// colliding pixel and its AND word, or -1), CountRows(pass, from, to) and CountQuery.

// Strip by strip, left to right: each strip is scanned only above the best row found so far, so
// the first hit (smallest row, then smallest column) is found with every row scanned at most
// once, and a hit in the first row ends the walk.
template <class Isa>
inline bool FirstHitStripsT(const StripQuery& q, Hit* first) {
    const std::int32_t k0 = q.ax0 >> 6, k1 = (q.ax1 - 1) >> 6;
    std::int32_t bestRow = q.rows, bestStrip = -1;
    std::uint64_t bestWord = 0;
    for (std::int32_t k = k0; k <= k1; ++k) {
        std::uint64_t word = 0;
        const std::int32_t row = Isa::FirstRow(PassFor(q, k), bestRow, &word);
        if (row < 0) continue;
        bestRow = row, bestStrip = k, bestWord = word;
        if (row == 0) break;
    }
    first->row = bestStrip < 0 ? -1 : bestRow;
    first->aCol = 64 * bestStrip + std::countr_zero(bestWord);
    return bestStrip >= 0;
}

// Rows above the first hit hold nothing in any strip (FirstHitT scanned every strip down to it),
// so the count starts there: the count of a pair that never collides costs a first-hit query.
template <class Isa>
inline std::int64_t CountAllT(const StripQuery& q, Hit* first) {
    if (!FirstHitStripsT<Isa>(q, first)) return 0;
    std::int64_t total = 0;
    for (std::int32_t k = q.ax0 >> 6; k <= (q.ax1 - 1) >> 6; ++k) {
        total += Isa::CountRows(PassFor(q, k), first->row, q.rows);
    }
    return total;
}

// ---- the narrow query: one or two 64-column windows of each mask --------------------------------

[[gnu::always_inline]] inline std::uint64_t WindowAnd(const detail::StripWindow& a, const detail::StripWindow& b,
                                                      std::int32_t r) {
    return detail::WindowBits(a, r) & detail::WindowBits(b, r);
}

// Which of two windows read a next strip (hi): 2 when a does, plus 1 when b does. A window that
// ends in its mask's last strip, or starts on a strip boundary, reads lo alone (its hi shift is
// 64). One kernel per shape, picked once per window pair, skips the unused loads and shifts: the
// pick is guessed wrong at times over pairs of mixed shapes, and still costs less than the reads
// it saves (measured; docs/collision.md).
[[gnu::always_inline]] inline int ShapeOf(const detail::StripWindow& a, const detail::StripWindow& b) {
    return (a.hiShift < 64 ? 2 : 0) + (b.hiShift < 64 ? 1 : 0);
}
// kernel(aHi, bHi) with std::bool_constant arguments for the windows' shape, so that each shape
// has its own build of the kernel (the lambdas carry the kernels' target attribute).
template <class Kernel>
[[gnu::always_inline]] inline auto WithShape(const detail::StripWindow& a, const detail::StripWindow& b,
                                             Kernel&& kernel) {
    switch (ShapeOf(a, b)) {
        case 0:
            return kernel(std::false_type{}, std::false_type{});
        case 1:
            return kernel(std::false_type{}, std::true_type{});
        case 2:
            return kernel(std::true_type{}, std::false_type{});
        default:
            return kernel(std::true_type{}, std::true_type{});
    }
}

// Every colliding pixel of a narrow query, window by window (each finds its own first row as it
// counts), and the first: the smallest row, then window 0 before window 1.
template <class Isa>
[[gnu::always_inline]] inline std::int64_t CountNarrowT(const detail::NarrowQuery& q, Point* first) {
    Point best{0, q.rows};
    std::int64_t total = 0;
    for (std::int32_t w = 0; w < q.windows; ++w) {
        Point hit{0, -1};
        total += Isa::CountWindow(q.a[w], q.b[w], q.rows, &hit);
        if (hit.y >= 0 && hit.y < best.y) best = Point{64 * w + hit.x, hit.y};
    }
    *first = best.y == q.rows ? Point{0, -1} : best;
    return total;
}

// The query past its rejection, when collide.h's inline narrow path did not take it: an overlap
// wider than 128 columns, or pixels to collect. FirstHit is kept apart from the counting code, so
// that it stays small.
template <class Isa>
[[gnu::always_inline]] inline OverlapResult QueryT(const detail::PlacedPair& p, QueryMode mode,
                                                   std::span<Point> pixelsOut) {
    if (mode != QueryMode::FirstHit) return Isa::CountQuery(p, pixelsOut);
    return Isa::FirstHitWide(p);
}

// FirstHit over several of A's strips.
template <class Isa>
inline OverlapResult FirstHitWideT(const detail::PlacedPair& p) {
    OverlapResult result;
    StripQuery q;
    if (!MakeQuery(p, &q, &result.overlap)) return result;
    Hit first;
    if (FirstHitStripsT<Isa>(q, &first)) {
        result.hit = true;
        result.first = Point{p.ax + first.aCol, result.overlap.y + first.row};
    }
    return result;
}

// CountAll: the count alone, or with the pixels.
template <class Isa>
inline OverlapResult CountQueryT(const detail::PlacedPair& p, std::span<Point> pixelsOut) {
    OverlapResult result;
    StripQuery q;
    if (!MakeQuery(p, &q, &result.overlap)) return result;
    Hit first;
    const Point corner{result.overlap.x, result.overlap.y};
    if (pixelsOut.empty()) {
        result.pixelCount = CountAllT<Isa>(q, &first);
    } else if (FirstHitStripsT<Isa>(q, &first)) {
        CountAndEmit(q, corner, p.ax, first, pixelsOut, result);
    }
    if (first.row >= 0) {
        result.hit = true;
        result.first = Point{p.ax + first.aCol, corner.y + first.row};
    }
    return result;
}

// ---- scalar ---------------------------------------------------------------------------------

struct Scalar {
    static std::int32_t FirstRow(const StripPass& p, std::int32_t limit, std::uint64_t* word) {
        std::int32_t r = 0;
        // Four rows per test: one branch for four rows.
        for (; r + 4 <= limit; r += 4) {
            if ((AndWord(p, r) | AndWord(p, r + 1) | AndWord(p, r + 2) | AndWord(p, r + 3)) != 0) break;
        }
        for (; r < limit; ++r) {
            if ((*word = AndWord(p, r)) != 0) return r;
        }
        return -1;
    }
    static std::int64_t CountRows(const StripPass& p, std::int32_t from, std::int32_t to) {
        std::int64_t n = 0;
        for (std::int32_t r = from; r < to; ++r) n += std::popcount(AndWord(p, r));
        return n;
    }
    static OverlapResult CountQuery(const detail::PlacedPair& p, std::span<Point> pixelsOut) {
        return CountQueryT<Scalar>(p, pixelsOut);
    }
    static OverlapResult FirstHitWide(const detail::PlacedPair& p) { return FirstHitWideT<Scalar>(p); }
    static std::int32_t FirstRowWindows(const detail::StripWindow& a, const detail::StripWindow& b, std::int32_t limit,
                                        std::uint64_t* word) {
        std::int32_t r = 0;
        for (; r + 4 <= limit; r += 4) {
            if ((WindowAnd(a, b, r) | WindowAnd(a, b, r + 1) | WindowAnd(a, b, r + 2) | WindowAnd(a, b, r + 3)) != 0)
                break;
        }
        for (; r < limit; ++r) {
            if ((*word = WindowAnd(a, b, r)) != 0) return r;
        }
        return -1;
    }
    // One window counted from its first colliding row (*first: the row and its first column).
    static std::int64_t CountWindow(const detail::StripWindow& a, const detail::StripWindow& b, std::int32_t rows,
                                    Point* first) {
        std::uint64_t word = 0;
        const std::int32_t from = FirstRowWindows(a, b, rows, &word);
        if (from < 0) return 0;
        *first = Point{std::countr_zero(word), from};
        std::int64_t n = 0;
        for (std::int32_t r = from; r < rows; ++r) n += std::popcount(WindowAnd(a, b, r));
        return n;
    }
};

std::int64_t BaselineCountNarrow(const detail::NarrowQuery& q, Point* first) {
    return CountNarrowT<Scalar>(q, first);
}
detail::WindowHit BaselineFirstHitWindows(const detail::StripWindow& a, const detail::StripWindow& b,
                                          std::int32_t rows) {
    detail::WindowHit h{0, 0};
    h.row = Scalar::FirstRowWindows(a, b, rows, &h.word);
    return h;
}

OverlapResult BaselineQuery(const detail::PlacedPair& p, QueryMode mode, std::span<Point> pixelsOut) {
    return QueryT<Scalar>(p, mode, pixelsOut);
}
bool BaselineFirstHit(const StripQuery& q, Hit* first) {
    return FirstHitStripsT<Scalar>(q, first);
}
std::int64_t BaselineCountAll(const StripQuery& q, Hit* first) {
    return CountAllT<Scalar>(q, first);
}

// ---- AVX2 -------------------------------------------------------------------------------------

#ifdef COLLIDE_HAVE_AVX2
#define AVX2_TARGET __attribute__((target("avx2,bmi,bmi2,popcnt")))
#define AVX2_FN AVX2_TARGET inline

AVX2_FN __m256i Load4(const std::uint64_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

// Rows r .. r + 3 of the pass: A's words AND-ed with B's bits, one row a lane. A vector shift by
// 64 gives 0, which is what the unneeded side of an edge strip wants. HI = false: the pass takes
// nothing from B's next strip (hiShift 64: the placements are aligned to 64 columns, or A's strip
// falls in one of B's), so it is not read: two loads a row, not three. Unaligned loads: the
// overlap's first row is wherever the placements put it.
template <bool HI>
AVX2_FN __m256i And4(const StripPass& p, std::int32_t r, __m128i loShift, __m128i hiShift) {
    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p.lo + r));
    __m256i bits = _mm256_srl_epi64(lo, loShift);
    if constexpr (HI) {
        const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p.hi + r));
        bits = _mm256_or_si256(bits, _mm256_sll_epi64(hi, hiShift));
    }
    return _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p.a + r)), bits);
}

// The first lane (row) of v that is not zero, and its word; v must not be all zero.
AVX2_FN std::int32_t FirstLane(__m256i v, std::uint64_t* word) {
    const int zeroLanes = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(v, _mm256_setzero_si256())));
    const auto lane = static_cast<std::int32_t>(_tzcnt_u32(static_cast<unsigned>(~zeroLanes & 0xF)));
    // The lane's two 32-bit halves moved to the bottom: no store, no aligned stack.
    const __m256i index = _mm256_add_epi32(_mm256_set1_epi32(2 * lane), _mm256_setr_epi32(0, 1, 0, 1, 0, 1, 0, 1));
    *word =
        static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm256_castsi256_si128(_mm256_permutevar8x32_epi32(v, index))));
    return lane;
}

// The first of eight lanes (v0's four rows, then v1's) that is not zero, and its word; one must
// be. No branch: which of the eight it is varies from pair to pair.
AVX2_FN std::int32_t FirstLane8(__m256i v0, __m256i v1, std::uint64_t* word) {
    const __m256i zero = _mm256_setzero_si256();
    const int zeros0 = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(v0, zero)));
    const int zeros1 = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(v1, zero)));
    const auto lane = static_cast<std::int32_t>(_tzcnt_u32(static_cast<unsigned>(~(zeros0 | zeros1 << 4) & 0xFF)));
    // v1 when the lane is in its half, then the lane's two 32-bit halves moved to the bottom.
    const __m256i inV1 = _mm256_set1_epi64x(-static_cast<std::int64_t>(lane >= 4));
    const __m256i v = _mm256_blendv_epi8(v0, v1, inV1);
    const __m256i index =
        _mm256_add_epi32(_mm256_set1_epi32(2 * (lane & 3)), _mm256_setr_epi32(0, 1, 0, 1, 0, 1, 0, 1));
    *word =
        static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm256_castsi256_si128(_mm256_permutevar8x32_epi32(v, index))));
    return lane;
}

// Popcount of each byte (0..8) by two nibble lookups; summed per lane later by SAD, once per up
// to 31 vectors (31 * 8 < 256), not once per vector.
AVX2_FN __m256i PopcountBytes(__m256i v) {
    const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,  //
                                           0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    const __m256i lo = _mm256_shuffle_epi8(table, _mm256_and_si256(v, low4));
    const __m256i hi = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(v, 4), low4));
    return _mm256_add_epi8(lo, hi);
}

AVX2_FN std::int64_t HorizontalSum(__m256i v) {
    const __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return _mm_cvtsi128_si64(s) + _mm_extract_epi64(s, 1);
}

struct Avx2 {
    template <bool HI>
    AVX2_FN static std::int32_t FirstRowShapedPass(const StripPass& p, std::int32_t limit, std::uint64_t* word) {
        if (limit < 4) {  // too short for a vector: the rows one by one
            for (std::int32_t r = 0; r < limit; ++r) {
                if ((*word = AndWord(p, r)) != 0) return r;
            }
            return -1;
        }
        const __m128i loShift = _mm_cvtsi32_si128(static_cast<int>(p.loShift));
        const __m128i hiShift = _mm_cvtsi32_si128(static_cast<int>(p.hiShift));
        std::int32_t r = 0;
        // Sixteen rows per test down a long strip (the wide overlaps of big masks): the test and
        // its branch cost as much as a vector's AND. The group with the hit is found again.
        for (; r + 16 <= limit; r += 16) {
            const __m256i any = _mm256_or_si256(
                _mm256_or_si256(And4<HI>(p, r, loShift, hiShift), And4<HI>(p, r + 4, loShift, hiShift)),
                _mm256_or_si256(And4<HI>(p, r + 8, loShift, hiShift), And4<HI>(p, r + 12, loShift, hiShift)));
            if (!_mm256_testz_si256(any, any)) break;
        }
        // Eight rows per test.
        for (; r + 8 <= limit; r += 8) {
            const __m256i v0 = And4<HI>(p, r, loShift, hiShift), v1 = And4<HI>(p, r + 4, loShift, hiShift);
            const __m256i any = _mm256_or_si256(v0, v1);
            if (!_mm256_testz_si256(any, any)) return r + FirstLane8(v0, v1, word);
        }
        if (r + 4 <= limit) {
            const __m256i v = And4<HI>(p, r, loShift, hiShift);
            if (!_mm256_testz_si256(v, v)) return r + FirstLane(v, word);
            r += 4;
        }
        if (r < limit) {
            // The last one to three rows: the four rows that end at the limit. Those above r were
            // tested already and are zero, so the first lane set is a new row.
            const __m256i v = And4<HI>(p, limit - 4, loShift, hiShift);
            if (!_mm256_testz_si256(v, v)) return limit - 4 + FirstLane(v, word);
        }
        return -1;
    }
    // The pass's build by whether it reads B's next strip (one branch a strip, the same for
    // most strips of a query: guessed right).
    AVX2_FN static std::int32_t FirstRow(const StripPass& p, std::int32_t limit, std::uint64_t* word) {
        return p.hiShift < 64 ? FirstRowShapedPass<true>(p, limit, word) : FirstRowShapedPass<false>(p, limit, word);
    }
    template <bool HI>
    AVX2_FN static std::int64_t CountRowsShapedPass(const StripPass& p, std::int32_t from, std::int32_t to) {
        if (to - from < 4) {
            std::int64_t n = 0;
            for (std::int32_t r = from; r < to; ++r) n += static_cast<std::int64_t>(_mm_popcnt_u64(AndWord(p, r)));
            return n;
        }
        const __m128i loShift = _mm_cvtsi32_si128(static_cast<int>(p.loShift));
        const __m128i hiShift = _mm_cvtsi32_si128(static_cast<int>(p.hiShift));
        constexpr std::int32_t VECTORS_PER_FLUSH = 31;
        __m256i lanes = _mm256_setzero_si256();
        std::int32_t r = from;
        while (r + 4 <= to) {
            __m256i bytes = _mm256_setzero_si256();
            for (std::int32_t n = 0; n < VECTORS_PER_FLUSH && r + 4 <= to; ++n, r += 4) {
                bytes = _mm256_add_epi8(bytes, PopcountBytes(And4<HI>(p, r, loShift, hiShift)));
            }
            lanes = _mm256_add_epi64(lanes, _mm256_sad_epu8(bytes, _mm256_setzero_si256()));
        }
        if (r < to) {
            // The four rows that end at `to`, without the lanes of rows already counted (< r).
            const __m256i lane = _mm256_setr_epi64x(0, 1, 2, 3);
            const __m256i keep = _mm256_cmpgt_epi64(lane, _mm256_set1_epi64x(r - (to - 4) - 1));
            const __m256i v = _mm256_and_si256(And4<HI>(p, to - 4, loShift, hiShift), keep);
            lanes = _mm256_add_epi64(lanes, _mm256_sad_epu8(PopcountBytes(v), _mm256_setzero_si256()));
        }
        return HorizontalSum(lanes);
    }
    AVX2_FN static std::int64_t CountRows(const StripPass& p, std::int32_t from, std::int32_t to) {
        return p.hiShift < 64 ? CountRowsShapedPass<true>(p, from, to) : CountRowsShapedPass<false>(p, from, to);
    }
    static OverlapResult CountQuery(const detail::PlacedPair& p, std::span<Point> pixelsOut);
    static OverlapResult FirstHitWide(const detail::PlacedPair& p);

    // The windows' shift counts, once per call.
    struct Shifts {
        __m128i aLo, aHi, bLo, bHi;
    };
    AVX2_FN static Shifts ShiftsOf(const detail::StripWindow& a, const detail::StripWindow& b) {
        return Shifts{_mm_cvtsi32_si128(static_cast<int>(a.loShift)), _mm_cvtsi32_si128(static_cast<int>(a.hiShift)),
                      _mm_cvtsi32_si128(static_cast<int>(b.loShift)), _mm_cvtsi32_si128(static_cast<int>(b.hiShift))};
    }
    // Rows r .. r + 3 of both windows AND-ed, one row a lane; a side's hi read only when A_HI /
    // B_HI says its window has one (ShapeOf).
    template <bool A_HI, bool B_HI>
    AVX2_FN static __m256i WindowAnd4(const detail::StripWindow& a, const detail::StripWindow& b, std::int32_t r,
                                      const Shifts& s) {
        __m256i wa = _mm256_srl_epi64(Load4(a.lo + r), s.aLo);
        if constexpr (A_HI) wa = _mm256_or_si256(wa, _mm256_sll_epi64(Load4(a.hi + r), s.aHi));
        __m256i wb = _mm256_srl_epi64(Load4(b.lo + r), s.bLo);
        if constexpr (B_HI) wb = _mm256_or_si256(wb, _mm256_sll_epi64(Load4(b.hi + r), s.bHi));
        return _mm256_and_si256(wa, wb);
    }
    template <bool A_HI, bool B_HI>
    AVX2_FN static std::int32_t FirstRowShaped(const detail::StripWindow& a, const detail::StripWindow& b,
                                               std::int32_t limit, std::uint64_t* word) {
        const Shifts s = ShiftsOf(a, b);
        std::int32_t r = 0;
        for (; r + 8 <= limit; r += 8) {
            const __m256i v0 = WindowAnd4<A_HI, B_HI>(a, b, r, s), v1 = WindowAnd4<A_HI, B_HI>(a, b, r + 4, s);
            const __m256i any = _mm256_or_si256(v0, v1);
            if (!_mm256_testz_si256(any, any)) return r + FirstLane8(v0, v1, word);
        }
        if (r + 4 <= limit) {
            const __m256i v = WindowAnd4<A_HI, B_HI>(a, b, r, s);
            if (!_mm256_testz_si256(v, v)) return r + FirstLane(v, word);
            r += 4;
        }
        if (r < limit) {  // the four rows that end at the limit: those above r are zero
            const __m256i v = WindowAnd4<A_HI, B_HI>(a, b, limit - 4, s);
            if (!_mm256_testz_si256(v, v)) return limit - 4 + FirstLane(v, word);
        }
        return -1;
    }
    // The kernel of the windows' shape (ShapeOf).
    AVX2_FN static std::int32_t FirstRowWindows(const detail::StripWindow& a, const detail::StripWindow& b,
                                                std::int32_t limit, std::uint64_t* word) {
        if (limit < 4) {
            for (std::int32_t r = 0; r < limit; ++r) {
                if ((*word = WindowAnd(a, b, r)) != 0) return r;
            }
            return -1;
        }
        return WithShape(a, b, [&](auto aHi, auto bHi) AVX2_TARGET {
            return FirstRowShaped<decltype(aHi)::value, decltype(bHi)::value>(a, b, limit, word);
        });
    }
    // Popcount of each 64-bit lane.
    AVX2_FN static __m256i LaneCounts(__m256i v) { return _mm256_sad_epu8(PopcountBytes(v), _mm256_setzero_si256()); }
    // One window in one pass: four rows a test down to the first vector that collides, then that
    // vector counted whole (its rows above the hit are zero) and every row below it, by the
    // kernel of the windows' shape (ShapeOf).
    AVX2_FN static std::int64_t CountWindow(const detail::StripWindow& a, const detail::StripWindow& b,
                                            std::int32_t rows, Point* first) {
        if (rows < 4) {
            std::int64_t n = 0;
            for (std::int32_t r = 0; r < rows; ++r) {
                const std::uint64_t w = WindowAnd(a, b, r);
                if (w != 0 && first->y < 0) *first = Point{static_cast<std::int32_t>(_tzcnt_u64(w)), r};
                n += static_cast<std::int64_t>(_mm_popcnt_u64(w));
            }
            return n;
        }
        return WithShape(a, b, [&](auto aHi, auto bHi) AVX2_TARGET {
            return CountShaped<decltype(aHi)::value, decltype(bHi)::value>(a, b, rows, first);
        });
    }
    template <bool A_HI, bool B_HI>
    AVX2_FN static std::int64_t CountShaped(const detail::StripWindow& a, const detail::StripWindow& b,
                                            std::int32_t rows, Point* first) {
        const Shifts s = ShiftsOf(a, b);
        std::int32_t r = 0;
        __m256i v;
        for (;; r += 4) {
            if (r + 4 > rows) {
                // The four rows that end at the last: those above r were tested and are zero, so
                // the vector is counted whole.
                if (r == rows) return 0;
                r = rows - 4;
                v = WindowAnd4<A_HI, B_HI>(a, b, r, s);
                if (_mm256_testz_si256(v, v)) return 0;
                std::uint64_t word = 0;
                const std::int32_t lane = FirstLane(v, &word);
                *first = Point{static_cast<std::int32_t>(_tzcnt_u64(word)), r + lane};
                return HorizontalSum(LaneCounts(v));
            }
            v = WindowAnd4<A_HI, B_HI>(a, b, r, s);
            if (!_mm256_testz_si256(v, v)) break;
        }
        std::uint64_t word = 0;
        const std::int32_t lane = FirstLane(v, &word);
        *first = Point{static_cast<std::int32_t>(_tzcnt_u64(word)), r + lane};
        __m256i lanes = LaneCounts(v);
        for (r += 4; r + 4 <= rows; r += 4)
            lanes = _mm256_add_epi64(lanes, LaneCounts(WindowAnd4<A_HI, B_HI>(a, b, r, s)));
        if (r < rows) {  // the four rows that end at the last, without those counted already (< r)
            const __m256i keep =
                _mm256_cmpgt_epi64(_mm256_setr_epi64x(0, 1, 2, 3), _mm256_set1_epi64x(r - (rows - 4) - 1));
            lanes =
                _mm256_add_epi64(lanes, LaneCounts(_mm256_and_si256(WindowAnd4<A_HI, B_HI>(a, b, rows - 4, s), keep)));
        }
        return HorizontalSum(lanes);
    }
};

__attribute__((target("avx2,bmi,bmi2,popcnt"), flatten)) std::int64_t Avx2CountNarrow(const detail::NarrowQuery& q,
                                                                                      Point* first) {
    return CountNarrowT<Avx2>(q, first);
}
__attribute__((target("avx2,bmi,bmi2,popcnt"), flatten)) detail::WindowHit Avx2FirstHitWindows(
    const detail::StripWindow& a, const detail::StripWindow& b, std::int32_t rows) {
    detail::WindowHit h{0, 0};
    h.row = Avx2::FirstRowWindows(a, b, rows, &h.word);
    return h;
}

// Out of line (noinline keeps flatten from pulling it into the first-hit path).
__attribute__((target("avx2,bmi,bmi2,popcnt"), flatten, noinline)) OverlapResult Avx2::CountQuery(
    const detail::PlacedPair& p, std::span<Point> pixelsOut) {
    return CountQueryT<Avx2>(p, pixelsOut);
}

// flatten: the driver and the kernels inline into these, so the AVX2 code has no calls left.
__attribute__((target("avx2,bmi,bmi2,popcnt"), flatten)) OverlapResult Avx2Query(const detail::PlacedPair& p,
                                                                                 QueryMode mode,
                                                                                 std::span<Point> pixelsOut) {
    return QueryT<Avx2>(p, mode, pixelsOut);
}
__attribute__((target("avx2,bmi,bmi2,popcnt"), flatten, noinline)) OverlapResult Avx2::FirstHitWide(
    const detail::PlacedPair& p) {
    return FirstHitWideT<Avx2>(p);
}
__attribute__((target("avx2,bmi,bmi2,popcnt"), flatten)) bool Avx2FirstHit(const StripQuery& q, Hit* first) {
    return FirstHitStripsT<Avx2>(q, first);
}
__attribute__((target("avx2,bmi,bmi2,popcnt"), flatten)) std::int64_t Avx2CountAll(const StripQuery& q, Hit* first) {
    return CountAllT<Avx2>(q, first);
}

// ---- AVX-512 (the narrow windows only) ------------------------------------------------------------
// Eight rows to a 512-bit register, a mask register for the rows a window has (masked loads read
// nothing past them: no tail case, no scalar rows), and a popcount instruction per lane. Used for
// the narrow query alone (every pair a fight or the bumper scene tests); wide overlaps keep the
// AVX2 strip walk. Needs AVX512F, VL, BW, DQ and VPOPCNTDQ (Ice Lake, Zen 4 and later).
// GCC 12's AVX-512 intrinsics start from an undefined register, which -Wmaybe-uninitialized
// reports inside the system header (a false positive, GCC bug 105593, fixed in GCC 13). Clang
// (the fuzz build) has no such warning and would reject the unknown name.
#if !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#define AVX512_TARGET __attribute__((target("avx2,avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq,bmi,bmi2,popcnt")))
#define AVX512_FN AVX512_TARGET inline

struct Avx512 {
    struct Shifts {
        __m512i aLo, aHi, bLo, bHi;
    };
    AVX512_FN static Shifts ShiftsOf(const detail::StripWindow& a, const detail::StripWindow& b) {
        return Shifts{_mm512_set1_epi64(a.loShift), _mm512_set1_epi64(a.hiShift), _mm512_set1_epi64(b.loShift),
                      _mm512_set1_epi64(b.hiShift)};
    }
    // The rows r .. r + 7 a window has (`left` = rows from r to its end, > 0), one bit a row.
    // Clamped first: bzhi reads only its index's low byte, so 256 rows left would give no row.
    AVX512_FN static __mmask8 RowsFrom(std::int32_t left) {
        return static_cast<__mmask8>(_bzhi_u32(0xFFu, static_cast<unsigned>(left < 8 ? left : 8)));
    }
    // Rows r .. r + 7 of both windows AND-ed, one row a lane, rows outside `k` zero and unread; a
    // side's hi read only when A_HI / B_HI says its window has one (ShapeOf). Read or not, a
    // shift of 64 gives 0 (vpsrlvq / vpsllvq), so <true, true> is right for every shape.
    template <bool A_HI, bool B_HI>
    AVX512_FN static __m512i WindowAnd8(const detail::StripWindow& a, const detail::StripWindow& b, std::int32_t r,
                                        __mmask8 k, const Shifts& s) {
        __m512i wa = _mm512_srlv_epi64(_mm512_maskz_loadu_epi64(k, a.lo + r), s.aLo);
        if constexpr (A_HI) wa = _mm512_or_si512(wa, _mm512_sllv_epi64(_mm512_maskz_loadu_epi64(k, a.hi + r), s.aHi));
        __m512i wb = _mm512_srlv_epi64(_mm512_maskz_loadu_epi64(k, b.lo + r), s.bLo);
        if constexpr (B_HI) wb = _mm512_or_si512(wb, _mm512_sllv_epi64(_mm512_maskz_loadu_epi64(k, b.hi + r), s.bHi));
        return _mm512_and_si512(wa, wb);
    }
    // Lane `lane` of v.
    AVX512_FN static std::uint64_t Lane(__m512i v, std::int32_t lane) {
        return static_cast<std::uint64_t>(
            _mm_cvtsi128_si64(_mm512_castsi512_si128(_mm512_permutexvar_epi64(_mm512_set1_epi64(lane), v))));
    }
    template <bool A_HI, bool B_HI>
    AVX512_FN static std::int32_t FirstRowShaped(const detail::StripWindow& a, const detail::StripWindow& b,
                                                 std::int32_t limit, std::uint64_t* word) {
        const Shifts s = ShiftsOf(a, b);
        for (std::int32_t r = 0; r < limit; r += 8) {
            const __m512i v = WindowAnd8<A_HI, B_HI>(a, b, r, RowsFrom(limit - r), s);
            const __mmask8 hot = _mm512_test_epi64_mask(v, v);
            if (hot != 0) {
                const auto lane = static_cast<std::int32_t>(_tzcnt_u32(hot));
                *word = Lane(v, lane);
                return r + lane;
            }
        }
        return -1;
    }
    AVX512_FN static std::int32_t FirstRowWindows(const detail::StripWindow& a, const detail::StripWindow& b,
                                                  std::int32_t limit, std::uint64_t* word) {
        return WithShape(a, b, [&](auto aHi, auto bHi) AVX512_TARGET {
            return FirstRowShaped<decltype(aHi)::value, decltype(bHi)::value>(a, b, limit, word);
        });
    }
    // One window in one pass, as Avx2::CountWindow: eight rows a test down to the first register
    // that collides, then it and every one below counted.
    template <bool A_HI, bool B_HI>
    AVX512_FN static std::int64_t CountShaped(const detail::StripWindow& a, const detail::StripWindow& b,
                                              std::int32_t rows, Point* first) {
        const Shifts s = ShiftsOf(a, b);
        std::int32_t r = 0;
        __m512i v = _mm512_setzero_si512();
        __mmask8 hot = 0;
        for (; r < rows; r += 8) {
            v = WindowAnd8<A_HI, B_HI>(a, b, r, RowsFrom(rows - r), s);
            hot = _mm512_test_epi64_mask(v, v);
            if (hot != 0) break;
        }
        if (hot == 0) return 0;
        const auto lane = static_cast<std::int32_t>(_tzcnt_u32(hot));
        *first = Point{static_cast<std::int32_t>(_tzcnt_u64(Lane(v, lane))), r + lane};
        __m512i lanes = _mm512_popcnt_epi64(v);
        for (r += 8; r < rows; r += 8) {
            lanes =
                _mm512_add_epi64(lanes, _mm512_popcnt_epi64(WindowAnd8<A_HI, B_HI>(a, b, r, RowsFrom(rows - r), s)));
        }
        return _mm512_reduce_add_epi64(lanes);
    }
    AVX512_FN static std::int64_t CountWindow(const detail::StripWindow& a, const detail::StripWindow& b,
                                              std::int32_t rows, Point* first) {
        return WithShape(a, b, [&](auto aHi, auto bHi) AVX512_TARGET {
            return CountShaped<decltype(aHi)::value, decltype(bHi)::value>(a, b, rows, first);
        });
    }
};

// ---- AVX-512 with VBMI2: wide overlaps down the masks' rows ------------------------------------
// Strip by strip, an unaligned placement reads three words for each of A's: A's and the two of
// B's strips it straddles, three streams a strip's height apart. On this project's machine that
// third stream, not the shifts, is what a wide query pays: bench_collide times the three loads
// alone at 0.17 ns a word, against 0.14 for two. The masks' rows (Mask::RowWords) hold the same
// bits row-major, so down the rows B is one stream, and the two words each of A's words
// straddles are neighbours: the second load hits the line the first one brought. VBMI2's funnel
// shift (vpshrdvq) joins them in one instruction. Used for unmirrored placements (the rows are
// stored unmirrored), unaligned, whose rows hold at least WIDE_ROWS_MIN_WORDS words (MakeRowWalk);
// docs/collision.md has the figures. Zen 4 and Ice Lake have VBMI2; Skylake-X has AVX-512
// without it, and keeps the strips.
#define AVX512_ROWS_TARGET \
    __attribute__((target("avx2,avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi2,bmi,bmi2,popcnt")))
#define AVX512_ROWS_FN AVX512_ROWS_TARGET inline

struct Avx512Rows {
    // Words i .. i + 3 of a row: A's AND B's bits under them, (b[i] >> shift) | (b[i + 1] <<
    // (64 - shift)) a word, and b[i] alone for shift 0 (vpshrdvq shifts the pair b[i + 1]:b[i]).
    AVX512_ROWS_FN static __m256i And4(const std::uint64_t* a, const std::uint64_t* b, std::int32_t i, __m256i shift) {
        const __m256i bits = _mm256_shrdv_epi64(Load4(b + i), Load4(b + i + 1), shift);
        return _mm256_and_si256(Load4(a + i), bits);
    }
    // The same for the row's last one to three words (`k`: which lanes), nothing read past them.
    AVX512_ROWS_FN static __m256i And4Tail(const std::uint64_t* a, const std::uint64_t* b, std::int32_t i, __mmask8 k,
                                           __m256i shift) {
        const __m256i bits =
            _mm256_shrdv_epi64(_mm256_maskz_loadu_epi64(k, b + i), _mm256_maskz_loadu_epi64(k, b + i + 1), shift);
        return _mm256_and_si256(_mm256_maskz_loadu_epi64(k, a + i), bits);
    }
    // The first row with a colliding pixel (row-major order is the first hit's order), and that
    // row's first word with one (its index and bits); -1 when none. Out of line, the walk by
    // value: inlined into the flattened query, GCC reloaded the walk's fields from the stack on
    // every row, and a 1,024-pixel query took 0.186 ns a word instead of 0.160.
    [[gnu::noinline]] AVX512_ROWS_TARGET static std::int32_t FirstRow(const RowWalk w, std::int32_t* wordIndex,
                                                                      std::uint64_t* word) {
        const __m256i shift = _mm256_set1_epi64x(w.shift);
        const std::int32_t full = w.words & ~3;
        const auto tail = static_cast<__mmask8>(_bzhi_u32(0xFu, static_cast<unsigned>(w.words & 3)));
        const std::uint64_t* a = w.a;
        const std::uint64_t* b = w.b;
        for (std::int32_t r = 0; r < w.rows; ++r, a += w.aStride, b += w.bStride) {
            __m256i any = tail != 0 ? And4Tail(a, b, full, tail, shift) : _mm256_setzero_si256();
            std::int32_t i = 0;
            // Sixteen words a step (a 1,024-pixel row), then four.
            for (; i + 16 <= full; i += 16) {
                const __m256i left = _mm256_or_si256(And4(a, b, i, shift), And4(a, b, i + 4, shift));
                const __m256i right = _mm256_or_si256(And4(a, b, i + 8, shift), And4(a, b, i + 12, shift));
                any = _mm256_or_si256(any, _mm256_or_si256(left, right));
            }
            for (; i < full; i += 4) any = _mm256_or_si256(any, And4(a, b, i, shift));
            if (_mm256_testz_si256(any, any)) continue;
            // The row's first word with a hit: word by word, once a query.
            for (std::int32_t k = 0;; ++k) {
                const std::uint64_t bits = a[k] & ReadBits(b, k, w.shift);
                if (bits == 0) continue;
                *wordIndex = k, *word = bits;
                return r;
            }
        }
        return -1;
    }
    // Every colliding pixel from row `row0` on (the first hit's: none above it).
    [[gnu::noinline]] AVX512_ROWS_TARGET static std::int64_t CountFrom(const RowWalk w, std::int32_t row0) {
        const __m256i shift = _mm256_set1_epi64x(w.shift);
        const std::int32_t full = w.words & ~3;
        const auto tail = static_cast<__mmask8>(_bzhi_u32(0xFu, static_cast<unsigned>(w.words & 3)));
        __m256i lanes = _mm256_setzero_si256();
        const std::uint64_t* a = w.a + row0 * w.aStride;
        const std::uint64_t* b = w.b + row0 * w.bStride;
        for (std::int32_t r = row0; r < w.rows; ++r, a += w.aStride, b += w.bStride) {
            if (tail != 0) lanes = _mm256_add_epi64(lanes, _mm256_popcnt_epi64(And4Tail(a, b, full, tail, shift)));
            for (std::int32_t i = 0; i < full; i += 4)
                lanes = _mm256_add_epi64(lanes, _mm256_popcnt_epi64(And4(a, b, i, shift)));
        }
        return HorizontalSum(lanes);
    }
};

// The query past its rejection: down the rows where MakeRowWalk says so, else the AVX2 strip walk.
__attribute__((target("avx2,avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi2,bmi,bmi2,popcnt"), flatten))
OverlapResult
Avx512RowsQuery(const detail::PlacedPair& p, QueryMode mode, std::span<Point> pixelsOut) {
    RowWalk w;
    Rect overlap;
    if (!pixelsOut.empty() || !MakeRowWalk(p, &w, &overlap)) return Avx2Query(p, mode, pixelsOut);
    OverlapResult result;
    result.overlap = overlap;
    std::int32_t wordIndex = 0;
    std::uint64_t word = 0;
    const std::int32_t row = Avx512Rows::FirstRow(w, &wordIndex, &word);
    if (row < 0) return result;
    result.hit = true;
    result.first = Point{w.worldX0 + 64 * wordIndex + std::countr_zero(word), overlap.y + row};
    if (mode == QueryMode::CountAll) result.pixelCount = Avx512Rows::CountFrom(w, row);
    return result;
}

__attribute__((target("avx2,avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq,bmi,bmi2,popcnt"), flatten)) std::int64_t
Avx512CountNarrow(const detail::NarrowQuery& q, Point* first) {
    return CountNarrowT<Avx512>(q, first);
}
__attribute__((target("avx2,avx512f,avx512vl,avx512bw,avx512dq,avx512vpopcntdq,bmi,bmi2,popcnt"), flatten))
detail::WindowHit
Avx512FirstHitWindows(const detail::StripWindow& a, const detail::StripWindow& b, std::int32_t rows) {
    detail::WindowHit h{0, 0};
    h.row = Avx512::FirstRowWindows(a, b, rows, &h.word);
    return h;
}
#if !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif

}  // namespace

const KernelSet& Baseline() {
    static constexpr KernelSet set{BaselineQuery,    BaselineFirstHitWindows, BaselineCountNarrow,
                                   BaselineFirstHit, BaselineCountAll,        "x86-64"};
    return set;
}

const KernelSet* Avx2OrNull() {
#ifdef COLLIDE_HAVE_AVX2
    static constexpr KernelSet set{Avx2Query, Avx2FirstHitWindows, Avx2CountNarrow, Avx2FirstHit, Avx2CountAll, "avx2"};
    static const bool supported = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") &&
                                  __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
    return supported ? &set : nullptr;
#else
    return nullptr;
#endif
}

const KernelSet* Avx512OrNull() {
#ifdef COLLIDE_HAVE_AVX2
    static constexpr KernelSet set{Avx2Query,    Avx512FirstHitWindows, Avx512CountNarrow,
                                   Avx2FirstHit, Avx2CountAll,          "avx512"};
    static constexpr KernelSet withRows{Avx512RowsQuery, Avx512FirstHitWindows, Avx512CountNarrow,
                                        Avx2FirstHit,    Avx2CountAll,          "avx512+vbmi2"};
    static const bool supported = Avx2OrNull() != nullptr && __builtin_cpu_supports("avx512f") &&
                                  __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw") &&
                                  __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vpopcntdq");
    static const bool rows = supported && __builtin_cpu_supports("avx512vbmi2");
    return rows ? &withRows : supported ? &set : nullptr;
#else
    return nullptr;
#endif
}

const KernelSet& Select() {
    static const KernelSet& chosen = Avx512OrNull() != nullptr ? *Avx512OrNull()
                                     : Avx2OrNull() != nullptr ? *Avx2OrNull()
                                                               : Baseline();
    return chosen;
}

}  // namespace collide::kernels

namespace collide::detail {

WindowHit FirstHitWindows(const StripWindow& a, const StripWindow& b, std::int32_t rows) {
    return kernels::Select().firstHitWindows(a, b, rows);
}
std::int64_t CountNarrow(const NarrowQuery& q, Point* first) {
    return kernels::Select().countNarrow(q, first);
}

}  // namespace collide::detail
