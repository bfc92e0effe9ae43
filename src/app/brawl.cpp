// brawl: the demo's shell. It owns what every scene shares: the window (or SDL's dummy video driver
// headless), the keyboards and pads, the fixed 60 Hz tick with an accumulator and a capped frame
// time, the developer's settings (F-keys and the overlay's buttons, one path), hot-reload polling,
// screenshots and the headless run's report. What is on screen is a scene (scene.h), made from the
// scene table; headless and windowed runs drive the same scene calls. Drawing is kept apart from
// updating (HGE's FrameFunc and RenderFunc): Tick() advances, Render() only reads. It also owns the
// sound (the device, the bank of sounds; silent with one line when there is no device) and the
// player's settings (read at start, applied and written when the options menu changes them).
#include "app/clock.h"
#include "app/controls.h"
#include "app/frame_split.h"
#include "app/help.h"
#include "app/options.h"
#include "app/roster.h"
#include "app/scene.h"
#include "app/screens.h"
#include "app/settings.h"
#include "assets/files.h"
#include "assets/project.h"
#include "audio/audio.h"
#include "debug/commands.h"
#include "debug/overlay.h"
#include "game/text.h"
#include "net/net.h"
#include "render/render.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <new>
#include <thread>

namespace app {

namespace {

constexpr int WINDOW_W = 1280, WINDOW_H = 720;
constexpr double TICK_SECONDS = 1.0 / game::TICK_HZ;
constexpr double MAX_FRAME_SECONDS = 0.25;         // after a stall, catch up at most this much
constexpr std::int32_t REMATCH_AFTER_TICKS = 240;  // headless: how long a finished match stays

// SIGINT or SIGTERM during a headless run: the run stops after the tick in progress and reports
// as if its frames had run out (a person's Ctrl-C, a test that has seen what it waited for). The
// one global of the program: a signal handler can reach nothing else.
volatile std::sig_atomic_t stopSignal = 0;
extern "C" void RequestStop(int signalNumber) {
    stopSignal = signalNumber;
}

/// Unset and set-to-nothing mean the same to a person: no display.
bool EnvEmpty(const char* name) {
    const char* value = std::getenv(name);
    return value == nullptr || *value == '\0';
}

constexpr const char* NO_DISPLAY =
    "brawl: no display; run it with --headless --frames N (add --screenshot shot.png to see a frame), or under "
    "xvfb-run -a\n";

// A debug key's command, from the controls table (help.h): the F-keys and what they do are listed once.
std::optional<debug::Command> CommandForKey(SDL_Keycode key) {
    static constexpr SDL_Keycode F_KEYS[] = {SDLK_F1, SDLK_F2, SDLK_F3, SDLK_F4, SDLK_F5, SDLK_F6, SDLK_F7};
    for (std::size_t i = 0; i < std::size(F_KEYS) && i < std::size(DEBUG_KEYS); ++i) {
        if (key == F_KEYS[i] && DEBUG_KEYS[i].command) return debug::Command{*DEBUG_KEYS[i].command};
    }
    return std::nullopt;
}

class Shell {
public:
    explicit Shell(Options options) : opt_(std::move(options)) {}
    ~Shell() { Shutdown(); }
    int Run();

private:
    int Prepare();
    int RunHeadless();
    int RunWindowed();
    bool StartVideo(bool headless);
    void Shutdown();
    void SwitchScene(const SceneSwitch& to);
    void AfterCall();
    void Tick(const game::Inputs& controls);
    void PollReload();
    void Render(bool present);
    int Report(const RunReport& report);
    int PickRow(const std::string& label);
    void HandleTextKey(const SDL_Event& e);
    void StartAudio();
    void ApplySettings();
    void ApplyVideo();
    bool HandleShortcut(const SDL_Event& e);
    [[nodiscard]] debug::ScreenMap Letterbox() const;
    bool SaveScreenshot(const std::string& path);
    int PrepareStage(const std::string& root, const std::string& replayShown);

    Options opt_;
    std::string projectRoot_;  ///< the folder holding assets/ and hotmaps/ ("" before it is found)
    std::unique_ptr<Roster> roster_;
    std::unique_ptr<StageSet> stages_;
    std::shared_ptr<const game::Replay> replay_;
    SceneArgs firstArgs_;
    std::string firstScene_;
    std::unique_ptr<Scene> scene_;
    std::string sceneName_;  ///< the scene table's name of scene_
    SceneContext ctx_;
    debug::Settings settings_;
    UserSettings user_;  ///< the player's (volumes, bindings, window), as the settings file holds them
    Controls controls_;
    std::optional<FrameSplit> split_;  ///< --frame-split: where a windowed frame's CPU time goes
    bool flushPhases_ = false;         ///< --frame-split carries out each phase's drawing in it (software)
    SDL_Window* window_ = nullptr;
    SDL_Renderer* renderer_ = nullptr;
    bool imgui_ = false;
    bool vsync_ = false;  ///< presenting waits for the display (else the loop sleeps between ticks)
    render::TexturePtr target_;
    bool help_ = false;
    bool running_ = true;
    std::uint64_t lastReloadNanos_ = 0;
    // The player's settings (the file's), what the command line changes for this run, where the
    // file is (none: not remembered), and what was last applied.
    RunOverrides overrides_;
    std::optional<std::string> settingsPath_;
    UserSettings applied_;
    // Sound: the bank is loaded and the sink open only when a device is (null: silent).
    audio::SoundBank bank_;
    std::unique_ptr<audio::MixerSink> sink_;
    SceneAudio sceneAudio_;
};

// The stages (a broken one is said once and left out) and the one the run starts on: --stage, or
// the replay's, whose geometry goes into the replay's config. Returns an exit status, or 0.
int Shell::PrepareStage(const std::string& root, const std::string& replayShown) {
    stages_ = StageSet::Load(assets::AssetRoots::Under(root), opt_.allowOutsideLinks);
    for (const assets::Error& e : stages_->Skipped()) std::fprintf(stderr, "%s\n", e.ToLine().c_str());
    const std::string wanted = replay_ ? replay_->stageId : opt_.stage.value_or(assets::DEFAULT_STAGE_ID);
    for (const BrokenStage& b : stages_->Broken()) {
        // Asked for by name (not the rooftop, which stands in built in): its error is the run's one line.
        if (b.id == wanted && stages_->Find(wanted) == nullptr)
            return std::fprintf(stderr, "%s\n", b.error.ToLine().c_str()), 1;
        std::fprintf(stderr, "%s\n", b.error.ToLine().c_str());
    }
    const Stage* stage = stages_->Find(wanted);
    if (stage == nullptr && replay_) {  // a file names it: a data error, naming the file
        std::fprintf(stderr, "error: %s: names the stage '%s', which this project lacks (there are: %s)\n",
                     replayShown.c_str(), game::Printable(wanted).c_str(), stages_->IdList().c_str());
        return 1;
    }
    if (stage == nullptr) {
        std::fprintf(stderr, "brawl: no stage named '%s' (there are: %s)\n%s", game::Printable(wanted).c_str(),
                     stages_->IdList().c_str(), UsageText().c_str());
        return 2;
    }
    firstArgs_.setup.stage = wanted;
    if (replay_) {
        auto played = std::make_shared<game::Replay>(*replay_);
        played->config.stage = stage->loaded.file.Geometry();
        replay_ = std::move(played);
    }
    return 0;
}

// What every run needs before a scene: the replay (its fighters and config), the roster, the
// setup the command line asks for. Returns an exit status when the run cannot start.
int Shell::Prepare() {
    const std::string replayShown = game::PrintablePath(opt_.replayPath);
    if (!opt_.replayPath.empty()) {
        // A regular file within limits::REPLAY_BYTES (files.h): a FIFO or /dev/zero is one line.
        auto bytes = assets::ReadInputFile(opt_.replayPath, assets::limits::REPLAY_BYTES, "a replay");
        if (!bytes.Ok()) return std::fprintf(stderr, "%s\n", bytes.GetError().ToLine().c_str()), 1;
        std::string error;
        auto replay = game::ParseReplay(std::string(bytes.Value().begin(), bytes.Value().end()), error);
        if (!replay) return std::fprintf(stderr, "error: %s: %s\n", replayShown.c_str(), error.c_str()), 1;
        if (replay->simulationVersion != game::SIMULATION_VERSION) {
            std::fprintf(stderr,
                         "error: %s: recorded under simulation version %d; this brawl runs version %d (the rules "
                         "changed since: record it again)\n",
                         replayShown.c_str(), replay->simulationVersion, game::SIMULATION_VERSION);
            return 1;
        }
        replay_ = std::make_shared<const game::Replay>(std::move(*replay));
    }
    // The files the run will write, checked now rather than after the run: an existing FIFO,
    // device or folder is refused (never opened: a FIFO would block the run forever).
    for (const std::string* out : {&opt_.screenshotPath, &opt_.recordPath, &opt_.eventLogPath, &opt_.desyncDumpPath}) {
        if (out->empty() || *out == "-") continue;
        if (const auto refused = assets::CheckOutputPath(*out))
            return std::fprintf(stderr, "%s\n", refused->ToLine().c_str()), 1;
    }
    firstScene_ = !opt_.scene.empty()                                                       ? opt_.scene
                  : opt_.headless || opt_.frames || !opt_.screenshotPath.empty() || replay_ ? "fight"
                                                                                            : "title";
    if (FindScene(firstScene_)->needsRoster) {
        const auto project = assets::FindProject(opt_.assetsRoot, assets::ProgramFolder());
        if (!project.Ok()) return std::fprintf(stderr, "%s\n", project.GetError().ToLine().c_str()), 1;
        const std::string& root = project.Value();
        projectRoot_ = root;
        // The folder given names the error when it is not a project at all, as `hotmap lint` does.
        std::error_code ec;
        const std::string rootShown = game::PrintablePath(root);
        if (!std::filesystem::is_directory(root, ec))
            return std::fprintf(stderr, "error: %s: no such folder\n", rootShown.c_str()), 1;
        if (!std::filesystem::exists(root + "/assets", ec))
            return std::fprintf(stderr, "error: %s: not a project folder (no assets/ inside)\n", rootShown.c_str()), 1;
        assets::LoadOptions load;
        load.allowOutsideLinks = opt_.allowOutsideLinks;
        // A headless run draws nothing unless it takes a screenshot: the sprites' pixels are not kept.
        load.keepSpritePixels = !opt_.headless || !opt_.screenshotPath.empty();
        auto roster = Roster::Load(assets::AssetRoots::Under(root), load);
        if (!roster.Ok()) return std::fprintf(stderr, "%s\n", roster.GetError().ToLine().c_str()), 1;
        roster_ = std::move(roster).Value();
        std::fprintf(stderr, "loaded %zu fighters (%d frames, %zu KiB of masks) in %.1f ms\n", roster_->Size(),
                     roster_->FrameCount(), roster_->MaskBytes() / 1024, roster_->LoadMilliseconds());
        // The setup: the first two fighters, unless named (by the command line or the replay).
        MatchSetup& setup = firstArgs_.setup;
        setup.fighter = {0, roster_->Size() > 1 ? 1 : 0};
        std::array<std::optional<std::string>, 2> ids{opt_.p1Fighter, opt_.p2Fighter};
        if (replay_) ids = {replay_->fighterIds[0], replay_->fighterIds[1]};
        for (std::size_t i = 0; i < 2; ++i) {
            if (!ids[i]) continue;
            const int found = roster_->Find(*ids[i]);
            const auto broken = std::find_if(roster_->Broken().begin(), roster_->Broken().end(),
                                             [&](const BrokenFighter& b) { return b.id == *ids[i]; });
            if (found < 0 && broken != roster_->Broken().end()) {
                // Asked for by name: its error is the run's one line.
                std::fprintf(stderr, "%s\n", broken->error.ToLine().c_str());
                return 1;
            }
            if (found < 0) {
                std::string have;
                for (std::size_t k = 0; k < roster_->Size(); ++k)
                    have += (k ? ", " : "") + game::Printable(roster_->At(k).loaded.def.id);
                have = game::OneLine(have, 400);
                if (replay_) {  // a file names it: a data error, naming the file
                    std::fprintf(stderr,
                                 "error: %s: names the fighter '%s', which this project lacks (there are: %s)\n",
                                 replayShown.c_str(), game::Printable(*ids[i]).c_str(), have.c_str());
                    return 1;
                }
                std::fprintf(stderr, "brawl: no fighter named '%s' (there are: %s)\n%s",
                             game::Printable(*ids[i]).c_str(), have.c_str(), UsageText().c_str());
                return 2;
            }
            setup.fighter[i] = found;
        }
        // A broken fighter is left out, its error said once; only asking for it by name fails.
        for (const BrokenFighter& b : roster_->Broken()) std::fprintf(stderr, "%s\n", b.error.ToLine().c_str());
        if (const int status = PrepareStage(root, replayShown)) return status;
    }
    if (opt_.p1) firstArgs_.setup.controllers[0] = *opt_.p1;
    if (opt_.p2) firstArgs_.setup.controllers[1] = *opt_.p2;
    if (opt_.level) firstArgs_.setup.cpuLevel = *opt_.level;
    // Headless runs are reproducible by default; a window's match differs each time unless --seed.
    firstArgs_.setup.seed = opt_.seed.value_or(opt_.headless ? 1 : NowNanos());
    firstArgs_.replay = replay_;
    firstArgs_.rematchAfterTicks = opt_.headless ? REMATCH_AFTER_TICKS : 0;
    settings_.overlay = opt_.overlay;
    settings_.view = game::ParseName(debug::VIEW_MODE_NAMES, opt_.view).value_or(render::ViewMode::Sprites);
    ctx_.roster = roster_.get();
    ctx_.stages = stages_.get();
    ctx_.options = &opt_;
    ctx_.debug = &settings_;
    // The player's settings: a missing file is the defaults; a broken one, the defaults and a line.
    settingsPath_ = SettingsPath();
    if (settingsPath_) {
        LoadedSettings loaded = LoadSettings(*settingsPath_);
        if (loaded.warning) std::fprintf(stderr, "%s\n", loaded.warning->c_str());
        user_ = loaded.settings;
    }
    if (opt_.mute) overrides_.mute = true;
    overrides_.volume = opt_.volume;
    applied_ = user_;
    controls_.SetBindings(user_.bindings);
    ctx_.settings = &user_;
    return 0;
}

// The audio device: headless runs use SDL's dummy driver (the same calls, nothing heard); no device
// is one line and a silent game, never an error.
void Shell::StartAudio() {
    // Headless: the dummy driver, unless SDL_AUDIODRIVER names one (a test names a missing one).
    if (opt_.headless) SDL_setenv("SDL_AUDIODRIVER", "dummy", 0);
    // The system's sound libraries (ALSA) print their own lines while SDL probes for a device that
    // is not there; our one line says what happened, so theirs are kept off stderr meanwhile.
    std::fflush(stderr);
    const int savedStderr = dup(STDERR_FILENO);
    const int devNull = open("/dev/null", O_WRONLY);
    if (savedStderr >= 0 && devNull >= 0) dup2(devNull, STDERR_FILENO);
    const bool initialised = SDL_InitSubSystem(SDL_INIT_AUDIO) == 0;
    std::string why = initialised ? "" : SDL_GetError();
    if (initialised) sink_ = audio::MixerSink::Open(bank_, why);
    if (savedStderr >= 0 && devNull >= 0) dup2(savedStderr, STDERR_FILENO);
    if (devNull >= 0) close(devNull);
    if (savedStderr >= 0) close(savedStderr);
    if (!initialised) {
        std::fprintf(stderr, "brawl: no audio device (%s): the game runs silent\n", why.c_str());
        return;
    }
    if (!sink_) {
        std::fprintf(stderr, "brawl: cannot open the audio device (%s): the game runs silent\n", why.c_str());
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return;
    }
    // A scene without fighters (the bumper) still hears the shared sounds when there is a project.
    if (projectRoot_.empty()) {
        const auto project = assets::FindProject(opt_.assetsRoot, assets::ProgramFolder());
        if (project.Ok()) projectRoot_ = project.Value();
    }
    const std::string assetsDir = projectRoot_ + "/assets";
    if (!projectRoot_.empty() && !opt_.allowOutsideLinks) {
        // Sounds are confined to the project as the sprites are (a link out of it is refused).
        if (const auto within = assets::ConfineTo(projectRoot_); within.Ok()) bank_.Confine(within.Value());
    }
    if (!projectRoot_.empty()) {
        for (const std::string& line : bank_.LoadShared(assetsDir)) std::fprintf(stderr, "%s\n", line.c_str());
    }
    if (stages_) {
        for (const std::string& line : stages_->LoadMusic(bank_)) std::fprintf(stderr, "%s\n", line.c_str());
    }
    if (roster_ && !projectRoot_.empty()) {
        for (std::size_t i = 0; i < roster_->Size(); ++i) {
            const assets::LoadedFighter& f = roster_->At(i).loaded;
            for (const std::string& line : bank_.LoadFighter(assetsDir, f.def.id, f.moveSounds))
                std::fprintf(stderr, "%s\n", line.c_str());
        }
    }
    sink_->SetVolumes(overrides_.Apply(user_.volumes));
    sceneAudio_ = SceneAudio{sink_.get(), &bank_};
    ctx_.audio = &sceneAudio_;
}

// What the options menu (or a shortcut) changed: the volumes heard, the bindings, the window; then
// the file. A setting the player changes takes over from the command line's for it.
void Shell::ApplySettings() {
    if (user_.volumes.mute != applied_.volumes.mute) overrides_.mute.reset();
    if (user_.volumes.master != applied_.volumes.master) overrides_.volume.reset();
    if (sink_) sink_->SetVolumes(overrides_.Apply(user_.volumes));
    controls_.SetBindings(user_.bindings);
    const bool video = user_.fullscreen != applied_.fullscreen || user_.windowScale != applied_.windowScale ||
                       user_.vsync != applied_.vsync;
    applied_ = user_;
    if (video) ApplyVideo();
    // Only what a player changed is written (--menu in a headless run too); --mute and --volume never.
    if (settingsPath_) {
        const auto error = SaveSettings(*settingsPath_, user_);
        if (error) std::fprintf(stderr, "%s\n", error->c_str());
        ctx_.settingsProblem = error ? SettingsProblem(*error) : "";  // the options menu says it too
    }
}

void Shell::ApplyVideo() {
    if (window_ == nullptr || opt_.headless) return;
    SDL_SetWindowFullscreen(window_, user_.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    if (!user_.fullscreen) {
        SDL_SetWindowSize(window_, game::SCREEN_WIDTH_PX * user_.windowScale,
                          game::SCREEN_HEIGHT_PX * user_.windowScale);
    }
    SDL_RenderSetVSync(renderer_, user_.vsync ? 1 : 0);
    SDL_RendererInfo info{};
    vsync_ = SDL_GetRendererInfo(renderer_, &info) == 0 && (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
}

void Shell::SwitchScene(const SceneSwitch& to) {
    if (scene_) scene_->Leave(ctx_);
    ctx_.textInput = false;  // a text field belongs to the scene that had it
    scene_ = FindScene(to.scene)->make(to.args);
    sceneName_ = to.scene;
    scene_->Enter(ctx_);
}

// Carries out what the last scene call asked for: the developer's commands (the settings' own
// here, the rest by the scene), the controls panel, a switch, quitting.
void Shell::AfterCall() {
    for (std::size_t guard = 0; guard < 4 && (!ctx_.commands.empty() || ctx_.switchTo); ++guard) {
        std::vector<debug::Command> commands;
        commands.swap(ctx_.commands);
        for (const debug::Command& c : commands) {
            if (!debug::Apply(settings_, c)) scene_->OnCommand(ctx_, c);
        }
        if (ctx_.switchTo) {
            const SceneSwitch to = std::move(*ctx_.switchTo);
            ctx_.switchTo.reset();
            SwitchScene(to);
        }
    }
    if (ctx_.settingsChanged) {
        ctx_.settingsChanged = false;
        ApplySettings();
    }
    if (ctx_.showHelp) help_ = true, ctx_.showHelp = false;
    if (ctx_.quit || ctx_.stop) running_ = false;
    // Text fields take the keyboard as text (SDL composes it); the shell starts and stops that.
    if (window_ != nullptr && ctx_.textInput != SDL_IsTextInputActive()) {
        ctx_.textInput ? SDL_StartTextInput() : SDL_StopTextInput();
    }
    if (!opt_.headless) {
        for (const std::string& line : ctx_.notices) std::fprintf(stderr, "%s\n", line.c_str());
    }
    ctx_.notices.clear();
}

void Shell::Tick(const game::Inputs& controls) {
    scene_->Tick(ctx_, controls);
    ++ctx_.clock.ticks;
    AfterCall();
}

void Shell::PollReload() {
    if (opt_.reloadMs == 0 || !roster_) return;
    const std::uint64_t now = NowNanos();
    if (now - lastReloadNanos_ < static_cast<std::uint64_t>(opt_.reloadMs) * 1'000'000ull) return;
    lastReloadNanos_ = now;
    for (const ReloadNews& n : roster_->Reload(renderer_)) {
        std::fprintf(stderr, "%s\n", n.line.c_str());
        n.ok ? ++ctx_.clock.reloads : ++ctx_.clock.reloadErrors;
        scene_->OnReload(ctx_, n);
        if (n.ok && sink_) {  // the manifest may name other sounds now
            const int i = roster_->Find(n.id);
            if (i >= 0) {
                const assets::LoadedFighter& f = roster_->At(static_cast<std::size_t>(i)).loaded;
                for (const std::string& line : bank_.LoadFighter(projectRoot_ + "/assets", n.id, f.moveSounds))
                    std::fprintf(stderr, "%s\n", line.c_str());
            }
        }
    }
    if (stages_) {  // a stage's art, as a fighter's
        for (const ReloadNews& n : stages_->Reload(renderer_, sink_ ? &bank_ : nullptr)) {
            std::fprintf(stderr, "%s\n", n.line.c_str());
            n.ok ? ++ctx_.clock.reloads : ++ctx_.clock.reloadErrors;
        }
    }
    // A sound saved over is reloaded like a sprite (a broken one keeps the last good version).
    if (sink_) {
        for (const audio::SoundBank::Change& c : bank_.Reload()) {
            std::fprintf(stderr, "%s\n", c.line.c_str());
            sink_->Reloaded(c.sound);
        }
    }
    AfterCall();
}

bool Shell::StartVideo(bool headless) {
    if (headless) SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
    // Only DISPLAY set: ask for X11 alone. Otherwise, when the X server does not answer, SDL goes on
    // to try Wayland, whose library prints its own complaint and breaks our one-line message.
    if (!headless && std::getenv("SDL_VIDEODRIVER") == nullptr && EnvEmpty("WAYLAND_DISPLAY")) {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11");
    }
    if (SDL_Init(SDL_INIT_VIDEO | (headless ? 0 : SDL_INIT_GAMECONTROLLER)) != 0) {
        if (!headless) {
            const char* display = std::getenv("DISPLAY");
            std::fprintf(
                stderr,
                "brawl: cannot open the display %s (%s); run it with --headless --frames N, or under xvfb-run -a\n",
                display != nullptr ? display : "", SDL_GetError());
        } else {
            std::fprintf(stderr, "brawl: cannot start video (%s)\n", SDL_GetError());
        }
        return false;
    }
    // With DISPLAY set but no server behind it, SDL falls back to a driver that shows nothing:
    // a window nobody can see would run forever, so say so and stop.
    const char* driver = SDL_GetCurrentVideoDriver();
    if (!headless && driver != nullptr &&
        (std::strcmp(driver, "offscreen") == 0 || std::strcmp(driver, "dummy") == 0)) {
        std::fprintf(stderr, "%s", NO_DISPLAY);
        return false;
    }
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "nearest");
    // The software renderer hands its picture to X11 itself. Left to SDL, it goes through an OpenGL
    // texture drawn by Mesa on the CPU where there is no GPU (Xvfb): each frame uploaded and drawn
    // once more, and Mesa loaded (a windowed run peaked at 202 MB that way, 105 MB without, issue
    // 41). SDL_FRAMEBUFFER_ACCELERATION in the environment still wins.
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    // Headless pictures are always 1280 x 720; a window takes the player's size and fullscreen.
    const int w = headless ? WINDOW_W : game::SCREEN_WIDTH_PX * user_.windowScale;
    const int h = headless ? WINDOW_H : game::SCREEN_HEIGHT_PX * user_.windowScale;
    const Uint32 flags =
        headless ? SDL_WINDOW_HIDDEN
                 : (SDL_WINDOW_SHOWN | SDL_WINDOW_RESIZABLE | (user_.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0));
    window_ = SDL_CreateWindow("Hotmap Brawl", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h, flags);
    if (window_ == nullptr) {
        std::fprintf(stderr, "brawl: cannot open a window: %s\n", SDL_GetError());
        return false;
    }
    // The dummy driver has only the software renderer, which is also pixel-exact for screenshots.
    renderer_ = SDL_CreateRenderer(window_, -1,
                                   headless ? SDL_RENDERER_SOFTWARE : (user_.vsync ? SDL_RENDERER_PRESENTVSYNC : 0));
    if (renderer_ == nullptr) renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_SOFTWARE);
    SDL_RendererInfo info{};
    vsync_ = renderer_ != nullptr && SDL_GetRendererInfo(renderer_, &info) == 0 &&
             (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
    flushPhases_ = renderer_ != nullptr && (info.flags & SDL_RENDERER_SOFTWARE) != 0;
    if (renderer_ == nullptr) {
        std::fprintf(stderr, "brawl: cannot create a renderer: %s\n", SDL_GetError());
        return false;
    }
    target_.reset(SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_TARGET, game::SCREEN_WIDTH_PX,
                                    game::SCREEN_HEIGHT_PX));
    SDL_SetTextureScaleMode(target_.get(), SDL_ScaleModeNearest);
    // The picture is opaque: copied, not blended, a pass over every pixel saved.
    SDL_SetTextureBlendMode(target_.get(), SDL_BLENDMODE_NONE);
    if (split_) split_->NoteRss("renderer");
    if (stages_) stages_->MakeArt(renderer_);
    if (roster_) roster_->MakeArt(renderer_);
    if (split_) split_->NoteRss("textures");
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini written next to the player's files
    ImGui::StyleColorsDark();
    ImGui_ImplSDL2_InitForSDLRenderer(window_);
    ImGui_ImplSDLRenderer_Init(renderer_);
    imgui_ = true;
    ctx_.renderer = renderer_;
    return true;
}

void Shell::Shutdown() {
    scene_.reset();  // its textures go before the renderer
    if (imgui_) {
        ImGui_ImplSDLRenderer_Shutdown();
        ImGui_ImplSDL2_Shutdown();
        ImGui::DestroyContext();
        imgui_ = false;
    }
    target_.reset();
    if (stages_) stages_->DropArt();  // its textures go before the renderer
    if (roster_) {
        for (std::size_t i = 0; i < roster_->Size(); ++i) roster_->At(i).art = {};
    }
    if (renderer_ != nullptr) SDL_DestroyRenderer(renderer_), renderer_ = nullptr;
    if (window_ != nullptr) SDL_DestroyWindow(window_), window_ = nullptr;
    ctx_.audio = nullptr;
    sink_.reset();  // closes the device before SDL goes
    SDL_Quit();
}

debug::ScreenMap Shell::Letterbox() const {
    int w = WINDOW_W, h = WINDOW_H;
    SDL_GetRendererOutputSize(renderer_, &w, &h);
    float scale =
        std::min(static_cast<float>(w) / game::SCREEN_WIDTH_PX, static_cast<float>(h) / game::SCREEN_HEIGHT_PX);
    if (scale >= 1.0f) scale = std::floor(scale);  // whole-number scales keep pixel art crisp
    debug::ScreenMap m;
    m.scale = scale;
    m.offsetX = std::floor((w - game::SCREEN_WIDTH_PX * scale) / 2);
    m.offsetY = std::floor((h - game::SCREEN_HEIGHT_PX * scale) / 2);
    return m;
}

void Shell::Render(bool present) {
    // The game picture, in logical pixels, into the target texture.
    SDL_SetRenderTarget(renderer_, target_.get());
    SDL_SetRenderDrawColor(renderer_, 0, 0, 0, 255);
    SDL_RenderClear(renderer_);
    // The menus' backdrop: the rooftop, still (not under a match, whose stage covers it).
    const Stage* rooftop = stages_ ? stages_->Find(assets::DEFAULT_STAGE_ID) : nullptr;
    if (rooftop != nullptr && !scene_->DrawsWholePicture(ctx_)) stages_->Draw(renderer_, *rooftop, render::Camera{});
    scene_->Render(ctx_);
    if (help_) DrawHelp(renderer_, user_.bindings, scene_->HelpKeys(user_.bindings));
    // The window: the picture letterboxed, then the ImGui layer at the window's own resolution.
    SDL_SetRenderTarget(renderer_, nullptr);
    SDL_SetRenderDrawColor(renderer_, 0, 0, 0, 255);
    SDL_RenderClear(renderer_);
    const debug::ScreenMap map = Letterbox();
    const SDL_FRect dst{map.offsetX, map.offsetY, game::SCREEN_WIDTH_PX * map.scale,
                        game::SCREEN_HEIGHT_PX * map.scale};
    SDL_RenderCopyF(renderer_, target_.get(), nullptr, &dst);
    // Measured, the software renderer carries out each phase's queued commands inside it (SDL
    // otherwise batches them into the present). Not OpenGL: Mesa's llvmpipe rasterises at the
    // target switch and the swap whatever is flushed, and a flush between would add passes of its
    // own, so there `present` holds the window's rasterising.
    if (split_ && flushPhases_) SDL_RenderFlush(renderer_);
    if (split_) split_->Mark(FrameSplit::Drawing);
    ImGui_ImplSDLRenderer_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    scene_->Panel(ctx_, map);
    ImGui::Render();
    ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
    if (split_ && flushPhases_) SDL_RenderFlush(renderer_);
    if (split_) split_->Mark(FrameSplit::ImGui);
    if (present) SDL_RenderPresent(renderer_);
    if (split_) split_->Mark(FrameSplit::Present);
    AfterCall();
}

// Prints the error line itself when the picture cannot be written.
bool Shell::SaveScreenshot(const std::string& path) {
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(renderer_, &w, &h);
    assets::Image shot;
    shot.widthPx = w;
    shot.heightPx = h;
    shot.rgba.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
    // Read back before SDL_RenderPresent: after it the back buffer's contents are undefined.
    if (SDL_RenderReadPixels(renderer_, nullptr, SDL_PIXELFORMAT_RGBA32, shot.rgba.data(), w * 4) != 0) {
        std::fprintf(stderr, "error: %s: cannot read the picture back: %s\n", game::PrintablePath(path).c_str(),
                     SDL_GetError());
        return false;
    }
    // Encoded in memory, written through WriteOutputFile: never into a FIFO, never half-written.
    if (const auto error = assets::SavePng(path, shot)) {
        std::fprintf(stderr, "%s\n", error->ToLine().c_str());
        return false;
    }
    return true;
}

int Shell::RunHeadless() {
    const std::int64_t frames = opt_.frames.value_or(replay_ ? static_cast<std::int64_t>(replay_->inputs.size()) : 0);
    // A scene that ends the run itself (online play: both peers stop on the same match tick) is
    // ticked until it says so; the others for --frames ticks.
    const bool endsItself = FindScene(firstScene_)->endsItself;
    const auto started = std::chrono::steady_clock::now();
    std::int64_t ticksRun = 0;
    // Nobody can press anything: human sides stand still (a replay moves them).
    // --matches N without --frames: as many ticks as the matches take (the scene says when).
    const std::int64_t limit = opt_.matches && !opt_.frames ? std::numeric_limits<std::int64_t>::max() : frames;
    for (; (endsItself ? !scene_->Done() : ticksRun < limit && !scene_->Done()) && !ctx_.stop && stopSignal == 0;
         ++ticksRun) {
        // --menu: a player's menu moves, one before each tick, as the window's loop hands them over.
        if (static_cast<std::size_t>(ticksRun) < opt_.menuMoves.size()) {
            const MenuStep& step = opt_.menuMoves[static_cast<std::size_t>(ticksRun)];
            if (!step.row.empty()) {
                if (const int rc = PickRow(step.row); rc != 0) return rc;
            } else if (step.move != MenuMove::None) {  // "wait": no move
                scene_->OnMenuMove(ctx_, step.move);
                AfterCall();
            }
        }
        // A menu the moves opened over a fight (its pause) stops its ticks, as in a window.
        if (scene_->Ticking()) {
            Tick(game::Inputs{});
        } else {
            ++ctx_.clock.ticks;
        }
        if (opt_.realtime) {
            std::this_thread::sleep_until(
                started + std::chrono::microseconds(static_cast<std::int64_t>((ticksRun + 1) * 1e6 / game::TICK_HZ)));
        }
        PollReload();
    }
    if (stopSignal != 0) {
        std::fprintf(stderr, "brawl: stopped by %s after %lld ticks\n", stopSignal == SIGINT ? "SIGINT" : "SIGTERM",
                     static_cast<long long>(ticksRun));
    }
    if (!opt_.screenshotPath.empty()) {
        if (!StartVideo(true)) return 1;
        // Two frames: ImGui lays windows out and scrolls the log on the first, so the second is
        // what a person watching would see.
        Render(false);
        Render(false);
        if (!SaveScreenshot(opt_.screenshotPath)) return 1;
    }
    return Report(ctx_.stop ? *ctx_.stop : scene_->Finish(ctx_, ticksRun));
}

// --menu LABEL: the cursor onto that row of the menu on screen; a usage error (2) naming the rows
// there are when the screen has none of that label.
int Shell::PickRow(const std::string& label) {
    const std::vector<std::string> rows = scene_->MenuRows();
    if (std::find(rows.begin(), rows.end(), label) != rows.end()) {
        scene_->OnMenuPick(ctx_, label);
        AfterCall();
        return 0;
    }
    std::string there;
    for (const std::string& row : rows) there += (there.empty() ? "" : ", ") + row;
    std::fprintf(stderr, "brawl: --menu: the %s screen has no row '%s' (%s)\n", sceneName_.c_str(),
                 game::Printable(label).c_str(), there.empty() ? "no menu is open" : ("its rows: " + there).c_str());
    return 2;
}

int Shell::Report(const RunReport& report) {
    if (!report.json.empty()) std::printf("%s\n", report.json.c_str());
    if (!report.errorLine.empty()) std::fprintf(stderr, "%s\n", report.errorLine.c_str());
    return report.exitCode;
}

int Shell::RunWindowed() {
    std::uint64_t last = NowNanos();
    double accumulator = 0.0, fpsTime = 0.0;
    int fpsFrames = 0, fastFramesWithoutTick = 0;
    std::int64_t ticksRun = 0;
    while (running_) {
        if (split_) split_->StartFrame();
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            ImGui_ImplSDL2_ProcessEvent(&e);
            if (e.type == SDL_QUIT) running_ = false;
            // The options menu waits for "the new key": the press goes to it as is, and is nothing else.
            if (ctx_.listening && ((e.type == SDL_KEYDOWN && !e.key.repeat) || e.type == SDL_CONTROLLERBUTTONDOWN)) {
                RawPress press;
                if (e.type == SDL_KEYDOWN) press.key = e.key.keysym.scancode;
                if (e.type == SDL_CONTROLLERBUTTONDOWN)
                    press.pad = static_cast<SDL_GameControllerButton>(e.cbutton.button);
                scene_->OnRawPress(ctx_, press);
                AfterCall();
                continue;
            }
            if (HandleShortcut(e)) continue;
            controls_.HandleEvent(e);
            if (e.type == SDL_KEYDOWN && !e.key.repeat) {
                if (const auto command = CommandForKey(e.key.keysym.sym)) ctx_.commands.push_back(*command);
            }
            if (ctx_.textInput) HandleTextKey(e);
            if (e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT &&
                !ImGui::GetIO().WantCaptureMouse) {
                scene_->OnClick(ctx_,
                                Letterbox().ToWorld(static_cast<float>(e.button.x), static_cast<float>(e.button.y)));
            }
        }
        for (const MenuMove move : controls_.TakeMenuMoves()) {
            if (help_) {  // any key closes the controls panel
                help_ = false;
                continue;
            }
            if (ctx_.textInput) continue;  // a text field has the keyboard: W is a letter, not Up
            scene_->OnMenuMove(ctx_, move);
            AfterCall();
        }
        AfterCall();
        if (split_) split_->Skip();

        const std::uint64_t now = NowNanos();
        const double frameSeconds = std::min((now - last) / 1e9, MAX_FRAME_SECONDS);
        last = now;
        fpsTime += frameSeconds, ++fpsFrames;
        if (fpsTime >= 0.5) ctx_.clock.framesPerSecond = fpsFrames / fpsTime, fpsTime = 0, fpsFrames = 0;
        const bool live = scene_->Ticking() && !help_;
        // The developer's pause and slow motion stop a local game, never one played online.
        const bool paused = settings_.paused && scene_->Pausable();
        const int slowFactor = scene_->Pausable() ? settings_.slowFactor : 1;
        const auto tick = [&] {
            Tick({controls_.Read(0), controls_.Read(1)});
            ++ticksRun;
        };
        // --frames N runs exactly N ticks: a slow frame that owes two ticks never steps past N (a
        // windowed recording of 240 ticks once came out 241 under load).
        const bool endsItself = FindScene(firstScene_)->endsItself;
        const auto withinFrames = [&] { return endsItself || !opt_.frames || ticksRun < *opt_.frames; };
        const std::int64_t ticksBefore = ticksRun;
        if (live && !paused) {
            accumulator += frameSeconds / slowFactor;
            while (accumulator >= TICK_SECONDS && running_ && withinFrames()) {
                tick();
                accumulator -= TICK_SECONDS;
            }
        } else {
            accumulator = 0.0;
            if (live && settings_.stepRequested) tick();
        }
        settings_.stepRequested = false;
        if (split_) split_->Mark(FrameSplit::Simulation);
        PollReload();
        if (split_) split_->Skip();
        const bool shoot = !opt_.screenshotPath.empty() && ticksRun >= opt_.frames.value_or(0);
        // --frames N: a scripted run ends (a scene that ends itself counts its own ticks).
        const bool enough = endsItself ? scene_->Done() : !withinFrames();
        Render(!shoot);
        if (shoot && !SaveScreenshot(opt_.screenshotPath)) return 1;
        if (shoot || enough) running_ = false;
        // Vsync a renderer claims need not pace anything (SDL's software renderer reports it, a
        // virtual display has no vertical blank): frames that ran no tick and came within half a
        // tick of the last are pictures nobody needed (one changes only with a tick). A few of them
        // show it, and from then on the loop paces itself, as without vsync.
        if (ticksRun == ticksBefore && frameSeconds < TICK_SECONDS / 2 && ++fastFramesWithoutTick >= 3) vsync_ = false;
        if (!vsync_ && running_) {
            // No vsync to pace the loop: sleep until the next tick is due instead of spinning a core.
            const double waitSeconds = live && !paused ? TICK_SECONDS - accumulator : TICK_SECONDS;
            SDL_Delay(static_cast<Uint32>(std::clamp(waitSeconds * 1000.0, 1.0, 1000.0 * TICK_SECONDS)));
        }
    }
    if (split_) {
        split_->StartFrame();  // closes the last frame
        std::printf("%s\n", split_->JsonLine().c_str());
        std::fflush(stdout);
    }
    if (ctx_.stop) return Report(*ctx_.stop);
    const bool saved = scene_->Leave(ctx_);
    AfterCall();  // its last notices
    return saved ? 0 : 1;
}

// The shell's own keys, anywhere: fullscreen (F11, Alt+Enter) and the mute key (a binding; not
// while a text field has the keyboard, where M is a letter). True when the event was one.
bool Shell::HandleShortcut(const SDL_Event& e) {
    if (e.type != SDL_KEYDOWN || e.key.repeat) return false;
    const SDL_Scancode code = e.key.keysym.scancode;
    const bool altEnter =
        (code == SDL_SCANCODE_RETURN || code == SDL_SCANCODE_KP_ENTER) && (e.key.keysym.mod & KMOD_ALT);
    if (code == SDL_SCANCODE_F11 || altEnter) {
        user_.fullscreen = !user_.fullscreen;
        ApplySettings();
        return true;
    }
    if (code == user_.bindings.mute && !ctx_.textInput) {
        // What is heard flips: a run started with --mute is unmuted by it.
        user_.volumes.mute = !overrides_.Apply(user_.volumes).mute;
        overrides_.mute.reset();
        ApplySettings();
        return false;  // the key may also be a player's (a conflict the options menu shows)
    }
    return false;
}

// While a text field has the keyboard: typed text, and the keys that edit or leave it.
void Shell::HandleTextKey(const SDL_Event& e) {
    if (e.type == SDL_TEXTINPUT) {
        scene_->OnText(ctx_, e.text.text);
    } else if (e.type == SDL_KEYDOWN) {
        const SDL_Keycode key = e.key.keysym.sym;
        if (key == SDLK_RETURN || key == SDLK_KP_ENTER) scene_->OnMenuMove(ctx_, MenuMove::Confirm);
        if (key == SDLK_ESCAPE) scene_->OnMenuMove(ctx_, MenuMove::Back);
        if (key == SDLK_BACKSPACE) scene_->OnMenuMove(ctx_, MenuMove::Erase);
    }
    AfterCall();
}

int Shell::Run() {
    if (opt_.headless) {
        // Before anything is printed: a signal sent once the load report is seen must find the handler.
        std::signal(SIGINT, RequestStop);
        std::signal(SIGTERM, RequestStop);
    } else if (EnvEmpty("DISPLAY") && EnvEmpty("WAYLAND_DISPLAY")) {
        std::fprintf(stderr, "%s", NO_DISPLAY);
        return 1;
    }
    // --frame-split: the first half second (first draws, ImGui's font atlas) is not counted.
    if (opt_.frameSplit && !opt_.headless) split_.emplace(game::TICK_HZ / 2), split_->NoteRss("start");
    if (const int rc = Prepare(); rc != 0) return rc;
    if (split_) split_->NoteRss("loaded");
    if (!opt_.headless && !StartVideo(false)) return 1;  // no display: its one line, before any sound
    StartAudio();
    SwitchScene(SceneSwitch{firstScene_, firstArgs_});
    AfterCall();
    return opt_.headless ? RunHeadless() : RunWindowed();
}

}  // namespace

}  // namespace app

namespace {

// --compare-dumps A B: both files through the one reader (files.h: a FIFO or /dev/zero is one
// line, never a hang), then the first field that differs.
int CompareDumps(const std::string (&paths)[2]) {
    std::string text[2];
    for (int i = 0; i < 2; ++i) {
        auto bytes = assets::ReadInputFile(paths[i], assets::limits::DUMP_BYTES, "a state dump");
        if (!bytes.Ok()) return std::fprintf(stderr, "%s\n", bytes.GetError().ToLine().c_str()), 1;
        text[i].assign(bytes.Value().begin(), bytes.Value().end());
    }
    const std::string diff = net::CompareDumps(text[0], text[1]);
    std::printf("%s\n", diff.empty() ? "the dumps are the same" : game::OneLine(diff).c_str());
    return diff.empty() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    std::string error;
    app::Request request = app::Request::Play;
    auto options = app::ParseOptions(argc, argv, error, request);
    if (request == app::Request::Help) {
        std::printf("%s", app::HelpText().c_str());
        return 0;
    }
    if (request == app::Request::Version) {
        std::printf("brawl %s\n", HOTMAP_VERSION);
        return 0;
    }
    if (!options) {
        std::fprintf(stderr, "brawl: %s\n%s", game::OneLine(error).c_str(), app::UsageText().c_str());
        return 2;
    }
    // The loaders turn out-of-memory into error lines; this is the last guard, so that nothing
    // ends the program with an uncaught exception.
    try {
        if (!options->compareDumps[0].empty()) return CompareDumps(options->compareDumps);
        app::Shell shell(*options);
        return shell.Run();
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "brawl: out of memory\n");
        return 1;
    }
}
