// The overlap query's kernels: a scalar build for any x86-64 and an AVX2 build, four rows at a time.
// Why two: Debian targets baseline x86-64 (no AVX2, no popcnt instruction), and a column strip's
// consecutive rows are exactly what 256-bit registers are for. Why strips: the pairs a game tests
// overlap by one or two 64-pixel words a row over tens of rows, so a row-at-a-time kernel spends
// its time on per-row setup; down a strip, everything but the row index is fixed per call.
// Invariant: both builds compute the same bits; tests/test_overlap.cpp checks it.
#include "collide/kernels.h"

#include <algorithm>

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

// The narrow case (the overlap within one of A's strips: sprites a word wide or less) with none
// of the strip loop's bookkeeping, the query kept in registers; wider overlaps take the loop.
template <class Isa>
[[gnu::always_inline]] inline bool FirstHitNarrowT(const StripQuery& q, Hit* first) {
    const std::int32_t k0 = q.ax0 >> 6;
    std::uint64_t word = 0;
    first->row = Isa::FirstRow(PassFor(q, k0), q.rows, &word);
    first->aCol = 64 * k0 + std::countr_zero(word);
    return first->row >= 0;
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

// The query past its rejection. FirstHit is the path a game runs every tick: kept apart from the
// counting code, so that it stays small and a pair whose first rows collide costs little more
// than the call.
template <class Isa>
[[gnu::always_inline]] inline OverlapResult QueryT(const detail::PlacedPair& p, QueryMode mode,
                                                   std::span<Point> pixelsOut) {
    if (mode != QueryMode::FirstHit) return Isa::CountQuery(p, pixelsOut);
    OverlapResult result;
    StripQuery q;
    if (!MakeQuery(p, &q, &result.overlap)) return result;
    if ((q.ax0 >> 6) != ((q.ax1 - 1) >> 6)) return Isa::FirstHitWide(p);
    Hit first;
    if (FirstHitNarrowT<Isa>(q, &first)) {
        result.hit = true;
        result.first = Point{p.ax + first.aCol, result.overlap.y + first.row};
    }
    return result;
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

// ---- the narrow query: one or two 64-column windows of each mask --------------------------------

[[gnu::always_inline]] inline std::uint64_t WindowAnd(const detail::StripWindow& a, const detail::StripWindow& b,
                                                      std::int32_t r) {
    return detail::WindowBits(a, r) & detail::WindowBits(b, r);
}

// Window by window, left to right, each scanned above the best row so far (as FirstHitStripsT);
// then every window counted from the first hit's row down.
template <class Isa>
[[gnu::always_inline]] inline std::int64_t CountNarrowT(const detail::NarrowQuery& q, Point* first) {
    std::int32_t bestRow = q.rows, bestCol = 0;
    for (std::int32_t w = 0; w < q.windows && bestRow > 0; ++w) {
        std::uint64_t word = 0;
        const std::int32_t row = Isa::FirstRowWindows(q.a[w], q.b[w], bestRow, &word);
        if (row >= 0) bestRow = row, bestCol = 64 * w + std::countr_zero(word);
    }
    if (bestRow == q.rows) {
        *first = Point{0, -1};
        return 0;
    }
    *first = Point{bestCol, bestRow};
    std::int64_t total = 0;
    for (std::int32_t w = 0; w < q.windows; ++w) total += Isa::CountRowsWindows(q.a[w], q.b[w], bestRow, q.rows);
    return total;
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
    static std::int64_t CountRowsWindows(const detail::StripWindow& a, const detail::StripWindow& b, std::int32_t from,
                                         std::int32_t to) {
        std::int64_t n = 0;
        for (std::int32_t r = from; r < to; ++r) n += std::popcount(WindowAnd(a, b, r));
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
#define AVX2_FN __attribute__((target("avx2,bmi,bmi2,popcnt"))) inline

AVX2_FN __m256i Load4(const std::uint64_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

// Rows r .. r + 3 of the pass: A's words AND-ed with B's bits, one row a lane. A vector shift by
// 64 gives 0, which is what the unneeded side of an edge strip wants. Unaligned loads: the
// overlap's first row is wherever the placements put it.
AVX2_FN __m256i And4(const StripPass& p, std::int32_t r, __m128i loShift, __m128i hiShift) {
    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p.lo + r));
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p.hi + r));
    const __m256i bits = _mm256_or_si256(_mm256_srl_epi64(lo, loShift), _mm256_sll_epi64(hi, hiShift));
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
    AVX2_FN static std::int32_t FirstRow(const StripPass& p, std::int32_t limit, std::uint64_t* word) {
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
            const __m256i any =
                _mm256_or_si256(_mm256_or_si256(And4(p, r, loShift, hiShift), And4(p, r + 4, loShift, hiShift)),
                                _mm256_or_si256(And4(p, r + 8, loShift, hiShift), And4(p, r + 12, loShift, hiShift)));
            if (!_mm256_testz_si256(any, any)) break;
        }
        // Eight rows per test.
        for (; r + 8 <= limit; r += 8) {
            const __m256i v0 = And4(p, r, loShift, hiShift), v1 = And4(p, r + 4, loShift, hiShift);
            const __m256i any = _mm256_or_si256(v0, v1);
            if (!_mm256_testz_si256(any, any)) return r + FirstLane8(v0, v1, word);
        }
        if (r + 4 <= limit) {
            const __m256i v = And4(p, r, loShift, hiShift);
            if (!_mm256_testz_si256(v, v)) return r + FirstLane(v, word);
            r += 4;
        }
        if (r < limit) {
            // The last one to three rows: the four rows that end at the limit. Those above r were
            // tested already and are zero, so the first lane set is a new row.
            const __m256i v = And4(p, limit - 4, loShift, hiShift);
            if (!_mm256_testz_si256(v, v)) return limit - 4 + FirstLane(v, word);
        }
        return -1;
    }
    AVX2_FN static std::int64_t CountRows(const StripPass& p, std::int32_t from, std::int32_t to) {
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
                bytes = _mm256_add_epi8(bytes, PopcountBytes(And4(p, r, loShift, hiShift)));
            }
            lanes = _mm256_add_epi64(lanes, _mm256_sad_epu8(bytes, _mm256_setzero_si256()));
        }
        if (r < to) {
            // The four rows that end at `to`, without the lanes of rows already counted (< r).
            const __m256i lane = _mm256_setr_epi64x(0, 1, 2, 3);
            const __m256i keep = _mm256_cmpgt_epi64(lane, _mm256_set1_epi64x(r - (to - 4) - 1));
            const __m256i v = _mm256_and_si256(And4(p, to - 4, loShift, hiShift), keep);
            lanes = _mm256_add_epi64(lanes, _mm256_sad_epu8(PopcountBytes(v), _mm256_setzero_si256()));
        }
        return HorizontalSum(lanes);
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
    // Rows r .. r + 3 of both windows AND-ed, one row a lane; a window that ends in its mask's
    // last strip (no hi) skips hi's load and shift.
    template <bool AHi, bool BHi>
    AVX2_FN static __m256i WindowAnd4(const detail::StripWindow& a, const detail::StripWindow& b, std::int32_t r,
                                      const Shifts& s) {
        __m256i wa = _mm256_srl_epi64(Load4(a.lo + r), s.aLo), wb = _mm256_srl_epi64(Load4(b.lo + r), s.bLo);
        if constexpr (AHi) wa = _mm256_or_si256(wa, _mm256_sll_epi64(Load4(a.hi + r), s.aHi));
        if constexpr (BHi) wb = _mm256_or_si256(wb, _mm256_sll_epi64(Load4(b.hi + r), s.bHi));
        return _mm256_and_si256(wa, wb);
    }
    AVX2_FN static std::int32_t FirstRowWindowsAll(const detail::StripWindow& a, const detail::StripWindow& b,
                                                   std::int32_t limit, std::uint64_t* word) {
        const Shifts s = ShiftsOf(a, b);
        std::int32_t r = 0;
        for (; r + 8 <= limit; r += 8) {
            const __m256i v0 = WindowAnd4<true, true>(a, b, r, s), v1 = WindowAnd4<true, true>(a, b, r + 4, s);
            const __m256i any = _mm256_or_si256(v0, v1);
            if (!_mm256_testz_si256(any, any)) return r + FirstLane8(v0, v1, word);
        }
        if (r + 4 <= limit) {
            const __m256i v = WindowAnd4<true, true>(a, b, r, s);
            if (!_mm256_testz_si256(v, v)) return r + FirstLane(v, word);
            r += 4;
        }
        if (r < limit) {  // the four rows that end at the limit: those above r are zero
            const __m256i v = WindowAnd4<true, true>(a, b, limit - 4, s);
            if (!_mm256_testz_si256(v, v)) return limit - 4 + FirstLane(v, word);
        }
        return -1;
    }
    // One shape for every pair (hi always loaded, a shift of 64 zeroing it when unused): pairs
    // come in any mix of shapes, and a branch on the shape would be guessed wrong.
    AVX2_FN static std::int32_t FirstRowWindows(const detail::StripWindow& a, const detail::StripWindow& b,
                                                std::int32_t limit, std::uint64_t* word) {
        if (limit < 4) {
            for (std::int32_t r = 0; r < limit; ++r) {
                if ((*word = WindowAnd(a, b, r)) != 0) return r;
            }
            return -1;
        }
        return FirstRowWindowsAll(a, b, limit, word);
    }
    template <bool AHi, bool BHi>
    AVX2_FN static std::int64_t CountRowsWindowsT(const detail::StripWindow& a, const detail::StripWindow& b,
                                                  std::int32_t from, std::int32_t to) {
        const Shifts s = ShiftsOf(a, b);
        constexpr std::int32_t VECTORS_PER_FLUSH = 31;
        __m256i lanes = _mm256_setzero_si256();
        std::int32_t r = from;
        while (r + 4 <= to) {
            __m256i bytes = _mm256_setzero_si256();
            for (std::int32_t n = 0; n < VECTORS_PER_FLUSH && r + 4 <= to; ++n, r += 4) {
                bytes = _mm256_add_epi8(bytes, PopcountBytes(WindowAnd4<AHi, BHi>(a, b, r, s)));
            }
            lanes = _mm256_add_epi64(lanes, _mm256_sad_epu8(bytes, _mm256_setzero_si256()));
        }
        if (r < to) {  // the four rows that end at `to`, without the lanes counted already (< r)
            const __m256i lane = _mm256_setr_epi64x(0, 1, 2, 3);
            const __m256i keep = _mm256_cmpgt_epi64(lane, _mm256_set1_epi64x(r - (to - 4) - 1));
            const __m256i v = _mm256_and_si256(WindowAnd4<AHi, BHi>(a, b, to - 4, s), keep);
            lanes = _mm256_add_epi64(lanes, _mm256_sad_epu8(PopcountBytes(v), _mm256_setzero_si256()));
        }
        return HorizontalSum(lanes);
    }
    AVX2_FN static std::int64_t CountRowsWindows(const detail::StripWindow& a, const detail::StripWindow& b,
                                                 std::int32_t from, std::int32_t to) {
        if (to - from < 4) {
            std::int64_t n = 0;
            for (std::int32_t r = from; r < to; ++r) n += static_cast<std::int64_t>(_mm_popcnt_u64(WindowAnd(a, b, r)));
            return n;
        }
        if (a.hiShift < 64) {
            return b.hiShift < 64 ? CountRowsWindowsT<true, true>(a, b, from, to)
                                  : CountRowsWindowsT<true, false>(a, b, from, to);
        }
        return b.hiShift < 64 ? CountRowsWindowsT<false, true>(a, b, from, to)
                              : CountRowsWindowsT<false, false>(a, b, from, to);
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

const KernelSet& Select() {
    static const KernelSet& chosen = Avx2OrNull() != nullptr ? *Avx2OrNull() : Baseline();
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
