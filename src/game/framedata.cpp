// Frame data (framedata.h): tick counts from the move's animation, advantages from its stun values,
// and pixel ranges by asking collide at every distance (301 queries per frame and pose and facing:
// exact, and cheap next to loading the PNGs).
#include "game/framedata.h"

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
                m.onHit = move.hitstunTicks - attackerBusy;
                m.onBlock = move.blockstunTicks - attackerBusy;
            }
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
