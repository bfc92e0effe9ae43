// What the import tests (test_import, test_import_art, test_authoring) read back: a file's bytes,
// a field of a headless match's JSON report line, the hits each side landed. Test-only.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <utility>

namespace importtest {

/// The whole file, as bytes ("" when it cannot be read).
inline std::string ReadBytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

/// A field of brawl's headless report line, as written: "\"p1\"", "[3, 4]", "1".
inline std::string JsonField(const std::string& json, const std::string& key) {
    const std::regex re("\"" + key + "\": (\"[^\"]*\"|\\[[^\\]]*\\]|[a-z0-9.-]+)");
    std::smatch m;
    return std::regex_search(json, m, re) ? m[1].str() : "";
}

/// The hits each side landed in a headless match's report line; -1, -1 when it has none.
inline std::pair<int, int> Hits(const std::string& report) {
    const std::string totals = JsonField(report, "total_hits");
    std::smatch m;
    if (!std::regex_match(totals, m, std::regex("\\[([0-9]+), ([0-9]+)\\]"))) return {-1, -1};
    return {std::stoi(m[1].str()), std::stoi(m[2].str())};
}

}  // namespace importtest
