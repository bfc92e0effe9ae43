// The fight's rules in scripted scenarios with exact ticks and outcomes, on the synthetic fighters
// of tests/synthetic_fighter.h (every pixel known). Each scenario also runs mirrored, left for
// right, and must give the same outcome tick for tick.
#include <gtest/gtest.h>

#include <functional>

#include "game/game.h"
#include "synthetic_fighter.h"

namespace {

using game::Action;
using game::Facing;
using game::Input;

constexpr std::uint8_t P = Input::PUNCH, K = Input::KICK, S = Input::SPECIAL, L = Input::LEFT, R = Input::RIGHT,
                       D = Input::DOWN;

struct Outcome {
    std::array<std::int32_t, 2> health{};
    std::array<Action, 2> action{};
    std::array<std::int32_t, 2> hits{}, blocks{};
    std::int32_t clashes = 0;
    std::int32_t rejected = 0;
    std::int32_t projectilesAlive = 0;
    friend bool operator==(const Outcome&, const Outcome&) = default;
};

// One scenario's world, optionally mirrored: positions x -> 639 - x, facings and left/right swapped.
class Scene {
public:
    explicit Scene(bool mirrored, synth::Kick kickA = synth::Kick::Rising, synth::Kick kickB = synth::Kick::Level)
        : mirrored_(mirrored), a_(synth::Make(kickA, "a")), b_(synth::Make(kickB, "b")) {
        defs_.fighters = {&a_, &b_};
        game::MatchConfig config;
        config.controllers = {game::Controller::Human, game::Controller::Human};
        state = game::NewMatch(defs_, config);
        while (state.phase == game::Phase::Intro) Step(0, 0);
    }

    /// Puts fighter i's anchor on world pixel xPx (mirrored: 639 - xPx), facing `facing`.
    void Place(int i, int xPx, Facing facing) {
        game::FighterState& f = state.fighters[static_cast<std::size_t>(i)];
        // x -> 639 * 256 + 255 - x maps pixel p to 639 - p and reverses every velocity exactly.
        f.xSubpx = mirrored_ ? (639 * 256 + 255) - xPx * 256 : xPx * 256;
        f.facing = mirrored_ ? (facing == Facing::Right ? Facing::Left : Facing::Right) : facing;
    }
    /// World pixel of fighter i's anchor, in the unmirrored scene's coordinates.
    [[nodiscard]] int X(int i) const {
        const int px = game::ToPx(state.fighters[static_cast<std::size_t>(i)].xSubpx);
        return mirrored_ ? 639 - px : px;
    }
    Input In(std::uint8_t bits) const {
        if (!mirrored_) return Input{bits};
        const std::uint8_t lr = bits & (L | R);
        const std::uint8_t swapped = static_cast<std::uint8_t>(((lr & L) ? R : 0) | ((lr & R) ? L : 0));
        return Input{static_cast<std::uint8_t>((bits & ~(L | R)) | swapped)};
    }
    void Step(std::uint8_t a, std::uint8_t b) {
        game::StepMatch(defs_, state, {In(a), In(b)}, game::StepHooks{&debug, nullptr});
    }
    void Run(int ticks, std::uint8_t a = 0, std::uint8_t b = 0) {
        for (int i = 0; i < ticks; ++i) Step(a, b);
    }
    [[nodiscard]] std::int32_t Health(int i) const { return state.fighters[static_cast<std::size_t>(i)].health; }
    [[nodiscard]] Action Act(int i) const { return state.fighters[static_cast<std::size_t>(i)].action; }
    [[nodiscard]] Outcome Out() const {
        Outcome o;
        for (int i = 0; i < 2; ++i) {
            o.health[static_cast<std::size_t>(i)] = Health(i);
            o.action[static_cast<std::size_t>(i)] = Act(i);
        }
        o.hits = state.stats.hits;
        o.blocks = state.stats.blocks;
        o.clashes = state.stats.clashes;
        o.rejected = state.stats.boxHitsRejectedByPixels;
        for (const auto& p : state.projectiles) o.projectilesAlive += p.alive;
        return o;
    }

    game::MatchState state;
    game::DebugRecord debug;

private:
    bool mirrored_;
    game::FighterDef a_, b_;
    game::MatchDefs defs_;
};

// Runs `scenario` plainly and mirrored; both must end the same. Returns the plain outcome.
Outcome RunBoth(const std::function<void(Scene&)>& scenario, synth::Kick kickA = synth::Kick::Rising,
                synth::Kick kickB = synth::Kick::Level) {
    Scene plain(false, kickA, kickB), mirrored(true, kickA, kickB);
    {
        SCOPED_TRACE("plain");
        scenario(plain);
    }
    {
        SCOPED_TRACE("mirrored");
        scenario(mirrored);
    }
    EXPECT_EQ(plain.Out(), mirrored.Out()) << "the mirrored scenario ended differently";
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(mirrored.state.fighters[i].xSubpx, (639 * 256 + 255) - plain.state.fighters[i].xSubpx)
            << "fighter " << i << " is not where the mirror puts it, to the subpixel";
        EXPECT_EQ(mirrored.state.fighters[i].ySubpx, plain.state.fighters[i].ySubpx);
    }
    return plain.Out();
}

// ---- melee -----------------------------------------------------------------------------------------

TEST(Fight, PunchInRangeHitsOnItsFirstActiveTickAndNotBefore) {
    const Outcome o = RunBoth([](Scene& s) {
        // The fist reaches world column 229; the defender's body starts at 238 - 9 = 229.
        s.Place(0, 200, Facing::Right);
        s.Place(1, 238, Facing::Left);
        s.Step(P, 0);  // the press: startup frame 0 shows (3 ticks)
        EXPECT_EQ(s.Act(0), Action::Attack);
        s.Step(0, 0);
        s.Step(0, 0);
        EXPECT_EQ(s.Health(1), 1000) << "no hit during startup";
        EXPECT_TRUE(s.debug.contacts.empty());
        s.Step(0, 0);  // animTick 3: the active frame
        EXPECT_EQ(s.Health(1), 950) << "hit on the first active tick";
        EXPECT_EQ(s.Act(1), Action::Hitstun);
        ASSERT_EQ(s.debug.contacts.size(), 1u);
        EXPECT_EQ(s.debug.contacts[0].pixelCount, 10) << "one column of the fist (10 rows) touches the body";
    });
    EXPECT_EQ(o.hits[0], 1);
}

TEST(Fight, ThePunchOnePixelOutOfRangeDoesNot) {
    RunBoth([](Scene& s) {
        s.Place(0, 200, Facing::Right);
        s.Place(1, 239, Facing::Left);
        s.Step(P, 0);
        for (int i = 0; i < 12; ++i) {
            s.Step(0, 0);
            for (const auto& pair : s.debug.pairs) EXPECT_FALSE(pair.boxesOverlap) << "touching edges do not overlap";
        }
        EXPECT_EQ(s.Health(1), 1000);
    });
}

TEST(Fight, HighKickOverACrouchOverlapsBoxesButNoPixels) {
    const Outcome o = RunBoth([](Scene& s) {
        s.Place(0, 200, Facing::Right);
        s.Place(1, 240, Facing::Left);
        s.Step(0, D);  // the defender crouches
        EXPECT_EQ(s.Act(1), Action::Crouch);
        s.Step(K, D);
        s.Run(3, 0, D);
        s.Step(0, D);  // animTick 4: the kick's active frame
        bool sawPair = false;
        for (const auto& pair : s.debug.pairs) {
            if (pair.kind != game::PairKind::AttackHurt) continue;
            sawPair = true;
            EXPECT_TRUE(pair.boxesOverlap) << "the hitbox pass lets the pair through";
            EXPECT_FALSE(pair.pixelsCollide) << "the per-pixel pass finds the kick passes over";
        }
        EXPECT_TRUE(sawPair);
        s.Run(20, 0, D);
        EXPECT_EQ(s.Health(1), 1000) << "no damage";
    });
    EXPECT_EQ(o.rejected, 3) << "three active ticks whose boxes overlapped and pixels did not";
}

TEST(Fight, TheSameHighKickHitsAStandingOpponent) {
    RunBoth([](Scene& s) {
        s.Place(0, 200, Facing::Right);
        s.Place(1, 240, Facing::Left);
        s.Step(K, 0);
        s.Run(4);
        EXPECT_EQ(s.Health(1), 900);
    });
}

TEST(Fight, ATradeHitsBoth) {
    const Outcome o = RunBoth([](Scene& s) {
        // A's fist (rows 30-39) reaches B's body; B's level kick (rows 80-89) reaches A's body; fist
        // and foot never meet, so it is no clash. Both active on the same tick.
        s.Place(0, 200, Facing::Right);
        s.Place(1, 236, Facing::Left);
        s.Step(0, K);  // B's kick: active from its animTick 4
        s.Step(P, 0);  // A's punch: active from its animTick 3
        s.Run(2);
        EXPECT_EQ(s.Health(0), 1000);
        EXPECT_EQ(s.Health(1), 1000);
        s.Step(0, 0);
        EXPECT_EQ(s.Health(0), 900) << "A took B's kick";
        EXPECT_EQ(s.Health(1), 950) << "B took A's punch";
        EXPECT_EQ(s.debug.contacts.size(), 2u) << "both contacts recorded before either reaction";
    });
    EXPECT_EQ(o.hits, (std::array<std::int32_t, 2>{1, 1}));
}

TEST(Fight, AMoveOverlappingForSeveralActiveTicksHitsOnce) {
    const Outcome o = RunBoth(
        [](Scene& s) {
            s.Place(0, 200, Facing::Right);
            s.Place(1, 232, Facing::Left);
            s.Step(K, 0);  // the level kick: 3 active ticks
            s.Run(30);
        },
        synth::Kick::Level, synth::Kick::Level);
    EXPECT_EQ(o.health[1], 900);
    EXPECT_EQ(o.hits[0], 1);
}

TEST(Fight, HitstopFreezesBothFighters) {
    RunBoth([](Scene& s) {
        s.Place(0, 200, Facing::Right);
        s.Place(1, 238, Facing::Left);
        s.Step(P, 0);
        s.Run(3);  // the hit lands; hitstop 6
        EXPECT_EQ(s.state.hitstopTicks, 6);
        const game::FighterState a = s.state.fighters[0], b = s.state.fighters[1];
        s.Run(6, R, L);
        EXPECT_EQ(s.state.fighters[0].animTick, a.animTick);
        EXPECT_EQ(s.state.fighters[1].xSubpx, b.xSubpx);
        EXPECT_EQ(s.state.fighters[1].stunTicks, b.stunTicks);
        s.Step(0, 0);
        EXPECT_NE(s.state.fighters[0].animTick, a.animTick) << "time moves again";
    });
}

// ---- blocking --------------------------------------------------------------------------------------

TEST(Fight, HighIsBlockedStanding) {
    const Outcome o = RunBoth([](Scene& s) {
        // Holding back walks back: B starts close enough to still be in reach after 4 ticks.
        s.Place(0, 200, Facing::Right);
        s.Place(1, 228, Facing::Left);
        s.Step(P, R);  // B holds back (away from A)
        s.Run(3, 0, R);
        EXPECT_EQ(s.Act(1), Action::BlockStand);
        EXPECT_EQ(s.Health(1), 995) << "chip damage: a tenth";
    });
    EXPECT_EQ(o.blocks[1], 1);
    EXPECT_EQ(o.hits[0], 0);
}

TEST(Fight, LowMustBeBlockedCrouching) {
    const Outcome standing = RunBoth([](Scene& s) {
        s.Place(0, 200, Facing::Right);
        s.Place(1, 240, Facing::Left);
        s.Step(D | K, R);
        s.Run(3, D, R);
        EXPECT_EQ(s.Health(1), 940) << "a low kick hits a standing block";
    });
    EXPECT_EQ(standing.hits[0], 1);
    const Outcome crouching = RunBoth([](Scene& s) {
        s.Place(0, 200, Facing::Right);
        s.Place(1, 240, Facing::Left);
        s.Step(D | K, D | R);
        s.Run(3, D, D | R);
        EXPECT_EQ(s.Act(1), Action::BlockCrouch);
        EXPECT_EQ(s.Health(1), 994);
    });
    EXPECT_EQ(crouching.blocks[1], 1);
}

// ---- projectiles and clashes ---------------------------------------------------------------------

TEST(Fight, AProjectileHits) {
    const Outcome o = RunBoth([](Scene& s) {
        s.Place(0, 150, Facing::Right);
        s.Place(1, 400, Facing::Left);
        s.Step(S, 0);
        s.Run(5);
        EXPECT_EQ(s.Out().projectilesAlive, 1) << "thrown on the throw frame";
        s.Run(70);
        EXPECT_EQ(s.Health(1), 930);
    });
    EXPECT_EQ(o.projectilesAlive, 0) << "spent on the hit";
    EXPECT_EQ(o.hits[0], 1);
}

TEST(Fight, TwoProjectilesCancel) {
    const Outcome o = RunBoth([](Scene& s) {
        s.Place(0, 150, Facing::Right);
        s.Place(1, 489, Facing::Left);
        s.Step(S, S);
        s.Run(100);
    });
    EXPECT_EQ(o.health, (std::array<std::int32_t, 2>{1000, 1000}));
    EXPECT_EQ(o.projectilesAlive, 0);
}

TEST(Fight, AttackMeetingAttackIsAClash) {
    const Outcome o = RunBoth(
        [](Scene& s) {
            s.Place(0, 200, Facing::Right);
            s.Place(1, 238, Facing::Left);
            s.Step(P, P);
            s.Run(3);
            EXPECT_TRUE(s.state.fighters[0].moveHasHit);
            EXPECT_TRUE(s.state.fighters[1].moveHasHit);
            s.Run(20);
        },
        synth::Kick::Level, synth::Kick::Level);
    EXPECT_EQ(o.health, (std::array<std::int32_t, 2>{1000, 1000})) << "a clash does no damage";
    EXPECT_EQ(o.clashes, 1);
}

// ---- pushboxes ---------------------------------------------------------------------------------------

TEST(Fight, PushboxesKeepBodiesApartMidStage) {
    RunBoth([](Scene& s) {
        s.Place(0, 250, Facing::Right);
        s.Place(1, 300, Facing::Left);
        s.Run(60, R, 0);  // A walks into B
        EXPECT_GE(s.X(1) - s.X(0), 19) << "20 px wide boxes, centred on the anchors";
        EXPECT_GT(s.X(1), 300) << "B was pushed";
    });
}

TEST(Fight, PushboxesInTheCorner) {
    RunBoth([](Scene& s) {
        s.Place(0, 560, Facing::Right);
        s.Place(1, 629, Facing::Left);  // at the right wall: 639 - 20/2
        s.Run(80, R, 0);
        EXPECT_EQ(s.X(1), 629) << "the wall holds B";
        EXPECT_GE(s.X(1) - s.X(0), 19) << "A cannot push through";
    });
}

TEST(Fight, PushbackOffTheWall) {
    RunBoth([](Scene& s) {
        s.Place(0, 595, Facing::Right);
        s.Place(1, 629, Facing::Left);
        s.Step(P, 0);
        s.Run(3);
        EXPECT_EQ(s.Health(1), 950);
        s.Run(12);
        EXPECT_EQ(s.X(1), 629);
        EXPECT_LT(s.X(0), 595) << "the cornered defender cannot slide: the attacker slides back";
    });
}

// ---- rounds --------------------------------------------------------------------------------------------

TEST(Rounds, KnockoutThenTheNextRoundThenTheMatch) {
    Scene s(false);
    s.Place(0, 200, Facing::Right);
    s.Place(1, 238, Facing::Left);
    s.state.fighters[1].health = 40;
    s.Step(P, 0);
    s.Run(3);
    EXPECT_EQ(s.Act(1), Action::Knockdown);
    EXPECT_EQ(s.state.phase, game::Phase::RoundEnd);
    EXPECT_EQ(s.state.fighters[0].roundsWon, 1);
    s.Run(game::ROUND_END_TICKS);
    EXPECT_EQ(s.state.phase, game::Phase::Intro);
    EXPECT_EQ(s.state.round, 2);
    EXPECT_EQ(s.Health(1), 1000) << "health back for round 2";
    s.Run(game::INTRO_TICKS);
    s.Place(0, 200, Facing::Right);
    s.Place(1, 238, Facing::Left);
    s.state.fighters[1].health = 10;
    s.Step(P, 0);
    s.Run(3);
    s.Run(game::ROUND_END_TICKS);
    EXPECT_EQ(s.state.phase, game::Phase::MatchOver);
    EXPECT_EQ(s.state.matchWinner, 0);
    EXPECT_EQ(s.Act(0), Action::Win);
}

TEST(Rounds, TimeOverGoesToTheHealthier) {
    Scene s(false);
    s.state.fighters[0].health = 700;
    s.state.roundTicksLeft = 2;
    s.Run(2);
    EXPECT_EQ(s.state.phase, game::Phase::RoundEnd);
    EXPECT_EQ(s.state.roundWinner, 1);
    EXPECT_EQ(s.state.fighters[1].roundsWon, 1);
}

TEST(Rounds, ADoubleKnockoutIsADrawRound) {
    Scene s(false, synth::Kick::Rising, synth::Kick::Level);
    s.Place(0, 200, Facing::Right);
    s.Place(1, 236, Facing::Left);
    s.state.fighters[0].health = 50;
    s.state.fighters[1].health = 20;
    s.Step(0, K);
    s.Step(P, 0);
    s.Run(3);
    EXPECT_EQ(s.state.roundWinner, 2);
    EXPECT_EQ(s.state.fighters[0].roundsWon, 1);
    EXPECT_EQ(s.state.fighters[1].roundsWon, 1);
}

// ---- determinism -----------------------------------------------------------------------------------

struct CpuMatch {
    game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    game::MatchDefs defs{{&a, &b}};
    game::MatchState state;
    explicit CpuMatch(std::uint64_t seed, int level = 3) {
        game::MatchConfig c;
        c.controllers = {game::Controller::Cpu, game::Controller::Cpu};
        c.seed = seed;
        c.cpuLevel = level;
        state = game::NewMatch(defs, c);
    }
    void Run(int ticks) {
        for (int i = 0; i < ticks; ++i) game::StepMatch(defs, state, {});
    }
};

TEST(Determinism, TenThousandTicksOfCpuAgainstCpuTwiceGiveTheSameHash) {
    CpuMatch first(1234), second(1234);
    first.Run(10000);
    second.Run(10000);
    EXPECT_EQ(game::HashState(first.state), game::HashState(second.state));
    EXPECT_GT(first.state.stats.hits[0] + first.state.stats.hits[1], 10) << "the CPUs actually fight";
    CpuMatch other(999);
    other.Run(10000);
    EXPECT_NE(game::HashState(first.state), game::HashState(other.state)) << "the seed matters";
}

TEST(Determinism, SaveRunRestoreRunGivesTheSameHash) {
    CpuMatch m(77, 2);
    m.Run(5000);
    const game::MatchState saved = m.state;  // save is a copy
    m.Run(300);
    const std::uint64_t after = game::HashState(m.state);
    m.state = saved;  // restore is a copy
    m.Run(300);
    EXPECT_EQ(game::HashState(m.state), after);
}

TEST(Determinism, TheHashSeesEveryChange) {
    CpuMatch m(5);
    m.Run(400);
    const std::uint64_t h = game::HashState(m.state);
    game::MatchState changed = m.state;
    changed.fighters[1].health -= 1;
    EXPECT_NE(game::HashState(changed), h);
    changed = m.state;
    changed.rng.Next();
    EXPECT_NE(game::HashState(changed), h);
    changed = m.state;
    changed.fighters[0].pressedAgo[2] += 1;
    EXPECT_NE(game::HashState(changed), h);
}

// ---- replays ---------------------------------------------------------------------------------------

TEST(Replay, RecordedInputsReproduceTheFinalHash) {
    game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    const game::MatchDefs defs{{&a, &b}};
    game::MatchConfig config;
    config.controllers = {game::Controller::Human, game::Controller::Cpu};
    config.seed = 31337;
    game::MatchState s = game::NewMatch(defs, config);
    game::Replay replay;
    replay.fighterIds = {"a", "b"};
    replay.config = config;
    game::Rng scriptRng{42};
    std::uint8_t held = 0;
    for (int t = 0; t < 3000; ++t) {
        if (scriptRng.Below(8) == 0) held = static_cast<std::uint8_t>(scriptRng.Below(128));
        replay.inputs.push_back({Input{held}, Input{}});
        game::StepMatch(defs, s, replay.inputs.back());
    }
    replay.finalHash = game::HashState(s);
    const std::string text = game::FormatReplay(replay);
    EXPECT_LT(text.size(), 20000u) << "run-length encoded";
    std::string error;
    const auto parsed = game::ParseReplay(text, error);
    ASSERT_TRUE(parsed.has_value()) << error;
    EXPECT_EQ(parsed->inputs.size(), 3000u);
    game::MatchState again = game::NewMatch(defs, parsed->config);
    for (const auto& in : parsed->inputs) game::StepMatch(defs, again, in);
    EXPECT_EQ(game::HashState(again), *parsed->finalHash);
}

TEST(Replay, BadFilesSayWhichLine) {
    std::string error;
    EXPECT_FALSE(game::ParseReplay("not a replay\n", error).has_value());
    EXPECT_EQ(error.rfind("line 1:", 0), 0u) << error;
    const std::string head = "hotmap-brawl-replay 1\nfighters a b\nticks 3\n";
    EXPECT_FALSE(game::ParseReplay(head + "2 R -\n1 X -\nend\n", error).has_value());
    EXPECT_EQ(error.rfind("line 5:", 0), 0u) << error;
    EXPECT_FALSE(game::ParseReplay(head + "2 R -\n", error).has_value());
    EXPECT_NE(error.find("cut short"), std::string::npos) << error;
    EXPECT_FALSE(game::ParseReplay(head + "2 R -\n2 - -\nend\n", error).has_value());
    EXPECT_NE(error.find("more inputs"), std::string::npos) << error;
    EXPECT_TRUE(game::ParseReplay(head + "2 RP -\n1 - UDLRPKS\nend\n", error).has_value()) << error;
}

}  // namespace
