// The simulation's one channel for side effects: every step emits the tick's events (structured
// facts: who, what, which move, where) into a fixed-capacity list. Sparks, the overlay's contact
// log, sound and netplay read it; none of them looks inside the step. Re-simulated ticks (rollback)
// emit their events again, exactly as the first time: a consumer tells repeats apart by an event's
// identity, (tick, kind, fighter, move).
#pragma once

#include "game/names.h"

#include <array>
#include <cstdint>
#include <span>

namespace game {

enum class EventKind : std::uint8_t {
    RoundStart,        ///< a round's intro begins; value = the round number
    FightStart,        ///< the intro is over ("Fight!")
    MoveStart,         ///< `fighter` starts `move`
    ProjectileThrown,  ///< `fighter`'s `move` spawns its projectile at (xPx, yPx)
    Hit,               ///< `fighter`'s `move` hits `target`; value = damage; at the first colliding pixel
    Block,             ///< `target` blocks `fighter`'s `move`; value = chip damage
    Clash,             ///< two attacks' pixels touched: both spent (fighter -1)
    ClashSpent,        ///< `fighter`'s attack touched a body on a tick it clashed: spent, no hit
    ProjectileCancel,  ///< two projectiles touched and cancelled each other (fighter -1)
    Jump,              ///< `fighter` takes off
    Land,              ///< `fighter` lands from a jump
    KnockOut,          ///< `fighter`'s health reached 0
    RoundEnd,          ///< value = the winner: 0, 1, or 2 for a draw
    TimeOver,          ///< the round timer ran out (before RoundEnd)
    MatchOver,         ///< value = the winner: 0, 1, or 2 for a draw
    Cancel,            ///< `fighter` cancels into `move`; value = the move it cancelled
    Grab,              ///< `fighter`'s throw `move` grabs `target` (a grab/hurt contact)
    ThrowTech,         ///< `target` breaks `fighter`'s throw `move`: both stagger apart
    Thrown,            ///< `fighter`'s throw `move` lands `target`; value = damage
    SuperStart,        ///< `fighter` starts its super `move`; value = the freeze's ticks
    Combo,             ///< `fighter`'s hit on `target` extends a combo; value = its hits so far (2+)
    MeterFull,         ///< `fighter`'s meter reached a full bar
    CounterHit,        ///< `fighter`'s hit on `target` interrupted its startup; value = the hitstun bonus
    KnockDown,         ///< `fighter`'s `move` knocks `target` down
    GetUp,             ///< `fighter` gets up from a knockdown or a throw
};

inline constexpr EnumName<EventKind> EVENT_KIND_NAMES[] = {
    {EventKind::RoundStart, "round_start"},
    {EventKind::FightStart, "fight_start"},
    {EventKind::MoveStart, "move_start"},
    {EventKind::ProjectileThrown, "projectile_thrown"},
    {EventKind::Hit, "hit"},
    {EventKind::Block, "block"},
    {EventKind::Clash, "clash"},
    {EventKind::ClashSpent, "clash_spent"},
    {EventKind::ProjectileCancel, "projectile_cancel"},
    {EventKind::Jump, "jump"},
    {EventKind::Land, "land"},
    {EventKind::KnockOut, "knock_out"},
    {EventKind::RoundEnd, "round_end"},
    {EventKind::TimeOver, "time_over"},
    {EventKind::MatchOver, "match_over"},
    {EventKind::Cancel, "cancel"},
    {EventKind::Grab, "grab"},
    {EventKind::ThrowTech, "throw_tech"},
    {EventKind::Thrown, "thrown"},
    {EventKind::SuperStart, "super_start"},
    {EventKind::Combo, "combo"},
    {EventKind::MeterFull, "meter_full"},
    {EventKind::CounterHit, "counter_hit"},
    {EventKind::KnockDown, "knock_down"},
    {EventKind::GetUp, "get_up"},
};

/// One fact of one tick. Positions are world pixels.
struct Event {
    std::uint64_t tick = 0;
    EventKind kind{};
    std::int8_t fighter = -1;  ///< who did it: 0, 1, or -1 for nobody in particular
    std::int8_t target = -1;   ///< who it was done to, or -1
    std::int16_t move = -1;    ///< index into the fighter's moves, or -1
    bool projectile = false;   ///< a Hit or Block dealt by `move`'s projectile
    std::int8_t contact = -1;  ///< index of the tick's contact (DebugRecord::contacts) it came from, or -1
    std::int32_t xPx = 0, yPx = 0;
    std::int32_t value = 0;  ///< damage, the round, the winner: as the kind says

    /// Under rollback, a re-simulated tick emits this same identity again.
    [[nodiscard]] bool SameIdentity(const Event& o) const {
        return tick == o.tick && kind == o.kind && fighter == o.fighter && move == o.move;
    }
};

/// One tick's events, in the order they happened. Fixed capacity: no allocation in the step.
struct EventList {
    /// Far more than a tick can make: two moves (each with a cancel and a super's start), two jumps,
    /// two landings, two projectiles, up to two events per contact (at most 21: a hit and its combo),
    /// two meters filling, a throw's grab, tech or landing, two knock-outs and the round's end.
    static constexpr std::int32_t CAPACITY = 64;
    std::array<Event, CAPACITY> items{};
    std::int32_t count = 0;

    void Clear() { count = 0; }
    /// Appends `e`; a full list keeps its first CAPACITY events (the step asserts it never is).
    bool Push(const Event& e) {
        if (count >= CAPACITY) return false;
        items[static_cast<std::size_t>(count++)] = e;
        return true;
    }
    [[nodiscard]] std::span<const Event> View() const { return {items.data(), static_cast<std::size_t>(count)}; }
};

}  // namespace game
