// Internal: the one way to write a mask's words in bulk (the image builders in mask.cpp, the baked
// transforms in transform.cpp): bits first, straight into the rows, then FinishBounds derives the
// tight bounds and cuts the strips once, instead of once per growing Set.
#pragma once

#include "collide/collide.h"

#include <algorithm>
#include <bit>
#include <climits>

namespace collide {

struct MaskWriter {
    /// Row maskY's data words, to write; the guard words around them must stay zero.
    static std::uint64_t* Row(Mask& mask, std::int32_t maskY) { return mask.MutableRowWords(maskY); }

    /// The tight bounds and the diagonal ranges from the words, then the strips: call once the
    /// words are written.
    static void FinishBounds(Mask& mask) {
        std::int32_t minX = mask.Width(), maxX = -1, minY = -1, maxY = -1;
        DiagonalBounds d{INT32_MAX, INT32_MIN, INT32_MAX, INT32_MIN};
        for (std::int32_t y = 0; y < mask.Height(); ++y) {
            const std::uint64_t* row = mask.RowWords(y);
            for (std::int32_t k = 0; k < mask.WordsPerRow(); ++k) {
                if (row[k] == 0) {
                    continue;
                }
                const std::int32_t first = k * 64 + std::countr_zero(row[k]);
                const std::int32_t last = k * 64 + 63 - std::countl_zero(row[k]);
                minX = std::min(minX, first), maxX = std::max(maxX, last);
                d.sumMin = std::min(d.sumMin, first + y), d.sumMax = std::max(d.sumMax, last + y);
                d.diffMin = std::min(d.diffMin, first - y), d.diffMax = std::max(d.diffMax, last - y);
                minY = minY < 0 ? y : minY;
                maxY = y;
            }
        }
        mask.boundsMask_ = maxY < 0 ? Rect{} : Rect{minX, minY, maxX - minX + 1, maxY - minY + 1};
        mask.diagonals_ = maxY < 0 ? DiagonalBounds{} : d;
        mask.RebuildStrips();
    }
};

}  // namespace collide
