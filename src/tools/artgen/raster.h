// raster: artgen's drawing primitives. Shapes are signed distances in a frame's local pixel space
// (the anchor at (0, 0), y down); a Canvas shades them in a few tones with a 1 px outline and keeps,
// per pixel, the body region its hotmap colour comes from, so sprite and hotmap share one geometry.
// Deterministic: float arithmetic in a fixed order, no randomness, no clock.
#pragma once

#include "assets/assets.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

namespace artgen {

/// A point or offset in local pixels: x right, y down, (0, 0) the frame's anchor.
struct Vec2 {
    float x = 0.0f;
    float y = 0.0f;
};
inline Vec2 operator+(Vec2 a, Vec2 b) {
    return {a.x + b.x, a.y + b.y};
}
inline Vec2 operator-(Vec2 a, Vec2 b) {
    return {a.x - b.x, a.y - b.y};
}
inline Vec2 operator*(Vec2 a, float s) {
    return {a.x * s, a.y * s};
}
inline float Dot(Vec2 a, Vec2 b) {
    return a.x * b.x + a.y * b.y;
}
inline float Length(Vec2 a) {
    return std::sqrt(Dot(a, a));
}
inline Vec2 Lerp(Vec2 a, Vec2 b, float t) {
    return a + (b - a) * t;
}
inline float Lerp(float a, float b, float t) {
    return a + (b - a) * t;
}
/// Turns `v` by `radians`, clockwise on screen (y points down).
Vec2 Rotate(Vec2 v, float radians);
/// `v` scaled to length 1; (0, 1) for a zero vector.
Vec2 Normalize(Vec2 v);
/// The angle of `v` in the same clockwise convention, 0 along +x.
inline float Angle(Vec2 v) {
    return std::atan2(v.y, v.x);
}

struct Rgb8 {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
};
constexpr Rgb8 Hex(std::uint32_t rgb) {
    return {static_cast<std::uint8_t>(rgb >> 16), static_cast<std::uint8_t>(rgb >> 8), static_cast<std::uint8_t>(rgb)};
}

/// One material: its tones from deep shadow to light, and the outline drawn around it.
struct Material {
    Rgb8 outline;
    std::array<Rgb8, 4> tones;  ///< 0 deep shadow, 1 shadow, 2 base, 3 light
};
/// The same material in less light: far limbs use it so the near ones read in front.
Material Darker(const Material& m, float factor);

/// What a hotmap pixel becomes. The hurt regions differ only so previews read; the game treats
/// every one of them as hurt.
enum class Region : std::uint8_t { Air, Head, Torso, Arm, Leg, Held, Attack };
/// The hotmap colour of a region (Air is the key FF00FF, Attack exactly FF0000).
Rgb8 RegionColour(Region region);

/// A union of primitives, minus a union of cuts, as a signed distance (negative inside).
class Shape {
public:
    /// A capsule whose radius runs from radiusA at `a` to radiusB at `b`.
    Shape& Capsule(Vec2 a, Vec2 b, float radiusA, float radiusB);
    Shape& Ellipse(Vec2 centre, float radiusX, float radiusY, float radians = 0.0f);
    /// A simple polygon (either winding), its edge pushed out by `rounding`.
    Shape& Polygon(std::vector<Vec2> points, float rounding = 0.0f);
    /// A box of half-size `half` turned by `radians` about `centre`, corners rounded.
    Shape& Box(Vec2 centre, Vec2 half, float radians, float rounding);
    /// Removes everything inside `other` (the cut keeps its own primitives, not its cuts).
    Shape& Cut(const Shape& other);

    [[nodiscard]] float Distance(Vec2 p) const;
    [[nodiscard]] bool Empty() const { return prims_.empty(); }
    /// Local-pixel box holding every primitive: {minX, minY, maxX, maxY}.
    [[nodiscard]] std::array<float, 4> Bounds() const;

private:
    enum class Kind : std::uint8_t { Capsule, Ellipse, Polygon };
    struct Prim {
        Kind kind = Kind::Capsule;
        Vec2 a, b;        // capsule ends; ellipse centre in a, radii in b
        float r0 = 0.0f;  // capsule radius at a; ellipse angle; polygon rounding
        float r1 = 0.0f;  // capsule radius at b
        std::vector<Vec2> points;
    };
    static float PrimDistance(const Prim& prim, Vec2 p);
    static std::array<float, 4> PrimBounds(const Prim& prim);
    std::vector<Prim> prims_;
    std::vector<Prim> cuts_;
};

/// How a part is lit: `roundness` is how deep (px) its surface curves away from the edge (a limb's
/// radius for a round limb, less for a flat one).
struct Shading {
    float roundness = 6.0f;
    bool castShadow = true;  ///< darken what lies just below-right of the part (light from top-left)
    bool outline = true;
};

/// A sprite being drawn and its hotmap, same size, same geometry.
class Canvas {
public:
    Canvas(std::int32_t widthPx, std::int32_t heightPx, std::int32_t anchorXPx, std::int32_t anchorYPx);

    /// Draws a shaded part and its outline over what is there; its pixels take `region`.
    void DrawPart(const Shape& shape, const Material& material, Region region, Shading shading = {});
    /// Paints one tone of a material inside the shape, over body pixels only (markings, seams).
    void PaintTone(const Shape& shape, const Material& material, std::int32_t tone);
    /// Paints a 1 px line of one tone (or the outline, tone -1) over body pixels only.
    void PaintLine(Vec2 a, Vec2 b, const Material& material, std::int32_t tone);
    /// One pixel of one tone, over body pixels only.
    void PaintPixel(Vec2 p, const Material& material, std::int32_t tone);
    /// A sprite-only pixel with its own colour and alpha that the hotmap ignores (dust, glints).
    void PaintEffect(Vec2 p, Rgb8 colour, std::uint8_t alpha);
    /// A sprite-only halo: effect pixels of `colour` on the air within `widthPx` (4-neighbour steps)
    /// of the body, fading outward from `alpha` (a super's glow).
    void PaintHalo(Rgb8 colour, std::uint8_t alpha, std::int32_t widthPx);
    /// Hotmap only: marks the shape's pixels `region` without drawing them (HGE's invisible hot area).
    void MarkHot(const Shape& shape, Region region);
    /// As MarkHot, but only where the hotmap is air: an effect around the body never turns its hurt
    /// pixels into attack.
    void MarkHotOverAir(const Shape& shape, Region region);
    /// Hotmap only: every pixel air, the sprite untouched (an invulnerable frame).
    void ClearHotmap();

    [[nodiscard]] assets::Image Sprite() const;
    [[nodiscard]] assets::Image Hotmap() const;
    [[nodiscard]] std::int32_t Width() const { return widthPx_; }
    [[nodiscard]] std::int32_t Height() const { return heightPx_; }

private:
    struct Pixel {
        const Material* material = nullptr;  // null: an effect pixel, its colour in `effect`
        std::int8_t tone = 0;                // -1: the material's outline
        std::uint8_t alpha = 0;
        Region region = Region::Air;
        Rgb8 effect;
    };
    [[nodiscard]] Vec2 Centre(std::int32_t px, std::int32_t py) const {
        return {static_cast<float>(px - anchorXPx_), static_cast<float>(py - anchorYPx_)};
    }
    [[nodiscard]] bool IsBody(std::int32_t px, std::int32_t py) const;
    /// The pixel box to scan for a shape, clamped to the canvas: {x0, y0, x1, y1} half-open.
    [[nodiscard]] std::array<std::int32_t, 4> ScanBox(const Shape& shape, std::int32_t margin) const;

    std::int32_t widthPx_;
    std::int32_t heightPx_;
    std::int32_t anchorXPx_;
    std::int32_t anchorYPx_;
    std::vector<Pixel> pixels_;
};

}  // namespace artgen
