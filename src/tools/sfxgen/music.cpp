// The title loop and the rooftop's, written as tracker patterns: the rooftop track (A minor, 132 BPM, eight bars: a
// driving bass, rock drums, a square-wave lead over a pad) and the title track (C major, 120 BPM,
// eight bars: a plucked arpeggio, a bell melody, a soft pulse). Mastered quieter than the effects
// (peaks at -6 dBFS, and the game's default music volume is lower still) so hits sit on top.
#include "tools/sfxgen/songs.h"
#include "tools/sfxgen/sounds.h"
#include "tools/sfxgen/tracker.h"

#include <cmath>

namespace sfxgen {

namespace {

constexpr double PI = 3.14159265358979323846;

Buffer Bass(double hz, char, double seconds, double velocity) {
    Buffer b = Tone(Wave::Saw, seconds + 0.05, hz, hz);
    Mix(b, Tone(Wave::Square, seconds + 0.05, hz * 0.5, hz * 0.5), 0.3);
    b = FilterBy(
        b, Pass::Low, [](double t) { return 300.0 + 1100.0 * std::exp(-t / 0.06); }, 1.2);
    Adsr(b, 0.004, 0.1, 0.6, 0.05);
    Saturate(b, 1.5);
    for (double& v : b) v *= velocity;
    return b;
}

Buffer Lead(double hz, char, double seconds, double velocity) {
    // Vibrato that sets in after the attack, as a player's would.
    Buffer b = ToneBy(Wave::Square, seconds + 0.08, [hz](double t) {
        return hz * (1.0 + 0.006 * std::min(t / 0.25, 1.0) * std::sin(2.0 * PI * 5.5 * t));
    });
    Mix(b, Tone(Wave::Saw, seconds + 0.08, hz * 1.004, hz * 1.004), 0.4);
    b = Filter(b, Pass::Low, 2600, 1800, 0.9);
    Adsr(b, 0.01, 0.08, 0.75, 0.08);
    for (double& v : b) v *= velocity;
    return b;
}

Buffer Pad(double hz, char, double seconds, double velocity) {
    Buffer b = Tone(Wave::Saw, seconds + 0.3, hz * 0.997, hz * 0.997);
    Mix(b, Tone(Wave::Saw, seconds + 0.3, hz * 1.003, hz * 1.003), 1.0);
    b = Filter(b, Pass::Low, 1100, 1100, 0.7);
    Adsr(b, 0.15, 0.2, 0.8, 0.3);
    for (double& v : b) v *= velocity;
    return b;
}

Buffer Pluck(double hz, char, double seconds, double velocity) {
    Buffer b = Tone(Wave::Triangle, seconds + 0.25, hz, hz);
    Mix(b, Tone(Wave::Saw, seconds + 0.25, hz, hz), 0.25);
    b = FilterBy(
        b, Pass::Low, [](double t) { return 900.0 + 3000.0 * std::exp(-t / 0.04); }, 0.8);
    Percussive(b, 0.002, 0.09);
    for (double& v : b) v *= velocity;
    return b;
}

Buffer Bell(double hz, char, double seconds, double velocity) {
    const double length = seconds + 0.6;
    Buffer b;
    const double partials[3][2] = {{1.0, 0.6}, {2.0, 0.25}, {3.01, 0.1}};
    for (const auto& p : partials) Mix(b, Tone(Wave::Sine, length, hz * p[0], hz * p[0]), p[1]);
    Percussive(b, 0.004, 0.35);
    FadeEdges(b, 0.0, 0.05);
    for (double& v : b) v *= velocity;
    return b;
}

Buffer Drums(double, char drum, double, double velocity) {
    Buffer b;
    switch (drum) {
        case 'k': {  // kick: a sine dropping fast
            b = Tone(Wave::Sine, 0.3, 150, 45, 3.0);
            Percussive(b, 0.002, 0.05);
            break;
        }
        case 's': {  // snare: a band of noise over a short tone
            Rng rng(7);
            b = Filter(Noise(0.22, rng), Pass::Band, 2200, 1600, 0.8);
            Percussive(b, 0.001, 0.045);
            Buffer body = Tone(Wave::Sine, 0.1, 220, 170);
            Percussive(body, 0.001, 0.02);
            Mix(b, body, 0.6);
            break;
        }
        case 'h':
        case 'o': {  // hi-hat, closed or open
            Rng rng(drum == 'h' ? 8 : 9);
            b = Filter(Noise(drum == 'h' ? 0.06 : 0.25, rng), Pass::High, 7000, 7000, 0.8);
            Percussive(b, 0.001, drum == 'h' ? 0.012 : 0.07);
            for (double& v : b) v *= 0.5;
            break;
        }
        default:
            break;
    }
    FadeEdges(b, 0.0, 0.01);
    for (double& v : b) v *= velocity;
    return b;
}

// Sixteen tokens: `note` held a whole bar.
std::string Whole(const std::string& note) {
    return note + " - - - - - - - - - - - - - - -";
}

Song Stage() {
    Song s;
    s.beatsPerMinute = 132;
    const char* roots[8][2] = {{"A1", "A2"}, {"F1", "F2"}, {"G1", "G2"}, {"E1", "E2"},
                               {"A1", "A2"}, {"F1", "F2"}, {"G1", "G2"}, {"E1", "E2"}};
    Channel bass{Bass, 0.55, {}};
    for (int bar = 0; bar < 8; ++bar) {
        std::string p;
        for (int i = 0; i < 8; ++i) {
            const bool turn = bar == 7 && i >= 6;  // the last bar climbs back to A
            p += std::string(turn ? (i == 6 ? "G#1" : "B1") : roots[bar][i % 2]) + " - ";
        }
        bass.patterns.push_back(p);
    }
    const std::string beat = "k! . . . s . . k k . . . s . . .";
    const std::string fill = "k! . . . s . . k k . s? s? s! . s s!";
    Channel kit{Drums, 0.7, {beat, beat, beat, beat, beat, beat, beat, fill}};
    const std::string hats = "h . h . h . h . h . h . h . o .";
    Channel hat{Drums, 0.6, {hats, hats, hats, hats, hats, hats, hats, hats}};
    Channel lead{Lead,
                 0.33,
                 {"A4 - - - C5 - E5 - D5 - C5 - B4 - A4 -", "C5 - - - - - A4 - F4 - A4 - C5 - - -",
                  "B4 - - - D5 - G5 - F5 - E5 - D5 - B4 -", "E5 - - - - - - - . . B4 - E5 - G5 -",
                  "A5 - - - G5 - E5 - C5 - - - E5 - A4 -", "F5 - - - E5 - C5 - A4 - - - C5 - F5 -",
                  "G5 - - - F5 - D5 - B4 - D5 - G5 - F5 -", "E5 - - - - - - - G#5 - - - B5 - - -"}};
    const char* chords[8][3] = {{"A3", "C4", "E4"}, {"F3", "A3", "C4"}, {"G3", "B3", "D4"}, {"E3", "G3", "B3"},
                                {"A3", "C4", "E4"}, {"F3", "A3", "C4"}, {"G3", "B3", "D4"}, {"E3", "G#3", "B3"}};
    s.channels = {bass, kit, hat, lead};
    for (int voice = 0; voice < 3; ++voice) {
        Channel pad{Pad, 0.12, {}};
        for (const auto& chord : chords) pad.patterns.push_back(Whole(chord[voice]));
        s.channels.push_back(pad);
    }
    return s;
}

Song Title() {
    Song s;
    s.beatsPerMinute = 120;
    const char* arps[4] = {
        "C4 E4 G4 C5 E5 C5 G4 E4 C4 E4 G4 C5 E5 C5 G4 E4", "A3 C4 E4 A4 C5 A4 E4 C4 A3 C4 E4 A4 C5 A4 E4 C4",
        "F3 A3 C4 F4 A4 F4 C4 A3 F3 A3 C4 F4 A4 F4 C4 A3", "G3 B3 D4 G4 B4 G4 D4 B3 G3 B3 D4 G4 B4 G4 D4 B3"};
    Channel arp{Pluck, 0.22, {}};
    for (int bar = 0; bar < 8; ++bar) arp.patterns.push_back(arps[bar % 4]);
    const char* roots[4][2] = {{"C2", "G1"}, {"A1", "E2"}, {"F1", "C2"}, {"G1", "D2"}};
    Channel bass{Bass, 0.45, {}};
    for (int bar = 0; bar < 8; ++bar) {
        bass.patterns.push_back(std::string(roots[bar % 4][0]) + " - - - - - - - " + roots[bar % 4][0] + " - - - " +
                                roots[bar % 4][1] + " - - -");
    }
    Channel bell{Bell,
                 0.3,
                 {"E5 - - - - - - - D5 - - - C5 - - -", "C5 - - - - - - - B4 - - - A4 - - -",
                  "A4 - - - C5 - - - F5 - - - E5 - - -", "D5 - - - - - - - - - - - . . . .",
                  "E5 - - - G5 - - - C6 - - - B5 - - -", "A5 - - - - - - - E5 - - - C5 - - -",
                  "F5 - - - A5 - - - G5 - - - F5 - - -", "D5 - - - - - - - B4 - - - D5 - - -"}};
    const std::string beat = "k . . . . . . . k . . . s? . . .";
    const std::string shaker = "h? . h . h? . h . h? . h . h? . h .";
    Channel kit{Drums, 0.5, {}}, hat{Drums, 0.4, {}};
    for (int bar = 0; bar < 8; ++bar) kit.patterns.push_back(beat), hat.patterns.push_back(shaker);
    const char* chords[4][3] = {{"C4", "E4", "G4"}, {"A3", "C4", "E4"}, {"F3", "A3", "C4"}, {"G3", "B3", "D4"}};
    s.channels = {arp, bass, bell, kit, hat};
    for (int voice = 0; voice < 3; ++voice) {
        Channel pad{Pad, 0.1, {}};
        for (int bar = 0; bar < 8; ++bar) pad.patterns.push_back(Whole(chords[bar % 4][voice]));
        s.channels.push_back(pad);
    }
    return s;
}

Buffer Mastered(const Song& song) {
    Buffer b = RenderLoop(song);
    Normalize(b, -6.0);
    return b;
}

}  // namespace

std::vector<Track> Tracks() {
    return {{"assets/music/title.wav", [] { return Mastered(Title()); }},
            {"assets/stages/rooftop/music.wav", [] { return Mastered(Stage()); }},
            {"assets/stages/dojo/music.wav",
             [] {
                 Buffer b = LoopInRoom(DojoSong(), 0.25, 1.4);
                 Normalize(b, -6.0);
                 return b;
             }},
            {"assets/stages/harbour/music.wav", [] {
                 Buffer b = LoopInRoom(HarbourSong(), 0.35, 2.2);
                 Normalize(b, -6.0);
                 return b;
             }}};
}

}  // namespace sfxgen
