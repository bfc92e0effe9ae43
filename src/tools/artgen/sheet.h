// sheet: a contact sheet of fighters for looking at the art: one row per animation, every frame
// on a floor line, its hotmap tinted over the sprite (attack red, hurt blue), names and ticks.
#pragma once

#include "tools/artgen/fighter.h"

#include <span>

namespace artgen {

struct SheetStyle {
    bool tint = true;        ///< false: the sprites alone
    std::int32_t scale = 1;  ///< nearest-neighbour magnification, 1..8
};

/// The fighters side by side, opaque RGBA.
[[nodiscard]] assets::Image ContactSheet(std::span<const FighterArt> fighters, SheetStyle style);

}  // namespace artgen
