// hotmap import: a fighter folder (sprites, starter hotmaps, fighter.json) from art made elsewhere:
// a folder of numbered frames, a grid sprite sheet, or a sheet with the JSON Aseprite exports. The
// frames are cut, keyed, scaled and renamed to <animation>_<nn>.png; hotmaps start from the sprite
// (template's rule) with an Aseprite layer named "hotmap" painted over them; required animations
// the art lacks stand in with idle's first frame; a move is made for each animation whose hotmaps
// hold attack pixels. Every file goes through the one reader and writer (assets/files.h).
#include "assets/files.h"
#include "assets/format.h"
#include "game/text.h"
#include "tools/hotmap/args.h"
#include "tools/hotmap/commands.h"
#include "tools/hotmap/starter.h"

#include <nlohmann/json.hpp>

#include <fnmatch.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hotmap {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

constexpr const char* IMPORT_USAGE =
    "usage: hotmap import FIGHTER_DIR --frames DIR --map GLOB=ANIMATION... [options]\n"
    "       hotmap import FIGHTER_DIR --grid SHEET.png --frame WxH --map ANIMATION=FIRST-LAST... [options]\n"
    "       hotmap import FIGHTER_DIR --sheet SHEET.png --data SHEET.json [--split-layers] [options]\n";
constexpr const char* IMPORT_HELP =
    "\n"
    "Makes FIGHTER_DIR (a fighter folder, <project>/assets/<name>) with its sprites, starter hotmaps\n"
    "in <project>/hotmaps/<name>/ and a fighter.json, from art made elsewhere:\n"
    "  --frames DIR        a folder of frames with any naming; each --map 'attack*.png=light_punch'\n"
    "                      takes the files matching the glob, in natural order (attack10 after attack2)\n"
    "  --grid SHEET.png    a sheet of equal cells, --frame WxH each, numbered from 0 row by row; each\n"
    "                      --map idle=0-3 takes cells FIRST to LAST\n"
    "  --sheet SHEET.png --data SHEET.json\n"
    "                      Aseprite's export (hash or array form): trimmed frames are placed back by\n"
    "                      spriteSourceSize, frame tags become animations (forward, reverse, pingpong),\n"
    "                      durations (ms) become ticks (rounded, at least 1); with --split-layers the\n"
    "                      layer named \"hotmap\" is painted over the starter hotmaps, the other layers\n"
    "                      are the sprite\n"
    "Options:\n"
    "  --name TEXT         the display name (default: the folder's name)\n"
    "  --ticks N           1-600, each frame's ticks where the art gives none (default 6)\n"
    "  --scale N           1-8, nearest-neighbour scaling of every frame (default 1)\n"
    "  --alpha-min N       1-255, default 128: the least alpha a starter hotmap counts as body\n"
    "  --sprite-key RRGGBB the art's background colour: made transparent in the sprites\n"
    "  --force             replace a fighter folder that exists already\n"
    "Required animations the art lacks show idle's first frame; a move (punch, kick by its name) is\n"
    "made for each animation whose hotmaps hold attack pixels (FF0000). The anchor is guessed as the\n"
    "bottom centre of idle's opaque pixels and printed: check it with hotmap preview --fighter.\n"
    "Today's fighters stand 120 to 150 px tall on a 640 x 360 stage (docs/authoring.md).\n";

int Usage(const std::string& what) {
    std::fprintf(stderr, "hotmap import: %s\n%s", game::OneLine(what).c_str(), IMPORT_USAGE);
    return EXIT_USAGE;
}

int DataError(const assets::Error& e) {
    std::fprintf(stderr, "%s\n", e.ToLine().c_str());
    return EXIT_DATA;
}

struct Frame {
    assets::Image sprite;
    std::optional<assets::Image> hotmapPaint;  ///< the "hotmap" layer, painted over the starter
    std::int32_t ticks = 0;                    ///< 0: --ticks
};

struct Animation {
    std::string name;
    std::vector<Frame> frames;
};

assets::Image Blank(std::int32_t w, std::int32_t h) {
    assets::Image img;
    img.widthPx = w, img.heightPx = h;
    img.rgba.assign(static_cast<std::size_t>(w) * h * 4, 0);
    return img;
}

// `src`'s rectangle (sx, sy, w, h) onto `dst` at (dx, dy): alpha-composited ("over"), so layers
// stack; pixels outside either image are skipped.
void Blit(assets::Image& dst, const assets::Image& src, int sx, int sy, int w, int h, int dx, int dy) {
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const int fx = sx + x, fy = sy + y, tx = dx + x, ty = dy + y;
            if (fx < 0 || fy < 0 || fx >= src.widthPx || fy >= src.heightPx) continue;
            if (tx < 0 || ty < 0 || tx >= dst.widthPx || ty >= dst.heightPx) continue;
            const std::uint8_t* s = src.rgba.data() + (static_cast<std::size_t>(fy) * src.widthPx + fx) * 4;
            std::uint8_t* d = dst.rgba.data() + (static_cast<std::size_t>(ty) * dst.widthPx + tx) * 4;
            if (s[3] == 255 || d[3] == 0) {
                std::copy_n(s, 4, d);
            } else if (s[3] != 0) {
                const int a = s[3], outA = a + d[3] * (255 - a) / 255;
                for (int c = 0; c < 3; ++c)
                    d[c] = static_cast<std::uint8_t>((s[c] * a + d[c] * d[3] * (255 - a) / 255) / outA);
                d[3] = static_cast<std::uint8_t>(outA);
            }
        }
    }
}

assets::Image Scaled(const assets::Image& src, int scale) {
    if (scale == 1) return src;
    assets::Image out = Blank(src.widthPx * scale, src.heightPx * scale);
    for (int y = 0; y < out.heightPx; ++y)
        for (int x = 0; x < out.widthPx; ++x)
            std::copy_n(src.rgba.data() + (static_cast<std::size_t>(y / scale) * src.widthPx + x / scale) * 4, 4,
                        out.rgba.data() + (static_cast<std::size_t>(y) * out.widthPx + x) * 4);
    return out;
}

// "attack10" after "attack2": runs of digits compare as numbers.
bool NaturalLess(const std::string& a, const std::string& b) {
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
            std::size_t ie = i, je = j;
            while (ie < a.size() && std::isdigit(static_cast<unsigned char>(a[ie]))) ++ie;
            while (je < b.size() && std::isdigit(static_cast<unsigned char>(b[je]))) ++je;
            const std::string na = a.substr(i, ie - i), nb = b.substr(j, je - j);
            const std::string ta = na.substr(std::min(na.find_first_not_of('0'), na.size()));
            const std::string tb = nb.substr(std::min(nb.find_first_not_of('0'), nb.size()));
            if (ta.size() != tb.size()) return ta.size() < tb.size();
            if (ta != tb) return ta < tb;
            i = ie, j = je;
        } else {
            if (a[i] != b[j]) return a[i] < b[j];
            ++i, ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

struct MapEntry {
    std::string left, right;
};

// ---- the three sources --------------------------------------------------------------------------

assets::Result<std::vector<Animation>> FromFolder(const std::string& dir, const std::vector<MapEntry>& map) {
    std::vector<std::string> files;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".png") files.push_back(it->path().filename().string());
    }
    if (ec) return assets::Error{assets::ErrorCode::FileUnreadable, dir, "cannot list: " + ec.message()};
    std::sort(files.begin(), files.end(), NaturalLess);
    std::vector<Animation> out;
    for (const MapEntry& m : map) {
        Animation anim{m.right, {}};
        for (const std::string& f : files) {
            if (::fnmatch(m.left.c_str(), f.c_str(), 0) != 0) continue;
            auto img = assets::LoadPng(dir + "/" + f);
            if (!img.Ok()) return img.GetError();
            anim.frames.push_back({std::move(img).Value(), std::nullopt, 0});
        }
        if (anim.frames.empty()) {
            return assets::Error{
                assets::ErrorCode::FileMissing, dir,
                "no .png file matches " + game::Printable(m.left) + " (for " + game::Printable(m.right) + ")"};
        }
        out.push_back(std::move(anim));
    }
    return out;
}

assets::Result<std::vector<Animation>> FromGrid(const std::string& sheetPath, int cellW, int cellH,
                                                const std::vector<MapEntry>& map) {
    auto sheet = assets::LoadPng(sheetPath);
    if (!sheet.Ok()) return sheet.GetError();
    const assets::Image& s = sheet.Value();
    if (s.widthPx % cellW != 0 || s.heightPx % cellH != 0) {
        return assets::Error{assets::ErrorCode::SizeMismatch, sheetPath,
                             std::to_string(s.widthPx) + "x" + std::to_string(s.heightPx) +
                                 " is not a whole number of " + std::to_string(cellW) + "x" + std::to_string(cellH) +
                                 " cells"};
    }
    const int columns = s.widthPx / cellW, cells = columns * (s.heightPx / cellH);
    std::vector<Animation> out;
    for (const MapEntry& m : map) {
        const auto dash = m.right.find('-');
        const auto first = ParseInt32(m.right.substr(0, dash));
        const auto last = dash == std::string::npos ? first : ParseInt32(m.right.substr(dash + 1));
        if (!first || !last || *first < 0 || *last < *first || *last >= cells) {
            return assets::Error{assets::ErrorCode::ManifestField, sheetPath,
                                 "--map " + game::Printable(m.left) + "=" + game::Printable(m.right) +
                                     ": cells FIRST-LAST within 0-" + std::to_string(cells - 1)};
        }
        Animation anim{m.left, {}};
        for (int c = *first; c <= *last; ++c) {
            assets::Image cell = Blank(cellW, cellH);
            Blit(cell, s, (c % columns) * cellW, (c / columns) * cellH, cellW, cellH, 0, 0);
            anim.frames.push_back({std::move(cell), std::nullopt, 0});
        }
        out.push_back(std::move(anim));
    }
    return out;
}

// The layer in an Aseprite frame name made with --split-layers: "sheet (hotmap) 0.aseprite".
std::string LayerOf(const std::string& name) {
    const auto open = name.rfind('('), close = name.rfind(')');
    return open == std::string::npos || close == std::string::npos || close < open
               ? ""
               : name.substr(open + 1, close - open - 1);
}

assets::Result<std::vector<Animation>> FromAseprite(const std::string& sheetPath, const std::string& dataPath,
                                                    bool splitLayers) {
    auto sheet = assets::LoadPng(sheetPath);
    if (!sheet.Ok()) return sheet.GetError();
    const auto bytes = assets::ReadInputFile(dataPath, assets::limits::MANIFEST_BYTES, "a JSON file");
    if (!bytes.Ok()) return bytes.GetError();
    const Json data = Json::parse(bytes.Value().begin(), bytes.Value().end(), nullptr, false);
    const auto bad = [&](const std::string& what) {
        return assets::Error{assets::ErrorCode::ManifestField, dataPath, what};
    };
    if (data.is_discarded() || !data.is_object() || !data.contains("frames")) {
        return bad("not Aseprite's JSON (an object with \"frames\" and \"meta\")");
    }
    // The frames in file order, each with its name: the hash form's keys or the array form's
    // "filename"s.
    std::vector<std::pair<std::string, const Json*>> entries;
    if (data["frames"].is_object()) {
        for (const auto& [name, value] : data["frames"].items()) entries.emplace_back(name, &value);
    } else if (data["frames"].is_array()) {
        for (const Json& value : data["frames"]) entries.emplace_back(value.value("filename", ""), &value);
    } else {
        return bad("frames: expected an object (hash) or an array");
    }
    // Per layer, its frames in order; the sprite is every layer but "hotmap", stacked as listed
    // in meta.layers (bottom first).
    std::vector<std::string> layerOrder;
    if (data.contains("meta") && data["meta"].contains("layers") && data["meta"]["layers"].is_array()) {
        for (const Json& l : data["meta"]["layers"]) layerOrder.push_back(l.value("name", ""));
    }
    std::map<std::string, std::vector<std::pair<assets::Image, std::int32_t>>> byLayer;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const Json& e = *entries[i].second;
        const std::string at = "frames[" + std::to_string(i) + "]";
        try {
            if (e.value("rotated", false)) return bad(at + ": rotated frames are not supported (export without)");
            const Json& fr = e.at("frame");
            const Json& sss = e.at("spriteSourceSize");
            const Json& ss = e.at("sourceSize");
            assets::Image img = Blank(ss.at("w").get<int>(), ss.at("h").get<int>());
            if (img.widthPx < 1 || img.heightPx < 1 || img.widthPx > assets::MAX_IMAGE_SIDE_PX ||
                img.heightPx > assets::MAX_IMAGE_SIDE_PX)
                return bad(at + ".sourceSize: must be 1-4096 a side");
            Blit(img, sheet.Value(), fr.at("x").get<int>(), fr.at("y").get<int>(), fr.at("w").get<int>(),
                 fr.at("h").get<int>(), sss.at("x").get<int>(), sss.at("y").get<int>());
            const double ms = e.value("duration", 100.0);
            // 60 ticks a second, nearest, at least 1.
            const auto ticks = static_cast<std::int32_t>(std::clamp(std::lround(ms * 60.0 / 1000.0), 1L, 600L));
            byLayer[splitLayers ? LayerOf(entries[i].first) : ""].emplace_back(std::move(img), ticks);
        } catch (const nlohmann::json::exception&) {
            return bad(at + ": expected frame {x,y,w,h}, spriteSourceSize {x,y,w,h} and sourceSize {w,h} numbers");
        }
    }
    std::vector<Frame> frames;
    if (!splitLayers) {
        for (auto& [img, ticks] : byLayer[""]) frames.push_back({std::move(img), std::nullopt, ticks});
    } else {
        if (layerOrder.empty())
            for (const auto& [name, list] : byLayer) layerOrder.push_back(name);
        std::size_t count = 0;
        for (const auto& [name, list] : byLayer) count = std::max(count, list.size());
        for (std::size_t f = 0; f < count; ++f) {
            Frame frame;
            for (const std::string& layer : layerOrder) {
                const auto it = byLayer.find(layer);
                if (it == byLayer.end() || f >= it->second.size()) continue;
                const auto& [img, ticks] = it->second[f];
                if (layer == "hotmap") {
                    frame.hotmapPaint = img;
                    continue;
                }
                if (frame.sprite.widthPx == 0) frame.sprite = Blank(img.widthPx, img.heightPx);
                Blit(frame.sprite, img, 0, 0, img.widthPx, img.heightPx, 0, 0);
                frame.ticks = ticks;
            }
            if (frame.sprite.widthPx == 0) return bad("frame " + std::to_string(f) + " has no layer but \"hotmap\"");
            frames.push_back(std::move(frame));
        }
    }
    std::vector<Animation> out;
    const Json* tags =
        data.contains("meta") && data["meta"].contains("frameTags") ? &data["meta"]["frameTags"] : nullptr;
    if (tags == nullptr || !tags->is_array() || tags->empty()) {
        out.push_back({"idle", frames});
        return out;
    }
    for (std::size_t t = 0; t < tags->size(); ++t) {
        const Json& tag = (*tags)[t];
        const std::string at = "meta.frameTags[" + std::to_string(t) + "]";
        const int from = tag.value("from", -1), to = tag.value("to", -1);
        if (from < 0 || to < from || static_cast<std::size_t>(to) >= frames.size())
            return bad(at + ": from and to must name frames 0-" + std::to_string(frames.size() - 1));
        const std::string direction = tag.value("direction", "forward");
        std::vector<int> order;
        if (direction == "forward" || direction == "pingpong") {
            for (int f = from; f <= to; ++f) order.push_back(f);
            if (direction == "pingpong")
                for (int f = to - 1; f > from; --f) order.push_back(f);
        } else if (direction == "reverse") {
            for (int f = to; f >= from; --f) order.push_back(f);
        } else {
            return bad(at + ".direction: expected forward, reverse or pingpong");
        }
        Animation anim{tag.value("name", ""), {}};
        for (const int f : order) anim.frames.push_back(frames[static_cast<std::size_t>(f)]);
        out.push_back(std::move(anim));
    }
    return out;
}

// ---- the fighter ---------------------------------------------------------------------------------

struct Box {
    int minX = 1 << 30, minY = 1 << 30, maxX = -1, maxY = -1;
};

Box OpaqueBox(const assets::Image& img, int alphaMin) {
    Box b;
    for (int y = 0; y < img.heightPx; ++y)
        for (int x = 0; x < img.widthPx; ++x)
            if (img.rgba[(static_cast<std::size_t>(y) * img.widthPx + x) * 4 + 3] >= alphaMin)
                b.minX = std::min(b.minX, x), b.maxX = std::max(b.maxX, x), b.minY = std::min(b.minY, y),
                b.maxY = std::max(b.maxY, y);
    return b;
}

bool HasAttack(const assets::Image& hotmap) {
    for (std::size_t i = 0; i < hotmap.rgba.size(); i += 4)
        if (hotmap.rgba[i + 3] != 0 && hotmap.rgba[i] == 255 && hotmap.rgba[i + 1] == 0 && hotmap.rgba[i + 2] == 0)
            return true;
    return false;
}

}  // namespace

int RunImport(std::span<const std::string> args) {
    std::string out, frames, grid, sheet, data, name;
    std::vector<MapEntry> map;
    int cellW = 0, cellH = 0, scale = 1, alphaMin = assets::TEMPLATE_ALPHA_MIN, defaultTicks = 6;
    bool splitLayers = false, force = false;
    std::optional<collide::Rgb> spriteKey;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        const auto value = [&]() -> std::optional<std::string> {
            return i + 1 < args.size() ? std::optional<std::string>(args[++i]) : std::nullopt;
        };
        if (arg == "--help" || arg == "-h") {
            std::printf("%s%s", IMPORT_USAGE, IMPORT_HELP);
            return EXIT_OK;
        } else if (arg == "--frames" || arg == "--grid" || arg == "--sheet" || arg == "--data" || arg == "--name") {
            const auto v = value();
            if (!v) return Usage(arg + " needs a value");
            (arg == "--frames"  ? frames
             : arg == "--grid"  ? grid
             : arg == "--sheet" ? sheet
             : arg == "--data"  ? data
                                : name) = *v;
        } else if (arg == "--map") {
            const auto v = value();
            const auto eq = v ? v->find('=') : std::string::npos;
            if (eq == std::string::npos || eq == 0 || eq + 1 == v->size()) return Usage("--map wants LEFT=RIGHT");
            map.push_back({v->substr(0, eq), v->substr(eq + 1)});
        } else if (arg == "--frame") {
            const auto v = value();
            const auto x = v ? v->find('x') : std::string::npos;
            const auto w = x == std::string::npos ? std::nullopt : ParseInt32(v->substr(0, x));
            const auto h = x == std::string::npos ? std::nullopt : ParseInt32(v->substr(x + 1));
            if (!w || !h || *w < 1 || *h < 1 || *w > assets::MAX_IMAGE_SIDE_PX || *h > assets::MAX_IMAGE_SIDE_PX)
                return Usage("--frame wants WxH, as 72x72");
            cellW = *w, cellH = *h;
        } else if (arg == "--scale" || arg == "--alpha-min" || arg == "--ticks") {
            const auto v = value();
            const int hi = arg == "--scale" ? 8 : arg == "--alpha-min" ? 255 : 600;
            const std::int32_t n = v ? ParseInt32(*v).value_or(0) : 0;  // 0 is out of range too
            if (n < 1 || n > hi) return Usage(arg + " wants a whole number 1-" + std::to_string(hi));
            (arg == "--scale" ? scale : arg == "--alpha-min" ? alphaMin : defaultTicks) = n;
        } else if (arg == "--sprite-key") {
            const auto v = value();
            const auto c = v ? ParseRgbHex(*v) : std::nullopt;
            if (!c) return Usage("--sprite-key wants RRGGBB");
            spriteKey = *c;
        } else if (arg == "--split-layers") {
            splitLayers = true;
        } else if (arg == "--force") {
            force = true;
        } else if (arg.rfind("--", 0) == 0) {
            return Usage("unknown option " + arg);
        } else if (out.empty()) {
            out = arg;
        } else {
            return Usage("one FIGHTER_DIR only");
        }
    }
    if (out.empty()) return Usage("expected FIGHTER_DIR (<project>/assets/<name>)");
    const int sources = !frames.empty() + !grid.empty() + !sheet.empty();
    if (sources != 1) return Usage("give one of --frames, --grid or --sheet");
    if (!grid.empty() && cellW == 0) return Usage("--grid needs --frame WxH");
    if (!sheet.empty() && data.empty()) return Usage("--sheet needs --data SHEET.json");
    if (sheet.empty() && map.empty()) return Usage("--frames and --grid need at least one --map");

    while (out.size() > 1 && out.back() == '/') out.pop_back();
    const fs::path fighterDir(out);
    const std::string id = fighterDir.filename().string();
    if (!assets::IsSafeAnimationName(id)) {
        return Usage("the fighter folder's name becomes its id: 1-32 of a-z, 0-9 and _, not '" + id + "'");
    }
    const fs::path assetsDir = fighterDir.parent_path().empty() ? fs::path(".") : fighterDir.parent_path();
    const fs::path root = assetsDir.parent_path().empty() ? fs::path(".") : assetsDir.parent_path();
    const fs::path hotmapDir = root / "hotmaps" / id;
    if (!force && assets::EntryExists((fighterDir / assets::MANIFEST_FILE_NAME).string())) {
        return DataError(
            {assets::ErrorCode::WriteFailed, out, "a fighter is here already (use --force to replace it)"});
    }

    auto read = !frames.empty() ? FromFolder(frames, map)
                : !grid.empty() ? FromGrid(grid, cellW, cellH, map)
                                : FromAseprite(sheet, data, splitLayers);
    if (!read.Ok()) return DataError(read.GetError());
    std::vector<Animation> anims = std::move(read).Value();
    for (std::size_t i = 0; i < anims.size(); ++i) {
        const Animation& a = anims[i];
        for (std::size_t j = 0; j < i; ++j) {
            if (anims[j].name == a.name) {
                return DataError(
                    {assets::ErrorCode::ManifestField, !data.empty() ? data : out,
                     "the animation " + game::Printable(a.name) + " is given twice (one --map or tag per animation)"});
            }
        }
        for (const Frame& f : a.frames) {
            if (static_cast<std::int64_t>(std::max(f.sprite.widthPx, f.sprite.heightPx)) * scale >
                assets::MAX_IMAGE_SIDE_PX) {
                return Usage("--scale " + std::to_string(scale) + " makes a frame of " + a.name + " over " +
                             std::to_string(assets::MAX_IMAGE_SIDE_PX) + " px a side");
            }
        }
        if (!assets::IsSafeAnimationName(a.name)) {
            return DataError(
                {assets::ErrorCode::ManifestField, !data.empty() ? data : out,
                 "animation name '" + game::Printable(a.name) + "': 1-32 of a-z, 0-9 and _ (it becomes a file name)"});
        }
    }
    // Keyed, scaled, and the starter hotmaps with the hotmap layer painted over them.
    std::vector<std::vector<assets::Image>> hotmaps;
    for (Animation& a : anims) {
        hotmaps.emplace_back();
        for (Frame& f : a.frames) {
            if (spriteKey) ApplySpriteKey(f.sprite, *spriteKey);
            f.sprite = Scaled(f.sprite, scale);
            assets::Image hot = StarterHotmap(f.sprite, alphaMin);
            if (f.hotmapPaint) {
                const assets::Image paint = Scaled(*f.hotmapPaint, scale);
                for (std::size_t i = 0; i < hot.rgba.size() && i < paint.rgba.size(); i += 4)
                    if (paint.rgba[i + 3] != 0)
                        std::copy_n(paint.rgba.data() + i, 3, hot.rgba.data() + i), hot.rgba[i + 3] = 255;
            }
            hotmaps.back().push_back(std::move(hot));
        }
    }
    const auto idle = std::find_if(anims.begin(), anims.end(), [](const Animation& a) { return a.name == "idle"; });
    if (idle == anims.end()) {
        return DataError({assets::ErrorCode::ManifestRule, !data.empty() ? data : out,
                          "no animation is called idle: map (or tag) one idle, its first frame stands in for the "
                          "required animations the art lacks"});
    }
    // A copy: the stand-ins below are appended to `anims`, which may move its elements.
    const Frame idleFirst = idle->frames[0];
    const Box body = OpaqueBox(idleFirst.sprite, alphaMin);
    if (body.maxX < 0) {
        return DataError({assets::ErrorCode::ManifestRule, out,
                          "idle's first frame has no pixel of alpha " + std::to_string(alphaMin) + " or more"});
    }
    const collide::Point anchor{(body.minX + body.maxX + 1) / 2, body.maxY};

    assets::Manifest m;
    m.name = name.empty() ? id.substr(0, 24) : name;
    m.health = 1000;
    m.walkForwardSpeed = 2.5, m.walkBackSpeed = 2, m.jumpVelocity = 10, m.jumpForwardSpeed = 3, m.gravity = 0.5;
    const int bodyW = body.maxX - body.minX + 1, bodyH = body.maxY - body.minY + 1;
    m.pushboxWidthPx = std::clamp(bodyW * 2 / 3, 1, 512);
    m.pushboxHeightPx = std::clamp(bodyH, 1, 512);
    m.pushboxCrouchHeightPx = std::clamp(bodyH * 2 / 3, 1, 512);
    m.anchorPx = anchor;
    std::vector<std::string> standIns;
    for (const char* required : game::REQUIRED_ANIM_NAMES) {
        if (std::none_of(anims.begin(), anims.end(), [&](const Animation& a) { return a.name == required; })) {
            anims.push_back({required, {idleFirst}});
            hotmaps.push_back({StarterHotmap(anims.back().frames[0].sprite, alphaMin)});
            standIns.push_back(required);
        }
    }
    for (std::size_t a = 0; a < anims.size(); ++a) {
        assets::ManifestAnimation ma;
        ma.name = anims[a].name;
        const std::string& n = ma.name;
        ma.loop = n == "idle" || n == "walk_forward" || n == "walk_back" || n == "win";
        ma.anchorPx = anchor;
        for (const Frame& f : anims[a].frames)
            ma.frames.push_back({f.ticks > 0 ? f.ticks : defaultTicks, std::nullopt});
        m.animations.push_back(ma);
        // A move for an animation whose hotmaps strike: its active frames from the first to the
        // last with attack pixels (the ones between must strike too, or lint says which).
        int first = -1, last = -1;
        for (std::size_t f = 0; f < hotmaps[a].size(); ++f)
            if (HasAttack(hotmaps[a][f])) last = static_cast<int>(f), first = first < 0 ? static_cast<int>(f) : first;
        const bool required = std::any_of(game::REQUIRED_ANIM_NAMES.begin(), game::REQUIRED_ANIM_NAMES.end(),
                                          [&](const char* r) { return n == r; });
        if (first < 0 || required) continue;
        const bool kick = n.find("kick") != std::string::npos;
        const game::Button button = kick ? game::Button::Kick : game::Button::Punch;
        if (std::any_of(m.moves.begin(), m.moves.end(),
                        [&](const assets::ManifestMove& mv) { return mv.button == button; }))
            continue;  // one move per button and stance: the author adds the rest by hand
        assets::ManifestMove mv;
        mv.name = n, mv.animation = n, mv.button = button, mv.stance = game::Stance::Stand;
        mv.damage = kick ? 90 : 60, mv.hitstunTicks = 14, mv.blockstunTicks = 10, mv.hitstopTicks = 6;
        mv.knockbackPxPerTick = 3, mv.active = std::array<std::int32_t, 2>{first, last};
        m.moves.push_back(mv);
    }

    std::error_code ec;
    fs::create_directories(fighterDir, ec);
    if (!ec) fs::create_directories(hotmapDir, ec);
    if (ec) return DataError({assets::ErrorCode::WriteFailed, out, "cannot create: " + ec.message()});
    int written = 0;
    for (std::size_t a = 0; a < anims.size(); ++a) {
        for (std::size_t f = 0; f < anims[a].frames.size(); ++f) {
            const std::string file = assets::FrameFileName(anims[a].name, f);
            if (const auto err = assets::SavePng((fighterDir / file).string(), anims[a].frames[f].sprite))
                return DataError(*err);
            if (const auto err = assets::SavePng((hotmapDir / file).string(), hotmaps[a][f])) return DataError(*err);
            ++written;
        }
    }
    if (const auto err =
            assets::WriteOutputFile((fighterDir / assets::MANIFEST_FILE_NAME).string(), assets::WriteManifest(m)))
        return DataError(*err);
    std::printf("import: wrote %s and %s: %zu animation(s), %d frame(s), %zu move(s)\n",
                game::PrintablePath(out).c_str(), game::PrintablePath(hotmapDir.string()).c_str(), anims.size(),
                written, m.moves.size());
    if (!standIns.empty()) {
        std::string list;
        for (const std::string& s : standIns) list += (list.empty() ? "" : ", ") + s;
        std::printf("import: idle's first frame stands in for %s\n", list.c_str());
    }
    std::printf(
        "import: anchor [%d, %d] (the bottom centre of idle's opaque pixels): check it with hotmap preview "
        "--fighter %s contact.png\n",
        anchor.x, anchor.y, game::PrintablePath(out).c_str());
    return EXIT_OK;
}

}  // namespace hotmap
