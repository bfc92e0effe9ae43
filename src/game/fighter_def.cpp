// FindDefProblem: the promises of fighter_def.h, checked on the definition itself. The loader
// builds definitions that keep them and says what is wrong with a file; this is the simulation's
// own guard for definitions made in code (tests, benchmarks, tools), asserted by NewMatch.
#include "game/game.h"

#include <string>

namespace game {

namespace {

// One bar (game.h's METER_MAX; fighter_def.h cannot see game.h's constants, this file can).
constexpr std::int32_t METER_MAX_FOR_DEFS = METER_MAX;

// Messages are built only for a problem found: a valid definition is checked without allocating.
std::string FrameProblem(const AnimationDef& anim, std::size_t f) {
    const FrameDef& frame = anim.frames[f];
    const auto where = [&] { return "animations \"" + anim.name + "\" frame " + std::to_string(f); };
    if (frame.ticks < 1) return where() + ": ticks must be at least 1";
    if (frame.widthPx < 1 || frame.heightPx < 1) return where() + ": the frame has no size";
    for (const collide::Mask* m : {&frame.masks.attack, &frame.masks.hurt, &frame.masks.any}) {
        if (m->Width() != frame.widthPx || m->Height() != frame.heightPx)
            return where() + ": a mask's size differs from the frame's widthPx x heightPx";
    }
    return {};
}

}  // namespace

std::string FindDefProblem(const FighterDef& def) {
    if (def.animations.size() < static_cast<std::size_t>(Anim::COUNT))
        return "the required animations (REQUIRED_ANIM_NAMES) must come first in animations";
    for (std::size_t a = 0; a < static_cast<std::size_t>(Anim::COUNT); ++a) {
        if (def.animations[a].name != REQUIRED_ANIM_NAMES[a])
            return "animations[" + std::to_string(a) + "] must be \"" + REQUIRED_ANIM_NAMES[a] + "\", not \"" +
                   def.animations[a].name + "\"";
    }
    if (!def.Animation(Anim::Idle).loop) return "idle must loop";
    for (const AnimationDef& anim : def.animations) {
        if (anim.frames.empty()) return "animations \"" + anim.name + "\" has no frames";
        for (std::size_t f = 0; f < anim.frames.size(); ++f) {
            if (std::string p = FrameProblem(anim, f); !p.empty()) return p;
        }
    }
    const auto frameCount = [&](std::int32_t animation) {
        return static_cast<std::int32_t>(def.animations[static_cast<std::size_t>(animation)].frames.size());
    };
    const auto animationOk = [&](std::int32_t animation) {
        return animation >= 0 && static_cast<std::size_t>(animation) < def.animations.size();
    };
    for (std::size_t m = 0; m < def.moves.size(); ++m) {
        const MoveDef& move = def.moves[m];
        const auto where = [&] { return "moves \"" + move.name + "\""; };
        if (!animationOk(move.animation)) return where() + ": animation index out of range";
        const bool melee = !move.projectile || move.activeFirst >= 0;
        if (melee) {
            if (move.activeFirst < 0 || move.activeLast < move.activeFirst ||
                move.activeLast >= frameCount(move.animation))
                return where() + ": active frames [first, last] must lie inside its animation";
            for (std::int32_t f = move.activeFirst; f <= move.activeLast; ++f) {
                const FrameDef& frame =
                    def.animations[static_cast<std::size_t>(move.animation)].frames[static_cast<std::size_t>(f)];
                if (frame.masks.attack.IsEmpty())
                    return where() + ": active frame " + std::to_string(f) + " has no attack pixel";
            }
        }
        if (move.projectile) {
            const ProjectileDef& p = *move.projectile;
            if (!animationOk(p.animation)) return where() + ": projectile animation index out of range";
            if (p.spawnFrame < 0 || p.spawnFrame >= frameCount(move.animation))
                return where() + ": projectile spawnFrame must be a frame of the move's animation";
            if (p.lifetimeTicks < 1) return where() + ": projectile lifetimeTicks must be at least 1";
            for (const FrameDef& frame : def.animations[static_cast<std::size_t>(p.animation)].frames) {
                if (frame.masks.attack.IsEmpty()) return where() + ": every projectile frame needs attack pixels";
            }
        }
        if (move.motion.size() > MAX_MOTION_LENGTH) return where() + ": a motion has at most 8 directions";
        for (const char c : move.motion) {
            if (c < '1' || c > '9') return where() + ": a motion is numpad digits 1-9";
        }
        if (!move.motion.empty() && move.stance != Stance::Stand)
            return where() + ": a move with a motion has stance stand (the motion decides)";
        if (move.stance == Stance::Air && (move.projectile || move.throwDef))
            return where() + ": an air move neither throws a projectile nor grabs";
        if (move.meterCost < 0 || move.meterCost > METER_MAX_FOR_DEFS)
            return where() + ": meterCost must be 0 to one bar (1000)";
        if (move.superFreezeTicks < 0) return where() + ": superFreezeTicks must not be negative";
        for (const CancelDef& c : move.cancels) {
            if (c.firstFrame < 0 || c.lastFrame < c.firstFrame || c.lastFrame >= frameCount(move.animation))
                return where() + ": a cancel window's frames must lie inside its animation";
            for (const std::int32_t into : c.into) {
                if (into < 0 || static_cast<std::size_t>(into) >= def.moves.size())
                    return where() + ": a cancel names a move index out of range";
            }
        }
        if (move.throwDef) {
            const ThrowDef& t = *move.throwDef;
            if (!animationOk(t.animation)) return where() + ": the throw's animation index out of range";
            if (t.victimOffsetsPx.empty()) return where() + ": a throw needs a victim offset per toss frame";
            if (move.activeFirst < 0) return where() + ": a throw's active frames are its grab";
        }
        for (std::size_t other = 0; other < m; ++other) {
            const MoveDef& o = def.moves[other];
            if (o.button == move.button && o.stance == move.stance && o.motion == move.motion)
                return where() + ": starts on the same button and stance as moves \"" + o.name + "\"" +
                       (move.motion.empty() ? "" : " (and the same motion)");
        }
    }
    if (def.thrownAnimation != -1 && !animationOk(def.thrownAnimation))
        return "thrownAnimation must be -1 or an animation index";
    if (def.getUpAnimation != -1 && !animationOk(def.getUpAnimation))
        return "getUpAnimation must be -1 or an animation index";
    if (def.maxHealth < 1) return "maxHealth must be at least 1";
    if (def.pushboxWidthPx < 1 || def.pushboxHeightPx < 1 || def.pushboxCrouchHeightPx < 1)
        return "the pushbox needs a size";
    return {};
}

}  // namespace game
