// Internal to src/game: helpers the step, the hit passes and the CPU share. Not a public header.
#pragma once

#include "game/game.h"

namespace game::detail {

inline std::int32_t FacingSign(Facing f) {
    return f == Facing::Right ? 1 : -1;
}

inline constexpr std::int32_t FLOOR_SUBPX = FLOOR_Y_PX * SUBPIXELS_PER_PX;

inline bool IsGrounded(const FighterState& f) {
    return f.ySubpx >= FLOOR_Y_PX * SUBPIXELS_PER_PX && f.vySubpx >= 0;
}

/// Can the fighter start something new this tick (a move, a walk, a jump)? Also: does it turn to
/// face its opponent.
inline bool CanAct(const FighterState& f) {
    return IsGrounded(f) && RuleOf(f.action).free;
}

/// Would holding back block a hit arriving now?
inline bool CanBlock(const FighterState& f) {
    return IsGrounded(f) && RuleOf(f.action).mayBlock;
}

/// Is `input` holding away from the way the fighter faces?
inline bool HoldsBack(const FighterState& f, Input input) {
    return input.Has(f.facing == Facing::Right ? Input::LEFT : Input::RIGHT);
}
inline bool HoldsForward(const FighterState& f, Input input) {
    return input.Has(f.facing == Facing::Right ? Input::RIGHT : Input::LEFT);
}

/// The rules' priority of a move when several match one tick (inputs.cpp): higher wins.
std::int32_t MovePriority(const MoveDef& m);
/// FindRequestedMove among the moves `allowed` (indices; empty: every move).
std::int32_t FindMoveAmong(const FighterDef& def, const FighterState& f, Input input,
                           std::span<const std::int32_t> allowed);

/// Switches to a state that plays `animation` continuously (idle, walk, crouch): the animation
/// restarts only when it changes, so a walk does not stutter every tick.
inline void SetAction(FighterState& f, Action action, std::int32_t animation) {
    if (f.animation != animation) f.animTick = 0;
    f.action = action;
    f.animation = animation;
}

/// Starts `animation` from its first frame (an attack, a hit, a block, a jump).
inline void StartAction(FighterState& f, Action action, std::int32_t animation) {
    f.animTick = 0;
    f.action = action;
    f.animation = animation;
}

inline std::int32_t AnimIndex(Anim a) {
    return static_cast<std::int32_t>(a);
}

/// Appends an event of this tick; the list is sized so that it never fills.
void Emit(EventList& events, const Event& e);
/// A fighter's event (the tick is filled in by Emit's caller through `s`).
inline Event FighterEvent(const MatchState& s, EventKind kind, std::int32_t fighter, std::int32_t move = -1) {
    Event e;
    e.tick = s.tick;
    e.kind = kind;
    e.fighter = static_cast<std::int8_t>(fighter);
    e.move = static_cast<std::int16_t>(move);
    return e;
}

/// The sparks a tick's events call for (hits, blocks, clashes, cancelled projectiles), in order.
void SpawnSparks(MatchState& s, std::span<const Event> events);

/// Adds meter to `side` (capped at METER_MAX), telling a bar that fills.
void AddMeter(MatchState& s, std::int32_t side, std::int32_t amount, EventList& events);

/// Breaks `thrower`'s throw `move`: both fighters stagger apart (TechRecoil), told as a ThrowTech.
void TechApart(MatchState& s, std::int32_t thrower, std::int32_t move, EventList& events);

/// The two-pass hit check and the reactions (hits.cpp). `inputs` are the effective inputs.
void RunHitPasses(const MatchDefs& defs, MatchState& s, const Inputs& inputs, const StepHooks& hooks,
                  EventList& events);

}  // namespace game::detail
