// Training's settings as a player changes them in a window: the training menu (Esc in training, as
// Street Fighter's and Ikemen GO's training menus) and player 2's controls as the training keys. Both
// edit one TrainingChoices, which ApplyChoices writes into the game::TrainingSettings the step reads,
// so a key and the menu row that does the same thing cannot disagree. The model is apart from its
// drawing (DrawTrainingMenu) and testable without a window; `--menu` drives it headless.
#pragma once

#include "app/controls.h"
#include "game/framedata.h"
#include "game/training.h"

#include <SDL.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace app {

/// Whether the dummy plays the current slot: not at all, over and over, or once and then stands.
enum class Playback : std::uint8_t { Off, Looped, Once };
inline constexpr game::EnumName<Playback> PLAYBACK_NAMES[] = {
    {Playback::Off, "off"}, {Playback::Looped, "looped"}, {Playback::Once, "once"}};

/// What a player chose for the dummy. `stance` is never DummyStance::Slot: `playback` says when the
/// dummy plays the slot instead, and the stance is what it goes back to.
struct TrainingChoices {
    game::DummyStance stance = game::DummyStance::Stand;
    game::DummyBlock block = game::DummyBlock::None;
    game::DummyRecovery recovery = game::DummyRecovery::Stay;
    bool refill = true;
    std::int32_t slot = 0;  ///< 0 to game::SLOT_COUNT - 1
    Playback playback = Playback::Off;
    game::ResetPlace reset = game::ResetPlace::Mid;  ///< where RESET POSITION puts the dummy
    bool counterHit = false;                         ///< every first hit on the dummy a counter-hit
    game::DummyTech tech = game::DummyTech::Never;
    bool randomSlot = false;  ///< the dummy plays a random recorded slot instead of `slot`
    game::DummyReversal reversal = game::DummyReversal::Off;
    std::int32_t reversalSlot = 0;  ///< 0 to game::SLOT_COUNT - 1
};

/// Writes the choices into the settings StepTraining reads (the slots themselves are left alone).
void ApplyChoices(const TrainingChoices& choices, game::TrainingSettings& settings);

/// What the scene does after a key or a menu move besides taking the new choices.
struct TrainingRequest {
    bool toggleRecording = false;             ///< start recording the slot, or stop and write it
    std::optional<game::ResetPlace> resetAt;  ///< put both fighters back, the dummy here
    bool savePosition = false;                ///< where both stand now becomes the custom position
};

/// Player 2's controls pressed this tick (an edge: bits down now and not a tick ago) as the training
/// keys: left and right put the dummy in that corner, down mid-stage; up cycles the block; punch
/// starts or stops recording; kick cycles playback (off, looped, once); special takes the next slot.
/// While recording, kick and special do nothing (the slot being recorded stays the one played).
TrainingRequest ApplyTrainingKeys(std::uint8_t pressedBits, bool recording, TrainingChoices& choices);

/// The menu's rows, top to bottom.
enum class TrainingRow : std::uint8_t {
    Resume,
    Dummy,
    Block,
    Recovery,
    Refill,
    Slot,
    Playback,
    Record,
    Reset,
    SavePosition,
    CounterHit,
    Tech,
    RandomSlot,
    Reversal,
    ReversalSlot,
    MoveList,
    Options,
    Quit,
    COUNT
};

enum class TrainingMenuResult : std::uint8_t {
    Stay,     ///< the menu stays open (a choice may have changed: ApplyChoices after every move)
    Resume,   ///< close the menu; training goes on
    Request,  ///< close the menu and carry out Request() (record, reset)
    Options,  ///< open the options menu over this one
    Help,     ///< show the controls
    QuitToTitle,
};

class TrainingMenu {
public:
    /// One row as drawn.
    struct Row {
        std::string label;
        std::string value;
        bool adjustable = false;  ///< left and right change it
    };

    /// The cursor back on RESUME.
    void Open();
    /// Up and down choose a row; left and right change a setting (wrapping) and Enter steps it on;
    /// Enter acts on an action row (RESUME, RECORD, RESET POSITION, SAVE POSITION, MOVE LIST, OPTIONS,
    /// QUIT); Back resumes. While `recording`, RECORD stops it and the slot and playback stay as they
    /// are. SAVE POSITION also makes RESET POSITION's place the custom one.
    TrainingMenuResult Apply(MenuMove move, TrainingChoices& choices, bool recording);
    /// The request of the last Apply that returned TrainingMenuResult::Request.
    [[nodiscard]] const TrainingRequest& Request() const { return request_; }
    [[nodiscard]] int Cursor() const { return cursor_; }
    /// The MOVE LIST page is open (any move closes it).
    [[nodiscard]] bool MoveListOpen() const { return moveList_; }
    /// The rows as drawn: `slotTicks` is each slot's length (0: empty).
    [[nodiscard]] std::vector<Row> Rows(const TrainingChoices& choices, bool recording,
                                        const std::array<std::size_t, game::SLOT_COUNT>& slotTicks) const;

private:
    int cursor_ = 0;
    bool moveList_ = false;
    TrainingRequest request_;
};

// ---- the slots between sessions ----------------------------------------------------------------

/// Where a windowed training session keeps its four slots, one file each: the folder
/// $XDG_DATA_HOME/hotmap-brawl/slots when that is an absolute path, else
/// $HOME/.local/share/hotmap-brawl/slots; nothing when neither is set (the slots are then not kept).
/// Headless runs never read or write it (their slots are --dummy-slot's and --record's files).
[[nodiscard]] std::optional<std::string> SlotsFolder();
/// Slot `index`'s (0 to game::SLOT_COUNT - 1) file in `folder`: slot1.slot to slot4.slot.
[[nodiscard]] std::string SlotFilePath(const std::string& folder, std::int32_t index);
/// A slot as a file's replay: P1's column (forward/back), both sides a player's, the fighters and
/// the match's config as recorded.
[[nodiscard]] game::Replay SlotReplay(const game::Slot& slot, const std::array<std::string, 2>& fighterIds,
                                      const game::MatchConfig& config);
/// Writes `replay` to `path`, making its folder first; the error's line, or nothing.
[[nodiscard]] std::optional<std::string> WriteSlotFile(const std::string& path, const game::Replay& replay);

/// Training's keys (help.h's TRAINING_KEYS: player 2's controls, and Esc) named as the controls
/// panel names keys: player 2's current key for each (KeyName), then what it does, in capitals.
[[nodiscard]] std::vector<std::string> TrainingKeyLines(const Bindings& bindings);
/// The training menu's footer, in the same names: "P2: ARROWS RESET/BLOCK, KEYPAD 1 RECORD, ...".
[[nodiscard]] std::string TrainingKeysFooter(const Bindings& bindings);

/// The HUD's line of what the dummy does, in the menu's words (its DUMMY, BLOCK, SLOT and PLAYBACK
/// values): "TRAINING - DUMMY CROUCH, BLOCK NONE - SLOT 1 PLAYING, LOOPED" while the slot plays.
[[nodiscard]] std::string TrainingStatusLine(const TrainingChoices& choices, bool recording);

/// Where the menu is drawn (logical pixels of the 640 x 360 picture; rows in 2x text): a row's label
/// starts at LABEL_X, its value ("< LEFT CORNER >" on the cursor's row) ends at VALUE_RIGHT_X, and
/// every label and value the rows can show fit between them at least GAP apart (a test checks it).
struct TrainingMenuLayout {
    static constexpr int PANEL_X = 90, PANEL_W = 460, PANEL_Y = 14, PANEL_H = 332;
    static constexpr int CURSOR_X = PANEL_X + 12, LABEL_X = PANEL_X + 28, VALUE_RIGHT_X = PANEL_X + PANEL_W - 12;
    static constexpr int GAP = 12, TEXT_SCALE = 2;
    /// Rows drawn at once, ROW_H apart from FIRST_ROW_Y; more scroll with the cursor.
    static constexpr int VISIBLE_ROWS = 12, ROW_H = 21, FIRST_ROW_Y = 56;
};
/// The first row drawn when the cursor is on `cursor` of `rows`: the cursor kept in the window.
[[nodiscard]] int FirstShownRow(int cursor, int rows);
/// A row's value as drawn: between arrows on the cursor's row when left and right change it.
[[nodiscard]] std::string ShownValue(const TrainingMenu::Row& row, bool selected);

/// Training's MOVE LIST page: both fighters' moves with their frame data as `hotmap framedata`
/// computes it (startup, active, recovery, on hit, on block; game::ComputeFrameData), worked out
/// once per pair of fighters, when first shown.
class MoveListPage {
public:
    /// Each side's moves' data against the other (cached for these two definitions).
    const std::array<std::vector<game::MoveFrameData>, 2>& Data(const game::MatchDefs& defs);
    /// One row as drawn: "5P   LIGHT PUNCH   4  4 11   +3  -3".
    [[nodiscard]] static std::string RowText(const game::MoveFrameData& m);
    void Draw(SDL_Renderer* r, const game::MatchDefs& defs);

private:
    std::array<const game::FighterDef*, 2> for_{};
    std::array<std::vector<game::MoveFrameData>, 2> data_;
};

/// The menu over the game picture (640 x 360 logical pixels). Not its MOVE LIST page: that is
/// MoveListPage, which the scene draws (it has the fighters' definitions).
void DrawTrainingMenu(SDL_Renderer* r, const TrainingMenu& menu, const TrainingChoices& choices, bool recording,
                      const std::array<std::size_t, game::SLOT_COUNT>& slotTicks, const Bindings& bindings);

}  // namespace app
