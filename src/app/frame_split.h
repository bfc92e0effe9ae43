// The windowed frame's CPU time by phase (simulation, drawing, ImGui, present, the rest), for
// `--frame-split` and `make bench-frame` (issue 41). Process CPU time, not wall time: a shared,
// loaded machine slows a frame's wall time but hardly its CPU time, and the renderer's own
// threads (Mesa's llvmpipe rasterises on helper threads) count where the phase made them work.
// Reads clocks only; nothing here feeds the simulation.
#pragma once

#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace app {

/// The CPU time the whole process (every thread) has used, in nanoseconds.
[[nodiscard]] inline std::uint64_t ProcessCpuNanos() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<std::uint64_t>(t.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(t.tv_nsec);
}

/// The process's peak resident set so far, in KiB (Linux's ru_maxrss unit).
[[nodiscard]] inline std::int64_t PeakRssKb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

/// The process's resident set now, in KiB (Linux's /proc/self/statm); 0 when it cannot be read.
[[nodiscard]] inline std::int64_t CurrentRssKb() {
    std::FILE* f = std::fopen("/proc/self/statm", "r");
    if (f == nullptr) return 0;
    long long sizePages = 0, residentPages = 0;
    const bool read = std::fscanf(f, "%lld %lld", &sizePages, &residentPages) == 2;
    std::fclose(f);
    return read ? residentPages * (sysconf(_SC_PAGESIZE) / 1024) : 0;
}

/// Where a windowed frame's CPU time goes. Frames before `warmupFrames` are not counted (the first
/// draws make textures and ImGui's font atlas). Invariant: `other` is the frame's whole CPU time
/// less the four timed phases (events, reload polling, the loop's sleep and the sound thread).
class FrameSplit {
public:
    enum Phase : std::uint8_t { Simulation, Drawing, ImGui, Present, PHASES };
    static constexpr const char* PHASE_NAMES[PHASES] = {"simulation", "drawing", "imgui", "present"};

    explicit FrameSplit(std::int64_t warmupFrames) : warmupFrames_(warmupFrames) {}

    /// The CPU time since the last Mark (or the frame's start) goes to `phase`.
    void Mark(Phase phase) {
        const std::uint64_t now = ProcessCpuNanos();
        if (Counting()) phaseNanos_[phase] += now - last_;
        last_ = now;
    }
    /// The CPU time since the last Mark goes to no phase (so to `other`).
    void Skip() { last_ = ProcessCpuNanos(); }
    /// A frame starts (or, after the last one, the run ends): what came since the last Mark is the
    /// rest of the frame before.
    void StartFrame() {
        const std::uint64_t now = ProcessCpuNanos();
        if (Counting()) totalNanos_ += now - frameStart_, wallNanos_ += WallNanos() - wallStart_;
        if (frameStart_ != 0) ++frames_;
        frameStart_ = last_ = now;
        wallStart_ = WallNanos();
    }

    /// The resident set at a named point of the start (after the load, the renderer, the textures),
    /// so the JSON line shows where the window's memory goes.
    void NoteRss(const char* point) { rssKb_.emplace_back(point, CurrentRssKb()); }

    /// One JSON line: frames counted, then each phase's and the whole frame's CPU in microseconds a
    /// frame, the loop's frames a second, the share of one core (CPU over wall time) and the RSS.
    [[nodiscard]] std::string JsonLine() const {
        const std::int64_t counted = frames_ > warmupFrames_ ? frames_ - warmupFrames_ : 0;
        const auto perFrame = [&](std::uint64_t ns) { return counted > 0 ? ns / 1e3 / counted : 0.0; };
        std::uint64_t phases = 0;
        std::string line = "{\"frames\":" + std::to_string(counted);
        char buf[64];
        for (int p = 0; p < PHASES; ++p) {
            std::snprintf(buf, sizeof buf, ",\"%s_us\":%.1f", PHASE_NAMES[p], perFrame(phaseNanos_[p]));
            line += buf;
            phases += phaseNanos_[p];
        }
        std::snprintf(buf, sizeof buf, ",\"other_us\":%.1f", perFrame(totalNanos_ - phases));
        line += buf;
        std::snprintf(buf, sizeof buf, ",\"frame_us\":%.1f", perFrame(totalNanos_));
        line += buf;
        // The frame rate is the loop's, not the display's: without vsync it draws between ticks too.
        // So the share of a core is CPU time over wall time, whatever the frames.
        std::snprintf(buf, sizeof buf, ",\"frames_per_second\":%.1f,\"cores\":%.3f",
                      wallNanos_ > 0 ? counted * 1e9 / static_cast<double>(wallNanos_) : 0.0,
                      wallNanos_ > 0 ? static_cast<double>(totalNanos_) / static_cast<double>(wallNanos_) : 0.0);
        line += buf;
        for (const auto& [point, kb] : rssKb_) line += ",\"rss_" + point + "_kb\":" + std::to_string(kb);
        return line + ",\"peak_rss_kb\":" + std::to_string(PeakRssKb()) + "}";
    }

private:
    static std::uint64_t WallNanos() {
        timespec t{};
        clock_gettime(CLOCK_MONOTONIC, &t);
        return static_cast<std::uint64_t>(t.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(t.tv_nsec);
    }
    // A frame counts once the warm-up frames have passed; StartFrame counts the frame it ends.
    [[nodiscard]] bool Counting() const { return frames_ >= warmupFrames_ && frameStart_ != 0; }

    std::int64_t warmupFrames_;
    std::int64_t frames_ = 0;
    std::uint64_t frameStart_ = 0, last_ = 0, totalNanos_ = 0;
    std::uint64_t wallStart_ = 0, wallNanos_ = 0;  ///< the counted frames' wall time
    std::array<std::uint64_t, PHASES> phaseNanos_{};
    std::vector<std::pair<std::string, std::int64_t>> rssKb_;
};

}  // namespace app
