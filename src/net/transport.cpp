// The transports that need no socket: MemoryNetwork (nodes in one process, MemoryLink two of them)
// and SimulatedTransport (latency, jitter, loss, duplication and reordering in front of any
// transport, on a given clock), and the --net-sim spec. No sockets, no wall clock: time comes from
// the Clock handed in. Invariant: reliable datagrams and link events leave a SimulatedTransport in
// the order they entered, every one.
#include "game/fnv.h"
#include "net/assert.h"
#include "net/net.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>

namespace net {

// ---- MemoryNetwork ------------------------------------------------------------------------------

struct MemoryNetwork::Shared {
    std::vector<std::unique_ptr<Node>> nodes;
    std::set<std::pair<PeerId, PeerId>> links;  // (lower id, higher id) of each open link
    static std::pair<PeerId, PeerId> Key(PeerId a, PeerId b) { return {std::min(a, b), std::max(a, b)}; }
};

class MemoryNetwork::Node final : public Transport {
public:
    Node(Shared& shared, PeerId id) : shared_(shared), id_(id) {}
    void Send(PeerId peer, Channel channel, std::span<const std::uint8_t> bytes) override {
        if (!shared_.links.count(Shared::Key(id_, peer))) return;
        Target(peer).inbound.push_back(Datagram{id_, LinkEvent::None, channel, {bytes.begin(), bytes.end()}});
    }
    bool Receive(Datagram& out) override {
        if (inbound.empty()) return false;
        out.peer = inbound.front().peer;
        out.event = inbound.front().event;
        out.channel = inbound.front().channel;
        out.bytes.assign(inbound.front().bytes.begin(), inbound.front().bytes.end());
        inbound.pop_front();
        return true;
    }
    void Poll() override {}
    void Close(PeerId peer) override {
        if (shared_.links.erase(Shared::Key(id_, peer)) == 0) return;
        Target(peer).inbound.push_back(Datagram{id_, LinkEvent::Closed, Channel::Reliable, {}});
    }
    [[nodiscard]] PeerId Id() const { return id_; }
    std::deque<Datagram> inbound;

private:
    Node& Target(PeerId peer) { return *shared_.nodes[peer - 1]; }
    Shared& shared_;
    PeerId id_;
};

MemoryNetwork::MemoryNetwork() : shared_(std::make_unique<Shared>()) {}
MemoryNetwork::~MemoryNetwork() = default;

Transport& MemoryNetwork::AddNode() {
    const auto id = static_cast<PeerId>(shared_->nodes.size() + 1);
    shared_->nodes.push_back(std::make_unique<Node>(*shared_, id));
    return *shared_->nodes.back();
}

PeerId MemoryNetwork::IdOf(const Transport& node) const {
    for (const auto& n : shared_->nodes) {
        if (n.get() == &node) return n->Id();
    }
    NET_ASSERT(false, "MemoryNetwork::IdOf: a transport that is not this network's node (use AddNode's)");
    return 0;
}

void MemoryNetwork::Connect(const Transport& from, const Transport& to) {
    const PeerId a = IdOf(from), b = IdOf(to);
    shared_->links.insert(Shared::Key(a, b));
    shared_->nodes[a - 1]->inbound.push_back(Datagram{b, LinkEvent::Connected, Channel::Reliable, {}});
    shared_->nodes[b - 1]->inbound.push_back(Datagram{a, LinkEvent::Connected, Channel::Reliable, {}});
}

void MemoryNetwork::Cut(const Transport& a, const Transport& b) {
    const PeerId ia = IdOf(a), ib = IdOf(b);
    shared_->links.erase(Shared::Key(ia, ib));
    std::erase_if(shared_->nodes[ia - 1]->inbound, [&](const Datagram& d) { return d.peer == ib; });
    std::erase_if(shared_->nodes[ib - 1]->inbound, [&](const Datagram& d) { return d.peer == ia; });
}

void MemoryNetwork::Close(const Transport& a, const Transport& b) {
    const PeerId ia = IdOf(a), ib = IdOf(b);
    if (shared_->links.erase(Shared::Key(ia, ib)) == 0) return;
    shared_->nodes[ia - 1]->inbound.push_back(Datagram{ib, LinkEvent::Closed, Channel::Reliable, {}});
    shared_->nodes[ib - 1]->inbound.push_back(Datagram{ia, LinkEvent::Closed, Channel::Reliable, {}});
}

MemoryLink::MemoryLink() {
    ends_[0] = &network_.AddNode();
    ends_[1] = &network_.AddNode();
    network_.Connect(*ends_[1], *ends_[0]);
}

Transport& MemoryLink::End(std::int32_t end) {
    return *ends_[end == 0 ? 0 : 1];
}

void MemoryLink::Close() {
    network_.Close(*ends_[0], *ends_[1]);
}

// ---- SimulatedTransport -------------------------------------------------------------------------

struct SimulatedTransport::Held {
    std::uint64_t dueMicros = 0;
    std::uint64_t order = 0;  // ties leave in the order they were held
    Datagram datagram;
    friend bool operator>(const Held& a, const Held& b) {
        return a.dueMicros != b.dueMicros ? a.dueMicros > b.dueMicros : a.order > b.order;
    }
};

// One direction's dice and its queue of held datagrams (a min-heap by due time). Each peer's path
// has its own dice and its own reliable order, as separate routes would: what is sent to one peer
// never changes what happens to the datagrams of another.
class SimulatedTransport::Direction {
public:
    Direction(const NetSimConfig& config, std::uint64_t seed) : config_(config), seed_(seed) {}

    // Holds `datagram` (or drops it, or holds two copies) as the config says.
    void Hold(const Datagram& datagram, std::uint64_t nowMicros, Counters& count) {
        ++count.packets;
        Path& path = PathTo(datagram.peer);
        const std::uint64_t latencyMicros = std::uint64_t(config_.latencyMillis) * 1000;
        if (datagram.channel == Channel::Reliable || datagram.event != LinkEvent::None) {
            // Never lost, never reordered: a loss costs a retransmission, one round trip (at least a
            // tick) later, and nothing sent after it may overtake it. A link event travels the same
            // way: a close never overtakes the data before it.
            std::uint64_t due = nowMicros + Delay(path);
            if (datagram.event == LinkEvent::None && Roll(path, config_.lossPercent)) {
                due += std::max<std::uint64_t>(2 * latencyMicros, TICK_MICROS);
                ++count.reliableDelayed;
            }
            due = std::max(due, path.lastReliableDueMicros);
            path.lastReliableDueMicros = due;
            Push(due, datagram);
            return;
        }
        if (Roll(path, config_.lossPercent)) {
            ++count.lost;
            return;
        }
        const int copies = Roll(path, config_.duplicatePercent) ? 2 : 1;
        if (copies == 2) ++count.duplicated;
        for (int c = 0; c < copies; ++c) {
            std::uint64_t due = nowMicros + Delay(path);
            if (Roll(path, config_.reorderPercent)) {
                due += std::uint64_t(TICK_MICROS) * (1 + path.rng.Below(3));
                ++count.reordered;
            }
            Push(due, datagram);
        }
    }

    /// Nothing held.
    [[nodiscard]] bool Empty() const { return heap_.empty(); }

    // The next datagram due by `nowMicros`, if any.
    bool PopDue(std::uint64_t nowMicros, Datagram& out) {
        if (heap_.empty() || heap_.front().dueMicros > nowMicros) return false;
        std::pop_heap(heap_.begin(), heap_.end(), std::greater<>{});
        out.peer = heap_.back().datagram.peer;
        out.event = heap_.back().datagram.event;
        out.channel = heap_.back().datagram.channel;
        out.bytes.swap(heap_.back().datagram.bytes);
        heap_.pop_back();
        return true;
    }

private:
    struct Path {
        game::Rng rng;
        std::uint64_t lastReliableDueMicros = 0;
    };
    Path& PathTo(PeerId peer) {
        for (auto& [id, path] : paths_) {
            if (id == peer) return path;
        }
        std::uint64_t mix = seed_ ^ (std::uint64_t{peer} * 0x9E3779B97F4A7C15ull);
        paths_.emplace_back(peer, Path{game::Rng{game::SplitMix64(mix)}, 0});
        return paths_.back().second;
    }
    // Latency +- jitter, uniform, never below zero.
    std::uint64_t Delay(Path& path) {
        std::int64_t micros = std::int64_t(config_.latencyMillis) * 1000;
        if (config_.jitterMillis > 0) {
            const std::int32_t span = 2 * config_.jitterMillis * 1000 + 1;
            micros += path.rng.Below(span) - config_.jitterMillis * 1000;
        }
        return static_cast<std::uint64_t>(std::max<std::int64_t>(micros, 0));
    }
    // True with `percent` % chance, in steps of 1/10,000 of a percent.
    static bool Roll(Path& path, double percent) {
        if (percent <= 0) return false;
        return path.rng.Below(1'000'000) < static_cast<std::int32_t>(std::lround(percent * 10'000));
    }
    void Push(std::uint64_t dueMicros, const Datagram& datagram) {
        heap_.push_back(Held{dueMicros, order_++, datagram});
        std::push_heap(heap_.begin(), heap_.end(), std::greater<>{});
    }

    NetSimConfig config_;
    std::uint64_t seed_;
    std::vector<std::pair<PeerId, Path>> paths_;
    std::vector<Held> heap_;
    std::uint64_t order_ = 0;
};

SimulatedTransport::SimulatedTransport(Transport& inner, const Clock& clock, const NetSimConfig& outgoing,
                                       const NetSimConfig& incoming, std::uint64_t seed)
    : inner_(inner),
      clock_(clock),
      out_(std::make_unique<Direction>(outgoing, seed ^ 0x6F75746Full)),
      in_(std::make_unique<Direction>(incoming, seed ^ 0x696E636Full)) {}

SimulatedTransport::~SimulatedTransport() {
    // What this side sent before it went away (a Bye, a Close) still leaves, as a real socket's
    // queue would: all of it, now.
    SendDue(~std::uint64_t{0});
    inner_.Poll();
}

void SimulatedTransport::SendDue(std::uint64_t nowMicros) {
    while (out_->PopDue(nowMicros, scratch_)) {
        if (scratch_.event == LinkEvent::Closed) {
            inner_.Close(scratch_.peer);
        } else {
            inner_.Send(scratch_.peer, scratch_.channel, scratch_.bytes);
        }
    }
}

void SimulatedTransport::Send(PeerId peer, Channel channel, std::span<const std::uint8_t> bytes) {
    scratch_.peer = peer;
    scratch_.event = LinkEvent::None;
    scratch_.channel = channel;
    scratch_.bytes.assign(bytes.begin(), bytes.end());
    out_->Hold(scratch_, clock_.NowMicros(), counters_[0]);
    // A perfect direction sends at once, as if the simulator were not there.
    Poll();
}

void SimulatedTransport::Close(PeerId peer) {
    scratch_.peer = peer;
    scratch_.event = LinkEvent::Closed;
    scratch_.channel = Channel::Reliable;
    scratch_.bytes.clear();
    out_->Hold(scratch_, clock_.NowMicros(), counters_[0]);
    Poll();
}

bool SimulatedTransport::Receive(Datagram& out) {
    return in_->PopDue(clock_.NowMicros(), out);
}

void SimulatedTransport::Poll() {
    const std::uint64_t now = clock_.NowMicros();
    SendDue(now);
    inner_.Poll();
    while (inner_.Receive(scratch_)) in_->Hold(scratch_, now, counters_[1]);
}

// ---- the --net-sim spec -------------------------------------------------------------------------

namespace {

constexpr std::int32_t MAX_SIM_MILLIS = 5000;

Error SpecError(const std::string& message) {
    return Error{ErrorCode::BadNetSimSpec, "--net-sim: " + message, 0};
}

// A whole number of milliseconds, 0 to MAX_SIM_MILLIS.
std::optional<std::int32_t> ParseMillis(std::string_view text) {
    std::int32_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || v < 0 || v > MAX_SIM_MILLIS) return std::nullopt;
    return v;
}

// A percentage 0 to 100: digits, optionally a point and more digits.
std::optional<double> ParsePercent(std::string_view text) {
    if (text.empty() || text.size() > 12) return std::nullopt;
    double whole = 0, scale = 1;
    bool point = false, digits = false;
    for (const char c : text) {
        if (c == '.' && !point) {
            point = true;
        } else if (c >= '0' && c <= '9') {
            digits = true;
            if (point) {
                scale /= 10;
                whole += (c - '0') * scale;
            } else {
                whole = whole * 10 + (c - '0');
            }
        } else {
            return std::nullopt;
        }
    }
    if (!digits || whole > 100) return std::nullopt;
    return whole;
}

std::string PercentText(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", v);
    std::string s = buf;
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

}  // namespace

Result<NetSimConfig> ParseNetSimSpec(std::string_view spec) {
    static constexpr const char* KEYS = "latency, jitter, loss, dup, reorder";
    NetSimConfig config;
    if (spec.empty()) return SpecError("empty: give latency=MS,jitter=MS,loss=PCT,dup=PCT,reorder=PCT (any of them)");
    bool seen[5] = {};
    std::size_t at = 0;
    while (at <= spec.size()) {
        const std::size_t comma = std::min(spec.find(',', at), spec.size());
        const std::string_view item = spec.substr(at, comma - at);
        at = comma + 1;
        if (item.empty()) return SpecError("an empty item (two commas, or one at an end)");
        const std::size_t eq = item.find('=');
        const std::string key(item.substr(0, eq));
        if (eq == std::string_view::npos) return SpecError("\"" + key + "\" needs =VALUE");
        const std::string_view value = item.substr(eq + 1);
        static constexpr const char* NAMES[5] = {"latency", "jitter", "loss", "dup", "reorder"};
        int k = 0;
        while (k < 5 && key != NAMES[k]) ++k;
        if (k == 5) return SpecError("unknown key \"" + key + "\" (keys: " + KEYS + ")");
        if (seen[k]) return SpecError(key + " given twice");
        seen[k] = true;
        if (k < 2) {
            const auto ms = ParseMillis(value);
            if (!ms) {
                return SpecError(key + "=" + std::string(value) + ": milliseconds are a whole number from 0 to " +
                                 std::to_string(MAX_SIM_MILLIS));
            }
            (k == 0 ? config.latencyMillis : config.jitterMillis) = *ms;
        } else {
            const auto pct = ParsePercent(value);
            if (!pct) return SpecError(key + "=" + std::string(value) + ": a percentage is a number from 0 to 100");
            (k == 2 ? config.lossPercent : k == 3 ? config.duplicatePercent : config.reorderPercent) = *pct;
        }
        if (comma == spec.size()) break;
    }
    return config;
}

std::string FormatNetSimSpec(const NetSimConfig& c) {
    std::string out;
    const auto add = [&](const char* key, const std::string& value) {
        if (!out.empty()) out += ',';
        out.append(key).append("=").append(value);
    };
    if (c.latencyMillis) add("latency", std::to_string(c.latencyMillis));
    if (c.jitterMillis) add("jitter", std::to_string(c.jitterMillis));
    if (c.lossPercent > 0) add("loss", PercentText(c.lossPercent));
    if (c.duplicatePercent > 0) add("dup", PercentText(c.duplicatePercent));
    if (c.reorderPercent > 0) add("reorder", PercentText(c.reorderPercent));
    return out;
}

// ---- addresses ----------------------------------------------------------------------------------

namespace {

// "\"text\"" then `rest`, appended piece by piece: GCC 12's -Wrestrict misfires on a short literal
// + a temporary std::string at -O3 (Release).
std::string Quoted(std::string_view text, std::string_view rest) {
    std::string s = "\"";
    s.append(text).append("\"").append(rest);
    return s;
}

}  // namespace

Result<std::uint16_t> ParsePort(std::string_view text) {
    std::uint32_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v > 65535) {
        return Error{ErrorCode::BadAddress, Quoted(text, " is not a port (0 to 65535)"), 0};
    }
    return static_cast<std::uint16_t>(v);
}

Result<HostPort> ParseHostPort(std::string_view text) {
    const std::size_t colon = text.rfind(':');
    if (colon == std::string_view::npos || colon == 0) {
        return Error{ErrorCode::BadAddress, Quoted(text, " is not HOST:PORT (e.g. 127.0.0.1:7000)"), 0};
    }
    auto port = ParsePort(text.substr(colon + 1));
    if (!port.Ok() || port.Value() == 0) {
        return Error{ErrorCode::BadAddress, Quoted(text, ": the port must be a number from 1 to 65535"), 0};
    }
    return HostPort{std::string(text.substr(0, colon)), port.Value()};
}

}  // namespace net
