// Finding transform-anchor-mask-range (README.md): PlaceTransformed with a finite but large
// Transform.anchorMaskY is undefined behaviour (a double -> int conversion out of range), although
// every documented precondition holds (scale 1, anchorWorld 0, all numbers finite).
// Build and run (UBSan reports transform.cpp:118 and aborts):
//   clang++-14 -std=c++20 -g -fsanitize=address,undefined -fno-sanitize-recover=all -Isrc \
//     tests/fuzz/findings/transform-anchor-mask-range.cpp src/collide/*.cpp -o /tmp/anchor && /tmp/anchor
#include "collide/collide.h"

#include <cstdio>

int main() {
    collide::Mask m(4, 4);
    m.Set(1, 1);
    collide::Transform t;
    t.anchorMaskX = 0;
    t.anchorMaskY = 3e9;  // finite; scale 1 and anchorWorld (0, 0) are inside the documented ranges
    const auto p = collide::PlaceTransformed(m, t);
    std::printf("bounds %d %d %d %d\n", p.boundsWorld.x, p.boundsWorld.y, p.boundsWorld.w, p.boundsWorld.h);
    return 0;
}
