// import_art: writes the import tests' art set (import_art.h) to a folder, and paints attack into a
// hotmap as an author would with a pencil, for the walk-through in docs/authoring.md. Test-only.
#include "assets/assets.h"
#include "import_art.h"

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
    const std::string command = argc > 1 ? argv[1] : "";
    if (command == "folder" && argc == 3) {
        importart::WriteFolder(argv[2]);
        std::printf("import_art: 12 frames of 64x80 in %s\n", argv[2]);
        return 0;
    }
    if (command == "grid" && argc == 3) {
        importart::WriteGrid(argv[2]);
        std::printf("import_art: %s/sheet.png (8 x 4 cells of 128x128), %s/offsets.csv and %s/atlas.xml\n", argv[2],
                    argv[2], argv[2]);
        return 0;
    }
    if (command == "paint" && argc == 7) {
        auto img = assets::LoadPng(argv[2]);
        if (!img.Ok()) {
            std::fprintf(stderr, "%s\n", img.GetError().ToLine().c_str());
            return 1;
        }
        const importart::Box box{std::atoi(argv[3]), std::atoi(argv[4]), std::atoi(argv[5]), std::atoi(argv[6])};
        assets::Image hot = std::move(img).Value();
        if (!importart::PaintAttack(argv[2], box, hot.rgba, hot.widthPx, hot.heightPx)) {
            std::fprintf(stderr, "error: %s: nothing but air in that box\n", argv[2]);
            return 1;
        }
        std::printf("import_art: painted FF0000 over the body in %s\n", argv[2]);
        return 0;
    }
    std::fprintf(stderr, "usage: import_art folder DIR | grid DIR | paint HOTMAP.png X0 Y0 X1 Y1 (a box, inclusive)\n");
    return 2;
}
