// The column-strip method (column_strips.h): 64-pixel strips, shifted word reads, early exit.
// Compiled with the project's flags for baseline x86-64, as the C library is built by a distro.
#include "column_strips.h"

#include <algorithm>
#include <bit>

namespace strips {

StripMask Crop(const collide::Mask& mask, collide::Flip flip) {
    const collide::Rect tb = mask.Bounds();
    StripMask s;
    s.w = tb.w;
    s.h = tb.h;
    const int stripCount = (tb.w + 63) / 64;
    s.bits.assign(static_cast<std::size_t>(stripCount) * static_cast<std::size_t>(tb.h), 0);
    for (int y = 0; y < tb.h; ++y) {
        for (int x = 0; x < tb.w; ++x) {
            const int maskX = flip == collide::Flip::Horizontal ? tb.Right() - 1 - x : tb.x + x;
            if (mask.Get(maskX, tb.y + y)) {
                s.bits[static_cast<std::size_t>(x / 64) * static_cast<std::size_t>(tb.h) +
                       static_cast<std::size_t>(y)] |= std::uint64_t{1} << (x % 64);
            }
        }
    }
    return s;
}

namespace {

// The walk of two masks with b's top-left at (x, y) in a's pixels, x >= 0: for each of b's strips
// that meets a, the strip of a holding its first column, and b's word AND-ed with the 64 bits of
// a it covers, row by row down the strips (pointers stepped as the C library steps them). Calls
// visit(bStrip, row, word) and stops when it returns true. Returns false when nothing overlaps.
template <typename Visit>
[[gnu::always_inline]] inline bool WalkWords(const StripMask& a, const StripMask& b, int x, int y, Visit&& visit) {
    if (a.w == 0 || a.h == 0 || b.w == 0 || b.h == 0 || x >= a.w || y >= a.h || y <= -b.h) return false;
    const int aRow0 = y > 0 ? y : 0, bRow0 = y > 0 ? 0 : -y;
    const int rows = (a.h < y + b.h ? a.h : y + b.h) - aRow0;
    const int aStrips = (a.w + 63) / 64, firstStrip = x / 64;
    const int bStrips = std::min((b.w + 63) / 64, (a.w - x + 63) / 64);
    const unsigned shift = static_cast<unsigned>(x % 64), rshift = 64 - shift;
    const std::uint64_t* aEntry = a.bits.data() + static_cast<std::ptrdiff_t>(firstStrip) * a.h + aRow0;
    const std::uint64_t* bEntry = b.bits.data() + bRow0;
    for (int j = 0; j < bStrips; ++j, aEntry += a.h, bEntry += b.h) {
        const std::uint64_t* ap = aEntry;
        const std::uint64_t* bp = bEntry;
        const std::uint64_t* const aEnd = aEntry + rows;
        if (shift == 0) {
            for (; ap < aEnd; ++ap, ++bp)
                if (visit(j, static_cast<int>(ap - aEntry), *ap & *bp)) return true;
        } else if (firstStrip + j + 1 < aStrips) {
            for (; ap < aEnd; ++ap, ++bp)
                if (visit(j, static_cast<int>(ap - aEntry), ((*ap >> shift) | (ap[a.h] << rshift)) & *bp)) return true;
        } else {
            for (; ap < aEnd; ++ap, ++bp)
                if (visit(j, static_cast<int>(ap - aEntry), (*ap >> shift) & *bp)) return true;
        }
    }
    return false;
}

// The classic plain 64-bit bit count: pairs, nibbles, bytes, then the bytes summed.
std::int64_t BitCount(std::uint64_t n) {
    n = n - ((n >> 1) & 0x5555555555555555ull);
    n = (n & 0x3333333333333333ull) + ((n >> 2) & 0x3333333333333333ull);
    n = (n + (n >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    n += n >> 8;
    n += n >> 16;
    n += n >> 32;
    return static_cast<std::int64_t>(n & 0xFF);
}

}  // namespace

bool Overlap(const StripMask& a, const StripMask& b, int xOffset, int yOffset) {
    if (xOffset < 0) return Overlap(b, a, -xOffset, -yOffset);
    return WalkWords(a, b, xOffset, yOffset, [](int, int, std::uint64_t word) { return word != 0; });
}

bool OverlapPos(const StripMask& a, const StripMask& b, int xOffset, int yOffset, int* x, int* y) {
    if (xOffset < 0) {
        if (!OverlapPos(b, a, -xOffset, -yOffset, x, y)) return false;
        *x += xOffset;
        *y += yOffset;
        return true;
    }
    return WalkWords(a, b, xOffset, yOffset, [&](int j, int r, std::uint64_t word) {
        if (word == 0) return false;
        *x = xOffset + 64 * j + std::countr_zero(word);
        *y = std::max(yOffset, 0) + r;
        return true;
    });
}

std::int64_t OverlapArea(const StripMask& a, const StripMask& b, int xOffset, int yOffset) {
    if (xOffset < 0) return OverlapArea(b, a, -xOffset, -yOffset);
    std::int64_t count = 0;
    WalkWords(a, b, xOffset, yOffset, [&](int, int, std::uint64_t word) {
        count += BitCount(word);
        return false;
    });
    return count;
}

}  // namespace strips
