#pragma once
/// The decoded `spec.generate[]` entries of the Scenario document: node pools, workload streams
/// and trace replays. The loader decodes them with the Scenario document and expands them into
/// ordinary objects once every document is read (sim/generate/generators.h), so the seed and the
/// horizon are known wherever the Scenario document sits in the input.

#include "model/k8s/object_meta.h"
#include "model/k8s/quantity.h"
#include "model/k8s/resource_list.h"
#include "model/k8s/taint.h"
#include "sim/load/driver_shape.h"
#include "sim/load/index_pattern.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace drasim::sim {

/// At most this many generated nodes in a scenario and generated pods in a scenario (drasim's
/// memory limit: a pod costs about 1 KiB through loading and the cluster state).
inline constexpr int64_t kMaxGeneratedNodes = 100'000;
inline constexpr int64_t kMaxGeneratedPods = 2'000'000;

/// Where a generator was written: its entry's position and YAML path (expansion-time errors,
/// such as a limit crossed by several generators together, are reported there).
struct GeneratorSource {
  model::SourceRef at;
  std::string path;  ///< e.g. `spec.generate[2].workload`

  friend bool operator==(const GeneratorSource&, const GeneratorSource&) = default;
};

/// A value drawn with weights: `4` is one choice of weight 1; `{choices: [{value, weight}]}`.
template <class T>
struct Weighted {
  T value{};
  double weight = 1;

  friend bool operator==(const Weighted&, const Weighted&) = default;
};

template <class T>
using Choices = std::vector<Weighted<T>>;

/// One label a node pool spreads over its nodes in blocks of `block_size` consecutive nodes:
/// block b = i / block_size gets `values[b % values.size()]`, or `pattern` formatted with b.
struct TopologyLabel {
  std::string key;
  std::vector<std::string> values;
  std::optional<IndexPattern> pattern;
  int64_t block_size = 1;

  friend bool operator==(const TopologyLabel&, const TopologyLabel&) = default;
};

enum class NodeShape { kDevicePlugin, kDra };

/// `nodePool`: `count` nodes named from `name_pattern`.
struct NodePoolSpec {
  std::string name;
  int64_t count = 0;
  IndexPattern name_pattern;
  int64_t at_us = 0;
  model::StringMap labels;
  std::vector<model::Taint> taints;
  std::vector<TopologyLabel> topology;
  model::ResourceList resources;  ///< status.allocatable without the GPUs
  int64_t gpus = 0;
  NodeShape shape = NodeShape::kDevicePlugin;
  DriverShape driver;  ///< dra: what the driver publishes; devicePlugin: its `resource` only
  GeneratorSource source;

  friend bool operator==(const NodePoolSpec&, const NodePoolSpec&) = default;
};

/// How a generated pod asks for its GPUs.
enum class RequestStyle { kExtendedResource, kImplicitClass, kClaimTemplate };

/// The pod fields shared by workloads and traces.
struct PodShape {
  std::string namespace_name = "default";
  model::Quantity cpu = model::Quantity::from_units(1);
  model::Quantity memory = model::Quantity::from_units(4LL << 30);
  RequestStyle request_style = RequestStyle::kExtendedResource;
  std::string resource = "nvidia.com/gpu";  ///< kExtendedResource
  std::string device_class;                 ///< kImplicitClass, kClaimTemplate
  std::optional<bool> preemptible;
  std::vector<model::Toleration> tolerations;
  model::StringMap node_selector;

  friend bool operator==(const PodShape&, const PodShape&) = default;
};

/// Arrival process of a workload; times in microseconds.
struct Arrivals {
  enum class Kind { kAt, kPoisson, kBurst };
  Kind kind = Kind::kAt;
  std::vector<int64_t> at_us{0};  ///< kAt: job j arrives at at_us[j % size]
  double rate_per_hour = 0;       ///< kPoisson
  int64_t start_us = 0;           ///< kPoisson, kBurst
  int64_t every_us = 0;           ///< kBurst
  int64_t size = 1;               ///< kBurst: jobs per burst

  friend bool operator==(const Arrivals&, const Arrivals&) = default;
};

/// Runtime distribution of a workload's jobs; parameters in microseconds.
struct Runtime {
  enum class Kind { kUntilEnd, kFixed, kExponential, kLognormal, kUniform, kEmpirical };
  Kind kind = Kind::kUntilEnd;
  int64_t a_us = 0;                ///< fixed value, exponential mean, lognormal median, uniform min
  int64_t b_us = 0;                ///< uniform max
  double sigma = 0;                ///< lognormal
  std::vector<int64_t> values_us;  ///< empirical

  friend bool operator==(const Runtime&, const Runtime&) = default;
};

/// `workload`: a stream of jobs of `gang` pods each.
struct WorkloadSpec {
  std::string name;
  std::optional<int64_t> count;
  std::optional<int64_t> until_us;
  Arrivals arrivals;
  Runtime runtime;
  Choices<int64_t> gang{{1, 1}};
  Choices<int64_t> gpus_per_pod{{1, 1}};
  Choices<std::string> queues;
  Choices<std::string> priority_classes;
  PodShape pod;
  GeneratorSource source;

  friend bool operator==(const WorkloadSpec&, const WorkloadSpec&) = default;
};

/// One job of a trace file, with the position of its row.
struct TraceJob {
  std::string name;
  int64_t submit_us = 0;
  int64_t runtime_us = 0;
  int64_t pods = 1;
  int64_t gpus_per_pod = 0;
  std::string queue;
  std::string priority_class;
  model::SourceRef row;

  friend bool operator==(const TraceJob&, const TraceJob&) = default;
};

/// `trace`: jobs replayed from a CSV file.
struct TraceSpec {
  std::string name;
  std::vector<TraceJob> jobs;
  PodShape pod;
  GeneratorSource source;

  friend bool operator==(const TraceSpec&, const TraceSpec&) = default;
};

using GeneratorSpec = std::variant<NodePoolSpec, WorkloadSpec, TraceSpec>;

}  // namespace drasim::sim
