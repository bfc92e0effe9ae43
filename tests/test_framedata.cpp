// hotmap framedata against the simulation itself: its pixel ranges against the fight's own contact
// probe (game::ProbeContacts) at every distance from 0 to 300 px on both sides, its advantages
// against the training frame meter's, and docs/framedata.md against what `make framedata` makes.
#include "assets/assets.h"
#include "game/framedata.h"
#include "game/training.h"
#include "project_fighters.h"
#include "run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace {

using nlohmann::json;

using testfighters::Fighters;
using testfighters::TheFighters;

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

// ---- every grounded move, played out: the meter against the table and against stepping ----------

// One played exchange: side 0 types a move at side 1 (the training dummy), from `distPx` apart, then
// optionally a follow-up typed so that its button lands on `followAt`. Every state is kept, so the
// stepping oracle can branch off any tick.
struct Played {
    game::TrainingObserver observer;
    std::vector<game::MatchState> before;          // the state each tick was stepped from
    std::vector<std::vector<game::Event>> events;  // each tick's events
    std::int64_t contactTick = -1;                 // the first hit, block or throw landing on side 1
};

Played PlayExchange(const game::MatchDefs& defs, std::int32_t move, std::int32_t distPx, game::DummyBlock block,
                    std::int32_t followMove, std::int64_t followAt, int ticks) {
    Played p;
    game::MatchConfig config;
    config.controllers = {game::Controller::Human, game::Controller::Human};
    game::TrainingState training;
    game::TrainingSettings settings;
    settings.block = block;
    settings.refill = false;
    game::MatchState s = game::NewTrainingMatch(defs, config, training);
    s.fighters[0].xSubpx = 200 * game::SUBPIXELS_PER_PX;
    s.fighters[1].xSubpx = (200 + distPx) * game::SUBPIXELS_PER_PX;
    s.fighters[0].meter = game::METER_MAX;  // a super is a super
    const auto typed = game::MoveInputSequence(defs.fighters[0]->moves[static_cast<std::size_t>(move)]);
    std::vector<game::Input> follow;
    if (followMove >= 0)
        follow = game::MoveInputSequence(defs.fighters[0]->moves[static_cast<std::size_t>(followMove)]);
    const std::int64_t followFrom = followAt - static_cast<std::int64_t>(follow.size()) + 1;
    game::EventList events;
    for (int t = 0; t < ticks; ++t) {
        game::Inputs in{};
        if (t < static_cast<int>(typed.size())) in[0] = typed[static_cast<std::size_t>(t)];
        if (!follow.empty() && t >= followFrom && t <= followAt)
            in[0] = follow[static_cast<std::size_t>(t - followFrom)];
        p.before.push_back(s);
        // The dummy's input is the rules': StepTraining replaces in[1].
        (void)game::StepTraining(defs, s, settings, training, in, game::StepHooks{nullptr, nullptr, &events});
        p.events.emplace_back(events.View().begin(), events.View().end());
        for (const game::Event& e : events.View()) {
            const bool lands =
                e.kind == game::EventKind::Hit || e.kind == game::EventKind::Block || e.kind == game::EventKind::Thrown;
            if (lands && e.target == 1 && p.contactTick < 0) p.contactTick = t;
        }
        p.observer.Observe(defs, s, events.View());
    }
    return p;
}

// The stepping oracle: the first tick from `from` on (the contact's for the attacker, which may be
// free already; the one after it for the defender) at which side `side`, pressing its jab
// (5P) on that tick alone, starts it on that very tick (not a cancel): its first free tick, found by trying.
std::int64_t FirstActionableTick(const game::MatchDefs& defs, const Played& p, std::int32_t side, std::int64_t from) {
    const game::FighterDef& def = *defs.fighters[static_cast<std::size_t>(side)];
    std::int32_t jab = -1;
    for (std::size_t m = 0; m < def.moves.size(); ++m)
        if (game::MoveInputNotation(def.moves[m]) == "5P") jab = static_cast<std::int32_t>(m);
    EXPECT_GE(jab, 0) << def.id << " has a 5P";
    for (std::int64_t t = from; t < static_cast<std::int64_t>(p.before.size()); ++t) {
        game::MatchState s = p.before[static_cast<std::size_t>(t)];
        s.fighters[static_cast<std::size_t>(side)].heldBits = 0;  // a fresh press
        game::Inputs in{};
        in[static_cast<std::size_t>(side)] = game::Input{game::Input::PUNCH};
        game::EventList events;
        game::StepMatch(defs, s, in, game::StepHooks{nullptr, nullptr, &events});
        bool started = false, cancel = false;
        for (const game::Event& e : events.View()) {
            if (e.fighter != side) continue;
            started = started || (e.kind == game::EventKind::MoveStart && e.move == jab);
            cancel = cancel || e.kind == game::EventKind::Cancel;
        }
        if (started && !cancel) return t;
    }
    return -1;
}

// Issue 36: the advantage is measured from the simulation, a buffered follow-up included. For every
// grounded move of both fighters (specials, supers, throws and the projectile too), hit and blocked:
// the meter's figure played plainly equals what stepping finds (each side's first tick a jab would
// come out), and equals `hotmap framedata`'s where the table has one; played again with a jab typed
// to land in the move's recovery, inside the input buffer (the tick worked out from the table:
// startup + active + recovery, the hitstop and the super's freeze), the buffered jab comes out on
// the attacker's first free tick and the move's own entry is unchanged. Moves that cancel are
// played with a cancel into each move their windows name, and the meter's last figure is stepping's.
TEST(Framedata, TrainingAdvantagesAreTheTablesAndSteppingsWithBufferedAndCancelledFollowUps) {
    const Fighters& f = TheFighters();
    int tabled = 0, stepped = 0, buffered = 0, cancelled = 0;
    for (const bool brickAttacks : {true, false}) {
        const game::FighterDef& a = brickAttacks ? f.brick.def : f.kestrel.def;
        const game::FighterDef& d = brickAttacks ? f.kestrel.def : f.brick.def;
        game::MatchDefs defs;
        defs.fighters = {&a, &d};
        const auto data = game::ComputeFrameData(a, d);
        std::int32_t jab = -1;
        for (std::size_t m = 0; m < a.moves.size(); ++m)
            if (data[m].notation == "5P") jab = static_cast<std::int32_t>(m);
        ASSERT_GE(jab, 0);
        const int closest = (a.pushboxWidthPx + d.pushboxWidthPx) / 2 + 2;
        for (std::size_t m = 0; m < a.moves.size(); ++m) {
            const game::MoveDef& move = a.moves[m];
            if (move.stance == game::Stance::Air) continue;  // needs a jump: its height decides its timing
            // The nearest distance, past both pushboxes, at which its first reaching frame touches;
            // a projectile from across a third of the stage.
            int dist = 160;
            bool firstFrameReaches = false;
            for (std::size_t r = 0; r < data[m].reach.size() && dist == 160; ++r) {
                const auto& ranges = data[m].reach[r].standingRight;
                for (const auto& range : ranges) {
                    if (range.lastPx < closest) continue;
                    dist = std::max(range.firstPx, closest);
                    firstFrameReaches = r == 0;
                    break;
                }
            }
            const auto typedTicks = static_cast<std::int64_t>(game::MoveInputSequence(move).size());
            for (const game::DummyBlock block : {game::DummyBlock::None, game::DummyBlock::All}) {
                if (move.throwDef && block == game::DummyBlock::All) continue;  // a throw is not blocked
                SCOPED_TRACE(a.id + " " + move.name + (block == game::DummyBlock::All ? " blocked" : " hit") + " at " +
                             std::to_string(dist) + " px");
                const Played plain = PlayExchange(defs, static_cast<std::int32_t>(m), dist, block, -1, -1, 240);
                ASSERT_GE(plain.contactTick, 0) << "it lands";
                ASSERT_FALSE(plain.observer.advantages.empty());
                const game::Advantage& got = plain.observer.advantages.front();
                EXPECT_EQ(got.move, static_cast<std::int32_t>(m));
                const std::int64_t attackerFree = FirstActionableTick(defs, plain, 0, plain.contactTick);
                const std::int64_t defenderFree = FirstActionableTick(defs, plain, 1, plain.contactTick + 1);
                ASSERT_GE(attackerFree, 0);
                ASSERT_GE(defenderFree, 0);
                EXPECT_EQ(got.frames, defenderFree - attackerFree) << "stepping";
                ++stepped;
                const std::optional<std::int32_t> table =
                    block == game::DummyBlock::All ? data[m].onBlock : data[m].onHit;
                if (table && firstFrameReaches) {
                    EXPECT_EQ(got.frames, *table) << "hotmap framedata";
                    ++tabled;
                }
                // The jab typed into the recovery, inside the buffer: its press tick from the table
                // (a throw that grabs on its first active tick plays its toss instead of its
                // recovery, the thrower idle on the tick after it).
                const std::int64_t moveStart = typedTicks - 1;
                std::int64_t freeFromTable =
                    moveStart + data[m].startup + data[m].active + data[m].recovery + move.superFreezeTicks;
                // The hitstop holds the attacker too when the contact comes before it would be free.
                if (plain.contactTick < freeFromTable) freeFromTable += move.hitstopTicks;
                if (move.throwDef)
                    freeFromTable = moveStart + data[m].startup +
                                    a.animations[static_cast<std::size_t>(move.throwDef->animation)].TotalTicks() + 1;
                const std::int64_t pressAt = freeFromTable - game::INPUT_BUFFER_TICKS / 2;
                const std::int64_t firstFree = FirstActionableTick(defs, plain, 0, moveStart + 1);
                ASSERT_GE(firstFree, 0);
                const Played follow = PlayExchange(defs, static_cast<std::int32_t>(m), dist, block, jab, pressAt, 240);
                ASSERT_FALSE(follow.observer.advantages.empty());
                EXPECT_EQ(follow.observer.advantages.front().move, static_cast<std::int32_t>(m));
                EXPECT_EQ(follow.observer.advantages.front().frames, got.frames) << "with a buffered 5P";
                bool jabOnTheFirstFreeTick = false;
                for (const game::Event& e : follow.events[static_cast<std::size_t>(firstFree)])
                    jabOnTheFirstFreeTick = jabOnTheFirstFreeTick ||
                                            (e.kind == game::EventKind::MoveStart && e.fighter == 0 && e.move == jab);
                EXPECT_TRUE(jabOnTheFirstFreeTick)
                    << "the 5P pressed on tick " << pressAt << " was buffered to the first free tick " << firstFree;
                ++buffered;
            }
            // Cancels: into each move a window names, typed to complete on the contact's first
            // frozen tick (the hitstop keeps the press fresh for the window's first tick).
            for (const game::CancelDef& c : move.cancels) {
                for (const std::int32_t into : c.into) {
                    SCOPED_TRACE(a.id + " " + move.name + " cancelled into " +
                                 a.moves[static_cast<std::size_t>(into)].name);
                    const Played probe =
                        PlayExchange(defs, static_cast<std::int32_t>(m), dist, game::DummyBlock::None, -1, -1, 60);
                    ASSERT_GE(probe.contactTick, 0);
                    const Played p = PlayExchange(defs, static_cast<std::int32_t>(m), dist, game::DummyBlock::None,
                                                  into, probe.contactTick + 1, 240);
                    bool didCancel = false;
                    for (const auto& tick : p.events)
                        for (const game::Event& e : tick) didCancel = didCancel || e.kind == game::EventKind::Cancel;
                    EXPECT_TRUE(didCancel);
                    ASSERT_FALSE(p.observer.advantages.empty());
                    const game::Advantage& last = p.observer.advantages.back();
                    // The exchange's last contact on, each side's first free tick, by stepping.
                    std::int64_t lastContact = p.contactTick;
                    for (std::size_t t = 0; t < p.events.size(); ++t)
                        for (const game::Event& e : p.events[t])
                            if ((e.kind == game::EventKind::Hit || e.kind == game::EventKind::Block) && e.target == 1)
                                lastContact = static_cast<std::int64_t>(t);
                    const std::int64_t af = FirstActionableTick(defs, p, 0, lastContact);
                    const std::int64_t df = FirstActionableTick(defs, p, 1, lastContact + 1);
                    ASSERT_GE(af, 0);
                    ASSERT_GE(df, 0);
                    EXPECT_EQ(last.frames, df - af) << "stepping after the cancel";
                    ++cancelled;
                }
            }
        }
    }
    // Both fighters' grounded moves, hit and blocked; the one-button strikes and the specials in the table.
    EXPECT_GE(stepped, 28);
    EXPECT_GE(tabled, 16);
    EXPECT_GE(buffered, 28);
    EXPECT_GE(cancelled, 6);
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
