// make_fuzz_seeds: writes the seed corpora of the libFuzzer targets (tests/fuzz/corpus/<target>/):
// real inputs of each format plus broken variants, small enough to commit. Run by hand when the
// formats change; the output is committed.
//   cmake --build build --target make_fuzz_seeds && build/tests/make_fuzz_seeds tests/fuzz/corpus
// Reads the fixture fighter (tests/fixture_fighter.h), every assets/*/fighter.json of the source
// tree and the bad-asset corpus (tests/bad-assets) for real and broken inputs. Test-only.
#include "assets/assets.h"
#include "fixture_fighter.h"
#include "game/game.h"
#include "net/net.h"
#include "png_writer.h"
#include "wav_writer.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<std::uint8_t>;
using testpng::Spec;

void Write(const fs::path& file, const std::string& text) {
    std::ofstream(file, std::ios::binary) << text;
}
void Write(const fs::path& file, const Bytes& bytes) {
    testpng::WriteFile(file.string(), bytes);
}

// Copies `file` into `dir` as `name` when it is a regular file under `maxBytes`.
void CopySmall(const fs::path& file, const fs::path& dir, const std::string& name, std::uintmax_t maxBytes) {
    std::error_code ec;
    if (fs::is_regular_file(file, ec) && fs::file_size(file, ec) <= maxBytes)
        fs::copy_file(file, dir / name, fs::copy_options::overwrite_existing, ec);
}

void ManifestSeeds(const fs::path& dir, const fs::path& sourceDir) {
    const std::string fixture = fixture::Manifest().dump(2) + "\n";
    Write(dir / "fixture.json", fixture);
    Write(dir / "fixture-compact.json", fixture::Manifest().dump());
    // The real fighters, when the project has them.
    std::error_code ec;
    for (fs::directory_iterator it(sourceDir / "assets", ec), end; !ec && it != end; it.increment(ec)) {
        CopySmall(it->path() / "fighter.json", dir, "real-" + it->path().filename().string() + ".json", 64 * 1024);
    }
    // Broken variants: every manifest of the bad-asset corpus (but the 300 KB deep-nesting one,
    // which would raise the fuzzer's input size limit for everything), and the small findings.
    for (fs::directory_iterator it(sourceDir / "tests" / "bad-assets", ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind("manifest-", 0) != 0) continue;
        CopySmall(it->path() / "assets" / "fixture" / "fighter.json", dir, name + ".json", 8 * 1024);
    }
    for (fs::directory_iterator it(sourceDir / "tests" / "fuzz" / "findings", ec), end; !ec && it != end;
         it.increment(ec)) {
        if (it->path().extension() == ".json") {
            CopySmall(it->path(), dir, "finding-" + it->path().filename().string(), 8 * 1024);
        }
    }
    Write(dir / "tiny-empty-object.json", std::string("{}"));
    Write(dir / "tiny-truncated.json", fixture.substr(0, fixture.size() / 3));
    Write(dir / "tiny-comments.json", std::string("/* not JSON */ {\"name\": \"x\"}"));
    Write(
        dir / "tiny-numbers.json",
        std::string("{\"name\": \"x\", \"health\": -0, \"gravity\": 1e-300, \"walkBackSpeed\": 18446744073709551616}"));
}

// One 2x2 picture (magenta, red, blue, transparent) in every colour type and bit depth.
void PngSeeds(const fs::path& dir, const fs::path& sourceDir) {
    const std::vector<std::uint16_t> rgba = {255, 0, 255, 255, 255, 0, 0, 255, 40, 80, 220, 255, 0, 0, 0, 0};
    Write(dir / "rgba8.png",
          testpng::EncodeRgba(2, 2, {255, 0, 255, 255, 255, 0, 0, 255, 40, 80, 220, 255, 0, 0, 0, 0}));
    Spec rgba16{2, 2, testpng::RGBA, 16, {}, {}, {}};
    for (const auto v : rgba) rgba16.samples.push_back(static_cast<std::uint16_t>(v * 257));
    Write(dir / "rgba16.png", testpng::Encode(rgba16));
    Write(dir / "rgb8.png",
          testpng::Encode(Spec{2, 2, testpng::RGB, 8, {255, 0, 255, 255, 0, 0, 40, 80, 220, 0, 0, 0}, {}, {}}));
    Write(dir / "rgb8-trns.png",
          testpng::Encode(
              Spec{2, 2, testpng::RGB, 8, {255, 0, 255, 255, 0, 0, 40, 80, 220, 0, 0, 0}, {}, {0, 0, 0, 0, 0, 0}}));
    Write(dir / "rgb16.png",
          testpng::Encode(Spec{2, 2, testpng::RGB, 16, {65535, 0, 65535, 65535, 0, 0, 0, 0, 0, 1, 2, 3}, {}, {}}));
    for (const std::uint8_t depth : {1, 2, 4, 8}) {
        const Spec s{2, 2, testpng::PALETTE, depth, {0, 1, 1, 0}, {{{255, 0, 255}}, {{255, 0, 0}}}, {255, 128}};
        Write(dir / ("palette" + std::to_string(depth) + "-trns.png"), testpng::Encode(s));
    }
    Write(dir / "palette8.png",
          testpng::Encode(
              Spec{2, 2, testpng::PALETTE, 8, {0, 1, 2, 0}, {{{255, 0, 255}}, {{255, 0, 0}}, {{1, 2, 3}}}, {}}));
    Write(dir / "grey8.png", testpng::Encode(Spec{2, 2, testpng::GREY, 8, {0, 100, 200, 255}, {}, {}}));
    Write(dir / "grey16-trns.png", testpng::Encode(Spec{2, 2, testpng::GREY, 16, {0, 100, 200, 65535}, {}, {0, 100}}));
    Write(dir / "grey1.png", testpng::Encode(Spec{2, 2, testpng::GREY, 1, {0, 1, 1, 0}, {}, {}}));
    Write(dir / "grey-alpha8.png",
          testpng::Encode(Spec{2, 2, testpng::GREY_ALPHA, 8, {0, 255, 100, 0, 200, 128, 255, 255}, {}, {}}));
    // A fixture hotmap: key, hurt body, attack fist (the real thing, 16 x 24).
    Write(dir / "fixture-hotmap.png",
          testpng::EncodeRgba(fixture::W, fixture::H,
                              fixture::Picture(fixture::KEY, fixture::HURT, true, fixture::ATTACK)));
    // Compressed PNGs as SDL_image writes them, and the broken files of the bad-asset corpus.
    const fs::path corpus = sourceDir / "tests" / "bad-assets";
    CopySmall(corpus / "png-empty" / "hotmaps" / "fixture" / "light_punch_01.png", dir, "sdl-fixture-fist.png", 4096);
    CopySmall(corpus / "png-empty" / "assets" / "fixture" / "idle_00.png", dir, "sdl-fixture-sprite.png", 4096);
    CopySmall(corpus / "png-empty" / "hotmaps" / "fixture" / "idle_00.png", dir, "bad-empty.png", 4096);
    CopySmall(corpus / "png-truncated" / "assets" / "fixture" / "walk_forward_01.png", dir, "bad-truncated.png", 4096);
    CopySmall(corpus / "png-bad-crc" / "hotmaps" / "fixture" / "walk_back_00.png", dir, "bad-crc.png", 4096);
    CopySmall(corpus / "png-bad-zlib" / "hotmaps" / "fixture" / "hit_01.png", dir, "bad-zlib.png", 4096);
    CopySmall(corpus / "png-no-idat" / "assets" / "fixture" / "knockdown_00.png", dir, "bad-no-idat.png", 4096);
    CopySmall(corpus / "png-header-100000" / "assets" / "fixture" / "crouch_00.png", dir, "bad-header-100000.png",
              4096);
    CopySmall(corpus / "png-header-zero-wide" / "hotmaps" / "fixture" / "knockdown_01.png", dir, "bad-header-zero.png",
              4096);
    CopySmall(corpus / "png-4097-wide" / "assets" / "fixture" / "jump_00.png", dir, "bad-4097-wide.png", 4096);
    CopySmall(corpus / "png-is-jpeg" / "hotmaps" / "fixture" / "block_stand_00.png", dir, "bad-jpeg.png", 4096);
    CopySmall(corpus / "png-is-text" / "assets" / "fixture" / "block_crouch_01.png", dir, "bad-text.png", 4096);
}

// The overlap target reads its bytes through FuzzedDataProvider: any bytes are a case. Seeds of
// several lengths give it a start on each kind (axis-aligned, transformed, pair).
void OverlapSeeds(const fs::path& dir) {
    std::mt19937 rng(2026);
    for (int i = 0; i < 24; ++i) {
        Bytes b(static_cast<std::size_t>(32 + (i * 53) % 700));
        for (auto& x : b) x = static_cast<std::uint8_t>(rng());
        // FuzzedDataProvider takes numbers from the end: the last byte decides axis-aligned,
        // transformed or a transformed pair.
        b.back() = static_cast<std::uint8_t>(i % 3);
        char name[32];
        std::snprintf(name, sizeof name, "random-%02d.bin", i);
        Write(dir / name, b);
    }
}

void ReplaySeeds(const fs::path& dir) {
    game::Replay r;
    r.fighterIds = {"brick", "kestrel"};
    r.config.seed = 42;
    for (int t = 0; t < 300; ++t) {
        game::Inputs in{};
        in[0].bits = static_cast<std::uint8_t>((t / 20) % 2 ? game::Input::RIGHT : 0);
        if (t % 45 == 10) in[0].bits |= game::Input::PUNCH;
        in[1].bits = static_cast<std::uint8_t>(t % 60 < 5 ? game::Input::KICK | game::Input::DOWN : 0);
        r.inputs.push_back(in);
    }
    const std::string plain = game::FormatReplay(r);
    Write(dir / "human-vs-cpu.replay", plain);
    r.finalHash = 0x0123456789abcdefull;
    r.config.controllers = {game::Controller::Cpu, game::Controller::Cpu};
    r.config.cpuLevel = 3;
    r.config.detection = game::DetectionMode::BoxesInset;
    r.config.insetPx = 12;
    Write(dir / "cpu-vs-cpu-hash.replay", game::FormatReplay(r));
    r.inputs.clear();
    Write(dir / "empty.replay", game::FormatReplay(r));
    Write(dir / "bad-no-end.replay", plain.substr(0, plain.rfind("end")));
    Write(dir / "bad-magic.replay", "hotmap-brawl-replay 2\n" + plain.substr(plain.find('\n') + 1));
    Write(dir / "bad-ticks.replay", std::string("hotmap-brawl-replay 1\nfighters a b\nticks 3\n2 R -\nend\n"));
    Write(dir / "comments-crlf.replay",
          std::string(
              "hotmap-brawl-replay 1\n# a comment\r\nfighters a b\r\nseed 7\r\nticks 2\r\n2 UDLRPKS -\r\nend\r\n"));
}

// fuzz_packet's records: [flags][length][bytes], one or more per file (fuzz_packet.cpp says what
// each flag bit does). Messages of every kind (under made-up session values: a session drops them
// as foreign), datagrams the other side really sent replayed as they were or with bits flipped
// (with and without their check made to fit), a ghost's replayed handshake, noise.
void PacketSeeds(const fs::path& dir) {
    constexpr std::uint8_t PLAY = 0x80, GHOST = 0x40, TO_HOST = 0x20, RESEAL = 0x10, CAPTURED = 0x08;
    const auto record = [](Bytes& out, std::uint8_t flags, const Bytes& bytes) {
        out.push_back(static_cast<std::uint8_t>(flags | ((bytes.size() >> 8) << 1)));
        out.push_back(static_cast<std::uint8_t>(bytes.size() & 0xff));
        out.insert(out.end(), bytes.begin(), bytes.end());
    };
    const auto message = [](const net::Packet& p) {
        Bytes bytes;
        const bool opening = std::holds_alternative<net::HelloPacket>(p);
        net::EncodeMessage(net::Message{net::SessionValues{0x1234567u, opening ? 0u : 0x89abcdeu}, p}, bytes);
        return bytes;
    };
    net::InputsPacket in;
    in.match = 1;
    in.sequence = 20;
    in.senderTick = 12;
    in.ackTick = 12;
    in.advantageTicks = 1;
    in.ping = {200000, 180000, 16000};
    in.firstTick = 10;
    in.count = 6;
    in.bits = {1, 1, 16, 16, 0, 8};
    net::WatchPacket watch;
    watch.match = 1;
    watch.firstTick = 1;
    watch.count = 2;
    watch.bits = {1, 2, 3, 4};
    const net::Packet every[] = {
        net::HelloPacket{"dev", game::SIMULATION_VERSION, net::PeerRole::Player},
        net::PickPacket{1, "a", 0x1234},
        net::SetupPacket{1, 0x99, {1, 2}, "hotmap-brawl-replay 2\nfighters a b\nsim 1\nticks 0\nend\n"},
        net::StartPacket{1, 0x99},
        net::RefusePacket{static_cast<std::uint8_t>(net::ErrorCode::FighterMismatch), "fighter \"b\" differs"},
        in,
        net::PingPacket{21, {210000, 190000, 5000}},
        net::ChecksumPacket{1, 30, 0x0123456789abcdefull},
        net::DesyncPacket{1, 30},
        net::DonePacket{1, 60},
        net::ByePacket{},
        watch,
        net::WatchAckPacket{1, 3, {5, 4, 3}, 2},
        net::BrowsePacket{1, "b"},
    };
    // The parser alone (bit 7 clear): every kind in one file; and every kind played into a match.
    Bytes parseOnly, foreign;
    for (const net::Packet& p : every) {
        record(parseOnly, net::ChannelOf(p) == net::Channel::Reliable ? 1 : 0, message(p));
        record(foreign,
               static_cast<std::uint8_t>((foreign.empty() ? PLAY : 0) |
                                         (net::ChannelOf(p) == net::Channel::Reliable ? 1 : 0)),
               message(p));
    }
    Write(dir / "parser-only-every-kind.bin", parseOnly);
    Write(dir / "match-foreign-every-kind.bin", foreign);
    // What the peer really sent, replayed to each side as it was (a duplicate), with a bit flipped
    // (caught by the check), and with a bit flipped and the check made to fit (a forger).
    std::mt19937 rng(37);
    for (const auto& [name, extra] :
         {std::pair<const char*, std::uint8_t>{"duplicates", 0}, {"flipped", 0}, {"resealed", RESEAL}}) {
        Bytes b;
        for (int i = 0; i < 48; ++i) {
            Bytes xorBytes{static_cast<std::uint8_t>(rng() % 64)};
            if (std::string(name) != "duplicates") {
                xorBytes.resize(1 + 1 + rng() % 40, 0);
                xorBytes.back() = static_cast<std::uint8_t>(1u << (rng() % 8));
            }
            record(b, static_cast<std::uint8_t>((b.empty() ? PLAY : 0) | CAPTURED | extra | (i % 2 ? TO_HOST : 0)),
                   xorBytes);
        }
        Write(dir / ("match-" + std::string(name) + ".bin"), b);
    }
    // A ghost: an earlier session's join, replayed in order from a new address to a waiting host;
    // and the same with bits flipped.
    Bytes ghost, ghostFlipped;
    for (std::uint8_t i = 0; i < 60; ++i) {
        record(ghost, static_cast<std::uint8_t>((ghost.empty() ? PLAY | GHOST : 0) | CAPTURED), Bytes{i});
        record(ghostFlipped, static_cast<std::uint8_t>((ghostFlipped.empty() ? PLAY | GHOST : 0) | CAPTURED | RESEAL),
               Bytes{i, 0, 0, 0, 0, static_cast<std::uint8_t>(1u << (i % 8))});
    }
    Write(dir / "ghost-replay.bin", ghost);
    Write(dir / "ghost-flipped.bin", ghostFlipped);
    // Noise and cut messages, into a match.
    Bytes noise;
    for (int i = 0; i < 24; ++i) {
        Bytes bytes = message(every[static_cast<std::size_t>(i) % std::size(every)]);
        bytes.resize(rng() % (bytes.size() + 1));
        if (i % 3 == 0) {
            bytes.resize(rng() % 60);
            for (auto& x : bytes) x = static_cast<std::uint8_t>(rng());
        }
        record(noise, static_cast<std::uint8_t>((noise.empty() ? PLAY : 0) | (i % 2) | (i % 4 < 2 ? TO_HOST : 0)),
               bytes);
    }
    Write(dir / "match-noise.bin", noise);
}

}  // namespace

// fuzz_project (its input format is described in fuzz_project.cpp): the fixture as it is, its
// manifest as the input's text, and one record of each kind on a sprite, a hotmap, the manifest
// and the folders.
void ProjectSeeds(const fs::path& dir) {
    const auto record = [](Bytes& b, std::uint8_t op, std::uint8_t slot, const Bytes& payload) {
        b.insert(b.end(),
                 {op, slot, static_cast<std::uint8_t>(payload.size()), static_cast<std::uint8_t>(payload.size() >> 8)});
        b.insert(b.end(), payload.begin(), payload.end());
    };
    Write(dir / "fixture", Bytes{0});
    Write(dir / "fixture-allow-links", Bytes{1});
    const std::string manifest = fixture::Manifest().dump();
    Bytes withManifest{4};
    withManifest.insert(withManifest.end(), manifest.begin(), manifest.end());
    withManifest.push_back(0);
    Write(dir / "manifest-as-input", withManifest);
    Bytes dup = withManifest;
    const std::string from = "\"damage\":50";
    const auto at = manifest.find(from);
    if (at != std::string::npos) {
        const std::string twice = "\"damage\":9,\"damage\":50";
        dup.erase(dup.begin() + 1 + static_cast<std::ptrdiff_t>(at),
                  dup.begin() + 1 + static_cast<std::ptrdiff_t>(at + from.size()));
        dup.insert(dup.begin() + 1 + static_cast<std::ptrdiff_t>(at), twice.begin(), twice.end());
        Write(dir / "manifest-duplicate-key", dup);
    }
    const char* kinds[] = {"bytes",  "fifo",    "link-outside", "link-dev-zero",
                           "sparse", "missing", "folder",       "link-inside"};
    // Slots (fuzz_project.cpp): 3 a sprite, 40 a hotmap, 57 the fighter's folder.
    for (std::uint8_t op = 0; op < 8; ++op) {
        for (const std::uint8_t slot : {std::uint8_t{3}, std::uint8_t{40}, std::uint8_t{57}}) {
            Bytes b{0};
            const Bytes payload = op == 0   ? Bytes{0x89, 'P', 'N', 'G'}
                                  : op == 4 ? Bytes{0x00, 0x00, 0x00, 0x80}  // 2 GiB
                                  : op == 7 ? Bytes{5}
                                            : Bytes{};
            record(b, op, slot, payload);
            Write(dir / (std::string(kinds[op]) + "-slot" + std::to_string(slot)), b);
        }
    }
}

// WAV files: every format the reader takes, a few it refuses, and two of the committed effects.
void WavSeeds(const fs::path& dir, const fs::path& sourceDir) {
    testwav::Spec s;
    s.frames = 64;
    Write(dir / "mono16.wav", testwav::Make(s));
    s.channels = 2, s.bits = 8, s.rateHz = 8000;
    Write(dir / "stereo8.wav", testwav::Make(s));
    s = {};
    s.frames = 32, s.format = 0xFFFE, s.dataFirst = true, s.junkChunk = true;
    Write(dir / "extensible-data-first.wav", testwav::Make(s));
    s = {};
    s.frames = 16, s.format = 3;
    Write(dir / "float-refused.wav", testwav::Make(s));
    s = {};
    s.frames = 16, s.dataClaim = 1000;
    Write(dir / "data-claims-too-much.wav", testwav::Make(s));
    for (const char* name : {"menu_move.wav", "land.wav"})
        CopySmall(sourceDir / "assets" / "sfx" / name, dir, name, 16 * 1024);
}

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr,
                     "usage: make_fuzz_seeds OUT_DIR SOURCE_DIR   (tests/fuzz/corpus and the repository root)\n");
        return 2;
    }
    const fs::path out = argv[1], source = argv[2];
    for (const char* target :
         {"fuzz_manifest", "fuzz_png", "fuzz_overlap", "fuzz_replay", "fuzz_packet", "fuzz_project", "fuzz_wav"}) {
        fs::remove_all(out / target);
        fs::create_directories(out / target);
    }
    ManifestSeeds(out / "fuzz_manifest", source);
    PngSeeds(out / "fuzz_png", source);
    OverlapSeeds(out / "fuzz_overlap");
    ReplaySeeds(out / "fuzz_replay");
    PacketSeeds(out / "fuzz_packet");
    ProjectSeeds(out / "fuzz_project");
    WavSeeds(out / "fuzz_wav", source);
    return 0;
}
