#pragma once
/// The live cluster as the scheduler sees it: nodes with KAI's allocatable / idle / used /
/// releasing vectors, pods (one per replica) sharing per-manifest templates, jobs (PodGroups,
/// explicit or one per bare pod) and queues. ClusterState is the only mutation API for
/// placements; it keeps node accounting consistent and can check its own invariants.

#include "model/cluster/anomaly.h"
#include "model/cluster/free_gpu_index.h"
#include "model/cluster/node_totals.h"
#include "model/cluster/subgroups.h"
#include "model/cluster/task_filter_cache.h"
#include "model/cluster/topology_tree.h"
#include "model/dra/claim_book.h"
#include "model/dra/extended_resources.h"
#include "model/dra/features.h"
#include "model/dra/filter_memo.h"
#include "model/k8s/ids.h"
#include "model/k8s/kai_objects.h"
#include "model/k8s/node.h"
#include "model/k8s/node_selector.h"
#include "model/k8s/object_meta.h"
#include "model/k8s/pod.h"
#include "model/k8s/taint.h"
#include "model/kai/api/gpu_groups.h"
#include "model/kai/api/gpu_request.h"
#include "model/kai/api/queue_usage.h"
#include "model/kai/api/resource_vector.h"
#include "model/kai/api/switches.h"

#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace drasim::model {

/// A host port a pod exposes (protocol, IP, port); conflicts follow the NodePorts filter.
struct HostPort {
  std::string protocol;
  std::string ip;
  int64_t port = 0;

  friend bool operator==(const HostPort&, const HostPort&) = default;
};

struct NodeInfo {
  std::string name;
  StringMap labels;
  std::vector<Taint> taints;
  std::string condition_problem;   ///< non-empty when conditions or cordon forbid scheduling
  bool cordoned = false;           ///< `spec.unschedulable`: the manifest's or a timeline event's
  std::string conditions_problem;  ///< what the conditions alone forbid (for uncordon)
  bool present = true;             ///< false until the node's `drasim.dev/at` time
  /// GPUs of the node that timeline events took out of service (cordoned or drained for a
  /// migration, a DRA driver down): the "capacity offline" metric. Events keep it current.
  int64_t offline_gpus = 0;
  int64_t appear_us = 0;
  ResourceVector allocatable;
  ResourceVector idle;
  ResourceVector used;
  ResourceVector releasing;
  /// `GetNumberOfGPUsInNode`: the `nvidia.com/gpu.count` label, else allocatable GPUs (devices,
  /// DRA GPUs included: KAI reads the AllocatableVector after AddDRAGPUs).
  int64_t gpu_count = 0;
  bool gpu_count_labelled = false;  ///< `gpu_count` comes from the label
  std::vector<HostPort> host_ports;
  uint32_t pod_count = 0;
  NodeGpuGroups gpu_groups;  ///< GPU memory and shared GPU groups (section 1.7)
  /// GPU devices of the node's ResourceSlices that KAI added to its GPU slot (`AddDRAGPUs`).
  int64_t dra_gpus = 0;
  /// `DRASharedDeviceRefCount`: pods on the node holding each GPU device key (section 2.6.4).
  std::map<std::string, uint32_t, std::less<>> dra_gpu_refs;
  /// Milli-GPUs the shared-device dedup kept off `used` (placed pods' tracked vectors minus it
  /// sum to `used`).
  int64_t dra_gpu_saved = 0;
  /// The shared-GPU bookkeeping (groups, or the shared-device dedup) changed since the node was
  /// last rebuilt from its pods (ClusterState::resnapshot_nodes).
  bool resnapshot = false;

  /// Names in `status.allocatable` with an amount above zero, sorted: what the node's device
  /// plugins and kubelet advertise (KEP-5004 decides per node by them).
  std::vector<std::string> advertised;

  /// KAI `HasDRAGPUs`.
  [[nodiscard]] bool has_dra_gpus() const { return dra_gpus > 0; }

  [[nodiscard]] bool advertises(std::string_view resource) const {
    return std::binary_search(advertised.begin(), advertised.end(), resource);
  }

  /// KAI `IsCPUOnlyNode`: no allocatable GPU (and no MIG, no DRA GPUs in later releases).
  [[nodiscard]] bool cpu_only() const { return allocatable.get(kGpuSlot) <= 0; }
};

/// A resource a pod asks for (above zero) that DRA could serve (`IsDRAExtendedResourceName`).
struct DraCapable {
  std::string name;
  size_t slot = 0;

  friend bool operator==(const DraCapable&, const DraCapable&) = default;
};

/// What every replica of one Pod manifest shares.
struct PodTemplate {
  uint32_t manifest = 0;  ///< index into the ObjectSet's pods
  std::string namespace_name;
  std::vector<Toleration> tolerations;
  StringMap node_selector;
  std::optional<NodeSelector> required_affinity;
  std::vector<HostPort> host_ports;
  ResourceVector request;  ///< KAI's ResReqVector (section 1.3), pods slot = 1
  QuotaVector quota{};     ///< what the pod charges its queue (cpu, memory, TotalGPUs)
  int64_t termination_grace_us = 30'000'000;  ///< `terminationGracePeriodSeconds` (default 30)
  bool recreated_on_eviction = false;         ///< an owner (controller, PodGroup) recreates it
  GpuShare gpu_share;  ///< gpu-fraction / gpu-memory request (section 1.3 item 5)
  /// The part of the GPU slot that comes from the pod's claims (section 2.6.3), in milli-GPUs.
  int64_t claim_gpu_milli = 0;
  /// Resources the KEP-5004 bridge may serve, and what its requests are built from: the
  /// containers' names, requests and restart policy, shared by the templates that ask the same
  /// (set only when `dra_capable` is not empty).
  std::vector<DraCapable> dra_capable;
  std::shared_ptr<const PodSpec> pod_spec;
  /// For messages: the resource names the pod asked for, per slot (`nvidia.com/gpu` for gpu).
  std::vector<std::string> slot_names;
  bool uses_extended_resources = false;
  bool has_resource_claims = false;               ///< `spec.resourceClaims` is not empty
  std::vector<PodResourceClaim> resource_claims;  ///< `spec.resourceClaims`
  /// kube-scheduler's view: the pod's priority (`spec.priority`, else its class's value, else
  /// the global default class, else 0), its scoring request, and preferred node affinity.
  int64_t pod_priority = 0;
  int64_t nonzero_milli_cpu = 0;
  int64_t nonzero_memory = 0;
  std::vector<PreferredSchedulingTerm> preferred_affinity;
  std::string nominated_node;
  std::optional<int64_t> runtime_us;
  /// Task order key from the `kai.scheduler/task-priority` label: labelled pods first, higher
  /// values first; unlabelled or unparsable pods get the largest key.
  std::pair<int, int64_t> task_rank{1, 0};
  /// Tolerations the implicit-tolerations rules implied (implicit_tolerations.h); only the
  /// TaintToleration filter reads them.
  std::vector<ImpliedToleration> implicit_tolerations;
  /// Per `resource_claims` entry made from a ResourceClaimTemplate that exists: the template's
  /// shape, equal for templates whose claims would be equal but for their names (labels,
  /// annotations and spec); -1 for the other entries (build_claims).
  std::vector<int32_t> claim_shapes;
  uint32_t placement_class = 0;  ///< see template_classes.h
  uint32_t fit_class = 0;        ///< see template_classes.h
  uint32_t signature_class = 0;  ///< see template_classes.h
  std::string node_name;         ///< `spec.nodeName`: the pod is already bound there
  /// A bound pod's `status.extendedResourceClaimStatus`: the KEP-5004 claim it holds (empty when
  /// none) and the request mappings written with it.
  std::string bound_bridge_claim;
  std::vector<RequestMapping> bound_bridge_mappings;
  std::string status_phase;  ///< `status.phase` as written (for pre-bound pods)

  /// KAI `IsCPUOnlyRequest`: no GPU of any kind requested (a gpu-memory request has 0 in the
  /// GPU slot but still wants a GPU).
  [[nodiscard]] bool cpu_only() const { return request.get(kGpuSlot) <= 0 && !gpu_share.shared(); }
};

/// Pod lifecycle states. kBinding, kRunning and kReleasing hold node resources (KAI:
/// active-used); kPipelined exists only inside a scheduling session (reserved on releasing
/// capacity). kReleasing is an evicted pod inside its termination grace period: its resources
/// count as releasing (usable for pipelining) and no longer as its queue's allocation.
/// kEvicted is a pod that was evicted and is gone (no owner recreates it).
enum class PodPhase {
  kNotSubmitted,
  kPending,
  kPipelined,
  kBinding,
  kRunning,
  kReleasing,
  kSucceeded,
  kFailed,
  kEvicted
};

/// The phase a report and a `podPhase` expectation name: the Kubernetes phase a user sees
/// (Pending until the kubelet runs the pod, so pipelined and binding pods are Pending), plus
/// Evicted for a pod that is terminating or gone after an eviction.
constexpr const char* phase_name(PodPhase phase) {
  switch (phase) {
    case PodPhase::kNotSubmitted:
    case PodPhase::kPending:
    case PodPhase::kPipelined:
    case PodPhase::kBinding:
      return "Pending";
    case PodPhase::kRunning:
      return "Running";
    case PodPhase::kSucceeded:
      return "Succeeded";
    case PodPhase::kFailed:
      return "Failed";
    case PodPhase::kReleasing:
    case PodPhase::kEvicted:
      return "Evicted";
  }
  return "Pending";
}

/// Whether a pod in this phase holds node resources.
constexpr bool holds_node(PodPhase p) {
  return p == PodPhase::kPipelined || p == PodPhase::kBinding || p == PodPhase::kRunning
         || p == PodPhase::kReleasing;
}

/// One device a pod's claims hold, as the report lists it.
struct PodDevice {
  std::string claim;
  std::string request;
  std::string driver;
  std::string pool;
  std::string device;

  friend bool operator==(const PodDevice&, const PodDevice&) = default;
};

/// `pod.status.extendedResourceClaimStatus`, as the binder writes it.
struct ExtendedClaimStatus {
  std::string name;
  RequestMappings mappings;  ///< never null

  friend bool operator==(const ExtendedClaimStatus& a, const ExtendedClaimStatus& b) {
    return a.name == b.name && *a.mappings == *b.mappings;
  }
};

/// Appends the devices of an allocated claim to a pod's record.
void record_devices(const ResourceClaim& claim, std::vector<PodDevice>& out);

/// Drops the devices of `claim` from a pod's record.
void forget_devices(const std::string& claim, std::vector<PodDevice>& devices);

/// A claim a pod left inside a session (SuspendedClaims): what to put back.
struct SuspendedClaim {
  ClaimId claim;
  std::optional<AllocationResult> allocation;  ///< dropped because the pod was its last consumer
  std::vector<std::string> finalizers;         ///< the claim's finalizers before
  std::vector<ClaimConsumer> reserved_for;     ///< its `reservedFor` before
  std::vector<AllocatedDeviceStatus> devices;  ///< its `status.devices` before
};

struct PodInfo {
  std::string name;
  TemplateId spec;
  JobId job;
  /// The leaf of the job's subgroup tree the pod belongs to (JobInfo::subgroups); -1 when the
  /// job has no subgroups, or when the pod names none of its leaves (KAI never schedules,
  /// counts or evicts such a pod as part of the job).
  int32_t subgroup = -1;
  /// Changed through ClusterState::set_phase only (it bumps the job's phase_revision).
  PodPhase phase = PodPhase::kNotSubmitted;
  NodeId node;
  NodeId ran_on;  ///< the node the pod was bound to (kept after it finishes)
  int64_t submitted_us = 0;
  std::optional<int64_t> bound_us;
  std::optional<int64_t> finished_us;
  /// One entry per `spec.resourceClaims` entry: the claim it resolves to, or an invalid id when
  /// it cannot be resolved (`claim_problem` says why).
  std::vector<ClaimId> claims;
  std::string claim_problem;
  std::vector<PodDevice> devices;  ///< what the pod's claims held when it was placed
  /// The claims the pod left when the session evicted it (suspend_claims), until resumed.
  std::vector<SuspendedClaim> suspended_claims;
  uint32_t epoch = 0;      ///< placements so far (events name the one they belong to)
  uint32_t evictions = 0;  ///< times the scheduler evicted this pod
  PodPhase released_from = PodPhase::kNotSubmitted;  ///< the phase the last release began in
  std::string eviction_message;  ///< the scheduler's words for the last eviction
  /// A shared pod's GPU groups on its node (NodeGpuGroups ids), chosen before it is placed; kept
  /// after it finishes for the report, cleared when it returns to pending.
  std::vector<uint32_t> gpu_groups;
  /// The KEP-5004 claim of the pod (one per pod, reused across placements); invalid until the
  /// bridge first serves the pod.
  ClaimId bridge_claim;
  RequestMappings bridge_mappings;  ///< the placement's mappings (null when none)
  /// The bridge claim survived a failed bind and nobody uses it (its deletion is pending).
  bool bridge_claim_leftover = false;
  bool bridge_claim_reused = false;  ///< the current placement reuses that leftover claim
  std::optional<ExtendedClaimStatus> extended_claim_status;  ///< written at bind
  /// GPUs KAI counts twice for the pod (its bridge claim's GPUs on top of its container
  /// request) once the claim exists, with `skipBridgeClaimsInGpuCount` off; milli-GPUs.
  int64_t extra_gpu_milli = 0;
  /// A Job's next pod (Pod::follows names this one): submitted when this one succeeds.
  PodId next;
  bool waits = false;  ///< submitted by its predecessor's success, not at its arrival time
  std::string reason;  ///< why the pod is pending (the last attempt's message)
};

/// A job's position in its queue as integers only (KAI job order: higher priority, then the
/// elastic rank (below minMember, at it, above it), then older, then name), so the per-queue
/// pending index can be kept sorted without touching strings.
struct JobKey {
  /// The elastic rank of a job with `active` pods: below minMember (0), at it (1), above it (2).
  [[nodiscard]] static int32_t rank_of(int64_t active, int64_t min_member) {
    return active < min_member ? 0 : active == min_member ? 1 : 2;
  }

  int64_t neg_priority = 0;
  int32_t elastic_rank = 0;
  int64_t creation_us = 0;
  uint32_t name_rank = 0;
  JobId job;
  PodId head;  ///< payload after the unique job id (never decides the order): the next task

  friend auto operator<=>(const JobKey&, const JobKey&) = default;
};

struct JobInfo {
  std::string namespace_name;
  std::string name;
  std::string queue_name;
  QueueId queue;  ///< invalid when the queue does not exist (QueueDoesNotExist)
  int64_t priority = 50;
  bool preemptible = true;
  int64_t min_member = 1;
  int64_t creation_us = 0;
  uint32_t name_rank = 0;  ///< rank of (namespace, name) among all jobs
  std::vector<PodId> pods;
  int64_t pending_pods = 0;    ///< pods in kPending
  int64_t active_pods = 0;     ///< pods holding a node (pipelined, binding, running, releasing)
  int64_t releasing_pods = 0;  ///< pods in kReleasing (part of active_pods)
  int64_t succeeded_pods = 0;
  /// Bumped whenever one of the job's pods changes phase (ClusterState::set_phase) and when the
  /// templates are renumbered (assign_template_classes): while it stands still, what the job's
  /// scheduling signature, its next chunk and its readiness read have not changed.
  uint64_t phase_revision = 0;
  static constexpr uint64_t kNoRevision = std::numeric_limits<uint64_t>::max();
  /// Kept between sessions while phase_revision stands still (the reference mode ignores
  /// both): the request of the job's next chunk (AllocateAction::next_request), and the
  /// revision at which its pods were told that it is not ready (AllocateAction::ready; any
  /// other reason written to one of its pods clears it, ClusterState::set_pod_reason).
  uint64_t request_revision = kNoRevision;
  QuotaVector next_request{};
  uint64_t not_ready_revision = kNoRevision;
  std::optional<int64_t> staleness_grace_us;  ///< `spec.stalenessGracePeriod`; nullopt = 60 s
  std::optional<int64_t> preemption_delay_us;
  std::optional<int64_t> last_start_us;  ///< last time the job went from no pod bound to bound
  std::optional<int64_t> last_eviction_us;
  std::optional<int64_t> stale_since_us;
  std::optional<JobKey> indexed;  ///< where the job sits in the pending index, if anywhere
  /// Where the job sits in its queue's ClusterState::victim_jobs, if anywhere.
  std::optional<size_t> bound_at;

  /// Pods pipelined, binding or running (holding a node and not releasing).
  [[nodiscard]] int64_t bound_pods() const { return active_pods - releasing_pods; }

  /// KAI's alive tasks (pod_status.IsAliveStatus: pending, pipelined, binding, bound or
  /// running; not releasing, succeeded or failed). A gang is ready for scheduling when they are
  /// at least minMember (podgroup_info IsReadyForScheduling), so pods that already succeeded do
  /// not help a gang whose other members were evicted and recreated.
  [[nodiscard]] int64_t alive_pods() const { return pending_pods + bound_pods(); }

  std::optional<JobTopology> topology;  ///< the PodGroup's topologyConstraint, resolved
  /// The PodGroup's subgroups (null without: then `min_member` is the gang). With subgroups the
  /// gang rules are the tree's (model/cluster/subgroups.h) and `min_member` is their sum of
  /// leaf minimums, for messages only.
  std::shared_ptr<const SubGroupTree> subgroups;
};

struct QueueInfo {
  Queue spec;
  QueueId parent;
  bool leaf = true;
  uint32_t creation_order = 0;  ///< load order: KAI's creationTimestamp tie-break
};

class ImplicitTolerations;

namespace dra {
class Inventory;
class SelectorEvaluator;
}  // namespace dra

/// Dynamic resource allocation as the scenario's profile and release configure it.
struct DraContext {
  bool enabled = true;  ///< core DRA (DynamicResourceAllocation) is on
  dra::DraFeatures features;
  std::shared_ptr<const dra::Inventory> inventory;
  /// One shared copy of each input ResourceSlice (by its index in the ObjectSet), made when the
  /// slice first exists: every inventory rebuild shares these instead of copying the slices.
  std::vector<std::shared_ptr<const ResourceSlice>> slice_copies;
  std::shared_ptr<dra::SelectorEvaluator> selectors;
  /// DeviceClassByResource for the KEP-5004 bridge, rebuilt with the inventory.
  std::shared_ptr<const ExtendedResourceMap> extended;
  /// KEP-5004 synthetic claims already built (synthetic_claim), by the pod's fit class (high 32
  /// bits) and the set of its `dra_capable` entries DRA serves on the node (a bit each, low 32
  /// bits); null: DRA serves none of them through a class there. Emptied with `extended`.
  std::unordered_map<uint64_t, std::shared_ptr<const SyntheticClaim>> synthetic_claims;
  uint64_t seed = 1;  ///< generated claim names derive from it
  /// KAI requires shared GPU claims (not from a template) to carry this label with the job's
  /// queue (kai-scheduler-behavior.md section 6.1); empty under kube-scheduler.
  std::string shared_claim_queue_label;
};

class ClusterState {
 public:
  ResourceNames names;
  std::vector<NodeInfo> nodes;
  std::vector<PodTemplate> templates;
  std::vector<PodInfo> pods;
  std::vector<JobInfo> jobs;
  std::vector<QueueInfo> queues;
  std::vector<QueueUsage> queue_usage;   ///< by queue, descendants included
  std::vector<TopologyTree> topologies;  ///< one per Topology, in load order
  dra::ClaimBook claims;
  std::vector<PodId> suspended;  ///< pods with suspended claims, in the order they left them
  DraContext dra;
  DraFilterMemo dra_memo;
  /// Free GPUs by block of nodes (call touch_node after changing a node's idle, releasing,
  /// allocatable or presence outside the charge functions).
  FreeGpuIndex free_gpus;
  /// The fair-share total and the pool maximum, kept between node changes (read it through
  /// totals(); call nodes_changed after changing a node's allocatable, presence or condition).
  NodeTotalsCache node_totals;
  /// The static node filters' verdicts per placement class, kept between changes of node
  /// labels, taints and conditions (call filters_changed after such a change).
  TaskFilterCache node_filters;
  /// The configured implicit-toleration rules (null when there are none).
  std::shared_ptr<const ImplicitTolerations> implicit_tolerations;
  /// Pending index: per leaf queue, the jobs with pending pods in job order; jobs whose queue
  /// is missing or not a leaf sit in `pending_unqueued`. Maintained by submit/place/remove.
  std::vector<std::set<JobKey>> pending_by_queue;
  std::set<JobId> pending_unqueued;
  /// Jobs with pods on nodes but fewer than minMember of them and none succeeded: the stale gang
  /// eviction's candidates (maintained by reindex).
  std::set<JobId> below_min_member;
  /// By QueueId, the queue's preemptible jobs with bound pods (pipelined, binding or running;
  /// releasing ones do not count), in no particular order: the victims EvictionCandidates
  /// starts from instead of every job (maintained by reindex, begin_release and undo_release;
  /// JobInfo::bound_at).
  std::vector<std::vector<JobId>> victim_jobs;
  /// By QueueId, how many of the queue's victim_jobs have each priority (maintained with
  /// them): the lowest priority a preemption can reach, without walking the jobs.
  std::vector<std::map<int64_t, uint32_t>> victim_priorities;
  uint32_t placement_classes = 0;  ///< number of distinct PodTemplate::placement_class values
  uint32_t fit_classes = 0;        ///< number of distinct PodTemplate::fit_class values

  /// Bumped whenever capacity is really freed: a pod finishes or leaves after an eviction, an
  /// eviction starts, a node or DRA objects appear (not by trial placements and rollbacks). A
  /// consolidation that failed for a job shape is retried only once this moved on
  /// (`consolidation_failed`).
  uint64_t freed_version = 0;
  /// Bumped by every touch_node, trial placements and rollbacks included: while it stands
  /// still, no node's accounting changed, so a placement attempt would repeat its answer.
  uint64_t nodes_version = 0;
  /// Pods on each node (by NodeId; place and remove keep it), unordered: read it through
  /// pods_on.
  std::vector<std::vector<PodId>> node_pods;

  /// A consolidation that failed for a job shape (by signature): the freed_version then, and
  /// the earliest wake-up its attempt asked for (a victim's minimum runtime ending). It is not
  /// retried while nothing was freed and that time has not come; each skip asks for the same
  /// wake-up, as the attempt would. KAI retries every cycle; the reference mode does too.
  struct ConsolidationFailure {
    uint64_t freed_version = 0;
    std::optional<int64_t> wake_at_us;
  };

  std::map<std::vector<uint32_t>, ConsolidationFailure> consolidation_failed;

  /// The jobs' scheduling signatures (model/kai/framework/job_signatures.h) kept between
  /// sessions, by JobId, with the phase_revision each was computed at: a session recomputes
  /// only the pending jobs whose pods changed phase since (or whose template classes were
  /// renumbered: assign_template_classes bumps every revision).
  struct SignatureMemo {
    uint64_t revision = JobInfo::kNoRevision;
    std::vector<uint32_t> signature;
  };

  std::vector<SignatureMemo> signature_memo;

  /// kube-scheduler's rotating start of the node scan (`nextStartNodeIndex`).
  size_t kube_next_start_node = 0;

  /// The profile's DRA behaviour switches (model/kai/api/switches.h).
  KaiSwitches kai;

  /// `--reference`: every index, cache and memo that only makes the scheduler faster is
  /// bypassed, and its answer is computed the slow, obvious way (full node scans, filters and
  /// the DRA allocator run again, every node re-snapshotted). The reports must not change: a
  /// ctest compares both modes (tests/reference/). What is KAI's own behaviour (fair shares
  /// divided at session open, scheduling signatures, kube-scheduler's partial node scan) stays.
  bool reference = false;

  /// The simulated time of the event being handled (set by the engine and by run_cycle).
  int64_t now_us = 0;
  /// Anomalies reported so far, in the order they were seen (model/cluster/anomaly.h).
  std::vector<Anomaly> anomalies;

  /// Keys of anomalies reported once only (report_once).
  std::set<std::string> reported;

  /// Records an anomaly at `now_us`.
  void report(Anomaly a) {
    a.at_us = now_us;
    anomalies.push_back(std::move(a));
  }

  /// Records an anomaly unless one with the same key was recorded before.
  void report_once(const std::string& key, Anomaly a) {
    if (reported.insert(key).second) {
      report(std::move(a));
    }
  }

  [[nodiscard]] const PodTemplate& spec_of(PodId p) const {
    return templates[pods[p.index()].spec.index()];
  }

  [[nodiscard]] NodeInfo& node(NodeId n) { return nodes[n.index()]; }

  /// A node's accounting (idle, used, releasing), allocatable or presence changed
  /// (FreeGpuIndex, `nodes_version`).
  void touch_node(NodeId n) {
    free_gpus.touch(n.index());
    ++nodes_version;
  }

  /// A node's allocatable, presence or condition problem changed (NodeTotalsCache).
  void nodes_changed() { node_totals.invalidate(); }

  /// A node's labels, taints or conditions, or the templates' placement classes, changed
  /// (TaskFilterCache).
  void filters_changed() { node_filters.invalidate(); }

  [[nodiscard]] const NodeTotals& totals() const {
    return node_totals.get(nodes, names, reference);
  }

  [[nodiscard]] const NodeInfo& node(NodeId n) const { return nodes[n.index()]; }

  [[nodiscard]] PodInfo& pod(PodId p) { return pods[p.index()]; }

  [[nodiscard]] const PodInfo& pod(PodId p) const { return pods[p.index()]; }

  /// `namespace/name` of a pod, as reports and anomalies name it.
  [[nodiscard]] std::string pod_key(PodId p) const {
    return spec_of(p).namespace_name + "/" + pod(p).name;
  }

  /// Node by name, if any (binary search; nodes are kept sorted by name).
  [[nodiscard]] std::optional<NodeId> find_node(std::string_view name) const;

  /// What a pod charges a node: the request with unadvertised slots zeroed (see above), and no
  /// GPU for a shared pod (its GPUs are charged through the node's GPU groups).
  [[nodiscard]] ResourceVector tracked_request(PodId pod, NodeId node) const;

  /// How a charge changes the node's shared-device references (section 2.6.4).
  enum class ChargeStep { kAdd, kRemove, kChange };

  /// What the pod charges its node at this step: tracked_request less the GPUs of claim devices
  /// other pods on the node already hold (with `sharedClaimDedup`), updating the node's
  /// references and its `dra_gpu_saved`.
  ResourceVector charged_request(PodId pod, NodeId node, ChargeStep step);

  /// The node's idle vector as a snapshot builds it from the pods on it (an empty node, then
  /// every pod added in pod order), leaving the state alone: the independent check of a
  /// negative-idle anomaly (section 1.7; resnapshot_nodes does the same to the node itself).
  [[nodiscard]] ResourceVector snapshot_idle(NodeId node) const;

  /// Changes a node's allocatable (and idle) by `allocatable_delta` with its pods taken off and
  /// put back, so what they charge follows the new allocatable (slots the node now advertises
  /// or no longer advertises; KAI rebuilds its node vectors every session).
  void recharge_node(NodeId node, const ResourceVector& allocatable_delta);

  /// Rebuilds from its pods every node whose shared-GPU bookkeeping changed since the last call,
  /// as KAI's next session does from its snapshot. Two parts of that bookkeeping depend on the
  /// order of a session's operations, and KAI drops what they leave with the session:
  /// - the whole-GPU guard of shared groups (addSharedGPUTaskResourcesPerPodGroup) compares the
  ///   node's GPU count with idle + used + groups in use, and pipelined pods count in `used`
  ///   without leaving `idle`, so a group's GPU can be taken twice or given back twice;
  /// - the shared-device dedup (DRASharedDeviceRefCount) charges a device to whichever pod came
  ///   first, so a binding pod can inherit the charge of a pipelined one, which took it from
  ///   releasing capacity rather than idle.
  /// Call this when a session closes.
  void resnapshot_nodes();

  /// The pods on a node (pipelined, binding, running or releasing), by PodId.
  [[nodiscard]] std::vector<PodId> pods_on(NodeId node) const;

  /// A timeline event gives a node a new manifest: labels, taints, conditions,
  /// `spec.unschedulable` and `status.allocatable` (DRA GPUs stay as the slices say); the
  /// node's pods are charged again against it, as KAI's next snapshot would charge them.
  /// Resource names must have been interned at build (BuildOptions::extra_nodes).
  void update_node(NodeId node, const Node& version);

  /// Cordon (`kubectl cordon`) or uncordon a node.
  void set_cordoned(NodeId node, bool cordoned);

  /// A node appears (its `drasim.dev/at` time) or is removed by a timeline event.
  void set_present(NodeId node, bool present);

  /// The node side of placing a pod in `phase` (and of taking it off in its current phase):
  /// used / idle / releasing, GPU groups, pod count and host ports.
  void node_add(PodId pod, NodeId node, PodPhase phase);
  void node_sub(PodId pod);

 private:
  /// charged_request and node_add on `n`, which stands for node `node` (the node itself, or a
  /// scratch copy of it).
  ResourceVector charge_on(NodeInfo& n, PodId pod, NodeId node, ChargeStep step) const;
  void add_on(NodeInfo& n, PodId pod, NodeId node, PodPhase phase) const;
  /// Sets `n.resnapshot` (n stands for node `node`) and queues the node for resnapshot_nodes.
  void flag_resnapshot(NodeInfo& n, NodeId node) const;
  /// The nodes flagged for resnapshot_nodes since it last ran (and nodes whose scratch copy was
  /// flagged, which it skips).
  mutable std::vector<NodeId> resnapshot_queue_;
  /// Rebuilds `n` (node `node` or a scratch copy of it) from the pods on the node, as a
  /// snapshot builds it: recharge_node, snapshot_idle and resnapshot_nodes share it.
  void rebuild_on(NodeInfo& n, NodeId node) const;

 public:
  /// Every change of a pod's phase goes through here: it bumps the job's phase_revision.
  void set_phase(PodInfo& p, PodPhase phase) {
    p.phase = phase;
    ++jobs[p.job.index()].phase_revision;
  }

  /// Submits a pod: kNotSubmitted -> kPending.
  void submit(PodId pod);

  /// Ends a pod that never ran (kNotSubmitted -> kSucceeded or kFailed, from its manifest).
  void finish_unplaced(PodId pod, PodPhase phase);

  /// A pending pod is deleted (a timeline event): it stops waiting and ends in `phase`.
  void withdraw(PodId pod, PodPhase phase);

  /// Places a pending pod on a node in `phase`: kBinding or kRunning charge idle (KAI: idle -=
  /// track); kPipelined consumes releasing capacity instead (releasing -= track). A shared pod
  /// joins the GPU groups in its `gpu_groups`; one placed without them (bound in the input, where
  /// KAI would read its `runai-gpu-group` label) takes the groups gpupack would choose.
  void place(PodId pod, NodeId node, PodPhase phase);

  /// Removes a placed pod from its node (returning its resources) and sets `phase`.
  void remove(PodId pod, PodPhase phase);

  /// A binding or running pod starts terminating (an eviction): kReleasing, its tracked vector
  /// moves into the node's releasing vector (KAI: `ReleasingVector += track`; idle unchanged
  /// because it was already charged). `undo_release` reverses it (a rolled-back eviction): the pod
  /// returns to the phase it was released from (`PodInfo::released_from`).
  void begin_release(PodId pod);
  void undo_release(PodId pod);

  /// A shared pod evicted in this session is held elsewhere by the eviction solver's
  /// simulation (Statement::shadow): `groups` on `node` are taken (`add`) or given back as a
  /// pipelined pod's would be; the pod's own groups stay where it is releasing.
  void shadow_groups(PodId pod, NodeId node, const std::vector<uint32_t>& groups, bool add);

  /// Reserves every claim of a pod for it, first writing `fresh[i]` into the i-th of its claims
  /// that is not allocated yet (the scheduler's Reserve and PreBind), and records the devices.
  void reserve_claims(PodId pod, std::vector<AllocationResult> fresh);

  /// Removes the pod from `reservedFor` of its claims. A claim nobody reserves any more is
  /// deallocated when the scheduler allocated it (or when `only_fresh` lists it: the claims a
  /// rolled-back placement allocated). With `pod_gone`, the claims generated for the pod from
  /// templates are deleted and the device record is kept for the report.
  void release_claims(PodId pod, bool pod_gone, const std::vector<ClaimId>* only_fresh = nullptr);

  /// A victim the session moves (Statement::shadow) holds its claims where it would land: the
  /// claims its eviction left unallocated take `fresh` (the structured allocator's results for
  /// that node), and the pod is reserved on every claim again. Its device record stays that of
  /// the node it is releasing on. Returns the claims allocated, for unshadow_claims.
  [[nodiscard]] std::vector<ClaimId> shadow_claims(PodId pod, std::vector<AllocationResult> fresh);

  /// Undoes shadow_claims: the pod leaves reservedFor again and `fresh` are deallocated, so the
  /// claims are as its eviction left them (suspended).
  void unshadow_claims(PodId pod, const std::vector<ClaimId>& fresh);

  /// KEP-5004: the pod takes its synthetic claim's devices on its node (placement; the claim
  /// is created with its final generated name and the pod as owner and consumer).
  void hold_bridge_claim(PodId pod, const ResourceClaim& synthetic, AllocationResult allocation,
                         RequestMappings mappings);

  /// The bridge claim goes away (a rolled-back placement, or the pod is gone and the garbage
  /// collector deletes it): devices freed, the double-counted GPUs dropped. With `pod_gone` the
  /// device record is kept for the report.
  void drop_bridge_claim(PodId pod, bool pod_gone);

  /// The binder's part: the claim's metadata (generateName, annotation, owner, finalizer) and
  /// the pod's `extendedResourceClaimStatus`. With `skipBridgeClaimsInGpuCount` off, KAI now
  /// counts the claim's GPUs on top of the container request (re-charging node and queue).
  void bind_bridge_claim(PodId pod);

  /// A failed bind's rollback: the pod leaves its node and returns to pending; its ordinary
  /// claims stay as they are (KAI's binder does not undo them). The KEP-5004 claim is deleted,
  /// or, with `leave_claim`, stays as a leftover until delete_leftover_claim.
  void fail_bind(PodId pod, bool leave_claim);

  /// The leftover claim's deletion completes (no-op when the pod reuses it by now).
  void delete_leftover_claim(PodId pod);

  /// KAI's binder finds the pod's leftover claim and keeps its allocation (a stale-claim
  /// anomaly when it differs from `chosen`, the scheduler's allocation).
  void reuse_leftover_claim(PodId pod, const AllocationResult& chosen);

  /// Tells the filter memo which node's answers an allocation change makes stale: the node a
  /// pool is local to (every slice of the pool names it), or every node otherwise.
  void note_devices_changed(const AllocationResult& allocation);

  /// Clears a claim's allocation and `reservedFor` (kube-scheduler's PostFilter).
  void deallocate_claim(ClaimId claim);

  /// A named claim reaches its `drasim.dev/at` time (an allocation it carries holds devices).
  void claim_appears(ClaimId claim);

  /// A pod bound in the input (`spec.nodeName`) holds its claims as they are: it joins
  /// `reservedFor` of those that exist and are allocated, and their devices are recorded.
  void adopt_claims(PodId pod);

  /// A pod evicted inside a session leaves its claims for the rest of the session (KAI's
  /// dynamicresources deallocateHandlerFn): it is removed from their `reservedFor`, and a claim
  /// nobody else reserves is deallocated, so the structured allocator may give its devices to
  /// the preemptor. resume_claims puts everything back (an eviction rolled back or un-evicted);
  /// resume_suspended_claims does it for every pod when the session closes: a victim really
  /// evicted is still terminating and holds its claims until it is gone.
  void suspend_claims(PodId pod);
  void resume_claims(PodId pod);
  void resume_suspended_claims();

  /// Whether the devices the pod's suspended claims gave up are all still free.
  [[nodiscard]] bool can_resume_claims(PodId pod) const;

  /// Whether suspend_claims would change any claim of the pod: it holds a present claim of its
  /// own. A running pod's KEP-5004 claim is not among them, so evicting such a pod inside a
  /// session frees no device (kai-scheduler-behavior.md 6.1, the open issue as read).
  [[nodiscard]] bool suspends_claims(PodId pod) const;

  /// A pod bound in the input that names its KEP-5004 claim in
  /// `status.extendedResourceClaimStatus` holds that claim as its bridge claim: its devices are
  /// the pod's. Call before placing the pod (the node charge reads its devices) and
  /// bind_bridge_claim after (KAI's snapshot reads the claim as the pod's). A claim that is
  /// missing or not allocated is ignored.
  void adopt_bridge_claim(PodId pod);

  /// The pod's claims that are not allocated, in `spec.resourceClaims` order.
  [[nodiscard]] std::vector<ClaimId> unallocated_claims(PodId pod) const;

  /// What a pod charges its queue: its template's quota vector, with a placed gpu-memory pod's
  /// GPUs as its portion on its node.
  [[nodiscard]] QuotaVector quota_of(PodId pod) const;

  /// Adds `sign` times the pod's quota vector to the `pending` (or the allocated) usage of its
  /// queue and every ancestor.
  void charge_queue(PodId pod, bool allocated, int sign);

  /// Brings a job's entries in the pending index, `below_min_member` and `victim_jobs` up to
  /// date with its pod counts.
  void reindex(JobId job);

  /// Brings a job's entry in `victim_jobs` up to date.
  void index_bound(JobId job);

  /// Records why a pending pod is pending.
  void set_pod_reason(PodId pod, const std::string& reason);

  /// Why the pod is pending; empty when no cycle said.
  [[nodiscard]] const std::string& reason_of(PodId pod) const { return pods[pod.index()].reason; }

  /// The first pending pod of a job in KAI's task order (task-priority label, age, name).
  [[nodiscard]] std::optional<PodId> first_pending(const JobInfo& job) const;

  /// A job's pods by subgroup leaf, each list in task order (the job has subgroups). Pods in
  /// `also_pending` count as pending (a victim simulation's evicted pods).
  [[nodiscard]] SubGroupPods subgroup_pods(const JobInfo& job,
                                           const std::vector<PodId>* also_pending = nullptr) const;

  /// The job's elastic state for job order: below minMember (0), at it (1), above it (2), by
  /// its active allocated pods, and with `releasing` also those releasing (the pending index
  /// counts them: an eviction does not reindex the job).
  [[nodiscard]] int32_t elastic_rank(const JobInfo& job, bool releasing) const;

  /// KAI IsReadyForScheduling: enough alive pods for minMember, or every subgroup ready.
  [[nodiscard]] bool ready_for_scheduling(const JobInfo& job) const;

  /// KAI task order: whether pod `a` is tried before pod `b`.
  [[nodiscard]] bool task_before(PodId a, PodId b) const;

  /// Verifies idle + used + GPUs taken by shared groups == allocatable on every node, pod counts
  /// and the groups' memory recomputed from the pods (outside sessions, when no pod is
  /// pipelined); aborts on violation.
  void check_invariants() const;
};

}  // namespace drasim::model
