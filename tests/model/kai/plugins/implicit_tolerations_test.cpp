// The implicit-tolerations plugin on a built cluster state, without the engine.
#include "model/kai/plugins/implicit_tolerations.h"

#include "model/cluster_builder.h"
#include "model/kai/plugins/predicates.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"

namespace drasim::model {
namespace {

ImplicitTolerationRule gpu_rule() {
  ImplicitTolerationRule r;
  r.name = "gpu-by-resource";
  r.type = ImplicitTolerationRule::Type::kExtendedResource;
  r.resource_names = {"nvidia.com/gpu"};
  r.toleration = Toleration{"nvidia.com/gpu", TolerationOperator::kExists, "",
                            TaintEffect::kNoSchedule, std::nullopt};
  return r;
}

TEST_CASE("an ExtendedResource rule implies its toleration for GPU pods only") {
  ObjectSet o;
  o.nodes.push_back(
      test::make_node("gpu-0", 32, 8, {}, {Taint{"nvidia.com/gpu", "", TaintEffect::kNoSchedule}}));
  o.pods.push_back(test::make_pod("trainer", "1", 1));
  o.pods.push_back(test::make_pod("etl", "1"));
  BuildOptions options;
  options.implicit_tolerations = {gpu_rule()};
  const ClusterState s = build_cluster(o, options);
  const PodTemplate& trainer = s.templates[0];
  const PodTemplate& etl = s.templates[1];
  // trainer asks for nvidia.com/gpu: 1 > 0, so the rule fires once, naming itself.
  REQUIRE(trainer.implicit_tolerations.size() == 1);
  CHECK(trainer.implicit_tolerations[0].rule == "gpu-by-resource");
  CHECK(trainer.implicit_tolerations[0].toleration.key == "nvidia.com/gpu");
  // The pod's own toleration list is unchanged; only the filter sees the union.
  CHECK(trainer.tolerations.empty());
  CHECK(filter_tolerations(trainer).size() == 1);
  CHECK(static_node_problem(trainer, s.nodes[0]).empty());
  // etl asks for no GPU: no implied toleration, and the taint keeps it off.
  CHECK(etl.implicit_tolerations.empty());
  CHECK(static_node_problem(etl, s.nodes[0]) == "node(s) had untolerated taint {nvidia.com/gpu: }");
  // Different implied tolerations mean different placement classes (the filter cache key).
  CHECK(trainer.placement_class != etl.placement_class);
}

}  // namespace
}  // namespace drasim::model
