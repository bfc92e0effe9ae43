// Two hotmaps from RGBA buffers (magenta is air, red attack, anything else hurt), one overlap query.
// Prints the first colliding pixel and the count; exits 1 if the answer is not the one expected.
#include <hotmap/collide/collide.h>

#include <cstdint>
#include <cstdio>
#include <vector>

int main() {
    constexpr int W = 8, H = 8;
    std::vector<std::uint8_t> fist(W * H * 4), body(W * H * 4);
    for (int i = 0; i < W * H; ++i) {
        const int x = i % W;
        static constexpr std::uint8_t air[4] = {0xFF, 0x00, 0xFF, 0xFF}, red[4] = {0xFF, 0x00, 0x00, 0xFF},
                                      skin[4] = {0x80, 0x60, 0x40, 0xFF};
        for (int c = 0; c < 4; ++c) fist[i * 4 + c] = (x >= 4 ? red : air)[c];  // attack on the right half
        for (int c = 0; c < 4; ++c) body[i * 4 + c] = (x < 2 ? skin : air)[c];  // hurt on the left quarter
    }
    const collide::HotMasks a = collide::BuildHotMasks(collide::ImageView{fist.data(), W, H, W * 4});
    const collide::HotMasks b = collide::BuildHotMasks(collide::ImageView{body.data(), W, H, W * 4});
    // The body stands 6 px right of the fist: its two hurt columns meet the fist's last two.
    const collide::OverlapResult r = collide::QueryOverlap(a.attack, collide::Placement{0, 0}, b.hurt,
                                                           collide::Placement{6, 0}, collide::QueryMode::CountAll);
    std::printf("hit %d at (%d, %d), %d pixels\n", r.hit ? 1 : 0, r.first.x, r.first.y, static_cast<int>(r.pixelCount));
    return r.hit && r.first.x == 6 && r.first.y == 0 && r.pixelCount == 16 ? 0 : 1;
}
