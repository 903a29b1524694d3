#pragma once
/// Small builders for model tests: nodes, pods and PodGroups shaped as the scenario loader
/// produces them (requests already defaulted from limits), a cluster built from them with every
/// pod submitted, and lookups by name into the built ClusterState.

#include "model/cluster/cluster_state.h"
#include "model/cluster_builder.h"
#include "model/k8s/object_set.h"
#include "model/k8s/quantity.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace drasim::test {

/// A quantity from its Kubernetes text; the text must parse.
inline model::Quantity qty(std::string_view text) {
  const auto q = model::Quantity::parse(text);
  REQUIRE_MESSAGE(q.has_value(), std::string(text));
  return *q;
}

/// A Ready node with `cpu_cores` cores, 64Gi memory, 110 pod slots and `gpus` device-plugin
/// GPUs (`nvidia.com/gpu` is left out of allocatable when `gpus` is 0, as on a CPU node).
inline model::Node make_node(std::string name, int64_t cpu_cores, int64_t gpus,
                             model::StringMap labels = {}, std::vector<model::Taint> taints = {}) {
  model::Node n;
  n.meta.name = std::move(name);
  n.meta.labels = std::move(labels);
  n.taints = std::move(taints);
  n.allocatable["cpu"] = model::Quantity::from_units(cpu_cores);
  n.allocatable["memory"] = qty("64Gi");
  n.allocatable["pods"] = model::Quantity::from_units(110);
  if (gpus > 0) {
    n.allocatable["nvidia.com/gpu"] = model::Quantity::from_units(gpus);
  }
  n.capacity = n.allocatable;
  return n;
}

/// A pod in namespace `default` with one container requesting `cpu` (Kubernetes text) and
/// `gpus` whole GPUs (as a limit, with the request the API server defaults from it).
inline model::Pod make_pod(std::string name, std::string_view cpu, int64_t gpus = 0) {
  model::Pod p;
  p.meta.name = std::move(name);
  p.meta.namespace_name = "default";
  model::Container c;
  c.name = "main";
  c.requests["cpu"] = qty(cpu);
  if (gpus > 0) {
    c.limits["nvidia.com/gpu"] = model::Quantity::from_units(gpus);
    c.requests["nvidia.com/gpu"] = model::Quantity::from_units(gpus);
  }
  p.spec.containers.push_back(std::move(c));
  return p;
}

/// `pod` joined to PodGroup `group` through the `pod-group-name` annotation.
inline model::Pod in_group(model::Pod pod, const std::string& group) {
  pod.meta.annotations["pod-group-name"] = group;
  return pod;
}

inline model::PodGroup make_pod_group(std::string name, int64_t min_member) {
  model::PodGroup pg;
  pg.meta.name = std::move(name);
  pg.meta.namespace_name = "default";
  pg.min_member = min_member;
  return pg;
}

inline model::PriorityClass make_priority_class(std::string name, int64_t value) {
  model::PriorityClass pc;
  pc.meta.name = std::move(name);
  pc.value = value;
  return pc;
}

/// Builds the cluster (default options: `default-queue` when no Queue exists) and submits every
/// pod, as the engine does at each pod's arrival time.
inline model::ClusterState build_submitted(const model::ObjectSet& objects,
                                           const model::BuildOptions& options = {}) {
  model::ClusterState state = model::build_cluster(objects, options);
  for (size_t i = 0; i < state.pods.size(); ++i) {
    state.submit(model::PodId::from_index(i));
  }
  return state;
}

inline model::PodId pod_id(const model::ClusterState& state, std::string_view name) {
  for (size_t i = 0; i < state.pods.size(); ++i) {
    if (state.pods[i].name == name) {
      return model::PodId::from_index(i);
    }
  }
  FAIL("no pod named " << std::string(name));
  return model::PodId();
}

inline model::NodeId node_id(const model::ClusterState& state, std::string_view name) {
  const std::optional<model::NodeId> id = state.find_node(name);
  REQUIRE_MESSAGE(id.has_value(), std::string(name));
  return *id;
}

/// Places pod `pod` on node `node` as already running (what a pre-bound manifest does).
inline void run_on(model::ClusterState& state, std::string_view pod, std::string_view node) {
  state.place(pod_id(state, pod), node_id(state, node), model::PodPhase::kRunning);
}

/// Marks a running pod as being deleted (KAI `Releasing`): its tracked request also counts in
/// the node's releasing vector, so pipelined pods may reserve it.
inline void mark_releasing(model::ClusterState& state, std::string_view pod) {
  const model::PodId id = pod_id(state, pod);
  const model::NodeId node = state.pod(id).node;
  REQUIRE(node.valid());
  state.node(node).releasing += state.tracked_request(id, node);
  state.touch_node(node);  // the free-GPU summaries read releasing GPUs
}

/// The name of the node a pod was bound to in a cycle result, or empty.
template <class Binds>
std::string bound_node(const model::ClusterState& state, const Binds& binds, std::string_view pod) {
  const model::PodId id = pod_id(state, pod);
  for (const auto& [p, n] : binds) {
    if (p == id) {
      return state.node(n).name;
    }
  }
  return {};
}

}  // namespace drasim::test
