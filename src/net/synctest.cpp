// The sync test (GGPO's) and the desync tools: re-simulating every tick K ticks later must give the
// first pass's hash, and two state dumps are compared line by line to name the first field that
// differs. Depends on game only; reads files only in CompareDumpFiles.
// Invariant: the sync test compares full hashes of the live state, never of a saved copy, so a save
// that forgets a field shows up as a mismatch.
#include "net/net.h"

namespace net {

Result<SyncTestReport> RunSyncTest(const game::MatchDefs& defs, const game::MatchConfig& config,
                                   const SyncTestInputs& inputs, const SyncTestOptions& options) {
    const std::int32_t k = options.checkDistanceTicks;
    if (k < 1 || k > MAX_ROLLBACK_LIMIT_TICKS) {
        return Error{ErrorCode::BadConfig,
                     "sync test: the check distance is " + std::to_string(k) + ": it must be 1 to " +
                         std::to_string(MAX_ROLLBACK_LIMIT_TICKS),
                     0};
    }
    const GameAdapter& adapter = options.adapter;
    // The first pass's state, hash and inputs of the last K + 1 ticks, and the saved copies the
    // rollback restores from (made by the adapter, as the session makes them).
    const std::size_t ringSize = static_cast<std::size_t>(k) + 1;
    struct Slot {
        game::MatchState first, saved;
        std::uint64_t hash = 0;
        game::Inputs inputs{};
    };
    std::vector<Slot> ring(ringSize);
    game::MatchState state = game::NewMatch(defs, config);
    adapter.Save(state, ring[0].saved);
    game::EventList events;
    SyncTestReport report;
    for (std::uint64_t t = 1; t <= options.ticks; ++t) {
        Slot& now = ring[t % ringSize];
        now.inputs = inputs(t, state);
        adapter.Step(defs, state, now.inputs, game::StepHooks{nullptr, nullptr, &events});
        now.first = state;
        now.hash = game::HashState(state);
        adapter.Save(state, now.saved);
        if (t < static_cast<std::uint64_t>(k)) continue;
        // Roll back K ticks and simulate them again.
        adapter.Restore(ring[(t - static_cast<std::uint64_t>(k)) % ringSize].saved, state);
        for (std::uint64_t u = t - static_cast<std::uint64_t>(k) + 1; u <= t; ++u) {
            Slot& again = ring[u % ringSize];
            adapter.Step(defs, state, again.inputs, game::StepHooks{nullptr, nullptr, &events});
            if (game::HashState(state) != again.hash) {
                return Error{ErrorCode::SyncTestMismatch,
                             "sync test: tick " + std::to_string(u) + " re-simulated after a rollback of " +
                                 std::to_string(k) +
                                 " differs from its first pass: " + game::FirstDifference(again.first, state),
                             u};
            }
            ++report.comparedTicks;
            adapter.Save(state, again.saved);
        }
    }
    report.ticks = options.ticks;
    report.finalHash = game::HashState(state);
    return report;
}

std::string CompareDumps(std::string_view a, std::string_view b) {
    std::size_t ia = 0, ib = 0;
    while (ia < a.size() || ib < b.size()) {
        const std::size_t ea = std::min(a.find('\n', ia), a.size()), eb = std::min(b.find('\n', ib), b.size());
        const std::string_view la = a.substr(ia, ea - ia), lb = b.substr(ib, eb - ib);
        if (la != lb) {
            // "path value" lines: name the path, then both values (a missing line reads as "(none)").
            const std::size_t sa = la.find(' '), sb = lb.find(' ');
            const std::string_view path = !la.empty() ? la.substr(0, sa) : lb.substr(0, sb);
            const std::string_view va = la.empty() ? "(none)" : sa == std::string_view::npos ? "" : la.substr(sa + 1);
            const std::string_view vb = lb.empty() ? "(none)" : sb == std::string_view::npos ? "" : lb.substr(sb + 1);
            if (!la.empty() && !lb.empty() && la.substr(0, sa) != lb.substr(0, sb)) {
                return std::string(la) + " vs " + std::string(lb);  // different fields: not the same dump layout
            }
            return std::string(path) + ": " + std::string(va) + " vs " + std::string(vb);
        }
        ia = ea + 1;
        ib = eb + 1;
    }
    return "";
}

}  // namespace net
