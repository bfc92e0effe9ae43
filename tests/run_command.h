// Runs a program the way a person would from a shell and captures its exit code and output.
// Test-only. Used to test the shipped binaries (hotmap, brawl) end to end.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace testrun {

struct Output {
    int exitCode = -1;
    std::string out;
    std::string err;
};

/// Single-quotes an argument for /bin/sh.
inline std::string Quote(const std::string& arg) {
    std::string q = "'";
    for (const char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

inline Output Run(const std::string& program, const std::vector<std::string>& args, const std::string& env = "") {
    static int serial = 0;  // unique stderr file per call within this test process
    const std::filesystem::path errPath =
        std::filesystem::temp_directory_path() /
        ("hotmap_test_err_" + std::to_string(::getpid()) + "_" + std::to_string(serial++));
    std::string cmd = env.empty() ? "" : env + " ";
    cmd += Quote(program);
    for (const auto& a : args) cmd += " " + Quote(a);
    cmd += " 2>" + Quote(errPath.string()) + " </dev/null";
    Output result;
    FILE* pipe = ::popen(cmd.c_str(), "r");
    if (pipe == nullptr) return result;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) result.out.append(buf, n);
    const int status = ::pclose(pipe);
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    std::ifstream errFile(errPath);
    std::stringstream ss;
    ss << errFile.rdbuf();
    result.err = ss.str();
    std::filesystem::remove(errPath);
    return result;
}

/// A fresh empty folder under the test temp dir.
inline std::filesystem::path FreshDir(const std::string& name) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("hotmap_test_" + std::to_string(::getpid()) + "_" + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace testrun
