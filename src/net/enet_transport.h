// The real transport: ENet (Debian's libenet-dev) over UDP, one peer, two channels (reliable for
// the handshake and checksums, unsequenced for inputs), plus a steady clock for the app. The only
// files of src/net that see ENet or a wall clock (target net_enet).
// Invariant: never blocks, except in WaitForTraffic, which waits at most the time it is given.
#pragma once

#include "net/net.h"

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>

struct _ENetHost;
struct _ENetPeer;

namespace net {

struct EnetOptions {
    /// ENet's own limit for an unresponsive peer once connected. Longer than the session's
    /// timeoutMillis, so the session's notice and its "opponent lost at tick T" come first.
    std::uint32_t peerTimeoutMillis = 60'000;
    /// How long a join keeps knocking before its link reports LinkStatus::Closed.
    std::uint32_t connectTimeoutMillis = 5'000;
};

/// An ENet host with room for one peer. Host() listens and takes the first peer that connects
/// (later ones are turned away); Join() connects to a host.
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
    /// Says goodbye to the peer (what was queued is flushed first) and closes the socket.
    ~EnetTransport() override;
    EnetTransport(const EnetTransport&) = delete;
    EnetTransport& operator=(const EnetTransport&) = delete;

    void Send(Channel channel, std::span<const std::uint8_t> bytes) override;
    bool Receive(Datagram& out) override;
    void Poll() override;
    [[nodiscard]] LinkStatus Status() const override { return status_; }

    /// The UDP port this side is bound to.
    [[nodiscard]] std::uint16_t LocalPort() const { return localPort_; }
    /// Blocks until a network event arrives or `timeoutMillis` passes, then handles it as Poll
    /// would. True when something arrived. For tests and tools that wait on the network instead of
    /// sleeping; the timeout is a guard, never a pace.
    bool WaitForTraffic(std::uint32_t timeoutMillis);

private:
    EnetTransport() = default;
    void HandleEvents(std::uint32_t firstTimeoutMillis);

    _ENetHost* host_ = nullptr;
    _ENetPeer* peer_ = nullptr;
    bool isHost_ = false;
    EnetOptions options_;
    LinkStatus status_ = LinkStatus::Connecting;
    std::uint16_t localPort_ = 0;
    std::deque<Datagram> arrived_;
};

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
