// Sprites to starter hotmaps, shared by `hotmap template` and `hotmap import`: a colour key made
// transparent, and visible pixels (alpha at least a threshold) made hurt. Tool-only; no files.
#pragma once

#include "assets/assets.h"
#include "collide/collide.h"

namespace hotmap {

/// The default hurt colour of a starter hotmap.
inline constexpr collide::Rgb STARTER_HURT{0x3C, 0x6E, 0xDC};

/// Every pixel of exactly `key` (RGB, any alpha) becomes transparent black: colour-keyed art
/// (an FF00FF or flat background) as the game needs it.
void ApplySpriteKey(assets::Image& sprite, collide::Rgb key);

/// A hotmap the size of `sprite`: pixels with alpha >= `alphaMin` become `hurt`, the rest air
/// (FF00FF), all opaque. A shadow or alpha-1 stray pixels below the threshold stay air.
[[nodiscard]] assets::Image StarterHotmap(const assets::Image& sprite, int alphaMin, collide::Rgb hurt = STARTER_HURT);

}  // namespace hotmap
