// The eviction solver's shortcut (scenario_prune.h): a scenario is known to fail when no
// victim's node would have room for the task, or when the task fits nowhere without victims and
// every victim's node rejects it for a reason no eviction changes (here a nodeSelector).
#include "model/kai/actions/scenario_prune.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"
#include <functional>
#include <utility>
#include <vector>

namespace drasim::model {
namespace {

using test::in_group;
using test::make_node;
using test::make_pod;
using test::make_pod_group;
using test::pod_id;
using test::run_on;

/// Nodes `a` (zone a) and `b` (zone b) of 2 GPUs, `a-0`, `a-1` and `b-0` of one GPU each,
/// and the pending `want-a` (1 GPU, zone a only), with `more` pods added before the cluster is
/// built; then each pod named in `placed` runs on its node.
ClusterState zoned_cluster(const std::function<void(ObjectSet&)>& more,
                           const std::vector<std::pair<const char*, const char*>>& placed) {
  ObjectSet objects;
  objects.nodes.push_back(make_node("a", 16, 2, {{"zone", "a"}}));
  objects.nodes.push_back(make_node("b", 16, 2, {{"zone", "b"}}));
  for (const char* name : {"a-0", "a-1", "b-0"}) {
    objects.pods.push_back(make_pod(name, "1", 1));
  }
  Pod zoned = make_pod("want-a", "1", 1);
  zoned.spec.node_selector = {{"zone", "a"}};
  objects.pods.push_back(zoned);
  more(objects);
  ClusterState state = test::build_submitted(objects);
  run_on(state, "a-0", "a");
  run_on(state, "a-1", "a");
  run_on(state, "b-0", "b");
  for (const auto& [pod, node] : placed) {
    run_on(state, pod, node);
  }
  return state;
}

/// Both nodes full: `b-1` (one GPU) runs on b; pending also `want-2` (2 GPUs, any zone).
ClusterState cluster() {
  return zoned_cluster(
      [](ObjectSet& objects) {
        objects.pods.push_back(make_pod("b-1", "1", 1));
        objects.pods.push_back(make_pod("want-2", "1", 2));
      },
      {{"b-1", "b"}});
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

JobId job_of(const ClusterState& state, const char* pod) {
  return state.pod(pod_id(state, pod)).job;
}

/// The zoned cluster with a third node `c` (zone a, 2 GPUs) holding `pair-c` of the PodGroup
/// `pair` (minMember 2), whose other pod `pair-b` sits on node b beside `b-0`; `want-3` asks
/// 3 GPUs, more than any node has.
ClusterState cluster_with_pair() {
  return zoned_cluster(
      [](ObjectSet& objects) {
        objects.nodes.push_back(make_node("c", 16, 2, {{"zone", "a"}}));
        objects.pod_groups.push_back(make_pod_group("pair", 2));
        objects.pods.push_back(in_group(make_pod("pair-b", "1", 1), "pair"));
        objects.pods.push_back(in_group(make_pod("pair-c", "1", 1), "pair"));
        objects.pods.push_back(make_pod("want-3", "1", 3));
      },
      {{"pair-b", "b"}, {"pair-c", "c"}});
}

TEST_CASE("a victim job is useless when every scenario with it fails, whatever else it takes") {
  ClusterState state = cluster();
  ScenarioPrune prune(state);
  // want-a may only go to zone a: b rejects it statically, and b's jobs (b-0, b-1) have all
  // their pods there, so no scenario with b-0 can help while want-a fits nowhere without
  // victims; a-0's node takes it once a-0 is gone.
  prune.begin(pod_id(state, "want-a"));
  CHECK(prune.useless(job_of(state, "b-0"), [] { return true; }));
  CHECK_FALSE(prune.useless(job_of(state, "a-0"), [] { return true; }));
  prune.end();
  // When want-a fits somewhere without victims, evicting b-0 may still be part of an accepted
  // scenario (the task lands elsewhere): not useless.
  prune.begin(pod_id(state, "want-a"));
  CHECK_FALSE(prune.useless(job_of(state, "b-0"), [] { return false; }));
  prune.end();
}

TEST_CASE("a node is sealed only when its jobs keep all their pods there, or has no room at all") {
  ClusterState state = cluster_with_pair();
  ScenarioPrune prune(state);
  // Node b rejects want-a (zone b), but `pair` also holds pair-c on node c (zone a): a
  // scenario built around b evicts pair-c too and may free c for the task, so b-0, beside
  // pair-b, is not useless (KAI's by-node scenario takes every potential victim of each job
  // that reaches the node, wherever they are).
  prune.begin(pod_id(state, "want-a"));
  CHECK_FALSE(prune.useless(job_of(state, "b-0"), [] { return true; }));
  CHECK_FALSE(prune.useless(job_of(state, "pair-b"), [] { return true; }));
  prune.end();
  // want-3 asks 3 GPUs and every node has 2: node a would not take it with both of its pods
  // gone (0 idle + 2 freed < 3), so a-0 is useless even though want-3 could fit somewhere
  // without victims (the base trial is never asked); node b is not sealed (pair reaches c).
  prune.begin(pod_id(state, "want-3"));
  int asked = 0;
  const auto base_takes = [&] {
    ++asked;
    return false;
  };
  CHECK(prune.useless(job_of(state, "a-0"), base_takes));
  CHECK_FALSE(prune.useless(job_of(state, "b-0"), base_takes));
  CHECK(asked == 0);
  prune.end();
}

}  // namespace
}  // namespace drasim::model
