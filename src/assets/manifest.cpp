// fighter.json -> game::FighterDef (without pixels). Strict: an unknown, missing or mistyped field
// is an error naming the field's path and the rule, so a typo never falls back to a default.
// No files here: the caller hands over the text, which keeps this fuzzable.
#include "assets/assets.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <regex>
#include <set>

namespace assets {

namespace {

using json = nlohmann::json;

// "a string \"40\"", "a number 2.5": what was found, for the message. Only scalars are dumped:
// dumping an array or object recurses once per level, and a hostile file can nest thousands deep.
std::string Describe(const json& v) {
    const auto shown = [&v] {
        std::string text = v.dump(-1, ' ', true);  // ASCII: control characters come out escaped
        return text.size() > 40 ? text.substr(0, 37) + "..." : text;
    };
    switch (v.type()) {
        case json::value_t::string:
            return "a string " + shown();
        case json::value_t::boolean:
            return "a boolean " + shown();
        case json::value_t::number_integer:
        case json::value_t::number_unsigned:
            return "the whole number " + shown();
        case json::value_t::number_float:
            return "the number " + shown();
        case json::value_t::object:
            return "an object";
        case json::value_t::array:
            return "an array";
        case json::value_t::null:
            return "null";
        default:
            return "a value";
    }
}

// A key as it may appear in a message: control characters escaped as JSON writes them, so one
// error is always one line (a key can hold a newline or a terminal escape).
std::string Printable(const std::string& key) {
    std::string out;
    for (const unsigned char c : key) {
        if (c < 0x20 || c == 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

std::string FormatRange(double lo, double hi) {
    auto num = [](double v) {
        std::string s = std::to_string(v);
        s.erase(s.find_last_not_of('0') + 1);
        if (!s.empty() && s.back() == '.') s.pop_back();
        return s;
    };
    return num(lo) + "-" + num(hi);
}

// The first thing wrong with a manifest: where and what, and which kind of error it is.
struct Problem {
    std::string text;
    ErrorCode code = ErrorCode::ManifestField;
    [[nodiscard]] bool empty() const { return text.empty(); }
    void Set(const std::string& where, const std::string& what, ErrorCode kind) {
        if (text.empty()) {
            text = where + ": " + what;
            code = kind;
        }
    }
};

// Reads the fields of one JSON object, recording the first error; every accessor marks its key
// as known so Finish() can reject the rest.
class Fields {
public:
    Fields(const json& object, std::string path, Problem& error) : obj_(object), path_(std::move(path)), error_(error) {
        if (error_.empty() && !obj_.is_object())
            Fail(path_.empty() ? "the manifest" : path_, "expected an object, got " + Describe(obj_));
    }

    [[nodiscard]] bool Ok() const { return error_.empty(); }
    [[nodiscard]] std::string PathOf(const std::string& key) const {
        return path_.empty() ? Printable(key) : path_ + "." + Printable(key);
    }
    [[nodiscard]] bool Has(const std::string& key) const { return Ok() && obj_.is_object() && obj_.contains(key); }

    const json* Get(const std::string& key, bool optional = false) {
        known_.insert(key);
        if (!Ok() || !obj_.is_object()) return nullptr;
        const auto it = obj_.find(key);
        if (it == obj_.end()) {
            if (!optional) Fail(PathOf(key), "missing");
            return nullptr;
        }
        return &*it;
    }

    std::int32_t Whole(const std::string& key, std::int64_t lo, std::int64_t hi) {
        const json* v = Get(key);
        return v == nullptr ? 0 : WholeValue(*v, PathOf(key), lo, hi);
    }

    std::int32_t WholeValue(const json& v, const std::string& path, std::int64_t lo, std::int64_t hi) {
        if (!v.is_number_integer()) {
            Fail(path,
                 "expected a whole number " + std::to_string(lo) + "-" + std::to_string(hi) + ", got " + Describe(v));
            return 0;
        }
        const std::int64_t n =
            v.is_number_unsigned()
                ? static_cast<std::int64_t>(std::min<std::uint64_t>(v.get<std::uint64_t>(), INT64_MAX))
                : v.get<std::int64_t>();
        if (n < lo || n > hi) {
            Fail(path, "must be " + std::to_string(lo) + "-" + std::to_string(hi) + ", got " + std::to_string(n));
            return 0;
        }
        return static_cast<std::int32_t>(n);
    }

    double Number(const std::string& key, double lo, double hi, bool optional = false, double fallback = 0.0) {
        const json* v = Get(key, optional);
        if (v == nullptr) return fallback;
        if (!v->is_number()) {
            Fail(PathOf(key), "expected a number " + FormatRange(lo, hi) + ", got " + Describe(*v));
            return fallback;
        }
        const double d = v->get<double>();
        if (!std::isfinite(d) || d < lo || d > hi) {
            Fail(PathOf(key), "must be " + FormatRange(lo, hi) + ", got " + v->dump(-1, ' ', true));
            return fallback;
        }
        return d;
    }

    bool Bool(const std::string& key) {
        const json* v = Get(key);
        if (v == nullptr) return false;
        if (!v->is_boolean()) {
            Fail(PathOf(key), "expected true or false, got " + Describe(*v));
            return false;
        }
        return v->get<bool>();
    }

    std::string Text(const std::string& key, std::size_t minChars, std::size_t maxChars) {
        const json* v = Get(key);
        if (v == nullptr) return {};
        if (!v->is_string()) {
            Fail(PathOf(key), "expected a string, got " + Describe(*v));
            return {};
        }
        std::string s = v->get<std::string>();
        if (s.size() < minChars || s.size() > maxChars) {
            Fail(PathOf(key), "must be " + std::to_string(minChars) + "-" + std::to_string(maxChars) +
                                  " characters, got " + std::to_string(s.size()));
            return {};
        }
        return s;
    }

    /// One of `choices`; returns its index.
    int Choice(const std::string& key, std::initializer_list<const char*> choices) {
        const json* v = Get(key);
        if (v == nullptr) return 0;
        std::string list;
        int i = 0;
        for (const char* c : choices) {
            if (v->is_string() && v->get<std::string>() == c) return i;
            list += (i++ == 0 ? "\"" : ", \"") + std::string(c) + "\"";
        }
        Fail(PathOf(key), "expected one of " + list + ", got " + Describe(*v));
        return 0;
    }

    /// [x, y], two whole numbers in [lo, hi].
    collide::Point PointField(const std::string& key, std::int64_t lo, std::int64_t hi, bool optional = false,
                              collide::Point fallback = {}) {
        const json* v = Get(key, optional);
        if (v == nullptr) return fallback;
        if (!v->is_array() || v->size() != 2) {
            Fail(PathOf(key), "expected [x, y], two whole numbers, got " + Describe(*v));
            return fallback;
        }
        const std::int32_t x = WholeValue((*v)[0], PathOf(key) + "[0]", lo, hi);
        const std::int32_t y = WholeValue((*v)[1], PathOf(key) + "[1]", lo, hi);
        return collide::Point{x, y};
    }

    const json* ObjectField(const std::string& key, bool optional = false) {
        const json* v = Get(key, optional);
        if (v != nullptr && !v->is_object()) {
            Fail(PathOf(key), "expected an object, got " + Describe(*v));
            return nullptr;
        }
        return v;
    }

    const json* ArrayField(const std::string& key, std::size_t minItems, std::size_t maxItems) {
        const json* v = Get(key);
        if (v == nullptr) return nullptr;
        if (!v->is_array()) {
            Fail(PathOf(key), "expected an array, got " + Describe(*v));
            return nullptr;
        }
        if (v->size() < minItems || v->size() > maxItems) {
            Fail(PathOf(key), "must hold " + std::to_string(minItems) + "-" + std::to_string(maxItems) +
                                  " entries, got " + std::to_string(v->size()));
            return nullptr;
        }
        return v;
    }

    /// Rejects every key no accessor asked for: a typo ("damge") is an error, not a default.
    void Finish() {
        if (!Ok() || !obj_.is_object()) return;
        for (const auto& [key, value] : obj_.items()) {
            if (known_.count(key) == 0) {
                std::string expected;
                for (const auto& k : known_) expected += (expected.empty() ? "" : ", ") + k;
                Fail(PathOf(key), "unknown field (expected " + expected + ")");
                return;
            }
        }
    }

    void Fail(const std::string& where, const std::string& what, ErrorCode kind = ErrorCode::ManifestField) {
        error_.Set(where, what, kind);
    }

private:
    const json& obj_;
    std::string path_;
    Problem& error_;
    std::set<std::string> known_;
};

std::int32_t ToSubpixels(double pxPerTick) {
    return static_cast<std::int32_t>(std::llround(pxPerTick * game::SUBPIXELS_PER_PX));
}

// Animation names become file names: keep them to a safe alphabet.
bool IsSafeName(const std::string& name) {
    static const std::regex SAFE("[a-z0-9_]{1,32}");
    return std::regex_match(name, SAFE);
}

constexpr std::int64_t MAX_ANCHOR_PX = MAX_IMAGE_SIDE_PX;

game::AnimationDef ParseAnimation(const std::string& name, const json& value, Fields& parent, Problem& error) {
    game::AnimationDef anim;
    anim.name = name;
    Fields f(value, parent.PathOf(name), error);
    anim.loop = f.Bool("loop");
    const collide::Point anchor = f.PointField("anchor", -MAX_ANCHOR_PX, MAX_ANCHOR_PX);
    const json* frames = f.ArrayField("frames", 1, 64);
    if (frames != nullptr) {
        for (std::size_t i = 0; i < frames->size() && f.Ok(); ++i) {
            Fields ff((*frames)[i], f.PathOf("frames") + "[" + std::to_string(i) + "]", error);
            game::FrameDef frame;
            frame.ticks = ff.Whole("ticks", 1, 600);
            frame.anchorPx = ff.PointField("anchor", -MAX_ANCHOR_PX, MAX_ANCHOR_PX, true, anchor);
            ff.Finish();
            anim.frames.push_back(std::move(frame));
        }
    }
    f.Finish();
    return anim;
}

}  // namespace

Result<game::FighterDef> ParseManifest(const std::string& text, const std::string& id,
                                       const std::string& nameForErrors) {
    json root;
    try {
        root = json::parse(text, nullptr, true, false);
    } catch (const json::exception& e) {
        // "[json.exception.parse_error.101] parse error at line 3, column 5: ..." -> from "parse
        // error"; a number too big for a double throws out_of_range (406) with no position:
        // "number overflow parsing '1e400'" names the number instead.
        std::string what = e.what();
        const auto bracket = what.find("] ");
        std::string rest = bracket == std::string::npos ? what : what.substr(bracket + 2);
        for (char& c : rest) c = (c == '\n' || c == '\r') ? ' ' : c;
        return Error{ErrorCode::ManifestSyntax, nameForErrors, "JSON " + rest};
    }

    Problem error;
    game::FighterDef def;
    def.id = id;
    Fields top(root, "", error);
    def.displayName = top.Text("name", 1, 24);
    def.maxHealth = top.Whole("health", 1, 100000);
    def.walkForwardSubpx = ToSubpixels(top.Number("walkForwardSpeed", 0, 32));
    def.walkBackSubpx = ToSubpixels(top.Number("walkBackSpeed", 0, 32));
    def.jumpVelocitySubpx = ToSubpixels(top.Number("jumpVelocity", 0, 64));
    def.jumpForwardSubpx = ToSubpixels(top.Number("jumpForwardSpeed", 0, 32));
    def.gravitySubpx = ToSubpixels(top.Number("gravity", 0.01, 8));
    if (const json* push = top.ObjectField("pushbox")) {
        Fields pf(*push, "pushbox", error);
        def.pushboxWidthPx = pf.Whole("width", 1, 512);
        def.pushboxHeightPx = pf.Whole("height", 1, 512);
        def.pushboxCrouchHeightPx = pf.Whole("crouchHeight", 1, 512);
        pf.Finish();
    }

    // Animations: the required ones first, in game::Anim order, then the others by name.
    if (const json* anims = top.ObjectField("animations")) {
        Fields af(*anims, "animations", error);
        for (const char* required : game::REQUIRED_ANIM_NAMES) {
            if (!anims->contains(required)) {
                af.Fail("animations", std::string("missing the required animation \"") + required + "\"");
            }
        }
        std::vector<std::string> names;
        for (const char* required : game::REQUIRED_ANIM_NAMES) names.emplace_back(required);
        for (const auto& [name, value] : anims->items()) {
            if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
        }
        for (const std::string& name : names) {
            if (!af.Ok()) break;
            if (!IsSafeName(name)) {
                af.Fail("animations." + Printable(name),
                        "an animation name is 1-32 of a-z, 0-9 and _ (it becomes a file name)");
                break;
            }
            const json* value = af.ObjectField(name);
            if (value != nullptr) def.animations.push_back(ParseAnimation(name, *value, af, error));
        }
        if (af.Ok() && !def.Animation(game::Anim::Idle).loop) {
            af.Fail("animations.idle.loop", "idle must loop (true)");
        }
        if (af.Ok() && def.Animation(game::Anim::Idle).frames.size() < 4) {
            af.Fail("animations.idle.frames", "idle needs at least 4 frames, got " +
                                                  std::to_string(def.Animation(game::Anim::Idle).frames.size()));
        }
        af.Finish();
    }

    if (const json* moves = top.ObjectField("moves")) {
        Fields mf(*moves, "moves", error);
        for (const auto& [name, value] : moves->items()) {
            if (!mf.Ok()) break;
            mf.Get(name);  // every move name is allowed: mark it known for Finish()
            Fields f(value, "moves." + Printable(name), error);
            game::MoveDef move;
            move.name = name;
            const std::string animName = f.Text("animation", 1, 32);
            move.animation = def.FindAnimation(animName);
            if (f.Ok() && move.animation < 0) f.Fail(f.PathOf("animation"), "no animation named \"" + animName + "\"");
            move.button = static_cast<game::Button>(f.Choice("button", {"punch", "kick", "special"}));
            move.stance = static_cast<game::Stance>(f.Choice("stance", {"stand", "crouch"}));
            move.damage = f.Whole("damage", 0, 10000);
            move.hitstunTicks = f.Whole("hitstun", 0, 600);
            move.blockstunTicks = f.Whole("blockstun", 0, 600);
            move.hitstopTicks = f.Whole("hitstop", 0, 60);
            move.knockbackSubpx = ToSubpixels(f.Number("knockback", 0, 64));
            move.height = static_cast<game::HitHeight>(f.Choice("height", {"high", "mid", "low"}));
            const std::size_t frameCount =
                move.animation >= 0 ? def.animations[static_cast<std::size_t>(move.animation)].frames.size() : 0;
            const auto frameRule = [&](const std::string& field, std::int32_t frame) {
                if (f.Ok() && (frame < 0 || static_cast<std::size_t>(frame) >= frameCount)) {
                    f.Fail(f.PathOf(field),
                           "frame " + std::to_string(frame) + " does not exist (animation \"" + animName + "\" has " +
                               std::to_string(frameCount) + " frames, 0-" + std::to_string(frameCount - 1) + ")",
                           ErrorCode::ManifestRule);
                }
            };
            if (const json* proj = f.ObjectField("projectile", true)) {
                Fields pf(*proj, f.PathOf("projectile"), error);
                game::ProjectileDef p;
                const std::string projAnim = pf.Text("animation", 1, 32);
                p.animation = def.FindAnimation(projAnim);
                if (pf.Ok() && p.animation < 0)
                    pf.Fail(pf.PathOf("animation"), "no animation named \"" + projAnim + "\"");
                p.spawnFrame = pf.Whole("spawnFrame", 0, 63);
                p.spawnOffsetPx = pf.PointField("spawn", -MAX_ANCHOR_PX, MAX_ANCHOR_PX);
                p.speedSubpx = ToSubpixels(pf.Number("speed", 0.25, 64));
                p.spinMilliDegreesPerTick =
                    static_cast<std::int32_t>(std::llround(pf.Number("spinDegreesPerTick", -90, 90, true, 0.0) * 1000));
                p.lifetimeTicks = pf.Whole("lifetimeTicks", 1, 1200);
                pf.Finish();
                frameRule("projectile.spawnFrame", p.spawnFrame);
                move.projectile = p;
            }
            if (f.Has("active") || !move.projectile) {
                const collide::Point active = f.PointField("active", 0, 63);
                move.activeFirst = active.x;
                move.activeLast = active.y;
                if (f.Ok() && active.y < active.x) {
                    f.Fail(f.PathOf("active"), "[first, last] with first <= last, got [" + std::to_string(active.x) +
                                                   ", " + std::to_string(active.y) + "]");
                }
                frameRule("active", active.x);
                frameRule("active", active.y);
            }
            f.Finish();
            // Two moves on the same button and stance: the game could not tell which to start.
            for (const game::MoveDef& other : def.moves) {
                if (f.Ok() && other.button == move.button && other.stance == move.stance) {
                    f.Fail("moves." + Printable(name),
                           "starts on the same button and stance as moves." + Printable(other.name),
                           ErrorCode::ManifestRule);
                }
            }
            def.moves.push_back(std::move(move));
        }
        mf.Finish();
    }
    top.Finish();

    if (!error.empty()) {
        return Error{error.code, nameForErrors, error.text};
    }
    return def;
}

}  // namespace assets
