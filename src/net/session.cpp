// The rollback session: handshake, lobby, the match's ticks (predict, roll back, re-simulate),
// confirmations, checksums of confirmed ticks, time sync, and the peer's silence. No sockets, no
// wall clock: time is the nowMicros each Poll is given.
// Invariant: the remote input of a tick is taken once, from the first packet that carries it, and
// never replaced; a tick is confirmed only when both inputs are final and it was simulated with
// them, so a confirmed tick is the same on both peers.
#include "net/assert.h"
#include "net/net.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace net {

namespace {

constexpr std::size_t LOCAL_CHECKSUMS_KEPT = 8;  // the last 8 compared ticks (4 s at 30-tick intervals)
constexpr std::size_t PEER_CHECKSUMS_KEPT = 16;  // the peer's, waiting for this side to confirm
constexpr std::int32_t WAIT_SPACING_TICKS = 20;  // time sync waits at most one tick in this many
constexpr float WAIT_THRESHOLD_TICKS = 1.0f;     // ... when this side is this far ahead of balance
constexpr std::int32_t MIN_ADVANTAGE_SAMPLES = 16;
constexpr std::uint64_t MAX_SEQUENCE_JUMP = 1u << 20;

std::string Hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

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

}  // namespace

struct Session::Slot {
    game::MatchState state;  // after the tick
    game::EventList events;  // the tick's, as last simulated
    game::Input remoteUsed;  // the remote input it was last simulated with
};

std::optional<Error> CheckSessionConfig(const SessionConfig& c) {
    const auto bad = [](const std::string& m) { return Error{ErrorCode::BadConfig, m, 0}; };
    if (c.inputDelayTicks < 0 || c.inputDelayTicks > MAX_INPUT_DELAY_TICKS)
        return bad("inputDelayTicks is " + std::to_string(c.inputDelayTicks) + ": it must be 0 to " +
                   std::to_string(MAX_INPUT_DELAY_TICKS));
    if (c.maxRollbackTicks < 1 || c.maxRollbackTicks > MAX_ROLLBACK_LIMIT_TICKS)
        return bad("maxRollbackTicks is " + std::to_string(c.maxRollbackTicks) + ": it must be 1 to " +
                   std::to_string(MAX_ROLLBACK_LIMIT_TICKS));
    if (c.noticeMillis < 1) return bad("noticeMillis must be at least 1");
    if (c.timeoutMillis < c.noticeMillis) return bad("timeoutMillis must be at least noticeMillis");
    if (c.checksumIntervalTicks < 1) return bad("checksumIntervalTicks must be at least 1");
    if (c.matchOverTailTicks < -1) return bad("matchOverTailTicks must be -1 (never) or at least 0");
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

Result<std::unique_ptr<Session>> Session::Create(const SessionConfig& config, Transport& transport) {
    if (auto problem = CheckSessionConfig(config)) return *problem;
    return std::unique_ptr<Session>(new Session(config, transport));
}

Session::Session(const SessionConfig& config, Transport& transport)
    : config_(config), transport_(transport), ring_(static_cast<std::size_t>(config.maxRollbackTicks) + 2) {
    report_.simulated.reserve(static_cast<std::size_t>(config.maxRollbackTicks) + 2);
    report_.confirmed.reserve(static_cast<std::size_t>(MAX_TICKS_AHEAD) + 2);
}

Session::~Session() = default;

// ---- the per-tick entry points ------------------------------------------------------------------

const TickReport& Session::Poll(std::uint64_t nowMicros) {
    nowMicros_ = nowMicros;
    ++polls_;
    report_.simulated.clear();
    report_.confirmed.clear();
    report_.rollbackTicks = 0;
    report_.advanced = false;
    rollbackWindow_[polls_ % rollbackWindow_.size()] = 0;
    if (phase_ == SessionPhase::Failed) {
        // Still moving datagrams: a refusal or a desync notice queued on the way out (behind a
        // simulator, say) reaches the peer while the app shows the error.
        transport_.Poll();
        while (transport_.Receive(receiveBuffer_)) {
        }
        report_.hold = Hold::NotRunning;
        return report_;
    }
    // The last poll could advance but no Advance came: the inputs it would have sent go now.
    if (sendOwed_) SendInputs(nowMicros);
    sendOwed_ = false;

    transport_.Poll();
    if (!helloSent_ && transport_.Status() == LinkStatus::Connected) {
        SendPacket(HelloPacket{config_.programVersion, config_.simulationVersion,
                               static_cast<std::uint8_t>(config_.role == Role::Host ? 0 : 1),
                               static_cast<std::uint8_t>(config_.inputDelayTicks),
                               static_cast<std::uint8_t>(config_.maxRollbackTicks)});
        helloSent_ = true;
        lastHeardMicros_ = nowMicros;  // the silence clock starts with the connection
        if (helloReceived_) phase_ = SessionPhase::Lobby;
    }
    Receive(nowMicros);
    if (phase_ == SessionPhase::Running) {
        if (firstWrongTick_ != 0) Rollback(firstWrongTick_);
        firstWrongTick_ = 0;
        Confirm();
        // Time sync's sample: how far ahead of the peer this side is, the peer's tick estimated
        // from the last one it reported plus half a round trip.
        const double halfTripTicks = rttMicros_ > 0 ? rttMicros_ / 2.0 / TICK_MICROS : 0.0;
        const float advantage =
            static_cast<float>(static_cast<double>(current_) - (static_cast<double>(peerTickSeen_) + halfTripTicks));
        Push(localAdvantage_, localAdvantageCount_, advantage);
        lastAdvantageTicks_ = static_cast<std::int32_t>(std::lround(std::clamp(advantage, -127.0f, 127.0f)));
    }
    CheckTimeouts(nowMicros);
    DecideHold();

    if (phase_ == SessionPhase::Running) {
        // Advancing sends the new input at once; otherwise send now, so acks and the unacknowledged
        // inputs keep flowing while this side waits.
        if (report_.hold == Hold::None) {
            sendOwed_ = true;
        } else {
            SendInputs(nowMicros);
        }
    } else if (phase_ == SessionPhase::Lobby || phase_ == SessionPhase::Finished ||
               (phase_ == SessionPhase::Connecting && helloSent_)) {
        SendPing(nowMicros);
    }
    transport_.Poll();

    std::int32_t recent = 0;
    for (const std::uint8_t n : rollbackWindow_) recent += n;
    stats_.rollbacksLastSecond = recent;
    // Each side's own measure carries the same bias (half a round trip includes the time a packet
    // waits for the receiver's poll); half their difference does not.
    stats_.frameAdvantageTicks = static_cast<std::int32_t>(
        std::lround((Mean(localAdvantage_, localAdvantageCount_) - Mean(peerAdvantage_, peerAdvantageCount_)) / 2));
    stats_.pingMillis = rttMicros_ < 0 ? -1 : static_cast<std::int32_t>(std::lround(rttMicros_ / 1000.0));
    if (waitingForPeer_ || stats_.pingMillis > 200 || stats_.recentLossPercent > 10) {
        stats_.quality = Quality::Poor;
    } else if (stats_.pingMillis > 100 || stats_.recentLossPercent > 3) {
        stats_.quality = Quality::Fair;
    } else {
        stats_.quality = Quality::Good;
    }
    return report_;
}

void Session::Advance(game::Input local, const TickHooks& hooks) {
    NET_ASSERT(phase_ == SessionPhase::Running && report_.hold == Hold::None && !report_.advanced,
               "Session::Advance without a Poll whose hold is Hold::None (once per Poll): check the report first");
    local.bits &= 0x7f;  // seven buttons; the packet format refuses an eighth
    local_.push_back(local);
    ++localLast_;
    StepTick(current_ + 1, false, hooks);
    ++current_;
    ++ticksSinceWait_;
    stalling_ = false;
    report_.advanced = true;
    Confirm();
    SendInputs(nowMicros_);
    sendOwed_ = false;
    transport_.Poll();
}

const TickReport& Session::Tick(std::uint64_t nowMicros, game::Input local, const TickHooks& hooks) {
    Poll(nowMicros);
    if (report_.hold == Hold::None && phase_ == SessionPhase::Running) Advance(local, hooks);
    return report_;
}

// ---- the lobby ----------------------------------------------------------------------------------

std::optional<Error> Session::Ready(const std::string& fighterId, const game::MatchConfig& config) {
    if (phase_ == SessionPhase::Failed) return *error_;
    if (peerLeft_) return Error{ErrorCode::PeerLost, "the opponent left", current_};
    if (phase_ != SessionPhase::Lobby && phase_ != SessionPhase::Finished) {
        return Error{ErrorCode::BadConfig,
                     std::string("Ready while ") + game::NameOf(SESSION_PHASE_NAMES, phase_) +
                         ": wait for the lobby (after the handshake) or the match's end",
                     0};
    }
    if (localReady_) return Error{ErrorCode::BadConfig, "Ready twice for the same match", 0};
    const game::FighterDef* def = FindFighter(fighterId);
    if (def == nullptr) {
        return Error{ErrorCode::FighterUnknown, "fighter \"" + fighterId + "\" is not in this side's roster", 0};
    }
    if (config.cpuLevel < 1 || config.cpuLevel > 3 || config.insetPx < 0 || config.insetPx > 1000) {
        return Error{ErrorCode::BadConfig, "match config: cpuLevel must be 1 to 3 and insetPx 0 to 1000", 0};
    }
    ReadyPacket r;
    r.match = match_ + 1;
    r.fighterId = fighterId;
    r.fighterHash = game::HashFighterDef(*def);
    r.seed = config.seed;
    r.detection = static_cast<std::uint8_t>(config.detection);
    r.insetPx = config.insetPx;
    r.cpuLevel = config.cpuLevel;
    localReady_ = r;
    SendPacket(r);
    transport_.Poll();
    TryStart();
    return std::nullopt;
}

void Session::SetLastTick(std::uint64_t tick) {
    requestedLastTick_ = tick;
    if (phase_ == SessionPhase::Running && tick != 0) lastTick_ = std::max(tick, confirmed_);
}

void Session::Leave() {
    if (left_) return;
    left_ = true;
    SendPacket(ByePacket{});
    transport_.Poll();
}

void Session::TryStart() {
    if (phase_ != SessionPhase::Lobby && phase_ != SessionPhase::Finished) return;
    if (!localReady_ || !peerReady_ || localReady_->match != match_ + 1 || peerReady_->match != match_ + 1) return;
    StartMatch();
}

void Session::StartMatch() {
    const ReadyPacket& peer = *peerReady_;
    const game::FighterDef* peerDef = FindFighter(peer.fighterId);
    if (peerDef == nullptr) {
        Fail(Error{ErrorCode::FighterUnknown,
                   "the opponent's fighter \"" + peer.fighterId + "\" is not in this side's roster", 0},
             true);
        return;
    }
    const std::uint64_t hash = game::HashFighterDef(*peerDef);
    if (hash != peer.fighterHash) {
        Fail(Error{ErrorCode::FighterMismatch,
                   "fighter \"" + peer.fighterId + "\" differs: definition hash " + Hex(hash) + " here, " +
                       Hex(peer.fighterHash) + " on the opponent's side",
                   0},
             true);
        return;
    }
    const bool host = config_.role == Role::Host;
    const ReadyPacket& hostReady = host ? *localReady_ : peer;
    const ReadyPacket& joinReady = host ? peer : *localReady_;
    const game::FighterDef* hostDef = FindFighter(hostReady.fighterId);
    const game::FighterDef* joinDef = FindFighter(joinReady.fighterId);
    ++match_;
    defs_.fighters = {hostDef, joinDef};
    fighterIds_ = {hostReady.fighterId, joinReady.fighterId};
    matchConfig_ = game::MatchConfig{};
    matchConfig_.controllers = {game::Controller::Human, game::Controller::Human};
    matchConfig_.cpuLevel = hostReady.cpuLevel;
    matchConfig_.seed = hostReady.seed;
    matchConfig_.detection = static_cast<game::DetectionMode>(hostReady.detection);
    matchConfig_.insetPx = hostReady.insetPx;
    live_ = game::NewMatch(defs_, matchConfig_);

    for (Slot& s : ring_) {
        s.events.Clear();
        s.remoteUsed = {};
    }
    config_.adapter.Save(live_, ring_[0].state);
    // Ticks 1 to delay of this side's inputs are neutral on both peers: the queue starts with them.
    local_.assign(static_cast<std::size_t>(config_.inputDelayTicks) + 1, game::Input{});
    localLast_ = static_cast<std::uint64_t>(config_.inputDelayTicks);
    remote_.assign(1, game::Input{});
    remoteLast_ = 0;
    local_.reserve(8192);
    remote_.reserve(8192);
    current_ = confirmed_ = localAcked_ = 0;
    lastTick_ = requestedLastTick_;
    firstWrongTick_ = 0;
    peerDone_ = doneSent_ = sendOwed_ = false;
    localChecksums_.clear();
    peerChecksums_.clear();
    desync_.reset();
    peerTickSeen_ = 0;
    localAdvantageCount_ = peerAdvantageCount_ = 0;
    ticksSinceWait_ = 0;
    lastAdvantageTicks_ = 0;
    stalling_ = false;
    localReady_.reset();
    peerReady_.reset();
    phase_ = SessionPhase::Running;
}

// ---- receiving ----------------------------------------------------------------------------------

void Session::Receive(std::uint64_t nowMicros) {
    while (phase_ != SessionPhase::Failed && transport_.Receive(receiveBuffer_)) Handle(receiveBuffer_, nowMicros);
}

void Session::Drop(DropReason reason) {
    ++stats_.dropped[static_cast<std::size_t>(reason)];
    ++stats_.packetsDropped;
}

void Session::Handle(const Datagram& datagram, std::uint64_t nowMicros) {
    ++stats_.packetsReceived;
    Packet packet;
    const DropReason reason = ParsePacket(datagram.bytes, packet);
    if (reason != DropReason::None) {
        Drop(reason);
        // A hello in another packet format: the two programs cannot talk; say so rather than wait.
        if (reason == DropReason::UnknownVersion && !helloReceived_ && datagram.channel == Channel::Reliable) {
            Fail(Error{ErrorCode::ProtocolVersionMismatch,
                       "protocol version differs: " + std::to_string(PROTOCOL_VERSION) + " here, " +
                           std::to_string(datagram.bytes[2]) + " on the opponent's side",
                       0},
                 true);
        }
        return;
    }
    if (ChannelOf(packet) != datagram.channel) {
        Drop(DropReason::WrongChannel);
        return;
    }
    lastHeardMicros_ = nowMicros;
    if (auto* p = std::get_if<HelloPacket>(&packet)) {
        HandleHello(*p);
    } else if (auto* r = std::get_if<ReadyPacket>(&packet)) {
        HandleReady(*r);
    } else if (auto* f = std::get_if<RefusePacket>(&packet)) {
        Fail(Error{static_cast<ErrorCode>(f->code), "the opponent refused: " + f->message, 0}, false);
    } else if (auto* i = std::get_if<InputsPacket>(&packet)) {
        HandleInputs(*i, nowMicros);
    } else if (auto* g = std::get_if<PingPacket>(&packet)) {
        TakePing(g->ping, g->sequence, nowMicros);
    } else if (auto* c = std::get_if<ChecksumPacket>(&packet)) {
        HandleChecksum(*c);
    } else if (auto* d = std::get_if<DesyncPacket>(&packet)) {
        HandleDesync(*d);
    } else if (auto* n = std::get_if<DonePacket>(&packet)) {
        if (n->match != match_ || (phase_ != SessionPhase::Running && phase_ != SessionPhase::Finished)) {
            Drop(DropReason::StaleMatch);
        } else if (n->tick > localLast_) {
            Drop(DropReason::FutureTick);
        } else {
            // The peer confirmed its last tick, so it holds every input of ours up to it.
            peerDone_ = true;
            localAcked_ = std::max<std::uint64_t>(localAcked_, n->tick);
        }
    } else if (std::holds_alternative<ByePacket>(packet)) {
        PeerGone("left");
    }
}

void Session::HandleHello(const HelloPacket& p) {
    if (helloReceived_) {
        Drop(DropReason::WrongPhase);
        return;
    }
    helloReceived_ = true;
    if (p.programVersion != config_.programVersion) {
        Fail(Error{ErrorCode::ProgramVersionMismatch,
                   "program version differs: \"" + config_.programVersion + "\" here, \"" + p.programVersion +
                       "\" on the opponent's side",
                   0},
             true);
        return;
    }
    if (p.simulationVersion != config_.simulationVersion) {
        Fail(Error{ErrorCode::SimulationVersionMismatch,
                   "simulation version differs: " + std::to_string(config_.simulationVersion) + " here, " +
                       std::to_string(p.simulationVersion) + " on the opponent's side",
                   0},
             true);
        return;
    }
    const std::uint8_t mine = config_.role == Role::Host ? 0 : 1;
    if (p.role == mine) {
        Fail(Error{ErrorCode::RoleMismatch,
                   mine == 0 ? "both sides are hosts: one must join (--join HOST:PORT)"
                             : "both sides joined: one must host (--host PORT)",
                   0},
             true);
        return;
    }
    stats_.peerInputDelayTicks = p.inputDelayTicks;
    peerMaxRollbackTicks_ = p.maxRollbackTicks;
    if (helloSent_) phase_ = SessionPhase::Lobby;
}

void Session::HandleReady(const ReadyPacket& p) {
    if (phase_ == SessionPhase::Connecting || p.match != match_ + 1) {
        Drop(phase_ == SessionPhase::Connecting ? DropReason::WrongPhase : DropReason::StaleMatch);
        return;
    }
    if (peerReady_) {
        Drop(DropReason::WrongPhase);
        return;
    }
    peerReady_ = p;
    TryStart();
}

void Session::TakePing(const PingFields& ping, std::uint32_t sequence, std::uint64_t nowMicros) {
    // Round trip: our stamp came back, less the time the peer held it. 32-bit wrap-around is fine
    // (differences of under an hour).
    if (ping.echoMicros != 0) {
        const std::uint32_t elapsed = static_cast<std::uint32_t>(nowMicros) - ping.echoMicros;
        if (elapsed >= ping.echoHoldMicros && elapsed - ping.echoHoldMicros < 10'000'000u) {
            const double sample = elapsed - ping.echoHoldMicros;
            rttMicros_ = rttMicros_ < 0 ? sample : rttMicros_ * 0.875 + sample * 0.125;
        }
    }
    peerStamp_ = ping.stampMicros;
    peerStampAtMicros_ = nowMicros;

    // The loss count: sequence numbers never seen between the first and the highest.
    if (!anySequence_) {
        anySequence_ = true;
        firstSequence_ = highestSequence_ = sequence;
        sequenceWindow_ = {1, 0};
        uniqueSequences_ = 1;
    } else if (sequence > highestSequence_) {
        const std::uint64_t shift = sequence - highestSequence_;
        if (shift > MAX_SEQUENCE_JUMP) return;  // not an honest peer's numbering: ignore for the count
        if (shift >= 128) {
            sequenceWindow_ = {0, 0};
        } else if (shift >= 64) {
            sequenceWindow_ = {0, sequenceWindow_[0] << (shift - 64)};
        } else {
            sequenceWindow_[1] = (sequenceWindow_[1] << shift) | (shift ? sequenceWindow_[0] >> (64 - shift) : 0);
            sequenceWindow_[0] <<= shift;
        }
        sequenceWindow_[0] |= 1;
        highestSequence_ = sequence;
        ++uniqueSequences_;
    } else {
        const std::uint32_t back = highestSequence_ - sequence;
        if (sequence < firstSequence_ || back >= 128) return;
        std::uint64_t& word = sequenceWindow_[back / 64];
        const std::uint64_t bit = std::uint64_t{1} << (back % 64);
        if (word & bit) return;  // a duplicate
        word |= bit;
        ++uniqueSequences_;
    }
    const std::int64_t span = std::int64_t{highestSequence_} - firstSequence_ + 1;
    stats_.packetsLost = std::max<std::int64_t>(0, span - uniqueSequences_);
    const std::int64_t recentSpan = std::min<std::int64_t>(span, 128);
    std::int64_t seen = 0;
    for (std::int64_t i = 0; i < recentSpan; ++i) seen += (sequenceWindow_[i / 64] >> (i % 64)) & 1;
    stats_.recentLossPercent = static_cast<std::int32_t>((recentSpan - seen) * 100 / recentSpan);
}

void Session::HandleInputs(const InputsPacket& p, std::uint64_t nowMicros) {
    if (phase_ == SessionPhase::Finished && p.match == match_) {
        TakePing(p.ping, p.sequence, nowMicros);  // the peer still finishing: nothing more is needed
        return;
    }
    if (phase_ != SessionPhase::Running) {
        // Inputs can overtake the Ready that starts a match (they travel on another channel): the
        // sender repeats them until acknowledged, so dropping them loses nothing.
        Drop(DropReason::WrongPhase);
        return;
    }
    if (p.match != match_) {
        Drop(DropReason::StaleMatch);
        return;
    }
    const std::uint64_t first = p.firstTick, last = first + p.count - 1;
    const std::uint64_t horizon = current_ + MAX_TICKS_AHEAD;
    if ((p.count > 0 && last > horizon) || p.senderTick > horizon || p.ackTick > localLast_) {
        Drop(DropReason::FutureTick);
        return;
    }
    if (p.count > 0 && first > remoteLast_ + 1) {
        Drop(DropReason::InputGap);
        return;
    }
    // An input that contradicts one already taken means the packet cannot be trusted at all.
    for (std::uint64_t t = first; p.count > 0 && t <= std::min(last, remoteLast_); ++t) {
        if (remote_[t].bits != p.bits[t - first]) {
            Drop(DropReason::InputConflict);
            return;
        }
    }
    TakePing(p.ping, p.sequence, nowMicros);
    localAcked_ = std::max<std::uint64_t>(localAcked_, p.ackTick);
    peerTickSeen_ = std::max<std::uint64_t>(peerTickSeen_, p.senderTick);
    Push(peerAdvantage_, peerAdvantageCount_, p.advantageTicks);
    for (std::uint64_t t = std::max(first, remoteLast_ + 1); p.count > 0 && t <= last; ++t) {
        const game::Input in{p.bits[t - first]};
        remote_.push_back(in);
        remoteLast_ = t;
        if (t > current_) continue;
        // A tick already simulated on a prediction: roll back if the prediction was wrong.
        if (ring_[t % ring_.size()].remoteUsed != in) {
            ++stats_.mispredictedTicks;
            if (firstWrongTick_ == 0 || t < firstWrongTick_) firstWrongTick_ = t;
        }
    }
}

void Session::HandleChecksum(const ChecksumPacket& p) {
    if (p.match != match_) {
        Drop(DropReason::StaleMatch);
        return;
    }
    if (phase_ != SessionPhase::Running && phase_ != SessionPhase::Finished) {
        Drop(DropReason::WrongPhase);
        return;
    }
    if (p.tick > current_ + MAX_TICKS_AHEAD) {
        Drop(DropReason::FutureTick);
        return;
    }
    if (p.tick <= confirmed_) {
        // Already confirmed here: compare with the one kept, if it still is.
        const auto it = std::find_if(localChecksums_.begin(), localChecksums_.end(),
                                     [&](const LocalChecksum& c) { return c.tick == p.tick; });
        if (it == localChecksums_.end()) {
            Drop(DropReason::OldChecksum);
            return;
        }
        peerChecksums_.emplace_back(p.tick, p.hash);
        CompareChecksum(p.tick);
        return;
    }
    if (peerChecksums_.size() >= PEER_CHECKSUMS_KEPT) {
        peerChecksums_.pop_front();
        Drop(DropReason::OldChecksum);
    }
    peerChecksums_.emplace_back(p.tick, p.hash);
}

void Session::HandleDesync(const DesyncPacket& p) {
    if (p.match != match_ || phase_ == SessionPhase::Failed) {
        Drop(DropReason::StaleMatch);
        return;
    }
    DesyncReport report;
    report.tick = p.tick;
    const auto it = std::find_if(localChecksums_.begin(), localChecksums_.end(),
                                 [&](const LocalChecksum& c) { return c.tick == p.tick; });
    if (it != localChecksums_.end()) {
        report.localHash = it->hash;
        report.localDump = game::DumpState(it->state);
    }
    for (const auto& [tick, hash] : peerChecksums_) {
        if (tick == p.tick) report.remoteHash = hash;
    }
    desync_ = std::move(report);
    Fail(Error{ErrorCode::Desync, "desync at tick " + std::to_string(p.tick), p.tick}, false);
}

void Session::PeerGone(const char* how) {
    if (phase_ == SessionPhase::Failed) return;
    if (phase_ == SessionPhase::Finished) {
        peerLeft_ = true;  // the match stands; only a rematch is impossible
        return;
    }
    const std::string what = phase_ == SessionPhase::Running ? "at tick " + std::to_string(current_) : "in the lobby";
    Fail(Error{ErrorCode::PeerLost, std::string("opponent ") + how + " " + what, current_}, false);
}

// ---- the match's ticks --------------------------------------------------------------------------

game::Input Session::RemoteInputFor(std::uint64_t tick) const {
    // GGPO's prediction: the peer keeps doing what it did last.
    if (tick <= remoteLast_) return remote_[tick];
    return remote_[remoteLast_];
}

game::Inputs Session::InputsFor(std::uint64_t tick) const {
    game::Inputs in{};
    const std::size_t side = static_cast<std::size_t>(LocalSide());
    in[side] = local_[tick];
    in[1 - side] = RemoteInputFor(tick);
    return in;
}

void Session::StepTick(std::uint64_t tick, bool resimulation, const TickHooks& hooks) {
    Slot& slot = ring_[tick % ring_.size()];
    const game::Inputs in = InputsFor(tick);
    if (!resimulation && tick > remoteLast_) ++stats_.predictedTicks;
    slot.remoteUsed = in[1 - static_cast<std::size_t>(LocalSide())];
    // Re-simulations get no debug record and no clock: the overlay shows the present tick's passes.
    const game::StepHooks stepHooks{resimulation ? nullptr : hooks.debug, resimulation ? nullptr : hooks.nowNanos,
                                    &slot.events};
    config_.adapter.Step(defs_, live_, in, stepHooks);
    config_.adapter.Save(live_, slot.state);
    report_.simulated.push_back(SimulatedTick{tick, resimulation, slot.events});
}

void Session::Rollback(std::uint64_t firstWrongTick) {
    NET_ASSERT(firstWrongTick >= 1 && firstWrongTick <= current_ && current_ - firstWrongTick + 2 <= ring_.size(),
               "rollback outside the ring: the stall rule keeps it within maxRollbackTicks");
    config_.adapter.Restore(ring_[(firstWrongTick - 1) % ring_.size()].state, live_);
    for (std::uint64_t t = firstWrongTick; t <= current_; ++t) StepTick(t, true, {});
    const std::int32_t depth = static_cast<std::int32_t>(current_ - firstWrongTick + 1);
    ++stats_.rollbacks;
    stats_.resimulatedTicks += depth;
    stats_.deepestRollbackTicks = std::max(stats_.deepestRollbackTicks, depth);
    report_.rollbackTicks = std::max(report_.rollbackTicks, depth);
    ++rollbackWindow_[polls_ % rollbackWindow_.size()];
}

void Session::Confirm() {
    std::uint64_t upTo = std::min(current_, remoteLast_);
    if (lastTick_ != 0) upTo = std::min(upTo, lastTick_);
    for (std::uint64_t t = confirmed_ + 1; t <= upTo; ++t) {
        const Slot& slot = ring_[t % ring_.size()];
        report_.confirmed.push_back(SimulatedTick{t, false, slot.events});
        confirmed_ = t;
        if (t % static_cast<std::uint64_t>(config_.checksumIntervalTicks) == 0) {
            // Only a confirmed tick is compared: a predicted one may still change (GGRS issue 63).
            LocalChecksum c{t, game::HashState(slot.state), slot.state};
            SendPacket(ChecksumPacket{match_, static_cast<std::uint32_t>(t), c.hash});
            localChecksums_.push_back(std::move(c));
            if (localChecksums_.size() > LOCAL_CHECKSUMS_KEPT) localChecksums_.pop_front();
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
    if (lastTick_ != 0 && confirmed_ == lastTick_) {
        if (!doneSent_) {
            SendPacket(DonePacket{match_, static_cast<std::uint32_t>(lastTick_)});
            doneSent_ = true;
        }
        if (localAcked_ >= lastTick_ || peerDone_) phase_ = SessionPhase::Finished;
    }
}

void Session::CompareChecksum(std::uint64_t tick) {
    const auto peer =
        std::find_if(peerChecksums_.begin(), peerChecksums_.end(), [&](const auto& c) { return c.first == tick; });
    const auto local = std::find_if(localChecksums_.begin(), localChecksums_.end(),
                                    [&](const LocalChecksum& c) { return c.tick == tick; });
    if (peer == peerChecksums_.end() || local == localChecksums_.end()) return;
    const std::uint64_t remoteHash = peer->second;
    peerChecksums_.erase(peer);
    if (remoteHash == local->hash) {
        ++stats_.desyncChecksPassed;
        return;
    }
    desync_ = DesyncReport{tick, local->hash, remoteHash, game::DumpState(local->state)};
    Fail(Error{ErrorCode::Desync, "desync at tick " + std::to_string(tick), tick}, true);
}

void Session::DecideHold() {
    const Hold before = report_.hold;
    (void)before;
    if (phase_ != SessionPhase::Running) {
        report_.hold = Hold::NotRunning;
        stalling_ = false;
        return;
    }
    if (lastTick_ != 0 && current_ >= lastTick_) {
        report_.hold = Hold::LastTick;
        stalling_ = false;
        return;
    }
    // Advancing would leave more than maxRollbackTicks ticks predicted: wait for the peer.
    if (current_ + 1 > remoteLast_ + static_cast<std::uint64_t>(config_.maxRollbackTicks)) {
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

void Session::CheckTimeouts(std::uint64_t nowMicros) {
    if (phase_ == SessionPhase::Failed) return;
    if (!helloReceived_) {
        // Before the handshake: a join whose connection never came up (or closed) gives up; a host
        // waits for as long as it is left waiting.
        if (transport_.Status() == LinkStatus::Closed) {
            Fail(Error{ErrorCode::TransportFailed, "the connection closed before the handshake (no host there?)", 0},
                 false);
        } else if (helloSent_ && nowMicros - lastHeardMicros_ > std::uint64_t(config_.timeoutMillis) * 1000) {
            Fail(Error{ErrorCode::PeerLost, "no answer to the handshake", 0}, false);
        }
        return;
    }
    if (transport_.Status() == LinkStatus::Closed) {
        PeerGone("lost");
        waitingForPeer_ = false;
        return;
    }
    if (phase_ == SessionPhase::Finished && peerLeft_) return;
    const std::uint64_t silence = nowMicros - lastHeardMicros_;
    const std::uint64_t stall = stalling_ ? nowMicros - stallSinceMicros_ : 0;
    const std::uint64_t worst = std::max(silence, stall);
    waitingForPeer_ = worst > std::uint64_t(config_.noticeMillis) * 1000;
    if (worst > std::uint64_t(config_.timeoutMillis) * 1000) {
        waitingForPeer_ = false;
        PeerGone("lost");
    }
}

// ---- sending ------------------------------------------------------------------------------------

PingFields Session::MakePing(std::uint64_t nowMicros) const {
    PingFields p;
    p.stampMicros = static_cast<std::uint32_t>(nowMicros);
    if (p.stampMicros == 0) p.stampMicros = 1;
    p.echoMicros = peerStamp_;
    p.echoHoldMicros = peerStamp_ != 0 ? static_cast<std::uint32_t>(nowMicros - peerStampAtMicros_) : 0;
    return p;
}

void Session::SendInputs(std::uint64_t nowMicros) {
    InputsPacket p;
    p.match = match_;
    p.sequence = ++sendSequence_;
    p.senderTick = static_cast<std::uint32_t>(current_);
    p.ackTick = static_cast<std::uint32_t>(remoteLast_);
    p.advantageTicks = static_cast<std::int8_t>(lastAdvantageTicks_);
    p.ping = MakePing(nowMicros);
    // Every input the peer has not acknowledged, oldest first (the peer takes them in order).
    p.firstTick = static_cast<std::uint32_t>(localAcked_ + 1);
    const std::uint64_t pending = localLast_ - localAcked_;
    p.count = static_cast<std::uint8_t>(std::min<std::uint64_t>(pending, MAX_INPUTS_PER_PACKET));
    for (std::size_t i = 0; i < p.count; ++i) p.bits[i] = local_[localAcked_ + 1 + i].bits;
    SendPacket(p);
}

void Session::SendPing(std::uint64_t nowMicros) {
    SendPacket(PingPacket{++sendSequence_, MakePing(nowMicros)});
}

void Session::SendPacket(const Packet& packet) {
    EncodePacket(packet, sendBuffer_);
    transport_.Send(ChannelOf(packet), sendBuffer_);
    ++stats_.packetsSent;
}

void Session::Fail(Error error, bool tellPeer) {
    if (phase_ == SessionPhase::Failed) return;
    if (tellPeer) {
        if (error.code == ErrorCode::Desync) {
            SendPacket(DesyncPacket{match_, static_cast<std::uint32_t>(error.tick)});
        } else {
            SendPacket(RefusePacket{static_cast<std::uint8_t>(error.code), Clip(error.message, MAX_MESSAGE_BYTES)});
        }
        transport_.Poll();
    }
    error_ = std::move(error);
    phase_ = SessionPhase::Failed;
    waitingForPeer_ = false;
}

// ---- what the app reads -------------------------------------------------------------------------

const game::FighterDef* Session::FindFighter(const std::string& id) const {
    for (const game::FighterDef* f : config_.roster) {
        if (f->id == id) return f;
    }
    return nullptr;
}

std::uint64_t Session::ConfirmedHash() const {
    return game::HashState(ring_[confirmed_ % ring_.size()].state);
}

std::vector<game::Inputs> Session::ConfirmedInputs() const {
    std::vector<game::Inputs> out;
    out.reserve(confirmed_);
    const std::size_t side = static_cast<std::size_t>(LocalSide());
    for (std::uint64_t t = 1; t <= confirmed_; ++t) {
        game::Inputs in{};
        in[side] = local_[t];
        in[1 - side] = remote_[t];
        out.push_back(in);
    }
    return out;
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
        const auto learned = memory_.learned;
        memory_ = {};
        memory_.learned = learned;
    }
    round_ = view.round;
    lastViewTick_ = view.tick;
    return game::ThinkCpu(defs, view, side_, memory_, rng_);
}

}  // namespace net
