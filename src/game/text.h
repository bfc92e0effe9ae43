// Text from files, made safe to echo in a message: one line, no terminal escapes, a bounded length.
// Shared by the replay reader (game) and the loaders (assets), so every echoed value is escaped
// the same way. No SDL, no files. Invariant: Printable's result holds no byte below 0x20, no DEL,
// no C1 control and no invalid UTF-8, and is at most `maxBytes` long.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace game {

/// How much of a value read from a file a message echoes (a name, a key, a replay line), in bytes.
inline constexpr std::size_t ECHO_BYTES = 80;
/// How much of a path a message echoes, in bytes (PATH_MAX is 4096; paths are cut in the middle).
inline constexpr std::size_t ECHO_PATH_BYTES = 512;

/// `text` as a message may show it: control characters escaped as C writes them (`\n`, `\r`, `\t`,
/// `\x1b`), a backslash doubled, DEL and invalid UTF-8 bytes as `\xNN`, C1 controls (U+0080-U+009F,
/// which some terminals obey) as `\u009b`; cut to at most `maxBytes` (at least 8) ending in "...".
/// Printable text passes unchanged: Printable("idle") is "idle".
[[nodiscard]] std::string Printable(std::string_view text, std::size_t maxBytes = ECHO_BYTES);

/// How long a whole message may be, in bytes, once its pieces are put together.
inline constexpr std::size_t MESSAGE_BYTES = 1024;

/// A message put together from pieces (some already Printable) kept to one line: control bytes,
/// C1 controls and invalid UTF-8 escaped as Printable does, but a backslash left alone (so a piece
/// escaped before is not escaped twice); cut to `maxBytes` ending in "...".
[[nodiscard]] std::string OneLine(std::string_view text, std::size_t maxBytes = MESSAGE_BYTES);

/// A path as a message may show it: Printable's escaping, and when longer than `maxBytes` its
/// start and its end (the file's name) with "..." between.
[[nodiscard]] std::string PrintablePath(std::string_view path, std::size_t maxBytes = ECHO_PATH_BYTES);

}  // namespace game
