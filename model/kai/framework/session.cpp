#include "model/kai/framework/session.h"

#include "model/kai/api/pod_request.h"
#include "model/kai/plugins/proportion/capacity_policy.h"
#include "model/kai/plugins/proportion/queue_order.h"
#include "model/kai/plugins/proportion/resource_division.h"

namespace drasim::model {

proportion::Amounts to_amounts(const QuotaVector& q) {
  return {static_cast<double>(q[0]), static_cast<double>(q[1]),
          static_cast<double>(q[2]) / static_cast<double>(kMilliPerGpu)};
}

std::vector<proportion::QueueShare> queue_shares(const ClusterState& state,
                                                 proportion::Amounts& total) {
  total = to_amounts(state.totals().schedulable);
  std::vector<proportion::QueueShare> shares(state.queues.size());
  for (size_t i = 0; i < state.queues.size(); ++i) {
    const QueueInfo& q = state.queues[i];
    proportion::QueueShare& s = shares[i];
    s.name = q.spec.meta.name;
    s.priority = q.spec.priority;
    s.creation_order = q.creation_order;
    s.parent = q.parent.valid() ? static_cast<int32_t>(q.parent.index()) : -1;
    const QueueUsage& u = state.queue_usage[i];
    const proportion::Amounts allocated = to_amounts(u.allocated);
    const proportion::Amounts allocated_np = to_amounts(u.allocated_not_preemptible);
    const proportion::Amounts pending = to_amounts(u.pending);
    for (size_t r = 0; r < proportion::kResources; ++r) {
      const QueueResource& res = queue_resource(q.spec, r);
      proportion::ResourceShare& rs = s.r[r];
      rs.deserved = queue_plugin_amount(res.quota, r);
      rs.max_allowed = queue_plugin_amount(res.limit, r);
      rs.over_quota_weight = res.over_quota_weight;
      rs.allocated = allocated[r];
      rs.allocated_not_preemptible = allocated_np[r];
      rs.request = allocated[r] + pending[r];
    }
  }
  for (size_t i = 0; i < shares.size(); ++i) {
    if (shares[i].parent >= 0) {
      shares[static_cast<size_t>(shares[i].parent)].children.push_back(static_cast<uint32_t>(i));
    }
  }
  proportion::divide_fair_shares(total, shares);
  return shares;
}

Session::Session(ClusterState& s, int64_t now) : state(s), now_us(now) {
  shares = queue_shares(state, total);
  children.resize(state.queues.size());
  for (size_t i = 0; i < state.queues.size(); ++i) {
    const QueueId parent = state.queues[i].parent;
    (parent.valid() ? children[parent.index()] : top_level).push_back(QueueId::from_index(i));
  }
}

void Session::refresh(QueueId queue) {
  for (QueueId id = queue; id.valid(); id = state.queues[id.index()].parent) {
    const QueueUsage& u = state.queue_usage[id.index()];
    const proportion::Amounts allocated = to_amounts(u.allocated);
    const proportion::Amounts allocated_np = to_amounts(u.allocated_not_preemptible);
    for (size_t r = 0; r < proportion::kResources; ++r) {
      shares[id.index()].r[r].allocated = allocated[r];
      shares[id.index()].r[r].allocated_not_preemptible = allocated_np[r];
    }
  }
}

proportion::QueueOrderKey Session::order_key(QueueId queue, const QuotaVector& next) const {
  return proportion::order_key({shares[queue.index()], to_amounts(next)}, total);
}

}  // namespace drasim::model
