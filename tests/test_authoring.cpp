// The format and loader halves of authoring's second round: mirror colours for shaded art (the
// `alternate` shift, the default without a palette, sprites only), names counted in characters,
// a fighter folder linked from outside refused by its link with nothing outside opened, the
// project's own fighters at 0 lint warnings, and the license files.
#include "assets/assets.h"
#include "assets/format.h"
#include "fixture_fighter.h"
#include "import_helpers.h"
#include "run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/inotify.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>

namespace {

namespace fs = std::filesystem;
const std::string HOTMAP = HOTMAP_EXE;
const std::string BRAWL = BRAWL_EXE;
const std::string SOURCE = HOTMAP_SOURCE_DIR;

std::vector<std::uint8_t> Shifted(std::vector<std::uint8_t> rgba, assets::ManifestAlternate shift) {
    assets::Image img;
    img.widthPx = static_cast<std::int32_t>(rgba.size() / 4);
    img.heightPx = 1;
    img.rgba = std::move(rgba);
    return assets::ApplyAlternate(img, shift).rgba;
}

// ---- mirror colours ------------------------------------------------------------------------------

TEST(Alternate, AHueTurnKeepsLightnessSaturationAndAlpha) {
    using V = std::vector<std::uint8_t>;
    // 20 degrees (200, 100, 50) turned half round is 200 degrees: (50, 150, 200).
    EXPECT_EQ(Shifted({200, 100, 50, 255}, {180, 0}), (V{50, 150, 200, 255}));
    EXPECT_EQ(Shifted({255, 0, 0, 77}, {180, 0}), (V{0, 255, 255, 77})) << "red to cyan, alpha kept";
    EXPECT_EQ(Shifted({255, 0, 0, 255}, {120, 0}), (V{0, 255, 0, 255})) << "red to green";
    EXPECT_EQ(Shifted({255, 0, 0, 255}, {-120, 0}), (V{0, 0, 255, 255})) << "red back to blue";
    EXPECT_EQ(Shifted({128, 128, 128, 255}, {180, 0}), (V{128, 128, 128, 255})) << "a grey has no hue";
    EXPECT_EQ(Shifted({9, 8, 7, 0}, {180, 0}), (V{9, 8, 7, 0})) << "what does not show is left";
    EXPECT_EQ(Shifted({100, 100, 100, 255}, {0, 50}), (V{177, 177, 177, 255})) << "half way to white";
    EXPECT_EQ(Shifted({100, 100, 100, 255}, {0, -50}), (V{50, 50, 50, 255})) << "half way to black";
    // Over many colours: max and min stay, and three turns of 120 degrees come back exactly.
    std::mt19937 rng(7);
    for (int i = 0; i < 2000; ++i) {
        const V c{static_cast<std::uint8_t>(rng()), static_cast<std::uint8_t>(rng()), static_cast<std::uint8_t>(rng()),
                  255};
        const V turned = Shifted(c, {static_cast<std::int32_t>(rng() % 361) - 180, 0});
        EXPECT_EQ(std::max({turned[0], turned[1], turned[2]}), std::max({c[0], c[1], c[2]}));
        EXPECT_EQ(std::min({turned[0], turned[1], turned[2]}), std::min({c[0], c[1], c[2]}));
        EXPECT_EQ(Shifted(Shifted(Shifted(c, {120, 0}), {120, 0}), {120, 0}), c);
    }
}

TEST(Alternate, TheManifestFieldIsReadCheckedAndWritten) {
    auto m = fixture::Manifest();
    m["alternate"] = {{"hue", 150}, {"lightness", -20}};
    auto read = assets::ReadManifest(m.dump(), "f.json");
    ASSERT_TRUE(read.Ok()) << read.GetError().ToLine();
    ASSERT_TRUE(read.Value().alternate);
    EXPECT_EQ(read.Value().alternate->hueDegrees, 150);
    EXPECT_EQ(read.Value().alternate->lightnessPercent, -20);
    const std::string written = assets::WriteManifest(read.Value());
    EXPECT_NE(written.find("\"alternate\": {\"hue\": 150, \"lightness\": -20}"), std::string::npos) << written;
    EXPECT_EQ(assets::WriteManifest(assets::ReadManifest(written, "w.json").Value()), written);

    const auto refused = [&](const nlohmann::ordered_json& bad, const std::string& message) {
        const auto r = assets::ReadManifest(bad.dump(), "f.json");
        ASSERT_FALSE(r.Ok());
        EXPECT_EQ(r.GetError().message.rfind(message, 0), 0u) << r.GetError().message;
    };
    m["alternate"] = {{"hue", 200}};
    refused(m, "alternate.hue: must be -180-180, got 200");
    m["alternate"] = {{"saturation", 10}};
    refused(m, "alternate.saturation: unknown field (expected hue, lightness)");
    m["alternate"] = {{"hue", 90}};
    m["palette"] = nlohmann::ordered_json::array({nlohmann::ordered_json::array({"C89670", "7096C8"})});
    refused(m, "alternate: give palette (exact colours) or alternate (a shift), not both");
}

class AlternateLoad : public ::testing::Test {
protected:
    void SetUp() override {
        root_ =
            testrun::FreshDir(std::string("alt_") + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    }
    void TearDown() override { fs::remove_all(root_); }
    assets::LoadedFighter Load(const nlohmann::ordered_json& manifest) const {
        fixture::Write(root_, "fixture", manifest);
        auto r = assets::LoadFighter(assets::AssetRoots::Under(root_.string()), "fixture", {true});
        EXPECT_TRUE(r.Ok()) << r.GetError().ToLine();
        return std::move(r).Value();
    }
    // Every alternate sprite is `recolour` of its sprite; the masks are the hotmaps' own.
    template <class F>
    void ExpectSpritesOnly(const assets::LoadedFighter& f, F recolour) const {
        const auto altSprites = assets::AlternateSprites(f);
        ASSERT_EQ(altSprites.size(), f.sprites.size());
        for (std::size_t a = 0; a < f.sprites.size(); ++a) {
            ASSERT_EQ(altSprites[a].size(), f.sprites[a].size());
            for (std::size_t i = 0; i < f.sprites[a].size(); ++i) {
                EXPECT_EQ(altSprites[a][i].rgba, recolour(f.sprites[a][i]).rgba) << a << "/" << i;
                EXPECT_NE(altSprites[a][i].rgba, f.sprites[a][i].rgba);
                const auto fromFile = collide::BuildHotMasks(f.hotmaps[a][i].View());
                EXPECT_EQ(f.def.animations[a].frames[i].masks.hurt.Bounds(), fromFile.hurt.Bounds());
                EXPECT_EQ(f.def.animations[a].frames[i].masks.attack.Bounds(), fromFile.attack.Bounds());
            }
        }
    }
    fs::path root_;
};

TEST_F(AlternateLoad, WithoutAPaletteTheHueTurnsHalfRound) {
    const auto f = Load(fixture::Manifest());
    ExpectSpritesOnly(f, [](const assets::Image& s) { return assets::ApplyAlternate(s, assets::DEFAULT_ALTERNATE); });
    // The fixture's skin (200, 150, 110) becomes (110, 160, 200).
    const auto altSprites = assets::AlternateSprites(f);
    const auto& px = altSprites[0][0].rgba;
    EXPECT_EQ(std::vector<std::uint8_t>(px.begin() + 4 * 4, px.begin() + 4 * 4 + 4),
              (std::vector<std::uint8_t>{110, 160, 200, 255}));
}

TEST_F(AlternateLoad, TheManifestsShiftOrItsPalette) {
    auto m = fixture::Manifest();
    m["alternate"] = {{"lightness", -40}};
    ExpectSpritesOnly(Load(m), [](const assets::Image& s) { return assets::ApplyAlternate(s, {0, -40}); });
    m.erase("alternate");
    m["palette"] = nlohmann::ordered_json::array({nlohmann::ordered_json::array({"C8966E", "6E96C8"})});
    const std::vector<game::PaletteSwap> swaps{{0xC8966E, 0x6E96C8}};
    ExpectSpritesOnly(Load(m), [&](const assets::Image& s) { return assets::ApplyPalette(s, swaps); });
}

TEST_F(AlternateLoad, AMirrorMatchShowsTheSecondFighterInItsAlternateColours) {
    fixture::Write(root_);
    const fs::path shot = root_ / "mirror.png";
    const auto r = testrun::Run(BRAWL,
                                {"--headless", "--frames", "2", "--p1-fighter", "fixture", "--p2-fighter", "fixture",
                                 "--assets", root_.string(), "--screenshot", shot.string()},
                                "SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto img = assets::LoadPng(shot.string());
    ASSERT_TRUE(img.Ok()) << img.GetError().ToLine();
    int plain = 0, turned = 0;
    for (std::size_t i = 0; i < img.Value().rgba.size(); i += 4) {
        const std::uint8_t* p = img.Value().rgba.data() + i;
        plain += p[0] == 200 && p[1] == 150 && p[2] == 110;
        turned += p[0] == 110 && p[1] == 160 && p[2] == 200;
    }
    EXPECT_GT(plain, 0) << "the first fighter's skin";
    EXPECT_GT(turned, 0) << "the second's, half round the wheel";
}

// ---- names ---------------------------------------------------------------------------------------

TEST(Names, AreCountedInCharactersWithAByteCapFarAbove) {
    auto m = fixture::Manifest();
    m["name"] =
        "\xC3\x89\xC3\x89\xC3\x89\xC3\x89\xC3\x89\xC3\x89\xC3\x89\xC3\x89\xC3\x89\xC3\x89\xC3\x89\xC3\x89\xC3\x89";
    ASSERT_EQ(m["name"].get<std::string>().size(), 26u) << "13 letters, 26 bytes";
    EXPECT_TRUE(assets::ReadManifest(m.dump(), "f.json").Ok());
    m["name"] = "Zoë the Unstoppable, ÆØÅ";  // 24 characters, 28 bytes
    EXPECT_TRUE(assets::ReadManifest(m.dump(), "f.json").Ok());
    m["name"] = std::string(25, 'a');
    auto r = assets::ReadManifest(m.dump(), "f.json");
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().message, "name: must be 1-24 characters, got 25");
    m["name"] = "Fixture";
    m["credits"] = std::string(5000, 'a');
    r = assets::ReadManifest(m.dump(), "f.json");
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().message, "credits: must be at most 4096 bytes, got 5000");
    m["credits"] = std::string(201, 'a');
    r = assets::ReadManifest(m.dump(), "f.json");
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().message, "credits: must be 1-200 characters, got 201");
}

// ---- a fighter folder linked from outside --------------------------------------------------------

// Everything opened or read in the folders watched, by inotify's account (an open of a folder to
// list it counts too). Events are queued as the calls happen, so once the programs have exited
// they are all there: read without waiting.
class OpenWatch {
public:
    OpenWatch() : fd_(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {}
    ~OpenWatch() {
        if (fd_ >= 0) ::close(fd_);
    }
    bool Add(const fs::path& dir) { return ::inotify_add_watch(fd_, dir.c_str(), IN_OPEN | IN_ACCESS) >= 0; }
    [[nodiscard]] int Events() const {
        alignas(inotify_event) char buf[64 * 1024];
        int events = 0;
        for (ssize_t n; (n = ::read(fd_, buf, sizeof buf)) > 0;) {
            for (char* p = buf; p < buf + n;) {
                const auto* e = reinterpret_cast<const inotify_event*>(p);
                ++events;
                p += sizeof(inotify_event) + e->len;
            }
        }
        return events;
    }
    [[nodiscard]] bool Ok() const { return fd_ >= 0; }

private:
    int fd_;
};

TEST(OutsideLinks, AFighterFolderLinkedFromOutsideIsRefusedByItsLinkWithNothingOutsideOpened) {
    const fs::path root = testrun::FreshDir("link_root"), outside = testrun::FreshDir("link_outside");
    fixture::Write(root);
    fixture::Write(outside);
    fs::remove_all(root / "assets" / "fixture");
    fs::remove_all(root / "hotmaps" / "fixture");
    fs::create_directory_symlink(outside / "assets" / "fixture", root / "assets" / "fixture");
    fs::create_directory_symlink(outside / "hotmaps" / "fixture", root / "hotmaps" / "fixture");
    OpenWatch watch;
    ASSERT_TRUE(watch.Ok());
    ASSERT_TRUE(watch.Add(outside / "assets" / "fixture"));
    ASSERT_TRUE(watch.Add(outside / "hotmaps" / "fixture"));
    // The check itself: a read inside the watched folder shows.
    ASSERT_FALSE(importtest::ReadBytes(outside / "assets" / "fixture" / "fighter.json").empty());
    ASSERT_GT(watch.Events(), 0) << "the watch sees an open";

    const std::string want = "error: " + (root / "assets" / "fixture").string() + ": a link to " +
                             fs::canonical(outside / "assets" / "fixture").string() +
                             ", outside the project (--allow-outside-links allows it)\n";
    auto r = testrun::Run(HOTMAP, {"lint", root.string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, want);
    r = testrun::Run(HOTMAP, {"lint", (root / "assets" / "fixture").string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, want);
    r = testrun::Run(BRAWL, {"--headless", "--frames", "1", "--assets", root.string()},
                     "SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(want), std::string::npos) << r.err;
    EXPECT_EQ(watch.Events(), 0) << "a file or folder outside the project was opened";

    // Only the hotmaps linked: the same, from the hotmaps' link.
    fs::remove(root / "assets" / "fixture");
    fs::remove(root / "hotmaps" / "fixture");
    fixture::Write(root);
    fs::remove_all(root / "hotmaps" / "fixture");
    fs::create_directory_symlink(outside / "hotmaps" / "fixture", root / "hotmaps" / "fixture");
    r = testrun::Run(HOTMAP, {"lint", root.string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "error: " + (root / "hotmaps" / "fixture").string() + ": a link to " +
                         fs::canonical(outside / "hotmaps" / "fixture").string() +
                         ", outside the project (--allow-outside-links allows it)\n");
    EXPECT_EQ(watch.Events(), 0);
    fs::remove_all(root);
    fs::remove_all(outside);
}

// ---- the project's own -----------------------------------------------------------------------------

TEST(ProjectFighters, LintWithoutAWarning) {
    const auto r = testrun::Run(HOTMAP, {"lint", SOURCE});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_NE(r.out.find(": 0 error(s), 0 warning(s)\n"), std::string::npos) << r.out;
}

TEST(License, TheFileAndTheReadmeSaySoAndHow) {
    const std::string license = importtest::ReadBytes(SOURCE + "/LICENSE");
    EXPECT_NE(license.find("MIT License"), std::string::npos);
    EXPECT_NE(license.find("Permission is hereby granted, free of charge"), std::string::npos);
    EXPECT_NE(license.find("Creative Commons\nAttribution 4.0 International License (CC BY 4.0)"), std::string::npos);
    const std::string readme = importtest::ReadBytes(SOURCE + "/README.md");
    const auto at = readme.find("\n## License and third-party art\n");
    ASSERT_NE(at, std::string::npos);
    const std::string section = readme.substr(at, readme.find("\n## ", at + 1) - at);
    for (const char* says : {"MIT", "CC BY 4.0", "[LICENSE](LICENSE)", "`credits`", "`license`", "select screen", "GPL",
                             "CC BY-SA", "not committed to this repository"})
        EXPECT_NE(section.find(says), std::string::npos) << says;
}

}  // namespace
