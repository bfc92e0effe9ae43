// The rollback session library (src/net) without sockets: the packet format against hostile bytes,
// the network simulator and its spec, the event tracker, the sync test (and that it can fail), and
// whole online matches between in-process sessions on a virtual clock over a simulated bad link:
// the grid of latency and loss, a link that drops every input, a corrupted peer, handshake
// refusals, replayed handshakes and mutated packets, a peer that disappears or quits, the end of a
// match when one side hangs just before it, rematches, time sync, the auto delay, CPU sides,
// spectators (one late, one slow), replays.
#include "game/game.h"
#include "net/net.h"
#include "net_harness.h"
#include "synthetic_fighter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <variant>

namespace {

using netharness::Driver;
using netharness::PairOptions;
using netharness::PairResult;

// The synthetic fighters both sides play with: "a" (rising kick) and "b" (level kick).
struct Fighters {
    game::FighterDef a = synth::Make(synth::Kick::Rising, "a");
    game::FighterDef b = synth::Make(synth::Kick::Level, "b");
    std::vector<const game::FighterDef*> Roster() const { return {&a, &b}; }
};
const Fighters& Synth() {
    static const Fighters f;
    return f;
}

PairOptions Options(std::uint64_t seed = 1) {
    PairOptions o;
    o.rosters = {Synth().Roster(), Synth().Roster()};
    o.linkSeed = seed;
    o.inputSeeds = {seed * 1000 + 1, seed * 1000 + 2};
    o.config.seed = seed;
    return o;
}

// Everything a finished online match must show: both finished on the same tick with the same hash,
// the two replays the same file, an offline replay of it ending on that hash, no desync.
std::string CheckFullMatch(const PairResult& r) {
    for (std::size_t i = 0; i < 2; ++i) {
        const netharness::PeerResult& p = r.peers[i];
        if (p.phase != net::SessionPhase::Finished) {
            return "side " + std::to_string(i) + " did not finish: " + game::NameOf(net::SESSION_PHASE_NAMES, p.phase) +
                   (p.error ? " (" + p.error->message + ")" : "");
        }
    }
    const auto& a = r.peers[0];
    const auto& b = r.peers[1];
    if (a.confirmedTick != b.confirmedTick)
        return "last ticks differ: " + std::to_string(a.confirmedTick) + " vs " + std::to_string(b.confirmedTick);
    if (a.confirmedHash != b.confirmedHash) return "final hashes differ";
    if (game::FormatReplay(a.replay) != game::FormatReplay(b.replay)) return "the two replay files differ";
    if (a.replay.inputs.size() != a.confirmedTick) return "the replay does not hold every tick";
    if (netharness::ReplayOffline(a.replay, Synth().Roster()) != a.confirmedHash)
        return "the offline replay ends on another hash";
    if (a.stats.desyncChecksPassed == 0 && a.confirmedTick >= 60) return "no checksum was compared";
    return "";
}

// ---- packets ------------------------------------------------------------------------------------

std::vector<net::Packet> EveryKind() {
    net::InputsPacket in;
    in.match = 3;
    in.sequence = 77;
    in.senderTick = 1234;
    in.ackTick = 1230;
    in.advantageTicks = -3;
    in.ping = {123456, 99, 16000};
    in.firstTick = 1229;
    in.count = 5;
    in.bits = {1, 2, 0x7f, 0, 64};
    net::WatchPacket watch;
    watch.match = 2;
    watch.firstTick = 601;
    watch.count = 3;
    watch.bits = {1, 2, 3, 4, 0x7f, 0};
    return {net::HelloPacket{"brawl 0.1", 1, net::PeerRole::Spectator},
            net::PickPacket{1, "kestrel", 0x1122334455667788ull},
            net::SetupPacket{1, 0xabcdefull, {7, 8}, "hotmap-brawl-replay 2\nfighters a b\nend\n"},
            net::StartPacket{1, 0xabcdefull},
            net::RefusePacket{static_cast<std::uint8_t>(net::ErrorCode::FighterMismatch), "fighter \"b\" differs"},
            in,
            net::PingPacket{5, {1, 0, 0}},
            net::ChecksumPacket{1, 30, 0xdeadbeefcafef00dull},
            net::DesyncPacket{1, 60},
            net::DonePacket{2, 3600},
            net::ByePacket{},
            watch,
            net::WatchAckPacket{2, 9, {5, 4, 3}, 600},
            net::BrowsePacket{3, "brick"}};
}

// A message between two made-up session values (an opening Hello does not know the receiver's).
net::Message Msg(const net::Packet& p) {
    const bool opening = std::holds_alternative<net::HelloPacket>(p);
    return net::Message{net::SessionValues{0x12345678u, opening ? 0u : 0x9abcdef0u}, p};
}

std::vector<std::uint8_t> Encode(const net::Packet& p) {
    std::vector<std::uint8_t> out;
    net::EncodeMessage(Msg(p), out);
    return out;
}

net::DropReason Parse(std::vector<std::uint8_t> bytes, bool reseal = false) {
    if (reseal) net::SealMessage(bytes);
    net::Message m;
    return net::ParseMessage(bytes, m);
}

TEST(Packets, EveryKindRoundTripsByteForByte) {
    ASSERT_EQ(EveryKind().size(), std::variant_size_v<net::Packet>) << "a kind without a case here";
    for (const net::Packet& p : EveryKind()) {
        SCOPED_TRACE(p.index());
        const std::vector<std::uint8_t> bytes = Encode(p);
        EXPECT_LE(bytes.size(), net::MAX_DATAGRAM_BYTES);
        EXPECT_EQ(bytes[0], 'H');
        EXPECT_EQ(bytes[2], net::PROTOCOL_VERSION);
        net::Message back;
        ASSERT_EQ(net::ParseMessage(bytes, back), net::DropReason::None);
        EXPECT_TRUE(back == Msg(p));
        std::vector<std::uint8_t> again;
        net::EncodeMessage(back, again);
        EXPECT_EQ(again, bytes);
    }
}

TEST(Packets, AnInputsPacketIsLittleEndianAsDocumented) {
    net::InputsPacket in;
    in.match = 0x01020304;
    in.sequence = 1;
    in.ping = {5, 0, 0};
    in.firstTick = 7;
    in.count = 1;
    in.bits[0] = 0x11;
    const std::vector<std::uint8_t> b = Encode(in);
    // header (magic, version, kind, from, to, check), match, sequence, senderTick, ackTick,
    // advantage, 3 ping words, firstTick, count, bits
    ASSERT_EQ(b.size(), 16u + 4 + 4 + 4 + 4 + 1 + 12 + 4 + 1 + 1);
    EXPECT_EQ(b[3], static_cast<std::uint8_t>(net::PacketKind::Inputs));
    EXPECT_EQ(b[4], 0x78) << "the sender's value, little-endian";
    EXPECT_EQ(b[11], 0x9a) << "the receiver's, its high byte last";
    EXPECT_EQ(b[16], 0x04);
    EXPECT_EQ(b[19], 0x01);
    EXPECT_EQ(b[b.size() - 2], 1);
    EXPECT_EQ(b.back(), 0x11);
}

TEST(Packets, AnUnknownVersionIsDropped) {
    std::vector<std::uint8_t> b = Encode(EveryKind()[5]);
    b[2] = net::PROTOCOL_VERSION + 1;
    EXPECT_EQ(Parse(b), net::DropReason::UnknownVersion);
}

// The check covers every byte but itself: any single flipped bit past the version is caught.
TEST(Packets, EveryFlippedBitIsCaughtByTheCheck) {
    for (const net::Packet& full : EveryKind()) {
        const std::vector<std::uint8_t> b = Encode(full);
        for (std::size_t i = 0; i < b.size(); ++i) {
            for (int bit = 0; bit < 8; ++bit) {
                std::vector<std::uint8_t> flipped = b;
                flipped[i] ^= static_cast<std::uint8_t>(1u << bit);
                const net::DropReason expected = i < 2    ? net::DropReason::BadMagic
                                                 : i == 2 ? net::DropReason::UnknownVersion
                                                          : net::DropReason::BadCheck;
                ASSERT_EQ(Parse(flipped), expected) << "kind " << full.index() << ", byte " << i << ", bit " << bit;
            }
        }
    }
}

TEST(Packets, EveryTruncationIsDropped) {
    for (const net::Packet& full : EveryKind()) {
        const std::vector<std::uint8_t> b = Encode(full);
        for (std::size_t n = 0; n < b.size(); ++n) {
            const std::vector<std::uint8_t> cut(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(n));
            // Cut inside the header: too short to read; past it: the check no longer matches, and
            // with the check made to match (a forger), the fields run out.
            EXPECT_EQ(Parse(cut), n < 16 ? net::DropReason::Truncated : net::DropReason::BadCheck)
                << "kind " << full.index() << ", " << n << " of " << b.size() << " bytes";
            if (n >= 16) {
                EXPECT_EQ(Parse(cut, true), net::DropReason::Truncated) << "kind " << full.index() << ", " << n;
            }
        }
        std::vector<std::uint8_t> longer = b;
        longer.push_back(0);
        EXPECT_EQ(Parse(longer), net::DropReason::BadCheck);
        EXPECT_EQ(Parse(longer, true), net::DropReason::TrailingBytes);
    }
}

TEST(Packets, ValuesOutOfRangeAreDropped) {
    EXPECT_EQ(Parse({'X', 'B', net::PROTOCOL_VERSION, 1}), net::DropReason::BadMagic);
    std::vector<std::uint8_t> kind = Encode(net::ByePacket{});
    kind[3] = 0;
    EXPECT_EQ(Parse(kind, true), net::DropReason::UnknownKind);
    kind[3] = 200;
    EXPECT_EQ(Parse(kind, true), net::DropReason::UnknownKind);
    // Session values: nobody's is 0, and only an opening Hello may not know the receiver's.
    std::vector<std::uint8_t> b;
    net::EncodeMessage(net::Message{{0, 5}, net::ByePacket{}}, b);
    EXPECT_EQ(Parse(b), net::DropReason::BadField);
    net::EncodeMessage(net::Message{{5, 0}, net::ByePacket{}}, b);
    EXPECT_EQ(Parse(b), net::DropReason::BadField);
    net::EncodeMessage(net::Message{{5, 0}, net::HelloPacket{"ok", 1, net::PeerRole::Player}}, b);
    EXPECT_EQ(Parse(b), net::DropReason::None);
    // An input count over the limit, an input with an eighth bit, a zero first tick.
    net::InputsPacket in = std::get<net::InputsPacket>(EveryKind()[5]);
    b = Encode(in);
    const std::size_t countAt = b.size() - in.count - 1;
    b[countAt] = net::MAX_INPUTS_PER_PACKET + 1;
    b.resize(countAt + 1 + net::MAX_INPUTS_PER_PACKET + 1, 0);
    EXPECT_EQ(Parse(b, true), net::DropReason::BadField);
    in.bits[2] = 0x80;
    EXPECT_EQ(Parse(Encode(in)), net::DropReason::BadField);
    in.bits[2] = 0;
    in.firstTick = 0;
    EXPECT_EQ(Parse(Encode(in)), net::DropReason::BadField);
    // A string with a control character, a string longer than the limit, an unknown role.
    EXPECT_EQ(Parse(Encode(net::HelloPacket{"bad\nname", 1, net::PeerRole::Player})), net::DropReason::BadField);
    EXPECT_EQ(Parse(Encode(net::HelloPacket{std::string(65, 'x'), 1, net::PeerRole::Player})),
              net::DropReason::BadField);
    EXPECT_EQ(Parse(Encode(net::HelloPacket{"ok", 1, static_cast<net::PeerRole>(3)})), net::DropReason::BadField);
    EXPECT_EQ(Parse(Encode(net::RefusePacket{200, "x"})), net::DropReason::BadField);
    EXPECT_EQ(Parse(Encode(net::PingPacket{1, {0, 0, 0}})), net::DropReason::BadField) << "a zero stamp";
    // A setup with a tab, or longer than the limit; a pick of no fighter; a watch of no tick.
    EXPECT_EQ(Parse(Encode(net::SetupPacket{1, 0, {}, "a\tb"})), net::DropReason::BadField);
    EXPECT_EQ(Parse(Encode(net::SetupPacket{1, 0, {}, std::string(net::MAX_SETUP_BYTES + 1, 'x')})),
              net::DropReason::BadField);
    EXPECT_EQ(Parse(Encode(net::PickPacket{1, "", 0})), net::DropReason::BadField);
    net::WatchPacket none;
    none.match = 1;
    none.firstTick = 1;
    EXPECT_EQ(Parse(Encode(none)), net::DropReason::BadField);
    // The same kinds, in range, parse.
    EXPECT_EQ(Parse(Encode(net::HelloPacket{"ok", 1, net::PeerRole::Host})), net::DropReason::None);
    EXPECT_EQ(Parse(Encode(net::SetupPacket{1, 0, {}, "a\nb"})), net::DropReason::None);
}

// ---- the network simulator ----------------------------------------------------------------------

TEST(NetSim, ParsesASpecInAnyOrder) {
    auto c = net::ParseNetSimSpec("latency=100,jitter=10,loss=5,dup=1.5,reorder=2");
    ASSERT_TRUE(c.Ok()) << c.GetError().message;
    EXPECT_EQ(c.Value().latencyMillis, 100);
    EXPECT_EQ(c.Value().jitterMillis, 10);
    EXPECT_DOUBLE_EQ(c.Value().lossPercent, 5);
    EXPECT_DOUBLE_EQ(c.Value().duplicatePercent, 1.5);
    EXPECT_DOUBLE_EQ(c.Value().reorderPercent, 2);
    EXPECT_EQ(net::FormatNetSimSpec(c.Value()), "latency=100,jitter=10,loss=5,dup=1.5,reorder=2");
    auto some = net::ParseNetSimSpec("loss=0.25,latency=0");
    ASSERT_TRUE(some.Ok());
    EXPECT_DOUBLE_EQ(some.Value().lossPercent, 0.25);
    EXPECT_EQ(net::FormatNetSimSpec(some.Value()), "loss=0.25");
    EXPECT_EQ(net::ParseNetSimSpec(net::FormatNetSimSpec(c.Value())).Value(), c.Value());
}

TEST(NetSim, ABadSpecSaysWhatIsWrong) {
    const auto error = [](const char* spec) {
        auto r = net::ParseNetSimSpec(spec);
        EXPECT_FALSE(r.Ok()) << spec;
        if (r.Ok()) return std::string();
        EXPECT_EQ(r.GetError().code, net::ErrorCode::BadNetSimSpec);
        EXPECT_EQ(r.GetError().message.rfind("--net-sim: ", 0), 0u) << r.GetError().message;
        return r.GetError().message;
    };
    EXPECT_NE(error("latency=abc").find("latency=abc: milliseconds are a whole number from 0 to 5000"),
              std::string::npos);
    EXPECT_NE(error("latency=-5").find("latency=-5"), std::string::npos);
    EXPECT_NE(error("latency=99999").find("0 to 5000"), std::string::npos);
    EXPECT_NE(error("lag=5").find("unknown key \"lag\" (keys: latency, jitter, loss, dup, reorder)"),
              std::string::npos);
    EXPECT_NE(error("loss=120").find("loss=120: a percentage is a number from 0 to 100"), std::string::npos);
    EXPECT_NE(error("loss=1.2.3").find("loss=1.2.3"), std::string::npos);
    EXPECT_NE(error("loss=5,loss=6").find("loss given twice"), std::string::npos);
    EXPECT_NE(error("latency").find("\"latency\" needs =VALUE"), std::string::npos);
    EXPECT_NE(error("latency=5,").find("empty item"), std::string::npos);
    EXPECT_NE(error("").find("empty"), std::string::npos);
}

// One unreliable datagram per tick through a 50 ms +- 10 ms link losing 10 %, duplicating 5 % and
// reordering 5 %: what arrives, when, and in which order; and reliable ones through 30 % loss.
TEST(NetSim, DelaysLosesDuplicatesAndReordersAsConfigured) {
    net::VirtualClock clock;
    net::MemoryLink link;
    const net::NetSimConfig bad{50, 10, 10, 5, 5};
    net::SimulatedTransport sender(link.End(0), clock, bad, {}, 7);
    net::Transport& receiver = link.End(1);
    const net::PeerId to = link.Network().IdOf(receiver);
    constexpr int N = 20000;
    std::map<std::uint32_t, int> copies;
    std::vector<std::uint32_t> order;
    std::int64_t minDelay = 1 << 30, maxDelay = 0;
    net::Datagram d;
    std::uint32_t sentAt[N + 1];
    for (std::uint32_t tick = 0; tick < N + 20; ++tick) {
        if (tick < N) {
            const std::uint8_t bytes[4] = {static_cast<std::uint8_t>(tick), static_cast<std::uint8_t>(tick >> 8),
                                           static_cast<std::uint8_t>(tick >> 16), 0};
            sentAt[tick] = static_cast<std::uint32_t>(clock.NowMicros());
            sender.Send(to, net::Channel::Unreliable, bytes);
        }
        sender.Poll();
        while (receiver.Receive(d)) {
            if (d.event != net::LinkEvent::None) continue;  // the link's own Connected
            const std::uint32_t id = d.bytes[0] | (d.bytes[1] << 8) | (d.bytes[2] << 16);
            ++copies[id];
            order.push_back(id);
            const std::int64_t delay = static_cast<std::int64_t>(clock.NowMicros()) - sentAt[id];
            minDelay = std::min(minDelay, delay);
            maxDelay = std::max(maxDelay, delay);
        }
        clock.AdvanceTick();
    }
    const double lost = 100.0 * (N - static_cast<double>(copies.size())) / N;
    int doubled = 0;
    for (const auto& [id, n] : copies) doubled += n == 2;
    int overtaken = 0;
    for (std::size_t i = 1; i < order.size(); ++i) overtaken += order[i] < order[i - 1];
    EXPECT_NEAR(lost, 10.0, 1.0);
    EXPECT_NEAR(100.0 * doubled / copies.size(), 5.0, 1.0);
    EXPECT_GT(overtaken, N / 50) << "reordered packets arrive after later ones";
    // Delivered on the first poll after it is due: 40 to 60 ms, plus up to 3 ticks when reordered.
    EXPECT_GE(minDelay, 40'000);
    EXPECT_LE(maxDelay, 60'000 + 4 * net::TICK_MICROS);
    EXPECT_EQ(sender.Count(0).packets, N);
    EXPECT_EQ(sender.Count(0).lost, N - static_cast<std::int64_t>(copies.size()));

    // Reliable: every one, in order, however lossy.
    net::SimulatedTransport lossy(link.End(0), clock, net::NetSimConfig{30, 20, 30, 30, 30}, {}, 8);
    std::vector<std::uint32_t> got;
    for (std::uint32_t i = 0; i < 3000; ++i) {
        const std::uint8_t bytes[2] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i >> 8)};
        lossy.Send(to, net::Channel::Reliable, bytes);
        lossy.Poll();
        while (receiver.Receive(d)) {
            if (d.event == net::LinkEvent::None) got.push_back(d.bytes[0] | (d.bytes[1] << 8));
        }
        clock.AdvanceTick();
    }
    for (int i = 0; i < 30; ++i, clock.AdvanceTick()) {
        lossy.Poll();
        while (receiver.Receive(d)) {
            if (d.event == net::LinkEvent::None) got.push_back(d.bytes[0] | (d.bytes[1] << 8));
        }
    }
    ASSERT_EQ(got.size(), 3000u);
    for (std::uint32_t i = 0; i < 3000; ++i) ASSERT_EQ(got[i], i);
    EXPECT_GT(lossy.Count(0).reliableDelayed, 600) << "lost ones came a round trip late instead";
}

TEST(NetSim, APerfectLinkDeliversAtOnce) {
    net::VirtualClock clock;
    net::MemoryLink link;
    net::SimulatedTransport a(link.End(0), clock, {}, {}, 1);
    net::SimulatedTransport b(link.End(1), clock, {}, {}, 2);
    net::Datagram d;
    b.Poll();
    ASSERT_TRUE(b.Receive(d));
    EXPECT_EQ(d.event, net::LinkEvent::Connected);
    EXPECT_EQ(d.peer, link.Network().IdOf(link.End(0)));
    const std::uint8_t bytes[3] = {1, 2, 3};
    a.Send(link.Network().IdOf(link.End(1)), net::Channel::Unreliable, bytes);
    b.Poll();
    ASSERT_TRUE(b.Receive(d));
    EXPECT_EQ(d.event, net::LinkEvent::None);
    EXPECT_EQ(d.bytes, std::vector<std::uint8_t>({1, 2, 3}));
    link.Close();
    b.Poll();
    ASSERT_TRUE(b.Receive(d));
    EXPECT_EQ(d.event, net::LinkEvent::Closed);
}

// A close reaches the other side behind the datagrams sent before it: the simulator holding some
// (latency) hands them over first.
TEST(NetSim, ACloseArrivesAfterTheDatagramsBeforeIt) {
    net::VirtualClock clock;
    net::MemoryLink link;
    net::SimulatedTransport receiver(link.End(0), clock, {}, net::NetSimConfig{50, 0, 0, 0, 0}, 3);
    const std::vector<std::uint8_t> done{1, 2, 3};
    link.End(1).Send(link.Network().IdOf(link.End(0)), net::Channel::Reliable, done);
    receiver.Poll();  // the Connected and the datagram arrive, and are held for 50 ms
    link.Close();
    receiver.Poll();
    net::Datagram got;
    EXPECT_FALSE(receiver.Receive(got)) << "all held for 50 ms";
    for (int t = 0; t < 4; ++t) clock.AdvanceTick(), receiver.Poll();  // 66 ms
    std::vector<net::LinkEvent> events;
    while (receiver.Receive(got)) {
        events.push_back(got.event);
        if (got.event == net::LinkEvent::None) {
            EXPECT_EQ(got.bytes, done);
        }
    }
    EXPECT_EQ(events,
              (std::vector<net::LinkEvent>{net::LinkEvent::Connected, net::LinkEvent::None, net::LinkEvent::Closed}))
        << "the close waits behind the held datagram";
}

// What a simulator still holds for sending when it goes (a Bye) leaves with it, before its Close.
TEST(NetSim, ADestroyedSimulatorSendsWhatItHeld) {
    net::VirtualClock clock;
    net::MemoryLink link;
    const net::PeerId to = link.Network().IdOf(link.End(1));
    {
        net::SimulatedTransport sender(link.End(0), clock, net::NetSimConfig{200, 0, 0, 0, 0}, {}, 4);
        const std::uint8_t bye[2] = {9, 9};
        sender.Send(to, net::Channel::Reliable, bye);
        sender.Close(to);
    }
    net::Datagram got;
    std::vector<net::LinkEvent> events;
    while (link.End(1).Receive(got)) events.push_back(got.event);
    EXPECT_EQ(events,
              (std::vector<net::LinkEvent>{net::LinkEvent::Connected, net::LinkEvent::None, net::LinkEvent::Closed}));
}

// ---- the event tracker --------------------------------------------------------------------------

game::Event Ev(std::uint64_t tick, game::EventKind kind, int fighter, int move, int x = 0) {
    game::Event e;
    e.tick = tick;
    e.kind = kind;
    e.fighter = static_cast<std::int8_t>(fighter);
    e.move = static_cast<std::int16_t>(move);
    e.xPx = x;
    return e;
}

TEST(EventTracker, NewOnceThenVanishedAndReturnedUntilConfirmed) {
    using C = net::EventTracker::Change;
    net::EventTracker t;
    std::vector<net::EventTracker::Tracked> out;
    const game::Event hit = Ev(5, game::EventKind::Hit, 0, 1, 100), move = Ev(5, game::EventKind::MoveStart, 1, 0);
    const std::vector<game::Event> both{move, hit}, onlyMove{move};
    t.Feed(5, both, out);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0].change, C::New);
    EXPECT_EQ(out[1].change, C::New);
    t.Feed(5, both, out);
    EXPECT_TRUE(out.empty()) << "a re-simulation emitting the same events changes nothing";
    t.Feed(5, onlyMove, out);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].change, C::Vanished);
    EXPECT_EQ(out[0].event.kind, game::EventKind::Hit);
    t.Feed(5, onlyMove, out);
    EXPECT_TRUE(out.empty()) << "vanished once";
    std::vector<game::Event> movedHit{move, Ev(5, game::EventKind::Hit, 0, 1, 104)};
    t.Feed(5, movedHit, out);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].change, C::Returned) << "the same identity, never New twice";
    EXPECT_EQ(out[0].event.xPx, 104) << "where it is now";
    const std::vector<game::Event> other{Ev(6, game::EventKind::Jump, 1, -1)};
    t.Feed(6, other, out);
    EXPECT_EQ(out.size(), 1u);
    t.Confirm(5);
    EXPECT_EQ(t.Size(), 1u) << "tick 5 forgotten, tick 6 kept";
    t.Confirm(6);
    EXPECT_EQ(t.Size(), 0u);
}

TEST(EventTracker, TwoEventsOfOneIdentityInATickAreTwoEvents) {
    net::EventTracker t;
    std::vector<net::EventTracker::Tracked> out;
    const game::Event cancel = Ev(9, game::EventKind::ProjectileCancel, -1, -1);
    const std::vector<game::Event> two{cancel, cancel}, one{cancel};
    t.Feed(9, two, out);
    EXPECT_EQ(out.size(), 2u);
    t.Feed(9, one, out);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].change, net::EventTracker::Change::Vanished);
}

// The overlay's contact log under real rollbacks: fed every (re)simulated tick of an online match,
// the tracker reports each of the match's final events New exactly once, and whatever it reported
// that the final match does not hold, it also reported Vanished.
TEST(EventTracker, UnderRollbackEveryFinalEventIsNewExactlyOnce) {
    PairOptions o = Options(3);
    o.link = {100, 10, 5, 0, 0};
    o.lastTick = 1800;
    using Key = std::tuple<std::uint64_t, int, int, int>;  // an event's identity
    const auto key = [](const game::Event& e) {
        return Key{e.tick, static_cast<int>(e.kind), int{e.fighter}, int{e.move}};
    };
    std::map<Key, int> newCount, liveCount;
    net::EventTracker tracker;
    std::vector<net::EventTracker::Tracked> changes;
    std::int64_t vanished = 0;
    o.onPoll = [&](std::int32_t side, net::Session&, const net::TickReport& report, std::uint64_t) {
        if (side != 1) return;
        for (const net::SimulatedTick& t : report.simulated) {
            tracker.Feed(t.tick, t.events.View(), changes);
            for (const auto& c : changes) {
                const Key k = key(c.event);
                if (c.change == net::EventTracker::Change::New) ++newCount[k];
                if (c.change == net::EventTracker::Change::Vanished) {
                    ++vanished;
                    --liveCount[k];
                } else {
                    ++liveCount[k];
                }
            }
        }
        if (!report.confirmed.empty()) tracker.Confirm(report.confirmed.back().tick);
    };
    const PairResult r = netharness::RunPair(o);
    ASSERT_EQ(CheckFullMatch(r), "");
    ASSERT_GT(r.peers[1].stats.rollbacks, 50);
    // The final match's events, offline.
    game::MatchDefs defs{{&Synth().a, &Synth().b}};
    game::MatchState s = game::NewMatch(defs, r.peers[1].replay.config);
    game::EventList events;
    std::map<Key, int> final;
    for (const game::Inputs& in : r.peers[1].replay.inputs) {
        game::StepMatch(defs, s, in, game::StepHooks{nullptr, nullptr, &events});
        for (const game::Event& e : events.View()) ++final[key(e)];
    }
    ASSERT_GT(final.size(), 100u);
    for (const auto& [k, n] : final) {
        EXPECT_EQ(newCount[k], n) << "tick " << std::get<0>(k) << " kind " << std::get<1>(k);
        EXPECT_EQ(liveCount[k], n);
    }
    for (const auto& [k, n] : liveCount) {
        if (!final.count(k)) {
            EXPECT_EQ(n, 0) << "an event of a rolled-back prediction must have vanished";
        }
    }
    EXPECT_GT(vanished, 0) << "rollbacks removed some predicted events";
}

// ---- the sync test ------------------------------------------------------------------------------

net::SyncTestInputs RandomInputs(std::uint64_t seed) {
    return [p1 = netharness::RandomPlayer(seed * 2 + 1), p2 = netharness::RandomPlayer(seed * 2 + 2)](
               std::uint64_t, const game::MatchState& view) mutable {
        return game::Inputs{p1.Decide(0, view), p2.Decide(1, view)};
    };
}

TEST(SyncTest, RollingBackOneToEightTicksNeverChangesAHash) {
    const game::MatchDefs defs{{&Synth().a, &Synth().b}};
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        for (std::int32_t k = 1; k <= 8; ++k) {
            SCOPED_TRACE("seed " + std::to_string(seed) + ", K " + std::to_string(k));
            game::MatchConfig config;
            config.seed = seed;
            config.controllers = {game::Controller::Human, game::Controller::Human};
            net::SyncTestOptions options;
            options.checkDistanceTicks = k;
            options.ticks = 900;
            auto r = net::RunSyncTest(defs, config, RandomInputs(seed), options);
            ASSERT_TRUE(r.Ok()) << r.GetError().message;
            EXPECT_EQ(r.Value().comparedTicks, (options.ticks - k + 1) * static_cast<std::uint64_t>(k));
        }
    }
}

TEST(SyncTest, TheStatesOwnCpusSurviveRollbackToo) {
    const game::MatchDefs defs{{&Synth().a, &Synth().b}};
    game::MatchConfig config;
    config.controllers = {game::Controller::Cpu, game::Controller::Cpu};
    config.cpuLevel = 3;
    net::SyncTestOptions options;
    options.checkDistanceTicks = 8;
    options.ticks = 3000;
    auto r = net::RunSyncTest(
        defs, config, [](std::uint64_t, const game::MatchState&) { return game::Inputs{}; }, options);
    ASSERT_TRUE(r.Ok()) << r.GetError().message;
    // The same match without any rollback ends on the same hash.
    game::MatchState s = game::NewMatch(defs, config);
    for (int t = 0; t < 3000; ++t) game::StepMatch(defs, s, {});
    EXPECT_EQ(r.Value().finalHash, game::HashState(s));
}

// A save that leaves one field out: the sync test must fail, naming the tick and that field.
TEST(SyncTest, ASaveThatForgetsAFieldFailsNamingIt) {
    const game::MatchDefs defs{{&Synth().a, &Synth().b}};
    game::MatchConfig config;
    config.controllers = {game::Controller::Human, game::Controller::Human};
    net::SyncTestOptions options;
    options.checkDistanceTicks = 4;
    options.ticks = 600;
    options.adapter.save = [](void*, const game::MatchState& live, game::MatchState& slot) {
        const std::int32_t kept = slot.roundTicksLeft;  // the forgotten field keeps its stale value
        slot = live;
        slot.roundTicksLeft = kept;
    };
    auto r = net::RunSyncTest(defs, config, RandomInputs(1), options);
    ASSERT_FALSE(r.Ok()) << "the sync test cannot see a forgotten field";
    EXPECT_EQ(r.GetError().code, net::ErrorCode::SyncTestMismatch);
    EXPECT_NE(r.GetError().message.find("roundTicksLeft"), std::string::npos) << r.GetError().message;
    EXPECT_NE(r.GetError().message.find("tick " + std::to_string(r.GetError().tick)), std::string::npos);
    EXPECT_GT(r.GetError().tick, static_cast<std::uint64_t>(game::INTRO_TICKS)) << "the timer runs in the fight";
    EXPECT_LE(r.GetError().tick, static_cast<std::uint64_t>(game::INTRO_TICKS) + 2);
}

TEST(SyncTest, AnOutOfRangeDistanceIsABadConfig) {
    const game::MatchDefs defs{{&Synth().a, &Synth().b}};
    net::SyncTestOptions options;
    options.checkDistanceTicks = 0;
    auto r = net::RunSyncTest(
        defs, {}, [](std::uint64_t, const game::MatchState&) { return game::Inputs{}; }, options);
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, net::ErrorCode::BadConfig);
}

// ---- whole matches over a bad link --------------------------------------------------------------

struct Cell {
    std::int32_t latencyMillis;
    double lossPercent;
};

class NetGrid : public ::testing::TestWithParam<Cell> {};

// Full matches between two seeded random players, jitter 10 ms, two seeds per cell: both finish on
// the same hash, which an offline replay of either's file reproduces; 50 ms and more roll back.
TEST_P(NetGrid, FullMatchesAgreeWithTheirOfflineReplay) {
    const Cell cell = GetParam();
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        PairOptions o = Options(seed + static_cast<std::uint64_t>(cell.latencyMillis));
        o.link = {cell.latencyMillis, 10, cell.lossPercent, 0, 0};
        const PairResult r = netharness::RunPair(o);
        ASSERT_EQ(CheckFullMatch(r), "");
        const game::Replay& replay = r.peers[0].replay;
        EXPECT_GT(replay.inputs.size(), 1000u) << "a whole match: intro, rounds, the MatchOver and its tail";
        game::MatchDefs defs{{&Synth().a, &Synth().b}};
        game::MatchState s = game::NewMatch(defs, replay.config);
        for (const game::Inputs& in : replay.inputs) game::StepMatch(defs, s, in);
        EXPECT_EQ(s.phase, game::Phase::MatchOver);
        for (const auto& p : r.peers) {
            EXPECT_FALSE(p.error.has_value());
            if (cell.latencyMillis >= 50) {
                EXPECT_GT(p.stats.rollbacks, 0);
                EXPECT_GT(p.stats.predictedTicks, 0);
            }
            EXPECT_LE(p.stats.deepestRollbackTicks, o.maxRollbackTicks);
            EXPECT_GT(p.stats.desyncChecksPassed, 10);
            if (cell.lossPercent == 0) {
                EXPECT_EQ(p.stats.packetsLost, 0);
            }
        }
        std::printf(
            "[ cell ] latency %3d ms loss %4.1f %% seed %llu: %zu ticks, rollbacks %lld/%lld, deepest %d, "
            "predicted %lld, stalled %lld, waits %lld, ping %d ms\n",
            cell.latencyMillis, cell.lossPercent, static_cast<unsigned long long>(seed), replay.inputs.size(),
            static_cast<long long>(r.peers[0].stats.rollbacks), static_cast<long long>(r.peers[1].stats.rollbacks),
            r.peers[0].stats.deepestRollbackTicks, static_cast<long long>(r.peers[0].stats.predictedTicks),
            static_cast<long long>(r.peers[0].stats.stalledTicks),
            static_cast<long long>(r.peers[0].stats.timeSyncWaits), r.peers[0].stats.pingMillis);
    }
}

INSTANTIATE_TEST_SUITE_P(LatencyLoss, NetGrid,
                         ::testing::Values(Cell{0, 0}, Cell{0, 5}, Cell{0, 10}, Cell{50, 0}, Cell{50, 5}, Cell{50, 10},
                                           Cell{100, 0}, Cell{100, 5}, Cell{100, 10}, Cell{150, 0}, Cell{150, 5},
                                           Cell{150, 10}),
                         [](const ::testing::TestParamInfo<Cell>& info) {
                             return "Latency" + std::to_string(info.param.latencyMillis) + "Loss" +
                                    std::to_string(static_cast<int>(info.param.lossPercent));
                         });

// The same checks on a link that drops every unreliable packet (every input): they must fail, and
// the sessions must say why (a notice, then the opponent lost), not hang or agree on nothing.
TEST(NetPair, ALinkThatDropsEveryInputFailsTheChecksAndIsReported) {
    PairOptions o = Options(5);
    o.link = {20, 0, 100, 0, 0};
    o.maxPolls = 2000;
    std::array<std::int64_t, 2> noticeAt{-1, -1}, startedAt{-1, -1}, failedAt{-1, -1};
    o.onPoll = [&](std::int32_t side, net::Session& s, const net::TickReport&, std::uint64_t poll) {
        const std::size_t i = static_cast<std::size_t>(side);
        if (startedAt[i] < 0 && s.Phase() == net::SessionPhase::Running) startedAt[i] = static_cast<std::int64_t>(poll);
        if (noticeAt[i] < 0 && s.WaitingForPeer()) noticeAt[i] = static_cast<std::int64_t>(poll);
        if (failedAt[i] < 0 && s.Phase() == net::SessionPhase::Failed) failedAt[i] = static_cast<std::int64_t>(poll);
    };
    const PairResult r = netharness::RunPair(o);
    EXPECT_NE(CheckFullMatch(r), "") << "the checks cannot tell a dead link from a match";
    for (std::size_t i = 0; i < 2; ++i) {
        SCOPED_TRACE(i);
        const auto& p = r.peers[i];
        ASSERT_EQ(p.phase, net::SessionPhase::Failed);
        ASSERT_TRUE(p.error.has_value());
        EXPECT_EQ(p.error->code, net::ErrorCode::PeerLost);
        EXPECT_EQ(p.error->message, "opponent lost at tick 0") << "the last confirmed tick: none";
        EXPECT_EQ(p.error->tick, 0u);
        EXPECT_EQ(p.confirmedTick, 0u);
        EXPECT_GT(p.stats.stalledTicks, 500);
        // The notice after one second of silence, the end after ten (the last packet heard was the
        // setup or its start, within a tick of the start).
        ASSERT_GE(noticeAt[i], 0);
        EXPECT_NEAR(static_cast<double>(noticeAt[i] - startedAt[i]), 60, 3);
        EXPECT_NEAR(static_cast<double>(failedAt[i] - startedAt[i]), 600, 5);
    }
}

// One peer's simulation goes wrong at tick 200 (a corrupted state): both peers stop with a desync
// at the first compared tick after it, each with its dump, and the dumps name the field.
TEST(NetPair, ACorruptedStateIsADesyncWithin30TicksOnBothSides) {
    PairOptions o = Options(6);
    o.link = {50, 10, 5, 0, 0};
    o.adapters[1].step = [](void*, const game::MatchDefs& defs, game::MatchState& s, const game::Inputs& in,
                            const game::StepHooks& hooks) {
        game::StepMatch(defs, s, in, hooks);
        if (s.tick == 200) s.fighters[0].health -= 7;  // the same every time tick 200 is simulated
    };
    const PairResult r = netharness::RunPair(o);
    for (std::size_t i = 0; i < 2; ++i) {
        SCOPED_TRACE(i);
        const auto& p = r.peers[i];
        ASSERT_EQ(p.phase, net::SessionPhase::Failed);
        ASSERT_EQ(p.error->code, net::ErrorCode::Desync) << p.error->message;
        EXPECT_EQ(p.error->tick, 210u) << "the first multiple of 30 confirmed after tick 200";
        EXPECT_EQ(p.error->ToLine(), "error: desync at tick 210");
        ASSERT_TRUE(p.desync.has_value());
        EXPECT_EQ(p.desync->tick, 210u);
        EXPECT_FALSE(p.desync->localDump.empty());
        EXPECT_EQ(p.stats.desyncChecksPassed, 6) << "ticks 30 to 180 agreed";
    }
    // The tool names the corrupted field, with the host's value and the corrupted one 7 lower.
    const std::string first = net::CompareDumps(r.peers[0].desync->localDump, r.peers[1].desync->localDump);
    int healthHost = 0, healthJoin = 0;
    ASSERT_EQ(std::sscanf(first.c_str(), "fighters[0].health: %d vs %d", &healthHost, &healthJoin), 2) << first;
    EXPECT_EQ(healthHost - healthJoin, 7);
}

TEST(NetPair, CpuSidesDecideLocallyAndSendTheirInputs) {
    PairOptions o = Options(7);
    o.link = {50, 10, 5, 0, 0};
    o.drivers = {Driver::Cpu, Driver::Cpu};
    o.config.cpuLevel = 3;
    const PairResult r = netharness::RunPair(o);
    ASSERT_EQ(CheckFullMatch(r), "");
    // The inputs in the replay are the two CPUs' decisions, exchanged like a person's presses.
    std::array<int, 2> pressed{};
    for (const game::Inputs& in : r.peers[0].replay.inputs) {
        for (std::size_t i = 0; i < 2; ++i) pressed[i] += in[i].bits != 0;
    }
    EXPECT_GT(pressed[0], 200);
    EXPECT_GT(pressed[1], 200);
    EXPECT_EQ(r.peers[0].replay.config.controllers[0], game::Controller::Human) << "online, both sides are inputs";
    EXPECT_EQ(r.peers[0].replay.config.controllers[1], game::Controller::Human);
}

TEST(NetPair, ALastTickFinishesBothPeersThere) {
    PairOptions o = Options(8);
    o.link = {100, 10, 10, 2, 2};
    o.lastTick = 600;
    const PairResult r = netharness::RunPair(o);
    ASSERT_EQ(CheckFullMatch(r), "");
    EXPECT_EQ(r.peers[0].confirmedTick, 600u);
    EXPECT_EQ(r.peers[0].replay.inputs.size(), 600u);
    EXPECT_TRUE(r.peers[0].replay.finalHash.has_value());
}

TEST(NetPair, ARematchNeedsNoNewConnection) {
    PairOptions o = Options(9);
    o.link = {50, 10, 5, 0, 0};
    o.lastTick = 900;
    o.matches = 3;
    const PairResult r = netharness::RunPair(o);
    ASSERT_EQ(CheckFullMatch(r), "");
    for (const auto& p : r.peers) ASSERT_EQ(p.finished.size(), 3u);
    for (std::size_t m = 0; m < 3; ++m) {
        SCOPED_TRACE(m);
        EXPECT_EQ(game::FormatReplay(r.peers[0].finished[m]), game::FormatReplay(r.peers[1].finished[m]));
        EXPECT_EQ(netharness::ReplayOffline(r.peers[0].finished[m], Synth().Roster()),
                  *r.peers[0].finished[m].finalHash);
    }
    EXPECT_NE(game::FormatReplay(r.peers[0].finished[0]), game::FormatReplay(r.peers[0].finished[1]))
        << "different players' inputs each match";
}

// The join's process hangs for half a second and then runs on at the same pace, 30 ticks behind:
// the host stalls, then waits a tick now and then until the two run level again.
TEST(NetPair, TimeSyncBringsALaggingPeerLevel) {
    PairOptions o = Options(10);
    o.link = {50, 0, 0, 0, 0};
    o.pausePolls[1] = {300, 330};
    o.lastTick = 2400;
    std::array<std::int32_t, 2> advantageAt2000{}, advantageAt400{};
    std::int64_t stalledAt1500 = -1, joinWaitsAt300 = -1;
    o.onPoll = [&](std::int32_t side, net::Session& s, const net::TickReport&, std::uint64_t poll) {
        const std::size_t i = static_cast<std::size_t>(side);
        if (poll == 400) advantageAt400[i] = s.Stats().frameAdvantageTicks;
        if (poll == 2000) advantageAt2000[i] = s.Stats().frameAdvantageTicks;
        if (poll == 1500 && side == 0) stalledAt1500 = s.Stats().stalledTicks;
        if (poll == 299 && side == 1) joinWaitsAt300 = s.Stats().timeSyncWaits;
    };
    const PairResult r = netharness::RunPair(o);
    ASSERT_EQ(CheckFullMatch(r), "");
    EXPECT_GE(advantageAt400[0], 3) << "the host ran ahead";
    // (The join starts a trip before the host, on the host's setup: time sync may wait it a tick
    // or two in the first seconds; after its hang it is the one behind.)
    EXPECT_LE(advantageAt400[1], -3) << "and the join saw itself behind";
    EXPECT_GT(r.peers[0].stats.timeSyncWaits, 3);
    EXPECT_EQ(r.peers[1].stats.timeSyncWaits, joinWaitsAt300) << "the side behind never waits";
    EXPECT_LE(std::abs(advantageAt2000[0]), 1);
    EXPECT_LE(std::abs(advantageAt2000[1]), 1);
    EXPECT_EQ(r.peers[0].stats.stalledTicks, stalledAt1500) << "no stall once level";
    EXPECT_NEAR(r.peers[0].stats.pingMillis, 100 + 17, 17) << "two 50 ms legs and up to a tick's wait";
}

// ---- handshake ----------------------------------------------------------------------------------

// A side's transport with a window on it: what passes either way is recorded, and forged
// datagrams are handed to the session before the real ones.
class Tap final : public net::Transport {
public:
    explicit Tap(net::Transport& inner) : inner_(inner) {}
    void Send(net::PeerId peer, net::Channel c, std::span<const std::uint8_t> b) override {
        sent.push_back(net::Datagram{peer, net::LinkEvent::None, c, {b.begin(), b.end()}});
        inner_.Send(peer, c, b);
    }
    bool Receive(net::Datagram& out) override {
        if (!forged.empty()) {
            out = forged.front();
            forged.erase(forged.begin());
            return true;
        }
        if (!inner_.Receive(out)) return false;
        if (out.event == net::LinkEvent::None) received.push_back(out);
        return true;
    }
    void Poll() override { inner_.Poll(); }
    void Close(net::PeerId peer) override { inner_.Close(peer); }
    std::vector<net::Datagram> forged, sent, received;

private:
    net::Transport& inner_;
};

// Taps the sides `which` says (0, 1, or 2 for both).
std::function<net::Transport&(std::int32_t, net::Transport&)> TapSides(std::array<std::unique_ptr<Tap>, 2>& taps,
                                                                       int which) {
    return [&taps, which](std::int32_t side, net::Transport& inner) -> net::Transport& {
        if (which != 2 && side != which) return inner;
        taps[static_cast<std::size_t>(side)] = std::make_unique<Tap>(inner);
        return *taps[static_cast<std::size_t>(side)];
    };
}

TEST(Handshake, DifferentProgramVersionsAreRefusedNamingBothAndTheHostWaitsOn) {
    PairOptions o = Options();
    o.programVersions = {"brawl 0.1", "brawl 0.2"};
    o.maxPolls = 120;
    const PairResult r = netharness::RunPair(o);
    ASSERT_TRUE(r.peers[1].error.has_value());
    EXPECT_EQ(r.peers[1].error->code, net::ErrorCode::ProgramVersionMismatch);
    EXPECT_EQ(r.peers[1].error->message,
              "program version differs: \"brawl 0.2\" here, \"brawl 0.1\" on the opponent's side");
    EXPECT_EQ(r.peers[0].phase, net::SessionPhase::Connecting) << "the host goes on waiting";
    EXPECT_FALSE(r.peers[0].error.has_value());
    ASSERT_TRUE(r.peers[0].refusal.has_value());
    EXPECT_EQ(r.peers[0].refusal->code, net::ErrorCode::ProgramVersionMismatch);
    EXPECT_EQ(r.peers[0].refusal->message,
              "program version differs: \"brawl 0.1\" here, \"brawl 0.2\" on the opponent's side");
    EXPECT_EQ(r.peers[0].stats.refusals, 1);
}

TEST(Handshake, DifferentSimulationVersionsAreRefused) {
    PairOptions o = Options();
    o.simulationVersions = {game::SIMULATION_VERSION, game::SIMULATION_VERSION + 1};
    o.maxPolls = 120;
    const PairResult r = netharness::RunPair(o);
    ASSERT_TRUE(r.peers[1].error.has_value());
    EXPECT_EQ(r.peers[1].error->code, net::ErrorCode::SimulationVersionMismatch);
    ASSERT_TRUE(r.peers[0].refusal.has_value());
    EXPECT_EQ(r.peers[0].refusal->message, "simulation version differs: " + std::to_string(game::SIMULATION_VERSION) +
                                               " here, " + std::to_string(game::SIMULATION_VERSION + 1) +
                                               " on the opponent's side");
}

// Refused before any match begins, in each side's own words ("here" is the reader's side), and
// the host goes on waiting for another opponent.
TEST(Handshake, AFighterWhoseDefinitionDiffersIsRefusedByNameBeforeTheMatch) {
    game::FighterDef changed = Synth().b;
    changed.moves[0].damage += 1;  // the join's copy of "b" hits harder
    PairOptions o = Options();
    o.rosters[1] = {&Synth().a, &changed};
    o.maxPolls = 120;
    const PairResult r = netharness::RunPair(o);
    ASSERT_TRUE(r.peers[1].error.has_value());
    ASSERT_TRUE(r.peers[0].refusal.has_value());
    const std::string mine = r.peers[0].refusal->message, theirs = r.peers[1].error->message;
    EXPECT_EQ(r.peers[0].refusal->code, net::ErrorCode::FighterMismatch);
    EXPECT_EQ(r.peers[1].error->code, net::ErrorCode::FighterMismatch);
    EXPECT_EQ(mine.rfind("fighter \"b\" differs: definition hash ", 0), 0u) << mine;
    EXPECT_EQ(theirs.rfind("the opponent refused: fighter \"b\" differs: definition hash ", 0), 0u) << theirs;
    // The two hashes, each side's own first.
    const std::string hostHash = mine.substr(mine.find("hash ") + 5, 16),
                      joinHash = theirs.substr(theirs.find("hash ") + 5, 16);
    EXPECT_NE(hostHash, joinHash);
    EXPECT_NE(mine.find(joinHash + " on the opponent's side"), std::string::npos) << mine;
    EXPECT_NE(theirs.find(hostHash + " on the opponent's side"), std::string::npos) << theirs;
    EXPECT_EQ(r.peers[0].replay.inputs.size(), 0u) << "no match began";
    EXPECT_EQ(r.peers[0].phase, net::SessionPhase::Connecting) << "the host goes on waiting";
}

TEST(Handshake, AFighterNotInTheRosterIsRefused) {
    PairOptions o = Options();
    o.rosters[0] = {&Synth().a};  // the host has never heard of "b"
    o.maxPolls = 120;
    const PairResult r = netharness::RunPair(o);
    ASSERT_TRUE(r.peers[0].refusal.has_value());
    EXPECT_EQ(r.peers[0].refusal->code, net::ErrorCode::FighterUnknown);
    EXPECT_EQ(r.peers[0].refusal->message, "the opponent's fighter \"b\" is not in this side's roster");
    ASSERT_TRUE(r.peers[1].error.has_value());
    EXPECT_EQ(r.peers[1].error->code, net::ErrorCode::FighterUnknown);
    EXPECT_EQ(r.peers[1].error->message, "the opponent refused: fighter \"b\" is not in the opponent's roster");
}

TEST(Handshake, TwoHostsAreRefused) {
    net::VirtualClock clock;
    net::MemoryLink link;
    net::SessionConfig c;
    c.roster = Synth().Roster();
    c.entropy = 5;
    auto a = net::Session::Create(c, link.End(0));
    c.entropy = 6;
    auto b = net::Session::Create(c, link.End(1));
    ASSERT_TRUE(a.Ok() && b.Ok());
    for (int i = 0; i < 5; ++i) {
        a.Value()->Poll(clock.NowMicros());
        b.Value()->Poll(clock.NowMicros());
        clock.AdvanceTick();
    }
    ASSERT_NE(a.Value()->LastRefusal(), nullptr);
    EXPECT_EQ(a.Value()->LastRefusal()->code, net::ErrorCode::RoleMismatch);
    EXPECT_EQ(a.Value()->LastRefusal()->message, "both sides are hosts: one must join (--join HOST:PORT)");
    EXPECT_EQ(a.Value()->Phase(), net::SessionPhase::Connecting);
}

// A host that speaks another packet format: its hello cannot be read, and when no handshake comes,
// the join says which versions met rather than "no answer". A host shrugs such bytes off.
TEST(Handshake, AnotherPacketFormatIsNamedWhenTheHandshakeNeverComes) {
    net::VirtualClock clock;
    net::MemoryLink link;
    net::SessionConfig c;
    c.roster = Synth().Roster();
    c.role = net::Role::Join;
    auto join = net::Session::Create(c, link.End(1));
    c.role = net::Role::Host;
    auto host = net::Session::Create(c, link.End(0));
    ASSERT_TRUE(join.Ok() && host.Ok());
    std::vector<std::uint8_t> hello = Encode(net::HelloPacket{"dev", game::SIMULATION_VERSION, net::PeerRole::Host});
    hello[2] = net::PROTOCOL_VERSION + 1;
    net::MemoryNetwork& network = link.Network();
    link.End(0).Send(network.IdOf(link.End(1)), net::Channel::Reliable, hello);
    hello[3] = static_cast<std::uint8_t>(net::PacketKind::Hello);
    link.End(1).Send(network.IdOf(link.End(0)), net::Channel::Reliable, hello);
    for (int t = 0; t < 5; ++t, clock.AdvanceTick()) join.Value()->Poll(clock.NowMicros());
    EXPECT_EQ(join.Value()->GetError(), nullptr) << "one unreadable datagram ends nothing at once";
    for (int t = 0; t < 700 && join.Value()->Phase() != net::SessionPhase::Failed; ++t, clock.AdvanceTick()) {
        join.Value()->Poll(clock.NowMicros());
    }
    ASSERT_NE(join.Value()->GetError(), nullptr);
    EXPECT_EQ(join.Value()->GetError()->code, net::ErrorCode::ProtocolVersionMismatch);
    EXPECT_EQ(join.Value()->GetError()->message, "protocol version differs: " + std::to_string(net::PROTOCOL_VERSION) +
                                                     " here, " + std::to_string(net::PROTOCOL_VERSION + 1) +
                                                     " on the opponent's side");
    host.Value()->Poll(clock.NowMicros());
    EXPECT_EQ(host.Value()->GetError(), nullptr);
    EXPECT_EQ(host.Value()->Stats().dropped.Of(net::DropReason::UnknownVersion), 1);
}

// Issue 37's first finding: datagrams captured from an earlier, unrelated session and replayed
// from a new address took over a waiting host. Now the replayed handshake never comes back with the
// host's fresh value: the host goes on waiting, and the real join then plays the whole match.
TEST(Handshake, AReplayedHandshakeCannotBindAHost) {
    std::array<std::unique_ptr<Tap>, 2> taps;
    PairOptions earlier = Options(21);
    earlier.lastTick = 300;
    earlier.wrap = TapSides(taps, 1);
    ASSERT_EQ(CheckFullMatch(netharness::RunPair(earlier)), "");
    const std::vector<net::Datagram> captured = taps[1]->sent;  // the join's hello, pick, start, inputs...
    ASSERT_GT(captured.size(), 300u);

    PairOptions o = Options(22);  // another host process: its values are its own
    o.lastTick = 900;
    o.joinStartPolls = 300;  // the real join dials 5 s later
    net::Transport* ghost = nullptr;
    std::size_t next = 0;
    o.beforePoll = [&](std::uint64_t poll, net::MemoryNetwork& network, net::Transport& hostNode) {
        if (poll == 0) {
            ghost = &network.AddNode();
            network.Connect(*ghost, hostNode);
        }
        // Two replayed datagrams a tick, in their order, as if the earlier join were there.
        for (int k = 0; k < 2 && next < captured.size(); ++k, ++next) {
            ghost->Send(network.IdOf(hostNode), captured[next].channel, captured[next].bytes);
        }
        net::Datagram d;
        while (ghost->Receive(d)) {
        }
    };
    bool boundEarly = false;
    o.onPoll = [&](std::int32_t side, net::Session& s, const net::TickReport&, std::uint64_t poll) {
        if (side == 0 && poll < 300 && (s.Phase() != net::SessionPhase::Connecting || s.MatchNumber() != 0))
            boundEarly = true;
    };
    const PairResult r = netharness::RunPair(o);
    EXPECT_FALSE(boundEarly) << "the ghost never got the host out of waiting";
    ASSERT_EQ(CheckFullMatch(r), "") << "the real join plays the whole match";
    EXPECT_EQ(r.peers[0].confirmedTick, 900u);
    EXPECT_GT(r.peers[0].stats.dropped.Of(net::DropReason::WrongSession), 300)
        << "the replayed packets carry the earlier session's values";
    EXPECT_EQ(r.peers[0].stats.handshakesAbandoned, 1) << "the ghost's handshake, let go after the timeout";
    EXPECT_EQ(next, captured.size()) << "every captured datagram was replayed";
    std::printf("[ ghost ] %zu datagrams replayed: %lld dropped as another session's, %lld handshake abandoned\n",
                captured.size(), static_cast<long long>(r.peers[0].stats.dropped.Of(net::DropReason::WrongSession)),
                static_cast<long long>(r.peers[0].stats.handshakesAbandoned));
}

// A third program dialling a host that plays: it is told the host is busy, and the match goes on.
TEST(Handshake, ASecondJoinIsToldTheHostIsInAMatch) {
    PairOptions o = Options(23);
    o.lastTick = 600;
    net::VirtualClock clock;  // the intruder's own session runs on the poll count
    std::unique_ptr<net::Session> intruder;
    o.beforePoll = [&](std::uint64_t poll, net::MemoryNetwork& network, net::Transport& hostNode) {
        if (poll == 200) {
            net::Transport& node = network.AddNode();
            net::SessionConfig c;
            c.role = net::Role::Join;
            c.roster = Synth().Roster();
            c.programVersion = "test";
            c.entropy = 77;
            intruder = std::move(net::Session::Create(c, node)).Value();
            network.Connect(node, hostNode);
        }
        if (intruder) intruder->Poll(poll * 16'667);
    };
    const PairResult r = netharness::RunPair(o);
    ASSERT_EQ(CheckFullMatch(r), "");
    ASSERT_NE(intruder->GetError(), nullptr);
    EXPECT_EQ(intruder->GetError()->code, net::ErrorCode::HostBusy);
    EXPECT_EQ(intruder->GetError()->message, "the host is in a match");
    EXPECT_NE(std::find(r.peers[0].notices.begin(), r.peers[0].notices.end(),
                        "turned a second opponent away: the host is in a match"),
              r.peers[0].notices.end());
}

TEST(Session, ReadyIsCheckedAndAConfigOutOfRangeIsNamed) {
    net::MemoryLink link;
    net::SessionConfig c;
    c.roster = Synth().Roster();
    auto s = net::Session::Create(c, link.End(0));
    ASSERT_TRUE(s.Ok());
    auto early = s.Value()->Ready("a");
    ASSERT_TRUE(early.has_value());
    EXPECT_EQ(early->code, net::ErrorCode::BadConfig);
    EXPECT_NE(early->message.find("connecting"), std::string::npos) << early->message;

    c.inputDelayTicks = 5;
    auto bad = net::Session::Create(c, link.End(0));
    ASSERT_FALSE(bad.Ok());
    EXPECT_EQ(bad.GetError().message, "inputDelayTicks is 5: it must be 0 to 4, or AUTO_INPUT_DELAY");
    c.inputDelayTicks = 2;
    c.maxRollbackTicks = 0;
    EXPECT_EQ(net::CheckSessionConfig(c)->message, "maxRollbackTicks is 0: it must be 1 to 16");
    c.maxRollbackTicks = 8;
    c.maxSpectators = 17;
    EXPECT_EQ(net::CheckSessionConfig(c)->message, "maxSpectators is 17: it must be 0 to 16");
}

// Issue 37: each lobby shows the fighter the other's cursor is on while it chooses. A cursor is
// not a pick: nothing starts until both are ready.
TEST(Lobby, EachSideSeesTheOthersCursorWhileItChoosesAndOnlyReadyPicks) {
    const PairOptions o = Options(21);
    net::MemoryLink link;
    net::VirtualClock clock;
    auto host = std::move(net::Session::Create(netharness::PlayerConfig(o, 0), link.End(0))).Value();
    host->Browse("b");  // before anyone came: the opponent hears it once bound
    auto join = std::move(net::Session::Create(netharness::PlayerConfig(o, 1), link.End(1))).Value();
    join->Browse("a");  // while it connects: sent once bound
    // Polls both until `seen` holds (at most two seconds of ticks); false if it never did.
    const auto pollUntil = [&](const std::function<bool()>& seen) {
        for (int i = 0; i < 120 && !seen(); ++i) {
            (void)host->Poll(clock.NowMicros());
            (void)join->Poll(clock.NowMicros());
            clock.AdvanceTick();
        }
        return seen();
    };
    ASSERT_TRUE(pollUntil([&] { return join->PeerCursor() == "b" && host->PeerCursor() == "a"; }))
        << "each cursor, sent on binding: the host sees \"" << host->PeerCursor() << "\", the join \""
        << join->PeerCursor() << "\"";
    EXPECT_EQ(join->PeerFighter(), "") << "a cursor is not a pick";
    join->Browse("b");
    ASSERT_TRUE(pollUntil([&] { return host->PeerCursor() == "b"; })) << "every move of the cursor";
    EXPECT_FALSE(host->PeerReady());
    EXPECT_EQ(host->Phase(), net::SessionPhase::Lobby) << "cursors start nothing";
    EXPECT_EQ(join->Phase(), net::SessionPhase::Lobby);

    ASSERT_FALSE(host->Ready("a").has_value());
    host->Browse("b");  // after Ready: ignored, the pick stands
    ASSERT_TRUE(pollUntil([&] { return join->PeerReady(); }));
    EXPECT_EQ(join->PeerCursor(), "a") << "the pick, once made";
    EXPECT_EQ(join->PeerFighter(), "a");

    ASSERT_FALSE(join->Ready("b").has_value());
    ASSERT_TRUE(pollUntil(
        [&] { return host->Phase() == net::SessionPhase::Running && join->Phase() == net::SessionPhase::Running; }));
    EXPECT_EQ(host->FighterIds()[0], "a");
    EXPECT_EQ(host->FighterIds()[1], "b") << "the join's pick, not where its cursor once was";
    EXPECT_EQ(host->PeerCursor(), "") << "a new match's choice starts empty";
}

// ---- a peer that disappears, or quits -----------------------------------------------------------

TEST(Disconnect, APeerThatStopsAnsweringIsANoticeAfterOneSecondAndLostAfterTen) {
    PairOptions o = Options(11);
    o.link = {30, 5, 0, 0, 0};
    o.pausePolls[1] = {400, 1 << 30};  // the join's process freezes (or is killed) at its 400th poll
    o.maxPolls = 2000;
    std::int64_t noticeAt = -1, lostAt = -1;
    std::uint64_t confirmedAtNotice = 0;
    o.onPoll = [&](std::int32_t side, net::Session& s, const net::TickReport&, std::uint64_t poll) {
        if (side != 0) return;
        if (noticeAt < 0 && s.WaitingForPeer()) {
            noticeAt = static_cast<std::int64_t>(poll);
            confirmedAtNotice = s.ConfirmedTick();
        }
        if (lostAt < 0 && s.Phase() == net::SessionPhase::Failed) lostAt = static_cast<std::int64_t>(poll);
    };
    const PairResult r = netharness::RunPair(o);
    const auto& host = r.peers[0];
    ASSERT_EQ(host.phase, net::SessionPhase::Failed);
    EXPECT_EQ(host.error->code, net::ErrorCode::PeerLost);
    // The result states the last confirmed tick, and the replay's hash is that tick's.
    EXPECT_EQ(host.error->ToLine(), "error: opponent lost at tick " + std::to_string(confirmedAtNotice));
    EXPECT_EQ(host.error->tick, host.confirmedTick);
    EXPECT_EQ(host.confirmedTick, confirmedAtNotice) << "nothing was confirmed after the peer went silent";
    // The last packet left the join at poll 399 and took 25 to 35 ms (2 polls) to arrive.
    EXPECT_NEAR(static_cast<double>(noticeAt), 400 + 2 + 60, 3);
    EXPECT_NEAR(static_cast<double>(lostAt), 400 + 2 + 600, 3);
    // Its replay is there to save: the confirmed ticks, with the hash they end on.
    EXPECT_GT(host.replay.inputs.size(), 300u);
    EXPECT_EQ(host.replay.inputs.size(), host.confirmedTick);
    EXPECT_EQ(netharness::ReplayOffline(host.replay, Synth().Roster()), host.confirmedHash);
}

TEST(Disconnect, AClosedConnectionIsLostAtOnce) {
    PairOptions o = Options(12);
    net::VirtualClock clock;
    net::MemoryLink link;
    std::uint64_t polls = 0;
    const PairResult r = netharness::RunSessions(o, {&link.End(0), &link.End(1)}, clock, [&](const auto&) {
        if (++polls == 300) link.Close();
        return true;
    });
    for (const auto& p : r.peers) {
        ASSERT_TRUE(p.error.has_value());
        EXPECT_EQ(p.error->code, net::ErrorCode::PeerLost);
        EXPECT_EQ(p.error->message, "opponent lost at tick " + std::to_string(p.confirmedTick));
    }
    EXPECT_LE(r.polls, 302u);
}

// A player who quits says goodbye, reliably, before its link closes: the other side reads
// "left" at its last confirmed tick, at once, not "lost" after the timeout.
TEST(Disconnect, AQuitIsReportedAsLeftAtTheLastConfirmedTick) {
    for (std::int32_t quitter = 0; quitter < 2; ++quitter) {
        SCOPED_TRACE(quitter);
        PairOptions o = Options(13 + static_cast<std::uint64_t>(quitter));
        o.link = {40, 10, 10, 0, 0};
        o.maxPolls = 800;
        std::int64_t failedAt = -1;
        o.onPoll = [&](std::int32_t side, net::Session& s, const net::TickReport&, std::uint64_t poll) {
            if (side == quitter && poll == 400) s.Leave();
            if (side != quitter && failedAt < 0 && s.Phase() == net::SessionPhase::Failed)
                failedAt = static_cast<std::int64_t>(poll);
        };
        const PairResult r = netharness::RunPair(o);
        const auto& other = r.peers[static_cast<std::size_t>(1 - quitter)];
        ASSERT_TRUE(other.error.has_value());
        EXPECT_EQ(other.error->code, net::ErrorCode::PeerLeft);
        EXPECT_EQ(other.error->message, "opponent left at tick " + std::to_string(other.confirmedTick));
        EXPECT_EQ(other.error->tick, other.confirmedTick);
        EXPECT_LE(failedAt, 400 + 10) << "told at once (a 40 ms link), not after a timeout";
        EXPECT_EQ(netharness::ReplayOffline(other.replay, Synth().Roster()), other.confirmedHash);
    }
}

// ---- the end of a match ---------------------------------------------------------------------------

// Makes `side` hang for `polls` polls (-1: for good) from the poll after it reached `tick`; the
// first poll it skips is returned, -1 until then. Keeps the options' own onPoll.
std::shared_ptr<std::int64_t> HangFromTick(PairOptions& o, std::int32_t side, std::uint64_t tick, std::int64_t polls) {
    auto from = std::make_shared<std::int64_t>(-1);
    const auto previous = o.onPoll;
    o.onPoll = [=](std::int32_t i, net::Session& s, const net::TickReport& report, std::uint64_t poll) {
        if (previous) previous(i, s, report, poll);
        if (i == side && *from < 0 && s.CurrentTick() >= tick) *from = static_cast<std::int64_t>(poll) + 1;
    };
    o.skipPoll = [=](std::int32_t i, std::uint64_t poll) {
        const auto at = static_cast<std::int64_t>(poll);
        return i == side && *from >= 0 && at >= *from && (polls < 0 || at < *from + polls);
    };
    return from;
}

// Issue 37's second finding: the side a tick or two behind at the end failed with "opponent lost"
// when the side that finished closed at once. Now the finishing side keeps answering until the
// other confirms the end (or for the timeout), and both end on the same tick with the same replay.
TEST(Ending, ASidePausedTwoSecondsJustBeforeTheEndEndsOnTheSameTick) {
    for (std::int32_t paused = 0; paused < 2; ++paused) {
        SCOPED_TRACE(paused);
        PairOptions o = Options(40 + static_cast<std::uint64_t>(paused));
        o.link = {50, 10, 10, 0, 0};
        o.lastTick = 900;
        // Two ticks before the end (its inputs through the last tick sent), it hangs for 2 s.
        const auto pauseFrom = HangFromTick(o, paused, o.lastTick - 2, 120);
        const PairResult r = netharness::RunPair(o);
        ASSERT_EQ(CheckFullMatch(r), "");
        EXPECT_EQ(r.peers[0].confirmedTick, 900u);
        ASSERT_GE(*pauseFrom, 0);
        const auto& waiter = r.peers[static_cast<std::size_t>(1 - paused)];
        EXPECT_GE(waiter.leftAtPoll, *pauseFrom + 120) << "the side that finished first waited for the other";
        EXPECT_GE(r.peers[static_cast<std::size_t>(paused)].leftAtPoll, *pauseFrom + 120);
    }
}

// The other half of the end: a side that holds every input of the match finishes it even when its
// peer is gone. Here the peer leaves the moment it finishes (no waiting), while this side hangs two
// ticks before the end: its inputs, its Done, its Bye and the close all arrive in one batch.
TEST(Ending, ASideWithEveryInputFinishesEvenWhenThePeerIsGone) {
    PairOptions o = Options(43);
    o.lastTick = 600;
    o.maxPolls = 1500;
    o.onPoll = [&](std::int32_t side, net::Session& s, const net::TickReport&, std::uint64_t) {
        if (side == 0 && s.Phase() == net::SessionPhase::Finished) s.Leave();  // gone at once
    };
    const auto pauseFrom = HangFromTick(o, 1, o.lastTick - 2, 120);
    net::VirtualClock clock;
    net::MemoryLink link;
    const PairResult r = netharness::RunSessions(o, {&link.End(0), &link.End(1)}, clock);
    ASSERT_EQ(CheckFullMatch(r), "");
    EXPECT_EQ(r.peers[1].confirmedTick, 600u);
    EXPECT_LT(r.peers[0].leftAtPoll, *pauseFrom + 120) << "side 0 was gone before side 1 came back";
}

// The paused side never comes back (killed): the side that finished still finished, and stops
// waiting for the other's end after the timeout.
TEST(Ending, TheFinishingSideStopsWaitingAfterTheTimeout) {
    PairOptions o = Options(42);
    o.lastTick = 600;
    o.maxPolls = 2000;
    const auto killedAt = HangFromTick(o, 1, o.lastTick - 1, -1);
    const PairResult r = netharness::RunPair(o);
    EXPECT_EQ(r.peers[0].phase, net::SessionPhase::Finished);
    EXPECT_EQ(r.peers[0].confirmedTick, 600u);
    EXPECT_FALSE(r.peers[0].error.has_value());
    EXPECT_NEAR(static_cast<double>(r.peers[0].leftAtPoll - *killedAt), 600, 5) << "ten seconds of waiting";
    EXPECT_EQ(netharness::ReplayOffline(r.peers[0].replay, Synth().Roster()), r.peers[0].confirmedHash);
}

// ---- hostile packets ------------------------------------------------------------------------------

// The session values of the link a tap's side receives on: (the peer's, ours), and the peer's id.
struct LinkValues {
    net::SessionValues values;
    net::PeerId peer = 0;
};
LinkValues ValuesOf(const Tap& tap) {
    for (auto it = tap.received.rbegin(); it != tap.received.rend(); ++it) {
        net::Message m;
        if (net::ParseMessage(it->bytes, m) == net::DropReason::None && m.values.to != 0) return {m.values, it->peer};
    }
    return {};
}

// Forged packets from the peer's address, made by someone who sees the packets (they carry the
// link's values and a valid check): each is judged on its own and dropped for its own reason;
// corrupted, foreign and unknown ones before that.
TEST(Hostile, ForgedPacketsAreDroppedCountedAndNeverTrusted) {
    PairOptions o = Options(14);
    o.link = {50, 10, 5, 0, 0};
    o.lastTick = 1200;
    std::array<std::unique_ptr<Tap>, 2> taps;
    o.wrap = TapSides(taps, 1);
    bool injected = false;
    o.onPoll = [&](std::int32_t side, net::Session& s, const net::TickReport&, std::uint64_t) {
        if (side != 1 || s.CurrentTick() != 300 || injected) return;
        injected = true;
        Tap& tap = *taps[1];
        const LinkValues link = ValuesOf(tap);
        ASSERT_NE(link.peer, 0u);
        const auto forge = [&](const net::Packet& p, net::Channel c = net::Channel::Unreliable,
                               net::SessionValues values = {}) {
            net::Datagram d;
            d.peer = link.peer;
            d.channel = c;
            net::EncodeMessage(net::Message{values.from ? values : link.values, p}, d.bytes);
            tap.forged.push_back(d);
            return &tap.forged.back();
        };
        const std::vector<game::Inputs> confirmed = s.ConfirmedInputs();
        net::InputsPacket in;
        in.match = s.MatchNumber();
        in.sequence = 1;
        in.ping = {1, 0, 0};
        in.senderTick = static_cast<std::uint32_t>(s.CurrentTick());
        // The host's inputs for ticks 1 to 10, each with a button more: they contradict what came.
        in.firstTick = 1;
        in.count = 10;
        for (std::size_t i = 0; i < 10; ++i) in.bits[i] = confirmed[i][0].bits ^ game::Input::PUNCH;
        forge(in);
        // Inputs for a tick a thousand ticks ahead.
        net::InputsPacket future = in;
        future.firstTick = static_cast<std::uint32_t>(s.CurrentTick() + 1000);
        forge(future);
        // Inputs that skip ticks nobody sent.
        net::InputsPacket gap = in;
        gap.firstTick = static_cast<std::uint32_t>(s.CurrentTick() + 30);
        gap.count = 1;
        forge(gap);
        // An acknowledgment of inputs this side never made.
        net::InputsPacket ack = in;
        ack.count = 0;
        ack.ackTick = static_cast<std::uint32_t>(s.CurrentTick() + 500);
        forge(ack);
        // Another match's inputs; inputs on the reliable channel.
        net::InputsPacket stale = in;
        stale.match += 1;
        stale.count = 0;
        forge(stale);
        net::InputsPacket reliable = in;
        reliable.count = 0;
        forge(reliable, net::Channel::Reliable);
        // An unknown version, a truncated packet (as cut, and with its check made to fit), random bytes.
        net::Datagram* v = forge(in);
        v->bytes[2] = net::PROTOCOL_VERSION + 7;
        net::Datagram* t = forge(in);
        t->bytes.resize(t->bytes.size() - 4);
        net::Datagram* sealed = forge(in);
        sealed->bytes.resize(sealed->bytes.size() - 4);
        net::SealMessage(sealed->bytes);
        tap.forged.push_back(
            net::Datagram{link.peer, net::LinkEvent::None, net::Channel::Unreliable, {1, 2, 3, 4, 5, 6, 7, 8}});
        // A checksum of a far future tick; a second opening hello; a checksum of a tick compared already.
        forge(net::ChecksumPacket{s.MatchNumber(), static_cast<std::uint32_t>(s.CurrentTick() + 900), 1},
              net::Channel::Reliable);
        forge(net::HelloPacket{"test", game::SIMULATION_VERSION, net::PeerRole::Host}, net::Channel::Reliable,
              net::SessionValues{link.values.from, 0});
        forge(net::ChecksumPacket{s.MatchNumber(), 30, 12345}, net::Channel::Reliable);
        // Another session's values (a replay, or a guess); a real packet with a bit flipped on the
        // way; a datagram from an address this side has no link with.
        forge(in, net::Channel::Unreliable, net::SessionValues{link.values.from ^ 1, link.values.to});
        net::Datagram flipped = tap.received.back();
        flipped.bytes[flipped.bytes.size() / 2] ^= 0x10;
        tap.forged.push_back(flipped);
        net::Datagram* stranger = forge(in);
        stranger->peer = 77;
    };
    const PairResult r = netharness::RunPair(o);
    ASSERT_TRUE(injected);
    ASSERT_EQ(CheckFullMatch(r), "") << "nothing forged changed the match";
    const net::DropCounts& dropped = r.peers[1].stats.dropped;
    using D = net::DropReason;
    EXPECT_EQ(dropped.Of(D::InputConflict), 1);
    EXPECT_EQ(dropped.Of(D::FutureTick), 3) << "inputs, ack and checksum from the future";
    EXPECT_EQ(dropped.Of(D::InputGap), 1);
    EXPECT_EQ(dropped.Of(D::StaleMatch), 1);
    EXPECT_EQ(dropped.Of(D::WrongChannel), 1);
    EXPECT_EQ(dropped.Of(D::UnknownVersion), 1);
    EXPECT_EQ(dropped.Of(D::Truncated), 1);
    EXPECT_EQ(dropped.Of(D::BadCheck), 2) << "the cut one and the flipped one";
    EXPECT_EQ(dropped.Of(D::BadMagic), 1);
    EXPECT_EQ(dropped.Of(D::WrongPhase), 1) << "the second hello";
    EXPECT_EQ(dropped.Of(D::OldChecksum), 1);
    EXPECT_EQ(dropped.Of(D::WrongSession), 1);
    EXPECT_EQ(dropped.Of(D::UnknownPeer), 1);
    EXPECT_EQ(r.peers[1].stats.packetsDropped, 16) << "and nothing else";
    EXPECT_EQ(r.peers[1].stats.desyncChecksPassed, r.peers[0].stats.desyncChecksPassed)
        << "the forged checksum of tick 30 compared nothing";
}

// Issue 37's fourth finding: bit-flipped packets from the peer's address made the acked tick stick.
// Here both sides get, every tick from the first, three datagrams from the other's address: packets
// captured from an earlier session and from this one, with bits flipped, cut, their values changed,
// or random bytes. Nothing stops the match, and it is the very match the undisturbed run plays.
TEST(Hostile, MutatedPacketsNeverStopASession) {
    std::array<std::unique_ptr<Tap>, 2> earlierTaps;
    PairOptions earlier = Options(31);
    earlier.lastTick = 300;
    earlier.wrap = TapSides(earlierTaps, 2);
    ASSERT_EQ(CheckFullMatch(netharness::RunPair(earlier)), "");
    const std::array<std::vector<net::Datagram>, 2> captured{earlierTaps[0]->sent, earlierTaps[1]->sent};

    PairOptions o = Options(32);
    o.link = {40, 10, 5, 2, 2};
    o.lastTick = 1200;
    const PairResult clean = netharness::RunPair(o);
    ASSERT_EQ(CheckFullMatch(clean), "");

    std::array<std::unique_ptr<Tap>, 2> taps;
    o.wrap = TapSides(taps, 2);
    game::Rng rng{99};
    std::array<int, 5> kinds{};
    o.onPoll = [&](std::int32_t side, net::Session&, const net::TickReport&, std::uint64_t) {
        const auto me = static_cast<std::size_t>(side);
        Tap& tap = *taps[me];
        const net::PeerId peer = side == 0 ? 2 : 1;  // RunPair's nodes: the host is 1, the join 2
        for (int k = 0; k < 3; ++k) {
            // From the earlier session's other side, or from what this side already received.
            const std::vector<net::Datagram>& pool =
                rng.Below(2) == 0 || tap.received.empty() ? captured[1 - me] : tap.received;
            net::Datagram d = pool[static_cast<std::size_t>(rng.Below(static_cast<std::int32_t>(pool.size())))];
            d.peer = peer;
            const int kind = rng.Below(5);
            ++kinds[static_cast<std::size_t>(kind)];
            switch (kind) {
                case 0:  // one to three bits flipped on the way
                    for (int n = 1 + rng.Below(3); n > 0; --n) {
                        d.bytes[static_cast<std::size_t>(rng.Below(static_cast<std::int32_t>(d.bytes.size())))] ^=
                            static_cast<std::uint8_t>(1u << rng.Below(8));
                    }
                    break;
                case 1:  // cut short
                    d.bytes.resize(static_cast<std::size_t>(rng.Below(static_cast<std::int32_t>(d.bytes.size()))));
                    break;
                case 2:  // a payload byte changed and the check made to fit, under other values
                case 3:
                    if (d.bytes.size() > 16)
                        d.bytes[16 + static_cast<std::size_t>(
                                         rng.Below(static_cast<std::int32_t>(d.bytes.size() - 16)))] ^= 0x5a;
                    d.bytes[4 + static_cast<std::size_t>(rng.Below(8))] ^=
                        static_cast<std::uint8_t>(1 + rng.Below(255));
                    net::SealMessage(d.bytes);
                    break;
                case 4:  // noise
                    d.bytes.resize(static_cast<std::size_t>(rng.Below(80)));
                    for (auto& b : d.bytes) b = static_cast<std::uint8_t>(rng.Below(256));
                    break;
            }
            tap.forged.push_back(d);
        }
    };
    const PairResult r = netharness::RunPair(o);
    ASSERT_EQ(CheckFullMatch(r), "") << "no forged or corrupted datagram stopped the match";
    EXPECT_EQ(game::FormatReplay(r.peers[0].replay), game::FormatReplay(clean.peers[0].replay))
        << "and it is the undisturbed run's match, tick for tick";
    for (std::size_t i = 0; i < 2; ++i) {
        SCOPED_TRACE(i);
        const net::SessionStats& st = r.peers[i].stats;
        EXPECT_GT(st.packetsDropped, 2000);
        EXPECT_GT(st.dropped.Of(net::DropReason::BadCheck), 500);
        EXPECT_GT(st.dropped.Of(net::DropReason::WrongSession), 500);
        EXPECT_EQ(st.stalledTicks, clean.peers[i].stats.stalledTicks) << "not one tick waited for them";
    }
    for (const int n : kinds) EXPECT_GT(n, 300);
}

// ---- spectators -----------------------------------------------------------------------------------

std::string CheckSpectator(const netharness::SpectatorResult& w, const PairResult& r) {
    if (w.phase != net::SessionPhase::Finished)
        return std::string("not finished: ") + game::NameOf(net::SESSION_PHASE_NAMES, w.phase) +
               (w.error ? " (" + w.error->message + ")" : "");
    if (w.currentTick != r.peers[0].confirmedTick) return "stopped at tick " + std::to_string(w.currentTick);
    if (w.hash != r.peers[0].confirmedHash) return "another final hash";
    if (game::FormatReplay(w.replay) != game::FormatReplay(r.peers[0].replay)) return "another replay";
    return "";
}

// Spectators never stall the players: the same run without them plays the same match, tick for
// tick, with the same stalls (the simulator's dice are per path, so only the players' paths count).
void ExpectTheSameMatchWithoutSpectators(PairOptions o, const PairResult& withThem) {
    o.spectators.clear();
    const PairResult solo = netharness::RunPair(o);
    EXPECT_EQ(game::FormatReplay(solo.peers[0].replay), game::FormatReplay(withThem.peers[0].replay));
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(solo.peers[i].stats.stalledTicks, withThem.peers[i].stats.stalledTicks) << "side " << i;
    }
}

// GGRS's spectators: one watching from before the match, one dialling in mid-match, which plays
// from the first tick, fast, until it has caught up. Both stop at the players' last tick on their
// hash, with their replay; the players play the same match as without them.
TEST(Spectators, TwoSpectatorsOneJoiningMidMatchEndOnThePlayersHash) {
    PairOptions o = Options(50);
    o.link = {50, 10, 5, 1, 1};
    netharness::SpectatorOptions early, late;
    early.link = {30, 5, 5, 0, 0};
    late.connectPoll = 1500;
    late.link = {80, 10, 5, 0, 0};
    o.spectators = {early, late};
    const PairResult r = netharness::RunPair(o);
    ASSERT_EQ(CheckFullMatch(r), "");
    ASSERT_EQ(r.spectators.size(), 2u);
    for (const auto& w : r.spectators) EXPECT_EQ(CheckSpectator(w, r), "");
    const auto& l = r.spectators[1];
    EXPECT_GT(l.hostTickAtConnect, 1000u) << "it came in mid-match";
    EXPECT_GT(l.stats.fastForwardedTicks, 1000) << "and played the match so far fast";
    ASSERT_GE(l.caughtUpAtPoll, 0);
    EXPECT_LT(l.caughtUpAtPoll - 1500, 120) << "caught up within two seconds";
    EXPECT_EQ(r.spectators[0].stats.fastForwardedTicks, 0) << "the early one just played along";
    EXPECT_EQ(std::count(r.peers[0].notices.begin(), r.peers[0].notices.end(), "a spectator is watching (1)") +
                  std::count(r.peers[0].notices.begin(), r.peers[0].notices.end(), "a spectator is watching (2)"),
              2);

    ExpectTheSameMatchWithoutSpectators(o, r);
}

// A spectator that hangs for 8 s after it had caught up is let go (its backlog kept growing), one
// that hangs for 2 s catches up again, and the players never wait for either.
TEST(Spectators, ASlowSpectatorIsDroppedWithoutStallingThePlayers) {
    PairOptions o = Options(51);
    o.link = {40, 10, 2, 0, 0};
    netharness::SpectatorOptions slow, hiccup;
    slow.pausePolls = {900, 1400};
    hiccup.pausePolls = {900, 1020};
    o.spectators = {slow, hiccup};
    const PairResult r = netharness::RunPair(o);
    ASSERT_EQ(CheckFullMatch(r), "");
    const auto& s = r.spectators[0];
    ASSERT_EQ(s.phase, net::SessionPhase::Failed);
    EXPECT_EQ(s.error->code, net::ErrorCode::SpectatorDropped);
    EXPECT_EQ(s.error->message.rfind("the host dropped this spectator: its backlog grew to 181 ticks", 0), 0u)
        << s.error->message;
    EXPECT_EQ(r.peers[0].stats.spectatorsDropped, 1);
    EXPECT_NE(std::find(r.peers[0].notices.begin(), r.peers[0].notices.end(),
                        "dropped a spectator: its backlog grew to 181 ticks after it had caught up"),
              r.peers[0].notices.end());
    EXPECT_EQ(CheckSpectator(r.spectators[1], r), "") << "the 2 s hiccup is not dropped";

    ExpectTheSameMatchWithoutSpectators(o, r);
}

// The opponent killed mid-match: the host's result is the last confirmed tick, and its spectator
// stops there too, on the same hash.
TEST(Spectators, WhenTheOpponentIsLostTheSpectatorStopsAtTheHostsLastConfirmedTick) {
    PairOptions o = Options(53);
    o.link = {30, 5, 0, 0, 0};
    o.pausePolls[1] = {500, 1 << 30};
    o.maxPolls = 1400;
    o.spectators = {netharness::SpectatorOptions{}};
    const PairResult r = netharness::RunPair(o);
    ASSERT_TRUE(r.peers[0].error.has_value());
    EXPECT_EQ(r.peers[0].error->code, net::ErrorCode::PeerLost);
    const auto& w = r.spectators[0];
    ASSERT_EQ(w.phase, net::SessionPhase::Finished) << (w.error ? w.error->message : "");
    EXPECT_EQ(w.currentTick, r.peers[0].confirmedTick);
    EXPECT_EQ(w.hash, r.peers[0].confirmedHash);
    EXPECT_EQ(game::FormatReplay(w.replay), game::FormatReplay(r.peers[0].replay));
}

// After the match the host waits, up to the timeout, until its spectator holds the last tick: one
// that hangs over the end is waited for; one that is gone for good, for 10 s.
TEST(Spectators, TheHostWaitsForItsSpectatorsToHaveTheLastTick) {
    for (const bool killed : {false, true}) {
        SCOPED_TRACE(killed);
        PairOptions o = Options(54);
        o.lastTick = 600;
        o.maxPolls = 2000;
        netharness::SpectatorOptions w;
        w.pausePolls = {590, killed ? 1 << 30 : 700};
        o.spectators = {w};
        const PairResult r = netharness::RunPair(o);
        ASSERT_EQ(CheckFullMatch(r), "");
        EXPECT_LT(r.peers[1].leftAtPoll, 620) << "the join owes the spectator nothing";
        if (killed) {
            EXPECT_NEAR(static_cast<double>(r.peers[0].leftAtPoll), 590 + 600, 20) << "the host gave up on it";
        } else {
            EXPECT_GE(r.peers[0].leftAtPoll, 700) << "the host waited for it";
            EXPECT_LT(r.peers[0].leftAtPoll, 720);
            EXPECT_EQ(CheckSpectator(r.spectators[0], r), "");
        }
    }
}

// The host says how many may watch; one more is told so.
TEST(Spectators, OneTooManyIsTurnedAway) {
    PairOptions o = Options(52);
    o.lastTick = 300;
    o.maxSpectators = 1;
    netharness::SpectatorOptions a, b;
    b.connectPoll = 10;
    o.spectators = {a, b};
    const PairResult r = netharness::RunPair(o);
    ASSERT_EQ(CheckFullMatch(r), "");
    EXPECT_EQ(CheckSpectator(r.spectators[0], r), "");
    ASSERT_TRUE(r.spectators[1].error.has_value());
    EXPECT_EQ(r.spectators[1].error->code, net::ErrorCode::HostFull);
    EXPECT_EQ(r.spectators[1].error->message, "the host serves 1 spectators already");
}

// ---- adapting to the link -------------------------------------------------------------------------

TEST(AutoDelay, ThePlanFitsTheOneWayTripInDelayAndWindow) {
    EXPECT_EQ(net::PlanForPing(-1, 8).inputDelayTicks, 2) << "no ping yet: the old default";
    EXPECT_EQ(net::PlanForPing(30, 8).inputDelayTicks, 2);
    EXPECT_EQ(net::PlanForPing(217, 8).inputDelayTicks, 3) << "100 ms one way: 7 ticks + 4 in 3 + 8";
    EXPECT_EQ(net::PlanForPing(317, 8).maxRollbackTicks, 10) << "150 ms: 10 ticks + 4 in 4 + 10";
    const net::LinkPlan far = net::PlanForPing(417, 8);
    EXPECT_EQ(far.inputDelayTicks, 4);
    EXPECT_EQ(far.maxRollbackTicks, 13) << "200 ms: 13 ticks + 4 in 4 + 13";
    EXPECT_EQ(net::PlanForPing(2000, 8).maxRollbackTicks, 16) << "never past the limit";
    EXPECT_EQ(net::PlanForPing(30, 12).maxRollbackTicks, 12) << "never narrower than asked";
}

double TicksPerSecond(const netharness::PeerResult& p) {
    return p.runningPolls == 0 ? 0 : 60.0 * static_cast<double>(p.advanced) / static_cast<double>(p.runningPolls);
}

// 200 ms one way: the delay picked from the ping measured in the lobby keeps both sides at 60
// ticks a second, where the fixed default (delay 2, window 8) stalls.
TEST(AutoDelay, TwoHundredMillisecondsOneWayHoldSixtyTicksASecond) {
    PairOptions o = Options(60);
    o.link = {200, 10, 0, 0, 0};
    o.lastTick = 3600;
    o.inputDelayTicks = net::AUTO_INPUT_DELAY;
    const PairResult r = netharness::RunPair(o);
    ASSERT_EQ(CheckFullMatch(r), "");
    PairOptions fixed = o;
    fixed.inputDelayTicks = 2;
    const PairResult f = netharness::RunPair(fixed);
    ASSERT_EQ(CheckFullMatch(f), "");
    for (std::size_t i = 0; i < 2; ++i) {
        SCOPED_TRACE(i);
        const net::SessionStats& st = r.peers[i].stats;
        EXPECT_EQ(st.inputDelayTicks, 4);
        EXPECT_GE(st.maxRollbackTicks, 13);
        EXPECT_GE(TicksPerSecond(r.peers[i]), 59.0);
        EXPECT_LT(TicksPerSecond(f.peers[i]), 55.0) << "the fixed default cannot";
        std::printf(
            "[ auto ] side %zu: delay %d, window %d: %.2f ticks/s, %lld stalled, %lld time-sync waits; "
            "fixed 2/8: %.2f ticks/s, %lld stalled\n",
            i, st.inputDelayTicks, st.maxRollbackTicks, TicksPerSecond(r.peers[i]),
            static_cast<long long>(st.stalledTicks), static_cast<long long>(st.timeSyncWaits),
            TicksPerSecond(f.peers[i]), static_cast<long long>(f.peers[i].stats.stalledTicks));
    }
}

TEST(Stats, TheCountersTableNamesEachOnce) {
    net::SessionStats s;
    s.stalledTicks = 7;
    s.timeSyncWaits = 3;
    s.packetsLost = 2;
    s.packetsDropped = 5;
    std::set<std::string> keys;
    std::map<std::string, std::int64_t> values;
    for (const net::StatCounter& c : net::Counters(s)) {
        EXPECT_TRUE(keys.insert(c.key).second) << c.key;
        EXPECT_NE(std::string(c.label), "");
        values[c.key] = c.value;
    }
    EXPECT_EQ(values["stalled_ticks"], 7);
    EXPECT_EQ(values["time_sync_waits"], 3);
    EXPECT_EQ(values["packets_lost"], 2);
    EXPECT_EQ(values["packets_dropped"], 5);
}

// ---- the pieces the app wires ---------------------------------------------------------------------

// Offline, a CpuPlayer decides exactly as the state's own CPU of the same seed: its memory is wiped
// where the state's is, on each round's start.
TEST(CpuPlayer, DecidesExactlyAsTheStatesOwnCpu) {
    const game::MatchDefs defs{{&Synth().a, &Synth().b}};
    game::MatchConfig inside;
    inside.controllers = {game::Controller::Human, game::Controller::Cpu};
    inside.cpuLevel = 3;
    inside.seed = 77;
    game::MatchConfig humans = inside;
    humans.controllers = {game::Controller::Human, game::Controller::Human};
    game::MatchState a = game::NewMatch(defs, inside), b = game::NewMatch(defs, humans);
    net::CpuPlayer cpu(1, inside.seed);
    netharness::RandomPlayer p1(3);
    int rounds = 0;
    for (int t = 0; t < 20000 && a.phase != game::Phase::MatchOver; ++t) {
        const game::Input p1In = p1.Decide(0, a);
        const game::Input cpuIn = cpu.Decide(defs, b);
        game::StepMatch(defs, a, {p1In, game::Input{}});
        game::StepMatch(defs, b, {p1In, cpuIn});
        ASSERT_EQ(a.fighters[1].xSubpx, b.fighters[1].xSubpx) << "tick " << t;
        ASSERT_EQ(a.fighters[0].health, b.fighters[0].health) << "tick " << t;
        rounds = a.round;
    }
    EXPECT_GE(rounds, 2) << "the memory was wiped at a round's start at least once";
}

TEST(Dumps, TheFirstDifferingLineIsNamedFromTextOrFiles) {
    const game::MatchDefs defs{{&Synth().a, &Synth().b}};
    const game::MatchState s = game::NewMatch(defs, {});
    game::MatchState t = s;
    t.projectiles[1].ageTicks = 4;
    t.rng.state ^= 2;
    const std::string a = game::DumpState(s), b = game::DumpState(t);
    EXPECT_EQ(net::CompareDumps(a, b), game::FirstDifference(s, t));
    EXPECT_EQ(net::CompareDumps(a, b), "projectiles[1].ageTicks: 0 vs 4");
    EXPECT_EQ(net::CompareDumps(a, a), "");
    const std::string cut = a.substr(0, a.rfind('\n', a.size() - 2) + 1);  // the last line missing
    const std::string missingLine = net::CompareDumps(a, cut);
    EXPECT_EQ(missingLine.substr(missingLine.size() - 9), "vs (none)") << missingLine;
    // Reading the two files is brawl --compare-dumps's, through the one reader (test_online and
    // the hostile tests: a missing, FIFO or oversized dump is one error line).
}

TEST(Addresses, HostPortAndPortParseOrSayWhy) {
    auto hp = net::ParseHostPort("127.0.0.1:7000");
    ASSERT_TRUE(hp.Ok());
    EXPECT_EQ(hp.Value().host, "127.0.0.1");
    EXPECT_EQ(hp.Value().port, 7000);
    EXPECT_EQ(net::ParseHostPort("example.org:1").Value().host, "example.org");
    EXPECT_EQ(net::ParseHostPort("7000").GetError().message, "\"7000\" is not HOST:PORT (e.g. 127.0.0.1:7000)");
    EXPECT_EQ(net::ParseHostPort("h:0").GetError().code, net::ErrorCode::BadAddress);
    EXPECT_FALSE(net::ParseHostPort("h:70000").Ok());
    EXPECT_FALSE(net::ParseHostPort(":7000").Ok());
    EXPECT_EQ(net::ParsePort("0").Value(), 0);
    EXPECT_EQ(net::ParsePort("65535").Value(), 65535);
    EXPECT_EQ(net::ParsePort("x1").GetError().message, "\"x1\" is not a port (0 to 65535)");
    EXPECT_FALSE(net::ParsePort("").Ok());
    EXPECT_FALSE(net::ParsePort("65536").Ok());
}

}  // namespace
