// Internal: the word kernels of the overlap query, compiled for baseline x86-64 (scalar), for AVX2
// (four rows per instruction) and, for the narrow windows, AVX-512 (eight), picked once per process
// by CPU feature. All compute the same bits; tests/test_overlap.cpp checks it on random strips.
// They walk the masks' query copies (collide.h: the tight bounds in 64-pixel column strips, each
// strip's rows consecutive, a mirrored copy beside), so a query is always "A's strip k against
// B's strips, B column = A column + c": no flip, no bit reversal, and four rows are one load.
// One exception, where the CPU has AVX-512 with VBMI2: very wide unaligned overlaps of unmirrored
// placements walk the masks' rows (RowWalk below), where B's words are one stream.
#pragma once

#include "collide/collide.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>

namespace collide::kernels {

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

/// One query reduced to the two masks' strips, as placed (each already mirrored or not). Word
/// [k * aStride + r] of `a` is row r of A's strip k: columns 64k .. 64k + 63 of A's placed tight
/// bounds. The overlap is A's columns [ax0, ax1) and `rows` rows from A's row aRow0 and B's row
/// bRow0; A's column x meets B's column x + c. Every column outside the overlap is zero in A or
/// in B (tight bounds), so no word needs trimming, and the kernels read only the strips and rows
/// the overlap covers.
struct StripQuery {
    const std::uint64_t* a = nullptr;
    const std::uint64_t* b = nullptr;
    std::int64_t aStride = 0;  // words per strip: the placed bounds' height
    std::int64_t bStride = 0;
    std::int32_t aRow0 = 0, bRow0 = 0, rows = 0;
    std::int32_t ax0 = 0, ax1 = 0;
    std::int32_t c = 0;
};

/// Where one A strip's words find B's bits: (lo >> loShift) | (hi << hiShift), lo being B's strip
/// base = k + floor(c / 64) and hi strip base + 1, with loShift = c mod 64 and hiShift = 64 -
/// loShift. An edge strip of the overlap may need only one of them: the other's shift is then 64
/// (every bit shifted out) and its pointer the needed one's, so both are always readable; B's
/// strips outside the overlap are never read (they may not exist).
struct StripPass {
    const std::uint64_t* a = nullptr;  // A's strip at the overlap's first row
    const std::uint64_t* lo = nullptr;
    const std::uint64_t* hi = nullptr;
    unsigned loShift = 64, hiShift = 64;  // 0..64
};

[[gnu::always_inline]] inline StripPass PassFor(const StripQuery& q, std::int32_t k) {
    const std::int32_t base = k + (q.c >> 6);  // arithmetic shift: floor, also for negative c
    const auto s = static_cast<unsigned>(q.c & 63);
    const std::int32_t colLo = 64 * k > q.ax0 ? 64 * k : q.ax0;
    const std::int32_t colHi = 64 * k + 64 < q.ax1 ? 64 * k + 64 : q.ax1;
    // The B strips the overlap's columns of this A strip fall in: base, base + 1 (only when
    // s != 0) or both.
    const bool needLo = ((colLo + q.c) >> 6) == base;
    const bool needHi = ((colHi - 1 + q.c) >> 6) != base;
    StripPass p;
    p.a = q.a + k * q.aStride + q.aRow0;
    p.lo = q.b + (needLo ? base : base + 1) * q.bStride + q.bRow0;
    p.hi = q.b + (needHi ? base + 1 : base) * q.bStride + q.bRow0;
    p.loShift = needLo ? s : 64;
    p.hiShift = needHi ? 64 - s : 64;
    return p;
}

/// w >> n and w << n for n in 0..64 (64: zero, where the shift instruction would wrap).
[[gnu::always_inline]] inline std::uint64_t ShiftRight(std::uint64_t w, unsigned n) {
    return n < 64 ? w >> n : 0;
}
[[gnu::always_inline]] inline std::uint64_t ShiftLeft(std::uint64_t w, unsigned n) {
    return n < 64 ? w << n : 0;
}

/// Row r of the pass: A's word AND-ed with the matching 64 bits of B (scalar).
[[gnu::always_inline]] inline std::uint64_t AndWord(const StripPass& p, std::int32_t r) {
    return p.a[r] & (ShiftRight(p.lo[r], p.loShift) | ShiftLeft(p.hi[r], p.hiShift));
}

/// A colliding pixel, relative to the query: row from the overlap's first row, A's column.
struct Hit {
    std::int32_t row = -1;
    std::int32_t aCol = 0;
};

/// The overlap of a pair's placed tight bounds, world space, in *overlapWorld; false (and
/// *overlapWorld untouched) when it is empty (an empty mask: the rejection lets it through).
[[gnu::always_inline]] inline bool PlacedOverlap(const detail::PlacedPair& p, Rect* overlapWorld) {
    const Rect ba = p.a->Bounds(), bb = p.b->Bounds();
    const std::int32_t x0 = std::max(p.ax, p.bx), x1 = std::min(p.ax + ba.w, p.bx + bb.w);
    const std::int32_t y0 = std::max(p.ay, p.by), y1 = std::min(p.ay + ba.h, p.by + bb.h);
    if (x1 <= x0 || y1 <= y0) return false;
    *overlapWorld = Rect{x0, y0, x1 - x0, y1 - y0};
    return true;
}

/// The StripQuery of a pair past its rejection, and the overlap of the placed tight bounds in
/// world space; false when that overlap is empty (an empty mask: the rejection lets it through).
[[gnu::always_inline]] inline bool MakeQuery(const detail::PlacedPair& p, StripQuery* q, Rect* overlapWorld) {
    if (!PlacedOverlap(p, overlapWorld)) return false;
    const Rect& o = *overlapWorld;
    q->a = p.a->StripWords(p.flipA, 0);
    q->b = p.b->StripWords(p.flipB, 0);
    q->aStride = p.a->Bounds().h;
    q->bStride = p.b->Bounds().h;
    q->aRow0 = o.y - p.ay;
    q->bRow0 = o.y - p.by;
    q->rows = o.h;
    q->ax0 = o.x - p.ax;
    q->ax1 = o.x + o.w - p.ax;
    q->c = p.ax - p.bx;  // A's placed column x is world ax + x, which is B's column x + c
    return true;
}

/// A wide overlap read down both masks' rows (Mask::RowWords), not their strips: A's words of
/// the overlap's first row from the first one the overlap touches, B's from the word holding the
/// bits that meet its bit 0 (word -1, the row's guard, at the least), and so down `rows` rows.
/// A's word i meets (b[i] >> shift) | (b[i + 1] << (64 - shift)): the reads stay within B's row
/// and its guard words, and A's bits outside the overlap meet B's zeros (tight bounds, guards).
struct RowWalk {
    const std::uint64_t* a = nullptr;
    const std::uint64_t* b = nullptr;
    std::int64_t aStride = 0, bStride = 0;  // words from one row to the next
    std::int32_t words = 0, rows = 0;       // A's words a row, rows
    std::int32_t worldX0 = 0;               // the world column of a's bit 0
    unsigned shift = 0;                     // 0..63
};

/// Overlaps whose rows hold at least this many of A's words go down the rows, where the CPU has
/// VBMI2. The row walk tests each row once, after sixteen words (four vectors) at a time; a row
/// narrower than that pays the test for less work, and the strips' four rows a vector win.
/// Measured (unaligned, no hit, ns a 64-pixel word, rows against strips): 960 columns (15 words)
/// 0.32 against 0.26, 1,024 columns 0.22 against 0.26, 1,536 0.19 against 0.26; docs/collision.md.
constexpr std::int32_t WIDE_ROWS_MIN_WORDS = 16;

/// The RowWalk of a pair and its overlap (world space), when the row walk applies: both
/// placements unmirrored (the rows are stored unmirrored), not aligned to 64 columns (aligned
/// placements read two words a word of A down the strips, as fast as a plain AND-OR), and at
/// least WIDE_ROWS_MIN_WORDS of A's words a row; false otherwise, or when the overlap is empty.
[[gnu::always_inline]] inline bool MakeRowWalk(const detail::PlacedPair& p, RowWalk* w, Rect* overlapWorld) {
    Rect o;
    if (p.flipA != Flip::None || p.flipB != Flip::None || !PlacedOverlap(p, &o)) return false;
    const Rect ba = p.a->Bounds(), bb = p.b->Bounds();
    // Mask column 0's world column; B's column = A's + c.
    const std::int32_t originAx = p.ax - ba.x, originBx = p.bx - bb.x;
    const std::int32_t c = originAx - originBx;
    const std::int32_t i0 = (o.x - originAx) >> 6, i1 = (o.x + o.w - 1 - originAx) >> 6;
    if (i1 - i0 + 1 < WIDE_ROWS_MIN_WORDS || (c & 63) == 0) return false;
    *overlapWorld = o;
    w->a = p.a->RowWords(o.y - (p.ay - ba.y)) + i0;
    w->b = p.b->RowWords(o.y - (p.by - bb.y)) + i0 + (c >> 6);  // arithmetic shift: floor
    w->aStride = static_cast<std::int64_t>(p.a->RowStrideWords());
    w->bStride = static_cast<std::int64_t>(p.b->RowStrideWords());
    w->words = i1 - i0 + 1;
    w->rows = o.h;
    w->worldX0 = originAx + 64 * i0;
    w->shift = static_cast<unsigned>(c & 63);
    return true;
}

/// CountAll with pixelsOut (overlap.cpp, shared by both builds): from the first hit's row, each
/// row's AND words counted and emitted strip by strip, left to right: row-major world order.
void CountAndEmit(const StripQuery& q, Point overlapCorner, std::int32_t aWorldX, Hit first, std::span<Point> pixelsOut,
                  OverlapResult& result);

struct KernelSet {
    /// The whole query past its rejection (the pair's placed tight bounds may overlap).
    OverlapResult (*query)(const detail::PlacedPair& pair, QueryMode mode, std::span<Point> pixelsOut);
    /// The first row of two windows that collides, below `rows` (detail::WindowHit, collide.h).
    detail::WindowHit (*firstHitWindows)(const detail::StripWindow& a, const detail::StripWindow& b, std::int32_t rows);
    /// Every colliding pixel of a narrow query, and the first (relative to the overlap's top-left;
    /// y = -1 when none): what query() runs for a narrow CountAll.
    std::int64_t (*countNarrow)(const detail::NarrowQuery& q, Point* first);
    /// The colliding pixel with the smallest row, then the smallest column; false if none.
    bool (*firstHit)(const StripQuery& q, Hit* first);
    /// Every colliding pixel counted; *first as firstHit gives it (row -1 when none).
    std::int64_t (*countAll)(const StripQuery& q, Hit* first);
    const char* name;  // "x86-64", "avx2", "avx512" or "avx512+vbmi2", for benchmarks and reports
};

/// The fastest kernels this CPU runs. Chosen once; the choice never changes a result.
const KernelSet& Select();
/// Both builds, for the tests that check they agree.
const KernelSet& Baseline();
const KernelSet* Avx2OrNull();
/// The AVX2 set with the narrow window kernels in AVX-512 (eight rows a register, masked rows,
/// a popcount a lane), and, where the CPU has VBMI2 too, the row walk for very wide unaligned
/// overlaps (MakeRowWalk); null where the CPU lacks AVX512F, VL, BW, DQ or VPOPCNTDQ.
const KernelSet* Avx512OrNull();

}  // namespace collide::kernels
