// libFuzzer target: any bytes as a fighter.json. assets::ParseManifest must return a FighterDef
// or an Error, never crash, hang or leak; no files, no SDL (the parse is pure text -> value).
// Invariant checked: an Error names the file it was given and has a message; a FighterDef that
// parses holds what fighter_def.h promises (required animations first, indices in range).
#include "assets/assets.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>

namespace {

[[noreturn]] void Fail(const char* what) {
    std::fprintf(stderr, "fuzz_manifest: invariant broken: %s\n", what);
    std::abort();
}

void Check(bool ok, const char* what) {
    if (!ok) Fail(what);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::optional<assets::Result<game::FighterDef>> result;
    try {
        result.emplace(assets::ParseManifest(text, "fuzz", "fuzz.json"));
    } catch (const std::exception& e) {
        // The library promises a value or an Error: an exception escaping it is a crash of the
        // program that loads the manifest.
        std::fprintf(stderr, "fuzz_manifest: ParseManifest threw: %s\n", e.what());
        std::abort();
    }
    const auto& parsed = *result;
    if (!parsed.Ok()) {
        const assets::Error& e = parsed.GetError();
        Check(e.file == "fuzz.json", "an Error names the file it was given");
        Check(!e.message.empty(), "an Error has a message");
        Check(e.code == assets::ErrorCode::ManifestSyntax || e.code == assets::ErrorCode::ManifestField ||
                  e.code == assets::ErrorCode::ManifestRule,
              "a manifest Error is a manifest code");
        Check(e.ToLine().find('\n') == std::string::npos, "the error line is one line");
        return 0;
    }
    const game::FighterDef& def = parsed.Value();
    const auto animations = static_cast<std::int32_t>(def.animations.size());
    Check(def.id == "fuzz", "the id is the one given");
    Check(animations >= static_cast<std::int32_t>(game::Anim::COUNT), "every required animation is present");
    for (std::size_t i = 0; i < game::REQUIRED_ANIM_NAMES.size(); ++i) {
        Check(def.animations[i].name == game::REQUIRED_ANIM_NAMES[i], "required animations come first, in order");
    }
    Check(def.Animation(game::Anim::Idle).loop && def.Animation(game::Anim::Idle).frames.size() >= 4,
          "idle loops and has 4+ frames");
    for (const game::AnimationDef& anim : def.animations) {
        Check(!anim.frames.empty() && anim.frames.size() <= 64, "1-64 frames");
        for (const game::FrameDef& f : anim.frames) Check(f.ticks >= 1 && f.ticks <= 600, "ticks 1-600");
    }
    for (std::size_t i = 0; i < def.moves.size(); ++i) {
        const game::MoveDef& m = def.moves[i];
        Check(m.animation >= 0 && m.animation < animations, "a move's animation index is in range");
        const auto frames =
            static_cast<std::int32_t>(def.animations[static_cast<std::size_t>(m.animation)].frames.size());
        if (m.activeFirst >= 0 || !m.projectile) {
            Check(m.activeFirst >= 0 && m.activeFirst <= m.activeLast && m.activeLast < frames, "active frames exist");
        }
        if (m.projectile) {
            Check(m.projectile->animation >= 0 && m.projectile->animation < animations,
                  "projectile animation in range");
            Check(m.projectile->spawnFrame >= 0 && m.projectile->spawnFrame < frames, "spawn frame exists");
        }
        for (std::size_t j = 0; j < i; ++j) {
            // The loader's rule since motion specials: one move per button, stance and motion
            // (K and 236K share a button and a stance).
            Check(def.moves[j].button != m.button || def.moves[j].stance != m.stance || def.moves[j].motion != m.motion,
                  "one move per button, stance and motion");
        }
    }
    return 0;
}
