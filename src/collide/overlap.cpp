// The axis-aligned overlap query past its inline rejection (collide.h): the two masks' column
// strips AND-ed down the overlap of their tight bounds, four rows at a time. No allocation, no
// SDL, no files.
// Key invariant: each mask keeps its strips as stored and as mirrored, so every query is "A's
// strip k against B's strips at B column = A column + c" whatever the flips, and world x grows
// with the column in both: the first pixel and pixelsOut come out in world order with no reversal.
#include "collide/assert.h"
#include "collide/collide.h"
#include "collide/kernels.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

namespace collide::detail {

void CheckQueryOverlap(Placement placeA, Placement placeB, QueryMode mode, std::span<Point> pixelsOut) {
    COLLIDE_ASSERT(pixelsOut.empty() || mode == QueryMode::CountAll,
                   "colliding pixels are collected in QueryMode::CountAll only; pass CountAll");
    COLLIDE_ASSERT(std::abs(placeA.worldX) <= Placement::MAX_ABS_WORLD_PX &&
                       std::abs(placeA.worldY) <= Placement::MAX_ABS_WORLD_PX &&
                       std::abs(placeB.worldX) <= Placement::MAX_ABS_WORLD_PX &&
                       std::abs(placeB.worldY) <= Placement::MAX_ABS_WORLD_PX,
                   "a Placement is beyond +-Placement::MAX_ABS_WORLD_PX; keep worlds within +-2^30 px");
    (void)placeA, (void)placeB, (void)mode, (void)pixelsOut;
}

OverlapResult QueryOverlapStrips(const PlacedPair& pair, QueryMode mode, std::span<Point> pixelsOut) {
    return kernels::Select().query(pair, mode, pixelsOut);
}

}  // namespace collide::detail

namespace collide::kernels {

void CountAndEmit(const StripQuery& q, Point overlapCorner, std::int32_t aWorldX, Hit first, std::span<Point> pixelsOut,
                  OverlapResult& result) {
    const auto room = static_cast<std::int32_t>(std::min<std::size_t>(pixelsOut.size(), INT32_MAX));
    const std::int32_t k0 = q.ax0 >> 6, k1 = (q.ax1 - 1) >> 6;
    for (std::int32_t row = first.row; row < q.rows; ++row) {
        for (std::int32_t k = k0; k <= k1; ++k) {
            std::uint64_t w = AndWord(PassFor(q, k), row);
            result.pixelCount += std::popcount(w);
            for (; w != 0 && result.pixelsWritten < room; w &= w - 1) {
                pixelsOut[static_cast<std::size_t>(result.pixelsWritten++)] =
                    Point{aWorldX + 64 * k + std::countr_zero(w), overlapCorner.y + row};
            }
        }
    }
}

}  // namespace collide::kernels
