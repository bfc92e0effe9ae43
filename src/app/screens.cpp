// Menus and the controls panel. The title screen shows both chosen fighters in their idle loop.
#include "app/screens.h"

#include "app/help.h"
#include "app/menu_style.h"
#include "net/enet_transport.h"
#include "net/net.h"
#include "render/render.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace app {

namespace {

using menu::DIM, menu::GOLD, menu::RED, menu::Upper, menu::WHITE;

void Shade(SDL_Renderer* r, int x, int y, int w, int h, Uint8 alpha) {
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 14, 8, 24, alpha);
    const SDL_Rect rect{x, y, w, h};
    SDL_RenderFillRect(r, &rect);
}

void Item(SDL_Renderer* r, int y, const std::string& label, const std::string& value, bool selected) {
    const int x = 214;
    if (selected) render::DrawTextOutlined(r, x - 16, y, ">", GOLD, 2);
    render::DrawTextOutlined(r, x, y, label, selected ? GOLD : WHITE, 2);
    if (!value.empty()) {
        const std::string shown = selected ? "< " + value + " >" : value;
        render::DrawTextOutlined(r, 426 - render::TextWidth(shown, 2) / 2, y, shown, selected ? GOLD : DIM, 2);
    }
}

std::string Who(game::Controller c) {
    return menu::Upper(game::NameOf(game::CONTROLLER_NAMES, c));
}

}  // namespace

// A fighter's idle frame, big, at the given feet position; the second one mirrored to face the first.
void DrawFighterIdle(SDL_Renderer* r, const Fighter& f, int feetX, int feetY, bool mirrored, int animTick) {
    const game::AnimationDef& idle = f.loaded.def.Animation(game::Anim::Idle);
    const std::int32_t frameIndex = game::FrameIndexAt(idle, animTick);
    const game::FrameDef& frame = idle.frames[static_cast<std::size_t>(frameIndex)];
    if (f.art.sprites.empty()) return;
    const collide::Placement p =
        game::PlaceFrame(frame, feetX, feetY, mirrored ? game::Facing::Left : game::Facing::Right);
    render::DrawSprite(r, f.art.sprites[0][static_cast<std::size_t>(frameIndex)], frame, p);
}

const std::vector<TitleRow>& TitleRows() {
    static const std::vector<TitleRow> rows = [] {
        using Kind = TitleRow::Kind;
        std::vector<TitleRow> out = {{"PLAYER 1", Kind::Player, 0}, {"FIGHTER 1", Kind::Fighter, 0},
                                     {"PLAYER 2", Kind::Player, 1}, {"FIGHTER 2", Kind::Fighter, 1},
                                     {"CPU LEVEL", Kind::CpuLevel}, {"STAGE", Kind::Stage}};
        for (const SceneEntry& e : SceneTable()) {
            if (e.titleLabel == nullptr) continue;
            // SPECTATE connects to a host, as JOIN does: a row with an address to type.
            const bool dials = std::string_view(e.name) == "spectate";
            out.push_back({e.titleLabel, dials ? Kind::Join : Kind::Scene, 0, e.name});
            // JOIN is online play too: the other side of HOST ONLINE, with an address to type.
            if (std::string_view(e.name) == "online") out.push_back({"JOIN", Kind::Join, 0, e.name});
        }
        out.insert(out.end(), {{"CONTROLS", Kind::Controls}, {"OPTIONS", Kind::Options}, {"QUIT", Kind::Quit}});
        return out;
    }();
    return rows;
}

std::vector<std::string> MenuRowLabels() {
    std::vector<std::string> labels;
    for (const TitleRow& row : TitleRows()) labels.push_back(row.label);
    for (const char* row : PAUSE_ROWS) {
        if (std::find(labels.begin(), labels.end(), row) == labels.end()) labels.emplace_back(row);
    }
    return labels;
}

int TitleMenu::FirstModeRow() {
    const auto& rows = TitleRows();
    const auto mode =
        std::find_if(rows.begin(), rows.end(), [](const TitleRow& r) { return r.kind == TitleRow::Kind::Scene; });
    return static_cast<int>(mode - rows.begin());
}

bool TitleMenu::Pick(std::string_view label) {
    const auto& rows = TitleRows();
    const auto row = std::find_if(rows.begin(), rows.end(), [&](const TitleRow& r) { return r.label == label; });
    if (row == rows.end() || editing) return false;
    cursor = static_cast<int>(row - rows.begin());
    return true;
}

void ResolveRandomStage(MatchSetup& setup, std::span<const std::string> stageIds) {
    if (setup.stage == RANDOM_STAGE && !stageIds.empty())
        setup.stage = stageIds[static_cast<std::size_t>(setup.seed % stageIds.size())];
}

TitleResult TitleMenu::Apply(MenuMove move, MatchSetup& setup, int rosterSize, std::span<const std::string> stageIds) {
    using Kind = TitleRow::Kind;
    const int items = static_cast<int>(TitleRows().size());
    if (editing) {  // the address field has the keyboard: Enter connects, Esc leaves the field
        if (move == MenuMove::Confirm) {
            editing = false;
            return TitleResult::Join;
        }
        if (move == MenuMove::Back || move == MenuMove::Cancel) editing = false;
        if (move == MenuMove::Erase && !address.empty()) address.pop_back();
        return TitleResult::Stay;
    }
    const int step = move == MenuMove::Left ? -1 : move == MenuMove::Right ? 1 : 0;
    const TitleRow& row = Row();
    switch (move) {
        case MenuMove::Up:
            cursor = (cursor + items - 1) % items;
            break;
        case MenuMove::Down:
            cursor = (cursor + 1) % items;
            break;
        case MenuMove::Left:
        case MenuMove::Right:
            if (row.kind == Kind::Player) {
                auto& c = setup.controllers[static_cast<std::size_t>(row.side)];
                c = c == game::Controller::Cpu ? game::Controller::Human : game::Controller::Cpu;
            } else if (row.kind == Kind::Fighter) {
                int& f = setup.fighter[static_cast<std::size_t>(row.side)];
                f = (f + step + rosterSize) % rosterSize;
            } else if (row.kind == Kind::CpuLevel) {
                setup.cpuLevel = std::clamp(setup.cpuLevel + step, 1, 3);
            } else if (row.kind == Kind::Stage && !stageIds.empty()) {
                // Every stage in id order, then RANDOM (index stageIds.size()), round and round.
                const auto n = static_cast<int>(stageIds.size()) + 1;
                const auto at = std::find(stageIds.begin(), stageIds.end(), setup.stage);
                const int index = static_cast<int>(at - stageIds.begin());  // RANDOM (or unknown): n - 1
                const int next = (index + step + n) % n;
                setup.stage = next == n - 1 ? std::string(RANDOM_STAGE) : stageIds[static_cast<std::size_t>(next)];
            }
            break;
        case MenuMove::Confirm:
            switch (row.kind) {
                case Kind::Scene:
                    return TitleResult::Scene;
                case Kind::Join:
                    editing = true;
                    problem.clear();
                    break;
                case Kind::Controls:
                    return TitleResult::Help;
                case Kind::Options:
                    return TitleResult::Options;
                case Kind::Quit:
                    return TitleResult::Quit;
                case Kind::Player:
                case Kind::Fighter:
                case Kind::CpuLevel:
                case Kind::Stage:
                    break;
            }
            break;
        case MenuMove::Back:
            return TitleResult::Quit;
        case MenuMove::Help:
            return TitleResult::Help;
        case MenuMove::None:
        case MenuMove::Cancel:
        case MenuMove::Erase:
            break;
    }
    return TitleResult::Stay;
}

void TitleMenu::Type(std::string_view text) {
    for (const char c : text) {
        if (c > ' ' && c < 0x7F && address.size() < 64) address += c;
    }
}

bool PauseMenu::Pick(std::string_view label) {
    for (int i = 0; i < PAUSE_ITEMS; ++i) {
        if (label == PAUSE_ROWS[i] && !moveList) return cursor = i, true;
    }
    return false;
}

PauseResult PauseMenu::Apply(MenuMove move) {
    constexpr int ITEMS = PAUSE_ITEMS;
    if (moveList) {
        if (move != MenuMove::None) moveList = false;  // any key back to the menu
        return PauseResult::Stay;
    }
    switch (move) {
        case MenuMove::Up:
            cursor = (cursor + ITEMS - 1) % ITEMS;
            break;
        case MenuMove::Down:
            cursor = (cursor + 1) % ITEMS;
            break;
        case MenuMove::Confirm:
            if (cursor == 2) {
                moveList = true;
                return PauseResult::Stay;
            }
            return cursor == 0   ? PauseResult::Resume
                   : cursor == 1 ? PauseResult::Restart
                   : cursor == 3 ? PauseResult::Help
                   : cursor == 4 ? PauseResult::Options
                                 : PauseResult::QuitToTitle;
        case MenuMove::Back:
            return PauseResult::Resume;
        case MenuMove::Help:
            return PauseResult::Help;
        default:
            break;
    }
    return PauseResult::Stay;
}

// The STAGE row's preview, above P1's fighter: the stage as a match would open on it (its middle),
// a quarter of the screen's size; RANDOM is a question mark.
void DrawStagePreview(SDL_Renderer* r, const StageSet& stages, const std::string& stage) {
    const SDL_Rect box{12, 92, game::SCREEN_WIDTH_PX / 4, game::SCREEN_HEIGHT_PX / 4};
    Shade(r, box.x - 2, box.y - 2, box.w + 4, box.h + 4, 200);
    if (const Stage* s = stages.Find(stage)) {
        stages.DrawPreview(r, *s, box);
        render::DrawTextOutlined(r, box.x + 3, box.y + box.h - 10, game::OneLine(s->loaded.file.name, 24), WHITE, 1);
    } else {
        render::DrawTextOutlined(r, box.x + (box.w - render::TextWidth("?", 5)) / 2, box.y + 28, "?", GOLD, 5);
    }
}

void DrawTitle(SDL_Renderer* r, const TitleMenu& menu, const MatchSetup& setup, const Roster& roster,
               const StageSet* stages, int animTick, const Bindings& bindings) {
    Shade(r, 0, 0, game::SCREEN_WIDTH_PX, game::SCREEN_HEIGHT_PX, 90);
    if (stages != nullptr) DrawStagePreview(r, *stages, setup.stage);
    DrawFighterIdle(r, roster.At(static_cast<std::size_t>(setup.fighter[0])), 104, game::FLOOR_Y_PX, false, animTick);
    DrawFighterIdle(r, roster.At(static_cast<std::size_t>(setup.fighter[1])), 536, game::FLOOR_Y_PX, true, animTick);
    const std::string title = "HOTMAP BRAWL";
    render::DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - render::TextWidth(title, 6)) / 2, 22, title, GOLD, 6);
    // A problem to tell (an address refused, an online opponent gone, fighters left out because they
    // fail to load: these on stderr too) takes the subtitle's line, clear of the menu's rows.
    std::string warning = menu.problem;
    if (warning.empty() && !roster.Broken().empty()) {
        std::string ids;
        for (const BrokenFighter& b : roster.Broken()) ids += (ids.empty() ? "" : ", ") + b.id;
        warning = game::OneLine("LEFT OUT, BROKEN: " + ids + " (" + roster.Broken()[0].error.ToLine() + ")", 100);
    }
    const std::string sub = warning.empty() ? "EVERY HIT DECIDED PIXEL BY PIXEL" : warning;
    render::DrawTextOutlined(r, std::max(2, (game::SCREEN_WIDTH_PX - render::TextWidth(sub, 1)) / 2), 72, sub,
                             warning.empty() ? WHITE : RED, 1);
    Shade(r, 180, 90, 280, 254, 150);
    const auto name = [&](int side) {
        return roster.At(static_cast<std::size_t>(setup.fighter[static_cast<std::size_t>(side)]))
            .loaded.def.displayName;
    };
    const auto& rows = TitleRows();
    int y = 96;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const TitleRow& row = rows[i];
        const bool selected = menu.cursor == static_cast<int>(i);
        std::string value;
        if (row.kind == TitleRow::Kind::Player) value = Who(setup.controllers[static_cast<std::size_t>(row.side)]);
        if (row.kind == TitleRow::Kind::Fighter) value = name(row.side);
        if (row.kind == TitleRow::Kind::CpuLevel) value = std::to_string(setup.cpuLevel);
        if (row.kind == TitleRow::Kind::Stage) {
            const Stage* s = stages != nullptr ? stages->Find(setup.stage) : nullptr;
            value = s != nullptr ? game::OneLine(s->loaded.file.name, 16) : std::string(RANDOM_STAGE);
        }
        if (row.kind == TitleRow::Kind::Join) {
            // JOIN's value is the address field: typed into after Enter, a cursor while it has the keyboard.
            if (selected) render::DrawTextOutlined(r, 198, y, ">", GOLD, 2);
            render::DrawTextOutlined(r, 214, y, row.label, selected ? GOLD : WHITE, 2);
            // JOIN and SPECTATE share the field: the host typed once serves both.
            const bool editing = menu.editing && selected;
            const std::string field = menu.address.empty() && !editing ? "HOST:PORT" : menu.address;
            const std::string shown = editing ? field + "_" : field;
            render::DrawTextOutlined(r, 330, y + 4, shown, editing ? GOLD : DIM, 1);
        } else {
            Item(r, y, row.label, value, selected);
        }
        // A gap between the setup (its last row, the stage) and the modes; 17 pixels a row keeps
        // 15 rows inside the box.
        y += row.kind == TitleRow::Kind::Stage ? 23 : 17;
    }
    // Art from other projects keeps its attribution where the fighter is chosen.
    for (int side = 0; side < 2; ++side) {
        const assets::LoadedFighter& f =
            roster.At(static_cast<std::size_t>(setup.fighter[static_cast<std::size_t>(side)])).loaded;
        if (f.credits.empty() && f.license.empty()) continue;
        const std::string line = f.credits + (f.license.empty() ? "" : " (" + f.license + ")");
        const int centre = side == 0 ? 104 : 536;
        render::DrawText(r, std::max(2, centre - render::TextWidth(line, 1) / 2), 300, game::OneLine(line, 48), DIM, 1);
    }
    const auto key = [&](KeyAction a) { return KeyName(bindings.keys[0][static_cast<std::size_t>(a)]); };
    const std::string hint = menu.editing ? "TYPE THE HOST'S ADDRESS   ENTER: CONNECT   ESC: BACK"
                                          : key(KeyAction::Up) + "/" + key(KeyAction::Down) + " OR ARROWS: CHOOSE   " +
                                                key(KeyAction::Left) + "/" + key(KeyAction::Right) +
                                                ": CHANGE   ENTER: OK   H: CONTROLS";
    render::DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - render::TextWidth(hint, 1)) / 2, 344, hint, DIM, 1);
}

namespace {

// A move's kind, for the list: what the rules do with it (docs/rules.md).
const char* MoveKind(const game::MoveDef& m) {
    if (m.meterCost > 0) return "SUPER";
    if (m.throwDef) return "THROW";
    if (!m.motion.empty() || m.projectile) return "SPECIAL";
    if (m.stance == game::Stance::Air) return "AIR";
    return "";
}

std::string Spaced(std::string name) {
    for (char& c : name) c = c == '_' ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return name;
}

// One fighter's column: name, then "INPUT  MOVE  KIND" a line each, in the manifest's order.
void MoveColumn(SDL_Renderer* r, int x, int y, const game::FighterDef& def) {
    render::DrawTextOutlined(r, x, y, Spaced(def.displayName), GOLD, 2);
    y += 22;
    // Grouped as a player learns them: normals, air attacks, specials, the throw, the super.
    const auto group = [](const game::MoveDef& m) {
        return m.meterCost > 0                 ? 5
               : m.throwDef                    ? 4
               : !m.motion.empty()             ? 3
               : m.projectile                  ? 2
               : m.stance == game::Stance::Air ? 1
                                               : 0;
    };
    std::vector<const game::MoveDef*> moves;
    for (const game::MoveDef& m : def.moves) moves.push_back(&m);
    std::stable_sort(moves.begin(), moves.end(),
                     [&](const game::MoveDef* a, const game::MoveDef* b) { return group(*a) < group(*b); });
    for (const game::MoveDef* mp : moves) {
        const game::MoveDef& m = *mp;
        render::DrawText(r, x, y, game::MoveInputNotation(m), WHITE, 1);
        render::DrawText(r, x + 54, y, Spaced(m.name), WHITE, 1);
        render::DrawText(r, x + 162, y, MoveKind(m), DIM, 1);
        y += 12;
    }
}

}  // namespace

void DrawPause(SDL_Renderer* r, const PauseMenu& menu, const game::MatchDefs& defs) {
    constexpr int ITEMS = PAUSE_ITEMS;
    Shade(r, 0, 0, game::SCREEN_WIDTH_PX, game::SCREEN_HEIGHT_PX, 140);
    if (menu.moveList) {
        Shade(r, 24, 28, game::SCREEN_WIDTH_PX - 48, game::SCREEN_HEIGHT_PX - 56, 210);
        const std::string title = "MOVE LIST";
        render::DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - render::TextWidth(title, 3)) / 2, 38, title, GOLD, 3);
        MoveColumn(r, 44, 76, *defs.fighters[0]);
        MoveColumn(r, 344, 76, *defs.fighters[1]);
        const std::string key =
            "NUMPAD: 6 FORWARD, 2 DOWN, 3 DOWN-FORWARD; 5 STANDING, J. IN A JUMP; P K S: PUNCH KICK SPECIAL";
        render::DrawText(r, (game::SCREEN_WIDTH_PX - render::TextWidth(key, 1)) / 2, 300, key, DIM, 1);
        const std::string close = "ANY KEY: BACK";
        render::DrawText(r, (game::SCREEN_WIDTH_PX - render::TextWidth(close, 1)) / 2, 316, close, DIM, 1);
        return;
    }
    render::DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - render::TextWidth("PAUSED", 5)) / 2, 90, "PAUSED", GOLD, 5);
    for (int i = 0; i < ITEMS; ++i) Item(r, 142 + i * 24, PAUSE_ROWS[i], "", menu.cursor == i);
}

namespace {

// The device's name up to its first "(": the table's long names do not fit the panel's column.
std::string ShortWho(const char* who) {
    std::string w = who;
    const auto paren = w.find(" (");
    return Upper(paren == std::string::npos ? w : w.substr(0, paren));
}

}  // namespace

void DrawHelp(SDL_Renderer* r, const Bindings& bindings, const std::vector<std::string>& sceneKeys) {
    // Two more rows than the default controls had (fullscreen, mute): the panel reaches nearer the edges.
    Shade(r, 40, 16, game::SCREEN_WIDTH_PX - 80, game::SCREEN_HEIGHT_PX - 24, 225);
    int y = 26;
    const auto line = [&](const std::string& text, SDL_Color c) {
        render::DrawText(r, 60, y, text, c, 1);
        y += 12;
    };
    // Columns of the pixel font's 6 px characters.
    const auto row = [](std::string a, std::string b, std::string c, std::string d, std::string e) {
        a.resize(18, ' '), b.resize(21, ' '), c.resize(10, ' '), d.resize(10, ' ');
        return a + b + c + d + e;
    };
    render::DrawTextOutlined(r, 60, y, "CONTROLS", GOLD, 2);
    y += 24;
    line(row("", "MOVE", "PUNCH", "KICK", "SPECIAL"), DIM);
    // The current bindings (the options menu changes them); the table's words for the devices.
    for (std::size_t side = 0; side < 2; ++side) {
        const auto& k = bindings.keys[side];
        const auto name = [&](KeyAction a) { return KeyName(k[static_cast<std::size_t>(a)]); };
        const bool arrows = k[0] == SDL_SCANCODE_UP && k[1] == SDL_SCANCODE_DOWN && k[2] == SDL_SCANCODE_LEFT &&
                            k[3] == SDL_SCANCODE_RIGHT;
        const std::string moves = arrows ? "ARROWS"
                                         : name(KeyAction::Up) + " " + name(KeyAction::Left) + " " +
                                               name(KeyAction::Down) + " " + name(KeyAction::Right);
        line(row(ShortWho(PLAYER_CONTROLS[side].who), moves, name(KeyAction::Punch), name(KeyAction::Kick),
                 name(KeyAction::Special)),
             WHITE);
    }
    line(row(ShortWho(PLAYER_CONTROLS[2].who), Upper(PLAYER_CONTROLS[2].move), PadName(bindings.pad[0]),
             PadName(bindings.pad[1]), PadName(bindings.pad[2])),
         WHITE);
    y += 4;
    for (const char* note : PLAY_NOTES) line(Upper(note), WHITE);
    for (const KeyHelp& k : GAME_KEYS) line(Upper(std::string(k.key) + ": " + k.what), WHITE);
    line(KeyName(bindings.mute) + ": " + Upper(MUTE_KEY_HELP.what), WHITE);
    y += 6;
    if (!sceneKeys.empty()) {
        // A mode's own keys (training's) take the debug keys' place, closer set and wrapped at the
        // panel's edge; the debug keys shrink to one line: the panel has no room for both in full.
        render::DrawText(r, 60, y, "THIS MODE'S KEYS", GOLD, 1);
        y += 12;
        constexpr std::size_t COLUMNS = 88;  // the pixel font's 6 px characters from x 60 to the panel's edge
        for (std::string k : sceneKeys) {
            while (k.size() > COLUMNS) {
                const std::size_t cut = k.rfind(' ', COLUMNS);
                render::DrawText(r, 60, y, k.substr(0, cut), WHITE, 1);
                k = "    " + k.substr(cut + 1);
                y += 10;
            }
            render::DrawText(r, 60, y, k, WHITE, 1);
            y += 10;
        }
        std::string debugKeys = "DEBUG:";
        for (const KeyHelp& k : DEBUG_KEYS) debugKeys.append(" ").append(k.key);
        line(debugKeys + " (BRAWL --HELP SAYS WHAT EACH DOES)", RED);
        line("ANY KEY CLOSES THIS PANEL", DIM);
        return;
    }
    render::DrawTextOutlined(r, 60, y, "DEBUG", RED, 2);
    y += 22;
    for (const KeyHelp& k : DEBUG_KEYS) line(std::string(k.key) + "  " + Upper(k.what), WHITE);
    y += 4;
    line("ANY KEY CLOSES THIS PANEL", DIM);
}

LobbyView LobbyOf(const net::Session& session, const std::string& title, const Fighter& mine, const Fighter* theirs,
                  bool mineOnLeft) {
    LobbyView v;
    v.title = title;
    v.connected = session.Phase() != net::SessionPhase::Connecting;
    v.ready = session.LocalReady();
    v.peerReady = session.PeerReady();
    v.choosing = v.connected && !v.ready;
    v.status = !v.connected                ? "WAITING FOR AN OPPONENT"
               : session.PeerLeft()        ? "THE OPPONENT LEFT"
               : v.ready && !v.peerReady   ? "WAITING FOR THE OPPONENT TO CHOOSE"
               : session.MatchNumber() > 0 ? "REMATCH? CHOOSE YOUR FIGHTER"
                                           : "CHOOSE YOUR FIGHTER";
    v.mine = &mine;
    v.theirs = v.connected ? theirs : nullptr;
    v.mineOnLeft = mineOnLeft;
    if (v.connected && session.Stats().pingMillis >= 0)
        v.details.push_back("PING " + std::to_string(session.Stats().pingMillis) + " MS");
    v.hint = v.choosing ? "A/D OR ARROWS: FIGHTER   ENTER: READY   ESC: LEAVE" : "ESC: LEAVE";
    return v;
}

const char* MatchResultWords(int matchWinner) {
    return matchWinner == 0 ? "P1 won" : matchWinner == 1 ? "P2 won" : matchWinner == 2 ? "a draw" : "no winner yet";
}

std::string AddressList(const std::vector<std::string>& addresses) {
    std::string list;
    for (const std::string& a : addresses) list += (list.empty() ? "" : ", ") + a;
    return list;
}

LobbyFacts AnnounceOnline(const OnlineArgs& where, unsigned localPort, const std::string& stage) {
    LobbyFacts facts;
    if (!where.host) {
        std::fprintf(stderr, "brawl: joining %s:%u\n", where.address.c_str(), static_cast<unsigned>(where.port));
        return facts;
    }
    std::fprintf(stderr, "brawl: hosting on port %u, waiting for an opponent\n", localPort);
    facts.addresses = net::LocalIpv4Addresses();
    facts.hostStage = stage;
    if (!facts.addresses.empty())
        std::fprintf(stderr, "brawl: this machine's addresses: %s\n", AddressList(facts.addresses).c_str());
    return facts;
}

void AddLobbyFacts(LobbyView& view, const net::Session& session, const LobbyFacts& facts) {
    const bool waiting = session.Phase() == net::SessionPhase::Connecting;
    if (waiting && !facts.addresses.empty()) {
        // Three fit on the line; the rest are printed at start-up.
        const std::vector<std::string> shown(
            facts.addresses.begin(),
            facts.addresses.begin() + std::min<std::ptrdiff_t>(std::ssize(facts.addresses), 3));
        view.details.insert(view.details.begin(), "THIS MACHINE: " + AddressList(shown));
    }
    const std::string& stage = session.MatchNumber() > 0 ? session.StageId() : facts.hostStage;
    if (!stage.empty()) view.details.push_back("STAGE: " + Upper(stage));
    if (session.MatchNumber() > 0 && session.Phase() != net::SessionPhase::Running) {
        view.details.push_back("MATCH " + std::to_string(session.MatchNumber()) + ": " +
                               Upper(MatchResultWords(facts.lastWinner)));
        view.details.push_back("SCORE  P1 " + std::to_string(facts.score[0]) + " - " + std::to_string(facts.score[1]) +
                               " P2");
    }
    if (waiting && !facts.refusal.empty())
        view.details.push_back("TURNED AWAY: " + game::OneLine(Upper(facts.refusal), 70));
}

void DrawLobby(SDL_Renderer* r, const LobbyView& v, int animTick) {
    Shade(r, 0, 0, game::SCREEN_WIDTH_PX, game::SCREEN_HEIGHT_PX, 90);
    render::DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - render::TextWidth("ONLINE", 5)) / 2, 20, "ONLINE", GOLD, 5);
    render::DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - render::TextWidth(v.title, 2)) / 2, 64, v.title, WHITE, 2);
    render::DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - render::TextWidth(v.status, 2)) / 2, 88, v.status,
                             v.connected ? GOLD : DIM, 2);
    int detailY = 108;
    for (const std::string& line : v.details) {
        render::DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - render::TextWidth(line, 1)) / 2, detailY, line, WHITE, 1);
        detailY += 11;
    }
    const int mineX = v.mineOnLeft ? 150 : 490, theirsX = v.mineOnLeft ? 490 : 150;
    if (v.mine != nullptr && v.showSides) {
        DrawFighterIdle(r, *v.mine, mineX, game::FLOOR_Y_PX, !v.mineOnLeft, animTick);
        const std::string name =
            v.choosing ? "< " + v.mine->loaded.def.displayName + " >" : v.mine->loaded.def.displayName;
        render::DrawTextOutlined(r, mineX - render::TextWidth(name, 2) / 2, 120, name, v.choosing ? GOLD : WHITE, 2);
        const std::string state = v.ready ? "READY" : "YOU";
        render::DrawTextOutlined(r, mineX - render::TextWidth(state, 1) / 2, 140, state, v.ready ? GOLD : DIM, 1);
    }
    if (v.theirs != nullptr) {
        DrawFighterIdle(r, *v.theirs, theirsX, game::FLOOR_Y_PX, v.mineOnLeft, animTick);
        const std::string& name = v.theirs->loaded.def.displayName;
        render::DrawTextOutlined(r, theirsX - render::TextWidth(name, 2) / 2, 120, name, WHITE, 2);
    }
    if (v.connected && v.showSides) {
        const std::string state = v.peerReady ? "READY" : "CHOOSING";
        render::DrawTextOutlined(r, theirsX - render::TextWidth(state, 1) / 2, 140, state, v.peerReady ? GOLD : DIM, 1);
    }
    render::DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - render::TextWidth(v.hint, 1)) / 2, 344, v.hint, DIM, 1);
}

}  // namespace app
