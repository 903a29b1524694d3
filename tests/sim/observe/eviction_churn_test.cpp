// The eviction-churn detector (sim/observe/eviction_churn_detector.h): more than 5 scheduler
// evictions of one pod within 10 minutes of simulated time make one anomaly for that pod.
#include "model/k8s/object_set.h"
#include "sim/observe/eviction_churn_detector.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"
#include <cstdint>

namespace drasim::sim {
namespace {

using test::build_submitted;
using test::make_node;
using test::make_pod;
using test::pod_id;

model::ClusterState one_pod() {
  model::ObjectSet objects;
  objects.nodes.push_back(make_node("n1", 8, 1));
  objects.pods.push_back(make_pod("p", "1", 1));
  return build_submitted(objects);
}

/// Tells the detector of an eviction of `p` at each of `seconds`.
void evict_at(EvictionChurnDetector& d, model::ClusterState& s,
              std::initializer_list<int> seconds) {
  for (const int t : seconds) {
    s.now_us = int64_t{t} * 1'000'000;
    d.evicted(s, pod_id(s, "p"));
  }
}

TEST_CASE("six evictions within ten minutes are churn, five are not") {
  model::ClusterState s = one_pod();
  EvictionChurnDetector d(s.pods.size());
  evict_at(d, s, {0, 60, 120, 180, 240});
  CHECK(s.anomalies.empty());  // five: at the bound, not above it
  evict_at(d, s, {300});
  REQUIRE(s.anomalies.size() == 1);
  const model::Anomaly& a = s.anomalies[0];
  CHECK(a.kind == model::AnomalyKind::kEvictionChurn);
  CHECK(a.at_us == 300'000'000);
  CHECK(a.pod == "default/p");
  CHECK(a.queue == "default-queue");  // no Queue objects: the kai default queue
  CHECK(a.value == 6);
  CHECK(a.message
        == "default/p was evicted 6 times between 0.0s and 300.0s and placed again each time: "
           "the scheduler is taking the same resources back and forth");
  // Once per pod: the same loop going on is not reported again.
  evict_at(d, s, {301, 302, 303, 304, 305, 306});
  CHECK(s.anomalies.size() == 1);
}

TEST_CASE("evictions further apart than the window are not churn") {
  model::ClusterState s = one_pod();
  EvictionChurnDetector d(s.pods.size());
  // The window holds the evictions of the last 10 minutes, now included: with one every 2
  // minutes it never holds more than five (when the sixth comes at 600 s, the one at 0 s has
  // just left it).
  evict_at(d, s, {0, 120, 240, 360, 480, 600, 720, 840});
  CHECK(s.anomalies.empty());
}

}  // namespace
}  // namespace drasim::sim
