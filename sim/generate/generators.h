#pragma once
/// Expansion of `spec.generate[]` into ordinary Kubernetes objects (Nodes, ResourceSlices, Pods,
/// PodGroups, ResourceClaimTemplates), appended to `Scenario::objects` so that everything
/// downstream sees them like objects read from YAML. Every generated object's `meta.source` is
/// its generator's position (a trace row's for trace jobs).
///
/// Determinism: every random draw comes from a RandomStream seeded with
/// `seeded_hash(scenario seed, "<kind>/<generator name>", stream)`, one stream each for arrivals,
/// job shapes (gang size, GPUs, queue, priority class) and runtimes, so changing one parameter
/// does not shift the others' draws. Random times are rounded: arrivals to milliseconds,
/// runtimes to whole seconds (at least 1 s, at most 365 days).
///
/// Names: node pool nodes from the pattern; job j of workload w is `w-j` and its pods `w-j-p`.
/// A job of more than one pod gets a PodGroup named after it (minMember = gang size, the queue,
/// priority class and preemptibility); every pod has a controller ownerReference to the batch/v1
/// Job of that name, so an evicted pod is recreated as a Job's would be.

#include "sim/generate/random_stream.h"
#include "sim/load/diagnostic.h"
#include "sim/load/generator_spec.h"
#include "sim/load/scenario.h"

#include <cstdint>
#include <optional>

namespace drasim::sim {

/// Appends the objects of every generator of `scenario` to its objects. Crossing
/// kMaxGeneratedNodes or kMaxGeneratedPods is reported at the generator that crosses it.
void expand_generators(Scenario& scenario, Diagnostics& diagnostics);

/// One draw of a workload's runtime distribution in microseconds (nullopt: until the end).
std::optional<int64_t> draw_runtime_us(const Runtime& runtime, RandomStream& rng);

}  // namespace drasim::sim
