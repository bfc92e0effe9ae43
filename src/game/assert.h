// GAME_ASSERT: programmer errors in the simulation (a FighterDef that breaks its promises, an
// event buffer too small). Each message says how to fix the call. On whenever NDEBUG is not
// defined (the everyday and CI builds); compiled out in Release, as COLLIDE_ASSERT is.
#pragma once

#ifdef NDEBUG
#define GAME_ASSERT(cond, msg) ((void)sizeof(cond))
#else
#include <cstdio>
#include <cstdlib>
#define GAME_ASSERT(cond, msg) \
    ((cond)                    \
         ? (void)0             \
         : (std::fprintf(stderr, "%s:%d: assertion failed: %s (%s)\n", __FILE__, __LINE__, #cond, msg), std::abort()))
#endif
