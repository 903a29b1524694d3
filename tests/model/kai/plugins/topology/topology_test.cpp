// KAI's topology plugin (kai-scheduler-behavior.md section 5, behaviours 58-60): the domain
// tree, node accommodation, the job-to-free ratio, candidate node sets and preferred-level
// scores, and the allocate action placing a gang inside one domain.
#include "model/cluster/cluster_state.h"
#include "model/cluster/topology_tree.h"
#include "model/k8s/object_set.h"
#include "model/kai/api/resource_vector.h"
#include "model/kai/plugins/nodeplacement.h"
#include "model/kai/plugins/topology/node_sets.h"
#include "model/kai/plugins/topology/topology_fit.h"
#include "model/scheduler.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"
#include <string>
#include <vector>

using drasim::model::ClusterState;
using drasim::model::CycleResult;
using drasim::model::JobInfo;
using drasim::model::kCpuSlot;
using drasim::model::kGpuSlot;
using drasim::model::kMissingResourceRatio;
using drasim::model::kPodsSlot;
using drasim::model::kPoint;
using drasim::model::NodeInfo;
using drasim::model::ObjectSet;
using drasim::model::PodGroup;
using drasim::model::PodId;
using drasim::model::PodPhase;
using drasim::model::ResourceVector;
using drasim::model::SchedulerOptions;
using drasim::model::Topology;
using drasim::model::TopologyPlan;
using drasim::test::build_submitted;
using drasim::test::in_group;
using drasim::test::make_node;
using drasim::test::make_pod;
using drasim::test::make_pod_group;
using drasim::test::node_id;
using drasim::test::pod_id;
using drasim::test::run_on;

namespace {

const std::string kZone = "topology.kubernetes.io/zone";
const std::string kRack = "topology.kubernetes.io/rack";

/// A 4-slot vector (cpu millicores, memory bytes, milli-GPUs, pods).
ResourceVector vec(int64_t cpu, int64_t gpu, int64_t pods) {
  ResourceVector v(4);
  v.set(kCpuSlot, cpu);
  v.set(kGpuSlot, gpu);
  v.set(kPodsSlot, pods);
  return v;
}

Topology zone_rack(const std::string& name = "dc") {
  Topology t;
  t.meta.name = name;
  t.levels = {{kZone, "zone"}, {kRack, "rack"}};
  return t;
}

drasim::model::Node rack_node(const std::string& name, const std::string& zone,
                              const std::string& rack, int64_t gpus) {
  return make_node(name, 32, gpus, {{kZone, zone}, {kRack, rack}});
}

PodGroup constrained(const std::string& name, int64_t min_member, const std::string& required,
                     const std::string& preferred = "") {
  PodGroup pg = make_pod_group(name, min_member);
  pg.topology_constraint.topology = "dc";
  pg.topology_constraint.required_level = required;
  pg.topology_constraint.preferred_level = preferred;
  return pg;
}

const JobInfo& job(const ClusterState& s, const std::string& name) {
  for (const JobInfo& j : s.jobs) {
    if (j.name == name) {
      return j;
    }
  }
  FAIL("no job " << name);
  return s.jobs.front();
}

std::vector<PodId> pending_of(const ClusterState& s, const JobInfo& j) {
  std::vector<PodId> out;
  for (const PodId p : j.pods) {
    if (s.pod(p).phase == PodPhase::kPending) {
      out.push_back(p);
    }
  }
  return out;
}

std::vector<std::string> set_names(const TopologyPlan& plan) {
  std::vector<std::string> out;
  for (const auto& set : plan.sets) {
    out.push_back(set.domain);
  }
  return out;
}

std::string ran_on(const ClusterState& s, const char* pod) {
  const auto& p = s.pod(pod_id(s, pod));
  return p.node.valid() ? s.node(p.node).name : std::string();
}

CycleResult cycle(ClusterState& state) {
  const CycleResult result = drasim::model::run_cycle(state, SchedulerOptions{});
  state.check_invariants();
  return result;
}

}  // namespace

TEST_CASE("node accommodation counts copies of the largest task (behaviour 58)") {
  NodeInfo node;
  node.idle = vec(64'000, 8'000, 110);
  node.releasing = vec(0, 0, 0);
  const ResourceVector max_task = vec(8'000, 2'000, 1);
  // min(64000 / 8000 cpu = 8, 8000 / 2000 gpu = 4, 110 / 1 pods = 110) = 4: GPU-bound.
  CHECK(drasim::model::node_accommodation(max_task, node, 3) == 4);
  // 1 idle GPU < 2 requested: the task does not fit at all.
  node.idle = vec(64'000, 1'000, 110);
  CHECK(drasim::model::node_accommodation(max_task, node, 3) == 0);
  // Releasing capacity counts: 1 idle + 3 releasing GPUs = 4, so 4000 / 2000 = 2 copies.
  node.releasing = vec(0, 3'000, 0);
  CHECK(drasim::model::node_accommodation(max_task, node, 3) == 2);
  // A task asking for nothing but its pod slot fits as many times as there are tasks.
  CHECK(drasim::model::node_accommodation(vec(0, 0, 1), node, 3) == 3);
}

TEST_CASE("the job-to-free ratio is the dominant request over free resources (behaviour 59)") {
  // The job: 4 GPUs and 2 cores in total over 2 pods (the pods slot is skipped).
  const ResourceVector job = vec(2'000, 4'000, 2);
  // Rack A: 8 GPUs, 64 cores free: max(4/8 = 0.5, 2/64) = 0.5.
  CHECK(drasim::model::job_ratio_to_free(job, vec(64'000, 8'000, 220)) == 0.5);
  // Rack B: 4 GPUs free: 4/4 = 1.0, still a fit (only above 1 is rejected).
  CHECK(drasim::model::job_ratio_to_free(job, vec(32'000, 4'000, 110)) == 1.0);
  // Rack C: no GPU free: the missing resource counts 1000.
  CHECK(drasim::model::job_ratio_to_free(job, vec(32'000, 0, 110)) == kMissingResourceRatio);
  // Nothing requested but pods: 0.
  CHECK(drasim::model::job_ratio_to_free(vec(0, 0, 2), vec(0, 0, 0)) == 0.0);
}

TEST_CASE("homogeneous tasks all use, or all skip, every resource but cpu and memory") {
  // Both use GPUs (different amounts): homogeneous.
  CHECK(drasim::model::homogeneous_tasks({vec(1'000, 1'000, 1), vec(8'000, 3'000, 1)}));
  // One GPU task and one CPU-only task: heterogeneous.
  CHECK_FALSE(drasim::model::homogeneous_tasks({vec(1'000, 4'000, 1), vec(1'000, 0, 1)}));
}

TEST_CASE("heterogeneous job: rack sets by ratio, B (1.0) before A (0.5), C rejected (59)") {
  ObjectSet objects;
  Topology t;
  t.meta.name = "dc";
  t.levels = {{kRack, "rack"}};
  objects.topologies = {t};
  objects.nodes = {
      make_node("a-1", 32, 4, {{kRack, "rack-a"}}), make_node("a-2", 32, 4, {{kRack, "rack-a"}}),
      make_node("b-1", 32, 4, {{kRack, "rack-b"}}), make_node("c-1", 32, 0, {{kRack, "rack-c"}})};
  objects.pod_groups = {constrained("job", 2, "rack")};
  // A 4-GPU pod and a CPU-only pod: heterogeneous, so racks are judged by ratio.
  objects.pods = {in_group(make_pod("job-gpu", "1", 4), "job"),
                  in_group(make_pod("job-cpu", "1"), "job")};
  ClusterState state = build_submitted(objects);
  const JobInfo& j = job(state, "job");
  const TopologyPlan plan = drasim::model::plan_topology(state, j, pending_of(state, j));
  // GPU ratios: rack-a 4/8 = 0.5, rack-b 4/4 = 1.0, rack-c 4/0 -> 1000 (> 1, rejected). The
  // CPU ratios (2/64, 2/32, 2/32) are smaller. Sets go most packed first: rack-b, rack-a.
  CHECK(set_names(plan) == std::vector<std::string>{"rack-b", "rack-a"});
  CHECK(plan.scores.empty());  // no preferred level
  const CycleResult result = cycle(state);
  // rack-b is tried first and holds both pods on its only node.
  CHECK(result.binds.size() == 2u);
  CHECK(ran_on(state, "job-gpu") == "b-1");
  CHECK(ran_on(state, "job-cpu") == "b-1");
}

namespace {

/// Racks of the ratio tests: rack-a with two 4-GPU nodes, rack-b with `b_nodes` nodes of
/// `b_gpus` GPUs each; one job of a 4-GPU pod and a CPU-only pod requiring a rack.
ClusterState two_racks(int64_t b_nodes, int64_t b_gpus, bool with_a = true) {
  ObjectSet objects;
  Topology t;
  t.meta.name = "dc";
  t.levels = {{kRack, "rack"}};
  objects.topologies = {t};
  if (with_a) {
    objects.nodes = {make_node("a-1", 32, 4, {{kRack, "rack-a"}}),
                     make_node("a-2", 32, 4, {{kRack, "rack-a"}})};
  }
  for (int64_t i = 1; i <= b_nodes; ++i) {
    objects.nodes.push_back(make_node("b-" + std::to_string(i), 32, b_gpus, {{kRack, "rack-b"}}));
  }
  objects.pod_groups = {constrained("job", 2, "rack")};
  objects.pods = {in_group(make_pod("job-gpu", "1", 4), "job"),
                  in_group(make_pod("job-cpu", "1"), "job")};
  return build_submitted(objects);
}

}  // namespace

TEST_CASE("a set that passes the ratio but not placement is rolled back, the next one is tried") {
  // rack-b: two 2-GPU nodes, 4 GPUs in all: ratio 4/4 = 1.0 sorts it before rack-a (4/8).
  ClusterState state = two_racks(2, 2);
  const JobInfo& j = job(state, "job");
  CHECK(set_names(drasim::model::plan_topology(state, j, pending_of(state, j)))
        == std::vector<std::string>{"rack-b", "rack-a"});
  const CycleResult result = cycle(state);
  // In rack-b the CPU pod (first by name) is placed, then the 4-GPU pod fits on neither 2-GPU
  // node: rack-b is rolled back. In rack-a both pods tie on a-1 and a-2 (4 GPUs and 32 cores
  // free each) and take a-1 by name.
  CHECK(result.binds.size() == 2u);
  CHECK(ran_on(state, "job-cpu") == "a-1");
  CHECK(ran_on(state, "job-gpu") == "a-1");
}

TEST_CASE("when every set fails the reason names the constraint and the last pod's failure") {
  ClusterState state = two_racks(2, 2, false);
  const CycleResult result = cycle(state);
  CHECK(result.binds.empty());
  // The only set is rack-b (ratio 1.0). The CPU pod is placed (1 of 2), the 4-GPU pod exceeds
  // both 2-GPU nodes.
  CHECK(state.reason_of(pod_id(state, "job-cpu"))
        == "pod group job: resources were found for 1 pods while 2 are required; pod job-gpu: "
           "topology dc, required level topology.kubernetes.io/rack: the constraint could not "
           "be satisfied in any of 1 candidate domains; last failure: the pod requests 4 "
           "nvidia.com/gpu but the largest node in the pool has 2");
  CHECK(state.pod(pod_id(state, "job-cpu")).phase == PodPhase::kPending);
}

TEST_CASE("a node missing a level label is outside the topology (behaviour 60)") {
  ObjectSet objects;
  objects.topologies = {zone_rack()};
  // `loose` has a zone but no rack label; it has the room the job needs, yet is excluded.
  objects.nodes = {rack_node("r1-1", "z1", "r1", 2), make_node("loose", 32, 8, {{kZone, "z1"}})};
  objects.pod_groups = {constrained("job", 2, "", "rack")};
  objects.pods = {in_group(make_pod("job-0", "1", 2), "job"),
                  in_group(make_pod("job-1", "1", 2), "job")};
  ClusterState state = build_submitted(objects);
  const auto& tree = state.topologies[0];
  // Domains: root, z1, z1.r1; only r1-1 belongs.
  REQUIRE(tree.domains.size() == 3u);
  CHECK(tree.domains[2].id == "z1.r1");
  CHECK(tree.domains[0].nodes == std::vector{node_id(state, "r1-1")});
  CHECK(tree.leaf_of[node_id(state, "loose").index()] == tree.kNoDomain);
  const CycleResult result = cycle(state);
  // The lowest common domain of the topology's nodes is z1.r1 (the preferred level stops the
  // descent there). It has 2 free GPUs, so it accommodates 2 / 2 = 1 copy of the 2-GPU task,
  // fewer than the 2 tasks: the job cannot start, although `loose` has 8 free GPUs.
  CHECK(result.binds.empty());
  CHECK(state.reason_of(pod_id(state, "job-0"))
        == "pod group job: resources were found for 0 pods while 2 are required; pod job-0: "
           "topology dc, preferred level topology.kubernetes.io/rack: not enough resources in "
           "domain z1.r1 to allocate the job");
}

TEST_CASE("a gang with a required rack lands entirely in the one rack that can hold it") {
  ObjectSet objects;
  objects.topologies = {zone_rack()};
  objects.nodes = {rack_node("r1-1", "z1", "r1", 4), rack_node("r1-2", "z1", "r1", 4),
                   rack_node("r2-1", "z1", "r2", 4), rack_node("r2-2", "z1", "r2", 4)};
  objects.pod_groups = {constrained("gang", 3, kRack)};
  objects.pods = {make_pod("fill-1", "1", 1), make_pod("fill-2", "1", 3)};
  for (const char* name : {"gang-0", "gang-1", "gang-2"}) {
    objects.pods.push_back(in_group(make_pod(name, "1", 2), "gang"));
  }
  ClusterState state = build_submitted(objects);
  run_on(state, "fill-1", "r1-1");  // r1-1: 3 GPUs free
  run_on(state, "fill-2", "r1-2");  // r1-2: 1 GPU free
  const JobInfo& j = job(state, "gang");
  const TopologyPlan plan = drasim::model::plan_topology(state, j, pending_of(state, j));
  // Homogeneous 2-GPU pods, so racks are judged by pod count: r1 holds floor(3/2) + floor(1/2)
  // = 1 < 3 pods; r2 holds 2 + 2 = 4 >= 3. Only z1.r2 is a candidate.
  CHECK(set_names(plan) == std::vector<std::string>{"z1.r2"});
  const CycleResult result = cycle(state);
  // Without the constraint binpack would start on r1-1 (3 free, the fewest that fit). Inside
  // r2 (binpack range over r2 only): both nodes have 4 free, tie -> r2-1; then r2-1 has 2
  // free (score 9) against r2-2's 4 (score 0) -> r2-1; then r2-1 is full -> r2-2.
  CHECK(result.binds.size() == 3u);
  CHECK(ran_on(state, "gang-0") == "r2-1");
  CHECK(ran_on(state, "gang-1") == "r2-1");
  CHECK(ran_on(state, "gang-2") == "r2-2");
}

TEST_CASE("a job with running pods and a required level stays in their domain") {
  ObjectSet objects;
  objects.topologies = {zone_rack()};
  objects.nodes = {rack_node("r1-1", "z1", "r1", 4), rack_node("r2-1", "z1", "r2", 8)};
  // Elastic job (minMember 1): one pod already runs in r2; one more is pending.
  objects.pod_groups = {constrained("elastic", 1, "rack")};
  objects.pods = {in_group(make_pod("elastic-0", "1", 1), "elastic"),
                  in_group(make_pod("elastic-1", "1", 1), "elastic")};
  ClusterState state = build_submitted(objects);
  run_on(state, "elastic-0", "r2-1");
  const JobInfo& j = job(state, "elastic");
  const TopologyPlan plan = drasim::model::plan_topology(state, j, pending_of(state, j));
  // Both racks have room for one 1-GPU pod, but only r2 holds a running pod of the job.
  CHECK(set_names(plan) == std::vector<std::string>{"z1.r2"});
  cycle(state);
  // Binpack alone would pick r1-1 (4 free GPUs against 7).
  CHECK(ran_on(state, "elastic-1") == "r2-1");
}

TEST_CASE("preferred-level scores rise with the domain's place in the sorted tree") {
  ObjectSet objects;
  objects.topologies = {zone_rack()};
  objects.nodes = {rack_node("r1-1", "z1", "r1", 2), rack_node("r2-1", "z1", "r2", 4),
                   rack_node("r3-1", "z1", "r3", 8)};
  objects.pod_groups = {constrained("job", 1, "zone", "rack")};
  objects.pods = {in_group(make_pod("job-0", "1", 1), "job")};
  ClusterState state = build_submitted(objects);
  const JobInfo& j = job(state, "job");
  const TopologyPlan plan = drasim::model::plan_topology(state, j, pending_of(state, j));
  // Racks sorted by GPU ratio descending: r1 (1/2), r2 (1/4), r3 (1/8). Scores are
  // floor((i + 1) / 3 * 10) * 1e5 points: 3, 6 and 10 steps.
  const auto score = [&](const char* node) {
    return plan.scores[node_id(state, node).index()];
  };
  CHECK(score("r1-1") == 3 * 100'000 * kPoint);
  CHECK(score("r2-1") == 6 * 100'000 * kPoint);
  CHECK(score("r3-1") == 10 * 100'000 * kPoint);
  // Every rack fits one pod, then the zone: racks first in sorted order, then z1.
  CHECK(set_names(plan) == std::vector<std::string>{"z1.r1", "z1.r2", "z1.r3", "z1"});
  cycle(state);
  // The first set, r1, takes the pod.
  CHECK(ran_on(state, "job-0") == "r1-1");
}

TEST_CASE("aliases and labels resolve to the same level, unknown levels do not") {
  const Topology t = zone_rack();
  CHECK(drasim::model::topology_level_depth(t, "zone") == 1u);
  CHECK(drasim::model::topology_level_depth(t, kRack) == 2u);
  CHECK(drasim::model::topology_level_depth(t, "root") == 0u);
  CHECK_FALSE(drasim::model::topology_level_depth(t, "row").has_value());
}
