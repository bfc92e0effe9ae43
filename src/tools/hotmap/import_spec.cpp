// The small languages of `hotmap import`'s options (import_spec.h).
#include "tools/hotmap/import_spec.h"

#include "game/text.h"
#include "tools/hotmap/args.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

namespace hotmap {

namespace {

// floor(a / b) and ceil(a / b) for b > 0, whatever a's sign.
std::int64_t FloorDiv(std::int64_t a, std::int64_t b) {
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}
std::int64_t CeilDiv(std::int64_t a, std::int64_t b) {
    return -FloorDiv(-a, b);
}

std::string Trim(const std::string& s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string::npos) return "";
    return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

std::vector<std::string> Split(const std::string& s, char by) {
    std::vector<std::string> out;
    std::string part;
    std::istringstream in(s);
    while (std::getline(in, part, by)) out.push_back(part);
    if (!s.empty() && s.back() == by) out.emplace_back();
    return out;
}

// "X,Y": two whole numbers within the anchor field's range.
std::optional<collide::Point> ParsePoint(const std::string& text) {
    const auto comma = text.find(',');
    if (comma == std::string::npos) return std::nullopt;
    const auto x = ParseInt32(text.substr(0, comma)), y = ParseInt32(text.substr(comma + 1));
    if (!x || !y || std::abs(*x) > assets::MAX_IMAGE_SIDE_PX || std::abs(*y) > assets::MAX_IMAGE_SIDE_PX)
        return std::nullopt;
    return collide::Point{*x, *y};
}

}  // namespace

std::int32_t Scale::SourceOf(std::int32_t o) const {
    return static_cast<std::int32_t>(FloorDiv(std::int64_t{o} * den, num));
}

std::int32_t Scale::FirstOf(std::int32_t s) const {
    return static_cast<std::int32_t>(CeilDiv(std::int64_t{s} * num, den));
}

std::int32_t Scale::LastOf(std::int32_t s) const {
    return std::max(FirstOf(s), FirstOf(s + 1) - 1);
}

std::string Scale::Text() const {
    if (num % den == 0) return std::to_string(num / den);
    std::string text = std::to_string(num / den) + ".";
    std::int64_t rest = num % den;
    for (int digits = 0; rest != 0 && digits < 3; ++digits) {
        rest *= 10;
        text += static_cast<char>('0' + rest / den);
        rest %= den;
    }
    return text;
}

std::optional<Scale> ParseScale(const std::string& text) {
    const auto dot = text.find('.');
    const std::string whole = text.substr(0, dot);
    const std::string fraction = dot == std::string::npos ? "" : text.substr(dot + 1);
    if (whole.empty() || whole.size() > 2 || fraction.size() > 3 || (dot != std::string::npos && fraction.empty()))
        return std::nullopt;
    if (!std::all_of(whole.begin(), whole.end(), ::isdigit) ||
        !std::all_of(fraction.begin(), fraction.end(), ::isdigit))
        return std::nullopt;
    std::int32_t den = 1;
    for (std::size_t i = 0; i < fraction.size(); ++i) den *= 10;
    const std::int32_t num = std::stoi(whole) * den + (fraction.empty() ? 0 : std::stoi(fraction));
    // 1/4 to 8: smaller loses most of the art, larger makes frames the stage cannot hold.
    if (num * 4 < den || num > 8 * den) return std::nullopt;
    const std::int32_t g = std::gcd(num, den);
    return Scale{num / g, den / g};
}

assets::Image ScaleImage(const assets::Image& src, const Scale& scale) {
    if (scale.num == scale.den) return src;
    assets::Image out;
    out.widthPx = std::max(1, scale.Size(src.widthPx));
    out.heightPx = std::max(1, scale.Size(src.heightPx));
    out.rgba.resize(static_cast<std::size_t>(out.widthPx) * out.heightPx * 4);
    for (std::int32_t y = 0; y < out.heightPx; ++y) {
        const std::int32_t sy = std::min(scale.SourceOf(y), src.heightPx - 1);
        for (std::int32_t x = 0; x < out.widthPx; ++x) {
            const std::int32_t sx = std::min(scale.SourceOf(x), src.widthPx - 1);
            std::copy_n(src.rgba.data() + (static_cast<std::size_t>(sy) * src.widthPx + sx) * 4, 4,
                        out.rgba.data() + (static_cast<std::size_t>(y) * out.widthPx + x) * 4);
        }
    }
    return out;
}

FrameOrder ParseFrameOrder(const std::string& text, std::int32_t count) {
    FrameOrder out;
    std::string list = text, how;
    if (const auto colon = text.rfind(':'); colon != std::string::npos) {
        list = text.substr(0, colon);
        how = text.substr(colon + 1);
        if (how != "pingpong" && how != "reverse") {
            out.error = "after ':' comes pingpong or reverse, not '" + game::Printable(how) + "'";
            return out;
        }
    }
    const std::string range = count > 0 ? "0-" + std::to_string(count - 1) : "none";
    if (list.empty()) {
        for (std::int32_t i = 0; i < count; ++i) out.frames.push_back(i);
    } else {
        for (const std::string& item : Split(list, ',')) {
            // "7" or "FIRST-LAST"; a range may run backwards.
            const auto dash = item.find('-', 1);
            const auto first = ParseInt32(item.substr(0, dash));
            const auto last = dash == std::string::npos ? first : ParseInt32(item.substr(dash + 1));
            if (!first || !last) {
                out.error = "'" + game::Printable(item) + "' is not N or FIRST-LAST";
                out.frames.clear();
                return out;
            }
            if (*first < 0 || *last < 0 || *first >= count || *last >= count) {
                out.error = "'" + game::Printable(item) + "' is outside " + range;
                out.frames.clear();
                return out;
            }
            const std::int32_t step = *last >= *first ? 1 : -1;
            for (std::int32_t i = *first;; i += step) {
                out.frames.push_back(i);
                if (i == *last) break;
            }
        }
    }
    if (how == "reverse") std::reverse(out.frames.begin(), out.frames.end());
    if (how == "pingpong" && out.frames.size() > 2) {
        // Back down without its ends: 0 1 2 3 -> 0 1 2 3 2 1, as Aseprite plays a pingpong tag.
        for (std::size_t i = out.frames.size() - 2; i > 0; --i) out.frames.push_back(out.frames[i]);
    }
    if (out.frames.empty()) out.error = "no frame (the source has " + std::to_string(count) + ")";
    return out;
}

std::string AddTicks(const std::string& text, TicksSpec& spec) {
    for (const std::string& item : Split(text, ',')) {
        const auto eq = item.find('=');
        const auto n = ParseInt32(eq == std::string::npos ? item : item.substr(eq + 1));
        if (!n || *n < 1 || *n > 600 || eq == 0 || item.empty())
            return "--ticks wants N or ANIMATION=N (N a whole number 1-600), comma-separated, not '" +
                   game::Printable(item) + "'";
        if (eq == std::string::npos) {
            spec.defaultTicks = *n;
        } else {
            spec.perAnimation.emplace_back(item.substr(0, eq), *n);
        }
    }
    return "";
}

std::vector<std::string> AnimationsNamed(const std::string& key, const std::vector<std::string>& names) {
    if (std::find(names.begin(), names.end(), key) != names.end()) return {key};
    std::vector<std::string> out;
    for (const std::string& name : names)
        if (name.size() > key.size() + 1 && name.compare(0, key.size(), key) == 0 && name[key.size()] == '_')
            out.push_back(name);
    return out;
}

std::string AddAnchor(const std::string& text, AnchorSpec& spec) {
    const auto eq = text.find('=');
    const auto point = ParsePoint(eq == std::string::npos ? text : text.substr(eq + 1));
    if (!point || eq == 0)
        return "--anchor wants X,Y (the fighter's) or ANIMATION=X,Y (an animation's own, as a projectile's), "
               "whole numbers, not '" +
               game::Printable(text) + "'";
    if (eq == std::string::npos) {
        spec.fighterPx = *point;
    } else {
        spec.perAnimationPx[text.substr(0, eq)] = *point;
    }
    return "";
}

std::int32_t TicksOfMilliseconds(double ms) {
    // 60 ticks a second, to the nearest, at least 1.
    return static_cast<std::int32_t>(std::clamp(std::lround(ms * 60.0 / 1000.0), 1L, 600L));
}

assets::Result<std::map<std::string, FrameOffset>> ParseOffsets(const std::string& text, const std::string& path) {
    std::map<std::string, FrameOffset> out;
    const auto bad = [&](const std::string& where, const std::string& what) {
        return assets::Error{assets::ErrorCode::ManifestField, path, where + ": " + what};
    };
    const auto add = [&](const std::string& where, const std::string& frame,
                         FrameOffset row) -> std::optional<assets::Error> {
        if (frame.empty()) return bad(where, "no frame named");
        if (std::abs(row.offsetPx.x) > assets::MAX_IMAGE_SIDE_PX ||
            std::abs(row.offsetPx.y) > assets::MAX_IMAGE_SIDE_PX)
            return bad(where, "dx and dy must be within 4096 px");
        if (!out.emplace(frame, row).second) return bad(where, "frame " + game::Printable(frame) + " is given twice");
        return std::nullopt;
    };
    const std::string trimmed = Trim(text);
    if (!trimmed.empty() && (trimmed[0] == '[' || trimmed[0] == '{')) {
        const auto doc = nlohmann::json::parse(text, nullptr, false);
        if (doc.is_discarded() || !doc.is_array())
            return bad("the file", "JSON offsets are an array of {\"frame\", \"dx\", \"dy\"} objects");
        for (std::size_t i = 0; i < doc.size(); ++i) {
            const nlohmann::json& e = doc[i];
            const std::string where = "[" + std::to_string(i) + "]";
            if (!e.is_object() || !e.contains("frame") || !e.contains("dx") || !e.contains("dy") ||
                !e["dx"].is_number_integer() || !e["dy"].is_number_integer() ||
                !(e["frame"].is_string() || e["frame"].is_number_unsigned()) ||
                (e.contains("duration") && !e["duration"].is_number()))
                return bad(where,
                           "expected {\"frame\": NAME or CELL, \"dx\": N, \"dy\": N} (\"duration\": ms optional)");
            FrameOffset row;
            row.offsetPx = {
                static_cast<std::int32_t>(std::clamp<std::int64_t>(e["dx"].get<std::int64_t>(), -1 << 20, 1 << 20)),
                static_cast<std::int32_t>(std::clamp<std::int64_t>(e["dy"].get<std::int64_t>(), -1 << 20, 1 << 20))};
            if (e.contains("duration")) {
                const double ms = e["duration"].get<double>();
                if (!std::isfinite(ms) || ms <= 0 || ms > 60000) return bad(where, "duration: milliseconds, above 0");
                row.ticks = TicksOfMilliseconds(ms);
            }
            const std::string frame = e["frame"].is_string() ? e["frame"].get<std::string>()
                                                             : std::to_string(e["frame"].get<std::uint64_t>());
            if (auto err = add(where, frame, row)) return *err;
        }
        return out;
    }
    const std::vector<std::string> lines = Split(text, '\n');
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string line = Trim(lines[i]);
        const std::string where = "line " + std::to_string(i + 1);
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> cells = Split(line, ',');
        for (std::string& c : cells) c = Trim(c);
        // The header line names the columns.
        if (out.empty() && !cells.empty() && cells[0] == "frame") continue;
        const auto dx = cells.size() >= 3 ? ParseInt32(cells[1]) : std::nullopt;
        const auto dy = cells.size() >= 3 ? ParseInt32(cells[2]) : std::nullopt;
        if (!dx || !dy || cells.size() > 4)
            return bad(where, "expected frame,dx,dy or frame,dx,dy,duration (whole px, ms), got '" +
                                  game::Printable(line, 60) + "'");
        FrameOffset row{{*dx, *dy}, 0};
        if (cells.size() == 4) {
            const auto ms = ParseInt32(cells[3]);
            if (!ms || *ms < 1 || *ms > 60000) return bad(where, "duration: whole milliseconds, 1-60000");
            row.ticks = TicksOfMilliseconds(*ms);
        }
        if (auto err = add(where, cells[0], row)) return *err;
    }
    return out;
}

}  // namespace hotmap
