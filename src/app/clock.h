// The program's one clock: steady nanoseconds for the hooks that time the simulation's passes
// (game::StepHooks, net::TickHooks, game::StepBumper's stats) and for pacing the loop. The
// simulation never reads a clock of its own; the shell hands it this one.
#pragma once

#include <chrono>
#include <cstdint>

namespace app {

/// Nanoseconds on the steady clock (monotonic, from an unspecified start).
[[nodiscard]] inline std::uint64_t NowNanos() {
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count());
}

}  // namespace app
