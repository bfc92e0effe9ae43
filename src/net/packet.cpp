// The packet format: little-endian fixed-width fields behind a 4-byte header, read by a reader that
// checks every field against the bytes left and every value against its range. No allocation
// beyond the strings; nothing here knows ticks or sessions.
// Invariant: EncodePacket(ParsePacket(b)) == b for every b that parses (one spelling per packet).
#include "net/net.h"

#include <type_traits>

namespace net {

namespace {

constexpr std::uint8_t MAGIC_0 = 'H', MAGIC_1 = 'B';
constexpr std::size_t HEADER_BYTES = 16;
constexpr std::size_t CHECK_AT = 12;  // the check's four bytes: 12 to 15

// The low 32 bits of FNV-1a over every byte but the check's own. The low bits of FNV-1a depend on
// the low bits only, and each step is a bijection of them, so any one changed byte changes the
// check: a bit flipped on the way is always caught (several, but for a 1 in 2^32 chance).
std::uint32_t CheckOf(std::span<const std::uint8_t> bytes) {
    game::Fnv1a64 h;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (i < CHECK_AT || i >= HEADER_BYTES) h.Byte(bytes[i]);
    }
    return static_cast<std::uint32_t>(h.Value());
}

class Writer {
public:
    explicit Writer(std::vector<std::uint8_t>& out) : out_(out) {}
    void U8(std::uint8_t v) { out_.push_back(v); }
    void U32(std::uint32_t v) {
        for (int i = 0; i < 4; ++i) out_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void U64(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) out_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void I32(std::int32_t v) { U32(static_cast<std::uint32_t>(v)); }
    void I8(std::int8_t v) { U8(static_cast<std::uint8_t>(v)); }
    void Str(const std::string& s) {
        U8(static_cast<std::uint8_t>(s.size()));
        out_.insert(out_.end(), s.begin(), s.end());
    }
    void Text(const std::string& s) {
        U8(static_cast<std::uint8_t>(s.size()));
        U8(static_cast<std::uint8_t>(s.size() >> 8));
        out_.insert(out_.end(), s.begin(), s.end());
    }
    void Ping(const PingFields& p) {
        U32(p.stampMicros);
        U32(p.echoMicros);
        U32(p.echoHoldMicros);
    }

private:
    std::vector<std::uint8_t>& out_;
};

// Reads fields front to back. The first failure sticks: later reads return zeros, and `reason`
// keeps the first problem, so a parse function reads everything and checks once at the end.
class Reader {
public:
    explicit Reader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
    std::uint8_t U8() {
        if (!Have(1)) return 0;
        return bytes_[at_++];
    }
    std::uint32_t U32() {
        if (!Have(4)) return 0;
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v |= std::uint32_t{bytes_[at_++]} << (8 * i);
        return v;
    }
    std::uint64_t U64() {
        if (!Have(8)) return 0;
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v |= std::uint64_t{bytes_[at_++]} << (8 * i);
        return v;
    }
    std::int32_t I32() { return static_cast<std::int32_t>(U32()); }
    std::int8_t I8() { return static_cast<std::int8_t>(U8()); }
    /// A length byte, then that many printable ASCII bytes; at most `maxBytes`.
    std::string Str(std::size_t maxBytes) {
        const std::size_t n = U8();
        if (n > maxBytes) Bad();
        if (!Have(n)) return {};
        std::string s(reinterpret_cast<const char*>(bytes_.data() + at_), n);
        at_ += n;
        for (const char c : s) {
            if (c < 0x20 || c > 0x7e) Bad();
        }
        return s;
    }
    /// Two length bytes, then that many printable ASCII bytes or line feeds; at most `maxBytes`.
    std::string Text(std::size_t maxBytes) {
        const std::size_t n = U8() | (std::size_t{U8()} << 8);
        if (n > maxBytes) Bad();
        if (!Have(n)) return {};
        std::string s(reinterpret_cast<const char*>(bytes_.data() + at_), n);
        at_ += n;
        for (const char c : s) {
            if ((c < 0x20 || c > 0x7e) && c != '\n') Bad();
        }
        return s;
    }
    PingFields Ping() {
        PingFields p;
        p.stampMicros = U32();
        p.echoMicros = U32();
        p.echoHoldMicros = U32();
        if (p.stampMicros == 0) Bad();  // 0 means "no stamp" in an echo: a real stamp never is
        return p;
    }
    /// A value out of its range.
    void Bad() {
        if (reason_ == DropReason::None) reason_ = DropReason::BadField;
    }
    /// The verdict: the first problem, or TrailingBytes when bytes are left over.
    [[nodiscard]] DropReason Finish() const {
        if (reason_ != DropReason::None) return reason_;
        return at_ == bytes_.size() ? DropReason::None : DropReason::TrailingBytes;
    }

private:
    bool Have(std::size_t n) {
        if (reason_ == DropReason::Truncated) return false;
        if (bytes_.size() - at_ < n) {
            // A truncation outranks a bad value seen earlier only if nothing was wrong before it.
            if (reason_ == DropReason::None) reason_ = DropReason::Truncated;
            at_ = bytes_.size();
            return false;
        }
        return true;
    }
    std::span<const std::uint8_t> bytes_;
    std::size_t at_ = 0;
    DropReason reason_ = DropReason::None;
};

template <class T>
constexpr PacketKind KindOf() {
    if constexpr (std::is_same_v<T, HelloPacket>) return PacketKind::Hello;
    if constexpr (std::is_same_v<T, PickPacket>) return PacketKind::Pick;
    if constexpr (std::is_same_v<T, SetupPacket>) return PacketKind::Setup;
    if constexpr (std::is_same_v<T, StartPacket>) return PacketKind::Start;
    if constexpr (std::is_same_v<T, RefusePacket>) return PacketKind::Refuse;
    if constexpr (std::is_same_v<T, InputsPacket>) return PacketKind::Inputs;
    if constexpr (std::is_same_v<T, PingPacket>) return PacketKind::Ping;
    if constexpr (std::is_same_v<T, ChecksumPacket>) return PacketKind::Checksum;
    if constexpr (std::is_same_v<T, DesyncPacket>) return PacketKind::Desync;
    if constexpr (std::is_same_v<T, DonePacket>) return PacketKind::Done;
    if constexpr (std::is_same_v<T, ByePacket>) return PacketKind::Bye;
    if constexpr (std::is_same_v<T, WatchPacket>) return PacketKind::Watch;
    if constexpr (std::is_same_v<T, WatchAckPacket>) return PacketKind::WatchAck;
    if constexpr (std::is_same_v<T, BrowsePacket>) return PacketKind::Browse;
}

void Write(Writer& w, const HelloPacket& p) {
    w.Str(p.programVersion);
    w.I32(p.simulationVersion);
    w.U8(static_cast<std::uint8_t>(p.role));
}
void Read(Reader& r, HelloPacket& p) {
    p.programVersion = r.Str(MAX_NAME_BYTES);
    p.simulationVersion = r.I32();
    const std::uint8_t role = r.U8();
    if (role >= std::size(PEER_ROLE_NAMES)) r.Bad();
    p.role = static_cast<PeerRole>(role);
}

void Write(Writer& w, const PickPacket& p) {
    w.U32(p.match);
    w.Str(p.fighterId);
    w.U64(p.fighterHash);
}
void Read(Reader& r, PickPacket& p) {
    p.match = r.U32();
    p.fighterId = r.Str(MAX_NAME_BYTES);
    p.fighterHash = r.U64();
    if (p.match == 0 || p.fighterId.empty()) r.Bad();
}

void Write(Writer& w, const BrowsePacket& p) {
    w.U32(p.match);
    w.Str(p.fighterId);
}
void Read(Reader& r, BrowsePacket& p) {
    p.match = r.U32();
    p.fighterId = r.Str(MAX_NAME_BYTES);
    if (p.match == 0 || p.fighterId.empty()) r.Bad();
}

void Write(Writer& w, const SetupPacket& p) {
    w.U32(p.match);
    w.U64(p.setupHash);
    w.U64(p.fighterHashes[0]);
    w.U64(p.fighterHashes[1]);
    w.Text(p.text);
}
void Read(Reader& r, SetupPacket& p) {
    p.match = r.U32();
    p.setupHash = r.U64();
    p.fighterHashes[0] = r.U64();
    p.fighterHashes[1] = r.U64();
    p.text = r.Text(MAX_SETUP_BYTES);
    if (p.match == 0 || p.text.empty()) r.Bad();
}

void Write(Writer& w, const StartPacket& p) {
    w.U32(p.match);
    w.U64(p.setupHash);
}
void Read(Reader& r, StartPacket& p) {
    p.match = r.U32();
    p.setupHash = r.U64();
    if (p.match == 0) r.Bad();
}

void Write(Writer& w, const RefusePacket& p) {
    w.U8(p.code);
    w.Str(p.message);
}
void Read(Reader& r, RefusePacket& p) {
    p.code = r.U8();
    p.message = r.Str(MAX_MESSAGE_BYTES);
    if (p.code == 0 || p.code >= std::size(ERROR_CODE_NAMES)) r.Bad();
}

void Write(Writer& w, const InputsPacket& p) {
    w.U32(p.match);
    w.U32(p.sequence);
    w.U32(p.senderTick);
    w.U32(p.ackTick);
    w.I8(p.advantageTicks);
    w.Ping(p.ping);
    w.U32(p.firstTick);
    w.U8(p.count);
    for (std::size_t i = 0; i < p.count && i < p.bits.size(); ++i) w.U8(p.bits[i]);
}
void Read(Reader& r, InputsPacket& p) {
    p.match = r.U32();
    p.sequence = r.U32();
    p.senderTick = r.U32();
    p.ackTick = r.U32();
    p.advantageTicks = r.I8();
    p.ping = r.Ping();
    p.firstTick = r.U32();
    p.count = r.U8();
    if (p.match == 0 || p.firstTick == 0 || p.count > MAX_INPUTS_PER_PACKET) {
        r.Bad();
        return;
    }
    p.bits = {};
    for (std::size_t i = 0; i < p.count; ++i) {
        p.bits[i] = r.U8();
        if (p.bits[i] & 0x80) r.Bad();  // game::Input has seven buttons: the eighth bit is never set
    }
    // The last tick must fit: a count that runs past 2^32 - 1 is not a real sequence of ticks.
    if (std::uint64_t{p.firstTick} + p.count > 0xFFFFFFFFull) r.Bad();
}

void Write(Writer& w, const PingPacket& p) {
    w.U32(p.sequence);
    w.Ping(p.ping);
}
void Read(Reader& r, PingPacket& p) {
    p.sequence = r.U32();
    p.ping = r.Ping();
}

void Write(Writer& w, const ChecksumPacket& p) {
    w.U32(p.match);
    w.U32(p.tick);
    w.U64(p.hash);
}
void Read(Reader& r, ChecksumPacket& p) {
    p.match = r.U32();
    p.tick = r.U32();
    p.hash = r.U64();
    if (p.match == 0 || p.tick == 0) r.Bad();
}

// Desync and Done: a match and a tick.
template <class T>
void WriteMatchTick(Writer& w, const T& p) {
    w.U32(p.match);
    w.U32(p.tick);
}
template <class T>
void ReadMatchTick(Reader& r, T& p) {
    p.match = r.U32();
    p.tick = r.U32();
    if (p.match == 0 || p.tick == 0) r.Bad();
}
void Write(Writer& w, const DesyncPacket& p) {
    WriteMatchTick(w, p);
}
void Read(Reader& r, DesyncPacket& p) {
    ReadMatchTick(r, p);
}
void Write(Writer& w, const DonePacket& p) {
    WriteMatchTick(w, p);
}
void Read(Reader& r, DonePacket& p) {
    ReadMatchTick(r, p);
}

void Write(Writer&, const ByePacket&) {}
void Read(Reader&, ByePacket&) {}

void Write(Writer& w, const WatchPacket& p) {
    w.U32(p.match);
    w.U32(p.firstTick);
    w.U8(p.count);
    for (std::size_t i = 0; i < 2u * p.count && i < p.bits.size(); ++i) w.U8(p.bits[i]);
}
void Read(Reader& r, WatchPacket& p) {
    p.match = r.U32();
    p.firstTick = r.U32();
    p.count = r.U8();
    if (p.match == 0 || p.firstTick == 0 || p.count == 0 || p.count > MAX_WATCH_TICKS_PER_PACKET) {
        r.Bad();
        return;
    }
    p.bits = {};
    for (std::size_t i = 0; i < 2u * p.count; ++i) {
        p.bits[i] = r.U8();
        if (p.bits[i] & 0x80) r.Bad();
    }
    if (std::uint64_t{p.firstTick} + p.count > 0xFFFFFFFFull) r.Bad();
}

void Write(Writer& w, const WatchAckPacket& p) {
    w.U32(p.match);
    w.U32(p.sequence);
    w.Ping(p.ping);
    w.U32(p.receivedTick);
}
void Read(Reader& r, WatchAckPacket& p) {
    p.match = r.U32();
    p.sequence = r.U32();
    p.ping = r.Ping();
    p.receivedTick = r.U32();
}

template <class T>
DropReason ReadAs(Reader& r, Packet& out) {
    T p;
    Read(r, p);
    const DropReason reason = r.Finish();
    if (reason == DropReason::None) out = std::move(p);
    return reason;
}

}  // namespace

DropReason ParseMessage(std::span<const std::uint8_t> bytes, Message& out) {
    if (bytes.size() < 2) return DropReason::Truncated;
    if (bytes[0] != MAGIC_0 || bytes[1] != MAGIC_1) return DropReason::BadMagic;
    if (bytes.size() < 4) return DropReason::Truncated;
    if (bytes[2] != PROTOCOL_VERSION) return DropReason::UnknownVersion;
    if (bytes.size() > MAX_DATAGRAM_BYTES) return DropReason::TrailingBytes;
    if (bytes.size() < HEADER_BYTES) return DropReason::Truncated;
    Reader header(bytes.subspan(4, HEADER_BYTES - 4));
    out.values.from = header.U32();
    out.values.to = header.U32();
    if (header.U32() != CheckOf(bytes)) return DropReason::BadCheck;
    const auto kind = static_cast<PacketKind>(bytes[3]);
    // Only an opening Hello may not know the receiver's value yet; nobody's value is 0.
    if (out.values.from == 0 || (out.values.to == 0 && kind != PacketKind::Hello)) return DropReason::BadField;
    Reader r(bytes.subspan(HEADER_BYTES));
    switch (kind) {
        case PacketKind::Hello:
            return ReadAs<HelloPacket>(r, out.packet);
        case PacketKind::Pick:
            return ReadAs<PickPacket>(r, out.packet);
        case PacketKind::Setup:
            return ReadAs<SetupPacket>(r, out.packet);
        case PacketKind::Start:
            return ReadAs<StartPacket>(r, out.packet);
        case PacketKind::Refuse:
            return ReadAs<RefusePacket>(r, out.packet);
        case PacketKind::Inputs:
            return ReadAs<InputsPacket>(r, out.packet);
        case PacketKind::Ping:
            return ReadAs<PingPacket>(r, out.packet);
        case PacketKind::Checksum:
            return ReadAs<ChecksumPacket>(r, out.packet);
        case PacketKind::Desync:
            return ReadAs<DesyncPacket>(r, out.packet);
        case PacketKind::Done:
            return ReadAs<DonePacket>(r, out.packet);
        case PacketKind::Bye:
            return ReadAs<ByePacket>(r, out.packet);
        case PacketKind::Watch:
            return ReadAs<WatchPacket>(r, out.packet);
        case PacketKind::WatchAck:
            return ReadAs<WatchAckPacket>(r, out.packet);
        case PacketKind::Browse:
            return ReadAs<BrowsePacket>(r, out.packet);
    }
    return DropReason::UnknownKind;
}

void EncodeMessage(const Message& message, std::vector<std::uint8_t>& out) {
    out.clear();
    Writer w(out);
    w.U8(MAGIC_0);
    w.U8(MAGIC_1);
    w.U8(PROTOCOL_VERSION);
    std::visit([&](const auto& p) { w.U8(static_cast<std::uint8_t>(KindOf<std::decay_t<decltype(p)>>())); },
               message.packet);
    w.U32(message.values.from);
    w.U32(message.values.to);
    w.U32(0);
    std::visit([&](const auto& p) { Write(w, p); }, message.packet);
    SealMessage(out);
}

void SealMessage(std::span<std::uint8_t> bytes) {
    if (bytes.size() < HEADER_BYTES) return;
    const std::uint32_t check = CheckOf(bytes);
    for (std::size_t i = 0; i < 4; ++i) bytes[CHECK_AT + i] = static_cast<std::uint8_t>(check >> (8 * i));
}

Channel ChannelOf(const Packet& packet) {
    return std::holds_alternative<InputsPacket>(packet) || std::holds_alternative<PingPacket>(packet) ||
                   std::holds_alternative<WatchAckPacket>(packet)
               ? Channel::Unreliable
               : Channel::Reliable;
}

}  // namespace net
