// The fighter loader: a valid fighter loads whole with its masks; every kind of bad input gives one
// Error with a stable code that names the file (and the field), and nothing is half-loaded. The
// loader's pool (two threads) gives what `before`'s one-thread loader gives: frames, masks,
// definitions, warnings and errors, on the project's fighters and on broken ones.
#include "assets/assets.h"
#include "assets/files.h"
#include "assets/png_batch.h"
#include "before/fighter_loader.h"
#include "fixture_fighter.h"
#include "game/game.h"
#include "run_command.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace {

using assets::ErrorCode;
namespace fs = std::filesystem;

class FighterLoader : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = testrun::FreshDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        fixture::Write(root_);
    }
    void TearDown() override { fs::remove_all(root_); }
    assets::Result<assets::LoadedFighter> Load() {
        return assets::LoadFighter(assets::AssetRoots::Under(root_.string()), "fixture");
    }
    std::string Sprite(const std::string& file) const { return (root_ / "assets" / "fixture" / file).string(); }
    std::string Hotmap(const std::string& file) const { return (root_ / "hotmaps" / "fixture" / file).string(); }
    std::string ManifestPath() const { return Sprite("fighter.json"); }
    void WriteManifestText(const std::string& text) const { std::ofstream(ManifestPath()) << text; }
    void WriteManifest(const nlohmann::ordered_json& m) const { WriteManifestText(m.dump(2)); }
    // The load fails with `code`, naming `file`, and the message contains `words`.
    void ExpectError(ErrorCode code, const std::string& file, const std::string& words) {
        const auto r = Load();
        ASSERT_FALSE(r.Ok()) << "expected: " << words;
        EXPECT_EQ(r.GetError().code, code) << r.GetError().ToLine();
        EXPECT_EQ(r.GetError().file, file) << r.GetError().ToLine();
        EXPECT_NE(r.GetError().message.find(words), std::string::npos) << r.GetError().ToLine();
        EXPECT_EQ(r.GetError().ToLine().find('\n'), std::string::npos) << "one line";
    }
    fs::path root_;
};

TEST_F(FighterLoader, ValidFighterLoadsWhole) {
    const auto r = Load();
    ASSERT_TRUE(r.Ok()) << r.GetError().ToLine();
    const game::FighterDef& def = r.Value().def;
    EXPECT_EQ(def.id, "fixture");
    EXPECT_EQ(def.displayName, "Fixture");
    EXPECT_EQ(def.walkForwardSubpx, 640) << "2.5 px/tick is 640 subpixels";
    EXPECT_EQ(def.gravitySubpx, 128);
    ASSERT_EQ(def.animations.size(), 13u);
    for (std::size_t i = 0; i < game::REQUIRED_ANIM_NAMES.size(); ++i)
        EXPECT_EQ(def.animations[i].name, game::REQUIRED_ANIM_NAMES[i]);
    EXPECT_EQ(def.Animation(game::Anim::Idle).frames.size(), 4u);
    EXPECT_EQ(def.Animation(game::Anim::Idle).frames[0].anchorPx, (collide::Point{8, 23}));
    const auto& punch = def.animations[static_cast<std::size_t>(def.FindAnimation("light_punch"))];
    EXPECT_EQ(punch.frames[1].masks.attack.Bounds(), (collide::Rect{12, 6, 4, 4}));
    EXPECT_TRUE(punch.frames[0].masks.attack.IsEmpty());
    EXPECT_EQ(punch.frames[0].masks.hurt.Bounds(), (collide::Rect{4, 0, 8, 24}));
    ASSERT_EQ(def.moves.size(), 2u);
    EXPECT_EQ(def.moves[0].name, "light_punch");
    EXPECT_EQ(def.moves[0].activeFirst, 1);
    EXPECT_EQ(def.moves[0].knockbackSubpx, 896);
    ASSERT_TRUE(def.moves[1].projectile.has_value());
    EXPECT_EQ(def.moves[1].projectile->animation, def.FindAnimation("orb"));
    EXPECT_EQ(r.Value().sprites.size(), def.animations.size());
    EXPECT_TRUE(r.Value().warnings.empty());
}

TEST_F(FighterLoader, FrameWithoutHotmapFallsBackToItsSpriteWithAWarning) {
    fs::remove(Hotmap("hit_01.png"));
    const auto r = Load();
    ASSERT_TRUE(r.Ok()) << r.GetError().ToLine();
    const auto& frame = r.Value().def.Animation(game::Anim::Hit).frames[1];
    EXPECT_TRUE(frame.hotmapFromSprite);
    EXPECT_EQ(frame.masks.hurt.Bounds(), (collide::Rect{4, 0, 8, 24})) << "the sprite's opaque pixels are hurt";
    EXPECT_TRUE(frame.masks.attack.IsEmpty());
    ASSERT_EQ(r.Value().warnings.size(), 1u);
    EXPECT_EQ(r.Value().warnings[0].file, Hotmap("hit_01.png"));
}

TEST_F(FighterLoader, MissingSprite) {
    fs::remove(Sprite("crouch_01.png"));
    ExpectError(ErrorCode::FileMissing, Sprite("crouch_01.png"), "frame 1 of animation \"crouch\"");
}

TEST_F(FighterLoader, MissingManifestAndMissingFolder) {
    fs::remove(ManifestPath());
    ExpectError(ErrorCode::FileMissing, ManifestPath(), "no such file");
    const auto r = assets::LoadFighter(assets::AssetRoots::Under(root_.string()), "nobody");
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, ErrorCode::FileMissing);
}

TEST_F(FighterLoader, EmptyTruncatedCorruptJpegAndTextPngs) {
    testpng::WriteFile(Sprite("idle_02.png"), {});
    ExpectError(ErrorCode::NotPng, Sprite("idle_02.png"), "empty");
    auto bytes = testpng::EncodeRgba(fixture::W, fixture::H,
                                     fixture::Picture(fixture::CLEAR, fixture::SKIN, false, fixture::SKIN));
    testpng::WriteFile(Sprite("idle_02.png"), std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + 50));
    ExpectError(ErrorCode::CorruptPng, Sprite("idle_02.png"), "truncated");
    auto corrupt = bytes;
    corrupt[40] ^= 0x55;  // inside IDAT: its CRC no longer matches
    testpng::WriteFile(Hotmap("idle_02.png"), corrupt);
    testpng::WriteFile(Sprite("idle_02.png"), bytes);
    ExpectError(ErrorCode::CorruptPng, Hotmap("idle_02.png"), "CRC");
    testpng::WriteFile(Hotmap("idle_02.png"), {0xFF, 0xD8, 0xFF, 0xE1, 0, 0, 'E', 'x', 'i', 'f'});
    ExpectError(ErrorCode::NotPng, Hotmap("idle_02.png"), "JPEG");
    testpng::WriteFile(Hotmap("idle_02.png"), {'h', 'i', '\n'});
    ExpectError(ErrorCode::NotPng, Hotmap("idle_02.png"), "not a PNG");
}

TEST_F(FighterLoader, HotmapSizeDiffersFromItsSprite) {
    testpng::WriteFile(Hotmap("jump_00.png"), testpng::EncodeRgba(fixture::W, 20,
                                                                  fixture::Picture(fixture::KEY, fixture::HURT, false,
                                                                                   fixture::HURT, fixture::W, 20)));
    ExpectError(ErrorCode::SizeMismatch, Hotmap("jump_00.png"), "16x20, but its sprite is 16x24");
}

TEST_F(FighterLoader, ImageOverTheSizeLimit) {
    testpng::WriteFile(
        Sprite("win_00.png"),
        testpng::Encode(testpng::Spec{5000, 1, testpng::GREY, 8, std::vector<std::uint16_t>(5000, 0), {}, {}}));
    ExpectError(ErrorCode::TooLarge, Sprite("win_00.png"), "5000x1 is larger than the limit of 4096x4096");
}

TEST_F(FighterLoader, ManifestSyntaxErrorHasLineAndColumn) {
    WriteManifestText("{\n  \"name\": \"Fixture\",\n  \"health\": 1000,,\n}\n");
    ExpectError(ErrorCode::ManifestSyntax, ManifestPath(), "line 3, column 18");
}

TEST_F(FighterLoader, UnknownField) {
    auto m = fixture::Manifest();
    m["moves"]["light_punch"]["damge"] = 40;
    WriteManifest(m);
    ExpectError(ErrorCode::ManifestField, ManifestPath(), "moves.light_punch.damge: unknown field");
}

TEST_F(FighterLoader, MissingField) {
    auto m = fixture::Manifest();
    m.erase("health");
    WriteManifest(m);
    ExpectError(ErrorCode::ManifestField, ManifestPath(), "health: missing");
    m = fixture::Manifest();
    m["animations"].erase("crouch");
    WriteManifest(m);
    ExpectError(ErrorCode::ManifestField, ManifestPath(), "missing the required animation \"crouch\"");
}

TEST_F(FighterLoader, MistypedFields) {
    auto m = fixture::Manifest();
    m["moves"]["light_punch"]["damage"] = "40";
    WriteManifest(m);
    ExpectError(ErrorCode::ManifestField, ManifestPath(),
                "moves.light_punch.damage: expected a whole number 0-10000, got a string \"40\"");
    m = fixture::Manifest();
    m["walkForwardSpeed"] = true;
    WriteManifest(m);
    ExpectError(ErrorCode::ManifestField, ManifestPath(),
                "walkForwardSpeed: expected a number 0-32, got a boolean true");
    m = fixture::Manifest();
    m["moves"]["light_punch"]["height"] = "sideways";
    WriteManifest(m);
    ExpectError(ErrorCode::ManifestField, ManifestPath(),
                "moves.light_punch.height: expected one of \"high\", \"mid\", \"low\", \"overhead\"");
    m = fixture::Manifest();
    m["health"] = 12.5;
    WriteManifest(m);
    ExpectError(ErrorCode::ManifestField, ManifestPath(), "health: expected a whole number");
}

TEST_F(FighterLoader, ZeroAndNegativeDurations) {
    auto m = fixture::Manifest();
    m["animations"]["idle"]["frames"][2]["ticks"] = 0;
    WriteManifest(m);
    ExpectError(ErrorCode::ManifestField, ManifestPath(), "animations.idle.frames[2].ticks: must be 1-600, got 0");
    m["animations"]["idle"]["frames"][2]["ticks"] = -3;
    WriteManifest(m);
    ExpectError(ErrorCode::ManifestField, ManifestPath(), "animations.idle.frames[2].ticks: must be 1-600, got -3");
}

TEST_F(FighterLoader, ActiveFramesThatDoNotExist) {
    auto m = fixture::Manifest();
    m["moves"]["light_punch"]["active"] = {1, 5};
    WriteManifest(m);
    ExpectError(ErrorCode::ManifestRule, ManifestPath(),
                "moves.light_punch.active: frame 5 does not exist (animation \"light_punch\" has 3 frames, 0-2)");
}

TEST_F(FighterLoader, ActiveFrameWithoutAttackPixel) {
    testpng::WriteFile(Hotmap("light_punch_01.png"),
                       testpng::EncodeRgba(fixture::W, fixture::H,
                                           fixture::Picture(fixture::KEY, fixture::HURT, true, fixture::HURT)));
    ExpectError(ErrorCode::ManifestRule, Hotmap("light_punch_01.png"), "has no attack pixel");
}

TEST_F(FighterLoader, ProjectileFrameWithoutAttackPixel) {
    testpng::WriteFile(Hotmap("orb_00.png"),
                       testpng::EncodeRgba(fixture::W, fixture::H,
                                           fixture::Picture(fixture::KEY, fixture::HURT, false, fixture::HURT)));
    ExpectError(ErrorCode::ManifestRule, Hotmap("orb_00.png"), "a projectile frame");
}

TEST_F(FighterLoader, AttackOnAFrameThatIsNotActiveIsAWarning) {
    testpng::WriteFile(Hotmap("light_punch_02.png"),
                       testpng::EncodeRgba(fixture::W, fixture::H,
                                           fixture::Picture(fixture::KEY, fixture::HURT, true, fixture::ATTACK)));
    const auto r = Load();
    ASSERT_TRUE(r.Ok()) << r.GetError().ToLine();
    ASSERT_EQ(r.Value().warnings.size(), 1u);
    EXPECT_NE(r.Value().warnings[0].message.find("no move has active"), std::string::npos);
}

TEST_F(FighterLoader, ListFightersFindsFolderWithAManifestSorted) {
    fixture::Write(root_, "another");
    fs::create_directories(root_ / "assets" / "not_a_fighter");
    const auto ids = assets::ListFighters(assets::AssetRoots::Under(root_.string()));
    ASSERT_TRUE(ids.Ok()) << ids.GetError().ToLine();
    EXPECT_EQ(ids.Value(), (std::vector<std::string>{"another", "fixture"}));
    const auto none = assets::ListFighters(assets::AssetRoots::Under((root_ / "assets" / "not_a_fighter").string()));
    EXPECT_FALSE(none.Ok());
}

TEST(ParseManifest, TwoMovesOnTheSameButtonAndStanceIsARule) {
    auto m = fixture::Manifest();
    m["moves"]["jab"] = m["moves"]["light_punch"];
    const auto r = assets::ParseManifest(m.dump(), "fixture", "x.json");
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, ErrorCode::ManifestRule);
    EXPECT_NE(r.GetError().message.find("same button and stance"), std::string::npos) << r.GetError().message;
}

// ---- the pool against `before`'s one-thread loader ------------------------------------------------

// Two loads of one fighter are the same: the definition's hash (masks, sizes, fields), every
// picture's pixels, the warnings and the errors, in order. `spritePixels` false: ours was loaded
// without keeping them (LoadOptions::keepSpritePixels), so its sprites have before's sizes and no
// pixels, and everything else is the same.
void ExpectSameFighter(const assets::Result<assets::LoadedFighter>& ours,
                       const assets::Result<before::LoadedBefore>& before, bool spritePixels = true) {
    ASSERT_EQ(ours.Ok(), before.Ok()) << (ours.Ok() ? before.GetError().ToLine() : ours.GetError().ToLine());
    if (!ours.Ok()) {
        EXPECT_EQ(ours.GetError().code, before.GetError().code);
        EXPECT_EQ(ours.GetError().ToLine(), before.GetError().ToLine());
        return;
    }
    const assets::LoadedFighter& a = ours.Value();
    const assets::LoadedFighter& b = before.Value().fighter;
    EXPECT_EQ(game::HashFighterDef(a.def), game::HashFighterDef(b.def));
    EXPECT_EQ(a.pixels, b.pixels);
    const auto samePictures = [](const std::vector<std::vector<assets::Image>>& x,
                                 const std::vector<std::vector<assets::Image>>& y, const char* what) {
        ASSERT_EQ(x.size(), y.size()) << what;
        for (std::size_t i = 0; i < x.size(); ++i) {
            ASSERT_EQ(x[i].size(), y[i].size()) << what << " animation " << i;
            for (std::size_t f = 0; f < x[i].size(); ++f) {
                EXPECT_EQ(x[i][f].widthPx, y[i][f].widthPx) << what << " " << i << "/" << f;
                EXPECT_EQ(x[i][f].rgba, y[i][f].rgba) << what << " " << i << "/" << f;
            }
        }
    };
    if (spritePixels) {
        samePictures(a.sprites, b.sprites, "sprites");
        samePictures(assets::AlternateSprites(a), before.Value().altSprites, "alternate sprites");
    } else {
        ASSERT_EQ(a.sprites.size(), b.sprites.size());
        for (std::size_t i = 0; i < a.sprites.size(); ++i) {
            ASSERT_EQ(a.sprites[i].size(), b.sprites[i].size()) << "animation " << i;
            for (std::size_t f = 0; f < a.sprites[i].size(); ++f) {
                EXPECT_EQ(a.sprites[i][f].widthPx, b.sprites[i][f].widthPx) << i << "/" << f;
                EXPECT_EQ(a.sprites[i][f].heightPx, b.sprites[i][f].heightPx) << i << "/" << f;
                EXPECT_TRUE(a.sprites[i][f].rgba.empty()) << i << "/" << f;
            }
        }
    }
    samePictures(a.hotmaps, b.hotmaps, "hotmaps");
    ASSERT_EQ(a.def.animations.size(), b.def.animations.size());
    for (std::size_t i = 0; i < a.def.animations.size(); ++i) {
        for (std::size_t f = 0; f < a.def.animations[i].frames.size(); ++f) {
            const collide::HotMasks& x = a.def.animations[i].frames[f].masks;
            const collide::HotMasks& y = b.def.animations[i].frames[f].masks;
            for (const auto& [mx, my] :
                 {std::pair{&x.attack, &y.attack}, std::pair{&x.hurt, &y.hurt}, std::pair{&x.any, &y.any}}) {
                ASSERT_EQ(mx->Bounds(), my->Bounds()) << i << "/" << f;
                for (std::int32_t py = 0; py < a.def.animations[i].frames[f].heightPx; ++py)
                    for (std::int32_t px = 0; px < a.def.animations[i].frames[f].widthPx; ++px)
                        ASSERT_EQ(mx->Get(px, py), my->Get(px, py)) << i << "/" << f << " at " << px << "," << py;
            }
        }
    }
    const auto lines = [](const auto& list) {
        std::vector<std::string> out;
        for (const auto& e : list) out.push_back(e.ToLine());
        return out;
    };
    EXPECT_EQ(lines(a.warnings), lines(b.warnings));
    EXPECT_EQ(lines(a.errors), lines(b.errors));
}

TEST(LoaderPool, TheProjectsFightersLoadAsBeforeFrameForFrame) {
    const auto roots = assets::AssetRoots::Under(HOTMAP_SOURCE_DIR);
    const auto ids = assets::ListFighters(roots);
    ASSERT_TRUE(ids.Ok()) << ids.GetError().ToLine();
    ASSERT_GE(ids.Value().size(), 2u);
    for (const bool lint : {false, true}) {
        assets::LoadOptions options;
        options.keepHotmapImages = lint, options.collectErrors = lint;
        for (const std::string& id : ids.Value()) {
            SCOPED_TRACE(id + (lint ? " (as lint loads it)" : ""));
            ExpectSameFighter(assets::LoadFighter(roots, id, options), before::LoadFighterBefore(roots, id, options));
        }
    }
    // As a headless run loads them: no sprite pixels kept, everything else the same.
    assets::LoadOptions headless;
    headless.keepSpritePixels = false;
    for (const std::string& id : ids.Value()) {
        SCOPED_TRACE(id + " (no sprite pixels kept)");
        ExpectSameFighter(assets::LoadFighter(roots, id, headless), before::LoadFighterBefore(roots, id), false);
    }
}

// A PNG whose chunks are sound (CRCs match) but whose pixels do not inflate: only libpng sees it,
// and says so on stderr, which the decode folds into its message.
std::vector<std::uint8_t> PngThatDoesNotInflate() {
    auto good = testpng::EncodeRgba(fixture::W, fixture::H,
                                    fixture::Picture(fixture::CLEAR, fixture::SKIN, false, fixture::SKIN));
    std::vector<std::uint8_t> bad(good.begin(), good.begin() + 8 + 25);  // signature and IHDR
    testpng::PutChunk(bad, "IDAT", {0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x11, 0x22});
    testpng::PutChunk(bad, "IEND", {});
    return bad;
}

// The loader's fast decode (png_batch.h) against DecodePng's (SDL_image's): the same bytes for
// every 8-bit RGBA PNG it takes, into a buffer reused from a larger image; nothing for any other
// kind or any broken file, which DecodePng then decodes or words.
TEST(FastDecode, GivesDecodePngsBytesOrLeavesThePngToIt) {
    std::vector<std::uint8_t> reused;
    assets::PngScratch scratch;
    const auto expectSame = [&](const std::vector<std::uint8_t>& png, const std::string& what) {
        SCOPED_TRACE(what);
        const auto slow = assets::DecodePng(png.data(), png.size(), what);
        ASSERT_TRUE(slow.Ok()) << slow.GetError().ToLine();
        const auto size = assets::DecodeRgba8PngInto(png.data(), png.size(), reused, scratch);
        ASSERT_TRUE(size.has_value());
        EXPECT_EQ(size->widthPx, slow.Value().widthPx);
        EXPECT_EQ(size->heightPx, slow.Value().heightPx);
        EXPECT_EQ(reused, slow.Value().rgba);
    };
    // Every byte value in every channel, transparent pixels with colour in them included.
    std::vector<std::uint8_t> rgba(64 * 48 * 4);
    for (std::size_t i = 0; i < rgba.size(); ++i) rgba[i] = static_cast<std::uint8_t>((i * 37) ^ (i >> 8));
    const auto picture = testpng::EncodeRgba(64, 48, rgba);
    expectSame(picture, "64x48");
    expectSame(testpng::EncodeRgba(3, 2, std::vector<std::uint8_t>(rgba.begin(), rgba.begin() + 24)), "3x2");
    // Ancillary chunks SDL_image's calls ignore (a gamma, a text) change no byte here either.
    std::vector<std::uint8_t> annotated(picture.begin(), picture.begin() + 8 + 25);
    testpng::PutChunk(annotated, "gAMA", {0, 0, 0x75, 0x30});
    testpng::PutChunk(annotated, "tEXt", {'a', 0, 'b'});
    annotated.insert(annotated.end(), picture.begin() + 8 + 25, picture.end());
    expectSame(annotated, "with gAMA and tEXt");
    // The image data split over three IDAT chunks, as large files are.
    const auto idatAt = static_cast<std::size_t>(8 + 25);
    const std::size_t idatBytes = (std::size_t{picture[idatAt]} << 24) | (std::size_t{picture[idatAt + 1]} << 16) |
                                  (std::size_t{picture[idatAt + 2]} << 8) | picture[idatAt + 3];
    const std::vector<std::uint8_t> data(picture.begin() + idatAt + 8, picture.begin() + idatAt + 8 + idatBytes);
    std::vector<std::uint8_t> split(picture.begin(), picture.begin() + idatAt);
    testpng::PutChunk(split, "IDAT", std::vector<std::uint8_t>(data.begin(), data.begin() + 100));
    testpng::PutChunk(split, "IDAT", std::vector<std::uint8_t>(data.begin() + 100, data.begin() + 5000));
    testpng::PutChunk(split, "IDAT", std::vector<std::uint8_t>(data.begin() + 5000, data.end()));
    testpng::PutChunk(split, "IEND", {});
    expectSame(split, "three IDATs");
    // The project's own frames, compressed as authors' tools compress them.
    for (const char* file : {"/assets/kestrel/idle_00.png", "/hotmaps/kestrel/idle_00.png", "/assets/brick/idle_00.png",
                             "/hotmaps/brick/idle_00.png", "/assets/stages/harbour/pier.png"}) {
        const auto bytes = assets::ReadInputFile(std::string(HOTMAP_SOURCE_DIR) + file, 1 << 24, "a PNG");
        ASSERT_TRUE(bytes.Ok()) << bytes.GetError().ToLine();
        expectSame(bytes.Value(), file);
    }
    // Other kinds: left to SDL_image, which decodes them.
    const auto leftToSdl = [&](const std::vector<std::uint8_t>& png, const std::string& what) {
        EXPECT_TRUE(assets::DecodePng(png.data(), png.size(), what).Ok()) << what;
        EXPECT_FALSE(assets::DecodeRgba8PngInto(png.data(), png.size(), reused, scratch).has_value()) << what;
    };
    leftToSdl(testpng::Encode(testpng::Spec{2, 1, testpng::RGB, 8, {255, 0, 255, 255, 0, 0}, {}, {}}), "RGB");
    leftToSdl(
        testpng::Encode(testpng::Spec{2, 1, testpng::RGBA, 16, {65535, 0, 65535, 65535, 65535, 0, 0, 65535}, {}, {}}),
        "RGBA 16");
    leftToSdl(testpng::Encode(testpng::Spec{2, 1, testpng::PALETTE, 8, {0, 1}, {{{255, 0, 255}}, {{255, 0, 0}}}, {0}}),
              "palette with tRNS");
    // Broken files: nothing, and DecodePng gives the error.
    const auto broken = [&](const std::vector<std::uint8_t>& png, const std::string& what) {
        EXPECT_FALSE(assets::DecodePng(png.data(), png.size(), what).Ok()) << what;
        EXPECT_FALSE(assets::DecodeRgba8PngInto(png.data(), png.size(), reused, scratch).has_value()) << what;
    };
    broken(PngThatDoesNotInflate(), "does not inflate");
    broken(std::vector<std::uint8_t>(picture.begin(), picture.end() - 20), "truncated");
    auto flipped = picture;
    flipped[flipped.size() / 2] ^= 0x40;
    broken(flipped, "a flipped byte");
    broken({'h', 'i', '\n'}, "text");
}

TEST_F(FighterLoader, BrokenFramesGiveTheErrorsBeforeGaveInFileOrder) {
    const auto roots = assets::AssetRoots::Under(root_.string());
    // Broken in several ways, early and late in the file order, so both threads meet some.
    testpng::WriteFile(Sprite("walk_back_01.png"), PngThatDoesNotInflate());
    testpng::WriteFile(Hotmap("idle_01.png"), PngThatDoesNotInflate());
    testpng::WriteFile(Hotmap("win_00.png"), {'h', 'i', '\n'});
    fs::remove(Hotmap("light_punch_01.png"));  // an active frame without its hotmap
    testpng::WriteFile(Hotmap("jump_00.png"), testpng::EncodeRgba(fixture::W, 20,
                                                                  fixture::Picture(fixture::KEY, fixture::HURT, false,
                                                                                   fixture::HURT, fixture::W, 20)));
    fs::remove(Hotmap("crouch_01.png"));  // a fallback: a warning
    // The whole load stops at the first, as it always has; its line is before's, libpng's words in.
    const auto ours = assets::LoadFighter(roots, "fixture");
    ExpectSameFighter(ours, before::LoadFighterBefore(roots, "fixture"));
    assets::LoadOptions headless;  // the sprites decoded but not kept: the same first error
    headless.keepSpritePixels = false;
    ExpectSameFighter(assets::LoadFighter(roots, "fixture", headless), before::LoadFighterBefore(roots, "fixture"),
                      false);
    ASSERT_FALSE(ours.Ok());
    EXPECT_EQ(ours.GetError().file, Hotmap("idle_01.png"));
    EXPECT_EQ(ours.GetError().code, ErrorCode::CorruptPng);
    EXPECT_EQ(ours.GetError().ToLine().find('\n'), std::string::npos) << "one line";
    // Lint's load goes on and lists every one, in file order, as before's did.
    assets::LoadOptions lint;
    lint.collectErrors = true, lint.keepHotmapImages = true;
    const auto all = assets::LoadFighter(roots, "fixture", lint);
    ExpectSameFighter(all, before::LoadFighterBefore(roots, "fixture", lint));
    lint.keepSpritePixels = false;
    ExpectSameFighter(assets::LoadFighter(roots, "fixture", lint), before::LoadFighterBefore(roots, "fixture", lint),
                      false);
    lint.keepSpritePixels = true;
    ASSERT_TRUE(all.Ok()) << all.GetError().ToLine();
    ASSERT_EQ(all.Value().errors.size(), 5u);
    EXPECT_EQ(all.Value().errors[0].file, Hotmap("idle_01.png"));
    EXPECT_EQ(all.Value().errors[1].file, Sprite("walk_back_01.png"));
    EXPECT_EQ(all.Value().errors[3].file, Hotmap("win_00.png"));
    EXPECT_EQ(all.Value().errors[4].file, Hotmap("light_punch_01.png"));
}

TEST_F(FighterLoader, ARewrittenFrameLoadsAgainAsBeforeLoadsIt) {
    // What a hot reload does: the same fighter loaded again after a frame changed on disk.
    const auto roots = assets::AssetRoots::Under(root_.string());
    const auto first = assets::LoadFighter(roots, "fixture");
    ASSERT_TRUE(first.Ok()) << first.GetError().ToLine();
    testpng::WriteFile(Hotmap("idle_03.png"),
                       testpng::EncodeRgba(fixture::W, fixture::H,
                                           fixture::Picture(fixture::KEY, fixture::HURT, true, fixture::ATTACK)));
    const auto second = assets::LoadFighter(roots, "fixture");
    ExpectSameFighter(second, before::LoadFighterBefore(roots, "fixture"));
    ASSERT_TRUE(second.Ok()) << second.GetError().ToLine();
    EXPECT_NE(game::HashFighterDef(second.Value().def), game::HashFighterDef(first.Value().def));
    EXPECT_FALSE(second.Value().def.animations[0].frames[3].masks.attack.IsEmpty());
}

}  // namespace
