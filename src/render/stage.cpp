// A stage's layers drawn through the camera (docs/stages.md): back to front, each at
// -round(scroll x camera x), full height. The pictures are the stage's files (assets/stages/<id>/);
// nothing is drawn in code. Reads textures only; never the state.
#include "render/render.h"

namespace render {

void DrawStageLayers(SDL_Renderer* renderer, const std::vector<TexturePtr>& layers,
                     const std::vector<double>& scrollFractions, Camera camera) {
    for (std::size_t i = 0; i < layers.size() && i < scrollFractions.size(); ++i) {
        int w = 0, h = 0;
        if (layers[i] == nullptr || SDL_QueryTexture(layers[i].get(), nullptr, nullptr, &w, &h) != 0) continue;
        const SDL_Rect dst{LayerScreenX(scrollFractions[i], camera.xPx), 0, w, h};
        SDL_RenderCopy(renderer, layers[i].get(), nullptr, &dst);
    }
}

}  // namespace render
