// The soak: brawl headless with two CPUs for 100,000 ticks (about 28 minutes of play, a couple of
// dozen matches back to back), twice. The same hash both times, and memory that stays flat:
// the long run peaks no higher than a run a tenth as long. (Label: long; `make test` runs it.)
#include "run_command.h"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <regex>

namespace {

const std::string BRAWL = BRAWL_EXE;

std::string Field(const std::string& json, const std::string& key) {
    std::smatch m;
    return std::regex_search(json, m, std::regex("\"" + key + "\": (\"[^\"]*\"|[0-9]+)")) ? m[1].str() : "";
}

long PeakChildKiB() {
    rusage r{};
    getrusage(RUSAGE_CHILDREN, &r);
    return r.ru_maxrss;  // the largest of all children waited for so far, in KiB
}

TEST(Soak, HundredThousandTicksTwiceSameHashFlatMemory) {
    const std::vector<std::string> base{"--headless", "--p1", "cpu",      "--p2",           "cpu", "--level", "3",
                                        "--seed",     "2026", "--assets", HOTMAP_SOURCE_DIR};
    auto run = [&](const char* frames) {
        auto args = base;
        args.insert(args.end(), {"--frames", frames});
        return testrun::Run(BRAWL, args);
    };
    const auto shortRun = run("10000");
    ASSERT_EQ(shortRun.exitCode, 0) << shortRun.err;
    const long shortPeak = PeakChildKiB();
    const auto first = run("100000");
    ASSERT_EQ(first.exitCode, 0) << first.err;
    const long longPeak = PeakChildKiB();
    const auto second = run("100000");
    ASSERT_EQ(second.exitCode, 0) << second.err;
    EXPECT_EQ(Field(first.out, "hash"), Field(second.out, "hash"));
    EXPECT_GE(std::stoi(Field(first.out, "matches")), 5) << "the CPUs finish matches and start new ones: " << first.out;
    EXPECT_LE(longPeak, shortPeak + shortPeak / 10)
        << "peak RSS grew from " << shortPeak << " KiB (10,000 ticks) to " << longPeak << " KiB (100,000 ticks)";
}

}  // namespace
