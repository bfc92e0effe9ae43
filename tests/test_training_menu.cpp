// The training menu and the training keys as models: what each key and each menu move does to the
// choices, what reaches the training step (ApplyChoices), and what the scene is asked to carry out.
// The scene's side (a recording written, a reset made, a slot played) is in test_training_run.
#include "app/help.h"
#include "app/settings.h"
#include "app/training_menu.h"
#include "render/render.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

using app::MenuMove;
using app::Playback;
using app::TrainingChoices;
using app::TrainingMenu;
using app::TrainingMenuResult;
using app::TrainingRow;

// Moves the cursor down to `row` from RESUME (where Open leaves it).
void GoTo(TrainingMenu& menu, TrainingChoices& c, TrainingRow row) {
    menu.Open();
    for (int i = 0; i < static_cast<int>(row); ++i)
        ASSERT_EQ(menu.Apply(MenuMove::Down, c, false), TrainingMenuResult::Stay);
    ASSERT_EQ(menu.Cursor(), static_cast<int>(row));
}

TEST(TrainingKeys, ArrowsResetAndCycleTheBlock) {
    TrainingChoices c;
    EXPECT_EQ(app::ApplyTrainingKeys(game::Input::LEFT, false, c).resetAt, game::ResetPlace::LeftCorner);
    EXPECT_EQ(app::ApplyTrainingKeys(game::Input::RIGHT, false, c).resetAt, game::ResetPlace::RightCorner);
    EXPECT_EQ(app::ApplyTrainingKeys(game::Input::DOWN, false, c).resetAt, game::ResetPlace::Mid);
    EXPECT_FALSE(app::ApplyTrainingKeys(game::Input::UP, false, c).resetAt);
    EXPECT_EQ(c.block, game::DummyBlock::All);
    for (const game::DummyBlock want :
         {game::DummyBlock::AfterFirst, game::DummyBlock::Random, game::DummyBlock::None, game::DummyBlock::All}) {
        (void)app::ApplyTrainingKeys(game::Input::UP, false, c);
        EXPECT_EQ(c.block, want);
    }
}

TEST(TrainingKeys, PunchRecordsKickCyclesPlaybackSpecialTakesTheNextSlot) {
    TrainingChoices c;
    EXPECT_TRUE(app::ApplyTrainingKeys(game::Input::PUNCH, false, c).toggleRecording);
    EXPECT_TRUE(app::ApplyTrainingKeys(game::Input::PUNCH, true, c).toggleRecording);
    for (const Playback want : {Playback::Looped, Playback::Once, Playback::Off}) {
        EXPECT_FALSE(app::ApplyTrainingKeys(game::Input::KICK, false, c).toggleRecording);
        EXPECT_EQ(c.playback, want);
    }
    for (const int want : {1, 2, 3, 0}) {
        (void)app::ApplyTrainingKeys(game::Input::SPECIAL, false, c);
        EXPECT_EQ(c.slot, want);
    }
}

TEST(TrainingKeys, WhileRecordingTheSlotAndPlaybackStay) {
    TrainingChoices c;
    (void)app::ApplyTrainingKeys(game::Input::KICK | game::Input::SPECIAL, true, c);
    EXPECT_EQ(c.playback, Playback::Off);
    EXPECT_EQ(c.slot, 0);
    // Punch with kick in one tick starts recording; the kick does not also start playback.
    const auto r = app::ApplyTrainingKeys(game::Input::PUNCH | game::Input::KICK, false, c);
    EXPECT_TRUE(r.toggleRecording);
    EXPECT_EQ(c.playback, Playback::Off);
}

TEST(TrainingChoices, PlaybackBecomesTheSlotStanceAndOffGivesTheStanceBack) {
    TrainingChoices c;
    c.stance = game::DummyStance::Crouch;
    c.block = game::DummyBlock::Random;
    c.recovery = game::DummyRecovery::Now;
    c.refill = false;
    c.slot = 2;
    game::TrainingSettings s;
    app::ApplyChoices(c, s);
    EXPECT_EQ(s.stance, game::DummyStance::Crouch);
    EXPECT_EQ(s.block, game::DummyBlock::Random);
    EXPECT_EQ(s.recovery, game::DummyRecovery::Now);
    EXPECT_FALSE(s.refill);
    EXPECT_EQ(s.slot, 2);
    c.playback = Playback::Looped;
    app::ApplyChoices(c, s);
    EXPECT_EQ(s.stance, game::DummyStance::Slot);
    EXPECT_TRUE(s.loopSlot);
    c.playback = Playback::Once;
    app::ApplyChoices(c, s);
    EXPECT_EQ(s.stance, game::DummyStance::Slot);
    EXPECT_FALSE(s.loopSlot);
    c.playback = Playback::Off;
    app::ApplyChoices(c, s);
    EXPECT_EQ(s.stance, game::DummyStance::Crouch);
}

TEST(TrainingMenu, LeftAndRightWrapEverySettingAndEnterStepsIt) {
    TrainingMenu menu;
    TrainingChoices c;
    GoTo(menu, c, TrainingRow::Dummy);
    EXPECT_EQ(menu.Apply(MenuMove::Left, c, false), TrainingMenuResult::Stay);
    EXPECT_EQ(c.stance, game::DummyStance::Jump);  // wraps, and never reaches DummyStance::Slot
    (void)menu.Apply(MenuMove::Right, c, false);
    EXPECT_EQ(c.stance, game::DummyStance::Stand);
    EXPECT_EQ(menu.Apply(MenuMove::Confirm, c, false), TrainingMenuResult::Stay);
    EXPECT_EQ(c.stance, game::DummyStance::Crouch);
    GoTo(menu, c, TrainingRow::Block);
    (void)menu.Apply(MenuMove::Left, c, false);
    EXPECT_EQ(c.block, game::DummyBlock::Random);
    GoTo(menu, c, TrainingRow::Recovery);
    (void)menu.Apply(MenuMove::Right, c, false);
    EXPECT_EQ(c.recovery, game::DummyRecovery::Now);
    GoTo(menu, c, TrainingRow::Refill);
    (void)menu.Apply(MenuMove::Left, c, false);
    EXPECT_FALSE(c.refill);
    GoTo(menu, c, TrainingRow::Slot);
    (void)menu.Apply(MenuMove::Left, c, false);
    EXPECT_EQ(c.slot, game::SLOT_COUNT - 1);
    GoTo(menu, c, TrainingRow::Playback);
    (void)menu.Apply(MenuMove::Left, c, false);
    EXPECT_EQ(c.playback, Playback::Once);
}

TEST(TrainingMenu, WhileRecordingTheSlotRowsAreFrozenAndRecordStops) {
    TrainingMenu menu;
    TrainingChoices c;
    GoTo(menu, c, TrainingRow::Slot);
    (void)menu.Apply(MenuMove::Right, c, true);
    EXPECT_EQ(c.slot, 0);
    GoTo(menu, c, TrainingRow::Playback);
    (void)menu.Apply(MenuMove::Right, c, true);
    EXPECT_EQ(c.playback, Playback::Off);
    GoTo(menu, c, TrainingRow::Record);
    EXPECT_EQ(menu.Apply(MenuMove::Confirm, c, true), TrainingMenuResult::Request);
    EXPECT_TRUE(menu.Request().toggleRecording);
    EXPECT_FALSE(menu.Request().resetAt);
    const auto rows = menu.Rows(c, true, {});
    EXPECT_EQ(rows[static_cast<std::size_t>(TrainingRow::Record)].label, "STOP RECORDING");
    EXPECT_FALSE(rows[static_cast<std::size_t>(TrainingRow::Slot)].adjustable);
    EXPECT_EQ(menu.Rows(c, false, {})[static_cast<std::size_t>(TrainingRow::Record)].label, "RECORD SLOT");
}

TEST(TrainingMenu, ResetAsksForThePlaceChosenOnItsRow) {
    TrainingMenu menu;
    TrainingChoices c;
    GoTo(menu, c, TrainingRow::Reset);
    EXPECT_EQ(menu.Apply(MenuMove::Confirm, c, false), TrainingMenuResult::Request);
    EXPECT_EQ(menu.Request().resetAt, game::ResetPlace::Mid);
    (void)menu.Apply(MenuMove::Left, c, false);
    EXPECT_EQ(c.reset, game::ResetPlace::RightCorner);
    EXPECT_EQ(menu.Apply(MenuMove::Confirm, c, false), TrainingMenuResult::Request);
    EXPECT_EQ(menu.Request().resetAt, game::ResetPlace::RightCorner);
    EXPECT_FALSE(menu.Request().toggleRecording);  // the request before it is not carried over
}

TEST(TrainingMenu, ActionRowsBackAndTheMoveList) {
    TrainingMenu menu;
    TrainingChoices c;
    menu.Open();
    EXPECT_EQ(menu.Apply(MenuMove::Confirm, c, false), TrainingMenuResult::Resume);
    EXPECT_EQ(menu.Apply(MenuMove::Back, c, false), TrainingMenuResult::Resume);
    EXPECT_EQ(menu.Apply(MenuMove::Cancel, c, false), TrainingMenuResult::Resume);
    EXPECT_EQ(menu.Apply(MenuMove::Help, c, false), TrainingMenuResult::Help);
    EXPECT_EQ(menu.Apply(MenuMove::Up, c, false), TrainingMenuResult::Stay);  // wraps to the last row
    EXPECT_EQ(menu.Cursor(), static_cast<int>(TrainingRow::Quit));
    EXPECT_EQ(menu.Apply(MenuMove::Confirm, c, false), TrainingMenuResult::QuitToTitle);
    GoTo(menu, c, TrainingRow::Options);
    EXPECT_EQ(menu.Apply(MenuMove::Confirm, c, false), TrainingMenuResult::Options);
    GoTo(menu, c, TrainingRow::MoveList);
    EXPECT_EQ(menu.Apply(MenuMove::Confirm, c, false), TrainingMenuResult::Stay);
    EXPECT_TRUE(menu.MoveListOpen());
    EXPECT_EQ(menu.Apply(MenuMove::Back, c, false), TrainingMenuResult::Stay);  // closes the page, not the menu
    EXPECT_FALSE(menu.MoveListOpen());
    EXPECT_EQ(menu.Cursor(), static_cast<int>(TrainingRow::MoveList));
}

TEST(TrainingMenu, RowsShowTheChoicesAndTheSlotsLength) {
    TrainingMenu menu;
    TrainingChoices c;
    c.stance = game::DummyStance::Crouch;
    c.block = game::DummyBlock::AfterFirst;
    c.slot = 1;
    c.playback = Playback::Once;
    c.reset = game::ResetPlace::LeftCorner;
    const auto rows = menu.Rows(c, false, {0, 40, 0, 0});
    ASSERT_EQ(rows.size(), static_cast<std::size_t>(TrainingRow::COUNT));
    EXPECT_EQ(rows[static_cast<std::size_t>(TrainingRow::Dummy)].value, "CROUCH");
    EXPECT_EQ(rows[static_cast<std::size_t>(TrainingRow::Block)].value, "AFTER-FIRST");
    EXPECT_EQ(rows[static_cast<std::size_t>(TrainingRow::Slot)].value, "2 (40 TICKS)");
    EXPECT_EQ(rows[static_cast<std::size_t>(TrainingRow::Playback)].value, "ONCE");
    EXPECT_EQ(rows[static_cast<std::size_t>(TrainingRow::Reset)].value, "LEFT CORNER");
    c.slot = 0;
    EXPECT_EQ(menu.Rows(c, false, {0, 40, 0, 0})[static_cast<std::size_t>(TrainingRow::Slot)].value, "1 EMPTY");
}

// Every label and every value a row can show fit its line, the value on the cursor's row between
// arrows ("RESET POSITIO< LEFT CORNER >" ran into each other, issue 36 item 5): each setting through
// all its values by the menu's own Right, recording or not, slots empty or as long as a slot can be.
TEST(TrainingMenuLayout, EveryRowsLabelAndValueFitApart) {
    using L = app::TrainingMenuLayout;
    int checked = 0;
    for (const bool recording : {false, true}) {
        for (const std::size_t ticks : {std::size_t{0}, std::size_t{99999}}) {
            TrainingChoices c;
            TrainingMenu menu;
            for (int row = 0; row < static_cast<int>(TrainingRow::COUNT); ++row) {
                menu.Open();
                for (int i = 0; i < row; ++i) (void)menu.Apply(MenuMove::Down, c, recording);
                for (int turn = 0; turn < 5; ++turn) {  // more than any setting has values
                    const auto rows = menu.Rows(c, recording, {ticks, ticks, ticks, ticks});
                    const TrainingMenu::Row& r = rows[static_cast<std::size_t>(row)];
                    for (const bool selected : {false, true}) {
                        const int label = render::TextWidth(r.label, L::TEXT_SCALE);
                        const int value = render::TextWidth(app::ShownValue(r, selected), L::TEXT_SCALE);
                        EXPECT_LE(L::LABEL_X + label + (value > 0 ? L::GAP + value : 0), L::VALUE_RIGHT_X)
                            << r.label << " " << app::ShownValue(r, selected);
                        ++checked;
                    }
                    if (r.adjustable) (void)menu.Apply(MenuMove::Right, c, recording);
                }
            }
        }
    }
    EXPECT_GT(checked, 100);
    EXPECT_LE(L::VALUE_RIGHT_X, L::PANEL_X + L::PANEL_W) << "inside the panel";
    EXPECT_LE(L::PANEL_X + L::PANEL_W, 640);
}

// The HUD's line says what the menu says (issue 36, item 8: it said "DUMMY SLOT" while the menu
// said CROUCH): the DUMMY, BLOCK and SLOT rows' values, and PLAYING while the slot plays.
TEST(TrainingStatusLine, SaysWhatTheMenuSays) {
    TrainingMenu menu;
    for (const auto stance : {game::DummyStance::Stand, game::DummyStance::Crouch, game::DummyStance::Jump}) {
        for (const Playback playback : {Playback::Off, Playback::Looped, Playback::Once}) {
            TrainingChoices c;
            c.stance = stance, c.playback = playback, c.slot = 2, c.block = game::DummyBlock::All;
            const auto rows = menu.Rows(c, false, {0, 0, 40, 0});
            const std::string line = app::TrainingStatusLine(c, false);
            EXPECT_NE(line.find("DUMMY " + rows[static_cast<std::size_t>(TrainingRow::Dummy)].value), std::string::npos)
                << line;
            EXPECT_NE(line.find("BLOCK " + rows[static_cast<std::size_t>(TrainingRow::Block)].value), std::string::npos)
                << line;
            EXPECT_NE(line.find("SLOT 3"), std::string::npos) << line;
            EXPECT_EQ(line.find("DUMMY SLOT"), std::string::npos) << line;
            EXPECT_EQ(line.find("PLAYING") != std::string::npos, playback != Playback::Off) << line;
        }
    }
    TrainingChoices c;
    EXPECT_EQ(app::TrainingStatusLine(c, true), "TRAINING - DUMMY STAND, BLOCK NONE - SLOT 1 RECORDING");
}

// The menu's footer and the controls panel's training lines name player 2's keys as the panel names
// every key (KeyName: "KEYPAD 1", not "1", issue 36 item 8), follow a rebinding, and the footer fits
// the menu's panel.
TEST(TrainingKeys, TheFooterAndThePanelNameTheKeysAsTheControlsPanelDoes) {
    app::Bindings b = app::Bindings::Defaults();
    const std::string footer = app::TrainingKeysFooter(b);
    EXPECT_EQ(footer, "P2: ARROWS RESET/BLOCK, KEYPAD 1 RECORD, KEYPAD 2 PLAY, KEYPAD 3 SLOT");
    EXPECT_LE(render::TextWidth(footer, 1), app::TrainingMenuLayout::PANEL_W - 8);
    const std::vector<std::string> lines = app::TrainingKeyLines(b);
    ASSERT_EQ(lines.size(), std::size(app::TRAINING_KEYS));
    EXPECT_EQ(lines[0].rfind("LEFT: POSITION RESET", 0), 0u) << lines[0];
    EXPECT_EQ(lines[4].rfind("KEYPAD 1: RECORD", 0), 0u) << lines[4];
    EXPECT_EQ(lines.back().rfind("ESC: THE TRAINING MENU", 0), 0u) << lines.back();
    b.keys[1][static_cast<std::size_t>(app::KeyAction::Punch)] = SDL_SCANCODE_Q;
    b.keys[1][static_cast<std::size_t>(app::KeyAction::Left)] = SDL_SCANCODE_Z;
    EXPECT_NE(app::TrainingKeysFooter(b).find(", Q RECORD,"), std::string::npos) << app::TrainingKeysFooter(b);
    EXPECT_EQ(app::TrainingKeysFooter(b).find("ARROWS"), std::string::npos) << "the arrows are no longer all P2's";
    EXPECT_EQ(app::TrainingKeyLines(b)[4].rfind(app::KeyName(SDL_SCANCODE_Q) + ": RECORD", 0), 0u);
    EXPECT_EQ(app::TrainingKeyLines(b)[0].rfind("Z: ", 0), 0u);
}

// The kept slots (issue 36, item 8: all four went to the one --record file, so slot 2 overwrote
// slot 1): a window's folder under $XDG_DATA_HOME (absolute only, else $HOME's), one file a slot,
// the folder made on the first write, each file the replay format with its own slot's inputs.
TEST(KeptSlots, EachSlotIsAFileOfItsOwnUnderTheDataFolder) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("hotmap_test_" + std::to_string(::getpid()) + "_kept_slots");
    fs::remove_all(dir);
    const std::string home = std::getenv("HOME") != nullptr ? std::getenv("HOME") : "";
    ASSERT_EQ(::setenv("XDG_DATA_HOME", dir.c_str(), 1), 0);
    ASSERT_EQ(app::SlotsFolder(), dir.string() + "/hotmap-brawl/slots");
    ASSERT_EQ(::setenv("XDG_DATA_HOME", "relative/data", 1), 0);
    EXPECT_EQ(app::SlotsFolder(),
              home.empty() ? std::nullopt : std::optional<std::string>(home + "/.local/share/hotmap-brawl/slots"))
        << "a relative XDG_DATA_HOME is ignored";
    ASSERT_EQ(::setenv("XDG_DATA_HOME", dir.c_str(), 1), 0);
    const std::string folder = *app::SlotsFolder();
    game::Slot one, two;
    one.inputs = {game::Input{game::Input::PUNCH}, game::Input{}};
    two.inputs = {game::Input{game::Input::RIGHT}, game::Input{game::Input::KICK}, game::Input{}};
    game::MatchConfig config;
    config.controllers = {game::Controller::Cpu, game::Controller::Human};
    EXPECT_EQ(app::WriteSlotFile(app::SlotFilePath(folder, 0), app::SlotReplay(one, {"brick", "kestrel"}, config)),
              std::nullopt);
    EXPECT_EQ(app::WriteSlotFile(app::SlotFilePath(folder, 1), app::SlotReplay(two, {"brick", "kestrel"}, config)),
              std::nullopt);
    EXPECT_EQ(app::SlotFilePath(folder, 3), folder + "/slot4.slot");
    for (const auto& [index, slot] : {std::pair{0, &one}, std::pair{1, &two}}) {
        std::ifstream in(app::SlotFilePath(folder, index));
        std::stringstream text;
        text << in.rdbuf();
        std::string error;
        const auto replay = game::ParseReplay(text.str(), error);
        ASSERT_TRUE(replay) << error;
        ASSERT_EQ(replay->inputs.size(), slot->inputs.size()) << "slot " << index + 1;
        for (std::size_t t = 0; t < slot->inputs.size(); ++t) {
            EXPECT_EQ(replay->inputs[t][0].bits, slot->inputs[t].bits);
            EXPECT_EQ(replay->inputs[t][1].bits, 0);
        }
        EXPECT_EQ(replay->config.controllers[0], game::Controller::Human) << "a player's inputs, whoever made them";
    }
    ::unsetenv("XDG_DATA_HOME");
    fs::remove_all(dir);
}

}  // namespace
