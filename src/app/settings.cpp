// The settings file: where it lives, reading it leniently (a broken value costs that value, not the
// rest, and one warning line), writing it atomically.
#include "app/settings.h"

#include "app/menu_style.h"
#include "assets/files.h"

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace app {

namespace {

// A settings file is a few hundred bytes; anything past this is not one.
constexpr std::uint64_t SETTINGS_FILE_BYTES = 64 * 1024;

namespace fs = std::filesystem;
using menu::Upper;
using json = nlohmann::json;

constexpr int FILE_VERSION = 1;

// Collects what is wrong while reading: the first problem is named, the rest counted.
struct Problems {
    std::string first;
    int count = 0;
    void Add(const std::string& what) {
        if (count++ == 0) first = what;
    }
};

void ReadInt(const json& obj, const char* key, const std::string& path, std::int32_t lo, std::int32_t hi,
             std::int32_t& out, Problems& p) {
    if (!obj.contains(key)) return;
    const json& v = obj[key];
    if (!v.is_number_integer() || v.get<std::int64_t>() < lo || v.get<std::int64_t>() > hi) {
        p.Add(path + "." + key + " must be a whole number " + std::to_string(lo) + "-" + std::to_string(hi) + ", got " +
              v.dump());
        return;
    }
    out = v.get<std::int32_t>();
}

void ReadBool(const json& obj, const char* key, const std::string& path, bool& out, Problems& p) {
    if (!obj.contains(key)) return;
    const json& v = obj[key];
    if (!v.is_boolean()) {
        p.Add(path + "." + key + " must be true or false, got " + v.dump());
        return;
    }
    out = v.get<bool>();
}

void ReadKey(const json& obj, const char* key, const std::string& path, SDL_Scancode& out, Problems& p) {
    if (!obj.contains(key)) return;
    const json& v = obj[key];
    const SDL_Scancode code =
        v.is_string() ? SDL_GetScancodeFromName(v.get<std::string>().c_str()) : SDL_SCANCODE_UNKNOWN;
    if (code == SDL_SCANCODE_UNKNOWN) {
        p.Add(path + "." + key + " is not a key SDL knows: " + v.dump());
        return;
    }
    out = code;
}

void ReadPad(const json& obj, const char* key, const std::string& path, std::array<SDL_GameControllerButton, 2>& out,
             Problems& p) {
    if (!obj.contains(key)) return;
    const json& v = obj[key];
    std::array<SDL_GameControllerButton, 2> read{SDL_CONTROLLER_BUTTON_INVALID, SDL_CONTROLLER_BUTTON_INVALID};
    bool ok = v.is_array() && !v.empty() && v.size() <= 2;
    for (std::size_t i = 0; ok && i < v.size(); ++i) {
        read[i] = v[i].is_string() ? SDL_GameControllerGetButtonFromString(v[i].get<std::string>().c_str())
                                   : SDL_CONTROLLER_BUTTON_INVALID;
        ok = read[i] != SDL_CONTROLLER_BUTTON_INVALID;
    }
    if (!ok) {
        p.Add(path + "." + key + " must be one or two pad buttons (\"a\", \"b\", \"x\", \"y\", ...), got " + v.dump());
        return;
    }
    out = read;
}

const json* Object(const json& root, const char* key, Problems& p) {
    if (!root.contains(key)) return nullptr;
    if (!root[key].is_object()) {
        p.Add(std::string(key) + " must be an object");
        return nullptr;
    }
    return &root[key];
}

}  // namespace

std::optional<std::string> XdgPath(const char* xdgVariable, const char* homeDefault, const std::string& tail) {
    const char* xdg = std::getenv(xdgVariable);
    // The XDG spec: a relative path is invalid and must be ignored (it would land in the current
    // folder, the project's).
    if (xdg != nullptr && xdg[0] == '/') return std::string(xdg) + "/" + tail;
    const char* home = std::getenv("HOME");
    if (home != nullptr && home[0] == '/') return std::string(home) + "/" + homeDefault + "/" + tail;
    return std::nullopt;
}

std::optional<std::string> SettingsPath() {
    return XdgPath("XDG_CONFIG_HOME", ".config", "hotmap-brawl/settings.json");
}

std::optional<std::string> ReplaysFolder() {
    return XdgPath("XDG_DATA_HOME", ".local/share", "hotmap-brawl/replays");
}

std::string NewKeptReplayPath(const std::string& folder) {
    // The wall clock only names the file (UTC, so names sort as times); the match never sees it.
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &utc);
    for (int n = 1;; ++n) {
        char name[64];
        std::snprintf(name, sizeof name, "match-%s-%02d.replay", stamp, n);
        const std::string path = folder + "/" + name;
        std::error_code ec;
        if (!fs::exists(path, ec)) return path;
    }
}

std::size_t PruneKeptReplays(const std::string& folder, std::size_t keep) {
    std::vector<fs::path> kept;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind("match-", 0) == 0 && it->path().extension() == ".replay" && it->is_regular_file(ec))
            kept.push_back(it->path());
    }
    if (kept.size() <= keep) return 0;
    std::sort(kept.begin(), kept.end());
    std::size_t removed = 0;
    for (std::size_t i = 0; i + keep < kept.size(); ++i) removed += fs::remove(kept[i], ec) ? 1 : 0;
    return removed;
}

LoadedSettings LoadSettings(const std::string& path) {
    LoadedSettings out;
    std::error_code ec;
    if (!fs::exists(path, ec)) return out;
    const auto warn = [&](const std::string& what) { out.warning = "warning: " + path + ": " + what; };
    // The project's one reader: a FIFO or a device named settings.json never stalls the start.
    const auto bytes = assets::ReadInputFile(path, SETTINGS_FILE_BYTES, "a settings file");
    if (!bytes.Ok()) {
        warn(bytes.GetError().message + "; the defaults apply");
        return out;
    }
    std::stringstream text;
    text.write(reinterpret_cast<const char*>(bytes.Value().data()), static_cast<std::streamsize>(bytes.Value().size()));
    json root;
    try {
        root = json::parse(text.str());
    } catch (const json::exception& e) {
        std::string what = e.what();
        const auto bracket = what.find("] ");
        warn("not JSON (" + (bracket == std::string::npos ? what : what.substr(bracket + 2)) + "); the defaults apply");
        return out;
    }
    if (!root.is_object()) {
        warn("not a JSON object; the defaults apply");
        return out;
    }
    Problems p;
    UserSettings& s = out.settings;
    if (const json* v = Object(root, "volume", p)) {
        ReadInt(*v, "master", "volume", 0, 100, s.volumes.master, p);
        ReadInt(*v, "music", "volume", 0, 100, s.volumes.music, p);
        ReadInt(*v, "effects", "volume", 0, 100, s.volumes.effects, p);
        ReadBool(*v, "mute", "volume", s.volumes.mute, p);
    }
    if (const json* v = Object(root, "video", p)) {
        ReadBool(*v, "fullscreen", "video", s.fullscreen, p);
        ReadInt(*v, "windowScale", "video", MIN_WINDOW_SCALE, MAX_WINDOW_SCALE, s.windowScale, p);
        ReadBool(*v, "vsync", "video", s.vsync, p);
    }
    if (const json* keys = Object(root, "keys", p)) {
        for (std::size_t side = 0; side < 2; ++side) {
            const char* player = side == 0 ? "p1" : "p2";
            if (const json* k = Object(*keys, player, p)) {
                for (const auto& [action, name] : KEY_ACTION_NAMES)
                    ReadKey(*k, name, std::string("keys.") + player,
                            s.bindings.keys[side][static_cast<std::size_t>(action)], p);
            }
        }
        ReadKey(*keys, "mute", "keys", s.bindings.mute, p);
    }
    if (const json* pad = Object(root, "pad", p)) {
        for (const auto& [action, name] : PAD_ACTION_NAMES)
            ReadPad(*pad, name, "pad", s.bindings.pad[static_cast<std::size_t>(action)], p);
    }
    if (p.count > 0) {
        warn(p.first + (p.count > 1 ? " (and " + std::to_string(p.count - 1) + " more)" : "") +
             "; the defaults apply to what is wrong");
    }
    return out;
}

std::string SettingsJson(const UserSettings& s) {
    nlohmann::ordered_json root;
    root["version"] = FILE_VERSION;
    root["volume"] = {{"master", s.volumes.master},
                      {"music", s.volumes.music},
                      {"effects", s.volumes.effects},
                      {"mute", s.volumes.mute}};
    root["video"] = {{"fullscreen", s.fullscreen}, {"windowScale", s.windowScale}, {"vsync", s.vsync}};
    nlohmann::ordered_json keys;
    for (std::size_t side = 0; side < 2; ++side) {
        nlohmann::ordered_json k;
        for (const auto& [action, name] : KEY_ACTION_NAMES)
            k[name] = SDL_GetScancodeName(s.bindings.keys[side][static_cast<std::size_t>(action)]);
        keys[side == 0 ? "p1" : "p2"] = k;
    }
    keys["mute"] = SDL_GetScancodeName(s.bindings.mute);
    root["keys"] = keys;
    nlohmann::ordered_json pad;
    for (const auto& [action, name] : PAD_ACTION_NAMES) {
        nlohmann::ordered_json buttons = nlohmann::ordered_json::array();
        for (const SDL_GameControllerButton b : s.bindings.pad[static_cast<std::size_t>(action)]) {
            if (b != SDL_CONTROLLER_BUTTON_INVALID) buttons.push_back(SDL_GameControllerGetStringForButton(b));
        }
        pad[name] = buttons;
    }
    root["pad"] = pad;
    return root.dump(2) + "\n";
}

std::optional<std::string> SaveSettings(const std::string& path, const UserSettings& settings) {
    std::error_code ec;
    const fs::path file(path);
    fs::create_directories(file.parent_path(), ec);
    if (ec) return "error: " + file.parent_path().string() + ": cannot make the folder: " + ec.message();
    // Written beside and renamed by the one writer: never into a FIFO, never half-written.
    if (const auto error = assets::WriteOutputFile(path, SettingsJson(settings))) return error->ToLine();
    return std::nullopt;
}

std::string SettingsProblem(const std::string& errorLine) {
    const std::string prefix = "error: ";
    const bool prefixed = errorLine.compare(0, prefix.size(), prefix) == 0;
    return "settings cannot be saved: " + (prefixed ? errorLine.substr(prefix.size()) : errorLine);
}

std::string KeyName(SDL_Scancode key) {
    const char* name = SDL_GetScancodeName(key);
    return name != nullptr && name[0] != '\0' ? Upper(name) : "?";
}

std::string PadName(const std::array<SDL_GameControllerButton, 2>& buttons) {
    std::string out;
    for (const SDL_GameControllerButton b : buttons) {
        if (b == SDL_CONTROLLER_BUTTON_INVALID) continue;
        const char* name = SDL_GameControllerGetStringForButton(b);
        out += (out.empty() ? "" : " OR ") + Upper(name != nullptr ? name : "?");
    }
    return out.empty() ? "-" : out;
}

}  // namespace app
