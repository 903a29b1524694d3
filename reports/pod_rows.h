#pragma once
/// One flat row per pod, in report order (namespace, then name): what every writer shows.

#include "sim/observe/run_result.h"

#include <optional>
#include <string>
#include <vector>

namespace drasim::reports {

struct PodRow {
  std::string namespace_name;
  std::string name;
  std::string queue;
  std::string phase;
  std::string node;  ///< empty while pending
  std::string path;  ///< device-plugin, dra or none
  sim::SimTime submitted;
  std::optional<sim::SimTime> bound;
  std::optional<sim::SimTime> finished;
  std::string reason;                     ///< empty unless pending
  std::vector<model::PodDevice> devices;  ///< devices the pod's claims held
  /// `status.extendedResourceClaimStatus` once the binder wrote it (KEP-5004 pods).
  std::optional<model::ExtendedClaimStatus> extended_claim_status;
  /// Tolerations the implicit-tolerations rules implied for the pod (the filter's view).
  std::vector<model::ImpliedToleration> implicit_tolerations;
  /// Shared-GPU pods only: the GPU groups the pod holds or held, and its portion of each device
  /// on that node (unknown for a gpu-memory pod that never had a node).
  bool gpu_shared = false;
  std::vector<std::string> gpu_groups;
  std::optional<double> gpu_portion;
  uint32_t evictions = 0;        ///< times the scheduler evicted the pod
  std::string eviction_message;  ///< the scheduler's words for the last eviction
};

std::vector<PodRow> pod_rows(const sim::RunResult& result);

/// Counts for the summary block.
struct PodCounts {
  int64_t pods = 0;
  int64_t bound = 0;
  int64_t completed = 0;
  int64_t pending = 0;
  int64_t evicted = 0;
  int64_t failed = 0;
};

PodCounts count_pods(const std::vector<PodRow>& rows);

}  // namespace drasim::reports
