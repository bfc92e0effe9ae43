// net: rollback netplay for the fight. A Session keeps one game::MatchState per side in step with
// a peer's over a Transport: it predicts the remote input, rolls back and re-simulates when a late
// input differs, keeps the two clocks in step, compares hashes of confirmed ticks, and (hosting)
// feeds confirmed inputs to spectators; a SpectatorSession plays them a few ticks behind.
// Depends on game only: no SDL, no ImGui, no sockets (ENet lives in enet_transport.h), no wall
// clock (it is told the time). Invariant: once a tick is confirmed, both peers (and every
// spectator) simulated it with the same two inputs, and nothing the network sends afterwards can
// change them; only a packet that carries both sides' fresh session values is ever acted on.
#pragma once

#include "game/events.h"
#include "game/game.h"
#include "game/result.h"

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace net {

class Endpoint;
class SyncLayer;

// ---- versions and limits ------------------------------------------------------------------------

/// The packet format's version, in every packet's header: a change to any layout below bumps it.
/// Bytes 0 to 3 ('H' 'B' version kind) and kind 1 (Hello) keep their meaning in every version.
inline constexpr std::uint8_t PROTOCOL_VERSION = 2;
inline constexpr std::int32_t TICK_MICROS = 1'000'000 / game::TICK_HZ;  ///< 16,666 us, one 60 Hz tick
inline constexpr std::int32_t MAX_INPUT_DELAY_TICKS = 4;                ///< --delay is 0 to 4
/// SessionConfig::inputDelayTicks: pick the delay (and widen the prediction window when a delay of
/// MAX_INPUT_DELAY_TICKS is not enough) from the ping measured before the match (PlanForPing).
inline constexpr std::int32_t AUTO_INPUT_DELAY = -1;
inline constexpr std::int32_t MAX_ROLLBACK_LIMIT_TICKS = 16;     ///< --max-rollback is 1 to 16
inline constexpr std::int32_t MAX_INPUTS_PER_PACKET = 64;        ///< unacknowledged inputs carried at most
inline constexpr std::int32_t MAX_WATCH_TICKS_PER_PACKET = 200;  ///< a spectator's confirmed ticks per packet
/// A remote tick further ahead of ours than this cannot come from an honest peer (it can run at
/// most its delay + its rollback window + our delay ahead of us): such a packet is dropped.
inline constexpr std::int32_t MAX_TICKS_AHEAD = 64;
inline constexpr std::size_t MAX_DATAGRAM_BYTES = 512;    ///< no packet we send or accept is larger
inline constexpr std::size_t MAX_NAME_BYTES = 64;         ///< program versions and fighter ids
inline constexpr std::size_t MAX_MESSAGE_BYTES = 255;     ///< a refusal's text
inline constexpr std::size_t MAX_SETUP_BYTES = 400;       ///< a match setup's text (SetupPacket)
inline constexpr std::int32_t MAX_SPECTATORS_LIMIT = 16;  ///< SessionConfig::maxSpectators is 0 to 16
/// Addresses a host keeps in handshake at once beside its opponent and spectators (more are closed
/// at once): a host's transport needs 1 + maxSpectators + this peer slots.
inline constexpr std::size_t MAX_PENDING_HANDSHAKES = 4;

// ---- errors -------------------------------------------------------------------------------------

/// Stable error codes: the app and the tests match on these, people read the message.
enum class ErrorCode : std::uint8_t {
    None,
    BadConfig,                  ///< a SessionConfig value out of range (the message names the field)
    BadNetSimSpec,              ///< --net-sim's text: an unknown key, a bad number, a value out of range
    BadAddress,                 ///< HOST:PORT or PORT does not parse
    TransportFailed,            ///< a socket could not be opened, bound or connected
    ProtocolVersionMismatch,    ///< the two programs speak different packet formats
    ProgramVersionMismatch,     ///< the two programs are different builds
    SimulationVersionMismatch,  ///< the two simulations differ (game::SIMULATION_VERSION)
    RoleMismatch,               ///< both sides host, or both join, or a spectator meets no host
    FighterUnknown,             ///< a chosen fighter is not in this side's roster
    FighterMismatch,            ///< a chosen fighter's definition differs (game::HashFighterDef)
    RefusedByPeer,              ///< never sent: the peer's refusal carries its own code
    PeerLost,                   ///< the opponent (or the host) went silent, or its connection closed
    Desync,                     ///< the two confirmed states' hashes differ
    SyncTestMismatch,           ///< a re-simulated tick's hash differs from the first pass
    PeerLeft,                   ///< the opponent (or the host) said goodbye
    HostBusy,                   ///< the host already plays a match with someone else
    HostFull,                   ///< the host serves as many spectators as it allows
    SetupMismatch,              ///< the match setup's hash differs (a corrupted or foreign setup)
    SpectatorDropped,           ///< the host dropped this spectator: its backlog kept growing
};
inline constexpr game::EnumName<ErrorCode> ERROR_CODE_NAMES[] = {
    {ErrorCode::None, "none"},
    {ErrorCode::BadConfig, "bad_config"},
    {ErrorCode::BadNetSimSpec, "bad_net_sim_spec"},
    {ErrorCode::BadAddress, "bad_address"},
    {ErrorCode::TransportFailed, "transport_failed"},
    {ErrorCode::ProtocolVersionMismatch, "protocol_version_mismatch"},
    {ErrorCode::ProgramVersionMismatch, "program_version_mismatch"},
    {ErrorCode::SimulationVersionMismatch, "simulation_version_mismatch"},
    {ErrorCode::RoleMismatch, "role_mismatch"},
    {ErrorCode::FighterUnknown, "fighter_unknown"},
    {ErrorCode::FighterMismatch, "fighter_mismatch"},
    {ErrorCode::RefusedByPeer, "refused_by_peer"},
    {ErrorCode::PeerLost, "peer_lost"},
    {ErrorCode::Desync, "desync"},
    {ErrorCode::SyncTestMismatch, "sync_test_mismatch"},
    {ErrorCode::PeerLeft, "peer_left"},
    {ErrorCode::HostBusy, "host_busy"},
    {ErrorCode::HostFull, "host_full"},
    {ErrorCode::SetupMismatch, "setup_mismatch"},
    {ErrorCode::SpectatorDropped, "spectator_dropped"},
};

/// What went wrong: a stable code, a one-line message naming what differs, and the tick it
/// happened at where that means something (a desync, a lost or departed peer: its last confirmed
/// tick, a sync test's mismatch).
struct Error {
    ErrorCode code = ErrorCode::None;
    std::string message;
    std::uint64_t tick = 0;
    /// "error: <message>", the one line the programs print.
    [[nodiscard]] std::string ToLine() const { return "error: " + message; }
};

/// A value or the Error that kept it from being made (game/result.h, shared with assets).
template <class T>
using Result = game::Result<T, Error>;

// ---- time ---------------------------------------------------------------------------------------

/// The time as the session's owner sees it. Tests drive a VirtualClock (1/60 s per tick, so they
/// never race real time); the app hands in a real one (enet_transport.h has SteadyClock).
class Clock {
public:
    virtual ~Clock() = default;
    /// Microseconds since an arbitrary start; never goes back.
    [[nodiscard]] virtual std::uint64_t NowMicros() const = 0;
};

/// A clock that moves only when told to.
class VirtualClock final : public Clock {
public:
    [[nodiscard]] std::uint64_t NowMicros() const override { return nowMicros_; }
    void Advance(std::uint64_t micros) { nowMicros_ += micros; }
    /// One 60 Hz tick: 1,000,000 / 60 us, the remainder carried so 60 ticks are exactly 1 s.
    void AdvanceTick() {
        tickRemainder_ += 1'000'000 % game::TICK_HZ;
        nowMicros_ += TICK_MICROS + tickRemainder_ / game::TICK_HZ;
        tickRemainder_ %= game::TICK_HZ;
    }

private:
    std::uint64_t nowMicros_ = 0;
    std::uint64_t tickRemainder_ = 0;
};

// ---- the transport ------------------------------------------------------------------------------

/// Inputs and pings go unreliable (each packet repeats what is not acknowledged); the handshake,
/// the lobby, the checksums, the notices and a spectator's inputs go reliable and in order.
enum class Channel : std::uint8_t { Unreliable, Reliable };

/// One address a transport talks to (an ENet peer): never 0, never reused while the transport lives.
using PeerId = std::uint32_t;

/// What a Datagram reports: bytes from a peer, or a change of the link to it.
enum class LinkEvent : std::uint8_t {
    None,       ///< bytes arrived
    Connected,  ///< a peer connected (a host: someone dialled in; a join: the host answered)
    Closed,     ///< the link to the peer closed (it left, timed out, or a join never got through)
};

/// One arrival, in the order they happened: a Closed comes after the peer's last bytes.
struct Datagram {
    PeerId peer = 0;
    LinkEvent event = LinkEvent::None;
    Channel channel = Channel::Unreliable;
    std::vector<std::uint8_t> bytes;  ///< empty for an event
};

/// Moves datagrams between this side and its peers, each peer one address. Never blocks; a
/// datagram sent unreliable may be lost, duplicated or reordered, one sent reliable arrives once and
/// in order (or the link closes).
class Transport {
public:
    virtual ~Transport() = default;
    /// Queues `bytes` (at most MAX_DATAGRAM_BYTES) for `peer`; dropped when it is not connected.
    virtual void Send(PeerId peer, Channel channel, std::span<const std::uint8_t> bytes) = 0;
    /// Moves the next arrival into `out` (its buffer reused); false when none waits.
    virtual bool Receive(Datagram& out) = 0;
    /// Does the I/O that is due: sends what was queued, collects arrivals, notices (dis)connects.
    virtual void Poll() = 0;
    /// Says goodbye to `peer` once what was queued for it (a Bye) is delivered; no Closed event
    /// comes back for it. Unknown or closed peers are ignored.
    virtual void Close(PeerId peer) = 0;
};

/// Transports joined in memory, one node per process: what a node sends a peer arrives at that
/// peer's next Receive, none lost (put a SimulatedTransport in front of a node for latency and
/// loss). A node's PeerId, as the others see it, is its index + 1.
class MemoryNetwork {
public:
    MemoryNetwork();
    ~MemoryNetwork();
    MemoryNetwork(const MemoryNetwork&) = delete;
    MemoryNetwork& operator=(const MemoryNetwork&) = delete;
    /// A new node (owned by the network, valid as long as it lives).
    Transport& AddNode();
    /// `from` dials `to`: both get a Connected event naming the other. Again after a close: a new link.
    void Connect(const Transport& from, const Transport& to);
    /// Closes the link as a connection that ends would: each node gets Closed after what was queued.
    void Close(const Transport& a, const Transport& b);
    /// Cuts the link between two nodes as a dead cable would: nothing queued arrives, no event.
    void Cut(const Transport& a, const Transport& b);
    /// The PeerId by which the others know `node`.
    [[nodiscard]] PeerId IdOf(const Transport& node) const;

private:
    struct Shared;
    class Node;
    std::unique_ptr<Shared> shared_;
};

/// Two nodes of a MemoryNetwork, connected from the start: end 0 and end 1.
class MemoryLink {
public:
    MemoryLink();
    /// End 0 or 1.
    [[nodiscard]] Transport& End(std::int32_t end);
    /// Closes the link as a peer that quits would: both ends get Closed after what was queued.
    void Close();
    [[nodiscard]] MemoryNetwork& Network() { return network_; }

private:
    MemoryNetwork network_;
    Transport* ends_[2];
};

// ---- the network simulator (--net-sim) ----------------------------------------------------------

/// A bad connection, one direction. Zero is a perfect link.
struct NetSimConfig {
    std::int32_t latencyMillis = 0;  ///< one way
    std::int32_t jitterMillis = 0;   ///< each packet's delay is latency +- up to this (uniform, never < 0)
    double lossPercent = 0;          ///< unreliable packets lost; a reliable one arrives one round trip late
    double duplicatePercent = 0;     ///< unreliable packets delivered twice (each copy its own delay)
    double reorderPercent = 0;       ///< unreliable packets held 1 to 3 ticks more, so later ones overtake
    [[nodiscard]] bool IsPerfect() const {
        return latencyMillis == 0 && jitterMillis == 0 && lossPercent == 0 && duplicatePercent == 0 &&
               reorderPercent == 0;
    }
    friend bool operator==(const NetSimConfig&, const NetSimConfig&) = default;
};

/// Parses "latency=MS,jitter=MS,loss=PCT,dup=PCT,reorder=PCT": any of the keys, in any order, each
/// once; milliseconds are whole numbers up to 5000, percentages 0 to 100 (decimals allowed).
[[nodiscard]] Result<NetSimConfig> ParseNetSimSpec(std::string_view spec);
/// The spec ParseNetSimSpec reads back to `config` (keys at zero left out; "" for a perfect link).
[[nodiscard]] std::string FormatNetSimSpec(const NetSimConfig& config);

/// Puts a simulated bad connection in front of another transport: what it sends is held, lost,
/// duplicated or reordered as `outgoing` says before the inner transport sees it, and what arrives
/// is treated as `incoming` says before Receive returns it (every peer alike). The app gives both
/// directions the --net-sim spec (so one process alone makes the whole link bad); tests put one on
/// each node with only `outgoing` set. Reliable datagrams and link events keep their order and are
/// never lost; a Close waits behind what was sent before it.
class SimulatedTransport final : public Transport {
public:
    /// `inner` and `clock` must outlive this. `seed` makes the dice repeatable.
    SimulatedTransport(Transport& inner, const Clock& clock, const NetSimConfig& outgoing, const NetSimConfig& incoming,
                       std::uint64_t seed);
    /// Hands the inner transport at once whatever it still holds for sending (a Bye, a Close).
    ~SimulatedTransport() override;
    void Send(PeerId peer, Channel channel, std::span<const std::uint8_t> bytes) override;
    bool Receive(Datagram& out) override;
    void Poll() override;
    void Close(PeerId peer) override;

    /// What the dice did, per direction (0 outgoing, 1 incoming).
    struct Counters {
        std::int64_t packets = 0, lost = 0, duplicated = 0, reordered = 0, reliableDelayed = 0;
    };
    [[nodiscard]] const Counters& Count(std::int32_t direction) const { return counters_[direction]; }

private:
    struct Held;
    class Direction;
    void SendDue(std::uint64_t nowMicros);
    Transport& inner_;
    const Clock& clock_;
    std::unique_ptr<Direction> out_, in_;
    Counters counters_[2];
    Datagram scratch_;
};

// ---- packets ------------------------------------------------------------------------------------
// Little-endian, fixed-width fields. Every packet: a 16-byte header ('H' 'B', PROTOCOL_VERSION,
// kind, the sender's session value, the receiver's, a check over the whole packet), then the kind's
// fields, and nothing after them. Strings: one length byte, then printable ASCII; the setup's text:
// two length bytes, then printable ASCII and line feeds.

enum class PacketKind : std::uint8_t {
    Hello = 1,  ///< reliable: who I am (versions, role); my fresh session value
    Pick,       ///< reliable: my fighter for match N
    Setup,      ///< reliable, from the host: the match N both (and the spectators) will play
    Start,      ///< reliable, from the join: I checked the setup and started match N
    Refuse,     ///< reliable: I will not play with you, and why (in your words)
    Inputs,     ///< unreliable: my unacknowledged inputs, my ack of yours, time sync, ping
    Ping,       ///< unreliable: keep-alive and round trip outside a match
    Checksum,   ///< reliable: the hash of my confirmed tick T
    Desync,     ///< reliable: I stopped: our hashes of tick T differ
    Done,       ///< reliable: the match's last tick is T (a player: I confirmed it)
    Bye,        ///< reliable: I am leaving
    Watch,      ///< reliable, to a spectator: both sides' confirmed inputs from tick T on
    WatchAck,   ///< unreliable, from a spectator: I hold the confirmed inputs through tick T
    Browse,     ///< reliable: my cursor is on this fighter for match N (not ready: it binds nothing)
};

/// Who a side is, stated in its first message: a spectator is never taken for an opponent.
enum class PeerRole : std::uint8_t { Host, Player, Spectator };
inline constexpr game::EnumName<PeerRole> PEER_ROLE_NAMES[] = {
    {PeerRole::Host, "host"}, {PeerRole::Player, "player"}, {PeerRole::Spectator, "spectator"}};

/// GGPO's sync values: each side draws a fresh random value per peer and states it in its first
/// message; every later packet carries it and echoes the other's. A packet whose values are not
/// this link's (a replay of another session, a forgery) is dropped; nothing binds a session before
/// a packet came back with this side's fresh value.
struct SessionValues {
    std::uint32_t from = 0;  ///< the sender's; never 0
    std::uint32_t to = 0;    ///< the receiver's as the sender knows it; 0 only in an opening Hello
    friend bool operator==(const SessionValues&, const SessionValues&) = default;
};

/// Timing fields every unreliable packet carries: a round trip is measured by echoing the peer's
/// stamp with how long it was held, so the two clocks never need to agree.
struct PingFields {
    std::uint32_t stampMicros = 0;     ///< the sender's clock (low 32 bits); never 0
    std::uint32_t echoMicros = 0;      ///< the last stamp received from the peer, 0 for none
    std::uint32_t echoHoldMicros = 0;  ///< how long ago the sender received that stamp
    friend bool operator==(const PingFields&, const PingFields&) = default;
};

struct HelloPacket {
    std::string programVersion;
    std::int32_t simulationVersion = 0;
    PeerRole role = PeerRole::Host;
    friend bool operator==(const HelloPacket&, const HelloPacket&) = default;
};
struct PickPacket {
    std::uint32_t match = 0;  ///< 1 for the first match of a session, then +1 per rematch
    std::string fighterId;
    std::uint64_t fighterHash = 0;  ///< game::HashFighterDef of the sender's copy
    friend bool operator==(const PickPacket&, const PickPacket&) = default;
};
/// What a player's cursor shows while it chooses, so the other lobby can show it too. Only a Pick
/// counts: a Browse starts nothing and is not checked against the roster (an unknown id shows nothing).
struct BrowsePacket {
    std::uint32_t match = 0;  ///< as PickPacket's
    std::string fighterId;
    friend bool operator==(const BrowsePacket&, const BrowsePacket&) = default;
};
struct SetupPacket {
    std::uint32_t match = 0;
    std::uint64_t setupHash = 0;                   ///< HashSetup of the text, the two definitions, the stage
    std::array<std::uint64_t, 2> fighterHashes{};  ///< the host's game::HashFighterDef of each fighter
    std::string text;                              ///< EncodeSetup's: opaque to the packet layer
    friend bool operator==(const SetupPacket&, const SetupPacket&) = default;
};
struct StartPacket {
    std::uint32_t match = 0;
    std::uint64_t setupHash = 0;  ///< the setup the join checked and started
    friend bool operator==(const StartPacket&, const StartPacket&) = default;
};
struct RefusePacket {
    std::uint8_t code = 0;  ///< an ErrorCode
    std::string message;    ///< written for the receiver ("here" is the receiver's side)
    friend bool operator==(const RefusePacket&, const RefusePacket&) = default;
};
struct InputsPacket {
    std::uint32_t match = 0;
    std::uint32_t sequence = 0;      ///< of the sender's unreliable packets, for the loss count
    std::uint32_t senderTick = 0;    ///< the sender's current tick (time sync)
    std::uint32_t ackTick = 0;       ///< the sender holds the receiver's inputs through this tick
    std::int8_t advantageTicks = 0;  ///< the sender's frame advantage (time sync)
    PingFields ping;
    std::uint32_t firstTick = 0;                             ///< the tick of bits[0]
    std::uint8_t count = 0;                                  ///< 0 to MAX_INPUTS_PER_PACKET
    std::array<std::uint8_t, MAX_INPUTS_PER_PACKET> bits{};  ///< game::Input::bits, 7 bits each
    friend bool operator==(const InputsPacket&, const InputsPacket&) = default;
};
struct PingPacket {
    std::uint32_t sequence = 0;
    PingFields ping;
    friend bool operator==(const PingPacket&, const PingPacket&) = default;
};
struct ChecksumPacket {
    std::uint32_t match = 0;
    std::uint32_t tick = 0;
    std::uint64_t hash = 0;
    friend bool operator==(const ChecksumPacket&, const ChecksumPacket&) = default;
};
struct DesyncPacket {
    std::uint32_t match = 0;
    std::uint32_t tick = 0;
    friend bool operator==(const DesyncPacket&, const DesyncPacket&) = default;
};
struct DonePacket {
    std::uint32_t match = 0;
    std::uint32_t tick = 0;
    friend bool operator==(const DonePacket&, const DonePacket&) = default;
};
struct ByePacket {
    friend bool operator==(const ByePacket&, const ByePacket&) = default;
};
struct WatchPacket {
    std::uint32_t match = 0;
    std::uint32_t firstTick = 0;  ///< the tick of bits[0] and bits[1]
    std::uint8_t count = 0;       ///< 1 to MAX_WATCH_TICKS_PER_PACKET ticks
    /// Per tick, P1's then P2's game::Input::bits.
    std::array<std::uint8_t, 2 * MAX_WATCH_TICKS_PER_PACKET> bits{};
    friend bool operator==(const WatchPacket&, const WatchPacket&) = default;
};
struct WatchAckPacket {
    std::uint32_t match = 0;
    std::uint32_t sequence = 0;
    PingFields ping;
    std::uint32_t receivedTick = 0;  ///< the spectator holds both inputs through this tick
    friend bool operator==(const WatchAckPacket&, const WatchAckPacket&) = default;
};

using Packet =
    std::variant<HelloPacket, PickPacket, SetupPacket, StartPacket, RefusePacket, InputsPacket, PingPacket,
                 ChecksumPacket, DesyncPacket, DonePacket, ByePacket, WatchPacket, WatchAckPacket, BrowsePacket>;

/// A packet with the session values its header carries.
struct Message {
    SessionValues values;
    Packet packet;
    friend bool operator==(const Message&, const Message&) = default;
};

/// Why a datagram was dropped (counted in the stats' `dropped`, never trusted).
enum class DropReason : std::uint8_t {
    None,
    BadMagic,        ///< not our protocol at all
    UnknownVersion,  ///< our protocol, another version
    UnknownKind,
    Truncated,      ///< shorter than its fields
    TrailingBytes,  ///< longer than its fields
    BadField,       ///< a value out of its range (a count, an enum, a string's byte, an input's 8th bit)
    WrongChannel,   ///< an input reliable or a checksum unreliable
    WrongPhase,     ///< e.g. inputs before the match started, a second hello
    StaleMatch,     ///< a packet of another match (before a rematch)
    FutureTick,     ///< a tick (input, ack, checksum) further ahead than an honest peer can be
    InputGap,       ///< inputs starting after a tick we do not have
    InputConflict,  ///< a different input for a tick already received: ours is kept
    OldChecksum,    ///< a checksum of a tick no longer kept, or already compared
    BadCheck,       ///< the header's check does not match the bytes: corrupted on the way
    WrongSession,   ///< session values not this link's: a replay of another session, or a forgery
    UnknownPeer,    ///< from an address this side has no link with
    WrongRole,      ///< a player's packet from a spectator, or the other way round
    COUNT
};
inline constexpr game::EnumName<DropReason> DROP_REASON_NAMES[] = {
    {DropReason::None, "none"},
    {DropReason::BadMagic, "bad_magic"},
    {DropReason::UnknownVersion, "unknown_version"},
    {DropReason::UnknownKind, "unknown_kind"},
    {DropReason::Truncated, "truncated"},
    {DropReason::TrailingBytes, "trailing_bytes"},
    {DropReason::BadField, "bad_field"},
    {DropReason::WrongChannel, "wrong_channel"},
    {DropReason::WrongPhase, "wrong_phase"},
    {DropReason::StaleMatch, "stale_match"},
    {DropReason::FutureTick, "future_tick"},
    {DropReason::InputGap, "input_gap"},
    {DropReason::InputConflict, "input_conflict"},
    {DropReason::OldChecksum, "old_checksum"},
    {DropReason::BadCheck, "bad_check"},
    {DropReason::WrongSession, "wrong_session"},
    {DropReason::UnknownPeer, "unknown_peer"},
    {DropReason::WrongRole, "wrong_role"},
};
inline constexpr std::size_t DROP_REASON_COUNT = static_cast<std::size_t>(DropReason::COUNT);

/// Reads one datagram. DropReason::None and `out` set, or why it is not a packet (out unspecified).
/// Checks the header's check against the bytes, every length against the bytes there are and every
/// value against its range; it knows nothing of ticks or sessions (the session judges those).
[[nodiscard]] DropReason ParseMessage(std::span<const std::uint8_t> bytes, Message& out);
/// The message's bytes, check included (appended to `out` after clearing it). ParseMessage(
/// EncodeMessage(m)) == m for any message within the ranges, and EncodeMessage(ParseMessage(b)) == b
/// for any b that parses.
void EncodeMessage(const Message& message, std::vector<std::uint8_t>& out);
/// Recomputes the check of a message's bytes (at least a header long), as EncodeMessage does last:
/// for tests and fuzzers that forge packets past the check.
void SealMessage(std::span<std::uint8_t> bytes);
/// Whether a packet of this kind belongs on this channel.
[[nodiscard]] Channel ChannelOf(const Packet& packet);

// ---- the game adapter ---------------------------------------------------------------------------

/// How the session and the sync test save, restore and step the state. Zero-initialised, it is
/// plain copies and game::StepMatch; a test swaps one in (a save that forgets a field must make
/// the sync test fail; a step that corrupts one peer must be caught as a desync).
struct GameAdapter {
    void* context = nullptr;
    void (*save)(void* context, const game::MatchState& live, game::MatchState& slot) = nullptr;
    void (*restore)(void* context, const game::MatchState& slot, game::MatchState& live) = nullptr;
    void (*step)(void* context, const game::MatchDefs& defs, game::MatchState& state, const game::Inputs& inputs,
                 const game::StepHooks& hooks) = nullptr;

    void Save(const game::MatchState& live, game::MatchState& slot) const {
        save ? save(context, live, slot) : void(slot = live);
    }
    void Restore(const game::MatchState& slot, game::MatchState& live) const {
        restore ? restore(context, slot, live) : void(live = slot);
    }
    void Step(const game::MatchDefs& defs, game::MatchState& state, const game::Inputs& inputs,
              const game::StepHooks& hooks) const {
        step ? step(context, defs, state, inputs, hooks) : game::StepMatch(defs, state, inputs, hooks);
    }
};

// ---- events under rollback ----------------------------------------------------------------------

/// Turns the events of every (re)simulated tick into changes a consumer acts on once: a sound plays
/// on New, the contact log adds a line on New, greys it on Vanished (a rolled-back tick's contact,
/// drawn as a ghost) and restores it on Returned. Events are matched by identity
/// (game::Event::SameIdentity; the n-th of an identity in a tick to the n-th).
class EventTracker {
public:
    enum class Change : std::uint8_t {
        New,       ///< first seen: never reported before
        Vanished,  ///< a re-simulation of its tick no longer emits it
        Returned,  ///< emitted again after it vanished (reported New once, earlier)
    };
    struct Tracked {
        game::Event event;
        Change change = Change::New;
    };

    /// The events of one simulated tick (a first pass or a re-simulation; every event's tick must be
    /// `tick`). `out` gets what changed since that tick's previous pass (cleared first).
    void Feed(std::uint64_t tick, std::span<const game::Event> events, std::vector<Tracked>& out);
    /// Forgets ticks up to `tick`: confirmed ticks are never simulated again.
    void Confirm(std::uint64_t tick);
    /// Identities held (ticks not yet confirmed): bounded by the rollback window's events.
    [[nodiscard]] std::size_t Size() const { return entries_.size(); }

private:
    struct Entry {
        game::Event event;
        std::int32_t ordinal = 0;  // the n-th event of this identity in its tick
        bool live = true;
        bool seen = false;
    };
    std::vector<Entry> entries_;
};

// ---- the session --------------------------------------------------------------------------------

enum class Role : std::uint8_t {
    Host,  ///< listens; plays P1 (side 0); its config makes the match's setup; serves spectators
    Join,  ///< connects; plays P2 (side 1)
};

/// A stage a side knows: its id (a folder's name) and what the rules see of it.
struct StageEntry {
    std::string id;
    game::StageGeometry geometry;
};

struct SessionConfig {
    Role role = Role::Host;
    /// Compared at the handshake: two different builds refuse to play (a line names both).
    std::string programVersion = "dev";
    /// Compared at the handshake; tests change it, the app leaves it.
    std::int32_t simulationVersion = game::SIMULATION_VERSION;
    /// Every fighter this side can play or meet (found by id; the definitions must outlive the
    /// session and not change while a match runs).
    std::vector<const game::FighterDef*> roster;
    /// Every stage this side can play on, by id (the host's pick must be here with the same
    /// geometry); empty: the rooftop alone (game::StageGeometry{}).
    std::vector<StageEntry> stages;
    /// 0 to MAX_INPUT_DELAY_TICKS: local inputs take effect this late; AUTO_INPUT_DELAY: picked at
    /// each match's start from the ping (PlanForPing), reported in SessionStats::inputDelayTicks.
    std::int32_t inputDelayTicks = AUTO_INPUT_DELAY;
    std::int32_t maxRollbackTicks = 8;        ///< 1 to MAX_ROLLBACK_LIMIT_TICKS: at most this many predicted ticks
    std::int32_t noticeMillis = 1000;         ///< silence (or a stall) this long: "waiting for opponent"
    std::int32_t timeoutMillis = 10'000;      ///< silence (or a stall) this long: ErrorCode::PeerLost
    std::int32_t checksumIntervalTicks = 30;  ///< confirmed ticks that are multiples of this are compared
    /// A match ends this many ticks after its confirmed MatchOver event (the win pose), on both
    /// sides at the same tick; -1: never on its own (SetLastTick).
    std::int32_t matchOverTailTicks = 120;
    std::int32_t maxSpectators = 4;  ///< a host serves 0 to MAX_SPECTATORS_LIMIT spectators
    /// Seeds the session values (SessionValues); 0: std::random_device. Never reaches the simulation.
    std::uint64_t entropy = 0;
    GameAdapter adapter;  ///< zero: plain copies and game::StepMatch
};

/// Checks a config's ranges; the Error names the field.
[[nodiscard]] std::optional<Error> CheckSessionConfig(const SessionConfig& config);

enum class SessionPhase : std::uint8_t {
    Connecting,  ///< no opponent (or host) bound yet: a host waits, a join knocks
    Lobby,       ///< handshake done: each side chooses a fighter (Ready); also after a finished match
    Running,     ///< a match is being played
    Finished,    ///< this side confirmed the match's last tick; Ready again for a rematch
    Failed,      ///< stopped for good: GetError() says why
};
inline constexpr game::EnumName<SessionPhase> SESSION_PHASE_NAMES[] = {
    {SessionPhase::Connecting, "connecting"}, {SessionPhase::Lobby, "lobby"},   {SessionPhase::Running, "running"},
    {SessionPhase::Finished, "finished"},     {SessionPhase::Failed, "failed"},
};

/// Why Poll says the session cannot advance this tick.
enum class Hold : std::uint8_t {
    None,        ///< it can: call Advance
    NotRunning,  ///< no match is running (connecting, lobby, finished, failed)
    Stalled,     ///< the remote inputs are maxRollbackTicks behind: waiting for them
    TimeSync,    ///< this side runs ahead of the peer: one tick's wait to let it catch up
    LastTick,    ///< the match's last tick is simulated; waiting for it to be confirmed
};

/// The connection-quality mark of the HUD.
enum class Quality : std::uint8_t { Good, Fair, Poor };

/// Datagrams refused, in all and by DropReason.
struct DropCounts {
    std::int64_t total = 0;
    std::array<std::int64_t, DROP_REASON_COUNT> byReason{};
    [[nodiscard]] std::int64_t Of(DropReason reason) const { return byReason[static_cast<std::size_t>(reason)]; }
};

struct SessionStats {
    std::int32_t pingMillis = -1;  ///< smoothed round trip; -1 before the first
    /// How many ticks this side runs ahead of the point where both see each other equally far
    /// behind (half the difference of the two sides' measures, smoothed): time sync brings it to 0.
    std::int32_t frameAdvantageTicks = 0;
    std::int32_t inputDelayTicks = 0;      ///< this match's (AUTO_INPUT_DELAY: as picked at its start)
    std::int32_t maxRollbackTicks = 0;     ///< this match's prediction window (auto may widen it)
    std::int64_t rollbacks = 0;            ///< restores followed by a re-simulation
    std::int32_t rollbacksLastSecond = 0;  ///< in the last 60 polls
    std::int32_t deepestRollbackTicks = 0;
    std::int64_t resimulatedTicks = 0;
    std::int64_t predictedTicks = 0;     ///< ticks first simulated with a predicted remote input
    std::int64_t mispredictedTicks = 0;  ///< of those, ticks whose real input differed
    std::int64_t stalledTicks = 0;       ///< polls that could not advance: remote inputs too far behind
    std::int64_t timeSyncWaits = 0;      ///< polls that waited to let the peer catch up
    std::int64_t desyncChecksPassed = 0;
    std::int64_t packetsSent = 0, packetsReceived = 0;
    std::int64_t packetsLost = 0;        ///< the peer's unreliable packets that never came (by sequence)
    std::int32_t recentLossPercent = 0;  ///< of the peer's last 128 unreliable packets
    std::int64_t packetsDropped = 0;     ///< dropped.total
    DropCounts dropped;
    std::int32_t spectators = 0;           ///< watching now (a host)
    std::int64_t spectatorsDropped = 0;    ///< dropped for a backlog that kept growing
    std::int64_t handshakesAbandoned = 0;  ///< addresses that never completed the round trip (a replay, a ghost)
    std::int64_t refusals = 0;             ///< opponents turned away (or that turned this host away)
    Quality quality = Quality::Good;
};

/// The counters the headless JSON line and the F1 panel show, in one order: a key, a label, a value.
struct StatCounter {
    const char* key;    ///< the JSON key ("stalled_ticks")
    const char* label;  ///< the panel's words ("stalled ticks")
    std::int64_t value;
};
inline constexpr std::size_t STAT_COUNTER_COUNT = 10;
[[nodiscard]] std::array<StatCounter, STAT_COUNTER_COUNT> Counters(const SessionStats& stats);

/// One simulated tick: its events, and whether it was a re-simulation (after a rollback).
struct SimulatedTick {
    std::uint64_t tick = 0;
    bool resimulated = false;
    game::EventList events;
};

/// What one poll (and the advance after it) did. Owned by the session, valid until the next Poll.
struct TickReport {
    /// In order: the re-simulated ticks of a rollback, then the new tick when Advance ran.
    std::vector<SimulatedTick> simulated;
    /// Ticks that became confirmed, with their final events (resimulated as last simulated).
    std::vector<SimulatedTick> confirmed;
    Hold hold = Hold::NotRunning;
    bool advanced = false;           ///< Advance ran after this poll (at most once per poll)
    std::int32_t rollbackTicks = 0;  ///< depth of this poll's rollback, 0 for none
    bool catchingUp = false;         ///< a spectator fast-forwarding: many ticks at once (mute them)
    /// One line each for the app to show: a spectator came, was dropped, an opponent was refused.
    std::vector<std::string> notices;
};

/// Extras for the new tick's step (never for re-simulations): the overlay's debug record, a clock
/// for the passes' timings.
struct TickHooks {
    game::DebugRecord* debug = nullptr;
    std::uint64_t (*nowNanos)() = nullptr;
};

/// What a desync left behind: the tick, both hashes, and this side's state at that tick as
/// game::DumpState text (the app writes it to a file; CompareDumps names the first difference).
struct DesyncReport {
    std::uint64_t tick = 0;
    std::uint64_t localHash = 0, remoteHash = 0;  ///< remoteHash 0 when the peer only told us
    std::string localDump;                        ///< "" when this side had not confirmed the tick
};

/// The input delay and prediction window that hold 60 ticks a second on a link: the one-way trip
/// in ticks plus a margin must fit in delay + window. The delay is at least 2 and at most
/// MAX_INPUT_DELAY_TICKS; past that the window widens (at most MAX_ROLLBACK_LIMIT_TICKS).
struct LinkPlan {
    std::int32_t inputDelayTicks = 2;
    std::int32_t maxRollbackTicks = 8;
};
/// The plan for a measured round trip (`pingMillis` < 0: unknown, the configured window and a
/// delay of 2), never narrowing `maxRollbackTicks`.
[[nodiscard]] LinkPlan PlanForPing(std::int32_t pingMillis, std::int32_t maxRollbackTicks);

/// Rollback netplay with one peer, and (hosting) the spectators. Call Poll once per 60 Hz tick
/// (in every phase), then Advance when the report's hold is Hold::None; Tick does both for an
/// input known in advance. Close the transport only once CanClose() (or when giving up).
class Session {
public:
    /// A session over `transport` (not owned; it must outlive the session).
    [[nodiscard]] static Result<std::unique_ptr<Session>> Create(const SessionConfig& config, Transport& transport);
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    /// Network in, handshakes, rollback and re-simulation, confirmations, checksums, spectators,
    /// timeouts. `nowMicros`: the owner's clock (a VirtualClock in tests).
    const TickReport& Poll(std::uint64_t nowMicros);
    /// Simulates one new tick with `local` as this side's input for tick current + 1 + delay, and
    /// sends the inputs. Once, after a Poll whose hold is Hold::None (asserted).
    void Advance(game::Input local, const TickHooks& hooks = {});
    /// Poll, then Advance with `local` when it can.
    const TickReport& Tick(std::uint64_t nowMicros, game::Input local, const TickHooks& hooks = {});

    /// Chooses this side's fighter for the next match (the first, or a rematch) and says so to the
    /// peer; the match starts when the join has checked the host's setup. `config` counts from the
    /// host only (seed, detection, cpu level; controllers are Human on both sides online). Errors:
    /// FighterUnknown (not in the roster), BadConfig (not in the lobby or after a finished match).
    /// `stageId`: the host's pick (a stage of SessionConfig::stages; its geometry replaces
    /// config.stage); the join's is not read.
    [[nodiscard]] std::optional<Error> Ready(const std::string& fighterId, const game::MatchConfig& config = {},
                                             const std::string& stageId = "rooftop");
    /// Shows the peer where this side's cursor is while it chooses (before Ready, in the lobby or
    /// after a match): sent when it changes, and again to an opponent that binds later. Nothing
    /// else: the peer's lobby draws it; only Ready chooses.
    void Browse(const std::string& fighterId);
    /// The match stops advancing at `tick` and finishes once it is confirmed (--frames N); both
    /// peers must give the same tick. 0: no limit beyond matchOverTailTicks.
    void SetLastTick(std::uint64_t tick);
    /// Tells the peer (and the spectators) this side is leaving, reliably, and closes their links
    /// once that is delivered; the app then destroys the transport.
    void Leave();

    [[nodiscard]] SessionPhase Phase() const { return phase_; }
    /// Why the session failed (phase Failed), or nullptr.
    [[nodiscard]] const Error* GetError() const { return error_ ? &*error_ : nullptr; }
    /// A host's last turned-away opponent (a version, role or definition mismatch, from this side's
    /// point of view), after which it went on waiting; nullptr for none. Stats().refusals counts them.
    [[nodiscard]] const Error* LastRefusal() const { return refusal_ ? &*refusal_ : nullptr; }
    /// The desync's tick, both hashes and this side's state dump when the failure is one, or nullptr.
    [[nodiscard]] const DesyncReport* GetDesync() const { return desync_ ? &*desync_ : nullptr; }
    /// True after noticeMillis of silence or stall: the "waiting for opponent" notice.
    [[nodiscard]] bool WaitingForPeer() const { return waitingForPeer_; }
    /// The peer left or was lost after this side's match was complete (no rematch; the match stands).
    [[nodiscard]] bool PeerLeft() const { return peerLeft_; }
    /// Nothing is owed any more: the opponent confirmed the end (or is gone, or the timeout passed)
    /// and every spectator holds the last tick (or was dropped, or the timeout passed). True in
    /// the lobby and after a failure; false while a match runs.
    [[nodiscard]] bool CanClose() const;
    [[nodiscard]] bool LocalReady() const { return localPick_.has_value(); }
    [[nodiscard]] bool PeerReady() const { return peerPick_.has_value(); }
    /// The opponent's fighter for the next match once it chose ("" before).
    [[nodiscard]] const std::string& PeerFighter() const;
    /// The fighter the opponent's cursor is on while it chooses the next match's, else its pick
    /// ("" before either; an id this side may not have).
    [[nodiscard]] const std::string& PeerCursor() const;
    /// The side this peer plays: 0 host, 1 join.
    [[nodiscard]] std::int32_t LocalSide() const { return config_.role == Role::Host ? 0 : 1; }
    /// 1 for the first match, +1 per rematch (the one running or last run; 0 before any).
    [[nodiscard]] std::uint32_t MatchNumber() const { return match_; }
    /// The hash of the running (or last) match's setup, both sides the same (0 before any).
    [[nodiscard]] std::uint64_t SetupHash() const { return setupHash_; }

    /// The running match's present state (ticks after ConfirmedTick() are predicted): draw it, and
    /// let a local CPU decide from it.
    [[nodiscard]] const game::MatchState& State() const;
    /// The state after ConfirmedTick(): what a result reports (the JSON line's hash and frames).
    [[nodiscard]] const game::MatchState& ConfirmedState() const;
    [[nodiscard]] const game::MatchDefs& Defs() const { return defs_; }
    /// The fighters of the match: [0] the host's, [1] the join's.
    [[nodiscard]] const std::array<std::string, 2>& FighterIds() const { return fighterIds_; }
    /// The stage of the current (or last) match's setup ("rooftop" before one).
    [[nodiscard]] const std::string& StageId() const { return stageId_; }
    [[nodiscard]] std::uint64_t CurrentTick() const;
    /// The last tick both inputs of which are final and simulated.
    [[nodiscard]] std::uint64_t ConfirmedTick() const { return confirmed_; }
    /// The match's last tick (SetLastTick, or matchOverTailTicks after the confirmed MatchOver), 0 for none yet.
    [[nodiscard]] std::uint64_t LastTick() const { return lastTick_; }
    /// The hash of the confirmed tick's state (the replay's final hash).
    [[nodiscard]] std::uint64_t ConfirmedHash() const;
    /// Both sides' inputs for ticks 1 to ConfirmedTick(): index t - 1 is tick t.
    [[nodiscard]] std::vector<game::Inputs> ConfirmedInputs() const;
    /// The match as a replay through the confirmed tick, with its final hash: both peers and every
    /// spectator write the same file, and an offline replay of it ends on that hash. A rematch's
    /// start replaces it: save it on Finished (or Failed).
    [[nodiscard]] game::Replay MakeReplay() const;
    [[nodiscard]] const SessionStats& Stats() const { return stats_; }

private:
    struct Checksums;
    Session(const SessionConfig& config, Transport& transport);

    // Links: handshakes, the opponent, the spectators.
    void Receive();
    void Handle(Endpoint& endpoint, const Datagram& datagram);
    void Bind(Endpoint& endpoint);
    void Refuse(Endpoint& endpoint, ErrorCode code, const std::string& here, const std::string& there);
    void DropEndpoint(Endpoint& endpoint);
    void HandleOpponent(const Message& message);
    void HandleSpectator(Endpoint& endpoint, const Message& message);
    void PeerGone(bool left);
    void Drop(DropReason reason);
    Endpoint* FindEndpoint(PeerId peer);
    std::uint32_t FreshValue();
    void ServeSpectators();
    // The lobby.
    void HandlePick(const PickPacket& p);
    void HandleSetup(const SetupPacket& p);
    void HandleStart(const StartPacket& p);
    void OfferSetup();
    void StartMatch();
    // The match.
    void HandleInputs(const InputsPacket& p);
    void HandleChecksum(const ChecksumPacket& p);
    void HandleDesync(const DesyncPacket& p);
    void HandleDone(const DonePacket& p);
    void Rollback(std::uint64_t firstWrongTick);
    void StepTick(const TickHooks& hooks);
    void Confirm();
    void CompareChecksum(std::uint64_t tick);
    void DecideHold();
    void SendInputs();
    void Send(Endpoint& endpoint, const Packet& packet);
    void SendToOpponent(const Packet& packet);
    /// Stops for good; `there`, when given, goes to the peer as a refusal in its words.
    void Fail(Error error, const std::string& there);
    void CheckTimeouts();
    void UpdateStats();
    [[nodiscard]] const game::FighterDef* FindFighter(const std::string& id) const;

    SessionConfig config_;
    Transport& transport_;
    SessionPhase phase_ = SessionPhase::Connecting;
    std::optional<Error> error_, refusal_;
    std::optional<DesyncReport> desync_;
    TickReport report_;
    SessionStats stats_;
    std::vector<std::uint8_t> sendBuffer_;
    Datagram receiveBuffer_;
    std::uint64_t valueState_ = 0;  // SplitMix64 state of the session values
    std::uint64_t nowMicros_ = 0;
    std::uint8_t foreignVersion_ = 0;  // a join's: the other packet format a hello came in, 0 none

    // Every address with a link: handshakes under way, the opponent, the spectators.
    std::vector<std::unique_ptr<Endpoint>> endpoints_;
    Endpoint* opponent_ = nullptr;

    // The lobby: each side's pick for match_ + 1; the host's config and the setup it offered.
    std::optional<PickPacket> localPick_, peerPick_;
    std::optional<BrowsePacket> localCursor_, peerCursor_;  ///< Browse's, for the next match
    game::MatchConfig hostConfig_;
    std::string hostStageId_ = "rooftop";  ///< the host's pick for the next match
    std::optional<SetupPacket> offered_;
    std::uint32_t match_ = 0;
    bool peerLeft_ = false, left_ = false;

    // The match.
    game::MatchDefs defs_;
    game::MatchConfig matchConfig_;
    std::array<std::string, 2> fighterIds_;
    std::string stageId_ = "rooftop";
    std::string setupText_;
    std::uint64_t setupHash_ = 0;
    std::unique_ptr<SyncLayer> sync_;
    std::int32_t delayTicks_ = 0, windowTicks_ = 0;  // this match's delay and prediction window
    std::uint64_t confirmed_ = 0, lastTick_ = 0, requestedLastTick_ = 0;
    std::uint64_t localAcked_ = 0;   // the peer holds our inputs through this tick
    std::uint32_t ackSequence_ = 0;  // the sequence of the packet localAcked_ came from
    bool peerDone_ = false, doneSent_ = false, sendOwed_ = false;
    bool peerGone_ = false;            // gone once every input of the match was here
    std::uint64_t endedAtMicros_ = 0;  // when this side's match ended (the spectators' timeout)
    std::unique_ptr<Checksums> checksums_;

    // Time: silence, stalls, time sync.
    std::uint64_t stallSinceMicros_ = 0;
    bool stalling_ = false, waitingForPeer_ = false;
    std::uint64_t peerTickSeen_ = 0;
    std::array<float, 32> localAdvantage_{}, peerAdvantage_{};
    std::int32_t localAdvantageCount_ = 0, peerAdvantageCount_ = 0;
    std::int32_t ticksSinceWait_ = 0;
    std::int32_t lastAdvantageTicks_ = 0;

    // Rollbacks in the last 60 polls.
    std::array<std::uint8_t, game::TICK_HZ> rollbackWindow_{};
    std::uint32_t polls_ = 0;
};

// ---- spectators ---------------------------------------------------------------------------------

struct SpectatorConfig {
    std::string programVersion = "dev";  ///< compared at the handshake, as a player's
    std::int32_t simulationVersion = game::SIMULATION_VERSION;
    /// The fighters it may watch (the host's setup names two; their definitions must match).
    std::vector<const game::FighterDef*> roster;
    std::vector<StageEntry> stages;       ///< the stages it may watch on (as SessionConfig::stages)
    std::int32_t noticeMillis = 1000;     ///< the host silent this long: "waiting for the host"
    std::int32_t timeoutMillis = 10'000;  ///< the host silent this long: ErrorCode::PeerLost
    std::uint64_t entropy = 0;            ///< seeds the session values; 0: std::random_device
    GameAdapter adapter;                  ///< zero: plain copies and game::StepMatch
};

struct SpectatorStats {
    std::int32_t pingMillis = -1;         ///< round trip to the host, smoothed; -1 before the first
    std::int64_t behindTicks = 0;         ///< confirmed ticks received but not yet played
    std::int64_t fastForwardedTicks = 0;  ///< ticks played several per poll to catch up
    std::int64_t waitedPolls = 0;         ///< polls with no confirmed tick to play
    std::int64_t packetsSent = 0, packetsReceived = 0, packetsDropped = 0;
    DropCounts dropped;
};

/// GGRS's spectator session: connects to a host, receives both players' confirmed inputs only, and
/// plays them a few ticks behind, never predicting and never rolling back. Joining mid-match, it
/// plays from the match's first tick, many ticks a poll until it has caught up (no snapshot). It
/// stops at the players' last tick, on their final hash. Call Poll once per 60 Hz tick.
class SpectatorSession {
public:
    /// A spectator over `transport` (not owned; it must outlive the session), joined to one host.
    [[nodiscard]] static Result<std::unique_ptr<SpectatorSession>> Create(const SpectatorConfig& config,
                                                                          Transport& transport);
    ~SpectatorSession();
    SpectatorSession(const SpectatorSession&) = delete;
    SpectatorSession& operator=(const SpectatorSession&) = delete;

    /// Network in, then plays: one tick, two to close a small gap, many to catch up. Every tick it
    /// plays is final (TickReport::simulated, never resimulated; `confirmed` the same ticks).
    const TickReport& Poll(std::uint64_t nowMicros);
    /// Tells the host this spectator leaves (reliable), closing the link once it is delivered.
    void Leave();

    /// Connecting (no host bound yet), Lobby (waiting for a match), Running, Finished (the last tick
    /// played; a rematch's setup starts it again), Failed.
    [[nodiscard]] SessionPhase Phase() const { return phase_; }
    [[nodiscard]] const Error* GetError() const { return error_ ? &*error_ : nullptr; }
    /// The host left after this spectator had the match's last tick (the match stands).
    [[nodiscard]] bool HostLeft() const { return hostLeft_; }
    [[nodiscard]] std::uint32_t MatchNumber() const { return match_; }
    [[nodiscard]] const game::MatchState& State() const;
    [[nodiscard]] const game::MatchDefs& Defs() const { return defs_; }
    [[nodiscard]] const std::array<std::string, 2>& FighterIds() const { return fighterIds_; }
    /// The stage of the current (or last) match's setup ("rooftop" before one).
    [[nodiscard]] const std::string& StageId() const { return stageId_; }
    [[nodiscard]] std::uint64_t SetupHash() const { return setupHash_; }
    /// The tick played (shown).
    [[nodiscard]] std::uint64_t CurrentTick() const;
    /// Both inputs held through this tick (CurrentTick() + the backlog).
    [[nodiscard]] std::uint64_t ReceivedTick() const;
    /// The match's last tick once the host told it, else 0.
    [[nodiscard]] std::uint64_t LastTick() const { return lastTick_; }
    /// The hash of the state after CurrentTick().
    [[nodiscard]] std::uint64_t CurrentHash() const;
    /// The match as played through CurrentTick(): the players' replay once Finished.
    [[nodiscard]] game::Replay MakeReplay() const;
    [[nodiscard]] const SpectatorStats& Stats() const { return stats_; }

private:
    SpectatorSession(const SpectatorConfig& config, Transport& transport);
    void Receive();
    void Handle(const Datagram& datagram);
    void HandleSetup(const SetupPacket& p);
    void HandleWatch(const WatchPacket& p);
    void Play();
    void Send(const Packet& packet);
    void Fail(Error error);
    void Drop(DropReason reason);

    SpectatorConfig config_;
    Transport& transport_;
    SessionPhase phase_ = SessionPhase::Connecting;
    std::optional<Error> error_;
    TickReport report_;
    SpectatorStats stats_;
    std::vector<std::uint8_t> sendBuffer_;
    Datagram receiveBuffer_;
    std::uint64_t valueState_ = 0;
    std::uint64_t nowMicros_ = 0;
    std::unique_ptr<Endpoint> host_;
    bool hostLeft_ = false, left_ = false;
    std::uint32_t match_ = 0;
    game::MatchDefs defs_;
    game::MatchConfig matchConfig_;
    std::array<std::string, 2> fighterIds_;
    std::string stageId_ = "rooftop";
    std::uint64_t setupHash_ = 0;
    std::int32_t simulationVersion_ = game::SIMULATION_VERSION;
    std::unique_ptr<SyncLayer> sync_;
    std::uint64_t lastTick_ = 0;
};

// ---- a CPU as a local input source --------------------------------------------------------------

/// game::ThinkCpu deciding one side's inputs from the local view, with its memory and PRNG outside
/// the rolled-back state: its choices are sent like a person's. Its memory is wiped on a round's
/// start, as the state's own CPU's is.
class CpuPlayer {
public:
    /// Plays `side`; `seed` starts its PRNG (the two peers' CPUs should differ).
    CpuPlayer(std::int32_t side, std::uint64_t seed);
    /// The input for the tick about to be simulated, from `view` (Session::State() after Poll).
    /// A view of a new round (or match) first wipes the memory (a round keeps what it learned), as the round's start
    /// wipes the state's own CPU's: offline, it decides exactly as a state's CPU of the same seed would.
    [[nodiscard]] game::Input Decide(const game::MatchDefs& defs, const game::MatchState& view);

private:
    std::int32_t side_;
    game::CpuState memory_{};
    game::Rng rng_;
    std::int32_t round_ = 0;
    std::uint64_t lastViewTick_ = 0;
};

// ---- the sync test ------------------------------------------------------------------------------

struct SyncTestOptions {
    std::int32_t checkDistanceTicks = 1;  ///< K, 1 to MAX_ROLLBACK_LIMIT_TICKS
    std::uint64_t ticks = 600;
    GameAdapter adapter;  ///< how states are saved, restored and stepped (zero: the real thing)
};
struct SyncTestReport {
    std::uint64_t ticks = 0;
    std::uint64_t comparedTicks = 0;  ///< re-simulated ticks whose hash matched the first pass
    std::uint64_t finalHash = 0;
};
/// Gives both sides' inputs for a tick, from the state before it. Called once per tick, in order.
using SyncTestInputs = std::function<game::Inputs(std::uint64_t tick, const game::MatchState& view)>;
/// GGPO's sync test, on the sessions' own sync layer: every tick, restore the state K ticks back
/// and re-simulate to the present with the same inputs, comparing each re-simulated tick's hash
/// with the first pass. A mismatch is an Error (SyncTestMismatch) naming the tick and the first
/// field that differs.
[[nodiscard]] Result<SyncTestReport> RunSyncTest(const game::MatchDefs& defs, const game::MatchConfig& config,
                                                 const SyncTestInputs& inputs, const SyncTestOptions& options);

// ---- desync reports -----------------------------------------------------------------------------

/// The first line that differs between two game::DumpState texts, as "path: a vs b" (the same
/// form as game::FirstDifference), or "" when they are the same.
[[nodiscard]] std::string CompareDumps(std::string_view a, std::string_view b);

// ---- addresses ----------------------------------------------------------------------------------

struct HostPort {
    std::string host;
    std::uint16_t port = 0;
};
/// "HOST:PORT" (--join): a non-empty host, a port 1 to 65535.
[[nodiscard]] Result<HostPort> ParseHostPort(std::string_view text);
/// "PORT" (--host): 0 to 65535; 0 lets the system pick a free one.
[[nodiscard]] Result<std::uint16_t> ParsePort(std::string_view text);

}  // namespace net
