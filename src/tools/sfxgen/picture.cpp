// Seeing a sound: figures (peak, loudness, where the energy sits, clicks at the edges) and a
// picture (the waveform over a spectrogram). How the generator's author checks what cannot be
// heard here, and how a person replacing a sound can compare theirs.
#include "tools/sfxgen/sounds.h"

#include <algorithm>
#include <cmath>
#include <complex>

namespace sfxgen {

namespace {

constexpr double PI = 3.14159265358979323846;
constexpr int FFT_SIZE = 1024;

void Fft(std::vector<std::complex<double>>& a) {
    const std::size_t n = a.size();
    for (std::size_t i = 1, j = 0; i < n; ++i) {
        std::size_t bit = n >> 1;
        for (; j & bit; bit >>= 1) j ^= bit;
        j ^= bit;
        if (i < j) std::swap(a[i], a[j]);
    }
    for (std::size_t len = 2; len <= n; len <<= 1) {
        const std::complex<double> w = std::polar(1.0, -2.0 * PI / static_cast<double>(len));
        for (std::size_t i = 0; i < n; i += len) {
            std::complex<double> wk = 1.0;
            for (std::size_t k = 0; k < len / 2; ++k) {
                const auto u = a[i + k], v = a[i + k + len / 2] * wk;
                a[i + k] = u + v;
                a[i + k + len / 2] = u - v;
                wk *= w;
            }
        }
    }
}

// The mono mix of a sound in [-1, 1].
std::vector<double> Mono(const assets::Sound& s) {
    std::vector<double> out(static_cast<std::size_t>(s.Frames()));
    for (std::size_t i = 0; i < out.size(); ++i) {
        double sum = 0;
        for (int c = 0; c < s.channels; ++c) sum += s.samples[i * static_cast<std::size_t>(s.channels) + c];
        out[i] = sum / s.channels / 32768.0;
    }
    return out;
}

// Magnitudes of the Hann-windowed frame starting at `at` (FFT_SIZE / 2 bins).
std::vector<double> Spectrum(const std::vector<double>& x, std::size_t at) {
    std::vector<std::complex<double>> a(FFT_SIZE);
    for (int i = 0; i < FFT_SIZE; ++i) {
        const double w = 0.5 - 0.5 * std::cos(2.0 * PI * i / (FFT_SIZE - 1));
        a[static_cast<std::size_t>(i)] = at + i < x.size() ? x[at + i] * w : 0.0;
    }
    Fft(a);
    std::vector<double> mag(FFT_SIZE / 2);
    for (int i = 0; i < FFT_SIZE / 2; ++i) mag[static_cast<std::size_t>(i)] = std::abs(a[static_cast<std::size_t>(i)]);
    return mag;
}

}  // namespace

Figures Measure(const assets::Sound& sound) {
    Figures f;
    const std::vector<double> x = Mono(sound);
    if (x.empty()) return f;
    f.seconds = sound.Seconds();
    double peak = 0, sum = 0;
    std::size_t peakAt = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (std::abs(x[i]) > peak) peak = std::abs(x[i]), peakAt = i;
        sum += x[i] * x[i];
    }
    f.peakDb = 20 * std::log10(std::max(peak, 1e-9));
    f.rmsDb = 10 * std::log10(std::max(sum / static_cast<double>(x.size()), 1e-18));
    f.attackMs = 1000.0 * static_cast<double>(peakAt) / sound.rateHz;
    // A click is a jump from silence: the first sample, and the last millisecond.
    const std::size_t edge = std::max<std::size_t>(1, static_cast<std::size_t>(sound.rateHz / 1000));
    f.edgeLevel = std::abs(x.front());
    for (std::size_t i = 0; i < std::min(edge, x.size()); ++i)
        f.edgeLevel = std::max(f.edgeLevel, std::abs(x[x.size() - 1 - i]));
    double low = 0, total = 0, weighted = 0;
    for (std::size_t at = 0; at < x.size(); at += FFT_SIZE / 2) {
        const std::vector<double> mag = Spectrum(x, at);
        for (std::size_t b = 1; b < mag.size(); ++b) {
            const double hz = static_cast<double>(b) * sound.rateHz / FFT_SIZE;
            const double e = mag[b] * mag[b];
            total += e;
            weighted += e * hz;
            if (hz < 250) low += e;
        }
    }
    f.lowShare = total > 0 ? low / total : 0;
    f.centroidHz = total > 0 ? weighted / total : 0;
    return f;
}

assets::Image Picture(const assets::Sound& sound) {
    constexpr int W = 800, WAVE_H = 160, SPEC_H = 256, GAP = 4;
    assets::Image img;
    img.widthPx = W;
    img.heightPx = WAVE_H + GAP + SPEC_H;
    img.rgba.assign(static_cast<std::size_t>(W) * img.heightPx * 4, 0);
    const auto put = [&](int x, int y, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
        if (x < 0 || y < 0 || x >= W || y >= img.heightPx) return;
        std::uint8_t* p = img.rgba.data() + (static_cast<std::size_t>(y) * W + x) * 4;
        p[0] = r, p[1] = g, p[2] = b, p[3] = 255;
    };
    for (int y = 0; y < img.heightPx; ++y)
        for (int x = 0; x < W; ++x) put(x, y, 16, 12, 28);
    const std::vector<double> x = Mono(sound);
    if (x.empty()) return img;
    const double perColumn = static_cast<double>(x.size()) / W;
    // The waveform: each column's min and max; the -3 dBFS lines dashed, the centre line dim.
    const double minus3 = std::pow(10.0, -3.0 / 20.0);
    for (int col = 0; col < W; ++col) {
        const auto from = static_cast<std::size_t>(col * perColumn);
        const auto to = std::max(from + 1, static_cast<std::size_t>((col + 1) * perColumn));
        double lo = 1, hi = -1;
        for (std::size_t i = from; i < std::min(to, x.size()); ++i) lo = std::min(lo, x[i]), hi = std::max(hi, x[i]);
        const int yHi = static_cast<int>((1.0 - hi) * 0.5 * (WAVE_H - 1)),
                  yLo = static_cast<int>((1.0 - lo) * 0.5 * (WAVE_H - 1));
        for (int y = yHi; y <= yLo; ++y) put(col, y, 255, 208, 96);
        put(col, WAVE_H / 2, 80, 70, 100);
        if ((col / 4) % 2 == 0) {
            put(col, static_cast<int>((1.0 - minus3) * 0.5 * (WAVE_H - 1)), 236, 80, 70);
            put(col, static_cast<int>((1.0 + minus3) * 0.5 * (WAVE_H - 1)), 236, 80, 70);
        }
    }
    // The spectrogram: log magnitude over a log frequency axis, 30 Hz at the bottom, the Nyquist
    // frequency at the top (a thump's energy is visible at the bottom, not squashed into a line).
    for (int col = 0; col < W; ++col) {
        const auto at = static_cast<std::size_t>(col * perColumn);
        const std::vector<double> mag = Spectrum(x, at > FFT_SIZE / 2 ? at - FFT_SIZE / 2 : 0);
        const double nyquist = sound.rateHz / 2.0;
        for (int row = 0; row < SPEC_H; ++row) {
            const double hz = 30.0 * std::pow(nyquist / 30.0, static_cast<double>(row) / (SPEC_H - 1));
            const auto bin = std::min(mag.size() - 1, static_cast<std::size_t>(hz * FFT_SIZE / sound.rateHz));
            const double m = mag[bin];
            const double db = 20 * std::log10(std::max(m, 1e-9));  // about -60 (quiet) to +30 (loud)
            const double level = std::clamp((db + 50.0) / 75.0, 0.0, 1.0);
            const auto c = [](double v) { return static_cast<std::uint8_t>(std::clamp(v, 0.0, 1.0) * 255); };
            put(col, img.heightPx - 1 - row, c(level * 1.6), c(level * level * 1.2),
                c(0.3 + level * 0.5 - level * level));
        }
    }
    return img;
}

}  // namespace sfxgen
