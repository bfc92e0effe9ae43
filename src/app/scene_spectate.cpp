// Watching a match online: a net::SpectatorSession joined to a host plays both players' confirmed
// inputs a few ticks behind (never predicting, never rolling back; a late spectator catches up from
// the match's start). The match runner follows it as it follows a player's session, so the picture,
// the sounds and the report are the fight's. It ends at the players' last tick on their hash and
// writes their replay (--record). Nothing here sends an input: a spectator cannot change the match.
// docs/netplay.md, "Spectating".
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

class SpectateScene final : public Scene {
public:
    explicit SpectateScene(const SceneArgs& args) : args_(args), where_(args.online.value_or(OnlineArgs{})) {}

    ~SpectateScene() override {
        if (session_) session_->Leave();
        session_.reset();
        transport_.reset();  // says goodbye, flushing what is queued
    }

    void Enter(SceneContext& ctx) override {
        const Options& o = *ctx.options;
        if (!o.spectateHost.empty()) where_ = OnlineArgs{false, o.spectateHost, o.spectatePort};
        runner_.Open(ctx, false, audio::Track::Title);  // the replay is the session's (SaveReplay)
        auto transport = OpenEnet(where_, o);           // --timeout covers the knocking
        if (!transport.Ok()) return Stop(ctx, transport.GetError().ToLine());
        transport_ = std::move(transport).Value();
        net::SpectatorConfig config;
        config.programVersion = HOTMAP_VERSION;
        for (std::size_t i = 0; i < ctx.roster->Size(); ++i) config.roster.push_back(&ctx.roster->At(i).loaded.def);
        config.timeoutMillis = o.timeoutSeconds * 1000;
        auto session = net::SpectatorSession::Create(config, *transport_);
        if (!session.Ok()) return Stop(ctx, session.GetError().ToLine());
        session_ = std::move(session).Value();
        std::fprintf(stderr, "brawl: spectating %s:%u\n", game::Printable(where_.address).c_str(),
                     static_cast<unsigned>(where_.port));
    }

    bool Pausable() const override { return false; }
    bool DrawsWholePicture(const SceneContext& ctx) const override {
        const net::SessionPhase phase = session_ ? session_->Phase() : net::SessionPhase::Connecting;
        return (phase == net::SessionPhase::Running || phase == net::SessionPhase::Finished) &&
               runner_.DrawsWholePicture(ctx);
    }

    void Tick(SceneContext& ctx, const game::Inputs&) override {
        if (!session_ || done_) return;
        ++animTick_;
        const net::TickReport& report = session_->Poll(clock_.NowMicros());
        runner_.Follow(ctx, *session_, report);
        PrintNotices(report);
        switch (session_->Phase()) {
            case net::SessionPhase::Running:
                if (!inMatch_) {
                    if (ctx.audio != nullptr && ctx.stages != nullptr)
                        ctx.audio->Music(ctx.stages->MusicOf(session_->StageId()));
                    std::fprintf(stderr, "brawl: watching match %u: P1 %s, P2 %s\n", session_->MatchNumber(),
                                 game::Printable(session_->FighterIds()[0]).c_str(),
                                 game::Printable(session_->FighterIds()[1]).c_str());
                }
                inMatch_ = true;
                break;
            case net::SessionPhase::Finished:
                if (inMatch_) MatchFinished(ctx);
                break;
            case net::SessionPhase::Failed: {
                const net::Error* error = session_->GetError();
                if (inMatch_) SaveReplay(ctx);
                Stop(ctx, error != nullptr ? error->ToLine() : "error: the spectator session failed");
                break;
            }
            case net::SessionPhase::Connecting:
            case net::SessionPhase::Lobby:
                break;
        }
    }

    void OnMenuMove(SceneContext& ctx, MenuMove move) override {
        if (move != MenuMove::Back || !session_) return;
        session_->Leave();
        ctx.switchTo = SceneSwitch{"title", args_};
    }

    void OnCommand(SceneContext&, const debug::Command&) override {}  // a spectator changes nothing

    void Render(SceneContext& ctx) override {
        if (!session_) return;
        const net::SessionPhase phase = session_->Phase();
        if (phase == net::SessionPhase::Running || phase == net::SessionPhase::Finished) {
            runner_.Draw(ctx);
            const std::int32_t ping = session_->Stats().pingMillis;
            render::DrawNetStatus(ctx.renderer, ping, ping < 100 ? render::NetQuality::Good : render::NetQuality::Fair,
                                  false);
            const std::string what =
                phase == net::SessionPhase::Finished
                    ? (session_->HostLeft() ? "SPECTATING: THE HOST LEFT" : "SPECTATING: MATCH OVER")
                    : "SPECTATING";
            render::DrawTextOutlined(ctx.renderer, (game::SCREEN_WIDTH_PX - render::TextWidth(what, 1)) / 2, 344, what,
                                     SDL_Color{255, 208, 96, 255}, 1);
            return;
        }
        LobbyView view;
        view.title = "SPECTATING " + where_.address + ":" + std::to_string(where_.port);
        view.connected = phase != net::SessionPhase::Connecting;
        view.status = view.connected ? "WAITING FOR THE MATCH" : "CONNECTING TO THE HOST";
        view.hint = "ESC: LEAVE";
        view.showSides = false;
        DrawLobby(ctx.renderer, view, animTick_);
    }

    bool Done() const override { return done_; }

    bool Leave(SceneContext&) override {
        if (session_) session_->Leave();
        return true;
    }

    RunReport Finish(SceneContext& ctx, std::int64_t) override {
        if (stopReport_) return *stopReport_;
        if (inMatch_ || !lastReport_.empty()) return {inMatch_ ? Report(ctx) : lastReport_, 0, ""};
        return {"", 1, "error: no match was watched"};
    }

private:
    // The players' last tick, on their hash: the replay is theirs. Headless, the run is over; a
    // window goes on watching (the host's next match starts it again).
    void MatchFinished(SceneContext& ctx) {
        inMatch_ = false;
        runner_.FollowEnded();
        if (ctx.audio != nullptr) ctx.audio->Music(audio::Track::Title);
        lastReport_ = Report(ctx);
        SaveReplay(ctx);
        if (ctx.options->headless) done_ = true;
        ctx.notices.push_back("brawl: the match is over; the host's next match will show here, or Esc for the title");
    }

    void SaveReplay(SceneContext& ctx) {
        if (!ctx.options->recordPath.empty()) (void)WriteReplayFile(ctx.options->recordPath, session_->MakeReplay());
    }

    void Stop(SceneContext& ctx, const std::string& errorLine) {
        stopReport_ = RunReport{inMatch_ ? Report(ctx) : lastReport_, 1, errorLine};
        done_ = true;
        EndOnline(ctx, args_, *stopReport_);
    }

    std::string Report(SceneContext& ctx) const {
        JsonLine line = runner_.Report(ctx, static_cast<std::int64_t>(session_->CurrentTick()),
                                       std::max(1, static_cast<int>(session_->MatchNumber())));
        const net::SpectatorStats& st = session_->Stats();
        line["ping_ms"] = st.pingMillis;
        line["fast_forwarded_ticks"] = st.fastForwardedTicks;
        line["packets_dropped"] = st.packetsDropped;
        line["side"] = "spectator";
        return WriteJsonLine(line);
    }

    SceneArgs args_;
    OnlineArgs where_;
    net::SteadyClock clock_;
    std::unique_ptr<net::EnetTransport> transport_;
    std::unique_ptr<net::SpectatorSession> session_;
    MatchRunner runner_;
    bool inMatch_ = false;
    bool done_ = false;
    int animTick_ = 0;
    std::string lastReport_;
    std::optional<RunReport> stopReport_;
};

}  // namespace

std::unique_ptr<Scene> MakeSpectateScene(const SceneArgs& args) {
    return std::make_unique<SpectateScene>(args);
}

}  // namespace app
