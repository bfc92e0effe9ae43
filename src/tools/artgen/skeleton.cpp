// skeleton: solving a Pose into joints. Two-bone IK by the law of cosines; a target out of reach
// straightens the limb toward it, so a pose never tears a limb off its joint.
#include "tools/artgen/skeleton.h"

#include <algorithm>

namespace artgen {

namespace {

Limb SolveLimb(Vec2 root, const LimbGoal& goal, float upper, float lower) {
    if (goal.useAngles) {
        const Vec2 joint = root + Rotate({upper, 0.0f}, goal.rootAngle);
        return {root, joint, joint + Rotate({lower, 0.0f}, goal.midAngle)};
    }
    const Vec2 toTarget = goal.target - root;
    const Vec2 dir = Normalize(toTarget);
    // Keep a sliver of bend at full reach so the joint still has a side to sit on.
    const float reach = std::clamp(Length(toTarget), std::fabs(upper - lower) + 0.5f, upper + lower - 0.05f);
    const float along = (upper * upper - lower * lower + reach * reach) / (2.0f * reach);
    const float across = std::sqrt(std::max(0.0f, upper * upper - along * along));
    const Vec2 side = Vec2{dir.y, -dir.x} * static_cast<float>(goal.bend);
    const Vec2 joint = root + dir * along + side * across;
    return {root, joint, root + dir * reach};
}

}  // namespace

Skeleton Solve(const Pose& pose, const Dims& dims) {
    Skeleton s;
    s.pose = pose;
    s.pelvis = pose.pelvis;
    // Adding a zero spin leaves every angle bit for bit what it was without one.
    s.torsoAngle = pose.lean + pose.spin;
    // The pelvis turns less than the chest when a fighter leans.
    s.hipAngle = pose.lean * 0.5f + pose.spin;
    s.neck = s.Torso(0.0f, -dims.torso);
    s.headAngle = s.torsoAngle + pose.headTilt;
    s.headCentre = s.neck + Rotate(dims.head, s.headAngle);
    const Vec2 shoulderNear = s.neck + Rotate(dims.shoulderNear, s.torsoAngle);
    const Vec2 shoulderFar = s.neck + Rotate(dims.shoulderFar, s.torsoAngle);
    const Vec2 hipNear = s.pelvis + Rotate(dims.hipNear, s.hipAngle);
    const Vec2 hipFar = s.pelvis + Rotate(dims.hipFar, s.hipAngle);
    s.armNear = SolveLimb(shoulderNear, pose.armNear, dims.upperArm, dims.forearm);
    s.armFar = SolveLimb(shoulderFar, pose.armFar, dims.upperArm, dims.forearm);
    s.legNear = SolveLimb(hipNear, pose.legNear, dims.thigh, dims.shin);
    s.legFar = SolveLimb(hipFar, pose.legFar, dims.thigh, dims.shin);
    return s;
}

namespace {

LimbGoal BlendGoal(const LimbGoal& a, const LimbGoal& b, float t) {
    LimbGoal out = t < 0.5f ? a : b;
    out.target = Lerp(a.target, b.target, t);
    out.rootAngle = Lerp(a.rootAngle, b.rootAngle, t);
    out.midAngle = Lerp(a.midAngle, b.midAngle, t);
    return out;
}

}  // namespace

Pose Blend(const Pose& a, const Pose& b, float t) {
    Pose out = t < 0.5f ? a : b;
    out.pelvis = Lerp(a.pelvis, b.pelvis, t);
    out.lean = Lerp(a.lean, b.lean, t);
    out.headTilt = Lerp(a.headTilt, b.headTilt, t);
    out.armNear = BlendGoal(a.armNear, b.armNear, t);
    out.armFar = BlendGoal(a.armFar, b.armFar, t);
    out.legNear = BlendGoal(a.legNear, b.legNear, t);
    out.legFar = BlendGoal(a.legFar, b.legFar, t);
    out.footNear = Lerp(a.footNear, b.footNear, t);
    out.footFar = Lerp(a.footFar, b.footFar, t);
    out.handNearTurn = Lerp(a.handNearTurn, b.handNearTurn, t);
    out.handFarTurn = Lerp(a.handFarTurn, b.handFarTurn, t);
    out.hairSway = Lerp(a.hairSway, b.hairSway, t);
    out.breath = Lerp(a.breath, b.breath, t);
    out.spin = Lerp(a.spin, b.spin, t);
    return out;
}

Pose ShiftBody(Pose pose, Vec2 offset) {
    pose.pelvis = pose.pelvis + offset;
    pose.armNear.target = pose.armNear.target + offset;
    pose.armFar.target = pose.armFar.target + offset;
    return pose;
}

Pose TurnPose(Pose pose, float radians) {
    auto turn = [&](LimbGoal& g) {
        g.target = pose.pelvis + Rotate(g.target - pose.pelvis, radians);
        g.rootAngle += radians;
        g.midAngle += radians;
    };
    turn(pose.armNear);
    turn(pose.armFar);
    turn(pose.legNear);
    turn(pose.legFar);
    pose.footNear += radians;
    pose.footFar += radians;
    pose.spin += radians;
    return pose;
}

Pose MovePose(Pose pose, Vec2 offset) {
    pose = ShiftBody(pose, offset);
    pose.legNear.target = pose.legNear.target + offset;
    pose.legFar.target = pose.legFar.target + offset;
    return pose;
}

}  // namespace artgen
