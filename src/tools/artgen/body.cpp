// body: shared part shapes and the frame loop. Every shape is built in the part's own frame
// (x along the bone) and turned into place, so a limb reads the same at any angle.
#include "tools/artgen/body.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace artgen {

AnimArt RenderAnim(const AnimSpec& anim, CanvasSpec canvas, const DrawFrameFn& draw) {
    AnimArt out;
    out.name = anim.name;
    out.loop = anim.loop;
    out.anchor = {canvas.anchorX, canvas.anchorY};
    for (const FrameSpec& frame : anim.frames) {
        Canvas c(canvas.width, canvas.height, canvas.anchorX, canvas.anchorY);
        draw(c, frame);
        out.frames.push_back({c.Sprite(), c.Hotmap(), frame.ticks});
    }
    return out;
}

LimbGoal Ik(float x, float y, Bend bend) {
    return {{x, y}, bend};
}

LimbGoal Fk(float rootRadians, float midRadians) {
    LimbGoal g;
    g.useAngles = true;
    g.rootAngle = rootRadians;
    g.midAngle = midRadians;
    return g;
}

namespace {
// The boot's outline in its own frame (ankle at the origin, x toward the toe, y down to the sole).
float BootHeel(float height) {
    return -height * 0.55f - 1.0f;
}
}  // namespace

float AnkleYOnToes(float radians, float bootLength, float bootHeight) {
    // Heel corner and toe corner of the sole; whichever is lower rests on the floor, whose top
    // row of outline is y = 0, so the sole's edge (polygon + 1 px rounding) sits at y = -0.5.
    const float toe = bootLength + BootHeel(bootHeight) - 1.0f;
    const Vec2 toeCorner = Rotate({toe, bootHeight + 1.0f}, radians);
    const Vec2 heelCorner = Rotate({BootHeel(bootHeight) + 1.5f, bootHeight + 1.0f}, radians);
    return -0.5f - std::max(toeCorner.y, heelCorner.y);
}

Shape Segment(Vec2 a, Vec2 b, float ra, float rb, float bulge, float bulgeAt, float bulgeSide) {
    Shape s;
    s.Capsule(a, b, ra, rb);
    if (bulge > 0.0f) {
        const Vec2 dir = Normalize(b - a);
        const Vec2 left = {dir.y, -dir.x};
        const float len = Length(b - a);
        const Vec2 c = Lerp(a, b, bulgeAt) + left * bulgeSide;
        s.Ellipse(c, std::max(len * 0.34f, 3.0f), Lerp(ra, rb, bulgeAt) + bulge, Angle(b - a));
    }
    return s;
}

void DrawHand(Canvas& canvas, Vec2 wrist, float radians, Hand hand, Vec2 size, const Material& material,
              Region region) {
    auto at = [&](float u, float v) { return wrist + Rotate({u, v}, radians); };
    const float len = size.x;
    const float hgt = size.y;
    if (hand == Hand::Fist) {
        Shape fist;
        fist.Box(at(len * 0.45f, 0.0f), {len * 0.5f, hgt * 0.5f}, radians, std::min(3.5f, hgt * 0.35f));
        canvas.DrawPart(fist, material, region, {.roundness = hgt * 0.55f});
        // Finger creases across the front of the fist and the thumb along its top: what makes a
        // rounded box read as a clenched hand.
        const float front = len * 0.95f - 1.5f;
        for (float v : {-0.05f, 0.2f}) {
            canvas.PaintLine(at(front - 3.0f, hgt * v), at(front - 0.5f, hgt * v), material, 1);
        }
        canvas.PaintLine(at(len * 0.15f, -hgt * 0.18f), at(len * 0.55f, -hgt * 0.18f), material, 1);
        canvas.PaintLine(at(len * 0.2f, -hgt * 0.3f), at(len * 0.5f, -hgt * 0.3f), material, 3);
    } else {
        Shape palm;
        palm.Box(at(len * 0.45f, 0.0f), {len * 0.5f, hgt * 0.36f}, radians, 2.0f);
        palm.Capsule(at(len * 0.8f, -hgt * 0.05f), at(len * 1.2f, -hgt * 0.05f), hgt * 0.25f, hgt * 0.2f);
        palm.Capsule(at(len * 0.3f, -hgt * 0.3f), at(len * 0.62f, -hgt * 0.52f), hgt * 0.16f, hgt * 0.13f);
        canvas.DrawPart(palm, material, region, {.roundness = hgt * 0.4f});
        canvas.PaintLine(at(len * 0.75f, hgt * 0.06f), at(len * 1.25f, hgt * 0.06f), material, 1);
    }
}

void DrawBoot(Canvas& canvas, Vec2 ankle, float radians, float length, float height, const Material& boot,
              const Material& sole, Region region) {
    auto at = [&](float u, float v) { return ankle + Rotate({u, v}, radians); };
    const float heel = BootHeel(height);
    const float toe = length + heel;
    Shape shape;
    shape.Polygon({at(heel + 1.0f, -height * 0.7f), at(heel, height - 2.0f), at(heel + 1.5f, height),
                   at(toe - 1.0f, height), at(toe, height - 2.5f), at(toe - 3.0f, height * 0.15f),
                   at(length * 0.25f, -height * 0.35f), at(height * 0.45f, -height * 0.8f)},
                  1.0f);
    canvas.DrawPart(shape, boot, region, {.roundness = height * 0.7f});
    Shape soleBand;
    soleBand.Polygon({at(heel - 1.0f, height - 1.6f), at(toe + 1.0f, height - 1.6f), at(toe + 1.0f, height + 2.0f),
                      at(heel - 1.0f, height + 2.0f)});
    canvas.PaintTone(soleBand, sole, 1);
}

void DrawLegTrail(Canvas& canvas, const Limb& leg, float arcRadians) {
    const Vec2 reach = leg.end - leg.root;
    const float radius = Length(reach) + 6.0f;
    const float to = Angle(reach);
    const auto steps = static_cast<std::int32_t>(std::ceil(std::fabs(arcRadians) * radius));
    for (std::int32_t i = 0; i <= steps; ++i) {
        const float t = steps == 0 ? 1.0f : static_cast<float>(i) / static_cast<float>(steps);
        const float a = to + arcRadians * (1.0f - t);
        // Brightest next to the foot, fading toward where the swing began.
        const auto alpha = static_cast<std::uint8_t>(30.0f + 170.0f * t);
        for (const float dr : {0.0f, -3.0f, -6.0f}) {
            canvas.PaintEffect(leg.root + Rotate({radius + dr, 0.0f}, a), Hex(0xffffff),
                               dr == 0.0f ? alpha : static_cast<std::uint8_t>(alpha / 2));
        }
    }
}

void DrawFistTrail(Canvas& canvas, const Limb& arm, float spreadPx) {
    const Vec2 dir = Normalize(arm.end - arm.joint);
    const Vec2 side = {dir.y, -dir.x};
    for (const float off : {-spreadPx, 0.0f, spreadPx}) {
        const float len = off == 0.0f ? 14.0f : 10.0f;
        for (float d = 0.0f; d < len; d += 1.0f) {
            const auto alpha = static_cast<std::uint8_t>(180.0f * (1.0f - d / len));
            canvas.PaintEffect(arm.end + side * off - dir * (4.0f + d), Hex(0xffffff), alpha);
        }
    }
}

void DrawSpeedLines(Canvas& canvas, float fromX, float topY, float bottomY, float lengthPx) {
    // A fixed pattern of streaks, staggered so they read as air rushing past and not as a grid.
    constexpr std::array<std::array<float, 3>, 6> STREAKS = {{
        {0.05f, 0.0f, 0.7f},
        {0.24f, 6.0f, 1.0f},
        {0.42f, 2.0f, 0.55f},
        {0.6f, 9.0f, 0.9f},
        {0.78f, 4.0f, 0.65f},
        {0.95f, 11.0f, 0.8f},
    }};
    for (const auto& [at, skip, share] : STREAKS) {
        const float y = Lerp(topY, bottomY, at);
        const float len = lengthPx * share;
        for (float d = 0.0f; d < len; d += 1.0f) {
            const auto alpha = static_cast<std::uint8_t>(170.0f * (1.0f - d / len));
            canvas.PaintEffect({fromX - skip - d, y}, Hex(0xffffff), alpha);
        }
    }
}

void DrawFlashRays(Canvas& canvas, Vec2 centre, float innerPx, float outerPx) {
    constexpr std::int32_t RAYS = 16;
    for (std::int32_t i = 0; i < RAYS; ++i) {
        // Long and short rays alternate; a quarter step of twist keeps them off the axes, where
        // a ray would merge with the floor line or the body's vertical edges.
        const float a = (static_cast<float>(i) + 0.25f) * 2.0f * std::numbers::pi_v<float> / RAYS;
        const float outer = i % 2 == 0 ? outerPx : Lerp(innerPx, outerPx, 0.6f);
        const Vec2 dir = Rotate({1.0f, 0.0f}, a);
        const Vec2 side = {-dir.y, dir.x};
        for (float r = innerPx; r < outer; r += 1.0f) {
            const float t = (r - innerPx) / (outer - innerPx);
            const auto core = static_cast<std::uint8_t>(230.0f * (1.0f - t));
            canvas.PaintEffect(centre + dir * r, Hex(0xfff4c8), core);
            // Rays widen outward, their edges fainter: a beam of light, not a line.
            if (r > Lerp(innerPx, outer, 0.3f)) {
                canvas.PaintEffect(centre + dir * r + side, Hex(0xffd870), static_cast<std::uint8_t>(core / 2));
            }
        }
    }
}

void DrawSweep(Canvas& canvas, const Sweep& sweep, bool hot) {
    auto at = [&](float radius, float radians) {
        const Vec2 round = Rotate({radius, 0.0f}, radians);
        return sweep.centre + Rotate({round.x, round.y * sweep.squash}, sweep.tilt);
    };
    const float turn = sweep.toRadians - sweep.fromRadians;
    const auto steps = static_cast<std::int32_t>(std::ceil(std::fabs(turn) * sweep.outerPx));
    for (std::int32_t i = 0; i <= steps; ++i) {
        const float t = steps == 0 ? 1.0f : static_cast<float>(i) / static_cast<float>(steps);
        const float a = sweep.fromRadians + turn * t;
        // Fading in from where the sweep began, as DrawLegTrail does.
        const auto alpha = static_cast<std::uint8_t>(20.0f + 200.0f * t * t);
        // Streaks across the band, the outer one (where the hand or foot travels) the brightest; a
        // wide band gets more of them, so it reads as a blur rather than a few wires.
        const float width = sweep.outerPx - sweep.innerPx;
        const auto streaks = std::max(3, static_cast<std::int32_t>(width / 5.0f));
        for (std::int32_t k = 0; k < streaks; ++k) {
            const float share = 1.0f - static_cast<float>(k) / static_cast<float>(streaks - 1) * 0.75f;
            const auto a2 = k == 0 ? alpha : static_cast<std::uint8_t>(static_cast<float>(alpha) * share * 0.8f);
            canvas.PaintEffect(at(Lerp(sweep.innerPx, sweep.outerPx, share), a), Hex(0xffffff), a2);
        }
    }
    if (!hot) return;
    std::vector<Vec2> band;
    const std::int32_t segments = std::max(2, static_cast<std::int32_t>(std::ceil(std::fabs(turn) * 8.0f)));
    for (std::int32_t i = 0; i <= segments; ++i) {
        band.push_back(
            at(sweep.outerPx, sweep.fromRadians + turn * static_cast<float>(i) / static_cast<float>(segments)));
    }
    for (std::int32_t i = segments; i >= 0; --i) {
        band.push_back(
            at(sweep.innerPx, sweep.fromRadians + turn * static_cast<float>(i) / static_cast<float>(segments)));
    }
    Shape shape;
    shape.Polygon(std::move(band));
    canvas.MarkHotOverAir(shape, Region::Attack);
}

void DrawArmSweep(Canvas& canvas, const Limb& arm, float innerPx, float beyondPx) {
    const float to = Angle(arm.end - arm.root);
    // The arm swung toward where it is now: up from below if the fist is above the shoulder.
    const float from = arm.end.y < arm.root.y ? to + 1.2f : to - 1.2f;
    DrawSweep(canvas,
              {.centre = arm.root,
               .innerPx = innerPx,
               .outerPx = Length(arm.end - arm.root) + beyondPx,
               .fromRadians = from,
               .toRadians = to},
              false);
}

std::array<std::int32_t, 2> VictimOffset(Vec2 hand, std::int32_t frame) {
    const Vec2 grip = THROWN_GRIP[static_cast<std::size_t>(frame)];
    // The victim faces the thrower: its +x runs toward the thrower, so its grip point lies
    // grip.x behind its anchor in the thrower's space.
    return {static_cast<std::int32_t>(std::lround(hand.x + grip.x)),
            static_cast<std::int32_t>(std::lround(hand.y - grip.y))};
}

AnimSpec GetUpAnim(const Pose& lying, const Pose& rising, const Pose& standing) {
    return {"get_up",
            false,
            {{Blend(lying, rising, 0.45f), 5, FACE_PAIN}, {rising, 5, 0}, {Blend(rising, standing, 0.6f), 4, 0}}};
}

}  // namespace artgen
