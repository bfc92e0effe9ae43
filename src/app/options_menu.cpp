// The Options menu: its model (pages, rows, rebinding, conflicts) and its drawing.
#include "app/options_menu.h"

#include "app/menu_style.h"
#include "render/render.h"

#include <algorithm>
#include <map>

namespace app {

namespace {

using menu::DIM, menu::GOLD, menu::RED, menu::WHITE;

// A binding's label: its action's name (the enum's one table, controls.h) in capitals.
std::string KeyLabel(std::size_t action) {
    return menu::Upper(game::NameOf(KEY_ACTION_NAMES, static_cast<KeyAction>(action)));
}
std::string PadLabel(std::size_t action) {
    return menu::Upper(game::NameOf(PAD_ACTION_NAMES, static_cast<PadAction>(action)));
}

std::string OnOff(bool on) {
    return on ? "ON" : "OFF";
}

// Every keyboard binding with its label.
std::vector<std::pair<SDL_Scancode, std::string>> KeyLabels(const Bindings& b) {
    std::vector<std::pair<SDL_Scancode, std::string>> out;
    for (std::size_t side = 0; side < 2; ++side) {
        for (std::size_t a = 0; a < KEY_ACTION_COUNT; ++a)
            out.emplace_back(b.keys[side][a], std::string(side == 0 ? "P1 " : "P2 ") + KeyLabel(a));
    }
    out.emplace_back(b.mute, "MUTE");
    return out;
}

bool PadConflict(const Bindings& b, std::size_t action) {
    for (const SDL_GameControllerButton mine : b.pad[action]) {
        if (mine == SDL_CONTROLLER_BUTTON_INVALID) continue;
        for (std::size_t other = 0; other < PAD_ACTION_COUNT; ++other) {
            if (other == action) continue;
            if (std::find(b.pad[other].begin(), b.pad[other].end(), mine) != b.pad[other].end()) return true;
        }
    }
    return false;
}

}  // namespace

std::vector<std::pair<SDL_Scancode, std::vector<std::string>>> KeyConflicts(const Bindings& b) {
    std::map<SDL_Scancode, std::vector<std::string>> byKey;
    for (const auto& [key, label] : KeyLabels(b)) byKey[key].push_back(label);
    std::vector<std::pair<SDL_Scancode, std::vector<std::string>>> out;
    for (auto& [key, labels] : byKey) {
        if (labels.size() > 1) out.emplace_back(key, std::move(labels));
    }
    return out;
}

bool IsReservedKey(SDL_Scancode key) {
    return key == SDL_SCANCODE_ESCAPE || key == SDL_SCANCODE_H || (key >= SDL_SCANCODE_F1 && key <= SDL_SCANCODE_F12);
}

void OptionsMenu::Open() {
    page_ = OptionsPage::Main;
    cursor_ = 0;
    listening_ = false;
    notice_.clear();
}

int OptionsMenu::RowCount() const {
    switch (page_) {
        case OptionsPage::Main:
            return static_cast<int>(OptionsRow::COUNT);
        case OptionsPage::KeysP1:
        case OptionsPage::KeysP2:
            return static_cast<int>(KEY_ACTION_COUNT) + 1;  // the actions, then BACK
        case OptionsPage::Pad:
            return static_cast<int>(PAD_ACTION_COUNT) + 1;
    }
    return 1;
}

OptionsResult OptionsMenu::Apply(MenuMove move, UserSettings& s) {
    if (listening_) return OptionsResult::Stay;  // the next raw press is the answer
    const int rows = RowCount();
    const bool back = cursor_ == rows - 1;
    const int step = move == MenuMove::Left ? -1 : move == MenuMove::Right ? 1 : 0;
    if (move == MenuMove::Up || move == MenuMove::Down) {
        cursor_ = (cursor_ + (move == MenuMove::Up ? rows - 1 : 1)) % rows;
        notice_.clear();
        return OptionsResult::Stay;
    }
    if (move == MenuMove::Back || move == MenuMove::Cancel || (move == MenuMove::Confirm && back)) {
        notice_.clear();
        if (page_ == OptionsPage::Main) return OptionsResult::Close;
        // Back to the main page, on the row that opened this one.
        cursor_ = static_cast<int>(page_ == OptionsPage::KeysP1   ? OptionsRow::KeysP1
                                   : page_ == OptionsPage::KeysP2 ? OptionsRow::KeysP2
                                                                  : OptionsRow::PadButtons);
        page_ = OptionsPage::Main;
        return OptionsResult::Stay;
    }
    if (page_ != OptionsPage::Main) {
        if (move == MenuMove::Confirm) {
            listening_ = true;
            notice_.clear();
        }
        return OptionsResult::Stay;
    }
    const auto volume = [&](std::int32_t& v) {
        const std::int32_t before = v;
        v = std::clamp(v + step * VOLUME_STEP, 0, 100);
        return v != before ? OptionsResult::Changed : OptionsResult::Stay;
    };
    const bool toggle = move == MenuMove::Confirm || step != 0;
    switch (static_cast<OptionsRow>(cursor_)) {
        case OptionsRow::Master:
            return volume(s.volumes.master);
        case OptionsRow::Music:
            return volume(s.volumes.music);
        case OptionsRow::Effects:
            return volume(s.volumes.effects);
        case OptionsRow::Mute:
            if (!toggle) break;
            s.volumes.mute = !s.volumes.mute;
            return OptionsResult::Changed;
        case OptionsRow::Fullscreen:
            if (!toggle) break;
            s.fullscreen = !s.fullscreen;
            return OptionsResult::Changed;
        case OptionsRow::WindowScale: {
            const std::int32_t before = s.windowScale;
            s.windowScale =
                std::clamp(s.windowScale + (move == MenuMove::Confirm ? 1 : step), MIN_WINDOW_SCALE, MAX_WINDOW_SCALE);
            if (move == MenuMove::Confirm && before == MAX_WINDOW_SCALE) s.windowScale = MIN_WINDOW_SCALE;
            return s.windowScale != before ? OptionsResult::Changed : OptionsResult::Stay;
        }
        case OptionsRow::Vsync:
            if (!toggle) break;
            s.vsync = !s.vsync;
            return OptionsResult::Changed;
        case OptionsRow::KeysP1:
        case OptionsRow::KeysP2:
        case OptionsRow::PadButtons:
            if (move != MenuMove::Confirm) break;
            page_ = cursor_ == static_cast<int>(OptionsRow::KeysP1)   ? OptionsPage::KeysP1
                    : cursor_ == static_cast<int>(OptionsRow::KeysP2) ? OptionsPage::KeysP2
                                                                      : OptionsPage::Pad;
            cursor_ = 0;
            notice_.clear();
            break;
        case OptionsRow::MuteKey:
            if (move == MenuMove::Confirm) listening_ = true, notice_.clear();
            break;
        case OptionsRow::ResetControls:
            if (move != MenuMove::Confirm) break;
            notice_ = "CONTROLS ARE BACK TO THE DEFAULTS";
            if (s.bindings == Bindings::Defaults()) return OptionsResult::Stay;
            s.bindings = Bindings::Defaults();
            return OptionsResult::Changed;
        case OptionsRow::Back:
        case OptionsRow::COUNT:
            break;
    }
    return OptionsResult::Stay;
}

OptionsResult OptionsMenu::Press(const RawPress& press, UserSettings& s) {
    if (!listening_) return OptionsResult::Stay;
    if (press.key == SDL_SCANCODE_ESCAPE) {
        listening_ = false;
        notice_ = "NOTHING CHANGED";
        return OptionsResult::Stay;
    }
    if (page_ == OptionsPage::Pad) {
        if (press.pad == SDL_CONTROLLER_BUTTON_INVALID) return OptionsResult::Stay;  // waiting for a pad button
        s.bindings.pad[static_cast<std::size_t>(cursor_)] = {press.pad, SDL_CONTROLLER_BUTTON_INVALID};
        listening_ = false;
        notice_.clear();
        return OptionsResult::Changed;
    }
    if (press.key == SDL_SCANCODE_UNKNOWN) return OptionsResult::Stay;  // waiting for a key
    if (IsReservedKey(press.key)) {
        notice_ = KeyName(press.key) + " IS RESERVED: PRESS ANOTHER KEY (ESC: CANCEL)";
        return OptionsResult::Stay;
    }
    SDL_Scancode& target =
        page_ == OptionsPage::Main
            ? s.bindings.mute
            : s.bindings.keys[page_ == OptionsPage::KeysP1 ? 0 : 1][static_cast<std::size_t>(cursor_)];
    target = press.key;
    listening_ = false;
    notice_.clear();
    return OptionsResult::Changed;
}

std::string OptionsMenu::Title() const {
    switch (page_) {
        case OptionsPage::Main:
            return "OPTIONS";
        case OptionsPage::KeysP1:
            return "PLAYER 1 KEYS";
        case OptionsPage::KeysP2:
            return "PLAYER 2 KEYS";
        case OptionsPage::Pad:
            return "PAD BUTTONS";
    }
    return "";
}

std::vector<OptionsMenu::Row> OptionsMenu::Rows(const UserSettings& s) const {
    std::vector<Row> rows;
    const auto conflicted = [&](SDL_Scancode key) {
        const auto all = KeyConflicts(s.bindings);
        return std::any_of(all.begin(), all.end(), [&](const auto& c) { return c.first == key; });
    };
    switch (page_) {
        case OptionsPage::Main: {
            const auto level = [](std::int32_t v) { return std::to_string(v); };
            rows = {{"MASTER VOLUME", level(s.volumes.master), false, true},
                    {"MUSIC VOLUME", level(s.volumes.music), false, true},
                    {"EFFECTS VOLUME", level(s.volumes.effects), false, true},
                    {"MUTE", OnOff(s.volumes.mute), false, true},
                    {"FULLSCREEN", OnOff(s.fullscreen), false, true},
                    {"WINDOW SIZE", std::to_string(s.windowScale) + "X", false, true},
                    {"VSYNC", OnOff(s.vsync), false, true},
                    {"PLAYER 1 KEYS", "", false, false},
                    {"PLAYER 2 KEYS", "", false, false},
                    {"PAD BUTTONS", "", false, false},
                    {"MUTE KEY", KeyName(s.bindings.mute), conflicted(s.bindings.mute), false},
                    {"RESET CONTROLS", "", false, false},
                    {"BACK", "", false, false}};
            // A page holding a conflict says so on its row.
            for (std::size_t side = 0; side < 2; ++side) {
                for (const SDL_Scancode k : s.bindings.keys[side]) {
                    if (conflicted(k)) rows[side == 0 ? 7 : 8].conflict = true;
                }
            }
            for (std::size_t a = 0; a < PAD_ACTION_COUNT; ++a) {
                if (PadConflict(s.bindings, a)) rows[9].conflict = true;
            }
            break;
        }
        case OptionsPage::KeysP1:
        case OptionsPage::KeysP2: {
            const std::size_t side = page_ == OptionsPage::KeysP1 ? 0 : 1;
            for (std::size_t a = 0; a < KEY_ACTION_COUNT; ++a) {
                const SDL_Scancode k = s.bindings.keys[side][a];
                rows.push_back({KeyLabel(a), KeyName(k), conflicted(k), false});
            }
            rows.push_back({"BACK", "", false, false});
            break;
        }
        case OptionsPage::Pad:
            for (std::size_t a = 0; a < PAD_ACTION_COUNT; ++a)
                rows.push_back({PadLabel(a), PadName(s.bindings.pad[a]), PadConflict(s.bindings, a), false});
            rows.push_back({"BACK", "", false, false});
            break;
    }
    if (listening_ && cursor_ < static_cast<int>(rows.size())) {
        rows[static_cast<std::size_t>(cursor_)].value =
            page_ == OptionsPage::Pad ? "PRESS A PAD BUTTON" : "PRESS A KEY";
    }
    return rows;
}

std::string OptionsMenu::Notice(const UserSettings& s) const {
    if (!notice_.empty()) return notice_;
    if (listening_) return "ESC: CANCEL";
    const std::vector<Row> rows = Rows(s);
    for (const auto& [key, labels] : KeyConflicts(s.bindings)) {
        std::string line = KeyName(key) + " IS BOUND TWICE: ";
        for (std::size_t i = 0; i < labels.size(); ++i) line += (i ? " AND " : "") + labels[i];
        return line;
    }
    for (std::size_t a = 0; a < PAD_ACTION_COUNT; ++a) {
        if (PadConflict(s.bindings, a)) return "A PAD BUTTON IS BOUND TWICE";
    }
    return "";
}

void DrawOptions(SDL_Renderer* r, const OptionsMenu& menu, const UserSettings& settings,
                 const std::string& saveProblem) {
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 14, 8, 24, 215);
    const SDL_Rect panel{140, 20, 360, 320};
    SDL_RenderFillRect(r, &panel);
    const std::string title = menu.Title();
    render::DrawTextOutlined(r, (640 - render::TextWidth(title, 3)) / 2, 30, title, GOLD, 3);
    const std::vector<OptionsMenu::Row> rows = menu.Rows(settings);
    const int step = rows.size() > 9 ? 19 : 24;
    int y = 66;
    for (std::size_t i = 0; i < rows.size(); ++i, y += step) {
        const OptionsMenu::Row& row = rows[i];
        const bool selected = static_cast<int>(i) == menu.Cursor();
        const SDL_Color labelColour = selected ? GOLD : WHITE;
        if (selected) render::DrawTextOutlined(r, 152, y, ">", GOLD, 2);
        render::DrawTextOutlined(r, 168, y, row.label, labelColour, 2);
        if (row.value.empty()) continue;
        const bool listening = selected && menu.Listening();
        std::string shown = row.value + (row.conflict ? " !" : "");
        if (selected && row.adjustable) shown = "< " + shown + " >";
        const SDL_Color valueColour = row.conflict ? RED : listening || selected ? GOLD : DIM;
        const int scale = listening ? 1 : 2;
        render::DrawTextOutlined(r, 488 - render::TextWidth(shown, scale), y + (scale == 1 ? 4 : 0), shown, valueColour,
                                 scale);
    }
    const std::string notice = menu.Notice(settings);
    if (!notice.empty()) {
        const bool problem = notice.find("TWICE") != std::string::npos || notice.find("RESERVED") != std::string::npos;
        render::DrawTextOutlined(r, (640 - render::TextWidth(notice, 1)) / 2, 322, notice, problem ? RED : GOLD, 1);
    }
    // A settings file that cannot be written: one line, in red, above the menu's own notice.
    if (!saveProblem.empty()) {
        const std::string& line = saveProblem;  // the font shows lower case as capitals
        render::DrawTextOutlined(r, std::max(2, (640 - render::TextWidth(line, 1)) / 2), 334, line, RED, 1);
    }
    const std::string hint = menu.Listening() ? ""
                             : menu.Page() == OptionsPage::Main
                                 ? "UP/DOWN: CHOOSE   LEFT/RIGHT: CHANGE   ENTER: OK   ESC: BACK"
                                 : "ENTER: PRESS THE NEW KEY   ESC: BACK";
    render::DrawTextOutlined(r, (640 - render::TextWidth(hint, 1)) / 2, 346, hint, DIM, 1);
}

}  // namespace app
