// A tiny valid fighter written to a temporary project folder, for loader, lint and game tests:
// every required animation, a punch with one active frame and a special that throws a projectile.
// Tests break one thing at a time (a field, a PNG) and check the error that names it.
#pragma once

#include "assets/format.h"
#include "png_writer.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace fixture {

inline constexpr int W = 16, H = 24;

struct Pixel {
    std::uint8_t r, g, b, a;
};

/// A W x H image: `fill` everywhere, `body` over columns 4-11 (all rows), `fist` at columns 12-15
/// of rows 6-9 when `withFist`.
inline std::vector<std::uint8_t> Picture(Pixel fill, Pixel body, bool withFist, Pixel fist, int w = W, int h = H) {
    std::vector<std::uint8_t> px;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            Pixel p = fill;
            if (x >= 4 && x < 12) p = body;
            if (withFist && x >= 12 && y >= 6 && y < 10) p = fist;
            px.insert(px.end(), {p.r, p.g, p.b, p.a});
        }
    }
    return px;
}

inline constexpr Pixel CLEAR{0, 0, 0, 0}, SKIN{200, 150, 110, 255}, KEY{255, 0, 255, 255}, HURT{40, 80, 220, 255},
    ATTACK{255, 0, 0, 255};

inline nlohmann::ordered_json Manifest() {
    using nlohmann::ordered_json;
    auto frames = [](int n, int ticks) {
        ordered_json a = ordered_json::array();
        for (int i = 0; i < n; ++i) a.push_back({{"ticks", ticks}});
        return a;
    };
    auto anim = [&](bool loop, int n, int ticks) {
        return ordered_json{{"loop", loop}, {"anchor", {8, 23}}, {"frames", frames(n, ticks)}};
    };
    ordered_json m;
    m["name"] = "Fixture";
    m["health"] = 1000;
    m["walkForwardSpeed"] = 2.5;
    m["walkBackSpeed"] = 2;
    m["jumpVelocity"] = 10;
    m["jumpForwardSpeed"] = 3;
    m["gravity"] = 0.5;
    m["pushbox"] = {{"width", 8}, {"height", 24}, {"crouchHeight", 16}};
    ordered_json anims;
    anims["idle"] = anim(true, 4, 8);
    for (const char* name :
         {"walk_forward", "walk_back", "crouch", "jump", "block_stand", "block_crouch", "hit", "knockdown", "win"}) {
        anims[name] = anim(name == std::string("walk_forward") || name == std::string("walk_back"), 2, 6);
    }
    anims["light_punch"] = anim(false, 3, 4);
    anims["special"] = anim(false, 2, 6);
    anims["orb"] = {{"loop", true}, {"anchor", {8, 12}}, {"frames", frames(1, 4)}};
    m["animations"] = anims;
    m["moves"]["light_punch"] = {{"animation", "light_punch"},
                                 {"button", "punch"},
                                 {"stance", "stand"},
                                 {"damage", 50},
                                 {"hitstun", 12},
                                 {"blockstun", 8},
                                 {"hitstop", 6},
                                 {"knockback", 3.5},
                                 {"active", {1, 1}},
                                 {"height", "high"}};
    m["moves"]["special"] = {
        {"animation", "special"},
        {"button", "special"},
        {"stance", "stand"},
        {"damage", 80},
        {"hitstun", 16},
        {"blockstun", 10},
        {"hitstop", 4},
        {"knockback", 4},
        {"height", "mid"},
        {"projectile",
         {{"animation", "orb"}, {"spawnFrame", 1}, {"spawn", {10, -12}}, {"speed", 6}, {"lifetimeTicks", 90}}}};
    return m;
}

/// Writes the fixture fighter `id` under root/assets and root/hotmaps; returns the root.
inline std::filesystem::path Write(const std::filesystem::path& root, const std::string& id = "fixture",
                                   const nlohmann::ordered_json& manifest = Manifest()) {
    const auto sprites = root / "assets" / id, hotmaps = root / "hotmaps" / id;
    std::filesystem::create_directories(sprites);
    std::filesystem::create_directories(hotmaps);
    std::ofstream(sprites / "fighter.json") << manifest.dump(2) << "\n";
    for (const auto& [name, anim] : manifest["animations"].items()) {
        const std::size_t n = anim["frames"].size();
        for (std::size_t i = 0; i < n; ++i) {
            const std::string file = assets::FrameFileName(name, i);
            const bool attack = (name == "light_punch" && i == 1) || name == "orb";
            testpng::WriteFile((sprites / file).string(),
                               testpng::EncodeRgba(W, H, Picture(CLEAR, SKIN, attack, SKIN)));
            testpng::WriteFile((hotmaps / file).string(),
                               testpng::EncodeRgba(W, H, Picture(KEY, HURT, attack, ATTACK)));
        }
    }
    return root;
}

}  // namespace fixture
