// The transformed query: a mask under rotation and scale about an anchor, against a placed mask.
// Exact by construction: the inverse map is frozen to 32.32 fixed point once, so a query, the
// reference in the tests and the bounds all sample the same mask pixel for a world pixel, with
// no float drift from stepping (the pitfall of the XNA seed's accumulated unit vectors).
// No allocation, no SDL, no files.
#include "collide/assert.h"
#include "collide/collide.h"
#include "collide/kernels.h"
#include "collide/mask_writer.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <tuple>
#include <utility>

namespace collide {

namespace {

constexpr double FIXED_ONE = 4294967296.0;  // 2^32: one mask pixel in fixed point
constexpr int FIXED_SHIFT = 32;

std::int64_t ToFixed(double v) {
    return std::llround(v * FIXED_ONE);
}

struct Interval {
    std::int64_t lo;  // inclusive
    std::int64_t hi;  // inclusive; empty when hi < lo
};

// Floor and ceiling of n / d for d > 0, exact on int64.
std::int64_t FloorDiv(std::int64_t n, std::int64_t d) {
    return n / d - ((n % d != 0) && (n < 0));
}
std::int64_t CeilDiv(std::int64_t n, std::int64_t d) {
    return n / d + ((n % d != 0) && (n > 0));
}

// How a numerator that changes by -dN a row moves against a divisor step > 0: dN = big * step +
// small, 0 <= small < step. One division per axis, made once when its rows are set up.
struct RowStep {
    std::int64_t big = 0, small = 0;

    static RowStep Of(std::int64_t dN, std::int64_t step) {
        const std::int64_t big = FloorDiv(dN, step);
        return RowStep{big, dN - big * step};
    }
    // The step of `rows` rows at once: rows * dN = rows * big * step + rows * small.
    [[nodiscard]] RowStep Times(std::int64_t rows, std::int64_t step) const {
        const std::int64_t carry = rows * small / step;  // rows * small >= 0: floor
        return RowStep{rows * big + carry, rows * small - carry * step};
    }
};

// ceil(N / step) for a numerator N that changes by -dN from one row to the next (step > 0): one
// division to start (and RowStep's), then none. With q = ceil(N / step) and r = q * step - N in
// [0, step), and dN = Q * step + R (0 <= R < step), the next row's N - dN has q - Q with
// remainder r + R, one step less when r + R reaches step: exact, like the division it replaces.
// q is monotonic in the row: it never rises when dN >= 0 and never falls otherwise.
struct CeilStepper {
    std::int64_t q = 0, r = 0, step = 1;
    RowStep perRow;

    CeilStepper() = default;
    CeilStepper(std::int64_t n, std::int64_t stepIn, RowStep perRowIn) : step(stepIn), perRow(perRowIn) {
        q = CeilDiv(n, step);
        r = q * step - n;
    }
    // Branch-free: whether r wraps follows the fraction's pattern, which a branch would mispredict.
    void Next() {
        r += perRow.small;
        const std::int64_t wraps = -static_cast<std::int64_t>(r >= step);  // all ones or zero
        r -= step & wraps;
        q -= perRow.big - wraps;
    }
    // The state (q, r) of another stepper of the same ceiling, whatever its rows a step: both mean
    // the same, so a walk can move between them at any row.
    void SyncTo(const CeilStepper& other) { q = other.q, r = other.r; }
};

// The columns [First(), End()) of one axis in a row: two ceilings of numerators a constant span
// apart (N and N + span, span = hi - lo of the axis's range), only the first one stepped. With
// span = spanQ * step + spanR (0 <= spanR < step) and the first's r = q * step - N in [0, step),
// N + span = (q + spanQ) * step + (spanR - r), so ceil((N + span) / step) = q + spanQ + (r < spanR):
// exact, for a compare and an add where a second stepper cost its own step each row.
struct CeilSpan {
    CeilStepper first;
    std::int64_t spanQ = 0, spanR = 0;

    CeilSpan() = default;
    CeilSpan(std::int64_t n, std::int64_t step, RowStep perRow, std::int64_t span) : first(n, step, perRow) {
        spanQ = FloorDiv(span, step);
        spanR = span - spanQ * step;
    }
    [[nodiscard]] std::int64_t First() const { return first.q; }
    [[nodiscard]] std::int64_t End() const { return first.q + spanQ + static_cast<std::int64_t>(first.r < spanR); }
    void Next() { first.Next(); }
    // Monotonic in the row, both ends the same way (CeilStepper).
};

// The columns d of a row with lo <= start + d * step < hi (step != 0), as a CeilSpan: increasing
// steps, d >= ceil((lo - start) / step) and d < ceil((hi - start) / step); decreasing ones
// mirrored: start + d * step < hi  <=>  d * -step > start - hi  <=>  d >= ceil((start - hi + 1) / -step).
// Either way the end's numerator is the first's plus hi - lo.
CeilSpan SpanOf(std::int64_t start, std::int64_t step, std::int64_t perRow, std::int64_t lo, std::int64_t hi) {
    return step > 0 ? CeilSpan(lo - start, step, RowStep::Of(perRow, step), hi - lo)
                    : CeilSpan(start - hi + 1, -step, RowStep::Of(-perRow, -step), hi - lo);
}

// One axis of the inverse map (u or v), row after row: the world columns d (from the origin) of
// the current row with lo <= start + d * step < hi, where start moves by startPerRow each row.
// Increasing steps: d >= ceil((lo - start) / step) and d < ceil((hi - start) / step); decreasing
// ones, mirrored; a zero step: every d or none.
class AxisStepper {
public:
    AxisStepper(std::int64_t start, std::int64_t step, std::int64_t startPerRow, std::int64_t lo, std::int64_t hi)
        : start_(start), step_(step), startPerRow_(startPerRow), lo_(lo), hi_(hi) {
        if (step != 0) cols_ = SpanOf(start, step, startPerRow, lo, hi);
    }
    // Narrows [lo, hi] (inclusive) to this row's columns.
    void Narrow(std::int64_t& lo, std::int64_t& hi) const {
        if (step_ != 0) {
            lo = std::max(lo, cols_.First());
            hi = std::min(hi, cols_.End() - 1);
        } else if (start_ < lo_ || start_ >= hi_) {
            hi = lo - 1;
        }
    }
    void Next() {
        start_ += startPerRow_;
        cols_.Next();
    }

private:
    std::int64_t start_, step_, startPerRow_, lo_, hi_;
    CeilSpan cols_;
};

// The world columns of each row, from worldY0 down, whose samples land inside the mask's tight
// bounds: exact, and no division past the first row (a row used to cost four).
class RowStepper {
public:
    RowStepper(const Mask& mask, const TransformedPlacement& p, std::int32_t worldY0)
        : originX_(p.originWorldX),
          u_(p.u0 + std::int64_t{worldY0 - p.originWorldY} * p.uPerY, p.uPerX, p.uPerY,
             std::int64_t{mask.Bounds().x} << FIXED_SHIFT, std::int64_t{mask.Bounds().Right()} << FIXED_SHIFT),
          v_(p.v0 + std::int64_t{worldY0 - p.originWorldY} * p.vPerY, p.vPerX, p.vPerY,
             std::int64_t{mask.Bounds().y} << FIXED_SHIFT, std::int64_t{mask.Bounds().Bottom()} << FIXED_SHIFT) {}

    // The current row's columns among [worldXs.lo, worldXs.hi]; empty when hi < lo.
    [[nodiscard]] Interval Columns(Interval worldXs) const {
        std::int64_t lo = worldXs.lo - originX_, hi = worldXs.hi - originX_;
        u_.Narrow(lo, hi);
        v_.Narrow(lo, hi);
        return Interval{lo + originX_, hi + originX_};
    }
    void Next() {
        u_.Next();
        v_.Next();
    }

private:
    std::int64_t originX_;
    AxisStepper u_, v_;
};

// RowStepper for a placement with no axis parallel to a row (any angle but the quarter turns): each
// axis's columns a CeilSpan in plain members, no branch per row, so that a query's row loop keeps
// them in registers.
struct SlantedRows {
    std::int64_t originX;
    CeilSpan u, v;

    SlantedRows(const Mask& mask, const TransformedPlacement& p, std::int32_t worldY0) : originX(p.originWorldX) {
        const Rect tb = mask.Bounds();
        const std::int64_t dy0 = worldY0 - p.originWorldY;
        u = SpanOf(p.u0 + dy0 * p.uPerY, p.uPerX, p.uPerY, std::int64_t{tb.x} << FIXED_SHIFT,
                   std::int64_t{tb.Right()} << FIXED_SHIFT);
        v = SpanOf(p.v0 + dy0 * p.vPerY, p.vPerX, p.vPerY, std::int64_t{tb.y} << FIXED_SHIFT,
                   std::int64_t{tb.Bottom()} << FIXED_SHIFT);
    }
    // The row's first and last column (from the origin) among [lo, hi]; empty when last < first.
    [[nodiscard]] std::int64_t FirstFrom(std::int64_t lo) const { return std::max({lo, u.First(), v.First()}); }
    [[nodiscard]] std::int64_t LastTo(std::int64_t hi) const { return std::min({hi, u.End() - 1, v.End() - 1}); }
    [[nodiscard]] Interval Columns(Interval worldXs) const {
        return Interval{FirstFrom(worldXs.lo - originX) + originX, LastTo(worldXs.hi - originX) + originX};
    }
    void Next() { u.Next(), v.Next(); }
    // The same rows, `rows` rows a step.
    [[nodiscard]] SlantedRows Stride(std::int64_t rows) const {
        SlantedRows s = *this;
        s.u.first.perRow = u.first.perRow.Times(rows, u.first.step);
        s.v.first.perRow = v.first.perRow.Times(rows, v.first.step);
        return s;
    }
    void SyncTo(const SlantedRows& other) { u.first.SyncTo(other.u.first), v.first.SyncTo(other.v.first); }
};

// No axis of the placement parallel to a row (any angle but the quarter turns): SlantedRows and
// OctagonRows apply, RowStepper otherwise.
bool IsSlanted(const TransformedPlacement& p) {
    return p.uPerX != 0 && p.vPerX != 0;
}

// SlantedRows narrowed further to the mask's octagon (its tight bounds and DiagonalBounds), for the
// query: the columns of a row whose samples can be set pixels. A sample's pixel is (floor U,
// floor V) in mask pixels; its x + y is floor U + floor V, which is floor(U + V) or one less, and
// its x - y is floor(U - V) or one more. So a set pixel's sample has U + V in
// [sumMin, sumMax + 2) and U - V in [diffMin - 1, diffMax + 1): slabs one pixel wider than the
// octagon, which never drop a set pixel; every column left is still sampled exactly. U + V steps
// along a row by uPerX + vPerX, zero at 45 degrees: AxisStepper takes that case.
struct OctagonRows {
    SlantedRows box;
    AxisStepper sum, diff;

    OctagonRows(const Mask& mask, const TransformedPlacement& p, std::int32_t worldY0)
        : box(mask, p, worldY0),
          sum(p.u0 + p.v0 + std::int64_t{worldY0 - p.originWorldY} * (p.uPerY + p.vPerY), p.uPerX + p.vPerX,
              p.uPerY + p.vPerY, std::int64_t{mask.Diagonals().sumMin} << FIXED_SHIFT,
              (std::int64_t{mask.Diagonals().sumMax} + 2) << FIXED_SHIFT),
          diff(p.u0 - p.v0 + std::int64_t{worldY0 - p.originWorldY} * (p.uPerY - p.vPerY), p.uPerX - p.vPerX,
               p.uPerY - p.vPerY, (std::int64_t{mask.Diagonals().diffMin} - 1) << FIXED_SHIFT,
               (std::int64_t{mask.Diagonals().diffMax} + 1) << FIXED_SHIFT) {}
    [[nodiscard]] Interval Columns(Interval worldXs) const {
        const Interval xs = box.Columns(worldXs);
        std::int64_t lo = xs.lo - box.originX, hi = xs.hi - box.originX;
        sum.Narrow(lo, hi);
        diff.Narrow(lo, hi);
        return Interval{lo + box.originX, hi + box.originX};
    }
    void Next() {
        box.Next();
        sum.Next();
        diff.Next();
    }
};

// The forward map (mask -> world) in doubles: used only for a candidate box padded by two pixels,
// so its rounding never changes a result; each candidate row is then solved exactly from the
// placement's integers.
struct ForwardMap {
    double cosA, sinA, scaleX, scaleY, anchorMaskX, anchorMaskY, anchorWorldX, anchorWorldY;
};

// The exact box of a slanted placement's rows y0 .. y1 (SlantedRows at y0; columns among
// candidateXs), in world pixels; empty when no row has a column.
//
// Most rows cannot change the box, and a block of them is skipped whole: each of the four
// ceilings is monotonic in the row, so across rows y .. y + BLOCK it lies between its values at
// the two ends, and the row's first column is at least the largest of the lower ends (its last at
// most the smallest of the upper ends). A block is skipped when that bound cannot beat the box
// kept with the block's last row, the last row has columns (so it, not a row inside, is the
// bottom so far) and the top is already found; otherwise its rows are walked one by one. The box
// is exact either way: only rows that provably change nothing are left out. Both ends are read
// from the same ceilings stepped BLOCK rows at a time (SlantedRows::Stride), with no division past
// the set-up.
// Only the corners' blocks are walked: for the fight's spinning projectiles (boxes of 40 rows),
// 21 rows are skipped, and 19 stepped one by one besides the 5 or 6 block tests (bench_fight: the
// placing went from 0.55 to 0.45 us a tick). BLOCK = 6 measured best of 4, 6 and 8 there.
Rect SlantedBounds(const SlantedRows& atY0, Interval candidateXs, std::int32_t y0, std::int32_t y1) {
    constexpr std::int32_t BLOCK = 6;
    SlantedRows row = atY0;                // at row y, one row a step
    SlantedRows end = atY0.Stride(BLOCK);  // BLOCK rows a step
    const std::int64_t candLo = candidateXs.lo - atY0.originX, candHi = candidateXs.hi - atY0.originX;
    const auto firstOf = [&](const SlantedRows& s) { return s.FirstFrom(candLo); };
    const auto lastOf = [&](const SlantedRows& s) { return s.LastTo(candHi); };
    // The box so far, in columns from the origin; left > right until a row has columns.
    std::int64_t left = candHi + 1, right = candLo - 1;
    std::int32_t top = y1 + 1, bottom = y0 - 1;
    const auto keep = [&](std::int32_t y, std::int64_t lo, std::int64_t hi) {
        const bool hot = lo <= hi;
        left = hot && lo < left ? lo : left;
        right = hot && hi > right ? hi : right;
        top = hot && y < top ? y : top;
        bottom = hot ? y : bottom;
    };
    std::int32_t y = y0;
    keep(y, firstOf(row), lastOf(row));
    while (y < y1) {
        if (top <= y && y1 - y >= BLOCK) {
            end.SyncTo(row);
            end.Next();  // exactly row y + BLOCK
            const std::int64_t lo = firstOf(end), hi = lastOf(end);
            const std::int64_t loBound =
                std::max({candLo, std::min(row.u.First(), end.u.First()), std::min(row.v.First(), end.v.First())});
            const std::int64_t hiBound =
                std::min({candHi, std::max(row.u.End(), end.u.End()) - 1, std::max(row.v.End(), end.v.End()) - 1});
            if (lo <= hi && loBound >= std::min(left, lo) && hiBound <= std::max(right, hi)) {
                keep(y + BLOCK, lo, hi);
                row.SyncTo(end);
                y += BLOCK;
                continue;
            }
            for (std::int32_t i = 0; i < BLOCK; ++i) {
                row.Next(), ++y;
                keep(y, firstOf(row), lastOf(row));
            }
            continue;
        }
        row.Next(), ++y;
        keep(y, firstOf(row), lastOf(row));
    }
    if (bottom < top) return Rect{};
    return Rect{static_cast<std::int32_t>(left + atY0.originX), top, static_cast<std::int32_t>(right - left + 1),
                bottom - top + 1};
}

// The exact world box of the pixels whose samples land in the mask's tight bounds, into
// p.boundsWorld (empty for an empty mask).
void SolveBounds(const Mask& mask, const ForwardMap& f, TransformedPlacement& p) {
    const Rect tb = mask.Bounds();
    if (tb.IsEmpty()) {
        return;
    }
    // A conservative box from the forward-mapped corners of the tight bounds, padded by two
    // pixels to absorb the fixed-point rounding; each row is then solved exactly.
    double minX = std::numeric_limits<double>::infinity(), maxX = -minX, minY = minX, maxY = -minX;
    for (const double cornerX : {double(tb.x), double(tb.Right())}) {
        for (const double cornerY : {double(tb.y), double(tb.Bottom())}) {
            const double mx = (cornerX - f.anchorMaskX) * f.scaleX;
            const double my = (cornerY - f.anchorMaskY) * f.scaleY;
            const double wx = f.cosA * mx - f.sinA * my + f.anchorWorldX;
            const double wy = f.sinA * mx + f.cosA * my + f.anchorWorldY;
            minX = std::min(minX, wx), maxX = std::max(maxX, wx);
            minY = std::min(minY, wy), maxY = std::max(maxY, wy);
        }
    }
    const Interval candidateXs{static_cast<std::int64_t>(std::floor(minX)) - 2,
                               static_cast<std::int64_t>(std::ceil(maxX)) + 2};
    const auto y0 = static_cast<std::int32_t>(std::floor(minY)) - 2;
    const auto y1 = static_cast<std::int32_t>(std::ceil(maxY)) + 2;
    if (IsSlanted(p)) {
        // The common case (no axis parallel to a row): blocks of rows that cannot change the box
        // are skipped.
        p.boundsWorld = SlantedBounds(SlantedRows(mask, p, y0), candidateXs, y0, y1);
        return;
    }
    // Row by row: each row's columns, stepped exactly (RowStepper), their box kept.
    std::int64_t left = candidateXs.hi + 1, right = candidateXs.lo - 1;
    std::int32_t top = y1 + 1, bottom = y0 - 1;
    const auto keep = [&](std::int32_t y, Interval xs) {
        const bool hot = xs.lo <= xs.hi;
        left = hot && xs.lo < left ? xs.lo : left;
        right = hot && xs.hi > right ? xs.hi : right;
        top = hot && y < top ? y : top;
        bottom = hot ? y : bottom;
    };
    RowStepper rows(mask, p, y0);
    for (std::int32_t y = y0; y <= y1; ++y, rows.Next()) keep(y, rows.Columns(candidateXs));
    const Rect exact = bottom < top ? Rect{}
                                    : Rect{static_cast<std::int32_t>(left), top,
                                           static_cast<std::int32_t>(right - left + 1), bottom - top + 1};
    p.boundsWorld = exact;
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

    // The forward map, for the candidate box only (SolveBounds decides every pixel exactly).
    const ForwardMap forward{cosA,          sinA,          mirror * t.scale, t.scale,
                             t.anchorMaskX, t.anchorMaskY, t.anchorWorldX,   t.anchorWorldY};
    SolveBounds(mask, forward, p);
    return p;
}

namespace {

// atan(2^-i) in milli-degrees * 2^16, rounded: the angles CORDIC turns by, largest first.
constexpr std::array<std::int64_t, 30> ATAN_MILLIDEG_Q16 = {
    2949120000, 1740967194, 919879252, 466945071, 234378650, 117303582, 58666104, 29334842, 14667645, 7333850,
    3666929,    1833465,    916732,    458366,    229183,    114592,    57296,    28648,    14324,    7162,
    3581,       1790,       895,       448,       224,       112,       56,       28,       14,       7};
// prod(1 / sqrt(1 + 2^-2i)) over those steps in Q30: starting from (this, 0) undoes CORDIC's gain.
constexpr std::int64_t CORDIC_GAIN_INVERSE_Q30 = 652032874;
constexpr std::int32_t QUARTER_TURN_MILLIDEG = 90000;
constexpr std::int32_t TURN_MILLIDEG = 360000;
constexpr std::int64_t ONE_Q30 = std::int64_t{1} << 30;

}  // namespace

UnitVectorQ30 UnitVectorOf(std::int32_t angleMilliDeg) {
    std::int32_t a = angleMilliDeg % TURN_MILLIDEG;  // no overflow for any int32, INT32_MIN included
    if (a < 0) a += TURN_MILLIDEG;
    const std::int32_t quadrant = a / QUARTER_TURN_MILLIDEG;
    const std::int32_t within = a % QUARTER_TURN_MILLIDEG;  // [0, 90 degrees)
    std::int64_t x = ONE_Q30, y = 0;
    if (within != 0) {
        // Rotation mode: turn (K, 0) by +-atan(2^-i) toward the angle left; shifts and adds only.
        x = CORDIC_GAIN_INVERSE_Q30;
        std::int64_t left = std::int64_t{within} << 16;
        for (std::size_t i = 0; i < ATAN_MILLIDEG_Q16.size(); ++i) {
            const std::int64_t dx = y >> i, dy = x >> i;
            if (left >= 0) {
                x -= dx, y += dy, left -= ATAN_MILLIDEG_Q16[i];
            } else {
                x += dx, y -= dy, left += ATAN_MILLIDEG_Q16[i];
            }
        }
    }
    // Whole quarter turns are exact: swap and negate.
    switch (quadrant) {
        case 0:
            return {x, y};
        case 1:
            return {-y, x};
        case 2:
            return {-x, -y};
        default:
            return {y, -x};
    }
}

TransformedPlacement PlaceTransformed(const Mask& mask, const ExactTransform& t) {
    constexpr std::int64_t MAX_ABS_256 = static_cast<std::int64_t>(Transform::MAX_ABS_WORLD) * 256;
    COLLIDE_ASSERT(t.scale256 >= ExactTransform::MIN_SCALE256 && t.scale256 <= ExactTransform::MAX_SCALE256,
                   "ExactTransform.scale256 must be in [MIN_SCALE256, MAX_SCALE256]; clamp it before placing");
    COLLIDE_ASSERT(std::abs(std::int64_t{t.anchorWorldX256}) <= MAX_ABS_256 &&
                       std::abs(std::int64_t{t.anchorWorldY256}) <= MAX_ABS_256 &&
                       std::abs(std::int64_t{t.anchorMaskX256}) <= MAX_ABS_256 &&
                       std::abs(std::int64_t{t.anchorMaskY256}) <= MAX_ABS_256,
                   "ExactTransform's anchors are beyond MAX_ABS_WORLD; keep worlds within +-2^20 px");
    TransformedPlacement p;
    p.originWorldX = t.anchorWorldX256 >> 8;  // floor, negative anchors included
    p.originWorldY = t.anchorWorldY256 >> 8;
    const UnitVectorQ30 r = UnitVectorOf(t.angleMilliDeg);
    const std::int64_t mirror = t.flip == Flip::Horizontal ? -1 : 1;
    // Inverse of Rotate * Scale * Mirror, as the double overload, in 32.32: Q30 * 4 * 256 / scale256.
    // Division truncates toward zero, so a mirrored or negated angle gives the negated step exactly.
    const auto perPixel = [&](std::int64_t q30) { return q30 * 1024 / t.scale256; };
    p.uPerX = mirror * perPixel(r.cos);
    p.uPerY = mirror * perPixel(r.sin);
    p.vPerX = perPixel(-r.sin);
    p.vPerY = perPixel(r.cos);
    // The centre of the origin pixel, relative to the anchor, in 1/256 px: in [-127, 128].
    const std::int64_t dx256 = std::int64_t{p.originWorldX} * 256 + 128 - t.anchorWorldX256;
    const std::int64_t dy256 = std::int64_t{p.originWorldY} * 256 + 128 - t.anchorWorldY256;
    // 32.32 times 1/256 px is 40 fractional bits: back to 32, rounding half up.
    const auto fromQ40 = [](std::int64_t v) { return (v + 128) >> 8; };
    p.u0 = (std::int64_t{t.anchorMaskX256} << (FIXED_SHIFT - 8)) + fromQ40(p.uPerX * dx256 + p.uPerY * dy256);
    p.v0 = (std::int64_t{t.anchorMaskY256} << (FIXED_SHIFT - 8)) + fromQ40(p.vPerX * dx256 + p.vPerY * dy256);

    const double scale = t.scale256 / 256.0;
    const ForwardMap forward{static_cast<double>(r.cos) / ONE_Q30,
                             static_cast<double>(r.sin) / ONE_Q30,
                             static_cast<double>(mirror) * scale,
                             scale,
                             t.anchorMaskX256 / 256.0,
                             t.anchorMaskY256 / 256.0,
                             t.anchorWorldX256 / 256.0,
                             t.anchorWorldY256 / 256.0};
    SolveBounds(mask, forward, p);
    return p;
}

bool IsHotAtTransformed(const Mask& mask, const TransformedPlacement& p, std::int32_t worldX, std::int32_t worldY) {
    const std::int64_t dx = worldX - p.originWorldX, dy = worldY - p.originWorldY;
    const std::int64_t u = p.u0 + dx * p.uPerX + dy * p.uPerY;
    const std::int64_t v = p.v0 + dx * p.vPerX + dy * p.vPerY;
    const std::int64_t maskX = u >> FIXED_SHIFT, maskY = v >> FIXED_SHIFT;  // C++20: arithmetic, i.e. floor
    if (maskX < 0 || maskY < 0 || maskX >= mask.Width() || maskY >= mask.Height()) {
        return false;
    }
    return mask.Get(static_cast<std::int32_t>(maskX), static_cast<std::int32_t>(maskY));
}

BakedTransform BakeTransformed(const Mask& mask, const TransformedPlacement& p) {
    BakedTransform baked;
    const Rect& b = p.boundsWorld;
    baked.offsetWorld = Point{b.x, b.y};
    baked.mask = Mask(b.w, b.h);
    // Words first, bounds and strips once at the end (Set would cut the strips again each time
    // the bounds grow).
    for (std::int32_t y = 0; y < b.h; ++y) {
        std::uint64_t* row = MaskWriter::Row(baked.mask, y);
        for (std::int32_t x = 0; x < b.w; ++x) {
            if (IsHotAtTransformed(mask, p, b.x + x, b.y + y)) row[x >> 6] |= std::uint64_t{1} << (x & 63);
        }
    }
    MaskWriter::FinishBounds(baked.mask);
    return baked;
}

namespace {

// Bit (u >> 32, v >> 32) of a mask's rows, for a sample (u, v) in 32.32 already known to lie inside
// the mask (the row solving guarantees it): no bounds test.
bool SampledBit(const std::uint64_t* rowWords, std::size_t strideWords, std::int64_t u, std::int64_t v) {
    const auto maskX = static_cast<std::uint64_t>(u >> FIXED_SHIFT),
               maskY = static_cast<std::uint64_t>(v >> FIXED_SHIFT);
    return ((rowWords[maskY * strideWords + (maskX >> 6)] >> (maskX & 63)) & 1u) != 0;
}

// QueryTransformedOverlap past its rejection, row by row through `rows`: RowStepper, or OctagonRows
// where it applies (the spinning projectiles' case, and the fight's costliest query: a turned
// mask's box has air in its corners, and a column skipped costs nothing, a column sampled about
// twenty instructions).
template <class Rows>
void TransformedRows(const Mask& a, const TransformedPlacement& pa, const Mask& b, Placement pb, Rows rows,
                     QueryMode mode, std::span<Point> pixelsOut, OverlapResult& result) {
    const Rect& ov = result.overlap;
    const Rect rb = PlacedBounds(b, pb);
    const auto room = static_cast<std::int32_t>(std::min<std::size_t>(pixelsOut.size(), INT32_MAX));
    const std::uint64_t* aWords = a.RowWords(0);
    const std::size_t aStride = a.RowStrideWords();
    for (std::int32_t worldY = ov.y; worldY < ov.Bottom(); ++worldY, rows.Next()) {
        // Only the columns whose samples land inside A's tight bounds (and its octagon, through
        // OctagonRows), solved exactly for the row (no division): every sample below is in the
        // mask, so it needs no bounds test of its own.
        const Interval xs = rows.Columns(Interval{ov.x, ov.Right() - 1});
        if (xs.hi < xs.lo) continue;
        const auto x0 = static_cast<std::int32_t>(xs.lo), x1 = static_cast<std::int32_t>(xs.hi) + 1;
        const std::int64_t dy = worldY - pa.originWorldY;
        const std::int64_t uRow = pa.u0 + dy * pa.uPerY, vRow = pa.v0 + dy * pa.vPerY;
        for (std::int32_t chunkX = x0; chunkX < x1; chunkX += 64) {
            // B's 64 pixels at world columns [chunkX, chunkX + 64), in world order, from its strips
            // as placed: a mirrored B needs no bit reversal (its mirrored strips are kept).
            std::uint64_t bBits = detail::WindowBits(detail::WindowAt(b, pb.flip, rb.x, rb.y, chunkX, worldY), 0);
            const std::int32_t lastBit = std::min(63, x1 - 1 - chunkX);
            bBits &= ~std::uint64_t{0} >> (63 - lastBit);
            for (; bBits != 0; bBits &= bBits - 1) {
                // Only B's set pixels are sampled, so each sample comes from its column directly:
                // integer products, the definition's bits.
                const std::int32_t worldX = chunkX + std::countr_zero(bBits);
                const std::int64_t dx = worldX - pa.originWorldX;
                if (!SampledBit(aWords, aStride, uRow + dx * pa.uPerX, vRow + dx * pa.vPerX)) {
                    continue;
                }
                if (!result.hit) {
                    result.hit = true;
                    result.first = Point{worldX, worldY};
                    if (mode == QueryMode::FirstHit) {
                        return;
                    }
                }
                ++result.pixelCount;
                if (result.pixelsWritten < room) {
                    pixelsOut[static_cast<std::size_t>(result.pixelsWritten++)] = Point{worldX, worldY};
                }
            }
        }
    }
}

}  // namespace

OverlapResult QueryTransformedOverlap(const Mask& a, const TransformedPlacement& pa, const Mask& b, Placement pb,
                                      QueryMode mode, std::span<Point> pixelsOut) {
    COLLIDE_ASSERT(pixelsOut.empty() || mode == QueryMode::CountAll,
                   "colliding pixels are collected in QueryMode::CountAll only; pass CountAll");
    OverlapResult result;
    result.overlap = IntersectRects(pa.boundsWorld, PlacedBounds(b, pb));
    if (result.overlap.IsEmpty()) {
        return result;
    }
    if (IsSlanted(pa)) {
        TransformedRows(a, pa, b, pb, OctagonRows(a, pa, result.overlap.y), mode, pixelsOut, result);
    } else {
        TransformedRows(a, pa, b, pb, RowStepper(a, pa, result.overlap.y), mode, pixelsOut, result);
    }
    return result;
}

namespace {

// QueryTransformedPair past its rejection, row by row: each row's columns are those whose samples
// land inside both masks' tight bounds (and octagons, where OctagonRows applies), solved exactly,
// so neither sample needs a bounds test. Along the row each sample steps by (uPerX, vPerX): integer
// sums, the same bits as the definition's products.
template <class RowsA, class RowsB>
void TransformedPairRows(const Mask& a, const TransformedPlacement& pa, RowsA rowsA, const Mask& b,
                         const TransformedPlacement& pb, RowsB rowsB, QueryMode mode, std::span<Point> pixelsOut,
                         OverlapResult& result) {
    const Rect& ov = result.overlap;
    const auto room = static_cast<std::int32_t>(std::min<std::size_t>(pixelsOut.size(), INT32_MAX));
    const std::uint64_t *aWords = a.RowWords(0), *bWords = b.RowWords(0);
    const std::size_t aStride = a.RowStrideWords(), bStride = b.RowStrideWords();
    const auto sampleAt = [](const TransformedPlacement& p, std::int32_t worldX, std::int32_t worldY) {
        const std::int64_t dx = worldX - p.originWorldX, dy = worldY - p.originWorldY;
        return std::pair{p.u0 + dx * p.uPerX + dy * p.uPerY, p.v0 + dx * p.vPerX + dy * p.vPerY};
    };
    for (std::int32_t worldY = ov.y; worldY < ov.Bottom(); ++worldY, rowsA.Next(), rowsB.Next()) {
        const Interval xs = rowsB.Columns(rowsA.Columns(Interval{ov.x, ov.Right() - 1}));
        if (xs.hi < xs.lo) continue;
        const auto x0 = static_cast<std::int32_t>(xs.lo), x1 = static_cast<std::int32_t>(xs.hi) + 1;
        auto [ua, va] = sampleAt(pa, x0, worldY);
        auto [ub, vb] = sampleAt(pb, x0, worldY);
        for (std::int32_t worldX = x0; worldX < x1;
             ++worldX, ua += pa.uPerX, va += pa.vPerX, ub += pb.uPerX, vb += pb.vPerX) {
            if (!SampledBit(aWords, aStride, ua, va) || !SampledBit(bWords, bStride, ub, vb)) continue;
            if (!result.hit) {
                result.hit = true;
                result.first = Point{worldX, worldY};
                if (mode == QueryMode::FirstHit) return;
            }
            ++result.pixelCount;
            if (result.pixelsWritten < room)
                pixelsOut[static_cast<std::size_t>(result.pixelsWritten++)] = Point{worldX, worldY};
        }
    }
}

}  // namespace

OverlapResult QueryTransformedPair(const Mask& a, const TransformedPlacement& pa, const Mask& b,
                                   const TransformedPlacement& pb, QueryMode mode, std::span<Point> pixelsOut) {
    COLLIDE_ASSERT(pixelsOut.empty() || mode == QueryMode::CountAll,
                   "colliding pixels are collected in QueryMode::CountAll only; pass CountAll");
    OverlapResult result;
    result.overlap = IntersectRects(pa.boundsWorld, pb.boundsWorld);
    if (result.overlap.IsEmpty()) {
        return result;
    }
    const std::int32_t y0 = result.overlap.y;
    if (IsSlanted(pa) && IsSlanted(pb)) {
        TransformedPairRows(a, pa, OctagonRows(a, pa, y0), b, pb, OctagonRows(b, pb, y0), mode, pixelsOut, result);
    } else if (IsSlanted(pa)) {
        TransformedPairRows(a, pa, OctagonRows(a, pa, y0), b, pb, RowStepper(b, pb, y0), mode, pixelsOut, result);
    } else if (IsSlanted(pb)) {
        TransformedPairRows(a, pa, RowStepper(a, pa, y0), b, pb, OctagonRows(b, pb, y0), mode, pixelsOut, result);
    } else {
        TransformedPairRows(a, pa, RowStepper(a, pa, y0), b, pb, RowStepper(b, pb, y0), mode, pixelsOut, result);
    }
    return result;
}

}  // namespace collide
