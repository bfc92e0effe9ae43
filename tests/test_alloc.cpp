// The step allocates nothing: 10,000 ticks of CPU against CPU (walks, jumps, moves, projectiles,
// hits, blocks, rounds) without a debug record make no heap allocation. Counted by replacing the
// global operator new in this test binary; the count is read around the ticks only.
#include "game/game.h"
#include "synthetic_fighter.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<long> allocations{0};
}  // namespace

// The replacements below pair malloc with free on purpose; GCC cannot see that the replaced
// operator new is this malloc, and would call every delete mismatched.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

void* operator new(std::size_t size) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
    return operator new(size);
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete[](void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
    std::free(p);
}

namespace {

TEST(Allocations, TenThousandTicksWithoutADebugRecordAllocateNothing) {
    // P2's orb spins, so the transformed query runs too.
    const game::FighterDef a = synth::Make(synth::Kick::Rising, "a");
    game::FighterDef b = synth::Make(synth::Kick::Level, "b");
    b.moves[synth::SPECIAL_MOVE].projectile->spinMilliDegreesPerTick = 7000;
    const game::MatchDefs defs{{&a, &b}};
    game::MatchConfig config;
    config.controllers = {game::Controller::Human, game::Controller::Cpu};  // P1: seeded presses below
    config.cpuLevel = 3;
    config.seed = 11;
    game::MatchState s = game::NewMatch(defs, config);
    game::EventList events;
    const game::StepHooks hooks{nullptr, nullptr, &events};
    int contacts = 0, projectiles = 0;
    std::uint64_t script = 3;
    game::Input p1{};
    const long before = allocations.load();
    for (int t = 0; t < 10000; ++t) {
        if (t % 5 == 0) {
            static constexpr std::uint8_t CHOICES[] = {
                game::Input::RIGHT, game::Input::RIGHT,   game::Input::LEFT, game::Input::PUNCH,
                game::Input::KICK,  game::Input::SPECIAL, game::Input::UP,   0};
            p1 = game::Input{CHOICES[game::SplitMix64(script) % std::size(CHOICES)]};
        }
        game::StepMatch(defs, s, {p1, game::Input{}}, hooks);
        for (const game::Event& e : events.View()) {
            contacts += e.kind == game::EventKind::Hit || e.kind == game::EventKind::Block;
            projectiles += e.kind == game::EventKind::ProjectileThrown;
        }
        if (s.phase == game::Phase::MatchOver) s = game::NewMatch(defs, config);  // NewMatch allocates nothing either
    }
    const long during = allocations.load() - before;
    EXPECT_EQ(during, 0) << "heap allocations in 10,000 ticks";
    EXPECT_GT(contacts, 50) << "the ticks counted include real fighting";
    EXPECT_GT(projectiles, 3);

    // The counter itself works: a debug record's contact pixels are allocated.
    game::DebugRecord debug;
    const long withDebug = allocations.load();
    for (int t = 0; t < 2000; ++t) game::StepMatch(defs, s, {}, game::StepHooks{&debug, nullptr, &events});
    EXPECT_GT(allocations.load() - withDebug, 0) << "the debug record is the one thing that allocates";
}

}  // namespace
