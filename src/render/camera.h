// The camera over a stage wider than the screen: which SCREEN_WIDTH_PX-wide slice of the stage the
// picture shows, a pure function of the state (no memory, so a rollback or a seek never moves it
// twice). No SDL. Invariant: both fighters' pushboxes lie inside the view (the simulation keeps
// their span within one screen, game/match.cpp's KeepWithinOneScreen), and the view inside the stage.
#pragma once

#include "game/game.h"

#include <algorithm>
#include <cstdint>

namespace render {

/// World -> screen: screen x = world x - xPx, screen y = world y + yPx. The HUD is drawn without it.
struct Camera {
    std::int32_t xPx = 0;  ///< the view's left edge, stage px, in [0, stage width - SCREEN_WIDTH_PX]
    std::int32_t yPx = 0;  ///< the stage's floor line minus game::FLOOR_Y_PX (where the ground is drawn)
};

/// The view centred on the span of both fighters' pushboxes, clamped to the stage's ends.
/// `floorYPx`: the stage's floor line (assets::StageFile::floorYPx).
[[nodiscard]] inline Camera CameraFor(const game::MatchDefs& defs, const game::MatchState& state,
                                      std::int32_t floorYPx = game::FLOOR_Y_PX) {
    const collide::Rect a = game::PushboxOf(*defs.fighters[0], state.fighters[0]);
    const collide::Rect b = game::PushboxOf(*defs.fighters[1], state.fighters[1]);
    const std::int32_t left = std::min(a.x, b.x), right = std::max(a.Right(), b.Right());
    const std::int32_t maxX = state.config.stage.widthPx - game::SCREEN_WIDTH_PX;
    // Floor division by 2 (the sum may be negative only on a broken state; clamp covers it).
    const std::int32_t centred = (left + right - game::SCREEN_WIDTH_PX) >> 1;
    return Camera{std::clamp(centred, 0, std::max(0, maxX)), floorYPx - game::FLOOR_Y_PX};
}

/// A layer's screen x for a camera: -round(scroll x camera x), as docs/stages.md says.
[[nodiscard]] inline std::int32_t LayerScreenX(double scrollFraction, std::int32_t cameraXPx) {
    return -static_cast<std::int32_t>(scrollFraction * cameraXPx + 0.5);
}

}  // namespace render
