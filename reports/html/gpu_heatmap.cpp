#include "reports/html/gpu_heatmap.h"

#include <algorithm>
#include <cmath>

namespace drasim::reports {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

}  // namespace

bool natural_less(const std::string& a, const std::string& b) {
  size_t i = 0;
  size_t j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      const size_t i0 = i;
      const size_t j0 = j;
      while (i < a.size() && is_digit(a[i])) {
        ++i;
      }
      while (j < b.size() && is_digit(b[j])) {
        ++j;
      }
      // Compare the runs as numbers: without leading zeros, a longer run is larger.
      size_t ia = i0;
      size_t jb = j0;
      while (ia + 1 < i && a[ia] == '0') {
        ++ia;
      }
      while (jb + 1 < j && b[jb] == '0') {
        ++jb;
      }
      if (i - ia != j - jb) {
        return i - ia < j - jb;
      }
      const int c = a.compare(ia, i - ia, b, jb, j - jb);
      if (c != 0) {
        return c < 0;
      }
      if (i - i0 != j - j0) {
        return i - i0 < j - j0;
      }
      continue;
    }
    if (a[i] != b[j]) {
      return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
    }
    ++i;
    ++j;
  }
  return a.size() - i < b.size() - j;
}

GpuHeatmap gpu_heatmap(const sim::RunResult& result, size_t max_rows, size_t buckets) {
  GpuHeatmap map;
  const std::vector<sim::UsageSeries>& series = result.metrics.node_gpus;
  std::vector<size_t> nodes;
  for (size_t i = 0; i < series.size(); ++i) {
    if (!series[i].empty()) {
      nodes.push_back(i);
    }
  }
  const auto name = [&](size_t node) -> const std::string& {
    return result.state.nodes[node].name;
  };
  std::sort(nodes.begin(), nodes.end(),
            [&](size_t a, size_t b) { return natural_less(name(a), name(b)); });
  const int64_t end = std::max<int64_t>(result.end.us, 1);
  buckets = std::max<size_t>(buckets, 1);
  const int64_t width = (end + static_cast<int64_t>(buckets) - 1) / static_cast<int64_t>(buckets);
  map.bucket = sim::SimDuration{width};
  if (nodes.empty() || max_rows == 0) {
    return map;
  }
  const size_t per_row = (nodes.size() + max_rows - 1) / max_rows;
  for (size_t first = 0; first < nodes.size(); first += per_row) {
    const size_t last = std::min(first + per_row, nodes.size()) - 1;
    map.rows.push_back(first == last ? name(nodes[first])
                                     : name(nodes[first]) + " .. " + name(nodes[last]));
    map.row_nodes.push_back(static_cast<int64_t>(last - first + 1));
    // Integrals of used and capacity (milli-GPU x microseconds) per column over the group.
    std::vector<double> used(buckets, 0);
    std::vector<double> capacity(buckets, 0);
    for (size_t k = first; k <= last; ++k) {
      const sim::UsageSeries& s = series[nodes[k]];
      for (size_t i = 0; i < s.size(); ++i) {
        const int64_t from = std::clamp<int64_t>(s[i].at.us, 0, end);
        const int64_t to = i + 1 < s.size() ? std::clamp<int64_t>(s[i + 1].at.us, 0, end) : end;
        for (int64_t t = from; t < to;) {
          const auto b = static_cast<size_t>(t / width);
          const int64_t until = std::min<int64_t>(to, (static_cast<int64_t>(b) + 1) * width);
          const auto dt = static_cast<double>(until - t);
          used[b] += static_cast<double>(s[i].used) * dt;
          capacity[b] += static_cast<double>(s[i].capacity) * dt;
          t = until;
        }
      }
    }
    std::vector<int> row(buckets, -1);
    for (size_t b = 0; b < buckets; ++b) {
      if (capacity[b] > 0) {
        row[b] = static_cast<int>(std::lround(100 * used[b] / capacity[b]));
      }
    }
    map.percent.push_back(std::move(row));
  }
  return map;
}

}  // namespace drasim::reports
