// The match runner (match_runner.h): one match of any mode, its sources, its rules, and everything
// that watches it.
#include "app/match_runner.h"

#include "app/clock.h"
#include "assets/files.h"
#include "game/text.h"
#include "net/enet_transport.h"
#include "render/render.h"

#include <filesystem>

namespace app {

// ---- the sounds ---------------------------------------------------------------------------------

void MatchSounds::Open(const SceneAudio* a, audio::Track music) {
    if (a == nullptr) return;
    table = audio::EventSounds(*a->bank, {});
    voices = std::make_unique<audio::RollbackVoices>(*a->sink, table);
    a->Music(music);
}

void MatchSounds::Bind(const game::MatchDefs& defs) {
    table.Bind(defs);
    if (voices) voices->Reset();
}

namespace {

// Where the fighters stand on screen (the sounds pan by it).
std::array<std::int32_t, 2> ScreenXOf(const game::MatchState& state, std::int32_t cameraXPx) {
    return {game::ToPx(state.fighters[0].xSubpx) - cameraXPx, game::ToPx(state.fighters[1].xSubpx) - cameraXPx};
}

// An event as heard: at its screen x (its identity, which rollback matches on, has no x).
game::Event OnScreen(game::Event e, std::int32_t cameraXPx) {
    e.xPx -= cameraXPx;
    return e;
}

}  // namespace

void MatchSounds::Hear(const game::MatchState& state, std::span<const game::Event> events, std::int32_t cameraXPx) {
    if (!voices) return;
    const std::array<std::int32_t, 2> x = ScreenXOf(state, cameraXPx);
    for (const game::Event& e : events) voices->Started(OnScreen(e, cameraXPx), e.tick, x);
    voices->Confirm(state.tick);
}

// ---- the rules ----------------------------------------------------------------------------------

game::MatchState MatchRules::Start(const game::MatchDefs& defs, const game::MatchConfig& config) {
    return game::NewMatch(defs, config);
}

void MatchRules::Step(const game::MatchDefs& defs, game::MatchState& state, const game::Inputs& inputs,
                      const game::StepHooks& hooks) {
    game::StepMatch(defs, state, inputs, hooks);
}

// ---- online --------------------------------------------------------------------------------------

namespace {

constexpr game::EnumName<net::Quality> QUALITY_NAMES[] = {
    {net::Quality::Good, "good"}, {net::Quality::Fair, "fair"}, {net::Quality::Poor, "poor"}};

}  // namespace

debug::NetplayView NetplayViewOf(const net::Session& session, bool host) {
    const net::SessionStats& st = session.Stats();
    debug::NetplayView view;
    view.phase = game::NameOf(net::SESSION_PHASE_NAMES, session.Phase());
    view.host = host;
    view.pingMillis = st.pingMillis;
    view.quality = game::NameOf(QUALITY_NAMES, st.quality);
    view.frameAdvantageTicks = st.frameAdvantageTicks;
    view.inputDelayTicks = st.inputDelayTicks;
    view.maxRollbackTicks = st.maxRollbackTicks;
    view.rollbacksLastSecond = st.rollbacksLastSecond;
    view.deepestRollbackTicks = st.deepestRollbackTicks;
    view.rollbacks = st.rollbacks;
    view.predictedTicks = st.predictedTicks;
    view.mispredictedTicks = st.mispredictedTicks;
    view.desyncChecksPassed = st.desyncChecksPassed;
    view.packetsLost = st.packetsLost;
    view.packetsDropped = st.packetsDropped;
    view.stalledTicks = st.stalledTicks;
    view.timeSyncWaits = st.timeSyncWaits;
    view.spectators = st.spectators;
    view.currentTick = session.CurrentTick();
    view.confirmedTick = session.ConfirmedTick();
    view.waiting = session.WaitingForPeer();
    return view;
}

void AddNetReport(JsonLine& line, const net::Session& session, std::int32_t side, bool autoDelay) {
    const net::SessionStats& st = session.Stats();
    // The counters the panel shows too, each under its one key (net::Counters).
    for (const net::StatCounter& c : net::Counters(st)) line[c.key] = c.value;
    line["input_delay_auto"] = autoDelay;
    line["rollback_window"] = st.maxRollbackTicks;
    line["desyncs"] = session.GetDesync() != nullptr ? 1 : 0;
    line["side"] = side == 0 ? "p1" : "p2";
}

void DrawNetStatus(SDL_Renderer* renderer, const net::Session& session) {
    const net::Quality q = session.Stats().quality;
    const render::NetQuality mark = q == net::Quality::Good   ? render::NetQuality::Good
                                    : q == net::Quality::Fair ? render::NetQuality::Fair
                                                              : render::NetQuality::Poor;
    render::DrawNetStatus(renderer, session.Stats().pingMillis, mark, session.WaitingForPeer(),
                          session.Stats().spectators);
}

net::Result<std::unique_ptr<net::EnetTransport>> OpenEnet(const OnlineArgs& where, const Options& options) {
    net::EnetOptions enet;
    enet.connectTimeoutMillis = static_cast<std::uint32_t>(options.timeoutSeconds + 1) * 1000;
    enet.maxPeers = static_cast<std::size_t>(1 + options.spectators) + net::MAX_PENDING_HANDSHAKES + 3;
    return where.host ? net::EnetTransport::Host(where.port, "", enet)
                      : net::EnetTransport::Join(where.address, where.port, enet);
}

void PrintNotices(const net::TickReport& report) {
    for (const std::string& notice : report.notices)
        std::fprintf(stderr, "brawl: %s\n", game::Printable(notice, net::MAX_MESSAGE_BYTES).c_str());
}

std::string NobodyThereLine(const OnlineArgs& where, const Options& options) {
    const std::string seconds = std::to_string(options.timeoutSeconds) + " s (--timeout)";
    return where.host ? "error: no opponent came in " + seconds
                      : "error: no answer from " + where.address + ":" + std::to_string(where.port) + " in " + seconds;
}

void EndOnline(SceneContext& ctx, const SceneArgs& args, const RunReport& report) {
    const Options& o = *ctx.options;
    if (o.headless || o.frames || o.matches) {
        ctx.stop = report;
        return;
    }
    // A player at a window is not thrown out of the game by the other side's leaving.
    constexpr std::string_view ERROR_PREFIX = "error: ";
    std::string why = report.errorLine;
    if (why.rfind(ERROR_PREFIX, 0) == 0) why.erase(0, ERROR_PREFIX.size());
    std::fprintf(stderr, "brawl: %s; back to the title\n", why.c_str());
    SceneArgs title = args;
    title.online.reset();
    title.notice = why;
    ctx.switchTo = SceneSwitch{"title", title};
}

void SaveDesyncDump(const net::Session& session, const Options& options, std::int32_t side) {
    const net::DesyncReport* desync = session.GetDesync();
    if (desync == nullptr || desync->localDump.empty()) return;
    const std::string path =
        !options.desyncDumpPath.empty() ? options.desyncDumpPath : "desync-p" + std::to_string(side + 1) + ".txt";
    // Through the one writer (files.h): never into a FIFO, never half-written.
    if (const auto refused = assets::WriteOutputFile(path, desync->localDump)) {
        std::fprintf(stderr, "%s\n", refused->ToLine().c_str());
    } else {
        std::fprintf(stderr,
                     "brawl: this side's state at tick %llu is in %s (brawl --compare-dumps A B names the first field "
                     "that differs)\n",
                     static_cast<unsigned long long>(desync->tick), game::PrintablePath(path).c_str());
    }
}

// ---- replays ------------------------------------------------------------------------------------

bool WriteReplayFile(const std::string& path, const game::Replay& replay) {
    if (const auto error = assets::WriteOutputFile(path, game::FormatReplay(replay))) {
        std::fprintf(stderr, "%s\n", error->ToLine().c_str());
        return false;
    }
    return true;
}

// ---- the run ------------------------------------------------------------------------------------

MatchPlan PlanFor(const SceneArgs& args, const Options& options) {
    MatchPlan plan;
    plan.fighter = args.setup.fighter;
    plan.stage = args.setup.stage;
    plan.config.controllers = args.setup.controllers;
    plan.config.cpuLevel = args.setup.cpuLevel;
    plan.config.seed = args.setup.seed;
    if (options.detection) plan.config.detection = *options.detection;
    return plan;
}

MatchRunner::~MatchRunner() {
    if (eventLog_ != nullptr && eventLog_ != stderr) std::fclose(eventLog_);
}

void MatchRunner::Open(SceneContext& ctx, bool records, audio::Track music) {
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
    records_ = records;
    sounds_.Open(ctx.audio, music);
}

void MatchRunner::SetSources(std::array<std::unique_ptr<InputSource>, 2> sources) {
    sources_ = std::move(sources);
}

void MatchRunner::Begin(SceneContext& ctx, MatchPlan plan) {
    plan_ = std::move(plan);
    Start(ctx);
}

void MatchRunner::Rematch(SceneContext& ctx) {
    ++matchesDone_;
    Start(ctx);
}

void MatchRunner::Restart(SceneContext& ctx) {
    Start(ctx);
}

void MatchRunner::Renew(game::MatchState state) {
    state_ = std::move(state);
    sounds_.Bind(defs_);  // the new state's ticks start again
}

void MatchRunner::Start(SceneContext& ctx) {
    // The match being replaced adds to the run's totals (none before the first).
    if (defs_.fighters[0] != nullptr) AddToTotals();
    SaveRecording(ctx);  // a rematch: the file keeps the match just played until the next one ends
    recordPath_ = records_ ? ctx.options->recordPath : "";
    // A windowed match (not a replay being watched) keeps its replay among the last KEPT_REPLAYS.
    keptFolder_ =
        records_ && recordPath_.empty() && !ctx.options->headless && !plan_.replay ? ReplaysFolder() : std::nullopt;
    if (keptFolder_) recordPath_ = NewKeptReplayPath(*keptFolder_);
    recordingDone_ = false;
    recorded_.clear();
    replayOverSaid_ = false;
    overTicks_ = 0;
    fighter_ = plan_.fighter;
    for (std::size_t i = 0; i < 2; ++i)
        defs_.fighters[i] = &ctx.roster->At(static_cast<std::size_t>(fighter_[i])).loaded.def;
    config_ = plan_.config;
    for (std::size_t i = 0; i < 2; ++i) {
        if (sources_[i]) config_.controllers[i] = sources_[i]->Controller();
    }
    config_.seed = plan_.config.seed + static_cast<std::uint64_t>(matchesDone_);
    stage_ = plan_.stage;
    const Stage* stage = ctx.stages != nullptr ? ctx.stages->Find(stage_) : nullptr;
    config_.stage = stage != nullptr ? stage->loaded.file.Geometry() : game::StageGeometry{};
    if (plan_.replay) config_ = plan_.replay->config, stage_ = plan_.replay->stageId;  // the recorded match exactly
    if (const Stage* shown = ctx.stages != nullptr ? ctx.stages->Find(stage_) : nullptr; shown && ctx.audio)
        ctx.audio->Music(shown->music);
    state_ = rules_->Start(defs_, config_);
    replay_ = plan_.replay ? std::make_unique<ReplayPlayer>(defs_, *plan_.replay) : nullptr;
    for (auto& source : sources_) {
        if (source) source->Restart();
    }
    sounds_.Bind(defs_);
    overlay_.held.clear();
    overlay_.log.clear();
}

game::StepHooks MatchRunner::Hooks() {
    return game::StepHooks{&debug_, NowNanos, &events_};
}

// ---- a tick ------------------------------------------------------------------------------------------

void MatchRunner::Tick(SceneContext& ctx, const game::Inputs& controls, std::int32_t rematchAfterTicks) {
    if (replay_) {
        // P1's controls scrub a replay (no one plays in one); a paused tick plays nothing.
        if (const auto target = replay_->ScrubTarget(controls[0])) return SeekReplay(ctx, *target);
        if (replay_->Paused()) return;
    }
    game::Inputs inputs{};
    if (replay_) {
        inputs = replay_->Next();
    } else {
        for (std::size_t i = 0; i < 2; ++i) {
            if (sources_[i]) inputs[i] = sources_[i]->Next(defs_, state_, static_cast<std::int32_t>(i), controls[i]);
        }
    }
    if (!replay_ || !replay_->Step(state_, Hooks())) rules_->Step(defs_, state_, inputs, Hooks());
    if (Recording()) recorded_.push_back(inputs);
    overlay_.framesPerSecond = ctx.clock.framesPerSecond;
    debug::Observe(overlay_, debug_, events_.View(), defs_);
    LogEvents(events_.View());
    Count(events_.View());
    sounds_.Hear(state_, events_.View(), CameraNow(ctx).xPx);
    if (replay_ && replay_->Tick() == replay_->Length() && !replayOverSaid_) {
        replayOverSaid_ = true;
        // The last recorded tick stays on screen, where P1's controls can scrub back (a headless
        // run goes on with neutral inputs, as it always has).
        if (!ctx.options->headless) replay_->Pause();
        const bool same = plan_.replay->finalHash && game::HashState(state_) == *plan_.replay->finalHash;
        ctx.notices.push_back("brawl: the replay is over (" + std::to_string(replay_->Tick()) + " ticks)" +
                              (!plan_.replay->finalHash ? ""
                               : same                   ? ": the final hash matches the recording"
                                                        : ": the final hash differs from the recording"));
    }
    rules_->After(*this);
    // Attract mode: a finished match is followed by the next, each with the next seed. Not while
    // following a replay or recording one (either would stop describing the run).
    overTicks_ = state_.phase == game::Phase::MatchOver ? overTicks_ + 1 : 0;
    if (rematchAfterTicks > 0 && !replay_ && (recordPath_.empty() || keptFolder_) && overTicks_ >= rematchAfterTicks)
        Rematch(ctx);
}

// Shows replay tick `tick` (a scrub: a recording of this run ends, it would not replay).
void MatchRunner::SeekReplay(SceneContext& ctx, std::int64_t tick) {
    EndRecording(ctx, "the replay was scrubbed");
    recordingDone_ = true;
    replay_->SeekTo(tick, state_, Hooks());
    debug::Observe(overlay_, debug_, events_.View(), defs_);
}

void MatchRunner::Follow(const SceneContext& ctx, const net::Session& session, const net::TickReport& report) {
    FollowMatch(ctx,
                {session.Defs(), session.State(), session.ConfirmedState(), session.MatchNumber(), session.FighterIds(),
                 session.StageId()},
                report, false);
}

void MatchRunner::Follow(const SceneContext& ctx, const net::SpectatorSession& spectator,
                         const net::TickReport& report) {
    // Every tick a spectator plays is final: the state shown is the one reported. Ticks played
    // many at once to catch up are silent (a second of hits in one frame is noise, not a match).
    FollowMatch(ctx,
                {spectator.Defs(), spectator.State(), spectator.State(), spectator.MatchNumber(),
                 spectator.FighterIds(), spectator.StageId()},
                report, report.catchingUp);
}

void MatchRunner::FollowMatch(const SceneContext& ctx, const Followed& match, const net::TickReport& report,
                              bool mute) {
    const game::MatchDefs& defs = match.defs;
    const game::MatchState& state = match.state;
    // A rematch: the match just followed counts to the run's totals, as its last confirmed tick had it.
    if (match.number != followed_ && followed_ != 0) AddToTotals();
    followed_ = match.number;
    defs_ = defs;
    state_ = state;
    stage_ = match.stageId;
    confirmed_ = match.confirmed;
    // Before a match the session names no fighters: the roster's first stands in (nothing is drawn).
    for (std::size_t i = 0; i < 2; ++i) fighter_[i] = std::max(0, ctx.roster->Find(match.fighterIds[i]));
    // The sound layer counts in ticks: "now" is the newest tick this poll simulated.
    std::uint64_t now = 0;
    for (const net::SimulatedTick& t : report.simulated) now = std::max(now, t.tick);
    sounds_.table.Bind(defs);
    audio::RollbackVoices* voices = mute ? nullptr : sounds_.voices.get();
    const std::int32_t cameraXPx = defs.fighters[0] != nullptr ? render::CameraFor(defs, state).xPx : 0;
    const std::array<std::int32_t, 2> x = ScreenXOf(state, cameraXPx);
    // Every tick the poll (and the advance) simulated, in order: events told once, rolled-back
    // contacts turned into ghosts; ticks that became final are forgotten by the tracker.
    for (const net::SimulatedTick& t : report.simulated) {
        const bool firstPass = !t.resimulated && t.tick == debug_.tick;
        if (firstPass) debug::KeepRecord(overlay_, debug_, t.events.View());
        tracker_.Feed(t.tick, t.events.View(), changes_);
        for (const net::EventTracker::Tracked& c : changes_) {
            switch (c.change) {
                case net::EventTracker::Change::New:
                    debug::LogContactEvent(overlay_, defs, c.event, t.events.View(), firstPass ? &debug_ : nullptr);
                    if (voices != nullptr) voices->Started(OnScreen(c.event, cameraXPx), now, x);
                    break;
                case net::EventTracker::Change::Vanished:
                    debug::SetGhost(overlay_, c.event, true);
                    if (voices != nullptr) voices->Vanished(c.event, now);
                    break;
                case net::EventTracker::Change::Returned:
                    debug::SetGhost(overlay_, c.event, false);
                    if (voices != nullptr)
                        voices->Started(OnScreen(c.event, cameraXPx), now, x);  // heard once: not played again
                    break;
            }
        }
    }
    for (const net::SimulatedTick& t : report.confirmed) {
        tracker_.Confirm(t.tick);
        if (voices != nullptr) voices->Confirm(t.tick);
        // A confirmed tick's events are final: logged and counted once.
        LogEvents(t.events.View());
        Count(t.events.View());
    }
}

void MatchRunner::FollowEnded() {
    if (sounds_.voices) sounds_.voices->Reset();
}

// ---- what the player does to a match -----------------------------------------------------------------

bool MatchRunner::Command(SceneContext& ctx, const debug::Command& c) {
    if (c.kind != debug::CommandKind::CycleDetection && c.kind != debug::CommandKind::SetDetection) return false;
    const game::DetectionMode next =
        c.kind == debug::CommandKind::SetDetection ? c.detection : debug::NextDetection(state_.config.detection);
    if (next != state_.config.detection) {
        EndRecording(ctx, "the detection mode changed");
        state_.config.detection = next;
    }
    return true;
}

void MatchRunner::RestartRound(SceneContext& ctx) {
    EndRecording(ctx, "the round was reset");
    game::RestartRound(defs_, state_);
}

void MatchRunner::Reloaded(SceneContext& ctx, const ReloadNews& news) {
    overlay_.reloadMessages.push_back(news.line);
    if (overlay_.reloadMessages.size() > 6) overlay_.reloadMessages.erase(overlay_.reloadMessages.begin());
    if (!news.ok) return;
    // The definitions changed under the match: a state left pointing at a removed move or
    // animation would read past the end of the new definition on the next tick.
    EndRecording(ctx, "a fighter was reloaded");
    game::ConformToDefs(defs_, state_);
}

void MatchRunner::Click(SceneContext& ctx, collide::Point world) {
    // The shell's point is on the logical screen; the camera makes it the stage's.
    const render::Camera camera = CameraNow(ctx);
    if (ctx.debug->overlay)
        overlay_.selected = game::PickFighter(defs_, state_, world.x + camera.xPx, world.y - camera.yPx);
}

// ---- drawing ----------------------------------------------------------------------------------------------

void MatchRunner::Draw(SceneContext& ctx) const {
    std::array<const render::FighterArt*, 2> art{};
    for (std::size_t i = 0; i < 2; ++i) {
        Fighter& f = ctx.roster->At(static_cast<std::size_t>(fighter_[i]));
        // The hotmap view's textures, made the first time F6 (or --view) shows them.
        if (ctx.debug->view != render::ViewMode::Sprites) render::MakeHotmapArt(ctx.renderer, f.loaded, f.art);
        // The alternate colours, made the first time a mirror match is drawn.
        if (i == 1 && fighter_[0] == fighter_[1]) render::MakeAlternateArt(ctx.renderer, f.loaded, f.art);
        art[i] = &f.art;
    }
    const render::Camera camera = CameraNow(ctx);
    if (const Stage* stage = ctx.stages != nullptr ? ctx.stages->Find(stage_) : nullptr)
        ctx.stages->Draw(ctx.renderer, *stage, camera);
    // A mirror match: the second of two alike wears the alternate palette.
    render::DrawMatch(ctx.renderer, defs_, art, state_, ctx.debug->view, {false, fighter_[0] == fighter_[1]}, camera);
    render::DrawHud(ctx.renderer, defs_, state_);
    if (replay_) replay_->DrawSeekBar(ctx.renderer);
}

bool MatchRunner::DrawsWholePicture(const SceneContext& ctx) const {
    return defs_.fighters[0] != nullptr && ctx.stages != nullptr && ctx.stages->Find(stage_) != nullptr;
}

render::Camera MatchRunner::CameraNow(const SceneContext& ctx) const {
    if (defs_.fighters[0] == nullptr) return {};
    const Stage* stage = ctx.stages != nullptr ? ctx.stages->Find(stage_) : nullptr;
    return render::CameraFor(defs_, state_, stage != nullptr ? stage->loaded.file.floorYPx : game::FLOOR_Y_PX);
}

void MatchRunner::Panel(SceneContext& ctx, const debug::ScreenMap& map, const debug::NetplayView* net) {
    overlay_.framesPerSecond = ctx.clock.framesPerSecond;
    // The overlay draws in world px: the camera moves its boxes with the picture.
    debug::ScreenMap world = map;
    const render::Camera camera = CameraNow(ctx);
    world.offsetX -= static_cast<float>(camera.xPx) * map.scale;
    world.offsetY += static_cast<float>(camera.yPx) * map.scale;
    debug::Draw(overlay_, *ctx.debug, ctx.commands, world, defs_, state_, net);
    if (replay_ && ctx.debug->overlay) {
        if (const auto target = replay_->Panel(map)) SeekReplay(ctx, *target);
    }
}

// ---- the recorder, the log, the report ------------------------------------------------------------------

// Writes this match's replay: the fighters, the config it started with, every tick's inputs and the
// hash they end in. Once per match (later calls do nothing until the next match starts).
bool MatchRunner::SaveRecording(SceneContext& ctx) {
    if (!Recording() || recorded_.empty() || defs_.fighters[0] == nullptr) return true;
    recordingDone_ = true;
    game::Replay out;
    out.fighterIds = {defs_.fighters[0]->id, defs_.fighters[1]->id};
    out.stageId = stage_;
    out.config = config_;
    out.inputs = recorded_;
    out.finalHash = game::HashState(state_);
    if (keptFolder_) {
        // A kept replay that cannot be written is said, and the session goes on.
        std::error_code ec;
        std::filesystem::create_directories(*keptFolder_, ec);
        if (!WriteReplayFile(recordPath_, out)) return true;
        PruneKeptReplays(*keptFolder_, KEPT_REPLAYS);
    } else if (!WriteReplayFile(recordPath_, out)) {
        return false;
    }
    ctx.notices.push_back("brawl: recorded " + std::to_string(out.inputs.size()) + " ticks to " +
                          game::PrintablePath(recordPath_));
    return true;
}

// A replay holds inputs only: a reset, a detection switch or a reload would not replay, so the
// recording ends (and is written) just before one.
void MatchRunner::EndRecording(SceneContext& ctx, const char* why) {
    if (!Recording() || recorded_.empty()) return;
    std::fprintf(stderr, "brawl: the recording ends at tick %zu: %s, which a replay cannot repeat\n", recorded_.size(),
                 why);
    SaveRecording(ctx);
}

// --log-events: every event of a final tick as one JSON line (json_line.h: names escaped).
void MatchRunner::LogEvents(std::span<const game::Event> events) {
    if (eventLog_ == nullptr) return;
    for (const game::Event& e : events) std::fprintf(eventLog_, "%s\n", WriteJsonLine(EventJson(defs_, e)).c_str());
    std::fflush(eventLog_);
}

// The longest combos, from final ticks only (a rolled-back tick is never counted): a Combo event's
// value is its hits so far; a lone Hit is a combo of one.
void MatchRunner::Count(std::span<const game::Event> events) {
    for (const game::Event& e : events) {
        if (e.fighter != 0 && e.fighter != 1) continue;
        std::int32_t& longest = maxCombo_[static_cast<std::size_t>(e.fighter)];
        if (e.kind == game::EventKind::Hit) longest = std::max(longest, 1);
        if (e.kind == game::EventKind::Combo) longest = std::max(longest, e.value);
    }
}

// The match being left (a rematch, the next match online) into the run's sums.
void MatchRunner::AddToTotals() {
    const game::MatchState& s = Reported();
    for (std::size_t i = 0; i < 2; ++i) earlierHits_[i] += s.stats.hits[i];
    if (s.phase != game::Phase::MatchOver) return;
    ++matchesFinished_;
    if (s.matchWinner == 0 || s.matchWinner == 1) ++matchWins_[static_cast<std::size_t>(s.matchWinner)];
}

RunTotals MatchRunner::Totals() const {
    RunTotals t;
    const game::MatchState& s = Reported();
    const bool over = s.phase == game::Phase::MatchOver;
    for (std::size_t i = 0; i < 2; ++i) {
        t.hits[i] = earlierHits_[i] + s.stats.hits[i];
        if (defs_.fighters[i] != nullptr) t.fighters[i] = defs_.fighters[i]->id;
        t.matchWins[i] = matchWins_[i] + (over && s.matchWinner == static_cast<std::int32_t>(i) ? 1 : 0);
    }
    t.matchesFinished = matchesFinished_ + (over ? 1 : 0);
    t.maxCombo = maxCombo_;
    t.stage = stage_;
    return t;
}

JsonLine MatchRunner::Report(const SceneContext& ctx, std::int64_t frames, int matches) const {
    return MatchReport(Reported(),
                       {frames, matches > 0 ? matches : matchesDone_ + 1, ctx.roster->AssetsHash(), ctx.clock.reloads,
                        ctx.clock.reloadErrors, ctx.roster->LoadMilliseconds(), PeakRssKilobytes()},
                       Totals());
}

std::optional<bool> MatchRunner::ReplayHashMatches(std::int64_t frames) const {
    if (!plan_.replay || !plan_.replay->finalHash || frames != static_cast<std::int64_t>(plan_.replay->inputs.size()))
        return std::nullopt;
    return game::HashState(state_) == *plan_.replay->finalHash;
}

}  // namespace app
