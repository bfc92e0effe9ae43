#include "app/training_menu.h"

#include "app/help.h"
#include "app/menu_style.h"
#include "app/settings.h"
#include "assets/files.h"
#include "game/text.h"
#include "render/render.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace app {

namespace {

using menu::DIM, menu::GOLD, menu::RED, menu::Upper, menu::WHITE;

// The stances a player picks (DummyStance::Slot is playback's business).
constexpr int PICKABLE_STANCES = 3;

template <class E>
E Step(E value, int count, int by) {
    return static_cast<E>((static_cast<int>(value) + count + by) % count);
}

}  // namespace

void ApplyChoices(const TrainingChoices& c, game::TrainingSettings& s) {
    s.stance = c.playback == Playback::Off ? c.stance : game::DummyStance::Slot;
    s.loopSlot = c.playback != Playback::Once;
    s.block = c.block;
    s.recovery = c.recovery;
    s.refill = c.refill;
    s.slot = c.slot;
    s.counterHit = c.counterHit;
    s.tech = c.tech;
    s.randomSlot = c.randomSlot;
    s.reversal = c.reversal;
    s.reversalSlot = c.reversalSlot;
}

TrainingRequest ApplyTrainingKeys(std::uint8_t pressed, bool recording, TrainingChoices& c) {
    TrainingRequest request;
    if (pressed & game::Input::LEFT) request.resetAt = game::ResetPlace::LeftCorner;
    if (pressed & game::Input::RIGHT) request.resetAt = game::ResetPlace::RightCorner;
    if (pressed & game::Input::DOWN) request.resetAt = game::ResetPlace::Mid;
    if (pressed & game::Input::UP) c.block = Step(c.block, 4, 1);
    if (pressed & game::Input::PUNCH) request.toggleRecording = true;
    if (!recording && !request.toggleRecording) {
        if (pressed & game::Input::KICK) c.playback = Step(c.playback, 3, 1);
        if (pressed & game::Input::SPECIAL) c.slot = (c.slot + 1) % game::SLOT_COUNT;
    }
    return request;
}

void TrainingMenu::Open() {
    cursor_ = 0;
    moveList_ = false;
}

TrainingMenuResult TrainingMenu::Apply(MenuMove move, TrainingChoices& c, bool recording) {
    constexpr int ROWS = static_cast<int>(TrainingRow::COUNT);
    if (moveList_) {
        if (move != MenuMove::None) moveList_ = false;  // any key back to the menu
        return TrainingMenuResult::Stay;
    }
    const auto row = static_cast<TrainingRow>(cursor_);
    if (move == MenuMove::Confirm) {
        request_ = {};
        switch (row) {
            case TrainingRow::Resume:
                return TrainingMenuResult::Resume;
            case TrainingRow::Record:
                request_.toggleRecording = true;
                return TrainingMenuResult::Request;
            case TrainingRow::Reset:
                request_.resetAt = c.reset;
                return TrainingMenuResult::Request;
            case TrainingRow::SavePosition:
                request_.savePosition = true;
                c.reset = game::ResetPlace::Custom;
                return TrainingMenuResult::Request;
            case TrainingRow::MoveList:
                moveList_ = true;
                return TrainingMenuResult::Stay;
            case TrainingRow::Options:
                return TrainingMenuResult::Options;
            case TrainingRow::Quit:
                return TrainingMenuResult::QuitToTitle;
            default:
                move = MenuMove::Right;  // Enter on a setting steps it, as the options menu's toggles do
                break;
        }
    }
    const int by = move == MenuMove::Left ? -1 : 1;
    switch (move) {
        case MenuMove::Up:
            cursor_ = (cursor_ + ROWS - 1) % ROWS;
            break;
        case MenuMove::Down:
            cursor_ = (cursor_ + 1) % ROWS;
            break;
        case MenuMove::Back:
        case MenuMove::Cancel:
            return TrainingMenuResult::Resume;
        case MenuMove::Help:
            return TrainingMenuResult::Help;
        case MenuMove::Left:
        case MenuMove::Right:
            switch (row) {
                case TrainingRow::Dummy:
                    c.stance = Step(c.stance, PICKABLE_STANCES, by);
                    break;
                case TrainingRow::Block:
                    c.block = Step(c.block, 4, by);
                    break;
                case TrainingRow::Recovery:
                    c.recovery = Step(c.recovery, 2, by);
                    break;
                case TrainingRow::Refill:
                    c.refill = !c.refill;
                    break;
                case TrainingRow::Slot:
                    if (!recording) c.slot = (c.slot + game::SLOT_COUNT + by) % game::SLOT_COUNT;
                    break;
                case TrainingRow::Playback:
                    if (!recording) c.playback = Step(c.playback, 3, by);
                    break;
                case TrainingRow::Reset:
                    // Mid-stage and the corners; the saved place is SAVE POSITION's to choose.
                    c.reset = Step(c.reset, 3, by);
                    break;
                case TrainingRow::CounterHit:
                    c.counterHit = !c.counterHit;
                    break;
                case TrainingRow::Tech:
                    c.tech = Step(c.tech, 3, by);
                    break;
                case TrainingRow::RandomSlot:
                    c.randomSlot = !c.randomSlot;
                    break;
                case TrainingRow::Reversal:
                    c.reversal = Step(c.reversal, 4, by);
                    break;
                case TrainingRow::ReversalSlot:
                    c.reversalSlot = (c.reversalSlot + game::SLOT_COUNT + by) % game::SLOT_COUNT;
                    break;
                default:
                    break;
            }
            break;
        default:
            break;
    }
    return TrainingMenuResult::Stay;
}

std::vector<TrainingMenu::Row> TrainingMenu::Rows(const TrainingChoices& c, bool recording,
                                                  const std::array<std::size_t, game::SLOT_COUNT>& slotTicks) const {
    const auto slotName = [&](std::int32_t index) {
        const std::size_t ticks = slotTicks[static_cast<std::size_t>(index)];
        return std::to_string(index + 1) + (ticks == 0 ? " EMPTY" : " (" + std::to_string(ticks) + " TICKS)");
    };
    const std::string slot = slotName(c.slot);
    const char* resetName = c.reset == game::ResetPlace::Mid          ? "MID-STAGE"
                            : c.reset == game::ResetPlace::LeftCorner ? "LEFT CORNER"
                            : c.reset == game::ResetPlace::Custom     ? "SAVED"
                                                                      : "RIGHT CORNER";
    return {
        {"RESUME", "", false},
        {"DUMMY", Upper(game::NameOf(game::DUMMY_STANCE_NAMES, c.stance)), true},
        {"BLOCK", Upper(game::NameOf(game::DUMMY_BLOCK_NAMES, c.block)), true},
        {"RECOVERY", Upper(game::NameOf(game::DUMMY_RECOVERY_NAMES, c.recovery)), true},
        {"REFILL", c.refill ? "ON" : "OFF", true},
        {"SLOT", slot, !recording},
        {"PLAYBACK", Upper(game::NameOf(PLAYBACK_NAMES, c.playback)), !recording},
        {recording ? "STOP RECORDING" : "RECORD SLOT", "", false},
        {"RESET POSITION", resetName, true},
        {"SAVE POSITION", "", false},
        {"COUNTER HIT", c.counterHit ? "ON" : "OFF", true},
        {"THROW TECH", Upper(game::NameOf(game::DUMMY_TECH_NAMES, c.tech)), true},
        {"RANDOM SLOT", c.randomSlot ? "ON" : "OFF", true},
        {"REVERSAL", Upper(game::NameOf(game::DUMMY_REVERSAL_NAMES, c.reversal)), true},
        {"REVERSAL SLOT", slotName(c.reversalSlot), true},
        {"MOVE LIST", "", false},
        {"OPTIONS", "", false},
        {"QUIT TO TITLE", "", false},
    };
}

namespace {

// The control each of TRAINING_KEYS is, in its order (none: Esc, which is no player's control).
constexpr std::optional<KeyAction> TRAINING_KEY_ACTIONS[] = {KeyAction::Left,    KeyAction::Right, KeyAction::Down,
                                                             KeyAction::Up,      KeyAction::Punch, KeyAction::Kick,
                                                             KeyAction::Special, std::nullopt};
static_assert(std::size(TRAINING_KEY_ACTIONS) == std::size(TRAINING_KEYS), "a control for each training key");

std::string P2Key(const Bindings& b, KeyAction a) {
    return KeyName(b.keys[1][static_cast<std::size_t>(a)]);
}

}  // namespace

std::optional<std::string> SlotsFolder() {
    return XdgPath("XDG_DATA_HOME", ".local/share", "hotmap-brawl/slots");
}

std::string SlotFilePath(const std::string& folder, std::int32_t index) {
    return folder + "/slot" + std::to_string(index + 1) + ".slot";
}

game::Replay SlotReplay(const game::Slot& slot, const std::array<std::string, 2>& fighterIds,
                        const game::MatchConfig& config) {
    game::Replay out;
    out.fighterIds = fighterIds;
    out.config = config;
    out.config.controllers = {game::Controller::Human, game::Controller::Human};  // a player's, whoever made them
    for (const game::Input in : slot.inputs) out.inputs.push_back({in, game::Input{}});
    return out;
}

std::optional<std::string> WriteSlotFile(const std::string& path, const game::Replay& replay) {
    std::error_code ec;
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    if (!folder.empty()) std::filesystem::create_directories(folder, ec);
    if (ec) return "error: " + game::PrintablePath(folder.string()) + ": cannot make the folder: " + ec.message();
    if (const auto error = assets::WriteOutputFile(path, game::FormatReplay(replay))) return error->ToLine();
    return std::nullopt;
}

std::vector<std::string> TrainingKeyLines(const Bindings& bindings) {
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < std::size(TRAINING_KEYS); ++i) {
        const std::string key = TRAINING_KEY_ACTIONS[i] ? P2Key(bindings, *TRAINING_KEY_ACTIONS[i]) : "ESC";
        lines.push_back(key + ": " + Upper(TRAINING_KEYS[i].what));
    }
    return lines;
}

std::string TrainingKeysFooter(const Bindings& b) {
    const auto& k = b.keys[1];
    const bool arrows =
        k[0] == SDL_SCANCODE_UP && k[1] == SDL_SCANCODE_DOWN && k[2] == SDL_SCANCODE_LEFT && k[3] == SDL_SCANCODE_RIGHT;
    const std::string moves = arrows ? "ARROWS"
                                     : P2Key(b, KeyAction::Left) + " " + P2Key(b, KeyAction::Right) + " " +
                                           P2Key(b, KeyAction::Down) + " " + P2Key(b, KeyAction::Up);
    return "P2: " + moves + " RESET/BLOCK, " + P2Key(b, KeyAction::Punch) + " RECORD, " + P2Key(b, KeyAction::Kick) +
           " PLAY, " + P2Key(b, KeyAction::Special) + " SLOT";
}

std::string TrainingStatusLine(const TrainingChoices& c, bool recording) {
    std::string line = "TRAINING - DUMMY ";
    line.append(Upper(game::NameOf(game::DUMMY_STANCE_NAMES, c.stance)))
        .append(", BLOCK ")
        .append(Upper(game::NameOf(game::DUMMY_BLOCK_NAMES, c.block)))
        .append(" - SLOT ")
        .append(std::to_string(c.slot + 1));
    if (recording) return line.append(" RECORDING");
    if (c.playback == Playback::Looped) line.append(" PLAYING, LOOPED");
    if (c.playback == Playback::Once) line.append(" PLAYING ONCE");
    return line;
}

int FirstShownRow(int cursor, int rows) {
    using L = TrainingMenuLayout;
    return std::clamp(cursor - L::VISIBLE_ROWS / 2, 0, std::max(0, rows - L::VISIBLE_ROWS));
}

const std::array<std::vector<game::MoveFrameData>, 2>& MoveListPage::Data(const game::MatchDefs& defs) {
    if (for_[0] != defs.fighters[0] || for_[1] != defs.fighters[1]) {
        for (std::size_t i = 0; i < 2; ++i) data_[i] = game::ComputeFrameData(*defs.fighters[i], *defs.fighters[1 - i]);
        for_ = {defs.fighters[0], defs.fighters[1]};
    }
    return data_;
}

std::string MoveListPage::RowText(const game::MoveFrameData& m) {
    const auto pad = [](std::string text, std::size_t width) {
        text.resize(std::max(width, text.size() + 1), ' ');
        return text;
    };
    const auto number = [](std::int32_t n) { return std::to_string(n); };
    // Appended, not `"+" + std::string`: GCC 12's -O3 warns (-Wrestrict) on that inlined insert.
    const auto advantage = [](const std::optional<std::int32_t>& a) {
        if (!a) return std::string("-");
        std::string text = *a > 0 ? "+" : "";
        return text.append(std::to_string(*a));
    };
    std::string name = m.name;
    std::replace(name.begin(), name.end(), '_', ' ');
    return pad(m.notation, 8) + pad(Upper(name), 12) + pad(number(m.startup), 3) + pad(number(m.active), 3) +
           pad(number(m.recovery), 4) + pad(advantage(m.onHit) + (m.knockdown ? "KD" : ""), 6) + advantage(m.onBlock);
}

void MoveListPage::Draw(SDL_Renderer* r, const game::MatchDefs& defs) {
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 14, 8, 24, 230);
    const SDL_Rect panel{8, 14, 624, 332};
    SDL_RenderFillRect(r, &panel);
    const std::string title = "MOVE LIST";
    render::DrawTextOutlined(r, (640 - render::TextWidth(title, 3)) / 2, 22, title, GOLD, 3);
    const auto& data = Data(defs);
    for (std::size_t side = 0; side < 2; ++side) {
        const int x = side == 0 ? 16 : 328;
        int y = 56;
        render::DrawText(r, x, y, Upper(defs.fighters[side]->displayName), GOLD, 1);
        y += 12;
        render::DrawText(r, x, y, "INPUT   MOVE        S  A  R   HIT   BLOCK", DIM, 1);
        y += 12;
        for (const game::MoveFrameData& m : data[side]) {
            render::DrawText(r, x, y, RowText(m), WHITE, 1);
            y += 11;
        }
    }
    const std::string key = "S A R: STARTUP, ACTIVE, RECOVERY (TICKS); HIT, BLOCK: ADVANTAGE; KD: KNOCKS DOWN";
    render::DrawText(r, (640 - render::TextWidth(key, 1)) / 2, 300, key, DIM, 1);
    const std::string close = "ANY KEY: BACK";
    render::DrawText(r, (640 - render::TextWidth(close, 1)) / 2, 316, close, DIM, 1);
}

std::string ShownValue(const TrainingMenu::Row& row, bool selected) {
    return selected && row.adjustable ? "< " + row.value + " >" : row.value;
}

void DrawTrainingMenu(SDL_Renderer* r, const TrainingMenu& menu, const TrainingChoices& choices, bool recording,
                      const std::array<std::size_t, game::SLOT_COUNT>& slotTicks, const Bindings& bindings) {
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 14, 8, 24, 215);
    using L = TrainingMenuLayout;
    const SDL_Rect panel{L::PANEL_X, L::PANEL_Y, L::PANEL_W, L::PANEL_H};
    SDL_RenderFillRect(r, &panel);
    const std::string title = "TRAINING";
    render::DrawTextOutlined(r, (640 - render::TextWidth(title, 3)) / 2, 22, title, GOLD, 3);
    const std::vector<TrainingMenu::Row> rows = menu.Rows(choices, recording, slotTicks);
    const auto count = static_cast<int>(rows.size());
    const int first = FirstShownRow(menu.Cursor(), count);
    const int last = std::min(count, first + L::VISIBLE_ROWS);
    // Marks that more rows are above or below the window.
    if (first > 0) render::DrawTextOutlined(r, L::PANEL_X + L::PANEL_W / 2 - 3, L::FIRST_ROW_Y - 9, "^", DIM, 1);
    if (last < count) render::DrawTextOutlined(r, L::PANEL_X + L::PANEL_W / 2 - 3, 304, "v", DIM, 1);
    int y = L::FIRST_ROW_Y;
    for (auto i = static_cast<std::size_t>(first); i < static_cast<std::size_t>(last); ++i, y += L::ROW_H) {
        const TrainingMenu::Row& row = rows[i];
        const bool selected = static_cast<int>(i) == menu.Cursor();
        const bool stop = recording && i == static_cast<std::size_t>(TrainingRow::Record);
        if (selected) render::DrawTextOutlined(r, L::CURSOR_X, y, ">", GOLD, L::TEXT_SCALE);
        render::DrawTextOutlined(r, L::LABEL_X, y, row.label, stop ? RED : selected ? GOLD : WHITE, L::TEXT_SCALE);
        if (row.value.empty()) continue;
        const std::string shown = ShownValue(row, selected);
        render::DrawTextOutlined(r, L::VALUE_RIGHT_X - render::TextWidth(shown, L::TEXT_SCALE), y, shown,
                                 selected ? GOLD : DIM, L::TEXT_SCALE);
    }
    const std::string hint = "UP/DOWN: CHOOSE   LEFT/RIGHT: CHANGE   ENTER: OK   ESC: BACK";
    render::DrawTextOutlined(r, (640 - render::TextWidth(hint, 1)) / 2, 316, hint, DIM, 1);
    const std::string keys = TrainingKeysFooter(bindings);
    render::DrawTextOutlined(r, (640 - render::TextWidth(keys, 1)) / 2, 330, keys, DIM, 1);
}

}  // namespace app
