// The project's two fighters (assets/brick, assets/kestrel), loaded once per test program, for the
// tests that play them: frame data, training. Test-only; uses assets and GoogleTest.
#pragma once

#include "assets/assets.h"

#include <gtest/gtest.h>

namespace testfighters {

struct Fighters {
    assets::LoadedFighter brick, kestrel;
    Fighters() {
        const assets::AssetRoots roots = assets::AssetRoots::Under(HOTMAP_SOURCE_DIR);
        auto b = assets::LoadFighter(roots, "brick");
        auto k = assets::LoadFighter(roots, "kestrel");
        EXPECT_TRUE(b.Ok() && k.Ok());
        if (b.Ok()) brick = std::move(b).Value();
        if (k.Ok()) kestrel = std::move(k).Value();
    }
};

/// Loaded on the first call (a failure to load is a test failure), the same ones after.
inline const Fighters& TheFighters() {
    static const Fighters f;
    return f;
}

}  // namespace testfighters
