// EnetTransport: net::Transport over ENet 1.3, a PeerId per ENet peer. Channel 0 carries reliable
// datagrams, channel 1 unsequenced ones (ENet neither orders nor drops them: the session judges old
// and duplicate packets itself). ENet's throttle, which would drop unreliable packets it thinks
// congest the link, is held open: the inputs are tiny, and losing them is what rollback must not be
// made to do. Closing waits for the peer's acknowledgment of what was queued (a Bye).
// Invariant: the library is initialised once per process for as long as any transport lives.
#include "net/enet_transport.h"

#include <arpa/inet.h>
#include <enet/enet.h>
#include <ifaddrs.h>
#include <netinet/in.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <mutex>

namespace net {

namespace {

constexpr enet_uint8 RELIABLE_CHANNEL = 0, UNRELIABLE_CHANNEL = 1, CHANNEL_COUNT = 2;
// ENet reassembles fragments up to 32 MB by default; nothing of ours is over MAX_DATAGRAM_BYTES.
constexpr std::size_t MAX_ACCEPTED_BYTES = 4096;

std::mutex gInitMutex;
int gInitCount = 0;

bool Acquire() {
    std::lock_guard<std::mutex> lock(gInitMutex);
    if (gInitCount == 0 && enet_initialize() != 0) return false;
    ++gInitCount;
    return true;
}

void Release() {
    std::lock_guard<std::mutex> lock(gInitMutex);
    if (--gInitCount == 0) enet_deinitialize();
}

Error Failed(const std::string& message) {
    return Error{ErrorCode::TransportFailed, message, 0};
}

// Unreliable packets must not be thinned out by ENet's congestion guess (see the file's top).
void Configure(ENetPeer* peer, std::uint32_t timeoutMillis) {
    enet_peer_throttle_configure(peer, ENET_PEER_PACKET_THROTTLE_INTERVAL, ENET_PEER_PACKET_THROTTLE_SCALE, 0);
    enet_peer_timeout(peer, 0, timeoutMillis, timeoutMillis);
}

}  // namespace

Result<std::unique_ptr<EnetTransport>> EnetTransport::Host(std::uint16_t port, const std::string& bindHost,
                                                           const EnetOptions& options) {
    if (!Acquire()) return Failed("ENet could not be initialised");
    std::unique_ptr<EnetTransport> t(new EnetTransport());
    t->options_ = options;
    ENetAddress address{};
    address.host = ENET_HOST_ANY;
    address.port = port;
    if (!bindHost.empty() && enet_address_set_host_ip(&address, bindHost.c_str()) != 0) {
        Release();
        return Error{ErrorCode::BadAddress, "\"" + bindHost + "\" is not an IPv4 address to listen on", 0};
    }
    t->host_ = enet_host_create(&address, std::max<std::size_t>(options.maxPeers, 1), CHANNEL_COUNT, 0, 0);
    if (t->host_ == nullptr) {
        Release();
        return Failed("cannot listen on UDP port " + std::to_string(port) + " (in use, or not allowed)");
    }
    t->host_->maximumPacketSize = MAX_ACCEPTED_BYTES;
    ENetAddress bound{};
    if (enet_socket_get_address(t->host_->socket, &bound) == 0) t->localPort_ = bound.port;
    return t;
}

Result<std::unique_ptr<EnetTransport>> EnetTransport::Join(const std::string& host, std::uint16_t port,
                                                           const EnetOptions& options) {
    if (!Acquire()) return Failed("ENet could not be initialised");
    ENetAddress address{};
    if (enet_address_set_host(&address, host.c_str()) != 0) {
        Release();
        return Error{ErrorCode::BadAddress, "\"" + host + "\" does not resolve to an address", 0};
    }
    address.port = port;
    std::unique_ptr<EnetTransport> t(new EnetTransport());
    t->options_ = options;
    t->host_ = enet_host_create(nullptr, 1, CHANNEL_COUNT, 0, 0);
    if (t->host_ == nullptr) {
        Release();
        return Failed("cannot open a UDP socket");
    }
    t->host_->maximumPacketSize = MAX_ACCEPTED_BYTES;
    ENetPeer* peer = enet_host_connect(t->host_, &address, CHANNEL_COUNT, 0);
    if (peer == nullptr) {
        enet_host_destroy(t->host_);
        t->host_ = nullptr;
        Release();
        return Failed("cannot start a connection to " + host + ":" + std::to_string(port));
    }
    // The host is peer 1 from the start, so a connection that never comes up closes as peer 1.
    peer->data = reinterpret_cast<void*>(std::uintptr_t{t->nextId_++});
    // Only the timeout now: a throttle command sent before the connection is up breaks it.
    enet_peer_timeout(peer, 0, options.connectTimeoutMillis, options.connectTimeoutMillis);
    ENetAddress bound{};
    if (enet_socket_get_address(t->host_->socket, &bound) == 0) t->localPort_ = bound.port;
    enet_host_flush(t->host_);
    return t;
}

EnetTransport::~EnetTransport() {
    if (host_ == nullptr) return;
    // Goodbyes: every connected peer disconnects once what was queued for it is acknowledged (a
    // plain disconnect would throw a queued Bye away, and so would the peer if the disconnect
    // reached it in the same batch). Wait for those acknowledgments, but not for ever.
    for (const auto& [id, peer] : peers_) enet_peer_disconnect_later(peer, 0);
    const auto waiting = [&] {
        for (std::size_t i = 0; i < host_->peerCount; ++i) {
            const ENetPeerState state = host_->peers[i].state;
            if (state == ENET_PEER_STATE_CONNECTED || state == ENET_PEER_STATE_DISCONNECT_LATER) return true;
        }
        return false;
    };
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(options_.goodbyeMillis);
    ENetEvent event;
    while (waiting() && std::chrono::steady_clock::now() < deadline) {
        if (enet_host_service(host_, &event, 10) > 0 && event.type == ENET_EVENT_TYPE_RECEIVE) {
            enet_packet_destroy(event.packet);
        }
    }
    enet_host_flush(host_);
    enet_host_destroy(host_);
    Release();
}

ENetPeer* EnetTransport::Find(PeerId peer) const {
    for (const auto& [id, p] : peers_) {
        if (id == peer) return p;
    }
    return nullptr;
}

void EnetTransport::Send(PeerId peer, Channel channel, std::span<const std::uint8_t> bytes) {
    ENetPeer* p = Find(peer);
    if (p == nullptr || bytes.size() > MAX_DATAGRAM_BYTES) return;
    const bool reliable = channel == Channel::Reliable;
    ENetPacket* packet = enet_packet_create(bytes.data(), bytes.size(),
                                            reliable ? ENET_PACKET_FLAG_RELIABLE : ENET_PACKET_FLAG_UNSEQUENCED);
    if (packet == nullptr) return;
    if (enet_peer_send(p, reliable ? RELIABLE_CHANNEL : UNRELIABLE_CHANNEL, packet) != 0) {
        enet_packet_destroy(packet);
    }
}

void EnetTransport::Close(PeerId peer) {
    ENetPeer* p = Find(peer);
    if (p == nullptr) return;
    enet_peer_disconnect_later(p, 0);
    p->data = nullptr;  // its later events are not reported: this side closed it
    std::erase_if(peers_, [&](const auto& x) { return x.first == peer; });
}

bool EnetTransport::Receive(Datagram& out) {
    if (arrived_.empty()) return false;
    out.peer = arrived_.front().peer;
    out.event = arrived_.front().event;
    out.channel = arrived_.front().channel;
    out.bytes.swap(arrived_.front().bytes);
    arrived_.pop_front();
    return true;
}

void EnetTransport::Poll() {
    HandleEvents(0);
}

bool EnetTransport::WaitForTraffic(std::uint32_t timeoutMillis) {
    const std::size_t before = arrived_.size();
    HandleEvents(timeoutMillis);
    return arrived_.size() != before;
}

void EnetTransport::HandleEvents(std::uint32_t firstTimeoutMillis) {
    if (host_ == nullptr) return;
    ENetEvent event;
    std::uint32_t timeout = firstTimeoutMillis;
    // The first call may wait; the rest only drain what is already there.
    while (enet_host_service(host_, &event, timeout) > 0) {
        timeout = 0;
        auto id = static_cast<PeerId>(reinterpret_cast<std::uintptr_t>(event.peer->data));
        switch (event.type) {
            case ENET_EVENT_TYPE_CONNECT:
                if (id == 0) {
                    id = nextId_++;
                    event.peer->data = reinterpret_cast<void*>(std::uintptr_t{id});
                }
                Configure(event.peer, options_.peerTimeoutMillis);
                peers_.emplace_back(id, event.peer);
                arrived_.push_back(Datagram{id, LinkEvent::Connected, Channel::Reliable, {}});
                break;
            case ENET_EVENT_TYPE_RECEIVE:
                // Oversized datagrams are passed on too: the session's parser drops and counts them.
                if (id != 0) {
                    Datagram d;
                    d.peer = id;
                    d.channel = event.channelID == RELIABLE_CHANNEL ? Channel::Reliable : Channel::Unreliable;
                    d.bytes.assign(event.packet->data, event.packet->data + event.packet->dataLength);
                    arrived_.push_back(std::move(d));
                }
                enet_packet_destroy(event.packet);
                break;
            case ENET_EVENT_TYPE_DISCONNECT:
                if (id != 0) {
                    std::erase_if(peers_, [&](const auto& x) { return x.first == id; });
                    arrived_.push_back(Datagram{id, LinkEvent::Closed, Channel::Reliable, {}});
                }
                event.peer->data = nullptr;
                break;
            case ENET_EVENT_TYPE_NONE:
                break;
        }
    }
    enet_host_flush(host_);
}

std::vector<std::string> LocalIpv4Addresses() {
    ifaddrs* list = nullptr;
    if (getifaddrs(&list) != 0) return {};
    std::vector<std::string> out, loopback;
    for (const ifaddrs* a = list; a != nullptr; a = a->ifa_next) {
        if (a->ifa_addr == nullptr || a->ifa_addr->sa_family != AF_INET) continue;  // IPv4 only: ENet's
        const in_addr address = reinterpret_cast<const sockaddr_in*>(a->ifa_addr)->sin_addr;
        char text[INET_ADDRSTRLEN] = {};
        if (inet_ntop(AF_INET, &address, text, sizeof text) == nullptr) continue;
        (ntohl(address.s_addr) >> 24 == 127 ? loopback : out).emplace_back(text);
    }
    freeifaddrs(list);
    out.insert(out.end(), loopback.begin(), loopback.end());
    return out;
}

}  // namespace net
