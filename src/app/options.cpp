// brawl's command-line parsing, usage and help, all from the option table.
#include "app/options.h"

#include "app/help.h"
#include "app/scene.h"
#include "app/screens.h"
#include "debug/commands.h"
#include "net/net.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace app {

namespace {

template <class T>
bool Number(std::string_view text, T& out) {
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc{} && ptr == text.data() + text.size() && !text.empty();
}

/// A whole number in [lo, hi] into `out`, or a message that says what was wanted.
template <class T>
bool Range(std::string_view name, std::string_view text, T lo, T hi, T& out, std::string& error) {
    T n{};
    if (!Number(text, n) || n < lo || n > hi) {
        error = std::string(name) + " wants a whole number " + std::to_string(lo) + "-" + std::to_string(hi) +
                ", not '" + std::string(text) + "'";
        return false;
    }
    out = n;
    return true;
}

template <class E, std::size_t N>
bool Choice(std::string_view name, const game::EnumName<E> (&table)[N], std::string_view text, E& out,
            std::string& error) {
    const auto v = game::ParseName(table, text);
    if (!v) {
        error = std::string(name) + " is " + game::NameChoices(table) + ", not '" + std::string(text) + "'";
        return false;
    }
    out = *v;
    return true;
}

// One --menu word, `times` times: a move's name, or a row's label (any menu's, in capitals; whether
// the menu on screen has it is known only when the step comes, and the shell says so then).
bool ParseMenuStep(std::string_view word, std::int32_t times, std::vector<MenuStep>& steps, std::string& error) {
    MenuStep step;
    if (const auto move = game::ParseName(MENU_MOVE_NAMES, word)) {
        step.move = *move;
    } else {
        const std::vector<std::string> labels = MenuRowLabels();
        if (std::find(labels.begin(), labels.end(), word) == labels.end()) {
            std::string rows;
            for (const std::string& label : labels) rows += (rows.empty() ? "" : ", ") + label;
            error = "--menu is " + game::NameChoices(MENU_MOVE_NAMES) + ", or a menu row: " + rows + "; not '" +
                    std::string(word) + "'";
            return false;
        }
        step.row = std::string(word);
    }
    steps.insert(steps.end(), static_cast<std::size_t>(times), step);
    return true;
}

bool NotEmpty(std::string_view name, std::string_view text, std::string& error) {
    if (!text.empty()) return true;
    error = std::string(name) + " needs a value that is not empty";
    return false;
}

// clang-format off
constexpr OptionSpec OPTIONS[] = {
    {"--headless", nullptr, "no window: SDL's dummy video driver, as fast as it can; prints one JSON line",
     [](Options& o, std::string_view, std::string&) { o.headless = true; return true; }},
    {"--frames", "N", "ticks to run (60 a second); windowed, the match starts at once",
     [](Options& o, std::string_view v, std::string& e) {
         std::int64_t n = 0;
         return Range("--frames", v, std::int64_t{0}, std::int64_t{100'000'000}, n, e) && (o.frames = n, true); }},
    {"--matches", "N", "headless: stop after N finished matches (enough on its own to end the run; with --frames, "
                       "whichever comes first)",
     [](Options& o, std::string_view v, std::string& e) {
         std::int32_t n = 0;
         return Range("--matches", v, 1, 100000, n, e) && (o.matches = n, true); }},
    {"--p1", "human|cpu", "who plays P1 (default human; a human side stands still headless)",
     [](Options& o, std::string_view v, std::string& e) {
         game::Controller c{};
         return Choice("--p1", game::CONTROLLER_NAMES, v, c, e) && (o.p1 = c, true); }},
    {"--p2", "human|cpu", "who plays P2 (default cpu)",
     [](Options& o, std::string_view v, std::string& e) {
         game::Controller c{};
         return Choice("--p2", game::CONTROLLER_NAMES, v, c, e) && (o.p2 = c, true); }},
    {"--level", "1-3", "the CPU's difficulty (default 2)",
     [](Options& o, std::string_view v, std::string& e) {
         std::int32_t n = 0;
         return Range("--level", v, 1, 3, n, e) && (o.level = n, true); }},
    {"--seed", "S", "the match's seed (the CPU's choices)",
     [](Options& o, std::string_view v, std::string& e) {
         std::uint64_t n = 0;
         if (!Number(v, n)) { e = "--seed wants a whole number, not '" + std::string(v) + "'"; return false; }
         o.seed = n;
         return true; }},
    {"--p1-fighter", "NAME", "P1's fighter, a folder under assets/ (default: the first two)",
     [](Options& o, std::string_view v, std::string& e) { return NotEmpty("--p1-fighter", v, e) && (o.p1Fighter = std::string(v), true); }},
    {"--p2-fighter", "NAME", "P2's fighter",
     [](Options& o, std::string_view v, std::string& e) { return NotEmpty("--p2-fighter", v, e) && (o.p2Fighter = std::string(v), true); }},
    {"--stage", "NAME", "the stage, a folder under assets/stages/ (default: rooftop; a replay names its own)",
     [](Options& o, std::string_view v, std::string& e) { return NotEmpty("--stage", v, e) && (o.stage = std::string(v), true); }},
    {"--record", "FILE", "write the match's inputs as a replay (windowed: the last match played, ended early by a "
                         "round reset, a detection switch or a reload)",
     [](Options& o, std::string_view v, std::string& e) { return NotEmpty("--record", v, e) && (o.recordPath = std::string(v), true); }},
    {"--replay", "FILE", "play a replay's inputs, both sides; headless, exit 1 if the final hash differs from the "
                         "recorded one; windowed, it pauses at the end",
     [](Options& o, std::string_view v, std::string& e) { return NotEmpty("--replay", v, e) && (o.replayPath = std::string(v), true); }},
    {"--overlay", nullptr, "start with the debug overlay (F1) on",
     [](Options& o, std::string_view, std::string&) { o.overlay = true; return true; }},
    {"--frame-split", nullptr, "windowed: at the end, print one JSON line of the CPU time a frame takes by phase "
                               "(simulation, drawing, ImGui, present) and the peak RSS",
     [](Options& o, std::string_view, std::string&) { o.frameSplit = true; return true; }},
    {"--screenshot", "OUT.png", "write the last frame to OUT.png (with the overlay if --overlay)",
     [](Options& o, std::string_view v, std::string& e) { return NotEmpty("--screenshot", v, e) && (o.screenshotPath = std::string(v), true); }},
    {"--detection", "per-pixel|boxes|boxes-inset", "how contacts are decided (default per-pixel)",
     [](Options& o, std::string_view v, std::string& e) {
         game::DetectionMode m{};
         return Choice("--detection", game::DETECTION_MODE_NAMES, v, m, e) && (o.detection = m, true); }},
    {"--assets", "DIR", "the project folder holding assets/ and hotmaps/",
     [](Options& o, std::string_view v, std::string& e) { return NotEmpty("--assets", v, e) && (o.assetsRoot = std::string(v), true); }},
    {"--realtime", nullptr, "headless at 60 ticks a second (to test hot reload)",
     [](Options& o, std::string_view, std::string&) { o.realtime = true; return true; }},
    {"--reload-ms", "N", "check asset files for changes every N ms (default 250, 0 never)",
     [](Options& o, std::string_view v, std::string& e) { return Range("--reload-ms", v, 0, 60000, o.reloadMs, e); }},
    {"--scene", "NAME", "start in this scene: title, fight, bumper, online (hosts on a free port), spectate "
                        "(with --spectate), synctest, training or options (default: the title, or the fight for a scripted run)",
     [](Options& o, std::string_view v, std::string& e) {
         if (!FindScene(v)) { e = "--scene is " + SceneNames() + ", not '" + std::string(v) + "'"; return false; }
         o.scene = std::string(v);
         return true; }},
    {"--title", nullptr, "the title screen (the same as --scene title)",
     [](Options& o, std::string_view, std::string&) { o.scene = "title"; return true; }},
    {"--count", "N", "bumper: how many sprites bounce in the box (default 200)",
     [](Options& o, std::string_view v, std::string& e) { return Range("--count", v, 1, 200000, o.count, e); }},
    {"--view", "sprites|hotmaps|both", "draw sprites (default), hotmaps (what collides) or both",
     [](Options& o, std::string_view v, std::string& e) {
         render::ViewMode m{};
         return Choice("--view", debug::VIEW_MODE_NAMES, v, m, e) && (o.view = std::string(v), true); }},
    {"--log-events", "FILE", "write every tick's events as JSON lines to FILE (- for stderr)",
     [](Options& o, std::string_view v, std::string& e) { return NotEmpty("--log-events", v, e) && (o.eventLogPath = std::string(v), true); }},
    {"--allow-outside-links", nullptr, "follow links in assets/ and hotmaps/ that lead outside the project folder "
                                       "(refused by default)",
     [](Options& o, std::string_view, std::string&) { o.allowOutsideLinks = true; return true; }},
    {"--host", "PORT", "play online: wait for one opponent on PORT (0: a free port, printed); you are P1",
     [](Options& o, std::string_view v, std::string& e) {
         const auto port = net::ParsePort(v);
         if (!port.Ok()) { e = "--host: " + port.GetError().message; return false; }
         o.hostPort = port.Value();
         o.scene = "online";
         return true; }},
    {"--join", "HOST:PORT", "play online: connect to a host; you are P2",
     [](Options& o, std::string_view v, std::string& e) {
         const auto hp = net::ParseHostPort(v);
         if (!hp.Ok()) { e = "--join: " + hp.GetError().message; return false; }
         o.joinHost = hp.Value().host;
         o.joinPort = hp.Value().port;
         o.scene = "online";
         return true; }},
    {"--spectate", "HOST:PORT", "watch a host's match: both players' confirmed inputs, a few ticks behind",
     [](Options& o, std::string_view v, std::string& e) {
         const auto hp = net::ParseHostPort(v);
         if (!hp.Ok()) { e = "--spectate: " + hp.GetError().message; return false; }
         o.spectateHost = hp.Value().host;
         o.spectatePort = hp.Value().port;
         o.scene = "spectate";
         return true; }},
    {"--spectators", "N", "online, hosting: let up to N spectators watch (0-16, default 4)",
     [](Options& o, std::string_view v, std::string& e) { return Range("--spectators", v, 0, net::MAX_SPECTATORS_LIMIT, o.spectators, e); }},
    {"--delay", "auto|0-4", "online: ticks of input delay; auto (the default) picks it from the ping before the match",
     [](Options& o, std::string_view v, std::string& e) {
         if (v == "auto") return o.delayTicks = net::AUTO_INPUT_DELAY, true;
         return Range("--delay", v, 0, net::MAX_INPUT_DELAY_TICKS, o.delayTicks, e); }},
    {"--max-rollback", "N", "online: at most N ticks predicted and rolled back (1-16, default 8)",
     [](Options& o, std::string_view v, std::string& e) { return Range("--max-rollback", v, 1, net::MAX_ROLLBACK_LIMIT_TICKS, o.maxRollbackTicks, e); }},
    {"--timeout", "SECONDS", "online: an opponent silent this long is lost (1-600, default 10)",
     [](Options& o, std::string_view v, std::string& e) { return Range("--timeout", v, 1, 600, o.timeoutSeconds, e); }},
    {"--net-sim", "SPEC", "online: a simulated bad connection, latency=MS,jitter=MS,loss=PCT,dup=PCT,reorder=PCT",
     [](Options& o, std::string_view v, std::string& e) {
         const auto spec = net::ParseNetSimSpec(v);
         if (!spec.Ok()) { e = "--net-sim: " + spec.GetError().message; return false; }
         o.netSim = std::string(v);
         return true; }},
    {"--desync-dump", "FILE", "online: where a desync writes this side's state (default desync-p1.txt or -p2)",
     [](Options& o, std::string_view v, std::string& e) { return NotEmpty("--desync-dump", v, e) && (o.desyncDumpPath = std::string(v), true); }},
    {"--synctest", "K", "headless: every tick, roll back K ticks (1-16) and re-simulate, comparing hashes",
     [](Options& o, std::string_view v, std::string& e) {
         std::int32_t k = 0;
         if (!Range("--synctest", v, 1, net::MAX_ROLLBACK_LIMIT_TICKS, k, e)) return false;
         o.synctest = k;
         o.scene = "synctest";
         return true; }},
    {"--mute", nullptr, "no sound for this run (the options menu's setting is kept as it is)",
     [](Options& o, std::string_view, std::string&) { o.mute = true; return true; }},
    {"--volume", "0-100", "the master volume for this run (not saved; the options menu's is kept)",
     [](Options& o, std::string_view v, std::string& e) {
         std::int32_t n = 0;
         return Range("--volume", v, 0, 100, n, e) && (o.volume = n, true); }},
    {"--menu", "MOVES", "headless: menu moves, one a tick (up,down,left,right,confirm,back,help,wait; MOVE*N: N times; a "
                        "row's label in capitals, as TRAINING, puts the cursor on it), as a player's keys",
     [](Options& o, std::string_view v, std::string& e) {
         o.menuMoves.clear();
         while (true) {
             const auto comma = v.find(',');
             std::string_view word = v.substr(0, comma);
             std::int32_t times = 1;
             if (const auto star = word.find('*'); star != std::string_view::npos) {
                 if (!Range("--menu's repeat", word.substr(star + 1), 1, MENU_REPEAT_MAX, times, e)) return false;
                 word = word.substr(0, star);
             }
             if (!ParseMenuStep(word, times, o.menuMoves, e)) return false;
             if (comma == std::string_view::npos) return true;
             v.remove_prefix(comma + 1);
         }
     }},
    {"--training", nullptr, "training mode: P2 is the dummy (the settings below); headless, the JSON line adds the "
                            "frame meter, the advantages and the whiffs",
     [](Options& o, std::string_view, std::string&) { o.scene = "training"; return true; }},
    {"--dummy", "stand|crouch|jump", "training: what the dummy does (default stand)",
     [](Options& o, std::string_view v, std::string& e) {
         game::DummyStance d{};
         if (!Choice("--dummy", game::DUMMY_STANCE_NAMES, v, d, e)) return false;
         if (d == game::DummyStance::Slot) { e = "--dummy is stand, crouch or jump (a slot is played from the training keys)"; return false; }
         o.dummy = d;
         return true; }},
    {"--dummy-block", "none|all|after-first|random", "training: when the dummy blocks (default none)",
     [](Options& o, std::string_view v, std::string& e) { return Choice("--dummy-block", game::DUMMY_BLOCK_NAMES, v, o.dummyBlock, e); }},
    {"--dummy-recovery", "now|stay", "training: a thrown dummy gets up at once, or stays down as usual (default stay)",
     [](Options& o, std::string_view v, std::string& e) { return Choice("--dummy-recovery", game::DUMMY_RECOVERY_NAMES, v, o.dummyRecovery, e); }},
    {"--dummy-start", "mid|left|right", "training: where the dummy starts, and where a reset (F5) puts it: mid-stage or "
                                        "in a corner with P1 80 px out (default mid)",
     [](Options& o, std::string_view v, std::string& e) { return Choice("--dummy-start", game::RESET_PLACE_NAMES, v, o.dummyStart, e); }},
    {"--p1-slot", "FILE", "P1's inputs from a slot file (a replay whose P1 column is forward/back, as training's "
                          "--record writes it), over and over, in any match (in training, once); instead of --p1",
     [](Options& o, std::string_view v, std::string& e) { return NotEmpty("--p1-slot", v, e) && (o.p1SlotPath = std::string(v), true); }},
    {"--p2-slot", "FILE", "P2's inputs from a slot file, over and over, in any match but training (its dummy has "
                          "--dummy-slot); instead of --p2",
     [](Options& o, std::string_view v, std::string& e) { return NotEmpty("--p2-slot", v, e) && (o.p2SlotPath = std::string(v), true); }},
    {"--dummy-slot", "FILE", "training: the dummy plays a slot file (forward/back) over and over, from its own side",
     [](Options& o, std::string_view v, std::string& e) { return NotEmpty("--dummy-slot", v, e) && (o.dummySlotPath = std::string(v), true); }},
    {"--compare-dumps", "A B", "name the first field that differs between two desync dumps, and exit",
     [](Options& o, std::string_view v, std::string&) {
         const auto nl = v.find('\n');
         o.compareDumps[0] = std::string(v.substr(0, nl));
         o.compareDumps[1] = std::string(v.substr(nl + 1));
         return true; }},
};
// clang-format on

const OptionSpec* FindOption(std::string_view name) {
    for (const OptionSpec& spec : OPTIONS) {
        if (name == spec.name) return &spec;
    }
    return nullptr;
}

}  // namespace

std::span<const OptionSpec> OptionTable() {
    return OPTIONS;
}

std::string UsageText() {
    std::string out = "usage: brawl [--help] [--version]";
    std::size_t lineLength = out.size();
    for (const OptionSpec& spec : OPTIONS) {
        const std::string word =
            std::string(" [") + spec.name + (spec.value != nullptr ? std::string(" ") + spec.value : "") + "]";
        if (lineLength + word.size() > 100) {
            out += "\n            ";
            lineLength = 12;
        }
        out += word;
        lineLength += word.size();
    }
    return out + "\n";
}

std::string HelpText() {
    std::string out = UsageText();
    out += "\nHotmap Brawl: a two-fighter demo where every hit is decided pixel by pixel.\n";
    for (const OptionSpec& spec : OPTIONS) {
        std::string left = std::string("  ") + spec.name + (spec.value != nullptr ? std::string(" ") + spec.value : "");
        if (left.size() < 22)
            left.resize(22, ' ');
        else
            left += "\n" + std::string(22, ' ');
        out += left + spec.help + "\n";
    }
    out += "\nControls:\n";
    for (const PlayerControls& p : PLAYER_CONTROLS) {
        out += std::string("  ") + p.who + ": move " + p.move + ", punch " + p.punch + ", kick " + p.kick +
               ", special " + p.special + "\n";
    }
    for (const KeyHelp& k : GAME_KEYS) out += std::string("  ") + k.key + ": " + k.what + "\n";
    out += std::string("  ") + MUTE_KEY_HELP.key + ": " + MUTE_KEY_HELP.what + "\n";
    for (const char* note : PLAY_NOTES) out += std::string("  ") + note + "\n";
    out += "\nTraining keys (--training):\n";
    for (const KeyHelp& k : TRAINING_KEYS) out += std::string("  ") + k.key + ": " + k.what + "\n";
    out += "\nDebug keys:\n";
    for (const KeyHelp& k : DEBUG_KEYS) out += std::string("  ") + k.key + "  " + k.what + "\n";
    out += "\nSIGINT or SIGTERM ends a headless run early, with its JSON line.\n";
    return out;
}

std::optional<Options> ParseOptions(int argc, char** argv, std::string& error, Request& request) {
    Options o;
    request = Request::Play;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--help" || arg == "-h" || arg == "--version") {
            request = arg == "--version" ? Request::Version : Request::Help;
            return o;
        }
        const OptionSpec* spec = FindOption(arg);
        if (spec == nullptr) {
            error = "unknown argument '" + std::string(arg) + "'";
            return std::nullopt;
        }
        std::string value;
        if (spec->value != nullptr) {
            const int words = std::string_view(spec->value).find(' ') == std::string_view::npos ? 1 : 2;
            if (i + words >= argc) {
                error =
                    std::string(arg) + " needs " + (words == 1 ? "a value" : "two values") + " (" + spec->value + ")";
                return std::nullopt;
            }
            value = argv[++i];
            if (words == 2) value.append("\n").append(argv[++i]);
        }
        if (!spec->apply(o, value, error)) return std::nullopt;
    }
    if (o.hostPort && !o.joinHost.empty()) {
        error = "--host and --join: one side hosts, the other joins";
        return std::nullopt;
    }
    if (!o.spectateHost.empty() && (o.hostPort || !o.joinHost.empty())) {
        error = "--spectate watches a match: it neither hosts nor joins one";
        return std::nullopt;
    }
    if (o.scene == "spectate" && o.spectateHost.empty()) {
        error = "--scene spectate watches a host: give it with --spectate HOST:PORT";
        return std::nullopt;
    }
    // A spectator stops at the players' last tick: it needs no --frames.
    if (o.headless && o.scene != "spectate" && !o.frames && !o.matches && o.replayPath.empty() &&
        o.compareDumps[0].empty()) {
        error = "--headless needs --frames N (or --matches N, or --replay FILE)";
        return std::nullopt;
    }
    if (!o.menuMoves.empty() && !o.headless) {
        error = "--menu drives a headless run (a window has a keyboard)";
        return std::nullopt;
    }
    if (o.scene == "training" && !o.replayPath.empty()) {
        error = "--training and --replay: a replay plays both sides in a fight (a slot: --p1-slot)";
        return std::nullopt;
    }
    if (!o.dummySlotPath.empty() && o.scene != "training") {
        error = "--dummy-slot is for training mode: add --training (a fight's P2 plays one with --p2-slot)";
        return std::nullopt;
    }
    if (!o.p2SlotPath.empty() && o.scene == "training") {
        error = "--p2-slot: in training P2 is the dummy (it plays a slot with --dummy-slot)";
        return std::nullopt;
    }
    if ((!o.p1SlotPath.empty() || !o.p2SlotPath.empty()) && !o.replayPath.empty()) {
        error = "--replay and a slot: a replay plays both sides' recorded inputs";
        return std::nullopt;
    }
    // Online play keeps to the clock (the opponent's clock does), headless too.
    if (o.scene == "online" || o.scene == "spectate") o.realtime = true;
    return o;
}

}  // namespace app
