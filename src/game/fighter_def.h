// game::FighterDef: everything the simulation knows about a fighter, as plain values built once
// at load (by src/assets from fighter.json and the PNGs). No SDL, no ImGui, no files here.
// Invariant: a FighterDef that exists is valid: every index points inside its vectors, every
// required animation is present, every active frame of a melee move has attack pixels.
#pragma once

#include "collide/collide.h"
#include "game/names.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace game {

/// Positions and speeds in the simulation are fixed point: 1 world pixel = 256 subpixels.
inline constexpr std::int32_t SUBPIXELS_PER_PX = 256;

/// The animations every fighter has, in this order at the start of FighterDef::animations.
enum class Anim : std::uint8_t {
    Idle,
    WalkForward,
    WalkBack,
    Crouch,
    Jump,
    BlockStand,
    BlockCrouch,
    Hit,
    Knockdown,
    Win,
    COUNT
};
inline constexpr std::array<const char*, static_cast<std::size_t>(Anim::COUNT)> REQUIRED_ANIM_NAMES = {
    "idle", "walk_forward", "walk_back", "crouch", "jump", "block_stand", "block_crouch", "hit", "knockdown", "win"};

/// One animation frame: its masks (built once at load), how long it shows, where its hot spot is.
struct FrameDef {
    std::int32_t ticks = 1;     ///< 60 Hz ticks this frame shows
    collide::Point anchorPx{};  ///< sprite pixel placed on the owner's position (the feet)
    std::int32_t widthPx = 0;   ///< sprite and hotmap size
    std::int32_t heightPx = 0;
    collide::HotMasks masks;        ///< attack, hurt and any, in sprite space (facing right)
    bool hotmapFromSprite = false;  ///< no hotmap file: the sprite's opaque pixels are hurt
};

struct AnimationDef {
    std::string name;
    bool loop = false;
    std::vector<FrameDef> frames;
    /// Total ticks of one pass.
    [[nodiscard]] std::int32_t TotalTicks() const {
        std::int32_t t = 0;
        for (const FrameDef& f : frames) t += f.ticks;
        return t;
    }
};

/// What starts a move: one button, or punch and kick pressed within THROW_PRESS_GAP_TICKS of each
/// other (docs/rules.md, "Inputs").
enum class Button : std::uint8_t { Punch, Kick, Special, PunchKick };
/// Where a move is started: standing, crouching (down held), or in a jump.
enum class Stance : std::uint8_t { Stand, Crouch, Air };
/// How a move must be blocked: high and mid standing or crouching, low only crouching, overhead only
/// standing.
enum class HitHeight : std::uint8_t { High, Mid, Low, Overhead };
/// Which contacts open a cancel window: a hit, or a hit or a block.
enum class CancelOn : std::uint8_t { Hit, Contact };
inline constexpr EnumName<Button> BUTTON_NAMES[] = {
    {Button::Punch, "punch"}, {Button::Kick, "kick"}, {Button::Special, "special"}, {Button::PunchKick, "punch+kick"}};
inline constexpr EnumName<Stance> STANCE_NAMES[] = {
    {Stance::Stand, "stand"}, {Stance::Crouch, "crouch"}, {Stance::Air, "air"}};
inline constexpr EnumName<HitHeight> HIT_HEIGHT_NAMES[] = {
    {HitHeight::High, "high"}, {HitHeight::Mid, "mid"}, {HitHeight::Low, "low"}, {HitHeight::Overhead, "overhead"}};
inline constexpr EnumName<CancelOn> CANCEL_ON_NAMES[] = {{CancelOn::Hit, "hit"}, {CancelOn::Contact, "contact"}};

/// The longest motion a move may ask for, in directions ("236236" is 6).
inline constexpr std::size_t MAX_MOTION_LENGTH = 8;

struct ProjectileDef {
    std::int32_t animation = 0;                ///< index into FighterDef::animations
    std::int32_t spawnFrame = 0;               ///< thrower's frame index that spawns it
    collide::Point spawnOffsetPx{};            ///< from the thrower's anchor, facing right
    std::int32_t speedSubpx = 0;               ///< subpixels per tick
    std::int32_t spinMilliDegreesPerTick = 0;  ///< 0: upright (axis-aligned query)
    std::int32_t lifetimeTicks = 0;
};

/// A window in which a move may be cancelled into others: after its attack made contact, on frames
/// [firstFrame, lastFrame] of its animation, the moves `into` may start at once.
struct CancelDef {
    std::vector<std::int32_t> into;  ///< indices into FighterDef::moves
    std::int32_t firstFrame = 0;
    std::int32_t lastFrame = 0;
    CancelOn on = CancelOn::Hit;
};

/// A throw's second half: once the grab (the move's active frames, attack pixels on the defender's
/// hurt pixels) connects, the thrower plays `animation` and carries the victim.
struct ThrowDef {
    std::int32_t animation = 0;  ///< index into FighterDef::animations: the toss
    /// Per toss frame: where the victim's anchor is, from the thrower's, facing right, y up negative.
    std::vector<collide::Point> victimOffsetsPx;
    std::int32_t landingPx = 60;  ///< after the toss the victim lies this far beyond the last offset
};

struct MoveDef {
    std::string name;
    std::int32_t animation = 0;  ///< index into FighterDef::animations
    Button button = Button::Punch;
    Stance stance = Stance::Stand;
    std::int32_t damage = 0;
    std::int32_t hitstunTicks = 0;
    std::int32_t blockstunTicks = 0;
    std::int32_t hitstopTicks = 0;
    std::int32_t knockbackSubpx = 0;  ///< subpixels per tick, initial slide speed
    std::int32_t activeFirst = -1;    ///< frame indices; -1 when the move only throws
    std::int32_t activeLast = -1;
    HitHeight height = HitHeight::Mid;
    std::optional<ProjectileDef> projectile;
    /// Numpad digits relative to facing ("236", "623", "236236", "6"); empty: the button alone.
    std::string motion;
    std::vector<CancelDef> cancels;
    std::int32_t advanceSubpx = 0;      ///< forward speed during the active frames (a rush)
    std::int32_t meterCost = 0;         ///< meter spent to start it; > 0 makes it a super
    std::int32_t superFreezeTicks = 0;  ///< everything holds this long when it starts
    std::optional<ThrowDef> throwDef;   ///< the move is a throw (its active frames are the grab)
    bool knockdown = false;             ///< a hit knocks the defender down (docs/rules.md, "Knockdowns")
};

/// Is `frame` (an index into the move's animation) one of the move's active frames? Never for a
/// move that only throws a projectile (activeFirst -1).
[[nodiscard]] inline bool IsActiveFrame(const MoveDef& move, std::int32_t frame) {
    return move.activeFirst >= 0 && frame >= move.activeFirst && frame <= move.activeLast;
}

/// A colour swap for the alternate palette (mirror matches): 0xRRGGBB to 0xRRGGBB.
struct PaletteSwap {
    std::uint32_t fromRgb = 0;
    std::uint32_t toRgb = 0;
};

struct FighterDef {
    std::string id;  ///< folder name
    std::string displayName;
    std::int32_t maxHealth = 1000;
    std::int32_t walkForwardSubpx = 0;  ///< subpixels per tick
    std::int32_t walkBackSubpx = 0;
    std::int32_t jumpVelocitySubpx = 0;
    std::int32_t jumpForwardSubpx = 0;
    std::int32_t gravitySubpx = 0;  ///< subpixels per tick per tick
    std::int32_t pushboxWidthPx = 0;
    std::int32_t pushboxHeightPx = 0;
    std::int32_t pushboxCrouchHeightPx = 0;
    std::vector<AnimationDef> animations;  ///< Anim::COUNT required ones first, then the rest
    std::vector<MoveDef> moves;
    std::int32_t thrownAnimation = -1;  ///< "thrown", when the fighter has one: shown while thrown
    std::int32_t getUpAnimation = -1;   ///< "get_up", when the fighter has one: a knockdown's last ticks
    std::vector<PaletteSwap> palette;   ///< the alternate palette, for the second of two alike

    [[nodiscard]] const AnimationDef& Animation(Anim a) const { return animations[static_cast<std::size_t>(a)]; }
    /// Index of the animation named `name`, or -1.
    [[nodiscard]] std::int32_t FindAnimation(const std::string& name) const {
        for (std::size_t i = 0; i < animations.size(); ++i) {
            if (animations[i].name == name) return static_cast<std::int32_t>(i);
        }
        return -1;
    }
};

}  // namespace game
