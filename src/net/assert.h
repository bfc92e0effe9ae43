// NET_ASSERT: programmer errors in the session (an Advance the last Poll did not allow, a rollback
// outside the ring). Each message says how to fix the call. On whenever NDEBUG is not defined (the
// everyday and CI builds); compiled out in Release, as GAME_ASSERT is. Internal to src/net.
#pragma once

#ifdef NDEBUG
#define NET_ASSERT(cond, msg) ((void)sizeof(cond))
#else
#include <cstdio>
#include <cstdlib>
#define NET_ASSERT(cond, msg) \
    ((cond)                   \
         ? (void)0            \
         : (std::fprintf(stderr, "%s:%d: assertion failed: %s (%s)\n", __FILE__, __LINE__, #cond, msg), std::abort()))
#endif
