// The real transport: rollback sessions in one process over ENet on 127.0.0.1 (the host binds
// port 0 and reads back the port the system picked, as --host 0 does), with and without the network
// simulator in front; a second joiner told the host is busy; a quit read as "left". The sessions run on a virtual
// clock; the test waits for real traffic (ENet's service with a timeout as a guard) instead of sleeping, under an
// overall deadline.
#include "net/enet_transport.h"
#include "net/net.h"
#include "net_harness.h"
#include "synthetic_fighter.h"

#include <gtest/gtest.h>

#include <chrono>

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto DEADLINE = std::chrono::seconds(60);  // a failure guard, never a pace

struct Fighters {
    game::FighterDef a = synth::Make(synth::Kick::Rising, "a");
    game::FighterDef b = synth::Make(synth::Kick::Level, "b");
};

struct Link {
    std::unique_ptr<net::EnetTransport> host, join;
};

// A host on 127.0.0.1 port 0 and a join to the port it got, connected.
Link Connect() {
    Link link;
    auto host = net::EnetTransport::Host(0, "127.0.0.1");
    EXPECT_TRUE(host.Ok()) << host.GetError().message;
    if (!host.Ok()) return link;
    link.host = std::move(host).Value();
    EXPECT_NE(link.host->LocalPort(), 0) << "port 0 means: the system picks one, and we can read it";
    auto join = net::EnetTransport::Join("127.0.0.1", link.host->LocalPort());
    EXPECT_TRUE(join.Ok()) << join.GetError().message;
    if (!join.Ok()) return link;
    link.join = std::move(join).Value();
    const auto start = Clock::now();
    while (link.host->ConnectedPeers() == 0 || link.join->ConnectedPeers() == 0) {
        if (Clock::now() - start > DEADLINE) {
            ADD_FAILURE() << "no connection on 127.0.0.1:" << link.host->LocalPort();
            break;
        }
        link.join->WaitForTraffic(10);
        link.host->WaitForTraffic(10);
    }
    return link;
}

netharness::PairResult RunOverEnet(const netharness::PairOptions& o, net::Transport& host, net::Transport& join,
                                   net::EnetTransport& hostEnet, net::EnetTransport& joinEnet, net::VirtualClock& clock,
                                   bool simulated) {
    const auto start = Clock::now();
    return netharness::RunSessions(o, {&host, &join}, clock, [&](const std::array<net::Hold, 2>& holds) {
        // Whatever the other side just sent is on the loopback already: take it in now.
        while (hostEnet.WaitForTraffic(0) || joinEnet.WaitForTraffic(0)) {
        }
        if (Clock::now() - start > DEADLINE) {
            ADD_FAILURE() << "the real-time deadline passed";
            throw std::runtime_error("deadline");
        }
        // Without the simulator, a stall means a real packet is still on its way: wait for it
        // rather than let virtual time run on. With it, the simulator's held packets need time.
        for (std::size_t i = 0; i < 2; ++i) {
            if (!simulated && holds[i] == net::Hold::Stalled) {
                (i == 0 ? hostEnet : joinEnet).WaitForTraffic(50);
                return false;
            }
        }
        return true;
    });
}

std::string Check(const netharness::PairResult& r, const std::vector<const game::FighterDef*>& roster) {
    for (const auto& p : r.peers) {
        if (p.phase != net::SessionPhase::Finished) return p.error ? p.error->message : std::string("not finished");
    }
    if (r.peers[0].confirmedHash != r.peers[1].confirmedHash) return "final hashes differ";
    if (game::FormatReplay(r.peers[0].replay) != game::FormatReplay(r.peers[1].replay)) return "replays differ";
    if (netharness::ReplayOffline(r.peers[0].replay, roster) != r.peers[0].confirmedHash)
        return "the offline replay differs";
    return "";
}

TEST(NetEnet, TwoSessionsOnLoopbackPlay900TicksAndAgree) {
    const Fighters f;
    netharness::PairOptions o;
    o.rosters[0] = o.rosters[1] = {&f.a, &f.b};
    o.lastTick = 900;
    Link link = Connect();
    ASSERT_TRUE(link.host && link.join);
    net::VirtualClock clock;
    const auto r = RunOverEnet(o, *link.host, *link.join, *link.host, *link.join, clock, false);
    ASSERT_EQ(Check(r, {&f.a, &f.b}), "");
    EXPECT_EQ(r.peers[0].confirmedTick, 900u);
    EXPECT_GT(r.peers[0].stats.desyncChecksPassed, 20);
    EXPECT_EQ(r.peers[0].stats.packetsDropped, 0);
}

TEST(NetEnet, ThroughTheSimulatorItRollsBackAndStillAgrees) {
    const Fighters f;
    netharness::PairOptions o;
    o.rosters[0] = o.rosters[1] = {&f.a, &f.b};
    o.lastTick = 900;
    Link link = Connect();
    ASSERT_TRUE(link.host && link.join);
    net::VirtualClock clock;
    // --net-sim on the host only: both directions of the link go through it.
    const auto spec = net::ParseNetSimSpec("latency=60,jitter=10,loss=5,dup=2,reorder=2");
    ASSERT_TRUE(spec.Ok());
    net::SimulatedTransport sim(*link.host, clock, spec.Value(), spec.Value(), 42);
    const auto r = RunOverEnet(o, sim, *link.join, *link.host, *link.join, clock, true);
    ASSERT_EQ(Check(r, {&f.a, &f.b}), "");
    EXPECT_GT(r.peers[0].stats.rollbacks, 0);
    EXPECT_GT(r.peers[1].stats.rollbacks, 0);
    EXPECT_GT(sim.Count(0).lost + sim.Count(1).lost, 0);
    EXPECT_NEAR(r.peers[1].stats.pingMillis, 120 + 17, 25) << "60 ms each way, from the join's side too";
}

// Polls the sessions (on a virtual clock; each advancing with no buttons pressed when it may) and
// their transports until `done`, waiting on the network between polls; false when the real-time
// deadline passed first.
template <class Done>
bool PollUntil(std::vector<net::Session*> sessions, std::vector<net::EnetTransport*> transports,
               net::VirtualClock& clock, Done done) {
    const auto start = Clock::now();
    while (!done()) {
        if (Clock::now() - start > DEADLINE) return false;
        for (net::EnetTransport* t : transports) t->WaitForTraffic(2);
        for (net::Session* s : sessions) {
            if (s->Poll(clock.NowMicros()).hold == net::Hold::None) s->Advance({});
        }
        clock.AdvanceTick();
    }
    return true;
}

net::SessionConfig Config(net::Role role, const Fighters& f, std::uint64_t entropy) {
    net::SessionConfig c;
    c.role = role;
    c.roster = {&f.a, &f.b};
    c.entropy = entropy;
    return c;
}

// The host takes every connection and its session decides: a second joiner, while a match is on,
// is told the host is busy (not "no host there?"). A port in use is an error naming it.
TEST(NetEnet, ASecondJoinerIsToldTheHostIsInAMatchAndAPortInUseIsAnError) {
    const Fighters f;
    Link link = Connect();
    ASSERT_TRUE(link.host && link.join);
    auto host = std::move(net::Session::Create(Config(net::Role::Host, f, 1), *link.host)).Value();
    auto join = std::move(net::Session::Create(Config(net::Role::Join, f, 2), *link.join)).Value();
    net::VirtualClock clock;
    ASSERT_TRUE(PollUntil({host.get(), join.get()}, {link.host.get(), link.join.get()}, clock, [&] {
        return host->Phase() == net::SessionPhase::Lobby && join->Phase() == net::SessionPhase::Lobby;
    }));
    auto third = net::EnetTransport::Join("127.0.0.1", link.host->LocalPort());
    ASSERT_TRUE(third.Ok());
    auto intruder = std::move(net::Session::Create(Config(net::Role::Join, f, 3), *third.Value())).Value();
    ASSERT_TRUE(PollUntil({host.get(), join.get(), intruder.get()},
                          {link.host.get(), link.join.get(), third.Value().get()}, clock,
                          [&] { return intruder->Phase() == net::SessionPhase::Failed; }));
    EXPECT_EQ(intruder->GetError()->code, net::ErrorCode::HostBusy);
    EXPECT_EQ(intruder->GetError()->message, "the host is in a match");
    EXPECT_EQ(host->Phase(), net::SessionPhase::Lobby) << "the host still has its opponent";
    auto clash = net::EnetTransport::Host(link.host->LocalPort(), "127.0.0.1");
    ASSERT_FALSE(clash.Ok());
    EXPECT_EQ(clash.GetError().code, net::ErrorCode::TransportFailed);
    EXPECT_NE(clash.GetError().message.find(std::to_string(link.host->LocalPort())), std::string::npos);
}

TEST(NetEnet, AJoinThatLeavesIsNoticedByTheHost) {
    Link link = Connect();
    ASSERT_TRUE(link.host && link.join);
    link.join.reset();  // the peer's process exits: its transport says goodbye
    const auto start = Clock::now();
    while (link.host->ConnectedPeers() != 0 && Clock::now() - start < DEADLINE) link.host->WaitForTraffic(10);
    EXPECT_EQ(link.host->ConnectedPeers(), 0u);
}

// Issue 37's third finding: the goodbye was thrown away when ENet's disconnect came with it, and
// a quit read "opponent lost". Now the Bye is delivered before the link closes: "left", at once.
TEST(NetEnet, AQuitMidMatchIsReportedAsLeft) {
    const Fighters f;
    Link link = Connect();
    ASSERT_TRUE(link.host && link.join);
    auto host = std::move(net::Session::Create(Config(net::Role::Host, f, 11), *link.host)).Value();
    auto join = std::move(net::Session::Create(Config(net::Role::Join, f, 12), *link.join)).Value();
    net::VirtualClock clock;
    bool readied = false;
    ASSERT_TRUE(PollUntil({host.get(), join.get()}, {link.host.get(), link.join.get()}, clock, [&] {
        if (!readied && host->Phase() == net::SessionPhase::Lobby && join->Phase() == net::SessionPhase::Lobby) {
            readied = !host->Ready("a").has_value() && !join->Ready("b").has_value();
        }
        return host->CurrentTick() >= 120 && join->CurrentTick() >= 120;
    }));
    join->Leave();
    join.reset();
    link.join.reset();  // the process exits right after: the disconnect follows the Bye at once
    ASSERT_TRUE(
        PollUntil({host.get()}, {link.host.get()}, clock, [&] { return host->Phase() == net::SessionPhase::Failed; }));
    EXPECT_EQ(host->GetError()->code, net::ErrorCode::PeerLeft);
    EXPECT_EQ(host->GetError()->message, "opponent left at tick " + std::to_string(host->ConfirmedTick()));
}

// A join to a port nobody listens on: its link closes after the connect timeout, and a session on
// it fails saying so instead of waiting for ever.
TEST(NetEnet, AJoinToNobodyFailsAfterItsConnectTimeout) {
    std::uint16_t port = 0;
    {
        auto probe = net::EnetTransport::Host(0, "127.0.0.1");
        ASSERT_TRUE(probe.Ok());
        port = probe.Value()->LocalPort();
    }  // closed again: nobody listens there now
    net::EnetOptions options;
    options.connectTimeoutMillis = 300;
    auto join = net::EnetTransport::Join("127.0.0.1", port, options);
    ASSERT_TRUE(join.Ok());
    net::SessionConfig config;
    config.role = net::Role::Join;
    config.entropy = 9;
    auto session = net::Session::Create(config, *join.Value());
    ASSERT_TRUE(session.Ok());
    net::VirtualClock clock;
    const auto start = Clock::now();
    while (session.Value()->Phase() != net::SessionPhase::Failed && Clock::now() - start < DEADLINE) {
        join.Value()->WaitForTraffic(20);
        session.Value()->Poll(clock.NowMicros());
        clock.AdvanceTick();
    }
    ASSERT_NE(session.Value()->GetError(), nullptr);
    EXPECT_EQ(session.Value()->GetError()->code, net::ErrorCode::TransportFailed);
    EXPECT_EQ(session.Value()->GetError()->message, "the connection closed before the handshake (no host there?)");
    EXPECT_EQ(net::EnetTransport::Join("no.such.host.invalid", 7000).GetError().code, net::ErrorCode::BadAddress);
}

}  // namespace
