// libFuzzer target: any bytes as a WAV file. assets::DecodeWav must return a Sound or an Error,
// never crash, read out of bounds or allocate past its caps. Depends on assets only. Invariants
// checked: an Error names the file, has a WAV code (NotWav, CorruptWav, TooLarge) and is one line;
// a Sound is mono or stereo, at a rate within the range, holds a whole number of frames, is at most
// MAX_SOUND_SECONDS long, and survives EncodeWav -> DecodeWav sample for sample.
#include "assets/sound.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

void Check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_wav: invariant broken: %s\n", what);
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto decoded = assets::DecodeWav(data, size, "fuzz.wav");
    if (!decoded.Ok()) {
        const assets::Error& e = decoded.GetError();
        Check(e.file == "fuzz.wav", "an Error names the file it was given");
        Check(!e.message.empty(), "an Error has a message");
        Check(e.ToLine().find('\n') == std::string::npos, "an Error is one line");
        Check(e.code == assets::ErrorCode::NotWav || e.code == assets::ErrorCode::CorruptWav ||
                  e.code == assets::ErrorCode::TooLarge,
              "a decode Error is NotWav, CorruptWav or TooLarge");
        return 0;
    }
    const assets::Sound& s = decoded.Value();
    Check(s.channels == 1 || s.channels == 2, "mono or stereo");
    Check(s.rateHz >= assets::MIN_SOUND_RATE_HZ && s.rateHz <= assets::MAX_SOUND_RATE_HZ, "a rate within range");
    Check(!s.samples.empty() && s.samples.size() % static_cast<std::size_t>(s.channels) == 0, "whole frames");
    Check(s.Frames() <= static_cast<std::int64_t>(s.rateHz) * assets::MAX_SOUND_SECONDS, "within the length cap");
    Check(s.samples.size() <= size, "no more samples than the file had bytes (8-bit: one a sample)");
    const std::vector<std::uint8_t> again = assets::EncodeWav(s);
    const auto back = assets::DecodeWav(again.data(), again.size(), "again.wav");
    Check(back.Ok(), "what EncodeWav writes decodes");
    Check(back.Value().samples == s.samples && back.Value().rateHz == s.rateHz && back.Value().channels == s.channels,
          "the round trip keeps every sample");
    return 0;
}
