// The input sources and the replay player (input_sources.h).
#include "app/input_sources.h"

#include "app/training_menu.h"
#include "assets/files.h"
#include "assets/limits.h"
#include "game/text.h"
#include "render/render.h"

#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace app {

namespace {

class ControlsSource final : public InputSource {
public:
    game::Input Next(const game::MatchDefs&, const game::MatchState&, std::int32_t, game::Input controls) override {
        return controls;
    }
};

class CpuSource final : public InputSource {
public:
    [[nodiscard]] game::Controller Controller() const override { return game::Controller::Cpu; }
    // The step ignores a CPU side's input: the state's CPU decides.
    game::Input Next(const game::MatchDefs&, const game::MatchState&, std::int32_t, game::Input) override { return {}; }
};

class ViewCpuSource final : public InputSource {
public:
    ViewCpuSource(std::int32_t side, std::uint64_t seed) : cpu_(side, seed) {}
    game::Input Next(const game::MatchDefs& defs, const game::MatchState& state, std::int32_t, game::Input) override {
        return cpu_.Decide(defs, state);
    }

private:
    net::CpuPlayer cpu_;
};

class SlotSource final : public InputSource {
public:
    SlotSource(game::Slot slot, bool looped) : slot_(std::move(slot)), looped_(looped) {}
    game::Input Next(const game::MatchDefs&, const game::MatchState& state, std::int32_t side, game::Input) override {
        if (at_ >= slot_.inputs.size() && looped_) at_ = 0;
        if (at_ >= slot_.inputs.size()) return {};
        // Read as the side faces before the step, as training's dummy reads its slot.
        return game::ToScreen(slot_.inputs[at_++], state.fighters[static_cast<std::size_t>(side)].facing);
    }
    void Restart() override { at_ = 0; }

private:
    game::Slot slot_;
    bool looped_;
    std::size_t at_ = 0;
};

// The number of the file's "ticks" line (1 when it has none), for a slot that holds no tick.
int TicksLine(const std::string& text) {
    std::istringstream in(text);
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (line.rfind("ticks", 0) == 0) return number;
    }
    return 1;
}

}  // namespace

std::unique_ptr<InputSource> MakeControlsSource() {
    return std::make_unique<ControlsSource>();
}

std::unique_ptr<InputSource> MakeCpuSource() {
    return std::make_unique<CpuSource>();
}

std::unique_ptr<InputSource> MakeViewCpuSource(std::int32_t side, std::uint64_t seed) {
    return std::make_unique<ViewCpuSource>(side, seed);
}

std::unique_ptr<InputSource> MakeSlotSource(game::Slot slot, bool looped) {
    return std::make_unique<SlotSource>(std::move(slot), looped);
}

std::unique_ptr<InputSource> ChooseSource(SceneContext& ctx, game::Controller who, const std::string& slotPath,
                                          bool looped) {
    if (!slotPath.empty()) {
        auto slot = LoadSlotFile(slotPath);
        if (slot.Ok()) return MakeSlotSource(std::move(slot).Value(), looped);
        ctx.stop = RunReport{"", 1, slot.GetError()};
    }
    return who == game::Controller::Cpu ? MakeCpuSource() : MakeControlsSource();
}

game::Result<game::Slot, std::string> LoadSlotFile(const std::string& path) {
    const std::string shown = "error: " + game::PrintablePath(path) + ": ";
    // A regular file within the replay's cap (files.h): a FIFO or /dev/zero is a line, never a hang.
    auto bytes = assets::ReadInputFile(path, assets::limits::REPLAY_BYTES, "a slot");
    if (!bytes.Ok()) return bytes.GetError().ToLine();
    const std::string text(bytes.Value().begin(), bytes.Value().end());
    if (text.empty())
        return shown + "line 1: the file is empty (a slot is a replay file: training's --record writes one)";
    std::string error;
    const auto replay = game::ParseReplay(text, error);
    if (!replay) return shown + error;
    if (replay->inputs.empty())
        return shown + "line " + std::to_string(TicksLine(text)) + ": the slot holds no tick (\"ticks 0\")";
    game::Slot slot;
    for (const game::Inputs& in : replay->inputs) slot.inputs.push_back(in[0]);
    return slot;
}

std::vector<std::string> LoadKeptSlots(const std::string& folder, std::array<game::Slot, game::SLOT_COUNT>& slots) {
    std::vector<std::string> lines;
    for (std::int32_t i = 0; i < game::SLOT_COUNT; ++i) {
        game::Slot& slot = slots[static_cast<std::size_t>(i)];
        const std::string path = SlotFilePath(folder, i);
        std::error_code ec;
        if (!slot.inputs.empty() || !std::filesystem::exists(path, ec)) continue;  // --dummy-slot's stays
        if (auto loaded = LoadSlotFile(path); loaded.Ok()) {
            slot = std::move(loaded).Value();
        } else {
            lines.push_back(loaded.GetError());
        }
    }
    return lines;
}

// ---- the replay player --------------------------------------------------------------------------

ReplayPlayer::ReplayPlayer(const game::MatchDefs& defs, const game::Replay& replay)
    : timeline_(defs, replay.config, replay.inputs) {}

game::Inputs ReplayPlayer::Next() {
    const std::int64_t t = tick_++;
    return t < timeline_.Length() ? timeline_.InputsAt(t) : game::Inputs{};
}

bool ReplayPlayer::Step(game::MatchState& state, const game::StepHooks& hooks) {
    if (tick_ > timeline_.Length()) return false;
    // Played through the timeline, so that any tick already played can be gone back to.
    state = timeline_.SeekTo(tick_, hooks);
    return true;
}

std::optional<std::int64_t> ReplayPlayer::ScrubTarget(game::Input keys) {
    const std::uint8_t pressed = keys.bits & ~scrubKeys_;
    scrubKeys_ = keys.bits;
    if (pressed & game::Input::PUNCH) paused_ = !paused_;
    std::int64_t target = timeline_.Tick();
    if (keys.Has(game::Input::LEFT)) target -= 1;
    if (keys.Has(game::Input::RIGHT)) target += 1;
    if (pressed & game::Input::DOWN) target -= game::TICK_HZ;
    if (pressed & game::Input::UP) target += game::TICK_HZ;
    target = std::clamp<std::int64_t>(target, 0, timeline_.Length());
    if (target == timeline_.Tick()) return std::nullopt;
    paused_ = true;
    return target;
}

void ReplayPlayer::SeekTo(std::int64_t tick, game::MatchState& state, const game::StepHooks& hooks) {
    state = timeline_.SeekTo(tick, hooks);
    tick_ = timeline_.Tick();
}

void ReplayPlayer::DrawSeekBar(SDL_Renderer* r) const {
    constexpr int X = 120, Y = 352, W = 400, H = 4;
    const SDL_Rect back{X, Y, W, H};
    SDL_SetRenderDrawColor(r, 20, 20, 28, 255);
    SDL_RenderFillRect(r, &back);
    const std::int64_t n = std::max<std::int64_t>(timeline_.Length(), 1);
    const SDL_Rect done{X, Y, static_cast<int>(W * timeline_.Tick() / n), H};
    SDL_SetRenderDrawColor(r, 255, 214, 90, 255);
    SDL_RenderFillRect(r, &done);
    std::string text = "REPLAY ";
    text.append(std::to_string(timeline_.Tick())).append(" / ").append(std::to_string(timeline_.Length()));
    text.append(paused_ ? "  PAUSED" : "").append("  P1 LEFT/RIGHT: SCRUB  UP/DOWN: 1 S  PUNCH: PLAY");
    render::DrawTextOutlined(r, (game::SCREEN_WIDTH_PX - render::TextWidth(text)) / 2, Y - 10, text,
                             SDL_Color{220, 220, 220, 255});
}

std::optional<std::int64_t> ReplayPlayer::Panel(const debug::ScreenMap& map) {
    // The seek bar: any tick, re-simulated from the nearest saved state, the overlay live.
    ImGui::SetNextWindowPos(map.ToScreen(10.0f, 290.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2((game::SCREEN_WIDTH_PX - 20) * map.scale, 0.0f), ImGuiCond_FirstUseEver);
    ImGui::Begin("Replay");
    std::optional<std::int64_t> target;
    int tick = static_cast<int>(timeline_.Tick());
    if (ImGui::SliderInt("tick", &tick, 0, static_cast<int>(timeline_.Length()))) {
        paused_ = true;
        target = tick;
    }
    ImGui::SameLine();
    if (ImGui::Button(paused_ ? "play" : "pause")) paused_ = !paused_;
    ImGui::End();
    return target;
}

}  // namespace app
