// The overlay's bookkeeping, without drawing: what Observe holds and logs from the simulation's
// debug records, hitstop included, and the screen-to-world mapping the mouse pick uses.
#include "debug/overlay.h"

#include <gtest/gtest.h>

namespace {

game::DebugRecord RecordWithOneContact(std::uint64_t tick) {
    game::DebugRecord r;
    r.tick = tick;
    game::DebugContact c;
    c.first = {120, 80};
    c.pixelCount = 3;
    c.pixels = {{120, 80}, {121, 80}, {120, 81}};
    c.what = "P1 light_punch hit P2";
    r.contacts.push_back(c);
    r.pixelContacts = 1;
    r.collidingPixels = 3;
    return r;
}

TEST(Overlay, AContactIsLoggedOnceAndHeldThroughHitstop) {
    debug::Overlay o;
    const game::DebugRecord hit = RecordWithOneContact(10);
    debug::Observe(o, hit);
    // Hitstop: the simulation hands back the record of the tick that froze, marked frozen.
    game::DebugRecord frozen = hit;
    frozen.frozen = true;
    for (int i = 0; i < 6; ++i) debug::Observe(o, frozen);
    EXPECT_TRUE(o.last.frozen);
    EXPECT_EQ(o.last.tick, 10u);
    ASSERT_EQ(o.log.size(), 1u) << "a frozen tick must not log its contacts again";
    EXPECT_EQ(o.log.front().text, "P1 light_punch hit P2 (3 px, first 120,80)");
    ASSERT_EQ(o.held.size(), 1u);
    EXPECT_EQ(o.held.front().pixels.size(), 3u);

    game::DebugRecord quiet;
    quiet.tick = 11;
    debug::Observe(o, quiet);
    EXPECT_FALSE(o.last.frozen);
    EXPECT_EQ(o.held.size(), 1u) << "still on screen a tick later";
    quiet.tick = 10 + debug::HOLD_TICKS;
    debug::Observe(o, quiet);
    EXPECT_EQ(o.held.size(), 1u) << "held for HOLD_TICKS ticks";
    quiet.tick = 10 + debug::HOLD_TICKS + 1;
    debug::Observe(o, quiet);
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

}  // namespace
