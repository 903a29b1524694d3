#pragma once
/// Pieces of the generator expansion shared by its files (sim/generate/generators.cpp,
/// sim/generate/generate_nodes.cpp, sim/generate/generate_jobs.cpp). Internal to sim/.

#include "model/k8s/object_set.h"
#include "sim/generate/driver_slices.h"
#include "sim/load/generator_spec.h"

#include <cstdint>
#include <optional>
#include <string>

namespace drasim::sim::gen {

/// One job to create: its name, arrival, runtime, pods, GPUs per pod, queue and priority class
/// ("" for none).
struct JobDraw {
  std::string name;
  int64_t at_us = 0;
  std::optional<int64_t> runtime_us;
  int64_t gang = 1;
  int64_t gpus = 0;
  std::string queue;
  std::string priority_class;
  model::SourceRef source;
};

/// Appends `count` nodes of the pool (and, for the dra shape, their slices).
void expand_node_pool(const NodePoolSpec& pool, model::ObjectSet& objects);

/// Appends the job's pods, plus its PodGroup (more than one pod) and its ResourceClaimTemplate
/// (claimTemplate style with GPUs). `generator` is the `drasim.dev/workload` label value.
void append_job(const PodShape& shape, const JobDraw& job, const std::string& generator,
                model::ObjectSet& objects);

}  // namespace drasim::sim::gen
