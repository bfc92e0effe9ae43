// Small drawing helpers for the hotmap tool's pictures (previews, contact sheets): RGBA8 canvases,
// alpha blending, nearest-neighbour scaling and a 5x7 pixel font for labels. Tool-only.
#pragma once

#include "assets/assets.h"

#include <array>
#include <cstdint>
#include <string>

namespace hotmap {

struct Rgba {
    std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

/// A blank canvas filled with `fill`.
assets::Image MakeCanvas(std::int32_t widthPx, std::int32_t heightPx, Rgba fill);
/// Blends `c` over pixel (x, y) with c.a as coverage; outside the canvas: nothing.
void BlendPixel(assets::Image& canvas, std::int32_t x, std::int32_t y, Rgba c);
void FillRect(assets::Image& canvas, std::int32_t x, std::int32_t y, std::int32_t w, std::int32_t h, Rgba c);
/// Draws `src` scaled by `scale` (nearest neighbour) with its top-left at (x, y), alpha-blended.
void DrawImage(assets::Image& canvas, const assets::Image& src, std::int32_t x, std::int32_t y, std::int32_t scale);
/// Text in the 5x7 pixel font (A-Z, a-z shown as capitals, 0-9, space and _-.:/[]()#,+), each
/// font pixel `scale` canvas pixels; returns the width drawn.
std::int32_t DrawText(assets::Image& canvas, std::int32_t x, std::int32_t y, const std::string& text, Rgba c,
                      std::int32_t scale = 1);
/// The width DrawText would use.
std::int32_t TextWidth(const std::string& text, std::int32_t scale = 1);

/// The sprite over a checkerboard (so transparency shows) with its hotmap's masks tinted on top:
/// attack red, hurt blue, air clear. Scaled by `scale`.
assets::Image ComposePreview(const assets::Image& sprite, const collide::HotMasks& masks, std::int32_t scale);

inline constexpr Rgba ATTACK_TINT{255, 30, 30, 150};
inline constexpr Rgba HURT_TINT{40, 110, 255, 110};

}  // namespace hotmap
