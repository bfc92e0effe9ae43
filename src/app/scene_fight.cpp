// The fight scene: one match of game::StepMatch at a time, its pause menu, the overlay, replays
// (--replay: both sides from a file, paused at its end) and recording (--record: the match's
// inputs and final hash), the event log (--log-events), and what a hot reload means for a match in
// progress (the state is conformed to the new definitions, and a recording ends: a replay could
// not repeat a reload). Sound: each tick's events once (audio::RollbackVoices), the stage loop; the
// pause menu opens the options menu over the paused match. A replay is a timeline (game/seek.h):
// P1's controls scrub it (left/right a tick at a time, up/down a second, punch plays or pauses) and,
// with the overlay on, a seek bar in the panel jumps anywhere; the overlay shows each tick as played.
#include "app/clock.h"
#include "app/match_report.h"
#include "app/options_menu.h"
#include "app/scene.h"
#include "app/screens.h"
#include "assets/files.h"
#include "game/seek.h"
#include "game/text.h"
#include "render/render.h"

#include <imgui.h>

#include <cstdio>

namespace app {

namespace {

// One match in progress: the definitions it plays with, its state, its last tick's debug record
// and events, and the inputs it has seen (for --record).
struct Match {
    game::MatchDefs defs;
    std::array<int, 2> fighter{0, 1};
    game::MatchState state;
    game::DebugRecord debug;
    game::EventList events;
    game::MatchConfig config;          ///< as the match started (a replay's config)
    std::vector<game::Inputs> inputs;  ///< every tick's inputs, while recording
    std::int64_t replayTick = 0;       ///< --replay: the next replay tick to play
};

class FightScene final : public Scene {
public:
    explicit FightScene(const SceneArgs& args) : args_(args) {}
    ~FightScene() override {
        if (eventLog_ != nullptr && eventLog_ != stderr) std::fclose(eventLog_);
    }

    void Enter(SceneContext& ctx) override {
        const std::string& logPath = ctx.options->eventLogPath;
        if (!logPath.empty() && eventLog_ == nullptr) {
            if (logPath == "-") {
                eventLog_ = stderr;
            } else if (auto log = assets::OpenOutputStream(logPath); log.Ok()) {  // never a FIFO (files.h)
                eventLog_ = std::move(log).Value().release();
            } else {
                std::fprintf(stderr, "%s\n", log.GetError().ToLine().c_str());
            }
        }
        sounds_.Open(ctx.audio);
        StartMatch(ctx);
    }

    bool Ticking() const override { return !pauseOpen_; }

    /// --matches N: a headless run is over when its Nth match has finished.
    bool Done() const override { return matchLimit_ > 0 && Totals().matchesFinished >= matchLimit_; }

    void Tick(SceneContext& ctx, const game::Inputs& controls) override {
        if (timeline_ && ScrubReplay(ctx, controls[0])) return;
        const game::Inputs inputs = args_.replay ? NextReplayInputs() : controls;
        if (timeline_ && match_.replayTick <= timeline_->Length()) {
            // Played through the timeline, so that any tick already played can be gone back to.
            timeline_->SeekTo(match_.replayTick, game::StepHooks{&match_.debug, NowNanos, &match_.events});
            match_.state = timeline_->State();
        } else {
            game::StepMatch(match_.defs, match_.state, inputs,
                            game::StepHooks{&match_.debug, NowNanos, &match_.events});
        }
        if (Recording()) match_.inputs.push_back(inputs);
        overlay_.framesPerSecond = ctx.clock.framesPerSecond;
        debug::Observe(overlay_, match_.debug, match_.events.View(), match_.defs);
        LogEvents();
        sounds_.Hear(match_.state, match_.events.View());
        if (args_.replay && match_.replayTick == static_cast<std::int64_t>(args_.replay->inputs.size()) &&
            !replayOverSaid_) {
            replayOverSaid_ = true;
            // The last recorded tick stays on screen, where P1's controls can scrub back (a
            // headless run goes on with neutral inputs, as it always has).
            if (!ctx.options->headless) replayPaused_ = true;
            const bool same = args_.replay->finalHash && game::HashState(match_.state) == *args_.replay->finalHash;
            ctx.notices.push_back("brawl: the replay is over (" + std::to_string(match_.replayTick) + " ticks)" +
                                  (!args_.replay->finalHash ? ""
                                   : same                   ? ": the final hash matches the recording"
                                                            : ": the final hash differs from the recording"));
        }
        // Attract mode: a finished match is followed by the next, each with the next seed. Not
        // while following a replay or recording one (either would stop describing the run).
        overTicks_ = match_.state.phase == game::Phase::MatchOver ? overTicks_ + 1 : 0;
        if (args_.rematchAfterTicks > 0 && !args_.replay && ctx.options->recordPath.empty() &&
            overTicks_ >= args_.rematchAfterTicks) {
            ++matchesDone_;
            StartMatch(ctx);
        }
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
        if (pauseOpen_) {
            MenuSound(ctx.audio, move);
            switch (pause_.Apply(move)) {
                case PauseResult::Resume:
                    pauseOpen_ = false;
                    break;
                case PauseResult::Restart:
                    pauseOpen_ = false;
                    StartMatch(ctx);
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
        } else if (match_.state.phase == game::Phase::MatchOver && move == MenuMove::Confirm) {
            ++matchesDone_;
            StartMatch(ctx);  // a rematch
        } else if (move == MenuMove::Back) {
            if (match_.state.phase == game::Phase::MatchOver) {
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
        switch (c.kind) {
            case debug::CommandKind::ResetRound:
                EndRecording(ctx, "the round was reset");
                game::RestartRound(match_.defs, match_.state);
                break;
            case debug::CommandKind::CycleDetection:
            case debug::CommandKind::SetDetection: {
                const game::DetectionMode next = c.kind == debug::CommandKind::SetDetection
                                                     ? c.detection
                                                     : debug::NextDetection(match_.state.config.detection);
                if (next == match_.state.config.detection) break;
                EndRecording(ctx, "the detection mode changed");
                match_.state.config.detection = next;
                break;
            }
            default:
                break;
        }
    }

    void OnClick(SceneContext& ctx, collide::Point world) override {
        if (ctx.debug->overlay) overlay_.selected = game::PickFighter(match_.defs, match_.state, world.x, world.y);
    }

    void OnReload(SceneContext& ctx, const ReloadNews& news) override {
        overlay_.reloadMessages.push_back(news.line);
        if (overlay_.reloadMessages.size() > 6) overlay_.reloadMessages.erase(overlay_.reloadMessages.begin());
        if (!news.ok) return;
        // The definitions changed under the match: a state left pointing at a removed move or
        // animation would read past the end of the new definition on the next tick.
        EndRecording(ctx, "a fighter was reloaded");
        game::ConformToDefs(match_.defs, match_.state);
    }

    void Render(SceneContext& ctx) override {
        std::array<const render::FighterArt*, 2> art{};
        for (std::size_t i = 0; i < 2; ++i) art[i] = &ctx.roster->At(static_cast<std::size_t>(match_.fighter[i])).art;
        // A mirror match: the second of two alike wears the alternate palette.
        const bool mirrorMatch = match_.fighter[0] == match_.fighter[1];
        render::DrawMatch(ctx.renderer, match_.defs, art, match_.state, ctx.debug->view, {false, mirrorMatch});
        render::DrawHud(ctx.renderer, match_.defs, match_.state);
        if (timeline_) DrawSeekBar(ctx.renderer);
        if (pauseOpen_ && !options_.open) DrawPause(ctx.renderer, pause_, match_.defs);
        options_.Draw(ctx);
    }

    void Panel(SceneContext& ctx, const debug::ScreenMap& map) override {
        debug::Draw(overlay_, *ctx.debug, ctx.commands, map, match_.defs, match_.state);
        if (timeline_ && ctx.debug->overlay) {
            // The seek bar: any tick, re-simulated from the nearest saved state, the overlay live.
            ImGui::SetNextWindowPos(map.ToScreen(10.0f, 290.0f), ImGuiCond_FirstUseEver);
            ImGui::SetNextWindowSize(ImVec2((game::STAGE_WIDTH_PX - 20) * map.scale, 0.0f), ImGuiCond_FirstUseEver);
            ImGui::Begin("Replay");
            int tick = static_cast<int>(timeline_->Tick());
            if (ImGui::SliderInt("tick", &tick, 0, static_cast<int>(timeline_->Length()))) {
                replayPaused_ = true;
                SeekReplay(ctx, tick);
            }
            ImGui::SameLine();
            if (ImGui::Button(replayPaused_ ? "play" : "pause")) replayPaused_ = !replayPaused_;
            ImGui::End();
        }
    }

    bool Leave(SceneContext& ctx) override { return SaveRecording(ctx); }

    RunReport Finish(SceneContext& ctx, std::int64_t frames) override {
        RunReport report;
        if (!SaveRecording(ctx)) {
            report.exitCode = 1;
            return report;
        }
        const game::MatchState& s = match_.state;
        std::optional<bool> replayOk;
        if (args_.replay && args_.replay->finalHash && frames == static_cast<std::int64_t>(args_.replay->inputs.size()))
            replayOk = game::HashState(s) == *args_.replay->finalHash;
        RunTotals totals = Totals();
        for (std::size_t i = 0; i < 2; ++i)
            totals.fighters[i] = ctx.roster->At(static_cast<std::size_t>(match_.fighter[i])).loaded.def.id;
        JsonLine line = MatchReport(
            s, {frames, matchesDone_ + 1, ctx.roster->AssetsHash(), ctx.clock.reloads, ctx.clock.reloadErrors}, totals);
        if (replayOk) line["replay_hash_matches"] = *replayOk;
        report.json = WriteJsonLine(line);
        if (replayOk == false) {
            // The same inputs ended elsewhere: other fighters' files, or the rules changed since.
            report.exitCode = 1;
            report.errorLine = "error: " + game::PrintablePath(ctx.options->replayPath) + ": the replay ends in hash " +
                               Hex16(game::HashState(s)) + ", not the recorded " + Hex16(*args_.replay->finalHash) +
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

    [[nodiscard]] bool Recording() const { return !recordPath_.empty() && !recordingDone_; }

    // The run's sums: the matches already replaced plus the current one.
    [[nodiscard]] RunTotals Totals() const {
        RunTotals t;
        for (std::size_t i = 0; i < 2; ++i) t.hits[i] = earlierHits_[i] + match_.state.stats.hits[i];
        t.matchesFinished = matchesFinished_ + (match_.state.phase == game::Phase::MatchOver ? 1 : 0);
        return t;
    }

    void StartMatch(SceneContext& ctx) {
        // The match being replaced adds to the run's totals (none before the first).
        if (!match_.defs.fighters[0]) {
            matchLimit_ = ctx.options->matches.value_or(0);
        } else {
            for (std::size_t i = 0; i < 2; ++i) earlierHits_[i] += match_.state.stats.hits[i];
            if (match_.state.phase == game::Phase::MatchOver) ++matchesFinished_;
        }
        SaveRecording(ctx);  // a rematch: the file keeps the match just played until the next one ends
        recordPath_ = ctx.options->recordPath;
        recordingDone_ = false;
        replayOverSaid_ = false;
        overTicks_ = 0;
        match_ = Match{};
        match_.fighter = args_.setup.fighter;
        for (std::size_t i = 0; i < 2; ++i)
            match_.defs.fighters[i] = &ctx.roster->At(static_cast<std::size_t>(match_.fighter[i])).loaded.def;
        game::MatchConfig config;
        config.controllers = args_.setup.controllers;
        config.cpuLevel = args_.setup.cpuLevel;
        config.seed = args_.setup.seed + static_cast<std::uint64_t>(matchesDone_);
        if (ctx.options->detection) config.detection = *ctx.options->detection;
        if (args_.replay) config = args_.replay->config;  // the recorded match exactly
        match_.config = config;
        match_.state = game::NewMatch(match_.defs, config);
        timeline_.reset();
        replayPaused_ = false;
        if (args_.replay) timeline_ = std::make_unique<game::ReplayTimeline>(match_.defs, config, args_.replay->inputs);
        sounds_.Bind(match_.defs);
        overlay_.held.clear();
        overlay_.log.clear();
    }

    // P1's controls scrub a replay (no one plays in one): punch plays or pauses, left and right held
    // step a tick back or on, down and up jump a second. True when this tick was a scrub (or a
    // paused tick), which then replaces playing on.
    bool ScrubReplay(SceneContext& ctx, game::Input keys) {
        const std::uint8_t pressed = keys.bits & ~scrubKeys_;
        scrubKeys_ = keys.bits;
        if (pressed & game::Input::PUNCH) replayPaused_ = !replayPaused_;
        std::int64_t target = timeline_->Tick();
        if (keys.Has(game::Input::LEFT)) target -= 1;
        if (keys.Has(game::Input::RIGHT)) target += 1;
        if (pressed & game::Input::DOWN) target -= game::TICK_HZ;
        if (pressed & game::Input::UP) target += game::TICK_HZ;
        target = std::clamp<std::int64_t>(target, 0, timeline_->Length());
        if (target != timeline_->Tick()) {
            replayPaused_ = true;
            SeekReplay(ctx, target);
            return true;
        }
        return replayPaused_;
    }

    // Shows replay tick `tick` (a scrub: a recording of this run ends, it would not replay).
    void SeekReplay(SceneContext& ctx, std::int64_t tick) {
        EndRecording(ctx, "the replay was scrubbed");
        recordingDone_ = true;
        timeline_->SeekTo(tick, game::StepHooks{&match_.debug, NowNanos, &match_.events});
        match_.state = timeline_->State();
        match_.replayTick = timeline_->Tick();
        debug::Observe(overlay_, match_.debug, match_.events.View(), match_.defs);
    }

    // The replay's position under the HUD's timer: a bar, the tick, and the scrub keys.
    void DrawSeekBar(SDL_Renderer* r) const {
        constexpr int X = 120, Y = 352, W = 400, H = 4;
        const SDL_Rect back{X, Y, W, H};
        SDL_SetRenderDrawColor(r, 20, 20, 28, 255);
        SDL_RenderFillRect(r, &back);
        const std::int64_t n = std::max<std::int64_t>(timeline_->Length(), 1);
        const SDL_Rect done{X, Y, static_cast<int>(W * timeline_->Tick() / n), H};
        SDL_SetRenderDrawColor(r, 255, 214, 90, 255);
        SDL_RenderFillRect(r, &done);
        std::string text = "REPLAY ";
        text.append(std::to_string(timeline_->Tick())).append(" / ").append(std::to_string(timeline_->Length()));
        text.append(replayPaused_ ? "  PAUSED" : "").append("  P1 LEFT/RIGHT: SCRUB  UP/DOWN: 1 S  PUNCH: PLAY");
        render::DrawTextOutlined(r, (game::STAGE_WIDTH_PX - render::TextWidth(text)) / 2, Y - 10, text,
                                 SDL_Color{220, 220, 220, 255});
    }

    // The next tick's inputs from the replay (neutral once it has run out).
    game::Inputs NextReplayInputs() {
        const auto t = static_cast<std::size_t>(match_.replayTick++);
        return t < args_.replay->inputs.size() ? args_.replay->inputs[t] : game::Inputs{};
    }

    // Writes this match's replay: the fighters, the config it started with, every tick's inputs and
    // the hash they end in. Once per match (later calls do nothing until the next match starts).
    bool SaveRecording(SceneContext& ctx) {
        if (!Recording() || match_.inputs.empty() || match_.defs.fighters[0] == nullptr) return true;
        recordingDone_ = true;
        game::Replay out;
        out.fighterIds = {match_.defs.fighters[0]->id, match_.defs.fighters[1]->id};
        out.config = match_.config;
        out.inputs = match_.inputs;
        out.finalHash = game::HashState(match_.state);
        // Whole or not at all, and never into a FIFO or a device (files.h).
        if (const auto error = assets::WriteOutputFile(recordPath_, game::FormatReplay(out))) {
            std::fprintf(stderr, "%s\n", error->ToLine().c_str());
            return false;
        }
        ctx.notices.push_back("brawl: recorded " + std::to_string(out.inputs.size()) + " ticks to " +
                              game::PrintablePath(recordPath_));
        return true;
    }

    // A replay holds inputs only: a reset, a detection switch or a reload would not replay, so the
    // recording ends (and is written) just before one.
    void EndRecording(SceneContext& ctx, const char* why) {
        if (!Recording() || match_.inputs.empty()) return;
        std::fprintf(stderr, "brawl: the recording ends at tick %zu: %s, which a replay cannot repeat\n",
                     match_.inputs.size(), why);
        SaveRecording(ctx);
    }

    // Every event of the tick, heard once: offline each tick is final as soon as it is simulated.
    // --log-events: every event of the tick as one JSON line.
    void LogEvents() {
        if (eventLog_ == nullptr) return;
        for (const game::Event& e : match_.events.View())
            std::fprintf(eventLog_, "%s\n", WriteJsonLine(EventJson(match_.defs, e)).c_str());
        std::fflush(eventLog_);
    }

    SceneArgs args_;
    Match match_;
    debug::Overlay overlay_;
    PauseMenu pause_;
    bool pauseOpen_ = false;
    OptionsOverlay options_;
    MatchSounds sounds_;
    std::string recordPath_;
    bool recordingDone_ = false;  ///< this match's file is written; no more ticks go in
    bool replayOverSaid_ = false;
    int matchesDone_ = 0;                        ///< matches finished before the current one
    std::array<std::int32_t, 2> earlierHits_{};  ///< hits of the matches already replaced
    int matchesFinished_ = 0;                    ///< of those, the ones that reached their end
    int matchLimit_ = 0;                         ///< --matches N: done when N have finished; 0 none
    std::int64_t overTicks_ = 0;
    std::FILE* eventLog_ = nullptr;
    std::unique_ptr<game::ReplayTimeline> timeline_;  ///< --replay: the timeline scrubbed and played
    bool replayPaused_ = false;
    std::uint8_t scrubKeys_ = 0;  ///< P1's controls last tick (presses are edges)
};

}  // namespace

std::unique_ptr<Scene> MakeFightScene(const SceneArgs& args) {
    return std::make_unique<FightScene>(args);
}

}  // namespace app
