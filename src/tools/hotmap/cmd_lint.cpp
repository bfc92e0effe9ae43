// hotmap lint: checks fighters the way the game will load them, plus what an author gets wrong in
// a paint tool. Errors (the game would refuse the fighter) exit 1; warnings (it would load, but
// something looks accidental) exit 0.
#include "assets/files.h"
#include "assets/format.h"
#include "assets/sound.h"
#include "assets/stage.h"
#include "tools/hotmap/args.h"
#include "tools/hotmap/commands.h"
#include "tools/hotmap/lint.h"
#include "tools/hotmap/moves.h"
#include "tools/hotmap/project.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

namespace hotmap {

namespace {

constexpr const char* LINT_USAGE = "usage: hotmap lint [--verbose] [--alpha-min N] [--allow-outside-links] [DIR...]\n";
constexpr const char* LINT_HELP =
    "\n"
    "Checks every fighter in each DIR: a project folder (holding assets/ and hotmaps/) or one\n"
    "fighter's folder (assets/<name>/). Default: the project in the current folder, else the data\n"
    "installed beside the program (../share/hotmap-brawl); it prints the folders it checks.\n"
    "\n"
    "Errors (exit 1): everything the game refuses to load: a missing or broken PNG, a hotmap whose\n"
    "size differs from its sprite, a manifest error, an active frame without attack pixels (or\n"
    "without a hotmap: the hotmap is named), a hotmap that pairs with no frame.\n"
    "Warnings (exit 0), each with its fix: a frame without a hotmap (it falls back to its sprite),\n"
    "near-key colours (within 6 levels of FF00FF or FF0000: anti-aliasing or JPEG traces), edge\n"
    "pixels blended from a hurt colour towards FF00FF or FF0000, isolated single hot pixels, attack\n"
    "pixels on frames no move has active (with the move to add, or the active frames to widen), a\n"
    "fighter with no moves, an empty (fully transparent) frame, hurt over sprite pixels fainter than\n"
    "--alpha-min, a baked shadow (64 px or more of hurt over sprite pixels of alpha --alpha-min to\n"
    "--alpha-min + 16), hurt pixels more than 4 px outside the sprite's opaque area, a sprite with no\n"
    "transparent pixel (colour-keyed art), a projectile without its own anchor or that does not\n"
    "loop, a sprite no animation uses, any other file in a fighter's folders that pairs with nothing\n"
    "(with the name it probably meant).\n"
    "  --alpha-min N   1-255, default 128: the least sprite alpha that is body, as import's and\n"
    "                  template's\n"
    "Every error and warning of every fighter is reported in one run, at most 10 lines of a kind\n"
    "per fighter (a line then counts the rest). --verbose also prints each fighter's name, credits\n"
    "and license.\n"
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
// A baked shadow: this many hurt pixels over sprite pixels just opaque enough to count as body
// (alpha from --alpha-min to --alpha-min + SHADOW_BAND). A painted body has a few such pixels on
// its anti-aliased edge; a translucent shadow has hundreds at one alpha.
constexpr int SHADOW_MIN_PX = 64;
constexpr int SHADOW_BAND = 16;

// The loader's warning for attack pixels off every move's active frames: lint says it again
// with the fix (the move to add, the frames to widen) and drops the loader's.
constexpr const char* UNUSED_ATTACK = "attack pixels on a frame no move has active: the game ignores them";

// Lines of one kind a fighter prints before the rest are only counted: a sheet imported wrong
// repeats one mistake on every frame, and the first few say what it is.
constexpr int MAX_LINES_PER_KIND = 10;

struct Tally {
    /// The least sprite alpha that is body (--alpha-min).
    int alphaMin = assets::TEMPLATE_ALPHA_MIN;
    int errors = 0;
    int warnings = 0;
    int fighters = 0;
    int frames = 0;
    /// Lines printed per kind for the fighter being linted (reset for each fighter).
    std::map<std::string, int> perKind;
    int hidden = 0;
};

// A line's kind for the cap: an error's code, a warning's message without its numbers and after
// its first 24 letters (each check's sentence starts the same way every time).
std::string KindOf(const std::string& message) {
    std::string kind;
    for (const char c : message) {
        if (c < '0' || c > '9') kind += c;
        if (kind.size() >= 24) break;
    }
    return kind;
}

bool Shown(Tally& t, const std::string& kind) {
    if (++t.perKind[kind] <= MAX_LINES_PER_KIND) return true;
    ++t.hidden;
    return false;
}

void Warn(Tally& t, const std::string& file, const std::string& message) {
    ++t.warnings;
    // Appended, not "w" + std::string&&: GCC 12 at -O3 misreads that (-Wrestrict).
    if (Shown(t, std::string("w").append(KindOf(message))))
        std::fprintf(stderr, "%s\n", assets::Warning{file, message}.ToLine().c_str());
}

void Fail(Tally& t, const assets::Error& e) {
    ++t.errors;
    if (Shown(t, std::string("e").append(std::to_string(static_cast<int>(e.code))).append(KindOf(e.message))))
        std::fprintf(stderr, "%s\n", e.ToLine().c_str());
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

// Pixel checks on one frame's masks: lonely hot pixels, hurt far from anything the sprite draws,
// hurt over pixels too faint to see.
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
    const auto alphaAt = [&](int x, int y) {
        return x >= 0 && y >= 0 && x < sprite.widthPx && y < sprite.heightPx
                   ? sprite.rgba[(static_cast<std::size_t>(y) * sprite.widthPx + x) * 4 + 3]
                   : 0;
    };
    // "Opaque" is what a player sees: at least --alpha-min, as the template reads it (an alpha-1
    // stray pixel or a faint shadow is not a body).
    const auto opaque = [&](int x, int y) { return alphaAt(x, y) >= t.alphaMin; };
    // Distance to the nearest opaque sprite pixel, Chebyshev, capped: a square search is plenty
    // for a 4 px radius.
    int far = 0, farX = 0, farY = 0, faint = 0, faintX = 0, faintY = 0, faintAlpha = 0;
    for (int y = 0; y < frame.heightPx; ++y) {
        for (int x = 0; x < frame.widthPx; ++x) {
            if (!frame.masks.hurt.Get(x, y)) continue;
            const int alpha = alphaAt(x, y);
            if (alpha > 0 && alpha < t.alphaMin) {
                if (faint++ == 0) faintX = x, faintY = y, faintAlpha = alpha;
                continue;
            }
            bool close = false;
            for (int dy = -FAR_OUTSIDE_PX; dy <= FAR_OUTSIDE_PX && !close; ++dy)
                for (int dx = -FAR_OUTSIDE_PX; dx <= FAR_OUTSIDE_PX && !close; ++dx) close = opaque(x + dx, y + dy);
            if (!close && far++ == 0) farX = x, farY = y;
        }
    }
    if (faint > 0) {
        Warn(t, file,
             std::to_string(faint) + " hurt pixel(s) over sprite pixels fainter than alpha " +
                 std::to_string(t.alphaMin) + ", e.g. at " + At(faintX, faintY) + " (alpha " +
                 std::to_string(faintAlpha) +
                 "): a shadow or stray pixels the player cannot see (hotmap template --alpha-min)");
    }
    if (far > 0) {
        Warn(t, file,
             std::to_string(far) + " hurt pixel(s) more than " + std::to_string(FAR_OUTSIDE_PX) +
                 " px outside the sprite's opaque area, e.g. at " + At(farX, farY) +
                 ": a hurt area the player cannot see (use attack FF0000 for invisible hits)");
    }
}

// A sprite with no transparent pixel at all is almost always colour-keyed art whose background
// the game would draw.
void CheckTransparency(Tally& t, const std::string& file, const assets::Image& sprite) {
    for (std::size_t i = 3; i < sprite.rgba.size(); i += 4) {
        if (sprite.rgba[i] != 255) return;
    }
    char corner[8];
    std::snprintf(corner, sizeof corner, "%02X%02X%02X", sprite.rgba[0], sprite.rgba[1], sprite.rgba[2]);
    Warn(t, file,
         std::string("no transparent pixel: a colour-keyed sprite? the game draws its background (the corner is ") +
             corner + "); make it alpha 0 with hotmap import or template --sprite-key " + corner);
}

// A frame with nothing to see: an empty cell of a sheet, a frame exported from a hidden layer.
void CheckEmpty(Tally& t, const std::string& file, const assets::Image& sprite) {
    for (std::size_t i = 3; i < sprite.rgba.size(); i += 4) {
        if (sprite.rgba[i] != 0) return;
    }
    Warn(t, file,
         "an empty frame: every pixel is transparent (an empty cell of the sheet?); map cells that hold art "
         "(hotmap import --map), or draw it");
}

// Hurt over a translucent region just opaque enough to pass --alpha-min: a shadow baked into the
// sprite, which a starter hotmap made body.
void CheckShadow(Tally& t, const std::string& file, const game::FrameDef& frame, const assets::Image& sprite) {
    int count = 0, lo = 255, hi = 0;
    for (int y = 0; y < frame.heightPx && y < sprite.heightPx; ++y) {
        for (int x = 0; x < frame.widthPx && x < sprite.widthPx; ++x) {
            if (!frame.masks.hurt.Get(x, y)) continue;
            const int alpha = sprite.rgba[(static_cast<std::size_t>(y) * sprite.widthPx + x) * 4 + 3];
            if (alpha < t.alphaMin || alpha > t.alphaMin + SHADOW_BAND) continue;
            ++count, lo = std::min(lo, alpha), hi = std::max(hi, alpha);
        }
    }
    if (count < SHADOW_MIN_PX) return;
    Warn(t, file,
         "looks like a baked shadow: " + std::to_string(count) + " px at alpha " + std::to_string(lo) + "-" +
             std::to_string(hi) + " counted as body; raise --alpha-min above " + std::to_string(hi) +
             " (hotmap import --update, hotmap template --force) or erase it from the hotmap");
}

// Is `p` a blend of `from` towards `to` (a weight between 15 % and 85 %, within a few levels)?
bool IsBlend(const std::uint8_t* p, const std::uint8_t* from, const collide::Rgb& to) {
    const int d[3] = {to.r - from[0], to.g - from[1], to.b - from[2]};
    const int q[3] = {p[0] - from[0], p[1] - from[1], p[2] - from[2]};
    const int len2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    if (len2 == 0) return false;
    const double w = static_cast<double>(q[0] * d[0] + q[1] * d[1] + q[2] * d[2]) / len2;
    if (w < 0.15 || w > 0.85) return false;
    double off = 0;
    for (int c = 0; c < 3; ++c) off += (q[c] - w * d[c]) * (q[c] - w * d[c]);
    return off <= 3.0 * NEAR_LEVELS * NEAR_LEVELS;
}

// Edge pixels that are a blend of a neighbouring hurt colour with the air or attack colour: an
// anti-aliased brush. They count as hurt (a halo), and a blend towards red is not attack. A blend
// of two hurt colours is not looked for: any hurt colour is hurt.
void CheckBlends(Tally& t, const std::string& file, const assets::Image& hotmap) {
    const auto px = [&](int x, int y) {
        return hotmap.rgba.data() + (static_cast<std::size_t>(y) * hotmap.widthPx + x) * 4;
    };
    const auto isKey = [](const std::uint8_t* p) { return p[3] == 0 || (p[0] == 255 && p[1] == 0 && p[2] == 255); };
    const auto isAttack = [](const std::uint8_t* p) { return p[3] != 0 && p[0] == 255 && p[1] == 0 && p[2] == 0; };
    int count = 0, exX = 0, exY = 0;
    char sample[8] = "";
    const char* towards = "";
    constexpr int DX[4] = {1, -1, 0, 0}, DY[4] = {0, 0, 1, -1};
    for (int y = 0; y < hotmap.heightPx; ++y) {
        for (int x = 0; x < hotmap.widthPx; ++x) {
            const std::uint8_t* p = px(x, y);
            if (isKey(p) || isAttack(p)) continue;
            bool nextToKey = false, nextToAttack = false;
            for (int k = 0; k < 4; ++k) {
                const int nx = x + DX[k], ny = y + DY[k];
                if (nx < 0 || ny < 0 || nx >= hotmap.widthPx || ny >= hotmap.heightPx) continue;
                nextToKey = nextToKey || isKey(px(nx, ny));
                nextToAttack = nextToAttack || isAttack(px(nx, ny));
            }
            if (!nextToKey && !nextToAttack) continue;
            const char* found = nullptr;
            for (int k = 0; k < 4 && found == nullptr; ++k) {
                const int nx = x + DX[k], ny = y + DY[k];
                if (nx < 0 || ny < 0 || nx >= hotmap.widthPx || ny >= hotmap.heightPx) continue;
                const std::uint8_t* n = px(nx, ny);
                if (isKey(n) || isAttack(n) || std::equal(n, n + 3, p)) continue;
                if (nextToKey && IsBlend(p, n, collide::KEY_MAGENTA)) found = "FF00FF (air)";
                if (!found && nextToAttack && IsBlend(p, n, collide::ATTACK_RED)) found = "FF0000 (attack)";
            }
            if (found != nullptr && count++ == 0) {
                exX = x, exY = y, towards = found;
                std::snprintf(sample, sizeof sample, "%02X%02X%02X", p[0], p[1], p[2]);
            }
        }
    }
    if (count > 0) {
        Warn(t, file,
             std::to_string(count) + " edge pixel(s) blended from a hurt colour towards " + towards + ", e.g. " +
                 sample + " at " + At(exX, exY) +
                 ": anti-aliasing counts as hurt (and never as attack); paint with a pencil, no smoothing");
    }
}

// Lower-case, for comparing names the way a careless save differs.
std::string Lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Levenshtein distance, for "did you mean": names are short.
std::size_t Distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

// " (did you mean NAME?)" for the expected frame name closest to `file`: the same name in another
// case or with another extension, else one within 2 edits of its stem; "" when none is close.
std::string Suggest(const std::string& file, const std::set<std::string>& used) {
    namespace fs = std::filesystem;
    const std::string stem = Lower(fs::path(file).stem().string());
    std::string best;
    std::size_t bestDistance = 3;
    for (const std::string& name : used) {
        const std::size_t d = Distance(stem, Lower(fs::path(name).stem().string()));
        if (d < bestDistance) best = name, bestDistance = d;
    }
    return best.empty() ? "" : " (did you mean " + best + "?)";
}

// Files in the fighter's folders that no frame uses: a hotmap PNG is an error (its sprite's name is
// probably misspelt), a sprite PNG a warning, any other file (a JPEG, a capitalised name) a warning
// too: the game reads only <animation>_<nn>.png and would silently ignore it.
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
            std::error_code e2;
            if (it->is_directory(e2)) continue;  // sfx/ and an author's own folders
            files.push_back(it->path().filename().string());
        }
        std::sort(files.begin(), files.end());
        for (const std::string& f : files) {
            if (used.count(f) != 0) continue;
            if (!hotmaps && f == assets::MANIFEST_FILE_NAME) continue;
            const std::string path = (dir / f).string();
            const std::string hint = Suggest(f, used);
            if (fs::path(f).extension() != ".png") {
                Warn(t, path,
                     "pairs with nothing: the game reads only <animation>_<nn>.png and ignores this file" + hint);
            } else if (hotmaps) {
                Fail(t, assets::Error{assets::ErrorCode::ManifestRule, path,
                                      "pairs with no frame of " +
                                          game::PrintablePath(target.roots.assetsDir + "/" + target.id) +
                                          "/fighter.json (frames are <animation>_<nn>.png; a misspelt name?)" + hint});
            } else {
                Warn(t, path, "no animation uses this sprite" + hint);
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
        if (!sound.Ok()) Fail(t, sound.GetError());
    }
}

// The fighter's manifest as a document (what the definition does not keep: which anchors are
// given), or nothing when it does not read.
std::optional<assets::Manifest> ReadDocument(const FighterTarget& target, bool allowOutsideLinks) {
    const std::string path = target.roots.assetsDir + "/" + target.id + "/" + assets::MANIFEST_FILE_NAME;
    // Confined as the loader reads it: a fighter refused for a link out of the project is not read.
    const auto within = assets::ConfineTo(target.roots.ProjectDir());
    if (!allowOutsideLinks && !within.Ok()) return std::nullopt;
    const auto text = assets::ReadInputFile(path, assets::limits::MANIFEST_BYTES, "a manifest",
                                            allowOutsideLinks ? nullptr : &within.Value());
    if (!text.Ok()) return std::nullopt;
    auto manifest = assets::ReadManifest(std::string(text.Value().begin(), text.Value().end()), path);
    if (!manifest.Ok()) return std::nullopt;
    return std::move(manifest).Value();
}

// The frames a fighter's manifest lists when the fighter failed to load as a whole (a rule between
// fields, a pixel budget): the summary still counts what was looked at. 0 when it does not parse.
int ManifestFrames(const FighterTarget& target, bool allowOutsideLinks) {
    const auto manifest = ReadDocument(target, allowOutsideLinks);
    int frames = 0;
    if (manifest)
        for (const assets::ManifestAnimation& a : manifest->animations) frames += static_cast<int>(a.frames.size());
    return frames;
}

// A projectile's animation needs its own anchor (the fighter's sits at its feet, far below a
// small projectile's picture) and a loop (it flies as long as it lives).
void CheckProjectiles(Tally& t, const std::string& manifestPath, const assets::Manifest& doc,
                      const game::FighterDef& def) {
    std::set<std::string> seen;
    for (const assets::ManifestMove& m : doc.moves) {
        if (!m.projectile || !seen.insert(m.projectile->animation).second) continue;
        const auto anim =
            std::find_if(doc.animations.begin(), doc.animations.end(),
                         [&](const assets::ManifestAnimation& a) { return a.name == m.projectile->animation; });
        const std::int32_t index = def.FindAnimation(m.projectile->animation);
        if (anim == doc.animations.end() || index < 0) continue;
        const game::AnimationDef& played = def.animations[static_cast<std::size_t>(index)];
        const std::string at = "animations." + game::Printable(anim->name);
        const bool ownAnchor =
            anim->anchorGiven || std::all_of(anim->frames.begin(), anim->frames.end(),
                                             [](const assets::ManifestFrame& f) { return f.anchorPx.has_value(); });
        if (!ownAnchor && !played.frames.empty()) {
            const game::FrameDef& f0 = played.frames[0];
            Warn(t, manifestPath,
                 at + " (moves." + game::Printable(m.name) +
                     "'s projectile) has no anchor of its own: it takes the fighter's [" +
                     std::to_string(f0.anchorPx.x) + ", " + std::to_string(f0.anchorPx.y) +
                     "] and flies that far off its spawn point; give it its centre: \"anchor\": [" +
                     std::to_string(f0.widthPx / 2) + ", " + std::to_string(f0.heightPx / 2) +
                     "] (or hotmap import --anchor " + game::Printable(anim->name) + "=X,Y)");
        }
        if (!anim->loop) {
            Warn(t, manifestPath,
                 at + ".loop is false: the projectile (moves." + game::Printable(m.name) +
                     ") stops on its last frame while it flies; set \"loop\": true");
        }
    }
}

// Attack pixels on a frame no move has active, each with its fix: the move to add when no move
// plays the animation (the stub `hotmap moves --suggest` writes), the active frames to widen when
// one does.
void CheckUnusedAttack(Tally& t, const FighterTarget& target, const assets::Manifest& doc,
                       const game::FighterDef& def) {
    std::vector<std::vector<char>> active(def.animations.size());
    std::vector<char> projectile(def.animations.size(), 0);
    AttackFrames attack;
    for (std::size_t a = 0; a < def.animations.size(); ++a) {
        active[a].assign(def.animations[a].frames.size(), 0);
        for (const game::FrameDef& f : def.animations[a].frames)
            attack[def.animations[a].name].push_back(!f.masks.attack.IsEmpty());
    }
    for (const game::MoveDef& m : def.moves) {
        if (m.projectile && m.projectile->animation >= 0)
            projectile[static_cast<std::size_t>(m.projectile->animation)] = 1;
        if (m.animation < 0 || m.activeFirst < 0) continue;
        auto& frames = active[static_cast<std::size_t>(m.animation)];
        for (std::int32_t f = m.activeFirst; f <= m.activeLast && static_cast<std::size_t>(f) < frames.size(); ++f)
            frames[static_cast<std::size_t>(f)] = 1;
    }
    const std::vector<MoveSuggestion> suggestions = SuggestMoves(doc, attack);
    const std::string dir = game::PrintablePath(target.roots.assetsDir + "/" + target.id);
    for (std::size_t a = 0; a < def.animations.size(); ++a) {
        const game::AnimationDef& anim = def.animations[a];
        const std::vector<bool>& hot = attack[anim.name];
        for (std::size_t f = 0; f < anim.frames.size(); ++f) {
            if (!hot[f] || active[a][f] || projectile[a]) continue;
            std::string fix;
            const auto player = std::find_if(def.moves.begin(), def.moves.end(), [&](const game::MoveDef& m) {
                return m.animation == static_cast<std::int32_t>(a) && m.activeFirst >= 0;
            });
            const auto stub = std::find_if(suggestions.begin(), suggestions.end(),
                                           [&](const MoveSuggestion& s) { return s.animation == anim.name; });
            if (player != def.moves.end()) {
                const auto first =
                    static_cast<std::size_t>(std::min<std::int32_t>(player->activeFirst, static_cast<std::int32_t>(f)));
                const auto last =
                    static_cast<std::size_t>(std::max<std::int32_t>(player->activeLast, static_cast<std::int32_t>(f)));
                const auto gap = std::find(hot.begin() + static_cast<std::ptrdiff_t>(first),
                                           hot.begin() + static_cast<std::ptrdiff_t>(last) + 1, false);
                fix = gap == hot.begin() + static_cast<std::ptrdiff_t>(last) + 1
                          ? "widen moves." + game::Printable(player->name) + ".active to [" + std::to_string(first) +
                                ", " + std::to_string(last) + "]"
                          : "erase them: moves." + game::Printable(player->name) +
                                "'s active frames are one run, and frame " + std::to_string(gap - hot.begin()) +
                                " between has no attack pixel";
            } else if (stub != suggestions.end() && !stub->move.name.empty()) {
                const auto& range = *stub->move.active;
                fix = static_cast<std::int32_t>(f) <= range[1]
                          ? "add to fighter.json's \"moves\": " + MoveJsonLine(stub->move) + " (hotmap moves " + dir +
                                " --suggest adds it)"
                          : "erase them: the move hotmap moves --suggest makes for " + game::Printable(anim.name) +
                                " has frames " + std::to_string(range[0]) + "-" + std::to_string(range[1]) +
                                " active, one run, and this frame comes after a frame without attack pixels";
            } else if (stub != suggestions.end()) {
                fix = stub->note;
            } else {
                fix = "erase them: " + game::Printable(anim.name) + " is played by no move (and cannot be)";
            }
            Warn(t, target.roots.hotmapsDir + "/" + target.id + "/" + assets::FrameFileName(anim.name, f),
                 std::string(UNUSED_ATTACK) + "; " + fix);
        }
    }
}

// Lints one fighter; returns its pixels (0 when it fails to load), which count against the project's
// budget for the fighters after it, as the game counts them. Every error of the fighter is reported,
// not only the first (LoadOptions::collectErrors).
std::int64_t LintFighter(Tally& t, const FighterTarget& target, assets::LoadOptions options, bool verbose) {
    ++t.fighters;
    t.perKind.clear();
    t.hidden = 0;
    options.keepHotmapImages = true;
    options.collectErrors = true;
    const auto loaded = assets::LoadFighter(target.roots, target.id, options);
    if (!loaded.Ok()) {
        Fail(t, loaded.GetError());
        t.frames += ManifestFrames(target, options.allowOutsideLinks);
        return 0;
    }
    const assets::LoadedFighter& f = loaded.Value();
    if (verbose) {
        std::printf("lint: %s: \"%s\"%s%s\n", game::Printable(target.id).c_str(),
                    game::Printable(f.def.displayName).c_str(),
                    f.credits.empty() ? "" : (", credits: " + game::Printable(f.credits)).c_str(),
                    f.license.empty() ? "" : (", license: " + game::Printable(f.license)).c_str());
    }
    for (const assets::Error& e : f.errors) Fail(t, e);
    for (const assets::Warning& w : f.warnings)
        if (w.message != UNUSED_ATTACK) Warn(t, w.file, w.message);
    if (const auto doc = ReadDocument(target, options.allowOutsideLinks)) {
        if (doc->moves.empty()) {
            Warn(t, f.manifestPath,
                 "no moves: the fighter cannot attack; paint FF0000 where its frames strike (in their hotmaps), then "
                 "hotmap moves " +
                     game::PrintablePath(target.roots.assetsDir + "/" + target.id) + " --suggest");
        }
        CheckProjectiles(t, f.manifestPath, *doc, f.def);
        CheckUnusedAttack(t, target, *doc, f.def);
    }
    for (std::size_t a = 0; a < f.def.animations.size(); ++a) {
        const game::AnimationDef& anim = f.def.animations[a];
        for (std::size_t i = 0; i < anim.frames.size(); ++i) {
            ++t.frames;
            if (f.sprites[a][i].widthPx == 0) continue;  // its error is reported above
            const std::string name = assets::FrameFileName(anim.name, i);
            const std::string hotmapPath = target.roots.hotmapsDir + "/" + target.id + "/" + name;
            const std::string spritePath = target.roots.assetsDir + "/" + target.id + "/" + name;
            CheckTransparency(t, spritePath, f.sprites[a][i]);
            CheckEmpty(t, spritePath, f.sprites[a][i]);
            CheckShadow(t, anim.frames[i].hotmapFromSprite ? spritePath : hotmapPath, anim.frames[i], f.sprites[a][i]);
            if (!anim.frames[i].hotmapFromSprite) {
                CheckColours(t, hotmapPath, f.hotmaps[a][i]);
                CheckBlends(t, hotmapPath, f.hotmaps[a][i]);
            }
            CheckShapes(t, anim.frames[i].hotmapFromSprite ? spritePath : hotmapPath, anim.frames[i], f.sprites[a][i]);
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
    if (t.hidden > 0) {
        std::fprintf(stderr, "lint: %s: %d more line(s) of kinds already shown %d times, not printed\n",
                     game::Printable(target.id).c_str(), t.hidden, MAX_LINES_PER_KIND);
    }
    return f.errors.empty() ? f.pixels : 0;
}

}  // namespace

LintCounts LintFighterDir(const std::string& fighterDir, int alphaMin) {
    Tally tally;
    tally.alphaMin = alphaMin;
    const auto targets = ResolveFighters(fighterDir);
    if (!targets.Ok()) {
        Fail(tally, targets.GetError());
    } else {
        for (const FighterTarget& target : targets.Value()) LintFighter(tally, target, {}, false);
    }
    return {tally.errors, tally.warnings};
}

// A project's stages (assets/stages/, docs/stages.md): each one loaded as the game loads it, every
// problem one line; a broken stage never keeps the others from being checked.
void LintStages(Tally& t, const std::string& projectDir, bool allowOutsideLinks) {
    const assets::AssetRoots roots = assets::AssetRoots::Under(projectDir);
    if (!std::filesystem::is_directory(roots.assetsDir + "/" + assets::STAGES_FOLDER)) return;
    std::vector<assets::Error> problems;
    const std::vector<std::string> ids = assets::ListStages(roots, &problems);
    for (const std::string& id : ids) (void)assets::LoadStage(roots, id, allowOutsideLinks, &problems);
    for (const assets::Error& e : problems) Fail(t, e);
    std::printf("lint: %zu stage(s) in %s\n", ids.size(),
                game::PrintablePath(roots.assetsDir + "/" + assets::STAGES_FOLDER).c_str());
}

int RunLint(std::span<const std::string> args) {
    std::vector<std::string> dirs;
    assets::LoadOptions options;
    bool verbose = false;
    Tally tally;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--help" || arg == "-h") {
            std::printf("%s%s", LINT_USAGE, LINT_HELP);
            return EXIT_OK;
        }
        if (arg == "--alpha-min") {
            const auto n = i + 1 < args.size() ? ParseInt32(args[++i]) : std::nullopt;
            if (!n || *n < 1 || *n > 255) {
                std::fprintf(stderr, "hotmap lint: --alpha-min wants a whole number 1-255\n%s", LINT_USAGE);
                return EXIT_USAGE;
            }
            tally.alphaMin = *n;
            continue;
        }
        if (arg == "--verbose" || arg == "-v") {
            verbose = true;
            continue;
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
    for (const std::string& dir : dirs) {
        const auto targets = ResolveFighters(dir);
        if (!targets.Ok()) {
            Fail(tally, targets.GetError());
            continue;
        }
        options.otherFightersPixels = 0;  // each project folder has its own budget
        for (const FighterTarget& target : targets.Value())
            options.otherFightersPixels += LintFighter(tally, target, options, verbose);
        // A project folder's shared sounds and music (a fighter's folder alone has none).
        if (!targets.Value().empty() && std::filesystem::is_directory(dir + "/assets")) {
            const auto within = assets::ConfineTo(dir);
            const assets::Confinement* confine = !options.allowOutsideLinks && within.Ok() ? &within.Value() : nullptr;
            CheckSounds(tally, dir + "/assets/sfx", {}, confine);
            CheckSounds(tally, dir + "/assets/music", {}, confine);
        }
        LintStages(tally, dir, options.allowOutsideLinks);
    }
    std::printf("lint: %d fighter(s), %d frame(s): %d error(s), %d warning(s)\n", tally.fighters, tally.frames,
                tally.errors, tally.warnings);
    return tally.errors > 0 ? EXIT_DATA : EXIT_OK;
}

}  // namespace hotmap
