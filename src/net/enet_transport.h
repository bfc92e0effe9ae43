// The real transport: ENet (Debian's libenet-dev) over UDP, a peer per address, two channels
// (reliable for the handshake, lobby, checksums and a spectator's inputs; unsequenced for the
// players' inputs), plus a steady clock for the app. The only files of src/net that see ENet or a
// wall clock (target net_enet). IPv4 only: ENet 1.3.17 holds an address as one 32-bit integer.
// Invariant: never blocks, except in WaitForTraffic and the destructor's goodbye, each bounded.
#pragma once

#include "net/net.h"

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct _ENetHost;
struct _ENetPeer;

namespace net {

struct EnetOptions {
    /// ENet's own limit for an unresponsive peer once connected. Longer than the session's
    /// timeoutMillis, so the session's notice and its "opponent lost at tick T" come first.
    std::uint32_t peerTimeoutMillis = 60'000;
    /// How long a join keeps knocking before its link reports LinkEvent::Closed (give it the
    /// session's timeout: --timeout covers the join too).
    std::uint32_t connectTimeoutMillis = 5'000;
    /// A host's peer slots: the opponent, the spectators, and handshakes under way (a replayed or
    /// stray connection takes one until the session gives up on it): 1 + maxSpectators +
    /// MAX_PENDING_HANDSHAKES, and a few to spare. When all are taken, ENet ignores a new connection.
    std::size_t maxPeers = 12;
    /// The most the destructor waits for its goodbyes (a Bye) to be acknowledged before it closes.
    std::uint32_t goodbyeMillis = 1'000;
};

/// An ENet host: Host() listens and takes every peer that connects (the session decides who
/// plays, who watches and who is turned away); Join() connects to one host. Each ENet peer is one
/// PeerId (numbered from 1 in the order they connect; a join's host is 1).
class EnetTransport final : public Transport {
public:
    /// Listens on `port` of `bindHost` ("" for every interface); port 0 lets the system pick a free
    /// one, which LocalPort() then tells (--host 0). Error: TransportFailed naming the port.
    [[nodiscard]] static Result<std::unique_ptr<EnetTransport>> Host(std::uint16_t port,
                                                                     const std::string& bindHost = "",
                                                                     const EnetOptions& options = {});
    /// Starts connecting to host:port (the name is resolved here, which may block on DNS).
    /// Error: BadAddress for a name that does not resolve, TransportFailed otherwise.
    [[nodiscard]] static Result<std::unique_ptr<EnetTransport>> Join(const std::string& host, std::uint16_t port,
                                                                     const EnetOptions& options = {});
    /// Says goodbye to every peer: what was queued for each (a Bye) is delivered and acknowledged
    /// first (for at most goodbyeMillis), then the disconnect; then it closes the socket. The one
    /// place this transport waits.
    ~EnetTransport() override;
    EnetTransport(const EnetTransport&) = delete;
    EnetTransport& operator=(const EnetTransport&) = delete;

    void Send(PeerId peer, Channel channel, std::span<const std::uint8_t> bytes) override;
    bool Receive(Datagram& out) override;
    void Poll() override;
    /// ENet's disconnect-later: the peer's queued packets are acknowledged before the disconnect.
    void Close(PeerId peer) override;

    /// The UDP port this side is bound to.
    [[nodiscard]] std::uint16_t LocalPort() const { return localPort_; }
    /// Peers connected now (not counting those this side closed).
    [[nodiscard]] std::size_t ConnectedPeers() const { return peers_.size(); }
    /// Blocks until a network event arrives or `timeoutMillis` passes, then handles it as Poll
    /// would. True when something arrived. For tests and tools that wait on the network instead of
    /// sleeping; the timeout is a guard, never a pace.
    bool WaitForTraffic(std::uint32_t timeoutMillis);

private:
    EnetTransport() = default;
    void HandleEvents(std::uint32_t firstTimeoutMillis);
    _ENetPeer* Find(PeerId peer) const;

    _ENetHost* host_ = nullptr;
    EnetOptions options_;
    std::vector<std::pair<PeerId, _ENetPeer*>> peers_;  // connected, by id
    PeerId nextId_ = 1;
    std::uint16_t localPort_ = 0;
    std::deque<Datagram> arrived_;
};

/// This machine's IPv4 addresses a joiner may dial (loopback last), as dotted quads: what a host
/// shows. Empty when the system lists none.
[[nodiscard]] std::vector<std::string> LocalIpv4Addresses();

/// The real clock, for the app: std::chrono::steady_clock in microseconds since construction.
class SteadyClock final : public Clock {
public:
    [[nodiscard]] std::uint64_t NowMicros() const override {
        return static_cast<std::uint64_t>(
            std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start_).count());
    }

private:
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace net
