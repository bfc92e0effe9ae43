// Internal: the one way to write a mask's words in bulk (the image builders in mask.cpp, the baked
// transforms in transform.cpp): bits first, straight into the rows, then FinishBounds derives the
// tight bounds and cuts the strips once, instead of once per growing Set.
#pragma once

#include "collide/collide.h"

#include <algorithm>
#include <bit>

namespace collide {

struct MaskWriter {
    /// Row maskY's data words, to write; the guard words around them must stay zero.
    static std::uint64_t* Row(Mask& mask, std::int32_t maskY) { return mask.MutableRowWords(maskY); }

    /// The tight bounds from the words, then the strips: call once the words are written.
    static void FinishBounds(Mask& mask) {
        std::int32_t minX = mask.Width(), maxX = -1, minY = -1, maxY = -1;
        for (std::int32_t y = 0; y < mask.Height(); ++y) {
            const std::uint64_t* row = mask.RowWords(y);
            for (std::int32_t k = 0; k < mask.WordsPerRow(); ++k) {
                if (row[k] == 0) {
                    continue;
                }
                minX = std::min(minX, k * 64 + std::countr_zero(row[k]));
                maxX = std::max(maxX, k * 64 + 63 - std::countl_zero(row[k]));
                minY = minY < 0 ? y : minY;
                maxY = y;
            }
        }
        mask.boundsMask_ = maxY < 0 ? Rect{} : Rect{minX, minY, maxX - minX + 1, maxY - minY + 1};
        mask.RebuildStrips();
    }
};

}  // namespace collide
