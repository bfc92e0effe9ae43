// HashState: 64-bit FNV-1a over a canonical encoding of the whole MatchState, every field written
// little-endian at a fixed width in declaration order (never the struct's raw bytes: padding and
// bool representation are not canonical). The static_asserts make adding a field without hashing
// it a compile error: update the size and the encoder together.
#include "game/game.h"

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

static_assert(sizeof(FighterState) == 68, "FighterState changed: update HashFighter and this size");
static_assert(sizeof(ProjectileState) == 36, "ProjectileState changed: update the projectile loop and this size");
static_assert(sizeof(CpuState) == 20, "CpuState changed: update the CPU loop and this size");
static_assert(sizeof(Spark) == 16, "Spark changed: update the spark loop and this size");
static_assert(sizeof(MatchConfig) == 24, "MatchConfig changed: update HashConfig and this size");

void HashFighter(Hasher& h, const FighterState& f) {
    h.I32(f.xSubpx), h.I32(f.ySubpx), h.I32(f.vxSubpx), h.I32(f.vySubpx), h.I32(f.slideSubpx);
    h.Enum(f.facing), h.Enum(f.action);
    h.I32(f.animation), h.I32(f.animTick), h.I32(f.move);
    h.Bool(f.moveHasHit), h.Bool(f.projectileThrown);
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

}  // namespace

std::uint64_t HashFighterDef(const FighterDef& def) {
    Hasher h;
    h.I32(def.maxHealth), h.I32(def.walkForwardSubpx), h.I32(def.walkBackSubpx), h.I32(def.jumpVelocitySubpx);
    h.I32(def.jumpForwardSubpx), h.I32(def.gravitySubpx), h.I32(def.pushboxWidthPx), h.I32(def.pushboxHeightPx);
    h.I32(def.pushboxCrouchHeightPx);
    for (const AnimationDef& a : def.animations) {
        h.Bool(a.loop);
        for (const FrameDef& f : a.frames) {
            h.I32(f.ticks), h.I32(f.anchorPx.x), h.I32(f.anchorPx.y), h.I32(f.widthPx), h.I32(f.heightPx);
            for (const collide::Mask* m : {&f.masks.attack, &f.masks.hurt}) {
                for (std::int32_t y = 0; y < m->Height(); ++y) {
                    for (std::int32_t k = 0; k < m->WordsPerRow(); ++k) h.U64(m->RowWords(y)[k]);
                }
            }
        }
    }
    for (const MoveDef& m : def.moves) {
        h.I32(m.animation), h.Enum(m.button), h.Enum(m.stance), h.I32(m.damage), h.I32(m.hitstunTicks);
        h.I32(m.blockstunTicks), h.I32(m.hitstopTicks), h.I32(m.knockbackSubpx), h.I32(m.activeFirst), h.I32(m.activeLast);
        h.Enum(m.height);
    }
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
        h.Enum(p.facing), h.I32(p.ageTicks), h.I32(p.angleMilliDeg);
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
