// The balance bench (make bench-balance): the project's fighters against each other, CPU against
// CPU, over the grid of pairings x CPU levels x sides x seeds, on both cores; the CPU's profile per
// level as the arena's observer counts it; and looped one-button patterns played against each level.
// Writes bench/results/balance.csv and docs/balance.md (the figures README quotes), and prints them.
//   bench_balance [--seeds N] [--patterns N] [--csv FILE] [--md FILE] [--quick]
// --seeds N: matches per side per cell in each of the two seed ranges (default 200: 400 a range).
// --patterns N: matches per side per pattern cell (default 10). --quick: 20 and 2, no files.
// --level L, --patterns-only, --matchups-only: a part of the grid, printed only (no files).
// The two seed ranges are 1.. and 1,000,001..: a tuning that only suits one range shows.
#include "assets/assets.h"
#include "game/arena.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr std::uint64_t SEED_RANGES[2] = {1, 1'000'001};

struct Loaded {
    std::vector<assets::LoadedFighter> fighters;
};

// Wilson's 95 % interval for `wins` of `n` (draws counted as half a win), in per cent.
std::array<double, 2> Wilson(double wins, double n) {
    if (n <= 0) return {0, 0};
    const double z = 1.96, p = wins / n;
    const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
    const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
    return {100 * (centre - half), 100 * (centre + half)};
}

// Runs `jobs` on both cores; each job writes only its own slot.
void RunAll(std::vector<std::function<void()>>& jobs) {
    std::atomic<std::size_t> next{0};
    const auto worker = [&] {
        for (std::size_t i = next++; i < jobs.size(); i = next++) jobs[i]();
    };
    const unsigned n = std::max(1u, std::min(2u, std::thread::hardware_concurrency()));
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < n; ++t) threads.emplace_back(worker);
    worker();
    for (std::thread& t : threads) t.join();
}

struct Cell {
    std::string a, b;  // fighter ids: a's win rate is reported
    std::int32_t level = 3;
    std::int32_t range = 0;
    double aWins = 0, bWins = 0, draws = 0, n = 0;
    std::int64_t ticks = 0;
    game::SideCounts countsA, countsB;
};

struct PatternCell {
    std::string player, cpu, pattern;
    std::int32_t level = 3;
    std::int32_t wins = 0, n = 0;
};

std::string Percent(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
}
std::string Ratio(std::int64_t part, std::int64_t whole) {
    if (whole == 0) return "-";
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.0f %% (%lld/%lld)",
                  100.0 * static_cast<double>(part) / static_cast<double>(whole), static_cast<long long>(part),
                  static_cast<long long>(whole));
    return buf;
}

}  // namespace

int main(int argc, char** argv) {
    std::int32_t seeds = 200, patternMatches = 10;
    std::string csvPath = "bench/results/balance.csv", mdPath = "docs/balance.md";
    bool quick = false, matchups = true, patternsToo = true;
    std::int32_t onlyLevel = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--seeds" && i + 1 < argc) {
            seeds = std::atoi(argv[++i]);
        } else if (arg == "--patterns" && i + 1 < argc) {
            patternMatches = std::atoi(argv[++i]);
        } else if (arg == "--csv" && i + 1 < argc) {
            csvPath = argv[++i];
        } else if (arg == "--md" && i + 1 < argc) {
            mdPath = argv[++i];
        } else if (arg == "--level" && i + 1 < argc) {
            onlyLevel = std::atoi(argv[++i]);
            quick = true;  // a partial grid writes no files
        } else if (arg == "--patterns-only") {
            matchups = false, quick = true;
        } else if (arg == "--matchups-only") {
            patternsToo = false, quick = true;
        } else if (arg == "--quick") {
            quick = true;
            seeds = 20, patternMatches = 2;
        } else {
            std::fprintf(
                stderr,
                "usage: bench_balance [--seeds N] [--patterns N] [--csv FILE] [--md FILE] [--quick] [--level L]\n"
                "                     [--patterns-only | --matchups-only]\n");
            return 2;
        }
    }
    const assets::AssetRoots roots = assets::AssetRoots::Under(HOTMAP_SOURCE_DIR);
    auto ids = assets::ListFighters(roots);
    if (!ids.Ok()) {
        std::fprintf(stderr, "error: %s\n", ids.GetError().ToLine().c_str());
        return 1;
    }
    Loaded loaded;
    for (const std::string& id : ids.Value()) {
        auto f = assets::LoadFighter(roots, id, {});
        if (!f.Ok()) {
            std::fprintf(stderr, "%s\n", f.GetError().ToLine().c_str());
            return 1;
        }
        loaded.fighters.push_back(std::move(f).Value());
    }
    const std::size_t count = loaded.fighters.size();

    // ---- the matchup grid: each pairing (a < b), each level, each seed range, both sides ----
    std::vector<Cell> cells;
    for (std::size_t a = 0; a < count; ++a) {
        for (std::size_t b = a + 1; b < count; ++b) {
            for (std::int32_t level = 1; level <= 3; ++level) {
                if (!matchups || (onlyLevel != 0 && level != onlyLevel)) continue;
                for (std::int32_t range = 0; range < 2; ++range) {
                    Cell c;
                    c.a = loaded.fighters[a].def.id, c.b = loaded.fighters[b].def.id;
                    c.level = level, c.range = range;
                    cells.push_back(c);
                }
            }
        }
    }
    // One job per (cell, side, block of seeds), so both cores stay busy.
    struct Job {
        std::size_t cell;
        std::int32_t side;  // 0: a is P1
        std::uint64_t firstSeed;
        std::int32_t seeds;
        Cell partial;
    };
    std::vector<Job> jobs;
    constexpr std::int32_t BLOCK = 25;
    for (std::size_t c = 0; c < cells.size(); ++c) {
        for (std::int32_t side = 0; side < 2; ++side) {
            for (std::int32_t k = 0; k < seeds; k += BLOCK) {
                const std::uint64_t first =
                    SEED_RANGES[cells[c].range] + static_cast<std::uint64_t>(k) + (side == 0 ? 0 : 500'000);
                jobs.push_back(Job{c, side, first, std::min(BLOCK, seeds - k), {}});
            }
        }
    }
    const auto indexOf = [&](const std::string& id) {
        for (std::size_t i = 0; i < count; ++i) {
            if (loaded.fighters[i].def.id == id) return i;
        }
        return std::size_t{0};
    };
    std::vector<std::function<void()>> work;
    for (Job& job : jobs) {
        work.emplace_back([&] {
            const Cell& cell = cells[job.cell];
            const std::size_t ia = indexOf(cell.a), ib = indexOf(cell.b);
            game::MatchDefs defs;
            defs.fighters =
                job.side == 0
                    ? std::array<const game::FighterDef*, 2>{&loaded.fighters[ia].def, &loaded.fighters[ib].def}
                    : std::array<const game::FighterDef*, 2>{&loaded.fighters[ib].def, &loaded.fighters[ia].def};
            const std::size_t aSide = job.side == 0 ? 0 : 1;
            for (std::int32_t k = 0; k < job.seeds; ++k) {
                const game::ArenaResult r =
                    game::PlayArena(defs, {game::ArenaSide{cell.level, nullptr}, game::ArenaSide{cell.level, nullptr}},
                                    job.firstSeed + static_cast<std::uint64_t>(k));
                job.partial.n += 1;
                job.partial.ticks += r.ticks;
                if (r.winner == static_cast<std::int32_t>(aSide)) {
                    job.partial.aWins += 1;
                } else if (r.winner == static_cast<std::int32_t>(1 - aSide)) {
                    job.partial.bWins += 1;
                } else {
                    job.partial.draws += 1;
                }
                job.partial.countsA += r.counts[aSide];
                job.partial.countsB += r.counts[1 - aSide];
            }
        });
    }

    // ---- the looped patterns: each fighter's patterns as P1 and as P2 against each CPU fighter ----
    std::vector<PatternCell> patternCells;
    std::vector<std::function<void()>> patternWork;
    std::vector<std::vector<game::LoopPattern>> patterns;
    for (std::size_t f = 0; f < count; ++f) patterns.push_back(game::LoopPatterns(loaded.fighters[f].def));
    for (std::size_t p = 0; p < count; ++p) {
        for (std::size_t c = 0; c < count; ++c) {
            for (std::size_t k = 0; k < patterns[p].size() && patternsToo; ++k) {
                for (std::int32_t level = 1; level <= 3; ++level) {
                    PatternCell cell;
                    cell.player = loaded.fighters[p].def.id, cell.cpu = loaded.fighters[c].def.id;
                    cell.pattern = patterns[p][k].name, cell.level = level;
                    patternCells.push_back(cell);
                }
            }
        }
    }
    for (std::size_t i = 0; i < patternCells.size(); ++i) {
        patternWork.emplace_back([&, i] {
            PatternCell& cell = patternCells[i];
            if (onlyLevel != 0 && cell.level != onlyLevel) return;
            const std::size_t ip = indexOf(cell.player), ic = indexOf(cell.cpu);
            const game::LoopPattern* pattern = nullptr;
            for (const game::LoopPattern& lp : patterns[ip]) {
                if (lp.name == cell.pattern) pattern = &lp;
            }
            for (std::int32_t side = 0; side < 2; ++side) {
                game::MatchDefs defs;
                defs.fighters =
                    side == 0
                        ? std::array<const game::FighterDef*, 2>{&loaded.fighters[ip].def, &loaded.fighters[ic].def}
                        : std::array<const game::FighterDef*, 2>{&loaded.fighters[ic].def, &loaded.fighters[ip].def};
                std::array<game::ArenaSide, 2> sides{};
                sides[static_cast<std::size_t>(side)] = game::ArenaSide{cell.level, &pattern->slot};
                sides[static_cast<std::size_t>(1 - side)] = game::ArenaSide{cell.level, nullptr};
                for (std::int32_t k = 0; k < patternMatches; ++k) {
                    const game::ArenaResult r =
                        game::PlayArena(defs, sides, 7'000'001 + static_cast<std::uint64_t>(k * 2 + side));
                    ++cell.n;
                    if (r.winner == side) ++cell.wins;
                }
            }
        });
    }
    work.insert(work.end(), patternWork.begin(), patternWork.end());
    RunAll(work);
    for (const Job& job : jobs) {
        Cell& c = cells[job.cell];
        c.aWins += job.partial.aWins, c.bWins += job.partial.bWins, c.draws += job.partial.draws;
        c.n += job.partial.n, c.ticks += job.partial.ticks;
        c.countsA += job.partial.countsA, c.countsB += job.partial.countsB;
    }

    // ---- the report ----
    std::ostringstream md, csv;
    md << "# Balance\n\nMade by `make bench-balance` (bench/bench_balance.cpp: " << seeds
       << " CPU-against-CPU matches a side per cell and seed range, the two seed ranges starting at 1 and "
          "1,000,001, sides swapped, both cores). A win rate counts a draw as half a win; the interval is "
          "Wilson's at 95 %. The rules are docs/rules.md's; the CPU's levels are its profiles there.\n\n";
    md << "## The matchups\n\n| matchup | level | seeds from | matches | win rate | 95 % interval | avg length (s) |\n"
          "| --- | --- | --- | --- | --- | --- | --- |\n";
    csv << "a,b,level,seed_range,matches,a_wins,b_wins,draws,a_rate,low,high\n";
    for (const Cell& c : cells) {
        const double rate = c.n > 0 ? 100.0 * (c.aWins + c.draws / 2) / c.n : 0.0;
        const auto ci = Wilson(c.aWins + c.draws / 2, c.n);
        md << "| " << c.a << " vs " << c.b << " | " << c.level << " | " << SEED_RANGES[c.range] << " | " << c.n << " | "
           << Percent(rate) << " % | " << Percent(ci[0]) << "-" << Percent(ci[1]) << " | "
           << Percent(static_cast<double>(c.ticks) / std::max(1.0, c.n) / 60.0) << " |\n";
        char line[256];
        std::snprintf(line, sizeof line, "%s,%s,%d,%llu,%.0f,%.0f,%.0f,%.0f,%.1f,%.1f,%.1f\n", c.a.c_str(), c.b.c_str(),
                      c.level, static_cast<unsigned long long>(SEED_RANGES[c.range]), c.n, c.aWins, c.bWins, c.draws,
                      rate, ci[0], ci[1]);
        csv << line;
        std::printf("%-20s level %d seeds %-8llu  %5.1f %%  [%4.1f-%4.1f]  (%0.f-%0.f-%0.f)\n",
                    (c.a + " vs " + c.b).c_str(), c.level, static_cast<unsigned long long>(SEED_RANGES[c.range]), rate,
                    ci[0], ci[1], c.aWins, c.bWins, c.draws);
    }
    // The CPU's profile per level, over every matchup match at that level, both sides.
    md << "\n## The CPU, as measured\n\nOver every match above at each level, both fighters, both sides "
          "(docs/balance.md's definitions below).\n\n| | level 1 | level 2 | level 3 |\n| --- | --- | --- | --- |\n";
    std::array<game::SideCounts, 3> byLevel{};
    std::array<double, 3> matchesByLevel{};
    for (const Cell& c : cells) {
        byLevel[static_cast<std::size_t>(c.level - 1)] += c.countsA;
        byLevel[static_cast<std::size_t>(c.level - 1)] += c.countsB;
        matchesByLevel[static_cast<std::size_t>(c.level - 1)] += c.n;
    }
    const auto row = [&](const char* name, auto&& cellOf) {
        md << "| " << name;
        std::printf("%-44s", name);
        for (std::size_t l = 0; l < 3; ++l) {
            const std::string v = cellOf(byLevel[l], matchesByLevel[l]);
            md << " | " << v;
            std::printf(" | %-22s", v.c_str());
        }
        md << " |\n";
        std::printf("\n");
    };
    row("blocks attacks it could block",
        [](const game::SideCounts& s, double) { return Ratio(s.blocked, s.blockable); });
    row("anti-airs jump-ins", [](const game::SideCounts& s, double) { return Ratio(s.antiAired, s.jumpIns); });
    row("punishes blocks punishable by 4+ ticks",
        [](const game::SideCounts& s, double) { return Ratio(s.punished, s.punishable); });
    row("breaks grabs", [](const game::SideCounts& s, double) { return Ratio(s.teched, s.grabbed); });
    row("projectile hits taken in the air",
        [](const game::SideCounts& s, double) { return Ratio(s.projectileHitsInAir, s.projectileHits); });
    row("projectiles blocked", [](const game::SideCounts& s, double) {
        return Ratio(s.projectileBlocks, s.projectileBlocks + s.projectileHits);
    });
    const auto perMatch = [](std::int64_t v, double n) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1f", n > 0 ? static_cast<double>(v) / n / 2 : 0.0);
        return std::string(buf);
    };
    row("air attacks a match", [&](const game::SideCounts& s, double n) { return perMatch(s.airAttacks, n); });
    row("throws a match", [&](const game::SideCounts& s, double n) { return perMatch(s.throws, n); });
    row("supers a match", [&](const game::SideCounts& s, double n) { return perMatch(s.supers, n); });
    row("supers landing in a combo",
        [](const game::SideCounts& s, double) { return Ratio(s.supersInCombo, s.supers); });
    row("longest combo (hits)", [](const game::SideCounts& s, double) { return std::to_string(s.maxCombo); });

    md << "\n## Looped patterns against the CPU\n\nEach pattern is a slot played in a loop (as `--p1-slot` "
          "plays it) by one fighter against the CPU playing each fighter, "
       << patternMatches
       << " matches a side. The figure is the pattern's wins of its matches; a draw is not a win.\n\n"
          "| pattern (player) | against | level 1 | level 2 | level 3 |\n| --- | --- | --- | --- | --- |\n";
    csv << "\npattern_player,pattern,cpu,level,matches,pattern_wins\n";
    for (std::size_t i = 0; i < patternCells.size(); i += 3) {
        const PatternCell& c = patternCells[i];
        md << "| " << c.pattern << " (" << c.player << ") | " << c.cpu;
        std::printf("%-28s %-8s vs %-8s", c.pattern.c_str(), c.player.c_str(), c.cpu.c_str());
        for (std::size_t l = 0; l < 3; ++l) {
            const PatternCell& x = patternCells[i + l];
            md << " | " << x.wins << "/" << x.n;
            std::printf("  L%d %2d/%-2d", x.level, x.wins, x.n);
            csv << x.player << "," << x.pattern << "," << x.cpu << "," << x.level << "," << x.n << "," << x.wins
                << "\n";
        }
        md << " |\n";
        std::printf("\n");
    }
    md << "\n## How each figure is counted\n\n"
          "- **blocks attacks it could block**: hits and blocks on the CPU (projectiles included) that arrived "
          "while it was free on the ground or already guarding; the share it blocked.\n"
          "- **anti-airs jump-ins**: the opponent's forward jumps that came down within 120 px of it (or whose air "
          "attack connected, or that it hit); the share it hit before they landed.\n"
          "- **punishes blocks punishable by 4+ ticks**: blocks after which the attacker stayed busy 4 or more ticks "
          "after the CPU could act and one of the CPU's grounded moves, started on its first free tick, lands "
          "before the blocked move ends (played out by the simulation); the share it did hit during that move.\n"
          "- **breaks grabs**: grabs that took hold of it; the share it broke with a tech.\n";
    if (!quick) {
        std::ofstream(csvPath) << csv.str();
        std::ofstream(mdPath) << md.str();
        std::printf("wrote %s and %s\n", csvPath.c_str(), mdPath.c_str());
    }
    return 0;
}
