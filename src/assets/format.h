// The fighter format, defined once: a fighter folder's file names (FrameFileName), the manifest
// as a document (Manifest: what a person writes in fighter.json, in its units), and the list of
// its fields, each declared once in format.cpp with its key, member, kind, range and meaning. The
// reader checks against the list, the writer (artgen) writes it in the list's order, the table
// ManifestFields() and docs/manifest.md's tables are made from it (a test compares them), `hotmap
// lint` names files by FrameFileName. No files are read here: text in, document or text out.
#pragma once

#include "assets/assets.h"
#include "collide/collide.h"
#include "game/fighter_def.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace assets {

// ---- file names ---------------------------------------------------------------------------------

/// Frame `frame` of `animation`: "<animation>_<nn>.png" (two digits from 00), the same name in
/// assets/<fighter>/ (the sprite) and hotmaps/<fighter>/ (the hotmap).
[[nodiscard]] std::string FrameFileName(std::string_view animation, std::size_t frame);
/// The manifest's name inside a fighter folder.
inline constexpr const char* MANIFEST_FILE_NAME = "fighter.json";
/// Animation names become file names: 1-32 of a-z, 0-9 and _.
[[nodiscard]] bool IsSafeAnimationName(std::string_view name);
/// A move's sound is a file name in the fighter's sfx/ folder: 5-64 of a-z, 0-9, _, - and ., not
/// starting with a dot, ending in ".wav" (so it can never leave the folder).
[[nodiscard]] bool IsSafeSoundName(std::string_view name);
/// The folder inside a fighter's folder that holds its own sounds.
inline constexpr const char* FIGHTER_SFX_FOLDER = "sfx";

/// The fewest frames idle may have (ManifestToDef's rule; `hotmap import` repeats frames to reach it).
inline constexpr std::size_t MIN_IDLE_FRAMES = 4;

/// `hotmap template` and `import`: a sprite pixel at least this opaque is body (hurt); fainter ones
/// (shadows, stray alpha-1 pixels) are air. Lint warns about hurt over fainter sprite pixels.
inline constexpr int TEMPLATE_ALPHA_MIN = 128;

// ---- the document ---------------------------------------------------------------------------------

struct ManifestFrame {
    std::int32_t ticks = 1;
    std::optional<collide::Point> anchorPx;  ///< this frame's own anchor, if it has one
};

struct ManifestAnimation {
    std::string name;
    bool loop = false;
    collide::Point anchorPx{};
    /// False when fighter.json gives none and the fighter's anchor was taken (the reader sets it).
    bool anchorGiven = true;
    std::vector<ManifestFrame> frames;
};

struct ManifestProjectile {
    std::string animation;
    std::int32_t spawnFrame = 0;
    collide::Point spawnPx{};  ///< from the thrower's anchor, facing right, y up negative
    double speedPxPerTick = 1.0;
    double spinDegreesPerTick = 0.0;  ///< 0: upright (left out of a written manifest)
    std::int32_t lifetimeTicks = 60;
};

/// A cancel window: after the move's attack made contact (`on`), on frames [first, last], the
/// moves named in `into` may start at once.
struct ManifestCancel {
    std::vector<std::string> into;
    std::array<std::int32_t, 2> frames{};
    game::CancelOn on = game::CancelOn::Hit;
};

/// A throw: the toss animation the grab leads to, and where the victim is on each of its frames.
struct ManifestThrow {
    std::string animation;
    std::vector<collide::Point> victimOffsetsPx;  ///< from the thrower's anchor, facing right, y up negative
    std::int32_t landingPx = 60;                  ///< beyond the last offset, where the victim lands
};

struct ManifestMove {
    std::string name;
    std::string animation;
    game::Button button = game::Button::Punch;
    game::Stance stance = game::Stance::Stand;
    std::int32_t damage = 0;
    std::int32_t hitstunTicks = 0;
    std::int32_t blockstunTicks = 0;
    std::int32_t hitstopTicks = 0;
    double knockbackPxPerTick = 0.0;
    std::optional<std::array<std::int32_t, 2>> active;  ///< [first, last] frame; none: the move only throws
    game::HitHeight height = game::HitHeight::Mid;
    std::optional<ManifestProjectile> projectile;
    std::string motion;  ///< numpad digits, "" for none
    std::vector<ManifestCancel> cancels;
    double advancePxPerTick = 0.0;
    std::int32_t meterCost = 0;
    std::int32_t superFreezeTicks = 0;
    std::optional<ManifestThrow> throwMove;
    bool knockdown = false;  ///< a hit knocks down
    std::string sound;       ///< a file in the fighter's sfx/ folder, or empty (the shared sound)
    std::string hitSound;    ///< the same, for a hit
};

/// One colour of the alternate palette: every sprite pixel of `fromRgb` becomes `toRgb` (0xRRGGBB).
struct ManifestColourSwap {
    std::uint32_t fromRgb = 0;
    std::uint32_t toRgb = 0;
};

/// The alternate colours for shaded art (too many colours for a palette): every sprite pixel's
/// hue turned by `hueDegrees` and its lightness moved by `lightnessPercent` (towards white above
/// 0, towards black below). The mirror match's second fighter wears it; hotmaps never change.
struct ManifestAlternate {
    std::int32_t hueDegrees = 0;
    std::int32_t lightnessPercent = 0;
};
/// What a fighter with neither `palette` nor `alternate` wears in a mirror match.
inline constexpr ManifestAlternate DEFAULT_ALTERNATE{180, 0};

/// fighter.json as a person writes it: speeds in px/tick, durations in ticks. Animations and moves
/// keep the order they are given in (the reader gives them in name order, as JSON objects are read).
struct Manifest {
    std::string name;
    std::int32_t health = 1000;
    double walkForwardSpeed = 0.0;  ///< px/tick
    double walkBackSpeed = 0.0;
    double jumpVelocity = 0.0;
    double jumpForwardSpeed = 0.0;
    double gravity = 0.5;  ///< px/tick²
    std::int32_t pushboxWidthPx = 0;
    std::int32_t pushboxHeightPx = 0;
    std::int32_t pushboxCrouchHeightPx = 0;
    /// The default anchor of animations that give none; written, animations sharing it omit theirs.
    std::optional<collide::Point> anchorPx;
    std::string credits;  ///< who made the art; "" for none
    std::string license;  ///< the art's license; "" for none
    std::vector<ManifestAnimation> animations;
    std::vector<ManifestMove> moves;
    std::vector<ManifestColourSwap> palette;     ///< the alternate palette; empty: none
    std::optional<ManifestAlternate> alternate;  ///< the alternate shift; none: DEFAULT_ALTERNATE without a palette
};

// ---- the field table ------------------------------------------------------------------------------

enum class FieldType : std::uint8_t { Text, Whole, Number, Bool, Choice, Point, Object, Map, Array };

/// One field of fighter.json, as the list declares it. `parent` is the path of the object that holds
/// it ("" for the top, "animations.*" for an animation, "animations.*.frames[]" for a frame).
struct Field {
    std::string parent;
    const char* key;
    FieldType type;
    double lo = 0, hi = 0;  ///< the range (Text: characters; Array and Map: entries; Point: each number)
    bool optional = false;
    const char* unit = "";   ///< "ticks", "px/tick", ...: how the docs read the number
    const char* shape = "";  ///< Point: "[x, y]"; Map and Array: what an entry is
    const char* meaning = "";
    std::vector<const char*> choices{};  ///< Choice: the words allowed (the enum's one name table)
};

/// Every field of fighter.json, in the list's order (the docs' and the writer's).
[[nodiscard]] std::span<const Field> ManifestFields();
/// The field at `parent`.`key` (a programmer error when there is none).
[[nodiscard]] const Field& FieldAt(std::string_view parent, std::string_view key);
/// "whole number of ticks, 0-600", "`\"high\"`, `\"mid\"` or `\"low\"`", ...: the docs' type column.
[[nodiscard]] std::string DescribeFieldType(const Field& field);
/// The Markdown table of the fields under `parent`, each name shown after `prefix` (as
/// "projectile.speed"), as docs/manifest.md holds it.
[[nodiscard]] std::string FieldTableMarkdown(std::string_view parent, std::string_view prefix = "");

// ---- reading and writing ----------------------------------------------------------------------------

/// fighter.json's text as a document, every field checked against the table; the Error names
/// `nameForErrors`, the field's path and the rule. Cross-field rules are ManifestToDef's.
[[nodiscard]] Result<Manifest> ReadManifest(const std::string& text, const std::string& nameForErrors);
/// The document as a definition without pixels (frames with ticks and anchors, no masks):
/// required animations first, speeds to subpixels; checks the rules between fields (a move's
/// animation and frames exist, idle loops, one move per button, stance and motion).
[[nodiscard]] Result<game::FighterDef> ManifestToDef(const Manifest& manifest, const std::string& id,
                                                     const std::string& nameForErrors);
/// The document as fighter.json's text: fields in the table's order, a value that fits on a
/// short line kept on one line, two-space indents, a final newline.
[[nodiscard]] std::string WriteManifest(const Manifest& manifest);

/// `image` in the alternate palette: each pixel whose RGB is a swap's `fromRgb` takes its `toRgb`
/// (alpha kept). The mirror match's second fighter wears it; hotmaps never change.
[[nodiscard]] Image ApplyPalette(const Image& image, std::span<const game::PaletteSwap> palette);
/// `image` with every pixel's hue turned and lightness moved (ManifestAlternate; alpha kept, a grey
/// keeps its hue-less grey). Whole-number arithmetic: the same bytes on every machine.
[[nodiscard]] Image ApplyAlternate(const Image& image, const ManifestAlternate& shift);

}  // namespace assets
