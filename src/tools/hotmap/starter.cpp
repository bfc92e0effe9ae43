// Sprites to starter hotmaps (starter.h).
#include "tools/hotmap/starter.h"

namespace hotmap {

void ApplySpriteKey(assets::Image& sprite, collide::Rgb key) {
    for (std::size_t i = 0; i < sprite.rgba.size(); i += 4) {
        std::uint8_t* p = sprite.rgba.data() + i;
        if (p[0] == key.r && p[1] == key.g && p[2] == key.b) p[0] = p[1] = p[2] = p[3] = 0;
    }
}

assets::Image StarterHotmap(const assets::Image& sprite, int alphaMin, collide::Rgb hurt) {
    assets::Image out = sprite;
    for (std::size_t i = 0; i < out.rgba.size(); i += 4) {
        const bool air = out.rgba[i + 3] < alphaMin;
        out.rgba[i] = air ? 0xFF : hurt.r;
        out.rgba[i + 1] = air ? 0x00 : hurt.g;
        out.rgba[i + 2] = air ? 0xFF : hurt.b;
        out.rgba[i + 3] = 0xFF;
    }
    return out;
}

}  // namespace hotmap
