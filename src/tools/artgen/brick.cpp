// brick: the heavy brawler. Bald, bearded, brown skin, an open leather vest, a red sash, taped fists.
// About 150 px standing on a 224x192 canvas, anchor at the feet. Slow: long startups, big reach.
// His heavy kick is a stomp whose shockwave is hot in the hotmap but never drawn (the HGE case).
#include "tools/artgen/body.h"
#include "tools/artgen/manifest.h"

#include <algorithm>
#include <numbers>

namespace artgen {

namespace {

constexpr CanvasSpec CANVAS = {224, 192, 112, 184};
constexpr float BOOT_H = 9.0f;
constexpr float BOOT_LEN = 25.0f;
// Ankle height that puts the sole's outline on the anchor row.
constexpr float FOOT_Y = -(BOOT_H + 1.5f);
constexpr float PI = std::numbers::pi_v<float>;
constexpr Vec2 HAND_SIZE = {15.0f, 13.0f};

const Dims DIMS = {
    .thigh = 32.0f,
    .shin = 31.0f,
    .upperArm = 28.0f,
    .forearm = 25.0f,
    .torso = 56.0f,
    .shoulderNear = {-22.0f, 10.0f},
    .shoulderFar = {19.0f, 9.0f},
    .hipNear = {-8.0f, 1.0f},
    .hipFar = {9.0f, 1.0f},
    .head = {4.0f, -14.0f},
};

const Material SKIN = {Hex(0x2a140c), {Hex(0x5a3020), Hex(0x87503a), Hex(0xad6f4e), Hex(0xcf9570)}};
const Material BEARD = {Hex(0x100806), {Hex(0x1c120c), Hex(0x2e1e14), Hex(0x44301f), Hex(0x5e4430)}};
const Material VEST = {Hex(0x1a0a08), {Hex(0x3a1410), Hex(0x5c2218), Hex(0x7e3424), Hex(0xa04c30)}};
const Material SASH = {Hex(0x2a0606), {Hex(0x5e1010), Hex(0x8e1a1a), Hex(0xb82a24), Hex(0xdc4a38)}};
const Material PANTS = {Hex(0x14100e), {Hex(0x221c1a), Hex(0x362c28), Hex(0x4a3e36), Hex(0x625248)}};
const Material BOOT = {Hex(0x0c0808), {Hex(0x161111), Hex(0x241c1a), Hex(0x362a26), Hex(0x4e3e36)}};
const Material WRAP = {Hex(0x3a3028), {Hex(0x8a7c6a), Hex(0xb4a690), Hex(0xd8ccb4), Hex(0xf2ead8)}};
const Material GLOVE = {Hex(0x200606), {Hex(0x4a0e0e), Hex(0x741a18), Hex(0x9e2a24), Hex(0xc8483a)}};
const Material EYE = {Hex(0x100806), {Hex(0x100806), Hex(0x100806), Hex(0xf0e8e0), Hex(0xffffff)}};
const Material ROCK = {Hex(0x1c1814), {Hex(0x3e3832), Hex(0x625a50), Hex(0x8a8074), Hex(0xb4aa9a)}};

constexpr float FAR_SHADE = 0.74f;
const Material SKIN_FAR = Darker(SKIN, FAR_SHADE);
const Material PANTS_FAR = Darker(PANTS, FAR_SHADE);
const Material BOOT_FAR = Darker(BOOT, FAR_SHADE);
const Material WRAP_FAR = Darker(WRAP, FAR_SHADE);
const Material GLOVE_FAR = Darker(GLOVE, FAR_SHADE);
const Material SASH_BACK = Darker(SASH, 0.8f);

struct LimbPalette {
    const Material* skin;
    const Material* pants;
    const Material* boot;
    const Material* wrap;
    const Material* glove;
};
const LimbPalette NEAR_SIDE = {&SKIN, &PANTS, &BOOT, &WRAP, &GLOVE};
const LimbPalette FAR_SIDE = {&SKIN_FAR, &PANTS_FAR, &BOOT_FAR, &WRAP_FAR, &GLOVE_FAR};

// ---- drawing ----

// Which parts of an arm are hot: the fist alone (a punch), the forearm too (an overhead, an
// uppercut), or the shoulder and upper arm (a shoulder charge).
enum ArmHot : std::uint32_t { HOT_FIST = 1u << 0, HOT_FOREARM = 1u << 1, HOT_UPPER = 1u << 2 };

std::uint32_t ArmHotOf(std::uint32_t flags, bool nearArm) {
    std::uint32_t hot = 0;
    if ((flags & (nearArm ? STRIKE_NEAR_FIST : STRIKE_FAR_FIST)) != 0) hot |= HOT_FIST;
    if ((flags & (nearArm ? STRIKE_NEAR_FOREARM : STRIKE_FAR_FOREARM)) != 0) hot |= HOT_FOREARM;
    if ((flags & (nearArm ? STRIKE_NEAR_SHOULDER : STRIKE_FAR_SHOULDER)) != 0) hot |= HOT_UPPER;
    return hot;
}

void DrawArm(Canvas& c, const Limb& arm, Hand hand, float handTurn, const LimbPalette& pal, std::uint32_t hot) {
    auto region = [&](std::uint32_t part) { return (hot & part) != 0 ? Region::Attack : Region::Arm; };
    c.DrawPart(Segment(arm.root, arm.joint, 12.0f, 9.0f, 3.0f, 0.42f, 1.0f), *pal.skin, region(HOT_UPPER),
               {.roundness = 10.0f});
    c.DrawPart(Segment(arm.joint, arm.end, 9.5f, 7.0f, 2.0f, 0.3f, 0.5f), *pal.skin, region(HOT_FOREARM),
               {.roundness = 8.0f});
    // Tape over the wrist, then the fist: the fist is what hits, the tape is still the arm.
    c.DrawPart(Segment(Lerp(arm.joint, arm.end, 0.8f), arm.end, 7.2f, 7.0f), *pal.wrap, region(HOT_FOREARM),
               {.roundness = 6.0f, .castShadow = false});
    if ((hot & HOT_UPPER) != 0 && (hot & HOT_FOREARM) == 0) {
        // A charging shoulder leads with the point of the elbow: the upper arm goes over the folded
        // forearm's end so all of the leading edge is hot.
        c.DrawPart(Segment(arm.root, arm.joint, 12.0f, 9.0f, 3.0f, 0.42f, 1.0f), *pal.skin, Region::Attack,
                   {.roundness = 10.0f, .castShadow = false});
    }
    const float angle = Angle(arm.end - arm.joint) + handTurn;
    DrawHand(c, arm.end, angle, hand, HAND_SIZE, *pal.glove, region(HOT_FIST));
}

void DrawLeg(Canvas& c, const Limb& leg, float footAngle, const LimbPalette& pal, bool strike) {
    const Region lower = strike ? Region::Attack : Region::Leg;
    c.DrawPart(Segment(leg.root, leg.joint, 12.5f, 10.0f, 1.5f, 0.4f, 1.0f), *pal.pants, Region::Leg,
               {.roundness = 11.0f});
    c.DrawPart(Segment(leg.joint, leg.end, 10.0f, 8.0f, 1.5f, 0.3f, -1.0f), *pal.pants, lower, {.roundness = 9.0f});
    DrawBoot(c, leg.end, footAngle, BOOT_LEN, BOOT_H, *pal.boot, BOOT, lower);
}

Shape ChestShape(const Skeleton& s, float breath) {
    auto t = [&](float u, float v) { return s.Torso(u, v); };
    const float b = breath;
    Shape chest;
    chest.Polygon({t(-20, -58), t(-7, -62), t(7, -62), t(18, -59), t(27 + b, -51), t(28 + b, -38), t(23, -22),
                   t(19, -8), t(13, 0), t(-13, 0), t(-20, -12), t(-27, -30), t(-30, -48)},
                  3.0f);
    chest.Ellipse(t(6, -17), 17.0f + b, 14.0f, s.torsoAngle);
    return chest;
}

void DrawSashTails(Canvas& c, const Skeleton& s) {
    const Vec2 knot = s.Torso(-16, -4);
    const float sway = s.pose.hairSway * 4.0f;
    // The tails hang, but never through the floor.
    Vec2 end1 = knot + Vec2{-9.0f + sway, 17.0f};
    Vec2 end2 = knot + Vec2{-3.0f + sway, 21.0f};
    end1.y = std::min(end1.y, -4.0f);
    end2.y = std::min(end2.y, -4.0f);
    c.DrawPart(Segment(knot, end1, 3.5f, 2.5f), SASH_BACK, Region::Torso, {.roundness = 3.0f});
    c.DrawPart(Segment(knot, end2, 3.5f, 2.5f), SASH, Region::Torso, {.roundness = 3.0f});
}

void DrawTorso(Canvas& c, const Skeleton& s, float breath) {
    auto t = [&](float u, float v) { return s.Torso(u, v); };
    Shape hips;
    hips.Box(s.Torso(0, 1), {18.0f, 10.0f}, s.hipAngle, 6.0f);
    c.DrawPart(hips, PANTS, Region::Torso, {.roundness = 9.0f});
    const Shape chest = ChestShape(s, breath);
    c.DrawPart(chest, SKIN, Region::Torso, {.roundness = 16.0f});
    // Pecs and a heavy gut under the open vest.
    c.PaintLine(t(-6, -40), t(4, -37), SKIN, 1);
    c.PaintLine(t(4, -37), t(14, -40), SKIN, 1);
    c.PaintLine(t(-5, -39), t(3, -36), SKIN, 0);
    c.PaintLine(t(5, -35), t(5, -27), SKIN, 1);
    c.PaintPixel(t(6, -14), SKIN, 0);
    c.PaintPixel(t(7, -14), SKIN, 1);
    Shape vest = ChestShape(s, breath);
    Shape opening;
    opening.Polygon({t(-6, -66), t(10, -66), t(16, -34), t(16, -4), t(-1, -4), t(-7, -32)}, 0.0f);
    vest.Cut(opening);
    c.DrawPart(vest, VEST, Region::Torso, {.roundness = 10.0f, .castShadow = false});
    // Stitching along the vest's front edge.
    for (float v = -52.0f; v < -10.0f; v += 5.0f) c.PaintPixel(t(-10.0f + (v + 52.0f) * 0.05f, v), VEST, 3);
}

void DrawBelt(Canvas& c, const Skeleton& s) {
    Shape sash;
    sash.Capsule(s.Torso(-18, -4), s.Torso(15, -5), 4.2f, 4.2f);
    c.DrawPart(sash, SASH, Region::Torso, {.roundness = 5.0f});
    c.PaintLine(s.Torso(-14, -4), s.Torso(12, -5), SASH, 1);
    Shape knot;
    knot.Ellipse(s.Torso(-16, -4), 4.5f, 4.0f);
    c.DrawPart(knot, SASH, Region::Torso, {.roundness = 4.0f});
}

void DrawHead(Canvas& c, const Skeleton& s, std::uint32_t flags) {
    auto h = [&](float u, float v) { return s.Head(u, v); };
    const float a = s.headAngle;
    c.DrawPart(Segment(s.Torso(1, -52), h(-1, 7), 9.5f, 8.5f), SKIN, Region::Head, {.roundness = 8.0f});
    Shape head;
    head.Ellipse(h(0, 0), 12.5f, 14.0f, a);
    head.Ellipse(h(4, 6), 10.0f, 8.5f, a);        // heavy square jaw
    head.Ellipse(h(11.5f, 0.5f), 2.8f, 3.4f, a);  // nose
    head.Ellipse(h(8, -5), 5.0f, 2.6f, a);        // brow ridge
    c.DrawPart(head, SKIN, Region::Head, {.roundness = 11.0f});
    Shape ear;
    ear.Ellipse(h(-4, 1), 3.0f, 4.5f, a);
    c.DrawPart(ear, SKIN, Region::Head, {.roundness = 3.0f, .castShadow = false});
    c.PaintPixel(h(-4, 1), SKIN, 0);
    // The beard: jaw, chin and sideburn, the mouth area above it left bare.
    Shape beard;
    beard.Ellipse(h(7, 10), 7.5f, 6.5f, a);
    beard.Capsule(h(-3, 3), h(5, 11), 3.0f, 3.5f);
    beard.Ellipse(h(10, 13), 4.0f, 5.0f, a);
    Shape upper;
    upper.Polygon({h(2, -20), h(20, -20), h(20, 4.5f), h(2, 4.5f)});
    beard.Cut(upper);
    beard.Capsule(h(6, 4), h(12.5f, 4.5f), 2.0f, 1.5f);  // moustache
    beard.Capsule(h(6, 4), h(5.5f, 8), 1.5f, 1.2f);
    c.DrawPart(beard, BEARD, Region::Head, {.roundness = 6.0f});
    // Eye and a heavy brow; shut tight in pain.
    if ((flags & FACE_PAIN) != 0) {
        c.PaintLine(h(5, -2), h(8, -3), EYE, -1);
        c.PaintLine(h(4, -6), h(9, -5), BEARD, 0);
    } else {
        c.PaintPixel(h(7, -2), EYE, -1);
        c.PaintPixel(h(7, -1), EYE, -1);
        c.PaintPixel(h(6, -2), EYE, 2);
        c.PaintLine(h(3, -5), h(10, -3), BEARD, 0);
        c.PaintLine(h(4, -6), h(9, -5), BEARD, 1);
    }
    if ((flags & (FACE_SHOUT | FACE_PAIN)) != 0) {
        c.PaintLine(h(7, 6), h(11, 7), EYE, -1);
        c.PaintLine(h(8, 7), h(10, 8), EYE, -1);
    } else if ((flags & FACE_GRIN) != 0) {
        c.PaintLine(h(7, 6), h(11, 5.5f), EYE, 3);
    }
    // The bald head's shine.
    c.PaintPixel(h(-4, -9), SKIN, 3);
    c.PaintPixel(h(-3, -10), SKIN, 3);
}

Shape RockShape(Vec2 centre, float scale) {
    auto p = [&](float x, float y) { return centre + Vec2{x * scale, y * scale}; };
    Shape rock;
    rock.Polygon({p(-10, -4), p(-6, -9), p(2, -10), p(9, -6), p(11, 1), p(7, 8), p(-2, 9), p(-9, 6), p(-11, 1)}, 1.0f);
    return rock;
}

void DrawRockDetails(Canvas& c, Vec2 centre, float scale) {
    auto p = [&](float x, float y) { return centre + Vec2{x * scale, y * scale}; };
    c.PaintLine(p(-3, -5), p(1, -1), ROCK, 0);
    c.PaintLine(p(1, -1), p(5, 0), ROCK, 0);
    c.PaintLine(p(-6, 3), p(-2, 4), ROCK, 1);
    c.PaintPixel(p(-5, -5), ROCK, 3);
    c.PaintPixel(p(-4, -6), ROCK, 3);
}

// The super's slam: both fists hit the floor and the floor itself hits, a long wave running from
// the fists toward the front of the frame. Unlike the stomp's, it is drawn: a crest of dust lit at
// its edge, tallest where it breaks at the front, and chunks of floor thrown up (sprite only; the
// chunks above the wave are not hot).
void DrawSlam(Canvas& c, const Skeleton& s) {
    const float x0 = std::max(s.armNear.end.x, s.armFar.end.x) + 4.0f;
    // The fists' height says how far the slam has gone: on the floor at the impact, lifting after,
    // when the crest has run further and the debris flown higher.
    const float phase = std::clamp((-std::min(s.armNear.end.y, s.armFar.end.y) - 10.0f) / 20.0f, 0.0f, 1.0f);
    const float reach = Lerp(96.0f, 110.0f, phase);
    // Chunks of floor: jagged shards, each turned its own way.
    struct Chunk {
        float x, y, size, turn;
    };
    for (const Chunk& k : {Chunk{16, -26, 5.5f, 0.3f}, Chunk{40, -44, 7.0f, 1.4f}, Chunk{64, -30, 4.5f, 2.6f},
                           Chunk{88, -52, 6.0f, 0.9f}, Chunk{110, -34, 4.0f, 2.0f}}) {
        const Vec2 at = {x0 + k.x + phase * 10.0f, k.y * (1.0f + phase * 0.5f)};
        constexpr std::array<float, 7> RADII = {1.0f, 0.62f, 0.95f, 0.7f, 1.05f, 0.55f, 0.85f};
        std::vector<Vec2> shard;
        for (std::size_t i = 0; i < RADII.size(); ++i) {
            const float ang = k.turn + static_cast<float>(i) * 2.0f * PI / static_cast<float>(RADII.size());
            shard.push_back(at + Rotate({k.size * RADII[i], 0.0f}, ang));
        }
        Shape rock;
        rock.Polygon(std::move(shard), 0.5f);
        c.DrawPart(rock, ROCK, Region::Air, {.roundness = k.size * 0.6f, .castShadow = false});
    }
    Shape wave;
    wave.Ellipse({x0 + reach * 0.5f, -10.0f}, reach * 0.5f + 4.0f, 10.0f);
    c.MarkHotOverAir(wave, Region::Attack);
    // The crest: puffs of dust along the floor, growing toward the front where the wave breaks,
    // each with a lit cap. Later puffs overlap the earlier ones.
    const Rgb8 dust = Hex(0xcdbb9c);
    const Rgb8 lit = Hex(0xf0e4c8);
    constexpr std::array<float, 5> LUMP = {0.0f, 2.5f, -1.5f, 1.5f, -0.5f};
    std::size_t n = 0;
    for (float x = 0.0f; x <= reach; x += 11.0f, ++n) {
        const float t = x / reach;
        const float r = 5.0f + 10.0f * t * t + LUMP[n % LUMP.size()] * t;
        const Vec2 centre = {x0 + x, -1.0f - r * 0.7f};
        const auto alpha = static_cast<std::uint8_t>(140.0f + 100.0f * t);
        for (float dy = -r; dy <= r; dy += 1.0f) {
            for (float dx = -r; dx <= r; dx += 1.0f) {
                const float d2 = dx * dx + dy * dy;
                if (d2 > r * r || centre.y + dy > -0.5f) continue;
                // A lit cap along the top of each puff: the crest catches the light.
                const bool cap = dy < 0.0f && d2 > (r - 2.0f) * (r - 2.0f);
                c.PaintEffect(centre + Vec2{dx, dy}, cap ? lit : dust, alpha);
            }
        }
    }
    // A burst of white at the fists.
    const Vec2 hit = {x0 - 6.0f, -4.0f};
    for (const float a : {-2.9f, -2.45f, -2.0f, -1.55f, -1.1f, -0.65f, -0.2f}) {
        const Vec2 dir = Rotate({1.0f, 0.0f}, a);
        for (float r = 9.0f; r < 30.0f; r += 1.0f) {
            c.PaintEffect(hit + dir * r, Hex(0xffffff), static_cast<std::uint8_t>(240.0f * (30.0f - r) / 21.0f));
        }
    }
}

void DrawFrame(Canvas& c, const FrameSpec& f) {
    const Pose& p = f.pose;
    const Skeleton s = Solve(p, DIMS);
    DrawArm(c, s.armFar, p.handFar, p.handFarTurn, FAR_SIDE, ArmHotOf(f.flags, false));
    DrawLeg(c, s.legFar, p.footFar, FAR_SIDE, (f.flags & STRIKE_FAR_LEG) != 0);
    DrawSashTails(c, s);
    DrawTorso(c, s, p.breath);
    DrawLeg(c, s.legNear, p.footNear, NEAR_SIDE, (f.flags & STRIKE_NEAR_LEG) != 0);
    DrawBelt(c, s);
    DrawHead(c, s, f.flags);
    if ((f.flags & HOLDING) != 0) {
        const Vec2 centre = s.armNear.end + Rotate({9.0f, -3.0f}, Angle(s.armNear.end - s.armNear.joint));
        c.DrawPart(RockShape(centre, 0.8f), ROCK, Region::Held, {.roundness = 6.0f});
        DrawRockDetails(c, centre, 0.8f);
    }
    DrawArm(c, s.armNear, p.handNear, p.handNearTurn, NEAR_SIDE, ArmHotOf(f.flags, true));
    if ((f.flags & SWOOSH) != 0) {
        if ((f.flags & STRIKE_NEAR_LEG) != 0) DrawLegTrail(c, s.legNear, 1.1f);
        if ((f.flags & STRIKE_FAR_FIST) != 0) DrawFistTrail(c, s.armFar, 13.0f);
        if ((f.flags & STRIKE_NEAR_FIST) != 0) DrawFistTrail(c, s.armNear, 13.0f);
        if ((f.flags & STRIKE_FAR_FOREARM) != 0) DrawArmSweep(c, s.armFar, 24.0f, 12.0f);
        if ((f.flags & STRIKE_NEAR_FOREARM) != 0) DrawArmSweep(c, s.armNear, 24.0f, 12.0f);
    }
    if ((f.flags & SHOCKWAVE) != 0) {
        // HGE's hot area the sprite does not draw: the stomp's shockwave runs along the floor in
        // front of the foot. Only a few specks of dust hint at it.
        const float x0 = s.legNear.end.x + BOOT_LEN - 2.0f;
        Shape wave;
        wave.Ellipse({x0 + 11.0f, -5.5f}, 11.0f, 5.6f);
        c.MarkHot(wave, Region::Attack);
        const Rgb8 dust = Hex(0xc8b8a0);
        for (const Vec2 d : {Vec2{4, -2}, Vec2{9, -5}, Vec2{15, -3}, Vec2{22, -6}, Vec2{27, -2}, Vec2{33, -4}}) {
            c.PaintEffect({x0 + d.x, d.y}, dust, 90);
        }
        // Speed lines above the foot: it came down hard.
        const Vec2 ankle = s.legNear.end;
        for (const float dx : {-4.0f, 3.0f, 10.0f}) {
            for (float dy = 0.0f; dy < 12.0f; dy += 1.0f) {
                c.PaintEffect({ankle.x + dx, ankle.y - 26.0f + dy}, Hex(0xffffff),
                              static_cast<std::uint8_t>(40 + dy * 12));
            }
        }
    }
    if ((f.flags & SLAM) != 0) DrawSlam(c, s);
    if ((f.flags & SPEED_LINES) != 0) {
        // From the back of the body backward: the air it leaves behind.
        const float back = std::min({s.pelvis.x - 22.0f, s.legNear.end.x, s.legFar.end.x, s.Torso(-30, -50).x});
        DrawSpeedLines(c, back, s.headCentre.y - 6.0f, -12.0f, 40.0f);
    }
    if ((f.flags & SUPER_FLASH) != 0) {
        c.PaintHalo(Hex(0xffd23c), 210, 3);
        DrawFlashRays(c, s.Torso(4, -40), 58.0f, 104.0f);
    }
    // Invulnerable last: whatever the frame drew hot, nothing of it collides.
    if ((f.flags & INVULNERABLE) != 0) c.ClearHotmap();
}

// ---- poses ----

Pose Stance() {
    Pose p;
    p.pelvis = {0, -66};
    p.lean = 0.12f;
    p.headTilt = 0.05f;
    p.legNear = Ik(-24, FOOT_Y, Bend::Plus);
    p.legFar = Ik(20, FOOT_Y, Bend::Plus);
    p.armNear = Ik(22, -106, Bend::Minus);
    p.armFar = Ik(46, -110, Bend::Minus);
    return p;
}

Pose Crouched() {
    Pose p;
    // Hunched low over the knees with the weight sat back, so the head stays low and behind the
    // fists: high kicks sail over it.
    p.pelvis = {-18, -30};
    p.lean = 0.7f;
    p.headTilt = -0.32f;
    // The rear knee rests on the floor, its shin runs back, toes tucked under.
    p.legNear = Fk(0.45f, PI + 0.2f);
    p.footNear = 0.62f;
    p.legFar = Ik(18, FOOT_Y, Bend::Plus);
    p.armNear = Ik(30, -64, Bend::Minus);
    p.armFar = Ik(44, -70, Bend::Minus);
    return p;
}

AnimSpec Idle() {
    AnimSpec a{"idle", true, {}};
    const float bob[] = {0.0f, 1.0f, 2.0f, 1.0f};
    for (int i = 0; i < 4; ++i) {
        Pose p = ShiftBody(Stance(), {0.0f, bob[i]});
        p.breath = 1.0f - bob[i] * 0.5f;
        p.hairSway = bob[i] * 0.2f;
        a.frames.push_back({p, 10, 0});
    }
    return a;
}

// One step of a fighting walk: each foot plants for half the cycle and swings for the other half,
// half a cycle apart, so one foot is always down. `phase` in [0, 1).
Pose WalkPose(float phase) {
    auto foot = [](float centre, float ph, float& lift) {
        constexpr float STRIDE = 26.0f;
        ph -= std::floor(ph);
        if (ph < 0.5f) {
            lift = 0.0f;
            return centre + STRIDE * (0.5f - ph * 2.0f) * 0.5f;
        }
        const float q = (ph - 0.5f) * 2.0f;
        lift = std::sin(q * PI) * 13.0f;
        const float eased = q * q * (3.0f - 2.0f * q);
        return centre - STRIDE * 0.25f + STRIDE * 0.5f * eased;
    };
    float liftFar = 0.0f;
    float liftNear = 0.0f;
    const float xFar = foot(18.0f, phase, liftFar);
    const float xNear = foot(-22.0f, phase + 0.5f, liftNear);
    const float bob = std::fabs(std::sin(phase * 2.0f * PI)) * 3.0f;
    Pose p = ShiftBody(Stance(), {std::sin(phase * 2.0f * PI) * 1.5f, -bob + 2.0f});
    p.legFar = Ik(xFar, FOOT_Y - liftFar, Bend::Plus);
    p.legNear = Ik(xNear, FOOT_Y - liftNear, Bend::Plus);
    p.footFar = liftFar > 0.0f ? 0.25f : 0.0f;
    p.footNear = liftNear > 0.0f ? 0.25f : 0.0f;
    p.hairSway = std::sin(phase * 2.0f * PI);
    return p;
}

AnimSpec Walk(const char* name, bool forward) {
    AnimSpec a{name, true, {}};
    for (int i = 0; i < 6; ++i) {
        const float phase = static_cast<float>(forward ? i : 6 - i) / 6.0f;
        a.frames.push_back({WalkPose(phase), forward ? 7 : 8, 0});
    }
    return a;
}

AnimSpec Crouch() {
    return {"crouch", false, {{Blend(Stance(), Crouched(), 0.5f), 3, 0}, {Crouched(), 8, 0}}};
}

AnimSpec Jump() {
    Pose takeoff = Stance();
    takeoff.pelvis = {0, -72};
    takeoff.lean = 0.05f;
    takeoff.legNear = Ik(-10, -4, Bend::Plus);
    takeoff.legFar = Ik(10, -2, Bend::Plus);
    takeoff.footNear = 0.9f;
    takeoff.footFar = 0.8f;
    takeoff.armNear = Ik(18, -104, Bend::Minus);
    takeoff.armFar = Ik(44, -150, Bend::Minus);
    Pose tuck = Stance();
    tuck.pelvis = {0, -74};
    tuck.lean = 0.3f;
    tuck.legNear = Ik(-6, -44, Bend::Plus);
    tuck.legFar = Ik(16, -50, Bend::Plus);
    tuck.footNear = 0.5f;
    tuck.footFar = 0.4f;
    tuck.armNear = Ik(30, -112, Bend::Minus);
    tuck.armFar = Ik(48, -118, Bend::Minus);
    Pose apex = tuck;
    apex.pelvis = {0, -76};
    apex.lean = 0.4f;
    apex.legNear = Ik(2, -52, Bend::Plus);
    apex.legFar = Ik(22, -58, Bend::Plus);
    Pose fall = Stance();
    fall.pelvis = {0, -74};
    fall.lean = 0.1f;
    fall.legNear = Ik(-18, -16, Bend::Plus);
    fall.legFar = Ik(18, -22, Bend::Plus);
    fall.footNear = 0.35f;
    fall.footFar = 0.3f;
    fall.armNear = Ik(-8, -132, Bend::Minus);
    fall.armFar = Ik(56, -124, Bend::Minus);
    fall.hairSway = -1.0f;
    // The takeoff frame lasts the pre-jump (game::PREJUMP_TICKS): the crouch before the spring.
    return {"jump", false, {{takeoff, 4, 0}, {tuck, 10, 0}, {apex, 10, 0}, {fall, 30, 0}}};
}

AnimSpec LightPunch() {
    Pose wind = ShiftBody(Stance(), {-1, 0});
    wind.lean = 0.08f;
    wind.armFar = Ik(38, -112, Bend::Minus);
    // Two active frames: the half-extended fist covers close range, the full one reach.
    Pose half = ShiftBody(Stance(), {3, 0});
    half.lean = 0.18f;
    half.armFar = Ik(64, -116, Bend::Minus);
    Pose full = ShiftBody(Stance(), {6, 0});
    full.lean = 0.24f;
    full.armFar = Ik(92, -118, Bend::Minus);
    full.armNear = Ik(20, -110, Bend::Minus);
    Pose back = Blend(full, Stance(), 0.5f);
    return {"light_punch",
            false,
            {{wind, 4, 0},
             {half, 2, STRIKE_FAR_FIST | FACE_SHOUT},
             {full, 2, STRIKE_FAR_FIST | SWOOSH | FACE_SHOUT},
             {back, 5, 0},
             {Stance(), 6, 0}}};
}

AnimSpec HeavyKick() {
    // A stomp: weight back, knee up high, then the foot slammed flat on the floor in front.
    Pose shift = Stance();
    shift.pelvis = {0, -68};
    shift.lean = 0.0f;
    shift.legNear = Ik(-8, -30, Bend::Plus);
    shift.footNear = 0.5f;
    shift.legFar = Ik(14, FOOT_Y, Bend::Plus);
    shift.armNear = Ik(14, -112, Bend::Minus);
    shift.armFar = Ik(40, -118, Bend::Minus);
    Pose chamber = shift;
    chamber.pelvis = {2, -70};
    chamber.lean = -0.12f;
    chamber.headTilt = 0.1f;
    chamber.legNear = Ik(24, -58, Bend::Plus);
    chamber.footNear = 0.35f;
    chamber.armNear = Ik(-4, -124, Bend::Minus);
    chamber.armFar = Ik(46, -128, Bend::Minus);
    Pose extend = chamber;
    extend.pelvis = {8, -70};
    extend.lean = 0.0f;
    extend.legNear = Ik(44, -40, Bend::Plus);
    extend.footNear = 0.1f;
    extend.armNear = Ik(10, -120, Bend::Minus);
    extend.armFar = Ik(54, -120, Bend::Minus);
    Pose stomp = extend;
    stomp.pelvis = {22, -60};
    stomp.lean = 0.32f;
    stomp.headTilt = 0.15f;
    stomp.legNear = Ik(46, FOOT_Y, Bend::Plus);
    stomp.legFar = Ik(-12, AnkleYOnToes(0.6f, BOOT_LEN, BOOT_H), Bend::Plus);
    stomp.footFar = 0.6f;
    stomp.armNear = Ik(42, -80, Bend::Minus);
    stomp.armFar = Ik(66, -88, Bend::Minus);
    stomp.hairSway = 1.0f;
    Pose settle = stomp;
    settle.pelvis = {18, -64};
    settle.lean = 0.22f;
    settle.armNear = Ik(38, -94, Bend::Minus);
    settle.armFar = Ik(60, -100, Bend::Minus);
    Pose back = Blend(settle, Stance(), 0.6f);
    back.legNear = Ik(10, -24, Bend::Plus);
    back.footNear = 0.4f;
    return {"heavy_kick",
            false,
            {{shift, 5, 0},
             {chamber, 6, 0},
             {extend, 3, FACE_SHOUT},
             {stomp, 4, STRIKE_NEAR_LEG | SHOCKWAVE | FACE_SHOUT},
             {settle, 9, 0},
             {back, 10, 0}}};
}

AnimSpec LowKick() {
    Pose coil = Crouched();
    coil.legNear = Ik(-12, -14, Bend::Plus);
    coil.footNear = 0.3f;
    coil.lean = 0.5f;
    Pose reach = Crouched();
    reach.pelvis = {0, -36};
    reach.legNear = Ik(34, -12, Bend::Plus);
    reach.footNear = -0.1f;
    reach.lean = 0.35f;
    Pose sweep = Crouched();
    sweep.pelvis = {2, -34};
    sweep.lean = 0.22f;
    sweep.headTilt = -0.15f;
    sweep.legNear = Ik(70, -10, Bend::Plus);
    sweep.footNear = -0.15f;
    sweep.legFar = Ik(-4, FOOT_Y, Bend::Plus);
    sweep.armNear = Ik(20, -66, Bend::Minus);
    sweep.armFar = Ik(38, -76, Bend::Minus);
    Pose back = Blend(sweep, Crouched(), 0.55f);
    return {"low_kick",
            false,
            {{coil, 4, 0}, {reach, 3, 0}, {sweep, 3, STRIKE_NEAR_LEG | FACE_SHOUT}, {back, 6, 0}, {Crouched(), 8, 0}}};
}

Pose SpecialRelease() {
    Pose p = Stance();
    p.pelvis = {10, -64};
    p.lean = 0.32f;
    p.legNear = Ik(-20, FOOT_Y, Bend::Plus);
    p.legFar = Ik(30, FOOT_Y, Bend::Plus);
    // A low sidearm throw: the rock leaves at the height of a crouching opponent's head, low
    // enough to hit one and to be jumped.
    p.armNear = Ik(68, -64, Bend::Minus);
    p.armFar = Ik(16, -92, Bend::Minus);
    return p;
}

AnimSpec Special() {
    Pose wind = Stance();
    wind.pelvis = {-6, -66};
    wind.lean = -0.18f;
    wind.headTilt = 0.1f;
    wind.armNear = Ik(-40, -94, Bend::Plus);  // drawn back low: a sidearm throw
    wind.armFar = Ik(50, -122, Bend::Minus);
    wind.handFar = Hand::Open;
    Pose over = wind;
    over.pelvis = {0, -66};
    over.lean = 0.05f;
    over.armNear = Ik(-6, -84, Bend::Plus);
    over.armFar = Ik(40, -110, Bend::Minus);
    Pose follow = SpecialRelease();
    follow.pelvis = {12, -62};
    follow.lean = 0.42f;
    follow.armNear = Ik(60, -50, Bend::Minus);
    follow.hairSway = 1.0f;
    Pose back = Blend(follow, Stance(), 0.5f);
    return {"special",
            false,
            {{wind, 8, HOLDING},
             {over, 5, HOLDING | FACE_SHOUT},
             {SpecialRelease(), 4, FACE_SHOUT},
             // A long follow-through: a projectile is jumped and punished on reaction from mid range.
             {follow, 16, 0},
             {back, 14, 0}}};
}

AnimSpec BlockStand() {
    Pose p = Stance();
    p.pelvis = {-3, -65};
    p.lean = 0.02f;
    p.headTilt = 0.25f;
    p.armNear = Ik(24, -130, Bend::Minus);
    p.armFar = Ik(36, -136, Bend::Minus);
    p.handNearTurn = 0.2f;
    return {"block_stand", false, {{Blend(Stance(), p, 0.5f), 2, 0}, {p, 6, 0}}};
}

AnimSpec BlockCrouch() {
    Pose p = Crouched();
    p.pelvis = {-6, -37};
    p.lean = 0.4f;
    p.headTilt = 0.1f;
    p.armNear = Ik(32, -94, Bend::Minus);
    p.armFar = Ik(44, -100, Bend::Minus);
    return {"block_crouch", false, {{Blend(Crouched(), p, 0.5f), 2, 0}, {p, 6, 0}}};
}

AnimSpec Hit() {
    Pose a = Stance();
    a.pelvis = {-4, -66};
    a.lean = -0.22f;
    a.headTilt = -0.3f;
    // The blow throws the arms out: the far one up and open, the near one dropped back.
    a.armNear = Ik(-8, -90, Bend::Minus);
    a.armFar = Ik(30, -134, Bend::Minus);
    a.handFar = Hand::Open;
    Pose b = a;
    b.pelvis = {-8, -65};
    b.lean = -0.34f;
    b.headTilt = -0.35f;
    b.armNear = Ik(-16, -86, Bend::Minus);
    b.armFar = Ik(20, -138, Bend::Minus);
    Pose c = Blend(b, Stance(), 0.5f);
    return {"hit", false, {{a, 4, FACE_PAIN}, {b, 7, FACE_PAIN}, {c, 6, FACE_PAIN}}};
}

AnimSpec Knockdown() {
    Pose a = Stance();
    a.pelvis = {-6, -70};
    a.lean = -0.5f;
    a.headTilt = -0.35f;
    a.legFar = Ik(14, -14, Bend::Plus);
    a.footFar = 0.5f;
    a.armNear = Ik(-10, -128, Bend::Minus);
    a.armFar = Ik(20, -140, Bend::Minus);
    a.handNear = Hand::Open;
    a.handFar = Hand::Open;
    Pose b = a;
    b.pelvis = {-22, -54};
    b.lean = -0.95f;
    b.headTilt = -0.2f;
    b.legNear = Ik(12, -40, Bend::Plus);
    b.legFar = Ik(22, -48, Bend::Plus);
    b.footNear = 0.4f;
    b.footFar = 0.4f;
    b.armNear = Ik(-52, -118, Bend::Minus);
    b.armFar = Ik(-30, -126, Bend::Minus);
    Pose c = b;
    c.pelvis = {-26, -40};
    c.lean = -1.35f;
    c.legNear = Ik(26, -58, Bend::Plus);
    c.legFar = Ik(36, -62, Bend::Plus);
    c.armNear = Ik(-66, -76, Bend::Minus);
    c.armFar = Ik(-50, -90, Bend::Minus);
    Pose d = c;
    d.pelvis = {-24, -26};
    d.lean = -1.57f;
    d.headTilt = 0.0f;
    d.legNear = Ik(34, -40, Bend::Plus);
    d.legFar = Ik(44, -36, Bend::Plus);
    d.armNear = Ik(-74, -34, Bend::Minus);
    d.armFar = Ik(-60, -50, Bend::Minus);
    Pose e = d;
    e.pelvis = {-22, -24};
    e.legNear = Ik(46, -12, Bend::Plus);
    e.legFar = Ik(54, -10, Bend::Plus);
    e.footNear = -1.2f;
    e.footFar = -1.3f;
    e.armNear = Ik(-50, -8, Bend::Minus);
    e.armFar = Ik(-40, -16, Bend::Minus);
    e.handNear = Hand::Open;
    return {"knockdown",
            false,
            {{a, 6, FACE_PAIN}, {b, 6, FACE_PAIN}, {c, 6, FACE_PAIN}, {d, 6, FACE_PAIN}, {e, 40, FACE_PAIN}}};
}

AnimSpec Win() {
    Pose flex = Stance();
    flex.pelvis = {0, -67};
    flex.lean = 0.0f;
    flex.headTilt = -0.05f;
    flex.legNear = Ik(-22, FOOT_Y, Bend::Plus);
    flex.legFar = Ik(22, FOOT_Y, Bend::Plus);
    flex.armNear = Fk(PI + 0.25f, -PI * 0.5f - 0.1f);
    flex.armFar = Fk(-0.2f, -PI * 0.5f + 0.1f);
    flex.breath = 1.0f;
    Pose harder = ShiftBody(flex, {0, -1});
    harder.armNear = Fk(PI + 0.15f, -PI * 0.5f - 0.3f);
    harder.armFar = Fk(-0.1f, -PI * 0.5f + 0.3f);
    harder.breath = 2.0f;
    return {"win", true, {{flex, 14, FACE_GRIN}, {harder, 14, FACE_SHOUT}, {flex, 14, FACE_GRIN}}};
}

// ---- fight-depth animations: air attacks, throws, specials, the super ----

// The palm's centre of a solved arm: where a hand holds something (a throw's grip).
Vec2 PalmCentre(const Limb& arm, float handTurn) {
    return arm.end + Rotate({HAND_SIZE.x * 0.45f, 0.0f}, Angle(arm.end - arm.joint) + handTurn);
}

// Jump's tuck, the air attacks' base: anchored at the feet like jump, knees drawn up.
Pose AirTuck() {
    Pose p = Stance();
    p.pelvis = {0, -74};
    p.lean = 0.3f;
    p.legNear = Ik(-6, -44, Bend::Plus);
    p.legFar = Ik(16, -50, Bend::Plus);
    p.footNear = 0.5f;
    p.footFar = 0.4f;
    p.armNear = Ik(30, -112, Bend::Minus);
    p.armFar = Ik(48, -118, Bend::Minus);
    return p;
}

AnimSpec JumpPunch() {
    // An overhead: the lead fist cocked high over the head, then clubbed forward and down, forearm
    // first, onto the head of a standing opponent below; the rear arm whips back for torque.
    Pose wind = AirTuck();
    wind.lean = 0.0f;
    wind.headTilt = 0.15f;
    wind.armFar = Fk(-1.45f, -2.75f);
    wind.armNear = Ik(24, -112, Bend::Minus);
    wind.legNear = Ik(-4, -46, Bend::Plus);
    wind.legFar = Ik(18, -54, Bend::Plus);
    wind.hairSway = -1.0f;
    Pose swing = AirTuck();
    swing.pelvis = {2, -74};
    swing.lean = 0.42f;
    swing.headTilt = 0.1f;
    swing.armFar = Ik(84, -100, Bend::Minus);
    swing.armNear = Ik(-18, -104, Bend::Minus);
    swing.legNear = Ik(-20, -38, Bend::Plus);
    swing.footNear = 0.6f;
    swing.legFar = Ik(20, -48, Bend::Plus);
    swing.hairSway = 1.0f;
    Pose club = swing;
    club.pelvis = {4, -73};
    club.lean = 0.52f;
    club.headTilt = 0.15f;
    club.armFar = Ik(72, -62, Bend::Minus);
    club.armNear = Ik(-22, -96, Bend::Minus);
    club.legNear = Ik(-22, -34, Bend::Plus);
    Pose back = Blend(club, AirTuck(), 0.6f);
    back.legNear = Ik(-14, -28, Bend::Plus);
    back.legFar = Ik(16, -34, Bend::Plus);
    back.footNear = 0.4f;
    back.footFar = 0.35f;
    return {"jump_punch",
            false,
            {{wind, 4, FACE_SHOUT},
             {swing, 3, STRIKE_FAR_FIST | STRIKE_FAR_FOREARM | FACE_SHOUT},
             {club, 5, STRIKE_FAR_FIST | STRIKE_FAR_FOREARM | SWOOSH | FACE_SHOUT},
             {back, 18, 0}}};
}

AnimSpec JumpKick() {
    // A flying kick: the front knee chambered to the chest, then the boot driven forward and down,
    // the body leaning back behind it.
    Pose chamber = AirTuck();
    chamber.lean = 0.05f;
    chamber.legNear = Ik(14, -56, Bend::Plus);
    chamber.footNear = 0.3f;
    chamber.legFar = Ik(-8, -40, Bend::Plus);
    chamber.footFar = 0.7f;
    chamber.armNear = Ik(14, -112, Bend::Minus);
    chamber.armFar = Ik(44, -124, Bend::Minus);
    Pose kick = AirTuck();
    kick.pelvis = {-4, -78};
    kick.lean = -0.36f;
    kick.headTilt = 0.3f;
    kick.legNear = Ik(50, -42, Bend::Plus);
    kick.footNear = -0.85f;
    kick.legFar = Ik(-18, -44, Bend::Plus);
    kick.footFar = 0.8f;
    kick.armNear = Ik(-34, -118, Bend::Minus);
    kick.armFar = Ik(30, -134, Bend::Minus);
    kick.hairSway = -1.0f;
    Pose drive = kick;
    drive.pelvis = {0, -78};
    drive.lean = -0.42f;
    drive.headTilt = 0.35f;
    drive.legNear = Ik(60, -36, Bend::Plus);
    drive.footNear = -0.8f;
    drive.armNear = Ik(-40, -112, Bend::Minus);
    Pose back = Blend(drive, AirTuck(), 0.6f);
    back.legNear = Ik(4, -36, Bend::Plus);
    back.footNear = 0.3f;
    return {"jump_kick",
            false,
            {{chamber, 5, 0},
             {kick, 3, STRIKE_NEAR_LEG | FACE_SHOUT},
             {drive, 6, STRIKE_NEAR_LEG | FACE_SHOUT},
             {back, 16, 0}}};
}

AnimSpec Throw() {
    // A grab: both open hands lunge for the chest of someone standing close. Only the hands are hot
    // on the grab frame (a throw is decided by its own rule on these pixels).
    Pose reach = Stance();
    reach.pelvis = {2, -65};
    reach.lean = 0.14f;
    reach.headTilt = 0.05f;
    reach.legNear = Ik(-24, FOOT_Y, Bend::Plus);
    reach.legFar = Ik(24, FOOT_Y, Bend::Plus);
    reach.armNear = Ik(30, -110, Bend::Minus);
    reach.armFar = Ik(44, -122, Bend::Minus);
    reach.handNear = Hand::Open;
    reach.handFar = Hand::Open;
    reach.handNearTurn = -0.3f;
    reach.handFarTurn = -0.4f;
    Pose grab = reach;
    grab.pelvis = {5, -64};
    grab.lean = 0.2f;
    grab.legNear = Ik(-22, FOOT_Y, Bend::Plus);
    grab.legFar = Ik(30, FOOT_Y, Bend::Plus);
    // One hand at the chest of a standing opponent, the other low enough for a crouching one.
    grab.armNear = Ik(46, -76, Bend::Minus);
    grab.armFar = Ik(52, -102, Bend::Minus);
    grab.handNearTurn = -0.35f;
    grab.handFarTurn = -0.5f;
    grab.hairSway = 1.0f;
    Pose miss = grab;
    miss.pelvis = {3, -65};
    miss.lean = 0.1f;
    miss.headTilt = 0.2f;
    miss.armNear = Ik(30, -98, Bend::Minus);
    miss.armFar = Ik(40, -106, Bend::Minus);
    miss.handNear = Hand::Fist;
    miss.handFar = Hand::Fist;
    miss.handNearTurn = 0.0f;
    miss.handFarTurn = 0.0f;
    miss.hairSway = -1.0f;
    Pose back = Blend(miss, Stance(), 0.6f);
    return {"throw",
            false,
            {{reach, 6, 0}, {grab, 3, STRIKE_NEAR_FIST | STRIKE_FAR_FIST | FACE_SHOUT}, {miss, 10, 0}, {back, 12, 0}}};
}

// The throw's four holds. Every fighter's throw_toss runs 7, 7, 7, 14 ticks, so a victim's thrown
// frames 0-3 keep step with any thrower.
std::array<Pose, 4> TossPoses() {
    // Clutch: both hands on the victim's chest.
    Pose clutch = Stance();
    clutch.pelvis = {6, -64};
    clutch.lean = 0.15f;
    clutch.legNear = Ik(-22, FOOT_Y, Bend::Plus);
    clutch.legFar = Ik(28, FOOT_Y, Bend::Plus);
    clutch.armNear = Ik(40, -94, Bend::Minus);
    clutch.armFar = Ik(44, -98, Bend::Minus);
    clutch.handNear = Hand::Open;
    clutch.handFar = Hand::Open;
    clutch.handNearTurn = -0.2f;
    clutch.handFarTurn = -0.3f;
    // Lift: sunk on his legs, leaning back, he hauls the victim off the floor by the belt.
    Pose lift = clutch;
    lift.pelvis = {4, -60};
    lift.lean = 0.04f;
    lift.headTilt = 0.0f;
    lift.legNear = Ik(-26, FOOT_Y, Bend::Plus);
    lift.legFar = Ik(26, FOOT_Y, Bend::Plus);
    lift.armNear = Ik(32, -122, Bend::Minus);
    lift.armFar = Ik(40, -124, Bend::Minus);
    lift.handNearTurn = -0.6f;
    lift.handFarTurn = -0.6f;
    lift.breath = 1.0f;
    // Heave: legs driving straight, back arched, arms overhead and forward with the victim upside down.
    Pose heave = lift;
    heave.pelvis = {12, -70};
    heave.lean = 0.4f;
    heave.headTilt = -0.45f;
    heave.legNear = Ik(-22, AnkleYOnToes(0.4f, BOOT_LEN, BOOT_H), Bend::Plus);
    heave.footNear = 0.4f;
    heave.legFar = Ik(24, FOOT_Y, Bend::Plus);
    heave.armNear = Ik(46, -158, Bend::Minus);
    heave.armFar = Ik(62, -154, Bend::Minus);
    heave.handNearTurn = -0.9f;
    heave.handFarTurn = -0.9f;
    heave.breath = 2.0f;
    // Release: he follows through, bent over his front leg, hands opening after the victim.
    Pose release = Stance();
    release.pelvis = {14, -60};
    release.lean = 0.5f;
    release.headTilt = 0.1f;
    release.legNear = Ik(-24, AnkleYOnToes(0.6f, BOOT_LEN, BOOT_H), Bend::Plus);
    release.footNear = 0.6f;
    release.legFar = Ik(34, FOOT_Y, Bend::Plus);
    release.armNear = Ik(64, -100, Bend::Minus);
    release.armFar = Ik(84, -108, Bend::Minus);
    release.handNear = Hand::Open;
    release.handFar = Hand::Open;
    release.hairSway = 1.0f;
    return {clutch, lift, heave, release};
}

AnimSpec ThrowToss() {
    const std::array<Pose, 4> p = TossPoses();
    return {"throw_toss", false, {{p[0], 7, FACE_SHOUT}, {p[1], 7, FACE_SHOUT}, {p[2], 7, FACE_SHOUT}, {p[3], 14, 0}}};
}

// Where the victim's anchor goes in each throw_toss frame: its grip point on the near palm.
std::vector<std::array<std::int32_t, 2>> TossVictimOffsets() {
    std::vector<std::array<std::int32_t, 2>> out;
    const std::array<Pose, 4> poses = TossPoses();
    for (std::size_t i = 0; i < poses.size(); ++i) {
        const Skeleton s = Solve(poses[i], DIMS);
        // The lead (far) hand holds the grip point; the near hand lies on the victim beside it.
        const Vec2 hold = PalmCentre(s.armFar, poses[i].handFarTurn);
        out.push_back(VictimOffset(hold, static_cast<std::int32_t>(i)));
    }
    return out;
}

// A pose moved so that its grip point (the chest in frame 0, the belt after) is THROWN_GRIP[frame].
Pose OnGrip(const Pose& pose, std::int32_t frame) {
    const Skeleton s = Solve(pose, DIMS);
    const Vec2 grip = frame == 0 ? s.Torso(26, -32) : s.Torso(0, -4);
    return MovePose(pose, THROWN_GRIP[static_cast<std::size_t>(frame)] - grip);
}

// A thrown body flies up and away from its anchor: room on every side.
constexpr CanvasSpec THROWN_CANVAS = {288, 232, 144, 216};

// Up on one knee, a hand pushing off the other, head still low: getting up, from a throw or a
// knockdown.
Pose Rising() {
    Pose rising = Crouched();
    rising.pelvis = {-12, -36};
    rising.lean = 0.45f;
    rising.headTilt = -0.1f;
    rising.armNear = Ik(22, -42, Bend::Minus);
    rising.handNear = Hand::Open;
    rising.armFar = Ik(36, -76, Bend::Minus);
    rising.legFar = Ik(22, FOOT_Y, Bend::Plus);
    return rising;
}

AnimSpec GetUp() {
    return GetUpAnim(Knockdown().frames.back().pose, Rising(), Stance());
}

AnimSpec Thrown() {
    // Grabbed: hunched over the hands on his chest, reaching for the thrower's arms.
    Pose grabbed = Stance();
    grabbed.lean = 0.05f;
    grabbed.headTilt = -0.25f;
    grabbed.armNear = Ik(30, -118, Bend::Minus);
    grabbed.armFar = Ik(40, -124, Bend::Minus);
    grabbed.handNear = Hand::Open;
    grabbed.handFar = Hand::Open;
    grabbed.legNear = Ik(-16, FOOT_Y, Bend::Plus);
    grabbed.legFar = Ik(18, FOOT_Y, Bend::Plus);
    // Lifted: folded forward over the thrower's grip, legs dangling.
    Pose lifted = Stance();
    lifted.lean = 0.8f;
    lifted.headTilt = -0.3f;
    lifted.legNear = Ik(-18, -8, Bend::Plus);
    lifted.legFar = Ik(4, -4, Bend::Plus);
    lifted.footNear = 0.9f;
    lifted.footFar = 0.8f;
    lifted.armNear = Ik(40, -110, Bend::Minus);
    lifted.armFar = Ik(-20, -150, Bend::Minus);
    lifted.handNear = Hand::Open;
    lifted.handFar = Hand::Open;
    lifted.hairSway = -1.0f;
    // Upside down over the thrower's arms, flung head first: an upright flailing pose turned over.
    Pose flail = Stance();
    flail.lean = 0.1f;
    flail.headTilt = 0.25f;
    flail.legNear = Ik(-10, -12, Bend::Plus);
    flail.legFar = Ik(14, -22, Bend::Plus);
    flail.footNear = 0.3f;
    flail.footFar = 0.5f;
    flail.armNear = Ik(-34, -158, Bend::Minus);
    flail.armFar = Ik(24, -168, Bend::Minus);
    flail.handNear = Hand::Open;
    flail.handFar = Hand::Open;
    const Pose flipped = TurnPose(flail, 3.9f);
    // Falling away, head down, arms thrown out to break the fall.
    Pose sprawl = flail;
    sprawl.lean = -0.1f;
    sprawl.legNear = Ik(-22, -14, Bend::Plus);
    sprawl.legFar = Ik(18, -28, Bend::Plus);
    sprawl.armNear = Ik(-56, -150, Bend::Minus);
    sprawl.armFar = Ik(-4, -178, Bend::Minus);
    const Pose falling = TurnPose(sprawl, 4.45f);
    // Flat on his back, head away from the thrower, then up on an elbow and a knee.
    Pose lying = Stance();
    lying.pelvis = {-24, -24};
    lying.lean = -1.57f;
    lying.legNear = Ik(42, -16, Bend::Plus);
    lying.legFar = Ik(52, -12, Bend::Plus);
    lying.footNear = -1.0f;
    lying.footFar = -1.2f;
    lying.armNear = Ik(-60, -10, Bend::Minus);
    lying.armFar = Ik(-44, -22, Bend::Minus);
    lying.handNear = Hand::Open;
    lying.handFar = Hand::Open;
    const Pose rising = Rising();
    return {"thrown",
            false,
            {{OnGrip(grabbed, 0), 7, FACE_PAIN},
             {OnGrip(lifted, 1), 7, FACE_PAIN},
             {OnGrip(flipped, 2), 7, FACE_PAIN},
             {OnGrip(falling, 3), 14, FACE_PAIN},
             {lying, 30, FACE_PAIN},
             {rising, 12, 0}}};
}

// The rising specials and the super rise above the standing frame: taller canvases, the anchor
// still at the feet on the floor (the body leaves the floor inside the frame).
constexpr CanvasSpec TALL_CANVAS = {224, 256, 112, 248};
// The super's slam runs far along the floor in front: the anchor sits further back.
constexpr CanvasSpec SUPER_CANVAS = {304, 232, 96, 224};

AnimSpec AntiAir() {
    // A leaping uppercut. Startup dips and springs invulnerable; the lead fist then rises high in
    // front of and above the head, the body off the floor, the rear arm driving down for torque.
    Pose dip = Stance();
    dip.pelvis = {2, -52};
    dip.lean = 0.42f;
    dip.headTilt = 0.1f;
    dip.legNear = Ik(-26, FOOT_Y, Bend::Plus);
    dip.legFar = Ik(24, FOOT_Y, Bend::Plus);
    dip.armNear = Ik(16, -98, Bend::Minus);
    dip.armFar = Ik(40, -52, Bend::Minus);
    Pose spring = Stance();
    spring.pelvis = {8, -72};
    spring.lean = 0.2f;
    spring.headTilt = -0.1f;
    spring.legNear = Ik(-18, AnkleYOnToes(0.9f, BOOT_LEN, BOOT_H), Bend::Plus);
    spring.footNear = 0.9f;
    spring.legFar = Ik(20, -16, Bend::Plus);
    spring.footFar = 0.3f;
    spring.armNear = Ik(6, -96, Bend::Minus);
    spring.armFar = Ik(58, -114, Bend::Minus);
    Pose rise = Stance();
    rise.pelvis = {10, -100};
    rise.lean = -0.02f;
    rise.headTilt = -0.25f;
    rise.legNear = Ik(-6, -36, Bend::Plus);
    rise.footNear = 0.8f;
    rise.legFar = Ik(30, -70, Bend::Plus);
    rise.footFar = 0.4f;
    // The fist comes up through head height in front: it hits a standing opponent close, too.
    rise.armFar = Ik(60, -150, Bend::Minus);
    rise.armNear = Ik(-20, -118, Bend::Minus);
    rise.hairSway = -1.0f;
    Pose peak = rise;
    peak.pelvis = {12, -124};
    peak.lean = -0.14f;
    peak.headTilt = -0.3f;
    peak.legNear = Ik(2, -62, Bend::Plus);
    peak.legFar = Ik(32, -96, Bend::Plus);
    peak.armFar = Ik(44, -240, Bend::Minus);
    peak.armNear = Ik(-26, -140, Bend::Minus);
    Pose fall = Stance();
    fall.pelvis = {8, -96};
    fall.lean = 0.12f;
    fall.legNear = Ik(-12, -44, Bend::Plus);
    fall.legFar = Ik(22, -52, Bend::Plus);
    fall.footNear = 0.5f;
    fall.footFar = 0.4f;
    fall.armNear = Ik(14, -146, Bend::Minus);
    fall.armFar = Ik(52, -168, Bend::Minus);
    fall.hairSway = 1.0f;
    Pose land = Stance();
    land.pelvis = {4, -54};
    land.lean = 0.32f;
    land.legNear = Ik(-26, FOOT_Y, Bend::Plus);
    land.legFar = Ik(24, FOOT_Y, Bend::Plus);
    land.armNear = Ik(26, -92, Bend::Minus);
    land.armFar = Ik(44, -96, Bend::Minus);
    return {"anti_air",
            false,
            {{dip, 3, INVULNERABLE | FACE_SHOUT},
             {spring, 3, INVULNERABLE | FACE_SHOUT},
             {rise, 4, STRIKE_FAR_FIST | STRIKE_FAR_FOREARM | SWOOSH | FACE_SHOUT},
             {peak, 5, STRIKE_FAR_FIST | STRIKE_FAR_FOREARM | SWOOSH | FACE_SHOUT},
             {fall, 14, 0},
             {land, 10, 0}}};
}

AnimSpec Rush() {
    // A shoulder charge: head tucked, the lead shoulder and upper arm driven forward like a ram,
    // the forearm folded across the belly, the rear fist guarding the chin.
    Pose crouch = Stance();
    crouch.pelvis = {-6, -58};
    crouch.lean = 0.42f;
    crouch.headTilt = -0.1f;
    crouch.legNear = Ik(-34, FOOT_Y, Bend::Plus);
    crouch.legFar = Ik(22, FOOT_Y, Bend::Plus);
    crouch.armFar = Fk(0.8f, 2.2f);
    crouch.armNear = Ik(24, -104, Bend::Minus);
    Pose charge = Stance();
    charge.pelvis = {10, -62};
    charge.lean = 0.5f;
    charge.headTilt = -0.28f;
    charge.legNear = Ik(-40, AnkleYOnToes(0.7f, BOOT_LEN, BOOT_H), Bend::Plus);
    charge.footNear = 0.7f;
    charge.legFar = Ik(34, FOOT_Y, Bend::Plus);
    charge.armFar = Fk(0.25f, 1.85f);
    charge.armNear = Ik(40, -114, Bend::Minus);
    charge.hairSway = -1.0f;
    Pose stride = charge;
    stride.pelvis = {12, -66};
    stride.legNear = Ik(24, -24, Bend::Plus);
    stride.footNear = 0.2f;
    stride.legFar = Ik(-24, AnkleYOnToes(0.6f, BOOT_LEN, BOOT_H), Bend::Plus);
    stride.footFar = 0.6f;
    Pose drive = charge;
    drive.pelvis = {12, -61};
    drive.lean = 0.54f;
    drive.legNear = Ik(-34, AnkleYOnToes(0.5f, BOOT_LEN, BOOT_H), Bend::Plus);
    drive.footNear = 0.5f;
    drive.legFar = Ik(40, FOOT_Y, Bend::Plus);
    drive.armFar = Fk(0.2f, 1.8f);
    Pose brake = Stance();
    brake.pelvis = {6, -62};
    brake.lean = 0.26f;
    brake.legNear = Ik(-22, FOOT_Y, Bend::Plus);
    brake.legFar = Ik(32, FOOT_Y, Bend::Plus);
    brake.armNear = Ik(22, -102, Bend::Minus);
    brake.armFar = Ik(48, -106, Bend::Minus);
    brake.hairSway = 1.0f;
    const std::uint32_t hot = STRIKE_FAR_SHOULDER | SPEED_LINES | FACE_SHOUT;
    return {"rush", false, {{crouch, 10, 0}, {charge, 4, hot}, {stride, 4, hot}, {drive, 4, hot}, {brake, 14, 0}}};
}

AnimSpec Super() {
    // The super art: a roar with both fists up (held through the super freeze), a hop with the
    // fists locked overhead, then a two-fisted slam whose shockwave runs along the floor.
    Pose roar = Stance();
    roar.pelvis = {0, -68};
    roar.lean = -0.04f;
    roar.headTilt = -0.2f;
    roar.legNear = Ik(-30, FOOT_Y, Bend::Plus);
    roar.legFar = Ik(28, FOOT_Y, Bend::Plus);
    roar.armNear = Fk(PI + 0.55f, -PI * 0.5f - 0.2f);
    roar.armFar = Fk(-0.55f, -PI * 0.5f + 0.2f);
    roar.breath = 2.0f;
    Pose lock = Stance();
    lock.pelvis = {0, -58};
    lock.lean = -0.08f;
    lock.headTilt = -0.1f;
    lock.legNear = Ik(-28, FOOT_Y, Bend::Plus);
    lock.legFar = Ik(26, FOOT_Y, Bend::Plus);
    lock.armNear = Ik(4, -186, Bend::Plus);
    lock.armFar = Ik(12, -188, Bend::Plus);
    lock.breath = 1.0f;
    Pose hop = Stance();
    hop.pelvis = {10, -88};
    hop.lean = -0.24f;
    hop.headTilt = -0.15f;
    hop.legNear = Ik(-16, -40, Bend::Plus);
    hop.legFar = Ik(24, -46, Bend::Plus);
    hop.footNear = 0.5f;
    hop.footFar = 0.4f;
    hop.armNear = Ik(-16, -196, Bend::Plus);
    hop.armFar = Ik(-6, -200, Bend::Plus);
    hop.hairSway = -1.0f;
    Pose slam = Stance();
    slam.pelvis = {20, -44};
    slam.lean = 0.72f;
    slam.headTilt = -0.45f;
    slam.legNear = Fk(0.5f, PI + 0.15f);
    slam.footNear = 0.62f;
    slam.legFar = Ik(46, FOOT_Y, Bend::Plus);
    slam.armNear = Ik(76, -10, Bend::Minus);
    slam.armFar = Ik(88, -12, Bend::Minus);
    slam.handNearTurn = 0.5f;
    slam.handFarTurn = 0.5f;
    slam.hairSway = 1.0f;
    Pose quake = slam;
    quake.pelvis = {18, -48};
    quake.lean = 0.62f;
    quake.headTilt = -0.35f;
    quake.armNear = Ik(72, -24, Bend::Minus);
    quake.armFar = Ik(84, -28, Bend::Minus);
    quake.handNearTurn = 0.3f;
    quake.handFarTurn = 0.3f;
    Pose rise = Stance();
    rise.pelvis = {18, -50};
    rise.lean = 0.6f;
    rise.legNear = Ik(-14, FOOT_Y, Bend::Plus);
    rise.legFar = Ik(40, FOOT_Y, Bend::Plus);
    rise.armNear = Ik(50, -56, Bend::Minus);
    rise.armFar = Ik(64, -66, Bend::Minus);
    Pose stand = Blend(rise, Stance(), 0.45f);
    stand.legNear = Ik(-20, FOOT_Y, Bend::Plus);
    Pose settle = Blend(rise, Stance(), 0.8f);
    return {
        "super",
        false,
        // The roar is held through the super freeze; after it, 7 ticks to the slam, so a heavy
        // kick that hit combos into it (docs/rules.md, "Meter and the super").
        {{roar, 2, SUPER_FLASH | FACE_SHOUT},
         {lock, 3, FACE_SHOUT},
         {hop, 2, FACE_SHOUT},
         {slam, 4,
          SLAM | STRIKE_NEAR_FIST | STRIKE_FAR_FIST | STRIKE_NEAR_FOREARM | STRIKE_FAR_FOREARM | SWOOSH | FACE_SHOUT},
         {quake, 6, SLAM | FACE_SHOUT},
         {rise, 10, 0},
         {stand, 10, 0},
         {settle, 12, 0}}};
}

// The thrown rock, upright (it does not spin): a small canvas, the anchor at its centre.
constexpr CanvasSpec ROCK_CANVAS = {33, 29, 16, 14};

AnimArt RockAnim() {
    AnimArt out;
    out.name = "rock";
    out.loop = true;
    out.anchor = {ROCK_CANVAS.anchorX, ROCK_CANVAS.anchorY};
    for (int i = 0; i < 2; ++i) {
        Canvas c(ROCK_CANVAS.width, ROCK_CANVAS.height, ROCK_CANVAS.anchorX, ROCK_CANVAS.anchorY);
        Shape rock = RockShape({0, 0}, 1.0f);
        c.DrawPart(rock, ROCK, Region::Attack, {.roundness = 8.0f});
        DrawRockDetails(c, {0, 0}, 1.0f);
        // Dust trailing behind, alternating, so the flying rock shimmers.
        const Rgb8 dust = Hex(0xd8ccb8);
        for (int k = 0; k < 5; ++k) {
            const float y = static_cast<float>(-6 + k * 3 + (i == 0 ? 0 : 1));
            c.PaintEffect({-13.0f - static_cast<float>((k + i) % 3), y}, dust, 120);
        }
        out.frames.push_back({c.Sprite(), c.Hotmap(), 4});
    }
    return out;
}

}  // namespace

FighterArt BuildBrick() {
    FighterArt f;
    f.id = "brick";
    f.manifest.name = "Brick";
    f.manifest.health = 1040;  // the heavy takes more: balanced against the quick kicker in CPU-vs-CPU play
    f.manifest.walkForwardSpeed = 2.0;
    f.manifest.walkBackSpeed = 1.6;
    f.manifest.jumpVelocity = 10.5;
    f.manifest.jumpForwardSpeed = 2.5;
    f.manifest.gravity = 0.55;
    f.manifest.pushboxWidthPx = 60;
    f.manifest.pushboxHeightPx = 148;
    f.manifest.pushboxCrouchHeightPx = 100;
    for (const AnimSpec& a :
         {Idle(), Walk("walk_forward", true), Walk("walk_back", false), Crouch(), Jump(), BlockStand(), BlockCrouch(),
          Hit(), Knockdown(), Win(), LightPunch(), HeavyKick(), LowKick(), Special()}) {
        f.animations.push_back(RenderAnim(a, CANVAS, DrawFrame));
    }
    f.animations.push_back(RockAnim());
    // The fight-depth animations.
    for (const AnimSpec& a : {JumpPunch(), JumpKick(), Throw()})
        f.animations.push_back(RenderAnim(a, CANVAS, DrawFrame));
    AnimArt toss = RenderAnim(ThrowToss(), CANVAS, DrawFrame);
    toss.victimOffsets = TossVictimOffsets();
    f.animations.push_back(std::move(toss));
    f.animations.push_back(RenderAnim(Thrown(), THROWN_CANVAS, DrawFrame));
    f.animations.push_back(RenderAnim(GetUp(), CANVAS, DrawFrame));
    f.animations.push_back(RenderAnim(AntiAir(), TALL_CANVAS, DrawFrame));
    f.animations.push_back(RenderAnim(Rush(), CANVAS, DrawFrame));
    f.animations.push_back(RenderAnim(Super(), SUPER_CANVAS, DrawFrame));

    using game::HitHeight;
    // The rock leaves from the throwing hand of the release frame.
    const Skeleton release = Solve(SpecialRelease(), DIMS);
    const Vec2 hand = release.armNear.end + Vec2{10.0f, -2.0f};
    assets::ManifestProjectile rock;
    rock.animation = "rock";
    rock.spawnFrame = 2;
    rock.spawnPx = {static_cast<std::int32_t>(std::lround(hand.x)), static_cast<std::int32_t>(std::lround(hand.y))};
    rock.speedPxPerTick = 4.5;
    rock.lifetimeTicks = 120;
    // The heavy: more damage and knockback a hit, slower to start and to recover.
    AddMoves(f, MoveList{.lightPunch = {55, 18, 12, 6, 3.0, {1, 2}, HitHeight::High},
                         .heavyKick = {105, 30, 16, 11, 3.5, {3, 3}, HitHeight::Mid},
                         .lowKick = {75, 18, 12, 7, 3.5, {2, 2}, HitHeight::Low},
                         .lightPunchCancelFrames = {1, 3},
                         .heavyKickCancelFrames = {3, 4},
                         .lowKickCancelFrames = {2, 3},
                         .special = {90, 20, 14, 8, 2.0, {}, HitHeight::Mid},
                         .projectile = rock,
                         .jumpPunch = {70, 18, 9, 7, 2.0, {1, 2}, HitHeight::Overhead},
                         .jumpKick = {85, 20, 10, 8, 3.0, {1, 2}, HitHeight::Overhead},
                         // The leaping uppercut: its first two frames' hotmaps are all air.
                         .antiAir = {125, 34, 18, 10, 1.0, {2, 3}, HitHeight::Mid},
                         // The shoulder charge.
                         .rush = {110, 22, 14, 9, 1.0, {1, 3}, HitHeight::Mid},
                         .rushAdvancePxPerTick = 6.0,
                         // The grab, then the heave.
                         .grab = {160, 0, 0, 0, 0.0, {1, 1}, HitHeight::Mid},
                         // The roar held through the freeze, then the floor shockwave.
                         .super = {300, 50, 24, 14, 6.0, {3, 4}, HitHeight::Mid}});
    // The mirror match's second Brick: a blue vest, sash and gloves (red and blue swapped).
    for (const Material* m : {&VEST, &SASH, &SASH_BACK, &GLOVE, &GLOVE_FAR})
        AddPaletteSwaps(f.manifest, *m, [](Rgb8 c) { return Rgb8{c.b, c.g, c.r}; });
    return f;
}

}  // namespace artgen
