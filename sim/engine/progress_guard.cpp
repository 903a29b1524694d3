#include "sim/engine/progress_guard.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <string>

namespace drasim::sim {
namespace {

/// ", most evicted: ml/a (412 evictions, the last: \"<its eviction message>\")", or "" when
/// nothing was evicted.
std::string most_evicted(const model::ClusterState& state) {
  const model::PodInfo* top = nullptr;
  size_t at = 0;
  for (size_t i = 0; i < state.pods.size(); ++i) {
    // Ties go to the first pod in pod order, so the message is the same on every run.
    if (state.pods[i].evictions > (top == nullptr ? 0 : top->evictions)) {
      top = &state.pods[i];
      at = i;
    }
  }
  return top == nullptr ? std::string()
                        : fmt::format(", most evicted: {} ({} evictions, the last: \"{}\")",
                                      state.pod_key(model::PodId::from_index(at)), top->evictions,
                                      top->eviction_message);
}

/// splitmix64's finaliser: mixes one value into the running hash.
uint64_t mix(uint64_t h, uint64_t v) {
  uint64_t z = h + 0x9e3779b97f4a7c15ULL + v;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

uint64_t placement_fingerprint(const model::ClusterState& state) {
  uint64_t h = 0;
  for (const model::PodInfo& p : state.pods) {
    h = mix(h, static_cast<uint64_t>(p.phase));
    h = mix(h, p.node.valid() ? p.node.index() : ~uint64_t{0});
    for (const uint32_t g : p.gpu_groups) {
      h = mix(h, g);
    }
    for (const model::PodDevice& d : p.devices) {
      h = mix(h, std::hash<std::string>{}(d.device));
    }
  }
  return h;
}

ProgressGuard::ProgressGuard(RunLimits limits)
    : limits_(limits), started_(std::chrono::steady_clock::now()) {}

void ProgressGuard::cycle_at(SimTime now) {
  if (now == instant_) {
    ++cycles_at_instant_;
    return;
  }
  instant_ = now;
  cycles_at_instant_ = 1;
  seen_.clear();
  repeating_ = false;
}

bool ProgressGuard::repeats(SimTime now, uint64_t fingerprint) {
  if (now != instant_) {
    return false;
  }
  repeating_ = repeating_ || std::find(seen_.begin(), seen_.end(), fingerprint) != seen_.end();
  seen_.push_back(fingerprint);
  return repeating_;
}

bool ProgressGuard::instant_used_up(SimTime now) {
  if (now != instant_ || (cycles_at_instant_ < kMaxCyclesPerInstant && !repeating_)) {
    return false;
  }
  // Counted once per instant: the engine asks again for each change at the same instant.
  if (last_used_up_ != now) {
    first_used_up_ = first_used_up_.value_or(now);
    last_used_up_ = now;
    ++instants_used_up_;
  }
  return true;
}

void ProgressGuard::event_done(SimTime now, const RunStats& stats,
                               const model::ClusterState& state) {
  ++events_;
  std::string limit;
  if (limits_.max_events != 0 && events_ >= limits_.max_events) {
    limit = fmt::format("--max-events limit of {} events", limits_.max_events);
  } else {
    // Every event: one cycle can take milliseconds on a large cluster, and reading the
    // monotonic clock costs nanoseconds.
    limit = wall_spent();
  }
  if (!limit.empty()) {
    stop(limit, "at", now, stats, state,
         "a run that evicts and places the same pods again and again does not end by itself "
         "(set spec.horizon, or raise the limit)");
  }
}

void ProgressGuard::inside_cycle(SimTime now, const RunStats& stats,
                                 const model::ClusterState& state) const {
  if (const std::string limit = wall_spent(); !limit.empty()) {
    stop(limit, "inside the scheduling cycle at", now, stats, state,
         "one scheduling cycle did not finish within the limit (raise it, or 0 for none)");
  }
}

std::string ProgressGuard::wall_spent() const {
  if (limits_.max_wall_seconds <= 0) {
    return {};
  }
  const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - started_;
  return spent.count() >= limits_.max_wall_seconds
             ? fmt::format("--max-wall limit of {}s", limits_.max_wall_seconds)
             : std::string();
}

void ProgressGuard::stop(const std::string& limit, const std::string& where, SimTime now,
                         const RunStats& stats, const model::ClusterState& state,
                         const std::string& hint) const {
  throw RunLimitError(fmt::format(
      "the run stopped at its {} {} simulated time {}s: {} events, {} scheduling cycles, {} "
      "placements, {} evictions by the scheduler, {} by timeline events{}; {}",
      limit, where, format_seconds(now), events_, stats.cycles, stats.placements, stats.evictions,
      stats.event_evictions, most_evicted(state), hint));
}

std::optional<std::string> ProgressGuard::warning() const {
  if (!first_used_up_) {
    return std::nullopt;
  }
  const std::string more = instants_used_up_ > 1
                               ? fmt::format(" (and at {} later instants)", instants_used_up_ - 1)
                               : std::string();
  return fmt::format(
      "at {}s{} the scheduler's cycles stopped making progress without simulated time moving on "
      "(they came back to a placement they had started from, or ran {} times; pods evicted with "
      "a 0 s grace period and placed again at once?); drasim moved each time to the next cycle "
      "period",
      format_seconds(*first_used_up_), more, kMaxCyclesPerInstant);
}

}  // namespace drasim::sim
