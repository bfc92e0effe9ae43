// Enum <-> text, one table per enum: the command line, replays, the overlay and the logs all read
// the same table, so a name is spelt in one place. Lookups are linear: the tables are tiny.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace game {

/// One row of a name table: a value and the word that stands for it.
template <class E>
struct EnumName {
    E value;
    const char* name;
};

/// The word for `value` in `table` ("?" for a value the table lacks: a programmer error).
template <class E, std::size_t N>
[[nodiscard]] constexpr const char* NameOf(const EnumName<E> (&table)[N], E value) {
    for (const EnumName<E>& row : table) {
        if (row.value == value) return row.name;
    }
    return "?";
}

/// The value whose word is `text`, or nothing.
template <class E, std::size_t N>
[[nodiscard]] constexpr std::optional<E> ParseName(const EnumName<E> (&table)[N], std::string_view text) {
    for (const EnumName<E>& row : table) {
        if (text == row.name) return row.value;
    }
    return std::nullopt;
}

/// "a, b or c": the choices, for a usage message.
template <class E, std::size_t N>
[[nodiscard]] std::string NameChoices(const EnumName<E> (&table)[N]) {
    std::string out;
    for (std::size_t i = 0; i < N; ++i) {
        if (i > 0) out += i + 1 == N ? " or " : ", ";
        out += table[i].name;
    }
    return out;
}

}  // namespace game
