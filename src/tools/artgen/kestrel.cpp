// kestrel: the quick kicker. Slim, long legs, a violet ponytail, teal top, purple leggings, a gold
// sash. About 126 px standing on a 208x176 canvas, anchor at the feet. Fast: short startups.
// Her heavy kick rises diagonally from hip to head height: it sails over a crouching opponent.
#include "tools/artgen/body.h"

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
    return {"jump", false, {{takeoff, 2, 0}, {tuck, 7, 0}, {apex, 8, 0}, {fall, 8, 0}, {land, 30, 0}}};
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
    p.pelvis = {0, -75};
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
    sweep.legNear = Ik(66, -7, Bend::Plus);
    sweep.footNear = -0.25f;
    sweep.legFar = Ik(-4, FOOT_Y, Bend::Plus);
    sweep.armNear = Ik(14, -56, Bend::Minus);
    sweep.armFar = Ik(30, -66, Bend::Minus);
    sweep.hairSway = -1.0f;
    Pose back = Blend(sweep, Crouched(), 0.55f);
    return {"low_kick",
            false,
            {{coil, 2, 0},
             {Blend(coil, sweep, 0.5f), 2, 0},
             {sweep, 3, STRIKE_NEAR_LEG | FACE_SHOUT},
             {back, 4, 0},
             {Crouched(), 5, 0}}};
}

Pose SpecialRelease() {
    Pose p = Stance();
    p.pelvis = {8, -67};
    p.lean = 0.3f;
    p.legNear = Ik(-16, AnkleYOnToes(0.5f, BOOT_LEN, BOOT_H), Bend::Plus);
    p.footNear = 0.5f;
    p.legFar = Ik(26, FOOT_Y, Bend::Plus);
    p.armNear = Ik(60, -96, Bend::Minus);
    p.armFar = Ik(6, -84, Bend::Minus);
    p.hairSway = -1.0f;
    return p;
}

AnimSpec Special() {
    Pose wind = Stance();
    wind.pelvis = {-4, -68};
    wind.lean = -0.15f;
    wind.armNear = Ik(-16, -116, Bend::Plus);
    wind.armFar = Ik(38, -104, Bend::Minus);
    wind.handFar = Hand::Open;
    wind.hairSway = 1.0f;
    Pose whip = wind;
    whip.pelvis = {2, -68};
    whip.lean = 0.1f;
    whip.armNear = Ik(24, -118, Bend::Minus);
    whip.armFar = Ik(24, -92, Bend::Minus);
    Pose follow = SpecialRelease();
    follow.pelvis = {10, -66};
    follow.lean = 0.4f;
    follow.armNear = Ik(40, -66, Bend::Minus);
    follow.handNear = Hand::Open;
    Pose back = Blend(follow, Stance(), 0.5f);
    return {"special",
            false,
            {{wind, 5, HOLDING},
             {whip, 3, HOLDING | FACE_SHOUT},
             {SpecialRelease(), 3, FACE_SHOUT},
             {follow, 8, 0},
             {back, 6, 0}}};
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
    f.name = "Kestrel";
    f.health = 900;
    f.walkForwardSpeed = 3.2;
    f.walkBackSpeed = 2.6;
    f.jumpVelocity = 12.0;
    f.jumpForwardSpeed = 3.6;
    f.gravity = 0.6;
    f.pushboxWidth = 48;
    f.pushboxHeight = 124;
    f.pushboxCrouchHeight = 84;
    for (const AnimSpec& a :
         {Idle(), Walk("walk_forward", true), Walk("walk_back", false), Crouch(), Jump(), BlockStand(), BlockCrouch(),
          Hit(), Knockdown(), Win(), LightPunch(), HeavyKick(), LowKick(), Special()}) {
        f.animations.push_back(RenderAnim(a, CANVAS, DrawFrame));
    }
    f.animations.push_back(BladeAnim());

    f.moves.push_back(
        {"light_punch", "light_punch", "punch", "stand", 45, 12, 8, 5, 2.5, std::array{2, 2}, "high", {}});
    f.moves.push_back({"heavy_kick", "heavy_kick", "kick", "stand", 110, 20, 14, 9, 5.5, std::array{3, 3}, "high", {}});
    f.moves.push_back({"low_kick", "low_kick", "kick", "crouch", 65, 15, 9, 6, 3.0, std::array{2, 2}, "low", {}});
    const Skeleton release = Solve(SpecialRelease(), DIMS);
    const Vec2 hand = release.armNear.end + Vec2{10.0f, -1.0f};
    ProjectileArt blade;
    blade.animation = "blade";
    blade.spawnFrame = 2;
    blade.spawn = {static_cast<std::int32_t>(std::lround(hand.x)), static_cast<std::int32_t>(std::lround(hand.y))};
    blade.speed = 6.5;
    blade.spinDegreesPerTick = 16.0;
    blade.lifetimeTicks = 90;
    f.moves.push_back({"special", "special", "special", "stand", 75, 18, 12, 7, 4.0, std::nullopt, "mid", blade});
    return f;
}

}  // namespace artgen
