// Training mode's core (training.h): the dummy, the training rules around StepMatch, the observer.
// Everything is read from the simulated state after each step (never from a manifest's frame
// counts), so what the meter shows is what the fight did, hitstop and cancels included.
#include "game/training.h"

#include "game/internal.h"

#include <algorithm>
#include <cstdlib>

namespace game {

using detail::FacingSign;
using detail::IsGrounded;

namespace {

std::int32_t FrameOf(const FighterDef& def, const FighterState& f, std::int32_t animTick) {
    return FrameIndexAt(def.animations[static_cast<std::size_t>(f.animation)], animTick);
}

// Is the player's attack about to meet the dummy? Its frame on the coming tick (the step advances
// animTick before the hit pass) or the current one (hitstop holds it) is active, or a projectile of
// the player's flies at the dummy from close. Holding back only then keeps the dummy from walking
// away from the attacks it is set to block.
bool Threatened(const MatchDefs& defs, const MatchState& s, std::int32_t dummy, HitHeight& height) {
    const std::int32_t player = 1 - dummy;
    const FighterDef& def = *defs.fighters[static_cast<std::size_t>(player)];
    const FighterState& p = s.fighters[static_cast<std::size_t>(player)];
    const FighterState& d = s.fighters[static_cast<std::size_t>(dummy)];
    height = HitHeight::Mid;
    if ((p.action == Action::Attack || p.action == Action::AirAttack) && p.move >= 0 && !p.moveHasHit) {
        const MoveDef& move = def.moves[static_cast<std::size_t>(p.move)];
        if (IsActiveFrame(move, FrameOf(def, p, p.animTick + 1)) || IsActiveFrame(move, FrameOf(def, p, p.animTick))) {
            height = move.height;
            return true;
        }
    }
    for (const ProjectileState& pr : s.projectiles) {
        if (!pr.alive || pr.owner != player) continue;
        const std::int32_t gap = (ToPx(d.xSubpx) - ToPx(pr.xSubpx)) * (pr.vxSubpx >= 0 ? 1 : -1);
        if (gap >= 0 && gap <= DUMMY_PROJECTILE_ALERT_PX) {
            height = def.moves[static_cast<std::size_t>(pr.move)].height;
            return true;
        }
    }
    return false;
}

// The slot to play: `chosen`, or (randomSlot) one of the recorded ones by the dummy's coin.
std::int32_t PickSlot(const TrainingSettings& settings, TrainingState& training, std::int32_t chosen) {
    chosen = std::clamp(chosen, 0, SLOT_COUNT - 1);
    if (!settings.randomSlot) return chosen;
    std::array<std::int32_t, SLOT_COUNT> recorded{};
    std::uint32_t count = 0;
    for (std::int32_t i = 0; i < SLOT_COUNT; ++i)
        if (!settings.slots[static_cast<std::size_t>(i)].inputs.empty()) recorded[count++] = i;
    return count == 0 ? chosen : recorded[training.rng.Below(count)];
}

// The index of a slot's first input with a button (0 when it has none): a reversal's lead.
std::int32_t FirstButtonAt(const Slot& slot) {
    for (std::size_t i = 0; i < slot.inputs.size(); ++i)
        if (slot.inputs[i].bits & (Input::PUNCH | Input::KICK | Input::SPECIAL)) return static_cast<std::int32_t>(i);
    return 0;
}

// Before a step: in how many steps (this one the first) a grounded stunned fighter is free, the
// freeze still owed first; 0 when it cannot be told (in the air, in a throw's hands, not stunned).
std::int32_t StepsUntilFree(const MatchState& s, const FighterState& f) {
    if (!IsGrounded(f) || f.stunTicks <= 0) return 0;
    switch (f.action) {
        case Action::Hitstun:
        case Action::BlockStand:
        case Action::BlockCrouch:
        case Action::Knockdown:
            return s.hitstopTicks + s.superFreezeTicks + f.stunTicks;
        case Action::Thrown:
            return s.fighters[0].action == Action::Throwing || s.fighters[1].action == Action::Throwing
                       ? 0
                       : s.hitstopTicks + s.superFreezeTicks + f.stunTicks;
        default:
            return 0;
    }
}

}  // namespace

Input ToForwardBack(Input screen, Facing facing) {
    if (facing == Facing::Right) return screen;
    const std::uint8_t lr = screen.bits & (Input::LEFT | Input::RIGHT);
    const std::uint8_t swapped =
        static_cast<std::uint8_t>(((lr & Input::LEFT) ? Input::RIGHT : 0) | ((lr & Input::RIGHT) ? Input::LEFT : 0));
    return Input{static_cast<std::uint8_t>((screen.bits & ~(Input::LEFT | Input::RIGHT)) | swapped)};
}

Input ToScreen(Input forwardBack, Facing facing) {
    return ToForwardBack(forwardBack, facing);  // the swap is its own inverse
}

MatchState NewTrainingMatch(const MatchDefs& defs, MatchConfig config, TrainingState& training) {
    MatchState s = NewMatch(defs, config);
    s.phase = Phase::Fight;
    s.phaseTicks = 0;
    training = TrainingState{};
    // A stream of its own, so the dummy's coin never shifts the CPU's choices.
    training.rng.state = config.seed ^ 0x7452'4149'4E49'4E47ull;
    return s;
}

Input DummyInput(const MatchDefs& defs, const MatchState& s, const TrainingSettings& settings,
                 TrainingState& training) {
    const std::int32_t side = settings.dummy;
    const FighterState& d = s.fighters[static_cast<std::size_t>(side)];
    const FighterState& p = s.fighters[static_cast<std::size_t>(1 - side)];
    // A throw tech: punch and kick pressed on the grab's first tick in the thrower's hands.
    if (p.action != Action::Throwing) {
        training.techSeen = false;
    } else if (!training.techSeen && p.animTick == 0) {
        training.techSeen = true;
        const bool tech =
            settings.tech == DummyTech::Always || (settings.tech == DummyTech::Random && training.rng.Below(2) == 0);
        if (tech) return Input{static_cast<std::uint8_t>(Input::PUNCH | Input::KICK)};
    }
    // A reversal: the slot starts so that its first button lands on the dummy's first free tick
    // (the directions before it are typed during the stun, as a player would).
    if (training.reversalAt < 0 && settings.reversal != DummyReversal::Off) {
        const std::int32_t pick = PickSlot(settings, training, settings.reversalSlot);
        const Slot& slot = settings.slots[static_cast<std::size_t>(pick)];
        const bool trigger = settings.reversal == DummyReversal::WakeUp
                                 ? d.action == Action::Knockdown || d.action == Action::Thrown
                             : settings.reversal == DummyReversal::Block
                                 ? d.action == Action::BlockStand || d.action == Action::BlockCrouch
                                 : d.action == Action::Hitstun;
        const std::int32_t steps = StepsUntilFree(s, d);
        const std::int32_t lead = FirstButtonAt(slot);
        if (trigger && steps > 0 && !slot.inputs.empty() && steps - 1 <= lead) {
            training.playing = pick;
            training.reversalAt = lead - (steps - 1);
        }
    }
    if (training.reversalAt >= 0) {
        const Slot& slot = settings.slots[static_cast<std::size_t>(training.playing)];
        if (training.reversalAt < static_cast<std::int32_t>(slot.inputs.size()))
            return ToScreen(slot.inputs[static_cast<std::size_t>(training.reversalAt++)], d.facing);
        training.reversalAt = -1;
    }
    if (settings.stance == DummyStance::Slot) {
        if (!settings.randomSlot || training.playing < 0)
            training.playing = PickSlot(settings, training, settings.slot);
        const Slot* slot = &settings.slots[static_cast<std::size_t>(training.playing)];
        if (slot->inputs.empty()) return Input{};
        if (training.slotAt >= static_cast<std::int32_t>(slot->inputs.size())) {
            if (!settings.loopSlot) return Input{};
            training.slotAt = 0;
            training.playing = PickSlot(settings, training, settings.slot);
            slot = &settings.slots[static_cast<std::size_t>(training.playing)];
            if (slot->inputs.empty()) return Input{};
        }
        return ToScreen(slot->inputs[static_cast<std::size_t>(training.slotAt++)], d.facing);
    }
    // After-first: a hit arms the block; blocking keeps it armed; it lapses once the dummy has been
    // free for the grace time (the combo or the string is over).
    if (d.action == Action::Hitstun) {
        training.armedTicks = AFTER_FIRST_GRACE_TICKS;
    } else if ((d.action == Action::BlockStand || d.action == Action::BlockCrouch) && training.armedTicks > 0) {
        training.armedTicks = AFTER_FIRST_GRACE_TICKS;
    } else if (training.armedTicks > 0) {
        --training.armedTicks;
    }
    HitHeight height = HitHeight::Mid;
    const bool threat = Threatened(defs, s, side, height);
    if (!threat) {
        training.threatSeen = false;
    } else if (!training.threatSeen) {
        training.threatSeen = true;
        training.blockThreat = training.rng.Below(2) == 0;  // a coin per attack, tossed once
    }
    bool block = false;
    switch (settings.block) {
        case DummyBlock::None:
            break;
        case DummyBlock::All:
            block = threat;
            break;
        case DummyBlock::AfterFirst:
            block = threat && training.armedTicks > 0;
            break;
        case DummyBlock::Random:
            block = threat && training.blockThreat;
            break;
    }
    const bool crouching = settings.stance == DummyStance::Crouch;
    if (block) {
        // Lows are blocked crouching, overheads standing, the rest in the dummy's own stance.
        const bool low = height == HitHeight::Low || (crouching && height != HitHeight::Overhead);
        const std::uint8_t back = d.facing == Facing::Right ? Input::LEFT : Input::RIGHT;
        return Input{static_cast<std::uint8_t>(back | (low ? Input::DOWN : 0))};
    }
    switch (settings.stance) {
        case DummyStance::Crouch:
            return Input{Input::DOWN};
        case DummyStance::Jump:
            return Input{Input::UP};
        case DummyStance::Stand:
        case DummyStance::Slot:
            break;
    }
    return Input{};
}

Inputs StepTraining(const MatchDefs& defs, MatchState& s, const TrainingSettings& settings, TrainingState& training,
                    Inputs inputs, const StepHooks& hooks) {
    const auto dummy = static_cast<std::size_t>(settings.dummy);
    inputs[dummy] = DummyInput(defs, s, settings, training);
    const FighterState was = s.fighters[dummy];
    StepMatch(defs, s, inputs, hooks);
    if (s.phase != Phase::Fight) return inputs;
    s.roundTicksLeft = ROUND_TICKS;  // training has no clock
    FighterState& d = s.fighters[dummy];
    // Counter-hit forced: a combo's first hit that was not one gets what the rules give one (the
    // hitstun bonus, the HUD's call, the event) as if the dummy had been in its startup.
    const bool freshHit = d.action == Action::Hitstun && d.comboHits == 1 &&
                          (was.action != Action::Hitstun || was.comboHits != 1 || d.stunTicks > was.stunTicks);
    if (settings.counterHit && freshHit && !d.counterHit) {
        d.counterHit = true;
        d.stunTicks += COUNTER_HIT_HITSTUN_BONUS_TICKS;
        if (hooks.events != nullptr) {
            for (const Event& hit : hooks.events->View()) {
                if (hit.kind != EventKind::Hit || hit.target != settings.dummy) continue;
                Event e = hit;  // the hit's tick, attacker, move and place
                e.kind = EventKind::CounterHit;
                e.value = COUNTER_HIT_HITSTUN_BONUS_TICKS;
                hooks.events->Push(e);
                break;
            }
        }
    }
    const FighterState& p = s.fighters[1 - dummy];
    if (settings.recovery == DummyRecovery::Now && d.action == Action::Thrown && p.action != Action::Throwing &&
        IsGrounded(d)) {
        // Lying where the throw left it: up at once.
        detail::StartAction(d, Action::Idle, detail::AnimIndex(Anim::Idle));
        d.stunTicks = 0;
        d.vxSubpx = 0;
    }
    if (settings.refill) {
        bool bothFree = s.hitstopTicks == 0 && s.superFreezeTicks == 0;
        for (std::size_t i = 0; i < 2; ++i)
            bothFree = bothFree && SampleFrameCell(*defs.fighters[i], s.fighters[i]) == FrameCell::Free &&
                       IsGrounded(s.fighters[i]);
        if (bothFree) {
            for (std::size_t i = 0; i < 2; ++i) {
                s.fighters[i].health = defs.fighters[i]->maxHealth;
                s.fighters[i].meter = METER_MAX;
            }
        }
    }
    return inputs;
}

namespace {

// Both fighters on the floor, idle, at anchors `x` (subpixels), facing each other; projectiles gone.
void PlaceFighters(const MatchDefs& defs, MatchState& s, const std::array<std::int32_t, 2>& x) {
    for (std::size_t i = 0; i < 2; ++i) {
        FighterState& f = s.fighters[i];
        f.xSubpx = x[i];
        f.ySubpx = detail::FLOOR_SUBPX;
        f.vxSubpx = f.vySubpx = f.slideSubpx = 0;
        detail::StartAction(f, Action::Idle, detail::AnimIndex(Anim::Idle));
        f.move = -1;
        f.moveHasHit = f.projectileThrown = f.moveBoxHitRejected = false;
        f.stunTicks = 0;
        f.comboHits = 0;
        f.moveLanded = MoveLanded::None;
        f.health = defs.fighters[i]->maxHealth;
    }
    s.fighters[0].facing = x[0] <= x[1] ? Facing::Right : Facing::Left;
    s.fighters[1].facing = x[0] <= x[1] ? Facing::Left : Facing::Right;
    s.projectiles = {};
    s.hitstopTicks = s.superFreezeTicks = 0;
}

}  // namespace

void ResetPositions(const MatchDefs& defs, MatchState& s, std::int32_t dummy, ResetPlace place) {
    constexpr std::int32_t GAP_PX = 80;
    const StageGeometry& stage = s.config.stage;
    const std::int32_t mirrorSubpx = (stage.widthPx - 1) * SUBPIXELS_PER_PX + SUBPIXELS_PER_PX - 1;
    std::array<std::int32_t, 2> x{stage.startXPx[0] * SUBPIXELS_PER_PX, stage.startXPx[1] * SUBPIXELS_PER_PX};
    const auto d = static_cast<std::size_t>(dummy);
    const std::int32_t halfWidth = defs.fighters[d]->pushboxWidthPx / 2;
    if (place == ResetPlace::LeftCorner || place == ResetPlace::RightCorner) {
        x[d] = (halfWidth + 1) * SUBPIXELS_PER_PX;
        x[1 - d] = x[d] + GAP_PX * SUBPIXELS_PER_PX;
        if (place == ResetPlace::RightCorner) {
            for (std::int32_t& xs : x) xs = mirrorSubpx - xs;
        }
    }
    PlaceFighters(defs, s, x);
}

void ResetPositions(const MatchDefs& defs, MatchState& s, const TrainingSettings& settings, ResetPlace place) {
    if (place == ResetPlace::Custom && settings.customXSubpx != std::array<std::int32_t, 2>{0, 0}) {
        PlaceFighters(defs, s, settings.customXSubpx);
    } else {
        ResetPositions(defs, s, settings.dummy, place == ResetPlace::Custom ? ResetPlace::Mid : place);
    }
}

void SaveCustomPosition(const MatchState& s, TrainingSettings& settings) {
    settings.customXSubpx = {s.fighters[0].xSubpx, s.fighters[1].xSubpx};
}

FrameCell SampleFrameCell(const FighterDef& def, const FighterState& f) {
    switch (f.action) {
        case Action::Attack:
        case Action::AirAttack: {
            if (f.move < 0) return FrameCell::Recovery;
            const MoveDef& move = def.moves[static_cast<std::size_t>(f.move)];
            const std::int32_t frame = FrameOf(def, f, f.animTick);
            // A projectile move without active frames of its own is active on the frame that throws.
            const std::int32_t first = move.activeFirst >= 0 ? move.activeFirst
                                       : move.projectile     ? move.projectile->spawnFrame
                                                             : -1;
            const std::int32_t last = move.activeFirst >= 0 ? move.activeLast : first;
            if (first < 0 || frame > last) return FrameCell::Recovery;
            return frame < first ? FrameCell::Startup : FrameCell::Active;
        }
        case Action::Hitstun:
        case Action::Thrown:
        case Action::Knockdown:
            return FrameCell::Hitstun;
        case Action::BlockStand:
        case Action::BlockCrouch:
        case Action::TechRecoil:
            return FrameCell::Blockstun;
        case Action::Throwing:
        case Action::Landing:
            return FrameCell::Recovery;
        default:
            return FrameCell::Free;  // idle, walks, crouch, a jump without an attack, the win pose
    }
}

std::string InputLogText(const InputLogEntry& e) {
    std::string out(1, static_cast<char>('0' + e.numpad));
    if (e.buttons & Input::PUNCH) out += 'P';
    if (e.buttons & Input::KICK) out += 'K';
    if (e.buttons & Input::SPECIAL) out += 'S';
    return out;
}

std::int32_t SmallestTouchingShift(const collide::Mask& attack, collide::Placement attackPlace,
                                   const collide::Mask& hurt, collide::Placement hurtPlace, std::int32_t direction,
                                   std::int32_t maxShiftPx) {
    for (std::int32_t shift = 0; shift <= maxShiftPx; ++shift) {
        collide::Placement moved = attackPlace;
        moved.worldX += direction * shift;
        if (collide::QueryOverlap(attack, moved, hurt, hurtPlace).hit) return shift;
    }
    return -1;
}

namespace {

// The ticks until `f` is free if nothing touches it, counted from the state after a step: a stun
// runs out after stunTicks more steps, a grounded move after its animation's remaining ticks, both
// after the freeze still owed (match.cpp's UpdateFighter). -1: it cannot be told (in the air, in a
// throw's hands, a looping animation).
std::int32_t TicksUntilFree(const FighterDef& def, const MatchState& s, const FighterState& f,
                            const FighterState& opponent) {
    const std::int32_t freeze = s.hitstopTicks + s.superFreezeTicks;
    switch (f.action) {
        case Action::Hitstun:
        case Action::BlockStand:
        case Action::BlockCrouch:
        case Action::TechRecoil:
        case Action::Landing:
        case Action::Knockdown:
            if (!IsGrounded(f) || (f.action == Action::Knockdown && (f.health <= 0 || f.stunTicks <= 0))) return -1;
            return freeze + std::max(f.stunTicks, 1);
        case Action::Thrown:
            if (opponent.action == Action::Throwing) return -1;
            return freeze + std::max(f.stunTicks, 1);
        case Action::Attack: {
            const AnimationDef& anim = def.animations[static_cast<std::size_t>(f.animation)];
            if (anim.loop || !IsGrounded(f)) return -1;
            return freeze + std::max(anim.TotalTicks() - f.animTick, 1);
        }
        default:
            return -1;
    }
}

}  // namespace

std::string AdvantageText(const MatchDefs& defs, const Advantage& a) {
    const FighterDef& def = *defs.fighters[static_cast<std::size_t>(a.attacker)];
    std::string out = a.attacker == 0 ? "P1 " : "P2 ";
    if (a.move >= 0 && static_cast<std::size_t>(a.move) < def.moves.size())
        out.append(MoveInputNotation(def.moves[static_cast<std::size_t>(a.move)]));
    out.append(": ").append(a.frames > 0 ? "+" : "").append(std::to_string(a.frames));
    out.append(a.thrown ? " after a throw" : a.blocked ? " on block" : " on hit");
    if (a.knockdown && !a.thrown) out.append(" KD");
    return out;
}

std::string WhiffText(const MatchDefs& defs, const Whiff& w) {
    const FighterDef& def = *defs.fighters[static_cast<std::size_t>(w.attacker)];
    std::string out = w.attacker == 0 ? "P1 " : "P2 ";
    if (w.move >= 0 && static_cast<std::size_t>(w.move) < def.moves.size())
        out.append(MoveInputNotation(def.moves[static_cast<std::size_t>(w.move)])).append(" ");
    if (w.missedByPx >= 0) {
        out.append("MISSED BY ").append(std::to_string(w.missedByPx)).append(" PX");
    } else {
        out.append("OUT OF REACH");
    }
    if (w.boxOnlyTicks > 0)
        out.append(" - BOXES WOULD HAVE HIT (").append(std::to_string(w.boxOnlyTicks)).append(" TICKS)");
    return out;
}

std::string FiguresText(const MoveFigures& f) {
    if (f.move < 0) return "";
    std::string out = "S";
    out.append(std::to_string(f.startup)).append(" A").append(std::to_string(f.active));
    out.append(" R").append(std::to_string(f.recovery)).append(" T").append(std::to_string(f.Total()));
    return out;
}

void TrainingObserver::Observe(const MatchDefs& defs, const MatchState& s, std::span<const Event> events) {
    const std::int64_t t = observed++;
    // This step was frozen when the state before it owed hitstop or a super's freeze: nobody's
    // animation moved, so it is neither startup nor active nor stun on the meter.
    const bool frozen = frozenNext;
    frozenNext = s.hitstopTicks > 0 || s.superFreezeTicks > 0;
    std::array<FrameCell, 2> cells{};
    for (std::size_t i = 0; i < 2; ++i) {
        cells[i] = frozen ? FrameCell::Frozen : SampleFrameCell(*defs.fighters[i], s.fighters[i]);
        meter[i].push_back(cells[i]);
        // The input display: a new entry when the direction or the buttons change.
        const Input input{s.fighters[i].heldBits};
        const InputLogEntry now{NumpadDirection(input, s.fighters[i].facing),
                                static_cast<std::uint8_t>(input.bits & (Input::PUNCH | Input::KICK | Input::SPECIAL)),
                                1};
        auto& log = inputLog[i];
        if (!log.empty() && log.back().numpad == now.numpad && log.back().buttons == now.buttons) {
            ++log.back().ticks;
        } else {
            log.push_back(now);
            if (log.size() > INPUT_LOG_ENTRIES) log.erase(log.begin());
        }
    }
    // A move started this tick that is not a cancel: out of recovery or stun, the fighter acted.
    std::array<bool, 2> started{}, cancelled{};
    for (const Event& e : events) {
        if (e.fighter < 0 || e.fighter > 1) continue;
        if (e.kind == EventKind::MoveStart) started[static_cast<std::size_t>(e.fighter)] = true;
        if (e.kind == EventKind::Cancel) cancelled[static_cast<std::size_t>(e.fighter)] = true;
    }
    const std::size_t advantagesBefore = advantages.size(), whiffsBefore = whiffs.size();
    const auto close = [&] {
        const auto a = static_cast<std::size_t>(exchange.result.attacker);
        exchange.result.frames = static_cast<std::int32_t>(exchange.freeAt[1 - a] - exchange.freeAt[a]);
        advantages.push_back(exchange.result);
        exchange.open = false;
    };
    // A throw lands at the end of the toss, after the step took the thrower's input: it is idle
    // now but could not act on this tick, only on the next.
    std::int32_t notYet = -1;
    for (const Event& e : events) {
        const bool strike = (e.kind == EventKind::Hit || e.kind == EventKind::Block);
        if (e.kind == EventKind::Thrown) notYet = e.fighter;
        if ((strike || e.kind == EventKind::Thrown) && e.fighter >= 0 && e.target >= 0) {
            // The next contact before the last exchange ended: the side that already acted is free
            // from then, the other from where its stun or move would have run out.
            if (exchange.open) {
                for (std::size_t i = 0; i < 2; ++i) {
                    if (exchange.freeAt[i] < 0 && exchange.freeAt[1 - i] >= 0 && projectedFreeAt[i] >= 0)
                        exchange.freeAt[i] = projectedFreeAt[i];
                }
                if (exchange.freeAt[0] >= 0 && exchange.freeAt[1] >= 0) close();
            }
            exchange.open = true;
            exchange.result =
                Advantage{e.tick, e.fighter, e.move, e.kind == EventKind::Block, e.kind == EventKind::Thrown, false, 0};
            exchange.freeAt = {-1, -1};
        }
        if (e.kind == EventKind::KnockDown && exchange.open && e.fighter == exchange.result.attacker)
            exchange.result.knockdown = true;
        // Any contact of a fighter's attack ends its whiff: hits, blocks, grabs and clashes.
        if (e.fighter >= 0 && (e.kind == EventKind::Hit || e.kind == EventKind::Block || e.kind == EventKind::Grab ||
                               e.kind == EventKind::ClashSpent)) {
            if (!e.projectile) activation[static_cast<std::size_t>(e.fighter)].contact = true;
        }
        if (e.kind == EventKind::Clash) activation[0].contact = activation[1].contact = true;
    }
    if (exchange.open) {
        for (std::size_t i = 0; i < 2; ++i) {
            const bool free = cells[i] == FrameCell::Free && IsGrounded(s.fighters[i]);
            const bool acted = started[i] && !cancelled[i] &&
                               (lastCells[i] != FrameCell::Free || exchange.idleNotYet == static_cast<std::int32_t>(i));
            if (exchange.freeAt[i] < 0 && (free || acted) && notYet != static_cast<std::int32_t>(i))
                exchange.freeAt[i] = t;
        }
        if (exchange.freeAt[0] >= 0 && exchange.freeAt[1] >= 0) close();
    }
    exchange.idleNotYet = notYet;
    for (std::size_t i = 0; i < 2; ++i) {
        const std::int32_t until = TicksUntilFree(*defs.fighters[i], s, s.fighters[i], s.fighters[1 - i]);
        projectedFreeAt[i] = until >= 0 ? t + until : -1;
    }
    lastCells = cells;
    for (std::size_t i = 0; i < 2; ++i) {
        const FighterDef& def = *defs.fighters[i];
        const FighterState& f = s.fighters[i];
        Activation& act = activation[i];
        const bool melee = (f.action == Action::Attack || f.action == Action::AirAttack) && f.move >= 0 &&
                           def.moves[static_cast<std::size_t>(f.move)].activeFirst >= 0;
        const bool fresh = melee && (!act.open || act.move != f.move || f.animTick < act.lastAnimTick);
        if (act.open && (!melee || fresh)) {
            if (act.activeSeen && !act.contact)
                whiffs.push_back(
                    Whiff{s.tick, static_cast<std::int32_t>(i), act.move, act.missedByPx, act.boxOnlyTicks});
            act = Activation{};
        }
        if (!melee) continue;
        if (fresh) {
            act.open = true;
            act.move = f.move;
        }
        act.lastAnimTick = f.animTick;
        act.contact = act.contact || f.moveHasHit;
        // A frozen tick shows the same frame again: count each active tick once.
        if (act.contact || s.hitstopTicks > 0 || s.superFreezeTicks > 0) continue;
        const MoveDef& move = def.moves[static_cast<std::size_t>(f.move)];
        const AnimationDef& anim = def.animations[static_cast<std::size_t>(f.animation)];
        const FrameDef& frame = anim.frames[static_cast<std::size_t>(FrameIndexAt(anim, f.animTick))];
        if (!IsActiveFrame(move, FrameIndexAt(anim, f.animTick)) || frame.masks.attack.IsEmpty()) continue;
        const FighterState& o = s.fighters[1 - i];
        const FrameDef& oframe = CurrentFrame(*defs.fighters[1 - i], o);
        if (!RuleOf(o.action).hittable || oframe.masks.hurt.IsEmpty()) continue;
        act.activeSeen = true;
        const collide::Placement place = PlaceFrame(frame, ToPx(f.xSubpx), ToPx(f.ySubpx), f.facing);
        const collide::Placement oplace = PlaceFrame(oframe, ToPx(o.xSubpx), ToPx(o.ySubpx), o.facing);
        // Toward the defender: the side its anchor is on (the way the attacker faces when level).
        const std::int32_t toward = o.xSubpx > f.xSubpx ? 1 : o.xSubpx < f.xSubpx ? -1 : FacingSign(f.facing);
        const std::int32_t shift =
            SmallestTouchingShift(frame.masks.attack, place, oframe.masks.hurt, oplace, toward, MISS_SEARCH_PX);
        if (shift >= 0 && (act.missedByPx < 0 || shift < act.missedByPx)) act.missedByPx = shift;
        const collide::Rect overlap = collide::IntersectRects(collide::PlacedBounds(frame.masks.attack, place),
                                                              collide::PlacedBounds(oframe.masks.hurt, oplace));
        if (!overlap.IsEmpty() && shift != 0) {
            ++act.boxOnlyTicks;
            ++boxOnlyTicks[i];
        }
    }
    ObserveReading(s, events, cells, started, advantagesBefore, whiffsBefore);
}

void TrainingObserver::ObserveReading(const MatchState& s, std::span<const Event> events,
                                      const std::array<FrameCell, 2>& cells, const std::array<bool, 2>& started,
                                      std::size_t advantagesBefore, std::size_t whiffsBefore) {
    const bool bothFree = cells[0] == FrameCell::Free && cells[1] == FrameCell::Free;
    if (reading.ticks == 0 || reading.frozen) {
        if (bothFree) return;  // the last reading stays on the meter, frozen
        reading = MeterReading{};
    }
    ++reading.ticks;
    for (std::size_t i = 0; i < 2; ++i) {
        auto& row = reading.cells[i];
        row.push_back(cells[i]);
        if (row.size() > METER_READING_TICKS) row.erase(row.begin());
        // The side's first move: its cells until it is free or stunned, or starts another move.
        MoveFigures& f = reading.figures[i];
        const FrameCell c = cells[i];
        if (f.done || c == FrameCell::Frozen) continue;
        const bool moving = c == FrameCell::Startup || c == FrameCell::Active || c == FrameCell::Recovery;
        if (f.move < 0) {
            if (!moving) continue;
            f.move = s.fighters[i].move;
        } else if (!moving || (started[i] && s.fighters[i].move >= 0)) {
            f.done = true;
            continue;
        }
        if (c == FrameCell::Startup && f.active == 0) ++f.startup;
        if (c == FrameCell::Active) ++f.active;
        if (c == FrameCell::Recovery) ++f.recovery;
    }
    reading.advantages.insert(reading.advantages.end(),
                              advantages.begin() + static_cast<std::ptrdiff_t>(advantagesBefore), advantages.end());
    reading.whiffs.insert(reading.whiffs.end(), whiffs.begin() + static_cast<std::ptrdiff_t>(whiffsBefore),
                          whiffs.end());
    // Each hit with the scaling it was dealt at: its place in the combo is the defender's count.
    for (const Event& e : events) {
        if (e.kind != EventKind::Hit || e.fighter < 0 || e.target < 0) continue;
        const std::int32_t hits = std::max(1, s.fighters[static_cast<std::size_t>(e.target)].comboHits);
        if (hits == 1 || reading.comboAttacker != e.fighter) reading.combo.clear();
        reading.comboAttacker = e.fighter;
        const std::size_t at = std::min(static_cast<std::size_t>(hits), std::size(COMBO_SCALING_PERCENT)) - 1;
        reading.combo.push_back(ComboHit{e.move, e.value, COMBO_SCALING_PERCENT[at]});
    }
    if (bothFree && !exchange.open) reading.frozen = true;
}

std::array<std::string, 2> ComboText(const MatchDefs& defs, const MeterReading& reading, std::size_t maxChars) {
    if (reading.combo.empty() || reading.comboAttacker < 0) return {};
    const FighterDef& def = *defs.fighters[static_cast<std::size_t>(reading.comboAttacker)];
    std::int32_t total = 0;
    for (const ComboHit& h : reading.combo) total += h.damage;
    std::string head = reading.comboAttacker == 0 ? "P1 COMBO " : "P2 COMBO ";
    head.append(std::to_string(reading.combo.size())).append(reading.combo.size() == 1 ? " HIT, " : " HITS, ");
    head.append(std::to_string(total)).append(" DAMAGE");
    // The latest hits that fit, newest last.
    std::string hits;
    for (auto it = reading.combo.rbegin(); it != reading.combo.rend(); ++it) {
        std::string one = it->move >= 0 && static_cast<std::size_t>(it->move) < def.moves.size()
                              ? MoveInputNotation(def.moves[static_cast<std::size_t>(it->move)])
                              : std::string("?");
        one.append(" ").append(std::to_string(it->damage)).append(" ").append(std::to_string(it->scalingPercent));
        one.append("%");
        const std::string joined = hits.empty() ? one : one + " - " + hits;
        if (joined.size() > maxChars) break;
        hits = joined;
    }
    return {head, hits};
}

}  // namespace game
