// Random hotmaps for differential tests: RGBA buffers with padding and a wider stride, holding
// noise or blobs in attack, hurt, key-coloured and alpha-0 pixels, each with its reference grid
// and the masks collide builds from the same bytes. Deterministic for a given generator state.
#pragma once

#include "collide/collide.h"
#include "reference.h"

#include <array>
#include <random>
#include <vector>

namespace testmasks {

/// A w x h mask with every pixel set.
inline collide::Mask Solid(int w, int h) {
    collide::Mask m(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) m.Set(x, y);
    return m;
}

struct Entry {
    std::vector<std::uint8_t> buffer;  // the padded RGBA buffer the masks were built from
    int strideBytes = 0;
    collide::Rect sub{};
    collide::Rgb key{};
    ref::Grid grid;
    collide::HotMasks masks;
};

inline int PickSide(std::mt19937_64& rng, int maxSide) {
    const int mode = static_cast<int>(rng() % 10);
    if (mode < 4) {  // around a multiple of 64: the word-boundary cases
        const int k = 1 + static_cast<int>(rng() % 4);
        return std::clamp(64 * k + static_cast<int>(rng() % 5) - 2, 1, maxSide);
    }
    if (mode < 7) return 1 + static_cast<int>(rng() % 40);
    return 1 + static_cast<int>(rng() % maxSide);
}

inline std::array<std::uint8_t, 4> HotColour(std::mt19937_64& rng, collide::Rgb key) {
    std::array<std::uint8_t, 4> c{};
    switch (rng() % 6) {
        case 0:
        case 1:
            c = {0xFF, 0x00, 0x00, 0xFF};
            break;  // attack
        case 2:
            c = {0xFE, 0x00, 0xFF, 0xFF};
            break;  // near-key: hurt, not air
        case 3:
            c = {0xFF, 0x00, 0x00, static_cast<std::uint8_t>(1 + rng() % 254)};
            break;  // translucent attack
        default:
            c = {static_cast<std::uint8_t>(rng()), static_cast<std::uint8_t>(rng()), static_cast<std::uint8_t>(rng()),
                 static_cast<std::uint8_t>(1 + rng() % 255)};
    }
    if (collide::Rgb{c[0], c[1], c[2]} == key) c[1] ^= 1;  // a random key may equal one of these
    return c;
}

inline std::array<std::uint8_t, 4> AirColour(std::mt19937_64& rng, collide::Rgb key) {
    switch (rng() % 3) {
        case 0:
            return {key.r, key.g, key.b, 0xFF};
        case 1:
            return {0xFF, 0x00, 0x00, 0x00};  // red but fully transparent: air
        default:
            return {static_cast<std::uint8_t>(rng()), static_cast<std::uint8_t>(rng()),
                    static_cast<std::uint8_t>(rng()), 0x00};
    }
}

inline collide::Rgb PickKey(std::mt19937_64& rng) {
    return (rng() % 5 == 0) ? collide::Rgb{static_cast<std::uint8_t>(rng()), static_cast<std::uint8_t>(rng()),
                                           static_cast<std::uint8_t>(rng())}
                            : collide::KEY_MAGENTA;
}

/// A w x h hotmap: noise or blobs of every kind of pixel, in a padded buffer.
inline Entry MakeEntryOfSize(std::mt19937_64& rng, collide::Rgb key, int w, int h) {
    Entry e;
    e.key = key;
    const int padL = static_cast<int>(rng() % 5), padT = static_cast<int>(rng() % 3);
    const int bufW = w + padL + static_cast<int>(rng() % 5), bufH = h + padT + static_cast<int>(rng() % 3);
    e.strideBytes = bufW * 4 + static_cast<int>(rng() % 3) * 4;
    e.sub = collide::Rect{padL, padT, w, h};
    e.buffer.assign(static_cast<std::size_t>(e.strideBytes) * bufH, 0);
    // The padding is hot so that reading outside the sub-rectangle would show.
    for (int y = 0; y < bufH; ++y) {
        for (int x = 0; x < bufW; ++x) {
            const auto c = HotColour(rng, e.key);
            std::copy(c.begin(), c.end(), e.buffer.begin() + y * e.strideBytes + x * 4);
        }
    }
    const int kind = static_cast<int>(rng() % 10);
    static constexpr double DENSITIES[] = {0.0005, 0.01, 0.1, 0.5, 0.9, 1.0};
    const double density = DENSITIES[rng() % 6];
    // Blobs: a few ellipses, the shape of real sprites.
    struct Blob {
        double cx, cy, rx, ry;
    };
    std::vector<Blob> blobs;
    for (int i = 0, n = 1 + static_cast<int>(rng() % 4); i < n; ++i) {
        blobs.push_back({double(rng() % (w + 1)), double(rng() % (h + 1)), 0.5 + double(rng() % (w + 1)) / 2,
                         0.5 + double(rng() % (h + 1)) / 2});
    }
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            bool hot = false;
            if (kind == 0) {
                hot = false;  // all air
            } else if (kind <= 4) {
                hot = unit(rng) < density;
            } else {
                for (const Blob& b : blobs) {
                    const double dx = (x + 0.5 - b.cx) / b.rx, dy = (y + 0.5 - b.cy) / b.ry;
                    hot = hot || dx * dx + dy * dy <= 1.0;
                }
            }
            const auto c = hot ? HotColour(rng, e.key) : AirColour(rng, e.key);
            std::copy(c.begin(), c.end(), e.buffer.begin() + (padT + y) * e.strideBytes + (padL + x) * 4);
        }
    }
    e.grid = ref::Classify(e.buffer.data(), e.strideBytes, e.sub, e.key);
    const collide::ImageView view{e.buffer.data(), bufW, bufH, e.strideBytes};
    e.masks = collide::BuildHotMasks(view, e.sub, e.key);
    return e;
}

/// A hotmap of sides 1 to maxSide, often around multiples of 64.
inline Entry MakeEntry(std::mt19937_64& rng, int maxSide = 300) {
    const collide::Rgb key = PickKey(rng);
    const int w = PickSide(rng, maxSide);
    const int h = PickSide(rng, maxSide);
    return MakeEntryOfSize(rng, key, w, h);
}

/// A small or narrow hotmap, the size of a game's sprites and of the overlaps their pairs make:
/// widths 1 to 130 (often a few pixels, about one word, or about two), heights 1 to 80.
inline Entry MakeSmallEntry(std::mt19937_64& rng) {
    const collide::Rgb key = PickKey(rng);
    int w = 0;
    switch (rng() % 4) {
        case 0:
            w = 1 + static_cast<int>(rng() % 8);
            break;
        case 1:
            w = 56 + static_cast<int>(rng() % 17);  // 56 .. 72
            break;
        case 2:
            w = 120 + static_cast<int>(rng() % 11);  // 120 .. 130
            break;
        default:
            w = 1 + static_cast<int>(rng() % 130);
    }
    const int h = 1 + static_cast<int>(rng() % 80);
    return MakeEntryOfSize(rng, key, w, h);
}

}  // namespace testmasks
