// body: the parts both fighters are built from (muscled limb segments, hands, boots) and the loop
// that turns a list of posed frames into sprite and hotmap images. Fighter files decide the look.
#pragma once

#include "tools/artgen/fighter.h"
#include "tools/artgen/raster.h"
#include "tools/artgen/skeleton.h"

#include <functional>
#include <string>

namespace artgen {

/// Per-frame marks: which part strikes (attack in the hotmap) and what else the frame shows.
enum FrameFlag : std::uint32_t {
    STRIKE_NEAR_FIST = 1u << 0,
    STRIKE_FAR_FIST = 1u << 1,
    STRIKE_NEAR_LEG = 1u << 2,  ///< shin and foot
    STRIKE_FAR_LEG = 1u << 3,
    FACE_PAIN = 1u << 4,
    FACE_SHOUT = 1u << 5,
    HOLDING = 1u << 6,    ///< the projectile is still in the near hand
    SHOCKWAVE = 1u << 7,  ///< brick's stomp: a hot area on the floor the sprite does not draw
    SWOOSH = 1u << 8,     ///< a motion arc behind the striking limb (sprite only)
    FACE_GRIN = 1u << 9,
};

struct FrameSpec {
    Pose pose;
    std::int32_t ticks = 1;
    std::uint32_t flags = 0;
};

struct AnimSpec {
    std::string name;
    bool loop = false;
    std::vector<FrameSpec> frames;
};

/// One fighter's frame canvas: size and anchor in sprite px.
struct CanvasSpec {
    std::int32_t width = 0;
    std::int32_t height = 0;
    std::int32_t anchorX = 0;
    std::int32_t anchorY = 0;
};

using DrawFrameFn = std::function<void(Canvas&, const FrameSpec&)>;

/// Draws every frame of `anim` on a fresh canvas of `canvas` and keeps sprite, hotmap and ticks.
[[nodiscard]] AnimArt RenderAnim(const AnimSpec& anim, CanvasSpec canvas, const DrawFrameFn& draw);

/// An IK goal: wrist or ankle at (x, y), the middle joint bent to `bend`'s side.
[[nodiscard]] LimbGoal Ik(float x, float y, Bend bend);
/// A forward-kinematics goal: upper bone at `rootRadians`, lower at `midRadians` (clockwise from +x).
[[nodiscard]] LimbGoal Fk(float rootRadians, float midRadians);
/// The ankle height (negative y) that keeps a boot's toe on the floor with its sole at `radians`
/// (+ toes down): what DrawBoot draws with the same length and height.
[[nodiscard]] float AnkleYOnToes(float radians, float bootLength, float bootHeight);

/// A limb segment from `a` (radius ra) to `b` (rb), swelling `bulge` px at `bulgeAt` (0..1) and
/// shifted `bulgeSide` px to the segment's left (a biceps, a calf).
[[nodiscard]] Shape Segment(Vec2 a, Vec2 b, float ra, float rb, float bulge = 0.0f, float bulgeAt = 0.4f,
                            float bulgeSide = 0.0f);

/// A hand at a wrist, pointing along `radians`: a fist with knuckle creases, or an open hand.
/// `size` is the fist's length and height in px.
void DrawHand(Canvas& canvas, Vec2 wrist, float radians, Hand hand, Vec2 size, const Material& material, Region region);

/// A boot at an ankle: `length` heel to toe, `height` ankle to sole, sole angle `radians` (+ toes down).
void DrawBoot(Canvas& canvas, Vec2 ankle, float radians, float length, float height, const Material& boot,
              const Material& sole, Region region);

/// Motion marks behind a strike (sprite only, never hot): an arc behind a swung leg, or streaks
/// beside a punching arm. They read fast motion at 60 Hz, where a single frame flashes by.
void DrawLegTrail(Canvas& canvas, const Limb& leg, float arcRadians);
void DrawFistTrail(Canvas& canvas, const Limb& arm, float spreadPx);

}  // namespace artgen
