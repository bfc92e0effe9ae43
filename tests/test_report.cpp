// The one JSON writer (src/app/json_line.h) and the match's report line: every line brawl prints is
// built by nlohmann and laid out on one line; names from files are escaped by it, never by hand, so
// a move named `a"b` (the manifest does not restrict move names) still gives valid JSON.
#include "app/json_line.h"
#include "app/match_report.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using nlohmann::json;

TEST(JsonLine, OneLineWithTheSeparatorsTheLinesAlwaysHad) {
    const app::JsonLine line = {{"frames", 30}, {"hits", {1, 2}}, {"winner", nullptr}, {"side", "p1"}, {"ok", true}};
    EXPECT_EQ(app::WriteJsonLine(line), R"({"frames": 30, "hits": [1, 2], "winner": null, "side": "p1", "ok": true})");
    EXPECT_EQ(app::WriteJsonLine(app::JsonLine::object()), "{}");
    EXPECT_EQ(app::WriteJsonLine(app::JsonLine::array()), "[]");
}

TEST(JsonLine, AMoveNamedWithAQuoteGivesValidJsonInTheEventLog) {
    game::FighterDef def;
    for (const char* name : {"a\"b", "back\\slash", "line\nbreak\x01", "caf\xc3\xa9"}) {
        game::MoveDef move;
        move.name = name;
        def.moves.push_back(move);
    }
    game::MatchDefs defs;
    defs.fighters = {&def, &def};
    for (std::int16_t m = 0; m < 4; ++m) {
        game::Event e;
        e.tick = 7;
        e.kind = game::EventKind::MoveStart;
        e.fighter = 1;
        e.move = m;
        const std::string text = app::WriteJsonLine(app::EventJson(defs, e));
        const json parsed = json::parse(text, nullptr, false);
        ASSERT_FALSE(parsed.is_discarded()) << text;
        EXPECT_EQ(parsed["move"], def.moves[static_cast<std::size_t>(m)].name) << text;
        EXPECT_EQ(parsed["event"], "move_start");
        EXPECT_EQ(parsed["tick"], 7);
        EXPECT_EQ(parsed["fighter"], 1);
        EXPECT_EQ(text.find('\n'), std::string::npos) << "one line: " << text;
    }
    // No move, or none of that index: null.
    game::Event clash;
    clash.kind = game::EventKind::Clash;
    EXPECT_TRUE(json::parse(app::WriteJsonLine(app::EventJson(defs, clash)))["move"].is_null());
    game::Event past;
    past.fighter = 0;
    past.move = 4;
    EXPECT_TRUE(json::parse(app::WriteJsonLine(app::EventJson(defs, past)))["move"].is_null());
}

TEST(JsonLine, InvalidUtf8IsReplacedNotThrown) {
    const app::JsonLine line = {{"id", std::string("bad\xff\xfe")}};
    std::string text;
    ASSERT_NO_THROW(text = app::WriteJsonLine(line));
    EXPECT_FALSE(json::parse(text, nullptr, false).is_discarded()) << text;
}

TEST(MatchReport, TheKeysInTheirOrderAndIdsEscaped) {
    game::MatchState s;
    s.fighters[0].health = 10;
    s.fighters[1].health = 20;
    s.matchWinner = 1;
    app::RunTotals totals;
    totals.fighters = {"quo\"te", "plain"};
    totals.stage = "harbour";
    totals.hits = {3, 4};
    totals.matchesFinished = 1;
    totals.matchWins = {0, 1};
    totals.maxCombo = {2, 5};
    const std::string text =
        app::WriteJsonLine(app::MatchReport(s, {120, 2, 0xABCDEFull, 1, 0, 123.456, 95000}, totals));
    const json line = json::parse(text, nullptr, false);
    ASSERT_FALSE(line.is_discarded()) << text;
    const nlohmann::ordered_json ordered = nlohmann::ordered_json::parse(text);
    std::vector<std::string> keys;
    for (auto it = ordered.begin(); it != ordered.end(); ++it) keys.push_back(it.key());
    EXPECT_EQ(keys,
              (std::vector<std::string>{"frames", "hash", "health", "hits", "winner", "round", "rounds_won", "matches",
                                        "assets_hash", "reloads", "reload_errors", "fighters", "stage", "total_hits",
                                        "matches_finished", "match_wins", "max_combo", "load_ms", "peak_rss_kb"}));
    EXPECT_EQ(line["frames"], 120);
    EXPECT_EQ(line["hash"], app::Hex16(game::HashState(s)));
    EXPECT_EQ(line["health"], json::array({10, 20}));
    EXPECT_EQ(line["winner"], "p2");
    EXPECT_EQ(line["matches"], 2);
    EXPECT_EQ(line["assets_hash"], "0000000000abcdef");
    EXPECT_EQ(line["fighters"], json::array({"quo\"te", "plain"}));
    EXPECT_EQ(line["stage"], "harbour");
    EXPECT_EQ(line["total_hits"], json::array({3, 4}));
    EXPECT_EQ(line["match_wins"], json::array({0, 1}));
    EXPECT_EQ(line["max_combo"], json::array({2, 5}));
    EXPECT_DOUBLE_EQ(line["load_ms"].get<double>(), 123.5) << "to a tenth of a millisecond";
    EXPECT_EQ(line["peak_rss_kb"], 95000);
}

}  // namespace
