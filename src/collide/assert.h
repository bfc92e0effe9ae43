// COLLIDE_ASSERT: programmer errors in the collide library. Each message says how to fix the call.
// On in debug and CI builds (whenever NDEBUG is not defined); compiled out in Release.
#pragma once

#ifdef NDEBUG
// sizeof: the condition is not evaluated, but its variables count as used (no -Wunused in Release).
#define COLLIDE_ASSERT(cond, msg) ((void)sizeof(cond))
#else
#include <cstdio>
#include <cstdlib>
#define COLLIDE_ASSERT(cond, msg) \
    ((cond)                       \
         ? (void)0                \
         : (std::fprintf(stderr, "%s:%d: assertion failed: %s (%s)\n", __FILE__, __LINE__, #cond, msg), std::abort()))
#endif
