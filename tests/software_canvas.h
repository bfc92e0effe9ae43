// A software renderer drawing into memory (no window), for tests that two ways of drawing give the
// same pixels (trimmed sprites, stage layers in bands: issue 41). Test-only.
#pragma once

#include "game/game.h"

#include <SDL.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace testcanvas {

inline constexpr int W = game::SCREEN_WIDTH_PX, H = game::SCREEN_HEIGHT_PX;

// One software renderer on a 640 x 360 surface; Draw clears it to a colour no sprite is made of
// (so a pixel drawn at alpha 0 would still show as a change) and returns the picture.
class Canvas {
public:
    Canvas()
        : surface_(SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_RGBA8888)),
          renderer_(SDL_CreateSoftwareRenderer(surface_)) {}
    ~Canvas() {
        SDL_DestroyRenderer(renderer_);
        SDL_FreeSurface(surface_);
    }
    Canvas(const Canvas&) = delete;
    Canvas& operator=(const Canvas&) = delete;
    [[nodiscard]] SDL_Renderer* Renderer() const { return renderer_; }

    std::vector<Uint32> Draw(const std::function<void(SDL_Renderer*)>& draw) {
        SDL_SetRenderDrawColor(renderer_, 21, 77, 133, 255);
        SDL_RenderClear(renderer_);
        draw(renderer_);
        SDL_RenderPresent(renderer_);
        std::vector<Uint32> out(static_cast<std::size_t>(W) * H);
        for (int y = 0; y < H; ++y) {
            const auto* row = reinterpret_cast<const Uint32*>(static_cast<const Uint8*>(surface_->pixels) +
                                                              static_cast<std::ptrdiff_t>(y) * surface_->pitch);
            std::copy(row, row + W, out.begin() + static_cast<std::ptrdiff_t>(y) * W);
        }
        return out;
    }

private:
    SDL_Surface* surface_;
    SDL_Renderer* renderer_;
};

// The pixels that differ between two pictures, and the first of them ("" when none).
inline std::string Differences(const std::vector<Uint32>& a, const std::vector<Uint32>& b) {
    int count = 0;
    std::string first;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] == b[i]) continue;
        if (count++ == 0) first = " (first at " + std::to_string(i % W) + ", " + std::to_string(i / W) + ")";
    }
    return count == 0 ? "" : std::to_string(count) + " pixels differ" + first;
}

}  // namespace testcanvas
