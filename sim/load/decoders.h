#pragma once
/// One decoder per object kind: a document's root Cursor in, the model object out. Problems are
/// reported through the Cursor; the returned object holds whatever was valid.

#include "model/k8s/dra_objects.h"
#include "model/k8s/kai_objects.h"
#include "model/k8s/node.h"
#include "model/k8s/pod.h"
#include "model/k8s/workload.h"
#include "sim/load/doc_reader.h"

#include <cstdint>

namespace drasim::sim {

model::Node decode_node(const Cursor& root, uint32_t file_index);
model::Pod decode_pod(const Cursor& root, uint32_t file_index);
/// A pod template (`spec.template` of a controller): labels, annotations and spec, checked as
/// a Pod's are.
model::PodTemplateSpec decode_pod_template(const Cursor& tmpl, uint32_t file_index);

/// The podgrouper annotations of an owner or template (`metadata.annotations` at `annotations`).
model::GrouperHints decode_grouper_hints(const Cursor& annotations, uint32_t file_index);

/// A workload controller of `kind` (the dispatcher picked it by apiVersion and kind).
model::Workload decode_workload_object(const Cursor& root, uint32_t file_index,
                                       model::WorkloadKind kind, const std::string& api_version);

model::Namespace decode_namespace(const Cursor& root, uint32_t file_index);
model::PriorityClass decode_priority_class(const Cursor& root, uint32_t file_index);

model::Queue decode_queue(const Cursor& root, uint32_t file_index);
model::PodGroup decode_pod_group(const Cursor& root, uint32_t file_index);
model::Topology decode_topology(const Cursor& root, uint32_t file_index);

/// DRA kinds. `api_version` selects the spelling: `resource.k8s.io/v1` and `v1beta2` nest a
/// request's fields under `exactly`; `v1beta1` has them directly on the request.
model::DeviceClass decode_device_class(const Cursor& root, uint32_t file_index);
model::ResourceSlice decode_resource_slice(const Cursor& root, uint32_t file_index);
model::ResourceClaim decode_resource_claim(const Cursor& root, uint32_t file_index,
                                           std::string_view api_version);
model::ResourceClaimTemplate decode_resource_claim_template(const Cursor& root, uint32_t file_index,
                                                            std::string_view api_version);
model::DeviceTaintRule decode_device_taint_rule(const Cursor& root, uint32_t file_index);

/// A claim's `status.allocation` (also a BindRequest's): device results (at most 32) and the
/// node selector; nothing when it is not a mapping.
std::optional<model::AllocationResult> decode_allocation(const Cursor& c);

}  // namespace drasim::sim
