// The fight scene: a match of the match runner at a time, with its pause menu and the options
// menu over it. P1 and P2 are the keys or pads, the CPU (--p1, --p2, the title's rows) or a slot
// file played over and over (--p1-slot, --p2-slot); --replay plays a replay's both sides instead (paused at its end in
// a window, scrubbed by P1's keys). What every mode shares (sources, recording, the event log, sounds, the overlay,
// drawing, the report) is the runner's (match_runner.h); this file holds the fight's menus and its rematches.
#include "app/match_runner.h"
#include "app/options_menu.h"
#include "app/scene.h"
#include "app/screens.h"
#include "game/text.h"

namespace app {

namespace {

class FightScene final : public Scene {
public:
    explicit FightScene(const SceneArgs& args) : args_(args) {}

    void Enter(SceneContext& ctx) override {
        matchLimit_ = ctx.options->matches.value_or(0);
        runner_.Open(ctx, true);
        // A slot file plays a side over and over (--p1-slot, --p2-slot), else the CPU or the keys.
        runner_.SetSources({ChooseSource(ctx, args_.setup.controllers[0], ctx.options->p1SlotPath, true),
                            ChooseSource(ctx, args_.setup.controllers[1], ctx.options->p2SlotPath, true)});
        MatchPlan plan = PlanFor(args_, *ctx.options);
        plan.replay = args_.replay;
        runner_.Begin(ctx, std::move(plan));
    }

    bool Ticking() const override { return !pauseOpen_; }
    bool DrawsWholePicture(const SceneContext& ctx) const override { return runner_.DrawsWholePicture(ctx); }

    /// --matches N: a headless run is over when its Nth match has finished.
    bool Done() const override { return matchLimit_ > 0 && runner_.Totals().matchesFinished >= matchLimit_; }

    void Tick(SceneContext& ctx, const game::Inputs& controls) override {
        runner_.Tick(ctx, controls, args_.rematchAfterTicks);
    }

    void OnMenuMove(SceneContext& ctx, MenuMove move) override {
        // A pad's B backs out of the pause menu; in a fight it kicks, so it never pauses one.
        if (move == MenuMove::Cancel) {
            if (!pauseOpen_) return;
            move = MenuMove::Back;
        }
        if (options_.open) {
            options_.Move(ctx, move);  // closing it goes back to the pause menu
            return;
        }
        const bool over = runner_.State().phase == game::Phase::MatchOver;
        if (pauseOpen_) {
            MenuSound(ctx.audio, move);
            Pause(ctx, pause_.Apply(move));
        } else if (over && move == MenuMove::Confirm) {
            runner_.Rematch(ctx);
        } else if (move == MenuMove::Back) {
            if (over) {
                ctx.switchTo = SceneSwitch{"title", TitleArgs()};
            } else {
                pauseOpen_ = true;
                pause_.cursor = 0;
            }
        } else if (move == MenuMove::Help) {
            ctx.showHelp = true;
        }
    }

    [[nodiscard]] std::vector<std::string> MenuRows() const override {
        if (!pauseOpen_ || options_.open || pause_.moveList) return {};
        return {std::begin(PAUSE_ROWS), std::end(PAUSE_ROWS)};
    }

    void OnMenuPick(SceneContext&, std::string_view label) override { pause_.Pick(label); }

    void OnRawPress(SceneContext& ctx, const RawPress& press) override { options_.Press(ctx, press); }

    void OnCommand(SceneContext& ctx, const debug::Command& c) override {
        if (c.kind == debug::CommandKind::ResetRound) runner_.RestartRound(ctx);
        runner_.Command(ctx, c);
    }

    void OnClick(SceneContext& ctx, collide::Point world) override { runner_.Click(ctx, world); }

    void OnReload(SceneContext& ctx, const ReloadNews& news) override { runner_.Reloaded(ctx, news); }

    void Render(SceneContext& ctx) override {
        runner_.Draw(ctx);
        if (pauseOpen_ && !options_.open) DrawPause(ctx.renderer, pause_, runner_.Defs());
        options_.Draw(ctx);
    }

    void Panel(SceneContext& ctx, const debug::ScreenMap& map) override { runner_.Panel(ctx, map); }

    bool Leave(SceneContext& ctx) override { return runner_.SaveRecording(ctx); }

    RunReport Finish(SceneContext& ctx, std::int64_t frames) override {
        RunReport report;
        if (!runner_.SaveRecording(ctx)) {
            report.exitCode = 1;
            return report;
        }
        JsonLine line = runner_.Report(ctx, frames);
        const std::optional<bool> replayOk = runner_.ReplayHashMatches(frames);
        if (replayOk) line["replay_hash_matches"] = *replayOk;
        report.json = WriteJsonLine(line);
        if (replayOk == false) {
            // The same inputs ended elsewhere: other fighters' files, or the rules changed since.
            report.exitCode = 1;
            report.errorLine = "error: " + game::PrintablePath(ctx.options->replayPath) + ": the replay ends in hash " +
                               Hex16(game::HashState(runner_.State())) + ", not the recorded " +
                               Hex16(*args_.replay->finalHash) +
                               " (its fighters' files or the game changed since it was recorded)";
        }
        return report;
    }

private:
    // Back to the title with the same choices (a replay played is done with).
    [[nodiscard]] SceneArgs TitleArgs() const {
        SceneArgs back = args_;
        back.replay.reset();
        return back;
    }

    void Pause(SceneContext& ctx, PauseResult result) {
        switch (result) {
            case PauseResult::Resume:
                pauseOpen_ = false;
                break;
            case PauseResult::Restart:
                pauseOpen_ = false;
                runner_.Restart(ctx);
                break;
            case PauseResult::Help:
                ctx.showHelp = true;
                break;
            case PauseResult::Options:
                options_.Open(ctx);
                break;
            case PauseResult::QuitToTitle:
                ctx.switchTo = SceneSwitch{"title", TitleArgs()};
                break;
            case PauseResult::Stay:
                break;
        }
    }

    SceneArgs args_;
    MatchRunner runner_;
    PauseMenu pause_;
    bool pauseOpen_ = false;
    OptionsOverlay options_;
    int matchLimit_ = 0;  ///< --matches N: done when N have finished; 0 none
};

}  // namespace

std::unique_ptr<Scene> MakeFightScene(const SceneArgs& args) {
    return std::make_unique<FightScene>(args);
}

}  // namespace app
