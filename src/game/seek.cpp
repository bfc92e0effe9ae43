// The replay viewer's timeline (seek.h). Saved states are made as the timeline first passes their
// tick, so opening a long replay costs nothing up front; StepMatch is deterministic, so a state
// restored and stepped again is the state that was played.
#include "game/seek.h"

#include <algorithm>

namespace game {

ReplayTimeline::ReplayTimeline(const MatchDefs& defs, const MatchConfig& config, std::vector<Inputs> inputs)
    : defs_(&defs), inputs_(std::move(inputs)), state_(NewMatch(defs, config)) {
    snapshots_.push_back(state_);
}

const MatchState& ReplayTimeline::SeekTo(std::int64_t tick, const StepHooks& hooks) {
    tick = std::clamp<std::int64_t>(tick, 0, Length());
    stepsLastSeek_ = 0;
    if (tick == tick_) return state_;
    // From the nearest saved state at or before the target, unless the current state is nearer. A
    // caller that wants the tick's record gets at least its last step run (never a bare restore).
    const bool wantsRecord = hooks.debug != nullptr || hooks.events != nullptr;
    const std::int64_t from = wantsRecord && tick > 0 ? tick - 1 : tick;
    const std::int64_t saved =
        std::min<std::int64_t>(from / SEEK_SNAPSHOT_TICKS, static_cast<std::int64_t>(snapshots_.size()) - 1);
    if (tick < tick_ || saved * SEEK_SNAPSHOT_TICKS > tick_) {
        state_ = snapshots_[static_cast<std::size_t>(saved)];
        tick_ = saved * SEEK_SNAPSHOT_TICKS;
    }
    while (tick_ < tick) {
        StepMatch(*defs_, state_, inputs_[static_cast<std::size_t>(tick_)], tick_ + 1 == tick ? hooks : StepHooks{});
        ++tick_;
        ++stepsLastSeek_;
        if (tick_ % SEEK_SNAPSHOT_TICKS == 0 &&
            tick_ / SEEK_SNAPSHOT_TICKS == static_cast<std::int64_t>(snapshots_.size()))
            snapshots_.push_back(state_);
    }
    return state_;
}

}  // namespace game
