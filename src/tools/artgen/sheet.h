// sheet: a contact sheet of fighters for looking at the art: one row per animation, every frame
// on a floor line, its hotmap tinted over the sprite (attack red, hurt blue), names and ticks.
#pragma once

#include "tools/artgen/fighter.h"

#include <span>
#include <string>
#include <vector>

namespace artgen {

struct SheetStyle {
    bool tint = true;                     ///< false: the sprites alone
    std::int32_t scale = 1;               ///< nearest-neighbour magnification, 1..8
    std::vector<std::string> animations;  ///< only these animations, in the fighters' order; empty: all
};

/// The fighters side by side, opaque RGBA.
[[nodiscard]] assets::Image ContactSheet(std::span<const FighterArt> fighters, const SheetStyle& style);

/// Every thrower against every victim: throw_toss frame i over the victim's thrown frame i placed
/// at victimOffsets[i] (mirrored, facing the thrower; the thrower drawn in front, as the game
/// layers an attacker), thrown 4-5 on the floor where the victim lands (THROWN_LANDING_DX_PX beyond
/// victimOffsets[3]), and the grab frame of
/// `throw` against the victim's idle at victimOffsets[0]. Opaque RGBA; empty without throws.
[[nodiscard]] assets::Image ThrowSheet(std::span<const FighterArt> fighters, const SheetStyle& style);

}  // namespace artgen
