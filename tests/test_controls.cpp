// The demo's input mapping without a keyboard or a pad in sight: SDL's dummy video driver for the
// key events, and SDL's virtual joysticks (typed as game controllers) plugged in and out for the
// pads. Checks the keys of both players, latching, menu moves, and that pads keep their seats.
#include "app/controls.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <vector>

namespace {

class Controls : public ::testing::Test {
protected:
    void SetUp() override {
        SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
        ASSERT_EQ(SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER), 0) << SDL_GetError();
    }
    void TearDown() override {
        for (SDL_Joystick* j : joysticks_) SDL_JoystickClose(j);
        SDL_Quit();
    }

    /// Feeds every pending SDL event to the controls, as the app's loop does each frame.
    void Pump(app::Controls& c) {
        SDL_Event e;
        while (SDL_PollEvent(&e) != 0) c.HandleEvent(e);
    }

    static SDL_Event Key(SDL_Scancode code) {
        SDL_Event e{};
        e.type = SDL_KEYDOWN;
        e.key.keysym.scancode = code;
        return e;
    }

    /// Plugs in a virtual pad whose buttons and axes are numbered as SDL_GameController's, and
    /// returns its joystick for pressing buttons.
    SDL_Joystick* PlugPad() {
        SDL_VirtualJoystickDesc desc{};
        desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
        desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
        desc.naxes = SDL_CONTROLLER_AXIS_MAX;
        desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
        const int device = SDL_JoystickAttachVirtualEx(&desc);
        EXPECT_GE(device, 0) << SDL_GetError();
        SDL_Joystick* j = SDL_JoystickOpen(device);
        EXPECT_NE(j, nullptr) << SDL_GetError();
        joysticks_.push_back(j);
        return j;
    }

    static void Unplug(SDL_Joystick* j) {
        for (int i = 0; i < SDL_NumJoysticks(); ++i) {
            if (SDL_JoystickGetDeviceInstanceID(i) == SDL_JoystickInstanceID(j)) {
                EXPECT_EQ(SDL_JoystickDetachVirtual(i), 0) << SDL_GetError();
                return;
            }
        }
        ADD_FAILURE() << "the pad is not plugged in";
    }

    static void Press(SDL_Joystick* j, SDL_GameControllerButton b, bool down) {
        ASSERT_EQ(SDL_JoystickSetVirtualButton(j, b, down ? SDL_PRESSED : SDL_RELEASED), 0) << SDL_GetError();
    }

    std::vector<SDL_Joystick*> joysticks_;
};

// A direction tapped between two reads counts once too (issue 36, item 8: a P2 training key, an
// arrow, tapped for about 12 ms was lost when no tick read it while it was down).
TEST_F(Controls, ATappedDirectionIsReadOnce) {
    app::Controls c;
    c.HandleEvent(Key(SDL_SCANCODE_LEFT));  // P2 left: training's reset into the left corner
    c.HandleEvent(Key(SDL_SCANCODE_W));     // P1 up
    EXPECT_EQ(c.Read(1).bits, game::Input::LEFT);
    EXPECT_EQ(c.Read(0).bits, game::Input::UP);
    EXPECT_EQ(c.Read(1).bits, 0) << "read once; no key is held";
    EXPECT_EQ(c.Read(0).bits, 0);
}

TEST_F(Controls, EachPlayersKeysLatchAPressUntilItIsRead) {
    app::Controls c;
    c.HandleEvent(Key(SDL_SCANCODE_J));     // P1 punch
    c.HandleEvent(Key(SDL_SCANCODE_KP_2));  // P2 kick
    EXPECT_EQ(c.Read(0).bits, game::Input::PUNCH);
    EXPECT_EQ(c.Read(1).bits, game::Input::KICK);
    EXPECT_EQ(c.Read(0).bits, 0) << "a tap is read once; no key is held";
    c.HandleEvent(Key(SDL_SCANCODE_L));
    c.HandleEvent(Key(SDL_SCANCODE_KP_3));
    EXPECT_EQ(c.Read(0).bits, game::Input::SPECIAL);
    EXPECT_EQ(c.Read(1).bits, game::Input::SPECIAL);
    SDL_Event repeat = Key(SDL_SCANCODE_K);
    repeat.key.repeat = 1;
    c.HandleEvent(repeat);
    EXPECT_EQ(c.Read(0).bits, 0) << "the keyboard's auto-repeat is not a new press";
}

TEST_F(Controls, KeysMoveThroughMenus) {
    app::Controls c;
    for (SDL_Scancode k : {SDL_SCANCODE_W, SDL_SCANCODE_DOWN, SDL_SCANCODE_A, SDL_SCANCODE_RIGHT, SDL_SCANCODE_RETURN,
                           SDL_SCANCODE_ESCAPE, SDL_SCANCODE_H})
        c.HandleEvent(Key(k));
    using M = app::MenuMove;
    EXPECT_EQ(c.TakeMenuMoves(), (std::vector<M>{M::Up, M::Down, M::Left, M::Right, M::Confirm, M::Back, M::Help}));
    EXPECT_TRUE(c.TakeMenuMoves().empty());
}

TEST_F(Controls, PadsTakeSeatsInTheOrderTheyArePluggedIn) {
    app::Controls c;
    SDL_Joystick* first = PlugPad();
    SDL_Joystick* second = PlugPad();
    Pump(c);
    ASSERT_EQ(c.PadCount(), 2);
    Press(second, SDL_CONTROLLER_BUTTON_A, true);
    Pump(c);
    EXPECT_EQ(c.Read(1).bits, game::Input::PUNCH) << "the second pad plays for player 2";
    EXPECT_EQ(c.Read(0).bits, 0);
    Press(second, SDL_CONTROLLER_BUTTON_A, false);
    Press(first, SDL_CONTROLLER_BUTTON_DPAD_RIGHT, true);
    Press(first, SDL_CONTROLLER_BUTTON_B, true);
    Pump(c);
    EXPECT_EQ(c.Read(0).bits, game::Input::RIGHT | game::Input::KICK);
    EXPECT_EQ(c.Read(1).bits, 0);
}

TEST_F(Controls, AnUnpluggedPadLeavesItsSeatForTheNextOne) {
    app::Controls c;
    SDL_Joystick* first = PlugPad();
    SDL_Joystick* second = PlugPad();
    Pump(c);
    Unplug(first);
    Pump(c);
    EXPECT_EQ(c.PadCount(), 1);
    Press(second, SDL_CONTROLLER_BUTTON_X, true);
    Pump(c);
    EXPECT_EQ(c.Read(1).bits, game::Input::SPECIAL) << "player 2's pad kept its side";
    EXPECT_EQ(c.Read(0).bits, 0);
    SDL_Joystick* third = PlugPad();
    Pump(c);
    EXPECT_EQ(c.PadCount(), 2);
    Press(third, SDL_CONTROLLER_BUTTON_A, true);
    Pump(c);
    EXPECT_EQ(c.Read(0).bits, game::Input::PUNCH) << "the new pad took player 1's empty seat";
}

TEST_F(Controls, TheLeftStickPastItsDeadZoneSteers) {
    app::Controls c;
    SDL_Joystick* pad = PlugPad();
    Pump(c);
    ASSERT_EQ(SDL_JoystickSetVirtualAxis(pad, SDL_CONTROLLER_AXIS_LEFTX, -8000), 0) << SDL_GetError();
    Pump(c);
    EXPECT_EQ(c.Read(0).bits, 0) << "a small tilt is inside the dead zone";
    ASSERT_EQ(SDL_JoystickSetVirtualAxis(pad, SDL_CONTROLLER_AXIS_LEFTX, -30000), 0);
    ASSERT_EQ(SDL_JoystickSetVirtualAxis(pad, SDL_CONTROLLER_AXIS_LEFTY, 30000), 0);
    Pump(c);
    EXPECT_EQ(c.Read(0).bits, game::Input::LEFT | game::Input::DOWN);
}

TEST_F(Controls, PadButtonsMoveThroughMenusAndBGoesBack) {
    app::Controls c;
    SDL_Joystick* pad = PlugPad();
    Pump(c);
    c.TakeMenuMoves();
    for (SDL_GameControllerButton b : {SDL_CONTROLLER_BUTTON_DPAD_UP, SDL_CONTROLLER_BUTTON_A, SDL_CONTROLLER_BUTTON_B,
                                       SDL_CONTROLLER_BUTTON_START}) {
        Press(pad, b, true);
        Pump(c);
        Press(pad, b, false);
        Pump(c);
    }
    using M = app::MenuMove;
    EXPECT_EQ(c.TakeMenuMoves(), (std::vector<M>{M::Up, M::Confirm, M::Cancel, M::Back}));
}

}  // namespace

namespace {

// The bindings decide: a rebound key plays, the old one no longer does, menus follow player 1's keys.
TEST_F(Controls, TheCurrentBindingsDecideWhichKeysAndButtonsPlay) {
    app::Controls c;
    app::Bindings b = app::Bindings::Defaults();
    b.keys[0][static_cast<std::size_t>(app::KeyAction::Punch)] = SDL_SCANCODE_I;
    b.keys[0][static_cast<std::size_t>(app::KeyAction::Up)] = SDL_SCANCODE_T;
    b.keys[1][static_cast<std::size_t>(app::KeyAction::Kick)] = SDL_SCANCODE_KP_5;
    b.pad[1] = {SDL_CONTROLLER_BUTTON_Y, SDL_CONTROLLER_BUTTON_INVALID};
    b.pad[2] = {SDL_CONTROLLER_BUTTON_X, SDL_CONTROLLER_BUTTON_INVALID};
    c.SetBindings(b);
    c.HandleEvent(Key(SDL_SCANCODE_J));
    EXPECT_EQ(c.Read(0).bits, 0) << "J no longer punches";
    c.HandleEvent(Key(SDL_SCANCODE_I));
    c.HandleEvent(Key(SDL_SCANCODE_KP_5));
    EXPECT_EQ(c.Read(0).bits, game::Input::PUNCH);
    EXPECT_EQ(c.Read(1).bits, game::Input::KICK);
    c.TakeMenuMoves();
    c.HandleEvent(Key(SDL_SCANCODE_T));
    c.HandleEvent(Key(SDL_SCANCODE_I));
    c.HandleEvent(Key(SDL_SCANCODE_W));
    c.HandleEvent(Key(SDL_SCANCODE_UP));  // the arrows always move in menus
    EXPECT_EQ(c.TakeMenuMoves(),
              (std::vector<app::MenuMove>{app::MenuMove::Up, app::MenuMove::Confirm, app::MenuMove::Up}));
    SDL_Joystick* pad = PlugPad();
    Pump(c);
    Press(pad, SDL_CONTROLLER_BUTTON_Y, true);
    Pump(c);
    EXPECT_EQ(c.Read(0).bits & game::Input::KICK, game::Input::KICK) << "Y kicks now";
    EXPECT_EQ(c.Read(0).bits & game::Input::SPECIAL, 0);
}

}  // namespace
