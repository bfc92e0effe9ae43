// A fighter folder -> LoadedFighter: the manifest, every frame's sprite and hotmap, the masks.
// All or nothing: the first problem returns an Error naming its file; a fighter is never
// half-loaded. Warnings (a frame without a hotmap, attack pixels where no move is active) ride
// along for `hotmap lint` to print. Every file is read through files.h, confined to the project
// folder unless LoadOptions::allowOutsideLinks; the pixel budget (limits.h) is checked from every
// sprite's header before any frame is decoded. The frames are read and decoded by a small pool
// (RunFrameJobs); their results land in fixed slots and are walked in file order, so nothing in a
// result depends on which thread did what.
#include "assets/assets.h"
#include "assets/files.h"
#include "assets/format.h"
#include "assets/png_batch.h"
#include "assets/stage.h"

#include <SDL_thread.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <filesystem>
#include <functional>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>

namespace assets {

namespace {

namespace fs = std::filesystem;

std::string SizeText(const Image& img) {
    return std::to_string(img.widthPx) + "x" + std::to_string(img.heightPx);
}

// The HGE seed's fallback: with no hotmap, the sprite's opaque pixels are hurt (none attack), even
// where the sprite happens to be red or magenta.
collide::HotMasks MasksFromSprite(const Image& sprite) {
    Image copy = sprite;
    for (std::size_t i = 0; i < copy.rgba.size(); i += 4) {
        if (copy.rgba[i + 3] != 0) {
            copy.rgba[i] = 0x40, copy.rgba[i + 1] = 0x40, copy.rgba[i + 2] = 0x40;
        }
    }
    return collide::BuildHotMasks(copy.View());
}

// Which frames some move has active, and which animations are projectiles': looked up once per
// frame, so built once (linear in moves and frames, whatever their numbers).
struct FrameRoles {
    std::vector<std::vector<char>> active;  ///< [animation][frame]
    std::vector<char> projectile;           ///< [animation]
};

FrameRoles RolesOf(const game::FighterDef& def) {
    FrameRoles roles;
    roles.projectile.assign(def.animations.size(), 0);
    for (const game::AnimationDef& anim : def.animations) roles.active.emplace_back(anim.frames.size(), 0);
    const auto valid = [&](std::int32_t a) { return a >= 0 && static_cast<std::size_t>(a) < def.animations.size(); };
    for (const game::MoveDef& m : def.moves) {
        if (valid(m.animation) && m.activeFirst >= 0) {
            auto& frames = roles.active[static_cast<std::size_t>(m.animation)];
            for (auto f = static_cast<std::size_t>(m.activeFirst);
                 f <= static_cast<std::size_t>(m.activeLast) && f < frames.size(); ++f)
                frames[f] = 1;
        }
        if (m.projectile && valid(m.projectile->animation))
            roles.projectile[static_cast<std::size_t>(m.projectile->animation)] = 1;
    }
    return roles;
}

// The bytes a PNG header needs: the signature and the whole IHDR chunk.
constexpr std::size_t PNG_HEAD_BYTES = 8 + 12 + 13;

// The frames' pool: at most this many threads (the calling one included): the machines we
// measure on have two cores (bench_load).
constexpr std::size_t LOAD_THREADS = 2;
// Fewer frames than this a thread, and a second thread costs more than it saves.
constexpr std::size_t MIN_FRAMES_PER_THREAD = 8;

std::string Count(std::int64_t n) {
    return std::to_string(n);
}

// One frame's work: its files in, its pictures and masks (or the error that skips it) out. Made
// by the pool on any thread, read back in file order by LoadFighterOrThrow.
struct FrameJob {
    std::size_t animation = 0, frame = 0;
    std::string spritePath, hotmapPath;
    PngSize size;  ///< from the sprite's header; 0 x 0: its error is collected already
    bool active = false, projectile = false;
    // What the work gave:
    std::optional<Error> skip;   ///< the error that skips the frame
    bool spriteDecoded = false;  ///< the sprite decoded at its header's size (the frame's size is known)
    bool decodeFailed = false;   ///< a decode failed inside the batch: done again alone for libpng's words
    bool fromSprite = false;     ///< no hotmap: the masks come from the sprite
    Image sprite, hotmap;
    collide::HotMasks masks;
    /// Back to before the work: the inputs kept.
    void ClearResult() {
        skip.reset();
        spriteDecoded = decodeFailed = fromSprite = false;
        sprite = hotmap = Image{};
        masks = collide::HotMasks{};
    }
};

// What every frame's work shares; read-only.
struct FrameContext {
    const Confinement* within = nullptr;
    bool keepHotmapImages = false;
    bool keepSpritePixels = true;
    std::function<Error(Error, const game::AnimationDef&, std::size_t)> missingFrame;
};

// What one thread reuses from frame to frame: the fast decode's (png_batch.h), and a buffer for
// the hotmaps' pixels, which are wanted only for their masks (unless kept for lint), so that a
// fresh process does not touch fresh memory for every hotmap (a hotmap is as large as its sprite).
struct FrameScratch {
    PngScratch png;
    Image hotmap;
    Image sprite;  ///< when the sprites' pixels are not kept (LoadOptions::keepSpritePixels)
};

// A frame's work, the checks in the order the loader has always made them. `inBatch`: stderr is
// held by the batch, decodes capture nothing (a failure is marked, to be done again alone).
void DoFrame(FrameJob& job, const game::AnimationDef& anim, const FrameContext& context, bool inBatch,
             FrameScratch& scratch) {
    // The PNG's pixels into `into`: the fast way when it can (png_batch.h), else SDL_image's.
    const auto decode = [&](const std::vector<std::uint8_t>& bytes, const std::string& path,
                            Image& into) -> std::optional<Error> {
        if (const auto size = DecodeRgba8PngInto(bytes.data(), bytes.size(), into.rgba, scratch.png)) {
            into.widthPx = size->widthPx, into.heightPx = size->heightPx;
            return std::nullopt;
        }
        auto image =
            inBatch ? DecodePngInBatch(bytes.data(), bytes.size(), path) : DecodePng(bytes.data(), bytes.size(), path);
        if (!image.Ok()) {
            if (inBatch) job.decodeFailed = true;
            return image.GetError();
        }
        into = std::move(image).Value();
        return std::nullopt;
    };
    const auto spriteBytes = ReadInputFile(job.spritePath, limits::PNG_FILE_BYTES, "a PNG", context.within);
    if (!spriteBytes.Ok()) {
        job.skip = context.missingFrame(spriteBytes.GetError(), anim, job.frame);
        return;
    }
    // A run that never draws (headless) decodes the sprite all the same, into the thread's buffer,
    // so that it fails, warns and masks exactly as one that keeps it.
    Image& sprite = context.keepSpritePixels ? job.sprite : scratch.sprite;
    if (auto failed = decode(spriteBytes.Value(), job.spritePath, sprite)) {
        sprite = Image{};
        job.skip = std::move(failed);
        return;
    }
    if (sprite.widthPx != job.size.widthPx || sprite.heightPx != job.size.heightPx) {
        // Rewritten between its header and its pixels (a hot reload mid-save): not this time.
        sprite = Image{};
        job.skip = Error{ErrorCode::FileUnreadable, job.spritePath,
                         "changed while the fighter was loading (rewritten): it is read again on the next change"};
        return;
    }
    job.sprite.widthPx = sprite.widthPx, job.sprite.heightPx = sprite.heightPx;
    job.spriteDecoded = true;
    // Only a hotmap that is not there at all falls back; one that is there but cannot be read (a
    // loop of links, no permission, a FIFO) is an error, reported by the reader.
    if (!EntryExists(job.hotmapPath)) {
        if (job.active || job.projectile) {
            // Named by the hotmap it lacks, not by the sprite it would fall back to: the missing
            // file is the mistake.
            job.skip =
                Error{ErrorCode::FileMissing, job.hotmapPath,
                      std::string("no such file: ") + (job.projectile ? "a projectile frame" : "an active frame") +
                          " (frame " + std::to_string(job.frame) + " of \"" + game::Printable(anim.name) +
                          "\") needs a hotmap with attack pixels (hotmap template, then paint FF0000)"};
            return;
        }
        job.fromSprite = true;
        job.masks = MasksFromSprite(sprite);
    } else {
        const auto hotmapBytes = ReadInputFile(job.hotmapPath, limits::PNG_FILE_BYTES, "a PNG", context.within);
        if (!hotmapBytes.Ok()) {
            job.skip = hotmapBytes.GetError();
            return;
        }
        // Its size from the header, before decoding: a 4096 x 4096 hotmap for a small sprite is
        // refused without its 64 MiB of pixels.
        const auto size = ReadPngSize(hotmapBytes.Value().data(), hotmapBytes.Value().size(), job.hotmapPath);
        if (!size.Ok()) {
            job.skip = size.GetError();
            return;
        }
        if (size.Value().widthPx != job.sprite.widthPx || size.Value().heightPx != job.sprite.heightPx) {
            job.skip =
                Error{ErrorCode::SizeMismatch, job.hotmapPath,
                      std::to_string(size.Value().widthPx) + "x" + std::to_string(size.Value().heightPx) +
                          ", but its sprite is " + SizeText(job.sprite) + " (a hotmap is the same size as its sprite)"};
            return;
        }
        // Into the thread's buffer, or the job's own Image when lint keeps it.
        Image& hotmap = context.keepHotmapImages ? job.hotmap : scratch.hotmap;
        if (auto failed = decode(hotmapBytes.Value(), job.hotmapPath, hotmap)) {
            hotmap = Image{};
            job.skip = std::move(failed);
            return;
        }
        job.masks = collide::BuildHotMasks(hotmap.View());
    }
}

// Does the frame's result end the load (its first error, unless errors are collected)?
bool EndsLoad(const FrameJob& job, const LoadOptions& options) {
    if (options.collectErrors) return false;
    if (job.skip) return true;
    const bool needsAttack = job.active || job.projectile;
    return needsAttack && job.masks.attack.IsEmpty();
}

// Every frame's work: on the calling thread and one more when there are frames enough. Each job
// is claimed from a shared counter and its result lands in its own slot, so the results (and
// what LoadFighterOrThrow makes of them, in file order) never depend on which thread ran what.
// Once a frame ends the load, frames after it are not started: every frame before it still is,
// so the first error in file order is the one found, as one thread would find it.
void RunFrameJobs(std::vector<FrameJob>& jobs, const FrameContext& context, const LoadOptions& options,
                  const std::vector<game::AnimationDef>& animations) {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t threads = std::min<std::size_t>({LOAD_THREADS, cores, jobs.size() / MIN_FRAMES_PER_THREAD});
    if (threads <= 1) {
        FrameScratch scratch;
        for (FrameJob& job : jobs) {
            if (job.size.widthPx == 0) continue;
            DoFrame(job, animations[job.animation], context, false, scratch);
            if (EndsLoad(job, options)) break;
        }
        return;
    }
    PreparePngDecoder();
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> firstEnd{jobs.size()};
    // An exception (out of memory) on a helper would end the process: it is carried to this
    // thread and thrown here, where LoadFighter turns it into its one error, as before.
    std::exception_ptr failure;
    std::mutex failureMutex;
    {
        const StderrHeldForBatch held;
        const auto work = [&] {
            try {
                FrameScratch scratch;
                for (std::size_t i = next++; i < jobs.size(); i = next++) {
                    if (i > firstEnd.load() || jobs[i].size.widthPx == 0) continue;
                    DoFrame(jobs[i], animations[jobs[i].animation], context, true, scratch);
                    if (EndsLoad(jobs[i], options)) {
                        std::size_t seen = firstEnd.load();
                        while (i < seen && !firstEnd.compare_exchange_weak(seen, i)) {
                        }
                    }
                }
            } catch (...) {
                const std::lock_guard<std::mutex> lock(failureMutex);
                if (!failure) failure = std::current_exception();
                next = jobs.size();  // the others stop at their next frame
            }
        };
        std::vector<std::thread> helpers;
        for (std::size_t t = 1; t < threads; ++t) {
            // No thread to be had (a process at its limit): the frames are all done here instead.
            try {
                // SDL keeps a failed decode's error message in the calling thread's storage, which
                // it frees by itself only for threads it made: free it as the helper ends (ASan's
                // leak check caught it on a corrupt PNG).
                helpers.emplace_back([&work] {
                    work();
                    SDL_TLSCleanup();
                });
            } catch (const std::system_error&) {
                break;
            }
        }
        work();
        for (std::thread& h : helpers) h.join();
    }
    if (failure) std::rethrow_exception(failure);
    // A failed decode, done again alone: its message then carries libpng's words, as DecodePng's do.
    FrameScratch scratch;
    for (std::size_t i = 0; i < jobs.size() && i <= firstEnd.load(); ++i) {
        if (!jobs[i].decodeFailed) continue;
        jobs[i].ClearResult();
        DoFrame(jobs[i], animations[jobs[i].animation], context, false, scratch);
    }
}

}  // namespace

std::string AssetRoots::ProjectDir() const {
    std::string dir = assetsDir;
    while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
    const fs::path path = fs::path(dir).lexically_normal();
    if (path == "." || path.filename() == "..") return (path / "..").string();
    const fs::path parent = path.parent_path();
    return parent.empty() ? "." : parent.string();
}

Result<std::vector<std::string>> ListFighters(const AssetRoots& roots) {
    std::error_code ec;
    if (!fs::is_directory(roots.assetsDir, ec)) {
        return Error{ErrorCode::FileMissing, roots.assetsDir, "no such folder"};
    }
    std::vector<std::string> ids;
    for (fs::directory_iterator it(roots.assetsDir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code ec2;
        // assets/stages/ holds the stages (stage.h), never a fighter, whatever it contains.
        if (it->path().filename() == STAGES_FOLDER) continue;
        if (it->is_directory(ec2) && EntryExists((it->path() / MANIFEST_FILE_NAME).string())) {
            ids.push_back(it->path().filename().string());
            // Counting stops at one over the limit: a folder of a million fighters is not listed.
            if (ids.size() > static_cast<std::size_t>(limits::FIGHTERS_PER_PROJECT)) {
                return Error{ErrorCode::TooLarge, roots.assetsDir,
                             "more than " + Count(limits::FIGHTERS_PER_PROJECT) +
                                 " fighters (folders with a fighter.json), over the limit of " +
                                 Count(limits::FIGHTERS_PER_PROJECT) + " per project"};
            }
        }
    }
    if (ec) {
        return Error{ErrorCode::FileUnreadable, roots.assetsDir, "cannot list: " + ec.message()};
    }
    if (ids.empty()) {
        return Error{ErrorCode::NoFighters, roots.assetsDir, "no fighter here (no <name>/fighter.json)"};
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

namespace {

Result<LoadedFighter> LoadFighterOrThrow(const AssetRoots& roots, const std::string& id, const LoadOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    const std::string spriteDir = roots.assetsDir + "/" + id;
    const std::string hotmapDir = roots.hotmapsDir + "/" + id;
    LoadedFighter out;
    out.manifestPath = spriteDir + "/" + MANIFEST_FILE_NAME;

    if (!EntryExists(spriteDir)) return Error{ErrorCode::FileMissing, spriteDir, "no such fighter folder"};
    std::optional<Confinement> confinement;
    if (!options.allowOutsideLinks) {
        auto c = ConfineTo(roots.ProjectDir());
        if (!c.Ok()) return c.GetError();
        confinement = std::move(c).Value();
        // A fighter's folder (or its hotmaps') linked from outside is refused by its link, before
        // anything in the folder it leads to is opened.
        for (const std::string& dir : {spriteDir, hotmapDir})
            if (auto outside = RefuseOutside(dir, *confinement)) return *outside;
    }
    const Confinement* within = confinement ? &*confinement : nullptr;
    std::error_code ec;
    if (!fs::is_directory(spriteDir, ec)) {
        return Error{ErrorCode::FileMissing, spriteDir, "no such fighter folder"};
    }
    auto text = ReadInputFile(out.manifestPath, limits::MANIFEST_BYTES, "a manifest", within);
    if (!text.Ok()) {
        return text.GetError();
    }
    auto manifest = ReadManifest(std::string(text.Value().begin(), text.Value().end()), out.manifestPath);
    if (!manifest.Ok()) {
        return manifest.GetError();
    }
    auto parsed = ManifestToDef(manifest.Value(), id, out.manifestPath);
    if (!parsed.Ok()) {
        return parsed.GetError();
    }
    text = std::vector<std::uint8_t>{};
    out.def = std::move(parsed).Value();
    for (const ManifestMove& m : manifest.Value().moves) out.moveSounds.push_back({m.sound, m.hitSound});
    out.credits = manifest.Value().credits;
    out.license = manifest.Value().license;
    // The mirror match's colours (AlternateSprites, when one is played): the palette's exact swaps,
    // else the alternate shift (by default a half turn of the hue), so two alike fighters never
    // look the same.
    const ManifestAlternate alternate = manifest.Value().alternate.value_or(DEFAULT_ALTERNATE);
    out.alternateHueDegrees = alternate.hueDegrees;
    out.alternateLightnessPercent = alternate.lightnessPercent;
    game::FighterDef& def = out.def;
    const auto spritePathOf = [&](const game::AnimationDef& anim, std::size_t f) {
        return spriteDir + "/" + FrameFileName(anim.name, f);
    };
    // A frame's error ends the load, or with collectErrors is kept and the frame skipped.
    std::optional<Error> fatal;
    const auto frameError = [&](Error e) {
        if (!options.collectErrors) {
            fatal = std::move(e);
            return true;
        }
        // One cause can break every frame the same way (a hotmaps folder linked from outside the
        // project): said once.
        const bool again = std::any_of(out.errors.begin(), out.errors.end(), [&](const Error& seen) {
            return seen.file == e.file && seen.message == e.message;
        });
        if (!again) out.errors.push_back(std::move(e));
        return false;
    };
    const auto missingFrame = [&](Error e, const game::AnimationDef& anim, std::size_t f) {
        if (e.code == ErrorCode::FileMissing) {
            e.message = "no such file (frame " + std::to_string(f) + " of animation \"" + game::Printable(anim.name) +
                        "\" in " + game::PrintablePath(out.manifestPath) + ")";
        }
        return e;
    };

    // First every sprite's header: the frames' sizes, so that a fighter (or a project) over its
    // pixel budget is refused before a single frame is decoded.
    std::vector<std::vector<PngSize>> sizes(def.animations.size());
    for (std::size_t a = 0; a < def.animations.size(); ++a) {
        const game::AnimationDef& anim = def.animations[a];
        for (std::size_t f = 0; f < anim.frames.size(); ++f) {
            const std::string spritePath = spritePathOf(anim, f);
            const auto head = ReadInputHead(spritePath, PNG_HEAD_BYTES, limits::PNG_FILE_BYTES, "a PNG", within);
            const auto size = head.Ok() ? ReadPngSize(head.Value().data(), head.Value().size(), spritePath)
                                        : Result<PngSize>(missingFrame(head.GetError(), anim, f));
            if (!size.Ok()) {
                if (frameError(size.GetError())) return *fatal;
                sizes[a].push_back({0, 0});  // skipped below
                continue;
            }
            sizes[a].push_back(size.Value());
            out.pixels += std::int64_t{size.Value().widthPx} * size.Value().heightPx;
            if (out.pixels > limits::PIXELS_PER_FIGHTER) {
                return Error{ErrorCode::TooLarge, spritePath,
                             "the fighter's frames come to " + Count(out.pixels) +
                                 " pixels with this one, over the budget of " + Count(limits::PIXELS_PER_FIGHTER) +
                                 " pixels per fighter"};
            }
            if (options.otherFightersPixels + out.pixels > limits::PIXELS_PER_PROJECT) {
                return Error{ErrorCode::TooLarge, spritePath,
                             "the project's fighters come to " + Count(options.otherFightersPixels + out.pixels) +
                                 " pixels with this frame, over the budget of " + Count(limits::PIXELS_PER_PROJECT) +
                                 " pixels per project"};
            }
        }
    }

    // Then every frame's files, read, decoded and masked by a small pool (frame_work below), each
    // frame's result in its own slot; then walked in file order here, on this thread, so the
    // fighter, its errors and its warnings come out as one thread would make them.
    const FrameRoles roles = RolesOf(def);
    std::vector<FrameJob> jobs;
    for (std::size_t a = 0; a < def.animations.size(); ++a) {
        const game::AnimationDef& anim = def.animations[a];
        for (std::size_t f = 0; f < anim.frames.size(); ++f) {
            FrameJob job;
            job.animation = a, job.frame = f;
            job.spritePath = spritePathOf(anim, f);
            job.hotmapPath = hotmapDir + "/" + FrameFileName(anim.name, f);
            job.size = sizes[a][f];
            job.active = roles.active[a][f] != 0;
            job.projectile = roles.projectile[a] != 0;
            jobs.push_back(std::move(job));
        }
    }
    const FrameContext context{within, options.keepHotmapImages, options.keepSpritePixels, missingFrame};
    RunFrameJobs(jobs, context, options, def.animations);

    out.sprites.resize(def.animations.size());
    if (options.keepHotmapImages) out.hotmaps.resize(def.animations.size());
    for (FrameJob& job : jobs) {
        const std::size_t a = job.animation, f = job.frame;
        game::AnimationDef& anim = def.animations[a];
        game::FrameDef& frame = anim.frames[f];
        // A frame skipped after an error keeps the lists parallel with empty pictures.
        const auto placeholder = [&] {
            out.sprites[a].emplace_back();
            if (options.keepHotmapImages) out.hotmaps[a].emplace_back();
        };
        if (job.size.widthPx == 0) {  // its header's error is collected already
            placeholder();
            continue;
        }
        if (job.spriteDecoded) {
            frame.widthPx = job.sprite.widthPx;
            frame.heightPx = job.sprite.heightPx;
        }
        if (job.skip) {
            if (frameError(std::move(*job.skip))) return *fatal;
            placeholder();
            continue;
        }
        frame.masks = std::move(job.masks);
        if (job.fromSprite) {
            frame.hotmapFromSprite = true;
            out.warnings.push_back(
                {job.hotmapPath,
                 "no hotmap: the frame falls back to its sprite (opaque pixels are hurt, none attack)"});
        }
        const bool hasAttack = !frame.masks.attack.IsEmpty();
        if ((job.active || job.projectile) && !hasAttack) {
            if (frameError(Error{ErrorCode::ManifestRule, job.hotmapPath,
                                 std::string(job.projectile ? "a projectile frame" : "an active frame") + " (frame " +
                                     std::to_string(f) + " of \"" + game::Printable(anim.name) +
                                     "\") has no attack pixel: paint its striking part exactly FF0000"}))
                return *fatal;
        }
        if (hasAttack && !job.active && !job.projectile) {
            out.warnings.push_back(
                {job.hotmapPath, "attack pixels on a frame no move has active: the game ignores them"});
        }
        out.sprites[a].push_back(std::move(job.sprite));
        if (options.keepHotmapImages) out.hotmaps[a].push_back(std::move(job.hotmap));
    }
    out.loadMilliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    return out;
}

}  // namespace

Result<LoadedFighter> LoadFighter(const AssetRoots& roots, const std::string& id, const LoadOptions& options) {
    // Within its limits a fighter fits in memory; a machine short of it gets a line, not an abort.
    try {
        return LoadFighterOrThrow(roots, id, options);
    } catch (const std::bad_alloc&) {
        return Error{ErrorCode::TooLarge, roots.assetsDir + "/" + id,
                     "not enough memory to load this fighter (" + Count(limits::PIXELS_PER_FIGHTER) +
                         " pixels is the most a fighter may hold)"};
    }
}

}  // namespace assets
