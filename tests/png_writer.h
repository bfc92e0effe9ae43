// A minimal PNG encoder for tests: every colour type and bit depth the loader must read, written
// byte by byte (stored deflate blocks, no compression) so a test controls exactly what is on disk.
// Test-only: the game and the tools write PNGs through SDL_image.
#pragma once

#include <array>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace testpng {

enum ColorType : std::uint8_t { GREY = 0, RGB = 2, PALETTE = 3, GREY_ALPHA = 4, RGBA = 6 };

inline std::uint32_t Crc32(const std::uint8_t* data, std::size_t size, std::uint32_t crc = 0) {
    static const std::array<std::uint32_t, 256> table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t n = 0; n < 256; ++n) {
            std::uint32_t c = n;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[n] = c;
        }
        return t;
    }();
    crc = ~crc;
    for (std::size_t i = 0; i < size; ++i) crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

inline void PutBE32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<std::uint8_t>(v >> s));
}

inline void PutChunk(std::vector<std::uint8_t>& out, const char* type, const std::vector<std::uint8_t>& data) {
    PutBE32(out, static_cast<std::uint32_t>(data.size()));
    const std::size_t typeAt = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data.begin(), data.end());
    PutBE32(out, Crc32(out.data() + typeAt, 4 + data.size()));
}

/// A zlib stream of stored (uncompressed) deflate blocks.
inline std::vector<std::uint8_t> ZlibStored(const std::vector<std::uint8_t>& raw) {
    std::vector<std::uint8_t> z{0x78, 0x01};
    std::size_t pos = 0;
    do {
        const std::size_t n = std::min<std::size_t>(65535, raw.size() - pos);
        const bool last = pos + n == raw.size();
        z.push_back(last ? 1 : 0);
        z.push_back(static_cast<std::uint8_t>(n));
        z.push_back(static_cast<std::uint8_t>(n >> 8));
        z.push_back(static_cast<std::uint8_t>(~n));
        z.push_back(static_cast<std::uint8_t>(~n >> 8));
        z.insert(z.end(), raw.begin() + static_cast<std::ptrdiff_t>(pos),
                 raw.begin() + static_cast<std::ptrdiff_t>(pos + n));
        pos += n;
    } while (pos < raw.size());
    std::uint32_t a = 1, b = 0;
    for (const std::uint8_t byte : raw) {
        a = (a + byte) % 65521;
        b = (b + a) % 65521;
    }
    PutBE32(z, (b << 16) | a);
    return z;
}

struct Spec {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    ColorType colorType = RGBA;
    std::uint8_t bitDepth = 8;
    /// Samples row by row, channels interleaved, each sample < 2^bitDepth (palette: indices).
    std::vector<std::uint16_t> samples;
    std::vector<std::array<std::uint8_t, 3>> palette;  ///< PALETTE only
    std::vector<std::uint8_t> trns;                    ///< palette alphas, or a grey/RGB colour key
};

inline int Channels(ColorType t) {
    return t == RGB ? 3 : t == GREY_ALPHA ? 2 : t == RGBA ? 4 : 1;
}

/// The PNG file bytes of `spec`.
inline std::vector<std::uint8_t> Encode(const Spec& spec) {
    std::vector<std::uint8_t> out{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    std::vector<std::uint8_t> ihdr;
    PutBE32(ihdr, spec.width);
    PutBE32(ihdr, spec.height);
    ihdr.insert(ihdr.end(), {spec.bitDepth, spec.colorType, 0, 0, 0});
    PutChunk(out, "IHDR", ihdr);
    if (spec.colorType == PALETTE) {
        std::vector<std::uint8_t> plte;
        for (const auto& c : spec.palette) plte.insert(plte.end(), c.begin(), c.end());
        PutChunk(out, "PLTE", plte);
    }
    if (!spec.trns.empty()) PutChunk(out, "tRNS", spec.trns);
    // Scanlines: filter byte 0, then samples packed big-endian (8 or 16 bits; palette may be 1-8).
    const int channels = Channels(spec.colorType);
    std::vector<std::uint8_t> raw;
    std::size_t i = 0;
    for (std::uint32_t y = 0; y < spec.height; ++y) {
        raw.push_back(0);
        if (spec.bitDepth == 16) {
            for (std::uint32_t s = 0; s < spec.width * channels; ++s, ++i) {
                raw.push_back(static_cast<std::uint8_t>(spec.samples[i] >> 8));
                raw.push_back(static_cast<std::uint8_t>(spec.samples[i]));
            }
        } else if (spec.bitDepth == 8) {
            for (std::uint32_t s = 0; s < spec.width * channels; ++s, ++i)
                raw.push_back(static_cast<std::uint8_t>(spec.samples[i]));
        } else {
            std::uint8_t acc = 0;
            int used = 0;
            for (std::uint32_t s = 0; s < spec.width; ++s, ++i) {
                acc = static_cast<std::uint8_t>(acc | (spec.samples[i] << (8 - spec.bitDepth - used)));
                used += spec.bitDepth;
                if (used == 8) {
                    raw.push_back(acc);
                    acc = 0;
                    used = 0;
                }
            }
            if (used > 0) raw.push_back(acc);
        }
    }
    PutChunk(out, "IDAT", ZlibStored(raw));
    PutChunk(out, "IEND", {});
    return out;
}

/// An 8-bit RGBA PNG from RGBA bytes.
inline std::vector<std::uint8_t> EncodeRgba(std::uint32_t w, std::uint32_t h, const std::vector<std::uint8_t>& rgba) {
    Spec s{w, h, RGBA, 8, {}, {}, {}};
    s.samples.assign(rgba.begin(), rgba.end());
    return Encode(s);
}

inline void WriteFile(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace testpng
