// bench copy (namespace before) of collide/kernels.h as it was before the strip layout.
// Internal: the word kernels of the overlap query, compiled for baseline x86-64 (scalar) and for
// AVX2 (4 words per instruction), picked once per process by CPU feature. Both compute the same
// bits; tests/test_overlap.cpp checks it on random rows.
// A query span says which of A's stored words take part and where B's bits come from:
// B column = c + A column, or c - A column when `reversed` (the masks face opposite ways).
#pragma once

#include <bit>
#include <cstdint>

namespace before::kernels {

// Reverses the bit order of a word: bytes first, then the bits inside each byte.
[[gnu::always_inline]] inline std::uint64_t ReverseBits(std::uint64_t w) {
    w = __builtin_bswap64(w);
    w = ((w >> 1) & 0x5555555555555555ull) | ((w & 0x5555555555555555ull) << 1);
    w = ((w >> 2) & 0x3333333333333333ull) | ((w & 0x3333333333333333ull) << 2);
    w = ((w >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((w & 0x0F0F0F0F0F0F0F0Full) << 4);
    return w;
}

// 64 bits of a guarded row starting at bit 64 * j + s (0 <= s < 64). The second read is split
// into two shifts so that s == 0 needs no branch: (x << 1) << 63 is 0, x << 64 would be UB.
[[gnu::always_inline]] inline std::uint64_t ReadBits(const std::uint64_t* row, std::int32_t j, unsigned s) {
    return (row[j] >> s) | ((row[j + 1] << 1) << (63 - s));
}

/// One query, reduced to A's stored words. The words k0..k1 of each row cover the overlap of the
/// two tight bounds; every column outside the overlap is zero in A or in B, so no word needs
/// trimming, and every B read stays within the row's guard words.
struct QuerySpan {
    const std::uint64_t* aRow = nullptr;  // word 0 of A's first overlap row
    const std::uint64_t* bRow = nullptr;  // word 0 of B's first overlap row
    std::int64_t aStrideWords = 0;
    std::int64_t bStrideWords = 0;
    std::int32_t rows = 0;
    std::int32_t k0 = 0, k1 = 0;  // A words, inclusive
    // B's bits for A word k start at bit 64 * (base + k) + shift, or, reversed, the 64 bits from
    // 64 * (base - k) + shift are bit-reversed; shift is the same for every word of every row.
    std::int32_t base = 0;
    unsigned shift = 0;
    bool reversed = false;
};

/// The span for A columns [aX0, aX1) with B column = c + a (or c - a when reversed).
inline QuerySpan MakeSpan(std::int32_t aX0, std::int32_t aX1, std::int32_t c, bool reversed) {
    QuerySpan q;
    q.k0 = aX0 >> 6;
    q.k1 = (aX1 - 1) >> 6;
    // Reversed: A column 64k + 63 meets B column c - 64k - 63, the low end of the 64 bits read.
    const std::int32_t start = reversed ? c - 63 : c;
    q.base = start >> 6;  // arithmetic shift: floor, also for negative columns
    q.shift = static_cast<unsigned>(start & 63);
    q.reversed = reversed;
    return q;
}

/// A's word k AND-ed with the matching 64 bits of B (scalar; for the few words a hit row rereads).
[[gnu::always_inline]] inline std::uint64_t AndWord(const std::uint64_t* aRow, const std::uint64_t* bRow,
                                                    std::int32_t k, const QuerySpan& q) {
    const std::uint64_t bBits =
        q.reversed ? ReverseBits(ReadBits(bRow, q.base - k, q.shift)) : ReadBits(bRow, q.base + k, q.shift);
    return aRow[k] & bBits;
}

struct KernelSet {
    /// The first row (0-based) with a colliding pixel, or -1.
    std::int32_t (*firstHitRow)(const QuerySpan& q);
    /// Every colliding pixel counted; *firstHitRow gets the first row with one, or -1.
    std::int64_t (*countAll)(const QuerySpan& q, std::int32_t* firstHitRow);
    /// One row: stores the AND words of A's words k0..k1 into out[0..] and returns their count.
    std::int64_t (*andRow)(const std::uint64_t* aRow, const std::uint64_t* bRow, const QuerySpan& q,
                           std::uint64_t* out);
    const char* name;  // "avx2" or "x86-64", for benchmarks and reports
};

/// The fastest kernels this CPU runs. Chosen once; the choice never changes a result.
const KernelSet& Select();
/// Both builds, for the tests that check they agree.
const KernelSet& Baseline();
const KernelSet* Avx2OrNull();

}  // namespace before::kernels
