// The HUD: health bars with names, the round timer, round wins, the meters, a combo's hit count,
// and the announcements (round, fight, KO, time, the winner, a super). Reads the state only.
#include "render/render.h"

#include <algorithm>

namespace render {

namespace {

constexpr SDL_Color WHITE{244, 240, 232, 255}, GOLD{255, 208, 96, 255}, RED{226, 58, 58, 255}, DARK{20, 14, 30, 255};

void Fill(SDL_Renderer* r, int x, int y, int w, int h, SDL_Color c) {
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    const SDL_Rect rect{x, y, w, h};
    SDL_RenderFillRect(r, &rect);
}

void Centered(SDL_Renderer* r, int y, const std::string& text, SDL_Color c, int scale) {
    DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - TextWidth(text, scale)) / 2, y, text, c, scale);
}

// One health bar: P1's drains toward the centre from the left, P2's mirrored.
void HealthBar(SDL_Renderer* r, int side, const game::FighterDef& def, const game::FighterState& f) {
    constexpr int BAR_W = 250, BAR_H = 12, Y = 14;
    const int x = side == 0 ? 14 : game::SCREEN_WIDTH_PX - 14 - BAR_W;
    Fill(r, x - 2, Y - 2, BAR_W + 4, BAR_H + 4, DARK);
    Fill(r, x, Y, BAR_W, BAR_H, SDL_Color{90, 24, 34, 255});
    const int filled = BAR_W * std::max(0, f.health) / std::max(1, def.maxHealth);
    const SDL_Color c = f.health * 4 <= def.maxHealth ? RED : GOLD;
    Fill(r, side == 0 ? x + BAR_W - filled : x, Y, filled, BAR_H, c);
    Fill(r, side == 0 ? x + BAR_W - filled : x, Y, filled, 3, SDL_Color{255, 246, 200, 140});  // a highlight
    const std::string name = def.displayName;
    DrawTextOutlined(r, side == 0 ? x : x + BAR_W - TextWidth(name, 1), Y + BAR_H + 5, name, WHITE, 1);
    // Round wins: one gem per round won, next to the name.
    for (int k = 0; k < game::ROUNDS_TO_WIN; ++k) {
        const int gx = side == 0 ? x + TextWidth(name, 1) + 8 + k * 10 : x + BAR_W - TextWidth(name, 1) - 16 - k * 10;
        Fill(r, gx, Y + BAR_H + 5, 7, 7, DARK);
        Fill(r, gx + 1, Y + BAR_H + 6, 5, 5, k < f.roundsWon ? GOLD : SDL_Color{70, 60, 80, 255});
    }
}

// The meter under the health bar, filling toward the centre like the health bar drains: gold and
// blinking "MAX" when a full bar waits to be spent.
void MeterBar(SDL_Renderer* r, int side, const game::FighterState& f, std::uint64_t tick) {
    constexpr int BAR_W = 120, BAR_H = 5, Y = 42;
    const int x = side == 0 ? 14 : game::SCREEN_WIDTH_PX - 14 - BAR_W;
    Fill(r, x - 1, Y - 1, BAR_W + 2, BAR_H + 2, DARK);
    Fill(r, x, Y, BAR_W, BAR_H, SDL_Color{40, 36, 70, 255});
    const int filled = BAR_W * std::clamp(f.meter, 0, game::METER_MAX) / game::METER_MAX;
    const bool full = f.meter >= game::METER_MAX;
    Fill(r, side == 0 ? x : x + BAR_W - filled, Y, filled, BAR_H, full ? GOLD : SDL_Color{90, 170, 255, 255});
    if (full && (tick / 8) % 2 == 0) {
        const int tx = side == 0 ? x + BAR_W + 6 : x - 6 - TextWidth("MAX", 1);
        DrawTextOutlined(r, tx, Y - 1, "MAX", GOLD, 1);
    }
}

// "3 HITS" on the attacker's side while its combo lasts (the defender's count, 2 or more), led by
// "COUNTER" from the first hit when the combo began with a counter-hit (docs/rules.md).
void ComboCount(SDL_Renderer* r, int attacker, const game::FighterState& defender) {
    if (defender.comboHits < 2 && !(defender.counterHit && defender.comboHits >= 1)) return;
    std::string text = defender.counterHit ? "COUNTER" : "";
    if (defender.comboHits >= 2) {
        if (!text.empty()) text.append(" ");
        text.append(std::to_string(defender.comboHits)).append(" HITS");
    }
    const int w = TextWidth(text, HUD_COMBO_SCALE);
    const int x = attacker == 0 ? 18 : game::SCREEN_WIDTH_PX - 18 - w;
    DrawTextOutlined(r, x, HUD_COMBO_Y, text, GOLD, HUD_COMBO_SCALE);
}

}  // namespace

void DrawHud(SDL_Renderer* r, const game::MatchDefs& defs, const game::MatchState& s) {
    for (int i = 0; i < 2; ++i) {
        HealthBar(r, i, *defs.fighters[static_cast<std::size_t>(i)], s.fighters[static_cast<std::size_t>(i)]);
        MeterBar(r, i, s.fighters[static_cast<std::size_t>(i)], s.tick);
        ComboCount(r, i, s.fighters[static_cast<std::size_t>(1 - i)]);
    }
    const int seconds = (s.roundTicksLeft + game::TICK_HZ - 1) / game::TICK_HZ;
    std::string timer = std::to_string(std::max(0, seconds));
    if (timer.size() < 2) timer.insert(timer.begin(), '0');  // "09": the timer always shows two digits
    Fill(r, game::SCREEN_WIDTH_PX / 2 - 22, 6, 44, 30, DARK);
    DrawText(r, (game::SCREEN_WIDTH_PX - TextWidth(timer, 3)) / 2, 11, timer, seconds <= 10 ? RED : WHITE, 3);

    switch (s.phase) {
        case game::Phase::Intro:
            if (s.phaseTicks > 30) {
                Centered(r, 120, "ROUND " + std::to_string(s.round), WHITE, 4);
            } else {
                Centered(r, 116, "FIGHT!", GOLD, 6);
            }
            break;
        case game::Phase::RoundEnd:
        case game::Phase::MatchOver: {
            const bool timeUp = s.roundTicksLeft <= 0 && s.fighters[0].health > 0 && s.fighters[1].health > 0;
            if (s.phase == game::Phase::RoundEnd || s.phaseTicks > 0) {
                Centered(r, 110, timeUp ? "TIME" : s.roundWinner == 2 ? "DOUBLE K.O." : "K.O.", RED, 6);
            }
            if (s.phase == game::Phase::MatchOver) {
                const std::string who =
                    s.matchWinner == 2 ? "DRAW GAME"
                                       : defs.fighters[static_cast<std::size_t>(s.matchWinner)]->displayName + " WINS";
                Centered(r, 170, who, GOLD, 4);
                Centered(r, 214, "PRESS ENTER", WHITE, 2);
            }
            break;
        }
        case game::Phase::Fight:
            if (s.superFreezeTicks > 0) Centered(r, 96, "SUPER!", GOLD, 5);
            break;
    }
}

}  // namespace render
