// The WAV reader and writer. Every length in the file is checked against the bytes that actually
// follow it before it is used, in 64-bit arithmetic, so a hostile header can neither read past the
// buffer nor make the reader allocate more than the caps allow.
#include "assets/sound.h"

#include <cstring>
#include <filesystem>

namespace assets {

namespace {

std::uint32_t Read32(const std::uint8_t* p) {
    return std::uint32_t{p[0]} | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16) | (std::uint32_t{p[3]} << 24);
}

std::uint16_t Read16(const std::uint8_t* p) {
    return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}

void Put32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

void Put16(std::vector<std::uint8_t>& out, std::uint16_t v) {
    out.push_back(static_cast<std::uint8_t>(v));
    out.push_back(static_cast<std::uint8_t>(v >> 8));
}

// A chunk's id as text for a message: four printable characters, or their hex.
std::string ChunkName(const std::uint8_t* p) {
    std::string out = "\"";
    for (int i = 0; i < 4; ++i) {
        if (p[i] < 0x20 || p[i] > 0x7E) {
            char hex[16];
            std::snprintf(hex, sizeof hex, "0x%02X%02X%02X%02X", p[0], p[1], p[2], p[3]);
            return hex;
        }
        out += static_cast<char>(p[i]);
    }
    return out + "\"";
}

// Names what the bytes look like instead, so a person sees "an MP3" rather than "bad data".
std::string DescribeNonWav(const std::uint8_t* bytes, std::size_t size) {
    if (size >= 4 && std::memcmp(bytes, "OggS", 4) == 0) return "not a WAV: it is an Ogg file (export it as WAV)";
    if (size >= 3 && (std::memcmp(bytes, "ID3", 3) == 0 || (bytes[0] == 0xFF && (bytes[1] & 0xE0) == 0xE0)))
        return "not a WAV: it looks like an MP3 (export it as WAV)";
    if (size >= 4 && std::memcmp(bytes, "fLaC", 4) == 0) return "not a WAV: it is a FLAC file (export it as WAV)";
    if (size >= 4 && std::memcmp(bytes, "RIFF", 4) == 0) return "not a WAV: a RIFF file, but not of type WAVE";
    return "not a WAV: the file does not start with RIFF....WAVE";
}

}  // namespace

Result<Sound> DecodeWav(const std::uint8_t* bytes, std::size_t size, const std::string& nameForErrors) {
    const auto corrupt = [&](const std::string& what) { return Error{ErrorCode::CorruptWav, nameForErrors, what}; };
    if (size == 0) return Error{ErrorCode::NotWav, nameForErrors, "empty file, not a WAV"};
    if (size > MAX_SOUND_FILE_BYTES) {
        return Error{ErrorCode::TooLarge, nameForErrors,
                     std::to_string(size) + " bytes: a sound file is at most " +
                         std::to_string(MAX_SOUND_FILE_BYTES >> 20) + " MiB"};
    }
    if (size < 12 || std::memcmp(bytes, "RIFF", 4) != 0 || std::memcmp(bytes + 8, "WAVE", 4) != 0) {
        return Error{ErrorCode::NotWav, nameForErrors, DescribeNonWav(bytes, size)};
    }
    // The RIFF size is often wrong by a few bytes (and some writers append tags after it): read
    // the chunks up to whichever ends first, the RIFF's claim or the file.
    const std::uint64_t riffEnd = std::min<std::uint64_t>(size, std::uint64_t{Read32(bytes + 4)} + 8);
    const std::uint8_t* fmt = nullptr;
    std::uint32_t fmtSize = 0;
    const std::uint8_t* data = nullptr;
    std::uint64_t dataSize = 0;
    for (std::uint64_t at = 12; at + 8 <= riffEnd;) {
        const std::uint8_t* header = bytes + at;
        const std::uint64_t length = Read32(header + 4);
        const std::uint64_t left = riffEnd - at - 8;
        if (length > left) {
            return corrupt("chunk " + ChunkName(header) + " at byte " + std::to_string(at) + " claims " +
                           std::to_string(length) + " bytes, but only " + std::to_string(left) +
                           " follow (a cut-off file?)");
        }
        if (std::memcmp(header, "fmt ", 4) == 0) {
            if (fmt != nullptr) return corrupt("two \"fmt \" chunks");
            fmt = header + 8;
            fmtSize = static_cast<std::uint32_t>(length);
        } else if (std::memcmp(header, "data", 4) == 0) {
            if (data != nullptr) return corrupt("two \"data\" chunks");
            data = header + 8;
            dataSize = length;
        }
        at += 8 + length + (length & 1);  // chunks are padded to an even length
    }
    if (fmt == nullptr) return corrupt("no \"fmt \" chunk (the format of the samples)");
    if (fmtSize < 16) return corrupt("the \"fmt \" chunk holds " + std::to_string(fmtSize) + " bytes, not 16 or more");
    if (data == nullptr) return corrupt("no \"data\" chunk (the samples)");

    std::uint16_t format = Read16(fmt);
    const std::int32_t channels = Read16(fmt + 2);
    const std::uint32_t rate = Read32(fmt + 4);
    const std::uint32_t blockAlign = Read16(fmt + 12);
    const std::int32_t bits = Read16(fmt + 14);
    if (format == 0xFFFE) {  // WAVE_FORMAT_EXTENSIBLE: the real format is the subformat GUID's first two bytes
        if (fmtSize < 40)
            return corrupt("an extensible \"fmt \" chunk of " + std::to_string(fmtSize) + " bytes, not 40");
        format = Read16(fmt + 24);
    }
    if (format != 1) {
        return corrupt("sample format " + std::to_string(format) +
                       " is not supported: only PCM (1); export as 16-bit PCM WAV (not float, ADPCM or mu-law)");
    }
    if (channels != 1 && channels != 2) {
        return corrupt(std::to_string(channels) + " channels: a sound is mono or stereo");
    }
    if (bits != 8 && bits != 16) {
        return corrupt(std::to_string(bits) + "-bit samples: a sound is 8-bit or 16-bit PCM");
    }
    if (rate < static_cast<std::uint32_t>(MIN_SOUND_RATE_HZ) || rate > static_cast<std::uint32_t>(MAX_SOUND_RATE_HZ)) {
        return corrupt("a sample rate of " + std::to_string(rate) + " Hz: it must be " +
                       std::to_string(MIN_SOUND_RATE_HZ) + "-" + std::to_string(MAX_SOUND_RATE_HZ) + " Hz");
    }
    const std::uint32_t frameBytes = static_cast<std::uint32_t>(channels * bits / 8);
    if (blockAlign != frameBytes) {
        return corrupt("block align " + std::to_string(blockAlign) + ", but " + std::to_string(channels) +
                       " channel(s) of " + std::to_string(bits) + " bits make " + std::to_string(frameBytes));
    }
    if (dataSize % frameBytes != 0) {
        return corrupt("the data holds " + std::to_string(dataSize) + " bytes, not a whole number of " +
                       std::to_string(frameBytes) + "-byte sample frames");
    }
    const std::uint64_t frames = dataSize / frameBytes;
    if (frames == 0) return corrupt("no samples (an empty \"data\" chunk)");
    if (frames > std::uint64_t{rate} * MAX_SOUND_SECONDS) {
        return Error{
            ErrorCode::TooLarge, nameForErrors,
            std::to_string(frames / rate) + " s long: a sound is at most " + std::to_string(MAX_SOUND_SECONDS) + " s"};
    }

    Sound sound;
    sound.rateHz = static_cast<std::int32_t>(rate);
    sound.channels = channels;
    const std::size_t count = static_cast<std::size_t>(frames) * static_cast<std::size_t>(channels);
    sound.samples.resize(count);
    if (bits == 8) {
        // 8-bit WAV is unsigned, 128 the silence.
        for (std::size_t i = 0; i < count; ++i) sound.samples[i] = static_cast<std::int16_t>((data[i] - 128) * 256);
    } else {
        for (std::size_t i = 0; i < count; ++i) sound.samples[i] = static_cast<std::int16_t>(Read16(data + 2 * i));
    }
    return sound;
}

Result<Sound> LoadWav(const std::string& path, const Confinement* within) {
    // The project's one reader: the size from fstat before any byte is read (a 2 GB file named
    // .wav is refused unread), a FIFO or a device refused, never waited on.
    auto bytes = ReadInputFile(path, MAX_SOUND_FILE_BYTES, "a sound file", within);
    if (!bytes.Ok()) return bytes.GetError();
    return DecodeWav(bytes.Value().data(), bytes.Value().size(), path);
}

std::vector<std::uint8_t> EncodeWav(const Sound& sound) {
    const auto dataBytes = static_cast<std::uint32_t>(sound.samples.size() * 2);
    const auto channels = static_cast<std::uint16_t>(sound.channels);
    const auto rate = static_cast<std::uint32_t>(sound.rateHz);
    std::vector<std::uint8_t> out;
    out.reserve(44 + dataBytes);
    // Tags byte by byte: GCC 12 at -O3 misreads insert() of a brace list after reserve() as an
    // overflow (-Wstringop-overflow), which broke the Release build.
    const auto tag = [&out](const char* fourCc) {
        for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(fourCc[i]));
    };
    tag("RIFF");
    Put32(out, 36 + dataBytes);
    tag("WAVE");
    tag("fmt ");
    Put32(out, 16);
    Put16(out, 1);  // PCM
    Put16(out, channels);
    Put32(out, rate);
    Put32(out, rate * channels * 2);
    Put16(out, static_cast<std::uint16_t>(channels * 2));
    Put16(out, 16);
    tag("data");
    Put32(out, dataBytes);
    for (const std::int16_t s : sound.samples) Put16(out, static_cast<std::uint16_t>(s));
    return out;
}

}  // namespace assets
