// The replay viewer's timeline: a replay's inputs with a saved state every SEEK_SNAPSHOT_TICKS
// ticks, so any tick, forward or backward, is reached by restoring the nearest saved state at or
// before it and re-simulating the rest (at most SEEK_SNAPSHOT_TICKS - 1 steps, or on from where it
// is when that is nearer). Pure: states and inputs in, the same hashes as playing straight through.
#pragma once

#include "game/game.h"

#include <cstdint>
#include <vector>

namespace game {

/// How often the timeline keeps a state: the most ticks a seek re-simulates.
inline constexpr std::int64_t SEEK_SNAPSHOT_TICKS = 60;

class ReplayTimeline {
public:
    /// `defs` must outlive the timeline. Tick 0 is NewMatch(defs, config).
    ReplayTimeline(const MatchDefs& defs, const MatchConfig& config, std::vector<Inputs> inputs);
    /// The state after `tick` ticks (clamped to 0..Length()). `hooks` (the overlay's record and the
    /// tick's events) are given to the last step only: the tick shown is recorded as it was played.
    const MatchState& SeekTo(std::int64_t tick, const StepHooks& hooks = {});
    [[nodiscard]] const MatchState& State() const { return state_; }
    [[nodiscard]] std::int64_t Tick() const { return tick_; }
    [[nodiscard]] std::int64_t Length() const { return static_cast<std::int64_t>(inputs_.size()); }
    /// Ticks the last SeekTo stepped (0 when it stood still or landed on a saved state).
    [[nodiscard]] std::int64_t StepsLastSeek() const { return stepsLastSeek_; }
    /// The inputs of tick `tick` (0-based: the step from tick to tick + 1).
    [[nodiscard]] const Inputs& InputsAt(std::int64_t tick) const { return inputs_[static_cast<std::size_t>(tick)]; }

private:
    const MatchDefs* defs_;
    std::vector<Inputs> inputs_;
    std::vector<MatchState> snapshots_;  ///< snapshots_[k]: the state after k * SEEK_SNAPSHOT_TICKS ticks
    MatchState state_;
    std::int64_t tick_ = 0;
    std::int64_t stepsLastSeek_ = 0;
};

}  // namespace game
