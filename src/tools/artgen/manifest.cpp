// manifest: FighterArt -> fighter.json, through the format's own document and writer
// (assets/format.h): the animations' timings and anchors come from the frames artgen drew.
#include "tools/artgen/manifest.h"

namespace artgen {

std::string ManifestText(const FighterArt& fighter) {
    assets::Manifest m = fighter.manifest;
    m.animations.clear();
    for (const AnimArt& a : fighter.animations) {
        assets::ManifestAnimation anim{a.name, a.loop, {a.anchor[0], a.anchor[1]}, {}};
        for (const FrameArt& f : a.frames) anim.frames.push_back({f.ticks, std::nullopt});
        m.animations.push_back(std::move(anim));
    }
    return assets::WriteManifest(m);
}

}  // namespace artgen
