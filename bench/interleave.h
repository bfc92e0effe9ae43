// The benchmarks' repetitions in a random order (Google Benchmark's random interleaving), unless
// the command line says otherwise: on a machine shared with other builds a change of load then
// falls on every method alike, not on whichever happened to run at that moment, so the ratios of
// one run stay fair. Bench-only.
#pragma once

#include <string>
#include <vector>

namespace bench {

/// Adds --benchmark_enable_random_interleaving=true to args when no argument sets it.
inline void AddInterleaving(std::vector<char*>& args) {
    static char flag[] = "--benchmark_enable_random_interleaving=true";
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (std::string(args[i]).rfind("--benchmark_enable_random_interleaving", 0) == 0) return;
    }
    args.push_back(flag);
}

/// argv as a vector, interleaving added.
inline std::vector<char*> WithInterleaving(int argc, char** argv) {
    std::vector<char*> args(argv, argv + argc);
    AddInterleaving(args);
    return args;
}

}  // namespace bench
