// The depth-first search of the structured allocator (dra-semantics.md sections 3.4-3.10;
// upstream allocateOne, isSelectable, allocateDevice and checkAvailableCounters in
// structured/internal/experimental/allocator_experimental.go).
#include "model/dra/allocation_search.h"

#include "model/dra/consumable_capacity.h"

#include <algorithm>

namespace drasim::model::dra {

namespace {

constexpr uint32_t kMaxResults = 32;  // AllocationResultsMaxSize

}  // namespace

DeviceKey AllocationSearch::key(uint32_t d) const {
  const Candidate& candidate = candidates_[d];
  return {candidate.slice->driver, candidate.slice->pool.name, candidate.device->name};
}

bool AllocationSearch::exclusive_elsewhere(uint32_t d) {
  if (exclusive_[d] < 0) {
    const Candidate& candidate = candidates_[d];
    exclusive_[d] = held_[candidate.pool].is_exclusive(candidate.device->name) ? 1 : 0;
  }
  return exclusive_[d] == 1;
}

const std::map<std::string, Quantity>* AllocationSearch::allocated_capacity(uint32_t d) const {
  const Candidate& candidate = candidates_[d];
  return held_[candidate.pool].consumed(candidate.device->name);
}

AllocationSearch::Step AllocationSearch::allocate_one(uint32_t c, uint32_t r, uint32_t s,
                                                      uint32_t k, bool in_sub, uint32_t start) {
  ++invocations_;
  if (c >= claims_.size()) {
    return Step::kDone;  // the first complete solution wins: there is no scoring
  }
  ClaimData& claim = claims_[c];
  if (r >= claim.requests.size()) {
    const Step step = allocate_one(c + 1, 0, 0, 0, false, 0);
    // The max-size signal stops at claim boundaries: another choice for an earlier claim may
    // let this one pick a smaller subrequest.
    return step == Step::kMaxSize ? Step::kNoSolution : step;
  }
  if (!in_sub && claim.requests[r].front().is_sub) {
    return try_subrequests(c, r);
  }
  const RequestData& data = claim.requests[r][s];
  if (data.all_mode && data.all_devices.empty()) {
    return Step::kNoSolution;  // All needs at least one device
  }
  if (k >= data.num_devices) {
    return allocate_one(c, r + 1, 0, 0, false, 0);
  }
  if (claim.picked.size() + data.num_devices - k > kMaxResults) {
    return Step::kMaxSize;
  }
  if (data.all_mode) {
    return allocate_all_mode(c, r, s, k, in_sub);
  }
  const bool prune = features_.minor >= 36;  // 1.36: combinations instead of permutations
  for (uint32_t p = 0; p < pools_.size(); ++p) {
    const Pool& pool = pools_[p];
    if (pool.invalid) {
      if (features_.minor <= 34) {
        error_ = "pool " + std::string(pool.name) + " is invalid: " + pool.invalid_reason;
        return Step::kFatal;
      }
      continue;
    }
    if (pool.incomplete && features_.minor >= 35) {
      continue;
    }
    for (uint32_t d = std::max(pool_ranges_[p].first, start); d < pool_ranges_[p].second; ++d) {
      if (data.admin ? allocating_for_claim_[c][d] != 0
                     : (allocating_any_[d] != 0 || exclusive_elsewhere(d))) {
        continue;  // the cheap in-use check first
      }
      const int verdict = selectable(claim, claim.requests[r][s], d);
      if (verdict < 0) {
        return Step::kFatal;
      }
      if (verdict == 0 || (features_.consumable_capacity && !capacity_ok(data, d, nullptr))) {
        continue;
      }
      const Pick pick = allocate_device(c, r, s, d, false);
      if (pick == Pick::kFatal) {
        return Step::kFatal;
      }
      if (pick == Pick::kNo) {
        continue;
      }
      const Step step = allocate_one(c, r, s, k + 1, in_sub, prune ? d + 1 : 0);
      if (step == Step::kDone) {
        return step;
      }
      deallocate_device(c, d);
      if (step != Step::kNoSolution) {
        return step;  // fatal, or the max-size signal for the subrequest loop
      }
    }
  }
  return Step::kNoSolution;
}

AllocationSearch::Step AllocationSearch::try_subrequests(uint32_t c, uint32_t r) {
  bool all_exceeded = true;
  const auto count = static_cast<uint32_t>(claims_[c].requests[r].size());
  for (uint32_t s = 0; s < count; ++s) {
    const Step step = allocate_one(c, r, s, 0, true, 0);
    if (step == Step::kMaxSize) {
      continue;  // a later subrequest may need fewer devices
    }
    all_exceeded = false;
    if (step == Step::kFatal) {
      return step;
    }
    if (step == Step::kDone) {
      claims_[c].selected_sub[r] = s;
      return step;
    }
  }
  return all_exceeded ? Step::kMaxSize : Step::kNoSolution;
}

AllocationSearch::Step AllocationSearch::allocate_all_mode(uint32_t c, uint32_t r, uint32_t s,
                                                           uint32_t k, bool in_sub) {
  const uint32_t d = claims_[c].requests[r][s].all_devices[k];
  const Pick pick = allocate_device(c, r, s, d, true);
  if (pick == Pick::kFatal) {
    return Step::kFatal;
  }
  if (pick == Pick::kNo) {
    return Step::kNoSolution;  // every listed device is needed: no alternative to try
  }
  // The subrequest index is kept (the 1.36 fix of the 1.34/1.35 quirk that lost it).
  const Step step = allocate_one(c, r, s, k + 1, in_sub, 0);
  if (step != Step::kDone) {
    deallocate_device(c, d);
  }
  return step;
}

int AllocationSearch::selectable(const ClaimData& claim, RequestData& data, uint32_t d) {
  const Candidate& candidate = candidates_[d];
  const Device& device = *candidate.device;
  if (!features_.device_binding_and_status && !device.binding_conditions.empty()) {
    return 0;
  }
  if (data.selectable[d] >= 0) {
    return data.selectable[d];
  }
  auto evaluate = [&](const std::vector<CelSelector>& selectors, bool is_class) -> int {
    for (size_t i = 0; i < selectors.size(); ++i) {
      const SelectorVerdict verdict = selectors_.evaluate(selectors[i], *candidate.slice, device,
                                                          features_.consumable_capacity);
      switch (verdict.kind) {
        case SelectorVerdict::Kind::kTrue:
          continue;
        case SelectorVerdict::Kind::kFalse:
          return 0;
        case SelectorVerdict::Kind::kError:
          error_ = (is_class ? "class " + data.device_class->meta.name : "claim " + id_of(claim))
                   + ": selector #" + std::to_string(i) + ": CEL runtime error: " + verdict.error;
          return -1;
      }
    }
    return 1;
  };
  int verdict = evaluate(data.device_class->selectors, true);
  if (verdict == 1) {
    verdict = evaluate(data.request->selectors, false);
  }
  if (verdict == 1 && candidate.slice->per_device_node_selection
      && !node_matches(device.node_name, device.all_nodes, device.node_selector, node_name_,
                       node_labels_)) {
    verdict = 0;
  }
  if (verdict >= 0) {
    data.selectable[d] = static_cast<int8_t>(verdict);
  }
  return verdict;
}

bool AllocationSearch::capacity_ok(const RequestData& data, uint32_t d,
                                   std::map<std::string, Quantity>* out) {
  return capacity_fits(data.request->capacity_requests, *candidates_[d].device,
                       allocated_capacity(d), &in_flight_capacity_[d], out);
}

bool AllocationSearch::tolerated(const RequestData& data, const Device& device) const {
  return untolerated_taint(features_, data.request->tolerations, device) == nullptr;
}

AllocationSearch::Pick AllocationSearch::allocate_device(uint32_t c, uint32_t r, uint32_t s,
                                                         uint32_t d, bool must) {
  ClaimData& claim = claims_[c];
  RequestData& data = claim.requests[r][s];
  const Candidate& candidate = candidates_[d];
  const Device& device = *candidate.device;
  const bool multi = features_.consumable_capacity && device.allow_multiple_allocations;
  if (!multi && data.admin && allocating_for_claim_[c][d] != 0) {
    return Pick::kNo;
  }
  if (!data.admin && (allocating_any_[d] != 0 || exclusive_elsewhere(d))) {
    return Pick::kNo;
  }
  if (!features_.partitionable_devices && !device.consumes_counters.empty()) {
    return Pick::kNo;
  }
  // A multi-allocation device is charged to the counters only by its first allocation.
  const bool charge =
      !device.consumes_counters.empty()
      && !(multi && (allocated_capacity(d) != nullptr || !in_flight_capacity_[d].empty()));
  if (charge && !charge_counters(candidate.pool, device)) {
    return Pick::kNo;
  }
  auto undo_counters = [&] {
    if (charge) {
      uncharge_counters(candidate.pool, device);
    }
  };
  if (features_.device_taints && !tolerated(data, device)) {
    undo_counters();
    return Pick::kNo;
  }
  for (size_t i = 0; i < claim.constraints.size(); ++i) {
    if (data.constraint_applies[i] == 0
        || claim.constraints[i].add(r, device, candidate.slice->driver)) {
      continue;
    }
    for (size_t e = 0; e < i; ++e) {
      if (data.constraint_applies[e] != 0) {
        claim.constraints[e].remove(r);
      }
    }
    undo_counters();
    if (must) {
      error_ = request_prefix(claim, data) + ": cannot add device " + to_string(key(d))
               + " because a claim constraint would not be satisfied";
      return Pick::kFatal;
    }
    return Pick::kNo;
  }
  Picked picked{r, s, d, charge, {}, {}};
  if (features_.consumable_capacity) {
    std::map<std::string, Quantity> consumed;
    if (!capacity_ok(data, d, multi ? &consumed : nullptr)) {
      for (size_t e = 0; e < claim.constraints.size(); ++e) {
        if (data.constraint_applies[e] != 0) {
          claim.constraints[e].remove(r);
        }
      }
      undo_counters();
      return Pick::kNo;
    }
    if (multi) {
      for (const auto& [name, amount] : consumed) {
        in_flight_capacity_[d][name] = in_flight_capacity_[d][name] + amount;
      }
      picked.share_id = make_share_id(claim, d);
      picked.consumed = std::move(consumed);
    }
  }
  if (!multi) {
    ++allocating_any_[d];
    allocating_for_claim_[c][d] = 1;
  }
  claim.picked.push_back(std::move(picked));
  return Pick::kOk;
}

void AllocationSearch::deallocate_device(uint32_t c, uint32_t d) {
  ClaimData& claim = claims_[c];
  const Picked& picked = claim.picked.back();
  const RequestData& data = claim.requests[picked.request][picked.sub];
  const Candidate& candidate = candidates_[d];
  for (size_t e = 0; e < claim.constraints.size(); ++e) {
    if (data.constraint_applies[e] != 0) {
      claim.constraints[e].remove(picked.request);
    }
  }
  if (!picked.share_id.empty()) {
    auto& in_flight = in_flight_capacity_[d];
    for (const auto& [name, amount] : picked.consumed) {
      in_flight[name] = in_flight[name] - amount;
    }
    if (std::all_of(in_flight.begin(), in_flight.end(),
                    [](const auto& entry) { return entry.second.is_zero(); })) {
      in_flight.clear();
    }
  } else if (!(features_.consumable_capacity && candidate.device->allow_multiple_allocations)) {
    --allocating_any_[d];
    allocating_for_claim_[c][d] = 0;
  }
  if (picked.charged_counters) {
    uncharge_counters(candidate.pool, *candidate.device);
  }
  claim.picked.pop_back();
}

void AllocationSearch::prepare_counters(uint32_t p) {
  PoolCounters& state = counters_[p];
  if (state.ready) {
    return;
  }
  state.ready = true;
  state.available = available_counters(pools_[p], allocated_);
  for (const std::vector<Quantity>& set : state.available) {
    state.in_flight.emplace_back(set.size(), Quantity());
  }
}

void AllocationSearch::uncharge_counters(uint32_t p, const Device& device) {
  add_consumption(pools_[p], device, Sign::kMinus, counters_[p].in_flight);
}

bool AllocationSearch::charge_counters(uint32_t p, const Device& device) {
  prepare_counters(p);
  PoolCounters& state = counters_[p];
  add_consumption(pools_[p], device, Sign::kPlus, state.in_flight);
  // Every counter of every set of the pool must still fit.
  for (size_t j = 0; j < state.available.size(); ++j) {
    for (size_t i = 0; i < state.available[j].size(); ++i) {
      if (state.in_flight[j][i] > state.available[j][i]) {
        uncharge_counters(p, device);
        return false;
      }
    }
  }
  return true;
}

}  // namespace drasim::model::dra
