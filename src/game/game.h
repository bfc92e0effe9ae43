// game: the deterministic fixed-tick fight. One copyable MatchState advanced by StepMatch() from
// both players' inputs, 60 ticks a second. Uses collide; no SDL, no ImGui, no files, no wall
// clock, no globals: the PRNG and the CPU players' memory live in the state, so the same inputs
// always give the same state hash. docs/rules.md states the rules this file implements.
#pragma once

#include "collide/collide.h"
#include "game/actions.h"
#include "game/events.h"
#include "game/fighter_def.h"
#include "game/fnv.h"
#include "game/names.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace game {

// ---- versions -----------------------------------------------------------------------------------

/// The simulation's version: any change that alters a hash for the same inputs (a rule, a field of
/// the state, the hash's encoding) bumps it, and in the same commit re-records docs/replays/ and
/// updates README's example hash (DEVELOPERS.md, "Versions"). Replays record it.
inline constexpr std::int32_t SIMULATION_VERSION =
    5;  // 5: the stage in the configuration (width and starts); 4: the fair fight

// ---- the stage and the rules' constants -------------------------------------------------------

inline constexpr std::int32_t TICK_HZ = 60;
inline constexpr std::int32_t SCREEN_WIDTH_PX = 640;   ///< the logical screen (windows scale it)
inline constexpr std::int32_t SCREEN_HEIGHT_PX = 360;  ///< the logical screen; no stage is taller
/// Where feet stand, world y (down), on every stage: a stage's floor line (StageFile's floorYPx) is
/// where it is drawn, the world shifted by the difference. The rules never read the floor's height.
inline constexpr std::int32_t FLOOR_Y_PX = 334;
inline constexpr std::int32_t STAGE_MIN_WIDTH_PX = SCREEN_WIDTH_PX;      ///< the narrowest stage
inline constexpr std::int32_t STAGE_MAX_WIDTH_PX = 2 * SCREEN_WIDTH_PX;  ///< the widest stage
inline constexpr std::int32_t ROUND_TICKS = 99 * TICK_HZ;                ///< the round timer
inline constexpr std::int32_t INTRO_TICKS = 90;                          ///< "Round 1 ... Fight!"
inline constexpr std::int32_t ROUND_END_TICKS = 180;                     ///< KO or time, before the next round
inline constexpr std::int32_t WIN_POSE_DELAY_TICKS = 50;                 ///< the winner poses after this
inline constexpr std::int32_t ROUNDS_TO_WIN = 2;                         ///< best of three
inline constexpr std::int32_t INPUT_BUFFER_TICKS = 4;                    ///< a press is remembered this long
inline constexpr std::int32_t CHIP_DAMAGE_DIVISOR = 10;                  ///< a blocked hit takes damage / 10
/// Holding back with an attack coming from this close (anchors, px) guards in place, not walking away.
inline constexpr std::int32_t PROXIMITY_GUARD_PX = 180;
inline constexpr std::int32_t SLIDE_FRICTION_SUBPX = 40;  ///< knockback slows by this per tick
inline constexpr std::int32_t CLASH_PUSH_SUBPX = 5 * SUBPIXELS_PER_PX;
inline constexpr std::int32_t CLASH_HITSTOP_TICKS = 8;
inline constexpr std::int32_t MAX_PROJECTILES = 4;        ///< at most one per fighter in flight
inline constexpr std::int32_t MAX_CONTACT_PIXELS = 2048;  ///< colliding pixels kept per contact

// Inputs beyond one button (docs/rules.md, "Inputs"): motions, two-button presses, move priority.
inline constexpr std::int32_t INPUT_HISTORY_TICKS = 32;        ///< ticks of input each fighter keeps
inline constexpr std::int32_t MOTION_TICKS_PER_DIRECTION = 4;  ///< "236" may take 12 ticks, "236236" 24
inline constexpr std::int32_t MOTION_BUTTON_GAP_TICKS = 4;     ///< last direction to the button's press
inline constexpr std::int32_t THROW_PRESS_GAP_TICKS = 2;       ///< punch and kick "together": this close
inline constexpr std::int32_t REPLACE_WINDOW_TICKS = 2;  ///< a move's first ticks, in which a higher one replaces it

// Throws (docs/rules.md, "Throws").
inline constexpr std::int32_t TECH_WINDOW_TICKS = 7;   ///< ticks after the grab in which a tech breaks it
inline constexpr std::int32_t TECH_RECOIL_TICKS = 16;  ///< both stagger this long after a tech
inline constexpr std::int32_t TECH_PUSH_SUBPX = 4 * SUBPIXELS_PER_PX;  ///< and slide apart this fast
inline constexpr std::int32_t THROWN_FALLBACK_DOWN_TICKS = 42;         ///< lying, for a fighter without "thrown"
/// After getting up (from a knockdown or a throw), this long in which no grab takes the fighter: a
/// throw cannot be timed to land on the first free tick, so getting up is a guess, not a loss.
inline constexpr std::int32_t WAKEUP_THROW_IMMUNE_TICKS = 6;

// Jumps (docs/rules.md, "Jumps").
/// On the ground between pressing up and leaving it: a jump can be seen coming and cannot escape a
/// blockstring's gap for free; grabs cannot take a fighter in it (a jump out of a throw works).
inline constexpr std::int32_t PREJUMP_TICKS = 4;
/// After an air attack lands, before the fighter can act again: a deep jump-in is not freely plus.
inline constexpr std::int32_t LANDING_RECOVERY_TICKS = 4;

// Knockdowns (docs/rules.md, "Knockdowns").
/// On the floor (counted while grounded) before a knocked-down fighter can act: long enough for the
/// attacker to walk in, short enough that the round keeps moving.
inline constexpr std::int32_t KNOCKDOWN_TICKS = 50;
/// The last ticks of KNOCKDOWN_TICKS, in which a fighter with a `get_up` animation plays it.
inline constexpr std::int32_t GET_UP_TICKS = 14;

// Combos and meter (docs/rules.md, "Combos", "Meter").
/// Damage of a combo's n-th hit, in percent (n = 1, 2, ...); hits past the table take its last entry.
inline constexpr std::int32_t COMBO_SCALING_PERCENT[] = {100, 100, 80, 70, 60, 50, 40, 30};
/// The first hits of a combo keep their move's full hitstun...
inline constexpr std::int32_t COMBO_FULL_HITSTUN_HITS = 2;
/// ...and each later hit's hitstun is this much shorter than the one before it would have been: a
/// link that works twice stops working a few hits later, so no loop of normals lasts.
inline constexpr std::int32_t COMBO_HITSTUN_DECAY_TICKS = 3;
/// A hit that interrupts the defender's startup (a counter-hit) stuns this much longer.
inline constexpr std::int32_t COUNTER_HIT_HITSTUN_BONUS_TICKS = 4;
inline constexpr std::int32_t METER_MAX = 1000;        ///< one bar; a fighter holds at most one
inline constexpr std::int32_t METER_HIT_GIVEN = 70;    ///< the attacker, per hit landed
inline constexpr std::int32_t METER_HIT_TAKEN = 35;    ///< the defender, per hit taken
inline constexpr std::int32_t METER_BLOCK_GIVEN = 25;  ///< the attacker, per hit blocked
inline constexpr std::int32_t METER_BLOCK_TAKEN = 40;  ///< the defender, per hit it blocks
inline constexpr std::int32_t METER_WHIFF = 15;        ///< a melee move that ends without contact
inline constexpr std::int32_t METER_THROW = 100;       ///< the thrower, per throw landed

// ---- inputs -----------------------------------------------------------------------------------

/// One player's controls for one tick: directions are on screen, not relative to facing.
struct Input {
    enum Bit : std::uint8_t {
        UP = 1 << 0,
        DOWN = 1 << 1,
        LEFT = 1 << 2,
        RIGHT = 1 << 3,
        PUNCH = 1 << 4,
        KICK = 1 << 5,
        SPECIAL = 1 << 6,
    };
    std::uint8_t bits = 0;
    [[nodiscard]] bool Has(Bit b) const { return (bits & b) != 0; }
    friend bool operator==(Input, Input) = default;
};
using Inputs = std::array<Input, 2>;

// ---- configuration ----------------------------------------------------------------------------

/// How the hitbox pass's survivors are decided (the overlay's switch).
enum class DetectionMode : std::uint8_t {
    PerPixel,    ///< boxes first, then the masks' pixels (the default)
    BoxesOnly,   ///< overlapping tight bounds are a hit
    BoxesInset,  ///< as BoxesOnly after shrinking each box by insetPx on every side (the Delphi seed)
};

inline constexpr EnumName<DetectionMode> DETECTION_MODE_NAMES[] = {
    {DetectionMode::PerPixel, "per-pixel"},
    {DetectionMode::BoxesOnly, "boxes"},
    {DetectionMode::BoxesInset, "boxes-inset"},
};

enum class Controller : std::uint8_t { Human, Cpu };
inline constexpr EnumName<Controller> CONTROLLER_NAMES[] = {{Controller::Human, "human"}, {Controller::Cpu, "cpu"}};

/// What the rules know of a stage: its width (the walls stand at world x = 0 and x = widthPx) and
/// where each fighter's anchor starts a round. Invariant: STAGE_MIN_WIDTH_PX <= widthPx <=
/// STAGE_MAX_WIDTH_PX and 0 < startXPx[0] < startXPx[1] < widthPx (the stage loader checks it).
/// The default is the rooftop, the stage where none is named.
struct StageGeometry {
    std::int32_t widthPx = 640;
    std::array<std::int32_t, 2> startXPx{230, 410};
    friend bool operator==(const StageGeometry&, const StageGeometry&) = default;
};

struct MatchConfig {
    StageGeometry stage;  ///< the walls and the start positions
    std::array<Controller, 2> controllers{Controller::Human, Controller::Cpu};
    std::int32_t cpuLevel = 2;  ///< 1 (easy) to 3 (hard)
    std::uint64_t seed = 1;
    DetectionMode detection = DetectionMode::PerPixel;
    std::int32_t insetPx = 6;
};

/// The two fighters' definitions. Not part of the state: they never change during a match.
struct MatchDefs {
    std::array<const FighterDef*, 2> fighters{};
};

// ---- the state --------------------------------------------------------------------------------

enum class Facing : std::uint8_t { Right, Left };

/// What the current move's attack did: nothing yet, hit, or was blocked (a cancel's condition).
enum class MoveLanded : std::uint8_t { None, Hit, Block };

struct FighterState {
    std::int32_t xSubpx = 0;  ///< anchor (feet), world subpixels
    std::int32_t ySubpx = 0;
    std::int32_t vxSubpx = 0;  ///< own motion (walk, jump)
    std::int32_t vySubpx = 0;
    std::int32_t slideSubpx = 0;  ///< knockback, signed, decays by SLIDE_FRICTION_SUBPX
    Facing facing = Facing::Right;
    Action action = Action::Idle;
    std::int32_t animation = 0;  ///< index into the fighter's animations
    std::int32_t animTick = 0;   ///< ticks since the animation started
    std::int32_t move = -1;      ///< index into moves while attacking
    bool moveHasHit = false;     ///< a move hits at most once per activation
    bool projectileThrown = false;
    bool moveBoxHitRejected = false;  ///< this activation is already in stats.boxHitsRejectedByPixels
    std::int32_t stunTicks = 0;       ///< hitstun or blockstun left
    std::int32_t health = 0;
    std::int32_t roundsWon = 0;
    std::uint8_t heldBits = 0;                           ///< last tick's input, for press edges
    std::array<std::int32_t, 3> pressedAgo{99, 99, 99};  ///< ticks since punch, kick, special were pressed
    /// Every tick's input bits (on screen, as given), a ring: inputHistory[historyAt] is this tick's.
    /// Kept on every tick of a round, hitstop and super freeze included (motions are read from it).
    std::array<std::uint8_t, INPUT_HISTORY_TICKS> inputHistory{};
    std::int32_t historyAt = 0;
    MoveLanded moveLanded = MoveLanded::None;
    std::int32_t comboHits = 0;         ///< hits taken in the combo this fighter is in (0: none)
    std::int32_t meter = 0;             ///< 0 to METER_MAX
    bool counterHit = false;            ///< the combo began with a counter-hit (the HUD's "COUNTER")
    std::int32_t throwImmuneTicks = 0;  ///< after getting up: no grab takes the fighter while > 0
    std::int32_t jumpVxSubpx = 0;       ///< the pre-jump's chosen sideways speed, for the take-off
};

struct ProjectileState {
    bool alive = false;
    std::int32_t owner = 0;
    std::int32_t move = 0;  ///< the owner's move that threw it
    std::int32_t xSubpx = 0, ySubpx = 0;
    std::int32_t vxSubpx = 0;
    Facing facing = Facing::Right;
    bool boxHitRejected = false;  ///< this projectile is already in stats.boxHitsRejectedByPixels
    std::int32_t ageTicks = 0;
    std::int32_t angleMilliDeg = 0;  ///< 0 when it does not spin
};

enum class Phase : std::uint8_t { Intro, Fight, RoundEnd, MatchOver };

enum class SparkKind : std::uint8_t { Hit, Block, Clash, ProjectileCancel };

/// A hit spark at the first colliding pixel of a contact; the renderer draws it while it is young.
struct Spark {
    std::int32_t xPx = 0, yPx = 0;  ///< world pixel
    std::int32_t ageTicks = -1;     ///< -1: unused slot
    SparkKind kind = SparkKind::Hit;
};
inline constexpr std::int32_t MAX_SPARKS = 8;
inline constexpr std::int32_t SPARK_LIFETIME_TICKS = 18;

/// Deterministic PRNG (SplitMix64): 64 bits of state, part of MatchState.
struct Rng {
    std::uint64_t state = 0;
    std::uint64_t Next() { return SplitMix64(state); }
    /// Uniform in [0, n), n > 0.
    std::int32_t Below(std::int32_t n) { return static_cast<std::int32_t>(Next() % static_cast<std::uint64_t>(n)); }
};

/// One tick of the screen as a CPU player sees it: where its opponent stands and what it shows,
/// and the opponent's projectile. Nothing the screen does not show (no buffered input, no stun
/// counter, no move index): the CPU works out the rest as a player does, from the animation.
struct CpuView {
    std::int32_t xSubpx = 0, ySubpx = 0;  ///< the opponent's anchor, world subpixels
    std::int32_t animation = -1;          ///< the opponent's animation (-1: nothing seen yet)
    std::int32_t frame = 0;               ///< its frame index
    Facing facing = Facing::Right;
    bool frozen = false;  ///< the picture held still (hitstop or a super's freeze)
    /// The opponent's projectile in flight (vxSubpx 0: none): where it is, which way it flies.
    std::int32_t projectileXSubpx = 0, projectileYSubpx = 0, projectileVxSubpx = 0;
};
/// The CPU remembers this many ticks of the screen: more than the slowest reaction plus what it
/// counts back (how long an animation has shown).
inline constexpr std::int32_t CPU_VIEW_TICKS = 40;

/// The CPU's neutral choices in each of its three distance bands (cpu.cpp): one learned weight each.
inline constexpr std::size_t CPU_LEARNED_WEIGHTS = 30;
[[nodiscard]] constexpr std::array<std::int32_t, CPU_LEARNED_WEIGHTS> LearnedStart() {
    std::array<std::int32_t, CPU_LEARNED_WEIGHTS> w{};
    for (std::int32_t& x : w) x = 100;
    return w;
}

/// What a CPU player remembers between ticks: the screen's last CPU_VIEW_TICKS ticks (it decides
/// from the one its reaction time ago), its plan, and the motion it is typing.
struct CpuState {
    std::array<CpuView, CPU_VIEW_TICKS> views{};
    std::int32_t viewAt = 0;         ///< views[viewAt] is the newest
    std::int32_t reactionTicks = 0;  ///< how old the view it decides from is (rolled per decision)
    std::uint8_t planBits = 0;       ///< directions held for the current plan
    std::int32_t planTicks = 0;      ///< how much longer the plan lasts
    /// For each kind of decision (cpu.cpp's Decision: answer a threat, punish, break a throw), the
    /// tick the opponent's animation it decided about started on, as the CPU saw it: each thing seen
    /// is decided about once of each kind.
    std::array<std::int64_t, 3> decided{-1, -1, -1};
    std::int32_t answer = 0;  ///< what it decided about that thing (cpu.cpp's Answer)
    /// The tick it reckons the projectile it decided about appeared on (-1: none): a projectile
    /// appearing at another tick is another one, decided about afresh.
    std::int64_t projectileSpawnTick = -1;
    std::int32_t projectileAnswer = 0;  ///< and what
    bool selfDecided = false;           ///< it has decided about its own move or jump (reset when free)
    std::int32_t guardTicks = 0;        ///< close-range guard held for this many more ticks (0: none)
    std::int32_t cooldownTicks = 0;     ///< before its next attack
    /// A motion being typed, one input a tick (screen bits, fixed when planned): sequence[sequenceAt..).
    std::array<std::uint8_t, 24> sequence{};
    std::int32_t sequenceLength = 0;
    std::int32_t sequenceAt = 0;
    /// What it has noticed about the opponent's habits, decaying: how often it jumped, threw
    /// projectiles and sat guarding (weights that grow by 40-100 a sighting and lose 1/64 a tick).
    std::array<std::int32_t, 3> habits{};
    /// What it has learned of its neutral choices against this opponent, per distance band and
    /// choice, in per cent of the level's inclination (100: as the profile says). Kept across rounds.
    std::array<std::int32_t, CPU_LEARNED_WEIGHTS> learned = LearnedStart();
    std::int32_t lastOption = -1;              ///< the last choice (band * choices + choice), until learned from
    std::array<std::int32_t, 2> lastHealth{};  ///< its own and the opponent's health when it chose
    std::int32_t quietTicks = 0;               ///< since either health bar last moved: patience runs out, it presses
    std::array<std::int32_t, 2> seenHealth{};  ///< both health bars as it last saw them
    std::int64_t touchedTick = -1;  ///< when it was last hit or blocked something (a move since then whiffed)
};

/// A CPU level's play, the same for every fighter (docs/rules.md, "The CPU opponent"). Chances in
/// per cent, times in ticks.
struct CpuProfile {
    std::int32_t reactionTicks;        ///< the least age of the view it decides from
    std::int32_t reactionSpreadTicks;  ///< plus 0 to this, rolled per decision
    std::int32_t guardPercent;         ///< keeps its guard up at close range when not acting
    std::int32_t blockPercent;         ///< blocks an attack, jump-in or projectile it sees in time
    std::int32_t antiAirPercent;       ///< meets a jump-in it sees with its anti-air
    std::int32_t punishPercent;        ///< punishes a blocked or whiffed move that leaves it time
    std::int32_t techPercent;          ///< breaks a throw whose start it sees in time
    std::int32_t techGuessPercent;     ///< presses a throw break up close, guessing
    std::int32_t airAttackPercent;     ///< attacks in its jumps
    std::int32_t throwPercent;         ///< throws when close
    std::int32_t jumpInPercent;        ///< jumps in from jump range
    std::int32_t pokePercent;          ///< attacks from its normals' reach
    std::int32_t comboPercent;         ///< cancels a confirmed hit into the next move
    std::int32_t superPercent;         ///< spends a full bar on the super in range
    std::int32_t reversalPercent;      ///< gets up with its anti-air
    std::int32_t learnPercent;         ///< how much of each exchange's damage moves a neutral choice's weight
};
/// The profile of CPU level 1 (easy) to 3 (hard).
[[nodiscard]] const CpuProfile& CpuProfileOf(std::int32_t level);

struct MatchStats {
    std::array<std::int32_t, 2> hits{};    ///< hits landed (not blocked)
    std::array<std::int32_t, 2> blocks{};  ///< hits blocked by this fighter
    std::int32_t clashes = 0;
    /// Attack instances (one activation of a melee move, one projectile) that plain or inset boxes
    /// made connect on some tick while their pixels did not touch: each counts once, however many
    /// ticks and pairs it was rejected in. So in every mode it is the number of attacks boxes alone
    /// would have landed (or clashed, or cancelled) early or falsely: what per-pixel detection buys.
    std::int32_t boxHitsRejectedByPixels = 0;
};

struct MatchState {
    MatchConfig config;
    std::uint64_t tick = 0;
    Phase phase = Phase::Intro;
    std::int32_t phaseTicks = 0;  ///< ticks left in Intro or RoundEnd
    std::int32_t round = 1;
    std::int32_t roundTicksLeft = ROUND_TICKS;
    std::int32_t hitstopTicks = 0;
    std::int32_t superFreezeTicks = 0;  ///< a super's start: everything but the inputs holds
    std::int32_t roundWinner = -1;      ///< last round: 0, 1, or 2 for a draw; -1 while fighting
    std::int32_t matchWinner = -1;      ///< 0, 1, 2 for a draw, -1 until MatchOver
    std::array<FighterState, 2> fighters{};
    std::array<ProjectileState, MAX_PROJECTILES> projectiles{};
    std::array<CpuState, 2> cpu{};
    std::array<Spark, MAX_SPARKS> sparks{};
    std::int32_t nextSpark = 0;
    Rng rng;
    MatchStats stats;
};

// ---- the debug record (read-only, never part of the state) --------------------------------------

enum class BodyKind : std::uint8_t { FighterHurt, FighterAttack, Projectile, FighterGrab };
enum class PairKind : std::uint8_t { AttackHurt, AttackAttack, ProjectileHurt, ProjectileProjectile, GrabHurt };
inline constexpr EnumName<PairKind> PAIR_KIND_NAMES[] = {
    {PairKind::AttackHurt, "attack/hurt"},
    {PairKind::AttackAttack, "attack/attack"},
    {PairKind::ProjectileHurt, "projectile/hurt"},
    {PairKind::ProjectileProjectile, "projectile/projectile"},
    {PairKind::GrabHurt, "grab/hurt"},
};

/// A placed tight box in the hitbox pass.
struct DebugBody {
    BodyKind kind{};
    std::int32_t owner = 0;        ///< fighter 0 or 1
    std::int32_t projectile = -1;  ///< slot, for projectiles
    collide::Rect boundsWorld{};
};

/// One pair the hitbox pass looked at.
struct DebugPair {
    PairKind kind{};
    std::int32_t bodyA = 0, bodyB = 0;  ///< indices into DebugRecord::bodies
    collide::Rect overlap{};            ///< of the two boxes (as the detection mode sees them)
    bool boxesOverlap = false;
    bool pixelsCollide = false;  ///< the per-pixel pass's answer (computed in every mode)
    bool contact = false;        ///< what the detection mode decided
};

/// One contact of the tick, recorded before any reaction. What it led to (a hit, a block, a clash)
/// is the tick's event whose `contact` is this contact's index.
struct DebugContact {
    PairKind kind{};
    std::int32_t pair = 0;  ///< index into DebugRecord::pairs
    collide::Rect overlap{};
    collide::Point first{};  ///< first colliding pixel (or the box overlap's centre without pixels)
    std::int64_t pixelCount = 0;
    std::vector<collide::Point> pixels;  ///< up to MAX_CONTACT_PIXELS, world space
};

struct DebugRecord {
    std::uint64_t tick = 0;  ///< the tick whose passes these are
    /// True on hitstop ticks: the passes did not run, so the record is kept as the last tick that
    /// ran them left it (tick says which) and the overlay can keep showing what froze the fight.
    bool frozen = false;
    std::vector<DebugBody> bodies;
    std::vector<DebugPair> pairs;
    std::vector<DebugContact> contacts;
    std::int32_t pairsTested = 0;
    std::int32_t boxOverlaps = 0;
    std::int32_t pixelContacts = 0;
    std::int64_t collidingPixels = 0;
    double hitboxPassMicros = 0.0;  ///< from StepHooks::nowNanos; 0 without a clock
    double pixelPassMicros = 0.0;
    void Clear();
};

/// Optional extras for one step. The simulation never reads a clock itself: a caller that wants
/// the passes timed hands one in, and its readings go only to the debug record.
struct StepHooks {
    DebugRecord* debug = nullptr;
    std::uint64_t (*nowNanos)() = nullptr;
    EventList* events = nullptr;  ///< receives the tick's events (cleared first), when given
};

// ---- the API ------------------------------------------------------------------------------------

/// A new match: round 1's intro, both fighters at their start positions with full health.
[[nodiscard]] MatchState NewMatch(const MatchDefs& defs, const MatchConfig& config);
/// Advances one tick. `inputs` for a CPU-controlled side are ignored (the CPU decides, from the state).
void StepMatch(const MatchDefs& defs, MatchState& state, const Inputs& inputs, const StepHooks& hooks = {});
/// The hit check's first two passes on `state` as it is (no reaction, nothing changes): how many
/// contacts there are; the record, when given, gets the passes' details. For tests and benchmarks.
[[nodiscard]] std::int32_t ProbeContacts(const MatchDefs& defs, const MatchState& state, DebugRecord* debug = nullptr);
/// Starts the current round over: start positions, full health, the intro; round wins are kept.
void RestartRound(const MatchDefs& defs, MatchState& state);
/// Makes the state valid for redefined fighters (after a hot reload): a fighter whose animation or
/// move no longer exists goes back to idle, a projectile whose move is gone disappears.
void ConformToDefs(const MatchDefs& defs, MatchState& state);
/// 64-bit FNV-1a over every field of a definition: names, numbers, projectiles and every frame's
/// mask bits (what a reload changed). A compile-time field count keeps it complete.
[[nodiscard]] std::uint64_t HashFighterDef(const FighterDef& def);
/// The CPU's input for `side` this tick (advances the state's PRNG and the CPU's memory).
[[nodiscard]] Input ThinkCpu(const MatchDefs& defs, MatchState& state, std::int32_t side);
/// The same decision from a view of the state, with a memory and a PRNG kept outside it: a CPU
/// that plays online as a local input source, whose choices must not live in the rolled-back state.
/// `level` 1-3 overrides the configuration's CPU level (0: the configuration's).
[[nodiscard]] Input ThinkCpu(const MatchDefs& defs, const MatchState& view, std::int32_t side, CpuState& memory,
                             Rng& rng, std::int32_t level = 0);
/// A CPU's memory at a round's start: its plans forgotten, what it learned of its opponent kept.
void ForgetRound(CpuState& memory);
/// 64-bit FNV-1a over a canonical little-endian encoding of every field of the state.
[[nodiscard]] std::uint64_t HashState(const MatchState& state);
/// Every field of the state, one "path value" line each, in the hash's order ("fighters[1].health
/// 812"): what a desync report writes, and what FirstDifference compares.
[[nodiscard]] std::string DumpState(const MatchState& state);
/// The first field whose value differs, as "path: a vs b", or "" when the states are equal.
[[nodiscard]] std::string FirstDifference(const MatchState& a, const MatchState& b);
/// The first promise of fighter_def.h that `def` breaks, naming the field, or "" (NewMatch
/// asserts this; the loader makes definitions that keep them).
[[nodiscard]] std::string FindDefProblem(const FighterDef& def);

/// The numpad digit (1-9, 5 neutral) of `input`'s directions for a fighter facing `facing`: 6 is
/// forward, 4 back, 2 down, 8 up. Left and right together, or up and down together, cancel out.
[[nodiscard]] std::int32_t NumpadDirection(Input input, Facing facing);
/// A move's input in numpad notation, as the move list shows it: "5P", "2K", "j.K", "236K",
/// "623P", "6PK" (punch and kick), "236236S".
[[nodiscard]] std::string MoveInputNotation(const MoveDef& move);
/// A move's input as a player types it, one tick each, in forward/back bits (Input::RIGHT forward,
/// as slots hold them): its motion's directions, then the button with the last direction (a
/// crouching move holds down). game::ToScreen turns a tick's bits for a facing.
[[nodiscard]] std::vector<Input> MoveInputSequence(const MoveDef& move);
/// The same into `out`, allocating nothing (the CPU types moves in the step): returns how many.
std::size_t TypeMoveInputs(const MoveDef& move, std::span<Input, MAX_MOTION_LENGTH> out);
/// The move `fighter`'s input asks for on this tick, by the rules' priority (super, then motions,
/// longest first, then throws, then normals), or -1. Reads the fighter's presses and input history.
[[nodiscard]] std::int32_t FindRequestedMove(const FighterDef& def, const FighterState& fighter, Input input);

/// The frame a fighter shows now.
[[nodiscard]] const FrameDef& CurrentFrame(const FighterDef& def, const FighterState& f);
/// Index of the frame at `animTick` of `anim` (loops wrap, others hold the last frame).
[[nodiscard]] std::int32_t FrameIndexAt(const AnimationDef& anim, std::int32_t animTick);
/// Where a frame's image box sits for an anchor at world pixel (worldX, worldY) facing `facing`:
/// facing left mirrors about the anchor's column.
[[nodiscard]] collide::Placement PlaceFrame(const FrameDef& frame, std::int32_t worldX, std::int32_t worldY,
                                            Facing facing);
/// The transform of a spinning projectile's frame (anchor pixel centre on the world anchor), in
/// integers: the same placement on every machine.
[[nodiscard]] collide::ExactTransform ProjectileTransform(const FrameDef& frame, const ProjectileState& p);
/// World pixel of a subpixel coordinate (floor).
[[nodiscard]] constexpr std::int32_t ToPx(std::int32_t subpx) {
    return subpx >> 8;
}
/// The fighter whose current frame is hot at world pixel (worldX, worldY), by its hotmap's pixels
/// (a click on air picks nothing): 0, 1, or -1.
[[nodiscard]] std::int32_t PickFighter(const MatchDefs& defs, const MatchState& state, std::int32_t worldX,
                                       std::int32_t worldY);
/// The fighter's pushbox in world pixels.
[[nodiscard]] collide::Rect PushboxOf(const FighterDef& def, const FighterState& f);

// ---- replays ----------------------------------------------------------------------------------

/// A recorded match: the configuration, the fighters by id, and every tick's inputs.
struct Replay {
    std::array<std::string, 2> fighterIds;
    std::string stageId = "rooftop";  ///< the stage by its folder's name (config.stage: its geometry, the caller's)
    MatchConfig config;
    std::vector<Inputs> inputs;                           ///< one per tick
    std::optional<std::uint64_t> finalHash;               ///< the hash after the last tick, when recorded
    std::int32_t simulationVersion = SIMULATION_VERSION;  ///< the rules it was recorded under
};

/// The longest stage id: a folder's name under assets/stages/.
inline constexpr std::size_t MAX_STAGE_ID_CHARS = 32;
/// Is `id` a stage's id: 1 to MAX_STAGE_ID_CHARS of a-z, 0-9 and _ (so it is a folder's name on
/// every system, and a word in a replay's or a setup's line)?
[[nodiscard]] bool IsStageId(std::string_view id);

/// The replay as a small text file (run-length encoded inputs).
[[nodiscard]] std::string FormatReplay(const Replay& replay);
/// Parses FormatReplay's text; on failure `error` says which line and why.
[[nodiscard]] std::optional<Replay> ParseReplay(const std::string& text, std::string& error);

}  // namespace game
