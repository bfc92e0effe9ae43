// The developer's controls as values: the settings the F-keys and the overlay's buttons change
// (the overlay on or off, pause, slow motion, the view) and the commands that change them. Keys
// (the app) and buttons (the overlay panel) both make Commands; one function applies them, so
// there is one path. Commands about the scene's own state (reset the round, the detection mode)
// are the scene's to carry out: Apply leaves them alone.
#pragma once

#include "game/game.h"
#include "render/render.h"

#include <cstdint>
#include <optional>

namespace debug {

inline constexpr game::EnumName<render::ViewMode> VIEW_MODE_NAMES[] = {
    {render::ViewMode::Sprites, "sprites"},
    {render::ViewMode::Hotmaps, "hotmaps"},
    {render::ViewMode::Both, "both"},
};

/// What the developer has switched on. The shell owns it; scenes and the overlay read it.
struct Settings {
    bool overlay = false;                               ///< F1: the overlay drawn
    bool paused = false;                                ///< F2: ticks stop (the picture stays)
    int slowFactor = 1;                                 ///< F4: 1, 2 or 4: ticks run at 1, 1/2, 1/4 speed
    render::ViewMode view = render::ViewMode::Sprites;  ///< F6
    bool stepRequested = false;                         ///< F3: one tick while paused, then cleared by the shell
};

enum class CommandKind : std::uint8_t {
    ToggleOverlay,   ///< F1
    TogglePause,     ///< F2
    Pause,           ///< pause (a replay's end)
    Step,            ///< F3: pause, then one tick
    CycleSlow,       ///< F4
    SetSlow,         ///< value: 1, 2 or 4
    ResetRound,      ///< F5 (the scene's)
    CycleView,       ///< F6
    SetView,         ///< view
    CycleDetection,  ///< F7 (the scene's)
    SetDetection,    ///< detection (the scene's)
};

struct Command {
    CommandKind kind{};
    int value = 0;
    render::ViewMode view{};
    game::DetectionMode detection{};
};

/// Carries out a command on the settings. False for the scene's commands (ResetRound and the
/// detection ones), which it leaves to the scene.
bool Apply(Settings& settings, const Command& command);

/// The detection mode F7 moves to from `current`.
[[nodiscard]] game::DetectionMode NextDetection(game::DetectionMode current);

}  // namespace debug
