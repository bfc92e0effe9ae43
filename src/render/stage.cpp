// A stage's layers drawn through the camera (docs/stages.md): back to front, each at
// -round(scroll x camera x), full height. The pictures are the stage's files (assets/stages/<id>/);
// nothing is drawn in code. Reads textures only; never the state. A layer is drawn in bands of
// rows (StageLayer): its clear rows skipped, its opaque rows copied, the same pixels as blending it whole.
#include "render/render.h"

namespace render {

namespace {

// A row of an RGBA8 image: 0 with no visible pixel, 2 with every pixel opaque, 1 otherwise.
int RowKind(const assets::Image& image, int y) {
    const std::uint8_t* row = image.rgba.data() + static_cast<std::size_t>(y) * image.widthPx * 4;
    bool anyVisible = false, allOpaque = true;
    for (int x = 0; x < image.widthPx; ++x) {
        anyVisible = anyVisible || row[x * 4 + 3] != 0;
        allOpaque = allOpaque && row[x * 4 + 3] == 255;
    }
    return allOpaque ? 2 : anyVisible ? 1 : 0;
}

}  // namespace

StageLayer MakeStageLayer(SDL_Renderer* renderer, const assets::Image& image) {
    StageLayer out;
    out.texture = MakeTexture(renderer, image);
    out.widthPx = image.widthPx;
    out.heightPx = image.heightPx;
    for (int y = 0; y < image.heightPx;) {
        const int kind = RowKind(image, y);
        int end = y + 1;
        while (end < image.heightPx && RowKind(image, end) == kind) ++end;
        if (kind != 0) out.bands.push_back(StageLayer::Band{y, end, kind == 2});
        y = end;
    }
    return out;
}

void DrawStageLayers(SDL_Renderer* renderer, const std::vector<StageLayer>& layers,
                     const std::vector<double>& scrollFractions, Camera camera) {
    for (std::size_t i = 0; i < layers.size() && i < scrollFractions.size(); ++i) {
        const StageLayer& layer = layers[i];
        if (layer.texture == nullptr) continue;
        const int screenX = LayerScreenX(scrollFractions[i], camera.xPx);
        for (const StageLayer::Band& band : layer.bands) {
            const int rows = band.bottomPx - band.topPx;
            const SDL_Rect src{0, band.topPx, layer.widthPx, rows};
            const SDL_Rect dst{screenX, band.topPx, layer.widthPx, rows};
            SDL_SetTextureBlendMode(layer.texture.get(), band.opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
            SDL_RenderCopy(renderer, layer.texture.get(), &src, &dst);
        }
        SDL_SetTextureBlendMode(layer.texture.get(), SDL_BLENDMODE_BLEND);
    }
}

}  // namespace render
