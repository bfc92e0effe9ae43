// Drawing for the hotmap tool's pictures. Why not SDL_Renderer: the tool has no window and must
// give the same bytes on every machine; a few loops over RGBA bytes do.
#include "tools/hotmap/raster.h"

#include "assets/pixel_font.h"

#include <algorithm>

namespace hotmap {

assets::Image MakeCanvas(std::int32_t widthPx, std::int32_t heightPx, Rgba fill) {
    assets::Image img;
    img.widthPx = widthPx;
    img.heightPx = heightPx;
    img.rgba.resize(static_cast<std::size_t>(widthPx) * heightPx * 4);
    for (std::size_t i = 0; i < img.rgba.size(); i += 4) {
        img.rgba[i] = fill.r, img.rgba[i + 1] = fill.g, img.rgba[i + 2] = fill.b, img.rgba[i + 3] = fill.a;
    }
    return img;
}

void BlendPixel(assets::Image& canvas, std::int32_t x, std::int32_t y, Rgba c) {
    if (x < 0 || y < 0 || x >= canvas.widthPx || y >= canvas.heightPx || c.a == 0) return;
    std::uint8_t* p = canvas.rgba.data() + (static_cast<std::size_t>(y) * canvas.widthPx + x) * 4;
    const int a = c.a, inv = 255 - c.a;
    p[0] = static_cast<std::uint8_t>((c.r * a + p[0] * inv + 127) / 255);
    p[1] = static_cast<std::uint8_t>((c.g * a + p[1] * inv + 127) / 255);
    p[2] = static_cast<std::uint8_t>((c.b * a + p[2] * inv + 127) / 255);
    p[3] = static_cast<std::uint8_t>(std::min(255, p[3] + a * (255 - p[3]) / 255));
}

void FillRect(assets::Image& canvas, std::int32_t x, std::int32_t y, std::int32_t w, std::int32_t h, Rgba c) {
    for (std::int32_t yy = y; yy < y + h; ++yy)
        for (std::int32_t xx = x; xx < x + w; ++xx) BlendPixel(canvas, xx, yy, c);
}

void DrawImage(assets::Image& canvas, const assets::Image& src, std::int32_t x, std::int32_t y, std::int32_t scale) {
    for (std::int32_t sy = 0; sy < src.heightPx; ++sy) {
        for (std::int32_t sx = 0; sx < src.widthPx; ++sx) {
            const std::uint8_t* p = src.rgba.data() + (static_cast<std::size_t>(sy) * src.widthPx + sx) * 4;
            FillRect(canvas, x + sx * scale, y + sy * scale, scale, scale, Rgba{p[0], p[1], p[2], p[3]});
        }
    }
}

std::int32_t TextWidth(const std::string& text, std::int32_t scale) {
    return assets::TextAdvance(text) * scale;
}

std::int32_t DrawText(assets::Image& canvas, std::int32_t x, std::int32_t y, const std::string& text, Rgba c,
                      std::int32_t scale) {
    return scale * assets::ForEachTextPixel(text, 0, 0, [&](int fx, int fy) {
               FillRect(canvas, x + fx * scale, y + fy * scale, scale, scale, c);
           });
}

assets::Image ComposePreview(const assets::Image& sprite, const collide::HotMasks& masks, std::int32_t scale) {
    assets::Image out = MakeCanvas(sprite.widthPx * scale, sprite.heightPx * scale, Rgba{0, 0, 0, 255});
    // A checkerboard of 4-sprite-pixel squares shows what is transparent.
    for (std::int32_t y = 0; y < sprite.heightPx; ++y)
        for (std::int32_t x = 0; x < sprite.widthPx; ++x) {
            const bool dark = ((x / 4) + (y / 4)) % 2 == 0;
            FillRect(out, x * scale, y * scale, scale, scale, dark ? Rgba{60, 60, 68, 255} : Rgba{82, 82, 92, 255});
        }
    DrawImage(out, sprite, 0, 0, scale);
    for (std::int32_t y = 0; y < sprite.heightPx; ++y)
        for (std::int32_t x = 0; x < sprite.widthPx; ++x) {
            if (masks.attack.Get(x, y))
                FillRect(out, x * scale, y * scale, scale, scale, ATTACK_TINT);
            else if (masks.hurt.Get(x, y))
                FillRect(out, x * scale, y * scale, scale, scale, HURT_TINT);
        }
    return out;
}

}  // namespace hotmap
