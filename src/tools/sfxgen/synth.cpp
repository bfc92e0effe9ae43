// The synthesis kit. Plain loops over doubles; the only state is in the objects passed in.
#include "tools/sfxgen/synth.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <numbers>

namespace sfxgen {

namespace {

constexpr double PI = std::numbers::pi;

// PolyBLEP: the band-limited step's residual near a discontinuity at phase 0 (t in [0, 1),
// dt the phase increment per sample).
double PolyBlep(double t, double dt) {
    if (t < dt) {
        t /= dt;
        return t + t - t * t - 1.0;
    }
    if (t > 1.0 - dt) {
        t = (t - 1.0) / dt;
        return t * t + t + t + 1.0;
    }
    return 0.0;
}

}  // namespace

double Rng::Next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) / static_cast<double>(1ull << 52) - 1.0;
}

std::size_t Samples(double seconds) {
    return static_cast<std::size_t>(std::max(0.0, std::round(seconds * RATE_HZ)));
}

Buffer Silence(double seconds) {
    return Buffer(Samples(seconds), 0.0);
}

Buffer Tone(Wave wave, double seconds, double f0Hz, double f1Hz, double curve) {
    const double length = std::max(seconds, 1e-9);
    return ToneBy(wave, seconds, [&](double t) {
        return f0Hz * std::pow(f1Hz / f0Hz, std::pow(std::min(t / length, 1.0), 1.0 / curve));
    });
}

Buffer ToneBy(Wave wave, double seconds, const std::function<double(double)>& hzAt) {
    Buffer out(Samples(seconds));
    double phase = 0.0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const double hz = hzAt(static_cast<double>(i) / RATE_HZ);
        const double dt = std::min(hz / RATE_HZ, 0.5);
        double v = 0.0;
        switch (wave) {
            case Wave::Sine:
                v = std::sin(2.0 * PI * phase);
                break;
            case Wave::Triangle:
                v = phase < 0.5 ? 4.0 * phase - 1.0 : 3.0 - 4.0 * phase;
                break;
            case Wave::Saw:
                v = 2.0 * phase - 1.0 - PolyBlep(phase, dt);
                break;
            case Wave::Square: {
                v = phase < 0.5 ? 1.0 : -1.0;
                v += PolyBlep(phase, dt);
                v -= PolyBlep(std::fmod(phase + 0.5, 1.0), dt);
                break;
            }
        }
        out[i] = v;
        phase += dt;
        if (phase >= 1.0) phase -= 1.0;
    }
    return out;
}

Buffer Noise(double seconds, Rng& rng) {
    Buffer out(Samples(seconds));
    for (double& v : out) v = rng.Next();
    return out;
}

Buffer FilterBy(const Buffer& in, Pass pass, const std::function<double(double)>& cutHz, double q) {
    Buffer out(in.size());
    const double k = 1.0 / std::max(q, 0.1);
    double ic1 = 0.0, ic2 = 0.0;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const double fc = std::clamp(cutHz(static_cast<double>(i) / RATE_HZ), 10.0, 0.45 * RATE_HZ);
        const double g = std::tan(PI * fc / RATE_HZ);
        const double a1 = 1.0 / (1.0 + g * (g + k)), a2 = g * a1, a3 = g * a2;
        const double v3 = in[i] - ic2;
        const double v1 = a1 * ic1 + a2 * v3;
        const double v2 = ic2 + a2 * ic1 + a3 * v3;
        ic1 = 2.0 * v1 - ic1;
        ic2 = 2.0 * v2 - ic2;
        out[i] = pass == Pass::Low ? v2 : pass == Pass::Band ? v1 : in[i] - k * v1 - v2;
    }
    return out;
}

Buffer Filter(const Buffer& in, Pass pass, double cut0Hz, double cut1Hz, double q) {
    const double seconds = std::max(static_cast<double>(in.size()) / RATE_HZ, 1e-9);
    return FilterBy(
        in, pass, [&](double t) { return cut0Hz * std::pow(cut1Hz / cut0Hz, std::min(t / seconds, 1.0)); }, q);
}

void Percussive(Buffer& b, double attack, double halfLife) {
    Shape(b, [&](double t) {
        if (t < attack) return t / attack;
        return std::exp2(-(t - attack) / halfLife);
    });
}

void Adsr(Buffer& b, double attack, double decay, double sustain, double release) {
    const double length = static_cast<double>(b.size()) / RATE_HZ;
    const double releaseAt = std::max(length - release, 0.0);
    Shape(b, [&](double t) {
        double level = t < attack           ? t / attack
                       : t < attack + decay ? 1.0 - (1.0 - sustain) * (t - attack) / decay
                                            : sustain;
        if (t >= releaseAt) level *= std::max(0.0, 1.0 - (t - releaseAt) / release);
        return level;
    });
}

void Shape(Buffer& b, const std::function<double(double)>& gain) {
    for (std::size_t i = 0; i < b.size(); ++i) b[i] *= gain(static_cast<double>(i) / RATE_HZ);
}

void FadeEdges(Buffer& b, double inSeconds, double outSeconds) {
    const std::size_t in = std::min(Samples(inSeconds), b.size()), out = std::min(Samples(outSeconds), b.size());
    for (std::size_t i = 0; i < in; ++i) b[i] *= 0.5 - 0.5 * std::cos(PI * static_cast<double>(i) / in);
    for (std::size_t i = 0; i < out; ++i) {
        b[b.size() - 1 - i] *= 0.5 - 0.5 * std::cos(PI * static_cast<double>(i) / out);
    }
}

void Mix(Buffer& into, const Buffer& b, double gain, double atSeconds) {
    const std::size_t at = Samples(atSeconds);
    if (into.size() < at + b.size()) into.resize(at + b.size(), 0.0);
    for (std::size_t i = 0; i < b.size(); ++i) into[at + i] += gain * b[i];
}

void Saturate(Buffer& b, double drive) {
    const double norm = std::tanh(drive);
    for (double& v : b) v = std::tanh(drive * v) / norm;
}

void Reverb(Buffer& b, double wet, double roomSeconds, double tailSeconds) {
    const std::size_t dry = b.size();
    b.resize(dry + Samples(tailSeconds), 0.0);
    // Comb delays in the ratios of Schroeder's reverberator, scaled to the room.
    const double combs[4] = {1.0, 1.137, 1.271, 1.398};
    Buffer wetSignal(b.size(), 0.0);
    for (const double ratio : combs) {
        const std::size_t delay = std::max<std::size_t>(1, Samples(roomSeconds * ratio * 0.03));
        const double feedback = std::pow(0.001, static_cast<double>(delay) / (roomSeconds * RATE_HZ));
        Buffer line(delay, 0.0);
        double damp = 0.0;
        for (std::size_t i = 0; i < b.size(); ++i) {
            const double out = line[i % delay];
            damp = 0.7 * out + 0.3 * damp;  // high frequencies die first, as in a real room
            line[i % delay] = (i < dry ? b[i] : 0.0) + feedback * damp;
            wetSignal[i] += out * 0.25;
        }
    }
    for (const double ms : {5.0, 1.7}) {
        const std::size_t delay = std::max<std::size_t>(1, Samples(ms / 1000.0));
        Buffer line(delay, 0.0);
        for (std::size_t i = 0; i < wetSignal.size(); ++i) {
            const double delayed = line[i % delay];
            const double in = wetSignal[i];
            const double out = -0.7 * in + delayed;
            line[i % delay] = in + 0.7 * out;
            wetSignal[i] = out;
        }
    }
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = b[i] + wet * wetSignal[i];
}

double PeakDb(const Buffer& b) {
    double peak = 0.0;
    for (const double v : b) peak = std::max(peak, std::abs(v));
    return peak > 0.0 ? 20.0 * std::log10(peak) : -200.0;
}

void Normalize(Buffer& b, double peakDb) {
    double peak = 0.0;
    for (const double v : b) peak = std::max(peak, std::abs(v));
    if (peak <= 0.0) return;
    const double gain = std::pow(10.0, peakDb / 20.0) / peak;
    for (double& v : b) v *= gain;
}

double NoteHz(const char* name) {
    static constexpr int SEMITONES[7] = {9, 11, 0, 2, 4, 5, 7};  // A B C D E F G from C
    const char letter = name[0];
    int semitone = SEMITONES[(letter >= 'a' ? letter - 'a' : letter - 'A') % 7];
    const char* rest = name + 1;
    if (*rest == '#') ++semitone, ++rest;
    if (*rest == 'b') --semitone, ++rest;
    const int octave = std::atoi(rest);
    const int fromA4 = semitone + 12 * (octave - 4) - 9;
    return 440.0 * std::exp2(fromA4 / 12.0);
}

assets::Sound ToSound(const Buffer& b) {
    assets::Sound s;
    s.rateHz = RATE_HZ;
    s.channels = 1;
    s.samples.reserve(b.size());
    for (const double v : b) {
        s.samples.push_back(static_cast<std::int16_t>(std::lround(std::clamp(v, -1.0, 1.0) * 32767.0)));
    }
    return s;
}

}  // namespace sfxgen
