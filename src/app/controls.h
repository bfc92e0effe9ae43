// Keyboards and gamepads to game inputs and menu moves. Player 1: WASD + J K L (punch, kick,
// special). Player 2: the arrows + keypad 1 2 3. Gamepads (SDL_GameController, hot-plugged): the
// first one plugged in plays for player 1, the second for player 2 (a pad unplugged leaves its
// seat empty for the next one, so the other player's pad never changes sides); d-pad or left
// stick, A punch, B kick (and back in menus), X or Y special, Start pauses.
#pragma once

#include "game/game.h"

#include <SDL.h>

#include <algorithm>
#include <array>
#include <vector>

namespace app {

/// Back: Esc or Start, which pause a fight. Cancel: a pad's B, back in menus only (in a fight B kicks).
/// Erase: Backspace while a text field has the keyboard.
enum class MenuMove { None, Up, Down, Left, Right, Confirm, Back, Cancel, Help, Erase };

class Controls {
public:
    Controls() = default;
    Controls(const Controls&) = delete;
    Controls& operator=(const Controls&) = delete;
    ~Controls();

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
    std::vector<SDL_GameController*> pads_;  ///< seat i plays for player i (0, 1); nullptr: an empty seat
    std::array<std::uint8_t, 2> latched_{};
    std::vector<MenuMove> menu_;
};

}  // namespace app
