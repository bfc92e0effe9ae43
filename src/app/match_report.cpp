// The headless run's JSON line for a match.
#include "app/match_report.h"

#include "game/text.h"

#include <cstdio>

namespace app {

std::string Hex16(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string MatchReportJson(const game::MatchState& s, std::int64_t frames, int matches, const Roster& roster,
                            const Clock& clock, const RunTotals& totals, const std::string& extra) {
    const char* winner = s.matchWinner == 0   ? "\"p1\""
                         : s.matchWinner == 1 ? "\"p2\""
                         : s.matchWinner == 2 ? "\"draw\""
                                              : "null";
    char line[512];
    std::snprintf(line, sizeof line,
                  "{\"frames\": %lld, \"hash\": \"%s\", \"health\": [%d, %d], \"hits\": [%d, %d], \"winner\": %s, "
                  "\"round\": %d, \"rounds_won\": [%d, %d], \"matches\": %d, \"assets_hash\": \"%s\", "
                  "\"reloads\": %d, \"reload_errors\": %d",
                  static_cast<long long>(frames), Hex16(game::HashState(s)).c_str(), s.fighters[0].health,
                  s.fighters[1].health, s.stats.hits[0], s.stats.hits[1], winner, s.round, s.fighters[0].roundsWon,
                  s.fighters[1].roundsWon, matches, Hex16(roster.AssetsHash()).c_str(), clock.reloads,
                  clock.reloadErrors);
    // Ids are folder names (a-z, 0-9, _ in practice), escaped all the same as every echoed value.
    // Appended piece by piece: GCC 12 at -O3 misreads "literal" + std::string&& (-Wrestrict).
    const auto quoted = [](const std::string& id) {
        return std::string("\"").append(game::Printable(id)).append("\"");
    };
    char tail[160];
    std::snprintf(tail, sizeof tail, ", \"total_hits\": [%d, %d], \"matches_finished\": %d", totals.hits[0],
                  totals.hits[1], totals.matchesFinished);
    return std::string(line)
        .append(", \"fighters\": [" + quoted(totals.fighters[0]) + ", " + quoted(totals.fighters[1]) + "]")
        .append(tail)
        .append(extra)
        .append("}");
}

}  // namespace app
