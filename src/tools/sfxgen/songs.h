// songs: the stages' loops beyond the rooftop's (stage_music.cpp), for music.cpp's track list.
#pragma once

#include "tools/sfxgen/tracker.h"

namespace sfxgen {

/// The dojo's loop: koto, taiko, flute, drone (A hirajoshi, 100 BPM, eight bars).
[[nodiscard]] Song DojoSong();
/// The harbour at night's loop: sub bass, bell, pad, brushes, water (D minor, 90 BPM, eight bars).
[[nodiscard]] Song HarbourSong();
/// The song rendered as a loop, then put through a room (Reverb) so that the reverb's tail at the
/// end rings on at the start: seamless when repeated.
[[nodiscard]] Buffer LoopInRoom(const Song& song, double wet, double roomSeconds);

}  // namespace sfxgen
