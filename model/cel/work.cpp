#include "model/cel/work.h"

#include <vector>

namespace drasim::model::cel {

namespace {

/// The elements directly inside `v`: a list's items, a map's values, an optional's value.
std::size_t child_count(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kList:
      return v.as_list().size();
    case ValueKind::kMap:
      return v.as_map().entries.size();
    case ValueKind::kOptional:
      return v.optional_value() ? 1 : 0;
    default:
      return 0;
  }
}

const Value& child(const Value& v, std::size_t i) {
  if (v.kind() == ValueKind::kList) {
    return v.as_list()[i];
  }
  if (v.kind() == ValueKind::kMap) {
    return v.as_map().entries[i].second;
  }
  return *v.optional_value();
}

/// Visits the values below `v` depth first (an explicit stack, one frame per level) and sums
/// `weigh(value)` over them until the sum reaches `cap`. `skip_top` leaves the top level's own
/// elements out of the sum, though their contents are counted.
template <typename Weigh>
uint64_t visit(const Value& v, uint64_t cap, bool skip_top, Weigh weigh) {
  struct Frame {
    const Value* value;
    std::size_t next;
  };

  uint64_t total = 0;
  std::vector<Frame> stack{{&v, 0}};
  while (!stack.empty() && total < cap) {
    Frame& top = stack.back();
    if (top.next == child_count(*top.value)) {
      stack.pop_back();
      continue;
    }
    const Value& c = child(*top.value, top.next++);
    if (!(skip_top && stack.size() == 1)) {
      const uint64_t w = weigh(c);
      total = w >= cap - total ? cap : total + w;
    }
    if (child_count(c) > 0) {
      stack.push_back({&c, 0});
    }
  }
  return total;
}

}  // namespace

uint64_t nested_values(const Value& v, uint64_t cap) {
  return visit(v, cap, true, [](const Value&) { return uint64_t{1}; });
}

uint64_t printed_size(const Value& v, uint64_t cap) {
  // Every value prints as at least one character followed by a two-character separator.
  const auto weigh = [](const Value& x) -> uint64_t {
    const bool text = x.kind() == ValueKind::kString || x.kind() == ValueKind::kBytes;
    return text ? x.as_string().size() + 2 : 3;
  };
  const uint64_t own = weigh(v);
  return own >= cap ? cap : own + visit(v, cap - own, false, weigh);
}

}  // namespace drasim::model::cel
