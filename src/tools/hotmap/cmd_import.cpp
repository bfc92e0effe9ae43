// hotmap import: a fighter folder (sprites, starter hotmaps, fighter.json) from art made elsewhere:
// a folder of frames, a grid sprite sheet, or a sheet with the JSON Aseprite exports. The frames
// are cut, keyed, scaled and renamed to <animation>_<nn>.png; hotmaps start from the sprite
// (template's rule) with an Aseprite layer named "hotmap" painted over them. The fighter meets
// lint's rules before anything is written (idle's frames repeated up to its minimum, the manifest
// checked by the reader's own rules), then lint's findings on it are printed. --update re-imports
// changed art over a fighter and keeps its painted hotmaps and hand-made moves. Every file goes
// through the one reader and writer (assets/files.h).
#include "assets/files.h"
#include "assets/format.h"
#include "game/text.h"
#include "tools/hotmap/args.h"
#include "tools/hotmap/commands.h"
#include "tools/hotmap/import_spec.h"
#include "tools/hotmap/lint.h"
#include "tools/hotmap/moves.h"
#include "tools/hotmap/starter.h"

#include <nlohmann/json.hpp>

#include <fnmatch.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hotmap {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

constexpr const char* IMPORT_USAGE =
    "usage: hotmap import FIGHTER_DIR --frames DIR --map GLOB[:ORDER]=ANIMATION[,ANIMATION...]... [options]\n"
    "       hotmap import FIGHTER_DIR --grid SHEET.png --frame WxH --map ANIMATION[,...]=CELLS... [options]\n"
    "       hotmap import FIGHTER_DIR --sheet SHEET.png --data SHEET.json [--split-layers] [options]\n";
constexpr const char* IMPORT_HELP =
    "\n"
    "Makes FIGHTER_DIR (a fighter folder, <project>/assets/<name>) with its sprites, starter hotmaps\n"
    "in <project>/hotmaps/<name>/ and a fighter.json, from art made elsewhere:\n"
    "  --frames DIR        a folder of frames with any naming; each --map 'attack*.png=light_punch'\n"
    "                      takes the files matching the glob, in natural order (attack10 after\n"
    "                      attack2); 'walk*.png:reverse=walk_back', ':pingpong', or ':0,1,0,2' (the\n"
    "                      matches by their place in that order) reorder them\n"
    "  --grid SHEET.png    a sheet of equal cells, --frame WxH each, at most 4096x4096 px, numbered\n"
    "                      from 0 row by row; each --map takes CELLS: idle=0-3, walk_back=23-16\n"
    "                      (backwards), idle=0,1,0,2 (repeats), idle=0-3:pingpong (0 1 2 3 2 1)\n"
    "  --sheet SHEET.png --data SHEET.json\n"
    "                      Aseprite's export (hash or array form): trimmed frames are placed back by\n"
    "                      spriteSourceSize, frame tags become animations (forward, reverse, pingpong),\n"
    "                      durations (ms) become ticks (rounded, at least 1); with --split-layers the\n"
    "                      layer named \"hotmap\" is painted over the starter hotmaps, the other layers\n"
    "                      are the sprite\n"
    "One --map may feed several animations (--map idle,win=0-3); an animation takes one --map.\n"
    "Options:\n"
    "  --name TEXT         the display name (default: the folder's name)\n"
    "  --ticks N           1-600, each frame's ticks where the art gives none (default 6)\n"
    "  --ticks A=N,B=N     an animation's ticks, over the art's own (walk=5 names walk_forward and\n"
    "                      walk_back when no animation is called walk); N and A=N mix: 6,idle=8\n"
    "  --scale S           0.25-8, up to three decimals (1.5): nearest-neighbour scaling of every\n"
    "                      frame, the hotmaps by the same pixel mapping (default 1)\n"
    "  --anchor X,Y        the fighter's anchor (its feet), in the art's pixels before --scale\n"
    "                      (default: the bottom centre of idle's first frame's opaque pixels)\n"
    "  --anchor NAME=X,Y   an animation's own anchor, as a projectile's centre\n"
    "  --offsets FILE      per-frame offsets, CSV (frame,dx,dy[,duration ms] lines) or JSON\n"
    "                      ([{\"frame\": ..., \"dx\": ..., \"dy\": ...}]): frame is a file name (--frames),\n"
    "                      a cell (--grid) or a frame index (--sheet); the picture is drawn dx right\n"
    "                      and dy down of its place, which becomes the frame's own anchor\n"
    "  --alpha-min N       1-255, default 128: the least alpha a starter hotmap counts as body\n"
    "  --sprite-key RRGGBB the art's background colour: made transparent in the sprites\n"
    "  --update            re-import over the fighter: painted hotmaps (anything a starter would not\n"
    "                      make) are kept, with a warning when their frame changed size; the name,\n"
    "                      speeds, pushbox, credits, loops and the moves that still fit are kept (the\n"
    "                      anchor is found again); files the new manifest no longer names are\n"
    "                      listed, then removed\n"
    "  --force             replace the fighter folder, painted hotmaps too (files no longer named\n"
    "                      are listed, then removed)\n"
    "Idle is repeated up to 4 frames (lint's minimum) when the art has fewer; required animations the\n"
    "art lacks show idle's first frame; each animation whose hotmaps hold attack pixels (FF0000)\n"
    "gets a move (as hotmap moves --suggest makes). Nothing is written if the fighter would break\n"
    "lint's rules; after writing, lint's findings on it are printed (exit 1 on an error).\n"
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
    collide::Point offsetPx{};                 ///< from --offsets, in the art's pixels
    std::string key;                           ///< the source's name for it (file, cell, frame index)
};

struct Animation {
    std::string name;
    std::vector<Frame> frames;
};

/// What a source gave: its animations, and every frame it has (for --offsets to name).
struct Source {
    std::vector<Animation> animations;
    std::set<std::string> keys;
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

std::vector<std::string> SplitNames(const std::string& list) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= list.size()) {
        const auto comma = list.find(',', start);
        out.push_back(list.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

// ---- the three sources --------------------------------------------------------------------------

// --map GLOB[:ORDER]=ANIMATIONS: split at the last '=' (a glob may hold one, a name never does),
// the glob at its first ':'.
assets::Result<Source> FromFolder(const std::string& dir, const std::vector<std::string>& maps) {
    Source out;
    std::vector<std::string> files;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".png") files.push_back(it->path().filename().string());
    }
    if (ec) return assets::Error{assets::ErrorCode::FileUnreadable, dir, "cannot list: " + ec.message()};
    std::sort(files.begin(), files.end(), NaturalLess);
    out.keys.insert(files.begin(), files.end());
    std::map<std::string, assets::Image> loaded;  // each file decoded once, however many maps take it
    for (const std::string& map : maps) {
        const auto eq = map.rfind('=');
        const std::string left = map.substr(0, eq), names = map.substr(eq + 1);
        const auto colon = left.find(':');
        const std::string glob = left.substr(0, colon);
        std::string order = colon == std::string::npos ? "" : left.substr(colon + 1);
        if (order == "pingpong" || order == "reverse") order = ":" + order;
        std::vector<std::string> matches;
        for (const std::string& f : files)
            if (::fnmatch(glob.c_str(), f.c_str(), 0) == 0) matches.push_back(f);
        if (matches.empty()) {
            return assets::Error{
                assets::ErrorCode::FileMissing, dir,
                "no .png file matches " + game::Printable(glob) + " (for " + game::Printable(names) + ")"};
        }
        const FrameOrder picked = ParseFrameOrder(order, static_cast<std::int32_t>(matches.size()));
        if (!picked.error.empty()) {
            return assets::Error{assets::ErrorCode::ManifestField, dir,
                                 "--map " + game::Printable(map) + ": " + picked.error + " (" + game::Printable(glob) +
                                     " matches " + std::to_string(matches.size()) + " file(s), 0 first)"};
        }
        std::vector<Frame> frames;
        for (const std::int32_t i : picked.frames) {
            const std::string& f = matches[static_cast<std::size_t>(i)];
            if (loaded.count(f) == 0) {
                auto img = assets::LoadPng(dir + "/" + f);
                if (!img.Ok()) return img.GetError();
                loaded.emplace(f, std::move(img).Value());
            }
            frames.push_back({loaded.at(f), std::nullopt, 0, {}, f});
        }
        for (const std::string& name : SplitNames(names)) out.animations.push_back({name, frames});
    }
    return out;
}

// --map ANIMATIONS=CELLS, split at the first '='.
assets::Result<Source> FromGrid(const std::string& sheetPath, int cellW, int cellH,
                                const std::vector<std::string>& maps) {
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
    Source out;
    for (int c = 0; c < cells; ++c) out.keys.insert(std::to_string(c));
    for (const std::string& map : maps) {
        const auto eq = map.find('=');
        const std::string names = map.substr(0, eq), cellList = map.substr(eq + 1);
        const FrameOrder picked = cellList.empty() || cellList[0] == ':' ? FrameOrder{{}, "no cells named"}
                                                                         : ParseFrameOrder(cellList, cells);
        if (!picked.error.empty()) {
            return assets::Error{assets::ErrorCode::ManifestField, sheetPath,
                                 "--map " + game::Printable(map) + ": " + picked.error + " (cells " +
                                     "FIRST-LAST, N or lists of them within 0-" + std::to_string(cells - 1) +
                                     ", numbered row by row)"};
        }
        std::vector<Frame> frames;
        for (const std::int32_t c : picked.frames) {
            assets::Image cell = Blank(cellW, cellH);
            Blit(cell, s, (c % columns) * cellW, (c / columns) * cellH, cellW, cellH, 0, 0);
            frames.push_back({std::move(cell), std::nullopt, 0, {}, std::to_string(c)});
        }
        for (const std::string& name : SplitNames(names)) out.animations.push_back({name, frames});
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

assets::Result<Source> FromAseprite(const std::string& sheetPath, const std::string& dataPath, bool splitLayers) {
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
            const std::int32_t ticks = TicksOfMilliseconds(e.value("duration", 100.0));
            byLayer[splitLayers ? LayerOf(entries[i].first) : ""].emplace_back(std::move(img), ticks);
        } catch (const nlohmann::json::exception&) {
            return bad(at + ": expected frame {x,y,w,h}, spriteSourceSize {x,y,w,h} and sourceSize {w,h} numbers");
        }
    }
    std::vector<Frame> frames;
    if (!splitLayers) {
        for (auto& [img, ticks] : byLayer[""]) frames.push_back({std::move(img), std::nullopt, ticks, {}, ""});
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
    Source out;
    for (std::size_t f = 0; f < frames.size(); ++f) {
        frames[f].key = std::to_string(f);
        out.keys.insert(frames[f].key);
    }
    const Json* tags =
        data.contains("meta") && data["meta"].contains("frameTags") ? &data["meta"]["frameTags"] : nullptr;
    if (tags == nullptr || !tags->is_array() || tags->empty()) {
        out.animations.push_back({"idle", frames});
        return out;
    }
    for (std::size_t t = 0; t < tags->size(); ++t) {
        const Json& tag = (*tags)[t];
        const std::string at = "meta.frameTags[" + std::to_string(t) + "]";
        const int from = tag.value("from", -1), to = tag.value("to", -1);
        if (from < 0 || to < from || static_cast<std::size_t>(to) >= frames.size())
            return bad(at + ": from and to must name frames 0-" + std::to_string(frames.size() - 1));
        const std::string direction = tag.value("direction", "forward");
        if (direction != "forward" && direction != "reverse" && direction != "pingpong")
            return bad(at + ".direction: expected forward, reverse or pingpong");
        const FrameOrder order = ParseFrameOrder(
            std::to_string(from) + "-" + std::to_string(to) + (direction == "forward" ? "" : ":" + direction),
            static_cast<std::int32_t>(frames.size()));
        Animation anim{tag.value("name", ""), {}};
        for (const std::int32_t f : order.frames) anim.frames.push_back(frames[static_cast<std::size_t>(f)]);
        out.animations.push_back(std::move(anim));
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

// Is `hotmap` what a starter hotmap makes of `sprite` at some --alpha-min: nothing but air and the
// starter's hurt colour, the hurt exactly on the sprite's pixels from some alpha up? Anything else
// (a red fist, an erased scarf, another hurt colour) is an author's painting. Without the sprite
// (or at another size), the colours alone decide.
bool IsStarter(const assets::Image& hotmap, const std::optional<assets::Image>& sprite) {
    const bool compare = sprite && sprite->widthPx == hotmap.widthPx && sprite->heightPx == hotmap.heightPx;
    int leastHurtAlpha = 256, mostAirAlpha = -1;
    for (std::size_t i = 0; i < hotmap.rgba.size(); i += 4) {
        const std::uint8_t* p = hotmap.rgba.data() + i;
        const bool air = p[3] == 0 || (p[0] == 0xFF && p[1] == 0x00 && p[2] == 0xFF);
        const bool hurt = p[3] == 0xFF && p[0] == STARTER_HURT.r && p[1] == STARTER_HURT.g && p[2] == STARTER_HURT.b;
        if (!air && !hurt) return false;
        if (!compare) continue;
        const int alpha = sprite->rgba[i + 3];
        if (hurt) leastHurtAlpha = std::min(leastHurtAlpha, alpha);
        if (air) mostAirAlpha = std::max(mostAirAlpha, alpha);
    }
    return !compare || (leastHurtAlpha > mostAirAlpha && leastHurtAlpha >= 1);
}

std::optional<assets::Image> LoadIfThere(const fs::path& path) {
    if (!assets::EntryExists(path.string())) return std::nullopt;
    auto img = assets::LoadPng(path.string());
    if (!img.Ok()) return std::nullopt;
    return std::move(img).Value();
}

// A frame file's name ("walk_back_03.png"), as FrameFileName makes them: what --update and
// --force may remove when the new manifest no longer names it.
bool IsFrameFileName(const std::string& name) {
    if (name.size() < 8 || name.compare(name.size() - 4, 4, ".png") != 0) return false;
    const std::string stem = name.substr(0, name.size() - 4);
    const auto underscore = stem.rfind('_');
    if (underscore == std::string::npos || underscore + 3 > stem.size()) return false;
    const std::string digits = stem.substr(underscore + 1);
    return std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
           assets::IsSafeAnimationName(stem.substr(0, underscore));
}

// Why `move`, kept from the manifest an --update replaces, no longer fits the new frames, or "".
std::string NoLongerFits(const assets::ManifestMove& move, const std::map<std::string, std::size_t>& frameCounts,
                         const AttackFrames& attack) {
    const auto framesOf = [&](const std::string& anim) -> std::optional<std::size_t> {
        const auto it = frameCounts.find(anim);
        return it == frameCounts.end() ? std::nullopt : std::optional<std::size_t>(it->second);
    };
    const auto n = framesOf(move.animation);
    if (!n) return "its animation " + move.animation + " is gone";
    const auto inside = [&](std::int32_t f) { return f >= 0 && static_cast<std::size_t>(f) < *n; };
    if (move.active) {
        const auto [first, last] = *move.active;
        if (!inside(first) || !inside(last))
            return move.animation + " now has " + std::to_string(*n) + " frame(s), and active is [" +
                   std::to_string(first) + ", " + std::to_string(last) + "]";
        for (std::int32_t f = first; f <= last; ++f)
            if (!attack.at(move.animation)[static_cast<std::size_t>(f)])
                return "active frame " + std::to_string(f) + " of " + move.animation + " has no attack pixel now";
    }
    for (const assets::ManifestCancel& c : move.cancels)
        if (!inside(c.frames[0]) || !inside(c.frames[1])) return "a cancel window is past the animation's end";
    if (move.projectile) {
        if (!inside(move.projectile->spawnFrame)) return "the projectile's spawnFrame is past the animation's end";
        if (!framesOf(move.projectile->animation)) return "its projectile's animation is gone";
    }
    if (move.throwMove && !framesOf(move.throwMove->animation)) return "its throw's animation is gone";
    return "";
}

}  // namespace

int RunImport(std::span<const std::string> args) {
    std::string out, frames, grid, sheet, data, name, offsetsPath;
    std::vector<std::string> maps;
    int cellW = 0, cellH = 0, alphaMin = assets::TEMPLATE_ALPHA_MIN;
    Scale scale;
    TicksSpec ticks;
    AnchorSpec anchors;
    bool splitLayers = false, force = false, update = false;
    std::optional<collide::Rgb> spriteKey;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        const auto value = [&]() -> std::optional<std::string> {
            return i + 1 < args.size() ? std::optional<std::string>(args[++i]) : std::nullopt;
        };
        if (arg == "--help" || arg == "-h") {
            std::printf("%s%s", IMPORT_USAGE, IMPORT_HELP);
            return EXIT_OK;
        } else if (arg == "--frames" || arg == "--grid" || arg == "--sheet" || arg == "--data" || arg == "--name" ||
                   arg == "--offsets") {
            const auto v = value();
            if (!v) return Usage(arg + " needs a value");
            (arg == "--frames"  ? frames
             : arg == "--grid"  ? grid
             : arg == "--sheet" ? sheet
             : arg == "--data"  ? data
             : arg == "--name"  ? name
                                : offsetsPath) = *v;
        } else if (arg == "--map") {
            const auto v = value();
            const auto eq = v ? v->find('=') : std::string::npos;
            if (eq == std::string::npos || eq == 0 || v->back() == '=') return Usage("--map wants LEFT=RIGHT");
            maps.push_back(*v);
        } else if (arg == "--frame") {
            const auto v = value();
            const auto x = v ? v->find('x') : std::string::npos;
            const auto w = x == std::string::npos ? std::nullopt : ParseInt32(v->substr(0, x));
            const auto h = x == std::string::npos ? std::nullopt : ParseInt32(v->substr(x + 1));
            if (!w || !h || *w < 1 || *h < 1 || *w > assets::MAX_IMAGE_SIDE_PX || *h > assets::MAX_IMAGE_SIDE_PX)
                return Usage("--frame wants WxH, as 72x72");
            cellW = *w, cellH = *h;
        } else if (arg == "--scale") {
            const auto v = value();
            const auto s = v ? ParseScale(*v) : std::nullopt;
            if (!s) return Usage("--scale wants a number 0.25-8 (at most three decimals, as 1.5)");
            scale = *s;
        } else if (arg == "--alpha-min") {
            const auto v = value();
            const std::int32_t n = v ? ParseInt32(*v).value_or(0) : 0;  // 0 is out of range too
            if (n < 1 || n > 255) return Usage("--alpha-min wants a whole number 1-255");
            alphaMin = n;
        } else if (arg == "--ticks" || arg == "--anchor") {
            const auto v = value();
            if (!v) return Usage(arg + " needs a value");
            const std::string wrong = arg == "--ticks" ? AddTicks(*v, ticks) : AddAnchor(*v, anchors);
            if (!wrong.empty()) return Usage(wrong);
        } else if (arg == "--sprite-key") {
            const auto v = value();
            const auto c = v ? ParseRgbHex(*v) : std::nullopt;
            if (!c) return Usage("--sprite-key wants RRGGBB");
            spriteKey = *c;
        } else if (arg == "--split-layers") {
            splitLayers = true;
        } else if (arg == "--force") {
            force = true;
        } else if (arg == "--update") {
            update = true;
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
    if (sheet.empty() && maps.empty()) return Usage("--frames and --grid need at least one --map");
    if (!sheet.empty() && !maps.empty())
        return Usage("--map is for --frames and --grid (Aseprite's tags name the animations)");
    if (force && update) return Usage("--force replaces the fighter, --update keeps its painting: give one");

    while (out.size() > 1 && out.back() == '/') out.pop_back();
    const fs::path fighterDir(out);
    const std::string id = fighterDir.filename().string();
    if (!assets::IsSafeAnimationName(id)) {
        return Usage("the fighter folder's name becomes its id: 1-32 of a-z, 0-9 and _, not '" + id + "'");
    }
    const fs::path assetsDir = fighterDir.parent_path().empty() ? fs::path(".") : fighterDir.parent_path();
    const fs::path root = assetsDir.parent_path().empty() ? fs::path(".") : assetsDir.parent_path();
    const fs::path hotmapDir = root / "hotmaps" / id;
    const std::string manifestPath = (fighterDir / assets::MANIFEST_FILE_NAME).string();
    const bool exists = assets::EntryExists(manifestPath);
    if (exists && !force && !update) {
        return DataError({assets::ErrorCode::WriteFailed, out,
                          "a fighter is here already (use --force to replace it, or --update to import the art again "
                          "and keep its painted hotmaps)"});
    }
    if (!exists && update) {
        return DataError(
            {assets::ErrorCode::FileMissing, out, "no fighter here to update (import it without --update)"});
    }
    // The manifest --update starts from: what the author wrote by hand stays.
    std::optional<assets::Manifest> before;
    if (update) {
        const auto text = assets::ReadInputFile(manifestPath, assets::limits::MANIFEST_BYTES, "a manifest");
        if (!text.Ok()) return DataError(text.GetError());
        auto read = assets::ReadManifest(std::string(text.Value().begin(), text.Value().end()), manifestPath);
        if (!read.Ok()) return DataError(read.GetError());
        before = std::move(read).Value();
    }

    auto read = !frames.empty() ? FromFolder(frames, maps)
                : !grid.empty() ? FromGrid(grid, cellW, cellH, maps)
                                : FromAseprite(sheet, data, splitLayers);
    if (!read.Ok()) return DataError(read.GetError());
    std::vector<Animation> anims = std::move(read.Value().animations);
    const std::string sourceName = !frames.empty() ? frames : !grid.empty() ? grid : data;
    if (!offsetsPath.empty()) {
        const auto text = assets::ReadInputFile(offsetsPath, assets::limits::MANIFEST_BYTES, "an offsets file");
        if (!text.Ok()) return DataError(text.GetError());
        const auto offsets = ParseOffsets(std::string(text.Value().begin(), text.Value().end()), offsetsPath);
        if (!offsets.Ok()) return DataError(offsets.GetError());
        for (const auto& [key, row] : offsets.Value()) {
            if (read.Value().keys.count(key) == 0)
                return DataError({assets::ErrorCode::ManifestField, offsetsPath,
                                  "frame " + game::Printable(key) + ": no such frame in " +
                                      game::PrintablePath(sourceName) +
                                      (!frames.empty() ? " (a file name)"
                                       : !grid.empty() ? " (a cell number)"
                                                       : " (a frame index)")});
        }
        for (Animation& a : anims)
            for (Frame& f : a.frames)
                if (const auto it = offsets.Value().find(f.key); it != offsets.Value().end()) {
                    f.offsetPx = it->second.offsetPx;
                    if (it->second.ticks > 0) f.ticks = it->second.ticks;
                }
    }
    std::vector<std::string> names;
    for (std::size_t i = 0; i < anims.size(); ++i) {
        const Animation& a = anims[i];
        const std::string where = !data.empty() ? data : sourceName;
        if (!assets::IsSafeAnimationName(a.name)) {
            return DataError(
                {assets::ErrorCode::ManifestField, where,
                 "animation name '" + game::Printable(a.name) + "': 1-32 of a-z, 0-9 and _ (it becomes a file name)"});
        }
        if (std::find(names.begin(), names.end(), a.name) != names.end()) {
            return DataError({assets::ErrorCode::ManifestField, where,
                              "the animation " + game::Printable(a.name) +
                                  " is given twice (one --map or tag per animation; repeat frames within it, as "
                                  "idle=0,1,0,1)"});
        }
        names.push_back(a.name);
        for (const Frame& f : a.frames) {
            if (std::max(scale.Size(f.sprite.widthPx), scale.Size(f.sprite.heightPx)) > assets::MAX_IMAGE_SIDE_PX) {
                return Usage("--scale " + scale.Text() + " makes a frame of " + a.name + " over " +
                             std::to_string(assets::MAX_IMAGE_SIDE_PX) + " px a side");
            }
        }
    }
    // --ticks and --anchor entries must each name an animation (stand-ins included for ticks).
    std::vector<std::string> allNames = names;
    for (const char* required : game::REQUIRED_ANIM_NAMES)
        if (std::find(names.begin(), names.end(), required) == names.end()) allNames.push_back(required);
    for (const auto& [key, n] : ticks.perAnimation)
        if (AnimationsNamed(key, allNames).empty())
            return Usage("--ticks " + key + "=" + std::to_string(n) + ": no animation is called " + key + " or " + key +
                         "_...");
    for (const auto& [key, point] : anchors.perAnimationPx)
        if (std::find(names.begin(), names.end(), key) == names.end())
            return Usage("--anchor " + key + "=...: the art has no animation " + key);

    const auto idle = std::find_if(anims.begin(), anims.end(), [](const Animation& a) { return a.name == "idle"; });
    if (idle == anims.end()) {
        return DataError({assets::ErrorCode::ManifestRule, !data.empty() ? data : out,
                          "no animation is called idle: map (or tag) one idle, its first frame stands in for the "
                          "required animations the art lacks"});
    }
    // Lint's minimum, met by playing idle's frames again rather than refused.
    if (idle->frames.size() < assets::MIN_IDLE_FRAMES) {
        const std::size_t had = idle->frames.size();
        std::string order;
        for (std::size_t i = 0; idle->frames.size() < assets::MIN_IDLE_FRAMES; ++i)
            idle->frames.push_back(idle->frames[i % had]);
        for (std::size_t i = 0; i < idle->frames.size(); ++i) order += (i ? " " : "") + std::to_string(i % had);
        std::printf("import: idle has %zu frame(s) and the game needs at least %zu: its frames play again (%s)\n", had,
                    assets::MIN_IDLE_FRAMES, order.c_str());
    }
    // Keyed and scaled; offsets scaled by the same mapping.
    for (Animation& a : anims) {
        for (Frame& f : a.frames) {
            if (spriteKey) ApplySpriteKey(f.sprite, *spriteKey);
            f.sprite = ScaleImage(f.sprite, scale);
            if (f.hotmapPaint) f.hotmapPaint = ScaleImage(*f.hotmapPaint, scale);
            f.offsetPx = {scale.FirstOf(f.offsetPx.x), scale.FirstOf(f.offsetPx.y)};
        }
    }
    const Frame idleFirst = idle->frames[0];  // a copy: the stand-ins below are appended to `anims`
    const Box body = OpaqueBox(idleFirst.sprite, alphaMin);
    if (body.maxX < 0) {
        return DataError({assets::ErrorCode::ManifestRule, out,
                          "idle's first frame has no pixel of alpha " + std::to_string(alphaMin) + " or more"});
    }
    const auto scaled = [&](collide::Point p) { return collide::Point{scale.FirstOf(p.x), scale.LastOf(p.y)}; };
    // The fighter's anchor where frames have no offset: given, or idle's bottom centre.
    const collide::Point guess{(body.minX + body.maxX + 1) / 2 + idleFirst.offsetPx.x,
                               body.maxY + idleFirst.offsetPx.y};
    const collide::Point anchor = anchors.fighterPx ? scaled(*anchors.fighterPx) : guess;
    std::vector<std::string> standIns;
    for (const char* required : game::REQUIRED_ANIM_NAMES) {
        if (std::none_of(anims.begin(), anims.end(), [&](const Animation& a) { return a.name == required; })) {
            anims.push_back({required, {idleFirst}});
            standIns.push_back(required);
        }
    }

    // The old sprites' and hotmaps' pixels, to tell painted hotmaps (which --update keeps).
    std::map<std::string, std::optional<assets::Image>> oldSprites, oldHotmaps;
    if (update || force) {
        for (const Animation& a : anims)
            for (std::size_t f = 0; f < a.frames.size(); ++f) {
                const std::string file = assets::FrameFileName(a.name, f);
                oldSprites[file] = LoadIfThere(fighterDir / file);
                oldHotmaps[file] = LoadIfThere(hotmapDir / file);
            }
    }

    assets::Manifest m;
    if (update) {
        m = *before;
        m.animations.clear();
        m.moves.clear();
        if (!name.empty()) m.name = name;
    } else {
        m.name = name.empty() ? id.substr(0, 24) : name;
        m.health = 1000;
        m.walkForwardSpeed = 2.5, m.walkBackSpeed = 2, m.jumpVelocity = 10, m.jumpForwardSpeed = 3, m.gravity = 0.5;
        const int bodyW = body.maxX - body.minX + 1, bodyH = body.maxY - body.minY + 1;
        m.pushboxWidthPx = std::clamp(bodyW * 2 / 3, 1, 512);
        m.pushboxHeightPx = std::clamp(bodyH, 1, 512);
        m.pushboxCrouchHeightPx = std::clamp(bodyH * 2 / 3, 1, 512);
    }
    m.anchorPx = anchor;

    // The hotmaps: a starter with the hotmap layer painted over it, or (with --update) the painted
    // one that is there.
    std::vector<std::vector<assets::Image>> hotmaps;
    std::vector<std::vector<char>> keep;  // [animation][frame]: a painted hotmap --update keeps
    std::vector<std::string> kept, resized;
    int paintedReplaced = 0;
    AttackFrames attack;
    for (const Animation& a : anims) {
        hotmaps.emplace_back();
        keep.emplace_back();
        for (std::size_t f = 0; f < a.frames.size(); ++f) {
            const Frame& frame = a.frames[f];
            const std::string file = assets::FrameFileName(a.name, f);
            assets::Image hot = StarterHotmap(frame.sprite, alphaMin);
            if (frame.hotmapPaint) {
                const assets::Image& paint = *frame.hotmapPaint;
                for (std::size_t i = 0; i < hot.rgba.size() && i < paint.rgba.size(); i += 4)
                    if (paint.rgba[i + 3] != 0)
                        std::copy_n(paint.rgba.data() + i, 3, hot.rgba.data() + i), hot.rgba[i + 3] = 255;
            }
            const auto old = oldHotmaps.find(file);
            // A hotmap layer in the art is the painting itself: made again from it.
            const bool painted = old != oldHotmaps.end() && old->second && !frame.hotmapPaint &&
                                 !IsStarter(*old->second, oldSprites[file]);
            keep.back().push_back(update && painted);
            if (update && painted) {
                hot = *old->second;
                kept.push_back(file);
                if (hot.widthPx != frame.sprite.widthPx || hot.heightPx != frame.sprite.heightPx)
                    resized.push_back((hotmapDir / file).string() + ": painted, and kept, but its frame is now " +
                                      std::to_string(frame.sprite.widthPx) + "x" +
                                      std::to_string(frame.sprite.heightPx) + " (the hotmap is " +
                                      std::to_string(hot.widthPx) + "x" + std::to_string(hot.heightPx) +
                                      "): paint it again at the new size, or delete it for a starter");
            }
            if (force && painted) ++paintedReplaced;
            attack[a.name].push_back(HasAttack(hot));
            hotmaps.back().push_back(std::move(hot));
        }
    }

    std::map<std::string, std::size_t> frameCounts;
    for (std::size_t a = 0; a < anims.size(); ++a) {
        const std::string& n = anims[a].name;
        frameCounts[n] = anims[a].frames.size();
        assets::ManifestAnimation ma;
        ma.name = n;
        ma.loop = n == "idle" || n == "walk_forward" || n == "walk_back" || n == "win";
        if (update) {
            for (const assets::ManifestAnimation& o : before->animations)
                if (o.name == n && n != "idle") ma.loop = o.loop;  // idle loops, always
        }
        // The animation's own anchor (a projectile's), else the fighter's; a frame's offset moves it.
        collide::Point base = anchor;
        if (const auto own = anchors.perAnimationPx.find(n); own != anchors.perAnimationPx.end())
            base = scaled(own->second);
        std::int32_t perAnimation = 0;
        for (const auto& [key, t] : ticks.perAnimation)
            for (const std::string& named : AnimationsNamed(key, allNames))
                if (named == n) perAnimation = t;
        std::vector<collide::Point> frameAnchors;
        for (const Frame& f : anims[a].frames) {
            ma.frames.push_back({perAnimation > 0 ? perAnimation
                                 : f.ticks > 0    ? f.ticks
                                                  : ticks.defaultTicks,
                                 std::nullopt});
            frameAnchors.push_back({base.x - f.offsetPx.x, base.y - f.offsetPx.y});
        }
        // One anchor for the animation when its frames agree, else each frame its own.
        const bool same = std::all_of(frameAnchors.begin(), frameAnchors.end(),
                                      [&](collide::Point p) { return p == frameAnchors[0]; });
        ma.anchorPx = same ? frameAnchors[0] : base;
        if (!same)
            for (std::size_t f = 0; f < frameAnchors.size(); ++f)
                if (frameAnchors[f] != base) ma.frames[f].anchorPx = frameAnchors[f];
        m.animations.push_back(ma);
    }
    std::vector<std::string> notes;
    if (update) {
        for (const assets::ManifestMove& mv : before->moves) {
            const std::string why = NoLongerFits(mv, frameCounts, attack);
            if (why.empty()) {
                m.moves.push_back(mv);
            } else {
                notes.push_back("dropped moves." + game::Printable(mv.name) + ": " + why);
            }
        }
    }
    for (const MoveSuggestion& s : SuggestMoves(m, attack)) {
        if (!s.move.name.empty()) m.moves.push_back(s.move);
        notes.push_back((s.move.name.empty() ? "no move for " : "move ") + s.animation + ": " + s.note);
    }
    // The reader's own rules on the very text to be written, before a file is: a fighter lint
    // would refuse is not made.
    const std::string manifestText = assets::WriteManifest(m);
    if (const auto def = assets::ParseManifest(manifestText, id, manifestPath); !def.Ok())
        return DataError(def.GetError());

    // Files the new manifest no longer names: listed before anything changes.
    std::set<std::string> named;
    for (const Animation& a : anims)
        for (std::size_t f = 0; f < a.frames.size(); ++f) named.insert(assets::FrameFileName(a.name, f));
    std::vector<fs::path> stale;
    if (update || force) {
        for (const fs::path& dir : {fighterDir, hotmapDir}) {
            std::error_code ec;
            std::vector<fs::path> found;
            for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
                const std::string file = it->path().filename().string();
                std::error_code e2;
                if (it->is_regular_file(e2) && IsFrameFileName(file) && named.count(file) == 0)
                    found.push_back(it->path());
            }
            std::sort(found.begin(), found.end());
            stale.insert(stale.end(), found.begin(), found.end());
        }
        if (!stale.empty()) {
            std::printf("import: removing %zu file(s) the new manifest no longer names:\n", stale.size());
            for (const fs::path& p : stale) {
                const bool painted = p.parent_path() == hotmapDir && [&] {
                    const auto hot = LoadIfThere(p);
                    return hot && !IsStarter(*hot, LoadIfThere(fighterDir / p.filename()));
                }();
                std::printf("import:   %s%s\n", game::PrintablePath(p.string()).c_str(), painted ? " (painted)" : "");
            }
        }
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
            if (!keep[a][f])
                if (const auto err = assets::SavePng((hotmapDir / file).string(), hotmaps[a][f]))
                    return DataError(*err);
            ++written;
        }
    }
    if (const auto err = assets::WriteOutputFile(manifestPath, manifestText)) return DataError(*err);
    for (const fs::path& p : stale) fs::remove(p, ec);

    std::printf("import: wrote %s and %s: %zu animation(s), %d frame(s), %zu move(s)\n",
                game::PrintablePath(out).c_str(), game::PrintablePath(hotmapDir.string()).c_str(), anims.size(),
                written, m.moves.size());
    if (!kept.empty()) {
        std::string list;
        for (const std::string& k : kept) list += (list.empty() ? "" : ", ") + k;
        std::printf("import: kept %zu painted hotmap(s): %s\n", kept.size(), list.c_str());
    }
    for (const std::string& r : resized) std::fprintf(stderr, "warning: %s\n", game::OneLine(r).c_str());
    if (paintedReplaced > 0)
        std::printf("import: --force replaced %d painted hotmap(s) with starters (--update keeps them)\n",
                    paintedReplaced);
    if (!standIns.empty()) {
        std::string list;
        for (const std::string& s : standIns) list += (list.empty() ? "" : ", ") + s;
        std::printf("import: idle's first frame stands in for %s\n", list.c_str());
    }
    for (const std::string& n : notes) std::printf("import: %s\n", n.c_str());
    std::string was;
    if (update && before->anchorPx && *before->anchorPx != anchor)
        was = ", was [" + std::to_string(before->anchorPx->x) + ", " + std::to_string(before->anchorPx->y) + "]";
    std::printf("import: anchor [%d, %d] (%s%s): check it with hotmap preview --fighter %s contact.png\n", anchor.x,
                anchor.y, anchors.fighterPx ? "--anchor" : "the bottom centre of idle's opaque pixels", was.c_str(),
                game::PrintablePath(out).c_str());
    std::fflush(stdout);
    const LintCounts lint = LintFighterDir(out, alphaMin);
    std::printf("import: lint: %d error(s), %d warning(s)%s\n", lint.errors, lint.warnings,
                lint.errors + lint.warnings > 0 ? " (above, on stderr)" : "");
    return lint.errors > 0 ? EXIT_DATA : EXIT_OK;
}

}  // namespace hotmap
