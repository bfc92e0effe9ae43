// Sprites trimmed to their visible box (render::MakeSpriteTexture, issue 41) draw the very pixels
// their whole frames drew: every frame of the project's fighters, both facings, and the spinning
// projectile at many angles, through SDL's software renderer into memory (no window).
#include "assets/assets.h"
#include "game/game.h"
#include "render/render.h"
#include "software_canvas.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using testcanvas::Canvas;
using testcanvas::Differences;

std::vector<assets::LoadedFighter> ProjectFighters() {
    std::vector<assets::LoadedFighter> out;
    const assets::AssetRoots roots = assets::AssetRoots::Under(HOTMAP_SOURCE_DIR);
    const auto ids = assets::ListFighters(roots);
    if (!ids.Ok()) return out;
    for (const std::string& id : ids.Value()) {
        auto loaded = assets::LoadFighter(roots, id);
        if (loaded.Ok()) out.push_back(std::move(loaded).Value());
    }
    return out;
}

// The art as it was before trimming: each frame's whole image as its texture, the box the frame.
render::FighterArt WholeFrames(SDL_Renderer* r, const assets::LoadedFighter& f) {
    render::FighterArt art;
    art.sprites.resize(f.sprites.size());
    for (std::size_t a = 0; a < f.sprites.size(); ++a) {
        for (const assets::Image& image : f.sprites[a])
            art.sprites[a].push_back({render::MakeTexture(r, image), SDL_Rect{0, 0, image.widthPx, image.heightPx}});
    }
    return art;
}

TEST(TrimmedSprites, EveryFrameDrawsTheSamePixelsAsItsWholeImageBothWays) {
    const std::vector<assets::LoadedFighter> fighters = ProjectFighters();
    ASSERT_EQ(fighters.size(), 2u) << "the project's two fighters";
    Canvas canvas;
    std::int64_t boxPixels = 0, framePixels = 0;
    for (const assets::LoadedFighter& f : fighters) {
        const render::FighterArt trimmed = render::MakeFighterArt(canvas.Renderer(), f);
        const render::FighterArt whole = WholeFrames(canvas.Renderer(), f);
        for (std::size_t a = 0; a < f.def.animations.size(); ++a) {
            for (std::size_t i = 0; i < f.def.animations[a].frames.size(); ++i) {
                const game::FrameDef& frame = f.def.animations[a].frames[i];
                const render::SpriteTexture& box = trimmed.sprites[a][i];
                boxPixels += static_cast<std::int64_t>(box.boxInFrame.w) * box.boxInFrame.h;
                framePixels += static_cast<std::int64_t>(frame.widthPx) * frame.heightPx;
                for (const game::Facing facing : {game::Facing::Right, game::Facing::Left}) {
                    const collide::Placement place = game::PlaceFrame(frame, 300, 300, facing);
                    const auto ours = canvas.Draw([&](SDL_Renderer* r) { render::DrawSprite(r, box, frame, place); });
                    const auto before =
                        canvas.Draw([&](SDL_Renderer* r) { render::DrawSprite(r, whole.sprites[a][i], frame, place); });
                    EXPECT_EQ(Differences(ours, before), "")
                        << f.def.id << " " << f.def.animations[a].name << " frame " << i
                        << (facing == game::Facing::Left ? " facing left" : " facing right");
                }
            }
        }
    }
    // The point of trimming: far fewer pixels kept (35 MiB of canvas hold 10 MiB of boxes).
    EXPECT_LT(boxPixels * 2, framePixels);
}

// The window keeps each sprite image cropped to its box (CropSpritesToBoxes): the alternate
// colours made from the crops (a mirror match's second fighter) draw what they drew from the whole.
TEST(TrimmedSprites, AlternateColoursFromCroppedImagesDrawTheSamePixels) {
    const std::vector<assets::LoadedFighter> fighters = ProjectFighters();
    ASSERT_EQ(fighters.size(), 2u);
    Canvas canvas;
    for (const assets::LoadedFighter& whole : fighters) {
        render::FighterArt wholeArt = render::MakeFighterArt(canvas.Renderer(), whole);
        render::MakeAlternateArt(canvas.Renderer(), whole, wholeArt);
        assets::LoadedFighter cropped = whole;
        render::FighterArt croppedArt = render::MakeFighterArt(canvas.Renderer(), cropped);
        render::CropSpritesToBoxes(cropped, croppedArt);
        std::int64_t keptPixels = 0;
        for (const auto& anim : cropped.sprites) {
            for (const assets::Image& image : anim)
                keptPixels += static_cast<std::int64_t>(image.widthPx) * image.heightPx;
        }
        EXPECT_LT(keptPixels * 2, whole.pixels) << whole.def.id << ": the crops are the boxes";
        render::MakeAlternateArt(canvas.Renderer(), cropped, croppedArt);
        for (std::size_t a = 0; a < whole.def.animations.size(); ++a) {
            for (std::size_t i = 0; i < whole.def.animations[a].frames.size(); ++i) {
                const game::FrameDef& frame = whole.def.animations[a].frames[i];
                for (const game::Facing facing : {game::Facing::Right, game::Facing::Left}) {
                    const collide::Placement place = game::PlaceFrame(frame, 300, 300, facing);
                    const auto ours = canvas.Draw(
                        [&](SDL_Renderer* r) { render::DrawSprite(r, croppedArt.altSprites[a][i], frame, place); });
                    const auto before = canvas.Draw(
                        [&](SDL_Renderer* r) { render::DrawSprite(r, wholeArt.altSprites[a][i], frame, place); });
                    EXPECT_EQ(Differences(ours, before), "")
                        << whole.def.id << " " << whole.def.animations[a].name << " frame " << i;
                }
            }
        }
    }
}

TEST(TrimmedSprites, AnAllAirImageMakesNoTextureAndDrawsNothing) {
    Canvas canvas;
    assets::Image air;
    air.widthPx = 8, air.heightPx = 5;
    air.rgba.assign(8 * 5 * 4, 0);
    air.rgba[0] = 255;  // colour without alpha is still air
    const render::SpriteTexture none = render::MakeSpriteTexture(canvas.Renderer(), air);
    EXPECT_EQ(none.texture, nullptr);
    air.rgba[(2 * 8 + 6) * 4 + 3] = 1;  // one barely visible pixel: a 1 x 1 box at (6, 2)
    const render::SpriteTexture one = render::MakeSpriteTexture(canvas.Renderer(), air);
    ASSERT_NE(one.texture, nullptr);
    EXPECT_EQ(one.boxInFrame.x, 6);
    EXPECT_EQ(one.boxInFrame.y, 2);
    EXPECT_EQ(one.boxInFrame.w, 1);
    EXPECT_EQ(one.boxInFrame.h, 1);
}

// Kestrel's spinning projectile is rotated about its anchor pixel's centre: trimmed, the box turns
// about the same world point, so the picture is the whole frame's, angle by angle.
TEST(TrimmedSprites, ASpinningProjectileDrawsTheSamePixelsAtEveryAngle) {
    const std::vector<assets::LoadedFighter> fighters = ProjectFighters();
    ASSERT_EQ(fighters.size(), 2u);
    Canvas canvas;
    int spinners = 0;
    for (std::size_t owner = 0; owner < fighters.size(); ++owner) {
        const assets::LoadedFighter& f = fighters[owner];
        const game::MatchDefs defs{{&fighters[0].def, &fighters[1].def}};
        const render::FighterArt trimmedArt = render::MakeFighterArt(canvas.Renderer(), f);
        const render::FighterArt wholeArt = WholeFrames(canvas.Renderer(), f);
        const render::FighterArt otherArt = render::MakeFighterArt(canvas.Renderer(), fighters[1 - owner]);
        for (std::size_t m = 0; m < f.def.moves.size(); ++m) {
            const auto& projectile = f.def.moves[m].projectile;
            if (!projectile || projectile->spinMilliDegreesPerTick == 0) continue;
            ++spinners;
            game::MatchState state = game::NewMatch(defs, game::MatchConfig{});
            // The fighters out of the way: only the projectile differs between the two pictures.
            state.fighters[0].xSubpx = state.fighters[1].xSubpx = -400 * game::SUBPIXELS_PER_PX;
            for (const game::Facing facing : {game::Facing::Right, game::Facing::Left}) {
                for (int angle = 0; angle < 360000; angle += 7500) {
                    game::ProjectileState& p = state.projectiles[0];
                    p = game::ProjectileState{};
                    p.alive = true, p.owner = static_cast<std::int32_t>(owner), p.move = static_cast<std::int32_t>(m);
                    p.xSubpx = 320 * game::SUBPIXELS_PER_PX, p.ySubpx = 200 * game::SUBPIXELS_PER_PX, p.facing = facing;
                    p.ageTicks = angle / 7500, p.angleMilliDeg = angle;
                    const auto draw = [&](const render::FighterArt& art) {
                        std::array<const render::FighterArt*, 2> both{&art, &otherArt};
                        if (owner == 1) both = {&otherArt, &art};
                        return canvas.Draw([&](SDL_Renderer* r) {
                            render::DrawMatch(r, defs, both, state, render::ViewMode::Sprites);
                        });
                    };
                    EXPECT_EQ(Differences(draw(trimmedArt), draw(wholeArt)), "")
                        << f.def.id << " " << f.def.moves[m].name << " at " << angle / 1000.0 << " degrees"
                        << (facing == game::Facing::Left ? " facing left" : " facing right");
                }
            }
        }
    }
    EXPECT_GE(spinners, 1) << "the project has a spinning projectile";
}

}  // namespace
