// The sync test (`brawl --headless --synctest K --frames N`), GGPO's check that the simulation
// re-simulates exactly: every tick, the state K ticks back is restored and stepped forward again
// with the same inputs, and each re-simulated tick's hash must equal the first pass's. Both sides
// are driven as the command line says (CPU sides think; a human side stands still; --replay gives
// both sides' recorded inputs). A mismatch names the tick and the first field that differs.
#include "app/json_line.h"
#include "app/match_runner.h"
#include "app/scene.h"
#include "net/net.h"

namespace app {

namespace {

class SyncTestScene final : public Scene {
public:
    explicit SyncTestScene(const SceneArgs& args) : args_(args) {}

    void Tick(SceneContext&, const game::Inputs&) override {}
    void Render(SceneContext&) override {}
    bool Done() const override { return true; }  // the whole test runs in Finish

    RunReport Finish(SceneContext& ctx, std::int64_t) override {
        const Options& o = *ctx.options;
        game::MatchDefs defs;
        for (std::size_t i = 0; i < 2; ++i)
            defs.fighters[i] = &ctx.roster->At(static_cast<std::size_t>(args_.setup.fighter[i])).loaded.def;
        game::MatchConfig config = PlanFor(args_, o).config;
        if (args_.replay) config = args_.replay->config;
        const auto replay = args_.replay;
        const net::SyncTestInputs inputs = [replay](std::uint64_t tick, const game::MatchState&) {
            return replay && tick >= 1 && tick <= replay->inputs.size() ? replay->inputs[tick - 1] : game::Inputs{};
        };
        net::SyncTestOptions options;
        options.checkDistanceTicks = o.synctest.value_or(1);
        options.ticks = static_cast<std::uint64_t>(
            o.frames.value_or(replay ? static_cast<std::int64_t>(replay->inputs.size()) : 600));
        const auto result = net::RunSyncTest(defs, config, inputs, options);
        if (!result.Ok()) return {"", 1, result.GetError().ToLine()};
        const net::SyncTestReport& r = result.Value();
        const JsonLine line = {{"synctest", options.checkDistanceTicks},
                               {"frames", r.ticks},
                               {"compared_ticks", r.comparedTicks},
                               {"hash", Hex16(r.finalHash)},
                               {"mismatches", 0}};
        return {WriteJsonLine(line), 0, ""};
    }

private:
    SceneArgs args_;
};

}  // namespace

std::unique_ptr<Scene> MakeSyncTestScene(const SceneArgs& args) {
    return std::make_unique<SyncTestScene>(args);
}

}  // namespace app
