// The fighter format: FIELDS, the reader that checks fighter.json against it, the conversion to a
// game::FighterDef, the writer, and the docs' tables. Strict: an unknown, missing or mistyped field
// is an error naming the field's path and the rule, so a typo never falls back to a default.
#include "assets/format.h"

#include "assets/limits.h"
#include "game/text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <new>
#include <set>
#include <tuple>
#include <unordered_map>

namespace assets {

namespace {

using json = nlohmann::json;

constexpr double MAX_ANCHOR_PX = MAX_IMAGE_SIDE_PX;

constexpr const char* BUTTON_WORDS[] = {"punch", "kick", "special", "punch+kick"};
constexpr const char* STANCE_WORDS[] = {"stand", "crouch", "air"};
constexpr const char* HEIGHT_WORDS[] = {"high", "mid", "low", "overhead"};
constexpr const char* CANCEL_ON_WORDS[] = {"hit", "contact"};

// clang-format off
constexpr Field FIELDS[] = {
    // parent, key, type, lo, hi, optional, unit, shape, meaning
    {"", "name", FieldType::Text, 1, 24, false, "", "", "display name (HUD, menus)"},
    {"", "health", FieldType::Whole, 1, 100000, false, "", "", "health at the start of a round"},
    {"", "walkForwardSpeed", FieldType::Number, 0, 32, false, "", "", "px/tick walking toward the opponent"},
    {"", "walkBackSpeed", FieldType::Number, 0, 32, false, "", "", "px/tick walking away (and blocking)"},
    {"", "jumpVelocity", FieldType::Number, 0, 64, false, "", "", "px/tick upward at take-off"},
    {"", "jumpForwardSpeed", FieldType::Number, 0, 32, false, "", "", "px/tick sideways during a forward or back jump"},
    {"", "gravity", FieldType::Number, 0.01, 8, false, "", "", "px/tick² pulling down while airborne"},
    {"", "pushbox", FieldType::Object, 0, 0, false, "", "", "the body's solid box, centred on the anchor, bottom at the feet"},
    {"pushbox", "width", FieldType::Whole, 1, 512, false, "", "", "pixels"},
    {"pushbox", "height", FieldType::Whole, 1, 512, false, "", "", "pixels, standing"},
    {"pushbox", "crouchHeight", FieldType::Whole, 1, 512, false, "", "", "pixels, crouching"},
    {"", "animations", FieldType::Map, 0, limits::ANIMATIONS_PER_FIGHTER, false, "", "name -> animation", "every animation of the fighter (below)"},
    {"", "moves", FieldType::Map, 0, limits::MOVES_PER_FIGHTER, false, "", "name -> move", "every attack (below)"},
    {"", "anchor", FieldType::Point, -MAX_ANCHOR_PX, MAX_ANCHOR_PX, true, "", "[x, y]", "the default anchor of every animation that gives none (hotmap import writes it)"},
    {"", "credits", FieldType::Text, 1, 200, true, "", "", "who made the art, for art from other projects: shown on the select screen and by hotmap lint --verbose"},
    {"", "license", FieldType::Text, 1, 64, true, "", "", "the art's license (as \"CC-BY 4.0\"), shown with the credits"},
    {"", "palette", FieldType::Array, 0, 64, true, "", "[\"RRGGBB\", \"RRGGBB\"] pairs", "the alternate palette for mirror matches: when both sides pick this fighter, the second one's sprites have each pixel of the first colour turned into the second (alpha kept; the hotmaps do not change)"},

    {"", "alternate", FieldType::Object, 0, 0, true, "", "", "the alternate colours for mirror matches when the art has too many colours for `palette` (shaded art): the second one's sprites have every pixel's hue turned and its lightness moved (the hotmaps do not change). A fighter with neither `palette` nor `alternate` has its hue turned 180 degrees"},
    {"alternate", "hue", FieldType::Whole, -180, 180, true, "degrees", "", "how far each pixel's hue turns round the colour wheel (180: red to cyan); 0 when left out"},
    {"alternate", "lightness", FieldType::Whole, -100, 100, true, "", "", "percent: above 0 each channel moves that far towards white, below 0 towards black; 0 when left out"},

    {"animations.*", "loop", FieldType::Bool, 0, 0, false, "", "", "after the last frame: start again (true) or hold the last frame (false)"},
    {"animations.*", "anchor", FieldType::Point, -MAX_ANCHOR_PX, MAX_ANCHOR_PX, true, "", "[x, y]", "the hot spot, HGE's term: the sprite pixel placed on the fighter's position, at the feet. Each frame may override it; without it, the fighter's anchor (required then)"},
    {"animations.*", "frames", FieldType::Array, 1, limits::FRAMES_PER_ANIMATION, false, "", "frame", "in order"},
    {"animations.*.frames[]", "ticks", FieldType::Whole, 1, 600, false, "", "", "how long the frame shows, in 60 Hz ticks"},
    {"animations.*.frames[]", "anchor", FieldType::Point, -MAX_ANCHOR_PX, MAX_ANCHOR_PX, true, "", "[x, y]", "this frame's own anchor"},

    {"moves.*", "animation", FieldType::Text, 1, 32, false, "", "", "the animation the move plays"},
    {"moves.*", "button", FieldType::Choice, 0, 0, false, "", "", "the button that starts it; `punch+kick`: both pressed within 2 ticks of each other", BUTTON_WORDS},
    {"moves.*", "stance", FieldType::Choice, 0, 0, false, "", "", "pressed standing, crouching (holding down) or in a jump (`air`: the jump's flight goes on, the move lasts until landing); a move with a `motion` is `stand`", STANCE_WORDS},
    {"moves.*", "damage", FieldType::Whole, 0, 10000, false, "", "", "health taken from the defender on hit (a tenth of it on block)"},
    {"moves.*", "hitstun", FieldType::Whole, 0, 600, false, "ticks", "", "how long the defender cannot act after a hit"},
    {"moves.*", "blockstun", FieldType::Whole, 0, 600, false, "ticks", "", "how long after a blocked hit"},
    {"moves.*", "hitstop", FieldType::Whole, 0, 60, false, "ticks", "", "both fighters freeze this long on contact (hit or block)"},
    {"moves.*", "knockback", FieldType::Number, 0, 64, false, "", "", "px/tick the defender slides away on contact, slowing to a stop"},
    {"moves.*", "active", FieldType::Point, 0, 63, false, "", "[first, last] frame indices", "the frames whose attack pixels can hit; their hotmaps must hold attack pixels (`FF0000`); may be omitted when the move throws a projectile"},
    {"moves.*", "height", FieldType::Choice, 0, 0, false, "", "", "high and mid are blocked standing or crouching, low only crouching, overhead only standing", HEIGHT_WORDS},
    {"moves.*", "projectile", FieldType::Object, 0, 0, true, "", "", "the move throws one (below); `active` may then be omitted"},
    {"moves.*", "motion", FieldType::Text, 1, 8, true, "", "", "numpad digits relative to facing that must come before the button (docs/rules.md, \"Inputs\"): `\"236\"` down, down-forward, forward; `\"623\"` forward, down, down-forward; `\"236236\"`; `\"6\"` forward"},
    {"moves.*", "cancels", FieldType::Array, 1, 8, true, "", "cancel window", "after the move's attack made contact, the moves it may be cancelled into, and on which frames"},
    {"moves.*.cancels[]", "into", FieldType::Array, 1, 16, false, "", "move name", "the moves that may start inside the window"},
    {"moves.*.cancels[]", "frames", FieldType::Point, 0, 63, false, "", "[first, last] frame indices", "the move's frames the window covers"},
    {"moves.*.cancels[]", "on", FieldType::Choice, 0, 0, false, "", "", "`hit`: only after a hit; `contact`: after a hit or a block", CANCEL_ON_WORDS},
    {"moves.*", "advance", FieldType::Number, 0, 32, true, "", "", "px/tick the fighter drives forward during the active frames, until the move connects (a rush)"},
    {"moves.*", "meterCost", FieldType::Whole, 0, 1000, true, "", "", "meter spent to start it (1000 is a full bar); above 0 it is a super, started only with that much meter"},
    {"moves.*", "superFreezeTicks", FieldType::Whole, 0, 120, true, "ticks", "", "when it starts, both fighters, projectiles and the round timer hold this long (the super freeze)"},
    {"moves.*", "throw", FieldType::Object, 0, 0, true, "", "", "the move is a throw (below): its active frames are the grab, unblockable"},
    {"moves.*", "sound", FieldType::Text, 5, 64, true, "", "", "a WAV file in the fighter's `sfx/` folder (`\"rock_throw.wav\"`): played when the move starts, or, for a move that throws, when its projectile leaves, instead of the shared whiff or throw sound"},
    {"moves.*", "hitSound", FieldType::Text, 5, 64, true, "", "", "a WAV file in the fighter's `sfx/` folder, played when the move (or its projectile) hits, instead of the shared hit sound"},

    {"moves.*.projectile", "animation", FieldType::Text, 1, 32, false, "", "", "the projectile's own animation (looping); every frame's hotmap must hold attack pixels"},
    {"moves.*.projectile", "spawnFrame", FieldType::Whole, 0, 63, false, "", "", "the move's frame on whose first tick it appears"},
    {"moves.*.projectile", "spawn", FieldType::Point, -MAX_ANCHOR_PX, MAX_ANCHOR_PX, false, "", "[x, y]", "where its anchor appears, relative to the thrower's anchor, facing right (y up is negative)"},
    {"moves.*.projectile", "speed", FieldType::Number, 0.25, 64, false, "", "", "px/tick forward"},
    {"moves.*.projectile", "spinDegreesPerTick", FieldType::Number, -90, 90, true, "", "", "0 (default): drawn and collided upright. Otherwise it turns this many degrees a tick, drawn rotated and collided through the transformed query"},
    {"moves.*.projectile", "lifetimeTicks", FieldType::Whole, 1, 1200, false, "", "", "how long it lives unless it hits something or leaves the stage"},

    {"moves.*.throw", "animation", FieldType::Text, 1, 32, false, "", "", "the toss the thrower plays once the grab connects; the victim shows its own `thrown` animation's frame of the same index"},
    {"moves.*.throw", "victimOffsets", FieldType::Array, 1, 64, false, "", "[x, y] whole numbers", "per toss frame: the victim's anchor relative to the thrower's, facing right (y up is negative)"},
    {"moves.*.throw", "landing", FieldType::Whole, -512, 512, true, "", "", "px beyond the last victim offset where the victim lands, lies and gets up (default 60)"},
};
// clang-format on

std::string FormatNumber(double v) {
    std::string s = std::to_string(v);
    s.erase(s.find_last_not_of('0') + 1);
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

// "1-512", and "-90 to 90" where a dash would read as a minus.
std::string FormatRange(double lo, double hi) {
    return FormatNumber(lo) + (lo < 0 ? " to " : "-") + FormatNumber(hi);
}

// "a string \"40\"", "a number 2.5": what was found, for the message. Only scalars are shown:
// dumping an array or object recurses once per level, and a hostile file can nest thousands deep.
// A string goes through Printable (escaped, cut): a 10 MB value costs 40 bytes of message.
std::string Describe(const json& v) {
    const auto shown = [&v] {
        std::string text = v.dump(-1, ' ', true);  // a number or a boolean: short, plain ASCII
        return text.size() > 40 ? text.substr(0, 37) + "..." : text;
    };
    switch (v.type()) {
        case json::value_t::string:
            return "a string \"" + game::Printable(v.get_ref<const std::string&>(), 40) + "\"";
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

// UTF-8 characters (code points): every byte but the continuation bytes 10xxxxxx. The JSON reader
// has checked the string is valid UTF-8.
std::size_t CountCharacters(const std::string& s) {
    return static_cast<std::size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// A key or a name as it may appear in a message: escaped and cut (game/text.h), so one error is
// always one line (a key can hold a newline or a terminal escape, or be 10 MB long).
std::string Printable(const std::string& key) {
    return game::Printable(key);
}

// fighter.json's text as a JSON document, built by a SAX handler of our own rather than
// json::parse: nlohmann's DOM keeps the last of two equal keys and says nothing (a fighter.json
// with "damage" twice would play with whichever came last), and its parser callback, which could
// see the keys, scans the parent object after every child object ends (100,000 animations: 4
// minutes). This sees each key as it comes, records the first one an object already holds with
// its path, and stays linear: one map insertion per key.
class ManifestSax {
public:
    explicit ManifestSax(json& root) : root_(root) {}

    bool null() { return Put(json(nullptr)); }
    bool boolean(bool v) { return Put(json(v)); }
    bool number_integer(json::number_integer_t v) { return Put(json(v)); }
    bool number_unsigned(json::number_unsigned_t v) { return Put(json(v)); }
    bool number_float(json::number_float_t v, const std::string&) { return Put(json(v)); }
    bool string(json::string_t& v) { return Put(json(std::move(v))); }
    bool binary(json::binary_t& v) { return Put(json::binary(std::move(v))); }
    bool start_object(std::size_t) { return Open(json::object(), true); }
    bool start_array(std::size_t) { return Open(json::array(), false); }
    bool end_object() { return Close(); }
    bool end_array() { return Close(); }
    bool key(json::string_t& k) {
        Level& top = stack_.back();
        if (duplicate_.empty() && top.value->contains(k)) {
            top.key = k;
            duplicate_ = Path();
        }
        top.key = std::move(k);
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const json::exception& e) {
        error_ = e.what();
        return false;
    }

    /// The parser's message when the text is not JSON ("[json.exception.parse_error.101] ...").
    [[nodiscard]] const std::string& Error() const { return error_; }
    /// The path of the first key found twice ("moves.light_punch.damage"), or "".
    [[nodiscard]] const std::string& Duplicate() const { return duplicate_; }

private:
    struct Level {
        json* value = nullptr;  ///< the open object or array (its address is stable while open)
        bool object = true;
        std::string key;  ///< the object's current key
    };

    // Where the next value goes: the root, the current key of an object, the end of an array.
    json* Place(json&& v) {
        if (stack_.empty()) {
            root_ = std::move(v);
            return &root_;
        }
        Level& top = stack_.back();
        if (top.object) return &((*top.value)[top.key] = std::move(v));
        top.value->push_back(std::move(v));
        return &top.value->back();
    }
    bool Put(json&& v) {
        Place(std::move(v));
        return true;
    }
    bool Open(json&& container, bool object) {
        json* at = Place(std::move(container));
        stack_.push_back(Level{at, object, {}});
        return true;
    }
    bool Close() {
        stack_.pop_back();
        return true;
    }

    // The path to the current key, each key Printable; a path deeper than 8 keeps its ends.
    [[nodiscard]] std::string Path() const {
        std::vector<std::string> parts;
        for (const Level& level : stack_) {
            // Appended piece by piece: GCC 12 at -O3 misreads `"." + std::string&&` (-Wrestrict).
            std::string part = level.object ? (parts.empty() ? "" : ".") : "[";
            if (level.object) {
                part.append(Printable(level.key));
            } else {
                part.append(std::to_string(level.value->size() - 1)).append("]");
            }
            parts.push_back(std::move(part));
        }
        std::string path;
        for (std::size_t i = 0; i < parts.size(); ++i) {
            if (parts.size() > 8 && i == 4) {
                path += "...";
                i = parts.size() - 4;
            }
            path += parts[i];
        }
        return path;
    }

    json& root_;
    std::vector<Level> stack_;
    std::string error_;
    std::string duplicate_;
};

// The first thing wrong with a manifest: where and what, and which kind of error it is.
struct Problem {
    std::string text;
    ErrorCode code = ErrorCode::ManifestField;
    [[nodiscard]] bool empty() const { return text.empty(); }
    void Set(const std::string& where, const std::string& what, ErrorCode kind = ErrorCode::ManifestField) {
        if (text.empty()) {
            text = where + ": " + what;
            code = kind;
        }
    }
};

// Reads the fields of one JSON object, each as the table defines it, recording the first error;
// Finish() rejects any key the table does not list for this object.
class Fields {
public:
    Fields(const json& object, std::string tableParent, std::string path, Problem& error)
        : obj_(object), parent_(std::move(tableParent)), path_(std::move(path)), error_(error) {
        if (error_.empty() && !obj_.is_object())
            error_.Set(path_.empty() ? "the manifest" : path_, "expected an object, got " + Describe(obj_));
    }

    [[nodiscard]] bool Ok() const { return error_.empty(); }
    [[nodiscard]] std::string PathOf(const std::string& key) const {
        return path_.empty() ? Printable(key) : path_ + "." + Printable(key);
    }

    /// The value of the table's field `key` under this object, or null (missing: an error unless
    /// the field is optional).
    const json* Get(const Field& f) {
        if (!Ok() || !obj_.is_object()) return nullptr;
        const auto it = obj_.find(f.key);
        if (it == obj_.end()) {
            if (!f.optional) error_.Set(PathOf(f.key), "missing");
            return nullptr;
        }
        return &*it;
    }
    const Field& F(const char* key) const { return FieldAt(parent_, key); }

    std::int32_t Whole(const char* key) {
        const Field& f = F(key);
        const json* v = Get(f);
        return v == nullptr ? 0 : WholeValue(*v, PathOf(key), f.lo, f.hi);
    }

    std::int32_t WholeValue(const json& v, const std::string& path, double lo, double hi) {
        const auto lo64 = static_cast<std::int64_t>(lo), hi64 = static_cast<std::int64_t>(hi);
        if (!v.is_number_integer()) {
            error_.Set(path, "expected a whole number " + std::to_string(lo64) + "-" + std::to_string(hi64) + ", got " +
                                 Describe(v));
            return 0;
        }
        const std::int64_t n =
            v.is_number_unsigned()
                ? static_cast<std::int64_t>(std::min<std::uint64_t>(v.get<std::uint64_t>(), INT64_MAX))
                : v.get<std::int64_t>();
        if (n < lo64 || n > hi64) {
            error_.Set(path, "must be " + std::to_string(lo64) + "-" + std::to_string(hi64) + ", got " +
                                 (v.is_number_unsigned() && n == INT64_MAX ? v.dump() : std::to_string(n)));
            return 0;
        }
        return static_cast<std::int32_t>(n);
    }

    double Number(const char* key, double fallback = 0.0) {
        const Field& f = F(key);
        const json* v = Get(f);
        if (v == nullptr) return fallback;
        if (!v->is_number()) {
            error_.Set(PathOf(key), "expected a number " + FormatRange(f.lo, f.hi) + ", got " + Describe(*v));
            return fallback;
        }
        const double d = v->get<double>();
        if (!std::isfinite(d) || d < f.lo || d > f.hi) {
            error_.Set(PathOf(key), "must be " + FormatRange(f.lo, f.hi) + ", got " + v->dump(-1, ' ', true));
            return fallback;
        }
        return d;
    }

    bool Bool(const char* key) {
        const json* v = Get(F(key));
        if (v == nullptr) return false;
        if (!v->is_boolean()) {
            error_.Set(PathOf(key), "expected true or false, got " + Describe(*v));
            return false;
        }
        return v->get<bool>();
    }

    std::string Text(const char* key) {
        const Field& f = F(key);
        const json* v = Get(f);
        if (v == nullptr) return {};
        if (!v->is_string()) {
            error_.Set(PathOf(key), "expected a string, got " + Describe(*v));
            return {};
        }
        std::string s = v->get<std::string>();
        // The limit counts characters (an accented name is as long as it looks); the byte cap far
        // above bounds what a string can cost whatever it holds.
        if (s.size() > limits::TEXT_FIELD_BYTES) {
            error_.Set(PathOf(key), "must be at most " + std::to_string(limits::TEXT_FIELD_BYTES) + " bytes, got " +
                                        std::to_string(s.size()));
            return {};
        }
        const std::size_t chars = CountCharacters(s);
        if (chars < f.lo || chars > f.hi) {
            error_.Set(PathOf(key), "must be " + FormatRange(f.lo, f.hi) + " characters, got " + std::to_string(chars));
            return {};
        }
        return s;
    }

    /// One of the field's choices; returns its index.
    int Choice(const char* key) {
        const Field& f = F(key);
        const json* v = Get(f);
        if (v == nullptr) return 0;
        std::string list;
        for (std::size_t i = 0; i < f.choices.size(); ++i) {
            if (v->is_string() && v->get<std::string>() == f.choices[i]) return static_cast<int>(i);
            list += (i == 0 ? "\"" : ", \"") + std::string(f.choices[i]) + "\"";
        }
        error_.Set(PathOf(key), "expected one of " + list + ", got " + Describe(*v));
        return 0;
    }

    /// [x, y], two whole numbers in the field's range.
    std::optional<collide::Point> PointField(const char* key) {
        const Field& f = F(key);
        const json* v = Get(f);
        if (v == nullptr) return std::nullopt;
        if (!v->is_array() || v->size() != 2) {
            error_.Set(PathOf(key), std::string("expected ") + f.shape + ", two whole numbers, got " + Describe(*v));
            return std::nullopt;
        }
        const std::int32_t x = WholeValue((*v)[0], PathOf(key) + "[0]", f.lo, f.hi);
        const std::int32_t y = WholeValue((*v)[1], PathOf(key) + "[1]", f.lo, f.hi);
        return collide::Point{x, y};
    }

    const json* ObjectField(const char* key) {
        const json* v = Get(F(key));
        if (v != nullptr && !v->is_object()) {
            error_.Set(PathOf(key), "expected an object, got " + Describe(*v));
            return nullptr;
        }
        return v;
    }

    /// An object whose entries are named by the author (animations, moves), at most the field's
    /// `hi` of them: checked before any entry is read.
    const json* MapField(const char* key) {
        const Field& f = F(key);
        const json* v = ObjectField(key);
        if (v != nullptr && v->size() > f.hi) {
            error_.Set(PathOf(key), std::to_string(v->size()) + " entries, over the limit of " + FormatNumber(f.hi) +
                                        " per fighter");
            return nullptr;
        }
        return v;
    }

    const json* ArrayField(const char* key) {
        const Field& f = F(key);
        const json* v = Get(f);
        if (v == nullptr) return nullptr;
        if (!v->is_array()) {
            error_.Set(PathOf(key), "expected an array, got " + Describe(*v));
            return nullptr;
        }
        if (v->size() < f.lo || v->size() > f.hi) {
            error_.Set(PathOf(key),
                       "must hold " + FormatRange(f.lo, f.hi) + " entries, got " + std::to_string(v->size()));
            return nullptr;
        }
        return v;
    }

    /// Rejects every key the table does not list here: a typo ("damge") is an error, not a default.
    void Finish() {
        if (!Ok() || !obj_.is_object()) return;
        std::set<std::string> known;
        for (const Field& f : ManifestFields()) {
            if (parent_ == f.parent) known.insert(f.key);
        }
        for (const auto& [key, value] : obj_.items()) {
            if (known.count(key) != 0) continue;
            std::string expected;
            for (const std::string& k : known) expected += (expected.empty() ? "" : ", ") + k;
            error_.Set(PathOf(key), "unknown field (expected " + expected + ")");
            return;
        }
    }

    Problem& Error() { return error_; }

private:
    const json& obj_;
    std::string parent_;
    std::string path_;
    Problem& error_;
};

ManifestAnimation ReadAnimation(const std::string& name, const json& value, Problem& error) {
    ManifestAnimation anim;
    anim.name = name;
    Fields f(value, "animations.*", "animations." + Printable(name), error);
    anim.loop = f.Bool("loop");
    const auto anchor = f.PointField("anchor");
    anim.anchorGiven = anchor.has_value();
    anim.anchorPx = anchor.value_or(collide::Point{});
    if (const json* frames = f.ArrayField("frames")) {
        for (std::size_t i = 0; i < frames->size() && f.Ok(); ++i) {
            Fields ff((*frames)[i], "animations.*.frames[]", f.PathOf("frames") + "[" + std::to_string(i) + "]", error);
            ManifestFrame frame;
            frame.ticks = ff.Whole("ticks");
            frame.anchorPx = ff.PointField("anchor");
            ff.Finish();
            anim.frames.push_back(frame);
        }
    }
    f.Finish();
    return anim;
}

ManifestMove ReadMove(const std::string& name, const json& value, Problem& error) {
    ManifestMove move;
    move.name = name;
    Fields f(value, "moves.*", "moves." + Printable(name), error);
    move.animation = f.Text("animation");
    move.button = static_cast<game::Button>(f.Choice("button"));
    move.stance = static_cast<game::Stance>(f.Choice("stance"));
    move.damage = f.Whole("damage");
    move.hitstunTicks = f.Whole("hitstun");
    move.blockstunTicks = f.Whole("blockstun");
    move.hitstopTicks = f.Whole("hitstop");
    move.knockbackPxPerTick = f.Number("knockback");
    move.height = static_cast<game::HitHeight>(f.Choice("height"));
    if (const json* proj = f.ObjectField("projectile")) {
        Fields pf(*proj, "moves.*.projectile", f.PathOf("projectile"), error);
        ManifestProjectile p;
        p.animation = pf.Text("animation");
        p.spawnFrame = pf.Whole("spawnFrame");
        p.spawnPx = pf.PointField("spawn").value_or(collide::Point{});
        p.speedPxPerTick = pf.Number("speed");
        p.spinDegreesPerTick = pf.Number("spinDegreesPerTick", 0.0);
        p.lifetimeTicks = pf.Whole("lifetimeTicks");
        pf.Finish();
        move.projectile = p;
    }
    move.motion = f.Text("motion");
    if (f.Ok() && !std::all_of(move.motion.begin(), move.motion.end(), [](char c) { return c >= '1' && c <= '9'; }))
        error.Set(f.PathOf("motion"), "a motion is numpad digits 1-9 (2 down, 6 forward, 3 down-forward), got \"" +
                                          Printable(move.motion) + "\"");
    if (const json* cancels = f.ArrayField("cancels")) {
        for (std::size_t i = 0; i < cancels->size() && f.Ok(); ++i) {
            Fields cf((*cancels)[i], "moves.*.cancels[]", f.PathOf("cancels") + "[" + std::to_string(i) + "]", error);
            ManifestCancel c;
            if (const json* into = cf.ArrayField("into")) {
                for (std::size_t k = 0; k < into->size() && cf.Ok(); ++k) {
                    const json& name = (*into)[k];
                    if (!name.is_string() || name.get<std::string>().empty()) {
                        error.Set(cf.PathOf("into") + "[" + std::to_string(k) + "]",
                                  "expected a move's name, got " + Describe(name));
                        break;
                    }
                    c.into.push_back(name.get<std::string>());
                }
            }
            if (const auto frames = cf.PointField("frames")) {
                c.frames = {frames->x, frames->y};
                if (cf.Ok() && frames->y < frames->x)
                    error.Set(cf.PathOf("frames"), "[first, last] with first <= last, got [" +
                                                       std::to_string(frames->x) + ", " + std::to_string(frames->y) +
                                                       "]");
            }
            c.on = static_cast<game::CancelOn>(cf.Choice("on"));
            cf.Finish();
            move.cancels.push_back(std::move(c));
        }
    }
    move.advancePxPerTick = f.Number("advance", 0.0);
    move.meterCost = f.Whole("meterCost");
    move.superFreezeTicks = f.Whole("superFreezeTicks");
    if (const json* thr = f.ObjectField("throw")) {
        Fields tf(*thr, "moves.*.throw", f.PathOf("throw"), error);
        ManifestThrow t;
        t.animation = tf.Text("animation");
        if (const json* offsets = tf.ArrayField("victimOffsets")) {
            const Field& field = FieldAt("moves.*.throw", "victimOffsets");
            for (std::size_t k = 0; k < offsets->size() && tf.Ok(); ++k) {
                const json& o = (*offsets)[k];
                const std::string at = tf.PathOf("victimOffsets") + "[" + std::to_string(k) + "]";
                if (!o.is_array() || o.size() != 2) {
                    error.Set(at, std::string("expected ") + field.shape + ", got " + Describe(o));
                    break;
                }
                const std::int32_t x = tf.WholeValue(o[0], at + "[0]", -MAX_ANCHOR_PX, MAX_ANCHOR_PX);
                const std::int32_t y = tf.WholeValue(o[1], at + "[1]", -MAX_ANCHOR_PX, MAX_ANCHOR_PX);
                t.victimOffsetsPx.push_back({x, y});
            }
        }
        if (thr->is_object() && thr->contains("landing")) t.landingPx = tf.Whole("landing");
        tf.Finish();
        move.throwMove = t;
    }
    for (auto [key, into] : {std::pair{"sound", &move.sound}, std::pair{"hitSound", &move.hitSound}}) {
        *into = f.Text(key);
        if (f.Ok() && !into->empty() && !IsSafeSoundName(*into)) {
            error.Set(f.PathOf(key),
                      "a sound is a file name in the fighter's sfx/ folder: a-z, 0-9, _, - and ., ending "
                      "in .wav, got \"" +
                          Printable(*into) + "\"");
        }
    }
    // `active` may be left out only by a move that throws.
    if ((value.is_object() && value.contains("active")) || !move.projectile) {
        if (const auto active = f.PointField("active")) {
            move.active = std::array<std::int32_t, 2>{active->x, active->y};
            if (f.Ok() && active->y < active->x) {
                error.Set(f.PathOf("active"), "[first, last] with first <= last, got [" + std::to_string(active->x) +
                                                  ", " + std::to_string(active->y) + "]");
            }
        }
    }
    f.Finish();
    return move;
}

std::int32_t ToSubpixels(double pxPerTick) {
    return static_cast<std::int32_t>(std::llround(pxPerTick * game::SUBPIXELS_PER_PX));
}

// ---- the writer ---------------------------------------------------------------------------------

using OrderedJson = nlohmann::ordered_json;

// Pretty-printing for people who edit the file by hand: a value that fits on one short line is
// written on one line ([112, 184], {"ticks": 7}, a whole move), the rest indented by two spaces.
void WritePretty(const OrderedJson& v, int indent, std::string& out) {
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
        if (v.is_object()) out += OrderedJson(it.key()).dump() + ": ";
        WritePretty(*it, indent + 2, out);
        out += i + 1 < v.size() ? ",\n" : "\n";
    }
    out += std::string(static_cast<std::size_t>(indent), ' ') + (v.is_object() ? "}" : "]");
}

OrderedJson PointJson(collide::Point p) {
    return OrderedJson::array({p.x, p.y});
}

}  // namespace

// ---- names ----------------------------------------------------------------------------------------

std::string FrameFileName(std::string_view animation, std::size_t frame) {
    char index[24];
    std::snprintf(index, sizeof index, "_%02zu.png", frame);
    return std::string(animation) + index;
}

bool IsSafeSoundName(std::string_view name) {
    if (name.size() < 5 || name.size() > 64 || name.front() == '.' || !name.ends_with(".wav")) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    });
}

bool IsSafeAnimationName(std::string_view name) {
    if (name.empty() || name.size() > 32) return false;
    return std::all_of(name.begin(), name.end(),
                       [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

// ---- the table ------------------------------------------------------------------------------------

std::span<const Field> ManifestFields() {
    return FIELDS;
}

const Field& FieldAt(std::string_view parent, std::string_view key) {
    for (const Field& f : FIELDS) {
        if (parent == f.parent && key == f.key) return f;
    }
    std::fprintf(stderr, "assets::FieldAt: no field %.*s.%.*s in the table (add it to FIELDS in format.cpp)\n",
                 static_cast<int>(parent.size()), parent.data(), static_cast<int>(key.size()), key.data());
    std::abort();
}

std::string DescribeFieldType(const Field& f) {
    std::string t;
    switch (f.type) {
        case FieldType::Text:
            t = "string, " + FormatRange(f.lo, f.hi) + " characters";
            break;
        case FieldType::Whole:
            t = std::string("whole number") + (*f.unit != '\0' ? std::string(" of ") + f.unit : "") + ", " +
                FormatRange(f.lo, f.hi);
            break;
        case FieldType::Number:
            t = "number, " + FormatRange(f.lo, f.hi);
            break;
        case FieldType::Bool:
            t = "boolean";
            break;
        case FieldType::Choice:
            for (std::size_t i = 0; i < f.choices.size(); ++i) {
                if (i > 0) t += i + 1 == f.choices.size() ? " or " : ", ";
                t += std::string("`\"") + f.choices[i] + "\"`";
            }
            break;
        case FieldType::Point:
            t = std::string(f.shape) +
                (std::string(f.shape).find("indices") == std::string::npos ? " whole numbers" : "") + ", " +
                FormatRange(f.lo, f.hi);
            break;
        case FieldType::Object:
            t = "object";
            break;
        case FieldType::Map:
            t = std::string("object: ") + f.shape + ", at most " + FormatNumber(f.hi) + " entries";
            break;
        case FieldType::Array:
            t = std::string("array of ") + f.shape + ", " + FormatRange(f.lo, f.hi) + " entries";
            break;
    }
    return f.optional ? t + ", optional" : t;
}

std::string FieldTableMarkdown(std::string_view parent, std::string_view prefix) {
    std::string out = "| field | type | meaning |\n| --- | --- | --- |\n";
    // An array's entries follow it ("frames[i].ticks"); at the top, an object's fields follow it
    // ("pushbox.width"); elsewhere an object has a table of its own.
    const auto rows = [&](const auto& self, const std::string& from, const std::string& shownAs) -> void {
        for (const Field& f : FIELDS) {
            if (from != f.parent) continue;
            out += "| `" + shownAs + f.key + "` | " + DescribeFieldType(f) + " | " + f.meaning + " |\n";
            const std::string child = from.empty() ? std::string(f.key) : from + "." + f.key;
            if (f.type == FieldType::Array) self(self, child + "[]", shownAs + f.key + "[i].");
            if (f.type == FieldType::Object && from.empty()) self(self, child, shownAs + f.key + ".");
        }
    };
    rows(rows, std::string(parent), std::string(prefix));
    return out;
}

// ---- reading ----------------------------------------------------------------------------------------

namespace {

Result<Manifest> ReadManifestOrThrow(const std::string& text, const std::string& nameForErrors) {
    json root;
    ManifestSax sax(root);
    if (!json::sax_parse(text, &sax, json::input_format_t::json, true, false)) {
        // "[json.exception.parse_error.101] parse error at line 3, column 5: ..." -> from "parse
        // error"; a number too big for a double is out_of_range (406) with no position:
        // "number overflow parsing '1e400'" names the number instead.
        const std::string& what = sax.Error();
        const auto bracket = what.find("] ");
        std::string rest = bracket == std::string::npos ? what : what.substr(bracket + 2);
        for (char& c : rest) c = (c == '\n' || c == '\r') ? ' ' : c;
        // "last read: '...'" quotes the token: a 3 MB string is cut, its bytes escaped.
        return Error{ErrorCode::ManifestSyntax, nameForErrors, "JSON " + game::OneLine(rest, 300)};
    }
    if (!sax.Duplicate().empty()) {
        return Error{ErrorCode::ManifestField, nameForErrors,
                     sax.Duplicate() + ": the key appears twice (JSON keeps only the last; remove one)"};
    }

    Problem error;
    Manifest m;
    Fields top(root, "", "", error);
    m.name = top.Text("name");
    m.health = top.Whole("health");
    m.walkForwardSpeed = top.Number("walkForwardSpeed");
    m.walkBackSpeed = top.Number("walkBackSpeed");
    m.jumpVelocity = top.Number("jumpVelocity");
    m.jumpForwardSpeed = top.Number("jumpForwardSpeed");
    m.gravity = top.Number("gravity");
    m.anchorPx = top.PointField("anchor");
    m.credits = top.Text("credits");
    m.license = top.Text("license");
    if (const json* push = top.ObjectField("pushbox")) {
        Fields pf(*push, "pushbox", "pushbox", error);
        m.pushboxWidthPx = pf.Whole("width");
        m.pushboxHeightPx = pf.Whole("height");
        m.pushboxCrouchHeightPx = pf.Whole("crouchHeight");
        pf.Finish();
    }
    if (const json* anims = top.MapField("animations")) {
        // The frames of all animations together, before any is read: each is two files to open.
        std::size_t frames = 0;
        for (const auto& value : *anims) {
            const auto it = value.is_object() ? value.find("frames") : value.end();
            if (it != value.end() && it->is_array()) frames += it->size();
        }
        if (frames > static_cast<std::size_t>(limits::FRAMES_PER_FIGHTER)) {
            error.Set("animations", std::to_string(frames) + " frames in all, over the limit of " +
                                        std::to_string(limits::FRAMES_PER_FIGHTER) + " per fighter");
        }
        // The required animations are missing before anything inside another animation is wrong.
        for (const char* required : game::REQUIRED_ANIM_NAMES) {
            if (!anims->contains(required))
                error.Set("animations", std::string("missing the required animation \"") + required + "\"");
        }
        for (const auto& [name, value] : anims->items()) {
            if (!error.empty()) break;
            if (!IsSafeAnimationName(name)) {
                error.Set("animations." + Printable(name),
                          "an animation name is 1-32 of a-z, 0-9 and _ (it becomes a file name)");
                break;
            }
            if (!value.is_object()) {
                error.Set("animations." + Printable(name), "expected an object, got " + Describe(value));
                break;
            }
            m.animations.push_back(ReadAnimation(name, value, error));
            // An animation without its own anchor takes the fighter's; with neither it is missing.
            if (error.empty() && !m.animations.back().anchorGiven) {
                if (m.anchorPx) {
                    m.animations.back().anchorPx = *m.anchorPx;
                } else {
                    error.Set("animations." + Printable(name) + ".anchor",
                              "missing (give it here, or a fighter-level \"anchor\" for every animation)");
                }
            }
        }
    }
    if (const json* moves = top.MapField("moves")) {
        for (const auto& [name, value] : moves->items()) {
            if (!error.empty()) break;
            m.moves.push_back(ReadMove(name, value, error));
        }
    }
    if (const json* palette = top.ArrayField("palette")) {
        // Each entry: ["RRGGBB", "RRGGBB"], six hex digits each.
        const auto hex = [](const json& v) -> std::optional<std::uint32_t> {
            if (!v.is_string()) return std::nullopt;
            const std::string t = v.get<std::string>();
            if (t.size() != 6 || !std::all_of(t.begin(), t.end(),
                                              [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }))
                return std::nullopt;
            return static_cast<std::uint32_t>(std::stoul(t, nullptr, 16));
        };
        for (std::size_t i = 0; i < palette->size() && error.empty(); ++i) {
            const json& pair = (*palette)[i];
            std::string at = "palette[";  // appended: GCC 12 -O3 misreads "literal" + to_string
            at.append(std::to_string(i)).append("]");
            const auto from = pair.is_array() && pair.size() == 2 ? hex(pair[0]) : std::nullopt;
            const auto to = pair.is_array() && pair.size() == 2 ? hex(pair[1]) : std::nullopt;
            if (!from || !to) {
                error.Set(at, "expected [\"RRGGBB\", \"RRGGBB\"] (two colours of six hex digits), got " +
                                  (pair.is_array() && pair.size() == 2
                                       ? "[" + Describe(pair[0]) + ", " + Describe(pair[1]) + "]"
                                       : Describe(pair)));
                break;
            }
            m.palette.push_back({*from, *to});
        }
    }
    if (const json* alternate = top.ObjectField("alternate")) {
        Fields af(*alternate, "alternate", "alternate", error);
        ManifestAlternate shift;
        shift.hueDegrees = af.Whole("hue");
        shift.lightnessPercent = af.Whole("lightness");
        af.Finish();
        m.alternate = shift;
        if (!m.palette.empty())
            error.Set("alternate", "give palette (exact colours) or alternate (a shift), not both",
                      ErrorCode::ManifestRule);
    }
    top.Finish();
    if (!error.empty()) return Error{error.code, nameForErrors, error.text};
    return m;
}

}  // namespace

Result<Manifest> ReadManifest(const std::string& text, const std::string& nameForErrors) {
    // Within limits::MANIFEST_BYTES the document fits in memory; a machine short of it gets a line.
    try {
        return ReadManifestOrThrow(text, nameForErrors);
    } catch (const std::bad_alloc&) {
        return Error{ErrorCode::ManifestSyntax, nameForErrors,
                     "not enough memory to read " + std::to_string(text.size()) + " bytes of JSON"};
    }
}

Result<game::FighterDef> ManifestToDef(const Manifest& m, const std::string& id, const std::string& nameForErrors) {
    Problem error;
    game::FighterDef def;
    def.id = id;
    def.displayName = m.name;
    def.maxHealth = m.health;
    def.walkForwardSubpx = ToSubpixels(m.walkForwardSpeed);
    def.walkBackSubpx = ToSubpixels(m.walkBackSpeed);
    def.jumpVelocitySubpx = ToSubpixels(m.jumpVelocity);
    def.jumpForwardSubpx = ToSubpixels(m.jumpForwardSpeed);
    def.gravitySubpx = ToSubpixels(m.gravity);
    def.pushboxWidthPx = m.pushboxWidthPx;
    def.pushboxHeightPx = m.pushboxHeightPx;
    def.pushboxCrouchHeightPx = m.pushboxCrouchHeightPx;

    // Animations: the required ones first, in game::Anim order, then the others in the given order.
    const auto toDef = [](const ManifestAnimation& a) {
        game::AnimationDef anim;
        anim.name = a.name;
        anim.loop = a.loop;
        for (const ManifestFrame& f : a.frames) {
            game::FrameDef frame;
            frame.ticks = f.ticks;
            frame.anchorPx = f.anchorPx.value_or(a.anchorPx);
            anim.frames.push_back(std::move(frame));
        }
        return anim;
    };
    // Names to indices through one map, so that the lookups below stay linear in the number of
    // animations and moves (a linear search per name was quadratic: 100,000 animations took 78 s).
    std::unordered_map<std::string, std::size_t> given;  // name -> index in m.animations
    for (std::size_t i = 0; i < m.animations.size(); ++i) given.emplace(m.animations[i].name, i);
    std::unordered_map<std::string, std::int32_t> indexOf;  // name -> index in def.animations
    for (const char* required : game::REQUIRED_ANIM_NAMES) {
        const auto it = given.find(required);
        if (it == given.end()) {
            error.Set("animations", std::string("missing the required animation \"") + required + "\"");
            return Error{error.code, nameForErrors, error.text};
        }
        indexOf.emplace(required, static_cast<std::int32_t>(def.animations.size()));
        def.animations.push_back(toDef(m.animations[it->second]));
    }
    for (const ManifestAnimation& a : m.animations) {
        if (indexOf.emplace(a.name, static_cast<std::int32_t>(def.animations.size())).second)
            def.animations.push_back(toDef(a));
    }
    const auto find = [&indexOf](const std::string& name) {
        const auto it = indexOf.find(name);
        return it == indexOf.end() ? -1 : it->second;
    };
    if (!def.Animation(game::Anim::Idle).loop) error.Set("animations.idle.loop", "idle must loop (true)");
    if (def.Animation(game::Anim::Idle).frames.size() < MIN_IDLE_FRAMES) {
        error.Set("animations.idle.frames", "idle needs at least " + std::to_string(MIN_IDLE_FRAMES) + " frames, got " +
                                                std::to_string(def.Animation(game::Anim::Idle).frames.size()));
    }

    std::map<std::tuple<game::Button, game::Stance, std::string>, std::size_t> moveOn;  // -> the first move there
    for (const ManifestMove& mm : m.moves) {
        if (!error.empty()) break;
        const std::string path = "moves." + Printable(mm.name);
        game::MoveDef move;
        move.name = mm.name;
        move.animation = find(mm.animation);
        if (move.animation < 0)
            error.Set(path + ".animation", "no animation named \"" + Printable(mm.animation) + "\"");
        move.button = mm.button;
        move.stance = mm.stance;
        move.damage = mm.damage;
        move.hitstunTicks = mm.hitstunTicks;
        move.blockstunTicks = mm.blockstunTicks;
        move.hitstopTicks = mm.hitstopTicks;
        move.knockbackSubpx = ToSubpixels(mm.knockbackPxPerTick);
        move.height = mm.height;
        const std::size_t frameCount =
            move.animation >= 0 ? def.animations[static_cast<std::size_t>(move.animation)].frames.size() : 0;
        const auto frameRule = [&](const std::string& field, std::int32_t frame) {
            if (error.empty() && (frame < 0 || static_cast<std::size_t>(frame) >= frameCount)) {
                error.Set(path + "." + field,
                          "frame " + std::to_string(frame) + " does not exist (animation \"" + Printable(mm.animation) +
                              "\" has " + std::to_string(frameCount) + " frames, 0-" + std::to_string(frameCount - 1) +
                              ")",
                          ErrorCode::ManifestRule);
            }
        };
        if (mm.projectile) {
            const ManifestProjectile& mp = *mm.projectile;
            game::ProjectileDef p;
            p.animation = find(mp.animation);
            if (error.empty() && p.animation < 0)
                error.Set(path + ".projectile.animation", "no animation named \"" + Printable(mp.animation) + "\"");
            p.spawnFrame = mp.spawnFrame;
            p.spawnOffsetPx = mp.spawnPx;
            p.speedSubpx = ToSubpixels(mp.speedPxPerTick);
            p.spinMilliDegreesPerTick = static_cast<std::int32_t>(std::llround(mp.spinDegreesPerTick * 1000));
            p.lifetimeTicks = mp.lifetimeTicks;
            frameRule("projectile.spawnFrame", p.spawnFrame);
            move.projectile = p;
        }
        if (mm.active) {
            move.activeFirst = (*mm.active)[0];
            move.activeLast = (*mm.active)[1];
            frameRule("active", move.activeFirst);
            frameRule("active", move.activeLast);
        }
        move.motion = mm.motion;
        if (error.empty() && !move.motion.empty() && move.stance != game::Stance::Stand)
            error.Set(path + ".stance", "a move with a motion is \"stand\" (the motion decides, not the down key)",
                      ErrorCode::ManifestRule);
        move.advanceSubpx = ToSubpixels(mm.advancePxPerTick);
        move.meterCost = mm.meterCost;
        move.superFreezeTicks = mm.superFreezeTicks;
        for (const ManifestCancel& c : mm.cancels) {
            frameRule("cancels", c.frames[0]);
            frameRule("cancels", c.frames[1]);
            move.cancels.push_back(game::CancelDef{{}, c.frames[0], c.frames[1], c.on});  // `into` below
        }
        if (mm.throwMove) {
            const ManifestThrow& mt = *mm.throwMove;
            game::ThrowDef t;
            t.animation = find(mt.animation);
            if (error.empty() && t.animation < 0)
                error.Set(path + ".throw.animation", "no animation named \"" + Printable(mt.animation) + "\"");
            t.victimOffsetsPx = mt.victimOffsetsPx;
            t.landingPx = mt.landingPx;
            if (error.empty() && !mm.active)
                error.Set(path + ".active", "a throw needs `active`: its grab frames", ErrorCode::ManifestRule);
            if (error.empty() && move.stance == game::Stance::Air)
                error.Set(path + ".stance", "a throw is made on the ground", ErrorCode::ManifestRule);
            move.throwDef = t;
        }
        if (error.empty() && move.stance == game::Stance::Air && move.projectile)
            error.Set(path + ".stance", "an air move does not throw a projectile", ErrorCode::ManifestRule);
        // Two moves on the same input: the game could not tell which to start. One map lookup a
        // move (a search of the moves before it would be quadratic in their number).
        const auto [first, alone] = moveOn.emplace(std::tuple{move.button, move.stance, move.motion}, def.moves.size());
        if (error.empty() && !alone) {
            error.Set(path,
                      "starts on the same button and stance as moves." + Printable(def.moves[first->second].name) +
                          (move.motion.empty() ? "" : " (and the same motion)"),
                      ErrorCode::ManifestRule);
        }
        def.moves.push_back(std::move(move));
    }
    // Cancels name moves that may come later in the file: resolved once every move is known,
    // through one map (linear in the names, as the animations above).
    std::unordered_map<std::string, std::int32_t> moveIndexOf;
    for (std::size_t i = 0; i < def.moves.size(); ++i)
        moveIndexOf.emplace(def.moves[i].name, static_cast<std::int32_t>(i));
    for (std::size_t i = 0; i < m.moves.size() && error.empty(); ++i) {
        for (std::size_t c = 0; c < m.moves[i].cancels.size() && error.empty(); ++c) {
            for (const std::string& name : m.moves[i].cancels[c].into) {
                const auto it = moveIndexOf.find(name);
                if (it == moveIndexOf.end()) {
                    error.Set("moves." + Printable(m.moves[i].name) + ".cancels[" + std::to_string(c) + "].into",
                              "no move named \"" + Printable(name) + "\"", ErrorCode::ManifestRule);
                    break;
                }
                def.moves[i].cancels[c].into.push_back(it->second);
            }
        }
    }
    def.thrownAnimation = def.FindAnimation("thrown");
    for (const ManifestColourSwap& p : m.palette) def.palette.push_back({p.fromRgb, p.toRgb});
    if (!error.empty()) return Error{error.code, nameForErrors, error.text};
    return def;
}

Result<game::FighterDef> ParseManifest(const std::string& text, const std::string& id,
                                       const std::string& nameForErrors) {
    auto manifest = ReadManifest(text, nameForErrors);
    if (!manifest.Ok()) return manifest.GetError();
    return ManifestToDef(manifest.Value(), id, nameForErrors);
}

// ---- writing ----------------------------------------------------------------------------------------

std::string WriteManifest(const Manifest& m) {
    OrderedJson root;
    root["name"] = m.name;
    root["health"] = m.health;
    root["walkForwardSpeed"] = m.walkForwardSpeed;
    root["walkBackSpeed"] = m.walkBackSpeed;
    root["jumpVelocity"] = m.jumpVelocity;
    root["jumpForwardSpeed"] = m.jumpForwardSpeed;
    root["gravity"] = m.gravity;
    if (!m.credits.empty()) root["credits"] = m.credits;
    if (!m.license.empty()) root["license"] = m.license;
    if (m.anchorPx) root["anchor"] = PointJson(*m.anchorPx);
    root["pushbox"] = {
        {"width", m.pushboxWidthPx}, {"height", m.pushboxHeightPx}, {"crouchHeight", m.pushboxCrouchHeightPx}};
    OrderedJson anims = OrderedJson::object();
    for (const ManifestAnimation& a : m.animations) {
        OrderedJson frames = OrderedJson::array();
        for (const ManifestFrame& f : a.frames) {
            OrderedJson frame;
            frame["ticks"] = f.ticks;
            if (f.anchorPx) frame["anchor"] = PointJson(*f.anchorPx);
            frames.push_back(frame);
        }
        OrderedJson anim;
        anim["loop"] = a.loop;
        // The fighter's anchor is not repeated in each animation that shares it.
        if (!m.anchorPx || a.anchorPx != *m.anchorPx) anim["anchor"] = PointJson(a.anchorPx);
        anim["frames"] = frames;
        anims[a.name] = anim;
    }
    root["animations"] = anims;
    OrderedJson moves = OrderedJson::object();
    for (const ManifestMove& mm : m.moves) {
        OrderedJson j;
        j["animation"] = mm.animation;
        j["button"] = game::NameOf(game::BUTTON_NAMES, mm.button);
        j["stance"] = game::NameOf(game::STANCE_NAMES, mm.stance);
        j["damage"] = mm.damage;
        j["hitstun"] = mm.hitstunTicks;
        j["blockstun"] = mm.blockstunTicks;
        j["hitstop"] = mm.hitstopTicks;
        j["knockback"] = mm.knockbackPxPerTick;
        if (mm.active) j["active"] = {(*mm.active)[0], (*mm.active)[1]};
        j["height"] = game::NameOf(game::HIT_HEIGHT_NAMES, mm.height);
        if (mm.projectile) {
            const ManifestProjectile& p = *mm.projectile;
            OrderedJson pj;
            pj["animation"] = p.animation;
            pj["spawnFrame"] = p.spawnFrame;
            pj["spawn"] = PointJson(p.spawnPx);
            pj["speed"] = p.speedPxPerTick;
            if (p.spinDegreesPerTick != 0.0) pj["spinDegreesPerTick"] = p.spinDegreesPerTick;
            pj["lifetimeTicks"] = p.lifetimeTicks;
            j["projectile"] = pj;
        }
        if (!mm.motion.empty()) j["motion"] = mm.motion;
        if (!mm.cancels.empty()) {
            OrderedJson cancels = OrderedJson::array();
            for (const ManifestCancel& c : mm.cancels) {
                OrderedJson cj;
                cj["into"] = c.into;
                cj["frames"] = {c.frames[0], c.frames[1]};
                cj["on"] = game::NameOf(game::CANCEL_ON_NAMES, c.on);
                cancels.push_back(cj);
            }
            j["cancels"] = cancels;
        }
        if (mm.advancePxPerTick != 0.0) j["advance"] = mm.advancePxPerTick;
        if (mm.meterCost != 0) j["meterCost"] = mm.meterCost;
        if (mm.superFreezeTicks != 0) j["superFreezeTicks"] = mm.superFreezeTicks;
        if (mm.throwMove) {
            const ManifestThrow& t = *mm.throwMove;
            OrderedJson tj;
            tj["animation"] = t.animation;
            OrderedJson offsets = OrderedJson::array();
            for (const collide::Point& o : t.victimOffsetsPx) offsets.push_back(PointJson(o));
            tj["victimOffsets"] = offsets;
            tj["landing"] = t.landingPx;
            j["throw"] = tj;
        }
        if (!mm.sound.empty()) j["sound"] = mm.sound;
        if (!mm.hitSound.empty()) j["hitSound"] = mm.hitSound;
        moves[mm.name] = j;
    }
    root["moves"] = moves;
    if (!m.palette.empty()) {
        OrderedJson palette = OrderedJson::array();
        for (const ManifestColourSwap& p : m.palette) {
            char from[8], to[8];
            std::snprintf(from, sizeof from, "%06X", p.fromRgb & 0xFFFFFFu);
            std::snprintf(to, sizeof to, "%06X", p.toRgb & 0xFFFFFFu);
            palette.push_back(OrderedJson::array({from, to}));
        }
        root["palette"] = palette;
    }
    if (m.alternate) {
        OrderedJson alternate = OrderedJson::object();
        if (m.alternate->hueDegrees != 0) alternate["hue"] = m.alternate->hueDegrees;
        if (m.alternate->lightnessPercent != 0) alternate["lightness"] = m.alternate->lightnessPercent;
        root["alternate"] = alternate;
    }
    std::string text;
    WritePretty(root, 0, text);
    return text + "\n";
}

Image ApplyPalette(const Image& image, std::span<const game::PaletteSwap> palette) {
    Image out = image;
    for (std::size_t i = 0; i + 3 < out.rgba.size(); i += 4) {
        const std::uint32_t rgb =
            (std::uint32_t{out.rgba[i]} << 16) | (std::uint32_t{out.rgba[i + 1]} << 8) | std::uint32_t{out.rgba[i + 2]};
        for (const game::PaletteSwap& p : palette) {
            if (p.fromRgb != rgb) continue;
            out.rgba[i] = static_cast<std::uint8_t>(p.toRgb >> 16);
            out.rgba[i + 1] = static_cast<std::uint8_t>(p.toRgb >> 8);
            out.rgba[i + 2] = static_cast<std::uint8_t>(p.toRgb);
            break;
        }
    }
    return out;
}

}  // namespace assets
