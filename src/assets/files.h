// Every file the programs read or write goes through here: one reader, one writer, one stream.
// Hostile files (a FIFO, a device, a sparse 2 GB file, a link to /dev/zero or out of the project)
// get one Error each, never a hang, never unbounded memory, never an exception. No SDL, no decoding.
// Invariants: an input is opened without blocking (O_NONBLOCK) and only read when it is a regular
// file within its size limit; an output is never opened when it is an existing FIFO, device or
// folder, and a whole-file output lands whole or not at all (written beside it, then renamed).
#pragma once

#include "assets/assets.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace assets {

/// Where a project's files must stay: the real path of the project folder. A file read through a
/// Confinement must resolve (links followed) inside it, or the read is refused with the link that
/// leaves and where it goes.
struct Confinement {
    std::string root;      ///< the project folder as given (to name links relative to it)
    std::string realRoot;  ///< its real path (realpath(3)); empty: nothing is confined
};

/// The Confinement of the project folder `root`; an Error when its real path cannot be found.
[[nodiscard]] Result<Confinement> ConfineTo(const std::string& root);

/// The refusal of `path` (a folder or a file) when it resolves outside `within`, decided from its
/// own links (realpath(3): readlink and lstat), so that a folder linked from outside the project
/// is refused before anything in it is opened or listed. Nothing when it stays inside, or when it
/// cannot be resolved (a missing folder: its reader then says why).
[[nodiscard]] std::optional<Error> RefuseOutside(const std::string& path, const Confinement& within);

/// Reads the whole of `path`: opened O_NONBLOCK (a FIFO never blocks), fstat'ed, refused unless
/// a regular file of at most `maxBytes` (`what` names the kind in the message: "a PNG"), then
/// read in a bounded loop. With `within`, a path whose real path leaves the project is refused
/// before it is opened, and the opened descriptor's own path is checked again (/proc/self/fd, so
/// a link swapped in between cannot slip through). Never throws: out of memory is an Error.
[[nodiscard]] Result<std::vector<std::uint8_t>> ReadInputFile(const std::string& path, std::uint64_t maxBytes,
                                                              std::string_view what,
                                                              const Confinement* within = nullptr);
/// The same checks, but only the first `headBytes` (fewer if the file is shorter): a PNG's header
/// before its pixels are worth reading.
[[nodiscard]] Result<std::vector<std::uint8_t>> ReadInputHead(const std::string& path, std::size_t headBytes,
                                                              std::uint64_t maxBytes, std::string_view what,
                                                              const Confinement* within = nullptr);

/// Whether `path` may be written: nothing there yet (in an existing folder) or a regular file. An
/// existing FIFO, device, socket or folder is refused. For a check before a long run (a headless
/// match's --record, --screenshot): WriteOutputFile checks again when it writes.
[[nodiscard]] std::optional<Error> CheckOutputPath(const std::string& path);

/// Writes `bytes` as the whole of `path`: refused like CheckOutputPath, else written to a new
/// temporary file in the same folder and renamed over `path` (a link to a regular file is written
/// through, to its target), so a crash never leaves a half-written file where a good one was.
/// The file's mode is kept when it is replaced. Returns the Error (WriteFailed, NotRegularFile).
/// For replays, screenshots, desync dumps: any whole file a program writes.
[[nodiscard]] std::optional<Error> WriteOutputFile(const std::string& path, std::span<const std::uint8_t> bytes);
[[nodiscard]] std::optional<Error> WriteOutputFile(const std::string& path, std::string_view text);

struct FileCloser {
    void operator()(std::FILE* f) const {
        if (f != nullptr) std::fclose(f);
    }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

/// A file written as a program goes (a log): refused like CheckOutputPath, opened O_NONBLOCK and
/// fstat'ed (a FIFO that appears meanwhile is refused, never waited on), then truncated.
[[nodiscard]] Result<FilePtr> OpenOutputStream(const std::string& path);

}  // namespace assets
