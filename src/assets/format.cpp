// The fighter format: the one list of fighter.json's fields (key, member, kind, range, docs line),
// the three visitors that walk it (the Lister makes the docs' table, the Reader checks fighter.json
// against it, the Writer writes it back), the conversion to a game::FighterDef, and the docs'
// tables. Strict: an unknown, missing or mistyped field is an error naming the field's path and the
// rule, so a typo never falls back to a default. Enum words come from the game's one table per enum.
#include "assets/format.h"

#include "assets/json_doc.h"
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
#include <utility>

namespace assets {

namespace {

using json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

constexpr double MAX_ANCHOR_PX = MAX_IMAGE_SIDE_PX;

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

// ---- the one list of fields ---------------------------------------------------------------------
//
// Every field of fighter.json is declared once, below: its key, the document's member it fills, its
// kind (the visitor's method), its range and its docs line. Three visitors walk the list: the
// Lister makes the table (the docs, FieldAt, the reader's unknown-key check), the Reader checks and
// reads a JSON document into a Manifest, the Writer writes a Manifest back in the same order. A new
// field is one line here (and its member in format.h); the game's side converts it (ManifestToDef).

/// One field as declared: Field without its parent (the visitor knows where it is) and its type (the
/// method declaring it says which). The last members are rules only the reader or writer applies.
struct Spec {
    const char* key;
    double lo = 0, hi = 0;  ///< the range (Text: bytes; Array and Map: entries; Point: each number)
    bool optional = false;
    const char* unit = "";
    const char* shape = "";
    const char* meaning = "";
    /// Text: a rule beyond the length; the message when the value breaks it ("" when it holds).
    std::string (*rule)(const std::string& value) = nullptr;
    /// Optional, but written even at its default (a throw's landing has always been written).
    bool writtenAlways = false;
    /// Required, unless this sibling key is present (`active`, for a move that throws a projectile).
    const char* unlessWith = nullptr;
    /// Map: a check of the whole map before any entry is read; Map: a rule each entry's name keeps.
    void (*before)(const json& map, struct Problem& error) = nullptr;
    std::string (*nameRule)(const std::string& name) = nullptr;
};

std::string MotionRule(const std::string& motion) {
    if (std::all_of(motion.begin(), motion.end(), [](char c) { return c >= '1' && c <= '9'; })) return "";
    return "a motion is numpad digits 1-9 (2 down, 6 forward, 3 down-forward), got \"" + Printable(motion) + "\"";
}

std::string SoundRule(const std::string& sound) {
    if (sound.empty() || IsSafeSoundName(sound)) return "";
    return "a sound is a file name in the fighter's sfx/ folder: a-z, 0-9, _, - and ., ending in .wav, got \"" +
           Printable(sound) + "\"";
}

std::string AnimationNameRule(const std::string& name) {
    return IsSafeAnimationName(name) ? "" : "an animation name is 1-32 of a-z, 0-9 and _ (it becomes a file name)";
}

void CheckAnimationsWhole(const json& animations, Problem& error);  // below, with the reader

// clang-format off
template <class V, class M>
void VisitFrame(V& v, M& f) {
    v.Whole({"ticks", 1, 600, false, "", "", "how long the frame shows, in 60 Hz ticks"}, f.ticks);
    v.Point({"anchor", -MAX_ANCHOR_PX, MAX_ANCHOR_PX, true, "", "[x, y]", "this frame's own anchor"}, f.anchorPx);
}

template <class V, class M>
void VisitAnimation(V& v, M& a) {
    v.Bool({"loop", 0, 0, false, "", "", "after the last frame: start again (true) or hold the last frame (false)"}, a.loop);
    v.Point({"anchor", -MAX_ANCHOR_PX, MAX_ANCHOR_PX, true, "", "[x, y]", "the hot spot, HGE's term: the sprite pixel placed on the fighter's position, at the feet. Each frame may override it; without it, the fighter's anchor (required then)"}, a.anchorPx, a.anchorGiven);
    v.Array({"frames", 1, limits::FRAMES_PER_ANIMATION, false, "", "frame", "in order"}, a.frames, [](auto& fv, auto& f) { VisitFrame(fv, f); });
}

template <class V, class M>
void VisitProjectile(V& v, M& p) {
    v.Text({"animation", 1, 32, false, "", "", "the projectile's own animation (looping); every frame's hotmap must hold attack pixels"}, p.animation);
    v.Whole({"spawnFrame", 0, 63, false, "", "", "the move's frame on whose first tick it appears"}, p.spawnFrame);
    v.Point({"spawn", -MAX_ANCHOR_PX, MAX_ANCHOR_PX, false, "", "[x, y]", "where its anchor appears, relative to the thrower's anchor, facing right (y up is negative)"}, p.spawnPx);
    v.Number({"speed", 0.25, 64, false, "", "", "px/tick forward"}, p.speedPxPerTick);
    v.Number({"spinDegreesPerTick", -90, 90, true, "", "", "0 (default): drawn and collided upright. Otherwise it turns this many degrees a tick, drawn rotated and collided through the transformed query"}, p.spinDegreesPerTick);
    v.Whole({"lifetimeTicks", 1, 1200, false, "", "", "how long it lives unless it hits something or leaves the stage"}, p.lifetimeTicks);
}

template <class V, class M>
void VisitCancel(V& v, M& c) {
    v.Names({"into", 1, 16, false, "", "move name", "the moves that may start inside the window"}, c.into);
    v.Frames({"frames", 0, 63, false, "", "[first, last] frame indices", "the move's frames the window covers"}, c.frames);
    v.Choice({"on", 0, 0, false, "", "", "`hit`: only after a hit; `contact`: after a hit or a block"}, c.on, game::CANCEL_ON_NAMES);
}

template <class V, class M>
void VisitThrow(V& v, M& t) {
    v.Text({"animation", 1, 32, false, "", "", "the toss the thrower plays once the grab connects; the victim shows its own `thrown` animation's frame of the same index"}, t.animation);
    v.Points({"victimOffsets", 1, 64, false, "", "[x, y] whole numbers", "per toss frame: the victim's anchor relative to the thrower's, facing right (y up is negative)"}, t.victimOffsetsPx);
    v.Whole({"landing", -512, 512, true, "", "", "px beyond the last victim offset where the victim lands, lies and gets up (default 60)", nullptr, true}, t.landingPx);
}

template <class V, class M>
void VisitMove(V& v, M& m) {
    v.Text({"animation", 1, 32, false, "", "", "the animation the move plays"}, m.animation);
    v.Choice({"button", 0, 0, false, "", "", "the button that starts it; `punch+kick`: both pressed within 2 ticks of each other"}, m.button, game::BUTTON_NAMES);
    v.Choice({"stance", 0, 0, false, "", "", "pressed standing, crouching (holding down) or in a jump (`air`: the jump's flight goes on, the move lasts until landing); a move with a `motion` is `stand`"}, m.stance, game::STANCE_NAMES);
    v.Whole({"damage", 0, 10000, false, "", "", "health taken from the defender on hit (a tenth of it on block)"}, m.damage);
    v.Whole({"hitstun", 0, 600, false, "ticks", "", "how long the defender cannot act after a hit"}, m.hitstunTicks);
    v.Whole({"blockstun", 0, 600, false, "ticks", "", "how long after a blocked hit"}, m.blockstunTicks);
    v.Whole({"hitstop", 0, 60, false, "ticks", "", "both fighters freeze this long on contact (hit or block)"}, m.hitstopTicks);
    v.Number({"knockback", 0, 64, false, "", "", "px/tick the defender slides away on contact, slowing to a stop"}, m.knockbackPxPerTick);
    v.Frames({"active", 0, 63, false, "", "[first, last] frame indices", "the frames whose attack pixels can hit; their hotmaps must hold attack pixels (`FF0000`); may be omitted when the move throws a projectile", nullptr, false, "projectile"}, m.active);
    v.Choice({"height", 0, 0, false, "", "", "high and mid are blocked standing or crouching, low only crouching, overhead only standing"}, m.height, game::HIT_HEIGHT_NAMES);
    v.Object({"projectile", 0, 0, true, "", "", "the move throws one (below); `active` may then be omitted"}, m.projectile, [](auto& pv, auto& p) { VisitProjectile(pv, p); });
    v.Text({"motion", 1, 8, true, "", "", "numpad digits relative to facing that must come before the button (docs/rules.md, \"Inputs\"): `\"236\"` down, down-forward, forward; `\"623\"` forward, down, down-forward; `\"236236\"`; `\"6\"` forward", MotionRule}, m.motion);
    v.Array({"cancels", 1, 8, true, "", "cancel window", "after the move's attack made contact, the moves it may be cancelled into, and on which frames"}, m.cancels, [](auto& cv, auto& c) { VisitCancel(cv, c); });
    v.Number({"advance", 0, 32, true, "", "", "px/tick the fighter drives forward during the active frames, until the move connects (a rush)"}, m.advancePxPerTick);
    v.Whole({"meterCost", 0, 1000, true, "", "", "meter spent to start it (1000 is a full bar); above 0 it is a super, started only with that much meter"}, m.meterCost);
    v.Whole({"superFreezeTicks", 0, 120, true, "ticks", "", "when it starts, both fighters, projectiles and the round timer hold this long (the super freeze)"}, m.superFreezeTicks);
    v.Bool({"knockdown", 0, 0, true, "", "", "`true`: a hit knocks the defender down (docs/rules.md, \"Knockdowns\"); default `false`"}, m.knockdown);
    v.Object({"throw", 0, 0, true, "", "", "the move is a throw (below): its active frames are the grab, unblockable"}, m.throwMove, [](auto& tv, auto& t) { VisitThrow(tv, t); });
    v.Text({"sound", 5, 64, true, "", "", "a WAV file in the fighter's `sfx/` folder (`\"rock_throw.wav\"`): played when the move starts, or, for a move that throws, when its projectile leaves, instead of the shared whiff or throw sound", SoundRule}, m.sound);
    v.Text({"hitSound", 5, 64, true, "", "", "a WAV file in the fighter's `sfx/` folder, played when the move (or its projectile) hits, instead of the shared hit sound", SoundRule}, m.hitSound);
}

template <class V, class M>
void VisitManifest(V& v, M& m) {
    v.Text({"name", 1, 24, false, "", "", "display name (HUD, menus)"}, m.name);
    v.Whole({"health", 1, 100000, false, "", "", "health at the start of a round"}, m.health);
    v.Number({"walkForwardSpeed", 0, 32, false, "", "", "px/tick walking toward the opponent"}, m.walkForwardSpeed);
    v.Number({"walkBackSpeed", 0, 32, false, "", "", "px/tick walking away (and blocking)"}, m.walkBackSpeed);
    v.Number({"jumpVelocity", 0, 64, false, "", "", "px/tick upward at take-off"}, m.jumpVelocity);
    v.Number({"jumpForwardSpeed", 0, 32, false, "", "", "px/tick sideways during a forward or back jump"}, m.jumpForwardSpeed);
    v.Number({"gravity", 0.01, 8, false, "", "", "px/tick² pulling down while airborne"}, m.gravity);
    v.Text({"credits", 1, 200, true, "", "", "who made the art, for art from other projects: shown on the select screen and by hotmap lint --verbose"}, m.credits);
    v.Text({"license", 1, 64, true, "", "", "the art's license (as \"CC-BY 4.0\"), shown with the credits"}, m.license);
    v.Point({"anchor", -MAX_ANCHOR_PX, MAX_ANCHOR_PX, true, "", "[x, y]", "the default anchor of every animation that gives none (hotmap import writes it)"}, m.anchorPx);
    v.Object({"pushbox", 0, 0, false, "", "", "the body's solid box, centred on the anchor, bottom at the feet"}, m, [](auto& bv, auto& b) {
        bv.Whole({"width", 1, 512, false, "", "", "pixels"}, b.pushboxWidthPx);
        bv.Whole({"height", 1, 512, false, "", "", "pixels, standing"}, b.pushboxHeightPx);
        bv.Whole({"crouchHeight", 1, 512, false, "", "", "pixels, crouching"}, b.pushboxCrouchHeightPx);
    });
    v.Map({"animations", 0, limits::ANIMATIONS_PER_FIGHTER, false, "", "name -> animation", "every animation of the fighter (below)", nullptr, false, nullptr, CheckAnimationsWhole, AnimationNameRule}, m.animations, [](auto& av, auto& a) { VisitAnimation(av, a); });
    v.Map({"moves", 0, limits::MOVES_PER_FIGHTER, false, "", "name -> move", "every attack (below)"}, m.moves, [](auto& mv, auto& mm) { VisitMove(mv, mm); });
    v.ColourPairs({"palette", 0, 64, true, "", "[\"RRGGBB\", \"RRGGBB\"] pairs", "the alternate palette for mirror matches: when both sides pick this fighter, the second one's sprites have each pixel of the first colour turned into the second (alpha kept; the hotmaps do not change)"}, m.palette);
    v.Object({"alternate", 0, 0, true, "", "", "the alternate colours for mirror matches when the art has too many colours for `palette` (shaded art): the second one's sprites have every pixel's hue turned and its lightness moved (the hotmaps do not change). A fighter with neither `palette` nor `alternate` has its hue turned 180 degrees"}, m.alternate, [](auto& av, auto& a) {
        av.Whole({"hue", -180, 180, true, "degrees", "", "how far each pixel's hue turns round the colour wheel (180: red to cyan); 0 when left out"}, a.hueDegrees);
        av.Whole({"lightness", -100, 100, true, "", "", "percent: above 0 each channel moves that far towards white, below 0 towards black; 0 when left out"}, a.lightnessPercent);
    });
}
// clang-format on

// ---- the table, from the list --------------------------------------------------------------------

// Walks the list over an empty document, one row per field; an entry of a map or an array, and an
// object's body, are walked once on a default value so that their own fields are listed under them.
class Lister {
public:
    Lister(std::vector<Field>& rows, std::string parent) : rows_(rows), parent_(std::move(parent)) {}

    template <class T>
    void Text(const Spec& s, T&) {
        Row(s, FieldType::Text);
    }
    template <class T>
    void Whole(const Spec& s, T&) {
        Row(s, FieldType::Whole);
    }
    template <class T>
    void Number(const Spec& s, T&) {
        Row(s, FieldType::Number);
    }
    template <class T>
    void Bool(const Spec& s, T&) {
        Row(s, FieldType::Bool);
    }
    template <class T, class E, std::size_t N>
    void Choice(const Spec& s, T&, const game::EnumName<E> (&table)[N]) {
        Field& f = Row(s, FieldType::Choice);
        for (const game::EnumName<E>& row : table) f.choices.push_back(row.name);
    }
    template <class... T>
    void Point(const Spec& s, T&...) {
        Row(s, FieldType::Point);
    }
    template <class T>
    void Frames(const Spec& s, T&) {
        Row(s, FieldType::Point);
    }
    template <class T>
    void Names(const Spec& s, T&) {
        Row(s, FieldType::Array);
    }
    template <class T>
    void Points(const Spec& s, T&) {
        Row(s, FieldType::Array);
    }
    template <class T>
    void ColourPairs(const Spec& s, T&) {
        Row(s, FieldType::Array);
    }
    template <class T, class F>
    void Object(const Spec& s, T&, F children) {
        Row(s, FieldType::Object);
        Body<typename Unwrapped<T>::type>(Path(s), children);
    }
    template <class T, class F>
    void Map(const Spec& s, std::vector<T>&, F children) {
        Row(s, FieldType::Map);
        Body<T>(Path(s) + ".*", children);
    }
    template <class T, class F>
    void Array(const Spec& s, std::vector<T>&, F children) {
        Row(s, FieldType::Array);
        Body<T>(Path(s) + "[]", children);
    }

private:
    template <class T>
    struct Unwrapped {
        using type = T;
    };
    template <class T>
    struct Unwrapped<std::optional<T>> {
        using type = T;
    };

    Field& Row(const Spec& s, FieldType type) {
        rows_.push_back(Field{parent_, s.key, type, s.lo, s.hi, s.optional, s.unit, s.shape, s.meaning, {}});
        return rows_.back();
    }
    [[nodiscard]] std::string Path(const Spec& s) const { return parent_.empty() ? s.key : parent_ + "." + s.key; }
    template <class T, class F>
    void Body(const std::string& parent, F children) {
        T value{};
        Lister inner(rows_, parent);
        children(inner, value);
    }

    std::vector<Field>& rows_;
    std::string parent_;
};

const std::vector<Field>& Table() {
    // Built once, on first use (a function-local static: thread-safe, never rebuilt).
    static const std::vector<Field> rows = [] {
        std::vector<Field> out;
        Manifest empty;
        Lister lister(out, "");
        VisitManifest(lister, empty);
        return out;
    }();
    return rows;
}

// ---- the reader -----------------------------------------------------------------------------------

// Reads one JSON object's fields, each as its declaration says, recording the first error; after
// the first error nothing more is read. Finish() rejects any key the list does not declare here.
class Reader {
public:
    Reader(const json& object, std::string tableParent, std::string path, Problem& error)
        : obj_(object), parent_(std::move(tableParent)), path_(std::move(path)), error_(error) {
        if (error_.empty() && !obj_.is_object())
            error_.Set(path_.empty() ? "the manifest" : path_, "expected an object, got " + Describe(obj_));
    }

    [[nodiscard]] bool Ok() const { return error_.empty(); }

    void Text(const Spec& s, std::string& out) {
        const json* v = Get(s);
        if (v == nullptr) return;
        if (!v->is_string()) return error_.Set(PathOf(s.key), "expected a string, got " + Describe(*v));
        const std::string& text = v->get_ref<const std::string&>();
        // The limit counts characters (an accented name is as long as it looks); the byte cap far
        // above bounds what a string can cost whatever it holds.
        if (text.size() > limits::TEXT_FIELD_BYTES)
            return error_.Set(PathOf(s.key), "must be at most " + std::to_string(limits::TEXT_FIELD_BYTES) +
                                                 " bytes, got " + std::to_string(text.size()));
        const std::size_t chars = CountCharacters(text);
        if (chars < s.lo || chars > s.hi)
            return error_.Set(PathOf(s.key),
                              "must be " + FormatRange(s.lo, s.hi) + " characters, got " + std::to_string(chars));
        if (s.rule != nullptr) {
            if (const std::string broken = s.rule(text); !broken.empty()) return error_.Set(PathOf(s.key), broken);
        }
        out = text;
    }

    void Whole(const Spec& s, std::int32_t& out) {
        if (const json* v = Get(s)) out = WholeValue(*v, PathOf(s.key), s.lo, s.hi);
    }

    void Number(const Spec& s, double& out) {
        const json* v = Get(s);
        if (v == nullptr) return;
        if (!v->is_number())
            return error_.Set(PathOf(s.key), "expected a number " + FormatRange(s.lo, s.hi) + ", got " + Describe(*v));
        const double d = v->get<double>();
        if (!std::isfinite(d) || d < s.lo || d > s.hi)
            return error_.Set(PathOf(s.key), "must be " + FormatRange(s.lo, s.hi) + ", got " + v->dump(-1, ' ', true));
        out = d;
    }

    void Bool(const Spec& s, bool& out) {
        const json* v = Get(s);
        if (v == nullptr) return;
        if (!v->is_boolean()) return error_.Set(PathOf(s.key), "expected true or false, got " + Describe(*v));
        out = v->get<bool>();
    }

    /// One of the enum's names (its one table, game/names.h).
    template <class E, std::size_t N>
    void Choice(const Spec& s, E& out, const game::EnumName<E> (&table)[N]) {
        const json* v = Get(s);
        if (v == nullptr) return;
        if (const auto value =
                v->is_string() ? game::ParseName(table, v->get_ref<const std::string&>()) : std::nullopt) {
            out = *value;
            return;
        }
        std::string list;
        for (std::size_t i = 0; i < N; ++i) list += (i == 0 ? "\"" : ", \"") + std::string(table[i].name) + "\"";
        error_.Set(PathOf(s.key), "expected one of " + list + ", got " + Describe(*v));
    }

    void Point(const Spec& s, collide::Point& out) {
        if (const auto p = ReadPoint(s)) out = *p;
    }
    void Point(const Spec& s, std::optional<collide::Point>& out) { out = ReadPoint(s); }
    /// An anchor that may fall back to another: `given` says whether the file holds one.
    void Point(const Spec& s, collide::Point& out, bool& given) {
        const auto p = ReadPoint(s);
        given = p.has_value();
        out = p.value_or(collide::Point{});
    }

    /// [first, last] frame indices, first <= last.
    void Frames(const Spec& s, std::array<std::int32_t, 2>& out) {
        if (const auto f = ReadFrames(s)) out = *f;
    }
    void Frames(const Spec& s, std::optional<std::array<std::int32_t, 2>>& out) { out = ReadFrames(s); }

    /// An array of names (a cancel's `into`): each a string that is not empty.
    void Names(const Spec& s, std::vector<std::string>& out) {
        const json* names = ReadArray(s);
        for (std::size_t k = 0; names != nullptr && k < names->size() && Ok(); ++k) {
            const json& name = (*names)[k];
            if (!name.is_string() || name.get_ref<const std::string&>().empty())
                return error_.Set(Indexed(s.key, k), "expected a move's name, got " + Describe(name));
            out.push_back(name.get<std::string>());
        }
    }

    /// An array of [x, y] points (a throw's victim offsets), each number within an anchor's range.
    void Points(const Spec& s, std::vector<collide::Point>& out) {
        const json* points = ReadArray(s);
        for (std::size_t k = 0; points != nullptr && k < points->size() && Ok(); ++k) {
            const json& o = (*points)[k];
            const std::string at = Indexed(s.key, k);
            if (!o.is_array() || o.size() != 2)
                return error_.Set(at, std::string("expected ") + s.shape + ", got " + Describe(o));
            const std::int32_t x = WholeValue(o[0], at + "[0]", -MAX_ANCHOR_PX, MAX_ANCHOR_PX);
            const std::int32_t y = WholeValue(o[1], at + "[1]", -MAX_ANCHOR_PX, MAX_ANCHOR_PX);
            out.push_back({x, y});
        }
    }

    /// An array of ["RRGGBB", "RRGGBB"] pairs, six hex digits each (the palette).
    void ColourPairs(const Spec& s, std::vector<ManifestColourSwap>& out) {
        const json* pairs = ReadArray(s);
        const auto hex = [](const json& v) -> std::optional<std::uint32_t> {
            if (!v.is_string()) return std::nullopt;
            const std::string& t = v.get_ref<const std::string&>();
            if (t.size() != 6 || !std::all_of(t.begin(), t.end(),
                                              [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }))
                return std::nullopt;
            return static_cast<std::uint32_t>(std::stoul(t, nullptr, 16));
        };
        for (std::size_t i = 0; pairs != nullptr && i < pairs->size() && Ok(); ++i) {
            const json& pair = (*pairs)[i];
            const auto from = pair.is_array() && pair.size() == 2 ? hex(pair[0]) : std::nullopt;
            const auto to = pair.is_array() && pair.size() == 2 ? hex(pair[1]) : std::nullopt;
            if (!from || !to) {
                return error_.Set(
                    Indexed(s.key, i),
                    "expected [\"RRGGBB\", \"RRGGBB\"] (two colours of six hex digits), got " +
                        (pair.is_array() && pair.size() == 2 ? "[" + Describe(pair[0]) + ", " + Describe(pair[1]) + "]"
                                                             : Describe(pair)));
            }
            out.push_back({*from, *to});
        }
    }

    /// An object whose fields the children declare: into `target` itself (pushbox's are the
    /// manifest's own members), or into an optional one that exists when the file holds it.
    template <class T, class F>
    void Object(const Spec& s, T& target, F children) {
        if (const json* v = ReadObject(s)) Body(*v, ChildParent(s), PathOf(s.key), target, children);
    }
    template <class T, class F>
    void Object(const Spec& s, std::optional<T>& target, F children) {
        if (const json* v = ReadObject(s)) Body(*v, ChildParent(s), PathOf(s.key), target.emplace(), children);
    }

    /// An object whose entries are named by the author (animations, moves), at most `hi` of them:
    /// counted before any entry is read, then each entry read in name order.
    template <class T, class F>
    void Map(const Spec& s, std::vector<T>& entries, F children) {
        const json* map = ReadObject(s);
        if (map == nullptr) return;
        if (map->size() > s.hi)
            return error_.Set(PathOf(s.key), std::to_string(map->size()) + " entries, over the limit of " +
                                                 FormatNumber(s.hi) + " per fighter");
        if (s.before != nullptr) s.before(*map, error_);
        for (const auto& [name, value] : map->items()) {
            if (!Ok()) break;
            const std::string path = PathOf(s.key) + "." + Printable(name);
            if (s.nameRule != nullptr) {
                if (const std::string broken = s.nameRule(name); !broken.empty()) return error_.Set(path, broken);
            }
            T& entry = entries.emplace_back();
            entry.name = name;
            Body(value, ChildParent(s) + ".*", path, entry, children);
        }
    }

    /// An array of objects (frames, cancels), `lo` to `hi` of them.
    template <class T, class F>
    void Array(const Spec& s, std::vector<T>& entries, F children) {
        const json* array = ReadArray(s);
        for (std::size_t i = 0; array != nullptr && i < array->size() && Ok(); ++i)
            Body((*array)[i], ChildParent(s) + "[]", Indexed(s.key, i), entries.emplace_back(), children);
    }

    /// Rejects every key the list does not declare here: a typo ("damge") is an error, not a default.
    void Finish() {
        if (!Ok() || !obj_.is_object()) return;
        std::set<std::string> known;
        for (const Field& f : Table()) {
            if (parent_ == f.parent) known.insert(f.key);
        }
        for (const auto& [key, value] : obj_.items()) {
            if (known.count(key) != 0) continue;
            std::string expected;
            for (const std::string& k : known) expected += (expected.empty() ? "" : ", ") + k;
            return error_.Set(PathOf(key), "unknown field (expected " + expected + ")");
        }
    }

private:
    [[nodiscard]] std::string PathOf(const std::string& key) const {
        return path_.empty() ? Printable(key) : path_ + "." + Printable(key);
    }
    [[nodiscard]] std::string Indexed(const std::string& key, std::size_t i) const {
        std::string at = PathOf(key);  // appended: GCC 12 -O3 misreads "literal" + to_string
        return at.append("[").append(std::to_string(i)).append("]");
    }
    [[nodiscard]] std::string ChildParent(const Spec& s) const {
        return parent_.empty() ? s.key : parent_ + "." + s.key;
    }

    // The value at the field's key, or null: missing is an error unless the field is optional (or
    // its `unlessWith` sibling is there).
    const json* Get(const Spec& s) {
        if (!Ok() || !obj_.is_object()) return nullptr;
        const auto it = obj_.find(s.key);
        if (it == obj_.end()) {
            const bool excused = s.unlessWith != nullptr && obj_.contains(s.unlessWith);
            if (!s.optional && !excused) error_.Set(PathOf(s.key), "missing");
            return nullptr;
        }
        return &*it;
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

    // [x, y], two whole numbers in the field's range.
    std::optional<collide::Point> ReadPoint(const Spec& s) {
        const json* v = Get(s);
        if (v == nullptr) return std::nullopt;
        if (!v->is_array() || v->size() != 2) {
            error_.Set(PathOf(s.key), std::string("expected ") + s.shape + ", two whole numbers, got " + Describe(*v));
            return std::nullopt;
        }
        const std::int32_t x = WholeValue((*v)[0], PathOf(s.key) + "[0]", s.lo, s.hi);
        const std::int32_t y = WholeValue((*v)[1], PathOf(s.key) + "[1]", s.lo, s.hi);
        return collide::Point{x, y};
    }

    std::optional<std::array<std::int32_t, 2>> ReadFrames(const Spec& s) {
        const auto p = ReadPoint(s);
        if (!p) return std::nullopt;
        if (Ok() && p->y < p->x) {
            error_.Set(PathOf(s.key), "[first, last] with first <= last, got [" + std::to_string(p->x) + ", " +
                                          std::to_string(p->y) + "]");
        }
        return std::array<std::int32_t, 2>{p->x, p->y};
    }

    const json* ReadObject(const Spec& s) {
        const json* v = Get(s);
        if (v != nullptr && !v->is_object()) {
            error_.Set(PathOf(s.key), "expected an object, got " + Describe(*v));
            return nullptr;
        }
        return v;
    }

    const json* ReadArray(const Spec& s) {
        const json* v = Get(s);
        if (v == nullptr) return nullptr;
        if (!v->is_array()) {
            error_.Set(PathOf(s.key), "expected an array, got " + Describe(*v));
            return nullptr;
        }
        if (v->size() < s.lo || v->size() > s.hi) {
            error_.Set(PathOf(s.key),
                       "must hold " + FormatRange(s.lo, s.hi) + " entries, got " + std::to_string(v->size()));
            return nullptr;
        }
        return v;
    }

    template <class T, class F>
    void Body(const json& value, std::string parent, std::string path, T& target, F children) {
        Reader inner(value, std::move(parent), std::move(path), error_);
        if (!inner.Ok()) return;
        children(inner, target);
        inner.Finish();
    }

    const json& obj_;
    std::string parent_;
    std::string path_;
    Problem& error_;
};

// The animations before any of them is read: the frames of all of them together (each is two files
// to open), and the required ones present (their absence is told before anything inside another).
void CheckAnimationsWhole(const json& animations, Problem& error) {
    std::size_t frames = 0;
    for (const auto& value : animations) {
        const auto it = value.is_object() ? value.find("frames") : value.end();
        if (it != value.end() && it->is_array()) frames += it->size();
    }
    if (frames > static_cast<std::size_t>(limits::FRAMES_PER_FIGHTER)) {
        error.Set("animations", std::to_string(frames) + " frames in all, over the limit of " +
                                    std::to_string(limits::FRAMES_PER_FIGHTER) + " per fighter");
    }
    for (const char* required : game::REQUIRED_ANIM_NAMES) {
        if (!animations.contains(required))
            error.Set("animations", std::string("missing the required animation \"") + required + "\"");
    }
}

std::int32_t ToSubpixels(double pxPerTick) {
    return static_cast<std::int32_t>(std::llround(pxPerTick * game::SUBPIXELS_PER_PX));
}

// ---- the writer ---------------------------------------------------------------------------------

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

// Writes a document's fields in the list's order into one JSON object. An optional field at its
// default (empty, zero, absent) is left out, unless its declaration says it is always written.
class Writer {
public:
    explicit Writer(OrderedJson& out) : out_(out) {}

    void Text(const Spec& s, const std::string& v) {
        if (Kept(s, v.empty())) out_[s.key] = v;
    }
    void Whole(const Spec& s, std::int32_t v) {
        if (Kept(s, v == 0)) out_[s.key] = v;
    }
    void Number(const Spec& s, double v) {
        if (Kept(s, v == 0.0)) out_[s.key] = v;
    }
    void Bool(const Spec& s, bool v) {
        if (Kept(s, !v)) out_[s.key] = v;
    }
    template <class E, std::size_t N>
    void Choice(const Spec& s, E v, const game::EnumName<E> (&table)[N]) {
        out_[s.key] = game::NameOf(table, v);
    }
    void Point(const Spec& s, collide::Point p) { out_[s.key] = PointJson(p); }
    void Point(const Spec& s, const std::optional<collide::Point>& p) {
        if (p) Point(s, *p);
    }
    void Point(const Spec& s, collide::Point p, bool given) {
        if (given) Point(s, p);
    }
    void Frames(const Spec& s, const std::array<std::int32_t, 2>& f) { out_[s.key] = {f[0], f[1]}; }
    void Frames(const Spec& s, const std::optional<std::array<std::int32_t, 2>>& f) {
        if (f) Frames(s, *f);
    }
    void Names(const Spec& s, const std::vector<std::string>& names) {
        if (Kept(s, names.empty())) out_[s.key] = names;
    }
    void Points(const Spec& s, const std::vector<collide::Point>& points) {
        if (!Kept(s, points.empty())) return;
        OrderedJson list = OrderedJson::array();
        for (const collide::Point& p : points) list.push_back(PointJson(p));
        out_[s.key] = list;
    }
    void ColourPairs(const Spec& s, const std::vector<ManifestColourSwap>& pairs) {
        if (!Kept(s, pairs.empty())) return;
        OrderedJson list = OrderedJson::array();
        for (const ManifestColourSwap& p : pairs) {
            char from[8], to[8];
            std::snprintf(from, sizeof from, "%06X", p.fromRgb & 0xFFFFFFu);
            std::snprintf(to, sizeof to, "%06X", p.toRgb & 0xFFFFFFu);
            list.push_back(OrderedJson::array({from, to}));
        }
        out_[s.key] = list;
    }
    template <class T, class F>
    void Object(const Spec& s, const T& value, F children) {
        out_[s.key] = Body(value, children);
    }
    template <class T, class F>
    void Object(const Spec& s, const std::optional<T>& value, F children) {
        if (value) out_[s.key] = Body(*value, children);
    }
    template <class T, class F>
    void Map(const Spec& s, const std::vector<T>& entries, F children) {
        OrderedJson map = OrderedJson::object();
        for (const T& entry : entries) map[entry.name] = Body(entry, children);
        out_[s.key] = map;
    }
    template <class T, class F>
    void Array(const Spec& s, const std::vector<T>& entries, F children) {
        if (!Kept(s, entries.empty())) return;
        OrderedJson list = OrderedJson::array();
        for (const T& entry : entries) list.push_back(Body(entry, children));
        out_[s.key] = list;
    }

private:
    [[nodiscard]] static bool Kept(const Spec& s, bool atDefault) {
        return !s.optional || s.writtenAlways || !atDefault;
    }
    template <class T, class F>
    static OrderedJson Body(const T& value, F children) {
        OrderedJson object = OrderedJson::object();
        Writer inner(object);
        children(inner, value);
        return object;
    }

    OrderedJson& out_;
};

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
    return Table();
}

const Field& FieldAt(std::string_view parent, std::string_view key) {
    for (const Field& f : Table()) {
        if (parent == f.parent && key == f.key) return f;
    }
    std::fprintf(stderr, "assets::FieldAt: no field %.*s.%.*s (declare it in format.cpp's list of fields)\n",
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
        for (const Field& f : Table()) {
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

std::optional<Error> ReadStrictJson(const std::string& text, const std::string& nameForErrors, json& root) {
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
    return std::nullopt;
}

namespace {

Result<Manifest> ReadManifestOrThrow(const std::string& text, const std::string& nameForErrors) {
    json root;
    if (auto bad = ReadStrictJson(text, nameForErrors, root)) return *bad;

    Problem error;
    Manifest m;
    Reader top(root, "", "", error);
    VisitManifest(top, m);
    if (error.empty() && m.alternate && !m.palette.empty())
        error.Set("alternate", "give palette (exact colours) or alternate (a shift), not both",
                  ErrorCode::ManifestRule);
    top.Finish();
    // An animation without its own anchor takes the fighter's; with neither it is missing.
    for (ManifestAnimation& a : m.animations) {
        if (!error.empty() || a.anchorGiven) continue;
        if (m.anchorPx) {
            a.anchorPx = *m.anchorPx;
        } else {
            error.Set("animations." + Printable(a.name) + ".anchor",
                      "missing (give it here, or a fighter-level \"anchor\" for every animation)");
        }
    }
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
        move.knockdown = mm.knockdown;
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
    def.getUpAnimation = def.FindAnimation("get_up");
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

std::string WriteManifest(const Manifest& manifest) {
    // The fighter's anchor is not repeated in each animation that shares it.
    Manifest m = manifest;
    for (ManifestAnimation& a : m.animations) a.anchorGiven = !m.anchorPx || a.anchorPx != *m.anchorPx;
    OrderedJson root = OrderedJson::object();
    Writer writer(root);
    VisitManifest(writer, std::as_const(m));
    std::string text;
    WritePretty(root, 0, text);
    return text + "\n";
}

Image ApplyPalette(const Image& image, std::span<const game::PaletteSwap> palette) {
    Image out = image;
    // Art comes in runs of one colour (air, outlines, flat fills): the last colour's answer is kept,
    // so a run costs one look-up, not one walk of the palette a pixel (issue 41: the loader's
    // alternate sprites took 60 ms of its 330 before).
    std::uint32_t lastRgb = 0xFFFFFFFFu;  // no colour: the first pixel is looked up
    const game::PaletteSwap* lastSwap = nullptr;
    for (std::size_t i = 0; i + 3 < out.rgba.size(); i += 4) {
        const std::uint32_t rgb =
            (std::uint32_t{out.rgba[i]} << 16) | (std::uint32_t{out.rgba[i + 1]} << 8) | std::uint32_t{out.rgba[i + 2]};
        if (rgb != lastRgb) {
            lastRgb = rgb;
            lastSwap = nullptr;
            for (const game::PaletteSwap& p : palette) {
                if (p.fromRgb == rgb) {
                    lastSwap = &p;
                    break;
                }
            }
        }
        if (lastSwap == nullptr) continue;
        out.rgba[i] = static_cast<std::uint8_t>(lastSwap->toRgb >> 16);
        out.rgba[i + 1] = static_cast<std::uint8_t>(lastSwap->toRgb >> 8);
        out.rgba[i + 2] = static_cast<std::uint8_t>(lastSwap->toRgb);
    }
    return out;
}

}  // namespace assets
