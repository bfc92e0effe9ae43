// The training scene (brawl --training, the title's TRAINING): P1 plays (a person, the CPU with
// --p1 cpu, or a slot file with --p1-slot) against P2, the dummy of game/training.h, with the frame
// meter, the input displays, advantages and "missed by N px" on screen and, headless, in the JSON
// line. Player 2's controls are the training keys (help.h, TRAINING_KEYS): position resets, the
// block setting, recording a slot and playing it on the dummy. Esc opens the training menu (every
// setting, recording, resets, the move list, options); keys and menu edit one TrainingChoices
// (training_menu.h). Slots are kept as forward/back. The match itself is the runner's
// (match_runner.h); this scene is its rules (the dummy, refills, the fresh start after a KO).
#include "app/match_runner.h"
#include "app/options_menu.h"
#include "app/scene.h"
#include "app/screens.h"
#include "app/training_menu.h"
#include "game/text.h"
#include "game/training.h"
#include "render/render.h"

#include <cstdio>

namespace app {

namespace {

class TrainingScene final : public Scene, private MatchRules {
public:
    explicit TrainingScene(const SceneArgs& args) : args_(args) {}

    void Enter(SceneContext& ctx) override {
        const Options& o = *ctx.options;
        settings_.dummy = 1;
        choices_.stance = o.dummy;
        choices_.block = o.dummyBlock;
        choices_.recovery = o.dummyRecovery;
        choices_.reset = o.dummyStart;
        start_ = o.dummyStart;
        recordPath_ = o.recordPath;
        // A slot that cannot be read stops the run with its line (the match is set up all the same,
        // so that nothing drawn or reported finds it missing).
        auto p1 = ChooseSource(ctx, args_.setup.controllers[0], o.p1SlotPath, false);
        if (!o.dummySlotPath.empty()) {
            if (auto slot = LoadSlotFile(o.dummySlotPath); slot.Ok()) {
                settings_.slots[0] = std::move(slot).Value();
                choices_.slot = 0;
                choices_.playback = Playback::Looped;
            } else {
                ctx.stop = RunReport{"", 1, slot.GetError()};
            }
        }
        // A window keeps the four slots between sessions, a file each (headless never: its are the flags').
        if (!o.headless) slotsFolder_ = SlotsFolder();
        if (slotsFolder_) {
            for (std::string& line : LoadKeptSlots(*slotsFolder_, settings_.slots)) ctx.notices.push_back(line);
        }
        ApplyChoices(choices_, settings_);
        // Headless, nobody presses RECORD: the whole run is the recording, unless --menu's moves
        // record (then they say when, as a player in a window would).
        recording_ = !recordPath_.empty() && o.headless && o.menuMoves.empty();
        runner_.Open(ctx, false);
        runner_.SetRules(*this);
        runner_.SetSources({std::move(p1), nullptr});  // the dummy's input is the rules' (StepTraining)
        MatchPlan plan = PlanFor(args_, o);
        plan.config.controllers[1] = game::Controller::Human;  // the dummy is driven here
        runner_.Begin(ctx, std::move(plan));
    }

    bool Ticking() const override { return !menuOpen_ && !options_.open; }

    void Tick(SceneContext& ctx, const game::Inputs& controls) override {
        TrainingKeys(ctx, controls[1]);
        runner_.Tick(ctx, {controls[0], game::Input{}});
    }

    void OnMenuMove(SceneContext& ctx, MenuMove move) override {
        // A pad's B backs out of the menus; in training it is player 1's kick, so it never opens one.
        if (move == MenuMove::Cancel) {
            if (!menuOpen_) return;
            move = MenuMove::Back;
        }
        if (options_.open) {
            options_.Move(ctx, move);  // closing it goes back to the training menu
            return;
        }
        if (!menuOpen_) {
            if (move == MenuMove::Back) {
                menuOpen_ = true;
                menu_.Open();
            }
            if (move == MenuMove::Help) ctx.showHelp = true;
            return;
        }
        MenuSound(ctx.audio, move);
        const TrainingChoices before = choices_;
        switch (menu_.Apply(move, choices_, recording_)) {
            case TrainingMenuResult::Stay:
                break;
            case TrainingMenuResult::Resume:
                menuOpen_ = false;
                break;
            case TrainingMenuResult::Request:
                menuOpen_ = false;
                Carry(ctx, menu_.Request());
                break;
            case TrainingMenuResult::Options:
                options_.Open(ctx);
                break;
            case TrainingMenuResult::Help:
                ctx.showHelp = true;
                break;
            case TrainingMenuResult::QuitToTitle:
                ctx.switchTo = SceneSwitch{"title", args_};
                break;
        }
        Choose(before);
    }

    void OnRawPress(SceneContext& ctx, const RawPress& press) override { options_.Press(ctx, press); }

    void OnCommand(SceneContext& ctx, const debug::Command& c) override {
        if (c.kind == debug::CommandKind::ResetRound) Reset();
        runner_.Command(ctx, c);
    }

    void OnClick(SceneContext& ctx, collide::Point world) override { runner_.Click(ctx, world); }

    void OnReload(SceneContext& ctx, const ReloadNews& news) override { runner_.Reloaded(ctx, news); }

    void Render(SceneContext& ctx) override {
        runner_.Draw(ctx);
        // In the menu's words: while a slot plays, the stance it goes back to and PLAYING.
        const std::string line = TrainingStatusLine(choices_, recording_);
        render::DrawTrainingHud(ctx.renderer, runner_.Defs(), observer_, {line});
        if (menuOpen_ && !options_.open) {
            if (menu_.MoveListOpen()) {
                moveList_.Draw(ctx.renderer, runner_.Defs());
            } else {
                DrawTrainingMenu(ctx.renderer, menu_, choices_, recording_, SlotTicks(),
                                 ctx.settings != nullptr ? ctx.settings->bindings : Bindings::Defaults());
            }
        }
        options_.Draw(ctx);
    }

    void Panel(SceneContext& ctx, const debug::ScreenMap& map) override { runner_.Panel(ctx, map); }

    std::vector<std::string> HelpKeys(const Bindings& bindings) const override { return TrainingKeyLines(bindings); }

    bool Leave(SceneContext& ctx) override { return SaveSlot(ctx); }

    RunReport Finish(SceneContext& ctx, std::int64_t frames) override {
        RunReport report;
        if (!SaveSlot(ctx)) {
            report.exitCode = 1;
            return report;
        }
        // One training session is one match that never finishes: its totals are the session's.
        JsonLine line = runner_.Report(ctx, frames);
        line["training"] = TrainingJson();
        report.json = WriteJsonLine(line);
        return report;
    }

private:
    // ---- the rules (MatchRules): the dummy plays P2, the round never ends, refills ----------------------

    game::MatchState Start(const game::MatchDefs& defs, const game::MatchConfig& config) override {
        config_ = config;
        game::MatchState state = game::NewTrainingMatch(defs, config, training_);
        if (start_ != game::ResetPlace::Mid) game::ResetPositions(defs, state, settings_, start_);
        return state;
    }

    void Step(const game::MatchDefs& defs, game::MatchState& state, const game::Inputs& inputs,
              const game::StepHooks& hooks) override {
        facing_ = state.fighters[0].facing;  // P1's slot is recorded as it faced when the input was read
        (void)game::StepTraining(defs, state, settings_, training_, inputs, hooks);
    }

    void After(MatchRunner& runner) override {
        const game::MatchState& state = runner.State();
        // The input as the step took it (a CPU's own), as P1 faced when it was read.
        if (recording_) {
            recordedSlot_ = settings_.slot;  // the slot cannot change while it records
            settings_.slots[static_cast<std::size_t>(settings_.slot)].inputs.push_back(
                game::ToForwardBack(game::Input{state.fighters[0].heldBits}, facing_));
            unsaved_ = true;
        }
        observer_.Observe(runner.Defs(), state, runner.Events());
        if (state.phase == game::Phase::MatchOver || state.phase == game::Phase::RoundEnd) {
            // A combo that knocked the dummy out: training goes on from the last reset's place.
            game::MatchState fresh = game::NewTrainingMatch(runner.Defs(), config_, training_);
            game::ResetPositions(runner.Defs(), fresh, settings_, start_);
            runner.Renew(std::move(fresh));
        }
    }

    void Reset() { game::ResetPositions(runner_.Defs(), runner_.State(), settings_, start_); }

    // Player 2's controls, pressed this tick (an edge), as the training keys.
    void TrainingKeys(SceneContext& ctx, game::Input keys) {
        const std::uint8_t pressed = keys.bits & ~lastKeys_;
        lastKeys_ = keys.bits;
        if (pressed == 0) return;
        const TrainingChoices before = choices_;
        Carry(ctx, ApplyTrainingKeys(pressed, recording_, choices_));
        Choose(before);
    }

    // Recording and resets, asked for by a key or the menu.
    void Carry(SceneContext& ctx, const TrainingRequest& request) {
        if (request.toggleRecording) {
            if (recording_) {
                recording_ = false;
                SaveSlot(ctx);
            } else {
                // The slot being recorded is not also played: the dummy goes back to its stance.
                settings_.slots[static_cast<std::size_t>(choices_.slot)].inputs.clear();
                choices_.playback = Playback::Off;
                recording_ = true;
            }
        }
        if (request.savePosition) game::SaveCustomPosition(runner_.State(), settings_);
        if (request.resetAt) {
            start_ = *request.resetAt;
            Reset();
        }
    }

    // The choices into the settings; a slot that changed, or playback switched, plays from its start.
    void Choose(const TrainingChoices& before) {
        if (choices_.slot != before.slot || choices_.playback != before.playback) training_.slotAt = 0;
        ApplyChoices(choices_, settings_);
    }

    [[nodiscard]] std::array<std::size_t, game::SLOT_COUNT> SlotTicks() const {
        std::array<std::size_t, game::SLOT_COUNT> ticks{};
        for (std::size_t i = 0; i < ticks.size(); ++i) ticks[i] = settings_.slots[i].inputs.size();
        return ticks;
    }

    // Writes the slot recorded last, in the replay format (P1's column: forward/back), to its own
    // file (a window's) and to --record's. False: --record's could not be written.
    bool SaveSlot(SceneContext& ctx) {
        const game::Slot& slot = settings_.slots[static_cast<std::size_t>(recordedSlot_)];
        if (slot.inputs.empty() || !unsaved_) return true;
        const game::Replay out =
            SlotReplay(slot, {runner_.Defs().fighters[0]->id, runner_.Defs().fighters[1]->id}, config_);
        const auto kept = slotsFolder_ ? WriteSlotFile(SlotFilePath(*slotsFolder_, recordedSlot_), out) : std::nullopt;
        if (kept) ctx.notices.push_back(*kept);  // a kept slot unwritten is said, and the session goes on
        if (!recordPath_.empty() && !WriteReplayFile(recordPath_, out)) return false;
        unsaved_ = false;
        if (!recordPath_.empty())
            ctx.notices.push_back("brawl: recorded a slot of " + std::to_string(slot.inputs.size()) + " ticks to " +
                                  game::PrintablePath(recordPath_));
        return true;
    }

    [[nodiscard]] JsonLine TrainingJson() const {
        JsonLine t = JsonLine::object();
        t["dummy"] = game::NameOf(game::DUMMY_STANCE_NAMES, settings_.stance);
        t["block"] = game::NameOf(game::DUMMY_BLOCK_NAMES, settings_.block);
        t["recovery"] = game::NameOf(game::DUMMY_RECOVERY_NAMES, settings_.recovery);
        t["start"] = game::NameOf(game::RESET_PLACE_NAMES, start_);
        t["refill"] = choices_.refill;
        t["slot"] = choices_.slot + 1;
        t["playback"] = game::NameOf(PLAYBACK_NAMES, choices_.playback);
        t["slot_ticks"] = SlotTicks();
        // What the observer saw: the frame meter, advantages, whiffs, the input displays.
        AddObserverReport(t, runner_.Defs(), observer_);
        return t;
    }

    SceneArgs args_;
    MatchRunner runner_;
    game::MatchConfig config_;  ///< the match's, as it started (a fresh start after a KO takes it again)
    game::TrainingSettings settings_;
    game::TrainingState training_;
    game::TrainingObserver observer_;
    game::ResetPlace start_ = game::ResetPlace::Mid;  ///< where the dummy starts (--dummy-start, the last reset)
    game::Facing facing_ = game::Facing::Right;       ///< P1's, before the last step
    std::string recordPath_;
    bool recording_ = false;
    bool unsaved_ = false;                    ///< the slot recorded last is not in its files yet
    std::int32_t recordedSlot_ = 0;           ///< the slot recorded last
    std::optional<std::string> slotsFolder_;  ///< a window's kept slots (SlotsFolder); headless none
    TrainingChoices choices_;
    TrainingMenu menu_;
    MoveListPage moveList_;
    bool menuOpen_ = false;
    OptionsOverlay options_;
    std::uint8_t lastKeys_ = 0;
};

}  // namespace

std::unique_ptr<Scene> MakeTrainingScene(const SceneArgs& args) {
    return std::make_unique<TrainingScene>(args);
}

}  // namespace app
