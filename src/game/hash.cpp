// HashState and HashFighterDef: 64-bit FNV-1a over a canonical encoding of the whole MatchState
// (or FighterDef), every field written little-endian at a fixed width in declaration order (never
// the struct's raw bytes: padding and bool representation are not canonical). The static_asserts
// make adding a field without hashing it a compile error: update the count and the encoder together.
#include "game/game.h"

#include <cstddef>
#include <string>

namespace game {

namespace {

class Hasher {
public:
    void U64(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) Byte(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void I32(std::int32_t v) {
        const auto u = static_cast<std::uint32_t>(v);
        for (int i = 0; i < 4; ++i) Byte(static_cast<std::uint8_t>(u >> (8 * i)));
    }
    void U8(std::uint8_t v) { Byte(v); }
    /// Length first, so "ab" + "c" and "a" + "bc" differ.
    void Str(const std::string& v) {
        Size(v.size());
        for (const char c : v) Byte(static_cast<std::uint8_t>(c));
    }
    /// A container's element count, so moving an element from one container to the next changes the hash.
    void Size(std::size_t n) { U64(static_cast<std::uint64_t>(n)); }
    void Bool(bool v) { Byte(v ? 1 : 0); }
    template <class E>
    void Enum(E e) {
        Byte(static_cast<std::uint8_t>(e));
    }
    [[nodiscard]] std::uint64_t Value() const { return h_; }

private:
    void Byte(std::uint8_t b) {
        h_ ^= b;
        h_ *= 0x100000001B3ull;
    }
    std::uint64_t h_ = 0xCBF29CE484222325ull;
};

// Fields of an aggregate, counted at compile time: T{f, f, ...} compiles for up to as many
// initializers as T has fields (AnyField converts to any default-constructible member type). Unlike
// sizeof, this sees a field that fits into padding, and it does not depend on the standard
// library's sizeof(std::string) or sizeof(std::vector), so it holds for the FighterDef structs.
struct AnyField {
    template <class T>
    operator T() const {  // NOLINT(google-explicit-constructor): implicit on purpose
        return T{};
    }
};
template <class T, class... Fields>
constexpr std::size_t FieldCount() {
    if constexpr (requires { T{Fields{}..., AnyField{}}; }) {
        return FieldCount<T, Fields..., AnyField>();
    } else {
        return sizeof...(Fields);
    }
}

static_assert(FieldCount<FighterState>() == 18, "FighterState changed: update HashFighter and this count");
static_assert(FieldCount<ProjectileState>() == 10,
              "ProjectileState changed: update the projectile loop and this count");
static_assert(FieldCount<CpuState>() == 5, "CpuState changed: update the CPU loop and this count");
static_assert(FieldCount<Spark>() == 4, "Spark changed: update the spark loop and this count");
static_assert(FieldCount<MatchConfig>() == 5, "MatchConfig changed: update HashConfig and this count");
static_assert(FieldCount<MatchStats>() == 4, "MatchStats changed: update the stats lines of HashState and this count");
static_assert(FieldCount<Rng>() == 1, "Rng changed: update HashState and this count");
static_assert(FieldCount<MatchState>() == 16, "MatchState changed: update HashState and this count");
static_assert(FieldCount<FighterDef>() == 13, "FighterDef changed: update HashFighterDef and this count");
static_assert(FieldCount<AnimationDef>() == 3, "AnimationDef changed: update HashFighterDef and this count");
static_assert(FieldCount<FrameDef>() == 6, "FrameDef changed: update HashFrameDef and this count");
static_assert(FieldCount<collide::HotMasks>() == 3, "HotMasks changed: update HashFrameDef and this count");
static_assert(FieldCount<MoveDef>() == 13, "MoveDef changed: update HashMoveDef and this count");
static_assert(FieldCount<ProjectileDef>() == 6, "ProjectileDef changed: update HashMoveDef and this count");
// sizeof as well: it sees a field whose type changed width (int32 to int64), which a count does not.
static_assert(sizeof(FighterState) == 68, "FighterState changed: update HashFighter and this size");
static_assert(sizeof(ProjectileState) == 36, "ProjectileState changed: update the projectile loop and this size");
static_assert(sizeof(CpuState) == 20, "CpuState changed: update the CPU loop and this size");
static_assert(sizeof(Spark) == 16, "Spark changed: update the spark loop and this size");
static_assert(sizeof(MatchConfig) == 24, "MatchConfig changed: update HashConfig and this size");

void HashFighter(Hasher& h, const FighterState& f) {
    h.I32(f.xSubpx), h.I32(f.ySubpx), h.I32(f.vxSubpx), h.I32(f.vySubpx), h.I32(f.slideSubpx);
    h.Enum(f.facing), h.Enum(f.action);
    h.I32(f.animation), h.I32(f.animTick), h.I32(f.move);
    h.Bool(f.moveHasHit), h.Bool(f.projectileThrown), h.Bool(f.moveBoxHitRejected);
    h.I32(f.stunTicks), h.I32(f.health), h.I32(f.roundsWon);
    h.U8(f.heldBits);
    for (const std::int32_t ago : f.pressedAgo) h.I32(ago);
}

void HashConfig(Hasher& h, const MatchConfig& c) {
    h.Enum(c.controllers[0]), h.Enum(c.controllers[1]);
    h.I32(c.cpuLevel);
    h.U64(c.seed);
    h.Enum(c.detection);
    h.I32(c.insetPx);
}

void HashMask(Hasher& h, const collide::Mask& m) {
    // The size too: two empty masks of different sizes have no words to tell them apart.
    h.I32(m.Width()), h.I32(m.Height());
    for (std::int32_t y = 0; y < m.Height(); ++y) {
        for (std::int32_t k = 0; k < m.WordsPerRow(); ++k) h.U64(m.RowWords(y)[k]);
    }
}

void HashFrameDef(Hasher& h, const FrameDef& f) {
    h.I32(f.ticks), h.I32(f.anchorPx.x), h.I32(f.anchorPx.y), h.I32(f.widthPx), h.I32(f.heightPx);
    // `any` is attack | hurt at load, but PickFighter reads it on its own: hash what is there.
    HashMask(h, f.masks.attack), HashMask(h, f.masks.hurt), HashMask(h, f.masks.any);
    h.Bool(f.hotmapFromSprite);
}

void HashMoveDef(Hasher& h, const MoveDef& m) {
    h.Str(m.name);
    h.I32(m.animation), h.Enum(m.button), h.Enum(m.stance), h.I32(m.damage), h.I32(m.hitstunTicks);
    h.I32(m.blockstunTicks), h.I32(m.hitstopTicks), h.I32(m.knockbackSubpx), h.I32(m.activeFirst), h.I32(m.activeLast);
    h.Enum(m.height);
    h.Bool(m.projectile.has_value());
    if (m.projectile) {
        const ProjectileDef& p = *m.projectile;
        h.I32(p.animation), h.I32(p.spawnFrame), h.I32(p.spawnOffsetPx.x), h.I32(p.spawnOffsetPx.y),
            h.I32(p.speedSubpx);
        h.I32(p.spinMilliDegreesPerTick), h.I32(p.lifetimeTicks);
    }
}

}  // namespace

std::uint64_t HashFighterDef(const FighterDef& def) {
    Hasher h;
    h.Str(def.id), h.Str(def.displayName);
    h.I32(def.maxHealth), h.I32(def.walkForwardSubpx), h.I32(def.walkBackSubpx), h.I32(def.jumpVelocitySubpx);
    h.I32(def.jumpForwardSubpx), h.I32(def.gravitySubpx), h.I32(def.pushboxWidthPx), h.I32(def.pushboxHeightPx);
    h.I32(def.pushboxCrouchHeightPx);
    h.Size(def.animations.size());
    for (const AnimationDef& a : def.animations) {
        h.Str(a.name), h.Bool(a.loop);
        h.Size(a.frames.size());
        for (const FrameDef& f : a.frames) HashFrameDef(h, f);
    }
    h.Size(def.moves.size());
    for (const MoveDef& m : def.moves) HashMoveDef(h, m);
    return h.Value();
}

std::uint64_t HashState(const MatchState& s) {
    Hasher h;
    HashConfig(h, s.config);
    h.U64(s.tick);
    h.Enum(s.phase);
    h.I32(s.phaseTicks), h.I32(s.round), h.I32(s.roundTicksLeft), h.I32(s.hitstopTicks);
    h.I32(s.roundWinner), h.I32(s.matchWinner);
    for (const FighterState& f : s.fighters) HashFighter(h, f);
    for (const ProjectileState& p : s.projectiles) {
        h.Bool(p.alive), h.I32(p.owner), h.I32(p.move), h.I32(p.xSubpx), h.I32(p.ySubpx), h.I32(p.vxSubpx);
        h.Enum(p.facing), h.Bool(p.boxHitRejected), h.I32(p.ageTicks), h.I32(p.angleMilliDeg);
    }
    for (const CpuState& c : s.cpu) {
        h.U8(c.planBits), h.I32(c.planTicks), h.I32(c.lastSeenAttack), h.Bool(c.willBlock), h.I32(c.cooldownTicks);
    }
    for (const Spark& sp : s.sparks) h.I32(sp.xPx), h.I32(sp.yPx), h.I32(sp.ageTicks), h.Enum(sp.kind);
    h.I32(s.nextSpark);
    h.U64(s.rng.state);
    for (const std::int32_t n : s.stats.hits) h.I32(n);
    for (const std::int32_t n : s.stats.blocks) h.I32(n);
    h.I32(s.stats.clashes), h.I32(s.stats.boxHitsRejectedByPixels);
    return h.Value();
}

}  // namespace game
