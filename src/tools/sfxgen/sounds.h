// What sfxgen makes: the effects (effects.cpp), the loops (music.cpp, through the tracker),
// and the pictures and figures a person checks them by (picture.cpp).
#pragma once

#include "tools/sfxgen/synth.h"

#include <string>
#include <vector>

namespace sfxgen {

/// One effect: where it goes (from the project folder), its recipe, its peak.
struct Effect {
    std::string path;
    Buffer (*make)();
    double peakDb;
};

/// Every effect, shared defaults first, then the fighters' own.
[[nodiscard]] std::vector<Effect> Effects();
/// An effect's last step: fades at both ends (no click), then the peak set.
[[nodiscard]] Buffer Finish(Buffer b, double peakDb);

/// One loop: where it goes, and its rendering (seamless: the end runs into the start), called only
/// when the track is wanted (a loop takes a while to render).
struct Track {
    std::string path;
    Buffer (*render)();
};
/// The title loop and each stage's loop.
[[nodiscard]] std::vector<Track> Tracks();

/// Figures to judge a sound by (sfxgen --pictures prints them).
struct Figures {
    double seconds = 0;
    double peakDb = 0;
    double rmsDb = 0;
    double lowShare = 0;    ///< the share of energy below 250 Hz (a thump's is high)
    double centroidHz = 0;  ///< the spectrum's centre of mass: dull (low) or bright (high)
    double edgeLevel = 0;   ///< |first sample| and the largest |sample| of the last 1 ms (clicks: near 0)
    double attackMs = 0;    ///< from the start to the peak of the envelope
};
[[nodiscard]] Figures Measure(const assets::Sound& sound);
/// A PNG: the waveform (its -3 dBFS lines dashed) over the spectrogram (30 Hz to 11 kHz on a log
/// axis, log magnitude), the same time axis.
[[nodiscard]] assets::Image Picture(const assets::Sound& sound);

}  // namespace sfxgen
