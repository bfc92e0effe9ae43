// Collision core benchmarks: each case run by our query beside, in the same run, `before` (the
// queries as they were before the strip layout, bench/before), the column-strip method
// (column_strips.h: the classic C bitmask library's layout and loops, on masks cropped to the same
// tight bounds) and, for the synthetic squares, the seeds' per-pixel loops (seed_methods.h).
//   overlap:   worst case (full overlap, no colliding pixel) for squares 64, 256, 1024 at an
//              aligned and an unaligned offset, first-hit, count-all and B mirrored; beside it a
//              plain AVX2 AND-OR over two 1024 x 1024 masks, the memory-speed floor, and the
//              same over the words an unaligned query's strip passes read (three a word).
//   small:     64 x 64 masks: no colliding pixel, boxes apart, the first pixel colliding.
//   hotmaps:   the project's own fighters, close random pairs (their tight bounds overlap):
//              attack vs hurt and any vs any, plain and mirrored, first-hit and count-all.
//   transformed: a rotated ring around a disc in its hole, against XNA's float stepping; and the
//              same with the disc turned too (two transformed masks: QueryTransformedPair).
// Every figure is the median of five repetitions. A table prints last: ns per query, the ratios,
// each target and whether it is met.
// Run: make bench-collide   (or build-release/bench/bench_collide --benchmark_filter=...)
#include "assets/assets.h"
#include "before/before.h"
#include "collide/collide.h"
#include "collide/kernels.h"
#include "column_strips.h"
#include "interleave.h"
#include "seed_methods.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <numbers>
#include <random>
#include <string>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define BENCH_HAVE_AVX2 1
#endif

namespace {

using collide::Flip;
using collide::Mask;
using collide::Placement;
using collide::QueryMode;
using collide::Rect;

constexpr std::uint32_t AIR_KEY = 0xFFFF00FF;  // opaque magenta, HGE's air colour
constexpr std::uint32_t HOT = 0xFF2040C0;      // an opaque hurt colour
constexpr int REPETITIONS = 5;                 // every figure: the median of five
constexpr double MIN_SECONDS = 0.1;            // per repetition

// The mask of a 32-bit image (little-endian 0xAABBGGRR words are R, G, B, A bytes).
Mask MaskOf(const seed::Image32& img) {
    const collide::ImageView view{reinterpret_cast<const std::uint8_t*>(img.px.data()), img.w, img.h, 0};
    return collide::BuildMask(view, Rect{0, 0, img.w, img.h});
}

// ---- results table ----------------------------------------------------------------------------

enum class Target { None, BeatStrips, BoxesApart, NoLoss, NoLossAndWordCost };

struct Row {
    double ours = 0, before = 0, strips = 0, seed = 0, andOr = 0, andOr3 = 0;
    double queries = 1, words = 0;  // queries per iteration; 64-pixel words of overlap per query
    Target target = Target::None;
    int order = 0;
};
std::map<std::string, Row>& Table() {
    static std::map<std::string, Row> table;  // bench-only bookkeeping, filled by the runs
    return table;
}
Row& TableRow(const std::string& name, Target target) {
    static int next = 0;
    Row& row = Table()[name];
    if (row.order == 0) row.order = ++next;
    row.target = target;
    return row;
}

class TableReporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        for (const Run& run : runs) {
            const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
            if (run.error_occurred || !(median || (run.run_type == Run::RT_Iteration && run.repetitions <= 1)))
                continue;
            const std::string name = run.run_name.function_name;  // "<method>/<case>"
            const auto slash = name.find('/');
            const std::string method = name.substr(0, slash);
            const auto found = Table().find(name.substr(slash + 1));
            if (found == Table().end()) continue;
            Row& row = found->second;
            const double ns = run.GetAdjustedRealTime() / row.queries;  // every case uses kNanosecond
            if (method == "ours") row.ours = ns;
            if (method == "before") row.before = ns;
            if (method == "strips") row.strips = ns;
            if (method == "seed") row.seed = ns;
            if (method == "and-or") row.andOr = ns;
            if (method == "and-or-3") row.andOr3 = ns;
        }
    }
};

std::string Ratio(double num, double den) {
    if (num <= 0 || den <= 0) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2fx", num / den);
    return buf;
}
std::string Ns(double ns) {
    if (ns <= 0) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, ns < 100 ? "%.1f" : "%.0f", ns);
    return buf;
}

int PrintTable() {
    std::vector<std::pair<int, std::string>> order;
    for (const auto& [name, row] : Table()) order.push_back({row.order, name});
    std::sort(order.begin(), order.end());
    std::printf("\n%-46s %9s %9s %9s %10s %9s %9s %8s  %-26s %s\n", "case (ns per query, median of 5)", "ours",
                "before", "strips", "seed", "vs strips", "vs before", "ns/64px", "target", "met");
    int missed = 0;
    for (const auto& [unused, name] : order) {
        const Row& r = Table()[name];
        if (r.ours <= 0) continue;
        std::string target = "-", met = "";
        bool ok = true;
        char buf[128];
        const double per64 = r.words > 0 ? r.ours / r.words : 0;
        switch (r.target) {
            case Target::BeatStrips:
                target = ">= 1.5x strips";
                ok = r.strips > 0 && r.strips / r.ours >= 1.5;
                break;
            case Target::BoxesApart:
                target = "<= 4 ns a call";
                ok = r.ours <= 4.0;
                break;
            case Target::NoLoss:
                target = "no loss: >= 0.9x before";
                ok = r.before > 0 && r.before / r.ours >= 0.9;
                break;
            case Target::NoLossAndWordCost: {
                // The 0.14 was half the gap between its query and the AND-OR loop on its
                // machine; the same half-gap on this one is printed beside it, and 0.14 is judged.
                const double andOr = r.andOr / std::max(r.words, 1.0), before = r.before / std::max(r.words, 1.0);
                std::snprintf(buf, sizeof buf,
                              "<= 0.14 ns/64px (and-or %.3f, 3 loads %.3f; half the gap to before: %.3f %s)", andOr,
                              r.andOr3 / std::max(r.words, 1.0), (andOr + before) / 2,
                              per64 <= (andOr + before) / 2 ? "met" : "missed");
                target = buf;
                ok = per64 <= 0.14 && r.before > 0 && r.before / r.ours >= 0.9;
                break;
            }
            case Target::None:
                break;
        }
        if (r.target != Target::None) met = ok ? "yes" : "NO";
        missed += ok ? 0 : 1;
        std::snprintf(buf, sizeof buf, "%.3f", per64);
        std::printf("%-46s %9s %9s %9s %10s %9s %9s %8s  %-26s %s\n", name.c_str(), Ns(r.ours).c_str(),
                    Ns(r.before).c_str(), Ns(r.strips).c_str(), Ns(r.seed).c_str(), Ratio(r.strips, r.ours).c_str(),
                    Ratio(r.before, r.ours).c_str(), r.words > 0 ? buf : "-", target.c_str(), met.c_str());
    }
    std::printf("kernels: ours %s, before %s; strips: plain 64-bit code; %d target(s) missed\n",
                collide::kernels::Select().name, before::KernelName(), missed);
    return missed;
}

template <typename Fn>
void Register(const std::string& method, const std::string& name, Fn&& fn) {
    benchmark::RegisterBenchmark((method + "/" + name).c_str(), std::forward<Fn>(fn))
        ->Unit(benchmark::kNanosecond)
        ->Repetitions(REPETITIONS)
        ->ReportAggregatesOnly(true)
        ->MinTime(MIN_SECONDS);
}

// ---- the synthetic squares --------------------------------------------------------------------

// Two n x n checkerboards of opposite parity once B is placed at (dx, dy): every pixel of the
// overlap is tested and none collides, the worst case for an early-exit query.
struct OverlapScene {
    Mask a, b;
    Mask bMirrored;  // b's pixels stored mirrored: placed with Flip::Horizontal it looks like b
    seed::Image32 ia, ib;
    strips::StripMask sa, sb;
    int dx = 0, dy = 0;
    double words = 0;  // overlap area in 64-pixel words
};

OverlapScene MakeOverlapScene(int n, int dx, int dy) {
    OverlapScene s;
    s.dx = dx;
    s.dy = dy;
    s.ia = {n, n, std::vector<std::uint32_t>(static_cast<std::size_t>(n) * n, AIR_KEY)};
    s.ib = s.ia;
    seed::Image32 mirrored = s.ia;
    for (int y = 0; y < n; ++y) {
        for (int x = 0; x < n; ++x) {
            if ((x + y) % 2 == 0) s.ia.px[static_cast<std::size_t>(y) * n + x] = HOT;
            if ((x + y + dx + dy) % 2 == 1) {
                s.ib.px[static_cast<std::size_t>(y) * n + x] = HOT;
                mirrored.px[static_cast<std::size_t>(y) * n + (n - 1 - x)] = HOT;
            }
        }
    }
    s.a = MaskOf(s.ia);
    s.b = MaskOf(s.ib);
    s.bMirrored = MaskOf(mirrored);
    s.sa = strips::Crop(s.a, Flip::None);
    s.sb = strips::Crop(s.b, Flip::None);
    s.words = double(n - dx) * double(n - dy) / 64.0;
    return s;
}

#ifdef BENCH_HAVE_AVX2
// The words an unaligned query's strip passes read, with none of its work: each strip of A
// AND-ed with the OR of the two strips of B it straddles (B placed 1 to 63 columns right, dy rows
// down), four rows at a time, no shifts, no test until the end. The words AND-ed are not the ones
// a query would match, so its answer means nothing, only its time. Down the strips, a query whose
// placements differ by other than a multiple of 64 columns reads these three words for each word
// of A; AndOrWords below reads two. docs/collision.md compares the two floors.
__attribute__((target("avx2"))) bool AndOrStrips(const Mask& a, const Mask& b, int dy) {
    const std::int32_t rows = a.Bounds().h - dy;
    __m256i acc = _mm256_setzero_si256();
    for (std::int32_t k = 0; k < a.StripCount(); ++k) {
        const std::uint64_t* wa = a.StripWords(Flip::None, k) + dy;
        const std::uint64_t* lo = b.StripWords(Flip::None, k > 0 ? k - 1 : 0);
        const std::uint64_t* hi = b.StripWords(Flip::None, k);
        for (std::int32_t r = 0; r + 4 <= rows; r += 4) {
            const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(wa + r));
            const __m256i y = _mm256_or_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(lo + r)),
                                              _mm256_loadu_si256(reinterpret_cast<const __m256i*>(hi + r)));
            acc = _mm256_or_si256(acc, _mm256_and_si256(x, y));
        }
    }
    return !_mm256_testz_si256(acc, acc);
}
#endif

void RegisterOverlap(int n, bool unaligned) {
    const int dx = unaligned ? 7 : 0, dy = unaligned ? 3 : 0;
    auto scene = std::make_shared<OverlapScene>(MakeOverlapScene(n, dx, dy));
    const std::string where = std::to_string(n) + (unaligned ? "/unaligned" : "/aligned");
    for (const QueryMode mode : {QueryMode::FirstHit, QueryMode::CountAll}) {
        const std::string name =
            std::string("overlap/") + (mode == QueryMode::FirstHit ? "first-hit/" : "count-all/") + where;
        const bool wordCost = n == 1024 && unaligned && mode == QueryMode::FirstHit;
        Row& row = TableRow(name, wordCost ? Target::NoLossAndWordCost : Target::NoLoss);
        row.words = scene->words;
        Register("ours", name, [scene, mode](benchmark::State& st) {
            const Placement pa{0, 0}, pb{scene->dx, scene->dy};
            // Untimed first query: page the masks in before the clock starts.
            if (collide::QueryOverlap(scene->a, pa, scene->b, pb, mode).hit) st.SkipWithError("scene must not collide");
            for (auto _ : st) benchmark::DoNotOptimize(collide::QueryOverlap(scene->a, pa, scene->b, pb, mode));
        });
        Register("before", name, [scene, mode](benchmark::State& st) {
            const Placement pa{0, 0}, pb{scene->dx, scene->dy};
            if (before::QueryOverlap(scene->a, pa, scene->b, pb, mode).hit) st.SkipWithError("scene must not collide");
            for (auto _ : st) benchmark::DoNotOptimize(before::QueryOverlap(scene->a, pa, scene->b, pb, mode));
        });
        Register("strips", name, [scene, mode](benchmark::State& st) {
            int x = 0, y = 0;
            if (strips::OverlapPos(scene->sa, scene->sb, scene->dx, scene->dy, &x, &y))
                st.SkipWithError("scene must not collide");
            for (auto _ : st) {
                if (mode == QueryMode::FirstHit) {
                    benchmark::DoNotOptimize(strips::OverlapPos(scene->sa, scene->sb, scene->dx, scene->dy, &x, &y));
                } else {
                    benchmark::DoNotOptimize(strips::OverlapArea(scene->sa, scene->sb, scene->dx, scene->dy));
                }
            }
        });
        Register("seed", name, [scene, mode](benchmark::State& st) {
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
        });
    }
#ifdef BENCH_HAVE_AVX2
    if (n == 1024 && unaligned && __builtin_cpu_supports("avx2")) {
        Register("and-or-3", "overlap/first-hit/" + where, [scene](benchmark::State& st) {
            for (auto _ : st) benchmark::DoNotOptimize(AndOrStrips(scene->a, scene->b, scene->dy));
        });
    }
#endif
    // Facing each other: B mirrored. The seed cannot mirror; the column-strip method would hold a
    // mirrored copy, which is b's own crop: the same figures as the plain case.
    const std::string name = "overlap/first-hit-b-mirrored/" + where;
    TableRow(name, Target::NoLoss).words = scene->words;
    Register("ours", name, [scene](benchmark::State& st) {
        const Placement pa{0, 0}, pb{scene->dx, scene->dy, Flip::Horizontal};
        if (collide::QueryOverlap(scene->a, pa, scene->bMirrored, pb).hit) st.SkipWithError("scene must not collide");
        for (auto _ : st) benchmark::DoNotOptimize(collide::QueryOverlap(scene->a, pa, scene->bMirrored, pb));
    });
    Register("before", name, [scene](benchmark::State& st) {
        const Placement pa{0, 0}, pb{scene->dx, scene->dy, Flip::Horizontal};
        if (before::QueryOverlap(scene->a, pa, scene->bMirrored, pb).hit) st.SkipWithError("scene must not collide");
        for (auto _ : st) benchmark::DoNotOptimize(before::QueryOverlap(scene->a, pa, scene->bMirrored, pb));
    });
}

#ifdef BENCH_HAVE_AVX2
// The floor for a first-hit query over two 1024 x 1024 masks: their words AND-ed and OR-ed, four
// at a time, straight through memory, no shifts, no rows.
__attribute__((target("avx2"))) bool AndOrWords(const std::uint64_t* a, const std::uint64_t* b, std::size_t n) {
    __m256i acc = _mm256_setzero_si256();
    for (std::size_t i = 0; i + 4 <= n; i += 4) {
        const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
        const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i));
        acc = _mm256_or_si256(acc, _mm256_and_si256(x, y));
    }
    return !_mm256_testz_si256(acc, acc);
}
#endif

void RegisterAndOr() {
#ifdef BENCH_HAVE_AVX2
    if (!__builtin_cpu_supports("avx2")) return;
    // Checkerboards of opposite parity, 16 words a row, 1024 rows, contiguous.
    auto words = std::make_shared<std::vector<std::uint64_t>>(2 * 16384);
    for (std::size_t i = 0; i < 16384; ++i) {
        const std::uint64_t even = 0x5555555555555555ull;
        (*words)[i] = (i / 16) % 2 == 0 ? even : ~even;
        (*words)[16384 + i] = ~(*words)[i];
    }
    TableRow("overlap/first-hit/1024/unaligned", Target::NoLossAndWordCost);
    Register("and-or", "overlap/first-hit/1024/unaligned", [words](benchmark::State& st) {
        for (auto _ : st) benchmark::DoNotOptimize(AndOrWords(words->data(), words->data() + 16384, 16384));
    });
#endif
}

// ---- 64 x 64: where a call's fixed cost shows ----------------------------------------------------

struct SmallCase {
    Mask a, b;
    strips::StripMask sa, sb;
    Placement pa, pb;
    bool hit = false;
};

void RegisterSmall(const std::string& name, std::shared_ptr<SmallCase> c, Target target) {
    TableRow(name, target);
    const Rect ra = collide::PlacedBounds(c->a, c->pa), rb = collide::PlacedBounds(c->b, c->pb);
    // The column-strip method places b's crop relative to a's, as a caller's rectangles give it.
    const int ax = ra.x, ay = ra.y, bx = rb.x, by = rb.y;
    Register("ours", name, [c](benchmark::State& st) {
        if (collide::QueryOverlap(c->a, c->pa, c->b, c->pb).hit != c->hit) st.SkipWithError("unexpected answer");
        for (auto _ : st) benchmark::DoNotOptimize(collide::QueryOverlap(c->a, c->pa, c->b, c->pb));
    });
    Register("before", name, [c](benchmark::State& st) {
        if (before::QueryOverlap(c->a, c->pa, c->b, c->pb).hit != c->hit) st.SkipWithError("unexpected answer");
        for (auto _ : st) benchmark::DoNotOptimize(before::QueryOverlap(c->a, c->pa, c->b, c->pb));
    });
    Register("strips", name, [c, ax, ay, bx, by](benchmark::State& st) {
        int x = 0, y = 0;
        if (strips::OverlapPos(c->sa, c->sb, bx - ax, by - ay, &x, &y) != c->hit) st.SkipWithError("unexpected answer");
        for (auto _ : st) {
            benchmark::DoNotOptimize(strips::OverlapPos(c->sa, c->sb, bx - ax, by - ay, &x, &y));
            benchmark::DoNotOptimize(x);
        }
    });
}

void RegisterSmallCases() {
    const OverlapScene boards = MakeOverlapScene(64, 7, 3);
    auto noHit = std::make_shared<SmallCase>();
    noHit->a = boards.a, noHit->b = boards.b, noHit->pa = {0, 0}, noHit->pb = {7, 3};
    auto apart = std::make_shared<SmallCase>(*noHit);
    apart->pb = {80, 3};  // boxes 16 px apart
    seed::Image32 solid{64, 64, std::vector<std::uint32_t>(64 * 64, HOT)};
    auto first = std::make_shared<SmallCase>();
    first->a = first->b = MaskOf(solid), first->pa = {0, 0}, first->pb = {7, 3}, first->hit = true;
    for (SmallCase* c : {noHit.get(), apart.get(), first.get()}) {
        c->sa = strips::Crop(c->a, Flip::None);
        c->sb = strips::Crop(c->b, Flip::None);
    }
    RegisterSmall("small/64/unaligned-no-hit/first-hit", noHit, Target::BeatStrips);
    RegisterSmall("small/64/boxes-apart/first-hit", apart, Target::BoxesApart);
    RegisterSmall("small/64/first-pixel-collides/first-hit", first, Target::BeatStrips);
}

// ---- the project's own hotmaps ------------------------------------------------------------------

struct HotmapPair {
    const Mask* a;
    const Mask* b;
    Placement pa, pb;
    const strips::StripMask* sa;
    const strips::StripMask* sb;
    int ax, ay, bx, by;  // the placed tight bounds' corners: where the crops sit in the world
};

struct HotmapPairs {
    std::vector<assets::LoadedFighter> fighters;
    std::map<std::pair<const Mask*, Flip>, strips::StripMask> crops;
    std::vector<HotmapPair> pairs;
    std::int64_t hits = 0, pixels = 0;
    double overlapWords = 0, overlapRows = 0;  // means: 64-pixel words a row (of A's strips), rows
};

// B placed close to A, as fighters trading blows are: the centres of the two placed tight bounds
// at most CLOSE of the way to where the bounds would stop overlapping, on each axis, uniformly.
// (At CLOSE = 0.75 the project's any-vs-any pairs overlap about 1.6 words a row over about 75
// rows, the figures the issue measured on real fights.)
constexpr double CLOSE = 0.75;

Placement PlaceClose(std::mt19937_64& rng, const Rect& ra, const Mask& b, Flip flip) {
    const Rect tb = b.Bounds();
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    const double reachX = (ra.w + tb.w) / 2.0 * CLOSE, reachY = (ra.h + tb.h) / 2.0 * CLOSE;
    int bx = 0, by = 0;
    do {
        bx = static_cast<int>(std::lround(ra.x + ra.w / 2.0 + unit(rng) * reachX - tb.w / 2.0));
        by = static_cast<int>(std::lround(ra.y + ra.h / 2.0 + unit(rng) * reachY - tb.h / 2.0));
    } while (bx >= ra.Right() || bx + tb.w <= ra.x || by >= ra.Bottom() || by + tb.h <= ra.y);
    const int boxX = flip == Flip::Horizontal ? b.Width() - tb.Right() : tb.x;
    return Placement{bx - boxX, by - tb.y, flip};
}

std::shared_ptr<HotmapPairs> MakeHotmapPairs(bool attackVsHurt, bool mirrored, std::uint64_t seed) {
    auto set = std::make_shared<HotmapPairs>();
    const assets::AssetRoots roots = assets::AssetRoots::Under(HOTMAP_SOURCE_DIR);
    auto ids = assets::ListFighters(roots);
    if (!ids.Ok() || ids.Value().size() < 2) return nullptr;
    for (int i = 0; i < 2; ++i) {
        auto f = assets::LoadFighter(roots, ids.Value()[static_cast<std::size_t>(i)]);
        if (!f.Ok()) return nullptr;
        set->fighters.push_back(std::move(f).Value());
    }
    // masks[f]: fighter f's non-empty masks of the channel each side uses.
    std::vector<const Mask*> masks[2][2];  // [side a/b][fighter]
    for (int f = 0; f < 2; ++f) {
        for (const auto& anim : set->fighters[static_cast<std::size_t>(f)].def.animations) {
            for (const auto& frame : anim.frames) {
                const Mask& ma = attackVsHurt ? frame.masks.attack : frame.masks.any;
                const Mask& mb = attackVsHurt ? frame.masks.hurt : frame.masks.any;
                if (!ma.IsEmpty()) masks[0][f].push_back(&ma);
                if (!mb.IsEmpty()) masks[1][f].push_back(&mb);
            }
        }
    }
    std::mt19937_64 rng(seed);
    constexpr int PAIRS = 1000;
    const Flip flipB = mirrored ? Flip::Horizontal : Flip::None;
    for (int i = 0; i < PAIRS; ++i) {
        const int f = static_cast<int>(rng() % 2);  // fighter f's mask against the other's
        const auto& as = masks[0][f];
        const auto& bs = masks[1][1 - f];
        HotmapPair p{};
        p.a = as[rng() % as.size()];
        p.b = bs[rng() % bs.size()];
        p.pa = Placement{static_cast<int>(rng() % 512), static_cast<int>(rng() % 256)};
        const Rect ra = collide::PlacedBounds(*p.a, p.pa);
        p.pb = PlaceClose(rng, ra, *p.b, flipB);
        const Rect rb = collide::PlacedBounds(*p.b, p.pb);
        p.ax = ra.x, p.ay = ra.y, p.bx = rb.x, p.by = rb.y;
        for (const auto& [m, flip] : {std::pair{p.a, Flip::None}, std::pair{p.b, flipB}}) {
            auto [it, added] = set->crops.try_emplace({m, flip});
            if (added) it->second = strips::Crop(*m, flip);
        }
        p.sa = &set->crops.at({p.a, Flip::None});
        p.sb = &set->crops.at({p.b, flipB});
        set->pairs.push_back(p);
        const auto r = collide::QueryOverlap(*p.a, p.pa, *p.b, p.pb, QueryMode::CountAll);
        set->hits += r.hit;
        set->pixels += r.pixelCount;
        const Rect ov = r.overlap;
        set->overlapWords += ((ov.Right() - 1 - ra.x) / 64 - (ov.x - ra.x) / 64 + 1) / double(PAIRS);
        set->overlapRows += ov.h / double(PAIRS);
    }
    return set;
}

void RegisterHotmaps() {
    for (const bool attackVsHurt : {true, false}) {
        for (const bool mirrored : {false, true}) {
            auto set = MakeHotmapPairs(attackVsHurt, mirrored, attackVsHurt ? 11 : 12);
            if (!set) {
                std::fprintf(stderr, "error: %s/assets: needs two loadable fighters\n", HOTMAP_SOURCE_DIR);
                return;
            }
            std::printf(
                "hotmaps %s %s: %zu pairs, %lld collide, %lld colliding pixels; overlaps %.2f words a row "
                "over %.1f rows\n",
                attackVsHurt ? "attack-vs-hurt" : "any-vs-any", mirrored ? "mirrored" : "plain", set->pairs.size(),
                static_cast<long long>(set->hits), static_cast<long long>(set->pixels), set->overlapWords,
                set->overlapRows);
            for (const QueryMode mode : {QueryMode::FirstHit, QueryMode::CountAll}) {
                const bool first = mode == QueryMode::FirstHit;
                const std::string name = std::string("hotmaps/") + (attackVsHurt ? "attack-vs-hurt/" : "any-vs-any/") +
                                         (mirrored ? "mirrored/" : "plain/") + (first ? "first-hit" : "count-all");
                TableRow(name, Target::BeatStrips).queries = static_cast<double>(set->pairs.size());
                // Each method must find the same contacts (and pixels) as the pairs were built with.
                Register("ours", name, [set, mode, first](benchmark::State& st) {
                    std::int64_t hits = 0, pixels = 0;
                    for (auto _ : st) {
                        hits = pixels = 0;
                        for (const HotmapPair& p : set->pairs) {
                            const auto r = collide::QueryOverlap(*p.a, p.pa, *p.b, p.pb, mode);
                            hits += r.hit, pixels += r.pixelCount;
                        }
                        benchmark::DoNotOptimize(hits);
                    }
                    if (hits != set->hits || (!first && pixels != set->pixels)) st.SkipWithError("wrong answers");
                });
                Register("before", name, [set, mode, first](benchmark::State& st) {
                    std::int64_t hits = 0, pixels = 0;
                    for (auto _ : st) {
                        hits = pixels = 0;
                        for (const HotmapPair& p : set->pairs) {
                            const auto r = before::QueryOverlap(*p.a, p.pa, *p.b, p.pb, mode);
                            hits += r.hit, pixels += r.pixelCount;
                        }
                        benchmark::DoNotOptimize(hits);
                    }
                    if (hits != set->hits || (!first && pixels != set->pixels)) st.SkipWithError("wrong answers");
                });
                Register("strips", name, [set, first](benchmark::State& st) {
                    std::int64_t hits = 0, pixels = 0;
                    for (auto _ : st) {
                        hits = pixels = 0;
                        for (const HotmapPair& p : set->pairs) {
                            if (first) {
                                int x = 0, y = 0;
                                hits += strips::OverlapPos(*p.sa, *p.sb, p.bx - p.ax, p.by - p.ay, &x, &y);
                            } else {
                                const std::int64_t n = strips::OverlapArea(*p.sa, *p.sb, p.bx - p.ax, p.by - p.ay);
                                hits += n > 0, pixels += n;
                            }
                        }
                        benchmark::DoNotOptimize(hits);
                    }
                    if (hits != set->hits || (!first && pixels != set->pixels)) st.SkipWithError("wrong answers");
                });
            }
        }
    }
}

// ---- transformed --------------------------------------------------------------------------------

// A ring of outer radius r rotated about its centre, around a disc that sits in its hole.
struct TransformScene {
    Mask ring, disc;
    seed::Image32 ringImg, discImg;
    collide::TransformedPlacement ringPlaced;
    collide::Placement discAt;
    seed::Affine ringAffine, discAffine;
    double words = 0;
};

// A size x size mask turned by `angle` about its centre, the centre at world (500, 300) + centre:
// the scene's masks share their box.
collide::Transform TurnedInPlace(int size, double angle) {
    const double c = size / 2.0;
    collide::Transform t;
    t.anchorMaskX = c;
    t.anchorMaskY = c;
    t.anchorWorldX = 500 + c;
    t.anchorWorldY = 300 + c;
    t.angleRadians = angle;
    return t;
}
// The seed's float affine for the same turn.
seed::Affine AffineInPlace(int size, double angle) {
    const float c = float(size / 2.0), cs = float(std::cos(angle)), sn = float(std::sin(angle));
    return {cs, -sn, sn, cs, c, c, 500 + c, 300 + c};
}

TransformScene MakeTransformScene(int size, double angle) {
    TransformScene s;
    const double c = size / 2.0, outer = size / 2.0 - 1, inner = size * 0.36, discR = size * 0.30;
    s.ringImg = {size, size, std::vector<std::uint32_t>(static_cast<std::size_t>(size) * size, 0)};
    s.discImg = s.ringImg;
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            const double d = std::hypot(x + 0.5 - c, y + 0.5 - c);
            if (d <= outer && d >= inner) s.ringImg.px[static_cast<std::size_t>(y) * size + x] = HOT;
            if (d <= discR) s.discImg.px[static_cast<std::size_t>(y) * size + x] = HOT;
        }
    }
    s.ring = MaskOf(s.ringImg);
    s.disc = MaskOf(s.discImg);
    s.ringPlaced = collide::PlaceTransformed(s.ring, TurnedInPlace(size, angle));
    s.discAt = {500, 300};
    s.ringAffine = AffineInPlace(size, angle);
    s.discAffine = {1, 0, 0, 1, 0, 0, 500, 300};
    const Rect ov = collide::IntersectRects(s.ringPlaced.boundsWorld, collide::PlacedBounds(s.disc, s.discAt));
    s.words = double(ov.w) * ov.h / 64.0;
    return s;
}

void RegisterTransformed(int size) {
    auto scene = std::make_shared<TransformScene>(MakeTransformScene(size, std::numbers::pi / 6));
    const std::string name = "transformed/first-hit/" + std::to_string(size) + "/rot30";
    TableRow(name, Target::NoLoss).words = scene->words;
    Register("ours", name, [scene](benchmark::State& st) {
        if (collide::QueryTransformedOverlap(scene->ring, scene->ringPlaced, scene->disc, scene->discAt).hit)
            st.SkipWithError("scene must not collide");
        for (auto _ : st) {
            benchmark::DoNotOptimize(
                collide::QueryTransformedOverlap(scene->ring, scene->ringPlaced, scene->disc, scene->discAt));
        }
    });
    Register("before", name, [scene](benchmark::State& st) {
        if (before::QueryTransformedOverlap(scene->ring, scene->ringPlaced, scene->disc, scene->discAt).hit)
            st.SkipWithError("scene must not collide");
        for (auto _ : st) {
            benchmark::DoNotOptimize(
                before::QueryTransformedOverlap(scene->ring, scene->ringPlaced, scene->disc, scene->discAt));
        }
    });
    Register("seed", name, [scene](benchmark::State& st) {
        if (seed::XnaCollide(scene->ringImg, scene->ringAffine, scene->discImg, scene->discAffine))
            st.SkipWithError("scene must not collide");
        for (auto _ : st) {
            benchmark::DoNotOptimize(
                seed::XnaCollide(scene->ringImg, scene->ringAffine, scene->discImg, scene->discAffine));
        }
    });
}

// The ring as above around the disc, the disc turned 45 degrees about its own centre too: two
// transformed masks, QueryTransformedPair.
void RegisterTransformedPair(int size) {
    auto scene = std::make_shared<TransformScene>(MakeTransformScene(size, std::numbers::pi / 6));
    const double angle = std::numbers::pi / 4;
    const auto discPlaced = std::make_shared<collide::TransformedPlacement>(
        collide::PlaceTransformed(scene->disc, TurnedInPlace(size, angle)));
    scene->discAffine = AffineInPlace(size, angle);
    const Rect ov = collide::IntersectRects(scene->ringPlaced.boundsWorld, discPlaced->boundsWorld);
    const std::string name = "transformed-pair/first-hit/" + std::to_string(size) + "/rot30-rot45";
    TableRow(name, Target::NoLoss).words = double(ov.w) * ov.h / 64.0;
    Register("ours", name, [scene, discPlaced](benchmark::State& st) {
        if (collide::QueryTransformedPair(scene->ring, scene->ringPlaced, scene->disc, *discPlaced).hit)
            st.SkipWithError("scene must not collide");
        for (auto _ : st) {
            benchmark::DoNotOptimize(
                collide::QueryTransformedPair(scene->ring, scene->ringPlaced, scene->disc, *discPlaced));
        }
    });
    Register("before", name, [scene, discPlaced](benchmark::State& st) {
        if (before::QueryTransformedPair(scene->ring, scene->ringPlaced, scene->disc, *discPlaced).hit)
            st.SkipWithError("scene must not collide");
        for (auto _ : st) {
            benchmark::DoNotOptimize(
                before::QueryTransformedPair(scene->ring, scene->ringPlaced, scene->disc, *discPlaced));
        }
    });
    Register("seed", name, [scene](benchmark::State& st) {
        if (seed::XnaCollide(scene->ringImg, scene->ringAffine, scene->discImg, scene->discAffine))
            st.SkipWithError("scene must not collide");
        for (auto _ : st) {
            benchmark::DoNotOptimize(
                seed::XnaCollide(scene->ringImg, scene->ringAffine, scene->discImg, scene->discAffine));
        }
    });
}

}  // namespace

int main(int argc, char** argv) {
    RegisterSmallCases();
    RegisterHotmaps();
    for (const int n : {64, 256, 1024}) {
        RegisterOverlap(n, false);
        RegisterOverlap(n, true);
    }
    RegisterAndOr();
    for (const int size : {64, 256}) RegisterTransformed(size);
    for (const int size : {64, 256}) RegisterTransformedPair(size);
    std::vector<char*> args = bench::WithInterleaving(argc, argv);
    int benchArgc = static_cast<int>(args.size());
    benchmark::Initialize(&benchArgc, args.data());
    if (benchmark::ReportUnrecognizedArguments(benchArgc, args.data())) return 1;
    TableReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();
    PrintTable();
    return 0;
}
