// `hotmap collide` end to end: the binary run on small PNGs this test writes (RGBA, palette, RGB
// without alpha), its JSON line, its exit codes and its one-line errors.
#include "png_writer.h"
#include "run_command.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

namespace {

using testpng::Spec;

const std::string HOTMAP = HOTMAP_EXE;

class HotmapCollide : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = testrun::FreshDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        // A: 4x3 RGBA. 'r' attack, 'b' hurt, '.' magenta air, 't' transparent.
        //   r b . .
        //   . b t .
        //   . . . b
        a_ = Write("a.png", Pixels(4, 3,
                                   "rb.."
                                   ".bt."
                                   "...b"));
        // B: 3x3 palette PNG (index 0 magenta, 1 green hurt, 2 red attack):
        //   1 1 0
        //   0 2 0
        //   0 0 0
        b_ = Write("b.png", testpng::Encode(Spec{3,
                                                 3,
                                                 testpng::PALETTE,
                                                 8,
                                                 {1, 1, 0, 0, 2, 0, 0, 0, 0},
                                                 {{{255, 0, 255}}, {{0, 200, 0}}, {{255, 0, 0}}},
                                                 {}}));
        // C: 2x2 RGB without alpha, all magenta but one blue pixel at (1, 1).
        c_ = Write("c.png", testpng::Encode(Spec{
                                2, 2, testpng::RGB, 8, {255, 0, 255, 255, 0, 255, 255, 0, 255, 0, 0, 255}, {}, {}}));
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    static std::vector<std::uint8_t> Pixels(std::uint32_t w, std::uint32_t h, const std::string& art) {
        std::vector<std::uint8_t> px;
        for (const char ch : art) {
            const std::vector<std::uint8_t> c = ch == 'r'   ? std::vector<std::uint8_t>{255, 0, 0, 255}
                                                : ch == 'b' ? std::vector<std::uint8_t>{30, 60, 200, 255}
                                                : ch == 't' ? std::vector<std::uint8_t>{30, 60, 200, 0}
                                                            : std::vector<std::uint8_t>{255, 0, 255, 255};
            px.insert(px.end(), c.begin(), c.end());
        }
        return testpng::EncodeRgba(w, h, px);
    }
    std::string Write(const std::string& name, const std::vector<std::uint8_t>& bytes) {
        const std::string path = (dir_ / name).string();
        testpng::WriteFile(path, bytes);
        return path;
    }
    testrun::Output Collide(std::vector<std::string> args) {
        args.insert(args.begin(), "collide");
        return testrun::Run(HOTMAP, args);
    }

    std::filesystem::path dir_;
    std::string a_, b_, c_;
};

TEST_F(HotmapCollide, HitAtTheOrigin) {
    // B at (0, 0): A's (0,0) r meets B's 1, A's (1,0) b meets 1, A's (1,1) b meets 2.
    const auto r = Collide({a_, "0", "0", b_, "0", "0"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, "{\"hit\": true, \"area\": 3, \"first\": [0, 0], \"overlap\": [0, 0, 2, 2]}\n");
    EXPECT_EQ(r.err, "");
}

TEST_F(HotmapCollide, NegativeAndOffsetPositions) {
    // B one pixel right of A: only A's (1,0) meets B's (0,0). Overlap: B's 2x2 bounds, inside A's.
    const auto r = Collide({a_, "-10", "-20", b_, "-9", "-20"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, "{\"hit\": true, \"area\": 1, \"first\": [-9, -20], \"overlap\": [-9, -20, 2, 2]}\n");
}

TEST_F(HotmapCollide, BoxesOverlapWithoutPixels) {
    // C's only hot pixel is at (1,1); placed at (1,0) that is world (2,1): A has transparent there.
    const auto r = Collide({a_, "0", "0", c_, "1", "0"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, "{\"hit\": false, \"area\": 0, \"first\": null, \"overlap\": [2, 1, 1, 1]}\n");
}

TEST_F(HotmapCollide, ApartGivesNullOverlap) {
    const auto r = Collide({a_, "0", "0", b_, "4", "0"});
    EXPECT_EQ(r.out, "{\"hit\": false, \"area\": 0, \"first\": null, \"overlap\": null}\n");
}

TEST_F(HotmapCollide, FlipMirrorsInsideTheBox) {
    // A mirrored: row 0 becomes ". . b r", so B at (2, 0) meets b and r with its two 1s.
    const auto flipped = Collide({a_, "0", "0", b_, "2", "0", "--flip-a"});
    EXPECT_EQ(flipped.out, "{\"hit\": true, \"area\": 2, \"first\": [2, 0], \"overlap\": [2, 0, 2, 2]}\n");
    const auto plain = Collide({a_, "0", "0", b_, "2", "0"});
    EXPECT_EQ(plain.out, "{\"hit\": false, \"area\": 0, \"first\": null, \"overlap\": [2, 0, 2, 2]}\n");
    // B mirrored: row 0 becomes "0 1 1", row 1 "0 2 0"; its bounds move to columns 1-2.
    const auto flipB = Collide({a_, "0", "0", b_, "0", "0", "--flip-b"});
    EXPECT_EQ(flipB.out, "{\"hit\": true, \"area\": 2, \"first\": [1, 0], \"overlap\": [1, 0, 2, 2]}\n");
}

TEST_F(HotmapCollide, Channels) {
    // Attack of A (only (0,0)) against hurt of B (the two 1s in row 0).
    const auto r = Collide({a_, "0", "0", b_, "0", "0", "--channel-a", "attack", "--channel-b", "hurt"});
    EXPECT_EQ(r.out, "{\"hit\": true, \"area\": 1, \"first\": [0, 0], \"overlap\": [0, 0, 1, 1]}\n");
    const auto r2 = Collide({a_, "0", "0", b_, "0", "0", "--channel-a", "hurt", "--channel-b", "attack"});
    EXPECT_EQ(r2.out, "{\"hit\": true, \"area\": 1, \"first\": [1, 1], \"overlap\": [1, 1, 1, 1]}\n");
}

TEST_F(HotmapCollide, KeyColourIsConfigurable) {
    // With green as the key, B's 1s are air and its magenta 0s are hot; all of C is hot.
    // C covers (0..1, 0..1), where B is hot at (0,1) and (1,1) only.
    const auto r = Collide({c_, "0", "0", b_, "0", "0", "--key", "00C800"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, "{\"hit\": true, \"area\": 2, \"first\": [0, 1], \"overlap\": [0, 0, 2, 2]}\n");
    const auto plain = Collide({c_, "0", "0", b_, "0", "0"});
    EXPECT_EQ(plain.out, "{\"hit\": true, \"area\": 1, \"first\": [1, 1], \"overlap\": [1, 1, 1, 1]}\n");
}

TEST_F(HotmapCollide, RepeatAddsNsPerQuery) {
    const auto r = Collide({a_, "0", "0", b_, "0", "0", "--repeat", "1000"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(std::regex_match(
        r.out,
        std::regex(
            R"(\{"hit": true, "area": 3, "first": \[0, 0\], "overlap": \[0, 0, 2, 2\], "ns_per_query": [0-9]+\.[0-9]\}\n)")))
        << r.out;
}

TEST_F(HotmapCollide, RepeatKeepsTheAnswerAndOnlyAddsNsPerQuery) {
    // Any N, divisible by five or not, even below five: the answer fields are the plain run's,
    // byte for byte, and exactly one field follows them.
    const std::vector<std::vector<std::string>> placements{
        {a_, "0", "0", b_, "0", "0"},
        {a_, "0", "0", b_, "2", "0", "--flip-a"},
        {a_, "0", "0", c_, "1", "0"},
        {a_, "0", "0", b_, "4", "0"},
        {c_, "0", "0", b_, "0", "0", "--key", "00C800", "--channel-b", "hurt"},
    };
    for (const auto& args : placements) {
        const auto plain = Collide(args);
        ASSERT_EQ(plain.exitCode, 0) << plain.err;
        ASSERT_EQ(plain.out.substr(plain.out.size() - 2), "}\n");
        const std::string answer = plain.out.substr(0, plain.out.size() - 2);
        for (const char* n : {"1", "4", "7", "12", "1000"}) {
            auto repeated = args;
            repeated.insert(repeated.begin() + 3, {"--repeat", n});  // options may come anywhere
            const auto r = Collide(repeated);
            EXPECT_EQ(r.exitCode, 0) << n << ": " << r.err;
            EXPECT_EQ(r.err, "");
            ASSERT_EQ(r.out.rfind(answer + ", \"ns_per_query\": ", 0), 0u) << n << ": " << r.out;
            EXPECT_TRUE(
                std::regex_match(r.out.substr(answer.size()), std::regex(R"(, "ns_per_query": [0-9]+\.[0-9]\}\n)")))
                << n << ": " << r.out;
        }
    }
}

TEST_F(HotmapCollide, RepeatWantsAWholeNumberOfAtLeastOne) {
    for (const std::string n : {"0", "-1", "-5", "abc", "", "1.5", "1e3", "5x", " 5", "+5", "99999999999"}) {
        const auto r = Collide({a_, "0", "0", b_, "0", "0", "--repeat", n});
        EXPECT_EQ(r.exitCode, 2) << "'" << n << "'";
        EXPECT_EQ(r.out, "") << "'" << n << "'";
        EXPECT_EQ(r.err.rfind("hotmap collide: --repeat wants a whole number of at least 1, not '" + n + "'\n", 0), 0u)
            << r.err;
        EXPECT_NE(r.err.find("usage: hotmap collide"), std::string::npos) << r.err;
    }
    const auto missing = Collide({a_, "0", "0", b_, "0", "0", "--repeat"});
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_EQ(missing.out, "");
    EXPECT_EQ(missing.err.rfind("hotmap collide: --repeat needs a value\n", 0), 0u) << missing.err;
}

TEST_F(HotmapCollide, BadFilesExitOneWithOneLine) {
    const std::string missing = (dir_ / "missing.png").string();
    auto r = Collide({a_, "0", "0", missing, "0", "0"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err, "error: " + missing + ": no such file\n");
    EXPECT_EQ(r.out, "");
    const std::string text = Write("text.png", {'h', 'e', 'l', 'l', 'o'});
    r = Collide({text, "0", "0", a_, "0", "0"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err.rfind("error: " + text + ": not a PNG", 0), 0u) << r.err;
    auto bytes = testpng::EncodeRgba(2, 2, std::vector<std::uint8_t>(16, 9));
    bytes.resize(bytes.size() - 30);
    const std::string cut = Write("cut.png", bytes);
    r = Collide({a_, "0", "0", cut, "0", "0"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err.rfind("error: " + cut + ": ", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST_F(HotmapCollide, BadUsageExitsTwo) {
    for (const auto& args : std::vector<std::vector<std::string>>{
             {a_, "0", "0", b_, "0"},
             {a_, "0", "0", b_, "0", "0", "7"},
             {a_, "0x", "0", b_, "0", "0"},
             {a_, "1.5", "0", b_, "0", "0"},
             {a_, "0", "0", b_, "0", "0", "--flip-c"},
             {a_, "0", "0", b_, "0", "0", "--key", "FF00F"},
             {a_, "0", "0", b_, "0", "0", "--key"},
             {a_, "0", "0", b_, "0", "0", "--channel-a", "kick"},
             {a_, "0", "0", b_, "0", "0", "--repeat", "0"},
             {a_, "99999999999", "0", b_, "0", "0"},
         }) {
        const auto r = Collide(args);
        EXPECT_EQ(r.exitCode, 2) << args.back() << ": " << r.err;
        EXPECT_NE(r.err.find("usage: hotmap collide"), std::string::npos) << r.err;
        EXPECT_EQ(r.out, "");
    }
    EXPECT_EQ(testrun::Run(HOTMAP, {}).exitCode, 2);
    EXPECT_EQ(testrun::Run(HOTMAP, {"smash"}).exitCode, 2);
}

TEST_F(HotmapCollide, HelpExitsZero) {
    const auto r = Collide({"--help"});
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_NE(r.out.find("--channel-a any|attack|hurt"), std::string::npos);
    EXPECT_NE(r.out.find("ns_per_query"), std::string::npos);
    const auto top = testrun::Run(HOTMAP, {"--help"});
    EXPECT_EQ(top.exitCode, 0);
    EXPECT_NE(top.out.find("collide"), std::string::npos);
}

}  // namespace
