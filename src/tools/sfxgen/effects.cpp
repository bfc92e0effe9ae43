// The sound effects, each a recipe of layers: what it is made of is said beside it. Peaks: the
// impacts and stingers at -3 dBFS, the movement sounds (whiffs, jumps, landings) lower so they sit
// under the hits, the menu's clicks lowest (a player hears them hundreds of times).
#include "tools/sfxgen/sounds.h"

#include <cmath>

namespace sfxgen {

namespace {

// A drum-like thump: a sine whose pitch drops fast from `fromHz` to `toHz`, decaying.
Buffer Thump(double seconds, double fromHz, double toHz, double halfLife) {
    Buffer b = Tone(Wave::Sine, seconds, fromHz, toHz, 3.0);
    Percussive(b, 0.002, halfLife);
    return b;
}

// A burst of noise through a band, decaying: the slap or crack on top of a thump.
Buffer Crack(double seconds, double lowHz, double highHz, double halfLife, std::uint64_t seed) {
    Rng rng(seed);
    Buffer b = Filter(Filter(Noise(seconds, rng), Pass::Low, highHz, highHz), Pass::High, lowHz, lowHz);
    Percussive(b, 0.001, halfLife);
    return b;
}

// Filtered noise whose band sweeps from `fromHz` to `toHz`, swelling then fading: air moved fast.
Buffer Whoosh(double seconds, double fromHz, double toHz, double peakAt, std::uint64_t seed, double q = 1.6) {
    Rng rng(seed);
    Buffer b = Filter(Noise(seconds, rng), Pass::Band, fromHz, toHz, q);
    Shape(b, [&](double t) {
        const double x = t / seconds;
        return x < peakAt ? std::sin(0.5 * 3.14159265 * x / peakAt)
                          : std::pow(1.0 - (x - peakAt) / (1.0 - peakAt), 1.6);
    });
    return b;
}

// Inharmonic partials decaying at their own rates: struck metal.
Buffer Ring(double seconds, std::initializer_list<std::pair<double, double>> partials, double halfLife) {
    Buffer out = Silence(seconds);
    double k = 1.0;
    for (const auto& [hz, gain] : partials) {
        Buffer p = Tone(Wave::Sine, seconds, hz, hz * 0.995);
        Percussive(p, 0.001, halfLife / k);
        Mix(out, p, gain);
        k += 0.35;  // higher partials die sooner
    }
    return out;
}

// A brass-like note: detuned saws through a low-pass that opens on the attack and closes again.
Buffer Brass(double seconds, double hz, double brightHz, double sustainHz) {
    Buffer b = Tone(Wave::Saw, seconds, hz, hz);
    Mix(b, Tone(Wave::Saw, seconds, hz * 1.006, hz * 1.006), 0.8);
    Mix(b, Tone(Wave::Square, seconds, hz * 0.5, hz * 0.5), 0.25);
    b = FilterBy(
        b, Pass::Low, [&](double t) { return sustainHz + (brightHz - sustainHz) * std::exp(-t / 0.09); }, 1.1);
    Adsr(b, 0.012, 0.12, 0.7, 0.18);
    return b;
}

Buffer HitLight() {
    // A fist on a body: a short low thump (its energy under 250 Hz), the slap of the body (a band of
    // noise around 300-1200 Hz) and a faint snap on top.
    Buffer b = Thump(0.16, 240, 90, 0.022);
    Mix(b, Thump(0.16, 120, 70, 0.03), 0.5);
    Mix(b, Crack(0.07, 300, 1200, 0.018, 11), 0.8);
    Mix(b, Crack(0.04, 1500, 5000, 0.008, 111), 0.35);
    Saturate(b, 2.0);
    return b;
}

Buffer HitHeavy() {
    // A kick that lands: a deeper, longer thump, a mid punch, the slap, the snap, a rumble.
    Buffer b = Thump(0.45, 170, 48, 0.07);
    Mix(b, Thump(0.4, 300, 120, 0.03), 0.5);
    Mix(b, Crack(0.12, 250, 1500, 0.03, 12), 0.8);
    Mix(b, Crack(0.05, 1500, 5000, 0.012, 112), 0.35);
    Mix(b, Crack(0.35, 60, 300, 0.09, 13), 0.5);
    Saturate(b, 2.8);
    return b;
}

Buffer HitProjectile() {
    Buffer b = Thump(0.32, 200, 70, 0.04);
    Mix(b, Crack(0.22, 400, 2600, 0.03, 14), 0.8);
    // Grit: sparse random clicks, a rattle of debris after the impact.
    Rng rng(15);
    Buffer grit = Silence(0.3);
    for (std::size_t i = 0; i < grit.size(); ++i) grit[i] = rng.Next() > 0.93 ? rng.Next() : 0.0;
    grit = Filter(grit, Pass::Low, 2500, 900);
    Percussive(grit, 0.01, 0.05);
    Mix(b, grit, 0.9, 0.015);
    Saturate(b, 1.6);
    return b;
}

Buffer Block() {
    // A guard taking the blow: less body than a hit (a higher, shorter thump), a padded mid "tock".
    Buffer b = Thump(0.16, 320, 180, 0.025);
    Mix(b, Crack(0.12, 500, 1400, 0.02, 16), 0.8);
    Mix(b, Ring(0.16, {{620, 0.3}, {910, 0.2}}, 0.03), 1.0);
    Saturate(b, 1.4);
    return b;
}

Buffer Clash() {
    Buffer b = Ring(0.75, {{1240, 0.5}, {1873, 0.45}, {2690, 0.35}, {3405, 0.25}, {4660, 0.15}}, 0.16);
    Mix(b, Crack(0.05, 2000, 8000, 0.008, 17), 0.7);
    Mix(b, Thump(0.12, 260, 140, 0.02), 0.4);
    Reverb(b, 0.25, 0.5, 0.25);
    return b;
}

Buffer WhiffLight() {
    return Whoosh(0.16, 900, 2600, 0.35, 18);
}

Buffer WhiffHeavy() {
    Buffer b = Whoosh(0.30, 380, 1500, 0.45, 19, 1.2);
    Mix(b, Whoosh(0.30, 200, 600, 0.5, 20, 0.9), 0.6);
    return b;
}

Buffer ThrowProjectile() {
    Buffer b = Whoosh(0.24, 600, 3000, 0.25, 21);
    Mix(b, Thump(0.08, 160, 110, 0.02), 0.35);
    return b;
}

Buffer Cancel() {
    // Two projectiles burst: a bright pop, a descending chirp, a spray of sparkle.
    Buffer b = Crack(0.12, 1500, 7000, 0.02, 22);
    Buffer chirp = Tone(Wave::Square, 0.32, 1600, 260, 2.0);
    chirp = Filter(chirp, Pass::Low, 4000, 900);
    Percussive(chirp, 0.002, 0.06);
    Mix(b, chirp, 0.35);
    Mix(b, Crack(0.3, 3000, 9000, 0.06, 23), 0.25, 0.03);
    return b;
}

Buffer Jump() {
    Buffer b = Whoosh(0.16, 500, 1800, 0.3, 24, 1.0);
    Buffer lift = Tone(Wave::Sine, 0.12, 260, 520);
    Percussive(lift, 0.01, 0.04);
    Mix(b, lift, 0.25);
    return b;
}

Buffer Land() {
    Buffer b = Thump(0.14, 120, 60, 0.025);
    Mix(b, Crack(0.08, 150, 900, 0.015, 25), 0.5);
    return b;
}

Buffer Knockdown() {
    // The body hits the floor, bounces once, settles.
    Buffer b = Thump(0.45, 100, 38, 0.08);
    Mix(b, Crack(0.3, 60, 450, 0.06, 26), 0.8);
    Buffer bounce = Thump(0.25, 90, 45, 0.05);
    Mix(bounce, Crack(0.15, 80, 400, 0.03, 27), 0.6);
    Mix(b, bounce, 0.5, 0.27);
    Buffer settle = Thump(0.15, 80, 50, 0.03);
    Mix(b, settle, 0.22, 0.45);
    Saturate(b, 2.0);
    return b;
}

Buffer Ko() {
    // Long and heavy: a deep boom with a rumble, and a minor chord that sinks and fades under a
    // reverb.
    Buffer b = Thump(2.2, 90, 28, 0.35);
    Mix(b, Crack(1.6, 30, 260, 0.3, 28), 0.7);
    Buffer chord = Silence(2.2);
    for (const char* note : {"A2", "C3", "E3", "A3"}) {
        const double hz = NoteHz(note);
        Buffer n = Tone(Wave::Saw, 2.2, hz, hz * 0.84, 0.8);  // sinking a minor third
        Mix(chord, n, 0.22);
    }
    chord = Filter(chord, Pass::Low, 1400, 250, 0.9);
    Adsr(chord, 0.02, 0.4, 0.6, 1.2);
    Mix(b, chord, 0.9, 0.03);
    Saturate(b, 1.8);
    Reverb(b, 0.35, 1.4, 0.6);
    return b;
}

// "Round N": N drum hits, then a rising chord, higher each round; the final round's is fuller.
Buffer Round(int hits, const char* root, bool final) {
    Buffer b;
    const double step = 0.13;
    for (int i = 0; i < hits; ++i) {
        Buffer drum = Thump(0.3, 170, 62, 0.06);
        Mix(drum, Crack(0.15, 200, 2500, 0.03, static_cast<std::uint64_t>(30 + i)), 0.5);
        Mix(b, drum, i + 1 == hits ? 1.0 : 0.75, step * i);
    }
    const double chordAt = step * hits + 0.02;
    const double rootHz = NoteHz(root);
    // Root, fifth, octave (and the tenth on the final round), each entering a little later: rising.
    const double ratios[4] = {1.0, 1.4983, 2.0, 2.5198};
    for (int i = 0; i < (final ? 4 : 3); ++i) {
        Buffer note = Brass(0.85 - 0.07 * i, rootHz * ratios[i], 3800, 1300);
        Mix(b, note, 0.32, chordAt + 0.07 * i);
    }
    Saturate(b, 1.3);
    Reverb(b, 0.2, 0.8, 0.3);
    return b;
}

Buffer Fight() {
    // A bright brass-like stab (a major chord with its octave) over a crash.
    Buffer b;
    for (const char* note : {"C4", "E4", "G4", "C5"}) Mix(b, Brass(0.55, NoteHz(note), 6000, 1800), 0.3);
    Rng rng(40);
    Buffer crash = Filter(Noise(0.9, rng), Pass::High, 4000, 3000);
    Percussive(crash, 0.002, 0.18);
    Mix(b, crash, 0.35);
    Buffer kick = Thump(0.25, 160, 55, 0.05);
    Mix(b, kick, 0.8);
    Saturate(b, 1.4);
    Reverb(b, 0.2, 0.7, 0.35);
    return b;
}

Buffer TimeOver() {
    // Three bell strokes falling (G5, E5, C5), then a low one: the clock has run out.
    Buffer b;
    const char* notes[4] = {"G5", "E5", "C5", "C4"};
    for (int i = 0; i < 4; ++i) {
        const double hz = NoteHz(notes[i]);
        Buffer bell = Ring(i == 3 ? 1.2 : 0.6, {{hz, 0.6}, {hz * 2.01, 0.25}, {hz * 2.76, 0.15}, {hz * 5.4, 0.06}},
                           i == 3 ? 0.35 : 0.15);
        Mix(b, bell, i == 3 ? 1.0 : 0.7, 0.2 * i);
    }
    Reverb(b, 0.25, 0.9, 0.3);
    return b;
}

Buffer Grab() {
    // Hands take hold: a quick rustle of cloth (a soft band of noise, swelling and cut short), a
    // dull slap of palms on a body under it.
    Buffer b = Whoosh(0.12, 1800, 900, 0.3, 60, 0.9);
    Mix(b, Crack(0.09, 250, 1100, 0.02, 61), 0.9, 0.025);
    Mix(b, Thump(0.12, 190, 110, 0.025), 0.45, 0.025);
    Saturate(b, 1.5);
    return b;
}

Buffer ThrowSlam() {
    // A body thrown to the floor: a heavier fall than a knockdown (a deep, long thump and a crunch),
    // the air knocked out of it (a short low whoosh before the impact), a bounce, a rumble.
    Buffer b = Whoosh(0.14, 300, 900, 0.7, 62, 0.9);
    Buffer slam = Thump(0.55, 130, 34, 0.09);
    Mix(slam, Thump(0.3, 260, 90, 0.03), 0.5);
    Mix(slam, Crack(0.16, 200, 1800, 0.035, 63), 0.9);
    Mix(slam, Crack(0.45, 40, 320, 0.11, 64), 0.6);
    Mix(b, slam, 1.0, 0.09);
    Buffer bounce = Thump(0.22, 95, 48, 0.045);
    Mix(bounce, Crack(0.12, 90, 500, 0.025, 65), 0.5);
    Mix(b, bounce, 0.4, 0.4);
    Saturate(b, 2.4);
    return b;
}

Buffer ThrowTech() {
    // Both break free: two guards knocked apart (a bright, wooden double clack, the second a
    // little higher), a short metallic ring, and the push of air as they part.
    Buffer b = Crack(0.06, 900, 4200, 0.012, 66);
    Mix(b, Thump(0.1, 420, 260, 0.018), 0.6);
    Buffer second = Crack(0.06, 1200, 5200, 0.01, 67);
    Mix(second, Thump(0.1, 520, 320, 0.015), 0.6);
    Mix(b, second, 0.85, 0.055);
    Mix(b, Ring(0.35, {{1560, 0.3}, {2340, 0.22}, {3710, 0.12}}, 0.06), 0.7, 0.055);
    Mix(b, Whoosh(0.22, 700, 2200, 0.3, 68, 1.2), 0.45, 0.07);
    Reverb(b, 0.15, 0.4, 0.15);
    return b;
}

Buffer Super() {
    // The super's flash: a charge that rises (two detuned saws sweeping up an octave and a half
    // through an opening filter, over a swelling noise), then a boom with a bright major chord
    // and a shimmer that rings into a large room.
    const double rise = 0.32;
    Buffer charge = Tone(Wave::Saw, rise, NoteHz("A2"), NoteHz("E4"), 0.7);
    Mix(charge, Tone(Wave::Saw, rise, NoteHz("A2") * 1.01, NoteHz("E4") * 1.01, 0.7), 0.8);
    charge = Filter(charge, Pass::Low, 400, 5000, 1.4);
    Rng rng(69);
    Buffer air = Filter(Noise(rise, rng), Pass::Band, 800, 6000, 1.0);
    Mix(charge, air, 0.5);
    Shape(charge, [&](double t) { return std::pow(t / rise, 1.5); });
    Buffer b = charge;
    Buffer boom = Thump(0.9, 120, 32, 0.14);
    Mix(boom, Crack(0.5, 40, 400, 0.1, 70), 0.6);
    Mix(b, boom, 1.1, rise);
    for (const char* note : {"A3", "C#4", "E4", "A4"}) Mix(b, Brass(0.7, NoteHz(note), 7000, 2200), 0.22, rise);
    Mix(b, Ring(1.0, {{2637, 0.3}, {3520, 0.25}, {5274, 0.15}}, 0.2), 0.35, rise);
    Saturate(b, 1.6);
    Reverb(b, 0.3, 1.1, 0.5);
    return b;
}

Buffer MeterFull() {
    // The bar is full: a short rising arpeggio of soft bells (E5, A5, C#6, E6), quiet, above the fight.
    Buffer b;
    const char* notes[4] = {"E5", "A5", "C#6", "E6"};
    for (int i = 0; i < 4; ++i) {
        const double hz = NoteHz(notes[i]);
        Buffer bell = Ring(0.4, {{hz, 0.6}, {hz * 2.0, 0.18}, {hz * 3.0, 0.06}}, 0.09);
        Mix(b, bell, 0.6 + 0.1 * i, 0.055 * i);
    }
    Reverb(b, 0.2, 0.5, 0.2);
    return b;
}

Buffer MenuMove() {
    Buffer b = Tone(Wave::Triangle, 0.05, 1320, 1250);
    Percussive(b, 0.002, 0.012);
    return b;
}

Buffer MenuChoose() {
    Buffer b = Tone(Wave::Triangle, 0.09, 880, 880);
    Percussive(b, 0.002, 0.03);
    Buffer up = Tone(Wave::Triangle, 0.16, 1320, 1320);
    Percussive(up, 0.002, 0.045);
    Mix(b, up, 0.9, 0.06);
    return b;
}

// ---- the fighters' own ----------------------------------------------------------------------------

Buffer RockThrow() {
    // Brick heaves a rock: a low grunt-like push (a buzzy 110 Hz tone through a vowel-ish band)
    // and a heavy, low whoosh.
    Buffer grunt = Tone(Wave::Saw, 0.18, 120, 95);
    grunt = Filter(grunt, Pass::Band, 520, 420, 2.5);
    Percussive(grunt, 0.015, 0.05);
    Buffer b = Whoosh(0.32, 300, 1100, 0.35, 50, 1.0);
    Mix(b, grunt, 0.8);
    return b;
}

Buffer RockHit() {
    // Stone on a body: a low thump and a crunch of gravel.
    Buffer b = Thump(0.36, 150, 50, 0.06);
    Rng rng(51);
    Buffer gravel = Silence(0.32);
    for (std::size_t i = 0; i < gravel.size(); ++i) gravel[i] = rng.Next() > 0.85 ? rng.Next() : 0.0;
    gravel = Filter(gravel, Pass::Low, 3500, 800);
    Percussive(gravel, 0.003, 0.06);
    Mix(b, gravel, 1.3);
    Saturate(b, 2.0);
    return b;
}

Buffer BladeWhoosh() {
    // Kestrel's spinning blade: a band of noise chopped sixteen times a second (the spin) and a
    // faint metallic shimmer rising.
    Rng rng(52);
    const double seconds = 0.45;
    Buffer b = Filter(Noise(seconds, rng), Pass::Band, 1400, 2600, 2.0);
    Shape(b, [&](double t) { return 0.55 + 0.45 * std::sin(2.0 * 3.14159265 * 16.0 * t); });
    Buffer shimmer = Tone(Wave::Sine, seconds, 3100, 3600);
    Mix(b, shimmer, 0.08);
    Shape(b, [&](double t) { return std::sin(3.14159265 * std::min(t / seconds, 1.0)); });
    return b;
}

Buffer BladeHit() {
    // A slice: a sharp high transient, short ringing partials, a small thump under them.
    Buffer b = Crack(0.05, 3000, 9000, 0.006, 53);
    Mix(b, Ring(0.3, {{2210, 0.4}, {3320, 0.3}, {4870, 0.2}}, 0.07), 0.8);
    Mix(b, Thump(0.15, 180, 90, 0.03), 0.6);
    return b;
}

}  // namespace

std::vector<Effect> Effects() {
    return {
        {"assets/sfx/hit_light.wav", HitLight, -3.0},
        {"assets/sfx/hit_heavy.wav", HitHeavy, -3.0},
        {"assets/sfx/hit_projectile.wav", HitProjectile, -3.0},
        {"assets/sfx/block.wav", Block, -4.0},
        {"assets/sfx/clash.wav", Clash, -4.0},
        {"assets/sfx/whiff_light.wav", WhiffLight, -10.0},
        {"assets/sfx/whiff_heavy.wav", WhiffHeavy, -8.0},
        {"assets/sfx/throw_projectile.wav", ThrowProjectile, -8.0},
        {"assets/sfx/cancel.wav", Cancel, -5.0},
        {"assets/sfx/jump.wav", Jump, -12.0},
        {"assets/sfx/land.wav", Land, -10.0},
        {"assets/sfx/knockdown.wav", Knockdown, -3.0},
        {"assets/sfx/ko.wav", Ko, -3.0},
        {"assets/sfx/round_1.wav", [] { return Round(1, "C4", false); }, -3.0},
        {"assets/sfx/round_2.wav", [] { return Round(2, "D4", false); }, -3.0},
        {"assets/sfx/round_final.wav", [] { return Round(3, "E4", true); }, -3.0},
        {"assets/sfx/fight.wav", Fight, -3.0},
        {"assets/sfx/time_over.wav", TimeOver, -4.0},
        {"assets/sfx/grab.wav", Grab, -6.0},
        {"assets/sfx/throw_slam.wav", ThrowSlam, -3.0},
        {"assets/sfx/throw_tech.wav", ThrowTech, -4.0},
        {"assets/sfx/super.wav", Super, -3.0},
        {"assets/sfx/meter_full.wav", MeterFull, -12.0},
        {"assets/sfx/menu_move.wav", MenuMove, -16.0},
        {"assets/sfx/menu_choose.wav", MenuChoose, -12.0},
        {"assets/brick/sfx/rock_throw.wav", RockThrow, -6.0},
        {"assets/brick/sfx/rock_hit.wav", RockHit, -3.0},
        {"assets/kestrel/sfx/blade_whoosh.wav", BladeWhoosh, -7.0},
        {"assets/kestrel/sfx/blade_hit.wav", BladeHit, -3.0},
    };
}

Buffer Finish(Buffer b, double peakDb) {
    // Every effect starts and ends at silence: a 2 ms fade in, a 15 ms fade out.
    FadeEdges(b, 0.002, 0.015);
    Normalize(b, peakDb);
    return b;
}

}  // namespace sfxgen
