// The headless run's JSON line for a match, written once for every scene that plays one (the fight,
// training and online play): the same fields in the same order, so tools and tests read one
// format, through the one JSON writer (json_line.h).
#pragma once

#include "app/json_line.h"
#include "game/game.h"
#include "game/training.h"

#include <array>
#include <cstdint>
#include <string>

namespace app {

/// What a run adds up over all its matches (a finished match is replaced by the next, and
/// MatchState::stats covers only the current one).
struct RunTotals {
    std::array<std::string, 2> fighters;  ///< the two fighters' ids (folder names)
    std::string stage = "rooftop";        ///< the stage's id (its folder's name)
    std::array<std::int32_t, 2> hits{};   ///< over every match of the run, the current one included
    int matchesFinished = 0;              ///< matches that reached their end
    std::array<int, 2> matchWins{};       ///< of those, the ones each side won (a draw is neither's)
    /// The longest combo each side landed over the run, in hits: the largest Combo event's value,
    /// 1 when the side landed a Hit but never a combo, 0 when it landed none.
    std::array<std::int32_t, 2> maxCombo{};
};

/// What the shell knows of the run: its ticks, the match it is on, the fighters' files.
struct RunInfo {
    std::int64_t frames = 0;
    int matches = 1;  ///< the current match's number, from 1
    std::uint64_t assetsHash = 0;
    int reloads = 0, reloadErrors = 0;
    double loadMilliseconds = 0.0;  ///< the roster's load at start (Roster::LoadMilliseconds), wall clock
    std::int64_t peakRssKb = 0;     ///< the process's peak resident set so far, KiB (PeakRssKilobytes)
};

/// The process's peak resident set size so far in KiB (getrusage's ru_maxrss), 0 when unknown.
[[nodiscard]] std::int64_t PeakRssKilobytes();

/// {"frames": N, "hash": "...", "health": [a, b], "hits": [a, b], "winner": "p1"|"p2"|"draw"|null,
/// "round": r, "rounds_won": [a, b], "matches": m, "assets_hash": "...", "reloads": n,
/// "reload_errors": n, "fighters": ["a", "b"], "stage": "rooftop", "total_hits": [a, b], "matches_finished": f,
/// "match_wins": [a, b], "max_combo": [a, b], "load_ms": x.y, "peak_rss_kb": n}. `hits` is the
/// current match's; `total_hits`, `match_wins` and `max_combo` the whole run's; `load_ms` and
/// `peak_rss_kb` are measurements (they differ from run to run; everything before them does not).
/// A scene adds its own keys after these.
[[nodiscard]] JsonLine MatchReport(const game::MatchState& state, const RunInfo& run, const RunTotals& totals);

/// Adds what a TrainingObserver saw to `line`: "meter": ["FSSAARR...", "..."] (a letter a tick, both
/// sides), "advantages": [{"tick", "attacker", "move", "on", "advantage"}], "whiffs": [{"tick",
/// "attacker", "move", "missed_by_px", "box_only_ticks"}], "box_only_ticks": [a, b], "inputs":
/// [["6P 3", ...], [...]]; moves by name ("on": "hit", "block" or "throw"; "knockdown"). "reading":
/// the meter's last reading as drawn: {"ticks", "frozen", "meter": [..], "figures": [{"move",
/// "startup", "active", "recovery", "total"} or null, ..], "readouts": ["P1 5P: +3 on hit", ..],
/// "combo": [{"move", "damage", "scaling_percent"}, ..]}.
void AddObserverReport(JsonLine& line, const game::MatchDefs& defs, const game::TrainingObserver& observer);

}  // namespace app
