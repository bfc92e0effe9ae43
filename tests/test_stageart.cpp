// The committed stages' art: each assets/stages/<id>/ holds exactly what artgen writes for it (two
// runs, the same bytes), and its layers have the sizes stage.json's schema asks for (360 px tall,
// 640 + round(scroll * (width - 640)) wide, the first opaque, the last at scroll 1). The music is
// sfxgen's (test_sound compares it). Needs artgen (built with the tools).
#include "assets/assets.h"
#include "run_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path STAGES = fs::path(HOTMAP_SOURCE_DIR) / "assets" / "stages";

std::vector<std::string> CommittedStages() {
    std::vector<std::string> out;
    for (const fs::directory_entry& e : fs::directory_iterator(STAGES)) {
        if (e.is_directory()) out.push_back(e.path().filename().string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string Bytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(CommittedStages, AreExactlyWhatArtgenWritesAndItWritesTheSameTwice) {
    const auto stages = CommittedStages();
    ASSERT_FALSE(stages.empty());
    for (const std::string& id : stages) {
        const fs::path a = testrun::FreshDir("stageart_a_" + id), b = testrun::FreshDir("stageart_b_" + id);
        ASSERT_EQ(testrun::Run(ARTGEN_EXE, {"--out-root", a.string(), "--only", id}).exitCode, 0) << id;
        ASSERT_EQ(testrun::Run(ARTGEN_EXE, {"--out-root", b.string(), "--only", id}).exitCode, 0) << id;
        const fs::path madeA = a / "assets" / "stages" / id, madeB = b / "assets" / "stages" / id;
        std::size_t compared = 0;
        for (const fs::directory_entry& e : fs::directory_iterator(STAGES / id)) {
            const std::string name = e.path().filename().string();
            if (name == "music.wav") continue;  // sfxgen's
            ASSERT_TRUE(fs::exists(madeA / name)) << id << "/" << name << " is committed but artgen does not make it";
            EXPECT_EQ(Bytes(madeA / name), Bytes(madeB / name)) << id << "/" << name << ": two runs differ";
            EXPECT_EQ(Bytes(madeA / name), Bytes(e.path()))
                << id << "/" << name << ": the committed file is not artgen's (run artgen --force --only " << id << ")";
            ++compared;
        }
        std::size_t made = 0;
        for ([[maybe_unused]] const fs::directory_entry& e : fs::directory_iterator(madeA)) ++made;
        EXPECT_EQ(made, compared) << id << ": artgen makes a file that is not committed";
        EXPECT_GE(compared, 2u) << id << ": stage.json and at least one layer";
        fs::remove_all(a), fs::remove_all(b);
    }
}

TEST(CommittedStages, LayersHaveTheSchemasSizesTheBackOpaqueTheFrontAtScrollOne) {
    for (const std::string& id : CommittedStages()) {
        std::ifstream in(STAGES / id / "stage.json");
        const nlohmann::json j = nlohmann::json::parse(in);
        const int widthPx = j.at("width_px").get<int>();
        EXPECT_GE(widthPx, 640) << id;
        EXPECT_LE(widthPx, 1280) << id;
        const auto& layers = j.at("layers");
        ASSERT_GE(layers.size(), 1u) << id;
        ASSERT_LE(layers.size(), 3u) << id;
        EXPECT_EQ(layers.back().at("scroll").get<double>(), 1.0) << id << ": the front layer moves with the fighters";
        EXPECT_TRUE(fs::exists(STAGES / id / j.at("music").get<std::string>())) << id;
        for (std::size_t i = 0; i < layers.size(); ++i) {
            const std::string file = layers[i].at("image").get<std::string>();
            const double scroll = layers[i].at("scroll").get<double>();
            const auto image = assets::LoadPng((STAGES / id / file).string());
            ASSERT_TRUE(image.Ok()) << image.GetError().ToLine();
            EXPECT_EQ(image.Value().heightPx, 360) << id << "/" << file;
            EXPECT_EQ(image.Value().widthPx, 640 + static_cast<int>(std::lround(scroll * (widthPx - 640))))
                << id << "/" << file;
            if (i == 0) {
                const auto& rgba = image.Value().rgba;
                std::size_t seeThrough = 0;
                for (std::size_t p = 3; p < rgba.size(); p += 4) seeThrough += rgba[p] != 255 ? 1 : 0;
                EXPECT_EQ(seeThrough, 0u) << id << "/" << file << ": the back layer is opaque";
            }
        }
    }
}

}  // namespace
