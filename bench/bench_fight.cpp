// The fight's per-tick hit check in a busy scene (both fighters on an active frame at close range,
// four projectiles in flight among them), beside the same tick with the HGE seed's check: every
// pair that can interact, the image boxes intersected, then each pixel's colour compared.
//   ours/tick         both passes as the game runs them (first-hit queries)
//   ours/tick+debug   the same with the debug record (count-all queries, every colliding pixel kept)
//   seed/tick         the seed's loop on the hotmaps' RGBA pixels (the spinning projectile sampled
//                     as collide's transform defines it); it must find the same contacts as ours,
//                     or the run is an error and no speed-up is printed
// Uses the project's own fighters. Run: make bench   (or build-release/bench/bench_fight)
#include "assets/assets.h"
#include "game/game.h"

#include <benchmark/benchmark.h>

#include <array>
#include <cstdio>
#include <map>
#include <memory>
#include <string>

namespace {

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

std::map<std::string, double>& Results() {
    static std::map<std::string, double> results;  // bench-only bookkeeping
    return results;
}

class Reporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        for (const Run& r : runs) {
            if (r.run_type == Run::RT_Iteration && !r.error_occurred)
                Results()[r.benchmark_name()] = r.GetAdjustedRealTime();
        }
    }
};

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
    benchmark::RegisterBenchmark("ours/tick", [scene](benchmark::State& st) {
        benchmark::DoNotOptimize(game::ProbeContacts(scene->defs, scene->state));
        for (auto _ : st) benchmark::DoNotOptimize(game::ProbeContacts(scene->defs, scene->state));
    })->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark("ours/tick+debug", [scene](benchmark::State& st) {
        game::DebugRecord debug;
        benchmark::DoNotOptimize(game::ProbeContacts(scene->defs, scene->state, &debug));
        for (auto _ : st) benchmark::DoNotOptimize(game::ProbeContacts(scene->defs, scene->state, &debug));
    })->Unit(benchmark::kMicrosecond);
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
    benchmark::Initialize(&argc, argv);
    Reporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();
    const double ours = Results()["ours/tick"], debug = Results()["ours/tick+debug"], seed = Results()["seed/tick"];
    if (ours > 0 && seed > 0) {
        std::printf(
            "\nper tick, the same %d contacts: ours %.2f us, with the debug record %.2f us, seed %.1f us: %.0fx (%.0fx "
            "with the record)\n",
            contacts, ours, debug, seed, seed / ours, seed / debug);
    } else if (ours > 0) {
        std::printf("\nno speed-up: seed/tick did not run or did not find the same contacts\n");
    }
    return 0;
}
