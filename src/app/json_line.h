// One JSON writer for every line brawl prints: a headless run's report (every scene's) and the event
// log (--log-events). A line is built as nlohmann's ordered_json, then written on one line with ", "
// and ": " between items, as the lines always read. Strings are escaped by nlohmann, never by hand:
// a move named `a"b`, or an id holding a control byte, stays valid JSON. No SDL, no files.
#pragma once

#include "game/game.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace app {

/// A line's value: keys keep the order they were added in.
using JsonLine = nlohmann::ordered_json;

/// `value` as one line, no newline: {"a": 1, "b": [2, 3], "c": "x"}. Invalid UTF-8 in a string is
/// replaced (U+FFFD), never an exception.
[[nodiscard]] std::string WriteJsonLine(const JsonLine& value);

/// 16 lower-case hex digits: how hashes are written.
[[nodiscard]] std::string Hex16(std::uint64_t value);

/// `def`'s move `move` by name, or null when it has none of that index (or `def` is null).
[[nodiscard]] JsonLine MoveNameJson(const game::FighterDef* def, std::int32_t move);

/// One event of --log-events: {"tick", "event", "fighter", "target", "move" (a name or null),
/// "projectile", "x", "y", "value"}, the move named from the fighter who did it.
[[nodiscard]] JsonLine EventJson(const game::MatchDefs& defs, const game::Event& event);

}  // namespace app
