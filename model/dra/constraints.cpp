#include "model/dra/constraints.h"

#include "model/k8s/assert.h"

#include <algorithm>

namespace drasim::model::dra {

const AttributeValue* lookup_attribute(const Device& device, std::string_view driver,
                                       const std::string& fully_qualified,
                                       const std::string& identifier) {
  const auto exact = device.attributes.find(fully_qualified);
  if (exact != device.attributes.end()) {
    return &exact->second;
  }
  const size_t slash = fully_qualified.find('/');
  if (slash == std::string::npos || std::string_view(fully_qualified).substr(0, slash) != driver) {
    return nullptr;
  }
  const auto bare = device.attributes.find(identifier);
  return bare == device.attributes.end() ? nullptr : &bare->second;
}

ClaimConstraint::ClaimConstraint(Kind kind, std::string attribute,
                                 std::vector<std::string> requests, bool keyed_by_request)
    : kind_(kind),
      attribute_(std::move(attribute)),
      requests_(std::move(requests)),
      keyed_by_request_(keyed_by_request) {
  const size_t slash = attribute_.find('/');
  if (slash != std::string::npos) {
    domain_ = attribute_.substr(0, slash);
    identifier_ = attribute_.substr(slash + 1);
  }
}

bool ClaimConstraint::applies_to(std::string_view base, std::string_view sub) const {
  if (requests_.empty()) {
    return true;
  }
  for (const std::string& name : requests_) {
    if (name == base) {
      return true;
    }
    if (!sub.empty() && name.size() == base.size() + 1 + sub.size() && name.starts_with(base)
        && name[base.size()] == '/' && std::string_view(name).substr(base.size() + 1) == sub) {
      return true;
    }
  }
  return false;
}

bool ClaimConstraint::add(uint32_t request_index, const Device& device, std::string_view driver) {
  const AttributeValue* value = lookup_attribute(device, driver, attribute_, identifier_);
  if (value == nullptr) {
    return false;  // a device without the attribute never satisfies the constraint
  }
  switch (kind_) {
    case Kind::kMatch:
      if (num_devices_ == 0) {
        value_ = value;
      } else if (!(*value == *value_)) {  // variant ==: same alternative and same value
        return false;
      }
      ++num_devices_;
      return true;
    case Kind::kDistinct:
      for (const auto& [index, seen] : values_) {
        if (*seen == *value) {
          return false;
        }
      }
      if (keyed_by_request_) {
        const auto it = std::find_if(values_.begin(), values_.end(), [&](const auto& entry) {
          return entry.first == request_index;
        });
        if (it != values_.end()) {
          it->second = value;  // 1.35: map[request] = value overwrites the earlier device
          return true;
        }
      }
      values_.emplace_back(request_index, value);
      return true;
  }
  return false;
}

void ClaimConstraint::remove(uint32_t request_index) {
  switch (kind_) {
    case Kind::kMatch:
      DRASIM_ASSERT(num_devices_ > 0, "constraint remove without add");
      --num_devices_;
      return;
    case Kind::kDistinct:
      if (keyed_by_request_) {
        // 1.35: delete(map, request) forgets the request's value, even if another device of the
        // same request is still allocated.
        std::erase_if(values_, [&](const auto& entry) { return entry.first == request_index; });
        return;
      }
      DRASIM_ASSERT(!values_.empty(), "constraint remove without add");
      values_.pop_back();
      return;
  }
}

}  // namespace drasim::model::dra
