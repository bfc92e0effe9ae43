// The bumper scene: the DirectDraw seed's Bumper demo at scale. Many sprites of several shapes
// (some spinning) bounce in a box, collide pixel-precisely through the same pipeline as the fight
// (the uniform-grid broad phase, then collide::QueryColliders), and react in two phases: every
// contact of a tick is recorded before any sprite changes course. Deterministic given the seed.
// No SDL, no files, no clock (a caller may hand one in, for the statistics only).
#pragma once

#include "collide/collide.h"
#include "game/game.h"

#include <cstdint>
#include <string>
#include <vector>

namespace game {

/// One sprite shape: its mask (every pixel hot is the sprite), drawn procedurally at start-up.
struct BumperShape {
    std::string name;
    collide::Mask mask;
    bool spins = false;  ///< sprites of this shape rotate (the transformed query)
};

/// Spinning sprites turn in whole degrees, as sprite engines with 360 pre-rotated images do: each
/// spinning shape is rotated once per degree (about its box's centre, the box at the world origin)
/// through the transformed query's exact definition and baked into an axis-aligned mask
/// (collide::BakeTransformed). A sprite's mask is one of them moved by whole pixels, which changes
/// no sample, and every pair goes through the bit-parallel overlap query.
inline constexpr std::int32_t BUMPER_ROTATION_STEPS = 360;

struct BumperShapes {
    std::vector<BumperShape> shapes;
    std::int32_t maxSidePx = 0;  ///< the grid's cell size
    /// rotations[shape][degree]: empty for shapes that do not spin.
    std::vector<std::vector<collide::BakedTransform>> rotations;
};

/// The six shapes: ball, ring, star, cross, crescent, diamond (12 to 32 px).
[[nodiscard]] BumperShapes MakeBumperShapes();

/// World area per sprite: the scene keeps this density at every count, so the work per sprite
/// stays the same as the count grows (150 sprites fill the 640 x 360 screen).
inline constexpr std::int32_t BUMPER_AREA_PER_SPRITE_PX = 640 * 360 / 150;

struct BumperSprite {
    std::int32_t xSubpx = 0, ySubpx = 0;  ///< top-left of the shape's box, world subpixels
    std::int32_t vxSubpx = 0, vySubpx = 0;
    std::int32_t shape = 0;
    std::int32_t angleMilliDeg = 0;        ///< drawn and collided at the whole degree below
    std::int32_t spinMilliDegPerTick = 0;  ///< 0: upright
    std::int32_t hits = 0;                 ///< contacts so far
};

struct BumperState {
    std::uint64_t seed = 0;
    std::uint64_t tick = 0;
    std::int32_t worldWidthPx = 0, worldHeightPx = 0;
    std::vector<BumperSprite> sprites;
    std::int64_t totalContacts = 0;
    std::int32_t lastContacts = 0;
};

/// Per-tick numbers for the overlay and the benchmark (not part of the state).
struct BumperStats {
    std::int32_t count = 0;
    std::int32_t pairsAfterBroadPhase = 0;  ///< box pairs the grid found (all of them get a pixel test)
    std::int64_t gridTests = 0;             ///< box-box tests the grid made to find them
    std::int32_t contacts = 0;              ///< pairs whose pixels touched
    double broadMicros = 0.0, narrowMicros = 0.0, reactMicros = 0.0;
};

/// A sprite's mask as this tick places it (axis-aligned: rotations are baked), world pixels.
struct PlacedMask {
    const collide::Mask* mask = nullptr;
    std::int32_t worldX = 0, worldY = 0;
};

/// Reused buffers for a scene's ticks (no allocation once warm). Not part of the state.
struct BumperScratch {
    collide::UniformGrid grid{32};
    std::vector<collide::Rect> boxes;
    std::vector<PlacedMask> placed;  ///< per sprite, this tick
    std::vector<collide::IndexPair> pairs;
    std::vector<collide::IndexPair> contacts;
    std::vector<std::int64_t> pushX, pushY;
    std::vector<std::int32_t> tileStart;  ///< the periodic sort's counting sort, by 64 px tile
    std::vector<BumperSprite> sortedSprites;
};

[[nodiscard]] BumperState NewBumper(const BumperShapes& shapes, std::int32_t count, std::uint64_t seed);
/// Moves every sprite, finds the contacts, then reacts to them (two phases).
void StepBumper(const BumperShapes& shapes, BumperState& state, BumperScratch& scratch, BumperStats* stats = nullptr,
                std::uint64_t (*nowNanos)() = nullptr);
/// The collision work alone: the broad phase and the pixel tests for the current positions;
/// scratch.contacts receives the touching pairs. (What the benchmark times.)
void FindBumperContacts(const BumperShapes& shapes, const BumperState& state, BumperScratch& scratch,
                        BumperStats* stats = nullptr, std::uint64_t (*nowNanos)() = nullptr);
/// The sprite's mask (its shape, or the shape's baked rotation) placed in the world.
[[nodiscard]] collide::Collider BumperCollider(const BumperShapes& shapes, const BumperSprite& sprite);
[[nodiscard]] std::uint64_t HashBumper(const BumperState& state);
/// Which of the BUMPER_ROTATION_STEPS baked rotations a spinning sprite shows and collides with.
[[nodiscard]] inline std::int32_t BumperRotationIndex(const BumperSprite& sprite) {
    return static_cast<std::int32_t>(static_cast<std::int64_t>(sprite.angleMilliDeg) * BUMPER_ROTATION_STEPS / 360000);
}

}  // namespace game
