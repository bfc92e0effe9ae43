// The player's settings: volumes and mute, key and pad bindings, fullscreen, window scale, vsync.
// One small JSON file in the user's config folder ($XDG_CONFIG_HOME/hotmap-brawl/settings.json, or
// ~/.config/...), never in the project folder. A missing file is the defaults, silently; a broken
// one is the defaults (for what is broken) and one warning line naming it, never a failed start.
// Written whole or not at all (a temporary file, then a rename). The command line's --mute and
// --volume apply to one run and are never written.
#pragma once

#include "app/controls.h"
#include "audio/audio.h"

#include <optional>
#include <string>

namespace app {

/// Window sizes offered: 1x to 4x the 640 x 360 picture.
inline constexpr std::int32_t MIN_WINDOW_SCALE = 1, MAX_WINDOW_SCALE = 4;

struct UserSettings {
    audio::Volumes volumes;
    Bindings bindings = Bindings::Defaults();
    bool fullscreen = false;
    std::int32_t windowScale = 2;  ///< times 640 x 360 (1280 x 720)
    bool vsync = true;
    friend bool operator==(const UserSettings&, const UserSettings&) = default;
};

/// A file or folder under an XDG base folder: $<xdgVariable>/<tail> when that variable is an
/// absolute path, else $HOME/<homeDefault>/<tail>; nothing when neither is set. Never relative.
[[nodiscard]] std::optional<std::string> XdgPath(const char* xdgVariable, const char* homeDefault,
                                                 const std::string& tail);
/// Where the settings live: $XDG_CONFIG_HOME/hotmap-brawl/settings.json when that is an absolute
/// path, else $HOME/.config/hotmap-brawl/settings.json; nothing when neither is set (the settings
/// are then not remembered). Never a relative path: never the current (project) folder.
[[nodiscard]] std::optional<std::string> SettingsPath();

/// Where a windowed match keeps its replays: $XDG_DATA_HOME/hotmap-brawl/replays (XdgPath's rules,
/// $HOME/.local/share otherwise); nothing when neither is set. Headless runs never write there.
[[nodiscard]] std::optional<std::string> ReplaysFolder();
/// The replays a folder keeps: the newest KEPT_REPLAYS.
inline constexpr std::size_t KEPT_REPLAYS = 20;
/// A new replay's file in `folder`: match-<sortable time>-<n>.replay, a name no file there has yet.
[[nodiscard]] std::string NewKeptReplayPath(const std::string& folder);
/// Removes the oldest match-*.replay files of `folder` (by name: the time they were made) beyond
/// the newest `keep`; other files are left alone. Returns how many went.
std::size_t PruneKeptReplays(const std::string& folder, std::size_t keep);

struct LoadedSettings {
    UserSettings settings;
    std::optional<std::string> warning;  ///< "warning: <file>: <what>" when the file was broken
};
/// Reads the file at `path`: missing, the defaults and no warning; unreadable or not JSON, the
/// defaults and a warning; a value of the wrong type or out of range, that value's default and
/// one warning for the file (the first problem, and how many more). Unknown keys are ignored (a
/// newer version's file).
[[nodiscard]] LoadedSettings LoadSettings(const std::string& path);
/// The file's text (pretty JSON, key names as SDL names them: "W", "Keypad 1", "Left Shift").
[[nodiscard]] std::string SettingsJson(const UserSettings& settings);
/// Writes the file (creating its folder): a temporary file beside it, then a rename. The error
/// line ("error: <file>: ...") when it cannot.
[[nodiscard]] std::optional<std::string> SaveSettings(const std::string& path, const UserSettings& settings);
/// SaveSettings' error line as the options menu says it: "settings cannot be saved: PATH: reason".
[[nodiscard]] std::string SettingsProblem(const std::string& errorLine);

/// What the command line changes for one run only, on top of the file's settings.
struct RunOverrides {
    std::optional<bool> mute;            ///< --mute
    std::optional<std::int32_t> volume;  ///< --volume 0-100: the master volume
    /// The volumes heard: the settings' with the overrides on top.
    [[nodiscard]] audio::Volumes Apply(const audio::Volumes& v) const {
        audio::Volumes out = v;
        if (mute) out.mute = *mute;
        if (volume) out.master = *volume;
        return out;
    }
};

/// A key's name for a person ("W", "KEYPAD 1"), upper case for the pixel font.
[[nodiscard]] std::string KeyName(SDL_Scancode key);
/// A pad button's name ("A", "X OR Y" for two).
[[nodiscard]] std::string PadName(const std::array<SDL_GameControllerButton, 2>& buttons);

}  // namespace app
