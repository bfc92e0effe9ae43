// Replays as small text files: a header (fighters, the stage, the simulation's version, seed,
// controllers, rules) and every tick's inputs, run-length encoded ("120 R -" is 120 ticks of P1
// holding right). A file with no "stage" line (formats 1 and 2 have none) is on the rooftop.
// Strings in, strings out: the programs read and write the files. Parsing is strict and names the
// line that is wrong (echoed through Printable: escaped, cut, one line). Format 1 (no "sim" line)
// is still read, as simulation version 1; lines may end in CRLF (a replay passed through another
// system's editor).
#include "game/game.h"
#include "game/text.h"

#include <charconv>
#include <cstdio>
#include <sstream>

namespace game {

namespace {

constexpr const char* MAGIC = "hotmap-brawl-replay 3";
constexpr const char* MAGIC_V2 = "hotmap-brawl-replay 2";
constexpr const char* MAGIC_V1 = "hotmap-brawl-replay 1";
constexpr char LETTERS[] = {'U', 'D', 'L', 'R', 'P', 'K', 'S'};  // bit order of Input::Bit
constexpr std::int64_t MAX_TICKS = 100'000'000;

std::string FormatInput(Input in) {
    std::string s;
    for (int b = 0; b < 7; ++b) {
        if (in.bits & (1u << b)) s += LETTERS[b];
    }
    return s.empty() ? "-" : s;
}

bool ParseInput(const std::string& word, Input& out) {
    out = Input{};
    if (word == "-") return true;
    if (word.empty()) return false;
    for (const char c : word) {
        int bit = -1;
        for (int b = 0; b < 7; ++b) {
            if (LETTERS[b] == c) bit = b;
        }
        if (bit < 0 || (out.bits & (1u << bit))) return false;
        out.bits = static_cast<std::uint8_t>(out.bits | (1u << bit));
    }
    return true;
}

template <class T>
bool ParseNumber(const std::string& word, T& out, int base = 10) {
    const auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), out, base);
    return ec == std::errc{} && ptr == word.data() + word.size() && !word.empty();
}

}  // namespace

bool IsStageId(std::string_view id) {
    if (id.empty() || id.size() > MAX_STAGE_ID_CHARS) return false;
    for (const char c : id) {
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    }
    return true;
}

std::string FormatReplay(const Replay& r) {
    std::ostringstream out;
    out << MAGIC << "\n";
    out << "fighters " << r.fighterIds[0] << " " << r.fighterIds[1] << "\n";
    out << "stage " << r.stageId << "\n";
    out << "sim " << r.simulationVersion << "\n";
    out << "seed " << r.config.seed << "\n";
    for (int i = 0; i < 2; ++i)
        out << "p" << i + 1 << " " << NameOf(CONTROLLER_NAMES, r.config.controllers[static_cast<std::size_t>(i)])
            << "\n";
    out << "level " << r.config.cpuLevel << "\n";
    out << "detection " << NameOf(DETECTION_MODE_NAMES, r.config.detection) << " " << r.config.insetPx << "\n";
    if (r.finalHash) {
        char hex[24];
        std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(*r.finalHash));
        out << "hash " << hex << "\n";
    }
    out << "ticks " << r.inputs.size() << "\n";
    for (std::size_t i = 0; i < r.inputs.size();) {
        std::size_t run = 1;
        while (i + run < r.inputs.size() && r.inputs[i + run] == r.inputs[i]) ++run;
        out << run << " " << FormatInput(r.inputs[i][0]) << " " << FormatInput(r.inputs[i][1]) << "\n";
        i += run;
    }
    out << "end\n";
    return out.str();
}

std::optional<Replay> ParseReplay(const std::string& text, std::string& error) {
    std::istringstream in(text);
    std::string line;
    int lineNo = 0;
    auto fail = [&](const std::string& why) {
        error = "line " + std::to_string(lineNo) + ": " + why;
        return std::nullopt;
    };
    auto words = [](const std::string& l) {
        std::vector<std::string> w;
        std::istringstream ls(l);
        for (std::string x; ls >> x;) w.push_back(x);
        return w;
    };
    Replay r;
    const auto next = [&]() {
        if (!std::getline(in, line)) return false;
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return true;
    };
    if (!next() || (line != MAGIC && line != MAGIC_V2 && line != MAGIC_V1))
        return fail(std::string("expected \"") + MAGIC + "\" (or format 2 or 1)");
    const bool formatOne = line == MAGIC_V1;
    r.simulationVersion = 1;  // format 1 predates the line: its replays are of version 1
    std::int64_t ticks = -1;
    const bool formatThree = line == MAGIC;
    bool sawFighters = false, sawSim = false, sawEnd = false, sawStage = false;
    while (next()) {
        const auto w = words(line);
        if (w.empty() || w[0][0] == '#') continue;
        if (ticks >= 0) {  // the input runs
            if (w.size() == 1 && w[0] == "end") {
                sawEnd = true;
                break;
            }
            std::int64_t run = 0;
            Inputs pair{};
            if (w.size() != 3 || !ParseNumber(w[0], run) || run < 1 || !ParseInput(w[1], pair[0]) ||
                !ParseInput(w[2], pair[1])) {
                return fail("expected \"<ticks> <p1 input> <p2 input>\" with inputs of UDLRPKS or -, got \"" +
                            Printable(line) + "\"");
            }
            if (static_cast<std::int64_t>(r.inputs.size()) + run > ticks)
                return fail("more inputs than \"ticks\" says");
            r.inputs.insert(r.inputs.end(), static_cast<std::size_t>(run), pair);
            continue;
        }
        const std::string& key = w[0];
        if (key == "fighters" && w.size() == 3) {
            r.fighterIds = {w[1], w[2]};
            sawFighters = true;
        } else if (key == "stage" && formatThree && !sawStage) {
            if (w.size() != 2 || !IsStageId(w[1]))
                return fail("stage wants one name of a-z, 0-9 and _ (at most " + std::to_string(MAX_STAGE_ID_CHARS) +
                            "), got \"" + Printable(line) + "\"");
            r.stageId = w[1];
            sawStage = true;
        } else if (key == "sim" && w.size() == 2 && !formatOne && ParseNumber(w[1], r.simulationVersion) &&
                   r.simulationVersion >= 1) {
            sawSim = true;
        } else if (key == "seed" && w.size() == 2 && ParseNumber(w[1], r.config.seed)) {
        } else if ((key == "p1" || key == "p2") && w.size() == 2 && ParseName(CONTROLLER_NAMES, w[1])) {
            r.config.controllers[key == "p1" ? 0 : 1] = *ParseName(CONTROLLER_NAMES, w[1]);
        } else if (key == "level" && w.size() == 2 && ParseNumber(w[1], r.config.cpuLevel) && r.config.cpuLevel >= 1 &&
                   r.config.cpuLevel <= 3) {
        } else if (key == "detection" && w.size() == 3 && ParseNumber(w[2], r.config.insetPx) &&
                   r.config.insetPx >= 0 && r.config.insetPx <= 64 && ParseName(DETECTION_MODE_NAMES, w[1])) {
            r.config.detection = *ParseName(DETECTION_MODE_NAMES, w[1]);
        } else if (key == "hash" && w.size() == 2) {
            std::uint64_t h = 0;
            if (w[1].size() != 16 || !ParseNumber(w[1], h, 16)) return fail("hash wants 16 hex digits");
            r.finalHash = h;
        } else if (key == "ticks" && w.size() == 2 && ParseNumber(w[1], ticks) && ticks >= 0 && ticks <= MAX_TICKS) {
            r.inputs.reserve(static_cast<std::size_t>(std::min<std::int64_t>(ticks, 1'000'000)));
        } else {
            return fail("unknown or malformed line \"" + Printable(line) + "\"");
        }
    }
    if (!sawFighters) return fail("no \"fighters\" line");
    if (!formatOne && !sawSim) return fail("no \"sim\" line (the simulation version the replay was recorded with)");
    if (ticks < 0) return fail("no \"ticks\" line");
    if (!sawEnd) return fail("no \"end\" line: the file is cut short");
    if (static_cast<std::int64_t>(r.inputs.size()) != ticks) {
        return fail("\"ticks " + std::to_string(ticks) + "\" but the runs add up to " +
                    std::to_string(r.inputs.size()));
    }
    return r;
}

}  // namespace game
