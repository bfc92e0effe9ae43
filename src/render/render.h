// render: draws the game with SDL_Renderer. Reads game state and loaded art; never changes the
// state. Everything is drawn in the logical screen (game::SCREEN_WIDTH_PX x SCREEN_HEIGHT_PX px) into
// a target texture that the app scales into the window; the match through a Camera (camera.h) that
// shows a screen-wide slice of a wider stage, the HUD without it.
#pragma once

#include "assets/assets.h"
#include "game/game.h"
#include "game/training.h"
#include "render/camera.h"

#include <SDL.h>

#include <memory>
#include <string>
#include <vector>

namespace render {

struct TextureDeleter {
    void operator()(SDL_Texture* t) const { SDL_DestroyTexture(t); }
};
using TexturePtr = std::unique_ptr<SDL_Texture, TextureDeleter>;

/// An RGBA8 image as a texture (blended); null with SDL's error when it cannot be made.
TexturePtr MakeTexture(SDL_Renderer* renderer, const assets::Image& image);

/// What the fighters are drawn as: their sprites, what the collider sees (hotmaps: attack red,
/// hurt blue), or both blended.
enum class ViewMode : std::uint8_t { Sprites, Hotmaps, Both };

/// A frame's sprite as a texture of its box of visible pixels alone, and where that box sits in the
/// frame: the frames are mostly air (the two fighters' 35 MiB of canvas hold 10 MiB of boxes), and
/// a renderer keeps its own copy of every texture's pixels (issue 41).
struct SpriteTexture {
    TexturePtr texture;     ///< null when the frame has no visible pixel (nothing is drawn)
    SDL_Rect boxInFrame{};  ///< frame pixels, as the image is stored (unflipped)
};
/// The sprite texture of `image`'s box of pixels with alpha above 0 (null with an empty box, or
/// with SDL's error when it cannot be made).
SpriteTexture MakeSpriteTexture(SDL_Renderer* renderer, const assets::Image& image);
/// `sprite` where `frame` is placed (mirrored when the placement is), at `alpha` (255 opaque):
/// the same pixels as the whole frame's image drawn at the placement.
void DrawSprite(SDL_Renderer* renderer, const SpriteTexture& sprite, const game::FrameDef& frame,
                collide::Placement place, Uint8 alpha = 255);

/// One fighter's textures, frame by frame, parallel to its FighterDef's animations.
struct FighterArt {
    std::vector<std::vector<SpriteTexture>> sprites;
    std::vector<std::vector<TexturePtr>>
        hotmaps;  ///< the masks tinted: attack red, hurt blue; empty until MakeHotmapArt
    std::vector<std::vector<SpriteTexture>>
        altSprites;  ///< in the alternate colours (AlternateSprites); empty until MakeAlternateArt
};

/// Textures for every frame of `fighter`'s sprites. The hotmap view's (its masks' tints) wait for
/// MakeHotmapArt, the alternate colours for MakeAlternateArt: most runs never show them (issue 41).
FighterArt MakeFighterArt(SDL_Renderer* renderer, const assets::LoadedFighter& fighter);
/// Crops each of `fighter`'s sprite images to its box in `art` (made from them by MakeFighterArt):
/// the renderer holds the pixels now, and what stays (10 MiB, not 35, for the two fighters) is
/// what MakeAlternateArt recolours. A cropped image is smaller than its frame.
void CropSpritesToBoxes(assets::LoadedFighter& fighter, const FighterArt& art);
/// Fills `art.altSprites` with `fighter`'s sprites in its alternate colours, once (its sprite
/// images whole, or cropped by CropSpritesToBoxes after `art.sprites` were made).
void MakeAlternateArt(SDL_Renderer* renderer, const assets::LoadedFighter& fighter, FighterArt& art);
/// Fills `art.hotmaps` with `fighter`'s masks tinted, once (nothing when they are there already).
void MakeHotmapArt(SDL_Renderer* renderer, const assets::LoadedFighter& fighter, FighterArt& art);

/// The masks of a frame as a picture: attack red, hurt blue, air clear.
assets::Image TintMasks(const collide::HotMasks& masks, std::int32_t widthPx, std::int32_t heightPx);

/// A stage layer's texture and its rows in bands by what drawing them takes: a band of rows with
/// no visible pixel is not drawn, one whose every pixel is opaque is copied, the rest blended.
/// Most of a layer is air or solid (the rooftop's ground: 265 clear rows, 95 opaque), and blending
/// a whole layer was most of a frame with OpenGL on llvmpipe (issue 41). Invariant: the bands
/// drawn give the same pixels as the whole texture blended (an opaque pixel blended is itself, a
/// clear one changes nothing).
struct StageLayer {
    /// Rows [topPx, bottomPx) of the layer, drawn copied (`opaque`) or blended.
    struct Band {
        int topPx = 0, bottomPx = 0;
        bool opaque = false;
    };
    TexturePtr texture;  ///< blended; null when it could not be made (nothing is drawn)
    int widthPx = 0, heightPx = 0;
    std::vector<Band> bands;  ///< top to bottom, the clear rows left out
};
/// `image` as a stage layer (its texture, and its bands read from its alpha).
StageLayer MakeStageLayer(SDL_Renderer* renderer, const assets::Image& image);

/// A stage's layers, back to front, each at screen x = LayerScreenX(scroll, camera.xPx) (camera.h),
/// full height, band by band; `scrollFractions` parallel to `layers`.
void DrawStageLayers(SDL_Renderer* renderer, const std::vector<StageLayer>& layers,
                     const std::vector<double>& scrollFractions, Camera camera);

/// Text in the built-in 5x7 pixel font; each font pixel is `scale` logical pixels. Returns the width.
int DrawText(SDL_Renderer* renderer, int x, int y, const std::string& text, SDL_Color colour, int scale = 1);
/// Text with a 1-pixel dark outline, for text over the picture.
int DrawTextOutlined(SDL_Renderer* renderer, int x, int y, const std::string& text, SDL_Color colour, int scale = 1);
int TextWidth(const std::string& text, int scale = 1);

/// The fighters, their shadows, the projectiles (spinning ones rotated) and the hit sparks; a side
/// whose `alternate` is set wears its alternate palette (the mirror match's second fighter), when
/// it has one. A super's freeze dims the stage behind the fighters. World px are drawn at
/// (x - camera.xPx, y + camera.yPx).
void DrawMatch(SDL_Renderer* renderer, const game::MatchDefs& defs, const std::array<const FighterArt*, 2>& art,
               const game::MatchState& state, ViewMode view, std::array<bool, 2> alternate = {false, false},
               Camera camera = {});
/// Where DrawHud writes a combo's count ("3 HITS", 3x text) on the attacker's side: from this y
/// down to HUD_COMBO_BOTTOM_Y (its outline included). Training's input displays start below it.
inline constexpr int HUD_COMBO_Y = 62, HUD_COMBO_SCALE = 3, HUD_COMBO_BOTTOM_Y = HUD_COMBO_Y + 7 * HUD_COMBO_SCALE + 1;

/// Health bars, names, the timer, round wins, the meters under the health bars, a combo's hit count
/// on the attacker's side, and the round and KO announcements.
void DrawHud(SDL_Renderer* renderer, const game::MatchDefs& defs, const game::MatchState& state);

/// Training mode's layer: the frame meter (the observer's reading: the current or last exchange, up
/// to game::METER_READING_TICKS ticks of both fighters, under the floor) with each side's startup,
/// active, recovery and total, both input displays, the reading's advantages and whiffs, and
/// `status` lines (the dummy's settings), in logical pixels over the HUD.
void DrawTrainingHud(SDL_Renderer* renderer, const game::MatchDefs& defs, const game::TrainingObserver& observer,
                     const std::vector<std::string>& status);

/// An online connection as the HUD marks it.
enum class NetQuality : std::uint8_t { Good, Fair, Poor };
/// Online play's HUD: the ping and the quality mark under the timer (pingMillis -1: not measured
/// yet); `waiting`: the "waiting for opponent" notice; `watching`: spectators, "N WATCHING" under
/// the ping when more than 0.
void DrawNetStatus(SDL_Renderer* renderer, int pingMillis, NetQuality quality, bool waiting, int watching = 0);

}  // namespace render

namespace game {
struct BumperShapes;
struct BumperState;
}  // namespace game

namespace render {

/// Textures for the bumper scene: each shape, and each baked rotation of the spinning ones, so
/// what is drawn is exactly the mask that collides.
struct BumperArt {
    std::vector<TexturePtr> shapes;
    std::vector<std::vector<TexturePtr>> rotations;  ///< [shape][degree]
};
BumperArt MakeBumperArt(SDL_Renderer* renderer, const game::BumperShapes& shapes);
/// The bumper scene scaled to fit the logical picture; returns the world-to-picture scale.
float DrawBumper(SDL_Renderer* renderer, const BumperArt& art, const game::BumperShapes& shapes,
                 const game::BumperState& state);

}  // namespace render
