// Sound files -> PCM samples: the WAV reader (RIFF/WAVE, PCM 8 or 16 bit, mono or stereo) and the
// writer the generator (sfxgen) uses. No SDL, no device: bytes in, samples out, so the reader can
// be fuzzed and the audio layer tested without a sound card. Invariant: a decode returns a whole
// Sound within the caps below or an Error naming the file and the rule; nothing is half-decoded.
#pragma once

#include "assets/assets.h"
#include "assets/files.h"
#include "assets/limits.h"

#include <cstdint>
#include <string>
#include <vector>

namespace assets {

/// The caps on one sound file, checked before any sample is converted: a file over either is
/// refused with one line (docs/reliability.md). The size is limits.h's, with the other files'.
inline constexpr std::uint64_t MAX_SOUND_FILE_BYTES = limits::SOUND_FILE_BYTES;
inline constexpr std::int32_t MAX_SOUND_SECONDS = 120;
/// Sample rates the reader takes (SDL_mixer converts any of them to the device's).
inline constexpr std::int32_t MIN_SOUND_RATE_HZ = 4000;
inline constexpr std::int32_t MAX_SOUND_RATE_HZ = 192000;

/// Decoded PCM: 16-bit signed samples, interleaved when stereo (left, right).
struct Sound {
    std::int32_t rateHz = 22050;
    std::int32_t channels = 1;  ///< 1 or 2
    std::vector<std::int16_t> samples;
    /// Sample frames (one sample per channel each).
    [[nodiscard]] std::int64_t Frames() const {
        return channels > 0 ? static_cast<std::int64_t>(samples.size()) / channels : 0;
    }
    [[nodiscard]] double Seconds() const { return rateHz > 0 ? static_cast<double>(Frames()) / rateHz : 0.0; }
};

/// Decodes a RIFF/WAVE file held in memory: format 1 (PCM) or WAVE_FORMAT_EXTENSIBLE with a PCM
/// subformat, 8-bit unsigned or 16-bit signed little-endian, 1 or 2 channels, MIN_SOUND_RATE_HZ to
/// MAX_SOUND_RATE_HZ; chunks in any order, unknown chunks skipped, every length checked against the
/// bytes that follow. `nameForErrors` is the file named in an Error (NotWav, CorruptWav, TooLarge).
[[nodiscard]] Result<Sound> DecodeWav(const std::uint8_t* bytes, std::size_t size, const std::string& nameForErrors);
/// Reads `path` through ReadInputFile (files.h: a regular file of at most MAX_SOUND_FILE_BYTES,
/// never a FIFO's wait; with `within`, refused when it leads out of the project) and decodes it.
[[nodiscard]] Result<Sound> LoadWav(const std::string& path, const Confinement* within = nullptr);
/// `sound` as the bytes of a 16-bit PCM WAV file (a 44-byte header, then the samples).
[[nodiscard]] std::vector<std::uint8_t> EncodeWav(const Sound& sound);

}  // namespace assets
