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

/// The animation named `name` (a programmer error when there is none).
[[nodiscard]] const AnimArt& AnimNamed(const FighterArt& fighter, std::string_view name);

/// The throw of a toss animation: its victim offsets, the landing THROWN_LANDING_DX_PX beyond.
[[nodiscard]] assets::ManifestThrow ThrowOf(const AnimArt& toss);

/// Adds to the alternate palette every tone of `material` (not its outline, which other materials
/// may share) turned by `recolour`.
void AddPaletteSwaps(assets::Manifest& manifest, const Material& material, Rgb8 (*recolour)(Rgb8));

}  // namespace artgen
