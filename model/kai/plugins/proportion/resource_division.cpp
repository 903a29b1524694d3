#include "model/kai/plugins/proportion/resource_division.h"

#include "model/kai/plugins/proportion/share_math.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace drasim::model::proportion {

namespace {

/// Queue index -> the fraction floor() withheld from it in its latest rounded-down round
/// (`remainingRequestedResource`). An entry survives later rounds that round exactly and is
/// dropped once the queue is satisfied, as in KAI.
using Leftovers = std::map<uint32_t, double>;

/// `isQueueSatisfied`.
bool satisfied(const ResourceShare& s) {
  if (s.request <= s.fair_share) {
    return true;
  }
  return s.max_allowed != kUnlimited && s.max_allowed <= s.fair_share;
}

/// `getRemainingRequested`.
double remaining_requested(const ResourceShare& s) {
  return std::max(0.0, requestable_share(s) - s.fair_share);
}

/// `calcShareWeights`: one weight per bucket entry (0 for satisfied queues) and their sum,
/// added in `level` order (KAI adds in Go map order, which can differ in the last bit).
double share_weights(const std::vector<uint32_t>& bucket, Resource res, double k,
                     const std::vector<QueueShare>& queues, std::vector<double>& weights) {
  weights.assign(bucket.size(), 0);
  double total_weight = 0;
  for (uint32_t q : bucket) {
    const ResourceShare& s = queues[q].r[res];
    if (remaining_requested(s) > 0) {
      total_weight += s.over_quota_weight;
    }
  }
  if (total_weight == 0) {
    return 0;
  }
  double sum = 0;
  for (size_t j = 0; j < bucket.size(); ++j) {
    const ResourceShare& s = queues[bucket[j]].r[res];
    if (satisfied(s)) {
      continue;
    }
    const double normalised = s.over_quota_weight / total_weight;
    weights[j] = std::max(0.0, normalised + k * (normalised - s.usage));
    sum += weights[j];
  }
  return sum;
}

/// `divideUpToFairShare`: the rounds of one priority bucket; returns what is left. Every
/// share of a round is computed from the amount at the round's start, so the visiting order
/// does not matter.
double divide_up_to_fair_share(double remaining, double k, const std::vector<uint32_t>& bucket,
                               Resource res, std::vector<QueueShare>& queues,
                               Leftovers& leftovers) {
  std::vector<double> weights;
  for (;;) {
    bool another_round = false;
    const double available = remaining;
    const double weight_sum = share_weights(bucket, res, k, queues, weights);
    if (weight_sum == 0) {
      break;
    }
    for (size_t j = 0; j < bucket.size() && remaining != 0; ++j) {
      ResourceShare& s = queues[bucket[j]].r[res];
      if (satisfied(s) || s.over_quota_weight == 0) {
        continue;
      }
      const double requested = remaining_requested(s);
      const double share = available * (weights[j] / weight_sum);
      double give = 0;
      if (requested <= share) {
        give = requested;
        leftovers.erase(bucket[j]);
      } else {
        // KAI hands out whole units while a queue stays unsatisfied, "for better usability".
        give = std::floor(share);
        if (share - give > 0) {
          leftovers[bucket[j]] = share - give;
        }
      }
      if (give == 0) {
        continue;
      }
      s.fair_share += give;
      remaining -= give;
      another_round = another_round || requested < share;
    }
    if (!another_round || remaining == 0) {
      break;
    }
  }
  return remaining;
}

/// `divideRemainingResource`: one unit per remembered fraction, largest first. AS-READ: the
/// unit is not capped by the queue's request or limit.
double divide_leftovers(double remaining, const Leftovers& leftovers, Resource res,
                        std::vector<QueueShare>& queues) {
  std::vector<std::pair<uint32_t, double>> order(leftovers.begin(), leftovers.end());
  std::sort(order.begin(), order.end(), [&](const auto& l, const auto& r) {
    if (l.second != r.second) {
      return l.second > r.second;
    }
    const QueueShare& lq = queues[l.first];
    const QueueShare& rq = queues[r.first];
    if (lq.creation_order != rq.creation_order) {
      return lq.creation_order < rq.creation_order;
    }
    return lq.name < rq.name;
  });
  for (const auto& entry : order) {
    if (remaining <= 0) {
      break;
    }
    const double unit = std::min(1.0, remaining);
    queues[entry.first].r[res].fair_share += unit;
    remaining -= unit;
  }
  return remaining;
}

void divide_level(const Amounts& total, const std::vector<uint32_t>& level, double k_value,
                  std::vector<QueueShare>& queues) {
  if (level.empty()) {
    return;
  }
  for (size_t i = 0; i < kResources; ++i) {
    set_resources_share(total[i], level, static_cast<Resource>(i), k_value, queues);
  }
  for (uint32_t q : level) {
    divide_level(field_of(queues[q], &ResourceShare::fair_share), queues[q].children, k_value,
                 queues);
  }
}

}  // namespace

void set_resources_share(double total, const std::vector<uint32_t>& level, Resource res,
                         double k_value, std::vector<QueueShare>& queues) {
  const double k = k_value > 0 ? k_value : 0;
  double remaining = total;
  for (uint32_t q : level) {
    ResourceShare& s = queues[q].r[res];
    const double deserved = s.deserved == kUnlimited ? total : s.deserved;
    const double give = std::min(deserved, requestable_share(s));
    s.fair_share += give;
    remaining -= give;
  }
  if (remaining <= 0) {
    return;
  }
  std::map<int64_t, std::vector<uint32_t>, std::greater<>> buckets;
  for (uint32_t q : level) {
    buckets[queues[q].priority].push_back(q);
  }
  for (const auto& [priority, bucket] : buckets) {
    if (remaining <= 0) {
      break;
    }
    Leftovers leftovers;
    remaining = divide_up_to_fair_share(remaining, k, bucket, res, queues, leftovers);
    if (remaining <= 0 || leftovers.empty()) {
      continue;
    }
    remaining = divide_leftovers(remaining, leftovers, res, queues);
  }
}

void divide_fair_shares(const Amounts& total, std::vector<QueueShare>& queues, double k_value) {
  std::vector<uint32_t> top;
  for (uint32_t q = 0; q < queues.size(); ++q) {
    for (ResourceShare& s : queues[q].r) {
      s.fair_share = 0;
    }
    if (queues[q].parent == -1) {
      top.push_back(q);
    }
  }
  divide_level(total, top, k_value, queues);
}

ProjectLevelQueues flatten_to_project_level(const std::vector<QueueShare>& queues) {
  ProjectLevelQueues out;
  QueueShare root;
  root.name = "default";
  for (const QueueShare& q : queues) {
    root.creation_order = std::max(root.creation_order, q.creation_order + 1);
  }
  for (ResourceShare& s : root.r) {
    s.deserved = kUnlimited;
    s.max_allowed = kUnlimited;
    s.over_quota_weight = 1;
  }
  out.queues.push_back(std::move(root));
  out.index.assign(queues.size(), -1);
  for (uint32_t i = 0; i < queues.size(); ++i) {
    if (queues[i].parent == -1) {
      continue;
    }
    QueueShare q = queues[i];
    q.parent = 0;
    q.children.clear();
    for (ResourceShare& s : q.r) {
      s.fair_share = 0;
      s.allocated = 0;
      s.allocated_not_preemptible = 0;
      s.request = 0;
    }
    out.index[i] = static_cast<int32_t>(out.queues.size());
    out.queues[0].children.push_back(static_cast<uint32_t>(out.queues.size()));
    out.queues.push_back(std::move(q));
  }
  return out;
}

}  // namespace drasim::model::proportion
