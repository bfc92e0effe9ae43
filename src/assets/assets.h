// assets: files in, pixel buffers and masks out. The only library that decodes images.
// Depends on SDL2_image (decoding) and collide (masks); never on a window, a renderer or ImGui.
// Invariant: a load either returns a complete value or an Error naming the file and the rule
// broken; nothing is half-loaded, nothing is printed.
#pragma once

#include "collide/collide.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace assets {

/// Stable error codes: tests and tools match on these, people read the message.
enum class ErrorCode : std::uint8_t {
    FileMissing,     ///< no such file or folder
    FileUnreadable,  ///< exists but cannot be read (permissions, a folder, a loop of links)
    NotPng,          ///< empty, or the bytes are not a PNG (a JPEG or a text file named .png)
    CorruptPng,      ///< a PNG signature, but the decoder rejects the data (truncated, bad CRC)
    TooLarge,        ///< wider or taller than MAX_IMAGE_SIDE_PX
    WriteFailed,     ///< an output file could not be written
};

/// What went wrong and where: `file` is the path as given, `message` names the rule broken.
struct Error {
    ErrorCode code{};
    std::string file;
    std::string message;
    /// "error: <file>: <message>", the one line the programs print.
    [[nodiscard]] std::string ToLine() const { return "error: " + file + ": " + message; }
};

/// A value or the Error that kept it from loading.
template <class T>
class Result {
public:
    Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit, as in `return image;`
    Result(Error error) : v_(std::move(error)) {}  // NOLINT
    [[nodiscard]] bool Ok() const { return std::holds_alternative<T>(v_); }
    [[nodiscard]] const T& Value() const& { return std::get<T>(v_); }
    [[nodiscard]] T&& Value() && { return std::get<T>(std::move(v_)); }
    [[nodiscard]] const Error& GetError() const { return std::get<Error>(v_); }

private:
    std::variant<T, Error> v_;
};

inline constexpr std::int32_t MAX_IMAGE_SIDE_PX = 4096;

/// Decoded pixels, RGBA8 (bytes R, G, B, A), tightly packed rows.
struct Image {
    std::int32_t widthPx = 0;
    std::int32_t heightPx = 0;
    std::vector<std::uint8_t> rgba;
    [[nodiscard]] collide::ImageView View() const { return {rgba.data(), widthPx, heightPx, widthPx * 4}; }
};

/// Decodes a PNG of any colour type SDL_image reads (RGBA, RGB, palette, palette with tRNS, grey,
/// grey+alpha, 16-bit) into RGBA8. Checks the signature and the header size before decoding.
[[nodiscard]] Result<Image> LoadPng(const std::string& path);
/// The same from bytes already in memory; `nameForErrors` is the file named in an Error.
[[nodiscard]] Result<Image> DecodePng(const std::uint8_t* bytes, std::size_t size, const std::string& nameForErrors);
/// Writes `image` as an 8-bit RGBA PNG (through SDL_image). Overwrites: callers that must not,
/// check first. Returns the Error when the file cannot be written.
[[nodiscard]] std::optional<Error> SavePng(const std::string& path, const Image& image);
/// Reads a whole file; the Error says missing or unreadable.
[[nodiscard]] Result<std::vector<std::uint8_t>> ReadFileBytes(const std::string& path);

}  // namespace assets
