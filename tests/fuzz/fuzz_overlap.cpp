// libFuzzer target: the collision core against the brute-force reference (tests/reference.h).
// The bytes decode into two small hotmaps (up to 200 x 200, padded RGBA buffers with a key colour,
// rectangles, noise or checkerboards of air, hurt and attack; one axis-aligned case in four, two
// wide and short ones, 960 to 1,700 x 0 to 6), placements, flips, channels and
// transforms, always inside the documented preconditions (docs/collision.md: placements within
// +-2^30, Transform.scale in [1/16, 16], both anchors within +-2^20, finite numbers), their edges
// included. Depends on collide only.
// Checked: BuildMask/BuildHotMasks per pixel, tight bounds, the strips (both flips), PlacedBounds,
// IsHotAt, QueryOverlap in both modes and both orders (its narrow, two-window, wide and row paths),
// PlaceTransformed's exact bounds, IsHotAtTransformed, QueryTransformedOverlap and
// QueryTransformedPair against per-pixel sampling by the definition.
// Any disagreement prints the case and aborts.
#include "collide/collide.h"
#include "reference.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <span>
#include <string>
#include <vector>

namespace {

using collide::Channel;
using collide::Flip;
using collide::Mask;
using collide::Placement;
using collide::Point;
using collide::QueryMode;
using collide::Rect;
using collide::Rgb;
using collide::Transform;

constexpr int MAX_SIDE = 200;                                                  // small: the reference is per pixel
constexpr int WIDE_MIN_SIDE = 960, WIDE_MAX_SIDE = 1700, WIDE_MAX_HEIGHT = 6;  // wide and short, as cheap
constexpr double MAX_EXTENT_PX = 320.0;  // a transformed mask covers at most this many world pixels across

std::string g_case;  // what the current input decoded to, printed on a failure

[[noreturn]] void Fail(const std::string& what) {
    std::fprintf(stderr, "fuzz_overlap: disagreement with the reference: %s\ncase: %s\n", what.c_str(), g_case.c_str());
    std::fflush(stderr);
    std::abort();
}

std::string Str(Rect r) {
    return "{" + std::to_string(r.x) + "," + std::to_string(r.y) + "," + std::to_string(r.w) + "," +
           std::to_string(r.h) + "}";
}
std::string Str(Point p) {
    return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

// A box grown one pixel at a time (cheaper than UniteRects per pixel, and not the code under test).
struct BoxBuilder {
    int x0 = INT32_MAX, y0 = INT32_MAX, x1 = INT32_MIN, y1 = INT32_MIN;
    void Add(int x, int y) { x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y); }
    [[nodiscard]] Rect Get() const { return x1 < x0 ? Rect{} : Rect{x0, y0, x1 - x0 + 1, y1 - y0 + 1}; }
};

// ---- decoding the bytes into a hotmap --------------------------------------------------------

enum Cls : std::uint8_t { AIR, HURT, ATTACK };

struct Hotmap {
    std::vector<std::uint8_t> buffer;  // padded RGBA; the padding is hot so stray reads would show
    int strideBytes = 0;
    Rect sub{};
    Rgb key = collide::KEY_MAGENTA;
    ref::Grid grid;
    collide::HotMasks masks;
};

// Colours of a class, varied by pixel: exact and near-exact colours, alpha 0 with any RGB.
std::array<std::uint8_t, 4> Colour(Cls c, Rgb key, std::uint32_t variant) {
    const auto v = static_cast<std::uint8_t>(variant * 2654435761u >> 24);
    switch (c) {
        case AIR:
            if (variant % 3 == 0) return {0xFF, 0x00, 0x00, 0x00};  // transparent red: air
            if (variant % 3 == 1) return {v, static_cast<std::uint8_t>(v ^ 0x5A), 0x10, 0x00};
            return {key.r, key.g, key.b, static_cast<std::uint8_t>(variant % 2 ? 0xFF : 0x80)};
        case ATTACK:
            return {0xFF, 0x00, 0x00, static_cast<std::uint8_t>(variant % 2 ? 0xFF : 1 + v % 255)};
        case HURT:
        default: {
            std::array<std::uint8_t, 4> h{};
            switch (variant % 4) {
                case 0:
                    h = {0xFE, 0x00, 0xFF, 0xFF};
                    break;  // near-key: hurt
                case 1:
                    h = {0xFF, 0x00, 0x01, 0xFF};
                    break;  // near-attack: hurt
                case 2:
                    h = {0x28, 0x50, 0xDC, 0xFF};
                    break;
                default:
                    h = {v, static_cast<std::uint8_t>(v + 17), static_cast<std::uint8_t>(v * 3),
                         static_cast<std::uint8_t>(1 + v % 255)};
            }
            if (Rgb{h[0], h[1], h[2]} == key) h[1] ^= 1;  // a key from the bytes may equal it
            if (h[0] == 0xFF && h[1] == 0 && h[2] == 0) h[2] = 1;
            return h;
        }
    }
}

// wide: 960 to 1,700 x 0 to 6, so that two of them overlap by 16 words a row or more, where the
// AVX-512 VBMI2 build walks the masks' rows (collide/kernels.h, MakeRowWalk).
Hotmap DecodeHotmap(FuzzedDataProvider& in, bool wide) {
    Hotmap m;
    const int w =
        wide ? in.ConsumeIntegralInRange(WIDE_MIN_SIDE, WIDE_MAX_SIDE) : in.ConsumeIntegralInRange(0, MAX_SIDE);
    const int h = wide ? in.ConsumeIntegralInRange(0, WIDE_MAX_HEIGHT) : in.ConsumeIntegralInRange(0, MAX_SIDE);
    if (in.ConsumeIntegralInRange(0, 7) == 0) {
        m.key = Rgb{in.ConsumeIntegral<std::uint8_t>(), in.ConsumeIntegral<std::uint8_t>(),
                    in.ConsumeIntegral<std::uint8_t>()};
    }
    const int padL = in.ConsumeIntegralInRange(0, 3), padT = in.ConsumeIntegralInRange(0, 2);
    const int bufW = w + padL + in.ConsumeIntegralInRange(0, 3), bufH = h + padT + in.ConsumeIntegralInRange(0, 2);
    m.strideBytes = bufW * 4 + 4 * in.ConsumeIntegralInRange(0, 2);
    m.sub = Rect{padL, padT, w, h};
    m.buffer.assign(static_cast<std::size_t>(m.strideBytes) * std::max(bufH, 1), 0);
    for (int y = 0; y < bufH; ++y) {
        for (int x = 0; x < bufW; ++x) {
            const auto c = Colour(ATTACK, m.key, static_cast<std::uint32_t>(x * 7 + y));
            std::copy(c.begin(), c.end(), m.buffer.begin() + y * m.strideBytes + x * 4);
        }
    }
    std::vector<std::uint8_t> cls(static_cast<std::size_t>(w) * h, AIR);
    const auto at = [&](int x, int y) -> std::uint8_t& { return cls[static_cast<std::size_t>(y) * w + x]; };
    switch (in.ConsumeIntegralInRange(0, 3)) {
        case 0: {  // raw: two bits a pixel, the bytes repeated over the image
            // At most half of what is left, so the other mask and the placements get bytes too.
            const auto bytes = in.ConsumeBytes<std::uint8_t>(
                in.ConsumeIntegralInRange<std::size_t>(0, std::min<std::size_t>(256, in.remaining_bytes() / 2)));
            if (!bytes.empty()) {
                const std::size_t bits = bytes.size() * 8;
                for (std::size_t i = 0; i < cls.size(); ++i) {
                    const std::size_t b = (2 * i) % bits;
                    const int v =
                        ((bytes[b / 8] >> (b % 8)) & 1) | (((bytes[((b + 1) % bits) / 8] >> ((b + 1) % 8)) & 1) << 1);
                    cls[i] = static_cast<std::uint8_t>(v == 3 ? AIR : v);
                }
            }
            break;
        }
        case 1: {  // rectangles
            for (int n = in.ConsumeIntegralInRange(0, 6); n > 0 && w > 0 && h > 0; --n) {
                const auto c = static_cast<std::uint8_t>(in.ConsumeIntegralInRange(0, 2));
                const int x0 = in.ConsumeIntegralInRange(0, w - 1), y0 = in.ConsumeIntegralInRange(0, h - 1);
                const int x1 = in.ConsumeIntegralInRange(x0, w - 1), y1 = in.ConsumeIntegralInRange(y0, h - 1);
                for (int y = y0; y <= y1; ++y)
                    for (int x = x0; x <= x1; ++x) at(x, y) = c;
            }
            break;
        }
        case 2: {  // solid
            std::fill(cls.begin(), cls.end(), static_cast<std::uint8_t>(in.ConsumeIntegralInRange(0, 2)));
            break;
        }
        default: {  // checkerboard, the worst case of the kernels
            const int parity = in.ConsumeIntegralInRange(0, 1);
            const auto c = static_cast<std::uint8_t>(in.ConsumeIntegralInRange(1, 2));
            for (int y = 0; y < h; ++y)
                for (int x = 0; x < w; ++x) at(x, y) = ((x + y) & 1) == parity ? c : AIR;
        }
    }
    // A few single pixels flipped: lonely pixels at word edges.
    for (int n = in.ConsumeIntegralInRange(0, 4); n > 0 && w > 0 && h > 0; --n) {
        const int x = in.ConsumeIntegralInRange(0, w - 1), y = in.ConsumeIntegralInRange(0, h - 1);
        at(x, y) = static_cast<std::uint8_t>(in.ConsumeIntegralInRange(0, 2));
    }
    const std::uint32_t variantSeed = in.ConsumeIntegral<std::uint8_t>();
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const auto c =
                Colour(static_cast<Cls>(at(x, y)), m.key, variantSeed + static_cast<std::uint32_t>(y * 31 + x));
            std::copy(c.begin(), c.end(), m.buffer.begin() + (padT + y) * m.strideBytes + (padL + x) * 4);
        }
    }
    m.grid = ref::Classify(m.buffer.data(), m.strideBytes, m.sub, m.key);
    const collide::ImageView view{m.buffer.data(), bufW, bufH, m.strideBytes};
    m.masks = collide::BuildHotMasks(view, m.sub, m.key);
    // Every channel against the reference classes; BuildMask (one channel) must give the same
    // stored words as BuildHotMasks. Bits are read straight from the documented layout (bit i of
    // word k of a row is column 64k + i) so the check costs little beside the fuzzing.
    const Channel single = static_cast<Channel>(in.ConsumeIntegralInRange(0, 2));
    const Mask alone = collide::BuildMask(view, m.sub, m.key, single);
    for (const Channel ch : {Channel::Any, Channel::Attack, Channel::Hurt}) {
        const Mask& both = m.masks.Get(ch);
        if (both.Width() != w || both.Height() != h || both.WordsPerRow() != (w + 63) / 64) Fail("mask size");
        BoxBuilder tightBox;
        std::int64_t count = 0;
        for (int y = 0; y < h; ++y) {
            const std::uint64_t* row = both.RowWords(y);
            if (row[-1] != 0 || row[both.WordsPerRow()] != 0) Fail("a guard word is not zero");
            if (w % 64 != 0 && (row[both.WordsPerRow() - 1] >> (w % 64)) != 0) Fail("bits set past the width");
            for (int x = 0; x < w; ++x) {
                const bool want = m.grid.Hot(x, y, ch);
                if (((row[x >> 6] >> (x & 63)) & 1u) != static_cast<std::uint64_t>(want)) {
                    Fail("mask pixel " + Str(Point{x, y}) + " channel " + std::to_string(int(ch)) + " want " +
                         std::to_string(want));
                }
                if (want) tightBox.Add(x, y), ++count;
            }
            if (ch == single && !std::equal(row, row + both.WordsPerRow(), alone.RowWords(y)))
                Fail("BuildMask differs from BuildHotMasks");
        }
        const Rect tight = tightBox.Get();
        if (both.Bounds() != tight) Fail("tight bounds " + Str(both.Bounds()) + " want " + Str(tight));
        // The query's copy: the tight bounds in 64-pixel column strips, as stored and mirrored
        // (collide.h), every bit the pixel it stands for.
        if (both.StripCount() != (tight.w + 63) / 64) Fail("strip count");
        for (const Flip flip : {Flip::None, Flip::Horizontal}) {
            for (int k = 0; k < both.StripCount(); ++k) {
                const std::uint64_t* strip = both.StripWords(flip, k);
                for (int r = 0; r < tight.h; ++r) {
                    for (int i = 0; i < 64; ++i) {
                        const int col = 64 * k + i;
                        const int x = flip == Flip::None ? tight.x + col : tight.Right() - 1 - col;
                        const bool want = col < tight.w && m.grid.Hot(x, tight.y + r, ch);
                        if (((strip[r] >> i) & 1u) != static_cast<std::uint64_t>(want))
                            Fail("strip " + std::to_string(k) + " flip " + std::to_string(int(flip)) + " row " +
                                 std::to_string(r) + " bit " + std::to_string(i));
                    }
                }
            }
        }
        if (both.CountSetPixels() != count) Fail("CountSetPixels");
        if (ch == single && (alone.Bounds() != tight || alone.Width() != w || alone.Height() != h))
            Fail("BuildMask bounds or size");
    }
    return m;
}

Channel DecodeChannel(FuzzedDataProvider& in) {
    return static_cast<Channel>(in.ConsumeIntegralInRange(0, 2));
}
Flip DecodeFlip(FuzzedDataProvider& in) {
    return in.ConsumeBool() ? Flip::Horizontal : Flip::None;
}

// A base for the world positions within +-limit: the origin, either edge of the range, or anywhere.
std::int32_t DecodeBase(FuzzedDataProvider& in, std::int32_t limit) {
    switch (in.ConsumeIntegralInRange(0, 4)) {
        case 0:
            return -limit + 1024;
        case 1:
            return limit - 1024;
        case 2:
            return in.ConsumeIntegralInRange(-limit + 1024, limit - 1024);
        default:
            return 0;
    }
}

// ---- the axis-aligned query ------------------------------------------------------------------

void CheckAxisAligned(const Mask& ma, const ref::Placed& ra, Placement pa, const Mask& mb, const ref::Placed& rb,
                      Placement pb, std::size_t room) {
    const Rect tightA = ra.TightBounds(), tightB = rb.TightBounds();
    if (collide::PlacedBounds(ma, pa) != tightA)
        Fail("PlacedBounds(a) " + Str(collide::PlacedBounds(ma, pa)) + " want " + Str(tightA));
    if (collide::PlacedBounds(mb, pb) != tightB) Fail("PlacedBounds(b)");
    if (collide::PlacedImageBox(ma, pa) != ra.ImageBox()) Fail("PlacedImageBox(a)");
    const ref::Result want = ref::Overlap(ra, rb, tightA, tightB, true);
    std::vector<Point> pixels(room);
    const auto full = collide::QueryOverlap(ma, pa, mb, pb, QueryMode::CountAll, pixels);
    const auto early = collide::QueryOverlap(ma, pa, mb, pb, QueryMode::FirstHit);
    const auto swapped = collide::QueryOverlap(mb, pb, ma, pa, QueryMode::CountAll);
    const auto describe = [&](const char* which, const collide::OverlapResult& r) {
        return std::string(which) + ": hit " + std::to_string(r.hit) + " first " + Str(r.first) + " count " +
               std::to_string(r.pixelCount) + " overlap " + Str(r.overlap) + "; want hit " + std::to_string(want.hit) +
               " first " + Str(want.first) + " count " + std::to_string(want.count) + " overlap " + Str(want.overlap);
    };
    for (const auto* r : {&full, &early, &swapped}) {
        const char* which = r == &full    ? "QueryOverlap CountAll"
                            : r == &early ? "QueryOverlap FirstHit"
                                          : "QueryOverlap CountAll (b, a)";
        if (r->hit != want.hit || r->overlap != want.overlap || (want.hit && r->first != want.first))
            Fail(describe(which, *r));
        if (r != &early && r->pixelCount != want.count) Fail(describe(which, *r));
    }
    if (early.pixelCount != 0 || early.pixelsWritten != 0) Fail("FirstHit must leave pixelCount and pixelsWritten 0");
    const auto written = static_cast<std::size_t>(std::min<std::int64_t>(want.count, static_cast<std::int64_t>(room)));
    if (static_cast<std::size_t>(full.pixelsWritten) != written)
        Fail("pixelsWritten " + std::to_string(full.pixelsWritten));
    for (std::size_t i = 0; i < written; ++i) {
        if (pixels[i] != want.pixels[i])
            Fail("pixelsOut[" + std::to_string(i) + "] " + Str(pixels[i]) + " want " + Str(want.pixels[i]));
    }
    // Mouse picking: every pixel of A's image box and a ring around it.
    const Rect box = ra.ImageBox();
    for (int y = box.y - 1; y <= box.Bottom(); ++y) {
        for (int x = box.x - 1; x <= box.Right(); ++x) {
            if (collide::IsHotAt(ma, pa, x, y) != ra.HotWorld(x, y)) Fail("IsHotAt " + Str(Point{x, y}));
        }
    }
}

// ---- the transformed queries -----------------------------------------------------------------

Transform DecodeTransform(FuzzedDataProvider& in, const ref::Grid& g, std::int32_t base) {
    Transform t;
    switch (in.ConsumeIntegralInRange(0, 3)) {
        case 0:
            t.angleRadians = in.ConsumeIntegralInRange(-8, 8) * std::numbers::pi / 4;
            break;
        case 1:
            t.angleRadians = in.ConsumeIntegralInRange(-2000, 2000) * 1e-12;
            break;  // near axis-aligned
        default:
            t.angleRadians = -7.0 + 14.0 * in.ConsumeProbability<double>();
    }
    static constexpr double EXACT_SCALES[] = {1.0 / 16, 0.125, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 8.0, 16.0};
    if (in.ConsumeBool()) {
        t.scale = EXACT_SCALES[in.ConsumeIntegralInRange<std::size_t>(0, std::size(EXACT_SCALES) - 1)];
    } else {
        t.scale = std::exp2(-4.0 + 8.0 * in.ConsumeProbability<double>());  // log-uniform in [1/16, 16]
    }
    // Anchors: whole pixels, quarter pixels or anywhere, from a pixel outside the mask to beyond it;
    // one mask anchor in eight anywhere within the documented +-2^20 (the mask lands far away).
    const auto anchor = [&](int side) {
        const int whole = in.ConsumeIntegralInRange(-side, 2 * side);
        switch (in.ConsumeIntegralInRange(0, 2)) {
            case 0:
                return double(whole);
            case 1:
                return whole + in.ConsumeIntegralInRange(0, 3) / 4.0;
            default:
                return whole + in.ConsumeProbability<double>();
        }
    };
    const auto maskAnchor = [&](int side) {
        if (in.ConsumeIntegralInRange(0, 7) != 0) return anchor(side);
        const double far = std::exp2(20.0 * in.ConsumeProbability<double>());  // 1 to 2^20, log-uniform
        return std::clamp((in.ConsumeBool() ? far : -far) + in.ConsumeIntegralInRange(0, 3) / 4.0,
                          -Transform::MAX_ABS_WORLD, Transform::MAX_ABS_WORLD);
    };
    t.anchorMaskX = maskAnchor(g.w);
    t.anchorMaskY = maskAnchor(g.h);
    t.anchorWorldX = base + anchor(256) - 128;
    t.anchorWorldY = base + anchor(256) - 128;
    t.flip = DecodeFlip(in);
    // Keep the picture small: the mask's diagonal, scaled, within MAX_EXTENT_PX.
    const double diagonal = std::hypot(g.w, g.h);
    if (diagonal * t.scale > MAX_EXTENT_PX) t.scale = std::max(Transform::MIN_SCALE, MAX_EXTENT_PX / diagonal);
    return t;
}

std::string Str(const Transform& t) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "Transform{anchorMask %.17g,%.17g anchorWorld %.17g,%.17g angle %.17g scale %.17g flip %d}",
                  t.anchorMaskX, t.anchorMaskY, t.anchorWorldX, t.anchorWorldY, t.angleRadians, t.scale, int(t.flip));
    return buf;
}

// The world pixels a transformed mask can reach, with a margin: the region the reference scans.
// The mask's corners mapped forward (world = R * S * M * (mask - anchorMask) + anchorWorld), padded
// by 3 px; Sampled checks that no sample inside the mask lands on the region's edge.
Rect Region(const Transform& t, const ref::Grid& g) {
    const double c = std::cos(t.angleRadians), s = std::sin(t.angleRadians);
    const double mirror = t.flip == Flip::Horizontal ? -1.0 : 1.0;
    double x0 = t.anchorWorldX, x1 = x0, y0 = t.anchorWorldY, y1 = y0;
    for (const double mx : {0.0, double(g.w)}) {
        for (const double my : {0.0, double(g.h)}) {
            const double dx = mirror * (mx - t.anchorMaskX) * t.scale, dy = (my - t.anchorMaskY) * t.scale;
            const double wx = c * dx - s * dy + t.anchorWorldX, wy = s * dx + c * dy + t.anchorWorldY;
            if (mx == 0.0 && my == 0.0) x0 = x1 = wx, y0 = y1 = wy;
            x0 = std::min(x0, wx), x1 = std::max(x1, wx), y0 = std::min(y0, wy), y1 = std::max(y1, wy);
        }
    }
    const int rx0 = static_cast<int>(std::floor(x0)) - 3, rx1 = static_cast<int>(std::ceil(x1)) + 3;
    const int ry0 = static_cast<int>(std::floor(y0)) - 3, ry1 = static_cast<int>(std::ceil(y1)) + 3;
    return Rect{rx0, ry0, rx1 - rx0 + 1, ry1 - ry0 + 1};
}

// The reference's view of one transformed mask, sampled once per world pixel of its region by
// the definition (docs/collision.md) in 128-bit arithmetic, so nothing can overflow: bit 0 "the
// sample lands in the tight bounds", bit 1 "the sample is hot". collide works in int64 with
// shifts; the two must agree on every pixel.
struct Sampled {
    const collide::TransformedPlacement* placed = nullptr;
    Rect region{};
    Rect bounds{};  // the exact world bounds by the definition
    std::vector<std::uint8_t> table;

    Sampled(const Mask& mask, const ref::Grid& grid, Channel channel, const collide::TransformedPlacement& p, Rect r)
        : placed(&p), region(r), table(static_cast<std::size_t>(r.w) * r.h) {
        const Rect tight = ref::Placed{&grid, channel, 0, 0, false}.TightBounds();
        const __int128 one = __int128{1} << 32;
        BoxBuilder box;
        for (int y = r.y; y < r.Bottom(); ++y) {
            for (int x = r.x; x < r.Right(); ++x) {
                const __int128 dx = x - p.originWorldX, dy = y - p.originWorldY;
                const __int128 u = p.u0 + dx * p.uPerX + dy * p.uPerY;
                const __int128 v = p.v0 + dx * p.vPerX + dy * p.vPerY;
                // floor(u / 2^32), written as a division (rounding toward zero, then fixed).
                const __int128 mx = u / one - ((u % one != 0) && (u < 0));
                const __int128 my = v / one - ((v % one != 0) && (v < 0));
                const bool inTight = mx >= tight.x && mx < tight.Right() && my >= tight.y && my < tight.Bottom();
                const bool hot = inTight && grid.Hot(static_cast<int>(mx), static_cast<int>(my), channel);
                if (collide::IsHotAtTransformed(mask, p, x, y) != hot) Fail("IsHotAtTransformed " + Str(Point{x, y}));
                if (!inTight) continue;
                if (x == r.x || y == r.y || x == r.Right() - 1 || y == r.Bottom() - 1) {
                    Fail("harness: the reference region is too small (a sample lands in the mask on its edge)");
                }
                table[static_cast<std::size_t>(y - r.y) * r.w + (x - r.x)] =
                    static_cast<std::uint8_t>(1 | (hot ? 2 : 0));
                box.Add(x, y);
            }
        }
        bounds = box.Get();
    }
    [[nodiscard]] bool Hot(int x, int y) const {
        return region.Contains(x, y) &&
               (table[static_cast<std::size_t>(y - region.y) * region.w + (x - region.x)] & 2) != 0;
    }
};

void CompareResults(const char* which, const collide::OverlapResult& full, const collide::OverlapResult& early,
                    const ref::Result& want, const std::vector<Point>& pixels, std::size_t room) {
    for (const auto* r : {&full, &early}) {
        if (r->hit != want.hit || r->overlap != want.overlap || (want.hit && r->first != want.first) ||
            (r == &full && r->pixelCount != want.count)) {
            Fail(std::string(which) + (r == &full ? " CountAll" : " FirstHit") + ": hit " + std::to_string(r->hit) +
                 " first " + Str(r->first) + " count " + std::to_string(r->pixelCount) + " overlap " + Str(r->overlap) +
                 "; want hit " + std::to_string(want.hit) + " first " + Str(want.first) + " count " +
                 std::to_string(want.count) + " overlap " + Str(want.overlap));
        }
    }
    if (early.pixelCount != 0 || early.pixelsWritten != 0)
        Fail(std::string(which) + " FirstHit must leave pixelCount 0");
    const auto written = static_cast<std::size_t>(std::min<std::int64_t>(want.count, static_cast<std::int64_t>(room)));
    if (static_cast<std::size_t>(full.pixelsWritten) != written) Fail(std::string(which) + " pixelsWritten");
    for (std::size_t i = 0; i < written; ++i) {
        if (pixels[i] != want.pixels[i])
            Fail(std::string(which) + " pixelsOut[" + std::to_string(i) + "] " + Str(pixels[i]) + " want " +
                 Str(want.pixels[i]));
    }
}

void CheckTransformed(const Mask& ma, const Sampled& sa, const Mask& mb, const ref::Placed& rb, Placement pb,
                      std::size_t room) {
    if (sa.placed->boundsWorld != sa.bounds) {
        Fail("PlaceTransformed boundsWorld " + Str(sa.placed->boundsWorld) + " want " + Str(sa.bounds));
    }
    ref::Result want;
    want.overlap = ref::Intersect(sa.bounds, rb.TightBounds());
    const Rect scan = ref::Intersect(sa.region, rb.ImageBox());
    for (int y = scan.y; y < scan.Bottom(); ++y) {
        for (int x = scan.x; x < scan.Right(); ++x) {
            if (sa.Hot(x, y) && rb.HotWorld(x, y)) {
                if (!want.hit) want.first = Point{x, y};
                want.hit = true;
                ++want.count;
                want.pixels.push_back(Point{x, y});
            }
        }
    }
    std::vector<Point> pixels(room);
    const auto full = collide::QueryTransformedOverlap(ma, *sa.placed, mb, pb, QueryMode::CountAll, pixels);
    const auto early = collide::QueryTransformedOverlap(ma, *sa.placed, mb, pb, QueryMode::FirstHit);
    CompareResults("QueryTransformedOverlap", full, early, want, pixels, room);
}

void CheckTransformedPair(const Mask& ma, const Sampled& sa, const Mask& mb, const Sampled& sb, std::size_t room) {
    if (sa.placed->boundsWorld != sa.bounds)
        Fail("PlaceTransformed(a) boundsWorld " + Str(sa.placed->boundsWorld) + " want " + Str(sa.bounds));
    if (sb.placed->boundsWorld != sb.bounds)
        Fail("PlaceTransformed(b) boundsWorld " + Str(sb.placed->boundsWorld) + " want " + Str(sb.bounds));
    ref::Result want;
    want.overlap = ref::Intersect(sa.bounds, sb.bounds);
    const Rect scan = ref::Intersect(sa.region, sb.region);
    for (int y = scan.y; y < scan.Bottom(); ++y) {
        for (int x = scan.x; x < scan.Right(); ++x) {
            if (sa.Hot(x, y) && sb.Hot(x, y)) {
                if (!want.hit) want.first = Point{x, y};
                want.hit = true;
                ++want.count;
                want.pixels.push_back(Point{x, y});
            }
        }
    }
    std::vector<Point> pixels(room);
    const auto full = collide::QueryTransformedPair(ma, *sa.placed, mb, *sb.placed, QueryMode::CountAll, pixels);
    const auto early = collide::QueryTransformedPair(ma, *sa.placed, mb, *sb.placed, QueryMode::FirstHit);
    CompareResults("QueryTransformedPair", full, early, want, pixels, room);
}

}  // namespace

// HOTMAP_FUZZ_VERBOSE=1 prints each case as decoded (to see what an input means).
void Report(const collide::OverlapResult& r) {
    static const bool verbose = std::getenv("HOTMAP_FUZZ_VERBOSE") != nullptr;
    if (verbose)
        std::fprintf(stderr, "case: %s -> hit %d, %lld pixels\n", g_case.c_str(), int(r.hit),
                     static_cast<long long>(r.pixelCount));
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    // The decisions that shape the case come first, so a mutation of the leading bytes changes
    // the kind of case and the trailing ones the pixels.
    const bool transformed = in.ConsumeBool();
    const bool pair = transformed && in.ConsumeBool();
    const bool wide = !transformed && in.ConsumeIntegralInRange(0, 3) == 0;
    const auto room = static_cast<std::size_t>(in.ConsumeBool() ? in.ConsumeIntegralInRange(0, 8)
                                                                : in.ConsumeIntegralInRange(0, 50000));
    const Hotmap a = DecodeHotmap(in, wide);
    const Hotmap b = DecodeHotmap(in, wide);
    const Channel chA = DecodeChannel(in), chB = DecodeChannel(in);
    const auto describe = [&](Placement pa, Placement pb) {
        return "A " + std::to_string(a.grid.w) + "x" + std::to_string(a.grid.h) + " ch " + std::to_string(int(chA)) +
               " at " + Str(Point{pa.worldX, pa.worldY}) + " flip " + std::to_string(int(pa.flip)) + ", B " +
               std::to_string(b.grid.w) + "x" + std::to_string(b.grid.h) + " ch " + std::to_string(int(chB)) + " at " +
               Str(Point{pb.worldX, pb.worldY}) + " flip " + std::to_string(int(pb.flip)) + ", room " +
               std::to_string(room);
    };
    const Mask& ma = a.masks.Get(chA);
    const Mask& mb = b.masks.Get(chB);

    if (!transformed) {
        // Placements anywhere in the documented world, +-Placement::MAX_ABS_WORLD_PX.
        const std::int32_t base = DecodeBase(in, Placement::MAX_ABS_WORLD_PX);
        const Placement pa{base + in.ConsumeIntegralInRange(-256, 256), base + in.ConsumeIntegralInRange(-256, 256),
                           DecodeFlip(in)};
        const Placement pb{base + in.ConsumeIntegralInRange(-256, 256), base + in.ConsumeIntegralInRange(-256, 256),
                           DecodeFlip(in)};
        g_case = describe(pa, pb);
        const ref::Placed ra{&a.grid, chA, pa.worldX, pa.worldY, pa.flip == Flip::Horizontal};
        const ref::Placed rb{&b.grid, chB, pb.worldX, pb.worldY, pb.flip == Flip::Horizontal};
        CheckAxisAligned(ma, ra, pa, mb, rb, pb, room);
        Report(collide::QueryOverlap(ma, pa, mb, pb, QueryMode::CountAll));
        return 0;
    }
    // Anchors within the documented +-Transform::MAX_ABS_WORLD.
    const std::int32_t base = DecodeBase(in, static_cast<std::int32_t>(Transform::MAX_ABS_WORLD));
    const Transform ta = DecodeTransform(in, a.grid, base);
    const Rect regionA = Region(ta, a.grid);
    // B (axis-aligned) around where A landed, which a far anchorMask puts far from the anchor.
    const Placement pb{regionA.x + regionA.w / 2 + in.ConsumeIntegralInRange(-200, 200) - b.grid.w / 2,
                       regionA.y + regionA.h / 2 + in.ConsumeIntegralInRange(-200, 200) - b.grid.h / 2, DecodeFlip(in)};
    g_case = describe(Placement{}, pb) + ", A under " + Str(ta);
    const auto placedA = collide::PlaceTransformed(ma, ta);
    const Sampled sa(ma, a.grid, chA, placedA, regionA);
    if (!pair) {
        const ref::Placed rb{&b.grid, chB, pb.worldX, pb.worldY, pb.flip == Flip::Horizontal};
        CheckTransformed(ma, sa, mb, rb, pb, room);
        Report(collide::QueryTransformedOverlap(ma, placedA, mb, pb, QueryMode::CountAll));
        return 0;
    }
    const Transform tb = DecodeTransform(in, b.grid, base);
    const auto placedB = collide::PlaceTransformed(mb, tb);
    g_case += ", B under " + Str(tb);
    const Sampled sb(mb, b.grid, chB, placedB, Region(tb, b.grid));
    CheckTransformedPair(ma, sa, mb, sb, room);
    Report(collide::QueryTransformedPair(ma, placedA, mb, placedB, QueryMode::CountAll));
    return 0;
}
