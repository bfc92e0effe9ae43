// The fixed-tick step: phases and rounds, inputs to actions, movement, pushboxes; the hit passes
// are in hits.cpp. The state is integers only (subpixels, ticks, milli-degrees), and so is every
// computation: a spinning projectile turns by collide's integer CORDIC (ProjectileTransform), no
// libm, no float. No SDL, no clock, no globals. What happens is told
// through the tick's events (events.h), never printed or stored as words.
#include "game/assert.h"
#include "game/game.h"
#include "game/internal.h"

#include <algorithm>

namespace game {

using namespace detail;

namespace {

// The anchor's pixel stays in [w/2, width - 1 - w/2], so the pushbox stays between the walls (the
// stage's ends); the range is symmetric under x -> width - 1 - x, which keeps the rules mirror-exact.
std::int32_t MinAnchorSubpx(const FighterDef& def) {
    return def.pushboxWidthPx / 2 * SUBPIXELS_PER_PX;
}
std::int32_t MaxAnchorSubpx(const StageGeometry& stage, const FighterDef& def) {
    return (stage.widthPx - 1 - def.pushboxWidthPx / 2) * SUBPIXELS_PER_PX + (SUBPIXELS_PER_PX - 1);
}
void ClampToStage(const StageGeometry& stage, const FighterDef& def, FighterState& f) {
    f.xSubpx = std::clamp(f.xSubpx, MinAnchorSubpx(def), MaxAnchorSubpx(stage, def));
}

void ResetFighterForRound(const StageGeometry& stage, const FighterDef& def, FighterState& f, std::int32_t side) {
    // Round wins and the meter carry over from round to round.
    const std::int32_t roundsWon = f.roundsWon, meter = f.meter;
    const std::uint8_t held = f.heldBits;
    f = FighterState{};
    f.roundsWon = roundsWon;
    f.meter = meter;
    f.heldBits = held;
    f.xSubpx = stage.startXPx[static_cast<std::size_t>(side)] * SUBPIXELS_PER_PX;
    f.ySubpx = FLOOR_SUBPX;
    f.facing = side == 0 ? Facing::Right : Facing::Left;
    f.health = def.maxHealth;
    f.animation = AnimIndex(Anim::Idle);
}

void StartRound(const MatchDefs& defs, MatchState& s) {
    for (std::int32_t i = 0; i < 2; ++i) ResetFighterForRound(s.config.stage, *defs.fighters[i], s.fighters[i], i);
    s.projectiles = {};
    s.sparks = {};
    s.nextSpark = 0;
    for (CpuState& c : s.cpu) ForgetRound(c);
    s.phase = Phase::Intro;
    s.phaseTicks = INTRO_TICKS;
    s.roundTicksLeft = ROUND_TICKS;
    s.hitstopTicks = 0;
    s.superFreezeTicks = 0;
    s.roundWinner = -1;
}

// Records presses (edges) before anything else, so a press during hitstop is buffered.
void RecordPresses(FighterState& f, Input input, bool timePasses) {
    static constexpr Input::Bit BUTTONS[3] = {Input::PUNCH, Input::KICK, Input::SPECIAL};
    for (int b = 0; b < 3; ++b) {
        const bool pressed = input.Has(BUTTONS[b]) && (f.heldBits & BUTTONS[b]) == 0;
        if (pressed) {
            f.pressedAgo[b] = 0;
        } else if (timePasses) {
            f.pressedAgo[b] = std::min(f.pressedAgo[b] + 1, 99);
        }
    }
    f.heldBits = input.bits;
    // The history keeps every tick, frozen ones too: a motion typed during hitstop still counts.
    f.historyAt = (f.historyAt + 1) % INPUT_HISTORY_TICKS;
    f.inputHistory[static_cast<std::size_t>(f.historyAt)] = input.bits;
}

// Marks the presses a move used as spent, so one press starts one move.
void ConsumeButton(FighterState& f, Button button) {
    if (button == Button::PunchKick) {
        f.pressedAgo[0] = f.pressedAgo[1] = 99;
    } else {
        f.pressedAgo[static_cast<std::size_t>(button)] = 99;
    }
}

// Starts move `move` now: from a free stance, in a jump, as a cancel (`replaced` is the move it
// cancels, with a Cancel event) or replacing a move in its first ticks. A super pays its meter and
// freezes the fight.
void StartMove(const FighterDef& def, MatchState& s, std::int32_t side, std::int32_t move, EventList& events,
               std::int32_t cancelled = -1) {
    FighterState& f = s.fighters[static_cast<std::size_t>(side)];
    const MoveDef& m = def.moves[static_cast<std::size_t>(move)];
    if (f.move >= 0) ConsumeButton(f, def.moves[static_cast<std::size_t>(f.move)].button);
    StartAction(f, m.stance == Stance::Air ? Action::AirAttack : Action::Attack, m.animation);
    f.move = move;
    f.moveHasHit = false;
    f.projectileThrown = false;
    f.moveBoxHitRejected = false;
    f.moveLanded = MoveLanded::None;
    if (m.stance != Stance::Air) f.vxSubpx = 0;  // an air attack keeps the jump's flight
    ConsumeButton(f, m.button);
    f.meter -= m.meterCost;
    Emit(events, FighterEvent(s, EventKind::MoveStart, side, move));
    if (cancelled >= 0) {
        Event e = FighterEvent(s, EventKind::Cancel, side, move);
        e.value = cancelled;
        Emit(events, e);
    }
    if (m.superFreezeTicks > 0) {
        s.superFreezeTicks = std::max(s.superFreezeTicks, m.superFreezeTicks);
        Event e = FighterEvent(s, EventKind::SuperStart, side, move);
        e.value = m.superFreezeTicks;
        Emit(events, e);
    }
}

// A move's way out of itself (docs/rules.md, "Cancels"): after its attack made contact, inside one
// of its cancel windows, a move the window names starts at once; and in its first
// REPLACE_WINDOW_TICKS ticks, before it can hit, a move of higher priority whose input completes
// replaces it (its own press still counts: punch, then kick a tick later, is a throw). Returns
// whether a move started.
bool TryCancel(const FighterDef& def, MatchState& s, std::int32_t side, Input input, EventList& events) {
    FighterState& f = s.fighters[static_cast<std::size_t>(side)];
    const MoveDef& move = def.moves[static_cast<std::size_t>(f.move)];
    const std::int32_t frame = FrameIndexAt(def.animations[static_cast<std::size_t>(f.animation)], f.animTick);
    if (f.moveLanded != MoveLanded::None) {
        for (const CancelDef& c : move.cancels) {
            if (frame < c.firstFrame || frame > c.lastFrame) continue;
            if (c.on == CancelOn::Hit && f.moveLanded != MoveLanded::Hit) continue;
            const std::int32_t next = FindMoveAmong(def, f, input, c.into);
            if (next < 0) continue;
            StartMove(def, s, side, next, events, f.move);
            return true;
        }
    }
    if (f.animTick <= REPLACE_WINDOW_TICKS && !f.moveHasHit && move.stance != Stance::Air) {
        FighterState probe = f;
        const auto restore = [&](std::size_t b) { probe.pressedAgo[b] = std::min(probe.pressedAgo[b], f.animTick); };
        if (move.button == Button::PunchKick) {
            restore(0), restore(1);
        } else {
            restore(static_cast<std::size_t>(move.button));
        }
        const std::int32_t next = FindRequestedMove(def, probe, input);
        if (next >= 0 && MovePriority(def.moves[static_cast<std::size_t>(next)]) > MovePriority(move)) {
            f.pressedAgo = probe.pressedAgo;
            StartMove(def, s, side, next, events);
            return true;
        }
    }
    return false;
}

// Was the fighter low on its last tick (a crouching block, a crouching move): a crouch then goes on
// at full depth instead of playing its way down again from a taller pose.
bool InLowPose(const FighterDef& def, const FighterState& f) {
    if (f.action == Action::Attack && f.move >= 0)
        return def.moves[static_cast<std::size_t>(f.move)].stance == Stance::Crouch;
    return RuleOf(f.action).low && f.action != Action::Knockdown && f.action != Action::Thrown;
}

// Proximity guard (docs/rules.md, "Block"): is an attack coming at `side`? The opponent is in a
// move's startup or active frames within PROXIMITY_GUARD_PX, or a projectile of its flies at it
// from that close. Mirror-exact: only distances.
bool UnderThreat(const MatchDefs& defs, const MatchState& s, std::int32_t side) {
    const FighterState& f = s.fighters[static_cast<std::size_t>(side)];
    const FighterState& o = s.fighters[static_cast<std::size_t>(1 - side)];
    const FighterDef& odef = *defs.fighters[static_cast<std::size_t>(1 - side)];
    if ((o.action == Action::Attack || o.action == Action::AirAttack) && o.move >= 0 &&
        std::abs(ToPx(o.xSubpx) - ToPx(f.xSubpx)) <= PROXIMITY_GUARD_PX) {
        const MoveDef& m = odef.moves[static_cast<std::size_t>(o.move)];
        const std::int32_t frame = FrameIndexAt(odef.animations[static_cast<std::size_t>(o.animation)], o.animTick);
        if (m.activeFirst >= 0 && frame <= m.activeLast && !o.moveHasHit) return true;
    }
    for (const ProjectileState& p : s.projectiles) {
        if (!p.alive || p.owner == side) continue;
        const std::int32_t toward = (ToPx(f.xSubpx) - ToPx(p.xSubpx)) * (p.vxSubpx >= 0 ? 1 : -1);
        if (toward >= 0 && toward <= PROXIMITY_GUARD_PX) return true;
    }
    return false;
}

// A free fighter picks what to do from its input: a move, a jump, a crouch, a walk or nothing.
void ChooseAction(const MatchDefs& defs, const FighterDef& def, MatchState& s, std::int32_t side, Input input,
                  EventList& events, bool fromLowPose) {
    FighterState& f = s.fighters[static_cast<std::size_t>(side)];
    const std::int32_t move = FindRequestedMove(def, f, input);
    const std::int32_t sign = FacingSign(f.facing);
    if (move >= 0) {
        StartMove(def, s, side, move, events);
        return;
    }
    f.move = -1;
    if (input.Has(Input::UP)) {
        // The pre-jump: on the ground for PREJUMP_TICKS with the jump's first frame (the crouch before
        // the spring), its direction chosen now; UpdateFighter takes off.
        StartAction(f, Action::PreJump, AnimIndex(Anim::Jump));
        f.stunTicks = PREJUMP_TICKS;
        f.vxSubpx = 0;
        f.jumpVxSubpx = HoldsForward(f, input) ? sign * def.jumpForwardSubpx
                        : HoldsBack(f, input)  ? -sign * def.jumpForwardSubpx
                                               : 0;
        return;
    }
    if (input.Has(Input::DOWN)) {
        // From a low pose (a crouching block, a crouching move, crouching already) the crouch goes
        // on at its full depth; only from standing does it play its way down (docs/rules.md).
        const std::int32_t crouch = AnimIndex(Anim::Crouch);
        if (fromLowPose && f.animation != crouch) {
            const AnimationDef& anim = def.animations[static_cast<std::size_t>(crouch)];
            StartAction(f, Action::Crouch, crouch);
            f.animTick = anim.TotalTicks() - anim.frames.back().ticks;
        } else {
            SetAction(f, Action::Crouch, crouch);
        }
        f.vxSubpx = 0;
    } else if (HoldsForward(f, input)) {
        SetAction(f, Action::WalkForward, AnimIndex(Anim::WalkForward));
        f.vxSubpx = sign * def.walkForwardSubpx;
    } else if (HoldsBack(f, input) && UnderThreat(defs, s, side)) {
        // Proximity guard: holding back while an attack is coming raises the guard in place.
        SetAction(f, Action::WalkBack, AnimIndex(Anim::BlockStand));
        f.vxSubpx = 0;
    } else if (HoldsBack(f, input)) {
        SetAction(f, Action::WalkBack, AnimIndex(Anim::WalkBack));
        f.vxSubpx = -sign * def.walkBackSubpx;
    } else {
        SetAction(f, Action::Idle, AnimIndex(Anim::Idle));
        f.vxSubpx = 0;
    }
}

bool AnimationFinished(const FighterDef& def, const FighterState& f) {
    const AnimationDef& anim = def.animations[static_cast<std::size_t>(f.animation)];
    return !anim.loop && f.animTick >= anim.TotalTicks();
}

void SpawnProjectile(const FighterDef& def, MatchState& s, std::int32_t side, EventList& events) {
    FighterState& f = s.fighters[static_cast<std::size_t>(side)];
    const MoveDef& move = def.moves[static_cast<std::size_t>(f.move)];
    f.projectileThrown = true;
    for (const ProjectileState& p : s.projectiles) {
        if (p.alive && p.owner == side) return;  // one in flight per fighter: the throw is empty
    }
    for (ProjectileState& p : s.projectiles) {
        if (p.alive) continue;
        const std::int32_t sign = FacingSign(f.facing);
        p = ProjectileState{};
        p.alive = true;
        p.owner = side;
        p.move = f.move;
        p.facing = f.facing;
        p.xSubpx = f.xSubpx + sign * move.projectile->spawnOffsetPx.x * SUBPIXELS_PER_PX;
        p.ySubpx = f.ySubpx + move.projectile->spawnOffsetPx.y * SUBPIXELS_PER_PX;
        p.vxSubpx = sign * move.projectile->speedSubpx;
        Event e = FighterEvent(s, EventKind::ProjectileThrown, side, f.move);
        e.xPx = ToPx(p.xSubpx), e.yPx = ToPx(p.ySubpx);
        Emit(events, e);
        return;
    }
}

// One fighter's tick: time passes for its animation, then its state machine, then its motion.
void UpdateFighter(const MatchDefs& defs, MatchState& s, std::int32_t side, Input input, bool acceptInput,
                   EventList& events) {
    const FighterDef& def = *defs.fighters[static_cast<std::size_t>(side)];
    FighterState& f = s.fighters[static_cast<std::size_t>(side)];
    const FighterState& opponent = s.fighters[static_cast<std::size_t>(1 - side)];
    ++f.animTick;
    // A victim in the thrower's hands goes where the throw puts it (UpdateThrows), nowhere else.
    if (f.action == Action::Thrown && opponent.action == Action::Throwing) return;
    if (f.throwImmuneTicks > 0) --f.throwImmuneTicks;
    bool free = false, gotUp = false;
    switch (f.action) {
        case Action::Hitstun:
        case Action::BlockStand:
        case Action::BlockCrouch:
        case Action::TechRecoil:
        case Action::Landing:
            free = --f.stunTicks <= 0 && IsGrounded(f);
            f.stunTicks = std::max(f.stunTicks, 0);
            break;
        case Action::PreJump:
            if (--f.stunTicks <= 0) {
                // Take-off: the jump animation plays on from the pre-jump's frame.
                f.stunTicks = 0;
                f.action = Action::Jump;
                f.vySubpx = -def.jumpVelocitySubpx;
                f.vxSubpx = f.jumpVxSubpx;
                Emit(events, FighterEvent(s, EventKind::Jump, side));
            }
            break;
        case Action::Thrown:  // lying where it landed, then up
            free = gotUp = --f.stunTicks <= 0;
            f.stunTicks = std::max(f.stunTicks, 0);
            break;
        case Action::Knockdown:
            // Down until KNOCKDOWN_TICKS have passed on the floor (a KO stays down: stunTicks 0 and
            // no health); the last GET_UP_TICKS play the fighter's get_up animation, if it has one.
            if (f.health > 0 && IsGrounded(f) && f.stunTicks > 0) {
                free = gotUp = --f.stunTicks <= 0;
                if (f.stunTicks == GET_UP_TICKS && def.getUpAnimation >= 0)
                    StartAction(f, Action::Knockdown, def.getUpAnimation);
            }
            break;
        case Action::Attack: {
            const MoveDef& move = def.moves[static_cast<std::size_t>(f.move)];
            const std::int32_t frame = FrameIndexAt(def.animations[static_cast<std::size_t>(f.animation)], f.animTick);
            if (move.projectile && !f.projectileThrown && frame >= move.projectile->spawnFrame) {
                SpawnProjectile(def, s, side, events);
            }
            // A rush drives forward through its active frames until it connects.
            if (move.advanceSubpx != 0) {
                f.vxSubpx = IsActiveFrame(move, frame) && !f.moveHasHit ? FacingSign(f.facing) * move.advanceSubpx : 0;
            }
            if (acceptInput && TryCancel(def, s, side, input, events)) break;
            free = AnimationFinished(def, f);
            // A melee move that ends without touching anything still earns a little meter.
            if (free && move.activeFirst >= 0 && !f.moveHasHit && move.meterCost == 0)
                AddMeter(s, side, METER_WHIFF, events);
            break;
        }
        case Action::Jump:
            // One attack per jump: the air attack lasts until landing.
            if (acceptInput) {
                const std::int32_t move = FindRequestedMove(def, f, input);
                if (move >= 0) StartMove(def, s, side, move, events);
            }
            break;
        case Action::Throwing:  // UpdateThrows ends the toss
            break;
        default:
            // The rest: a jump lands in the motion step below; a knockdown and a win pose last; an
            // air attack holds its last frame until it lands.
            free = RuleOf(f.action).free;
            break;
    }
    if (gotUp) {
        f.throwImmuneTicks = WAKEUP_THROW_IMMUNE_TICKS;
        Emit(events, FighterEvent(s, EventKind::GetUp, side));
    }
    if (free) {
        const bool fromLowPose = InLowPose(def, f);
        f.move = -1;
        if (acceptInput) {
            ChooseAction(defs, def, s, side, input, events, fromLowPose);
        } else {
            SetAction(f, Action::Idle, AnimIndex(Anim::Idle));
            f.vxSubpx = 0;
        }
    }
    // A combo lasts while its defender is in hitstun (or down from its last hit).
    if (f.action != Action::Hitstun && f.action != Action::Knockdown) f.comboHits = 0, f.counterHit = false;

    // Motion: own velocity, then the knockback slide, then gravity while airborne.
    f.xSubpx += f.vxSubpx + f.slideSubpx;
    if (f.slideSubpx > 0) f.slideSubpx = std::max(0, f.slideSubpx - SLIDE_FRICTION_SUBPX);
    if (f.slideSubpx < 0) f.slideSubpx = std::min(0, f.slideSubpx + SLIDE_FRICTION_SUBPX);
    if (f.ySubpx < FLOOR_SUBPX || f.vySubpx < 0) {
        f.ySubpx += f.vySubpx;
        f.vySubpx += def.gravitySubpx;
        if (f.ySubpx >= FLOOR_SUBPX) {
            f.ySubpx = FLOOR_SUBPX;
            f.vySubpx = 0;
            if (f.action == Action::Jump || f.action == Action::AirAttack) {
                f.vxSubpx = 0;
                if (f.action == Action::AirAttack) {
                    // Landing recovery, shown as the jump's last frame (its landing pose).
                    const AnimationDef& jump = def.Animation(Anim::Jump);
                    StartAction(f, Action::Landing, AnimIndex(Anim::Jump));
                    f.animTick = jump.TotalTicks() - jump.frames.back().ticks;
                    f.stunTicks = LANDING_RECOVERY_TICKS;
                } else {
                    SetAction(f, Action::Idle, AnimIndex(Anim::Idle));
                }
                f.move = -1;
                Emit(events, FighterEvent(s, EventKind::Land, side));
            }
        }
    }
    ClampToStage(s.config.stage, def, f);
}

// The tick of `anim` on which frame `frame` starts.
std::int32_t FrameStartTick(const AnimationDef& anim, std::int32_t frame) {
    std::int32_t t = 0;
    for (std::int32_t i = 0; i < frame && i < static_cast<std::int32_t>(anim.frames.size()); ++i)
        t += anim.frames[static_cast<std::size_t>(i)].ticks;
    return t;
}

// Throws in progress (docs/rules.md, "Throws"): the victim is carried at the toss frame's victim
// offset and shows the matching frame of its "thrown" animation; a tech in the window breaks the
// throw; when the toss ends the victim lands, takes the damage, lies and gets up.
void UpdateThrows(const MatchDefs& defs, MatchState& s, bool acceptInput, EventList& events) {
    for (std::int32_t side = 0; side < 2; ++side) {
        FighterState& t = s.fighters[static_cast<std::size_t>(side)];
        if (t.action != Action::Throwing) continue;
        FighterState& v = s.fighters[static_cast<std::size_t>(1 - side)];
        const FighterDef& tdef = *defs.fighters[static_cast<std::size_t>(side)];
        const FighterDef& vdef = *defs.fighters[static_cast<std::size_t>(1 - side)];
        const MoveDef& move = tdef.moves[static_cast<std::size_t>(t.move)];
        const ThrowDef& td = *move.throwDef;
        const AnimationDef& toss = tdef.animations[static_cast<std::size_t>(td.animation)];
        const std::int32_t sign = FacingSign(t.facing);
        // The tech: punch and kick together on one of the TECH_WINDOW_TICKS ticks after the grab.
        const std::int32_t punch = v.pressedAgo[0], kick = v.pressedAgo[1];
        const bool techPressed =
            punch < INPUT_BUFFER_TICKS && kick < INPUT_BUFFER_TICKS && std::abs(punch - kick) <= THROW_PRESS_GAP_TICKS;
        if (acceptInput && t.animTick >= 1 && t.animTick <= TECH_WINDOW_TICKS && techPressed) {
            TechApart(s, side, t.move, events);
            continue;
        }
        const auto offsetCount = static_cast<std::int32_t>(td.victimOffsetsPx.size());
        if (AnimationFinished(tdef, t)) {
            const collide::Point last = td.victimOffsetsPx.back();
            v.xSubpx = t.xSubpx + sign * (last.x + td.landingPx) * SUBPIXELS_PER_PX;
            v.ySubpx = FLOOR_SUBPX;
            v.vxSubpx = v.vySubpx = v.slideSubpx = 0;
            ClampToStage(s.config.stage, vdef, v);
            const std::int32_t healthBefore = v.health;
            if (s.phase == Phase::Fight) {
                v.health = std::max(0, v.health - move.damage);
                ++s.stats.hits[static_cast<std::size_t>(side)];
                AddMeter(s, side, METER_THROW, events);
                AddMeter(s, 1 - side, METER_HIT_TAKEN, events);
            }
            Event e = FighterEvent(s, EventKind::Thrown, side, t.move);
            e.target = static_cast<std::int8_t>(1 - side);
            e.xPx = ToPx(v.xSubpx), e.yPx = FLOOR_Y_PX;
            e.value = healthBefore - v.health;
            Emit(events, e);
            if (v.health == 0) {
                StartAction(v, Action::Knockdown, AnimIndex(Anim::Knockdown));
                v.stunTicks = 0;
                Emit(events, FighterEvent(s, EventKind::KnockOut, 1 - side));
            } else if (vdef.thrownAnimation >= 0 &&
                       static_cast<std::int32_t>(
                           vdef.animations[static_cast<std::size_t>(vdef.thrownAnimation)].frames.size()) >
                           offsetCount) {
                // The thrown animation's frames after the carried ones: lying, getting up.
                const AnimationDef& thrown = vdef.animations[static_cast<std::size_t>(vdef.thrownAnimation)];
                v.animation = vdef.thrownAnimation;
                v.animTick = FrameStartTick(thrown, offsetCount);
                v.stunTicks = thrown.TotalTicks() - v.animTick;
            } else {
                StartAction(v, Action::Thrown, AnimIndex(Anim::Knockdown));
                v.stunTicks = THROWN_FALLBACK_DOWN_TICKS;
            }
            t.move = -1;
            SetAction(t, Action::Idle, AnimIndex(Anim::Idle));
            continue;
        }
        // Carried: frame i of the toss holds the victim at offset i, showing its thrown frame i.
        const std::int32_t frame = FrameIndexAt(toss, t.animTick);
        const collide::Point off = td.victimOffsetsPx[static_cast<std::size_t>(std::min(frame, offsetCount - 1))];
        v.xSubpx = t.xSubpx + sign * off.x * SUBPIXELS_PER_PX;
        v.ySubpx = t.ySubpx + off.y * SUBPIXELS_PER_PX;
        v.vxSubpx = v.vySubpx = v.slideSubpx = 0;
        v.facing = t.facing == Facing::Right ? Facing::Left : Facing::Right;
        ClampToStage(s.config.stage, vdef, v);
        if (vdef.thrownAnimation >= 0) {
            const AnimationDef& thrown = vdef.animations[static_cast<std::size_t>(vdef.thrownAnimation)];
            const std::int32_t vf = std::min(frame, static_cast<std::int32_t>(thrown.frames.size()) - 1);
            const std::int32_t into = t.animTick - FrameStartTick(toss, frame);
            v.animation = vdef.thrownAnimation;
            v.animTick =
                FrameStartTick(thrown, vf) + std::min(into, thrown.frames[static_cast<std::size_t>(vf)].ticks - 1);
        } else {
            v.animation = AnimIndex(Anim::Hit);
            v.animTick = 0;
        }
    }
}

// Fighters turn to face each other whenever they are free on the ground.
void UpdateFacing(MatchState& s) {
    for (std::int32_t i = 0; i < 2; ++i) {
        FighterState& f = s.fighters[static_cast<std::size_t>(i)];
        const FighterState& o = s.fighters[static_cast<std::size_t>(1 - i)];
        if (!CanAct(f) || o.xSubpx == f.xSubpx) continue;
        const Facing want = o.xSubpx > f.xSubpx ? Facing::Right : Facing::Left;
        if (want != f.facing) {
            f.facing = want;
            // A walk keeps its screen direction: forward and back swap.
            if (f.action == Action::WalkForward)
                SetAction(f, Action::WalkBack, AnimIndex(Anim::WalkBack));
            else if (f.action == Action::WalkBack)
                SetAction(f, Action::WalkForward, AnimIndex(Anim::WalkForward));
        }
    }
}

// Pushboxes keep the bodies apart: each fighter is pushed away by half the overlap (rounded up,
// so the split is the same seen from either side: the rules are mirror-exact), and what a wall
// stops one fighter from taking, the other takes (the corner push).
void ResolvePushboxes(const MatchDefs& defs, MatchState& s) {
    if (!RuleOf(s.fighters[0].action).pushes || !RuleOf(s.fighters[1].action).pushes) return;  // a throw
    const collide::Rect boxA = PushboxOf(*defs.fighters[0], s.fighters[0]);
    const collide::Rect boxB = PushboxOf(*defs.fighters[1], s.fighters[1]);
    if (boxA.y >= boxB.Bottom() || boxB.y >= boxA.Bottom()) return;  // one is above the other
    const FighterState& a = s.fighters[0];
    const FighterState& b = s.fighters[1];
    const std::size_t l = (a.xSubpx < b.xSubpx || (a.xSubpx == b.xSubpx && a.facing == Facing::Right)) ? 0 : 1;
    FighterState& left = s.fighters[l];
    FighterState& right = s.fighters[1 - l];
    const FighterDef& defL = *defs.fighters[l];
    const FighterDef& defR = *defs.fighters[1 - l];
    // Each box is w px wide, centred on the middle of the anchor's subpixel: the overlap below is
    // the same number when the whole scene is mirrored.
    const std::int32_t overlap =
        left.xSubpx - right.xSubpx + (defL.pushboxWidthPx + defR.pushboxWidthPx) * SUBPIXELS_PER_PX / 2;
    if (overlap <= 0) return;
    std::int32_t pushL = (overlap + 1) / 2, pushR = (overlap + 1) / 2;
    const std::int32_t roomL = left.xSubpx - MinAnchorSubpx(defL),
                       roomR = MaxAnchorSubpx(s.config.stage, defR) - right.xSubpx;
    if (pushL > roomL) pushR += pushL - roomL, pushL = roomL;
    if (pushR > roomR) pushL = std::min(roomL, pushL + pushR - roomR), pushR = roomR;
    left.xSubpx -= pushL;
    right.xSubpx += pushR;
}

// On a stage wider than the screen the fighters stay within one screen of each other, so the camera
// always shows both (render/camera.h): when their pushboxes' span would pass SCREEN_WIDTH_PX, each is
// pulled in by half the excess, whole pixels, the same for both (mirror-exact). On a stage one
// screen wide the walls bind first: the rule never acts there.
void KeepWithinOneScreen(const MatchDefs& defs, MatchState& s) {
    const std::size_t l = s.fighters[0].xSubpx <= s.fighters[1].xSubpx ? 0 : 1;
    FighterState& left = s.fighters[l];
    FighterState& right = s.fighters[1 - l];
    const std::int32_t halfL = defs.fighters[l]->pushboxWidthPx / 2;
    const std::int32_t widthR = defs.fighters[1 - l]->pushboxWidthPx;
    const std::int32_t maxApartPx = SCREEN_WIDTH_PX - halfL - (widthR - widthR / 2);
    const std::int32_t excessPx = ToPx(right.xSubpx) - ToPx(left.xSubpx) - maxApartPx;
    if (excessPx <= 0) return;
    const std::int32_t pullSubpx = (excessPx + 1) / 2 * SUBPIXELS_PER_PX;
    left.xSubpx += pullSubpx;
    right.xSubpx -= pullSubpx;
}

void UpdateProjectiles(const MatchDefs& defs, MatchState& s) {
    for (ProjectileState& p : s.projectiles) {
        if (!p.alive) continue;
        const FighterDef& def = *defs.fighters[static_cast<std::size_t>(p.owner)];
        const ProjectileDef& pd = *def.moves[static_cast<std::size_t>(p.move)].projectile;
        p.xSubpx += p.vxSubpx;
        ++p.ageTicks;
        p.angleMilliDeg = (p.angleMilliDeg + pd.spinMilliDegreesPerTick) % 360000;
        const std::int32_t x = ToPx(p.xSubpx);
        if (p.ageTicks >= pd.lifetimeTicks || x < -64 || x > s.config.stage.widthPx + 64) p.alive = false;
    }
}

void AgeSparks(MatchState& s) {
    for (Spark& sp : s.sparks) {
        if (sp.ageTicks >= 0 && ++sp.ageTicks >= SPARK_LIFETIME_TICKS) sp.ageTicks = -1;
    }
}

void EndRound(MatchState& s, std::int32_t winner, EventList& events) {
    Event e = FighterEvent(s, EventKind::RoundEnd, -1);
    e.value = winner;
    Emit(events, e);
    s.phase = Phase::RoundEnd;
    s.phaseTicks = ROUND_END_TICKS;
    s.roundWinner = winner;
    s.hitstopTicks = 0;
    for (std::int32_t i = 0; i < 2; ++i) {
        if (winner == i || winner == 2) ++s.fighters[static_cast<std::size_t>(i)].roundsWon;
    }
    for (ProjectileState& p : s.projectiles) p.alive = false;
}

void CheckRoundOver(const MatchDefs& defs, MatchState& s, EventList& events) {
    const bool koA = s.fighters[0].health <= 0, koB = s.fighters[1].health <= 0;
    if (koA || koB) {
        EndRound(s, koA && koB ? 2 : koA ? 1 : 0, events);
        return;
    }
    if (s.roundTicksLeft <= 0) {
        // Time: the larger share of health left wins; equal shares draw.
        const std::int64_t shareA = std::int64_t{s.fighters[0].health} * defs.fighters[1]->maxHealth;
        const std::int64_t shareB = std::int64_t{s.fighters[1].health} * defs.fighters[0]->maxHealth;
        Emit(events, FighterEvent(s, EventKind::TimeOver, -1));
        EndRound(s, shareA == shareB ? 2 : shareA > shareB ? 0 : 1, events);
    }
}

// After a round: the winner poses, the loser stays down; then the next round or the match's end.
void UpdateRoundEnd(const MatchDefs& defs, MatchState& s, EventList& events) {
    for (std::int32_t i = 0; i < 2; ++i) {
        FighterState& f = s.fighters[static_cast<std::size_t>(i)];
        const bool winner = s.roundWinner == i;
        if (winner && f.action != Action::Win && IsGrounded(f) &&
            ROUND_END_TICKS - s.phaseTicks >= WIN_POSE_DELAY_TICKS && f.action != Action::Attack) {
            StartAction(f, Action::Win, AnimIndex(Anim::Win));
            f.vxSubpx = 0;
        }
        UpdateFighter(defs, s, i, Input{}, false, events);
    }
    UpdateThrows(defs, s, false, events);
    ResolvePushboxes(defs, s);
    if (s.phase == Phase::MatchOver || --s.phaseTicks > 0) return;
    const bool aDone = s.fighters[0].roundsWon >= ROUNDS_TO_WIN, bDone = s.fighters[1].roundsWon >= ROUNDS_TO_WIN;
    if (aDone || bDone) {
        s.phase = Phase::MatchOver;
        s.matchWinner = aDone && bDone ? 2 : aDone ? 0 : 1;
        Event e = FighterEvent(s, EventKind::MatchOver, -1);
        e.value = s.matchWinner;
        Emit(events, e);
        return;
    }
    ++s.round;
    StartRound(defs, s);
}

// The tick after its bookkeeping: inputs (the CPU thinks), then what the phase does.
void StepPhases(const MatchDefs& defs, MatchState& s, const Inputs& inputs, const StepHooks& hooks, EventList& events) {
    Inputs effective = inputs;
    for (std::int32_t i = 0; i < 2; ++i) {
        if (s.config.controllers[static_cast<std::size_t>(i)] == Controller::Cpu)
            effective[static_cast<std::size_t>(i)] = ThinkCpu(defs, s, i);
    }
    AgeSparks(s);
    switch (s.phase) {
        case Phase::Intro:
            if (s.phaseTicks == INTRO_TICKS) {
                Event e = FighterEvent(s, EventKind::RoundStart, -1);
                e.value = s.round;
                Emit(events, e);
            }
            for (std::int32_t i = 0; i < 2; ++i) {
                RecordPresses(s.fighters[static_cast<std::size_t>(i)], effective[static_cast<std::size_t>(i)], true);
                ++s.fighters[static_cast<std::size_t>(i)].animTick;
            }
            if (--s.phaseTicks <= 0) {
                s.phase = Phase::Fight;
                Emit(events, FighterEvent(s, EventKind::FightStart, -1));
            }
            return;
        case Phase::RoundEnd:
        case Phase::MatchOver:
            for (std::int32_t i = 0; i < 2; ++i) RecordPresses(s.fighters[static_cast<std::size_t>(i)], Input{}, true);
            UpdateRoundEnd(defs, s, events);
            return;
        case Phase::Fight:
            break;
    }
    const bool frozen = s.hitstopTicks > 0 || s.superFreezeTicks > 0;
    for (std::int32_t i = 0; i < 2; ++i)
        RecordPresses(s.fighters[static_cast<std::size_t>(i)], effective[static_cast<std::size_t>(i)], !frozen);
    if (frozen) {
        // Both fighters and everything else hold still: a super's freeze first, then hitstop.
        if (s.superFreezeTicks > 0) {
            --s.superFreezeTicks;
        } else {
            --s.hitstopTicks;
        }
        return;
    }
    --s.roundTicksLeft;
    for (std::int32_t i = 0; i < 2; ++i) {
        UpdateFighter(defs, s, i, effective[static_cast<std::size_t>(i)], true, events);
    }
    UpdateThrows(defs, s, true, events);
    UpdateProjectiles(defs, s);
    UpdateFacing(s);
    ResolvePushboxes(defs, s);
    KeepWithinOneScreen(defs, s);
    RunHitPasses(defs, s, effective, hooks, events);
    CheckRoundOver(defs, s, events);
}

}  // namespace

void DebugRecord::Clear() {
    bodies.clear();
    pairs.clear();
    contacts.clear();
    frozen = false;
    pairsTested = boxOverlaps = pixelContacts = 0;
    collidingPixels = 0;
    hitboxPassMicros = pixelPassMicros = 0.0;
}

std::int32_t FrameIndexAt(const AnimationDef& anim, std::int32_t animTick) {
    const std::int32_t total = anim.TotalTicks();
    std::int32_t t = anim.loop ? animTick % total : std::min(animTick, total - 1);
    for (std::size_t i = 0; i < anim.frames.size(); ++i) {
        if (t < anim.frames[i].ticks) return static_cast<std::int32_t>(i);
        t -= anim.frames[i].ticks;
    }
    return static_cast<std::int32_t>(anim.frames.size()) - 1;
}

const FrameDef& CurrentFrame(const FighterDef& def, const FighterState& f) {
    const AnimationDef& anim = def.animations[static_cast<std::size_t>(f.animation)];
    return anim.frames[static_cast<std::size_t>(FrameIndexAt(anim, f.animTick))];
}

collide::Placement PlaceFrame(const FrameDef& frame, std::int32_t worldX, std::int32_t worldY, Facing facing) {
    // Facing left mirrors about the anchor's column: sprite column c lands on worldX + ax - c.
    if (facing == Facing::Left) {
        return collide::Placement{worldX + frame.anchorPx.x - (frame.widthPx - 1), worldY - frame.anchorPx.y,
                                  collide::Flip::Horizontal};
    }
    return collide::Placement{worldX - frame.anchorPx.x, worldY - frame.anchorPx.y, collide::Flip::None};
}

collide::ExactTransform ProjectileTransform(const FrameDef& frame, const ProjectileState& p) {
    // Integers only: the angle lives in the state as milli-degrees and collide turns it by integer
    // CORDIC (collide::UnitVectorOf), so a rotated pixel lands on the same world pixel on every
    // machine, compiler and C library, which rollback netplay's hash comparison needs.
    collide::ExactTransform t;
    // The anchor pixel's centre sits on the world anchor pixel's centre (1/256 px units): at
    // angle 0 this is exactly PlaceFrame's placement.
    t.anchorMaskX256 = frame.anchorPx.x * 256 + 128;
    t.anchorMaskY256 = frame.anchorPx.y * 256 + 128;
    t.anchorWorldX256 = ToPx(p.xSubpx) * 256 + 128;
    t.anchorWorldY256 = ToPx(p.ySubpx) * 256 + 128;
    t.angleMilliDeg = p.facing == Facing::Left ? -p.angleMilliDeg : p.angleMilliDeg;
    t.flip = p.facing == Facing::Left ? collide::Flip::Horizontal : collide::Flip::None;
    return t;
}

std::int32_t PickFighter(const MatchDefs& defs, const MatchState& s, std::int32_t worldX, std::int32_t worldY) {
    for (std::int32_t i = 0; i < 2; ++i) {
        const FighterState& f = s.fighters[static_cast<std::size_t>(i)];
        const FrameDef& frame = CurrentFrame(*defs.fighters[static_cast<std::size_t>(i)], f);
        if (collide::IsHotAt(frame.masks.any, PlaceFrame(frame, ToPx(f.xSubpx), ToPx(f.ySubpx), f.facing), worldX,
                             worldY))
            return i;
    }
    return -1;
}

collide::Rect PushboxOf(const FighterDef& def, const FighterState& f) {
    const std::int32_t h = RuleOf(f.action).low ? def.pushboxCrouchHeightPx : def.pushboxHeightPx;
    const std::int32_t x = ToPx(f.xSubpx), y = ToPx(f.ySubpx);
    return collide::Rect{x - def.pushboxWidthPx / 2, y - h, def.pushboxWidthPx, h};
}

void RestartRound(const MatchDefs& defs, MatchState& s) {
    StartRound(defs, s);
}

void ConformToDefs(const MatchDefs& defs, MatchState& s) {
    for (std::size_t i = 0; i < 2; ++i) {
        const FighterDef& def = *defs.fighters[i];
        FighterState& f = s.fighters[i];
        const bool animGone = f.animation < 0 || static_cast<std::size_t>(f.animation) >= def.animations.size();
        // A throw whose thrower no longer has it (or whose toss is gone) lets both go, on the floor.
        const FighterState& o = s.fighters[1 - i];
        const FighterDef& odef = *defs.fighters[1 - i];
        const auto throwGone = [](const FighterDef& d, const FighterState& t) {
            return t.move < 0 || static_cast<std::size_t>(t.move) >= d.moves.size() ||
                   !d.moves[static_cast<std::size_t>(t.move)].throwDef ||
                   static_cast<std::size_t>(d.moves[static_cast<std::size_t>(t.move)].throwDef->animation) !=
                       static_cast<std::size_t>(t.animation);
        };
        const bool throwBroken = (f.action == Action::Throwing && throwGone(def, f)) ||
                                 (f.action == Action::Thrown &&
                                  (o.action == Action::Throwing ? throwGone(odef, o) : f.ySubpx < FLOOR_SUBPX));
        const bool moveGone = f.move >= 0 && f.action != Action::Throwing &&
                              (static_cast<std::size_t>(f.move) >= def.moves.size() ||
                               def.moves[static_cast<std::size_t>(f.move)].animation != f.animation);
        if (animGone || moveGone || throwBroken) {
            StartAction(f, Action::Idle, AnimIndex(Anim::Idle));
            f.move = -1;
            f.stunTicks = 0;
            f.ySubpx = FLOOR_SUBPX;
            f.vySubpx = 0;
        }
        f.health = std::min(f.health, def.maxHealth);
        ClampToStage(s.config.stage, def, f);
    }
    for (ProjectileState& p : s.projectiles) {
        if (!p.alive) continue;
        const FighterDef& def = *defs.fighters[static_cast<std::size_t>(p.owner)];
        if (static_cast<std::size_t>(p.move) >= def.moves.size() ||
            !def.moves[static_cast<std::size_t>(p.move)].projectile)
            p.alive = false;
    }
}

MatchState NewMatch(const MatchDefs& defs, const MatchConfig& config) {
    for (const FighterDef* def : defs.fighters) {
        GAME_ASSERT(def != nullptr, "MatchDefs::fighters holds two definitions: set both before NewMatch");
#ifndef NDEBUG
        if (const std::string problem = FindDefProblem(*def); !problem.empty()) {
            std::fprintf(stderr, "fighter \"%s\": %s\n", def->id.c_str(), problem.c_str());
            GAME_ASSERT(problem.empty(),
                        "the FighterDef breaks a promise of fighter_def.h (above): build it with assets::LoadFighter, "
                        "or fix the code that made it");
        }
#endif
    }
    MatchState s;
    s.config = config;
    s.config.cpuLevel = std::clamp(config.cpuLevel, 1, 3);
    s.rng.state = config.seed;
    StartRound(defs, s);
    return s;
}

void StepMatch(const MatchDefs& defs, MatchState& s, const Inputs& inputs, const StepHooks& hooks) {
    ++s.tick;
    // A hitstop tick runs no hit passes: the record keeps the last tick's passes (what froze the
    // fight) marked frozen, instead of going blank while the picture holds still.
    const bool hitstopTick = s.phase == Phase::Fight && (s.hitstopTicks > 0 || s.superFreezeTicks > 0);
    if (hooks.debug != nullptr && hitstopTick) {
        hooks.debug->frozen = true;
    } else if (hooks.debug != nullptr) {
        hooks.debug->Clear();
        hooks.debug->tick = s.tick;
    }
    // The tick's events gather here (on the stack: the step allocates nothing), then go to the
    // caller's list.
    EventList events;
    StepPhases(defs, s, inputs, hooks, events);
    if (hooks.events != nullptr) *hooks.events = events;
}

}  // namespace game

namespace game::detail {

void Emit(EventList& events, const Event& e) {
    const bool kept = events.Push(e);
    GAME_ASSERT(kept, "a tick made more events than EventList::CAPACITY: raise the capacity in events.h");
    (void)kept;
}

// Both fighters stagger apart: a tech, or two grabs on one tick.
void TechApart(MatchState& s, std::int32_t thrower, std::int32_t move, EventList& events) {
    FighterState& t = s.fighters[static_cast<std::size_t>(thrower)];
    FighterState& v = s.fighters[static_cast<std::size_t>(1 - thrower)];
    const std::int32_t sign = FacingSign(t.facing);
    for (FighterState* f : {&t, &v}) {
        StartAction(*f, Action::TechRecoil, AnimIndex(Anim::BlockStand));
        f->stunTicks = TECH_RECOIL_TICKS;
        f->move = -1;
        f->vxSubpx = f->vySubpx = 0;
        f->ySubpx = FLOOR_SUBPX;
        f->pressedAgo[0] = f->pressedAgo[1] = 99;  // the tech's presses are spent
    }
    t.slideSubpx = -sign * TECH_PUSH_SUBPX;
    v.slideSubpx = sign * TECH_PUSH_SUBPX;
    v.facing = t.facing == Facing::Right ? Facing::Left : Facing::Right;
    Event e = FighterEvent(s, EventKind::ThrowTech, thrower, move);
    e.target = static_cast<std::int8_t>(1 - thrower);
    Emit(events, e);
}

void AddMeter(MatchState& s, std::int32_t side, std::int32_t amount, EventList& events) {
    FighterState& f = s.fighters[static_cast<std::size_t>(side)];
    if (f.meter >= METER_MAX) return;
    f.meter = std::min(METER_MAX, f.meter + amount);
    if (f.meter == METER_MAX) Emit(events, FighterEvent(s, EventKind::MeterFull, side));
}

void SpawnSparks(MatchState& s, std::span<const Event> events) {
    for (const Event& e : events) {
        SparkKind kind{};
        switch (e.kind) {
            case EventKind::Hit:
                kind = SparkKind::Hit;
                break;
            case EventKind::Block:
                kind = SparkKind::Block;
                break;
            case EventKind::Clash:
                kind = SparkKind::Clash;
                break;
            case EventKind::ProjectileCancel:
                kind = SparkKind::ProjectileCancel;
                break;
            default:
                continue;
        }
        // A new spark takes the oldest slot.
        s.sparks[static_cast<std::size_t>(s.nextSpark)] = Spark{e.xPx, e.yPx, 0, kind};
        s.nextSpark = (s.nextSpark + 1) % MAX_SPARKS;
    }
}

}  // namespace game::detail
