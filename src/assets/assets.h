// assets: files in, pixel buffers and masks out. The only library that decodes images.
// Depends on SDL2_image (decoding) and collide (masks); never on a window, a renderer or ImGui.
// Invariant: a load either returns a complete value or an Error naming the file and the rule
// broken; nothing is half-loaded, nothing is printed.
#pragma once

#include "collide/collide.h"
#include "game/fighter_def.h"

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
    SizeMismatch,    ///< a hotmap's size differs from its sprite's
    ManifestSyntax,  ///< fighter.json is not valid JSON (the message has line and column)
    ManifestField,   ///< a field is unknown, missing, of the wrong type or out of range
    ManifestRule,    ///< fields that disagree: a move's active frames do not exist, an active frame has no attack pixel
    NoFighters,      ///< a folder holds no fighter.json at all
    NotWav,          ///< empty, or the bytes are not a RIFF/WAVE file
    CorruptWav,      ///< a WAV header, but its chunks or format are broken or unsupported
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
/// Is there anything at `path` (a file, a folder, a link, even a broken or looping one)? False only
/// when nothing is there: an entry that cannot be examined counts as there, so that reading it
/// reports why (a loop of links, no permission) instead of it being taken for absent.
[[nodiscard]] bool EntryExists(const std::string& path);
/// Reads a whole file; the Error says missing or unreadable.
[[nodiscard]] Result<std::vector<std::uint8_t>> ReadFileBytes(const std::string& path);

/// Something worth a look that does not stop a load (lint prints these as warnings).
struct Warning {
    std::string file;
    std::string message;
    [[nodiscard]] std::string ToLine() const { return "warning: " + file + ": " + message; }
};

/// Where a project's fighters live: <root>/assets/<id>/ and <root>/hotmaps/<id>/.
struct AssetRoots {
    std::string assetsDir = "assets";
    std::string hotmapsDir = "hotmaps";
    /// The roots of the project folder `root`.
    static AssetRoots Under(const std::string& root) { return {root + "/assets", root + "/hotmaps"}; }
};

/// The sounds a manifest names for one move: file names in the fighter's sfx/ folder, empty for
/// none (the shared sound plays). Not the simulation's business: they stay out of the definition.
struct MoveSounds {
    std::string start;  ///< `sound`: the swing, or the projectile's throw
    std::string hit;    ///< `hitSound`
};

/// One fighter, loaded whole: the simulation's definition (masks built) and the pictures to draw.
struct LoadedFighter {
    game::FighterDef def;
    /// Each move's own sounds (parallel to def.moves); the files are not read here (audio's
    /// SoundBank reads them, `hotmap lint` checks them).
    std::vector<MoveSounds> moveSounds;
    /// sprites[animation][frame], parallel to def.animations.
    std::vector<std::vector<Image>> sprites;
    /// The sprites in the manifest's alternate palette (def.palette), for the second of two alike
    /// fighters; empty when the manifest has no palette.
    std::vector<std::vector<Image>> altSprites;
    /// hotmaps[animation][frame] when LoadOptions::keepHotmapImages (lint reads their colours);
    /// an empty Image where the frame fell back to its sprite.
    std::vector<std::vector<Image>> hotmaps;
    std::vector<Warning> warnings;
    std::string manifestPath;
    double loadMilliseconds = 0.0;
};

struct LoadOptions {
    bool keepHotmapImages = false;
};

/// Loads assets/<id>/fighter.json with every frame's sprite and hotmap, and builds the masks.
[[nodiscard]] Result<LoadedFighter> LoadFighter(const AssetRoots& roots, const std::string& id,
                                                const LoadOptions& options = {});
/// The ids of every folder of roots.assetsDir that holds a fighter.json, sorted.
[[nodiscard]] Result<std::vector<std::string>> ListFighters(const AssetRoots& roots);

/// Parses a manifest's text into a FighterDef with empty frames (ticks and anchors set, no masks):
/// the JSON half of LoadFighter, separate so it can be fuzzed and tested without files.
[[nodiscard]] Result<game::FighterDef> ParseManifest(const std::string& text, const std::string& id,
                                                     const std::string& nameForErrors);

}  // namespace assets
