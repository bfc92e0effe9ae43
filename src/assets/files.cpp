// The one reader and the one writer (files.h). POSIX calls, not streams: a stream cannot open
// without blocking, cannot say what kind of file it opened, and reads a sparse 2 GB file to the end
// before anyone can check its size.
#include "assets/files.h"

#include "game/text.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <new>

namespace assets {

namespace {

namespace fs = std::filesystem;

// Closes a descriptor when it goes out of scope.
class Fd {
public:
    explicit Fd(int fd) : fd_(fd) {}
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd() {
        if (fd_ >= 0) ::close(fd_);
    }
    [[nodiscard]] int Get() const { return fd_; }
    int Release() {
        const int fd = fd_;
        fd_ = -1;
        return fd;
    }

private:
    int fd_;
};

// What a file that is neither regular nor a folder is, for the message.
const char* KindOf(mode_t mode) {
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "neither a file nor a folder";
}

// The Error for a file of this mode that may not be read or written; nothing for a regular file.
std::optional<Error> RefuseKind(const std::string& path, mode_t mode, bool output) {
    if (S_ISREG(mode)) return std::nullopt;
    if (S_ISDIR(mode)) {
        return Error{output ? ErrorCode::WriteFailed : ErrorCode::FileUnreadable, path, "is a folder, not a file"};
    }
    return Error{ErrorCode::NotRegularFile, path, std::string("not a regular file (") + KindOf(mode) + ")"};
}

// The Error for a failed stat, open or realpath of an input.
Error InputErrno(const std::string& path, int error) {
    switch (error) {
        case ENOENT:
            return Error{ErrorCode::FileMissing, path, "no such file"};
        case ENXIO:  // a socket, or a device with nothing behind it
            return Error{ErrorCode::NotRegularFile, path, "not a regular file"};
        default:
            return Error{ErrorCode::FileUnreadable, path, std::string("cannot read: ") + std::strerror(error)};
    }
}

bool IsInside(const std::string& real, const std::string& realRoot) {
    if (realRoot == "/") return true;
    return real == realRoot || (real.size() > realRoot.size() && real.compare(0, realRoot.size(), realRoot) == 0 &&
                                real[realRoot.size()] == '/');
}

std::string RealPath(const std::string& path, int& error) {
    char* real = ::realpath(path.c_str(), nullptr);
    if (real == nullptr) {
        error = errno;
        return "";
    }
    std::string out(real);
    std::free(real);
    return out;
}

// The refusal of a path whose real path `real` leaves the project: it names the link that leaves
// (the first component, walking from the project folder, that is a link resolving outside) and
// where it leads. Only for the message: the decision was made on real paths.
Error OutsideError(const std::string& path, const std::string& real, const Confinement& within) {
    std::string link = path, target = real;
    const fs::path rel = fs::path(path).lexically_relative(within.root);
    if (!rel.empty() && *rel.begin() != "..") {
        fs::path at = within.root;
        for (const fs::path& part : rel) {
            at /= part;
            struct stat st {};
            if (::lstat(at.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) continue;
            int error = 0;
            const std::string resolved = RealPath(at.string(), error);
            if (!resolved.empty() && !IsInside(resolved, within.realRoot)) {
                link = at.string();
                target = resolved;
                break;
            }
        }
    }
    return Error{
        ErrorCode::OutsideProject, link,
        "a link to " + game::PrintablePath(target) + ", outside the project (--allow-outside-links allows it)"};
}

// Opens an input for reading after every check but the size: the descriptor of a regular file.
Result<int> OpenInput(const std::string& path, const Confinement* within) {
    const bool confined = within != nullptr && !within->realRoot.empty();
    std::string real;
    if (confined) {
        int error = 0;
        real = RealPath(path, error);
        if (real.empty()) return InputErrno(path, error);
        if (!IsInside(real, within->realRoot)) return OutsideError(path, real, *within);
    }
    // A look before opening: a FIFO, a device or a folder is refused without being opened at all
    // (opening some devices does something). The fstat below decides; this only spares the open.
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return InputErrno(path, errno);
    if (auto refused = RefuseKind(path, st.st_mode, false)) return *refused;
    Fd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    if (fd.Get() < 0) return InputErrno(path, errno);
    if (::fstat(fd.Get(), &st) != 0) return InputErrno(path, errno);
    if (auto refused = RefuseKind(path, st.st_mode, false)) return *refused;
    if (confined) {
        // What was opened, by the kernel's own account: a link swapped in after the check above
        // shows here. Without /proc, the file at the checked real path must be the one opened.
        char buf[PATH_MAX + 1];
        const std::string self = "/proc/self/fd/" + std::to_string(fd.Get());
        const ssize_t n = ::readlink(self.c_str(), buf, PATH_MAX);
        if (n > 0) {
            const std::string opened(buf, static_cast<std::size_t>(n));
            if (!IsInside(opened, within->realRoot)) return OutsideError(path, opened, *within);
        } else {
            struct stat atReal {};
            if (::lstat(real.c_str(), &atReal) != 0 || atReal.st_dev != st.st_dev || atReal.st_ino != st.st_ino) {
                return Error{ErrorCode::FileUnreadable, path, "changed while it was being opened; try again"};
            }
        }
    }
    return fd.Release();
}

Error TooLargeError(const std::string& path, std::uint64_t bytes, std::uint64_t maxBytes, std::string_view what,
                    bool atLeast) {
    std::string message = atLeast ? "more than " : "";
    message.append(std::to_string(bytes))
        .append(" bytes, over the limit of ")
        .append(std::to_string(maxBytes))
        .append(" bytes for ")
        .append(what);
    return Error{ErrorCode::TooLarge, path, message};
}

// Reads up to `wanted` bytes (all when `wanted` is 0), refusing a file over `maxBytes`.
Result<std::vector<std::uint8_t>> Read(const std::string& path, std::size_t wanted, std::uint64_t maxBytes,
                                       std::string_view what, const Confinement* within) {
    auto opened = OpenInput(path, within);
    if (!opened.Ok()) return opened.GetError();
    const Fd fd(opened.Value());
    struct stat st {};
    if (::fstat(fd.Get(), &st) != 0) return InputErrno(path, errno);
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (size > maxBytes) return TooLargeError(path, size, maxBytes, what, false);
    // A file may grow while it is read (or report no size, as /proc's do): read in a bounded
    // loop, never past maxBytes + 1.
    const std::uint64_t limit = wanted > 0 ? std::min<std::uint64_t>(wanted, maxBytes) : maxBytes;
    try {
        std::vector<std::uint8_t> bytes(static_cast<std::size_t>(std::min<std::uint64_t>(size, limit)) + 1);
        std::size_t got = 0;
        while (true) {
            if (got == bytes.size()) {
                if (got > limit) break;
                bytes.resize(static_cast<std::size_t>(std::min<std::uint64_t>(limit + 1, got * 2 + 4096)));
            }
            const ssize_t n = ::read(fd.Get(), bytes.data() + got, bytes.size() - got);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0)
                return Error{ErrorCode::FileUnreadable, path, std::string("cannot read: ") + std::strerror(errno)};
            if (n == 0) break;
            got += static_cast<std::size_t>(n);
        }
        if (got > limit) {
            if (wanted > 0) {
                got = static_cast<std::size_t>(limit);
            } else {
                return TooLargeError(path, limit, maxBytes, what, true);
            }
        }
        bytes.resize(got);
        return bytes;
    } catch (const std::bad_alloc&) {
        return Error{ErrorCode::TooLarge, path, "not enough memory to read " + std::to_string(size) + " bytes"};
    }
}

// Writes all of `bytes` to `fd`.
bool WriteAll(int fd, std::span<const std::uint8_t> bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

Error WriteErrno(const std::string& path, int error) {
    return Error{ErrorCode::WriteFailed, path, std::string("cannot write: ") + std::strerror(error)};
}

}  // namespace

Result<Confinement> ConfineTo(const std::string& root) {
    int error = 0;
    std::string real = RealPath(root.empty() ? "." : root, error);
    if (real.empty()) return InputErrno(root, error);
    return Confinement{root.empty() ? "." : root, real};
}

std::optional<Error> RefuseOutside(const std::string& path, const Confinement& within) {
    if (within.realRoot.empty()) return std::nullopt;
    int error = 0;
    const std::string real = RealPath(path, error);
    if (real.empty() || IsInside(real, within.realRoot)) return std::nullopt;
    return OutsideError(path, real, within);
}

Result<std::vector<std::uint8_t>> ReadInputFile(const std::string& path, std::uint64_t maxBytes, std::string_view what,
                                                const Confinement* within) {
    return Read(path, 0, maxBytes, what, within);
}

Result<std::vector<std::uint8_t>> ReadInputHead(const std::string& path, std::size_t headBytes, std::uint64_t maxBytes,
                                                std::string_view what, const Confinement* within) {
    return Read(path, headBytes == 0 ? 1 : headBytes, maxBytes, what, within);
}

std::optional<Error> CheckOutputPath(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        if (auto refused = RefuseKind(path, st.st_mode, true)) {
            refused->message += ": nothing written";
            return refused;
        }
        return std::nullopt;
    }
    if (errno != ENOENT) return WriteErrno(path, errno);
    // Nothing there (or a dangling link): the folder it goes in must exist.
    const fs::path parent = fs::path(path).parent_path();
    if (parent.empty()) return std::nullopt;
    if (::stat(parent.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        return Error{ErrorCode::WriteFailed, path,
                     "cannot write: no such folder " + game::PrintablePath(parent.string())};
    }
    return std::nullopt;
}

std::optional<Error> WriteOutputFile(const std::string& path, std::span<const std::uint8_t> bytes) {
    if (auto refused = CheckOutputPath(path)) return refused;
    // A link to a regular file is written through (its target replaced), as opening it would.
    std::string target = path;
    struct stat st {};
    const bool exists = ::stat(path.c_str(), &st) == 0;
    struct stat lst {};
    if (exists && ::lstat(path.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode)) {
        int error = 0;
        const std::string real = RealPath(path, error);
        if (!real.empty()) target = real;
    }
    const fs::path folder = fs::path(target).parent_path();
    static std::atomic<unsigned> serial{0};
    std::string temp;
    int fd = -1;
    for (int attempt = 0; attempt < 16 && fd < 0; ++attempt) {
        // A short name of our own: the output's name may already be as long as a name can be.
        temp = (folder / (".hotmap-" + std::to_string(::getpid()) + "-" + std::to_string(serial++) + ".tmp")).string();
        fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
        const int error = errno;
        if (!exists || (error != EACCES && error != EPERM && error != EROFS)) return WriteErrno(path, error);
        // The folder takes no new file, but the file itself may be writable: write it in place.
        // Opened without blocking and checked again, so a FIFO put there meanwhile is refused.
        const Fd in(::open(target.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
        if (in.Get() < 0) return WriteErrno(path, errno);
        if (::fstat(in.Get(), &st) != 0) return WriteErrno(path, errno);
        if (auto refused = RefuseKind(path, st.st_mode, true)) return refused;
        if (::ftruncate(in.Get(), 0) != 0 || !WriteAll(in.Get(), bytes)) return WriteErrno(path, errno);
        return std::nullopt;
    }
    Fd out(fd);
    const auto fail = [&](int error) {
        ::unlink(temp.c_str());
        return WriteErrno(path, error);
    };
    if (exists) (void)::fchmod(out.Get(), st.st_mode & 07777);  // a replaced file keeps its mode
    if (!WriteAll(out.Get(), bytes)) return fail(errno);
    if (::close(out.Release()) != 0) return fail(errno);
    if (::rename(temp.c_str(), target.c_str()) != 0) return fail(errno);
    return std::nullopt;
}

std::optional<Error> WriteOutputFile(const std::string& path, std::string_view text) {
    return WriteOutputFile(
        path, std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

Result<FilePtr> OpenOutputStream(const std::string& path) {
    if (auto refused = CheckOutputPath(path)) return *refused;
    Fd fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0666));
    if (fd.Get() < 0) {
        // ENXIO: a FIFO with no reader, put there after the check.
        if (errno == ENXIO) return Error{ErrorCode::NotRegularFile, path, "not a regular file: nothing written"};
        return WriteErrno(path, errno);
    }
    struct stat st {};
    if (::fstat(fd.Get(), &st) != 0) return WriteErrno(path, errno);
    if (auto refused = RefuseKind(path, st.st_mode, true)) {
        refused->message += ": nothing written";
        return *refused;
    }
    // Truncated only now that it is known to be a regular file; blocking again for the writes.
    if (::ftruncate(fd.Get(), 0) != 0) return WriteErrno(path, errno);
    const int flags = ::fcntl(fd.Get(), F_GETFL);
    if (flags < 0 || ::fcntl(fd.Get(), F_SETFL, flags & ~O_NONBLOCK) != 0) return WriteErrno(path, errno);
    std::FILE* file = ::fdopen(fd.Get(), "w");
    if (file == nullptr) return WriteErrno(path, errno);
    fd.Release();
    return FilePtr(file);
}

}  // namespace assets
