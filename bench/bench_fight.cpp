// The fight's per-tick hit check in a busy scene (both fighters on an active frame at close range,
// four projectiles in flight among them), beside the same tick with `before` (the collision
// functions as they were before the strip layout, bench/before) and with the HGE seed's check:
// every pair that can interact, the image boxes intersected, then each pixel's colour compared.
//   ours/tick         both passes as the game runs them (game::ProbeContacts: first-hit queries)
//   before/tick       the same passes, step for step, through `before`'s PlaceTransformed,
//                     UniformGrid and QueryColliders (it must find the same contacts)
//   ours|before/place, /grid, /queries: the tick's three collide parts alone (the spinning
//                     projectiles placed, the broad phase, the pixel tests of the tick's pairs), to
//                     show how much of the tick is the collision library and how much the rest
//   ours/tick+debug   the same with the debug record (count-all queries, every colliding pixel kept)
//   seed/tick         the seed's loop on the hotmaps' RGBA pixels (the spinning projectile sampled
//                     as collide's transform defines it); it must find the same contacts as ours,
//                     or the run is an error and no speed-up is printed
// Every figure is the median of five repetitions.
// Uses the project's own fighters. Run: make bench   (or build-release/bench/bench_fight)
#include "assets/assets.h"
#include "before/before.h"
#include "game/game.h"
#include "interleave.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <memory>
#include <numbers>
#include <string>

namespace {

// `before` predates the integer transform: the same numbers as doubles (libm's sine and cosine
// then; it is the cost that is compared, and a sample or two may differ).
collide::Transform AsDoubles(const collide::ExactTransform& e) {
    collide::Transform t;
    t.anchorMaskX = e.anchorMaskX256 / 256.0, t.anchorMaskY = e.anchorMaskY256 / 256.0;
    t.anchorWorldX = e.anchorWorldX256 / 256.0, t.anchorWorldY = e.anchorWorldY256 / 256.0;
    t.angleRadians = e.angleMilliDeg / 1000.0 * std::numbers::pi / 180.0;
    t.scale = e.scale256 / 256.0, t.flip = e.flip;
    return t;
}

struct Scene {
    std::vector<assets::LoadedFighter> fighters;
    game::MatchDefs defs;
    game::MatchState state;
};

// The first move with an active frame, and the animation tick where that frame starts.
std::pair<std::int32_t, std::int32_t> ActiveMove(const game::FighterDef& def) {
    for (std::size_t m = 0; m < def.moves.size(); ++m) {
        const game::MoveDef& move = def.moves[m];
        if (move.activeFirst < 0) continue;
        std::int32_t tick = 0;
        const auto& frames = def.animations[static_cast<std::size_t>(move.animation)].frames;
        for (std::int32_t f = 0; f < move.activeFirst; ++f) tick += frames[static_cast<std::size_t>(f)].ticks;
        return {static_cast<std::int32_t>(m), tick};
    }
    return {-1, 0};
}

std::unique_ptr<Scene> MakeBusyScene() {
    auto s = std::make_unique<Scene>();
    const assets::AssetRoots roots = assets::AssetRoots::Under(HOTMAP_SOURCE_DIR);
    auto ids = assets::ListFighters(roots);
    if (!ids.Ok() || ids.Value().size() < 2) return nullptr;
    for (int i = 0; i < 2; ++i) {
        assets::LoadOptions options;
        options.keepHotmapImages = true;
        auto f = assets::LoadFighter(roots, ids.Value()[static_cast<std::size_t>(i)], options);
        if (!f.Ok()) return nullptr;
        s->fighters.push_back(std::move(f).Value());
    }
    s->defs.fighters = {&s->fighters[0].def, &s->fighters[1].def};
    game::MatchConfig config;
    config.controllers = {game::Controller::Human, game::Controller::Human};
    s->state = game::NewMatch(s->defs, config);
    s->state.phase = game::Phase::Fight;
    for (int i = 0; i < 2; ++i) {
        game::FighterState& f = s->state.fighters[static_cast<std::size_t>(i)];
        const auto [move, tick] = ActiveMove(*s->defs.fighters[static_cast<std::size_t>(i)]);
        f.action = game::Action::Attack;
        f.move = move;
        f.animation = s->defs.fighters[static_cast<std::size_t>(i)]->moves[static_cast<std::size_t>(move)].animation;
        f.animTick = tick;
        f.xSubpx = (i == 0 ? 290 : 350) * game::SUBPIXELS_PER_PX;
    }
    // Four projectiles in flight among the fighters, two of each: more than the rules let a fighter
    // throw (one in flight), to fill every projectile slot the hit check has.
    for (int p = 0; p < game::MAX_PROJECTILES; ++p) {
        const int owner = p % 2;
        const game::FighterDef& def = *s->defs.fighters[static_cast<std::size_t>(owner)];
        for (std::size_t m = 0; m < def.moves.size(); ++m) {
            if (!def.moves[m].projectile) continue;
            game::ProjectileState& ps = s->state.projectiles[static_cast<std::size_t>(p)];
            ps.alive = true;
            ps.owner = owner;
            ps.move = static_cast<std::int32_t>(m);
            ps.facing = owner == 0 ? game::Facing::Right : game::Facing::Left;
            ps.xSubpx = (300 + 14 * p) * game::SUBPIXELS_PER_PX;
            ps.ySubpx = (game::FLOOR_Y_PX - 60 - 6 * p) * game::SUBPIXELS_PER_PX;
            ps.angleMilliDeg = 33000 * p;
            break;
        }
    }
    return s;
}

// ---- the seed's method ---------------------------------------------------------------------------

struct Placed {
    const assets::Image* image;
    collide::Placement place;
    bool attack;  // which colour counts: attack (FF0000) or hurt (any other hot colour)
    bool projectile = false;
    const collide::TransformedPlacement* spin = nullptr;  // a spinning projectile: sampled through this
};

// The world box of the image (a spinning one: the exact box of its transformed tight bounds).
collide::Rect WorldBox(const Placed& p) {
    return p.spin != nullptr ? p.spin->boundsWorld
                             : collide::Rect{p.place.worldX, p.place.worldY, p.image->widthPx, p.image->heightPx};
}

// The image pixel world pixel (x, y) shows, or nullptr off the image. A spinning image is sampled
// as collide.h defines TransformedPlacement: (U >> 32, V >> 32), nearest neighbour.
const std::uint8_t* PixelAt(const Placed& p, int x, int y) {
    std::int64_t ix = 0, iy = 0;
    if (p.spin != nullptr) {
        const std::int64_t dx = x - p.spin->originWorldX, dy = y - p.spin->originWorldY;
        ix = (p.spin->u0 + dx * p.spin->uPerX + dy * p.spin->uPerY) >> 32;
        iy = (p.spin->v0 + dx * p.spin->vPerX + dy * p.spin->vPerY) >> 32;
    } else {
        ix = p.place.flip == collide::Flip::Horizontal ? p.image->widthPx - 1 - (x - p.place.worldX)
                                                       : x - p.place.worldX;
        iy = y - p.place.worldY;
    }
    if (ix < 0 || iy < 0 || ix >= p.image->widthPx || iy >= p.image->heightPx) return nullptr;
    return p.image->rgba.data() + (iy * p.image->widthPx + ix) * 4;
}

bool HotColour(const std::uint8_t* p, bool attack) {
    if (p[3] == 0 || (p[0] == 255 && p[1] == 0 && p[2] == 255)) return false;
    const bool red = p[0] == 255 && p[1] == 0 && p[2] == 0;
    return attack ? red : !red;
}

bool SeedPair(const Placed& a, const Placed& b) {
    if (a.spin == nullptr && b.spin == nullptr) {  // the seed's own loop, as it was written
        const int ax = a.place.worldX, ay = a.place.worldY, aw = a.image->widthPx, ah = a.image->heightPx;
        const int bx = b.place.worldX, by = b.place.worldY, bw = b.image->widthPx, bh = b.image->heightPx;
        const int x0 = std::max(ax, bx), y0 = std::max(ay, by), x1 = std::min(ax + aw, bx + bw),
                  y1 = std::min(ay + ah, by + bh);
        for (int y = y0; y < y1; ++y) {
            for (int x = x0; x < x1; ++x) {
                const int axl = a.place.flip == collide::Flip::Horizontal ? aw - 1 - (x - ax) : x - ax;
                const int bxl = b.place.flip == collide::Flip::Horizontal ? bw - 1 - (x - bx) : x - bx;
                if (HotColour(a.image->rgba.data() + ((y - ay) * aw + axl) * 4, a.attack) &&
                    HotColour(b.image->rgba.data() + ((y - by) * bw + bxl) * 4, b.attack)) {
                    return true;
                }
            }
        }
        return false;
    }
    // A spinning image (the seed had none): each world pixel sampled through the transform.
    const collide::Rect o = collide::IntersectRects(WorldBox(a), WorldBox(b));
    for (int y = o.y; y < o.Bottom(); ++y) {
        for (int x = o.x; x < o.Right(); ++x) {
            const std::uint8_t* pa = PixelAt(a, x, y);
            const std::uint8_t* pb = PixelAt(b, x, y);
            if (pa != nullptr && pb != nullptr && HotColour(pa, a.attack) && HotColour(pb, b.attack)) return true;
        }
    }
    return false;
}

int SeedTick(const Scene& s) {
    std::vector<Placed> attack, hurt;
    std::vector<int> attackOwner, hurtOwner;
    std::array<collide::TransformedPlacement, game::MAX_PROJECTILES> spins{};  // attack[] points into this
    std::size_t spinCount = 0;
    for (int i = 0; i < 2; ++i) {
        const game::FighterDef& def = *s.defs.fighters[static_cast<std::size_t>(i)];
        const game::FighterState& f = s.state.fighters[static_cast<std::size_t>(i)];
        const game::AnimationDef& anim = def.animations[static_cast<std::size_t>(f.animation)];
        const std::int32_t fi = game::FrameIndexAt(anim, f.animTick);
        const game::FrameDef& frame = anim.frames[static_cast<std::size_t>(fi)];
        const assets::Image& hotmap = s.fighters[static_cast<std::size_t>(i)]
                                          .hotmaps[static_cast<std::size_t>(f.animation)][static_cast<std::size_t>(fi)];
        const collide::Placement place = game::PlaceFrame(frame, game::ToPx(f.xSubpx), game::ToPx(f.ySubpx), f.facing);
        hurt.push_back({&hotmap, place, false}), hurtOwner.push_back(i);
        attack.push_back({&hotmap, place, true}), attackOwner.push_back(i);
    }
    for (const game::ProjectileState& p : s.state.projectiles) {
        if (!p.alive) continue;
        const game::FighterDef& def = *s.defs.fighters[static_cast<std::size_t>(p.owner)];
        const std::int32_t anim = def.moves[static_cast<std::size_t>(p.move)].projectile->animation;
        const std::int32_t fi = game::FrameIndexAt(def.animations[static_cast<std::size_t>(anim)], p.ageTicks);
        const game::FrameDef& frame =
            def.animations[static_cast<std::size_t>(anim)].frames[static_cast<std::size_t>(fi)];
        const assets::Image& hotmap = s.fighters[static_cast<std::size_t>(p.owner)]
                                          .hotmaps[static_cast<std::size_t>(anim)][static_cast<std::size_t>(fi)];
        Placed placed{&hotmap, game::PlaceFrame(frame, game::ToPx(p.xSubpx), game::ToPx(p.ySubpx), p.facing), true,
                      true};
        if (def.moves[static_cast<std::size_t>(p.move)].projectile->spinMilliDegreesPerTick != 0) {
            spins[spinCount] = collide::PlaceTransformed(frame.masks.attack, game::ProjectileTransform(frame, p));
            placed.spin = &spins[spinCount++];
        }
        attack.push_back(placed);
        attackOwner.push_back(p.owner);
    }
    int contacts = 0;
    for (std::size_t a = 0; a < attack.size(); ++a) {
        for (std::size_t h = 0; h < hurt.size(); ++h) {
            if (attackOwner[a] != hurtOwner[h]) contacts += SeedPair(attack[a], hurt[h]);
        }
        for (std::size_t b = a + 1; b < attack.size(); ++b) {  // attack/attack and projectile/projectile
            // A fighter's attack against a projectile is no pair in the rules.
            if (attackOwner[a] != attackOwner[b] && attack[a].projectile == attack[b].projectile)
                contacts += SeedPair(attack[a], attack[b]);
        }
    }
    return contacts;
}

// ---- before: the hit check's passes 1 and 2 (src/game/hits.cpp, FindContacts) step for step,
// through `before`'s collision functions --------------------------------------------------------

struct Body {
    game::BodyKind kind{};
    std::int32_t owner = 0;
    collide::Collider collider{};
    collide::TransformedPlacement tp{};
    collide::Rect bounds{};
};

struct Pair {
    game::PairKind kind{};
    std::int32_t a = 0, b = 0;
};

constexpr std::size_t MAX_BODIES = 4 + game::MAX_PROJECTILES;
constexpr std::size_t MAX_PAIRS = 3 + game::MAX_PROJECTILES + game::MAX_PROJECTILES * game::MAX_PROJECTILES / 2;

// Which library a tick runs: ours (collide) or before.
enum class Library { Ours, Before };

// Pass 1's bodies (the spinning projectiles placed through the library asked for).
std::size_t MakeBodies(const game::MatchDefs& defs, const game::MatchState& s, Library lib,
                       std::array<Body, MAX_BODIES>& bodies) {
    std::size_t bodyCount = 0;
    for (std::int32_t i = 0; i < 2; ++i) {
        const game::FighterDef& def = *defs.fighters[static_cast<std::size_t>(i)];
        const game::FighterState& f = s.fighters[static_cast<std::size_t>(i)];
        const game::AnimationDef& anim = def.animations[static_cast<std::size_t>(f.animation)];
        const std::int32_t frameIndex = game::FrameIndexAt(anim, f.animTick);
        const game::FrameDef& frame = anim.frames[static_cast<std::size_t>(frameIndex)];
        const collide::Placement place = game::PlaceFrame(frame, game::ToPx(f.xSubpx), game::ToPx(f.ySubpx), f.facing);
        if (f.action != game::Action::Knockdown && !frame.masks.hurt.IsEmpty()) {
            bodies[bodyCount++] = Body{game::BodyKind::FighterHurt,
                                       i,
                                       collide::Collider{&frame.masks.hurt, place, nullptr},
                                       {},
                                       collide::PlacedBounds(frame.masks.hurt, place)};
        }
        if (f.action == game::Action::Attack && !f.moveHasHit &&
            IsActiveFrame(def.moves[static_cast<std::size_t>(f.move)], frameIndex) && !frame.masks.attack.IsEmpty()) {
            bodies[bodyCount++] = Body{game::BodyKind::FighterAttack,
                                       i,
                                       collide::Collider{&frame.masks.attack, place, nullptr},
                                       {},
                                       collide::PlacedBounds(frame.masks.attack, place)};
        }
    }
    for (const game::ProjectileState& ps : s.projectiles) {
        if (!ps.alive) continue;
        const game::FighterDef& def = *defs.fighters[static_cast<std::size_t>(ps.owner)];
        const game::ProjectileDef& pd = *def.moves[static_cast<std::size_t>(ps.move)].projectile;
        const game::AnimationDef& anim = def.animations[static_cast<std::size_t>(pd.animation)];
        const game::FrameDef& frame = anim.frames[static_cast<std::size_t>(game::FrameIndexAt(anim, ps.ageTicks))];
        Body& body = bodies[bodyCount];
        body = Body{game::BodyKind::Projectile, ps.owner, collide::Collider{&frame.masks.attack, {}, nullptr}};
        if (pd.spinMilliDegreesPerTick != 0) {
            const collide::ExactTransform t = game::ProjectileTransform(frame, ps);
            body.tp = lib == Library::Ours ? collide::PlaceTransformed(frame.masks.attack, t)
                                           : before::PlaceTransformed(frame.masks.attack, AsDoubles(t));
            body.collider.transformed = &body.tp;
        } else {
            body.collider.placement = game::PlaceFrame(frame, game::ToPx(ps.xSubpx), game::ToPx(ps.ySubpx), ps.facing);
        }
        body.bounds = body.collider.Bounds();
        ++bodyCount;
    }
    return bodyCount;
}

// The broad phase as the hit check runs it: a grid per tick, pairs of different owners that a rule
// covers, in the fixed order reactions apply in.
template <class Grid>
std::size_t FindPairs(const std::array<Body, MAX_BODIES>& bodies, std::size_t bodyCount,
                      std::array<Pair, MAX_PAIRS>& pairs) {
    std::array<collide::Rect, MAX_BODIES> boxes{};
    for (std::size_t i = 0; i < bodyCount; ++i) boxes[i] = bodies[i].bounds;
    Grid grid(128);
    std::vector<collide::IndexPair> overlapping;
    grid.FindPairs(std::span<const collide::Rect>(boxes.data(), bodyCount), overlapping);
    std::size_t pairCount = 0;
    for (const collide::IndexPair ip : overlapping) {
        std::int32_t a = ip.a, b = ip.b;
        const Body* ba = &bodies[static_cast<std::size_t>(a)];
        const Body* bb = &bodies[static_cast<std::size_t>(b)];
        if (bb->kind != game::BodyKind::FighterHurt && ba->kind == game::BodyKind::FighterHurt)
            std::swap(a, b), std::swap(ba, bb);
        if (ba->owner == bb->owner) continue;
        game::PairKind kind;
        if (ba->kind == game::BodyKind::FighterAttack && bb->kind == game::BodyKind::FighterHurt)
            kind = game::PairKind::AttackHurt;
        else if (ba->kind == game::BodyKind::FighterAttack && bb->kind == game::BodyKind::FighterAttack)
            kind = game::PairKind::AttackAttack;
        else if (ba->kind == game::BodyKind::Projectile && bb->kind == game::BodyKind::FighterHurt)
            kind = game::PairKind::ProjectileHurt;
        else if (ba->kind == game::BodyKind::Projectile && bb->kind == game::BodyKind::Projectile)
            kind = game::PairKind::ProjectileProjectile;
        else
            continue;
        if (kind == game::PairKind::AttackAttack && a > b) std::swap(a, b);
        pairs[pairCount++] = Pair{kind, a, b};
    }
    std::sort(pairs.begin(), pairs.begin() + static_cast<std::ptrdiff_t>(pairCount), [](const Pair& x, const Pair& y) {
        if (x.kind != y.kind) return x.kind < y.kind;
        return x.a != y.a ? x.a < y.a : x.b < y.b;
    });
    return pairCount;
}

// Pass 2: the pixel tests (first-hit), counting contacts as the per-pixel mode does.
int TestPairs(const std::array<Body, MAX_BODIES>& bodies, const std::array<Pair, MAX_PAIRS>& pairs,
              std::size_t pairCount, Library lib) {
    int contacts = 0;
    for (std::size_t k = 0; k < pairCount; ++k) {
        const collide::Collider& a = bodies[static_cast<std::size_t>(pairs[k].a)].collider;
        const collide::Collider& b = bodies[static_cast<std::size_t>(pairs[k].b)].collider;
        contacts += (lib == Library::Ours ? collide::QueryColliders(a, b) : before::QueryColliders(a, b)).hit;
    }
    return contacts;
}

// Passes 1 and 2 through `before` (the per-pixel mode, as the busy scene runs).
int BeforeTick(const game::MatchDefs& defs, const game::MatchState& s) {
    std::array<Body, MAX_BODIES> bodies{};
    const std::size_t bodyCount = MakeBodies(defs, s, Library::Before, bodies);
    std::array<Pair, MAX_PAIRS> pairs{};
    const std::size_t pairCount = FindPairs<before::UniformGrid>(bodies, bodyCount, pairs);
    // What the all-pairs loop would have tested, as the game counts it for its record.
    std::int32_t interacting = 0;
    for (std::size_t i = 0; i < bodyCount; ++i)
        for (std::size_t j = i + 1; j < bodyCount; ++j) {
            const bool hurtPair =
                bodies[i].kind == game::BodyKind::FighterHurt && bodies[j].kind == game::BodyKind::FighterHurt;
            interacting += (bodies[i].owner != bodies[j].owner && !hurtPair) ? 1 : 0;
        }
    benchmark::DoNotOptimize(interacting);
    return TestPairs(bodies, pairs, pairCount, Library::Before);
}

std::map<std::string, double>& Results() {
    static std::map<std::string, double> results;  // bench-only bookkeeping
    return results;
}

class Reporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        for (const Run& r : runs) {
            const bool median = r.run_type == Run::RT_Aggregate && r.aggregate_name == "median";
            if (!r.error_occurred && (median || (r.run_type == Run::RT_Iteration && r.repetitions <= 1)))
                Results()[r.run_name.function_name] = r.GetAdjustedRealTime();
        }
    }
};

constexpr int REPETITIONS = 5;  // every figure: the median of five

template <typename Fn>
void Register(const std::string& name, Fn&& fn) {
    benchmark::RegisterBenchmark(name.c_str(), std::forward<Fn>(fn))
        ->Unit(benchmark::kMicrosecond)
        ->Repetitions(REPETITIONS)
        ->ReportAggregatesOnly(true);
}

}  // namespace

int main(int argc, char** argv) {
    std::shared_ptr<Scene> scene = MakeBusyScene();
    if (!scene) {
        std::fprintf(stderr, "error: %s/assets: needs two loadable fighters\n", HOTMAP_SOURCE_DIR);
        return 1;
    }
    game::DebugRecord probe;
    const int contacts = game::ProbeContacts(scene->defs, scene->state, &probe);
    std::printf("busy scene: %d contacts, %d interacting pairs, %d box overlaps, %lld colliding pixels\n", contacts,
                probe.pairsTested, probe.boxOverlaps, static_cast<long long>(probe.collidingPixels));
    Register("ours/tick", [scene](benchmark::State& st) {
        benchmark::DoNotOptimize(game::ProbeContacts(scene->defs, scene->state));
        for (auto _ : st) benchmark::DoNotOptimize(game::ProbeContacts(scene->defs, scene->state));
    });
    Register("before/tick", [scene](benchmark::State& st) {
        const int ours = game::ProbeContacts(scene->defs, scene->state);
        int contacts = BeforeTick(scene->defs, scene->state);
        if (contacts != ours) {
            const std::string why =
                "before found " + std::to_string(contacts) + " contacts, ours " + std::to_string(ours);
            st.SkipWithError(why.c_str());
            return;
        }
        for (auto _ : st) benchmark::DoNotOptimize(contacts = BeforeTick(scene->defs, scene->state));
    });
    // The tick's collision parts alone, each library in turn.
    for (const Library lib : {Library::Ours, Library::Before}) {
        const std::string who = lib == Library::Ours ? "ours" : "before";
        Register(who + "/place", [scene, lib](benchmark::State& st) {
            std::array<Body, MAX_BODIES> bodies{};
            for (auto _ : st) benchmark::DoNotOptimize(MakeBodies(scene->defs, scene->state, lib, bodies));
        });
        Register(who + "/grid", [scene, lib](benchmark::State& st) {
            std::array<Body, MAX_BODIES> bodies{};
            const std::size_t bodyCount = MakeBodies(scene->defs, scene->state, lib, bodies);
            std::array<Pair, MAX_PAIRS> pairs{};
            for (auto _ : st) {
                benchmark::DoNotOptimize(lib == Library::Ours
                                             ? FindPairs<collide::UniformGrid>(bodies, bodyCount, pairs)
                                             : FindPairs<before::UniformGrid>(bodies, bodyCount, pairs));
            }
        });
        Register(who + "/queries", [scene, lib](benchmark::State& st) {
            std::array<Body, MAX_BODIES> bodies{};
            const std::size_t bodyCount = MakeBodies(scene->defs, scene->state, lib, bodies);
            std::array<Pair, MAX_PAIRS> pairs{};
            const std::size_t pairCount = FindPairs<collide::UniformGrid>(bodies, bodyCount, pairs);
            for (auto _ : st) benchmark::DoNotOptimize(TestPairs(bodies, pairs, pairCount, lib));
        });
    }
    Register("ours/tick+debug", [scene](benchmark::State& st) {
        game::DebugRecord debug;
        benchmark::DoNotOptimize(game::ProbeContacts(scene->defs, scene->state, &debug));
        for (auto _ : st) benchmark::DoNotOptimize(game::ProbeContacts(scene->defs, scene->state, &debug));
    });
    benchmark::RegisterBenchmark("seed/tick", [scene](benchmark::State& st) {
        // The speed-up means something only if both loops find the same contacts in this run.
        const int ours = game::ProbeContacts(scene->defs, scene->state);
        int contacts = SeedTick(*scene);
        if (contacts != ours) {
            const std::string why =
                "the seed's loop found " + std::to_string(contacts) + " contacts, ours " + std::to_string(ours);
            st.SkipWithError(why.c_str());
            return;
        }
        for (auto _ : st) benchmark::DoNotOptimize(contacts = SeedTick(*scene));
        st.counters["contacts"] = contacts;
        st.counters["ours"] = ours;
    })->Unit(benchmark::kMicrosecond);
    std::vector<char*> args = bench::WithInterleaving(argc, argv);
    int benchArgc = static_cast<int>(args.size());
    benchmark::Initialize(&benchArgc, args.data());
    Reporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();
    const double ours = Results()["ours/tick"], debug = Results()["ours/tick+debug"], seed = Results()["seed/tick"];
    const double before = Results()["before/tick"];
    if (ours > 0 && seed > 0) {
        std::printf(
            "\nper tick, the same %d contacts: ours %.2f us, with the debug record %.2f us, seed %.1f us: %.0fx (%.0fx "
            "with the record)\n",
            contacts, ours, debug, seed, seed / ours, seed / debug);
    } else if (ours > 0) {
        std::printf("\nno speed-up: seed/tick did not run or did not find the same contacts\n");
    }
    if (ours > 0 && before > 0) {
        std::printf(
            "ours against before (median of %d): %.2f us against %.2f us a tick: %.2fx (target: at least 1.5x) %s\n",
            REPETITIONS, ours, before, before / ours, before / ours >= 1.5 ? "met" : "NOT MET");
        std::printf("%-10s %12s %12s %10s\n", "part", "ours us", "before us", "ratio");
        double oursParts = 0, beforeParts = 0;
        for (const char* part : {"place", "grid", "queries"}) {
            const double o = Results()[std::string("ours/") + part], b = Results()[std::string("before/") + part];
            oursParts += o, beforeParts += b;
            std::printf("%-10s %12.3f %12.3f %9.2fx\n", part, o, b, o > 0 ? b / o : 0.0);
        }
        std::printf("%-10s %12.3f %12.3f   (the rest of the tick: ours %.3f us, before %.3f us)\n", "collide",
                    oursParts, beforeParts, ours - oursParts, before - beforeParts);
    }
    return 0;
}
