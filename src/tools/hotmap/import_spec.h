// The small languages of `hotmap import`'s options: which frames an animation takes (--map's
// "0-3", "23-16", "0,1,0,2", ":pingpong"), ticks per animation (--ticks walk=5,idle=8), anchors
// (--anchor X,Y and NAME=X,Y), a scale that need not be whole (--scale 1.5) with its one pixel
// mapping, and the offsets file (CSV or JSON rows: frame, dx, dy, optional duration). Text in,
// values or a message out: no files are read here.
#pragma once

#include "assets/assets.h"
#include "collide/collide.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hotmap {

/// A scale as a fraction num/den (1.5 is 3/2), from 1/4 to 8. Output pixel o shows source pixel
/// floor(o / scale): the sprite and its hotmap go through this one mapping, so their pixels stay
/// on each other at any scale. Whole-number arithmetic only.
struct Scale {
    std::int32_t num = 1;
    std::int32_t den = 1;
    /// The source pixel output pixel `o` shows.
    [[nodiscard]] std::int32_t SourceOf(std::int32_t o) const;
    /// The first output pixel that shows source pixel `s` (any sign): ceil(s * scale).
    [[nodiscard]] std::int32_t FirstOf(std::int32_t s) const;
    /// The last output pixel that shows source pixel `s` (FirstOf(s) when scaling down hides it).
    [[nodiscard]] std::int32_t LastOf(std::int32_t s) const;
    /// A side of `n` source pixels, scaled: ceil(n * scale), so every source pixel shows.
    [[nodiscard]] std::int32_t Size(std::int32_t n) const { return FirstOf(n); }
    /// "1.5", "3".
    [[nodiscard]] std::string Text() const;
};

/// "3", "1.5", "0.75" (up to three decimals), 0.25-8; nothing else.
[[nodiscard]] std::optional<Scale> ParseScale(const std::string& text);
/// `src` scaled by `scale`, each output pixel a copy of the source pixel Scale::SourceOf names.
[[nodiscard]] assets::Image ScaleImage(const assets::Image& src, const Scale& scale);

/// The frames an animation takes, or why the text names none.
struct FrameOrder {
    std::vector<std::int32_t> frames;  ///< indices into the source's frames, in play order
    std::string error;                 ///< "" when `frames` holds the answer
};

/// The frame order `text` names among `count` source frames: indices and ranges separated by
/// commas ("0-3", "23-16" backwards, "0,1,0,2" repeats), or none for all of them in order; then
/// optionally ":pingpong" (there and back, each end once: 0-3 plays 0 1 2 3 2 1) or ":reverse".
[[nodiscard]] FrameOrder ParseFrameOrder(const std::string& text, std::int32_t count);

/// --ticks: a default for frames the art gives no duration, and per-animation values that
/// override everything else for their animation.
struct TicksSpec {
    std::int32_t defaultTicks = 6;
    std::vector<std::pair<std::string, std::int32_t>> perAnimation;
};
/// Adds one --ticks value ("6", "walk=5,idle=8", "6,walk=5"); returns what is wrong, or "".
[[nodiscard]] std::string AddTicks(const std::string& text, TicksSpec& spec);
/// The animations among `names` that a --ticks or --anchor entry `key` names: the one called
/// `key`, else every one whose name starts with `key` and an underscore ("walk": walk_forward
/// and walk_back).
[[nodiscard]] std::vector<std::string> AnimationsNamed(const std::string& key, const std::vector<std::string>& names);

/// --anchor: the fighter's, and animations' own (a projectile's), in the art's pixels before
/// --scale.
struct AnchorSpec {
    std::optional<collide::Point> fighterPx;
    std::map<std::string, collide::Point> perAnimationPx;
};
/// Adds one --anchor value ("X,Y" or "NAME=X,Y"); returns what is wrong, or "".
[[nodiscard]] std::string AddAnchor(const std::string& text, AnchorSpec& spec);

/// One row of an offsets file: how far the frame's picture is drawn right (dx) and down (dy) of
/// its place, in the art's pixels (an atlas's per-frame offset), and its duration if given.
struct FrameOffset {
    collide::Point offsetPx{};
    std::int32_t ticks = 0;  ///< 0: the file gives none
};
/// An offsets file's rows by frame: a file name for --frames, a cell number for --grid, a frame's
/// name or index for --sheet. CSV ("frame,dx,dy" or "frame,dx,dy,duration" per line, an optional
/// header line, durations in ms) or JSON ([{"frame": ..., "dx": ..., "dy": ..., "duration": ...}]);
/// an Error naming `path` and the line or entry otherwise.
[[nodiscard]] assets::Result<std::map<std::string, FrameOffset>> ParseOffsets(const std::string& text,
                                                                              const std::string& path);

/// A duration in milliseconds as 60 Hz ticks: the nearest, at least 1, at most 600.
[[nodiscard]] std::int32_t TicksOfMilliseconds(double ms);

}  // namespace hotmap
