#pragma once
/// A pod's resource request as KAI computes it (`pod_info.NewTaskInfo`,
/// kai-scheduler-behavior.md section 1.3).

#include "model/k8s/pod.h"
#include "model/kai/api/queue_usage.h"
#include "model/kai/api/resource_vector.h"

namespace drasim::model {

/// ResReqVector of a pod: `max(sum(containers) + sum(sidecars), init peak)` per slot, where
/// the init peak is the largest `init request + sidecars declared before it` over regular init
/// containers; plus `spec.overhead`; the pods slot is always 1.
ResourceVector pod_request(const PodSpec& spec, ResourceNames& names);

/// What a request charges a queue (cpu, memory, TotalGPUs): the gpu slot plus G GPUs for each
/// `nvidia.com/mig-<G>g.<M>gb` slice (resource_info TotalGPUs), in milli-GPUs.
QuotaVector quota_vector(const ResourceVector& request, const ResourceNames& names);

/// kube-scheduler's scoring request (`resourcehelper.PodRequests` with
/// `NonMissingContainerRequests`): cpu millicores and memory bytes, where a container that
/// sets no cpu (memory) request counts as 100m (200Mi); same sum / init-peak / overhead rules.
struct NonZeroRequest {
  int64_t milli_cpu = 0;
  int64_t memory = 0;
};

NonZeroRequest nonzero_request(const PodSpec& spec);

/// Whether the pod asks for anything beyond cpu, memory, ephemeral-storage and hugepages,
/// i.e. for devices served by a device plugin (or, later, by DRA).
bool uses_extended_resources(const PodSpec& spec);

}  // namespace drasim::model
