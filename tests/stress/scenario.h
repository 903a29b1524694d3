#pragma once
// The scenario model: what the generator decided, before it is written out as YAML.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::stress {

/// The DRA driver of every ResourceSlice, and the name of the DeviceClass that selects it.
inline constexpr std::string_view kDriver = "gpu.nvidia.com";

struct NodeInfo {
  std::string name;
  bool dra = false;  ///< GPUs published in a ResourceSlice instead of nvidia.com/gpu
  int gpus = 0;
  int cpu = 0;
  int free_gpus = 0;  ///< left after the pre-bound pods
  int free_cpu = 0;
  bool memory_label = false;    ///< nvidia.com/gpu.memory, which gpu-memory pods need
  bool slices_touched = false;  ///< a driverRestart, deviceTaint or migrate already uses it
  /// Its devices have bindingConditions [Attached] and bindingFailureConditions [AttachFailed].
  bool attach = false;
};

struct QueueInfo {
  std::string name;
  std::string parent;
  int quota = -1;
  int limit = -1;
  int weight = 1;
  std::optional<int> priority;
  bool leaf = true;
};

enum class GpuAsk { kNone, kWhole, kFraction, kMemory, kClaim, kSharedClaim };

struct PodInfo {
  std::string name;
  std::string queue;     ///< the kai.scheduler/queue label; empty for PodGroup members
  std::string group;     ///< pod-group-name
  std::string subgroup;  ///< the kai.scheduler/subgroup-name label, if any
  int replicas = 1;
  int at_s = 0;
  std::optional<int> runtime_s;
  std::string priority_class;  ///< spec.priorityClassName (bare pods only)
  std::optional<int> grace_s;
  std::string node_name;  ///< pre-bound and Running when set
  int cpu = 1;
  int memory_gi = 4;
  GpuAsk ask = GpuAsk::kNone;
  int gpus = 0;
  std::string fraction;
  int gpu_memory_mib = 0;
  int fraction_devices = 0;
  std::string claim;  ///< a ResourceClaimTemplate (kClaim) or ResourceClaim (kSharedClaim)
  std::string pool;   ///< nodeSelector drasim.dev/pool
};

/// One `spec.subGroups` entry: a leaf with its minMember, or a parent (min_member < 0).
struct SubGroupInfo {
  std::string name;
  std::string parent;
  int min_member = -1;
};

struct GroupInfo {
  std::string name;
  std::string queue;
  std::string priority_class;
  int min_member = 1;
  int at_s = 0;
  std::vector<SubGroupInfo> subgroups;  ///< when set, `min_member` is not written
  bool min_sub_group_one = false;       ///< spec.minSubGroup: 1
};

struct ClaimInfo {
  std::string name;
  std::string queue;
};

struct Settings {
  std::string profile = "kai";
  std::string placement = "binpack";
  int horizon_s = 240;
  bool guard_off = false;     ///< features: {draOnlyNodeGuard: false}
  bool bridge = false;        ///< the DeviceClass maps nvidia.com/gpu (KEP-5004)
  bool shadow_class = false;  ///< a second, newer class maps nvidia.com/gpu too
  bool taint_gate = false;    ///< DRADeviceTaints, needed by deviceTaint events
  /// DRADeviceBindingConditions and DRAResourceClaimDeviceStatus (some node's devices have
  /// binding conditions), with a 30 s bindingTimeout.
  bool binding_gate = false;
};

struct Scenario {
  uint64_t seed = 0;
  Settings settings;
  std::vector<NodeInfo> nodes;
  std::vector<QueueInfo> queues;
  std::vector<GroupInfo> groups;
  std::vector<PodInfo> pods;
  std::vector<ClaimInfo> claims;
  std::vector<std::string> events;  ///< YAML of each spec.events[] entry
  int pod_count = 0;                ///< pods after replica expansion
  bool migrates = false;            ///< a migrate event publishes DRA slices mid-run

  bool has_dra() const {
    return migrates
           || std::any_of(nodes.begin(), nodes.end(), [](const NodeInfo& n) { return n.dra; });
  }

  bool is_kai() const { return settings.profile != "kube-scheduler"; }

  int max_node_gpus() const {
    int most = 0;
    for (const NodeInfo& n : nodes) {
      most = std::max(most, n.gpus);
    }
    return most;
  }
};

}  // namespace drasim::stress
