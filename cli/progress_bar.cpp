#include "cli/progress_bar.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <ostream>

namespace drasim::cli {
namespace {

constexpr double kFirstDraw = 0.3;  ///< seconds before the bar first appears
constexpr double kRedraw = 0.1;     ///< seconds between redraws
constexpr int kWidth = 24;          ///< cells of the bar

/// `2h05m`, `12m30s`, `45s`.
std::string clock_text(double seconds) {
  const auto s = static_cast<int64_t>(std::max(0.0, seconds));
  if (s >= 3600) {
    return fmt::format("{}h{:02}m", s / 3600, s % 3600 / 60);
  }
  if (s >= 60) {
    return fmt::format("{}m{:02}s", s / 60, s % 60);
  }
  return fmt::format("{}s", s);
}

double seconds_of(sim::SimTime t) {
  return static_cast<double>(t.us) / 1e6;
}

}  // namespace

bool stderr_is_terminal() {
  return isatty(STDERR_FILENO) == 1;
}

ProgressBar::ProgressBar(std::ostream& err) : err_(err), start_(Clock::now()), last_(start_) {}

ProgressBar::~ProgressBar() {
  if (drawn_) {
    err_ << "\r\033[K" << std::flush;
  }
}

std::string ProgressBar::line(const sim::RunProgress& p, double elapsed) {
  const double rate = elapsed > 0 ? static_cast<double>(p.events) / elapsed : 0;
  const std::string events = rate >= 1e6   ? fmt::format("{:.1f}M", rate / 1e6)
                             : rate >= 1e3 ? fmt::format("{:.1f}k", rate / 1e3)
                                           : fmt::format("{:.0f}", rate);
  if (!p.horizon || p.horizon->us <= 0) {
    return fmt::format("simulated {}  {} events/s", clock_text(seconds_of(p.now)), events);
  }
  const double done = std::clamp(seconds_of(p.now) / seconds_of(*p.horizon), 0.0, 1.0);
  const auto cells = static_cast<int>(done * kWidth);
  const std::string eta = done > 0 ? clock_text(elapsed * (1 - done) / done) : "?";
  return fmt::format("[{}{}] {:3.0f}%  simulated {} of {}  {} events/s  ETA {}",
                     std::string(static_cast<size_t>(cells), '#'),
                     std::string(static_cast<size_t>(kWidth - cells), '.'), done * 100,
                     clock_text(seconds_of(p.now)), clock_text(seconds_of(*p.horizon)), events,
                     eta);
}

void ProgressBar::update(const sim::RunProgress& p) {
  const Clock::time_point now = Clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (elapsed < kFirstDraw || std::chrono::duration<double>(now - last_).count() < kRedraw) {
    return;
  }
  last_ = now;
  drawn_ = true;
  err_ << "\r\033[K" << line(p, elapsed) << std::flush;
}

}  // namespace drasim::cli
