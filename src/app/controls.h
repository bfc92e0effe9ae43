// Keyboards and gamepads to game inputs and menu moves, through the player's bindings (the options
// menu remaps them; the defaults: player 1 WASD + J K L for punch, kick, special; player 2 the
// arrows + keypad 1 2 3; pads A punch, B kick, X or Y special). Gamepads (SDL_GameController,
// hot-plugged): the first one plugged in plays for player 1, the second for player 2 (a pad
// unplugged leaves its seat empty for the next one, so the other player's pad never changes
// sides); d-pad or left stick move, B is also back in menus, Start pauses. Menus also answer to the
// arrows, Enter and Esc whatever the bindings.
#pragma once

#include "game/game.h"
#include "game/names.h"

#include <SDL.h>

#include <algorithm>
#include <array>
#include <vector>

namespace app {

/// Back: Esc or Start, which pause a fight. Cancel: a pad's B, back in menus only (in a fight B kicks).
/// Erase: Backspace while a text field has the keyboard.
enum class MenuMove { None, Up, Down, Left, Right, Confirm, Back, Cancel, Help, Erase };
/// The words `--menu` takes for the moves a person makes in a menu ("help": H, the controls panel);
/// "wait" is a tick with none.
inline constexpr game::EnumName<MenuMove> MENU_MOVE_NAMES[] = {
    {MenuMove::Up, "up"},           {MenuMove::Down, "down"}, {MenuMove::Left, "left"}, {MenuMove::Right, "right"},
    {MenuMove::Confirm, "confirm"}, {MenuMove::Back, "back"}, {MenuMove::Help, "help"}, {MenuMove::None, "wait"},
};
/// The most ticks one `--menu` word may stand for with `*N` (a minute of ticks: scripts, not files).
inline constexpr std::int32_t MENU_REPEAT_MAX = 3600;

/// A keyboard player's actions, in the order the settings file and the options menu list them.
enum class KeyAction : std::uint8_t { Up, Down, Left, Right, Punch, Kick, Special, COUNT };
inline constexpr game::EnumName<KeyAction> KEY_ACTION_NAMES[] = {
    {KeyAction::Up, "up"},           {KeyAction::Down, "down"},   {KeyAction::Left, "left"},
    {KeyAction::Right, "right"},     {KeyAction::Punch, "punch"}, {KeyAction::Kick, "kick"},
    {KeyAction::Special, "special"},
};
inline constexpr std::size_t KEY_ACTION_COUNT = static_cast<std::size_t>(KeyAction::COUNT);
/// A pad's attack buttons (the d-pad and the left stick always move).
enum class PadAction : std::uint8_t { Punch, Kick, Special, COUNT };
inline constexpr game::EnumName<PadAction> PAD_ACTION_NAMES[] = {
    {PadAction::Punch, "punch"}, {PadAction::Kick, "kick"}, {PadAction::Special, "special"}};
inline constexpr std::size_t PAD_ACTION_COUNT = static_cast<std::size_t>(PadAction::COUNT);

/// Which key or button does what: both keyboard players' actions, the pads' attacks (each up to
/// two buttons, SDL_CONTROLLER_BUTTON_INVALID for none), and the mute key.
struct Bindings {
    std::array<std::array<SDL_Scancode, KEY_ACTION_COUNT>, 2> keys{};
    std::array<std::array<SDL_GameControllerButton, 2>, PAD_ACTION_COUNT> pad{};
    SDL_Scancode mute = SDL_SCANCODE_M;
    /// The defaults (help.h's PLAYER_CONTROLS describe them; a test holds the two together).
    static Bindings Defaults();
    friend bool operator==(const Bindings&, const Bindings&) = default;
};

/// A key or a pad button as pressed, before any binding: what the options menu binds while it
/// listens for "the new key".
struct RawPress {
    SDL_Scancode key = SDL_SCANCODE_UNKNOWN;                       ///< a keyboard key, or UNKNOWN
    SDL_GameControllerButton pad = SDL_CONTROLLER_BUTTON_INVALID;  ///< a pad button, or INVALID
};

class Controls {
public:
    Controls() = default;
    Controls(const Controls&) = delete;
    Controls& operator=(const Controls&) = delete;
    ~Controls();

    /// The keys and buttons from now on (the defaults until then).
    void SetBindings(const Bindings& bindings) { bindings_ = bindings; }
    [[nodiscard]] const Bindings& CurrentBindings() const { return bindings_; }
    /// Feeds one SDL event (pads plugged in or out, presses to latch, menu moves).
    void HandleEvent(const SDL_Event& e);
    /// Player `side`'s input for the next tick: what is held now, plus any press since the last
    /// read (a tap shorter than a frame still counts).
    game::Input Read(int side);
    /// The menu moves since the last call, in order.
    std::vector<MenuMove> TakeMenuMoves();
    [[nodiscard]] int PadCount() const {
        return static_cast<int>(std::count_if(pads_.begin(), pads_.end(), [](auto* p) { return p != nullptr; }));
    }

private:
    Bindings bindings_ = Bindings::Defaults();
    std::vector<SDL_GameController*> pads_;  ///< seat i plays for player i (0, 1); nullptr: an empty seat
    std::array<std::uint8_t, 2> latched_{};
    std::vector<MenuMove> menu_;
};

}  // namespace app
