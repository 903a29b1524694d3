// KAI's scheduling signatures in the eviction actions: the job signature (job_signatures.h)
// and the smallest failed job per signature (job_representatives.h). The comparison cases
// are KAI's own (pkg/scheduler/actions/common/minimal_job_comparison_test.go, "single pod" and
// "multiple pods"), on request vectors: slot 0 stands for cpu, 1 for memory, 2 for gpu.
#include "model/kai/actions/job_representatives.h"

#include "model/kai/framework/job_signatures.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"

namespace drasim::model {
namespace {

using test::make_node;
using test::make_pod;
using test::pod_id;
using test::run_on;

ResourceVector vec(int64_t cpu, int64_t memory = 0, int64_t gpu = 0) {
  ResourceVector v(3);
  v.set(0, cpu);
  v.set(1, memory);
  v.set(2, gpu);
  return v;
}

bool easier(const std::vector<ResourceVector>& job, const std::vector<ResourceVector>& rep) {
  return JobRepresentatives::easier_than(job, rep);
}

TEST_CASE("one pod: easier only when the job asks strictly less in every slot it differs") {
  CHECK(easier({vec(0)}, {vec(100)}));                // empty job
  CHECK_FALSE(easier({vec(100)}, {vec(0)}));          // empty representative
  CHECK_FALSE(easier({vec(100)}, {vec(100)}));        // equal jobs
  CHECK_FALSE(easier({vec(200)}, {vec(100)}));        // cpu only over
  CHECK(easier({vec(50)}, {vec(100)}));               // cpu only under
  CHECK_FALSE(easier({vec(0, 200)}, {vec(0, 100)}));  // memory only over
  CHECK(easier({vec(0, 50)}, {vec(0, 100)}));         // memory only under
  // Incomparable vectors are neither easier nor harder: not easier.
  CHECK_FALSE(easier({vec(200, 50)}, {vec(100, 100)}));       // cpu over, memory under
  CHECK_FALSE(easier({vec(50, 200)}, {vec(100, 100)}));       // cpu under, memory over
  CHECK_FALSE(easier({vec(0, 0, 2000)}, {vec(0, 0, 1000)}));  // gpu only over
  CHECK(easier({vec(0, 0, 1000)}, {vec(0, 0, 2000)}));        // gpu only under
  CHECK_FALSE(easier({vec(0, 0, 500)}, {vec(0, 0, 250)}));    // gpu fraction over
  CHECK(easier({vec(0, 0, 250)}, {vec(0, 0, 500)}));          // gpu fraction under
}

TEST_CASE("several pods: compared place by place on the sorted vectors") {
  CHECK_FALSE(easier({vec(100), vec(100)}, {vec(0), vec(0)}));  // empty representatives
  CHECK(easier({vec(0), vec(0)}, {vec(100), vec(100)}));        // empty job
  // Sorted, the job is [50, 100] against [100, 100]: its first place is strictly less.
  CHECK(easier({vec(50), vec(100)}, {vec(100), vec(100)}));
  // [500, 500, 500] against [100, 100, 1000]: places 0 and 1 ask more, which does not decide;
  // place 2 asks less, so the job is easier although one of its pods is bigger.
  CHECK(easier({vec(500), vec(500), vec(500)}, {vec(100), vec(100), vec(1000)}));
  // A representative with more pending pods makes any job easier; a job with more is never
  // easier on the places they share when they are equal.
  CHECK(easier({vec(100)}, {vec(100), vec(100)}));
  CHECK_FALSE(easier({vec(100), vec(100)}, {vec(100)}));
  CHECK_FALSE(easier({}, {vec(100)}));  // no pending pod: never easier
}

TEST_CASE("the representative is replaced only by a smaller footprint") {
  using R = JobRepresentatives;
  CHECK(R::footprint_smaller({vec(50)}, {vec(100)}));
  CHECK(R::footprint_smaller({vec(100)}, {vec(100)}));
  CHECK_FALSE(R::footprint_smaller({vec(200)}, {vec(100)}));
  CHECK_FALSE(R::footprint_smaller({vec(50), vec(50)}, {vec(100)}));  // more pods
  CHECK(R::footprint_smaller({vec(50)}, {vec(100), vec(100)}));
}

/// One node; pending one-GPU pods `a`, `b` (the same constraints), `c` (a toleration more),
/// and `pair-0`, `pair-1` (one job of two pods, the same constraints as `a`).
ClusterState signature_cluster() {
  ObjectSet objects;
  objects.nodes.push_back(make_node("n", 16, 1));
  objects.pods.push_back(make_pod("a", "1", 1));
  objects.pods.push_back(make_pod("b", "2", 1));  // another request: not in the signature
  Pod c = make_pod("c", "1", 1);
  Toleration any_k;
  any_k.key = "k";
  any_k.op = TolerationOperator::kExists;
  c.spec.tolerations.push_back(any_k);
  objects.pods.push_back(c);
  objects.pods.push_back(test::in_group(make_pod("pair-0", "1", 1), "pair"));
  objects.pods.push_back(test::in_group(make_pod("pair-1", "1", 1), "pair"));
  objects.pod_groups.push_back(test::make_pod_group("pair", 1));
  return test::build_submitted(objects);
}

TEST_CASE("job signatures: constraints and the number of pods count, requests do not") {
  ClusterState state = signature_cluster();
  const JobSignatures signatures(state);
  const auto of = [&](const char* pod) {
    return signatures.of(state.pod(pod_id(state, pod)).job);
  };
  CHECK_FALSE(of("a").empty());
  CHECK(of("a") == of("b"));       // requests differ, constraints are equal
  CHECK(of("a") != of("c"));       // a toleration more
  CHECK(of("a") != of("pair-0"));  // two pods that are not active allocated against one
}

TEST_CASE("job signatures: active allocated pods leave the signature, and it is kept") {
  ClusterState state = signature_cluster();
  run_on(state, "pair-0", "n");
  const JobSignatures signatures(state);
  const JobId pair = state.pod(pod_id(state, "pair-1")).job;
  // pair-0 runs, so only pair-1 counts: the same signature as the one-pod job `a`.
  CHECK(signatures.of(pair) == signatures.of(state.pod(pod_id(state, "a")).job));
  // Taken at session open: a later change of the pods does not change it.
  const std::vector<uint32_t> before = signatures.of(pair);
  run_on(state, "pair-1", "n");
  CHECK(signatures.of(pair) == before);
}

TEST_CASE("job signatures: a session recomputes only the jobs whose pods changed phase") {
  ClusterState state = signature_cluster();
  const JobId pair = state.pod(pod_id(state, "pair-0")).job;
  const JobId a = state.pod(pod_id(state, "a")).job;
  std::vector<uint32_t> pair_before;
  {
    const JobSignatures first(state);
    pair_before = first.of(pair);
  }
  // A mark in `a`'s kept signature: the next session hands it out only if it trusts the memo.
  state.signature_memo[a.index()].signature = {999};
  run_on(state, "pair-0", "n");  // a phase change: pair's signature is stale
  const JobSignatures second(state);
  // `a` kept its pods' phases, so its kept signature is reused as it stands.
  CHECK(second.of(a) == std::vector<uint32_t>{999});
  // pair-0 runs: pair's signature is made again. With one pending pod it is that of the
  // one-pod job `b` (the same constraints), no longer the first session's.
  CHECK(second.of(pair) != pair_before);
  CHECK(second.of(pair) == second.of(state.pod(pod_id(state, "b")).job));
  // The reference mode trusts no memo: `a` gets its real signature, which is pair's now (one
  // pending pod with the same constraints, as in the test above).
  state.reference = true;
  const JobSignatures reference(state);
  CHECK(reference.of(a) == reference.of(pair));
  CHECK(reference.of(a) != std::vector<uint32_t>{999});
}

TEST_CASE("the representative's pending pods are read at each comparison, as KAI reads them") {
  ClusterState state = signature_cluster();
  JobRepresentatives reps;
  const std::vector<uint32_t> key{7};  // any key: both jobs are compared under it
  const JobId pair = state.pod(pod_id(state, "pair-0")).job;
  const JobId a = state.pod(pod_id(state, "a")).job;
  CHECK(reps.easier(state, a, key));  // no representative yet
  reps.update(state, pair, key);
  // pair fails with 2 pending pods: `a`, with 1 of the same request, is easier.
  CHECK(reps.easier(state, a, key));
  // Once one of pair's pods runs it has 1 pending pod, equal to a's: a is no longer easier.
  run_on(state, "pair-0", "n");
  CHECK_FALSE(reps.easier(state, a, key));
}

}  // namespace
}  // namespace drasim::model
