#pragma once
/// KAI's own kinds (Queue, PodGroup, Topology) and the cluster-scoped PriorityClass and Namespace.

#include "model/k8s/object_meta.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace drasim::model {

struct PriorityClass {
  ObjectMeta meta;
  int64_t value = 0;
  bool global_default = false;
  std::string preemption_policy;

  friend bool operator==(const PriorityClass&, const PriorityClass&) = default;
};

struct Namespace {
  ObjectMeta meta;

  friend bool operator==(const Namespace&, const Namespace&) = default;
};

/// One resource of `Queue.spec.resources`: quota, overQuotaWeight and limit as KAI reads them
/// (each 0 when omitted; -1 means unlimited for quota and limit). CPU is in millicores,
/// memory in MB (10^6 bytes), GPU in devices (fractions allowed), as KAI's docs/queues state.
struct QueueResource {
  double quota = 0;
  double over_quota_weight = 0;
  double limit = 0;

  friend bool operator==(const QueueResource&, const QueueResource&) = default;
};

/// scheduling.run.ai/v2 Queue.
struct Queue {
  ObjectMeta meta;
  std::string display_name;
  std::string parent_queue;
  int64_t priority = 100;
  bool has_resources = false;  ///< false when `spec.resources` is absent (all zero)
  QueueResource cpu;
  QueueResource memory;
  QueueResource gpu;
  std::optional<int64_t> preempt_min_runtime_us;
  std::optional<int64_t> reclaim_min_runtime_us;

  friend bool operator==(const Queue&, const Queue&) = default;
};

struct TopologyConstraint {
  std::string topology;
  std::string required_level;
  std::string preferred_level;
  /// Where each field was written, for the load-time check that the names exist.
  SourceRef topology_at;
  SourceRef required_at;
  SourceRef preferred_at;

  friend bool operator==(const TopologyConstraint&, const TopologyConstraint&) = default;
};

struct SubGroup {
  std::string name;
  std::string parent;
  std::optional<int64_t> min_member;     ///< leaf subgroups: pods needed
  std::optional<int64_t> min_sub_group;  ///< parent subgroups: members needed (nullopt: all)
  TopologyConstraint topology_constraint;

  friend bool operator==(const SubGroup&, const SubGroup&) = default;
};

/// The pod label that puts a pod into a subgroup (KAI constants.SubGroupLabelKey).
inline constexpr const char* kSubGroupLabel = "kai.scheduler/subgroup-name";

enum class Preemptibility { kUnset, kPreemptible, kNonPreemptible };

/// scheduling.run.ai/v2alpha2 PodGroup. Pods join through the `pod-group-name` annotation.
struct PodGroup {
  ObjectMeta meta;
  std::string queue;
  std::optional<int64_t> min_member;     ///< nullopt means 1; ignored when there are subgroups
  std::optional<int64_t> min_sub_group;  ///< with subgroups: top-level members needed
  std::string priority_class_name;
  Preemptibility preemptibility = Preemptibility::kUnset;
  TopologyConstraint topology_constraint;
  std::vector<SubGroup> sub_groups;
  std::optional<int64_t> staleness_grace_period_us;
  std::optional<int64_t> preemption_delay_us;
  int64_t replicas = 1;

  friend bool operator==(const PodGroup&, const PodGroup&) = default;
};

struct TopologyLevel {
  std::string node_label;
  std::string alias;

  friend bool operator==(const TopologyLevel&, const TopologyLevel&) = default;
};

/// kai.scheduler/v1alpha1 Topology: levels from widest to narrowest.
struct Topology {
  ObjectMeta meta;
  std::vector<TopologyLevel> levels;

  friend bool operator==(const Topology&, const Topology&) = default;
};

}  // namespace drasim::model
