// The sound bank: files to decoded samples, a line for each one that cannot be had, and reloading
// what changed on disk (polled by the app, like the sprites). A sound never fails the game: a
// missing or broken file is silence for that sound (a fighter's own falls back to the shared one).
#include "audio/audio.h"

#include <filesystem>

namespace audio {

namespace {

namespace fs = std::filesystem;

// Size and modification time: changes when the file is written, replaced or removed.
std::string Signature(const std::string& path) {
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec) return "missing";
    const auto time = fs::last_write_time(path, ec).time_since_epoch().count();
    return std::to_string(size) + ":" + std::to_string(time);
}

std::string Silent(const assets::Error& e, const char* fallback) {
    return "warning: " + e.file + ": " + e.message + fallback;
}

}  // namespace

SoundId SoundBank::Add(const std::string& path, std::vector<std::string>& lines) {
    Entry e;
    e.path = path;
    e.signature = Signature(path);
    auto loaded = assets::LoadWav(path, within_ ? &*within_ : nullptr);
    if (loaded.Ok()) {
        e.sound = std::move(loaded).Value();
    } else {
        lines.push_back(Silent(loaded.GetError(), " (this sound stays silent)"));
    }
    entries_.push_back(std::move(e));
    return static_cast<SoundId>(entries_.size() - 1);
}

std::vector<std::string> SoundBank::LoadShared(const std::string& assetsDir) {
    std::vector<std::string> lines;
    std::error_code ec;
    const std::string sfxDir = assetsDir + "/" + SFX_FOLDER, musicDir = assetsDir + "/" + MUSIC_FOLDER;
    const bool any = fs::exists(sfxDir, ec) || fs::exists(musicDir, ec);
    for (const auto& [sfx, file] : SFX_FILES) {
        std::vector<std::string> quiet;
        shared_[static_cast<std::size_t>(sfx)] = Add(sfxDir + "/" + file, any ? lines : quiet);
    }
    for (const auto& [track, file] : TRACK_FILES) {
        std::vector<std::string> quiet;
        music_[static_cast<std::size_t>(track)] = Add(musicDir + "/" + file, any ? lines : quiet);
    }
    return lines;
}

SoundId SoundBank::LoadMusicFile(const std::string& path, std::vector<std::string>& lines) {
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        if (entries_[i].path == path) return static_cast<SoundId>(i);
    }
    return Add(path, lines);
}

std::vector<std::string> SoundBank::LoadFighter(const std::string& assetsDir, const std::string& id,
                                                std::span<const assets::MoveSounds> names) {
    std::vector<std::string> lines;
    FighterSounds own;
    const std::string dir = assetsDir + "/" + id + "/" + SFX_FOLDER + "/";
    const auto load = [&](const std::string& name) {
        if (name.empty()) return NO_SOUND;
        // The same file named twice (by two moves, or again on a reload) is one entry.
        for (std::size_t i = 0; i < entries_.size(); ++i) {
            if (entries_[i].path == dir + name) return static_cast<SoundId>(i);
        }
        std::vector<std::string> problems;
        const SoundId sound = Add(dir + name, problems);
        for (std::string& p : problems) {
            p = p.substr(0, p.rfind(" (")) + " (the shared sound plays instead)";
            lines.push_back(std::move(p));
        }
        return sound;
    };
    for (const assets::MoveSounds& m : names) own.moves.push_back({load(m.start), load(m.hit)});
    for (auto& [who, sounds] : fighters_) {
        if (who == id) {
            sounds = std::move(own);
            return lines;
        }
    }
    fighters_.emplace_back(id, std::move(own));
    return lines;
}

std::vector<SoundBank::Change> SoundBank::Reload() {
    std::vector<Change> changes;
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        Entry& e = entries_[i];
        std::string sig = Signature(e.path);
        if (sig == e.signature) continue;
        e.signature = std::move(sig);
        auto loaded = assets::LoadWav(e.path, within_ ? &*within_ : nullptr);
        if (!loaded.Ok()) {
            // A half-written file keeps the last good version, as a sprite does.
            changes.push_back({static_cast<SoundId>(i), loaded.GetError().ToLine()});
            continue;
        }
        e.sound = std::move(loaded).Value();
        changes.push_back({static_cast<SoundId>(i), "reloaded " + e.path});
    }
    return changes;
}

const FighterSounds* SoundBank::Fighter(const std::string& id) const {
    for (const auto& [who, sounds] : fighters_) {
        if (who == id) return &sounds;
    }
    return nullptr;
}

const assets::Sound* SoundBank::Get(SoundId id) const {
    if (id < 0 || id >= Size()) return nullptr;
    const Entry& e = entries_[static_cast<std::size_t>(id)];
    return e.sound ? &*e.sound : nullptr;
}

const std::string& SoundBank::PathOf(SoundId id) const {
    static const std::string NONE = "(no sound)";
    return id < 0 || id >= Size() ? NONE : entries_[static_cast<std::size_t>(id)].path;
}

}  // namespace audio
