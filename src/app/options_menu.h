// The Options menu as a widget: the title screen, the fight's pause menu and the options scene each
// hold one and draw it over what they show, so a fight is never left to change a setting. The
// model (OptionsMenu: pages, rows, rebinding by pressing the new key, conflicts, reset) is apart
// from its drawing (DrawOptions) and testable without a window. It edits a UserSettings; the host
// hands the changes to the shell (SceneContext::settingsChanged).
#pragma once

#include "app/controls.h"
#include "app/scene.h"
#include "app/settings.h"

#include <SDL.h>

#include <string>
#include <vector>

namespace app {

enum class OptionsPage : std::uint8_t { Main, KeysP1, KeysP2, Pad };
/// The main page's rows, top to bottom.
enum class OptionsRow : std::uint8_t {
    Master,
    Music,
    Effects,
    Mute,
    Fullscreen,
    WindowScale,
    Vsync,
    KeysP1,
    KeysP2,
    PadButtons,
    MuteKey,
    ResetControls,
    Back,
    COUNT
};

enum class OptionsResult : std::uint8_t {
    Stay,     ///< nothing changed
    Changed,  ///< the settings changed: apply and remember them
    Close,    ///< leave the menu
};

/// Volumes move by this much a press.
inline constexpr std::int32_t VOLUME_STEP = 10;

class OptionsMenu {
public:
    /// One row as drawn: its label, its value, whether its key is also bound elsewhere.
    struct Row {
        std::string label;
        std::string value;
        bool conflict = false;
        bool adjustable = false;  ///< left and right change it
    };

    /// Back to the main page's first row, not listening.
    void Open();
    /// A menu move (Left/Right adjust, Confirm toggles, opens a page or starts listening; Back
    /// leaves the page, or the menu from the main page).
    OptionsResult Apply(MenuMove move, UserSettings& settings);
    /// A raw key or pad button while Listening(): binds it to the row under the cursor. Esc cancels;
    /// a reserved key (Esc, H, F1-F12) is refused with a notice and the menu keeps listening.
    OptionsResult Press(const RawPress& press, UserSettings& settings);

    [[nodiscard]] bool Listening() const { return listening_; }
    [[nodiscard]] OptionsPage Page() const { return page_; }
    [[nodiscard]] int Cursor() const { return cursor_; }
    /// The current page's rows.
    [[nodiscard]] std::vector<Row> Rows(const UserSettings& settings) const;
    [[nodiscard]] std::string Title() const;
    /// A line under the rows: what to press while listening, a refusal, or the page's first conflict.
    [[nodiscard]] std::string Notice(const UserSettings& settings) const;

private:
    [[nodiscard]] int RowCount() const;
    OptionsPage page_ = OptionsPage::Main;
    int cursor_ = 0;
    bool listening_ = false;
    std::string notice_;
};

/// Every keyboard binding that shares its key with another ("P1 KICK", "MUTE" ...), by key.
[[nodiscard]] std::vector<std::pair<SDL_Scancode, std::vector<std::string>>> KeyConflicts(const Bindings& b);
/// Whether a key may not be bound: Esc (it cancels), H (help), F1-F12 (the debug keys, fullscreen).
[[nodiscard]] bool IsReservedKey(SDL_Scancode key);

/// The menu over the game picture (640 x 360 logical pixels); `saveProblem` (SettingsProblem's
/// line, when the settings file cannot be written) one line in red under the rows.
void DrawOptions(SDL_Renderer* r, const OptionsMenu& menu, const UserSettings& settings,
                 const std::string& saveProblem = "");

/// An OptionsMenu hosted by a scene: moves and raw presses routed to it, its sounds played, what
/// changed handed to the shell, ctx.listening kept in step.
struct OptionsOverlay {
    OptionsMenu menu;
    bool open = false;
    void Open(SceneContext& ctx) {
        menu.Open();
        open = true;
        ctx.listening = false;
    }
    /// One menu move; true when it closed the menu.
    bool Move(SceneContext& ctx, MenuMove move) {
        if (!menu.Listening()) MenuSound(ctx.audio, move);
        const OptionsResult r = menu.Apply(move, *ctx.settings);
        if (r == OptionsResult::Changed) ctx.settingsChanged = true;
        ctx.listening = menu.Listening();
        if (r == OptionsResult::Close) open = false;
        return r == OptionsResult::Close;
    }
    void Press(SceneContext& ctx, const RawPress& press) {
        if (menu.Press(press, *ctx.settings) == OptionsResult::Changed) {
            ctx.settingsChanged = true;
            if (ctx.audio != nullptr) ctx.audio->Ui(audio::Sfx::MenuChoose);
        }
        ctx.listening = menu.Listening();
    }
    void Draw(const SceneContext& ctx) const {
        if (open) DrawOptions(ctx.renderer, menu, *ctx.settings, ctx.settingsProblem);
    }
};

}  // namespace app
