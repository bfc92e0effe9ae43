// collide_example: the collision core, magnified. Two small masks on a pixel grid; drag one with
// the mouse and watch the placed tight bounds, their overlap rectangle and the colliding pixels.
// The same program writes docs/images/collision-example.png headless (--headless --screenshot).
// Owns SDL and ImGui; reads collide, never changes how it answers.
#include "assets/assets.h"
#include "collide/collide.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numbers>
#include <string>
#include <vector>

namespace {

constexpr int WINDOW_W = 1000, WINDOW_H = 560;
constexpr int ZOOM = 16;                 // screen pixels per world pixel
constexpr int GRID_W = 40, GRID_H = 32;  // world pixels shown
constexpr int PANEL_X = GRID_W * ZOOM + 20;

constexpr const char* USAGE =
    "usage: collide_example [--headless --screenshot OUT.png]\n"
    "  Drag the cross with the mouse (or move it with the arrow keys), F mirrors it,\n"
    "  Q/E rotate the ring (the transformed query), Esc quits.\n"
    "  --headless          no window: SDL's dummy video driver and the software renderer\n"
    "  --screenshot OUT    write the first frame (the worked example) to OUT.png and exit\n";

// A ring: the worked example's first mask (hot between two radii, air in the hole).
collide::Mask MakeRing() {
    collide::Mask m(21, 21);
    for (int y = 0; y < 21; ++y)
        for (int x = 0; x < 21; ++x) {
            const double d = std::hypot(x - 10.0, y - 10.0);
            if (d <= 10.3 && d >= 6.2) m.Set(x, y);
        }
    return m;
}

// An arrow pointing left: the second mask; its tip enters the ring's hole.
collide::Mask MakeArrow() {
    collide::Mask m(17, 11);
    for (int y = 0; y < 11; ++y)
        for (int x = 0; x < 17; ++x) {
            const bool shaft = x >= 5 && y >= 4 && y <= 6;
            const bool head = x < 6 && std::abs(y - 5) <= x;
            if (shaft || head) m.Set(x, y);
        }
    return m;
}

struct Example {
    collide::Mask ring = MakeRing();
    collide::Mask arrow = MakeArrow();
    collide::Placement ringAt{6, 6, collide::Flip::None};
    collide::Placement arrowAt{17, 11, collide::Flip::None};
    double ringAngle = 0.0;  // radians; 0 uses the axis-aligned query
    std::vector<collide::Point> pixels = std::vector<collide::Point>(4096);
    collide::OverlapResult result;
    collide::TransformedPlacement ringTransformed;
    double nsPerQuery = 0.0;

    [[nodiscard]] bool Rotated() const { return ringAngle != 0.0; }

    void Query() {
        collide::Transform t;
        t.anchorMaskX = t.anchorMaskY = 10.5;
        t.anchorWorldX = ringAt.worldX + 10.5;
        t.anchorWorldY = ringAt.worldY + 10.5;
        t.angleRadians = ringAngle;
        ringTransformed = collide::PlaceTransformed(ring, t);
        const auto run = [&] {
            return Rotated()
                       ? collide::QueryTransformedOverlap(ring, ringTransformed, arrow, arrowAt,
                                                          collide::QueryMode::CountAll, pixels)
                       : collide::QueryOverlap(ring, ringAt, arrow, arrowAt, collide::QueryMode::CountAll, pixels);
        };
        result = run();
        // A live figure for the panel: the same query a thousand times (the app may read clocks).
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < 1000; ++i) {
            volatile std::int64_t sink = run().pixelCount;
            (void)sink;
        }
        nsPerQuery = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / 1000;
    }

    [[nodiscard]] bool RingHot(int x, int y) const {
        return Rotated() ? collide::IsHotAtTransformed(ring, ringTransformed, x, y)
                         : collide::IsHotAt(ring, ringAt, x, y);
    }
    [[nodiscard]] collide::Rect RingBounds() const {
        return Rotated() ? ringTransformed.boundsWorld : collide::PlacedBounds(ring, ringAt);
    }
};

SDL_Rect Cell(int worldX, int worldY) {
    return SDL_Rect{worldX * ZOOM, worldY * ZOOM, ZOOM, ZOOM};
}

void Outline(SDL_Renderer* r, collide::Rect rect, SDL_Color c, int thickness) {
    if (rect.IsEmpty()) return;
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    for (int i = 0; i < thickness; ++i) {
        const SDL_Rect s{rect.x * ZOOM - i, rect.y * ZOOM - i, rect.w * ZOOM + 2 * i, rect.h * ZOOM + 2 * i};
        SDL_RenderDrawRect(r, &s);
    }
}

void DrawGrid(SDL_Renderer* r, const Example& ex) {
    SDL_SetRenderDrawColor(r, 24, 26, 34, 255);
    SDL_Rect area{0, 0, GRID_W * ZOOM, GRID_H * ZOOM};
    SDL_RenderFillRect(r, &area);
    std::vector<SDL_Rect> ringCells, arrowCells, hitCells;
    for (int y = 0; y < GRID_H; ++y)
        for (int x = 0; x < GRID_W; ++x) {
            const bool inRing = ex.RingHot(x, y), inArrow = collide::IsHotAt(ex.arrow, ex.arrowAt, x, y);
            if (inRing && inArrow)
                hitCells.push_back(Cell(x, y));
            else if (inRing)
                ringCells.push_back(Cell(x, y));
            else if (inArrow)
                arrowCells.push_back(Cell(x, y));
        }
    SDL_SetRenderDrawColor(r, 70, 110, 220, 255);
    SDL_RenderFillRects(r, ringCells.data(), static_cast<int>(ringCells.size()));
    SDL_SetRenderDrawColor(r, 70, 190, 110, 255);
    SDL_RenderFillRects(r, arrowCells.data(), static_cast<int>(arrowCells.size()));
    SDL_SetRenderDrawColor(r, 255, 255, 255, 255);
    SDL_RenderFillRects(r, hitCells.data(), static_cast<int>(hitCells.size()));
    // Pixel grid lines, faint.
    SDL_SetRenderDrawColor(r, 44, 47, 60, 255);
    for (int x = 0; x <= GRID_W; ++x) SDL_RenderDrawLine(r, x * ZOOM, 0, x * ZOOM, GRID_H * ZOOM);
    for (int y = 0; y <= GRID_H; ++y) SDL_RenderDrawLine(r, 0, y * ZOOM, GRID_W * ZOOM, y * ZOOM);
    Outline(r, ex.RingBounds(), SDL_Color{110, 150, 255, 255}, 2);
    Outline(r, collide::PlacedBounds(ex.arrow, ex.arrowAt), SDL_Color{110, 230, 150, 255}, 2);
    Outline(r, ex.result.overlap, SDL_Color{255, 210, 40, 255}, 4);
    if (ex.result.hit) {
        // The first colliding pixel (smallest y, then x): a red frame inside the white cell.
        const SDL_Rect c = Cell(ex.result.first.x, ex.result.first.y);
        SDL_SetRenderDrawColor(r, 230, 40, 40, 255);
        for (int i = 2; i < 5; ++i) {
            const SDL_Rect s{c.x + i, c.y + i, c.w - 2 * i, c.h - 2 * i};
            SDL_RenderDrawRect(r, &s);
        }
    }
}

void DrawPanel(const Example& ex) {
    ImGui::SetNextWindowPos(ImVec2(PANEL_X, 10), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(WINDOW_W - PANEL_X - 10, WINDOW_H - 20), ImGuiCond_Always);
    ImGui::Begin("collide: worked example", nullptr,
                 ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse);
    ImGui::TextColored(ImVec4(0.43f, 0.59f, 1.0f, 1), "ring");
    ImGui::SameLine();
    ImGui::Text("21x21 at (%d, %d)%s", ex.ringAt.worldX, ex.ringAt.worldY, ex.Rotated() ? ", rotated" : "");
    ImGui::TextColored(ImVec4(0.43f, 0.9f, 0.59f, 1), "arrow");
    ImGui::SameLine();
    ImGui::Text("17x11 at (%d, %d)%s", ex.arrowAt.worldX, ex.arrowAt.worldY,
                ex.arrowAt.flip == collide::Flip::Horizontal ? ", mirrored" : "");
    ImGui::Separator();
    ImGui::Text("hit      %s", ex.result.hit ? "yes" : "no");
    ImGui::Text("area     %lld colliding pixels (white)", static_cast<long long>(ex.result.pixelCount));
    if (ex.result.hit) {
        ImGui::Text("first    (%d, %d) (red frame)", ex.result.first.x, ex.result.first.y);
    } else {
        ImGui::Text("first    none");
    }
    const collide::Rect& o = ex.result.overlap;
    if (o.IsEmpty()) {
        ImGui::Text("overlap  none");
    } else {
        ImGui::Text("overlap  [%d, %d) x [%d, %d) (yellow)", o.x, o.Right(), o.y, o.Bottom());
    }
    if (ex.nsPerQuery > 0) ImGui::Text("query    %.0f ns", ex.nsPerQuery);
    ImGui::Separator();
    ImGui::TextWrapped(
        "Outlines are the placed tight bounds. Only their overlap (yellow) is scanned, "
        "64 pixels per step; a pixel collides when it is hot in both masks.");
    ImGui::Separator();
    ImGui::TextWrapped("Drag the arrow or use the arrow keys. F mirrors it. Q/E rotate the ring. Esc quits.");
    ImGui::End();
}

// The frame read back and written through the project's one writer (assets/files.h), so a
// screenshot path that is a FIFO, a device or a link out of reach is refused as brawl's are.
// Returns the error line, empty on success.
std::string SaveScreenshot(SDL_Renderer* renderer, const char* path) {
    assets::Image shot;
    shot.widthPx = WINDOW_W;
    shot.heightPx = WINDOW_H;
    shot.rgba.resize(static_cast<std::size_t>(WINDOW_W) * WINDOW_H * 4);
    // Read back before SDL_RenderPresent: after it the back buffer's contents are undefined.
    if (SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_RGBA32, shot.rgba.data(), WINDOW_W * 4) != 0) {
        return assets::Error{assets::ErrorCode::WriteFailed, path,
                             std::string("cannot read the frame back: ") + SDL_GetError()}
            .ToLine();
    }
    const auto error = assets::SavePng(path, shot);
    return error ? error->ToLine() : std::string();
}

}  // namespace

int main(int argc, char** argv) {
    bool headless = false;
    const char* screenshot = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--headless") == 0) {
            headless = true;
        } else if (std::strcmp(argv[i], "--screenshot") == 0 && i + 1 < argc) {
            screenshot = argv[++i];
        } else if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            std::printf("%s", USAGE);
            return 0;
        } else {
            std::fprintf(stderr, "collide_example: unknown argument '%s'\n%s", argv[i], USAGE);
            return 2;
        }
    }
    if (headless && screenshot == nullptr) {
        std::fprintf(stderr,
                     "collide_example: --headless needs --screenshot OUT.png (there is no window to look at)\n");
        return 2;
    }
    if (headless) {
        SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
    } else if (std::getenv("DISPLAY") == nullptr && std::getenv("WAYLAND_DISPLAY") == nullptr) {
        std::fprintf(
            stderr, "collide_example: no display; run it with --headless --screenshot out.png, or under xvfb-run -a\n");
        return 1;
    }
    // Only DISPLAY set: X11 alone. Otherwise a dead X server sends SDL on to Wayland (whose library
    // prints its own complaint) and then to the offscreen driver: a window nobody sees, forever.
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    if (!headless && std::getenv("SDL_VIDEODRIVER") == nullptr && (wayland == nullptr || *wayland == '\0')) {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11");
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        const char* display = std::getenv("DISPLAY");
        std::fprintf(stderr,
                     "collide_example: cannot open the display %s (%s); run it with --headless --screenshot "
                     "out.png, or under xvfb-run -a\n",
                     display != nullptr ? display : "", SDL_GetError());
        return 1;
    }
    const char* driver = SDL_GetCurrentVideoDriver();
    if (!headless && driver != nullptr &&
        (std::strcmp(driver, "offscreen") == 0 || std::strcmp(driver, "dummy") == 0)) {
        std::fprintf(
            stderr, "collide_example: no display; run it with --headless --screenshot out.png, or under xvfb-run -a\n");
        SDL_Quit();
        return 1;
    }
    SDL_Window* window =
        SDL_CreateWindow("Hotmap Brawl: collision example", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, WINDOW_W,
                         WINDOW_H, headless ? SDL_WINDOW_HIDDEN : SDL_WINDOW_SHOWN);
    // Software rendering headless: exact pixels, and the dummy driver has nothing else.
    SDL_Renderer* renderer =
        window == nullptr
            ? nullptr
            : SDL_CreateRenderer(window, -1, headless ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_PRESENTVSYNC);
    if (renderer == nullptr && window != nullptr) renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
    if (renderer == nullptr) {
        std::fprintf(stderr, "collide_example: cannot create a renderer: %s\n", SDL_GetError());
        SDL_Quit();
        return 1;
    }
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini litter in the working folder
    ImGui::StyleColorsDark();
    ImGui_ImplSDL2_InitForSDLRenderer(window);
    ImGui_ImplSDLRenderer_Init(renderer);

    Example ex;
    ex.Query();
    if (screenshot != nullptr) ex.nsPerQuery = 0;  // a timing would make the picture differ per run
    bool running = true, dragging = false;
    int dragOffsetX = 0, dragOffsetY = 0;
    while (running) {
        SDL_Event e;
        bool moved = false;
        while (SDL_PollEvent(&e)) {
            ImGui_ImplSDL2_ProcessEvent(&e);
            if (e.type == SDL_QUIT) running = false;
            if (e.type == SDL_KEYDOWN) {
                switch (e.key.keysym.sym) {
                    case SDLK_ESCAPE:
                        running = false;
                        break;
                    case SDLK_LEFT:
                        --ex.arrowAt.worldX, moved = true;
                        break;
                    case SDLK_RIGHT:
                        ++ex.arrowAt.worldX, moved = true;
                        break;
                    case SDLK_UP:
                        --ex.arrowAt.worldY, moved = true;
                        break;
                    case SDLK_DOWN:
                        ++ex.arrowAt.worldY, moved = true;
                        break;
                    case SDLK_f:
                        ex.arrowAt.flip =
                            ex.arrowAt.flip == collide::Flip::None ? collide::Flip::Horizontal : collide::Flip::None;
                        moved = true;
                        break;
                    case SDLK_q:
                        ex.ringAngle -= std::numbers::pi / 24, moved = true;
                        break;
                    case SDLK_e:
                        ex.ringAngle += std::numbers::pi / 24, moved = true;
                        break;
                    default:
                        break;
                }
            }
            if (e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT) {
                const int wx = e.button.x / ZOOM, wy = e.button.y / ZOOM;
                // Pick by pixel: a click on the arrow's air does not grab it.
                if (collide::IsHotAt(ex.arrow, ex.arrowAt, wx, wy)) {
                    dragging = true;
                    dragOffsetX = wx - ex.arrowAt.worldX;
                    dragOffsetY = wy - ex.arrowAt.worldY;
                }
            }
            if (e.type == SDL_MOUSEBUTTONUP) dragging = false;
            if (e.type == SDL_MOUSEMOTION && dragging) {
                ex.arrowAt.worldX = e.motion.x / ZOOM - dragOffsetX;
                ex.arrowAt.worldY = e.motion.y / ZOOM - dragOffsetY;
                moved = true;
            }
        }
        if (moved) ex.Query();
        ImGui_ImplSDLRenderer_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        ImGui::NewFrame();
        DrawPanel(ex);
        ImGui::Render();
        SDL_SetRenderDrawColor(renderer, 14, 15, 20, 255);
        SDL_RenderClear(renderer);
        DrawGrid(renderer, ex);
        ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
        if (screenshot != nullptr) {
            const std::string error = SaveScreenshot(renderer, screenshot);
            const bool ok = error.empty();
            if (!ok) std::fprintf(stderr, "%s\n", error.c_str());
            running = false;
            if (!ok) {  // the same teardown as a normal exit: nothing left for LeakSanitizer
                ImGui_ImplSDLRenderer_Shutdown();
                ImGui_ImplSDL2_Shutdown();
                ImGui::DestroyContext();
                SDL_DestroyRenderer(renderer);
                SDL_DestroyWindow(window);
                SDL_Quit();
                return 1;
            }
        }
        SDL_RenderPresent(renderer);
    }
    ImGui_ImplSDLRenderer_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
