// sfxgen's synthesis kit: mono buffers of doubles at one rate, oscillators with exponential pitch
// sweeps, seeded noise, a state-variable filter whose cutoff can sweep, envelopes, saturation, a
// small reverb, and the conversion to 16-bit samples. Deterministic: no clock, no global state,
// noise from a seeded SplitMix64, so one binary always writes the same bytes.
#pragma once

#include "assets/sound.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace sfxgen {

/// Every effect and both loops are rendered at this rate (mono).
inline constexpr int RATE_HZ = 22050;

using Buffer = std::vector<double>;

/// A seeded noise source (SplitMix64): the same seed, the same noise.
class Rng {
public:
    explicit Rng(std::uint64_t seed) : state_(seed) {}
    /// Uniform in [-1, 1).
    double Next();

private:
    std::uint64_t state_;
};

/// Samples in `seconds` (rounded to the nearest sample).
[[nodiscard]] std::size_t Samples(double seconds);
[[nodiscard]] Buffer Silence(double seconds);

enum class Wave { Sine, Square, Saw, Triangle };

/// A tone whose frequency moves from f0Hz to f1Hz over its length along an exponential curve;
/// `curve` > 1 makes most of the sweep happen early (a drum's pitch drop), < 1 late. Saw and square
/// are band-limited by PolyBLEP, so high notes do not alias into whistles.
[[nodiscard]] Buffer Tone(Wave wave, double seconds, double f0Hz, double f1Hz, double curve = 1.0);
/// A tone whose frequency is `hz(t)` at t seconds (vibrato, slides).
[[nodiscard]] Buffer ToneBy(Wave wave, double seconds, const std::function<double(double)>& hz);
/// White noise in [-1, 1).
[[nodiscard]] Buffer Noise(double seconds, Rng& rng);

enum class Pass { Low, Band, High };
/// A resonant state-variable filter (TPT form, stable at any cutoff) whose cutoff sweeps
/// exponentially from cut0Hz to cut1Hz over the buffer; q 0.5 (soft) to 10 (ringing).
[[nodiscard]] Buffer Filter(const Buffer& in, Pass pass, double cut0Hz, double cut1Hz, double q = 0.707);
/// The same with the cutoff given per sample by `cutHz(t)`, t in seconds.
[[nodiscard]] Buffer FilterBy(const Buffer& in, Pass pass, const std::function<double(double)>& cutHz, double q);

/// Multiplies by a linear attack then an exponential decay that halves every `halfLife` seconds.
void Percussive(Buffer& b, double attack, double halfLife);
/// Attack, decay to `sustain`, hold until `release` seconds before the end, release to 0 (linear
/// segments; the classic ADSR of a held note).
void Adsr(Buffer& b, double attack, double decay, double sustain, double release);
/// Multiplies each sample by `gain(t)`, t in seconds.
void Shape(Buffer& b, const std::function<double(double)>& gain);
/// Raised-cosine fades at both ends: no click where a sound starts or stops.
void FadeEdges(Buffer& b, double inSeconds, double outSeconds);
/// Adds `b` times `gain` into `into` starting at `atSeconds` (grown to fit).
void Mix(Buffer& into, const Buffer& b, double gain, double atSeconds = 0.0);
/// Soft clipping: tanh(drive * x) / tanh(drive).
void Saturate(Buffer& b, double drive);
/// A small room (four combs, two all-passes, Schroeder's design): the wet signal mixed in at
/// `wet`, the tail appended (`tailSeconds`).
void Reverb(Buffer& b, double wet, double roomSeconds, double tailSeconds);
/// Scales the buffer so its largest sample is `peakDb` dBFS (e.g. -3).
void Normalize(Buffer& b, double peakDb);
/// Largest absolute sample, in dBFS.
[[nodiscard]] double PeakDb(const Buffer& b);

/// The frequency of a note name: "A4" 440 Hz, "C#3", "Bb2" (octaves from C).
[[nodiscard]] double NoteHz(const char* name);

/// Rounds to 16-bit samples (clamped) as a mono Sound at RATE_HZ.
[[nodiscard]] assets::Sound ToSound(const Buffer& b);

}  // namespace sfxgen
