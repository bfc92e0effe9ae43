// The app's stages (stages.h): loaded, drawn, reloaded. A stage folder is read by assets' loader
// only; nothing here reads a file itself.
#include "app/stages.h"

#include "game/text.h"

#include <algorithm>

namespace app {

namespace {

// The folder's signature, as a fighter's: every file's name, size and time (roster.h).
std::string StageSignature(const assets::AssetRoots& roots, const std::string& id, bool allowOutsideLinks) {
    return FolderSignature(roots, std::string(assets::STAGES_FOLDER) + "/" + id, allowOutsideLinks);
}

void MakeLayers(SDL_Renderer* renderer, Stage& s) {
    s.layers.clear();
    // Each layer's opaque rows are copied, not blended (the back layer's all of them: the loader
    // checks it is opaque), and its clear rows skipped (render::StageLayer).
    for (assets::Image& image : s.loaded.layers) {
        if (image.rgba.empty()) {  // gone and not read again (MakeArt): nothing drawn, the order kept
            s.layers.emplace_back();
            continue;
        }
        s.layers.push_back(render::MakeStageLayer(renderer, image));
        // One copy of a layer's pixels: the texture's (issue 41). A reload reads the folder again.
        std::vector<std::uint8_t>().swap(image.rgba);
    }
}

std::string Loaded(const Stage& s) {
    return "reloaded stage " + game::Printable(s.Id()) + ": " + std::to_string(s.loaded.layers.size()) + " layers, " +
           std::to_string(s.loaded.file.widthPx) + " px wide";
}

// The built-in rooftop's picture (a project without assets/stages/rooftop): the dusk sky's colour.
void PlainBackdrop(SDL_Renderer* renderer, const SDL_Rect* box) {
    SDL_SetRenderDrawColor(renderer, 46, 38, 72, 255);
    SDL_RenderFillRect(renderer, box);
}

}  // namespace

std::vector<double> Stage::ScrollFractions() const {
    std::vector<double> out;
    for (const assets::StageLayerFile& l : loaded.file.layers) out.push_back(l.scrollFraction);
    return out;
}

std::unique_ptr<StageSet> StageSet::Load(const assets::AssetRoots& roots, bool allowOutsideLinks) {
    auto set = std::make_unique<StageSet>();
    set->roots_ = roots;
    set->allowOutsideLinks_ = allowOutsideLinks;
    for (const std::string& id : assets::ListStages(roots, &set->skipped_)) {
        const std::string signature = StageSignature(roots, id, allowOutsideLinks);
        auto loaded = assets::LoadStage(roots, id, allowOutsideLinks);
        if (!loaded.Ok()) {
            set->broken_.push_back({id, loaded.GetError(), signature});
            continue;
        }
        auto stage = std::make_unique<Stage>();
        stage->loaded = std::move(loaded).Value();
        stage->signature = signature;
        set->stages_.push_back(std::move(stage));
    }
    if (set->Find(assets::DEFAULT_STAGE_ID) == nullptr) set->AddBuiltInRooftop();
    return set;
}

void StageSet::AddBuiltInRooftop() {
    auto stage = std::make_unique<Stage>();
    stage->builtIn = true;
    stage->loaded.id = assets::DEFAULT_STAGE_ID;
    stage->loaded.file.name = "Rooftop";
    const game::StageGeometry rooftop;  // the default geometry is the rooftop's
    stage->loaded.file.widthPx = rooftop.widthPx;
    stage->loaded.file.startXPx = rooftop.startXPx;
    stage->loaded.file.floorYPx = game::FLOOR_Y_PX;
    stages_.push_back(std::move(stage));
}

void StageSet::MakeArt(SDL_Renderer* renderer) {
    for (auto& s : stages_) {
        // Art made once already dropped its pixels (MakeLayers): a second renderer (the shell makes
        // one; a test may make more) reads the folder again.
        const bool dropped = std::any_of(s->loaded.layers.begin(), s->loaded.layers.end(),
                                         [](const assets::Image& i) { return i.rgba.empty(); });
        if (dropped && !s->builtIn) {
            auto again = assets::LoadStage(roots_, s->Id(), allowOutsideLinks_);
            if (again.Ok()) s->loaded = std::move(again).Value();
        }
        MakeLayers(renderer, *s);
    }
}

void StageSet::DropArt() {
    for (auto& s : stages_) s->layers.clear();
}

std::vector<std::string> StageSet::LoadMusic(audio::SoundBank& bank) {
    std::vector<std::string> lines;
    for (auto& s : stages_) {
        if (!s->builtIn) s->music = bank.LoadMusicFile(s->loaded.musicPath, lines);
    }
    return lines;
}

std::vector<ReloadNews> StageSet::Reload(SDL_Renderer* renderer, audio::SoundBank* bank) {
    std::vector<ReloadNews> news;
    for (auto& s : stages_) {
        if (s->builtIn) continue;
        std::string sig = StageSignature(roots_, s->Id(), allowOutsideLinks_);
        if (sig == s->signature) continue;
        s->signature = std::move(sig);
        auto loaded = assets::LoadStage(roots_, s->Id(), allowOutsideLinks_);
        if (!loaded.Ok()) {
            news.push_back(ReloadNews{s->Id(), false, loaded.GetError().ToLine()});
            continue;  // the last good version stays
        }
        s->loaded = std::move(loaded).Value();
        if (renderer != nullptr) MakeLayers(renderer, *s);
        news.push_back(ReloadNews{s->Id(), true, Loaded(*s)});
    }
    for (auto b = broken_.begin(); b != broken_.end();) {
        std::string sig = StageSignature(roots_, b->id, allowOutsideLinks_);
        if (sig == b->signature) {
            ++b;
            continue;
        }
        b->signature = std::move(sig);
        auto loaded = assets::LoadStage(roots_, b->id, allowOutsideLinks_);
        if (!loaded.Ok()) {
            b->error = loaded.GetError();
            news.push_back(ReloadNews{b->id, false, b->error.ToLine()});
            ++b;
            continue;
        }
        auto stage = std::make_unique<Stage>();
        stage->loaded = std::move(loaded).Value();
        stage->signature = b->signature;
        if (renderer != nullptr) MakeLayers(renderer, *stage);
        if (bank != nullptr) {
            std::vector<std::string> lines;
            stage->music = bank->LoadMusicFile(stage->loaded.musicPath, lines);
        }
        news.push_back(ReloadNews{b->id, true, Loaded(*stage) + ", no longer left out"});
        // A rooftop that loads now replaces the built-in one (matches look a stage up by its id).
        std::erase_if(stages_, [&](const std::unique_ptr<Stage>& s) { return s->builtIn && s->Id() == b->id; });
        stages_.push_back(std::move(stage));
        b = broken_.erase(b);
    }
    return news;
}

const Stage* StageSet::Find(std::string_view id) const {
    for (const auto& s : stages_) {
        if (s->Id() == id) return s.get();
    }
    return nullptr;
}

std::vector<std::string> StageSet::Ids() const {
    std::vector<std::string> ids;
    for (const auto& s : stages_) ids.push_back(s->Id());
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::vector<net::StageEntry> StageSet::Catalogue() const {
    std::vector<net::StageEntry> out;
    for (const auto& s : stages_) out.push_back({s->Id(), s->loaded.file.Geometry()});
    return out;
}

audio::SoundId StageSet::MusicOf(std::string_view id) const {
    const Stage* s = Find(id);
    return s != nullptr ? s->music : audio::NO_SOUND;
}

std::string StageSet::IdList() const {
    std::string out;
    for (const std::string& id : Ids()) out += (out.empty() ? "" : ", ") + game::Printable(id);
    return game::OneLine(out, 400);
}

void StageSet::Draw(SDL_Renderer* renderer, const Stage& stage, render::Camera camera) const {
    if (stage.builtIn || stage.layers.empty()) return PlainBackdrop(renderer, nullptr);
    render::DrawStageLayers(renderer, stage.layers, stage.ScrollFractions(), camera);
}

void StageSet::DrawPreview(SDL_Renderer* renderer, const Stage& stage, SDL_Rect box) const {
    if (stage.builtIn || stage.layers.empty()) return PlainBackdrop(renderer, &box);
    const std::int32_t middle = (stage.loaded.file.widthPx - game::SCREEN_WIDTH_PX) / 2;
    const std::vector<double> scroll = stage.ScrollFractions();
    for (std::size_t i = 0; i < stage.layers.size() && i < scroll.size(); ++i) {
        const SDL_Rect src{-render::LayerScreenX(scroll[i], middle), 0, game::SCREEN_WIDTH_PX, game::SCREEN_HEIGHT_PX};
        SDL_RenderCopy(renderer, stage.layers[i].texture.get(), &src, &box);
    }
}

}  // namespace app
