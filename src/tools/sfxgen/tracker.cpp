// The tracker's renderer: tokens to notes, notes to samples, the tail wrapped onto the start.
#include "tools/sfxgen/tracker.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace sfxgen {

namespace {

std::vector<std::string> Tokens(const Channel& c) {
    std::vector<std::string> out;
    for (const std::string& p : c.patterns) {
        std::istringstream in(p);
        for (std::string t; in >> t;) out.push_back(t);
    }
    return out;
}

}  // namespace

Buffer RenderLoop(const Song& song) {
    const double stepSeconds = 60.0 / song.beatsPerMinute / 4.0;
    std::size_t steps = 0;
    std::vector<std::vector<std::string>> channels;
    for (const Channel& c : song.channels) {
        channels.push_back(Tokens(c));
        if (steps == 0) steps = channels.back().size();
        if (channels.back().size() != steps) {
            std::fprintf(stderr, "sfxgen: a channel has %zu steps, the first %zu (every channel loops together)\n",
                         channels.back().size(), steps);
            std::abort();
        }
    }
    const std::size_t loopSamples = Samples(static_cast<double>(steps) * stepSeconds);
    Buffer out(loopSamples, 0.0);
    for (std::size_t ci = 0; ci < song.channels.size(); ++ci) {
        const Channel& c = song.channels[ci];
        const std::vector<std::string>& tokens = channels[ci];
        for (std::size_t s = 0; s < steps; ++s) {
            const std::string& t = tokens[s];
            if (t == "." || t == "-") continue;
            std::size_t length = 1;
            while (s + length < steps && tokens[s + length] == "-") ++length;
            // A trailing '!' is an accent, a trailing '?' a ghost note.
            double velocity = 0.8;
            std::string name = t;
            if (name.back() == '!') velocity = 1.0, name.pop_back();
            if (name.back() == '?') velocity = 0.45, name.pop_back();
            const bool drum = name.size() == 1 && name[0] >= 'a' && name[0] <= 'z';
            const double hz = drum ? 0.0 : NoteHz(name.c_str());
            const Buffer note =
                c.instrument(hz, drum ? name[0] : '\0', static_cast<double>(length) * stepSeconds, velocity);
            Mix(out, note, c.gain, static_cast<double>(s) * stepSeconds);
        }
    }
    // Seamless: what rings past the end is added onto the start, as it would be the second time
    // round.
    for (std::size_t i = loopSamples; i < out.size(); ++i) out[i % loopSamples] += out[i];
    out.resize(loopSamples);
    return out;
}

}  // namespace sfxgen
