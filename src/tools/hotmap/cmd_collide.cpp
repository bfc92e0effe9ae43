// hotmap collide: two PNG hotmaps placed in the world, one JSON line with what collides.
// The query is collide::QueryOverlap in CountAll mode; --repeat N times it after loading: five
// batches of exactly N queries each (5 * N in all), reporting the median batch.
#include "assets/assets.h"
#include "collide/collide.h"
#include "game/text.h"
#include "tools/hotmap/args.h"
#include "tools/hotmap/commands.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <vector>

namespace hotmap {

namespace {

constexpr const char* COLLIDE_USAGE =
    "usage: hotmap collide A.png AX AY B.png BX BY [--flip-a] [--flip-b] [--key RRGGBB]\n"
    "                      [--channel-a any|attack|hurt] [--channel-b any|attack|hurt] [--repeat N]\n";

constexpr const char* COLLIDE_HELP =
    "\n"
    "Places the top-left corners of two PNG hotmaps at world pixels (AX, AY) and (BX, BY) and\n"
    "prints one JSON line:\n"
    "  {\"hit\": true, \"area\": 12, \"first\": [x, y], \"overlap\": [x, y, w, h]}\n"
    "  area     colliding pixels (hot in both)\n"
    "  first    the colliding pixel with the smallest y, then the smallest x (null if none)\n"
    "  overlap  the intersection of the two placed tight bounds (null if none)\n"
    "\n"
    "Air is alpha 0 or exactly the key colour (default FF00FF). Channels: attack is exactly\n"
    "FF0000, hurt is any other hot colour, any is both (the default).\n"
    "  --flip-a, --flip-b   mirror an image horizontally inside its own box\n"
    "  --key RRGGBB         the air colour\n"
    "  --repeat N           after the answer, time five batches of exactly N queries each (5 x N\n"
    "                       in all; N a whole number, 1 to 1000000) and add \"ns_per_query\": the\n"
    "                       median batch's nanoseconds per query. The other fields do not change.\n"
    "\n"
    "Exit: 0 ok, 1 bad file (error: <file>: <what>), 2 bad usage.\n";

// The most --repeat takes: 5 x 1,000,000 queries of two 4096 x 4096 masks already take minutes;
// 2147483647 would take days, so it is a usage error rather than a hang.
constexpr std::int32_t MAX_REPEAT = 1'000'000;

int UsageError(const std::string& what) {
    std::fprintf(stderr, "hotmap collide: %s\n%s", game::OneLine(what).c_str(), COLLIDE_USAGE);
    return EXIT_USAGE;
}

struct Side {
    std::string path;
    collide::Placement placement;
    collide::Channel channel = collide::Channel::Any;
};

std::string FormatResult(const collide::OverlapResult& r) {
    std::string out = std::string("{\"hit\": ") + (r.hit ? "true" : "false");
    out += ", \"area\": " + std::to_string(r.pixelCount);
    out += ", \"first\": ";
    // Appended piece by piece: GCC 12 at -O3 misreads `"[" + std::to_string(...)` (-Wrestrict).
    const auto list = [&out](std::initializer_list<std::int64_t> values) {
        out += '[';
        for (const std::int64_t v : values) out.append(out.back() == '[' ? "" : ", ").append(std::to_string(v));
        out += ']';
    };
    if (r.hit) {
        list({r.first.x, r.first.y});
    } else {
        out += "null";
    }
    out += ", \"overlap\": ";
    const collide::Rect& o = r.overlap;
    if (o.IsEmpty()) {
        out += "null";
    } else {
        list({o.x, o.y, o.w, o.h});
    }
    return out;
}

}  // namespace

int RunCollide(std::span<const std::string> args) {
    std::vector<std::string> positional;
    Side a, b;
    collide::Rgb key = collide::KEY_MAGENTA;
    std::int32_t repeat = 0;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        auto value = [&](const char* option) -> const std::string* {
            if (i + 1 >= args.size()) {
                UsageError(std::string(option) + " needs a value");
                return nullptr;
            }
            return &args[++i];
        };
        if (arg == "--help" || arg == "-h") {
            std::printf("%s%s", COLLIDE_USAGE, COLLIDE_HELP);
            return EXIT_OK;
        } else if (arg == "--flip-a") {
            a.placement.flip = collide::Flip::Horizontal;
        } else if (arg == "--flip-b") {
            b.placement.flip = collide::Flip::Horizontal;
        } else if (arg == "--key") {
            const std::string* v = value("--key");
            if (v == nullptr) return EXIT_USAGE;
            const auto parsed = ParseRgbHex(*v);
            if (!parsed) return UsageError("--key wants six hex digits, RRGGBB, not '" + *v + "'");
            key = *parsed;
        } else if (arg == "--channel-a" || arg == "--channel-b") {
            const std::string* v = value(arg.c_str());
            if (v == nullptr) return EXIT_USAGE;
            const auto parsed = ParseChannel(*v);
            if (!parsed) return UsageError(arg + " is any, attack or hurt, not '" + *v + "'");
            (arg == "--channel-a" ? a : b).channel = *parsed;
        } else if (arg == "--repeat") {
            const std::string* v = value("--repeat");
            if (v == nullptr) return EXIT_USAGE;
            const auto parsed = ParseInt32(*v);
            if (!parsed || *parsed < 1)
                return UsageError("--repeat wants a whole number of at least 1, not '" + game::Printable(*v) + "'");
            if (*parsed > MAX_REPEAT) {
                return UsageError("--repeat is at most " + std::to_string(MAX_REPEAT) +
                                  " (5 x N queries are timed), not '" + *v + "'");
            }
            repeat = *parsed;
        } else if (arg.size() > 2 && arg.rfind("--", 0) == 0) {
            return UsageError("unknown option " + arg);
        } else {
            positional.push_back(arg);  // "-5" is a coordinate, not an option
        }
    }
    if (positional.size() != 6) {
        return UsageError("expected 6 arguments (A.png AX AY B.png BX BY), got " + std::to_string(positional.size()));
    }
    a.path = positional[0];
    b.path = positional[3];
    const std::array<std::pair<const std::string*, std::int32_t*>, 4> coords{{
        {&positional[1], &a.placement.worldX},
        {&positional[2], &a.placement.worldY},
        {&positional[4], &b.placement.worldX},
        {&positional[5], &b.placement.worldY},
    }};
    for (const auto& [text, out] : coords) {
        const auto parsed = ParseInt32(*text);
        if (!parsed || *parsed < -(1 << 20) || *parsed > (1 << 20)) {
            return UsageError("a coordinate must be a whole number within +-1048576, not '" + *text + "'");
        }
        *out = *parsed;
    }

    const auto imageA = assets::LoadPng(a.path);
    if (!imageA.Ok()) {
        std::fprintf(stderr, "%s\n", imageA.GetError().ToLine().c_str());
        return EXIT_DATA;
    }
    const auto imageB = assets::LoadPng(b.path);
    if (!imageB.Ok()) {
        std::fprintf(stderr, "%s\n", imageB.GetError().ToLine().c_str());
        return EXIT_DATA;
    }
    const collide::Mask maskA = collide::BuildMask(
        imageA.Value().View(), {0, 0, imageA.Value().widthPx, imageA.Value().heightPx}, key, a.channel);
    const collide::Mask maskB = collide::BuildMask(
        imageB.Value().View(), {0, 0, imageB.Value().widthPx, imageB.Value().heightPx}, key, b.channel);

    const collide::OverlapResult result =
        collide::QueryOverlap(maskA, a.placement, maskB, b.placement, collide::QueryMode::CountAll);
    std::string line = FormatResult(result);

    if (repeat > 0) {
        // Five batches of exactly N queries each: equal batches are comparable whatever N is (no
        // remainder to spread), and the median batch is robust to one batch slowed by the machine.
        constexpr int BATCHES = 5;
        const std::int32_t perBatch = repeat;
        std::array<double, BATCHES> nsPerQuery{};
        std::int64_t sink = 0;  // consumed below, so the queries cannot be optimised away
        for (double& ns : nsPerQuery) {
            const auto t0 = std::chrono::steady_clock::now();
            for (std::int32_t i = 0; i < perBatch; ++i) {
                sink += collide::QueryOverlap(maskA, a.placement, maskB, b.placement, collide::QueryMode::CountAll)
                            .pixelCount;
            }
            const auto t1 = std::chrono::steady_clock::now();
            ns = std::chrono::duration<double, std::nano>(t1 - t0).count() / perBatch;
        }
        std::sort(nsPerQuery.begin(), nsPerQuery.end());
        if (sink != result.pixelCount * std::int64_t{perBatch} * BATCHES) {
            std::fprintf(stderr, "error: %s: repeated queries disagree\n", a.path.c_str());
            return EXIT_DATA;
        }
        char buf[64];
        std::snprintf(buf, sizeof buf, ", \"ns_per_query\": %.1f", nsPerQuery[BATCHES / 2]);
        line += buf;
    }
    std::printf("%s}\n", line.c_str());
    return EXIT_OK;
}

}  // namespace hotmap
