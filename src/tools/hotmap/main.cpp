// hotmap: the command-line tool for hotmap authors. No window: it loads PNGs, builds masks and
// prints answers. Subcommands live in cmd_*.cpp; this file only dispatches.
#include "game/text.h"
#include "tools/hotmap/commands.h"

#include <cstdio>
#include <cstring>
#include <new>
#include <string>
#include <vector>

namespace {

constexpr const char* USAGE =
    "usage: hotmap <command> [arguments]   (hotmap <command> --help for each; hotmap --version)\n"
    "\n"
    "commands:\n"
    "  lint      check fighters: pairing, sizes, colours, manifest references (exit 1 on errors)\n"
    "  template  starter hotmaps from sprites (one, or a whole fighter): faint to air, opaque to hurt\n"
    "  import    a fighter folder from art made elsewhere: numbered frames, a grid sheet, Aseprite\n"
    "  preview   a sprite with its hotmap tinted over it, or a whole fighter's contact sheet\n"
    "  collide   place two hotmap PNGs in the world and report what collides, as JSON\n"
    "  framedata each move's ticks, advantages and pixel ranges against an opponent (Markdown or JSON)\n"
    "  moves     a fighter's moves, and the move stubs its painted frames suggest (--suggest adds them)\n"
    "\n"
    "Hotmap colours: FF00FF (or alpha 0) is air, FF0000 is attack, any other colour is hurt.\n";

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "%s", USAGE);
        return hotmap::EXIT_USAGE;
    }
    const std::string command = argv[1];
    const std::vector<std::string> args(argv + 2, argv + argc);
    if (command == "--help" || command == "-h" || command == "help") {
        std::printf("%s", USAGE);
        return hotmap::EXIT_OK;
    }
    if (command == "--version") {
        std::printf("hotmap %s\n", HOTMAP_VERSION);
        return hotmap::EXIT_OK;
    }
    // The loaders turn out-of-memory into error lines; this is the last guard, so that nothing
    // ends the tool with an uncaught exception.
    try {
        if (command == "collide") return hotmap::RunCollide(args);
        if (command == "lint") return hotmap::RunLint(args);
        if (command == "template") return hotmap::RunTemplate(args);
        if (command == "preview") return hotmap::RunPreview(args);
        if (command == "import") return hotmap::RunImport(args);
        if (command == "framedata") return hotmap::RunFramedata(args);
        if (command == "moves") return hotmap::RunMoves(args);
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "hotmap: out of memory\n");
        return hotmap::EXIT_DATA;
    }
    std::fprintf(stderr, "hotmap: unknown command '%s'\n%s", game::Printable(command).c_str(), USAGE);
    return hotmap::EXIT_USAGE;
}
