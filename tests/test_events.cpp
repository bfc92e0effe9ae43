// The simulation's event channel: scripted scenarios produce exactly the expected events on the
// exact ticks (a move, a hit, a block, a clash, a cancel, a knock-out, a round's start and end),
// plainly and mirrored; the sparks come from those events; a re-simulated tick emits the same
// events again. Also the simulation's other outputs of the architecture: the golden hash, the state
// dump that names a difference, a definition's promises, and the CPU with its memory outside.
#include "fight_scene.h"
#include "game/game.h"
#include "synthetic_fighter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace {

using fightscene::D;
using fightscene::K;
using fightscene::L;
using fightscene::P;
using fightscene::R;
using fightscene::S;
using fightscene::Scene;
using game::Event;
using game::EventKind;
using game::Facing;

// The events of `kind` in the scene's log.
std::vector<Event> Of(const Scene& s, EventKind kind) {
    std::vector<Event> out;
    std::copy_if(s.eventLog.begin(), s.eventLog.end(), std::back_inserter(out),
                 [&](const Event& e) { return e.kind == kind; });
    return out;
}

// An event's x in the unmirrored scene's coordinates.
int X(bool mirrored, const Event& e) {
    return mirrored ? 639 - e.xPx : e.xPx;
}

TEST(Events, ARoundStartsThenTheFightStarts) {
    Scene s(false);  // the scene steps through the intro
    const auto starts = Of(s, EventKind::RoundStart);
    ASSERT_EQ(starts.size(), 1u);
    EXPECT_EQ(starts[0].tick, 1u) << "on the intro's first tick";
    EXPECT_EQ(starts[0].value, 1) << "round 1";
    const auto fight = Of(s, EventKind::FightStart);
    ASSERT_EQ(fight.size(), 1u);
    EXPECT_EQ(fight[0].tick, static_cast<std::uint64_t>(game::INTRO_TICKS)) << "the intro's last tick";
}

TEST(Events, APunchStartsThenHitsOnItsFirstActiveTick) {
    for (const bool mirrored : {false, true}) {
        SCOPED_TRACE(mirrored ? "mirrored" : "plain");
        Scene s(mirrored);
        s.eventLog.clear();
        s.Place(0, 200, Facing::Right);
        s.Place(1, 238, Facing::Left);
        const std::uint64_t pressTick = s.state.tick + 1;
        s.Step(P, 0);
        s.Run(3);
        const auto starts = Of(s, EventKind::MoveStart);
        ASSERT_EQ(starts.size(), 1u);
        EXPECT_EQ(starts[0].tick, pressTick);
        EXPECT_EQ(starts[0].fighter, 0);
        EXPECT_EQ(starts[0].move, 0) << "light_punch";
        const auto hits = Of(s, EventKind::Hit);
        ASSERT_EQ(hits.size(), 1u);
        EXPECT_EQ(hits[0].tick, pressTick + 3) << "the first active tick";
        EXPECT_EQ(hits[0].fighter, 0);
        EXPECT_EQ(hits[0].target, 1);
        EXPECT_EQ(hits[0].move, 0);
        EXPECT_FALSE(hits[0].projectile);
        EXPECT_EQ(hits[0].value, 50) << "the damage taken";
        EXPECT_EQ(hits[0].contact, 0) << "the tick's first contact";
        // The first colliding pixel: the fist's leading column meets the body's first column.
        EXPECT_EQ(X(mirrored, hits[0]), 229);
        EXPECT_EQ(hits[0].yPx, game::FLOOR_Y_PX - synth::ANCHOR_Y + 30);
        // The spark is made from the event, where the event says.
        const game::Spark& spark = s.state.sparks[0];
        EXPECT_EQ(spark.kind, game::SparkKind::Hit);
        EXPECT_EQ(spark.xPx, hits[0].xPx);
        EXPECT_EQ(spark.yPx, hits[0].yPx);
    }
}

TEST(Events, ABlockTellsTheChipDamage) {
    for (const bool mirrored : {false, true}) {
        SCOPED_TRACE(mirrored ? "mirrored" : "plain");
        Scene s(mirrored);
        s.eventLog.clear();
        s.Place(0, 200, Facing::Right);
        s.Place(1, 228, Facing::Left);
        s.Step(P, R);
        s.Run(3, 0, R);
        EXPECT_TRUE(Of(s, EventKind::Hit).empty());
        const auto blocks = Of(s, EventKind::Block);
        ASSERT_EQ(blocks.size(), 1u);
        EXPECT_EQ(blocks[0].fighter, 0) << "the attacker";
        EXPECT_EQ(blocks[0].target, 1) << "the one who blocked";
        EXPECT_EQ(blocks[0].value, 5) << "a tenth of 50";
        EXPECT_EQ(s.state.sparks[0].kind, game::SparkKind::Block);
    }
}

TEST(Events, AClashIsOneEventAndSpendsBothAttacks) {
    for (const bool mirrored : {false, true}) {
        SCOPED_TRACE(mirrored ? "mirrored" : "plain");
        Scene s(mirrored, synth::Kick::Level, synth::Kick::Level);
        s.eventLog.clear();
        s.Place(0, 200, Facing::Right);
        s.Place(1, 238, Facing::Left);
        s.Step(P, P);
        s.Run(3);
        const auto clashes = Of(s, EventKind::Clash);
        ASSERT_EQ(clashes.size(), 1u);
        EXPECT_EQ(clashes[0].tick, s.state.tick);
        EXPECT_EQ(clashes[0].fighter, -1);
        EXPECT_TRUE(Of(s, EventKind::Hit).empty()) << "a clashing attack hits nobody";
        EXPECT_EQ(Of(s, EventKind::MoveStart).size(), 2u);
    }
}

TEST(Events, AProjectileIsThrownThenCancelled) {
    for (const bool mirrored : {false, true}) {
        SCOPED_TRACE(mirrored ? "mirrored" : "plain");
        Scene s(mirrored);
        s.eventLog.clear();
        s.Place(0, 150, Facing::Right);
        s.Place(1, 489, Facing::Left);
        const std::uint64_t pressTick = s.state.tick + 1;
        s.Step(S, S);
        s.Run(60);
        const auto thrown = Of(s, EventKind::ProjectileThrown);
        ASSERT_EQ(thrown.size(), 2u);
        EXPECT_EQ(thrown[0].tick, pressTick + 5) << "the special's frame 1 starts on its animTick 5";
        EXPECT_EQ(thrown[0].tick, thrown[1].tick);
        EXPECT_EQ(thrown[0].move, synth::SPECIAL_MOVE);
        EXPECT_EQ(X(mirrored, thrown[0]), 150 + 30) << "spawned 30 px ahead of P1";
        const auto cancels = Of(s, EventKind::ProjectileCancel);
        ASSERT_EQ(cancels.size(), 1u);
        EXPECT_EQ(cancels[0].tick, pressTick + 38) << "test_fight's TwoProjectilesCancel: on step 39";
    }
}

TEST(Events, AKnockOutEndsTheRoundThenTheMatch) {
    Scene s(false);
    s.eventLog.clear();
    s.Place(0, 200, Facing::Right);
    s.Place(1, 238, Facing::Left);
    s.state.fighters[1].health = 40;
    s.Step(P, 0);
    s.Run(3);
    const auto hit = Of(s, EventKind::Hit);
    ASSERT_EQ(hit.size(), 1u);
    EXPECT_EQ(hit[0].value, 40) << "the damage actually taken: the health left";
    const auto ko = Of(s, EventKind::KnockOut);
    ASSERT_EQ(ko.size(), 1u);
    EXPECT_EQ(ko[0].fighter, 1);
    EXPECT_EQ(ko[0].tick, hit[0].tick);
    const auto end = Of(s, EventKind::RoundEnd);
    ASSERT_EQ(end.size(), 1u);
    EXPECT_EQ(end[0].value, 0) << "P1 won the round";
    // The KO's events in the order they happened: the hit, the knock-out, the round's end.
    const auto at =
        std::find_if(s.eventLog.begin(), s.eventLog.end(), [](const Event& e) { return e.kind == EventKind::Hit; });
    ASSERT_LE(at + 3, s.eventLog.end());
    EXPECT_EQ((at + 1)->kind, EventKind::KnockOut);
    EXPECT_EQ((at + 2)->kind, EventKind::RoundEnd);
    s.Run(game::ROUND_END_TICKS);
    EXPECT_TRUE(Of(s, EventKind::RoundStart).empty()) << "the round's end ends by setting up round 2";
    s.Step(0, 0);
    ASSERT_EQ(Of(s, EventKind::RoundStart).size(), 1u) << "round 2's intro, on its first tick";
    EXPECT_EQ(Of(s, EventKind::RoundStart)[0].value, 2);
    s.Run(game::INTRO_TICKS - 1);
    s.Place(0, 200, Facing::Right);
    s.Place(1, 238, Facing::Left);
    s.state.fighters[1].health = 10;
    s.Step(P, 0);
    s.Run(3 + game::ROUND_END_TICKS);
    const auto over = Of(s, EventKind::MatchOver);
    ASSERT_EQ(over.size(), 1u);
    EXPECT_EQ(over[0].value, 0);
}

TEST(Events, TimeOverComesBeforeTheRoundsEnd) {
    Scene s(false);
    s.eventLog.clear();
    s.state.fighters[0].health = 700;
    s.state.roundTicksLeft = 2;
    s.Run(2);
    ASSERT_EQ(s.eventLog.size(), 2u);
    EXPECT_EQ(s.eventLog[0].kind, EventKind::TimeOver);
    EXPECT_EQ(s.eventLog[1].kind, EventKind::RoundEnd);
    EXPECT_EQ(s.eventLog[1].value, 1);
}

TEST(Events, JumpAndLanding) {
    Scene s(false);
    s.eventLog.clear();
    s.Step(game::Input::UP, 0);
    s.Run(120);
    const auto jumps = Of(s, EventKind::Jump), lands = Of(s, EventKind::Land);
    ASSERT_EQ(jumps.size(), 1u);
    ASSERT_EQ(lands.size(), 1u);
    EXPECT_EQ(jumps[0].fighter, 0);
    EXPECT_EQ(lands[0].fighter, 0);
    EXPECT_GT(lands[0].tick, jumps[0].tick + 10);
}

// Rollback's premise: restore a saved state and step the same inputs again, and the same events
// come out, identity for identity (a consumer recognises them as repeats).
TEST(Events, ARestoredStateSteppedAgainEmitsTheSameEvents) {
    Scene s(false);
    s.Place(0, 200, Facing::Right);
    s.Place(1, 238, Facing::Left);
    const game::MatchState saved = s.state;
    s.eventLog.clear();
    s.Step(P, 0);
    s.Run(10, 0, 0);
    const std::vector<Event> first = s.eventLog;
    ASSERT_FALSE(first.empty());
    s.state = saved;
    s.eventLog.clear();
    s.Step(P, 0);
    s.Run(10, 0, 0);
    ASSERT_EQ(s.eventLog.size(), first.size());
    for (std::size_t i = 0; i < first.size(); ++i) {
        EXPECT_TRUE(s.eventLog[i].SameIdentity(first[i])) << i;
        EXPECT_EQ(s.eventLog[i].xPx, first[i].xPx);
        EXPECT_EQ(s.eventLog[i].value, first[i].value);
    }
}

// ---- the golden hash --------------------------------------------------------------------------

// Box2D's determinism check: a fixed scripted match pins its final hash. A change to the rules, the
// state or the hash's encoding moves it; then bump game::SIMULATION_VERSION, re-record the
// committed replays and update README's example hash in the same commit (DEVELOPERS.md).
TEST(GoldenHash, AScriptedMatchOnTheSyntheticFightersEndsOnItsPinnedHash) {
    const game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    const game::MatchDefs defs{{&a, &b}};
    game::MatchConfig config;
    config.controllers = {game::Controller::Human, game::Controller::Cpu};
    config.cpuLevel = 3;
    config.seed = 20261123;
    game::MatchState s = game::NewMatch(defs, config);
    std::uint64_t script = 99;  // P1's inputs: a seeded walk in, swings, blocks and jumps
    std::uint8_t held = 0;
    for (int t = 0; t < 6000; ++t) {
        if (t % 6 == 0) {
            const std::uint64_t r = game::SplitMix64(script);
            static constexpr std::uint8_t CHOICES[] = {R, R, L, P, K, S, D | K, D | L, game::Input::UP | R, 0};
            held = CHOICES[r % std::size(CHOICES)];
        }
        game::StepMatch(defs, s, {game::Input{held}, game::Input{}});
    }
    EXPECT_GT(s.stats.hits[0] + s.stats.hits[1], 10) << "the script fights";
    // Version 3 (rotations by integer CORDIC) kept version 2's hash here: nothing in this match spins.
    // Version 4 (the fair fight: knockdowns, pre-jumps, counter-hits, the CPU from a delayed view).
    // Version 5 (the stage's width and starts in the configuration, hashed; the rooftop's walls and
    // starts are the old constants').
    EXPECT_EQ(game::SIMULATION_VERSION, 5) << "a new version has its own pinned hash below";
    EXPECT_EQ(game::HashState(s), 0x91deb87bc2bacd6full) << std::hex << "got 0x" << game::HashState(s);
}

// ---- the state dump ---------------------------------------------------------------------------

TEST(StateDump, NamesTheFightDepthFields) {
    Scene s(false);
    const std::string dump = game::DumpState(s.state);
    for (const char* field : {"fighters[0].inputHistory[0] ", "fighters[1].inputHistory[31] ", "fighters[0].historyAt ",
                              "fighters[0].moveLanded ", "fighters[1].comboHits ", "fighters[0].meter ",
                              "superFreezeTicks ", "cpu[1].sequence[11] ", "cpu[0].sequenceLength "}) {
        EXPECT_NE(dump.find(field), std::string::npos) << field;
    }
    game::MatchState other = s.state;
    other.fighters[1].inputHistory[7] ^= 1;
    EXPECT_EQ(game::FirstDifference(s.state, other), "fighters[1].inputHistory[7]: 0 vs 1");
    EXPECT_NE(game::HashState(other), game::HashState(s.state));
}

TEST(StateDump, NamesTheFirstFieldThatDiffers) {
    Scene s(false);
    game::MatchState other = s.state;
    EXPECT_EQ(game::FirstDifference(s.state, other), "");
    other.fighters[1].health -= 3;
    other.projectiles[2].ageTicks = 9;
    EXPECT_EQ(game::FirstDifference(s.state, other), "fighters[1].health: 1000 vs 997");
    other.fighters[1].health += 3;
    EXPECT_EQ(game::FirstDifference(s.state, other), "projectiles[2].ageTicks: 0 vs 9");
    const std::string dump = game::DumpState(s.state);
    EXPECT_NE(dump.find("\ntick " + std::to_string(s.state.tick) + "\n"), std::string::npos) << dump.substr(0, 200);
    EXPECT_NE(dump.find("\nrng.state "), std::string::npos);
    EXPECT_NE(dump.find("\nconfig.seed "), std::string::npos);
}

TEST(StateDump, EveryFieldTheHashSeesTheDumpSees) {
    // Each line of the dump is one field; changing any field changes its line and the hash. Spot
    // checks across the state: a change the hash sees must be named by the comparison.
    Scene s(false);
    const auto check = [&](auto change, const char* field) {
        game::MatchState other = s.state;
        change(other);
        EXPECT_NE(game::HashState(other), game::HashState(s.state)) << field;
        EXPECT_EQ(game::FirstDifference(s.state, other).rfind(field, 0), 0u) << game::FirstDifference(s.state, other);
    };
    check([](game::MatchState& m) { m.config.insetPx = 9; }, "config.insetPx");
    check([](game::MatchState& m) { m.fighters[0].pressedAgo[2] = 3; }, "fighters[0].pressedAgo[special]");
    check([](game::MatchState& m) { m.cpu[1].selfDecided = true; }, "cpu[1].selfDecided");
    check([](game::MatchState& m) { m.cpu[0].views[3].frozen = true; }, "cpu[0].views[3].frozen");
    check([](game::MatchState& m) { m.sparks[7].kind = game::SparkKind::Clash; }, "sparks[7].kind");
    check([](game::MatchState& m) { m.stats.boxHitsRejectedByPixels = 4; }, "stats.boxHitsRejectedByPixels");
    check([](game::MatchState& m) { m.rng.state ^= 1; }, "rng.state");
}

// ---- a definition's promises ----------------------------------------------------------------------

TEST(Definitions, TheSyntheticFightersKeepEveryPromise) {
    EXPECT_EQ(game::FindDefProblem(synth::Make(synth::Kick::Rising)), "");
}

TEST(Definitions, EachBrokenPromiseIsNamed) {
    const auto problem = [](auto breakIt) {
        game::FighterDef d = synth::Make(synth::Kick::Rising);
        breakIt(d);
        return game::FindDefProblem(d);
    };
    EXPECT_NE(problem([](game::FighterDef& d) { d.animations.resize(5); }).find("required animations"),
              std::string::npos);
    EXPECT_NE(problem([](game::FighterDef& d) {
                  std::swap(d.animations[0], d.animations[1]);
              }).find("animations[0] must be \"idle\""),
              std::string::npos);
    EXPECT_NE(problem([](game::FighterDef& d) { d.moves[0].activeLast = 7; }).find("moves \"light_punch\": active"),
              std::string::npos);
    EXPECT_NE(problem([](game::FighterDef& d) {
                  d.animations[10].frames[1].masks.attack = collide::Mask(100, 112);
              }).find("active frame 1 has no attack pixel"),
              std::string::npos);
    EXPECT_NE(problem([](game::FighterDef& d) { d.moves[1].stance = game::Stance::Crouch; }).find("same button"),
              std::string::npos);
    EXPECT_NE(problem([](game::FighterDef& d) { d.animations[3].frames[0].widthPx = 99; }).find("mask's size"),
              std::string::npos);
    EXPECT_NE(problem([](game::FighterDef& d) { d.moves[3].projectile->animation = 99; }).find("projectile animation"),
              std::string::npos);
}

#ifndef NDEBUG
TEST(DefinitionsDeathTest, NewMatchRefusesABrokenDefinitionSayingWhy) {
    game::FighterDef broken = synth::Make(synth::Kick::Rising), good = synth::Make(synth::Kick::Level);
    broken.moves[0].activeLast = 7;
    const game::MatchDefs defs{{&broken, &good}};
    EXPECT_DEATH((void)game::NewMatch(defs, {}), "moves \"light_punch\": active frames");
}
#endif

// ---- the CPU with its memory outside the state --------------------------------------------------

TEST(Cpu, OutsideMemoryDecidesExactlyAsTheStatesOwn) {
    const game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    const game::MatchDefs defs{{&a, &b}};
    game::MatchConfig config;
    config.controllers = {game::Controller::Cpu, game::Controller::Cpu};
    config.seed = 5;
    game::MatchState inside = game::NewMatch(defs, config);
    // The same match with both sides "human" in the state, driven by CPUs whose memory and PRNG
    // live beside it, seeded as the state's would be.
    game::MatchConfig humans = config;
    humans.controllers = {game::Controller::Human, game::Controller::Human};
    game::MatchState outside = game::NewMatch(defs, humans);
    std::array<game::CpuState, 2> memory{};
    game::Rng rng{config.seed};
    int decisions = 0;
    for (int t = 0; t < 4000; ++t) {
        // The state's own CPUs think first for side 0 then 1, from the state before the step.
        game::Inputs in{};
        for (int i = 0; i < 2; ++i)
            in[static_cast<std::size_t>(i)] =
                game::ThinkCpu(defs, outside, i, memory[static_cast<std::size_t>(i)], rng);
        decisions += (in[0].bits | in[1].bits) != 0;
        game::StepMatch(defs, inside, {});
        game::EventList events;
        game::StepMatch(defs, outside, in, game::StepHooks{nullptr, nullptr, &events});
        // A round's start wipes the state's CPU plans (not what it learned of its opponent): an
        // outside CPU forgets as much on the same event.
        for (const game::Event& e : events.View()) {
            if (e.kind == game::EventKind::RoundStart)
                for (game::CpuState& m : memory) game::ForgetRound(m);
        }
        ASSERT_EQ(inside.fighters[0].xSubpx, outside.fighters[0].xSubpx) << "tick " << t;
        ASSERT_EQ(inside.fighters[1].health, outside.fighters[1].health) << "tick " << t;
        ASSERT_EQ(inside.rng.state, rng.state) << "tick " << t;
        // A match that is over (the CPUs combo and super: about 2,500 ticks) fights its last round
        // again, in both, so the CPUs keep deciding for the whole run.
        if (inside.phase == game::Phase::MatchOver && outside.phase == game::Phase::MatchOver) {
            game::RestartRound(defs, inside);
            game::RestartRound(defs, outside);
        }
    }
    EXPECT_GT(decisions, 500) << "they act";
    EXPECT_EQ(outside.rng.state, config.seed) << "the outside CPUs never touched the state's PRNG";
}

}  // namespace
