// The title screen, the pause menu and the controls panel: what a player navigates before and
// around a fight. Drawn on the game's logical picture with the pixel font.
#pragma once

#include "app/controls.h"
#include "app/roster.h"
#include "app/scene.h"
#include "game/game.h"

#include <SDL.h>

#include <array>
#include <cstdint>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace net {
class Session;
}

namespace app {

/// One row of the title menu.
struct TitleRow {
    enum class Kind : std::uint8_t { Player, Fighter, CpuLevel, Stage, Scene, Join, Controls, Options, Quit };
    std::string label;  ///< as drawn, and as `--menu` picks it
    Kind kind = Kind::Scene;
    int side = 0;                 ///< Player, Fighter: 0 or 1
    const char* scene = nullptr;  ///< Scene, Join: the scene table's name (Join: online or spectate)
};

/// The title's rows, top to bottom: who plays each side and with which fighter, the CPU's level, the
/// stage (left and right go through every stage, then RANDOM; a preview beside the menu); a
/// row per mode of the scene table (its label column, in its order), JOIN right after online's
/// (SPECTATE, like JOIN, takes an address);
/// then CONTROLS, OPTIONS, QUIT. A new mode's table line adds its row: nothing else moves a script.
[[nodiscard]] const std::vector<TitleRow>& TitleRows();

enum class TitleResult { Stay, Scene, Join, Quit, Help, Options };

/// The STAGE row's RANDOM choice, as MatchSetup::stage holds it until a match starts (never a stage
/// id: ids are a-z, 0-9 and _).
inline constexpr const char* RANDOM_STAGE = "RANDOM";
/// The setup's stage made concrete: RANDOM becomes one of `stageIds` by the setup's seed (the same
/// seed, the same stage); anything else stays.
void ResolveRandomStage(MatchSetup& setup, std::span<const std::string> stageIds);

struct TitleMenu {
    int cursor = FirstModeRow();  ///< on the first mode (START), so Enter starts a fight at once
    std::string address;          ///< JOIN's field: the host to connect to, "HOST:PORT" (or HOST)
    bool editing = false;         ///< the address field has the keyboard
    std::string problem;          ///< why the last address was refused, shown under the menu
    /// Applies one menu move to the setup (or, while editing, to the address). Scene: the row's
    /// scene is Row().scene. `stageIds`: the stages the STAGE row goes through (sorted).
    TitleResult Apply(MenuMove move, MatchSetup& setup, int rosterSize, std::span<const std::string> stageIds = {});
    /// The row under the cursor.
    [[nodiscard]] const TitleRow& Row() const { return TitleRows()[static_cast<std::size_t>(cursor)]; }
    /// The cursor onto the row labelled `label` (false: there is none).
    bool Pick(std::string_view label);
    /// Typed text into the address field (printable ASCII only, at most 64 bytes).
    void Type(std::string_view text);
    [[nodiscard]] static int FirstModeRow();
};

enum class PauseResult { Stay, Resume, Restart, Help, Options, QuitToTitle };

/// The pause menu's rows, top to bottom.
inline constexpr const char* PAUSE_ROWS[] = {"RESUME",   "RESTART MATCH", "MOVE LIST",
                                             "CONTROLS", "OPTIONS",       "QUIT TO TITLE"};
constexpr int PAUSE_ITEMS = static_cast<int>(std::size(PAUSE_ROWS));

struct PauseMenu {
    int cursor = 0;
    bool moveList = false;  ///< the MOVE LIST page is open (any move closes it)
    PauseResult Apply(MenuMove move);
    /// The cursor onto the row labelled `label` (false: there is none).
    bool Pick(std::string_view label);
};

/// Every label `--menu` may pick a row by: the title's and the pause menu's.
[[nodiscard]] std::vector<std::string> MenuRowLabels();

/// The title; its hint names player 1's current keys.
void DrawTitle(SDL_Renderer* r, const TitleMenu& menu, const MatchSetup& setup, const Roster& roster,
               const StageSet* stages, int animTick, const Bindings& bindings);
/// A fighter's idle loop, big, with its feet at (feetX, feetY) in the picture; mirrored faces left.
void DrawFighterIdle(SDL_Renderer* r, const Fighter& f, int feetX, int feetY, bool mirrored, int animTick);

/// What the online lobby shows.
struct LobbyView {
    std::string title;                ///< "HOSTING ON PORT 7000", "JOINING 10.0.0.2:7000"
    std::string status;               ///< "WAITING FOR AN OPPONENT", "CHOOSE YOUR FIGHTER", ...
    const Fighter* mine = nullptr;    ///< this side's chosen fighter
    const Fighter* theirs = nullptr;  ///< the opponent's, once known
    bool mineOnLeft = true;           ///< the host plays P1, on the left
    bool choosing = false;            ///< the local player may still change fighter
    bool ready = false, peerReady = false, connected = false;
    bool showSides = true;             ///< the two players' places (READY, CHOOSING); off for a spectator
    std::vector<std::string> details;  ///< small lines under the status: addresses, ping, last result, score
    std::string hint;                  ///< the keys, on the bottom line
};
/// The lobby as `session` stands: connected, who is ready, the opponent's fighter once it chose
/// (`theirs`, null before), the ping, what to say; `title` its first line.
[[nodiscard]] LobbyView LobbyOf(const net::Session& session, const std::string& title, const Fighter& mine,
                                const Fighter* theirs, bool mineOnLeft);
/// What an online lobby shows beyond the session: where to reach a host, the score over the
/// connection, the last match's result, the last opponent turned away.
struct LobbyFacts {
    std::vector<std::string> addresses;  ///< a host's IPv4 addresses
    std::array<int, 2> score{};          ///< matches won by P1 and P2 over this connection
    int lastWinner = -1;                 ///< the last match's: 0, 1, 2 a draw, -1 not played to its end
    std::string refusal;                 ///< the last opponent turned away, in this side's words
    std::string hostStage;               ///< a host's pick of stage (a joiner learns it as a match starts)
};
/// The start-up lines on stderr: a host's port and this machine's addresses, or the address a join
/// knocks at. A host's lobby facts (its addresses, its `stage`) come back; a join's are empty.
[[nodiscard]] LobbyFacts AnnounceOnline(const OnlineArgs& where, unsigned localPort, const std::string& stage);
/// "a, b, c": the addresses for a line.
[[nodiscard]] std::string AddressList(const std::vector<std::string>& addresses);
/// The facts as `view`'s detail lines: addresses while a host waits, the stage (the host's pick, or
/// the last match's), "MATCH 1: P1 WON" and the score between matches, "TURNED AWAY: ..." while
/// waiting again.
void AddLobbyFacts(LobbyView& view, const net::Session& session, const LobbyFacts& facts);
/// "P1 won", "P2 won", "a draw" or "no winner yet" for a game::MatchState::matchWinner.
[[nodiscard]] const char* MatchResultWords(int matchWinner);
void DrawLobby(SDL_Renderer* r, const LobbyView& view, int animTick);
/// The pause menu, or its MOVE LIST page: each fighter's moves with their inputs in numpad
/// notation (game::MoveInputNotation), made from the definitions.
void DrawPause(SDL_Renderer* r, const PauseMenu& menu, const game::MatchDefs& defs);
/// The controls, for players (the current bindings) and for developers (help.h's tables).
void DrawHelp(SDL_Renderer* r, const Bindings& bindings, const std::vector<std::string>& sceneKeys = {});

}  // namespace app
