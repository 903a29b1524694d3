#include "model/k8s/taint.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using drasim::model::first_untolerated;
using drasim::model::Taint;
using drasim::model::TaintEffect;
using drasim::model::tolerates;
using drasim::model::Toleration;
using drasim::model::TolerationOperator;

namespace {

Taint taint(std::string key, std::string value, TaintEffect effect) {
  return Taint{std::move(key), std::move(value), effect};
}

Toleration equal(std::string key, std::string value) {
  Toleration t;
  t.key = std::move(key);
  t.op = TolerationOperator::kEqual;
  t.value = std::move(value);
  return t;
}

Toleration exists(std::string key) {
  Toleration t;
  t.key = std::move(key);
  t.op = TolerationOperator::kExists;
  return t;
}

}  // namespace

TEST_CASE("a toleration without an effect tolerates the taint under every effect") {
  const Toleration t = equal("dedicated", "infra");
  // k8s ToleratesTaint: an empty effect matches all effects.
  CHECK(tolerates(t, taint("dedicated", "infra", TaintEffect::kNoSchedule)));
  CHECK(tolerates(t, taint("dedicated", "infra", TaintEffect::kPreferNoSchedule)));
  CHECK(tolerates(t, taint("dedicated", "infra", TaintEffect::kNoExecute)));
}

TEST_CASE("a toleration with an effect tolerates only that effect") {
  Toleration t = equal("dedicated", "infra");
  t.effect = TaintEffect::kNoSchedule;
  CHECK(tolerates(t, taint("dedicated", "infra", TaintEffect::kNoSchedule)));
  CHECK_FALSE(tolerates(t, taint("dedicated", "infra", TaintEffect::kNoExecute)));
}

TEST_CASE("an empty key with Exists tolerates every taint") {
  const Toleration t = exists("");
  CHECK(tolerates(t, taint("dedicated", "infra", TaintEffect::kNoSchedule)));
  CHECK(tolerates(t, taint("nvidia.com/gpu", "", TaintEffect::kNoExecute)));
  CHECK(tolerates(t, taint("anything", "at-all", TaintEffect::kPreferNoSchedule)));
}

TEST_CASE("Exists with a key tolerates any value of that key only") {
  const Toleration t = exists("dedicated");
  CHECK(tolerates(t, taint("dedicated", "infra", TaintEffect::kNoSchedule)));
  CHECK(tolerates(t, taint("dedicated", "gpu", TaintEffect::kNoSchedule)));
  CHECK_FALSE(tolerates(t, taint("reserved", "infra", TaintEffect::kNoSchedule)));
}

TEST_CASE("Equal tolerates only the same key and value") {
  const Toleration t = equal("dedicated", "infra");
  CHECK(tolerates(t, taint("dedicated", "infra", TaintEffect::kNoSchedule)));
  CHECK_FALSE(tolerates(t, taint("dedicated", "gpu", TaintEffect::kNoSchedule)));
  CHECK_FALSE(tolerates(t, taint("reserved", "infra", TaintEffect::kNoSchedule)));
}

TEST_CASE("a PreferNoSchedule taint never blocks a pod") {
  const std::vector<Taint> taints = {taint("soft", "x", TaintEffect::kPreferNoSchedule)};
  // TaintToleration's filter only considers NoSchedule and NoExecute.
  CHECK(first_untolerated(taints, {}) == nullptr);
}

TEST_CASE("an untolerated NoSchedule or NoExecute taint blocks a pod") {
  const std::vector<Taint> no_schedule = {taint("dedicated", "infra", TaintEffect::kNoSchedule)};
  const std::vector<Taint> no_execute = {taint("broken", "", TaintEffect::kNoExecute)};
  REQUIRE(first_untolerated(no_schedule, {}) != nullptr);
  CHECK(first_untolerated(no_schedule, {})->key == "dedicated");
  REQUIRE(first_untolerated(no_execute, {}) != nullptr);
  CHECK(first_untolerated(no_execute, {})->key == "broken");
}

TEST_CASE("the first untolerated taint in node order is reported") {
  const std::vector<Taint> taints = {
      taint("soft", "x", TaintEffect::kPreferNoSchedule),     // never blocks
      taint("dedicated", "infra", TaintEffect::kNoSchedule),  // tolerated below
      taint("zone", "a", TaintEffect::kNoSchedule),           // first untolerated
      taint("broken", "", TaintEffect::kNoExecute),           // also untolerated, but later
  };
  const std::vector<Toleration> tolerations = {equal("dedicated", "infra")};
  const Taint* t = first_untolerated(taints, tolerations);
  REQUIRE(t != nullptr);
  CHECK(t->key == "zone");
  CHECK(t->value == "a");
}

TEST_CASE("a node whose blocking taints are all tolerated admits the pod") {
  const std::vector<Taint> taints = {taint("dedicated", "infra", TaintEffect::kNoSchedule),
                                     taint("broken", "", TaintEffect::kNoExecute)};
  CHECK(first_untolerated(taints, {equal("dedicated", "infra"), exists("broken")}) == nullptr);
  CHECK(first_untolerated(taints, {exists("")}) == nullptr);
}

TEST_CASE("taint effects print with their Kubernetes names") {
  CHECK(std::string(to_string(TaintEffect::kNoSchedule)) == "NoSchedule");
  CHECK(std::string(to_string(TaintEffect::kPreferNoSchedule)) == "PreferNoSchedule");
  CHECK(std::string(to_string(TaintEffect::kNoExecute)) == "NoExecute");
}
