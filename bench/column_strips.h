// The column-strip method, the peer the small-mask benchmarks measure against: the classic C
// bitmask library's layout and loops (the one pygame.mask is built on), written here from its
// description, not copied. A mask is a row of 64-pixel column strips, each strip `h` words one
// after the other (bit i of the word for row y of strip s is pixel (64s + i, y), LSB = left).
// An overlap walks B's strips; each of B's words meets A's bits through shifted word reads of the
// two A strips it straddles, row by row down the strip, with an early exit at the first hit.
// Plain 64-bit code (no SIMD, no popcount instruction), no flips: a mirrored partner is a
// mirrored copy. Masks are cropped to their tight bounds, as ours are, so the comparison is on
// equal terms. Never used by the game.
#pragma once

#include "collide/collide.h"

#include <cstdint>
#include <vector>

namespace strips {

/// A mask in 64-pixel column strips: bits[s * h + y] holds pixels 64s .. 64s + 63 of row y.
struct StripMask {
    int w = 0, h = 0;
    std::vector<std::uint64_t> bits;
};

/// The tight bounds of `mask` cut out into column strips, mirrored for Flip::Horizontal (the
/// picture a flipped placement shows). Pixel (0, 0) is the top-left of the placed tight bounds.
[[nodiscard]] StripMask Crop(const collide::Mask& mask, collide::Flip flip);

/// Does b, its top-left at (xOffset, yOffset) in a's pixels, share a set pixel with a?
/// (Out of line, as a library call is.)
[[gnu::noinline]] bool Overlap(const StripMask& a, const StripMask& b, int xOffset, int yOffset);
/// The same, and the first colliding pixel the strip walk meets, in a's pixels (strip by strip,
/// so not necessarily the row-major first one).
[[gnu::noinline]] bool OverlapPos(const StripMask& a, const StripMask& b, int xOffset, int yOffset, int* x, int* y);
/// Every colliding pixel counted (a plain 64-bit bit count per word, no popcount instruction).
[[gnu::noinline]] std::int64_t OverlapArea(const StripMask& a, const StripMask& b, int xOffset, int yOffset);

}  // namespace strips
