#include "model/kai/plugins/proportion/reclaimable.h"

#include "model/kai/plugins/proportion/share_math.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <utility>

namespace drasim::model::proportion {

namespace {

using Involved = std::array<bool, kResources>;

// KAI's units as its messages humanize them: cores, GB, GPUs.
constexpr std::array<const char*, kResources> kUnit = {" cores", " GB", " GPUs"};
constexpr std::array<double, kResources> kDivisor = {1000.0, 1e9, 1.0};

std::string number_text(size_t r, double value) {
  return fmt::format("{:g}", value / kDivisor[r]);
}

/// An amount with its unit (`3 GPUs`), or `unlimited`.
std::string amount_text(size_t r, double value) {
  return value == kUnlimited ? "unlimited" : number_text(r, value) + kUnit[r];
}

/// The amounts of the `involved` resources, as `gpu 3 GPUs`.
std::string values(const Amounts& amounts, const std::array<bool, kResources>& involved) {
  std::string out;
  for (size_t r = 0; r < kResources; ++r) {
    if (involved[r]) {
      out += fmt::format("{}{} {}", out.empty() ? "" : ", ", kResourceNames[r],
                         amount_text(r, amounts[r]));
    }
  }
  return out;
}

Amounts allocated_of(const QueueShare& q) {
  return field_of(q, &ResourceShare::allocated);
}

/// `ReclaimerFitsDeservedQuota`.
bool within_quota_with(const QueueShare& q, const Amounts& request) {
  return less_equal(plus(allocated_of(q), request), field_of(q, &ResourceShare::deserved));
}

bool non_preemptible_within_quota_with(const QueueShare& q, const Amounts& request) {
  return less_equal(plus(field_of(q, &ResourceShare::allocated_not_preemptible), request),
                    field_of(q, &ResourceShare::deserved));
}

/// `FitsMaintainFairShare`: `remaining` exceeds the allocatable share in some resource.
bool above_allocatable(const QueueShare& q, const Amounts& remaining) {
  return !less_equal(remaining, allocatable_shares(q));
}

/// `ReclaimeeExceedsDeservedQuota`.
bool above_quota(const QueueShare& q, const Amounts& remaining) {
  return !less_equal(remaining, field_of(q, &ResourceShare::deserved));
}

/// `queue` and its ancestors, `queue` first.
std::vector<uint32_t> up_to_root(const std::vector<QueueShare>& queues, uint32_t queue) {
  std::vector<uint32_t> path{queue};
  while (queues[path.back()].parent != -1) {
    path.push_back(static_cast<uint32_t>(queues[path.back()].parent));
  }
  return path;
}

/// `getLeveledQueues`: the first queues where the two root paths part (the deepest shared
/// queue when one path contains the other).
std::pair<uint32_t, uint32_t> leveled_queues(const std::vector<QueueShare>& queues,
                                             uint32_t reclaimer_leaf, uint32_t victim_leaf) {
  std::vector<uint32_t> reclaimers = up_to_root(queues, reclaimer_leaf);
  std::vector<uint32_t> victims = up_to_root(queues, victim_leaf);
  std::reverse(reclaimers.begin(), reclaimers.end());
  std::reverse(victims.begin(), victims.end());
  const size_t depth = std::min(reclaimers.size(), victims.size());
  for (size_t i = 0; i < depth; ++i) {
    if (reclaimers[i] != victims[i]) {
      return {reclaimers[i], victims[i]};
    }
  }
  return {reclaimers[depth - 1], victims[depth - 1]};
}

/// `canBeDeservedQuotaReclaimCandidate`: over the resources the reclaimer asks for, ignoring
/// unlimited quotas, the victim side is above quota in one or below quota in none.
bool deserved_quota_candidate(const QueueShare& victim, const Amounts& request) {
  bool under_quota = false;
  for (size_t i = 0; i < kResources; ++i) {
    const ResourceShare& s = victim.r[i];
    if (request[i] <= 0 || s.deserved == kUnlimited) {
      continue;
    }
    if (s.allocated > s.deserved) {
      return true;
    }
    under_quota = under_quota || s.allocated < s.deserved;
  }
  return !under_quota;
}

Involved involved_in(const Amounts& amounts) {
  Involved out{};
  for (size_t i = 0; i < kResources; ++i) {
    out[i] = amounts[i] > 0;
  }
  return out;
}

/// `fairShareSaturationRatio`.
double saturation(double allocated, double fair_share) {
  if (fair_share == 0) {
    return allocated > 0 ? std::numeric_limits<double>::infinity() : 0;
  }
  if (fair_share == kUnlimited) {
    return 0;
  }
  return allocated / fair_share;
}

/// Per queue index, what is left of its allocation once the chunks are taken and which
/// resources were taken from it (KAI's `remainingResourcesMap` / `involvedResourcesByQueue`;
/// a queue is present once the scenario touched it).
struct Taken {
  std::vector<std::optional<Amounts>> remaining;
  std::vector<Involved> involved;
};

/// `reclaimResourcesFromReclaimees`: checks every chunk against the strategies and subtracts it
/// from its leaf and all ancestors. nullopt when a chunk may not be taken.
/// `why`, when given, receives the reason a chunk may not be taken.
std::optional<Taken> take_victims(const std::vector<QueueShare>& queues, uint32_t reclaimer_leaf,
                                  const Amounts& request, const std::vector<VictimChunk>& victims,
                                  std::string* why) {
  Taken taken{std::vector<std::optional<Amounts>>(queues.size()),
              std::vector<Involved>(queues.size())};
  std::vector<uint32_t> leaves;
  for (const VictimChunk& chunk : victims) {
    if (std::find(leaves.begin(), leaves.end(), chunk.leaf) == leaves.end()) {
      leaves.push_back(chunk.leaf);
    }
  }
  const auto touch = [&](uint32_t q) -> Amounts& {
    if (!taken.remaining[q]) {
      taken.remaining[q] = allocated_of(queues[q]);
    }
    return *taken.remaining[q];
  };
  for (uint32_t leaf : leaves) {
    const auto [reclaimer_side, victim_side] = leveled_queues(queues, reclaimer_leaf, leaf);
    Involved leaf_involved{};
    for (const VictimChunk& chunk : victims) {
      if (chunk.leaf != leaf) {
        continue;
      }
      const Involved chunk_involved = involved_in(chunk.resources);
      for (size_t i = 0; i < kResources; ++i) {
        leaf_involved[i] = leaf_involved[i] || chunk_involved[i];
      }
    }
    taken.involved[leaf] = leaf_involved;
    touch(victim_side);
    for (const VictimChunk& chunk : victims) {
      if (chunk.leaf != leaf) {
        continue;
      }
      const QueueShare& victim_queue = queues[victim_side];
      const Amounts& left = *taken.remaining[victim_side];
      const bool maintain_fair_share = above_allocatable(victim_queue, left);
      const bool guarantee_quota =
          within_quota_with(queues[reclaimer_side], request) && above_quota(victim_queue, left);
      if (!maintain_fair_share && !guarantee_quota) {
        if (why != nullptr) {
          // The resources the chunk takes that have a bound (an unlimited one is never
          // exceeded, so it cannot be what keeps the chunk).
          Involved what = involved_in(chunk.resources);
          const Amounts allocatable = allocatable_shares(victim_queue);
          for (size_t i = 0; i < kResources; ++i) {
            what[i] = what[i]
                      && (allocatable[i] != kUnlimited || victim_queue.r[i].deserved != kUnlimited);
          }
          *why = fmt::format(
              "queue {} holds {}, not above its allocatable share of {} (MaintainFairShare){}",
              victim_queue.name, values(left, what), values(allocatable, what),
              within_quota_with(queues[reclaimer_side], request)
                  ? fmt::format(" nor its quota of {} (GuaranteeDeservedQuota)",
                                values(field_of(victim_queue, &ResourceShare::deserved), what))
                  : fmt::format("; GuaranteeDeservedQuota does not apply: queue {} would exceed "
                                "its own quota with the job",
                                queues[reclaimer_side].name));
        }
        return std::nullopt;
      }
      for (uint32_t index : up_to_root(queues, leaf)) {
        touch(index) = minus(touch(index), chunk.resources);
        if (index != leaf) {
          for (size_t i = 0; i < kResources; ++i) {
            taken.involved[index][i] = taken.involved[index][i] || leaf_involved[i];
          }
        }
      }
    }
  }
  return taken;
}

/// `isFairShareSaturationLowerPerResource`: -1 when it holds, else the first resource where
/// the reclaimer would not stay less saturated than the sibling.
int reclaimer_saturation_breach(const Involved& involved, const Amounts& reclaimer_after,
                                const QueueShare& reclaimer, const Amounts& sibling_after,
                                const QueueShare& sibling, double multiplier) {
  for (size_t i = 0; i < kResources; ++i) {
    if (!involved[i]) {
      continue;
    }
    const double reclaimer_fair = reclaimer.r[i].fair_share;
    const double sibling_fair = sibling.r[i].fair_share;
    if (reclaimer_fair == kUnlimited && sibling_fair == kUnlimited) {
      continue;
    }
    const double reclaimer_ratio = saturation(reclaimer_after[i], reclaimer_fair);
    const double sibling_ratio = saturation(sibling_after[i], sibling_fair);
    if (reclaimer_ratio > 1 && sibling_fair > 0 && reclaimer_ratio * multiplier >= sibling_ratio) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

/// `reclaimingQueuesRemainWithinBoundaries`.
/// `why`, when given, receives the reason it is false.
bool within_boundaries(const std::vector<QueueShare>& queues, uint32_t reclaimer_leaf,
                       const Amounts& request, bool non_preemptible, const Taken& taken,
                       double multiplier, std::string* why) {
  const Involved reclaimer_involved = involved_in(request);
  for (uint32_t index : up_to_root(queues, reclaimer_leaf)) {
    const QueueShare& reclaimer = queues[index];
    const Amounts after = plus(taken.remaining[index].value_or(allocated_of(reclaimer)), request);
    for (uint32_t sibling = 0; sibling < queues.size(); ++sibling) {
      if (!taken.remaining[sibling] || sibling == index
          || queues[sibling].parent != reclaimer.parent) {
        continue;
      }
      Involved involved = taken.involved[sibling];
      for (size_t i = 0; i < kResources; ++i) {
        involved[i] = involved[i] || reclaimer_involved[i];
      }
      const int r = reclaimer_saturation_breach(
          involved, after, reclaimer, *taken.remaining[sibling], queues[sibling], multiplier);
      if (r >= 0) {
        if (why != nullptr) {
          const auto i = static_cast<size_t>(r);
          const Amounts& left = *taken.remaining[sibling];
          *why = fmt::format(
              "queue {} would hold {} of its fair share {} ({:.3g}x), not less saturated than "
              "queue {} left with {} of its fair share {} ({:.3g}x) ({})",
              reclaimer.name, amount_text(i, after[i]), amount_text(i, reclaimer.r[i].fair_share),
              saturation(after[i], reclaimer.r[i].fair_share), queues[sibling].name,
              amount_text(i, left[i]), amount_text(i, queues[sibling].r[i].fair_share),
              saturation(left[i], queues[sibling].r[i].fair_share), kResourceNames[i]);
        }
        return false;
      }
    }
    if (non_preemptible && !non_preemptible_within_quota_with(reclaimer, request)) {
      if (why != nullptr) {
        *why = fmt::format(
            "queue {} would hold {} of non-preemptible jobs, above its quota of {}", reclaimer.name,
            values(plus(field_of(reclaimer, &ResourceShare::allocated_not_preemptible), request),
                   reclaimer_involved),
            values(field_of(reclaimer, &ResourceShare::deserved), reclaimer_involved));
      }
      return false;
    }
  }
  return true;
}

}  // namespace

bool can_reclaim_resources(const std::vector<QueueShare>& queues, uint32_t reclaimer_leaf,
                           const Amounts& request, bool non_preemptible) {
  const QueueShare& q = queues[reclaimer_leaf];
  if (!less_equal(plus(allocated_of(q), request), field_of(q, &ResourceShare::fair_share))) {
    return false;
  }
  return !non_preemptible || non_preemptible_within_quota_with(q, request);
}

std::string reclaim_gate_problem(const std::vector<QueueShare>& queues, uint32_t reclaimer_leaf,
                                 const Amounts& request, bool non_preemptible) {
  if (can_reclaim_resources(queues, reclaimer_leaf, request, non_preemptible)) {
    return {};
  }
  const QueueShare& q = queues[reclaimer_leaf];
  const auto exceeding = [&](double ResourceShare::*held, double ResourceShare::*bound,
                             const char* what, const char* bound_name) -> std::string {
    for (size_t r = 0; r < kResources; ++r) {
      const double with = q.r[r].*held + request[r];
      if (compare_quantities(with, q.r[r].*bound) > 0) {
        return fmt::format(
            "CanReclaimResources: queue {} would hold {} ({} {} + request {}), above its {} of "
            "{} ({})",
            q.name, amount_text(r, with), what, number_text(r, q.r[r].*held),
            number_text(r, request[r]), bound_name, amount_text(r, q.r[r].*bound),
            kResourceNames[r]);
      }
    }
    return {};
  };
  std::string problem =
      exceeding(&ResourceShare::allocated, &ResourceShare::fair_share, "allocated", "fair share");
  if (problem.empty()) {
    problem = exceeding(&ResourceShare::allocated_not_preemptible, &ResourceShare::deserved,
                        "non-preemptible", "quota (a non-preemptible job must stay within it)");
  }
  return problem;
}

bool is_reclaim_victim_candidate(const std::vector<QueueShare>& queues, uint32_t reclaimer_leaf,
                                 const Amounts& request, uint32_t victim_leaf) {
  const auto [reclaimer_side, victim_side] = leveled_queues(queues, reclaimer_leaf, victim_leaf);
  const QueueShare& victim = queues[victim_side];
  if (!within_quota_with(queues[reclaimer_side], request)) {
    return above_allocatable(victim, allocated_of(victim));
  }
  return deserved_quota_candidate(victim, request);
}

bool reclaim_scenario_valid(const std::vector<QueueShare>& queues, uint32_t reclaimer_leaf,
                            const Amounts& request, bool non_preemptible,
                            const std::vector<VictimChunk>& victims, double saturation_multiplier) {
  const std::optional<Taken> taken =
      take_victims(queues, reclaimer_leaf, request, victims, nullptr);
  return taken
         && within_boundaries(queues, reclaimer_leaf, request, non_preemptible, *taken,
                              saturation_multiplier, nullptr);
}

std::string reclaim_scenario_problem(const std::vector<QueueShare>& queues, uint32_t reclaimer_leaf,
                                     const Amounts& request, bool non_preemptible,
                                     const std::vector<VictimChunk>& victims,
                                     double saturation_multiplier) {
  std::string why;
  const std::optional<Taken> taken = take_victims(queues, reclaimer_leaf, request, victims, &why);
  if (taken) {
    (void)within_boundaries(queues, reclaimer_leaf, request, non_preemptible, *taken,
                            saturation_multiplier, &why);
  }
  return why;
}

}  // namespace drasim::model::proportion
