#include "reports/html/wait_histogram.h"

#include <algorithm>
#include <array>

namespace drasim::reports {
namespace {

struct Edge {
  int64_t seconds;
  const char* label;
};

constexpr std::array<Edge, 13> kEdges = {{{1, "1s"},
                                          {5, "5s"},
                                          {10, "10s"},
                                          {30, "30s"},
                                          {60, "1m"},
                                          {120, "2m"},
                                          {300, "5m"},
                                          {600, "10m"},
                                          {1800, "30m"},
                                          {3600, "1h"},
                                          {7200, "2h"},
                                          {21600, "6h"},
                                          {86400, "1d"}}};

}  // namespace

std::vector<WaitBin> wait_histogram(const std::vector<int64_t>& sorted_us) {
  std::vector<WaitBin> bins;
  if (sorted_us.empty()) {
    return bins;
  }
  auto from = sorted_us.begin();
  const char* lower = nullptr;
  for (const Edge& e : kEdges) {
    const auto to = std::lower_bound(from, sorted_us.end(), e.seconds * 1'000'000);
    bins.push_back(
        {lower ? std::string(lower) + " - " + e.label : std::string("< ") + e.label, to - from});
    from = to;
    lower = e.label;
  }
  bins.push_back({std::string(">= ") + lower, sorted_us.end() - from});
  return bins;
}

}  // namespace drasim::reports
