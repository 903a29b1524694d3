#pragma once
/// The loaded scenario: the Scenario document's run settings, the expectations, and every
/// Kubernetes object of the input files.

#include "model/cluster/anomaly.h"
#include "model/k8s/object_meta.h"
#include "model/k8s/object_set.h"
#include "model/k8s/taint.h"
#include "model/kai/framework/cycle_result.h"
#include "model/kai/plugins/implicit_tolerations.h"
#include "sim/load/generator_spec.h"
#include "sim/load/node_pool.h"
#include "sim/load/sim_time.h"
#include "sim/load/timeline.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace drasim::sim {

/// Scheduler profiles of PRODUCT.md section 3.
enum class Profile { kKaiV012, kKaiV013, kKaiV017, kKai, kKubeScheduler };

enum class Placement { kBinpack, kSpread };

const char* to_string(Profile p);
const char* to_string(Placement p);

/// One `implicitTolerations[]` rule: the model's type, as the loader decodes it.
using ImplicitTolerationRule = model::ImplicitTolerationRule;

struct SchedulerConfig {
  Profile profile = Profile::kKai;
  SimDuration period = SimDuration::seconds(1);
  Placement placement = Placement::kBinpack;
  std::map<std::string, bool> features;
  std::vector<ImplicitTolerationRule> implicit_tolerations;
  SimDuration bind_latency = SimDuration::millis(200);
  /// kube-scheduler's `DynamicResourcesArgs.bindingTimeout`: how long PreBind waits for the
  /// binding conditions of a claim's devices (dra-semantics.md 6.8).
  SimDuration binding_timeout = SimDuration::seconds(600);
  /// The KAI actions of a cycle, in order (`actions`, KAI's SchedulerConfiguration.Actions).
  std::vector<model::Action> actions{model::kDefaultActions.begin(), model::kDefaultActions.end()};
  /// `stalenessGracePeriod`: a PodGroup's that sets none (KAI's
  /// globalDefaultStalenessGracePeriod; negative = never), microseconds.
  int64_t staleness_grace_us = model::kDefaultStalenessGraceUs;
};

/// An assertion of `spec.expect[]`, checked at `at` (or at the end of the run).
struct Expectation {
  enum class Kind {
    kAllPodsBound,
    kPendingAtMost,
    kPodOnNode,
    kFairShare,
    kEvictionsAtMost,
    kAnomaliesAtMost,
    kQuotaDrift,
    kWaitTime,
    kUtilization,
    kPodPhase,
  };
  Kind kind = Kind::kAllPodsBound;
  std::string name;  ///< given, or generated from the assertion
  std::optional<SimTime> at;
  int64_t count = 0;  ///< kPendingAtMost, kEvictionsAtMost, kAnomaliesAtMost
  /// kPodOnNode, kPodPhase, kEvictionsAtMost: namespace/name (kPodPhase and kEvictionsAtMost:
  /// empty when the expectation selects pods otherwise)
  std::string pod;
  model::StringMap pod_labels;   ///< kPodPhase `podSelector`: pods with these labels
  std::string pod_namespace;     ///< kPodPhase `namespace`: only pods of it (empty: every one)
  std::string phase;             ///< kPodPhase: Pending, Running, Succeeded, Failed or Evicted
  std::string node;              ///< kPodOnNode, kPodPhase: exact node name, or empty
  model::StringMap node_labels;  ///< kPodOnNode, kPodPhase: a node with these labels
  /// kFairShare, kQuotaDrift, kWaitTime, kEvictionsAtMost (the last two: empty for every queue)
  std::string queue;
  model::SourceRef queue_source;  ///< where the queue is named
  size_t resource = 0;            ///< kFairShare, kQuotaDrift, kUtilization: cpu, memory, gpu
  /// kFairShare: allowed distance as a fraction of the share; kQuotaDrift: the largest allowed
  /// |accounted - actual| in report units (cpu cores, memory bytes, GPU devices).
  double within = 0;
  std::optional<model::AnomalyKind> anomaly_kind;  ///< kAnomaliesAtMost: nullopt = every kind
  int percentile = 95;                             ///< kWaitTime: 1..100, nearest rank
  SimDuration wait_at_most;                        ///< kWaitTime: the bound on that percentile
  NodePool pool = NodePool::kAll;                  ///< kUtilization
  std::optional<double> at_least;                  ///< kUtilization: a fraction (0.7 for 70%)
  std::optional<double> at_most;                   ///< kUtilization: a fraction
  /// kUtilization `over: [from, to]`: the window of the time-weighted average (none: the run).
  std::optional<std::pair<SimTime, SimTime>> window;
  model::SourceRef source;
};

/// A `binderFault` event of `spec.events[]` (PRODUCT.md section 2): from `at`, for `window`
/// (to the end when absent), binds fail, at most `count` of them (-1: no limit), each with
/// `probability` (decided from the seed). The binder's rollback deletes the pod's KEP-5004 claim;
/// with `leave_claim` > 0 that deletion only completes after it (a claim left over from the
/// failed attempt).
struct BinderFault {
  SimTime at;
  std::optional<SimDuration> window;
  int64_t count = -1;
  double probability = 1;
  SimDuration leave_claim;
  model::SourceRef source;
};

/// A `deviceCondition` event of `spec.events[]`: a DRA driver writes condition `type` =
/// `status` into `status.devices[]` of the claims allocated on its devices (`driver`, and
/// `pool` and `devices` when given: empty means every one). Without `after` it writes once, at
/// `at`, on the claims allocated then. With `after` it is the driver's standing behaviour from
/// `at` on: each claim allocated on a matching device with `type` among its binding (failure)
/// conditions gets it `after` that claim's PreBind began waiting.
struct DeviceConditionEvent {
  SimTime at;
  std::string driver;
  std::string pool;
  std::vector<std::string> devices;
  std::string type;
  std::string status = "True";
  std::optional<SimDuration> after;
  model::SourceRef source;
  std::string path;  ///< `spec.events[i].deviceCondition`, for messages

  /// Whether the event is about `device` (driver, and pool and name when the event names them).
  [[nodiscard]] bool matches(const model::DeviceAllocationResult& device) const {
    return device.driver == driver && (pool.empty() || device.pool == pool)
           && (devices.empty()
               || std::find(devices.begin(), devices.end(), device.device) != devices.end());
  }
};

struct Scenario {
  std::string name = "scenario";
  uint64_t seed = 1;
  std::optional<SimDuration> horizon;
  std::string kubernetes_version = "1.35";
  std::map<std::string, bool> feature_gates;  ///< only the gates the scenario sets

  /// The minor release of `kubernetes_version` ("1.35" -> 35).
  [[nodiscard]] int kubernetes_minor() const { return std::stoi(kubernetes_version.substr(2)); }

  SchedulerConfig scheduler;
  std::vector<Expectation> expectations;
  std::vector<BinderFault> binder_faults;
  std::vector<DeviceConditionEvent> device_conditions;
  /// `spec.events[]` other than binder faults, as written (in file order).
  std::vector<TimelineEvent> events;
  /// What the engine does over time, expanded from `events` at load (sorted by time, stable).
  std::vector<TimelineStep> steps;
  /// The events as the reports mark them on the time axis (sorted by time, stable).
  std::vector<TimelineMark> marks;
  /// `spec.generate[]`, expanded into `objects` by the loader once every document is read.
  std::vector<GeneratorSpec> generators;
  model::ObjectSet objects;
  std::vector<std::string> files;     ///< file table: SourceRef::file indexes into it
  std::vector<std::string> warnings;  ///< e.g. skipped kinds, one line per kind
};

}  // namespace drasim::sim
