// The match runner: one object runs a match for any mode. It holds what every mode shares: the
// definitions and the state, each tick's events and debug record, the sounds, the overlay, the
// recorder (--record) and the event log (--log-events), the run's totals and its report line, and
// the drawing of the match. Each side's input comes from an InputSource (input_sources.h: the keys
// or a pad, the CPU, a slot, a replay); the mode's MatchRules step the state (the fight's StepMatch,
// training's dummy and refills). Online, the session steps the state and the runner follows it
// (Follow: each event heard and logged once under rollback). Scenes stay thin: each chooses its
// sources and rules and draws its own menus. Must not reach into any scene; no scene code here.
#pragma once

#include "app/input_sources.h"
#include "app/match_report.h"
#include "app/scene.h"
#include "audio/audio.h"
#include "debug/overlay.h"
#include "game/game.h"
#include "net/net.h"
#include "render/camera.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace net {
class EnetTransport;
}

namespace app {

/// The sounds of a match: the event table bound to the fighters and the voices that start each
/// event once, panned by the fighters' x. Silent (no voices) when the game is. The voices point at
/// `table`: kept in place, never copied. Offline each tick is final (Hear); online, under rollback,
/// events come and go as net::EventTracker reports them (Started, Vanished, Confirm).
struct MatchSounds {
    audio::EventSounds table;
    std::unique_ptr<audio::RollbackVoices> voices;  ///< null when the game is silent

    MatchSounds() = default;
    MatchSounds(const MatchSounds&) = delete;
    MatchSounds& operator=(const MatchSounds&) = delete;

    /// Opens the voices on the shell's sink (nothing when `a` is null) and starts `music`.
    void Open(const SceneAudio* a, audio::Track music);
    /// A new match (its ticks start again): the fighters' own sounds bound, the voices forgotten.
    void Bind(const game::MatchDefs& defs);
    /// The tick just stepped: each of its events heard once; the tick is final (no rollback here).
    /// `cameraXPx`: the view's left edge (sounds pan by where they are on screen).
    void Hear(const game::MatchState& state, std::span<const game::Event> events, std::int32_t cameraXPx);
};

/// How a mode steps its match. The default is the plain fight: NewMatch, then StepMatch each tick.
class MatchRules {
public:
    virtual ~MatchRules() = default;
    /// The match's first state.
    [[nodiscard]] virtual game::MatchState Start(const game::MatchDefs& defs, const game::MatchConfig& config);
    /// One tick from both sides' inputs.
    virtual void Step(const game::MatchDefs& defs, game::MatchState& state, const game::Inputs& inputs,
                      const game::StepHooks& hooks);
    /// After the tick was stepped and observed (heard, logged, shown): training's frame meter, the
    /// dummy's fresh start after a knock-out (MatchRunner::Renew).
    virtual void After(class MatchRunner&) {}
};

/// What a run's match starts from: the two fighters, the config (its controllers are the sources'),
/// and, to play a replay, the replay (its config and inputs, both sides).
struct MatchPlan {
    std::array<int, 2> fighter{0, 1};              ///< roster indices
    std::string stage = assets::DEFAULT_STAGE_ID;  ///< the stage's id (a replay's own replaces it)
    game::MatchConfig config;                      ///< its seed is the first match's; each next match takes the next
    std::shared_ptr<const game::Replay> replay;
};

/// The plan a scene's arguments make: the setup's fighters, stage, CPU level and seed, --detection.
[[nodiscard]] MatchPlan PlanFor(const SceneArgs& args, const Options& options);

class MatchRunner {
public:
    MatchRunner() = default;
    MatchRunner(const MatchRunner&) = delete;
    MatchRunner& operator=(const MatchRunner&) = delete;
    ~MatchRunner();

    // ---- the run ---------------------------------------------------------------------------------
    /// What lasts the whole run: the event log (--log-events; a bad path is its line on stderr), the
    /// sounds and `music` (a match's start replaces it with its stage's loop); `records`: --record's
    /// file is this runner's replay (training's is a slot).
    void Open(SceneContext& ctx, bool records, audio::Track music = audio::Track::Title);
    /// Each side's source (kept for every match of the run); `rules` (not owned) step the match.
    void SetSources(std::array<std::unique_ptr<InputSource>, 2> sources);
    void SetRules(MatchRules& rules) { rules_ = &rules; }
    /// The run's first match. A plan with a replay plays it (both sides, any tick again).
    void Begin(SceneContext& ctx, MatchPlan plan);
    /// The next match (the next seed): a rematch, or attract mode's next match.
    void Rematch(SceneContext& ctx);
    /// The same match from its start again (the pause menu's RESTART MATCH).
    void Restart(SceneContext& ctx);
    /// Training's fresh start inside the match (not a match of the run): the state replaced.
    void Renew(game::MatchState state);

    // ---- a tick --------------------------------------------------------------------------------------
    /// One tick: each side's source (or the replay), the rules' step, the recorder, the overlay,
    /// the event log, the sounds, then the rules' After; a finished match is followed by the next
    /// after SceneArgs::rematchAfterTicks (none while a replay plays or one is recorded).
    void Tick(SceneContext& ctx, const game::Inputs& controls, std::int32_t rematchAfterTicks = 0);
    /// Online: the session stepped (and re-simulated) its match, as `report` says; the runner takes
    /// the definitions, the state to show (State, predicted) and the one to report (ConfirmedState;
    /// a new match number: the last match counts to the run's totals), hears each event once and
    /// logs and counts each confirmed tick's.
    void Follow(const SceneContext& ctx, const net::Session& session, const net::TickReport& report);
    /// A spectator's match, as Follow: every tick final, those played to catch up not heard.
    void Follow(const SceneContext& ctx, const net::SpectatorSession& spectator, const net::TickReport& report);
    /// Online: the followed match is over; the next one's ticks start again (the voices forget).
    void FollowEnded();

    // ---- what the player does to a match ------------------------------------------------------------
    /// The developer's commands on a match: a new detection mode (ends a recording). False: not one.
    bool Command(SceneContext& ctx, const debug::Command& c);
    /// The round from its start (F5 in a fight; ends a recording).
    void RestartRound(SceneContext& ctx);
    /// A fighter reloaded: the state conformed to the new definitions (a recording ends).
    void Reloaded(SceneContext& ctx, const ReloadNews& news);
    /// A click on the picture: the overlay selects the fighter under that pixel.
    void Click(SceneContext& ctx, collide::Point world);

    // ---- drawing ---------------------------------------------------------------------------------------
    /// The match and its HUD (and a replay's seek bar).
    void Draw(SceneContext& ctx) const;
    /// Whether Draw covers the whole picture (a match begun on a stage there is: its opaque back
    /// layer, or the built-in rooftop's plain backdrop), so nothing drawn under it would show.
    [[nodiscard]] bool DrawsWholePicture(const SceneContext& ctx) const;
    /// The overlay's panel (and a replay's slider); `net`: online's numbers.
    void Panel(SceneContext& ctx, const debug::ScreenMap& map, const debug::NetplayView* net = nullptr);

    // ---- the report -----------------------------------------------------------------------------------
    /// Writes the match's replay when --record asked (once per match). False: it could not be
    /// written (its line is on stderr).
    bool SaveRecording(SceneContext& ctx);
    /// The run's line: MatchReport over every match of the run; `frames` the ticks run, `matches`
    /// the current match's number (0: the runner's count).
    [[nodiscard]] JsonLine Report(const SceneContext& ctx, std::int64_t frames, int matches = 0) const;
    /// The replay's end state against its recorded hash (nothing when the run did not end on it).
    [[nodiscard]] std::optional<bool> ReplayHashMatches(std::int64_t frames) const;
    [[nodiscard]] RunTotals Totals() const;

    [[nodiscard]] const game::MatchDefs& Defs() const { return defs_; }
    [[nodiscard]] const game::MatchState& State() const { return state_; }
    [[nodiscard]] game::MatchState& State() { return state_; }
    [[nodiscard]] std::span<const game::Event> Events() const { return events_.View(); }
    [[nodiscard]] game::DebugRecord& Debug() { return debug_; }
    [[nodiscard]] const std::array<int, 2>& Fighters() const { return fighter_; }
    /// The stage being played (a replay's own when one plays).
    [[nodiscard]] const std::string& StageId() const { return stage_; }
    /// The camera over the match now (render/camera.h): where the stage and the fighters are drawn.
    [[nodiscard]] render::Camera CameraNow(const SceneContext& ctx) const;
    [[nodiscard]] bool PlaysReplay() const { return replay_ != nullptr; }
    /// Matches finished before the current one started (the current one's number is this plus one).
    [[nodiscard]] int MatchesDone() const { return matchesDone_; }

private:
    /// What Follow reads of a session or a spectator.
    struct Followed {
        const game::MatchDefs& defs;
        const game::MatchState& state;      ///< shown (may be predicted)
        const game::MatchState& confirmed;  ///< reported
        std::uint32_t number;
        const std::array<std::string, 2>& fighterIds;
        const std::string& stageId;
    };
    void FollowMatch(const SceneContext& ctx, const Followed& match, const net::TickReport& report, bool mute);
    void Start(SceneContext& ctx);
    void SeekReplay(SceneContext& ctx, std::int64_t tick);
    void EndRecording(SceneContext& ctx, const char* why);
    void LogEvents(std::span<const game::Event> events);
    void Count(std::span<const game::Event> events);
    void AddToTotals();
    [[nodiscard]] bool Recording() const { return !recordPath_.empty() && !recordingDone_; }
    [[nodiscard]] game::StepHooks Hooks();
    /// The state the report and the totals read: a followed session's last confirmed one, or the match's.
    [[nodiscard]] const game::MatchState& Reported() const { return confirmed_ ? *confirmed_ : state_; }

    MatchPlan plan_;
    std::array<std::unique_ptr<InputSource>, 2> sources_;
    MatchRules defaultRules_;
    MatchRules* rules_ = &defaultRules_;
    // The match in progress.
    game::MatchDefs defs_;
    std::array<int, 2> fighter_{0, 1};
    std::string stage_ = assets::DEFAULT_STAGE_ID;
    game::MatchState state_;
    game::MatchConfig config_;  ///< as the match started (a replay's config)
    game::DebugRecord debug_;
    game::EventList events_;
    std::unique_ptr<ReplayPlayer> replay_;
    bool replayOverSaid_ = false;
    std::int64_t overTicks_ = 0;  ///< ticks the match has been over
    // Online: the match followed, its last confirmed state, the events of ticks not yet final.
    std::uint32_t followed_ = 0;
    std::optional<game::MatchState> confirmed_;  ///< what the report says when following a session
    net::EventTracker tracker_;
    std::vector<net::EventTracker::Tracked> changes_;
    // What the run shows and keeps.
    debug::Overlay overlay_;
    MatchSounds sounds_;
    std::FILE* eventLog_ = nullptr;
    bool records_ = false;
    std::string recordPath_;
    std::optional<std::string> keptFolder_;  ///< a windowed match's replays folder (recordPath_ is in it)
    std::vector<game::Inputs> recorded_;     ///< every tick's inputs, while recording
    bool recordingDone_ = false;             ///< this match's file is written; no more ticks go in
    // The run's sums: the matches already replaced.
    int matchesDone_ = 0;  ///< matches started after the first (each takes the next seed)
    std::array<std::int32_t, 2> earlierHits_{};
    int matchesFinished_ = 0;
    std::array<int, 2> matchWins_{};
    std::array<std::int32_t, 2> maxCombo_{};  ///< from every final tick's Hit and Combo events
};

// ---- online: what the runner shows and reports of a session ----------------------------------------

/// The overlay's netplay numbers for `session` (this side hosts: `host`): the delay and window
/// as this match uses them (the auto delay's pick).
[[nodiscard]] debug::NetplayView NetplayViewOf(const net::Session& session, bool host);
/// The session's keys of the run's line: net::Counters' ("ping_ms", "input_delay", "rollbacks",
/// "max_rollback", "predicted_ticks", "stalled_ticks", "time_sync_waits", "packets_lost",
/// "packets_dropped", "spectators"), "input_delay_auto" (`autoDelay`: --delay auto), "rollback_window",
/// "desyncs", "side" ("p1" or "p2").
void AddNetReport(JsonLine& line, const net::Session& session, std::int32_t side, bool autoDelay);
/// The ping, the connection's quality mark, how many watch, and "waiting for opponent" under the timer.
void DrawNetStatus(SDL_Renderer* renderer, const net::Session& session);

/// --host, --join or --spectate's ENet transport (`where`): a join knocks a second past --timeout
/// (so the scene's own line says it gave up); a host has slots for the opponent, --spectators and
/// handshakes under way.
[[nodiscard]] net::Result<std::unique_ptr<net::EnetTransport>> OpenEnet(const OnlineArgs& where,
                                                                        const Options& options);
/// A session's notices (a spectator came, an opponent was refused), each a "brawl: " line on stderr.
void PrintNotices(const net::TickReport& report);
/// The line of a join no host answered, or of a headless host nobody joined, within --timeout.
[[nodiscard]] std::string NobodyThereLine(const OnlineArgs& where, const Options& options);
/// A desync's state at its tick, into --desync-dump or desync-p<side + 1>.txt (nothing when the
/// session's failure is no desync); the line saying where, or why not, on stderr.
void SaveDesyncDump(const net::Session& session, const Options& options, std::int32_t side);

/// How an online scene ends on `report` (a departed or lost opponent, a desync, nobody there): a
/// headless or scripted (--frames, --matches) run stops with it (its JSON, its line, exit 1); a
/// window prints its line and goes back to the title with `args`' setup, the title showing why.
void EndOnline(SceneContext& ctx, const SceneArgs& args, const RunReport& report);

/// Writes `replay` to `path` through the one writer (files.h: whole or not at all, never into a FIFO
/// or a device). False: it could not be (its line is on stderr).
bool WriteReplayFile(const std::string& path, const game::Replay& replay);

}  // namespace app
