// The one path from a key or a button to the developer's settings.
#include "debug/commands.h"

namespace debug {

bool Apply(Settings& s, const Command& c) {
    switch (c.kind) {
        case CommandKind::ToggleOverlay:
            s.overlay = !s.overlay;
            return true;
        case CommandKind::TogglePause:
            s.paused = !s.paused;
            return true;
        case CommandKind::Pause:
            s.paused = true;
            return true;
        case CommandKind::Step:
            // A step means "stop here, then one tick": it pauses a running game first.
            s.paused = true;
            s.stepRequested = true;
            return true;
        case CommandKind::CycleSlow:
            s.slowFactor = s.slowFactor == 1 ? 2 : s.slowFactor == 2 ? 4 : 1;
            return true;
        case CommandKind::SetSlow:
            s.slowFactor = c.value == 2 || c.value == 4 ? c.value : 1;
            return true;
        case CommandKind::CycleView:
            s.view = s.view == render::ViewMode::Sprites   ? render::ViewMode::Hotmaps
                     : s.view == render::ViewMode::Hotmaps ? render::ViewMode::Both
                                                           : render::ViewMode::Sprites;
            return true;
        case CommandKind::SetView:
            s.view = c.view;
            return true;
        case CommandKind::ResetRound:
        case CommandKind::CycleDetection:
        case CommandKind::SetDetection:
            return false;
    }
    return false;
}

game::DetectionMode NextDetection(game::DetectionMode m) {
    return m == game::DetectionMode::PerPixel    ? game::DetectionMode::BoxesOnly
           : m == game::DetectionMode::BoxesOnly ? game::DetectionMode::BoxesInset
                                                 : game::DetectionMode::PerPixel;
}

}  // namespace debug
