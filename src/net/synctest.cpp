// The sync test (GGPO's) on the sessions' own sync layer, and the desync tools: re-simulating
// every tick K ticks later must give the first pass's hash, and two state dumps are compared line
// by line to name the first field that differs. Depends on game only.
// Invariant: the sync test compares full hashes of the live state, never of a saved copy, so a save
// that forgets a field shows up as a mismatch.
#include "net/net.h"
#include "net/sync_layer.h"

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
    const auto distance = static_cast<std::uint64_t>(k);
    // The layer keeps the states a rollback of K restores from (made by the adapter, as in a
    // session); the first pass's hashes of the last K + 1 ticks are this test's own record.
    SyncLayer sync(options.adapter);
    sync.Start(defs, config, distance + 1);
    std::vector<std::uint64_t> firstHashes(distance + 1);
    SyncTestReport report;
    for (std::uint64_t t = 1; t <= options.ticks; ++t) {
        const game::Inputs in = inputs(t, sync.Live());
        sync.AddInput(0, in[0]);
        sync.AddInput(1, in[1]);
        sync.Step();
        firstHashes[t % firstHashes.size()] = game::HashState(sync.Live());
        if (t < distance) continue;
        // Roll back K ticks and simulate them again.
        std::uint64_t mismatch = 0;
        game::MatchState again;
        sync.Resimulate(t - distance + 1, [&](std::uint64_t u, const SyncLayer::Slot&) {
            if (mismatch != 0) return;
            if (game::HashState(sync.Live()) == firstHashes[u % firstHashes.size()]) {
                ++report.comparedTicks;
            } else {
                mismatch = u;
                again = sync.Live();
            }
        });
        if (mismatch != 0) {
            // The first pass never restored anything: played straight from the start, it is the
            // state the re-simulation should have reached.
            game::MatchState first = game::NewMatch(defs, config);
            for (const game::Inputs& i : sync.FinalInputs(mismatch)) {
                options.adapter.Step(defs, first, i, game::StepHooks{});
            }
            return Error{ErrorCode::SyncTestMismatch,
                         "sync test: tick " + std::to_string(mismatch) + " re-simulated after a rollback of " +
                             std::to_string(k) + " differs from its first pass: " + game::FirstDifference(first, again),
                         mismatch};
        }
    }
    report.ticks = options.ticks;
    report.finalHash = game::HashState(sync.Live());
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
