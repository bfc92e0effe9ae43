// The hotmap tool's subcommands. Each takes its arguments (after the subcommand name) and
// returns the process exit code: 0 ok, 1 bad data (one "error: <file>: ..." line on stderr),
// 2 bad usage (a usage line on stderr).
#pragma once

#include <span>
#include <string>

namespace hotmap {

inline constexpr int EXIT_OK = 0;
inline constexpr int EXIT_DATA = 1;
inline constexpr int EXIT_USAGE = 2;

int RunCollide(std::span<const std::string> args);
int RunLint(std::span<const std::string> args);
int RunTemplate(std::span<const std::string> args);
int RunPreview(std::span<const std::string> args);
int RunImport(std::span<const std::string> args);
int RunFramedata(std::span<const std::string> args);
int RunMoves(std::span<const std::string> args);

}  // namespace hotmap
