// Rollback sessions in one process: a host and a join (and spectators) over a MemoryNetwork, a
// SimulatedTransport in front of each node (on its incoming side), on a virtual clock that moves 1/60 s per poll: whole
// online matches run unpaced, repeatably, and never race real time. Each side's inputs come from a
// seeded random player (or a CPU, or nobody). A side that is done leaves as the program would:
// a player once its match finished and CanClose(), a spectator once it finished.
// Test- and bench-only; shared by test_net.cpp, test_net_enet.cpp, test_audio.cpp and
// bench/bench_netplay.cpp.
#pragma once

#include "game/game.h"
#include "net/net.h"

#include <algorithm>
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

/// Polls a side skips, [first, last): a process that hangs for a while, or for good (a frozen or
/// killed process). {-1, -1}: none.
using PausePolls = std::pair<std::int64_t, std::int64_t>;

inline bool Paused(const PausePolls& p, std::uint64_t poll) {
    const auto at = static_cast<std::int64_t>(poll);
    return p.first >= 0 && at >= p.first && at < p.second;
}

/// A spectator of the host's matches (RunPair only).
struct SpectatorOptions {
    std::uint64_t connectPoll = 0;  ///< dials the host at this poll (mid-match: it catches up)
    PausePolls pausePolls{-1, -1};
    net::NetSimConfig link;  ///< the host's datagrams to it (its own to the host take the players' link)
    std::vector<const game::FighterDef*> roster;
};

struct PairOptions {
    net::NetSimConfig link;  ///< each direction between the players (and from the spectators to the host)
    std::uint64_t linkSeed = 1;
    std::int32_t inputDelayTicks = 2;  ///< net::AUTO_INPUT_DELAY for the ping's choice
    std::int32_t maxRollbackTicks = 8;
    std::uint64_t lastTick = 0;       ///< 0: until the match is over (matchOverTailTicks after MatchOver)
    std::uint64_t maxPolls = 60'000;  ///< a guard: a run that has not finished by then reports so
    game::MatchConfig config;         ///< the host's: seed, detection
    std::array<std::string, 2> fighterIds{"a", "b"};
    std::array<Driver, 2> drivers{Driver::Random, Driver::Random};
    std::array<std::uint64_t, 2> inputSeeds{11, 22};
    std::array<net::GameAdapter, 2> adapters{};
    std::array<std::vector<const game::FighterDef*>, 2> rosters;  ///< each side's roster
    std::int32_t joinStartPolls = 0;  ///< the join's process starts (and, in RunPair, dials) this many ticks later
    std::int32_t matches = 1;         ///< rematches after the first, without reconnecting
    std::array<std::string, 2> programVersions{"test", "test"};
    std::array<std::int32_t, 2> simulationVersions{game::SIMULATION_VERSION, game::SIMULATION_VERSION};
    std::array<PausePolls, 2> pausePolls{{{-1, -1}, {-1, -1}}};
    /// A side skips the poll when this says so (a pause that starts at a tick rather than a poll).
    std::function<bool(std::int32_t side, std::uint64_t poll)> skipPoll;
    std::int32_t maxSpectators = 4;
    std::vector<SpectatorOptions> spectators;  ///< RunPair only
    /// Called on every poll of every side after it ran (a test's window on the sessions).
    std::function<void(std::int32_t side, net::Session&, const net::TickReport&, std::uint64_t poll)> onPoll;
    /// Called at the start of every poll, before any side runs (RunPair: the network, to add nodes).
    std::function<void(std::uint64_t poll, net::MemoryNetwork& network, net::Transport& hostNode)> beforePoll;
    /// Wraps each side's transport (after the simulator): a test's hostile network.
    std::function<net::Transport&(std::int32_t side, net::Transport& inner)> wrap;
};

struct PeerResult {
    net::SessionPhase phase = net::SessionPhase::Connecting;
    std::optional<net::Error> error;
    std::optional<net::Error> refusal;  ///< a host's last turned-away opponent
    std::optional<net::DesyncReport> desync;
    net::SessionStats stats;
    game::Replay replay;                 ///< the last match's, through its confirmed tick
    std::vector<game::Replay> finished;  ///< each finished match's, in order
    std::uint64_t confirmedTick = 0;
    std::uint64_t confirmedHash = 0;
    std::uint64_t advanced = 0;        ///< ticks this side simulated for the first time
    std::uint64_t runningPolls = 0;    ///< polls while a match ran (ticks a second = 60 * advanced / this)
    std::int64_t leftAtPoll = -1;      ///< when it was done and left (-1: never)
    std::vector<std::string> notices;  ///< every TickReport notice, in order
};

struct SpectatorResult {
    net::SessionPhase phase = net::SessionPhase::Connecting;
    std::optional<net::Error> error;
    net::SpectatorStats stats;
    game::Replay replay;
    std::uint64_t currentTick = 0, hash = 0;
    std::uint64_t hostTickAtConnect = 0;  ///< the host's confirmed tick when it dialled
    std::int64_t caughtUpAtPoll = -1;     ///< the first poll it played within a few ticks of what it held
};

struct PairResult {
    std::array<PeerResult, 2> peers;
    std::vector<SpectatorResult> spectators;
    std::uint64_t polls = 0;
    [[nodiscard]] bool BothFinished() const {
        return peers[0].phase == net::SessionPhase::Finished && peers[1].phase == net::SessionPhase::Finished;
    }
};

/// Called after both sides polled, with their holds; returns whether the virtual clock moves on a
/// tick (an ENet run waits for real traffic instead while a side is stalled).
using BetweenPolls = std::function<bool(const std::array<net::Hold, 2>& holds)>;

/// Spectators' transports and how they dial the host (RunPair's part of a run).
struct Watchers {
    std::vector<net::Transport*> transports;
    std::function<void(std::size_t spectator)> connect;
};

inline net::SessionConfig PlayerConfig(const PairOptions& o, std::size_t i) {
    net::SessionConfig c;
    c.role = i == 0 ? net::Role::Host : net::Role::Join;
    c.programVersion = o.programVersions[i];
    c.simulationVersion = o.simulationVersions[i];
    c.roster = o.rosters[i];
    c.inputDelayTicks = o.inputDelayTicks;
    c.maxRollbackTicks = o.maxRollbackTicks;
    c.maxSpectators = o.maxSpectators;
    c.adapter = o.adapters[i];
    c.entropy = o.linkSeed * 1000 + i + 1;
    return c;
}

/// Runs one session per side until both are done or failed (or maxPolls); `transports[i]` is side
/// i's link to the other (0 hosts). Shared by the memory and the ENet runs.
inline PairResult RunSessions(const PairOptions& o, std::array<net::Transport*, 2> transports, net::VirtualClock& clock,
                              const BetweenPolls& betweenPolls = {}, const Watchers& watchers = {},
                              const std::function<void(std::uint64_t)>& beforePoll = {}) {
    std::array<std::unique_ptr<net::Session>, 2> sessions;
    for (std::size_t i = 0; i < 2; ++i) {
        auto s = net::Session::Create(PlayerConfig(o, i), *transports[i]);
        if (!s.Ok()) {
            PairResult r;
            r.peers[i].error = s.GetError();
            r.peers[i].phase = net::SessionPhase::Failed;
            return r;
        }
        sessions[i] = std::move(s).Value();
        if (o.lastTick) sessions[i]->SetLastTick(o.lastTick);
    }
    std::vector<std::unique_ptr<net::SpectatorSession>> spectators;
    for (std::size_t k = 0; k < watchers.transports.size(); ++k) {
        net::SpectatorConfig c;
        c.programVersion = o.programVersions[0];
        c.roster = o.spectators[k].roster.empty() ? o.rosters[0] : o.spectators[k].roster;
        c.entropy = o.linkSeed * 1000 + 100 + k;
        spectators.push_back(std::move(net::SpectatorSession::Create(c, *watchers.transports[k])).Value());
    }
    std::array<RandomPlayer, 2> randoms{RandomPlayer(o.inputSeeds[0]), RandomPlayer(o.inputSeeds[1])};
    std::array<net::CpuPlayer, 2> cpus{net::CpuPlayer(0, o.inputSeeds[0]), net::CpuPlayer(1, o.inputSeeds[1])};
    PairResult result;
    result.spectators.resize(spectators.size());
    std::array<bool, 2> left{false, false};
    std::vector<bool> watcherDone(spectators.size(), false), dialled(spectators.size(), false);
    const auto done = [&](const net::Session& s) {
        return (s.Phase() == net::SessionPhase::Finished && s.MatchNumber() >= static_cast<std::uint32_t>(o.matches) &&
                s.CanClose()) ||
               s.Phase() == net::SessionPhase::Failed;
    };
    const auto keepRecord = [&](net::Session& s, PeerResult& peer) {
        if (s.Phase() == net::SessionPhase::Finished && peer.finished.size() < s.MatchNumber()) {
            peer.finished.push_back(s.MakeReplay());
        }
    };
    for (result.polls = 0; result.polls < o.maxPolls; ++result.polls) {
        bool allDone = done(*sessions[0]) && done(*sessions[1]);
        for (std::size_t k = 0; k < spectators.size(); ++k) allDone = allDone && (watcherDone[k] || !dialled[k]);
        if (allDone && std::all_of(dialled.begin(), dialled.end(), [](bool d) { return d; })) break;
        if (beforePoll) beforePoll(result.polls);
        std::array<net::Hold, 2> holds{net::Hold::NotRunning, net::Hold::NotRunning};
        for (std::int32_t i = 0; i < 2; ++i) {
            const auto u = static_cast<std::size_t>(i);
            if (left[u] || (i == 1 && result.polls < static_cast<std::uint64_t>(o.joinStartPolls))) continue;
            if (Paused(o.pausePolls[u], result.polls) || (o.skipPoll && o.skipPoll(i, result.polls))) continue;
            net::Session& s = *sessions[u];
            PeerResult& peer = result.peers[u];
            const net::TickReport& report = s.Poll(clock.NowMicros());
            for (const std::string& n : report.notices) peer.notices.push_back(n);
            holds[u] = report.hold;
            if (s.Phase() == net::SessionPhase::Running) ++peer.runningPolls;
            keepRecord(s, peer);
            const bool lobby = s.Phase() == net::SessionPhase::Lobby && s.MatchNumber() == 0;
            const bool rematch =
                s.Phase() == net::SessionPhase::Finished && s.MatchNumber() < static_cast<std::uint32_t>(o.matches);
            if ((lobby || rematch) && !s.LocalReady()) (void)s.Ready(o.fighterIds[u], o.config);
            if (report.hold == net::Hold::None) {
                game::Input in{};
                switch (o.drivers[u]) {
                    case Driver::Random:
                        in = randoms[u].Decide(i, s.State());
                        break;
                    case Driver::Cpu:
                        in = cpus[u].Decide(s.Defs(), s.State());
                        break;
                    case Driver::Idle:
                        break;
                }
                s.Advance(in);
                ++peer.advanced;
                keepRecord(s, peer);
            }
            if (o.onPoll) o.onPoll(i, s, report, result.polls);
            // The program ends once nothing is owed: it says goodbye and its process is gone.
            if (s.Phase() == net::SessionPhase::Finished && done(s)) {
                s.Leave();
                left[u] = true;
                peer.leftAtPoll = static_cast<std::int64_t>(result.polls);
            }
        }
        for (std::size_t k = 0; k < spectators.size(); ++k) {
            SpectatorResult& w = result.spectators[k];
            if (!dialled[k] && result.polls >= o.spectators[k].connectPoll) {
                dialled[k] = true;
                w.hostTickAtConnect = sessions[0]->ConfirmedTick();
                watchers.connect(k);
            }
            if (!dialled[k] || watcherDone[k] || Paused(o.spectators[k].pausePolls, result.polls)) continue;
            net::SpectatorSession& s = *spectators[k];
            s.Poll(clock.NowMicros());
            if (w.caughtUpAtPoll < 0 && s.Phase() == net::SessionPhase::Running &&
                s.ReceivedTick() - s.CurrentTick() <= 6 && s.CurrentTick() + 6 >= w.hostTickAtConnect) {
                w.caughtUpAtPoll = static_cast<std::int64_t>(result.polls);
            }
            if (s.Phase() == net::SessionPhase::Finished || s.Phase() == net::SessionPhase::Failed) {
                if (s.Phase() == net::SessionPhase::Finished) s.Leave();
                watcherDone[k] = true;
            }
        }
        if (!betweenPolls || betweenPolls(holds)) clock.AdvanceTick();
    }
    for (std::size_t i = 0; i < 2; ++i) {
        const net::Session& s = *sessions[i];
        PeerResult& p = result.peers[i];
        p.phase = s.Phase();
        if (s.GetError()) p.error = *s.GetError();
        if (s.LastRefusal()) p.refusal = *s.LastRefusal();
        if (s.GetDesync()) p.desync = *s.GetDesync();
        p.stats = s.Stats();
        if (s.MatchNumber() > 0) {
            p.replay = s.MakeReplay();
            p.confirmedTick = s.ConfirmedTick();
            p.confirmedHash = s.ConfirmedHash();
        }
    }
    for (std::size_t k = 0; k < spectators.size(); ++k) {
        const net::SpectatorSession& s = *spectators[k];
        SpectatorResult& w = result.spectators[k];
        w.phase = s.Phase();
        if (s.GetError()) w.error = *s.GetError();
        w.stats = s.Stats();
        w.replay = s.MakeReplay();
        w.currentTick = s.CurrentTick();
        w.hash = s.CurrentHash();
    }
    return result;
}

/// Two sessions (and the spectators) over a MemoryNetwork, each node behind a SimulatedTransport
/// that treats what arrives; the join dials the host when its process starts.
inline PairResult RunPair(const PairOptions& o) {
    net::VirtualClock clock;
    net::MemoryNetwork network;
    net::Transport& hostNode = network.AddNode();
    net::Transport& joinNode = network.AddNode();
    // The link's delay, loss and the rest are applied where a datagram arrives: what a process
    // sent is on its way even while that process hangs.
    net::SimulatedTransport a(hostNode, clock, {}, o.link, o.linkSeed * 2 + 1);
    net::SimulatedTransport b(joinNode, clock, {}, o.link, o.linkSeed * 2 + 2);
    std::array<net::Transport*, 2> t{&a, &b};
    if (o.wrap) t = {&o.wrap(0, a), &o.wrap(1, b)};
    std::vector<net::Transport*> nodes;
    std::vector<std::unique_ptr<net::SimulatedTransport>> simulated;
    Watchers watchers;
    for (std::size_t k = 0; k < o.spectators.size(); ++k) {
        nodes.push_back(&network.AddNode());
        simulated.push_back(std::make_unique<net::SimulatedTransport>(*nodes.back(), clock, net::NetSimConfig{},
                                                                      o.spectators[k].link, o.linkSeed * 2 + 10 + k));
        watchers.transports.push_back(simulated.back().get());
    }
    watchers.connect = [&](std::size_t k) { network.Connect(*nodes[k], hostNode); };
    const auto before = [&](std::uint64_t poll) {
        if (poll == static_cast<std::uint64_t>(o.joinStartPolls)) network.Connect(joinNode, hostNode);
        if (o.beforePoll) o.beforePoll(poll, network, hostNode);
    };
    return RunSessions(o, t, clock, {}, watchers, before);
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
