// The eviction solver's shortcut (scenario_prune.h): a scenario is known to fail when no
// victim's node would have room for the task, or when the task fits nowhere without victims and
// every victim's node rejects it for a reason no eviction changes (here a nodeSelector).
#include "model/kai/actions/scenario_prune.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"

namespace drasim::model {
namespace {

using test::make_node;
using test::make_pod;
using test::pod_id;
using test::run_on;

/// Node `a` (zone a) and node `b` (zone b), 2 GPUs each, each full with two one-GPU pods;
/// pending: `want-2` (2 GPUs, any zone) and `want-a` (1 GPU, zone a only).
ClusterState cluster() {
  ObjectSet objects;
  objects.nodes.push_back(make_node("a", 16, 2, {{"zone", "a"}}));
  objects.nodes.push_back(make_node("b", 16, 2, {{"zone", "b"}}));
  for (const char* name : {"a-0", "a-1", "b-0", "b-1"}) {
    objects.pods.push_back(make_pod(name, "1", 1));
  }
  objects.pods.push_back(make_pod("want-2", "1", 2));
  Pod zoned = make_pod("want-a", "1", 1);
  zoned.spec.node_selector = {{"zone", "a"}};
  objects.pods.push_back(zoned);
  ClusterState state = test::build_submitted(objects);
  run_on(state, "a-0", "a");
  run_on(state, "a-1", "a");
  run_on(state, "b-0", "b");
  run_on(state, "b-1", "b");
  return state;
}

TEST_CASE("no room: the potential victims on every victim's node free too little") {
  ClusterState state = cluster();
  ScenarioPrune prune(state);
  prune.begin(pod_id(state, "want-2"));
  int asked = 0;
  const auto base_fails = [&] {
    ++asked;
    return true;
  };
  // Node b is full: one 1-GPU victim there frees 1 GPU of the 2 the task asks.
  prune.add(pod_id(state, "b-0"));
  CHECK(prune.fails({pod_id(state, "b-0")}, base_fails));
  // The second one makes 2: the scenario must be tried (node b takes the task, so the base
  // trial is not even asked).
  prune.add(pod_id(state, "b-1"));
  CHECK_FALSE(prune.fails({pod_id(state, "b-0"), pod_id(state, "b-1")}, base_fails));
  CHECK(asked == 0);
  prune.end();
}

TEST_CASE("no gain: the task fits nowhere and the victims' nodes reject it statically") {
  ClusterState state = cluster();
  ScenarioPrune prune(state);
  prune.begin(pod_id(state, "want-a"));
  prune.add(pod_id(state, "b-0"));
  const std::vector<PodId> on_b{pod_id(state, "b-0")};
  // Room for one GPU on b, but b is in zone b: when nothing takes the task without victims,
  // evicting b-0 cannot help.
  CHECK(prune.fails(on_b, [] { return true; }));
  // When the task fits somewhere without victims the shortcut says nothing.
  CHECK_FALSE(prune.fails(on_b, [] { return false; }));
  // A victim on node a (zone a) frees room the task can use: tried.
  prune.add(pod_id(state, "a-0"));
  CHECK_FALSE(prune.fails({pod_id(state, "a-0")}, [] { return true; }));
  prune.end();
  CHECK_FALSE(prune.active());
}

TEST_CASE("the scenario given as its victim jobs gets the same answers as its victim list") {
  ClusterState state = cluster();
  ScenarioPrune prune(state);
  prune.begin(pod_id(state, "want-a"));
  const PodId b0 = pod_id(state, "b-0");
  const PodId a0 = pod_id(state, "a-0");
  std::vector<std::vector<PodId>> by_job(state.jobs.size());
  by_job[state.pod(b0).job.index()].push_back(b0);
  by_job[state.pod(a0).job.index()].push_back(a0);
  prune.add(b0);
  prune.add(a0);
  // As in the test above: b-0 alone (zone b) cannot help, a-0 (zone a) can.
  CHECK(prune.fails(std::vector<JobId>{state.pod(b0).job}, by_job, [] { return true; }));
  CHECK_FALSE(prune.fails(std::vector<JobId>{state.pod(a0).job}, by_job, [] { return true; }));
  CHECK_FALSE(prune.fails(std::vector<JobId>{state.pod(b0).job, state.pod(a0).job}, by_job,
                          [] { return true; }));
  prune.end();
}

}  // namespace
}  // namespace drasim::model
