// The stage loader: stage.json checked field by field (every problem, one Error each), its layers
// decoded at their exact sizes, its music decoded, all through files.h's confined reader. No
// renderer; nothing outside the project is read; a stage that fails leaves nothing loaded.
#include "assets/stage.h"

#include "assets/files.h"
#include "assets/json_doc.h"
#include "assets/limits.h"
#include "assets/png_batch.h"
#include "assets/sound.h"
#include "game/text.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

namespace assets {

namespace {

using json = nlohmann::json;

constexpr std::int32_t MIN_FLOOR_Y_PX = 200;
constexpr std::int32_t MAX_FLOOR_Y_PX = 350;
constexpr std::size_t MAX_NAME_CHARS = 24;
constexpr std::size_t MAX_TEXT_CHARS = 200;
constexpr std::int32_t MAX_START_GAP_PX = game::SCREEN_WIDTH_PX / 2;

// Collects a document's problems, each naming the file and the field.
class Problems {
public:
    Problems(const std::string& file, std::vector<Error>& out) : file_(file), out_(out) {}
    void Add(ErrorCode code, const std::string& message) { out_.push_back(Error{code, file_, message}); }
    [[nodiscard]] bool Any() const { return !out_.empty(); }

private:
    const std::string& file_;
    std::vector<Error>& out_;
};

// UTF-8 characters (code points) in `s`, or -1 when it holds a control character.
long TextChars(const std::string& s) {
    long chars = 0;
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c == 0x7f) return -1;
        if ((c & 0xC0) != 0x80) ++chars;
    }
    return chars;
}

bool IsPlainFileName(const std::string& name, const char* extension) {
    const std::string ext(extension);
    if (name.size() <= ext.size() || name.size() > 128 || name.compare(name.size() - ext.size(), ext.size(), ext) != 0)
        return false;
    return std::all_of(name.begin(), name.end(),
                       [](char c) {
                           return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                                  c == '_' || c == '-' || c == '.';
                       }) &&
           name[0] != '.';
}

// A whole number in [lo, hi] at `v`, or a problem naming `key`.
bool ReadWhole(Problems& p, const json& v, const std::string& key, std::int32_t lo, std::int32_t hi,
               std::int32_t& out) {
    if (!v.is_number_integer() || v.get<std::int64_t>() < lo || v.get<std::int64_t>() > hi) {
        p.Add(ErrorCode::ManifestField, key + ": wants a whole number of px from " + std::to_string(lo) + " to " +
                                            std::to_string(hi) + ", got " + game::OneLine(v.dump(), 40));
        return false;
    }
    out = static_cast<std::int32_t>(v.get<std::int64_t>());
    return true;
}

void ReadText(Problems& p, const json& v, const std::string& key, std::size_t maxChars, bool asciiOnly,
              std::string& out) {
    const long chars = v.is_string() ? TextChars(v.get<std::string>()) : -1;
    const bool ascii =
        v.is_string() && std::all_of(v.get_ref<const std::string&>().begin(), v.get_ref<const std::string&>().end(),
                                     [](char c) { return c >= 0x20 && c < 0x7f; });
    if (chars < 1 || static_cast<std::size_t>(chars) > maxChars || (asciiOnly && !ascii)) {
        p.Add(ErrorCode::ManifestField,
              key + ": wants 1 to " + std::to_string(maxChars) +
                  (asciiOnly ? " printable ASCII characters" : " characters, no control ones") + ", got " +
                  game::OneLine(v.dump(), 40));
        return;
    }
    out = v.get<std::string>();
}

void ReadFileName(Problems& p, const json& v, const std::string& key, const char* extension, std::string& out) {
    if (!v.is_string() || !IsPlainFileName(v.get<std::string>(), extension)) {
        p.Add(ErrorCode::ManifestField, key + ": wants a file name in the stage's folder ending in " +
                                            std::string(extension) + " (letters, digits, _ - .), got " +
                                            game::OneLine(v.dump(), 40));
        return;
    }
    out = v.get<std::string>();
}

void ReadLayers(Problems& p, const json& v, StageFile& s) {
    if (!v.is_array() || v.empty() || v.size() > MAX_STAGE_LAYERS) {
        p.Add(ErrorCode::ManifestField, "layers: wants 1 to " + std::to_string(MAX_STAGE_LAYERS) +
                                            " layers, back to front, got " + game::OneLine(v.dump(), 40));
        return;
    }
    for (std::size_t i = 0; i < v.size(); ++i) {
        const std::string at = "layers[" + std::to_string(i) + "]";
        const json& l = v[i];
        if (!l.is_object()) {
            p.Add(ErrorCode::ManifestField, at + ": wants {\"image\": \"NAME.png\", \"scroll\": 0..1}");
            continue;
        }
        StageLayerFile layer;
        for (const auto& [key, value] : l.items()) {
            if (key == "image") {
                ReadFileName(p, value, at + ".image", ".png", layer.image);
            } else if (key == "scroll") {
                if (!value.is_number() || value.get<double>() < 0.0 || value.get<double>() > 1.0) {
                    p.Add(ErrorCode::ManifestField,
                          at + ".scroll: wants a number from 0 to 1, got " + game::OneLine(value.dump(), 40));
                } else {
                    layer.scrollFraction = value.get<double>();
                }
            } else {
                p.Add(ErrorCode::ManifestField,
                      at + "." + game::Printable(key) + ": unknown key (a layer has image and scroll)");
            }
        }
        if (!l.contains("image")) p.Add(ErrorCode::ManifestField, at + ".image: missing");
        if (!l.contains("scroll")) p.Add(ErrorCode::ManifestField, at + ".scroll: missing");
        s.layers.push_back(layer);
    }
    if (!s.layers.empty() && v.back().contains("scroll") && s.layers.back().scrollFraction != 1.0)
        p.Add(ErrorCode::ManifestRule, "layers: the last layer (the ground the fighters stand on) must have scroll 1");
}

// Decodes one layer and checks its size and (for the back one) that it is opaque.
std::optional<Image> LoadLayer(const std::string& path, const StageLayerFile& layer, std::size_t index,
                               std::int32_t stageWidthPx, const Confinement* within, std::vector<Error>& errors) {
    const auto bytes = ReadInputFile(path, limits::PNG_FILE_BYTES, "a PNG", within);
    if (!bytes.Ok()) {
        errors.push_back(bytes.GetError());
        return std::nullopt;
    }
    const auto size = ReadPngSize(bytes.Value().data(), bytes.Value().size(), path);
    if (!size.Ok()) {
        errors.push_back(size.GetError());
        return std::nullopt;
    }
    const std::int32_t wantW = LayerWidthPx(layer.scrollFraction, stageWidthPx);
    if (size.Value().widthPx != wantW || size.Value().heightPx != game::SCREEN_HEIGHT_PX) {
        errors.push_back(Error{
            ErrorCode::SizeMismatch, path,
            "is " + std::to_string(size.Value().widthPx) + "x" + std::to_string(size.Value().heightPx) + " px; layer " +
                std::to_string(index) + " (scroll " + game::OneLine(json(layer.scrollFraction).dump(), 12) + ") of a " +
                std::to_string(stageWidthPx) + " px wide stage must be " + std::to_string(wantW) + "x" +
                std::to_string(game::SCREEN_HEIGHT_PX) + " (640 + scroll x (width - 640) wide)"});
        return std::nullopt;
    }
    PngScratch scratch;
    auto image = DecodePngFast(bytes.Value().data(), bytes.Value().size(), path, scratch);
    if (!image.Ok()) {
        errors.push_back(image.GetError());
        return std::nullopt;
    }
    if (index == 0) {
        const Image& img = image.Value();
        for (std::size_t i = 3; i < img.rgba.size(); i += 4) {
            if (img.rgba[i] != 255) {
                const auto px = static_cast<std::int32_t>(i / 4);
                errors.push_back(Error{ErrorCode::ManifestRule, path,
                                       "the back layer must be opaque; pixel (" + std::to_string(px % img.widthPx) +
                                           ", " + std::to_string(px / img.widthPx) + ") has alpha " +
                                           std::to_string(img.rgba[i])});
                return std::nullopt;
            }
        }
    }
    return std::move(image).Value();
}

}  // namespace

std::int32_t LayerWidthPx(double scrollFraction, std::int32_t stageWidthPx) {
    return game::SCREEN_WIDTH_PX +
           static_cast<std::int32_t>(std::lround(scrollFraction * (stageWidthPx - game::SCREEN_WIDTH_PX)));
}

Result<StageFile> ParseStageFile(const std::string& text, const std::string& nameForErrors, std::vector<Error>* every) {
    std::vector<Error> errors;
    json root;
    if (auto bad = ReadStrictJson(text, nameForErrors, root)) {
        errors.push_back(*bad);
    } else if (!root.is_object()) {
        errors.push_back(Error{ErrorCode::ManifestField, nameForErrors, "wants a JSON object ({...})"});
    }
    StageFile s;
    if (errors.empty()) {
        Problems p(nameForErrors, errors);
        static const char* const KEYS[] = {"name",   "width_px", "floor_y_px", "start_x_px",
                                           "layers", "music",    "credits",    "license"};
        for (const char* key : KEYS) {
            if (!root.contains(key)) p.Add(ErrorCode::ManifestField, std::string(key) + ": missing");
        }
        bool widthOk = false, startsOk = true;
        for (const auto& [key, v] : root.items()) {
            if (key == "name") {
                ReadText(p, v, key, MAX_NAME_CHARS, true, s.name);
            } else if (key == "width_px") {
                widthOk = ReadWhole(p, v, key, game::STAGE_MIN_WIDTH_PX, game::STAGE_MAX_WIDTH_PX, s.widthPx);
            } else if (key == "floor_y_px") {
                ReadWhole(p, v, key, MIN_FLOOR_Y_PX, MAX_FLOOR_Y_PX, s.floorYPx);
            } else if (key == "start_x_px") {
                if (!v.is_array() || v.size() != 2) {
                    p.Add(ErrorCode::ManifestField,
                          "start_x_px: wants [P1's x, P2's x] in stage px, got " + game::OneLine(v.dump(), 40));
                    startsOk = false;
                } else {
                    for (std::size_t i = 0; i < 2; ++i)
                        startsOk &= ReadWhole(p, v[i], "start_x_px[" + std::to_string(i) + "]", 1,
                                              game::STAGE_MAX_WIDTH_PX - 1, s.startXPx[i]);
                }
            } else if (key == "layers") {
                ReadLayers(p, v, s);
            } else if (key == "music") {
                ReadFileName(p, v, key, ".wav", s.music);
            } else if (key == "credits" || key == "license") {
                ReadText(p, v, key, MAX_TEXT_CHARS, false, key == "credits" ? s.credits : s.license);
            } else {
                p.Add(ErrorCode::ManifestField, game::Printable(key) +
                                                    ": unknown key (a stage has name, width_px, floor_y_px, "
                                                    "start_x_px, layers, music, credits, license)");
            }
        }
        if (widthOk && startsOk && root.contains("start_x_px") &&
            !(s.startXPx[0] < s.startXPx[1] && s.startXPx[1] < s.widthPx)) {
            p.Add(ErrorCode::ManifestRule, "start_x_px: wants P1 < P2 < width_px (" + std::to_string(s.widthPx) +
                                               "), got [" + std::to_string(s.startXPx[0]) + ", " +
                                               std::to_string(s.startXPx[1]) + "]");
        } else if (startsOk && root.contains("start_x_px") && s.startXPx[1] - s.startXPx[0] > MAX_START_GAP_PX) {
            // Both must be on the screen from the first tick (the camera shows one screen's width).
            p.Add(ErrorCode::ManifestRule,
                  "start_x_px: the fighters start at most " + std::to_string(MAX_START_GAP_PX) +
                      " px apart (both on one screen), got " + std::to_string(s.startXPx[1] - s.startXPx[0]));
        }
    }
    if (every != nullptr) every->insert(every->end(), errors.begin(), errors.end());
    if (!errors.empty()) return errors.front();
    return s;
}

Result<LoadedStage> LoadStage(const AssetRoots& roots, const std::string& id, bool allowOutsideLinks,
                              std::vector<Error>* every) {
    LoadedStage out;
    out.id = id;
    out.folder = roots.assetsDir + "/" + STAGES_FOLDER + "/" + id;
    std::vector<Error> errors;
    const auto finish = [&](std::vector<Error>& found) -> Result<LoadedStage> {
        if (every != nullptr) every->insert(every->end(), found.begin(), found.end());
        if (!found.empty()) return found.front();
        return std::move(out);
    };
    if (!game::IsStageId(id)) {
        errors.push_back(
            Error{ErrorCode::FileMissing, out.folder,
                  "a stage's name is 1 to " + std::to_string(game::MAX_STAGE_ID_CHARS) + " of a-z, 0-9 and _"});
        return finish(errors);
    }
    Result<Confinement> confinement =
        allowOutsideLinks ? Result<Confinement>(Confinement{}) : ConfineTo(roots.ProjectDir());
    if (!confinement.Ok()) {
        errors.push_back(confinement.GetError());
        return finish(errors);
    }
    const Confinement* within = allowOutsideLinks ? nullptr : &confinement.Value();
    if (within != nullptr) {
        if (auto outside = RefuseOutside(out.folder, *within)) {
            errors.push_back(*outside);
            return finish(errors);
        }
    }
    const std::string docPath = out.folder + "/" + STAGE_FILE_NAME;
    const auto text = ReadInputFile(docPath, STAGE_FILE_BYTES, "a stage file", within);
    if (!text.Ok()) {
        errors.push_back(text.GetError());
        return finish(errors);
    }
    auto file = ParseStageFile(std::string(text.Value().begin(), text.Value().end()), docPath, &errors);
    if (!file.Ok()) return finish(errors);
    out.file = std::move(file).Value();
    for (std::size_t i = 0; i < out.file.layers.size(); ++i) {
        auto image = LoadLayer(out.folder + "/" + out.file.layers[i].image, out.file.layers[i], i, out.file.widthPx,
                               within, errors);
        if (image) out.layers.push_back(std::move(*image));
    }
    out.musicPath = out.folder + "/" + out.file.music;
    if (const auto music = LoadWav(out.musicPath, within); !music.Ok()) errors.push_back(music.GetError());
    if (!errors.empty()) out.layers.clear();  // nothing half-loaded
    return finish(errors);
}

std::vector<std::string> ListStages(const AssetRoots& roots, std::vector<Error>* skipped) {
    namespace fs = std::filesystem;
    const std::string dir = roots.assetsDir + "/" + STAGES_FOLDER;
    std::vector<std::string> ids;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code e2;
        if (!it->is_directory(e2)) continue;
        if (!EntryExists((it->path() / STAGE_FILE_NAME).string())) {
            if (skipped != nullptr)
                skipped->push_back(Error{ErrorCode::FileMissing, (it->path() / STAGE_FILE_NAME).string(),
                                         "no such file: a stage's folder holds stage.json, its layers and its music"});
            continue;
        }
        const std::string id = it->path().filename().string();
        if (!game::IsStageId(id)) {
            if (skipped != nullptr)
                skipped->push_back(Error{ErrorCode::ManifestRule, it->path().string(),
                                         "a stage's folder name is 1 to " + std::to_string(game::MAX_STAGE_ID_CHARS) +
                                             " of a-z, 0-9 and _ (it is the name --stage takes): skipped"});
            continue;
        }
        ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    if (ids.size() > MAX_STAGES) {
        if (skipped != nullptr)
            skipped->push_back(Error{ErrorCode::TooLarge, dir,
                                     "more than " + std::to_string(MAX_STAGES) + " stages: the rest are skipped"});
        ids.resize(MAX_STAGES);
    }
    return ids;
}

}  // namespace assets
