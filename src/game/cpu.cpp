// The CPU opponent: an input source that plays from what a player sees. Every tick it writes the
// screen (its opponent's position, animation and frame, the opponent's projectile) into a short
// ring in its memory, and it decides from the view its reaction time ago: it never reads the
// opponent's buffered input, stun, move index or controller, so it cannot tell a person from a slot
// or another CPU. Its own fighter it knows, as a player knows what they pressed. Deterministic:
// every choice comes from a PRNG and the CPU's memory; offline both live in MatchState (so a seed
// decides a CPU match and the hash covers the view), online beside it.
#include "game/framedata.h"
#include "game/game.h"
#include "game/internal.h"
#include "game/training.h"

#include <algorithm>
#include <cstdlib>

namespace game {

using namespace detail;

namespace {

// docs/rules.md, "The CPU opponent", quotes this table; docs/balance.md measures it.
// clang-format off
constexpr CpuProfile PROFILES[3] = {
    //  react spread guard block  aa  punish tech guess air throw jumpIn poke combo super reversal learn
    {   18,   4,     5,    15,    10,  10,    0,   10,   30,  6,    4,    25,  15,   20,   5,       0},
    {   13,   3,     45,   55,    35,  40,    40,  10,   60,  12,   7,    40,  45,   40,   15,      40},
    {   10,   2,     70,   80,    75,  95,    85,  10,   90,  22,   10,   55,  90,   60,   25,      100},
};
// clang-format on

// What the CPU makes of its opponent from the view it decides from.
enum class Look : std::uint8_t {
    Unknown,
    Idle,
    Walk,
    Crouch,
    PreJump,
    Airborne,  // a jump, an air attack, a body knocked out of the air
    Attack,    // a grounded move
    Landing,
    Block,
    Hit,
    Down,  // knocked down, thrown and lying, getting up
    Throwing,
    Win,
};
enum class Phase3 : std::uint8_t { None, Startup, Active, Recovery };

// What it notices of the opponent's habits (CpuState::habits).
enum Habit : std::size_t { JUMPS, PROJECTILES, GUARDING };

// The kinds of decision it makes once about each thing it sees (CpuState::decided).
enum Decision : std::size_t { THREAT, PUNISH, TECH };

// Its neutral choices and the distance bands it learns them in (CpuState::learned).
enum class Option : std::int32_t { WalkIn, Guard, BackOff, Wait, Poke, Throw, JumpIn, Rush, Projectile, Super, COUNT };
enum class Band : std::int32_t { Close, Mid, Far, COUNT };
constexpr std::int32_t OPTIONS = static_cast<std::int32_t>(Option::COUNT);
static_assert(static_cast<std::size_t>(Band::COUNT) * OPTIONS == CPU_LEARNED_WEIGHTS,
              "one learned weight per band and option");

// What it decided to do about the thing it sees (CpuState::answer).
enum Answer : std::int32_t { NOTHING, ANTI_AIR, GUARD_HIGH, GUARD, JUMP_OVER, MEATY };

struct Seen {
    bool valid = false;
    Look look = Look::Unknown;
    std::int32_t xSubpx = 0, ySubpx = 0;
    std::int32_t vxSubpx = 0, vySubpx = 0;  // per tick, from the view before it
    std::int32_t move = -1;                 // the opponent's move whose animation it shows
    Phase3 phase = Phase3::None;
    std::int64_t startTick = -1;  // when the animation it shows started (the thing's identity)
    std::int32_t shownTicks = 0;  // unfrozen ticks it has shown, up to the view
    std::int32_t leftTicks = 0;   // unfrozen ticks of it left from now (estimated past the view)
    std::int32_t frame = 0;
    std::int32_t animation = -1;
    bool projectile = false;
    std::int32_t projectileXSubpx = 0, projectileYSubpx = 0, projectileVxSubpx = 0;
};

std::int32_t Wrap(std::int32_t i) {
    return ((i % CPU_VIEW_TICKS) + CPU_VIEW_TICKS) % CPU_VIEW_TICKS;
}

// The screen now, into the ring.
void RecordView(const MatchState& s, std::int32_t side, CpuState& cpu) {
    const FighterState& o = s.fighters[static_cast<std::size_t>(1 - side)];
    cpu.viewAt = Wrap(cpu.viewAt + 1);
    CpuView& v = cpu.views[static_cast<std::size_t>(cpu.viewAt)];
    v = CpuView{};
    v.xSubpx = o.xSubpx;
    v.ySubpx = o.ySubpx;
    v.animation = o.animation;
    v.frame = o.animTick;  // replaced by the frame index in Perceive (the definitions know the frames)
    v.facing = o.facing;
    v.frozen = s.phase == Phase::Fight && (s.hitstopTicks > 0 || s.superFreezeTicks > 0);
    for (const ProjectileState& p : s.projectiles) {
        if (!p.alive || p.owner != 1 - side) continue;
        v.projectileXSubpx = p.xSubpx, v.projectileYSubpx = p.ySubpx, v.projectileVxSubpx = p.vxSubpx;
    }
}

std::int32_t FrameStart(const AnimationDef& anim, std::int32_t frame) {
    std::int32_t t = 0;
    for (std::int32_t i = 0; i < frame && i < static_cast<std::int32_t>(anim.frames.size()); ++i)
        t += anim.frames[static_cast<std::size_t>(i)].ticks;
    return t;
}

Look LookOf(const FighterDef& def, std::int32_t animation, bool grounded, std::int32_t frame, std::int32_t& move) {
    move = -1;
    for (std::size_t m = 0; m < def.moves.size(); ++m) {
        if (def.moves[m].animation == animation) {
            move = static_cast<std::int32_t>(m);
            return def.moves[m].stance == Stance::Air || !grounded ? Look::Airborne : Look::Attack;
        }
        if (def.moves[m].throwDef && def.moves[m].throwDef->animation == animation) {
            move = static_cast<std::int32_t>(m);
            return Look::Throwing;
        }
    }
    if (animation == def.thrownAnimation || animation == def.getUpAnimation) return Look::Down;
    switch (static_cast<Anim>(std::clamp(animation, 0, static_cast<std::int32_t>(Anim::COUNT)))) {
        case Anim::Idle:
            return Look::Idle;
        case Anim::WalkForward:
        case Anim::WalkBack:
            return Look::Walk;
        case Anim::Crouch:
            return Look::Crouch;
        case Anim::Jump: {
            if (!grounded) return Look::Airborne;
            const AnimationDef& jump = def.Animation(Anim::Jump);
            return frame == 0                                                   ? Look::PreJump
                   : frame + 1 == static_cast<std::int32_t>(jump.frames.size()) ? Look::Landing
                                                                                : Look::PreJump;
        }
        case Anim::BlockStand:
        case Anim::BlockCrouch:
            return Look::Block;
        case Anim::Hit:
            return grounded ? Look::Hit : Look::Airborne;
        case Anim::Knockdown:
            return Look::Down;
        case Anim::Win:
            return Look::Win;
        case Anim::COUNT:
            break;
    }
    return Look::Unknown;
}

// The opponent as the view `cpu.reactionTicks` old shows it, with what a player reads off it.
Seen Perceive(const FighterDef& odef, const MatchState& s, CpuState& cpu) {
    Seen seen;
    const std::int32_t at = Wrap(cpu.viewAt - cpu.reactionTicks);
    const CpuView& v = cpu.views[static_cast<std::size_t>(at)];
    if (v.animation < 0 || static_cast<std::size_t>(v.animation) >= odef.animations.size()) return seen;
    seen.valid = true;
    const AnimationDef& anim = odef.animations[static_cast<std::size_t>(v.animation)];
    const auto frameOf = [&](const CpuView& w) { return FrameIndexAt(anim, w.frame); };
    seen.animation = v.animation;
    seen.frame = frameOf(v);
    seen.xSubpx = v.xSubpx, seen.ySubpx = v.ySubpx;
    const CpuView& before = cpu.views[static_cast<std::size_t>(Wrap(at - 1))];
    if (before.animation >= 0) seen.vxSubpx = v.xSubpx - before.xSubpx, seen.vySubpx = v.ySubpx - before.ySubpx;
    const bool grounded = v.ySubpx >= FLOOR_SUBPX;
    seen.look = LookOf(odef, v.animation, grounded, seen.frame, seen.move);
    // How long the animation has shown: back through the ring while it is the same animation and its
    // animation tick does not go back (a restart of the same move is a new instance).
    std::int32_t back = 0, unfrozen = v.frozen ? 0 : 1;
    const std::int32_t deepest = CPU_VIEW_TICKS - cpu.reactionTicks - 1;
    while (back < deepest) {
        const CpuView& w = cpu.views[static_cast<std::size_t>(Wrap(at - back - 1))];
        const CpuView& n = cpu.views[static_cast<std::size_t>(Wrap(at - back))];
        if (w.animation != v.animation || w.frame > n.frame) break;
        ++back;
        if (!w.frozen) ++unfrozen;
    }
    seen.startTick = static_cast<std::int64_t>(s.tick) - cpu.reactionTicks - back;
    // Its animation tick is what its frame shows at least (the ring may not reach its start).
    seen.shownTicks = std::max(unfrozen, FrameStart(anim, seen.frame) + 1);
    // The picture moved on since the view only on its unfrozen ticks (hitstop holds the animation).
    std::int32_t sinceView = 0;
    for (std::int32_t k = 0; k < cpu.reactionTicks; ++k) {
        if (!cpu.views[static_cast<std::size_t>(Wrap(cpu.viewAt - k))].frozen) ++sinceView;
    }
    seen.leftTicks = anim.loop ? 0 : std::max(0, anim.TotalTicks() - seen.shownTicks - sinceView);
    if (seen.move >= 0 && seen.look != Look::Throwing) {
        const MoveDef& m = odef.moves[static_cast<std::size_t>(seen.move)];
        const std::int32_t first = m.activeFirst >= 0 ? m.activeFirst : m.projectile ? m.projectile->spawnFrame : -1;
        const std::int32_t last = m.activeFirst >= 0 ? m.activeLast : first;
        seen.phase = first < 0 || seen.frame > last ? Phase3::Recovery
                     : seen.frame < first           ? Phase3::Startup
                                                    : Phase3::Active;
    }
    if (v.projectileVxSubpx != 0) {
        seen.projectile = true;
        seen.projectileXSubpx = v.projectileXSubpx, seen.projectileYSubpx = v.projectileYSubpx;
        seen.projectileVxSubpx = v.projectileVxSubpx;
    }
    return seen;
}

// The first move of `def` that `pick` accepts, or -1.
template <class Pick>
std::int32_t FindMove(const FighterDef& def, Pick pick) {
    for (std::size_t m = 0; m < def.moves.size(); ++m) {
        if (pick(def.moves[m])) return static_cast<std::int32_t>(m);
    }
    return -1;
}

std::int32_t PlainMove(const FighterDef& def, Button button, Stance stance) {
    return FindMove(def, [&](const MoveDef& m) {
        return m.button == button && m.stance == stance && m.motion.empty() && !m.throwDef && m.meterCost == 0;
    });
}

// Ticks from a move's input to its first active tick (a projectile move: to its throw).
std::int32_t StartupTicks(const FighterDef& def, const MoveDef& m) {
    const AnimationDef& anim = def.animations[static_cast<std::size_t>(m.animation)];
    const std::int32_t first = m.activeFirst >= 0 ? m.activeFirst : m.projectile ? m.projectile->spawnFrame : 0;
    return FrameStart(anim, first) + 1;
}

// Would one of `m`'s active frames touch `body` `distancePx` ahead (both on the floor)? What a
// player knows of a move's reach.
bool ReachesFrame(const FighterDef& def, const MoveDef& m, const FrameDef& body, std::int32_t distancePx) {
    if (m.activeFirst < 0) return false;
    const AnimationDef& anim = def.animations[static_cast<std::size_t>(m.animation)];
    const std::int32_t firstActive = FrameStart(anim, m.activeFirst);
    for (std::int32_t f = m.activeFirst; f <= m.activeLast; ++f) {
        // A rush has driven forward by the end of this frame (at its advance, from its first active tick).
        const std::int32_t driven = m.advanceSubpx * (FrameStart(anim, f + 1) - firstActive) / SUBPIXELS_PER_PX;
        if (TouchesAt(anim.frames[static_cast<std::size_t>(f)], body, std::max(0, distancePx - driven), Facing::Right))
            return true;
    }
    return false;
}
// The same against the opponent standing or crouching.
bool Reaches(const FighterDef& def, const MoveDef& m, const FighterDef& odef, bool crouching, std::int32_t distancePx) {
    return ReachesFrame(def, m, crouching ? CrouchingFrame(odef) : StandingFrame(odef), distancePx);
}

// Types move `move`'s input into the plan, in screen bits for the way it faces now (its motion one
// direction a tick, the button with the last direction), after `delayTicks` of nothing.
void PlanMove(CpuState& cpu, const MoveDef& move, Facing facing, std::int32_t delayTicks = 0) {
    cpu.sequenceLength = 0;
    cpu.sequenceAt = 0;
    cpu.planTicks = 0;
    const auto push = [&](Input in) {
        if (cpu.sequenceLength < static_cast<std::int32_t>(cpu.sequence.size()))
            cpu.sequence[static_cast<std::size_t>(cpu.sequenceLength++)] = ToScreen(in, facing).bits;
    };
    for (std::int32_t i = 0; i < delayTicks; ++i) push(Input{});
    std::array<Input, MAX_MOTION_LENGTH> typed{};
    const std::size_t n = TypeMoveInputs(move, typed);
    for (std::size_t i = 0; i < n; ++i) push(typed[i]);
}

Input NextTyped(CpuState& cpu) {
    return Input{cpu.sequence[static_cast<std::size_t>(cpu.sequenceAt++)]};
}

void Hold(CpuState& cpu, std::uint8_t bits, std::int32_t ticks) {
    cpu.planBits = bits;
    cpu.planTicks = ticks;
}

// The move a confirmed hit cancels into: the best one a window of `move` opens that the CPU can
// pay for (a super only with a full bar, and then by the level's super chance).
std::int32_t ConfirmTarget(const FighterDef& def, const FighterState& me, const MoveDef& move, std::int32_t frame,
                           const CpuProfile& p, Rng& rng) {
    std::int32_t best = -1, special = -1;
    for (const CancelDef& c : move.cancels) {
        if (frame < c.firstFrame || frame > c.lastFrame) continue;
        for (const std::int32_t into : c.into) {
            const MoveDef& m = def.moves[static_cast<std::size_t>(into)];
            if (m.meterCost > me.meter) continue;
            if (best < 0 || MovePriority(m) > MovePriority(def.moves[static_cast<std::size_t>(best)])) best = into;
            // The knockdown special is the ender of choice without the super.
            if (m.meterCost == 0 && m.motion == "236" &&
                (special < 0 || MovePriority(m) > MovePriority(def.moves[static_cast<std::size_t>(special)])))
                special = into;
        }
    }
    if (best >= 0 && def.moves[static_cast<std::size_t>(best)].meterCost > 0 && rng.Below(100) >= p.superPercent)
        best = special;
    return best;
}

// What the CPU decides this tick, from its view `seen` of the opponent and its own fighter.
class Mind {
public:
    Mind(const MatchDefs& defs, const MatchState& s, std::int32_t side, CpuState& cpu, Rng& rng, const CpuProfile& p)
        : s_(s),
          side_(side),
          cpu_(cpu),
          rng_(rng),
          p_(p),
          me_(s.fighters[static_cast<std::size_t>(side)]),
          def_(*defs.fighters[static_cast<std::size_t>(side)]),
          odef_(*defs.fighters[static_cast<std::size_t>(1 - side)]) {
        forward_ = me_.facing == Facing::Right ? Input::RIGHT : Input::LEFT;
        back_ = me_.facing == Facing::Right ? Input::LEFT : Input::RIGHT;
    }

    Input Decide() {
        if (cpu_.cooldownTicks > 0) --cpu_.cooldownTicks;
        const std::array<std::int32_t, 2> health{me_.health, s_.fighters[static_cast<std::size_t>(1 - side_)].health};
        cpu_.quietTicks = health == cpu_.seenHealth ? cpu_.quietTicks + 1 : 0;
        if (me_.action == Action::Hitstun || me_.action == Action::BlockStand || me_.action == Action::BlockCrouch)
            cpu_.touchedTick = static_cast<std::int64_t>(s_.tick);
        cpu_.seenHealth = health;
        if (cpu_.guardTicks > 0) --cpu_.guardTicks;
        cpu_.reactionTicks =
            p_.reactionTicks + (p_.reactionSpreadTicks > 0 ? rng_.Below(p_.reactionSpreadTicks + 1) : 0);
        seen_ = Perceive(odef_, s_, cpu_);
        NoteHabits();
        // A motion being typed goes on to its end, whatever happens: it is one input.
        if (cpu_.sequenceAt < cpu_.sequenceLength) return NextTyped(cpu_);
        if (!seen_.valid) return Input{};
        distancePx_ = std::abs(ToPx(Predicted()) - ToPx(me_.xSubpx));

        if (me_.action == Action::Thrown) return WhenThrown();
        if (me_.action == Action::Knockdown) return WhenDown();
        if (me_.action == Action::BlockStand || me_.action == Action::BlockCrouch || me_.action == Action::Hitstun ||
            me_.action == Action::TechRecoil)
            return WhenStunned();
        if (me_.action == Action::Attack) return WhenAttacking();
        if (me_.action == Action::Jump || me_.action == Action::AirAttack) return WhenAirborne();
        if (!CanAct(me_)) return Input{};
        cpu_.selfDecided = false;
        return WhenFree();
    }

private:
    // The opponent's anchor now, as the player would guess it: where it was seen, carried on by its
    // walk for the reaction time (a jump's or a slide's path is not guessed).
    std::int32_t Predicted() const {
        if (seen_.look == Look::Walk) return seen_.xSubpx + seen_.vxSubpx * cpu_.reactionTicks;
        return seen_.xSubpx;
    }
    // The frame the opponent shows in the view (what a punish must reach).
    const FrameDef& SeenFrame() const {
        const AnimationDef& anim = odef_.animations[static_cast<std::size_t>(seen_.animation)];
        return anim.frames[static_cast<std::size_t>(seen_.frame)];
    }
    bool OppCrouching() const { return seen_.look == Look::Crouch || seen_.animation == AnimIndex(Anim::BlockCrouch); }
    std::uint8_t Guard(bool low) const { return static_cast<std::uint8_t>(back_ | (low ? Input::DOWN : 0)); }
    bool Roll(std::int32_t percent) { return rng_.Below(100) < percent; }
    // Decides about the thing seen now once: true the first time this instance is asked about.
    bool FirstLook(Decision kind) {
        if (cpu_.decided[kind] == seen_.startTick) return false;
        cpu_.decided[kind] = seen_.startTick;
        return true;
    }
    Input Start(std::int32_t move, std::int32_t delayTicks = 0) {
        PlanMove(cpu_, def_.moves[static_cast<std::size_t>(move)], me_.facing, delayTicks);
        return NextTyped(cpu_);
    }

    // Habits decay by a sixty-fourth a tick and grow with what it sees start (once an instance).
    void NoteHabits() {
        for (std::int32_t& h : cpu_.habits) h -= h / 64;
        if (!seen_.valid || seen_.shownTicks != 1) return;
        if (seen_.look == Look::Attack && seen_.move >= 0 &&
            odef_.moves[static_cast<std::size_t>(seen_.move)].projectile)
            cpu_.habits[PROJECTILES] += 100;
        if (seen_.look == Look::PreJump) cpu_.habits[JUMPS] += 100;
        if (seen_.look == Look::Block || seen_.look == Look::Crouch) cpu_.habits[GUARDING] += 40;
    }

    // Thrown: break it if it saw the throw start in time (by the level's chance).
    Input WhenThrown() {
        const bool throwSeen = (seen_.look == Look::Attack && seen_.move >= 0 &&
                                odef_.moves[static_cast<std::size_t>(seen_.move)].throwDef.has_value()) ||
                               seen_.look == Look::Throwing;
        if (throwSeen && FirstLook(TECH) && Roll(p_.techPercent)) return Input{Input::PUNCH | Input::KICK};
        // A break pressed blind up close, guessing, meets a grab now and then: on the grab's first
        // tick, by the level's guessing chance (what a player who mashes the break gets).
        if (me_.animTick == 1 && Roll(p_.techGuessPercent)) return Input{Input::PUNCH | Input::KICK};
        return Input{};
    }

    // Down: it knows its own wake-up; it gets up guarding, or with its anti-air (a reversal).
    Input WhenDown() {
        if (me_.health <= 0) return Input{};
        const std::int32_t antiAir = FindMove(def_, [](const MoveDef& m) { return m.motion == "623"; });
        if (me_.stunTicks == 3 && antiAir >= 0 && distancePx_ < 150 && Roll(p_.reversalPercent)) {
            // 6, 2, 3+P on the last three ticks down: the press is buffered into the first free tick.
            return Start(antiAir);
        }
        return Input{Guard(true)};
    }

    // In hitstun or blockstun: hold the guard; as blockstun ends, punish what it blocked if it saw
    // enough of it to know it is slow.
    Input WhenStunned() {
        const bool blocking = me_.action == Action::BlockStand || me_.action == Action::BlockCrouch;
        // Decided with the last ticks of blockstun left: the move is typed so that its button lands
        // on the first free tick (or is buffered into it).
        constexpr std::int32_t DECIDE_AT_STUN = 4;
        // The move it saw must have started before this blockstun did (a block restarts the block
        // animation): else it is deciding about something it has not blocked yet.
        const std::int64_t blockStart = static_cast<std::int64_t>(s_.tick) - me_.animTick;
        if (blocking && me_.stunTicks <= DECIDE_AT_STUN && seen_.look == Look::Attack && seen_.move >= 0 &&
            seen_.startTick <= blockStart && seen_.phase != Phase3::Startup &&
            !odef_.moves[static_cast<std::size_t>(seen_.move)].projectile) {
            if (FirstLook(PUNISH) && Roll(p_.punishPercent)) {
                const std::int32_t firstFree = me_.stunTicks - 1;  // ticks from now to its first free tick
                // Blockstun's slide goes on until then: the punish must reach from where it ends.
                std::int32_t slide = std::abs(me_.slideSubpx), travel = 0;
                for (std::int32_t k = 0; k <= firstFree && slide > 0; ++k)
                    travel += slide, slide -= SLIDE_FRICTION_SUBPX;
                distancePx_ += ToPx(travel);
                const std::int32_t punish = FastestPunish(seen_.leftTicks - firstFree, firstFree);
                if (punish >= 0) {
                    std::array<Input, MAX_MOTION_LENGTH> typed{};
                    const auto n =
                        static_cast<std::int32_t>(TypeMoveInputs(def_.moves[static_cast<std::size_t>(punish)], typed));
                    return Start(punish, std::max(0, firstFree - (n - 1)));
                }
            }
        }
        const bool overhead = seen_.look == Look::Airborne;
        return Input{Guard(!overhead)};
    }

    // The fastest grounded move that starts within `ticks` and reaches the opponent where it is.
    // `ticks`: from when it can press, how long the opponent's animation still runs (`startIn` after
    // now, the press); its reach is judged against the frame the opponent will show as it lands.
    std::int32_t FastestPunish(std::int32_t ticks, std::int32_t startIn = 0) const {
        std::int32_t best = -1, bestStartup = 1 << 20;
        const AnimationDef& theirs = odef_.animations[static_cast<std::size_t>(seen_.animation)];
        const std::int32_t theirNow =
            seen_.shownTicks + (seen_.leftTicks > 0 ? theirs.TotalTicks() - seen_.shownTicks - seen_.leftTicks : 0);
        for (std::size_t m = 0; m < def_.moves.size(); ++m) {
            const MoveDef& move = def_.moves[m];
            if (move.stance == Stance::Air || move.meterCost > me_.meter || move.activeFirst < 0) continue;
            if (move.throwDef) continue;  // a throw cannot take a fighter in its recovery's hitstun-free frames
            const std::int32_t startup = StartupTicks(def_, move);
            if (startup > ticks) continue;
            const FrameDef& body = theirs.frames[static_cast<std::size_t>(
                FrameIndexAt(theirs, std::min(theirs.TotalTicks() - 1, theirNow + startIn + startup)))];
            if (!ReachesFrame(def_, move, body, distancePx_)) continue;
            // The most damage among those fast enough; the faster one on a tie.
            if (best < 0 || move.damage > def_.moves[static_cast<std::size_t>(best)].damage ||
                (move.damage == def_.moves[static_cast<std::size_t>(best)].damage && startup < bestStartup)) {
                best = static_cast<std::int32_t>(m);
                bestStartup = startup;
            }
        }
        return best;
    }

    // Its own grounded move: confirm a hit it has seen into the next move of the chain.
    Input WhenAttacking() {
        if (me_.move < 0) return Input{};
        const MoveDef& move = def_.moves[static_cast<std::size_t>(me_.move)];
        if (move.cancels.empty() || me_.moveLanded == MoveLanded::None) return Input{};
        const std::int32_t frame = FrameIndexAt(def_.animations[static_cast<std::size_t>(me_.animation)], me_.animTick);
        // A window open on contact is pressed through (a blind chain, as players do); a window open
        // only on a hit waits until the hit shows in its view.
        bool contactWindow = false;
        for (const CancelDef& c : move.cancels) contactWindow = contactWindow || c.on == CancelOn::Contact;
        const bool hitSeen = seen_.look == Look::Hit || seen_.look == Look::Down;
        if (!hitSeen && !contactWindow) return Input{};
        if (cpu_.selfDecided) return Input{};
        cpu_.selfDecided = true;
        if (!Roll(p_.comboPercent)) return Input{};
        std::int32_t next = -1;
        if (hitSeen) {
            next = ConfirmTarget(def_, me_, move, frame, p_, rng_);
        } else {
            // Into the heavy normal the chain names, if any.
            for (const CancelDef& c : move.cancels) {
                for (const std::int32_t into : c.into) {
                    const MoveDef& m = def_.moves[static_cast<std::size_t>(into)];
                    if (next < 0 && m.motion.empty() && m.meterCost == 0) next = into;
                }
            }
        }
        return next >= 0 ? Start(next) : Input{};
    }

    // In its own jump: the air attack once the opponent is under its reach.
    Input WhenAirborne() {
        if (me_.action != Action::Jump || me_.vySubpx < 0) return Input{};
        const std::int32_t heightPx = FLOOR_Y_PX - ToPx(me_.ySubpx);
        if (distancePx_ > 110 || heightPx > 110 || heightPx < 20) return Input{};
        if (cpu_.selfDecided) return Input{};
        cpu_.selfDecided = true;
        if (!Roll(p_.airAttackPercent)) return Input{};
        const std::int32_t kick = PlainMove(def_, Button::Kick, Stance::Air);
        const std::int32_t punch = PlainMove(def_, Button::Punch, Stance::Air);
        const std::int32_t pick = kick >= 0 && (punch < 0 || rng_.Below(3) > 0) ? kick : punch;
        return pick >= 0 ? Start(pick) : Input{};
    }

    // Free on the ground: threats first, then its plan.
    Input WhenFree() {
        if (const auto answer = AnswerJumpIn()) return *answer;
        if (const auto answer = AnswerAttack()) return *answer;
        if (const auto answer = AnswerProjectile()) return *answer;
        if (cpu_.planTicks > 0) {
            --cpu_.planTicks;
            return Input{cpu_.planBits};
        }
        return Plan();
    }

    // A jump coming its way: the anti-air timed for where it comes down, or a standing guard.
    std::optional<Input> AnswerJumpIn() {
        if (seen_.look != Look::Airborne && seen_.look != Look::PreJump) return std::nullopt;
        // Where and when it lands, stepped as the simulation moves it, from the view on.
        std::int32_t y = seen_.ySubpx, vy = seen_.look == Look::PreJump ? -odef_.jumpVelocitySubpx : seen_.vySubpx;
        std::int32_t x = seen_.xSubpx, landIn = seen_.look == Look::PreJump ? PREJUMP_TICKS : 0;
        const std::int32_t vx = seen_.look == Look::PreJump ? 0 : seen_.vxSubpx;
        while ((y < FLOOR_SUBPX || vy < 0) && landIn < 120) y += vy, vy += odef_.gravitySubpx, x += vx, ++landIn;
        landIn -= cpu_.reactionTicks;  // from now
        const std::int32_t landGapPx = std::abs(ToPx(x) - ToPx(me_.xSubpx));
        if (landIn <= 0 || landGapPx > 150) return std::nullopt;
        const std::int32_t antiAir = FindMove(def_, [](const MoveDef& m) { return m.motion == "623"; });
        if (FirstLook(THREAT)) {
            cpu_.planTicks = cpu_.guardTicks = 0;
            const std::int32_t bonus = std::min(15, cpu_.habits[JUMPS] / 20);
            cpu_.answer = antiAir >= 0 && Roll(p_.antiAirPercent + bonus) ? ANTI_AIR
                          : Roll(p_.blockPercent)                         ? GUARD_HIGH
                                                                          : NOTHING;
        }
        if (cpu_.answer == ANTI_AIR) {
            // Pressed on the first tick from which one of its active frames meets the jumper on the
            // path the view shows (the earliest meeting beats the jumper's own attack).
            if (AntiAirMeets(antiAir)) {
                cpu_.answer = NOTHING;
                return Start(antiAir);
            }
            return Input{Guard(false)};  // guarding meanwhile: a jump-in attack early is blocked
        }
        if (cpu_.answer == GUARD_HIGH) return Input{Guard(false)};
        return std::nullopt;
    }

    // Would `move`, typed from now, meet the jumper with an active frame? The jumper is stepped on
    // from the view along its arc (gravity is known, as a player knows the jump), showing the frame
    // the view shows; the move's frames are placed where the CPU stands.
    bool AntiAirMeets(std::int32_t move) const {
        const MoveDef& aa = def_.moves[static_cast<std::size_t>(move)];
        const AnimationDef& anim = def_.animations[static_cast<std::size_t>(aa.animation)];
        const std::int32_t pressIn = static_cast<std::int32_t>(aa.motion.size());  // the button's tick, from now
        const FrameDef& body = SeenFrame();
        const Facing jumperFacing = me_.facing == Facing::Right ? Facing::Left : Facing::Right;
        std::int32_t x = seen_.xSubpx, y = seen_.ySubpx;
        std::int32_t vx = seen_.vxSubpx, vy = seen_.vySubpx;
        if (seen_.look == Look::PreJump) vx = 0, vy = -odef_.jumpVelocitySubpx;
        const std::int32_t lastActive = FrameStart(anim, aa.activeLast + 1);
        for (std::int32_t t = 1 - cpu_.reactionTicks; t <= pressIn + lastActive; ++t) {
            x += vx, y += vy, vy += odef_.gravitySubpx;  // the jumper's next tick
            if (y >= FLOOR_SUBPX) return false;          // landed before the move could meet it
            const std::int32_t animTick = t - pressIn;
            if (animTick < 0) continue;
            const std::int32_t frame = FrameIndexAt(anim, animTick);
            if (frame < aa.activeFirst || frame > aa.activeLast) continue;
            const FrameDef& f = anim.frames[static_cast<std::size_t>(frame)];
            const collide::Placement mine = PlaceFrame(f, ToPx(me_.xSubpx), ToPx(me_.ySubpx), me_.facing);
            const collide::Placement theirs = PlaceFrame(body, ToPx(x), ToPx(y), jumperFacing);
            if (collide::QueryOverlap(f.masks.attack, mine, body.masks.hurt, theirs).hit) return true;
        }
        return false;
    }

    // An attack it sees coming (still in startup or active, in reach): guard it, by the level's
    // chance; an attack it sees whiff in reach of its own: punish it.
    std::optional<Input> AnswerAttack() {
        if (seen_.look != Look::Attack || seen_.move < 0) return std::nullopt;
        const MoveDef& m = odef_.moves[static_cast<std::size_t>(seen_.move)];
        if (m.throwDef) {
            // A throw seen starting up close: break it early by pressing the break (the same press).
            if (seen_.phase != Phase3::Recovery && distancePx_ < 130 && FirstLook(TECH) && Roll(p_.techPercent / 2))
                return Input{Input::PUNCH | Input::KICK};
            return std::nullopt;
        }
        if (m.projectile) {
            // A projectile move winding up or recovering within reach of a move of its own: hit it
            // (in its startup, a counter-hit). The projectile itself is AnswerProjectile's.
            if (seen_.phase != Phase3::Active && FirstLook(PUNISH) && Roll(p_.punishPercent)) {
                const std::int32_t punish = FastestPunish(seen_.leftTicks);
                if (punish >= 0) return Start(punish);
            }
            return std::nullopt;
        }
        const bool crouched = me_.action == Action::Crouch;
        const bool inReach = Reaches(odef_, m, def_, crouched, distancePx_);
        if (seen_.phase == Phase3::Recovery) {
            // In its recovery, and nothing touched the CPU since the move began: a whiff (out of
            // reach, or over a crouch). Punish the recovery if a move of its own gets there in time.
            if (seen_.startTick > cpu_.touchedTick && FirstLook(PUNISH) && Roll(p_.punishPercent)) {
                const std::int32_t punish = FastestPunish(seen_.leftTicks);
                if (punish >= 0) return Start(punish);
            }
            return std::nullopt;
        }
        if (!inReach && distancePx_ > 100) return std::nullopt;
        if (FirstLook(THREAT)) {
            cpu_.planTicks = 0;
            cpu_.guardTicks = Roll(p_.blockPercent) ? std::max(4, seen_.leftTicks) : 0;
        }
        if (cpu_.guardTicks > 0) return Input{Guard(m.height != HitHeight::Overhead)};
        return std::nullopt;
    }

    // Its opponent's projectile: jump it from far, guard it up close; never walk into it.
    std::optional<Input> AnswerProjectile() {
        // The projectile it sees in flight, or the one a projectile move it sees starting will throw
        // (a person reacts to the throw's wind-up, not to the projectile alone).
        Flight f;
        if (!PredictProjectile(f)) return std::nullopt;
        // Ticks until it reaches the CPU's anchor (from now), at its speed.
        const std::int32_t toward = (me_.xSubpx - f.xSubpx) * (f.vxSubpx > 0 ? 1 : -1);
        if (toward < 0) return std::nullopt;  // past it
        const std::int32_t arrivesIn = f.inTicks + toward / std::max(1, std::abs(f.vxSubpx));
        if (arrivesIn > 45) return std::nullopt;
        if (std::abs(f.spawnTick - cpu_.projectileSpawnTick) > 8) {
            cpu_.projectileSpawnTick = f.spawnTick;
            const std::int32_t bonus = std::min(20, cpu_.habits[PROJECTILES] / 15);
            cpu_.projectileAnswer = Roll(p_.blockPercent + bonus) ? (Roll(60) ? JUMP_OVER : GUARD) : NOTHING;
            cpu_.planTicks = 0;
        }
        if (cpu_.projectileAnswer == JUMP_OVER) {
            // A forward jump started now that no tick of the projectile's path touches.
            if (JumpClears(f)) {
                cpu_.projectileAnswer = NOTHING;
                Hold(cpu_, static_cast<std::uint8_t>(Input::UP | forward_), 2);
                return Input{static_cast<std::uint8_t>(Input::UP | forward_)};
            }
            // Guarding while it waits for the moment; once the projectile is nearly there, it stays
            // guarding.
            const std::int32_t bodyPx = def_.pushboxWidthPx / 2 + 24;
            const std::int32_t contactIn =
                f.inTicks + std::max(0, toward - bodyPx * SUBPIXELS_PER_PX) / std::max(1, std::abs(f.vxSubpx));
            if (contactIn <= PREJUMP_TICKS + 1) cpu_.projectileAnswer = GUARD;
            return Input{Guard(true)};
        }
        // Crouching to guard it: holding back standing would walk away and give up the ground won.
        if (cpu_.projectileAnswer == GUARD) return Input{Guard(true)};
        return std::nullopt;
    }

    // A projectile's path as the CPU predicts it: where it is (or will appear) `inTicks` from now.
    struct Flight {
        std::int32_t xSubpx = 0, ySubpx = 0, vxSubpx = 0;
        std::int32_t inTicks = 0;         // 0: in flight now, at (x, y); more: appears then, there
        std::int64_t spawnTick = 0;       // the tick it appeared (or will), as reckoned: its identity
        const FrameDef* frame = nullptr;  // its look (its animation's first frame)
        Facing facing = Facing::Right;
    };

    bool PredictProjectile(Flight& f) const {
        const std::int32_t sign =
            seen_.projectile ? (seen_.projectileVxSubpx > 0 ? 1 : -1) : (me_.xSubpx > seen_.xSubpx ? 1 : -1);
        const MoveDef* thrower = nullptr;
        for (const MoveDef& m : odef_.moves) {
            if (m.projectile) thrower = &m;
        }
        if (thrower == nullptr) return false;
        const ProjectileDef& pd = *thrower->projectile;
        f.frame = &odef_.animations[static_cast<std::size_t>(pd.animation)].frames.front();
        f.facing = sign > 0 ? Facing::Right : Facing::Left;
        f.vxSubpx = sign * pd.speedSubpx;
        std::int32_t sinceView = 0;
        for (std::int32_t k = 0; k < cpu_.reactionTicks; ++k) {
            if (!cpu_.views[static_cast<std::size_t>(Wrap(cpu_.viewAt - k))].frozen) ++sinceView;
        }
        if (seen_.projectile) {
            f.xSubpx = seen_.projectileXSubpx + seen_.projectileVxSubpx * sinceView;
            f.ySubpx = seen_.projectileYSubpx;
            // How far it has come from where the thrower's hand let it go, at its speed.
            const std::int32_t flown =
                std::abs(f.xSubpx - (seen_.xSubpx + sign * pd.spawnOffsetPx.x * SUBPIXELS_PER_PX));
            f.spawnTick = static_cast<std::int64_t>(s_.tick) - flown / std::max(1, pd.speedSubpx);
            return true;
        }
        // A projectile move it sees before the throw: the projectile appears at the throw frame.
        if (seen_.look != Look::Attack || seen_.move < 0 ||
            !odef_.moves[static_cast<std::size_t>(seen_.move)].projectile || seen_.phase == Phase3::Recovery)
            return false;
        const AnimationDef& anim = odef_.animations[static_cast<std::size_t>(thrower->animation)];
        const std::int32_t spawnAt = FrameStart(anim, pd.spawnFrame);
        f.inTicks = std::max(0, spawnAt - seen_.shownTicks - sinceView);
        f.xSubpx = seen_.xSubpx + sign * pd.spawnOffsetPx.x * SUBPIXELS_PER_PX;
        f.ySubpx = seen_.ySubpx + pd.spawnOffsetPx.y * SUBPIXELS_PER_PX;
        if (f.inTicks == 0) f.xSubpx += f.vxSubpx * std::max(0, seen_.shownTicks + sinceView - spawnAt);
        f.spawnTick = static_cast<std::int64_t>(s_.tick) + f.inTicks;
        return true;
    }

    // Does a forward jump pressed now keep every tick of its arc (the pre-jump on the floor first)
    // off the projectile's path until the projectile is behind it?
    bool JumpClears(const Flight& f) const {
        const AnimationDef& jump = def_.Animation(Anim::Jump);
        const std::int32_t sign = FacingSign(me_.facing);
        std::int32_t x = me_.xSubpx, y = me_.ySubpx, vy = 0, px = f.xSubpx;
        for (std::int32_t t = 1; t < 90; ++t) {
            if (t == PREJUMP_TICKS + 1) vy = -def_.jumpVelocitySubpx;
            if (t > PREJUMP_TICKS) x += sign * def_.jumpForwardSubpx, y += vy, vy += def_.gravitySubpx;
            if (y >= FLOOR_SUBPX && t > PREJUMP_TICKS + 1) return true;  // landed with nothing touched
            if (t > f.inTicks) px += f.vxSubpx;
            if (t < f.inTicks) continue;
            // Past it: the projectile is behind the jumper's back.
            if ((px - x) * sign < -64 * SUBPIXELS_PER_PX) return true;
            const FrameDef& body = jump.frames[static_cast<std::size_t>(FrameIndexAt(jump, t - 1))];
            const collide::Placement mine = PlaceFrame(body, ToPx(x), ToPx(std::min(y, FLOOR_SUBPX)), me_.facing);
            const collide::Placement its = PlaceFrame(*f.frame, ToPx(px), ToPx(f.ySubpx), f.facing);
            if (collide::QueryOverlap(f.frame->masks.attack, its, body.masks.hurt, mine).hit) return false;
        }
        return true;
    }

    // Does a grounded normal of the opponent's reach it `distancePx` away (standing)?
    bool OpponentReaches(std::int32_t distancePx) const {
        for (const MoveDef& m : odef_.moves) {
            if (m.stance == Stance::Air || !m.motion.empty() || m.throwDef || m.meterCost > 0) continue;
            if (Reaches(odef_, m, def_, false, distancePx)) return true;
        }
        return false;
    }

    // The poke to press now: a grounded normal that reaches; against a crouching or guarding
    // opponent the low first; else the one that reaches farthest among what does, by a roll.
    std::int32_t Poke(bool crouching) {
        std::array<std::int32_t, 4> candidates{};
        std::int32_t n = 0, low = -1;
        for (std::size_t m = 0; m < def_.moves.size(); ++m) {
            const MoveDef& move = def_.moves[m];
            if (move.stance == Stance::Air || !move.motion.empty() || move.throwDef || move.meterCost > 0 ||
                move.activeFirst < 0)
                continue;
            if (!Reaches(def_, move, odef_, crouching, distancePx_)) continue;
            if (move.height == HitHeight::Low) low = static_cast<std::int32_t>(m);
            if (n < static_cast<std::int32_t>(candidates.size()))
                candidates[static_cast<std::size_t>(n++)] = static_cast<std::int32_t>(m);
        }
        if (n == 0) return -1;
        if (low >= 0 && crouching && Roll(70)) return low;
        return candidates[static_cast<std::size_t>(rng_.Below(n))];
    }

    // How far a forward jump carries it, in px (take-off to landing, by the jump's arc).
    std::int32_t JumpDistancePx() const {
        const std::int32_t airTicks = 2 * def_.jumpVelocitySubpx / std::max(1, def_.gravitySubpx);
        return def_.jumpForwardSubpx * airTicks / SUBPIXELS_PER_PX;
    }

    // No threat: a new plan, from the distance and what it sees. Every plan is short, so it decides
    // again often, as a person keeps adjusting.
    Input Plan() {
        const bool crouching = OppCrouching();
        const bool guarding = cpu_.habits[GUARDING] > 300 || seen_.look == Look::Block || crouching;
        if (seen_.look == Look::Down) return WhileDown(crouching);
        Learn();
        const std::int32_t grab = FindMove(def_, [](const MoveDef& m) { return m.throwDef.has_value(); });
        const std::int32_t rush =
            FindMove(def_, [](const MoveDef& m) { return m.motion == "236" && m.meterCost == 0; });
        const std::int32_t special = PlainMove(def_, Button::Special, Stance::Stand);
        const std::int32_t super =
            FindMove(def_, [&](const MoveDef& m) { return m.meterCost > 0 && m.meterCost <= me_.meter; });
        const bool airborne = seen_.look == Look::Airborne || seen_.look == Look::PreJump;
        const bool ready = cpu_.cooldownTicks == 0 && !airborne;
        const std::int32_t jumpPx = JumpDistancePx();
        const std::int32_t poke = Poke(crouching);
        const auto reaches = [&](std::int32_t move, std::int32_t slackPx) {
            return move >= 0 &&
                   Reaches(def_, def_.moves[static_cast<std::size_t>(move)], odef_, crouching, distancePx_ - slackPx);
        };
        const bool threatened = OpponentReaches(distancePx_ - 10);
        const Band band = poke >= 0 ? Band::Close : distancePx_ < 240 ? Band::Mid : Band::Far;
        // Each option's weight: the level's inclination, times what it has learned of this opponent.
        std::array<std::int32_t, OPTIONS> weight{};
        weight[static_cast<std::size_t>(Option::WalkIn)] = band == Band::Close ? 0 : threatened ? 25 : 70;
        weight[static_cast<std::size_t>(Option::Guard)] = band == Band::Far ? 0
                                                          : threatened      ? p_.guardPercent
                                                                            : p_.guardPercent / 4;
        weight[static_cast<std::size_t>(Option::BackOff)] = band == Band::Far ? 0 : 4 + p_.guardPercent / 6;
        weight[static_cast<std::size_t>(Option::Wait)] = 8;
        weight[static_cast<std::size_t>(Option::Poke)] = ready && poke >= 0 ? p_.pokePercent : 0;
        weight[static_cast<std::size_t>(Option::Throw)] =
            ready && reaches(grab, 4) ? (guarding ? p_.throwPercent * 2 : p_.throwPercent) : 0;
        weight[static_cast<std::size_t>(Option::JumpIn)] =
            ready && distancePx_ > jumpPx - 10 && distancePx_ < jumpPx + 70
                ? (guarding ? p_.jumpInPercent * 2 : p_.jumpInPercent)
                : 0;
        weight[static_cast<std::size_t>(Option::Rush)] = ready && band == Band::Mid && reaches(rush, 0) ? 6 : 0;
        weight[static_cast<std::size_t>(Option::Projectile)] = ready && special >= 0 && band == Band::Far ? 15 : 0;
        weight[static_cast<std::size_t>(Option::Super)] = ready && reaches(super, 0) ? p_.superPercent / 3 : 0;
        // Patience: the longer nothing has happened, the less it guards, waits or backs off.
        const std::int32_t patience = std::max(25, 100 - cpu_.quietTicks / 4);
        for (const Option passive : {Option::Guard, Option::Wait, Option::BackOff})
            weight[static_cast<std::size_t>(passive)] = weight[static_cast<std::size_t>(passive)] * patience / 100;
        std::int32_t total = 0;
        for (std::size_t k = 0; k < weight.size(); ++k) {
            weight[k] = weight[k] * cpu_.learned[static_cast<std::size_t>(band) * OPTIONS + k] / 100;
            total += weight[k];
        }
        Option pick = Option::Wait;
        for (std::int32_t roll = total > 0 ? rng_.Below(total) : 0, k = 0; k < OPTIONS && total > 0; ++k) {
            roll -= weight[static_cast<std::size_t>(k)];
            if (roll < 0) {
                pick = static_cast<Option>(k);
                break;
            }
        }
        cpu_.lastOption = static_cast<std::int32_t>(band) * OPTIONS + static_cast<std::int32_t>(pick);
        cpu_.lastHealth = {me_.health, s_.fighters[static_cast<std::size_t>(1 - side_)].health};
        switch (pick) {
            case Option::WalkIn:
                Hold(cpu_, forward_, 3 + rng_.Below(8));
                break;
            case Option::Guard:
                cpu_.guardTicks = 6 + rng_.Below(10);
                Hold(cpu_, Guard(true), cpu_.guardTicks);
                // Sometimes a throw break pressed blind as the opponent walks up (a throw if no one comes).
                if (distancePx_ < 90 && Roll(p_.techGuessPercent)) return Input{Input::PUNCH | Input::KICK};
                break;
            case Option::BackOff:
                Hold(cpu_, back_, 6 + rng_.Below(8));
                break;
            case Option::Wait:
                Hold(cpu_, 0, 2 + rng_.Below(6));
                break;
            case Option::Poke:
                cpu_.cooldownTicks = 6 + rng_.Below(12);
                return Start(poke);
            case Option::Throw:
                cpu_.cooldownTicks = 20 + rng_.Below(20);
                return Start(grab);
            case Option::JumpIn:
                cpu_.cooldownTicks = 30;
                Hold(cpu_, static_cast<std::uint8_t>(Input::UP | forward_), 2);
                break;
            case Option::Rush:
                cpu_.cooldownTicks = 40;
                return Start(rush);
            case Option::Projectile:
                cpu_.cooldownTicks = 50;
                return Start(special);
            case Option::Super:
                cpu_.cooldownTicks = 60;
                return Start(super);
            case Option::COUNT:
                break;
        }
        return Input{cpu_.planBits};
    }

    // The opponent is down: walk in while it lies, then meet its getting up guarding (it may get up
    // with a reversal or a projectile) or with a poke timed to land as it rises (a meaty), by the
    // level's inclination. It knows how long a knockdown lasts, as a player does.
    Input WhileDown(bool crouching) {
        const bool gettingUp =
            seen_.animation == odef_.getUpAnimation ||
            (seen_.animation == odef_.thrownAnimation &&
             seen_.frame + 1 ==
                 static_cast<std::int32_t>(odef_.animations[static_cast<std::size_t>(seen_.animation)].frames.size()));
        const std::int32_t wakeIn = gettingUp ? seen_.leftTicks : GET_UP_TICKS + 8;
        const std::int32_t poke = Poke(crouching);
        if (wakeIn > 10) {
            if (poke < 0 && distancePx_ > 70) {
                Hold(cpu_, forward_, 2);
                return Input{forward_};
            }
            return Input{Guard(true)};
        }
        if (cpu_.decided[THREAT] != seen_.startTick) {
            cpu_.decided[THREAT] = seen_.startTick;
            cpu_.answer = poke >= 0 && Roll(100 - p_.guardPercent) ? MEATY : GUARD;
        }
        if (cpu_.answer == MEATY && poke >= 0) {
            const MoveDef& m = def_.moves[static_cast<std::size_t>(poke)];
            if (StartupTicks(def_, m) >= wakeIn) {
                cpu_.answer = GUARD;
                return Start(poke);
            }
            return Input{};
        }
        Hold(cpu_, Guard(true), wakeIn + 12);
        return Input{Guard(true)};
    }

    // What its last neutral choice led to, as the health bars show it (damage dealt less damage
    // taken since it chose), nudges that choice's weight in that band: a person stops walking into
    // a jab that keeps landing. Level 1 does not learn.
    void Learn() {
        if (cpu_.lastOption < 0 || p_.learnPercent == 0) return;
        const std::int32_t dealt = cpu_.lastHealth[1] - s_.fighters[static_cast<std::size_t>(1 - side_)].health;
        const std::int32_t taken = cpu_.lastHealth[0] - me_.health;
        // A new round refills both bars: nothing to learn across it.
        if (dealt < 0 || taken < 0) return;
        std::int32_t& w = cpu_.learned[static_cast<std::size_t>(cpu_.lastOption)];
        w = std::clamp(w + (dealt - taken) * p_.learnPercent / 100, 15, 400);
        cpu_.lastOption = -1;
    }

    const MatchState& s_;
    std::int32_t side_;
    CpuState& cpu_;
    Rng& rng_;
    const CpuProfile& p_;
    const FighterState& me_;
    const FighterDef& def_;
    const FighterDef& odef_;
    std::uint8_t forward_ = 0, back_ = 0;
    Seen seen_;
    std::int32_t distancePx_ = 0;
};

}  // namespace

const CpuProfile& CpuProfileOf(std::int32_t level) {
    return PROFILES[std::clamp(level, 1, 3) - 1];
}

void ForgetRound(CpuState& memory) {
    const auto learned = memory.learned;
    memory = CpuState{};
    memory.learned = learned;
}

Input ThinkCpu(const MatchDefs& defs, MatchState& s, std::int32_t side) {
    return ThinkCpu(defs, s, side, s.cpu[static_cast<std::size_t>(side)], s.rng);
}

Input ThinkCpu(const MatchDefs& defs, const MatchState& s, std::int32_t side, CpuState& cpu, Rng& rng,
               std::int32_t level) {
    RecordView(s, side, cpu);
    if (s.phase != Phase::Fight) {
        cpu.planTicks = cpu.sequenceAt = cpu.sequenceLength = cpu.guardTicks = 0;
        return Input{};
    }
    const CpuProfile& profile = CpuProfileOf(level > 0 ? level : s.config.cpuLevel);
    return Mind(defs, s, side, cpu, rng, profile).Decide();
}

}  // namespace game
