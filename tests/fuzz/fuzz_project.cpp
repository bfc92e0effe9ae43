// libFuzzer target: bytes -> a whole project folder on disk -> assets::ListFighters and
// assets::LoadFighter, end to end through the one reader (assets/files.h): the manifest and the
// PNGs together, and what a hostile hand puts where a file belongs (FIFOs, links out of the
// project and to /dev/zero, loops, sparse giants, folders, missing files, any bytes).
// Invariants: nothing throws, hangs or crashes; an Error names a path inside the project and is
// one printable line; a loaded fighter keeps fighter_def.h's promises (game::FindDefProblem is
// empty), its pictures match its frames, and it is within its pixel budget.
//
// Input: byte 0 flags (bit 0 --allow-outside-links, bit 1 keep hotmap images, bit 2 the manifest
// is the input's text up to the first NUL, else the fixture's); then records of
// [op][slot][length: 2 bytes, little-endian][payload] until the end. `slot` (wrapping) picks one of
// the fixture's paths: its 29 files of assets/fixture/ in name order (0-28), its 28 hotmaps
// (29-56), then the folders assets/fixture, hotmaps/fixture, assets, hotmaps (57-60); `op` % 8: 0 the payload as the
// file's bytes, 1 a FIFO, 2 a link to a file outside the project, 3 a link to /dev/zero, 4 a sparse file of (payload as
// a little-endian u32) bytes, 5 nothing there, 6 an empty folder, 7 a link to another slot (the payload's first byte
// picks it; the slot itself: a loop).
#include "assets/assets.h"
#include "fixture_fighter.h"
#include "game/game.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

[[noreturn]] void Fail(const std::string& what) {
    std::fprintf(stderr, "fuzz_project: invariant broken: %s\n", what.c_str());
    std::abort();
}

void Check(bool ok, const std::string& what) {
    if (!ok) Fail(what);
}

// The work folder: base/ holds the fixture fighter (written once) and a file outside the project;
// p/ is the project, remade for every input from hard links to base/ (cheap: no bytes copied).
struct Work {
    fs::path dir, base, project, outsideFile;
    std::vector<std::string> slots;  ///< paths relative to the project
    std::string fixtureManifest;
};

const Work& TheWork() {
    static const Work work = [] {
        Work w;
        char tmpl[] = "/tmp/fuzz_project_XXXXXX";
        if (::mkdtemp(tmpl) == nullptr) Fail("cannot make a temporary folder");
        w.dir = tmpl;
        w.base = w.dir / "base";
        w.project = w.dir / "p";
        fixture::Write(w.base);
        w.outsideFile = w.dir / "outside.png";
        fs::copy_file(w.base / "assets" / "fixture" / "idle_00.png", w.outsideFile);
        w.fixtureManifest = fixture::Manifest().dump(2) + "\n";
        for (const char* dir : {"assets/fixture", "hotmaps/fixture"}) {
            std::vector<std::string> names;  // sorted: a slot number means the same file on every machine
            for (const auto& e : fs::directory_iterator(w.base / dir)) names.push_back(e.path().filename().string());
            std::sort(names.begin(), names.end());
            for (const std::string& name : names) w.slots.push_back(std::string(dir) + "/" + name);
        }
        for (const char* folder : {"assets/fixture", "hotmaps/fixture", "assets", "hotmaps"}) w.slots.push_back(folder);
        std::atexit([] {
            std::error_code ec;
            fs::remove_all(TheWork().dir, ec);
        });
        return w;
    }();
    return work;
}

void MakeProject(const Work& w) {
    std::error_code ec;
    fs::remove_all(w.project, ec);
    for (const char* dir : {"assets/fixture", "hotmaps/fixture"}) {
        fs::create_directories(w.project / dir);
        for (const auto& e : fs::directory_iterator(w.base / dir)) {
            if (::link(e.path().c_str(), (w.project / dir / e.path().filename()).c_str()) != 0)
                Fail("cannot link the fixture");
        }
    }
}

void Replace(const fs::path& path) {
    std::error_code ec;
    fs::remove_all(path, ec);
    fs::create_directories(path.parent_path(), ec);
}

void Apply(const Work& w, std::uint8_t op, const fs::path& path, const std::uint8_t* payload, std::size_t size) {
    Replace(path);
    switch (op % 8) {
        case 0: {
            const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd >= 0) {
                [[maybe_unused]] const ssize_t written = size > 0 ? ::write(fd, payload, size) : 0;
                ::close(fd);
            }
            break;
        }
        case 1:
            ::mkfifo(path.c_str(), 0644);
            break;
        case 2:
            ::symlink(w.outsideFile.c_str(), path.c_str());
            break;
        case 3:
            ::symlink("/dev/zero", path.c_str());
            break;
        case 4: {
            std::uint32_t bytes = 0;
            for (std::size_t i = 0; i < 4 && i < size; ++i) bytes |= std::uint32_t{payload[i]} << (8 * i);
            const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd >= 0) {
                [[maybe_unused]] const int truncated = ::ftruncate(fd, static_cast<off_t>(bytes));
                ::close(fd);
            }
            break;
        }
        case 5:
            break;
        case 6: {
            // As the calls above, a failure is part of the game (the folder above may be a file
            // by now): the error_code form, never an exception out of the harness.
            std::error_code ec;
            fs::create_directory(path, ec);
            break;
        }
        default: {
            const std::size_t other = size > 0 ? payload[0] % w.slots.size() : 0;
            ::symlink((w.project / w.slots[other]).c_str(), path.c_str());
            break;
        }
    }
}

void CheckError(const assets::Error& e, const Work& w, const char* who) {
    const std::string root = w.project.string();
    Check(e.file == root || e.file.rfind(root + "/", 0) == 0,
          std::string(who) + ": an Error names a path inside the project, not " + e.file);
    Check(!e.message.empty(), std::string(who) + ": an Error has a message");
    for (const char c : e.ToLine()) {
        const auto b = static_cast<unsigned char>(c);
        Check(b >= 0x20 && b != 0x7F, std::string(who) + ": the error line is one printable line: " + e.ToLine());
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const Work& w = TheWork();
    MakeProject(w);
    const std::uint8_t flags = data[0];
    std::size_t at = 1;
    std::string manifest = w.fixtureManifest;
    if (flags & 4) {
        std::size_t end = at;
        while (end < size && data[end] != 0) ++end;
        manifest.assign(reinterpret_cast<const char*>(data + at), end - at);
        at = end < size ? end + 1 : end;
    }
    {
        const fs::path path = w.project / "assets" / "fixture" / "fighter.json";
        Replace(path);
        Apply(w, 0, path, reinterpret_cast<const std::uint8_t*>(manifest.data()), manifest.size());
    }
    while (at + 4 <= size) {
        const std::uint8_t op = data[at], slot = data[at + 1];
        std::size_t length = data[at + 2] | (std::size_t{data[at + 3]} << 8);
        at += 4;
        length = std::min(length, size - at);
        Apply(w, op, w.project / w.slots[slot % w.slots.size()], data + at, length);
        at += length;
    }

    const assets::AssetRoots roots = assets::AssetRoots::Under(w.project.string());
    assets::LoadOptions options;
    options.allowOutsideLinks = (flags & 1) != 0;
    options.keepHotmapImages = (flags & 2) != 0;
    try {
        const auto ids = assets::ListFighters(roots);
        if (!ids.Ok()) CheckError(ids.GetError(), w, "ListFighters");
        const auto loaded = assets::LoadFighter(roots, "fixture", options);
        if (!loaded.Ok()) {
            CheckError(loaded.GetError(), w, "LoadFighter");
            return 0;
        }
        const assets::LoadedFighter& f = loaded.Value();
        const std::string problem = game::FindDefProblem(f.def);
        Check(problem.empty(), "a loaded fighter keeps its promises: " + problem);
        Check(f.pixels <= assets::limits::PIXELS_PER_FIGHTER, "within the pixel budget");
        Check(f.sprites.size() == f.def.animations.size(), "a sprite list per animation");
        for (std::size_t a = 0; a < f.def.animations.size(); ++a) {
            const auto& frames = f.def.animations[a].frames;
            Check(f.sprites[a].size() == frames.size(), "a sprite per frame");
            for (std::size_t i = 0; i < frames.size(); ++i) {
                Check(f.sprites[a][i].widthPx == frames[i].widthPx && f.sprites[a][i].heightPx == frames[i].heightPx,
                      "a sprite the frame's size");
                Check(frames[i].masks.any.Width() == frames[i].widthPx, "masks the frame's size");
            }
        }
    } catch (const std::exception& e) {
        Fail(std::string("an exception escaped the loader: ") + e.what());
    }
    return 0;
}
