// Endpoint: a link's handshake (GGPO's sync values), round trip and loss count. No sockets, no
// clock: the session hands in the time. The only nondeterminism of src/net lives here: the session
// values come from std::random_device when the caller gives no entropy; they never reach the
// simulation. Invariant: Admit lets nothing through before the round trip but the opening Hello.
#include "net/endpoint.h"

#include "game/fnv.h"

#include <random>

namespace net {

namespace {

constexpr std::uint64_t MAX_SEQUENCE_JUMP = 1u << 20;

}  // namespace

std::uint32_t DrawSessionValue(std::uint64_t& state) {
    for (;;) {
        const auto v = static_cast<std::uint32_t>(game::SplitMix64(state) >> 32);
        if (v != 0) return v;
    }
}

std::uint64_t SeedSessionValues(std::uint64_t entropy) {
    if (entropy != 0) return entropy;
    std::random_device device;
    return (std::uint64_t{device()} << 32) ^ device();
}

Endpoint::Admission Endpoint::Admit(const Message& m) {
    const bool hello = std::holds_alternative<HelloPacket>(m.packet);
    if (hello && m.values.to == 0) {
        // An opening Hello: the first one stands. A second (a replay, or a forgery from the same
        // address) cannot replace the value this side answered, so it cannot steal the handshake.
        if (remoteValue_ != 0) {
            return {Verdict::Drop, m.values.from == remoteValue_ ? DropReason::WrongPhase : DropReason::WrongSession};
        }
        remoteValue_ = m.values.from;
        hello_ = std::get<HelloPacket>(m.packet);
        return {Verdict::Opening, DropReason::None};
    }
    if (remoteValue_ == 0 || m.values.from != remoteValue_ || m.values.to != localValue_) {
        return {Verdict::Drop, DropReason::WrongSession};
    }
    if (!bound_) {
        bound_ = true;
        return {Verdict::Bound, DropReason::None};
    }
    return {hello ? Verdict::Ignore : Verdict::Handle, DropReason::None};
}

void Endpoint::Send(Transport& transport, const Packet& packet, std::vector<std::uint8_t>& scratch) const {
    EncodeMessage(Message{SessionValues{localValue_, remoteValue_}, packet}, scratch);
    transport.Send(peer_, ChannelOf(packet), scratch);
}

PingFields Endpoint::MakePing(std::uint64_t nowMicros) const {
    PingFields p;
    p.stampMicros = static_cast<std::uint32_t>(nowMicros);
    if (p.stampMicros == 0) p.stampMicros = 1;
    p.echoMicros = peerStamp_;
    p.echoHoldMicros = peerStamp_ != 0 ? static_cast<std::uint32_t>(nowMicros - peerStampAtMicros_) : 0;
    return p;
}

bool Endpoint::PlausibleSequence(std::uint32_t sequence) const {
    const std::uint64_t base = anySequence_ ? highestSequence_ : 0;
    return sequence <= base + MAX_SEQUENCE_JUMP;
}

void Endpoint::TakePing(const PingFields& ping, std::uint32_t sequence, std::uint64_t nowMicros) {
    // Round trip: our stamp came back, less the time the peer held it. 32-bit wrap-around is fine
    // (differences of under an hour).
    if (ping.echoMicros != 0) {
        const std::uint32_t elapsed = static_cast<std::uint32_t>(nowMicros) - ping.echoMicros;
        if (elapsed >= ping.echoHoldMicros && elapsed - ping.echoHoldMicros < 10'000'000u) {
            const double sample = elapsed - ping.echoHoldMicros;
            rttMicros_ = rttMicros_ < 0 ? sample : rttMicros_ * 0.875 + sample * 0.125;
        }
    }
    // Echo only the newest packet's stamp: a late duplicate (or a replay) would make the peer's
    // round trip look longer than it is.
    if (!anySequence_ || sequence >= highestSequence_) {
        peerStamp_ = ping.stampMicros;
        peerStampAtMicros_ = nowMicros;
    }

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
    packetsLost_ = std::max<std::int64_t>(0, span - uniqueSequences_);
    const std::int64_t recentSpan = std::min<std::int64_t>(span, 128);
    std::int64_t seen = 0;
    for (std::int64_t i = 0; i < recentSpan; ++i) seen += (sequenceWindow_[i / 64] >> (i % 64)) & 1;
    recentLossPercent_ = static_cast<std::int32_t>((recentSpan - seen) * 100 / recentSpan);
}

}  // namespace net
