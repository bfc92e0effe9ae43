// Mask construction from RGBA8 pixels, the query copy (column strips), and the Rect helpers.
// No SDL, no files: the caller decodes images and hands us bytes.
// Invariants: boundsMask_ is always exactly the box of the set bits, and diagonals_ exactly their
// x + y and x - y ranges; strips_ always holds exactly
// the pixels of the row words inside it, as stored and mirrored.
#include "collide/assert.h"
#include "collide/collide.h"
#include "collide/kernels.h"
#include "collide/mask_writer.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace collide {

Rect IntersectRects(Rect a, Rect b) {
    const std::int32_t x0 = std::max(a.x, b.x);
    const std::int32_t y0 = std::max(a.y, b.y);
    const std::int32_t x1 = std::min(a.Right(), b.Right());
    const std::int32_t y1 = std::min(a.Bottom(), b.Bottom());
    if (a.IsEmpty() || b.IsEmpty() || x1 <= x0 || y1 <= y0) {
        return Rect{};
    }
    return Rect{x0, y0, x1 - x0, y1 - y0};
}

Rect UniteRects(Rect a, Rect b) {
    if (a.IsEmpty()) {
        return b.IsEmpty() ? Rect{} : b;
    }
    if (b.IsEmpty()) {
        return a;
    }
    const std::int32_t x0 = std::min(a.x, b.x);
    const std::int32_t y0 = std::min(a.y, b.y);
    return Rect{x0, y0, std::max(a.Right(), b.Right()) - x0, std::max(a.Bottom(), b.Bottom()) - y0};
}

Mask::Mask(std::int32_t widthPx, std::int32_t heightPx)
    : widthPx_(widthPx), heightPx_(heightPx), wordsPerRow_((widthPx + 63) / 64) {
    COLLIDE_ASSERT(widthPx >= 0 && heightPx >= 0 && widthPx <= MAX_SIDE_PX && heightPx <= MAX_SIDE_PX,
                   "mask sides must be in 0..Mask::MAX_SIDE_PX; check the image size before building");
    // Row r's data starts at 1 + r * (wordsPerRow + 1): one guard word before each row, shared
    // with the previous row's trailing guard, and one more after the last row.
    words_.assign(1 + static_cast<std::size_t>(heightPx) * RowStrideWords(), 0);
}

bool Mask::Get(std::int32_t maskX, std::int32_t maskY) const {
    if (maskX < 0 || maskY < 0 || maskX >= widthPx_ || maskY >= heightPx_) {
        return false;
    }
    return (RowWords(maskY)[maskX >> 6] >> (maskX & 63)) & 1u;
}

void Mask::Set(std::int32_t maskX, std::int32_t maskY) {
    COLLIDE_ASSERT(maskX >= 0 && maskY >= 0 && maskX < widthPx_ && maskY < heightPx_,
                   "Mask::Set outside the mask; clip the pixel to 0..Width()-1, 0..Height()-1");
    MutableRowWords(maskY)[maskX >> 6] |= std::uint64_t{1} << (maskX & 63);
    DiagonalBounds& d = diagonals_;
    const bool first = boundsMask_.IsEmpty();
    d.sumMin = first ? maskX + maskY : std::min(d.sumMin, maskX + maskY);
    d.sumMax = first ? maskX + maskY : std::max(d.sumMax, maskX + maskY);
    d.diffMin = first ? maskX - maskY : std::min(d.diffMin, maskX - maskY);
    d.diffMax = first ? maskX - maskY : std::max(d.diffMax, maskX - maskY);
    const Rect& b = boundsMask_;
    if (!b.Contains(maskX, maskY)) {
        // The bounds grow: the strips are cut again from the rows (they start at the bounds' edge).
        boundsMask_ = UniteRects(boundsMask_, Rect{maskX, maskY, 1, 1});
        RebuildStrips();
        return;
    }
    const std::int32_t col = maskX - b.x, mirroredCol = b.Right() - 1 - maskX, row = maskY - b.y;
    strips_[static_cast<std::size_t>((col >> 6) * b.h + row)] |= std::uint64_t{1} << (col & 63);
    strips_[static_cast<std::size_t>((stripCount_ + (mirroredCol >> 6)) * b.h + row)] |= std::uint64_t{1}
                                                                                         << (mirroredCol & 63);
}

void Mask::RebuildStrips() {
    const Rect& b = boundsMask_;
    stripCount_ = (b.w + 63) / 64;
    strips_.assign(static_cast<std::size_t>(2 * stripCount_) * static_cast<std::size_t>(b.h), 0);
    for (std::int32_t s = 0; s < stripCount_; ++s) {
        std::uint64_t* plain = strips_.data() + static_cast<std::ptrdiff_t>(s) * b.h;
        std::uint64_t* mirrored = strips_.data() + static_cast<std::ptrdiff_t>(stripCount_ + s) * b.h;
        // Plain: 64 columns from b.x + 64s. Mirrored: placed column 64s + i is mask column
        // b.Right() - 1 - 64s - i, so the 64 columns ending there, bit-reversed. Both windows
        // start at most 63 columns left of column 0, within the row's leading guard word; columns
        // outside the bounds are zero, so no trimming.
        const std::int32_t plainStart = b.x + 64 * s, mirroredStart = b.Right() - 64 - 64 * s;
        for (std::int32_t r = 0; r < b.h; ++r) {
            const std::uint64_t* row = RowWords(b.y + r);
            plain[r] = kernels::ReadBits(row, plainStart >> 6, static_cast<unsigned>(plainStart & 63));
            mirrored[r] = kernels::ReverseBits(
                kernels::ReadBits(row, mirroredStart >> 6, static_cast<unsigned>(mirroredStart & 63)));
        }
    }
}

std::int64_t Mask::CountSetPixels() const {
    std::int64_t count = 0;
    for (const std::uint64_t word : words_) {
        count += std::popcount(word);
    }
    return count;
}

const Mask& HotMasks::Get(Channel channel) const {
    switch (channel) {
        case Channel::Attack:
            return attack;
        case Channel::Hurt:
            return hurt;
        case Channel::Any:
            break;
    }
    return any;
}

namespace {

void CheckImageAndRect(ImageView image, Rect subRectPx) {
    COLLIDE_ASSERT(image.widthPx >= 0 && image.heightPx >= 0, "image sides must not be negative");
    COLLIDE_ASSERT(image.rgba != nullptr || image.widthPx == 0 || image.heightPx == 0,
                   "ImageView.rgba is null; point it at the decoded RGBA8 pixels");
    COLLIDE_ASSERT(image.strideBytes == 0 || image.strideBytes >= image.widthPx * 4,
                   "ImageView.strideBytes is shorter than a row; use 0 for tightly packed rows");
    COLLIDE_ASSERT(subRectPx.w >= 0 && subRectPx.h >= 0 && subRectPx.x >= 0 && subRectPx.y >= 0 &&
                       subRectPx.x + subRectPx.w <= image.widthPx && subRectPx.y + subRectPx.h <= image.heightPx,
                   "sub-rectangle must lie inside the image; clip the frame rectangle first");
    (void)image;
    (void)subRectPx;
}

// Pixel classes, decided once per pixel.
enum PixelClass : int { AIR = 0, HURT = 1, ATTACK = 2 };

inline PixelClass ClassifyPixel(const std::uint8_t* px, Rgb key) {
    const Rgb rgb{px[0], px[1], px[2]};
    if (px[3] == 0 || rgb == key) {
        return AIR;
    }
    return rgb == ATTACK_RED ? ATTACK : HURT;
}

// Classifies every pixel once and writes each channel asked for (null: skipped).
void BuildChannels(ImageView image, Rect subRectPx, Rgb key, Mask* attack, Mask* hurt, Mask* any) {
    CheckImageAndRect(image, subRectPx);
    const std::int32_t stride = image.strideBytes != 0 ? image.strideBytes : image.widthPx * 4;
    for (Mask* m : {attack, hurt, any}) {
        if (m != nullptr) {
            *m = Mask(subRectPx.w, subRectPx.h);
        }
    }
    for (std::int32_t y = 0; y < subRectPx.h; ++y) {
        const std::uint8_t* src = image.rgba + static_cast<std::ptrdiff_t>(subRectPx.y + y) * stride + subRectPx.x * 4;
        for (std::int32_t k = 0; k * 64 < subRectPx.w; ++k) {
            // Gather 64 pixels into three words, then store each word once.
            std::uint64_t attackBits = 0, hurtBits = 0;
            const std::int32_t n = std::min(64, subRectPx.w - k * 64);
            for (std::int32_t i = 0; i < n; ++i) {
                const PixelClass cls = ClassifyPixel(src + (k * 64 + i) * 4, key);
                attackBits |= std::uint64_t{cls == ATTACK} << i;
                hurtBits |= std::uint64_t{cls == HURT} << i;
            }
            if (attack != nullptr) MaskWriter::Row(*attack, y)[k] = attackBits;
            if (hurt != nullptr) MaskWriter::Row(*hurt, y)[k] = hurtBits;
            if (any != nullptr) MaskWriter::Row(*any, y)[k] = attackBits | hurtBits;
        }
    }
    for (Mask* m : {attack, hurt, any}) {
        if (m != nullptr) {
            MaskWriter::FinishBounds(*m);
        }
    }
}

}  // namespace

Mask BuildMask(ImageView image, Rect subRectPx, Rgb key, Channel channel) {
    Mask mask;
    BuildChannels(image, subRectPx, key, channel == Channel::Attack ? &mask : nullptr,
                  channel == Channel::Hurt ? &mask : nullptr, channel == Channel::Any ? &mask : nullptr);
    return mask;
}

HotMasks BuildHotMasks(ImageView image, Rect subRectPx, Rgb key) {
    HotMasks masks;
    BuildChannels(image, subRectPx, key, &masks.attack, &masks.hurt, &masks.any);
    return masks;
}

HotMasks BuildHotMasks(ImageView image, Rgb key) {
    return BuildHotMasks(image, Rect{0, 0, image.widthPx, image.heightPx}, key);
}

Rect PlacedImageBox(const Mask& mask, Placement placement) {
    return Rect{placement.worldX, placement.worldY, mask.Width(), mask.Height()};
}

bool IsHotAt(const Mask& mask, Placement placement, std::int32_t worldX, std::int32_t worldY) {
    const std::int32_t boxX = worldX - placement.worldX;
    const std::int32_t maskX = placement.flip == Flip::Horizontal ? mask.Width() - 1 - boxX : boxX;
    return mask.Get(maskX, worldY - placement.worldY);
}

}  // namespace collide
