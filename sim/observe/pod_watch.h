#pragma once
/// One pod followed through a run for `drasim explain`: its history (submitted, each scheduling
/// attempt and its outcome, bound, evicted, recreated, finished) and the probe of the attempt
/// explain shows (model/kai/actions/task_probe.h): the last one, or the last at or before a
/// time. The engine reports to it only when a run is explained; without a watch nothing is
/// recorded and nothing is probed.

#include "model/kai/actions/allocate.h"
#include "model/kai/actions/task_probe.h"
#include "sim/load/sim_time.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace drasim::sim {

struct PodEvent {
  enum class Kind {
    kSubmitted,   ///< the pod appeared (pending)
    kInInput,     ///< bound or finished in the input already
    kAttempt,     ///< a scheduling cycle tried it and it stayed pending (detail: why)
    kPipelined,   ///< a cycle placed it on resources still being released
    kBinding,     ///< a cycle bound it to `node`
    kRunning,     ///< the bind finished
    kBindFailed,  ///< the bind failed; pending again (detail: why)
    kEvicted,     ///< evicted (detail: the scheduler's or the event's words)
    kRecreated,   ///< its owner made it again after it left its node
    kFinished,    ///< succeeded, or gone for good (detail: the phase)
  };
  SimTime at;
  Kind kind = Kind::kSubmitted;
  std::string node;
  std::string detail;
  /// Attempts in a row with the same outcome are one event: how many, and the last one's time.
  uint32_t count = 1;
  SimTime last;
};

/// A word for each kind (`attempt`, `bound`), as the outputs print it.
const char* event_name(PodEvent::Kind kind);

class PodWatch {
 public:
  /// Follows `key` (`namespace/name`); with `until`, the attempt shown is the last at or
  /// before it.
  PodWatch(std::string key, std::optional<SimTime> until);

  [[nodiscard]] const std::string& key() const { return key_; }

  // The engine's side.
  void follow(model::PodId pod) { pod_ = pod; }

  [[nodiscard]] model::PodId pod() const { return pod_; }

  void record(SimTime at, PodEvent::Kind kind, std::string node = {}, std::string detail = {});
  /// Before a cycle: whether the pod waits for one.
  void before_cycle(const model::ClusterState& state);
  /// SchedulerOptions::observe_allocate for this pod.
  void observe(model::Session& session, const model::AllocateAction& action, model::JobId job,
               model::PlacementStrategy placement);
  /// SchedulerOptions::observe_eviction: keeps the steps about this pod's job (and the
  /// action-wide ones) with the cycle's probe.
  void observe_eviction(const model::EvictionTrace& trace);
  /// After a cycle: the attempt's outcome (bound, pipelined, evicted or why it stays pending).
  void after_cycle(const model::ClusterState& state, const model::CycleResult& result, SimTime now);

  // What it saw.
  [[nodiscard]] const std::vector<PodEvent>& history() const { return history_; }

  [[nodiscard]] const std::optional<model::TaskProbe>& probe() const { return probe_; }

  [[nodiscard]] std::optional<SimTime> until() const { return until_; }

 private:
  /// Probes the pod when `job`'s turn (or the action's end) is its attempt; false otherwise.
  bool try_probe(model::Session& session, const model::AllocateAction& action, model::JobId job,
                 model::PlacementStrategy placement);

  std::string key_;
  std::optional<SimTime> until_;
  model::PodId pod_;
  bool waiting_ = false;  ///< pending when the cycle began
  bool probed_in_cycle_ = false;
  const model::ClusterState* state_ = nullptr;  ///< the cycle's state (set before it)
  model::JobId job_;
  model::QueueId queue_;
  /// The allocate action's turns before the pod's in the cycle, per leaf queue.
  std::vector<std::pair<std::string, size_t>> turns_;
  std::vector<PodEvent> history_;
  std::optional<model::TaskProbe> probe_;
};

}  // namespace drasim::sim
