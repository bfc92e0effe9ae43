// brawl's command line. Strict: an unknown option or a bad value is a usage error (exit 2).
#pragma once

#include "game/game.h"

#include <cstdint>
#include <optional>
#include <string>

namespace app {

struct Options {
    bool headless = false;
    std::optional<std::int64_t> frames;  ///< ticks to run (headless: required unless --replay)
    std::optional<game::Controller> p1, p2;
    std::optional<std::int32_t> level;
    std::optional<std::uint64_t> seed;
    std::optional<std::string> p1Fighter, p2Fighter;
    std::string recordPath;
    std::string replayPath;
    bool overlay = false;
    std::string screenshotPath;
    std::string assetsRoot;       ///< a project folder holding assets/ and hotmaps/
    bool realtime = false;        ///< headless: pace ticks at 60 Hz (for hot-reload tests)
    std::int32_t reloadMs = 250;  ///< how often files are checked for changes; 0: never
    std::string scene = "fight";  ///< "fight" or "bumper"
    std::int32_t count = 200;     ///< bumper: how many sprites
    std::optional<game::DetectionMode> detection;
    std::string view = "sprites";  ///< the overlay's view at start: sprites, hotmaps, both
    bool title = false;            ///< headless screenshot of the title screen
};

constexpr const char* USAGE =
    "usage: brawl [--headless --frames N] [--p1 human|cpu] [--p2 human|cpu] [--level 1-3] [--seed S]\n"
    "             [--p1-fighter NAME] [--p2-fighter NAME] [--record FILE] [--replay FILE] [--overlay]\n"
    "             [--screenshot OUT.png] [--detection per-pixel|boxes|boxes-inset] [--assets DIR]\n"
    "             [--realtime] [--reload-ms N] [--scene fight|bumper] [--count N]\n"
    "             [--view sprites|hotmaps|both] [--title]\n";

/// Parses argv; on a usage error returns nothing and sets `error`; `help` is set by --help.
std::optional<Options> ParseOptions(int argc, char** argv, std::string& error, bool& help);

}  // namespace app
