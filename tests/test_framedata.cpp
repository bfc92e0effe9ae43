// hotmap framedata against the simulation itself: its pixel ranges against the fight's own contact
// probe (game::ProbeContacts) at every distance from 0 to 300 px on both sides, its advantages
// against the training frame meter's, and docs/framedata.md against what `make framedata` makes.
#include "assets/assets.h"
#include "game/framedata.h"
#include "game/training.h"
#include "run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace {

using nlohmann::json;

struct Fighters {
    assets::LoadedFighter brick, kestrel;
    Fighters() {
        const assets::AssetRoots roots = assets::AssetRoots::Under(HOTMAP_SOURCE_DIR);
        auto b = assets::LoadFighter(roots, "brick");
        auto k = assets::LoadFighter(roots, "kestrel");
        EXPECT_TRUE(b.Ok() && k.Ok());
        if (b.Ok()) brick = std::move(b).Value();
        if (k.Ok()) kestrel = std::move(k).Value();
    }
};

const Fighters& TheFighters() {
    static const Fighters f;
    return f;
}

std::string ReadFile(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

json ToolJson() {
    const auto r = testrun::Run(HOTMAP_EXE, {"framedata", std::string(HOTMAP_SOURCE_DIR) + "/assets/brick",
                                             std::string(HOTMAP_SOURCE_DIR) + "/assets/kestrel", "--json"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return json::parse(r.out, nullptr, false);
}

std::int32_t FrameStartTick(const game::AnimationDef& anim, std::int32_t frame) {
    std::int32_t t = 0;
    for (std::int32_t i = 0; i < frame; ++i) t += anim.frames[static_cast<std::size_t>(i)].ticks;
    return t;
}

// The ranges the fight's own contact probe finds: the attacker mid-move on `frame`, the defender
// idle or fully crouched, `d` px ahead on the side `facing` says, every distance 0-300.
std::vector<std::pair<int, int>> ProbedRanges(const game::FighterDef& a, const game::FighterDef& d, int move, int frame,
                                              bool crouching, game::Facing facing) {
    game::MatchDefs defs;
    defs.fighters = {&a, &d};
    game::MatchConfig config;
    config.controllers = {game::Controller::Human, game::Controller::Human};
    game::MatchState s = game::NewMatch(defs, config);
    s.phase = game::Phase::Fight;
    const game::MoveDef& m = a.moves[static_cast<std::size_t>(move)];
    game::FighterState& at = s.fighters[0];
    at.action = m.stance == game::Stance::Air ? game::Action::AirAttack : game::Action::Attack;
    at.move = move;
    at.animation = m.animation;
    at.animTick = FrameStartTick(a.animations[static_cast<std::size_t>(m.animation)], frame);
    at.facing = facing;
    at.xSubpx = 320 * game::SUBPIXELS_PER_PX;
    game::FighterState& df = s.fighters[1];
    const game::AnimationDef& crouch = d.Animation(game::Anim::Crouch);
    df.action = crouching ? game::Action::Crouch : game::Action::Idle;
    df.animation = static_cast<std::int32_t>(crouching ? game::Anim::Crouch : game::Anim::Idle);
    df.animTick = crouching ? FrameStartTick(crouch, static_cast<std::int32_t>(crouch.frames.size()) - 1) : 0;
    df.facing = facing == game::Facing::Right ? game::Facing::Left : game::Facing::Right;
    std::vector<std::pair<int, int>> out;
    for (int dist = 0; dist <= game::FRAMEDATA_MAX_DISTANCE_PX; ++dist) {
        df.xSubpx = (320 + (facing == game::Facing::Right ? dist : -dist)) * game::SUBPIXELS_PER_PX;
        if (game::ProbeContacts(defs, s) == 0) continue;
        if (!out.empty() && out.back().second == dist - 1) {
            out.back().second = dist;
        } else {
            out.emplace_back(dist, dist);
        }
    }
    return out;
}

TEST(Framedata, PixelRangesAreWhatTheContactProbeFindsAtEveryDistanceOnBothSides) {
    const json tool = ToolJson();
    ASSERT_TRUE(tool.contains("fighters"));
    ASSERT_EQ(tool["fighters"].size(), 2u);
    const Fighters& f = TheFighters();
    int checkedFrames = 0, nonEmpty = 0;
    for (std::size_t i = 0; i < 2; ++i) {
        const game::FighterDef& a = i == 0 ? f.brick.def : f.kestrel.def;
        const game::FighterDef& d = i == 0 ? f.kestrel.def : f.brick.def;
        const json& moves = tool["fighters"][i]["moves"];
        EXPECT_EQ(tool["fighters"][i]["fighter"], a.id);
        EXPECT_EQ(tool["fighters"][i]["vs"], d.id);
        ASSERT_EQ(moves.size(), a.moves.size());
        for (std::size_t m = 0; m < a.moves.size(); ++m) {
            ASSERT_EQ(moves[m]["name"], a.moves[m].name);
            for (const json& fr : moves[m]["frames"]) {
                const int frame = fr["frame"];
                for (const auto& [key, crouching, facing] : {std::tuple{"standing", false, game::Facing::Right},
                                                             std::tuple{"crouching", true, game::Facing::Right},
                                                             std::tuple{"standing_left", false, game::Facing::Left},
                                                             std::tuple{"crouching_left", true, game::Facing::Left}}) {
                    const auto probed = ProbedRanges(a, d, static_cast<int>(m), frame, crouching, facing);
                    std::vector<std::pair<int, int>> reported;
                    for (const json& r : fr[key]) reported.emplace_back(r[0].get<int>(), r[1].get<int>());
                    EXPECT_EQ(reported, probed) << a.id << " " << a.moves[m].name << " frame " << frame << " " << key;
                    nonEmpty += !probed.empty();
                }
                ++checkedFrames;
            }
        }
    }
    EXPECT_GT(checkedFrames, 20);
    EXPECT_GT(nonEmpty, 40);
}

// A one-button grounded strike hitting (and blocked) at a distance its first active frame reaches:
// the training meter's advantage is the table's.
TEST(Framedata, AdvantagesAreWhatTheFrameMeterMeasures) {
    const Fighters& f = TheFighters();
    int checked = 0;
    for (const bool brickAttacks : {true, false}) {
        const game::FighterDef& a = brickAttacks ? f.brick.def : f.kestrel.def;
        const game::FighterDef& d = brickAttacks ? f.kestrel.def : f.brick.def;
        const auto data = game::ComputeFrameData(a, d);
        for (std::size_t m = 0; m < a.moves.size(); ++m) {
            const game::MoveDef& move = a.moves[m];
            if (!data[m].onHit || !move.motion.empty() || move.meterCost > 0 || data[m].reach.empty()) continue;
            const auto& first =
                move.stance == game::Stance::Crouch ? data[m].reach[0].crouchingRight : data[m].reach[0].standingRight;
            // Past the two pushboxes' half widths, so nothing pushes them apart first.
            const int closest = (a.pushboxWidthPx + d.pushboxWidthPx) / 2 + 2;
            if (first.empty() || first.back().lastPx < closest) continue;
            const int dist = std::max(first.front().firstPx, closest);
            for (const game::DummyBlock block : {game::DummyBlock::None, game::DummyBlock::All}) {
                SCOPED_TRACE(a.id + " " + move.name + (block == game::DummyBlock::All ? " blocked" : " hit"));
                game::MatchDefs defs;
                defs.fighters = {&a, &d};
                game::MatchConfig config;
                config.controllers = {game::Controller::Human, game::Controller::Human};
                game::TrainingState training;
                game::TrainingSettings settings;
                settings.block = block;
                settings.stance =
                    move.stance == game::Stance::Crouch ? game::DummyStance::Crouch : game::DummyStance::Stand;
                game::MatchState s = game::NewTrainingMatch(defs, config, training);
                s.fighters[0].xSubpx = 200 * game::SUBPIXELS_PER_PX;
                s.fighters[1].xSubpx = (200 + dist) * game::SUBPIXELS_PER_PX;
                game::TrainingObserver observer;
                game::EventList events;
                const std::uint8_t button = move.button == game::Button::Kick      ? game::Input::KICK
                                            : move.button == game::Button::Special ? game::Input::SPECIAL
                                                                                   : game::Input::PUNCH;
                const std::uint8_t down = move.stance == game::Stance::Crouch ? game::Input::DOWN : 0;
                for (int t = 0; t < 90; ++t) {
                    const std::uint8_t bits = t == 0 ? down : t == 1 ? static_cast<std::uint8_t>(down | button) : down;
                    (void)game::StepTraining(defs, s, settings, training, {game::Input{bits}, game::Input{}},
                                             game::StepHooks{nullptr, nullptr, &events});
                    observer.Observe(defs, s, events.View());
                }
                ASSERT_EQ(observer.advantages.size(), 1u) << "at " << dist << " px";
                EXPECT_EQ(observer.advantages[0].blocked, block == game::DummyBlock::All);
                EXPECT_EQ(observer.advantages[0].frames,
                          block == game::DummyBlock::All ? *data[m].onBlock : *data[m].onHit)
                    << "at " << dist << " px";
                ++checked;
            }
        }
    }
    EXPECT_GE(checked, 4);
}

TEST(Framedata, DocsFramedataIsWhatMakeFramedataMakes) {
    const auto r = testrun::Run(HOTMAP_EXE, {"framedata", std::string(HOTMAP_SOURCE_DIR) + "/assets/brick",
                                             std::string(HOTMAP_SOURCE_DIR) + "/assets/kestrel"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(ReadFile(std::string(HOTMAP_SOURCE_DIR) + "/docs/framedata.md"), r.out)
        << "docs/framedata.md is stale: run `make framedata`";
}

TEST(Framedata, UsageAndDataErrors) {
    EXPECT_EQ(testrun::Run(HOTMAP_EXE, {"framedata"}).exitCode, 2);
    EXPECT_EQ(testrun::Run(HOTMAP_EXE, {"framedata", "--bogus"}).exitCode, 2);
    const auto missing = testrun::Run(HOTMAP_EXE, {"framedata", "/nonexistent/assets/nobody"});
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("/nonexistent/assets/nobody"), std::string::npos) << missing.err;
    const auto help = testrun::Run(HOTMAP_EXE, {"framedata", "--help"});
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_NE(help.out.find("usage: hotmap framedata"), std::string::npos);
}

}  // namespace
