// The scripted-scenario harness of the rule tests: two synthetic fighters (tests/synthetic_fighter.h)
// placed by hand, stepped tick by tick, and every scenario run plainly and mirrored left for right.
// Test-only; shared by test_fight.cpp and test_events.cpp.
#pragma once

#include "game/game.h"
#include "synthetic_fighter.h"

#include <gtest/gtest.h>

#include <functional>
#include <vector>

namespace fightscene {

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
        game::StepMatch(defs_, state, {In(a), In(b)}, game::StepHooks{&debug, nullptr, &events});
        eventLog.insert(eventLog.end(), events.View().begin(), events.View().end());
    }
    void Run(int ticks, std::uint8_t a = 0, std::uint8_t b = 0) {
        for (int i = 0; i < ticks; ++i) Step(a, b);
    }
    [[nodiscard]] const game::MatchDefs& Defs() const { return defs_; }
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
    game::EventList events;             ///< the last tick's
    std::vector<game::Event> eventLog;  ///< every tick's, in order

private:
    bool mirrored_;
    game::FighterDef a_, b_;
    game::MatchDefs defs_;
};

// Runs `scenario` plainly and mirrored; both must end the same. Returns the plain outcome.
inline Outcome RunBoth(const std::function<void(Scene&)>& scenario, synth::Kick kickA = synth::Kick::Rising,
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

}  // namespace fightscene
