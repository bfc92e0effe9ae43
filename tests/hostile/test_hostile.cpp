// Hostile files through the programs, as an attacker would hand them over (docs/reliability.md,
// "Hostile files"): FIFOs, sparse giants, links to devices and out of the project, control
// characters and huge keys, 100,000 animations, duplicate keys, pixel budgets, outputs that are
// FIFOs, a huge --repeat, a frame that becomes a FIFO while the game runs. Each case is run by
// `hotmap lint` and `brawl --headless` where both load it, under `timeout` (a hang is exit 124, a
// failure) and, outside the sanitizers, a 4 GB address-space limit (so unbounded memory ends in a
// failure, not in a machine out of memory). Each must give the exit code it deserves, exactly one
// `error: <file>: <what>` line, every line of output one line (no control character), and
// nothing written.
//
// The programs are the ones built here, or those named by HOSTILE_HOTMAP_EXE and HOSTILE_BRAWL_EXE
// (how these tests were run against a build of main before the fixes: docs/reliability.md);
// HOSTILE_GUARD_SECONDS shortens the hang guard for such a run.
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
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;
using nlohmann::ordered_json;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool SANITIZED = true;  // ASan reserves terabytes of address space: no ulimit -v under it
#else
constexpr bool SANITIZED = false;
#endif

std::string FromEnv(const char* name, const std::string& fallback) {
    const char* v = std::getenv(name);
    return v != nullptr && *v != '\0' ? std::string(v) : fallback;
}

const std::string HOTMAP = FromEnv("HOSTILE_HOTMAP_EXE", HOTMAP_EXE);
const std::string BRAWL = FromEnv("HOSTILE_BRAWL_EXE", BRAWL_EXE);
const int GUARD_SECONDS = std::stoi(FromEnv("HOSTILE_GUARD_SECONDS", "120"));
const std::string SDL_ENV = "SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy";

/// Runs `exe args` under the hang guard and, unsanitized, a 4 GB address-space limit.
testrun::Output RunGuarded(const std::string& exe, const std::vector<std::string>& args, const std::string& env = "",
                           int seconds = GUARD_SECONDS) {
    std::vector<std::string> wrapped{
        "-k", "5",  std::to_string(seconds),
        "sh", "-c", std::string(SANITIZED ? "" : "ulimit -v 4194304; ") + "exec \"$0\" \"$@\"",
        exe};
    wrapped.insert(wrapped.end(), args.begin(), args.end());
    return testrun::Run("timeout", wrapped, env);
}

std::vector<std::string> Lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

/// Every entry under `root` (links not followed) with its type, size and mtime.
std::map<std::string, std::string> Snapshot(const fs::path& root) {
    std::map<std::string, std::string> out;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        struct stat st {};
        if (::lstat(it->path().c_str(), &st) != 0) continue;
        out[it->path().lexically_relative(root).string()] =
            std::to_string(st.st_mode) + " " + std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_nsec);
    }
    return out;
}

/// What must hold for any run on a hostile file: it ended by itself, no sanitizer or exception,
/// and every line it printed is one line of printable text.
void ExpectCleanRun(const testrun::Output& r, const std::string& what) {
    EXPECT_NE(r.exitCode, 124) << what << ": it hung (killed by the guard after " << GUARD_SECONDS << " s)";
    EXPECT_LT(r.exitCode, 128) << what << ": ended by a signal\n" << r.err.substr(0, 2000);
    EXPECT_NE(r.exitCode, 86) << what << ": a sanitizer report\n" << r.err.substr(0, 4000);
    for (const char* bad : {"Sanitizer", "runtime error:", "terminate called", "std::bad_alloc"})
        EXPECT_EQ(r.err.find(bad), std::string::npos) << what << ": " << bad << "\n" << r.err.substr(0, 4000);
    for (const std::string* stream : {&r.out, &r.err}) {
        for (const std::string& line : Lines(*stream)) {
            EXPECT_LE(line.size(), 2048u) << what << ": a line of " << line.size() << " bytes";
            for (const char c : line) {
                const auto b = static_cast<unsigned char>(c);
                if (b < 0x20 || b == 0x7F) {
                    ADD_FAILURE() << what << ": a control character (" << int(b)
                                  << ") in a line: " << line.substr(0, 300);
                    break;
                }
            }
        }
    }
}

/// The run failed as it should: exit `exitCode`, stderr exactly one line (besides brawl's load
/// report, "loaded 2 fighters ..."), "error: <file>: ...", holding `message`.
void ExpectOneError(const testrun::Output& r, int exitCode, const std::string& file, const std::string& message,
                    const std::string& what) {
    ExpectCleanRun(r, what);
    EXPECT_EQ(r.exitCode, exitCode) << what << "\n" << r.err.substr(0, 2000);
    std::vector<std::string> lines;
    for (const std::string& line : Lines(r.err)) {
        if (line.rfind("loaded ", 0) != 0) lines.push_back(line);
    }
    ASSERT_EQ(lines.size(), 1u) << what << ": stderr is one line\n" << r.err.substr(0, 3000);
    const std::string prefix = "error: " + file + ": ";
    EXPECT_EQ(lines[0].rfind(prefix, 0), 0u) << what << ": want it to start with \"" << prefix << "\"\n" << lines[0];
    EXPECT_NE(lines[0].find(message, lines[0].rfind(prefix, 0) == 0 ? prefix.size() : 0), std::string::npos)
        << what << ": want \"" << message << "\"\n"
        << lines[0];
}

void MakeFifo(const fs::path& path) {
    std::error_code ec;
    fs::remove(path, ec);
    ASSERT_EQ(::mkfifo(path.c_str(), 0644), 0) << path;
}

/// A file of `bytes` bytes that uses no disk: all a hole.
void MakeSparse(const fs::path& path, std::uint64_t bytes) {
    std::error_code ec;
    fs::remove(path, ec);
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ASSERT_GE(fd, 0) << path;
    ASSERT_EQ(::ftruncate(fd, static_cast<off_t>(bytes)), 0);
    ::close(fd);
}

void Link(const fs::path& target, const fs::path& link) {
    std::error_code ec;
    fs::remove_all(link, ec);
    fs::create_symlink(target, link);
}

/// "f7": appended piece by piece, as GCC 12 at -O3 misreads `"f" + std::to_string(i)` (-Wrestrict).
std::string Numbered(const char* prefix, int i) {
    return std::string(prefix).append(std::to_string(i));
}

void WriteText(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

/// A one-colour W x H PNG, 1 bit a pixel: a 4096 x 4096 frame is 2 MiB on disk, 16.7 Mpx decoded.
std::vector<std::uint8_t> BigFlatPng(std::uint32_t w, std::uint32_t h) {
    testpng::Spec s{w, h, testpng::PALETTE, 1, {}, {{40, 80, 220}}, {}};
    s.samples.assign(static_cast<std::size_t>(w) * h, 0);
    return testpng::Encode(s);
}

/// The fixture's manifest with `count` more animations "a0", "a1", ... each `value` (written as
/// text: ordered_json finds a key by a linear search, which would make the test itself quadratic).
std::string WithAnimations(int count, const std::string& value) {
    std::string text = fixture::Manifest().dump(2);
    std::string more;
    for (int i = 0; i < count; ++i)
        more.append("\"a").append(std::to_string(i)).append("\": ").append(value).append(",");
    const std::string open = "\"animations\": {";
    text.insert(text.find(open) + open.size(), more);
    return text + "\n";
}

// ---- the project and the programs ----------------------------------------------------------------

class Hostile : public ::testing::Test {
protected:
    void SetUp() override {
        name_ = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        root_ = testrun::FreshDir("hostile_" + name_);
        fixture::Write(root_);
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(root_, ec);
        if (!outside_.empty()) fs::remove_all(outside_, ec);
    }

    [[nodiscard]] fs::path Sprite(const std::string& file, const std::string& id = "fixture") const {
        return root_ / "assets" / id / file;
    }
    [[nodiscard]] fs::path Hotmap(const std::string& file, const std::string& id = "fixture") const {
        return root_ / "hotmaps" / id / file;
    }
    [[nodiscard]] fs::path Manifest(const std::string& id = "fixture") const { return Sprite("fighter.json", id); }
    void WriteManifest(const ordered_json& m, const std::string& id = "fixture") const {
        WriteText(Manifest(id), m.dump(2) + "\n");
    }
    /// A folder outside the project (removed at the end).
    fs::path Outside() {
        if (outside_.empty()) outside_ = testrun::FreshDir("hostile_outside_" + name_);
        return outside_;
    }

    testrun::Output Lint(std::vector<std::string> extra = {}) {
        std::vector<std::string> args{"lint"};
        args.insert(args.end(), extra.begin(), extra.end());
        args.push_back(root_.string());
        return RunGuarded(HOTMAP, args);
    }
    testrun::Output Brawl(std::vector<std::string> extra = {}) {
        std::vector<std::string> args{"--headless", "--frames", "1", "--assets", root_.string()};
        args.insert(args.end(), extra.begin(), extra.end());
        return RunGuarded(BRAWL, args, SDL_ENV);
    }

    /// Both programs that load fighters give the one error line, and write nothing.
    void ExpectBothRefuse(const fs::path& file, const std::string& message, std::vector<std::string> extra = {}) {
        const auto before = Snapshot(root_);
        ExpectOneError(Lint(extra), 1, file.string(), message, name_ + ": hotmap lint");
        ExpectOneError(Brawl(extra), 1, file.string(), message, name_ + ": brawl");
        EXPECT_EQ(Snapshot(root_), before) << name_ << ": something was written in the project";
    }

    std::string name_;
    fs::path root_;
    fs::path outside_;
};

// ---- FIFOs: opened without blocking, refused --------------------------------------------------------

TEST_F(Hostile, ASpriteThatIsAFifo) {
    MakeFifo(Sprite("walk_back_01.png"));
    ExpectBothRefuse(Sprite("walk_back_01.png"), "not a regular file (a FIFO)");
}

TEST_F(Hostile, AHotmapThatIsAFifo) {
    MakeFifo(Hotmap("idle_02.png"));
    ExpectBothRefuse(Hotmap("idle_02.png"), "not a regular file (a FIFO)");
}

TEST_F(Hostile, AManifestThatIsAFifo) {
    MakeFifo(Manifest());
    ExpectBothRefuse(Manifest(), "not a regular file (a FIFO)");
}

// ---- sparse giants: refused by their size before a byte is read --------------------------------------

TEST_F(Hostile, ASparse2GBSprite) {
    MakeSparse(Sprite("idle_00.png"), 2ull << 30);
    ExpectBothRefuse(Sprite("idle_00.png"), "2147483648 bytes, over the limit of 16777216 bytes for a PNG");
}

TEST_F(Hostile, ASparse2GBHotmap) {
    MakeSparse(Hotmap("hit_01.png"), 2ull << 30);
    ExpectBothRefuse(Hotmap("hit_01.png"), "2147483648 bytes, over the limit of 16777216 bytes for a PNG");
}

TEST_F(Hostile, ASparse2GBManifest) {
    MakeSparse(Manifest(), 2ull << 30);
    ExpectBothRefuse(Manifest(), "2147483648 bytes, over the limit of 4194304 bytes for a manifest");
}

// ---- links: out of the project refused (naming the link and its target), devices refused ------------

TEST_F(Hostile, AHotmapLinkedToDevZero) {
    Link("/dev/zero", Hotmap("idle_01.png"));
    ExpectBothRefuse(Hotmap("idle_01.png"),
                     "a link to /dev/zero, outside the project (--allow-outside-links allows it)");
    // Allowed out, it is still no regular file: refused without a byte read.
    ExpectBothRefuse(Hotmap("idle_01.png"), "not a regular file (a character device)", {"--allow-outside-links"});
}

TEST_F(Hostile, ASpriteLinkedToEtcPasswd) {
    Link("/etc/passwd", Sprite("crouch_00.png"));
    ExpectBothRefuse(Sprite("crouch_00.png"),
                     "a link to /etc/passwd, outside the project (--allow-outside-links allows it)");
    ExpectBothRefuse(Sprite("crouch_00.png"), "not a PNG", {"--allow-outside-links"});
}

TEST_F(Hostile, AFighterFolderLinkedFromOutside) {
    // The fighter lives elsewhere; assets/fixture and hotmaps/fixture are links to it.
    fixture::Write(Outside());
    fs::remove_all(root_ / "assets" / "fixture");
    fs::remove_all(root_ / "hotmaps" / "fixture");
    Link(Outside() / "assets" / "fixture", root_ / "assets" / "fixture");
    Link(Outside() / "hotmaps" / "fixture", root_ / "hotmaps" / "fixture");
    const std::string target = fs::canonical(Outside() / "assets" / "fixture").string();
    ExpectBothRefuse(root_ / "assets" / "fixture",
                     "a link to " + target + ", outside the project (--allow-outside-links allows it)");
    // The user's choice: with the option it loads.
    const auto lint = Lint({"--allow-outside-links"});
    ExpectCleanRun(lint, "lint --allow-outside-links");
    EXPECT_EQ(lint.exitCode, 0) << lint.err;
    const auto brawl = Brawl({"--allow-outside-links"});
    ExpectCleanRun(brawl, "brawl --allow-outside-links");
    EXPECT_EQ(brawl.exitCode, 0) << brawl.err;
}

TEST_F(Hostile, AHotmapFolderLinkedFromOutside) {
    fixture::Write(Outside());
    fs::remove_all(root_ / "hotmaps" / "fixture");
    Link(Outside() / "hotmaps" / "fixture", root_ / "hotmaps" / "fixture");
    const std::string target = fs::canonical(Outside() / "hotmaps" / "fixture").string();
    ExpectBothRefuse(root_ / "hotmaps" / "fixture", "a link to " + target + ", outside the project");
}

TEST_F(Hostile, ALinkInsideTheProjectIsFollowed) {
    // A frame shared by two animations through a link stays allowed.
    fs::remove(Sprite("walk_back_00.png"));
    fs::create_symlink("walk_forward_00.png", Sprite("walk_back_00.png"));
    const auto r = Lint();
    ExpectCleanRun(r, "lint");
    EXPECT_EQ(r.exitCode, 0) << r.err;
}

// ---- control characters and huge values: escaped, cut, one line ------------------------------------

TEST_F(Hostile, ControlCharactersInAMovesAnimation) {
    auto m = fixture::Manifest();
    m["moves"]["light_punch"]["animation"] = "jab\nerror: forged.png: x\x1b[2J";  // 28 bytes: within 1-32
    WriteManifest(m);
    ExpectBothRefuse(Manifest(),
                     "moves.light_punch.animation: no animation named \"jab\\nerror: forged.png: x\\x1b[2J\"");
}

TEST_F(Hostile, ControlCharactersInAProjectilesAnimation) {
    auto m = fixture::Manifest();
    m["moves"]["special"]["projectile"]["animation"] =
        "orb\r\xc2\x9b"
        "31m\x07";
    WriteManifest(m);
    ExpectBothRefuse(Manifest(), "moves.special.projectile.animation: no animation named \"orb\\r\\u009b31m\\x07\"");
}

TEST_F(Hostile, ControlCharactersInAFolderName) {
    // A fighter whose folder's name holds a newline and an escape, and a broken sprite.
    const std::string id = "evil\nerror: forged.png: x\x1b[31m";
    fs::remove_all(root_ / "assets" / "fixture");
    fs::remove_all(root_ / "hotmaps" / "fixture");
    fixture::Write(root_, id);
    WriteText(Sprite("idle_00.png", id), "not a png");
    const fs::path shown = root_ / "assets" / "evil\\nerror: forged.png: x\\x1b[31m" / "idle_00.png";
    ExpectBothRefuse(shown, "not a PNG: the file does not start with the PNG signature");
}

// The fight-depth fields (throws, cancels, palettes) go through the same reader: their names are
// escaped and cut, their counts capped by the field table before an entry is read.
TEST_F(Hostile, ControlCharactersInAThrowsAnimation) {
    auto m = fixture::Manifest();
    m["moves"]["grab"] = m["moves"]["light_punch"];
    m["moves"]["grab"]["button"] = "punch+kick";
    m["moves"]["grab"]["throw"] = {{"animation", "toss\nerror: forged.png: x\x1b[2J"}, {"victimOffsets", {{10, 0}}}};
    WriteManifest(m);
    ExpectBothRefuse(Manifest(),
                     "moves.grab.throw.animation: no animation named \"toss\\nerror: forged.png: x\\x1b[2J\"");
}

TEST_F(Hostile, ControlCharactersInACancelsMoveName) {
    auto m = fixture::Manifest();
    m["moves"]["light_punch"]["cancels"] = {{{"into", {"sp\x1b[31mecial\n"}}, {"frames", {0, 0}}, {"on", "hit"}}};
    WriteManifest(m);
    ExpectBothRefuse(Manifest(), "moves.light_punch.cancels[0].into: no move named \"sp\\x1b[31mecial\\n\"");
}

TEST_F(Hostile, ControlCharactersInAPaletteAndTooManyCancels) {
    auto m = fixture::Manifest();
    m["palette"] = ordered_json::array({ordered_json::array({"\x1b[2J", "00FF00"})});
    WriteManifest(m);
    ExpectBothRefuse(Manifest(),
                     "palette[0]: expected [\"RRGGBB\", \"RRGGBB\"] (two colours of six hex digits), got "
                     "[a string \"\\x1b[2J\", a string \"00FF00\"]");
    m = fixture::Manifest();
    ordered_json cancels = ordered_json::array();
    for (int i = 0; i < 9; ++i) cancels.push_back({{"into", {"special"}}, {"frames", {0, 0}}, {"on", "hit"}});
    m["moves"]["light_punch"]["cancels"] = cancels;
    WriteManifest(m);
    ExpectBothRefuse(Manifest(), "moves.light_punch.cancels: must hold 1-8 entries, got 9");
}

TEST_F(Hostile, AThreeMegabyteKeyIsCut) {
    std::string text = fixture::Manifest().dump(2);
    text.insert(text.find('{') + 1, std::string("\"").append(3u << 20, 'k').append("\": 1,"));
    WriteText(Manifest(), text);
    ExpectBothRefuse(Manifest(), std::string(77, 'k') + "...: unknown field");
}

TEST_F(Hostile, ATenMegabyteKeyIsTooLarge) {
    std::string text = fixture::Manifest().dump(2);
    text.insert(text.find('{') + 1, std::string("\"").append(10u << 20, 'k').append("\": 1,"));
    WriteText(Manifest(), text);
    ExpectBothRefuse(Manifest(), "bytes, over the limit of 4194304 bytes for a manifest");
}

TEST_F(Hostile, AThreeMegabyteStringValueIsCut) {
    auto m = fixture::Manifest();
    m["moves"]["light_punch"]["button"] = std::string(3u << 20, 'b') + "\x1b[2J";
    WriteManifest(m);
    ExpectBothRefuse(
        Manifest(),
        "moves.light_punch.button: expected one of \"punch\", \"kick\", \"special\", \"punch+kick\", got a "
        "string \"" +
            std::string(37, 'b') + "...\"");
}

// ---- counts: caps that apply before per-entry work, in linear time -------------------------------------

TEST_F(Hostile, AHundredThousandAnimations) {
    // 1.5 MB: under the manifest's size limit, so the count's cap must refuse it, at once. Before
    // the fix, a linear search per name made it quadratic (78 s and 544 MB).
    WriteText(Manifest(), WithAnimations(100000, "{}"));
    const auto started = std::chrono::steady_clock::now();
    ExpectBothRefuse(Manifest(), "animations: 100013 entries, over the limit of 256 per fighter");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    RecordProperty("seconds_for_both_programs", std::to_string(seconds));
    std::printf("100,000 animations: refused by both programs in %.2f s\n", seconds);
}

TEST_F(Hostile, AHundredThousandWholeAnimations) {
    // The 7 MB version (every animation a real one): over the manifest's size limit.
    WriteText(Manifest(), WithAnimations(100000, fixture::Manifest()["animations"]["idle"].dump()));
    ASSERT_GT(fs::file_size(Manifest()), 4u << 20);
    ExpectBothRefuse(Manifest(), "bytes, over the limit of 4194304 bytes for a manifest");
}

TEST_F(Hostile, TwoHundredMoves) {
    auto m = fixture::Manifest();
    for (int i = 0; i < 200; ++i) m["moves"][Numbered("m", i)] = m["moves"]["light_punch"];
    WriteManifest(m);
    ExpectBothRefuse(Manifest(), "moves: 202 entries, over the limit of 128 per fighter");
}

TEST_F(Hostile, MoreFramesThanAFighterMayHave) {
    auto m = fixture::Manifest();
    ordered_json frames = ordered_json::array();
    for (int i = 0; i < 64; ++i) frames.push_back({{"ticks", 1}});
    for (int i = 0; i < 16; ++i)
        m["animations"][Numbered("long", i)] = {{"loop", true}, {"anchor", {8, 23}}, {"frames", frames}};
    WriteManifest(m);
    ExpectBothRefuse(Manifest(), "animations: 1052 frames in all, over the limit of 1024 per fighter");
}

TEST_F(Hostile, ADuplicateKey) {
    std::string text = fixture::Manifest().dump(2);
    const auto at = text.find("\"damage\": 50");
    ASSERT_NE(at, std::string::npos);
    text.insert(at, "\"damage\": 9999,\n      ");
    WriteText(Manifest(), text);
    ExpectBothRefuse(Manifest(), "moves.light_punch.damage: the key appears twice");
}

TEST_F(Hostile, SixtyFiveFighters) {
    for (int i = 0; i < 65; ++i) {
        fs::create_directories(root_ / "assets" / Numbered("f", i));
        WriteText(Manifest(Numbered("f", i)), "{}");
    }
    ExpectBothRefuse(root_ / "assets", "more than 64 fighters (folders with a fighter.json), over the limit of 64");
}

// ---- pixel budgets: refused from the headers, before decoding -------------------------------------------

TEST_F(Hostile, AFighterOverItsPixelBudget) {
    // Three idle frames of 4096 x 4096 (2 MiB each on disk): 50 Mpx, over the 32 Mpx budget. The
    // third sprite's header crosses it; nothing is decoded.
    const auto big = BigFlatPng(4096, 4096);
    for (const char* frame : {"idle_00.png", "idle_01.png", "idle_02.png"}) {
        testpng::WriteFile(Sprite(frame).string(), big);
        testpng::WriteFile(Hotmap(frame).string(), big);
    }
    ExpectBothRefuse(Sprite("idle_02.png"), "over the budget of 33554432 pixels per fighter");
}

TEST_F(Hostile, AProjectOverItsPixelBudget) {
    // Fighters a and b hold one 4096 x 4096 frame each (16.8 Mpx with their small frames), c two
    // (33.6 Mpx: exactly a fighter's budget). Together over the project's 64 Mi px: c's second
    // frame's header crosses it, and c is refused before any of its frames is decoded.
    const auto big = BigFlatPng(4096, 4096);
    for (const char* id : {"a", "b", "c"}) {
        fixture::Write(root_, id);
        for (const fs::path& dir : {root_ / "assets" / id, root_ / "hotmaps" / id}) {
            testpng::WriteFile((dir / "idle_00.png").string(), big);
            if (id == std::string("c")) testpng::WriteFile((dir / "idle_01.png").string(), big);
        }
    }
    fs::remove_all(root_ / "assets" / "fixture");
    fs::remove_all(root_ / "hotmaps" / "fixture");
    const std::string message = "over the budget of 67108864 pixels per project";
    const auto before = Snapshot(root_);
    // a's and b's flat 4096 x 4096 frames have no transparent pixel: lint warns about them (the
    // warnings are not this test's business), and c's budget is its one error.
    const auto lint = Lint();
    ExpectCleanRun(lint, name_ + ": hotmap lint");
    EXPECT_EQ(lint.exitCode, 1);
    std::vector<std::string> errors;
    for (const std::string& line : Lines(lint.err))
        if (line.rfind("warning: ", 0) != 0) errors.push_back(line);
    ASSERT_EQ(errors.size(), 1u) << lint.err;
    EXPECT_EQ(errors[0].rfind("error: " + Sprite("idle_01.png", "c").string() + ": ", 0), 0u) << errors[0];
    EXPECT_NE(errors[0].find(message), std::string::npos) << errors[0];
    // The game leaves c out (its one line on stderr) and a and b play; asking for c fails.
    const auto plays = Brawl();
    EXPECT_EQ(plays.exitCode, 0) << plays.err;
    EXPECT_NE(plays.err.find("error: " + Sprite("idle_01.png", "c").string() + ": "), std::string::npos) << plays.err;
    ExpectOneError(Brawl({"--p1-fighter", "c"}), 1, Sprite("idle_01.png", "c").string(), message,
                   name_ + ": brawl --p1-fighter c");
    EXPECT_EQ(Snapshot(root_), before) << name_ << ": something was written in the project";
}

// ---- replays: files named on the command line (not confined; regular and small) ---------------------

class HostileReplay : public Hostile {
protected:
    testrun::Output Play(const fs::path& replay) { return Brawl({"--replay", replay.string()}); }
    fs::path Replay() const { return root_ / "match.replay"; }
};

TEST_F(HostileReplay, AFifo) {
    MakeFifo(Replay());
    ExpectOneError(Play(Replay()), 1, Replay().string(), "not a regular file (a FIFO)", "replay FIFO");
}

TEST_F(HostileReplay, ASparse2GBFile) {
    MakeSparse(Replay(), 2ull << 30);
    ExpectOneError(Play(Replay()), 1, Replay().string(),
                   "2147483648 bytes, over the limit of 16777216 bytes for a replay", "sparse replay");
}

TEST_F(HostileReplay, ALinkToDevZero) {
    Link("/dev/zero", Replay());
    ExpectOneError(Play(Replay()), 1, Replay().string(), "not a regular file (a character device)",
                   "replay -> /dev/zero");
}

TEST_F(HostileReplay, ALineWithControlCharacters) {
    WriteText(Replay(), "hotmap-brawl-replay 2\nfighters fixture fixture\nsim " +
                            std::to_string(game::SIMULATION_VERSION) + "\nticks 5\n2 R -\x1b[2J\nerror: forged\n");
    ExpectOneError(Play(Replay()), 1, Replay().string(), "got \"2 R -\\x1b[2J\"", "replay line");
}

TEST_F(HostileReplay, NamingAFighterTheProjectLacks) {
    WriteText(Replay(), "hotmap-brawl-replay 2\nfighters fixture zed\nsim " + std::to_string(game::SIMULATION_VERSION) +
                            "\nticks 1\n1 - -\nend\n");
    ExpectOneError(Play(Replay()), 1, Replay().string(), "names the fighter 'zed', which this project lacks",
                   "replay names zed");
}

TEST_F(HostileReplay, WithCrlfLineEndsLoads) {
    WriteText(Replay(), "hotmap-brawl-replay 2\r\nfighters fixture fixture\r\nsim " +
                            std::to_string(game::SIMULATION_VERSION) + "\r\nticks 3\r\n3 R -\r\nend\r\n");
    const auto r = Play(Replay());
    ExpectCleanRun(r, "CRLF replay");
    EXPECT_EQ(r.exitCode, 0) << r.err;
}

TEST_F(Hostile, AnEmptyAssetsFolderIsAUsageError) {
    const auto r = RunGuarded(BRAWL, {"--headless", "--frames", "1", "--assets", ""}, SDL_ENV);
    ExpectCleanRun(r, "--assets ''");
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.err.rfind("brawl: --assets needs a value that is not empty\n", 0), 0u) << r.err;
}

// ---- outputs: never opened when a FIFO, a device or a folder; nothing left behind ---------------------

class HostileOutput : public Hostile {
protected:
    void SetUp() override {
        Hostile::SetUp();
        out_ = testrun::FreshDir("hostile_out_" + name_);
        MakeFifo(out_ / "fifo");
    }
    void TearDown() override {
        fs::remove_all(out_);
        Hostile::TearDown();
    }
    /// The run refused `target` with one line and wrote nothing anywhere.
    void ExpectRefused(const testrun::Output& r, const fs::path& target, const std::string& message,
                       const std::string& what, const std::map<std::string, std::string>& outBefore,
                       const std::map<std::string, std::string>& rootBefore) {
        ExpectOneError(r, 1, target.string(), message, what);
        EXPECT_EQ(Snapshot(out_), outBefore) << what << ": something was written beside the output";
        EXPECT_EQ(Snapshot(root_), rootBefore) << what << ": something was written in the project";
    }
    fs::path out_;
};

TEST_F(HostileOutput, BrawlsOutputsToAFifo) {
    const auto outBefore = Snapshot(out_), rootBefore = Snapshot(root_);
    for (const char* option : {"--screenshot", "--record", "--log-events", "--desync-dump"}) {
        const auto r = Brawl({"--p1", "cpu", option, (out_ / "fifo").string()});
        ExpectRefused(r, out_ / "fifo", "not a regular file (a FIFO): nothing written", option, outBefore, rootBefore);
    }
}

TEST_F(HostileOutput, BrawlsOutputsToAFolderOrADevice) {
    fs::create_directories(out_ / "folder.png");
    const auto outBefore = Snapshot(out_), rootBefore = Snapshot(root_);
    ExpectRefused(Brawl({"--screenshot", (out_ / "folder.png").string()}), out_ / "folder.png",
                  "is a folder, not a file: nothing written", "--screenshot folder", outBefore, rootBefore);
    const auto r = Brawl({"--record", "/dev/full"});
    ExpectOneError(r, 1, "/dev/full", "not a regular file (a character device): nothing written", "--record /dev/full");
}

TEST_F(HostileOutput, HotmapTemplateAndPreviewToAFifo) {
    const auto outBefore = Snapshot(out_), rootBefore = Snapshot(root_);
    const std::string fifo = (out_ / "fifo").string();
    ExpectRefused(RunGuarded(HOTMAP, {"template", "--force", Sprite("idle_00.png").string(), fifo}), fifo,
                  "not a regular file (a FIFO): nothing written", "template --force", outBefore, rootBefore);
    ExpectRefused(RunGuarded(HOTMAP, {"preview", Sprite("idle_00.png").string(), Hotmap("idle_00.png").string(), fifo}),
                  fifo, "not a regular file (a FIFO): nothing written", "preview", outBefore, rootBefore);
    ExpectRefused(RunGuarded(HOTMAP, {"preview", "--fighter", (root_ / "assets" / "fixture").string(), fifo}), fifo,
                  "not a regular file (a FIFO): nothing written", "preview --fighter", outBefore, rootBefore);
}

TEST_F(HostileOutput, CompareDumpsReadsThroughTheOneReader) {
    // Files named on the command line: not confined, but a FIFO, a device or a giant is one line.
    WriteText(out_ / "a.txt", "tick 5\nfighters[0].health 100\n");
    MakeSparse(out_ / "giant.txt", 2ull << 30);
    Link("/dev/zero", out_ / "zero.txt");
    const std::string a = (out_ / "a.txt").string();
    for (const auto& [name, message] : std::vector<std::pair<std::string, std::string>>{
             {"fifo", "not a regular file (a FIFO)"},
             {"giant.txt", "2147483648 bytes, over the limit of 16777216 bytes for a state dump"},
             {"zero.txt", "not a regular file (a character device)"}}) {
        const std::string other = (out_ / name).string();
        ExpectOneError(RunGuarded(BRAWL, {"--compare-dumps", a, other}, SDL_ENV), 1, other, message,
                       "--compare-dumps " + name);
    }
}

TEST_F(HostileOutput, AWrittenOutputReplacesTheOldOneWhole) {
    // A screenshot written over an older one: the same path holds a whole PNG, and no temporary
    // file is left beside it.
    const fs::path shot = out_ / "shot.png";
    WriteText(shot, "an older, smaller file");
    fs::permissions(shot, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    const auto r = Brawl({"--screenshot", shot.string()});
    ExpectCleanRun(r, "--screenshot over a file");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto png = assets::LoadPng(shot.string());
    ASSERT_TRUE(png.Ok()) << png.GetError().ToLine();
    EXPECT_EQ(png.Value().widthPx, 1280);
    EXPECT_EQ(fs::status(shot).permissions(), fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read)
        << "the replaced file keeps its mode";
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(out_)) names.insert(e.path().filename().string());
    EXPECT_EQ(names, (std::set<std::string>{"fifo", "shot.png"}));
}

// ---- the tool's own limits ----------------------------------------------------------------------------

TEST_F(Hostile, CollideRefusesAHugeRepeat) {
    const std::string hotmap = Hotmap("idle_00.png").string();
    const auto r =
        RunGuarded(HOTMAP, {"collide", hotmap, "0", "0", hotmap, "0", "0", "--repeat", "2147483647"}, "", 60);
    ExpectCleanRun(r, "--repeat 2147483647");
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(
        r.err.rfind("hotmap collide: --repeat is at most 1000000 (5 x N queries are timed), not '2147483647'\n", 0), 0u)
        << r.err;
}

// ---- hot reload: a frame that becomes a FIFO, a link out, a giant: the game goes on -------------------

TEST_F(Hostile, AFrameThatBecomesAFifoWhileTheGameRuns) {
    fixture::Write(root_, "other");
    testrun::Process run(BRAWL,
                         {"--headless", "--realtime", "--frames", "100000000", "--reload-ms", "20", "--p1", "cpu",
                          "--p2", "cpu", "--assets", root_.string()},
                         {"SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy"});
    ASSERT_FALSE(run.WaitForErrLine("loaded 2 fighters").empty());
    const fs::path hotmap = Hotmap("idle_01.png"), sprite = Sprite("hit_00.png");
    const auto good = [&](const fs::path& p) {
        return testpng::EncodeRgba(fixture::W, fixture::H,
                                   p == hotmap ? fixture::Picture(fixture::KEY, fixture::HURT, false, fixture::HURT)
                                               : fixture::Picture(fixture::CLEAR, fixture::SKIN, false, fixture::SKIN));
    };
    static auto stamp = fs::file_time_type::clock::now();
    const auto restore = [&](const fs::path& p) {
        fs::remove(p);
        testpng::WriteFile(p.string(), good(p));
        stamp += std::chrono::seconds(1);
        fs::last_write_time(p, stamp);
    };
    const auto waitFor = [&](const std::string& prefix) {
        return !run.WaitForErrLine([&](const std::string& line) { return line.rfind(prefix, 0) == 0; },
                                   std::chrono::seconds(60))
                    .empty();
    };
    MakeFifo(hotmap);
    EXPECT_TRUE(waitFor("error: " + hotmap.string() + ": not a regular file (a FIFO)")) << "the FIFO is refused";
    restore(hotmap);
    EXPECT_TRUE(waitFor("reloaded fixture: ")) << "the game still runs and takes the good file back";
    Link("/dev/zero", sprite);
    EXPECT_TRUE(waitFor("error: " + sprite.string() + ": a link to /dev/zero, outside the project"));
    restore(sprite);
    EXPECT_TRUE(waitFor("reloaded fixture: "));
    MakeSparse(sprite, 2ull << 30);
    EXPECT_TRUE(waitFor("error: " + sprite.string() + ": 2147483648 bytes, over the limit"));
    restore(sprite);
    EXPECT_TRUE(waitFor("reloaded fixture: "));
    // A run stuck in open() on the FIFO would not hear SIGTERM (open restarts): then it is killed.
    run.Signal(HasFailure() ? SIGKILL : SIGTERM);
    const auto result = run.Finish();
    ExpectCleanRun(result, "the live run");
    EXPECT_EQ(result.exitCode, 0) << result.err.substr(0, 3000);
    const auto at = result.out.find("\"reload_errors\": ");
    ASSERT_NE(at, std::string::npos) << result.out;
    EXPECT_GE(std::stoi(result.out.substr(at + 17)), 3) << result.out;
}

}  // namespace
