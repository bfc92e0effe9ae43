// hotmap preview: the sprite with its hotmap tinted over it (attack red, hurt blue), to check
// that the two line up; or, with --fighter, a contact sheet of every frame of a fighter, labelled,
// with anchors and active frames marked. Preview pictures are throwaway: they are overwritten.
#include "game/text.h"
#include "tools/hotmap/args.h"
#include "tools/hotmap/commands.h"
#include "tools/hotmap/project.h"
#include "tools/hotmap/raster.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <vector>

namespace hotmap {

namespace {

constexpr const char* PREVIEW_USAGE =
    "usage: hotmap preview SPRITE.png HOTMAP.png OUT.png [--scale N]\n"
    "       hotmap preview --fighter DIR OUT.png [--scale N] [--allow-outside-links]\n";
constexpr const char* PREVIEW_HELP =
    "\n"
    "Writes OUT.png: the sprite over a grey checkerboard with the hotmap tinted on top (attack red,\n"
    "hurt blue, air clear), scaled N times (default 3), to check that the two line up.\n"
    "--fighter DIR (a fighter folder, assets/<name>) writes a contact sheet instead: one row per\n"
    "animation, as tall as that animation's tallest frame (a projectile's row is short), frame i\n"
    "of every row in column i; under each frame its index and ticks; the anchor as a yellow cross,\n"
    "active frames underlined red (default scale 1). OUT.png is overwritten, but never when it is\n"
    "the sprite or the hotmap itself, or a file in the fighter's folder (exit 2).\n"
    "Pictures are at most 8192 px a side: a larger --scale is refused. OUT.png must be a regular\n"
    "file or a new one (a FIFO or a device is refused); it is written whole or not at all.\n"
    "--allow-outside-links follows links in the fighter's folders that lead outside its project.\n"
    "\n"
    "Exit: 0 ok, 1 bad file (error: <file>: <what>), 2 bad usage.\n";

// The largest picture side written, in pixels: a 4096 x 4096 frame at --scale 16, or a big
// fighter's sheet, would otherwise ask for gigabytes. 8192 x 8192 RGBA is 256 MiB.
constexpr std::int64_t MAX_OUT_SIDE_PX = 8192;
constexpr Rgba SHEET_BACKGROUND{24, 25, 32, 255};

int Usage(const std::string& what) {
    std::fprintf(stderr, "hotmap preview: %s\n%s", game::OneLine(what).c_str(), PREVIEW_USAGE);
    return EXIT_USAGE;
}

/// Whether two paths name one file (a missing file is nobody's twin).
bool SameFile(const std::string& a, const std::string& b) {
    std::error_code ec;
    return std::filesystem::equivalent(a, b, ec) && !ec;
}

int Save(const std::string& path, const assets::Image& image) {
    if (const auto err = assets::SavePng(path, image)) {
        std::fprintf(stderr, "%s\n", err->ToLine().c_str());
        return EXIT_DATA;
    }
    std::printf("wrote %s (%dx%d)\n", game::PrintablePath(path).c_str(), image.widthPx, image.heightPx);
    return EXIT_OK;
}

int PreviewPair(const std::string& spritePath, const std::string& hotmapPath, const std::string& outPath, int scale) {
    const auto sprite = assets::LoadPng(spritePath);
    if (!sprite.Ok()) {
        std::fprintf(stderr, "%s\n", sprite.GetError().ToLine().c_str());
        return EXIT_DATA;
    }
    const auto hotmap = assets::LoadPng(hotmapPath);
    if (!hotmap.Ok()) {
        std::fprintf(stderr, "%s\n", hotmap.GetError().ToLine().c_str());
        return EXIT_DATA;
    }
    if (hotmap.Value().widthPx != sprite.Value().widthPx || hotmap.Value().heightPx != sprite.Value().heightPx) {
        std::fprintf(stderr, "error: %s: %dx%d, but its sprite is %dx%d\n", game::PrintablePath(hotmapPath).c_str(),
                     hotmap.Value().widthPx, hotmap.Value().heightPx, sprite.Value().widthPx, sprite.Value().heightPx);
        return EXIT_DATA;
    }
    const std::int64_t outW = std::int64_t{sprite.Value().widthPx} * scale,
                       outH = std::int64_t{sprite.Value().heightPx} * scale;
    if (outW > MAX_OUT_SIDE_PX || outH > MAX_OUT_SIDE_PX) {
        return Usage("--scale " + std::to_string(scale) + " makes a " + std::to_string(outW) + "x" +
                     std::to_string(outH) + " picture, over the limit of " + std::to_string(MAX_OUT_SIDE_PX) +
                     " px a side; use a smaller --scale");
    }
    const collide::HotMasks masks = collide::BuildHotMasks(hotmap.Value().View());
    return Save(outPath, ComposePreview(sprite.Value(), masks, scale));
}

int PreviewFighter(const std::string& dir, const std::string& outPath, int scale, const assets::LoadOptions& options) {
    const auto targets = ResolveFighters(dir);
    if (!targets.Ok()) {
        std::fprintf(stderr, "%s\n", targets.GetError().ToLine().c_str());
        return EXIT_DATA;
    }
    if (targets.Value().size() != 1)
        return Usage("--fighter wants one fighter's folder (assets/<name>), not a project");
    const FighterTarget& target = targets.Value()[0];
    const auto loaded = assets::LoadFighter(target.roots, target.id, options);
    if (!loaded.Ok()) {
        std::fprintf(stderr, "%s\n", loaded.GetError().ToLine().c_str());
        return EXIT_DATA;
    }
    const game::FighterDef& def = loaded.Value().def;
    // Sheet layout, in sheet pixels: a label column, then one column per frame index, all as wide
    // as the widest frame so that frame f of every animation lines up. Each row is as tall as the
    // tallest frame of its own animation: a projectile's small frames get a short row with their
    // captions right under them, not under the space a fighter-sized frame would take.
    constexpr int PAD = 8, MIN_LABEL_W = 110, CAPTION_H = 12, TITLE_H = 22;
    int labelW = MIN_LABEL_W, cellW = 0;
    std::size_t maxFrames = 0;
    std::vector<int> rowCellH(def.animations.size(), 0);
    for (std::size_t a = 0; a < def.animations.size(); ++a) {
        const game::AnimationDef& anim = def.animations[a];
        labelW = std::max(labelW, TextWidth(anim.name) + 2 * PAD);  // names run to 32 characters
        maxFrames = std::max(maxFrames, anim.frames.size());
        for (const auto& f : anim.frames) {
            cellW = std::max(cellW, f.widthPx * scale);
            rowCellH[a] = std::max(rowCellH[a], f.heightPx * scale);
        }
    }
    std::int64_t sheetW = labelW + static_cast<std::int64_t>(maxFrames) * (cellW + PAD) + PAD;
    std::int64_t sheetH = TITLE_H + PAD;
    for (const int h : rowCellH) sheetH += h + CAPTION_H + PAD;
    if (sheetW > MAX_OUT_SIDE_PX || sheetH > MAX_OUT_SIDE_PX) {
        return Usage("--scale " + std::to_string(scale) + " makes a " + std::to_string(sheetW) + "x" +
                     std::to_string(sheetH) + " sheet, over the limit of " + std::to_string(MAX_OUT_SIDE_PX) +
                     " px a side; use a smaller --scale");
    }
    assets::Image sheet = MakeCanvas(static_cast<int>(sheetW), static_cast<int>(sheetH), SHEET_BACKGROUND);
    const Rgba text{220, 220, 230, 255}, dim{150, 150, 165, 255}, anchorColour{255, 220, 40, 255};
    DrawText(sheet, PAD, PAD,
             def.displayName + " (" + def.id + "): attack red, hurt blue, anchor yellow, active underlined", text);
    int rowY = TITLE_H;
    for (std::size_t a = 0; a < def.animations.size(); ++a) {
        const game::AnimationDef& anim = def.animations[a];
        const int cellH = rowCellH[a];
        DrawText(sheet, PAD, rowY + cellH / 2, anim.name, text);
        DrawText(sheet, PAD, rowY + cellH / 2 + 10, anim.loop ? "loop" : "once", dim);
        for (std::size_t f = 0; f < anim.frames.size(); ++f) {
            const game::FrameDef& frame = anim.frames[f];
            const int x = labelW + static_cast<int>(f) * (cellW + PAD);
            const assets::Image cell = ComposePreview(loaded.Value().sprites[a][f], frame.masks, scale);
            DrawImage(sheet, cell, x, rowY, 1);
            // The anchor: a 5-pixel cross at the hot spot, scaled.
            const int ax = x + frame.anchorPx.x * scale + scale / 2, ay = rowY + frame.anchorPx.y * scale + scale / 2;
            FillRect(sheet, ax - 3, ay, 7, 1, anchorColour);
            FillRect(sheet, ax, ay - 3, 1, 7, anchorColour);
            bool active = false;
            for (const game::MoveDef& m : def.moves) {
                active = active || (m.animation == static_cast<int>(a) && m.activeFirst >= 0 &&
                                    static_cast<int>(f) >= m.activeFirst && static_cast<int>(f) <= m.activeLast);
            }
            DrawText(sheet, x, rowY + cellH + 2, std::to_string(f) + ":" + std::to_string(frame.ticks) + "T",
                     active ? Rgba{255, 90, 90, 255} : dim);
            if (active) FillRect(sheet, x, rowY + cellH + 10, frame.widthPx * scale, 2, Rgba{255, 40, 40, 255});
        }
        rowY += cellH + CAPTION_H + PAD;
    }
    return Save(outPath, sheet);
}

}  // namespace

int RunPreview(std::span<const std::string> args) {
    std::vector<std::string> positional;
    std::string fighterDir;
    int scale = 0;
    assets::LoadOptions options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--help" || arg == "-h") {
            std::printf("%s%s", PREVIEW_USAGE, PREVIEW_HELP);
            return EXIT_OK;
        } else if (arg == "--scale") {
            const auto n = i + 1 < args.size() ? ParseInt32(args[++i]) : std::nullopt;
            if (!n || *n < 1 || *n > 16) return Usage("--scale wants a whole number 1-16");
            scale = *n;
        } else if (arg == "--allow-outside-links") {
            options.allowOutsideLinks = true;
        } else if (arg == "--fighter") {
            if (i + 1 >= args.size()) return Usage("--fighter needs a folder");
            fighterDir = args[++i];
        } else if (arg.size() > 1 && arg[0] == '-') {  // "-s" too: a typo, not a file name
            return Usage("unknown option " + arg);
        } else {
            positional.push_back(arg);
        }
    }
    if (!fighterDir.empty()) {
        if (positional.size() != 1) return Usage("--fighter DIR takes one OUT.png");
        // Not among the frames: an extra PNG there is a frame no animation uses (lint warns).
        const std::string outDir = std::filesystem::path(positional[0]).parent_path().string();
        if (SameFile(outDir.empty() ? "." : outDir, fighterDir)) {
            return Usage("OUT.png " + positional[0] + " would land among the fighter's own frames");
        }
        return PreviewFighter(fighterDir, positional[0], scale == 0 ? 1 : scale, options);
    }
    if (positional.size() != 3) return Usage("expected SPRITE.png HOTMAP.png OUT.png");
    // A preview is overwritten freely, so it must never be one of the pictures it shows: a slip of
    // the shell's tab key would replace an artist's sprite or hotmap with the tinted copy.
    if (SameFile(positional[2], positional[0])) return Usage("OUT.png " + positional[2] + " is the sprite itself");
    if (SameFile(positional[2], positional[1])) return Usage("OUT.png " + positional[2] + " is the hotmap itself");
    return PreviewPair(positional[0], positional[1], positional[2], scale == 0 ? 3 : scale);
}

}  // namespace hotmap
