// hotmap template: a starter hotmap from a sprite. Transparent pixels become air (FF00FF), every
// other pixel one hurt colour; the author then paints attack areas red and trims what should not
// hurt. Never overwrites a file without --force.
#include "assets/assets.h"
#include "game/text.h"
#include "tools/hotmap/args.h"
#include "tools/hotmap/commands.h"

#include <cstdio>
#include <filesystem>
#include <string>

namespace hotmap {

namespace {

constexpr const char* TEMPLATE_USAGE = "usage: hotmap template SPRITE.png OUT.png [--force] [--hurt RRGGBB]\n";
constexpr const char* TEMPLATE_HELP =
    "\n"
    "Writes OUT.png, the same size as SPRITE.png: alpha-0 pixels become air (FF00FF), every other\n"
    "pixel the hurt colour (default 3C6EDC). Paint attack areas exactly FF0000 afterwards, with a\n"
    "pencil (no anti-aliasing), and save as PNG.\n"
    "  --force          overwrite OUT.png if it exists (a symbolic link, even a dangling one,\n"
    "                   counts as existing: without --force nothing is written through it); a\n"
    "                   FIFO, a device or a folder is never written, even with --force\n"
    "  --hurt RRGGBB    the hurt colour (not FF00FF, not FF0000)\n";

int Usage(const std::string& what) {
    std::fprintf(stderr, "hotmap template: %s\n%s", game::OneLine(what).c_str(), TEMPLATE_USAGE);
    return EXIT_USAGE;
}

}  // namespace

int RunTemplate(std::span<const std::string> args) {
    std::vector<std::string> positional;
    bool force = false;
    collide::Rgb hurt{0x3C, 0x6E, 0xDC};
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--help" || arg == "-h") {
            std::printf("%s%s", TEMPLATE_USAGE, TEMPLATE_HELP);
            return EXIT_OK;
        } else if (arg == "--force") {
            force = true;
        } else if (arg == "--hurt") {
            if (i + 1 >= args.size()) return Usage("--hurt needs a colour");
            const auto c = ParseRgbHex(args[++i]);
            if (!c || *c == collide::KEY_MAGENTA || *c == collide::ATTACK_RED) {
                return Usage("--hurt wants RRGGBB, neither FF00FF (air) nor FF0000 (attack), not '" + args[i] + "'");
            }
            hurt = *c;
        } else if (arg.rfind("--", 0) == 0) {
            return Usage("unknown option " + arg);
        } else {
            positional.push_back(arg);
        }
    }
    if (positional.size() != 2) return Usage("expected SPRITE.png OUT.png");
    const std::string& spritePath = positional[0];
    const std::string& outPath = positional[1];
    if (!force) {
        // symlink_status, not exists(): a link counts as there even when dangling, else the write
        // would go through it and create or replace whatever it points at. A path that cannot be
        // examined (no permission on its folder) is not known to be free either.
        std::error_code ec;
        const auto outStatus = std::filesystem::symlink_status(outPath, ec);
        if (outStatus.type() != std::filesystem::file_type::not_found) {
            const std::string why = outStatus.type() == std::filesystem::file_type::none
                                        ? "cannot check whether it exists: " + ec.message()
                                        : std::string("exists (use --force to overwrite)");
            std::fprintf(stderr, "%s\n", assets::Error{assets::ErrorCode::WriteFailed, outPath, why}.ToLine().c_str());
            return EXIT_DATA;
        }
    }
    auto sprite = assets::LoadPng(spritePath);
    if (!sprite.Ok()) {
        std::fprintf(stderr, "%s\n", sprite.GetError().ToLine().c_str());
        return EXIT_DATA;
    }
    assets::Image out = std::move(sprite).Value();
    for (std::size_t i = 0; i < out.rgba.size(); i += 4) {
        const bool air = out.rgba[i + 3] == 0;
        out.rgba[i] = air ? 0xFF : hurt.r;
        out.rgba[i + 1] = air ? 0x00 : hurt.g;
        out.rgba[i + 2] = air ? 0xFF : hurt.b;
        out.rgba[i + 3] = 0xFF;
    }
    if (const auto err = assets::SavePng(outPath, out)) {
        std::fprintf(stderr, "%s\n", err->ToLine().c_str());
        return EXIT_DATA;
    }
    std::printf("wrote %s (%dx%d): air FF00FF, hurt %02X%02X%02X; paint attack FF0000\n",
                game::PrintablePath(outPath).c_str(), out.widthPx, out.heightPx, hurt.r, hurt.g, hurt.b);
    return EXIT_OK;
}

}  // namespace hotmap
