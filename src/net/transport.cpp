// The transports that need no socket: MemoryLink (two ends in one process) and SimulatedTransport
// (latency, jitter, loss, duplication and reordering in front of any transport, on a given clock),
// and the --net-sim spec. No sockets, no wall clock: time comes from the Clock handed in.
// Invariant: reliable datagrams leave a SimulatedTransport in the order they entered, every one.
#include "net/net.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace net {

// ---- MemoryLink ---------------------------------------------------------------------------------

struct MemoryLink::Shared {
    std::deque<Datagram> queues[2];  // [e]: what end e will receive
    bool closed = false;
};

class MemoryLink::EndPoint final : public Transport {
public:
    EndPoint(Shared& shared, std::int32_t end) : shared_(shared), end_(end) {}
    void Send(Channel channel, std::span<const std::uint8_t> bytes) override {
        if (shared_.closed) return;
        shared_.queues[1 - end_].push_back(Datagram{channel, {bytes.begin(), bytes.end()}});
    }
    bool Receive(Datagram& out) override {
        std::deque<Datagram>& q = shared_.queues[end_];
        if (q.empty()) return false;
        out.channel = q.front().channel;
        out.bytes.assign(q.front().bytes.begin(), q.front().bytes.end());
        q.pop_front();
        return true;
    }
    void Poll() override {}
    [[nodiscard]] LinkStatus Status() const override {
        return shared_.closed ? LinkStatus::Closed : LinkStatus::Connected;
    }

private:
    Shared& shared_;
    std::int32_t end_;
};

MemoryLink::MemoryLink() : shared_(std::make_unique<Shared>()) {
    for (std::int32_t e = 0; e < 2; ++e) ends_[e] = std::make_unique<EndPoint>(*shared_, e);
}
MemoryLink::~MemoryLink() = default;

Transport& MemoryLink::End(std::int32_t end) {
    return *ends_[end == 0 ? 0 : 1];
}

void MemoryLink::Close() {
    shared_->closed = true;
    shared_->queues[0].clear();
    shared_->queues[1].clear();
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

// One direction's dice and its queue of held datagrams (a min-heap by due time).
class SimulatedTransport::Direction {
public:
    Direction(const NetSimConfig& config, std::uint64_t seed) : config_(config), rng_{seed} {}

    // Holds `datagram` (or drops it, or holds two copies) as the config says.
    void Hold(const Datagram& datagram, std::uint64_t nowMicros, Counters& count) {
        ++count.packets;
        const std::uint64_t latencyMicros = std::uint64_t(config_.latencyMillis) * 1000;
        if (datagram.channel == Channel::Reliable) {
            // Never lost, never reordered: a loss costs a retransmission, one round trip (at least a
            // tick) later, and nothing sent after it may overtake it.
            std::uint64_t due = nowMicros + Delay();
            if (Roll(config_.lossPercent)) {
                due += std::max<std::uint64_t>(2 * latencyMicros, TICK_MICROS);
                ++count.reliableDelayed;
            }
            due = std::max(due, lastReliableDueMicros_);
            lastReliableDueMicros_ = due;
            Push(due, datagram);
            return;
        }
        if (Roll(config_.lossPercent)) {
            ++count.lost;
            return;
        }
        const int copies = Roll(config_.duplicatePercent) ? 2 : 1;
        if (copies == 2) ++count.duplicated;
        for (int c = 0; c < copies; ++c) {
            std::uint64_t due = nowMicros + Delay();
            if (Roll(config_.reorderPercent)) {
                due += std::uint64_t(TICK_MICROS) * (1 + rng_.Below(3));
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
        out.channel = heap_.back().datagram.channel;
        out.bytes.swap(heap_.back().datagram.bytes);
        heap_.pop_back();
        return true;
    }

private:
    // Latency +- jitter, uniform, never below zero.
    std::uint64_t Delay() {
        std::int64_t micros = std::int64_t(config_.latencyMillis) * 1000;
        if (config_.jitterMillis > 0) {
            const std::int32_t span = 2 * config_.jitterMillis * 1000 + 1;
            micros += rng_.Below(span) - config_.jitterMillis * 1000;
        }
        return static_cast<std::uint64_t>(std::max<std::int64_t>(micros, 0));
    }
    // True with `percent` % chance, in steps of 1/10,000 of a percent.
    bool Roll(double percent) {
        if (percent <= 0) return false;
        return rng_.Below(1'000'000) < static_cast<std::int32_t>(std::lround(percent * 10'000));
    }
    void Push(std::uint64_t dueMicros, const Datagram& datagram) {
        heap_.push_back(Held{dueMicros, order_++, datagram});
        std::push_heap(heap_.begin(), heap_.end(), std::greater<>{});
    }

    NetSimConfig config_;
    game::Rng rng_;
    std::vector<Held> heap_;
    std::uint64_t order_ = 0;
    std::uint64_t lastReliableDueMicros_ = 0;
};

SimulatedTransport::SimulatedTransport(Transport& inner, const Clock& clock, const NetSimConfig& outgoing,
                                       const NetSimConfig& incoming, std::uint64_t seed)
    : inner_(inner),
      clock_(clock),
      out_(std::make_unique<Direction>(outgoing, seed ^ 0x6F75746Full)),
      in_(std::make_unique<Direction>(incoming, seed ^ 0x696E636Full)) {}

SimulatedTransport::~SimulatedTransport() = default;

void SimulatedTransport::Send(Channel channel, std::span<const std::uint8_t> bytes) {
    if (inner_.Status() != LinkStatus::Connected) return;
    scratch_.channel = channel;
    scratch_.bytes.assign(bytes.begin(), bytes.end());
    out_->Hold(scratch_, clock_.NowMicros(), counters_[0]);
    // A perfect direction sends at once, as if the simulator were not there.
    Poll();
}

bool SimulatedTransport::Receive(Datagram& out) {
    return in_->PopDue(clock_.NowMicros(), out);
}

void SimulatedTransport::Poll() {
    const std::uint64_t now = clock_.NowMicros();
    while (out_->PopDue(now, scratch_)) inner_.Send(scratch_.channel, scratch_.bytes);
    inner_.Poll();
    while (inner_.Receive(scratch_)) in_->Hold(scratch_, now, counters_[1]);
}

LinkStatus SimulatedTransport::Status() const {
    // A close travels behind the data sent before it: while datagrams that arrived before the close
    // are still held (delayed), the link still reads as connected. Otherwise the close would
    // overtake a peer's last packets (its Done, its last acks) and a finished match read as lost.
    if (inner_.Status() == LinkStatus::Closed && !in_->Empty()) return LinkStatus::Connected;
    return inner_.Status();
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
