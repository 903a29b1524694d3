// Validation of claims and per-request data (dra-semantics.md section 3.3) and building the
// AllocationResults of a solution (section 3.13). Messages follow upstream Allocate and
// validateDeviceRequest in structured/internal/experimental/allocator_experimental.go.
#include "model/dra/allocation_result.h"
#include "model/dra/allocation_search.h"
#include "model/dra/consumable_capacity.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <optional>

namespace drasim::model::dra {

namespace {

constexpr uint32_t kMaxResults = 32;  // AllocationResultsMaxSize

uint64_t fnv1a(std::string_view text, uint64_t hash) {
  for (const char c : text) {
    hash ^= static_cast<uint8_t>(c);
    hash *= 1099511628211ULL;
  }
  return hash;
}

}  // namespace

AllocationSearch::AllocationSearch(const DraFeatures& features, const Inventory& inventory,
                                   const AllocatedDevices& allocated, SelectorEvaluator& selectors,
                                   const std::string& node_name, const StringMap& node_labels,
                                   std::span<const ResourceClaim* const> claims)
    : features_(features),
      inventory_(inventory),
      allocated_(allocated),
      selectors_(selectors),
      node_name_(node_name),
      node_labels_(node_labels),
      claims_in_(claims) {}

std::string AllocationSearch::id_of(const ClaimData& claim) {
  return claim.claim->meta.namespace_name + "/" + claim.claim->meta.name;
}

std::string AllocationSearch::request_prefix(const ClaimData& claim, const RequestData& data) {
  return "claim " + id_of(claim) + ", request " + data.name;
}

bool AllocationSearch::fail(std::string message) {
  error_ = std::move(message);
  return false;
}

AllocateOutcome AllocationSearch::run() {
  pool_list_ = inventory_.pools_for(features_, node_name_, node_labels_);
  pools_ = *pool_list_;
  for (uint32_t p = 0; p < pools_.size(); ++p) {
    const auto begin = static_cast<uint32_t>(candidates_.size());
    for (const ResourceSlice* slice : pools_[p].device_slices) {
      for (const Device& device : slice->devices) {
        candidates_.push_back({p, slice, &device});
      }
    }
    pool_ranges_.emplace_back(begin, static_cast<uint32_t>(candidates_.size()));
    held_.push_back(allocated_.pool(pools_[p].driver, pools_[p].name));
  }
  exclusive_.assign(candidates_.size(), -1);
  allocating_any_.assign(candidates_.size(), 0);
  counters_.resize(pools_.size());
  allocating_for_claim_.assign(claims_in_.size(), std::vector<uint8_t>(candidates_.size(), 0));
  if (features_.consumable_capacity) {
    in_flight_capacity_.resize(candidates_.size());
  }

  AllocateOutcome outcome;
  if (!validate_claims()) {
    outcome.status = AllocateStatus::kFatal;
    outcome.message = error_;
    return outcome;
  }
  const Step step = allocate_one(0, 0, 0, 0, false, 0);
  if (step == Step::kDone) {
    outcome = build_outcome();
  } else if (step == Step::kFatal) {
    outcome.status = AllocateStatus::kFatal;
    outcome.message = error_;
  } else if (features_.minor >= 35 && std::any_of(pools_.begin(), pools_.end(), [](const Pool& p) {
               return p.invalid;
             })) {
    // Section 3.14: no solution and some pool was skipped as invalid.
    outcome.status = AllocateStatus::kNodeError;
    outcome.message = "invalid resource pools were encountered";
  }
  outcome.invocations = invocations_;
  return outcome;
}

bool AllocationSearch::validate_claims() {
  claims_.resize(claims_in_.size());
  for (size_t c = 0; c < claims_in_.size(); ++c) {
    ClaimData& claim = claims_[c];
    claim.claim = claims_in_[c];
    const ClaimSpec& spec = claim.claim->spec;
    // Constraints first, so that requests can note which of them apply to them; an unknown
    // one is reported after the requests, as upstream does.
    std::optional<size_t> bad_constraint;
    for (size_t i = 0; i < spec.constraints.size() && !bad_constraint; ++i) {
      const DeviceConstraint& constraint = spec.constraints[i];
      if (!constraint.match_attribute.empty()) {
        claim.constraints.emplace_back(ClaimConstraint::Kind::kMatch, constraint.match_attribute,
                                       constraint.requests, false);
      } else if (!constraint.distinct_attribute.empty() && features_.consumable_capacity) {
        claim.constraints.emplace_back(ClaimConstraint::Kind::kDistinct,
                                       constraint.distinct_attribute, constraint.requests,
                                       features_.minor <= 35);
      } else {
        bad_constraint = i;
      }
    }
    claim.selected_sub.assign(spec.requests.size(), 0);
    uint64_t min_devices = 0;
    for (const DeviceRequest& request : spec.requests) {
      const bool has_subs = !request.first_available.empty();
      if (has_subs && !features_.prioritized_list) {
        return fail("claim " + id_of(claim) + ", request " + request.name
                    + ": has subrequests, but the DRAPrioritizedList feature is disabled");
      }
      const bool capacity_requests =
          (request.exactly.has_value() && !request.exactly->capacity_requests.empty())
          || std::any_of(
              request.first_available.begin(), request.first_available.end(),
              [](const DeviceSubRequest& sub) { return !sub.capacity_requests.empty(); });
      if (capacity_requests && !features_.consumable_capacity) {
        return fail("claim " + id_of(claim) + ", request " + request.name
                    + ": has capacity requests, but the DRAConsumableCapacity feature is disabled");
      }
      std::vector<RequestData>& entries = claim.requests.emplace_back();
      if (has_subs) {
        for (const DeviceSubRequest& sub : request.first_available) {
          RequestData& data = entries.emplace_back();
          data.parent = &request;
          data.request = &sub;
          data.is_sub = true;
          data.name = sub.name;
          data.result_name = request.name + "/" + sub.name;
        }
      } else {
        RequestData& data = entries.emplace_back();
        data.parent = &request;
        data.request = request.exactly.has_value() ? &*request.exactly : nullptr;
        data.name = request.name;
        data.result_name = request.name;
        data.admin = request.admin_access.value_or(false);
      }
      uint32_t min_request = std::numeric_limits<uint32_t>::max();
      for (RequestData& data : entries) {
        if (!validate_request(claim, data)) {
          return false;
        }
        min_request = std::min(min_request, data.num_devices);
      }
      min_devices += min_request;
    }
    if (min_devices > kMaxResults) {
      return fail("claim " + id_of(claim) + ": number of requested devices "
                  + std::to_string(min_devices) + " exceeds the claim limit of 32");
    }
    if (bad_constraint) {
      return fail("claim " + id_of(claim) + ", constraint #" + std::to_string(*bad_constraint)
                  + ": empty constraint (unsupported constraint type?)");
    }
  }
  return true;
}

bool AllocationSearch::validate_request(ClaimData& claim, RequestData& data) {
  if (data.request != nullptr) {
    for (size_t i = 0; i < data.request->selectors.size(); ++i) {
      if (data.request->selectors[i].expression.empty()) {
        return fail(request_prefix(claim, data) + ", selector #" + std::to_string(i)
                    + ": CEL expression empty (unsupported selector type?)");
      }
    }
  }
  if (!data.is_sub && !features_.admin_access && data.parent->admin_access.has_value()) {
    return fail(request_prefix(claim, data)
                + ": admin access is requested, but the feature is disabled");
  }
  if (data.request == nullptr || data.request->device_class_name.empty()) {
    return fail(request_prefix(claim, data)
                + ": missing device class name (unsupported request type?)");
  }
  const std::string& class_name = data.request->device_class_name;
  data.device_class = inventory_.find_class(class_name);
  if (data.device_class == nullptr) {
    return fail(request_prefix(claim, data) + ": could not retrieve device class " + class_name
                + ": deviceclass.resource.k8s.io \"" + class_name + "\" not found");
  }
  data.selectable.assign(candidates_.size(), -1);
  for (const ClaimConstraint& constraint : claim.constraints) {
    data.constraint_applies.push_back(data.is_sub
                                          ? constraint.applies_to(data.parent->name, data.name)
                                          : constraint.applies_to(data.name, {}));
  }
  switch (data.request->allocation_mode) {
    case AllocationMode::kExactCount:
      data.num_devices = static_cast<uint32_t>(
          std::clamp<int64_t>(data.request->count, 0, std::numeric_limits<uint32_t>::max()));
      return true;
    case AllocationMode::kAll:
      data.all_mode = true;
      return collect_all_devices(claim, data);
  }
  return fail(request_prefix(claim, data) + ": unsupported count mode");
}

bool AllocationSearch::collect_all_devices(ClaimData& claim, RequestData& data) {
  for (uint32_t p = 0; p < pools_.size(); ++p) {
    if (pools_[p].incomplete) {
      return fail(request_prefix(claim, data) + ": asks for all devices, but resource pool "
                  + pools_[p].id() + " is currently being updated");
    }
    if (pools_[p].invalid) {
      return fail(request_prefix(claim, data) + ": asks for all devices, but resource pool "
                  + pools_[p].id() + " is currently invalid");
    }
    for (uint32_t d = pool_ranges_[p].first; d < pool_ranges_[p].second; ++d) {
      const int verdict = selectable(claim, data, d);
      if (verdict < 0) {
        return false;
      }
      if (verdict == 0) {
        continue;
      }
      if (features_.consumable_capacity && !capacity_ok(data, d, nullptr)) {
        continue;
      }
      data.all_devices.push_back(d);
    }
  }
  data.num_devices = static_cast<uint32_t>(data.all_devices.size());
  return true;
}

std::string AllocationSearch::make_share_id(const ClaimData& claim, uint32_t candidate) const {
  // Deterministic stand-in for upstream's random UID: claim, device and result slot.
  const DeviceKey id = key(candidate);
  uint64_t hash = fnv1a(id_of(claim), 14695981039346656037ULL);
  for (const std::string_view part : {id.driver, id.pool, id.device}) {
    hash = fnv1a("/", fnv1a(part, hash));
  }
  const uint64_t high = fnv1a(std::to_string(claim.picked.size()), hash);
  const uint64_t low = fnv1a("share", high);
  char text[40];
  std::snprintf(text, sizeof(text), "%08x-%04x-%04x-%04x-%012llx",
                static_cast<unsigned>(high >> 32), static_cast<unsigned>((high >> 16) & 0xffff),
                static_cast<unsigned>(high & 0xffff), static_cast<unsigned>(low >> 48),
                static_cast<unsigned long long>(low & 0xffffffffffffULL));
  return text;
}

AllocateOutcome AllocationSearch::build_outcome() {
  AllocateOutcome outcome;
  outcome.status = AllocateStatus::kSuccess;
  const bool copy_tolerations = features_.device_taints && features_.minor >= 35;
  outcome.allocations.reserve(claims_.size());
  for (ClaimData& claim : claims_) {
    AllocationResult& result = outcome.allocations.emplace_back();
    result.results.reserve(claim.picked.size());
    std::vector<DevicePlacement> placements;
    placements.reserve(claim.picked.size());
    for (Picked& picked : claim.picked) {
      const RequestData& data = claim.requests[picked.request][picked.sub];
      const Candidate& candidate = candidates_[picked.candidate];
      DeviceAllocationResult& entry = result.results.emplace_back();
      entry.request = data.result_name;
      entry.driver = candidate.slice->driver;
      entry.pool = candidate.slice->pool.name;
      entry.device = candidate.device->name;
      if (data.admin) {
        entry.admin_access = true;
      }
      if (copy_tolerations) {
        entry.tolerations = data.request->tolerations;
      }
      if (features_.device_binding_and_status) {
        entry.binding_conditions = candidate.device->binding_conditions;
        entry.binding_failure_conditions = candidate.device->binding_failure_conditions;
      }
      entry.share_id = std::move(picked.share_id);
      entry.consumed_capacity = std::move(picked.consumed);
      placements.push_back({candidate.slice, candidate.device});
    }
    std::vector<RequestChoice> choices;
    choices.reserve(claim.requests.size());
    for (size_t r = 0; r < claim.requests.size(); ++r) {
      const RequestData& data = claim.requests[r][claim.selected_sub[r]];
      choices.push_back({data.parent, data.result_name,
                         data.is_sub ? std::string_view(data.name) : std::string_view(),
                         data.device_class});
    }
    result.config = allocation_configs(*claim.claim, choices, features_.minor);
    result.node_selector = allocation_node_selector(placements, node_name_);
  }
  return outcome;
}

}  // namespace drasim::model::dra
