// Training mode's core: the dummy as an input source (stance or slot; block, throw tech, reversal,
// recovery), the training rules around StepMatch (no timer, refills, forced counter-hits), and the
// observer that turns each simulated tick into the frame meter and its readings, advantages, combos,
// "missed by N px" and the input display. Pure like the rest of src/game: no SDL, no files, no clock.
// Invariant: MatchState is untouched by this file's types; whatever training remembers lives in
// TrainingState (beside the match, saved and restored with it) so a match's hash guard is unchanged.
#pragma once

#include "game/game.h"

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace game {

// ---- settings -----------------------------------------------------------------------------------

/// What the dummy does when it is not blocking.
enum class DummyStance : std::uint8_t { Stand, Crouch, Jump, Slot };
/// When the dummy blocks: never, always, from the second hit of a combo on, or by a coin per attack.
enum class DummyBlock : std::uint8_t { None, All, AfterFirst, Random };
/// Whether a thrown dummy gets up at once or lies for the throw's usual time.
enum class DummyRecovery : std::uint8_t { Now, Stay };
/// Where a position reset puts the fighters: mid-stage, with the dummy in the left or right corner,
/// or where they stood when the position was saved (TrainingSettings::customXSubpx).
enum class ResetPlace : std::uint8_t { Mid, LeftCorner, RightCorner, Custom };
/// When the dummy plays its reversal slot: never, on getting up, after blockstun, after hitstun.
enum class DummyReversal : std::uint8_t { Off, WakeUp, Block, Hit };
/// Whether the dummy breaks throws: never, always, or by a coin per grab.
enum class DummyTech : std::uint8_t { Never, Always, Random };

inline constexpr EnumName<DummyStance> DUMMY_STANCE_NAMES[] = {{DummyStance::Stand, "stand"},
                                                               {DummyStance::Crouch, "crouch"},
                                                               {DummyStance::Jump, "jump"},
                                                               {DummyStance::Slot, "slot"}};
inline constexpr EnumName<DummyBlock> DUMMY_BLOCK_NAMES[] = {{DummyBlock::None, "none"},
                                                             {DummyBlock::All, "all"},
                                                             {DummyBlock::AfterFirst, "after-first"},
                                                             {DummyBlock::Random, "random"}};
inline constexpr EnumName<ResetPlace> RESET_PLACE_NAMES[] = {{ResetPlace::Mid, "mid"},
                                                             {ResetPlace::LeftCorner, "left"},
                                                             {ResetPlace::RightCorner, "right"},
                                                             {ResetPlace::Custom, "custom"}};
inline constexpr EnumName<DummyReversal> DUMMY_REVERSAL_NAMES[] = {{DummyReversal::Off, "off"},
                                                                   {DummyReversal::WakeUp, "wake-up"},
                                                                   {DummyReversal::Block, "after-block"},
                                                                   {DummyReversal::Hit, "after-hit"}};
inline constexpr EnumName<DummyTech> DUMMY_TECH_NAMES[] = {
    {DummyTech::Never, "never"}, {DummyTech::Always, "always"}, {DummyTech::Random, "random"}};
inline constexpr EnumName<DummyRecovery> DUMMY_RECOVERY_NAMES[] = {{DummyRecovery::Now, "now"},
                                                                   {DummyRecovery::Stay, "stay"}};

/// After a hit, an "after-first" dummy keeps blocking until it has been free this long.
inline constexpr std::int32_t AFTER_FIRST_GRACE_TICKS = 20;
/// The dummy starts blocking a projectile of the player's this close (anchor to projectile, px).
inline constexpr std::int32_t DUMMY_PROJECTILE_ALERT_PX = 120;
/// The widest shift "missed by N px" looks at; past it an attack is "out of reach".
inline constexpr std::int32_t MISS_SEARCH_PX = 64;
/// Entries the input display keeps per side.
inline constexpr std::size_t INPUT_LOG_ENTRIES = 20;

/// A recording slot: one fighter's inputs, one a tick, with left/right as back/forward
/// (Input::RIGHT is forward, Input::LEFT back), so it plays the same from either side.
struct Slot {
    std::vector<Input> inputs;
};
inline constexpr std::int32_t SLOT_COUNT = 4;

struct TrainingSettings {
    std::int32_t dummy = 1;  ///< the dummy's side; the other is the player (human, CPU or a slot)
    DummyStance stance = DummyStance::Stand;
    DummyBlock block = DummyBlock::None;
    DummyRecovery recovery = DummyRecovery::Stay;
    bool refill = true;     ///< health and meter back to full once both fighters are free again
    bool loopSlot = true;   ///< a slot the dummy plays starts over at its end (false: once, then stands)
    std::int32_t slot = 0;  ///< which of `slots` the dummy plays (DummyStance::Slot)
    std::array<Slot, SLOT_COUNT> slots{};
    /// Each time the dummy starts a slot (playback, a loop, a reversal) it takes one of the
    /// recorded ones by the dummy's coin instead of `slot`.
    bool randomSlot = false;
    bool counterHit = false;  ///< every first hit on the dummy is a counter-hit (the rules' bonus)
    DummyReversal reversal = DummyReversal::Off;
    std::int32_t reversalSlot = 0;  ///< the slot played as the reversal (randomSlot: any recorded one)
    DummyTech tech = DummyTech::Never;
    /// Where ResetPlace::Custom puts P1 and P2 (anchor x, subpixels); set by SaveCustomPosition.
    /// {0, 0} until one is saved: the stage's start positions stand in (each stage has its own).
    std::array<std::int32_t, 2> customXSubpx{0, 0};
};

/// What the training rules remember between ticks (beside the MatchState, saved with it).
struct TrainingState {
    Rng rng;                       ///< the random block's coin (seeded from the match's seed)
    std::int32_t armedTicks = 0;   ///< after-first: blocks while > 0 (refreshed while in hit/blockstun)
    bool threatSeen = false;       ///< random: the current threat's coin was tossed
    bool blockThreat = false;      ///< random: the coin's answer
    std::int32_t slotAt = 0;       ///< the next slot input the dummy plays
    std::int32_t playing = -1;     ///< the slot being played (randomSlot's pick), -1: none picked yet
    std::int32_t reversalAt = -1;  ///< the next input of the reversal being played, -1: none
    bool techSeen = false;         ///< the current grab's tech coin was tossed
};

// ---- relative inputs ------------------------------------------------------------------------------

/// `screen` as a fighter facing `facing` means it: RIGHT becomes forward (Input::RIGHT in the
/// result), LEFT back. Facing right it is unchanged; facing left the two are swapped.
[[nodiscard]] Input ToForwardBack(Input screen, Facing facing);
/// The inverse: forward/back bits (RIGHT forward) to screen bits for a fighter facing `facing`.
[[nodiscard]] Input ToScreen(Input forwardBack, Facing facing);

// ---- the dummy and the rules ------------------------------------------------------------------------

/// A training match: NewMatch, without the intro (the fight is on from the first tick).
[[nodiscard]] MatchState NewTrainingMatch(const MatchDefs& defs, MatchConfig config, TrainingState& training);
/// The dummy's input for this tick (advances `training`'s coin and slot).
[[nodiscard]] Input DummyInput(const MatchDefs& defs, const MatchState& state, const TrainingSettings& settings,
                               TrainingState& training);
/// One training tick: the dummy's input replaces inputs[settings.dummy], StepMatch runs, then the
/// training rules: the round timer stays full, a thrown dummy set to recover now stands up, and
/// (refill) health and meter fill once both fighters are free. Returns the inputs stepped.
Inputs StepTraining(const MatchDefs& defs, MatchState& state, const TrainingSettings& settings, TrainingState& training,
                    Inputs inputs, const StepHooks& hooks = {});
/// Puts both fighters back on the floor, idle, the dummy at `place` (mid-stage: the round's start
/// positions; a corner: the dummy against that wall, the player 80 px out), projectiles gone. The
/// right corner is the left one reflected to the subpixel (x -> 639 * 256 + 255 - x), so a scenario
/// played in one corner plays the same in the other.
void ResetPositions(const MatchDefs& defs, MatchState& state, std::int32_t dummy, ResetPlace place);
/// The same with the settings' dummy side, and their saved position for ResetPlace::Custom (each
/// fighter's anchor where it was saved, facing each other).
void ResetPositions(const MatchDefs& defs, MatchState& state, const TrainingSettings& settings, ResetPlace place);
/// Saves where both fighters stand now as the custom position.
void SaveCustomPosition(const MatchState& state, TrainingSettings& settings);

// ---- the frame meter and what pixels tell ------------------------------------------------------------

/// One tick of a fighter on the frame meter, as Street Fighter 6 colours it. Frozen: a tick of
/// hitstop or of a super's freeze, when nobody's animation moves (so never counted as active).
enum class FrameCell : std::uint8_t { Free, Startup, Active, Recovery, Hitstun, Blockstun, Frozen };
/// One letter per cell for text and JSON: F S A R H B, and Z for frozen.
inline constexpr char FRAME_CELL_LETTERS[] = {'F', 'S', 'A', 'R', 'H', 'B', 'Z'};
/// The most ticks one meter reading keeps (its latest): a 120-tick exchange fits whole.
inline constexpr std::size_t METER_READING_TICKS = 124;

/// The cell a fighter's state shows now (after a step), read from its action, move and frame.
[[nodiscard]] FrameCell SampleFrameCell(const FighterDef& def, const FighterState& f);

/// An exchange's result: once both fighters are free after the last hit, block or throw. A fighter
/// that starts a move out of its recovery or its stun (a buffered move, a reversal; not a cancel)
/// counts as free from that tick. When the next contact comes before the other one is free (a
/// string, a punish), the other one's free tick is where its stun or its move would have ended.
struct Advantage {
    std::uint64_t tick = 0;  ///< the tick of the last contact
    std::int32_t attacker = 0;
    std::int32_t move = -1;
    bool blocked = false;
    bool thrown = false;      ///< the exchange ended with a throw (blocked is then false)
    bool knockdown = false;   ///< the defender was knocked down (the advantage is to its getting up)
    std::int32_t frames = 0;  ///< the attacker's advantage in ticks: + it acts first
};

/// A melee attack that ended without a contact.
struct Whiff {
    std::uint64_t tick = 0;  ///< the tick its move ended
    std::int32_t attacker = 0;
    std::int32_t move = -1;
    /// The smallest shift toward the defender (0-MISS_SEARCH_PX px) at which its attack pixels touch
    /// the defender's hurt pixels on some active tick, or -1: out of reach.
    std::int32_t missedByPx = -1;
    std::int32_t boxOnlyTicks = 0;  ///< active ticks on which the boxes overlapped but no pixel did
};

/// One entry of the input display: a direction (numpad, as the fighter faced) with buttons, held.
struct InputLogEntry {
    std::int32_t numpad = 5;
    std::uint8_t buttons = 0;  ///< Input::PUNCH | KICK | SPECIAL
    std::int32_t ticks = 0;
};

/// One side's first move in a meter reading, counted from its cells (frozen ticks left out): what
/// `hotmap framedata` calls startup, active and recovery.
struct MoveFigures {
    std::int32_t move = -1;  ///< -1: the side started no move in the reading
    std::int32_t startup = 0, active = 0, recovery = 0;
    bool done = false;  ///< its move ended (free, stunned, or another move started)
    [[nodiscard]] std::int32_t Total() const { return startup + active + recovery; }
};

/// One hit of a combo on the meter: its move, the damage it did and the scaling it was dealt at.
struct ComboHit {
    std::int32_t move = -1;
    std::int32_t damage = 0;            ///< health taken (after scaling)
    std::int32_t scalingPercent = 100;  ///< COMBO_SCALING_PERCENT of its place in the combo
};

/// One exchange on the meter, as Street Fighter 6 shows it: it starts on the first tick either
/// fighter is not free and freezes once both are free again with no exchange open; it stays on
/// screen, frozen, until the next one starts (which clears it, readouts and all).
struct MeterReading {
    std::array<std::vector<FrameCell>, 2> cells;  ///< the latest METER_READING_TICKS ticks
    std::int32_t ticks = 0;                       ///< every tick of the reading (cells may hold fewer)
    bool frozen = false;
    std::array<MoveFigures, 2> figures{};
    std::vector<Advantage> advantages;  ///< the exchanges that ended in this reading
    std::vector<Whiff> whiffs;          ///< the attacks that missed in it
    std::int32_t comboAttacker = -1;    ///< whose combo `combo` is (-1: no hit in the reading)
    std::vector<ComboHit> combo;        ///< the reading's last combo, hit by hit
};

/// "P1 5P: +9 on hit" (on block, after a throw; "KD" when it knocked down): the side and the move
/// in numpad notation.
[[nodiscard]] std::string AdvantageText(const MatchDefs& defs, const Advantage& a);
/// "P1 5K MISSED BY 12 PX", "P1 5K OUT OF REACH", with the ticks boxes alone would have hit.
[[nodiscard]] std::string WhiffText(const MatchDefs& defs, const Whiff& w);
/// "P1 COMBO 3 HITS, 168 DAMAGE" and, hit by hit, "5P 55 100% - 2K 75 100% - 236K 88 80%" (the
/// latest hits that fit `maxChars`); empty when the reading has no hit.
[[nodiscard]] std::array<std::string, 2> ComboText(const MatchDefs& defs, const MeterReading& reading,
                                                   std::size_t maxChars);
/// "S4 A4 R11 T19" style figures of one side's move, "" when it started none.
[[nodiscard]] std::string FiguresText(const MoveFigures& f);

/// "236P" style text of one entry: the digit and P, K, S.
[[nodiscard]] std::string InputLogText(const InputLogEntry& e);

/// The smallest shift in [0, maxShiftPx] of `attack` (placed at `attackPlace`) along `direction`
/// (+1 right, -1 left) at which it touches `hurt` (at `hurtPlace`), or -1. Exact, through collide.
[[nodiscard]] std::int32_t SmallestTouchingShift(const collide::Mask& attack, collide::Placement attackPlace,
                                                 const collide::Mask& hurt, collide::Placement hurtPlace,
                                                 std::int32_t direction, std::int32_t maxShiftPx);

/// Everything training shows, observed tick by tick from the simulated state and its events. Not
/// part of any state: a replay viewer rebuilds it by observing the ticks again.
struct TrainingObserver {
    std::array<std::vector<FrameCell>, 2> meter;  ///< one cell per observed tick
    std::vector<Advantage> advantages;
    std::vector<Whiff> whiffs;
    MeterReading reading;                                ///< the exchange on the meter now (or the last one, frozen)
    std::array<std::vector<InputLogEntry>, 2> inputLog;  ///< oldest first, at most INPUT_LOG_ENTRIES
    std::array<std::int32_t, 2> boxOnlyTicks{};          ///< every active tick boxes alone would have hit

    /// Observes the tick just stepped, `events` its events. The input display reads each side's
    /// input as the step took it (FighterState::heldBits: a CPU's own choice too).
    void Observe(const MatchDefs& defs, const MatchState& state, std::span<const Event> events);

    // The exchange and the attacks in progress (what Observe carries from tick to tick).
    struct Exchange {
        bool open = false;
        Advantage result;
        std::array<std::int64_t, 2> freeAt{-1, -1};  ///< observed tick index each was first free
        std::int32_t idleNotYet = -1;  ///< the side a throw's landing left idle last tick (free from this one)
    } exchange;
    /// For each fighter not free: the observed tick it would be free on if nothing touched it (its
    /// stun or its move running out, after the freeze), or -1 (in the air, in a throw's hands).
    std::array<std::int64_t, 2> projectedFreeAt{-1, -1};
    std::array<FrameCell, 2> lastCells{FrameCell::Free, FrameCell::Free};
    bool frozenNext = false;  ///< the state observed last was in hitstop or a super's freeze

private:
    // The meter reading's part of Observe: the tick's cells, which side started a move, and the
    // advantages and whiffs this tick added (from these indices on).
    void ObserveReading(const MatchState& s, std::span<const Event> events, const std::array<FrameCell, 2>& cells,
                        const std::array<bool, 2>& started, std::size_t advantagesBefore, std::size_t whiffsBefore);
    struct Activation {
        bool open = false;
        std::int32_t move = -1;
        std::int32_t lastAnimTick = 0;
        bool activeSeen = false;
        bool contact = false;
        std::int32_t missedByPx = -1;
        std::int32_t boxOnlyTicks = 0;
    };
    std::array<Activation, 2> activation{};
    std::int64_t observed = 0;  ///< ticks observed so far
};

}  // namespace game
