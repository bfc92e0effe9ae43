// The bumper scene: the DirectDraw seed's Bumper demo at scale (game/bumper.h), drawn scaled to the
// picture, with its overlay (the broad phase's grid and pairs). Esc pauses it.
#include "app/clock.h"
#include "app/json_line.h"
#include "app/scene.h"
#include "game/bumper.h"
#include "render/render.h"

namespace app {

namespace {

class BumperScene final : public Scene {
public:
    explicit BumperScene(const SceneArgs&) {}

    void Enter(SceneContext& ctx) override {
        shapes_ = game::MakeBumperShapes();
        state_ = game::NewBumper(shapes_, ctx.options->count, ctx.options->seed.value_or(1));
    }

    void Tick(SceneContext&, const game::Inputs&) override {
        // The clock goes to the statistics only (the overlay's microseconds), never to the scene.
        game::StepBumper(shapes_, state_, scratch_, &stats_, NowNanos);
    }

    void OnMenuMove(SceneContext& ctx, MenuMove move) override {
        if (move == MenuMove::Back) ctx.commands.push_back({debug::CommandKind::TogglePause});
    }

    void Render(SceneContext& ctx) override {
        if (art_.shapes.empty()) art_ = render::MakeBumperArt(ctx.renderer, shapes_);
        scale_ = render::DrawBumper(ctx.renderer, art_, shapes_, state_);
    }

    void Panel(SceneContext& ctx, const debug::ScreenMap& map) override {
        debug::ScreenMap world = map;
        world.scale *= scale_;
        overlay_.framesPerSecond = ctx.clock.framesPerSecond;
        debug::DrawBumper(overlay_, bumperOverlay_, *ctx.debug, ctx.commands, world, state_, stats_, scratch_);
    }

    RunReport Finish(SceneContext& ctx, std::int64_t frames) override {
        const JsonLine line = {{"scene", "bumper"},
                               {"frames", frames},
                               {"count", ctx.options->count},
                               {"contacts", state_.totalContacts},
                               {"hash", Hex16(game::HashBumper(state_))},
                               {"world", {state_.worldWidthPx, state_.worldHeightPx}}};
        return {WriteJsonLine(line), 0, ""};
    }

private:
    game::BumperShapes shapes_;
    game::BumperState state_;
    game::BumperScratch scratch_;
    game::BumperStats stats_;
    render::BumperArt art_;
    debug::Overlay overlay_;
    debug::BumperOverlay bumperOverlay_;
    float scale_ = 1.0f;
};

}  // namespace

std::unique_ptr<Scene> MakeBumperScene(const SceneArgs& args) {
    return std::make_unique<BumperScene>(args);
}

}  // namespace app
