// A fighter folder -> LoadedFighter: the manifest, every frame's sprite and hotmap, the masks.
// All or nothing: the first problem returns an Error naming its file; a fighter is never
// half-loaded. Warnings (a frame without a hotmap, attack pixels where no move is active) ride
// along for `hotmap lint` to print.
#include "assets/assets.h"
#include "assets/format.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace assets {

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

bool IsActiveFrame(const game::FighterDef& def, std::size_t animation, std::size_t frame) {
    for (const game::MoveDef& m : def.moves) {
        if (static_cast<std::size_t>(m.animation) == animation && m.activeFirst >= 0 &&
            frame >= static_cast<std::size_t>(m.activeFirst) && frame <= static_cast<std::size_t>(m.activeLast)) {
            return true;
        }
    }
    return false;
}

bool IsProjectileAnimation(const game::FighterDef& def, std::size_t animation) {
    return std::any_of(def.moves.begin(), def.moves.end(), [&](const game::MoveDef& m) {
        return m.projectile && static_cast<std::size_t>(m.projectile->animation) == animation;
    });
}

}  // namespace

Result<std::vector<std::string>> ListFighters(const AssetRoots& roots) {
    std::error_code ec;
    if (!fs::is_directory(roots.assetsDir, ec)) {
        return Error{ErrorCode::FileMissing, roots.assetsDir, "no such folder"};
    }
    std::vector<std::string> ids;
    for (fs::directory_iterator it(roots.assetsDir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code ec2;
        if (it->is_directory(ec2) && EntryExists((it->path() / MANIFEST_FILE_NAME).string())) {
            ids.push_back(it->path().filename().string());
        }
    }
    if (ec) {
        return Error{ErrorCode::FileUnreadable, roots.assetsDir, "cannot list: " + ec.message()};
    }
    if (ids.empty()) {
        return Error{ErrorCode::NoFighters, roots.assetsDir, "no fighter here (no <name>/fighter.json)"};
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

Result<LoadedFighter> LoadFighter(const AssetRoots& roots, const std::string& id, const LoadOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    const std::string spriteDir = roots.assetsDir + "/" + id;
    const std::string hotmapDir = roots.hotmapsDir + "/" + id;
    LoadedFighter out;
    out.manifestPath = spriteDir + "/" + MANIFEST_FILE_NAME;

    std::error_code ec;
    if (!fs::is_directory(spriteDir, ec)) {
        return Error{ErrorCode::FileMissing, spriteDir, "no such fighter folder"};
    }
    auto text = ReadFileBytes(out.manifestPath);
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
    out.def = std::move(parsed).Value();
    for (const ManifestMove& m : manifest.Value().moves) out.moveSounds.push_back({m.sound, m.hitSound});
    game::FighterDef& def = out.def;

    out.sprites.resize(def.animations.size());
    if (!def.palette.empty()) out.altSprites.resize(def.animations.size());
    if (options.keepHotmapImages) out.hotmaps.resize(def.animations.size());
    for (std::size_t a = 0; a < def.animations.size(); ++a) {
        game::AnimationDef& anim = def.animations[a];
        const bool projectile = IsProjectileAnimation(def, a);
        for (std::size_t f = 0; f < anim.frames.size(); ++f) {
            game::FrameDef& frame = anim.frames[f];
            const std::string spritePath = spriteDir + "/" + FrameFileName(anim.name, f);
            const std::string hotmapPath = hotmapDir + "/" + FrameFileName(anim.name, f);
            auto sprite = LoadPng(spritePath);
            if (!sprite.Ok()) {
                Error e = sprite.GetError();
                if (e.code == ErrorCode::FileMissing) {
                    e.message = "no such file (frame " + std::to_string(f) + " of animation \"" + anim.name + "\" in " +
                                out.manifestPath + ")";
                }
                return e;
            }
            frame.widthPx = sprite.Value().widthPx;
            frame.heightPx = sprite.Value().heightPx;
            Image hotmapImage;
            // Only a hotmap that is not there at all falls back; one that is there but cannot be
            // read (a loop of links, no permission) is an error, reported by LoadPng.
            if (!EntryExists(hotmapPath)) {
                frame.hotmapFromSprite = true;
                frame.masks = MasksFromSprite(sprite.Value());
                out.warnings.push_back(
                    {hotmapPath,
                     "no hotmap: the frame falls back to its sprite (opaque pixels are hurt, none attack)"});
            } else {
                auto hotmap = LoadPng(hotmapPath);
                if (!hotmap.Ok()) {
                    return hotmap.GetError();
                }
                if (hotmap.Value().widthPx != frame.widthPx || hotmap.Value().heightPx != frame.heightPx) {
                    return Error{ErrorCode::SizeMismatch, hotmapPath,
                                 SizeText(hotmap.Value()) + ", but its sprite is " + SizeText(sprite.Value()) +
                                     " (a hotmap is the same size as its sprite)"};
                }
                frame.masks = collide::BuildHotMasks(hotmap.Value().View());
                hotmapImage = std::move(hotmap).Value();
            }
            const bool active = IsActiveFrame(def, a, f);
            const bool hasAttack = !frame.masks.attack.IsEmpty();
            if ((active || projectile) && !hasAttack) {
                return Error{ErrorCode::ManifestRule, frame.hotmapFromSprite ? spritePath : hotmapPath,
                             std::string(projectile ? "a projectile frame" : "an active frame") + " (frame " +
                                 std::to_string(f) + " of \"" + anim.name +
                                 "\") has no attack pixel: paint its striking part exactly FF0000"};
            }
            if (hasAttack && !active && !projectile) {
                out.warnings.push_back(
                    {hotmapPath, "attack pixels on a frame no move has active: the game ignores them"});
            }
            if (!def.palette.empty()) out.altSprites[a].push_back(ApplyPalette(sprite.Value(), def.palette));
            out.sprites[a].push_back(std::move(sprite).Value());
            if (options.keepHotmapImages) out.hotmaps[a].push_back(std::move(hotmapImage));
        }
    }
    out.loadMilliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    return out;
}

}  // namespace assets
