// Drawing the bumper scene: every sprite is its collision mask coloured by shape (the baked
// rotation for spinning ones), so the picture shows exactly what collides.
#include "game/bumper.h"

#include "render/render.h"

#include <algorithm>

namespace render {

namespace {

constexpr SDL_Color SHAPE_COLOURS[] = {{255, 196, 72, 255},  {96, 200, 255, 255},  {255, 110, 160, 255},
                                       {140, 240, 120, 255}, {200, 150, 255, 255}, {255, 140, 80, 255}};

// A mask as a sprite: the shape's colour, a lighter top-left edge and a dark outline.
assets::Image ShadeMask(const collide::Mask& m, SDL_Color c) {
    assets::Image img;
    img.widthPx = m.Width();
    img.heightPx = m.Height();
    img.rgba.assign(static_cast<std::size_t>(img.widthPx) * img.heightPx * 4, 0);
    for (std::int32_t y = 0; y < m.Height(); ++y) {
        for (std::int32_t x = 0; x < m.Width(); ++x) {
            if (!m.Get(x, y)) continue;
            const bool edge = !m.Get(x - 1, y) || !m.Get(x + 1, y) || !m.Get(x, y - 1) || !m.Get(x, y + 1);
            const bool lit = !m.Get(x - 1, y - 1) || !m.Get(x - 2, y - 2);
            SDL_Color p = edge  ? SDL_Color{static_cast<Uint8>(c.r / 3), static_cast<Uint8>(c.g / 3),
                                           static_cast<Uint8>(c.b / 3), 255}
                          : lit ? SDL_Color{static_cast<Uint8>(std::min(255, c.r + 50)),
                                            static_cast<Uint8>(std::min(255, c.g + 50)),
                                            static_cast<Uint8>(std::min(255, c.b + 50)), 255}
                                : c;
            std::uint8_t* o = img.rgba.data() + (static_cast<std::size_t>(y) * img.widthPx + x) * 4;
            o[0] = p.r, o[1] = p.g, o[2] = p.b, o[3] = 255;
        }
    }
    return img;
}

}  // namespace

BumperArt MakeBumperArt(SDL_Renderer* renderer, const game::BumperShapes& shapes) {
    BumperArt art;
    art.rotations.resize(shapes.shapes.size());
    for (std::size_t s = 0; s < shapes.shapes.size(); ++s) {
        const SDL_Color c = SHAPE_COLOURS[s % (sizeof(SHAPE_COLOURS) / sizeof(SHAPE_COLOURS[0]))];
        art.shapes.push_back(MakeTexture(renderer, ShadeMask(shapes.shapes[s].mask, c)));
        for (const collide::BakedTransform& r : shapes.rotations[s])
            art.rotations[s].push_back(MakeTexture(renderer, ShadeMask(r.mask, c)));
    }
    return art;
}

float DrawBumper(SDL_Renderer* renderer, const BumperArt& art, const game::BumperShapes& shapes,
                 const game::BumperState& st) {
    const float scale = std::min({1.0f, static_cast<float>(game::SCREEN_WIDTH_PX) / st.worldWidthPx,
                                  static_cast<float>(game::SCREEN_HEIGHT_PX) / st.worldHeightPx});
    SDL_SetRenderDrawColor(renderer, 18, 14, 30, 255);
    const SDL_FRect box{0, 0, st.worldWidthPx * scale, st.worldHeightPx * scale};
    SDL_RenderFillRectF(renderer, &box);
    for (const game::BumperSprite& sp : st.sprites) {
        const collide::Collider c = game::BumperCollider(shapes, sp);
        SDL_Texture* t = sp.spinMilliDegPerTick != 0
                             ? art.rotations[static_cast<std::size_t>(sp.shape)]
                                            [static_cast<std::size_t>(game::BumperRotationIndex(sp))]
                                                .get()
                             : art.shapes[static_cast<std::size_t>(sp.shape)].get();
        const SDL_FRect dst{c.placement.worldX * scale, c.placement.worldY * scale, c.mask->Width() * scale,
                            c.mask->Height() * scale};
        SDL_RenderCopyF(renderer, t, nullptr, &dst);
    }
    return scale;
}

}  // namespace render
