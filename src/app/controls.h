// Keyboards and gamepads to game inputs and menu moves. Player 1: WASD + J K L (punch, kick,
// special). Player 2: the arrows + keypad 1 2 3. Gamepads (SDL_GameController, hot-plugged): the
// first one plugged in plays for player 1, the second for player 2; d-pad or left stick, A punch,
// B kick, X or Y special, Start pauses.
#pragma once

#include <SDL.h>

#include <array>
#include <vector>

#include "game/game.h"

namespace app {

enum class MenuMove { None, Up, Down, Left, Right, Confirm, Back, Help };

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
    [[nodiscard]] int PadCount() const { return static_cast<int>(pads_.size()); }

private:
    std::vector<SDL_GameController*> pads_;  ///< in the order they were plugged in
    std::array<std::uint8_t, 2> latched_{};
    std::vector<MenuMove> menu_;
};

}  // namespace app
