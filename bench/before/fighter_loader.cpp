// `before`: the fighter loader as it was before issue 41 (one thread, every frame read, decoded and
// masked in turn), kept so that bench_load measures the new loader against it in one run and the
// tests check that both give the same frames, masks and definitions. Our own code, copied from
// src/assets/fighter_loader.cpp at that commit; ListFighters and AssetRoots stay the library's.
// Never used by the game.
#include "before/fighter_loader.h"

#include "assets/assets.h"
#include "assets/files.h"
#include "assets/format.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <new>

namespace before {

using namespace assets;

namespace {

namespace fs = std::filesystem;

std::string SizeText(const Image& img) {
    return std::to_string(img.widthPx) + "x" + std::to_string(img.heightPx);
}

// The HGE seed's fallback: with no hotmap, the sprite's opaque pixels are hurt (none attack), even
// where the sprite happens to be red or magenta.
collide::HotMasks MasksFromSprite(const Image& sprite) {
    Image copy = sprite;
    for (std::size_t i = 0; i < copy.rgba.size(); i += 4) {
        if (copy.rgba[i + 3] != 0) {
            copy.rgba[i] = 0x40, copy.rgba[i + 1] = 0x40, copy.rgba[i + 2] = 0x40;
        }
    }
    return collide::BuildHotMasks(copy.View());
}

// Which frames some move has active, and which animations are projectiles': looked up once per
// frame, so built once (linear in moves and frames, whatever their numbers).
struct FrameRoles {
    std::vector<std::vector<char>> active;  ///< [animation][frame]
    std::vector<char> projectile;           ///< [animation]
};

FrameRoles RolesOf(const game::FighterDef& def) {
    FrameRoles roles;
    roles.projectile.assign(def.animations.size(), 0);
    for (const game::AnimationDef& anim : def.animations) roles.active.emplace_back(anim.frames.size(), 0);
    const auto valid = [&](std::int32_t a) { return a >= 0 && static_cast<std::size_t>(a) < def.animations.size(); };
    for (const game::MoveDef& m : def.moves) {
        if (valid(m.animation) && m.activeFirst >= 0) {
            auto& frames = roles.active[static_cast<std::size_t>(m.animation)];
            for (auto f = static_cast<std::size_t>(m.activeFirst);
                 f <= static_cast<std::size_t>(m.activeLast) && f < frames.size(); ++f)
                frames[f] = 1;
        }
        if (m.projectile && valid(m.projectile->animation))
            roles.projectile[static_cast<std::size_t>(m.projectile->animation)] = 1;
    }
    return roles;
}

// The bytes a PNG header needs: the signature and the whole IHDR chunk.
constexpr std::size_t PNG_HEAD_BYTES = 8 + 12 + 13;

std::string Count(std::int64_t n) {
    return std::to_string(n);
}

}  // namespace

namespace {

Result<LoadedBefore> LoadFighterOrThrow(const AssetRoots& roots, const std::string& id, const LoadOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    const std::string spriteDir = roots.assetsDir + "/" + id;
    const std::string hotmapDir = roots.hotmapsDir + "/" + id;
    LoadedFighter out;
    std::vector<std::vector<Image>> altSprites;  // made at load, as they were
    out.manifestPath = spriteDir + "/" + MANIFEST_FILE_NAME;

    if (!EntryExists(spriteDir)) return Error{ErrorCode::FileMissing, spriteDir, "no such fighter folder"};
    std::optional<Confinement> confinement;
    if (!options.allowOutsideLinks) {
        auto c = ConfineTo(roots.ProjectDir());
        if (!c.Ok()) return c.GetError();
        confinement = std::move(c).Value();
        // A fighter's folder (or its hotmaps') linked from outside is refused by its link, before
        // anything in the folder it leads to is opened.
        for (const std::string& dir : {spriteDir, hotmapDir})
            if (auto outside = RefuseOutside(dir, *confinement)) return *outside;
    }
    const Confinement* within = confinement ? &*confinement : nullptr;
    std::error_code ec;
    if (!fs::is_directory(spriteDir, ec)) {
        return Error{ErrorCode::FileMissing, spriteDir, "no such fighter folder"};
    }
    auto text = ReadInputFile(out.manifestPath, limits::MANIFEST_BYTES, "a manifest", within);
    if (!text.Ok()) {
        return text.GetError();
    }
    auto manifest = ReadManifest(std::string(text.Value().begin(), text.Value().end()), out.manifestPath);
    if (!manifest.Ok()) {
        return manifest.GetError();
    }
    auto parsed = ManifestToDef(manifest.Value(), id, out.manifestPath);
    if (!parsed.Ok()) {
        return parsed.GetError();
    }
    text = std::vector<std::uint8_t>{};
    out.def = std::move(parsed).Value();
    for (const ManifestMove& m : manifest.Value().moves) out.moveSounds.push_back({m.sound, m.hitSound});
    out.credits = manifest.Value().credits;
    out.license = manifest.Value().license;
    // The mirror match's colours: the palette's exact swaps, else the alternate shift (by default
    // a half turn of the hue), so two alike fighters never look the same.
    const ManifestAlternate alternate = manifest.Value().alternate.value_or(DEFAULT_ALTERNATE);
    const auto alternateOf = [&](const Image& sprite) {
        return out.def.palette.empty() ? ApplyAlternate(sprite, alternate) : ApplyPalette(sprite, out.def.palette);
    };
    game::FighterDef& def = out.def;
    const auto spritePathOf = [&](const game::AnimationDef& anim, std::size_t f) {
        return spriteDir + "/" + FrameFileName(anim.name, f);
    };
    // A frame's error ends the load, or with collectErrors is kept and the frame skipped.
    std::optional<Error> fatal;
    const auto frameError = [&](Error e) {
        if (!options.collectErrors) {
            fatal = std::move(e);
            return true;
        }
        // One cause can break every frame the same way (a hotmaps folder linked from outside the
        // project): said once.
        const bool again = std::any_of(out.errors.begin(), out.errors.end(), [&](const Error& seen) {
            return seen.file == e.file && seen.message == e.message;
        });
        if (!again) out.errors.push_back(std::move(e));
        return false;
    };
    const auto missingFrame = [&](Error e, const game::AnimationDef& anim, std::size_t f) {
        if (e.code == ErrorCode::FileMissing) {
            e.message = "no such file (frame " + std::to_string(f) + " of animation \"" + game::Printable(anim.name) +
                        "\" in " + game::PrintablePath(out.manifestPath) + ")";
        }
        return e;
    };

    // First every sprite's header: the frames' sizes, so that a fighter (or a project) over its
    // pixel budget is refused before a single frame is decoded.
    std::vector<std::vector<PngSize>> sizes(def.animations.size());
    for (std::size_t a = 0; a < def.animations.size(); ++a) {
        const game::AnimationDef& anim = def.animations[a];
        for (std::size_t f = 0; f < anim.frames.size(); ++f) {
            const std::string spritePath = spritePathOf(anim, f);
            const auto head = ReadInputHead(spritePath, PNG_HEAD_BYTES, limits::PNG_FILE_BYTES, "a PNG", within);
            const auto size = head.Ok() ? ReadPngSize(head.Value().data(), head.Value().size(), spritePath)
                                        : Result<PngSize>(missingFrame(head.GetError(), anim, f));
            if (!size.Ok()) {
                if (frameError(size.GetError())) return *fatal;
                sizes[a].push_back({0, 0});  // skipped below
                continue;
            }
            sizes[a].push_back(size.Value());
            out.pixels += std::int64_t{size.Value().widthPx} * size.Value().heightPx;
            if (out.pixels > limits::PIXELS_PER_FIGHTER) {
                return Error{ErrorCode::TooLarge, spritePath,
                             "the fighter's frames come to " + Count(out.pixels) +
                                 " pixels with this one, over the budget of " + Count(limits::PIXELS_PER_FIGHTER) +
                                 " pixels per fighter"};
            }
            if (options.otherFightersPixels + out.pixels > limits::PIXELS_PER_PROJECT) {
                return Error{ErrorCode::TooLarge, spritePath,
                             "the project's fighters come to " + Count(options.otherFightersPixels + out.pixels) +
                                 " pixels with this frame, over the budget of " + Count(limits::PIXELS_PER_PROJECT) +
                                 " pixels per project"};
            }
        }
    }

    const FrameRoles roles = RolesOf(def);
    out.sprites.resize(def.animations.size());
    altSprites.resize(def.animations.size());
    if (options.keepHotmapImages) out.hotmaps.resize(def.animations.size());
    for (std::size_t a = 0; a < def.animations.size(); ++a) {
        game::AnimationDef& anim = def.animations[a];
        const bool projectile = roles.projectile[a] != 0;
        for (std::size_t f = 0; f < anim.frames.size(); ++f) {
            game::FrameDef& frame = anim.frames[f];
            const std::string spritePath = spritePathOf(anim, f);
            const std::string hotmapPath = hotmapDir + "/" + FrameFileName(anim.name, f);
            const bool active = roles.active[a][f] != 0;
            // A frame skipped after an error keeps the lists parallel with empty pictures.
            const auto placeholder = [&] {
                out.sprites[a].emplace_back();
                altSprites[a].emplace_back();
                if (options.keepHotmapImages) out.hotmaps[a].emplace_back();
            };
            const auto skip = [&](Error e) {
                if (frameError(std::move(e))) return true;
                placeholder();
                return false;
            };
            if (sizes[a][f].widthPx == 0) {  // its header's error is collected already
                placeholder();
                continue;
            }
            const auto spriteBytes = ReadInputFile(spritePath, limits::PNG_FILE_BYTES, "a PNG", within);
            if (!spriteBytes.Ok()) {
                if (skip(missingFrame(spriteBytes.GetError(), anim, f))) return *fatal;
                continue;
            }
            auto sprite = DecodePng(spriteBytes.Value().data(), spriteBytes.Value().size(), spritePath);
            if (!sprite.Ok()) {
                if (skip(sprite.GetError())) return *fatal;
                continue;
            }
            if (sprite.Value().widthPx != sizes[a][f].widthPx || sprite.Value().heightPx != sizes[a][f].heightPx) {
                // Rewritten between its header and its pixels (a hot reload mid-save): not this time.
                if (skip(Error{ErrorCode::FileUnreadable, spritePath,
                               "changed while the fighter was loading (rewritten): it is read again on the next "
                               "change"}))
                    return *fatal;
                continue;
            }
            frame.widthPx = sprite.Value().widthPx;
            frame.heightPx = sprite.Value().heightPx;
            Image hotmapImage;
            // Only a hotmap that is not there at all falls back; one that is there but cannot be
            // read (a loop of links, no permission, a FIFO) is an error, reported by the reader.
            if (!EntryExists(hotmapPath)) {
                if (active || projectile) {
                    // Named by the hotmap it lacks, not by the sprite it would fall back to: the
                    // missing file is the mistake.
                    if (skip(Error{ErrorCode::FileMissing, hotmapPath,
                                   std::string("no such file: ") +
                                       (projectile ? "a projectile frame" : "an active frame") + " (frame " +
                                       std::to_string(f) + " of \"" + game::Printable(anim.name) +
                                       "\") needs a hotmap with attack pixels (hotmap template, then paint FF0000)"}))
                        return *fatal;
                    continue;
                }
                frame.hotmapFromSprite = true;
                frame.masks = MasksFromSprite(sprite.Value());
                out.warnings.push_back(
                    {hotmapPath,
                     "no hotmap: the frame falls back to its sprite (opaque pixels are hurt, none attack)"});
            } else {
                const auto hotmapBytes = ReadInputFile(hotmapPath, limits::PNG_FILE_BYTES, "a PNG", within);
                if (!hotmapBytes.Ok()) {
                    if (skip(hotmapBytes.GetError())) return *fatal;
                    continue;
                }
                // Its size from the header, before decoding: a 4096 x 4096 hotmap for a small sprite
                // is refused without its 64 MiB of pixels.
                const auto size = ReadPngSize(hotmapBytes.Value().data(), hotmapBytes.Value().size(), hotmapPath);
                if (!size.Ok()) {
                    if (skip(size.GetError())) return *fatal;
                    continue;
                }
                if (size.Value().widthPx != frame.widthPx || size.Value().heightPx != frame.heightPx) {
                    if (skip(Error{ErrorCode::SizeMismatch, hotmapPath,
                                   std::to_string(size.Value().widthPx) + "x" + std::to_string(size.Value().heightPx) +
                                       ", but its sprite is " + SizeText(sprite.Value()) +
                                       " (a hotmap is the same size as its sprite)"}))
                        return *fatal;
                    continue;
                }
                auto hotmap = DecodePng(hotmapBytes.Value().data(), hotmapBytes.Value().size(), hotmapPath);
                if (!hotmap.Ok()) {
                    if (skip(hotmap.GetError())) return *fatal;
                    continue;
                }
                frame.masks = collide::BuildHotMasks(hotmap.Value().View());
                hotmapImage = std::move(hotmap).Value();
            }
            const bool hasAttack = !frame.masks.attack.IsEmpty();
            if ((active || projectile) && !hasAttack) {
                if (frameError(Error{ErrorCode::ManifestRule, hotmapPath,
                                     std::string(projectile ? "a projectile frame" : "an active frame") + " (frame " +
                                         std::to_string(f) + " of \"" + game::Printable(anim.name) +
                                         "\") has no attack pixel: paint its striking part exactly FF0000"}))
                    return *fatal;
            }
            if (hasAttack && !active && !projectile) {
                out.warnings.push_back(
                    {hotmapPath, "attack pixels on a frame no move has active: the game ignores them"});
            }
            altSprites[a].push_back(alternateOf(sprite.Value()));
            out.sprites[a].push_back(std::move(sprite).Value());
            if (options.keepHotmapImages) out.hotmaps[a].push_back(std::move(hotmapImage));
        }
    }
    out.loadMilliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    return LoadedBefore{std::move(out), std::move(altSprites)};
}

}  // namespace

Result<LoadedBefore> LoadFighterBefore(const AssetRoots& roots, const std::string& id, const LoadOptions& options) {
    // Within its limits a fighter fits in memory; a machine short of it gets a line, not an abort.
    try {
        return LoadFighterOrThrow(roots, id, options);
    } catch (const std::bad_alloc&) {
        return Error{ErrorCode::TooLarge, roots.assetsDir + "/" + id,
                     "not enough memory to load this fighter (" + Count(limits::PIXELS_PER_FIGHTER) +
                         " pixels is the most a fighter may hold)"};
    }
}

}  // namespace before
