// The options scene: the options menu on its own (`brawl --scene options`), over the title's
// backdrop; leaving it goes to the title. The title and the fight's pause menu open the same menu
// over themselves instead (options_menu.h), so a match is never left to change a setting.
#include "app/json_line.h"
#include "app/options_menu.h"
#include "app/scene.h"

namespace app {

namespace {

class OptionsScene final : public Scene {
public:
    explicit OptionsScene(const SceneArgs& args) : args_(args) {}

    void Enter(SceneContext& ctx) override {
        options_.Open(ctx);
        if (ctx.audio != nullptr) ctx.audio->Music(audio::Track::Title);
    }

    void Tick(SceneContext&, const game::Inputs&) override {}

    void OnMenuMove(SceneContext& ctx, MenuMove move) override {
        if (options_.Move(ctx, move)) ctx.switchTo = SceneSwitch{"title", args_};
    }

    void OnRawPress(SceneContext& ctx, const RawPress& press) override { options_.Press(ctx, press); }

    void Render(SceneContext& ctx) override { options_.Draw(ctx); }

    RunReport Finish(SceneContext&, std::int64_t frames) override {
        return {WriteJsonLine({{"scene", "options"}, {"frames", frames}}), 0, ""};
    }

private:
    SceneArgs args_;
    OptionsOverlay options_;
};

}  // namespace

std::unique_ptr<Scene> MakeOptionsScene(const SceneArgs& args) {
    return std::make_unique<OptionsScene>(args);
}

}  // namespace app
