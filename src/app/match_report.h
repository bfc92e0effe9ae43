// The headless run's JSON line for a match, written once for every scene that plays one (the fight
// and online play): the same fields in the same order, so tools and tests read one format.
#pragma once

#include "app/roster.h"
#include "app/scene.h"
#include "game/game.h"

#include <array>
#include <cstdint>
#include <string>

namespace app {

/// What a run adds up over all its matches (a finished match is replaced by the next, and
/// MatchState::stats covers only the current one).
struct RunTotals {
    std::array<std::string, 2> fighters;  ///< the two fighters' ids (folder names)
    std::array<std::int32_t, 2> hits{};   ///< over every match of the run, the current one included
    int matchesFinished = 0;              ///< matches that reached their end
};

/// "{"frames": N, "hash": "...", "health": [a, b], "hits": [a, b], "winner": ..., "round": r,
/// "rounds_won": [a, b], "matches": m, "assets_hash": "...", "reloads": n, "reload_errors": n,
/// "fighters": ["a", "b"], "total_hits": [a, b], "matches_finished": f<extra>}". `hits` is the
/// current match's; `total_hits` every match's. `extra` is appended before the closing brace
/// (", \"key\": value, ..." or "").
[[nodiscard]] std::string MatchReportJson(const game::MatchState& state, std::int64_t frames, int matches,
                                          const Roster& roster, const Clock& clock, const RunTotals& totals,
                                          const std::string& extra = "");

/// 16 lower-case hex digits.
[[nodiscard]] std::string Hex16(std::uint64_t value);

}  // namespace app
