#pragma once
/// Resource fit and device choice for shared-GPU (gpu-fraction / gpu-memory) tasks, which the
/// cluster state itself uses to give an input-bound shared pod its GPU groups
/// (kai-scheduler-behavior.md sections 2.2 and 3.5; KAI: pkg/scheduler/api/node_info/node_info.go,
/// pkg/scheduler/gpu_sharing/gpuSharing.go). The predicates plugin turns a SharedFitGap into its
/// reason, and gpusharingorder's score is in the nodeplacement plugin.

#include "model/cluster/cluster_state.h"
#include "model/kai/api/placement_strategy.h"

#include <cstdint>
#include <string>
#include <vector>

namespace drasim::model {

/// Memory one device of the template's request takes on the node.
int64_t shared_task_mib(const PodTemplate& t, const NodeInfo& node);

/// Existing groups of the node the task fits, capped at its device count
/// (`fractionTaskGpusAllocatableDeviceCount`).
int64_t fitting_groups(const PodTemplate& t, const NodeInfo& node);

/// Resource fit of a shared task on idle (+ releasing unless `idle_only`): every slot but GPU
/// fits, the node portion is valid (at most 1 or whole), and
/// `floor(V[gpu]) + fitting groups >= devices`.
bool shared_resources_fit(const PodTemplate& t, const NodeInfo& node, bool idle_only);

/// The first part of a shared task's resource fit on idle + releasing that fails, in KAI's order
/// (`lessEqualVectorsExcludingGPU`, `isValidGpuPortion`, then whole GPUs plus fitting groups).
struct SharedFitGap {
  enum class Kind { kNone, kSlot, kPortion, kWholeGpus };
  Kind kind = Kind::kNone;
  size_t slot = 0;  ///< kSlot: the first slot other than GPU that is short
};

SharedFitGap shared_fit_gap(const PodTemplate& t, const NodeInfo& node);

/// The GPUs a shared task takes on a node (`FittingGPUs` + `GetNodePreferableGpuForSharing`):
/// fitting existing groups and whole idle+releasing GPUs, ordered by gpupack (fullest group
/// first) or gpuspread (whole GPUs first); equal scores keep candidate order (KAI: map order;
/// here groups by id, then whole GPUs). A whole GPU opens a new group.
/// `releasing` says the task must be pipelined (a group short of idle memory, or the task does
/// not fit on idle resources).
struct GpuChoice {
  std::vector<uint32_t> groups;
  bool releasing = false;
};

GpuChoice choose_gpus(const PodTemplate& t, const NodeInfo& node, PlacementStrategy strategy);

}  // namespace drasim::model
