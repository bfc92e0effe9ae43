// Training mode's picture over the fight: the frame meter (one cell per tick, coloured as Street
// Fighter 6 colours it), both sides' input displays in numpad notation, the last exchange's
// advantage and the last whiff's "missed by N px". Reads the observer; never changes anything.
#include "render/render.h"

#include <algorithm>
#include <string>

namespace render {

namespace {

constexpr SDL_Color WHITE{255, 255, 255, 255}, GOLD{255, 214, 90, 255}, GREY{170, 170, 170, 255};

// The cells' colours, by game::FrameCell: free, startup, active, recovery, hitstun, blockstun.
constexpr SDL_Color CELL_COLOURS[] = {
    {95, 95, 110, 255},  {40, 200, 120, 255}, {230, 60, 70, 255},
    {60, 120, 230, 255}, {240, 210, 60, 255}, {150, 220, 240, 255},
};

// Strings here are appended piece by piece: GCC 12 at -O3 misreads "literal" + std::string&&
// (-Wrestrict).
std::string Signed(std::int32_t n) {
    std::string out = n > 0 ? "+" : "";
    return out.append(std::to_string(n));
}

}  // namespace

void DrawTrainingHud(SDL_Renderer* r, const game::MatchDefs& defs, const game::TrainingObserver& observer,
                     const std::vector<std::string>& status) {
    // The frame meter: the last METER_CELLS ticks, P1's row above P2's, under the floor.
    constexpr int CELL_W = 7, CELL_H = 5, GAP = 1, METER_CELLS = 80, METER_Y = 341;
    // A dark strip behind the cells, so grey "free" cells read against the street.
    SDL_SetRenderDrawColor(r, 12, 12, 18, 255);
    const SDL_Rect strip{0, METER_Y - 2, game::SCREEN_WIDTH_PX, 2 * (CELL_H + GAP + 1) + 2};
    SDL_RenderFillRect(r, &strip);
    for (std::size_t side = 0; side < 2; ++side) {
        const auto& cells = observer.meter[side];
        const std::size_t from = cells.size() > METER_CELLS ? cells.size() - METER_CELLS : 0;
        for (std::size_t i = from; i < cells.size(); ++i) {
            const SDL_Color c = CELL_COLOURS[static_cast<std::size_t>(cells[i])];
            SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 255);
            const SDL_Rect cell{static_cast<int>(i - from) * (CELL_W + GAP),
                                METER_Y + static_cast<int>(side) * (CELL_H + GAP + 1), CELL_W, CELL_H};
            SDL_RenderFillRect(r, &cell);
        }
    }
    // The input displays: newest on top, "236P" digits with the ticks held; below the HUD's combo
    // count, which is written on the same side.
    for (std::size_t side = 0; side < 2; ++side) {
        const auto& log = observer.inputLog[side];
        int y = HUD_COMBO_BOTTOM_Y + 4;
        for (auto it = log.rbegin(); it != log.rend(); ++it, y += 9) {
            const std::string line = game::InputLogText(*it) + " " + std::to_string(std::min(it->ticks, 999));
            const int x = side == 0 ? 6 : game::SCREEN_WIDTH_PX - 6 - TextWidth(line);
            DrawTextOutlined(r, x, y, line, it == log.rbegin() ? WHITE : GREY);
        }
    }
    // What the last exchange and the last whiff came to.
    int y = 62;
    if (!observer.advantages.empty()) {
        const game::Advantage& a = observer.advantages.back();
        const game::FighterDef& def = *defs.fighters[static_cast<std::size_t>(a.attacker)];
        std::string name = a.move >= 0 && static_cast<std::size_t>(a.move) < def.moves.size()
                               ? def.moves[static_cast<std::size_t>(a.move)].name
                               : "";
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char ch) { return std::toupper(ch); });
        const std::string text = name + " " + Signed(a.frames) + (a.blocked ? " ON BLOCK" : " ON HIT");
        DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - TextWidth(text)) / 2, y, text, GOLD);
        y += 10;
    }
    if (!observer.whiffs.empty()) {
        const game::Whiff& w = observer.whiffs.back();
        std::string text = w.missedByPx >= 0 ? "MISSED BY " : "OUT OF REACH";
        if (w.missedByPx >= 0) text.append(std::to_string(w.missedByPx)).append(" PX");
        if (w.boxOnlyTicks > 0)
            text.append(" - BOXES WOULD HAVE HIT (").append(std::to_string(w.boxOnlyTicks)).append(" TICKS)");
        DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - TextWidth(text)) / 2, y, text, WHITE);
        y += 10;
    }
    for (const std::string& line : status) {
        DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - TextWidth(line)) / 2, y, line, GREY);
        y += 10;
    }
}

}  // namespace render
