// The report order of anomalies (sim/observe/anomaly_order.h): time, node, kind name, queue, pod,
// resource; full ties keep the order they were seen in.
#include "sim/observe/anomaly_order.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace drasim::sim {
namespace {

model::Anomaly make(model::AnomalyKind kind, int64_t at_us, std::string node, std::string queue,
                    std::string pod, std::string resource, std::string message = "") {
  model::Anomaly a;
  a.kind = kind;
  a.at_us = at_us;
  a.node = std::move(node);
  a.queue = std::move(queue);
  a.pod = std::move(pod);
  a.resource = std::move(resource);
  a.message = std::move(message);
  return a;
}

TEST_CASE("anomalies sort by time, then node, kind, queue, pod and resource") {
  using K = model::AnomalyKind;
  std::vector<model::Anomaly> v = {
      make(K::kNegativeIdle, 2, "n2", "", "", "gpu"),           // 0: later time
      make(K::kQuotaDrift, 1, "", "team-b", "", "gpu"),         // 1
      make(K::kNegativeIdle, 1, "n1", "", "", "gpu"),           // 2
      make(K::kDoubleCount, 1, "n1", "", "", "gpu"),            // 3: double-count < negative-idle
      make(K::kQuotaDrift, 1, "", "team-a", "", "gpu"),         // 4: team-a < team-b
      make(K::kQuotaDrift, 1, "", "team-a", "", "cpu"),         // 5: cpu < gpu
      make(K::kStaleClaim, 1, "n1", "", "ml/b", "", "first"),   // 6
      make(K::kStaleClaim, 1, "n1", "", "ml/a", ""),            // 7: ml/a < ml/b
      make(K::kStaleClaim, 1, "n1", "", "ml/b", "", "second"),  // 8: ties 6, stays after it
  };
  sort_anomalies(v);
  std::vector<std::string> order;
  for (const model::Anomaly& a : v) {
    order.push_back(std::to_string(a.at_us) + " " + a.node + " " + to_string(a.kind) + " " + a.queue
                    + " " + a.pod + " " + a.resource + " " + a.message);
  }
  // At 1 µs: no node ("") before n1; among the quota drifts team-a before team-b, cpu before
  // gpu; on n1 double-count, negative-idle, stale-claim by name, the stale claims by pod.
  CHECK(order
        == std::vector<std::string>{
            "1  quota-drift team-a  cpu ",
            "1  quota-drift team-a  gpu ",
            "1  quota-drift team-b  gpu ",
            "1 n1 double-count   gpu ",
            "1 n1 negative-idle   gpu ",
            "1 n1 stale-claim  ml/a  ",
            "1 n1 stale-claim  ml/b  first",
            "1 n1 stale-claim  ml/b  second",
            "2 n2 negative-idle   gpu ",
        });
}

}  // namespace
}  // namespace drasim::sim
