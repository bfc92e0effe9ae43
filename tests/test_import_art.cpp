// Authoring, second round, end to end: the art set the tests draw themselves (import_art.h: shaded
// frames in a folder; a grid sheet with a baked shadow, empty cells and atlas offsets) through
// `hotmap import`, `moves`, `lint` and a headless match. Each import option and each new lint
// warning is checked here on that art, with the files and the lines a person would see.
#include "assets/assets.h"
#include "collide/collide.h"
#include "fixture_fighter.h"
#include "import_art.h"
#include "import_helpers.h"
#include "run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>

namespace {

namespace fs = std::filesystem;
using importart::Pose;
const std::string HOTMAP = HOTMAP_EXE;
const std::string BRAWL = BRAWL_EXE;
const fs::path FIXTURES = IMPORT_FIXTURES;

using importtest::Hits;
using importtest::JsonField;
using importtest::ReadBytes;

// The folder fighter's maps: every file of the art set to an animation.
const std::vector<std::string> FOLDER_MAPS{"--map", "hero_idle_*.png=idle",
                                           "--map", "hero_walk_*.png=walk_forward",
                                           "--map", "hero_walk_*.png:reverse=walk_back",
                                           "--map", "hero_punch_*.png=light_punch",
                                           "--map", "hero_kick_*.png=light_kick"};

class ImportArt : public ::testing::Test {
protected:
    void SetUp() override {
        root_ =
            testrun::FreshDir(std::string("art_") + ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::create_directories(root_ / "assets");
        fs::create_directories(root_ / "hotmaps");
        importart::WriteFolder(root_ / "art" / "hero");
        importart::WriteGrid(root_ / "art" / "grid");
    }
    void TearDown() override { fs::remove_all(root_); }

    testrun::Output Hotmap(std::vector<std::string> args) const { return testrun::Run(HOTMAP, args); }
    testrun::Output Import(const std::string& id, std::vector<std::string> args) const {
        args.insert(args.begin(), {"import", Dir(id)});
        return Hotmap(args);
    }
    testrun::Output ImportFolder(const std::string& id, std::vector<std::string> extra = {}) const {
        std::vector<std::string> args{"--frames", (root_ / "art" / "hero").string()};
        args.insert(args.end(), FOLDER_MAPS.begin(), FOLDER_MAPS.end());
        args.insert(args.end(), extra.begin(), extra.end());
        return Import(id, args);
    }
    testrun::Output ImportGrid(const std::string& id, std::vector<std::string> maps,
                               std::vector<std::string> extra = {}) const {
        std::vector<std::string> args{"--grid", (root_ / "art" / "grid" / "sheet.png").string(), "--frame", "128x128"};
        for (const std::string& m : maps) args.insert(args.end(), {"--map", m});
        args.insert(args.end(), extra.begin(), extra.end());
        return Import(id, args);
    }
    [[nodiscard]] std::string Dir(const std::string& id) const { return (root_ / "assets" / id).string(); }
    [[nodiscard]] std::string Offsets() const { return (root_ / "art" / "grid" / "offsets.csv").string(); }
    [[nodiscard]] fs::path File(const std::string& folder, const std::string& id, const std::string& file) const {
        return root_ / folder / id / file;
    }
    [[nodiscard]] nlohmann::json Manifest(const std::string& id) const {
        return nlohmann::json::parse(ReadBytes(File("assets", id, "fighter.json")));
    }
    void WriteManifest(const std::string& id, const nlohmann::json& m) const {
        std::ofstream(File("assets", id, "fighter.json")) << m.dump(2) << "\n";
    }
    [[nodiscard]] assets::Image Png(const std::string& folder, const std::string& id, const std::string& file) const {
        auto img = assets::LoadPng(File(folder, id, file).string());
        EXPECT_TRUE(img.Ok()) << file;
        return img.Ok() ? std::move(img).Value() : assets::Image{};
    }
    // What an author does in a paint tool: the box (in the hotmap's pixels) painted FF0000 over the body.
    void Paint(const std::string& id, const std::string& file, importart::Box box) const {
        assets::Image hot = Png("hotmaps", id, file);
        ASSERT_TRUE(importart::PaintAttack(File("hotmaps", id, file), box, hot.rgba, hot.widthPx, hot.heightPx))
            << file << ": nothing to paint";
    }
    // A box of the art, scaled by a whole number.
    static importart::Box Times(importart::Box b, int s) {
        return {b.x0 * s, b.y0 * s, b.x1 * s + s - 1, b.y1 * s + s - 1};
    }
    [[nodiscard]] std::vector<int> Ticks(const std::string& id, const std::string& anim) const {
        std::vector<int> t;
        const nlohmann::json manifest = Manifest(id);  // kept: the loop reads inside it
        for (const auto& f : manifest["animations"][anim]["frames"]) t.push_back(f["ticks"].get<int>());
        return t;
    }
    testrun::Output Match(const std::string& p1, const std::string& p2) const {
        return testrun::Run(BRAWL,
                            {"--headless", "--matches", "1", "--p1", "cpu", "--p2", "cpu", "--p1-fighter", p1,
                             "--p2-fighter", p2, "--seed", "1", "--assets", root_.string()},
                            "SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy");
    }
    fs::path root_;
};

constexpr int FX = importart::FRAME_FEET_X, FY = importart::FRAME_FEET_Y;

// The issue's "done when": a folder of frames from another game fights after four commands (import,
// moves, lint, a match) and the painting, with no JSON written by hand.
TEST_F(ImportArt, AFolderOfShadedFramesFightsAfterFourCommandsAndPainting) {
    // 1. import: a 2-frame idle is repeated to lint's minimum and says so; per-animation ticks.
    auto r = ImportFolder("hero", {"--scale", "2", "--ticks", "walk=5,idle=8"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(
        r.out.find("import: idle has 2 frame(s) and the game needs at least 4: its frames play again (0 1 0 1)\n"),
        std::string::npos)
        << r.out;
    // Lint's findings on what it made: no moves yet, with the fix.
    EXPECT_EQ(r.err, "warning: " + Dir("hero") + "/fighter.json: no moves: the fighter cannot attack; paint FF0000 " +
                         "where its frames strike (in their hotmaps), then hotmap moves " + Dir("hero") +
                         " --suggest\n");
    EXPECT_NE(r.out.find("import: lint: 0 error(s), 1 warning(s)"), std::string::npos) << r.out;
    EXPECT_EQ(Ticks("hero", "idle"), (std::vector<int>{8, 8, 8, 8}));
    EXPECT_EQ(Ticks("hero", "walk_forward"), (std::vector<int>{5, 5, 5, 5}));
    EXPECT_EQ(Ticks("hero", "walk_back"), (std::vector<int>{5, 5, 5, 5}));
    EXPECT_EQ(Ticks("hero", "light_punch"), (std::vector<int>{6, 6, 6}));
    EXPECT_EQ(ReadBytes(File("assets", "hero", "idle_02.png")), ReadBytes(File("assets", "hero", "idle_00.png")));
    EXPECT_EQ(ReadBytes(File("assets", "hero", "walk_back_00.png")),
              ReadBytes(File("assets", "hero", "walk_forward_03.png")))
        << "walk_back is walk played backwards";
    const assets::Image punch = Png("assets", "hero", "light_punch_01.png");
    EXPECT_EQ(punch.widthPx, 128);
    EXPECT_EQ(punch.heightPx, 160);

    // Painting: the fist of each strike's frame 1, red.
    Paint("hero", "light_punch_01.png", Times(importart::FistOf(Pose::Punch1, FX, FY), 2));
    Paint("hero", "light_kick_01.png", Times(importart::FootOf(Pose::Kick1, FX, FY), 2));
    // Before the moves, lint names the stub to add.
    r = Hotmap({"lint", root_.string()});
    EXPECT_NE(r.err.find("warning: " + File("hotmaps", "hero", "light_punch_01.png").string() +
                         ": attack pixels on a frame no move has active: the game ignores them; add to "
                         "fighter.json's \"moves\": \"light_punch\": {\"animation\": \"light_punch\", \"button\": "
                         "\"punch\", \"stance\": \"stand\", \"damage\": 60, \"hitstun\": 14, \"blockstun\": 10, "
                         "\"hitstop\": 6, \"knockback\": 3.0, \"active\": [1, 1], \"height\": \"mid\"} (hotmap moves " +
                         Dir("hero") + " --suggest adds it)\n"),
              std::string::npos)
        << r.err;

    // 2. moves --suggest: the stubs, timed from the frames.
    r = Hotmap({"moves", Dir("hero"), "--suggest"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(
        r.out.find("moves: adding light_punch: punch, stand, active [1, 1]: startup 6, active 6, recovery 6 ticks"),
        std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("moves: adding light_kick: kick, stand, active [1, 1]"), std::string::npos) << r.out;
    const auto moves = Manifest("hero")["moves"];
    EXPECT_EQ(moves["light_kick"]["damage"], 90);
    EXPECT_EQ(moves["light_punch"]["active"], nlohmann::json::array({1, 1}));

    // 3. lint: clean.
    r = Hotmap({"lint", root_.string()});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_NE(r.out.find("lint: 1 fighter(s), 25 frame(s): 0 error(s), 0 warning(s)"), std::string::npos) << r.out;

    // 4. A whole CPU match, the imported fighter against itself: both suggested moves land.
    r = Match("hero", "hero");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(JsonField(r.out, "matches_finished"), "1") << r.out;
    const auto [p1, p2] = Hits(r.out);
    EXPECT_GT(p1, 0) << r.out;
    EXPECT_GT(p2, 0) << r.out;
}

// The other "done when": a grid sheet with offsets, a baked shadow and empty cells.
TEST_F(ImportArt, AGridSheetWithAShadowEmptyCellsAndOffsetsFightsToo) {
    const std::vector<std::string> maps{"idle=0-3", "walk_forward=4-7", "walk_back=7-4", "light_punch=8-10",
                                        "win=28-31"};
    auto r = ImportGrid("grid", maps, {"--offsets", Offsets()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    // The shadow (black, alpha 128-132) passes the default --alpha-min: lint says what it is.
    EXPECT_NE(r.err.find("warning: " + File("hotmaps", "grid", "idle_00.png").string() +
                         ": looks like a baked shadow: 133 px at alpha 128-132 counted as body; raise --alpha-min "
                         "above 132 (hotmap import --update, hotmap template --force) or erase it from the hotmap\n"),
              std::string::npos)
        << r.err;
    // win mapped on empty cells.
    EXPECT_NE(r.err.find("warning: " + File("assets", "grid", "win_00.png").string() +
                         ": an empty frame: every pixel is transparent (an empty cell of the sheet?); map cells "
                         "that hold art (hotmap import --map), or draw it\n"),
              std::string::npos)
        << r.err;
    // The shadow's 3 px below the feet made the guessed anchor 3 px low.
    EXPECT_NE(r.out.find("import: anchor [64, 121] (the bottom centre of idle's opaque pixels)"), std::string::npos)
        << r.out;
    // The idle cells' durations (120 ms) from the offsets file.
    EXPECT_EQ(Ticks("grid", "idle"), (std::vector<int>{7, 7, 7, 7}));

    // Again, the shadow left out of the body, win on real cells.
    r = ImportGrid("grid", {"idle=0-3", "walk_forward=4-7", "walk_back=7-4", "light_punch=8-10", "win=0-3"},
                   {"--offsets", Offsets(), "--update", "--alpha-min", "140"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err.find("baked shadow"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("empty frame"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("import: anchor [64, 118] (the bottom centre of idle's opaque pixels, was [64, 121])"),
              std::string::npos)
        << r.out;
    // Each frame's own anchor is where the atlas's offset put its feet in its cell.
    const auto manifest = Manifest("grid");
    for (const auto& [anim, first] : {std::pair{"idle", 0}, {"walk_forward", 4}, {"light_punch", 8}}) {
        const auto& frames = manifest["animations"][anim]["frames"];
        for (std::size_t f = 0; f < frames.size(); ++f) {
            const auto [dx, dy] = importart::OffsetOfCell(first + static_cast<int>(f));
            const nlohmann::json want = {importart::CELL_FEET_X - dx, importart::CELL_FEET_Y - dy};
            const nlohmann::json got = frames[f].contains("anchor") ? frames[f]["anchor"]
                                       : manifest["animations"][anim].contains("anchor")
                                           ? manifest["animations"][anim]["anchor"]
                                           : manifest["anchor"];
            EXPECT_EQ(got, want) << anim << " frame " << f;
        }
    }
    const auto hurt = collide::BuildHotMasks(Png("hotmaps", "grid", "idle_00.png").View()).hurt.Bounds();
    const auto [dx0, dy0] = importart::OffsetOfCell(0);
    EXPECT_EQ(hurt.y + hurt.h - 1, importart::CELL_FEET_Y - dy0) << "the feet, not the shadow, are the body's bottom";

    // Painted, suggested, linted, fought against itself: the punch lands.
    const int fx = importart::CELL_FEET_X - importart::OffsetOfCell(9).first;
    const int fy = importart::CELL_FEET_Y - importart::OffsetOfCell(9).second;
    Paint("grid", "light_punch_01.png", importart::FistOf(Pose::Punch1, fx, fy));
    ASSERT_EQ(Hotmap({"moves", Dir("grid"), "--suggest"}).exitCode, 0);
    r = Hotmap({"lint", "--alpha-min", "140", root_.string()});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("0 error(s), 0 warning(s)"), std::string::npos) << r.out << r.err;
    r = Match("grid", "grid");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_GT(Hits(r.out).first, 0) << r.out;
}

TEST_F(ImportArt, MapsTakeReversedRangesRepeatsListsPingPongAndFeedSeveralAnimations) {
    auto r = ImportGrid("grid", {"idle=0,1,0,2", "walk_forward=4-7", "walk_back=7-4", "light_punch=8-10:pingpong",
                                 "win,hit=0-3", "jump=4-7:reverse"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto same = [&](const std::string& a, const std::string& b) {
        return ReadBytes(File("assets", "grid", a)) == ReadBytes(File("assets", "grid", b));
    };
    EXPECT_TRUE(same("idle_02.png", "idle_00.png")) << "a cell repeated";
    EXPECT_FALSE(same("idle_03.png", "idle_00.png"));
    EXPECT_TRUE(same("walk_back_00.png", "walk_forward_03.png")) << "23-16 style: backwards";
    EXPECT_TRUE(same("walk_back_03.png", "walk_forward_00.png"));
    EXPECT_EQ(Manifest("grid")["animations"]["light_punch"]["frames"].size(), 4u) << "8 9 10 9";
    EXPECT_TRUE(same("light_punch_03.png", "light_punch_01.png"));
    EXPECT_TRUE(same("win_03.png", "hit_03.png")) << "one range, two animations";
    EXPECT_TRUE(same("jump_00.png", "walk_forward_03.png"));

    // The same in a folder: the glob's matches reordered.
    r = Import("hero", {"--frames", (root_ / "art" / "hero").string(), "--map", "hero_idle_*.png:pingpong=idle",
                        "--map", "hero_walk_*.png:3-0=walk_back", "--map", "hero_walk_*.png:0,0,1=walk_forward"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(Manifest("hero")["animations"]["walk_forward"]["frames"].size(), 3u);
    EXPECT_EQ(ReadBytes(File("assets", "hero", "walk_back_02.png")),
              ReadBytes(File("assets", "hero", "walk_forward_02.png")))
        << "walk 3-0 and walk 0,0,1 both show the second file third";

    // Mistakes: one line each, nothing written.
    fs::remove_all(root_ / "assets" / "grid");
    r = ImportGrid("grid", {"idle=0-40"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "error: " + (root_ / "art" / "grid" / "sheet.png").string() +
                         ": --map idle=0-40: '0-40' is outside 0-31 (cells FIRST-LAST, N or lists of them within "
                         "0-31, numbered row by row)\n");
    r = ImportGrid("grid", {"idle=0-3:bounce"});
    EXPECT_NE(r.err.find("after ':' comes pingpong or reverse, not 'bounce'"), std::string::npos) << r.err;
    r = ImportGrid("grid", {"idle=0-3", "idle=4-7"});
    EXPECT_NE(r.err.find("the animation idle is given twice (one --map or tag per animation; repeat frames within it, "
                         "as idle=0,1,0,1)"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(root_ / "assets" / "grid"));
}

TEST_F(ImportArt, TicksPerAnimationBesideTheDefaultAndTheArtsOwnDurations) {
    auto r = ImportGrid("grid", {"idle=0-3", "walk_forward=4-7", "walk_back=7-4", "light_punch=8-10"},
                        {"--offsets", Offsets(), "--ticks", "4", "--ticks", "walk=5,light_punch=3"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(Ticks("grid", "idle"), (std::vector<int>{7, 7, 7, 7})) << "the offsets file's 120 ms";
    EXPECT_EQ(Ticks("grid", "walk_forward"), (std::vector<int>{5, 5, 5, 5}));
    EXPECT_EQ(Ticks("grid", "walk_back"), (std::vector<int>{5, 5, 5, 5}));
    EXPECT_EQ(Ticks("grid", "light_punch"), (std::vector<int>{3, 3, 3}));
    EXPECT_EQ(Ticks("grid", "crouch"), (std::vector<int>{7})) << "a stand-in keeps idle's frame's duration";
    // Over the art's own durations, for the animation named.
    r = ImportGrid("grid", {"idle=0-3"}, {"--offsets", Offsets(), "--ticks", "idle=9,crouch=12", "--force"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(Ticks("grid", "idle"), (std::vector<int>{9, 9, 9, 9}));
    EXPECT_EQ(Ticks("grid", "crouch"), (std::vector<int>{12}));

    for (const auto& [value, message] :
         {std::pair{"run=5", "--ticks run=5: no animation is called run or run_..."},
          {"walk=0", "--ticks wants N or ANIMATION=N (N a whole number 1-600), comma-separated, not 'walk=0'"},
          {"=5", "--ticks wants N or ANIMATION=N"}}) {
        r = ImportGrid("grid", {"idle=0-3"}, {"--ticks", value, "--force"});
        EXPECT_EQ(r.exitCode, 2) << value;
        EXPECT_EQ(r.err.rfind(std::string("hotmap import: ") + message, 0), 0u) << r.err;
    }
}

TEST_F(ImportArt, AnAnchorForTheFighterAndOneForEachProjectile) {
    // In the art's pixels, before --scale: the feet's pixel (28, 77) at scale 2 is (56, 155).
    auto r = ImportFolder("hero", {"--scale", "2", "--anchor", "28,77"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("import: anchor [56, 155] (--anchor)"), std::string::npos) << r.out;
    EXPECT_EQ(Manifest("hero")["anchor"], nlohmann::json::array({56, 155}));

    // The orb without an anchor of its own, thrown by a move the author wrote: it would fly from
    // the fighter's feet point, and it does not loop. Lint says both.
    const std::vector<std::string> maps{"idle=0-3", "special=8-10", "orb=14"};
    r = ImportGrid("grid", maps, {"--alpha-min", "140"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    auto m = Manifest("grid");
    m["moves"]["special"] = fixture::Manifest()["moves"]["special"];  // throws "orb" on its frame 1
    WriteManifest("grid", m);
    Paint("grid", "orb_00.png", {0, 0, 127, 127});
    r = Hotmap({"lint", "--alpha-min", "140", Dir("grid")});
    const std::string manifest = File("assets", "grid", "fighter.json").string();
    EXPECT_NE(r.err.find("warning: " + manifest +
                         ": animations.orb (moves.special's projectile) has no anchor of its own: it takes the "
                         "fighter's [66, 119] and flies that far off its spawn point; give it its centre: \"anchor\": "
                         "[64, 64] (or hotmap import --anchor orb=X,Y)\n"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("warning: " + manifest +
                         ": animations.orb.loop is false: the projectile (moves.special) stops on its last frame "
                         "while it flies; set \"loop\": true\n"),
              std::string::npos)
        << r.err;

    // Re-imported with the orb's own anchor: kept by --update with the move and the painted orb;
    // the loop, fixed by hand, is kept too.
    m = Manifest("grid");
    m["animations"]["orb"]["loop"] = true;
    WriteManifest("grid", m);
    r = ImportGrid("grid", maps, {"--alpha-min", "140", "--update", "--anchor", "orb=64,64"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(Manifest("grid")["animations"]["orb"]["anchor"], nlohmann::json::array({64, 64}));
    EXPECT_EQ(Manifest("grid")["animations"]["orb"]["loop"], true);
    EXPECT_EQ(r.err.find("animations.orb"), std::string::npos) << r.err;
    EXPECT_TRUE(Manifest("grid")["moves"].contains("special"));
}

TEST_F(ImportArt, UpdateKeepsPaintedHotmapsAndHandWorkAndRemovesWhatIsNoLongerNamed) {
    ASSERT_EQ(ImportFolder("hero", {"--scale", "2"}).exitCode, 0);
    Paint("hero", "light_punch_01.png", Times(importart::FistOf(Pose::Punch1, FX, FY), 2));
    Paint("hero", "light_kick_01.png", Times(importart::FootOf(Pose::Kick1, FX, FY), 2));
    ASSERT_EQ(Hotmap({"moves", Dir("hero"), "--suggest"}).exitCode, 0);
    auto m = Manifest("hero");
    m["health"] = 900;
    m["credits"] = "Ana Artist";
    m["moves"]["light_punch"]["damage"] = 75;
    WriteManifest("hero", m);
    const std::string punchPainted = ReadBytes(File("hotmaps", "hero", "light_punch_01.png"));
    const std::string idleStarter = ReadBytes(File("hotmaps", "hero", "idle_00.png"));

    // The art changes: idle's first frame gains a hat, the punch loses its last frame, the kick's
    // frame grows wider.
    const fs::path art = root_ / "art" / "hero";
    importart::Canvas idle(importart::FRAME_W, importart::FRAME_H);
    importart::DrawHero(idle, Pose::Idle0, FX, FY);
    importart::Shade(idle, {FX - 6, FY - 72, FX + 6, FY - 69}, {90, 40, 40, 255});
    idle.Save(art / "hero_idle_1.png");
    fs::remove(art / "hero_punch_3.png");
    importart::Canvas kick(importart::FRAME_W + 8, importart::FRAME_H);
    importart::DrawHero(kick, Pose::Kick1, FX, FY);
    kick.Save(art / "hero_kick_2.png");

    auto r = ImportFolder("hero", {"--scale", "2", "--update"});
    EXPECT_EQ(r.exitCode, 1) << "lint refuses the kick's hotmap until it is painted again: " << r.err;
    // The files no longer named, listed before anything is written, then gone.
    const std::string listed = "import: removing 2 file(s) the new manifest no longer names:\nimport:   " +
                               File("assets", "hero", "light_punch_02.png").string() +
                               "\nimport:   " + File("hotmaps", "hero", "light_punch_02.png").string() + "\n";
    ASSERT_NE(r.out.find(listed), std::string::npos) << r.out;
    EXPECT_LT(r.out.find(listed), r.out.find("import: wrote")) << r.out;
    EXPECT_FALSE(fs::exists(File("assets", "hero", "light_punch_02.png")));
    EXPECT_FALSE(fs::exists(File("hotmaps", "hero", "light_punch_02.png")));
    // Painted hotmaps kept, byte for byte; the one whose frame grew, with a warning; starters made again.
    EXPECT_NE(r.out.find("import: kept 2 painted hotmap(s): light_punch_01.png, light_kick_01.png"), std::string::npos)
        << r.out;
    EXPECT_EQ(ReadBytes(File("hotmaps", "hero", "light_punch_01.png")), punchPainted);
    EXPECT_NE(r.err.find("warning: " + File("hotmaps", "hero", "light_kick_01.png").string() +
                         ": painted, and kept, but its frame is now 144x160 (the hotmap is 128x160): paint it again "
                         "at the new size, or delete it for a starter\n"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("error: " + File("hotmaps", "hero", "light_kick_01.png").string() +
                         ": 128x160, but its sprite is 144x160"),
              std::string::npos)
        << r.err;
    EXPECT_NE(ReadBytes(File("hotmaps", "hero", "idle_00.png")), idleStarter) << "a starter follows its new sprite";
    // The hand-made parts stay.
    m = Manifest("hero");
    EXPECT_EQ(m["health"], 900);
    EXPECT_EQ(m["credits"], "Ana Artist");
    EXPECT_EQ(m["moves"]["light_punch"]["damage"], 75);
    EXPECT_EQ(m["animations"]["light_punch"]["frames"].size(), 2u);

    // --force replaces everything, painted hotmaps too, and says so.
    r = ImportFolder("hero", {"--scale", "2", "--force"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("import: --force replaced 2 painted hotmap(s) with starters (--update keeps them)"),
              std::string::npos)
        << r.out;
    EXPECT_NE(ReadBytes(File("hotmaps", "hero", "light_punch_01.png")), punchPainted);
    EXPECT_EQ(Manifest("hero")["health"], 1000);

    r = Import("nobody", {"--frames", art.string(), "--map", "hero_idle_*.png=idle", "--update"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "error: " + Dir("nobody") + ": no fighter here to update (import it without --update)\n");
    r = Import("hero", {"--frames", art.string(), "--map", "hero_idle_*.png=idle", "--update", "--force"});
    EXPECT_EQ(r.exitCode, 2);
}

TEST_F(ImportArt, AScaleNeedNotBeWholeAndTheHotmapFollowsTheSameMapping) {
    auto r = ImportFolder("hero", {"--scale", "1.5"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const assets::Image sprite = Png("assets", "hero", "light_punch_01.png");
    const assets::Image hot = Png("hotmaps", "hero", "light_punch_01.png");
    ASSERT_EQ(sprite.widthPx, 96);
    ASSERT_EQ(sprite.heightPx, 120);
    ASSERT_EQ(hot.widthPx, 96);
    ASSERT_EQ(hot.heightPx, 120);
    // Output pixel o shows source pixel floor(o / 1.5): the same for the sprite and its hotmap.
    const importart::Canvas source = [] {
        importart::Canvas c(importart::FRAME_W, importart::FRAME_H);
        importart::DrawHero(c, Pose::Punch1, FX, FY);
        return c;
    }();
    const collide::HotMasks masks = collide::BuildHotMasks(hot.View());
    for (int y = 0; y < 120; ++y)
        for (int x = 0; x < 96; ++x) {
            const bool body = source.AlphaAt(x * 2 / 3, y * 2 / 3) >= 128;
            ASSERT_EQ(sprite.rgba[(static_cast<std::size_t>(y) * 96 + x) * 4 + 3] >= 128, body) << x << "," << y;
            ASSERT_EQ(masks.hurt.Get(x, y), body) << x << "," << y;
        }
    // An Aseprite hotmap layer, scaled by the same mapping: the arm's art pixels x 20-31, y 16-19
    // become x 30-47, y 24-29, exactly over the sprite's arm.
    r = Import("third", {"--sheet", (FIXTURES / "sheet.png").string(), "--data",
                         (FIXTURES / "sheet-hash.json").string(), "--split-layers", "--scale", "1.5"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto attack = collide::BuildHotMasks(Png("hotmaps", "third", "light_punch_01.png").View()).attack;
    EXPECT_EQ(attack.Bounds(), (collide::Rect{30, 24, 18, 6}));
    const assets::Image arm = Png("assets", "third", "light_punch_01.png");
    for (int y = 24; y < 30; ++y)
        for (int x = 30; x < 48; ++x) EXPECT_EQ(arm.rgba[(static_cast<std::size_t>(y) * arm.widthPx + x) * 4 + 3], 255);

    for (const char* bad : {"0.1", "9", "1.2345", "1,5", "x"}) {
        r = ImportFolder("other", {"--scale", bad});
        EXPECT_EQ(r.exitCode, 2) << bad;
        EXPECT_EQ(r.err.rfind("hotmap import: --scale wants a number 0.25-8 (at most three decimals, as 1.5)", 0), 0u)
            << r.err;
    }
}

TEST_F(ImportArt, ImportRefusesWhatLintWouldRefuseAndWritesNothing) {
    auto r = ImportFolder("hero", {"--name", "Hero of the Folder of Frames"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "error: " + Dir("hero") + "/fighter.json: name: must be 1-24 characters, got 28\n");
    EXPECT_FALSE(fs::exists(root_ / "assets" / "hero"));
    EXPECT_FALSE(fs::exists(root_ / "hotmaps" / "hero"));
    // 24 characters, accented: more bytes than characters, and fine.
    r = ImportFolder("hero", {"--name", "Héroïne à l'épée d'été é"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
}

TEST_F(ImportArt, AnOffsetsFileInCsvOrJsonNamesRealFrames) {
    // JSON rows for files of a folder.
    std::ofstream(root_ / "offsets.json")
        << R"([{"frame": "hero_punch_2.png", "dx": 3, "dy": -2}, {"frame": "hero_idle_2.png", "dx": 0, "dy": 0, "duration": 250}])";
    auto r = ImportFolder("hero", {"--offsets", (root_ / "offsets.json").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto m = Manifest("hero");
    EXPECT_EQ(m["animations"]["light_punch"]["frames"][1]["anchor"],
              nlohmann::json::array({m["anchor"][0].get<int>() - 3, m["anchor"][1].get<int>() + 2}));
    EXPECT_EQ(Ticks("hero", "idle"), (std::vector<int>{6, 15, 6, 15})) << "250 ms";

    const auto refused = [&](const std::string& name, const std::string& text, const std::string& message) {
        std::ofstream(root_ / name) << text;
        const auto out = ImportGrid("grid", {"idle=0-3"}, {"--offsets", (root_ / name).string()});
        EXPECT_EQ(out.exitCode, 1) << text;
        EXPECT_EQ(out.err, "error: " + (root_ / name).string() + ": " + message + "\n");
        EXPECT_FALSE(fs::exists(root_ / "assets" / "grid"));
    };
    refused("a.csv", "frame,dx,dy\n0,1\n",
            "line 2: expected frame,dx,dy or frame,dx,dy,duration (whole px, ms), got '0,1'");
    refused("b.csv", "40,1,1\n",
            "frame 40: no such frame in " + (root_ / "art" / "grid" / "sheet.png").string() + " (a cell number)");
    refused("c.csv", "0,1,1\n0,2,2\n", "line 2: frame 0 is given twice");
    refused("d.json", R"({"frame": 0})", "the file: JSON offsets are an array of {\"frame\", \"dx\", \"dy\"} objects");
    refused("e.json", R"([{"frame": 0, "dx": "1", "dy": 0}])",
            "[0]: expected {\"frame\": NAME or CELL, \"dx\": N, \"dy\": N} (\"duration\": ms optional)");
}

TEST_F(ImportArt, MovesSuggestsOneStubPerStrikingAnimationOnAFreeButton) {
    ASSERT_EQ(Import("hero", {"--frames", (root_ / "art" / "hero").string(), "--map", "hero_idle_*.png=idle", "--map",
                              "hero_punch_*.png=light_punch,heavy_punch,crouch_punch"})
                  .exitCode,
              0);
    for (const char* anim : {"light_punch", "heavy_punch", "crouch_punch"})
        Paint("hero", std::string(anim) + "_01.png", importart::FistOf(Pose::Punch1, FX, FY));
    auto r = Hotmap({"moves", Dir("hero")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("moves: none yet\n"), std::string::npos);
    EXPECT_NE(r.out.find("moves: suggest crouch_punch: punch, crouch, active [1, 1]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("moves: suggest heavy_punch: punch, stand, active [1, 1]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("moves: suggest light_punch: kick, stand, active [1, 1]"), std::string::npos)
        << "in name order: punch is taken standing: " << r.out;
    EXPECT_NE(r.out.find("moves: hotmap moves " + Dir("hero") + " --suggest adds them"), std::string::npos);
    EXPECT_FALSE(Manifest("hero").contains("moves") && !Manifest("hero")["moves"].empty()) << "nothing written";
    r = Hotmap({"moves", Dir("hero"), "--suggest"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(Manifest("hero")["moves"].size(), 3u);
    EXPECT_EQ(Hotmap({"lint", Dir("hero")}).exitCode, 0);
    r = Hotmap({"moves", Dir("hero")});
    EXPECT_NE(r.out.find("moves: nothing to suggest"), std::string::npos) << r.out;

    EXPECT_EQ(Hotmap({"moves"}).exitCode, 2);
    EXPECT_EQ(Hotmap({"moves", Dir("hero"), "--bogus"}).exitCode, 2);
    r = Hotmap({"moves", Dir("nobody")});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "error: " + Dir("nobody") + ": no such folder\n");
}

TEST_F(ImportArt, FramedataOfAFighterFromElsewhereHasNoMakeTarget) {
    ASSERT_EQ(ImportFolder("hero").exitCode, 0);
    const auto r = Hotmap({"framedata", Dir("hero")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.rfind("# Frame data\n\nMade by `hotmap framedata` (`hotmap framedata --help` says how each number "
                          "is measured).\nTicks are 1/60 s.",
                          0),
              0u)
        << r.out;
    EXPECT_EQ(r.out.find("make framedata"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("stale"), std::string::npos) << r.out;
}

TEST_F(ImportArt, GridHelpNamesTheSheetLimitItEnforces) {
    EXPECT_NE(Hotmap({"import", "--help"}).out.find("--frame WxH each, at most 4096x4096 px"), std::string::npos);
    importart::Canvas wide(4097, 1);
    wide.Save(root_ / "wide.png");
    const auto r = Import("wide", {"--grid", (root_ / "wide.png").string(), "--frame", "1x1", "--map", "idle=0-3"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("4097x1"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("4096"), std::string::npos) << r.err;
}

}  // namespace
