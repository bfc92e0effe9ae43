// Frame data from a fighter's definition: each move's startup, active and recovery ticks, its
// advantage on hit and on block, and its pixel ranges: for each active frame, the anchor-to-anchor
// distances at which its attack pixels touch an opponent's hurt pixels, standing and crouching,
// computed exactly through the collision core for both facings. Pure: no files, no SDL.
#pragma once

#include "game/game.h"

#include <string>
#include <vector>

namespace game {

/// The distances the pixel ranges cover: 0 to this, anchor to anchor, in world pixels.
inline constexpr std::int32_t FRAMEDATA_MAX_DISTANCE_PX = 300;

/// Distances [firstPx, lastPx] (both included) at which a frame touches.
struct PixelRange {
    std::int32_t firstPx = 0;
    std::int32_t lastPx = 0;
    friend bool operator==(const PixelRange&, const PixelRange&) = default;
};

/// One active frame's reach against the opponent's standing and crouching hurt pixels, facing right
/// (the opponent ahead, facing left) and facing left (the opponent ahead on the left).
struct FrameReach {
    std::int32_t frame = 0;  ///< index in the move's animation
    std::int32_t ticks = 0;
    std::vector<PixelRange> standingRight, crouchingRight;
    std::vector<PixelRange> standingLeft, crouchingLeft;
};

/// What the defender can do after blocking a move (PunishOnBlock): its fastest move that still lands
/// before the blocked move ends, and how many ticks later it could have started and still landed.
struct Punish {
    std::int32_t move = -1;  ///< the defender's move; -1: safe (nothing lands in time)
    std::string notation;    ///< its input ("5P"), empty when safe
    std::int32_t spareTicks = 0;
};

struct MoveFrameData {
    std::string name;
    std::string notation;      ///< "5P", "236K" (MoveInputNotation)
    std::int32_t startup = 0;  ///< ticks before the first active one (a projectile: before it spawns)
    std::int32_t active = 0;   ///< a projectile move: the frame that throws
    std::int32_t recovery = 0;
    /// When it hits (or is blocked) on its first active tick, standing, with no cancel: the
    /// attacker's advantage in ticks. Only for grounded strikes (no throw, air move or projectile).
    std::optional<std::int32_t> onHit, onBlock;
    std::int32_t damage = 0;
    bool knockdown = false;  ///< a hit knocks down (onHit is then the advantage when the defender is up)
    /// Blocked from the farthest distance it can be blocked at (the spacing that favours the
    /// attacker), what the defender punishes it with. Only for grounded strikes.
    std::optional<Punish> punish;
    std::vector<FrameReach> reach;  ///< every active frame; empty for a projectile move
};

/// The opponent's poses the ranges are measured against: its idle animation's first frame, and its
/// crouch animation's last (the full crouch).
[[nodiscard]] const FrameDef& StandingFrame(const FighterDef& def);
[[nodiscard]] const FrameDef& CrouchingFrame(const FighterDef& def);

/// Does `attackFrame`'s attack mask, its anchor at (0, floor) facing `facing`, touch `bodyFrame`'s
/// hurt mask, its anchor `distancePx` ahead facing the other way, both on the floor?
[[nodiscard]] bool TouchesAt(const FrameDef& attackFrame, const FrameDef& bodyFrame, std::int32_t distancePx,
                             Facing facing);

/// The defender's fastest punish of `attacker`'s move `move` after blocking it, played out by the
/// simulation: the move started from the farthest distance at which it is blocked (the training
/// dummy's block: holding back as it arrives), then each of the defender's grounded
/// moves started on its first free tick and later. Empty when the move cannot be blocked that way
/// (an air move, a throw, a projectile, a frame that reaches nothing).
[[nodiscard]] std::optional<Punish> PunishOnBlock(const FighterDef& attacker, const FighterDef& defender,
                                                  std::int32_t move);

/// Every move of `attacker` against `defender`'s hurt pixels.
[[nodiscard]] std::vector<MoveFrameData> ComputeFrameData(const FighterDef& attacker, const FighterDef& defender);

/// "12-30, 41-44" or "-" for none.
[[nodiscard]] std::string RangesText(const std::vector<PixelRange>& ranges);

}  // namespace game
