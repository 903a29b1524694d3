#pragma once
/// DRASIM_ASSERT: an always-on check for programming errors. On failure it prints the location
/// and message to stderr and aborts; the CLI maps an abort to "internal error".

#include <cstdio>
#include <cstdlib>

#define DRASIM_ASSERT(cond, message)                                                         \
  do {                                                                                       \
    if (!(cond)) {                                                                           \
      std::fprintf(stderr, "drasim: internal error at %s:%d: %s (%s)\n", __FILE__, __LINE__, \
                   message, #cond);                                                          \
      std::abort();                                                                          \
    }                                                                                        \
  } while (false)
