// libFuzzer target: any bytes as datagrams from the peer. net::ParsePacket must return a packet or
// a drop reason, never crash; a packet that parses encodes back to the same bytes (one spelling per
// packet). Then the same datagrams reach a session in a running match: it may drop them, count
// them, even stop (a forged refusal is still the peer's word), but never crash, never change a
// confirmed input, and its drop counts always add up.
// Input: a sequence of [flags][length][bytes...] records (flags bit 0: the reliable channel, bits 1-2:
// the length's high bits). Bit 7 of the first record's flags: also play them into a session (a
// few hundred a second, where the parser alone runs a hundred thousand).
// Depends on net and game only (no sockets, no files).
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

// Hands the session the forged datagrams first, then whatever the real link brings.
class Injector final : public net::Transport {
public:
    explicit Injector(net::Transport& inner) : inner_(inner) {}
    void Send(net::Channel c, std::span<const std::uint8_t> b) override { inner_.Send(c, b); }
    bool Receive(net::Datagram& out) override {
        if (!forged.empty()) {
            out = std::move(forged.front());
            forged.pop_front();
            return true;
        }
        return inner_.Receive(out);
    }
    void Poll() override { inner_.Poll(); }
    [[nodiscard]] net::LinkStatus Status() const override { return inner_.Status(); }
    std::deque<net::Datagram> forged;

private:
    net::Transport& inner_;
};

void CheckParser(const net::Datagram& d) {
    net::Packet p;
    const net::DropReason reason = net::ParsePacket(d.bytes, p);
    if (reason == net::DropReason::None) {
        std::vector<std::uint8_t> again;
        net::EncodePacket(p, again);
        if (again != d.bytes) Fail("a parsed packet encodes to other bytes");
        net::Packet back;
        if (net::ParsePacket(again, back) != net::DropReason::None || !(back == p)) Fail("the round trip changed it");
    } else if (static_cast<std::size_t>(reason) >= net::DROP_REASON_COUNT) {
        Fail("a drop reason out of range");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0;
    std::vector<net::Datagram> datagrams;
    for (std::size_t at = 0; at + 2 <= size;) {
        net::Datagram d;
        d.channel = (data[at] & 1) ? net::Channel::Reliable : net::Channel::Unreliable;
        const std::size_t n = std::min<std::size_t>(data[at + 1] | ((data[at] & 6u) << 7), size - at - 2);
        d.bytes.assign(data + at + 2, data + at + 2 + n);
        at += 2 + n;
        CheckParser(d);
        datagrams.push_back(std::move(d));
    }
    if (datagrams.empty() || (data[0] & 0x80) == 0) return 0;

    // A match running for a dozen ticks between two sessions (short: every input builds its own);
    // the forged datagrams reach the join, which then plays on for ten more.
    static const game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    net::VirtualClock clock;
    net::MemoryLink link;
    Injector injector(link.End(1));
    net::SessionConfig config;
    config.roster = {&a, &b};
    auto host = net::Session::Create(config, link.End(0));
    config.role = net::Role::Join;
    auto join = net::Session::Create(config, injector);
    if (!host.Ok() || !join.Ok()) Fail("a default session config is refused");
    net::Session* sessions[2] = {host.Value().get(), join.Value().get()};
    std::vector<game::Inputs> confirmedBefore;
    for (int poll = 0; poll < 25; ++poll) {
        if (poll == 15) {
            confirmedBefore = sessions[1]->ConfirmedInputs();
            for (net::Datagram& d : datagrams) injector.forged.push_back(std::move(d));
        }
        for (int i = 0; i < 2; ++i) {
            net::Session& s = *sessions[i];
            const net::TickReport& r = s.Poll(clock.NowMicros());
            if (s.Phase() == net::SessionPhase::Lobby && !s.LocalReady()) (void)s.Ready(i == 0 ? "a" : "b");
            if (r.hold == net::Hold::None) s.Advance(game::Input{static_cast<std::uint8_t>((poll * 7 + i) % 128)});
        }
        clock.AdvanceTick();
    }
    const net::SessionStats& stats = sessions[1]->Stats();
    std::int64_t sum = 0;
    for (const std::int64_t n : stats.dropped) sum += n;
    if (sum != stats.packetsDropped) Fail("the drop counts do not add up");
    if (stats.dropped[0] != 0) Fail("a drop counted with no reason");
    const std::vector<game::Inputs> confirmedAfter = sessions[1]->ConfirmedInputs();
    if (confirmedBefore.empty()) Fail("the match did not start before the injection");
    if (confirmedAfter.size() >= confirmedBefore.size()) {
        for (std::size_t t = 0; t < confirmedBefore.size(); ++t) {
            if (!(confirmedAfter[t] == confirmedBefore[t])) Fail("a confirmed input changed", std::to_string(t + 1));
        }
    }
    return 0;
}
