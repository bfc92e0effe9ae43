// assets: files in, pixel buffers and masks out. The only library that decodes images.
// Depends on SDL2_image (decoding) and collide (masks); never on a window, a renderer or ImGui.
// Invariant: a load either returns a complete value or an Error naming the file and the rule
// broken; nothing is half-loaded, nothing is printed.
#pragma once

#include "assets/limits.h"
#include "collide/collide.h"
#include "game/fighter_def.h"
#include "game/result.h"
#include "game/text.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace assets {

/// Stable error codes: tests and tools match on these, people read the message.
enum class ErrorCode : std::uint8_t {
    FileMissing,     ///< no such file or folder
    FileUnreadable,  ///< exists but cannot be read (permissions, a folder, a loop of links)
    NotPng,          ///< empty, or the bytes are not a PNG (a JPEG or a text file named .png)
    CorruptPng,      ///< a PNG signature, but the decoder rejects the data (truncated, bad CRC)
    TooLarge,      ///< over a limit (assets/limits.h): bytes, pixels, counts; or wider or taller than MAX_IMAGE_SIDE_PX
    WriteFailed,   ///< an output file could not be written
    SizeMismatch,  ///< a hotmap's size differs from its sprite's
    ManifestSyntax,  ///< fighter.json is not valid JSON (the message has line and column)
    ManifestField,   ///< a field is unknown, missing, of the wrong type or out of range
    ManifestRule,    ///< fields that disagree: a move's active frames do not exist, an active frame has no attack pixel
    NoFighters,      ///< a folder holds no fighter.json at all
    NotRegularFile,  ///< a FIFO, a device or a socket where a file is read or written
    OutsideProject,  ///< a link inside the project that leads outside it (LoadOptions::allowOutsideLinks)
    NotWav,          ///< empty, or the bytes are not a RIFF/WAVE file
    CorruptWav,      ///< a WAV header, but its chunks or format are broken or unsupported
};

/// What went wrong and where: `file` is the path as given, `message` names the rule broken (values
/// from files in it already through game::Printable).
struct Error {
    ErrorCode code{};
    std::string file;
    std::string message;
    /// "error: <file>: <message>", the one line the programs print: the file escaped and the whole
    /// kept to one line (game/text.h), whatever a folder's name or a file's bytes held.
    [[nodiscard]] std::string ToLine() const {
        return "error: " + game::PrintablePath(file) + ": " + game::OneLine(message);
    }
};

/// A value or the Error that kept it from loading (game/result.h, shared with net).
template <class T>
using Result = game::Result<T, Error>;

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
/// Reads the file through ReadInputFile (files.h): a regular file of at most limits::PNG_FILE_BYTES.
[[nodiscard]] Result<Image> LoadPng(const std::string& path);
/// The same from bytes already in memory; `nameForErrors` is the file named in an Error.
[[nodiscard]] Result<Image> DecodePng(const std::uint8_t* bytes, std::size_t size, const std::string& nameForErrors);
/// Width and height in pixels.
struct PngSize {
    std::int32_t widthPx = 0;
    std::int32_t heightPx = 0;
};
/// What DecodePng checks before decoding, from the first 24 bytes (signature, IHDR, a size of 1 to
/// MAX_IMAGE_SIDE_PX a side): the image's size, or the Error DecodePng would give.
[[nodiscard]] Result<PngSize> ReadPngSize(const std::uint8_t* bytes, std::size_t size,
                                          const std::string& nameForErrors);
/// `image` as the bytes of an 8-bit RGBA PNG (SDL_image, in memory).
[[nodiscard]] Result<std::vector<std::uint8_t>> EncodePng(const Image& image, const std::string& nameForErrors);
/// Writes `image` as an 8-bit RGBA PNG: EncodePng, then WriteOutputFile (files.h: never into a
/// FIFO or a device, whole or not at all). Overwrites a regular file: callers that must not, check
/// first. Returns the Error when the file cannot be written.
[[nodiscard]] std::optional<Error> SavePng(const std::string& path, const Image& image);
/// Is there anything at `path` (a file, a folder, a link, even a broken or looping one)? False only
/// when nothing is there: an entry that cannot be examined counts as there, so that reading it
/// reports why (a loop of links, no permission) instead of it being taken for absent.
[[nodiscard]] bool EntryExists(const std::string& path);

/// Something worth a look that does not stop a load (lint prints these as warnings).
struct Warning {
    std::string file;
    std::string message;
    [[nodiscard]] std::string ToLine() const {
        return "warning: " + game::PrintablePath(file) + ": " + game::OneLine(message);
    }
};

/// Where a project's fighters live: <root>/assets/<id>/ and <root>/hotmaps/<id>/.
struct AssetRoots {
    std::string assetsDir = "assets";
    std::string hotmapsDir = "hotmaps";
    /// The roots of the project folder `root`.
    static AssetRoots Under(const std::string& root) { return {root + "/assets", root + "/hotmaps"}; }
    /// The project folder: the folder that holds assetsDir (lexically: a link named assets/ that
    /// leads elsewhere still leaves the project).
    [[nodiscard]] std::string ProjectDir() const;
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
    /// The manifest's `credits` and `license` ("" when it gives none): the select screen shows them.
    std::string credits, license;
    /// sprites[animation][frame], parallel to def.animations. Without LoadOptions::keepSpritePixels
    /// each keeps its size but no pixels (rgba empty).
    std::vector<std::vector<Image>> sprites;
    /// The manifest's `alternate` shift (format.h's ManifestAlternate), for AlternateSprites when
    /// def.palette is empty: a half turn of the hue unless the manifest says otherwise.
    std::int32_t alternateHueDegrees = 180;
    std::int32_t alternateLightnessPercent = 0;
    /// hotmaps[animation][frame] when LoadOptions::keepHotmapImages (lint reads their colours);
    /// an empty Image where the frame fell back to its sprite.
    std::vector<std::vector<Image>> hotmaps;
    std::vector<Warning> warnings;
    /// Every frame's error, in file order, when LoadOptions::collectErrors (lint reports them all in
    /// one run); the frames they name hold empty Images and masks. Always empty otherwise.
    std::vector<Error> errors;
    std::string manifestPath;
    double loadMilliseconds = 0.0;
    /// Its frames' pixels, all added up (what limits::PIXELS_PER_FIGHTER bounds).
    std::int64_t pixels = 0;
};

struct LoadOptions {
    bool keepHotmapImages = false;
    /// Off for a run that never draws (brawl --headless without a screenshot): the sprites are
    /// decoded and checked all the same (the same errors, warnings and masks), but their pixels are
    /// not kept, so the load touches no fresh memory for them (36 MB for today's two fighters,
    /// most of a fresh process's load: issue 41).
    bool keepSpritePixels = true;
    /// Follow links in assets/ and hotmaps/ that lead outside the project folder (brawl's and
    /// hotmap's --allow-outside-links). Off: such a link is an OutsideProject Error naming it.
    bool allowOutsideLinks = false;
    /// Pixels the project's other fighters hold already: the load fails when this fighter takes
    /// the total over limits::PIXELS_PER_PROJECT.
    std::int64_t otherFightersPixels = 0;
    /// For `hotmap lint` only: a frame's error (a missing or broken PNG, a size mismatch, an active
    /// frame without attack pixels) goes to LoadedFighter::errors and loading goes on, so that one
    /// run reports every broken frame. The result is then not a playable fighter when errors is not
    /// empty. Manifest errors and the pixel budgets still end the load.
    bool collectErrors = false;
};

/// Loads assets/<id>/fighter.json with every frame's sprite and hotmap, and builds the masks. Every
/// file through ReadInputFile (files.h) within the project folder; the counts and the pixel budget
/// (limits.h) checked before anything is decoded: all sprites' headers are read first.
[[nodiscard]] Result<LoadedFighter> LoadFighter(const AssetRoots& roots, const std::string& id,
                                                const LoadOptions& options = {});
/// `fighter`'s sprites in its alternate colours, for the second of two alike fighters (made when a
/// mirror match needs them, not at load: issue 41): its palette (def.palette), else its
/// `alternate` shift (format.h). Parallel to sprites; an empty Image where a sprite is empty.
[[nodiscard]] std::vector<std::vector<Image>> AlternateSprites(const LoadedFighter& fighter);
/// The ids of every folder of roots.assetsDir that holds a fighter.json, sorted; more than
/// limits::FIGHTERS_PER_PROJECT is an Error (TooLarge).
[[nodiscard]] Result<std::vector<std::string>> ListFighters(const AssetRoots& roots);

/// Parses a manifest's text into a FighterDef with empty frames (ticks and anchors set, no masks):
/// the JSON half of LoadFighter, separate so it can be fuzzed and tested without files.
[[nodiscard]] Result<game::FighterDef> ParseManifest(const std::string& text, const std::string& id,
                                                     const std::string& nameForErrors);

}  // namespace assets
