// The hot-reload storm (docs/reliability.md): brawl runs headless at 60 ticks a second, once on the
// title screen and once in a fight, while sprites, hotmaps and manifests of both fighters are
// rewritten with good, half-written and bad versions (garbage, a wrong size, a FIFO, a link to
// /dev/zero, a sparse giant, a duplicate key, a control character), each write waiting for the
// run's line about it (never a sleep). The run must never crash, refuse every bad version, take
// every good one (each reload line names the exact version written), keep the last good version
// (assets_hash at the end), count its reloads as it printed them, and draw a frame afterwards.
// Short form (100 rewrites a run) in every test run; the 2,000-rewrite form has the label `long`.
#include "assets/assets.h"
#include "fixture_fighter.h"
#include "game/game.h"
#include "png_writer.h"
#include "run_command.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using nlohmann::ordered_json;

const std::string BRAWL = BRAWL_EXE;
constexpr const char* IDS[] = {"alpha", "beta"};

std::string JsonField(const std::string& json, const std::string& key) {
    std::smatch m;
    return std::regex_search(json, m, std::regex("\"" + key + "\": (\"[^\"]*\"|[0-9]+)")) ? m[1].str() : "";
}

std::string Hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

/// The files the storm rewrites, per fighter.
enum class Target { Sprite, Hotmap, ActiveHotmap, Manifest };

class Storm {
public:
    Storm(const fs::path& root, std::uint32_t seed) : root_(root), rng_(seed) {
        for (const char* id : IDS) {
            fixture::Write(root_, id);
            // Frames 4 and 5 of idle exist whether or not the manifest uses them (good versions
            // of the manifest give idle 4, 5 or 6 frames).
            for (const char* frame : {"idle_04.png", "idle_05.png"}) {
                testpng::WriteFile(Path(id, Target::Sprite, frame),
                                   testpng::EncodeRgba(fixture::W, fixture::H, SpritePixels(0)));
                testpng::WriteFile(Path(id, Target::Hotmap, frame),
                                   testpng::EncodeRgba(fixture::W, fixture::H, HotmapPixels(0, false)));
            }
        }
    }

    /// The file of fighter `id` that `target` names (`frame` for the extra idle frames).
    [[nodiscard]] std::string Path(const std::string& id, Target target, const std::string& frame = "") const {
        switch (target) {
            case Target::Sprite:
                return (root_ / "assets" / id / (frame.empty() ? "idle_01.png" : frame)).string();
            case Target::Hotmap:
                return (root_ / "hotmaps" / id / (frame.empty() ? "idle_02.png" : frame)).string();
            case Target::ActiveHotmap:
                return (root_ / "hotmaps" / id / "light_punch_01.png").string();
            case Target::Manifest:
                return (root_ / "assets" / id / "fighter.json").string();
        }
        return "";
    }

    /// A good version of the target's file, variant `k`.
    [[nodiscard]] std::vector<std::uint8_t> Good(Target target, int k) const {
        switch (target) {
            case Target::Sprite:
                return testpng::EncodeRgba(fixture::W, fixture::H, SpritePixels(k));
            case Target::Hotmap:
                return testpng::EncodeRgba(fixture::W, fixture::H, HotmapPixels(k, false));
            case Target::ActiveHotmap:
                return testpng::EncodeRgba(fixture::W, fixture::H, HotmapPixels(k, true));
            case Target::Manifest: {
                auto m = fixture::Manifest();
                m["health"] = 1000 + k;
                ordered_json frames = ordered_json::array();
                for (int i = 0; i < 4 + k % 3; ++i) frames.push_back({{"ticks", 4 + k % 5}});
                m["animations"]["idle"]["frames"] = frames;
                const std::string text = m.dump(2) + "\n";
                return {text.begin(), text.end()};
            }
        }
        return {};
    }

    /// A bad version: refused however the run catches it. Plain bytes, or a FIFO, a link or a
    /// sparse file made in place of the file (through a rename: no moment without a file there).
    void WriteBad(const std::string& path, Target target, int kind) {
        const auto good = Good(target, 0);
        switch (kind % 7) {
            case 0:  // half-written: a prefix of a good version, written in place
                WriteInPlace(path,
                             std::vector<std::uint8_t>(
                                 good.begin(), good.begin() + static_cast<std::ptrdiff_t>(rng_() % (good.size() - 2))));
                break;
            case 1: {  // garbage
                std::vector<std::uint8_t> bytes(1 + rng_() % 400);
                for (auto& b : bytes) b = static_cast<std::uint8_t>(rng_());
                WriteInPlace(path, bytes);
                break;
            }
            case 2:  // a FIFO
                Replace(path, [](const std::string& temp) { return ::mkfifo(temp.c_str(), 0644) == 0; });
                break;
            case 3:  // a link out of the project, to a device
                Replace(path, [](const std::string& temp) { return ::symlink("/dev/zero", temp.c_str()) == 0; });
                break;
            case 4:  // a sparse giant (no disk used)
                Replace(path, [](const std::string& temp) {
                    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
                    const bool ok = fd >= 0 && ::ftruncate(fd, off_t{64} << 20) == 0;
                    if (fd >= 0) ::close(fd);
                    return ok;
                });
                break;
            case 5:  // wrong in its own way: a wrong size, or a manifest's duplicate key
                if (target == Target::Manifest) {
                    std::string text(good.begin(), good.end());
                    text.insert(text.find("\"health\""), "\"health\": 1,\n  ");
                    WriteInPlace(path, {text.begin(), text.end()});
                } else {
                    WriteInPlace(path, testpng::EncodeRgba(fixture::W + 2, fixture::H,
                                                           fixture::Picture(fixture::KEY, fixture::HURT, false,
                                                                            fixture::HURT, fixture::W + 2)));
                }
                break;
            default:  // a control character where a name goes, or an active hotmap without attack
                if (target == Target::Manifest) {
                    auto m = fixture::Manifest();
                    m["moves"]["light_punch"]["animation"] = "jab\nerror: forged\x1b[2J";
                    const std::string text = m.dump(2) + "\n";
                    WriteInPlace(path, {text.begin(), text.end()});
                } else if (target == Target::ActiveHotmap) {
                    WriteInPlace(path, Good(Target::Hotmap, 0));
                } else {
                    WriteInPlace(path, {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
                }
                break;
        }
    }

    /// A good version: in place over a regular file (the run may catch it half-written first), or
    /// through a rename over a FIFO, a link or a giant.
    void WriteGood(const std::string& path, const std::vector<std::uint8_t>& bytes) {
        struct stat st {};
        if (::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_size < (1 << 20)) {
            WriteInPlace(path, bytes);
        } else {
            Replace(path, [&](const std::string& temp) {
                testpng::WriteFile(temp, bytes);
                return true;
            });
        }
    }

    std::mt19937& Rng() { return rng_; }

private:
    static std::vector<std::uint8_t> SpritePixels(int k) {
        const fixture::Pixel skin{static_cast<std::uint8_t>(150 + 20 * (k % 4)), 150, 110, 255};
        return fixture::Picture(fixture::CLEAR, skin, false, skin);
    }
    // The body widened by k % 4 columns to the left (each a different mask); with the fist's
    // attack pixels for the active frame.
    static std::vector<std::uint8_t> HotmapPixels(int k, bool attack) {
        auto px = fixture::Picture(fixture::KEY, fixture::HURT, attack, fixture::ATTACK);
        for (int y = 0; y < fixture::H; ++y)
            for (int x = 4 - k % 4; x < 4; ++x) std::copy_n(&fixture::HURT.r, 4, px.begin() + (y * fixture::W + x) * 4);
        return px;
    }

    // Each write moves the file's time a second on: the run's change check sees every write even
    // when the file system's clock is coarser than the writes are apart.
    void Touch(const std::string& path) {
        stamp_ += std::chrono::seconds(1);
        std::error_code ec;
        fs::last_write_time(path, stamp_, ec);
    }
    void WriteInPlace(const std::string& path, const std::vector<std::uint8_t>& bytes) {
        testpng::WriteFile(path, bytes);
        Touch(path);
    }
    template <class Make>
    void Replace(const std::string& path, Make make) {
        const std::string temp = path + ".storm-tmp";
        std::error_code ec;
        fs::remove(temp, ec);
        ASSERT_TRUE(make(temp)) << temp;
        struct stat st {};
        if (::lstat(temp.c_str(), &st) == 0 && !S_ISLNK(st.st_mode)) Touch(temp);
        ASSERT_EQ(::rename(temp.c_str(), path.c_str()), 0) << path;
    }

    fs::path root_;
    std::mt19937 rng_;
    fs::file_time_type stamp_ = fs::file_time_type::clock::now();
};

/// One fighter's definition hash, as a reload line prints it.
std::string FighterHash(const fs::path& root, const std::string& id) {
    const auto f = assets::LoadFighter(assets::AssetRoots::Under(root.string()), id);
    EXPECT_TRUE(f.Ok()) << (f.Ok() ? "" : f.GetError().ToLine());
    return f.Ok() ? Hex(game::HashFighterDef(f.Value().def)) : "";
}

std::string AssetsHash(const fs::path& root) {
    game::Fnv1a64 h;
    for (const char* id : IDS) {
        const auto f = assets::LoadFighter(assets::AssetRoots::Under(root.string()), id);
        EXPECT_TRUE(f.Ok());
        if (f.Ok()) h.Combine(game::HashFighterDef(f.Value().def));
    }
    return std::string("\"").append(Hex(h.Value())).append("\"");  // not "\"" + ...: GCC 12 -O3 -Wrestrict
}

void RunStorm(const std::string& scene, int rewrites, std::uint32_t seed) {
    const fs::path root = testrun::FreshDir("reload_storm_" + scene + "_" + std::to_string(rewrites));
    Storm storm(root, seed);
    const std::string shot = (root / "after.png").string();
    testrun::Process run(BRAWL,
                         {"--headless", "--realtime", "--frames", "100000000", "--reload-ms", "1", "--scene", scene,
                          "--p1", "cpu", "--p2", "cpu", "--assets", root.string(), "--screenshot", shot},
                         {"SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy"});
    ASSERT_FALSE(run.WaitForErrLine("loaded 2 fighters").empty()) << "the first load";
    const auto started = std::chrono::steady_clock::now();
    int written = 0, goodWrites = 0, badWrites = 0;
    // Every version of each fighter that was on disk whole: what a reload line may name. (A reload
    // may name the version before the one just written: a write moves the file's time after its
    // bytes, and a look between the two reloads that version again.)
    std::map<std::string, std::set<std::string>> whole;
    for (const char* id : IDS) whole[id].insert(FighterHash(root, id));
    std::vector<std::string> strays;
    // The next line about fighter `id`: "reloaded <id>: ..." or an error naming one of its files.
    const auto next = [&](const std::string& id) {
        const std::string mine1 = "error: " + (root / "assets" / id).string() + "/";
        const std::string mine2 = "error: " + (root / "hotmaps" / id).string() + "/";
        return run.WaitForErrLine([&](const std::string& line) {
            for (const char* other : IDS) {
                const std::string prefix = std::string("reloaded ") + other + ":";
                const auto at = line.find("(fighter hash ");
                if (line.rfind(prefix, 0) == 0 &&
                    (at == std::string::npos || !whole[other].count(line.substr(at + 14, 16))))
                    strays.push_back(line);
            }
            return line.rfind("reloaded " + id + ":", 0) == 0 || line.rfind(mine1, 0) == 0 || line.rfind(mine2, 0) == 0;
        });
    };
    constexpr Target TARGETS[] = {Target::Sprite, Target::Hotmap, Target::ActiveHotmap, Target::Manifest};
    int variant = 0;
    while (written < rewrites) {
        const std::string id = IDS[storm.Rng()() % 2];
        const Target target = TARGETS[storm.Rng()() % 4];
        const std::string path = storm.Path(id, target);
        if (storm.Rng()() % 2 == 0) {  // a bad version first: refused, the last good one kept
            const int kind = static_cast<int>(storm.Rng()() % 7);
            storm.WriteBad(path, target, kind);
            ++written, ++badWrites;
            while (true) {  // a reload line can come first (the write caught before it began)
                const std::string line = next(id);
                ASSERT_FALSE(line.empty()) << "write " << written << " (bad, kind " << kind << ", " << path
                                           << "): no line; the run ended or hung";
                if (line.rfind("error: ", 0) == 0) break;
            }
        }
        // A good version: taken, and the reload line names exactly its definition.
        storm.WriteGood(path, storm.Good(target, ++variant));
        ++written, ++goodWrites;
        const std::string hash = FighterHash(root, id);
        whole[id].insert(hash);
        while (true) {  // error lines, or the version before, can come first (the write caught half-way)
            const std::string line = next(id);
            ASSERT_FALSE(line.empty()) << "write " << written << " (good, " << path << "): no line";
            if (line.find("(fighter hash " + hash + ")") != std::string::npos) break;
        }
        ASSERT_TRUE(strays.empty()) << "write " << written
                                    << ": a reload held a version never written whole: " << strays[0];
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    run.Signal(SIGTERM);
    const auto result = run.Finish();
    ASSERT_EQ(result.exitCode, 0) << result.err.substr(result.err.size() > 4000 ? result.err.size() - 4000 : 0);
    for (const char* bad : {"Sanitizer", "runtime error:", "terminate called"})
        EXPECT_EQ(result.err.find(bad), std::string::npos) << bad;
    EXPECT_EQ(JsonField(result.out, "assets_hash"), AssetsHash(root)) << "the last good version is held";
    // The counts reported are the lines printed: every reload and every refusal said so.
    int reloaded = 0, refused = 0;
    std::istringstream err(result.err);
    for (std::string line; std::getline(err, line);) {
        reloaded += line.rfind("reloaded ", 0) == 0;
        refused += line.rfind("error: ", 0) == 0;
    }
    const int reloads = std::stoi(JsonField(result.out, "reloads"));
    const int reloadErrors = std::stoi(JsonField(result.out, "reload_errors"));
    EXPECT_EQ(reloads, reloaded) << result.out;
    EXPECT_EQ(reloadErrors, refused) << result.out;
    EXPECT_GE(reloads, goodWrites);
    EXPECT_GE(reloadErrors, badWrites);
    // The screenshot drew the scene with what the storm left.
    const auto picture = assets::LoadPng(shot);
    EXPECT_TRUE(picture.Ok()) << (picture.Ok() ? "" : picture.GetError().ToLine());
    std::printf(
        "reload storm (%s): %d rewrites (%d good, %d bad) in %.1f s; the run reports %d reloads, %d reload "
        "errors\n",
        scene.c_str(), written, goodWrites, badWrites, seconds, reloads, reloadErrors);
    ::testing::Test::RecordProperty("rewrites", written);
    ::testing::Test::RecordProperty("reloads", reloads);
    ::testing::Test::RecordProperty("reload_errors", reloadErrors);
    fs::remove_all(root);
}

TEST(ReloadStorm, TitleScreenShort) {
    RunStorm("title", 100, 11);
}
TEST(ReloadStorm, FightShort) {
    RunStorm("fight", 100, 12);
}
// Label long (tests/CMakeLists.txt): 2,000 rewrites each.
TEST(ReloadStorm, TitleScreenLong) {
    RunStorm("title", 2000, 21);
}
TEST(ReloadStorm, FightLong) {
    RunStorm("fight", 2000, 22);
}

}  // namespace
