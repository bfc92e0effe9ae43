// collide: pixel-precise 2D collision on 1-bit masks. Pixels in, answers out.
// Depends on the C++ standard library only: no SDL, no ImGui, no files, no printing, no globals.
// Invariants: every rectangle is half-open, [x, x + w) x [y, y + h), so touching edges do not
// overlap; a mask's tight bounds always hold exactly its set pixels, and its query copy (the
// column strips) always holds exactly its row words' pixels; queries never allocate.
// Coordinate spaces: "mask" pixels of one unflipped mask, (0, 0) its top-left pixel; "world"
// pixels shared by everything placed. docs/collision.md defines each query exactly.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace collide {

/// A pixel position (world or mask space, as the name of the variable says).
struct Point {
    std::int32_t x = 0;
    std::int32_t y = 0;
    friend bool operator==(Point, Point) = default;
};

/// Half-open rectangle [x, x + w) x [y, y + h) in pixels. Empty when w <= 0 or h <= 0.
struct Rect {
    std::int32_t x = 0;
    std::int32_t y = 0;
    std::int32_t w = 0;
    std::int32_t h = 0;

    [[nodiscard]] constexpr bool IsEmpty() const { return w <= 0 || h <= 0; }
    [[nodiscard]] constexpr std::int32_t Right() const { return x + w; }   ///< one past the last column
    [[nodiscard]] constexpr std::int32_t Bottom() const { return y + h; }  ///< one past the last row
    [[nodiscard]] constexpr bool Contains(std::int32_t px, std::int32_t py) const {
        return px >= x && px < x + w && py >= y && py < y + h;
    }
    friend bool operator==(Rect, Rect) = default;
};

/// The common part of two rectangles; the canonical empty Rect{} when they do not overlap
/// (touching edges do not overlap).
[[nodiscard]] Rect IntersectRects(Rect a, Rect b);

/// The smallest rectangle holding both; an empty input is ignored.
[[nodiscard]] Rect UniteRects(Rect a, Rect b);

/// An 8-bit RGB colour, compared exactly.
struct Rgb {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
    friend bool operator==(Rgb, Rgb) = default;
};

inline constexpr Rgb KEY_MAGENTA{0xFF, 0x00, 0xFF};  ///< the default air colour, FF00FF
inline constexpr Rgb ATTACK_RED{0xFF, 0x00, 0x00};   ///< exact FF0000 marks an attack pixel

/// Borrowed RGBA8 pixels (bytes R, G, B, A in memory order), rows strideBytes apart.
struct ImageView {
    const std::uint8_t* rgba = nullptr;
    std::int32_t widthPx = 0;
    std::int32_t heightPx = 0;
    std::int32_t strideBytes = 0;  ///< 0 means tightly packed: widthPx * 4
};

/// Which hot pixels a mask holds: attack (exact FF0000), hurt (any other hot colour) or both.
enum class Channel : std::uint8_t { Any, Attack, Hurt };

/// Horizontal mirroring of a placed mask inside its own box.
enum class Flip : std::uint8_t { None, Horizontal };

/// The set pixels' ranges of x + y and x - y in mask space, inclusive: with the tight bounds, an
/// octagon around them. A round or diamond shape fills it much better than its box, so the
/// transformed query samples a turned mask only inside it (a turned box's corners are air).
struct DiagonalBounds {
    std::int32_t sumMin = 0, sumMax = -1;    ///< x + y over the set pixels; empty when max < min
    std::int32_t diffMin = 0, diffMax = -1;  ///< x - y over the set pixels
};

/// 1 bit per pixel, row-major. Bit i of word k of a row is mask pixel x = 64k + i (LSB = left).
/// Each row is framed by zero guard words so that shifted reads never need a bounds check; rows
/// share their guards: (ceil(w/64) + 1) * h + 1 words.
/// Beside the rows, the overlap query's copy: the tight bounds (bw x bh) cut into 64-pixel column
/// strips, each strip's bh rows one after the other, once as stored and once mirrored, so that a
/// query walks consecutive words whatever the flips: 2 * ceil(bw/64) * bh more words (an empty
/// mask: none). docs/collision.md gives the figures and why.
class Mask {
public:
    Mask() = default;
    /// An all-air mask of the given size in pixels (0..MAX_SIDE_PX on each side).
    Mask(std::int32_t widthPx, std::int32_t heightPx);

    static constexpr std::int32_t MAX_SIDE_PX = 1 << 15;  ///< keeps every world sum in int32

    [[nodiscard]] std::int32_t Width() const { return widthPx_; }
    [[nodiscard]] std::int32_t Height() const { return heightPx_; }
    /// The box around the set pixels, in mask space; Rect{} for an empty mask.
    [[nodiscard]] Rect Bounds() const { return boundsMask_; }
    [[nodiscard]] bool IsEmpty() const { return boundsMask_.IsEmpty(); }
    /// The set pixels' diagonal ranges, kept exact as Bounds() is (empty for an empty mask).
    [[nodiscard]] DiagonalBounds Diagonals() const { return diagonals_; }

    /// Is mask pixel (maskX, maskY) set? Outside the mask: false.
    [[nodiscard]] bool Get(std::int32_t maskX, std::int32_t maskY) const;
    /// Sets mask pixel (maskX, maskY) and grows the tight bounds; the pixel must be inside. A pixel
    /// outside the current bounds rebuilds the strips (O(bounds area / 64), allocates): to build a
    /// large mask pixel by pixel, prefer BuildMask, or set its outermost pixels first.
    void Set(std::int32_t maskX, std::int32_t maskY);

    [[nodiscard]] std::int64_t CountSetPixels() const;
    /// Bytes held by the bit storage, rows and strips (to compare with the image's w * h * 4).
    [[nodiscard]] std::size_t MemoryBytes() const { return (words_.size() + strips_.size()) * sizeof(std::uint64_t); }

    /// Data words per row, guards excluded: ceil(width / 64).
    [[nodiscard]] std::int32_t WordsPerRow() const { return wordsPerRow_; }
    /// Words from one row to the next: WordsPerRow() + 1 shared guard word.
    [[nodiscard]] std::size_t RowStrideWords() const { return static_cast<std::size_t>(wordsPerRow_) + 1; }
    /// The first data word of row maskY; words [-1] and [WordsPerRow()] are readable zeros.
    [[nodiscard]] const std::uint64_t* RowWords(std::int32_t maskY) const {
        return words_.data() + 1 + static_cast<std::size_t>(maskY) * RowStrideWords();
    }

    /// Column strips of the tight bounds: ceil(Bounds().w / 64); 0 for an empty mask.
    [[nodiscard]] std::int32_t StripCount() const { return stripCount_; }
    /// Strip `strip` of the tight bounds as a placement with `flip` shows them, Bounds().h words:
    /// word r is row Bounds().y + r, its bit i the placed bounds' column 64 * strip + i (LSB =
    /// left). Flip::Horizontal: mask column Bounds().Right() - 1 - (64 * strip + i).
    [[nodiscard]] const std::uint64_t* StripWords(Flip flip, std::int32_t strip) const {
        return strips_.data() +
               static_cast<std::ptrdiff_t>((flip == Flip::Horizontal ? stripCount_ : 0) + strip) * boundsMask_.h;
    }

private:
    [[nodiscard]] std::uint64_t* MutableRowWords(std::int32_t maskY) {
        return words_.data() + 1 + static_cast<std::size_t>(maskY) * RowStrideWords();
    }
    void RebuildStrips();
    friend struct MaskWriter;  // the builders in mask.cpp fill words_ directly

    std::int32_t widthPx_ = 0;
    std::int32_t heightPx_ = 0;
    std::int32_t wordsPerRow_ = 0;
    Rect boundsMask_{};
    DiagonalBounds diagonals_{};
    std::vector<std::uint64_t> words_ = std::vector<std::uint64_t>(1, 0);
    // The strips, as stored then mirrored: strip s of copy f at (f * stripCount_ + s) * bounds.h.
    std::vector<std::uint64_t> strips_;
    std::int32_t stripCount_ = 0;
};

/// The three masks of one hotmap frame.
struct HotMasks {
    Mask attack;  ///< exact FF0000 pixels
    Mask hurt;    ///< every other hot pixel
    Mask any;     ///< attack | hurt

    [[nodiscard]] const Mask& Get(Channel channel) const;
};

/// Builds the mask of one channel from subRectPx of an RGBA8 image (a frame of a sprite sheet).
/// Air: alpha 0, or RGB exactly `key`. Attack: RGB exactly FF0000. Hurt: any other hot pixel.
/// subRectPx must lie inside the image; the mask is subRectPx.w x subRectPx.h.
[[nodiscard]] Mask BuildMask(ImageView image, Rect subRectPx, Rgb key = KEY_MAGENTA, Channel channel = Channel::Any);
/// All three channels of subRectPx at once.
[[nodiscard]] HotMasks BuildHotMasks(ImageView image, Rect subRectPx, Rgb key = KEY_MAGENTA);
/// The whole image.
[[nodiscard]] HotMasks BuildHotMasks(ImageView image, Rgb key = KEY_MAGENTA);

/// Where a mask sits in the world: its full image box's top-left pixel at (worldX, worldY).
/// A Flip::Horizontal placement covers the same box with mask column x drawn at column w-1-x.
/// Positions stay within +-MAX_ABS_WORLD_PX, so every sum of a position and a mask size fits in
/// int32.
struct Placement {
    std::int32_t worldX = 0;
    std::int32_t worldY = 0;
    Flip flip = Flip::None;

    static constexpr std::int32_t MAX_ABS_WORLD_PX = 1 << 30;
};

/// World-space box of the placed mask's image (w x h at the placement).
[[nodiscard]] Rect PlacedImageBox(const Mask& mask, Placement placement);
/// World-space tight bounds of the placed mask (mirrored with it); Rect{} for an empty mask.
[[nodiscard]] inline Rect PlacedBounds(const Mask& mask, Placement placement) {
    const Rect b = mask.Bounds();
    if (b.IsEmpty()) return Rect{};
    // Mirroring maps mask column x to box column w-1-x, so the span [x, x+w) maps to [W-x-w, W-x).
    const std::int32_t boxX = placement.flip == Flip::Horizontal ? mask.Width() - b.Right() : b.x;
    return Rect{placement.worldX + boxX, placement.worldY + b.y, b.w, b.h};
}
/// Is world pixel (worldX, worldY) hot in the placed mask? (Mouse picking: air is not.)
[[nodiscard]] bool IsHotAt(const Mask& mask, Placement placement, std::int32_t worldX, std::int32_t worldY);

/// FirstHit stops at the first colliding pixel; CountAll visits the whole overlap.
enum class QueryMode : std::uint8_t { FirstHit, CountAll };

/// What a query found. All positions are world space.
struct OverlapResult {
    bool hit = false;                ///< some world pixel is hot in both
    Rect overlap{};                  ///< intersection of the two placed tight bounds; Rect{} if none
    Point first{};                   ///< the colliding pixel with the smallest y, then smallest x
    std::int64_t pixelCount = 0;     ///< colliding pixels; exact in CountAll, 0 in FirstHit
    std::int32_t pixelsWritten = 0;  ///< colliding pixels written to pixelsOut (row-major order)
};

namespace detail {
/// The argument checks of QueryOverlap (debug builds: COLLIDE_ASSERT, which says the fix).
void CheckQueryOverlap(Placement placeA, Placement placeB, QueryMode mode, std::span<Point> pixelsOut);
/// A query past its rejection: the two masks, their flips and their placed tight bounds' corners.
struct PlacedPair {
    const Mask* a;
    const Mask* b;
    std::int32_t ax, ay, bx, by;
    Flip flipA, flipB;
};
/// QueryOverlap past its rejection, any width, any mode: down A's strips (overlap.cpp).
[[nodiscard]] OverlapResult QueryOverlapStrips(const PlacedPair& pair, QueryMode mode, std::span<Point> pixelsOut);

/// 64 columns of a placed mask's strips from one world column on, down from the overlap's first
/// row: row r's bits are (lo[r] >> loShift) | (hi[r] << hiShift), where a shift of 64 gives 0
/// (the window ends in the mask's last strip: hi is lo, never used).
struct StripWindow {
    const std::uint64_t* lo;
    const std::uint64_t* hi;
    std::uint32_t loShift, hiShift;
};
/// The window of `mask` whose placed tight bounds start at (boundsX, boundsY), at world column
/// worldX of row worldY, both inside those bounds.
[[nodiscard]] inline StripWindow WindowAt(const Mask& mask, Flip flip, std::int32_t boundsX, std::int32_t boundsY,
                                          std::int32_t worldX, std::int32_t worldY) {
    const std::int32_t col = worldX - boundsX, strip = col >> 6;
    const std::uint64_t* lo = mask.StripWords(flip, strip) + (worldY - boundsY);
    const bool next = strip + 1 < mask.StripCount();
    const auto shift = static_cast<std::uint32_t>(col & 63);
    return StripWindow{lo, next ? lo + mask.Bounds().h : lo, shift, next ? 64 - shift : 64};
}
/// Row r of a window.
[[nodiscard]] inline std::uint64_t WindowBits(const StripWindow& w, std::int32_t r) {
    return (w.lo[r] >> w.loShift) | (w.hiShift < 64 ? w.hi[r] << w.hiShift : 0);
}
/// The first row (from 0) where two windows share a set pixel, below `rows`, and that row's AND
/// word; row -1 when none. Dispatched to the fastest kernels (kernels.cpp): four rows a step.
struct WindowHit {
    std::int32_t row;
    std::uint64_t word;
};
[[nodiscard]] WindowHit FirstHitWindows(const StripWindow& a, const StripWindow& b, std::int32_t rows);
/// A narrow overlap (at most 128 columns) as one or two windows of each mask side by side.
struct NarrowQuery {
    StripWindow a[2], b[2];
    std::int32_t windows, rows;
};
/// Every colliding pixel of a narrow query, and the first one (relative to the overlap's
/// top-left; y = -1 when none). Dispatched as FirstHitWindows.
[[nodiscard]] std::int64_t CountNarrow(const NarrowQuery& q, Point* first);

/// QueryOverlap past its rejection (the placed tight bounds overlap, or a mask is empty): an
/// overlap up to 128 columns wide set up here, its first row tested here too (a deep overlap
/// collides there, and then the answer costs no further call); the rest goes out of line.
/// Forced inline too: left to itself, GCC -O3 made one out-of-line copy for every call site of a
/// file, its mode a runtime argument and its ten arguments on the stack, and that call cost more
/// than the scan (the first-pixel case: 12.0 ns out of line, 6.3 ns inline). Inline, the call
/// site's constant mode drops the other mode's code.
[[nodiscard, gnu::always_inline]] inline OverlapResult QueryOverlapNear(const Mask& a, Placement placeA, const Mask& b,
                                                                        Placement placeB, std::int32_t ax,
                                                                        std::int32_t ay, std::int32_t bx,
                                                                        std::int32_t by, QueryMode mode,
                                                                        std::span<Point> pixelsOut) {
    const Rect ba = a.Bounds(), bb = b.Bounds();
    const std::int32_t x0 = ax > bx ? ax : bx, y0 = ay > by ? ay : by;
    const std::int32_t x1 = ax + ba.w < bx + bb.w ? ax + ba.w : bx + bb.w;
    const std::int32_t y1 = ay + ba.h < by + bb.h ? ay + ba.h : by + bb.h;
    if (!pixelsOut.empty() || x1 - x0 > 128 || x1 <= x0 || y1 <= y0) {
        return detail::QueryOverlapStrips(detail::PlacedPair{&a, &b, ax, ay, bx, by, placeA.flip, placeB.flip}, mode,
                                          pixelsOut);
    }
    OverlapResult result;
    result.overlap = Rect{x0, y0, x1 - x0, y1 - y0};
    if (mode == QueryMode::CountAll) {
        detail::NarrowQuery q;
        q.rows = y1 - y0;
        q.windows = x1 - x0 > 64 ? 2 : 1;
        for (std::int32_t w = 0; w < q.windows; ++w) {
            q.a[w] = detail::WindowAt(a, placeA.flip, ax, ay, x0 + 64 * w, y0);
            q.b[w] = detail::WindowAt(b, placeB.flip, bx, by, x0 + 64 * w, y0);
        }
        Point first;
        result.pixelCount = detail::CountNarrow(q, &first);
        if (first.y >= 0) {
            result.hit = true;
            result.first = Point{x0 + first.x, y0 + first.y};
        }
        return result;
    }
    // Row 0's first columns from each mask's first strip word alone: a deep overlap collides
    // there, and then the answer costs no call (the full windows are cut only past this test).
    const std::int32_t colA = x0 - ax, colB = x0 - bx;
    const std::uint64_t* loA = a.StripWords(placeA.flip, colA >> 6) + (y0 - ay);
    const std::uint64_t* loB = b.StripWords(placeB.flip, colB >> 6) + (y0 - by);
    std::uint64_t word = (loA[0] >> (colA & 63)) & (loB[0] >> (colB & 63));
    std::int32_t row = 0, col = 0;
    if (word == 0) {
        const detail::WindowHit h = detail::FirstHitWindows(detail::WindowAt(a, placeA.flip, ax, ay, x0, y0),
                                                            detail::WindowAt(b, placeB.flip, bx, by, x0, y0), y1 - y0);
        row = h.row < 0 ? y1 - y0 : h.row, word = h.word;
        // Columns 64 .. 127 of the overlap, if it has them: a hit there counts only above the
        // first 64 columns' first hit.
        if (x1 - x0 > 64 && row > 0) {
            const detail::WindowHit h2 =
                detail::FirstHitWindows(detail::WindowAt(a, placeA.flip, ax, ay, x0 + 64, y0),
                                        detail::WindowAt(b, placeB.flip, bx, by, x0 + 64, y0), row);
            if (h2.row >= 0) row = h2.row, word = h2.word, col = 64;
        }
        if (row == y1 - y0) return result;
    }
    result.hit = true;
    result.first = Point{x0 + col + std::countr_zero(word), y0 + row};
    return result;
}
}  // namespace detail

/// Overlap of two placed masks. Visits only the overlap of their tight bounds, down 64-pixel
/// column strips, four rows a step. pixelsOut (CountAll only) receives the first
/// pixelsOut.size() colliding pixels, row-major. The rejection is forced inline: a pair whose
/// tight bounds do not overlap (most of a game's pairs) costs a rectangle test and no call; so is
/// the narrow set-up past it (detail::QueryOverlapNear), and only the kernels are calls.
[[nodiscard, gnu::always_inline]] inline OverlapResult QueryOverlap(const Mask& a, Placement placeA, const Mask& b,
                                                                    Placement placeB,
                                                                    QueryMode mode = QueryMode::FirstHit,
                                                                    std::span<Point> pixelsOut = {}) {
#ifndef NDEBUG
    detail::CheckQueryOverlap(placeA, placeB, mode, pixelsOut);
#endif
    // The placed tight bounds, as PlacedBounds gives them but without its empty-mask branch: an
    // empty mask has w = h = 0, which makes these tests false or its overlap empty past them.
    const Rect ba = a.Bounds(), bb = b.Bounds();
    const std::int32_t ax = placeA.worldX + (placeA.flip == Flip::Horizontal ? a.Width() - ba.Right() : ba.x);
    const std::int32_t bx = placeB.worldX + (placeB.flip == Flip::Horizontal ? b.Width() - bb.Right() : bb.x);
    const std::int32_t ay = placeA.worldY + ba.y, by = placeB.worldY + bb.y;
    if (ax >= bx + bb.w || bx >= ax + ba.w || ay >= by + bb.h || by >= ay + ba.h) return OverlapResult{};
    return detail::QueryOverlapNear(a, placeA, b, placeB, ax, ay, bx, by, mode, pixelsOut);
}

/// A rotation and scale about an anchor: world = Rotate(angle) * Scale(scale) * Mirror(flip) *
/// (maskPoint - anchorMask) + anchorWorld, in continuous pixel coordinates (pixel (i, j) covers
/// [i, i+1) x [j, j+1)). Angles are radians, clockwise on screen (y points down).
struct Transform {
    double anchorMaskX = 0.0;  ///< the pivot in mask space, e.g. width / 2.0 for the centre; |.| <= MAX_ABS_WORLD
    double anchorMaskY = 0.0;
    double anchorWorldX = 0.0;  ///< where the pivot lands in world space
    double anchorWorldY = 0.0;
    double angleRadians = 0.0;
    double scale = 1.0;      ///< uniform, in [MIN_SCALE, MAX_SCALE]
    Flip flip = Flip::None;  ///< mirror in mask space before rotating

    static constexpr double MIN_SCALE = 1.0 / 16.0;
    static constexpr double MAX_SCALE = 16.0;
    static constexpr double MAX_ABS_WORLD = 1 << 20;  ///< bounds both anchors: keeps the fixed-point sums in int64
};

/// Cosine and sine in Q30 (2^30 is 1.0): what ExactTransform turns by.
struct UnitVectorQ30 {
    std::int64_t cos = std::int64_t{1} << 30;  ///< Q30
    std::int64_t sin = 0;                      ///< Q30
};

/// The unit vector of an angle in milli-degrees (any int32; 360,000 is a whole turn), by integer
/// CORDIC: no libm and no float, so the same bits on every machine and compiler. Within 2^-25 of
/// the true cosine and sine (1.6e-8 measured), and exact at every multiple of 90 degrees, so an
/// unturned or quarter-turned mask samples as the axis-aligned query does.
[[nodiscard]] UnitVectorQ30 UnitVectorOf(std::int32_t angleMilliDeg);

/// A Transform in integers, for simulations that must agree bit for bit on every machine
/// (rollback netplay compares hashes across builds): anchors in 1/256 px, the angle in
/// milli-degrees, the scale in 1/256. Its PlaceTransformed uses no libm and no float in any result.
struct ExactTransform {
    std::int32_t anchorMaskX256 = 0;  ///< the pivot in mask space, 1/256 px; |.| <= MAX_ABS_WORLD * 256
    std::int32_t anchorMaskY256 = 0;
    std::int32_t anchorWorldX256 = 0;  ///< where the pivot lands in world space, 1/256 px
    std::int32_t anchorWorldY256 = 0;
    std::int32_t angleMilliDeg = 0;  ///< clockwise on screen (y points down), any int32
    std::int32_t scale256 = 256;     ///< uniform, 256 is 1.0, in [MIN_SCALE256, MAX_SCALE256]
    Flip flip = Flip::None;          ///< mirror in mask space before rotating

    static constexpr std::int32_t MIN_SCALE256 = 16;    ///< 1/16, as Transform::MIN_SCALE
    static constexpr std::int32_t MAX_SCALE256 = 4096;  ///< 16, as Transform::MAX_SCALE
};

/// A Transform frozen to exact fixed point (32 fractional bits) for one mask: the sampled mask
/// pixel of world pixel (x, y) is (U >> 32, V >> 32) with U = u0 + (x - originX) * uPerX +
/// (y - originY) * uPerY, and V alike. Nearest neighbour at pixel centres; no float in a query.
struct TransformedPlacement {
    std::int32_t originWorldX = 0;
    std::int32_t originWorldY = 0;
    std::int64_t u0 = 0, v0 = 0;        ///< mask coordinates of the centre of the origin pixel
    std::int64_t uPerX = 0, vPerX = 0;  ///< change per world pixel to the right
    std::int64_t uPerY = 0, vPerY = 0;  ///< change per world pixel down
    Rect boundsWorld{};                 ///< exact box of the world pixels that sample the tight bounds
};

/// Freezes `transform` for `mask` and computes its exact world bounds.
[[nodiscard]] TransformedPlacement PlaceTransformed(const Mask& mask, const Transform& transform);
/// The same from integers alone: every field of the result is the same on every machine.
[[nodiscard]] TransformedPlacement PlaceTransformed(const Mask& mask, const ExactTransform& transform);
/// The definition itself: is world pixel (worldX, worldY) hot in the transformed mask?
[[nodiscard]] bool IsHotAtTransformed(const Mask& mask, const TransformedPlacement& placement, std::int32_t worldX,
                                      std::int32_t worldY);
/// Overlap of a transformed mask with an axis-aligned placed mask; same result fields as
/// QueryOverlap (`overlap` intersects boundsWorld with b's placed tight bounds).
[[nodiscard]] OverlapResult QueryTransformedOverlap(const Mask& a, const TransformedPlacement& placeA, const Mask& b,
                                                    Placement placeB, QueryMode mode = QueryMode::FirstHit,
                                                    std::span<Point> pixelsOut = {});

/// A transformed mask baked into an axis-aligned one: bit (x, y) of the result is world pixel
/// (boundsWorld.x + x, boundsWorld.y + y) of IsHotAtTransformed. Placed at boundsWorld's corner
/// (or moved from there by whole pixels, which changes no sample), it collides exactly as the
/// transformed mask does, through the bit-parallel QueryOverlap: what engines that pre-rotate
/// their sprites in fixed steps want.
struct BakedTransform {
    Mask mask;
    Point offsetWorld{};  ///< where the baked mask's top-left goes: boundsWorld's corner
};
[[nodiscard]] BakedTransform BakeTransformed(const Mask& mask, const TransformedPlacement& placement);

/// Overlap of two transformed masks (two spinning projectiles): every world pixel of the overlap
/// of their exact bounds whose samples land inside both tight bounds, sampled in both. One pixel
/// at a time (no word parallelism: neither mask is axis-aligned); the fields are QueryOverlap's.
[[nodiscard]] OverlapResult QueryTransformedPair(const Mask& a, const TransformedPlacement& placeA, const Mask& b,
                                                 const TransformedPlacement& placeB,
                                                 QueryMode mode = QueryMode::FirstHit, std::span<Point> pixelsOut = {});

// ---- broad phase -------------------------------------------------------------------------------

/// Two indices into the box list of a broad-phase query, a < b.
struct IndexPair {
    std::int32_t a = 0;
    std::int32_t b = 0;
    friend bool operator==(IndexPair, IndexPair) = default;
};

/// Which build of the uniform grid's box scan runs where every box fits a cell (the bumper's
/// sprites): the fastest the CPU has (AVX2, eight boxes a step) or the one every x86-64 has (SSE2,
/// four). Both give the same pairs in the same order, as the tests check; Baseline is there to
/// compare them (bumper_bench), not to choose.
enum class GridScan : std::uint8_t { Fastest, Baseline };

/// The broad phase: every pair of boxes that overlap (half-open; empty boxes overlap nothing),
/// each pair once, never a box with itself: the seed's `j = i + 1` loop, without visiting every
/// pair. A uniform grid of square cells: each box goes into the cells it touches, each cell tests
/// its boxes, and a pair is reported only by the cell holding the top-left pixel of the two boxes'
/// intersection, so no pair comes twice. Buffers are kept between calls: once they have grown to
/// a scene's size, finding pairs allocates nothing.
class UniformGrid {
public:
    /// cellSizePx: about the size of a typical box (the scenes use their largest sprite's side);
    /// rounded up to a power of two, so a cell index is a shift, not a division.
    explicit UniformGrid(std::int32_t cellSizePx = 64, GridScan scan = GridScan::Fastest);

    /// Appends the overlapping pairs of `boxes` to `pairs` (cleared first), each once, a < b, in a
    /// deterministic order: cell by cell, row-major (within a cell, by position in `boxes`), then
    /// the pairs of boxes too large for the grid (over MAX_CELLS_PER_BOX cells), by index.
    /// Boxes lie within +-Placement::MAX_ABS_WORLD_PX. Any spread works: a scene whose extent
    /// holds far more cells than boxes is sorted by cell instead of counted into a dense array, so
    /// memory follows the box count, never the distance between boxes.
    void FindPairs(std::span<const Rect> boxes, std::vector<IndexPair>& pairs);

    /// A box over more cells than this is tested against every box instead of entered in each.
    static constexpr std::int64_t MAX_CELLS_PER_BOX = 64;
    /// The dense array is used while it holds at most this many cells per box (plus a floor).
    static constexpr std::int64_t DENSE_CELLS_PER_BOX = 16;
    static constexpr std::int64_t DENSE_MIN_CELLS = 4096;
    /// A dense scene of at most this many (non-large) boxes is tested pair by pair, with no cells:
    /// the fight's few bodies cost no allocation but their pairs' (LastEntries() is then 0).
    static constexpr std::int64_t SMALL_SCENE_BOXES = 16;

    [[nodiscard]] std::int32_t CellSizePx() const { return cellSizePx_; }
    /// The box scan build this grid asked for (the constructor's; Fastest falls back to Baseline
    /// on a CPU without AVX2).
    [[nodiscard]] GridScan Scan() const { return scan_; }
    /// The last call's grid: origin and size in cells (for drawing it), and how many box-in-cell
    /// entries and box-box tests it made.
    [[nodiscard]] Rect LastGridCells() const { return gridCells_; }
    [[nodiscard]] Point LastOriginPx() const { return origin_; }
    [[nodiscard]] std::int64_t LastEntries() const { return entryCount_; }
    [[nodiscard]] std::int64_t LastTests() const { return tests_; }
    /// How the last call went: sorted by cell (a sparse scene), and how many boxes were too large.
    [[nodiscard]] bool LastWasSparse() const { return sparse_; }
    [[nodiscard]] std::int64_t LastLargeBoxes() const { return static_cast<std::int64_t>(large_.size()); }
    /// Cells in the dense array of the last call (0 when sparse): the grid's memory, in cells.
    [[nodiscard]] std::int64_t LastDenseCells() const {
        return sparse_ ? 0 : static_cast<std::int64_t>(cellStart_.size()) - 1;
    }

private:
    // Each entry carries a copy of its box, so a cell's tests read contiguous memory instead of
    // chasing indices.
    struct Entry {
        Rect box;
        std::int32_t index;
    };
    // Sparse path: a box-in-cell entry keyed by its cell (row-major: row << 32 | column).
    struct CellKey {
        std::uint64_t cell;
        std::int32_t index;
    };
    template <typename Fn>
    void ForEachCell(const Rect& r, Fn&& fn) const;
    [[nodiscard]] bool IsLarge(std::int32_t index) const;
    std::int64_t PairsInCell(std::size_t begin, std::size_t end, std::int64_t cx, std::int64_t cy,
                             std::vector<IndexPair>& pairs) const;
    std::int64_t PairsSmall(std::span<const Rect> boxes, std::int64_t cols, std::vector<IndexPair>& pairs);
    std::int64_t PairsOnce(std::span<const Rect> boxes, std::int64_t cols, std::int64_t rows,
                           std::vector<IndexPair>& pairs);
    std::int64_t PairsDense(std::span<const Rect> boxes, std::int64_t cols, std::int64_t rows,
                            std::vector<IndexPair>& pairs);
    std::int64_t PairsSparse(std::span<const Rect> boxes, std::vector<IndexPair>& pairs);

    std::int32_t cellSizePx_;
    std::int32_t cellShift_;  // cellSizePx_ == 1 << cellShift_
    GridScan scan_;
    Point origin_{};
    Rect gridCells_{};
    // Dense path, a counting sort: the entries of cell c are [cellStart_[c], cellStart_[c+1]).
    std::vector<std::int32_t> cellStart_;
    std::vector<Entry> entries_;
    std::vector<std::int32_t> cursor_;
    std::vector<CellKey> keys_;
    // PairsOnce: the pairs found, each with the cell that reports it, before sorting.
    struct Found {
        std::size_t cell;
        std::int32_t a, b;
    };
    std::vector<Found> found_;
    std::vector<std::int32_t> edgeLeft_, edgeTop_, edgeRight_, edgeBottom_, edgeIndex_;  // the entries, by edge
    std::vector<std::int32_t> large_;  // indices of the boxes over MAX_CELLS_PER_BOX cells, ascending
    bool sparse_ = false;
    std::int64_t tests_ = 0;
    std::int64_t entryCount_ = 0;
    std::int64_t pairsOnceEntries_ = -1;  // PairsOnce's entries (it fills the edge arrays, not entries_)
};

/// The other broad phase measured (bench/bench_bumper.cpp): sort by left edge (insertion sort,
/// which is linear on the nearly sorted order of the last tick), then sweep along x testing y.
/// Same results as UniformGrid; on a 2D scene its sweep grows faster than the box count.
class SweepAndPrune {
public:
    void FindPairs(std::span<const Rect> boxes, std::vector<IndexPair>& pairs);

private:
    std::vector<std::int32_t> order_;
};

/// The narrow phase for one pair of placed masks, whichever query their placements need.
struct Collider {
    const Mask* mask = nullptr;
    Placement placement{};
    const TransformedPlacement* transformed = nullptr;  ///< set for a rotated or scaled mask
    /// World box: PlacedBounds or transformed->boundsWorld.
    [[nodiscard]] Rect Bounds() const {
        return transformed != nullptr ? transformed->boundsWorld : PlacedBounds(*mask, placement);
    }
};

namespace detail {
/// QueryColliders when at least one collider is transformed.
[[nodiscard]] OverlapResult QueryTransformedColliders(const Collider& a, const Collider& b, QueryMode mode,
                                                      std::span<Point> pixelsOut);
}  // namespace detail

/// QueryOverlap, QueryTransformedOverlap or QueryTransformedPair, as the two colliders need.
[[nodiscard]] inline OverlapResult QueryColliders(const Collider& a, const Collider& b,
                                                  QueryMode mode = QueryMode::FirstHit,
                                                  std::span<Point> pixelsOut = {}) {
    if (a.transformed == nullptr && b.transformed == nullptr)
        return QueryOverlap(*a.mask, a.placement, *b.mask, b.placement, mode, pixelsOut);
    return detail::QueryTransformedColliders(a, b, mode, pixelsOut);
}

}  // namespace collide
