#pragma once
/// Why one pending task is where it is, as the allocate action sees it when it attempts the
/// task's job (`drasim explain`): the queue and gang gates, every node's verdict from each
/// filter in KAI's order, the scores of the nodes that passed, and the node KAI picks. It uses
/// the functions the allocate action itself uses, so the two cannot disagree; it evaluates
/// every filter on every node (allocate stops at the first failure), and runs the
/// DynamicResources filter where the others passed, as KAI does.

#include "model/cluster/cluster_state.h"
#include "model/kai/actions/job_picker.h"
#include "model/kai/framework/cycle_result.h"
#include "model/kai/framework/session.h"
#include "model/kai/plugins/dynamicresources/device_verdicts.h"
#include "model/kai/plugins/nodeplacement.h"
#include "model/kai/plugins/proportion/queue_order.h"
#include "model/kai/plugins/topology/node_sets.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::model {

/// The filters a probe reports, in the order KAI's predicates run them (allocate.cpp's node
/// scan: resource fit first, then PredicateByNodeResourcesType, the node's conditions, the
/// k8s TaintToleration, NodeAffinity and NodePorts filters, and DynamicResources last).
inline constexpr std::array<std::string_view, 7> kProbeFilters = {
    "NodeResourcesFit", "NodeResourcesType", "NodeConditions",  "TaintToleration",
    "NodeAffinity",     "NodePorts",         "DynamicResources"};
inline constexpr size_t kDynamicResourcesFilter = 6;

/// One node's verdicts: per filter, empty when it passed, else the reason; `not run` for the
/// DynamicResources filter on a node another filter rejected.
struct NodeProbe {
  std::string name;
  std::array<std::string, kProbeFilters.size()> filters;
  bool fits_idle = false;
  std::optional<ScoreParts> score;  ///< nodes that passed every filter
  /// Nodes the DynamicResources filter rejected: each device against each claim request.
  NodeDevices devices;
  /// The pod's extended resources DRA serves here through the KEP-5004 bridge (the node does
  /// not advertise them), in name order; the device plugin serves the others.
  std::vector<std::string> bridged;

  [[nodiscard]] bool passed() const { return score.has_value(); }
};

/// The DynamicResources verdict of a node another filter rejected (KAI never runs it there).
inline constexpr std::string_view kNotRun = "not run";

/// A queue on the task's path to the root: the proportion plugin's view (queueDetails).
struct QueueProbe {
  std::string name;
  int64_t priority = 0;
  std::array<proportion::ResourceShare, proportion::kResources> r;
};

/// One subgroup of the job's gang (KAI IsReadyForScheduling per subgroup).
struct SubgroupProbe {
  std::string name;
  std::string parent;  ///< empty: directly under the PodGroup
  bool leaf = true;
  /// A leaf: its alive pods (pending or active allocated); a set: its ready members.
  int64_t alive = 0;
  int64_t threshold = 0;  ///< minMember of a leaf, minSubGroup (or every member) of a set
  bool ready = true;
};

/// The topology plugin's domains for a job with a topology constraint (SubsetNodesFn): the
/// domains at the constraint's levels in the order allocate tries them, and why the others are
/// left out.
struct TopologyProbe {
  std::string constraint;  ///< "topology <name>, required level <label>"
  std::vector<TopologyDomainVerdict> domains;
  std::string failure;  ///< why no domain is offered at all (empty when one is)
};

/// A queue the job's queue (or its ancestor) went before at one level of the queue tree, and
/// the queue-order rule that decided (`verdict.left` is the job's side).
struct QueueRival {
  std::string name;
  proportion::QueueOrderVerdict verdict;
};

/// One level of the job's queue path: the queue on the path, and the queues at the same level
/// that still had pending jobs, closest first (decided by the latest rule), then by name.
struct QueueLevelProbe {
  std::string queue;
  std::vector<QueueRival> rivals;
};

/// The job's turn in the allocate action: KAI takes one job at a time from the queue that goes
/// first, descending from the top-level queues (JobsOrderByQueues).
struct QueueTurnProbe {
  size_t turn = 0;  ///< 1-based, among the jobs the action took in the cycle
  /// The leaf queues whose jobs had turns before it, with how many, in the order of their
  /// first turn (filled by the caller that counts the turns: sim/observe/pod_watch.h).
  std::vector<std::pair<std::string, size_t>> earlier;
  std::vector<QueueLevelProbe> levels;  ///< the leaf's level first
};

/// One extended resource of the pod that a DeviceClass answers to (KEP-5004 bridge,
/// DeviceClassByResource).
struct BridgeProbe {
  std::string resource;
  std::string device_class;
  /// The class declares the name as `spec.extendedResourceName` (else the pod asks for the
  /// class's implicit `deviceclass.resource.kubernetes.io/<class>` name).
  bool explicit_name = false;
  /// Older classes declaring the same name, which lose it to `device_class`.
  std::vector<std::string> shadowed;
  bool enabled = true;      ///< false: a class answers to it, but the bridge is off (profile, gate)
  size_t dra_nodes = 0;     ///< present nodes that do not advertise it: DRA serves it there
  size_t plugin_nodes = 0;  ///< present nodes whose device plugin advertises it
};

struct TaskProbe {
  int64_t at_us = 0;
  std::string job;  ///< `namespace/name` of its PodGroup
  /// The queue first, then its ancestors up to the top level (empty: the queue does not exist).
  std::vector<QueueProbe> queues;
  /// Set when the attempt is the job's turn (not when the action ended without one).
  std::optional<QueueTurnProbe> turn;
  /// The capacity policy's verdict on the job's chunk (OverLimit, NonPreemptibleOverQuota).
  std::optional<std::string> over_capacity;
  /// The job's gang: alive pods (KAI IsReadyForScheduling) against minMember.
  int64_t min_member = 1;
  int64_t alive = 0;
  bool ready = true;
  /// The gang's subgroups in tree order (empty without subgroups: minMember applies).
  std::vector<SubgroupProbe> subgroups;
  /// The tasks the attempt places together (KAI GetTasksToAllocate), as `namespace/name`.
  std::vector<std::string> chunk;
  /// Why no node can take the task at all: the DynamicResources PreFilter, or a request larger
  /// than every node (MaxNodePoolResources). Empty otherwise.
  std::string rejection;
  std::vector<BridgeProbe> bridge;
  /// The job's own topology constraint (a subgroup's constraints are not shown).
  std::optional<TopologyProbe> topology;
  std::vector<NodeProbe> nodes;  ///< every present node, by name
  /// The best score among the nodes that passed, ties by name: where KAI places the task.
  std::optional<std::string> chosen;
  /// What the eviction actions of the same cycle did about the job, in the order they ran
  /// (filled by the caller that observes them: sim/observe/pod_watch.h).
  std::vector<EvictionTrace> evictions;
};

/// Probes `pod` (pending), attempted in `chunk`, on the session's current state. `placement` is
/// the cycle's strategy; `picker`, the allocate action's job queue when the attempt is the
/// job's turn (null otherwise). Filters' caches may fill (they are exact); nothing the scheduler
/// decides changes.
TaskProbe probe_task(Session& session, PodId pod, const std::vector<PodId>& chunk,
                     PlacementStrategy placement, const JobPicker* picker);

}  // namespace drasim::model
