#include "sim/load/decode_metric_expectations.h"

#include "sim/load/decode_common.h"
#include "sim/load/quota_units.h"

#include <fmt/format.h>

#include <string>

namespace drasim::sim {
namespace {

/// `over: [1h, 5h]`: two times, the second after the first.
std::optional<std::pair<SimTime, SimTime>> decode_window(const Cursor& c) {
  constexpr std::string_view kExpected = "a window [from, to] such as [1h, 5h]";
  if (!c.present()) {
    return std::nullopt;
  }
  if (!c.is_sequence()) {
    c.error(kExpected);
    return std::nullopt;
  }
  const std::vector<Cursor> items = c.items();
  if (items.size() != 2) {
    c.error(kExpected, fmt::format("{} items", items.size()));
    return std::nullopt;
  }
  const std::optional<SimDuration> from = items[0].duration();
  const std::optional<SimDuration> to = items[1].duration();
  if (!from || !to) {
    return std::nullopt;
  }
  if (to->us <= from->us) {
    items[1].error(
        fmt::format("a time after the window's start {}s", format_seconds(SimTime{from->us})),
        fmt::format("{}s", format_seconds(SimTime{to->us})));
    return std::nullopt;
  }
  return std::pair{SimTime{from->us}, SimTime{to->us}};
}

std::string bounds_text(const Expectation& e) {
  std::string text;
  if (e.at_least) {
    text += fmt::format("at least {}%", format_amount(*e.at_least * 100));
  }
  if (e.at_most) {
    text +=
        fmt::format("{}at most {}%", text.empty() ? "" : " and ", format_amount(*e.at_most * 100));
  }
  return text;
}

}  // namespace

void decode_wait_time(const Cursor& p, uint32_t file_index, Expectation& e) {
  e.kind = Expectation::Kind::kWaitTime;
  if (!p.expect_map("a mapping such as {percentile: 95, atMost: 10m, queue: team-a}")) {
    return;
  }
  constexpr std::string_view kPercentile = "a percentile from 1 to 100";
  const std::optional<int64_t> percentile = p["percentile"].integer(kPercentile);
  if (!p["percentile"].present()) {
    p["percentile"].error(kPercentile);
  } else if (percentile && (*percentile < 1 || *percentile > 100)) {
    p["percentile"].error(kPercentile, std::to_string(*percentile));
  } else if (percentile) {
    e.percentile = static_cast<int>(*percentile);
  }
  if (const auto bound = p["atMost"].duration()) {
    e.wait_at_most = *bound;
  } else if (!p["atMost"].present()) {
    p["atMost"].error("a duration such as 10m");
  }
  e.queue = p["queue"].str("a queue name");
  e.queue_source = source_of(p["queue"].present() ? p["queue"] : p, file_index);
  if (e.name.empty()) {
    e.name =
        fmt::format("p{} wait{} at most {}s", e.percentile, e.queue.empty() ? "" : " of " + e.queue,
                    format_seconds(SimTime{e.wait_at_most.us}));
  }
}

void decode_utilization(const Cursor& entry, const Cursor& p, Expectation& e) {
  e.kind = Expectation::Kind::kUtilization;
  if (!p.expect_map("a mapping such as {resource: gpu, pool: dra, atLeast: 70%}")) {
    return;
  }
  e.resource = p["resource"].one_of<size_t>({{"cpu", 0}, {"memory", 1}, {"gpu", 2}}, 0);
  if (!p["resource"].present()) {
    p["resource"].error("one of cpu, memory, gpu");
  }
  e.pool = p["pool"].one_of<NodePool>({{"device-plugin", NodePool::kDevicePlugin},
                                       {"dra", NodePool::kDra},
                                       {"mixed", NodePool::kMixed},
                                       {"cpu", NodePool::kCpu},
                                       {"all", NodePool::kAll}},
                                      NodePool::kAll);
  if (p["atLeast"].present()) {
    e.at_least = decode_percentage(p["atLeast"], 100);
  }
  if (p["atMost"].present()) {
    e.at_most = decode_percentage(p["atMost"], 100);
  }
  if (!p["atLeast"].present() && !p["atMost"].present()) {
    p.error("atLeast or atMost, such as 70%", "neither");
  }
  e.window = decode_window(p["over"]);
  if (p["over"].present() && entry["at"].present()) {
    p["over"].error("no window together with at (at checks the value at that instant)", "a window");
  }
  if (e.name.empty()) {
    e.name = fmt::format("{} {} utilization {}", to_string(e.pool), quota_resource_name(e.resource),
                         bounds_text(e));
  }
}

}  // namespace drasim::sim
