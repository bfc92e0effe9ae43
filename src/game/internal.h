// Internal to src/game: helpers the step, the hit passes and the CPU share. Not a public header.
#pragma once

#include "game/game.h"

namespace game::detail {

inline std::int32_t FacingSign(Facing f) {
    return f == Facing::Right ? 1 : -1;
}

inline bool IsGrounded(const FighterState& f) {
    return f.ySubpx >= FLOOR_Y_PX * SUBPIXELS_PER_PX && f.vySubpx >= 0;
}

/// Can the fighter start something new this tick (a move, a walk, a jump)?
inline bool CanAct(const FighterState& f) {
    return IsGrounded(f) && (f.action == Action::Idle || f.action == Action::WalkForward ||
                             f.action == Action::WalkBack || f.action == Action::Crouch);
}

/// Is `input` holding away from the way the fighter faces?
inline bool HoldsBack(const FighterState& f, Input input) {
    return input.Has(f.facing == Facing::Right ? Input::LEFT : Input::RIGHT);
}
inline bool HoldsForward(const FighterState& f, Input input) {
    return input.Has(f.facing == Facing::Right ? Input::RIGHT : Input::LEFT);
}

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

/// Adds a spark, reusing the oldest slot.
inline void AddSpark(MatchState& s, collide::Point at, SparkKind kind) {
    Spark& sp = s.sparks[static_cast<std::size_t>(s.nextSpark)];
    sp = Spark{at.x, at.y, 0, kind};
    s.nextSpark = (s.nextSpark + 1) % MAX_SPARKS;
}

/// The two-pass hit check and the reactions (hits.cpp). `inputs` are the effective inputs.
void RunHitPasses(const MatchDefs& defs, MatchState& s, const Inputs& inputs, const StepHooks& hooks);

}  // namespace game::detail
