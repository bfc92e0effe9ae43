// Headless training runs of the real brawl program on the project's fighters (brick attacks,
// kestrel is the dummy): a slot file drives P1, and the JSON line's frame meter, advantages and
// whiffs are checked to the tick for each dummy setting. Every scenario runs with the dummy in the
// right corner and again in the left one (the same slot, forward/back, attacking the other way).
//
// The numbers, from brick's light punch (frames 4, 2, 2, 5, 6 ticks; active frames 1-2; hitstun
// 22, blockstun 9, hitstop 6) when it hits on its first active tick: 4 startup, 1 active + 6
// frozen + 3 active, 11 recovery; kestrel in hitstun 1 + 6 + 21 ticks: +7; in blockstun 1 + 6 + 8: -6.
#include "run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string Repeat(char c, int n) {
    return std::string(static_cast<std::size_t>(n), c);
}

// A slot file: the replay format, P1's column forward/back ("R" forward, "L" back).
fs::path WriteSlot(const std::string& name, const std::vector<std::pair<int, std::string>>& runs) {
    const fs::path dir = testrun::FreshDir("training_run");
    const fs::path path = dir / name;
    int ticks = 0;
    for (const auto& r : runs) ticks += r.first;
    std::ofstream out(path);
    out << "hotmap-brawl-replay 2\nfighters brick kestrel\nsim 4\nseed 1\np1 human\np2 human\nlevel 2\n"
           "detection per-pixel 6\nticks "
        << ticks << "\n";
    for (const auto& r : runs) out << r.first << " " << r.second << " -\n";
    out << "end\n";
    return path;
}

json RunTraining(const fs::path& slot, int frames, std::vector<std::string> extra, const std::string& start) {
    std::vector<std::string> args = {"--headless", "--training",           "--p1-slot",     slot.string(),
                                     "--frames",   std::to_string(frames), "--dummy-start", start,
                                     "--assets",   HOTMAP_SOURCE_DIR};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = testrun::Run(BRAWL_EXE, args);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    const json line = json::parse(r.out, nullptr, false);
    EXPECT_FALSE(line.is_discarded()) << r.out;
    return line.is_discarded() ? json{} : line.value("training", json{});
}

struct Expected {
    std::string p1, p2;
    std::vector<std::tuple<std::string, int>> advantages;  // on (hit/block), frames
};

void ExpectBothCorners(const fs::path& slot, int frames, const std::vector<std::string>& extra, const Expected& want) {
    for (const std::string start : {"right", "left"}) {
        SCOPED_TRACE("the dummy in the " + start + " corner");
        const json t = RunTraining(slot, frames, extra, start);
        ASSERT_TRUE(t.contains("meter"));
        EXPECT_EQ(t["meter"][0].get<std::string>(), want.p1);
        EXPECT_EQ(t["meter"][1].get<std::string>(), want.p2);
        ASSERT_EQ(t["advantages"].size(), want.advantages.size()) << t["advantages"].dump();
        for (std::size_t i = 0; i < want.advantages.size(); ++i) {
            EXPECT_EQ(t["advantages"][i]["on"], std::get<0>(want.advantages[i]));
            EXPECT_EQ(t["advantages"][i]["advantage"], std::get<1>(want.advantages[i]));
            EXPECT_EQ(t["advantages"][i]["move"], "light_punch");
            EXPECT_EQ(t["advantages"][i]["attacker"], "p1");
        }
    }
}

// Brick's jab: 4 startup, 4 active, 11 recovery; a contact holds both for 6 ticks of hitstop (Z),
// drawn after the active tick that made it (issue 36: hitstop is not active).
const std::string STOP = Repeat('Z', 6);
const std::string PUNCH = "SSSSA" + STOP + "AAA" + Repeat('R', 11);       // contact on its first active tick
const std::string LATE_PUNCH = "SSSSAAA" + STOP + "A" + Repeat('R', 11);  // on its third
const std::string HIT = "H" + STOP + Repeat('H', 17), BLOCK = "B" + STOP + Repeat('B', 11);

TEST(TrainingRun, StandingDummyTakesTheJabAtPlusThree) {
    // Brick's jab: 18 ticks of hitstun and 6 of hitstop; +3 on hit (docs/framedata.md).
    const fs::path slot = WriteSlot("jab.txt", {{1, "P"}, {60, "-"}});
    ExpectBothCorners(slot, 40, {"--dummy", "stand", "--dummy-block", "none"},
                      {PUNCH + Repeat('F', 15), "FFFF" + HIT + Repeat('F', 12), {{"hit", 3}}});
}

TEST(TrainingRun, BlockAllBlocksTheJabAtMinusThree) {
    // Brick's jab: 12 ticks of blockstun and 6 of hitstop; -3 on block (docs/framedata.md).
    const fs::path slot = WriteSlot("jab.txt", {{1, "P"}, {60, "-"}});
    ExpectBothCorners(slot, 40, {"--dummy-block", "all"},
                      {PUNCH + Repeat('F', 15), "FFFF" + BLOCK + Repeat('F', 18), {{"block", -3}}});
}

TEST(TrainingRun, CrouchingDummyLetsTheHighJabWhiffOutOfReach) {
    const fs::path slot = WriteSlot("jab.txt", {{1, "P"}, {60, "-"}});
    ExpectBothCorners(slot, 40, {"--dummy", "crouch"},
                      {"SSSSAAAA" + Repeat('R', 11) + Repeat('F', 21), Repeat('F', 40), {}});
    const json t = RunTraining(slot, 40, {"--dummy", "crouch"}, "right");
    ASSERT_EQ(t["whiffs"].size(), 1u);
    EXPECT_TRUE(t["whiffs"][0]["missed_by_px"].is_null()) << "a high over a crouch: no shift reaches";
    EXPECT_EQ(t["dummy"], "crouch");
}

TEST(TrainingRun, JumpingDummyIsHitInTheAirAndStaysInHitstunUntilItLands) {
    const fs::path slot = WriteSlot("jab.txt", {{1, "P"}, {60, "-"}});
    ExpectBothCorners(slot, 40, {"--dummy", "jump"}, {PUNCH + Repeat('F', 15), "FFFFH" + STOP + Repeat('H', 29), {}});
}

TEST(TrainingRun, AfterFirstBlocksFromTheSecondJab) {
    // Two jabs push Brick out of his jab's reach: he walks back in (7 ticks) before the third. The
    // blocked ones connect on a later active frame than the first, from farther: -1, not -3.
    const fs::path slot =
        WriteSlot("jabs.txt", {{1, "P"}, {29, "-"}, {1, "P"}, {22, "-"}, {7, "R"}, {1, "P"}, {29, "-"}});
    const std::string gap = "FFFFF";
    ExpectBothCorners(slot, 90, {"--dummy-block", "after-first"},
                      {PUNCH + gap + LATE_PUNCH + gap + LATE_PUNCH + gap,
                       "FFFF" + HIT + Repeat('F', 8) + BLOCK + Repeat('F', 12) + BLOCK + Repeat('F', 6),
                       {{"hit", 3}, {"block", -1}, {"block", -1}}});
}

TEST(TrainingRun, RandomBlockIsTheSameCoinEveryRun) {
    const fs::path slot = WriteSlot("jabs.txt", {{1, "P"}, {29, "-"}, {1, "P"}, {29, "-"}, {1, "P"}, {29, "-"}});
    const std::string gap = "FFFFF";
    ExpectBothCorners(slot, 90, {"--dummy-block", "random", "--seed", "1"},
                      // (the hit pushes him out of reach: the third jab whiffs)
                      {PUNCH + gap + LATE_PUNCH + gap + "SSSSAAAA" + Repeat('R', 11) + Repeat('F', 11),
                       "FFFF" + BLOCK + Repeat('F', 14) + HIT + Repeat('F', 30),
                       {{"block", -3}, {"hit", 5}}});
}

// The same jab slot played by the dummy (brick as P2, kestrel as P1): the slot is forward/back, so
// from the dummy's side, facing left or right, it is the same jab; the meters are the P1 run's swapped.
TEST(TrainingRun, TheDummyPlaysASlotFileFromItsOwnSide) {
    const fs::path slot = WriteSlot("jab.txt", {{1, "P"}, {60, "-"}});
    for (const std::string start : {"right", "left"}) {
        SCOPED_TRACE(start);
        const json p1 = RunTraining(slot, 40, {}, start);
        const auto r = testrun::Run(
            BRAWL_EXE, {"--headless", "--training", "--p1-fighter", "kestrel", "--p2-fighter", "brick", "--dummy-slot",
                        slot.string(), "--dummy-start", start, "--frames", "40", "--assets", HOTMAP_SOURCE_DIR});
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const json t = json::parse(r.out)["training"];
        EXPECT_EQ(t["dummy"], "slot");
        EXPECT_EQ(t["meter"][0], p1["meter"][1]);
        EXPECT_EQ(t["meter"][1], p1["meter"][0]);
        ASSERT_EQ(t["advantages"].size(), 1u);
        EXPECT_EQ(t["advantages"][0]["attacker"], "p2");
        EXPECT_EQ(t["advantages"][0]["advantage"], p1["advantages"][0]["advantage"]);
    }
}

// Walking back 30 ticks before the jab: its pixels fall 10 px short, while on its first two active
// ticks the boxes overlapped (boxes alone would have hit).
TEST(TrainingRun, AWhiffSaysByHowManyPixelsItMissed) {
    const fs::path slot = WriteSlot("short.txt", {{30, "L"}, {1, "P"}, {40, "-"}});
    for (const std::string start : {"right", "left"}) {
        SCOPED_TRACE(start);
        const json t = RunTraining(slot, 60, {}, start);
        ASSERT_EQ(t["whiffs"].size(), 1u) << t.dump();
        EXPECT_EQ(t["whiffs"][0]["missed_by_px"], 10);
        EXPECT_EQ(t["whiffs"][0]["box_only_ticks"], 2);
        EXPECT_EQ(t["box_only_ticks"][0], 2);
        EXPECT_TRUE(t["advantages"].empty());
        // The input display: back (4) for 30 ticks, the jab, then neutral.
        EXPECT_EQ(t["inputs"][0], json::array({"4 30", "5P 1", "5 29"}));
    }
}

// A slot written by a run (--record) plays back to the same hash and meter; a slot recorded from
// the CPU plays the CPU's moves back exactly (its hash differs only by the CPU's own memory).
TEST(TrainingRun, RecordedSlotsPlayBackToTheSameRun) {
    const fs::path dir = testrun::FreshDir("training_record");
    const fs::path cpuSlot = dir / "cpu.txt", again = dir / "again.txt";
    const auto cpu =
        testrun::Run(BRAWL_EXE, {"--headless", "--training", "--p1", "cpu", "--frames", "300", "--record",
                                 cpuSlot.string(), "--dummy-block", "random", "--assets", HOTMAP_SOURCE_DIR});
    ASSERT_EQ(cpu.exitCode, 0) << cpu.err;
    const json cpuLine = json::parse(cpu.out);
    for (const std::string start : {"mid"}) {
        const auto played = testrun::Run(BRAWL_EXE, {"--headless", "--training", "--p1-slot", cpuSlot.string(),
                                                     "--frames", "300", "--record", again.string(), "--dummy-block",
                                                     "random", "--dummy-start", start, "--assets", HOTMAP_SOURCE_DIR});
        ASSERT_EQ(played.exitCode, 0) << played.err;
        const json playedLine = json::parse(played.out);
        EXPECT_EQ(playedLine["training"]["meter"], cpuLine["training"]["meter"]);
        EXPECT_EQ(playedLine["training"]["advantages"], cpuLine["training"]["advantages"]);
        EXPECT_EQ(playedLine["health"], cpuLine["health"]);
        // The slot recorded from a slot-driven run is the same slot, and replays to the same hash.
        const auto third = testrun::Run(BRAWL_EXE, {"--headless", "--training", "--p1-slot", again.string(), "--frames",
                                                    "300", "--dummy-block", "random", "--assets", HOTMAP_SOURCE_DIR});
        ASSERT_EQ(third.exitCode, 0) << third.err;
        EXPECT_EQ(json::parse(third.out)["hash"], playedLine["hash"]);
    }
}

// The training picture (frame meter, input displays, the advantage) drawn by the software renderer.
TEST(TrainingRun, TheSceneDrawsAScreenshot) {
    const fs::path dir = testrun::FreshDir("training_shot");
    const fs::path shot = dir / "training.png";
    const auto r = testrun::Run(BRAWL_EXE, {"--headless", "--training", "--p1", "cpu", "--frames", "150",
                                            "--screenshot", shot.string(), "--assets", HOTMAP_SOURCE_DIR});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_GT(fs::file_size(shot), 1000u);
}

// The title's TRAINING row (the scene table's label for training) starts training.
TEST(TrainingRun, TheTitleMenuHasATrainingEntry) {
    const auto r = testrun::Run(BRAWL_EXE, {"--headless", "--scene", "title", "--frames", "20", "--menu",
                                            "TRAINING,confirm", "--assets", HOTMAP_SOURCE_DIR});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json line = json::parse(r.out, nullptr, false);
    ASSERT_FALSE(line.is_discarded()) << r.out;
    EXPECT_TRUE(line.contains("training")) << r.out;
}

// The training menu (Esc) changes what the flags set: a run whose menu moves pick crouch and block
// all before the first tick is, tick for tick, the run with --dummy crouch --dummy-block all (the
// ticks the menu is open are not game ticks).
TEST(TrainingRun, TheMenuSetsTheDummyAsTheFlagsDo) {
    const fs::path slot = WriteSlot("jab.txt", {{1, "P"}, {39, "-"}});
    const json flags = RunTraining(slot, 40, {"--dummy", "crouch", "--dummy-block", "all"}, "right");
    // back opens the menu; down, right: DUMMY crouch; down, right: BLOCK all; back closes it.
    const json menu = RunTraining(slot, 45, {"--menu", "back,down,right,down,right,back"}, "right");
    EXPECT_EQ(menu["dummy"], "crouch");
    EXPECT_EQ(menu["block"], "all");
    EXPECT_EQ(menu["meter"], flags["meter"]);
    EXPECT_EQ(menu["advantages"], flags["advantages"]);
    EXPECT_EQ(menu["whiffs"], flags["whiffs"]);
    // Brick's jab passes over a crouching Kestrel (docs/framedata.md): a whiff, not a block.
    ASSERT_EQ(flags["whiffs"].size(), 1u);
    EXPECT_EQ(flags["whiffs"][0]["move"], "light_punch");
    // RECOVERY and REFILL: the rows below.
    const json more = RunTraining(slot, 10, {"--menu", "back,down*3,right,down,left,back"}, "right");
    EXPECT_EQ(more["recovery"], "now");
    EXPECT_EQ(more["refill"], false);
}

// RESET POSITION on the menu is the reset --dummy-start makes: the same hash, the same meter.
TEST(TrainingRun, TheMenusResetPutsTheDummyInTheCornerChosen) {
    const fs::path slot = WriteSlot("jab.txt", {{1, "P"}, {39, "-"}});
    for (const auto& [moves, start] :
         {std::pair{"back,down*8,right,confirm", "left"}, std::pair{"back,down*8,left,confirm", "right"}}) {
        const auto flags = testrun::Run(BRAWL_EXE, {"--headless", "--training", "--p1-slot", slot.string(), "--frames",
                                                    "40", "--dummy-start", start, "--assets", HOTMAP_SOURCE_DIR});
        const auto menu = testrun::Run(BRAWL_EXE, {"--headless", "--training", "--p1-slot", slot.string(), "--frames",
                                                   "50", "--menu", moves, "--assets", HOTMAP_SOURCE_DIR});
        ASSERT_EQ(flags.exitCode, 0) << flags.err;
        ASSERT_EQ(menu.exitCode, 0) << menu.err;
        const json a = json::parse(flags.out), b = json::parse(menu.out);
        EXPECT_EQ(b["hash"], a["hash"]) << start;
        EXPECT_EQ(b["training"]["start"], start);
        EXPECT_EQ(b["training"]["meter"], a["training"]["meter"]) << start;
    }
}

// A player's whole loop, through the menu: RECORD, a jab and 39 ticks, STOP RECORDING (the slot is
// written to --record's file), PLAYBACK looped: the dummy jabs back every 40 ticks. From either side,
// because the slot is forward/back.
TEST(TrainingRun, RecordThenPlayBackThroughTheMenu) {
    const fs::path slot = WriteSlot("jab.txt", {{1, "P"}});
    for (const std::string start : {"right", "left"}) {
        const fs::path recorded = testrun::FreshDir("training_menu_record") / "slot.txt";
        // Ticks 0-8: the menu (RECORD is the eighth row); 40 recorded ticks; the menu again (17 ticks:
        // STOP RECORDING, then PLAYBACK looped); 134 more ticks.
        const json t = RunTraining(slot, 200,
                                   {"--record", recorded.string(), "--menu",
                                    "back,down*7,confirm,wait*39,back,down*7,confirm,back,down*6,right,back"},
                                   start);
        EXPECT_EQ(t["slot_ticks"], json::array({40, 0, 0, 0})) << start;
        EXPECT_EQ(t["playback"], "looped");
        EXPECT_EQ(t["dummy"], "slot");
        std::vector<std::uint64_t> dummyJabs;
        for (const json& a : t["advantages"]) {
            if (a["attacker"] == "p2") {
                EXPECT_EQ(a["move"], "light_punch");
                dummyJabs.push_back(a["tick"].get<std::uint64_t>());
            }
        }
        // The jab hits on the fifth tick of the loop that starts on game tick 40; its push leaves
        // P1 (standing still) out of the later jabs' reach, which whiff: the meter shows the dummy
        // starting one every 40 ticks.
        EXPECT_EQ(dummyJabs, (std::vector<std::uint64_t>{45})) << start;
        const std::string dummy = t["meter"][1].get<std::string>();
        std::vector<std::size_t> starts;
        for (std::size_t i = 1; i < dummy.size(); ++i) {
            if (dummy[i] == 'S' && dummy[i - 1] != 'S') starts.push_back(i);
        }
        EXPECT_EQ(starts, (std::vector<std::size_t>{41, 81, 121, 161})) << start << " " << dummy;
        EXPECT_EQ(t["whiffs"].size(), 3u) << t["whiffs"].dump();
        std::ifstream in(recorded);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        EXPECT_NE(text.find("ticks 40\n1 P -\n39 - -\nend"), std::string::npos) << text;
    }
}

// Player 2's controls and the menu share one model (test_training_menu); QUIT TO TITLE leaves.
TEST(TrainingRun, QuitToTitleLeavesTraining) {
    const auto r = testrun::Run(BRAWL_EXE, {"--headless", "--training", "--frames", "10", "--menu", "back,up,confirm",
                                            "--assets", HOTMAP_SOURCE_DIR});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json line = json::parse(r.out, nullptr, false);
    ASSERT_FALSE(line.is_discarded()) << r.out;
    EXPECT_FALSE(line.contains("training")) << r.out;
}

TEST(TrainingRun, BadFlagsAreUsageErrorsAndAMissingSlotNamesItsFile) {
    EXPECT_EQ(testrun::Run(BRAWL_EXE, {"--headless", "--training", "--dummy", "sit", "--frames", "5"}).exitCode, 2);
    EXPECT_EQ(testrun::Run(BRAWL_EXE, {"--headless", "--dummy-block", "some", "--frames", "5"}).exitCode, 2);
    EXPECT_EQ(testrun::Run(BRAWL_EXE, {"--headless", "--dummy-slot", "x.txt", "--frames", "5"}).exitCode, 2);
    EXPECT_EQ(testrun::Run(BRAWL_EXE, {"--headless", "--training", "--p2-slot", "x.txt", "--frames", "5"}).exitCode, 2);
    EXPECT_EQ(testrun::Run(BRAWL_EXE, {"--headless", "--replay", "r.txt", "--p1-slot", "x.txt"}).exitCode, 2);
    for (const char* moves : {"wait*0", "wait*3601", "down*", "dance*2", "wait*-1"})
        EXPECT_EQ(testrun::Run(BRAWL_EXE, {"--headless", "--training", "--menu", moves, "--frames", "5"}).exitCode, 2)
            << moves;
    const auto missing = testrun::Run(BRAWL_EXE, {"--headless", "--training", "--p1-slot", "/nonexistent/slot.txt",
                                                  "--frames", "5", "--assets", HOTMAP_SOURCE_DIR});
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("/nonexistent/slot.txt"), std::string::npos) << missing.err;
}

// ---- slots in any match (--p1-slot, --p2-slot) -------------------------------------------------------

std::string ReadText(const fs::path& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A slot side in a fight plays its file over and over, turned to the way it faces (P2 faces left:
// forward is screen left), and overrides --p2 cpu; P1's column is what training plays from the same
// file. The recording says what each side pressed, tick by tick.
TEST(SlotsInAnyMatch, ASlotSidePlaysItsFileOverAndOverAsTrainingPlaysIt) {
    const fs::path slot = WriteSlot("walk_jab.txt", {{2, "R"}, {1, "P"}, {3, "-"}});
    const fs::path dir = testrun::FreshDir("slots_any_match");
    const fs::path fight = dir / "fight.replay", training = dir / "training.slot";
    const auto f =
        testrun::Run(BRAWL_EXE, {"--headless", "--p1-slot", slot.string(), "--p2-slot", slot.string(), "--p2", "cpu",
                                 "--frames", "15", "--record", fight.string(), "--assets", HOTMAP_SOURCE_DIR});
    ASSERT_EQ(f.exitCode, 0) << f.err;
    const std::string played = ReadText(fight);
    EXPECT_NE(played.find("\np1 human\np2 human\n"), std::string::npos) << "a slot side is no CPU:\n" << played;
    EXPECT_NE(played.find("ticks 15\n2 R L\n1 P P\n3 - -\n2 R L\n1 P P\n3 - -\n2 R L\n1 P P\nend\n"), std::string::npos)
        << played;
    const auto t = testrun::Run(BRAWL_EXE, {"--headless", "--training", "--p1-slot", slot.string(), "--frames", "6",
                                            "--record", training.string(), "--assets", HOTMAP_SOURCE_DIR});
    ASSERT_EQ(t.exitCode, 0) << t.err;
    const std::string trained = ReadText(training);
    EXPECT_NE(trained.find("ticks 6\n2 R -\n1 P -\n3 - -\nend\n"), std::string::npos) << trained;
}

// A slot that cannot be played is one line naming the file (and the line of it that is wrong), and
// exit 1: in a fight, from either side, and in training.
TEST(SlotsInAnyMatch, AMissingEmptyOrMalformedSlotIsOneLineNamingTheFileAndTheLine) {
    const fs::path dir = testrun::FreshDir("slots_bad");
    const fs::path good = WriteSlot("good.txt", {{2, "R"}, {1, "P"}});
    const std::string header = ReadText(good).substr(0, ReadText(good).find("ticks"));
    const auto write = [&](const std::string& name, const std::string& text) {
        std::ofstream(dir / name) << text;
        return (dir / name).string();
    };
    const std::vector<std::pair<std::string, std::string>> cases = {
        {(dir / "missing" / "slot.txt").string(), ": "},
        {write("empty.txt", ""), ": line 1: the file is empty"},
        {write("malformed.txt", header + "ticks 3\n2 X -\n1 P -\nend\n"), ": line 10: expected \"<ticks> <p1 input>"},
        {write("cut.txt", header + "ticks 3\n2 R -\n"), ": line 10: no \"end\" line"},
        {write("no_tick.txt", header + "ticks 0\nend\n"), ": line 9: the slot holds no tick"},
    };
    for (const auto& [path, what] : cases) {
        for (const std::vector<std::string>& how :
             {std::vector<std::string>{"--p1-slot", path}, std::vector<std::string>{"--p2-slot", path},
              std::vector<std::string>{"--training", "--p1-slot", path},
              std::vector<std::string>{"--training", "--dummy-slot", path}}) {
            std::vector<std::string> args{"--headless", "--frames", "5", "--assets", HOTMAP_SOURCE_DIR};
            args.insert(args.end(), how.begin(), how.end());
            const auto r = testrun::Run(BRAWL_EXE, args);
            SCOPED_TRACE(how[how.size() - 2] + " " + path);
            EXPECT_EQ(r.exitCode, 1) << r.err;
            const auto problems = testrun::ProblemLines(r.err);
            ASSERT_EQ(problems.size(), 1u) << r.err;
            EXPECT_EQ(problems[0].rfind("error: " + path + what, 0), 0u) << problems[0];
            EXPECT_TRUE(r.out.empty()) << r.out;
        }
    }
}

}  // namespace

// --log-events in training (issue 36, item 2): the training log is the fight's log of the same
// inputs, line for line in the same format. The fight opens with a round intro that training skips:
// its slot waits the intro out (the ticks before fight_start, read from a fight's own log), and its
// lines from fight_start on are training's with the ticks moved by that wait. The contact point (x,
// y) is left out of the comparison: it comes from the sprites' frames, and the dummy's idle cycle has
// run through the intro in the fight. Every line has the same keys in the same order.
TEST(TrainingLog, IsTheFightsLogOfTheSameInputs) {
    const fs::path dir = testrun::FreshDir("training_log");
    const auto logOf = [&](const std::string& name, const std::vector<std::string>& mode,
                           const std::vector<std::pair<int, std::string>>& runs, int frames) {
        const fs::path slot = WriteSlot(name + ".slot", runs);
        const fs::path log = dir / (name + ".jsonl");
        std::vector<std::string> args = {"--headless",           "--p1-slot",    slot.string(), "--frames",
                                         std::to_string(frames), "--log-events", log.string(),  "--assets",
                                         HOTMAP_SOURCE_DIR};
        args.insert(args.end(), mode.begin(), mode.end());
        const auto r = testrun::Run(BRAWL_EXE, args);
        EXPECT_EQ(r.exitCode, 0) << r.err;
        std::vector<nlohmann::ordered_json> lines;
        std::ifstream in(log);
        for (std::string text; std::getline(in, text);) lines.push_back(nlohmann::ordered_json::parse(text));
        return lines;
    };
    const std::vector<std::string> fight = {"--p2", "human"}, training = {"--training"};
    // The fight's intro: the tick of its fight_start.
    int fightStart = 0;
    for (const auto& e : logOf("intro", fight, {{1, "-"}}, 200)) {
        if (e["event"] == "fight_start") fightStart = e["tick"];
    }
    ASSERT_GT(fightStart, 1);
    const int wait = fightStart - 1;
    const std::vector<std::pair<int, std::string>> inputs = {{40, "R"}, {1, "P"}, {40, "-"}, {1, "DK"}, {40, "-"}};
    const auto trained = logOf("training", training, inputs, 122);
    std::vector<std::pair<int, std::string>> waited = {{wait, "-"}};
    waited.insert(waited.end(), inputs.begin(), inputs.end());
    auto fought = logOf("fight", fight, waited, wait + 122);
    ASSERT_FALSE(fought.empty());
    EXPECT_EQ(fought[0]["event"], "round_start");
    while (!fought.empty() && fought.front()["event"] != "fight_start") fought.erase(fought.begin());
    ASSERT_FALSE(fought.empty());
    fought.erase(fought.begin());
    ASSERT_GE(trained.size(), 3u) << "the jab's start and hit, the low kick's start";
    ASSERT_EQ(trained.size(), fought.size());
    for (std::size_t i = 0; i < trained.size(); ++i) {
        std::vector<std::string> keys, fightKeys;
        for (const auto& [key, value] : trained[i].items()) keys.push_back(key);
        for (const auto& [key, value] : fought[i].items()) fightKeys.push_back(key);
        EXPECT_EQ(keys, fightKeys) << trained[i].dump() << "\n" << fought[i].dump();
        nlohmann::ordered_json a = trained[i], b = fought[i];
        b["tick"] = b["tick"].get<int>() - wait;
        for (nlohmann::ordered_json* e : {&a, &b}) e->erase("x"), e->erase("y");
        EXPECT_EQ(a, b) << "line " << i;
    }
}
