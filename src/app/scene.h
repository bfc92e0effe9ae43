// Scenes: what the shell (brawl.cpp) runs, one at a time: the title and its menus, a fight, the
// bumper scene (and training and online play next). Box2D's samples are the model: each scene is a
// class behind this one small interface, made from the scene table by name; the shell owns the
// window, the devices and the clock, the scene owns its state. A scene sees only SceneContext, never
// the shell, and never knows whether it runs headless or in a window: the same calls drive both.
// Scenes never include one another (the layering test checks it); they hand over through the
// shell with a SceneSwitch.
#pragma once

#include "app/controls.h"
#include "app/options.h"
#include "app/roster.h"
#include "app/settings.h"
#include "app/stages.h"
#include "audio/audio.h"
#include "debug/commands.h"
#include "debug/overlay.h"
#include "game/game.h"

#include <SDL.h>

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace app {

/// The choices a match starts from: who plays each side, with which fighter, how hard the CPU.
struct MatchSetup {
    std::array<game::Controller, 2> controllers{game::Controller::Human, game::Controller::Cpu};
    std::array<int, 2> fighter{0, 1};  ///< roster indices
    int cpuLevel = 2;
    std::uint64_t seed = 1;  ///< the first match's; each next match of the scene takes the next seed
    std::string stage = assets::DEFAULT_STAGE_ID;  ///< a stage id of the StageSet (stages.h)
};

/// The port the title's HOST ONLINE listens on, and JOIN connects to when none is typed.
inline constexpr std::uint16_t DEFAULT_ONLINE_PORT = 7000;

/// An online session's side of the connection (the title's Host and Join, --host, --join).
struct OnlineArgs {
    bool host = true;        ///< host (P1, listens) or join (P2, connects)
    std::string address;     ///< join: the host's name or address
    std::uint16_t port = 0;  ///< host: 0 lets the system pick one; join: the host's
};

/// What a scene starts from.
struct SceneArgs {
    std::optional<OnlineArgs> online;  ///< the online scene's connection
    MatchSetup setup;
    std::shared_ptr<const game::Replay> replay;  ///< --replay: both sides' inputs, and the match's config
    /// A finished match is followed by the next after this many ticks (each with the next seed), as
    /// an attract mode would; 0: it waits for the player. The shell's choice (a headless run).
    std::int32_t rematchAfterTicks = 0;
    /// Why the last scene ended, for the title to show on one line (an online match whose opponent
    /// left); empty for nothing to say.
    std::string notice;
};

/// A scene's request to hand the screen to another.
struct SceneSwitch {
    std::string scene;
    SceneArgs args;
};

/// The shell's time, as scenes may read it.
struct Clock {
    std::int64_t ticks = 0;        ///< fixed ticks run since the program started
    double framesPerSecond = 0.0;  ///< measured on screen; 0 before a measurement and headless
    int reloads = 0, reloadErrors = 0;
};

/// What a finished headless run prints, and its exit status.
struct RunReport {
    std::string json;  ///< one line, no newline
    int exitCode = 0;
    std::string errorLine;  ///< printed to stderr after the JSON when not empty
};

/// The shell's sound, for scenes: null in SceneContext when the game runs silent (no device).
struct SceneAudio {
    audio::Sink* sink = nullptr;
    const audio::SoundBank* bank = nullptr;
    /// A menu's own sound (menu move, choose).
    void Ui(audio::Sfx sfx) const { sink->Play(bank->Shared(sfx), 0.0f, 1.0f, audio::Priority::Menu); }
    /// Loops a track (the same one again goes on where it is).
    void Music(audio::Track track) const { sink->PlayMusic(bank->Music(track)); }
    /// Loops a sound of the bank as the music (a stage's loop); NO_SOUND: nothing changes.
    void Music(audio::SoundId music) const {
        if (music != audio::NO_SOUND) sink->PlayMusic(music);
    }
};

/// A menu's sound for a move it took: a move for the arrows, choose for Enter.
inline void MenuSound(const SceneAudio* a, MenuMove move) {
    if (a == nullptr) return;
    if (move == MenuMove::Up || move == MenuMove::Down || move == MenuMove::Left || move == MenuMove::Right)
        a->Ui(audio::Sfx::MenuMove);
    if (move == MenuMove::Confirm) a->Ui(audio::Sfx::MenuChoose);
}

/// Everything a scene may see and ask for during one call.
struct SceneContext {
    SDL_Renderer* renderer = nullptr;  ///< null while nothing is drawn (headless, before a screenshot)
    Roster* roster = nullptr;          ///< the project's fighters; null for scenes that need none
    const StageSet* stages = nullptr;  ///< the project's stages; null when the roster is
    const Options* options = nullptr;
    const debug::Settings* debug = nullptr;  ///< read-only: scenes change it through `commands`
    Clock clock;
    // Requests, carried out by the shell after the call.
    std::optional<SceneSwitch> switchTo;
    bool quit = false;
    bool showHelp = false;
    std::vector<debug::Command> commands;
    /// Lines for a person watching the window ("the replay is over"); a headless run's report says
    /// it all, so there the shell drops them.
    std::vector<std::string> notices;
    /// The run must end now with this report (an opponent lost, a desync): printed as a headless
    /// run's report is, in a window too.
    std::optional<RunReport> stop;
    /// The scene edits text (an address): the shell sends typed text to OnText, and keys that are
    /// also shortcuts (H for help, M for mute) stay text.
    bool textInput = false;
    /// Sound: null when the game is silent.
    const SceneAudio* audio = nullptr;
    /// The player's settings (the options menu changes them, then sets settingsChanged: the shell
    /// applies them, volumes, bindings, the window, and writes the file).
    UserSettings* settings = nullptr;
    bool settingsChanged = false;
    /// Why the settings file could not be written the last time ("settings cannot be saved: PATH:
    /// reason", SettingsProblem), shown in the options menu; empty once a save succeeds.
    std::string settingsProblem;
    /// The scene waits for a raw key or pad button (the options menu binding a control): the shell
    /// sends the next press to OnRawPress, and it is no menu move, shortcut or debug key.
    bool listening = false;
};

class Scene {
public:
    virtual ~Scene() = default;
    /// The scene takes the screen.
    virtual void Enter(SceneContext&) {}
    /// Whether fixed ticks run now (a pause menu over a fight stops them).
    virtual bool Ticking() const { return true; }
    /// Whether Render covers the whole picture itself (a match's stage): then the shell draws no
    /// menu backdrop under it, a pass over every pixel saved (issue 41).
    [[nodiscard]] virtual bool DrawsWholePicture(const SceneContext&) const { return false; }
    /// Whether the developer's pause and slow motion apply (not to a match two people play online).
    virtual bool Pausable() const { return true; }
    /// One fixed 60 Hz tick, with both players' controls (neutral when nobody can press anything).
    virtual void Tick(SceneContext& ctx, const game::Inputs& controls) = 0;
    /// A menu move from the keyboard or a pad.
    virtual void OnMenuMove(SceneContext&, MenuMove) {}
    /// The labels of the menu on screen now, top to bottom (none: no menu, or one not picked by label).
    [[nodiscard]] virtual std::vector<std::string> MenuRows() const { return {}; }
    /// `--menu LABEL`: the cursor to the row of MenuRows() labelled so, as a player's moves would put it.
    virtual void OnMenuPick(SceneContext&, std::string_view) {}
    /// A developer's command the shell does not carry out itself (reset the round, the detection).
    virtual void OnCommand(SceneContext&, const debug::Command&) {}
    /// A click on the game picture, at a world pixel.
    virtual void OnClick(SceneContext&, collide::Point) {}
    /// Typed text (UTF-8), while ctx.textInput is set.
    virtual void OnText(SceneContext&, std::string_view) {}
    /// A key or pad button as pressed, while ctx.listening is set.
    virtual void OnRawPress(SceneContext&, const RawPress&) {}
    /// A scene that ends the run itself (its SceneEntry says so) says here when it has.
    virtual bool Done() const { return false; }
    /// A fighter of the roster was reloaded (or failed to be).
    virtual void OnReload(SceneContext&, const ReloadNews&) {}
    /// The game picture, 640 x 360 logical pixels, into ctx.renderer's current target.
    virtual void Render(SceneContext& ctx) = 0;
    /// The scene's own keys for the controls panel (H), one line each ("LEFT: POSITION RESET: ..."),
    /// as `bindings` name them; none: the panel shows the debug keys in full.
    [[nodiscard]] virtual std::vector<std::string> HelpKeys(const Bindings&) const { return {}; }
    /// The ImGui layer (the overlay), between ImGui::NewFrame and ImGui::Render.
    virtual void Panel(SceneContext&, const debug::ScreenMap&) {}
    /// The scene gives up the screen (a switch, the program's end). False: something it had to
    /// save could not be (it said so on stderr).
    virtual bool Leave(SceneContext&) { return true; }
    /// The run is over: its report after `frames` ticks.
    virtual RunReport Finish(SceneContext& ctx, std::int64_t frames) = 0;
};

/// One row of the scene table.
struct SceneEntry {
    const char* name;
    std::unique_ptr<Scene> (*make)(const SceneArgs& args);
    bool needsRoster;  ///< the shell loads the project's fighters first
    /// The scene decides when a headless run is over (Done()) and reads --frames itself (online
    /// play: both peers stop on the same match tick), instead of the shell counting ticks.
    bool endsItself = false;
    /// The title's row that starts this scene ("START"), in the table's order; nullptr: not on the title.
    const char* titleLabel = nullptr;
};

/// Every scene, by name (scene_table.cpp).
[[nodiscard]] std::span<const SceneEntry> SceneTable();
[[nodiscard]] const SceneEntry* FindScene(std::string_view name);
/// Every scene's name, "title, fight, ... or options", for usage messages.
[[nodiscard]] std::string SceneNames();

}  // namespace app
