#pragma once
/// The discrete-event queue: a min-heap on (time, phase, sequence number). Events at the same
/// time run in phase order: departures first (finished pods, evicted pods gone, leftover claims
/// deleted), then cluster changes (nodes appearing, DRA objects appearing or going, timeline
/// steps, drivers' device conditions, claims appearing), then binds done and binding polls,
/// submissions, wake-ups, the scheduling cycle, expectation checks and the horizon; within a phase
/// in scheduling order. So every run of the same inputs processes the same events in the same
/// order, capacity freed at an instant is free for that instant's cycle, and a migrated node's new
/// ResourceSlices are in place before it stops advertising its device-plugin GPUs.
#include "model/k8s/ids.h"
#include "sim/load/sim_time.h"

#include <cstddef>
#include <cstdint>
#include <queue>
#include <variant>
#include <vector>

namespace drasim::sim {

struct NodeAppears {
  model::NodeId node;
};

/// ResourceClaims or DRA inventory objects (DeviceClass, ResourceSlice, DeviceTaintRule)
/// reaching their `drasim.dev/at` time.
struct DraObjectsAppear {};

struct ClaimAppears {
  model::ClaimId claim;
};

/// Pod events carry the placement they belong to (PodInfo::epoch): an evicted pod that was
/// recreated and placed again ignores the events of its earlier placement.
struct PodFinished {
  model::PodId pod;
  uint32_t epoch = 0;
};

/// An evicted pod's termination grace period is over: it leaves its node.
struct EvictionDone {
  model::PodId pod;
  uint32_t epoch = 0;
};

/// The deletion of a pod's KEP-5004 claim left over from a failed bind completes.
struct ClaimDeleted {
  model::PodId pod;
};

struct BindDone {
  model::PodId pod;
  uint32_t epoch = 0;
};

/// kube-scheduler's PreBind polls the binding conditions of a binding pod's devices again.
struct BindingPoll {
  model::PodId pod;
  uint32_t epoch = 0;
};

struct PodSubmitted {
  model::PodId pod;
};

/// A step of the expanded timeline (Scenario::steps) is due: cordon, drain, node update, ...
struct TimelineDue {
  size_t index = 0;
};

/// A `deviceCondition` event (Scenario::device_conditions) is due: its driver writes the
/// condition on the claims allocated on its devices now.
struct DeviceConditionDue {
  size_t index = 0;
};

/// A standing `deviceCondition` (one with `after`) writes its condition on one binding pod's
/// claims.
struct DeviceConditionSet {
  size_t index = 0;
  model::PodId pod;
  uint32_t epoch = 0;
};

/// The scheduler asked to run again at this time (a grace period or delay ends).
struct WakeUp {};

struct CycleDue {};

struct ExpectationDue {
  size_t index = 0;
};

struct HorizonReached {};

/// Alternatives are listed in phase order: the variant index is the phase.
using Event =
    std::variant<PodFinished, EvictionDone, ClaimDeleted, NodeAppears, DraObjectsAppear,
                 TimelineDue, DeviceConditionDue, DeviceConditionSet, ClaimAppears, BindDone,
                 BindingPoll, PodSubmitted, WakeUp, CycleDue, ExpectationDue, HorizonReached>;

struct QueuedEvent {
  SimTime at;
  uint64_t seq = 0;
  Event event;
};

class EventQueue {
 public:
  /// Adds an event; returns its sequence number.
  uint64_t schedule(SimTime at, Event event);

  [[nodiscard]] bool empty() const { return heap_.empty(); }

  [[nodiscard]] size_t size() const { return heap_.size(); }

  /// Removes and returns the earliest event. Precondition: not empty.
  QueuedEvent pop();

  [[nodiscard]] const QueuedEvent& top() const { return heap_.top(); }

 private:
  struct Later {
    bool operator()(const QueuedEvent& a, const QueuedEvent& b) const;
  };

  std::priority_queue<QueuedEvent, std::vector<QueuedEvent>, Later> heap_;
  uint64_t next_seq_ = 0;
};

}  // namespace drasim::sim
