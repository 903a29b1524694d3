#pragma once
/// What keeps a run from spinning. Two failure shapes made runs hang: cycles repeating at one
/// frozen instant (a victim with a 0 s grace period leaves at once, its owner recreates it, the
/// next cycle evicts it again, and time never moves), and an evict / recreate loop that moves
/// time forward forever when the scenario has no horizon.
/// - Cycles at one simulated instant stop when they come back to a cluster they already started
///   from at that instant (placement_fingerprint: they would repeat forever), and in any case
///   after kMaxCyclesPerInstant; the engine then moves the next cycle to the next period
///   boundary, and the report says so in a warning.
/// - A run stops with RunLimitError (exit 2, no report) once it has processed `max_events`
///   events or spent `max_wall_seconds` of wall-clock time; the message says which limit and
///   where the time went. The wall-clock limit is also checked inside a cycle, between the jobs
///   the actions attempt, so one long cycle cannot outlast it. The defaults are far above what
///   any reference scenario needs.

#include "model/cluster/cluster_state.h"
#include "sim/load/sim_time.h"
#include "sim/observe/run_result.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace drasim::sim {

/// A hash of where every pod is and how it holds its place (phase, node, GPU groups, devices):
/// what the next cycle decides from. Counters such as epochs and evictions are left out.
uint64_t placement_fingerprint(const model::ClusterState& state);

struct RunLimits {
  uint64_t max_events = 10'000'000;  ///< 0: no limit
  double max_wall_seconds = 1800;    ///< 0: no limit
};

/// A run stopped by one of its RunLimits.
class RunLimitError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The run reached `--max-memory` (the process's resident memory, so with several runs in one
/// process it depends on the others: a sweep treats it as fatal, not as one variant's stop).
class MemoryLimitError : public RunLimitError {
 public:
  using RunLimitError::RunLimitError;
};

class ProgressGuard {
 public:
  static constexpr uint32_t kMaxCyclesPerInstant = 1000;

  explicit ProgressGuard(RunLimits limits);

  /// A scheduling cycle runs at `now`.
  void cycle_at(SimTime now);

  /// Cycles run at the current instant so far.
  [[nodiscard]] uint32_t cycles_at_instant() const { return cycles_at_instant_; }

  /// A cycle (not the instant's first) is about to start from a cluster whose placements hash
  /// to `fingerprint`. Returns true, and uses the instant up, when an earlier cycle of this
  /// instant started from the same placements: no net progress.
  [[nodiscard]] bool repeats(SimTime now, uint64_t fingerprint);

  /// Whether the cycles at `now` are used up: the next one must wait for the next period. The
  /// first time an instant is used up it is remembered for the warning.
  [[nodiscard]] bool instant_used_up(SimTime now);

  /// One more event was processed at `now`; throws RunLimitError past a limit.
  void event_done(SimTime now, const RunStats& stats, const model::ClusterState& state);

  /// Inside the scheduling cycle at `now` (between two jobs an action attempts): throws
  /// RunLimitError past the wall-clock limit, so one long cycle cannot outlast it.
  void inside_cycle(SimTime now, const RunStats& stats, const model::ClusterState& state) const;

  /// The report's warning when some instant used up its cycles; none otherwise.
  [[nodiscard]] std::optional<std::string> warning() const;

 private:
  /// The wall-clock limit's name once the run has spent it, else empty.
  [[nodiscard]] std::string wall_spent() const;
  [[noreturn]] void stop(const std::string& limit, const std::string& where, SimTime now,
                         const RunStats& stats, const model::ClusterState& state,
                         const std::string& hint) const;

  RunLimits limits_;
  std::chrono::steady_clock::time_point started_;
  SimTime instant_{-1};
  uint32_t cycles_at_instant_ = 0;
  std::vector<uint64_t> seen_;  ///< fingerprints cycles of the current instant started from
  bool repeating_ = false;      ///< the current instant's cycles came back to a seen state
  std::optional<SimTime> first_used_up_;
  std::optional<SimTime> last_used_up_;  ///< the instant counted last in instants_used_up_
  uint64_t instants_used_up_ = 0;
  uint64_t events_ = 0;
};

}  // namespace drasim::sim
