// The alternate colours of shaded art (format.h, ManifestAlternate): a hue turn and a lightness
// move per sprite pixel, for the mirror match's second fighter. Sprites only: hotmaps never pass
// here. Whole-number arithmetic, no libm: the same bytes on every machine.
#include "assets/format.h"

#include <algorithm>

namespace assets {

namespace {

// One pixel's RGB with its hue turned by `turn` sixths-of-the-wheel units: the hue is measured
// in units of the pixel's chroma c = max - min (a full turn is 6c), so max and min, and with them
// HSL's lightness and saturation, stay as they are; only the channels between move.
void TurnHue(std::uint8_t* p, std::int32_t hueDegrees) {
    const int r = p[0], g = p[1], b = p[2];
    const int hi = std::max({r, g, b}), lo = std::min({r, g, b}), c = hi - lo;
    if (c == 0) return;  // a grey has no hue
    const int wheel = 6 * c;
    int h = hi == r ? g - b : hi == g ? 2 * c + (b - r) : 4 * c + (r - g);
    h = (h + wheel) % wheel;
    // degrees -> units of c, to the nearest: 360 degrees is 6c.
    const int turn = (((hueDegrees % 360) + 360) % 360 * wheel + 180) / 360;
    h = (h + turn) % wheel;
    const int sector = h / c, f = h % c;
    int out[3] = {hi, lo, lo};
    switch (sector) {
        case 0:
            out[0] = hi, out[1] = lo + f, out[2] = lo;
            break;
        case 1:
            out[0] = hi - f, out[1] = hi, out[2] = lo;
            break;
        case 2:
            out[0] = lo, out[1] = hi, out[2] = lo + f;
            break;
        case 3:
            out[0] = lo, out[1] = hi - f, out[2] = hi;
            break;
        case 4:
            out[0] = lo + f, out[1] = lo, out[2] = hi;
            break;
        default:
            out[0] = hi, out[1] = lo, out[2] = hi - f;
            break;
    }
    for (int k = 0; k < 3; ++k) p[k] = static_cast<std::uint8_t>(out[k]);
}

}  // namespace

std::vector<std::vector<Image>> AlternateSprites(const LoadedFighter& fighter) {
    const ManifestAlternate shift{fighter.alternateHueDegrees, fighter.alternateLightnessPercent};
    std::vector<std::vector<Image>> out(fighter.sprites.size());
    for (std::size_t a = 0; a < fighter.sprites.size(); ++a) {
        for (const Image& sprite : fighter.sprites[a])
            out[a].push_back(fighter.def.palette.empty() ? ApplyAlternate(sprite, shift)
                                                         : ApplyPalette(sprite, fighter.def.palette));
    }
    return out;
}

Image ApplyAlternate(const Image& image, const ManifestAlternate& shift) {
    Image out = image;
    const int d = std::clamp(shift.lightnessPercent, -100, 100);
    for (std::size_t i = 0; i + 3 < out.rgba.size(); i += 4) {
        std::uint8_t* p = out.rgba.data() + i;
        if (p[3] == 0) continue;  // nothing shows
        if (shift.hueDegrees % 360 != 0) TurnHue(p, shift.hueDegrees);
        if (d == 0) continue;
        for (int k = 0; k < 3; ++k) {
            const int v = p[k];
            p[k] = static_cast<std::uint8_t>(d > 0 ? v + (255 - v) * d / 100 : v + v * d / 100);
        }
    }
    return out;
}

}  // namespace assets
