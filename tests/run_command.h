// Runs a program the way a person would from a shell and captures its exit code and output.
// Test-only. Used to test the shipped binaries (hotmap, brawl) end to end. Process runs one in the
// background and lets a test wait for the lines it prints: tests wait for a signal (a line), never
// for a sleep to be long enough.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
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
        std::filesystem::temp_directory_path() / (std::string("hotmap_test_err_")
                                                      .append(std::to_string(::getpid()))
                                                      .append("_")
                                                      .append(std::to_string(serial++)));
    // Appended piece by piece: GCC 12 at -O3 misreads `" " + std::string&&` (-Wrestrict).
    std::string cmd = env.empty() ? "" : env + " ";
    cmd += Quote(program);
    for (const auto& a : args) cmd.append(" ").append(Quote(a));
    cmd.append(" 2>").append(Quote(errPath.string())).append(" </dev/null");
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

/// A program's stderr without its load report ("loaded 2 fighters ... in 12.3 ms"): what is left
/// is what went wrong, a line each.
inline std::vector<std::string> ProblemLines(const std::string& err) {
    std::vector<std::string> lines;
    std::istringstream in(err);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("loaded ", 0) != 0) lines.push_back(line);
    }
    return lines;
}

/// A fresh empty folder under the test temp dir.
inline std::filesystem::path FreshDir(const std::string& name) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("hotmap_test_" + std::to_string(::getpid()) + "_" + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

/// A program running in the background, its stdout and stderr read as they come (stdin is
/// /dev/null). A test waits for the lines it needs (WaitForErrLine), then stops it (Signal) and
/// collects what is left (Finish). The deadline of a wait is a guard against a hang, never a
/// measure of how long something should take: the line comes, or the test fails.
class Process {
public:
    /// `env`: "NAME=value" entries added to this process's environment.
    Process(const std::string& program, const std::vector<std::string>& args,
            const std::vector<std::string>& env = {}) {
        int out[2], err[2];
        if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) return;
        pid_ = ::fork();
        if (pid_ == 0) {
            ::dup2(out[1], STDOUT_FILENO);
            ::dup2(err[1], STDERR_FILENO);
            const int devNull = ::open("/dev/null", O_RDONLY);
            ::dup2(devNull, STDIN_FILENO);
            for (const std::string& e : env) ::putenv(const_cast<char*>(e.c_str()));
            std::vector<char*> argv{const_cast<char*>(program.c_str())};
            for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            ::execv(program.c_str(), argv.data());
            std::fprintf(stderr, "cannot start %s: %s\n", program.c_str(), std::strerror(errno));
            ::_exit(127);
        }
        ::close(out[1]);
        ::close(err[1]);
        reader_ = std::thread([this, o = out[0], e = err[0]] { Read(o, e); });
    }
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;
    ~Process() {
        if (pid_ > 0 && !finished_) {
            ::kill(pid_, SIGKILL);
            Finish();
        }
    }

    [[nodiscard]] bool Started() const { return pid_ > 0; }

    /// Waits for the next stderr line (after the last one a wait returned) for which `match` is
    /// true, and returns it; lines before it are passed over. Empty when the program ends (or the
    /// guard deadline passes) first.
    std::string WaitForErrLine(const std::function<bool(const std::string&)>& match,
                               std::chrono::seconds guard = std::chrono::seconds(120)) {
        std::unique_lock lock(mutex_);
        const auto deadline = std::chrono::steady_clock::now() + guard;
        while (true) {
            while (errCursor_ < errLines_.size()) {
                const std::string& line = errLines_[errCursor_++];
                if (match(line)) return line;
            }
            if (eof_ || changed_.wait_until(lock, deadline) == std::cv_status::timeout) {
                if (errCursor_ < errLines_.size()) continue;
                return "";
            }
        }
    }
    /// The next stderr line that starts with `prefix`.
    std::string WaitForErrLine(const std::string& prefix) {
        return WaitForErrLine([&](const std::string& line) { return line.rfind(prefix, 0) == 0; });
    }

    void Signal(int signalNumber) {
        if (pid_ > 0 && !finished_) ::kill(pid_, signalNumber);
    }

    /// Waits for the program to end; its whole output and exit code (128 + N if signal N ended it).
    Output Finish() {
        if (reader_.joinable()) reader_.join();
        if (pid_ > 0 && !finished_) {
            int status = 0;
            ::waitpid(pid_, &status, 0);
            result_.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            finished_ = true;
        }
        return result_;
    }

private:
    void Read(int outFd, int errFd) {
        pollfd fds[2] = {{outFd, POLLIN, 0}, {errFd, POLLIN, 0}};
        int open = 2;
        std::string partial;
        char buf[4096];
        while (open > 0) {
            if (::poll(fds, 2, -1) < 0) {
                if (errno == EINTR) continue;
                break;
            }
            for (int i = 0; i < 2; ++i) {
                if (fds[i].fd < 0 || fds[i].revents == 0) continue;
                const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
                if (n <= 0) {
                    ::close(fds[i].fd);
                    fds[i].fd = -1;
                    --open;
                    continue;
                }
                std::lock_guard lock(mutex_);
                if (i == 0) {
                    result_.out.append(buf, static_cast<std::size_t>(n));
                } else {
                    result_.err.append(buf, static_cast<std::size_t>(n));
                    partial.append(buf, static_cast<std::size_t>(n));
                    for (std::size_t nl; (nl = partial.find('\n')) != std::string::npos; partial.erase(0, nl + 1))
                        errLines_.push_back(partial.substr(0, nl));
                }
                changed_.notify_all();
            }
        }
        std::lock_guard lock(mutex_);
        if (!partial.empty()) errLines_.push_back(partial);
        eof_ = true;
        changed_.notify_all();
    }

    pid_t pid_ = -1;
    bool finished_ = false;
    std::thread reader_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<std::string> errLines_;
    std::size_t errCursor_ = 0;
    bool eof_ = false;
    Output result_;
};

}  // namespace testrun
