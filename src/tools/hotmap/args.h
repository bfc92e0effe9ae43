// Strict argument parsing for the hotmap tool: a number is a whole number or it is a usage error.
#pragma once

#include "collide/collide.h"

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>

namespace hotmap {

/// The whole string as an int32, or nothing ("12px", "", "1e3" are not numbers).
inline std::optional<std::int32_t> ParseInt32(const std::string& text) {
    std::int32_t value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc{} || ptr != end || text.empty()) {
        return std::nullopt;
    }
    return value;
}

/// "RRGGBB" (an optional leading '#') as a colour.
inline std::optional<collide::Rgb> ParseRgbHex(std::string text) {
    if (!text.empty() && text[0] == '#') {
        text.erase(0, 1);
    }
    std::uint32_t value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value, 16);
    if (text.size() != 6 || ec != std::errc{} || ptr != end) {
        return std::nullopt;
    }
    return collide::Rgb{static_cast<std::uint8_t>(value >> 16), static_cast<std::uint8_t>(value >> 8),
                        static_cast<std::uint8_t>(value)};
}

inline std::optional<collide::Channel> ParseChannel(const std::string& text) {
    if (text == "any") return collide::Channel::Any;
    if (text == "attack") return collide::Channel::Attack;
    if (text == "hurt") return collide::Channel::Hurt;
    return std::nullopt;
}

}  // namespace hotmap
