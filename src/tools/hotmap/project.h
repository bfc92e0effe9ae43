// Where the hotmap tool finds fighters: a project folder (holding assets/ and hotmaps/) or one
// fighter's folder (assets/<id>/ with its fighter.json). With none given, the project is found by the
// rule brawl uses too (assets/project.h).
#pragma once

#include "assets/assets.h"
#include "assets/project.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace hotmap {

struct FighterTarget {
    assets::AssetRoots roots;
    std::string id;
};

/// The project folder used when none is given: the current folder if it holds assets/ and
/// hotmaps/, else the data installed beside the program; an Error naming the current folder else.
inline assets::Result<std::string> DefaultProjectDir() {
    return assets::FindProject(std::nullopt, assets::ProgramFolder());
}

/// The fighters `dir` names, or an Error saying why it names none.
inline assets::Result<std::vector<FighterTarget>> ResolveFighters(const std::string& dir) {
    namespace fs = std::filesystem;
    std::error_code ec;
    std::string clean = dir;
    while (clean.size() > 1 && clean.back() == '/') clean.pop_back();
    if (assets::EntryExists((fs::path(clean) / "fighter.json").string())) {
        const fs::path folder(clean);
        const fs::path assetsDir = folder.parent_path().empty() ? fs::path(".") : folder.parent_path();
        const fs::path root = assetsDir.parent_path().empty() ? fs::path(".") : assetsDir.parent_path();
        return std::vector<FighterTarget>{
            {{assetsDir.string(), (root / "hotmaps").string()}, folder.filename().string()}};
    }
    if (!fs::exists(clean, ec)) return assets::Error{assets::ErrorCode::FileMissing, clean, "no such folder"};
    const assets::AssetRoots roots = assets::AssetRoots::Under(clean);
    if (!fs::is_directory(roots.assetsDir, ec)) {
        return assets::Error{
            assets::ErrorCode::NoFighters, clean,
            "neither a project folder (no assets/ inside) nor a fighter folder (no fighter.json inside)"};
    }
    auto ids = assets::ListFighters(roots);
    if (!ids.Ok()) return ids.GetError();
    std::vector<FighterTarget> out;
    for (const std::string& id : ids.Value()) out.push_back({roots, id});
    return out;
}

}  // namespace hotmap
