// bench copy (namespace before) of collide/transform.cpp as it was before the strip layout:
// PlaceTransformed and the two transformed queries.
// The transformed query: a mask under rotation and scale about an anchor, against a placed mask.
// Exact by construction: the inverse map is frozen to 32.32 fixed point once, so a query, the
// reference in the tests and the bounds all sample the same mask pixel for a world pixel, with
// no float drift from stepping (the pitfall of the XNA seed's accumulated unit vectors).
// No allocation, no SDL, no files.
#include "before/before.h"
#include "before/kernels.h"
#include "collide/assert.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace before {

namespace {

constexpr double FIXED_ONE = 4294967296.0;  // 2^32: one mask pixel in fixed point
constexpr int FIXED_SHIFT = 32;

std::int64_t ToFixed(double v) {
    return std::llround(v * FIXED_ONE);
}

// Floor and ceiling of n / d for d > 0, exact on int64.
std::int64_t FloorDiv(std::int64_t n, std::int64_t d) {
    return n / d - ((n % d != 0) && (n < 0));
}
std::int64_t CeilDiv(std::int64_t n, std::int64_t d) {
    return n / d + ((n % d != 0) && (n > 0));
}

struct Interval {
    std::int64_t lo;  // inclusive
    std::int64_t hi;  // inclusive; empty when hi < lo
};

// The integer steps d with lo <= start + d * step < hi (fixed point), intersected with `within`.
Interval SolveSteps(std::int64_t start, std::int64_t step, std::int64_t lo, std::int64_t hi, Interval within) {
    const std::int64_t low = lo - start;       // d * step >= low
    const std::int64_t high = hi - 1 - start;  // d * step <= high
    Interval r = within;
    if (step > 0) {
        r.lo = std::max(r.lo, CeilDiv(low, step));
        r.hi = std::min(r.hi, FloorDiv(high, step));
    } else if (step < 0) {
        r.lo = std::max(r.lo, CeilDiv(-high, -step));
        r.hi = std::min(r.hi, FloorDiv(-low, -step));
    } else if (low > 0 || high < 0) {
        r.hi = r.lo - 1;
    }
    return r;
}

// The world columns [lo, hi] of row worldY whose samples land inside the mask's tight bounds.
Interval RowInterval(const Mask& mask, const TransformedPlacement& p, std::int32_t worldY, Interval worldXs) {
    const Rect tb = mask.Bounds();
    const std::int64_t dy = worldY - p.originWorldY;
    const std::int64_t uRow = p.u0 + dy * p.uPerY;
    const std::int64_t vRow = p.v0 + dy * p.vPerY;
    Interval steps{worldXs.lo - p.originWorldX, worldXs.hi - p.originWorldX};
    steps =
        SolveSteps(uRow, p.uPerX, std::int64_t{tb.x} << FIXED_SHIFT, std::int64_t{tb.Right()} << FIXED_SHIFT, steps);
    steps =
        SolveSteps(vRow, p.vPerX, std::int64_t{tb.y} << FIXED_SHIFT, std::int64_t{tb.Bottom()} << FIXED_SHIFT, steps);
    return Interval{steps.lo + p.originWorldX, steps.hi + p.originWorldX};
}

}  // namespace

TransformedPlacement PlaceTransformed(const Mask& mask, const Transform& t) {
    COLLIDE_ASSERT(t.scale >= Transform::MIN_SCALE && t.scale <= Transform::MAX_SCALE,
                   "Transform.scale must be in [MIN_SCALE, MAX_SCALE]; clamp it before placing");
    COLLIDE_ASSERT(
        std::abs(t.anchorWorldX) <= Transform::MAX_ABS_WORLD && std::abs(t.anchorWorldY) <= Transform::MAX_ABS_WORLD,
        "Transform.anchorWorld is beyond MAX_ABS_WORLD; keep worlds within +-2^20 px");
    COLLIDE_ASSERT(
        std::abs(t.anchorMaskX) <= Transform::MAX_ABS_WORLD && std::abs(t.anchorMaskY) <= Transform::MAX_ABS_WORLD,
        "Transform.anchorMask is beyond MAX_ABS_WORLD; a pivot is near its mask, within +-2^20 px");
    COLLIDE_ASSERT(std::isfinite(t.angleRadians) && std::isfinite(t.anchorMaskX) && std::isfinite(t.anchorMaskY),
                   "Transform has a NaN or infinite field");
    TransformedPlacement p;
    p.originWorldX = static_cast<std::int32_t>(std::floor(t.anchorWorldX));
    p.originWorldY = static_cast<std::int32_t>(std::floor(t.anchorWorldY));

    // Inverse of Rotate * Scale * Mirror: Mirror * Rotate(-angle) / scale.
    const double cosA = std::cos(t.angleRadians), sinA = std::sin(t.angleRadians);
    const double mirror = t.flip == Flip::Horizontal ? -1.0 : 1.0;
    const double g00 = mirror * cosA / t.scale, g01 = mirror * sinA / t.scale;
    const double g10 = -sinA / t.scale, g11 = cosA / t.scale;
    // The centre of the origin pixel, relative to the anchor, in world pixels.
    const double dx = p.originWorldX + 0.5 - t.anchorWorldX;
    const double dy = p.originWorldY + 0.5 - t.anchorWorldY;
    p.u0 = ToFixed(t.anchorMaskX + g00 * dx + g01 * dy);
    p.v0 = ToFixed(t.anchorMaskY + g10 * dx + g11 * dy);
    p.uPerX = ToFixed(g00);
    p.uPerY = ToFixed(g01);
    p.vPerX = ToFixed(g10);
    p.vPerY = ToFixed(g11);

    const Rect tb = mask.Bounds();
    if (tb.IsEmpty()) {
        return p;
    }
    // A conservative box from the forward-mapped corners of the tight bounds, padded by two
    // pixels to absorb the fixed-point rounding; each row is then solved exactly.
    double minX = std::numeric_limits<double>::infinity(), maxX = -minX, minY = minX, maxY = -minX;
    for (const double cornerX : {double(tb.x), double(tb.Right())}) {
        for (const double cornerY : {double(tb.y), double(tb.Bottom())}) {
            const double mx = mirror * (cornerX - t.anchorMaskX) * t.scale;
            const double my = (cornerY - t.anchorMaskY) * t.scale;
            const double wx = cosA * mx - sinA * my + t.anchorWorldX;
            const double wy = sinA * mx + cosA * my + t.anchorWorldY;
            minX = std::min(minX, wx), maxX = std::max(maxX, wx);
            minY = std::min(minY, wy), maxY = std::max(maxY, wy);
        }
    }
    const Interval candidateXs{static_cast<std::int64_t>(std::floor(minX)) - 2,
                               static_cast<std::int64_t>(std::ceil(maxX)) + 2};
    const auto y0 = static_cast<std::int32_t>(std::floor(minY)) - 2;
    const auto y1 = static_cast<std::int32_t>(std::ceil(maxY)) + 2;
    Rect exact{};
    for (std::int32_t y = y0; y <= y1; ++y) {
        const Interval xs = RowInterval(mask, p, y, candidateXs);
        if (xs.hi >= xs.lo) {
            exact = UniteRects(
                exact, Rect{static_cast<std::int32_t>(xs.lo), y, static_cast<std::int32_t>(xs.hi - xs.lo + 1), 1});
        }
    }
    p.boundsWorld = exact;
    return p;
}

OverlapResult QueryTransformedOverlap(const Mask& a, const TransformedPlacement& pa, const Mask& b, Placement pb,
                                      QueryMode mode, std::span<Point> pixelsOut) {
    COLLIDE_ASSERT(pixelsOut.empty() || mode == QueryMode::CountAll,
                   "colliding pixels are collected in QueryMode::CountAll only; pass CountAll");
    OverlapResult result;
    result.overlap = IntersectRects(pa.boundsWorld, PlacedBounds(b, pb));
    if (result.overlap.IsEmpty()) {
        return result;
    }
    const Rect& ov = result.overlap;
    const Rect tb = a.Bounds();
    // One unsigned compare per axis tests "inside A's tight bounds": no division per row, which
    // for the short rows of sprite-sized overlaps costs more than the samples it would save.
    const std::uint64_t uLo = static_cast<std::uint64_t>(tb.x) << FIXED_SHIFT, uSpan = static_cast<std::uint64_t>(tb.w)
                                                                                       << FIXED_SHIFT;
    const std::uint64_t vLo = static_cast<std::uint64_t>(tb.y) << FIXED_SHIFT, vSpan = static_cast<std::uint64_t>(tb.h)
                                                                                       << FIXED_SHIFT;
    const auto room = static_cast<std::int32_t>(std::min<std::size_t>(pixelsOut.size(), INT32_MAX));
    for (std::int32_t worldY = ov.y; worldY < ov.Bottom(); ++worldY) {
        const std::uint64_t* bRow = b.RowWords(worldY - pb.worldY);
        const std::int64_t dy = worldY - pa.originWorldY;
        const std::int64_t uRow = pa.u0 + dy * pa.uPerY, vRow = pa.v0 + dy * pa.vPerY;
        for (std::int32_t chunkX = ov.x; chunkX < ov.Right(); chunkX += 64) {
            // B's 64 pixels at world columns [chunkX, chunkX + 64), in world order: a mirrored B
            // is read backwards from its storage and bit-reversed.
            std::uint64_t bBits;
            if (pb.flip == Flip::None) {
                const std::int32_t col = chunkX - pb.worldX;
                bBits = kernels::ReadBits(bRow, col >> 6, static_cast<unsigned>(col & 63));
            } else {
                const std::int32_t col = b.Width() - 64 - (chunkX - pb.worldX);
                bBits = kernels::ReverseBits(kernels::ReadBits(bRow, col >> 6, static_cast<unsigned>(col & 63)));
            }
            const std::int32_t lastBit = std::min(63, ov.Right() - 1 - chunkX);
            bBits &= ~std::uint64_t{0} >> (63 - lastBit);
            for (; bBits != 0; bBits &= bBits - 1) {
                // Direct multiplication, not accumulation: the sample is the definition's, exactly.
                const std::int32_t worldX = chunkX + std::countr_zero(bBits);
                const std::int64_t dx = worldX - pa.originWorldX;
                const std::int64_t u = uRow + dx * pa.uPerX, v = vRow + dx * pa.vPerX;
                if (static_cast<std::uint64_t>(u) - uLo >= uSpan || static_cast<std::uint64_t>(v) - vLo >= vSpan)
                    continue;
                const auto maskX = static_cast<std::int32_t>(u >> FIXED_SHIFT),
                           maskY = static_cast<std::int32_t>(v >> FIXED_SHIFT);
                if (((a.RowWords(maskY)[maskX >> 6] >> (maskX & 63)) & 1u) == 0) {
                    continue;
                }
                if (!result.hit) {
                    result.hit = true;
                    result.first = Point{worldX, worldY};
                    if (mode == QueryMode::FirstHit) {
                        return result;
                    }
                }
                ++result.pixelCount;
                if (result.pixelsWritten < room) {
                    pixelsOut[static_cast<std::size_t>(result.pixelsWritten++)] = Point{worldX, worldY};
                }
            }
        }
    }
    return result;
}

OverlapResult QueryTransformedPair(const Mask& a, const TransformedPlacement& pa, const Mask& b,
                                   const TransformedPlacement& pb, QueryMode mode, std::span<Point> pixelsOut) {
    COLLIDE_ASSERT(pixelsOut.empty() || mode == QueryMode::CountAll,
                   "colliding pixels are collected in QueryMode::CountAll only; pass CountAll");
    OverlapResult result;
    result.overlap = IntersectRects(pa.boundsWorld, pb.boundsWorld);
    if (result.overlap.IsEmpty()) {
        return result;
    }
    const Rect& ov = result.overlap;
    const auto room = static_cast<std::int32_t>(std::min<std::size_t>(pixelsOut.size(), INT32_MAX));
    // The definition, for one mask at one world pixel, with the bounds test as unsigned compares.
    const auto hot = [](const Mask& m, const TransformedPlacement& p, std::int32_t x, std::int32_t y) {
        const Rect tb = m.Bounds();
        const std::int64_t dx = x - p.originWorldX, dy = y - p.originWorldY;
        const std::int64_t u = p.u0 + dx * p.uPerX + dy * p.uPerY, v = p.v0 + dx * p.vPerX + dy * p.vPerY;
        if (static_cast<std::uint64_t>(u) - (static_cast<std::uint64_t>(tb.x) << FIXED_SHIFT) >=
                (static_cast<std::uint64_t>(tb.w) << FIXED_SHIFT) ||
            static_cast<std::uint64_t>(v) - (static_cast<std::uint64_t>(tb.y) << FIXED_SHIFT) >=
                (static_cast<std::uint64_t>(tb.h) << FIXED_SHIFT)) {
            return false;
        }
        const auto mx = static_cast<std::int32_t>(u >> FIXED_SHIFT), my = static_cast<std::int32_t>(v >> FIXED_SHIFT);
        return ((m.RowWords(my)[mx >> 6] >> (mx & 63)) & 1u) != 0;
    };
    for (std::int32_t worldY = ov.y; worldY < ov.Bottom(); ++worldY) {
        for (std::int32_t worldX = ov.x; worldX < ov.Right(); ++worldX) {
            if (!hot(a, pa, worldX, worldY) || !hot(b, pb, worldX, worldY)) continue;
            if (!result.hit) {
                result.hit = true;
                result.first = Point{worldX, worldY};
                if (mode == QueryMode::FirstHit) return result;
            }
            ++result.pixelCount;
            if (result.pixelsWritten < room)
                pixelsOut[static_cast<std::size_t>(result.pixelsWritten++)] = Point{worldX, worldY};
        }
    }
    return result;
}

}  // namespace before
