// Device state to game::Input. Buttons are latched on their down event, so a press is never lost
// between two reads; directions are read as held.
#include "app/controls.h"

#include <algorithm>

namespace app {

namespace {

struct Keys {
    SDL_Scancode up, down, left, right, punch, kick, special;
};
constexpr Keys KEYS[2] = {
    {SDL_SCANCODE_W, SDL_SCANCODE_S, SDL_SCANCODE_A, SDL_SCANCODE_D, SDL_SCANCODE_J, SDL_SCANCODE_K, SDL_SCANCODE_L},
    {SDL_SCANCODE_UP, SDL_SCANCODE_DOWN, SDL_SCANCODE_LEFT, SDL_SCANCODE_RIGHT, SDL_SCANCODE_KP_1, SDL_SCANCODE_KP_2,
     SDL_SCANCODE_KP_3},
};
constexpr Sint16 STICK_DEAD_ZONE = 12000;

std::uint8_t ButtonBit(SDL_Scancode code, int side) {
    const Keys& k = KEYS[side];
    if (code == k.punch) return game::Input::PUNCH;
    if (code == k.kick) return game::Input::KICK;
    if (code == k.special) return game::Input::SPECIAL;
    return 0;
}

std::uint8_t PadButtonBit(std::uint8_t button) {
    switch (button) {
        case SDL_CONTROLLER_BUTTON_A:
            return game::Input::PUNCH;
        case SDL_CONTROLLER_BUTTON_B:
            return game::Input::KICK;
        case SDL_CONTROLLER_BUTTON_X:
        case SDL_CONTROLLER_BUTTON_Y:
            return game::Input::SPECIAL;
        default:
            return 0;
    }
}

}  // namespace

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
            for (int side = 0; side < 2; ++side) latched_[static_cast<std::size_t>(side)] |= ButtonBit(code, side);
            switch (code) {
                case SDL_SCANCODE_W:
                case SDL_SCANCODE_UP:
                    menu_.push_back(MenuMove::Up);
                    break;
                case SDL_SCANCODE_S:
                case SDL_SCANCODE_DOWN:
                    menu_.push_back(MenuMove::Down);
                    break;
                case SDL_SCANCODE_A:
                case SDL_SCANCODE_LEFT:
                    menu_.push_back(MenuMove::Left);
                    break;
                case SDL_SCANCODE_D:
                case SDL_SCANCODE_RIGHT:
                    menu_.push_back(MenuMove::Right);
                    break;
                case SDL_SCANCODE_RETURN:
                case SDL_SCANCODE_KP_ENTER:
                case SDL_SCANCODE_SPACE:
                case SDL_SCANCODE_J:
                    menu_.push_back(MenuMove::Confirm);
                    break;
                case SDL_SCANCODE_ESCAPE:
                    menu_.push_back(MenuMove::Back);
                    break;
                case SDL_SCANCODE_H:
                    menu_.push_back(MenuMove::Help);
                    break;
                default:
                    break;
            }
            break;
        }
        case SDL_CONTROLLERBUTTONDOWN: {
            SDL_GameController* pad = SDL_GameControllerFromInstanceID(e.cbutton.which);
            const auto it = std::find(pads_.begin(), pads_.end(), pad);
            const auto side = static_cast<std::size_t>(it - pads_.begin());
            if (pad != nullptr && it != pads_.end() && side < 2) latched_[side] |= PadButtonBit(e.cbutton.button);
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
    const Keys& k = KEYS[side];
    std::uint8_t bits = latched_[static_cast<std::size_t>(side)];
    latched_[static_cast<std::size_t>(side)] = 0;
    if (keys[k.up]) bits |= game::Input::UP;
    if (keys[k.down]) bits |= game::Input::DOWN;
    if (keys[k.left]) bits |= game::Input::LEFT;
    if (keys[k.right]) bits |= game::Input::RIGHT;
    if (keys[k.punch]) bits |= game::Input::PUNCH;
    if (keys[k.kick]) bits |= game::Input::KICK;
    if (keys[k.special]) bits |= game::Input::SPECIAL;
    if (static_cast<std::size_t>(side) < pads_.size() && pads_[static_cast<std::size_t>(side)] != nullptr) {
        SDL_GameController* pad = pads_[static_cast<std::size_t>(side)];
        const auto held = [&](SDL_GameControllerButton b) { return SDL_GameControllerGetButton(pad, b) != 0; };
        const Sint16 sx = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTX);
        const Sint16 sy = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTY);
        if (held(SDL_CONTROLLER_BUTTON_DPAD_UP) || sy < -STICK_DEAD_ZONE) bits |= game::Input::UP;
        if (held(SDL_CONTROLLER_BUTTON_DPAD_DOWN) || sy > STICK_DEAD_ZONE) bits |= game::Input::DOWN;
        if (held(SDL_CONTROLLER_BUTTON_DPAD_LEFT) || sx < -STICK_DEAD_ZONE) bits |= game::Input::LEFT;
        if (held(SDL_CONTROLLER_BUTTON_DPAD_RIGHT) || sx > STICK_DEAD_ZONE) bits |= game::Input::RIGHT;
        if (held(SDL_CONTROLLER_BUTTON_A)) bits |= game::Input::PUNCH;
        if (held(SDL_CONTROLLER_BUTTON_B)) bits |= game::Input::KICK;
        if (held(SDL_CONTROLLER_BUTTON_X) || held(SDL_CONTROLLER_BUTTON_Y)) bits |= game::Input::SPECIAL;
    }
    return game::Input{bits};
}

std::vector<MenuMove> Controls::TakeMenuMoves() {
    std::vector<MenuMove> out;
    out.swap(menu_);
    return out;
}

}  // namespace app
