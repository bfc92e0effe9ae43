// `before`'s fighter loader: assets::LoadFighter as it was before issue 41 (bench/before/
// fighter_loader.cpp), for bench_load and the loader's tests. Same types, same results; one thread.
#pragma once

#include "assets/assets.h"

namespace before {

/// What the loader gave before issue 41: the fighter, with its alternate sprites made at load.
struct LoadedBefore {
    assets::LoadedFighter fighter;
    std::vector<std::vector<assets::Image>> altSprites;  ///< parallel to fighter.sprites
};

/// assets::LoadFighter as it was: every frame read, decoded and masked in turn on this thread.
[[nodiscard]] assets::Result<LoadedBefore> LoadFighterBefore(const assets::AssetRoots& roots, const std::string& id,
                                                             const assets::LoadOptions& options = {});

}  // namespace before
