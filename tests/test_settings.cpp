// The player's settings and the options menu, without a window: where the file lives (never the
// project folder), defaults, the round trip, a broken file (defaults and one warning), --mute and
// --volume never written; the menu's rows, rebinding by pressing the new key, conflicts marked,
// reserved keys refused, reset to defaults. XDG_CONFIG_HOME always points into a temporary folder.
#include "app/help.h"
#include "app/options_menu.h"
#include "app/settings.h"
#include "run_command.h"

#include <SDL.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

// A headless run's line without its two measurements (load_ms, peak_rss_kb: wall clock and memory,
// different in every run), which must be there: the rest is what two runs must agree on.
std::string WithoutMeasurements(const std::string& out) {
    auto line = nlohmann::ordered_json::parse(out, nullptr, false);
    if (line.is_discarded() || !line.contains("load_ms") || !line.contains("peak_rss_kb"))
        return "not a report: " + out;
    line.erase("load_ms");
    line.erase("peak_rss_kb");
    return line.dump();
}

std::string Read(const fs::path& p) {
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void Write(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
}

TEST(Settings, TheFileLivesInTheUsersConfigFolderNeverTheProjectFolder) {
    const std::string xdg = testrun::FreshDir("settings_xdg").string();
    ::setenv("XDG_CONFIG_HOME", xdg.c_str(), 1);
    EXPECT_EQ(app::SettingsPath(), xdg + "/hotmap-brawl/settings.json");
    ::setenv("XDG_CONFIG_HOME", "relative/config", 1);  // the spec says: ignore it
    ::setenv("HOME", "/home/someone", 1);
    EXPECT_EQ(app::SettingsPath(), "/home/someone/.config/hotmap-brawl/settings.json");
    ::unsetenv("XDG_CONFIG_HOME");
    ::setenv("HOME", "", 1);
    EXPECT_EQ(app::SettingsPath(), std::nullopt) << "no absolute folder to use: not remembered, never ./";
    ::setenv("XDG_CONFIG_HOME", xdg.c_str(), 1);
}

TEST(Settings, AMissingFileIsTheDefaultsSilently) {
    const fs::path dir = testrun::FreshDir("settings_missing");
    const app::LoadedSettings s = app::LoadSettings((dir / "settings.json").string());
    EXPECT_FALSE(s.warning.has_value());
    EXPECT_EQ(s.settings, app::UserSettings{});
    EXPECT_EQ(s.settings.bindings, app::Bindings::Defaults());
}

TEST(Settings, WhatIsWrittenIsReadBackTheSame) {
    const fs::path file = testrun::FreshDir("settings_round") / "deep" / "settings.json";
    app::UserSettings s;
    s.volumes = {30, 40, 90, true};
    s.fullscreen = true;
    s.windowScale = 3;
    s.vsync = false;
    s.bindings.keys[0][static_cast<std::size_t>(app::KeyAction::Punch)] = SDL_SCANCODE_LSHIFT;
    s.bindings.keys[1][static_cast<std::size_t>(app::KeyAction::Up)] = SDL_SCANCODE_KP_8;
    s.bindings.pad[2] = {SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, SDL_CONTROLLER_BUTTON_INVALID};
    s.bindings.mute = SDL_SCANCODE_F12;
    ASSERT_EQ(app::SaveSettings(file.string(), s), std::nullopt);
    const std::string text = Read(file);
    EXPECT_NE(text.find("\"punch\": \"Left Shift\""), std::string::npos) << "keys by their names:\n" << text;
    EXPECT_NE(text.find("\"rightshoulder\""), std::string::npos) << text;
    const app::LoadedSettings back = app::LoadSettings(file.string());
    EXPECT_FALSE(back.warning.has_value()) << *back.warning;
    EXPECT_EQ(back.settings, s);
    // Written whole: no temporary file left beside it.
    std::size_t entries = 0;
    for (const auto& e : fs::directory_iterator(file.parent_path())) entries += e.is_regular_file();
    EXPECT_EQ(entries, 1u);
}

TEST(Settings, ABrokenFileIsTheDefaultsAndOneWarningNamingIt) {
    const fs::path file = testrun::FreshDir("settings_broken") / "settings.json";
    Write(file, "{\"volume\": {\"master\": 70,");  // cut off
    app::LoadedSettings s = app::LoadSettings(file.string());
    ASSERT_TRUE(s.warning.has_value());
    EXPECT_EQ(s.warning->rfind("warning: " + file.string() + ": not JSON", 0), 0u) << *s.warning;
    EXPECT_EQ(s.warning->find('\n'), std::string::npos);
    EXPECT_EQ(s.settings, app::UserSettings{});
    // Wrong values: each falls back alone; one line names the first and counts the rest.
    Write(file, R"({"volume": {"master": 70, "music": 150, "mute": "yes"}, "keys": {"p1": {"punch": "NoSuchKey"}},
                   "video": {"windowScale": 3}})");
    s = app::LoadSettings(file.string());
    ASSERT_TRUE(s.warning.has_value());
    EXPECT_NE(s.warning->find("volume.music must be a whole number 0-100, got 150 (and 2 more)"), std::string::npos)
        << *s.warning;
    EXPECT_EQ(s.settings.volumes.master, 70) << "what is right is kept";
    EXPECT_EQ(s.settings.windowScale, 3);
    EXPECT_EQ(s.settings.volumes.music, app::UserSettings{}.volumes.music);
    EXPECT_EQ(s.settings.bindings, app::Bindings::Defaults());
    Write(file, "[1, 2]");
    EXPECT_TRUE(app::LoadSettings(file.string()).warning.has_value());
}

TEST(Settings, AFifoOrAGiantIsTheDefaultsNeverAHangAndSavingRefusesAFifo) {
    // Read through the one reader (files.h): a FIFO would block an ifstream for ever.
    const fs::path dir = testrun::FreshDir("settings_hostile");
    const fs::path fifo = dir / "settings.json";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const app::LoadedSettings s = app::LoadSettings(fifo.string());
    ASSERT_TRUE(s.warning.has_value());
    EXPECT_NE(s.warning->find("not a regular file"), std::string::npos) << *s.warning;
    EXPECT_EQ(s.settings, app::UserSettings{});
    const auto saved = app::SaveSettings(fifo.string(), app::UserSettings{});
    ASSERT_TRUE(saved.has_value()) << "a FIFO is never written into";
    EXPECT_NE(saved->find("not a regular file"), std::string::npos) << *saved;
    const fs::path giant = dir / "giant.json";
    { std::ofstream(giant) << "{}"; }
    fs::resize_file(giant, std::uintmax_t{1} << 31);  // sparse: 2 GiB, no disk used
    const app::LoadedSettings g = app::LoadSettings(giant.string());
    ASSERT_TRUE(g.warning.has_value());
    EXPECT_EQ(g.settings, app::UserSettings{});
}

// Issue 36: a settings file that cannot be written is said in the options menu, one line naming
// the file's folder and the reason, drawn under the rows (and nothing is drawn there without it).
TEST(Settings, ASettingsFileThatCannotBeWrittenIsOneLineInTheOptionsMenu) {
    const fs::path dir = testrun::FreshDir("settings_unwritable");
    Write(dir / "hotmap-brawl", "a file where the folder should be");
    const fs::path path = dir / "hotmap-brawl" / "settings.json";
    const auto error = app::SaveSettings(path.string(), app::UserSettings{});
    ASSERT_TRUE(error.has_value());
    const std::string line = app::SettingsProblem(*error);
    EXPECT_EQ(line.rfind("settings cannot be saved: " + (dir / "hotmap-brawl").string() + ": ", 0), 0u) << line;
    EXPECT_EQ(line.find('\n'), std::string::npos);
    EXPECT_GT(line.size(),
              std::string("settings cannot be saved: ").size() + (dir / "hotmap-brawl").string().size() + 2)
        << "with the reason";
    // Drawn: red pixels on the notice's line that are not there without it.
    const auto painted = [](const std::string& problem) {
        SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormat(0, 640, 360, 32, SDL_PIXELFORMAT_RGBA8888);
        SDL_Renderer* r = SDL_CreateSoftwareRenderer(surface);
        SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
        SDL_RenderClear(r);
        app::OptionsMenu menu;
        menu.Open();
        app::DrawOptions(r, menu, app::UserSettings{}, problem);
        SDL_RenderPresent(r);
        int red = 0;
        const auto* pixels = static_cast<const Uint32*>(surface->pixels);
        for (int y = 332; y < 344; ++y) {
            for (int x = 0; x < 640; ++x) {
                Uint8 cr = 0, cg = 0, cb = 0;
                SDL_GetRGB(pixels[y * surface->pitch / 4 + x], surface->format, &cr, &cg, &cb);
                red += cr > 180 && cg < 120 && cb < 120;
            }
        }
        SDL_DestroyRenderer(r);
        SDL_FreeSurface(surface);
        return red;
    };
    EXPECT_EQ(painted(""), 0);
    EXPECT_GT(painted(line), 100);
}

TEST(Settings, TheCommandLinesMuteAndVolumeApplyToTheRunOnly) {
    app::RunOverrides o;
    o.mute = true;
    o.volume = 20;
    const audio::Volumes saved{80, 60, 100, false};
    const audio::Volumes heard = o.Apply(saved);
    EXPECT_TRUE(heard.mute);
    EXPECT_EQ(heard.master, 20);
    EXPECT_EQ(heard.EffectsGain(), 0.0f);
    EXPECT_EQ(saved.master, 80) << "the settings themselves are untouched";
}

// brawl end to end: a broken file is one warning and a normal run; --mute and --volume are never
// written; nothing is written into the project folder.
TEST(Settings, BrawlReadsABrokenFileWithOneLineAndWritesNothing) {
    const fs::path xdg = testrun::FreshDir("settings_brawl");
    const fs::path file = xdg / "hotmap-brawl" / "settings.json";
    Write(file, "not json at all");
    const std::string before = Read(file);
    const auto r = testrun::Run(
        BRAWL_EXE, {"--headless", "--frames", "30", "--mute", "--volume", "40", "--assets", HOTMAP_SOURCE_DIR},
        "XDG_CONFIG_HOME=" + testrun::Quote(xdg.string()));
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n') - 1, 1) << "the load line and one warning:\n" << r.err;
    EXPECT_NE(r.err.find("warning: " + file.string() + ": not JSON"), std::string::npos) << r.err;
    EXPECT_EQ(Read(file), before) << "a headless run writes no settings; --mute and --volume never";
    const auto clean =
        testrun::Run(BRAWL_EXE, {"--headless", "--frames", "30", "--mute", "--assets", HOTMAP_SOURCE_DIR},
                     "XDG_CONFIG_HOME=" + testrun::Quote((xdg / "empty").string()));
    EXPECT_EQ(clean.exitCode, 0) << clean.err;
    EXPECT_FALSE(fs::exists(xdg / "empty")) << "nothing written where no file was";
    EXPECT_FALSE(fs::exists(fs::path(HOTMAP_SOURCE_DIR) / "settings.json"));
    EXPECT_FALSE(fs::exists(fs::path(HOTMAP_SOURCE_DIR) / "hotmap-brawl"));
}

// ---- the options menu ------------------------------------------------------------------------------

void Go(app::OptionsMenu& m, app::UserSettings& s, app::OptionsRow row) {
    while (m.Cursor() != static_cast<int>(row)) m.Apply(app::MenuMove::Down, s);
}

TEST(OptionsMenu, VolumesStepAndStopAtTheirEndsTogglesToggle) {
    app::OptionsMenu m;
    app::UserSettings s;
    m.Open();
    EXPECT_EQ(m.Apply(app::MenuMove::Right, s), app::OptionsResult::Stay) << "100 is the top";
    EXPECT_EQ(m.Apply(app::MenuMove::Left, s), app::OptionsResult::Changed);
    EXPECT_EQ(s.volumes.master, 90);
    Go(m, s, app::OptionsRow::Music);
    for (int i = 0; i < 12; ++i) m.Apply(app::MenuMove::Left, s);
    EXPECT_EQ(s.volumes.music, 0);
    Go(m, s, app::OptionsRow::Mute);
    EXPECT_EQ(m.Apply(app::MenuMove::Confirm, s), app::OptionsResult::Changed);
    EXPECT_TRUE(s.volumes.mute);
    Go(m, s, app::OptionsRow::WindowScale);
    m.Apply(app::MenuMove::Right, s), m.Apply(app::MenuMove::Right, s), m.Apply(app::MenuMove::Right, s);
    EXPECT_EQ(s.windowScale, app::MAX_WINDOW_SCALE);
    Go(m, s, app::OptionsRow::Vsync);
    m.Apply(app::MenuMove::Confirm, s);
    EXPECT_FALSE(s.vsync);
    EXPECT_EQ(m.Apply(app::MenuMove::Back, s), app::OptionsResult::Close);
}

TEST(OptionsMenu, ABindingIsTheNextKeyPressedAndEscCancels) {
    app::OptionsMenu m;
    app::UserSettings s;
    m.Open();
    Go(m, s, app::OptionsRow::KeysP1);
    m.Apply(app::MenuMove::Confirm, s);
    ASSERT_EQ(m.Page(), app::OptionsPage::KeysP1);
    for (int i = 0; i < static_cast<int>(app::KeyAction::Kick); ++i) m.Apply(app::MenuMove::Down, s);
    m.Apply(app::MenuMove::Confirm, s);
    ASSERT_TRUE(m.Listening());
    EXPECT_EQ(m.Rows(s)[static_cast<std::size_t>(app::KeyAction::Kick)].value, "PRESS A KEY");
    EXPECT_EQ(m.Apply(app::MenuMove::Down, s), app::OptionsResult::Stay) << "menu moves wait while it listens";
    EXPECT_EQ(m.Press({SDL_SCANCODE_UNKNOWN, SDL_CONTROLLER_BUTTON_A}, s), app::OptionsResult::Stay)
        << "a key, not a pad button";
    EXPECT_EQ(m.Press({SDL_SCANCODE_I, SDL_CONTROLLER_BUTTON_INVALID}, s), app::OptionsResult::Changed);
    EXPECT_EQ(s.bindings.keys[0][static_cast<std::size_t>(app::KeyAction::Kick)], SDL_SCANCODE_I);
    EXPECT_FALSE(m.Listening());
    m.Apply(app::MenuMove::Confirm, s);
    EXPECT_EQ(m.Press({SDL_SCANCODE_ESCAPE, SDL_CONTROLLER_BUTTON_INVALID}, s), app::OptionsResult::Stay);
    EXPECT_EQ(s.bindings.keys[0][static_cast<std::size_t>(app::KeyAction::Kick)], SDL_SCANCODE_I)
        << "Esc changes nothing";
    m.Apply(app::MenuMove::Confirm, s);
    EXPECT_EQ(m.Press({SDL_SCANCODE_F3, SDL_CONTROLLER_BUTTON_INVALID}, s), app::OptionsResult::Stay);
    EXPECT_TRUE(m.Listening()) << "a reserved key is refused and the menu keeps listening";
    EXPECT_NE(m.Notice(s).find("F3 IS RESERVED"), std::string::npos) << m.Notice(s);
    m.Press({SDL_SCANCODE_ESCAPE, SDL_CONTROLLER_BUTTON_INVALID}, s);
    // Back to the main page, on the row that opened the page.
    m.Apply(app::MenuMove::Back, s);
    EXPECT_EQ(m.Page(), app::OptionsPage::Main);
    EXPECT_EQ(m.Cursor(), static_cast<int>(app::OptionsRow::KeysP1));
}

TEST(OptionsMenu, TwoActionsOnOneKeyAreMarkedOnBothPagesAndNamed) {
    app::OptionsMenu m;
    app::UserSettings s;
    s.bindings.keys[1][static_cast<std::size_t>(app::KeyAction::Punch)] = SDL_SCANCODE_K;  // P2 punch on P1's kick
    m.Open();
    const auto main = m.Rows(s);
    EXPECT_TRUE(main[static_cast<std::size_t>(app::OptionsRow::KeysP1)].conflict);
    EXPECT_TRUE(main[static_cast<std::size_t>(app::OptionsRow::KeysP2)].conflict);
    EXPECT_FALSE(main[static_cast<std::size_t>(app::OptionsRow::PadButtons)].conflict);
    EXPECT_EQ(m.Notice(s), "K IS BOUND TWICE: P1 KICK AND P2 PUNCH");
    Go(m, s, app::OptionsRow::KeysP2);
    m.Apply(app::MenuMove::Confirm, s);
    const auto p2 = m.Rows(s);
    EXPECT_TRUE(p2[static_cast<std::size_t>(app::KeyAction::Punch)].conflict);
    EXPECT_FALSE(p2[static_cast<std::size_t>(app::KeyAction::Kick)].conflict);
    EXPECT_EQ(app::KeyConflicts(app::Bindings::Defaults()).size(), 0u) << "the defaults never conflict";
    // The mute key on a player's key is a conflict too.
    app::UserSettings t;
    t.bindings.mute = SDL_SCANCODE_J;
    EXPECT_EQ(app::KeyConflicts(t.bindings).size(), 1u);
}

TEST(OptionsMenu, PadButtonsAreBoundByPressingOneAndConflictsShow) {
    app::OptionsMenu m;
    app::UserSettings s;
    m.Open();
    Go(m, s, app::OptionsRow::PadButtons);
    m.Apply(app::MenuMove::Confirm, s);
    ASSERT_EQ(m.Page(), app::OptionsPage::Pad);
    EXPECT_EQ(m.Rows(s)[2].value, "X OR Y");
    m.Apply(app::MenuMove::Confirm, s);  // punch
    EXPECT_EQ(m.Press({SDL_SCANCODE_J, SDL_CONTROLLER_BUTTON_INVALID}, s), app::OptionsResult::Stay)
        << "a pad button, not a key";
    EXPECT_EQ(m.Press({SDL_SCANCODE_UNKNOWN, SDL_CONTROLLER_BUTTON_B}, s), app::OptionsResult::Changed);
    EXPECT_EQ(s.bindings.pad[0][0], SDL_CONTROLLER_BUTTON_B);
    EXPECT_TRUE(m.Rows(s)[0].conflict) << "B is also kick";
    EXPECT_TRUE(m.Rows(s)[1].conflict);
    EXPECT_EQ(m.Notice(s), "A PAD BUTTON IS BOUND TWICE");
}

TEST(OptionsMenu, ResetPutsEveryControlBackToTheDefaults) {
    app::OptionsMenu m;
    app::UserSettings s;
    s.bindings.keys[0][0] = SDL_SCANCODE_Q;
    s.bindings.mute = SDL_SCANCODE_N;
    s.bindings.pad[1] = {SDL_CONTROLLER_BUTTON_Y, SDL_CONTROLLER_BUTTON_INVALID};
    s.volumes.music = 10;
    m.Open();
    Go(m, s, app::OptionsRow::ResetControls);
    EXPECT_EQ(m.Apply(app::MenuMove::Confirm, s), app::OptionsResult::Changed);
    EXPECT_EQ(s.bindings, app::Bindings::Defaults());
    EXPECT_EQ(s.volumes.music, 10) << "the controls only";
    EXPECT_EQ(m.Apply(app::MenuMove::Confirm, s), app::OptionsResult::Stay) << "already the defaults";
}

TEST(OptionsMenu, TheMuteKeyIsABindingLikeTheOthers) {
    app::OptionsMenu m;
    app::UserSettings s;
    m.Open();
    Go(m, s, app::OptionsRow::MuteKey);
    EXPECT_EQ(m.Rows(s)[static_cast<std::size_t>(app::OptionsRow::MuteKey)].value, "M");
    m.Apply(app::MenuMove::Confirm, s);
    m.Press({SDL_SCANCODE_N, SDL_CONTROLLER_BUTTON_INVALID}, s);
    EXPECT_EQ(s.bindings.mute, SDL_SCANCODE_N);
}

// help.h's table shows the defaults: Bindings::Defaults() must be what it says.
TEST(OptionsMenu, TheDefaultBindingsAreTheControlsTable) {
    const app::Bindings d = app::Bindings::Defaults();
    const auto lower = [](std::string s) {
        for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return s;
    };
    const auto key = [&](std::size_t side, app::KeyAction a) {
        return lower(app::KeyName(d.keys[side][static_cast<std::size_t>(a)]));
    };
    for (std::size_t side = 0; side < 2; ++side) {
        EXPECT_EQ(key(side, app::KeyAction::Punch), lower(app::PLAYER_CONTROLS[side].punch));
        EXPECT_EQ(key(side, app::KeyAction::Kick), lower(app::PLAYER_CONTROLS[side].kick));
        EXPECT_EQ(key(side, app::KeyAction::Special), lower(app::PLAYER_CONTROLS[side].special));
    }
    EXPECT_EQ(key(0, app::KeyAction::Up) + " " + key(0, app::KeyAction::Left) + " " + key(0, app::KeyAction::Down) +
                  " " + key(0, app::KeyAction::Right),
              lower(app::PLAYER_CONTROLS[0].move));
    EXPECT_EQ(lower(app::PadName(d.pad[0])), lower(app::PLAYER_CONTROLS[2].punch));
    EXPECT_EQ(lower(app::PadName(d.pad[1])), lower(app::PLAYER_CONTROLS[2].kick));
    EXPECT_EQ(lower(app::PadName(d.pad[2])), lower(app::PLAYER_CONTROLS[2].special));
    EXPECT_EQ(app::KeyName(d.mute), app::MUTE_KEY_HELP.key);
}

}  // namespace

// ---- the menus driven headless (--menu: the moves a player makes, one a tick) ---------------------

// A headless run's settings, as the file it wrote says (LoadSettings reads it back).
app::UserSettings Written(const fs::path& xdg) {
    const fs::path file = xdg / "hotmap-brawl" / "settings.json";
    EXPECT_TRUE(fs::exists(file)) << "the menu changed a setting: the file is written";
    const app::LoadedSettings loaded = app::LoadSettings(file.string());
    EXPECT_FALSE(loaded.warning.has_value()) << *loaded.warning;
    return loaded.settings;
}

testrun::Output RunWithMenu(const fs::path& xdg, std::vector<std::string> args, const std::string& moves) {
    args.insert(args.end(), {"--headless", "--menu", moves, "--assets", HOTMAP_SOURCE_DIR});
    return testrun::Run(BRAWL_EXE, args, "XDG_CONFIG_HOME=" + testrun::Quote(xdg.string()));
}

TEST(OptionsMenuHeadless, TheOptionsSceneChangesVolumesAndMuteAndTheFileRemembersThem) {
    const fs::path xdg = testrun::FreshDir("menu_options");
    // Master down a step, music down two, effects untouched, mute on; then back out.
    const auto r =
        RunWithMenu(xdg, {"--scene", "options", "--frames", "12"}, "left,down,left,left,down,down,confirm,back");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const app::UserSettings s = Written(xdg);
    EXPECT_EQ(s.volumes.master, 100 - app::VOLUME_STEP);
    EXPECT_EQ(s.volumes.music, app::UserSettings{}.volumes.music - 2 * app::VOLUME_STEP);
    EXPECT_EQ(s.volumes.effects, 100);
    EXPECT_TRUE(s.volumes.mute);
    EXPECT_EQ(s.bindings, app::Bindings::Defaults());
    // The next run starts from them, and the menu goes on from there: mute off again.
    const auto again = RunWithMenu(xdg, {"--scene", "options", "--frames", "6"}, "down,down,down,confirm");
    ASSERT_EQ(again.exitCode, 0) << again.err;
    EXPECT_FALSE(Written(xdg).volumes.mute);
    EXPECT_EQ(Written(xdg).volumes.master, 100 - app::VOLUME_STEP);
}

TEST(OptionsMenuHeadless, ThePauseMenuOpensTheOptionsOverAPausedFight) {
    const fs::path xdg = testrun::FreshDir("menu_pause");
    // Esc pauses; the pause menu's OPTIONS row; the options menu's fourth row is mute; window scale 3.
    const auto r = RunWithMenu(xdg, {"--frames", "30"}, "back,OPTIONS,confirm,down,down,down,confirm,down,down,right");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << "the fight's one JSON line:\n" << r.out;
    EXPECT_NE(r.out.find("\"frames\": 30"), std::string::npos) << r.out;
    const app::UserSettings s = Written(xdg);
    EXPECT_TRUE(s.volumes.mute);
    EXPECT_EQ(s.windowScale, app::UserSettings{}.windowScale + 1);
}

TEST(OptionsMenuHeadless, TheTitlesOptionsRowOpensTheSameMenu) {
    const fs::path xdg = testrun::FreshDir("menu_title");
    // The title's OPTIONS row, picked by its label; then the effects volume down.
    const auto r = RunWithMenu(xdg, {"--scene", "title", "--frames", "10"}, "OPTIONS,confirm,down,down,left");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(Written(xdg).volumes.effects, 100 - app::VOLUME_STEP);
}

// A title row picked by its label acts as the row: FIGHTER 2 changed, then START (its label from the
// scene table) starts the fight with the new pair.
TEST(OptionsMenuHeadless, ATitleRowIsPickedByItsLabel) {
    const fs::path xdg = testrun::FreshDir("menu_label");
    const auto r = RunWithMenu(xdg, {"--scene", "title", "--frames", "10"}, "FIGHTER 2,left,START,confirm");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto line = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(line.is_discarded()) << r.out;
    EXPECT_EQ(line["fighters"], nlohmann::json::array({"brick", "brick"})) << r.out;
}

TEST(OptionsMenuHeadless, MenuMovesAreForHeadlessRunsAndNamedWords) {
    const auto bad = testrun::Run(BRAWL_EXE, {"--headless", "--frames", "5", "--menu", "up,jump"});
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("--menu is"), std::string::npos) << bad.err;
    // An unknown label is a usage error that names the labels there are.
    const auto unknown =
        testrun::Run(BRAWL_EXE, {"--headless", "--scene", "title", "--frames", "5", "--menu", "ARCADE"});
    EXPECT_EQ(unknown.exitCode, 2);
    for (const char* label : {"'ARCADE'", "START", "TRAINING", "HOST ONLINE", "OPTIONS", "QUIT"})
        EXPECT_NE(unknown.err.find(label), std::string::npos) << label << "\n" << unknown.err;
    // A label of a menu that is not on screen: the fight has no TRAINING row (and no menu open).
    const fs::path xdg = testrun::FreshDir("menu_label_elsewhere");
    const auto elsewhere = RunWithMenu(xdg, {"--frames", "5"}, "TRAINING");
    EXPECT_EQ(elsewhere.exitCode, 2);
    EXPECT_NE(elsewhere.err.find("the fight screen has no row 'TRAINING'"), std::string::npos) << elsewhere.err;
    // Paused, it names the pause menu's rows.
    const auto paused = RunWithMenu(xdg, {"--frames", "5"}, "back,TRAINING");
    EXPECT_EQ(paused.exitCode, 2);
    EXPECT_NE(paused.err.find("its rows: RESUME, RESTART MATCH"), std::string::npos) << paused.err;
    const auto windowed = testrun::Run(BRAWL_EXE, {"--frames", "5", "--menu", "up"});
    EXPECT_EQ(windowed.exitCode, 2);
    EXPECT_NE(windowed.err.find("--menu drives a headless run"), std::string::npos) << windowed.err;
}

// ---- the app's sound: the device under SDL's dummy driver, no device, and the output unchanged -----

TEST(AppAudio, AHeadlessRunOpensTheDummyDeviceSilentlyAndItsJsonIsUnchanged) {
    const fs::path xdg = testrun::FreshDir("audio_dummy");
    const std::string env = "XDG_CONFIG_HOME=" + testrun::Quote(xdg.string());
    const auto plain =
        testrun::Run(BRAWL_EXE, {"--headless", "--frames", "600", "--p1", "cpu", "--assets", HOTMAP_SOURCE_DIR}, env);
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_EQ(plain.err.find("audio"), std::string::npos) << "the dummy device opens without a word:\n" << plain.err;
    EXPECT_EQ(plain.err.find("warning"), std::string::npos) << "every committed sound loads:\n" << plain.err;
    for (const std::vector<std::string>& extra :
         {std::vector<std::string>{"--mute"}, {"--volume", "0"}, {"--volume", "100"}}) {
        std::vector<std::string> args{"--headless", "--frames", "600", "--p1", "cpu", "--assets", HOTMAP_SOURCE_DIR};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto r = testrun::Run(BRAWL_EXE, args, env);
        ASSERT_EQ(r.exitCode, 0) << r.err;
        EXPECT_EQ(WithoutMeasurements(r.out), WithoutMeasurements(plain.out))
            << extra[0] << ": sound never changes the match or its line";
    }
    EXPECT_FALSE(fs::exists(xdg / "hotmap-brawl")) << "--mute and --volume are never written";
}

TEST(AppAudio, NoDeviceIsOneLineAndASilentGameNeverAnError) {
    const fs::path xdg = testrun::FreshDir("audio_none");
    const std::string env = "XDG_CONFIG_HOME=" + testrun::Quote(xdg.string());
    const auto heard = testrun::Run(BRAWL_EXE, {"--headless", "--frames", "300", "--assets", HOTMAP_SOURCE_DIR}, env);
    const auto none = testrun::Run(BRAWL_EXE, {"--headless", "--frames", "300", "--assets", HOTMAP_SOURCE_DIR},
                                   env + " SDL_AUDIODRIVER=no_such_driver");
    ASSERT_EQ(none.exitCode, 0) << none.err;
    EXPECT_EQ(WithoutMeasurements(none.out), WithoutMeasurements(heard.out));
    std::size_t lines = 0;
    for (std::size_t at = 0; (at = none.err.find("no audio device", at)) != std::string::npos; ++at) ++lines;
    EXPECT_EQ(lines, 1u) << none.err;
    EXPECT_NE(none.err.find("brawl: no audio device"), std::string::npos) << none.err;
    EXPECT_NE(none.err.find("the game runs silent"), std::string::npos) << none.err;
}

TEST(AppAudio, AMissingSoundIsOneWarningAndTheRestPlays) {
    // A copy of the project with one shared sound gone and one broken: a line each, and a normal run.
    const fs::path root = testrun::FreshDir("audio_missing");
    for (const char* dir : {"assets", "hotmaps"})
        fs::copy(fs::path(HOTMAP_SOURCE_DIR) / dir, root / dir, fs::copy_options::recursive);
    fs::remove(root / "assets" / "sfx" / "block.wav");
    Write(root / "assets" / "sfx" / "clash.wav", "RIFF, but not really");
    const auto r = testrun::Run(BRAWL_EXE, {"--headless", "--frames", "60", "--assets", root.string()},
                                "XDG_CONFIG_HOME=" + testrun::Quote((root / "config").string()));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("block.wav"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("clash.wav"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 3) << "the load line and one line per sound:\n" << r.err;
}
