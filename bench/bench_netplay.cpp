// bench_netplay: what rollback netplay costs and does, on the project's real fighters and on the
// synthetic ones of the tests.
//   the grid   each latency (0, 50, 100, 150 ms one way) x loss (0, 5, 10 %) cell, jitter 10 ms,
//              over 20 seeds: two sessions play a whole match (seeded random players) over the
//              simulated link on a virtual clock (tests/net_harness.h), so it runs unpaced and the
//              same every time. Per cell: desyncs (must be 0), rollback depth (mean, deepest),
//              mispredicted ticks, stalls, and p99_resim_us: the 99th percentile of one restore plus
//              a re-simulation of 8 ticks, timed at every 30th tick of the cell's matches (the
//              session's own path: restore a saved state, step 8 ticks with their events, save each).
//   resim8     Google Benchmark cases: the same restore + 8 ticks from a mid-fight state, and from
//              the busiest 8-tick window of a whole match (the most contacts, by game::ProbeContacts).
//   the links  issue 37's relay test, on the simulator: latency/jitter, loss, duplication and
//              reordering (30/5 ms; 60/15 ms 5 %; 100/30 ms 10 % 2 % 2 %; 150 ms; 200 ms; 200/10 ms
//              5 % 2 % 2 %), each with the auto delay and with the fixed 2-tick delay and 8-tick
//              window, 20 seeds: desyncs, ticks a second (60 x ticks advanced / polls while the
//              match ran), stalls and time-sync waits per peer per match, the delay picked.
// Writes bench/results/netplay.csv (--csv FILE) and netplay-links.csv (--links-csv FILE). Exits 1
// when any cell has a desync. A listing (--benchmark_list_tests) runs no grid and writes nothing.
// Run: make bench-netplay   (or build-release/bench/bench_netplay --help)
#include "assets/assets.h"
#include "game/game.h"
#include "net/net.h"
#include "net_harness.h"
#include "synthetic_fighter.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr std::int32_t LATENCIES_MS[] = {0, 50, 100, 150};
constexpr double LOSSES_PCT[] = {0, 5, 10};
constexpr std::int32_t JITTER_MS = 10;
constexpr std::int32_t RESIM_TICKS = 8;
constexpr std::uint64_t SAMPLE_EVERY_TICKS = 30;

struct FighterSet {
    std::string name;  // "real" or "synthetic"
    std::vector<game::FighterDef> defs;
    std::vector<const game::FighterDef*> Roster() const {
        std::vector<const game::FighterDef*> r;
        for (const auto& d : defs) r.push_back(&d);
        return r;
    }
};

std::unique_ptr<FighterSet> Synthetic() {
    auto s = std::make_unique<FighterSet>();
    s->name = "synthetic";
    s->defs = {synth::Make(synth::Kick::Rising, "a"), synth::Make(synth::Kick::Level, "b")};
    return s;
}

std::unique_ptr<FighterSet> Real() {
    const assets::AssetRoots roots = assets::AssetRoots::Under(HOTMAP_SOURCE_DIR);
    auto ids = assets::ListFighters(roots);
    if (!ids.Ok() || ids.Value().size() < 2) return nullptr;
    auto s = std::make_unique<FighterSet>();
    s->name = "real";
    for (std::size_t i = 0; i < 2; ++i) {
        auto f = assets::LoadFighter(roots, ids.Value()[i]);
        if (!f.Ok()) {
            std::fprintf(stderr, "%s\n", f.GetError().ToLine().c_str());
            return nullptr;
        }
        s->defs.push_back(std::move(f).Value().def);
    }
    return s;
}

// The session's rollback path, timed: restore the state 8 ticks back, step those 8 ticks again with
// their events, saving each state and keeping each tick's events as the session's report does.
struct Resim {
    game::MatchState live;
    std::vector<game::MatchState> ring = std::vector<game::MatchState>(RESIM_TICKS + 2);
    std::vector<game::EventList> events = std::vector<game::EventList>(RESIM_TICKS + 2);
    std::vector<net::SimulatedTick> report;
    Resim() { report.reserve(RESIM_TICKS + 2); }

    void Run(const game::MatchDefs& defs, const game::MatchState& saved, const game::Inputs* inputs) {
        report.clear();
        live = saved;
        for (std::int32_t i = 0; i < RESIM_TICKS; ++i) {
            game::StepMatch(defs, live, inputs[i], game::StepHooks{nullptr, nullptr, &events[i]});
            ring[static_cast<std::size_t>(i)] = live;
            report.push_back(net::SimulatedTick{live.tick, true, events[static_cast<std::size_t>(i)]});
        }
        benchmark::DoNotOptimize(report.data());
    }
};

// Microseconds of each restore + 8-tick re-simulation at every 30th tick of the replay's match.
void SampleResim(const game::Replay& replay, const FighterSet& set, std::vector<double>& micros) {
    game::MatchDefs defs;
    for (std::size_t i = 0; i < 2; ++i) {
        for (const auto& d : set.defs) {
            if (d.id == replay.fighterIds[i]) defs.fighters[i] = &d;
        }
    }
    game::MatchState s = game::NewMatch(defs, replay.config);
    Resim resim;
    for (std::size_t t = 0; t + RESIM_TICKS <= replay.inputs.size(); ++t) {
        if (t >= RESIM_TICKS && t % SAMPLE_EVERY_TICKS == 0) {
            const auto t0 = std::chrono::steady_clock::now();
            resim.Run(defs, s, &replay.inputs[t]);
            micros.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
        }
        game::StepMatch(defs, s, replay.inputs[t]);
    }
}

double Percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t i = std::min(v.size() - 1, static_cast<std::size_t>(p / 100.0 * static_cast<double>(v.size())));
    return v[i];
}

struct Row {
    std::string fighters;
    std::int32_t latencyMs = 0;
    double lossPct = 0;
    int seeds = 0;
    int desyncs = 0, failures = 0;
    double meanRollback = 0;
    int maxRollback = 0;
    double mispredictedPct = 0;
    double stalledTicks = 0;  // per peer per match
    double p99ResimUs = 0;
    double maxResimUs = 0;
    double ticks = 0;  // per match
    double rollbacksPer1000 = 0;
    double pingMs = 0;
};

Row RunCell(const FighterSet& set, std::int32_t latencyMs, double lossPct, int seeds) {
    Row row;
    row.fighters = set.name;
    row.latencyMs = latencyMs;
    row.lossPct = lossPct;
    row.seeds = seeds;
    std::int64_t rollbacks = 0, resimulated = 0, predicted = 0, mispredicted = 0, stalled = 0, ticks = 0, ping = 0;
    std::vector<double> micros;
    for (int seed = 1; seed <= seeds; ++seed) {
        netharness::PairOptions o;
        o.rosters = {set.Roster(), set.Roster()};
        o.fighterIds = {set.defs[0].id, set.defs[1].id};
        o.link = {latencyMs, JITTER_MS, lossPct, 0, 0};
        o.linkSeed = static_cast<std::uint64_t>(seed);
        o.inputSeeds = {static_cast<std::uint64_t>(seed) * 1000 + 1, static_cast<std::uint64_t>(seed) * 1000 + 2};
        o.config.seed = static_cast<std::uint64_t>(seed);
        o.maxPolls = 200'000;
        const netharness::PairResult r = netharness::RunPair(o);
        for (const auto& p : r.peers) {
            if (p.error && p.error->code == net::ErrorCode::Desync) ++row.desyncs;
            if (p.phase != net::SessionPhase::Finished) ++row.failures;
            rollbacks += p.stats.rollbacks;
            resimulated += p.stats.resimulatedTicks;
            predicted += p.stats.predictedTicks;
            mispredicted += p.stats.mispredictedTicks;
            stalled += p.stats.stalledTicks;
            ping += p.stats.pingMillis;
            row.maxRollback = std::max(row.maxRollback, p.stats.deepestRollbackTicks);
        }
        if (r.peers[0].confirmedHash != r.peers[1].confirmedHash ||
            game::FormatReplay(r.peers[0].replay) != game::FormatReplay(r.peers[1].replay)) {
            ++row.desyncs;
        }
        ticks += static_cast<std::int64_t>(r.peers[0].confirmedTick);
        SampleResim(r.peers[0].replay, set, micros);
    }
    row.meanRollback = rollbacks ? static_cast<double>(resimulated) / static_cast<double>(rollbacks) : 0;
    row.mispredictedPct = predicted ? 100.0 * static_cast<double>(mispredicted) / static_cast<double>(predicted) : 0;
    row.stalledTicks = static_cast<double>(stalled) / (2.0 * seeds);
    row.p99ResimUs = Percentile(micros, 99);
    row.maxResimUs = Percentile(micros, 100);
    row.ticks = static_cast<double>(ticks) / seeds;
    row.rollbacksPer1000 = ticks ? 1000.0 * static_cast<double>(rollbacks) / (2.0 * static_cast<double>(ticks)) : 0;
    row.pingMs = static_cast<double>(ping) / (2.0 * seeds);
    return row;
}

// One row of the link table: a link, a delay rule, what 20 matches over it did.
struct LinkRow {
    std::string fighters;
    net::NetSimConfig link;
    bool autoDelay = false;
    int seeds = 0, desyncs = 0;
    double ticksPerSecond = 0;                   // the slower peer's, mean over seeds
    double stalledTicks = 0, timeSyncWaits = 0;  // per peer per match
    double delayTicks = 0, windowTicks = 0;      // in effect (mean over peers and seeds)
    double pingMs = 0;
};

constexpr net::NetSimConfig LINKS[] = {
    {30, 5, 0, 0, 0},   {60, 15, 5, 0, 0},  {100, 30, 10, 2, 2},
    {150, 10, 0, 0, 0}, {200, 10, 0, 0, 0}, {200, 10, 5, 2, 2},
};

LinkRow RunLinkCell(const FighterSet& set, const net::NetSimConfig& link, bool autoDelay, int seeds) {
    LinkRow row;
    row.fighters = set.name;
    row.link = link;
    row.autoDelay = autoDelay;
    row.seeds = seeds;
    for (int seed = 1; seed <= seeds; ++seed) {
        netharness::PairOptions o;
        o.rosters = {set.Roster(), set.Roster()};
        o.fighterIds = {set.defs[0].id, set.defs[1].id};
        o.link = link;
        o.linkSeed = static_cast<std::uint64_t>(seed);
        o.inputSeeds = {static_cast<std::uint64_t>(seed) * 1000 + 1, static_cast<std::uint64_t>(seed) * 1000 + 2};
        o.config.seed = static_cast<std::uint64_t>(seed);
        o.inputDelayTicks = autoDelay ? net::AUTO_INPUT_DELAY : 2;
        o.maxPolls = 200'000;
        const netharness::PairResult r = netharness::RunPair(o);
        double slowest = 1e9;
        for (const auto& p : r.peers) {
            if (p.phase != net::SessionPhase::Finished) ++row.desyncs;
            slowest = std::min(
                slowest,
                p.runningPolls ? 60.0 * static_cast<double>(p.advanced) / static_cast<double>(p.runningPolls) : 0.0);
            row.stalledTicks += static_cast<double>(p.stats.stalledTicks);
            row.timeSyncWaits += static_cast<double>(p.stats.timeSyncWaits);
            row.delayTicks += p.stats.inputDelayTicks;
            row.windowTicks += p.stats.maxRollbackTicks;
            row.pingMs += p.stats.pingMillis;
        }
        if (r.peers[0].confirmedHash != r.peers[1].confirmedHash ||
            game::FormatReplay(r.peers[0].replay) != game::FormatReplay(r.peers[1].replay)) {
            ++row.desyncs;
        }
        row.ticksPerSecond += slowest;
    }
    const double peers = 2.0 * seeds;
    row.ticksPerSecond /= seeds;
    row.stalledTicks /= peers;
    row.timeSyncWaits /= peers;
    row.delayTicks /= peers;
    row.windowTicks /= peers;
    row.pingMs /= peers;
    return row;
}

// A busy mid-fight state (both fighters close and swinging) for the Google Benchmark cases.
struct BusyScene {
    const FighterSet* set = nullptr;
    game::MatchDefs defs;
    game::MatchState saved;
    std::vector<game::Inputs> inputs;
};

// `busiest`: the 8-tick window of a 6,000-tick match with the most contacts; else tick 600.
std::shared_ptr<BusyScene> MakeBusy(const FighterSet& set, bool busiest) {
    auto b = std::make_shared<BusyScene>();
    b->set = &set;
    b->defs.fighters = {&set.defs[0], &set.defs[1]};
    game::MatchConfig config;
    config.controllers = {game::Controller::Human, game::Controller::Human};
    game::MatchState s = game::NewMatch(b->defs, config);
    netharness::RandomPlayer p1(5), p2(6);
    std::vector<game::MatchState> states;
    std::vector<game::Inputs> inputs;
    std::vector<std::int32_t> contacts;
    const int ticks = busiest ? 6000 : 600 + RESIM_TICKS;
    for (int t = 0; t < ticks; ++t) {
        states.push_back(s);
        inputs.push_back({p1.Decide(0, s), p2.Decide(1, s)});
        game::StepMatch(b->defs, s, inputs.back());
        contacts.push_back(busiest ? game::ProbeContacts(b->defs, s) : 0);
    }
    std::size_t start = 600;
    if (busiest) {
        std::int32_t most = -1;
        for (std::size_t t = 0; t + RESIM_TICKS < states.size(); ++t) {
            std::int32_t sum = 0;
            for (std::size_t i = 0; i < RESIM_TICKS; ++i) sum += contacts[t + i];
            if (sum > most) most = sum, start = t;
        }
    }
    b->saved = states[start];
    b->inputs.assign(inputs.begin() + static_cast<std::ptrdiff_t>(start),
                     inputs.begin() + static_cast<std::ptrdiff_t>(start) + RESIM_TICKS);
    return b;
}

}  // namespace

constexpr const char* USAGE =
    "usage: bench_netplay [--csv FILE] [--links-csv FILE] [--seeds N] [Google Benchmark flags]\n"
    "  The rollback grid (latency 0/50/100/150 ms one way x loss 0/5/10 %, jitter 10 ms, N seeds, on\n"
    "  the real and the synthetic fighters, virtual clock) and the cost of one restore + 8-tick\n"
    "  re-simulation (Google Benchmark: netplay/resim8/{real,synthetic}/{mid-fight,busiest}).\n"
    "  --csv FILE   where the grid goes; default bench/results/netplay.csv, written by a run with the\n"
    "               default 20 seeds only (or when a file is named)\n"
    "  --links-csv FILE  where the link table goes; default bench/results/netplay-links.csv (same rule)\n"
    "  --seeds N    seeds per cell (default 20)\n"
    "  --help       this text (--benchmark_help: Google Benchmark's flags; --benchmark_list_tests\n"
    "               names the cases and runs no grid)\n";

int main(int argc, char** argv) {
    std::string csvPath = "bench/results/netplay.csv", linksCsvPath = "bench/results/netplay-links.csv";
    bool csvNamed = false, linksCsvNamed = false;
    // A listing (--benchmark_list_tests) names the cases and times nothing: no grid, no CSV.
    bool listing = false;
    int seeds = 20;
    std::vector<char*> args;
    for (int i = 0; i < argc; ++i) {
        const std::string arg = argv[i];
        if (i > 0 && (arg == "--help" || arg == "-h")) {
            std::fputs(USAGE, stdout);
            return 0;
        }
        if ((arg == "--csv" || arg == "--links-csv" || arg == "--seeds") && (i + 1 >= argc || argv[i + 1][0] == '\0')) {
            std::fprintf(stderr, "error: %s needs a value\n%s", arg.c_str(), USAGE);
            return 2;
        }
        if (arg.starts_with("--benchmark_list_tests")) {
            listing = arg == "--benchmark_list_tests" || arg.ends_with("=true") || arg.ends_with("=1");
        }
        if (arg == "--csv") {
            csvPath = argv[++i];
            csvNamed = true;
        } else if (arg == "--links-csv") {
            linksCsvPath = argv[++i];
            linksCsvNamed = true;
        } else if (arg == "--seeds") {
            seeds = std::atoi(argv[++i]);
            if (seeds < 1 || seeds > 1000) {
                std::fprintf(stderr, "error: --seeds: 1 to 1000\n%s", USAGE);
                return 2;
            }
        } else {
            args.push_back(argv[i]);
        }
    }
    auto synthetic = Synthetic();
    auto real = Real();
    if (!real) std::printf("the project's fighters did not load: the real rows are missing\n");
    std::vector<const FighterSet*> sets{synthetic.get()};
    if (real) sets.insert(sets.begin(), real.get());

    for (const FighterSet* set : sets) {
        for (const bool busiest : {false, true}) {
            auto busy = MakeBusy(*set, busiest);
            const std::string name = "netplay/resim8/" + set->name + (busiest ? "/busiest" : "/mid-fight");
            benchmark::RegisterBenchmark(name.c_str(), [busy](benchmark::State& st) {
                Resim resim;
                resim.Run(busy->defs, busy->saved, busy->inputs.data());  // untimed warm-up
                for (auto _ : st) resim.Run(busy->defs, busy->saved, busy->inputs.data());
            })->Unit(benchmark::kMicrosecond);
        }
    }
    int benchArgc = static_cast<int>(args.size());
    benchmark::Initialize(&benchArgc, args.data());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    if (listing) return 0;

    std::printf("\n%-9s %7s %5s %5s %7s %8s %6s %9s %9s %8s %8s %7s %8s\n", "fighters", "latency", "loss", "seeds",
                "desyncs", "mean_rb", "max_rb", "mispred%", "stalled", "p99_us", "max_us", "ticks", "ping_ms");
    std::vector<Row> rows;
    int desyncs = 0;
    double worstP99 = 0;
    for (const FighterSet* set : sets) {
        for (const std::int32_t latency : LATENCIES_MS) {
            for (const double loss : LOSSES_PCT) {
                const Row r = RunCell(*set, latency, loss, seeds);
                std::printf("%-9s %5d ms %4.0f%% %5d %7d %8.2f %6d %9.1f %9.1f %8.1f %8.1f %7.0f %8.0f%s\n",
                            r.fighters.c_str(), r.latencyMs, r.lossPct, r.seeds, r.desyncs, r.meanRollback,
                            r.maxRollback, r.mispredictedPct, r.stalledTicks, r.p99ResimUs, r.maxResimUs, r.ticks,
                            r.pingMs, r.failures ? "  (unfinished matches!)" : "");
                std::fflush(stdout);
                desyncs += r.desyncs + r.failures;
                worstP99 = std::max(worstP99, r.p99ResimUs);
                rows.push_back(r);
            }
        }
    }
    std::printf("\n%-9s %-46s %-5s %5s %7s %8s %9s %9s %6s %7s %8s\n", "fighters", "link", "delay", "seeds", "desyncs",
                "ticks/s", "stalled", "waits", "delay", "window", "ping_ms");
    std::vector<LinkRow> linkRows;
    for (const FighterSet* set : sets) {
        for (const net::NetSimConfig& link : LINKS) {
            for (const bool autoDelay : {true, false}) {
                const LinkRow r = RunLinkCell(*set, link, autoDelay, seeds);
                std::printf("%-9s %-46s %-5s %5d %7d %8.2f %9.1f %9.1f %6.2f %7.2f %8.0f\n", r.fighters.c_str(),
                            net::FormatNetSimSpec(r.link).c_str(), r.autoDelay ? "auto" : "2/8", r.seeds, r.desyncs,
                            r.ticksPerSecond, r.stalledTicks, r.timeSyncWaits, r.delayTicks, r.windowTicks, r.pingMs);
                std::fflush(stdout);
                desyncs += r.desyncs;
                linkRows.push_back(r);
            }
        }
    }
    std::printf("desyncs: %d (must be 0); worst p99 of restore + 8 ticks: %.0f us (target: under 1000 us)%s\n", desyncs,
                worstP99, worstP99 < 1000 ? "" : "  MISSED");
    // A run with other than the default 20 seeds writes only the files it is told to.
    const auto writeCsv = [&](const std::string& path, bool named, const std::string& header,
                              const std::vector<std::string>& lines) {
        if (seeds != 20 && !named) {
            std::printf("%d seeds: %s keeps the 20-seed figures (name a file to write these)\n", seeds, path.c_str());
            return true;
        }
        std::error_code ec;
        if (const auto dir = std::filesystem::path(path).parent_path(); !dir.empty())
            std::filesystem::create_directories(dir, ec);
        std::ofstream csv(path);
        csv << header;
        for (const std::string& l : lines) csv << l;
        if (!csv) {
            std::fprintf(stderr, "error: %s: cannot write the CSV\n", path.c_str());
            return false;
        }
        std::printf("wrote %s\n", path.c_str());
        return true;
    };
    char line[256];
    std::vector<std::string> gridLines, linkLines;
    for (const Row& r : rows) {
        std::snprintf(line, sizeof line, "%s,%d,%g,%d,%d,%.2f,%d,%.1f,%.1f,%.1f,%.1f,%d,%.0f,%.1f,%.0f\n",
                      r.fighters.c_str(), r.latencyMs, r.lossPct, r.seeds, r.desyncs + r.failures, r.meanRollback,
                      r.maxRollback, r.mispredictedPct, r.stalledTicks, r.p99ResimUs, r.maxResimUs, JITTER_MS, r.ticks,
                      r.rollbacksPer1000, r.pingMs);
        gridLines.push_back(line);
    }
    for (const LinkRow& r : linkRows) {
        std::snprintf(line, sizeof line, "%s,%d,%d,%g,%g,%g,%s,%d,%d,%.2f,%.1f,%.1f,%.2f,%.2f,%.0f\n",
                      r.fighters.c_str(), r.link.latencyMillis, r.link.jitterMillis, r.link.lossPercent,
                      r.link.duplicatePercent, r.link.reorderPercent, r.autoDelay ? "auto" : "2/8", r.seeds, r.desyncs,
                      r.ticksPerSecond, r.stalledTicks, r.timeSyncWaits, r.delayTicks, r.windowTicks, r.pingMs);
        linkLines.push_back(line);
    }
    const bool written =
        writeCsv(csvPath, csvNamed,
                 "fighters,latency_ms,loss_pct,seeds,desyncs,mean_rollback,max_rollback,mispredicted_pct,stalled_ticks,"
                 "p99_resim_us,max_resim_us,jitter_ms,ticks,rollbacks_per_1000_ticks,ping_ms\n",
                 gridLines) &&
        writeCsv(linksCsvPath, linksCsvNamed,
                 "fighters,latency_ms,jitter_ms,loss_pct,dup_pct,reorder_pct,delay,seeds,desyncs,ticks_per_second,"
                 "stalled_ticks,time_sync_waits,delay_ticks,window_ticks,ping_ms\n",
                 linkLines);
    if (!written) return 1;
    return desyncs ? 1 : 0;
}
