// Online play's corner of the HUD: the ping and a connection-quality mark (three bars: green,
// amber or red), under the timer, and how many watch; the "waiting for opponent" notice across the picture.
// Plain values in: render knows nothing of the network.
#include "render/render.h"

namespace render {

namespace {

void Fill(SDL_Renderer* r, int x, int y, int w, int h, SDL_Color c) {
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    const SDL_Rect rect{x, y, w, h};
    SDL_RenderFillRect(r, &rect);
}

}  // namespace

void DrawNetStatus(SDL_Renderer* r, int pingMillis, NetQuality quality, bool waiting, int watching) {
    constexpr SDL_Color DARK{20, 14, 30, 200}, DIM{70, 60, 80, 255}, WHITE{244, 240, 232, 255};
    const SDL_Color mark = quality == NetQuality::Good   ? SDL_Color{90, 220, 110, 255}
                           : quality == NetQuality::Fair ? SDL_Color{240, 190, 60, 255}
                                                         : SDL_Color{236, 80, 70, 255};
    const std::string ping = pingMillis >= 0 ? std::to_string(pingMillis) + " MS" : "-- MS";
    const int bars = quality == NetQuality::Good ? 3 : quality == NetQuality::Fair ? 2 : 1;
    const int w = 16 + TextWidth(ping, 1) + 6;
    const int x = (game::SCREEN_WIDTH_PX - w) / 2, y = 40;
    Fill(r, x - 3, y - 2, w + 6, 11, DARK);
    for (int b = 0; b < 3; ++b) {
        const int h = 3 + 2 * b;  // rising bars, as a phone shows signal
        Fill(r, x + b * 4, y + 7 - h, 3, h, b < bars ? mark : DIM);
    }
    DrawText(r, x + 16, y, ping, WHITE, 1);
    if (watching > 0) {  // under the ping: the players know they have an audience
        const std::string text = std::to_string(watching) + " WATCHING";
        const int tw = TextWidth(text, 1), tx = (game::SCREEN_WIDTH_PX - tw) / 2;
        Fill(r, tx - 3, y + 10, tw + 6, 11, DARK);
        DrawText(r, tx, y + 12, text, WHITE, 1);
    }
    if (waiting) {
        const std::string text = "WAITING FOR OPPONENT";
        Fill(r, 0, 150, game::SCREEN_WIDTH_PX, 30, SDL_Color{14, 8, 24, 190});
        DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - TextWidth(text, 2)) / 2, 158, text, SDL_Color{255, 208, 96, 255},
                         2);
    }
}

}  // namespace render
