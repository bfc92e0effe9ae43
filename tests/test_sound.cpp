// The WAV reader (assets/sound.h): every format it takes, every rule a file can break (each with
// its error code and the file named), the caps, the writer's round trip, and the committed sounds:
// each decodes, is the generator's exact output, and is what it claims to be (levels, edges).
#include "assets/sound.h"
#include "run_command.h"
#include "wav_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

namespace {

using testwav::Make;
using testwav::Spec;

assets::Result<assets::Sound> Decode(const testwav::Bytes& b) {
    return assets::DecodeWav(b.data(), b.size(), "x.wav");
}

void ExpectError(const testwav::Bytes& b, assets::ErrorCode code, const std::string& part) {
    const auto r = Decode(b);
    ASSERT_FALSE(r.Ok()) << "accepted; wanted: " << part;
    EXPECT_EQ(r.GetError().code, code) << r.GetError().message;
    EXPECT_EQ(r.GetError().file, "x.wav");
    EXPECT_NE(r.GetError().message.find(part), std::string::npos) << r.GetError().message;
    EXPECT_EQ(r.GetError().ToLine().find('\n'), std::string::npos);
}

TEST(Wav, Reads16BitMonoExactly) {
    const auto r = Decode(Make(Spec{}));
    ASSERT_TRUE(r.Ok()) << r.GetError().message;
    EXPECT_EQ(r.Value().rateHz, 22050);
    EXPECT_EQ(r.Value().channels, 1);
    ASSERT_EQ(r.Value().Frames(), 100);
    for (std::uint32_t i = 0; i < 100; ++i) EXPECT_EQ(r.Value().samples[i], testwav::Sample16(i, 0)) << i;
}

TEST(Wav, ReadsStereoInterleavedAnd8BitUnsigned) {
    Spec stereo;
    stereo.channels = 2;
    stereo.rateHz = 44100;
    const auto r = Decode(Make(stereo));
    ASSERT_TRUE(r.Ok()) << r.GetError().message;
    ASSERT_EQ(r.Value().Frames(), 100);
    EXPECT_EQ(r.Value().samples[2 * 7 + 1], testwav::Sample16(7, 1));
    Spec eight;
    eight.bits = 8;
    const auto e = Decode(Make(eight));
    ASSERT_TRUE(e.Ok()) << e.GetError().message;
    for (std::uint32_t i = 0; i < 100; ++i) EXPECT_EQ(e.Value().samples[i], (testwav::Sample16(i, 0) >> 8) * 256) << i;
}

TEST(Wav, TakesChunksInAnyOrderPaddedUnknownChunksAndTheExtensibleFormat) {
    Spec s;
    s.dataFirst = true;
    s.junkChunk = true;
    EXPECT_TRUE(Decode(Make(s)).Ok());
    Spec x;
    x.format = 0xFFFE;
    EXPECT_TRUE(Decode(Make(x)).Ok());
    x.subformat = 3;  // extensible float
    ExpectError(Make(x), assets::ErrorCode::CorruptWav, "sample format 3");
}

TEST(Wav, RefusesWhatIsNotAWavNamingWhatItIs) {
    ExpectError({}, assets::ErrorCode::NotWav, "empty");
    ExpectError({'O', 'g', 'g', 'S', 0, 0, 0, 0, 0, 0, 0, 0}, assets::ErrorCode::NotWav, "Ogg");
    ExpectError({'I', 'D', '3', 4, 0, 0, 0, 0, 0, 0, 0, 0}, assets::ErrorCode::NotWav, "MP3");
    ExpectError({'R', 'I', 'F', 'F', 4, 0, 0, 0, 'A', 'V', 'I', ' '}, assets::ErrorCode::NotWav, "not of type WAVE");
    ExpectError({'h', 'e', 'l', 'l', 'o'}, assets::ErrorCode::NotWav, "RIFF....WAVE");
}

TEST(Wav, RefusesEachBrokenRuleWithItsReason) {
    Spec s;
    s.format = 3;
    ExpectError(Make(s), assets::ErrorCode::CorruptWav, "only PCM");
    s = {};
    s.channels = 3;
    ExpectError(Make(s), assets::ErrorCode::CorruptWav, "3 channels");
    s = {};
    s.bits = 24;
    ExpectError(Make(s), assets::ErrorCode::CorruptWav, "24-bit");
    s = {};
    s.rateHz = 3999;
    ExpectError(Make(s), assets::ErrorCode::CorruptWav, "3999 Hz");
    s.rateHz = 192001;
    ExpectError(Make(s), assets::ErrorCode::CorruptWav, "192001 Hz");
    s = {};
    s.blockAlign = 4;
    ExpectError(Make(s), assets::ErrorCode::CorruptWav, "block align 4");
    s = {};
    s.extraDataBytes = 1;
    ExpectError(Make(s), assets::ErrorCode::CorruptWav, "not a whole number");
    s = {};
    s.frames = 0;
    ExpectError(Make(s), assets::ErrorCode::CorruptWav, "no samples");
    s = {};
    s.noFmt = true;
    ExpectError(Make(s), assets::ErrorCode::CorruptWav, "no \"fmt \" chunk");
    s = {};
    s.noData = true;
    ExpectError(Make(s), assets::ErrorCode::CorruptWav, "no \"data\" chunk");
}

TEST(Wav, AChunkLongerThanTheFileIsRefusedNotRead) {
    Spec s;
    s.dataClaim = 0x7FFFFFF0;
    ExpectError(Make(s), assets::ErrorCode::CorruptWav, "claims 2147483632 bytes");
    // Cut anywhere inside the samples: refused, never read past the end.
    const testwav::Bytes whole = Make(Spec{});
    for (std::size_t cut = 45; cut < whole.size(); cut += 7) {
        const testwav::Bytes part(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(cut));
        EXPECT_FALSE(Decode(part).Ok()) << cut;
    }
}

TEST(Wav, TheCapsRefuseALongOrBigFileWithOneLine) {
    Spec longSound;
    longSound.rateHz = 4000;
    longSound.frames = 4000 * assets::MAX_SOUND_SECONDS + 1;
    ExpectError(Make(longSound), assets::ErrorCode::TooLarge, "at most 120 s");
    longSound.frames = 4000 * assets::MAX_SOUND_SECONDS;
    EXPECT_TRUE(Decode(Make(longSound)).Ok()) << "exactly the cap is allowed";
    testwav::Bytes big = Make(Spec{});
    big.resize(assets::MAX_SOUND_FILE_BYTES + 1, 0);
    ExpectError(big, assets::ErrorCode::TooLarge, "at most 16 MiB");
}

TEST(Wav, LoadWavNamesAMissingFile) {
    const auto r = assets::LoadWav("/nonexistent/nothing.wav");
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, assets::ErrorCode::FileMissing);
    EXPECT_EQ(r.GetError().file, "/nonexistent/nothing.wav");
}

TEST(Wav, WhatTheWriterWritesTheReaderReadsBack) {
    assets::Sound s;
    s.rateHz = 32000;
    s.channels = 2;
    for (int i = 0; i < 998; ++i) s.samples.push_back(static_cast<std::int16_t>(i * 61 - 30000));
    s.samples.push_back(-32768), s.samples.push_back(32767);
    const auto bytes = assets::EncodeWav(s);
    EXPECT_EQ(bytes.size(), 44 + s.samples.size() * 2);
    const auto r = assets::DecodeWav(bytes.data(), bytes.size(), "round.wav");
    ASSERT_TRUE(r.Ok()) << r.GetError().message;
    EXPECT_EQ(r.Value().rateHz, 32000);
    EXPECT_EQ(r.Value().channels, 2);
    EXPECT_EQ(r.Value().samples, s.samples);
}

// ---- the committed sounds ---------------------------------------------------------------------------

namespace fs = std::filesystem;

std::vector<fs::path> CommittedSounds() {
    std::vector<fs::path> out;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(fs::path(HOTMAP_SOURCE_DIR) / "assets")) {
        if (e.path().extension() == ".wav") out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

TEST(CommittedSounds, EachDecodesSmallMonoWithinCapsAndUnclipped) {
    const auto files = CommittedSounds();
    ASSERT_GE(files.size(), 26u);
    for (const fs::path& f : files) {
        const auto r = assets::LoadWav(f.string());
        ASSERT_TRUE(r.Ok()) << r.GetError().ToLine();
        const assets::Sound& s = r.Value();
        EXPECT_EQ(s.channels, 1) << f;
        EXPECT_EQ(s.rateHz, 22050) << f;
        EXPECT_LT(fs::file_size(f), 1'000'000u) << f << ": every committed sound is well under 1 MB";
        std::int32_t peak = 0;
        for (const std::int16_t v : s.samples) peak = std::max(peak, std::abs(static_cast<std::int32_t>(v)));
        // At most -2.9 dBFS: nothing clips, even after the mixer's conversion.
        EXPECT_LE(peak, static_cast<std::int32_t>(32767 * std::pow(10.0, -2.9 / 20))) << f;
        EXPECT_GT(peak, static_cast<std::int32_t>(32767 * std::pow(10.0, -20.0 / 20))) << f << " is near silent";
        // The loops: assets/music/*.wav and each stage's music.wav.
        const bool loop = f.parent_path().filename() == "music" || f.filename() == "music.wav";
        if (!loop) {
            // Effects start and end at silence (faded): no click.
            EXPECT_LE(std::abs(s.samples.front()), 64) << f;
            EXPECT_LE(std::abs(s.samples.back()), 64) << f;
            EXPECT_LT(s.Seconds(), 4.0) << f;
        } else {
            EXPECT_GE(s.Seconds(), 14.0) << f;
            EXPECT_LE(s.Seconds(), 30.0) << f;
        }
    }
}

TEST(CommittedSounds, AreExactlyWhatTheGeneratorWritesAndItWritesTheSameTwice) {
    const fs::path a = testrun::FreshDir("sfxgen_a"), b = testrun::FreshDir("sfxgen_b");
    ASSERT_EQ(testrun::Run(SFXGEN_EXE, {"--out-root", a.string()}).exitCode, 0);
    ASSERT_EQ(testrun::Run(SFXGEN_EXE, {"--out-root", b.string()}).exitCode, 0);
    const auto again = testrun::Run(SFXGEN_EXE, {"--out-root", a.string()});
    EXPECT_EQ(again.exitCode, 1) << "never overwrites without --force";
    EXPECT_NE(again.err.find("exists (use --force to overwrite)"), std::string::npos) << again.err;
    const auto bytes = [](const fs::path& p) {
        std::ifstream in(p, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    std::size_t compared = 0;
    for (const fs::path& f : CommittedSounds()) {
        const fs::path rel = fs::relative(f, HOTMAP_SOURCE_DIR);
        ASSERT_TRUE(fs::exists(a / rel)) << rel << " is committed but the generator does not make it";
        EXPECT_EQ(bytes(a / rel), bytes(b / rel)) << rel << ": two runs differ";
        EXPECT_EQ(bytes(a / rel), bytes(f))
            << rel << ": the committed file is not the generator's (run sfxgen --force)";
        ++compared;
    }
    EXPECT_GE(compared, 26u);
    fs::remove_all(a), fs::remove_all(b);
}

}  // namespace
