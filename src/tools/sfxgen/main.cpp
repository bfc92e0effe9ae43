// sfxgen: writes the game's sound effects and its music loops as 16-bit PCM WAV files,
// deterministically (the same binary always writes the same bytes), the sibling of artgen. Never
// overwrites without --force, and then checks every target before writing any. --pictures draws
// each sound (waveform over spectrogram) and prints its figures, to check by eye what cannot be
// checked by ear; --analyze does the same for any WAV files (a replacement recording).
#include "tools/sfxgen/sounds.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

constexpr int EXIT_OK = 0;
constexpr int EXIT_DATA = 1;
constexpr int EXIT_USAGE = 2;

constexpr const char* USAGE =
    "usage: sfxgen [--out-root DIR] [--force] [--only NAME]\n"
    "       sfxgen --pictures OUT_DIR [--only NAME]\n"
    "       sfxgen --analyze FILE.wav... [--pictures OUT_DIR]\n";

constexpr const char* HELP =
    "\n"
    "Generates the game's sounds: DIR/assets/sfx/*.wav (the shared effects), the loops (DIR/assets/\n"
    "music/title.wav and each stage's DIR/assets/stages/<stage>/music.wav) and DIR/assets/<fighter>/\n"
    "sfx/*.wav (the fighters' own), all 16-bit PCM, mono, 22,050 Hz. DIR defaults to the current\n"
    "directory (the repository root).\n"
    "  --force             overwrite existing files\n"
    "  --only NAME         only the sounds whose file name contains NAME (e.g. hit_, music, stages/)\n"
    "  --pictures OUT_DIR  write nothing into the project: draw each sound as OUT_DIR/<name>.png\n"
    "                      (waveform over spectrogram) and print its figures\n"
    "  --analyze FILE...   the figures (and, with --pictures, the pictures) of WAV files\n"
    "\n"
    "Figures: length, peak and RMS level in dBFS, the share of energy below 250 Hz, the spectral\n"
    "centroid, the largest sample in the first and last millisecond (a click if far from 0), and\n"
    "the time of the peak.\n"
    "\n"
    "Exit: 0 ok, 1 a file exists (without --force) or cannot be written or read, 2 bad usage.\n";

int UsageError(const std::string& what) {
    std::fprintf(stderr, "sfxgen: %s\n%s", what.c_str(), USAGE);
    return EXIT_USAGE;
}

struct Output {
    std::string path;  ///< relative to the project folder
    assets::Sound sound;
};

void PrintFigures(const std::string& name, const assets::Sound& s) {
    const sfxgen::Figures f = sfxgen::Measure(s);
    std::printf(
        "%-34s %6.2f s  peak %6.1f dB  rms %6.1f dB  low %5.1f %%  centroid %5.0f Hz  edge %.4f  peak at %4.0f ms\n",
        name.c_str(), f.seconds, f.peakDb, f.rmsDb, 100.0 * f.lowShare, f.centroidHz, f.edgeLevel, f.attackMs);
}

bool WritePicture(const fs::path& dir, const std::string& name, const assets::Sound& s) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    std::string file = name;
    for (char& c : file) c = c == '/' ? '-' : c;
    file = file.substr(0, file.rfind('.')) + ".png";
    if (const auto error = assets::SavePng((dir / file).string(), sfxgen::Picture(s))) {
        std::fprintf(stderr, "%s\n", error->ToLine().c_str());
        return false;
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    std::string outRoot = ".", only, pictures;
    std::vector<std::string> analyze;
    bool force = false, analyzing = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&](std::string& into) {
            if (i + 1 >= argc) return false;
            into = argv[++i];
            return !into.empty();
        };
        if (arg == "--help" || arg == "-h") {
            std::printf("%s%s", USAGE, HELP);
            return EXIT_OK;
        } else if (arg == "--force") {
            force = true;
        } else if (arg == "--out-root") {
            if (!value(outRoot)) return UsageError("--out-root needs a folder");
        } else if (arg == "--only") {
            if (!value(only)) return UsageError("--only needs a part of a file name");
        } else if (arg == "--pictures") {
            if (!value(pictures)) return UsageError("--pictures needs a folder");
        } else if (arg == "--analyze") {
            analyzing = true;
        } else if (analyzing && arg.rfind("--", 0) != 0) {
            analyze.push_back(arg);
        } else {
            return UsageError("unknown argument '" + arg + "'");
        }
    }
    if (analyzing) {
        if (analyze.empty()) return UsageError("--analyze needs WAV files");
        int status = EXIT_OK;
        for (const std::string& file : analyze) {
            const auto sound = assets::LoadWav(file);
            if (!sound.Ok()) {
                std::fprintf(stderr, "%s\n", sound.GetError().ToLine().c_str());
                status = EXIT_DATA;
                continue;
            }
            PrintFigures(file, sound.Value());
            if (!pictures.empty() && !WritePicture(pictures, fs::path(file).filename().string(), sound.Value()))
                status = EXIT_DATA;
        }
        return status;
    }

    std::vector<Output> outputs;
    for (const sfxgen::Effect& e : sfxgen::Effects()) {
        if (!only.empty() && e.path.find(only) == std::string::npos) continue;
        outputs.push_back({e.path, sfxgen::ToSound(sfxgen::Finish(e.make(), e.peakDb))});
    }
    for (const sfxgen::Track& t : sfxgen::Tracks()) {
        if (!only.empty() && t.path.find(only) == std::string::npos) continue;
        outputs.push_back({t.path, sfxgen::ToSound(t.render())});
    }
    if (outputs.empty()) return UsageError("--only '" + only + "' matches no sound");

    if (!pictures.empty()) {
        for (const Output& o : outputs) {
            PrintFigures(o.path, o.sound);
            if (!WritePicture(pictures, o.path.substr(o.path.find('/') + 1), o.sound)) return EXIT_DATA;
        }
        return EXIT_OK;
    }

    const fs::path root(outRoot);
    if (!force) {
        for (const Output& o : outputs) {
            std::error_code ec;
            if (fs::exists(root / o.path, ec)) {
                std::fprintf(stderr, "error: %s: exists (use --force to overwrite)\n",
                             (root / o.path).string().c_str());
                return EXIT_DATA;
            }
        }
    }
    for (const Output& o : outputs) {
        const fs::path path = root / o.path;
        std::error_code ec;
        fs::create_directories(path.parent_path(), ec);
        const std::vector<std::uint8_t> bytes = assets::EncodeWav(o.sound);
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        if (!out) {
            std::fprintf(stderr, "error: %s: cannot write\n", path.string().c_str());
            return EXIT_DATA;
        }
    }
    std::printf("sfxgen: wrote %zu sounds under %s\n", outputs.size(), root.string().c_str());
    return EXIT_OK;
}
