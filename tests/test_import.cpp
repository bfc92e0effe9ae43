// `hotmap import` end to end on the committed fixture art (tests/fixtures/import/README.md): an
// Aseprite export in both JSON forms, a colour-keyed grid sheet, a folder of numbered frames. The
// fighters made must lint clean, and the Aseprite one must land hits in a headless CPU match.
#include "assets/assets.h"
#include "collide/collide.h"
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
const std::string HOTMAP = HOTMAP_EXE;
const std::string BRAWL = BRAWL_EXE;
const fs::path FIXTURES = IMPORT_FIXTURES;

using importtest::JsonField;
using importtest::ReadBytes;

// Pixel (x, y)'s RGBA as 0xRRGGBBAA.
std::uint32_t PixelAt(const assets::Image& img, int x, int y) {
    const std::uint8_t* p = img.rgba.data() + (static_cast<std::size_t>(y) * img.widthPx + x) * 4;
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

// The number of frame markers (dark 0A0A0A pixels from the left of row `y`), in art pixels at `scale`.
int Marks(const assets::Image& img, int x0, int y, int scale) {
    int n = 0;
    while (x0 + n * scale < img.widthPx && PixelAt(img, x0 + n * scale, y) == 0x0A0A0AFFu) ++n;
    return n;
}

class ImportTest : public ::testing::Test {
protected:
    void SetUp() override {
        root_ =
            testrun::FreshDir(std::string("import_") + ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::create_directories(root_ / "assets");
        fs::create_directories(root_ / "hotmaps");
    }
    void TearDown() override { fs::remove_all(root_); }
    testrun::Output RunImport(const std::string& id, std::vector<std::string> args) const {
        args.insert(args.begin(), {"import", (root_ / "assets" / id).string()});
        return testrun::Run(HOTMAP, args);
    }
    testrun::Output Aseprite(const std::string& id, const std::string& json) const {
        return RunImport(id, {"--sheet", (FIXTURES / "sheet.png").string(), "--data", (FIXTURES / json).string(),
                              "--split-layers", "--scale", "3", "--name", "Third"});
    }
    testrun::Output Grid(const std::string& id, bool key = true) const {
        std::vector<std::string> args{"--grid",  (FIXTURES / "grid.png").string(),
                                      "--frame", "32x48",
                                      "--map",   "idle=0-3",
                                      "--map",   "light_punch=3-4",
                                      "--scale", "3"};
        if (key) args.insert(args.end(), {"--sprite-key", "FF00FF"});
        return RunImport(id, args);
    }
    // Lint's line for a fighter imported before any red was painted.
    std::string NoMovesWarning(const std::string& id) const {
        const std::string dir = (root_ / "assets" / id).string();
        return "warning: " + dir + "/fighter.json: no moves: the fighter cannot attack; paint FF0000 where its " +
               "frames strike (in their hotmaps), then hotmap moves " + dir + " --suggest\n";
    }
    assets::Image Png(const std::string& folder, const std::string& id, const std::string& file) const {
        auto img = assets::LoadPng((root_ / folder / id / file).string());
        EXPECT_TRUE(img.Ok()) << file;
        return img.Ok() ? std::move(img).Value() : assets::Image{};
    }
    fs::path root_;
};

TEST_F(ImportTest, AsepriteSheetBecomesAFighterThatLintsCleanAndLandsHits) {
    auto r = Aseprite("third", "sheet-hash.json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    // The body is art columns 12-19, rows 8-47: at scale 3, x 36-59 and y 24-143.
    EXPECT_NE(r.out.find("import: anchor [48, 143] (the bottom centre of idle's opaque pixels)"), std::string::npos)
        << r.out;
    r = Grid("fourth");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    r = testrun::Run(HOTMAP, {"lint", root_.string()});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    // The grid's fighter has no red painted yet: lint says it has no moves, and nothing else.
    EXPECT_EQ(r.err, NoMovesWarning("fourth"));
    EXPECT_NE(r.out.find("lint: 2 fighter(s), 33 frame(s): 0 error(s), 1 warning(s)"), std::string::npos) << r.out;

    // A whole CPU match: the imported light punch (its hotmap's red from the "hotmap" layer) lands.
    r = testrun::Run(BRAWL,
                     {"--headless", "--matches", "1", "--p1", "cpu", "--p2", "cpu", "--p1-fighter", "third",
                      "--p2-fighter", "fourth", "--seed", "1", "--assets", root_.string()},
                     "SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(JsonField(r.out, "fighters"), "[\"third\", \"fourth\"]") << r.out;
    EXPECT_EQ(JsonField(r.out, "matches_finished"), "1") << r.out;
    const std::string totals = JsonField(r.out, "total_hits");
    std::smatch m;
    ASSERT_TRUE(std::regex_match(totals, m, std::regex("\\[([0-9]+), ([0-9]+)\\]"))) << r.out;
    EXPECT_GT(std::stoi(m[1].str()), 0) << "the imported fighter landed no hit: " << r.out;
    EXPECT_EQ(JsonField(r.out, "winner"), "\"p1\"") << "fourth has no move to answer with: " << r.out;
}

TEST_F(ImportTest, AsepriteFramesTagsAndDurations) {
    const auto r = Aseprite("third", "sheet-hash.json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto manifest = nlohmann::json::parse(ReadBytes(root_ / "assets" / "third" / "fighter.json"));
    EXPECT_EQ(manifest["anchor"], nlohmann::json::array({48, 143}));
    const auto ticks = [&](const char* anim) {
        std::vector<int> t;
        for (const auto& f : manifest["animations"][anim]["frames"]) t.push_back(f["ticks"].get<int>());
        return t;
    };
    // 100 ms = 6 ticks; 5 ms rounds to 0, kept at 1; 30 ms = 1.8 -> 2; 120 ms = 7.2 -> 7.
    EXPECT_EQ(ticks("idle"), (std::vector<int>{6, 6, 6, 6})) << "pingpong 0-2: 0 1 2 1";
    EXPECT_EQ(ticks("light_punch"), (std::vector<int>{1, 2, 7}));
    EXPECT_EQ(manifest["moves"]["light_punch"]["active"], nlohmann::json::array({1, 1}));
    // The order of frames, read from their markers (frame i has i + 1), at scale 3 from x 36, y 24.
    const auto marks = [&](const std::string& file) { return Marks(Png("assets", "third", file), 36, 24, 3); };
    EXPECT_EQ(marks("idle_00.png"), 1);
    EXPECT_EQ(marks("idle_02.png"), 3);
    EXPECT_EQ(marks("idle_03.png"), 2) << "pingpong comes back";
    EXPECT_EQ(marks("walk_forward_00.png"), 3) << "reverse";
    EXPECT_EQ(marks("walk_forward_02.png"), 1);
    EXPECT_EQ(marks("light_punch_01.png"), 5);
    // The trimmed arm is put back by spriteSourceSize: art x 20-31, y 16-19.
    const assets::Image punch = Png("assets", "third", "light_punch_01.png");
    ASSERT_EQ(punch.widthPx, 96);
    ASSERT_EQ(punch.heightPx, 144);
    EXPECT_EQ(PixelAt(punch, 60, 48) & 0xFF, 0xFFu) << "the arm's first pixel";
    EXPECT_EQ(PixelAt(punch, 60, 47) & 0xFF, 0u) << "above the arm";
    const auto masks = collide::BuildHotMasks(Png("hotmaps", "third", "light_punch_01.png").View());
    EXPECT_EQ(masks.attack.Bounds(), (collide::Rect{60, 48, 36, 12})) << "the hotmap layer, scaled";
    EXPECT_EQ(masks.hurt.Bounds(), (collide::Rect{36, 24, 24, 120})) << "the starter's body";
}

TEST_F(ImportTest, AsepriteArrayAndHashFormsGiveTheSameFighter) {
    ASSERT_EQ(Aseprite("third", "sheet-hash.json").exitCode, 0);
    ASSERT_EQ(Aseprite("fifth", "sheet-array.json").exitCode, 0);
    int files = 0;
    for (const char* folder : {"assets", "hotmaps"}) {
        for (const auto& e : fs::directory_iterator(root_ / folder / "third")) {
            ++files;
            EXPECT_EQ(ReadBytes(e.path()), ReadBytes(root_ / folder / "fifth" / e.path().filename()))
                << e.path().filename();
        }
    }
    EXPECT_EQ(files, 18 + 1 + 18) << "18 frames' sprites and hotmaps, and the manifest";
}

TEST_F(ImportTest, GridSheetWithItsKeyColourMadeTransparent) {
    auto r = Grid("fourth");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const assets::Image idle = Png("assets", "fourth", "idle_00.png");
    EXPECT_EQ(PixelAt(idle, 0, 0), 0u) << "the FF00FF background became alpha 0";
    EXPECT_EQ(Marks(idle, 36, 24, 3), 1);
    EXPECT_EQ(Marks(Png("assets", "fourth", "light_punch_01.png"), 36, 24, 3), 5) << "cell 4";
    r = testrun::Run(HOTMAP, {"lint", root_.string()});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, NoMovesWarning("fourth")) << "no other warning";

    // Without --sprite-key the magenta stays in the sprite, and lint says so.
    r = Grid("keyed", false);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    r = testrun::Run(HOTMAP, {"lint", (root_ / "assets" / "keyed").string()});
    EXPECT_NE(r.err.find("warning: " + (root_ / "assets" / "keyed" / "idle_00.png").string() +
                         ": no transparent pixel: a colour-keyed sprite?"),
              std::string::npos)
        << r.err;
}

TEST_F(ImportTest, FolderOfNumberedFramesInNaturalOrder) {
    const auto r = RunImport("fifth", {"--frames", (FIXTURES / "frames").string(), "--map", "stand*.png=idle", "--map",
                                       "attack*.png=light_punch", "--ticks", "5"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    // attack1, attack2, attack10: not attack1, attack10, attack2.
    EXPECT_EQ(Marks(Png("assets", "fifth", "light_punch_00.png"), 0, 0, 1), 1);
    EXPECT_EQ(Marks(Png("assets", "fifth", "light_punch_01.png"), 0, 0, 1), 2);
    EXPECT_EQ(Marks(Png("assets", "fifth", "light_punch_02.png"), 0, 0, 1), 10);
    EXPECT_EQ(Marks(Png("assets", "fifth", "idle_03.png"), 12, 8, 1), 4) << "stand4";
    const auto manifest = nlohmann::json::parse(ReadBytes(root_ / "assets" / "fifth" / "fighter.json"));
    EXPECT_EQ(manifest["animations"]["idle"]["frames"][0]["ticks"], 5);
    const auto lint = testrun::Run(HOTMAP, {"lint", root_.string()});
    EXPECT_EQ(lint.exitCode, 0) << lint.err;
}

TEST_F(ImportTest, BadInputIsOneLineAndNothingIsReplaced) {
    auto r = RunImport("third", {"--sheet", (FIXTURES / "sheet.png").string()});
    EXPECT_EQ(r.exitCode, 2) << "no --data";
    r = RunImport("third", {"--frames", (FIXTURES / "frames").string(), "--map", "walk*.png=walk_forward"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err,
              "error: " + (FIXTURES / "frames").string() + ": no .png file matches walk*.png (for walk_forward)\n");
    r = RunImport("third", {"--grid", (FIXTURES / "grid.png").string(), "--frame", "30x48", "--map", "idle=0-3"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("96x96 is not a whole number of 30x48 cells"), std::string::npos) << r.err;
    std::ofstream(root_ / "bad.json") << "{\"frames\": 3}";
    r = RunImport("third", {"--sheet", (FIXTURES / "sheet.png").string(), "--data", (root_ / "bad.json").string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err.rfind("error: " + (root_ / "bad.json").string() + ": frames: expected", 0), 0u) << r.err;

    r = RunImport("third", {"--grid", (FIXTURES / "grid.png").string(), "--frame", "32x48", "--map", "idle=0-3",
                            "--map", "idle=4-4"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("the animation idle is given twice"), std::string::npos) << r.err;
    EXPECT_EQ(RunImport("third", {"--grid", (FIXTURES / "grid.png").string(), "--frame", "32x48", "--map", "idle=0-3",
                                  "--scale", "8"})
                  .exitCode,
              0)
        << "48 x 8 = 384 px is fine";
    fs::remove_all(root_ / "assets" / "third");
    fs::remove_all(root_ / "hotmaps" / "third");
    EXPECT_FALSE(fs::exists(root_ / "assets" / "third")) << "nothing was written before";

    ASSERT_EQ(Aseprite("third", "sheet-hash.json").exitCode, 0);
    const std::string before = ReadBytes(root_ / "assets" / "third" / "fighter.json");
    r = Grid("third");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "error: " + (root_ / "assets" / "third").string() +
                         ": a fighter is here already (use --force to replace it, or --update to import the art "
                         "again and keep its painted hotmaps)\n");
    EXPECT_EQ(ReadBytes(root_ / "assets" / "third" / "fighter.json"), before);
}

}  // namespace
