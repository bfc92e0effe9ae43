// kestrel: the quick kicker. Slim, long legs, a violet ponytail, teal top, purple leggings, a gold
// sash. About 126 px standing on a 208x176 canvas, anchor at the feet. Fast: short startups.
// Her heavy kick rises diagonally from hip to head height: it sails over a crouching opponent.
#include "tools/artgen/body.h"
#include "tools/artgen/manifest.h"

#include <algorithm>
#include <numbers>

namespace artgen {

namespace {

constexpr CanvasSpec CANVAS = {208, 176, 104, 168};
constexpr float BOOT_H = 7.0f;
constexpr float BOOT_LEN = 18.0f;
constexpr float FOOT_Y = -(BOOT_H + 1.5f);
constexpr float PI = std::numbers::pi_v<float>;
constexpr Vec2 HAND_SIZE = {9.5f, 8.0f};

const Dims DIMS = {
    .thigh = 35.0f,
    .shin = 33.0f,
    .upperArm = 22.0f,
    .forearm = 20.0f,
    .torso = 36.0f,
    .shoulderNear = {-10.0f, 6.0f},
    .shoulderFar = {9.0f, 5.0f},
    .hipNear = {-5.0f, 1.0f},
    .hipFar = {6.0f, 1.0f},
    .head = {2.0f, -11.0f},
};

const Material SKIN = {Hex(0x3a1c1c), {Hex(0x9a5a48), Hex(0xc98468), Hex(0xeab08e), Hex(0xfbd2b4)}};
const Material HAIR = {Hex(0x0e0616), {Hex(0x1e1030), Hex(0x321c4c), Hex(0x4c2c70), Hex(0x6c4494)}};
const Material TOP = {Hex(0x06262a), {Hex(0x0e4a50), Hex(0x177478), Hex(0x24a4a0), Hex(0x4cd2c4)}};
const Material PANTS = {Hex(0x120a22), {Hex(0x2a1848), Hex(0x44286e), Hex(0x60389a), Hex(0x8456c0)}};
const Material BOOT = {Hex(0x0a0810), {Hex(0x18141e), Hex(0x28222e), Hex(0x3a3244), Hex(0x544a5e)}};
const Material SASH = {Hex(0x3a2404), {Hex(0x8a5a10), Hex(0xb8841c), Hex(0xdcac34), Hex(0xf4d468)}};
const Material GLOVE = {Hex(0x0c0616), {Hex(0x22143a), Hex(0x361f56), Hex(0x4c2c74), Hex(0x6a4496)}};
const Material STEEL = {Hex(0x141822), {Hex(0x4a5466), Hex(0x7a8698), Hex(0xaab6c6), Hex(0xe4ecf4)}};
const Material EYE = {Hex(0x1a0a14), {Hex(0x1a0a14), Hex(0x1a0a14), Hex(0xf4f0f4), Hex(0xffffff)}};

constexpr float FAR_SHADE = 0.72f;
const Material SKIN_FAR = Darker(SKIN, FAR_SHADE);
const Material TOP_FAR = Darker(TOP, FAR_SHADE);
const Material PANTS_FAR = Darker(PANTS, FAR_SHADE);
const Material BOOT_FAR = Darker(BOOT, FAR_SHADE);
const Material GLOVE_FAR = Darker(GLOVE, FAR_SHADE);
const Material SASH_BACK = Darker(SASH, 0.8f);
const Material HAIR_BACK = Darker(HAIR, 0.85f);

struct LimbPalette {
    const Material* skin;
    const Material* trim;
    const Material* pants;
    const Material* boot;
    const Material* glove;
};
const LimbPalette NEAR_SIDE = {&SKIN, &TOP, &PANTS, &BOOT, &GLOVE};
const LimbPalette FAR_SIDE = {&SKIN_FAR, &TOP_FAR, &PANTS_FAR, &BOOT_FAR, &GLOVE_FAR};

// ---- drawing ----

// Which parts of an arm are hot: the glove alone (a punch) or the forearm too (an overhead).
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
    c.DrawPart(Segment(arm.root, arm.joint, 5.4f, 4.2f, 0.8f, 0.4f, 0.5f), *pal.skin, region(HOT_UPPER),
               {.roundness = 5.0f});
    c.DrawPart(Segment(arm.joint, arm.end, 4.4f, 3.6f), *pal.skin, region(HOT_FOREARM), {.roundness = 4.0f});
    // A teal bracer over the forearm; the fingerless glove is what hits.
    c.DrawPart(Segment(Lerp(arm.joint, arm.end, 0.42f), arm.end, 4.7f, 4.1f), *pal.trim, region(HOT_FOREARM),
               {.roundness = 4.0f, .castShadow = false});
    const float angle = Angle(arm.end - arm.joint) + handTurn;
    DrawHand(c, arm.end, angle, hand, HAND_SIZE, *pal.glove, region(HOT_FIST));
}

void DrawLeg(Canvas& c, const Limb& leg, float footAngle, const LimbPalette& pal, bool strike) {
    const Region lower = strike ? Region::Attack : Region::Leg;
    c.DrawPart(Segment(leg.root, leg.joint, 8.0f, 5.8f, 1.2f, 0.35f, 0.8f), *pal.pants, Region::Leg,
               {.roundness = 7.0f});
    // Knee-high boots with a teal cuff: thigh and shin read apart at a glance.
    c.DrawPart(Segment(leg.joint, leg.end, 5.6f, 3.9f, 1.2f, 0.3f, -0.8f), *pal.boot, lower, {.roundness = 5.0f});
    c.DrawPart(Segment(Lerp(leg.joint, leg.end, 0.06f), Lerp(leg.joint, leg.end, 0.18f), 5.7f, 5.3f), *pal.trim, lower,
               {.roundness = 5.0f, .castShadow = false});
    DrawBoot(c, leg.end, footAngle, BOOT_LEN, BOOT_H, *pal.boot, BOOT, lower);
}

void DrawPonytail(Canvas& c, const Skeleton& s) {
    const Vec2 root = s.Head(-7.5f, -6.5f);
    const float sway = s.pose.hairSway;
    // A high ponytail: it springs up and back from the tie, then hangs in world space (gravity);
    // only its root turns with the head.
    // Lying down, the hair spreads on the floor instead of through it.
    auto onFloor = [](Vec2 p, float radius) { return Vec2{p.x, std::min(p.y, -1.5f - radius)}; };
    const Vec2 p1 = onFloor(root + Vec2{-6.0f, -1.5f + sway}, 4.2f);
    const Vec2 p2 = onFloor(p1 + Vec2{-5.0f + sway, 8.0f}, 4.4f);
    const Vec2 p3 = onFloor(p2 + Vec2{-1.0f + sway * 2.5f, 10.0f}, 3.2f);
    const Vec2 p4 = onFloor(p3 + Vec2{2.0f + sway * 4.0f, 9.0f}, 0.8f);
    Shape tail;
    tail.Capsule(root, p1, 3.0f, 4.2f);
    tail.Capsule(p1, p2, 4.2f, 4.4f);
    tail.Capsule(p2, p3, 4.4f, 3.2f);
    tail.Capsule(p3, p4, 3.2f, 0.8f);
    c.DrawPart(tail, HAIR_BACK, Region::Head, {.roundness = 4.0f});
    // Strands: a light one along the top, a dark one along the underside.
    c.PaintLine(Lerp(root, p1, 0.6f), Lerp(p1, p2, 0.5f), HAIR_BACK, 3);
    c.PaintLine(Lerp(p1, p2, 0.6f), Lerp(p2, p3, 0.5f), HAIR_BACK, 1);
    c.PaintLine(Lerp(p2, p3, 0.6f), Lerp(p3, p4, 0.6f), HAIR_BACK, 1);
}

void DrawSashTails(Canvas& c, const Skeleton& s) {
    const Vec2 knot = s.Torso(-9, -5);
    const float sway = s.pose.hairSway * 3.0f;
    Vec2 end1 = knot + Vec2{-6.0f + sway, 13.0f};
    Vec2 end2 = knot + Vec2{-2.0f + sway, 15.0f};
    // The tails hang, but never through the floor.
    end1.y = std::min(end1.y, -4.0f);
    end2.y = std::min(end2.y, -4.0f);
    c.DrawPart(Segment(knot, end1, 2.4f, 1.8f), SASH_BACK, Region::Torso, {.roundness = 2.0f});
    c.DrawPart(Segment(knot, end2, 2.4f, 1.8f), SASH, Region::Torso, {.roundness = 2.0f});
}

void DrawTorso(Canvas& c, const Skeleton& s, float breath) {
    auto t = [&](float u, float v) { return s.Torso(u, v); };
    Shape hips;
    hips.Box(s.Torso(0, 0), {10.5f, 7.0f}, s.hipAngle, 4.0f);
    c.DrawPart(hips, PANTS, Region::Torso, {.roundness = 6.0f});
    const float b = breath * 0.5f;
    Shape top;
    top.Polygon({t(-8, -38), t(-3, -40), t(4, -40), t(9, -38), t(12 + b, -31), t(11 + b, -22), t(8, -13), t(7, -5),
                 t(-7, -5), t(-8, -13), t(-11, -24), t(-12, -33)},
                2.0f);
    top.Ellipse(t(6, -25), 6.0f + b, 5.0f, s.torsoAngle);
    c.DrawPart(top, TOP, Region::Torso, {.roundness = 8.0f});
    Shape neckline;
    neckline.Polygon({t(-2, -42), t(5, -42), t(2, -35)});
    c.PaintTone(neckline, SKIN, 2);
    // A seam down the side of the top and a light edge at the collar.
    c.PaintLine(t(-3, -30), t(-2, -8), TOP, 1);
    c.PaintLine(t(-3, -39), t(-1, -35), TOP, 3);
}

void DrawBelt(Canvas& c, const Skeleton& s) {
    Shape sash;
    sash.Capsule(s.Torso(-11, -5), s.Torso(10, -6), 3.0f, 3.0f);
    c.DrawPart(sash, SASH, Region::Torso, {.roundness = 3.0f});
    Shape knot;
    knot.Ellipse(s.Torso(-9, -5), 3.0f, 3.0f);
    c.DrawPart(knot, SASH, Region::Torso, {.roundness = 3.0f});
}

void DrawHead(Canvas& c, const Skeleton& s, std::uint32_t flags) {
    auto h = [&](float u, float v) { return s.Head(u, v); };
    const float a = s.headAngle;
    c.DrawPart(Segment(s.Torso(0.5f, -35), h(-1, 6), 4.2f, 3.8f), SKIN, Region::Head, {.roundness = 4.0f});
    Shape head;
    head.Ellipse(h(0, 0), 9.5f, 10.5f, a);
    head.Ellipse(h(2.5f, 4.5f), 7.5f, 6.5f, a);  // jaw
    head.Ellipse(h(9.2f, 0.8f), 1.8f, 2.2f, a);  // nose
    c.DrawPart(head, SKIN, Region::Head, {.roundness = 8.0f});
    // Hair: a cap over the skull and the back of the head, spiky bangs over the brow.
    Shape hair;
    hair.Ellipse(h(-1.0f, -2.5f), 10.5f, 9.5f, a);
    hair.Ellipse(h(-4.5f, 0.0f), 6.5f, 7.5f, a);
    Shape face;
    face.Polygon({h(-1, -1), h(2, -5), h(15, -6), h(15, 18), h(-1, 18)});
    hair.Cut(face);
    c.DrawPart(hair, HAIR, Region::Head, {.roundness = 6.0f});
    c.PaintLine(h(-6, -7), h(-1, -10), HAIR, 3);
    c.PaintLine(h(-8, -1), h(-5, -5), HAIR, 1);
    // Teal headband across the brow, its knot's tails flying behind.
    Shape band;
    band.Capsule(h(-9, -4), h(8.8f, -6.5f), 1.5f, 1.4f);
    c.DrawPart(band, TOP, Region::Head, {.roundness = 2.0f, .castShadow = false});
    Shape bangs;
    bangs.Polygon(
        {h(1, -6.5f), h(9.5f, -7), h(9.5f, -4.5f), h(8, -5), h(7, -2.5f), h(5.5f, -5), h(3.5f, -2.5f), h(2.5f, -5)});
    c.DrawPart(bangs, HAIR, Region::Head, {.roundness = 2.0f, .castShadow = false});
    const float sway = s.pose.hairSway;
    Shape tails;
    tails.Capsule(h(-9, -5), h(-9, -5) + Vec2{-8.0f, 2.0f + sway * 2.0f}, 1.6f, 1.0f);
    tails.Capsule(h(-9, -5), h(-9, -5) + Vec2{-6.0f, 5.0f + sway * 2.0f}, 1.6f, 1.0f);
    c.DrawPart(tails, TOP, Region::Head, {.roundness = 2.0f, .castShadow = false});
    if ((flags & FACE_PAIN) != 0) {
        c.PaintLine(h(4.5f, -0.5f), h(7, 0), EYE, -1);
    } else {
        c.PaintPixel(h(6, -1), EYE, -1);
        c.PaintPixel(h(6, 0), EYE, -1);
        c.PaintPixel(h(5, -1), EYE, 2);
        c.PaintLine(h(5, -2), h(7, -2), EYE, -1);
    }
    c.PaintLine(h(4, -4), h(7, -4.5f), HAIR, 0);
    if ((flags & (FACE_SHOUT | FACE_PAIN)) != 0) {
        c.PaintLine(h(6.5f, 5), h(8, 5), EYE, -1);
        c.PaintPixel(h(7, 6), EYE, -1);
    } else {
        c.PaintLine(h(6.5f, 5), h(8, 5), SKIN, 0);
    }
}

Shape BladeShape(Vec2 centre, float radius, float turn) {
    // Four points and four notches, symmetric about the centre so it spins true.
    std::vector<Vec2> pts;
    for (int i = 0; i < 8; ++i) {
        const float r = (i % 2 == 0) ? radius : radius * 0.32f;
        const float ang = turn + static_cast<float>(i) * PI / 4.0f;
        pts.push_back(centre + Rotate({r, 0.0f}, ang));
    }
    Shape s;
    s.Polygon(std::move(pts), 0.6f);
    return s;
}

void DrawBlade(Canvas& c, Vec2 centre, float radius, float turn, Region region) {
    Shape blade = BladeShape(centre, radius, turn);
    Shape hole;
    hole.Ellipse(centre, 1.3f, 1.3f);
    blade.Cut(hole);
    c.DrawPart(blade, STEEL, region, {.roundness = radius * 0.35f, .castShadow = false});
}

void DrawFrame(Canvas& c, const FrameSpec& f) {
    const Pose& p = f.pose;
    const Skeleton s = Solve(p, DIMS);
    DrawPonytail(c, s);
    DrawArm(c, s.armFar, p.handFar, p.handFarTurn, FAR_SIDE, ArmHotOf(f.flags, false));
    DrawLeg(c, s.legFar, p.footFar, FAR_SIDE, (f.flags & STRIKE_FAR_LEG) != 0);
    DrawSashTails(c, s);
    DrawTorso(c, s, p.breath);
    DrawLeg(c, s.legNear, p.footNear, NEAR_SIDE, (f.flags & STRIKE_NEAR_LEG) != 0);
    DrawBelt(c, s);
    DrawHead(c, s, f.flags);
    if ((f.flags & HOLDING) != 0) {
        const Vec2 centre = s.armNear.end + Rotate({8.0f, -5.0f}, Angle(s.armNear.end - s.armNear.joint));
        DrawBlade(c, centre, 6.5f, 0.3f, Region::Held);
    }
    DrawArm(c, s.armNear, p.handNear, p.handNearTurn, NEAR_SIDE, ArmHotOf(f.flags, true));
    if ((f.flags & SWOOSH) != 0) {
        if ((f.flags & STRIKE_NEAR_LEG) != 0) DrawLegTrail(c, s.legNear, 1.1f);
        if ((f.flags & STRIKE_FAR_FIST) != 0) DrawFistTrail(c, s.armFar, 8.0f);
        if ((f.flags & STRIKE_NEAR_FIST) != 0) DrawFistTrail(c, s.armNear, 8.0f);
        if ((f.flags & STRIKE_FAR_FOREARM) != 0) DrawArmSweep(c, s.armFar, 16.0f, 9.0f);
        if ((f.flags & STRIKE_NEAR_FOREARM) != 0) DrawArmSweep(c, s.armNear, 16.0f, 9.0f);
    }
    if ((f.flags & WHIRL) != 0) {
        // The whirlwind: the striking leg's circuit around the body, a ring seen from the side,
        // from behind her, over the top, round to the boot. Hot where it is air: the spin covers
        // all of it within the frame.
        const bool nearLeg = (f.flags & STRIKE_NEAR_LEG) != 0;
        const Limb& leg = nearLeg ? s.legNear : s.legFar;
        const float reach = Length(leg.end - leg.root) + BOOT_LEN * 0.6f;
        const float to = Angle(leg.end - leg.root);
        DrawSweep(c,
                  {.centre = leg.root,
                   .innerPx = reach * 0.45f,
                   .outerPx = reach,
                   .fromRadians = -4.2f,
                   .toRadians = 0.0f,
                   .squash = 0.42f,
                   .tilt = to},
                  true);
    }
    if ((f.flags & SPEED_LINES) != 0) {
        // From the back of the body backward: the air it leaves behind.
        const float back = std::min({s.pelvis.x - 14.0f, s.legNear.end.x, s.legFar.end.x, s.Torso(-14, -30).x});
        DrawSpeedLines(c, back, std::min(s.headCentre.y, s.pelvis.y) - 8.0f, -6.0f, 36.0f);
    }
    if ((f.flags & SUPER_FLASH) != 0) {
        c.PaintHalo(Hex(0x7cf0e4), 210, 3);
        DrawFlashRays(c, s.Torso(2, -26), 50.0f, 92.0f);
    }
    // Invulnerable last: whatever the frame drew hot, nothing of it collides.
    if ((f.flags & INVULNERABLE) != 0) c.ClearHotmap();
}

// ---- poses ----

Pose Stance() {
    Pose p;
    p.pelvis = {0, -68};
    p.lean = 0.06f;
    p.legNear = Ik(-18, AnkleYOnToes(0.35f, BOOT_LEN, BOOT_H), Bend::Plus);
    p.footNear = 0.35f;
    p.legFar = Ik(16, FOOT_Y, Bend::Plus);
    p.armNear = Ik(20, -94, Bend::Minus);
    p.armFar = Ik(36, -100, Bend::Minus);
    return p;
}

Pose Crouched() {
    Pose p;
    p.pelvis = {-2, -34};
    p.lean = 0.5f;
    p.headTilt = -0.3f;
    p.legNear = Ik(-22, AnkleYOnToes(0.6f, BOOT_LEN, BOOT_H), Bend::Plus);
    p.footNear = 0.6f;
    p.legFar = Ik(22, FOOT_Y, Bend::Plus);
    p.armNear = Ik(26, -64, Bend::Minus);
    p.armFar = Ik(38, -70, Bend::Minus);
    p.hairSway = 0.5f;
    return p;
}

AnimSpec Idle() {
    AnimSpec a{"idle", true, {}};
    const float bob[] = {0.0f, 1.0f, 2.0f, 2.0f, 1.0f, 0.0f};
    for (int i = 0; i < 6; ++i) {
        Pose p = ShiftBody(Stance(), {0.0f, bob[i]});
        p.hairSway = std::sin(static_cast<float>(i) * PI / 3.0f);
        p.breath = bob[i] * 0.5f;
        a.frames.push_back({p, 7, 0});
    }
    return a;
}

Pose WalkPose(float phase) {
    auto foot = [](float centre, float ph, float& lift) {
        constexpr float STRIDE = 24.0f;
        ph -= std::floor(ph);
        if (ph < 0.5f) {
            lift = 0.0f;
            return centre + STRIDE * (0.5f - ph * 2.0f) * 0.5f;
        }
        const float q = (ph - 0.5f) * 2.0f;
        lift = std::sin(q * PI) * 11.0f;
        const float eased = q * q * (3.0f - 2.0f * q);
        return centre - STRIDE * 0.25f + STRIDE * 0.5f * eased;
    };
    float liftFar = 0.0f;
    float liftNear = 0.0f;
    const float xFar = foot(15.0f, phase, liftFar);
    const float xNear = foot(-17.0f, phase + 0.5f, liftNear);
    const float bob = std::fabs(std::sin(phase * 2.0f * PI)) * 3.0f;
    Pose p = ShiftBody(Stance(), {0.0f, -bob + 2.0f});
    p.legFar = Ik(xFar, FOOT_Y - liftFar, Bend::Plus);
    p.legNear = Ik(xNear, FOOT_Y - liftNear, Bend::Plus);
    p.footFar = liftFar > 0.0f ? 0.3f : 0.0f;
    p.footNear = liftNear > 0.0f ? 0.3f : 0.0f;
    p.hairSway = std::sin(phase * 2.0f * PI);
    return p;
}

AnimSpec Walk(const char* name, bool forward) {
    AnimSpec a{name, true, {}};
    for (int i = 0; i < 6; ++i) {
        const float phase = static_cast<float>(forward ? i : 6 - i) / 6.0f;
        a.frames.push_back({WalkPose(phase), 5, 0});
    }
    return a;
}

AnimSpec Crouch() {
    return {"crouch", false, {{Blend(Stance(), Crouched(), 0.5f), 2, 0}, {Crouched(), 6, 0}}};
}

AnimSpec Jump() {
    Pose takeoff = Stance();
    takeoff.pelvis = {0, -74};
    takeoff.lean = 0.0f;
    takeoff.legNear = Ik(-8, -3, Bend::Plus);
    takeoff.legFar = Ik(6, -1, Bend::Plus);
    takeoff.footNear = 1.0f;
    takeoff.footFar = 0.9f;
    takeoff.armNear = Ik(14, -92, Bend::Minus);
    takeoff.armFar = Ik(30, -128, Bend::Minus);
    takeoff.hairSway = -1.0f;
    Pose tuck = Stance();
    tuck.pelvis = {0, -76};
    tuck.lean = 0.25f;
    tuck.legNear = Ik(-2, -46, Bend::Plus);
    tuck.legFar = Ik(14, -52, Bend::Plus);
    tuck.footNear = 0.6f;
    tuck.footFar = 0.5f;
    tuck.armNear = Ik(22, -96, Bend::Minus);
    tuck.armFar = Ik(34, -102, Bend::Minus);
    tuck.hairSway = -1.0f;
    Pose apex = tuck;
    apex.pelvis = {0, -78};
    apex.lean = 0.45f;
    apex.legNear = Ik(8, -56, Bend::Plus);
    apex.legFar = Ik(20, -62, Bend::Plus);
    apex.hairSway = 0.0f;
    Pose fall = Stance();
    fall.pelvis = {0, -76};
    fall.lean = 0.1f;
    fall.legNear = Ik(-14, -14, Bend::Plus);
    fall.legFar = Ik(16, -24, Bend::Plus);
    fall.footNear = 0.4f;
    fall.footFar = 0.3f;
    fall.armNear = Ik(-10, -104, Bend::Minus);
    fall.armFar = Ik(46, -104, Bend::Minus);
    fall.hairSway = 1.0f;
    Pose land = Blend(fall, Stance(), 0.4f);
    land.hairSway = 1.0f;
    // The takeoff frame lasts the pre-jump (game::PREJUMP_TICKS): the crouch before the spring.
    return {"jump", false, {{takeoff, 4, 0}, {tuck, 7, 0}, {apex, 8, 0}, {fall, 8, 0}, {land, 30, 0}}};
}

AnimSpec LightPunch() {
    Pose wind = ShiftBody(Stance(), {-1, 0});
    wind.lean = 0.02f;
    wind.armFar = Ik(30, -98, Bend::Minus);
    Pose half = ShiftBody(Stance(), {3, 0});
    half.lean = 0.12f;
    half.armFar = Ik(50, -102, Bend::Minus);
    Pose hit = ShiftBody(Stance(), {6, 0});
    hit.lean = 0.18f;
    hit.armFar = Ik(72, -104, Bend::Minus);
    hit.armNear = Ik(18, -94, Bend::Minus);
    hit.hairSway = -0.8f;
    Pose back = Blend(hit, Stance(), 0.5f);
    return {
        "light_punch",
        false,
        {{wind, 2, 0}, {half, 1, 0}, {hit, 2, STRIKE_FAR_FIST | SWOOSH | FACE_SHOUT}, {back, 4, 0}, {Stance(), 5, 0}}};
}

Pose HighKick() {
    Pose p = Stance();
    p.pelvis = {12, -75};  // a step in behind the kick: her long poke
    p.lean = -0.45f;
    p.headTilt = 0.25f;
    // Thigh and shin both rising: the shin runs from hip height to head height.
    p.legNear = Fk(-0.98f, -1.05f);
    p.footNear = -0.55f;
    p.legFar = Ik(7, AnkleYOnToes(0.25f, BOOT_LEN, BOOT_H), Bend::Plus);
    p.footFar = 0.25f;
    p.armNear = Ik(-26, -74, Bend::Minus);
    p.armFar = Ik(14, -104, Bend::Minus);
    p.hairSway = 1.0f;
    return p;
}

AnimSpec HeavyKick() {
    Pose pivot = Stance();
    pivot.pelvis = {1, -69};
    pivot.lean = 0.0f;
    pivot.legNear = Ik(-6, -28, Bend::Plus);
    pivot.footNear = 0.6f;
    pivot.legFar = Ik(8, FOOT_Y, Bend::Plus);
    pivot.hairSway = -0.5f;
    Pose chamber = pivot;
    chamber.pelvis = {-1, -71};
    chamber.lean = -0.2f;
    chamber.legNear = Ik(14, -66, Bend::Plus);
    chamber.footNear = 0.4f;
    chamber.legFar = Ik(5, AnkleYOnToes(0.25f, BOOT_LEN, BOOT_H), Bend::Plus);
    chamber.footFar = 0.25f;
    chamber.armNear = Ik(-12, -82, Bend::Minus);
    chamber.hairSway = 0.0f;
    Pose retract = chamber;
    retract.hairSway = 1.0f;
    Pose land = Blend(chamber, Stance(), 0.6f);
    land.legNear = Ik(-12, -20, Bend::Plus);
    return {"heavy_kick",
            false,
            {{pivot, 3, 0},
             {chamber, 3, 0},
             {Blend(chamber, HighKick(), 0.55f), 2, 0},
             {HighKick(), 4, STRIKE_NEAR_LEG | SWOOSH | FACE_SHOUT},
             {retract, 6, 0},
             {land, 5, 0},
             {Stance(), 5, 0}}};
}

AnimSpec LowKick() {
    Pose coil = Crouched();
    coil.legNear = Ik(-8, -16, Bend::Plus);
    coil.footNear = 0.4f;
    Pose sweep = Crouched();
    sweep.pelvis = {2, -30};
    sweep.lean = 0.3f;
    sweep.headTilt = -0.1f;
    sweep.legNear = Ik(58, -7, Bend::Plus);
    sweep.footNear = -0.25f;
    sweep.legFar = Ik(-4, FOOT_Y, Bend::Plus);
    sweep.armNear = Ik(14, -56, Bend::Minus);
    sweep.armFar = Ik(30, -66, Bend::Minus);
    sweep.hairSway = -1.0f;
    Pose back = Blend(sweep, Crouched(), 0.55f);
    return {"low_kick",
            false,
            {{coil, 3, 0},
             {Blend(coil, sweep, 0.5f), 3, 0},
             {sweep, 3, STRIKE_NEAR_LEG | FACE_SHOUT},
             {back, 6, 0},
             {Crouched(), 6, 0}}};
}

Pose SpecialRelease() {
    Pose p = Stance();
    p.pelvis = {8, -67};
    p.lean = 0.3f;
    p.legNear = Ik(-16, AnkleYOnToes(0.5f, BOOT_LEN, BOOT_H), Bend::Plus);
    p.footNear = 0.5f;
    p.legFar = Ik(26, FOOT_Y, Bend::Plus);
    // A low sidearm release: the blade flies at the height of a crouching opponent's head, low
    // enough to hit one and to be jumped.
    p.armNear = Ik(60, -60, Bend::Minus);
    p.armFar = Ik(6, -84, Bend::Minus);
    p.hairSway = -1.0f;
    return p;
}

AnimSpec Special() {
    Pose wind = Stance();
    wind.pelvis = {-4, -68};
    wind.lean = -0.15f;
    wind.armNear = Ik(-24, -86, Bend::Plus);  // drawn back low: a sidearm throw
    wind.armFar = Ik(38, -104, Bend::Minus);
    wind.handFar = Hand::Open;
    wind.hairSway = 1.0f;
    Pose whip = wind;
    whip.pelvis = {2, -68};
    whip.lean = 0.1f;
    whip.armNear = Ik(22, -82, Bend::Minus);
    whip.armFar = Ik(24, -92, Bend::Minus);
    Pose follow = SpecialRelease();
    follow.pelvis = {10, -66};
    follow.lean = 0.4f;
    follow.armNear = Ik(46, -50, Bend::Minus);
    follow.handNear = Hand::Open;
    Pose back = Blend(follow, Stance(), 0.5f);
    return {"special",
            false,
            {{wind, 5, HOLDING},
             {whip, 3, HOLDING | FACE_SHOUT},
             {SpecialRelease(), 3, FACE_SHOUT},
             // A long follow-through: a projectile is jumped and punished on reaction from mid range.
             {follow, 16, 0},
             {back, 12, 0}}};
}

AnimSpec BlockStand() {
    Pose p = Stance();
    p.pelvis = {-3, -67};
    p.lean = -0.04f;
    p.headTilt = 0.25f;
    p.armNear = Ik(18, -112, Bend::Minus);
    p.armFar = Ik(26, -116, Bend::Minus);
    return {"block_stand", false, {{Blend(Stance(), p, 0.5f), 2, 0}, {p, 6, 0}}};
}

AnimSpec BlockCrouch() {
    Pose p = Crouched();
    p.pelvis = {-4, -33};
    p.lean = 0.35f;
    p.headTilt = 0.1f;
    p.armNear = Ik(24, -80, Bend::Minus);
    p.armFar = Ik(32, -86, Bend::Minus);
    return {"block_crouch", false, {{Blend(Crouched(), p, 0.5f), 2, 0}, {p, 6, 0}}};
}

AnimSpec Hit() {
    Pose a = Stance();
    a.pelvis = {-4, -68};
    a.lean = -0.25f;
    a.headTilt = -0.3f;
    a.armNear = Ik(10, -84, Bend::Minus);
    a.armFar = Ik(22, -82, Bend::Minus);
    a.handFar = Hand::Open;
    a.hairSway = 1.0f;
    Pose b = a;
    b.pelvis = {-7, -67};
    b.lean = -0.38f;
    b.headTilt = -0.35f;
    b.armNear = Ik(2, -80, Bend::Minus);
    b.armFar = Ik(14, -76, Bend::Minus);
    Pose c = Blend(b, Stance(), 0.5f);
    return {"hit", false, {{a, 3, FACE_PAIN}, {b, 6, FACE_PAIN}, {c, 5, FACE_PAIN}}};
}

AnimSpec Knockdown() {
    Pose a = Stance();
    a.pelvis = {-6, -72};
    a.lean = -0.5f;
    a.headTilt = -0.4f;
    a.legFar = Ik(12, -12, Bend::Plus);
    a.footFar = 0.5f;
    a.armNear = Ik(-12, -108, Bend::Minus);
    a.armFar = Ik(12, -118, Bend::Minus);
    a.handNear = Hand::Open;
    a.handFar = Hand::Open;
    a.hairSway = 1.0f;
    Pose b = a;
    b.pelvis = {-20, -56};
    b.lean = -0.95f;
    b.headTilt = -0.2f;
    b.legNear = Ik(10, -40, Bend::Plus);
    b.legFar = Ik(20, -48, Bend::Plus);
    b.footNear = 0.5f;
    b.footFar = 0.5f;
    b.armNear = Ik(-46, -98, Bend::Minus);
    b.armFar = Ik(-28, -106, Bend::Minus);
    Pose c = b;
    c.pelvis = {-24, -36};
    c.lean = -1.35f;
    c.legNear = Ik(24, -56, Bend::Plus);
    c.legFar = Ik(34, -60, Bend::Plus);
    c.armNear = Ik(-60, -64, Bend::Minus);
    c.armFar = Ik(-46, -76, Bend::Minus);
    Pose d = c;
    d.pelvis = {-22, -16};
    d.lean = -1.57f;
    d.headTilt = 0.0f;
    d.legNear = Ik(30, -36, Bend::Plus);
    d.legFar = Ik(40, -32, Bend::Plus);
    d.armNear = Ik(-60, -24, Bend::Minus);
    d.armFar = Ik(-50, -36, Bend::Minus);
    Pose e = d;
    e.pelvis = {-20, -15};
    e.legNear = Ik(44, -10, Bend::Plus);
    e.legFar = Ik(50, -8, Bend::Plus);
    e.footNear = -1.2f;
    e.footFar = -1.3f;
    e.armNear = Ik(-40, -6, Bend::Minus);
    e.armFar = Ik(-30, -12, Bend::Minus);
    e.handNear = Hand::Open;
    e.hairSway = -1.0f;
    return {"knockdown",
            false,
            {{a, 5, FACE_PAIN}, {b, 5, FACE_PAIN}, {c, 5, FACE_PAIN}, {d, 6, FACE_PAIN}, {e, 40, FACE_PAIN}}};
}

AnimSpec Win() {
    Pose a = Stance();
    a.pelvis = {0, -70};
    a.lean = -0.02f;
    a.legNear = Ik(-14, FOOT_Y, Bend::Plus);
    a.footNear = 0.0f;
    a.legFar = Ik(12, FOOT_Y, Bend::Plus);
    a.armNear = Ik(-14, -76, Bend::Plus);  // hand on the hip
    a.armFar = Fk(-1.2f, -1.6f);           // fist raised high
    Pose b = ShiftBody(a, {0, -1});
    b.armFar = Fk(-1.35f, -1.5f);
    b.hairSway = 1.0f;
    Pose c = a;
    c.hairSway = -1.0f;
    return {"win", true, {{a, 12, FACE_GRIN}, {b, 12, FACE_SHOUT}, {c, 12, FACE_GRIN}}};
}

// ---- fight-depth animations: air attacks, throws, specials, the super ----

// The palm's centre of a solved arm: where a hand holds something (a throw's grip).
Vec2 PalmCentre(const Limb& arm, float handTurn) {
    return arm.end + Rotate({HAND_SIZE.x * 0.45f, 0.0f}, Angle(arm.end - arm.joint) + handTurn);
}

// Jump's tuck, the air attacks' base: anchored at the feet like jump, knees drawn up.
Pose AirTuck() {
    Pose p = Stance();
    p.pelvis = {0, -76};
    p.lean = 0.25f;
    p.legNear = Ik(-2, -46, Bend::Plus);
    p.legFar = Ik(14, -52, Bend::Plus);
    p.footNear = 0.6f;
    p.footFar = 0.5f;
    p.armNear = Ik(22, -96, Bend::Minus);
    p.armFar = Ik(34, -102, Bend::Minus);
    return p;
}

AnimSpec JumpPunch() {
    // An overhead: the lead fist cocked by the ear, then driven forward and down, forearm first,
    // at the head of a standing opponent below; the rear arm snaps back.
    Pose wind = AirTuck();
    wind.lean = 0.0f;
    wind.headTilt = 0.15f;
    wind.armFar = Fk(-1.5f, -2.8f);
    wind.armNear = Ik(18, -96, Bend::Minus);
    wind.legNear = Ik(0, -48, Bend::Plus);
    wind.legFar = Ik(16, -56, Bend::Plus);
    wind.hairSway = -1.0f;
    Pose swing = AirTuck();
    swing.pelvis = {2, -76};
    swing.lean = 0.4f;
    swing.headTilt = 0.1f;
    swing.armFar = Ik(60, -84, Bend::Minus);
    swing.armNear = Ik(-14, -90, Bend::Minus);
    swing.legNear = Ik(-22, -38, Bend::Plus);
    swing.footNear = 0.7f;
    swing.legFar = Ik(4, -42, Bend::Plus);
    swing.footFar = 0.6f;
    swing.hairSway = 1.0f;
    Pose drive = swing;
    drive.pelvis = {4, -75};
    drive.lean = 0.5f;
    drive.headTilt = 0.15f;
    drive.armFar = Ik(54, -66, Bend::Minus);
    drive.armNear = Ik(-16, -84, Bend::Minus);
    drive.legNear = Ik(-24, -34, Bend::Plus);
    drive.legFar = Ik(0, -38, Bend::Plus);
    Pose back = Blend(drive, AirTuck(), 0.6f);
    back.legNear = Ik(-12, -26, Bend::Plus);
    back.legFar = Ik(14, -34, Bend::Plus);
    back.footNear = 0.4f;
    back.footFar = 0.35f;
    return {"jump_punch",
            false,
            {{wind, 3, FACE_SHOUT},
             {swing, 2, STRIKE_FAR_FIST | STRIKE_FAR_FOREARM | FACE_SHOUT},
             {drive, 4, STRIKE_FAR_FIST | STRIKE_FAR_FOREARM | SWOOSH | FACE_SHOUT},
             {back, 14, 0}}};
}

AnimSpec JumpKick() {
    // A flying side kick: knee chambered to the chest, then the long leg driven out forward and
    // down, the body laid back behind it.
    Pose chamber = AirTuck();
    chamber.lean = 0.0f;
    chamber.legNear = Ik(14, -62, Bend::Plus);
    chamber.footNear = 0.3f;
    chamber.legFar = Ik(-8, -44, Bend::Plus);
    chamber.footFar = 0.7f;
    chamber.armNear = Ik(12, -94, Bend::Minus);
    chamber.armFar = Ik(30, -106, Bend::Minus);
    chamber.hairSway = -1.0f;
    Pose kick = AirTuck();
    kick.pelvis = {-4, -80};
    kick.lean = -0.36f;
    kick.headTilt = 0.3f;
    kick.legNear = Ik(58, -46, Bend::Plus);
    kick.footNear = -0.8f;
    kick.legFar = Ik(-16, -48, Bend::Plus);
    kick.footFar = 0.8f;
    kick.armNear = Ik(-28, -100, Bend::Minus);
    kick.armFar = Ik(16, -120, Bend::Minus);
    kick.hairSway = 1.0f;
    Pose drive = kick;
    drive.pelvis = {0, -80};
    drive.lean = -0.42f;
    drive.headTilt = 0.35f;
    drive.legNear = Ik(66, -40, Bend::Plus);
    drive.footNear = -0.75f;
    drive.armNear = Ik(-32, -94, Bend::Minus);
    Pose back = Blend(drive, AirTuck(), 0.6f);
    back.legNear = Ik(6, -38, Bend::Plus);
    back.footNear = 0.3f;
    return {"jump_kick",
            false,
            {{chamber, 3, 0},
             {kick, 3, STRIKE_NEAR_LEG | FACE_SHOUT},
             {drive, 5, STRIKE_NEAR_LEG | FACE_SHOUT},
             {back, 14, 0}}};
}

AnimSpec Throw() {
    // A grab: both open hands dart at the chest of someone standing close. Only the hands are hot
    // on the grab frame (a throw is decided by its own rule on these pixels).
    Pose reach = Stance();
    reach.pelvis = {2, -67};
    reach.lean = 0.12f;
    reach.armNear = Ik(24, -96, Bend::Minus);
    reach.armFar = Ik(34, -106, Bend::Minus);
    reach.handNear = Hand::Open;
    reach.handFar = Hand::Open;
    reach.handNearTurn = -0.3f;
    reach.handFarTurn = -0.4f;
    Pose grab = reach;
    grab.pelvis = {8, -66};
    grab.lean = 0.26f;
    grab.legFar = Ik(28, FOOT_Y, Bend::Plus);
    // One hand at the chest of a standing opponent, the other low enough for a crouching one.
    grab.armNear = Ik(40, -70, Bend::Minus);
    grab.armFar = Ik(48, -96, Bend::Minus);
    grab.handNearTurn = -0.35f;
    grab.handFarTurn = -0.45f;
    grab.hairSway = -1.0f;
    Pose miss = grab;
    miss.pelvis = {3, -67};
    miss.lean = 0.08f;
    miss.headTilt = 0.2f;
    miss.armNear = Ik(24, -92, Bend::Minus);
    miss.armFar = Ik(32, -98, Bend::Minus);
    miss.handNear = Hand::Fist;
    miss.handFar = Hand::Fist;
    miss.handNearTurn = 0.0f;
    miss.handFarTurn = 0.0f;
    miss.hairSway = 1.0f;
    Pose back = Blend(miss, Stance(), 0.6f);
    return {"throw",
            false,
            {{reach, 5, 0}, {grab, 3, STRIKE_NEAR_FIST | STRIKE_FAR_FIST | FACE_SHOUT}, {miss, 8, 0}, {back, 10, 0}}};
}

// The throw's four holds. Every fighter's throw_toss runs 7, 7, 7, 14 ticks, so a victim's thrown
// frames 0-3 keep step with any thrower.
std::array<Pose, 4> TossPoses() {
    // Clutch: both hands on the victim's chest.
    Pose clutch = Stance();
    clutch.pelvis = {4, -67};
    clutch.lean = 0.12f;
    clutch.armNear = Ik(36, -95, Bend::Minus);
    clutch.armFar = Ik(41, -100, Bend::Minus);
    clutch.handNear = Hand::Open;
    clutch.handFar = Hand::Open;
    clutch.handNearTurn = -0.2f;
    clutch.handFarTurn = -0.3f;
    // Lift: she leans back, hauls the victim up by the belt and drives a knee into the belly.
    Pose lift = clutch;
    lift.pelvis = {0, -70};
    lift.lean = -0.15f;
    lift.legNear = Ik(18, -42, Bend::Plus);
    lift.footNear = 0.5f;
    lift.legFar = Ik(-4, FOOT_Y, Bend::Plus);
    lift.footFar = 0.0f;
    lift.armNear = Ik(28, -112, Bend::Minus);
    lift.armFar = Ik(34, -116, Bend::Minus);
    lift.handNearTurn = -0.6f;
    lift.handFarTurn = -0.6f;
    lift.hairSway = 1.0f;
    // Heave: arms thrown up, her knee straightening into a kick that vaults the victim over.
    Pose heave = lift;
    heave.pelvis = {-2, -74};
    heave.lean = -0.3f;
    heave.headTilt = -0.3f;
    heave.legNear = Fk(-1.1f, -1.3f);
    heave.footNear = -0.9f;
    heave.legFar = Ik(-6, AnkleYOnToes(0.5f, BOOT_LEN, BOOT_H), Bend::Plus);
    heave.footFar = 0.5f;
    heave.armNear = Ik(28, -136, Bend::Minus);
    heave.armFar = Ik(36, -140, Bend::Minus);
    heave.handNearTurn = -0.9f;
    heave.handFarTurn = -0.9f;
    heave.hairSway = -1.0f;
    // Release: she follows through, arms flung after the victim, the kicking leg coming down.
    Pose release = Stance();
    release.pelvis = {10, -66};
    release.lean = 0.35f;
    release.legNear = Ik(-16, AnkleYOnToes(0.6f, BOOT_LEN, BOOT_H), Bend::Plus);
    release.footNear = 0.6f;
    release.legFar = Ik(30, FOOT_Y, Bend::Plus);
    release.armNear = Ik(50, -96, Bend::Minus);
    release.armFar = Ik(62, -104, Bend::Minus);
    release.handNear = Hand::Open;
    release.handFar = Hand::Open;
    release.hairSway = 1.0f;
    return {clutch, lift, heave, release};
}

AnimSpec ThrowToss() {
    const std::array<Pose, 4> p = TossPoses();
    return {"throw_toss", false, {{p[0], 7, FACE_SHOUT}, {p[1], 7, FACE_SHOUT}, {p[2], 7, FACE_SHOUT}, {p[3], 14, 0}}};
}

// Where the victim's anchor goes in each throw_toss frame: its grip point on the lead palm.
std::vector<std::array<std::int32_t, 2>> TossVictimOffsets() {
    std::vector<std::array<std::int32_t, 2>> out;
    const std::array<Pose, 4> poses = TossPoses();
    for (std::size_t i = 0; i < poses.size(); ++i) {
        const Skeleton s = Solve(poses[i], DIMS);
        // The lead (far) hand holds the grip point; the near hand lies on the victim beside it.
        out.push_back(VictimOffset(PalmCentre(s.armFar, poses[i].handFarTurn), static_cast<std::int32_t>(i)));
    }
    return out;
}

// A pose moved so that its grip point (the chest in frame 0, the belt after) is THROWN_GRIP[frame].
Pose OnGrip(const Pose& pose, std::int32_t frame) {
    const Skeleton s = Solve(pose, DIMS);
    const Vec2 grip = frame == 0 ? s.Torso(12, -30) : s.Torso(0, -5);
    return MovePose(pose, THROWN_GRIP[static_cast<std::size_t>(frame)] - grip);
}

// A thrown body flies up and away from its anchor: room on every side.
constexpr CanvasSpec THROWN_CANVAS = {272, 216, 136, 200};

// Up on one knee, a hand pushing off the other, head still low: getting up, from a throw or a
// knockdown.
Pose Rising() {
    Pose rising = Crouched();
    rising.pelvis = {-8, -36};
    rising.lean = 0.4f;
    rising.headTilt = -0.1f;
    rising.legNear = Fk(0.5f, PI + 0.25f);
    rising.footNear = 0.6f;
    rising.armNear = Ik(18, -40, Bend::Minus);
    rising.handNear = Hand::Open;
    rising.armFar = Ik(30, -66, Bend::Minus);
    rising.hairSway = 0.5f;
    return rising;
}

AnimSpec GetUp() {
    return GetUpAnim(Knockdown().frames.back().pose, Rising(), Stance());
}

AnimSpec Thrown() {
    // Grabbed: recoiling from the hands on her chest, clawing at the thrower's arms.
    Pose grabbed = Stance();
    grabbed.lean = -0.05f;
    grabbed.headTilt = -0.25f;
    grabbed.armNear = Ik(24, -104, Bend::Minus);
    grabbed.armFar = Ik(32, -110, Bend::Minus);
    grabbed.handNear = Hand::Open;
    grabbed.handFar = Hand::Open;
    grabbed.legNear = Ik(-14, FOOT_Y, Bend::Plus);
    grabbed.footNear = 0.0f;
    grabbed.legFar = Ik(14, FOOT_Y, Bend::Plus);
    grabbed.hairSway = 1.0f;
    // Lifted: folded forward over the thrower's grip, legs dangling.
    Pose lifted = Stance();
    lifted.lean = 0.8f;
    lifted.headTilt = -0.3f;
    lifted.legNear = Ik(-14, -6, Bend::Plus);
    lifted.legFar = Ik(4, -2, Bend::Plus);
    lifted.footNear = 0.9f;
    lifted.footFar = 0.8f;
    lifted.armNear = Ik(32, -96, Bend::Minus);
    lifted.armFar = Ik(-14, -124, Bend::Minus);
    lifted.handNear = Hand::Open;
    lifted.handFar = Hand::Open;
    lifted.hairSway = -1.0f;
    // Upside down over the thrower, flung head first: an upright flailing pose turned over.
    Pose flail = Stance();
    flail.lean = 0.1f;
    flail.headTilt = 0.25f;
    flail.legNear = Ik(-8, -12, Bend::Plus);
    flail.legFar = Ik(12, -22, Bend::Plus);
    flail.footNear = 0.3f;
    flail.footFar = 0.5f;
    flail.armNear = Ik(-26, -132, Bend::Minus);
    flail.armFar = Ik(18, -140, Bend::Minus);
    flail.handNear = Hand::Open;
    flail.handFar = Hand::Open;
    flail.hairSway = 1.0f;
    const Pose flipped = TurnPose(flail, 3.9f);
    // Falling away, head down, arms thrown out to break the fall.
    Pose sprawl = flail;
    sprawl.lean = -0.1f;
    sprawl.legNear = Ik(-20, -14, Bend::Plus);
    sprawl.legFar = Ik(16, -28, Bend::Plus);
    sprawl.armNear = Ik(-44, -124, Bend::Minus);
    sprawl.armFar = Ik(-4, -146, Bend::Minus);
    sprawl.hairSway = -1.0f;
    const Pose falling = TurnPose(sprawl, 4.45f);
    // Flat on her back, head away from the thrower, then up on one knee.
    Pose lying = Stance();
    lying.pelvis = {-22, -16};
    lying.lean = -1.57f;
    lying.legNear = Ik(40, -14, Bend::Plus);
    lying.legFar = Ik(48, -10, Bend::Plus);
    lying.footNear = -1.0f;
    lying.footFar = -1.2f;
    lying.armNear = Ik(-54, -8, Bend::Minus);
    lying.armFar = Ik(-40, -18, Bend::Minus);
    lying.handNear = Hand::Open;
    lying.handFar = Hand::Open;
    lying.hairSway = -1.0f;
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

// The rising special and the super rise above the standing frame: taller canvases, the anchor
// still at the feet on the floor (the body leaves the floor inside the frame).
constexpr CanvasSpec TALL_CANVAS = {208, 248, 104, 240};
constexpr CanvasSpec SUPER_CANVAS = {224, 232, 112, 224};

AnimSpec AntiAir() {
    // A rising crescent kick. Startup dips and springs invulnerable; the front leg then sweeps up
    // in an arc in front of her and over her head as she rises, laid back behind it.
    Pose dip = Crouched();
    dip.pelvis = {0, -44};
    dip.lean = 0.32f;
    dip.headTilt = -0.1f;
    dip.legNear = Ik(-20, AnkleYOnToes(0.5f, BOOT_LEN, BOOT_H), Bend::Plus);
    dip.footNear = 0.5f;
    dip.legFar = Ik(20, FOOT_Y, Bend::Plus);
    dip.armNear = Ik(10, -64, Bend::Minus);
    dip.armFar = Ik(26, -74, Bend::Minus);
    Pose spring = Stance();
    spring.pelvis = {0, -74};
    spring.lean = -0.12f;
    spring.headTilt = -0.1f;
    spring.legFar = Ik(6, AnkleYOnToes(0.9f, BOOT_LEN, BOOT_H), Bend::Plus);
    spring.footFar = 0.9f;
    spring.legNear = Ik(18, -46, Bend::Plus);
    spring.footNear = 0.4f;
    spring.armNear = Ik(-20, -92, Bend::Minus);
    spring.armFar = Ik(10, -118, Bend::Minus);
    spring.hairSway = 1.0f;
    Pose rise = Stance();
    rise.pelvis = {-4, -100};
    rise.lean = -0.5f;
    rise.headTilt = 0.3f;
    rise.legNear = Fk(-0.75f, -0.95f);
    rise.footNear = -1.2f;
    rise.legFar = Ik(-10, -44, Bend::Plus);
    rise.footFar = 0.7f;
    rise.armNear = Ik(-40, -112, Bend::Minus);
    rise.armFar = Ik(-18, -136, Bend::Minus);
    rise.hairSway = 1.0f;
    Pose peak = rise;
    peak.pelvis = {-6, -122};
    peak.lean = -1.05f;
    peak.headTilt = 0.35f;
    peak.legNear = Fk(-1.45f, -1.6f);
    peak.footNear = -1.9f;
    peak.legFar = Ik(4, -84, Bend::Plus);
    peak.footFar = 0.5f;
    peak.armNear = Ik(-52, -112, Bend::Minus);
    peak.armFar = Ik(-40, -140, Bend::Minus);
    Pose fall = AirTuck();
    fall.pelvis = {-2, -96};
    fall.lean = -0.1f;
    fall.legNear = Ik(6, -54, Bend::Plus);
    fall.legFar = Ik(-10, -48, Bend::Plus);
    fall.armNear = Ik(-24, -112, Bend::Minus);
    fall.armFar = Ik(24, -124, Bend::Minus);
    fall.hairSway = 1.0f;
    Pose land = Crouched();
    land.pelvis = {0, -42};
    land.lean = 0.35f;
    land.armNear = Ik(20, -66, Bend::Minus);
    land.armFar = Ik(34, -74, Bend::Minus);
    return {"anti_air",
            false,
            {{dip, 2, INVULNERABLE | FACE_SHOUT},
             {spring, 3, INVULNERABLE | FACE_SHOUT},
             {rise, 3, STRIKE_NEAR_LEG | SWOOSH | FACE_SHOUT},
             {peak, 4, STRIKE_NEAR_LEG | SWOOSH | FACE_SHOUT},
             {fall, 16, 0},
             {land, 8, 0}}};
}

AnimSpec Rush() {
    // A low sliding kick: she drops and slides in feet first, the front leg along the floor, the
    // body laid back and low under high attacks.
    Pose drop = Stance();
    drop.pelvis = {6, -48};
    drop.lean = 0.45f;
    drop.headTilt = -0.1f;
    drop.legNear = Ik(-22, AnkleYOnToes(0.7f, BOOT_LEN, BOOT_H), Bend::Plus);
    drop.footNear = 0.7f;
    drop.legFar = Ik(26, FOOT_Y, Bend::Plus);
    drop.armNear = Ik(22, -66, Bend::Minus);
    drop.armFar = Ik(36, -72, Bend::Minus);
    drop.hairSway = -1.0f;
    Pose slide = Stance();
    slide.pelvis = {-4, -22};
    slide.lean = -0.7f;
    slide.headTilt = 0.55f;
    slide.legNear = Ik(62, -9, Bend::Plus);
    slide.footNear = -0.55f;
    slide.legFar = Ik(14, -6, Bend::Plus);
    slide.footFar = 0.2f;
    slide.armNear = Ik(-30, -36, Bend::Minus);
    slide.armFar = Ik(6, -62, Bend::Minus);
    slide.hairSway = -1.0f;
    Pose glide = slide;
    glide.pelvis = {-2, -22};
    glide.lean = -0.64f;
    glide.legNear = Ik(64, -10, Bend::Plus);
    glide.armFar = Ik(10, -60, Bend::Minus);
    glide.hairSway = -0.6f;
    Pose skid = slide;
    skid.pelvis = {0, -23};
    skid.lean = -0.58f;
    skid.legNear = Ik(64, -9, Bend::Plus);
    skid.footNear = -0.5f;
    skid.legFar = Ik(16, -7, Bend::Plus);
    skid.hairSway = -0.2f;
    Pose rise = Crouched();
    rise.pelvis = {6, -36};
    rise.lean = 0.3f;
    rise.legFar = Ik(30, FOOT_Y, Bend::Plus);
    rise.hairSway = 1.0f;
    const std::uint32_t hot = STRIKE_NEAR_LEG | SPEED_LINES | FACE_SHOUT;
    return {"rush", false, {{drop, 8, 0}, {slide, 3, hot}, {glide, 4, hot}, {skid, 4, hot}, {rise, 12, 0}}};
}

AnimSpec Super() {
    // The super art: a crane stance in a blaze of light (held through the super freeze), a coiled
    // crouch, a spring, then a whirlwind of two spinning kicks whose arcs sweep around her.
    Pose crane = Stance();
    crane.pelvis = {0, -72};
    crane.lean = -0.04f;
    crane.headTilt = -0.1f;
    crane.legNear = Ik(16, -46, Bend::Plus);
    crane.footNear = 0.9f;
    crane.legFar = Ik(2, FOOT_Y, Bend::Plus);
    crane.footFar = 0.0f;
    crane.armNear = Ik(-40, -118, Bend::Minus);
    crane.armFar = Ik(42, -122, Bend::Minus);
    crane.handNear = Hand::Open;
    crane.handFar = Hand::Open;
    crane.hairSway = 1.0f;
    Pose coil = Crouched();
    coil.pelvis = {-4, -44};
    coil.lean = 0.4f;
    coil.headTilt = -0.2f;
    coil.armNear = Ik(16, -70, Bend::Minus);
    coil.armFar = Ik(-8, -76, Bend::Minus);
    coil.hairSway = -1.0f;
    Pose spring = AirTuck();
    spring.pelvis = {0, -100};
    spring.lean = -0.15f;
    spring.legNear = Ik(10, -70, Bend::Plus);
    spring.legFar = Ik(-10, -62, Bend::Plus);
    spring.armNear = Ik(-8, -120, Bend::Minus);
    spring.armFar = Ik(20, -128, Bend::Minus);
    spring.hairSway = 1.0f;
    Pose whirl = AirTuck();
    whirl.pelvis = {-4, -112};
    whirl.lean = -0.55f;
    whirl.headTilt = 0.3f;
    whirl.legNear = Fk(-0.15f, -0.1f);
    whirl.footNear = -0.3f;
    whirl.legFar = Ik(-12, -66, Bend::Plus);
    whirl.footFar = 0.7f;
    whirl.armNear = Ik(-40, -126, Bend::Minus);
    whirl.armFar = Ik(-20, -150, Bend::Minus);
    whirl.hairSway = -1.0f;
    Pose second = AirTuck();
    second.pelvis = {2, -104};
    second.lean = 0.2f;
    second.headTilt = 0.1f;
    second.legFar = Fk(0.15f, 0.2f);
    second.footFar = 0.1f;
    second.legNear = Ik(-14, -60, Bend::Plus);
    second.footNear = 0.7f;
    second.armNear = Ik(-30, -104, Bend::Minus);
    second.armFar = Ik(8, -128, Bend::Minus);
    second.hairSway = 1.0f;
    Pose land = Crouched();
    land.pelvis = {2, -40};
    land.lean = 0.42f;
    land.armNear = Ik(-24, -54, Bend::Minus);
    land.armFar = Ik(38, -72, Bend::Minus);
    land.hairSway = 1.0f;
    Pose rise = Blend(land, Stance(), 0.5f);
    rise.hairSway = -0.5f;
    Pose settle = Blend(land, Stance(), 0.85f);
    return {"super",
            false,
            // The crane is held through the super freeze; after it, 7 ticks to the first kick, so a
            // heavy kick that hit combos into it (docs/rules.md, "Meter and the super").
            {{crane, 2, SUPER_FLASH | FACE_SHOUT},
             {coil, 3, FACE_SHOUT},
             {spring, 2, FACE_SHOUT},
             {whirl, 4, STRIKE_NEAR_LEG | WHIRL | FACE_SHOUT},
             {second, 4, STRIKE_FAR_LEG | WHIRL | FACE_SHOUT},
             {land, 10, 0},
             {rise, 8, 0},
             {settle, 10, 0}}};
}

// The throwing blade: symmetric about its centre, where its anchor is, because the game spins it.
constexpr CanvasSpec BLADE_CANVAS = {29, 29, 14, 14};

AnimArt BladeAnim() {
    AnimArt out;
    out.name = "blade";
    out.loop = true;
    out.anchor = {BLADE_CANVAS.anchorX, BLADE_CANVAS.anchorY};
    for (int i = 0; i < 4; ++i) {
        Canvas c(BLADE_CANVAS.width, BLADE_CANVAS.height, BLADE_CANVAS.anchorX, BLADE_CANVAS.anchorY);
        DrawBlade(c, {0, 0}, 12.0f, 0.0f, Region::Attack);
        // A glint that runs round the points: the spin reads even before the game turns it.
        const Vec2 glint = Rotate({6.0f, 0.0f}, static_cast<float>(i) * PI * 0.5f - PI * 0.75f);
        c.PaintPixel(glint, STEEL, 3);
        c.PaintPixel(glint + Vec2{1, 0}, STEEL, 3);
        c.PaintPixel(glint + Vec2{0, 1}, STEEL, 3);
        out.frames.push_back({c.Sprite(), c.Hotmap(), 3});
    }
    return out;
}

}  // namespace

FighterArt BuildKestrel() {
    FighterArt f;
    f.id = "kestrel";
    f.manifest.name = "Kestrel";
    f.manifest.health = 950;
    f.manifest.walkForwardSpeed = 3.2;
    f.manifest.walkBackSpeed = 2.6;
    f.manifest.jumpVelocity = 12.0;
    f.manifest.jumpForwardSpeed = 3.6;
    f.manifest.gravity = 0.6;
    f.manifest.pushboxWidthPx = 48;
    f.manifest.pushboxHeightPx = 124;
    f.manifest.pushboxCrouchHeightPx = 84;
    for (const AnimSpec& a :
         {Idle(), Walk("walk_forward", true), Walk("walk_back", false), Crouch(), Jump(), BlockStand(), BlockCrouch(),
          Hit(), Knockdown(), Win(), LightPunch(), HeavyKick(), LowKick(), Special()}) {
        f.animations.push_back(RenderAnim(a, CANVAS, DrawFrame));
    }
    f.animations.push_back(BladeAnim());
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
    // The blade leaves from the throwing hand of the release frame, spinning.
    const Skeleton release = Solve(SpecialRelease(), DIMS);
    const Vec2 hand = release.armNear.end + Vec2{10.0f, -1.0f};
    assets::ManifestProjectile blade;
    blade.animation = "blade";
    blade.spawnFrame = 2;
    blade.spawnPx = {static_cast<std::int32_t>(std::lround(hand.x)), static_cast<std::int32_t>(std::lround(hand.y))};
    blade.speedPxPerTick = 6.5;
    blade.spinDegreesPerTick = 16.0;
    blade.lifetimeTicks = 90;
    // The quick kicker: less damage a hit, faster to start and to recover; a high heavy kick.
    AddMoves(f, MoveList{.lightPunch = {45, 13, 8, 5, 3.0, {2, 2}, HitHeight::High},
                         .heavyKick = {110, 26, 16, 9, 3.0, {3, 3}, HitHeight::High},
                         .lowKick = {65, 17, 9, 6, 3.0, {2, 2}, HitHeight::Low},
                         .lightPunchCancelFrames = {2, 3},
                         .heavyKickCancelFrames = {3, 4},
                         .lowKickCancelFrames = {2, 3},
                         .special = {75, 18, 12, 7, 1.5, {}, HitHeight::Mid},
                         .projectile = blade,
                         .jumpPunch = {60, 17, 8, 6, 2.0, {1, 2}, HitHeight::Overhead},
                         .jumpKick = {75, 19, 9, 7, 3.0, {1, 2}, HitHeight::Overhead},
                         // The rising crescent kick: its first two frames' hotmaps are all air.
                         .antiAir = {95, 32, 16, 9, 0.5, {2, 3}, HitHeight::Mid},
                         // The low sliding kick.
                         .rush = {70, 20, 12, 8, 1.0, {1, 3}, HitHeight::Low},
                         .rushAdvancePxPerTick = 6.0,
                         // The grab, then the knee and the vault.
                         .grab = {140, 0, 0, 0, 0.0, {1, 1}, HitHeight::Mid},
                         // The whirlwind, two spinning kicks.
                         .super = {270, 48, 30, 13, 5.0, {3, 4}, HitHeight::Mid}});
    // The mirror match's second Kestrel: a crimson top and a silver sash.
    for (const Material* m : {&TOP, &TOP_FAR})
        AddPaletteSwaps(f.manifest, *m, [](Rgb8 c) { return Rgb8{c.b, c.r, c.g}; });
    for (const Material* m : {&SASH, &SASH_BACK})
        AddPaletteSwaps(f.manifest, *m, [](Rgb8 c) {
            const auto grey = static_cast<std::uint8_t>((c.r + c.g + c.b) / 3);
            return Rgb8{grey, grey, static_cast<std::uint8_t>(std::min(255, grey + 24))};
        });
    return f;
}

}  // namespace artgen
