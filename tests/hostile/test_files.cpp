// The one reader and the one writer (assets/files.h) and the escaping of echoed text (game/text.h),
// in process: every kind of file a hostile hand can put where a file is read or written, each with
// its ErrorCode and the file named; text that is escaped, cut and kept one line.
#include "assets/files.h"
#include "game/text.h"
#include "run_command.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using assets::ErrorCode;

// ---- Printable, OneLine, PrintablePath ---------------------------------------------------------------

TEST(Printable, LeavesPrintableTextAlone) {
    EXPECT_EQ(game::Printable("idle"), "idle");
    EXPECT_EQ(game::Printable(""), "");
    EXPECT_EQ(game::Printable("caf\xc3\xa9 \xe2\x9c\x93"), "caf\xc3\xa9 \xe2\x9c\x93") << "valid UTF-8 passes";
}

TEST(Printable, EscapesControlsBackslashesC1AndInvalidUtf8) {
    EXPECT_EQ(game::Printable("a\nb\rc\td"), "a\\nb\\rc\\td");
    EXPECT_EQ(game::Printable("\x1b[2J\x07\x7f"), "\\x1b[2J\\x07\\x7f");
    EXPECT_EQ(game::Printable("back\\slash"), "back\\\\slash") << "so that an escape is never ambiguous";
    EXPECT_EQ(game::Printable("\xc2\x9b"
                              "31m"),
              "\\u009b31m")
        << "a C1 control, which some terminals obey";
    EXPECT_EQ(game::Printable("\xff\xfe"), "\\xff\\xfe");
    EXPECT_EQ(game::Printable("\xc0\xaf"), "\\xc0\\xaf") << "an overlong form is invalid";
    EXPECT_EQ(game::Printable("\xed\xa0\x80"), "\\xed\\xa0\\x80") << "a surrogate is invalid";
    EXPECT_EQ(game::Printable("\xe2\x9c"), "\\xe2\\x9c") << "a cut-off sequence is invalid";
    EXPECT_EQ(game::Printable(std::string("a\0b", 3)), "a\\x00b");
}

TEST(Printable, CutsToTheLimitWithDots) {
    const std::string big(10u << 20, 'x');
    const std::string shown = game::Printable(big);
    EXPECT_EQ(shown.size(), game::ECHO_BYTES);
    EXPECT_EQ(shown, std::string(game::ECHO_BYTES - 3, 'x') + "...");
    EXPECT_EQ(game::Printable(std::string(80, 'y')), std::string(80, 'y')) << "exactly the limit: not cut";
    // An escape is never cut in half, and a multi-byte character is never split.
    const std::string escapes = game::Printable(std::string(100, '\n'), 20);
    EXPECT_EQ(escapes, "\\n\\n\\n\\n\\n\\n\\n\\n...");
    const std::string accents = game::Printable(std::string(60, 'a') + "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 64);
    EXPECT_LE(accents.size(), 64u);
    EXPECT_EQ(game::Printable(accents, 1000), accents) << "the cut result is valid text";
}

TEST(Printable, OneLineLeavesBackslashesButEscapesControls) {
    EXPECT_EQ(game::OneLine("moves.a\\nb: x\ny\x1b"), "moves.a\\nb: x\\ny\\x1b");
    EXPECT_EQ(game::OneLine(std::string(5000, 'm')).size(), game::MESSAGE_BYTES);
}

TEST(Printable, PathsKeepBothEnds) {
    EXPECT_EQ(game::PrintablePath("/tmp/a\nb/idle_00.png"), "/tmp/a\\nb/idle_00.png");
    // Appended piece by piece: GCC 12 at -O3 misreads `"/" + std::string&&` (-Wrestrict).
    const std::string longPath = std::string("/").append(3000, 'd').append("/idle_00.png");
    const std::string shown = game::PrintablePath(longPath);
    EXPECT_LE(shown.size(), game::ECHO_PATH_BYTES);
    EXPECT_EQ(shown.substr(0, 4), "/ddd");
    EXPECT_EQ(shown.substr(shown.size() - 12), "/idle_00.png") << "the file's name stays";
    EXPECT_NE(shown.find("..."), std::string::npos);
    EXPECT_LE(game::PrintablePath(std::string(200000, '\n')).size(), game::ECHO_PATH_BYTES);
}

TEST(Printable, ErrorLinesAreOneLine) {
    const assets::Error e{ErrorCode::NotPng, "/p/evil\n/x.png", "no animation named \"a\\nb\"\nforged"};
    EXPECT_EQ(e.ToLine(), "error: /p/evil\\n/x.png: no animation named \"a\\nb\"\\nforged");
}

// ---- the reader ----------------------------------------------------------------------------------------

class Files : public ::testing::Test {
protected:
    void SetUp() override { dir_ = testrun::FreshDir(std::string("files_") + CurrentName()); }
    void TearDown() override { fs::remove_all(dir_); }
    static std::string CurrentName() { return ::testing::UnitTest::GetInstance()->current_test_info()->name(); }
    std::string Write(const std::string& name, const std::string& bytes) {
        std::ofstream(dir_ / name, std::ios::binary) << bytes;
        return (dir_ / name).string();
    }
    fs::path dir_;
};

TEST_F(Files, ReadsARegularFileWhole) {
    const std::string path = Write("a.txt", "hello");
    const auto r = assets::ReadInputFile(path, 100, "a test file");
    ASSERT_TRUE(r.Ok()) << r.GetError().ToLine();
    EXPECT_EQ(std::string(r.Value().begin(), r.Value().end()), "hello");
    const auto head = assets::ReadInputHead(path, 3, 100, "a test file");
    ASSERT_TRUE(head.Ok());
    EXPECT_EQ(std::string(head.Value().begin(), head.Value().end()), "hel");
    const auto empty = assets::ReadInputFile(Write("e.txt", ""), 100, "a test file");
    ASSERT_TRUE(empty.Ok());
    EXPECT_TRUE(empty.Value().empty());
}

TEST_F(Files, RefusesWhatIsNotARegularFileWithoutBlocking) {
    const std::string fifo = (dir_ / "fifo").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
    const auto r = assets::ReadInputFile(fifo, 100, "a test file");
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, ErrorCode::NotRegularFile);
    EXPECT_EQ(r.GetError().ToLine(), "error: " + fifo + ": not a regular file (a FIFO)");
    const auto dev = assets::ReadInputFile("/dev/zero", 100, "a test file");
    ASSERT_FALSE(dev.Ok());
    EXPECT_EQ(dev.GetError().message, "not a regular file (a character device)");
    const auto folder = assets::ReadInputFile(dir_.string(), 100, "a test file");
    ASSERT_FALSE(folder.Ok());
    EXPECT_EQ(folder.GetError().code, ErrorCode::FileUnreadable);
    EXPECT_EQ(folder.GetError().message, "is a folder, not a file");
    const auto missing = assets::ReadInputFile((dir_ / "nope").string(), 100, "a test file");
    ASSERT_FALSE(missing.Ok());
    EXPECT_EQ(missing.GetError().code, ErrorCode::FileMissing);
    fs::create_symlink("loop", dir_ / "loop");
    const auto loop = assets::ReadInputFile((dir_ / "loop").string(), 100, "a test file");
    ASSERT_FALSE(loop.Ok());
    EXPECT_EQ(loop.GetError().message, "cannot read: Too many levels of symbolic links");
}

TEST_F(Files, RefusesAFileOverItsLimitBeforeReadingIt) {
    const std::string path = (dir_ / "sparse").string();
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT, 0644);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::ftruncate(fd, off_t{8} << 30), 0);  // 8 GB of hole
    ::close(fd);
    const auto r = assets::ReadInputFile(path, 1000, "a test file");
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, ErrorCode::TooLarge);
    EXPECT_EQ(r.GetError().message, "8589934592 bytes, over the limit of 1000 bytes for a test file");
    const auto exact = assets::ReadInputFile(Write("ten", "0123456789"), 10, "a test file");
    EXPECT_TRUE(exact.Ok()) << "exactly the limit is allowed";
    const auto over = assets::ReadInputFile(Write("eleven", "0123456789A"), 10, "a test file");
    EXPECT_FALSE(over.Ok());
    // A file that reports no size (/proc's) is read in a bounded loop all the same.
    const auto proc = assets::ReadInputFile("/proc/self/maps", 16, "a test file");
    ASSERT_FALSE(proc.Ok());
    EXPECT_EQ(proc.GetError().message, "more than 16 bytes, over the limit of 16 bytes for a test file");
}

TEST_F(Files, AConfinedReadRefusesLinksThatLeave) {
    fs::create_directories(dir_ / "project" / "assets");
    const std::string inside = Write("project/assets/a.png", "png");
    fs::create_symlink("a.png", dir_ / "project" / "assets" / "b.png");
    fs::create_symlink("/etc/passwd", dir_ / "project" / "assets" / "c.png");
    fs::create_symlink(dir_, dir_ / "project" / "up");
    const auto within = assets::ConfineTo((dir_ / "project").string());
    ASSERT_TRUE(within.Ok());
    EXPECT_TRUE(assets::ReadInputFile(inside, 100, "a PNG", &within.Value()).Ok());
    EXPECT_TRUE(assets::ReadInputFile((dir_ / "project/assets/b.png").string(), 100, "a PNG", &within.Value()).Ok())
        << "a link that stays inside is followed";
    const auto out = assets::ReadInputFile((dir_ / "project/assets/c.png").string(), 100, "a PNG", &within.Value());
    ASSERT_FALSE(out.Ok());
    EXPECT_EQ(out.GetError().code, ErrorCode::OutsideProject);
    EXPECT_EQ(out.GetError().ToLine(), "error: " + (dir_ / "project/assets/c.png").string() +
                                           ": a link to /etc/passwd, outside the project (--allow-outside-links "
                                           "allows it)");
    // Through a linked folder: the folder is the link named.
    Write("secret.png", "secret");
    const auto up = assets::ReadInputFile((dir_ / "project/up/secret.png").string(), 100, "a PNG", &within.Value());
    ASSERT_FALSE(up.Ok());
    EXPECT_EQ(up.GetError().file, (dir_ / "project" / "up").string());
    EXPECT_EQ(up.GetError().message.rfind("a link to " + fs::canonical(dir_).string() + ", outside the project", 0), 0u)
        << up.GetError().message;
    EXPECT_TRUE(assets::ReadInputFile((dir_ / "project/c.png").string(), 100, "a PNG").GetError().code ==
                ErrorCode::FileMissing);
    EXPECT_TRUE(assets::ReadInputFile((dir_ / "project/assets/c.png").string(), 100000, "a PNG").Ok())
        << "unconfined, a link goes where it goes";
}

// ---- the writer ----------------------------------------------------------------------------------------

std::set<std::string> Names(const fs::path& dir) {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
    return names;
}

TEST_F(Files, WritesANewFileAndReplacesAnOldOneWhole) {
    const std::string path = (dir_ / "out.txt").string();
    ASSERT_FALSE(assets::WriteOutputFile(path, std::string_view("first version, longer")).has_value());
    ASSERT_FALSE(assets::WriteOutputFile(path, std::string_view("second")).has_value());
    std::ifstream in(path);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "second");
    EXPECT_EQ(Names(dir_), std::set<std::string>{"out.txt"}) << "no temporary file left";
    // Through a link to a regular file: its target is replaced, the link stays.
    fs::create_symlink("out.txt", dir_ / "link.txt");
    ASSERT_FALSE(assets::WriteOutputFile((dir_ / "link.txt").string(), std::string_view("third")).has_value());
    EXPECT_TRUE(fs::is_symlink(dir_ / "link.txt"));
    std::ifstream again(path);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(again), {}), "third");
}

TEST_F(Files, NeverWritesIntoAFifoADeviceOrAFolder) {
    const std::string fifo = (dir_ / "fifo").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
    fs::create_directories(dir_ / "folder");
    for (const std::string& path : {fifo, std::string("/dev/null"), (dir_ / "folder").string()}) {
        const auto e = assets::WriteOutputFile(path, std::string_view("bytes"));
        ASSERT_TRUE(e.has_value()) << path;
        EXPECT_NE(e->message.find(": nothing written"), std::string::npos) << e->ToLine();
        const auto s = assets::OpenOutputStream(path);
        EXPECT_FALSE(s.Ok()) << path;
    }
    EXPECT_EQ(assets::WriteOutputFile(fifo, std::string_view("x"))->code, ErrorCode::NotRegularFile);
    EXPECT_EQ(Names(dir_), (std::set<std::string>{"fifo", "folder"})) << "nothing written beside them";
    const auto noFolder = assets::WriteOutputFile((dir_ / "no" / "such.txt").string(), std::string_view("x"));
    ASSERT_TRUE(noFolder.has_value());
    EXPECT_EQ(noFolder->code, ErrorCode::WriteFailed);
}

TEST_F(Files, AStreamIsARegularFileTruncated) {
    const std::string path = Write("log.txt", "old contents, longer than the new");
    {
        auto s = assets::OpenOutputStream(path);
        ASSERT_TRUE(s.Ok()) << s.GetError().ToLine();
        std::fputs("new\n", s.Value().get());
    }
    std::ifstream in(path);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "new\n");
}

}  // namespace
