// The CPU opponent: reads the state like a player reads the screen, with a reaction delay, and
// presses buttons. Deterministic: every choice comes from a PRNG and the CPU's memory. Offline both
// live inside MatchState, so a seed decides a whole CPU-against-CPU match; online they live beside
// it, with the player's side, and its presses travel like a person's.
#include "game/game.h"
#include "game/internal.h"

#include <algorithm>
#include <cstdlib>

namespace game {

using namespace detail;

namespace {

struct Level {
    std::int32_t reactionTicks;   // how long an attack must have been showing before it is seen
    std::int32_t blockPercent;    // chance to block an attack it sees
    std::int32_t cooldownTicks;   // rest between its own attacks
    std::int32_t jumpPercent;     // per decision
    std::int32_t specialPercent;  // per decision at long range
    std::int32_t comboPercent;    // chance to cancel a move that hit into the next one
    std::int32_t antiAirPercent;  // chance to meet a jump-in with its anti-air
    std::int32_t throwPercent;    // per close decision, more against a blocking opponent
    std::int32_t techPercent;     // chance to break a throw (in time only from level 2)
    std::int32_t superPercent;    // per decision with a full bar, in range
};
constexpr Level LEVELS[3] = {
    {18, 25, 45, 4, 10, 10, 10, 5, 10, 20},
    {10, 55, 26, 10, 25, 35, 35, 12, 30, 40},
    {5, 85, 12, 8, 40, 95, 95, 30, 60, 60},
};

constexpr std::int32_t CLOSE_PX = 110;        // close enough to swing
constexpr std::int32_t FAR_PX = 240;          // far enough to throw
constexpr std::int32_t GRAB_PX = 78;          // close enough to grab
constexpr std::int32_t ANTI_AIR_PX = 130;     // a jump-in landing this close gets the anti-air
constexpr std::int32_t SUPER_RANGE_PX = 190;  // a super is worth its bar this close

// The CPU's memory of what it already decided about (CpuState::lastSeenAttack): an attack's move
// index, or one of these.
constexpr std::int32_t SEEN_PROJECTILE = 100, SEEN_THROW = 300, SEEN_JUMP = 400, SEEN_CONFIRM = 500;

bool MoveExists(const FighterDef& def, Button button, Stance stance) {
    return std::any_of(def.moves.begin(), def.moves.end(), [&](const MoveDef& m) {
        return m.button == button && m.stance == stance && m.motion.empty() && !m.throwDef && m.meterCost == 0;
    });
}

// The first move of `def` that `pick` accepts, or -1.
template <class Pick>
std::int32_t FindMove(const FighterDef& def, Pick pick) {
    for (std::size_t m = 0; m < def.moves.size(); ++m) {
        if (pick(def.moves[m])) return static_cast<std::int32_t>(m);
    }
    return -1;
}

// Types move `move`'s input into the plan: its motion one direction a tick (screen bits for the way
// it faces now), the button with the last direction; a throw holds forward with both buttons.
void PlanMove(CpuState& cpu, const MoveDef& move, Facing facing, std::int32_t delayTicks = 0) {
    const auto bitsOf = [&](char digit) {
        const std::int32_t d = digit - '0';
        const std::int32_t x = (d - 1) % 3 - 1, y = (d - 1) / 3 - 1;  // numpad: 1 is down-back
        const std::int32_t screenX = facing == Facing::Right ? x : -x;
        return static_cast<std::uint8_t>((screenX > 0 ? Input::RIGHT : 0) | (screenX < 0 ? Input::LEFT : 0) |
                                         (y < 0 ? Input::DOWN : 0) | (y > 0 ? Input::UP : 0));
    };
    std::uint8_t button = 0;
    switch (move.button) {
        case Button::Punch:
            button = Input::PUNCH;
            break;
        case Button::Kick:
            button = Input::KICK;
            break;
        case Button::Special:
            button = Input::SPECIAL;
            break;
        case Button::PunchKick:
            button = Input::PUNCH | Input::KICK;
            break;
    }
    cpu.sequenceLength = 0;
    cpu.sequenceAt = 0;
    const auto push = [&](std::uint8_t bits) {
        if (cpu.sequenceLength < static_cast<std::int32_t>(cpu.sequence.size()))
            cpu.sequence[static_cast<std::size_t>(cpu.sequenceLength++)] = bits;
    };
    for (std::int32_t i = 0; i < delayTicks; ++i) push(0);
    for (std::size_t i = 0; i + 1 < move.motion.size(); ++i) push(bitsOf(move.motion[i]));
    const std::uint8_t last =
        move.motion.empty() ? (move.stance == Stance::Crouch ? Input::DOWN : 0) : bitsOf(move.motion.back());
    push(static_cast<std::uint8_t>(last | button));
}

// The move a confirmed hit cancels into: the best one a window of `move` opens that the CPU can
// pay for (a super only with a full bar, and then only on half the rolls).
std::int32_t ConfirmTarget(const FighterDef& def, const FighterState& me, const MoveDef& move, Rng& rng) {
    std::int32_t best = -1;
    for (const CancelDef& c : move.cancels) {
        for (const std::int32_t into : c.into) {
            const MoveDef& m = def.moves[static_cast<std::size_t>(into)];
            if (m.meterCost > me.meter) continue;
            if (best < 0 || MovePriority(m) > MovePriority(def.moves[static_cast<std::size_t>(best)])) best = into;
        }
    }
    if (best >= 0 && def.moves[static_cast<std::size_t>(best)].meterCost > 0 && rng.Below(2) == 0) {
        // Not the super this time: the best special instead.
        std::int32_t special = -1;
        for (const CancelDef& c : move.cancels) {
            for (const std::int32_t into : c.into) {
                const MoveDef& m = def.moves[static_cast<std::size_t>(into)];
                if (m.meterCost == 0 &&
                    (special < 0 || MovePriority(m) > MovePriority(def.moves[static_cast<std::size_t>(special)])))
                    special = into;
            }
        }
        best = special;
    }
    return best;
}

}  // namespace

Input ThinkCpu(const MatchDefs& defs, MatchState& s, std::int32_t side) {
    return ThinkCpu(defs, s, side, s.cpu[static_cast<std::size_t>(side)], s.rng);
}

Input ThinkCpu(const MatchDefs& defs, const MatchState& s, std::int32_t side, CpuState& cpu, Rng& rng,
               std::int32_t level) {
    if (s.phase != Phase::Fight) return Input{};
    const Level& lv = LEVELS[std::clamp(level > 0 ? level : s.config.cpuLevel, 1, 3) - 1];
    const FighterState& me = s.fighters[static_cast<std::size_t>(side)];
    const FighterState& opp = s.fighters[static_cast<std::size_t>(1 - side)];
    const FighterDef& def = *defs.fighters[static_cast<std::size_t>(side)];
    const FighterDef& oppDef = *defs.fighters[static_cast<std::size_t>(1 - side)];
    const std::uint8_t forward = me.facing == Facing::Right ? Input::RIGHT : Input::LEFT;
    const std::uint8_t back = me.facing == Facing::Right ? Input::LEFT : Input::RIGHT;
    const std::int32_t distance = std::abs(ToPx(opp.xSubpx) - ToPx(me.xSubpx));
    if (cpu.cooldownTicks > 0) --cpu.cooldownTicks;

    // A motion being typed goes on to its end, whatever happens: it is one input.
    if (cpu.sequenceAt < cpu.sequenceLength) return Input{cpu.sequence[static_cast<std::size_t>(cpu.sequenceAt++)]};

    // Thrown: break it, by the level's chance, after the level's reaction.
    if (me.action == Action::Thrown && opp.action == Action::Throwing) {
        if (cpu.lastSeenAttack != SEEN_THROW) {
            cpu.lastSeenAttack = SEEN_THROW;
            if (rng.Below(100) < lv.techPercent) {
                MoveDef tech;
                tech.button = Button::PunchKick;
                PlanMove(cpu, tech, me.facing, lv.reactionTicks / 2);
            }
        }
        return Input{};
    }
    // Its own move hit: confirm it into the next one, once per hit.
    if (me.action == Action::Attack && me.moveLanded == MoveLanded::Hit && me.move >= 0 &&
        cpu.lastSeenAttack != SEEN_CONFIRM + me.move) {
        cpu.lastSeenAttack = SEEN_CONFIRM + me.move;
        const MoveDef& move = def.moves[static_cast<std::size_t>(me.move)];
        if (!move.cancels.empty() && rng.Below(100) < lv.comboPercent) {
            const std::int32_t next = ConfirmTarget(def, me, move, rng);
            if (next >= 0) {
                PlanMove(cpu, def.moves[static_cast<std::size_t>(next)], me.facing);
                return Input{cpu.sequence[static_cast<std::size_t>(cpu.sequenceAt++)]};
            }
        }
    }

    // A threat: the opponent's attack, seen once it has shown for the reaction time, or its
    // projectile coming close.
    bool lowThreat = false, highThreat = false;
    bool threat = opp.action == Action::Attack && opp.animTick >= lv.reactionTicks && distance < 200;
    if (opp.action == Action::AirAttack && opp.animTick >= lv.reactionTicks && distance < 160) threat = true;
    if (threat) {
        const HitHeight h = oppDef.moves[static_cast<std::size_t>(opp.move)].height;
        lowThreat = h == HitHeight::Low;
        highThreat = h == HitHeight::Overhead;
    }
    for (const ProjectileState& p : s.projectiles) {
        if (!p.alive || p.owner == side) continue;
        const std::int32_t gap = (ToPx(me.xSubpx) - ToPx(p.xSubpx)) * (p.vxSubpx > 0 ? 1 : -1);
        if (gap > 0 && gap < 150 && p.ageTicks >= lv.reactionTicks / 2) threat = true;
    }
    // A jump-in: seen after the reaction time, met with the anti-air by the level's chance, timed so
    // that its first active frame meets the jumper a little above the floor, where it will land.
    const std::int32_t antiAir = FindMove(def, [](const MoveDef& m) { return m.motion == "623"; });
    bool jumpIn = false;
    if (antiAir >= 0 && (opp.action == Action::Jump || opp.action == Action::AirAttack) && opp.vySubpx > 0 &&
        opp.animTick >= lv.reactionTicks) {
        const MoveDef& aa = def.moves[static_cast<std::size_t>(antiAir)];
        const AnimationDef& anim = def.animations[static_cast<std::size_t>(aa.animation)];
        std::int32_t lead = static_cast<std::int32_t>(aa.motion.size()) - 1;
        for (std::int32_t f = 0; f < aa.activeFirst; ++f) lead += anim.frames[static_cast<std::size_t>(f)].ticks;
        // Ticks until the jumper lands, stepped as the simulation moves it.
        std::int32_t y = opp.ySubpx, vy = opp.vySubpx, landIn = 0;
        while (y < FLOOR_SUBPX && landIn < 120) y += vy, vy += oppDef.gravitySubpx, ++landIn;
        const std::int32_t landX = ToPx(opp.xSubpx + opp.vxSubpx * landIn);
        jumpIn = landIn >= lead - 2 && landIn <= lead + 8 && std::abs(landX - ToPx(me.xSubpx)) < ANTI_AIR_PX;
    }
    if (jumpIn && antiAir >= 0 && cpu.lastSeenAttack != SEEN_JUMP && CanAct(me)) {
        cpu.lastSeenAttack = SEEN_JUMP;
        if (rng.Below(100) < lv.antiAirPercent) {
            PlanMove(cpu, def.moves[static_cast<std::size_t>(antiAir)], me.facing);
            return Input{cpu.sequence[static_cast<std::size_t>(cpu.sequenceAt++)]};
        }
    }
    const std::int32_t threatId =
        threat ? (opp.action == Action::Attack || opp.action == Action::AirAttack ? opp.move : SEEN_PROJECTILE)
               : (cpu.lastSeenAttack == SEEN_JUMP && jumpIn ? SEEN_JUMP : -1);
    if (threatId != cpu.lastSeenAttack) {
        cpu.lastSeenAttack = threatId;
        cpu.willBlock = threat && rng.Below(100) < lv.blockPercent;
        // Sometimes it jumps a projectile instead.
        if (threat && threatId == SEEN_PROJECTILE && !cpu.willBlock && rng.Below(100) < lv.jumpPercent * 8) {
            cpu.planBits = static_cast<std::uint8_t>(Input::UP | forward);
            cpu.planTicks = 4;
        }
    }
    if (threat && cpu.willBlock &&
        (CanAct(me) || me.action == Action::BlockStand || me.action == Action::BlockCrouch)) {
        return Input{static_cast<std::uint8_t>(back | (lowThreat && !highThreat ? Input::DOWN : 0))};
    }
    if (!CanAct(me)) return Input{};

    if (cpu.planTicks > 0) {
        --cpu.planTicks;
        return Input{cpu.planBits};
    }
    // A new decision.
    const std::int32_t roll = rng.Below(100);
    const std::int32_t super =
        FindMove(def, [&](const MoveDef& m) { return m.meterCost > 0 && m.meterCost <= me.meter; });
    if (super >= 0 && distance <= SUPER_RANGE_PX && IsGrounded(opp) && cpu.cooldownTicks == 0 &&
        roll < lv.superPercent) {
        cpu.cooldownTicks = lv.cooldownTicks * 2;
        PlanMove(cpu, def.moves[static_cast<std::size_t>(super)], me.facing);
        return Input{cpu.sequence[static_cast<std::size_t>(cpu.sequenceAt++)]};
    }
    // A throw, above all against an opponent who sits blocking.
    const std::int32_t grab = FindMove(def, [](const MoveDef& m) { return m.throwDef.has_value(); });
    const bool blocking =
        opp.action == Action::WalkBack || opp.action == Action::BlockStand || opp.action == Action::BlockCrouch;
    if (grab >= 0 && distance <= GRAB_PX && cpu.cooldownTicks == 0 &&
        roll < (blocking ? lv.throwPercent * 2 : lv.throwPercent)) {
        cpu.cooldownTicks = lv.cooldownTicks + rng.Below(lv.cooldownTicks + 1);
        // Against blockstun it waits for the stun to end: a throw cannot take a stunned fighter.
        const bool stunned = opp.action == Action::BlockStand || opp.action == Action::BlockCrouch;
        PlanMove(cpu, def.moves[static_cast<std::size_t>(grab)], me.facing, stunned ? std::min(opp.stunTicks, 8) : 0);
        return Input{cpu.sequence[static_cast<std::size_t>(cpu.sequenceAt++)]};
    }
    if (distance <= CLOSE_PX && cpu.cooldownTicks == 0) {
        cpu.cooldownTicks = lv.cooldownTicks + rng.Below(lv.cooldownTicks + 1);
        const bool oppLow = opp.action == Action::Crouch || opp.action == Action::BlockCrouch;
        if ((oppLow || roll < 30) && MoveExists(def, Button::Kick, Stance::Crouch)) {
            return Input{static_cast<std::uint8_t>(Input::DOWN | Input::KICK)};
        }
        return Input{roll < 65 ? Input::PUNCH : Input::KICK};
    }
    if (distance >= FAR_PX && cpu.cooldownTicks == 0 && roll < lv.specialPercent &&
        MoveExists(def, Button::Special, Stance::Stand)) {
        cpu.cooldownTicks = lv.cooldownTicks * 2;
        return Input{Input::SPECIAL};
    }
    // From mid range, now and then, the rush.
    const std::int32_t rush = FindMove(def, [](const MoveDef& m) { return m.motion == "236" && m.meterCost == 0; });
    if (rush >= 0 && distance > CLOSE_PX && distance < FAR_PX && cpu.cooldownTicks == 0 &&
        roll < lv.specialPercent / 4) {
        cpu.cooldownTicks = lv.cooldownTicks * 2;
        PlanMove(cpu, def.moves[static_cast<std::size_t>(rush)], me.facing);
        return Input{cpu.sequence[static_cast<std::size_t>(cpu.sequenceAt++)]};
    }
    const std::int32_t pick = rng.Below(100);
    if (pick < lv.jumpPercent) {
        cpu.planBits = static_cast<std::uint8_t>(Input::UP | forward);
        cpu.planTicks = 3;
    } else if (pick < lv.jumpPercent + 10 && distance < FAR_PX) {
        cpu.planBits = back;
        cpu.planTicks = 6 + rng.Below(12);
    } else if (pick < lv.jumpPercent + 18) {
        cpu.planBits = 0;
        cpu.planTicks = 4 + rng.Below(10);
    } else if (distance > CLOSE_PX - 20) {
        cpu.planBits = forward;
        cpu.planTicks = 6 + rng.Below(14);
    } else {
        cpu.planBits = 0;
        cpu.planTicks = 2;
    }
    return Input{cpu.planBits};
}

}  // namespace game
