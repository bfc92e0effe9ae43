// Device state to game::Input. Keys and pad buttons (the d-pad too) are latched on their down
// event, so a press is never lost between two reads, a direction's neither; the stick is read as held.
#include "app/controls.h"

#include <algorithm>

namespace app {

namespace {

constexpr Sint16 STICK_DEAD_ZONE = 12000;

constexpr std::uint8_t KEY_ACTION_BITS[KEY_ACTION_COUNT] = {game::Input::UP,     game::Input::DOWN,  game::Input::LEFT,
                                                            game::Input::RIGHT,  game::Input::PUNCH, game::Input::KICK,
                                                            game::Input::SPECIAL};
constexpr std::uint8_t PAD_BITS[PAD_ACTION_COUNT] = {game::Input::PUNCH, game::Input::KICK, game::Input::SPECIAL};

// The attack bits a key press latches for one player (directions are read as held).
// Every control a key is for on `side` (directions too: a direction tapped between two ticks
// counts, as training's keys on player 2's arrows need).
std::uint8_t PressBits(const Bindings& b, SDL_Scancode code, int side) {
    std::uint8_t bits = 0;
    for (std::size_t a = 0; a < KEY_ACTION_COUNT; ++a) {
        if (code == b.keys[static_cast<std::size_t>(side)][a]) bits |= KEY_ACTION_BITS[a];
    }
    return bits;
}

std::uint8_t PadButtonBit(const Bindings& b, std::uint8_t button) {
    std::uint8_t bits = button == SDL_CONTROLLER_BUTTON_DPAD_UP      ? game::Input::UP
                        : button == SDL_CONTROLLER_BUTTON_DPAD_DOWN  ? game::Input::DOWN
                        : button == SDL_CONTROLLER_BUTTON_DPAD_LEFT  ? game::Input::LEFT
                        : button == SDL_CONTROLLER_BUTTON_DPAD_RIGHT ? game::Input::RIGHT
                                                                     : 0;
    for (std::size_t a = 0; a < PAD_ACTION_COUNT; ++a) {
        for (const SDL_GameControllerButton bound : b.pad[a]) {
            if (bound != SDL_CONTROLLER_BUTTON_INVALID && bound == button) bits |= PAD_BITS[a];
        }
    }
    return bits;
}

// A menu move from a key: the fixed menu keys, and player 1's bound directions and punch.
MenuMove MenuMoveOf(const Bindings& b, SDL_Scancode code) {
    switch (code) {
        case SDL_SCANCODE_UP:
            return MenuMove::Up;
        case SDL_SCANCODE_DOWN:
            return MenuMove::Down;
        case SDL_SCANCODE_LEFT:
            return MenuMove::Left;
        case SDL_SCANCODE_RIGHT:
            return MenuMove::Right;
        case SDL_SCANCODE_RETURN:
        case SDL_SCANCODE_KP_ENTER:
        case SDL_SCANCODE_SPACE:
            return MenuMove::Confirm;
        case SDL_SCANCODE_ESCAPE:
            return MenuMove::Back;
        case SDL_SCANCODE_H:
            return MenuMove::Help;
        default:
            break;
    }
    const auto& p1 = b.keys[0];
    const std::pair<KeyAction, MenuMove> FROM_P1[] = {{KeyAction::Up, MenuMove::Up},
                                                      {KeyAction::Down, MenuMove::Down},
                                                      {KeyAction::Left, MenuMove::Left},
                                                      {KeyAction::Right, MenuMove::Right},
                                                      {KeyAction::Punch, MenuMove::Confirm}};
    for (const auto& [action, move] : FROM_P1) {
        if (code == p1[static_cast<std::size_t>(action)]) return move;
    }
    return MenuMove::None;
}

}  // namespace

Bindings Bindings::Defaults() {
    Bindings b;
    b.keys[0] = {SDL_SCANCODE_W, SDL_SCANCODE_S, SDL_SCANCODE_A, SDL_SCANCODE_D,
                 SDL_SCANCODE_J, SDL_SCANCODE_K, SDL_SCANCODE_L};
    b.keys[1] = {SDL_SCANCODE_UP,   SDL_SCANCODE_DOWN, SDL_SCANCODE_LEFT, SDL_SCANCODE_RIGHT,
                 SDL_SCANCODE_KP_1, SDL_SCANCODE_KP_2, SDL_SCANCODE_KP_3};
    b.pad[0] = {SDL_CONTROLLER_BUTTON_A, SDL_CONTROLLER_BUTTON_INVALID};
    b.pad[1] = {SDL_CONTROLLER_BUTTON_B, SDL_CONTROLLER_BUTTON_INVALID};
    b.pad[2] = {SDL_CONTROLLER_BUTTON_X, SDL_CONTROLLER_BUTTON_Y};
    b.mute = SDL_SCANCODE_M;
    return b;
}

Controls::~Controls() {
    for (SDL_GameController* p : pads_) {
        if (p != nullptr) SDL_GameControllerClose(p);
    }
}

void Controls::HandleEvent(const SDL_Event& e) {
    switch (e.type) {
        case SDL_CONTROLLERDEVICEADDED:
            // A new pad takes the first free seat: a player whose pad was unplugged gets the next
            // one back, and nobody else's pad changes hands.
            if (SDL_GameController* pad = SDL_GameControllerOpen(e.cdevice.which)) {
                const auto seat = std::find(pads_.begin(), pads_.end(), nullptr);
                seat != pads_.end() ? void(*seat = pad) : pads_.push_back(pad);
            }
            break;
        case SDL_CONTROLLERDEVICEREMOVED: {
            SDL_GameController* gone = SDL_GameControllerFromInstanceID(e.cdevice.which);
            const auto it = std::find(pads_.begin(), pads_.end(), gone);
            if (gone != nullptr && it != pads_.end()) {
                SDL_GameControllerClose(*it);
                *it = nullptr;  // the seat stays: the other player's pad keeps its side
            }
            while (!pads_.empty() && pads_.back() == nullptr) pads_.pop_back();
            break;
        }
        case SDL_KEYDOWN: {
            if (e.key.repeat) break;
            const SDL_Scancode code = e.key.keysym.scancode;
            for (int side = 0; side < 2; ++side)
                latched_[static_cast<std::size_t>(side)] |= PressBits(bindings_, code, side);
            if (const MenuMove move = MenuMoveOf(bindings_, code); move != MenuMove::None) menu_.push_back(move);
            break;
        }
        case SDL_CONTROLLERBUTTONDOWN: {
            SDL_GameController* pad = SDL_GameControllerFromInstanceID(e.cbutton.which);
            const auto it = std::find(pads_.begin(), pads_.end(), pad);
            const auto side = static_cast<std::size_t>(it - pads_.begin());
            if (pad != nullptr && it != pads_.end() && side < 2)
                latched_[side] |= PadButtonBit(bindings_, e.cbutton.button);
            switch (e.cbutton.button) {
                case SDL_CONTROLLER_BUTTON_DPAD_UP:
                    menu_.push_back(MenuMove::Up);
                    break;
                case SDL_CONTROLLER_BUTTON_DPAD_DOWN:
                    menu_.push_back(MenuMove::Down);
                    break;
                case SDL_CONTROLLER_BUTTON_DPAD_LEFT:
                    menu_.push_back(MenuMove::Left);
                    break;
                case SDL_CONTROLLER_BUTTON_DPAD_RIGHT:
                    menu_.push_back(MenuMove::Right);
                    break;
                case SDL_CONTROLLER_BUTTON_A:
                    menu_.push_back(MenuMove::Confirm);
                    break;
                case SDL_CONTROLLER_BUTTON_START:
                    menu_.push_back(MenuMove::Back);
                    break;
                case SDL_CONTROLLER_BUTTON_B:
                    menu_.push_back(MenuMove::Cancel);
                    break;  // kick in a fight
                case SDL_CONTROLLER_BUTTON_BACK:
                    menu_.push_back(MenuMove::Help);
                    break;
                default:
                    break;
            }
            break;
        }
        default:
            break;
    }
}

game::Input Controls::Read(int side) {
    const Uint8* keys = SDL_GetKeyboardState(nullptr);
    std::uint8_t bits = latched_[static_cast<std::size_t>(side)];
    latched_[static_cast<std::size_t>(side)] = 0;
    const auto& keysOfSide = bindings_.keys[static_cast<std::size_t>(side)];
    for (std::size_t a = 0; a < KEY_ACTION_COUNT; ++a) {
        if (keys[keysOfSide[a]]) bits |= KEY_ACTION_BITS[a];
    }
    if (static_cast<std::size_t>(side) < pads_.size() && pads_[static_cast<std::size_t>(side)] != nullptr) {
        SDL_GameController* pad = pads_[static_cast<std::size_t>(side)];
        const auto held = [&](SDL_GameControllerButton b) { return SDL_GameControllerGetButton(pad, b) != 0; };
        const Sint16 sx = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTX);
        const Sint16 sy = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTY);
        if (held(SDL_CONTROLLER_BUTTON_DPAD_UP) || sy < -STICK_DEAD_ZONE) bits |= game::Input::UP;
        if (held(SDL_CONTROLLER_BUTTON_DPAD_DOWN) || sy > STICK_DEAD_ZONE) bits |= game::Input::DOWN;
        if (held(SDL_CONTROLLER_BUTTON_DPAD_LEFT) || sx < -STICK_DEAD_ZONE) bits |= game::Input::LEFT;
        if (held(SDL_CONTROLLER_BUTTON_DPAD_RIGHT) || sx > STICK_DEAD_ZONE) bits |= game::Input::RIGHT;
        for (std::size_t a = 0; a < PAD_ACTION_COUNT; ++a) {
            for (const SDL_GameControllerButton b : bindings_.pad[a]) {
                if (b != SDL_CONTROLLER_BUTTON_INVALID && held(b)) bits |= PAD_BITS[a];
            }
        }
    }
    return game::Input{bits};
}

std::vector<MenuMove> Controls::TakeMenuMoves() {
    std::vector<MenuMove> out;
    out.swap(menu_);
    return out;
}

}  // namespace app
