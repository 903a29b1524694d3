#pragma once
/// Small builders for proportion tests: queues whose CPU and memory are all zeros unless a test
/// sets them, so only the resource under test matters.

#include "model/kai/plugins/proportion/queue_share.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace drasim::model::proportion::testing {

inline ResourceShare share(double deserved, double weight, double request,
                           double limit = kUnlimited) {
  ResourceShare s;
  s.deserved = deserved;
  s.over_quota_weight = weight;
  s.request = request;
  s.max_allowed = limit;
  return s;
}

/// A queue created `creation_order`-th with `gpu` as its GPU share.
inline QueueShare queue(std::string name, uint32_t creation_order, ResourceShare gpu = {},
                        int32_t parent = -1) {
  QueueShare q;
  q.name = std::move(name);
  q.creation_order = creation_order;
  q.parent = parent;
  q.r[kGpu] = gpu;
  return q;
}

/// Links `child` under `parent` both ways.
inline void adopt(std::vector<QueueShare>& queues, uint32_t parent, uint32_t child) {
  queues[child].parent = static_cast<int32_t>(parent);
  queues[parent].children.push_back(child);
}

inline std::vector<uint32_t> all_of(const std::vector<QueueShare>& queues) {
  std::vector<uint32_t> level;
  for (uint32_t i = 0; i < queues.size(); ++i) {
    level.push_back(i);
  }
  return level;
}

inline Amounts gpus(double n) {
  return Amounts{0, 0, n};
}

}  // namespace drasim::model::proportion::testing
