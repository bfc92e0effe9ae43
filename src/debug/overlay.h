// debug: the Dear ImGui overlay (F1). Reads the simulation's per-tick DebugRecord, events and state,
// draws the boxes, the overlaps and the colliding pixels over the game, and a panel of statistics
// and controls. It never changes the state and owns none of the app's settings: its buttons make
// Commands (commands.h) that the app applies, as it does the F-keys'.
#pragma once

#include "debug/commands.h"
#include "game/bumper.h"
#include "game/game.h"
#include "render/render.h"

#include <imgui.h>

#include <deque>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace debug {

/// World pixels to window pixels: the letterboxed game picture.
struct ScreenMap {
    float offsetX = 0, offsetY = 0, scale = 1;
    [[nodiscard]] ImVec2 ToScreen(float worldX, float worldY) const {
        return ImVec2(offsetX + worldX * scale, offsetY + worldY * scale);
    }
    /// The world pixel under a window position.
    [[nodiscard]] collide::Point ToWorld(float screenX, float screenY) const;
};

/// Colliding pixels stay on screen this many ticks after their contact, fading.
inline constexpr int HOLD_TICKS = 45;
/// The colour of a colliding pixel while fresh (tests look for it in screenshots).
inline constexpr ImU32 COLLIDING_PIXEL_COLOUR = IM_COL32(0x00, 0xFF, 0x66, 0xFF);

struct HeldContact {
    std::uint64_t tick = 0;
    std::vector<collide::Point> pixels;
    collide::Point first{};
    game::Event event;   ///< what the contact led to (its identity), when known
    bool ghost = false;  ///< a rollback took it back: drawn grey
};

struct LogLine {
    std::uint64_t tick = 0;
    std::string text;
    game::Event event;   ///< the event the line tells (matched by identity)
    bool ghost = false;  ///< a rollback took it back: shown dimmed, never logged twice
};

/// Online play's numbers for the panel (filled by the app from its session: the overlay knows
/// nothing of the network).
struct NetplayView {
    const char* phase = "";
    bool host = true;
    std::int32_t pingMillis = -1;
    const char* quality = "";
    std::int32_t frameAdvantageTicks = 0;
    std::int32_t inputDelayTicks = 0, maxRollbackTicks = 0;  ///< this match's (the auto delay's pick)
    std::int32_t rollbacksLastSecond = 0;
    std::int32_t deepestRollbackTicks = 0;
    std::int64_t rollbacks = 0;
    std::int64_t predictedTicks = 0, mispredictedTicks = 0;
    std::int64_t desyncChecksPassed = 0;
    std::int64_t packetsLost = 0, packetsDropped = 0;
    std::int64_t stalledTicks = 0, timeSyncWaits = 0;
    std::int32_t spectators = 0;  ///< watching this host's match
    std::uint64_t currentTick = 0, confirmedTick = 0;
    bool waiting = false;
};

/// The half of the window the panel sits in.
enum class PanelSide : std::uint8_t { Left, Right };

/// The panel's side for fighters whose mean x is fightersScreenX in a window windowW pixels wide:
/// the half they are not in. From `current` it moves only once they are well inside its half,
/// past a band of a tenth of the width around the middle, so a fight at the centre does not make
/// it jump from side to side. No current side: the plain half they are not in.
[[nodiscard]] PanelSide ChoosePanelSide(std::optional<PanelSide> current, float fightersScreenX, float windowW);

/// What the overlay shows and remembers between frames (never the app's settings).
struct Overlay {
    int selected = -1;  ///< the fighter picked by clicking on its pixels
    game::DebugRecord last;
    std::deque<HeldContact> held;
    std::deque<LogLine> log;
    std::uint64_t logLinesAdded = 0;          ///< lines ever logged (a full log drops its oldest)
    std::uint64_t logLinesShown = 0;          ///< logLinesAdded when last drawn (to follow new lines)
    std::vector<std::string> reloadMessages;  ///< the app's hot-reload news, errors included
    double framesPerSecond = 0.0;
    // Where the panel is: it follows the fighters to the other half until dragged, then stays
    // where it was put until F1 closes it.
    std::optional<PanelSide> panelSide;  ///< empty while the overlay is closed
    ImVec2 panelPlacedAt{};              ///< window pixels, where it was last put
    float panelWindowW = 0;              ///< the window width it was placed for
    bool panelMovedByHand = false;
};

/// The bumper scene's overlay: its numbers, and the broad phase drawn over the sprites (the grid's
/// cells, the pairs it found: green where the pixels touched, grey where they did not).
struct BumperOverlay {
    bool drawBroadPhase = true;
};
/// Draws the bumper scene's overlay when settings.overlay; its buttons append to `commands`.
void DrawBumper(Overlay& overlay, BumperOverlay& bumper, const Settings& settings, std::vector<Command>& commands,
                const ScreenMap& worldToWindow, const game::BumperState& state, const game::BumperStats& stats,
                const game::BumperScratch& scratch);

/// Takes in one tick's record and events: keeps the record for the panel, holds its colliding
/// pixels, logs each contact's outcome in words (the simulation gives facts; words are made here).
void Observe(Overlay& overlay, const game::DebugRecord& record, std::span<const game::Event> events,
             const game::MatchDefs& defs);
// Under rollback (online play) the same work in pieces, driven by the events' changes:
/// Keeps a first-pass tick's record for the panel and holds its colliding pixels, each contact
/// labelled with the event it led to.
void KeepRecord(Overlay& overlay, const game::DebugRecord& record, std::span<const game::Event> events);
/// Logs one contact event seen for the first time (with its contact's pixels when `record` is the
/// record of the event's tick).
void LogContactEvent(Overlay& overlay, const game::MatchDefs& defs, const game::Event& event,
                     std::span<const game::Event> tickEvents, const game::DebugRecord* record);
/// A rollback took an event back (`ghost`) or a re-simulation brought it back: its log line and
/// held pixels are dimmed or restored, never added twice.
void SetGhost(Overlay& overlay, const game::Event& event, bool ghost);
/// One line for an event that came of a contact: "P1 light_punch hit P2", "P2 blocked P1 kick".
/// `tickEvents` is the whole tick (a hit that knocks out reads "...: KO").
[[nodiscard]] std::string DescribeContactEvent(const game::MatchDefs& defs, const game::Event& event,
                                               std::span<const game::Event> tickEvents);
/// Draws the overlay for this frame (between ImGui::NewFrame and ImGui::Render) when
/// settings.overlay; its buttons append to `commands`.
void Draw(Overlay& overlay, const Settings& settings, std::vector<Command>& commands, const ScreenMap& map,
          const game::MatchDefs& defs, const game::MatchState& state, const NetplayView* netplay = nullptr);

}  // namespace debug
