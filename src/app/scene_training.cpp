// The training scene (brawl --training, the title's TRAINING): P1 plays (a person, the CPU with
// --p1 cpu, or a slot file with --p1-slot) against P2, the dummy of game/training.h, with the frame
// meter, the input displays, advantages and "missed by N px" on screen and, headless, in the JSON
// line. Player 2's controls are the training keys (help.h, TRAINING_KEYS): position resets, the
// block setting, recording a slot and playing it on the dummy. Esc opens the training menu (every
// setting, recording, resets, the move list, options); keys and menu edit one TrainingChoices
// (training_menu.h). Slots are kept as forward/back.
#include "app/match_report.h"
#include "app/options_menu.h"
#include "app/scene.h"
#include "app/screens.h"
#include "app/training_menu.h"
#include "assets/files.h"
#include "assets/limits.h"
#include "game/text.h"
#include "game/training.h"
#include "render/render.h"

#include <cstdio>

namespace app {

namespace {

class TrainingScene final : public Scene {
public:
    explicit TrainingScene(const SceneArgs& args) : args_(args) {}

    void Enter(SceneContext& ctx) override {
        const Options& o = *ctx.options;
        settings_.dummy = 1;
        choices_.stance = o.dummy;
        choices_.block = o.dummyBlock;
        choices_.recovery = o.dummyRecovery;
        choices_.reset = o.dummyStart;
        recordPath_ = o.recordPath;
        for (std::size_t i = 0; i < 2; ++i)
            defs_.fighters[i] = &ctx.roster->At(static_cast<std::size_t>(args_.setup.fighter[i])).loaded.def;
        fighter_ = args_.setup.fighter;
        config_.controllers = {args_.setup.controllers[0], game::Controller::Human};  // the dummy is driven here
        config_.cpuLevel = args_.setup.cpuLevel;
        config_.seed = args_.setup.seed;
        if (o.detection) config_.detection = *o.detection;
        state_ = game::NewTrainingMatch(defs_, config_, training_);
        start_ = o.dummyStart;
        if (start_ != game::ResetPlace::Mid) game::ResetPositions(defs_, state_, settings_.dummy, start_);
        if (!o.p1SlotPath.empty()) {
            if (auto slot = LoadSlot(ctx, o.p1SlotPath)) {
                p1Slot_ = std::move(*slot);
            } else {
                return;
            }
        }
        if (!o.dummySlotPath.empty()) {
            auto slot = LoadSlot(ctx, o.dummySlotPath);
            if (!slot) return;
            settings_.slots[0] = std::move(*slot);
            choices_.slot = 0;
            choices_.playback = Playback::Looped;
        }
        ApplyChoices(choices_, settings_);
        if (p1Slot_) state_.config.controllers[0] = config_.controllers[0] = game::Controller::Human;
        // Headless, nobody presses RECORD: the whole run is the recording, unless --menu's moves
        // record (then they say when, as a player in a window would).
        recording_ = !recordPath_.empty() && o.headless && o.menuMoves.empty();
        sounds_.Open(ctx.audio);
        sounds_.Bind(defs_);
    }

    bool Ticking() const override { return !menuOpen_ && !options_.open; }

    void Tick(SceneContext& ctx, const game::Inputs& controls) override {
        TrainingKeys(ctx, controls[1]);
        const game::Facing facing = state_.fighters[0].facing;
        game::Input player = controls[0];
        if (p1Slot_) {
            player = p1At_ < p1Slot_->inputs.size() ? game::ToScreen(p1Slot_->inputs[p1At_++], facing) : game::Input{};
        }
        (void)game::StepTraining(defs_, state_, settings_, training_, {player, game::Input{}},
                                 game::StepHooks{&debug_, nullptr, &events_});
        // The input as the step took it (a CPU's own), as P1 faced when it was read.
        if (recording_) {
            settings_.slots[static_cast<std::size_t>(settings_.slot)].inputs.push_back(
                game::ToForwardBack(game::Input{state_.fighters[0].heldBits}, facing));
            unsaved_ = true;
        }
        observer_.Observe(defs_, state_, events_.View());
        debug::Observe(overlay_, debug_, events_.View(), defs_);
        sounds_.Hear(state_, events_.View());
        if (state_.phase == game::Phase::MatchOver || state_.phase == game::Phase::RoundEnd) {
            // A combo that knocked the dummy out: training goes on from the last reset's place.
            state_ = game::NewTrainingMatch(defs_, config_, training_);
            game::ResetPositions(defs_, state_, settings_.dummy, start_);
            sounds_.Bind(defs_);  // the new match's ticks start again
        }
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

    void OnCommand(SceneContext&, const debug::Command& c) override {
        if (c.kind == debug::CommandKind::ResetRound) game::ResetPositions(defs_, state_, settings_.dummy, start_);
        if (c.kind == debug::CommandKind::CycleDetection)
            state_.config.detection = debug::NextDetection(state_.config.detection);
        if (c.kind == debug::CommandKind::SetDetection) state_.config.detection = c.detection;
    }

    void OnClick(SceneContext& ctx, collide::Point world) override {
        if (ctx.debug->overlay) overlay_.selected = game::PickFighter(defs_, state_, world.x, world.y);
    }

    void OnReload(SceneContext&, const ReloadNews& news) override {
        if (news.ok) game::ConformToDefs(defs_, state_);
    }

    void Render(SceneContext& ctx) override {
        std::array<const render::FighterArt*, 2> art{};
        for (std::size_t i = 0; i < 2; ++i) art[i] = &ctx.roster->At(static_cast<std::size_t>(fighter_[i])).art;
        render::DrawMatch(ctx.renderer, defs_, art, state_, ctx.debug->view, {false, fighter_[0] == fighter_[1]});
        render::DrawHud(ctx.renderer, defs_, state_);
        std::string line = std::string("TRAINING - DUMMY ") + game::NameOf(game::DUMMY_STANCE_NAMES, settings_.stance) +
                           ", BLOCK " + game::NameOf(game::DUMMY_BLOCK_NAMES, settings_.block) + " - SLOT " +
                           std::to_string(settings_.slot + 1) +
                           (recording_                                    ? " RECORDING"
                            : settings_.stance != game::DummyStance::Slot ? ""
                            : settings_.loopSlot                          ? " PLAYING, LOOPED"
                                                                          : " PLAYING ONCE");
        for (char& ch : line) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        render::DrawTrainingHud(ctx.renderer, defs_, observer_, {line});
        if (menuOpen_ && !options_.open) {
            if (menu_.MoveListOpen()) {
                PauseMenu moveList;
                moveList.moveList = true;
                DrawPause(ctx.renderer, moveList, defs_);
            } else {
                DrawTrainingMenu(ctx.renderer, menu_, choices_, recording_, SlotTicks());
            }
        }
        options_.Draw(ctx);
    }

    void Panel(SceneContext& ctx, const debug::ScreenMap& map) override {
        debug::Draw(overlay_, *ctx.debug, ctx.commands, map, defs_, state_);
    }

    bool Leave(SceneContext& ctx) override { return SaveSlot(ctx); }

    RunReport Finish(SceneContext& ctx, std::int64_t frames) override {
        RunReport report;
        if (!SaveSlot(ctx)) {
            report.exitCode = 1;
            return report;
        }
        // One training session is one match that never finishes: its totals are the session's.
        const RunTotals totals{{defs_.fighters[0]->id, defs_.fighters[1]->id}, state_.stats.hits, 0};
        JsonLine line = MatchReport(
            state_, {frames, 1, ctx.roster->AssetsHash(), ctx.clock.reloads, ctx.clock.reloadErrors}, totals);
        line["training"] = TrainingJson();
        report.json = WriteJsonLine(line);
        return report;
    }

private:
    // --p1-slot, --dummy-slot: a replay file whose P1 column is a player's inputs as forward/back.
    std::optional<game::Slot> LoadSlot(SceneContext& ctx, const std::string& path) {
        auto bytes = assets::ReadInputFile(path, assets::limits::REPLAY_BYTES, "a slot");
        std::string error;
        std::optional<game::Replay> replay;
        if (bytes.Ok()) {
            replay = game::ParseReplay(std::string(bytes.Value().begin(), bytes.Value().end()), error);
        } else {
            error = bytes.GetError().message;
        }
        if (!replay) {
            ctx.stop = RunReport{"", 1, "error: " + game::PrintablePath(path) + ": " + error};
            return std::nullopt;
        }
        game::Slot slot;
        for (const game::Inputs& in : replay->inputs) slot.inputs.push_back(in[0]);
        return slot;
    }

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
        if (request.resetAt) {
            start_ = *request.resetAt;
            game::ResetPositions(defs_, state_, settings_.dummy, start_);
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

    // Writes the current slot to --record's file, in the replay format (P1's column: forward/back).
    bool SaveSlot(SceneContext& ctx) {
        const game::Slot& slot = settings_.slots[static_cast<std::size_t>(settings_.slot)];
        if (recordPath_.empty() || slot.inputs.empty() || !unsaved_) return true;
        game::Replay out;
        out.fighterIds = {defs_.fighters[0]->id, defs_.fighters[1]->id};
        out.config = config_;
        out.config.controllers = {game::Controller::Human,
                                  game::Controller::Human};  // a player's inputs, whoever made them
        for (const game::Input in : slot.inputs) out.inputs.push_back({in, game::Input{}});
        if (const auto error = assets::WriteOutputFile(recordPath_, game::FormatReplay(out))) {
            std::fprintf(stderr, "%s\n", error->ToLine().c_str());
            return false;
        }
        unsaved_ = false;
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
        t["meter"] = JsonLine::array();
        for (std::size_t i = 0; i < 2; ++i) {
            std::string cells;
            for (const game::FrameCell c : observer_.meter[i])
                cells += game::FRAME_CELL_LETTERS[static_cast<std::size_t>(c)];
            t["meter"].push_back(cells);
        }
        const auto who = [](std::int32_t side) { return side == 0 ? "p1" : "p2"; };
        const auto move = [&](std::int32_t side, std::int32_t m) {
            return MoveNameJson(defs_.fighters[static_cast<std::size_t>(side)], m);
        };
        t["advantages"] = JsonLine::array();
        for (const game::Advantage& a : observer_.advantages) {
            t["advantages"].push_back({{"tick", a.tick},
                                       {"attacker", who(a.attacker)},
                                       {"move", move(a.attacker, a.move)},
                                       {"on", a.blocked ? "block" : "hit"},
                                       {"advantage", a.frames}});
        }
        t["whiffs"] = JsonLine::array();
        for (const game::Whiff& w : observer_.whiffs) {
            t["whiffs"].push_back({{"tick", w.tick},
                                   {"attacker", who(w.attacker)},
                                   {"move", move(w.attacker, w.move)},
                                   {"missed_by_px", w.missedByPx >= 0 ? JsonLine(w.missedByPx) : JsonLine(nullptr)},
                                   {"box_only_ticks", w.boxOnlyTicks}});
        }
        t["box_only_ticks"] = observer_.boxOnlyTicks;
        t["inputs"] = JsonLine::array();
        for (std::size_t i = 0; i < 2; ++i) {
            JsonLine entries = JsonLine::array();
            for (const game::InputLogEntry& e : observer_.inputLog[i])
                entries.push_back(game::InputLogText(e) + " " + std::to_string(e.ticks));
            t["inputs"].push_back(entries);
        }
        return t;
    }

    SceneArgs args_;
    game::MatchDefs defs_;
    std::array<int, 2> fighter_{0, 1};
    game::MatchConfig config_;
    game::MatchState state_;
    game::TrainingSettings settings_;
    game::TrainingState training_;
    game::TrainingObserver observer_;
    game::EventList events_;
    game::DebugRecord debug_;
    debug::Overlay overlay_;
    game::ResetPlace start_ = game::ResetPlace::Mid;  ///< where the dummy starts (--dummy-start, the last reset)
    std::optional<game::Slot> p1Slot_;
    std::size_t p1At_ = 0;
    std::string recordPath_;
    bool recording_ = false;
    bool unsaved_ = false;  ///< the slot recorded last is not in --record's file yet
    TrainingChoices choices_;
    TrainingMenu menu_;
    bool menuOpen_ = false;
    OptionsOverlay options_;
    MatchSounds sounds_;
    std::uint8_t lastKeys_ = 0;
};

}  // namespace

std::unique_ptr<Scene> MakeTrainingScene(const SceneArgs& args) {
    return std::make_unique<TrainingScene>(args);
}

}  // namespace app
