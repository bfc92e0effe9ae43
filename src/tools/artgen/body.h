// body: the parts both fighters are built from (muscled limb segments, hands, boots) and the loop
// that turns a list of posed frames into sprite and hotmap images. Fighter files decide the look.
#pragma once

#include "tools/artgen/fighter.h"
#include "tools/artgen/raster.h"
#include "tools/artgen/skeleton.h"

#include <array>
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
    STRIKE_NEAR_FOREARM = 1u << 10,   ///< the near forearm is hot too (an overhead, an uppercut)
    STRIKE_FAR_FOREARM = 1u << 11,    ///< the far forearm is hot too
    STRIKE_NEAR_SHOULDER = 1u << 12,  ///< the near shoulder and upper arm (a shoulder charge)
    INVULNERABLE = 1u << 13,          ///< the hotmap is all air: nothing hits the frame, and it hits nothing
    SLAM = 1u << 14,                  ///< a super's ground slam: a long hot shockwave along the floor
    SPEED_LINES = 1u << 15,           ///< streaks behind a body travelling forward (sprite only)
    SUPER_FLASH = 1u << 16,           ///< the super's freeze pose: light rays behind the body (sprite only)
    WHIRL = 1u << 17,                 ///< a spinning kick's wide arc: drawn as a trail and hot as its swept area
    STRIKE_FAR_SHOULDER = 1u << 18,   ///< the far shoulder and upper arm
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

/// Horizontal streaks trailing behind (toward -x) a body rushing forward, between heights `topY`
/// and `bottomY` (local px), starting at x `fromX`: sprite only.
void DrawSpeedLines(Canvas& canvas, float fromX, float topY, float bottomY, float lengthPx);
/// The super's flash: rays of light fanning out from `centre` behind the body (sprite only, over air).
void DrawFlashRays(Canvas& canvas, Vec2 centre, float innerPx, float outerPx);
/// A limb's sweep within one frame: the band between two radii around `centre`, from one angle to
/// another (radians, clockwise, the motion's direction), squashed vertically and tilted for a
/// spin seen from the side (squash 1, tilt 0: a circle in the picture plane).
struct Sweep {
    Vec2 centre;
    float innerPx = 0.0f;
    float outerPx = 0.0f;
    float fromRadians = 0.0f;
    float toRadians = 0.0f;
    float squash = 1.0f;  ///< vertical scale of the band, 0..1
    float tilt = 0.0f;    ///< radians the squashed band is turned, clockwise
};
/// Streaks along a sweep (sprite only, over air), brightest at its end; with `hot` the band is also
/// attack in the hotmap where it is air (the area a spinning limb covers within one frame).
void DrawSweep(Canvas& canvas, const Sweep& sweep, bool hot);

/// The arc a swung arm leaves around its shoulder (sprite only): an uppercut's from below, an
/// overhead's from above, between `innerPx` from the shoulder and `beyondPx` past the wrist.
void DrawArmSweep(Canvas& canvas, const Limb& arm, float innerPx, float beyondPx);

/// Where a thrown fighter is held, frame by frame of its `thrown` animation (0 grabbed, 1 lifted,
/// 2 upside down, 3 falling), in its own sprite px from its anchor, facing right. Every fighter's
/// thrown frames put their grip point (the chest in frame 0, the belt after) exactly here, so one
/// thrower's victimOffsets fit every victim: offset = (hand.x + grip.x, hand.y - grip.y).
inline constexpr std::array<Vec2, 4> THROWN_GRIP = {Vec2{16.0f, -104.0f}, Vec2{-4.0f, -84.0f}, Vec2{-14.0f, -96.0f},
                                                    Vec2{-20.0f, -86.0f}};
/// After throw_toss, the thrown fighter lands on the floor this far beyond victimOffsets[3]'s x
/// (px, away from the thrower): thrown 4-5 (lying, getting up) are drawn for that spot.
inline constexpr std::int32_t THROWN_LANDING_DX_PX = 60;

/// Getting up from a knockdown (game::GET_UP_TICKS in all, 5 + 5 + 4): from the knockdown's last
/// pose `lying` up on one knee (`rising`), then most of the way to `standing`.
[[nodiscard]] AnimSpec GetUpAnim(const Pose& lying, const Pose& rising, const Pose& standing);
/// The victim offset (victim anchor from the thrower's anchor, facing right, y up negative) that
/// puts frame `frame`'s grip point on the thrower's `hand` (local px: the lead palm's centre).
[[nodiscard]] std::array<std::int32_t, 2> VictimOffset(Vec2 hand, std::int32_t frame);

}  // namespace artgen
