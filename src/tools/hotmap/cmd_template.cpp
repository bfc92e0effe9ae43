// hotmap template: starter hotmaps from sprites. Sprite pixels at least --alpha-min opaque become
// one hurt colour, the rest air (FF00FF); the author then paints attack areas red and trims what
// should not hurt. One sprite to one file, or a whole fighter's frames (its manifest's animations)
// into its hotmaps folder. Never overwrites a file without --force.
#include "assets/files.h"
#include "assets/format.h"
#include "game/text.h"
#include "tools/hotmap/args.h"
#include "tools/hotmap/commands.h"
#include "tools/hotmap/project.h"
#include "tools/hotmap/starter.h"

#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

namespace hotmap {

namespace {

constexpr const char* TEMPLATE_USAGE =
    "usage: hotmap template SPRITE.png OUT.png [options]\n"
    "       hotmap template DIR [options]   (or --fighter DIR)\n";
constexpr const char* TEMPLATE_HELP =
    "\n"
    "Writes OUT.png, the same size as SPRITE.png: pixels with alpha of at least --alpha-min become\n"
    "the hurt colour (default 3C6EDC), fainter ones (shadows, stray alpha-1 pixels) air (FF00FF).\n"
    "Paint attack areas exactly FF0000 afterwards, with a pencil (no anti-aliasing), and save as PNG.\n"
    "With a DIR (a fighter folder assets/<name>/ or a project folder), every frame its fighter.json\n"
    "names gets hotmaps/<name>/<animation>_<nn>.png; missing folders are created, and a hotmap that\n"
    "is there already (perhaps painted) is kept unless --force.\n"
    "  --force             overwrite OUT.png if it exists (a symbolic link, even a dangling one,\n"
    "                      counts as existing: without --force nothing is written through it); a\n"
    "                      FIFO, a device or a folder is never written, even with --force\n"
    "  --hurt RRGGBB       the hurt colour (not FF00FF, not FF0000)\n"
    "  --alpha-min N       1-255, default 128: the least alpha that counts as body\n"
    "  --sprite-key RRGGBB the sprite's background colour (colour-keyed art): read as transparent\n"
    "                      (--key is another thing: the hotmap's air colour)\n";

int Usage(const std::string& what) {
    std::fprintf(stderr, "hotmap template: %s\n%s", game::OneLine(what).c_str(), TEMPLATE_USAGE);
    return EXIT_USAGE;
}

struct TemplateOptions {
    bool force = false;
    collide::Rgb hurt = STARTER_HURT;
    int alphaMin = assets::TEMPLATE_ALPHA_MIN;
    std::optional<collide::Rgb> spriteKey;
};

// Why `outPath` may not be written without --force, or nothing when it is free.
std::optional<assets::Error> Occupied(const std::string& outPath) {
    // symlink_status, not exists(): a link counts as there even when dangling, else the write
    // would go through it and create or replace whatever it points at. A path that cannot be
    // examined (no permission on its folder) is not known to be free either.
    std::error_code ec;
    const auto outStatus = std::filesystem::symlink_status(outPath, ec);
    if (outStatus.type() == std::filesystem::file_type::not_found) return std::nullopt;
    const std::string why = outStatus.type() == std::filesystem::file_type::none
                                ? "cannot check whether it exists: " + ec.message()
                                : std::string("exists (use --force to overwrite)");
    return assets::Error{assets::ErrorCode::WriteFailed, outPath, why};
}

// One sprite to one starter hotmap; the error when it cannot.
std::optional<assets::Error> MakeOne(const std::string& spritePath, const std::string& outPath,
                                     const TemplateOptions& o) {
    auto sprite = assets::LoadPng(spritePath);
    if (!sprite.Ok()) return sprite.GetError();
    assets::Image in = std::move(sprite).Value();
    if (o.spriteKey) ApplySpriteKey(in, *o.spriteKey);
    return assets::SavePng(outPath, StarterHotmap(in, o.alphaMin, o.hurt));
}

// Every frame of every fighter in `dir`: hotmaps written where none is (all with --force).
int TemplateFighters(const std::string& dir, const TemplateOptions& o) {
    namespace fs = std::filesystem;
    const auto targets = ResolveFighters(dir);
    if (!targets.Ok()) {
        std::fprintf(stderr, "%s\n", targets.GetError().ToLine().c_str());
        return EXIT_DATA;
    }
    int written = 0, kept = 0;
    for (const FighterTarget& t : targets.Value()) {
        const std::string manifestPath = t.roots.assetsDir + "/" + t.id + "/" + assets::MANIFEST_FILE_NAME;
        const auto text = assets::ReadInputFile(manifestPath, assets::limits::MANIFEST_BYTES, "a manifest");
        if (!text.Ok()) {
            std::fprintf(stderr, "%s\n", text.GetError().ToLine().c_str());
            return EXIT_DATA;
        }
        const auto manifest = assets::ReadManifest(std::string(text.Value().begin(), text.Value().end()), manifestPath);
        if (!manifest.Ok()) {
            std::fprintf(stderr, "%s\n", manifest.GetError().ToLine().c_str());
            return EXIT_DATA;
        }
        const std::string hotmapDir = t.roots.hotmapsDir + "/" + t.id;
        std::error_code ec;
        fs::create_directories(hotmapDir, ec);
        if (ec) {
            std::fprintf(stderr, "%s\n",
                         assets::Error{assets::ErrorCode::WriteFailed, hotmapDir, "cannot create: " + ec.message()}
                             .ToLine()
                             .c_str());
            return EXIT_DATA;
        }
        for (const assets::ManifestAnimation& anim : manifest.Value().animations) {
            for (std::size_t f = 0; f < anim.frames.size(); ++f) {
                const std::string name = assets::FrameFileName(anim.name, f);
                const std::string out = hotmapDir + "/" + name;
                if (!o.force && Occupied(out)) {
                    ++kept;
                    continue;
                }
                if (const auto err = MakeOne(t.roots.assetsDir + "/" + t.id + "/" + name, out, o)) {
                    std::fprintf(stderr, "%s\n", err->ToLine().c_str());
                    return EXIT_DATA;
                }
                ++written;
            }
        }
    }
    std::printf("template: wrote %d hotmap(s), kept %d already there%s\n", written, kept,
                kept > 0 ? " (--force to overwrite)" : "");
    return EXIT_OK;
}

}  // namespace

int RunTemplate(std::span<const std::string> args) {
    std::vector<std::string> positional;
    TemplateOptions o;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--help" || arg == "-h") {
            std::printf("%s%s", TEMPLATE_USAGE, TEMPLATE_HELP);
            return EXIT_OK;
        } else if (arg == "--force") {
            o.force = true;
        } else if (arg == "--fighter") {
            if (i + 1 >= args.size()) return Usage("--fighter needs a folder");
            positional.push_back(args[++i]);
        } else if (arg == "--hurt") {
            if (i + 1 >= args.size()) return Usage("--hurt needs a colour");
            const auto c = ParseRgbHex(args[++i]);
            if (!c || *c == collide::KEY_MAGENTA || *c == collide::ATTACK_RED) {
                return Usage("--hurt wants RRGGBB, neither FF00FF (air) nor FF0000 (attack), not '" + args[i] + "'");
            }
            o.hurt = *c;
        } else if (arg == "--alpha-min") {
            const auto n = i + 1 < args.size() ? ParseInt32(args[++i]) : std::nullopt;
            if (!n || *n < 1 || *n > 255) return Usage("--alpha-min wants a whole number 1-255");
            o.alphaMin = *n;
        } else if (arg == "--sprite-key") {
            const auto c = i + 1 < args.size() ? ParseRgbHex(args[++i]) : std::nullopt;
            if (!c) return Usage("--sprite-key wants RRGGBB");
            o.spriteKey = *c;
        } else if (arg.rfind("--", 0) == 0) {
            return Usage("unknown option " + arg);
        } else {
            positional.push_back(arg);
        }
    }
    if (positional.size() == 1) return TemplateFighters(positional[0], o);
    if (positional.size() != 2) return Usage("expected SPRITE.png OUT.png, or a fighter folder");
    const std::string& spritePath = positional[0];
    const std::string& outPath = positional[1];
    if (!o.force) {
        if (const auto err = Occupied(outPath)) {
            std::fprintf(stderr, "%s\n", err->ToLine().c_str());
            return EXIT_DATA;
        }
    }
    if (const auto err = MakeOne(spritePath, outPath, o)) {
        std::fprintf(stderr, "%s\n", err->ToLine().c_str());
        return EXIT_DATA;
    }
    const auto size = assets::LoadPng(outPath);
    std::printf("wrote %s (%dx%d): air FF00FF, hurt %02X%02X%02X; paint attack FF0000\n",
                game::PrintablePath(outPath).c_str(), size.Ok() ? size.Value().widthPx : 0,
                size.Ok() ? size.Value().heightPx : 0, o.hurt.r, o.hurt.g, o.hurt.b);
    return EXIT_OK;
}

}  // namespace hotmap
