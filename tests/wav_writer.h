// Writes WAV files byte by byte for tests (test_sound, the fuzz seeds): any format tag, bit depth,
// channel count and rate, chunks in any order, with optional damage, so every rule of the reader
// can be broken one at a time. Test-only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace testwav {

using Bytes = std::vector<std::uint8_t>;

inline void Put32(Bytes& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
inline void Put16(Bytes& out, std::uint16_t v) {
    out.push_back(static_cast<std::uint8_t>(v));
    out.push_back(static_cast<std::uint8_t>(v >> 8));
}

struct Spec {
    std::uint16_t format = 1;  ///< 1 PCM, 3 float, 0xFFFE extensible
    std::uint16_t channels = 1;
    std::uint32_t rateHz = 22050;
    std::uint16_t bits = 16;
    std::int32_t blockAlign = -1;  ///< -1: channels * bits / 8
    std::uint16_t subformat = 1;   ///< extensible only
    std::uint32_t frames = 100;    ///< sample frames of a rising ramp
    std::int64_t dataClaim = -1;   ///< the data chunk's length field; -1: the real length
    bool dataFirst = false;        ///< the data chunk before the fmt chunk
    bool junkChunk = false;        ///< an odd-length "LIST" chunk (padded) before them
    bool noFmt = false, noData = false;
    std::int32_t extraDataBytes = 0;  ///< bytes added to the data (a partial frame)
};

/// The sample value of frame `i`, channel `c`, as the 16-bit reader returns it.
inline std::int16_t Sample16(std::uint32_t i, std::uint32_t c) {
    return static_cast<std::int16_t>((static_cast<std::int32_t>(i * 97 + c * 1000) % 60000) - 30000);
}

inline Bytes Make(const Spec& s) {
    Bytes fmt;
    Put16(fmt, s.format);
    Put16(fmt, s.channels);
    Put32(fmt, s.rateHz);
    const std::uint16_t align = s.blockAlign >= 0 ? static_cast<std::uint16_t>(s.blockAlign)
                                                  : static_cast<std::uint16_t>(s.channels * s.bits / 8);
    Put32(fmt, s.rateHz * align);
    Put16(fmt, align);
    Put16(fmt, s.bits);
    if (s.format == 0xFFFE) {
        Put16(fmt, 22);
        Put16(fmt, s.bits);
        Put32(fmt, 0);
        Put16(fmt, s.subformat);
        const std::uint8_t guid[14] = {0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71};
        fmt.insert(fmt.end(), guid, guid + 14);
    }
    Bytes data;
    for (std::uint32_t i = 0; i < s.frames; ++i) {
        for (std::uint32_t c = 0; c < s.channels; ++c) {
            const std::int16_t v = Sample16(i, c);
            if (s.bits == 8) {
                data.push_back(static_cast<std::uint8_t>((v >> 8) + 128));
            } else {
                for (int b = 0; b < s.bits / 8; ++b)
                    data.push_back(static_cast<std::uint8_t>(v >> (8 * (b == s.bits / 8 - 1 ? 1 : 0))));
            }
        }
    }
    for (std::int32_t i = 0; i < s.extraDataBytes; ++i) data.push_back(0);
    Bytes body;
    const auto chunk = [&](const char* id, const Bytes& payload, std::int64_t claim) {
        body.insert(body.end(), id, id + 4);
        Put32(body, static_cast<std::uint32_t>(claim >= 0 ? claim : static_cast<std::int64_t>(payload.size())));
        body.insert(body.end(), payload.begin(), payload.end());
        if (payload.size() % 2 == 1) body.push_back(0);
    };
    if (s.junkChunk) chunk("LIST", Bytes{'I', 'N', 'F', 'O', 'x'}, -1);
    if (s.dataFirst && !s.noData) chunk("data", data, s.dataClaim);
    if (!s.noFmt) chunk("fmt ", fmt, -1);
    if (!s.dataFirst && !s.noData) chunk("data", data, s.dataClaim);
    Bytes out{'R', 'I', 'F', 'F'};
    Put32(out, static_cast<std::uint32_t>(4 + body.size()));
    out.insert(out.end(), {'W', 'A', 'V', 'E'});
    out.insert(out.end(), body.begin(), body.end());
    return out;
}

}  // namespace testwav
