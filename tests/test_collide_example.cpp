// The collision example run headless, as `make play` would show it: the screenshot holds the
// worked example, with the first colliding pixel framed in red inside a white (colliding) cell.
#include "assets/assets.h"
#include "run_command.h"
#include "x_display.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>

namespace {

const std::string EXAMPLE = COLLIDE_EXAMPLE_EXE;
constexpr int ZOOM = 16;  // as in src/app/collide_example.cpp

std::array<std::uint8_t, 3> PixelAt(const assets::Image& img, int x, int y) {
    const std::uint8_t* p = img.rgba.data() + (static_cast<std::size_t>(y) * img.widthPx + x) * 4;
    return {p[0], p[1], p[2]};
}

TEST(CollideExample, HeadlessScreenshotShowsTheCollidingPixels) {
    const auto dir = testrun::FreshDir("collide_example");
    const std::string shot = (dir / "shot.png").string();
    const auto r = testrun::Run(EXAMPLE, {"--headless", "--screenshot", shot}, "SDL_VIDEODRIVER=dummy");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto img = assets::LoadPng(shot);
    ASSERT_TRUE(img.Ok()) << img.GetError().ToLine();
    EXPECT_EQ(img.Value().widthPx, 1000);
    EXPECT_EQ(img.Value().heightPx, 560);
    // The worked example's first colliding pixel is world (22, 11): white, with a red frame.
    const int cx = 22 * ZOOM, cy = 11 * ZOOM;
    EXPECT_EQ(PixelAt(img.Value(), cx + ZOOM / 2, cy + ZOOM / 2), (std::array<std::uint8_t, 3>{255, 255, 255}));
    EXPECT_EQ(PixelAt(img.Value(), cx + 3, cy + ZOOM / 2), (std::array<std::uint8_t, 3>{230, 40, 40}));
    // A ring pixel that does not collide (world (6, 15), the ring's left edge) is ring blue.
    EXPECT_EQ(PixelAt(img.Value(), 6 * ZOOM + 8, 15 * ZOOM + 8), (std::array<std::uint8_t, 3>{70, 110, 220}));
    std::filesystem::remove_all(dir);
}

TEST(CollideExample, AScreenshotPathThatIsAFifoIsOneErrorLine) {
    // The screenshot goes through the project's one writer: a FIFO at the path is refused in one
    // line naming it, never opened (opening it would wait for a reader forever: timeout's 124).
    const auto dir = testrun::FreshDir("collide_example_fifo");
    const std::string shot = (dir / "shot.png").string();
    ASSERT_EQ(::mkfifo(shot.c_str(), 0600), 0);
    const auto r =
        testrun::Run("timeout", {"20", EXAMPLE, "--headless", "--screenshot", shot}, "SDL_VIDEODRIVER=dummy");
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_EQ(r.err.rfind("error: " + shot + ": ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("FIFO"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    std::filesystem::remove_all(dir);
}

TEST(CollideExample, NoDisplayNamesTheHeadlessOption) {
    const auto r = testrun::Run(EXAMPLE, {}, "env -u DISPLAY -u WAYLAND_DISPLAY");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("--headless"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(CollideExample, ADisplayThatDoesNotAnswerSaysSoInOneLine) {
    // A DISPLAY with no server behind it: one line and exit 1, not a window nobody sees running forever
    // (timeout turns a hang into exit 124).
    const std::string display = xdisplay::DeadDisplay();
    ASSERT_FALSE(display.empty()) << "every candidate X display is served on this machine";
    const auto r = testrun::Run("timeout", {"20", EXAMPLE},
                                "env -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER -u XDG_RUNTIME_DIR DISPLAY=" + display);
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.err.find("--headless"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(display), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

}  // namespace
