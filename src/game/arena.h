// The arena: whole matches played without a screen, for the balance bench (bench/bench_balance.cpp)
// and the CPU's tests. Each side is a CPU of some level or a looped slot; an observer reads every
// tick's events and states and counts what each side did as a defender (attacks it could block and
// did, jump-ins it met with an anti-air, punishable blocks it punished, grabs it broke) and as an
// attacker (air attacks, throws, supers, its longest combo). Pure like the rest of src/game: no
// files, no clock, no threads; the bench spreads matches over the cores.
#pragma once

#include "game/game.h"
#include "game/training.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace game {

/// One side of an arena match: the CPU at a level, or a slot played in a loop (forward/back inputs).
struct ArenaSide {
    std::int32_t cpuLevel = 3;   ///< 1-3, when `slot` is null
    const Slot* slot = nullptr;  ///< looped from its first input, as --p1-slot plays it
};

/// What one side did over a match, counted by the arena's observer (docs/balance.md says how each
/// is measured).
struct SideCounts {
    std::int32_t blockable = 0;            ///< attacks that connected while it was free or guarding
    std::int32_t blocked = 0;              ///< of those, blocked
    std::int32_t jumpIns = 0;              ///< the opponent's forward jumps that came down within reach
    std::int32_t antiAired = 0;            ///< of those, hit before they landed
    std::int32_t punishable = 0;           ///< its blocks after which a move of its own still hits 4+ ticks late
    std::int32_t punished = 0;             ///< of those, hit during the blocked move
    std::int32_t grabbed = 0;              ///< grabs that took hold of it
    std::int32_t teched = 0;               ///< of those, broken
    std::int32_t projectileHits = 0;       ///< the opponent's projectiles that hit it
    std::int32_t projectileHitsInAir = 0;  ///< of those, while it was in the air
    std::int32_t projectileBlocks = 0;     ///< the opponent's projectiles it blocked
    std::int32_t airAttacks = 0;           ///< air attacks it started
    std::int32_t throws = 0;               ///< throws it started
    std::int32_t throwsLanded = 0;         ///< throws it landed (the victim tossed)
    std::int32_t supers = 0;               ///< supers it started
    std::int32_t supersInCombo = 0;        ///< supers that hit as the second or later hit of a combo
    std::int32_t hits = 0;                 ///< hits it landed
    std::int32_t maxCombo = 0;             ///< its longest combo, in hits
    std::int32_t counterHits = 0;          ///< counter-hits it landed
    std::int32_t knockdowns = 0;           ///< knockdowns it scored

    SideCounts& operator+=(const SideCounts& o);
};

struct ArenaResult {
    std::int32_t winner = -1;  ///< 0, 1, 2 for a draw; -1 when the tick limit came first
    std::int64_t ticks = 0;
    std::array<std::int32_t, 2> roundsWon{};
    std::array<SideCounts, 2> counts{};
    std::uint64_t finalHash = 0;
};

/// Plays one match from NewMatch to its end (at most `maxTicks`), seeded `seed`.
[[nodiscard]] ArenaResult PlayArena(const MatchDefs& defs, const std::array<ArenaSide, 2>& sides, std::uint64_t seed,
                                    std::int64_t maxTicks = 30 * 60 * TICK_HZ);

/// A looped pattern a player might try against the CPU (issue: "no repeated input beats level 3").
struct LoopPattern {
    std::string name;  ///< "5P every 12", "hold 1", ...
    Slot slot;
};
/// The family of looped patterns for a fighter: one button repeated, a button at a fixed interval,
/// a button after a walk, a cancel string then a walk in, a special then a walk back, jump-ins at
/// fixed timings, holding down-back, motion specials repeated, the throw after a walk.
[[nodiscard]] std::vector<LoopPattern> LoopPatterns(const FighterDef& def);

}  // namespace game
