// HashState and HashFighterDef: 64-bit FNV-1a over a canonical encoding of the whole MatchState
// (or FighterDef), every field written little-endian at a fixed width in declaration order (never
// the struct's raw bytes: padding and bool representation are not canonical). The static_asserts
// make adding a field without hashing it a compile error: update the count and the walk together.
// One walk over the state's fields (VisitState) feeds the hash, the text dump a desync report
// writes, and the field-by-field comparison that names the first difference.
#include "game/game.h"

#include <cstddef>
#include <sstream>
#include <string>

namespace game {

namespace {

// The hash's encoding of each kind of field; names are ignored (they cost nothing here). The
// definitions' hashes use the unnamed forms.
class Hasher {
public:
    void U64(std::uint64_t v) { fnv_.U64(v); }
    void I32(std::int32_t v) { fnv_.I32(v); }
    void U8(std::uint8_t v) { fnv_.Byte(v); }
    void Bool(bool v) { fnv_.Byte(v ? 1 : 0); }
    template <class E>
    void Enum(E e) {
        fnv_.Byte(static_cast<std::uint8_t>(e));
    }
    void U64(const char*, std::uint64_t v) { U64(v); }
    void I32(const char*, std::int32_t v) { I32(v); }
    void U8(const char*, std::uint8_t v) { U8(v); }
    void Bool(const char*, bool v) { Bool(v); }
    template <class E>
    void Enum(const char*, E e) {
        Enum(e);
    }
    /// Length first, so "ab" + "c" and "a" + "bc" differ.
    void Str(const std::string& v) {
        Size(v.size());
        for (const char c : v) fnv_.Byte(static_cast<std::uint8_t>(c));
    }
    /// A container's element count, so moving an element from one container to the next changes the hash.
    void Size(std::size_t n) { fnv_.U64(static_cast<std::uint64_t>(n)); }
    void Enter(const char*, int = -1) {}
    void Leave() {}
    [[nodiscard]] std::uint64_t Value() const { return fnv_.Value(); }

private:
    Fnv1a64 fnv_;
};

// The same walk written as text, one "path value" line per field.
class Dumper {
public:
    void U64(const char* name, std::uint64_t v) { Line(name, std::to_string(v)); }
    void I32(const char* name, std::int32_t v) { Line(name, std::to_string(v)); }
    void U8(const char* name, std::uint8_t v) { Line(name, std::to_string(v)); }
    void Bool(const char* name, bool v) { Line(name, v ? "true" : "false"); }
    template <class E>
    void Enum(const char* name, E e) {
        Line(name, std::to_string(static_cast<int>(e)));
    }
    void Enter(const char* name, int index = -1) {
        prefixes_.push_back(prefix_);
        // Appended piece by piece: GCC 12 at -O3 misreads `"[" + std::to_string(i)` (-Wrestrict).
        prefix_.append(name);
        if (index >= 0) prefix_.append("[").append(std::to_string(index)).append("]");
        prefix_.append(".");
    }
    void Leave() {
        prefix_ = prefixes_.back();
        prefixes_.pop_back();
    }
    [[nodiscard]] const std::string& Text() const { return text_; }

private:
    void Line(const char* name, const std::string& value) { text_ += prefix_ + name + " " + value + "\n"; }
    std::string text_, prefix_;
    std::vector<std::string> prefixes_;
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

static_assert(FieldCount<FighterState>() == 26, "FighterState changed: update HashFighter and this count");
static_assert(FieldCount<ProjectileState>() == 10,
              "ProjectileState changed: update the projectile loop and this count");
static_assert(FieldCount<CpuState>() == 22, "CpuState changed: update the CPU loop and this count");
static_assert(FieldCount<CpuView>() == 9, "CpuView changed: update the CPU loop and this count");
static_assert(FieldCount<Spark>() == 4, "Spark changed: update the spark loop and this count");
static_assert(FieldCount<StageGeometry>() == 2, "StageGeometry changed: update VisitConfig and this count");
static_assert(FieldCount<MatchConfig>() == 6, "MatchConfig changed: update HashConfig and this count");
static_assert(FieldCount<MatchStats>() == 4, "MatchStats changed: update the stats lines of HashState and this count");
static_assert(FieldCount<Rng>() == 1, "Rng changed: update HashState and this count");
static_assert(FieldCount<MatchState>() == 17, "MatchState changed: update HashState and this count");
static_assert(FieldCount<FighterDef>() == 16, "FighterDef changed: update HashFighterDef and this count");
static_assert(FieldCount<AnimationDef>() == 3, "AnimationDef changed: update HashFighterDef and this count");
static_assert(FieldCount<FrameDef>() == 6, "FrameDef changed: update HashFrameDef and this count");
static_assert(FieldCount<collide::HotMasks>() == 3, "HotMasks changed: update HashFrameDef and this count");
static_assert(FieldCount<MoveDef>() == 20, "MoveDef changed: update HashMoveDef and this count");
static_assert(FieldCount<CancelDef>() == 4, "CancelDef changed: update HashMoveDef and this count");
static_assert(FieldCount<ThrowDef>() == 3, "ThrowDef changed: update HashMoveDef and this count");
static_assert(FieldCount<PaletteSwap>() == 2, "PaletteSwap changed: update HashFighterDef and this count");
static_assert(FieldCount<ProjectileDef>() == 6, "ProjectileDef changed: update HashMoveDef and this count");
// sizeof as well: it sees a field whose type changed width (int32 to int64), which a count does not.
static_assert(sizeof(FighterState) == 128, "FighterState changed: update HashFighter and this size");
static_assert(sizeof(ProjectileState) == 36, "ProjectileState changed: update the projectile loop and this size");
static_assert(sizeof(CpuState) == 1552, "CpuState changed: update the CPU loop and this size");
static_assert(sizeof(CpuView) == 32, "CpuView changed: update the CPU loop and this size");
static_assert(sizeof(Spark) == 16, "Spark changed: update the spark loop and this size");
static_assert(sizeof(StageGeometry) == 12, "StageGeometry changed: update VisitConfig and this size");
static_assert(sizeof(MatchConfig) == 40, "MatchConfig changed: update HashConfig and this size");

template <class V>
void VisitFighter(V& v, const FighterState& f) {
    v.I32("xSubpx", f.xSubpx), v.I32("ySubpx", f.ySubpx), v.I32("vxSubpx", f.vxSubpx), v.I32("vySubpx", f.vySubpx);
    v.I32("slideSubpx", f.slideSubpx);
    v.Enum("facing", f.facing), v.Enum("action", f.action);
    v.I32("animation", f.animation), v.I32("animTick", f.animTick), v.I32("move", f.move);
    v.Bool("moveHasHit", f.moveHasHit), v.Bool("projectileThrown", f.projectileThrown);
    v.Bool("moveBoxHitRejected", f.moveBoxHitRejected);
    v.I32("stunTicks", f.stunTicks), v.I32("health", f.health), v.I32("roundsWon", f.roundsWon);
    v.U8("heldBits", f.heldBits);
    v.I32("pressedAgo[punch]", f.pressedAgo[0]), v.I32("pressedAgo[kick]", f.pressedAgo[1]);
    v.I32("pressedAgo[special]", f.pressedAgo[2]);
    for (std::size_t k = 0; k < f.inputHistory.size(); ++k) {
        // Appended piece by piece: GCC 12 at -O3 misreads `"literal" + std::to_string(k)` (-Wrestrict).
        std::string name = "inputHistory[";
        name.append(std::to_string(k)).append("]");
        v.U8(name.c_str(), f.inputHistory[k]);
    }
    v.I32("historyAt", f.historyAt);
    v.Enum("moveLanded", f.moveLanded);
    v.I32("comboHits", f.comboHits), v.I32("meter", f.meter);
    v.Bool("counterHit", f.counterHit), v.I32("throwImmuneTicks", f.throwImmuneTicks);
    v.I32("jumpVxSubpx", f.jumpVxSubpx);
}

template <class V>
void VisitConfig(V& v, const MatchConfig& c) {
    v.Enter("config");
    v.I32("stage.widthPx", c.stage.widthPx);
    v.I32("stage.startXPx[0]", c.stage.startXPx[0]), v.I32("stage.startXPx[1]", c.stage.startXPx[1]);
    v.Enum("controllers[0]", c.controllers[0]), v.Enum("controllers[1]", c.controllers[1]);
    v.I32("cpuLevel", c.cpuLevel);
    v.U64("seed", c.seed);
    v.Enum("detection", c.detection);
    v.I32("insetPx", c.insetPx);
    v.Leave();
}

// Every field of the state, in the one order the hash, the dump and the comparison share.
template <class V>
void VisitState(V& v, const MatchState& s) {
    VisitConfig(v, s.config);
    v.U64("tick", s.tick);
    v.Enum("phase", s.phase);
    v.I32("phaseTicks", s.phaseTicks), v.I32("round", s.round), v.I32("roundTicksLeft", s.roundTicksLeft);
    v.I32("hitstopTicks", s.hitstopTicks), v.I32("superFreezeTicks", s.superFreezeTicks);
    v.I32("roundWinner", s.roundWinner), v.I32("matchWinner", s.matchWinner);
    for (std::size_t i = 0; i < s.fighters.size(); ++i) {
        v.Enter("fighters", static_cast<int>(i));
        VisitFighter(v, s.fighters[i]);
        v.Leave();
    }
    for (std::size_t i = 0; i < s.projectiles.size(); ++i) {
        const ProjectileState& p = s.projectiles[i];
        v.Enter("projectiles", static_cast<int>(i));
        v.Bool("alive", p.alive), v.I32("owner", p.owner), v.I32("move", p.move), v.I32("xSubpx", p.xSubpx);
        v.I32("ySubpx", p.ySubpx), v.I32("vxSubpx", p.vxSubpx);
        v.Enum("facing", p.facing), v.Bool("boxHitRejected", p.boxHitRejected), v.I32("ageTicks", p.ageTicks);
        v.I32("angleMilliDeg", p.angleMilliDeg);
        v.Leave();
    }
    for (std::size_t i = 0; i < s.cpu.size(); ++i) {
        const CpuState& c = s.cpu[i];
        v.Enter("cpu", static_cast<int>(i));
        for (std::size_t k = 0; k < c.views.size(); ++k) {
            const CpuView& w = c.views[k];
            v.Enter("views", static_cast<int>(k));
            v.I32("xSubpx", w.xSubpx), v.I32("ySubpx", w.ySubpx), v.I32("animation", w.animation);
            v.I32("frame", w.frame), v.Enum("facing", w.facing), v.Bool("frozen", w.frozen);
            v.I32("projectileXSubpx", w.projectileXSubpx), v.I32("projectileYSubpx", w.projectileYSubpx);
            v.I32("projectileVxSubpx", w.projectileVxSubpx);
            v.Leave();
        }
        v.I32("viewAt", c.viewAt), v.I32("reactionTicks", c.reactionTicks);
        v.U8("planBits", c.planBits), v.I32("planTicks", c.planTicks);
        v.U64("decided[threat]", static_cast<std::uint64_t>(c.decided[0]));
        v.U64("decided[punish]", static_cast<std::uint64_t>(c.decided[1]));
        v.U64("decided[tech]", static_cast<std::uint64_t>(c.decided[2]));
        v.I32("answer", c.answer);
        v.U64("projectileSpawnTick", static_cast<std::uint64_t>(c.projectileSpawnTick));
        v.I32("projectileAnswer", c.projectileAnswer);
        v.Bool("selfDecided", c.selfDecided);
        v.I32("guardTicks", c.guardTicks), v.I32("cooldownTicks", c.cooldownTicks);
        for (std::size_t k = 0; k < c.sequence.size(); ++k) {
            std::string name = "sequence[";
            name.append(std::to_string(k)).append("]");
            v.U8(name.c_str(), c.sequence[k]);
        }
        v.I32("sequenceLength", c.sequenceLength), v.I32("sequenceAt", c.sequenceAt);
        for (std::size_t k = 0; k < c.habits.size(); ++k) {
            std::string name = "habits[";
            name.append(std::to_string(k)).append("]");
            v.I32(name.c_str(), c.habits[k]);
        }
        for (std::size_t k = 0; k < c.learned.size(); ++k) {
            std::string name = "learned[";
            name.append(std::to_string(k)).append("]");
            v.I32(name.c_str(), c.learned[k]);
        }
        v.I32("lastOption", c.lastOption), v.I32("lastHealth[0]", c.lastHealth[0]),
            v.I32("lastHealth[1]", c.lastHealth[1]);
        v.I32("quietTicks", c.quietTicks), v.I32("seenHealth[0]", c.seenHealth[0]),
            v.I32("seenHealth[1]", c.seenHealth[1]);
        v.U64("touchedTick", static_cast<std::uint64_t>(c.touchedTick));
        v.Leave();
    }
    for (std::size_t i = 0; i < s.sparks.size(); ++i) {
        const Spark& sp = s.sparks[i];
        v.Enter("sparks", static_cast<int>(i));
        v.I32("xPx", sp.xPx), v.I32("yPx", sp.yPx), v.I32("ageTicks", sp.ageTicks), v.Enum("kind", sp.kind);
        v.Leave();
    }
    v.I32("nextSpark", s.nextSpark);
    v.U64("rng.state", s.rng.state);
    v.I32("stats.hits[0]", s.stats.hits[0]), v.I32("stats.hits[1]", s.stats.hits[1]);
    v.I32("stats.blocks[0]", s.stats.blocks[0]), v.I32("stats.blocks[1]", s.stats.blocks[1]);
    v.I32("stats.clashes", s.stats.clashes), v.I32("stats.boxHitsRejectedByPixels", s.stats.boxHitsRejectedByPixels);
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
    h.Str(m.motion);
    h.Size(m.cancels.size());
    for (const CancelDef& c : m.cancels) {
        h.Size(c.into.size());
        for (const std::int32_t into : c.into) h.I32(into);
        h.I32(c.firstFrame), h.I32(c.lastFrame), h.Enum(c.on);
    }
    h.I32(m.advanceSubpx), h.I32(m.meterCost), h.I32(m.superFreezeTicks);
    h.Bool(m.throwDef.has_value());
    if (m.throwDef) {
        h.I32(m.throwDef->animation);
        h.Size(m.throwDef->victimOffsetsPx.size());
        for (const collide::Point& o : m.throwDef->victimOffsetsPx) h.I32(o.x), h.I32(o.y);
        h.I32(m.throwDef->landingPx);
    }
    h.Bool(m.knockdown);
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
    h.I32(def.thrownAnimation), h.I32(def.getUpAnimation);
    h.Size(def.palette.size());
    for (const PaletteSwap& p : def.palette) h.U64(p.fromRgb), h.U64(p.toRgb);
    return h.Value();
}

std::uint64_t HashState(const MatchState& s) {
    Hasher h;
    VisitState(h, s);
    return h.Value();
}

std::string DumpState(const MatchState& s) {
    Dumper d;
    VisitState(d, s);
    return d.Text();
}

std::string FirstDifference(const MatchState& a, const MatchState& b) {
    std::istringstream da(DumpState(a)), db(DumpState(b));
    for (std::string la, lb; std::getline(da, la) && std::getline(db, lb);) {
        if (la == lb) continue;
        const std::size_t space = la.find(' ');
        return la.substr(0, space) + ": " + la.substr(space + 1) + " vs " + lb.substr(lb.find(' ') + 1);
    }
    return "";
}

}  // namespace game
