// The headless run's JSON line for a match.
#include "app/match_report.h"

#include <sys/resource.h>

#include <cmath>

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
    line["stage"] = totals.stage;
    line["total_hits"] = {totals.hits[0], totals.hits[1]};
    line["matches_finished"] = totals.matchesFinished;
    line["match_wins"] = totals.matchWins;
    line["max_combo"] = totals.maxCombo;
    // A tenth of a millisecond is finer than the run-to-run spread; more digits would only be noise.
    line["load_ms"] = std::round(run.loadMilliseconds * 10.0) / 10.0;
    line["peak_rss_kb"] = run.peakRssKb;
    return line;
}

std::int64_t PeakRssKilobytes() {
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return usage.ru_maxrss;  // Linux counts it in KiB
}

void AddObserverReport(JsonLine& t, const game::MatchDefs& defs, const game::TrainingObserver& observer) {
    t["meter"] = JsonLine::array();
    for (std::size_t i = 0; i < 2; ++i) {
        std::string cells;
        for (const game::FrameCell c : observer.meter[i])
            cells += game::FRAME_CELL_LETTERS[static_cast<std::size_t>(c)];
        t["meter"].push_back(cells);
    }
    const auto who = [](std::int32_t side) { return side == 0 ? "p1" : "p2"; };
    const auto move = [&](std::int32_t side, std::int32_t m) {
        return MoveNameJson(defs.fighters[static_cast<std::size_t>(side)], m);
    };
    t["advantages"] = JsonLine::array();
    for (const game::Advantage& a : observer.advantages) {
        t["advantages"].push_back({{"tick", a.tick},
                                   {"attacker", who(a.attacker)},
                                   {"move", move(a.attacker, a.move)},
                                   {"on", a.thrown    ? "throw"
                                          : a.blocked ? "block"
                                                      : "hit"},
                                   {"advantage", a.frames},
                                   {"knockdown", a.knockdown}});
    }
    t["whiffs"] = JsonLine::array();
    for (const game::Whiff& w : observer.whiffs) {
        t["whiffs"].push_back({{"tick", w.tick},
                               {"attacker", who(w.attacker)},
                               {"move", move(w.attacker, w.move)},
                               {"missed_by_px", w.missedByPx >= 0 ? JsonLine(w.missedByPx) : JsonLine(nullptr)},
                               {"box_only_ticks", w.boxOnlyTicks}});
    }
    t["box_only_ticks"] = observer.boxOnlyTicks;
    const game::MeterReading& reading = observer.reading;
    JsonLine r = JsonLine::object();
    r["ticks"] = reading.ticks;
    r["frozen"] = reading.frozen;
    r["meter"] = JsonLine::array();
    r["figures"] = JsonLine::array();
    for (std::size_t i = 0; i < 2; ++i) {
        std::string cells;
        for (const game::FrameCell c : reading.cells[i]) cells += game::FRAME_CELL_LETTERS[static_cast<std::size_t>(c)];
        r["meter"].push_back(cells);
        const game::MoveFigures& f = reading.figures[i];
        r["figures"].push_back(f.move < 0 ? JsonLine(nullptr)
                                          : JsonLine{{"move", move(static_cast<std::int32_t>(i), f.move)},
                                                     {"startup", f.startup},
                                                     {"active", f.active},
                                                     {"recovery", f.recovery},
                                                     {"total", f.Total()}});
    }
    r["readouts"] = JsonLine::array();
    for (const game::Advantage& a : reading.advantages) r["readouts"].push_back(game::AdvantageText(defs, a));
    for (const game::Whiff& w : reading.whiffs) r["readouts"].push_back(game::WhiffText(defs, w));
    r["combo"] = JsonLine::array();
    for (const game::ComboHit& h : reading.combo) {
        r["combo"].push_back({{"move", move(reading.comboAttacker, h.move)},
                              {"damage", h.damage},
                              {"scaling_percent", h.scalingPercent}});
    }
    t["reading"] = r;
    t["inputs"] = JsonLine::array();
    for (std::size_t i = 0; i < 2; ++i) {
        JsonLine entries = JsonLine::array();
        for (const game::InputLogEntry& e : observer.inputLog[i])
            entries.push_back(game::InputLogText(e) + " " + std::to_string(e.ticks));
        t["inputs"].push_back(entries);
    }
}

}  // namespace app
