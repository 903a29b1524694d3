#pragma once
/// Strong integer IDs. Objects refer to each other by ID (an index into ClusterState's
/// vectors), never by pointer.

#include <compare>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace drasim::model {

template <class Tag>
struct Id {
  static constexpr uint32_t kInvalid = std::numeric_limits<uint32_t>::max();
  uint32_t value = kInvalid;

  constexpr Id() = default;

  constexpr explicit Id(uint32_t v) : value(v) {}

  static constexpr Id from_index(size_t i) { return Id(static_cast<uint32_t>(i)); }

  [[nodiscard]] constexpr bool valid() const { return value != kInvalid; }

  [[nodiscard]] constexpr size_t index() const { return value; }

  friend constexpr auto operator<=>(Id, Id) = default;
};

using NodeId = Id<struct NodeTag>;
using PodId = Id<struct PodTag>;
using JobId = Id<struct JobTag>;
using QueueId = Id<struct QueueTag>;
using TemplateId = Id<struct TemplateTag>;
using ClaimId = Id<struct ClaimTag>;

}  // namespace drasim::model
