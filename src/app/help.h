// The controls, written once: `brawl --help`, the in-game controls panel and README's tables all
// come from these tables (a test compares README with them). They are the defaults: the options
// menu rebinds the keys, and the in-game panel shows the current ones. Plain data: no SDL here.
#pragma once

#include "debug/commands.h"

#include <optional>

namespace app {

/// One player's device and what each of its controls does.
struct PlayerControls {
    const char* who;
    const char* move;
    const char* punch;
    const char* kick;
    const char* special;
};
inline constexpr PlayerControls PLAYER_CONTROLS[] = {
    {"Player 1 (keyboard)", "W A S D", "J", "K", "L"},
    {"Player 2 (keyboard)", "arrows", "keypad 1", "keypad 2", "keypad 3"},
    {"Gamepads (hot-plugged; first is P1, second P2)", "d-pad or left stick", "A", "B", "X or Y"},
};

/// The moves beyond one button (docs/rules.md, "Inputs"): how each is made, its numpad notation
/// (6 forward, 2 down, 3 down-forward; as the pause menu's MOVE LIST writes it), what it does.
struct MoveInputHelp {
    const char* input;
    const char* numpad;
    const char* what;
};
inline constexpr MoveInputHelp MOVE_INPUTS[] = {
    {"down, down-forward, forward + kick", "236K", "rush: drives forward through its hits"},
    {"forward, down, down-forward + punch", "623P", "anti-air: invulnerable as it starts"},
    {"punch or kick in a jump", "j.P, j.K", "air attack: an overhead, blocked only standing"},
    {"forward + punch + kick, close", "6PK", "throw: cannot be blocked"},
    {"punch + kick when thrown", "PK", "throw tech, within 7 ticks of the grab"},
    {"a move's next one as it hits", "5P > 5K > 236K", "cancel: a combo (the HUD counts its hits)"},
    {"twice down, down-forward, forward + special, meter full", "236236S", "super: freezes the fight, costs the bar"},
};

/// A key and what it does; for the debug keys, the command it makes.
struct KeyHelp {
    const char* key;
    const char* what;
    std::optional<debug::CommandKind> command;
};
inline constexpr KeyHelp GAME_KEYS[] = {
    {"Esc (or Start)", "pause; in the menus, back", std::nullopt},
    {"H (or Back)", "the controls, in game", std::nullopt},
    {"Enter (or A)", "choose in the menus; a rematch after a match", std::nullopt},
    {"F11 (or Alt+Enter)", "fullscreen on or off", std::nullopt},
};
/// The mute key: a binding (the options menu changes it); this is its default.
inline constexpr KeyHelp MUTE_KEY_HELP = {"M", "sound on or off", std::nullopt};
inline constexpr KeyHelp DEBUG_KEYS[] = {
    {"F1", "overlay on or off", debug::CommandKind::ToggleOverlay},
    {"F2", "pause / resume", debug::CommandKind::TogglePause},
    {"F3", "step one tick", debug::CommandKind::Step},
    {"F4", "slow motion: 1, 1/2, 1/4", debug::CommandKind::CycleSlow},
    {"F5", "reset the round", debug::CommandKind::ResetRound},
    {"F6", "view: sprites, hotmaps (what collides), both blended", debug::CommandKind::CycleView},
    {"F7", "detection: per-pixel (default), boxes only, boxes with a 6 px inset", debug::CommandKind::CycleDetection},
};

/// Training mode's keys (brawl --training): player 2's controls, since the dummy plays player 2's
/// side; shown as their default keys, with the control each one is.
inline constexpr KeyHelp TRAINING_KEYS[] = {
    {"left arrow (P2 left)", "position reset: the dummy in the left corner", std::nullopt},
    {"right arrow (P2 right)", "position reset: the dummy in the right corner", std::nullopt},
    {"down arrow (P2 down)", "position reset: mid-stage", std::nullopt},
    {"up arrow (P2 up)", "the dummy's block: none, all, after the first hit, random", std::nullopt},
    {"keypad 1 (P2 punch)",
     "record your inputs into the slot; again to stop (kept in the slot's own file, and --record FILE)", std::nullopt},
    {"keypad 2 (P2 kick)", "the dummy plays the slot looped; again: once; again: stops", std::nullopt},
    {"keypad 3 (P2 special)", "the next slot of four", std::nullopt},
    {"Esc (P1 pause)", "the training menu: the dummy's settings, slots, record, reset, move list, options, quit",
     std::nullopt},
};

/// The rules of play in a few lines, after the tables.
inline constexpr const char* PLAY_NOTES[] = {
    "Up jumps, down crouches; down + kick is a low kick; special throws a projectile.",
    "Hits, blocks and whiffs fill the meter under the health bar; pause: MOVE LIST.",
    "Hold back, away from the opponent, to block; block lows crouching (down and back).",
    "With the overlay on, click a fighter to select it by its pixels.",
};

}  // namespace app
