// Stage layers drawn in bands of rows (render::StageLayer, issue 41: clear rows skipped, opaque rows
// copied, the rest blended) give the very pixels the whole layers blended gave: the project's
// stages at every camera position, and a made-up layer with each kind of row, through SDL's
// software renderer into memory (no window).
#include "assets/stage.h"
#include "render/render.h"
#include "software_canvas.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using testcanvas::Canvas;
using testcanvas::Differences;

// The layers as they were drawn before the bands: each whole texture blended at its scroll.
void DrawWholeLayers(SDL_Renderer* r, const std::vector<render::StageLayer>& layers, const std::vector<double>& scroll,
                     render::Camera camera) {
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const SDL_Rect dst{render::LayerScreenX(scroll[i], camera.xPx), 0, layers[i].widthPx, layers[i].heightPx};
        SDL_RenderCopy(r, layers[i].texture.get(), nullptr, &dst);
    }
}

std::int64_t BandRows(const render::StageLayer& layer, bool opaque) {
    std::int64_t rows = 0;
    for (const render::StageLayer::Band& b : layer.bands) rows += b.opaque == opaque ? b.bottomPx - b.topPx : 0;
    return rows;
}

TEST(StageLayerBands, TheProjectsStagesDrawTheSamePixelsAtEveryCameraPosition) {
    const assets::AssetRoots roots = assets::AssetRoots::Under(HOTMAP_SOURCE_DIR);
    const std::vector<std::string> ids = assets::ListStages(roots);
    ASSERT_EQ(ids, (std::vector<std::string>{"dojo", "harbour", "rooftop"}));
    Canvas canvas;
    std::int64_t blendedRows = 0, allRows = 0;
    for (const std::string& id : ids) {
        const auto loaded = assets::LoadStage(roots, id, false);
        ASSERT_TRUE(loaded.Ok()) << id;
        const assets::LoadedStage& stage = loaded.Value();
        std::vector<render::StageLayer> layers;
        std::vector<double> scroll;
        for (std::size_t i = 0; i < stage.layers.size(); ++i) {
            layers.push_back(render::MakeStageLayer(canvas.Renderer(), stage.layers[i]));
            scroll.push_back(stage.file.layers[i].scrollFraction);
            blendedRows += BandRows(layers.back(), false);
            allRows += stage.layers[i].heightPx;
        }
        // The back layer is opaque: one band of every row, copied.
        ASSERT_EQ(layers.front().bands.size(), 1u) << id;
        EXPECT_TRUE(layers.front().bands[0].opaque) << id;
        for (int cameraX = 0; cameraX <= stage.file.widthPx - game::SCREEN_WIDTH_PX; cameraX += 7) {
            const render::Camera camera{cameraX, 0};
            const auto ours = canvas.Draw([&](SDL_Renderer* r) { render::DrawStageLayers(r, layers, scroll, camera); });
            const auto before = canvas.Draw([&](SDL_Renderer* r) { DrawWholeLayers(r, layers, scroll, camera); });
            ASSERT_EQ(Differences(ours, before), "") << id << " camera x " << cameraX;
        }
    }
    // The point of the bands: most rows are not blended.
    EXPECT_LT(blendedRows * 2, allRows);
}

// Rows of every kind, with colour under alpha 0 (a clear pixel copied would show) and the texture's
// blend mode left as it was made: the bands are exactly the runs of rows, and draw the whole's pixels.
TEST(StageLayerBands, EachKindOfRowIsItsOwnBandAndDrawsTheWholeLayersPixels) {
    constexpr int WIDTH = 700, HEIGHT = 10;
    assets::Image image;
    image.widthPx = WIDTH, image.heightPx = HEIGHT;
    image.rgba.resize(static_cast<std::size_t>(WIDTH) * HEIGHT * 4);
    // Row kinds top to bottom: clear, clear, opaque, opaque, one clear pixel, half alpha, clear,
    // opaque, one pixel at alpha 1, opaque.
    const char* kinds = "ccoozhcoxo";
    for (int y = 0; y < HEIGHT; ++y) {
        for (int x = 0; x < WIDTH; ++x) {
            std::uint8_t* p = &image.rgba[(static_cast<std::size_t>(y) * WIDTH + x) * 4];
            p[0] = static_cast<std::uint8_t>(x * 7), p[1] = static_cast<std::uint8_t>(y * 40), p[2] = 200;
            const char k = kinds[y];
            p[3] = k == 'o' ? 255 : k == 'h' ? 128 : k == 'z' ? (x == 333 ? 0 : 255) : k == 'x' ? (x == 5 ? 1 : 0) : 0;
        }
    }
    Canvas canvas;
    std::vector<render::StageLayer> layers;
    layers.push_back(render::MakeStageLayer(canvas.Renderer(), image));
    ASSERT_NE(layers[0].texture, nullptr);
    const std::vector<std::pair<int, int>> wantRuns{{2, 4}, {4, 6}, {7, 8}, {8, 9}, {9, 10}};
    const std::vector<bool> wantOpaque{true, false, true, false, true};
    ASSERT_EQ(layers[0].bands.size(), wantRuns.size());
    for (std::size_t i = 0; i < wantRuns.size(); ++i) {
        EXPECT_EQ(layers[0].bands[i].topPx, wantRuns[i].first) << "band " << i;
        EXPECT_EQ(layers[0].bands[i].bottomPx, wantRuns[i].second) << "band " << i;
        EXPECT_EQ(layers[0].bands[i].opaque, wantOpaque[i]) << "band " << i;
    }
    for (const int cameraX : {0, 1, 30, 60}) {
        const std::vector<double> scroll{1.0};
        const render::Camera camera{cameraX, 0};
        const auto ours = canvas.Draw([&](SDL_Renderer* r) { render::DrawStageLayers(r, layers, scroll, camera); });
        const auto before = canvas.Draw([&](SDL_Renderer* r) { DrawWholeLayers(r, layers, scroll, camera); });
        EXPECT_EQ(Differences(ours, before), "") << "camera x " << cameraX;
    }
    SDL_BlendMode mode = SDL_BLENDMODE_NONE;
    SDL_GetTextureBlendMode(layers[0].texture.get(), &mode);
    EXPECT_EQ(mode, SDL_BLENDMODE_BLEND) << "the previews draw the texture whole, blended";
}

}  // namespace
