#include "sim/observe/anomaly_order.h"

#include <algorithm>
#include <string_view>
#include <tuple>

namespace drasim::sim {

bool anomaly_before(const model::Anomaly& a, const model::Anomaly& b) {
  // Kinds compare by their report names, so the order reads alphabetically in the output.
  const auto key = [](const model::Anomaly& x) {
    return std::make_tuple(x.at_us, std::string_view(x.node), std::string_view(to_string(x.kind)),
                           std::string_view(x.queue), std::string_view(x.pod),
                           std::string_view(x.resource));
  };
  return key(a) < key(b);
}

void sort_anomalies(std::vector<model::Anomaly>& anomalies) {
  std::stable_sort(anomalies.begin(), anomalies.end(), anomaly_before);
}

}  // namespace drasim::sim
