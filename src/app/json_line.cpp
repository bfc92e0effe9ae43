// The one JSON writer: nlohmann builds and escapes, this lays the line out.
#include "app/json_line.h"

#include <cstdio>

namespace app {

namespace {

void Write(const JsonLine& v, std::string& out) {
    if (v.is_object()) {
        out += '{';
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (!first) out += ", ";
            first = false;
            Write(JsonLine(it.key()), out);
            out += ": ";
            Write(*it, out);
        }
        out += '}';
    } else if (v.is_array()) {
        out += '[';
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (i > 0) out += ", ";
            Write(v[i], out);
        }
        out += ']';
    } else {
        out += v.dump(-1, ' ', false, JsonLine::error_handler_t::replace);
    }
}

}  // namespace

std::string WriteJsonLine(const JsonLine& value) {
    std::string out;
    Write(value, out);
    return out;
}

std::string Hex16(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

JsonLine MoveNameJson(const game::FighterDef* def, std::int32_t move) {
    if (def == nullptr || move < 0 || static_cast<std::size_t>(move) >= def->moves.size()) return nullptr;
    return def->moves[static_cast<std::size_t>(move)].name;
}

JsonLine EventJson(const game::MatchDefs& defs, const game::Event& e) {
    const game::FighterDef* def =
        e.fighter == 0 || e.fighter == 1 ? defs.fighters[static_cast<std::size_t>(e.fighter)] : nullptr;
    JsonLine line = JsonLine::object();
    line["tick"] = e.tick;
    line["event"] = game::NameOf(game::EVENT_KIND_NAMES, e.kind);
    line["fighter"] = e.fighter;
    line["target"] = e.target;
    line["move"] = MoveNameJson(def, e.move);
    line["projectile"] = e.projectile;
    line["x"] = e.xPx;
    line["y"] = e.yPx;
    line["value"] = e.value;
    return line;
}

}  // namespace app
