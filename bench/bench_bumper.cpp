// bumper_bench: the bumper scene's collision cost per tick (broad phase + pixel tests) for
// N = 1,000, 10,000, 20,000, 50,000 and 100,000 sprites, beside, in the same run, `before` (the
// same per-pair path through the grid and the queries as they were before the strip layout,
// bench/before) and the seed's method: every pair (j = i + 1), rectangles, then a per-pixel
// colour comparison. The seed's method runs only up to the sizes where one tick takes under ten
// seconds. Also measured: sweep-and-prune as the broad phase instead of the grid, ours with the
// grid's box scan in its SSE2 build (ours-sse2: the AVX2 build's gain), and ours in running ticks
// at 10,000 and 20,000 sprites (InSceneMs; all printed, not in the CSV).
// Ours and before are the median of five runs. Writes `n,method,ms_per_tick` (method: ours,
// before or seed) to --csv FILE (default bench/results/bumper.csv) and prints the ratios. A run narrowed by
// --benchmark_filter builds and times only what the filter selects, and writes a CSV only when
// one is named (the default file keeps the full run); a run that times nothing (a listing) writes
// none.
// Run: make bench-bumper   (or build-release/bench/bumper_bench --help)
#include "app/clock.h"
#include "before/before.h"
#include "game/bumper.h"
#include "interleave.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <string>
#include <vector>

namespace {

constexpr int SIZES[] = {1000, 10000, 20000, 50000, 100000};
constexpr double SEED_LIMIT_SECONDS = 10.0;
constexpr int WARMUP_TICKS = 60;  // let the scene mix before timing it
constexpr int REPETITIONS = 5;    // ours: the median of five runs

struct Scene {
    game::BumperShapes shapes = game::MakeBumperShapes();
    game::BumperState state;
    game::BumperScratch scratch;
    before::UniformGrid beforeGrid{32};              // before's own grid, kept between ticks as the scene keeps its
    std::vector<std::vector<std::uint32_t>> images;  // the seed's RGBA pictures of the shapes
};

std::shared_ptr<Scene> MakeScene(int n) {
    auto s = std::make_shared<Scene>();
    s->state = game::NewBumper(s->shapes, n, 2026);
    for (int t = 0; t < WARMUP_TICKS; ++t) game::StepBumper(s->shapes, s->state, s->scratch);
    for (const game::BumperShape& shape : s->shapes.shapes) {
        std::vector<std::uint32_t> px(static_cast<std::size_t>(shape.mask.Width()) * shape.mask.Height(), 0);
        for (int y = 0; y < shape.mask.Height(); ++y)
            for (int x = 0; x < shape.mask.Width(); ++x)
                if (shape.mask.Get(x, y)) px[static_cast<std::size_t>(y) * shape.mask.Width() + x] = 0xFF3060D0u;
        s->images.push_back(std::move(px));
    }
    return s;
}

// The seed's loop: all pairs, image rectangles, then pixels (transparent = 0) over the overlap,
// stopping at the first colliding pixel. It cannot rotate: spinning sprites are tested upright.
int SeedContacts(const Scene& s) {
    const auto& sprites = s.state.sprites;
    int contacts = 0;
    for (std::size_t i = 0; i < sprites.size(); ++i) {
        const auto& a = sprites[i];
        const collide::Mask& ma = s.shapes.shapes[static_cast<std::size_t>(a.shape)].mask;
        const int ax = game::ToPx(a.xSubpx), ay = game::ToPx(a.ySubpx), aw = ma.Width(), ah = ma.Height();
        for (std::size_t j = i + 1; j < sprites.size(); ++j) {
            const auto& b = sprites[j];
            const collide::Mask& mb = s.shapes.shapes[static_cast<std::size_t>(b.shape)].mask;
            const int bx = game::ToPx(b.xSubpx), by = game::ToPx(b.ySubpx), bw = mb.Width(), bh = mb.Height();
            const int x0 = std::max(ax, bx), y0 = std::max(ay, by), x1 = std::min(ax + aw, bx + bw),
                      y1 = std::min(ay + ah, by + bh);
            if (x1 <= x0 || y1 <= y0) continue;
            const std::uint32_t* pa = s.images[static_cast<std::size_t>(a.shape)].data();
            const std::uint32_t* pb = s.images[static_cast<std::size_t>(b.shape)].data();
            bool hit = false;
            for (int y = y0; y < y1 && !hit; ++y)
                for (int x = x0; x < x1 && !hit; ++x)
                    hit = pa[(y - ay) * aw + (x - ax)] != 0 && pb[(y - by) * bw + (x - bx)] != 0;
            contacts += hit;
        }
    }
    return contacts;
}

// FindBumperContacts as it was (game/bumper.cpp before the strip layout), through `before`'s grid
// and queries: the same boxes, the same pairs, the same contacts.
int BeforeContacts(Scene& s) {
    auto& sc = s.scratch;
    const auto& sprites = s.state.sprites;
    sc.boxes.resize(sprites.size());
    for (std::size_t i = 0; i < sprites.size(); ++i) sc.boxes[i] = game::BumperCollider(s.shapes, sprites[i]).Bounds();
    if (s.beforeGrid.CellSizePx() < 2 * s.shapes.maxSidePx) s.beforeGrid = before::UniformGrid(2 * s.shapes.maxSidePx);
    s.beforeGrid.FindPairs(sc.boxes, sc.pairs);
    sc.contacts.clear();
    for (const collide::IndexPair p : sc.pairs) {
        const collide::Collider a = game::BumperCollider(s.shapes, sprites[static_cast<std::size_t>(p.a)]);
        const collide::Collider b = game::BumperCollider(s.shapes, sprites[static_cast<std::size_t>(p.b)]);
        if (before::QueryColliders(a, b).hit) sc.contacts.push_back(p);
    }
    return static_cast<int>(sc.contacts.size());
}

// Our pipeline with sweep-and-prune instead of the grid: the other broad phase measured.
int SapContacts(Scene& s, collide::SweepAndPrune& sap, std::vector<collide::IndexPair>& pairs) {
    auto& sc = s.scratch;
    const auto& sprites = s.state.sprites;
    sc.boxes.resize(sprites.size());
    for (std::size_t i = 0; i < sprites.size(); ++i) sc.boxes[i] = game::BumperCollider(s.shapes, sprites[i]).Bounds();
    sap.FindPairs(sc.boxes, pairs);
    int contacts = 0;
    for (const auto p : pairs) {
        contacts += collide::QueryColliders(game::BumperCollider(s.shapes, sprites[static_cast<std::size_t>(p.a)]),
                                            game::BumperCollider(s.shapes, sprites[static_cast<std::size_t>(p.b)]))
                        .hit;
    }
    return contacts;
}

std::map<std::pair<int, std::string>, double>& Results() {
    static std::map<std::pair<int, std::string>, double> results;  // bench-only bookkeeping
    return results;
}

class CollectingReporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        for (const Run& run : runs) {
            // Repeated benchmarks report their median (robust to a noisy neighbour on the
            // machine); single runs report themselves.
            const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
            if (run.error_occurred || !(median || (run.run_type == Run::RT_Iteration && run.repetitions <= 1)))
                continue;
            const std::string name = run.run_name.function_name;  // "bumper/<method>/<n>"
            const auto first = name.find('/'), second = name.find('/', first + 1);
            const std::string method = name.substr(first + 1, second - first - 1);
            const int n = std::stoi(name.substr(second + 1));
            Results()[{n, method}] = run.GetAdjustedRealTime();  // milliseconds
        }
    }
};

// The collision work of running ticks, in ms: each tick StepBumper moves every sprite first (and
// sorts them every 16 ticks), then finds the contacts, timed by its own stats. The timed runs
// above repeat one tick's collision work on a still scene, so a scene whose data fits the L2
// cache (10,000 sprites, about 1 MB) starts each repetition warm, which a running scene does not.
// Median of IN_SCENE_TICKS ticks after the warm-up; printed beside the growth target, not in the CSV.
constexpr int IN_SCENE_TICKS = 101;

double InSceneMs(int n) {
    const auto scene = MakeScene(n);
    std::vector<double> micros;
    for (int t = 0; t < IN_SCENE_TICKS; ++t) {
        game::BumperStats stats;
        game::StepBumper(scene->shapes, scene->state, scene->scratch, &stats, app::NowNanos);
        micros.push_back(stats.broadMicros + stats.narrowMicros);
    }
    std::nth_element(micros.begin(), micros.begin() + IN_SCENE_TICKS / 2, micros.end());
    return micros[IN_SCENE_TICKS / 2] / 1000.0;
}

double TimeOneSeedTick(const Scene& s) {
    const auto t0 = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(SeedContacts(s));
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

constexpr const char* USAGE =
    "usage: bumper_bench [--csv FILE] [--benchmark_filter=REGEX] [Google Benchmark flags]\n"
    "  The bumper scene's collision cost per tick at N = 1,000, 10,000, 20,000, 50,000 and 100,000\n"
    "  sprites: ours (grid broad phase + bit-parallel pixel tests), before (the same path through the\n"
    "  grid and queries as they were before the strip layout), ours-sap (ours with sweep-and-prune),\n"
    "  ours-sse2 (ours with the grid's box scan in its SSE2 build, not AVX2),\n"
    "  each the median of five runs, and seed (all pairs, rectangles, per-pixel colours; only while\n"
    "  a tick takes under ten seconds), with the ratios.\n"
    "  --csv FILE   write n,method,ms_per_tick (method: ours, before or seed) to FILE; default\n"
    "               bench/results/bumper.csv, written only by a run with no --benchmark_filter\n"
    "               (and never by one that times nothing, as --benchmark_list_tests)\n"
    "  Benchmark names: bumper/ours/N, bumper/before/N, bumper/ours-sap/N, bumper/ours-sse2/N,\n"
    "  bumper/seed/N.\n"
    "  --help       this text (--benchmark_help: Google Benchmark's flags)\n";

int main(int argc, char** argv) {
    std::string csvPath = "bench/results/bumper.csv";
    bool csvNamed = false;
    std::string filter;  // Google Benchmark's --benchmark_filter, also used to skip unselected work
    std::vector<char*> args;
    for (int i = 0; i < argc; ++i) {
        const std::string arg = argv[i];
        if (i > 0 && (arg == "--help" || arg == "-h")) {
            std::fputs(USAGE, stdout);
            return 0;
        }
        if (arg == "--benchmark_help") {
            args = {argv[0], const_cast<char*>("--help")};
            break;
        }
        if (arg == "--csv") {
            if (i + 1 >= argc || argv[i + 1][0] == '\0') {
                std::fprintf(stderr, "error: --csv needs a file name\n%s", USAGE);
                return 2;
            }
            csvPath = argv[++i], csvNamed = true;
        } else if (arg.rfind("--csv=", 0) == 0) {
            csvPath = arg.substr(6), csvNamed = true;
            if (csvPath.empty()) {
                std::fprintf(stderr, "error: --csv needs a file name\n%s", USAGE);
                return 2;
            }
        } else {
            if (arg.rfind("--benchmark_filter=", 0) == 0) filter = arg.substr(19);
            args.push_back(argv[i]);
        }
    }
    if (args.size() == 2 && std::strcmp(args[1], "--help") == 0) {
        int helpArgc = 2;  // Google Benchmark prints its flags and exits
        benchmark::Initialize(&helpArgc, args.data());
        return 0;
    }
    // As Google Benchmark reads it: empty or "all" selects everything, a leading '-' negates.
    const bool negated = !filter.empty() && filter[0] == '-';
    const std::string pattern = filter.empty() || filter == "all" ? std::string(".") : filter.substr(negated ? 1 : 0);
    std::regex selected;
    try {
        selected = std::regex(pattern, std::regex::extended);
    } catch (const std::regex_error&) {
        std::fprintf(stderr, "error: --benchmark_filter: not a regular expression: %s\n", filter.c_str());
        return 2;
    }
    const auto wanted = [&](const std::string& name) { return std::regex_search(name, selected) != negated; };
    int benchArgc = static_cast<int>(args.size());
    bool seedTooSlow = false;
    double lastSeedSeconds = 0;
    int lastSeedN = 0;
    for (const int n : SIZES) {
        const std::string size = std::to_string(n);
        // The names as Google Benchmark matches its filter against them: with the repetitions.
        const std::string repeats = "/repeats:" + std::to_string(REPETITIONS);
        const bool oursWanted = wanted("bumper/ours/" + size + repeats),
                   sapWanted = wanted("bumper/ours-sap/" + size + repeats),
                   sse2Wanted = wanted("bumper/ours-sse2/" + size + repeats),
                   beforeWanted = wanted("bumper/before/" + size + repeats), seedWanted = wanted("bumper/seed/" + size);
        if (!oursWanted && !sapWanted && !sse2Wanted && !beforeWanted && !seedWanted) continue;  // nothing here
        auto scene = MakeScene(n);
        std::printf("N = %d: world %d x %d px, %d contacts in the warm-up's last tick\n", n, scene->state.worldWidthPx,
                    scene->state.worldHeightPx, scene->state.lastContacts);
        benchmark::RegisterBenchmark(
            ("bumper/ours/" + std::to_string(n)).c_str(),
            [scene](benchmark::State& st) {
                game::BumperStats stats;
                game::FindBumperContacts(scene->shapes, scene->state, scene->scratch, &stats);  // untimed warm-up
                for (auto _ : st) {
                    game::FindBumperContacts(scene->shapes, scene->state, scene->scratch, &stats);
                    benchmark::DoNotOptimize(stats.contacts);
                }
                st.counters["contacts"] = stats.contacts;
                st.counters["pairs"] = stats.pairsAfterBroadPhase;
            })
            ->Unit(benchmark::kMillisecond)
            ->Repetitions(REPETITIONS)
            ->ReportAggregatesOnly(true);
        benchmark::RegisterBenchmark(
            ("bumper/before/" + std::to_string(n)).c_str(),
            [scene](benchmark::State& st) {
                // The ratio means something only if both find the same contacts.
                const auto sorted = [](std::vector<collide::IndexPair> v) {
                    std::sort(v.begin(), v.end(), [](auto x, auto y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
                    return v;
                };
                game::FindBumperContacts(scene->shapes, scene->state, scene->scratch);
                const auto ours = sorted(scene->scratch.contacts);
                int contacts = BeforeContacts(*scene);
                if (sorted(scene->scratch.contacts) != ours) {
                    st.SkipWithError("before found other contacts than ours");
                    return;
                }
                for (auto _ : st) benchmark::DoNotOptimize(contacts = BeforeContacts(*scene));
                st.counters["contacts"] = contacts;
            })
            ->Unit(benchmark::kMillisecond)
            ->Repetitions(REPETITIONS)
            ->ReportAggregatesOnly(true);
        // Ours with the grid's box scan in its SSE2 build (four boxes a step) where the CPU's fastest
        // runs by default (AVX2, eight): the same contacts, its own scratch.
        auto sse2 = std::make_shared<game::BumperScratch>();
        sse2->grid = collide::UniformGrid(2 * scene->shapes.maxSidePx, collide::GridScan::Baseline);
        benchmark::RegisterBenchmark(("bumper/ours-sse2/" + std::to_string(n)).c_str(),
                                     [scene, sse2](benchmark::State& st) {
                                         game::BumperStats stats;
                                         game::FindBumperContacts(scene->shapes, scene->state, *sse2, &stats);
                                         game::FindBumperContacts(scene->shapes, scene->state, scene->scratch);
                                         if (sse2->contacts != scene->scratch.contacts) {
                                             st.SkipWithError("the SSE2 scan found other contacts than ours");
                                             return;
                                         }
                                         for (auto _ : st) {
                                             game::FindBumperContacts(scene->shapes, scene->state, *sse2, &stats);
                                             benchmark::DoNotOptimize(stats.contacts);
                                         }
                                         st.counters["contacts"] = stats.contacts;
                                     })
            ->Unit(benchmark::kMillisecond)
            ->Repetitions(REPETITIONS)
            ->ReportAggregatesOnly(true);
        auto sap = std::make_shared<collide::SweepAndPrune>();
        auto pairs = std::make_shared<std::vector<collide::IndexPair>>();
        benchmark::RegisterBenchmark(("bumper/ours-sap/" + std::to_string(n)).c_str(),
                                     [scene, sap, pairs](benchmark::State& st) {
                                         int contacts = SapContacts(*scene, *sap, *pairs);
                                         for (auto _ : st)
                                             benchmark::DoNotOptimize(contacts = SapContacts(*scene, *sap, *pairs));
                                         st.counters["contacts"] = contacts;
                                     })
            ->Unit(benchmark::kMillisecond)
            ->Repetitions(REPETITIONS)
            ->ReportAggregatesOnly(true);
        if (!seedWanted) continue;
        if (seedTooSlow) {
            std::printf("  seed method skipped at N = %d: a tick at a smaller N already took over %.0f s\n", n,
                        SEED_LIMIT_SECONDS);
            continue;
        }
        // All pairs: the cost grows with the square of the count, so the last tick measured says
        // whether this one would pass the limit, without spending the minutes to find out.
        const double predicted = lastSeedSeconds * (double(n) / lastSeedN) * (double(n) / lastSeedN);
        if (lastSeedN > 0 && predicted > SEED_LIMIT_SECONDS) {
            std::printf("  seed method skipped at N = %d: a tick would take about %.0f s (%.1f s at N = %d)\n", n,
                        predicted, lastSeedSeconds, lastSeedN);
            seedTooSlow = true;
            continue;
        }
        const double oneTick = TimeOneSeedTick(*scene);
        lastSeedSeconds = oneTick, lastSeedN = n;
        if (oneTick > SEED_LIMIT_SECONDS) {
            std::printf("  seed method skipped at N = %d: one tick took %.1f s\n", n, oneTick);
            seedTooSlow = true;
            continue;
        }
        auto seedBench =
            benchmark::RegisterBenchmark(("bumper/seed/" + std::to_string(n)).c_str(), [scene](benchmark::State& st) {
                int contacts = 0;
                for (auto _ : st) benchmark::DoNotOptimize(contacts = SeedContacts(*scene));
                st.counters["contacts"] = contacts;
            });
        seedBench->Unit(benchmark::kMillisecond);
        if (oneTick > 0.5) seedBench->Iterations(1);  // slow ticks: one timed tick is plenty
    }
    bench::AddInterleaving(args);
    benchArgc = static_cast<int>(args.size());
    benchmark::Initialize(&benchArgc, args.data());
    CollectingReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();

    std::printf("\n%8s %13s %15s %11s %15s %14s %11s\n", "N", "ours ms/tick", "before ms/tick", "vs before",
                "(sap) ms/tick", "seed ms/tick", "vs seed");
    for (const int n : SIZES) {
        const auto ours = Results().find({n, "ours"}), sap = Results().find({n, "ours-sap"}),
                   bef = Results().find({n, "before"}), seed = Results().find({n, "seed"});
        if (ours == Results().end()) continue;
        std::printf("%8d %13.3f ", n, ours->second);
        if (bef != Results().end()) {
            std::printf("%15.3f %10.2fx ", bef->second, bef->second / ours->second);
        } else {
            std::printf("%15s %11s ", "-", "-");
        }
        std::printf("%15.3f ", sap != Results().end() ? sap->second : 0.0);
        if (seed != Results().end()) {
            std::printf("%14.2f %10.0fx\n", seed->second, seed->second / ours->second);
        } else {
            std::printf("%14s %11s\n", "-", "-");
        }
    }
    std::string scanGains;
    for (const int n : SIZES) {
        const auto ours = Results().find({n, "ours"}), sse2 = Results().find({n, "ours-sse2"});
        if (ours == Results().end() || sse2 == Results().end()) continue;
        char one[48];
        std::snprintf(one, sizeof one, "%s%d: %.2fx", scanGains.empty() ? "" : ", ", n, sse2->second / ours->second);
        scanGains += one;
    }
    if (!scanGains.empty())
        std::printf("ours with the grid's AVX2 box scan against its SSE2 build, whole ticks: %s\n", scanGains.c_str());
    const auto o50 = Results().find({50000, "ours"}), b50 = Results().find({50000, "before"});
    if (o50 != Results().end() && b50 != Results().end()) {
        const double ratio = b50->second / o50->second;
        std::printf("ours against before at 50,000 sprites: %.2fx (target: at least 1.6x) %s\n", ratio,
                    ratio >= 1.6 ? "met" : "NOT MET");
    }
    const auto a = Results().find({10000, "ours"}), b = Results().find({20000, "ours"});
    if (a != Results().end() && b != Results().end()) {
        const double growth = b->second / a->second;
        std::printf("ours from 10,000 to 20,000 sprites: %.2fx the cost (target: at most 2.3x) %s\n", growth,
                    growth <= 2.3 ? "met" : "NOT MET");
        const double running10 = InSceneMs(10000), running20 = InSceneMs(20000);
        std::printf("  in running ticks (the scene stepped between them, median of %d): %.3f ms and %.3f ms, %.2fx\n",
                    IN_SCENE_TICKS, running10, running20, running20 / running10);
        std::printf("ours at 10,000: %.2f ms of a 16.67 ms frame (%.0f%%)\n", a->second, 100.0 * a->second / 16.667);
    }
    const auto inCsv = [](const auto& result) {
        const std::string& method = result.first.second;
        return method == "ours" || method == "before" || method == "seed";
    };
    if (std::none_of(Results().begin(), Results().end(), inCsv)) {
        // --benchmark_list_tests, or a filter that selects nothing: a header alone would wipe the
        // figures the file holds.
        std::printf("nothing was timed: %s left as it was\n", csvPath.c_str());
        return 0;
    }
    if (!filter.empty() && !csvNamed) {
        std::printf("a filtered run: %s keeps the full run's figures (name a file with --csv to write these)\n",
                    csvPath.c_str());
        return 0;
    }
    std::error_code ec;
    if (const auto dir = std::filesystem::path(csvPath).parent_path(); !dir.empty())
        std::filesystem::create_directories(dir, ec);
    std::ofstream csv(csvPath);
    csv << "n,method,ms_per_tick\n";
    for (const auto& result : Results()) {
        if (inCsv(result)) csv << result.first.first << "," << result.first.second << "," << result.second << "\n";
    }
    if (!csv) {
        std::fprintf(stderr, "error: %s: cannot write the CSV\n", csvPath.c_str());
        return 1;
    }
    std::printf("wrote %s\n", csvPath.c_str());
    return 0;
}
