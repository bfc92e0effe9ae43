// brawl: the demo. SDL and ImGui live here; the fight is game::StepMatch on a fixed 60 Hz tick
// with an accumulator and a capped frame time, and drawing is kept apart from updating (HGE's
// FrameFunc and RenderFunc): Update() advances the state, Render() only reads it.
// Headless (--headless) runs the same ticks with SDL's dummy video driver, as fast as it can.
#include "app/controls.h"
#include "app/options.h"
#include "app/roster.h"
#include "app/screens.h"
#include "debug/overlay.h"
#include "game/bumper.h"
#include "render/render.h"

#include <SDL.h>
#include <SDL_image.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

namespace app {

namespace {

constexpr int WINDOW_W = 1280, WINDOW_H = 720;
constexpr double TICK_SECONDS = 1.0 / game::TICK_HZ;
constexpr double MAX_FRAME_SECONDS = 0.25;         // after a stall, catch up at most this much
constexpr std::int64_t REMATCH_AFTER_TICKS = 240;  // headless: how long a finished match stays

std::uint64_t NowNanos() {
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count());
}

std::string Hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

// The project folder: --assets, else the current folder if it holds assets/, else the source tree.
std::string ProjectRoot(const Options& o) {
    if (!o.assetsRoot.empty()) return o.assetsRoot;
    std::error_code ec;
    if (std::filesystem::is_directory("assets", ec) && std::filesystem::is_directory("hotmaps", ec)) return ".";
    return HOTMAP_SOURCE_DIR;
}

/// Unset and set-to-nothing mean the same to a person: no display.
bool EnvEmpty(const char* name) {
    const char* value = std::getenv(name);
    return value == nullptr || *value == '\0';
}

constexpr const char* NO_DISPLAY =
    "brawl: no display; run it with --headless --frames N (add --screenshot shot.png to see a frame), or under "
    "xvfb-run -a\n";

// SIGINT or SIGTERM during a headless run: the run stops after the tick in progress and reports
// as if its frames had run out (a person's Ctrl-C, a test that has seen what it waited for). The
// one global of the program: a signal handler can reach nothing else.
volatile std::sig_atomic_t stopSignal = 0;
extern "C" void RequestStop(int signalNumber) {
    stopSignal = signalNumber;
}

int FailLine(const std::string& line) {
    std::fprintf(stderr, "%s\n", line.c_str());
    return 1;
}

// One match in progress: the definitions it plays with, its state, its last debug record and the
// inputs it has seen (for --record).
struct Match {
    game::MatchDefs defs;
    std::array<int, 2> fighter{0, 1};
    game::MatchState state;
    game::DebugRecord debug;
    game::EventList events;            ///< the last tick's
    game::MatchConfig config;          ///< as the match started (a replay's config)
    std::vector<game::Inputs> inputs;  ///< every tick's inputs, while recording
    std::int64_t replayTick = 0;       ///< --replay: the next replay tick to play
};

class App {
public:
    explicit App(Options options) : opt_(std::move(options)) {}
    ~App() { Shutdown(); }
    int Run();

private:
    int RunWindowed();
    int RunHeadless();
    int RunBumperHeadless();
    void StartBumper();
    void TickBumper();
    bool StartVideo(bool headless);
    void Shutdown();
    int LoadRoster();
    int LoadReplay();
    game::Inputs NextInputs();
    bool SaveRecording();
    void EndRecording(const char* why);
    std::optional<std::string> SetupFromOptions(MatchSetup& setup, const std::optional<game::Replay>& replay);
    void StartMatch(const MatchSetup& setup);
    void Tick(const game::Inputs& inputs);
    void PollReload();
    void HandleDebugKey(SDL_Keycode key);
    void HandleMenus();
    void Render(bool present);
    debug::ScreenMap Letterbox() const;
    bool SaveScreenshot(const std::string& path);
    void PrintSummary(std::int64_t frames, const std::optional<bool>& replayOk) const;

    Options opt_;
    std::unique_ptr<Roster> roster_;
    SDL_Window* window_ = nullptr;
    SDL_Renderer* renderer_ = nullptr;
    bool imgui_ = false;
    bool vsync_ = false;  ///< presenting waits for the display (else the loop sleeps between ticks)
    render::TexturePtr target_, stage_;
    Controls controls_;
    debug::Overlay overlay_;
    MatchSetup setup_;
    TitleMenu title_;
    PauseMenu pause_;
    enum class Screen { Title, Fight, Paused } screen_ = Screen::Title;
    bool help_ = false;
    bool running_ = true;
    Match match_;
    int menuAnimTick_ = 0;
    std::uint64_t lastReloadNanos_ = 0;
    int reloads_ = 0, reloadErrors_ = 0;
    int matchesDone_ = 0;                 ///< headless: finished matches before the current one
    std::optional<game::Replay> replay_;  ///< --replay: the inputs both sides play
    bool recordingDone_ = false;          ///< --record: this match's file is written; no more ticks go in
    bool replayOverSaid_ = false;
    // The bumper scene (--scene bumper): its own state, scratch buffers, art and overlay.
    bool bumper_ = false;
    game::BumperShapes bumperShapes_;
    game::BumperState bumperState_;
    game::BumperScratch bumperScratch_;
    game::BumperStats bumperStats_;
    render::BumperArt bumperArt_;
    debug::BumperOverlay bumperOverlay_;
    float bumperScale_ = 1.0f;
};

void App::StartBumper() {
    bumper_ = true;
    bumperShapes_ = game::MakeBumperShapes();
    bumperState_ = game::NewBumper(bumperShapes_, opt_.count, opt_.seed.value_or(1));
}

void App::TickBumper() {
    game::StepBumper(bumperShapes_, bumperState_, bumperScratch_, &bumperStats_, NowNanos);
}

int App::RunBumperHeadless() {
    StartBumper();
    overlay_.visible = opt_.overlay;
    const std::int64_t frames = opt_.frames.value_or(0);
    for (std::int64_t t = 0; t < frames; ++t) TickBumper();
    if (!opt_.screenshotPath.empty()) {
        if (!StartVideo(true)) return 1;
        // Two frames: ImGui lays windows out and scrolls the log on the first, so the second is
        // what a person watching would see.
        Render(false);
        Render(false);
        if (!SaveScreenshot(opt_.screenshotPath))
            return FailLine("error: " + opt_.screenshotPath + ": cannot write the screenshot: " + SDL_GetError());
    }
    std::printf(
        "{\"scene\": \"bumper\", \"frames\": %lld, \"count\": %d, \"contacts\": %lld, \"hash\": \"%s\", \"world\": "
        "[%d, %d]}\n",
        static_cast<long long>(frames), opt_.count, static_cast<long long>(bumperState_.totalContacts),
        Hex(game::HashBumper(bumperState_)).c_str(), bumperState_.worldWidthPx, bumperState_.worldHeightPx);
    return 0;
}

int App::LoadRoster() {
    const std::string root = ProjectRoot(opt_);
    // The folder given names the error when it is not a project at all, as `hotmap lint` does.
    std::error_code ec;
    if (!std::filesystem::is_directory(root, ec)) return FailLine("error: " + root + ": no such folder");
    if (!std::filesystem::exists(root + "/assets", ec)) {
        return FailLine("error: " + root + ": not a project folder (no assets/ inside)");
    }
    auto roster = Roster::Load(assets::AssetRoots::Under(root));
    if (!roster.Ok()) return FailLine(roster.GetError().ToLine());
    roster_ = std::move(roster).Value();
    std::fprintf(stderr, "loaded %zu fighters (%d frames, %zu KiB of masks) in %.1f ms\n", roster_->Size(),
                 roster_->FrameCount(), roster_->MaskBytes() / 1024, roster_->LoadMilliseconds());
    return 0;
}

bool App::StartVideo(bool headless) {
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
    window_ = SDL_CreateWindow("Hotmap Brawl", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, WINDOW_W, WINDOW_H,
                               headless ? SDL_WINDOW_HIDDEN : (SDL_WINDOW_SHOWN | SDL_WINDOW_RESIZABLE));
    if (window_ == nullptr) {
        std::fprintf(stderr, "brawl: cannot open a window: %s\n", SDL_GetError());
        return false;
    }
    // The dummy driver has only the software renderer, which is also pixel-exact for screenshots.
    renderer_ = SDL_CreateRenderer(window_, -1, headless ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_PRESENTVSYNC);
    if (renderer_ == nullptr) renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_SOFTWARE);
    SDL_RendererInfo info{};
    vsync_ = renderer_ != nullptr && SDL_GetRendererInfo(renderer_, &info) == 0 &&
             (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
    if (renderer_ == nullptr) {
        std::fprintf(stderr, "brawl: cannot create a renderer: %s\n", SDL_GetError());
        return false;
    }
    target_.reset(SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_TARGET, game::STAGE_WIDTH_PX,
                                    game::STAGE_HEIGHT_PX));
    SDL_SetTextureScaleMode(target_.get(), SDL_ScaleModeNearest);
    stage_ = render::MakeStageTexture(renderer_);
    if (roster_) roster_->MakeArt(renderer_);
    if (bumper_) bumperArt_ = render::MakeBumperArt(renderer_, bumperShapes_);
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini written next to the player's files
    ImGui::StyleColorsDark();
    ImGui_ImplSDL2_InitForSDLRenderer(window_);
    ImGui_ImplSDLRenderer_Init(renderer_);
    imgui_ = true;
    return true;
}

void App::Shutdown() {
    if (imgui_) {
        ImGui_ImplSDLRenderer_Shutdown();
        ImGui_ImplSDL2_Shutdown();
        ImGui::DestroyContext();
        imgui_ = false;
    }
    target_.reset();
    stage_.reset();
    bumperArt_ = {};
    if (roster_) {
        for (std::size_t i = 0; i < roster_->Size(); ++i) roster_->At(i).art = {};
    }
    if (renderer_ != nullptr) SDL_DestroyRenderer(renderer_), renderer_ = nullptr;
    if (window_ != nullptr) SDL_DestroyWindow(window_), window_ = nullptr;
    SDL_Quit();
}

std::optional<std::string> App::SetupFromOptions(MatchSetup& setup, const std::optional<game::Replay>& replay) {
    setup.fighter = {0, roster_->Size() > 1 ? 1 : 0};
    std::array<std::optional<std::string>, 2> ids{opt_.p1Fighter, opt_.p2Fighter};
    if (replay) ids = {replay->fighterIds[0], replay->fighterIds[1]};
    for (int i = 0; i < 2; ++i) {
        if (!ids[static_cast<std::size_t>(i)]) continue;
        const int found = roster_->Find(*ids[static_cast<std::size_t>(i)]);
        if (found < 0) {
            std::string have;
            for (std::size_t k = 0; k < roster_->Size(); ++k) have += (k ? ", " : "") + roster_->At(k).loaded.def.id;
            return "no fighter named '" + *ids[static_cast<std::size_t>(i)] + "' (there are: " + have + ")";
        }
        setup.fighter[static_cast<std::size_t>(i)] = found;
    }
    if (opt_.p1) setup.controllers[0] = *opt_.p1;
    if (opt_.p2) setup.controllers[1] = *opt_.p2;
    if (opt_.level) setup.cpuLevel = *opt_.level;
    return std::nullopt;
}

void App::StartMatch(const MatchSetup& setup) {
    SaveRecording();  // a windowed rematch: the file keeps the match just played until the next one ends
    recordingDone_ = false;
    replayOverSaid_ = false;
    match_ = Match{};
    match_.fighter = setup.fighter;
    for (int i = 0; i < 2; ++i) {
        match_.defs.fighters[static_cast<std::size_t>(i)] =
            &roster_->At(static_cast<std::size_t>(setup.fighter[static_cast<std::size_t>(i)])).loaded.def;
    }
    game::MatchConfig config;
    config.controllers = setup.controllers;
    config.cpuLevel = setup.cpuLevel;
    config.seed = opt_.seed.value_or(static_cast<std::uint64_t>(opt_.headless ? 1 : NowNanos()));
    if (opt_.detection) config.detection = *opt_.detection;
    if (replay_) config = replay_->config;  // the recorded match exactly: controllers, level, seed, detection, inset
    match_.config = config;
    match_.state = game::NewMatch(match_.defs, config);
    overlay_.held.clear();
    overlay_.log.clear();
    screen_ = Screen::Fight;
}

void App::Tick(const game::Inputs& inputs) {
    game::StepMatch(match_.defs, match_.state, inputs, game::StepHooks{&match_.debug, NowNanos, &match_.events});
    if (!opt_.recordPath.empty() && !recordingDone_) match_.inputs.push_back(inputs);
    debug::Observe(overlay_, match_.debug, match_.events.View(), match_.defs);
}

int App::LoadReplay() {
    if (opt_.replayPath.empty()) return 0;
    auto bytes = assets::ReadFileBytes(opt_.replayPath);
    if (!bytes.Ok()) return FailLine(bytes.GetError().ToLine());
    std::string error;
    replay_ = game::ParseReplay(std::string(bytes.Value().begin(), bytes.Value().end()), error);
    if (!replay_) return FailLine("error: " + opt_.replayPath + ": " + error);
    return 0;
}

// The next tick's inputs from the replay (neutral once it has run out).
game::Inputs App::NextInputs() {
    const auto t = static_cast<std::size_t>(match_.replayTick++);
    return t < replay_->inputs.size() ? replay_->inputs[t] : game::Inputs{};
}

// Writes this match's replay: the fighters, the config it started with, every tick's inputs and
// the hash they end in. Once per match (later calls do nothing until the next match starts).
bool App::SaveRecording() {
    if (opt_.recordPath.empty() || recordingDone_ || match_.inputs.empty() || match_.defs.fighters[0] == nullptr)
        return true;
    recordingDone_ = true;
    game::Replay out;
    out.fighterIds = {match_.defs.fighters[0]->id, match_.defs.fighters[1]->id};
    out.config = match_.config;
    out.inputs = match_.inputs;
    out.finalHash = game::HashState(match_.state);
    std::ofstream file(opt_.recordPath);
    file << game::FormatReplay(out);
    if (!file) {
        FailLine("error: " + opt_.recordPath + ": cannot write the replay");
        return false;
    }
    if (!opt_.headless)
        std::fprintf(stderr, "brawl: recorded %zu ticks to %s\n", out.inputs.size(), opt_.recordPath.c_str());
    return true;
}

// A replay holds inputs only: a reset, a detection switch or a reload would not replay, so the
// recording ends (and is written) just before one.
void App::EndRecording(const char* why) {
    if (opt_.recordPath.empty() || recordingDone_ || match_.inputs.empty()) return;
    std::fprintf(stderr, "brawl: the recording ends at tick %zu: %s, which a replay cannot repeat\n",
                 match_.inputs.size(), why);
    SaveRecording();
}

void App::PollReload() {
    if (opt_.reloadMs == 0 || !roster_) return;
    const std::uint64_t now = NowNanos();
    if (now - lastReloadNanos_ < static_cast<std::uint64_t>(opt_.reloadMs) * 1'000'000ull) return;
    lastReloadNanos_ = now;
    for (const ReloadNews& n : roster_->Reload(renderer_)) {
        std::fprintf(stderr, "%s\n", n.line.c_str());
        overlay_.reloadMessages.push_back(n.line);
        if (overlay_.reloadMessages.size() > 6) overlay_.reloadMessages.erase(overlay_.reloadMessages.begin());
        n.ok ? ++reloads_ : ++reloadErrors_;
        // Conform wherever a match exists, the title screen included: headless --title ticks the
        // match behind the title, and a state left pointing at a removed move reads past the end
        // of the new definition's moves on the next tick.
        if (n.ok && match_.defs.fighters[0] != nullptr) {
            if (screen_ != Screen::Title) EndRecording("a fighter was reloaded");
            game::ConformToDefs(match_.defs, match_.state);
        }
    }
}

void App::HandleDebugKey(SDL_Keycode key) {
    switch (key) {
        case SDLK_F1:
            overlay_.visible = !overlay_.visible;
            break;
        case SDLK_F2:
            overlay_.paused = !overlay_.paused;
            break;
        case SDLK_F3:
            overlay_.paused = true, overlay_.stepRequested = true;
            break;
        case SDLK_F4:
            overlay_.slowFactor = overlay_.slowFactor == 1 ? 2 : overlay_.slowFactor == 2 ? 4 : 1;
            break;
        case SDLK_F5:
            overlay_.resetRequested = true;
            break;
        case SDLK_F6:
            overlay_.view = overlay_.view == render::ViewMode::Sprites   ? render::ViewMode::Hotmaps
                            : overlay_.view == render::ViewMode::Hotmaps ? render::ViewMode::Both
                                                                         : render::ViewMode::Sprites;
            break;
        case SDLK_F7: {
            const auto m = match_.state.config.detection;
            overlay_.detectionRequest = m == game::DetectionMode::PerPixel    ? game::DetectionMode::BoxesOnly
                                        : m == game::DetectionMode::BoxesOnly ? game::DetectionMode::BoxesInset
                                                                              : game::DetectionMode::PerPixel;
            break;
        }
        default:
            break;
    }
}

void App::HandleMenus() {
    for (MenuMove move : controls_.TakeMenuMoves()) {
        if (help_) {  // any key closes the controls panel
            help_ = false;
            continue;
        }
        // A pad's B backs out of the pause menu; in a fight it kicks, so it never pauses one, and
        // on the title it never quits the game.
        if (move == MenuMove::Cancel) {
            if (screen_ != Screen::Paused) continue;
            move = MenuMove::Back;
        }
        if (screen_ == Screen::Title) {
            switch (title_.Apply(move, setup_, static_cast<int>(roster_->Size()))) {
                case TitleResult::Start:
                    StartMatch(setup_);
                    break;
                case TitleResult::Quit:
                    running_ = false;
                    break;
                case TitleResult::Help:
                    help_ = true;
                    break;
                case TitleResult::Stay:
                    break;
            }
        } else if (screen_ == Screen::Paused) {
            switch (pause_.Apply(move)) {
                case PauseResult::Resume:
                    screen_ = Screen::Fight;
                    break;
                case PauseResult::Restart:
                    StartMatch(setup_);
                    break;
                case PauseResult::Help:
                    help_ = true;
                    break;
                case PauseResult::QuitToTitle:
                    screen_ = Screen::Title;
                    break;
                case PauseResult::Stay:
                    break;
            }
        } else if (match_.state.phase == game::Phase::MatchOver && move == MenuMove::Confirm) {
            StartMatch(setup_);  // a rematch
        } else if (move == MenuMove::Back) {
            screen_ = match_.state.phase == game::Phase::MatchOver ? Screen::Title : Screen::Paused;
            pause_.cursor = 0;
        } else if (move == MenuMove::Help) {
            help_ = true;
        }
    }
}

debug::ScreenMap App::Letterbox() const {
    int w = WINDOW_W, h = WINDOW_H;
    SDL_GetRendererOutputSize(renderer_, &w, &h);
    float scale = std::min(static_cast<float>(w) / game::STAGE_WIDTH_PX, static_cast<float>(h) / game::STAGE_HEIGHT_PX);
    if (scale >= 1.0f) scale = std::floor(scale);  // whole-number scales keep pixel art crisp
    debug::ScreenMap m;
    m.scale = scale;
    m.offsetX = std::floor((w - game::STAGE_WIDTH_PX * scale) / 2);
    m.offsetY = std::floor((h - game::STAGE_HEIGHT_PX * scale) / 2);
    return m;
}

void App::Render(bool present) {
    // The game picture, in logical pixels, into the target texture.
    SDL_SetRenderTarget(renderer_, target_.get());
    SDL_SetRenderDrawColor(renderer_, 0, 0, 0, 255);
    SDL_RenderClear(renderer_);
    SDL_RenderCopy(renderer_, stage_.get(), nullptr, nullptr);
    if (bumper_) {
        bumperScale_ = render::DrawBumper(renderer_, bumperArt_, bumperShapes_, bumperState_);
    } else if (screen_ == Screen::Title) {
        DrawTitle(renderer_, title_, setup_, *roster_, menuAnimTick_);
    } else {
        std::array<const render::FighterArt*, 2> art{};
        for (int i = 0; i < 2; ++i)
            art[static_cast<std::size_t>(i)] =
                &roster_->At(static_cast<std::size_t>(match_.fighter[static_cast<std::size_t>(i)])).art;
        render::DrawMatch(renderer_, match_.defs, art, match_.state, overlay_.view);
        render::DrawHud(renderer_, match_.defs, match_.state);
        if (screen_ == Screen::Paused) DrawPause(renderer_, pause_);
    }
    if (help_) DrawHelp(renderer_);
    // The window: the picture letterboxed, then the overlay at the window's own resolution.
    SDL_SetRenderTarget(renderer_, nullptr);
    SDL_SetRenderDrawColor(renderer_, 0, 0, 0, 255);
    SDL_RenderClear(renderer_);
    const debug::ScreenMap map = Letterbox();
    const SDL_FRect dst{map.offsetX, map.offsetY, game::STAGE_WIDTH_PX * map.scale, game::STAGE_HEIGHT_PX * map.scale};
    SDL_RenderCopyF(renderer_, target_.get(), nullptr, &dst);
    ImGui_ImplSDLRenderer_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    if (bumper_) {
        debug::ScreenMap world = map;
        world.scale *= bumperScale_;
        debug::DrawBumper(overlay_, bumperOverlay_, world, bumperState_, bumperStats_, bumperScratch_);
    } else if (screen_ != Screen::Title) {
        debug::Draw(overlay_, map, match_.defs, match_.state);
    }
    ImGui::Render();
    ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
    if (present) SDL_RenderPresent(renderer_);
}

bool App::SaveScreenshot(const std::string& path) {
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(renderer_, &w, &h);
    SDL_Surface* shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
    if (shot == nullptr) return false;
    // Read back before SDL_RenderPresent: after it the back buffer's contents are undefined.
    const bool ok = SDL_RenderReadPixels(renderer_, nullptr, SDL_PIXELFORMAT_RGBA32, shot->pixels, shot->pitch) == 0 &&
                    IMG_SavePNG(shot, path.c_str()) == 0;
    SDL_FreeSurface(shot);
    return ok;
}

void App::PrintSummary(std::int64_t frames, const std::optional<bool>& replayOk) const {
    const game::MatchState& s = match_.state;
    const char* winner = s.matchWinner == 0   ? "\"p1\""
                         : s.matchWinner == 1 ? "\"p2\""
                         : s.matchWinner == 2 ? "\"draw\""
                                              : "null";
    std::uint64_t assetsHash = 0xCBF29CE484222325ull;
    for (std::size_t i = 0; i < roster_->Size(); ++i)
        assetsHash = (assetsHash ^ game::HashFighterDef(roster_->At(i).loaded.def)) * 0x100000001B3ull;
    std::printf(
        "{\"frames\": %lld, \"hash\": \"%s\", \"health\": [%d, %d], \"hits\": [%d, %d], \"winner\": %s, \"round\": %d, "
        "\"rounds_won\": [%d, %d], \"matches\": %d, \"assets_hash\": \"%s\", \"reloads\": %d, \"reload_errors\": "
        "%d%s}\n",
        static_cast<long long>(frames), Hex(game::HashState(s)).c_str(), s.fighters[0].health, s.fighters[1].health,
        s.stats.hits[0], s.stats.hits[1], winner, s.round, s.fighters[0].roundsWon, s.fighters[1].roundsWon,
        matchesDone_ + 1, Hex(assetsHash).c_str(), reloads_, reloadErrors_,
        replayOk ? (*replayOk ? ", \"replay_hash_matches\": true" : ", \"replay_hash_matches\": false") : "");
}

int App::RunHeadless() {
    // Before anything is printed: a signal sent once the load report is seen must find the handler.
    std::signal(SIGINT, RequestStop);
    std::signal(SIGTERM, RequestStop);
    if (const int rc = LoadReplay(); rc != 0) return rc;
    if (const int rc = LoadRoster(); rc != 0) return rc;
    if (auto bad = SetupFromOptions(setup_, replay_)) {
        std::fprintf(stderr, "brawl: %s\n%s", bad->c_str(), USAGE);
        return 2;
    }
    StartMatch(setup_);
    overlay_.visible = opt_.overlay;
    overlay_.view = opt_.view == "hotmaps" ? render::ViewMode::Hotmaps
                    : opt_.view == "both"  ? render::ViewMode::Both
                                           : render::ViewMode::Sprites;
    if (opt_.title) screen_ = Screen::Title;
    const std::int64_t frames = opt_.frames.value_or(replay_ ? static_cast<std::int64_t>(replay_->inputs.size()) : 0);
    const auto started = std::chrono::steady_clock::now();
    // Without a replay to follow or record, a finished match is followed by the next (as an attract
    // mode would), each with the next seed: a long run keeps fighting.
    const bool rematch = !replay_ && opt_.recordPath.empty();
    const std::uint64_t firstSeed = match_.state.config.seed;
    std::int64_t overTicks = 0;
    std::int64_t ticksRun = 0;
    for (std::int64_t t = 0; t < frames && stopSignal == 0; ++t, ++ticksRun) {
        Tick(replay_ ? NextInputs() : game::Inputs{});
        overTicks = match_.state.phase == game::Phase::MatchOver ? overTicks + 1 : 0;
        if (rematch && overTicks >= REMATCH_AFTER_TICKS) {
            opt_.seed = firstSeed + static_cast<std::uint64_t>(++matchesDone_);
            StartMatch(setup_);
            overTicks = 0;
        }
        if (opt_.realtime) {
            std::this_thread::sleep_until(
                started + std::chrono::microseconds(static_cast<std::int64_t>((t + 1) * 1e6 / game::TICK_HZ)));
        }
        PollReload();
    }
    if (stopSignal != 0) {
        std::fprintf(stderr, "brawl: stopped by %s after %lld ticks\n", stopSignal == SIGINT ? "SIGINT" : "SIGTERM",
                     static_cast<long long>(ticksRun));
    }
    std::optional<bool> replayOk;
    if (replay_ && replay_->finalHash && ticksRun == static_cast<std::int64_t>(replay_->inputs.size())) {
        replayOk = game::HashState(match_.state) == *replay_->finalHash;
    }
    if (!SaveRecording()) return 1;
    if (!opt_.screenshotPath.empty()) {
        if (!StartVideo(true)) return 1;
        // Two frames: ImGui lays windows out and scrolls the log on the first, so the second is
        // what a person watching would see.
        Render(false);
        Render(false);
        if (!SaveScreenshot(opt_.screenshotPath))
            return FailLine("error: " + opt_.screenshotPath + ": cannot write the screenshot: " + SDL_GetError());
    }
    PrintSummary(ticksRun, replayOk);
    if (replayOk == false) {
        // The same inputs ended elsewhere: other fighters' files, or the rules changed since.
        return FailLine("error: " + opt_.replayPath + ": the replay ends in hash " +
                        Hex(game::HashState(match_.state)) + ", not the recorded " + Hex(*replay_->finalHash) +
                        " (its fighters' files or the game changed since it was recorded)");
    }
    return 0;
}

int App::RunWindowed() {
    if (EnvEmpty("DISPLAY") && EnvEmpty("WAYLAND_DISPLAY")) {
        std::fprintf(stderr, "%s", NO_DISPLAY);
        return 1;
    }
    if (opt_.scene == "bumper") {
        StartBumper();
    } else {
        if (const int rc = LoadReplay(); rc != 0) return rc;
        if (const int rc = LoadRoster(); rc != 0) return rc;
        if (auto bad = SetupFromOptions(setup_, replay_)) {
            std::fprintf(stderr, "brawl: %s\n%s", bad->c_str(), USAGE);
            return 2;
        }
    }
    if (!StartVideo(false)) return 1;
    overlay_.visible = opt_.overlay;
    overlay_.view = opt_.view == "hotmaps" ? render::ViewMode::Hotmaps
                    : opt_.view == "both"  ? render::ViewMode::Both
                                           : render::ViewMode::Sprites;
    // Scripted runs and replays skip the title.
    if (!bumper_ && (opt_.frames || !opt_.screenshotPath.empty() || replay_)) StartMatch(setup_);
    std::uint64_t last = NowNanos();
    double accumulator = 0.0, fpsTime = 0.0;
    int fpsFrames = 0;
    std::int64_t ticksRun = 0;
    while (running_) {
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            ImGui_ImplSDL2_ProcessEvent(&e);
            controls_.HandleEvent(e);
            if (e.type == SDL_QUIT) running_ = false;
            if (e.type == SDL_KEYDOWN && !e.key.repeat) HandleDebugKey(e.key.keysym.sym);
            if (e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT && overlay_.visible &&
                !ImGui::GetIO().WantCaptureMouse && screen_ != Screen::Title) {
                const collide::Point w =
                    Letterbox().ToWorld(static_cast<float>(e.button.x), static_cast<float>(e.button.y));
                overlay_.selected = game::PickFighter(match_.defs, match_.state, w.x, w.y);  // air picks nobody
            }
        }
        if (bumper_) {
            for (const MenuMove move : controls_.TakeMenuMoves()) {
                if (move == MenuMove::Back) overlay_.paused = !overlay_.paused;
            }
        } else {
            HandleMenus();
        }
        if (overlay_.resetRequested && screen_ != Screen::Title) {
            EndRecording("the round was reset");
            game::RestartRound(match_.defs, match_.state);
        }
        if (overlay_.detectionRequest && screen_ != Screen::Title) {
            EndRecording("the detection mode changed");
            match_.state.config.detection = *overlay_.detectionRequest;
        }
        overlay_.resetRequested = false;
        overlay_.detectionRequest.reset();

        const std::uint64_t now = NowNanos();
        const double frameSeconds = std::min((now - last) / 1e9, MAX_FRAME_SECONDS);
        last = now;
        fpsTime += frameSeconds, ++fpsFrames;
        if (fpsTime >= 0.5) overlay_.framesPerSecond = fpsFrames / fpsTime, fpsTime = 0, fpsFrames = 0;
        ++menuAnimTick_;
        const bool live = (bumper_ || screen_ == Screen::Fight) && !help_;
        const auto tick = [&] {
            if (bumper_) {
                TickBumper();
            } else if (replay_) {
                Tick(NextInputs());
                if (match_.replayTick == static_cast<std::int64_t>(replay_->inputs.size()) && !replayOverSaid_) {
                    replayOverSaid_ = true;
                    overlay_.paused = true;  // the last recorded tick stays on screen (F2 goes on)
                    const bool same = replay_->finalHash && game::HashState(match_.state) == *replay_->finalHash;
                    std::fprintf(stderr, "brawl: the replay is over (%lld ticks)%s\n",
                                 static_cast<long long>(match_.replayTick),
                                 !replay_->finalHash ? ""
                                 : same              ? ": the final hash matches the recording"
                                                     : ": the final hash differs from the recording");
                }
            } else {
                Tick({controls_.Read(0), controls_.Read(1)});
            }
            ++ticksRun;
        };
        if (live && !overlay_.paused) {
            accumulator += frameSeconds / overlay_.slowFactor;
            while (accumulator >= TICK_SECONDS) {
                tick();
                accumulator -= TICK_SECONDS;
            }
        } else {
            accumulator = 0.0;
            if (live && overlay_.stepRequested) tick();
        }
        overlay_.stepRequested = false;
        PollReload();
        const bool shoot = !opt_.screenshotPath.empty() && ticksRun >= opt_.frames.value_or(0);
        const bool enough = opt_.frames && ticksRun >= *opt_.frames;  // --frames N: a scripted run ends
        Render(!shoot);
        if (shoot) {
            if (!SaveScreenshot(opt_.screenshotPath))
                return FailLine("error: " + opt_.screenshotPath + ": cannot write the screenshot");
        }
        if (shoot || enough) running_ = false;
        if (!vsync_ && running_) {
            // No vsync to pace the loop (a software renderer): sleep until the next tick is due
            // instead of spinning a core.
            const double waitSeconds = live && !overlay_.paused ? TICK_SECONDS - accumulator : TICK_SECONDS;
            SDL_Delay(static_cast<Uint32>(std::clamp(waitSeconds * 1000.0, 1.0, 1000.0 * TICK_SECONDS)));
        }
    }
    return SaveRecording() ? 0 : 1;
}

int App::Run() {
    if (opt_.headless) return opt_.scene == "bumper" ? RunBumperHeadless() : RunHeadless();
    return RunWindowed();
}

}  // namespace

}  // namespace app

int main(int argc, char** argv) {
    std::string error;
    bool help = false;
    auto options = app::ParseOptions(argc, argv, error, help);
    if (help) {
        std::printf("%s", app::USAGE);
        std::printf(
            "\nHotmap Brawl: a two-fighter demo where every hit is decided pixel by pixel.\n"
            "  --headless          no window: SDL's dummy video driver, as fast as it can; prints one JSON line\n"
            "  --frames N          ticks to run (60 a second); windowed, the match starts at once\n"
            "  --p1, --p2          human or cpu (default: P1 human, P2 cpu)\n"
            "  --level 1-3         the CPU's difficulty (default 2)\n"
            "  --seed S            the match's seed (the CPU's choices)\n"
            "  --p1-fighter NAME   P1's fighter, a folder under assets/ (default: the first two)\n"
            "  --p2-fighter NAME   P2's fighter\n"
            "  --record FILE       write the match's inputs as a replay (windowed: the last match played,\n"
            "                      ended early by a round reset, a detection switch or a reload)\n"
            "  --replay FILE       play a replay's inputs, both sides; headless, exit 1 if the final hash\n"
            "                      differs from the recorded one; windowed, it pauses at the end\n"
            "  --overlay           start with the debug overlay (F1) on\n"
            "  --screenshot OUT    write the last frame to OUT.png (with the overlay if --overlay)\n"
            "  --detection MODE    per-pixel (default), boxes or boxes-inset\n"
            "  --assets DIR        the project folder holding assets/ and hotmaps/\n"
            "  --realtime          headless at 60 ticks a second (to test hot reload); SIGINT or SIGTERM\n"
            "                      ends a headless run early, with its JSON line\n"
            "  --reload-ms N       check asset files for changes every N ms (default 250, 0 never)\n"
            "  --scene bumper      the bumper scene instead of the fight: --count N sprites bounce in a box\n"
            "  --view MODE         draw sprites (default), hotmaps (what collides) or both\n"
            "  --title             headless: the screenshot shows the title screen\n"
            "\nControls: P1 WASD + J K L, P2 arrows + keypad 1 2 3, gamepads; Esc pauses, H shows them all.\n"
            "Debug: F1 overlay, F2 pause, F3 step, F4 slow motion, F5 reset round, F6 view, F7 detection.\n");
        return 0;
    }
    if (!options) {
        std::fprintf(stderr, "brawl: %s\n%s", error.c_str(), app::USAGE);
        return 2;
    }
    app::App application(*options);
    return application.Run();
}
