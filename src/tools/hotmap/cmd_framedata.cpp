// hotmap framedata: each move's startup, active and recovery ticks, advantage on hit and on block,
// damage, and its pixel ranges against an opponent, as Markdown (docs/framedata.md is this output
// for the project's two fighters, `make framedata`) or JSON for tools. The numbers come from
// game/framedata.h: the same definitions and the same collision core the fight uses.
#include "game/framedata.h"
#include "game/text.h"
#include "tools/hotmap/commands.h"
#include "tools/hotmap/project.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace hotmap {

namespace {

constexpr const char* FRAMEDATA_USAGE = "usage: hotmap framedata FIGHTER_DIR... [--vs FIGHTER_DIR] [--json]\n";
constexpr const char* FRAMEDATA_HELP =
    "\n"
    "Prints, per move of each fighter (assets/<name>/): startup, active and recovery ticks, the\n"
    "advantage on hit and on block (a grounded strike hitting on its first active tick, no cancel;\n"
    "KD: it knocks down), what punishes it on block (the defender's fastest move that lands, with\n"
    "the ticks to spare, or safe), "
    "damage, and the pixel ranges: for each active frame, the anchor-to-anchor distances (0-300 px)\n"
    "at which its attack pixels touch the opponent's hurt pixels standing (its idle frame) and\n"
    "crouching (its full crouch), both anchors on the floor, facing right and facing left.\n"
    "The opponent: --vs, else the other fighter when two are named, else the fighter itself.\n"
    "  --json   one JSON document instead of Markdown\n"
    "\n"
    "Exit: 0 ok, 1 a fighter that does not load (error: <file>: <what>), 2 bad usage.\n";

int UsageError(const std::string& what) {
    std::fprintf(stderr, "hotmap framedata: %s\n%s", game::OneLine(what).c_str(), FRAMEDATA_USAGE);
    return EXIT_USAGE;
}

// A fighter with the project folder it belongs to.
struct Loaded {
    assets::LoadedFighter fighter;
    std::string projectDir;
};

std::optional<Loaded> Load(const std::string& dir) {
    auto targets = ResolveFighters(dir);
    if (!targets.Ok()) {
        std::fprintf(stderr, "%s\n", targets.GetError().ToLine().c_str());
        return std::nullopt;
    }
    if (targets.Value().size() != 1) {
        std::fprintf(stderr, "error: %s: a project folder; name one fighter's folder (assets/<name>)\n",
                     game::PrintablePath(dir).c_str());
        return std::nullopt;
    }
    auto loaded = assets::LoadFighter(targets.Value()[0].roots, targets.Value()[0].id);
    if (!loaded.Ok()) {
        std::fprintf(stderr, "%s\n", loaded.GetError().ToLine().c_str());
        return std::nullopt;
    }
    return Loaded{std::move(loaded).Value(), targets.Value()[0].roots.ProjectDir()};
}

// Are these the fighters of the project's source tree, whose tables docs/framedata.md holds (made
// by `make framedata`)? Any other fighter's tables are not that file.
bool ProjectsOwn(const std::vector<Loaded>& fighters) {
    return std::all_of(fighters.begin(), fighters.end(), [](const Loaded& f) {
        return assets::EntryExists(f.projectDir + "/docs/framedata.md") &&
               assets::EntryExists(f.projectDir + "/Makefile");
    });
}

std::string Signed(const std::optional<std::int32_t>& n) {
    if (!n) return "-";
    std::string out = *n > 0 ? "+" : "";
    out += std::to_string(*n);
    return out;
}

// "5P, 2 ticks to spare", "safe", or "-" (not a blockable grounded strike).
std::string PunishText(const std::optional<game::Punish>& p) {
    if (!p) return "-";
    if (p->move < 0) return "safe";
    return p->notation + ", " + std::to_string(p->spareTicks) + (p->spareTicks == 1 ? " tick" : " ticks") + " to spare";
}

nlohmann::json PunishJson(const game::FighterDef& d, const std::optional<game::Punish>& p) {
    if (!p) return nullptr;
    if (p->move < 0) return "safe";
    return {{"move", d.moves[static_cast<std::size_t>(p->move)].name},
            {"input", p->notation},
            {"spare_ticks", p->spareTicks}};
}

nlohmann::json RangesJson(const std::vector<game::PixelRange>& ranges) {
    nlohmann::json out = nlohmann::json::array();
    for (const game::PixelRange& r : ranges) out.push_back({r.firstPx, r.lastPx});
    return out;
}

std::string Markdown(const game::FighterDef& a, const game::FighterDef& d, const std::vector<game::MoveFrameData>& m) {
    std::string out = "## " + a.displayName + " against " + d.displayName + "\n\n";
    out += "| move | input | startup | active | recovery | on hit | on block | punished by | damage |\n";
    out += "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
    for (const game::MoveFrameData& move : m) {
        out += "| " + move.name + " | " + move.notation + " | " + std::to_string(move.startup) + " | " +
               std::to_string(move.active) + " | " + std::to_string(move.recovery) + " | " + Signed(move.onHit) +
               (move.knockdown ? " KD" : "") + " | " + Signed(move.onBlock) + " | " + PunishText(move.punish) + " | " +
               std::to_string(move.damage) + " |\n";
    }
    out += "\nPixel ranges: anchor-to-anchor distances (px) at which each active frame touches " + d.displayName +
           "'s hurt pixels, facing right; facing left is the same unless a second line says otherwise.\n\n";
    out += "| move | frame | ticks | standing | crouching |\n| --- | --- | --- | --- | --- |\n";
    for (const game::MoveFrameData& move : m) {
        for (const game::FrameReach& r : move.reach) {
            out += "| " + move.name + " | " + std::to_string(r.frame) + " | " + std::to_string(r.ticks) + " | " +
                   game::RangesText(r.standingRight) + " | " + game::RangesText(r.crouchingRight) + " |\n";
            if (r.standingLeft != r.standingRight || r.crouchingLeft != r.crouchingRight) {
                out += "| " + move.name + " (facing left) | " + std::to_string(r.frame) + " | " +
                       std::to_string(r.ticks) + " | " + game::RangesText(r.standingLeft) + " | " +
                       game::RangesText(r.crouchingLeft) + " |\n";
            }
        }
    }
    return out + "\n";
}

nlohmann::json Json(const game::FighterDef& a, const game::FighterDef& d, const std::vector<game::MoveFrameData>& m) {
    nlohmann::json moves = nlohmann::json::array();
    for (const game::MoveFrameData& move : m) {
        nlohmann::json frames = nlohmann::json::array();
        for (const game::FrameReach& r : move.reach) {
            frames.push_back({{"frame", r.frame},
                              {"ticks", r.ticks},
                              {"standing", RangesJson(r.standingRight)},
                              {"crouching", RangesJson(r.crouchingRight)},
                              {"standing_left", RangesJson(r.standingLeft)},
                              {"crouching_left", RangesJson(r.crouchingLeft)}});
        }
        moves.push_back({{"name", move.name},
                         {"input", move.notation},
                         {"startup", move.startup},
                         {"active", move.active},
                         {"recovery", move.recovery},
                         {"on_hit", move.onHit ? nlohmann::json(*move.onHit) : nlohmann::json()},
                         {"on_block", move.onBlock ? nlohmann::json(*move.onBlock) : nlohmann::json()},
                         {"knockdown", move.knockdown},
                         {"punished_by", PunishJson(d, move.punish)},
                         {"damage", move.damage},
                         {"frames", frames}});
    }
    return {{"fighter", a.id}, {"vs", d.id}, {"max_distance_px", game::FRAMEDATA_MAX_DISTANCE_PX}, {"moves", moves}};
}

}  // namespace

int RunFramedata(std::span<const std::string> args) {
    std::vector<std::string> dirs;
    std::string vs;
    bool json = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--help" || arg == "-h") {
            std::printf("%s%s", FRAMEDATA_USAGE, FRAMEDATA_HELP);
            return EXIT_OK;
        } else if (arg == "--json") {
            json = true;
        } else if (arg == "--vs") {
            if (i + 1 >= args.size()) return UsageError("--vs needs a fighter's folder");
            vs = args[++i];
        } else if (!arg.empty() && arg[0] == '-') {
            return UsageError("unknown option '" + arg + "'");
        } else {
            dirs.push_back(arg);
        }
    }
    if (dirs.empty()) return UsageError("name a fighter's folder (assets/<name>)");
    std::vector<Loaded> fighters;
    for (const std::string& dir : dirs) {
        auto f = Load(dir);
        if (!f) return EXIT_DATA;
        fighters.push_back(std::move(*f));
    }
    std::optional<Loaded> opponent;
    if (!vs.empty()) {
        opponent = Load(vs);
        if (!opponent) return EXIT_DATA;
    }
    std::string markdown =
        ProjectsOwn(fighters) && !opponent
            ? "# Frame data\n\nMade by `make framedata` (`hotmap framedata` over the project's fighters: "
              "`hotmap framedata --help` says how each number is measured); a test fails when this file is stale.\n"
            : "# Frame data\n\nMade by `hotmap framedata` (`hotmap framedata --help` says how each number is "
              "measured).\n";
    markdown +=
        "Ticks are 1/60 s. Advantage: a grounded strike hitting (or blocked) on its first active tick, no cancel; "
        "+ the attacker acts first; KD: the hit knocks down (the advantage is to the defender's getting up). "
        "Punished by: blocked from the farthest distance it can be blocked at, the defender's fastest move "
        "that still lands before it ends, and how many ticks later it could start (played out by the simulation). "
        "Ranges: both anchors on the floor (an air move's depend on its jump's height).\n\n";
    nlohmann::json all = nlohmann::json::array();
    for (std::size_t i = 0; i < fighters.size(); ++i) {
        const game::FighterDef& a = fighters[i].fighter.def;
        const game::FighterDef& d = opponent               ? opponent->fighter.def
                                    : fighters.size() == 2 ? fighters[1 - i].fighter.def
                                                           : a;
        const auto data = game::ComputeFrameData(a, d);
        if (json) {
            all.push_back(Json(a, d, data));
        } else {
            markdown += Markdown(a, d, data);
        }
    }
    if (json) {
        std::printf("%s\n", nlohmann::json{{"fighters", all}}.dump().c_str());
    } else {
        markdown.pop_back();  // one newline at the end
        std::printf("%s", markdown.c_str());
    }
    return EXIT_OK;
}

}  // namespace hotmap
