// fighter: what a fighter file hands to main: every frame's sprite and hotmap, the timings, the
// moves and projectiles, in the shape docs/manifest.md asks for. Plain values, no drawing here.
#pragma once

#include "assets/assets.h"
#include "assets/format.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace artgen {

struct FrameArt {
    assets::Image sprite;
    assets::Image hotmap;
    std::int32_t ticks = 1;  ///< 60 Hz ticks
};

struct AnimArt {
    std::string name;
    bool loop = false;
    std::array<std::int32_t, 2> anchor{};  ///< sprite px, the feet (or a projectile's centre)
    std::vector<FrameArt> frames;
    /// A throw's hold, per frame: where the victim's anchor goes from the thrower's, facing right,
    /// y up negative, sprite px, so the thrower's hands are on the victim. Empty for other
    /// animations; never written to fighter.json.
    std::vector<std::array<std::int32_t, 2>> victimOffsets;
};

/// A fighter: its frames' images, and the rest of its manifest (assets::Manifest, the one
/// definition of the format). The manifest's animations are made from `animations` when written.
struct FighterArt {
    std::string id;             ///< folder name
    assets::Manifest manifest;  ///< everything but the animations
    std::vector<AnimArt> animations;
};

[[nodiscard]] FighterArt BuildBrick();
[[nodiscard]] FighterArt BuildKestrel();

}  // namespace artgen
