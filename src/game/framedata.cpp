// Frame data (framedata.h): tick counts from the move's animation, advantages from its stun values,
// and pixel ranges by asking collide at every distance (301 queries per frame and pose and facing:
// exact, and cheap next to loading the PNGs).
#include "game/framedata.h"

#include "game/internal.h"
#include "game/training.h"

namespace game {

namespace {

std::int32_t TicksOf(const AnimationDef& anim, std::int32_t first, std::int32_t last) {
    std::int32_t t = 0;
    for (std::int32_t i = first; i <= last && i < static_cast<std::int32_t>(anim.frames.size()); ++i)
        t += anim.frames[static_cast<std::size_t>(i)].ticks;
    return t;
}

std::vector<PixelRange> Ranges(const FrameDef& attackFrame, const FrameDef& body, Facing facing) {
    std::vector<PixelRange> out;
    for (std::int32_t d = 0; d <= FRAMEDATA_MAX_DISTANCE_PX; ++d) {
        if (!TouchesAt(attackFrame, body, d, facing)) continue;
        if (!out.empty() && out.back().lastPx == d - 1) {
            out.back().lastPx = d;
        } else {
            out.push_back({d, d});
        }
    }
    return out;
}

}  // namespace

const FrameDef& StandingFrame(const FighterDef& def) {
    return def.Animation(Anim::Idle).frames.front();
}

const FrameDef& CrouchingFrame(const FighterDef& def) {
    return def.Animation(Anim::Crouch).frames.back();
}

bool TouchesAt(const FrameDef& attackFrame, const FrameDef& bodyFrame, std::int32_t distancePx, Facing facing) {
    // The attacker's anchor on world x 0; the defender `distancePx` ahead of it, facing back.
    const std::int32_t ahead = facing == Facing::Right ? distancePx : -distancePx;
    const Facing back = facing == Facing::Right ? Facing::Left : Facing::Right;
    const collide::Placement a = PlaceFrame(attackFrame, 0, FLOOR_Y_PX, facing);
    const collide::Placement b = PlaceFrame(bodyFrame, ahead, FLOOR_Y_PX, back);
    return collide::QueryOverlap(attackFrame.masks.attack, a, bodyFrame.masks.hurt, b).hit;
}

std::vector<MoveFrameData> ComputeFrameData(const FighterDef& attacker, const FighterDef& defender) {
    std::vector<MoveFrameData> out;
    const FrameDef& standing = StandingFrame(defender);
    const FrameDef& crouching = CrouchingFrame(defender);
    for (const MoveDef& move : attacker.moves) {
        const AnimationDef& anim = attacker.animations[static_cast<std::size_t>(move.animation)];
        const auto frames = static_cast<std::int32_t>(anim.frames.size());
        MoveFrameData m;
        m.name = move.name;
        m.notation = MoveInputNotation(move);
        m.damage = move.damage;
        if (move.activeFirst >= 0) {
            m.startup = TicksOf(anim, 0, move.activeFirst - 1);
            m.active = TicksOf(anim, move.activeFirst, move.activeLast);
            m.recovery = TicksOf(anim, move.activeLast + 1, frames - 1);
            // Hit on the first active tick: hitstop holds both, then the attacker plays its other
            // active ticks and its recovery and is free on the tick after; the defender is free
            // on the tick its stun runs out (docs/rules.md; the frame meter measures the same).
            if (move.stance != Stance::Air && !move.throwDef && !move.projectile) {
                const std::int32_t attackerBusy = m.active - 1 + m.recovery + 1;
                // A knockdown keeps the defender down for KNOCKDOWN_TICKS, counted as hitstun is.
                m.onHit = (move.knockdown ? KNOCKDOWN_TICKS : move.hitstunTicks) - attackerBusy;
                m.onBlock = move.blockstunTicks - attackerBusy;
                m.punish = PunishOnBlock(attacker, defender, static_cast<std::int32_t>(&move - attacker.moves.data()));
            }
            m.knockdown = move.knockdown;
            for (std::int32_t f = move.activeFirst; f <= move.activeLast; ++f) {
                const FrameDef& frame = anim.frames[static_cast<std::size_t>(f)];
                FrameReach r;
                r.frame = f;
                r.ticks = frame.ticks;
                r.standingRight = Ranges(frame, standing, Facing::Right);
                r.crouchingRight = Ranges(frame, crouching, Facing::Right);
                r.standingLeft = Ranges(frame, standing, Facing::Left);
                r.crouchingLeft = Ranges(frame, crouching, Facing::Left);
                m.reach.push_back(std::move(r));
            }
        } else if (move.projectile) {
            // As the frame meter shows it: the frame that throws is the active one.
            const std::int32_t spawn = move.projectile->spawnFrame;
            m.startup = TicksOf(anim, 0, spawn - 1);
            m.active = TicksOf(anim, spawn, spawn);
            m.recovery = TicksOf(anim, spawn + 1, frames - 1);
        } else {
            m.recovery = anim.TotalTicks();
        }
        out.push_back(std::move(m));
    }
    return out;
}

namespace {

// The state after `attacker` (side 0, facing right at x 200) started `move` from `distancePx`
// against `defender` (side 1), which blocks as the training dummy does, on the defender's first
// free tick after its block; nullopt when the move was not blocked.
std::optional<MatchState> AfterBlock(const MatchDefs& defs, std::int32_t move, std::int32_t distancePx) {
    MatchConfig config;
    config.controllers = {Controller::Human, Controller::Human};
    TrainingState training;
    MatchState s = NewTrainingMatch(defs, config, training);
    constexpr std::int32_t X_PX = 200;
    s.fighters[0].xSubpx = X_PX * SUBPIXELS_PER_PX;
    s.fighters[1].xSubpx = (X_PX + distancePx) * SUBPIXELS_PER_PX;
    s.fighters[0].meter = METER_MAX;  // a super is a super, not the same input's plain special
    TrainingSettings dummy;
    dummy.block = DummyBlock::All;
    dummy.refill = false;
    const std::vector<Input> typed = MoveInputSequence(defs.fighters[0]->moves[static_cast<std::size_t>(move)]);
    EventList events;
    bool blocked = false;
    for (std::int32_t t = 0; t < 120; ++t) {
        Inputs in{};
        if (t < static_cast<std::int32_t>(typed.size())) in[0] = typed[static_cast<std::size_t>(t)];
        StepTraining(defs, s, dummy, training, in, StepHooks{nullptr, nullptr, &events});
        for (const Event& e : events.View()) {
            if (e.kind == EventKind::Hit && e.target == 1) return std::nullopt;
            if (e.kind == EventKind::Block && e.target == 1) blocked = true;
        }
        if (blocked && detail::CanAct(s.fighters[1]) && s.hitstopTicks == 0) return s;
    }
    return std::nullopt;
}

// Does side 1, typing `move` after `waitTicks` from `s`, hit side 0 before side 0's animation ends?
bool LandsInTime(const MatchDefs& defs, MatchState s, std::int32_t move, std::int32_t waitTicks) {
    const std::int32_t animation = s.fighters[0].animation;
    const std::vector<Input> typed = MoveInputSequence(defs.fighters[1]->moves[static_cast<std::size_t>(move)]);
    EventList events;
    for (std::int32_t t = 0; t < 90; ++t) {
        Inputs in{};
        const std::int32_t k = t - waitTicks;
        if (k >= 0 && k < static_cast<std::int32_t>(typed.size()))
            in[1] = ToScreen(typed[static_cast<std::size_t>(k)], s.fighters[1].facing);
        const bool stillIn = s.fighters[0].action == Action::Attack && s.fighters[0].animation == animation;
        StepMatch(defs, s, in, StepHooks{nullptr, nullptr, &events});
        for (const Event& e : events.View()) {
            if (e.kind == EventKind::Hit && e.fighter == 1) return stillIn;
        }
        if (!stillIn) return false;
    }
    return false;
}

}  // namespace

std::optional<Punish> PunishOnBlock(const FighterDef& attacker, const FighterDef& defender, std::int32_t move) {
    const MoveDef& m = attacker.moves[static_cast<std::size_t>(move)];
    if (m.activeFirst < 0 || m.stance == Stance::Air || m.throwDef || m.projectile) return std::nullopt;
    const AnimationDef& anim = attacker.animations[static_cast<std::size_t>(m.animation)];
    // The farthest distance the first frame that reaches at all touches from...
    std::int32_t distance = -1;
    for (std::int32_t f = m.activeFirst; f <= m.activeLast && distance < 0; ++f) {
        const auto ranges = Ranges(anim.frames[static_cast<std::size_t>(f)], StandingFrame(defender), Facing::Right);
        if (!ranges.empty()) distance = ranges.back().lastPx;
    }
    if (distance < 0) return std::nullopt;
    MatchDefs defs;
    defs.fighters = {&attacker, &defender};
    // ...then closer, a pixel at a time, until it is blocked: a defender holding back walks back, so
    // at the very tip the move may reach nothing by the time it arrives.
    std::optional<MatchState> after;
    for (std::int32_t d = distance; d >= 0 && !after; --d) after = AfterBlock(defs, move, d);
    if (!after) return std::nullopt;
    Punish best;
    std::int32_t bestStartup = 1 << 20;
    for (std::size_t p = 0; p < defender.moves.size(); ++p) {
        const MoveDef& pm = defender.moves[p];
        if (pm.stance == Stance::Air || pm.meterCost > 0) continue;
        if (!LandsInTime(defs, *after, static_cast<std::int32_t>(p), 0)) continue;
        std::int32_t spare = 0;
        while (spare < 60 && LandsInTime(defs, *after, static_cast<std::int32_t>(p), spare + 1)) ++spare;
        const AnimationDef& panim = defender.animations[static_cast<std::size_t>(pm.animation)];
        const std::int32_t first = pm.activeFirst >= 0 ? pm.activeFirst : 0;
        const std::int32_t startup = TicksOf(panim, 0, first - 1) + static_cast<std::int32_t>(pm.motion.size());
        if (startup < bestStartup || (startup == bestStartup && spare > best.spareTicks)) {
            best = Punish{static_cast<std::int32_t>(p), MoveInputNotation(pm), spare};
            bestStartup = startup;
        }
    }
    return best;
}

std::string RangesText(const std::vector<PixelRange>& ranges) {
    if (ranges.empty()) return "-";
    std::string out;
    for (const PixelRange& r : ranges) {
        if (!out.empty()) out += ", ";
        out += std::to_string(r.firstPx);
        // Appended piece by piece: GCC 12 at -O3 misreads "literal" + std::string&& (-Wrestrict).
        if (r.lastPx != r.firstPx) out.append("-").append(std::to_string(r.lastPx));
    }
    return out;
}

}  // namespace game
