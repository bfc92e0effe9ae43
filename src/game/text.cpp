// Escaping for echoed text (text.h). Linear in what it writes: a 10 MB value costs as much as
// the first `maxBytes` of it.
#include "game/text.h"

#include <cstdint>
#include <cstdio>

namespace game {

namespace {

// The length of the valid UTF-8 sequence at text[i] (2-4), or 0 when the bytes there are not one.
// Overlong forms and surrogates are invalid, as RFC 3629 says.
std::size_t Utf8Length(std::string_view text, std::size_t i) {
    const auto at = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
    const std::uint8_t b = at(i);
    std::size_t n = 0;
    std::uint32_t cp = 0;
    if (b >= 0xC2 && b <= 0xDF) {
        n = 2, cp = b & 0x1Fu;
    } else if (b >= 0xE0 && b <= 0xEF) {
        n = 3, cp = b & 0x0Fu;
    } else if (b >= 0xF0 && b <= 0xF4) {
        n = 4, cp = b & 0x07u;
    } else {
        return 0;
    }
    if (i + n > text.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((at(i + k) & 0xC0u) != 0x80u) return 0;
        cp = (cp << 6) | (at(i + k) & 0x3Fu);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF)) {
        return 0;
    }
    return n;
}

// The next piece of output for text[i]: an escape or the bytes themselves; `used` is how many
// input bytes it stands for.
std::string_view Piece(std::string_view text, std::size_t i, char (&buf)[8], std::size_t& used, bool backslash) {
    const auto b = static_cast<std::uint8_t>(text[i]);
    used = 1;
    if (b == '\\' && !backslash) return text.substr(i, 1);
    switch (b) {
        case '\n':
            return "\\n";
        case '\r':
            return "\\r";
        case '\t':
            return "\\t";
        case '\\':
            return "\\\\";
        default:
            break;
    }
    if (b < 0x20 || b == 0x7F) {
        std::snprintf(buf, sizeof buf, "\\x%02x", b);
        return buf;
    }
    if (b < 0x80) return text.substr(i, 1);
    const std::size_t n = Utf8Length(text, i);
    if (n == 0) {
        std::snprintf(buf, sizeof buf, "\\x%02x", b);
        return buf;
    }
    used = n;
    if (n == 2 && b == 0xC2 && static_cast<std::uint8_t>(text[i + 1]) < 0xA0) {  // U+0080-U+009F
        std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<std::uint8_t>(text[i + 1])));
        return buf;
    }
    return text.substr(i, n);
}

std::string Escape(std::string_view text, std::size_t maxBytes, bool backslash) {
    if (maxBytes < 8) maxBytes = 8;
    std::string out;
    char buf[8];
    std::size_t cutAt = 0;  // the last piece boundary that leaves room for "..."
    for (std::size_t i = 0; i < text.size();) {
        std::size_t used = 0;
        const std::string_view piece = Piece(text, i, buf, used, backslash);
        if (out.size() <= maxBytes - 3) cutAt = out.size();
        out.append(piece);
        if (out.size() > maxBytes) {  // it does not all fit: cut at a boundary, never in an escape
            out.resize(cutAt);
            out.append("...");
            return out;
        }
        i += used;
    }
    return out;
}

}  // namespace

std::string Printable(std::string_view text, std::size_t maxBytes) {
    return Escape(text, maxBytes, true);
}

std::string OneLine(std::string_view text, std::size_t maxBytes) {
    return Escape(text, maxBytes, false);
}

std::string PrintablePath(std::string_view path, std::size_t maxBytes) {
    if (maxBytes < 16) maxBytes = 16;
    // Escaped whole (a path longer than 64 KiB keeps its two ends: only they can be shown).
    constexpr std::size_t KEEP_BYTES = 32 * 1024;
    std::string full;
    if (path.size() > 2 * KEEP_BYTES) {
        full = Printable(path.substr(0, KEEP_BYTES), 8 * KEEP_BYTES) + "..." +
               Printable(path.substr(path.size() - KEEP_BYTES), 8 * KEEP_BYTES);
    } else {
        full = Printable(path, 8 * path.size() + 8);
    }
    if (full.size() <= maxBytes) return full;
    // The start (where it is) and the end (which file): the middle of a long path says least. The
    // cuts move off UTF-8 continuation bytes so that both ends stay valid text.
    const auto continuation = [&](std::size_t k) { return (static_cast<std::uint8_t>(full[k]) & 0xC0u) == 0x80u; };
    const std::size_t half = (maxBytes - 3) / 2;
    std::size_t headEnd = half;
    while (headEnd > 0 && continuation(headEnd)) --headEnd;
    std::size_t tailStart = full.size() - half;
    while (tailStart < full.size() && continuation(tailStart)) ++tailStart;
    return full.substr(0, headEnd) + "..." + full.substr(tailStart);
}

}  // namespace game
