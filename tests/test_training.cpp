// Training mode's core (src/game/training.h) on the synthetic fighters of tests/synthetic_fighter.h,
// whose every pixel and tick is known: the frame meter and the advantages with exact ticks for each
// dummy setting (plainly and mirrored), "missed by N px" against a brute-force search of shifts on
// the project's real fighters, and recorded slots that replay to the same hashes from either side.
#include "assets/assets.h"
#include "game/seek.h"
#include "game/training.h"
#include "project_fighters.h"
#include "synthetic_fighter.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace {

using game::Facing;
using game::Input;

constexpr std::uint8_t P = Input::PUNCH, K = Input::KICK, S = Input::SPECIAL, L = Input::LEFT, R = Input::RIGHT,
                       D = Input::DOWN;

constexpr std::int32_t MIRROR_SUBPX = 639 * 256 + 255;  // pixel p -> 639 - p, velocities reversed exactly

// A training match of two synthetic fighters: P1 (side 0) at xPx facing right, the dummy at
// dummyXPx facing left; mirrored, both reflected about the stage's middle.
struct Training {
    Training(bool mirrored, game::TrainingSettings settings, int p1XPx = 200, int dummyXPx = 230,
             synth::Kick kick = synth::Kick::Level)
        : mirrored_(mirrored),
          a_(synth::Make(kick, "a")),
          b_(synth::Make(synth::Kick::Level, "b")),
          settings(std::move(settings)) {
        defs.fighters = {&a_, &b_};
        game::MatchConfig config;
        config.controllers = {game::Controller::Human, game::Controller::Human};
        state = game::NewTrainingMatch(defs, config, training);
        p1XPx_ = p1XPx;
        dummyXPx_ = dummyXPx;
        PlaceAgain();
    }
    void Place(int i, int xPx, Facing facing) {
        game::FighterState& f = state.fighters[static_cast<std::size_t>(i)];
        f.xSubpx = mirrored_ ? MIRROR_SUBPX - xPx * 256 : xPx * 256;
        f.facing = mirrored_ ? (facing == Facing::Right ? Facing::Left : Facing::Right) : facing;
    }
    // Screen bits for the unmirrored scenario's bits.
    [[nodiscard]] Input In(std::uint8_t bits) const {
        return mirrored_ ? game::ToScreen(Input{bits}, Facing::Left) : Input{bits};
    }
    void Step(std::uint8_t p1, std::uint8_t p2 = 0) {
        (void)game::StepTraining(defs, state, settings, training, {In(p1), In(p2)},
                                 game::StepHooks{nullptr, nullptr, &events});
        observer.Observe(defs, state, events.View());
        hashes.push_back(game::HashState(state));
    }
    void Run(int ticks, std::uint8_t p1 = 0) {
        for (int i = 0; i < ticks; ++i) Step(p1);
    }
    /// Both fighters back where the scenario put them (a hit's knockback slides the dummy away).
    void PlaceAgain() {
        Place(0, p1XPx_, Facing::Right);
        Place(1, dummyXPx_, Facing::Left);
    }
    [[nodiscard]] std::string Meter(int side) const {
        std::string out;
        for (const game::FrameCell c : observer.meter[static_cast<std::size_t>(side)])
            out += game::FRAME_CELL_LETTERS[static_cast<std::size_t>(c)];
        return out;
    }

    bool mirrored_;
    int p1XPx_ = 0, dummyXPx_ = 0;
    game::FighterDef a_, b_;
    game::MatchDefs defs;
    game::TrainingSettings settings;
    game::TrainingState training;
    game::MatchState state;
    game::EventList events;
    game::TrainingObserver observer;
    std::vector<std::uint64_t> hashes;
};

game::TrainingSettings Dummy(game::DummyStance stance, game::DummyBlock block = game::DummyBlock::None) {
    game::TrainingSettings s;
    s.stance = stance;
    s.block = block;
    return s;
}

std::string Repeat(char c, int n) {
    return std::string(static_cast<std::size_t>(n), c);
}

// Runs `scenario` plainly and mirrored: the meters, advantages and whiffs must be the same.
void BothWays(const game::TrainingSettings& settings, int p1X, int dummyX, synth::Kick kick,
              const std::function<void(Training&)>& scenario) {
    Training plain(false, settings, p1X, dummyX, kick), mirrored(true, settings, p1X, dummyX, kick);
    {
        SCOPED_TRACE("plain");
        scenario(plain);
    }
    {
        SCOPED_TRACE("mirrored");
        scenario(mirrored);
    }
    EXPECT_EQ(plain.Meter(0), mirrored.Meter(0));
    EXPECT_EQ(plain.Meter(1), mirrored.Meter(1));
    ASSERT_EQ(plain.observer.advantages.size(), mirrored.observer.advantages.size());
    for (std::size_t i = 0; i < plain.observer.advantages.size(); ++i) {
        EXPECT_EQ(plain.observer.advantages[i].frames, mirrored.observer.advantages[i].frames);
        EXPECT_EQ(plain.observer.advantages[i].blocked, mirrored.observer.advantages[i].blocked);
    }
    ASSERT_EQ(plain.observer.whiffs.size(), mirrored.observer.whiffs.size());
    for (std::size_t i = 0; i < plain.observer.whiffs.size(); ++i) {
        EXPECT_EQ(plain.observer.whiffs[i].missedByPx, mirrored.observer.whiffs[i].missedByPx);
        EXPECT_EQ(plain.observer.whiffs[i].boxOnlyTicks, mirrored.observer.whiffs[i].boxOnlyTicks);
    }
}

// Light punch: startup 3, active 2, recovery 6; hitstun 12, blockstun 8, hitstop 6.
TEST(TrainingMeter, LightPunchOnAStandingDummyIsPlusFourOnHit) {
    BothWays(Dummy(game::DummyStance::Stand), 200, 230, synth::Kick::Level, [](Training& t) {
        t.Step(P);
        t.Run(24);
        // Hit on its first active tick, then 6 ticks of hitstop (frozen, not active), its last
        // active tick, 6 of recovery, free on the 18th tick.
        EXPECT_EQ(t.Meter(0), "SSSA" + Repeat('Z', 6) + "A" + Repeat('R', 6) + Repeat('F', 8));
        // Hitstun from the contact: 1 + 6 frozen + 11, free on the 22nd.
        EXPECT_EQ(t.Meter(1), "FFFH" + Repeat('Z', 6) + Repeat('H', 11) + Repeat('F', 4));
        ASSERT_EQ(t.observer.advantages.size(), 1u);
        EXPECT_EQ(t.observer.advantages[0].frames, 4);
        EXPECT_FALSE(t.observer.advantages[0].blocked);
        EXPECT_EQ(t.observer.advantages[0].attacker, 0);
        EXPECT_EQ(t.observer.advantages[0].move, 0);
        EXPECT_TRUE(t.observer.whiffs.empty());
        // Refill: the damage is back once both are free.
        EXPECT_EQ(t.state.fighters[1].health, 1000);
    });
}

// The meter's reading, as Street Fighter 6's: it starts on the first tick either side is busy, holds
// the exchange (hitstop in its own cells), freezes once both are free, stays frozen while nothing
// happens, and a new exchange starts a new reading (readouts and all). Its numbers are the
// punch's own (startup 3, active 2, recovery 6, hitstop left out) and the advantage's.
TEST(TrainingMeter, AReadingFreezesWithItsNumbersAndTheNextExchangeStartsANewOne) {
    BothWays(Dummy(game::DummyStance::Stand), 200, 230, synth::Kick::Level, [](Training& t) {
        t.Run(5);
        EXPECT_EQ(t.observer.reading.ticks, 0) << "nothing happened yet";
        t.Step(P);
        t.Run(40);
        const game::MeterReading& r = t.observer.reading;
        EXPECT_TRUE(r.frozen);
        // From the punch's first tick to the first tick both are free, that one included: 3 + 1 + 6
        // + 11 (the dummy's stun from its contact) + 1.
        EXPECT_EQ(r.ticks, 22);
        const auto row = [&](int side) {
            std::string out;
            for (const game::FrameCell c : r.cells[static_cast<std::size_t>(side)])
                out += game::FRAME_CELL_LETTERS[static_cast<std::size_t>(c)];
            return out;
        };
        EXPECT_EQ(row(0), "SSSA" + Repeat('Z', 6) + "A" + Repeat('R', 6) + Repeat('F', 5));
        EXPECT_EQ(row(1), "FFFH" + Repeat('Z', 6) + Repeat('H', 11) + "F");
        EXPECT_EQ(r.figures[0].move, 0);
        EXPECT_EQ(r.figures[0].startup, 3);
        EXPECT_EQ(r.figures[0].active, 2);
        EXPECT_EQ(r.figures[0].recovery, 6);
        EXPECT_EQ(r.figures[0].Total(), 11);
        EXPECT_EQ(r.figures[1].move, -1) << "the dummy started nothing";
        ASSERT_EQ(r.advantages.size(), 1u);
        EXPECT_EQ(game::AdvantageText(t.defs, r.advantages[0]), "P1 5P: +4 on hit");
        ASSERT_EQ(r.combo.size(), 1u);
        EXPECT_EQ(r.combo[0].scalingPercent, 100);
        // Frozen: the idle ticks after it change nothing.
        t.Run(30);
        EXPECT_TRUE(t.observer.reading.frozen);
        EXPECT_EQ(t.observer.reading.ticks, 22);
        // A whiff from afar starts a new reading: the hit's readout is gone, the miss says whose it was.
        t.PlaceAgain();
        t.Place(0, 150, Facing::Right);
        t.Step(P);
        t.Run(30);
        EXPECT_TRUE(t.observer.reading.advantages.empty());
        ASSERT_EQ(t.observer.reading.whiffs.size(), 1u);
        EXPECT_EQ(game::WhiffText(t.defs, t.observer.reading.whiffs[0]).rfind("P1 5P ", 0), 0u)
            << game::WhiffText(t.defs, t.observer.reading.whiffs[0]);
        EXPECT_EQ(t.observer.reading.ticks, 12) << "the punch's own ticks and the free one after";
        EXPECT_TRUE(t.observer.reading.frozen);
    });
}

// A reading longer than the meter keeps its latest METER_READING_TICKS cells and counts them all;
// 120 ticks fit whole.
TEST(TrainingMeter, AReadingOf120TicksFitsWhole) {
    static_assert(game::METER_READING_TICKS >= 120);
    game::TrainingSettings s = Dummy(game::DummyStance::Stand);
    Training t(false, s, 200, 230);
    // Punch pressed every other tick: the buffer starts each on the tick the last one ends, so
    // P1 is never free and it is all one exchange.
    for (int i = 0; i < 70; ++i) {
        t.Step(P);
        t.Step(0);
    }
    EXPECT_FALSE(t.observer.reading.frozen);
    const game::MeterReading& r = t.observer.reading;
    EXPECT_GE(r.ticks, 120);
    EXPECT_EQ(r.cells[0].size(), std::min<std::size_t>(static_cast<std::size_t>(r.ticks), game::METER_READING_TICKS));
}

TEST(TrainingMeter, BlockAllBlocksTheLightPunchAtZero) {
    BothWays(Dummy(game::DummyStance::Stand, game::DummyBlock::All), 200, 230, synth::Kick::Level, [](Training& t) {
        t.Step(P);
        t.Run(24);
        EXPECT_EQ(t.Meter(0), "SSSA" + Repeat('Z', 6) + "A" + Repeat('R', 6) + Repeat('F', 8));
        // It holds back from the tick before the active frame (one tick of walking back: free), then
        // blockstun 1 + 6 frozen + 7.
        EXPECT_EQ(t.Meter(1), "FFFB" + Repeat('Z', 6) + Repeat('B', 7) + Repeat('F', 8));
        ASSERT_EQ(t.observer.advantages.size(), 1u);
        EXPECT_EQ(t.observer.advantages[0].frames, 0);
        EXPECT_TRUE(t.observer.advantages[0].blocked);
        EXPECT_EQ(t.state.stats.blocks[1], 1);
    });
}

TEST(TrainingMeter, BlockNoneTakesTheLowKickAndBlockAllCrouchesForIt) {
    for (const game::DummyBlock block : {game::DummyBlock::None, game::DummyBlock::All}) {
        SCOPED_TRACE(game::NameOf(game::DUMMY_BLOCK_NAMES, block));
        BothWays(Dummy(game::DummyStance::Stand, block), 200, 230, synth::Kick::Level, [&](Training& t) {
            t.Step(D);
            t.Step(static_cast<std::uint8_t>(D | K));
            t.Run(30, D);
            ASSERT_EQ(t.observer.advantages.size(), 1u);
            EXPECT_EQ(t.observer.advantages[0].blocked, block == game::DummyBlock::All);
            // Low kick: hitstun 14, blockstun 8 against recovery 6 after its last active tick.
            EXPECT_EQ(t.observer.advantages[0].frames, block == game::DummyBlock::All ? 0 : 6);
        });
    }
}

TEST(TrainingMeter, AfterFirstBlocksTheSecondPunchOnlyAndForgetsAfterTheGrace) {
    BothWays(Dummy(game::DummyStance::Stand, game::DummyBlock::AfterFirst), 200, 230, synth::Kick::Level,
             [](Training& t) {
                 t.Step(P);
                 t.Run(24);  // the first punch hits; both free again
                 t.PlaceAgain();
                 t.Step(P);
                 t.Run(24);  // within the grace: blocked
                 t.Run(game::AFTER_FIRST_GRACE_TICKS);
                 t.PlaceAgain();
                 t.Step(P);
                 t.Run(24);  // after it: hit again
                 ASSERT_EQ(t.observer.advantages.size(), 3u);
                 EXPECT_FALSE(t.observer.advantages[0].blocked);
                 EXPECT_TRUE(t.observer.advantages[1].blocked);
                 EXPECT_FALSE(t.observer.advantages[2].blocked);
                 EXPECT_EQ(t.observer.advantages[0].frames, 4);
                 EXPECT_EQ(t.observer.advantages[1].frames, 0);
             });
}

TEST(TrainingMeter, RandomBlockTossesOneCoinPerAttackFromItsSeed) {
    game::TrainingSettings s = Dummy(game::DummyStance::Stand, game::DummyBlock::Random);
    Training a(false, s), b(false, s);
    for (Training* t : {&a, &b}) {
        for (int i = 0; i < 16; ++i) {
            t->PlaceAgain();
            t->Step(P);
            t->Run(30);
        }
    }
    ASSERT_EQ(a.observer.advantages.size(), 16u);
    int blocked = 0;
    for (std::size_t i = 0; i < 16; ++i) {
        blocked += a.observer.advantages[i].blocked;
        EXPECT_EQ(a.observer.advantages[i].blocked, b.observer.advantages[i].blocked) << "attack " << i;
        EXPECT_EQ(a.observer.advantages[i].frames, a.observer.advantages[i].blocked ? 0 : 4);
    }
    EXPECT_GT(blocked, 0);
    EXPECT_LT(blocked, 16);
}

TEST(TrainingMeter, JumpingDummyLeavesTheFloorAndStaysFreeOnTheMeter) {
    Training t(false, Dummy(game::DummyStance::Jump));
    t.Run(10);
    EXPECT_LT(t.state.fighters[1].ySubpx, game::FLOOR_Y_PX * game::SUBPIXELS_PER_PX);
    EXPECT_EQ(t.Meter(1), Repeat('F', 10));
}

TEST(TrainingMeter, ThrownDummyGetsUpAtOnceOrStaysDown) {
    std::array<int, 2> upAt{};
    for (const game::DummyRecovery recovery : {game::DummyRecovery::Now, game::DummyRecovery::Stay}) {
        game::TrainingSettings s = Dummy(game::DummyStance::Stand);
        s.recovery = recovery;
        Training t(false, s, 200, 225);
        t.Step(R);
        t.Step(static_cast<std::uint8_t>(R | P | K));
        int freeTick = -1;
        bool wasThrown = false;
        for (int i = 0; i < 150 && freeTick < 0; ++i) {
            t.Step(0);
            wasThrown = wasThrown || t.state.fighters[1].action == game::Action::Thrown;
            if (wasThrown && t.state.fighters[1].action == game::Action::Idle) freeTick = i;
        }
        ASSERT_TRUE(wasThrown);
        ASSERT_GE(freeTick, 0);
        upAt[recovery == game::DummyRecovery::Now ? 0 : 1] = freeTick;
    }
    // The thrown animation lies 30 ticks and gets up in 12: "now" skips both.
    EXPECT_EQ(upAt[1] - upAt[0], 42);
}

// "Missed by N px" with exact pixels: the fist's tip is 29 px ahead of the anchor, the dummy's body
// front 9 px behind its anchor (facing left): anchors 38 px apart touch, 50 apart miss by 12.
TEST(TrainingMiss, PunchShortByTwelvePixels) {
    BothWays(Dummy(game::DummyStance::Stand), 200, 250, synth::Kick::Level, [](Training& t) {
        t.Step(P);
        t.Run(20);
        ASSERT_EQ(t.observer.whiffs.size(), 1u);
        EXPECT_EQ(t.observer.whiffs[0].missedByPx, 12);
        EXPECT_EQ(t.observer.whiffs[0].boxOnlyTicks, 0);
        EXPECT_EQ(t.observer.whiffs[0].move, 0);
        EXPECT_TRUE(t.observer.advantages.empty());
    });
}

TEST(TrainingMiss, HighPunchOverACrouchingDummyIsOutOfReach) {
    BothWays(Dummy(game::DummyStance::Crouch), 200, 230, synth::Kick::Level, [](Training& t) {
        t.Step(P);
        t.Run(20);
        ASSERT_EQ(t.observer.whiffs.size(), 1u);
        EXPECT_EQ(t.observer.whiffs[0].missedByPx, -1);
        EXPECT_EQ(t.observer.whiffs[0].boxOnlyTicks, 0);
    });
}

// The rising kick's box reaches over a crouching body that its diagonal never touches: at rows
// 52-60 (the crouching body's top) the strip reaches sprite column 51, 21 px ahead; the body's front
// is 30 px ahead, so boxes overlap on all 3 active ticks and the pixels are 9 px short.
TEST(TrainingMiss, RisingKickOverACrouchingDummyBoxesWouldHaveHit) {
    BothWays(Dummy(game::DummyStance::Crouch), 200, 239, synth::Kick::Rising, [](Training& t) {
        t.Step(K);
        t.Run(20);
        ASSERT_EQ(t.observer.whiffs.size(), 1u);
        EXPECT_EQ(t.observer.whiffs[0].missedByPx, 9);
        EXPECT_EQ(t.observer.whiffs[0].boxOnlyTicks, 3);
        EXPECT_EQ(t.observer.boxOnlyTicks[0], 3);
    });
}

// ---- the brute-force check on the project's fighters ----------------------------------------------

// Is world pixel (x, y) hot in `mask` placed at `p`? Written out from the placement's definition.
bool HotAt(const collide::Mask& mask, collide::Placement p, int x, int y) {
    const int mx = p.flip == collide::Flip::Horizontal ? mask.Width() - 1 - (x - p.worldX) : x - p.worldX;
    const int my = y - p.worldY;
    return mx >= 0 && my >= 0 && mx < mask.Width() && my < mask.Height() && mask.Get(mx, my);
}

int BruteShift(const collide::Mask& atk, collide::Placement pa, const collide::Mask& hurt, collide::Placement ph,
               int dir) {
    for (int s = 0; s <= game::MISS_SEARCH_PX; ++s) {
        for (int y = ph.worldY; y < ph.worldY + hurt.Height(); ++y)
            for (int x = ph.worldX; x < ph.worldX + hurt.Width(); ++x)
                if (HotAt(hurt, ph, x, y) && HotAt(atk, {pa.worldX + dir * s, pa.worldY, pa.flip}, x, y)) return s;
    }
    return -1;
}

TEST(TrainingMiss, SmallestShiftMatchesABruteForceSearchOnRealFighters) {
    const assets::AssetRoots roots = assets::AssetRoots::Under(HOTMAP_SOURCE_DIR);
    auto brick = assets::LoadFighter(roots, "brick");
    auto kestrel = assets::LoadFighter(roots, "kestrel");
    ASSERT_TRUE(brick.Ok() && kestrel.Ok());
    const game::FighterDef& a = brick.Value().def;
    const game::FighterDef& d = kestrel.Value().def;
    int checked = 0, touched = 0, outOfReach = 0;
    for (const game::MoveDef& move : a.moves) {
        if (move.activeFirst < 0) continue;
        const game::AnimationDef& anim = a.animations[static_cast<std::size_t>(move.animation)];
        const game::FrameDef& frame = anim.frames[static_cast<std::size_t>(move.activeFirst)];
        for (const game::Anim pose : {game::Anim::Idle, game::Anim::Crouch}) {
            const game::FrameDef& body = d.Animation(pose).frames[0];
            for (const bool mirrored : {false, true}) {
                for (int gap = 20; gap <= 200; gap += 9) {
                    const int ax = 300, dx = mirrored ? ax - gap : ax + gap;
                    const Facing af = mirrored ? Facing::Left : Facing::Right;
                    const Facing df = mirrored ? Facing::Right : Facing::Left;
                    const collide::Placement pa = game::PlaceFrame(frame, ax, game::FLOOR_Y_PX, af);
                    const collide::Placement ph = game::PlaceFrame(body, dx, game::FLOOR_Y_PX, df);
                    const int dir = mirrored ? -1 : 1;
                    const int fast = game::SmallestTouchingShift(frame.masks.attack, pa, body.masks.hurt, ph, dir,
                                                                 game::MISS_SEARCH_PX);
                    ASSERT_EQ(fast, BruteShift(frame.masks.attack, pa, body.masks.hurt, ph, dir))
                        << move.name << " gap " << gap << (mirrored ? " mirrored" : "");
                    ++checked;
                    touched += fast > 0;
                    outOfReach += fast < 0;
                }
            }
        }
    }
    EXPECT_GT(checked, 100);
    EXPECT_GT(touched, 10);  // the search found real misses, not only 0 and -1
    EXPECT_GT(outOfReach, 10);
}

// ---- slots ------------------------------------------------------------------------------------------

// P1's script: walk in, punch, a rush (236K), a crouching kick.
std::vector<std::uint8_t> Script() {
    std::vector<std::uint8_t> s;
    for (int i = 0; i < 20; ++i) s.push_back(R);
    s.push_back(P);
    for (int i = 0; i < 14; ++i) s.push_back(0);
    for (const std::uint8_t b : {D, static_cast<std::uint8_t>(D | R), R, static_cast<std::uint8_t>(R | K)})
        s.push_back(b);
    for (int i = 0; i < 30; ++i) s.push_back(0);
    s.push_back(static_cast<std::uint8_t>(D | K));
    for (int i = 0; i < 30; ++i) s.push_back(L);
    return s;
}

// The state reflected left for right: what the mirrored run's state must be, field by field.
game::MatchState Mirror(game::MatchState s) {
    const auto swap = [](std::uint8_t bits) { return game::ToScreen(Input{bits}, Facing::Left).bits; };
    for (game::FighterState& f : s.fighters) {
        f.xSubpx = MIRROR_SUBPX - f.xSubpx;
        f.vxSubpx = -f.vxSubpx;
        f.slideSubpx = -f.slideSubpx;
        f.facing = f.facing == Facing::Right ? Facing::Left : Facing::Right;
        f.heldBits = swap(f.heldBits);
        for (std::uint8_t& h : f.inputHistory) h = swap(h);
    }
    for (game::ProjectileState& p : s.projectiles) {
        if (!p.alive) continue;
        p.xSubpx = MIRROR_SUBPX - p.xSubpx;
        p.vxSubpx = -p.vxSubpx;
        p.facing = p.facing == Facing::Right ? Facing::Left : Facing::Right;
    }
    // A spark sits on a contact's first colliding pixel in row-major order (the leftmost of its top
    // row), which a reflection does not map onto the reflected contact's: it is drawn, never read by
    // the rules, so both sides of the comparison leave the sparks out.
    s.sparks = {};
    return s;
}

TEST(TrainingSlot, PlaysBackToTheRecordingsHashesFromEitherSide) {
    const game::TrainingSettings settings = Dummy(game::DummyStance::Stand, game::DummyBlock::All);
    // Record: P1 plays the script; the slot keeps forward/back as P1 faced before each tick.
    Training rec(false, settings);
    game::Slot slot;
    std::vector<game::MatchState> recStates;
    for (const std::uint8_t bits : Script()) {
        slot.inputs.push_back(game::ToForwardBack(Input{bits}, rec.state.fighters[0].facing));
        rec.Step(bits);
        recStates.push_back(rec.state);
    }
    EXPECT_GT(rec.state.stats.blocks[1] + rec.state.stats.hits[0], 0) << "the script reaches the dummy";
    // The same side: the same hashes, tick by tick.
    Training same(false, settings);
    for (const Input in : slot.inputs) {
        const Input screen = game::ToScreen(in, same.state.fighters[0].facing);
        (void)game::StepTraining(same.defs, same.state, same.settings, same.training, {screen, Input{}});
        same.hashes.push_back(game::HashState(same.state));
    }
    EXPECT_EQ(same.hashes, rec.hashes);
    // The other side of the screen: every tick's state is the recording's, reflected.
    Training other(true, settings);
    for (std::size_t i = 0; i < slot.inputs.size(); ++i) {
        const Input screen = game::ToScreen(slot.inputs[i], other.state.fighters[0].facing);
        (void)game::StepTraining(other.defs, other.state, other.settings, other.training, {screen, Input{}});
        game::MatchState want = recStates[i];
        want.sparks = {};
        ASSERT_EQ(game::HashState(Mirror(other.state)), game::HashState(want))
            << "tick " << i << ": " << game::FirstDifference(Mirror(other.state), want);
    }
}

TEST(TrainingSlot, TheDummyPlaysASlotRecordedByTheOtherSide) {
    // Recorded with side 1 as the player (the dummy, side 0, stands), as a slot of forward/back.
    game::TrainingSettings recSettings = Dummy(game::DummyStance::Stand);
    recSettings.dummy = 0;
    Training rec(false, recSettings);
    game::Slot slot;
    std::vector<std::uint8_t> script = Script();
    for (const std::uint8_t bits : script) {
        // The script is written for a fighter facing right; side 1 faces left.
        const Input screen = game::ToScreen(Input{bits}, rec.state.fighters[1].facing);
        slot.inputs.push_back(game::ToForwardBack(screen, rec.state.fighters[1].facing));
        rec.Step(0, screen.bits);
    }
    EXPECT_GT(rec.state.stats.hits[1], 0) << "the script reaches the other side";
    // Played by the dummy (side 1) from the slot: the same hashes.
    game::TrainingSettings play = Dummy(game::DummyStance::Slot);
    play.slots[2] = slot;
    play.slot = 2;
    play.loopSlot = false;
    Training t(false, play);
    t.Run(static_cast<int>(slot.inputs.size()));
    EXPECT_EQ(t.hashes, rec.hashes);
    // Once, not looped: after its end the dummy stands.
    const Input after = game::DummyInput(t.defs, t.state, t.settings, t.training);
    EXPECT_EQ(after.bits, 0);
}

TEST(TrainingInputs, ForwardBackSwapsOnlyWhenFacingLeft) {
    EXPECT_EQ(game::ToForwardBack(Input{static_cast<std::uint8_t>(L | P)}, Facing::Right).bits, L | P);
    EXPECT_EQ(game::ToForwardBack(Input{static_cast<std::uint8_t>(L | P)}, Facing::Left).bits, R | P);
    EXPECT_EQ(game::ToForwardBack(Input{static_cast<std::uint8_t>(L | R | D)}, Facing::Left).bits, L | R | D);
    for (int bits = 0; bits < 128; ++bits)
        EXPECT_EQ(
            game::ToScreen(game::ToForwardBack(Input{static_cast<std::uint8_t>(bits)}, Facing::Left), Facing::Left)
                .bits,
            bits);
}

TEST(TrainingInputs, TheDisplayShowsNumpadNotationAndTicksHeld) {
    Training t(true, Dummy(game::DummyStance::Stand), 200, 300);
    t.Run(3, D);
    t.Run(2, static_cast<std::uint8_t>(D | R));
    t.Step(R);
    t.Step(static_cast<std::uint8_t>(R | S));
    t.Run(4);
    const auto& log = t.observer.inputLog[0];
    ASSERT_EQ(log.size(), 5u);
    const std::vector<std::pair<std::string, int>> want = {{"2", 3}, {"3", 2}, {"6", 1}, {"6S", 1}, {"5", 4}};
    for (std::size_t i = 0; i < want.size(); ++i) {
        EXPECT_EQ(game::InputLogText(log[i]), want[i].first);
        EXPECT_EQ(log[i].ticks, want[i].second);
    }
    // At most INPUT_LOG_ENTRIES, the newest kept.
    for (int i = 0; i < 30; ++i) t.Step(i % 2 ? P : K);
    EXPECT_EQ(t.observer.inputLog[0].size(), game::INPUT_LOG_ENTRIES);
    EXPECT_EQ(game::InputLogText(t.observer.inputLog[0].back()), "5P");
}

TEST(TrainingReset, CornersPutTheDummyAgainstTheWall) {
    Training t(false, Dummy(game::DummyStance::Stand));
    game::ResetPositions(t.defs, t.state, 1, game::ResetPlace::LeftCorner);
    t.Run(5);
    EXPECT_EQ(game::PushboxOf(t.b_, t.state.fighters[1]).x, 1);
    EXPECT_EQ(t.state.fighters[1].facing, Facing::Right);
    game::ResetPositions(t.defs, t.state, 1, game::ResetPlace::RightCorner);
    t.Run(5);
    // The left corner reflected to the subpixel: the anchor on pixel 639 - 11.
    EXPECT_EQ(game::ToPx(t.state.fighters[1].xSubpx), 639 - 11);
    EXPECT_EQ(game::ToPx(t.state.fighters[0].xSubpx), 639 - 91);
    game::ResetPositions(t.defs, t.state, 1, game::ResetPlace::Mid);
    EXPECT_EQ(game::ToPx(t.state.fighters[0].xSubpx), game::StageGeometry{}.startXPx[0]);
    EXPECT_EQ(game::ToPx(t.state.fighters[1].xSubpx), game::StageGeometry{}.startXPx[1]);
}

// ---- the dummy's options, on the project's fighters ------------------------------------------------

const testfighters::Fighters& Real() {
    return testfighters::TheFighters();
}

std::int32_t MoveNamed(const game::FighterDef& def, const std::string& name) {
    for (std::size_t m = 0; m < def.moves.size(); ++m)
        if (def.moves[m].name == name) return static_cast<std::int32_t>(m);
    ADD_FAILURE() << def.id << " has no " << name;
    return 0;
}

// Brick (P1, at 200 px facing right) against the Kestrel dummy `distPx` ahead; each tick's events kept.
struct RealTraining {
    explicit RealTraining(game::TrainingSettings s, int distPx = 60, std::uint64_t seed = 1) : settings(std::move(s)) {
        defs.fighters = {&Real().brick.def, &Real().kestrel.def};
        game::MatchConfig config;
        config.controllers = {game::Controller::Human, game::Controller::Human};
        config.seed = seed;
        state = game::NewTrainingMatch(defs, config, training);
        state.fighters[0].xSubpx = 200 * game::SUBPIXELS_PER_PX;
        state.fighters[1].xSubpx = (200 + distPx) * game::SUBPIXELS_PER_PX;
    }
    void Step(Input p1 = Input{}) {
        (void)game::StepTraining(defs, state, settings, training, {p1, Input{}},
                                 game::StepHooks{nullptr, nullptr, &events});
        log.emplace_back(events.View().begin(), events.View().end());
        observer.Observe(defs, state, events.View());
    }
    // Brick types `move` (its input sequence as it faces right), then waits `after` ticks.
    void Play(const std::string& move, int after) {
        for (const Input in : game::MoveInputSequence(
                 defs.fighters[0]->moves[static_cast<std::size_t>(MoveNamed(*defs.fighters[0], move))]))
            Step(in);
        for (int i = 0; i < after; ++i) Step();
    }
    [[nodiscard]] int Count(game::EventKind kind, int fighter, int move = -1) const {
        int n = 0;
        for (const auto& tick : log)
            for (const game::Event& e : tick)
                n += e.kind == kind && e.fighter == fighter && (move < 0 || e.move == move);
        return n;
    }
    // The first tick (index into log) with `kind` by `fighter` from `from` on, or -1.
    [[nodiscard]] int FirstTick(game::EventKind kind, int fighter, int from = 0, int move = -1) const {
        for (std::size_t t = static_cast<std::size_t>(from); t < log.size(); ++t)
            for (const game::Event& e : log[t])
                if (e.kind == kind && e.fighter == fighter && (move < 0 || e.move == move)) return static_cast<int>(t);
        return -1;
    }
    // The first tick from `from` on that the dummy's cell is free on the meter.
    [[nodiscard]] int FirstFree(int side, int from) const {
        const auto& m = observer.meter[static_cast<std::size_t>(side)];
        for (std::size_t t = static_cast<std::size_t>(from); t < m.size(); ++t)
            if (m[t] == game::FrameCell::Free) return static_cast<int>(t);
        return -1;
    }
    game::TrainingSettings settings;
    game::MatchDefs defs;
    game::TrainingState training;
    game::MatchState state;
    game::EventList events;
    game::TrainingObserver observer;
    std::vector<std::vector<game::Event>> log;
};

// Counter-hit forced: Brick's 5P on a standing dummy gets the rules' counter-hit hitstun bonus, the
// HUD's COUNTER and the event; the advantage grows by exactly the bonus.
TEST(TrainingDummy, CounterHitOnGivesEveryFirstHitTheCounterHitBonus) {
    std::array<int, 2> advantage{};
    for (const bool counter : {false, true}) {
        game::TrainingSettings s;
        s.counterHit = counter;
        RealTraining t(s);
        t.Play("light_punch", 60);
        ASSERT_EQ(t.observer.advantages.size(), 1u);
        advantage[counter] = t.observer.advantages[0].frames;
        const int hit = t.FirstTick(game::EventKind::Hit, 0);
        ASSERT_GE(hit, 0);
        EXPECT_EQ(t.Count(game::EventKind::CounterHit, 0), counter ? 1 : 0);
    }
    EXPECT_EQ(advantage[1] - advantage[0], game::COUNTER_HIT_HITSTUN_BONUS_TICKS);
}

// Reversal: the dummy's slot (Kestrel's 623P, as forward/back) comes out on its first free tick
// after the stun the setting names (wake-up after Brick's knockdown, after blocking or taking
// Brick's 5P), and not after another kind of stun.
TEST(TrainingDummy, AReversalComesOutOnTheFirstFreeTickAfterTheStunItIsSetFor) {
    const game::FighterDef& kestrel = Real().kestrel.def;
    const std::int32_t dp = MoveNamed(kestrel, "anti_air");
    game::Slot slot;
    slot.inputs = game::MoveInputSequence(kestrel.moves[static_cast<std::size_t>(dp)]);
    struct Case {
        game::DummyReversal reversal;
        game::DummyBlock block;
        std::string move;
    };
    for (const Case& c : {Case{game::DummyReversal::Block, game::DummyBlock::All, "light_punch"},
                          Case{game::DummyReversal::Hit, game::DummyBlock::None, "light_punch"},
                          Case{game::DummyReversal::WakeUp, game::DummyBlock::None, "anti_air"}}) {
        SCOPED_TRACE(std::string(game::NameOf(game::DUMMY_REVERSAL_NAMES, c.reversal)) + " after " + c.move);
        game::TrainingSettings s;
        s.block = c.block;
        s.slots[1] = slot;
        s.reversalSlot = 1;
        // Without the reversal: where the dummy is first free after the contact.
        RealTraining plain(s, 50);
        plain.Play(c.move, 90);
        const int contact =
            std::max(plain.FirstTick(game::EventKind::Hit, 0), plain.FirstTick(game::EventKind::Block, 0));
        ASSERT_GE(contact, 0);
        const int free = plain.FirstFree(1, contact + 1);
        ASSERT_GT(free, contact);
        EXPECT_EQ(plain.Count(game::EventKind::MoveStart, 1), 0);
        s.reversal = c.reversal;
        RealTraining rev(s, 50);
        rev.Play(c.move, 90);
        EXPECT_EQ(rev.FirstTick(game::EventKind::MoveStart, 1, 0, dp), free) << "on the first free tick";
        // The other settings leave this stun alone.
        for (const game::DummyReversal other :
             {game::DummyReversal::WakeUp, game::DummyReversal::Block, game::DummyReversal::Hit}) {
            if (other == c.reversal) continue;
            s.reversal = other;
            RealTraining no(s, 50);
            no.Play(c.move, 90);
            EXPECT_EQ(no.Count(game::EventKind::MoveStart, 1), 0) << game::NameOf(game::DUMMY_REVERSAL_NAMES, other);
        }
    }
}

// Random slot: each time playback starts over it takes one of the recorded slots (never an empty
// one), both recorded ones over a few dozen loops, the same ones for the same seed.
TEST(TrainingDummy, ARandomSlotIsOneOfTheRecordedOnesByTheSeed) {
    const auto picks = [](std::uint64_t seed) {
        game::TrainingSettings s;
        s.stance = game::DummyStance::Slot;
        s.randomSlot = true;
        s.slots[0].inputs = {Input{D}, Input{}};  // two ticks each: a pick per two ticks
        s.slots[2].inputs = {Input{L}, Input{}};
        RealTraining t(s, 200, seed);
        std::vector<int> out;
        for (int loop = 0; loop < 40; ++loop) {
            t.Step();
            out.push_back(t.training.playing);
            t.Step();
        }
        return out;
    };
    const std::vector<int> a = picks(7);
    EXPECT_EQ(a, picks(7));
    int first = 0, third = 0;
    for (const int p : a) {
        EXPECT_TRUE(p == 0 || p == 2) << p;
        first += p == 0;
        third += p == 2;
    }
    EXPECT_GT(first, 0);
    EXPECT_GT(third, 0);
}

// Throw tech: never, the throw lands; always, it is broken; random, both over twenty grabs and the
// same way for the same seed.
TEST(TrainingDummy, ThrowTechNeverAlwaysOrByTheCoin) {
    const auto grabs = [](game::DummyTech tech, std::uint64_t seed) {
        std::string out;
        for (int i = 0; i < 20; ++i) {
            game::TrainingSettings s;
            s.tech = tech;
            RealTraining t(s, 50, seed + static_cast<std::uint64_t>(i));
            t.Play("throw", 60);
            const bool teched = t.Count(game::EventKind::ThrowTech, 0) > 0;
            const bool thrown = t.Count(game::EventKind::Thrown, 0) > 0;
            EXPECT_NE(teched, thrown) << "grab " << i << " is one or the other";
            out += teched ? 'T' : 'L';
        }
        return out;
    };
    EXPECT_EQ(grabs(game::DummyTech::Never, 1), std::string(20, 'L'));
    EXPECT_EQ(grabs(game::DummyTech::Always, 1), std::string(20, 'T'));
    const std::string random = grabs(game::DummyTech::Random, 1);
    EXPECT_NE(random.find('T'), std::string::npos) << random;
    EXPECT_NE(random.find('L'), std::string::npos) << random;
    EXPECT_EQ(grabs(game::DummyTech::Random, 1), random);
}

// Health: refilled once both are free, or kept to practise a kill.
TEST(TrainingDummy, HealthIsRefilledOrKept) {
    for (const bool refill : {true, false}) {
        game::TrainingSettings s;
        s.refill = refill;
        RealTraining t(s);
        t.Play("light_punch", 60);
        ASSERT_EQ(t.Count(game::EventKind::Hit, 0), 1);
        const std::int32_t max = t.defs.fighters[1]->maxHealth;
        const int hit = t.FirstTick(game::EventKind::Hit, 0);
        std::int32_t damage = 0;
        for (const game::Event& e : t.log[static_cast<std::size_t>(hit)])
            if (e.kind == game::EventKind::Hit) damage = e.value;
        EXPECT_GT(damage, 0);
        EXPECT_EQ(t.state.fighters[1].health, refill ? max : max - damage);
    }
}

// A saved custom position: where both stood when it was saved, and a reset puts them back there.
TEST(TrainingDummy, ASavedPositionIsWhereAResetPutsThem) {
    RealTraining t(game::TrainingSettings{});
    for (int i = 0; i < 40; ++i) t.Step(Input{L});  // Brick walks back
    const std::array<std::int32_t, 2> saved{t.state.fighters[0].xSubpx, t.state.fighters[1].xSubpx};
    EXPECT_LT(saved[0], 200 * game::SUBPIXELS_PER_PX);
    game::SaveCustomPosition(t.state, t.settings);
    t.Play("heavy_kick", 30);
    for (int i = 0; i < 30; ++i) t.Step(Input{R});
    EXPECT_NE(t.state.fighters[0].xSubpx, saved[0]);
    game::ResetPositions(t.defs, t.state, t.settings, game::ResetPlace::Custom);
    EXPECT_EQ(t.state.fighters[0].xSubpx, saved[0]);
    EXPECT_EQ(t.state.fighters[1].xSubpx, saved[1]);
    EXPECT_EQ(t.state.fighters[0].action, game::Action::Idle);
    EXPECT_EQ(t.state.fighters[0].facing, Facing::Right);
    EXPECT_EQ(t.state.fighters[1].facing, Facing::Left);
}

// ---- the replay viewer's timeline -------------------------------------------------------------------

// Every committed replay, scrubbed forward and backward to ticks picked by a fixed PRNG (and the
// edges of the saved states): every tick's hash is the one played straight through, its events are
// the ones that tick made, and no backward seek steps more than SEEK_SNAPSHOT_TICKS ticks.
TEST(ReplayTimeline, ScrubbingACommittedReplayGivesThePlayedStates) {
    namespace fs = std::filesystem;
    const assets::AssetRoots roots = assets::AssetRoots::Under(HOTMAP_SOURCE_DIR);
    auto brick = assets::LoadFighter(roots, "brick");
    auto kestrel = assets::LoadFighter(roots, "kestrel");
    ASSERT_TRUE(brick.Ok() && kestrel.Ok());
    const auto def = [&](const std::string& id) -> const game::FighterDef* {
        return id == "brick" ? &brick.Value().def : id == "kestrel" ? &kestrel.Value().def : nullptr;
    };
    int replays = 0;
    for (const fs::directory_entry& entry : fs::directory_iterator(fs::path(HOTMAP_SOURCE_DIR) / "docs" / "replays")) {
        if (entry.path().extension() != ".replay") continue;
        SCOPED_TRACE(entry.path().string());
        std::ifstream in(entry.path(), std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::string error;
        const auto replay = game::ParseReplay(text, error);
        ASSERT_TRUE(replay.has_value()) << error;
        const game::MatchDefs defs{{def(replay->fighterIds[0]), def(replay->fighterIds[1])}};
        ASSERT_TRUE(defs.fighters[0] && defs.fighters[1]);
        // Straight through: every tick's hash and event kinds.
        std::vector<std::uint64_t> hashes;
        std::vector<std::vector<game::EventKind>> kinds(1);
        game::MatchState s = game::NewMatch(defs, replay->config);
        hashes.push_back(game::HashState(s));
        game::EventList events;
        for (const game::Inputs& in : replay->inputs) {
            game::StepMatch(defs, s, in, game::StepHooks{nullptr, nullptr, &events});
            hashes.push_back(game::HashState(s));
            kinds.emplace_back();
            for (const game::Event& e : events.View()) kinds.back().push_back(e.kind);
        }
        game::ReplayTimeline timeline(defs, replay->config, replay->inputs);
        const std::int64_t n = timeline.Length();
        std::vector<std::int64_t> targets = {n / 2, 0, 59, 60, 61, 1, n, n - 1, 120, 119, n / 3};
        game::Rng rng{0x5eed};
        for (int i = 0; i < 300; ++i) targets.push_back(rng.Below(static_cast<std::int32_t>(n + 1)));
        for (const std::int64_t t : targets) {
            const std::int64_t before = timeline.Tick();
            game::EventList seen;
            game::DebugRecord record;
            timeline.SeekTo(t, game::StepHooks{&record, nullptr, &seen});
            ASSERT_EQ(timeline.Tick(), t);
            ASSERT_EQ(game::HashState(timeline.State()), hashes[static_cast<std::size_t>(t)]) << "tick " << t;
            if (t < before) {
                EXPECT_LE(timeline.StepsLastSeek(), game::SEEK_SNAPSHOT_TICKS) << "back to " << t;
            }
            if (t > 0 && t != before) {
                std::vector<game::EventKind> got;
                for (const game::Event& e : seen.View()) got.push_back(e.kind);
                EXPECT_EQ(got, kinds[static_cast<std::size_t>(t)]) << "the events of tick " << t;
                EXPECT_GE(timeline.StepsLastSeek(), 1) << "the shown tick was stepped, so its record is live";
            }
        }
        timeline.SeekTo(n);
        ASSERT_TRUE(replay->finalHash.has_value());
        EXPECT_EQ(game::HashState(timeline.State()), *replay->finalHash);
        ++replays;
    }
    EXPECT_GE(replays, 2);
}

}  // namespace
