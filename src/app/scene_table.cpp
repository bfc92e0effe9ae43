// The scene table: one line per scene. A new scene is a new file scene_<name>.cpp defining a
// class derived from Scene and its factory, plus its line here.
#include "app/scene.h"

namespace app {

// The factory is declared where it is named (a block-scope declaration), so a scene's line is the
// only line it needs: its file defines the function. `titleLabel`: the title's row that starts it (a
// mode: the title lists them in this order), or nullptr.
#define HOTMAP_SCENE(name, factory, needsRoster, endsItself, titleLabel) \
    SceneEntry {                                                         \
        name,                                                            \
            [](const SceneArgs& args) {                                  \
                std::unique_ptr<Scene> factory(const SceneArgs&);        \
                return factory(args);                                    \
            },                                                           \
            needsRoster, endsItself, titleLabel                          \
    }

// (Outside an unnamed namespace: there the declaration would name a function of that namespace.)
// clang-format off
static const SceneEntry SCENES[] = {
    HOTMAP_SCENE("title", MakeTitleScene, true, false, nullptr),           // scene_title.cpp: the title screen and its menu
    HOTMAP_SCENE("fight", MakeFightScene, true, false, "START"),           // scene_fight.cpp: a match, its pause menu, replays
    HOTMAP_SCENE("training", MakeTrainingScene, true, false, "TRAINING"),  // scene_training.cpp: the dummy, the frame meter
    HOTMAP_SCENE("online", MakeOnlineScene, true, true, "HOST ONLINE"),    // scene_online.cpp: a match against a peer (rollback)
    HOTMAP_SCENE("spectate", MakeSpectateScene, true, true, "SPECTATE"),  // scene_spectate.cpp: a host's match, watched
    HOTMAP_SCENE("bumper", MakeBumperScene, false, false, nullptr),        // scene_bumper.cpp: the DirectDraw seed's Bumper demo
    HOTMAP_SCENE("synctest", MakeSyncTestScene, true, true, nullptr),      // scene_synctest.cpp: GGPO's sync test
    HOTMAP_SCENE("options", MakeOptionsScene, true, false, nullptr),       // scene_options.cpp: the options menu alone
};
// clang-format on

#undef HOTMAP_SCENE

std::span<const SceneEntry> SceneTable() {
    return SCENES;
}

const SceneEntry* FindScene(std::string_view name) {
    for (const SceneEntry& e : SCENES) {
        if (name == e.name) return &e;
    }
    return nullptr;
}

std::string SceneNames() {
    std::string out;
    for (std::size_t i = 0; i < std::size(SCENES); ++i) {
        if (i > 0) out += i + 1 == std::size(SCENES) ? " or " : ", ";
        out += SCENES[i].name;
    }
    return out;
}

}  // namespace app
