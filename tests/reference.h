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

/// The transformed query's definition, restated from docs/collision.md with its own arithmetic:
/// the centre of world pixel (wx, wy) maps through the frozen fixed-point inverse to a mask pixel.
inline bool SampleTransformed(const Grid& g, Channel ch, const collide::TransformedPlacement& p, int wx, int wy) {
    const __int128 dx = wx - p.originWorldX, dy = wy - p.originWorldY;
    const __int128 u = p.u0 + dx * p.uPerX + dy * p.uPerY;
    const __int128 v = p.v0 + dx * p.vPerX + dy * p.vPerY;
    // Floor division by 2^32 written as division, not as a shift.
    const __int128 one = __int128{1} << 32;
    const __int128 mx = (u >= 0) ? u / one : -((-u + one - 1) / one);
    const __int128 my = (v >= 0) ? v / one : -((-v + one - 1) / one);
    if (mx < 0 || my < 0 || mx >= g.w || my >= g.h) return false;
    return g.Hot(static_cast<int>(mx), static_cast<int>(my), ch);
}

}  // namespace ref
