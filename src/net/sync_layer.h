// SyncLayer (GGRS's): the one rollback core of the peer session, the spectator session and the
// sync test. It holds the live state, a ring of the states after the last ticks (with each tick's
// events and the inputs it was simulated with), and both sides' final inputs; it steps, predicts
// an unknown input as the last final one repeated (GGPO's guess), notices a wrong guess, and
// restores and re-simulates. Internal to src/net; depends on game only.
// Invariant: the state saved for tick t is the live state after simulating tick t with InputsFor(t)
// as they were then; a tick simulated with only final inputs is never simulated differently.
#pragma once

#include "net/assert.h"
#include "net/net.h"

#include <algorithm>
#include <vector>

namespace net {

class SyncLayer {
public:
    /// One simulated tick's record in the ring.
    struct Slot {
        game::MatchState state;  ///< after the tick (as the adapter saved it)
        game::EventList events;  ///< the tick's, as last simulated
        game::Inputs used{};     ///< the inputs it was last simulated with
    };

    explicit SyncLayer(const GameAdapter& adapter) : adapter_(adapter) {}

    /// A new match: NewMatch(defs, config) is tick 0; no input known; the ring keeps the states of
    /// the last `ringStates` ticks (a rollback may restore the oldest: its depth + 1 states).
    void Start(const game::MatchDefs& defs, const game::MatchConfig& config, std::size_t ringStates) {
        NET_ASSERT(ringStates >= 2, "SyncLayer::Start: a ring of at least 2 states (tick 0 and the present)");
        defs_ = defs;
        live_ = game::NewMatch(defs, config);
        ring_.assign(ringStates, Slot{});
        adapter_.Save(live_, ring_[0].state);
        for (auto& side : inputs_) {
            side.clear();
            side.reserve(8192);
            side.push_back(game::Input{});  // [0] unused: tick t is at [t]
        }
        current_ = firstWrong_ = 0;
    }

    /// Appends `side`'s next final input (tick KnownThrough(side) + 1). True when that tick was
    /// already simulated with another input: FirstWrongTick() then says where a rollback starts.
    bool AddInput(std::size_t side, game::Input input) {
        inputs_[side].push_back(input);
        const std::uint64_t tick = KnownThrough(side);
        if (tick > current_ || At(tick).used[side] == input) return false;
        if (firstWrong_ == 0 || tick < firstWrong_) firstWrong_ = tick;
        return true;
    }
    /// The last tick whose input of `side` is final (0: none).
    [[nodiscard]] std::uint64_t KnownThrough(std::size_t side) const { return inputs_[side].size() - 1; }
    /// The final input of `side` for `tick`, or the guess: the last final one repeated.
    [[nodiscard]] game::Input InputAt(std::size_t side, std::uint64_t tick) const {
        return inputs_[side][std::min<std::uint64_t>(tick, KnownThrough(side))];
    }
    [[nodiscard]] game::Inputs InputsFor(std::uint64_t tick) const { return {InputAt(0, tick), InputAt(1, tick)}; }

    /// Simulates tick Current() + 1 with InputsFor it; `debug` and `nowNanos` go to the step.
    const Slot& Step(game::DebugRecord* debug = nullptr, std::uint64_t (*nowNanos)() = nullptr) {
        ++current_;
        Slot& slot = ring_[current_ % ring_.size()];
        slot.used = InputsFor(current_);
        adapter_.Step(defs_, live_, slot.used, game::StepHooks{debug, nowNanos, &slot.events});
        adapter_.Save(live_, slot.state);
        return slot;
    }

    /// The earliest tick simulated with a guess that proved wrong since the last Resimulate; 0: none.
    [[nodiscard]] std::uint64_t FirstWrongTick() const { return firstWrong_; }

    /// Restores the state before `firstTick` and simulates again through Current() with the inputs
    /// as now known; `each(tick, slot)` sees every re-simulated tick, Live() being its result.
    template <class Each>
    void Resimulate(std::uint64_t firstTick, Each&& each) {
        NET_ASSERT(firstTick >= 1 && firstTick <= current_ && current_ - firstTick + 2 <= ring_.size(),
                   "a rollback outside the ring: the stall rule keeps it within the prediction window");
        adapter_.Restore(At(firstTick - 1).state, live_);
        for (std::uint64_t t = firstTick; t <= current_; ++t) {
            Slot& slot = ring_[t % ring_.size()];
            slot.used = InputsFor(t);
            adapter_.Step(defs_, live_, slot.used, game::StepHooks{nullptr, nullptr, &slot.events});
            adapter_.Save(live_, slot.state);
            each(t, static_cast<const Slot&>(slot));
        }
        firstWrong_ = 0;
    }

    [[nodiscard]] std::uint64_t Current() const { return current_; }
    /// The last tick simulated with both inputs final: nothing can change it any more.
    [[nodiscard]] std::uint64_t Confirmable() const { return std::min({current_, KnownThrough(0), KnownThrough(1)}); }
    [[nodiscard]] const game::MatchState& Live() const { return live_; }
    /// The record of `tick`, one of the last ring-size ticks (asserted).
    [[nodiscard]] const Slot& At(std::uint64_t tick) const {
        NET_ASSERT(tick <= current_ && current_ - tick < ring_.size(), "SyncLayer::At: the tick left the ring");
        return ring_[tick % ring_.size()];
    }
    /// Both sides' final inputs for ticks 1 to `through` (index t - 1 is tick t).
    [[nodiscard]] std::vector<game::Inputs> FinalInputs(std::uint64_t through) const {
        NET_ASSERT(through <= KnownThrough(0) && through <= KnownThrough(1), "FinalInputs past the final inputs");
        std::vector<game::Inputs> out;
        out.reserve(through);
        for (std::uint64_t t = 1; t <= through; ++t) out.push_back({inputs_[0][t], inputs_[1][t]});
        return out;
    }
    [[nodiscard]] const game::MatchDefs& Defs() const { return defs_; }

private:
    GameAdapter adapter_;
    game::MatchDefs defs_;
    game::MatchState live_;
    std::vector<Slot> ring_ = std::vector<Slot>(2);
    std::array<std::vector<game::Input>, 2> inputs_{std::vector<game::Input>(1), std::vector<game::Input>(1)};
    std::uint64_t current_ = 0, firstWrong_ = 0;
};

}  // namespace net
