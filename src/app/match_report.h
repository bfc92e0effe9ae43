// The headless run's JSON line for a match, written once for every scene that plays one (the fight
// and online play): the same fields in the same order, so tools and tests read one format.
#pragma once

#include "app/roster.h"
#include "app/scene.h"
#include "game/game.h"

#include <cstdint>
#include <string>

namespace app {

/// "{"frames": N, "hash": "...", "health": [a, b], "hits": [a, b], "winner": ..., "round": r,
/// "rounds_won": [a, b], "matches": m, "assets_hash": "...", "reloads": n, "reload_errors": n<extra>}"
/// `extra` is appended before the closing brace (", \"key\": value, ..." or "").
[[nodiscard]] std::string MatchReportJson(const game::MatchState& state, std::int64_t frames, int matches,
                                          const Roster& roster, const Clock& clock, const std::string& extra = "");

/// 16 lower-case hex digits.
[[nodiscard]] std::string Hex16(std::uint64_t value);

}  // namespace app
