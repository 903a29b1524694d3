#pragma once
/// KAI's BindRequest (scheduling.run.ai/v1alpha2; KAI:
/// pkg/apis/scheduling/v1alpha2/bindrequest_types.go): the scheduler's decision for a pod that
/// the binder has not carried out yet. A snapshot taken while pods were binding holds them; the
/// pods are then bound at time 0 to the node chosen, with the claim allocations chosen, as KAI's
/// cache counts them (a pod with a BindRequest occupies its selected node).

#include "model/k8s/dra_objects.h"
#include "model/k8s/object_meta.h"
#include "model/k8s/object_set.h"
#include "sim/load/doc_reader.h"

#include <string>
#include <utility>
#include <vector>

namespace drasim::sim {

struct BindRequest {
  std::string namespace_name;
  std::string name;
  std::string pod_name;       ///< `spec.podName`
  std::string selected_node;  ///< `spec.selectedNode`
  std::string phase;          ///< `status.phase`: Pending, Succeeded, Failed or empty
  /// `spec.resourceClaimAllocations`: claim name and the allocation the binder writes.
  std::vector<std::pair<std::string, model::AllocationResult>> claim_allocations;
  size_t gpu_groups = 0;  ///< `spec.selectedGPUGroups` (a fractional pod's GPU groups)
  model::SourceRef source;
};

BindRequest decode_bind_request(const Cursor& root, uint32_t file_index);

/// Binds each pod a BindRequest names (same namespace, `spec.podName`) to its selected node
/// unless it has a node already or the request failed, and writes the request's claim
/// allocations (and the pod as a consumer) into claims that have none. Returns what could not
/// be carried, one line each: requests for pods the input lacks, and GPU groups (drasim chooses
/// a fractional pod's groups again, as gpupack would).
std::vector<std::string> apply_bind_requests(const std::vector<BindRequest>& requests,
                                             model::ObjectSet& objects);

}  // namespace drasim::sim
