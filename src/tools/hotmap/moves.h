// Move stubs from painted frames, one rule shared by `hotmap moves --suggest`, `hotmap import` and
// lint's fix for attack pixels no move uses: an animation whose hotmaps hold attack pixels, that
// no move plays and that is no required animation, projectile or throw toss, gets a move whose
// active frames are its first run of frames with attack pixels; startup and recovery are then the
// frames before and after. Its button and stance come from its name, its other fields are the
// documented defaults (docs/authoring.md). Tool-only; no files.
#pragma once

#include "assets/format.h"

#include <map>
#include <string>
#include <vector>

namespace hotmap {

/// A stub's fields other than its animation, button, stance and active frames.
inline constexpr std::int32_t STUB_DAMAGE = 60, STUB_KICK_DAMAGE = 90, STUB_HITSTUN_TICKS = 14,
                              STUB_BLOCKSTUN_TICKS = 10, STUB_HITSTOP_TICKS = 6;
inline constexpr double STUB_KNOCKBACK_PX_PER_TICK = 3.0;

/// Per animation name, which of its frames' hotmaps hold attack pixels.
using AttackFrames = std::map<std::string, std::vector<bool>>;

/// What SuggestMoves found for one animation.
struct MoveSuggestion {
    std::string animation;
    /// The stub; empty name when none could be made (`why` says).
    assets::ManifestMove move;
    /// One line for a person: the stub's timing, or why there is none, or what it leaves out.
    std::string note;
};

/// The stubs for `manifest`'s animations with attack pixels and no move, in name order. Each stub
/// takes a button and stance no move (nor a stub before it) holds.
[[nodiscard]] std::vector<MoveSuggestion> SuggestMoves(const assets::Manifest& manifest, const AttackFrames& attack);

/// `move` as fighter.json holds it, on one line: "\"name\": {...}" (the writer's own text).
[[nodiscard]] std::string MoveJsonLine(const assets::ManifestMove& move);

/// The animation's frames before, during and after [first, last], in ticks: "startup 6, active
/// 12, recovery 18 ticks".
[[nodiscard]] std::string TimingText(const assets::ManifestAnimation& animation, std::int32_t first, std::int32_t last);

}  // namespace hotmap
