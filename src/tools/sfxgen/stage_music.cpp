// The dojo's and the harbour's loops, as tracker patterns with their own instruments. The dojo: a
// koto ostinato in a Japanese pentatonic (A hirajoshi: A B C E F), taiko and rim clicks, a breathy
// bamboo flute over a low drone, 100 BPM. The harbour at night: D minor at 90 BPM, a round sub bass,
// a harbour bell's sparse melody, a slow pad, brushed hats and the wash of water. Both get a room
// applied around the loop (rendered twice, the second pass kept), so the reverb joins seamlessly.
#include "tools/sfxgen/songs.h"

#include <cmath>

namespace sfxgen {

namespace {

constexpr double PI = 3.14159265358979323846;

void Scale(Buffer& b, double gain) {
    for (double& v : b) v *= gain;
}

// A plucked string: harmonics that die faster the higher they are, a small pitch bend up into the
// note (a koto player's press), and a short click of the plectrum.
Buffer Koto(double hz, char, double seconds, double velocity) {
    const double length = std::max(seconds, 0.6) + 0.4;
    Buffer b;
    const double partials[5][3] = {{1, 1.0, 0.35}, {2, 0.55, 0.2}, {3, 0.35, 0.12}, {4, 0.2, 0.08}, {5.02, 0.12, 0.05}};
    for (const auto& p : partials) {
        Buffer h =
            ToneBy(Wave::Sine, length, [hz, p](double t) { return hz * p[0] * (1.0 - 0.012 * std::exp(-t / 0.03)); });
        Percussive(h, 0.002, p[2]);
        Mix(b, h, p[1]);
    }
    Rng rng(static_cast<std::uint64_t>(hz * 10));
    Buffer click = Filter(Noise(0.02, rng), Pass::Band, hz * 4, hz * 4, 1.5);
    Percussive(click, 0.0005, 0.004);
    Mix(b, click, 0.3);
    FadeEdges(b, 0.0, 0.05);
    Scale(b, velocity);
    return b;
}

// A bamboo flute: a sine with a touch of its octave, breath noise around the note, vibrato that
// grows as the note is held, a slow swell.
Buffer Flute(double hz, char, double seconds, double velocity) {
    const double length = seconds + 0.25;
    Buffer b = ToneBy(Wave::Sine, length, [hz](double t) {
        return hz * (1.0 + 0.008 * std::min(t / 0.6, 1.0) * std::sin(2.0 * PI * 4.8 * t));
    });
    Mix(b, Tone(Wave::Triangle, length, hz * 2, hz * 2), 0.08);
    Rng rng(static_cast<std::uint64_t>(hz));
    Mix(b, Filter(Noise(length, rng), Pass::Band, hz * 1.5, hz * 1.5, 2.0), 0.2);
    Adsr(b, 0.12, 0.2, 0.8, 0.25);
    Scale(b, velocity);
    return b;
}

// A held low fifth, the hall's hum under everything.
Buffer Drone(double hz, char, double seconds, double velocity) {
    Buffer b = Tone(Wave::Saw, seconds + 0.5, hz, hz);
    Mix(b, Tone(Wave::Sine, seconds + 0.5, hz * 1.5, hz * 1.5), 0.6);
    b = Filter(b, Pass::Low, 420, 420, 0.6);
    Adsr(b, 0.8, 0.5, 0.8, 0.5);
    Scale(b, velocity);
    return b;
}

// The taiko: 'd' the big open stroke (don), 't' a lighter one, 'c' the rim (ka), 'w' water's wash
// (the harbour's), 'h' a brushed hat.
Buffer Percussion(double, char drum, double seconds, double velocity) {
    Buffer b;
    switch (drum) {
        case 'd':
        case 't': {
            const bool big = drum == 'd';
            b = Tone(Wave::Sine, big ? 0.9 : 0.5, big ? 120 : 160, big ? 62 : 90, 2.0);
            Percussive(b, 0.002, big ? 0.16 : 0.08);
            Rng rng(big ? 21 : 22);
            Buffer skin = Filter(Noise(0.12, rng), Pass::Low, 900, 300, 0.8);
            Percussive(skin, 0.001, 0.02);
            Mix(b, skin, 0.5);
            break;
        }
        case 'c': {
            Rng rng(23);
            b = Filter(Noise(0.06, rng), Pass::Band, 2100, 1900, 4.0);
            Mix(b, Tone(Wave::Sine, 0.06, 1100, 1000), 0.4);
            Percussive(b, 0.0005, 0.008);
            break;
        }
        case 'w': {
            Rng rng(24);
            const double length = seconds + 0.8;
            b = FilterBy(
                Noise(length, rng), Pass::Low, [](double t) { return 500.0 + 300.0 * std::sin(2.0 * PI * 0.4 * t); },
                0.7);
            Shape(b, [length](double t) { return std::sin(PI * std::min(t / length, 1.0)); });
            Scale(b, 0.6);
            break;
        }
        case 'h': {
            Rng rng(25);
            b = Filter(Noise(0.12, rng), Pass::High, 5000, 6000, 0.7);
            Percussive(b, 0.004, 0.025);
            Scale(b, 0.4);
            break;
        }
        default:
            break;
    }
    FadeEdges(b, 0.0, 0.01);
    Scale(b, velocity);
    return b;
}

// A round sub bass: a sine with a little of its octave, soft attack, warm.
Buffer SubBass(double hz, char, double seconds, double velocity) {
    Buffer b = Tone(Wave::Sine, seconds + 0.1, hz, hz);
    Mix(b, Tone(Wave::Triangle, seconds + 0.1, hz * 2, hz * 2), 0.25);
    Adsr(b, 0.03, 0.3, 0.75, 0.1);
    Saturate(b, 1.3);
    Scale(b, velocity);
    return b;
}

// A harbour bell: inharmonic partials (a bell's minor third and its hum tone), a long ring.
Buffer HarbourBell(double hz, char, double seconds, double velocity) {
    const double length = std::max(seconds, 1.0) + 1.2;
    Buffer b;
    const double partials[5][3] = {
        {0.5, 0.35, 0.9}, {1.0, 1.0, 0.6}, {1.19, 0.35, 0.4}, {2.0, 0.3, 0.3}, {2.76, 0.15, 0.15}};
    for (const auto& p : partials) {
        Buffer h = Tone(Wave::Sine, length, hz * p[0], hz * p[0]);
        Percussive(h, 0.003, p[2]);
        Mix(b, h, p[1]);
    }
    FadeEdges(b, 0.0, 0.1);
    Scale(b, velocity);
    return b;
}

// A slow pad of two detuned saws through a low-pass that opens and closes with the note.
Buffer NightPad(double hz, char, double seconds, double velocity) {
    const double length = seconds + 0.6;
    Buffer b = Tone(Wave::Saw, length, hz * 0.996, hz * 0.996);
    Mix(b, Tone(Wave::Saw, length, hz * 1.004, hz * 1.004), 1.0);
    b = FilterBy(
        b, Pass::Low, [length](double t) { return 500.0 + 700.0 * std::sin(PI * std::min(t / length, 1.0)); }, 0.7);
    Adsr(b, 0.6, 0.4, 0.8, 0.6);
    Scale(b, velocity);
    return b;
}

// Sixteen tokens: `note` held a whole bar.
std::string WholeBar(const std::string& note) {
    return note + " - - - - - - - - - - - - - - -";
}

}  // namespace

Song DojoSong() {
    Song s;
    s.beatsPerMinute = 100;
    // The koto's figure: two bars on A, two on F, then the answer on E and back.
    Channel koto{Koto,
                 0.34,
                 {"A3 . E4 . A4 . B4 . C5 . B4 . A4 . E4 .", "A3 . E4 . A4 . C5 . E5 . C5 . B4 . A4 .",
                  "F3 . C4 . E4 . F4 . A4 . F4 . E4 . C4 .", "F3 . C4 . E4 . F4 . A4 . B4 . C5 . B4 .",
                  "A3 . E4 . A4 . B4 . C5 . B4 . A4 . E4 .", "A3 . E4 . A4 . C5 . E5 . C5 . B4 . A4 .",
                  "E3 . B3 . E4 . F4 . B4 . A4 . F4 . E4 .", "E3 . B3 . E4 . F4 . B4 . C5 . B4 . E4 ."}};
    Channel flute{Flute,
                  0.3,
                  {". . . . . . . . . . . . . . . .", ". . . . . . . . E5 - - - - - F5 -",
                   "E5 - - - - - - - C5 - - - B4 - - -", "A4 - - - - - - - - - - - . . . .",
                   "A5 - - - - - - - F5 - - - E5 - - -", "C5 - - - E5 - - - F5 - - - E5 - - -",
                   "B4 - - - - - - - C5 - - - B4 - A4 -", "B4 - - - - - - - - - - - . . . ."}};
    const std::string taiko = "d! . . . . . t . d . . . c . c .";
    const std::string roll = "d! . . . t . t . d . t t d! . c c";
    Channel drum{Percussion, 0.55, {taiko, taiko, taiko, roll, taiko, taiko, taiko, roll}};
    const char* roots[8] = {"A2", "A2", "F2", "F2", "A2", "A2", "E2", "E2"};
    Channel drone{Drone, 0.16, {}};
    for (const char* r : roots) drone.patterns.push_back(WholeBar(r));
    s.channels = {koto, flute, drum, drone};
    return s;
}

Song HarbourSong() {
    Song s;
    s.beatsPerMinute = 90;
    const char* roots[8] = {"D2", "D2", "A#1", "A#1", "F1", "F1", "C2", "A1"};
    Channel bass{SubBass, 0.3, {}};
    for (const char* r : roots) {
        bass.patterns.push_back(std::string(r) + " - - - - - - - - - " + r + " - - - " + r + " -");
    }
    Channel bell{HarbourBell,
                 0.34,
                 {"A4 - - - - - - - . . . . F4 - - -", "D5 - - - - - - - . . . . C5 - A4 -",
                  "A#4 - - - - - - - . . . . D5 - - -", "F4 - - - - - - - - - - - . . . .",
                  "A4 - - - - - - - . . . . C5 - - -", "F5 - - - - - - - . . . . E5 - C5 -",
                  "E5 - - - - - - - . . . . G4 - - -", "A4 - - - - - - - C#5 - - - E5 - - -"}};
    const char* chords[8][3] = {{"D3", "F3", "A3"}, {"D3", "F3", "A3"}, {"A#2", "D3", "F3"}, {"A#2", "D3", "F3"},
                                {"F3", "A3", "C4"}, {"F3", "A3", "C4"}, {"C3", "E3", "G3"},  {"A2", "C#3", "E3"}};
    const std::string brush = ". . h? . h . h? . . . h? . h . h? h?";
    const std::string pulse = "t? . . . . . . . t? . . . . . . .";
    const std::string waves = "w - - - - - - - - - - - - - - -";
    Channel hats{Percussion, 0.5, {}}, thud{Percussion, 0.6, {}}, water{Percussion, 0.15, {}};
    for (int bar = 0; bar < 8; ++bar) {
        hats.patterns.push_back(brush), thud.patterns.push_back(pulse), water.patterns.push_back(waves);
    }
    s.channels = {bass, bell, hats, thud, water};
    for (int voice = 0; voice < 3; ++voice) {
        Channel pad{NightPad, 0.1, {}};
        for (const auto& chord : chords) pad.patterns.push_back(WholeBar(chord[voice]));
        s.channels.push_back(pad);
    }
    return s;
}

Buffer LoopInRoom(const Song& song, double wet, double roomSeconds) {
    const Buffer once = RenderLoop(song);
    // Twice through the room, the second pass kept: its start rings with the first pass's end, as
    // the loop's start does with its own end when it repeats.
    Buffer twice = once;
    twice.insert(twice.end(), once.begin(), once.end());
    Reverb(twice, wet, roomSeconds, 0.0);
    return Buffer(twice.begin() + static_cast<std::ptrdiff_t>(once.size()), twice.end());
}

}  // namespace sfxgen
