// manifest: FighterArt -> fighter.json, through the format's own document and writer
// (assets/format.h): the animations' timings and anchors come from the frames artgen drew.
#include "tools/artgen/manifest.h"

namespace artgen {

namespace {

// The fighters' own sounds (sfxgen writes the files into assets/<fighter>/sfx/): the special's
// throw and its projectile's hit.
struct OwnSounds {
    const char* fighter;
    const char* move;
    const char* sound;
    const char* hitSound;
};
constexpr OwnSounds OWN_SOUNDS[] = {
    {"brick", "special", "rock_throw.wav", "rock_hit.wav"},
    {"kestrel", "special", "blade_whoosh.wav", "blade_hit.wav"},
};

}  // namespace

std::string ManifestText(const FighterArt& fighter) {
    assets::Manifest m = fighter.manifest;
    for (assets::ManifestMove& move : m.moves) {
        for (const OwnSounds& own : OWN_SOUNDS) {
            if (fighter.id == own.fighter && move.name == own.move) move.sound = own.sound, move.hitSound = own.hitSound;
        }
    }
    m.animations.clear();
    for (const AnimArt& a : fighter.animations) {
        assets::ManifestAnimation anim{a.name, a.loop, {a.anchor[0], a.anchor[1]}, {}};
        for (const FrameArt& f : a.frames) anim.frames.push_back({f.ticks, std::nullopt});
        m.animations.push_back(std::move(anim));
    }
    return assets::WriteManifest(m);
}

}  // namespace artgen
