// make_bad_assets: writes the bad-asset corpus (tests/bad-assets/<case>/), each case the fixture
// fighter of tests/fixture_fighter.h broken in exactly one way. Run by hand when the corpus needs
// regenerating; the output is committed so people can read and edit it, and the expectations
// live in cases.txt (written by hand, not by this program).
//   cmake --build build --target make_bad_assets && build/tests/make_bad_assets tests/bad-assets
// Test-only; links assets to recompress the fixture's PNGs (SDL_image) so the corpus stays small.
#include "assets/assets.h"
#include "fixture_fighter.h"
#include "png_writer.h"

#include <SDL.h>
#include <SDL_image.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using nlohmann::ordered_json;
using Bytes = std::vector<std::uint8_t>;

[[noreturn]] void Die(const std::string& why) {
    std::fprintf(stderr, "make_bad_assets: %s\n", why.c_str());
    std::exit(1);
}

Bytes ReadAll(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return Bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void WriteAll(const fs::path& p, const Bytes& bytes) {
    testpng::WriteFile(p.string(), bytes);
}

void WriteText(const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

fs::path Sprite(const fs::path& root, const std::string& file) {
    return root / "assets" / "fixture" / file;
}
fs::path Hotmap(const fs::path& root, const std::string& file) {
    return root / "hotmaps" / "fixture" / file;
}

// The fixture fighter, its PNGs recompressed through SDL_image (the fixture writes stored,
// uncompressed deflate: 1.6 KB a frame, 90 KB a case; compressed they are a few hundred bytes).
void WriteValidFighter(const fs::path& root) {
    fixture::Write(root);
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (entry.path().extension() != ".png") continue;
        const auto image = assets::LoadPng(entry.path().string());
        if (!image.Ok()) Die(image.GetError().ToLine());
        if (const auto e = assets::SavePng(entry.path().string(), image.Value())) Die(e->ToLine());
    }
}

ordered_json ReadManifest(const fs::path& root) {
    std::ifstream in(Sprite(root, "fighter.json"));
    return ordered_json::parse(in);
}

void WriteManifest(const fs::path& root, const ordered_json& m) {
    WriteText(Sprite(root, "fighter.json"), m.dump(2) + "\n");
}

void EditManifest(const fs::path& root, const std::function<void(ordered_json&)>& edit) {
    ordered_json m = ReadManifest(root);
    edit(m);
    WriteManifest(root, m);
}

// ---- PNG surgery: chunks are 4-byte length, 4-byte type, data, CRC over type and data ----------

std::uint32_t Be32(const Bytes& b, std::size_t at) {
    return (std::uint32_t{b[at]} << 24) | (std::uint32_t{b[at + 1]} << 16) | (std::uint32_t{b[at + 2]} << 8) |
           b[at + 3];
}

void PutBe32At(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (24 - 8 * i));
}

// Offset of the first chunk of `type` (its length field).
std::size_t FindChunk(const Bytes& png, const char* type) {
    for (std::size_t at = 8; at + 12 <= png.size(); at += 12 + Be32(png, at)) {
        if (std::equal(type, type + 4, png.begin() + static_cast<std::ptrdiff_t>(at + 4))) return at;
    }
    Die(std::string("no ") + type + " chunk");
}

void FixCrc(Bytes& png, std::size_t chunkAt) {
    const std::uint32_t length = Be32(png, chunkAt);
    PutBe32At(png, chunkAt + 8 + length, testpng::Crc32(png.data() + chunkAt + 4, 4 + length));
}

void SetHeaderSize(const fs::path& file, std::uint32_t w, std::uint32_t h) {
    Bytes png = ReadAll(file);
    const std::size_t ihdr = FindChunk(png, "IHDR");
    PutBe32At(png, ihdr + 8, w);
    PutBe32At(png, ihdr + 12, h);
    FixCrc(png, ihdr);  // only the size is wrong, not the CRC
    WriteAll(file, png);
}

// A fixture hotmap picture (W x H): key background, hurt body, and the fist in `fist` colour.
Bytes HotmapPng(bool withFist, fixture::Pixel fist, int w = fixture::W, int h = fixture::H) {
    return testpng::EncodeRgba(static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(h),
                               fixture::Picture(fixture::KEY, fixture::HURT, withFist, fist, w, h));
}

// The same picture as a JPEG (what a paint tool's "export" gives when the format is wrong).
void WriteJpegOf(const fs::path& pngFile, const fs::path& out) {
    const auto image = assets::LoadPng(pngFile.string());
    if (!image.Ok()) Die(image.GetError().ToLine());
    Bytes rgba = image.Value().rgba;
    SDL_Surface* s = SDL_CreateRGBSurfaceWithFormatFrom(rgba.data(), image.Value().widthPx, image.Value().heightPx, 32,
                                                        image.Value().widthPx * 4, SDL_PIXELFORMAT_RGBA32);
    if (s == nullptr || IMG_SaveJPG(s, out.string().c_str(), 90) != 0)
        Die(std::string("cannot write a JPEG: ") + IMG_GetError());
    SDL_FreeSurface(s);
}

struct Case {
    const char* name;
    std::function<void(const fs::path& root)> breakIt;  // nullptr: the valid fighter, broken at test time
    bool withFighter = true;
};

const std::vector<Case>& Cases() {
    static const std::vector<Case> cases = {
        // ---- PNG files ----
        {"png-empty", [](const fs::path& r) { WriteAll(Hotmap(r, "idle_00.png"), {}); }},
        {"png-truncated",
         [](const fs::path& r) {
             Bytes png = ReadAll(Sprite(r, "walk_forward_01.png"));
             png.resize(png.size() / 2);
             WriteAll(Sprite(r, "walk_forward_01.png"), png);
         }},
        {"png-bad-crc",
         [](const fs::path& r) {
             Bytes png = ReadAll(Hotmap(r, "walk_back_00.png"));
             png[FindChunk(png, "IDAT") + 8 + 4] ^= 0x01;  // one bit of the pixel data, CRC left as it was
             WriteAll(Hotmap(r, "walk_back_00.png"), png);
         }},
        {"png-bad-zlib",
         [](const fs::path& r) {
             Bytes png = ReadAll(Hotmap(r, "hit_01.png"));
             const std::size_t idat = FindChunk(png, "IDAT");
             for (std::size_t i = 0; i < 6; ++i) png[idat + 8 + 2 + i] = 0xFF;  // garbage deflate blocks
             FixCrc(png, idat);  // a valid CRC over invalid data: only libpng can tell
             WriteAll(Hotmap(r, "hit_01.png"), png);
         }},
        {"png-no-idat",
         [](const fs::path& r) {
             Bytes png = ReadAll(Sprite(r, "knockdown_00.png"));
             const std::size_t idat = FindChunk(png, "IDAT");
             png.erase(png.begin() + static_cast<std::ptrdiff_t>(idat),
                       png.begin() + static_cast<std::ptrdiff_t>(idat + 12 + Be32(png, idat)));
             WriteAll(Sprite(r, "knockdown_00.png"), png);
         }},
        {"png-header-100000", [](const fs::path& r) { SetHeaderSize(Sprite(r, "crouch_00.png"), 100000, 100000); }},
        {"png-header-zero-wide",
         [](const fs::path& r) { SetHeaderSize(Hotmap(r, "knockdown_01.png"), 0, fixture::H); }},
        {"png-4097-wide",
         [](const fs::path& r) {
             // A real 4097 x 1 one-bit grey PNG: over the 4096 limit, 600 bytes on disk.
             testpng::Spec s{4097, 1, testpng::GREY, 1, std::vector<std::uint16_t>(4097, 1), {}, {}};
             WriteAll(Sprite(r, "jump_00.png"), testpng::Encode(s));
         }},
        {"png-is-jpeg",
         [](const fs::path& r) { WriteJpegOf(Hotmap(r, "block_stand_00.png"), Hotmap(r, "block_stand_00.png")); }},
        {"png-is-text",
         [](const fs::path& r) { WriteText(Sprite(r, "block_crouch_01.png"), "TODO: draw the crouching block\n"); }},
        // ---- pairing and files ----
        {"hotmap-wrong-size",
         [](const fs::path& r) { WriteAll(Hotmap(r, "hit_00.png"), HotmapPng(false, fixture::HURT, fixture::W, 10)); }},
        {"hotmap-orphan",
         [](const fs::path& r) { WriteAll(Hotmap(r, "idle_04.png"), HotmapPng(false, fixture::HURT)); }},
        {"hotmap-misnamed-case",
         [](const fs::path& r) { WriteAll(Hotmap(r, "Idle_01.png"), HotmapPng(false, fixture::HURT)); }},
        {"hotmap-missing-for-active-frame", [](const fs::path& r) { fs::remove(Hotmap(r, "light_punch_01.png")); }},
        {"hotmap-is-folder",
         [](const fs::path& r) {
             fs::remove(Hotmap(r, "win_00.png"));
             fs::create_directory(Hotmap(r, "win_00.png"));
             WriteText(Hotmap(r, "win_00.png") / "README.md",
                       "A folder named like a hotmap (git keeps no empty folder).\n");
         }},
        {"sprite-missing", [](const fs::path& r) { fs::remove(Sprite(r, "crouch_01.png")); }},
        {"fighter-folder-missing", [](const fs::path& r) { fs::remove_all(r / "assets"); }},
        {"manifest-is-folder",
         [](const fs::path& r) {
             fs::remove(Sprite(r, "fighter.json"));
             fs::create_directory(Sprite(r, "fighter.json"));
             WriteText(Sprite(r, "fighter.json") / "README.md",
                       "A folder named fighter.json (git keeps no empty folder).\n");
         }},
        // Broken at test time (git keeps neither permissions nor, portably, symlink loops):
        {"unreadable-hotmap", nullptr},
        {"sprite-symlink-loop", nullptr},
        {"hotmap-symlink-loop", nullptr},
        {"manifest-symlink-loop", nullptr},
        // ---- the manifest ----
        {"manifest-syntax",
         [](const fs::path& r) {
             std::ifstream in(Sprite(r, "fighter.json"));
             std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
             const std::string line = "\"health\": 1000,";
             text.erase(text.find(line) + line.size() - 1, 1);  // the comma after the health
             WriteText(Sprite(r, "fighter.json"), text);
         }},
        {"manifest-empty", [](const fs::path& r) { WriteText(Sprite(r, "fighter.json"), ""); }},
        {"manifest-not-object", [](const fs::path& r) { WriteText(Sprite(r, "fighter.json"), "[]\n"); }},
        {"manifest-unknown-field",
         [](const fs::path& r) { EditManifest(r, [](ordered_json& m) { m["moves"]["light_punch"]["damge"] = 50; }); }},
        {"manifest-missing-field",
         [](const fs::path& r) { EditManifest(r, [](ordered_json& m) { m.erase("health"); }); }},
        {"manifest-mistyped-field",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) { m["moves"]["light_punch"]["damage"] = "50"; });
         }},
        {"manifest-out-of-range",
         [](const fs::path& r) { EditManifest(r, [](ordered_json& m) { m["pushbox"]["width"] = 0; }); }},
        {"manifest-zero-duration",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) { m["animations"]["hit"]["frames"][1]["ticks"] = 0; });
         }},
        {"manifest-negative-duration",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) { m["animations"]["jump"]["frames"][0]["ticks"] = -3; });
         }},
        {"manifest-fractional-duration",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) { m["animations"]["win"]["frames"][1]["ticks"] = 2.5; });
         }},
        {"manifest-active-frame-missing",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) { m["moves"]["light_punch"]["active"] = {1, 3}; });
         }},
        {"manifest-active-reversed",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) { m["moves"]["light_punch"]["active"] = {2, 1}; });
         }},
        {"manifest-active-no-attack",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) { m["moves"]["light_punch"]["active"] = {0, 1}; });
         }},
        {"projectile-frame-no-attack",
         [](const fs::path& r) { WriteAll(Hotmap(r, "orb_00.png"), HotmapPng(true, fixture::HURT)); }},
        {"manifest-spawn-frame-missing",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) { m["moves"]["special"]["projectile"]["spawnFrame"] = 2; });
         }},
        {"manifest-missing-required-animation",
         [](const fs::path& r) { EditManifest(r, [](ordered_json& m) { m["animations"].erase("win"); }); }},
        {"manifest-move-missing-animation",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) { m["moves"]["light_punch"]["animation"] = "jab"; });
         }},
        {"manifest-duplicate-button",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) { m["moves"]["special"]["button"] = "punch"; });
         }},
        {"manifest-idle-not-looping",
         [](const fs::path& r) { EditManifest(r, [](ordered_json& m) { m["animations"]["idle"]["loop"] = false; }); }},
        {"manifest-bad-animation-name",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) {
                 // Renamed in place (same position): "Orb!" cannot be a file name.
                 ordered_json anims;
                 for (auto& [k, v] : m["animations"].items()) anims[k == "orb" ? "Orb!" : k] = v;
                 m["animations"] = anims;
             });
         }},
        {"manifest-key-control-character",
         [](const fs::path& r) {
             // A key holding a newline: the error must stay one line, not forge a second one.
             EditManifest(r, [](ordered_json& m) { m["pushbox"]["depth\nerror: forged.png: a second error"] = 1; });
         }},
        {"manifest-name-too-long",
         [](const fs::path& r) { EditManifest(r, [](ordered_json& m) { m["name"] = "Fixture The Magnificent!!"; }); }},
        {"manifest-bad-enum",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) { m["moves"]["light_punch"]["height"] = "sideways"; });
         }},
        {"manifest-bool-mistyped",
         [](const fs::path& r) { EditManifest(r, [](ordered_json& m) { m["animations"]["hit"]["loop"] = "no"; }); }},
        {"manifest-anchor-malformed",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) { m["animations"]["crouch"]["anchor"] = {8}; });
         }},
        {"manifest-frames-empty",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) { m["animations"]["knockdown"]["frames"] = ordered_json::array(); });
         }},
        {"manifest-idle-too-short",
         [](const fs::path& r) {
             // The fourth frame's files stay: the manifest is checked before any file is paired.
             EditManifest(r, [](ordered_json& m) { m["animations"]["idle"]["frames"].erase(3); });
         }},
        {"manifest-projectile-missing-animation",
         [](const fs::path& r) {
             EditManifest(r, [](ordered_json& m) { m["moves"]["special"]["projectile"]["animation"] = "fireball"; });
         }},
        {"manifest-duplicate-key",
         [](const fs::path& r) {
             // JSON keeps the last of two equal keys: the fighter would hit for 9999 or 50
             // depending on the order. The reader refuses the second one, naming its path.
             std::ifstream in(Sprite(r, "fighter.json"));
             std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
             const std::string from = "\"damage\": 50,";
             text.replace(text.find(from), from.size(), "\"damage\": 9999, \"damage\": 50,");
             WriteText(Sprite(r, "fighter.json"), text);
         }},
        {"manifest-value-control-character",
         [](const fs::path& r) {
             // A value echoed in the error (the animation a move names) holding a newline and a
             // terminal escape: escaped, one line.
             EditManifest(r, [](ordered_json& m) {
                 m["moves"]["light_punch"]["animation"] = "jab\nerror: forged.png: x\x1b[2J";
             });
         }},
        // Findings (tests/fuzz/findings/README.md), fixed: they crashed the loader.
        {"manifest-number-overflow",
         [](const fs::path& r) {
             std::ifstream in(Sprite(r, "fighter.json"));
             std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
             const std::string from = "\"gravity\": 0.5";
             text.replace(text.find(from), from.size(), "\"gravity\": 1e400");
             WriteText(Sprite(r, "fighter.json"), text);
         }},
        {"manifest-deep-nesting",
         [](const fs::path& r) {
             std::ifstream in(Sprite(r, "fighter.json"));
             std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
             const std::string from = "\"name\": \"Fixture\"";
             // A name that is an array nested 150,000 deep (300 KB): JSON allows it, the loader
             // must say "expected a string" without recursing once per level. 150,000 overflows
             // the default 8 MB stack in the everyday build too, not only under ASan.
             text.replace(text.find(from), from.size(),
                          "\"name\": " + std::string(150000, '[') + std::string(150000, ']'));
             WriteText(Sprite(r, "fighter.json"), text);
         }},
    };
    return cases;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_bad_assets OUT_DIR   (tests/bad-assets: rewrites every case folder)\n");
        return 2;
    }
    const fs::path out = argv[1];
    if (!fs::exists(out / "cases.txt")) Die(out.string() + " has no cases.txt: point it at tests/bad-assets");
    for (const Case& c : Cases()) {
        const fs::path root = out / c.name;
        fs::remove_all(root);
        fs::create_directories(root);
        WriteValidFighter(root);
        if (c.breakIt) c.breakIt(root);
        std::printf("%s\n", c.name);
    }
    return 0;
}
