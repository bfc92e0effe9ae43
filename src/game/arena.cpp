// The arena (arena.h): a match played to its end while an observer counts, from the events and the
// states before and after each step, what each side did. The punish count asks the simulation
// itself: from the state on the defender's first free tick after a block, each of its grounded
// moves is played out (on a copy) to see whether it lands before the blocked move is over.
#include "game/arena.h"

#include "game/internal.h"

#include <algorithm>
#include <cstdlib>

namespace game {

using namespace detail;

SideCounts& SideCounts::operator+=(const SideCounts& o) {
    blockable += o.blockable, blocked += o.blocked, jumpIns += o.jumpIns, antiAired += o.antiAired;
    punishable += o.punishable, punished += o.punished, grabbed += o.grabbed, teched += o.teched;
    projectileHits += o.projectileHits, projectileHitsInAir += o.projectileHitsInAir;
    projectileBlocks += o.projectileBlocks, airAttacks += o.airAttacks, throws += o.throws;
    throwsLanded += o.throwsLanded, supers += o.supers, supersInCombo += o.supersInCombo, hits += o.hits;
    maxCombo = std::max(maxCombo, o.maxCombo), counterHits += o.counterHits, knockdowns += o.knockdowns;
    return *this;
}

namespace {

// Does `defender`, starting `move` after `waitTicks` from `state` (a copy; nobody else presses
// anything), hit `attacker` while it is still in the animation it shows now?
bool LandsDuring(const MatchDefs& defs, MatchState state, std::int32_t defender, std::int32_t move,
                 std::int32_t waitTicks) {
    state.config.controllers = {Controller::Human, Controller::Human};
    const auto a = static_cast<std::size_t>(1 - defender);
    const std::int32_t animation = state.fighters[a].animation;
    const std::vector<Input> typed =
        MoveInputSequence(defs.fighters[static_cast<std::size_t>(defender)]->moves[static_cast<std::size_t>(move)]);
    EventList events;
    for (std::int32_t t = 0; t < 90; ++t) {
        Inputs in{};
        const std::int32_t k = t - waitTicks;
        if (k >= 0 && k < static_cast<std::int32_t>(typed.size()))
            in[static_cast<std::size_t>(defender)] =
                ToScreen(typed[static_cast<std::size_t>(k)], state.fighters[static_cast<std::size_t>(defender)].facing);
        const bool stillIn = state.fighters[a].animation == animation && state.fighters[a].action == Action::Attack;
        StepMatch(defs, state, in, StepHooks{nullptr, nullptr, &events});
        for (const Event& e : events.View()) {
            if (e.kind == EventKind::Hit && e.fighter == defender) return stillIn;
        }
        if (!stillIn) return false;
    }
    return false;
}

// The ticks from `state` until `fighter` can act, nobody pressing anything (at most 90).
std::int32_t TicksUntilFree(const MatchDefs& defs, MatchState state, std::int32_t fighter) {
    state.config.controllers = {Controller::Human, Controller::Human};
    for (std::int32_t t = 0; t < 90; ++t) {
        if (CanAct(state.fighters[static_cast<std::size_t>(fighter)]) && state.hitstopTicks == 0) return t;
        StepMatch(defs, state, Inputs{});
    }
    return 90;
}

// A blocked move: judged as its defender leaves blockstun, then watched until it ends (the
// attacker's animation changes or starts over).
struct PendingBlock {
    bool open = false;
    bool judged = false;
    bool punishable = false;
    std::int32_t animation = -1;
    std::int32_t animTick = 0;  // the attacker's, last seen: going back means a new instance
};

struct JumpWatch {
    bool open = false;
    bool hit = false;
    bool connected = false;
};

class Observer {
public:
    explicit Observer(const MatchDefs& defs) : defs_(defs) {}

    void Observe(const MatchState& before, const MatchState& after, std::span<const Event> events, ArenaResult& r) {
        for (std::int32_t x = 0; x < 2; ++x) JudgeBlock(before, after, x, r);
        for (const Event& e : events) Count(before, after, e, r);
        for (std::int32_t x = 0; x < 2; ++x) Follow(after, x, r);
    }

private:
    void Count(const MatchState& before, const MatchState& after, const Event& e, ArenaResult& r) {
        const auto who = static_cast<std::size_t>(std::max<std::int32_t>(e.fighter, 0));
        const auto target = static_cast<std::size_t>(std::max<std::int32_t>(e.target, 0));
        SideCounts& mine = r.counts[who];
        switch (e.kind) {
            case EventKind::Hit:
            case EventKind::Block: {
                const FighterState& d = before.fighters[target];
                const bool hit = e.kind == EventKind::Hit;
                if (hit) ++mine.hits;
                if (e.projectile) {
                    SideCounts& t = r.counts[target];
                    if (hit) {
                        ++t.projectileHits;
                        if (!IsGrounded(d)) ++t.projectileHitsInAir;
                    } else {
                        ++t.projectileBlocks;
                    }
                }
                // Could the defender have blocked it: free on the ground, or guarding already.
                if (CanAct(d) || d.action == Action::BlockStand || d.action == Action::BlockCrouch) {
                    ++r.counts[target].blockable;
                    if (!hit) ++r.counts[target].blocked;
                }
                if (!hit && !e.projectile) {
                    PendingBlock& p = pending_[target];
                    p = PendingBlock{true, false, false, after.fighters[who].animation, after.fighters[who].animTick};
                }
                // A jump-in's fate: hit in the air by the one it jumped at, or its attack connected.
                JumpWatch& j = jumps_[target];
                if (hit && j.open && !IsGrounded(d)) j.hit = true;
                if (jumps_[who].open) jumps_[who].connected = true;
                // A punish: a hit on the attacker while it is still in the move that was blocked.
                PendingBlock& mineBlock = pending_[who];
                if (hit && !e.projectile && mineBlock.open && mineBlock.judged && mineBlock.punishable &&
                    before.fighters[target].animation == mineBlock.animation &&
                    before.fighters[target].animTick >= mineBlock.animTick) {
                    ++mine.punished;
                    mineBlock.open = false;
                }
                break;
            }
            case EventKind::Jump: {
                const FighterState& j = after.fighters[who];
                const FighterState& o = after.fighters[1 - who];
                const bool toward = (o.xSubpx - j.xSubpx) * j.vxSubpx > 0;
                jumps_[who] = JumpWatch{toward, false, false};
                break;
            }
            case EventKind::Land:
                CloseJump(after, static_cast<std::int32_t>(who), r);
                break;
            case EventKind::Grab:
                ++r.counts[target].grabbed;
                break;
            case EventKind::ThrowTech:
                if (before.fighters[target].action == Action::Thrown) ++r.counts[target].teched;
                break;
            case EventKind::Thrown:
                ++mine.throwsLanded;
                break;
            case EventKind::MoveStart: {
                const MoveDef& m = defs_.fighters[who]->moves[static_cast<std::size_t>(e.move)];
                if (m.stance == Stance::Air) ++mine.airAttacks;
                if (m.throwDef) ++mine.throws;
                break;
            }
            case EventKind::SuperStart:
                ++mine.supers;
                break;
            case EventKind::Combo: {
                mine.maxCombo = std::max(mine.maxCombo, e.value);
                const MoveDef& m = defs_.fighters[who]->moves[static_cast<std::size_t>(e.move)];
                if (m.meterCost > 0) ++mine.supersInCombo;
                break;
            }
            case EventKind::CounterHit:
                ++mine.counterHits;
                break;
            case EventKind::KnockDown:
                ++mine.knockdowns;
                break;
            default:
                break;
        }
        if (e.kind == EventKind::Hit) mine.maxCombo = std::max(mine.maxCombo, 1);
    }

    void CloseJump(const MatchState& after, std::int32_t jumper, ArenaResult& r) {
        JumpWatch& j = jumps_[static_cast<std::size_t>(jumper)];
        if (!j.open) return;
        const FighterState& f = after.fighters[static_cast<std::size_t>(jumper)];
        const FighterState& o = after.fighters[static_cast<std::size_t>(1 - jumper)];
        const bool cameIn = j.hit || j.connected || std::abs(ToPx(f.xSubpx) - ToPx(o.xSubpx)) <= 120;
        SideCounts& d = r.counts[static_cast<std::size_t>(1 - jumper)];
        if (cameIn) {
            ++d.jumpIns;
            if (j.hit) ++d.antiAired;
        }
        j = JumpWatch{};
    }

    // As the defender leaves blockstun (from the state just before, its last blockstun tick): is
    // the blocked move punishable by 4 or more ticks, its attacker busy 4+ ticks longer and a move
    // of the defender's, pressed then, landing before it ends?
    void JudgeBlock(const MatchState& before, const MatchState& after, std::int32_t x, ArenaResult& r) {
        PendingBlock& p = pending_[static_cast<std::size_t>(x)];
        const FighterState& was = before.fighters[static_cast<std::size_t>(x)];
        const FighterState& now = after.fighters[static_cast<std::size_t>(x)];
        const bool blocking = was.action == Action::BlockStand || was.action == Action::BlockCrouch;
        const bool left = now.action != Action::BlockStand && now.action != Action::BlockCrouch;
        if (!p.open || p.judged || !blocking || !left) return;
        p.judged = true;
        const FighterState& a = before.fighters[static_cast<std::size_t>(1 - x)];
        if (now.action == Action::Hitstun || a.action != Action::Attack || a.animation != p.animation) {
            p.open = false;
            return;
        }
        if (TicksUntilFree(defs_, before, 1 - x) - TicksUntilFree(defs_, before, x) < 4) {
            p.open = false;
            return;
        }
        const FighterDef& def = *defs_.fighters[static_cast<std::size_t>(x)];
        for (std::size_t m = 0; m < def.moves.size() && !p.punishable; ++m) {
            const MoveDef& move = def.moves[m];
            if (move.stance == Stance::Air || move.meterCost > was.meter) continue;
            p.punishable = LandsDuring(defs_, before, x, static_cast<std::int32_t>(m), 0);
        }
        if (p.punishable) {
            ++r.counts[static_cast<std::size_t>(x)].punishable;
        } else {
            p.open = false;
        }
    }

    // Closes a blocked move once its attacker moved on, and a jump that ended without a landing
    // (hit out of the air, knocked down).
    void Follow(const MatchState& after, std::int32_t x, ArenaResult& r) {
        PendingBlock& p = pending_[static_cast<std::size_t>(x)];
        const FighterState& a = after.fighters[static_cast<std::size_t>(1 - x)];
        if (p.open && (a.animation != p.animation || a.animTick < p.animTick)) p.open = false;
        p.animTick = a.animTick;
        const FighterState& jf = after.fighters[static_cast<std::size_t>(x)];
        if (jumps_[static_cast<std::size_t>(x)].open && IsGrounded(jf) && jf.action != Action::Jump &&
            jf.action != Action::AirAttack && jf.action != Action::PreJump)
            CloseJump(after, x, r);
    }

    const MatchDefs& defs_;
    std::array<PendingBlock, 2> pending_{};
    std::array<JumpWatch, 2> jumps_{};
};

}  // namespace

ArenaResult PlayArena(const MatchDefs& defs, const std::array<ArenaSide, 2>& sides, std::uint64_t seed,
                      std::int64_t maxTicks) {
    MatchConfig config;
    config.seed = seed;
    config.cpuLevel = 3;
    for (std::size_t i = 0; i < 2; ++i) {
        config.controllers[i] = sides[i].slot != nullptr ? Controller::Human : Controller::Cpu;
        if (sides[i].slot == nullptr) config.cpuLevel = sides[i].cpuLevel;
    }
    MatchState s = NewMatch(defs, config);
    Observer observer(defs);
    ArenaResult r;
    EventList events;
    std::array<std::size_t, 2> slotAt{};
    for (; r.ticks < maxTicks && s.phase != Phase::MatchOver; ++r.ticks) {
        Inputs in{};
        for (std::size_t i = 0; i < 2; ++i) {
            const Slot* slot = sides[i].slot;
            if (slot == nullptr || slot->inputs.empty() || s.phase != Phase::Fight) continue;
            in[i] = ToScreen(slot->inputs[slotAt[i]++ % slot->inputs.size()], s.fighters[i].facing);
        }
        const MatchState before = s;
        StepMatch(defs, s, in, StepHooks{nullptr, nullptr, &events});
        observer.Observe(before, s, events.View(), r);
    }
    r.winner = s.phase == Phase::MatchOver ? s.matchWinner : -1;
    r.roundsWon = {s.fighters[0].roundsWon, s.fighters[1].roundsWon};
    r.finalHash = HashState(s);
    return r;
}

std::vector<LoopPattern> LoopPatterns(const FighterDef& def) {
    (void)def;
    constexpr std::uint8_t P = Input::PUNCH, K = Input::KICK, S = Input::SPECIAL, F = Input::RIGHT, B = Input::LEFT,
                           D = Input::DOWN, U = Input::UP;
    std::vector<LoopPattern> out;
    const auto add = [&](std::string name, std::initializer_list<std::pair<std::uint8_t, std::int32_t>> runs) {
        LoopPattern p{std::move(name), {}};
        for (const auto& [bits, ticks] : runs)
            p.slot.inputs.insert(p.slot.inputs.end(), static_cast<std::size_t>(ticks), Input{bits});
        out.push_back(std::move(p));
    };
    add("S every 2", {{S, 1}, {0, 1}});
    add("P every 2", {{P, 1}, {0, 1}});
    add("5P every 12", {{P, 1}, {0, 11}});
    add("5K every 20", {{K, 1}, {0, 19}});
    add("2K every 16", {{D | K, 1}, {D, 15}});
    add("walk 20, 5P", {{F, 20}, {P, 1}, {0, 10}});
    add("walk 25, 2K", {{F, 25}, {D | K, 1}, {D, 12}});
    add("5P > 5K, walk 30", {{P, 1}, {0, 6}, {K, 1}, {0, 26}, {F, 30}});
    add("236K, walk 20", {{D, 1}, {D | F, 1}, {F | K, 1}, {0, 40}, {F, 20}});
    add("5S, walk back 40", {{S, 1}, {0, 20}, {B, 40}});
    add("jump in, j.K at 12", {{U | F, 2}, {0, 10}, {K, 1}, {0, 50}});
    add("jump in, j.P at 16", {{U | F, 2}, {0, 14}, {P, 1}, {0, 40}});
    add("hold 1", {{D | B, 1}});
    add("623P every 40", {{F, 1}, {D, 1}, {D | F | P, 1}, {0, 37}});
    add("walk 15, throw", {{F, 15}, {F | P | K, 1}, {0, 20}});
    return out;
}

}  // namespace game
