#include "sim/load/object_dispatch.h"

#include "sim/load/decoders.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <map>
#include <optional>

namespace drasim::sim {
namespace {

Dispatched decode_dra(const Cursor& root, uint32_t f, const std::string& api,
                      const std::string& kind, model::ObjectSet& o) {
  const bool current = api == "resource.k8s.io/v1" || api == "resource.k8s.io/v1beta1"
                       || api == "resource.k8s.io/v1beta2";
  if (kind == "DeviceTaintRule") {
    if (api == "resource.k8s.io/v1beta1") {
      root["apiVersion"].error("one of resource.k8s.io/v1alpha3, v1beta2, v1");
      return Dispatched::kDecoded;
    }
    o.device_taint_rules.push_back(decode_device_taint_rule(root, f));
    return Dispatched::kDecoded;
  }
  const bool known = kind == "DeviceClass" || kind == "ResourceSlice" || kind == "ResourceClaim"
                     || kind == "ResourceClaimTemplate";
  if (!known) {
    return Dispatched::kUnknown;
  }
  if (!current) {
    root["apiVersion"].error(
        "one of resource.k8s.io/v1, v1beta2, v1beta1 (classic DRA before 1.31 is not modelled)");
    return Dispatched::kDecoded;
  }
  if (kind == "DeviceClass") {
    o.device_classes.push_back(decode_device_class(root, f));
  } else if (kind == "ResourceSlice") {
    o.resource_slices.push_back(decode_resource_slice(root, f));
  } else if (kind == "ResourceClaim") {
    o.resource_claims.push_back(decode_resource_claim(root, f, api));
  } else {
    o.resource_claim_templates.push_back(decode_resource_claim_template(root, f, api));
  }
  return Dispatched::kDecoded;
}

/// The workload controllers drasim expands, by apiVersion and kind (KAI's podgrouper hub,
/// pkg/podgrouper/podgrouper/hub/hub.go, knows these versions).
std::optional<model::WorkloadKind> workload_kind(const std::string& api, const std::string& kind) {
  using K = model::WorkloadKind;
  static const std::map<std::pair<std::string_view, std::string_view>, K> kKinds = {
      {{"apps/v1", "Deployment"}, K::kDeployment},
      {{"apps/v1", "ReplicaSet"}, K::kReplicaSet},
      {{"apps/v1", "StatefulSet"}, K::kStatefulSet},
      {{"batch/v1", "Job"}, K::kJob},
      {{"jobset.x-k8s.io/v1alpha2", "JobSet"}, K::kJobSet},
      {{"kubeflow.org/v1", "PyTorchJob"}, K::kPyTorchJob},
      {{"kubeflow.org/v1", "MPIJob"}, K::kMPIJob},
      {{"kubeflow.org/v2beta1", "MPIJob"}, K::kMPIJob},
  };
  const auto it = kKinds.find({api, kind});
  return it == kKinds.end() ? std::nullopt : std::optional<K>(it->second);
}

}  // namespace

Dispatched decode_object(const Cursor& root, uint32_t f, const std::string& api,
                         const std::string& kind, model::ObjectSet& o) {
  const std::string group = api.substr(0, api.find('/'));
  if (api == "v1" && kind == "Node") {
    o.nodes.push_back(decode_node(root, f));
  } else if (api == "v1" && kind == "Pod") {
    o.pods.push_back(decode_pod(root, f));
  } else if (api == "v1" && kind == "Namespace") {
    o.namespaces.push_back(decode_namespace(root, f));
  } else if (api == "scheduling.k8s.io/v1" && kind == "PriorityClass") {
    o.priority_classes.push_back(decode_priority_class(root, f));
  } else if (api == "scheduling.run.ai/v2" && kind == "Queue") {
    o.queues.push_back(decode_queue(root, f));
  } else if (api == "scheduling.run.ai/v2alpha2" && kind == "PodGroup") {
    o.pod_groups.push_back(decode_pod_group(root, f));
  } else if (api == "kai.scheduler/v1alpha1" && kind == "Topology") {
    o.topologies.push_back(decode_topology(root, f));
  } else if (const auto workload = workload_kind(api, kind)) {
    o.workloads.push_back(decode_workload_object(root, f, *workload, api));
  } else if (group == "resource.k8s.io") {
    return decode_dra(root, f, api, kind, o);
  } else {
    return Dispatched::kUnknown;
  }
  return Dispatched::kDecoded;
}

void decode_applied(const Cursor& root, uint32_t file_index, model::ObjectSet& out) {
  if (!root.expect_map("a Kubernetes object (a mapping)")) {
    return;
  }
  const std::string api = root["apiVersion"].required_str("an apiVersion such as v1");
  const std::string kind = root["kind"].required_str("a kind such as Pod");
  if (kind == "List" && api == "v1") {
    for (const Cursor& item : root["items"].items()) {
      decode_applied(item, file_index, out);
    }
  } else if (!api.empty() && !kind.empty()
             && decode_object(root, file_index, api, kind, out) == Dispatched::kUnknown) {
    root["kind"].error("a kind drasim models (Node, Pod, Queue, PodGroup, DeviceClass, ...)",
                       fmt::format("{} ({})", quote(kind), quote(api)));
  }
}

}  // namespace drasim::sim
