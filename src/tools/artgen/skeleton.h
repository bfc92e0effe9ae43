// skeleton: a fighter's pose as a few intents (where the hips, hands and feet go, how the torso
// leans) and the joint positions solved from it with two-bone IK, for a given build's bone lengths.
// Local pixel space: the anchor (the feet on the floor) at (0, 0), x toward the opponent, y down.
#pragma once

#include "tools/artgen/raster.h"

namespace artgen {

/// Bone lengths and attachment points of one build, in px.
struct Dims {
    float thigh = 0.0f;
    float shin = 0.0f;
    float upperArm = 0.0f;
    float forearm = 0.0f;
    float torso = 0.0f;  ///< pelvis to the base of the neck
    Vec2 shoulderNear;   ///< from the base of the neck, torso frame (x forward, y down)
    Vec2 shoulderFar;
    Vec2 hipNear;  ///< from the pelvis, torso frame
    Vec2 hipFar;
    Vec2 head;  ///< head centre from the base of the neck, head frame
};

/// Which way a limb's middle joint bends: +1 puts a knee forward of a downward leg; -1 puts an
/// elbow below a forward arm.
enum class Bend : std::int8_t { Minus = -1, Plus = 1 };

/// A limb's goal: IK toward `target` (wrist or ankle), or forward kinematics from two angles.
struct LimbGoal {
    Vec2 target;
    Bend bend = Bend::Plus;
    bool useAngles = false;
    float rootAngle = 0.0f;  ///< radians, clockwise from +x, when useAngles
    float midAngle = 0.0f;
};

enum class Hand : std::uint8_t { Fist, Open };

/// What a frame shows, before solving. Near limbs are on the viewer's side and drawn in front.
struct Pose {
    Vec2 pelvis;
    float lean = 0.0f;      ///< torso tilt, radians, + forward (toward +x)
    float headTilt = 0.0f;  ///< on top of the lean, + chin down
    LimbGoal armNear{{}, Bend::Minus};
    LimbGoal armFar{{}, Bend::Minus};
    LimbGoal legNear;
    LimbGoal legFar;
    float footNear = 0.0f;  ///< sole angle, radians, 0 flat, + toes down
    float footFar = 0.0f;
    float handNearTurn = 0.0f;  ///< hand angle relative to the forearm
    float handFarTurn = 0.0f;
    Hand handNear = Hand::Fist;
    Hand handFar = Hand::Fist;
    float hairSway = 0.0f;  ///< free parameter for hair/cloth, -1..1
    float breath = 0.0f;    ///< chest swell, 0..1
    /// The whole body turned about the pelvis, radians, clockwise, on top of the lean (a body
    /// flipping in the air: the hips turn with it fully, where a lean turns them only half).
    float spin = 0.0f;
};

struct Limb {
    Vec2 root;
    Vec2 joint;
    Vec2 end;
};

/// Solved joints of one pose.
struct Skeleton {
    Pose pose;
    Vec2 pelvis;
    Vec2 neck;
    Vec2 headCentre;
    float headAngle = 0.0f;
    float torsoAngle = 0.0f;  ///< radians: the lean and the spin
    float hipAngle = 0.0f;    ///< radians: half the lean, and the spin
    Limb armNear, armFar, legNear, legFar;

    /// A point of the torso frame: (u, v) from the pelvis, turned with the lean and the spin.
    [[nodiscard]] Vec2 Torso(float u, float v) const { return pelvis + Rotate({u, v}, torsoAngle); }
    /// A point of the head frame: (u, v) from the head centre, turned with lean and tilt.
    [[nodiscard]] Vec2 Head(float u, float v) const { return headCentre + Rotate({u, v}, headAngle); }
};

[[nodiscard]] Skeleton Solve(const Pose& pose, const Dims& dims);
/// The in-between of two poses (IK targets, angles and offsets interpolated; bends from the nearer).
[[nodiscard]] Pose Blend(const Pose& a, const Pose& b, float t);
/// The pose moved as a whole (hips and hands), feet left where they are: bobbing, leaning in.
[[nodiscard]] Pose ShiftBody(Pose pose, Vec2 offset);
/// The whole pose moved, feet and knees included: a body off the floor (a leap, a thrown victim).
/// Angle-driven limbs follow their roots.
[[nodiscard]] Pose MovePose(Pose pose, Vec2 offset);
/// The whole pose turned `radians` (clockwise) about its pelvis: spin, limb targets, limb and foot
/// angles. A pose drawn upright, turned upside down, stays anatomically the same pose.
[[nodiscard]] Pose TurnPose(Pose pose, float radians);

}  // namespace artgen
