// manifest: FighterArt -> fighter.json. ordered_json keeps the documented field order; optional
// fields are left out rather than written as defaults, as the strict loader expects.
#include "tools/artgen/manifest.h"

#include <nlohmann/json.hpp>

namespace artgen {

namespace {

using Json = nlohmann::ordered_json;

Json AnimationJson(const AnimArt& anim) {
    Json frames = Json::array();
    for (const FrameArt& frame : anim.frames) {
        Json f;
        f["ticks"] = frame.ticks;
        frames.push_back(f);
    }
    Json a;
    a["loop"] = anim.loop;
    a["anchor"] = {anim.anchor[0], anim.anchor[1]};
    a["frames"] = frames;
    return a;
}

Json MoveJson(const MoveArt& move) {
    Json m;
    m["animation"] = move.animation;
    m["button"] = move.button;
    m["stance"] = move.stance;
    m["damage"] = move.damage;
    m["hitstun"] = move.hitstun;
    m["blockstun"] = move.blockstun;
    m["hitstop"] = move.hitstop;
    m["knockback"] = move.knockback;
    if (move.active) m["active"] = {(*move.active)[0], (*move.active)[1]};
    m["height"] = move.height;
    if (move.projectile) {
        const ProjectileArt& p = *move.projectile;
        Json j;
        j["animation"] = p.animation;
        j["spawnFrame"] = p.spawnFrame;
        j["spawn"] = {p.spawn[0], p.spawn[1]};
        j["speed"] = p.speed;
        if (p.spinDegreesPerTick != 0.0) j["spinDegreesPerTick"] = p.spinDegreesPerTick;
        j["lifetimeTicks"] = p.lifetimeTicks;
        m["projectile"] = j;
    }
    return m;
}

// Pretty-printing for people who edit the file by hand: a value that fits on one short line is
// written on one line ([112, 184], {"ticks": 7}, a whole move), the rest indented by two spaces.
void Write(const Json& v, int indent, std::string& out) {
    constexpr std::size_t INLINE_LIMIT = 100;
    const std::string flat = v.dump(-1, ' ', false);
    if (!v.is_structured() || v.empty() || flat.size() + static_cast<std::size_t>(indent) <= INLINE_LIMIT) {
        // nlohmann writes {"a":1,"b":[1,2]}; add the spaces a person would type.
        std::string spaced;
        bool inString = false;
        for (std::size_t i = 0; i < flat.size(); ++i) {
            const char c = flat[i];
            spaced += c;
            if (c == '"' && (i == 0 || flat[i - 1] != '\\')) inString = !inString;
            if (!inString && (c == ',' || c == ':')) spaced += ' ';
        }
        out += spaced;
        return;
    }
    const std::string pad(static_cast<std::size_t>(indent + 2), ' ');
    out += v.is_object() ? "{\n" : "[\n";
    std::size_t i = 0;
    for (auto it = v.begin(); it != v.end(); ++it, ++i) {
        out += pad;
        if (v.is_object()) out += Json(it.key()).dump() + ": ";
        Write(*it, indent + 2, out);
        out += i + 1 < v.size() ? ",\n" : "\n";
    }
    out += std::string(static_cast<std::size_t>(indent), ' ') + (v.is_object() ? "}" : "]");
}

}  // namespace

std::string ManifestText(const FighterArt& fighter) {
    Json root;
    root["name"] = fighter.name;
    root["health"] = fighter.health;
    root["walkForwardSpeed"] = fighter.walkForwardSpeed;
    root["walkBackSpeed"] = fighter.walkBackSpeed;
    root["jumpVelocity"] = fighter.jumpVelocity;
    root["jumpForwardSpeed"] = fighter.jumpForwardSpeed;
    root["gravity"] = fighter.gravity;
    Json push;
    push["width"] = fighter.pushboxWidth;
    push["height"] = fighter.pushboxHeight;
    push["crouchHeight"] = fighter.pushboxCrouchHeight;
    root["pushbox"] = push;
    Json anims = Json::object();
    for (const AnimArt& a : fighter.animations) anims[a.name] = AnimationJson(a);
    root["animations"] = anims;
    Json moves = Json::object();
    for (const MoveArt& m : fighter.moves) moves[m.name] = MoveJson(m);
    root["moves"] = moves;
    std::string text;
    Write(root, 0, text);
    return text + "\n";
}

}  // namespace artgen
