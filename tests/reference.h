// The brute-force reference the fast paths are checked against: the seeds' method. Every pixel is
// classified straight from its RGBA bytes (never through collide::BuildMask), placed pixel by
// pixel with its flip, and compared one world pixel at a time over the intersection of the two
// image boxes. Slow on purpose and simple enough to trust.
#pragma once

#include "collide/collide.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace ref {

using collide::Channel;
using collide::Point;
using collide::Rect;
using collide::Rgb;

enum Class : std::uint8_t { AIR = 0, HURT = 1, ATTACK = 2 };

/// Per-pixel classes of one sub-rectangle of an RGBA buffer.
struct Grid {
    int w = 0, h = 0;
    std::vector<std::uint8_t> cls;

    bool Hot(int x, int y, Channel ch) const {
        const std::uint8_t c = cls[static_cast<std::size_t>(y) * w + x];
        return ch == Channel::Any ? c != AIR : ch == Channel::Attack ? c == ATTACK : c == HURT;
    }
};

inline Grid Classify(const std::uint8_t* rgba, int strideBytes, Rect sub, Rgb key) {
    Grid g;
    g.w = sub.w;
    g.h = sub.h;
    g.cls.resize(static_cast<std::size_t>(sub.w) * sub.h);
    for (int y = 0; y < sub.h; ++y) {
        for (int x = 0; x < sub.w; ++x) {
            const std::uint8_t* p = rgba + (sub.y + y) * strideBytes + (sub.x + x) * 4;
            Class c = HURT;
            if (p[3] == 0 || (p[0] == key.r && p[1] == key.g && p[2] == key.b)) {
                c = AIR;
            } else if (p[0] == 0xFF && p[1] == 0 && p[2] == 0) {
                c = ATTACK;
            }
            g.cls[static_cast<std::size_t>(y) * g.w + x] = c;
        }
    }
    return g;
}

/// One grid placed in the world.
struct Placed {
    const Grid* grid = nullptr;
    Channel channel = Channel::Any;
    int x = 0, y = 0;
    bool flip = false;

    Rect ImageBox() const { return Rect{x, y, grid->w, grid->h}; }
    bool HotWorld(int wx, int wy) const {
        int gx = wx - x;
        const int gy = wy - y;
        if (gx < 0 || gy < 0 || gx >= grid->w || gy >= grid->h) return false;
        if (flip) gx = grid->w - 1 - gx;
        return grid->Hot(gx, gy, channel);
    }
    /// The world box around the hot pixels, found by looking at every pixel.
    Rect TightBounds() const {
        int x0 = INT32_MAX, y0 = INT32_MAX, x1 = INT32_MIN, y1 = INT32_MIN;
        for (int wy = y; wy < y + grid->h; ++wy) {
            for (int wx = x; wx < x + grid->w; ++wx) {
                if (HotWorld(wx, wy)) {
                    x0 = std::min(x0, wx), y0 = std::min(y0, wy);
                    x1 = std::max(x1, wx), y1 = std::max(y1, wy);
                }
            }
        }
        return x1 < x0 ? Rect{} : Rect{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    }
};

struct Result {
    bool hit = false;
    Rect overlap{};
    Point first{};
    std::int64_t count = 0;
    std::vector<Point> pixels;  ///< row-major
};

/// Intersection of two rectangles written out longhand (not collide::IntersectRects).
inline Rect Intersect(Rect a, Rect b) {
    const int x0 = std::max(a.x, b.x), y0 = std::max(a.y, b.y);
    const int x1 = std::min(a.x + a.w, b.x + b.w), y1 = std::min(a.y + a.h, b.y + b.h);
    if (a.w <= 0 || a.h <= 0 || b.w <= 0 || b.h <= 0 || x1 <= x0 || y1 <= y0) return Rect{};
    return Rect{x0, y0, x1 - x0, y1 - y0};
}

/// The seeds' loop: every world pixel of the image boxes' intersection, hot in both?
/// tightA/tightB are the placed tight bounds (passed in so a caller can cache them).
inline Result Overlap(const Placed& a, const Placed& b, Rect tightA, Rect tightB, bool wantPixels) {
    Result r;
    r.overlap = Intersect(tightA, tightB);
    const Rect box = Intersect(a.ImageBox(), b.ImageBox());
    for (int wy = box.y; wy < box.y + box.h; ++wy) {
        for (int wx = box.x; wx < box.x + box.w; ++wx) {
            if (a.HotWorld(wx, wy) && b.HotWorld(wx, wy)) {
                if (!r.hit) r.first = Point{wx, wy};
                r.hit = true;
                ++r.count;
                if (wantPixels) r.pixels.push_back(Point{wx, wy});
            }
        }
    }
    return r;
}

/// The mask pixel the centre of world pixel (wx, wy) samples: the transformed query's definition,
/// restated from docs/collision.md with its own arithmetic (128-bit, floor written as division).
inline Point SampledMaskPixel(const collide::TransformedPlacement& p, int wx, int wy) {
    const __int128 dx = wx - p.originWorldX, dy = wy - p.originWorldY;
    const __int128 u = p.u0 + dx * p.uPerX + dy * p.uPerY;
    const __int128 v = p.v0 + dx * p.vPerX + dy * p.vPerY;
    // Floor division by 2^32 written as division, not as a shift.
    const __int128 one = __int128{1} << 32;
    const __int128 mx = (u >= 0) ? u / one : -((-u + one - 1) / one);
    const __int128 my = (v >= 0) ? v / one : -((-v + one - 1) / one);
    // Far outside any mask: clamp, so the int conversion cannot wrap back inside.
    auto clamp = [](__int128 m) { return static_cast<int>(std::clamp<__int128>(m, -(1 << 30), 1 << 30)); };
    return Point{clamp(mx), clamp(my)};
}

/// Is world pixel (wx, wy) hot in the transformed grid?
inline bool SampleTransformed(const Grid& g, Channel ch, const collide::TransformedPlacement& p, int wx, int wy) {
    const Point m = SampledMaskPixel(p, wx, wy);
    if (m.x < 0 || m.y < 0 || m.x >= g.w || m.y >= g.h) return false;
    return g.Hot(m.x, m.y, ch);
}

/// A world box sure to hold every pixel a w x h mask can sample under `t`: the forward-mapped
/// corners of the whole mask box in double arithmetic, padded by `padPx` on every side.
inline Rect TransformReach(int w, int h, const collide::Transform& t, int padPx = 4) {
    double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    const double mirror = t.flip == collide::Flip::Horizontal ? -1.0 : 1.0;
    for (const double mx : {0.0, double(w)}) {
        for (const double my : {0.0, double(h)}) {
            const double sx = mirror * (mx - t.anchorMaskX) * t.scale, sy = (my - t.anchorMaskY) * t.scale;
            const double wx = std::cos(t.angleRadians) * sx - std::sin(t.angleRadians) * sy + t.anchorWorldX;
            const double wy = std::sin(t.angleRadians) * sx + std::cos(t.angleRadians) * sy + t.anchorWorldY;
            x0 = std::min(x0, wx), y0 = std::min(y0, wy), x1 = std::max(x1, wx), y1 = std::max(y1, wy);
        }
    }
    const int left = static_cast<int>(std::floor(x0)) - padPx, top = static_cast<int>(std::floor(y0)) - padPx;
    return Rect{left, top, static_cast<int>(std::ceil(x1)) + padPx - left,
                static_cast<int>(std::ceil(y1)) + padPx - top};
}

/// The exact world box of a transformed grid: every pixel of `region` whose sample lands inside
/// the grid's tight bounds (found by looking at every grid pixel), by looking at every pixel.
inline Rect TransformedBounds(const Grid& g, Channel ch, const collide::TransformedPlacement& p, Rect region) {
    const Rect tight = Placed{&g, ch, 0, 0, false}.TightBounds();
    int x0 = INT32_MAX, y0 = INT32_MAX, x1 = INT32_MIN, y1 = INT32_MIN;
    for (int wy = region.y; wy < region.y + region.h; ++wy) {
        for (int wx = region.x; wx < region.x + region.w; ++wx) {
            const Point m = SampledMaskPixel(p, wx, wy);
            if (m.x >= tight.x && m.x < tight.x + tight.w && m.y >= tight.y && m.y < tight.y + tight.h) {
                x0 = std::min(x0, wx), y0 = std::min(y0, wy), x1 = std::max(x1, wx), y1 = std::max(y1, wy);
            }
        }
    }
    return x1 < x0 ? Rect{} : Rect{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

/// Two transformed grids, the naive way: every world pixel of `region` (which must hold both
/// masks' reach), row-major, hot in both by the definition. overlap is the two exact boxes'
/// intersection, given by the caller (from TransformedBounds).
inline Result OverlapTransformedPair(const Grid& a, Channel cha, const collide::TransformedPlacement& pa, const Grid& b,
                                     Channel chb, const collide::TransformedPlacement& pb, Rect boundsA, Rect boundsB,
                                     Rect region) {
    Result r;
    r.overlap = Intersect(boundsA, boundsB);
    for (int wy = region.y; wy < region.y + region.h; ++wy) {
        for (int wx = region.x; wx < region.x + region.w; ++wx) {
            if (SampleTransformed(a, cha, pa, wx, wy) && SampleTransformed(b, chb, pb, wx, wy)) {
                if (!r.hit) r.first = Point{wx, wy};
                r.hit = true;
                ++r.count;
                r.pixels.push_back(Point{wx, wy});
            }
        }
    }
    return r;
}

}  // namespace ref
