#pragma once
/// DRASIM_ASSERT: an always-on check for programming errors. On failure it throws
/// InternalError naming the location and the broken condition; only cli/ catches it, prints
/// that it is a bug, and exits with code 3 (PRODUCT.md section 4).

#include <stdexcept>
#include <string>

namespace drasim::model {

/// A broken invariant: a bug in drasim, never a problem with the input.
class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

[[noreturn]] inline void assertion_failed(const char* file, int line, const char* message,
                                          const char* condition) {
  throw InternalError(std::string(file) + ":" + std::to_string(line) + ": " + message + " ("
                      + condition + ")");
}

}  // namespace drasim::model

#define DRASIM_ASSERT(cond, message)                                         \
  do {                                                                       \
    if (!(cond)) {                                                           \
      ::drasim::model::assertion_failed(__FILE__, __LINE__, message, #cond); \
    }                                                                        \
  } while (false)
