// The stages the app plays on: every stage of the project (assets/stages/, docs/stages.md), loaded
// at start-up with its textures and its music; hot reload as the fighters have it (a stage whose
// files change is loaded again; a bad file keeps the last good version). The rooftop is always
// there: a project without assets/stages/rooftop (or with a broken one) plays on the built-in
// rooftop, the same numbers over a plain backdrop. One broken stage never blocks the others.
#pragma once

#include "app/roster.h"
#include "assets/stage.h"
#include "audio/audio.h"
#include "net/net.h"
#include "render/render.h"

#include <SDL.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace app {

struct Stage {
    assets::LoadedStage loaded;              ///< the built-in rooftop: its numbers, no layers
    std::vector<render::StageLayer> layers;  ///< empty until MakeArt (and for the built-in rooftop)
    std::string signature;                   ///< its folder's files when it was loaded
    audio::SoundId music = audio::NO_SOUND;  ///< its loop in the sound bank (NO_SOUND: silent)
    bool builtIn = false;
    [[nodiscard]] const std::string& Id() const { return loaded.id; }
    /// Each layer's scroll, parallel to `layers`.
    [[nodiscard]] std::vector<double> ScrollFractions() const;
};

/// A stage that failed to load, left out.
struct BrokenStage {
    std::string id;
    assets::Error error;
    std::string signature;
};

class StageSet {
public:
    /// Every stage under `roots` (its stages/ folder may be missing: then only the built-in rooftop).
    static std::unique_ptr<StageSet> Load(const assets::AssetRoots& roots, bool allowOutsideLinks);

    /// Textures for every stage's layers (not needed headless without a screenshot). Each layer's
    /// pixels are dropped once its texture is made (one copy, the renderer's: issue 41); a second
    /// MakeArt reads the stage's folder again.
    void MakeArt(SDL_Renderer* renderer);
    /// Every texture let go (before the renderer goes).
    void DropArt();
    /// Each stage's music into `bank` (lines for files that cannot be read).
    std::vector<std::string> LoadMusic(audio::SoundBank& bank);
    /// Stages whose files changed, loaded again (a stage's address never changes); a broken one that
    /// now loads joins the set. One line each, as the roster's reload says it.
    std::vector<ReloadNews> Reload(SDL_Renderer* renderer, audio::SoundBank* bank);

    /// The stage with this id, or null.
    [[nodiscard]] const Stage* Find(std::string_view id) const;
    /// The ids of every stage there is (loaded ones and the rooftop), sorted.
    [[nodiscard]] std::vector<std::string> Ids() const;
    /// "dojo, harbour, rooftop": the ids for a message.
    [[nodiscard]] std::string IdList() const;
    /// Every stage's id and geometry, for an online session (net::SessionConfig::stages).
    [[nodiscard]] std::vector<net::StageEntry> Catalogue() const;
    /// The stage's music loop (NO_SOUND: none, or no such stage).
    [[nodiscard]] audio::SoundId MusicOf(std::string_view id) const;
    [[nodiscard]] const std::vector<BrokenStage>& Broken() const { return broken_; }
    /// Ids found in stages/ that are not stage ids, or past the limit (said once at start-up).
    [[nodiscard]] const std::vector<assets::Error>& Skipped() const { return skipped_; }

    /// Draws `stage` behind a match seen through `camera` (the built-in rooftop: its backdrop).
    void Draw(SDL_Renderer* renderer, const Stage& stage, render::Camera camera) const;
    /// `stage` as a match opens on it (the camera in its middle), scaled into `box`.
    void DrawPreview(SDL_Renderer* renderer, const Stage& stage, SDL_Rect box) const;

private:
    void AddBuiltInRooftop();
    assets::AssetRoots roots_;
    bool allowOutsideLinks_ = false;
    std::vector<std::unique_ptr<Stage>> stages_;
    std::vector<BrokenStage> broken_;
    std::vector<assets::Error> skipped_;
};

}  // namespace app
