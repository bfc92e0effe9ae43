// The headless run's JSON line for a match.
#include "app/match_report.h"

namespace app {

JsonLine MatchReport(const game::MatchState& s, const RunInfo& run, const RunTotals& totals) {
    JsonLine line = JsonLine::object();
    line["frames"] = run.frames;
    line["hash"] = Hex16(game::HashState(s));
    line["health"] = {s.fighters[0].health, s.fighters[1].health};
    line["hits"] = {s.stats.hits[0], s.stats.hits[1]};
    line["winner"] = s.matchWinner == 0   ? JsonLine("p1")
                     : s.matchWinner == 1 ? JsonLine("p2")
                     : s.matchWinner == 2 ? JsonLine("draw")
                                          : JsonLine(nullptr);
    line["round"] = s.round;
    line["rounds_won"] = {s.fighters[0].roundsWon, s.fighters[1].roundsWon};
    line["matches"] = run.matches;
    line["assets_hash"] = Hex16(run.assetsHash);
    line["reloads"] = run.reloads;
    line["reload_errors"] = run.reloadErrors;
    line["fighters"] = {totals.fighters[0], totals.fighters[1]};
    line["total_hits"] = {totals.hits[0], totals.hits[1]};
    line["matches_finished"] = totals.matchesFinished;
    return line;
}

}  // namespace app
