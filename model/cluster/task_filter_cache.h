#pragma once
/// Cache of the static node filters (conditions, taints, nodeSelector, required affinity).
/// Their verdicts depend only on a pod's placement class (template_classes.h) and on node
/// labels, taints and conditions, so every pod of a class shares one verdict vector, kept from
/// cycle to cycle until a node's labels, taints or conditions or the templates' classes change
/// (`invalidate`: ClusterState::filters_changed). Debug builds check every kept vector against a
/// recount before it is used.

#include "model/k8s/ids.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace drasim::model {

class ClusterState;
struct NodeInfo;
struct PodTemplate;

/// A static node filter: the first reason the node fails, or empty (the predicates plugin's
/// `static_node_problem`).
using StaticFilter = std::string (*)(const PodTemplate&, const NodeInfo&);

class TaskFilterCache {
 public:
  TaskFilterCache() { reasons_.emplace_back(); }

  /// Every verdict may have changed.
  void invalidate() { by_class_.clear(); }

  /// One verdict per node (by NodeId): 0 when the node passes, else a reason code. Every call
  /// passes the same filter; the cache owns only the bookkeeping, the plugin owns the rule.
  const std::vector<uint16_t>& verdicts(const ClusterState& state, TemplateId t,
                                        StaticFilter filter) const;

  [[nodiscard]] const std::string& reason(uint16_t code) const { return reasons_[code]; }

 private:
  uint16_t code_of(const std::string& reason) const;
  std::vector<uint16_t> count(const ClusterState& state, TemplateId t, StaticFilter filter) const;

  mutable std::vector<std::vector<uint16_t>> by_class_;  ///< empty until first asked
  mutable std::vector<std::string> reasons_;
  mutable std::map<std::string, uint16_t> reason_codes_;
};

}  // namespace drasim::model
