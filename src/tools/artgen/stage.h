// stage: artgen's stages, each a folder assets/stages/<id>/ of parallax layer PNGs and stage.json
// (the schema the stage loader reads: a layer is 360 px tall and 640 + round(scroll * (width - 640))
// px wide, the first opaque, the last at scroll 1). Plain pixel drawing, no SDL; deterministic: no
// randomness but a fixed integer hash, no clock.
#pragma once

#include "assets/assets.h"
#include "tools/artgen/raster.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace artgen {

/// The logical screen a stage is seen through: every layer is this tall, and at least this wide.
inline constexpr std::int32_t SCREEN_WIDTH_PX = 640;
inline constexpr std::int32_t SCREEN_HEIGHT_PX = 360;

/// One parallax layer: its file in the stage's folder, the share of the camera's movement it
/// follows (0 fixed, 1 with the fighters), its pixels.
struct LayerArt {
    std::string file;
    double scroll = 1.0;
    assets::Image image;
};

/// A stage as stage.json describes it (stage px = world px; the walls at 0 and widthPx).
struct StageArt {
    std::string id;    ///< the folder name and --stage NAME
    std::string name;  ///< the display name
    std::int32_t widthPx = SCREEN_WIDTH_PX;
    std::int32_t floorYPx = 334;
    std::array<std::int32_t, 2> startXPx{};
    std::vector<LayerArt> layers;  ///< back to front
};

/// The width a layer of `scroll` must have on a stage `stageWidthPx` wide.
[[nodiscard]] std::int32_t LayerWidthPx(std::int32_t stageWidthPx, double scroll);

/// The stage ids artgen makes, in the order it makes them.
inline constexpr const char* STAGE_IDS[] = {"rooftop", "dojo", "harbour"};

/// Today's rooftop at dusk (640 wide), the dojo (960), the harbour at night (1280).
[[nodiscard]] StageArt BuildRooftop();
[[nodiscard]] StageArt BuildDojo();
[[nodiscard]] StageArt BuildHarbour();
/// The stage of `id` (one of STAGE_IDS).
[[nodiscard]] StageArt BuildStage(const std::string& id);

/// stage.json's text: the fields above, the music file, credits and license.
[[nodiscard]] std::string StageJsonText(const StageArt& stage);
/// Every layer drawn at camera_x_px, back to front, alpha over: what the game shows (a preview).
[[nodiscard]] assets::Image ComposeView(const StageArt& stage, std::int32_t cameraXPx);

/// A layer being drawn: RGBA pixels, transparent or a colour to start with. Writes outside are
/// dropped, so shapes may run off the edges.
class Pixels {
public:
    Pixels(std::int32_t widthPx, std::int32_t heightPx, Rgb8 fill, std::uint8_t alpha);

    /// Sets one pixel (replacing what is there).
    void Put(std::int32_t x, std::int32_t y, Rgb8 c, std::uint8_t alpha = 255);
    /// Lays `c` at `alpha` over what is there (light, haze, reflections).
    void Blend(std::int32_t x, std::int32_t y, Rgb8 c, std::uint8_t alpha);
    void Rect(std::int32_t x, std::int32_t y, std::int32_t w, std::int32_t h, Rgb8 c, std::uint8_t alpha = 255);
    void BlendRect(std::int32_t x, std::int32_t y, std::int32_t w, std::int32_t h, Rgb8 c, std::uint8_t alpha);
    /// A 1 px line (Bresenham), replacing.
    void Line(std::int32_t x0, std::int32_t y0, std::int32_t x1, std::int32_t y1, Rgb8 c);
    /// A filled disc, replacing.
    void Disc(std::int32_t cx, std::int32_t cy, std::int32_t r, Rgb8 c);
    /// A soft round glow: `c` at `alpha` in the centre, fading to nothing at `r`, in dithered steps.
    void Glow(std::int32_t cx, std::int32_t cy, std::int32_t r, Rgb8 c, std::uint8_t alpha);
    /// Rows y0..y1 (half-open) from `top` to `bottom`, dithered into `steps` bands (4x4 Bayer).
    void Gradient(std::int32_t y0, std::int32_t y1, Rgb8 top, Rgb8 bottom, std::int32_t steps);

    [[nodiscard]] std::int32_t Width() const { return image_.widthPx; }
    [[nodiscard]] std::int32_t Height() const { return image_.heightPx; }
    [[nodiscard]] Rgb8 At(std::int32_t x, std::int32_t y) const;
    [[nodiscard]] std::uint8_t AlphaAt(std::int32_t x, std::int32_t y) const;
    [[nodiscard]] assets::Image Take() { return std::move(image_); }

private:
    assets::Image image_;
};

/// A fixed integer hash (the skyline's, the stars'): the same input, the same output.
[[nodiscard]] std::uint32_t Hash32(std::uint32_t x);
/// The 4x4 ordered-dither threshold at (x, y), 0-15.
[[nodiscard]] std::int32_t Bayer(std::int32_t x, std::int32_t y);
/// `a` to `b` by t in [0, 1], rounded.
[[nodiscard]] Rgb8 MixRgb(Rgb8 a, Rgb8 b, double t);

}  // namespace artgen
