// The scene table: one line per scene. A new scene is a new file scene_<name>.cpp defining a
// class derived from Scene and its factory, plus its line here.
#include "app/scene.h"

namespace app {

// The factory is declared where it is named (a block-scope declaration), so a scene's line is the
// only line it needs: its file defines the function.
#define HOTMAP_SCENE(name, factory, needsRoster)                  \
    SceneEntry {                                                  \
        name,                                                     \
            [](const SceneArgs& args) {                           \
                std::unique_ptr<Scene> factory(const SceneArgs&); \
                return factory(args);                             \
            },                                                    \
            needsRoster                                           \
    }

// (Outside an unnamed namespace: there the declaration would name a function of that namespace.)
static const SceneEntry SCENES[] = {
    HOTMAP_SCENE("title", MakeTitleScene, true),     // scene_title.cpp: the title screen and its menu
    HOTMAP_SCENE("fight", MakeFightScene, true),     // scene_fight.cpp: a match, its pause menu, replays
    HOTMAP_SCENE("bumper", MakeBumperScene, false),  // scene_bumper.cpp: the DirectDraw seed's Bumper demo
};

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
