// Fighters, projectiles, sparks and text. Placement goes through game::PlaceFrame, the same function
// the hit check uses, so a sprite is drawn exactly where its hotmap is collided.
#include "render/render.h"

#include "assets/pixel_font.h"

#include <algorithm>
#include <cmath>

namespace render {

TexturePtr MakeTexture(SDL_Renderer* renderer, const assets::Image& image) {
    SDL_Texture* t =
        SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, image.widthPx, image.heightPx);
    if (t == nullptr) return nullptr;
    SDL_UpdateTexture(t, nullptr, image.rgba.data(), image.widthPx * 4);
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    return TexturePtr(t);
}

SpriteTexture MakeSpriteTexture(SDL_Renderer* renderer, const assets::Image& image) {
    // The box of pixels with alpha above 0: the rest would draw nothing.
    int left = image.widthPx, right = -1, top = image.heightPx, bottom = -1;
    for (int y = 0; y < image.heightPx; ++y) {
        const std::uint8_t* row = image.rgba.data() + static_cast<std::size_t>(y) * image.widthPx * 4;
        for (int x = 0; x < image.widthPx; ++x) {
            if (row[x * 4 + 3] == 0) continue;
            left = std::min(left, x), right = std::max(right, x);
            top = std::min(top, y), bottom = y;
        }
    }
    SpriteTexture out;
    if (right < 0) return out;
    out.boxInFrame = SDL_Rect{left, top, right - left + 1, bottom - top + 1};
    SDL_Texture* t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, out.boxInFrame.w,
                                       out.boxInFrame.h);
    if (t == nullptr) return out;
    const std::uint8_t* first = image.rgba.data() + (static_cast<std::size_t>(top) * image.widthPx + left) * 4;
    SDL_UpdateTexture(t, nullptr, first, image.widthPx * 4);
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    out.texture.reset(t);
    return out;
}

namespace {

// Where a sprite's box lands in the world, and the box's left edge in the placed (maybe mirrored)
// frame's own pixels.
SDL_Rect PlacedBox(const SpriteTexture& sprite, const game::FrameDef& frame, collide::Placement place) {
    const SDL_Rect& box = sprite.boxInFrame;
    const int xInPlaced = place.flip == collide::Flip::Horizontal ? frame.widthPx - box.x - box.w : box.x;
    return SDL_Rect{place.worldX + xInPlaced, place.worldY + box.y, box.w, box.h};
}

}  // namespace

void DrawSprite(SDL_Renderer* renderer, const SpriteTexture& sprite, const game::FrameDef& frame,
                collide::Placement place, Uint8 alpha) {
    if (sprite.texture == nullptr) return;
    const SDL_Rect dst = PlacedBox(sprite, frame, place);
    SDL_Texture* t = sprite.texture.get();
    if (alpha != 255) SDL_SetTextureAlphaMod(t, alpha);
    SDL_RenderCopyEx(renderer, t, nullptr, &dst, 0.0, nullptr,
                     place.flip == collide::Flip::Horizontal ? SDL_FLIP_HORIZONTAL : SDL_FLIP_NONE);
    if (alpha != 255) SDL_SetTextureAlphaMod(t, 255);
}

assets::Image TintMasks(const collide::HotMasks& masks, std::int32_t widthPx, std::int32_t heightPx) {
    assets::Image img;
    img.widthPx = widthPx;
    img.heightPx = heightPx;
    img.rgba.assign(static_cast<std::size_t>(widthPx) * heightPx * 4, 0);
    for (std::int32_t y = 0; y < heightPx; ++y) {
        for (std::int32_t x = 0; x < widthPx; ++x) {
            std::uint8_t* p = img.rgba.data() + (static_cast<std::size_t>(y) * widthPx + x) * 4;
            // A darker rim where a hot pixel meets air keeps overlapping silhouettes apart.
            const bool rim = !masks.any.Get(x - 1, y) || !masks.any.Get(x + 1, y) || !masks.any.Get(x, y - 1) ||
                             !masks.any.Get(x, y + 1);
            if (masks.attack.Get(x, y)) {
                p[0] = rim ? 170 : 255, p[1] = rim ? 20 : 48, p[2] = rim ? 20 : 48, p[3] = 255;
            } else if (masks.hurt.Get(x, y)) {
                p[0] = rim ? 24 : 64, p[1] = rim ? 56 : 128, p[2] = rim ? 150 : 255, p[3] = 255;
            }
        }
    }
    return img;
}

FighterArt MakeFighterArt(SDL_Renderer* renderer, const assets::LoadedFighter& fighter) {
    FighterArt art;
    art.sprites.resize(fighter.def.animations.size());
    for (std::size_t a = 0; a < fighter.def.animations.size(); ++a) {
        for (std::size_t f = 0; f < fighter.def.animations[a].frames.size(); ++f)
            art.sprites[a].push_back(MakeSpriteTexture(renderer, fighter.sprites[a][f]));
    }
    return art;
}

void CropSpritesToBoxes(assets::LoadedFighter& fighter, const FighterArt& art) {
    for (std::size_t a = 0; a < fighter.sprites.size() && a < art.sprites.size(); ++a) {
        for (std::size_t f = 0; f < fighter.sprites[a].size() && f < art.sprites[a].size(); ++f) {
            assets::Image& image = fighter.sprites[a][f];
            const SDL_Rect box = art.sprites[a][f].boxInFrame;
            const game::FrameDef& frame = fighter.def.animations[a].frames[f];
            if (image.widthPx != frame.widthPx || image.heightPx != frame.heightPx) continue;  // cropped already
            assets::Image cropped;
            cropped.widthPx = box.w, cropped.heightPx = box.h;
            cropped.rgba.resize(static_cast<std::size_t>(box.w) * box.h * 4);
            for (int y = 0; y < box.h; ++y) {
                const std::uint8_t* from =
                    image.rgba.data() + (static_cast<std::size_t>(box.y + y) * image.widthPx + box.x) * 4;
                std::copy(from, from + static_cast<std::size_t>(box.w) * 4,
                          cropped.rgba.begin() + static_cast<std::ptrdiff_t>(y) * box.w * 4);
            }
            image = std::move(cropped);
        }
    }
}

void MakeAlternateArt(SDL_Renderer* renderer, const assets::LoadedFighter& fighter, FighterArt& art) {
    if (!art.altSprites.empty()) return;
    const std::vector<std::vector<assets::Image>> images = assets::AlternateSprites(fighter);
    art.altSprites.resize(images.size());
    for (std::size_t a = 0; a < images.size(); ++a) {
        for (std::size_t f = 0; f < images[a].size(); ++f) {
            SpriteTexture t = MakeSpriteTexture(renderer, images[a][f]);
            // A cropped image starts at its box in the frame (the recolouring keeps every alpha).
            const game::FrameDef& frame = fighter.def.animations[a].frames[f];
            if ((images[a][f].widthPx != frame.widthPx || images[a][f].heightPx != frame.heightPx) &&
                f < art.sprites[a].size()) {
                t.boxInFrame.x += art.sprites[a][f].boxInFrame.x, t.boxInFrame.y += art.sprites[a][f].boxInFrame.y;
            }
            art.altSprites[a].push_back(std::move(t));
        }
    }
}

void MakeHotmapArt(SDL_Renderer* renderer, const assets::LoadedFighter& fighter, FighterArt& art) {
    if (!art.hotmaps.empty()) return;
    art.hotmaps.resize(fighter.def.animations.size());
    for (std::size_t a = 0; a < fighter.def.animations.size(); ++a) {
        for (const game::FrameDef& frame : fighter.def.animations[a].frames)
            art.hotmaps[a].push_back(MakeTexture(renderer, TintMasks(frame.masks, frame.widthPx, frame.heightPx)));
    }
}

int TextWidth(const std::string& text, int scale) {
    return assets::TextAdvance(text) * scale;
}

int DrawText(SDL_Renderer* renderer, int x, int y, const std::string& text, SDL_Color colour, int scale) {
    std::vector<SDL_Rect> rects;
    const int advance = assets::ForEachTextPixel(text, 0, 0, [&](int fx, int fy) {
        rects.push_back(SDL_Rect{x + fx * scale, y + fy * scale, scale, scale});
    });
    SDL_SetRenderDrawColor(renderer, colour.r, colour.g, colour.b, colour.a);
    SDL_RenderFillRects(renderer, rects.data(), static_cast<int>(rects.size()));
    return advance * scale;
}

int DrawTextOutlined(SDL_Renderer* renderer, int x, int y, const std::string& text, SDL_Color colour, int scale) {
    const SDL_Color dark{16, 10, 24, colour.a};
    for (const auto& [dx, dy] :
         {std::pair{-1, 0}, std::pair{1, 0}, std::pair{0, -1}, std::pair{0, 1}, std::pair{1, 1}}) {
        DrawText(renderer, x + dx, y + dy, text, dark, scale);
    }
    return DrawText(renderer, x, y, text, colour, scale);
}

namespace {

// The frame's texture drawn at its placement, mirrored when the placement is.
void DrawFrame(SDL_Renderer* renderer, SDL_Texture* texture, const game::FrameDef& frame, collide::Placement place,
               Uint8 alpha) {
    if (texture == nullptr) return;
    const SDL_Rect dst{place.worldX, place.worldY, frame.widthPx, frame.heightPx};
    SDL_SetTextureAlphaMod(texture, alpha);
    SDL_RenderCopyEx(renderer, texture, nullptr, &dst, 0.0, nullptr,
                     place.flip == collide::Flip::Horizontal ? SDL_FLIP_HORIZONTAL : SDL_FLIP_NONE);
    SDL_SetTextureAlphaMod(texture, 255);
}

// A frame's hotmap-view texture; null while MakeHotmapArt has not made them (nothing drawn).
SDL_Texture* HotmapTexture(const FighterArt& art, std::int32_t animation, std::int32_t frameIndex) {
    if (art.hotmaps.empty()) return nullptr;
    return art.hotmaps[static_cast<std::size_t>(animation)][static_cast<std::size_t>(frameIndex)].get();
}

void DrawLayers(SDL_Renderer* renderer, const SpriteTexture& sprite, SDL_Texture* hotmap, const game::FrameDef& frame,
                collide::Placement place, ViewMode view) {
    if (view != ViewMode::Hotmaps) DrawSprite(renderer, sprite, frame, place);
    if (view == ViewMode::Hotmaps) DrawFrame(renderer, hotmap, frame, place, 255);
    if (view == ViewMode::Both) DrawFrame(renderer, hotmap, frame, place, 120);
}

void DrawShadow(SDL_Renderer* renderer, int x, int y, int halfWidth) {
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(renderer, 10, 6, 20, 110);
    for (int dy = -3; dy <= 3; ++dy) {
        const int w = static_cast<int>(halfWidth * std::sqrt(1.0 - (dy * dy) / 16.0));
        SDL_RenderDrawLine(renderer, x - w, y + dy, x + w, y + dy);
    }
}

// A spark: rays from the contact point that grow and fade over its life.
void DrawSpark(SDL_Renderer* renderer, const game::Spark& sp) {
    const double life = static_cast<double>(sp.ageTicks) / game::SPARK_LIFETIME_TICKS;
    SDL_Color c{255, 240, 120, 255};
    if (sp.kind == game::SparkKind::Block) c = SDL_Color{140, 200, 255, 255};
    if (sp.kind == game::SparkKind::Clash) c = SDL_Color{255, 255, 255, 255};
    if (sp.kind == game::SparkKind::ProjectileCancel) c = SDL_Color{255, 150, 240, 255};
    c.a = static_cast<Uint8>(255 * (1.0 - life));
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a);
    const double inner = 2 + life * 10, outer = 6 + life * 20;
    for (int k = 0; k < 8; ++k) {
        const double a = k * 3.14159265 / 4 + (sp.kind == game::SparkKind::Clash ? 0.39 : 0.0);
        const double len = (k % 2 == 0) ? outer : outer * 0.6;
        SDL_RenderDrawLine(renderer, sp.xPx + static_cast<int>(std::cos(a) * inner),
                           sp.yPx + static_cast<int>(std::sin(a) * inner), sp.xPx + static_cast<int>(std::cos(a) * len),
                           sp.yPx + static_cast<int>(std::sin(a) * len));
    }
    if (life < 0.3) {
        const SDL_Rect core{sp.xPx - 2, sp.yPx - 2, 5, 5};
        SDL_RenderFillRect(renderer, &core);
    }
}

}  // namespace

void DrawMatch(SDL_Renderer* renderer, const game::MatchDefs& defs, const std::array<const FighterArt*, 2>& art,
               const game::MatchState& state, ViewMode view, std::array<bool, 2> alternate, Camera camera) {
    // World -> screen: every placement below moves by the camera (the HUD is drawn without it).
    const auto onScreen = [&camera](collide::Placement p) {
        p.worldX -= camera.xPx, p.worldY += camera.yPx;
        return p;
    };
    if (state.superFreezeTicks > 0) {
        // The super's flash: the stage dims while everything holds.
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(renderer, 8, 4, 24, 150);
        SDL_RenderFillRect(renderer, nullptr);
    }
    for (int i = 0; i < 2; ++i) {
        const game::FighterDef& def = *defs.fighters[static_cast<std::size_t>(i)];
        DrawShadow(renderer, game::ToPx(state.fighters[static_cast<std::size_t>(i)].xSubpx) - camera.xPx,
                   game::FLOOR_Y_PX + camera.yPx, def.pushboxWidthPx * 2 / 3);
    }
    // The attacker in front: whoever attacks (or throws) is drawn last, as fighting games layer it.
    const auto attacking = [&](int i) {
        const game::Action a = state.fighters[static_cast<std::size_t>(i)].action;
        return a == game::Action::Attack || a == game::Action::AirAttack || a == game::Action::Throwing;
    };
    int order[2] = {0, 1};
    if (attacking(0) && !attacking(1)) std::swap(order[0], order[1]);
    for (const int i : order) {
        const game::FighterDef& def = *defs.fighters[static_cast<std::size_t>(i)];
        const game::FighterState& f = state.fighters[static_cast<std::size_t>(i)];
        const game::AnimationDef& anim = def.animations[static_cast<std::size_t>(f.animation)];
        const std::int32_t frameIndex = game::FrameIndexAt(anim, f.animTick);
        const game::FrameDef& frame = anim.frames[static_cast<std::size_t>(frameIndex)];
        const collide::Placement place =
            onScreen(game::PlaceFrame(frame, game::ToPx(f.xSubpx), game::ToPx(f.ySubpx), f.facing));
        const FighterArt& fa = *art[static_cast<std::size_t>(i)];
        const bool alt = alternate[static_cast<std::size_t>(i)] && !fa.altSprites.empty();
        DrawLayers(renderer,
                   (alt ? fa.altSprites
                        : fa.sprites)[static_cast<std::size_t>(f.animation)][static_cast<std::size_t>(frameIndex)],
                   HotmapTexture(fa, f.animation, frameIndex), frame, place, view);
    }
    for (const game::ProjectileState& p : state.projectiles) {
        if (!p.alive) continue;
        const game::FighterDef& def = *defs.fighters[static_cast<std::size_t>(p.owner)];
        const game::ProjectileDef& pd = *def.moves[static_cast<std::size_t>(p.move)].projectile;
        const game::AnimationDef& anim = def.animations[static_cast<std::size_t>(pd.animation)];
        const std::int32_t frameIndex = game::FrameIndexAt(anim, p.ageTicks);
        const game::FrameDef& frame = anim.frames[static_cast<std::size_t>(frameIndex)];
        const FighterArt& fa = *art[static_cast<std::size_t>(p.owner)];
        const SpriteTexture& sprite =
            fa.sprites[static_cast<std::size_t>(pd.animation)][static_cast<std::size_t>(frameIndex)];
        SDL_Texture* hotmap = HotmapTexture(fa, pd.animation, frameIndex);
        const collide::Placement place =
            onScreen(game::PlaceFrame(frame, game::ToPx(p.xSubpx), game::ToPx(p.ySubpx), p.facing));
        if (pd.spinMilliDegreesPerTick == 0) {
            DrawLayers(renderer, sprite, hotmap, frame, place, view);
            continue;
        }
        // Rotated about the anchor pixel's centre, the way game::ProjectileTransform collides it;
        // `centre` is in the placed frame's pixels, each picture's own from its top left.
        const bool left = p.facing == game::Facing::Left;
        const SDL_FPoint centre{(left ? frame.widthPx - 1 - frame.anchorPx.x : frame.anchorPx.x) + 0.5f,
                                frame.anchorPx.y + 0.5f};
        const double degrees = (left ? -1.0 : 1.0) * p.angleMilliDeg / 1000.0;
        const auto spin = [&](SDL_Texture* t, SDL_Rect dst, Uint8 alpha) {
            if (t == nullptr) return;
            const SDL_FRect dstF{static_cast<float>(dst.x), static_cast<float>(dst.y), static_cast<float>(dst.w),
                                 static_cast<float>(dst.h)};
            const SDL_FPoint about{centre.x - static_cast<float>(dst.x - place.worldX),
                                   centre.y - static_cast<float>(dst.y - place.worldY)};
            SDL_SetTextureAlphaMod(t, alpha);
            SDL_RenderCopyExF(renderer, t, nullptr, &dstF, degrees, &about, left ? SDL_FLIP_HORIZONTAL : SDL_FLIP_NONE);
            SDL_SetTextureAlphaMod(t, 255);
        };
        if (view != ViewMode::Hotmaps && sprite.texture)
            spin(sprite.texture.get(), PlacedBox(sprite, frame, place), 255);
        if (view != ViewMode::Sprites)
            spin(hotmap, SDL_Rect{place.worldX, place.worldY, frame.widthPx, frame.heightPx},
                 view == ViewMode::Both ? 120 : 255);
    }
    for (const game::Spark& sp : state.sparks) {
        if (sp.ageTicks < 0) continue;
        game::Spark shown = sp;
        shown.xPx -= camera.xPx, shown.yPx += camera.yPx;
        DrawSpark(renderer, shown);
    }
}

}  // namespace render
