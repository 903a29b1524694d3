#pragma once
/// Per-cycle cache of the static node filters (conditions, taints, nodeSelector, required
/// affinity). Their verdicts depend only on a pod's placement constraints and on node labels,
/// taints and conditions, none of which change inside a cycle, so pods with the same constraints
/// share one verdict vector. This keeps a cycle linear in nodes per task instead of re-running
/// every predicate.

#include "model/cluster_state.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace drasim::model {

class TaskFilterCache {
 public:
  explicit TaskFilterCache(const ClusterState& state) : state_(state) { reasons_.emplace_back(); }

  /// One verdict per node (by NodeId): 0 when the node passes, else a reason code.
  const std::vector<uint16_t>& verdicts(TemplateId t);

  [[nodiscard]] const std::string& reason(uint16_t code) const { return reasons_[code]; }

 private:
  [[nodiscard]] std::string signature(const PodTemplate& t) const;
  uint16_t code_of(const std::string& reason);

  const ClusterState& state_;
  std::map<std::string, std::vector<uint16_t>> by_signature_;
  std::map<TemplateId, const std::vector<uint16_t>*> by_template_;
  std::vector<std::string> reasons_;
  std::map<std::string, uint16_t> reason_codes_;
};

}  // namespace drasim::model
