// The overlay's bookkeeping: what Observe holds and logs from the simulation's debug records,
// hitstop included, the screen-to-world mapping the mouse pick uses, and where the panel goes
// (driven through ImGui frames with no window and no renderer).
#include "debug/overlay.h"
#include "game/training.h"
#include "synthetic_fighter.h"

#include <gtest/gtest.h>
#include <imgui_internal.h>

namespace {

game::DebugRecord RecordWithOneContact(std::uint64_t tick) {
    game::DebugRecord r;
    r.tick = tick;
    game::DebugContact c;
    c.first = {120, 80};
    c.pixelCount = 3;
    c.pixels = {{120, 80}, {121, 80}, {120, 81}};
    r.contacts.push_back(c);
    r.pixelContacts = 1;
    r.collidingPixels = 3;
    return r;
}

// The tick's events for that contact: P1's light punch (move 0 of the synthetic fighter) hit P2.
game::EventList HitEvents(std::uint64_t tick) {
    game::EventList events;
    game::Event e;
    e.tick = tick;
    e.kind = game::EventKind::Hit;
    e.fighter = 0;
    e.target = 1;
    e.move = 0;
    e.contact = 0;
    e.xPx = 120, e.yPx = 80;
    e.value = 50;
    events.Push(e);
    return events;
}

struct Defs {
    game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    game::MatchDefs defs{{&a, &b}};
};

TEST(Overlay, AContactIsLoggedOnceAndHeldThroughHitstop) {
    debug::Overlay o;
    const Defs d;
    const game::DebugRecord hit = RecordWithOneContact(10);
    debug::Observe(o, hit, HitEvents(10).View(), d.defs);
    // Hitstop: the simulation hands back the record of the tick that froze, marked frozen, and
    // emits no contact events.
    game::DebugRecord frozen = hit;
    frozen.frozen = true;
    for (int i = 0; i < 6; ++i) debug::Observe(o, frozen, {}, d.defs);
    EXPECT_TRUE(o.last.frozen);
    EXPECT_EQ(o.last.tick, 10u);
    ASSERT_EQ(o.log.size(), 1u) << "a frozen tick must not log its contacts again";
    EXPECT_EQ(o.log.front().text, "P1 light_punch hit P2 (3 px, first 120,80)");
    ASSERT_EQ(o.held.size(), 1u);
    EXPECT_EQ(o.held.front().pixels.size(), 3u);

    game::DebugRecord quiet;
    quiet.tick = 11;
    debug::Observe(o, quiet, {}, d.defs);
    EXPECT_FALSE(o.last.frozen);
    EXPECT_EQ(o.held.size(), 1u) << "still on screen a tick later";
    quiet.tick = 10 + debug::HOLD_TICKS;
    debug::Observe(o, quiet, {}, d.defs);
    EXPECT_EQ(o.held.size(), 1u) << "held for HOLD_TICKS ticks";
    quiet.tick = 10 + debug::HOLD_TICKS + 1;
    debug::Observe(o, quiet, {}, d.defs);
    EXPECT_TRUE(o.held.empty()) << "gone after HOLD_TICKS ticks";
    EXPECT_EQ(o.log.size(), 1u) << "the log keeps it";
}

TEST(Overlay, ScreenToWorldFloorsIntoThePixelUnderTheMouse) {
    const debug::ScreenMap m{100.0f, 50.0f, 2.0f};  // world pixel (0, 0) covers screen [100, 102) x [50, 52)
    EXPECT_EQ(m.ToWorld(100.0f, 50.0f).x, 0);
    EXPECT_EQ(m.ToWorld(101.9f, 51.9f).y, 0);
    EXPECT_EQ(m.ToWorld(102.0f, 52.0f).x, 1);
    EXPECT_EQ(m.ToWorld(99.9f, 49.9f).x, -1) << "left of the origin is pixel -1, not 0";
    EXPECT_EQ(m.ToWorld(99.9f, 49.9f).y, -1);
}

TEST(Overlay, ThePanelTakesTheHalfTheFightersAreNotIn) {
    using debug::PanelSide;
    EXPECT_EQ(debug::ChoosePanelSide(std::nullopt, 300, 1280), PanelSide::Right);
    EXPECT_EQ(debug::ChoosePanelSide(std::nullopt, 900, 1280), PanelSide::Left);
    EXPECT_EQ(debug::ChoosePanelSide(std::nullopt, 640, 1280), PanelSide::Left)
        << "the middle counts as the right half";
    // Placed, it moves only once the fighters are past the band of 128 px around the middle.
    EXPECT_EQ(debug::ChoosePanelSide(PanelSide::Left, 600, 1280), PanelSide::Left);
    EXPECT_EQ(debug::ChoosePanelSide(PanelSide::Left, 576, 1280), PanelSide::Left);
    EXPECT_EQ(debug::ChoosePanelSide(PanelSide::Left, 575.9f, 1280), PanelSide::Right);
    EXPECT_EQ(debug::ChoosePanelSide(PanelSide::Right, 703.9f, 1280), PanelSide::Right);
    EXPECT_EQ(debug::ChoosePanelSide(PanelSide::Right, 704, 1280), PanelSide::Left);
}

/// ImGui with no window: a display size, a built font atlas, no ini file.
class OverlayFrames : public ::testing::Test {
protected:
    void SetUp() override {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1280, 720);
        io.DeltaTime = 1.0f / 60;
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        settings_.overlay = true;
        state_ = game::NewMatch(defs_, game::MatchConfig{});
    }
    void TearDown() override { ImGui::DestroyContext(); }

    /// Puts both fighters' feet at world x (the map is 1:1) and draws one frame; `between` runs
    /// inside the frame after the overlay, as a person's drag would land between two frames.
    ImVec2 Frame(int worldX, void (*between)() = nullptr) {
        for (auto& f : state_.fighters) f.xSubpx = worldX * game::SUBPIXELS_PER_PX;
        ImGui::NewFrame();
        debug::Draw(overlay_, settings_, commands_, debug::ScreenMap{}, defs_, state_);
        ImGui::Begin(PANEL);  // the same window again: appends to it, and tells where it is
        const ImVec2 at = ImGui::GetWindowPos();
        ImGui::End();
        if (between != nullptr) between();
        ImGui::Render();
        return at;
    }

    static constexpr const char* PANEL = "Hotmap Brawl debug (F1)";
    game::FighterDef a_ = synth::Make(synth::Kick::Rising, "a");
    game::FighterDef b_ = synth::Make(synth::Kick::Rising, "b");
    game::MatchDefs defs_{{&a_, &b_}};
    game::MatchState state_;
    debug::Overlay overlay_;
    debug::Settings settings_;
    std::vector<debug::Command> commands_;
};

TEST_F(OverlayFrames, ThePanelFollowsTheFightersToTheOtherHalf) {
    EXPECT_EQ(Frame(300).x, 1280 - 440 - 10) << "fighters on the left: the panel opens on the right";
    EXPECT_EQ(Frame(620).x, 830) << "in the band around the middle it stays";
    EXPECT_EQ(Frame(1000).x, 10) << "well inside its half: it moves to the left";
    EXPECT_EQ(Frame(1000).x, 10);
}

TEST_F(OverlayFrames, ADraggedPanelStaysWhereItWasPutUntilF1ClosesIt) {
    EXPECT_EQ(Frame(300).x, 830);
    Frame(300, [] { ImGui::SetWindowPos(PANEL, ImVec2(500, 300)); });  // the drag
    EXPECT_EQ(Frame(300).x, 500);
    EXPECT_EQ(Frame(1000).x, 500) << "the fighters walk under it: it stays where the person put it";
    settings_.overlay = false;
    Frame(1000);
    settings_.overlay = true;
    EXPECT_EQ(Frame(1000).x, 10) << "F1 off and on: placed afresh, away from the fighters";
}

// Nothing in the panel runs past its edge (issue 36, item 5: "health 88..." was cut off): the
// widest values the project's fighters show (a blockstun in block_crouch, four-digit health, five-digit
// pixel counts) and a log long enough for the scroll bar. ContentSize is what the lines asked for.
TEST_F(OverlayFrames, TheWidestLinesFitInThePanel) {
    a_.animations[static_cast<std::size_t>(state_.fighters[0].animation)].name = "block_crouch";
    a_.maxHealth = 1250;
    state_.fighters[0].health = 1250;
    state_.fighters[0].action = game::Action::BlockCrouch;
    state_.fighters[0].animTick = 100;
    overlay_.last.pairsTested = 12, overlay_.last.boxOverlaps = 12;
    overlay_.last.pixelContacts = 12, overlay_.last.collidingPixels = 12345;
    overlay_.last.hitboxPassMicros = overlay_.last.pixelPassMicros = 1234.56;
    for (std::uint64_t t = 1; t <= 40; ++t) {
        game::Event e;
        e.tick = t * 1000;
        e.kind = game::EventKind::Hit;
        e.fighter = 0, e.target = 1, e.move = 0, e.contact = 0, e.value = 50;
        game::DebugRecord record;
        record.tick = e.tick;
        record.contacts.resize(1);
        record.contacts[0].pixelCount = 12345;
        record.contacts[0].first = {1234, 567};
        debug::LogContactEvent(overlay_, defs_, e, std::span<const game::Event>(&e, 1), &record);
    }
    Frame(300);
    Frame(300);
    const ImGuiWindow* panel = ImGui::FindWindowByName(PANEL);
    ASSERT_NE(panel, nullptr);
    EXPECT_LE(panel->ContentSize.x, panel->ContentRegionRect.GetWidth()) << "a line runs past the panel's edge";
    EXPECT_GT(panel->ContentSize.x, 200.0f) << "the lines were measured";
}

// The contact log follows its newest line, also once it is full (it keeps its length as its oldest
// lines go) and when lines come on every frame.
TEST_F(OverlayFrames, TheContactLogScrollsToTheNewestLine) {
    const auto scroll = [] {
        ImGui::NewFrame();
        ImGui::Begin(PANEL);
        ImGui::BeginChild("log");
        const std::pair<float, float> at{ImGui::GetScrollY(), ImGui::GetScrollMaxY()};
        ImGui::EndChild();
        ImGui::End();
        ImGui::EndFrame();
        return at;
    };
    for (std::uint64_t t = 1; t <= 260; ++t) {
        game::Event e;
        e.tick = t;
        e.kind = game::EventKind::Hit;
        e.fighter = 0, e.target = 1, e.move = 0, e.contact = 0, e.value = 50;
        debug::LogContactEvent(overlay_, defs_, e, std::span<const game::Event>(&e, 1), nullptr);
        Frame(300);
        if (t % 20 == 0 || t > 195) {
            Frame(300);  // a scroll asked for is done by the next frame
            const auto [y, max] = scroll();
            if (t >= 100) {
                EXPECT_GT(max, 0.0f) << "line " << t << ": the log is longer than its box";
            }
            EXPECT_FLOAT_EQ(y, max) << "line " << t << ": the newest line is in view";
        }
    }
}

// Training's step hands the overlay the passes' times as a fight's does (issue 36, item 3: the
// training overlay showed "0.00 us"): the clock in the step's hooks reaches the debug record the
// panel reads. A counting clock, not the wall's: each reading is 1,000 ns after the last.
std::uint64_t CountingClock() {
    static std::uint64_t nanos = 0;
    return nanos += 1000;
}

TEST(Overlay, TrainingsStepGivesThePanelItsQueryTimes) {
    const Defs d;
    game::TrainingState training;
    game::MatchState s = game::NewTrainingMatch(d.defs, game::MatchConfig{}, training);
    game::TrainingSettings settings;
    settings.dummy = 1;
    game::DebugRecord record;
    game::EventList events;
    debug::Overlay overlay;
    (void)game::StepTraining(d.defs, s, settings, training, {}, game::StepHooks{&record, CountingClock, &events});
    debug::Observe(overlay, record, events.View(), d.defs);
    EXPECT_GT(overlay.last.hitboxPassMicros, 0.0);
    EXPECT_GT(overlay.last.pixelPassMicros, 0.0);
    (void)game::StepTraining(d.defs, s, settings, training, {}, game::StepHooks{&record, nullptr, &events});
    debug::Observe(overlay, record, events.View(), d.defs);
    EXPECT_EQ(overlay.last.hitboxPassMicros, 0.0) << "no clock, no time: the times are the clock's";
}

}  // namespace
