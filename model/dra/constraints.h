#pragma once
/// Claim constraints (dra-semantics.md section 3.7; upstream
/// structured/internal/experimental/allocator_experimental.go matchAttributeConstraint and
/// constraint.go distinctAttributeConstraint): checked incrementally as the search adds and
/// removes devices. Every successful add() is undone by exactly one remove() in reverse order.

#include "model/k8s/dra_objects.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace drasim::model::dra {

/// The attribute `fully_qualified` (`domain/id`) of a device published by `driver`: the exact
/// key, else the bare `id` when `domain == driver`; nullptr when missing.
const AttributeValue* lookup_attribute(const Device& device, std::string_view driver,
                                       const std::string& fully_qualified,
                                       const std::string& identifier);

class ClaimConstraint {
 public:
  enum class Kind { kMatch, kDistinct };

  /// `keyed_by_request` selects the 1.35 distinctAttribute bookkeeping (one remembered value per
  /// parent request; see add()). 1.36+ remembers every value.
  ClaimConstraint(Kind kind, std::string attribute, std::vector<std::string> requests,
                  bool keyed_by_request);

  /// Whether the constraint covers a request (`base`) or subrequest (`base/sub`): an empty
  /// request list covers everything, a parent name covers all its subrequests.
  [[nodiscard]] bool applies_to(std::string_view base, std::string_view sub) const;

  /// Tries to add a device picked for request number `request_index` of the claim.
  ///
  /// matchAttribute: the device must have the attribute; the first one fixes the value, later
  /// ones must have the same type and value.
  /// distinctAttribute: the device must have the attribute, with a value none of the remembered
  /// values has. Upstream quirk reproduced for minor <= 35: values are remembered per parent
  /// request (a later device of the same request overwrites, a removal forgets), so device 3 of
  /// one request may repeat device 1's value.
  [[nodiscard]] bool add(uint32_t request_index, const Device& device, std::string_view driver);

  void remove(uint32_t request_index);

 private:
  Kind kind_;
  std::string attribute_;
  std::string identifier_;  ///< the part after the last `/`
  std::string domain_;
  std::vector<std::string> requests_;
  bool keyed_by_request_;
  // matchAttribute
  const AttributeValue* value_ = nullptr;
  int num_devices_ = 0;
  // distinctAttribute: (request index, value), a stack (1.36+) or one entry per request (1.35)
  std::vector<std::pair<uint32_t, const AttributeValue*>> values_;
};

}  // namespace drasim::model::dra
