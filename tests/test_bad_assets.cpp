// The bad-asset corpus (tests/bad-assets/cases.txt) through every program that loads fighters, as
// a person would run them: each case on a fresh copy of its folder, checking the exit code, the
// one "error: <file>: <message>" line, that nothing crashed (exit < 128, no sanitizer report) and
// that nothing was written. Also the corpus's own rules: at least 25 cases, each folder the valid
// fixture fighter broken in exactly one way, and that valid fighter linting clean.
#include "run_command.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path CORPUS = BAD_ASSETS_DIR;

// ---- the programs ------------------------------------------------------------------------------

/// A program that loads fighters: run as `exe args... <case path>`, it must print the case's
/// error line and exit with the case's code.
struct Program {
    std::string name;
    std::string exe;
    std::vector<std::string> args;
    std::string env;  ///< prefixed to the command line ("VAR=value ...")
};

// Every program checked on the corpus: the tool and the demo. The demo loads the project given
// after --assets, runs one headless tick and exits, printing the same error line.
std::vector<Program> Programs() {
    std::vector<Program> programs{{"hotmap_lint", HOTMAP_EXE, {"lint"}, ""}};
#ifdef BRAWL_EXE
    programs.push_back({"brawl",
                        BRAWL_EXE,
                        {"--headless", "--frames", "1", "--assets"},
                        "SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy"});
#endif
    return programs;
}

// ---- cases.txt -----------------------------------------------------------------------------------

struct Case {
    std::string name;
    std::string lint;  ///< relative to CORPUS
    int exitCode = 0;
    std::string file;  ///< relative to CORPUS
    std::string message;
    std::string setup;    ///< "", "chmod000 <file>" or "symlink-loop <file>"
    std::string known;    ///< a finding that breaks this line today
    std::string problem;  ///< set when the line is malformed
    [[nodiscard]] std::string Folder() const { return lint.substr(0, lint.find('/')); }
};

std::string Trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r"), e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<Case> LoadCases() {
    std::vector<Case> cases;
    std::ifstream in(CORPUS / "cases.txt");
    if (!in) {
        cases.push_back({"cases_txt", "", 0, "", "", "", "", "cannot read " + (CORPUS / "cases.txt").string()});
        return cases;
    }
    int lineNo = 0;
    for (std::string line; std::getline(in, line);) {
        ++lineNo;
        if (Trim(line).empty() || Trim(line)[0] == '#') continue;
        std::vector<std::string> cols;
        std::stringstream ss(line);
        for (std::string col; std::getline(ss, col, '|');) cols.push_back(Trim(col));
        while (cols.size() < 7) cols.emplace_back();
        Case c;
        c.name = cols[0], c.lint = cols[1], c.file = cols[3], c.message = cols[4], c.setup = cols[5], c.known = cols[6];
        try {
            c.exitCode = std::stoi(cols[2]);
        } catch (...) {
            c.problem = "exit code is not a number";
        }
        if (cols.size() > 7 || c.name.empty() || c.lint.empty() || c.file.empty() || c.message.empty()) {
            c.problem = "expected 5 to 7 columns separated by |: name | lint | exit | file | message | setup | known";
        }
        if (!c.problem.empty()) c.problem = "cases.txt line " + std::to_string(lineNo) + ": " + c.problem;
        cases.push_back(c);
    }
    return cases;
}

// gtest prints a parameter when a test fails: say which case and program, not their bytes.
void PrintTo(const Case& c, std::ostream* os) {
    *os << c.name;
}
void PrintTo(const Program& p, std::ostream* os) {
    *os << p.name;
}

const std::vector<Case>& Cases() {
    static const std::vector<Case> cases = LoadCases();
    return cases;
}

// ---- what a folder holds: the snapshot compared before and after a run ---------------------------

/// Every entry under `root` (not following links) with its type, permissions, size and mtime.
std::map<std::string, std::string> Snapshot(const fs::path& root) {
    std::map<std::string, std::string> out;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        struct stat st {};
        if (::lstat(it->path().c_str(), &st) != 0) continue;
        out[it->path().lexically_relative(root).string()] =
            std::to_string(st.st_mode) + " " + std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) +
            "." + std::to_string(st.st_mtim.tv_nsec);
    }
    if (ec) out["<error>"] = ec.message();
    return out;
}

std::string DescribeChanges(const std::map<std::string, std::string>& before,
                            const std::map<std::string, std::string>& after) {
    std::string d;
    for (const auto& [path, what] : after) {
        const auto it = before.find(path);
        if (it == before.end())
            d += " added " + path + ";";
        else if (it->second != what)
            d += " changed " + path + ";";
    }
    for (const auto& [path, what] : before) {
        if (after.count(path) == 0) d += " removed " + path + ";";
    }
    return d;
}

// Makes every entry writable again so a chmod 000 file can be removed.
void RemoveTree(const fs::path& root) {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
        if (!it->is_symlink(ec)) fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
    fs::remove_all(root, ec);
}

// ---- one case through one program ----------------------------------------------------------------

class BadAsset : public ::testing::TestWithParam<std::tuple<Case, Program>> {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        std::string name = info->name();
        std::replace(name.begin(), name.end(), '/', '_');
        work_ = testrun::FreshDir("bad_assets_" + name);
    }
    void TearDown() override { RemoveTree(work_); }
    fs::path work_;
};

// Everything wrong with one run; empty when the program behaved.
std::vector<std::string> Check(const Case& c, const fs::path& work, const testrun::Output& r,
                               const std::map<std::string, std::string>& before,
                               const std::map<std::string, std::string>& after) {
    std::vector<std::string> problems;
    const bool sanitizer =
        r.err.find("Sanitizer") != std::string::npos || r.err.find("runtime error:") != std::string::npos;
    if (r.exitCode >= 128 || r.exitCode == 86 || sanitizer || r.err.find("terminate called") != std::string::npos) {
        problems.push_back("crashed (exit " + std::to_string(r.exitCode) +
                           "; 86 is a sanitizer report, 128+N signal N)");
    }
    if (r.exitCode != c.exitCode) {
        problems.push_back("exit code " + std::to_string(r.exitCode) + ", want " + std::to_string(c.exitCode));
    }
    std::vector<std::string> errorLines;
    std::istringstream err(r.err);
    for (std::string line; std::getline(err, line);) {
        if (line.rfind("error: ", 0) == 0) errorLines.push_back(line);
    }
    const std::string prefix = "error: " + (work / c.file).string() + ": ";
    if (errorLines.size() != 1) {
        problems.push_back(std::to_string(errorLines.size()) + " error lines, want exactly one");
    }
    if (errorLines.empty() || errorLines[0].rfind(prefix, 0) != 0) {
        problems.push_back("the error line does not name " + c.file + " (want it to start with \"" + prefix + "\")");
    } else if (errorLines[0].find(c.message, prefix.size()) == std::string::npos) {
        problems.push_back("the error line does not say \"" + c.message + "\"");
    }
    if (before != after) problems.push_back("it wrote to the project:" + DescribeChanges(before, after));
    return problems;
}

TEST_P(BadAsset, FailsCleanlyNamingTheFile) {
    const auto& [c, program] = GetParam();
    ASSERT_TRUE(c.problem.empty()) << c.problem;
    ASSERT_TRUE(fs::is_directory(CORPUS / c.Folder())) << "no case folder " << (CORPUS / c.Folder());
    fs::copy(CORPUS / c.Folder(), work_ / c.Folder(), fs::copy_options::recursive | fs::copy_options::copy_symlinks);

    std::string wrapper;  // a command the program runs under, when the setup needs one
    if (!c.setup.empty()) {
        const std::string action = c.setup.substr(0, c.setup.find(' '));
        const fs::path target = work_ / Trim(c.setup.substr(action.size()));
        if (action == "chmod000") {
            fs::permissions(target, fs::perms::none);
            if (::geteuid() == 0) {
                // Root reads a chmod 000 file through its DAC capabilities: run the program without
                // them (setpriv, util-linux), as root still, so everything else reads as before.
                wrapper = "setpriv --bounding-set -dac_override,-dac_read_search --";
                const auto probe =
                    testrun::Run("/bin/sh", {"-c", wrapper + " test -r " + testrun::Quote(target.string())});
                if (probe.exitCode != 1) {
                    GTEST_SKIP()
                        << "running as root, and setpriv cannot drop the capability to read a chmod 000 file here ("
                        << probe.err << "): nothing to check";
                }
            }
        } else if (action == "symlink-loop") {
            fs::remove(target);
            fs::create_symlink(target.filename(), target);
        } else {
            FAIL() << "unknown setup \"" << c.setup << "\" (chmod000 or symlink-loop)";
        }
    }

    const auto before = Snapshot(work_);
    std::vector<std::string> args = program.args;
    args.push_back((work_ / c.lint).string());
    const std::string prefix = program.env.empty() ? wrapper
                               : wrapper.empty()   ? program.env
                                                   : program.env + " " + wrapper;
    const testrun::Output r = testrun::Run(program.exe, args, prefix);
    const auto after = Snapshot(work_);
    const std::vector<std::string> problems = Check(c, work_, r, before, after);

    std::string report;
    for (const std::string& p : problems) report += "\n  - " + p;
    const std::string ran = "\n" + program.name + " on " + c.lint + " exited " + std::to_string(r.exitCode) +
                            "; stderr:\n" + r.err.substr(0, 3000);
    if (!c.known.empty()) {
        if (!problems.empty()) {
            GTEST_SKIP() << "known finding \"" << c.known
                         << "\" (tests/fuzz/findings/README.md) still reproduces:" << report;
        }
        std::printf("note: known finding \"%s\" no longer reproduces on %s: drop the known column of its line\n",
                    c.known.c_str(), c.name.c_str());
        return;
    }
    EXPECT_TRUE(problems.empty()) << c.name << ":" << report << ran;
}

std::string CaseName(const ::testing::TestParamInfo<std::tuple<Case, Program>>& info) {
    std::string name = std::get<0>(info.param).name + "_" + std::get<1>(info.param).name;
    for (char& ch : name) {
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
    }
    return name;
}

// The demo takes a project folder and loads what the game loads: lines that give lint a fighter's
// folder are lint's alone (the demo meets the same folder as fighter-folder-missing-project), as is
// lint's own pairing rule (a hotmap no frame uses, which the game never reads).
bool Applies(const Case& c, const Program& p) {
    if (p.name == "hotmap_lint") return true;
    return c.lint.find('/') == std::string::npos && c.name != "hotmap-orphan" && c.name != "hotmap-misnamed-case";
}

std::vector<std::tuple<Case, Program>> Combinations() {
    std::vector<std::tuple<Case, Program>> out;
    for (const Case& c : Cases())
        for (const Program& p : Programs())
            if (Applies(c, p)) out.emplace_back(c, p);
    return out;
}

INSTANTIATE_TEST_SUITE_P(Corpus, BadAsset, ::testing::ValuesIn(Combinations()), CaseName);

// ---- the corpus's own rules ----------------------------------------------------------------------

/// What each path of a case folder holds: "d" a folder, "l" a link, "f<size>:<hash>" a file.
std::map<std::string, std::string> Contents(const fs::path& folder) {
    std::map<std::string, std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(folder)) {
        const std::string rel = e.path().lexically_relative(folder).string();
        if (e.is_symlink()) {
            out[rel] = "l";
        } else if (e.is_directory()) {
            out[rel] = "d";
        } else {
            std::ifstream in(e.path(), std::ios::binary);
            const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            out[rel] = "f" + std::to_string(bytes.size()) + ":" + std::to_string(std::hash<std::string>{}(bytes));
        }
    }
    return out;
}

std::set<std::string> CaseFolders() {
    std::set<std::string> folders;
    for (const auto& e : fs::directory_iterator(CORPUS)) {
        if (e.is_directory()) folders.insert(e.path().filename().string());
    }
    return folders;
}

TEST(Corpus, HasAtLeast25CasesAndEveryFolderIsChecked) {
    std::set<std::string> used;
    for (const Case& c : Cases()) {
        EXPECT_TRUE(c.problem.empty()) << c.problem;
        EXPECT_TRUE(fs::is_directory(CORPUS / c.Folder())) << c.name << ": no folder " << c.Folder();
        used.insert(c.Folder());
    }
    const std::set<std::string> folders = CaseFolders();
    EXPECT_GE(folders.size(), 25u);
    for (const std::string& f : folders) EXPECT_EQ(used.count(f), 1u) << f << " is in no line of cases.txt";
    std::set<std::string> names;
    for (const Case& c : Cases()) EXPECT_TRUE(names.insert(c.name).second) << "two lines named " << c.name;
}

// Each folder differs from the valid fighter in exactly one place (a file changed, added or
// removed, counted once with everything below it), or in none when the break is made at test
// time. The valid fighter is what most folders hold at each path: with one change per folder,
// the majority at every path is the unbroken file.
struct Majority {
    std::map<std::string, std::map<std::string, std::string>> folders;  // folder -> path -> content
    std::map<std::string, std::string> valid;                           // path -> content ("" absent)
};

Majority FindValidFighter() {
    Majority m;
    std::set<std::string> paths;
    for (const std::string& f : CaseFolders()) {
        m.folders[f] = Contents(CORPUS / f);
        for (const auto& [p, what] : m.folders[f]) paths.insert(p);
    }
    for (const std::string& p : paths) {
        std::map<std::string, int> votes;
        for (const auto& [f, contents] : m.folders) {
            const auto it = contents.find(p);
            ++votes[it == contents.end() ? "" : it->second];
        }
        m.valid[p] = std::max_element(votes.begin(), votes.end(), [](const auto& a, const auto& b) {
                         return a.second < b.second;
                     })->first;
    }
    return m;
}

TEST(Corpus, EachCaseDiffersFromTheValidFighterInExactlyOneWay) {
    const Majority m = FindValidFighter();
    std::set<std::string> brokenAtTestTime;
    for (const Case& c : Cases()) {
        if (!c.setup.empty()) brokenAtTestTime.insert(c.Folder());
    }
    for (const auto& [folder, contents] : m.folders) {
        const auto at = [&](const std::string& p) {
            const auto it = contents.find(p);
            return it == contents.end() ? std::string() : it->second;
        };
        std::vector<std::string> differences;
        for (const auto& [p, want] : m.valid) {
            if (at(p) == want) continue;
            const std::string parent = fs::path(p).parent_path().string();
            if (!parent.empty() && at(parent) != m.valid.at(parent)) continue;  // counted with its folder
            differences.push_back(p);
        }
        const std::size_t expected = brokenAtTestTime.count(folder) ? 0 : 1;
        std::string list;
        for (const auto& d : differences) list += " " + d;
        EXPECT_EQ(differences.size(), expected) << folder << " differs from the valid fighter at:" << list;
    }
}

TEST(Corpus, TheValidFighterLintsClean) {
    const Majority m = FindValidFighter();
    const fs::path root = testrun::FreshDir("bad_assets_valid");
    for (const auto& [p, what] : m.valid) {
        if (what == "d") fs::create_directories(root / p);
    }
    for (const auto& [p, what] : m.valid) {
        if (what.empty() || what == "d") continue;
        for (const auto& [folder, contents] : m.folders) {
            const auto it = contents.find(p);
            if (it != contents.end() && it->second == what) {
                fs::copy_file(CORPUS / folder / p, root / p);
                break;
            }
        }
    }
    for (const Program& program : Programs()) {
        std::vector<std::string> args = program.args;
        args.push_back(root.string());
        const auto r = testrun::Run(program.exe, args, program.env);
        EXPECT_EQ(r.exitCode, 0) << program.name << ":\n" << r.err;
        // Status lines (brawl's "loaded 1 fighters ... in 2.7 ms") are fine; problems are not.
        EXPECT_EQ(r.err.find("error"), std::string::npos) << program.name << ": no error on the valid fighter:\n"
                                                          << r.err;
        EXPECT_EQ(r.err.find("warning"), std::string::npos) << program.name << ": no warning on the valid fighter:\n"
                                                            << r.err;
    }
    RemoveTree(root);
}

}  // namespace
