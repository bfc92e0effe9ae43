// Where each side's input comes from, tick by tick: the match runner asks a side's InputSource before
// every step. The keys or a pad, the state's own CPU, a slot file (forward/back, turned to the side's
// facing), a CPU deciding from a view (online: its presses travel like a person's); a replay drives
// both sides through its timeline (ReplayPlayer, any tick reached again); the network's side is the
// online session's. Sources never change the state; what a source remembers is its own.
#pragma once

#include "app/scene.h"
#include "game/game.h"
#include "game/result.h"
#include "game/seek.h"
#include "game/training.h"
#include "net/net.h"

#include <SDL.h>

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace app {

/// One side's input, asked for once before each step.
class InputSource {
public:
    virtual ~InputSource() = default;
    /// Who the match's config says plays the side: Cpu lets the state's own CPU decide in the step.
    [[nodiscard]] virtual game::Controller Controller() const { return game::Controller::Human; }
    /// The side's input for the tick about to be stepped from `state`; `controls`: the keys or pad
    /// of the side's seat this tick.
    virtual game::Input Next(const game::MatchDefs& defs, const game::MatchState& state, std::int32_t side,
                             game::Input controls) = 0;
    /// A new match of the run begins (a slot plays from its start again).
    virtual void Restart() {}
};

/// The side's keys or pad, as the shell reads them (a headless run's stand still).
[[nodiscard]] std::unique_ptr<InputSource> MakeControlsSource();
/// The state's own CPU (game::Controller::Cpu): it decides inside the step, at the config's level.
[[nodiscard]] std::unique_ptr<InputSource> MakeCpuSource();
/// A CPU that decides from the state it is shown (net::CpuPlayer), its seed its own: online, where
/// the state's CPU cannot play one side, its presses go to the peer like a person's.
[[nodiscard]] std::unique_ptr<InputSource> MakeViewCpuSource(std::int32_t side, std::uint64_t seed);
/// A slot's inputs (forward/back), each turned to the way the side faces when it is read; `looped`:
/// from its start again after its end (else neutral after it).
[[nodiscard]] std::unique_ptr<InputSource> MakeSlotSource(game::Slot slot, bool looped);

/// The side's source as the command line and the title chose: the slot file `slotPath` names (when
/// not empty), else the CPU or the keys. A slot that cannot be read stops the run with its line
/// (ctx.stop: exit 1), and the side is given its keys meanwhile.
[[nodiscard]] std::unique_ptr<InputSource> ChooseSource(SceneContext& ctx, game::Controller who,
                                                        const std::string& slotPath, bool looped);

/// A slot file (--p1-slot, --p2-slot, --dummy-slot): a replay whose P1 column is one player's inputs
/// as forward/back (training's --record writes them). A missing, empty or malformed file, or one
/// without a tick, is one line: "error: <file>: line N: <what>" (a file that cannot be read: its
/// reader's line).
[[nodiscard]] game::Result<game::Slot, std::string> LoadSlotFile(const std::string& path);
/// Training's kept slots: each empty one of `slots` read from its file in `folder` (training_menu.h's
/// SlotFilePath), when there is one; a file that cannot be read is its line in the list returned.
[[nodiscard]] std::vector<std::string> LoadKeptSlots(const std::string& folder,
                                                     std::array<game::Slot, game::SLOT_COUNT>& slots);

/// A replay played as a timeline (game/seek.h): both sides' inputs from the file, any tick reached
/// again by re-simulating from a saved state. P1's controls scrub it in a window (left/right a tick,
/// down/up a second, punch plays or pauses); a seek bar under the HUD and, with the overlay, a
/// slider in the panel show where it is.
class ReplayPlayer {
public:
    /// `defs` must outlive the player; the replay's config and inputs start it at tick 0.
    ReplayPlayer(const game::MatchDefs& defs, const game::Replay& replay);
    /// The replay's inputs for the next tick (neutral after its end); counts the tick played.
    game::Inputs Next();
    /// Steps `state` through the timeline to the tick just counted while the replay lasts (true), so
    /// that a tick gone back to is the tick played; after its end the caller steps on (false).
    bool Step(game::MatchState& state, const game::StepHooks& hooks);
    /// P1's controls this tick as scrub keys (presses are edges): the tick to seek, when they ask
    /// for another (it pauses), or nothing.
    std::optional<std::int64_t> ScrubTarget(game::Input keys);
    /// Shows tick `tick` (clamped) in `state`: the tick is played again, from the nearest saved state.
    void SeekTo(std::int64_t tick, game::MatchState& state, const game::StepHooks& hooks);
    /// Paused: no tick is played (a scrub, the pause key, or the replay's end in a window).
    [[nodiscard]] bool Paused() const { return paused_; }
    void Pause() { paused_ = true; }
    /// The next replay tick to play, and how many there are.
    [[nodiscard]] std::int64_t Tick() const { return tick_; }
    [[nodiscard]] std::int64_t Length() const { return timeline_.Length(); }
    /// The seek bar under the HUD's timer: the position, the tick and the scrub keys.
    void DrawSeekBar(SDL_Renderer* r) const;
    /// With the overlay on: the panel's slider (any tick) and play/pause; the tick to seek, when the
    /// slider moved (it pauses).
    std::optional<std::int64_t> Panel(const debug::ScreenMap& map);

private:
    game::ReplayTimeline timeline_;
    std::int64_t tick_ = 0;  ///< the next replay tick to play
    bool paused_ = false;
    std::uint8_t scrubKeys_ = 0;  ///< P1's controls last tick (presses are edges)
};

}  // namespace app
