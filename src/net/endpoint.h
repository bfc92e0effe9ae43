// Endpoint: one address a session talks to (GGRS's UdpProtocol): its handshake and session values,
// the round trip, the loss count, the silence clock, and (on a host) what a spectator there has
// been sent. Internal to src/net; no sockets (it sends through the session's Transport).
// Invariant: an endpoint is bound only after a packet came back carrying the fresh value this side
// drew for it, from the value the peer stated in its opening Hello; once bound, only packets with
// exactly those two values are let through.
#pragma once

#include "net/net.h"

namespace net {

class Endpoint {
public:
    /// What Admit decided about a parsed message.
    enum class Verdict : std::uint8_t {
        Drop,     ///< refused: `reason` says why
        Opening,  ///< the peer's opening Hello: answer it (the values are now known)
        Bound,    ///< the round trip just completed: check the peer's Hello, then handle the message
        Handle,   ///< a bound peer's message
        Ignore,   ///< harmless, not counted (the Hello answering ours, after a ping already bound us)
    };
    struct Admission {
        Verdict verdict = Verdict::Drop;
        DropReason reason = DropReason::None;
    };

    Endpoint(PeerId peer, std::uint32_t localValue, std::uint64_t nowMicros)
        : peer_(peer), localValue_(localValue), openedMicros_(nowMicros), lastHeardMicros_(nowMicros) {}

    /// Judges a message's session values (and a Hello's place in the handshake).
    Admission Admit(const Message& message);
    /// Sends `packet` with this link's values (`scratch` is reused for the bytes).
    void Send(Transport& transport, const Packet& packet, std::vector<std::uint8_t>& scratch) const;
    /// The timing fields of an unreliable packet sent now.
    [[nodiscard]] PingFields MakePing(std::uint64_t nowMicros) const;
    /// Takes a packet's timing fields (the round trip) and its sequence number (the loss count).
    void TakePing(const PingFields& ping, std::uint32_t sequence, std::uint64_t nowMicros);
    /// The next sequence number of this side's unreliable packets to this peer.
    std::uint32_t NextSequence() { return ++sendSequence_; }
    /// Whether `sequence` can come from an honest peer (not a jump of a million packets).
    [[nodiscard]] bool PlausibleSequence(std::uint32_t sequence) const;

    [[nodiscard]] PeerId Peer() const { return peer_; }
    [[nodiscard]] bool IsBound() const { return bound_; }
    [[nodiscard]] bool KnowsPeer() const { return remoteValue_ != 0; }
    /// The peer's opening Hello (valid once KnowsPeer()).
    [[nodiscard]] const HelloPacket& Hello() const { return hello_; }
    void KeepHello(const HelloPacket& hello) { hello_ = hello; }
    [[nodiscard]] std::uint64_t OpenedMicros() const { return openedMicros_; }
    [[nodiscard]] std::uint64_t LastHeardMicros() const { return lastHeardMicros_; }
    void Heard(std::uint64_t nowMicros) { lastHeardMicros_ = nowMicros; }
    /// Smoothed round trip in microseconds, -1 before the first sample.
    [[nodiscard]] double RttMicros() const { return rttMicros_; }
    [[nodiscard]] std::int64_t PacketsLost() const { return packetsLost_; }
    [[nodiscard]] std::int32_t RecentLossPercent() const { return recentLossPercent_; }

    /// A host's bookkeeping of a spectator at this address.
    struct Watcher {
        bool active = false;                ///< a spectator this host serves
        std::uint32_t match = 0;            ///< the match whose setup it was sent (0: none yet)
        std::uint64_t sentThrough = 0;      ///< confirmed ticks sent
        std::uint64_t receivedThrough = 0;  ///< what it says it holds (WatchAck)
        std::uint32_t ackSequence = 0;
        bool caughtUp = false;  ///< its backlog was small once: from then on a growing one drops it
        bool doneSent = false;  ///< the match's last tick was sent to it
    };
    Watcher watcher;
    bool closing = false;  ///< refused or dropped: closed once the refusal is delivered

private:
    PeerId peer_;
    std::uint32_t localValue_, remoteValue_ = 0;
    bool bound_ = false;
    HelloPacket hello_;
    std::uint64_t openedMicros_, lastHeardMicros_;
    std::uint32_t sendSequence_ = 0;
    // The round trip: the peer's last stamp, when it came, the smoothed measure.
    std::uint32_t peerStamp_ = 0;
    std::uint64_t peerStampAtMicros_ = 0;
    double rttMicros_ = -1;
    // The loss count: the peer's unreliable sequence numbers seen.
    bool anySequence_ = false;
    std::uint32_t firstSequence_ = 0, highestSequence_ = 0;
    std::int64_t uniqueSequences_ = 0;
    std::array<std::uint64_t, 2> sequenceWindow_{};  // bit i: highest - i was seen
    std::int64_t packetsLost_ = 0;
    std::int32_t recentLossPercent_ = 0;
};

/// Session values: SplitMix64 on `state`, never 0.
std::uint32_t DrawSessionValue(std::uint64_t& state);
/// The first state of the values' sequence: `entropy`, or std::random_device's when it is 0.
std::uint64_t SeedSessionValues(std::uint64_t entropy);

}  // namespace net
