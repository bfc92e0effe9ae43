// Stages as data: assets/stages/<id>/stage.json, its layer PNGs and its music loop, read and checked
// (docs/stages.md gives the schema). No SDL beyond assets' PNG decoding, no renderer: files in, a
// checked value out. Invariant: a stage either loads whole (every layer decoded at its exact size,
// the music a WAV) or gives every problem it has, one Error each; nothing outside the project is read,
// and one broken stage never keeps the others from loading.
#pragma once

#include "assets/assets.h"
#include "game/game.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace assets {

/// The folder under a project's assets/ that holds the stages (the fighter scan skips it).
inline constexpr const char* STAGES_FOLDER = "stages";
/// Each stage's document, in its folder.
inline constexpr const char* STAGE_FILE_NAME = "stage.json";
/// The stage wherever none is named (a run without --stage, a replay or a slot without a stage line).
inline constexpr const char* DEFAULT_STAGE_ID = "rooftop";
/// At most this many layers, drawn back to front.
inline constexpr std::size_t MAX_STAGE_LAYERS = 3;
/// Stages in one project (folders under assets/stages/ with a stage.json).
inline constexpr std::size_t MAX_STAGES = 64;
/// stage.json's size: today's are under 1 KiB.
inline constexpr std::uint64_t STAGE_FILE_BYTES = 64u << 10;

/// One parallax layer as stage.json gives it.
struct StageLayerFile {
    std::string image;          ///< a PNG in the stage's folder (a plain file name)
    double scrollFraction = 1;  ///< of the camera's movement the layer follows, 0 (fixed) to 1 (the ground)
};

/// stage.json, checked field by field (the ranges of docs/stages.md).
struct StageFile {
    std::string name;                          ///< the display name, 1-24 printable ASCII characters
    std::int32_t widthPx = 640;                ///< game::STAGE_MIN_WIDTH_PX .. STAGE_MAX_WIDTH_PX
    std::int32_t floorYPx = game::FLOOR_Y_PX;  ///< screen y where feet are drawn, 200..350
    std::array<std::int32_t, 2> startXPx{230, 410};
    std::vector<StageLayerFile> layers;  ///< 1 to MAX_STAGE_LAYERS, the last with scroll 1
    std::string music;                   ///< a WAV loop in the folder
    std::string credits, license;        ///< 1-200 characters each
    /// What the rules see of it: its width and starts (the floor is a drawing matter, game.h).
    [[nodiscard]] game::StageGeometry Geometry() const { return {widthPx, startXPx}; }
};

/// A layer's exact size in px: 640 + round(scroll * (width - 640)) wide, 360 tall.
[[nodiscard]] std::int32_t LayerWidthPx(double scrollFraction, std::int32_t stageWidthPx);

/// A stage loaded whole: its document, each layer's pixels (parallel to file.layers) and where its
/// music is (the file is checked here; audio plays it).
struct LoadedStage {
    std::string id;  ///< the folder's name
    StageFile file;
    std::vector<Image> layers;
    std::string folder;     ///< <assets>/stages/<id>
    std::string musicPath;  ///< folder + "/" + file.music
};

/// Parses stage.json's text. On failure every problem found, one Error each (naming
/// `nameForErrors` and the field), in the document's order; never empty on failure.
[[nodiscard]] Result<StageFile> ParseStageFile(const std::string& text, const std::string& nameForErrors,
                                               std::vector<Error>* every = nullptr);

/// Loads assets/stages/<id>/: stage.json, every layer (exact size, the back one opaque) and the
/// music's WAV header and samples. The first problem is the Error; `every`, when given, gets every
/// problem (hotmap lint reports them all). Reads nothing outside the project unless
/// `allowOutsideLinks`.
[[nodiscard]] Result<LoadedStage> LoadStage(const AssetRoots& roots, const std::string& id,
                                            bool allowOutsideLinks = false, std::vector<Error>* every = nullptr);

/// The ids of the folders of <assets>/stages/ holding a stage.json, sorted (an empty list when the
/// project has no stages/ folder); a folder with no stage.json, or whose name is not a stage id
/// (game::IsStageId), is an Error in `skipped` and left out, as is every folder past MAX_STAGES.
[[nodiscard]] std::vector<std::string> ListStages(const AssetRoots& roots, std::vector<Error>* skipped = nullptr);

}  // namespace assets
