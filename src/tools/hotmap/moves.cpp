// Move stubs from painted frames (moves.h).
#include "tools/hotmap/moves.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <tuple>

namespace hotmap {

namespace {

bool Has(const std::string& name, const char* word) {
    return name.find(word) != std::string::npos;
}

// The stance a name asks for: "crouch_kick" crouching, "jump_punch" and "air_..." in a jump.
game::Stance StanceOf(const std::string& name) {
    if (Has(name, "crouch")) return game::Stance::Crouch;
    if (Has(name, "jump") || Has(name, "air")) return game::Stance::Air;
    return game::Stance::Stand;
}

// The buttons to try, the one the name asks for first.
std::vector<game::Button> ButtonsFor(const std::string& name) {
    std::vector<game::Button> order{game::Button::Punch, game::Button::Kick, game::Button::Special,
                                    game::Button::PunchKick};
    game::Button first = game::Button::Punch;
    if (Has(name, "kick")) first = game::Button::Kick;
    if (Has(name, "special") || Has(name, "fireball") || Has(name, "super")) first = game::Button::Special;
    order.erase(std::find(order.begin(), order.end(), first));
    order.insert(order.begin(), first);
    return order;
}

}  // namespace

std::string TimingText(const assets::ManifestAnimation& animation, std::int32_t first, std::int32_t last) {
    std::int32_t ticks[3] = {0, 0, 0};
    for (std::size_t f = 0; f < animation.frames.size(); ++f) {
        const auto i = static_cast<std::int32_t>(f);
        ticks[i < first ? 0 : i <= last ? 1 : 2] += animation.frames[f].ticks;
    }
    return "startup " + std::to_string(ticks[0]) + ", active " + std::to_string(ticks[1]) + ", recovery " +
           std::to_string(ticks[2]) + " ticks";
}

std::vector<MoveSuggestion> SuggestMoves(const assets::Manifest& manifest, const AttackFrames& attack) {
    // What no stub may take: the animations moves play, projectiles and tosses, the required
    // ones; the names and the (button, stance) pairs moves hold (a move with a motion does not
    // hold its button's plain press).
    std::set<std::string> played, names;
    std::set<std::pair<game::Button, game::Stance>> taken;
    for (const assets::ManifestMove& m : manifest.moves) {
        played.insert(m.animation);
        names.insert(m.name);
        if (m.projectile) played.insert(m.projectile->animation);
        if (m.throwMove) played.insert(m.throwMove->animation);
        if (m.motion.empty()) taken.insert({m.button, m.stance});
    }
    for (const char* required : game::REQUIRED_ANIM_NAMES) played.insert(required);
    played.insert("thrown");  // the victim's side of a throw, played by the engine

    // In name order, as fighter.json's reader gives animations: the same stubs whether import
    // (in --map order) or moves --suggest (from the file) asks.
    std::vector<const assets::ManifestAnimation*> byName;
    for (const assets::ManifestAnimation& anim : manifest.animations) byName.push_back(&anim);
    std::sort(byName.begin(), byName.end(), [](const auto* a, const auto* b) { return a->name < b->name; });
    std::vector<MoveSuggestion> out;
    for (const assets::ManifestAnimation* animation : byName) {
        const assets::ManifestAnimation& anim = *animation;
        const auto it = attack.find(anim.name);
        if (it == attack.end() || played.count(anim.name) != 0) continue;
        const std::vector<bool>& hot = it->second;
        const auto firstHot = std::find(hot.begin(), hot.end(), true);
        if (firstHot == hot.end()) continue;
        MoveSuggestion s;
        s.animation = anim.name;
        if (names.count(anim.name) != 0) {
            s.note = "a move is named " + anim.name + " already (playing another animation): add this one by hand";
            out.push_back(std::move(s));
            continue;
        }
        const auto first = static_cast<std::int32_t>(firstHot - hot.begin());
        auto last = first;
        while (static_cast<std::size_t>(last + 1) < hot.size() && hot[static_cast<std::size_t>(last + 1)]) ++last;
        const game::Stance stance = StanceOf(anim.name);
        std::optional<game::Button> button;
        for (const game::Button b : ButtonsFor(anim.name)) {
            if (taken.count({b, stance}) == 0) {
                button = b;
                break;
            }
        }
        if (!button) {
            s.note = "every button is taken in stance " + std::string(game::NameOf(game::STANCE_NAMES, stance)) +
                     ": add it by hand with a motion (\"236\")";
            out.push_back(std::move(s));
            continue;
        }
        taken.insert({*button, stance});
        names.insert(anim.name);
        assets::ManifestMove& m = s.move;
        m.name = anim.name;
        m.animation = anim.name;
        m.button = *button;
        m.stance = stance;
        m.damage = *button == game::Button::Kick ? STUB_KICK_DAMAGE : STUB_DAMAGE;
        m.hitstunTicks = STUB_HITSTUN_TICKS;
        m.blockstunTicks = STUB_BLOCKSTUN_TICKS;
        m.hitstopTicks = STUB_HITSTOP_TICKS;
        m.knockbackPxPerTick = STUB_KNOCKBACK_PX_PER_TICK;
        m.height = game::HitHeight::Mid;
        m.active = std::array<std::int32_t, 2>{first, last};
        s.note = std::string(game::NameOf(game::BUTTON_NAMES, m.button)) + ", " +
                 game::NameOf(game::STANCE_NAMES, m.stance) + ", active [" + std::to_string(first) + ", " +
                 std::to_string(last) + "]: " + TimingText(anim, first, last);
        const auto more = std::find(hot.begin() + last + 1, hot.end(), true);
        if (more != hot.end()) {
            s.note += "; frame " + std::to_string(more - hot.begin()) +
                      " strikes again after a frame without attack pixels: one move covers one run";
        }
        out.push_back(std::move(s));
    }
    return out;
}

std::string MoveJsonLine(const assets::ManifestMove& move) {
    // The writer's own text for this move: a manifest of one move, written and read back.
    assets::Manifest m;
    m.moves.push_back(move);
    const auto written = nlohmann::ordered_json::parse(assets::WriteManifest(m));
    std::string line = nlohmann::ordered_json(move.name).dump() + ": ";
    // nlohmann writes {"a":1,"b":[1,2]}; spaces as a person types them, outside strings.
    const std::string flat = written["moves"][move.name].dump();
    bool inString = false;
    for (std::size_t i = 0; i < flat.size(); ++i) {
        line += flat[i];
        if (flat[i] == '"' && (i == 0 || flat[i - 1] != '\\')) inString = !inString;
        if (!inString && (flat[i] == ',' || flat[i] == ':')) line += ' ';
    }
    return line;
}

}  // namespace hotmap
