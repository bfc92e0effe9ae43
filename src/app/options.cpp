// brawl's command-line parsing.
#include "app/options.h"

#include <charconv>
#include <cstring>

namespace app {

namespace {

template <class T>
bool Number(const char* text, T& out) {
    const char* end = text + std::strlen(text);
    const auto [ptr, ec] = std::from_chars(text, end, out);
    return ec == std::errc{} && ptr == end && end != text;
}

}  // namespace

std::optional<Options> ParseOptions(int argc, char** argv, std::string& error, bool& help) {
    Options o;
    help = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&]() -> const char* {
            if (i + 1 >= argc) {
                error = arg + " needs a value";
                return nullptr;
            }
            return argv[++i];
        };
        const auto controller = [&](std::optional<game::Controller>& out) {
            const char* v = value();
            if (v == nullptr) return false;
            if (std::strcmp(v, "human") == 0)
                out = game::Controller::Human;
            else if (std::strcmp(v, "cpu") == 0)
                out = game::Controller::Cpu;
            else {
                error = arg + " is human or cpu, not '" + v + "'";
                return false;
            }
            return true;
        };
        if (arg == "--help" || arg == "-h") {
            help = true;
            return o;
        } else if (arg == "--headless") {
            o.headless = true;
        } else if (arg == "--frames") {
            const char* v = value();
            std::int64_t n = 0;
            if (v == nullptr || !Number(v, n) || n < 0 || n > 100'000'000) {
                if (v != nullptr) error = "--frames wants a whole number 0-100000000, not '" + std::string(v) + "'";
                return std::nullopt;
            }
            o.frames = n;
        } else if (arg == "--p1") {
            if (!controller(o.p1)) return std::nullopt;
        } else if (arg == "--p2") {
            if (!controller(o.p2)) return std::nullopt;
        } else if (arg == "--level") {
            const char* v = value();
            std::int32_t n = 0;
            if (v == nullptr || !Number(v, n) || n < 1 || n > 3) {
                if (v != nullptr) error = "--level is 1, 2 or 3, not '" + std::string(v) + "'";
                return std::nullopt;
            }
            o.level = n;
        } else if (arg == "--seed") {
            const char* v = value();
            std::uint64_t n = 0;
            if (v == nullptr || !Number(v, n)) {
                if (v != nullptr) error = "--seed wants a whole number, not '" + std::string(v) + "'";
                return std::nullopt;
            }
            o.seed = n;
        } else if (arg == "--p1-fighter" || arg == "--p2-fighter") {
            const char* v = value();
            if (v == nullptr) return std::nullopt;
            (arg == "--p1-fighter" ? o.p1Fighter : o.p2Fighter) = v;
        } else if (arg == "--record" || arg == "--replay" || arg == "--screenshot" || arg == "--assets") {
            const char* v = value();
            if (v == nullptr) return std::nullopt;
            (arg == "--record"       ? o.recordPath
             : arg == "--replay"     ? o.replayPath
             : arg == "--screenshot" ? o.screenshotPath
                                     : o.assetsRoot) = v;
        } else if (arg == "--overlay") {
            o.overlay = true;
        } else if (arg == "--realtime") {
            o.realtime = true;
        } else if (arg == "--reload-ms") {
            const char* v = value();
            if (v == nullptr || !Number(v, o.reloadMs) || o.reloadMs < 0 || o.reloadMs > 60000) {
                if (v != nullptr) error = "--reload-ms wants 0-60000, not '" + std::string(v) + "'";
                return std::nullopt;
            }
        } else if (arg == "--scene") {
            const char* v = value();
            if (v == nullptr) return std::nullopt;
            o.scene = v;
            if (o.scene != "fight" && o.scene != "bumper") {
                error = "--scene is fight or bumper, not '" + o.scene + "'";
                return std::nullopt;
            }
        } else if (arg == "--count") {
            const char* v = value();
            if (v == nullptr || !Number(v, o.count) || o.count < 1 || o.count > 200000) {
                if (v != nullptr) error = "--count wants 1-200000, not '" + std::string(v) + "'";
                return std::nullopt;
            }
        } else if (arg == "--view") {
            const char* v = value();
            if (v == nullptr) return std::nullopt;
            o.view = v;
            if (o.view != "sprites" && o.view != "hotmaps" && o.view != "both") {
                error = "--view is sprites, hotmaps or both, not '" + o.view + "'";
                return std::nullopt;
            }
        } else if (arg == "--title") {
            o.title = true;
        } else if (arg == "--detection") {
            const char* v = value();
            if (v == nullptr) return std::nullopt;
            const std::string m = v;
            if (m == "per-pixel")
                o.detection = game::DetectionMode::PerPixel;
            else if (m == "boxes")
                o.detection = game::DetectionMode::BoxesOnly;
            else if (m == "boxes-inset")
                o.detection = game::DetectionMode::BoxesInset;
            else {
                error = "--detection is per-pixel, boxes or boxes-inset, not '" + m + "'";
                return std::nullopt;
            }
        } else {
            error = "unknown argument '" + arg + "'";
            return std::nullopt;
        }
    }
    if (o.headless && !o.frames && o.replayPath.empty()) {
        error = "--headless needs --frames N (or --replay FILE)";
        return std::nullopt;
    }
    return o;
}

}  // namespace app
