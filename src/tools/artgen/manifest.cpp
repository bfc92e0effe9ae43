// manifest: FighterArt -> fighter.json, through the format's own document and writer
// (assets/format.h): the animations' timings and anchors come from the frames artgen drew.
#include "tools/artgen/manifest.h"

#include "tools/artgen/body.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

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
            if (fighter.id == own.fighter && move.name == own.move)
                move.sound = own.sound, move.hitSound = own.hitSound;
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

assets::ManifestMove Move(const char* name, game::Button button, game::Stance stance, std::int32_t damage,
                          std::int32_t hitstunTicks, std::int32_t blockstunTicks, std::int32_t hitstopTicks,
                          double knockbackPxPerTick, std::array<std::int32_t, 2> active, game::HitHeight height) {
    assets::ManifestMove m;
    m.name = name;
    m.animation = name;
    m.button = button;
    m.stance = stance;
    m.damage = damage;
    m.hitstunTicks = hitstunTicks;
    m.blockstunTicks = blockstunTicks;
    m.hitstopTicks = hitstopTicks;
    m.knockbackPxPerTick = knockbackPxPerTick;
    m.active = active;
    m.height = height;
    return m;
}

void AddMoves(FighterArt& f, const MoveList& m) {
    using game::Button, game::Stance, game::CancelOn;
    const auto move = [](const char* name, Button button, Stance stance, const MoveNumbers& n) {
        return Move(name, button, stance, n.damage, n.hitstunTicks, n.blockstunTicks, n.hitstopTicks,
                    n.knockbackPxPerTick, n.active, n.height);
    };
    // The normals chain: a light punch into the heavy kick on contact, the heavy kick into a
    // special or the super on hit (hitstun long enough for the next move's startup to land).
    assets::ManifestMove lightPunch = move("light_punch", Button::Punch, Stance::Stand, m.lightPunch);
    lightPunch.cancels = {
        {{"heavy_kick", "low_kick", "rush", "anti_air"}, m.lightPunchCancelFrames, CancelOn::Contact}};
    f.manifest.moves.push_back(lightPunch);
    assets::ManifestMove heavyKick = move("heavy_kick", Button::Kick, Stance::Stand, m.heavyKick);
    heavyKick.cancels = {{{"rush", "anti_air", "super"}, m.heavyKickCancelFrames, CancelOn::Hit}};
    f.manifest.moves.push_back(heavyKick);
    assets::ManifestMove lowKick = move("low_kick", Button::Kick, Stance::Crouch, m.lowKick);
    lowKick.cancels = {{{"rush", "super"}, m.lowKickCancelFrames, CancelOn::Hit}};
    f.manifest.moves.push_back(lowKick);
    // The special hits only through its projectile.
    assets::ManifestMove special = move("special", Button::Special, Stance::Stand, m.special);
    special.active = std::nullopt;
    special.projectile = m.projectile;
    f.manifest.moves.push_back(special);
    // Air attacks (overheads, blocked standing only, in the fighters' numbers).
    f.manifest.moves.push_back(move("jump_punch", Button::Punch, Stance::Air, m.jumpPunch));
    f.manifest.moves.push_back(move("jump_kick", Button::Kick, Stance::Air, m.jumpKick));
    // The anti-air (623P), invulnerable on the frames whose hotmaps are all air.
    assets::ManifestMove antiAir = move("anti_air", Button::Punch, Stance::Stand, m.antiAir);
    antiAir.motion = "623";
    antiAir.knockdown = true;
    f.manifest.moves.push_back(antiAir);
    // The rush (236K) drives forward through its active frames.
    assets::ManifestMove rush = move("rush", Button::Kick, Stance::Stand, m.rush);
    rush.motion = "236";
    rush.advancePxPerTick = m.rushAdvancePxPerTick;
    rush.knockdown = true;
    f.manifest.moves.push_back(rush);
    // Forward + punch + kick, close: the grab, then the toss.
    assets::ManifestMove grab = move("throw", Button::PunchKick, Stance::Stand, m.grab);
    grab.motion = std::string(1, '6');  // not = "6": GCC 12 at -O3 misreads a one-letter literal here (-Wrestrict)
    grab.throwMove = ThrowOf(AnimNamed(f, "throw_toss"));
    f.manifest.moves.push_back(grab);
    // The super (236236S): a full bar, the fight frozen as it starts.
    assets::ManifestMove super = move("super", Button::Special, Stance::Stand, m.super);
    super.motion = "236236";
    super.meterCost = 1000;  // a full bar (game::METER_MAX)
    super.superFreezeTicks = 30;
    super.knockdown = true;
    f.manifest.moves.push_back(super);
}

const AnimArt& AnimNamed(const FighterArt& fighter, std::string_view name) {
    for (const AnimArt& a : fighter.animations) {
        if (a.name == name) return a;
    }
    std::fprintf(stderr, "artgen: %s has no animation %.*s (draw it before naming it)\n", fighter.id.c_str(),
                 static_cast<int>(name.size()), name.data());
    std::abort();
}

assets::ManifestThrow ThrowOf(const AnimArt& toss) {
    assets::ManifestThrow t;
    t.animation = toss.name;
    for (const auto& o : toss.victimOffsets) t.victimOffsetsPx.push_back({o[0], o[1]});
    t.landingPx = THROWN_LANDING_DX_PX;
    return t;
}

void AddPaletteSwaps(assets::Manifest& manifest, const Material& material, Rgb8 (*recolour)(Rgb8)) {
    const auto rgb = [](Rgb8 c) { return (std::uint32_t{c.r} << 16) | (std::uint32_t{c.g} << 8) | c.b; };
    for (const Rgb8 tone : material.tones) {
        const std::uint32_t from = rgb(tone), to = rgb(recolour(tone));
        const bool known = std::any_of(manifest.palette.begin(), manifest.palette.end(),
                                       [&](const assets::ManifestColourSwap& s) { return s.fromRgb == from; });
        if (from != to && !known) manifest.palette.push_back({from, to});
    }
}

}  // namespace artgen
