// bench_load: what loading the project's fighters costs, phase by phase (file reads, PNG decode,
// mask build, alternate colours, textures on SDL's software renderer (the sprites', the hotmap
// view's), sounds), and the whole load by today's loader (assets::LoadFighter) beside `before`'s
// (bench/before/fighter_loader.h): the project's fighters, then three fighters and the three stages
// (load3+stages, the third fighter a copy made in a temporary folder).
// Not Google Benchmark: a load is tens of milliseconds, so each case runs once per round, the
// rounds alternate which method goes first, and the best and the median of the rounds are kept;
// load from other builds then falls on both methods alike. Figures only: nothing here is a test.
#include "assets/assets.h"
#include "assets/files.h"
#include "assets/format.h"
#include "assets/png_batch.h"
#include "assets/stage.h"
#include "audio/audio.h"
#include "before/fighter_loader.h"
#include "render/render.h"

#include <SDL.h>
#include <SDL_image.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double MillisecondsOf(const std::function<void()>& run) {
    const auto started = Clock::now();
    run();
    return std::chrono::duration<double, std::milli>(Clock::now() - started).count();
}

// One fighter's frame files, in the manifest's order; an empty hotmap path where there is none.
struct FrameFiles {
    std::string sprite, hotmap;
};

struct Project {
    assets::AssetRoots roots;
    std::vector<std::string> ids;
    std::vector<FrameFiles> frames;  // every fighter's, in turn
};

[[noreturn]] void Fail(const std::string& line) {
    std::fprintf(stderr, "%s\n", line.c_str());
    std::exit(1);
}

Project ReadProject(const std::string& root) {
    Project p;
    p.roots = assets::AssetRoots::Under(root);
    auto ids = assets::ListFighters(p.roots);
    if (!ids.Ok()) Fail(ids.GetError().ToLine());
    p.ids = ids.Value();
    for (const std::string& id : p.ids) {
        const std::string manifest = p.roots.assetsDir + "/" + id + "/" + assets::MANIFEST_FILE_NAME;
        auto text = assets::ReadInputFile(manifest, assets::limits::MANIFEST_BYTES, "a manifest");
        if (!text.Ok()) Fail(text.GetError().ToLine());
        auto def = assets::ParseManifest(std::string(text.Value().begin(), text.Value().end()), id, manifest);
        if (!def.Ok()) Fail(def.GetError().ToLine());
        for (const game::AnimationDef& anim : def.Value().animations) {
            for (std::size_t f = 0; f < anim.frames.size(); ++f) {
                const std::string name = assets::FrameFileName(anim.name, f);
                const std::string hotmap = p.roots.hotmapsDir + "/" + id + "/" + name;
                p.frames.push_back(
                    {p.roots.assetsDir + "/" + id + "/" + name, assets::EntryExists(hotmap) ? hotmap : std::string()});
            }
        }
    }
    return p;
}

std::vector<std::uint8_t> Read(const std::string& path) {
    auto bytes = assets::ReadInputFile(path, assets::limits::PNG_FILE_BYTES, "a PNG");
    if (!bytes.Ok()) Fail(bytes.GetError().ToLine());
    return std::move(bytes).Value();
}

assets::Image Decode(const std::vector<std::uint8_t>& bytes, const std::string& path) {
    auto image = assets::DecodePng(bytes.data(), bytes.size(), path);
    if (!image.Ok()) Fail(image.GetError().ToLine());
    return std::move(image).Value();
}

// A whole load: every fighter, as the roster loads them (each within the project's budget).
std::vector<assets::LoadedFighter> LoadAll(const Project& p, bool useBefore) {
    std::vector<assets::LoadedFighter> out;
    std::int64_t pixels = 0;
    for (const std::string& id : p.ids) {
        assets::LoadOptions options;
        options.otherFightersPixels = pixels;
        if (useBefore) {
            auto loaded = before::LoadFighterBefore(p.roots, id, options);
            if (!loaded.Ok()) Fail(loaded.GetError().ToLine());
            out.push_back(std::move(std::move(loaded).Value().fighter));
        } else {
            auto loaded = assets::LoadFighter(p.roots, id, options);
            if (!loaded.Ok()) Fail(loaded.GetError().ToLine());
            out.push_back(std::move(loaded).Value());
        }
        pixels += out.back().pixels;
    }
    return out;
}

// Issue 41's second case: three fighters and three stages. The third fighter is not drawn yet, so
// it is a copy of `copyOf` under a new name, in a project made in a temporary folder (with the
// source tree's fighters, hotmaps and stages): nothing is added under the tree's assets/.
struct ThirdFighterProject {
    std::filesystem::path root;
    explicit ThirdFighterProject(const std::string& source, const std::string& copyOf) {
        namespace fs = std::filesystem;
        root = fs::temp_directory_path() / ("bench_load_" + std::to_string(::getpid()));
        fs::remove_all(root);
        fs::create_directories(root);
        const auto copy = fs::copy_options::recursive;
        fs::copy(fs::path(source) / "assets", root / "assets", copy);
        fs::copy(fs::path(source) / "hotmaps", root / "hotmaps", copy);
        fs::copy(root / "assets" / copyOf, root / "assets" / (copyOf + "_copy"), copy);
        fs::copy(root / "hotmaps" / copyOf, root / "hotmaps" / (copyOf + "_copy"), copy);
    }
    ~ThirdFighterProject() { std::filesystem::remove_all(root); }
    ThirdFighterProject(const ThirdFighterProject&) = delete;
    ThirdFighterProject& operator=(const ThirdFighterProject&) = delete;
};

// Every stage of the project, as the game loads them at start (LoadStage, the same for both methods).
void LoadStages(const assets::AssetRoots& roots) {
    for (const std::string& id : assets::ListStages(roots)) {
        auto stage = assets::LoadStage(roots, id);
        if (!stage.Ok()) Fail(stage.GetError().ToLine());
    }
}

struct Case {
    std::string name;    // the phase or the whole
    std::string method;  // before, ours, or "-" for a phase both share
    std::function<void()> run;
    std::vector<double> ms = {};
};

double Median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

constexpr const char* USAGE =
    "usage: bench_load [--project DIR] [--rounds N] [--only NAME] [--csv FILE]\n"
    "  --project DIR  the project whose fighters load (default: the source tree)\n"
    "  --rounds N     rounds of every case (default 9); the best and the median are printed\n"
    "  --only NAME    run only the cases named NAME/METHOD or NAME (for a profiler); writes no CSV\n"
    "  --csv FILE     phase,method,best_ms,median_ms,rounds (default bench/results/load.csv)\n";

}  // namespace

int main(int argc, char** argv) {
    std::string root = HOTMAP_SOURCE_DIR, csvPath = "bench/results/load.csv", only;
    int rounds = 9;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool hasValue = i + 1 < argc;
        if (arg == "--project" && hasValue) {
            root = argv[++i];
        } else if (arg == "--rounds" && hasValue) {
            rounds = std::atoi(argv[++i]);
        } else if (arg == "--only" && hasValue) {
            only = argv[++i];
        } else if (arg == "--csv" && hasValue) {
            csvPath = argv[++i];
        } else {
            std::fprintf(stderr, "error: unknown or incomplete argument '%s'\n%s", arg.c_str(), USAGE);
            return 2;
        }
    }
    if (rounds < 1) return std::fprintf(stderr, "error: --rounds needs a count of at least 1\n%s", USAGE), 2;
    SDL_setenv("SDL_VIDEODRIVER", "dummy", 0);
    SDL_setenv("SDL_AUDIODRIVER", "dummy", 0);
    if (SDL_Init(SDL_INIT_VIDEO) != 0) Fail(std::string("error: SDL_Init: ") + SDL_GetError());
    IMG_Init(IMG_INIT_PNG);
    // Textures on SDL's software renderer over a surface: no window, no GPU, the same calls.
    SDL_Surface* target = SDL_CreateRGBSurfaceWithFormat(0, 640, 360, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer* renderer = target ? SDL_CreateSoftwareRenderer(target) : nullptr;
    if (renderer == nullptr) Fail(std::string("error: software renderer: ") + SDL_GetError());

    const Project project = ReadProject(root);
    // The inputs of each phase, made once, so that a phase times itself alone.
    std::vector<std::vector<std::uint8_t>> spriteBytes, hotmapBytes;
    std::vector<assets::Image> sprites, hotmaps;
    for (const FrameFiles& f : project.frames) {
        spriteBytes.push_back(Read(f.sprite));
        sprites.push_back(Decode(spriteBytes.back(), f.sprite));
        hotmapBytes.push_back(f.hotmap.empty() ? std::vector<std::uint8_t>{} : Read(f.hotmap));
        hotmaps.push_back(f.hotmap.empty() ? assets::Image{} : Decode(hotmapBytes.back(), f.hotmap));
    }
    const std::vector<assets::LoadedFighter> loaded = LoadAll(project, false);
    const ThirdFighterProject third(root, project.ids.back());
    const Project project3 = ReadProject(third.root.string());

    std::vector<Case> cases;
    cases.push_back({"reads", "-", [&] {
                         for (const FrameFiles& f : project.frames) {
                             (void)Read(f.sprite);
                             if (!f.hotmap.empty()) (void)Read(f.hotmap);
                         }
                     }});
    cases.push_back({"decode", "-", [&] {
                         for (std::size_t i = 0; i < project.frames.size(); ++i) {
                             (void)Decode(spriteBytes[i], project.frames[i].sprite);
                             if (!hotmapBytes[i].empty()) (void)Decode(hotmapBytes[i], project.frames[i].hotmap);
                         }
                     }});
    // The same decodes with stderr held once for all (png_batch.h), as the loader's pool decodes:
    // the difference is what a capture around each decode costs.
    cases.push_back({"decode-batch", "-", [&] {
                         const assets::StderrHeldForBatch held;
                         for (std::size_t i = 0; i < project.frames.size(); ++i) {
                             (void)assets::DecodePngInBatch(spriteBytes[i].data(), spriteBytes[i].size(),
                                                            project.frames[i].sprite);
                             if (!hotmapBytes[i].empty())
                                 (void)assets::DecodePngInBatch(hotmapBytes[i].data(), hotmapBytes[i].size(),
                                                                project.frames[i].hotmap);
                         }
                     }});
    // The loader's fast way (png_batch.h): libdeflate, into one buffer reused, on one thread.
    cases.push_back(
        {"decode-fast", "-", [&] {
             assets::PngScratch scratch;
             std::vector<std::uint8_t> rgba;
             for (std::size_t i = 0; i < project.frames.size(); ++i) {
                 (void)assets::DecodeRgba8PngInto(spriteBytes[i].data(), spriteBytes[i].size(), rgba, scratch);
                 if (!hotmapBytes[i].empty())
                     (void)assets::DecodeRgba8PngInto(hotmapBytes[i].data(), hotmapBytes[i].size(), rgba, scratch);
             }
         }});
    cases.push_back({"masks", "-", [&] {
                         for (const assets::Image& h : hotmaps)
                             if (!h.rgba.empty()) (void)collide::BuildHotMasks(h.View());
                     }});
    cases.push_back({"alternate", "-", [&] {
                         for (const assets::Image& s : sprites)
                             (void)assets::ApplyAlternate(s, assets::DEFAULT_ALTERNATE);
                     }});
    cases.push_back({"textures", "-", [&] {
                         for (const assets::LoadedFighter& f : loaded) (void)render::MakeFighterArt(renderer, f);
                     }});
    cases.push_back({"alternate-textures", "-", [&] {
                         for (const assets::LoadedFighter& f : loaded) {
                             render::FighterArt art;
                             render::MakeAlternateArt(renderer, f, art);
                         }
                     }});
    cases.push_back({"hotmap-view", "-", [&] {
                         for (const assets::LoadedFighter& f : loaded) {
                             render::FighterArt art;
                             render::MakeHotmapArt(renderer, f, art);
                         }
                     }});
    cases.push_back({"sounds", "-", [&] {
                         audio::SoundBank bank;
                         (void)bank.LoadShared(project.roots.assetsDir);
                         for (const assets::LoadedFighter& f : loaded)
                             (void)bank.LoadFighter(project.roots.assetsDir, f.def.id, f.moveSounds);
                     }});
    cases.push_back({"load", "before", [&] { (void)LoadAll(project, true); }});
    cases.push_back({"load", "ours", [&] { (void)LoadAll(project, false); }});
    cases.push_back({"load3+stages", "before", [&] {
                         (void)LoadAll(project3, true);
                         LoadStages(project3.roots);
                     }});
    cases.push_back({"load3+stages", "ours", [&] {
                         (void)LoadAll(project3, false);
                         LoadStages(project3.roots);
                     }});
    // Before issue 41 every texture was made at start, the hotmap view's and the alternate colours'
    // too (from the alternate sprites its loader made); now they wait for F6 and a mirror match.
    cases.push_back({"load+textures", "before", [&] {
                         std::int64_t pixels = 0;
                         for (const std::string& id : project.ids) {
                             assets::LoadOptions options;
                             options.otherFightersPixels = pixels;
                             auto b = before::LoadFighterBefore(project.roots, id, options);
                             if (!b.Ok()) Fail(b.GetError().ToLine());
                             const assets::LoadedFighter& f = b.Value().fighter;
                             pixels += f.pixels;
                             render::FighterArt art = render::MakeFighterArt(renderer, f);
                             render::MakeHotmapArt(renderer, f, art);
                             for (const auto& anim : b.Value().altSprites)
                                 for (const assets::Image& image : anim) (void)render::MakeTexture(renderer, image);
                         }
                     }});
    cases.push_back({"load+textures", "ours", [&] {
                         for (const assets::LoadedFighter& f : LoadAll(project, false))
                             (void)render::MakeFighterArt(renderer, f);
                     }});

    if (!only.empty()) {
        std::erase_if(cases, [&](const Case& c) { return c.name != only && c.name + "/" + c.method != only; });
        if (cases.empty()) return std::fprintf(stderr, "error: no case named '%s'\n", only.c_str()), 2;
    }
    for (Case& c : cases) c.run();  // the warm-up: caches filled, untimed
    for (int r = 0; r < rounds; ++r) {
        // Odd rounds run the cases backwards, so neither method always goes first.
        for (std::size_t k = 0; k < cases.size(); ++k) {
            Case& c = cases[r % 2 == 0 ? k : cases.size() - 1 - k];
            c.ms.push_back(MillisecondsOf(c.run));
        }
    }

    std::printf(
        "%zu fighters, %zu frames, %d rounds (best and median ms); load3+stages: %zu fighters (the third a "
        "copy of %s: none is drawn yet), %zu frames, %zu stages\n",
        project.ids.size(), project.frames.size(), rounds, project3.ids.size(), project.ids.back().c_str(),
        project3.frames.size(), assets::ListStages(project3.roots).size());
    std::map<std::string, double> bestOf;
    for (const Case& c : cases) {
        const double best = *std::min_element(c.ms.begin(), c.ms.end());
        bestOf[c.name + "/" + c.method] = best;
        std::printf("  %-18s %-7s %8.1f %8.1f\n", c.name.c_str(), c.method.c_str(), best, Median(c.ms));
    }
    for (const char* name : {"load", "load3+stages", "load+textures"}) {
        const std::string n = name;
        if (!bestOf.contains(n + "/before") || !bestOf.contains(n + "/ours")) continue;
        std::printf("%s: before / ours = %.2fx (best of each)\n", name, bestOf[n + "/before"] / bestOf[n + "/ours"]);
    }
    if (!only.empty()) return 0;  // a narrowed run leaves the full run's CSV as it was
    if (const auto dir = std::filesystem::path(csvPath).parent_path(); !dir.empty())
        std::filesystem::create_directories(dir);
    std::ofstream csv(csvPath);
    csv << "phase,method,best_ms,median_ms,rounds\n";
    for (const Case& c : cases) {
        char line[160];
        std::snprintf(line, sizeof line, "%s,%s,%.2f,%.2f,%d\n", c.name.c_str(), c.method.c_str(),
                      *std::min_element(c.ms.begin(), c.ms.end()), Median(c.ms), rounds);
        csv << line;
    }
    std::printf("wrote %s\n", csvPath.c_str());
    SDL_DestroyRenderer(renderer);
    SDL_FreeSurface(target);
    SDL_Quit();
    return 0;
}
