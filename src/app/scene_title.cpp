// The title screen: the two chosen fighters in their idle loop and the menu that chooses who plays
// each side, with which fighter, how hard the CPU is; a mode's row (the scene table's label column:
// START, TRAINING, HOST ONLINE, SPECTATE) hands the setup to its scene. OPTIONS opens the options menu over it.
// The title loop plays.
#include "app/json_line.h"
#include "app/options_menu.h"
#include "app/scene.h"
#include "app/screens.h"
#include "game/text.h"
#include "net/net.h"

#include <cstdio>

namespace app {

namespace {

class TitleScene final : public Scene {
public:
    explicit TitleScene(const SceneArgs& args) : args_(args) {
        // Why the last scene came back here (an online opponent left), under the menu until the
        // next problem; the modes started from here do not carry it on.
        menu_.problem = game::OneLine(args_.notice, 100);
        args_.notice.clear();
    }

    void Enter(SceneContext& ctx) override {
        if (ctx.audio != nullptr) ctx.audio->Music(audio::Track::Title);
    }

    void Tick(SceneContext& ctx, const game::Inputs&) override {
        ++animTick_;
        ctx.textInput = menu_.editing;
    }

    void OnRawPress(SceneContext& ctx, const RawPress& press) override { options_.Press(ctx, press); }

    void OnMenuMove(SceneContext& ctx, MenuMove move) override {
        if (options_.open) {
            options_.Move(ctx, move);
            return;
        }
        if (move == MenuMove::Cancel && !menu_.editing) return;  // a pad's B never quits the game from the title
        if (!menu_.editing) MenuSound(ctx.audio, move);
        const std::vector<std::string> stages = ctx.stages != nullptr ? ctx.stages->Ids() : std::vector<std::string>{};
        switch (menu_.Apply(move, args_.setup, static_cast<int>(ctx.roster->Size()), stages)) {
            case TitleResult::Scene: {
                // A mode's row: its scene, with the setup. Online, the title's choice is to host on
                // the default port (JOIN, below, connects instead); the other modes ignore it.
                SceneArgs mode = args_;
                ResolveRandomStage(mode.setup, stages);
                mode.online = OnlineArgs{true, "", DEFAULT_ONLINE_PORT};
                ctx.switchTo = SceneSwitch{menu_.Row().scene, mode};
                break;
            }
            case TitleResult::Join: {
                // A bare host means the default port.
                const std::string text = menu_.address.find(':') == std::string::npos
                                             ? menu_.address + ":" + std::to_string(DEFAULT_ONLINE_PORT)
                                             : menu_.address;
                const auto where = net::ParseHostPort(text);
                if (!where.Ok()) {
                    menu_.problem = where.GetError().message;
                    menu_.editing = true;
                    break;
                }
                SceneArgs online = args_;
                online.online = OnlineArgs{false, where.Value().host, where.Value().port};
                ctx.switchTo = SceneSwitch{menu_.Row().scene, online};  // JOIN plays, SPECTATE watches
                break;
            }
            case TitleResult::Quit:
                ctx.quit = true;
                break;
            case TitleResult::Help:
                ctx.showHelp = true;
                break;
            case TitleResult::Options:
                options_.Open(ctx);
                break;
            case TitleResult::Stay:
                break;
        }
        ctx.textInput = menu_.editing;
    }

    [[nodiscard]] std::vector<std::string> MenuRows() const override {
        if (options_.open) return {};
        std::vector<std::string> labels;
        for (const TitleRow& row : TitleRows()) labels.push_back(row.label);
        return labels;
    }

    void OnMenuPick(SceneContext&, std::string_view label) override { menu_.Pick(label); }

    void OnText(SceneContext&, std::string_view text) override { menu_.Type(text); }

    void Render(SceneContext& ctx) override {
        DrawTitle(ctx.renderer, menu_, args_.setup, *ctx.roster, ctx.stages, animTick_, ctx.settings->bindings);
        options_.Draw(ctx);
    }

    RunReport Finish(SceneContext& ctx, std::int64_t frames) override {
        // What the fight's report says of the fighters too: what is loaded now and how reloads went.
        const JsonLine line = {{"scene", "title"},
                               {"frames", frames},
                               {"assets_hash", Hex16(ctx.roster->AssetsHash())},
                               {"reloads", ctx.clock.reloads},
                               {"reload_errors", ctx.clock.reloadErrors}};
        return {WriteJsonLine(line), 0, ""};
    }

private:
    SceneArgs args_;
    TitleMenu menu_;
    OptionsOverlay options_;
    int animTick_ = 0;
};

}  // namespace

std::unique_ptr<Scene> MakeTitleScene(const SceneArgs& args) {
    return std::make_unique<TitleScene>(args);
}

}  // namespace app
