// X displays for the tests that open a real window: a display name that certainly has no server
// behind it, and a private Xvfb that picks its own free display number. Test-only.
// Hermetic on purpose: `:N` lets Xlib fall back to TCP on localhost (which a sandbox may block,
// proxy or hang), and `xvfb-run -a` picks its number from lock files in /tmp, which say nothing
// of servers another /tmp can see through the shared abstract socket namespace.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace xdisplay {

/// True when a unix stream socket at `path` accepts a connection (`abstract`: Linux's abstract
/// namespace, where X servers also listen).
inline bool Answers(const std::string& path, bool abstract) {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return false;
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const std::size_t offset = abstract ? 1 : 0;  // abstract names start with a NUL byte
    std::memcpy(addr.sun_path + offset, path.data(), path.size());
    const auto len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + offset + path.size());
    const bool ok = ::connect(fd, reinterpret_cast<const sockaddr*>(&addr), len) == 0;
    ::close(fd);
    return ok;
}

/// A DISPLAY value naming a local X display nobody serves, e.g. "unix:4242". The `unix:` protocol
/// keeps Xlib off TCP, so the answer ("no server") is the same on every machine and immediate.
/// Empty when every candidate is served (then the caller has nothing to test against).
inline std::string DeadDisplay() {
    for (int n = 4242; n < 4242 + 200; ++n) {
        const std::string path = "/tmp/.X11-unix/X" + std::to_string(n);
        if (std::filesystem::exists(path) || Answers(path, true) || Answers(path, false)) continue;
        return "unix:" + std::to_string(n);
    }
    return "";
}

/// A private Xvfb (1280x720, 24-bit, no TCP) for one test. The server chooses a free display
/// itself (-displayfd), so parallel tests and other users' servers never collide with it. Local
/// clients need no cookie: with no -auth file the server admits connections from this machine.
class Xvfb {
public:
    Xvfb() {
        int pipeFds[2];
        if (::pipe(pipeFds) != 0) {
            problem_ = std::string("pipe: ") + std::strerror(errno);
            return;
        }
        errPath_ = std::filesystem::temp_directory_path() / ("hotmap_test_xvfb_" + std::to_string(::getpid()));
        // Everything the child needs is made before fork: only async-signal-safe calls after it.
        const std::string fdArg = std::to_string(pipeFds[1]);
        const std::string errFile = errPath_.string();
        pid_ = ::fork();
        if (pid_ == 0) {
            ::close(pipeFds[0]);
            const int devNull = ::open("/dev/null", O_RDWR);
            const int err = ::open(errFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (devNull >= 0) {
                ::dup2(devNull, 0);
                ::dup2(devNull, 1);
            }
            if (err >= 0) ::dup2(err, 2);
            ::execlp("Xvfb", "Xvfb", "-displayfd", fdArg.c_str(), "-nolisten", "tcp", "-screen", "0", "1280x720x24",
                     static_cast<char*>(nullptr));
            ::_exit(127);
        }
        ::close(pipeFds[1]);
        if (pid_ < 0) {
            problem_ = std::string("fork: ") + std::strerror(errno);
            ::close(pipeFds[0]);
            return;
        }
        // The server writes its display number and a newline once it accepts connections.
        std::string number;
        pollfd p{pipeFds[0], POLLIN, 0};
        while (::poll(&p, 1, 20000) > 0) {
            char c;
            if (::read(pipeFds[0], &c, 1) != 1 || c == '\n') break;
            number += c;
        }
        ::close(pipeFds[0]);
        if (number.empty()) {
            std::ifstream in(errPath_);
            std::stringstream ss;
            ss << in.rdbuf();
            problem_ = "Xvfb did not start: " + ss.str();
            Stop();
            return;
        }
        display_ = ":" + number;
    }
    ~Xvfb() { Stop(); }
    Xvfb(const Xvfb&) = delete;
    Xvfb& operator=(const Xvfb&) = delete;

    /// ":N" while the server runs, else empty (and Problem() says why).
    [[nodiscard]] const std::string& Display() const { return display_; }
    [[nodiscard]] const std::string& Problem() const { return problem_; }

private:
    void Stop() {
        if (pid_ > 0) {
            ::kill(pid_, SIGTERM);
            ::waitpid(pid_, nullptr, 0);
            pid_ = -1;
        }
        std::error_code ec;
        std::filesystem::remove(errPath_, ec);
    }

    pid_t pid_ = -1;
    std::filesystem::path errPath_;
    std::string display_;
    std::string problem_;
};

}  // namespace xdisplay
