// The peer session: an endpoint per address (handshakes under way, the opponent, the spectators),
// the lobby (picks, the host's setup, the join's start), the match's ticks on the sync layer
// (predict, roll back, re-simulate), confirmations, checksums, time sync, the end of a match both
// sides reach at the same tick, and the spectators' feed. No sockets, no wall clock: time is the
// nowMicros each Poll is given.
// Invariant: the remote input of a tick is taken once, from the first packet that carries it, and
// never replaced; a tick is confirmed only when both inputs are final and it was simulated with
// them, so a confirmed tick is the same on both peers; nothing reaches an endpoint's handlers
// before its handshake came back with this side's fresh value.
#include "net/assert.h"
#include "net/endpoint.h"
#include "net/lobby.h"
#include "net/net.h"
#include "net/sync_layer.h"

#include <algorithm>
#include <cmath>

namespace net {

namespace {

constexpr std::size_t LOCAL_CHECKSUMS_KEPT = 8;  // the last 8 compared ticks (4 s at 30-tick intervals)
constexpr std::size_t PEER_CHECKSUMS_KEPT = 16;  // the peer's, waiting for this side to confirm
constexpr std::int32_t WAIT_SPACING_TICKS = 20;  // time sync waits at most one tick in this many
constexpr float WAIT_THRESHOLD_TICKS = 1.0f;     // ... when this side is this far ahead of balance
constexpr std::int32_t MIN_ADVANTAGE_SAMPLES = 16;
// A spectator whose backlog (confirmed ticks it does not hold yet) was once this small has caught
// up; from then on, a backlog past SPECTATOR_MAX_BACKLOG_TICKS (3 s of play) drops it.
constexpr std::uint64_t SPECTATOR_CAUGHT_UP_TICKS = 30;
constexpr std::uint64_t SPECTATOR_MAX_BACKLOG_TICKS = 180;
constexpr std::int32_t WATCH_PACKETS_PER_POLL = 16;  // a late spectator's history: 3,200 ticks a poll at most
// Auto delay: the one-way trip in ticks plus this must fit in delay + prediction window (a tick a
// packet waits for the receiver's poll, one of jitter, two to spare).
constexpr std::int32_t AUTO_MARGIN_TICKS = 4;
constexpr std::int32_t AUTO_MIN_DELAY_TICKS = 2;

std::string Clip(std::string s, std::size_t n) {
    if (s.size() > n) s.resize(n);
    return s;
}

float Mean(const std::array<float, 32>& samples, std::int32_t count) {
    const std::int32_t n = std::min<std::int32_t>(count, static_cast<std::int32_t>(samples.size()));
    if (n == 0) return 0;
    float sum = 0;
    for (std::int32_t i = 0; i < n; ++i) sum += samples[static_cast<std::size_t>(i)];
    return sum / static_cast<float>(n);
}

void Push(std::array<float, 32>& samples, std::int32_t& count, float v) {
    samples[static_cast<std::size_t>(count) % samples.size()] = v;
    ++count;
}

// A refusal's text as the receiver shows it: its own words for a busy or full host, else whose.
std::string RefusalLine(const RefusePacket& p, const char* who) {
    const auto code = static_cast<ErrorCode>(p.code);
    if (code == ErrorCode::HostBusy || code == ErrorCode::HostFull || code == ErrorCode::SpectatorDropped)
        return p.message;
    return std::string("the ") + who + " refused: " + p.message;
}

}  // namespace

struct Session::Checksums {
    struct Local {
        std::uint64_t tick = 0, hash = 0;
        game::MatchState state;
    };
    std::deque<Local> local;                                   // this side's, with the state for a dump
    std::deque<std::pair<std::uint64_t, std::uint64_t>> peer;  // (tick, hash) waiting to be compared
    std::uint64_t lastCompared = 0;
};

// ---- configuration and small public pieces ------------------------------------------------------

std::optional<Error> CheckSessionConfig(const SessionConfig& c) {
    const auto bad = [](const std::string& m) { return Error{ErrorCode::BadConfig, m, 0}; };
    if (c.inputDelayTicks != AUTO_INPUT_DELAY && (c.inputDelayTicks < 0 || c.inputDelayTicks > MAX_INPUT_DELAY_TICKS))
        return bad("inputDelayTicks is " + std::to_string(c.inputDelayTicks) + ": it must be 0 to " +
                   std::to_string(MAX_INPUT_DELAY_TICKS) + ", or AUTO_INPUT_DELAY");
    if (c.maxRollbackTicks < 1 || c.maxRollbackTicks > MAX_ROLLBACK_LIMIT_TICKS)
        return bad("maxRollbackTicks is " + std::to_string(c.maxRollbackTicks) + ": it must be 1 to " +
                   std::to_string(MAX_ROLLBACK_LIMIT_TICKS));
    if (c.noticeMillis < 1) return bad("noticeMillis must be at least 1");
    if (c.timeoutMillis < c.noticeMillis) return bad("timeoutMillis must be at least noticeMillis");
    if (c.checksumIntervalTicks < 1) return bad("checksumIntervalTicks must be at least 1");
    if (c.matchOverTailTicks < -1) return bad("matchOverTailTicks must be -1 (never) or at least 0");
    if (c.maxSpectators < 0 || c.maxSpectators > MAX_SPECTATORS_LIMIT)
        return bad("maxSpectators is " + std::to_string(c.maxSpectators) + ": it must be 0 to " +
                   std::to_string(MAX_SPECTATORS_LIMIT));
    if (c.programVersion.empty() || c.programVersion.size() > MAX_NAME_BYTES)
        return bad("programVersion must be 1 to " + std::to_string(MAX_NAME_BYTES) + " characters");
    for (const char ch : c.programVersion) {
        if (ch < 0x20 || ch > 0x7e) return bad("programVersion must be printable ASCII");
    }
    for (const game::FighterDef* f : c.roster) {
        if (f == nullptr) return bad("roster holds a null fighter");
        if (f->id.empty() || f->id.size() > MAX_NAME_BYTES)
            return bad("roster: fighter id \"" + f->id + "\" must be 1 to " + std::to_string(MAX_NAME_BYTES) +
                       " characters");
    }
    return std::nullopt;
}

LinkPlan PlanForPing(std::int32_t pingMillis, std::int32_t maxRollbackTicks) {
    LinkPlan plan{AUTO_MIN_DELAY_TICKS, maxRollbackTicks};
    if (pingMillis < 0) return plan;
    // One way is half the round trip; in ticks, rounded up.
    const std::int32_t oneWayTicks = (pingMillis * game::TICK_HZ + 1999) / 2000;
    const std::int32_t needTicks = oneWayTicks + AUTO_MARGIN_TICKS;
    plan.inputDelayTicks = std::clamp(needTicks - maxRollbackTicks, AUTO_MIN_DELAY_TICKS, MAX_INPUT_DELAY_TICKS);
    plan.maxRollbackTicks =
        std::clamp(std::max(maxRollbackTicks, needTicks - plan.inputDelayTicks), 1, MAX_ROLLBACK_LIMIT_TICKS);
    return plan;
}

std::array<StatCounter, STAT_COUNTER_COUNT> Counters(const SessionStats& s) {
    return {{
        {"ping_ms", "ping (ms)", s.pingMillis},
        {"input_delay", "input delay (ticks)", s.inputDelayTicks},
        {"rollbacks", "rollbacks", s.rollbacks},
        {"max_rollback", "deepest rollback (ticks)", s.deepestRollbackTicks},
        {"predicted_ticks", "ticks predicted", s.predictedTicks},
        {"stalled_ticks", "stalled ticks", s.stalledTicks},
        {"time_sync_waits", "time-sync waits", s.timeSyncWaits},
        {"packets_lost", "packets lost", s.packetsLost},
        {"packets_dropped", "packets dropped", s.packetsDropped},
        {"spectators", "spectators", s.spectators},
    }};
}

// ---- construction -------------------------------------------------------------------------------

Result<std::unique_ptr<Session>> Session::Create(const SessionConfig& config, Transport& transport) {
    if (auto problem = CheckSessionConfig(config)) return *problem;
    return std::unique_ptr<Session>(new Session(config, transport));
}

Session::Session(const SessionConfig& config, Transport& transport)
    : config_(config),
      transport_(transport),
      valueState_(SeedSessionValues(config.entropy)),
      sync_(std::make_unique<SyncLayer>(config.adapter)),
      checksums_(std::make_unique<Checksums>()) {
    report_.simulated.reserve(static_cast<std::size_t>(MAX_ROLLBACK_LIMIT_TICKS) + 2);
    report_.confirmed.reserve(static_cast<std::size_t>(MAX_TICKS_AHEAD) + 2);
}

Session::~Session() = default;

std::uint32_t Session::FreshValue() {
    return DrawSessionValue(valueState_);
}

// ---- the per-tick entry points ------------------------------------------------------------------

const TickReport& Session::Poll(std::uint64_t nowMicros) {
    nowMicros_ = nowMicros;
    ++polls_;
    report_.simulated.clear();
    report_.confirmed.clear();
    report_.notices.clear();
    report_.rollbackTicks = 0;
    report_.advanced = false;
    rollbackWindow_[polls_ % rollbackWindow_.size()] = 0;
    if (phase_ == SessionPhase::Failed || left_) {
        // Still moving datagrams: a refusal or a desync notice queued on the way out (behind a
        // simulator, say) reaches the peer while the app shows the error; spectators of a match
        // whose opponent was lost get its last confirmed tick.
        transport_.Poll();
        Receive();
        if (!left_) ServeSpectators();
        transport_.Poll();
        report_.hold = Hold::NotRunning;
        UpdateStats();
        return report_;
    }
    // The last poll could advance but no Advance came: the inputs it would have sent go now.
    if (sendOwed_) SendInputs();
    sendOwed_ = false;

    transport_.Poll();
    Receive();
    if (phase_ == SessionPhase::Running) {
        if (sync_->FirstWrongTick() != 0) Rollback(sync_->FirstWrongTick());
        Confirm();
        // Time sync's sample: how far ahead of the peer this side is, the peer's tick estimated
        // from the last one it reported plus half a round trip.
        const double rtt = opponent_ ? opponent_->RttMicros() : -1;
        const double halfTripTicks = rtt > 0 ? rtt / 2.0 / TICK_MICROS : 0.0;
        const float advantage = static_cast<float>(static_cast<double>(sync_->Current()) -
                                                   (static_cast<double>(peerTickSeen_) + halfTripTicks));
        Push(localAdvantage_, localAdvantageCount_, advantage);
        lastAdvantageTicks_ = static_cast<std::int32_t>(std::lround(std::clamp(advantage, -127.0f, 127.0f)));
    }
    CheckTimeouts();
    DecideHold();

    if (phase_ == SessionPhase::Running) {
        // Advancing sends the new input at once; otherwise send now, so acks and the unacknowledged
        // inputs keep flowing while this side waits.
        if (report_.hold == Hold::None) {
            sendOwed_ = true;
        } else {
            SendInputs();
        }
    } else if (phase_ == SessionPhase::Finished && opponent_ && !peerDone_) {
        // This side is done, the peer may not be: keep answering (acks, and our last inputs again)
        // until its Done says it confirmed the last tick too, or the timeout.
        SendInputs();
    }
    for (auto& e : endpoints_) {
        // Keep-alive and round trip for every link that knows its peer and gets no inputs.
        const bool getsInputs = e.get() == opponent_ &&
                                (phase_ == SessionPhase::Running || (phase_ == SessionPhase::Finished && !peerDone_));
        if (e->KnowsPeer() && !getsInputs) Send(*e, PingPacket{e->NextSequence(), e->MakePing(nowMicros_)});
    }
    ServeSpectators();
    transport_.Poll();
    UpdateStats();
    return report_;
}

void Session::Advance(game::Input local, const TickHooks& hooks) {
    NET_ASSERT(phase_ == SessionPhase::Running && report_.hold == Hold::None && !report_.advanced,
               "Session::Advance without a Poll whose hold is Hold::None (once per Poll): check the report first");
    local.bits &= 0x7f;  // seven buttons; the packet format refuses an eighth
    sync_->AddInput(static_cast<std::size_t>(LocalSide()), local);
    StepTick(hooks);
    ++ticksSinceWait_;
    stalling_ = false;
    report_.advanced = true;
    Confirm();
    SendInputs();
    sendOwed_ = false;
    ServeSpectators();
    transport_.Poll();
}

const TickReport& Session::Tick(std::uint64_t nowMicros, game::Input local, const TickHooks& hooks) {
    Poll(nowMicros);
    if (report_.hold == Hold::None && phase_ == SessionPhase::Running) Advance(local, hooks);
    return report_;
}

// ---- links: handshakes, the opponent, the spectators --------------------------------------------

Endpoint* Session::FindEndpoint(PeerId peer) {
    for (auto& e : endpoints_) {
        if (e->Peer() == peer) return e.get();
    }
    return nullptr;
}

void Session::DropEndpoint(Endpoint& endpoint) {
    if (&endpoint == opponent_) opponent_ = nullptr;
    std::erase_if(endpoints_, [&](const std::unique_ptr<Endpoint>& e) { return e.get() == &endpoint; });
}

void Session::Send(Endpoint& endpoint, const Packet& packet) {
    endpoint.Send(transport_, packet, sendBuffer_);
    ++stats_.packetsSent;
}

void Session::SendToOpponent(const Packet& packet) {
    if (opponent_) Send(*opponent_, packet);
}

void Session::Drop(DropReason reason) {
    ++stats_.dropped.total;
    ++stats_.dropped.byReason[static_cast<std::size_t>(reason)];
}

void Session::Receive() {
    while (transport_.Receive(receiveBuffer_)) {
        if (phase_ == SessionPhase::Failed && receiveBuffer_.event == LinkEvent::None) continue;  // drained
        Endpoint* e = FindEndpoint(receiveBuffer_.peer);
        switch (receiveBuffer_.event) {
            case LinkEvent::Connected: {
                const bool host = config_.role == Role::Host;
                std::size_t pending = 0;
                for (const auto& x : endpoints_) pending += x.get() != opponent_ && !x->watcher.active;
                if (e != nullptr || (!host && !endpoints_.empty()) || (host && pending >= MAX_PENDING_HANDSHAKES) ||
                    phase_ == SessionPhase::Failed) {
                    if (e == nullptr) transport_.Close(receiveBuffer_.peer);
                    break;
                }
                endpoints_.push_back(std::make_unique<Endpoint>(receiveBuffer_.peer, FreshValue(), nowMicros_));
                // Our opening Hello: the role and this link's fresh value (GGPO's sync request).
                Send(*endpoints_.back(), HelloPacket{config_.programVersion, config_.simulationVersion,
                                                     host ? PeerRole::Host : PeerRole::Player});
                break;
            }
            case LinkEvent::Closed:
                if (e == nullptr) {
                    // A join whose connection never came up: nobody answered at that address.
                    if (config_.role == Role::Join && endpoints_.empty() && phase_ == SessionPhase::Connecting) {
                        Fail(Error{ErrorCode::TransportFailed,
                                   "the connection closed before the handshake (no host there?)", 0},
                             {});
                    }
                    break;
                }
                if (e == opponent_) {
                    PeerGone(false);
                } else if (e->watcher.active) {
                    report_.notices.push_back("a spectator left");
                    DropEndpoint(*e);
                } else if (config_.role == Role::Join) {
                    DropEndpoint(*e);
                    Fail(Error{ErrorCode::TransportFailed,
                               "the connection closed before the handshake (no host there?)", 0},
                         {});
                } else {
                    ++stats_.handshakesAbandoned;
                    DropEndpoint(*e);
                }
                break;
            case LinkEvent::None:
                ++stats_.packetsReceived;
                if (e == nullptr) {
                    Drop(DropReason::UnknownPeer);
                    break;
                }
                Handle(*e, receiveBuffer_);
                break;
        }
    }
}

void Session::Handle(Endpoint& e, const Datagram& datagram) {
    Message m;
    const DropReason reason = ParseMessage(datagram.bytes, m);
    if (reason != DropReason::None) {
        Drop(reason);
        // A hello in another packet format: if the handshake never completes, the join says which
        // versions met rather than "no answer". (Never at once: one corrupted byte must not end a
        // handshake that would have completed.)
        if (reason == DropReason::UnknownVersion && !e.IsBound() && datagram.channel == Channel::Reliable &&
            datagram.bytes[3] == static_cast<std::uint8_t>(PacketKind::Hello)) {
            foreignVersion_ = datagram.bytes[2];
        }
        return;
    }
    if (ChannelOf(m.packet) != datagram.channel) {
        Drop(DropReason::WrongChannel);
        return;
    }
    const Endpoint::Admission admission = e.Admit(m);
    switch (admission.verdict) {
        case Endpoint::Verdict::Drop:
            Drop(admission.reason);
            return;
        case Endpoint::Verdict::Ignore:
            e.Heard(nowMicros_);
            return;
        case Endpoint::Verdict::Opening:
            // Answer with our value for this link and theirs: the first half of the round trip.
            e.Heard(nowMicros_);
            Send(e, HelloPacket{config_.programVersion, config_.simulationVersion,
                                config_.role == Role::Host ? PeerRole::Host : PeerRole::Player});
            return;
        case Endpoint::Verdict::Bound: {
            e.Heard(nowMicros_);
            const PeerId peer = e.Peer();
            Bind(e);
            // Bind may have refused (and forgotten) the endpoint, or failed the session.
            if (FindEndpoint(peer) != &e || phase_ == SessionPhase::Failed) return;
            break;
        }
        case Endpoint::Verdict::Handle:
            e.Heard(nowMicros_);
            break;
    }
    if (std::holds_alternative<HelloPacket>(m.packet)) return;  // the answer that bound it
    if (&e == opponent_) {
        HandleOpponent(m);
    } else if (e.watcher.active) {
        HandleSpectator(e, m);
    } else {
        Drop(DropReason::WrongRole);
    }
}

void Session::Bind(Endpoint& e) {
    const bool host = config_.role == Role::Host;
    const PeerRole role = e.Hello().role;
    if (auto r = CheckHello(e.Hello(), config_.programVersion, config_.simulationVersion,
                            host ? PeerRole::Host : PeerRole::Player)) {
        if (!host) {
            opponent_ = &e;
            Fail(Error{r->code, r->here, 0}, r->there);
            return;
        }
        Refuse(e, r->code, role == PeerRole::Spectator ? "" : r->here, r->there);
        return;
    }
    if (!host) {
        opponent_ = &e;
        phase_ = SessionPhase::Lobby;
        if (localCursor_) SendToOpponent(*localCursor_);  // chosen while it connected
        return;
    }
    if (role == PeerRole::Spectator) {
        std::int32_t watching = 0;
        for (const auto& x : endpoints_) watching += x->watcher.active;
        if (watching >= config_.maxSpectators) {
            Refuse(e, ErrorCode::HostFull, "",
                   "the host serves " + std::to_string(config_.maxSpectators) + " spectators already");
            report_.notices.push_back("turned a spectator away: " + std::to_string(watching) + " are watching");
            return;
        }
        e.watcher = Endpoint::Watcher{};
        e.watcher.active = true;
        report_.notices.push_back("a spectator is watching (" + std::to_string(watching + 1) + ")");
        return;
    }
    if (opponent_ != nullptr || phase_ != SessionPhase::Connecting) {
        Refuse(e, ErrorCode::HostBusy, "", "the host is in a match");
        report_.notices.push_back("turned a second opponent away: the host is in a match");
        return;
    }
    opponent_ = &e;
    phase_ = SessionPhase::Lobby;
    // The host may have chosen while it waited (or before a refused opponent): tell the new one.
    if (localPick_) {
        SendToOpponent(*localPick_);
    } else if (localCursor_) {
        SendToOpponent(*localCursor_);
    }
}

void Session::Refuse(Endpoint& e, ErrorCode code, const std::string& here, const std::string& there) {
    Send(e, RefusePacket{static_cast<std::uint8_t>(code), Clip(there, MAX_MESSAGE_BYTES)});
    transport_.Close(e.Peer());  // once the refusal is delivered
    const bool wasOpponent = &e == opponent_;
    DropEndpoint(e);
    if (!here.empty()) {
        // An opponent turned away: the host records it in its own words and goes on waiting.
        refusal_ = Error{code, here, 0};
        ++stats_.refusals;
        report_.notices.push_back("refused an opponent: " + here);
    }
    if (wasOpponent && phase_ != SessionPhase::Running && phase_ != SessionPhase::Failed) {
        phase_ = SessionPhase::Connecting;
        peerPick_.reset();
        peerCursor_.reset();
        offered_.reset();
    }
}

void Session::HandleOpponent(const Message& m) {
    const Packet& packet = m.packet;
    if (auto* p = std::get_if<PickPacket>(&packet)) {
        HandlePick(*p);
    } else if (auto* b = std::get_if<BrowsePacket>(&packet)) {
        // The cursor of the next match's choice: the match number and phase as a Pick's.
        if (b->match != match_ + 1) return Drop(DropReason::StaleMatch);
        if (phase_ == SessionPhase::Connecting || phase_ == SessionPhase::Failed) return Drop(DropReason::WrongPhase);
        peerCursor_ = *b;
    } else if (auto* s = std::get_if<SetupPacket>(&packet)) {
        HandleSetup(*s);
    } else if (auto* st = std::get_if<StartPacket>(&packet)) {
        HandleStart(*st);
    } else if (auto* f = std::get_if<RefusePacket>(&packet)) {
        const std::string line = RefusalLine(*f, "opponent");
        if (config_.role == Role::Host && (phase_ == SessionPhase::Lobby || phase_ == SessionPhase::Connecting)) {
            // The joiner found something it cannot play with: this host goes on waiting.
            refusal_ = Error{static_cast<ErrorCode>(f->code), line, 0};
            ++stats_.refusals;
            report_.notices.push_back(line);
            transport_.Close(opponent_->Peer());
            DropEndpoint(*opponent_);
            phase_ = SessionPhase::Connecting;
            peerPick_.reset();
            peerCursor_.reset();
            offered_.reset();
        } else {
            Fail(Error{static_cast<ErrorCode>(f->code), line, 0}, {});
        }
    } else if (auto* i = std::get_if<InputsPacket>(&packet)) {
        HandleInputs(*i);
    } else if (auto* g = std::get_if<PingPacket>(&packet)) {
        if (!opponent_->PlausibleSequence(g->sequence)) return Drop(DropReason::BadField);
        opponent_->TakePing(g->ping, g->sequence, nowMicros_);
    } else if (auto* c = std::get_if<ChecksumPacket>(&packet)) {
        HandleChecksum(*c);
    } else if (auto* d = std::get_if<DesyncPacket>(&packet)) {
        HandleDesync(*d);
    } else if (auto* n = std::get_if<DonePacket>(&packet)) {
        HandleDone(*n);
    } else if (std::holds_alternative<ByePacket>(packet)) {
        PeerGone(true);
    } else {
        Drop(DropReason::WrongRole);  // a spectator's packet from the opponent
    }
}

void Session::PeerGone(bool left) {
    if (phase_ == SessionPhase::Failed || opponent_ == nullptr) return;
    DropEndpoint(*opponent_);
    waitingForPeer_ = false;
    if (phase_ == SessionPhase::Finished) {
        peerLeft_ = true;  // the match stands; only a rematch is impossible
        return;
    }
    // Gone after its last input of the match arrived: this side has all it needs and finishes alone.
    const std::size_t remote = static_cast<std::size_t>(1 - LocalSide());
    if (phase_ == SessionPhase::Running && lastTick_ != 0 && sync_->KnownThrough(remote) >= lastTick_) {
        peerGone_ = peerLeft_ = true;
        return;
    }
    const char* how = left ? "left" : "lost";
    const std::string what = phase_ == SessionPhase::Running ? "at tick " + std::to_string(confirmed_) : "in the lobby";
    Fail(Error{left ? ErrorCode::PeerLeft : ErrorCode::PeerLost, std::string("opponent ") + how + " " + what,
               confirmed_},
         {});
}

void Session::HandleSpectator(Endpoint& e, const Message& m) {
    Endpoint::Watcher& w = e.watcher;
    if (auto* a = std::get_if<WatchAckPacket>(&m.packet)) {
        if (!e.PlausibleSequence(a->sequence)) return Drop(DropReason::BadField);
        e.TakePing(a->ping, a->sequence, nowMicros_);
        if (a->match != w.match) return Drop(DropReason::StaleMatch);
        if (a->receivedTick > w.sentThrough) return Drop(DropReason::FutureTick);
        if (a->sequence > w.ackSequence) {
            w.ackSequence = a->sequence;
            w.receivedThrough = a->receivedTick;
        }
    } else if (auto* g = std::get_if<PingPacket>(&m.packet)) {
        if (!e.PlausibleSequence(g->sequence)) return Drop(DropReason::BadField);
        e.TakePing(g->ping, g->sequence, nowMicros_);
    } else if (std::holds_alternative<ByePacket>(m.packet)) {
        report_.notices.push_back("a spectator left");
        DropEndpoint(e);
    } else if (auto* f = std::get_if<RefusePacket>(&m.packet)) {
        report_.notices.push_back("a spectator cannot watch: " + f->message);
        transport_.Close(e.Peer());
        DropEndpoint(e);
    } else {
        Drop(DropReason::WrongRole);  // a player's packet from a spectator
    }
}

void Session::ServeSpectators() {
    if (config_.role != Role::Host || match_ == 0) return;
    // The tick the spectators stop at: the match's last, or the last confirmed one of a match whose
    // opponent is gone (they end on the same hash the host's result states).
    std::uint64_t endTick = 0;
    if (phase_ == SessionPhase::Finished) endTick = lastTick_;
    if (phase_ == SessionPhase::Failed && error_ &&
        (error_->code == ErrorCode::PeerLost || error_->code == ErrorCode::PeerLeft))
        endTick = confirmed_;
    std::vector<Endpoint*> watchers;
    for (auto& e : endpoints_) {
        if (e->watcher.active) watchers.push_back(e.get());
    }
    for (Endpoint* e : watchers) {
        Endpoint::Watcher& w = e->watcher;
        if (w.match != match_) {
            std::array<std::uint64_t, 2> hashes{};
            for (std::size_t i = 0; i < 2; ++i) hashes[i] = game::HashFighterDef(*defs_.fighters[i]);
            Send(*e, SetupPacket{match_, setupHash_, hashes, setupText_});
            w = Endpoint::Watcher{};
            w.active = true;
            w.match = match_;
        }
        // Only confirmed inputs, oldest first; the history of a late spectator over a few polls.
        for (std::int32_t packets = 0; w.sentThrough < confirmed_ && packets < WATCH_PACKETS_PER_POLL; ++packets) {
            WatchPacket p;
            p.match = match_;
            p.firstTick = static_cast<std::uint32_t>(w.sentThrough + 1);
            p.count = static_cast<std::uint8_t>(
                std::min<std::uint64_t>(confirmed_ - w.sentThrough, MAX_WATCH_TICKS_PER_PACKET));
            for (std::size_t i = 0; i < p.count; ++i) {
                p.bits[2 * i] = sync_->InputAt(0, p.firstTick + i).bits;
                p.bits[2 * i + 1] = sync_->InputAt(1, p.firstTick + i).bits;
            }
            Send(*e, p);
            w.sentThrough += p.count;
        }
        if (endTick != 0 && w.sentThrough >= endTick && !w.doneSent) {
            Send(*e, DonePacket{match_, static_cast<std::uint32_t>(endTick)});
            w.doneSent = true;
        }
        // Spectators never hold the players back; one that had caught up and then falls ever
        // further behind (a hung or starved machine) is let go.
        const std::uint64_t backlog = confirmed_ - std::min(confirmed_, w.receivedThrough);
        if (backlog <= SPECTATOR_CAUGHT_UP_TICKS) w.caughtUp = true;
        if (w.caughtUp && backlog > SPECTATOR_MAX_BACKLOG_TICKS) {
            const std::string why = "its backlog grew to " + std::to_string(backlog) + " ticks after it had caught up";
            Send(*e, RefusePacket{static_cast<std::uint8_t>(ErrorCode::SpectatorDropped),
                                  "the host dropped this spectator: " + why});
            transport_.Close(e->Peer());
            DropEndpoint(*e);
            ++stats_.spectatorsDropped;
            report_.notices.push_back("dropped a spectator: " + why);
        }
    }
}

// ---- the lobby ----------------------------------------------------------------------------------

std::optional<Error> Session::Ready(const std::string& fighterId, const game::MatchConfig& config,
                                    const std::string& stageId) {
    if (phase_ == SessionPhase::Failed) return *error_;
    if (peerLeft_) return Error{ErrorCode::PeerLeft, "the opponent left", confirmed_};
    if (phase_ != SessionPhase::Lobby && phase_ != SessionPhase::Finished) {
        return Error{ErrorCode::BadConfig,
                     std::string("Ready while ") + game::NameOf(SESSION_PHASE_NAMES, phase_) +
                         ": wait for the lobby (after the handshake) or the match's end",
                     0};
    }
    if (localPick_) return Error{ErrorCode::BadConfig, "Ready twice for the same match", 0};
    const game::FighterDef* def = FindFighter(fighterId);
    if (def == nullptr) {
        return Error{ErrorCode::FighterUnknown, "fighter \"" + fighterId + "\" is not in this side's roster", 0};
    }
    if (config.cpuLevel < 1 || config.cpuLevel > 3 || config.insetPx < 0 || config.insetPx > 1000) {
        return Error{ErrorCode::BadConfig, "match config: cpuLevel must be 1 to 3 and insetPx 0 to 1000", 0};
    }
    const std::optional<game::StageGeometry> stage = FindStage(config_.stages, stageId);
    if (config_.role == Role::Host && !stage) {
        return Error{ErrorCode::BadConfig, "stage \"" + stageId + "\" is not in this side's stages", 0};
    }
    localPick_ = PickPacket{match_ + 1, fighterId, game::HashFighterDef(*def)};
    hostConfig_ = config;
    if (stage) hostConfig_.stage = *stage;
    hostStageId_ = stageId;
    SendToOpponent(*localPick_);
    OfferSetup();
    transport_.Poll();
    return std::nullopt;
}

void Session::Browse(const std::string& fighterId) {
    if (localPick_ || fighterId.empty() || fighterId.size() > MAX_NAME_BYTES) return;
    if (phase_ == SessionPhase::Running || phase_ == SessionPhase::Failed) return;
    if (localCursor_ && localCursor_->match == match_ + 1 && localCursor_->fighterId == fighterId) return;
    localCursor_ = BrowsePacket{match_ + 1, fighterId};
    SendToOpponent(*localCursor_);  // none yet: Bind sends it
}

void Session::HandlePick(const PickPacket& p) {
    if (p.match != match_ + 1) return Drop(DropReason::StaleMatch);
    if (peerPick_ ||
        (phase_ != SessionPhase::Lobby && phase_ != SessionPhase::Finished && phase_ != SessionPhase::Running)) {
        return Drop(DropReason::WrongPhase);
    }
    // Checked at once, before any match begins: a refusal worded for each side.
    if (auto r = CheckFighter(config_.roster, p.fighterId, p.fighterHash, "opponent", "opponent")) {
        if (config_.role == Role::Host && phase_ != SessionPhase::Running) {
            Refuse(*opponent_, r->code, r->here, r->there);
        } else {
            Fail(Error{r->code, r->here, 0}, r->there);
        }
        return;
    }
    peerPick_ = p;
    OfferSetup();
}

void Session::OfferSetup() {
    if (config_.role != Role::Host || !localPick_ || !peerPick_ || offered_ || opponent_ == nullptr) return;
    if (phase_ != SessionPhase::Lobby && phase_ != SessionPhase::Finished) return;
    game::MatchConfig config = hostConfig_;
    config.controllers = {game::Controller::Human, game::Controller::Human};  // online, both sides are inputs
    const std::array<std::string, 2> ids{localPick_->fighterId, peerPick_->fighterId};
    const std::array<std::uint64_t, 2> hashes{localPick_->fighterHash, peerPick_->fighterHash};
    SetupPacket s;
    s.match = match_ + 1;
    s.text = EncodeSetup(ids, config, config_.simulationVersion, hostStageId_);
    s.fighterHashes = hashes;
    s.setupHash = HashSetup(s.text, hashes, config.stage);
    offered_ = s;
    SendToOpponent(s);
}

void Session::HandleSetup(const SetupPacket& p) {
    if (config_.role != Role::Join) return Drop(DropReason::WrongRole);
    if (p.match != match_ + 1) return Drop(DropReason::StaleMatch);
    if (!localPick_ || (phase_ != SessionPhase::Lobby && phase_ != SessionPhase::Finished)) {
        return Drop(DropReason::WrongPhase);
    }
    Refusal refusal;
    auto accepted = AcceptSetup(p, config_.roster, config_.stages, "opponent", refusal);
    if (accepted.Ok() && (accepted.Value().fighterIds[1] != localPick_->fighterId ||
                          (peerPick_ && accepted.Value().fighterIds[0] != peerPick_->fighterId))) {
        refusal = {ErrorCode::SetupMismatch, "the host's setup names other fighters than the two chosen",
                   "this side's setup names other fighters than the two chosen"};
        accepted = Error{refusal.code, refusal.here, 0};
    }
    if (!accepted.Ok()) return Fail(accepted.GetError(), refusal.there);
    SendToOpponent(StartPacket{p.match, p.setupHash});
    const AcceptedSetup& a = accepted.Value();
    defs_ = a.defs;
    fighterIds_ = a.fighterIds;
    stageId_ = a.stageId;
    matchConfig_ = a.config;
    setupText_ = p.text;
    setupHash_ = p.setupHash;
    StartMatch();
}

void Session::HandleStart(const StartPacket& p) {
    if (config_.role != Role::Host) return Drop(DropReason::WrongRole);
    if (!offered_ || p.match != offered_->match) return Drop(DropReason::StaleMatch);
    if (p.setupHash != offered_->setupHash) return Drop(DropReason::BadField);
    for (std::size_t i = 0; i < 2; ++i) {
        defs_.fighters[i] = FindFighter(i == 0 ? localPick_->fighterId : peerPick_->fighterId);
    }
    fighterIds_ = {localPick_->fighterId, peerPick_->fighterId};
    stageId_ = hostStageId_;
    matchConfig_ = hostConfig_;
    matchConfig_.controllers = {game::Controller::Human, game::Controller::Human};
    setupText_ = offered_->text;
    setupHash_ = offered_->setupHash;
    StartMatch();
}

void Session::SetLastTick(std::uint64_t tick) {
    requestedLastTick_ = tick;
    if (phase_ == SessionPhase::Running && tick != 0) lastTick_ = std::max(tick, confirmed_);
}

void Session::Leave() {
    if (left_) return;
    left_ = true;
    // A goodbye to every link that knows us, delivered before the link closes (the transport
    // closes it only after what was queued), so the peer reads "left", never "lost".
    for (auto& e : endpoints_) {
        if (e->KnowsPeer()) Send(*e, ByePacket{});
        transport_.Close(e->Peer());
    }
    endpoints_.clear();
    opponent_ = nullptr;
    transport_.Poll();
}

void Session::StartMatch() {
    ++match_;
    const LinkPlan plan = config_.inputDelayTicks == AUTO_INPUT_DELAY
                              ? PlanForPing(stats_.pingMillis, config_.maxRollbackTicks)
                              : LinkPlan{config_.inputDelayTicks, config_.maxRollbackTicks};
    delayTicks_ = plan.inputDelayTicks;
    windowTicks_ = plan.maxRollbackTicks;
    stats_.inputDelayTicks = delayTicks_;
    stats_.maxRollbackTicks = windowTicks_;
    sync_->Start(defs_, matchConfig_, static_cast<std::size_t>(windowTicks_) + 2);
    // Ticks 1 to delay of this side's inputs are neutral on both peers: the queue starts with them.
    for (std::int32_t t = 0; t < delayTicks_; ++t) sync_->AddInput(static_cast<std::size_t>(LocalSide()), {});
    confirmed_ = localAcked_ = 0;
    ackSequence_ = 0;
    lastTick_ = requestedLastTick_;
    peerDone_ = doneSent_ = sendOwed_ = peerGone_ = false;
    endedAtMicros_ = 0;
    *checksums_ = Checksums{};
    desync_.reset();
    peerTickSeen_ = 0;
    localAdvantageCount_ = peerAdvantageCount_ = 0;
    ticksSinceWait_ = 0;
    lastAdvantageTicks_ = 0;
    stalling_ = false;
    localPick_.reset();
    peerPick_.reset();
    localCursor_.reset();
    peerCursor_.reset();
    offered_.reset();
    phase_ = SessionPhase::Running;
}

// ---- the match's inputs -------------------------------------------------------------------------

void Session::HandleInputs(const InputsPacket& p) {
    if (!opponent_->PlausibleSequence(p.sequence)) return Drop(DropReason::BadField);
    const std::size_t local = static_cast<std::size_t>(LocalSide()), remote = 1 - local;
    if (phase_ == SessionPhase::Finished && p.match == match_) {
        // The peer still finishing: nothing more is needed but its acks and round trip.
        opponent_->TakePing(p.ping, p.sequence, nowMicros_);
        return;
    }
    if (phase_ != SessionPhase::Running) {
        // Inputs can overtake the Start that begins a match (they travel on another channel): the
        // sender repeats them until acknowledged, so dropping them loses nothing (and they still
        // count as arrived for the loss count).
        if (p.match == match_ + 1) opponent_->TakePing(p.ping, p.sequence, nowMicros_);
        return Drop(DropReason::WrongPhase);
    }
    if (p.match != match_) return Drop(DropReason::StaleMatch);
    const std::uint64_t first = p.firstTick, last = first + p.count - 1;
    const std::uint64_t horizon = sync_->Current() + MAX_TICKS_AHEAD;
    const std::uint64_t remoteLast = sync_->KnownThrough(remote);
    if ((p.count > 0 && last > horizon) || p.senderTick > horizon || p.ackTick > sync_->KnownThrough(local)) {
        return Drop(DropReason::FutureTick);
    }
    if (p.count > 0 && first > remoteLast + 1) return Drop(DropReason::InputGap);
    // An input that contradicts one already taken means the packet cannot be trusted at all.
    for (std::uint64_t t = first; p.count > 0 && t <= std::min(last, remoteLast); ++t) {
        if (sync_->InputAt(remote, t).bits != p.bits[t - first]) return Drop(DropReason::InputConflict);
    }
    opponent_->TakePing(p.ping, p.sequence, nowMicros_);
    // The ack is the newest packet's, not the largest ever seen: an ack that was wrong (forged)
    // heals with the peer's next packet, and what it did not have is sent again.
    if (p.sequence > ackSequence_) {
        ackSequence_ = p.sequence;
        localAcked_ = p.ackTick;
    }
    peerTickSeen_ = std::max<std::uint64_t>(peerTickSeen_, p.senderTick);
    Push(peerAdvantage_, peerAdvantageCount_, p.advantageTicks);
    for (std::uint64_t t = std::max(first, remoteLast + 1); p.count > 0 && t <= last; ++t) {
        // A tick already simulated on a prediction that proves wrong: the sync layer marks it.
        if (sync_->AddInput(remote, game::Input{p.bits[t - first]})) ++stats_.mispredictedTicks;
    }
}

void Session::HandleChecksum(const ChecksumPacket& p) {
    if (p.match != match_) return Drop(DropReason::StaleMatch);
    if (phase_ != SessionPhase::Running && phase_ != SessionPhase::Finished) return Drop(DropReason::WrongPhase);
    if (p.tick > sync_->Current() + MAX_TICKS_AHEAD) return Drop(DropReason::FutureTick);
    Checksums& c = *checksums_;
    if (p.tick <= c.lastCompared) return Drop(DropReason::OldChecksum);  // compared already (or a replay)
    if (p.tick <= confirmed_) {
        // Already confirmed here: compare with the one kept, if it still is.
        const auto it =
            std::find_if(c.local.begin(), c.local.end(), [&](const Checksums::Local& l) { return l.tick == p.tick; });
        if (it == c.local.end()) return Drop(DropReason::OldChecksum);
        c.peer.emplace_back(p.tick, p.hash);
        CompareChecksum(p.tick);
        return;
    }
    if (c.peer.size() >= PEER_CHECKSUMS_KEPT) {
        c.peer.pop_front();
        Drop(DropReason::OldChecksum);
    }
    c.peer.emplace_back(p.tick, p.hash);
}

void Session::HandleDesync(const DesyncPacket& p) {
    if (p.match != match_) return Drop(DropReason::StaleMatch);
    DesyncReport report;
    report.tick = p.tick;
    for (const Checksums::Local& l : checksums_->local) {
        if (l.tick == p.tick) {
            report.localHash = l.hash;
            report.localDump = game::DumpState(l.state);
        }
    }
    for (const auto& [tick, hash] : checksums_->peer) {
        if (tick == p.tick) report.remoteHash = hash;
    }
    desync_ = std::move(report);
    Fail(Error{ErrorCode::Desync, "desync at tick " + std::to_string(p.tick), p.tick}, {});
}

void Session::HandleDone(const DonePacket& p) {
    if (p.match != match_ || (phase_ != SessionPhase::Running && phase_ != SessionPhase::Finished)) {
        return Drop(DropReason::StaleMatch);
    }
    // The peer confirmed the match's last tick: it holds every input of ours up to it, and (when
    // this side does not know the end yet) that is where the match ends, as this side will find.
    if (p.tick > sync_->KnownThrough(static_cast<std::size_t>(LocalSide()))) return Drop(DropReason::FutureTick);
    if (lastTick_ != 0 && p.tick != lastTick_) return Drop(DropReason::BadField);
    peerDone_ = true;
    if (lastTick_ == 0) lastTick_ = std::max<std::uint64_t>(p.tick, confirmed_);
    localAcked_ = std::max<std::uint64_t>(localAcked_, p.tick);
}

// ---- the match's ticks --------------------------------------------------------------------------

void Session::StepTick(const TickHooks& hooks) {
    const std::size_t remote = static_cast<std::size_t>(1 - LocalSide());
    if (sync_->Current() + 1 > sync_->KnownThrough(remote)) ++stats_.predictedTicks;
    const SyncLayer::Slot& slot = sync_->Step(hooks.debug, hooks.nowNanos);
    report_.simulated.push_back(SimulatedTick{sync_->Current(), false, slot.events});
}

void Session::Rollback(std::uint64_t firstWrongTick) {
    // Re-simulations get no debug record and no clock: the overlay shows the present tick's passes.
    sync_->Resimulate(firstWrongTick, [&](std::uint64_t tick, const SyncLayer::Slot& slot) {
        report_.simulated.push_back(SimulatedTick{tick, true, slot.events});
    });
    const std::int32_t depth = static_cast<std::int32_t>(sync_->Current() - firstWrongTick + 1);
    ++stats_.rollbacks;
    stats_.resimulatedTicks += depth;
    stats_.deepestRollbackTicks = std::max(stats_.deepestRollbackTicks, depth);
    report_.rollbackTicks = std::max(report_.rollbackTicks, depth);
    ++rollbackWindow_[polls_ % rollbackWindow_.size()];
}

void Session::Confirm() {
    std::uint64_t upTo = sync_->Confirmable();
    if (lastTick_ != 0) upTo = std::min(upTo, lastTick_);
    for (std::uint64_t t = confirmed_ + 1; t <= upTo; ++t) {
        const SyncLayer::Slot& slot = sync_->At(t);
        report_.confirmed.push_back(SimulatedTick{t, false, slot.events});
        confirmed_ = t;
        if (t % static_cast<std::uint64_t>(config_.checksumIntervalTicks) == 0) {
            // Only a confirmed tick is compared: a predicted one may still change (GGRS issue 63).
            Checksums::Local c{t, game::HashState(slot.state), slot.state};
            SendToOpponent(ChecksumPacket{match_, static_cast<std::uint32_t>(t), c.hash});
            checksums_->local.push_back(std::move(c));
            if (checksums_->local.size() > LOCAL_CHECKSUMS_KEPT) checksums_->local.pop_front();
            CompareChecksum(t);
            if (phase_ == SessionPhase::Failed) return;
        }
        // Both peers see the same confirmed MatchOver, so both end the match on the same tick.
        for (const game::Event& e : slot.events.View()) {
            if (e.kind != game::EventKind::MatchOver || config_.matchOverTailTicks < 0) continue;
            const std::uint64_t end = t + static_cast<std::uint64_t>(config_.matchOverTailTicks);
            if (lastTick_ == 0 || end < lastTick_) lastTick_ = end;
            upTo = std::min(upTo, lastTick_);
        }
    }
    if (phase_ == SessionPhase::Running && lastTick_ != 0 && confirmed_ == lastTick_) {
        // This side's match is complete. The Done tells the peer we hold all its inputs; until its
        // own Done comes, Poll keeps answering (CanClose says when the transport may go).
        if (!doneSent_) SendToOpponent(DonePacket{match_, static_cast<std::uint32_t>(lastTick_)});
        doneSent_ = true;
        phase_ = SessionPhase::Finished;
        endedAtMicros_ = nowMicros_;
    }
}

void Session::CompareChecksum(std::uint64_t tick) {
    Checksums& c = *checksums_;
    const auto peer = std::find_if(c.peer.begin(), c.peer.end(), [&](const auto& x) { return x.first == tick; });
    const auto local =
        std::find_if(c.local.begin(), c.local.end(), [&](const Checksums::Local& l) { return l.tick == tick; });
    if (peer == c.peer.end() || local == c.local.end()) return;
    const std::uint64_t remoteHash = peer->second;
    c.peer.erase(peer);
    c.lastCompared = std::max(c.lastCompared, tick);
    if (remoteHash == local->hash) {
        ++stats_.desyncChecksPassed;
        return;
    }
    desync_ = DesyncReport{tick, local->hash, remoteHash, game::DumpState(local->state)};
    SendToOpponent(DesyncPacket{match_, static_cast<std::uint32_t>(tick)});  // the peer stops too, with its dump
    Fail(Error{ErrorCode::Desync, "desync at tick " + std::to_string(tick), tick}, {});
}

void Session::DecideHold() {
    if (phase_ != SessionPhase::Running) {
        report_.hold = Hold::NotRunning;
        stalling_ = false;
        return;
    }
    const std::uint64_t current = sync_->Current();
    if (lastTick_ != 0 && current >= lastTick_) {
        report_.hold = Hold::LastTick;
        stalling_ = false;
        return;
    }
    // Advancing would leave more than the window's ticks predicted: wait for the peer.
    const std::uint64_t remoteLast = sync_->KnownThrough(static_cast<std::size_t>(1 - LocalSide()));
    if (current + 1 > remoteLast + static_cast<std::uint64_t>(windowTicks_)) {
        report_.hold = Hold::Stalled;
        ++stats_.stalledTicks;
        if (!stalling_) stallSinceMicros_ = nowMicros_;
        stalling_ = true;
        return;
    }
    stalling_ = false;
    // Time sync (GGPO's): each side measures how far it runs ahead of the other; the two views
    // differ by twice the imbalance. The side ahead waits one tick now and then until they agree.
    if (localAdvantageCount_ >= MIN_ADVANTAGE_SAMPLES && peerAdvantageCount_ >= MIN_ADVANTAGE_SAMPLES &&
        ticksSinceWait_ >= WAIT_SPACING_TICKS) {
        const float imbalance =
            (Mean(localAdvantage_, localAdvantageCount_) - Mean(peerAdvantage_, peerAdvantageCount_)) / 2;
        if (imbalance >= WAIT_THRESHOLD_TICKS) {
            report_.hold = Hold::TimeSync;
            ++stats_.timeSyncWaits;
            ticksSinceWait_ = 0;
            return;
        }
    }
    report_.hold = Hold::None;
}

void Session::CheckTimeouts() {
    if (phase_ == SessionPhase::Failed) return;
    const std::uint64_t timeout = std::uint64_t(config_.timeoutMillis) * 1000;
    // Handshakes that never came back (a replay, a ghost, a silent stranger): a host forgets them
    // and goes on waiting; a join gives up.
    std::vector<Endpoint*> stale;
    for (auto& e : endpoints_) {
        if (!e->IsBound() && nowMicros_ - e->OpenedMicros() > timeout) stale.push_back(e.get());
        if (e->watcher.active && nowMicros_ - e->LastHeardMicros() > timeout) stale.push_back(e.get());
    }
    for (Endpoint* e : stale) {
        if (config_.role == Role::Join) {
            DropEndpoint(*e);
            if (foreignVersion_ != 0) {
                return Fail(Error{ErrorCode::ProtocolVersionMismatch,
                                  "protocol version differs: " + std::to_string(PROTOCOL_VERSION) + " here, " +
                                      std::to_string(foreignVersion_) + " on the opponent's side",
                                  0},
                            {});
            }
            return Fail(Error{ErrorCode::PeerLost, "no answer to the handshake", 0}, {});
        }
        if (e->watcher.active) {
            report_.notices.push_back("a spectator went silent");
        } else {
            ++stats_.handshakesAbandoned;
        }
        transport_.Close(e->Peer());
        DropEndpoint(*e);
    }
    if (opponent_ == nullptr || (phase_ == SessionPhase::Finished && peerDone_)) {
        waitingForPeer_ = false;
        return;
    }
    const std::uint64_t silence = nowMicros_ - opponent_->LastHeardMicros();
    const std::uint64_t stall = stalling_ ? nowMicros_ - stallSinceMicros_ : 0;
    const std::uint64_t worst = std::max(silence, stall);
    waitingForPeer_ = worst > std::uint64_t(config_.noticeMillis) * 1000;
    if (worst > timeout) PeerGone(false);
}

// ---- sending ------------------------------------------------------------------------------------

void Session::SendInputs() {
    if (opponent_ == nullptr) return;
    const std::size_t local = static_cast<std::size_t>(LocalSide());
    InputsPacket p;
    p.match = match_;
    p.sequence = opponent_->NextSequence();
    p.senderTick = static_cast<std::uint32_t>(sync_->Current());
    p.ackTick = static_cast<std::uint32_t>(sync_->KnownThrough(1 - local));
    p.advantageTicks = static_cast<std::int8_t>(lastAdvantageTicks_);
    p.ping = opponent_->MakePing(nowMicros_);
    // Every input the peer has not acknowledged, oldest first (the peer takes them in order).
    const std::uint64_t localLast = sync_->KnownThrough(local);
    const std::uint64_t acked = std::min(localAcked_, localLast);
    p.firstTick = static_cast<std::uint32_t>(acked + 1);
    p.count = static_cast<std::uint8_t>(std::min<std::uint64_t>(localLast - acked, MAX_INPUTS_PER_PACKET));
    for (std::size_t i = 0; i < p.count; ++i) p.bits[i] = sync_->InputAt(local, acked + 1 + i).bits;
    Send(*opponent_, p);
}

void Session::Fail(Error error, const std::string& there) {
    if (phase_ == SessionPhase::Failed) return;
    if (opponent_ != nullptr && !there.empty()) {
        Send(*opponent_, RefusePacket{static_cast<std::uint8_t>(error.code), Clip(there, MAX_MESSAGE_BYTES)});
    }
    transport_.Poll();
    error_ = std::move(error);
    phase_ = SessionPhase::Failed;
    waitingForPeer_ = false;
    endedAtMicros_ = nowMicros_;
}

void Session::UpdateStats() {
    std::int32_t recent = 0;
    for (const std::uint8_t n : rollbackWindow_) recent += n;
    stats_.rollbacksLastSecond = recent;
    // Each side's own measure carries the same bias (half a round trip includes the time a packet
    // waits for the receiver's poll); half their difference does not.
    stats_.frameAdvantageTicks = static_cast<std::int32_t>(
        std::lround((Mean(localAdvantage_, localAdvantageCount_) - Mean(peerAdvantage_, peerAdvantageCount_)) / 2));
    if (opponent_ != nullptr) {
        const double rtt = opponent_->RttMicros();
        if (rtt >= 0) stats_.pingMillis = static_cast<std::int32_t>(std::lround(rtt / 1000.0));
        stats_.packetsLost = opponent_->PacketsLost();
        stats_.recentLossPercent = opponent_->RecentLossPercent();
    }
    stats_.packetsDropped = stats_.dropped.total;
    stats_.spectators = 0;
    for (const auto& e : endpoints_) stats_.spectators += e->watcher.active;
    if (waitingForPeer_ || stats_.pingMillis > 200 || stats_.recentLossPercent > 10) {
        stats_.quality = Quality::Poor;
    } else if (stats_.pingMillis > 100 || stats_.recentLossPercent > 3) {
        stats_.quality = Quality::Fair;
    } else {
        stats_.quality = Quality::Good;
    }
}

// ---- what the app reads -------------------------------------------------------------------------

bool Session::CanClose() const {
    if (phase_ == SessionPhase::Running) return false;
    if (phase_ == SessionPhase::Finished && opponent_ != nullptr && !peerDone_) return false;
    std::uint64_t endTick = 0;
    if (phase_ == SessionPhase::Finished) endTick = lastTick_;
    if (phase_ == SessionPhase::Failed && error_ &&
        (error_->code == ErrorCode::PeerLost || error_->code == ErrorCode::PeerLeft))
        endTick = confirmed_;
    if (endTick == 0 || left_) return true;
    const bool timedOut = nowMicros_ - endedAtMicros_ > std::uint64_t(config_.timeoutMillis) * 1000;
    for (const auto& e : endpoints_) {
        if (e->watcher.active && e->watcher.receivedThrough < endTick && !timedOut) return false;
    }
    return true;
}

const std::string& Session::PeerFighter() const {
    static const std::string none;
    return peerPick_ ? peerPick_->fighterId : none;
}

const std::string& Session::PeerCursor() const {
    static const std::string none;
    return peerPick_ ? peerPick_->fighterId : peerCursor_ ? peerCursor_->fighterId : none;
}

const game::FighterDef* Session::FindFighter(const std::string& id) const {
    return FindIn(config_.roster, id);
}

const game::MatchState& Session::State() const {
    return sync_->Live();
}

const game::MatchState& Session::ConfirmedState() const {
    return match_ == 0 ? sync_->Live() : sync_->At(confirmed_).state;
}

std::uint64_t Session::CurrentTick() const {
    return sync_->Current();
}

std::uint64_t Session::ConfirmedHash() const {
    return game::HashState(ConfirmedState());
}

std::vector<game::Inputs> Session::ConfirmedInputs() const {
    if (match_ == 0) return {};
    return sync_->FinalInputs(confirmed_);
}

game::Replay Session::MakeReplay() const {
    game::Replay r;
    r.fighterIds = fighterIds_;
    r.config = matchConfig_;
    r.inputs = ConfirmedInputs();
    r.finalHash = ConfirmedHash();
    r.simulationVersion = config_.simulationVersion;
    return r;
}

// ---- a CPU as a local input source --------------------------------------------------------------

CpuPlayer::CpuPlayer(std::int32_t side, std::uint64_t seed) : side_(side), rng_{seed} {}

game::Input CpuPlayer::Decide(const game::MatchDefs& defs, const game::MatchState& view) {
    // The state's own CPU memory is wiped when a round starts (the RoundStart event's tick): a view
    // of a new round (or a new match) wipes this one the same way, before its first decision.
    // A new round keeps what the CPU learned of its opponent (as the state's own CPU does); a new
    // match forgets that too.
    if (view.tick < lastViewTick_) {
        memory_ = {};
    } else if (view.round != round_) {
        game::ForgetRound(memory_);
    }
    round_ = view.round;
    lastViewTick_ = view.tick;
    return game::ThinkCpu(defs, view, side_, memory_, rng_);
}

}  // namespace net
