// Collision core benchmarks: each fast path beside the seed method it replaces, in the same run.
//   overlap: worst case (full overlap, no colliding pixel) for squares 64, 256, 1024 at an aligned
//            and an unaligned offset, first-hit and count-all, against HGE's per-pixel colour loop.
//   transformed: a rotated ring around a disc in its hole (boxes overlap, pixels never touch),
//            against XNA's per-pixel float stepping.
// After the runs a table prints ns per query, ns per 64 pixels and the speed-up ratios.
// Run: make bench   (or build-release/bench/bench_collide --benchmark_filter=...)
#include "collide/collide.h"
#include "collide/kernels.h"
#include "seed_methods.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <numbers>
#include <string>

namespace {

using collide::Mask;
using collide::Placement;
using collide::QueryMode;

constexpr std::uint32_t AIR_KEY = 0xFFFF00FF;  // opaque magenta, HGE's air colour
constexpr std::uint32_t HOT = 0xFF2040C0;      // an opaque hurt colour

// Two n x n checkerboards of opposite parity once B is placed at (dx, dy): every pixel of the
// overlap is tested and none collides, the worst case for an early-exit query.
struct OverlapScene {
    Mask a, b;
    Mask bMirrored;  // b's pixels stored mirrored: placed with Flip::Horizontal it looks like b
    seed::Image32 ia, ib;
    int dx = 0, dy = 0;
    double pixels = 0;  // overlap area
};

OverlapScene MakeOverlapScene(int n, int dx, int dy) {
    OverlapScene s;
    s.dx = dx;
    s.dy = dy;
    s.a = Mask(n, n);
    s.b = Mask(n, n);
    s.bMirrored = Mask(n, n);
    s.ia = {n, n, std::vector<std::uint32_t>(static_cast<std::size_t>(n) * n, AIR_KEY)};
    s.ib = s.ia;
    for (int y = 0; y < n; ++y) {
        for (int x = 0; x < n; ++x) {
            if ((x + y) % 2 == 0) {
                s.a.Set(x, y);
                s.ia.px[static_cast<std::size_t>(y) * n + x] = HOT;
            }
            if ((x + y + dx + dy) % 2 == 1) {
                s.b.Set(x, y);
                s.bMirrored.Set(n - 1 - x, y);
                s.ib.px[static_cast<std::size_t>(y) * n + x] = HOT;
            }
        }
    }
    s.pixels = double(n - dx) * double(n - dy);
    return s;
}

// ---- results table ----------------------------------------------------------------------------

struct Row {
    double oursNs = 0, seedNs = 0, pixels = 0;
};
std::map<std::string, Row>& Table() {
    static std::map<std::string, Row> table;  // bench-only bookkeeping, filled by the runs
    return table;
}

class TableReporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        for (const Run& run : runs) {
            if (run.run_type != Run::RT_Iteration || run.error_occurred) continue;
            const std::string name = run.benchmark_name();
            const double ns = run.GetAdjustedRealTime();  // every case uses kNanosecond
            const auto key = run.counters.find("pixels");
            const auto slash = name.find('/');
            const std::string method = name.substr(0, slash);
            std::string rest = name.substr(slash + 1);
            // The flipped query is compared with the seed's (unflipped) loop over the same pixels.
            const bool flipped = rest.find("first-hit-b-flipped") != std::string::npos;
            if (flipped) rest.replace(rest.find("first-hit-b-flipped"), 19, "first-hit");
            Row& row = Table()[flipped ? rest + " (b flipped)" : rest];
            (method == "seed" ? row.seedNs : row.oursNs) = ns;
            if (key != run.counters.end()) row.pixels = key->second.value;
            if (flipped) Table()[rest + " (b flipped)"].seedNs = Table()[rest].seedNs;
        }
    }
};

void PrintTable() {
    std::printf("\n%-40s %14s %12s %14s %10s\n", "case", "ours ns/query", "ours ns/64px", "seed ns/query", "speed-up");
    for (const auto& [name, row] : Table()) {
        const double per64 = row.pixels > 0 ? row.oursNs / (row.pixels / 64.0) : 0;
        if (row.seedNs > 0 && row.oursNs > 0) {
            std::printf("%-40s %14.1f %12.3f %14.1f %9.1fx\n", name.c_str(), row.oursNs, per64, row.seedNs,
                        row.seedNs / row.oursNs);
        } else if (row.oursNs > 0) {
            std::printf("%-40s %14.1f %12.3f %14s %10s\n", name.c_str(), row.oursNs, per64, "-", "-");
        }
    }
    std::printf("kernels: %s\n", collide::kernels::Select().name);
}

// ---- registration ---------------------------------------------------------------------------------

void RegisterOverlap(int n, bool unaligned) {
    const int dx = unaligned ? 7 : 0, dy = unaligned ? 3 : 0;
    auto scene = std::make_shared<OverlapScene>(MakeOverlapScene(n, dx, dy));
    const std::string where = std::to_string(n) + (unaligned ? "/unaligned" : "/aligned");
    for (const QueryMode mode : {QueryMode::FirstHit, QueryMode::CountAll}) {
        const std::string modeName = mode == QueryMode::FirstHit ? "first-hit" : "count-all";
        benchmark::RegisterBenchmark(("ours/overlap/" + modeName + "/" + where).c_str(), [scene,
                                                                                          mode](benchmark::State& st) {
            const Placement pa{0, 0}, pb{scene->dx, scene->dy};
            // Untimed first query: page the masks in before the clock starts.
            if (collide::QueryOverlap(scene->a, pa, scene->b, pb, mode).hit) st.SkipWithError("scene must not collide");
            for (auto _ : st) {
                benchmark::DoNotOptimize(collide::QueryOverlap(scene->a, pa, scene->b, pb, mode));
            }
            st.counters["pixels"] = scene->pixels;
        })->Unit(benchmark::kNanosecond);
        benchmark::RegisterBenchmark(("seed/overlap/" + modeName + "/" + where).c_str(), [scene,
                                                                                          mode](benchmark::State& st) {
            const bool first = mode == QueryMode::FirstHit;
            if (seed::HgeCollide(scene->ia, 0, 0, scene->ib, scene->dx, scene->dy, AIR_KEY))
                st.SkipWithError("scene must not collide");
            for (auto _ : st) {
                if (first) {
                    benchmark::DoNotOptimize(
                        seed::HgeCollide(scene->ia, 0, 0, scene->ib, scene->dx, scene->dy, AIR_KEY));
                } else {
                    benchmark::DoNotOptimize(seed::HgeCount(scene->ia, 0, 0, scene->ib, scene->dx, scene->dy, AIR_KEY));
                }
            }
            st.counters["pixels"] = scene->pixels;
        })->Unit(benchmark::kNanosecond);
    }
    // Facing each other: B mirrored, so every word is bit-reversed on the fly. The seed cannot
    // mirror; the same no-hit picture, its ratio is against the seed's unflipped loop.
    benchmark::RegisterBenchmark(("ours/overlap/first-hit-b-flipped/" + where).c_str(), [scene](benchmark::State& st) {
        const Placement pa{0, 0}, pb{scene->dx, scene->dy, collide::Flip::Horizontal};
        if (collide::QueryOverlap(scene->a, pa, scene->bMirrored, pb).hit) st.SkipWithError("scene must not collide");
        for (auto _ : st) {
            benchmark::DoNotOptimize(collide::QueryOverlap(scene->a, pa, scene->bMirrored, pb));
        }
        st.counters["pixels"] = scene->pixels;
    })->Unit(benchmark::kNanosecond);
}

// A ring of outer radius r rotated about its centre, around a disc that sits in its hole.
struct TransformScene {
    Mask ring, disc;
    seed::Image32 ringImg, discImg;
    collide::TransformedPlacement ringPlaced;
    collide::Placement discAt;
    seed::Affine ringAffine, discAffine;
    double pixels = 0;
};

TransformScene MakeTransformScene(int size, double angle) {
    TransformScene s;
    const double c = size / 2.0, outer = size / 2.0 - 1, inner = size * 0.36, discR = size * 0.30;
    s.ring = Mask(size, size);
    s.disc = Mask(size, size);
    s.ringImg = {size, size, std::vector<std::uint32_t>(static_cast<std::size_t>(size) * size, 0)};
    s.discImg = s.ringImg;
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            const double d = std::hypot(x + 0.5 - c, y + 0.5 - c);
            if (d <= outer && d >= inner) {
                s.ring.Set(x, y);
                s.ringImg.px[static_cast<std::size_t>(y) * size + x] = HOT;
            }
            if (d <= discR) {
                s.disc.Set(x, y);
                s.discImg.px[static_cast<std::size_t>(y) * size + x] = HOT;
            }
        }
    }
    collide::Transform t;
    t.anchorMaskX = c;
    t.anchorMaskY = c;
    t.anchorWorldX = 500 + c;
    t.anchorWorldY = 300 + c;
    t.angleRadians = angle;
    s.ringPlaced = collide::PlaceTransformed(s.ring, t);
    s.discAt = {500, 300};
    const float cs = float(std::cos(angle)), sn = float(std::sin(angle));
    s.ringAffine = {cs, -sn, sn, cs, float(c), float(c), float(500 + c), float(300 + c)};
    s.discAffine = {1, 0, 0, 1, 0, 0, 500, 300};
    const collide::Rect ov = collide::IntersectRects(s.ringPlaced.boundsWorld, collide::PlacedBounds(s.disc, s.discAt));
    s.pixels = double(ov.w) * ov.h;
    return s;
}

void RegisterTransformed(int size) {
    auto scene = std::make_shared<TransformScene>(MakeTransformScene(size, std::numbers::pi / 6));
    const std::string where = "transformed/first-hit/" + std::to_string(size) + "/rot30";
    benchmark::RegisterBenchmark(("ours/" + where).c_str(), [scene](benchmark::State& st) {
        if (collide::QueryTransformedOverlap(scene->ring, scene->ringPlaced, scene->disc, scene->discAt).hit)
            st.SkipWithError("scene must not collide");
        for (auto _ : st) {
            benchmark::DoNotOptimize(
                collide::QueryTransformedOverlap(scene->ring, scene->ringPlaced, scene->disc, scene->discAt));
        }
        st.counters["pixels"] = scene->pixels;
    })->Unit(benchmark::kNanosecond);
    benchmark::RegisterBenchmark(("seed/" + where).c_str(), [scene](benchmark::State& st) {
        if (seed::XnaCollide(scene->ringImg, scene->ringAffine, scene->discImg, scene->discAffine))
            st.SkipWithError("scene must not collide");
        for (auto _ : st) {
            benchmark::DoNotOptimize(
                seed::XnaCollide(scene->ringImg, scene->ringAffine, scene->discImg, scene->discAffine));
        }
        st.counters["pixels"] = scene->pixels;
    })->Unit(benchmark::kNanosecond);
}

}  // namespace

int main(int argc, char** argv) {
    for (const int n : {64, 256, 1024}) {
        RegisterOverlap(n, false);
        RegisterOverlap(n, true);
    }
    for (const int size : {64, 256}) {
        RegisterTransformed(size);
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    TableReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();
    PrintTable();
    return 0;
}
