// The bumper scene: its contacts are exactly the all-pairs loop's (each pair once, never a sprite
// with itself), reactions come after every contact is recorded, sprites stay in the box, and a
// seed decides the whole run.
#include "game/bumper.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

std::vector<collide::IndexPair> BruteForceContacts(const game::BumperShapes& shapes, const game::BumperState& st) {
    std::vector<collide::IndexPair> out;
    for (std::size_t i = 0; i < st.sprites.size(); ++i) {
        const collide::Collider a = game::BumperCollider(shapes, st.sprites[i]);
        for (std::size_t j = i + 1; j < st.sprites.size(); ++j) {
            const collide::Collider b = game::BumperCollider(shapes, st.sprites[j]);
            if (collide::QueryColliders(a, b).hit) out.push_back({static_cast<int>(i), static_cast<int>(j)});
        }
    }
    return out;
}

TEST(Bumper, ContactsEqualTheAllPairsLoop) {
    const game::BumperShapes shapes = game::MakeBumperShapes();
    game::BumperState st = game::NewBumper(shapes, 400, 11);
    game::BumperScratch scratch;
    std::int64_t seen = 0;
    for (int tick = 0; tick < 120; ++tick) {
        game::StepBumper(shapes, st, scratch);
        if (tick % 20 != 0) continue;
        game::FindBumperContacts(shapes, st, scratch);
        auto got = scratch.contacts;
        std::sort(got.begin(), got.end(), [](auto x, auto y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
        ASSERT_EQ(got, BruteForceContacts(shapes, st)) << "tick " << tick;
        seen += static_cast<std::int64_t>(got.size());
    }
    EXPECT_GT(seen, 50) << "the scene is dense enough to collide";
}

TEST(Bumper, BakedRotationsCollideAsTheTransformedQuery) {
    const game::BumperShapes shapes = game::MakeBumperShapes();
    const collide::Mask& ball = shapes.shapes[0].mask;
    for (std::size_t s = 0; s < shapes.shapes.size(); ++s) {
        if (!shapes.shapes[s].spins) continue;
        const collide::Mask& m = shapes.shapes[s].mask;
        for (const int deg : {0, 17, 45, 90, 133, 222, 359}) {
            collide::ExactTransform t;  // as MakeBumperShapes bakes them: integers
            t.anchorMaskX256 = m.Width() * 128, t.anchorMaskY256 = m.Height() * 128;
            t.anchorWorldX256 = (100 * 256) + m.Width() * 128, t.anchorWorldY256 = (60 * 256) + m.Height() * 128;
            t.angleMilliDeg = deg * 1000;
            const collide::TransformedPlacement tp = collide::PlaceTransformed(m, t);
            const collide::BakedTransform& baked = shapes.rotations[s][static_cast<std::size_t>(deg)];
            for (int dx = -30; dx <= 30; dx += 3) {
                for (int dy = -30; dy <= 30; dy += 5) {
                    const collide::Placement ballAt{100 + dx, 60 + dy};
                    const auto want =
                        collide::QueryTransformedOverlap(m, tp, ball, ballAt, collide::QueryMode::CountAll);
                    const auto got =
                        collide::QueryOverlap(baked.mask, {100 + baked.offsetWorld.x, 60 + baked.offsetWorld.y}, ball,
                                              ballAt, collide::QueryMode::CountAll);
                    ASSERT_EQ(got.pixelCount, want.pixelCount) << shapes.shapes[s].name << " at " << deg;
                    ASSERT_EQ(got.hit, want.hit);
                    if (want.hit) {
                        ASSERT_EQ(got.first, want.first);
                    }
                }
            }
        }
    }
}

TEST(Bumper, ReactionsComeAfterEveryContactIsRecorded) {
    // Three balls in a row, the middle one touching both: it records two contacts before anyone
    // turns, and turns away from the sum of its partners.
    const game::BumperShapes shapes = game::MakeBumperShapes();
    game::BumperState st = game::NewBumper(shapes, 3, 1);
    st.worldWidthPx = 400, st.worldHeightPx = 200;
    for (auto& sp : st.sprites) sp.shape = 0, sp.spinMilliDegPerTick = 0, sp.angleMilliDeg = 0, sp.hits = 0;
    const int y = 80 * 256;
    st.sprites[0] = {100 * 256, y, 256, 0, 0, 0, 0, 0};   // moving right, into the middle one
    st.sprites[1] = {120 * 256, y, 0, 0, 0, 0, 0, 0};     // still... but we give it a push:
    st.sprites[1].vxSubpx = 512;                          // moving right, into the third
    st.sprites[2] = {140 * 256, y, -256, 0, 0, 0, 0, 0};  // moving left, into the middle one
    game::BumperScratch scratch;
    game::StepBumper(shapes, st, scratch);
    EXPECT_EQ(st.lastContacts, 2) << "0-1 and 1-2";
    EXPECT_EQ(st.sprites[1].hits, 2);
    EXPECT_EQ(st.sprites[0].vxSubpx, -256) << "turned away from 1";
    EXPECT_EQ(st.sprites[2].vxSubpx, 256) << "turned away from 1";
    EXPECT_EQ(st.sprites[1].vxSubpx, 512) << "pushed from both sides equally: the sum points nowhere, no turn";
}

TEST(Bumper, SpritesStayInTheBoxAndTheSeedDecidesTheRun) {
    const game::BumperShapes shapes = game::MakeBumperShapes();
    game::BumperState a = game::NewBumper(shapes, 300, 5), b = game::NewBumper(shapes, 300, 5),
                      c = game::NewBumper(shapes, 300, 6);
    game::BumperScratch sa, sb, sc;
    for (int t = 0; t < 500; ++t) {
        game::StepBumper(shapes, a, sa);
        game::StepBumper(shapes, b, sb);
        game::StepBumper(shapes, c, sc);
    }
    EXPECT_EQ(game::HashBumper(a), game::HashBumper(b));
    EXPECT_NE(game::HashBumper(a), game::HashBumper(c));
    EXPECT_GT(a.totalContacts, 100);
    for (const auto& sp : a.sprites) {
        const collide::Mask& m = shapes.shapes[static_cast<std::size_t>(sp.shape)].mask;
        EXPECT_GE(sp.xSubpx, 0);
        EXPECT_GE(sp.ySubpx, 0);
        EXPECT_LE(game::ToPx(sp.xSubpx) + m.Width(), a.worldWidthPx);
        EXPECT_LE(game::ToPx(sp.ySubpx) + m.Height(), a.worldHeightPx);
    }
}

}  // namespace
