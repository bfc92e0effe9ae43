// What a fighter is doing (game::Action) and, in one table, what each action allows: whether the
// fighter is free to start something, may block, stands low, can be hit. The step, the hit check,
// the CPU, the pushboxes and the overlay all ask this table; none keeps its own list of actions.
#pragma once

#include "game/names.h"

#include <cstddef>
#include <cstdint>

namespace game {

enum class Action : std::uint8_t {
    Idle,
    WalkForward,
    WalkBack,
    Crouch,
    PreJump,  ///< PREJUMP_TICKS on the ground before a jump takes off (cannot block, cannot be thrown)
    Jump,
    Attack,
    AirAttack,  ///< a move started in a jump: the jump's flight goes on; it lasts until landing
    Landing,    ///< LANDING_RECOVERY_TICKS after an air attack lands
    BlockStand,
    BlockCrouch,
    Hitstun,
    Knockdown,  ///< down: a knockdown gets up after KNOCKDOWN_TICKS; a KO stays down until the round ends
    Win,
    Throwing,    ///< a grab connected: playing the toss, carrying the victim
    Thrown,      ///< carried by the thrower, then lying where it landed until it gets up
    TechRecoil,  ///< a throw broken by a tech: both fighters stagger apart
    COUNT
};

/// What one action allows. "On the ground" is a separate condition (IsGrounded): these are the
/// rules of the action itself.
struct ActionRule {
    Action action;
    const char* name;  ///< as the overlay and the logs show it
    bool free;         ///< may start a move, a walk, a jump, and turns to face the opponent
    bool mayBlock;     ///< holding back when a hit arrives blocks it
    bool low;          ///< uses the crouching pushbox
    bool hittable;     ///< its hurt mask takes part in the hitbox pass
    bool throwable;    ///< a grab connects on it (on the ground; docs/rules.md, "Throws")
    bool pushes;       ///< its pushbox keeps the bodies apart (not while a throw joins them)
};

// clang-format off
inline constexpr ActionRule ACTION_RULES[] = {
    //  action               name                free   mayBlock low    hittable throwable pushes
    {Action::Idle,        "idle",              true,  true,    false, true,    true,     true},
    {Action::WalkForward, "walk forward",      true,  false,   false, true,    true,     true},
    {Action::WalkBack,    "walk back",         true,  true,    false, true,    true,     true},
    {Action::Crouch,      "crouch",            true,  true,    true,  true,    true,     true},
    {Action::PreJump,     "pre-jump",          false, false,   false, true,    false,    true},
    {Action::Jump,        "jump",              false, false,   false, true,    false,    true},
    {Action::Attack,      "attack",            false, false,   false, true,    true,     true},
    {Action::AirAttack,   "air attack",        false, false,   false, true,    false,    true},
    {Action::Landing,     "landing",           false, false,   false, true,    true,     true},
    {Action::BlockStand,  "block (standing)",  false, true,    false, true,    false,    true},
    {Action::BlockCrouch, "block (crouching)", false, true,    true,  true,    false,    true},
    {Action::Hitstun,     "hitstun",           false, false,   false, true,    false,    true},
    {Action::Knockdown,   "knocked down",      false, false,   true,  false,   false,    true},
    {Action::Win,         "win",               false, false,   false, true,    false,    true},
    {Action::Throwing,    "throwing",          false, false,   false, false,   false,    false},
    {Action::Thrown,      "thrown",            false, false,   true,  false,   false,    false},
    {Action::TechRecoil,  "throw tech",        false, false,   false, true,    false,    true},
};
// clang-format on
static_assert(std::size(ACTION_RULES) == static_cast<std::size_t>(Action::COUNT),
              "every Action has a row in ACTION_RULES");

/// The row of `a`. The table is in enum order (checked at compile time below).
[[nodiscard]] constexpr const ActionRule& RuleOf(Action a) {
    return ACTION_RULES[static_cast<std::size_t>(a)];
}
[[nodiscard]] constexpr bool ActionTableInOrder() {
    for (std::size_t i = 0; i < std::size(ACTION_RULES); ++i) {
        if (static_cast<std::size_t>(ACTION_RULES[i].action) != i) return false;
    }
    return true;
}
static_assert(ActionTableInOrder(), "ACTION_RULES rows follow the Action enum's order");

[[nodiscard]] constexpr const char* ActionName(Action a) {
    return RuleOf(a).name;
}

}  // namespace game
