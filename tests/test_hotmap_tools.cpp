// `hotmap lint`, `template` and `preview` end to end on the fixture fighter (tests/fixture_fighter.h):
// what an author would run, with the exit codes and the lines they would read.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "assets/assets.h"
#include "fixture_fighter.h"
#include "run_command.h"

namespace {

namespace fs = std::filesystem;
const std::string HOTMAP = HOTMAP_EXE;

class HotmapTools : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = testrun::FreshDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        fixture::Write(root_);
    }
    void TearDown() override { fs::remove_all(root_); }
    std::string Hotmap(const std::string& file) const { return (root_ / "hotmaps" / "fixture" / file).string(); }
    std::string Sprite(const std::string& file) const { return (root_ / "assets" / "fixture" / file).string(); }
    testrun::Output Lint(std::vector<std::string> extra = {}) {
        std::vector<std::string> args{"lint", root_.string()};
        args.insert(args.end(), extra.begin(), extra.end());
        return testrun::Run(HOTMAP, args);
    }
    // A hotmap for `file` where pixel (x, y) of the body is painted `c`.
    void Paint(const std::string& file, int x, int y, fixture::Pixel c, bool fist = false) const {
        auto px = fixture::Picture(fixture::KEY, fixture::HURT, fist, fist ? fixture::ATTACK : fixture::HURT);
        std::copy_n(&c.r, 4, px.begin() + (y * fixture::W + x) * 4);
        testpng::WriteFile(Hotmap(file), testpng::EncodeRgba(fixture::W, fixture::H, px));
    }
    fs::path root_;
};

TEST_F(HotmapTools, LintCleanFighterExitsZero) {
    const auto r = Lint();
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out, "lint: 1 fighter(s), 28 frame(s): 0 error(s), 0 warning(s)\n");
}

TEST_F(HotmapTools, LintAcceptsAFighterFolderToo) {
    const auto r = testrun::Run(HOTMAP, {"lint", (root_ / "assets" / "fixture").string()});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("1 fighter(s)"), std::string::npos) << r.out;
}

TEST_F(HotmapTools, LintErrorsExitOne) {
    testpng::WriteFile(Hotmap("hit_00.png"), testpng::EncodeRgba(fixture::W, 10, fixture::Picture(fixture::KEY, fixture::HURT, false, fixture::HURT, fixture::W, 10)));
    auto r = Lint();
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "error: " + Hotmap("hit_00.png") + ": 16x10, but its sprite is 16x24 (a hotmap is the same size as its sprite)\n");
    EXPECT_NE(r.out.find("1 error(s)"), std::string::npos);

    fs::remove(Hotmap("hit_00.png"));
    testpng::WriteFile(Hotmap("hitt_00.png"), testpng::EncodeRgba(fixture::W, fixture::H, fixture::Picture(fixture::KEY, fixture::HURT, false, fixture::HURT)));
    r = Lint();
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("error: " + Hotmap("hitt_00.png") + ": pairs with no frame"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("warning: " + Hotmap("hit_00.png") + ": no hotmap"), std::string::npos) << r.err;

    std::ofstream(Sprite("fighter.json")) << "{ \"name\": ";
    r = Lint();
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err.rfind("error: " + Sprite("fighter.json") + ": JSON parse error at line 1", 0), 0u) << r.err;
}

TEST_F(HotmapTools, LintWarnsAboutNearKeyColoursAndStrayPixels) {
    Paint("idle_01.png", 0, 0, {0xFE, 0x01, 0xFD, 0xFF});  // anti-aliasing next to the key
    // The sprite draws only the lower half, so the stray pixel at (0, 0) is far from anything drawn.
    auto sprite = fixture::Picture(fixture::CLEAR, fixture::SKIN, false, fixture::SKIN);
    std::fill(sprite.begin(), sprite.begin() + 12 * fixture::W * 4, 0);
    testpng::WriteFile(Sprite("idle_01.png"), testpng::EncodeRgba(fixture::W, fixture::H, sprite));
    auto r = Lint();
    EXPECT_EQ(r.exitCode, 0) << "warnings do not fail";
    EXPECT_NE(r.err.find("warning: " + Hotmap("idle_01.png") + ": 1 near-key pixel(s), e.g. FE01FD at 0,0"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("isolated single hot pixel(s), e.g. at 0,0"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("more than 4 px outside the sprite"), std::string::npos) << "the stray pixel is also far from the body: " << r.err;

    Paint("idle_01.png", 5, 5, {0xFC, 0x02, 0x00, 0xFF});  // almost attack red, inside the body
    r = Lint();
    EXPECT_NE(r.err.find("1 near-attack pixel(s), e.g. FC0200 at 5,5"), std::string::npos) << r.err;
}

TEST_F(HotmapTools, LintWarnsAboutAttackOnFramesThatAreNotActive) {
    Paint("light_punch_02.png", 5, 5, fixture::HURT, true);
    const auto r = Lint();
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_NE(r.err.find("warning: " + Hotmap("light_punch_02.png") + ": attack pixels on a frame no move has active"), std::string::npos) << r.err;
}

TEST_F(HotmapTools, LintOnABadFolder) {
    const auto r = testrun::Run(HOTMAP, {"lint", (root_ / "nowhere").string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "error: " + (root_ / "nowhere").string() + ": no such folder\n");
}

TEST_F(HotmapTools, TemplateMakesAirAndHurtAndNeverOverwritesWithoutForce) {
    const std::string out = (root_ / "starter.png").string();
    auto r = testrun::Run(HOTMAP, {"template", Sprite("idle_00.png"), out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto img = assets::LoadPng(out);
    ASSERT_TRUE(img.Ok());
    const collide::HotMasks masks = collide::BuildHotMasks(img.Value().View());
    EXPECT_EQ(masks.hurt.Bounds(), (collide::Rect{4, 0, 8, 24})) << "the sprite's opaque body";
    EXPECT_TRUE(masks.attack.IsEmpty());
    EXPECT_EQ(img.Value().rgba[0], 0xFF);
    EXPECT_EQ(img.Value().rgba[1], 0x00);
    EXPECT_EQ(img.Value().rgba[2], 0xFF) << "transparent became FF00FF";
    const auto before = fs::last_write_time(out);
    r = testrun::Run(HOTMAP, {"template", Sprite("idle_00.png"), out});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "error: " + out + ": exists (use --force to overwrite)\n");
    EXPECT_EQ(fs::last_write_time(out), before);
    r = testrun::Run(HOTMAP, {"template", Sprite("idle_00.png"), out, "--force"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(testrun::Run(HOTMAP, {"template", Sprite("idle_00.png"), out, "--force", "--hurt", "FF0000"}).exitCode, 2);
}

TEST_F(HotmapTools, PreviewTintsAttackRedAndHurtBlue) {
    const std::string out = (root_ / "preview.png").string();
    const auto r = testrun::Run(HOTMAP, {"preview", Sprite("light_punch_01.png"), Hotmap("light_punch_01.png"), out, "--scale", "2"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto img = assets::LoadPng(out);
    ASSERT_TRUE(img.Ok());
    ASSERT_EQ(img.Value().widthPx, fixture::W * 2);
    auto at = [&](int x, int y) { return img.Value().rgba.data() + (y * img.Value().widthPx + x) * 4; };
    const std::uint8_t* fist = at(13 * 2, 7 * 2);   // attack: red dominates
    EXPECT_GT(fist[0], fist[2] + 60);
    const std::uint8_t* body = at(6 * 2, 2 * 2);    // hurt: blue dominates
    EXPECT_GT(body[2], body[0] + 20);
}

TEST_F(HotmapTools, PreviewContactSheet) {
    const std::string out = (root_ / "sheet.png").string();
    const auto r = testrun::Run(HOTMAP, {"preview", "--fighter", (root_ / "assets" / "fixture").string(), out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto img = assets::LoadPng(out);
    ASSERT_TRUE(img.Ok());
    EXPECT_GT(img.Value().heightPx, 13 * fixture::H) << "one row per animation";
}

TEST_F(HotmapTools, HelpEverywhere) {
    for (const char* cmd : {"lint", "template", "preview", "collide"}) {
        const auto r = testrun::Run(HOTMAP, {cmd, "--help"});
        EXPECT_EQ(r.exitCode, 0) << cmd;
        EXPECT_NE(r.out.find(std::string("usage: hotmap ") + cmd), std::string::npos) << cmd;
    }
}

}  // namespace
