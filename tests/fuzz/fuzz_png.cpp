// libFuzzer target: any bytes as a PNG file. assets::DecodePng must return an Image or an Error,
// never crash or leak; an Image goes on to collide::BuildHotMasks. Depends on assets (SDL_image,
// libpng) and collide. Invariants checked on every decoded image: the sides are within
// MAX_IMAGE_SIDE_PX, the buffer holds w * h * 4 bytes, every mask is w x h, attack | hurt == any
// (and attack & hurt is empty), each pixel's class is the one docs/collision.md gives its RGBA
// bytes, and each mask's tight bounds are exactly the box of its set pixels. The loader's fast
// decode (png_batch.h) runs on the same bytes and must give DecodePng's image whenever both decode.
// A custom mutator rewrites the chunk CRCs after most mutations: the loader rejects a bad CRC
// before libpng sees a byte, so without it almost every mutant would stop at the CRC check.
#include "assets/assets.h"
#include "assets/png_batch.h"
#include "collide/collide.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

[[noreturn]] void Fail(const char* what, int x = -1, int y = -1) {
    std::fprintf(stderr, "fuzz_png: invariant broken: %s (pixel %d,%d)\n", what, x, y);
    std::abort();
}

void Check(bool ok, const char* what, int x = -1, int y = -1) {
    if (!ok) Fail(what, x, y);
}

// The box around every set pixel, found by looking at each one.
collide::Rect BruteBounds(const collide::Mask& m) {
    int x0 = m.Width(), y0 = m.Height(), x1 = -1, y1 = -1;
    for (int y = 0; y < m.Height(); ++y) {
        for (int x = 0; x < m.Width(); ++x) {
            if (m.Get(x, y)) x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
        }
    }
    return x1 < 0 ? collide::Rect{} : collide::Rect{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

// Recomputes the CRC of every complete chunk after the signature (the chunk layout PNG defines:
// 4-byte big-endian length, 4-byte type, data, CRC-32 over type and data).
void FixChunkCrcs(std::uint8_t* data, std::size_t size) {
    static const std::uint8_t SIGNATURE[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (size < 8 || !std::equal(SIGNATURE, SIGNATURE + 8, data)) return;
    for (std::size_t at = 8; at + 12 <= size;) {
        const std::uint32_t length = (std::uint32_t{data[at]} << 24) | (std::uint32_t{data[at + 1]} << 16) |
                                     (std::uint32_t{data[at + 2]} << 8) | data[at + 3];
        if (length > size || at + 12 + length > size) return;
        std::uint32_t crc = 0xFFFFFFFFu;
        for (std::size_t i = at + 4; i < at + 8 + length; ++i) {
            crc ^= data[i];
            for (int k = 0; k < 8; ++k) crc = (crc & 1) ? 0xEDB88320u ^ (crc >> 1) : crc >> 1;
        }
        crc = ~crc;
        std::uint8_t* out = data + at + 8 + length;
        out[0] = static_cast<std::uint8_t>(crc >> 24), out[1] = static_cast<std::uint8_t>(crc >> 16);
        out[2] = static_cast<std::uint8_t>(crc >> 8), out[3] = static_cast<std::uint8_t>(crc);
        at += 12 + length;
    }
}

}  // namespace

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t maxSize);

// One mutant in eight keeps whatever CRCs the mutation left (the loader's own CRC check is
// fuzzed too); the rest get their CRCs fixed so the mutation reaches libpng.
extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t maxSize,
                                               unsigned int seed) {
    size = LLVMFuzzerMutate(data, size, maxSize);
    if (seed % 8 != 0) FixChunkCrcs(data, size);
    return size;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto decoded = assets::DecodePng(data, size, "fuzz.png");
    // The loader's fast way (png_batch.h: libdeflate and our own unfiltering) on the same bytes:
    // never a crash, a well-formed image when it decodes, and DecodePng's very bytes whenever
    // DecodePng decodes too. (Bytes only zlib refuses, which libdeflate inflates, are its one known
    // gap: docs/reliability.md.)
    static assets::PngScratch scratch;  // one thread, reused as the loader's threads do
    std::vector<std::uint8_t> fast{1, 2, 3};
    if (const auto fastSize = assets::DecodeRgba8PngInto(data, size, fast, scratch)) {
        Check(fastSize->widthPx >= 1 && fastSize->heightPx >= 1 && fastSize->widthPx <= assets::MAX_IMAGE_SIDE_PX &&
                  fastSize->heightPx <= assets::MAX_IMAGE_SIDE_PX,
              "the fast way's size within limits");
        Check(fast.size() == static_cast<std::size_t>(fastSize->widthPx) * fastSize->heightPx * 4,
              "the fast way's w * h * 4 bytes");
        if (decoded.Ok()) {
            Check(decoded.Value().widthPx == fastSize->widthPx && decoded.Value().heightPx == fastSize->heightPx &&
                      decoded.Value().rgba == fast,
                  "the fast way decodes what DecodePng decodes");
        }
    }
    if (!decoded.Ok()) {
        const assets::Error& e = decoded.GetError();
        Check(e.file == "fuzz.png", "an Error names the file it was given");
        Check(!e.message.empty(), "an Error has a message");
        Check(e.code == assets::ErrorCode::NotPng || e.code == assets::ErrorCode::CorruptPng ||
                  e.code == assets::ErrorCode::TooLarge,
              "a decode Error is NotPng, CorruptPng or TooLarge");
        return 0;
    }
    const assets::Image& image = decoded.Value();
    const int w = image.widthPx, h = image.heightPx;
    Check(w >= 1 && h >= 1 && w <= assets::MAX_IMAGE_SIDE_PX && h <= assets::MAX_IMAGE_SIDE_PX, "size within limits");
    Check(image.rgba.size() == static_cast<std::size_t>(w) * h * 4, "w * h * 4 bytes of RGBA");

    const collide::HotMasks masks = collide::BuildHotMasks(image.View());
    for (const collide::Mask* m : {&masks.attack, &masks.hurt, &masks.any}) {
        Check(m->Width() == w && m->Height() == h, "each mask is the image's size");
    }
    // Per pixel: the class from the bytes (docs/collision.md) and the three masks agree.
    // Big images are checked on a stride so a 4096 x 4096 input does not take seconds.
    const int step = (static_cast<std::int64_t>(w) * h > (1 << 20)) ? 7 : 1;
    for (int y = 0; y < h; y += (step == 1 ? 1 : 3)) {
        for (int x = 0; x < w; x += step) {
            const std::uint8_t* p = image.rgba.data() + (static_cast<std::size_t>(y) * w + x) * 4;
            const bool air = p[3] == 0 || (p[0] == 0xFF && p[1] == 0x00 && p[2] == 0xFF);
            const bool attack = !air && p[0] == 0xFF && p[1] == 0x00 && p[2] == 0x00;
            const bool a = masks.attack.Get(x, y), hu = masks.hurt.Get(x, y), any = masks.any.Get(x, y);
            Check((a || hu) == any, "attack | hurt == any", x, y);
            Check(!(a && hu), "attack & hurt is empty", x, y);
            Check(any == !air, "any is set exactly where the pixel is not air", x, y);
            Check(a == attack, "attack is set exactly where the pixel is FF0000 with alpha > 0", x, y);
        }
    }
    for (const collide::Mask* m : {&masks.attack, &masks.hurt, &masks.any}) {
        const collide::Rect b = m->Bounds();
        if (step == 1) Check(b == BruteBounds(*m), "tight bounds are the box of the set pixels");
        Check(b.IsEmpty() ? b == collide::Rect{} : (b.x >= 0 && b.y >= 0 && b.Right() <= w && b.Bottom() <= h),
              "bounds inside the mask (empty: Rect{})");
    }
    Check(masks.any.CountSetPixels() == masks.attack.CountSetPixels() + masks.hurt.CountSetPixels(),
          "|any| == |attack| + |hurt|");
    Check(collide::UniteRects(masks.attack.Bounds(), masks.hurt.Bounds()) == masks.any.Bounds(),
          "bounds(any) == bounds(attack) united with bounds(hurt)");
    return 0;
}
