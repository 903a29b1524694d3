// KAI's job order over queues (job_picker.h): the next job comes from a descent of the queue
// tree by the proportion plugin's queue order, redone only where something changed. A pop whose
// queue's next job asks for the same request keeps every choice, so the queue is taken again
// without a descent; the reference mode descends at every pop and must give the same order.
#include "model/kai/actions/job_picker.h"

#include "model/cluster_builder.h"
#include "model/kai/plugins/proportion/capacity_policy.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"
#include <map>
#include <string>
#include <vector>

namespace drasim::model {
namespace {

using test::build_submitted;
using test::make_node;
using test::make_pod;

Queue unlimited_queue(std::string name) {
  Queue q;
  q.meta.name = std::move(name);
  q.has_resources = true;
  for (QueueResource* r : {&q.cpu, &q.memory, &q.gpu}) {
    *r = QueueResource{-1, 1, -1};
  }
  return q;
}

/// Pending one-pod jobs `<queue>-<i>` asking for `gpus[i]` GPUs and no cpu, in queues team-a
/// and team-b (the same spec; team-a first by name), on one 16-GPU node.
ObjectSet two_queues(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  ObjectSet objects;
  objects.nodes = {make_node("n", 64, 16)};
  objects.queues = {unlimited_queue("team-a"), unlimited_queue("team-b")};
  const auto add = [&](const std::string& queue, const std::vector<int64_t>& gpus) {
    for (size_t i = 0; i < gpus.size(); ++i) {
      Pod p = make_pod(queue + "-" + std::to_string(i), "0", gpus[i]);
      p.meta.labels["kai.scheduler/queue"] = queue;
      objects.pods.push_back(std::move(p));
    }
  };
  add("team-a", a);
  add("team-b", b);
  return objects;
}

/// The names of the jobs in the order the picker hands them out, nothing placed in between.
std::vector<std::string> order(ClusterState& state) {
  Session session(state, 0);
  JobPicker picker(session, [&](const JobKey& key) { return chunk_request(state, {key.head}); });
  std::vector<std::string> names;
  while (const std::optional<JobKey> key = picker.pop()) {
    names.push_back(state.pod(key->head).name);
  }
  return names;
}

std::vector<std::string> order(const ObjectSet& objects, bool reference) {
  BuildOptions options;
  options.reference = reference;
  ClusterState state = build_submitted(objects, options);
  return order(state);
}

TEST_CASE("job order: a queue whose next job asks the same is taken again") {
  const ObjectSet objects = two_queues({1, 1, 1}, {1, 1, 1});
  // Nothing is placed, so nothing in the queue order moves: the two queues tie on every rule
  // up to creation (the same spec, the same requests), team-a goes first by name, and since its
  // next job asks the same 1 GPU it keeps going first until it runs out.
  const std::vector<std::string> expected{"team-a-0", "team-a-1", "team-a-2",
                                          "team-b-0", "team-b-1", "team-b-2"};
  CHECK(order(objects, false) == expected);
  CHECK(order(objects, true) == expected);
}

TEST_CASE("job order: a queue whose next job asks more is compared again") {
  // team-a asks 4 GPUs in all, team-b 3: both stay within their quota (unlimited), so the queue
  // order's rule 5 decides, the share of the queue's fair share that allocated plus the next
  // job would be. Each queue's fair share is its request (16 GPUs cover both), so:
  // - team-a-0 (1 of 4 = 0.25) before team-b-0 (1 of 3 = 0.33);
  // - then team-a asks 2 of 4 = 0.5: team-b's 0.33 goes first, and keeps going first as its
  //   next jobs ask the same;
  // - team-a's last two jobs come after team-b has none left.
  const ObjectSet objects = two_queues({1, 2, 1}, {1, 1, 1});
  const std::vector<std::string> expected{"team-a-0", "team-b-0", "team-b-1",
                                          "team-b-2", "team-a-1", "team-a-2"};
  CHECK(order(objects, false) == expected);
  CHECK(order(objects, true) == expected);
}

TEST_CASE("job order: invalidating a queue forgets its next job's request") {
  // A commit can change the pods of a job that waits in the popped queue (the eviction solver
  // evicts or places back pods of the jobs it touched), so the request the picker looked at
  // after the pop is stale and invalidate() must drop it. Here the requests come from a table
  // the test edits, standing in for the changed pods.
  for (const bool reference : {false, true}) {
    CAPTURE(reference);
    BuildOptions options;
    options.reference = reference;
    ClusterState state = build_submitted(two_queues({1, 1, 1}, {1, 1, 1}), options);
    std::map<std::string, int64_t> gpus;
    for (size_t i = 0; i < state.pods.size(); ++i) {
      gpus[state.pods[i].name] = 1;
    }
    Session session(state, 0);
    JobPicker picker(session, [&](const JobKey& key) {
      // The pod's own request (1 GPU) times the GPUs the table says, in the picker's units.
      QuotaVector q = chunk_request(state, {key.head});
      q[2] *= gpus.at(state.pod(key.head).name);
      return q;
    });
    std::vector<std::string> names;
    const std::optional<JobKey> first = picker.pop();
    REQUIRE(first);
    names.push_back(state.pod(first->head).name);
    // team-a-1 now asks 2 GPUs; its queue is invalidated as a commit would do.
    gpus["team-a-1"] = 2;
    picker.invalidate(state.jobs[first->job.index()].queue);
    while (const std::optional<JobKey> key = picker.pop()) {
      names.push_back(state.pod(key->head).name);
    }
    // Nothing is placed, and each queue's fair share is its pods' request, 3 GPUs. team-a-0
    // goes first on the tie (by name). Then team-a's side is (0 + 2) / 3 = 0.67 of its fair
    // share and team-b's (0 + 1) / 3 = 0.33: team-b goes first and keeps going while its next
    // job asks the same. With the stale request (1 GPU) team-a-1 would tie and come next.
    const std::vector<std::string> expected{"team-a-0", "team-b-0", "team-b-1",
                                            "team-b-2", "team-a-1", "team-a-2"};
    CHECK(names == expected);
  }
}

}  // namespace
}  // namespace drasim::model
