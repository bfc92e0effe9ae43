// Training mode's core: the dummy as an input source (stand, crouch, jump or a recorded slot; how it
// blocks; how it recovers), the training rules applied around StepMatch (no timer, refills), and the
// observer that turns each simulated tick into the frame meter, frame advantages, "missed by N px"
// and the input display. Pure like the rest of src/game: no SDL, no files, no clock, no globals.
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
/// Where a position reset puts the fighters: mid-stage, or with the dummy in the left or right corner.
enum class ResetPlace : std::uint8_t { Mid, LeftCorner, RightCorner };

inline constexpr EnumName<DummyStance> DUMMY_STANCE_NAMES[] = {{DummyStance::Stand, "stand"},
                                                               {DummyStance::Crouch, "crouch"},
                                                               {DummyStance::Jump, "jump"},
                                                               {DummyStance::Slot, "slot"}};
inline constexpr EnumName<DummyBlock> DUMMY_BLOCK_NAMES[] = {{DummyBlock::None, "none"},
                                                             {DummyBlock::All, "all"},
                                                             {DummyBlock::AfterFirst, "after-first"},
                                                             {DummyBlock::Random, "random"}};
inline constexpr EnumName<ResetPlace> RESET_PLACE_NAMES[] = {
    {ResetPlace::Mid, "mid"}, {ResetPlace::LeftCorner, "left"}, {ResetPlace::RightCorner, "right"}};
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
};

/// What the training rules remember between ticks (beside the MatchState, saved with it).
struct TrainingState {
    Rng rng;                      ///< the random block's coin (seeded from the match's seed)
    std::int32_t armedTicks = 0;  ///< after-first: blocks while > 0 (refreshed while in hit/blockstun)
    bool threatSeen = false;      ///< random: the current threat's coin was tossed
    bool blockThreat = false;     ///< random: the coin's answer
    std::int32_t slotAt = 0;      ///< the next slot input the dummy plays
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

// ---- the frame meter and what pixels tell ------------------------------------------------------------

/// One tick of a fighter on the frame meter, as Street Fighter 6 colours it.
enum class FrameCell : std::uint8_t { Free, Startup, Active, Recovery, Hitstun, Blockstun };
/// One letter per cell for text and JSON: F S A R H B.
inline constexpr char FRAME_CELL_LETTERS[] = {'F', 'S', 'A', 'R', 'H', 'B'};

/// The cell a fighter's state shows now (after a step), read from its action, move and frame.
[[nodiscard]] FrameCell SampleFrameCell(const FighterDef& def, const FighterState& f);

/// An exchange's result: once both fighters are free after the last hit or block.
struct Advantage {
    std::uint64_t tick = 0;  ///< the tick of the last contact
    std::int32_t attacker = 0;
    std::int32_t move = -1;
    bool blocked = false;
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
    } exchange;
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
