// hotmap moves: a fighter's moves with their timing, and the stubs its painted frames suggest
// (moves.h: one for each animation whose hotmaps hold attack pixels and that no move plays). With
// --suggest the stubs are added to fighter.json, checked by the reader's own rules first, so that
// lint passes. The fighter is read through the loader (the game's view of its masks).
#include "assets/files.h"
#include "assets/format.h"
#include "game/text.h"
#include "tools/hotmap/commands.h"
#include "tools/hotmap/moves.h"
#include "tools/hotmap/project.h"

#include <cstdio>
#include <string>

namespace hotmap {

namespace {

constexpr const char* MOVES_USAGE = "usage: hotmap moves FIGHTER_DIR [--suggest]\n";
constexpr const char* MOVES_HELP =
    "\n"
    "Lists the moves of the fighter in FIGHTER_DIR (assets/<name>): button, stance, active frames,\n"
    "and startup, active and recovery in ticks. Then the stubs its painted frames suggest: one for\n"
    "each animation whose hotmaps hold attack pixels (FF0000) and that no move plays (the required\n"
    "animations, projectiles and throw tosses aside). A stub's active frames are the animation's\n"
    "first run of frames with attack pixels, its startup and recovery the frames before and after.\n"
    "Its button and stance come from its name (kick: the kick button; special, fireball, super: the\n"
    "special; crouch: crouching; jump or air: in a jump; else punch, standing), or the next button\n"
    "free in that stance. Its other fields: damage 60 (90 on the kick button), hitstun 14,\n"
    "blockstun 10, hitstop 6, knockback 3, height mid (docs/manifest.md says what each does).\n"
    "  --suggest   add the stubs to fighter.json (written again by the format's writer: the same\n"
    "              fields in its own layout), after checking them by the game's rules\n"
    "Exit: 0 ok, 1 a fighter that does not load (error: <file>: <what>), 2 bad usage.\n";

int UsageError(const std::string& what) {
    std::fprintf(stderr, "hotmap moves: %s\n%s", game::OneLine(what).c_str(), MOVES_USAGE);
    return EXIT_USAGE;
}

int DataError(const assets::Error& e) {
    std::fprintf(stderr, "%s\n", e.ToLine().c_str());
    return EXIT_DATA;
}

}  // namespace

int RunMoves(std::span<const std::string> args) {
    std::string dir;
    bool suggest = false;
    for (const std::string& arg : args) {
        if (arg == "--help" || arg == "-h") {
            std::printf("%s%s", MOVES_USAGE, MOVES_HELP);
            return EXIT_OK;
        } else if (arg == "--suggest") {
            suggest = true;
        } else if (!arg.empty() && arg[0] == '-') {
            return UsageError("unknown option '" + arg + "'");
        } else if (dir.empty()) {
            dir = arg;
        } else {
            return UsageError("one FIGHTER_DIR only");
        }
    }
    if (dir.empty()) return UsageError("name a fighter's folder (assets/<name>)");
    const auto targets = ResolveFighters(dir);
    if (!targets.Ok()) return DataError(targets.GetError());
    if (targets.Value().size() != 1)
        return DataError(
            {assets::ErrorCode::NoFighters, dir, "a project folder: name one fighter's folder (assets/<name>)"});
    const FighterTarget& target = targets.Value()[0];
    const auto loaded = assets::LoadFighter(target.roots, target.id);
    if (!loaded.Ok()) return DataError(loaded.GetError());
    const std::string manifestPath = loaded.Value().manifestPath;
    const auto text = assets::ReadInputFile(manifestPath, assets::limits::MANIFEST_BYTES, "a manifest");
    if (!text.Ok()) return DataError(text.GetError());
    auto read = assets::ReadManifest(std::string(text.Value().begin(), text.Value().end()), manifestPath);
    if (!read.Ok()) return DataError(read.GetError());
    assets::Manifest manifest = std::move(read).Value();

    const auto animationOf = [&](const std::string& name) -> const assets::ManifestAnimation* {
        for (const assets::ManifestAnimation& a : manifest.animations)
            if (a.name == name) return &a;
        return nullptr;
    };
    for (const assets::ManifestMove& m : manifest.moves) {
        std::string line = game::Printable(m.name) + ": " + game::NameOf(game::BUTTON_NAMES, m.button) + ", " +
                           game::NameOf(game::STANCE_NAMES, m.stance);
        if (!m.motion.empty()) line += ", motion " + game::Printable(m.motion);
        if (m.active) {
            line += ", active [" + std::to_string((*m.active)[0]) + ", " + std::to_string((*m.active)[1]) + "]";
            if (const auto* anim = animationOf(m.animation))
                line += ": " + TimingText(*anim, (*m.active)[0], (*m.active)[1]);
        }
        if (m.projectile) line += ", throws " + game::Printable(m.projectile->animation);
        std::printf("moves: %s\n", line.c_str());
    }
    if (manifest.moves.empty()) std::printf("moves: none yet\n");

    AttackFrames attack;
    for (const game::AnimationDef& anim : loaded.Value().def.animations)
        for (const game::FrameDef& f : anim.frames) attack[anim.name].push_back(!f.masks.attack.IsEmpty());
    const std::vector<MoveSuggestion> stubs = SuggestMoves(manifest, attack);
    int added = 0;
    for (const MoveSuggestion& s : stubs) {
        if (s.move.name.empty()) {
            std::printf("moves: no stub for %s: %s\n", game::Printable(s.animation).c_str(), s.note.c_str());
            continue;
        }
        std::printf("moves: %s %s: %s\n", suggest ? "adding" : "suggest", game::Printable(s.move.name).c_str(),
                    s.note.c_str());
        if (!suggest) std::printf("moves:   %s\n", MoveJsonLine(s.move).c_str());
        manifest.moves.push_back(s.move);
        ++added;
    }
    if (stubs.empty()) std::printf("moves: nothing to suggest (no animation with attack pixels lacks a move)\n");
    if (!suggest || added == 0) {
        if (added > 0) std::printf("moves: hotmap moves %s --suggest adds them\n", game::PrintablePath(dir).c_str());
        return EXIT_OK;
    }
    // The game's rules before the file changes: a stub that broke one is never written.
    const std::string written = assets::WriteManifest(manifest);
    if (const auto def = assets::ParseManifest(written, target.id, manifestPath); !def.Ok())
        return DataError(def.GetError());
    if (const auto err = assets::WriteOutputFile(manifestPath, written)) return DataError(*err);
    std::printf("moves: wrote %d move(s) to %s\n", added, game::PrintablePath(manifestPath).c_str());
    return EXIT_OK;
}

}  // namespace hotmap
