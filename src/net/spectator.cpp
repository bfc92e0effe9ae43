// The spectator session (GGRS's): one link to a host, the host's setup for each match, both
// players' confirmed inputs over the reliable channel, played on the sync layer a few ticks behind,
// many ticks a poll while it catches up from the match's first tick. No sockets, no wall clock.
// Invariant: every tick it plays has both inputs final (received from the host, which sends only
// confirmed ones), so it never predicts and never rolls back, and its states are the players'.
#include "net/assert.h"
#include "net/endpoint.h"
#include "net/lobby.h"
#include "net/net.h"
#include "net/sync_layer.h"

#include <algorithm>

namespace net {

namespace {

// A few ticks behind: one tick a poll, two while more than twice this many wait, and past
// SPECTATOR_CATCH_UP_TICKS as many as FAST_FORWARD_TICKS_PER_POLL (a late joiner's catch-up).
constexpr std::uint64_t SPECTATOR_BUFFER_TICKS = 3;
constexpr std::uint64_t SPECTATOR_CATCH_UP_TICKS = 60;
constexpr std::uint64_t FAST_FORWARD_TICKS_PER_POLL = 240;  // 4 s of play in one poll

}  // namespace

Result<std::unique_ptr<SpectatorSession>> SpectatorSession::Create(const SpectatorConfig& config,
                                                                   Transport& transport) {
    SessionConfig asSession;  // the same ranges as a player's, where they overlap
    asSession.programVersion = config.programVersion;
    asSession.roster = config.roster;
    asSession.noticeMillis = config.noticeMillis;
    asSession.timeoutMillis = config.timeoutMillis;
    if (auto problem = CheckSessionConfig(asSession)) return *problem;
    return std::unique_ptr<SpectatorSession>(new SpectatorSession(config, transport));
}

SpectatorSession::SpectatorSession(const SpectatorConfig& config, Transport& transport)
    : config_(config),
      transport_(transport),
      valueState_(SeedSessionValues(config.entropy)),
      sync_(std::make_unique<SyncLayer>(config.adapter)) {}

SpectatorSession::~SpectatorSession() = default;

const TickReport& SpectatorSession::Poll(std::uint64_t nowMicros) {
    nowMicros_ = nowMicros;
    report_.simulated.clear();
    report_.confirmed.clear();
    report_.notices.clear();
    report_.catchingUp = false;
    report_.hold = Hold::NotRunning;
    transport_.Poll();
    Receive();
    if (phase_ != SessionPhase::Failed && !left_ && host_ != nullptr) {
        const std::uint64_t timeout = std::uint64_t(config_.timeoutMillis) * 1000;
        if (!host_->IsBound() && nowMicros_ - host_->OpenedMicros() > timeout) {
            Fail(Error{ErrorCode::PeerLost, "no answer to the handshake", 0});
        } else if (host_->IsBound() && nowMicros_ - host_->LastHeardMicros() > timeout && !hostLeft_) {
            const bool complete = lastTick_ != 0 && ReceivedTick() >= lastTick_;
            if (complete) {
                hostLeft_ = true;
            } else {
                Fail(Error{ErrorCode::PeerLost, "the host was lost at tick " + std::to_string(CurrentTick()),
                           CurrentTick()});
            }
        }
    }
    Play();
    if (phase_ != SessionPhase::Failed && !left_ && host_ != nullptr && host_->KnowsPeer() && !hostLeft_) {
        // What it holds, every poll: the host's measure of this spectator's backlog, and the round trip.
        if (match_ != 0) {
            Send(WatchAckPacket{match_, host_->NextSequence(), host_->MakePing(nowMicros_),
                                static_cast<std::uint32_t>(ReceivedTick())});
        } else {
            Send(PingPacket{host_->NextSequence(), host_->MakePing(nowMicros_)});
        }
    }
    transport_.Poll();
    if (host_ != nullptr && host_->RttMicros() >= 0)
        stats_.pingMillis = static_cast<std::int32_t>(host_->RttMicros() / 1000.0 + 0.5);
    stats_.behindTicks = static_cast<std::int64_t>(ReceivedTick() - CurrentTick());
    stats_.packetsDropped = stats_.dropped.total;
    return report_;
}

void SpectatorSession::Leave() {
    if (left_) return;
    left_ = true;
    if (host_ != nullptr) {
        if (host_->KnowsPeer()) Send(ByePacket{});
        transport_.Close(host_->Peer());
    }
    transport_.Poll();
}

void SpectatorSession::Send(const Packet& packet) {
    host_->Send(transport_, packet, sendBuffer_);
    ++stats_.packetsSent;
}

void SpectatorSession::Drop(DropReason reason) {
    ++stats_.dropped.total;
    ++stats_.dropped.byReason[static_cast<std::size_t>(reason)];
}

void SpectatorSession::Fail(Error error) {
    if (phase_ == SessionPhase::Failed) return;
    error_ = std::move(error);
    phase_ = SessionPhase::Failed;
}

void SpectatorSession::Receive() {
    while (transport_.Receive(receiveBuffer_)) {
        if (left_) continue;
        const bool fromHost = host_ != nullptr && receiveBuffer_.peer == host_->Peer();
        switch (receiveBuffer_.event) {
            case LinkEvent::Connected:
                if (host_ != nullptr || phase_ == SessionPhase::Failed) {
                    if (!fromHost) transport_.Close(receiveBuffer_.peer);
                    break;
                }
                host_ = std::make_unique<Endpoint>(receiveBuffer_.peer, DrawSessionValue(valueState_), nowMicros_);
                Send(HelloPacket{config_.programVersion, config_.simulationVersion, PeerRole::Spectator});
                break;
            case LinkEvent::Closed:
                if (!fromHost || phase_ == SessionPhase::Failed) break;
                if (!host_->IsBound()) {
                    Fail(Error{ErrorCode::TransportFailed,
                               "the connection closed before the handshake (no host there?)", 0});
                } else if (lastTick_ != 0 && ReceivedTick() >= lastTick_) {
                    hostLeft_ = true;  // it has every input of the match: it plays on to the end
                } else if (!hostLeft_) {
                    Fail(Error{ErrorCode::PeerLost, "the host was lost at tick " + std::to_string(CurrentTick()),
                               CurrentTick()});
                }
                break;
            case LinkEvent::None:
                ++stats_.packetsReceived;
                if (!fromHost) {
                    Drop(DropReason::UnknownPeer);
                    break;
                }
                if (phase_ != SessionPhase::Failed) Handle(receiveBuffer_);
                break;
        }
    }
}

void SpectatorSession::Handle(const Datagram& datagram) {
    Message m;
    const DropReason reason = ParseMessage(datagram.bytes, m);
    if (reason != DropReason::None) return Drop(reason);
    if (ChannelOf(m.packet) != datagram.channel) return Drop(DropReason::WrongChannel);
    const Endpoint::Admission admission = host_->Admit(m);
    switch (admission.verdict) {
        case Endpoint::Verdict::Drop:
            return Drop(admission.reason);
        case Endpoint::Verdict::Ignore:
            host_->Heard(nowMicros_);
            return;
        case Endpoint::Verdict::Opening:
            host_->Heard(nowMicros_);
            Send(HelloPacket{config_.programVersion, config_.simulationVersion, PeerRole::Spectator});
            return;
        case Endpoint::Verdict::Bound:
            host_->Heard(nowMicros_);
            if (auto r = CheckHello(host_->Hello(), config_.programVersion, config_.simulationVersion,
                                    PeerRole::Spectator)) {
                Send(RefusePacket{static_cast<std::uint8_t>(r->code), r->there});
                return Fail(Error{r->code, r->here, 0});
            }
            phase_ = SessionPhase::Lobby;
            break;
        case Endpoint::Verdict::Handle:
            host_->Heard(nowMicros_);
            break;
    }
    const Packet& packet = m.packet;
    if (std::holds_alternative<HelloPacket>(packet)) return;
    if (auto* s = std::get_if<SetupPacket>(&packet)) {
        HandleSetup(*s);
    } else if (auto* w = std::get_if<WatchPacket>(&packet)) {
        HandleWatch(*w);
    } else if (auto* d = std::get_if<DonePacket>(&packet)) {
        if (d->match != match_) return Drop(DropReason::StaleMatch);
        if (d->tick < CurrentTick()) return Drop(DropReason::BadField);
        lastTick_ = d->tick;
    } else if (auto* g = std::get_if<PingPacket>(&packet)) {
        if (!host_->PlausibleSequence(g->sequence)) return Drop(DropReason::BadField);
        host_->TakePing(g->ping, g->sequence, nowMicros_);
    } else if (auto* f = std::get_if<RefusePacket>(&packet)) {
        const auto code = static_cast<ErrorCode>(f->code);
        Fail(Error{code,
                   code == ErrorCode::SpectatorDropped || code == ErrorCode::HostFull
                       ? f->message
                       : "the host refused: " + f->message,
                   CurrentTick()});
    } else if (std::holds_alternative<ByePacket>(packet)) {
        if (lastTick_ != 0 && ReceivedTick() >= lastTick_) {
            hostLeft_ = true;
        } else {
            Fail(Error{ErrorCode::PeerLeft, "the host left at tick " + std::to_string(CurrentTick()), CurrentTick()});
        }
    } else {
        Drop(DropReason::WrongRole);  // a player's packet
    }
}

void SpectatorSession::HandleSetup(const SetupPacket& p) {
    if (p.match <= match_ && phase_ != SessionPhase::Lobby) return Drop(DropReason::StaleMatch);
    Refusal refusal;
    auto accepted = AcceptSetup(p, config_.roster, config_.stages, "spectator", refusal);
    if (!accepted.Ok()) {
        Send(RefusePacket{static_cast<std::uint8_t>(refusal.code), refusal.there});
        return Fail(accepted.GetError());
    }
    const AcceptedSetup& a = accepted.Value();
    match_ = p.match;
    defs_ = a.defs;
    fighterIds_ = a.fighterIds;
    stageId_ = a.stageId;
    matchConfig_ = a.config;
    simulationVersion_ = a.simulationVersion;
    setupHash_ = p.setupHash;
    lastTick_ = 0;
    // Nothing is ever rolled back: the ring holds the present and the tick before it.
    sync_->Start(defs_, matchConfig_, 2);
    phase_ = SessionPhase::Running;
}

void SpectatorSession::HandleWatch(const WatchPacket& p) {
    if (p.match != match_) return Drop(DropReason::StaleMatch);
    if (phase_ != SessionPhase::Running && phase_ != SessionPhase::Finished) return Drop(DropReason::WrongPhase);
    const std::uint64_t received = ReceivedTick();
    // The host sends each confirmed tick once, in order, on the reliable channel: anything else is
    // not the host's stream.
    if (p.firstTick > received + 1) return Drop(DropReason::InputGap);
    if (p.firstTick <= received) return Drop(DropReason::InputConflict);
    if (lastTick_ != 0 && p.firstTick + p.count - 1 > lastTick_) return Drop(DropReason::FutureTick);
    for (std::size_t i = 0; i < p.count; ++i) {
        sync_->AddInput(0, game::Input{p.bits[2 * i]});
        sync_->AddInput(1, game::Input{p.bits[2 * i + 1]});
    }
}

void SpectatorSession::Play() {
    if (phase_ != SessionPhase::Running) return;
    const std::uint64_t current = sync_->Current();
    std::uint64_t limit = ReceivedTick();
    if (lastTick_ != 0) limit = std::min(limit, lastTick_);
    const std::uint64_t behind = limit - current;
    std::uint64_t steps = behind == 0 ? 0 : 1;
    if (behind > SPECTATOR_CATCH_UP_TICKS) {
        steps = std::min(behind - SPECTATOR_BUFFER_TICKS, FAST_FORWARD_TICKS_PER_POLL);
        report_.catchingUp = true;
        stats_.fastForwardedTicks += static_cast<std::int64_t>(steps);
    } else if (behind > 2 * SPECTATOR_BUFFER_TICKS) {
        steps = 2;
    }
    if (steps == 0) ++stats_.waitedPolls;
    for (std::uint64_t i = 0; i < steps; ++i) {
        const SyncLayer::Slot& slot = sync_->Step();
        report_.simulated.push_back(SimulatedTick{sync_->Current(), false, slot.events});
        report_.confirmed.push_back(report_.simulated.back());
    }
    report_.advanced = steps > 0;
    if (lastTick_ != 0 && sync_->Current() == lastTick_) phase_ = SessionPhase::Finished;
}

const game::MatchState& SpectatorSession::State() const {
    return sync_->Live();
}

std::uint64_t SpectatorSession::CurrentTick() const {
    return sync_->Current();
}

std::uint64_t SpectatorSession::ReceivedTick() const {
    return std::min(sync_->KnownThrough(0), sync_->KnownThrough(1));
}

std::uint64_t SpectatorSession::CurrentHash() const {
    return game::HashState(sync_->Live());
}

game::Replay SpectatorSession::MakeReplay() const {
    game::Replay r;
    r.fighterIds = fighterIds_;
    r.config = matchConfig_;
    r.inputs = match_ == 0 ? std::vector<game::Inputs>{} : sync_->FinalInputs(CurrentTick());
    r.finalHash = CurrentHash();
    r.simulationVersion = simulationVersion_;
    return r;
}

}  // namespace net
