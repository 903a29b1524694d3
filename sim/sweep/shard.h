#pragma once
/// `--shard I/N`: the slice of a sweep's variants one process runs. Shard I of N runs the
/// variants whose index modulo N is I, so shards differ in size by at most one variant and a
/// sweep's neighbouring values (often its costliest and cheapest) are spread over all shards.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace drasim::sim {

struct Shard {
  size_t index = 0;
  size_t count = 1;

  [[nodiscard]] bool holds(size_t variant) const { return variant % count == index; }
};

/// `I/N`, or `N` with I read from `completion_index` (an Indexed Job's JOB_COMPLETION_INDEX);
/// an error message when malformed, when I >= N, or when N alone is given and there is no index.
std::variant<Shard, std::string> parse_shard(std::string_view text,
                                             std::optional<std::string_view> completion_index);

}  // namespace drasim::sim
