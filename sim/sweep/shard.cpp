#include "sim/sweep/shard.h"

#include <fmt/format.h>

#include <charconv>

namespace drasim::sim {
namespace {

bool parse_count(std::string_view text, size_t& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

}  // namespace

std::variant<Shard, std::string> parse_shard(std::string_view text,
                                             std::optional<std::string_view> completion_index) {
  const size_t slash = text.find('/');
  std::string_view index_text =
      slash == std::string_view::npos ? std::string_view{} : text.substr(0, slash);
  const std::string_view count_text =
      slash == std::string_view::npos ? text : text.substr(slash + 1);
  Shard out;
  if (!parse_count(count_text, out.count) || out.count == 0) {
    return fmt::format("--shard {}: I/N or N expected, N a whole number above 0", text);
  }
  if (slash == std::string_view::npos) {
    if (!completion_index) {
      return fmt::format(
          "--shard {}: the shard index comes from JOB_COMPLETION_INDEX (set in the "
          "pods of an Indexed Job), which is not set; give --shard I/{}",
          text, out.count);
    }
    index_text = *completion_index;
  }
  if (!parse_count(index_text, out.index)) {
    return fmt::format("--shard {}: the shard index \"{}\" is not a whole number", text,
                       index_text);
  }
  if (out.index >= out.count) {
    return fmt::format("--shard {}: the shard index {} is not below the shard count {}", text,
                       out.index, out.count);
  }
  return out;
}

}  // namespace drasim::sim
