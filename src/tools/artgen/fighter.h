// fighter: what a fighter file hands to main: every frame's sprite and hotmap, the timings, the
// moves and projectiles, in the shape docs/manifest.md asks for. Plain values, no drawing here.
#pragma once

#include "assets/assets.h"

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

struct ProjectileArt {
    std::string animation;
    std::int32_t spawnFrame = 0;
    std::array<std::int32_t, 2> spawn{};  ///< from the thrower's anchor, facing right, y up negative
    double speed = 1.0;                   ///< px/tick
    double spinDegreesPerTick = 0.0;      ///< 0: left out of the manifest
    std::int32_t lifetimeTicks = 60;
};

struct MoveArt {
    std::string name;
    std::string animation;
    std::string button;  ///< punch, kick, special
    std::string stance;  ///< stand, crouch
    std::int32_t damage = 0;
    std::int32_t hitstun = 0;
    std::int32_t blockstun = 0;
    std::int32_t hitstop = 0;
    double knockback = 0.0;
    std::optional<std::array<std::int32_t, 2>> active;  ///< first, last frame index
    std::string height;                                 ///< high, mid, low
    std::optional<ProjectileArt> projectile;
};

struct FighterArt {
    std::string id;  ///< folder name
    std::string name;
    std::int32_t health = 1000;
    double walkForwardSpeed = 0.0;
    double walkBackSpeed = 0.0;
    double jumpVelocity = 0.0;
    double jumpForwardSpeed = 0.0;
    double gravity = 0.5;
    std::int32_t pushboxWidth = 0;
    std::int32_t pushboxHeight = 0;
    std::int32_t pushboxCrouchHeight = 0;
    std::vector<AnimArt> animations;
    std::vector<MoveArt> moves;
};

[[nodiscard]] FighterArt BuildBrick();
[[nodiscard]] FighterArt BuildKestrel();

}  // namespace artgen
