// Loading a real cluster at KAI's scale (the real-clusters issue): the 4,000-node, 140,000-pod
// live cluster of tests/bench/live_cluster.h as a `kubectl get -o json` List, as block YAML,
// and as a KAI snapshot ZIP, each loaded to a checked Scenario; and the JSON dump loaded and
// replayed through its first scheduling cycle, as `drasim run` does it.
// Run: ./build/release/tests/drasim_bench "[load]" --benchmark-samples 3
#include "sim/engine/engine.h"
#include "sim/load/json_source.h"
#include "sim/scenario_loader.h"

#include <catch2/catch.hpp>

#include "tests/bench/block_yaml.h"
#include "tests/bench/live_cluster.h"
#include "tests/kai_snapshot_writer.h"
#include "tests/zip_writer.h"

namespace drasim::bench {

TEST_CASE("load a 4000-node, 140000-pod live cluster", "[load]") {
  const std::string json = live_cluster_json();
  sim::Diagnostics d;
  const auto docs = sim::parse_json(json, 0, "cluster.json", d);
  REQUIRE(!d.has_errors());
  std::string yaml;
  for (const auto& item : docs.front().root().find("items")->children) {
    yaml += "---\n";
    block_yaml(item, 0, yaml);
  }
  const test::SnapshotParts parts = test::to_kai_snapshot(docs);
  const std::string zip = test::snapshot_zip(parts.json);
  // The first cycle only: binds take 200 ms, so nothing after it happens within 1 µs.
  const std::string first_cycle =
      "apiVersion: drasim.dev/v1alpha1\nkind: Scenario\nmetadata: {name: live}\n"
      "spec: {horizon: 1us}\n";
  WARN("kubectl JSON " << json.size() << " bytes, YAML " << yaml.size() << " bytes, snapshot "
                       << parts.json.size() << " bytes (" << zip.size() << " zipped)");
  const sim::Scenario loaded = sim::load_scenario_texts({{"cluster.json", json}});
  REQUIRE(loaded.objects.pods.size() == 140'000);
  REQUIRE(loaded.objects.nodes.size() == 4'000);

  BENCHMARK("kubectl JSON: load") {
    return sim::load_scenario_texts({{"cluster.json", json}}).objects.pods.size();
  };
  BENCHMARK("KAI snapshot ZIP: load") {
    return sim::load_scenario_texts({{"snapshot.zip", zip}, {"rest.yaml", parts.rest}})
        .objects.pods.size();
  };
  BENCHMARK("block YAML: load") {
    return sim::load_scenario_texts({{"cluster.yaml", yaml}}).objects.pods.size();
  };
  BENCHMARK("kubectl JSON: load and run the first cycle") {
    return sim::run_scenario(sim::load_scenario_texts(
                                 {{"cluster.json", json}, {"first-cycle.yaml", first_cycle}}))
        .state.pods.size();
  };
}

}  // namespace drasim::bench
