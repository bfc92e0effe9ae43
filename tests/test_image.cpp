// PNG decoding: every colour type SDL_image reads comes out as the same RGBA8, and every kind of
// bad file gives one Error naming the file, never a crash or a half-loaded image.
#include "assets/assets.h"
#include "png_writer.h"
#include "run_command.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>

namespace {

using testpng::Spec;

class ImageTest : public ::testing::Test {
protected:
    void SetUp() override { dir_ = testrun::FreshDir(::testing::UnitTest::GetInstance()->current_test_info()->name()); }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string Write(const std::string& name, const std::vector<std::uint8_t>& bytes) {
        const std::string path = (dir_ / name).string();
        testpng::WriteFile(path, bytes);
        return path;
    }
    std::filesystem::path dir_;
};

// The 2x1 picture every colour type below encodes: magenta (air), then attack red.
void ExpectMagentaThenRed(const assets::Result<assets::Image>& r) {
    ASSERT_TRUE(r.Ok()) << r.GetError().ToLine();
    const auto& img = r.Value();
    ASSERT_EQ(img.widthPx, 2);
    ASSERT_EQ(img.heightPx, 1);
    EXPECT_EQ(img.rgba, (std::vector<std::uint8_t>{0xFF, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0xFF}));
}

TEST_F(ImageTest, Rgba8) {
    ExpectMagentaThenRed(
        assets::LoadPng(Write("a.png", testpng::EncodeRgba(2, 1, {255, 0, 255, 255, 255, 0, 0, 255}))));
}

TEST_F(ImageTest, Rgb8WithoutAlphaIsOpaque) {
    ExpectMagentaThenRed(assets::LoadPng(
        Write("a.png", testpng::Encode(Spec{2, 1, testpng::RGB, 8, {255, 0, 255, 255, 0, 0}, {}, {}}))));
}

TEST_F(ImageTest, Rgba16IsReducedTo8Bits) {
    ExpectMagentaThenRed(assets::LoadPng(Write(
        "a.png",
        testpng::Encode(Spec{2, 1, testpng::RGBA, 16, {0xFFFF, 0, 0xFFFF, 0xFFFF, 0xFFFF, 0, 0, 0xFFFF}, {}, {}}))));
}

TEST_F(ImageTest, Rgb16) {
    ExpectMagentaThenRed(assets::LoadPng(
        Write("a.png", testpng::Encode(Spec{2, 1, testpng::RGB, 16, {0xFFFF, 0, 0xFFFF, 0xFFFF, 0, 0}, {}, {}}))));
}

TEST_F(ImageTest, Palette8AndPalette4) {
    for (const std::uint8_t depth : {8, 4, 2, 1}) {
        const Spec s{2, 1, testpng::PALETTE, depth, {0, 1}, {{{255, 0, 255}}, {{255, 0, 0}}}, {}};
        const std::string name = std::string("p").append(std::to_string(depth)).append(".png");
        ExpectMagentaThenRed(assets::LoadPng(Write(name, testpng::Encode(s))));
    }
}

TEST_F(ImageTest, PaletteWithTransparencyGivesAlphaZero) {
    // Index 0 is blue but fully transparent (tRNS); index 1 red, half transparent.
    const Spec s{2, 1, testpng::PALETTE, 8, {0, 1}, {{{0, 0, 255}}, {{255, 0, 0}}}, {0, 128}};
    const auto r = assets::LoadPng(Write("t.png", testpng::Encode(s)));
    ASSERT_TRUE(r.Ok()) << r.GetError().ToLine();
    EXPECT_EQ(r.Value().rgba[3], 0) << "tRNS alpha 0 must reach the mask builder as alpha 0";
    EXPECT_EQ(r.Value().rgba[4], 255);
    EXPECT_EQ(r.Value().rgba[7], 128);
}

TEST_F(ImageTest, GreyAndGreyAlpha) {
    const auto grey = assets::LoadPng(Write("g.png", testpng::Encode(Spec{2, 1, testpng::GREY, 8, {0, 200}, {}, {}})));
    ASSERT_TRUE(grey.Ok()) << grey.GetError().ToLine();
    EXPECT_EQ(grey.Value().rgba, (std::vector<std::uint8_t>{0, 0, 0, 255, 200, 200, 200, 255}));
    const auto grey16 =
        assets::LoadPng(Write("g16.png", testpng::Encode(Spec{2, 1, testpng::GREY, 16, {0, 0xFFFF}, {}, {}})));
    ASSERT_TRUE(grey16.Ok()) << grey16.GetError().ToLine();
    EXPECT_EQ(grey16.Value().rgba[4], 255);
    const auto ga =
        assets::LoadPng(Write("ga.png", testpng::Encode(Spec{2, 1, testpng::GREY_ALPHA, 8, {10, 0, 20, 255}, {}, {}})));
    ASSERT_TRUE(ga.Ok()) << ga.GetError().ToLine();
    EXPECT_EQ(ga.Value().rgba, (std::vector<std::uint8_t>{10, 10, 10, 0, 20, 20, 20, 255}));
}

TEST_F(ImageTest, SaveThenLoadIsLossless) {
    assets::Image img;
    img.widthPx = 3;
    img.heightPx = 2;
    for (int i = 0; i < 6; ++i)
        img.rgba.insert(img.rgba.end(), {std::uint8_t(i * 40), 0, 255, std::uint8_t(i == 2 ? 0 : 255)});
    const std::string path = (dir_ / "saved.png").string();
    ASSERT_FALSE(assets::SavePng(path, img).has_value());
    const auto back = assets::LoadPng(path);
    ASSERT_TRUE(back.Ok()) << back.GetError().ToLine();
    EXPECT_EQ(back.Value().rgba, img.rgba);
    const auto bad = assets::SavePng((dir_ / "no" / "such" / "folder.png").string(), img);
    ASSERT_TRUE(bad.has_value());
    EXPECT_EQ(bad->code, assets::ErrorCode::WriteFailed);
}

TEST_F(ImageTest, MissingFile) {
    const auto r = assets::LoadPng((dir_ / "nope.png").string());
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, assets::ErrorCode::FileMissing);
    EXPECT_NE(r.GetError().ToLine().find("nope.png: no such file"), std::string::npos) << r.GetError().ToLine();
}

TEST_F(ImageTest, FolderIsNotAFile) {
    const auto r = assets::LoadPng(dir_.string());
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, assets::ErrorCode::FileUnreadable);
}

TEST_F(ImageTest, EmptyFile) {
    const auto r = assets::LoadPng(Write("empty.png", {}));
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, assets::ErrorCode::NotPng);
    EXPECT_EQ(r.GetError().file, (dir_ / "empty.png").string());
}

TEST_F(ImageTest, JpegNamedPng) {
    const auto r = assets::LoadPng(Write("photo.png", {0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0}));
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, assets::ErrorCode::NotPng);
    EXPECT_NE(r.GetError().message.find("JPEG"), std::string::npos) << r.GetError().message;
}

TEST_F(ImageTest, TextFileNamedPng) {
    const std::string text = "this is not an image\n";
    const auto r = assets::LoadPng(Write("notes.png", std::vector<std::uint8_t>(text.begin(), text.end())));
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, assets::ErrorCode::NotPng);
}

TEST_F(ImageTest, TruncatedPng) {
    auto bytes = testpng::EncodeRgba(8, 8, std::vector<std::uint8_t>(8 * 8 * 4, 200));
    for (const std::size_t keep : {std::size_t{10}, std::size_t{33}, std::size_t{60}, bytes.size() - 20}) {
        const auto r = assets::LoadPng(Write(
            "cut.png", std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(keep))));
        ASSERT_FALSE(r.Ok()) << "kept " << keep << " bytes";
        EXPECT_EQ(r.GetError().code, assets::ErrorCode::CorruptPng) << keep;
    }
}

TEST_F(ImageTest, WrongCrc) {
    auto bytes = testpng::EncodeRgba(4, 4, std::vector<std::uint8_t>(4 * 4 * 4, 200));
    bytes[bytes.size() - 12 - 1] ^= 0xFF;  // the last byte of the IDAT CRC, before IEND's 12 bytes
    const auto r = assets::LoadPng(Write("crc.png", bytes));
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, assets::ErrorCode::CorruptPng);
    EXPECT_NE(r.GetError().message.find("IDAT"), std::string::npos) << r.GetError().message;
    EXPECT_NE(r.GetError().message.find("CRC"), std::string::npos) << r.GetError().message;
}

TEST_F(ImageTest, CorruptCompressedDataWithValidCrcsIsCaughtByTheDecoderAndNotPrinted) {
    // Flip a byte of the zlib checksum and recompute the chunk CRC: only the decoder can tell.
    auto bytes = testpng::EncodeRgba(4, 4, std::vector<std::uint8_t>(4 * 4 * 4, 200));
    const std::size_t idatCrcAt = bytes.size() - 12 - 4;
    bytes[idatCrcAt - 1] ^= 0xFF;
    std::size_t idatAt = 8;
    while (std::memcmp(bytes.data() + idatAt + 4, "IDAT", 4) != 0) {
        idatAt +=
            12 + ((bytes[idatAt] << 24) | (bytes[idatAt + 1] << 16) | (bytes[idatAt + 2] << 8) | bytes[idatAt + 3]);
    }
    const std::uint32_t crc = testpng::Crc32(bytes.data() + idatAt + 4, idatCrcAt - idatAt - 4);
    for (int i = 0; i < 4; ++i) bytes[idatCrcAt + i] = static_cast<std::uint8_t>(crc >> (24 - 8 * i));
    ::testing::internal::CaptureStderr();
    const auto r = assets::LoadPng(Write("adler.png", bytes));
    const std::string printed = ::testing::internal::GetCapturedStderr();
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, assets::ErrorCode::CorruptPng);
    EXPECT_EQ(printed, "") << "the library must not print; the program prints one error line";
    EXPECT_NE(r.GetError().message.find("corrupt PNG: "), std::string::npos) << r.GetError().message;
}

TEST_F(ImageTest, HeaderClaimingAHugeImageIsRefusedBeforeDecoding) {
    auto bytes = testpng::EncodeRgba(1, 1, {1, 2, 3, 4});
    // Rewrite IHDR's width and height to 100000 x 100000 (the CRC no longer matters: we stop first).
    for (const int at : {16, 20}) {
        bytes[at] = 0, bytes[at + 1] = 0x01, bytes[at + 2] = 0x86, bytes[at + 3] = 0xA0;
    }
    const auto r = assets::LoadPng(Write("huge.png", bytes));
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, assets::ErrorCode::TooLarge);
    EXPECT_NE(r.GetError().message.find("100000x100000"), std::string::npos) << r.GetError().message;
}

TEST_F(ImageTest, JustOverTheSizeLimit) {
    const auto r = assets::LoadPng(Write(
        "wide.png", testpng::Encode(Spec{4097, 1, testpng::GREY, 8, std::vector<std::uint16_t>(4097, 0), {}, {}})));
    ASSERT_FALSE(r.Ok());
    EXPECT_EQ(r.GetError().code, assets::ErrorCode::TooLarge);
}

}  // namespace
