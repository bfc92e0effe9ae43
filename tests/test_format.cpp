// The fighter format is defined once (src/assets/format.h): docs/manifest.md's field tables are
// exactly what its table makes, every field the reader accepts is in the table, the writer writes
// what the reader reads back, and frame files are named one way.
#include "assets/format.h"
#include "fixture_fighter.h"
#include "game/game.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace {

std::string Doc() {
    std::ifstream in(std::string(HOTMAP_SOURCE_DIR) + "/docs/manifest.md");
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

TEST(Format, DocsManifestHoldsEveryFieldTableAsTheFormatMakesIt) {
    const std::string doc = Doc();
    for (const auto& [parent, prefix] :
         std::initializer_list<std::pair<const char*, const char*>>{{"", ""},
                                                                    {"animations.*", ""},
                                                                    {"moves.*", ""},
                                                                    {"moves.*.projectile", "projectile."},
                                                                    {"moves.*.throw", "throw."}}) {
        const std::string table = assets::FieldTableMarkdown(parent, prefix);
        EXPECT_NE(doc.find(table), std::string::npos) << "docs/manifest.md should hold, verbatim:\n" << table;
    }
}

TEST(Format, EveryFieldOfTheFixtureIsInTheTable) {
    // Each key of a valid manifest, at every level, has its row; and a key the table lacks is refused.
    const auto manifest = fixture::Manifest();
    const auto check = [](const nlohmann::ordered_json& object, const std::string& parent) {
        for (const auto& [key, value] : object.items()) {
            bool found = false;
            for (const assets::Field& f : assets::ManifestFields())
                found = found || (parent == f.parent && key == f.key);
            EXPECT_TRUE(found) << parent << "." << key;
        }
    };
    check(manifest, "");
    check(manifest["pushbox"], "pushbox");
    check(manifest["animations"]["idle"], "animations.*");
    check(manifest["animations"]["idle"]["frames"][0], "animations.*.frames[]");
    check(manifest["moves"]["light_punch"], "moves.*");
    check(manifest["moves"]["special"]["projectile"], "moves.*.projectile");
}

TEST(Format, WhatTheWriterWritesTheReaderReadsBackTheSame) {
    const auto read = assets::ReadManifest(fixture::Manifest().dump(), "fixture.json");
    ASSERT_TRUE(read.Ok()) << read.GetError().ToLine();
    const std::string written = assets::WriteManifest(read.Value());
    const auto again = assets::ReadManifest(written, "written.json");
    ASSERT_TRUE(again.Ok()) << again.GetError().ToLine() << "\n" << written;
    EXPECT_EQ(assets::WriteManifest(again.Value()), written) << "writing is a fixed point";
    const auto a = assets::ManifestToDef(read.Value(), "x", "a");
    const auto b = assets::ManifestToDef(again.Value(), "x", "b");
    ASSERT_TRUE(a.Ok() && b.Ok());
    EXPECT_EQ(game::HashFighterDef(a.Value()), game::HashFighterDef(b.Value()));
}

TEST(Format, RangesComeFromTheTable) {
    // The reader's message quotes the table's range: change the table and the rule changes with it.
    const assets::Field& damage = assets::FieldAt("moves.*", "damage");
    auto m = fixture::Manifest();
    m["moves"]["light_punch"]["damage"] = static_cast<int>(damage.hi) + 1;
    const auto r = assets::ReadManifest(m.dump(), "f.json");
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().message, "moves.light_punch.damage: must be 0-10000, got 10001");
}

TEST(Format, FrameFilesAreNamedOneWay) {
    EXPECT_EQ(assets::FrameFileName("idle", 0), "idle_00.png");
    EXPECT_EQ(assets::FrameFileName("heavy_kick", 12), "heavy_kick_12.png");
    EXPECT_TRUE(assets::IsSafeAnimationName("jump_kick_2"));
    EXPECT_FALSE(assets::IsSafeAnimationName("Orb!"));
    EXPECT_FALSE(assets::IsSafeAnimationName(""));
    EXPECT_FALSE(assets::IsSafeAnimationName(std::string(33, 'a')));
}

TEST(Format, AHugeUnsignedNumberIsQuotedAsWritten) {
    auto m = fixture::Manifest();
    const std::string text =
        std::string(m.dump()).replace(m.dump().find("\"health\":1000"), 13, "\"health\":18446744073709551615");
    const auto r = assets::ReadManifest(text, "f.json");
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().message, "health: must be 1-100000, got 18446744073709551615");
}

}  // namespace
