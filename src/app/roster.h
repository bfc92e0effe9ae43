// The fighters the app plays with: every fighter of the project, loaded whole at start-up, with
// their textures; and hot reload: files that change on disk are loaded again, and a bad file keeps
// the last good version.
#pragma once

#include "assets/assets.h"
#include "render/render.h"

#include <SDL.h>

#include <memory>
#include <string>
#include <vector>

namespace app {

struct Fighter {
    assets::LoadedFighter loaded;
    render::FighterArt art;  ///< empty until MakeArt
    std::string signature;   ///< the files' names, sizes and times when it was loaded
};

/// A change noticed by Roster::Reload: what happened, in one line, error or not.
struct ReloadNews {
    std::string id;
    bool ok = false;
    std::string line;  ///< "reloaded brick: 61 frames in 14.2 ms (fighter hash <16 hex>)" or "error: <file>: <what>"
};

/// A fighter that failed to load at start-up, left out of the roster.
struct BrokenFighter {
    std::string id;
    assets::Error error;
    std::string signature;  ///< its files when it last failed (a change is tried again)
};

class Roster {
public:
    /// Loads every fighter under `roots`. A fighter that fails is left out (Broken() says why), so
    /// one broken fighter never stops matches between the others; when none loads, the first
    /// fighter's error is the result. `options` (links outside the project) hold for the reloads
    /// too; the project's pixel budget is counted across the fighters that load.
    static assets::Result<std::unique_ptr<Roster>> Load(const assets::AssetRoots& roots,
                                                        const assets::LoadOptions& options = {});

    /// Textures for every fighter (not needed headless without a screenshot).
    void MakeArt(SDL_Renderer* renderer);
    /// Checks the files of every fighter; reloads those that changed. A fighter's address never
    /// changes, so pointers to its definition stay valid (its contents are replaced whole). A
    /// left-out fighter whose files change is tried again, and joins the roster (at its end, so
    /// the indices held elsewhere stay valid) once it loads.
    std::vector<ReloadNews> Reload(SDL_Renderer* renderer);

    [[nodiscard]] std::size_t Size() const { return fighters_.size(); }
    [[nodiscard]] Fighter& At(std::size_t i) { return *fighters_[i]; }
    [[nodiscard]] const Fighter& At(std::size_t i) const { return *fighters_[i]; }
    /// Index of the fighter with this id, or -1.
    [[nodiscard]] int Find(const std::string& id) const;
    /// The fighters left out at start-up, in id order, with their errors.
    [[nodiscard]] const std::vector<BrokenFighter>& Broken() const { return broken_; }
    [[nodiscard]] double LoadMilliseconds() const { return loadMs_; }
    [[nodiscard]] int FrameCount() const;
    /// The fighters' definitions hashed together, as a headless run's "assets_hash" reports it.
    [[nodiscard]] std::uint64_t AssetsHash() const;
    [[nodiscard]] std::size_t MaskBytes() const;

private:
    assets::AssetRoots roots_;
    assets::LoadOptions options_;
    std::vector<std::unique_ptr<Fighter>> fighters_;
    std::vector<BrokenFighter> broken_;
    double loadMs_ = 0.0;
};

/// What identifies the current contents of a fighter's two folders: every file's name, size and
/// modification time. Changes when any file is written, added or removed. Unless
/// `allowOutsideLinks`, a folder linked from outside the project is not listed (the loader refuses
/// it by its link): its link's target stands for it.
std::string FolderSignature(const assets::AssetRoots& roots, const std::string& id, bool allowOutsideLinks);

}  // namespace app
