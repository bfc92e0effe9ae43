// The project's two small number tools, each written once: FNV-1a (64-bit) for hashes of states,
// definitions and scenes, and SplitMix64 for every seeded sequence (the fight's PRNG, the bumper
// scene's set-up, tests' random inputs). Integer arithmetic only, so every machine agrees.
#pragma once

#include <cstdint>

namespace game {

/// 64-bit FNV-1a, fed byte by byte. Multi-byte values go in little-endian, whatever the machine.
class Fnv1a64 {
public:
    static constexpr std::uint64_t OFFSET_BASIS = 0xCBF29CE484222325ull;
    static constexpr std::uint64_t PRIME = 0x100000001B3ull;

    void Byte(std::uint8_t b) {
        value_ ^= b;
        value_ *= PRIME;
    }
    void U64(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) Byte(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void I32(std::int32_t v) {
        const auto u = static_cast<std::uint32_t>(v);
        for (int i = 0; i < 4; ++i) Byte(static_cast<std::uint8_t>(u >> (8 * i)));
    }
    /// A whole 64-bit hash folded in as one step (how the fighter hashes combine into a roster's).
    void Combine(std::uint64_t h) {
        value_ ^= h;
        value_ *= PRIME;
    }
    [[nodiscard]] std::uint64_t Value() const { return value_; }

private:
    std::uint64_t value_ = OFFSET_BASIS;
};

/// SplitMix64: advances `state` by the golden-ratio increment and returns the mixed value.
[[nodiscard]] constexpr std::uint64_t SplitMix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

}  // namespace game
