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
    if (settings.stance == DummyStance::Slot) {
        const Slot& slot = settings.slots[static_cast<std::size_t>(std::clamp(settings.slot, 0, SLOT_COUNT - 1))];
        if (slot.inputs.empty()) return Input{};
        if (training.slotAt >= static_cast<std::int32_t>(slot.inputs.size())) {
            if (!settings.loopSlot) return Input{};
            training.slotAt = 0;
        }
        return ToScreen(slot.inputs[static_cast<std::size_t>(training.slotAt++)], d.facing);
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
    StepMatch(defs, s, inputs, hooks);
    if (s.phase != Phase::Fight) return inputs;
    s.roundTicksLeft = ROUND_TICKS;  // training has no clock
    FighterState& d = s.fighters[dummy];
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

void ResetPositions(const MatchDefs& defs, MatchState& s, std::int32_t dummy, ResetPlace place) {
    constexpr std::int32_t GAP_PX = 80;
    const StageGeometry& stage = s.config.stage;
    const std::int32_t mirrorSubpx = (stage.widthPx - 1) * SUBPIXELS_PER_PX + SUBPIXELS_PER_PX - 1;
    std::array<std::int32_t, 2> x{stage.startXPx[0] * SUBPIXELS_PER_PX, stage.startXPx[1] * SUBPIXELS_PER_PX};
    const auto d = static_cast<std::size_t>(dummy);
    const std::int32_t halfWidth = defs.fighters[d]->pushboxWidthPx / 2;
    if (place != ResetPlace::Mid) {
        x[d] = (halfWidth + 1) * SUBPIXELS_PER_PX;
        x[1 - d] = x[d] + GAP_PX * SUBPIXELS_PER_PX;
        if (place == ResetPlace::RightCorner) {
            for (std::int32_t& xs : x) xs = mirrorSubpx - xs;
        }
    }
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

void TrainingObserver::Observe(const MatchDefs& defs, const MatchState& s, std::span<const Event> events) {
    const std::int64_t t = observed++;
    std::array<FrameCell, 2> cells{};
    for (std::size_t i = 0; i < 2; ++i) {
        cells[i] = SampleFrameCell(*defs.fighters[i], s.fighters[i]);
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
    for (const Event& e : events) {
        if ((e.kind == EventKind::Hit || e.kind == EventKind::Block) && e.fighter >= 0 && e.target >= 0) {
            exchange.open = true;
            exchange.result = Advantage{e.tick, e.fighter, e.move, e.kind == EventKind::Block, 0};
            exchange.freeAt = {-1, -1};
        }
        // Any contact of a fighter's attack ends its whiff: hits, blocks, grabs and clashes.
        if (e.fighter >= 0 && (e.kind == EventKind::Hit || e.kind == EventKind::Block || e.kind == EventKind::Grab ||
                               e.kind == EventKind::ClashSpent)) {
            if (!e.projectile) activation[static_cast<std::size_t>(e.fighter)].contact = true;
        }
        if (e.kind == EventKind::Clash) activation[0].contact = activation[1].contact = true;
    }
    if (exchange.open) {
        for (std::size_t i = 0; i < 2; ++i) {
            if (exchange.freeAt[i] < 0 && cells[i] == FrameCell::Free && IsGrounded(s.fighters[i]))
                exchange.freeAt[i] = t;
        }
        const auto a = static_cast<std::size_t>(exchange.result.attacker);
        if (exchange.freeAt[0] >= 0 && exchange.freeAt[1] >= 0) {
            exchange.result.frames = static_cast<std::int32_t>(exchange.freeAt[1 - a] - exchange.freeAt[a]);
            advantages.push_back(exchange.result);
            exchange.open = false;
        }
    }
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
}

}  // namespace game
