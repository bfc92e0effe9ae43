// bench copy (namespace before) of collide/kernels.cpp as it was before the strip layout.
// The overlap query's kernels: a scalar build for any x86-64 and an AVX2 build, 4 words at a time.
// Why two: Debian targets baseline x86-64 (no AVX2, no popcnt instruction), and the AND of shifted
// rows is exactly what 256-bit registers are for. Both walk the rows inside one call, so a query
// costs one indirect call, not one per row.
// Invariant: both builds compute the same bits; tests/test_overlap.cpp checks it.
#include "before/kernels.h"

#include <algorithm>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define COLLIDE_HAVE_AVX2 1
#endif

namespace before::kernels {

namespace {

// ---- scalar ---------------------------------------------------------------------------------

template <bool Reversed>
std::uint64_t ScalarRowOr(const std::uint64_t* aRow, const std::uint64_t* bRow, const QuerySpan& q) {
    std::uint64_t any = 0;
    for (std::int32_t k = q.k0; k <= q.k1; ++k) {
        const std::uint64_t bBits =
            Reversed ? ReverseBits(ReadBits(bRow, q.base - k, q.shift)) : ReadBits(bRow, q.base + k, q.shift);
        any |= aRow[k] & bBits;
    }
    return any;
}

template <bool Reversed>
std::int64_t ScalarRowCount(const std::uint64_t* aRow, const std::uint64_t* bRow, const QuerySpan& q,
                            std::uint64_t* out) {
    std::int64_t count = 0;
    for (std::int32_t k = q.k0; k <= q.k1; ++k) {
        const std::uint64_t bBits =
            Reversed ? ReverseBits(ReadBits(bRow, q.base - k, q.shift)) : ReadBits(bRow, q.base + k, q.shift);
        const std::uint64_t w = aRow[k] & bBits;
        count += std::popcount(w);
        if (out != nullptr) out[k - q.k0] = w;
    }
    return count;
}

template <bool Reversed>
std::int32_t ScalarFirstHitRow(const QuerySpan& q) {
    for (std::int32_t r = 0; r < q.rows; ++r) {
        if (ScalarRowOr<Reversed>(q.aRow + r * q.aStrideWords, q.bRow + r * q.bStrideWords, q) != 0) return r;
    }
    return -1;
}

template <bool Reversed>
std::int64_t ScalarCountAll(const QuerySpan& q, std::int32_t* firstHitRow) {
    // Find the first hit without counting; count only from there on.
    *firstHitRow = ScalarFirstHitRow<Reversed>(q);
    std::int64_t total = 0;
    for (std::int32_t r = std::max(*firstHitRow, 0); *firstHitRow >= 0 && r < q.rows; ++r) {
        total += ScalarRowCount<Reversed>(q.aRow + r * q.aStrideWords, q.bRow + r * q.bStrideWords, q, nullptr);
    }
    return total;
}

std::int32_t BaselineFirstHitRow(const QuerySpan& q) {
    return q.reversed ? ScalarFirstHitRow<true>(q) : ScalarFirstHitRow<false>(q);
}
std::int64_t BaselineCountAll(const QuerySpan& q, std::int32_t* firstHitRow) {
    return q.reversed ? ScalarCountAll<true>(q, firstHitRow) : ScalarCountAll<false>(q, firstHitRow);
}
std::int64_t BaselineAndRow(const std::uint64_t* aRow, const std::uint64_t* bRow, const QuerySpan& q,
                            std::uint64_t* out) {
    return q.reversed ? ScalarRowCount<true>(aRow, bRow, q, out) : ScalarRowCount<false>(aRow, bRow, q, out);
}

// ---- AVX2 -------------------------------------------------------------------------------------

#ifdef COLLIDE_HAVE_AVX2
#define AVX2_FN __attribute__((target("avx2,bmi,bmi2,popcnt"))) inline

// B's 64-bit windows j, j+1, j+2, j+3 (window j = bits from 64j + s). Two unaligned loads one
// word apart make the funnel shift; a vector shift by 64 gives 0, so s == 0 needs no branch.
AVX2_FN __m256i Windows4(const std::uint64_t* bRow, std::int32_t j, __m128i s, __m128i sInv) {
    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bRow + j));
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bRow + j + 1));
    return _mm256_or_si256(_mm256_srl_epi64(lo, s), _mm256_sll_epi64(hi, sInv));
}

// Bit reversal of each 64-bit lane: bytes reversed by one shuffle, the bits of each byte by two
// nibble lookups.
AVX2_FN __m256i ReverseBits4(__m256i v) {
    const __m256i byteSwap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,  //
                                              7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    const __m256i nibbleRev = _mm256_setr_epi8(0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15,  //
                                               0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15);
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    v = _mm256_shuffle_epi8(v, byteSwap);
    const __m256i lo = _mm256_shuffle_epi8(nibbleRev, _mm256_and_si256(v, low4));
    const __m256i hi = _mm256_shuffle_epi8(nibbleRev, _mm256_and_si256(_mm256_srli_epi16(v, 4), low4));
    return _mm256_or_si256(_mm256_slli_epi16(lo, 4), hi);
}

// B's bits for A words k .. k+3.
template <bool Reversed>
AVX2_FN __m256i BBits4(const std::uint64_t* bRow, const QuerySpan& q, std::int32_t k, __m128i s, __m128i sInv) {
    if constexpr (Reversed) {
        // Windows base-k-3 .. base-k hold A words k+3 .. k: reverse the lane order, then the bits.
        const __m256i w = Windows4(bRow, q.base - k - 3, s, sInv);
        return ReverseBits4(_mm256_permute4x64_epi64(w, 0x1B));
    } else {
        return Windows4(bRow, q.base + k, s, sInv);
    }
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

// The AND words of A words k .. k+2 that the vector loop left (left = 0..3), written out so the
// compiler does not vectorize a loop that never runs more than three times.
template <bool Store>
AVX2_FN std::int64_t TailCount(const std::uint64_t* aRow, const std::uint64_t* bRow, const QuerySpan& q, std::int32_t k,
                               std::uint64_t* out) {
    std::int64_t n = 0;
    for (std::int32_t i = 0; i < 3; ++i) {
        if (k + i <= q.k1) {
            const std::uint64_t w = AndWord(aRow, bRow, k + i, q);
            if constexpr (Store) out[k + i - q.k0] = w;
            n += static_cast<std::int64_t>(_mm_popcnt_u64(w));
        }
    }
    return n;
}

// One row's colliding pixels; with Store, its AND words go to out[0..].
template <bool Reversed, bool Store>
AVX2_FN std::int64_t Avx2RowCount(const std::uint64_t* aRow, const std::uint64_t* bRow, const QuerySpan& q, __m128i s,
                                  __m128i sInv, std::uint64_t* out) {
    constexpr std::int32_t VECTORS_PER_FLUSH = 31;
    __m256i lanes = _mm256_setzero_si256();
    std::int32_t k = q.k0;
    while (k <= q.k1 - 3) {
        __m256i bytes = _mm256_setzero_si256();
        for (std::int32_t n = 0; n < VECTORS_PER_FLUSH && k <= q.k1 - 3; ++n, k += 4) {
            const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(aRow + k));
            const __m256i w = _mm256_and_si256(a, BBits4<Reversed>(bRow, q, k, s, sInv));
            if constexpr (Store) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + (k - q.k0)), w);
            bytes = _mm256_add_epi8(bytes, PopcountBytes(w));
        }
        lanes = _mm256_add_epi64(lanes, _mm256_sad_epu8(bytes, _mm256_setzero_si256()));
    }
    return HorizontalSum(lanes) + TailCount<Store>(aRow, bRow, q, k, out);
}

template <bool Reversed>
AVX2_FN std::int32_t Avx2FirstHitRowT(const QuerySpan& q) {
    const __m128i s = _mm_cvtsi32_si128(static_cast<int>(q.shift));
    const __m128i sInv = _mm_cvtsi32_si128(static_cast<int>(64 - q.shift));
    const std::int32_t vectorEnd = q.k1 - 3;  // k <= vectorEnd: four whole words remain
    for (std::int32_t r = 0; r < q.rows; ++r) {
        const std::uint64_t* aRow = q.aRow + r * q.aStrideWords;
        const std::uint64_t* bRow = q.bRow + r * q.bStrideWords;
        __m256i acc = _mm256_setzero_si256();
        std::int32_t k = q.k0;
        for (; k <= vectorEnd; k += 4) {
            const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(aRow + k));
            acc = _mm256_or_si256(acc, _mm256_and_si256(a, BBits4<Reversed>(bRow, q, k, s, sInv)));
        }
        // At most three words remain: written out, so the compiler does not vectorize a loop
        // that never runs more than three times.
        std::uint64_t tail = 0;
        switch (q.k1 - k + 1) {
            case 3:
                tail |= AndWord(aRow, bRow, k + 2, q);
                [[fallthrough]];
            case 2:
                tail |= AndWord(aRow, bRow, k + 1, q);
                [[fallthrough]];
            case 1:
                tail |= AndWord(aRow, bRow, k, q);
                break;
            default:
                break;
        }
        if (!_mm256_testz_si256(acc, acc) || tail != 0) return r;
    }
    return -1;
}

// Rows before the first hit are skipped at first-hit speed (no counting), so the count-all
// query of a pair that never collides costs what the early-exit query costs.
template <bool Reversed>
AVX2_FN std::int64_t Avx2CountAllT(const QuerySpan& q, std::int32_t* firstHitRow) {
    *firstHitRow = Avx2FirstHitRowT<Reversed>(q);
    if (*firstHitRow < 0) return 0;
    const __m128i s = _mm_cvtsi32_si128(static_cast<int>(q.shift));
    const __m128i sInv = _mm_cvtsi32_si128(static_cast<int>(64 - q.shift));
    std::int64_t total = 0;
    for (std::int32_t r = *firstHitRow; r < q.rows; ++r) {
        total += Avx2RowCount<Reversed, false>(q.aRow + r * q.aStrideWords, q.bRow + r * q.bStrideWords, q, s, sInv,
                                               nullptr);
    }
    return total;
}

__attribute__((target("avx2,bmi,bmi2,popcnt"))) std::int32_t Avx2FirstHitRow(const QuerySpan& q) {
    return q.reversed ? Avx2FirstHitRowT<true>(q) : Avx2FirstHitRowT<false>(q);
}
__attribute__((target("avx2,bmi,bmi2,popcnt"))) std::int64_t Avx2CountAll(const QuerySpan& q,
                                                                          std::int32_t* firstHitRow) {
    return q.reversed ? Avx2CountAllT<true>(q, firstHitRow) : Avx2CountAllT<false>(q, firstHitRow);
}
__attribute__((target("avx2,bmi,bmi2,popcnt"))) std::int64_t Avx2AndRow(const std::uint64_t* aRow,
                                                                        const std::uint64_t* bRow, const QuerySpan& q,
                                                                        std::uint64_t* out) {
    const __m128i s = _mm_cvtsi32_si128(static_cast<int>(q.shift));
    const __m128i sInv = _mm_cvtsi32_si128(static_cast<int>(64 - q.shift));
    return q.reversed ? Avx2RowCount<true, true>(aRow, bRow, q, s, sInv, out)
                      : Avx2RowCount<false, true>(aRow, bRow, q, s, sInv, out);
}
#endif

}  // namespace

const KernelSet& Baseline() {
    static constexpr KernelSet set{BaselineFirstHitRow, BaselineCountAll, BaselineAndRow, "x86-64"};
    return set;
}

const KernelSet* Avx2OrNull() {
#ifdef COLLIDE_HAVE_AVX2
    static constexpr KernelSet set{Avx2FirstHitRow, Avx2CountAll, Avx2AndRow, "avx2"};
    static const bool supported =
        __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2");
    return supported ? &set : nullptr;
#else
    return nullptr;
#endif
}

const KernelSet& Select() {
    static const KernelSet& chosen = Avx2OrNull() != nullptr ? *Avx2OrNull() : Baseline();
    return chosen;
}

}  // namespace before::kernels
