// Mask construction: key and alpha air, channels, tight bounds, sub-rectangles with a stride,
// memory per pixel, and the point query used for mouse picking.
#include "collide/collide.h"
#include "random_masks.h"
#include "reference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <random>

namespace {

using collide::Channel;
using collide::Flip;
using collide::Rect;

constexpr std::uint8_t K[4] = {0xFF, 0x00, 0xFF, 0xFF};  // key magenta
constexpr std::uint8_t R[4] = {0xFF, 0x00, 0x00, 0xFF};  // attack red
constexpr std::uint8_t B[4] = {0x20, 0x40, 0xC0, 0xFF};  // a hurt blue
constexpr std::uint8_t T[4] = {0xFF, 0x00, 0x00, 0x00};  // red, but alpha 0: air

// Pixels written as a string: '.' key, 'r' attack, 'b' hurt, 't' transparent red.
std::vector<std::uint8_t> Rgba(const std::vector<std::string>& rows) {
    std::vector<std::uint8_t> px;
    for (const auto& row : rows) {
        for (const char ch : row) {
            const std::uint8_t* c = ch == 'r' ? R : ch == 'b' ? B : ch == 't' ? T : K;
            px.insert(px.end(), c, c + 4);
        }
    }
    return px;
}

collide::HotMasks Build(const std::vector<std::string>& rows) {
    const std::vector<std::uint8_t> keep = Rgba(rows);  // masks copy the bits; the view may die
    const collide::ImageView view{keep.data(), static_cast<std::int32_t>(rows[0].size()),
                                  static_cast<std::int32_t>(rows.size()), 0};
    return collide::BuildHotMasks(view);
}

TEST(Mask, KeyAndAlphaZeroAreAirAndRedIsAttack) {
    const auto m = Build({
        ".rb.",
        "tbr.",
    });
    EXPECT_FALSE(m.any.Get(0, 0));
    EXPECT_TRUE(m.attack.Get(1, 0));
    EXPECT_FALSE(m.hurt.Get(1, 0));
    EXPECT_TRUE(m.hurt.Get(2, 0));
    EXPECT_FALSE(m.attack.Get(2, 0));
    EXPECT_FALSE(m.any.Get(0, 1)) << "alpha 0 is air even when the colour is attack red";
    EXPECT_TRUE(m.any.Get(1, 1));
    EXPECT_EQ(m.any.CountSetPixels(), 4);
    EXPECT_EQ(m.attack.CountSetPixels(), 2);
    EXPECT_EQ(m.hurt.CountSetPixels(), 2);
}

TEST(Mask, NearKeyColourIsHurtNotAir) {
    std::vector<std::uint8_t> px = {0xFE, 0x00, 0xFF, 0xFF, 0xFF, 0x01, 0xFF, 0xFF, 0xFF, 0x00, 0xFF, 0x01};
    const auto m = collide::BuildHotMasks(collide::ImageView{px.data(), 3, 1, 0});
    EXPECT_TRUE(m.hurt.Get(0, 0));
    EXPECT_TRUE(m.hurt.Get(1, 0));
    EXPECT_FALSE(m.any.Get(2, 0)) << "the key colour is air whatever its alpha";
}

TEST(Mask, CustomKeyColour) {
    std::vector<std::uint8_t> px = {0x00, 0xFF, 0x00, 0xFF, 0xFF, 0x00, 0xFF, 0xFF};
    const auto m = collide::BuildHotMasks(collide::ImageView{px.data(), 2, 1, 0}, collide::Rgb{0x00, 0xFF, 0x00});
    EXPECT_FALSE(m.any.Get(0, 0));
    EXPECT_TRUE(m.hurt.Get(1, 0)) << "with another key, magenta is an ordinary hurt colour";
}

TEST(Mask, TightBoundsHoldExactlyTheSetPixels) {
    const auto m = Build({
        "......",
        "..b...",
        "....r.",
        "......",
    });
    EXPECT_EQ(m.any.Bounds(), (Rect{2, 1, 3, 2}));
    EXPECT_EQ(m.attack.Bounds(), (Rect{4, 2, 1, 1}));
    EXPECT_EQ(m.hurt.Bounds(), (Rect{2, 1, 1, 1}));
}

TEST(Mask, EmptyMaskHasEmptyBounds) {
    const auto m = Build({"...", "..."});
    EXPECT_TRUE(m.any.IsEmpty());
    EXPECT_EQ(m.any.Bounds(), Rect{});
    EXPECT_EQ(collide::PlacedBounds(m.any, {10, 10, Flip::None}), Rect{});
    const collide::Mask zero;
    EXPECT_EQ(zero.Width(), 0);
    EXPECT_TRUE(zero.IsEmpty());
}

TEST(Mask, SetGrowsBoundsAndGetIsFalseOutside) {
    collide::Mask m(130, 3);
    m.Set(129, 2);
    m.Set(64, 0);
    EXPECT_EQ(m.Bounds(), (Rect{64, 0, 66, 3}));
    EXPECT_TRUE(m.Get(129, 2));
    EXPECT_FALSE(m.Get(130, 2));
    EXPECT_FALSE(m.Get(-1, 0));
    EXPECT_EQ(m.CountSetPixels(), 2);
}

TEST(Mask, SubRectangleOfAPaddedBufferReadsOnlyItsFrame) {
    // A 2-frame sheet, 3x2 each, in a buffer with stride 40 bytes (10 pixels).
    const int stride = 40;
    std::vector<std::uint8_t> sheet(static_cast<std::size_t>(stride) * 2, 0xFF);  // white: hurt
    auto put = [&](int x, int y, const std::uint8_t* c) { std::copy(c, c + 4, sheet.begin() + y * stride + x * 4); };
    for (int y = 0; y < 2; ++y) {
        for (int x = 0; x < 6; ++x) put(x, y, K);
    }
    put(1, 0, R);  // frame 0
    put(5, 1, B);  // frame 1
    const collide::ImageView view{sheet.data(), 10, 2, stride};
    const auto f0 = collide::BuildHotMasks(view, Rect{0, 0, 3, 2});
    const auto f1 = collide::BuildHotMasks(view, Rect{3, 0, 3, 2});
    EXPECT_EQ(f0.any.Bounds(), (Rect{1, 0, 1, 1}));
    EXPECT_TRUE(f0.attack.Get(1, 0));
    EXPECT_EQ(f1.any.Bounds(), (Rect{2, 1, 1, 1}));
    EXPECT_TRUE(f1.hurt.Get(2, 1));
    EXPECT_EQ(f1.any.CountSetPixels(), 1) << "the white pixels beyond the frame must not leak in";
}

TEST(Mask, CostsAboutOneBitPerPixel) {
    const collide::Mask m(1024, 1024);
    const std::size_t rgbaBytes = 1024u * 1024u * 4u;
    // 16 data words + 1 shared guard per row, + 1: a thirty-second of RGBA plus 1/16 padding.
    EXPECT_EQ(m.MemoryBytes(), (1024u * 17u + 1u) * 8u);
    EXPECT_LE(m.MemoryBytes() * 30, rgbaBytes);
    const collide::Mask odd(65, 10);
    EXPECT_EQ(odd.MemoryBytes(), (10u * 3u + 1u) * 8u);
}

TEST(Mask, BuildAgreesWithPerPixelClassificationOnRandomImages) {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 300; ++i) {
        const testmasks::Entry e = testmasks::MakeEntry(rng, 200);
        for (const Channel ch : {Channel::Any, Channel::Attack, Channel::Hurt}) {
            const collide::Mask& m = e.masks.Get(ch);
            ASSERT_EQ(m.Width(), e.grid.w);
            ASSERT_EQ(m.Height(), e.grid.h);
            std::int64_t count = 0;
            for (int y = 0; y < e.grid.h; ++y) {
                for (int x = 0; x < e.grid.w; ++x) {
                    ASSERT_EQ(m.Get(x, y), e.grid.Hot(x, y, ch)) << "entry " << i << " at " << x << "," << y;
                    count += e.grid.Hot(x, y, ch);
                }
            }
            ASSERT_EQ(m.CountSetPixels(), count);
            const ref::Placed placed{&e.grid, ch, 0, 0, false};
            ASSERT_EQ(m.Bounds(), placed.TightBounds());
            // The single-channel builder agrees with the three-channel one.
            const collide::ImageView view{e.buffer.data(), e.strideBytes / 4,
                                          static_cast<std::int32_t>(e.buffer.size() / e.strideBytes), e.strideBytes};
            const collide::Mask single = collide::BuildMask(view, e.sub, e.key, ch);
            ASSERT_EQ(single.Bounds(), m.Bounds());
            ASSERT_EQ(single.CountSetPixels(), m.CountSetPixels());
        }
    }
}

// The query's copy of a mask: its tight bounds in 64-pixel column strips, as stored and mirrored.
// Every bit of every strip must be the pixel it stands for, whatever built the mask.
void ExpectStripsMatchPixels(const collide::Mask& m, const char* what, int index) {
    const Rect b = m.Bounds();
    ASSERT_EQ(m.StripCount(), (b.w + 63) / 64) << what << " " << index;
    for (const Flip flip : {Flip::None, Flip::Horizontal}) {
        for (int s = 0; s < m.StripCount(); ++s) {
            for (int r = 0; r < b.h; ++r) {
                const std::uint64_t word = m.StripWords(flip, s)[r];
                for (int i = 0; i < 64; ++i) {
                    const int col = 64 * s + i;
                    const int maskX = flip == Flip::None ? b.x + col : b.Right() - 1 - col;
                    const bool want = col < b.w && m.Get(maskX, b.y + r);
                    ASSERT_EQ(((word >> i) & 1u) != 0, want) << what << " " << index << ": flip " << int(flip)
                                                             << " strip " << s << " row " << r << " bit " << i;
                }
            }
        }
    }
}

TEST(Mask, StripsHoldTheRowsPixelsAsPlacedUnderBothFlips) {
    std::mt19937_64 rng(17);
    for (int i = 0; i < 150; ++i) {
        const testmasks::Entry e = i % 2 == 0 ? testmasks::MakeEntry(rng, 200) : testmasks::MakeSmallEntry(rng);
        for (const Channel ch : {Channel::Any, Channel::Attack, Channel::Hurt}) {
            ExpectStripsMatchPixels(e.masks.Get(ch), "built", i);
        }
    }
    // Grown pixel by pixel in a random order: a pixel outside the bounds cuts the strips again,
    // one inside sets its two bits.
    for (int i = 0; i < 60; ++i) {
        const int w = 1 + static_cast<int>(rng() % 200), h = 1 + static_cast<int>(rng() % 40);
        collide::Mask m(w, h);
        const int pixels = 1 + static_cast<int>(rng() % 80);
        for (int p = 0; p < pixels; ++p) {
            m.Set(static_cast<int>(rng() % static_cast<std::uint64_t>(w)),
                  static_cast<int>(rng() % static_cast<std::uint64_t>(h)));
            if (p % 16 == 0) ExpectStripsMatchPixels(m, "grown", i);
        }
        ExpectStripsMatchPixels(m, "grown", i);
        // A copy owns its strips.
        const collide::Mask copy = m;
        ExpectStripsMatchPixels(copy, "copied", i);
    }
    const collide::Mask empty(70, 5);
    EXPECT_EQ(empty.StripCount(), 0);
    EXPECT_EQ(empty.MemoryBytes(), (5u * 3u + 1u) * 8u) << "an empty mask has no strips";
}

// The diagonal ranges the transformed query cuts a turned mask's corners with: exactly the set
// pixels' x + y and x - y, whatever built the mask (a range one too narrow drops real hits).
void ExpectDiagonalsMatchPixels(const collide::Mask& m, const char* what, int index) {
    int sumMin = INT32_MAX, sumMax = INT32_MIN, diffMin = INT32_MAX, diffMax = INT32_MIN;
    for (int y = 0; y < m.Height(); ++y) {
        for (int x = 0; x < m.Width(); ++x) {
            if (!m.Get(x, y)) continue;
            sumMin = std::min(sumMin, x + y), sumMax = std::max(sumMax, x + y);
            diffMin = std::min(diffMin, x - y), diffMax = std::max(diffMax, x - y);
        }
    }
    const collide::DiagonalBounds d = m.Diagonals();
    if (m.IsEmpty()) {
        EXPECT_LT(d.sumMax, d.sumMin) << what << " " << index;
        EXPECT_LT(d.diffMax, d.diffMin) << what << " " << index;
        return;
    }
    EXPECT_EQ(d.sumMin, sumMin) << what << " " << index;
    EXPECT_EQ(d.sumMax, sumMax) << what << " " << index;
    EXPECT_EQ(d.diffMin, diffMin) << what << " " << index;
    EXPECT_EQ(d.diffMax, diffMax) << what << " " << index;
}

TEST(Mask, DiagonalRangesHoldExactlyTheSetPixels) {
    const auto diamond = Build({
        ".....",
        "..b..",
        ".bbr.",
        "..b..",
    });
    EXPECT_EQ(diamond.any.Diagonals().sumMin, 3);    // (2, 1) and (1, 2)
    EXPECT_EQ(diamond.any.Diagonals().sumMax, 5);    // (3, 2) and (2, 3)
    EXPECT_EQ(diamond.any.Diagonals().diffMin, -1);  // (1, 2) and (2, 3)
    EXPECT_EQ(diamond.any.Diagonals().diffMax, 1);   // (2, 1) and (3, 2)
    EXPECT_EQ(diamond.attack.Diagonals().sumMin, 5);
    EXPECT_EQ(diamond.attack.Diagonals().diffMax, 1);

    std::mt19937_64 rng(23);
    for (int i = 0; i < 150; ++i) {
        const testmasks::Entry e = i % 2 == 0 ? testmasks::MakeEntry(rng, 200) : testmasks::MakeSmallEntry(rng);
        for (const Channel ch : {Channel::Any, Channel::Attack, Channel::Hurt}) {
            ExpectDiagonalsMatchPixels(e.masks.Get(ch), "built", i);
        }
    }
    for (int i = 0; i < 60; ++i) {
        const int w = 1 + static_cast<int>(rng() % 200), h = 1 + static_cast<int>(rng() % 40);
        collide::Mask m(w, h);
        ExpectDiagonalsMatchPixels(m, "empty", i);
        const int pixels = 1 + static_cast<int>(rng() % 80);
        for (int p = 0; p < pixels; ++p) {
            m.Set(static_cast<int>(rng() % static_cast<std::uint64_t>(w)),
                  static_cast<int>(rng() % static_cast<std::uint64_t>(h)));
            if (p % 8 == 0) ExpectDiagonalsMatchPixels(m, "grown", i);
        }
        ExpectDiagonalsMatchPixels(m, "grown", i);
        collide::Transform t;
        t.angleRadians = static_cast<double>(rng() % 628) / 100.0;
        t.anchorMaskX = w / 2.0, t.anchorMaskY = h / 2.0;
        ExpectDiagonalsMatchPixels(collide::BakeTransformed(m, collide::PlaceTransformed(m, t)).mask, "baked", i);
    }
}

TEST(Mask, StripsCostTwiceTheirBoundsInWords) {
    collide::Mask m(300, 20);
    m.Set(10, 2);
    m.Set(139, 17);  // bounds 130 x 16: three strips of 16 rows, twice
    EXPECT_EQ(m.StripCount(), 3);
    EXPECT_EQ(m.MemoryBytes(), ((6u * 20u + 1u) + 2u * 3u * 16u) * 8u);  // rows: 5 words + 1 guard
}

TEST(PointQuery, TransparentPixelsDoNotCountAndFlipMirrorsInsideTheBox) {
    const auto m = Build({
        "b...",
        "..r.",
    });
    const collide::Placement at{100, 50, Flip::None};
    EXPECT_TRUE(collide::IsHotAt(m.any, at, 100, 50));
    EXPECT_FALSE(collide::IsHotAt(m.any, at, 101, 50)) << "a click on air selects nothing";
    EXPECT_TRUE(collide::IsHotAt(m.attack, at, 102, 51));
    EXPECT_FALSE(collide::IsHotAt(m.any, at, 99, 50));
    EXPECT_FALSE(collide::IsHotAt(m.any, at, 104, 50));
    const collide::Placement mirrored{100, 50, Flip::Horizontal};
    EXPECT_TRUE(collide::IsHotAt(m.any, mirrored, 103, 50));
    EXPECT_TRUE(collide::IsHotAt(m.attack, mirrored, 101, 51));
    EXPECT_FALSE(collide::IsHotAt(m.any, mirrored, 100, 50));
    EXPECT_EQ(collide::PlacedBounds(m.any, mirrored), (Rect{101, 50, 3, 2}));
}

TEST(Rects, HalfOpenTouchingEdgesDoNotOverlap) {
    EXPECT_TRUE(collide::IntersectRects({0, 0, 10, 10}, {10, 0, 5, 5}).IsEmpty());
    EXPECT_TRUE(collide::IntersectRects({0, 0, 10, 10}, {0, 10, 5, 5}).IsEmpty());
    EXPECT_EQ(collide::IntersectRects({0, 0, 10, 10}, {9, 9, 5, 5}), (Rect{9, 9, 1, 1}));
    EXPECT_EQ(collide::IntersectRects({-5, -5, 10, 10}, {-20, 0, 100, 2}), (Rect{-5, 0, 10, 2}));
    EXPECT_EQ(collide::IntersectRects({0, 0, 0, 10}, {0, 0, 10, 10}), Rect{}) << "an empty rect overlaps nothing";
    EXPECT_EQ(collide::UniteRects(Rect{}, {1, 2, 3, 4}), (Rect{1, 2, 3, 4}));
    EXPECT_EQ(collide::UniteRects({0, 0, 1, 1}, {5, 5, 1, 1}), (Rect{0, 0, 6, 6}));
}

}  // namespace
