// brawl end to end, headless, on a project of two fixture fighters (tests/fixture_fighter.h): the
// JSON line, determinism, --record/--replay, the overlay's colliding pixels in a screenshot at a
// scripted contact, bad assets, no display, and hot reload while it runs.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <thread>

#include "assets/assets.h"
#include "fixture_fighter.h"
#include "game/game.h"
#include "run_command.h"

namespace {

namespace fs = std::filesystem;
const std::string BRAWL = BRAWL_EXE;

std::string JsonField(const std::string& json, const std::string& key) {
    const std::regex re("\"" + key + "\": (\"[^\"]*\"|\\[[^\\]]*\\]|[a-z0-9.-]+)");
    std::smatch m;
    return std::regex_search(json, m, re) ? m[1].str() : "";
}

class Brawl : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = testrun::FreshDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        fixture::Write(root_, "alpha");
        fixture::Write(root_, "beta");
    }
    void TearDown() override { fs::remove_all(root_); }
    testrun::Output Run(std::vector<std::string> args) {
        args.insert(args.end(), {"--assets", root_.string()});
        return testrun::Run(BRAWL, args);
    }
    fs::path root_;
};

TEST_F(Brawl, HeadlessPrintsOneJsonLine) {
    const auto r = Run({"--headless", "--frames", "300", "--p1", "cpu", "--p2", "cpu", "--seed", "9"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    EXPECT_EQ(JsonField(r.out, "frames"), "300");
    EXPECT_TRUE(std::regex_match(JsonField(r.out, "hash"), std::regex("\"[0-9a-f]{16}\""))) << r.out;
    EXPECT_FALSE(JsonField(r.out, "health").empty());
    EXPECT_FALSE(JsonField(r.out, "hits").empty());
    EXPECT_EQ(JsonField(r.out, "winner"), "null");
    EXPECT_NE(r.err.find("loaded 2 fighters"), std::string::npos) << "the load time is reported: " << r.err;
}

TEST_F(Brawl, SameSeedSameHash) {
    const std::vector<std::string> args{"--headless", "--frames", "2000", "--p1", "cpu", "--p2", "cpu", "--level", "3"};
    auto withSeed = [&](const char* seed) {
        auto a = args;
        a.insert(a.end(), {"--seed", seed});
        return JsonField(Run(a).out, "hash");
    };
    EXPECT_EQ(withSeed("4"), withSeed("4"));
    EXPECT_NE(withSeed("4"), withSeed("5"));
}

TEST_F(Brawl, RecordThenReplayGivesTheRecordedHash) {
    const std::string replay = (root_ / "match.replay").string();
    const auto rec = Run({"--headless", "--frames", "1500", "--p1", "cpu", "--p2", "cpu", "--seed", "21", "--record", replay});
    ASSERT_EQ(rec.exitCode, 0) << rec.err;
    const auto play = Run({"--headless", "--replay", replay});
    ASSERT_EQ(play.exitCode, 0) << play.err;
    EXPECT_EQ(JsonField(play.out, "hash"), JsonField(rec.out, "hash"));
    EXPECT_EQ(JsonField(play.out, "replay_hash_matches"), "true");
    std::ofstream(replay) << "hotmap-brawl-replay 1\nfighters alpha beta\nticks 5\n2 R -\n";
    const auto bad = Run({"--headless", "--replay", replay});
    EXPECT_EQ(bad.exitCode, 1);
    EXPECT_EQ(bad.err.rfind("error: " + replay + ": line", 0), 0u) << bad.err;
}

TEST_F(Brawl, ScreenshotShowsTheCollidingPixelsOfAScriptedContact) {
    // In process: P1 walks right and punches P2 (standing still); find the first contact's tick.
    auto a = assets::LoadFighter(assets::AssetRoots::Under(root_.string()), "alpha");
    auto b = assets::LoadFighter(assets::AssetRoots::Under(root_.string()), "beta");
    ASSERT_TRUE(a.Ok() && b.Ok());
    const game::MatchDefs defs{{&a.Value().def, &b.Value().def}};
    game::MatchConfig config;
    config.controllers = {game::Controller::Human, game::Controller::Human};
    config.seed = 1;
    game::MatchState s = game::NewMatch(defs, config);
    game::DebugRecord debug;
    game::Replay replay;
    replay.fighterIds = {"alpha", "beta"};
    replay.config = config;
    std::vector<collide::Point> pixels;
    for (int t = 0; t < 2000 && pixels.empty(); ++t) {
        const bool close = game::ToPx(s.fighters[1].xSubpx) - game::ToPx(s.fighters[0].xSubpx) <= 10;
        const game::Inputs in{game::Input{static_cast<std::uint8_t>(close ? (t % 2 ? game::Input::PUNCH : 0) : game::Input::RIGHT)}, game::Input{}};
        replay.inputs.push_back(in);
        game::StepMatch(defs, s, in, game::StepHooks{&debug, nullptr});
        if (!debug.contacts.empty()) pixels = debug.contacts[0].pixels;
    }
    ASSERT_FALSE(pixels.empty()) << "the script never landed the punch";
    const std::string replayPath = (root_ / "punch.replay").string();
    std::ofstream(replayPath) << game::FormatReplay(replay);
    const std::string shot = (root_ / "shot.png").string();
    const auto r = Run({"--headless", "--replay", replayPath, "--overlay", "--screenshot", shot});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto img = assets::LoadPng(shot);
    ASSERT_TRUE(img.Ok()) << img.GetError().ToLine();
    ASSERT_EQ(img.Value().widthPx, 1280);
    // World pixel (x, y) is window pixels [2x, 2x+2) x [2y, 2y+2) at 1280x720.
    for (const collide::Point p : pixels) {
        const std::uint8_t* px = img.Value().rgba.data() + (static_cast<std::size_t>(2 * p.y + 1) * 1280 + 2 * p.x + 1) * 4;
        EXPECT_EQ((std::array<int, 3>{px[0], px[1], px[2]}), (std::array<int, 3>{0x00, 0xFF, 0x66})) << "at world " << p.x << "," << p.y;
    }
    // Without --overlay the same pixels show the game, not the overlay's colour.
    const auto plain = Run({"--headless", "--replay", replayPath, "--screenshot", shot});
    ASSERT_EQ(plain.exitCode, 0);
    const auto img2 = assets::LoadPng(shot);
    const std::uint8_t* px = img2.Value().rgba.data() + (static_cast<std::size_t>(2 * pixels[0].y + 1) * 1280 + 2 * pixels[0].x + 1) * 4;
    EXPECT_NE((std::array<int, 3>{px[0], px[1], px[2]}), (std::array<int, 3>{0x00, 0xFF, 0x66}));
}

TEST_F(Brawl, BadAssetsGiveOneErrorLine) {
    const std::string hotmap = (root_ / "hotmaps" / "beta" / "idle_01.png").string();
    testpng::WriteFile(hotmap, {'n', 'o', 'p', 'e'});
    const auto r = Run({"--headless", "--frames", "10"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "error: " + hotmap + ": not a PNG: the file does not start with the PNG signature\n");
    EXPECT_EQ(r.out, "");
}

TEST_F(Brawl, UsageAndHelp) {
    EXPECT_EQ(Run({"--headless"}).exitCode, 2) << "--headless needs --frames";
    EXPECT_EQ(Run({"--headless", "--frames", "x"}).exitCode, 2);
    EXPECT_EQ(Run({"--headless", "--frames", "5", "--p1-fighter", "nobody"}).exitCode, 2);
    EXPECT_EQ(Run({"--wat"}).exitCode, 2);
    const auto help = testrun::Run(BRAWL, {"--help"});
    EXPECT_EQ(help.exitCode, 0);
    for (const char* word : {"--headless", "--replay", "--screenshot", "--overlay", "F1"}) EXPECT_NE(help.out.find(word), std::string::npos) << word;
}

TEST_F(Brawl, NoDisplaySaysSoAndNamesHeadless) {
    const auto r = testrun::Run(BRAWL, {"--assets", root_.string()}, "env -u DISPLAY -u WAYLAND_DISPLAY");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("--headless"), std::string::npos) << r.err;
}

// The fighters' combined definition hash, as brawl prints it in "assets_hash".
std::string AssetsHash(const fs::path& root) {
    std::uint64_t h = 0xCBF29CE484222325ull;
    for (const char* id : {"alpha", "beta"}) {
        auto f = assets::LoadFighter(assets::AssetRoots::Under(root.string()), id);
        EXPECT_TRUE(f.Ok());
        h = (h ^ game::HashFighterDef(f.Value().def)) * 0x100000001B3ull;
    }
    char buf[24];
    std::snprintf(buf, sizeof buf, "\"%016llx\"", static_cast<unsigned long long>(h));
    return buf;
}

TEST_F(Brawl, HotReloadPicksUpAGoodFileAndKeepsTheLastGoodOneOverABadOne) {
    const std::string before = AssetsHash(root_);
    const std::string hotmap = (root_ / "hotmaps" / "alpha" / "idle_02.png").string();
    testrun::Output result;
    std::thread run([&] {
        result = Run({"--headless", "--realtime", "--frames", "150", "--reload-ms", "40", "--p1", "cpu", "--p2", "cpu"});
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    testpng::WriteFile(hotmap, {0x89, 'P', 'N', 'G'});  // a half-written file
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    // The good new version: the body one column wider.
    auto px = fixture::Picture(fixture::KEY, fixture::HURT, false, fixture::HURT);
    for (int y = 0; y < fixture::H; ++y) std::copy_n(&fixture::HURT.r, 4, px.begin() + (y * fixture::W + 2) * 4);
    testpng::WriteFile(hotmap, testpng::EncodeRgba(fixture::W, fixture::H, px));
    run.join();
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const std::string after = AssetsHash(root_);
    ASSERT_NE(before, after);
    EXPECT_EQ(JsonField(result.out, "assets_hash"), after) << "the final good version is loaded";
    EXPECT_GE(std::stoi(JsonField(result.out, "reload_errors")), 1) << "the half-written file was refused: " << result.err;
    EXPECT_GE(std::stoi(JsonField(result.out, "reloads")), 1);
    EXPECT_NE(result.err.find("error: " + hotmap + ": "), std::string::npos) << result.err;
}

TEST_F(Brawl, HotReloadUnderFire) {
    // A hotmap rewritten many times while the run reloads it every 20 ms: cut-off writes, garbage,
    // and good versions of different shapes. The run must never crash, must keep a valid fighter
    // the whole time, and must end with the last good version.
    const std::string hotmap = (root_ / "hotmaps" / "beta" / "idle_00.png").string();
    testrun::Output result;
    std::thread run([&] {
        result = Run({"--headless", "--realtime", "--frames", "240", "--reload-ms", "20", "--p1", "cpu", "--p2", "cpu"});
    });
    const auto good = [](int widen) {
        auto px = fixture::Picture(fixture::KEY, fixture::HURT, false, fixture::HURT);
        for (int y = 0; y < fixture::H; ++y)
            for (int x = 4 - widen; x < 4; ++x) std::copy_n(&fixture::HURT.r, 4, px.begin() + (y * fixture::W + x) * 4);
        return testpng::EncodeRgba(fixture::W, fixture::H, px);
    };
    std::this_thread::sleep_for(std::chrono::milliseconds(400));  // loaded first: a bad start is an error, not a reload
    std::mt19937 rng(7);
    for (int k = 0; k < 25; ++k) {
        const auto bytes = good(k % 4);
        testpng::WriteFile(hotmap, std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(rng() % bytes.size())));
        std::this_thread::sleep_for(std::chrono::milliseconds(15));
        std::vector<std::uint8_t> garbage(1 + rng() % 300);
        for (auto& b : garbage) b = static_cast<std::uint8_t>(rng());
        testpng::WriteFile(hotmap, garbage);
        std::this_thread::sleep_for(std::chrono::milliseconds(15));
        testpng::WriteFile(hotmap, bytes);
        std::this_thread::sleep_for(std::chrono::milliseconds(40));
    }
    testpng::WriteFile(hotmap, good(3));
    run.join();
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(JsonField(result.out, "assets_hash"), AssetsHash(root_)) << "the final good version is loaded";
    EXPECT_GE(std::stoi(JsonField(result.out, "reload_errors")), 5) << result.err;
    EXPECT_GE(std::stoi(JsonField(result.out, "reloads")), 5) << result.err;
}

}  // namespace
