// raster: signed-distance shapes and the two-layer canvas (sprite tones + hotmap regions).
// Shading is a cylinder/sphere normal rebuilt from the distance to the edge, lit from the
// top-left and cut into a material's tones: the usual 3-4 tone pixel-art banding, never a gradient.
#include "tools/artgen/raster.h"

#include <algorithm>
#include <limits>

namespace artgen {

namespace {

// Light from the top-left and a little from the viewer, as most fighting-game sprites are lit.
constexpr float LIGHT_X = -0.50f;
constexpr float LIGHT_Y = -0.68f;
constexpr float LIGHT_Z = 0.54f;
// Where brightness (the cosine to the light) changes tone: deep shadow / shadow / base / light.
constexpr std::array<float, 3> TONE_STEPS = {0.05f, 0.40f, 0.82f};

std::uint8_t Scale(std::uint8_t c, float f) {
    return static_cast<std::uint8_t>(std::clamp(static_cast<float>(c) * f + 0.5f, 0.0f, 255.0f));
}

}  // namespace

Vec2 Rotate(Vec2 v, float radians) {
    const float c = std::cos(radians);
    const float s = std::sin(radians);
    return {v.x * c - v.y * s, v.x * s + v.y * c};
}

Vec2 Normalize(Vec2 v) {
    const float len = Length(v);
    if (len < 1e-6f) return {0.0f, 1.0f};
    return v * (1.0f / len);
}

Material Darker(const Material& m, float factor) {
    Material out = m;
    for (Rgb8& t : out.tones) {
        // A touch of blue in the shade keeps far limbs from looking muddy.
        t = {Scale(t.r, factor * 0.97f), Scale(t.g, factor), Scale(t.b, std::min(1.0f, factor * 1.06f))};
    }
    out.outline = {Scale(m.outline.r, 0.9f), Scale(m.outline.g, 0.9f), Scale(m.outline.b, 0.9f)};
    return out;
}

Rgb8 RegionColour(Region region) {
    switch (region) {
        case Region::Air:
            return Hex(0xFF00FF);
        case Region::Head:
            return Hex(0x00C8F0);
        case Region::Torso:
            return Hex(0x2850E8);
        case Region::Arm:
            return Hex(0x30C060);
        case Region::Leg:
            return Hex(0xE8C020);
        case Region::Held:
            return Hex(0x909090);
        case Region::Attack:
            return Hex(0xFF0000);
    }
    return Hex(0xFF00FF);
}

// ---- Shape ----

Shape& Shape::Capsule(Vec2 a, Vec2 b, float radiusA, float radiusB) {
    Prim p;
    p.kind = Kind::Capsule;
    p.a = a;
    p.b = b;
    p.r0 = radiusA;
    p.r1 = radiusB;
    prims_.push_back(std::move(p));
    return *this;
}

Shape& Shape::Ellipse(Vec2 centre, float radiusX, float radiusY, float radians) {
    Prim p;
    p.kind = Kind::Ellipse;
    p.a = centre;
    p.b = {radiusX, radiusY};
    p.r0 = radians;
    prims_.push_back(std::move(p));
    return *this;
}

Shape& Shape::Polygon(std::vector<Vec2> points, float rounding) {
    Prim p;
    p.kind = Kind::Polygon;
    p.points = std::move(points);
    p.r0 = rounding;
    prims_.push_back(std::move(p));
    return *this;
}

Shape& Shape::Box(Vec2 centre, Vec2 half, float radians, float rounding) {
    const float hx = std::max(0.0f, half.x - rounding);
    const float hy = std::max(0.0f, half.y - rounding);
    std::vector<Vec2> pts = {{-hx, -hy}, {hx, -hy}, {hx, hy}, {-hx, hy}};
    for (Vec2& q : pts) q = centre + Rotate(q, radians);
    return Polygon(std::move(pts), rounding);
}

Shape& Shape::Cut(const Shape& other) {
    cuts_.insert(cuts_.end(), other.prims_.begin(), other.prims_.end());
    return *this;
}

float Shape::PrimDistance(const Prim& prim, Vec2 p) {
    switch (prim.kind) {
        case Kind::Capsule: {
            const Vec2 pa = p - prim.a;
            const Vec2 ba = prim.b - prim.a;
            const float len2 = Dot(ba, ba);
            const float h = len2 < 1e-6f ? 0.0f : std::clamp(Dot(pa, ba) / len2, 0.0f, 1.0f);
            return Length(pa - ba * h) - Lerp(prim.r0, prim.r1, h);
        }
        case Kind::Ellipse: {
            // An approximation good to a fraction of a pixel near the edge, which is all a
            // threshold and a shading normal need.
            const Vec2 q = Rotate(p - prim.a, -prim.r0);
            const Vec2 r = prim.b;
            const float k0 = Length({q.x / r.x, q.y / r.y});
            const float k1 = Length({q.x / (r.x * r.x), q.y / (r.y * r.y)});
            if (k1 < 1e-6f) return -std::min(r.x, r.y);
            return k0 * (k0 - 1.0f) / k1;
        }
        case Kind::Polygon: {
            const std::vector<Vec2>& v = prim.points;
            const std::size_t n = v.size();
            float d2 = Dot(p - v[0], p - v[0]);
            float sign = 1.0f;
            for (std::size_t i = 0, j = n - 1; i < n; j = i, ++i) {
                const Vec2 e = v[j] - v[i];
                const Vec2 w = p - v[i];
                const float h = std::clamp(Dot(w, e) / std::max(Dot(e, e), 1e-6f), 0.0f, 1.0f);
                const Vec2 b = w - e * h;
                d2 = std::min(d2, Dot(b, b));
                // Winding test by crossings: each edge the horizontal ray crosses flips the sign.
                const bool c0 = p.y >= v[i].y;
                const bool c1 = p.y < v[j].y;
                const bool c2 = e.x * w.y > e.y * w.x;
                if ((c0 && c1 && c2) || (!c0 && !c1 && !c2)) sign = -sign;
            }
            return sign * std::sqrt(d2) - prim.r0;
        }
    }
    return std::numeric_limits<float>::max();
}

std::array<float, 4> Shape::PrimBounds(const Prim& prim) {
    switch (prim.kind) {
        case Kind::Capsule: {
            const float r = std::max(prim.r0, prim.r1);
            return {std::min(prim.a.x, prim.b.x) - r, std::min(prim.a.y, prim.b.y) - r,
                    std::max(prim.a.x, prim.b.x) + r, std::max(prim.a.y, prim.b.y) + r};
        }
        case Kind::Ellipse: {
            const float r = std::max(prim.b.x, prim.b.y);
            return {prim.a.x - r, prim.a.y - r, prim.a.x + r, prim.a.y + r};
        }
        case Kind::Polygon: {
            std::array<float, 4> box = {prim.points[0].x, prim.points[0].y, prim.points[0].x, prim.points[0].y};
            for (const Vec2& q : prim.points) {
                box = {std::min(box[0], q.x), std::min(box[1], q.y), std::max(box[2], q.x), std::max(box[3], q.y)};
            }
            return {box[0] - prim.r0, box[1] - prim.r0, box[2] + prim.r0, box[3] + prim.r0};
        }
    }
    return {0.0f, 0.0f, 0.0f, 0.0f};
}

float Shape::Distance(Vec2 p) const {
    float d = std::numeric_limits<float>::max();
    for (const Prim& prim : prims_) d = std::min(d, PrimDistance(prim, p));
    for (const Prim& cut : cuts_) d = std::max(d, -PrimDistance(cut, p));
    return d;
}

std::array<float, 4> Shape::Bounds() const {
    std::array<float, 4> box = {1e9f, 1e9f, -1e9f, -1e9f};
    for (const Prim& prim : prims_) {
        const auto b = PrimBounds(prim);
        box = {std::min(box[0], b[0]), std::min(box[1], b[1]), std::max(box[2], b[2]), std::max(box[3], b[3])};
    }
    return box;
}

// ---- Canvas ----

Canvas::Canvas(std::int32_t widthPx, std::int32_t heightPx, std::int32_t anchorXPx, std::int32_t anchorYPx)
    : widthPx_(widthPx),
      heightPx_(heightPx),
      anchorXPx_(anchorXPx),
      anchorYPx_(anchorYPx),
      pixels_(static_cast<std::size_t>(widthPx) * static_cast<std::size_t>(heightPx)) {}

bool Canvas::IsBody(std::int32_t px, std::int32_t py) const {
    if (px < 0 || py < 0 || px >= widthPx_ || py >= heightPx_) return false;
    const Pixel& pix = pixels_[static_cast<std::size_t>(py * widthPx_ + px)];
    return pix.material != nullptr && pix.alpha != 0;
}

std::array<std::int32_t, 4> Canvas::ScanBox(const Shape& shape, std::int32_t margin) const {
    const auto b = shape.Bounds();
    const auto x0 = static_cast<std::int32_t>(std::floor(b[0])) + anchorXPx_ - margin;
    const auto y0 = static_cast<std::int32_t>(std::floor(b[1])) + anchorYPx_ - margin;
    const auto x1 = static_cast<std::int32_t>(std::ceil(b[2])) + anchorXPx_ + margin + 1;
    const auto y1 = static_cast<std::int32_t>(std::ceil(b[3])) + anchorYPx_ + margin + 1;
    return {std::max(0, x0), std::max(0, y0), std::min(widthPx_, x1), std::min(heightPx_, y1)};
}

void Canvas::DrawPart(const Shape& shape, const Material& material, Region region, Shading shading) {
    if (shape.Empty()) return;
    const auto [x0, y0, x1, y1] = ScanBox(shape, 3);
    if (x0 >= x1 || y0 >= y1) return;
    const std::int32_t w = x1 - x0;
    const std::int32_t h = y1 - y0;
    std::vector<float> dist(static_cast<std::size_t>(w * h));
    for (std::int32_t y = 0; y < h; ++y) {
        for (std::int32_t x = 0; x < w; ++x)
            dist[static_cast<std::size_t>(y * w + x)] = shape.Distance(Centre(x0 + x, y0 + y));
    }
    auto inside = [&](std::int32_t x, std::int32_t y) {
        return x >= 0 && y >= 0 && x < w && y < h && dist[static_cast<std::size_t>(y * w + x)] <= 0.0f;
    };
    // 0 untouched, 1 fill, 2 outline. A 4-neighbour outline keeps the line 1 px on diagonals.
    std::vector<std::uint8_t> cover(static_cast<std::size_t>(w * h), 0);
    for (std::int32_t y = 0; y < h; ++y) {
        for (std::int32_t x = 0; x < w; ++x) {
            if (inside(x, y)) {
                cover[static_cast<std::size_t>(y * w + x)] = 1;
            } else if (shading.outline &&
                       (inside(x - 1, y) || inside(x + 1, y) || inside(x, y - 1) || inside(x, y + 1))) {
                cover[static_cast<std::size_t>(y * w + x)] = 2;
            }
        }
    }
    if (shading.castShadow) {
        // The part shades what it hides below-right of it: one tone darker, two pixels deep.
        std::vector<std::uint8_t> shaded(static_cast<std::size_t>(w * h), 0);
        for (std::int32_t y = 0; y < h; ++y) {
            for (std::int32_t x = 0; x < w; ++x) {
                if (cover[static_cast<std::size_t>(y * w + x)] == 0) continue;
                for (const auto& [dx, dy] : {std::pair{1, 1}, std::pair{1, 2}, std::pair{2, 2}}) {
                    const std::int32_t sx = x + dx;
                    const std::int32_t sy = y + dy;
                    if (sx >= w || sy >= h) continue;
                    const auto si = static_cast<std::size_t>(sy * w + sx);
                    if (cover[si] != 0 || shaded[si] != 0) continue;
                    shaded[si] = 1;
                    if (!IsBody(x0 + sx, y0 + sy)) continue;
                    Pixel& pix = pixels_[static_cast<std::size_t>((y0 + sy) * widthPx_ + x0 + sx)];
                    if (pix.tone > 0) --pix.tone;
                }
            }
        }
    }
    const float lightLen = std::sqrt(LIGHT_X * LIGHT_X + LIGHT_Y * LIGHT_Y + LIGHT_Z * LIGHT_Z);
    for (std::int32_t y = 0; y < h; ++y) {
        for (std::int32_t x = 0; x < w; ++x) {
            const std::uint8_t c = cover[static_cast<std::size_t>(y * w + x)];
            if (c == 0) continue;
            Pixel& pix = pixels_[static_cast<std::size_t>((y0 + y) * widthPx_ + x0 + x)];
            pix.material = &material;
            pix.alpha = 255;
            pix.region = region;
            if (c == 2) {
                pix.tone = -1;
                continue;
            }
            const Vec2 p = Centre(x0 + x, y0 + y);
            const float d = dist[static_cast<std::size_t>(y * w + x)];
            constexpr float EPS = 0.5f;
            const Vec2 grad = Normalize({shape.Distance({p.x + EPS, p.y}) - shape.Distance({p.x - EPS, p.y}),
                                         shape.Distance({p.x, p.y + EPS}) - shape.Distance({p.x, p.y - EPS})});
            // A cylinder of radius `roundness`: the surface tilts fully sideways at the edge and
            // faces the viewer at that depth inside.
            const float tilt = std::clamp(1.0f + d / std::max(shading.roundness, 0.5f), 0.0f, 1.0f);
            const float nz = std::sqrt(std::max(0.0f, 1.0f - tilt * tilt));
            const float bright = (grad.x * tilt * LIGHT_X + grad.y * tilt * LIGHT_Y + nz * LIGHT_Z) / lightLen;
            std::int8_t tone = 0;
            for (const float step : TONE_STEPS) {
                if (bright >= step) ++tone;
            }
            pix.tone = tone;
        }
    }
}

void Canvas::PaintTone(const Shape& shape, const Material& material, std::int32_t tone) {
    if (shape.Empty()) return;
    const auto [x0, y0, x1, y1] = ScanBox(shape, 1);
    for (std::int32_t py = y0; py < y1; ++py) {
        for (std::int32_t px = x0; px < x1; ++px) {
            if (!IsBody(px, py) || shape.Distance(Centre(px, py)) > 0.0f) continue;
            Pixel& pix = pixels_[static_cast<std::size_t>(py * widthPx_ + px)];
            pix.material = &material;
            pix.tone = static_cast<std::int8_t>(tone);
        }
    }
}

void Canvas::PaintPixel(Vec2 p, const Material& material, std::int32_t tone) {
    const auto px = static_cast<std::int32_t>(std::floor(p.x + 0.5f)) + anchorXPx_;
    const auto py = static_cast<std::int32_t>(std::floor(p.y + 0.5f)) + anchorYPx_;
    if (!IsBody(px, py)) return;
    Pixel& pix = pixels_[static_cast<std::size_t>(py * widthPx_ + px)];
    pix.material = &material;
    pix.tone = static_cast<std::int8_t>(tone);
}

void Canvas::PaintLine(Vec2 a, Vec2 b, const Material& material, std::int32_t tone) {
    // Sample at least once per pixel along the longer axis: a pixel-art line, no gaps, no doubling.
    const float steps = std::max(std::fabs(b.x - a.x), std::fabs(b.y - a.y));
    const auto n = static_cast<std::int32_t>(std::ceil(steps));
    for (std::int32_t i = 0; i <= n; ++i) {
        PaintPixel(Lerp(a, b, n == 0 ? 0.0f : static_cast<float>(i) / static_cast<float>(n)), material, tone);
    }
}

void Canvas::PaintEffect(Vec2 p, Rgb8 colour, std::uint8_t alpha) {
    const auto px = static_cast<std::int32_t>(std::floor(p.x + 0.5f)) + anchorXPx_;
    const auto py = static_cast<std::int32_t>(std::floor(p.y + 0.5f)) + anchorYPx_;
    if (px < 0 || py < 0 || px >= widthPx_ || py >= heightPx_ || IsBody(px, py)) return;
    Pixel& pix = pixels_[static_cast<std::size_t>(py * widthPx_ + px)];
    pix.material = nullptr;
    pix.effect = colour;
    pix.alpha = alpha;
}

void Canvas::MarkHot(const Shape& shape, Region region) {
    if (shape.Empty()) return;
    const auto [x0, y0, x1, y1] = ScanBox(shape, 1);
    for (std::int32_t py = y0; py < y1; ++py) {
        for (std::int32_t px = x0; px < x1; ++px) {
            if (shape.Distance(Centre(px, py)) <= 0.0f)
                pixels_[static_cast<std::size_t>(py * widthPx_ + px)].region = region;
        }
    }
}

void Canvas::PaintHalo(Rgb8 colour, std::uint8_t alpha, std::int32_t widthPx) {
    // Rings grown one 4-neighbour step at a time from the body, so the glow hugs the silhouette.
    std::vector<std::int32_t> ring(pixels_.size(), -1);
    for (std::int32_t py = 0; py < heightPx_; ++py) {
        for (std::int32_t px = 0; px < widthPx_; ++px) {
            if (IsBody(px, py)) ring[static_cast<std::size_t>(py * widthPx_ + px)] = 0;
        }
    }
    for (std::int32_t step = 1; step <= widthPx; ++step) {
        const auto a = static_cast<std::uint8_t>(alpha * (widthPx - step + 1) / widthPx);
        for (std::int32_t py = 0; py < heightPx_; ++py) {
            for (std::int32_t px = 0; px < widthPx_; ++px) {
                const auto i = static_cast<std::size_t>(py * widthPx_ + px);
                if (ring[i] != -1 || pixels_[i].alpha != 0) continue;
                auto was = [&](std::int32_t x, std::int32_t y) {
                    return x >= 0 && y >= 0 && x < widthPx_ && y < heightPx_ &&
                           ring[static_cast<std::size_t>(y * widthPx_ + x)] == step - 1;
                };
                if (!was(px - 1, py) && !was(px + 1, py) && !was(px, py - 1) && !was(px, py + 1)) continue;
                ring[i] = step;
            }
        }
        for (std::size_t i = 0; i < pixels_.size(); ++i) {
            if (ring[i] != step) continue;
            pixels_[i].material = nullptr;
            pixels_[i].effect = colour;
            pixels_[i].alpha = a;
        }
    }
}

void Canvas::MarkHotOverAir(const Shape& shape, Region region) {
    if (shape.Empty()) return;
    const auto [x0, y0, x1, y1] = ScanBox(shape, 1);
    for (std::int32_t py = y0; py < y1; ++py) {
        for (std::int32_t px = x0; px < x1; ++px) {
            Pixel& pix = pixels_[static_cast<std::size_t>(py * widthPx_ + px)];
            if (pix.region == Region::Air && shape.Distance(Centre(px, py)) <= 0.0f) pix.region = region;
        }
    }
}

void Canvas::ClearHotmap() {
    for (Pixel& pix : pixels_) pix.region = Region::Air;
}

assets::Image Canvas::Sprite() const {
    assets::Image img;
    img.widthPx = widthPx_;
    img.heightPx = heightPx_;
    img.rgba.assign(pixels_.size() * 4, 0);
    for (std::size_t i = 0; i < pixels_.size(); ++i) {
        const Pixel& pix = pixels_[i];
        if (pix.alpha == 0) continue;
        Rgb8 c = pix.effect;
        if (pix.material != nullptr) {
            c = pix.tone < 0 ? pix.material->outline : pix.material->tones[static_cast<std::size_t>(pix.tone)];
        }
        img.rgba[i * 4 + 0] = c.r;
        img.rgba[i * 4 + 1] = c.g;
        img.rgba[i * 4 + 2] = c.b;
        img.rgba[i * 4 + 3] = pix.alpha;
    }
    return img;
}

assets::Image Canvas::Hotmap() const {
    assets::Image img;
    img.widthPx = widthPx_;
    img.heightPx = heightPx_;
    img.rgba.resize(pixels_.size() * 4);
    for (std::size_t i = 0; i < pixels_.size(); ++i) {
        const Rgb8 c = RegionColour(pixels_[i].region);
        img.rgba[i * 4 + 0] = c.r;
        img.rgba[i * 4 + 1] = c.g;
        img.rgba[i * 4 + 2] = c.b;
        img.rgba[i * 4 + 3] = 255;
    }
    return img;
}

}  // namespace artgen
