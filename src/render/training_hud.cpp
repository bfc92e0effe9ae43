// Training mode's picture over the fight: the frame meter (the current exchange's reading, one cell
// per tick, coloured as Street Fighter 6 colours it, hitstop in a colour of its own, frozen when the
// exchange ends) with its numbers, both sides' input displays in numpad notation, and the reading's
// advantages and whiffs ("P1 5P: +3 ON HIT"). Reads the observer; never changes anything.
#include "render/render.h"

#include <algorithm>
#include <iterator>
#include <string>

namespace render {

namespace {

constexpr SDL_Color WHITE{255, 255, 255, 255}, GOLD{255, 214, 90, 255}, GREY{170, 170, 170, 255};

// The cells' colours, by game::FrameCell: free, startup, active, recovery, hitstun, blockstun,
// and frozen (hitstop, a super's freeze) in a pale violet no other cell uses.
constexpr SDL_Color CELL_COLOURS[] = {
    {95, 95, 110, 255},  {40, 200, 120, 255},  {230, 60, 70, 255},   {60, 120, 230, 255},
    {240, 210, 60, 255}, {150, 220, 240, 255}, {200, 150, 255, 255},
};
static_assert(std::size(CELL_COLOURS) == std::size(game::FRAME_CELL_LETTERS), "a colour for every game::FrameCell");

}  // namespace

void DrawTrainingHud(SDL_Renderer* r, const game::MatchDefs& defs, const game::TrainingObserver& observer,
                     const std::vector<std::string>& status) {
    // The frame meter: the current exchange (or the last, frozen), P1's row above P2's, under the
    // floor; METER_READING_TICKS cells of 4 px and a 1 px gap span 620 of the 640 px.
    constexpr int CELL_W = 4, CELL_H = 6, GAP = 1, METER_X = 10, METER_Y = 339;
    const game::MeterReading& reading = observer.reading;
    // A dark strip behind the cells, so grey "free" cells read against the street.
    SDL_SetRenderDrawColor(r, 12, 12, 18, 255);
    const SDL_Rect strip{0, METER_Y - 2, game::SCREEN_WIDTH_PX, 2 * (CELL_H + GAP + 1) + 2};
    SDL_RenderFillRect(r, &strip);
    for (std::size_t side = 0; side < 2; ++side) {
        const auto& cells = reading.cells[side];
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const SDL_Color c = CELL_COLOURS[static_cast<std::size_t>(cells[i])];
            SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 255);
            const SDL_Rect cell{METER_X + static_cast<int>(i) * (CELL_W + GAP),
                                METER_Y + static_cast<int>(side) * (CELL_H + GAP + 1), CELL_W, CELL_H};
            SDL_RenderFillRect(r, &cell);
        }
    }
    // The numbers over the meter: each side's move (startup, active, recovery, total), and the
    // reading's total ticks with FROZEN once the exchange is over.
    constexpr int NUMBERS_Y = METER_Y - 12;
    for (std::size_t side = 0; side < 2; ++side) {
        const std::string figures = game::FiguresText(reading.figures[side]);
        if (figures.empty()) continue;
        const std::string line = (side == 0 ? std::string("P1 ") : std::string("P2 ")).append(figures);
        const int x = side == 0 ? METER_X : game::SCREEN_WIDTH_PX - METER_X - TextWidth(line);
        DrawTextOutlined(r, x, NUMBERS_Y, line, WHITE);
    }
    if (reading.ticks > 0) {
        std::string total = std::to_string(reading.ticks);
        total.append(reading.frozen ? " TICKS - FROZEN" : " TICKS");
        DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - TextWidth(total)) / 2, NUMBERS_Y, total, GREY);
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
    // What this reading's exchanges and whiffs came to (the last two of each), cleared with it.
    const auto upper = [](std::string text) {
        std::transform(text.begin(), text.end(), text.begin(), [](unsigned char ch) { return std::toupper(ch); });
        return text;
    };
    int y = 62;
    const std::size_t advantagesFrom = reading.advantages.size() > 2 ? reading.advantages.size() - 2 : 0;
    for (std::size_t i = advantagesFrom; i < reading.advantages.size(); ++i) {
        const std::string text = upper(game::AdvantageText(defs, reading.advantages[i]));
        DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - TextWidth(text)) / 2, y, text, GOLD);
        y += 10;
    }
    const std::size_t whiffsFrom = reading.whiffs.size() > 2 ? reading.whiffs.size() - 2 : 0;
    for (std::size_t i = whiffsFrom; i < reading.whiffs.size(); ++i) {
        const std::string text = upper(game::WhiffText(defs, reading.whiffs[i]));
        DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - TextWidth(text)) / 2, y, text, WHITE);
        y += 10;
    }
    for (const std::string& line : game::ComboText(defs, reading, 100)) {
        if (line.empty()) continue;
        DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - TextWidth(line)) / 2, y, line, WHITE);
        y += 10;
    }
    for (const std::string& line : status) {
        DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - TextWidth(line)) / 2, y, line, GREY);
        y += 10;
    }
}

}  // namespace render
