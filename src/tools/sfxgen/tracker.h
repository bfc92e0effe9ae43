// A small tracker: a song is a tempo and channels; a channel is an instrument and a sequence of
// patterns; a pattern is one step per token, sixteen to a bar ("A2" a note, "-" holds the note
// before, "." rests; a drum channel's tokens are its drum letters). Rendered as a seamless loop: the
// tails of the last notes are added onto the start, so the end runs into the beginning.
#pragma once

#include "tools/sfxgen/synth.h"

#include <string>
#include <vector>

namespace sfxgen {

/// Renders one note: `hz` (0 for a drum, whose letter is in `drum`), held `seconds`, at `velocity`
/// 0-1; may ring past `seconds` (its release).
using Instrument = Buffer (*)(double hz, char drum, double seconds, double velocity);

struct Channel {
    Instrument instrument = nullptr;
    double gain = 1.0;
    /// Patterns in the order they play, each one bar or more of space-separated tokens.
    std::vector<std::string> patterns;
};

struct Song {
    double beatsPerMinute = 120;
    std::vector<Channel> channels;
};

/// The song as one seamless loop at RATE_HZ. Every channel must have the same number of steps.
[[nodiscard]] Buffer RenderLoop(const Song& song);

}  // namespace sfxgen
