// hotmap lint: checks fighters the way the game will load them, plus what an author gets wrong in
// a paint tool. Errors (the game would refuse the fighter) exit 1; warnings (it would load, but
// something looks accidental) exit 0.
#include "assets/format.h"
#include "assets/sound.h"
#include "tools/hotmap/commands.h"
#include "tools/hotmap/project.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>

namespace hotmap {

namespace {

constexpr const char* LINT_USAGE = "usage: hotmap lint [--allow-outside-links] [DIR...]\n";
constexpr const char* LINT_HELP =
    "\n"
    "Checks every fighter in each DIR: a project folder (holding assets/ and hotmaps/) or one\n"
    "fighter's folder (assets/<name>/). Default: the project in the current folder, else the data\n"
    "installed beside the program (../share/hotmap-brawl); it prints the folders it checks.\n"
    "\n"
    "Errors (exit 1): everything the game refuses to load: a missing or broken PNG, a hotmap whose\n"
    "size differs from its sprite, a manifest error, an active frame without attack pixels, a hotmap\n"
    "that pairs with no frame.\n"
    "Warnings (exit 0): a frame without a hotmap (it falls back to its sprite), near-key colours\n"
    "(within 6 levels of FF00FF or FF0000: anti-aliasing or JPEG traces), isolated single hot\n"
    "pixels, attack pixels on frames no move has active, hurt pixels more than 4 px outside the\n"
    "sprite's opaque area, a sprite no animation uses.\n"
    "\n"
    "A link in assets/ or hotmaps/ that leads outside the project folder is an error unless\n"
    "--allow-outside-links; every file must be a regular file within its size limit, and a\n"
    "fighter and a project within their pixel budget (docs/reliability.md).\n"
    "\n"
    "Sounds: every sound a manifest names must be a WAV in the fighter's sfx/ folder that decodes\n"
    "(PCM 8 or 16 bit, mono or stereo) within the caps (16 MiB, 120 s); every WAV in sfx/ folders\n"
    "(the fighters' and the project's assets/sfx/) and in assets/music/ must decode too (errors).\n";

constexpr int NEAR_LEVELS = 6;     // "within a few levels" of an exact colour
constexpr int FAR_OUTSIDE_PX = 4;  // hurt this far from any opaque sprite pixel is suspect

struct Tally {
    int errors = 0;
    int warnings = 0;
    int fighters = 0;
    int frames = 0;
};

void Warn(Tally& t, const std::string& file, const std::string& message) {
    std::fprintf(stderr, "%s\n", assets::Warning{file, message}.ToLine().c_str());
    ++t.warnings;
}

void Fail(Tally& t, const std::string& line) {
    std::fprintf(stderr, "%s\n", line.c_str());
    ++t.errors;
}

std::string At(int x, int y) {
    return std::to_string(x) + "," + std::to_string(y);
}

bool Near(int value, int target) {
    return std::abs(value - target) <= NEAR_LEVELS;
}

// Colour checks on one hotmap image: near-key and near-attack colours.
void CheckColours(Tally& t, const std::string& file, const assets::Image& hotmap) {
    int nearKey = 0, nearAttack = 0, keyX = 0, keyY = 0, attackX = 0, attackY = 0;
    char keySample[8] = "", attackSample[8] = "";
    for (int y = 0; y < hotmap.heightPx; ++y) {
        for (int x = 0; x < hotmap.widthPx; ++x) {
            const std::uint8_t* p = hotmap.rgba.data() + (static_cast<std::size_t>(y) * hotmap.widthPx + x) * 4;
            if (p[3] == 0) continue;
            const bool exactKey = p[0] == 255 && p[1] == 0 && p[2] == 255;
            const bool exactAttack = p[0] == 255 && p[1] == 0 && p[2] == 0;
            if (!exactKey && Near(p[0], 255) && Near(p[1], 0) && Near(p[2], 255)) {
                if (nearKey++ == 0)
                    keyX = x, keyY = y, std::snprintf(keySample, sizeof keySample, "%02X%02X%02X", p[0], p[1], p[2]);
            } else if (!exactAttack && Near(p[0], 255) && Near(p[1], 0) && Near(p[2], 0)) {
                if (nearAttack++ == 0)
                    attackX = x, attackY = y,
                    std::snprintf(attackSample, sizeof attackSample, "%02X%02X%02X", p[0], p[1], p[2]);
            }
        }
    }
    if (nearKey > 0) {
        Warn(t, file,
             std::to_string(nearKey) + " near-key pixel(s), e.g. " + keySample + " at " + At(keyX, keyY) +
                 ": they count as hurt, not air (anti-aliasing or JPEG?); paint air exactly FF00FF");
    }
    if (nearAttack > 0) {
        Warn(t, file,
             std::to_string(nearAttack) + " near-attack pixel(s), e.g. " + attackSample + " at " +
                 At(attackX, attackY) + ": they count as hurt, not attack; paint attack exactly FF0000");
    }
}

// Pixel checks on one frame's masks: lonely hot pixels, hurt far from anything the sprite draws.
void CheckShapes(Tally& t, const std::string& file, const game::FrameDef& frame, const assets::Image& sprite) {
    const collide::Mask& any = frame.masks.any;
    int lonely = 0, lonelyX = 0, lonelyY = 0;
    for (int y = 0; y < any.Height(); ++y) {
        for (int x = 0; x < any.Width(); ++x) {
            if (!any.Get(x, y)) continue;
            bool neighbour = false;
            for (int dy = -1; dy <= 1 && !neighbour; ++dy)
                for (int dx = -1; dx <= 1 && !neighbour; ++dx)
                    neighbour = (dx != 0 || dy != 0) && any.Get(x + dx, y + dy);
            if (!neighbour && lonely++ == 0) lonelyX = x, lonelyY = y;
        }
    }
    if (lonely > 0) {
        Warn(t, file,
             std::to_string(lonely) + " isolated single hot pixel(s), e.g. at " + At(lonelyX, lonelyY) +
                 ": a stray click? one pixel decides a hit");
    }
    if (frame.hotmapFromSprite) return;  // the hurt area is the sprite itself
    // Distance to the nearest opaque sprite pixel, Chebyshev, capped: a square search is plenty
    // for a 4 px radius.
    int far = 0, farX = 0, farY = 0;
    const auto opaque = [&](int x, int y) {
        return x >= 0 && y >= 0 && x < sprite.widthPx && y < sprite.heightPx &&
               sprite.rgba[(static_cast<std::size_t>(y) * sprite.widthPx + x) * 4 + 3] != 0;
    };
    for (int y = 0; y < frame.heightPx; ++y) {
        for (int x = 0; x < frame.widthPx; ++x) {
            if (!frame.masks.hurt.Get(x, y)) continue;
            bool close = false;
            for (int dy = -FAR_OUTSIDE_PX; dy <= FAR_OUTSIDE_PX && !close; ++dy)
                for (int dx = -FAR_OUTSIDE_PX; dx <= FAR_OUTSIDE_PX && !close; ++dx) close = opaque(x + dx, y + dy);
            if (!close && far++ == 0) farX = x, farY = y;
        }
    }
    if (far > 0) {
        Warn(t, file,
             std::to_string(far) + " hurt pixel(s) more than " + std::to_string(FAR_OUTSIDE_PX) +
                 " px outside the sprite's opaque area, e.g. at " + At(farX, farY) +
                 ": a hurt area the player cannot see (use attack FF0000 for invisible hits)");
    }
}

// Files in the fighter's folders that no frame uses: a hotmap is an error (its sprite's name is
// probably misspelt), a sprite a warning.
void CheckPairing(Tally& t, const FighterTarget& target, const game::FighterDef& def) {
    namespace fs = std::filesystem;
    std::set<std::string> used;
    for (const auto& anim : def.animations) {
        for (std::size_t f = 0; f < anim.frames.size(); ++f) used.insert(assets::FrameFileName(anim.name, f));
    }
    std::error_code ec;
    for (const bool hotmaps : {false, true}) {
        const fs::path dir = fs::path(hotmaps ? target.roots.hotmapsDir : target.roots.assetsDir) / target.id;
        std::vector<std::string> files;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
            if (it->path().extension() == ".png") files.push_back(it->path().filename().string());
        }
        std::sort(files.begin(), files.end());
        for (const std::string& f : files) {
            if (used.count(f) != 0) continue;
            const std::string path = (dir / f).string();
            if (hotmaps) {
                Fail(t, assets::Error{assets::ErrorCode::ManifestRule, path,
                                      "pairs with no frame of " +
                                          game::PrintablePath(target.roots.assetsDir + "/" + target.id) +
                                          "/fighter.json (frames are <animation>_<nn>.png; a misspelt name?)"}
                            .ToLine());
            } else {
                Warn(t, path, "no animation uses this sprite");
            }
        }
    }
}

// Every .wav in `dir` (if it exists) decodes within the caps; `named` are files that must exist.
// With `within`, a sound whose real path leaves the project is an error, as a sprite's is.
void CheckSounds(Tally& t, const std::string& dir, const std::set<std::string>& named,
                 const assets::Confinement* within) {
    namespace fs = std::filesystem;
    std::set<std::string> files = named;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".wav") files.insert(it->path().filename().string());
    }
    for (const std::string& f : files) {
        const auto sound = assets::LoadWav(dir + "/" + f, within);
        if (!sound.Ok()) Fail(t, sound.GetError().ToLine());
    }
}

// Lints one fighter; returns its pixels (0 when it fails to load), which count against the project's
// budget for the fighters after it, as the game counts them.
std::int64_t LintFighter(Tally& t, const FighterTarget& target, assets::LoadOptions options) {
    ++t.fighters;
    options.keepHotmapImages = true;
    const auto loaded = assets::LoadFighter(target.roots, target.id, options);
    if (!loaded.Ok()) {
        Fail(t, loaded.GetError().ToLine());
        return 0;
    }
    const assets::LoadedFighter& f = loaded.Value();
    for (const assets::Warning& w : f.warnings) Warn(t, w.file, w.message);
    for (std::size_t a = 0; a < f.def.animations.size(); ++a) {
        const game::AnimationDef& anim = f.def.animations[a];
        for (std::size_t i = 0; i < anim.frames.size(); ++i) {
            ++t.frames;
            const std::string name = assets::FrameFileName(anim.name, i);
            const std::string hotmapPath = target.roots.hotmapsDir + "/" + target.id + "/" + name;
            if (!anim.frames[i].hotmapFromSprite) CheckColours(t, hotmapPath, f.hotmaps[a][i]);
            CheckShapes(
                t, anim.frames[i].hotmapFromSprite ? target.roots.assetsDir + "/" + target.id + "/" + name : hotmapPath,
                anim.frames[i], f.sprites[a][i]);
        }
    }
    CheckPairing(t, target, f.def);
    std::set<std::string> named;
    for (const assets::MoveSounds& m : f.moveSounds) {
        if (!m.start.empty()) named.insert(m.start);
        if (!m.hit.empty()) named.insert(m.hit);
    }
    const auto within = assets::ConfineTo(target.roots.ProjectDir());
    CheckSounds(t, target.roots.assetsDir + "/" + target.id + "/" + assets::FIGHTER_SFX_FOLDER, named,
                !options.allowOutsideLinks && within.Ok() ? &within.Value() : nullptr);
    return f.pixels;
}

}  // namespace

int RunLint(std::span<const std::string> args) {
    std::vector<std::string> dirs;
    assets::LoadOptions options;
    for (const std::string& arg : args) {
        if (arg == "--help" || arg == "-h") {
            std::printf("%s%s", LINT_USAGE, LINT_HELP);
            return EXIT_OK;
        }
        if (arg == "--allow-outside-links") {
            options.allowOutsideLinks = true;
            continue;
        }
        if (arg.rfind("--", 0) == 0) {
            std::fprintf(stderr, "hotmap lint: unknown option %s\n%s", game::Printable(arg).c_str(), LINT_USAGE);
            return EXIT_USAGE;
        }
        dirs.push_back(arg);
    }
    if (dirs.empty()) {
        const auto project = DefaultProjectDir();
        if (!project.Ok()) {
            std::fprintf(stderr, "%s\n", project.GetError().ToLine().c_str());
            return EXIT_DATA;
        }
        dirs.push_back(project.Value());
    }
    // Always say which folders are checked: "0 errors" means nothing without the place.
    for (const std::string& dir : dirs) std::printf("lint: checking %s\n", game::PrintablePath(dir).c_str());
    Tally tally;
    for (const std::string& dir : dirs) {
        const auto targets = ResolveFighters(dir);
        if (!targets.Ok()) {
            Fail(tally, targets.GetError().ToLine());
            continue;
        }
        options.otherFightersPixels = 0;  // each project folder has its own budget
        for (const FighterTarget& target : targets.Value())
            options.otherFightersPixels += LintFighter(tally, target, options);
        // A project folder's shared sounds and music (a fighter's folder alone has none).
        if (!targets.Value().empty() && std::filesystem::is_directory(dir + "/assets")) {
            const auto within = assets::ConfineTo(dir);
            const assets::Confinement* confine = !options.allowOutsideLinks && within.Ok() ? &within.Value() : nullptr;
            CheckSounds(tally, dir + "/assets/sfx", {}, confine);
            CheckSounds(tally, dir + "/assets/music", {}, confine);
        }
    }
    std::printf("lint: %d fighter(s), %d frame(s): %d error(s), %d warning(s)\n", tally.fighters, tally.frames,
                tally.errors, tally.warnings);
    return tally.errors > 0 ? EXIT_DATA : EXIT_OK;
}

}  // namespace hotmap
