// manifest: a FighterArt as the fighter.json of docs/manifest.md, written by the format's writer
// (fields in the documented order, a 2-space indent, so a regenerated manifest reads well in a diff),
// and the small helpers the fighter files define their moves and alternate palette with.
#pragma once

#include "tools/artgen/fighter.h"
#include "tools/artgen/raster.h"

#include <string>
#include <string_view>

namespace artgen {

/// The whole text of assets/<id>/fighter.json, ending in a newline.
[[nodiscard]] std::string ManifestText(const FighterArt& fighter);

/// A move playing the animation of its own name, with the numbers every move has (speeds px/tick).
[[nodiscard]] assets::ManifestMove Move(const char* name, game::Button button, game::Stance stance, std::int32_t damage,
                                        std::int32_t hitstunTicks, std::int32_t blockstunTicks,
                                        std::int32_t hitstopTicks, double knockbackPxPerTick,
                                        std::array<std::int32_t, 2> active, game::HitHeight height);

/// Move()'s numbers: damage, hitstun, blockstun and hitstop (ticks), knockback, the active frames
/// ([first, last]) and where the hit lands.
struct MoveNumbers {
    std::int32_t damage = 0, hitstunTicks = 0, blockstunTicks = 0, hitstopTicks = 0;
    double knockbackPxPerTick = 0.0;
    std::array<std::int32_t, 2> active{};
    game::HitHeight height = game::HitHeight::Mid;
};

/// The moves every fighter has (docs/rules.md): one roster, with the same buttons, motions,
/// cancel routes and meter, so a player who learns one fighter's inputs knows the other's. What a
/// fighter file chooses is the numbers, the frames its normals cancel on, the projectile and how
/// far the rush drives.
struct MoveList {
    MoveNumbers lightPunch, heavyKick, lowKick;
    /// The frames ([first, last]) of each normal that its cancels may start on.
    std::array<std::int32_t, 2> lightPunchCancelFrames{}, heavyKickCancelFrames{}, lowKickCancelFrames{};
    MoveNumbers special;  ///< its `active` is not used: the projectile is the hit
    assets::ManifestProjectile projectile;
    MoveNumbers jumpPunch, jumpKick, antiAir, rush;
    double rushAdvancePxPerTick = 0.0;
    MoveNumbers grab;  ///< the throw (its toss animation is "throw_toss")
    MoveNumbers super;
};

/// Appends the roster to the fighter's manifest, in the order docs/manifest.md's example lists it.
/// The fighter's animations must be drawn first (the throw takes its hold from "throw_toss").
void AddMoves(FighterArt& fighter, const MoveList& moves);

/// The animation named `name` (a programmer error when there is none).
[[nodiscard]] const AnimArt& AnimNamed(const FighterArt& fighter, std::string_view name);

/// The throw of a toss animation: its victim offsets, the landing THROWN_LANDING_DX_PX beyond.
[[nodiscard]] assets::ManifestThrow ThrowOf(const AnimArt& toss);

/// Adds to the alternate palette every tone of `material` (not its outline, which other materials
/// may share) turned by `recolour`.
void AddPaletteSwaps(assets::Manifest& manifest, const Material& material, Rgb8 (*recolour)(Rgb8));

}  // namespace artgen
