// `hotmap lint`, `template` and `preview` end to end on the fixture fighter (tests/fixture_fighter.h):
// what an author would run, with the exit codes and the lines they would read.
#include "assets/assets.h"
#include "fixture_fighter.h"
#include "run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace {

std::string ReadBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

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
    EXPECT_EQ(r.out,
              "lint: checking " + root_.string() + "\nlint: 1 fighter(s), 28 frame(s): 0 error(s), 0 warning(s)\n");
}

TEST_F(HotmapTools, LintAcceptsAFighterFolderToo) {
    const auto r = testrun::Run(HOTMAP, {"lint", (root_ / "assets" / "fixture").string()});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("1 fighter(s)"), std::string::npos) << r.out;
}

TEST_F(HotmapTools, LintErrorsExitOne) {
    testpng::WriteFile(Hotmap("hit_00.png"), testpng::EncodeRgba(fixture::W, 10,
                                                                 fixture::Picture(fixture::KEY, fixture::HURT, false,
                                                                                  fixture::HURT, fixture::W, 10)));
    auto r = Lint();
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "error: " + Hotmap("hit_00.png") +
                         ": 16x10, but its sprite is 16x24 (a hotmap is the same size as its sprite)\n");
    EXPECT_NE(r.out.find("1 error(s)"), std::string::npos);

    fs::remove(Hotmap("hit_00.png"));
    testpng::WriteFile(Hotmap("hitt_00.png"),
                       testpng::EncodeRgba(fixture::W, fixture::H,
                                           fixture::Picture(fixture::KEY, fixture::HURT, false, fixture::HURT)));
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
    EXPECT_NE(r.err.find("warning: " + Hotmap("idle_01.png") + ": 1 near-key pixel(s), e.g. FE01FD at 0,0"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("isolated single hot pixel(s), e.g. at 0,0"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("more than 4 px outside the sprite"), std::string::npos)
        << "the stray pixel is also far from the body: " << r.err;

    Paint("idle_01.png", 5, 5, {0xFC, 0x02, 0x00, 0xFF});  // almost attack red, inside the body
    r = Lint();
    EXPECT_NE(r.err.find("1 near-attack pixel(s), e.g. FC0200 at 5,5"), std::string::npos) << r.err;
}

TEST_F(HotmapTools, LintWarnsAboutAttackOnFramesThatAreNotActive) {
    Paint("light_punch_02.png", 5, 5, fixture::HURT, true);
    const auto r = Lint();
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_NE(r.err.find("warning: " + Hotmap("light_punch_02.png") + ": attack pixels on a frame no move has active"),
              std::string::npos)
        << r.err;
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
    EXPECT_EQ(testrun::Run(HOTMAP, {"template", Sprite("idle_00.png"), out, "--force", "--hurt", "FF0000"}).exitCode,
              2);
}

TEST_F(HotmapTools, TemplateTreatsASymlinkAsExistingEvenWhenDangling) {
    // A dangling link: writing through it would create its target. Without --force, nothing is written.
    const fs::path target = root_ / "elsewhere.png", link = root_ / "starter.png";
    fs::create_symlink(target, link);
    auto r = testrun::Run(HOTMAP, {"template", Sprite("idle_00.png"), link.string()});
    EXPECT_EQ(r.exitCode, 1) << r.out;
    EXPECT_EQ(r.err, "error: " + link.string() + ": exists (use --force to overwrite)\n");
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(fs::exists(fs::symlink_status(target))) << "written through the dangling link";
    EXPECT_TRUE(fs::is_symlink(link));

    // A link to an existing file: refused too, the file untouched.
    std::ofstream(target) << "not a png";
    r = testrun::Run(HOTMAP, {"template", Sprite("idle_00.png"), link.string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "error: " + link.string() + ": exists (use --force to overwrite)\n");
    EXPECT_EQ(fs::file_size(target), 9u);
    EXPECT_TRUE(fs::is_symlink(link));
}

TEST_F(HotmapTools, PreviewTintsAttackRedAndHurtBlue) {
    const std::string out = (root_ / "preview.png").string();
    const auto r = testrun::Run(
        HOTMAP, {"preview", Sprite("light_punch_01.png"), Hotmap("light_punch_01.png"), out, "--scale", "2"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto img = assets::LoadPng(out);
    ASSERT_TRUE(img.Ok());
    ASSERT_EQ(img.Value().widthPx, fixture::W * 2);
    auto at = [&](int x, int y) { return img.Value().rgba.data() + (y * img.Value().widthPx + x) * 4; };
    const std::uint8_t* fist = at(13 * 2, 7 * 2);  // attack: red dominates
    EXPECT_GT(fist[0], fist[2] + 60);
    const std::uint8_t* body = at(6 * 2, 2 * 2);  // hurt: blue dominates
    EXPECT_GT(body[2], body[0] + 20);
}

TEST_F(HotmapTools, PreviewContactSheet) {
    // The projectile's frames are smaller than the fighter's (10x10 against 16x24), as real ones are:
    // its row must be as tall as its own frames, with the captions right under them.
    constexpr int ORB = 10;
    auto manifest = fixture::Manifest();
    manifest["animations"]["orb"]["anchor"] = {5, 5};
    fs::remove_all(root_);
    fixture::Write(root_, "fixture", manifest);
    testpng::WriteFile(
        Sprite("orb_00.png"),
        testpng::EncodeRgba(ORB, ORB, fixture::Picture(fixture::CLEAR, fixture::SKIN, false, fixture::SKIN, ORB, ORB)));
    testpng::WriteFile(Hotmap("orb_00.png"), testpng::EncodeRgba(ORB, ORB,
                                                                 fixture::Picture(fixture::KEY, fixture::ATTACK, false,
                                                                                  fixture::ATTACK, ORB, ORB)));

    const std::string out = (root_ / "sheet.png").string();
    const auto r = testrun::Run(HOTMAP, {"preview", "--fighter", (root_ / "assets" / "fixture").string(), out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto loaded = assets::LoadFighter(assets::AssetRoots::Under(root_.string()), "fixture");
    ASSERT_TRUE(loaded.Ok()) << loaded.GetError().ToLine();
    const game::FighterDef& def = loaded.Value().def;
    const auto img = assets::LoadPng(out);
    ASSERT_TRUE(img.Ok()) << img.GetError().ToLine();
    const assets::Image& sheet = img.Value();

    // The layout the help describes (cmd_preview.cpp): a 110 px label column, frame columns as
    // wide as the widest frame, 8 px apart; rows as tall as their own tallest frame, each followed
    // by a 12 px caption band and 8 px of padding, under a 22 px title.
    constexpr int PAD = 8, LABEL_W = 110, CAPTION_H = 12, TITLE_H = 22;
    const int columnW = fixture::W + PAD;
    std::size_t maxFrames = 0;
    int wantH = TITLE_H + PAD;
    for (const auto& anim : def.animations) {
        maxFrames = std::max(maxFrames, anim.frames.size());
        int rowH = 0;
        for (const auto& f : anim.frames) rowH = std::max(rowH, f.heightPx);
        wantH += rowH + CAPTION_H + PAD;
    }
    EXPECT_EQ(sheet.widthPx, LABEL_W + static_cast<int>(maxFrames) * columnW + PAD);
    EXPECT_EQ(sheet.heightPx, wantH);
    ASSERT_GE(sheet.heightPx, wantH) << "the checks below read every row the layout says";

    auto rgb = [&](int x, int y) {
        const std::uint8_t* p = sheet.rgba.data() + (static_cast<std::size_t>(y) * sheet.widthPx + x) * 4;
        return std::array<int, 3>{p[0], p[1], p[2]};
    };
    const std::array<int, 3> background = rgb(sheet.widthPx - 1, sheet.heightPx - 1);
    ASSERT_EQ(background, (std::array<int, 3>{24, 25, 32}));
    auto isBackground = [&](int x, int y) { return rgb(x, y) == background; };
    // Is any pixel of [x0, x1) x [y0, y1) drawn (not background)?
    auto anyDrawn = [&](int x0, int y0, int x1, int y1) {
        for (int y = y0; y < y1; ++y)
            for (int x = x0; x < x1; ++x)
                if (!isBackground(x, y)) return true;
        return false;
    };

    int rowY = TITLE_H;
    bool sawOrb = false;
    for (std::size_t a = 0; a < def.animations.size(); ++a) {
        const auto& anim = def.animations[a];
        int cellH = 0;
        for (const auto& f : anim.frames) cellH = std::max(cellH, f.heightPx);
        EXPECT_TRUE(anyDrawn(PAD, rowY + cellH / 2, PAD + 6 * static_cast<int>(anim.name.size()), rowY + cellH / 2 + 7))
            << anim.name << ": its label beside its row";
        for (std::size_t f = 0; f < anim.frames.size(); ++f) {
            const auto& frame = anim.frames[f];
            const int x = LABEL_W + static_cast<int>(f) * columnW, y = rowY, w = frame.widthPx, h = frame.heightPx;
            const std::string where = anim.name + " frame " + std::to_string(f);
            // The cell itself: drawn edge to edge, its air showing the dark checker square at (0, 0).
            for (int yy = y; yy < y + h; ++yy)
                for (int xx = x; xx < x + w; ++xx)
                    ASSERT_FALSE(isBackground(xx, yy)) << where << " at " << xx << "," << yy;
            EXPECT_EQ(rgb(x, y), (std::array<int, 3>{60, 60, 68})) << where << ": its top-left corner is air";
            // Its hot body where the layout puts it: the orb is attack (red), the fighter hurt (blue).
            const auto body = anim.name == "orb" ? rgb(x + 6, y + 1) : rgb(x + 6, y + 2);
            if (anim.name == "orb") {
                sawOrb = true;
                EXPECT_GT(body[0], body[2] + 60) << where;
            } else {
                EXPECT_GT(body[2], body[0] + 20) << where;
            }
            // Nothing else drawn around it: background to its left, right and top, and below it
            // except the anchor cross, which reaches 3 px past the feet.
            for (int yy = y; yy < y + h; ++yy) {
                EXPECT_TRUE(isBackground(x - 1, yy)) << where << " left edge, y " << yy;
                EXPECT_TRUE(isBackground(x + w, yy)) << where << " right edge, y " << yy;
            }
            EXPECT_FALSE(anyDrawn(x, y - 1, x + w, y)) << where << ": above";
            const int anchorX = x + frame.anchorPx.x;
            EXPECT_FALSE(anyDrawn(x, y + h, anchorX - 3, y + h + 2)) << where << ": just below";
            // The caption right under the cell, then padding down to the next row.
            EXPECT_TRUE(anyDrawn(x, y + h + 2, x + w, y + h + 9)) << where << ": caption under the cell";
            EXPECT_FALSE(anyDrawn(x, y + h + CAPTION_H, x + w, y + h + CAPTION_H + PAD)) << where << ": padding";
        }
        rowY += cellH + CAPTION_H + PAD;
    }
    EXPECT_TRUE(sawOrb);
}

TEST_F(HotmapTools, PreviewBadInputExitsOneWithOneErrorLine) {
    const std::string out = (root_ / "preview.png").string();
    auto expectDataError = [&](const std::vector<std::string>& args, const std::string& wantLine) {
        std::vector<std::string> all{"preview"};
        all.insert(all.end(), args.begin(), args.end());
        const auto r = testrun::Run(HOTMAP, all);
        EXPECT_EQ(r.exitCode, 1) << wantLine;
        EXPECT_EQ(r.out, "") << wantLine;
        EXPECT_EQ(r.err.rfind(wantLine, 0), 0u) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_EQ(r.err.back(), '\n');
    };
    const std::string missing = (root_ / "missing.png").string();
    expectDataError({missing, Hotmap("idle_00.png"), out}, "error: " + missing + ": no such file\n");
    expectDataError({Sprite("idle_00.png"), missing, out}, "error: " + missing + ": no such file\n");
    testpng::WriteFile(Hotmap("hit_00.png"), testpng::EncodeRgba(fixture::W, 10,
                                                                 fixture::Picture(fixture::KEY, fixture::HURT, false,
                                                                                  fixture::HURT, fixture::W, 10)));
    expectDataError({Sprite("hit_00.png"), Hotmap("hit_00.png"), out},
                    "error: " + Hotmap("hit_00.png") + ": 16x10, but its sprite is 16x24\n");
    const std::string unwritable = (root_ / "no-such-folder" / "out.png").string();
    expectDataError({Sprite("idle_00.png"), Hotmap("idle_00.png"), unwritable}, "error: " + unwritable + ": ");
    expectDataError({"--fighter", (root_ / "nowhere").string(), out},
                    "error: " + (root_ / "nowhere").string() + ": no such folder\n");
    std::ofstream(Sprite("fighter.json")) << "{ \"name\": ";
    expectDataError({"--fighter", (root_ / "assets" / "fixture").string(), out},
                    "error: " + Sprite("fighter.json") + ": JSON parse error at line 1");
    EXPECT_FALSE(fs::exists(out)) << "no picture after an error";
}

TEST_F(HotmapTools, PreviewBadUsageExitsTwo) {
    const std::string out = (root_ / "preview.png").string();
    const std::string sprite = Sprite("idle_00.png"), hotmap = Hotmap("idle_00.png");
    // 600 px wide at --scale 16 would be 9600 px: over the 8192 px limit, refused before drawing.
    const std::string wideSprite = (root_ / "wide.png").string(), wideHotmap = (root_ / "wide_hot.png").string();
    testpng::WriteFile(wideSprite, testpng::EncodeRgba(600, 1, std::vector<std::uint8_t>(600 * 4, 255)));
    testpng::WriteFile(wideHotmap, testpng::EncodeRgba(600, 1, std::vector<std::uint8_t>(600 * 4, 255)));
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{}, "expected SPRITE.png HOTMAP.png OUT.png"},
        {{sprite, hotmap}, "expected SPRITE.png HOTMAP.png OUT.png"},
        {{sprite, hotmap, out, out}, "expected SPRITE.png HOTMAP.png OUT.png"},
        {{sprite, hotmap, out, "--scale", "0"}, "--scale wants a whole number 1-16"},
        {{sprite, hotmap, out, "--scale", "17"}, "--scale wants a whole number 1-16"},
        {{sprite, hotmap, out, "--scale", "2x"}, "--scale wants a whole number 1-16"},
        {{sprite, hotmap, out, "--scale"}, "--scale wants a whole number 1-16"},
        {{sprite, hotmap, out, "--bogus"}, "unknown option --bogus"},
        {{sprite, hotmap, out, "-s"}, "unknown option -s"},
        {{"--fighter"}, "--fighter needs a folder"},
        {{"--fighter", (root_ / "assets" / "fixture").string()}, "--fighter DIR takes one OUT.png"},
        {{"--fighter", (root_ / "assets" / "fixture").string(), out, sprite}, "--fighter DIR takes one OUT.png"},
        {{wideSprite, wideHotmap, out, "--scale", "16"},
         "--scale 16 makes a 9600x16 picture, over the limit of 8192 px a side"},
        // Never over its own inputs: the sprite, the hotmap (also by another name), the frames' folder.
        {{sprite, hotmap, sprite}, "OUT.png " + sprite + " is the sprite itself"},
        {{sprite, hotmap, (root_ / "hotmaps" / "fixture" / ".." / "fixture" / "idle_00.png").string()},
         "OUT.png " + (root_ / "hotmaps" / "fixture" / ".." / "fixture" / "idle_00.png").string() +
             " is the hotmap itself"},
        {{"--fighter", (root_ / "assets" / "fixture").string(), Sprite("sheet.png")},
         "OUT.png " + Sprite("sheet.png") + " would land among the fighter's own frames"},
    };
    const auto spriteBytes = ReadBytes(sprite), hotmapBytes = ReadBytes(hotmap);
    for (const auto& [args, message] : cases) {
        std::vector<std::string> all{"preview"};
        all.insert(all.end(), args.begin(), args.end());
        const auto r = testrun::Run(HOTMAP, all);
        EXPECT_EQ(r.exitCode, 2) << message << ": " << r.err;
        EXPECT_EQ(r.out, "") << message;
        EXPECT_EQ(r.err.rfind("hotmap preview: " + message, 0), 0u) << r.err;
        EXPECT_NE(r.err.find("usage: hotmap preview"), std::string::npos) << r.err;
    }
    EXPECT_FALSE(fs::exists(out)) << "no picture after a usage error";
    EXPECT_FALSE(fs::exists(Sprite("sheet.png")));
    EXPECT_EQ(ReadBytes(sprite), spriteBytes) << "the sprite is untouched";
    EXPECT_EQ(ReadBytes(hotmap), hotmapBytes) << "the hotmap is untouched";
    EXPECT_EQ(testrun::Run(HOTMAP, {"preview", wideSprite, wideHotmap, out, "--scale", "13"}).exitCode, 0)
        << "7800 px is within the limit";
}

// ---- issue 17: the traps of art made elsewhere ------------------------------------------------------

// A sprite like imported art: the fixture's body, a 60 % shadow under it, a column of alpha-1 pixels.
std::vector<std::uint8_t> ShadowedSprite() {
    auto px = fixture::Picture(fixture::CLEAR, fixture::SKIN, false, fixture::SKIN);
    for (int y = 0; y < fixture::H; ++y) px[(y * fixture::W + 1) * 4 + 3] = 1;  // column x = 1, alpha 1
    for (int x = 0; x < fixture::W; ++x) {
        const int y = fixture::H - 1;  // the shadow's row, across the whole width
        if (x >= 4 && x < 12) continue;
        px[(y * fixture::W + x) * 4 + 3] = 153;
    }
    for (int x = 12; x < fixture::W; ++x) px[((fixture::H - 1) * fixture::W + x) * 4 + 3] = 100;
    return px;
}

TEST_F(HotmapTools, TemplateLeavesPixelsFainterThanAlphaMinAsAir) {
    const std::string sprite = (root_ / "shadowed.png").string(), out = (root_ / "starter.png").string();
    testpng::WriteFile(sprite, testpng::EncodeRgba(fixture::W, fixture::H, ShadowedSprite()));
    auto r = testrun::Run(HOTMAP, {"template", sprite, out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    auto masks = collide::BuildHotMasks(assets::LoadPng(out).Value().View());
    EXPECT_FALSE(masks.hurt.Get(1, 5)) << "alpha 1 is not body";
    EXPECT_FALSE(masks.hurt.Get(13, fixture::H - 1)) << "a 40 % shadow is not body";
    EXPECT_TRUE(masks.hurt.Get(2, fixture::H - 1)) << "alpha 153 is at least the default 128";
    EXPECT_TRUE(masks.hurt.Get(5, 5));
    r = testrun::Run(HOTMAP, {"template", sprite, out, "--force", "--alpha-min", "200"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    masks = collide::BuildHotMasks(assets::LoadPng(out).Value().View());
    EXPECT_FALSE(masks.hurt.Get(2, fixture::H - 1)) << "153 < 200";
    EXPECT_EQ(masks.hurt.Bounds(), (collide::Rect{4, 0, 8, 24}));
    EXPECT_EQ(testrun::Run(HOTMAP, {"template", sprite, out, "--force", "--alpha-min", "0"}).exitCode, 2);
    EXPECT_NE(testrun::Run(HOTMAP, {"template", "--help"}).out.find("--alpha-min N       1-255, default 128"),
              std::string::npos);
}

TEST_F(HotmapTools, TemplateSpriteKeyMakesTheBackgroundAir) {
    auto px = fixture::Picture(fixture::KEY, fixture::SKIN, false, fixture::SKIN);  // opaque, FF00FF around
    const std::string sprite = (root_ / "keyed.png").string(), out = (root_ / "starter.png").string();
    testpng::WriteFile(sprite, testpng::EncodeRgba(fixture::W, fixture::H, px));
    auto r = testrun::Run(HOTMAP, {"template", sprite, out, "--sprite-key", "FF00FF"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(collide::BuildHotMasks(assets::LoadPng(out).Value().View()).hurt.Bounds(), (collide::Rect{4, 0, 8, 24}));
    EXPECT_EQ(testrun::Run(HOTMAP, {"template", sprite, out, "--force", "--sprite-key", "pink"}).exitCode, 2);
}

TEST_F(HotmapTools, LintWarnsAboutHurtOverFaintSpritePixels) {
    testpng::WriteFile(Sprite("idle_02.png"), testpng::EncodeRgba(fixture::W, fixture::H, ShadowedSprite()));
    // The hotmap an alpha-blind template made: every non-zero alpha is hurt.
    auto hot = ShadowedSprite();
    for (std::size_t i = 0; i < hot.size(); i += 4) {
        const bool air = hot[i + 3] == 0;
        hot[i] = air ? 255 : 40, hot[i + 1] = air ? 0 : 80, hot[i + 2] = air ? 255 : 220, hot[i + 3] = 255;
    }
    testpng::WriteFile(Hotmap("idle_02.png"), testpng::EncodeRgba(fixture::W, fixture::H, hot));
    const auto r = Lint();
    EXPECT_EQ(r.exitCode, 0) << r.err;
    // Column 1 (23 pixels above the shadow) and the shadow's 4 pixels of alpha 100; the 153 ones
    // are visible enough.
    EXPECT_NE(r.err.find("warning: " + Hotmap("idle_02.png") +
                         ": 27 hurt pixel(s) over sprite pixels fainter than alpha 128, e.g. at 1,0 (alpha 1)"),
              std::string::npos)
        << r.err;
}

TEST_F(HotmapTools, LintWarnsAboutSpritesWithNoTransparency) {
    testpng::WriteFile(Sprite("win_01.png"),
                       testpng::EncodeRgba(fixture::W, fixture::H,
                                           fixture::Picture(fixture::KEY, fixture::SKIN, false, fixture::SKIN)));
    const auto r = Lint();
    EXPECT_NE(r.err.find("warning: " + Sprite("win_01.png") + ": no transparent pixel: a colour-keyed sprite?"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("--sprite-key FF00FF"), std::string::npos) << r.err;
}

TEST_F(HotmapTools, LintReportsEveryErrorOfAFighterInOneRun) {
    // Four mistakes: a hotmap of the wrong size, a sprite that is not a PNG, an active frame with no
    // attack, a hotmap that pairs with nothing.
    testpng::WriteFile(Hotmap("hit_00.png"), testpng::EncodeRgba(fixture::W, 10,
                                                                 fixture::Picture(fixture::KEY, fixture::HURT, false,
                                                                                  fixture::HURT, fixture::W, 10)));
    std::ofstream(Sprite("jump_01.png")) << "not a png";
    Paint("light_punch_01.png", 5, 5, fixture::HURT);
    testpng::WriteFile(Hotmap("hitt_00.png"),
                       testpng::EncodeRgba(fixture::W, fixture::H,
                                           fixture::Picture(fixture::KEY, fixture::HURT, false, fixture::HURT)));
    const auto r = Lint();
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("error: " + Hotmap("hit_00.png") + ": 16x10"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("error: " + Sprite("jump_01.png") + ":"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("error: " + Hotmap("light_punch_01.png") + ": an active frame"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("error: " + Hotmap("hitt_00.png") + ": pairs with no frame"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("lint: 1 fighter(s), 28 frame(s): 4 error(s)"), std::string::npos)
        << "the frames of the fighter it failed on count: " << r.out;
}

TEST_F(HotmapTools, LintCountsTheFramesOfAFighterWhoseManifestBreaksARule) {
    auto m = fixture::Manifest();
    m["moves"]["light_punch"]["active"] = {1, 3};  // light_punch has frames 0-2
    std::ofstream(Sprite("fighter.json")) << m.dump(2);
    const auto r = Lint();
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("moves.light_punch.active: frame 3 does not exist"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("lint: 1 fighter(s), 28 frame(s): 1 error(s)"), std::string::npos) << r.out;
}

TEST_F(HotmapTools, LintCapsEachKindOfLine) {
    // Every sprite keyed instead of transparent: 28 warnings of one kind, 10 shown.
    for (const auto& entry : fs::directory_iterator(root_ / "assets" / "fixture")) {
        if (entry.path().extension() != ".png") continue;
        testpng::WriteFile(entry.path().string(),
                           testpng::EncodeRgba(fixture::W, fixture::H,
                                               fixture::Picture(fixture::KEY, fixture::SKIN, false, fixture::SKIN)));
    }
    const auto r = Lint();
    std::size_t shown = 0;
    for (std::size_t at = 0; (at = r.err.find("no transparent pixel", at)) != std::string::npos; ++at) ++shown;
    EXPECT_EQ(shown, 10u) << r.err;
    EXPECT_NE(r.err.find("lint: fixture: 18 more line(s)"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("28 warning(s)"), std::string::npos) << r.out;
}

TEST_F(HotmapTools, LintNamesTheMissingHotmapBeforeTheAttackRule) {
    fs::remove_all(root_ / "hotmaps");
    const auto r = Lint();
    EXPECT_EQ(r.exitCode, 1);
    const std::string first = r.err.substr(0, r.err.find('\n'));
    EXPECT_EQ(first.rfind("error: " + Hotmap("light_punch_01.png") + ": no such file: an active frame", 0), 0u)
        << r.err;
    EXPECT_EQ(r.err.find("error: " + Sprite("light_punch_01.png")), std::string::npos)
        << "the sprite is not the mistake: " << r.err;
}

TEST_F(HotmapTools, LintNamesStrayFilesAndWhatTheyProbablyMeant) {
    const auto png = testpng::EncodeRgba(fixture::W, fixture::H,
                                         fixture::Picture(fixture::KEY, fixture::HURT, false, fixture::HURT));
    std::ofstream(Hotmap("idle_01.jpg")) << "jpeg bytes";
    testpng::WriteFile(Hotmap("Idle_03.png"), png);
    const auto r = Lint();
    EXPECT_NE(r.err.find("warning: " + Hotmap("idle_01.jpg") + ": pairs with nothing"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("ignores this file (did you mean idle_01.png?)"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("error: " + Hotmap("Idle_03.png") + ": pairs with no frame"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("(did you mean idle_03.png?)"), std::string::npos) << r.err;
}

TEST_F(HotmapTools, LintFlagsAntiAliasingAgainstAirOrAttack) {
    // A 50 % blend of the hurt colour (28, 50, DC) with FF00FF on the body's edge, then with FF0000
    // beside the fist.
    Paint("idle_01.png", 4, 10, {0x94, 0x28, 0xEE, 0xFF});
    auto r = Lint();
    EXPECT_NE(r.err.find("warning: " + Hotmap("idle_01.png") +
                         ": 1 edge pixel(s) blended from a hurt colour towards FF00FF (air), e.g. 9428EE at 4,10"),
              std::string::npos)
        << r.err;
    Paint("idle_01.png", 11, 7, {0x94, 0x28, 0x6E, 0xFF}, true);
    r = Lint();
    EXPECT_NE(r.err.find("towards FF0000 (attack), e.g. 94286E at 11,7"), std::string::npos) << r.err;
    // Two hurt colours blended together are fine: any hurt colour is hurt.
    Paint("idle_01.png", 4, 10, {0x78, 0x73, 0xA5, 0xFF});  // half 2850DC, half C8966E
    r = Lint();
    EXPECT_EQ(r.err.find("blended"), std::string::npos) << r.err;
}

TEST_F(HotmapTools, TemplateDirDoesAWholeFighterAndKeepsPaintedHotmaps) {
    fs::remove_all(root_ / "hotmaps");
    auto r = testrun::Run(HOTMAP, {"template", (root_ / "assets" / "fixture").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, "template: wrote 28 hotmap(s), kept 0 already there\n");
    EXPECT_TRUE(fs::exists(Hotmap("orb_00.png")));
    Paint("light_punch_01.png", 5, 5, fixture::HURT, true);  // painted by the author
    const std::string painted = ReadBytes(Hotmap("light_punch_01.png"));
    r = testrun::Run(HOTMAP, {"template", "--fighter", root_.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, "template: wrote 0 hotmap(s), kept 28 already there (--force to overwrite)\n");
    EXPECT_EQ(ReadBytes(Hotmap("light_punch_01.png")), painted);
    r = testrun::Run(HOTMAP, {"template", root_.string(), "--force"});
    EXPECT_EQ(r.out, "template: wrote 28 hotmap(s), kept 0 already there\n");
    EXPECT_NE(ReadBytes(Hotmap("light_punch_01.png")), painted);
}

TEST_F(HotmapTools, LintVerboseShowsCreditsAndLicense) {
    auto m = fixture::Manifest();
    m["credits"] = "Ana Artist (opengameart.org)";
    m["license"] = "CC-BY 4.0";
    std::ofstream(Sprite("fighter.json")) << m.dump(2);
    const auto r = Lint({"--verbose"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("lint: fixture: \"Fixture\", credits: Ana Artist (opengameart.org), license: CC-BY 4.0"),
              std::string::npos)
        << r.out;
}

TEST_F(HotmapTools, AFighterLevelAnchorServesAnimationsWithoutOne) {
    auto m = fixture::Manifest();
    for (auto& [name, anim] : m["animations"].items()) anim.erase("anchor");
    std::ofstream(Sprite("fighter.json")) << m.dump(2);
    auto r = Lint();
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("anchor: missing (give it here, or a fighter-level \"anchor\""), std::string::npos) << r.err;
    m["anchor"] = {8, 23};
    std::ofstream(Sprite("fighter.json")) << m.dump(2);
    r = Lint();
    EXPECT_EQ(r.exitCode, 0) << r.err;
}

// ---- issue 38: lint's warnings say the fix ---------------------------------------------------------

TEST_F(HotmapTools, LintGivesTheFixForAttackPixelsNoMoveUses) {
    // A second striking frame next to the move's active one: widen it.
    Paint("light_punch_02.png", 5, 5, fixture::HURT, true);
    // An animation that strikes and that no move plays: the stub to add.
    auto m = fixture::Manifest();
    m["animations"]["heavy_kick"] = {
        {"loop", false}, {"anchor", {8, 23}}, {"frames", {{{"ticks", 5}}, {{"ticks", 7}}}}};
    std::ofstream(Sprite("fighter.json")) << m.dump(2);
    for (const char* file : {"heavy_kick_00.png", "heavy_kick_01.png"}) {
        const bool fist = std::string(file) == "heavy_kick_01.png";
        testpng::WriteFile(Sprite(file),
                           testpng::EncodeRgba(fixture::W, fixture::H,
                                               fixture::Picture(fixture::CLEAR, fixture::SKIN, fist, fixture::SKIN)));
        testpng::WriteFile(Hotmap(file),
                           testpng::EncodeRgba(fixture::W, fixture::H,
                                               fixture::Picture(fixture::KEY, fixture::HURT, fist, fixture::ATTACK)));
    }
    // Red on a required animation: no move can play it.
    Paint("win_00.png", 5, 5, fixture::HURT, true);
    const auto r = Lint();
    EXPECT_EQ(r.exitCode, 0) << r.err;
    const std::string unused = ": attack pixels on a frame no move has active: the game ignores them; ";
    EXPECT_NE(
        r.err.find("warning: " + Hotmap("light_punch_02.png") + unused + "widen moves.light_punch.active to [1, 2]\n"),
        std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("warning: " + Hotmap("heavy_kick_01.png") + unused +
                         "add to fighter.json's \"moves\": \"heavy_kick\": {\"animation\": \"heavy_kick\", "
                         "\"button\": \"kick\", \"stance\": \"stand\", \"damage\": 90, \"hitstun\": 14, "
                         "\"blockstun\": 10, \"hitstop\": 6, \"knockback\": 3.0, \"active\": [1, 1], \"height\": "
                         "\"mid\"} (hotmap moves " +
                         (root_ / "assets" / "fixture").string() + " --suggest adds it)\n"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("warning: " + Hotmap("win_00.png") + unused +
                         "erase them: win is played by no move (and cannot be)\n"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.out.find("0 error(s), 3 warning(s)"), std::string::npos) << "each said once: " << r.out << r.err;
}

TEST_F(HotmapTools, LintWarnsAboutAFighterWithNoMoves) {
    auto m = fixture::Manifest();
    m["moves"] = nlohmann::ordered_json::object();
    std::ofstream(Sprite("fighter.json")) << m.dump(2);
    const auto r = Lint();
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("warning: " + Sprite("fighter.json") +
                         ": no moves: the fighter cannot attack; paint FF0000 where its frames strike (in their "
                         "hotmaps), then hotmap moves " +
                         (root_ / "assets" / "fixture").string() + " --suggest\n"),
              std::string::npos)
        << r.err;
}

TEST_F(HotmapTools, LintWarnsAboutAProjectileWithoutItsOwnAnchorOrThatDoesNotLoop) {
    auto m = fixture::Manifest();
    m["anchor"] = {8, 23};
    m["animations"]["orb"].erase("anchor");
    m["animations"]["orb"]["loop"] = false;
    std::ofstream(Sprite("fighter.json")) << m.dump(2);
    const auto r = Lint();
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("warning: " + Sprite("fighter.json") +
                         ": animations.orb (moves.special's projectile) has no anchor of its own: it takes the "
                         "fighter's [8, 23] and flies that far off its spawn point; give it its centre: \"anchor\": "
                         "[8, 12] (or hotmap import --anchor orb=X,Y)\n"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("warning: " + Sprite("fighter.json") +
                         ": animations.orb.loop is false: the projectile (moves.special) stops on its last frame "
                         "while it flies; set \"loop\": true\n"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.out.find("0 error(s), 2 warning(s)"), std::string::npos) << r.out;
}

TEST_F(HotmapTools, LintFindsEmptyFramesAndBakedShadows) {
    testpng::WriteFile(
        Sprite("win_01.png"),
        testpng::EncodeRgba(fixture::W, fixture::H, std::vector<std::uint8_t>(fixture::W * fixture::H * 4, 0)));
    // A shadow of alpha 128-131 beside the body on rows 16-23, made hurt by a starter: 64 px.
    auto sprite = fixture::Picture(fixture::CLEAR, fixture::SKIN, false, fixture::SKIN);
    auto hot = fixture::Picture(fixture::KEY, fixture::HURT, false, fixture::HURT);
    for (int y = 16; y < fixture::H; ++y)
        for (int x = 0; x < fixture::W; ++x) {
            if (x >= 4 && x < 12) continue;
            const std::size_t i = (static_cast<std::size_t>(y) * fixture::W + x) * 4;
            sprite[i] = sprite[i + 1] = sprite[i + 2] = 0, sprite[i + 3] = static_cast<std::uint8_t>(128 + x % 4);
            std::copy_n(&fixture::HURT.r, 4, hot.begin() + static_cast<std::ptrdiff_t>(i));
        }
    testpng::WriteFile(Sprite("idle_02.png"), testpng::EncodeRgba(fixture::W, fixture::H, sprite));
    testpng::WriteFile(Hotmap("idle_02.png"), testpng::EncodeRgba(fixture::W, fixture::H, hot));
    auto r = Lint();
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("warning: " + Sprite("win_01.png") +
                         ": an empty frame: every pixel is transparent (an empty cell of the sheet?); map cells that "
                         "hold art (hotmap import --map), or draw it\n"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("warning: " + Hotmap("idle_02.png") +
                         ": looks like a baked shadow: 64 px at alpha 128-131 counted as body; raise --alpha-min above "
                         "131 (hotmap import --update, hotmap template --force) or erase it from the hotmap\n"),
              std::string::npos)
        << r.err;
    // The band follows --alpha-min: from 100, these are no shadow (100-116 holds none of them).
    r = Lint({"--alpha-min", "100"});
    EXPECT_EQ(r.err.find("baked shadow"), std::string::npos) << r.err;
    EXPECT_EQ(Lint({"--alpha-min", "0"}).exitCode, 2);
}

TEST_F(HotmapTools, HelpEverywhere) {
    for (const char* cmd : {"lint", "template", "preview", "collide", "import", "moves", "framedata"}) {
        const auto r = testrun::Run(HOTMAP, {cmd, "--help"});
        EXPECT_EQ(r.exitCode, 0) << cmd;
        EXPECT_NE(r.out.find(std::string("usage: hotmap ") + cmd), std::string::npos) << cmd;
    }
}

}  // namespace

namespace {

// The programs find a project by one rule (assets/project.h): --assets, the current folder, the
// installed data beside the program; never the source tree they were built from.
TEST(ProjectRule, LintWithNoFolderChecksTheCurrentOneAndSaysSo) {
    const auto project = testrun::FreshDir("rule_project");
    fixture::Write(project, "fixture");
    const auto r = testrun::Run(
        "/bin/sh", {"-c", "cd " + testrun::Quote(project.string()) + " && " + testrun::Quote(HOTMAP) + " lint"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.rfind("lint: checking .\n", 0), 0u) << r.out;
    EXPECT_NE(r.out.find("1 fighter(s)"), std::string::npos) << r.out;
    std::filesystem::remove_all(project);
}

TEST(ProjectRule, LintWithNoProjectAnywhereIsAnErrorNamingTheFolder) {
    const auto empty = testrun::FreshDir("rule_empty");
    const auto r = testrun::Run(
        "/bin/sh", {"-c", "cd " + testrun::Quote(empty.string()) + " && " + testrun::Quote(HOTMAP) + " lint"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err.rfind("error: " + std::filesystem::canonical(empty).string() + ": no project here", 0), 0u)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.out.find("0 error(s)"), std::string::npos) << "no silent lint of another folder: " << r.out;
    std::filesystem::remove_all(empty);
}

TEST(ProjectRule, BothProgramsTellTheirVersion) {
    const auto h = testrun::Run(HOTMAP, {"--version"});
    EXPECT_EQ(h.exitCode, 0);
    EXPECT_EQ(h.out.rfind("hotmap ", 0), 0u) << h.out;
}

}  // namespace
