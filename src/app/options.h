// brawl's command line, from one table of options: parsing, the usage line and `--help` are all
// made from OPTION_TABLE, so an option is described where it is parsed. Strict: an unknown option
// or a bad value is a usage error (exit 2).
#pragma once

#include "app/controls.h"
#include "game/game.h"
#include "game/training.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace app {

/// One `--menu` step: a move (up, confirm, wait...), or the cursor to the row labelled `row`.
struct MenuStep {
    MenuMove move = MenuMove::None;
    std::string row;  ///< not empty: pick this row of the menu on screen by its label ("TRAINING")
};

struct Options {
    bool headless = false;
    std::optional<std::int64_t> frames;   ///< ticks to run (headless: required unless --replay or --matches)
    std::optional<std::int32_t> matches;  ///< --matches N: stop after N finished matches
    std::optional<game::Controller> p1, p2;
    std::optional<std::int32_t> level;
    std::optional<std::uint64_t> seed;
    std::optional<std::string> p1Fighter, p2Fighter;
    std::optional<std::string> stage;  ///< --stage NAME: a stage of assets/stages/ (the shell checks it)
    std::string recordPath;
    std::string replayPath;
    bool overlay = false;
    bool frameSplit = false;  ///< windowed: print each phase's CPU time a frame at the end (make bench-frame)
    std::string screenshotPath;
    std::optional<std::string> assetsRoot;  ///< a project folder holding assets/ and hotmaps/
    bool realtime = false;                  ///< headless: pace ticks at 60 Hz (for hot-reload tests)
    std::int32_t reloadMs = 250;            ///< how often files are checked for changes; 0: never
    std::string scene;                      ///< a scene of the scene table; empty: the usual start
    std::int32_t count = 200;               ///< bumper: how many sprites
    std::optional<game::DetectionMode> detection;
    std::string view = "sprites";  ///< the overlay's view at start: sprites, hotmaps, both
    std::string eventLogPath;      ///< --log-events: every tick's events as JSON lines ("-": stderr)
    // Online play (docs/netplay.md).
    std::optional<std::uint16_t> hostPort;  ///< --host PORT: wait for an opponent (0: a free port)
    std::string joinHost;                   ///< --join HOST:PORT
    std::uint16_t joinPort = 0;
    std::string spectateHost;  ///< --spectate HOST:PORT: watch that host's match
    std::uint16_t spectatePort = 0;
    std::int32_t spectators = 4;           ///< --spectators: a host lets this many watch (0-16)
    std::int32_t delayTicks = -1;          ///< input delay, 0-4; -1 (net::AUTO_INPUT_DELAY): from the ping
    std::int32_t maxRollbackTicks = 8;     ///< 1-16
    std::int32_t timeoutSeconds = 10;      ///< an opponent silent this long is lost
    std::string netSim;                    ///< --net-sim spec ("" a perfect link)
    std::string desyncDumpPath;            ///< where a desync's state goes (default desync-p<N>.txt)
    std::optional<std::int32_t> synctest;  ///< --synctest K
    std::string compareDumps[2];           ///< --compare-dumps A B
    bool allowOutsideLinks = false;        ///< follow links in assets/ and hotmaps/ that leave the project
    // Sound, for this run only (never written to the settings file).
    bool mute = false;                   ///< --mute
    std::optional<std::int32_t> volume;  ///< --volume 0-100: the master volume
    /// --menu: headless, the menu moves a person would make, one a tick from the first tick on.
    std::vector<MenuStep> menuMoves;
    // Training mode (--training; README, "Training mode").
    game::DummyStance dummy = game::DummyStance::Stand;             ///< --dummy
    game::DummyBlock dummyBlock = game::DummyBlock::None;           ///< --dummy-block
    game::DummyRecovery dummyRecovery = game::DummyRecovery::Stay;  ///< --dummy-recovery
    game::ResetPlace dummyStart = game::ResetPlace::Mid;            ///< --dummy-start
    /// --p1-slot, --p2-slot FILE: a side's inputs from a slot file (forward/back), looped, in any
    /// match (training's P1 plays it once); it overrides --p1, --p2 for that side.
    std::string p1SlotPath, p2SlotPath;
    std::string dummySlotPath;  ///< --dummy-slot FILE: the dummy plays a slot file, looped
};

/// One option: its name, the word for its value (nullptr for a flag; two words, "A B", for an
/// option that takes two values, handed to apply joined by a newline), one line of help, and how
/// it is applied (false and `error` set for a bad value).
struct OptionSpec {
    const char* name;
    const char* value;
    const char* help;
    bool (*apply)(Options& options, std::string_view value, std::string& error);
};

/// Every option brawl takes, in the order --help lists them.
[[nodiscard]] std::span<const OptionSpec> OptionTable();

/// "usage: brawl [--headless --frames N] [--p1 human|cpu] ...", wrapped, ending in a newline.
[[nodiscard]] std::string UsageText();
/// The whole of `brawl --help`: usage, every option, the controls (help.h).
[[nodiscard]] std::string HelpText();

/// What a run is asked to do besides playing.
enum class Request { Play, Help, Version };

/// Parses argv; on a usage error returns nothing and sets `error`; `request` says --help or
/// --version (then the rest is not read).
std::optional<Options> ParseOptions(int argc, char** argv, std::string& error, Request& request);

}  // namespace app
