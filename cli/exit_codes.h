#pragma once

/// Exit codes of PRODUCT.md section 4.

namespace drasim::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitExpectationFailed = 1;
inline constexpr int kExitInvalidInput = 2;
inline constexpr int kExitInternalError = 3;

}  // namespace drasim::cli
