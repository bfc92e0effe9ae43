// libFuzzer target: any bytes as datagrams. net::ParseMessage must return a message or a drop
// reason, never crash; a message that parses encodes back to the same bytes (one spelling per
// packet). Then the datagrams reach sessions, as issue 37 asks: captured-and-mutated handshakes
// and inputs fed to a waiting host and to a running match.
// Input: a sequence of [flags][length][bytes...] records. flags bit 0: the reliable channel; bits
// 1-2: the length's high bits; bit 3: the bytes are XORed into a datagram the other side really
// sent (the first byte picks which), bit 4: ...and its check made to fit again (a forger who sees
// the packets), bit 5: to the host (else to the join). The first record's bit 7: also play them
// into sessions; its bit 6: a ghost's handshake, from a new address, to a host nobody joined.
// Invariants: no crash; drop counts add up; no confirmed input changes; a ghost never gets a host
// out of waiting; and unless a record was resealed, the match is played to its last tick on both
// sides with one hash. Depends on net and game only (no sockets, no files).
#include "game/fnv.h"
#include "net/net.h"
#include "synthetic_fighter.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>
#include <vector>

namespace {

[[noreturn]] void Fail(const char* what, const std::string& detail = "") {
    std::fprintf(stderr, "fuzz_packet: invariant broken: %s\n%s\n", what, detail.c_str());
    std::abort();
}

// Hands the session the forged datagrams first, then whatever the real link brings; keeps what
// the real peer sent (to mutate).
class Injector final : public net::Transport {
public:
    explicit Injector(net::Transport& inner) : inner_(inner) {}
    void Send(net::PeerId p, net::Channel c, std::span<const std::uint8_t> b) override { inner_.Send(p, c, b); }
    bool Receive(net::Datagram& out) override {
        if (!forged.empty()) {
            out = std::move(forged.front());
            forged.pop_front();
            return true;
        }
        if (!inner_.Receive(out)) return false;
        if (out.event == net::LinkEvent::None) received.push_back(out);
        peer = out.peer;
        return true;
    }
    void Poll() override { inner_.Poll(); }
    void Close(net::PeerId p) override { inner_.Close(p); }
    std::deque<net::Datagram> forged;
    std::vector<net::Datagram> received;
    net::PeerId peer = 0;

private:
    net::Transport& inner_;
};

void CheckParser(const std::vector<std::uint8_t>& bytes) {
    net::Message m;
    const net::DropReason reason = net::ParseMessage(bytes, m);
    if (reason == net::DropReason::None) {
        std::vector<std::uint8_t> again;
        net::EncodeMessage(m, again);
        if (again != bytes) Fail("a parsed message encodes to other bytes");
        net::Message back;
        if (net::ParseMessage(again, back) != net::DropReason::None || !(back == m)) Fail("the round trip changed it");
    } else if (static_cast<std::size_t>(reason) >= net::DROP_REASON_COUNT) {
        Fail("a drop reason out of range");
    }
}

struct Record {
    std::uint8_t flags = 0;
    std::vector<std::uint8_t> bytes;
};

// `bytes` XORed into one of `pool` (chosen by the first byte), resealed if asked.
std::vector<std::uint8_t> Mutate(const std::vector<net::Datagram>& pool, const Record& r, net::Channel& channel) {
    if (pool.empty() || r.bytes.empty()) return r.bytes;
    const net::Datagram& base = pool[r.bytes[0] % pool.size()];
    std::vector<std::uint8_t> out = base.bytes;
    channel = base.channel;
    for (std::size_t i = 1; i < r.bytes.size(); ++i) out[(i - 1) % out.size()] ^= r.bytes[i];
    if (r.flags & 0x10) net::SealMessage(out);
    return out;
}

const game::FighterDef& A() {
    static const game::FighterDef a = synth::Make(synth::Kick::Rising, "a");
    return a;
}
const game::FighterDef& B() {
    static const game::FighterDef b = synth::Make(synth::Kick::Level, "b");
    return b;
}

net::SessionConfig Config(net::Role role, std::uint64_t entropy) {
    net::SessionConfig c;
    c.role = role;
    c.roster = {&A(), &B()};
    c.inputDelayTicks = 2;
    c.entropy = entropy;
    return c;
}

// What the join of an earlier, unrelated session sent: the ghost's material.
const std::vector<net::Datagram>& Captured() {
    static const std::vector<net::Datagram> captured = [] {
        net::VirtualClock clock;
        net::MemoryLink link;
        struct Recorder final : net::Transport {
            explicit Recorder(net::Transport& t) : inner(t) {}
            void Send(net::PeerId p, net::Channel c, std::span<const std::uint8_t> b) override {
                sent.push_back(net::Datagram{p, net::LinkEvent::None, c, {b.begin(), b.end()}});
                inner.Send(p, c, b);
            }
            bool Receive(net::Datagram& out) override { return inner.Receive(out); }
            void Poll() override { inner.Poll(); }
            void Close(net::PeerId p) override { inner.Close(p); }
            net::Transport& inner;
            std::vector<net::Datagram> sent;
        } recorder(link.End(1));
        auto host = std::move(net::Session::Create(Config(net::Role::Host, 1), link.End(0))).Value();
        auto join = std::move(net::Session::Create(Config(net::Role::Join, 2), recorder)).Value();
        for (int poll = 0; poll < 40; ++poll, clock.AdvanceTick()) {
            for (net::Session* s : {host.get(), join.get()}) {
                const net::TickReport& r = s->Poll(clock.NowMicros());
                if (s->Phase() == net::SessionPhase::Lobby && !s->LocalReady()) (void)s->Ready("a");
                if (r.hold == net::Hold::None) s->Advance(game::Input{static_cast<std::uint8_t>(poll % 128)});
            }
        }
        return recorder.sent;
    }();
    return captured;
}

void CheckDrops(const net::SessionStats& stats) {
    std::int64_t sum = 0;
    for (const std::int64_t n : stats.dropped.byReason) sum += n;
    if (sum != stats.dropped.total || stats.packetsDropped != stats.dropped.total)
        Fail("the drop counts do not add up");
    if (stats.dropped.Of(net::DropReason::None) != 0) Fail("a drop counted with no reason");
}

void PlayGhost(const std::vector<Record>& records, std::uint64_t entropy) {
    net::VirtualClock clock;
    net::MemoryNetwork network;
    net::Transport& hostNode = network.AddNode();
    net::Transport& ghost = network.AddNode();
    auto host = std::move(net::Session::Create(Config(net::Role::Host, entropy), hostNode)).Value();
    network.Connect(ghost, hostNode);
    std::size_t next = 0;
    for (int poll = 0; poll < 30; ++poll, clock.AdvanceTick()) {
        for (int k = 0; k < 4 && next < records.size(); ++k, ++next) {
            net::Channel channel = (records[next].flags & 1) ? net::Channel::Reliable : net::Channel::Unreliable;
            const std::vector<std::uint8_t> bytes =
                (records[next].flags & 8) ? Mutate(Captured(), records[next], channel) : records[next].bytes;
            ghost.Send(network.IdOf(hostNode), channel, bytes);
        }
        host->Poll(clock.NowMicros());
        net::Datagram d;
        while (ghost.Receive(d)) {
        }
        if (host->Phase() != net::SessionPhase::Connecting || host->MatchNumber() != 0) {
            Fail("a ghost's replayed handshake got the host out of waiting");
        }
    }
    CheckDrops(host->Stats());
}

void PlayMatch(const std::vector<Record>& records, std::uint64_t entropy) {
    constexpr std::uint64_t LAST_TICK = 40;
    net::VirtualClock clock;
    net::MemoryLink link;
    Injector toHost(link.End(0)), toJoin(link.End(1));
    toHost.peer = link.Network().IdOf(link.End(1));
    toJoin.peer = link.Network().IdOf(link.End(0));
    auto host = std::move(net::Session::Create(Config(net::Role::Host, entropy), toHost)).Value();
    auto join = std::move(net::Session::Create(Config(net::Role::Join, entropy ^ 0x5555), toJoin)).Value();
    net::Session* sessions[2] = {host.get(), join.get()};
    Injector* injectors[2] = {&toHost, &toJoin};
    for (net::Session* s : sessions) s->SetLastTick(LAST_TICK);
    std::vector<game::Inputs> confirmedBefore;
    bool resealed = false;
    std::size_t next = 0;
    for (int poll = 0; poll < 200; ++poll, clock.AdvanceTick()) {
        // From the first poll on (the handshake included), a few forged datagrams a tick.
        for (int k = 0; k < 3 && next < records.size(); ++k, ++next) {
            const Record& r = records[next];
            Injector& to = *injectors[(r.flags & 0x20) ? 0 : 1];
            net::Channel channel = (r.flags & 1) ? net::Channel::Reliable : net::Channel::Unreliable;
            const std::vector<std::uint8_t> bytes = (r.flags & 8) ? Mutate(to.received, r, channel) : r.bytes;
            resealed = resealed || ((r.flags & 0x18) == 0x18 && !to.received.empty());
            to.forged.push_back(net::Datagram{to.peer, net::LinkEvent::None, channel, bytes});
        }
        if (poll == 20) confirmedBefore = join->ConfirmedInputs();
        for (int i = 0; i < 2; ++i) {
            net::Session& s = *sessions[i];
            const net::TickReport& report = s.Poll(clock.NowMicros());
            if (s.Phase() == net::SessionPhase::Lobby && !s.LocalReady()) (void)s.Ready(i == 0 ? "a" : "b");
            if (report.hold == net::Hold::None) s.Advance(game::Input{static_cast<std::uint8_t>((poll * 7 + i) % 128)});
        }
        if (host->Phase() == net::SessionPhase::Finished && join->Phase() == net::SessionPhase::Finished &&
            host->CanClose() && join->CanClose())
            break;
    }
    for (net::Session* s : sessions) CheckDrops(s->Stats());
    const std::vector<game::Inputs> confirmedAfter = join->ConfirmedInputs();
    if (confirmedAfter.size() >= confirmedBefore.size()) {
        for (std::size_t t = 0; t < confirmedBefore.size(); ++t) {
            if (!(confirmedAfter[t] == confirmedBefore[t])) Fail("a confirmed input changed", std::to_string(t + 1));
        }
    }
    if (resealed) return;  // a forger who knows the link's values may stop it (a desync): not a bug
    for (net::Session* s : sessions) {
        if (s->Phase() != net::SessionPhase::Finished || s->ConfirmedTick() != LAST_TICK) {
            Fail("corrupted or foreign datagrams stopped the match",
                 std::string(game::NameOf(net::SESSION_PHASE_NAMES, s->Phase())) +
                     (s->GetError() ? ": " + s->GetError()->message : ""));
        }
    }
    if (host->ConfirmedHash() != join->ConfirmedHash()) Fail("the two sides ended on different hashes");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0;
    std::vector<Record> records;
    for (std::size_t at = 0; at + 2 <= size;) {
        Record r;
        r.flags = data[at];
        const std::size_t n = std::min<std::size_t>(data[at + 1] | ((data[at] & 6u) << 7), size - at - 2);
        r.bytes.assign(data + at + 2, data + at + 2 + n);
        at += 2 + n;
        CheckParser(r.bytes);
        records.push_back(std::move(r));
    }
    if (records.empty() || (data[0] & 0x80) == 0) return 0;
    // The session values come from the input itself: a fuzzer that learned one run's values cannot
    // keep them, as a replay cannot keep a host's.
    game::Fnv1a64 h;
    for (std::size_t i = 0; i < size; ++i) h.Byte(data[i]);
    const std::uint64_t entropy = h.Value() | 1;
    if (data[0] & 0x40) {
        PlayGhost(records, entropy);
    } else {
        PlayMatch(records, entropy);
    }
    return 0;
}
