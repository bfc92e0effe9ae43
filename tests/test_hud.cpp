// The HUD's layout, drawn by SDL's software renderer into memory (no window): what one part draws
// never lands on another's pixels. Uses render and game; the synthetic fighters stand in.
#include "game/game.h"
#include "game/training.h"
#include "render/render.h"
#include "synthetic_fighter.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <functional>
#include <vector>

namespace {

// Every logical pixel of a 640 x 360 picture cleared to black after `draw`, as RGBA8888 (alpha low).
std::vector<Uint32> Pixels(const std::function<void(SDL_Renderer*)>& draw) {
    SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormat(0, 640, 360, 32, SDL_PIXELFORMAT_RGBA8888);
    SDL_Renderer* r = SDL_CreateSoftwareRenderer(surface);
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderClear(r);
    draw(r);
    SDL_RenderPresent(r);
    std::vector<Uint32> out(640 * 360);
    const auto* pixels = static_cast<const Uint32*>(surface->pixels);
    for (int y = 0; y < 360; ++y) {
        for (int x = 0; x < 640; ++x) out[static_cast<std::size_t>(y * 640 + x)] = pixels[y * surface->pitch / 4 + x];
    }
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surface);
    return out;
}

// Which logical pixels `draw` paints on a 640 x 360 picture cleared to black (true: painted).
std::vector<bool> Painted(const std::function<void(SDL_Renderer*)>& draw) {
    const std::vector<Uint32> pixels = Pixels(draw);
    std::vector<bool> out(pixels.size());
    for (std::size_t i = 0; i < pixels.size(); ++i) out[i] = (pixels[i] & 0xFFFFFF00u) != 0;
    return out;
}

// Training's input display (a full log on both sides) is drawn clear of a combo's "N HITS" on
// either side (issue 36, item 5: "3 HITS" was written over P1's input display).
TEST(HudLayout, TheComboCountAndTheInputDisplaysDoNotOverlap) {
    const game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    const game::MatchDefs defs{{&a, &b}};
    const game::MatchState plain = game::NewMatch(defs, game::MatchConfig{});
    game::TrainingObserver observer;
    for (auto& log : observer.inputLog)
        log.assign(game::INPUT_LOG_ENTRIES, game::InputLogEntry{6, game::Input::PUNCH, 99});
    const std::vector<bool> inputs = Painted([&](SDL_Renderer* r) { render::DrawTrainingHud(r, defs, observer, {}); });
    for (int attacker = 0; attacker < 4; ++attacker) {
        game::MatchState combo = plain;
        combo.fighters[static_cast<std::size_t>(1 - attacker % 2)].comboHits = 13;
        combo.fighters[static_cast<std::size_t>(1 - attacker % 2)].counterHit = attacker >= 2;  // "COUNTER 13 HITS"
        const std::vector<bool> without = Painted([&](SDL_Renderer* r) { render::DrawHud(r, defs, plain); });
        const std::vector<bool> with = Painted([&](SDL_Renderer* r) { render::DrawHud(r, defs, combo); });
        int comboPixels = 0, both = 0;
        for (std::size_t i = 0; i < with.size(); ++i) {
            if (with[i] == without[i]) continue;  // the count's own pixels only
            ++comboPixels;
            if (inputs[i]) ++both;
        }
        EXPECT_GT(comboPixels, 100) << "the count was drawn";
        EXPECT_EQ(both, 0) << "pixels of P" << attacker % 2 + 1 << "'s combo count on an input display";
    }
}

// Issue 36, item 7: the meter's reading draws a 120-tick exchange whole, inside the picture, and a
// frozen (hitstop) cell in a colour of its own, not the active cells' red.
TEST(HudLayout, TheMeterDrawsA120TickReadingWholeWithHitstopInItsOwnColour) {
    const game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    const game::MatchDefs defs{{&a, &b}};
    game::TrainingObserver observer;
    game::MeterReading& r = observer.reading;
    r.ticks = 120;
    r.frozen = true;
    for (auto& row : r.cells) row.assign(120, game::FrameCell::Recovery);
    r.cells[0][0] = game::FrameCell::Active;
    r.cells[0][1] = game::FrameCell::Frozen;
    SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormat(0, 640, 360, 32, SDL_PIXELFORMAT_RGBA8888);
    SDL_Renderer* ren = SDL_CreateSoftwareRenderer(surface);
    SDL_SetRenderDrawColor(ren, 0, 0, 0, 255);
    SDL_RenderClear(ren);
    render::DrawTrainingHud(ren, defs, observer, {});
    SDL_RenderPresent(ren);
    const auto* pixels = static_cast<const Uint32*>(surface->pixels);
    const auto at = [&](int x, int y) { return pixels[y * surface->pitch / 4 + x] & 0xFFFFFF00u; };
    // Each row's cells: find the meter's first row (the top of cell 0) and sample cell centres.
    int top = -1;
    for (int y = 300; y < 360 && top < 0; ++y)
        if (at(12, y) != at(0, y)) top = y;
    ASSERT_GE(top, 0) << "cell 0 drawn";
    const int cellW = (640 - 2 * 10) / static_cast<int>(game::METER_READING_TICKS);
    const auto centre = [&](int i) { return 10 + i * cellW + 1; };
    EXPECT_NE(at(centre(0), top + 1), at(centre(1), top + 1)) << "hitstop is not drawn as active";
    EXPECT_NE(at(centre(1), top + 1), at(centre(2), top + 1)) << "nor as recovery";
    EXPECT_LT(centre(119), 640);
    EXPECT_EQ(at(centre(119), top + 1), at(centre(2), top + 1)) << "the 120th cell is drawn";
    SDL_DestroyRenderer(ren);
    SDL_FreeSurface(surface);
}

// A counter-hit says so from its first hit, on the attacker's half of the screen; a plain first hit
// shows nothing (a count starts at 2).
TEST(HudLayout, ACounterHitIsCalledFromItsFirstHitOnTheAttackersSide) {
    const game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    const game::MatchDefs defs{{&a, &b}};
    const game::MatchState plain = game::NewMatch(defs, game::MatchConfig{});
    const std::vector<bool> without = Painted([&](SDL_Renderer* r) { render::DrawHud(r, defs, plain); });
    for (int attacker = 0; attacker < 2; ++attacker) {
        for (const bool counter : {false, true}) {
            game::MatchState hit = plain;
            hit.fighters[static_cast<std::size_t>(1 - attacker)].comboHits = 1;
            hit.fighters[static_cast<std::size_t>(1 - attacker)].counterHit = counter;
            const std::vector<bool> with = Painted([&](SDL_Renderer* r) { render::DrawHud(r, defs, hit); });
            int mine = 0, theirs = 0;
            for (std::size_t i = 0; i < with.size(); ++i) {
                if (with[i] == without[i]) continue;
                const bool leftHalf = static_cast<int>(i % 640) < 320;
                ++((leftHalf == (attacker == 0)) ? mine : theirs);
            }
            EXPECT_EQ(theirs, 0) << "P" << attacker + 1;
            if (counter) {
                EXPECT_GT(mine, 100) << "P" << attacker + 1 << ": COUNTER drawn";
            } else {
                EXPECT_EQ(mine, 0) << "P" << attacker + 1 << ": one plain hit is no combo";
            }
        }
    }
}

}  // namespace

// Online, the host's HUD says how many watch, under the ping, on none of the HUD's own pixels;
// nobody watching draws nothing there, and the number is drawn (2 and 3 differ).
TEST(HudLayout, TheWatcherCountIsDrawnUnderThePingClearOfTheHud) {
    const game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    const game::MatchDefs defs{{&a, &b}};
    const game::MatchState state = game::NewMatch(defs, game::MatchConfig{});
    const std::vector<bool> hud = Painted([&](SDL_Renderer* r) { render::DrawHud(r, defs, state); });
    const auto net = [&](int watching) {
        return Painted(
            [&](SDL_Renderer* r) { render::DrawNetStatus(r, 40, render::NetQuality::Good, false, watching); });
    };
    const std::vector<bool> none = net(0), two = net(2);
    const auto colours = [&](int watching) {
        return Pixels(
            [&](SDL_Renderer* r) { render::DrawNetStatus(r, 40, render::NetQuality::Good, false, watching); });
    };
    const std::vector<Uint32> twoColours = colours(2), threeColours = colours(3);
    int countPixels = 0, onHud = 0, twoVsThree = 0;
    for (std::size_t i = 0; i < none.size(); ++i) {
        if (twoColours[i] != threeColours[i]) ++twoVsThree;
        if (two[i] == none[i]) continue;
        ++countPixels;
        if (hud[i]) ++onHud;
    }
    EXPECT_GT(countPixels, 100) << "\"2 WATCHING\" was drawn";
    EXPECT_EQ(onHud, 0) << "the count lands on the HUD's pixels";
    EXPECT_GT(twoVsThree, 0) << "the number is drawn";
}
