#pragma once
/// Per-cycle cache of the static node filters (conditions, taints, nodeSelector, required
/// affinity). Their verdicts depend only on a pod's placement class (template_classes.h) and on
/// node labels, taints and conditions, none of which change inside a cycle, so every pod of a
/// class shares one verdict vector.

#include "model/cluster_state.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace drasim::model {

class TaskFilterCache {
 public:
  explicit TaskFilterCache(const ClusterState& state)
      : state_(state), by_class_(state.placement_classes) {
    reasons_.emplace_back();
  }

  /// One verdict per node (by NodeId): 0 when the node passes, else a reason code.
  const std::vector<uint16_t>& verdicts(TemplateId t);

  [[nodiscard]] const std::string& reason(uint16_t code) const { return reasons_[code]; }

 private:
  uint16_t code_of(const std::string& reason);

  const ClusterState& state_;
  std::vector<std::vector<uint16_t>> by_class_;  ///< empty until first asked
  std::vector<std::string> reasons_;
  std::map<std::string, uint16_t> reason_codes_;
};

}  // namespace drasim::model
