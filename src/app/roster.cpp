// Loading the roster and reloading what changed. Reload is polled from the main loop (no thread):
// the simulation never sees a definition change in the middle of a tick.
#include "app/roster.h"

#include "assets/files.h"
#include "game/fnv.h"
#include "game/game.h"
#include "game/text.h"

#include <malloc.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace app {

namespace fs = std::filesystem;

std::string FolderSignature(const assets::AssetRoots& roots, const std::string& id, bool allowOutsideLinks) {
    std::vector<std::string> entries;
    const auto within = allowOutsideLinks ? assets::Result<assets::Confinement>(assets::Confinement{})
                                          : assets::ConfineTo(roots.ProjectDir());
    for (const std::string& dir : {roots.assetsDir + "/" + id, roots.hotmapsDir + "/" + id}) {
        if (within.Ok()) {
            if (const auto outside = assets::RefuseOutside(dir, within.Value())) {
                entries.push_back(dir + ":" + outside->message);  // never listed: nothing outside is opened
                continue;
            }
        }
        std::error_code ec;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
            std::error_code e2;
            const auto size = it->file_size(e2);
            const auto time = it->last_write_time(e2).time_since_epoch().count();
            entries.push_back(it->path().string() + ":" + std::to_string(e2 ? 0 : size) + ":" + std::to_string(time));
        }
        if (ec) entries.push_back(dir + ":unreadable");
    }
    std::sort(entries.begin(), entries.end());
    std::string sig;
    for (const std::string& e : entries) sig += e + "\n";
    return sig;
}

assets::Result<std::unique_ptr<Roster>> Roster::Load(const assets::AssetRoots& roots,
                                                     const assets::LoadOptions& options) {
    auto ids = assets::ListFighters(roots);
    if (!ids.Ok()) return ids.GetError();
    auto roster = std::make_unique<Roster>();
    roster->roots_ = roots;
    roster->options_ = options;
    std::int64_t pixels = 0;  // the project's, so far
    for (const std::string& id : ids.Value()) {
        auto f = std::make_unique<Fighter>();
        f->signature = FolderSignature(
            roots, id, options.allowOutsideLinks);  // before loading: a write during the load shows next time
        assets::LoadOptions each = options;
        each.otherFightersPixels = pixels;
        auto loaded = assets::LoadFighter(roots, id, each);
        if (!loaded.Ok()) {
            roster->broken_.push_back({id, loaded.GetError(), f->signature});
            continue;
        }
        f->loaded = std::move(loaded).Value();
        pixels += f->loaded.pixels;
        roster->loadMs_ += f->loaded.loadMilliseconds;
        roster->fighters_.push_back(std::move(f));
    }
    if (roster->fighters_.empty()) return roster->broken_.front().error;
    return roster;
}

namespace {

// The fighter's textures; then its sprite images keep only their boxes (the renderer has the
// pixels: a windowed run held every sprite twice, issue 41), and the freed memory goes back.
void MakeFighterArt(SDL_Renderer* renderer, Fighter& f) {
    f.art = render::MakeFighterArt(renderer, f.loaded);
    render::CropSpritesToBoxes(f.loaded, f.art);
    malloc_trim(0);
}

}  // namespace

void Roster::MakeArt(SDL_Renderer* renderer) {
    for (auto& f : fighters_) MakeFighterArt(renderer, *f);
}

std::vector<ReloadNews> Roster::Reload(SDL_Renderer* renderer) {
    std::vector<ReloadNews> news;
    for (auto& f : fighters_) {
        const std::string& id = f->loaded.def.id;
        std::string sig = FolderSignature(roots_, id, options_.allowOutsideLinks);
        if (sig == f->signature) continue;
        f->signature = std::move(sig);
        assets::LoadOptions each = options_;
        for (const auto& other : fighters_) {
            if (other != f) each.otherFightersPixels += other->loaded.pixels;
        }
        auto loaded = assets::LoadFighter(roots_, id, each);
        if (!loaded.Ok()) {
            news.push_back(ReloadNews{id, false, loaded.GetError().ToLine()});
            continue;  // the last good version stays
        }
        f->loaded = std::move(loaded).Value();
        if (renderer != nullptr) MakeFighterArt(renderer, *f);
        char line[256];
        int frames = 0;
        for (const auto& a : f->loaded.def.animations) frames += static_cast<int>(a.frames.size());
        // The hash names the exact version now held (tests compare it with the versions written).
        std::snprintf(line, sizeof line, "reloaded %s: %d frames in %.1f ms (fighter hash %016llx)",
                      game::Printable(id).c_str(), frames, f->loaded.loadMilliseconds,
                      static_cast<unsigned long long>(game::HashFighterDef(f->loaded.def)));
        news.push_back(ReloadNews{id, true, line});
    }
    for (auto b = broken_.begin(); b != broken_.end();) {
        std::string sig = FolderSignature(roots_, b->id, options_.allowOutsideLinks);
        if (sig == b->signature) {
            ++b;
            continue;
        }
        b->signature = std::move(sig);
        assets::LoadOptions each = options_;
        for (const auto& other : fighters_) each.otherFightersPixels += other->loaded.pixels;
        auto loaded = assets::LoadFighter(roots_, b->id, each);
        if (!loaded.Ok()) {
            b->error = loaded.GetError();
            news.push_back(ReloadNews{b->id, false, b->error.ToLine()});
            ++b;
            continue;
        }
        auto f = std::make_unique<Fighter>();
        f->signature = b->signature;
        f->loaded = std::move(loaded).Value();
        if (renderer != nullptr) MakeFighterArt(renderer, *f);
        int frames = 0;
        for (const auto& a : f->loaded.def.animations) frames += static_cast<int>(a.frames.size());
        char line[256];
        std::snprintf(line, sizeof line, "reloaded %s: %d frames in %.1f ms (fighter hash %016llx), no longer left out",
                      game::Printable(b->id).c_str(), frames, f->loaded.loadMilliseconds,
                      static_cast<unsigned long long>(game::HashFighterDef(f->loaded.def)));
        news.push_back(ReloadNews{b->id, true, line});
        fighters_.push_back(std::move(f));
        b = broken_.erase(b);
    }
    return news;
}

int Roster::Find(const std::string& id) const {
    for (std::size_t i = 0; i < fighters_.size(); ++i) {
        if (fighters_[i]->loaded.def.id == id) return static_cast<int>(i);
    }
    return -1;
}

std::uint64_t Roster::AssetsHash() const {
    game::Fnv1a64 hash;
    for (const auto& f : fighters_) hash.Combine(game::HashFighterDef(f->loaded.def));
    return hash.Value();
}

int Roster::FrameCount() const {
    int n = 0;
    for (const auto& f : fighters_)
        for (const auto& a : f->loaded.def.animations) n += static_cast<int>(a.frames.size());
    return n;
}

std::size_t Roster::MaskBytes() const {
    std::size_t n = 0;
    for (const auto& f : fighters_)
        for (const auto& a : f->loaded.def.animations)
            for (const auto& fr : a.frames)
                n += fr.masks.attack.MemoryBytes() + fr.masks.hurt.MemoryBytes() + fr.masks.any.MemoryBytes();
    return n;
}

}  // namespace app
