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
};
constexpr Level LEVELS[3] = {
    {18, 25, 45, 3, 10},
    {10, 55, 26, 5, 25},
    {5, 85, 12, 6, 40},
};

constexpr std::int32_t CLOSE_PX = 110;  // close enough to swing
constexpr std::int32_t FAR_PX = 240;    // far enough to throw

bool MoveExists(const FighterDef& def, Button button, Stance stance) {
    return std::any_of(def.moves.begin(), def.moves.end(),
                       [&](const MoveDef& m) { return m.button == button && m.stance == stance; });
}

}  // namespace

Input ThinkCpu(const MatchDefs& defs, MatchState& s, std::int32_t side) {
    return ThinkCpu(defs, s, side, s.cpu[static_cast<std::size_t>(side)], s.rng);
}

Input ThinkCpu(const MatchDefs& defs, const MatchState& s, std::int32_t side, CpuState& cpu, Rng& rng) {
    if (s.phase != Phase::Fight) return Input{};
    const Level& lv = LEVELS[std::clamp(s.config.cpuLevel, 1, 3) - 1];
    const FighterState& me = s.fighters[static_cast<std::size_t>(side)];
    const FighterState& opp = s.fighters[static_cast<std::size_t>(1 - side)];
    const FighterDef& def = *defs.fighters[static_cast<std::size_t>(side)];
    const FighterDef& oppDef = *defs.fighters[static_cast<std::size_t>(1 - side)];
    const std::uint8_t forward = me.facing == Facing::Right ? Input::RIGHT : Input::LEFT;
    const std::uint8_t back = me.facing == Facing::Right ? Input::LEFT : Input::RIGHT;
    const std::int32_t distance = std::abs(ToPx(opp.xSubpx) - ToPx(me.xSubpx));
    if (cpu.cooldownTicks > 0) --cpu.cooldownTicks;

    // A threat: the opponent's attack, seen once it has shown for the reaction time, or its
    // projectile coming close.
    bool lowThreat = false;
    bool threat = opp.action == Action::Attack && opp.animTick >= lv.reactionTicks && distance < 200;
    if (threat) lowThreat = oppDef.moves[static_cast<std::size_t>(opp.move)].height == HitHeight::Low;
    for (const ProjectileState& p : s.projectiles) {
        if (!p.alive || p.owner == side) continue;
        const std::int32_t gap = (ToPx(me.xSubpx) - ToPx(p.xSubpx)) * (p.vxSubpx > 0 ? 1 : -1);
        if (gap > 0 && gap < 150 && p.ageTicks >= lv.reactionTicks / 2) threat = true;
    }
    const std::int32_t threatId = threat ? (opp.action == Action::Attack ? opp.move : 100) : -1;
    if (threatId != cpu.lastSeenAttack) {
        cpu.lastSeenAttack = threatId;
        cpu.willBlock = threat && rng.Below(100) < lv.blockPercent;
        // Sometimes it jumps a projectile instead.
        if (threat && threatId == 100 && !cpu.willBlock && rng.Below(100) < lv.jumpPercent * 8) {
            cpu.planBits = static_cast<std::uint8_t>(Input::UP | forward);
            cpu.planTicks = 4;
        }
    }
    if (threat && cpu.willBlock &&
        (CanAct(me) || me.action == Action::BlockStand || me.action == Action::BlockCrouch)) {
        return Input{static_cast<std::uint8_t>(back | (lowThreat ? Input::DOWN : 0))};
    }
    if (!CanAct(me)) return Input{};

    if (cpu.planTicks > 0) {
        --cpu.planTicks;
        return Input{cpu.planBits};
    }
    // A new decision.
    const std::int32_t roll = rng.Below(100);
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
