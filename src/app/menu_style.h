// What every menu panel shares (title, options, training, controls): one palette, so the screens
// read as one game, and the capitals the panels' labels are written in.
#pragma once

#include <SDL.h>

#include <cctype>
#include <string>

namespace app::menu {

inline constexpr SDL_Color WHITE{244, 240, 232, 255};  ///< labels
inline constexpr SDL_Color GOLD{255, 208, 96, 255};    ///< the selected row
inline constexpr SDL_Color DIM{170, 160, 190, 255};    ///< values, hints
inline constexpr SDL_Color RED{236, 80, 70, 255};      ///< a conflict, a warning

/// `text` in capitals (ASCII): names from SDL and the tables, as the panels show them.
[[nodiscard]] inline std::string Upper(std::string text) {
    for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return text;
}

}  // namespace app::menu
