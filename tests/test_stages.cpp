// Stages as data (docs/stages.md): the loader's errors, one line each, on stages the tests draw
// themselves; the camera's bounds by brute force (both fighters on screen at every position and
// every tick of played matches, on stages 640 to 1280 wide); replays with and without a stage line;
// `hotmap lint` on stages; headless runs on each stage (distinct, stable hashes; --stage errors).
#include "assets/stage.h"
#include "game/game.h"
#include "png_writer.h"
#include "render/camera.h"
#include "run_command.h"
#include "synthetic_fighter.h"
#include "wav_writer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

namespace fs = std::filesystem;

namespace {

// A layer of the schema's size: the back one opaque bands, the others half-transparent stripes.
std::vector<std::uint8_t> LayerPng(int widthPx, bool back, int heightPx = 360) {
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(widthPx) * heightPx * 4);
    for (int y = 0; y < heightPx; ++y) {
        for (int x = 0; x < widthPx; ++x) {
            std::uint8_t* p = &rgba[(static_cast<std::size_t>(y) * widthPx + x) * 4];
            p[0] = static_cast<std::uint8_t>(x * 7), p[1] = static_cast<std::uint8_t>(y), p[2] = back ? 90 : 200;
            p[3] = back ? 255 : ((x / 16) % 2 == 0 ? 0 : 160);
        }
    }
    return testpng::EncodeRgba(static_cast<std::uint32_t>(widthPx), static_cast<std::uint32_t>(heightPx), rgba);
}

struct StageSpec {
    std::string id = "wide";
    int widthPx = 960;
    int floorYPx = 334;
    std::array<int, 2> startXPx{390, 570};
    std::vector<double> scrolls{0.0, 0.5, 1.0};
};

// Writes <assetsDir>/stages/<id>/: stage.json, its layers at their exact sizes and a music loop.
fs::path WriteStage(const fs::path& assetsDir, const StageSpec& s) {
    const fs::path dir = assetsDir / "stages" / s.id;
    fs::create_directories(dir);
    nlohmann::ordered_json doc;
    doc["name"] = "Test " + s.id;
    doc["width_px"] = s.widthPx;
    doc["floor_y_px"] = s.floorYPx;
    doc["start_x_px"] = s.startXPx;
    doc["layers"] = nlohmann::json::array();
    for (std::size_t i = 0; i < s.scrolls.size(); ++i) {
        const std::string image = "layer" + std::to_string(i) + ".png";
        doc["layers"].push_back({{"image", image}, {"scroll", s.scrolls[i]}});
        const int w = 640 + static_cast<int>(std::lround(s.scrolls[i] * (s.widthPx - 640)));
        testpng::WriteFile((dir / image).string(), LayerPng(w, i == 0));
    }
    doc["music"] = "music.wav";
    doc["credits"] = "the test";
    doc["license"] = "CC0";
    std::ofstream(dir / "stage.json") << doc.dump(2);
    const auto wav = testwav::Make({});
    std::ofstream(dir / "music.wav", std::ios::binary)
        .write(reinterpret_cast<const char*>(wav.data()), static_cast<std::streamsize>(wav.size()));
    return dir;
}

void WriteText(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

std::vector<std::string> Lines(const std::vector<assets::Error>& errors) {
    std::vector<std::string> out;
    for (const assets::Error& e : errors) out.push_back(e.ToLine());
    return out;
}

// Every problem of stage `id` under `root`, as the lines a program prints.
std::vector<std::string> ProblemsOf(const fs::path& root, const std::string& id) {
    std::vector<assets::Error> every;
    const auto loaded = assets::LoadStage(assets::AssetRoots::Under(root.string()), id, false, &every);
    EXPECT_FALSE(loaded.Ok()) << id << " loaded";
    if (!loaded.Ok()) {
        EXPECT_EQ(loaded.GetError().ToLine(), every.front().ToLine()) << "the first problem is the error";
    }
    return Lines(every);
}

bool AnyContains(const std::vector<std::string>& lines, const std::string& part) {
    for (const std::string& l : lines) {
        if (l.find(part) != std::string::npos) return true;
    }
    return false;
}

}  // namespace

// ---- the loader -----------------------------------------------------------------------------------

TEST(StageLoader, AGoodStageLoadsWhole) {
    const fs::path root = testrun::FreshDir("stage_good");
    WriteStage(root / "assets", {});
    std::vector<assets::Error> every;
    const auto s = assets::LoadStage(assets::AssetRoots::Under(root.string()), "wide", false, &every);
    ASSERT_TRUE(s.Ok()) << s.GetError().ToLine();
    EXPECT_TRUE(every.empty());
    EXPECT_EQ(s.Value().file.widthPx, 960);
    EXPECT_EQ(s.Value().file.startXPx, (std::array<std::int32_t, 2>{390, 570}));
    ASSERT_EQ(s.Value().layers.size(), 3u);
    EXPECT_EQ(s.Value().layers[0].widthPx, 640);
    EXPECT_EQ(s.Value().layers[1].widthPx, 800);
    EXPECT_EQ(s.Value().layers[2].widthPx, 960);
    EXPECT_EQ(s.Value().file.Geometry(), (game::StageGeometry{960, {390, 570}}));
    EXPECT_EQ(assets::ListStages(assets::AssetRoots::Under(root.string())), std::vector<std::string>{"wide"});
}

TEST(StageLoader, EachBrokenFieldIsOneLineNamingTheFileAndTheField) {
    const fs::path root = testrun::FreshDir("stage_fields");
    const fs::path dir = WriteStage(root / "assets", {});
    const std::string file = (dir / "stage.json").string();
    struct Case {
        std::string json;
        std::string expected;  // a part of the line
    };
    const std::string layers =
        R"("layers": [{"image": "layer0.png", "scroll": 0}, {"image": "layer1.png", "scroll": 0.5},
                                              {"image": "layer2.png", "scroll": 1}])";
    const std::string rest = R"("music": "music.wav", "credits": "c", "license": "l")";
    const std::vector<Case> cases = {
        {"{", "JSON"},
        {"[]", "wants a JSON object"},
        {R"({"name": "N", "width_px": 960, "floor_y_px": 334, "start_x_px": [390, 570], )" + layers + ", " + rest +
             R"(, "name": "again"})",
         "name: the key appears twice"},
        {R"({"name": "N", "width_px": 1281, "floor_y_px": 334, "start_x_px": [390, 570], )" + layers + ", " + rest +
             "}",
         "width_px: wants a whole number of px from 640 to 1280, got 1281"},
        {R"({"name": "N", "width_px": 960, "floor_y_px": 351, "start_x_px": [390, 570], )" + layers + ", " + rest + "}",
         "floor_y_px: wants a whole number of px from 200 to 350, got 351"},
        {R"({"name": "N", "width_px": 960, "floor_y_px": 334, "start_x_px": [570, 390], )" + layers + ", " + rest + "}",
         "start_x_px: wants P1 < P2 < width_px (960), got [570, 390]"},
        {R"({"name": "N", "width_px": 960, "floor_y_px": 334, "start_x_px": [100, 900], )" + layers + ", " + rest + "}",
         "start_x_px: the fighters start at most 320 px apart"},
        {R"({"name": "N", "width_px": 960, "floor_y_px": 334, "start_x_px": [390, 570], "layers": [], )" + rest + "}",
         "layers: wants 1 to 3 layers"},
        {R"({"name": "N", "width_px": 960, "floor_y_px": 334, "start_x_px": [390, 570], "layers": [{"image": "layer0.png", "scroll": 0}], )" +
             rest + "}",
         "layers: the last layer (the ground the fighters stand on) must have scroll 1"},
        {R"({"name": "N", "width_px": 960, "floor_y_px": 334, "start_x_px": [390, 570], "layers": [{"image": "../x.png", "scroll": 1}], )" +
             rest + "}",
         "layers[0].image: wants a file name in the stage's folder ending in .png"},
        {R"({"name": "N", "width_px": 960, "floor_y_px": 334, "start_x_px": [390, 570], "layers": [{"image": "layer2.png", "scroll": 1.5}], )" +
             rest + "}",
         "layers[0].scroll: wants a number from 0 to 1, got 1.5"},
        {R"({"name": "N\u0007", "width_px": 960, "floor_y_px": 334, "start_x_px": [390, 570], )" + layers + ", " +
             rest + "}",
         "name: wants 1 to 24 printable ASCII characters"},
        {R"({"width_px": 960, "floor_y_px": 334, "start_x_px": [390, 570], )" + layers + ", " + rest + "}",
         "name: missing"},
        {R"({"name": "N", "width_px": 960, "floor_y_px": 334, "start_x_px": [390, 570], "hotmap": "x.png", )" + layers +
             ", " + rest + "}",
         "hotmap: unknown key"},
    };
    for (const Case& c : cases) {
        WriteText(dir / "stage.json", c.json);
        const std::vector<std::string> lines = ProblemsOf(root, "wide");
        ASSERT_FALSE(lines.empty()) << c.json;
        EXPECT_TRUE(AnyContains(lines, "error: " + file + ": ")) << lines.front();
        EXPECT_TRUE(AnyContains(lines, c.expected)) << c.json << "\n-> " << lines.front();
        for (const std::string& l : lines) EXPECT_EQ(l.find('\n'), std::string::npos) << "one line each";
    }
}

TEST(StageLoader, EveryProblemOfOneDocumentIsReportedAtOnce) {
    const fs::path root = testrun::FreshDir("stage_many");
    const fs::path dir = WriteStage(root / "assets", {});
    WriteText(dir / "stage.json", R"({"name": "", "width_px": 2000, "floor_y_px": 334, "start_x_px": [390, 570],
        "layers": [{"image": "layer2.png", "scroll": 1}], "music": "music.mp3", "credits": "c", "license": "l"})");
    const std::vector<std::string> lines = ProblemsOf(root, "wide");
    EXPECT_EQ(lines.size(), 3u) << "name, width_px and music";
    EXPECT_TRUE(AnyContains(lines, "name: wants 1 to 24"));
    EXPECT_TRUE(AnyContains(lines, "width_px: wants"));
    EXPECT_TRUE(AnyContains(lines, "music: wants a file name in the stage's folder ending in .wav"));
}

TEST(StageLoader, LayersOfTheWrongSizeMissingOrSeeThroughAndMissingMusicAreEachALine) {
    const fs::path root = testrun::FreshDir("stage_files");
    const fs::path dir = WriteStage(root / "assets", {});
    testpng::WriteFile((dir / "layer1.png").string(), LayerPng(801, false));       // 800 wanted
    testpng::WriteFile((dir / "layer2.png").string(), LayerPng(960, false, 359));  // 360 tall wanted
    std::vector<std::uint8_t> rgba(640 * 360 * 4, 255);
    rgba[(10 * 640 + 5) * 4 + 3] = 7;  // one see-through pixel in the back layer
    testpng::WriteFile((dir / "layer0.png").string(), testpng::EncodeRgba(640, 360, rgba));
    fs::remove(dir / "music.wav");
    const std::vector<std::string> lines = ProblemsOf(root, "wide");
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_EQ(lines[0],
              "error: " + (dir / "layer0.png").string() + ": the back layer must be opaque; pixel (5, 10) has alpha 7");
    EXPECT_EQ(lines[1], "error: " + (dir / "layer1.png").string() +
                            ": is 801x360 px; layer 1 (scroll 0.5) of a 960 px wide stage must be 800x360 (640 + "
                            "scroll x (width - 640) wide)");
    EXPECT_TRUE(AnyContains({lines[2]}, (dir / "layer2.png").string() + ": is 960x359 px"));
    EXPECT_TRUE(AnyContains({lines[3]}, (dir / "music.wav").string())) << lines[3];
    fs::remove(dir / "layer1.png");
    EXPECT_TRUE(AnyContains(ProblemsOf(root, "wide"), (dir / "layer1.png").string())) << "a missing layer";
}

TEST(StageLoader, NothingOutsideTheProjectIsRead) {
    const fs::path root = testrun::FreshDir("stage_outside");
    const fs::path elsewhere = testrun::FreshDir("stage_elsewhere");
    const fs::path dir = WriteStage(root / "assets", {});
    fs::rename(dir / "layer0.png", elsewhere / "layer0.png");
    fs::create_symlink(elsewhere / "layer0.png", dir / "layer0.png");
    const std::vector<std::string> lines = ProblemsOf(root, "wide");
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_TRUE(AnyContains(lines, (dir / "layer0.png").string())) << lines[0];
    EXPECT_TRUE(AnyContains(lines, "outside")) << lines[0];
    // Allowed, the same file loads.
    EXPECT_TRUE(assets::LoadStage(assets::AssetRoots::Under(root.string()), "wide", true).Ok());
    // A stage folder linked from outside is refused before anything in it is read.
    const fs::path linked = testrun::FreshDir("stage_linked");
    WriteStage(linked, {"far"});
    fs::create_directory_symlink(linked / "stages" / "far", root / "assets" / "stages" / "far");
    EXPECT_TRUE(AnyContains(ProblemsOf(root, "far"), "outside"));
}

TEST(StageLoader, ABrokenStageNeverBlocksTheOthersAndTheFighterScanSkipsStages) {
    const fs::path root = testrun::FreshDir("stage_scan");
    WriteStage(root / "assets", {"good"});
    WriteStage(root / "assets", {"bad"});
    WriteText(root / "assets" / "stages" / "bad" / "stage.json", "{not json");
    fs::create_directories(root / "assets" / "stages" / "empty");
    fs::create_directories(root / "assets" / "stages" / "Bad Name");
    WriteText(root / "assets" / "stages" / "Bad Name" / "stage.json", "{}");
    // A fighter.json in the stages folder never makes it a fighter.
    WriteText(root / "assets" / "stages" / "fighter.json", "{}");
    fs::create_directories(root / "assets" / "stages" / "good" / "x");
    const assets::AssetRoots roots = assets::AssetRoots::Under(root.string());
    std::vector<assets::Error> skipped;
    const std::vector<std::string> ids = assets::ListStages(roots, &skipped);
    EXPECT_EQ(ids, (std::vector<std::string>{"bad", "good"}));
    const std::vector<std::string> lines = Lines(skipped);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_TRUE(AnyContains(lines, "Bad Name: a stage's folder name is 1 to 32 of a-z, 0-9 and _"));
    EXPECT_TRUE(AnyContains(lines, "empty/stage.json: no such file"));
    EXPECT_FALSE(assets::LoadStage(roots, "bad").Ok());
    EXPECT_TRUE(assets::LoadStage(roots, "good").Ok());
    const auto fighters = assets::ListFighters(roots);
    EXPECT_FALSE(fighters.Ok() && !fighters.Value().empty()) << "stages/ is not a fighter";
}

// ---- the camera ---------------------------------------------------------------------------------

namespace {

// Both fighters' pushboxes inside the view, and the view inside the stage.
::testing::AssertionResult BothOnScreen(const game::MatchDefs& defs, const game::MatchState& s) {
    const render::Camera cam = render::CameraFor(defs, s);
    const std::int32_t width = s.config.stage.widthPx;
    if (cam.xPx < 0 || cam.xPx > width - game::SCREEN_WIDTH_PX)
        return ::testing::AssertionFailure() << "camera " << cam.xPx << " outside the stage " << width;
    for (std::size_t i = 0; i < 2; ++i) {
        const collide::Rect box = game::PushboxOf(*defs.fighters[i], s.fighters[i]);
        if (box.x < cam.xPx || box.Right() > cam.xPx + game::SCREEN_WIDTH_PX)
            return ::testing::AssertionFailure()
                   << "fighter " << i << " at [" << box.x << ", " << box.Right() << ") outside the view [" << cam.xPx
                   << ", " << cam.xPx + game::SCREEN_WIDTH_PX << ") on a " << width << " px stage (tick " << s.tick
                   << ")";
    }
    return ::testing::AssertionSuccess();
}

}  // namespace

// Every pair of positions (7 px apart, with a subpixel) on stages 640 to 1280 wide, fighters of
// even and odd widths walking away from each other: after one tick both are on screen.
TEST(Camera, BothFightersOnScreenAtEveryPositionOnEveryWidth) {
    game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    int checked = 0;
    for (const std::int32_t widthB : {20, 61}) {
        b.pushboxWidthPx = widthB;
        game::MatchDefs defs;
        defs.fighters = {&a, &b};
        for (const std::int32_t width : {640, 641, 800, 960, 1279, 1280}) {
            game::MatchConfig config;
            config.controllers = {game::Controller::Human, game::Controller::Human};
            config.stage = {width, {width / 2 - 90, width / 2 + 90}};
            const game::MatchState start = game::NewMatch(defs, config);
            ASSERT_TRUE(BothOnScreen(defs, start));
            for (std::int32_t x0 = 0; x0 < width; x0 += 7) {
                for (std::int32_t x1 = 0; x1 < width; x1 += 7) {
                    game::MatchState s = start;
                    s.phase = game::Phase::Fight;
                    s.phaseTicks = 0;
                    s.fighters[0].xSubpx = x0 * game::SUBPIXELS_PER_PX + (x0 * 37) % 256;
                    s.fighters[1].xSubpx = x1 * game::SUBPIXELS_PER_PX + (x1 * 91) % 256;
                    // Each walks away from the other.
                    const bool p1Left = x0 <= x1;
                    game::Inputs in{};
                    in[0].bits = p1Left ? game::Input::LEFT : game::Input::RIGHT;
                    in[1].bits = p1Left ? game::Input::RIGHT : game::Input::LEFT;
                    game::StepMatch(defs, s, in);
                    ASSERT_TRUE(BothOnScreen(defs, s)) << "from x " << x0 << " and " << x1;
                    ++checked;
                }
            }
        }
    }
    EXPECT_GT(checked, 100'000);
}

// Whole matches on the widest stage, every tick: the CPU at each level against a side that runs
// away (held back, jumping back now and then), CPU against CPU, and two sides that both run away.
TEST(Camera, BothFightersOnScreenOnEveryTickOfMatchesOnAWideStage) {
    const game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    game::MatchDefs defs;
    defs.fighters = {&a, &b};
    std::int64_t ticks = 0;
    std::int32_t widestApartPx = 0;
    for (std::uint64_t seed = 0; seed <= 6; ++seed) {
        game::MatchConfig config;
        config.seed = seed;
        config.cpuLevel = static_cast<std::int32_t>(1 + seed % 3);
        config.controllers = {seed % 2 ? game::Controller::Human : game::Controller::Cpu, game::Controller::Cpu};
        if (seed == 0) config.controllers = {game::Controller::Human, game::Controller::Human};  // both run away
        config.stage = {1280, {550, 730}};
        game::MatchState s = game::NewMatch(defs, config);
        for (int t = 0; t < 3000 && s.phase != game::Phase::MatchOver; ++t, ++ticks) {
            game::Inputs in{};
            const bool leftOfThem = s.fighters[0].xSubpx <= s.fighters[1].xSubpx;
            in[0].bits = leftOfThem ? game::Input::LEFT : game::Input::RIGHT;
            in[1].bits = leftOfThem ? game::Input::RIGHT : game::Input::LEFT;
            if (t % 40 < 3) in[0].bits |= game::Input::UP;
            game::StepMatch(defs, s, in);
            ASSERT_TRUE(BothOnScreen(defs, s)) << "seed " << seed;
            widestApartPx = std::max(widestApartPx, std::abs(game::ToPx(s.fighters[0].xSubpx - s.fighters[1].xSubpx)));
        }
    }
    EXPECT_GT(ticks, 10'000);
    EXPECT_GT(widestApartPx, 500) << "the runner got far away: the bound was tested, not just met";
}

TEST(Camera, FollowsTheFightersAndTheLayersScrollByTheirFraction) {
    const game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    game::MatchDefs defs;
    defs.fighters = {&a, &b};
    game::MatchConfig config;
    config.stage = {1280, {550, 730}};
    game::MatchState s = game::NewMatch(defs, config);
    // Centred between them: (540 + 740) / 2 - 320 = 320.
    EXPECT_EQ(render::CameraFor(defs, s).xPx, 320);
    s.fighters[0].xSubpx = 20 * 256, s.fighters[1].xSubpx = 200 * 256;
    EXPECT_EQ(render::CameraFor(defs, s).xPx, 0) << "held at the left end";
    s.fighters[0].xSubpx = 1100 * 256, s.fighters[1].xSubpx = 1270 * 256;
    EXPECT_EQ(render::CameraFor(defs, s).xPx, 640) << "held at the right end";
    EXPECT_EQ(render::CameraFor(defs, s, 300).yPx, 300 - game::FLOOR_Y_PX) << "the floor line moves the world";
    EXPECT_EQ(render::LayerScreenX(0.0, 640), 0);
    EXPECT_EQ(render::LayerScreenX(0.5, 640), -320);
    EXPECT_EQ(render::LayerScreenX(0.5, 3), -2) << "round half up";
    EXPECT_EQ(render::LayerScreenX(1.0, 640), -640);
    // A layer's width covers the screen at every camera position: 640 + scroll x (width - 640).
    for (const double scroll : {0.0, 0.25, 0.5, 1.0}) {
        const int layerWidth = assets::LayerWidthPx(scroll, 1280);
        for (int cam = 0; cam <= 640; ++cam) {
            EXPECT_LE(render::LayerScreenX(scroll, cam) + layerWidth, layerWidth);
            EXPECT_GE(render::LayerScreenX(scroll, cam) + layerWidth, 640) << scroll << " at " << cam;
        }
    }
}

// ---- the rules on a stage -----------------------------------------------------------------------

TEST(StageRules, TheWallsAreTheStagesEndsAndTheStartsItsOwn) {
    const game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    game::MatchDefs defs;
    defs.fighters = {&a, &b};
    game::MatchConfig config;
    config.controllers = {game::Controller::Human, game::Controller::Human};
    config.stage = {960, {390, 570}};
    game::MatchState s = game::NewMatch(defs, config);
    EXPECT_EQ(game::ToPx(s.fighters[0].xSubpx), 390);
    EXPECT_EQ(game::ToPx(s.fighters[1].xSubpx), 570);
    // Both walk right for long enough to meet the right wall at 960.
    for (int t = 0; t < 2000; ++t) {
        game::Inputs in{};
        in[0].bits = in[1].bits = game::Input::RIGHT;
        game::StepMatch(defs, s, in);
    }
    EXPECT_EQ(game::PushboxOf(b, s.fighters[1]).Right(), 960 - 1) << "the wall at the stage's end";
    EXPECT_GT(game::ToPx(s.fighters[0].xSubpx), 640) << "well past the screen's width";
    // A different stage is a different match: its config is in the hash.
    game::MatchConfig other = config;
    other.stage.widthPx = 961;
    EXPECT_NE(game::HashState(game::NewMatch(defs, config)), game::HashState(game::NewMatch(defs, other)));
}

// ---- replays --------------------------------------------------------------------------------------

TEST(StageReplay, TheStageLineRoundTripsAndAReplayWithoutOneIsOnTheRooftop) {
    game::Replay r;
    r.fighterIds = {"a", "b"};
    r.stageId = "harbour";
    r.inputs.resize(3);
    const std::string text = game::FormatReplay(r);
    EXPECT_NE(text.find("hotmap-brawl-replay 3\n"), std::string::npos) << text;
    EXPECT_NE(text.find("\nstage harbour\n"), std::string::npos) << text;
    std::string error;
    const auto back = game::ParseReplay(text, error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(back->stageId, "harbour");
    // Format 2 (today's committed replays before this change) has no stage line: the rooftop.
    const std::string v2 = "hotmap-brawl-replay 2\nfighters a b\nsim 4\nseed 1\nticks 1\n1 - -\nend\n";
    const auto old = game::ParseReplay(v2, error);
    ASSERT_TRUE(old) << error;
    EXPECT_EQ(old->stageId, "rooftop");
    // Format 3 without one is the rooftop too.
    const auto none = game::ParseReplay("hotmap-brawl-replay 3\nfighters a b\nsim 5\nticks 0\nend\n", error);
    ASSERT_TRUE(none) << error;
    EXPECT_EQ(none->stageId, "rooftop");
    // A stage line that is not a stage id (a path, two words, twice) names its line.
    for (const auto& [bad, line] : {std::pair{"stage ../etc", "line 4"}, std::pair{"stage a b", "line 4"},
                                    std::pair{"stage Harbour", "line 4"}, std::pair{"stage x\nstage y", "line 5"}}) {
        const std::string t = std::string("hotmap-brawl-replay 3\nfighters a b\nsim 5\n") + bad + "\nticks 0\nend\n";
        EXPECT_FALSE(game::ParseReplay(t, error)) << bad;
        EXPECT_NE(error.find(line), std::string::npos) << error;
    }
    EXPECT_FALSE(game::ParseReplay("hotmap-brawl-replay 2\nfighters a b\nsim 4\nstage x\nticks 0\nend\n", error))
        << "format 2 has no stage line";
}

// ---- the programs ----------------------------------------------------------------------------------

namespace {

// A project: the repository's two fighters (copied: nothing links out) and stages drawn here.
fs::path ProjectWithStages(const std::string& name) {
    const fs::path root = testrun::FreshDir(name);
    for (const char* fighter : {"brick", "kestrel"}) {
        for (const char* top : {"assets", "hotmaps"}) {
            fs::create_directories(root / top);
            fs::copy(fs::path(HOTMAP_SOURCE_DIR) / top / fighter, root / top / fighter, fs::copy_options::recursive);
        }
    }
    WriteStage(root / "assets", {"flat", 640, 334, {230, 410}, {1.0}});
    WriteStage(root / "assets", {"mid", 960, 300, {390, 570}, {0.0, 1.0}});
    WriteStage(root / "assets", {"wide", 1280, 334, {550, 730}, {0.0, 0.5, 1.0}});
    return root;
}

nlohmann::json HeadlessLine(const fs::path& root, const std::vector<std::string>& extra, int* exitCode = nullptr,
                            std::string* err = nullptr) {
    std::vector<std::string> args = {"--headless", "--frames", "900", "--p1",     "cpu",        "--p2",
                                     "cpu",        "--seed",   "3",   "--assets", root.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = testrun::Run(BRAWL_EXE, args);
    if (exitCode != nullptr) *exitCode = r.exitCode;
    if (err != nullptr) *err = r.err;
    return nlohmann::json::parse(r.out, nullptr, false);
}

}  // namespace

TEST(StageRuns, EachStageGivesItsOwnStableHashAndTheDefaultIsTheRooftop) {
    const fs::path root = ProjectWithStages("stage_runs");
    std::set<std::string> hashes;
    for (const std::string stage : {"flat", "mid", "wide"}) {
        const nlohmann::json a = HeadlessLine(root, {"--stage", stage});
        const nlohmann::json b = HeadlessLine(root, {"--stage", stage});
        ASSERT_TRUE(a.is_object()) << stage;
        EXPECT_EQ(a["stage"], stage);
        EXPECT_EQ(a["hash"], b["hash"]) << stage << ": the same run, the same hash";
        hashes.insert(a["hash"].get<std::string>());
    }
    EXPECT_EQ(hashes.size(), 3u) << "three stages, three hashes";
    // No --stage: the rooftop (built in here: the project has none), the same numbers as "flat".
    const nlohmann::json plain = HeadlessLine(root, {});
    ASSERT_TRUE(plain.is_object());
    EXPECT_EQ(plain["stage"], "rooftop");
    EXPECT_EQ(plain["hash"], HeadlessLine(root, {"--stage", "flat"})["hash"])
        << "a 640 px stage starting at 230 and 410 plays as the rooftop (only the id differs)";
}

// The project's own stages: each plays the same CPU match to its own hash, the same every time.
TEST(StageRuns, TheProjectsStagesGiveDistinctStableHashes) {
    const fs::path root = HOTMAP_SOURCE_DIR;
    std::set<std::string> hashes;
    const std::vector<std::string> ids = assets::ListStages(assets::AssetRoots::Under(root.string()));
    ASSERT_GE(ids.size(), 3u) << "rooftop, dojo, harbour";
    for (const std::string& stage : ids) {
        const nlohmann::json a = HeadlessLine(root, {"--stage", stage});
        const nlohmann::json b = HeadlessLine(root, {"--stage", stage});
        ASSERT_TRUE(a.is_object()) << stage;
        EXPECT_EQ(a["stage"], stage);
        EXPECT_EQ(a["hash"], b["hash"]) << stage;
        hashes.insert(a["hash"].get<std::string>());
    }
    EXPECT_EQ(hashes.size(), ids.size()) << "a hash per stage";
}

TEST(StageRuns, AnUnknownStageIsAUsageErrorNamingTheStagesAndABrokenOneIsLeftOut) {
    const fs::path root = ProjectWithStages("stage_unknown");
    WriteText(root / "assets" / "stages" / "mid" / "stage.json", "{");
    int code = 0;
    std::string err;
    HeadlessLine(root, {"--stage", "nowhere"}, &code, &err);
    EXPECT_EQ(code, 2);
    EXPECT_NE(err.find("brawl: no stage named 'nowhere' (there are: flat, rooftop, wide)"), std::string::npos) << err;
    // The broken one named: its own error line, exit 1.
    HeadlessLine(root, {"--stage", "mid"}, &code, &err);
    EXPECT_EQ(code, 1);
    EXPECT_NE(err.find("error: " + (root / "assets" / "stages" / "mid" / "stage.json").string() + ": JSON"),
              std::string::npos)
        << err;
    // Not named: said once, and the others play.
    const nlohmann::json line = HeadlessLine(root, {"--stage", "wide"}, &code, &err);
    EXPECT_EQ(code, 0) << err;
    EXPECT_EQ(line["stage"], "wide");
    EXPECT_NE(err.find("mid/stage.json: JSON"), std::string::npos) << err;
}

TEST(StageRuns, AReplayKeepsItsStageAndOneWithoutAStageLineLoadsAsTheRooftop) {
    const fs::path root = ProjectWithStages("stage_replay");
    const fs::path replay = root / "wide.replay";
    const nlohmann::json recorded = HeadlessLine(root, {"--stage", "wide", "--record", replay.string()});
    ASSERT_TRUE(recorded.is_object());
    std::ifstream in(replay);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("\nstage wide\n"), std::string::npos) << text;
    const auto played = testrun::Run(BRAWL_EXE, {"--headless", "--replay", replay.string(), "--assets", root.string()});
    const nlohmann::json line = nlohmann::json::parse(played.out, nullptr, false);
    ASSERT_TRUE(line.is_object()) << played.err;
    EXPECT_EQ(line["stage"], "wide");
    EXPECT_EQ(line["hash"], recorded["hash"]);
    EXPECT_EQ(line["replay_hash_matches"], true);
    // The stage line removed: the rooftop, whose hash differs (the run was on the wide stage).
    std::string noStage = text;
    noStage.erase(noStage.find("stage wide\n"), std::string("stage wide\n").size());
    WriteText(root / "nostage.replay", noStage);
    const auto rooftop = testrun::Run(
        BRAWL_EXE, {"--headless", "--replay", (root / "nostage.replay").string(), "--assets", root.string()});
    const nlohmann::json r2 = nlohmann::json::parse(rooftop.out, nullptr, false);
    ASSERT_TRUE(r2.is_object()) << rooftop.err;
    EXPECT_EQ(r2["stage"], "rooftop");
    EXPECT_EQ(r2["replay_hash_matches"], false);
    // A replay naming a stage the project lacks: one line naming the file, exit 1.
    std::string elsewhere = text;
    elsewhere.replace(elsewhere.find("stage wide"), 10, "stage gone");
    WriteText(root / "gone.replay", elsewhere);
    const auto gone =
        testrun::Run(BRAWL_EXE, {"--headless", "--replay", (root / "gone.replay").string(), "--assets", root.string()});
    EXPECT_EQ(gone.exitCode, 1);
    EXPECT_NE(gone.err.find("gone.replay: names the stage 'gone', which this project lacks"), std::string::npos)
        << gone.err;
}

TEST(StageLint, BrokenStagesAreOneLineEachAndNeverHideTheOthers) {
    const fs::path root = ProjectWithStages("stage_lint");
    auto r = testrun::Run(HOTMAP_EXE, {"lint", root.string()});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("lint: 3 stage(s) in"), std::string::npos) << r.out;
    const fs::path stages = root / "assets" / "stages";
    fs::remove(stages / "flat" / "layer0.png");                                           // missing layer
    testpng::WriteFile((stages / "wide" / "layer1.png").string(), LayerPng(900, false));  // 960 wanted
    WriteText(stages / "mid" / "stage.json", "{\"name\": ");                              // bad JSON
    r = testrun::Run(HOTMAP_EXE, {"lint", root.string()});
    EXPECT_EQ(r.exitCode, 1);
    std::vector<std::string> lines;
    for (const std::string& l : testrun::ProblemLines(r.err))
        if (l.find("/stages/") != std::string::npos) lines.push_back(l);
    ASSERT_EQ(lines.size(), 3u) << r.err;
    EXPECT_TRUE(AnyContains(lines, (stages / "flat" / "layer0.png").string() + ": "));
    EXPECT_TRUE(AnyContains(lines, (stages / "mid" / "stage.json").string() + ": JSON"));
    EXPECT_TRUE(AnyContains(lines, (stages / "wide" / "layer1.png").string() + ": is 900x360 px"));
    for (const std::string& l : lines) EXPECT_EQ(l.rfind("error: ", 0), 0u) << l;
}
