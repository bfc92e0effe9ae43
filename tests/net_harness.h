// Two rollback sessions in one process, over a MemoryLink with a SimulatedTransport on each end, on
// a virtual clock that moves 1/60 s per poll: whole online matches run unpaced, repeatably, and
// never race real time. Each side's inputs come from a seeded random player (or a CPU, or nobody).
// Test- and bench-only; shared by test_net.cpp, test_net_enet.cpp and bench/bench_netplay.cpp.
#pragma once

#include "game/game.h"
#include "net/net.h"

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace netharness {

/// Who presses the buttons on one side.
enum class Driver { Random, Cpu, Idle };

/// A seeded random player: holds a choice for 2 to 13 ticks, walks at the opponent, swings,
/// blocks, jumps and throws. Reads only its own fighter's facing from the view it is given.
class RandomPlayer {
public:
    explicit RandomPlayer(std::uint64_t seed) : rng_{seed} {}
    game::Input Decide(std::int32_t side, const game::MatchState& view) {
        if (holdTicks_ <= 0) {
            const game::FighterState& me = view.fighters[static_cast<std::size_t>(side)];
            const std::uint8_t fwd = me.facing == game::Facing::Right ? game::Input::RIGHT : game::Input::LEFT;
            const std::uint8_t back = me.facing == game::Facing::Right ? game::Input::LEFT : game::Input::RIGHT;
            const std::uint8_t choices[] = {fwd,
                                            fwd,
                                            fwd,
                                            back,
                                            game::Input::PUNCH,
                                            game::Input::KICK,
                                            game::Input::SPECIAL,
                                            static_cast<std::uint8_t>(game::Input::DOWN | game::Input::KICK),
                                            static_cast<std::uint8_t>(game::Input::DOWN | back),
                                            static_cast<std::uint8_t>(game::Input::UP | fwd),
                                            static_cast<std::uint8_t>(fwd | game::Input::PUNCH),
                                            0};
            held_ = choices[rng_.Below(static_cast<std::int32_t>(std::size(choices)))];
            holdTicks_ = 2 + rng_.Below(12);
        }
        --holdTicks_;
        return game::Input{held_};
    }

private:
    game::Rng rng_;
    std::uint8_t held_ = 0;
    std::int32_t holdTicks_ = 0;
};

struct PairOptions {
    net::NetSimConfig link;  ///< each direction
    std::uint64_t linkSeed = 1;
    std::int32_t inputDelayTicks = 2;
    std::int32_t maxRollbackTicks = 8;
    std::uint64_t lastTick = 0;       ///< 0: until the match is over (matchOverTailTicks after MatchOver)
    std::uint64_t maxPolls = 60'000;  ///< a guard: a run that has not finished by then reports so
    game::MatchConfig config;         ///< the host's: seed, detection
    std::array<std::string, 2> fighterIds{"a", "b"};
    std::array<Driver, 2> drivers{Driver::Random, Driver::Random};
    std::array<std::uint64_t, 2> inputSeeds{11, 22};
    std::array<net::GameAdapter, 2> adapters{};
    std::array<std::vector<const game::FighterDef*>, 2> rosters;  ///< each side's roster
    std::int32_t joinStartPolls = 0;                              ///< the join's process starts this many ticks later
    std::int32_t matches = 1;                                     ///< rematches after the first, without reconnecting
    std::array<std::string, 2> programVersions{"test", "test"};
    std::array<std::int32_t, 2> simulationVersions{game::SIMULATION_VERSION, game::SIMULATION_VERSION};
    /// Polls a side skips, [first, last): a process that hangs for a while, or for good (a frozen or
    /// killed process). {-1, -1}: none.
    std::array<std::pair<std::int64_t, std::int64_t>, 2> pausePolls{{{-1, -1}, {-1, -1}}};
    /// Called on every poll of every side after it ran (a test's window on the sessions).
    std::function<void(std::int32_t side, net::Session&, const net::TickReport&, std::uint64_t poll)> onPoll;
    /// Wraps each side's transport (after the simulator): a test's hostile network.
    std::function<net::Transport&(std::int32_t side, net::Transport& inner)> wrap;
};

struct PeerResult {
    net::SessionPhase phase = net::SessionPhase::Connecting;
    std::optional<net::Error> error;
    std::optional<net::DesyncReport> desync;
    net::SessionStats stats;
    game::Replay replay;                 ///< the last match's, through its confirmed tick
    std::vector<game::Replay> finished;  ///< each finished match's, in order
    std::uint64_t confirmedTick = 0;
    std::uint64_t confirmedHash = 0;
    std::uint64_t advanced = 0;  ///< ticks this side simulated for the first time
};

struct PairResult {
    std::array<PeerResult, 2> peers;
    std::uint64_t polls = 0;
    [[nodiscard]] bool BothFinished() const {
        return peers[0].phase == net::SessionPhase::Finished && peers[1].phase == net::SessionPhase::Finished;
    }
};

/// Called after both sides polled, with their holds; returns whether the virtual clock moves on a
/// tick (an ENet run waits for real traffic instead while a side is stalled).
using BetweenPolls = std::function<bool(const std::array<net::Hold, 2>& holds)>;

/// Runs one session per side until both finished or failed (or maxPolls); `transports[i]` is side
/// i's link to the other (0 hosts). Shared by the memory and the ENet runs.
inline PairResult RunSessions(const PairOptions& o, std::array<net::Transport*, 2> transports, net::VirtualClock& clock,
                              const BetweenPolls& betweenPolls = {}) {
    std::array<std::unique_ptr<net::Session>, 2> sessions;
    for (std::int32_t i = 0; i < 2; ++i) {
        net::SessionConfig c;
        c.role = i == 0 ? net::Role::Host : net::Role::Join;
        c.programVersion = o.programVersions[static_cast<std::size_t>(i)];
        c.simulationVersion = o.simulationVersions[static_cast<std::size_t>(i)];
        c.roster = o.rosters[static_cast<std::size_t>(i)];
        c.inputDelayTicks = o.inputDelayTicks;
        c.maxRollbackTicks = o.maxRollbackTicks;
        c.adapter = o.adapters[static_cast<std::size_t>(i)];
        auto s = net::Session::Create(c, *transports[static_cast<std::size_t>(i)]);
        if (!s.Ok()) {
            PairResult r;
            r.peers[static_cast<std::size_t>(i)].error = s.GetError();
            r.peers[static_cast<std::size_t>(i)].phase = net::SessionPhase::Failed;
            return r;
        }
        sessions[static_cast<std::size_t>(i)] = std::move(s).Value();
        if (o.lastTick) sessions[static_cast<std::size_t>(i)]->SetLastTick(o.lastTick);
    }
    std::array<RandomPlayer, 2> randoms{RandomPlayer(o.inputSeeds[0]), RandomPlayer(o.inputSeeds[1])};
    std::array<net::CpuPlayer, 2> cpus{net::CpuPlayer(0, o.inputSeeds[0]), net::CpuPlayer(1, o.inputSeeds[1])};
    PairResult result;
    const auto done = [&](const net::Session& s) {
        return (s.Phase() == net::SessionPhase::Finished && s.MatchNumber() >= static_cast<std::uint32_t>(o.matches)) ||
               s.Phase() == net::SessionPhase::Failed;
    };
    for (result.polls = 0; result.polls < o.maxPolls; ++result.polls) {
        if (done(*sessions[0]) && done(*sessions[1])) break;
        std::array<net::Hold, 2> holds{net::Hold::NotRunning, net::Hold::NotRunning};
        for (std::int32_t i = 0; i < 2; ++i) {
            if (i == 1 && result.polls < static_cast<std::uint64_t>(o.joinStartPolls)) continue;
            const auto [pauseFirst, pauseLast] = o.pausePolls[static_cast<std::size_t>(i)];
            const auto poll = static_cast<std::int64_t>(result.polls);
            if (pauseFirst >= 0 && poll >= pauseFirst && poll < pauseLast) continue;
            net::Session& s = *sessions[static_cast<std::size_t>(i)];
            PeerResult& peer = result.peers[static_cast<std::size_t>(i)];
            const net::TickReport& report = s.Poll(clock.NowMicros());
            holds[static_cast<std::size_t>(i)] = report.hold;
            if (s.Phase() == net::SessionPhase::Finished && peer.finished.size() < s.MatchNumber()) {
                peer.finished.push_back(s.MakeReplay());
            }
            const bool lobby = s.Phase() == net::SessionPhase::Lobby && s.MatchNumber() == 0;
            const bool rematch =
                s.Phase() == net::SessionPhase::Finished && s.MatchNumber() < static_cast<std::uint32_t>(o.matches);
            if ((lobby || rematch) && !s.LocalReady()) {
                (void)s.Ready(o.fighterIds[static_cast<std::size_t>(i)], o.config);
            }
            if (report.hold == net::Hold::None) {
                game::Input in{};
                switch (o.drivers[static_cast<std::size_t>(i)]) {
                    case Driver::Random:
                        in = randoms[static_cast<std::size_t>(i)].Decide(i, s.State());
                        break;
                    case Driver::Cpu:
                        in = cpus[static_cast<std::size_t>(i)].Decide(s.Defs(), s.State());
                        break;
                    case Driver::Idle:
                        break;
                }
                s.Advance(in);
                ++peer.advanced;
                if (s.Phase() == net::SessionPhase::Finished && peer.finished.size() < s.MatchNumber()) {
                    peer.finished.push_back(s.MakeReplay());
                }
            }
            if (o.onPoll) o.onPoll(i, s, report, result.polls);
        }
        if (!betweenPolls || betweenPolls(holds)) clock.AdvanceTick();
    }
    for (std::size_t i = 0; i < 2; ++i) {
        const net::Session& s = *sessions[i];
        PeerResult& p = result.peers[i];
        p.phase = s.Phase();
        if (s.GetError()) p.error = *s.GetError();
        if (s.GetDesync()) p.desync = *s.GetDesync();
        p.stats = s.Stats();
        if (s.MatchNumber() > 0) {
            p.replay = s.MakeReplay();
            p.confirmedTick = s.ConfirmedTick();
            p.confirmedHash = s.ConfirmedHash();
        }
    }
    return result;
}

/// Two sessions over a MemoryLink, each end behind a SimulatedTransport with `o.link` outgoing.
inline PairResult RunPair(const PairOptions& o) {
    net::VirtualClock clock;
    net::MemoryLink link;
    net::SimulatedTransport a(link.End(0), clock, o.link, {}, o.linkSeed * 2 + 1);
    net::SimulatedTransport b(link.End(1), clock, o.link, {}, o.linkSeed * 2 + 2);
    std::array<net::Transport*, 2> t{&a, &b};
    if (o.wrap) t = {&o.wrap(0, a), &o.wrap(1, b)};
    return RunSessions(o, t, clock);
}

/// The replay played offline from its first tick: the final hash (what --replay prints).
inline std::uint64_t ReplayOffline(const game::Replay& r, const std::vector<const game::FighterDef*>& roster) {
    game::MatchDefs defs;
    for (std::size_t i = 0; i < 2; ++i) {
        for (const game::FighterDef* f : roster) {
            if (f->id == r.fighterIds[i]) defs.fighters[i] = f;
        }
    }
    game::MatchState s = game::NewMatch(defs, r.config);
    for (const game::Inputs& in : r.inputs) game::StepMatch(defs, s, in);
    return game::HashState(s);
}

}  // namespace netharness
