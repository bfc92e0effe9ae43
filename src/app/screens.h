// The title screen, the pause menu and the controls panel: what a player navigates before and
// around a fight. Drawn on the game's logical picture with the pixel font.
#pragma once

#include "app/controls.h"
#include "app/roster.h"
#include "app/scene.h"
#include "game/game.h"

#include <SDL.h>

#include <array>
#include <string>
#include <vector>

namespace app {

enum class TitleResult { Stay, Start, Quit, Help };

struct TitleMenu {
    int cursor = 5;  ///< on START, so Enter starts a fight at once
    /// Applies one menu move to the setup.
    TitleResult Apply(MenuMove move, MatchSetup& setup, int rosterSize);
};

enum class PauseResult { Stay, Resume, Restart, Help, QuitToTitle };

struct PauseMenu {
    int cursor = 0;
    bool moveList = false;  ///< the MOVE LIST page is open (any move closes it)
    PauseResult Apply(MenuMove move);
};

void DrawTitle(SDL_Renderer* r, const TitleMenu& menu, const MatchSetup& setup, const Roster& roster, int animTick);
/// The pause menu, or its MOVE LIST page: each fighter's moves with their inputs in numpad
/// notation (game::MoveInputNotation), made from the definitions.
void DrawPause(SDL_Renderer* r, const PauseMenu& menu, const game::MatchDefs& defs);
/// The controls, for players and for developers (from help.h's tables).
void DrawHelp(SDL_Renderer* r);

}  // namespace app
