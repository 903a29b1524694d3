#pragma once
/// The progress bar of long runs on stderr (PRODUCT.md section 6): simulated time against the
/// horizon, events per second and an ETA, redrawn in place at most every 100 ms and only once
/// the run has lasted 300 ms (short runs show nothing). Without a horizon it shows the
/// simulated time and the rate. `drasim run` shows it only when stderr is a terminal and
/// `-q` is not given; the line is erased when the run ends.

#include "sim/engine/engine.h"

#include <chrono>
#include <iosfwd>

namespace drasim::cli {

class ProgressBar {
 public:
  explicit ProgressBar(std::ostream& err);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(const sim::RunProgress& p);

  /// The bar's line for a run at `p` after `elapsed` wall-clock seconds.
  static std::string line(const sim::RunProgress& p, double elapsed);

 private:
  using Clock = std::chrono::steady_clock;
  std::ostream& err_;
  Clock::time_point start_;
  Clock::time_point last_;
  bool drawn_ = false;
};

/// Whether standard error is a terminal.
bool stderr_is_terminal();

}  // namespace drasim::cli
