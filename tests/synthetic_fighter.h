// Fighters drawn in code for exact rule tests: simple shapes whose every pixel is known, so a test
// can say "one pixel out of range" and mean it. Two variants differ only in their standing kick:
// a diagonal high kick (RISING) and a horizontal mid kick (LEVEL).
//   canvas 100 x 112, anchor (30, 111): the feet, facing right
//   standing body (hurt) columns 20-39, rows 12-111; crouching body rows 52-111
//   light punch: startup 3 ticks, active 2 ticks (fist: attack, columns 40-59, rows 30-39), recovery 6
//   low kick (crouching): startup 3, active 2 (foot: columns 40-69, rows 102-111), recovery 6
//   special: startup 5, throw 10 (projectile "orb", 12 x 12 disc, spawned 30 px ahead, 60 up, 4 px/tick)
#pragma once

#include "collide/collide.h"
#include "game/fighter_def.h"

namespace synth {

inline constexpr int W = 100, H = 112, ANCHOR_X = 30, ANCHOR_Y = 111;
inline constexpr int BODY_FIRST_COLUMN = 20, BODY_LAST_COLUMN = 39;  ///< sprite columns of the hurt body

enum class Kick { Rising, Level };

inline void FillRect(collide::Mask& m, int x0, int y0, int x1, int y1) {  // inclusive
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) m.Set(x, y);
}

inline game::FrameDef Frame(int ticks, bool crouch,
                            int attack /*0 none, 1 fist, 2 rising kick, 3 level kick, 4 low kick*/,
                            bool lying = false) {
    game::FrameDef f;
    f.ticks = ticks;
    f.anchorPx = {ANCHOR_X, ANCHOR_Y};
    f.widthPx = W;
    f.heightPx = H;
    collide::Mask hurt(W, H), atk(W, H);
    if (lying) {
        FillRect(hurt, 0, 96, 60, 111);
    } else {
        FillRect(hurt, BODY_FIRST_COLUMN, crouch ? 52 : 12, BODY_LAST_COLUMN, 111);
    }
    switch (attack) {
        case 1:
            FillRect(atk, 40, 30, 59, 39);
            break;
        case 2:  // a 45-degree strip from (40, 60) up to (85, 15), 4 px thick
            for (int t = 0; t <= 45; ++t) FillRect(atk, 40 + t, 60 - t, 43 + t < W ? 43 + t : W - 1, 60 - t);
            break;
        case 3:
            FillRect(atk, 40, 80, 64, 89);
            break;
        case 4:
            FillRect(atk, 40, 102, 69, 111);
            break;
        default:
            break;
    }
    collide::Mask any(W, H);
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
            if (hurt.Get(x, y) || atk.Get(x, y)) any.Set(x, y);
    // A pixel is one colour: where the attack is, the body is not hurt.
    collide::Mask hurtOnly(W, H);
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
            if (hurt.Get(x, y) && !atk.Get(x, y)) hurtOnly.Set(x, y);
    f.masks.attack = atk;
    f.masks.hurt = hurtOnly;
    f.masks.any = any;
    return f;
}

inline game::AnimationDef Anim(const char* name, bool loop, std::vector<game::FrameDef> frames) {
    game::AnimationDef a;
    a.name = name;
    a.loop = loop;
    a.frames = std::move(frames);
    return a;
}

inline constexpr int SPECIAL_MOVE = 3;  ///< index of "special" (the orb throw) in FighterDef::moves

inline game::FighterDef Make(Kick kick, const char* id = "synth") {
    game::FighterDef d;
    d.id = id;
    d.displayName = id;
    d.maxHealth = 1000;
    d.walkForwardSubpx = 533;  // about 2.08 px/tick: odd, so pushbox overlaps come out odd too
    d.walkBackSubpx = 384;
    d.jumpVelocitySubpx = 9 * 256;
    d.jumpForwardSubpx = 3 * 256;
    d.gravitySubpx = 128;
    d.pushboxWidthPx = 20;
    d.pushboxHeightPx = 100;
    d.pushboxCrouchHeightPx = 60;
    const game::FrameDef stand = Frame(8, false, 0), crouch = Frame(4, true, 0);
    d.animations = {
        Anim("idle", true, {stand, stand, stand, stand}),
        Anim("walk_forward", true, {stand, stand}),
        Anim("walk_back", true, {stand, stand}),
        Anim("crouch", false, {crouch, crouch}),
        Anim("jump", false, {stand}),
        Anim("block_stand", false, {stand}),
        Anim("block_crouch", false, {crouch}),
        Anim("hit", false, {stand}),
        Anim("knockdown", false, {Frame(6, false, 0, true)}),
        Anim("win", true, {stand}),
        Anim("light_punch", false, {Frame(3, false, 0), Frame(2, false, 1), Frame(6, false, 0)}),
        Anim("kick", false, {Frame(4, false, 0), Frame(3, false, kick == Kick::Rising ? 2 : 3), Frame(8, false, 0)}),
        Anim("low_kick", false, {Frame(3, true, 0), Frame(2, true, 4), Frame(6, true, 0)}),
        Anim("special", false, {Frame(5, false, 0), Frame(10, false, 0)}),
    };
    game::FrameDef orb;
    orb.ticks = 4;
    orb.widthPx = orb.heightPx = 12;
    orb.anchorPx = {6, 6};
    collide::Mask disc(12, 12);
    for (int y = 0; y < 12; ++y)
        for (int x = 0; x < 12; ++x)
            if ((x - 5.5) * (x - 5.5) + (y - 5.5) * (y - 5.5) <= 36) disc.Set(x, y);
    orb.masks.attack = disc;
    orb.masks.hurt = collide::Mask(12, 12);
    orb.masks.any = disc;
    d.animations.push_back(Anim("orb", true, {orb}));

    auto move = [](const char* name, int anim, game::Button b, game::Stance st, int damage, int hitstun, int blockstun,
                   int hitstop, int knockbackSubpx, int a0, int a1, game::HitHeight h) {
        game::MoveDef m;
        m.name = name;
        m.animation = anim;
        m.button = b;
        m.stance = st;
        m.damage = damage;
        m.hitstunTicks = hitstun;
        m.blockstunTicks = blockstun;
        m.hitstopTicks = hitstop;
        m.knockbackSubpx = knockbackSubpx;
        m.activeFirst = a0;
        m.activeLast = a1;
        m.height = h;
        return m;
    };
    d.moves.push_back(move("light_punch", 10, game::Button::Punch, game::Stance::Stand, 50, 12, 8, 6, 512, 1, 1,
                           game::HitHeight::High));
    d.moves.push_back(move("kick", 11, game::Button::Kick, game::Stance::Stand, 100, 20, 12, 8, 768, 1, 1,
                           kick == Kick::Rising ? game::HitHeight::High : game::HitHeight::Mid));
    d.moves.push_back(
        move("low_kick", 12, game::Button::Kick, game::Stance::Crouch, 60, 14, 8, 6, 512, 1, 1, game::HitHeight::Low));
    game::MoveDef special = move("special", 13, game::Button::Special, game::Stance::Stand, 70, 16, 10, 4, 640, -1, -1,
                                 game::HitHeight::Mid);
    special.projectile = game::ProjectileDef{14, 1, {30, -60}, 4 * 256, 0, 200};
    d.moves.push_back(special);
    return d;
}

}  // namespace synth
