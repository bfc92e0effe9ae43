// bench copy (namespace before) of collide/overlap.cpp as it was before the strip layout.
// The axis-aligned overlap query: two placed masks, AND-ed 64 pixels at a time over the overlap of
// their tight bounds only. No allocation, no SDL, no files.
// Key invariant: every query is reduced to "walk mask A's stored words, read B's bits at
// b = c + a (same orientation) or b = c - a (opposite orientation)"; the guard words around
// every mask row make the two-word reads of B branch-free.
#include "before/before.h"
#include "before/kernels.h"
#include "collide/assert.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

namespace before {

namespace {

// One query after reduction to A's storage space. World x of stored column a is
// worldOfA0 + a (aIncreasesWorldX) or worldOfA0 - a.
struct ReducedQuery {
    const Mask* a;
    const Mask* b;
    std::int32_t aX0, aX1;      // A storage columns [aX0, aX1) inside the overlap
    std::int32_t aRow0, bRow0;  // first overlap row in each mask
    std::int32_t rows;
    std::int32_t c;  // b = c + a, or b = c - a when reversed
    bool reversed;
    bool aIncreasesWorldX;
    std::int32_t worldOfA0;
    std::int32_t worldY0;
};

ReducedQuery ReduceQuery(const Mask& a, Placement pa, const Mask& b, Placement pb, Rect overlap) {
    // Opposite orientations: make A the unflipped one. AND is symmetric, so swapping the roles
    // changes nothing in world space.
    if (pa.flip != pb.flip && pa.flip == Flip::Horizontal) {
        return ReduceQuery(b, pb, a, pa, overlap);
    }
    ReducedQuery q{};
    q.a = &a;
    q.b = &b;
    q.rows = overlap.h;
    q.aRow0 = overlap.y - pa.worldY;
    q.bRow0 = overlap.y - pb.worldY;
    q.worldY0 = overlap.y;
    const std::int32_t wA = a.Width(), wB = b.Width();
    if (pa.flip == Flip::None) {
        // x = pa.worldX + a.
        q.aX0 = overlap.x - pa.worldX;
        q.aX1 = overlap.Right() - pa.worldX;
        q.aIncreasesWorldX = true;
        q.worldOfA0 = pa.worldX;
        if (pb.flip == Flip::None) {
            q.reversed = false;
            q.c = pa.worldX - pb.worldX;  // b = x - pb.worldX
        } else {
            q.reversed = true;
            q.c = wB - 1 + pb.worldX - pa.worldX;  // b = wB - 1 - (x - pb.worldX)
        }
    } else {
        // Both mirrored: x = pa.worldX + wA - 1 - a and b = wB - 1 - (x - pb.worldX) = a + c.
        q.aX0 = pa.worldX + wA - overlap.Right();
        q.aX1 = pa.worldX + wA - overlap.x;
        q.aIncreasesWorldX = false;
        q.worldOfA0 = pa.worldX + wA - 1;
        q.reversed = false;
        q.c = pb.worldX - pa.worldX + wB - wA;
    }
    return q;
}

// Writes the set bits of one row's AND words in increasing world x, as world points.
// Returns how many were written (at most `room`).
std::int32_t EmitRow(const std::uint64_t* andWords, std::int32_t k0, std::int32_t k1, const ReducedQuery& q,
                     std::int32_t worldY, Point* out, std::int32_t room) {
    std::int32_t written = 0;
    if (q.aIncreasesWorldX) {
        for (std::int32_t k = k0; k <= k1 && written < room; ++k) {
            for (std::uint64_t w = andWords[k - k0]; w != 0 && written < room; w &= w - 1) {
                out[written++] = Point{q.worldOfA0 + k * 64 + std::countr_zero(w), worldY};
            }
        }
    } else {
        for (std::int32_t k = k1; k >= k0 && written < room; --k) {
            std::uint64_t w = andWords[k - k0];
            while (w != 0 && written < room) {
                const int bit = 63 - std::countl_zero(w);
                out[written++] = Point{q.worldOfA0 - (k * 64 + bit), worldY};
                w &= ~(std::uint64_t{1} << bit);
            }
        }
    }
    return written;
}

// The colliding pixel of a hit row with the smallest world x.
Point FirstInRow(const ReducedQuery& q, const kernels::QuerySpan& span, std::int32_t row) {
    const std::uint64_t* aRow = q.a->RowWords(q.aRow0 + row);
    const std::uint64_t* bRow = q.b->RowWords(q.bRow0 + row);
    const std::int32_t worldY = q.worldY0 + row;
    if (q.aIncreasesWorldX) {
        for (std::int32_t k = span.k0; k <= span.k1; ++k) {
            const std::uint64_t w = kernels::AndWord(aRow, bRow, k, span);
            if (w != 0) {
                return Point{q.worldOfA0 + k * 64 + std::countr_zero(w), worldY};
            }
        }
    } else {
        for (std::int32_t k = span.k1; k >= span.k0; --k) {
            const std::uint64_t w = kernels::AndWord(aRow, bRow, k, span);
            if (w != 0) {
                return Point{q.worldOfA0 - (k * 64 + 63 - std::countl_zero(w)), worldY};
            }
        }
    }
    COLLIDE_ASSERT(false, "FirstInRow called on a row without a colliding pixel");
    return Point{};
}

}  // namespace

OverlapResult QueryOverlap(const Mask& a, Placement placeA, const Mask& b, Placement placeB, QueryMode mode,
                           std::span<Point> pixelsOut) {
    COLLIDE_ASSERT(pixelsOut.empty() || mode == QueryMode::CountAll,
                   "colliding pixels are collected in QueryMode::CountAll only; pass CountAll");
    COLLIDE_ASSERT(std::abs(placeA.worldX) <= Placement::MAX_ABS_WORLD_PX &&
                       std::abs(placeA.worldY) <= Placement::MAX_ABS_WORLD_PX &&
                       std::abs(placeB.worldX) <= Placement::MAX_ABS_WORLD_PX &&
                       std::abs(placeB.worldY) <= Placement::MAX_ABS_WORLD_PX,
                   "a Placement is beyond +-Placement::MAX_ABS_WORLD_PX; keep worlds within +-2^30 px");
    OverlapResult result;
    result.overlap = IntersectRects(PlacedBounds(a, placeA), PlacedBounds(b, placeB));
    if (result.overlap.IsEmpty()) {
        return result;
    }
    const ReducedQuery q = ReduceQuery(a, placeA, b, placeB, result.overlap);
    kernels::QuerySpan span = kernels::MakeSpan(q.aX0, q.aX1, q.c, q.reversed);
    span.aRow = q.a->RowWords(q.aRow0);
    span.bRow = q.b->RowWords(q.bRow0);
    span.aStrideWords = static_cast<std::int64_t>(q.a->RowStrideWords());
    span.bStrideWords = static_cast<std::int64_t>(q.b->RowStrideWords());
    span.rows = q.rows;
    const kernels::KernelSet& fn = kernels::Select();

    if (mode == QueryMode::FirstHit) {
        const std::int32_t row = fn.firstHitRow(span);
        if (row >= 0) {
            result.hit = true;
            result.first = FirstInRow(q, span, row);
        }
        return result;
    }
    const auto room = static_cast<std::int32_t>(std::min<std::size_t>(pixelsOut.size(), INT32_MAX));
    if (room == 0) {
        std::int32_t firstRow = -1;
        result.pixelCount = fn.countAll(span, &firstRow);
        if (firstRow >= 0) {
            result.hit = true;
            result.first = FirstInRow(q, span, firstRow);
        }
        return result;
    }
    // Pixels wanted: each row's AND words go to a stack buffer, so that emitting them does not
    // redo the shifts; 512 words cover the widest mask (Mask::MAX_SIDE_PX).
    std::uint64_t andWords[Mask::MAX_SIDE_PX / 64];
    for (std::int32_t row = 0; row < q.rows; ++row) {
        const std::int64_t count =
            fn.andRow(span.aRow + row * span.aStrideWords, span.bRow + row * span.bStrideWords, span, andWords);
        if (count == 0) {
            continue;
        }
        if (!result.hit) {
            result.hit = true;
            result.first = FirstInRow(q, span, row);
        }
        result.pixelCount += count;
        result.pixelsWritten += EmitRow(andWords, span.k0, span.k1, q, q.worldY0 + row,
                                        pixelsOut.data() + result.pixelsWritten, room - result.pixelsWritten);
    }
    return result;
}

const char* KernelName() {
    return kernels::Select().name;
}

}  // namespace before
