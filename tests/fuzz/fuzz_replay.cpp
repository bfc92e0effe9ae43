// libFuzzer target: any bytes as a replay file. game::ParseReplay must return a Replay or an
// error naming a line, never crash; a Replay that parses must survive FormatReplay -> ParseReplay
// unchanged (fighters, every config field, every tick's inputs, the final hash).
// Depends on game only (no SDL, no files).
#include "game/game.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

[[noreturn]] void Fail(const char* what, const std::string& detail = "") {
    std::fprintf(stderr, "fuzz_replay: invariant broken: %s\n%s\n", what, detail.c_str());
    std::abort();
}

bool SameConfig(const game::MatchConfig& a, const game::MatchConfig& b) {
    return a.controllers == b.controllers && a.cpuLevel == b.cpuLevel && a.seed == b.seed &&
           a.detection == b.detection && a.insetPx == b.insetPx;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // Replays are small text files; a run of "100000000 - -" legitimately allocates 200 MB, so
    // keep inputs to what a fuzzer mutates quickly.
    if (size > 64 * 1024) return 0;
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::string error;
    const auto replay = game::ParseReplay(text, error);
    if (!replay) {
        if (error.rfind("line ", 0) != 0) Fail("a parse error starts with \"line N:\"", error);
        return 0;
    }
    const std::string formatted = game::FormatReplay(*replay);
    std::string error2;
    const auto again = game::ParseReplay(formatted, error2);
    if (!again) Fail("FormatReplay's text does not parse", error2 + "\n--- formatted:\n" + formatted);
    if (again->fighterIds != replay->fighterIds) Fail("fighters changed in the round trip", formatted);
    if (!SameConfig(again->config, replay->config)) Fail("config changed in the round trip", formatted);
    if (again->inputs != replay->inputs) Fail("inputs changed in the round trip", formatted);
    if (again->finalHash != replay->finalHash) Fail("hash changed in the round trip", formatted);
    if (game::FormatReplay(*again) != formatted) Fail("formatting is not stable", formatted);
    return 0;
}
