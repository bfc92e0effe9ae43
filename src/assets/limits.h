// The limits on what one file, one fighter and one project may hold, in one place, each with its
// unit. Checked before the work they bound (a file's size before reading it, a PNG's header before
// decoding it, a count before the entries are read), so a hostile file costs no more than these.
// docs/reliability.md lists them with the reasons; today's content and four times it fit well within.
#pragma once

#include <cstddef>
#include <cstdint>

namespace assets::limits {

// ---- files (bytes, checked from fstat before a byte is read) ------------------------------------

/// A PNG (a sprite, a hotmap, a picture given to a tool). Today's frames are 1-19 KiB; a 4096 x
/// 4096 frame of noise compresses to about 48 MiB, flat art of that size to a few hundred KiB.
inline constexpr std::uint64_t PNG_FILE_BYTES = 16ull << 20;
/// fighter.json. Today's are 7.4 KiB; 256 animations of 64 frames, each with its own anchor, write
/// about 1.5 MiB.
inline constexpr std::uint64_t MANIFEST_BYTES = 4ull << 20;
/// A replay. A match of 99 s whose inputs change every tick is about 60 KiB; 16 MiB holds hours.
inline constexpr std::uint64_t REPLAY_BYTES = 16ull << 20;
/// A desync's state dump (brawl --compare-dumps): game::DumpState's text of one match, a few KiB.
inline constexpr std::uint64_t DUMP_BYTES = 16ull << 20;
/// A sound or music file (PCM WAV, assets/sound.h, which also caps its length): today's largest,
/// the title loop, is 0.7 MiB; 16 MiB is a minute and a half of CD-quality stereo.
inline constexpr std::uint64_t SOUND_FILE_BYTES = 16ull << 20;

/// A manifest's text field (a name, credits, a license) once decoded. Its own limit counts
/// characters (24 for a name, 200 for credits: 800 bytes of UTF-8 at most); this byte cap sits
/// far above it.
inline constexpr std::size_t TEXT_FIELD_BYTES = 4096;

// ---- counts (checked as the manifest is read, before any entry's work) --------------------------

/// Frames in one animation (the field table's range for `frames`).
inline constexpr std::int32_t FRAMES_PER_ANIMATION = 64;
/// Animations in one fighter: 23 today.
inline constexpr std::int32_t ANIMATIONS_PER_FIGHTER = 256;
/// Moves in one fighter: 10 today.
inline constexpr std::int32_t MOVES_PER_FIGHTER = 128;
/// Frames in one fighter, all animations together: 101 (brick) and 107 (kestrel) today. Each frame
/// is two files opened.
inline constexpr std::int32_t FRAMES_PER_FIGHTER = 1024;
/// Fighters in one project: 2 today.
inline constexpr std::int32_t FIGHTERS_PER_PROJECT = 64;

// ---- pixels (width x height of every frame, from the PNG headers, before decoding) ---------------

/// One fighter's frames, all added up (a hotmap is its sprite's size and counts once). Today 4.7
/// Mpx (brick) and 4.1 Mpx (kestrel): 6.8 times brick fits. Each pixel costs
/// about 8.4 bytes loaded (the sprite's RGBA, its texture, three mask bits): 32 Mpx is ~280 MB.
inline constexpr std::int64_t PIXELS_PER_FIGHTER = 32ll << 20;
/// Every fighter of a project together: 8.8 Mpx today (7 times it fits).
inline constexpr std::int64_t PIXELS_PER_PROJECT = 64ll << 20;

}  // namespace assets::limits
