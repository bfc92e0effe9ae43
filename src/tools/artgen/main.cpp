// artgen: writes both fighters' sprite frames, hotmaps and fighter.json, and the stages' layers and
// stage.json, deterministically (the same binary always writes the same bytes), and optionally a
// contact sheet and stage previews to look at them.
// Never overwrites without --force, and then checks every target before writing any.
#include "assets/files.h"
#include "tools/artgen/fighter.h"
#include "tools/artgen/manifest.h"
#include "tools/artgen/sheet.h"
#include "tools/artgen/stage.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

constexpr int EXIT_OK = 0;
constexpr int EXIT_DATA = 1;
constexpr int EXIT_USAGE = 2;

constexpr const char* USAGE =
    "usage: artgen [--out-root DIR] [--force] [--sheet OUT.png] [--only NAME] [--stage-views OUT_DIR]\n"
    "              [--sheet-plain] [--sheet-scale N] [--sheet-anims A,B,...] [--throw-sheet OUT.png]\n";

constexpr const char* HELP =
    "\n"
    "Generates the fighters' art: DIR/assets/<fighter>/<anim>_<ii>.png (sprites),\n"
    "DIR/hotmaps/<fighter>/<anim>_<ii>.png (hotmaps) and DIR/assets/<fighter>/fighter.json; the\n"
    "stages' layers and stage.json in DIR/assets/stages/<stage>/ (sfxgen writes their music.wav).\n"
    "DIR defaults to the current directory (run it from the repository root).\n"
    "  --force          overwrite existing files and remove stale frames of earlier runs\n"
    "  --sheet OUT.png  also write a contact sheet: every frame, hotmap tinted over the sprite\n"
    "  --sheet-plain    the contact sheet without the hotmap tint\n"
    "  --sheet-scale N  magnify the contact sheet N times (1-8, nearest neighbour)\n"
    "  --sheet-anims A,B,...  only these animations on the contact sheet\n"
    "  --throw-sheet OUT.png  also write every throw_toss over every victim's thrown frames, placed\n"
    "                   at the throw's victim offsets (same tint and scale as the contact sheet)\n"
    "  --only NAME      only this fighter (brick, kestrel) or stage (rooftop, dojo, harbour)\n"
    "  --stage-views OUT_DIR  also write each stage as the game shows it, its layers composited at\n"
    "                   the camera's left end, middle and right end: OUT_DIR/<stage>_<camera_x>.png\n"
    "\n"
    "Exit: 0 ok, 1 a file exists (without --force) or cannot be written, 2 bad usage.\n";

int UsageError(const std::string& what) {
    std::fprintf(stderr, "artgen: %s\n%s", what.c_str(), USAGE);
    return EXIT_USAGE;
}

struct Output {
    std::string path;
    const assets::Image* image = nullptr;  // null: `text` is written instead
    std::string text;
};

// Frames an earlier run wrote that this run does not: left behind they would sit beside the
// manifest, unreferenced. Only names of the frame pattern are touched.
void RemoveStaleFrames(const fs::path& dir, const std::set<std::string>& keep) {
    static const std::regex FRAME_NAME("[a-z0-9_]+_[0-9][0-9]\\.png");
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return;
    for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
        const std::string name = e.path().filename().string();
        if (e.is_regular_file(ec) && std::regex_match(name, FRAME_NAME) && keep.count(e.path().string()) == 0) {
            fs::remove(e.path(), ec);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    std::string outRoot = ".";
    std::string sheetPath;
    std::string throwSheetPath;
    std::string only;
    std::string stageViews;
    bool force = false;
    artgen::SheetStyle sheetStyle;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&](std::string& into) {
            if (i + 1 >= argc) return false;
            into = argv[++i];
            return true;
        };
        if (arg == "--help" || arg == "-h") {
            std::printf("%s%s", USAGE, HELP);
            return EXIT_OK;
        } else if (arg == "--force") {
            force = true;
        } else if (arg == "--sheet-plain") {
            sheetStyle.tint = false;
        } else if (arg == "--out-root") {
            if (!value(outRoot) || outRoot.empty()) return UsageError("--out-root needs a folder");
        } else if (arg == "--sheet") {
            if (!value(sheetPath) || sheetPath.empty()) return UsageError("--sheet needs a file name");
        } else if (arg == "--throw-sheet") {
            if (!value(throwSheetPath) || throwSheetPath.empty()) return UsageError("--throw-sheet needs a file name");
        } else if (arg == "--sheet-anims") {
            std::string list;
            if (!value(list) || list.empty()) return UsageError("--sheet-anims needs animation names, comma-separated");
            for (std::size_t at = 0; at <= list.size();) {
                const std::size_t comma = std::min(list.find(',', at), list.size());
                if (comma > at) sheetStyle.animations.push_back(list.substr(at, comma - at));
                at = comma + 1;
            }
        } else if (arg == "--only") {
            if (!value(only)) return UsageError("--only needs a fighter or stage name");
            const bool stage = std::any_of(std::begin(artgen::STAGE_IDS), std::end(artgen::STAGE_IDS),
                                           [&](const char* id) { return only == id; });
            if (only != "brick" && only != "kestrel" && !stage)
                return UsageError("--only is brick, kestrel or a stage (rooftop, dojo, harbour), not '" + only + "'");
        } else if (arg == "--stage-views") {
            if (!value(stageViews) || stageViews.empty()) return UsageError("--stage-views needs a folder");
        } else if (arg == "--sheet-scale") {
            std::string v;
            if (!value(v) || v.size() != 1 || v[0] < '1' || v[0] > '8') {
                return UsageError("--sheet-scale wants a whole number from 1 to 8");
            }
            sheetStyle.scale = v[0] - '0';
        } else {
            return UsageError("unknown argument '" + arg + "'");
        }
    }

    std::vector<artgen::FighterArt> fighters;
    if (only.empty() || only == "brick") fighters.push_back(artgen::BuildBrick());
    if (only.empty() || only == "kestrel") fighters.push_back(artgen::BuildKestrel());
    std::vector<artgen::StageArt> stages;
    for (const char* id : artgen::STAGE_IDS) {
        if (only.empty() || only == id) stages.push_back(artgen::BuildStage(id));
    }

    const fs::path root(outRoot);
    std::vector<Output> outputs;
    std::vector<fs::path> folders;
    for (const artgen::FighterArt& f : fighters) {
        const fs::path spriteDir = root / "assets" / f.id;
        const fs::path hotDir = root / "hotmaps" / f.id;
        folders.push_back(spriteDir);
        folders.push_back(hotDir);
        for (const artgen::AnimArt& a : f.animations) {
            for (std::size_t i = 0; i < a.frames.size(); ++i) {
                const std::string name = assets::FrameFileName(a.name, i);
                outputs.push_back({(spriteDir / name).string(), &a.frames[i].sprite, {}});
                outputs.push_back({(hotDir / name).string(), &a.frames[i].hotmap, {}});
            }
        }
        outputs.push_back({(spriteDir / assets::MANIFEST_FILE_NAME).string(), nullptr, artgen::ManifestText(f)});
    }
    std::vector<fs::path> stageFolders;
    std::vector<std::string> stageJson(stages.size());
    std::vector<assets::Image> views;
    views.reserve(stages.size() * 3);  // Output points into it
    for (std::size_t s = 0; s < stages.size(); ++s) {
        const artgen::StageArt& st = stages[s];
        const fs::path dir = root / "assets" / "stages" / st.id;
        stageFolders.push_back(dir);
        for (const artgen::LayerArt& l : st.layers) outputs.push_back({(dir / l.file).string(), &l.image, {}});
        stageJson[s] = artgen::StageJsonText(st);
        outputs.push_back({(dir / "stage.json").string(), nullptr, stageJson[s]});
        if (stageViews.empty()) continue;
        for (const std::int32_t cameraXPx :
             {0, (st.widthPx - artgen::SCREEN_WIDTH_PX) / 2, st.widthPx - artgen::SCREEN_WIDTH_PX}) {
            views.push_back(artgen::ComposeView(st, cameraXPx));
            const std::string name = st.id + "_" + std::to_string(cameraXPx) + ".png";
            outputs.push_back({(fs::path(stageViews) / name).string(), &views.back(), {}});
        }
    }
    if (!stageViews.empty()) stageFolders.push_back(stageViews);
    assets::Image sheet;
    if (!sheetPath.empty()) {
        sheet = artgen::ContactSheet(fighters, sheetStyle);
        outputs.push_back({sheetPath, &sheet, {}});
    }
    assets::Image throwSheet;
    if (!throwSheetPath.empty()) {
        throwSheet = artgen::ThrowSheet(fighters, sheetStyle);
        if (throwSheet.widthPx == 0) {
            std::fprintf(stderr, "error: %s: no fighter has throw_toss with victim offsets and thrown\n",
                         throwSheetPath.c_str());
            return EXIT_DATA;
        }
        outputs.push_back({throwSheetPath, &throwSheet, {}});
    }

    if (!force) {
        for (const Output& o : outputs) {
            std::error_code ec;
            if (fs::exists(o.path, ec)) {
                std::fprintf(stderr, "error: %s: exists (use --force to overwrite)\n", o.path.c_str());
                return EXIT_DATA;
            }
        }
    }
    for (const fs::path& dir : stageFolders) folders.push_back(dir);
    for (const fs::path& dir : folders) {
        std::error_code ec;
        fs::create_directories(dir, ec);
        if (ec) {
            std::fprintf(stderr, "error: %s: cannot create the folder: %s\n", dir.string().c_str(),
                         ec.message().c_str());
            return EXIT_DATA;
        }
    }
    for (const std::string& extra : {sheetPath, throwSheetPath}) {
        if (extra.empty() || !fs::path(extra).has_parent_path()) continue;
        std::error_code ec;
        fs::create_directories(fs::path(extra).parent_path(), ec);
    }
    if (force) {
        std::set<std::string> keep;
        for (const Output& o : outputs) keep.insert(o.path);
        for (const fs::path& dir : folders) {
            if (std::find(stageFolders.begin(), stageFolders.end(), dir) == stageFolders.end())
                RemoveStaleFrames(dir, keep);
        }
    }
    for (const Output& o : outputs) {
        if (o.image != nullptr) {
            if (const auto err = assets::SavePng(o.path, *o.image)) {
                std::fprintf(stderr, "%s\n", err->ToLine().c_str());
                return EXIT_DATA;
            }
        } else if (const auto err = assets::WriteOutputFile(o.path, o.text)) {  // whole, never into a FIFO
            std::fprintf(stderr, "%s\n", err->ToLine().c_str());
            return EXIT_DATA;
        }
    }
    std::size_t frames = 0;
    for (const artgen::FighterArt& f : fighters) {
        for (const artgen::AnimArt& a : f.animations) frames += a.frames.size();
    }
    std::printf("artgen: %zu fighter(s), %zu frames, %zu stage(s), %zu files written under %s\n", fighters.size(),
                frames, stages.size(), outputs.size(), root.string().c_str());
    return EXIT_OK;
}
