// Online play: one match at a time against a peer over ENet, through net::Session (rollback). The
// scene drives the session once per 60 Hz tick with this side's input source (the controls, or a
// CPU deciding from the local view); the match runner follows it (each event heard and logged
// once, a rolled-back one a ghost). The lobby chooses this side's fighter and shows the opponent's,
// the ping, the result and the score; after a match both may play again. docs/netplay.md.
#include "app/clock.h"
#include "app/match_runner.h"
#include "app/scene.h"
#include "app/screens.h"
#include "game/text.h"
#include "net/enet_transport.h"
#include "net/net.h"
#include "render/render.h"

#include <cstdio>

namespace app {

namespace {

class OnlineScene final : public Scene {
public:
    explicit OnlineScene(const SceneArgs& args) : args_(args), where_(args.online.value_or(OnlineArgs{})) {}

    ~OnlineScene() override {
        if (session_) session_->Leave();
        session_.reset();
        simulated_.reset();
        transport_.reset();  // says goodbye, flushing what is queued
    }

    void Enter(SceneContext& ctx) override {
        const Options& o = *ctx.options;
        // The command line's --host/--join, else what the title chose.
        if (o.hostPort) where_ = OnlineArgs{true, "", *o.hostPort};
        if (!o.joinHost.empty()) where_ = OnlineArgs{false, o.joinHost, o.joinPort};
        side_ = where_.host ? 0 : 1;
        runner_.Open(ctx, false, audio::Track::Title);  // the replay is the session's (SaveReplay)
        enteredMicros_ = clock_.NowMicros();
        auto transport = OpenEnet(where_, o);
        if (!transport.Ok()) return Stop(ctx, transport.GetError().ToLine());
        transport_ = std::move(transport).Value();
        net::Transport* link = transport_.get();
        if (!o.netSim.empty()) {
            const net::NetSimConfig sim = net::ParseNetSimSpec(o.netSim).Value();  // checked by the options
            simulated_ = std::make_unique<net::SimulatedTransport>(*transport_, clock_, sim, sim, 0x5EED + side_);
            link = simulated_.get();
        }
        net::SessionConfig config;
        config.role = where_.host ? net::Role::Host : net::Role::Join;
        config.programVersion = HOTMAP_VERSION;
        for (std::size_t i = 0; i < ctx.roster->Size(); ++i) config.roster.push_back(&ctx.roster->At(i).loaded.def);
        config.stages = ctx.stages->Catalogue();
        config.inputDelayTicks = o.delayTicks;
        config.maxRollbackTicks = o.maxRollbackTicks;
        config.timeoutMillis = o.timeoutSeconds * 1000;
        config.maxSpectators = o.spectators;
        // A scripted run (--frames N) plays exactly N ticks on both sides, then stops.
        if (o.frames) config.matchOverTailTicks = -1;
        auto session = net::Session::Create(config, *link);
        if (!session.Ok()) return Stop(ctx, session.GetError().ToLine());
        session_ = std::move(session).Value();
        if (o.frames) session_->SetLastTick(static_cast<std::uint64_t>(*o.frames));
        // This side's fighter and who plays it: P1's options on the host, P2's on the join. A CPU here
        // is a local input source: it decides from this side's view; its presses travel like a person's.
        const std::optional<game::Controller> player = side_ == 0 ? o.p1 : o.p2;
        const std::optional<std::string>& named = side_ == 0 ? o.p1Fighter : o.p2Fighter;
        // A slot file (this side's --p1-slot or --p2-slot) plays over and over, as offline.
        const std::string& slot = side_ == 0 ? o.p1SlotPath : o.p2SlotPath;
        const bool cpu = player == game::Controller::Cpu || !slot.empty();
        local_ = !slot.empty() ? ChooseSource(ctx, game::Controller::Human, slot, true)
                 : cpu         ? MakeViewCpuSource(side_, args_.setup.seed + 17 * static_cast<std::uint64_t>(side_ + 1))
                               : MakeControlsSource();
        if (ctx.stop) return;  // the slot could not be read: its line ends the run
        fighter_ = args_.setup.fighter[static_cast<std::size_t>(side_)];
        if (named) fighter_ = ctx.roster->Find(*named);
        // Nobody to choose for a CPU or a slot, nor when the command line named the fighter: ready at once.
        autoReady_ = cpu || named.has_value();
        facts_ = AnnounceOnline(where_, transport_->LocalPort(), args_.setup.stage);
    }

    bool Pausable() const override { return false; }

    void Tick(SceneContext& ctx, const game::Inputs& controls) override {
        if (!session_) return;
        ++animTick_;
        const std::uint64_t nowMicros = clock_.NowMicros();
        const net::TickReport& report = session_->Poll(nowMicros);
        if (report.hold == net::Hold::None) {
            const game::Input local = local_->Next(session_->Defs(), session_->State(), side_, controls[0]);
            session_->Advance(local, net::TickHooks{&runner_.Debug(), NowNanos});
        }
        runner_.Follow(ctx, *session_, report);
        PrintNotices(report);
        // A host that turned an opponent away (versions, fighters: in this side's words; its notice
        // said so above) goes on waiting for the next, --timeout anew; the lobby shows why.
        if (session_->LastRefusal() != nullptr && session_->Stats().refusals != refusalsSeen_) {
            refusalsSeen_ = session_->Stats().refusals;
            facts_.refusal = session_->LastRefusal()->message;
            enteredMicros_ = nowMicros;
        }
        // Nobody came (a headless host), or no host answered (a join): give up after --timeout.
        const bool mayGiveUp =
            session_->Phase() == net::SessionPhase::Connecting && (ctx.options->headless || !where_.host);
        if (mayGiveUp && nowMicros - enteredMicros_ > std::uint64_t(ctx.options->timeoutSeconds) * 1'000'000)
            return Stop(ctx, NobodyThereLine(where_, *ctx.options));
        if (session_->WaitingForPeer() != waitingSaid_) {
            waitingSaid_ = session_->WaitingForPeer();
            if (waitingSaid_)
                std::fprintf(stderr, "brawl: waiting for the opponent (tick %llu)\n",
                             static_cast<unsigned long long>(session_->CurrentTick()));
        }
        // The peer's lobby shows where this side's cursor is (sent when it moves).
        if (!session_->LocalReady()) session_->Browse(ctx.roster->At(static_cast<std::size_t>(fighter_)).loaded.def.id);
        switch (session_->Phase()) {
            case net::SessionPhase::Lobby:
                // A side ready at once waits for a ping: the auto delay is picked from it as the
                // match starts (the join, starting on the host's setup, would start on none).
                if (autoReady_ && !session_->LocalReady() &&
                    (ctx.options->delayTicks != net::AUTO_INPUT_DELAY || session_->Stats().pingMillis >= 0))
                    Ready(ctx);
                break;
            case net::SessionPhase::Running:
                if (!inMatch_) {
                    if (ctx.audio != nullptr) ctx.audio->Music(ctx.stages->MusicOf(session_->StageId()));
                    std::fprintf(stderr, "brawl: match %u begins: P1 %s, P2 %s\n", session_->MatchNumber(),
                                 game::Printable(session_->FighterIds()[0]).c_str(),
                                 game::Printable(session_->FighterIds()[1]).c_str());
                }
                inMatch_ = true;
                break;
            case net::SessionPhase::Finished:
                if (inMatch_) MatchFinished(ctx);
                // A scripted run ends once nothing is owed: the opponent confirmed the end too (it
                // may be a few ticks behind and still need our inputs) and the spectators have it.
                if (LastMatch(ctx) && session_->CanClose()) done_ = true;
                break;
            case net::SessionPhase::Failed:
                Failed(ctx);
                break;
            case net::SessionPhase::Connecting:
                break;
        }
    }

    void OnMenuMove(SceneContext& ctx, MenuMove move) override {
        if (!session_) return;
        const net::SessionPhase phase = session_->Phase();
        const bool choosing =
            (phase == net::SessionPhase::Lobby || phase == net::SessionPhase::Finished) && !session_->LocalReady();
        if (move == MenuMove::Back) {  // leave: the peer is told, and the title comes back
            session_->Leave();
            ctx.switchTo = SceneSwitch{"title", args_};
            return;
        }
        if (!choosing) return;
        MenuSound(ctx.audio, move);
        const int n = static_cast<int>(ctx.roster->Size());
        if (move == MenuMove::Left) fighter_ = (fighter_ + n - 1) % n;
        if (move == MenuMove::Right) fighter_ = (fighter_ + 1) % n;
        if (move == MenuMove::Confirm) Ready(ctx);
    }

    void OnCommand(SceneContext&, const debug::Command&) override {}  // no reset, no mode change online

    void Render(SceneContext& ctx) override {
        if (!session_) return;
        if (session_->Phase() == net::SessionPhase::Running ||
            (session_->Phase() == net::SessionPhase::Finished && inMatch_)) {
            runner_.Draw(ctx);
            DrawNetStatus(ctx.renderer, *session_);
            return;
        }
        const std::string title =
            where_.host ? "HOSTING ON PORT " + std::to_string(transport_ ? transport_->LocalPort() : where_.port)
                        : "JOINING " + where_.address + ":" + std::to_string(where_.port);
        const int theirs = session_->PeerCursor().empty() ? -1 : ctx.roster->Find(session_->PeerCursor());
        LobbyView view = LobbyOf(*session_, title, ctx.roster->At(static_cast<std::size_t>(fighter_)),
                                 theirs >= 0 ? &ctx.roster->At(static_cast<std::size_t>(theirs)) : nullptr, side_ == 0);
        AddLobbyFacts(view, *session_, facts_);
        DrawLobby(ctx.renderer, view, animTick_);
    }

    void Panel(SceneContext& ctx, const debug::ScreenMap& map) override {
        if (!session_ || session_->Phase() != net::SessionPhase::Running) return;
        const debug::NetplayView view = NetplayViewOf(*session_, where_.host);
        runner_.Panel(ctx, map, &view);
    }

    bool Done() const override { return done_; }

    bool Leave(SceneContext&) override {
        if (session_) session_->Leave();
        return true;
    }

    RunReport Finish(SceneContext& ctx, std::int64_t) override {
        if (stopReport_) return *stopReport_;
        if (inMatch_) return {Report(ctx), 0, ""};  // stopped mid-match (a signal)
        if (!lastReport_.empty()) return {lastReport_, 0, ""};
        return {"", 1, "error: no online match was played"};
    }

private:
    void Ready(SceneContext& ctx) {
        game::MatchConfig config;
        config.seed = args_.setup.seed + session_->MatchNumber();
        config.cpuLevel = args_.setup.cpuLevel;
        if (ctx.options->detection) config.detection = *ctx.options->detection;
        const std::string& id = ctx.roster->At(static_cast<std::size_t>(fighter_)).loaded.def.id;
        if (const auto error = session_->Ready(id, config, args_.setup.stage)) Stop(ctx, error->ToLine());
    }

    // The match's last tick is final on both sides: the replay is written; a window offers a
    // rematch, a headless run is over.
    void MatchFinished(SceneContext& ctx) {
        inMatch_ = false;
        runner_.FollowEnded();  // the next match's ticks start again
        if (ctx.audio != nullptr) ctx.audio->Music(audio::Track::Title);
        lastReport_ = Report(ctx);
        SaveReplay(ctx);
        facts_.lastWinner = session_->ConfirmedState().matchWinner;
        if (facts_.lastWinner == 0 || facts_.lastWinner == 1)
            ++facts_.score[static_cast<std::size_t>(facts_.lastWinner)];
        std::fprintf(stderr, "brawl: match %u over: %s; score P1 %d - %d P2\n", session_->MatchNumber(),
                     MatchResultWords(facts_.lastWinner), facts_.score[0], facts_.score[1]);
        // A scripted run (--frames, or --matches N played) is over once CanClose; otherwise both
        // may choose for a rematch.
        if (!LastMatch(ctx)) {
            ctx.notices.push_back("brawl: the match is over: choose a fighter for a rematch, or Esc for the title");
            if (autoReady_) Ready(ctx);
        }
    }

    // The run ends with the match just finished: --frames plays one, --matches N plays N.
    bool LastMatch(const SceneContext& ctx) const {
        return ctx.options->frames ||
               (ctx.options->matches && static_cast<int>(session_->MatchNumber()) >= *ctx.options->matches);
    }

    void Failed(SceneContext& ctx) {
        const net::Error* error = session_->GetError();
        if (inMatch_) SaveReplay(ctx);
        SaveDesyncDump(*session_, *ctx.options, side_);
        Stop(ctx, error != nullptr ? error->ToLine() : "error: the online session failed");
    }

    void SaveReplay(SceneContext& ctx) {
        const std::string& path = ctx.options->recordPath;
        if (path.empty()) return;  // what was confirmed, even nothing yet: the file says how far it got
        (void)WriteReplayFile(path, session_->MakeReplay());
    }

    // The run ends with `errorLine` and exit 1; a window goes back to the title, which says why.
    void Stop(SceneContext& ctx, const std::string& errorLine) {
        stopReport_ = RunReport{inMatch_ ? Report(ctx) : lastReport_, 1, errorLine};
        done_ = true;
        EndOnline(ctx, args_, *stopReport_);
    }

    std::string Report(SceneContext& ctx) const {
        JsonLine line = runner_.Report(ctx, static_cast<std::int64_t>(session_->ConfirmedTick()),
                                       std::max(1, static_cast<int>(session_->MatchNumber())));
        AddNetReport(line, *session_, side_, ctx.options->delayTicks == net::AUTO_INPUT_DELAY);
        return WriteJsonLine(line);
    }

    SceneArgs args_;
    OnlineArgs where_;
    std::int32_t side_ = 0;
    net::SteadyClock clock_;
    std::unique_ptr<net::EnetTransport> transport_;
    std::unique_ptr<net::SimulatedTransport> simulated_;
    std::unique_ptr<net::Session> session_;
    std::unique_ptr<InputSource> local_;  ///< this side's input: the player's controls or a CPU
    MatchRunner runner_;
    int fighter_ = 0;
    bool autoReady_ = false;
    bool inMatch_ = false;
    bool waitingSaid_ = false;
    bool done_ = false;
    int animTick_ = 0;
    std::uint64_t enteredMicros_ = 0;  ///< since when this side waits (start-up, or the last refusal)
    std::int64_t refusalsSeen_ = 0;
    LobbyFacts facts_;  ///< what the lobby shows beyond the session: addresses, the score, a refusal
    std::string lastReport_;
    std::optional<RunReport> stopReport_;
};

}  // namespace

std::unique_ptr<Scene> MakeOnlineScene(const SceneArgs& args) {
    return std::make_unique<OnlineScene>(args);
}

}  // namespace app
