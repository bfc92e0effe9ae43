// The fight with the project's own fighters (assets/ and hotmaps/), where the per-pixel cases live
// in real art: kestrel's high kick passing over a crouching brick whose box it overlaps, brick's
// stomp landing with the shockwave its sprite does not draw, the spinning blade through the
// transformed query, and picking by pixels. Each scenario also runs mirrored.
#include "assets/assets.h"
#include "game/game.h"
#include "project_fighters.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <tuple>

namespace {

using game::Action;
using game::Facing;
using game::Input;

// The project's fighters, loaded once for the whole test program (project_fighters.h).
const testfighters::Fighters& TheRoster() {
    return testfighters::TheFighters();
}

// The tick within an animation at which frame `frame` starts.
std::int32_t FrameStart(const game::FighterDef& def, const std::string& anim, std::int32_t frame) {
    const auto& frames = def.animations[static_cast<std::size_t>(def.FindAnimation(anim))].frames;
    std::int32_t t = 0;
    for (std::int32_t i = 0; i < frame; ++i) t += frames[static_cast<std::size_t>(i)].ticks;
    return t;
}

const game::MoveDef& Move(const game::FighterDef& def, const std::string& name) {
    for (const auto& m : def.moves) {
        if (m.name == name) return m;
    }
    static const game::MoveDef none;
    ADD_FAILURE() << "no move " << name;
    return none;
}

class Scene {
public:
    Scene(bool mirrored, const game::FighterDef& p1, const game::FighterDef& p2) : mirrored_(mirrored) {
        defs_.fighters = {&p1, &p2};
        game::MatchConfig c;
        c.controllers = {game::Controller::Human, game::Controller::Human};
        state = game::NewMatch(defs_, c);
        while (state.phase == game::Phase::Intro) Step(0, 0);
    }
    void Place(int i, int xPx, Facing facing) {
        auto& f = state.fighters[static_cast<std::size_t>(i)];
        f.xSubpx = mirrored_ ? (639 * 256 + 255) - xPx * 256 : xPx * 256;
        f.facing = mirrored_ ? (facing == Facing::Right ? Facing::Left : Facing::Right) : facing;
    }
    void Step(std::uint8_t a, std::uint8_t b) {
        const auto flip = [&](std::uint8_t bits) {
            if (!mirrored_) return Input{bits};
            const std::uint8_t lr = bits & (Input::LEFT | Input::RIGHT);
            return Input{static_cast<std::uint8_t>((bits & ~(Input::LEFT | Input::RIGHT)) |
                                                   ((lr & Input::LEFT) ? Input::RIGHT : 0) |
                                                   ((lr & Input::RIGHT) ? Input::LEFT : 0))};
        };
        game::StepMatch(defs_, state, {flip(a), flip(b)}, game::StepHooks{&debug, nullptr});
    }
    void Run(int n, std::uint8_t a = 0, std::uint8_t b = 0) {
        for (int i = 0; i < n; ++i) Step(a, b);
    }
    [[nodiscard]] const game::MatchDefs& Defs() const { return defs_; }
    game::MatchState state;
    game::DebugRecord debug;

private:
    bool mirrored_;
    game::MatchDefs defs_;
};

void RunBoth(const game::FighterDef& p1, const game::FighterDef& p2, const std::function<void(Scene&)>& scenario) {
    Scene plain(false, p1, p2), mirrored(true, p1, p2);
    {
        SCOPED_TRACE("plain");
        scenario(plain);
    }
    {
        SCOPED_TRACE("mirrored");
        scenario(mirrored);
    }
    EXPECT_EQ(plain.state.fighters[0].health, mirrored.state.fighters[0].health);
    EXPECT_EQ(plain.state.fighters[1].health, mirrored.state.fighters[1].health);
    EXPECT_EQ(plain.state.stats.boxHitsRejectedByPixels, mirrored.state.stats.boxHitsRejectedByPixels);
}

TEST(RealFighters, KestrelsHighKickPassesOverACrouchingBrickWhoseBoxItOverlaps) {
    const auto& r = TheRoster();
    const std::int32_t active = FrameStart(r.kestrel.def, "heavy_kick", Move(r.kestrel.def, "heavy_kick").activeFirst);
    // From 65 to 120 px the boxes overlap and the kick passes over his head. Closer (her step in
    // behind the kick), its rising shin catches his head: the test after next.
    RunBoth(r.kestrel.def, r.brick.def, [&](Scene& s) {
        s.Place(0, 200, Facing::Right);
        s.Place(1, 270, Facing::Left);
        s.Run(12, 0, Input::DOWN);  // brick settles into his crouch
        ASSERT_EQ(s.state.fighters[1].action, Action::Crouch);
        s.Step(Input::KICK, Input::DOWN);
        s.Run(active - 1, 0, Input::DOWN);
        EXPECT_TRUE(s.debug.pairs.empty()) << "startup: nothing active yet";
        s.Step(0, Input::DOWN);  // the active frame
        ASSERT_EQ(s.debug.pairs.size(), 1u);
        EXPECT_TRUE(s.debug.pairs[0].boxesOverlap) << "the hitbox pass lets the pair through";
        EXPECT_FALSE(s.debug.pairs[0].pixelsCollide) << "the kick's pixels pass over his";
        s.Run(30, 0, Input::DOWN);
        EXPECT_EQ(s.state.fighters[1].health, r.brick.def.maxHealth);
    });
}

TEST(RealFighters, TheSameKickConnectsOnAStandingBrick) {
    const auto& r = TheRoster();
    RunBoth(r.kestrel.def, r.brick.def, [&](Scene& s) {
        s.Place(0, 200, Facing::Right);
        s.Place(1, 270, Facing::Left);
        s.Step(Input::KICK, 0);
        s.Run(30);
        EXPECT_EQ(s.state.fighters[1].health, r.brick.def.maxHealth - Move(r.kestrel.def, "heavy_kick").damage);
    });
}

TEST(RealFighters, AtPointBlankTheKicksRisingShinCatchesACrouchingBricksHead) {
    const auto& r = TheRoster();
    RunBoth(r.kestrel.def, r.brick.def, [&](Scene& s) {
        s.Place(0, 200, Facing::Right);
        s.Place(1, 260, Facing::Left);
        s.Run(12, 0, Input::DOWN);
        ASSERT_EQ(s.state.fighters[1].action, Action::Crouch);
        s.Step(Input::KICK, Input::DOWN);
        s.Run(30, 0, Input::DOWN);
        EXPECT_EQ(s.state.fighters[1].health, r.brick.def.maxHealth - Move(r.kestrel.def, "heavy_kick").damage);
    });
}

TEST(RealFighters, BricksStompHitsWithAShockwaveHisSpriteDoesNotDraw) {
    const auto& r = TheRoster();
    RunBoth(r.brick.def, r.kestrel.def, [&](Scene& s) {
        s.Place(0, 200, Facing::Right);
        // Beyond the foot: only the shockwave reaches (it reaches 120 px; at 110, 83 of the 84
        // colliding pixels are air in the sprite).
        s.Place(1, 310, Facing::Left);
        s.Step(Input::KICK, 0);
        bool hit = false;
        for (int t = 0; t < 40 && !hit; ++t) {
            s.Step(0, 0);
            for (const auto& c : s.debug.contacts) {
                hit = true;
                // The colliding pixels are ones the sprite leaves transparent: an invisible hit.
                const auto& f = s.state.fighters[0];
                const game::AnimationDef& anim = r.brick.def.animations[static_cast<std::size_t>(f.animation)];
                const std::int32_t frame = game::FrameIndexAt(anim, f.animTick);
                const collide::Placement place = game::PlaceFrame(anim.frames[static_cast<std::size_t>(frame)],
                                                                  game::ToPx(f.xSubpx), game::ToPx(f.ySubpx), f.facing);
                const assets::Image& sprite =
                    r.brick.sprites[static_cast<std::size_t>(f.animation)][static_cast<std::size_t>(frame)];
                int transparent = 0;
                for (const collide::Point p : c.pixels) {
                    int sx = p.x - place.worldX;
                    if (place.flip == collide::Flip::Horizontal) sx = sprite.widthPx - 1 - sx;
                    const int sy = p.y - place.worldY;
                    transparent += sprite.rgba[(static_cast<std::size_t>(sy) * sprite.widthPx + sx) * 4 + 3] == 0;
                }
                // At this range only the shockwave touches; the sprite draws at most a few faint
                // specks of dust where it is.
                EXPECT_GE(transparent * 10, static_cast<int>(c.pixels.size()) * 9)
                    << transparent << " of " << c.pixels.size() << " colliding pixels are air in the sprite";
            }
        }
        EXPECT_TRUE(hit);
        EXPECT_LT(s.state.fighters[1].health, r.kestrel.def.maxHealth);
    });
}

TEST(RealFighters, TheSpinningBladeHitsThroughTheTransformedQuery) {
    const auto& r = TheRoster();
    const game::MoveDef& special = Move(r.kestrel.def, "special");
    ASSERT_TRUE(special.projectile.has_value());
    ASSERT_NE(special.projectile->spinMilliDegreesPerTick, 0) << "kestrel's blade spins";
    RunBoth(r.kestrel.def, r.brick.def, [&](Scene& s) {
        s.Place(0, 150, Facing::Right);
        s.Place(1, 420, Facing::Left);
        s.Step(Input::SPECIAL, 0);
        bool spun = false;
        for (int t = 0; t < 90 && s.state.fighters[1].health == r.brick.def.maxHealth; ++t) {
            s.Step(0, 0);
            for (const auto& p : s.state.projectiles) spun = spun || (p.alive && p.angleMilliDeg != 0);
        }
        EXPECT_TRUE(spun);
        EXPECT_EQ(s.state.fighters[1].health, r.brick.def.maxHealth - special.damage);
    });
}

TEST(RealFighters, ClickingPicksByPixelsNotByBox) {
    const auto& r = TheRoster();
    Scene s(false, r.brick.def, r.kestrel.def);
    s.Place(0, 200, Facing::Right);
    s.Place(1, 420, Facing::Left);
    const game::FighterState& f = s.state.fighters[0];
    const game::FrameDef& frame = game::CurrentFrame(r.brick.def, f);
    const collide::Placement place = game::PlaceFrame(frame, game::ToPx(f.xSubpx), game::ToPx(f.ySubpx), f.facing);
    // The image box's top-left corner is air; the body's tight-bounds centre row has body.
    EXPECT_EQ(game::PickFighter(s.Defs(), s.state, place.worldX, place.worldY), -1) << "a click on air picks nobody";
    const collide::Rect body = collide::PlacedBounds(frame.masks.any, place);
    int picked = -1;
    for (int x = body.x; x < body.Right() && picked < 0; ++x)
        picked = game::PickFighter(s.Defs(), s.state, x, body.y + body.h / 2);
    EXPECT_EQ(picked, 0);
}

// ---- fight depth on the real fighters ------------------------------------------------------------------

constexpr std::uint8_t P = Input::PUNCH, K = Input::KICK, S = Input::SPECIAL, D = Input::DOWN, R = Input::RIGHT,
                       L = Input::LEFT;

// light_punch, cancelled into heavy_kick in its hitstop, cancelled into the rush (236K) typed in
// the kick's hitstop: the chain every fighter must have. From `gapPx` between the anchors.
void LightHeavyRush(Scene& s, int gapPx) {
    s.Place(0, 200, Facing::Right);
    s.Place(1, 200 + gapPx, Facing::Left);
    const std::int32_t full = s.state.fighters[1].health;
    s.Step(P, 0);
    for (int i = 0; i < 12 && s.state.fighters[1].health == full; ++i) s.Step(0, 0);
    ASSERT_LT(s.state.fighters[1].health, full) << "the light punch lands";
    s.Step(K, 0);  // in its hitstop
    const std::int32_t afterOne = s.state.fighters[1].health;
    for (int i = 0; i < 40 && s.state.fighters[1].health == afterOne; ++i) s.Step(0, 0);
    ASSERT_LT(s.state.fighters[1].health, afterOne) << "the heavy kick lands";
    EXPECT_EQ(s.state.fighters[1].comboHits, 2);
    s.Step(D, 0);  // in its hitstop
    s.Step(D | R, 0);
    s.Step(R | K, 0);
    const std::int32_t afterTwo = s.state.fighters[1].health;
    for (int i = 0; i < 40 && s.state.fighters[1].health == afterTwo; ++i) s.Step(0, 0);
    EXPECT_LT(s.state.fighters[1].health, afterTwo) << "the rush lands";
    EXPECT_EQ(s.state.fighters[1].comboHits, 3) << "three hits, one combo";
}

TEST(RealFighters, LightPunchHeavyKickRushIsAComboForBothFighters) {
    const auto& r = TheRoster();
    for (const auto& [a, b, gap] :
         {std::tuple{&r.brick.def, &r.kestrel.def, 90}, std::tuple{&r.kestrel.def, &r.brick.def, 70}}) {
        // (Kestrel's chain holds from 75 px in: her jab pushes harder since the fair-fight tuning.)
        SCOPED_TRACE(a->id);
        RunBoth(*a, *b, [&](Scene& s) { LightHeavyRush(s, gap); });
    }
}

// Forward + punch + kick, close: the grab; the victim is carried along the throw's offsets,
// showing its own thrown frames, and lands 60 px beyond the last one for the throw's damage.
TEST(RealFighters, EachFighterThrowsTheOtherAlongItsVictimOffsets) {
    const auto& r = TheRoster();
    for (const auto& [a, b] : {std::pair{&r.brick.def, &r.kestrel.def}, std::pair{&r.kestrel.def, &r.brick.def}}) {
        SCOPED_TRACE(a->id);
        const game::MoveDef& grab = Move(*a, "throw");
        ASSERT_TRUE(grab.throwDef.has_value());
        RunBoth(*a, *b, [&](Scene& s) {
            s.Place(0, 200, Facing::Right);
            s.Place(1, 200 + (a->pushboxWidthPx + b->pushboxWidthPx) / 2, Facing::Left);
            s.Step(R | P | K, 0);
            for (int i = 0; i < 12 && s.state.fighters[0].action != Action::Throwing; ++i) s.Step(0, 0);
            ASSERT_EQ(s.state.fighters[0].action, Action::Throwing) << "the grab connects";
            ASSERT_EQ(s.state.fighters[1].action, Action::Thrown);
            const int x0 = game::ToPx(s.state.fighters[0].xSubpx);
            const int sign = s.state.fighters[0].facing == Facing::Right ? 1 : -1;
            s.Step(0, 0);
            EXPECT_EQ(game::ToPx(s.state.fighters[1].xSubpx), x0 + sign * grab.throwDef->victimOffsetsPx[0].x);
            EXPECT_EQ(s.state.fighters[1].animation, b->thrownAnimation) << "its own thrown frames";
            for (int i = 0; i < 60 && s.state.fighters[0].action == Action::Throwing; ++i) s.Step(0, 0);
            EXPECT_EQ(s.state.fighters[1].health, b->maxHealth - grab.damage);
            EXPECT_EQ(game::ToPx(s.state.fighters[1].xSubpx),
                      x0 + sign * (grab.throwDef->victimOffsetsPx.back().x + grab.throwDef->landingPx));
        });
    }
}

// The mirror match's second fighter wears the manifest's alternate palette: other colours, the
// same shapes (alpha), the same hotmaps (the definition is one).
TEST(RealFighters, EachFighterHasAnAlternatePaletteForMirrorMatches) {
    const auto& r = TheRoster();
    for (const assets::LoadedFighter* f : {&r.brick, &r.kestrel}) {
        SCOPED_TRACE(f->def.id);
        ASSERT_FALSE(f->def.palette.empty());
        const auto altSprites = assets::AlternateSprites(*f);
        ASSERT_EQ(altSprites.size(), f->sprites.size());
        std::size_t changed = 0, total = 0;
        for (std::size_t a = 0; a < f->sprites.size(); ++a) {
            ASSERT_EQ(altSprites[a].size(), f->sprites[a].size());
            for (std::size_t i = 0; i < f->sprites[a].size(); ++i) {
                const auto& plain = f->sprites[a][i].rgba;
                const auto& alt = altSprites[a][i].rgba;
                ASSERT_EQ(alt.size(), plain.size());
                for (std::size_t p = 0; p < plain.size(); p += 4) {
                    EXPECT_EQ(alt[p + 3], plain[p + 3]);
                    total += plain[p + 3] != 0;
                    changed += plain[p + 3] != 0 &&
                               (alt[p] != plain[p] || alt[p + 1] != plain[p + 1] || alt[p + 2] != plain[p + 2]);
                }
            }
        }
        EXPECT_GT(changed * 10, total) << "more than a tenth of the body changes colour: " << changed << " of "
                                       << total;
    }
}

// The CPU at level 3 against level 2 (its memory and PRNG outside the state, at its own level):
// combos on hit and anti-airs jump-ins. Counted from the events of 40 seeded matches, the level-3
// side alternating between the fighters: both in at least 90 % of them (36 of 40 measured; the
// level-2 side blocks since the fair-fight CPU, so 20 matches were too few to tell 90 % from 85 %).
TEST(Cpu, LevelThreeLandsACombosAndAnAntiAirInAlmostEveryMatch) {
    const auto& r = TheRoster();
    int good = 0;
    std::string report;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        const bool brickIsThree = seed % 2 == 1;
        const game::FighterDef& three = brickIsThree ? r.brick.def : r.kestrel.def;
        const game::FighterDef& two = brickIsThree ? r.kestrel.def : r.brick.def;
        const game::MatchDefs defs{{&three, &two}};
        game::MatchConfig config;
        config.controllers = {game::Controller::Cpu, game::Controller::Human};
        config.cpuLevel = 3;
        config.seed = seed;
        game::MatchState s = game::NewMatch(defs, config);
        game::CpuState memory;
        game::Rng rng{seed * 7919};
        int combos = 0, antiAirs = 0;
        game::EventList events;
        for (int t = 0; t < 20000 && s.phase != game::Phase::MatchOver; ++t) {
            const game::Input two = game::ThinkCpu(defs, s, 1, memory, rng, 2);
            game::StepMatch(defs, s, {game::Input{}, two}, game::StepHooks{nullptr, nullptr, &events});
            for (const game::Event& e : events.View()) {
                if (e.kind == game::EventKind::Combo && e.fighter == 0) ++combos;
                // Any hit on a jumping opponent, as bench_balance's arena counts anti-airs: the
                // CPU answers a jump with its 623, or with a normal timed to meet it.
                if (e.kind == game::EventKind::Hit && e.fighter == 0 &&
                    s.fighters[1].ySubpx < game::FLOOR_Y_PX * game::SUBPIXELS_PER_PX)
                    ++antiAirs;
            }
        }
        good += combos > 0 && antiAirs > 0;
        report.append(" ")
            .append(std::to_string(seed))
            .append(":")
            .append(std::to_string(combos))
            .append("/")
            .append(std::to_string(antiAirs));
    }
    std::printf("level 3 (combos/anti-airs per seed):%s\n", report.c_str());
    EXPECT_GE(good, 36) << "matches with a combo and an anti-air:" << report;
}

// ---- the committed replays ---------------------------------------------------------------------

// Every replay in docs/replays/ carries its final hash and ends on it, played in process on the
// project's fighters: the versioning rule's check (a change that moves a hash must re-record them).
TEST(CommittedReplays, EveryOneCarriesItsHashAndEndsOnIt) {
    namespace fs = std::filesystem;
    int played = 0;
    for (const fs::directory_entry& entry : fs::directory_iterator(fs::path(HOTMAP_SOURCE_DIR) / "docs" / "replays")) {
        if (entry.path().extension() != ".replay") continue;
        SCOPED_TRACE(entry.path().string());
        std::ifstream in(entry.path(), std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::string error;
        const auto replay = game::ParseReplay(text, error);
        ASSERT_TRUE(replay.has_value()) << error;
        ASSERT_TRUE(replay->finalHash.has_value()) << "a committed replay carries its final hash line";
        EXPECT_EQ(replay->simulationVersion, game::SIMULATION_VERSION) << "re-record it under this version";
        const testfighters::Fighters& roster = TheRoster();
        const auto def = [&](const std::string& id) -> const game::FighterDef* {
            return id == "brick" ? &roster.brick.def : id == "kestrel" ? &roster.kestrel.def : nullptr;
        };
        const game::MatchDefs defs{{def(replay->fighterIds[0]), def(replay->fighterIds[1])}};
        ASSERT_NE(defs.fighters[0], nullptr);
        ASSERT_NE(defs.fighters[1], nullptr);
        game::MatchState state = game::NewMatch(defs, replay->config);
        for (const game::Inputs& inputs : replay->inputs) game::StepMatch(defs, state, inputs);
        EXPECT_EQ(game::HashState(state), *replay->finalHash) << std::hex << "ends on " << game::HashState(state);
        ++played;
    }
    EXPECT_GE(played, 2) << "blade.replay and the README example's match";
}

}  // namespace
