// The seeds' methods, rewritten faithfully as baselines for the benchmarks (never used by the game).
// HGE: rectangle intersection of the image boxes, then a per-pixel colour comparison against the
// air colour over it (without the seed's per-query copy into new[] buffers, and with its stride bug
// fixed, so the baseline is the loop itself). XNA: the intersection of the transformed boxes, then
// per pixel the inverse transform stepped by float unit vectors, rounded, and both alphas tested.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

namespace seed {

/// An RGBA image as the seeds held it: 32-bit pixels, row-major.
struct Image32 {
    int w = 0, h = 0;
    std::vector<std::uint32_t> px;
};

/// HGE's IsCollision: true when some pixel of the box intersection is not air in both.
inline bool HgeCollide(const Image32& a, int ax, int ay, const Image32& b, int bx, int by, std::uint32_t air) {
    const int x0 = std::max(ax, bx), y0 = std::max(ay, by);
    const int x1 = std::min(ax + a.w, bx + b.w), y1 = std::min(ay + a.h, by + b.h);
    if (x1 <= x0 || y1 <= y0) return false;
    for (int y = y0; y < y1; ++y) {
        const std::uint32_t* ra = a.px.data() + (y - ay) * a.w + (x0 - ax);
        const std::uint32_t* rb = b.px.data() + (y - by) * b.w + (x0 - bx);
        for (int x = 0; x < x1 - x0; ++x) {
            if (ra[x] != air && rb[x] != air) return true;
        }
    }
    return false;
}

/// The same loop counting every colliding pixel (the full-count baseline).
inline std::int64_t HgeCount(const Image32& a, int ax, int ay, const Image32& b, int bx, int by, std::uint32_t air) {
    const int x0 = std::max(ax, bx), y0 = std::max(ay, by);
    const int x1 = std::min(ax + a.w, bx + b.w), y1 = std::min(ay + a.h, by + b.h);
    std::int64_t n = 0;
    for (int y = y0; y < y1; ++y) {
        const std::uint32_t* ra = a.px.data() + (y - ay) * a.w + (x0 - ax);
        const std::uint32_t* rb = b.px.data() + (y - by) * b.w + (x0 - bx);
        for (int x = 0; x < x1 - x0; ++x) n += (ra[x] != air && rb[x] != air);
    }
    return n;
}

struct Affine {  // world = M * (p - origin) + position, as XNA's Matrix chain
    float m00, m01, m10, m11, ox, oy, px, py;
};

/// XNA's per-pixel test of two transformed sprites: alpha != 0 in both. The transforms' boxes
/// are intersected, then each image is stepped through the inverse transform.
inline bool XnaCollide(const Image32& a, const Affine& ta, const Image32& b, const Affine& tb) {
    auto box = [](const Image32& img, const Affine& t, float& minX, float& minY, float& maxX, float& maxY) {
        const float cx[4] = {0, float(img.w), 0, float(img.w)}, cy[4] = {0, 0, float(img.h), float(img.h)};
        minX = minY = 1e30f;
        maxX = maxY = -1e30f;
        for (int i = 0; i < 4; ++i) {
            const float wx = t.m00 * (cx[i] - t.ox) + t.m01 * (cy[i] - t.oy) + t.px;
            const float wy = t.m10 * (cx[i] - t.ox) + t.m11 * (cy[i] - t.oy) + t.py;
            minX = std::min(minX, wx), maxX = std::max(maxX, wx), minY = std::min(minY, wy), maxY = std::max(maxY, wy);
        }
    };
    float aMinX, aMinY, aMaxX, aMaxY, bMinX, bMinY, bMaxX, bMaxY;
    box(a, ta, aMinX, aMinY, aMaxX, aMaxY);
    box(b, tb, bMinX, bMinY, bMaxX, bMaxY);
    // The seed truncates with (int): kept, it is part of the method measured.
    const int ix = int(std::max(aMinX, bMinX)), iy = int(std::max(aMinY, bMinY));
    const int iw = int(std::min(aMaxX, bMaxX)) - ix, ih = int(std::min(aMaxY, bMaxY)) - iy;
    if (iw <= 0 || ih <= 0) return false;
    auto inverse = [](const Affine& t, float& i00, float& i01, float& i10, float& i11) {
        const float det = t.m00 * t.m11 - t.m01 * t.m10;
        i00 = t.m11 / det, i01 = -t.m01 / det, i10 = -t.m10 / det, i11 = t.m00 / det;
    };
    float a00, a01, a10, a11, b00, b01, b10, b11;
    inverse(ta, a00, a01, a10, a11);
    inverse(tb, b00, b01, b10, b11);
    // Unit steps in each image for one world pixel right (X) and down (Y).
    const float aStepXx = a00, aStepXy = a10, aStepYx = a01, aStepYy = a11;
    const float bStepXx = b00, bStepXy = b10, bStepYx = b01, bStepYy = b11;
    float aRowX = a00 * (ix - ta.px) + a01 * (iy - ta.py) + ta.ox,
          aRowY = a10 * (ix - ta.px) + a11 * (iy - ta.py) + ta.oy;
    float bRowX = b00 * (ix - tb.px) + b01 * (iy - tb.py) + tb.ox,
          bRowY = b10 * (ix - tb.px) + b11 * (iy - tb.py) + tb.oy;
    for (int y = 0; y < ih; ++y) {
        float apx = aRowX, apy = aRowY, bpx = bRowX, bpy = bRowY;
        for (int x = 0; x < iw; ++x) {
            const int axi = int(std::round(apx)), ayi = int(std::round(apy));
            const int bxi = int(std::round(bpx)), byi = int(std::round(bpy));
            if (axi >= 0 && axi < a.w && ayi >= 0 && ayi < a.h && bxi >= 0 && bxi < b.w && byi >= 0 && byi < b.h) {
                if ((a.px[ayi * a.w + axi] >> 24) != 0 && (b.px[byi * b.w + bxi] >> 24) != 0) return true;
            }
            apx += aStepXx, apy += aStepXy, bpx += bStepXx, bpy += bStepXy;
        }
        aRowX += aStepYx, aRowY += aStepYy, bRowX += bStepYx, bRowY += bStepYy;
    }
    return false;
}

}  // namespace seed
