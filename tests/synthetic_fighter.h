// Fighters drawn in code for exact rule tests: simple shapes whose every pixel is known, so a test
// can say "one pixel out of range" and mean it. Two variants differ only in their standing kick:
// a diagonal high kick (RISING) and a horizontal mid kick (LEVEL).
//   canvas 100 x 112, anchor (30, 111): the feet, facing right
//   standing body (hurt) columns 20-39, rows 12-111; crouching body rows 52-111
//   light punch: startup 3 ticks, active 2 ticks (fist: attack, columns 40-59, rows 30-39), recovery 6
//   low kick (crouching): startup 3, active 2 (foot: columns 40-69, rows 102-111), recovery 6
//   special: startup 5, throw 10 (projectile "orb", 12 x 12 disc, spawned 30 px ahead, 60 up, 4 px/tick)
// and the fight-depth moves (each frame's pixels below, in Frame()):
//   jump_punch (air P, overhead): startup 2, active 4 (fist low ahead: columns 40-59, rows 70-85), then held
//   jump_kick (air K, overhead): startup 3, active 4 (foot: columns 40-64, rows 90-105), then held
//   anti_air (623P): frames 0-1 invulnerable (no hurt pixel, 2 ticks each), active 4 (uppercut:
//     columns 32-55, rows 0-40), recovery 12
//   rush (236K, advance 6 px/tick): startup 4, active 8 (fist), recovery 10
//   throw (6 + punch+kick): startup 2, grab 2 (hands: columns 40-47, rows 40-59), recovery 10; toss
//     7, 7, 7, 14 with the victim at (40, 0), (30, -30), (10, -50), (30, -20), landing 60 beyond
//   thrown: 7, 7, 7, 14 carried, then lying 30 and getting up 12
//   super (236236S, a full bar, freeze 20): startup 10, active 4 (columns 40-99, rows 40-111), recovery 20
//   cancels: light_punch into kick on frame 1 after contact; kick into anti_air, rush, super on
//     frames 1-2 after a hit
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
                            int attack /*0 none, 1 fist, 2 rising kick, 3 level kick, 4 low kick, 5 air fist,
                                          6 air foot, 7 uppercut, 8 grab, 9 super*/
                            ,
                            bool lying = false, bool invulnerable = false) {
    game::FrameDef f;
    f.ticks = ticks;
    f.anchorPx = {ANCHOR_X, ANCHOR_Y};
    f.widthPx = W;
    f.heightPx = H;
    collide::Mask hurt(W, H), atk(W, H);
    if (invulnerable) {
        // no hurt pixel: nothing can hit it
    } else if (lying) {
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
        case 5:
            FillRect(atk, 40, 70, 59, 85);
            break;
        case 6:
            FillRect(atk, 40, 90, 64, 105);
            break;
        case 7:
            FillRect(atk, 32, 0, 55, 40);
            break;
        case 8:
            FillRect(atk, 40, 40, 47, 59);
            break;
        case 9:
            FillRect(atk, 40, 40, 99, 111);
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
/// Indices of the fight-depth moves in FighterDef::moves.
inline constexpr int JUMP_PUNCH_MOVE = 4, JUMP_KICK_MOVE = 5, ANTI_AIR_MOVE = 6, RUSH_MOVE = 7, THROW_MOVE = 8,
                     SUPER_MOVE = 9;
inline constexpr int THROWN_ANIM = 21;  ///< index of "thrown" in FighterDef::animations

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
    const game::FrameDef air = Frame(20, false, 0);
    d.animations.push_back(Anim("jump_punch", false, {Frame(2, false, 0), Frame(4, false, 5), air}));  // 15
    d.animations.push_back(Anim("jump_kick", false, {Frame(3, false, 0), Frame(4, false, 6), air}));   // 16
    d.animations.push_back(Anim(
        "anti_air", false,  // 17
        {Frame(2, false, 0, false, true), Frame(2, false, 0, false, true), Frame(4, false, 7), Frame(12, false, 0)}));
    d.animations.push_back(Anim("rush", false, {Frame(4, false, 0), Frame(8, false, 1), Frame(10, false, 0)}));   // 18
    d.animations.push_back(Anim("throw", false, {Frame(2, false, 0), Frame(2, false, 8), Frame(10, false, 0)}));  // 19
    d.animations.push_back(Anim("throw_toss", false,                                                              // 20
                                {Frame(7, false, 0), Frame(7, false, 0), Frame(7, false, 0), Frame(14, false, 0)}));
    d.animations.push_back(Anim("thrown", false,  // 21
                                {Frame(7, false, 0), Frame(7, false, 0), Frame(7, false, 0), Frame(14, false, 0),
                                 Frame(30, false, 0, true), Frame(12, true, 0)}));
    d.animations.push_back(Anim("super", false, {Frame(10, false, 0), Frame(4, false, 9), Frame(20, false, 0)}));  // 22
    d.thrownAnimation = THROWN_ANIM;

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

    d.moves.push_back(move("jump_punch", 15, game::Button::Punch, game::Stance::Air, 60, 16, 10, 6, 256, 1, 1,
                           game::HitHeight::Overhead));
    d.moves.push_back(move("jump_kick", 16, game::Button::Kick, game::Stance::Air, 70, 18, 10, 6, 256, 1, 1,
                           game::HitHeight::Overhead));
    game::MoveDef antiAir =
        move("anti_air", 17, game::Button::Punch, game::Stance::Stand, 120, 30, 12, 8, 512, 2, 2, game::HitHeight::Mid);
    antiAir.motion = "623";
    d.moves.push_back(antiAir);
    game::MoveDef rush =
        move("rush", 18, game::Button::Kick, game::Stance::Stand, 90, 20, 10, 6, 768, 1, 1, game::HitHeight::Mid);
    rush.motion = "236";
    rush.advanceSubpx = 6 * 256;
    d.moves.push_back(rush);
    game::MoveDef grab =
        move("throw", 19, game::Button::PunchKick, game::Stance::Stand, 150, 0, 0, 0, 0, 1, 1, game::HitHeight::Mid);
    grab.motion = "6";
    grab.throwDef = game::ThrowDef{20, {{40, 0}, {30, -30}, {10, -50}, {30, -20}}, 60};
    d.moves.push_back(grab);
    game::MoveDef super =
        move("super", 22, game::Button::Special, game::Stance::Stand, 250, 40, 16, 10, 768, 1, 1, game::HitHeight::Mid);
    super.motion = "236236";
    super.meterCost = 1000;
    super.superFreezeTicks = 20;
    d.moves.push_back(super);
    d.moves[0].cancels.push_back(game::CancelDef{{1}, 1, 1, game::CancelOn::Contact});
    d.moves[1].cancels.push_back(game::CancelDef{{ANTI_AIR_MOVE, RUSH_MOVE, SUPER_MOVE}, 1, 2, game::CancelOn::Hit});
    return d;
}

}  // namespace synth
