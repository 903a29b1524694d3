// KAI scheduler snapshots (sim/load/kai_snapshot.h, zip_entry.h, bind_requests.h): the objects
// typed by their rawObjects key, the configuration as Scenario settings, BindRequests, the
// version hints, and every way an archive can be bad. The JSON follows the Go structs of KAI's
// pkg/scheduler/plugins/snapshot/snapshot.go and pkg/scheduler/conf (keys as json.Marshal
// writes them, durations in integer nanoseconds, null for a nil list).
#include "sim/load/kai_snapshot.h"

#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/temp_dir.h"
#include "tests/zip_writer.h"
#include <algorithm>
#include <string>
#include <vector>

namespace drasim::sim {
namespace {

// The operator's defaults (KAI pkg/apis/kai/v1/schedulingshard_types.go).
const std::string kDefaultConfig =
    R"({"actions":"allocate, consolidation, reclaim, preempt, stalegangeviction","tiers":[{"plugins":[{"name":"predicates"},{"name":"proportion"},{"name":"nodeplacement","arguments":{"cpu":"binpack","gpu":"binpack"}}]}]})";
const std::string kDefaultParams =
    R"({"schedulerName":"kai-scheduler","partitionParams":{"NodePoolLabelKey":"kai.scheduler/node-pool","NodePoolLabelValue":""},"fullHierarchyFairness":true,"allowConsolidatingReclaim":true,"globalDefaultStalenessGracePeriod":60000000000,"schedulePeriod":1000000000,"stuckInReleasingThreshold":120000000000,"queueLabelKey":"kai.scheduler/queue"})";

/// A snapshot as KAI v0.17 writes it, with `config`, `params`, `raw` and `discovery` spliced in.
std::string snapshot(
    const std::string& raw, const std::string& config = kDefaultConfig,
    const std::string& params = kDefaultParams,
    const std::string& discovery =
        R"({"serverVersion":{"major":"1","minor":"35","gitVersion":"v1.35.1"},"resources":null})") {
  return R"({"config":)" + config + "\n,\"schedulerParams\":" + params + "\n,\"rawObjects\":" + raw
         + "\n,\"discovery\":" + discovery + "\n}\n";
}

// One 8-GPU node; train-0 runs on it (4 GPUs), train-1 has a BindRequest for it (2 GPUs), wait-0
// (4 GPUs) is pending. Lists KAI left nil are null; a ConfigMap and a key of a future version.
const std::string kRaw = R"({"pods":[
{"metadata":{"name":"train-0","namespace":"ml","uid":"u-0","labels":{"kai.scheduler/queue":"team-a"}},"spec":{"nodeName":"node-a","containers":[{"name":"main","resources":{"limits":{"nvidia.com/gpu":"4"}}}]},"status":{"phase":"Running"}},
{"metadata":{"name":"train-1","namespace":"ml","uid":"u-1","labels":{"kai.scheduler/queue":"team-a"}},"spec":{"containers":[{"name":"main","resources":{"limits":{"nvidia.com/gpu":"2"}}}]},"status":{"phase":"Pending"}},
{"metadata":{"name":"wait-0","namespace":"ml","uid":"u-2","labels":{"kai.scheduler/queue":"team-a"}},"spec":{"containers":[{"name":"main","resources":{"limits":{"nvidia.com/gpu":"4"}}}]},"status":{"phase":"Pending"}}],
"nodes":[{"metadata":{"name":"node-a"},"status":{"allocatable":{"cpu":"64","memory":"512Gi","nvidia.com/gpu":"8","pods":"110"}}}],
"queues":[{"metadata":{"name":"team-a"},"spec":{"resources":{"gpu":{"quota":8,"overQuotaWeight":1,"limit":-1},"cpu":{"quota":-1,"overQuotaWeight":1,"limit":-1},"memory":{"quota":-1,"overQuotaWeight":1,"limit":-1}}}}],
"podGroups":null,
"bindRequests":[{"metadata":{"name":"train-1-x7k2p","namespace":"ml"},"spec":{"podName":"train-1","selectedNode":"node-a","receivedResourceType":"Regular","receivedGPU":{"count":2,"portion":"1"}},"status":{"phase":"Pending"}}],
"priorityClasses":[],"configMaps":[{"metadata":{"name":"cm","namespace":"ml"}}],"persistentVolumes":null,
"persistentVolumeClaims":null,"csiStorageCapacities":null,"storageClasses":null,"csiDrivers":null,
"resourceClaims":null,"resourceSlices":null,"deviceClasses":null,"topologies":[],"nodeResourceTopologies":null,
"futureThings":[{"metadata":{"name":"x"}}]})";

Scenario load_text(const std::string& name, const std::string& text) {
  return load_scenario_texts({{name, text}});
}

const model::Pod& pod_named(const Scenario& s, const std::string& name) {
  const auto it = std::find_if(s.objects.pods.begin(), s.objects.pods.end(),
                               [&](const model::Pod& p) { return p.meta.name == name; });
  REQUIRE(it != s.objects.pods.end());
  return *it;
}

bool has_warning(const Scenario& s, const std::string& text) {
  return std::find(s.warnings.begin(), s.warnings.end(), text) != s.warnings.end();
}

/// Every error line of loading `text` as `name`.
std::vector<std::string> load_errors(const std::string& name, const std::string& text) {
  try {
    (void)load_text(name, text);
  } catch (const InputError& e) {
    std::vector<std::string> out;
    for (const Diagnostic& d : e.diagnostics()) {
      out.push_back(d.to_string());
    }
    return out;
  }
  return {};
}

TEST_CASE("a snapshot's objects are typed by the key they are listed under") {
  const Scenario s = load_text("snapshot.json", snapshot(kRaw));
  // 1 node, 3 pods, 1 queue; podGroups null and the empty lists add nothing.
  CHECK(s.objects.nodes.size() == 1);
  CHECK(s.objects.pods.size() == 3);
  CHECK(s.objects.queues.size() == 1);
  CHECK(s.objects.pod_groups.empty());
  CHECK(s.name == "kai-snapshot");
  // The ConfigMap is typed v1 ConfigMap and skipped as any unmodelled kind; an unknown key is
  // named once.
  CHECK(has_warning(s, "skipped 1 ConfigMap object(s) (v1): drasim does not model this kind"));
  CHECK(has_warning(s,
                    "skipped rawObjects.\"futureThings\" of the KAI snapshot: a kind drasim "
                    "does not know"));
}

TEST_CASE("a ZIP is read by its first bytes, whatever the file is called") {
  // KAI users save the archive as snapshot.gzip too; it is still a ZIP.
  const Scenario s = load_text("cluster.gzip", test::snapshot_zip(snapshot(kRaw)));
  CHECK(s.files.front() == "cluster.gzip(snapshot.json)");
  CHECK(s.objects.pods.size() == 3);
}

TEST_CASE("a BindRequest binds its pod to the selected node; a failed one does not") {
  const Scenario s = load_text("snapshot.json", snapshot(kRaw));
  CHECK(pod_named(s, "train-0").spec.node_name == "node-a");  // bound in the snapshot
  CHECK(pod_named(s, "train-1").spec.node_name == "node-a");  // binding: its BindRequest
  CHECK(pod_named(s, "wait-0").spec.node_name.empty());       // pending

  std::string failed = kRaw;
  failed.replace(failed.find(R"("phase":"Pending"}}],)"
                             "\n\"priorityClasses"),
                 std::string(R"("phase":"Pending"}}],)").size(), R"("phase":"Failed"}}],)");
  const Scenario f = load_text("snapshot.json", snapshot(failed));
  CHECK(pod_named(f, "train-1").spec.node_name.empty());

  std::string orphan = kRaw;
  orphan.replace(orphan.find(R"("podName":"train-1")"),
                 std::string(R"("podName":"train-1")").size(), R"("podName":"gone-0")");
  const Scenario o = load_text("snapshot.json", snapshot(orphan));
  CHECK(has_warning(o, "1 BindRequest(s) name pods the input does not hold; they were skipped"));
}

TEST_CASE("a BindRequest's claim allocations are written into claims that have none") {
  const std::string raw = R"({"pods":[
{"metadata":{"name":"p","namespace":"ml","uid":"u-p"},"spec":{"containers":[{"name":"m"}],"resourceClaims":[{"name":"gpu","resourceClaimName":"p-gpu"}]}}],
"nodes":[{"metadata":{"name":"dra-0"},"status":{"allocatable":{"cpu":"8","memory":"32Gi","pods":"110"}}}],
"bindRequests":[{"metadata":{"name":"p-b","namespace":"ml"},"spec":{"podName":"p","selectedNode":"dra-0","resourceClaimAllocations":[{"name":"p-gpu","allocation":{"devices":{"results":[{"request":"gpu","driver":"gpu.example.com","pool":"dra-0","device":"gpu-0"}]}}}]}}],
"resourceClaims":[{"metadata":{"name":"p-gpu","namespace":"ml"},"spec":{"devices":{"requests":[{"name":"gpu","exactly":{"deviceClassName":"gpu.example.com"}}]}}}],
"resourceSlices":[{"metadata":{"name":"dra-0-gpu"},"spec":{"driver":"gpu.example.com","nodeName":"dra-0","pool":{"name":"dra-0","generation":1,"resourceSliceCount":1},"devices":[{"name":"gpu-0"}]}}],
"deviceClasses":[{"metadata":{"name":"gpu.example.com"},"spec":{"selectors":[{"cel":{"expression":"device.driver == \"gpu.example.com\""}}]}}],
"nodeResourceTopologies":null})";
  const Scenario s = load_text("snapshot.json", snapshot(raw));
  REQUIRE(s.objects.resource_claims.size() == 1);
  const model::ResourceClaim& c = s.objects.resource_claims.front();
  REQUIRE(c.allocation.has_value());
  REQUIRE(c.allocation->results.size() == 1);
  CHECK(c.allocation->results.front().device == "gpu-0");
  // The binder reserves the claim for the pod it binds (pods, name, uid).
  REQUIRE(c.reserved_for.size() == 1);
  CHECK(c.reserved_for.front().name == "p");
  CHECK(c.reserved_for.front().uid == "u-p");
  CHECK(pod_named(s, "p").spec.node_name == "dra-0");
}

TEST_CASE("v1beta1 DRA objects of old snapshots are told by their shape") {
  // v1beta1 puts a slice device's fields under `basic` and a request's fields on the request.
  const std::string raw =
      R"({"nodes":[{"metadata":{"name":"dra-0"},"status":{"allocatable":{"cpu":"8","memory":"32Gi","pods":"110"}}}],
"resourceSlices":[{"metadata":{"name":"s"},"spec":{"driver":"gpu.example.com","nodeName":"dra-0","pool":{"name":"dra-0","generation":1,"resourceSliceCount":1},"devices":[{"name":"gpu-0","basic":{"attributes":{"model":{"string":"h100"}}}}]}}],
"resourceClaims":[{"metadata":{"name":"c","namespace":"ml"},"spec":{"devices":{"requests":[{"name":"gpu","deviceClassName":"gpu.example.com"}]}}}],
"deviceClasses":[{"metadata":{"name":"gpu.example.com"},"spec":{}}]})";
  const Scenario s = load_text("snapshot.json", snapshot(raw, kDefaultConfig, kDefaultParams));
  REQUIRE(s.objects.resource_slices.size() == 1);
  REQUIRE(s.objects.resource_slices.front().devices.size() == 1);
  CHECK(s.objects.resource_slices.front().devices.front().attributes.size() == 1);
  REQUIRE(s.objects.resource_claims.size() == 1);
  CHECK(s.objects.resource_claims.front().spec.requests.front().exactly->device_class_name
        == "gpu.example.com");
  // v1beta1 DRA objects are written before KAI v0.10, and no nodeResourceTopologies key before
  // v0.16: the newest profile for a scheduler before v0.13 is kai-v0.12.
  CHECK(s.scheduler.profile == Profile::kKaiV012);
}

TEST_CASE("the scheduler configuration becomes the run's settings") {
  SUBCASE("KAI's defaults") {
    const Scenario s = load_text("snapshot.json", snapshot(kRaw));
    CHECK(s.scheduler.actions
          == std::vector<model::Action>(model::kDefaultActions.begin(),
                                        model::kDefaultActions.end()));
    CHECK(s.scheduler.placement == Placement::kBinpack);
    CHECK(s.scheduler.period == SimDuration::seconds(1));  // 1000000000 ns
    CHECK(s.scheduler.staleness_grace_us == 60'000'000);   // 60000000000 ns
    CHECK(s.kubernetes_version == "1.35");
    // discovery and nodeResourceTopologies: KAI v0.16 or later, so the newest profile.
    CHECK(s.scheduler.profile == Profile::kKai);
  }
  SUBCASE("actions in the configuration's order, spread placement, other periods") {
    const std::string config =
        R"({"actions":"allocate,reclaim, consolidation ,stalegangeviction","tiers":[{"plugins":[{"name":"nodeplacement","arguments":{"cpu":"binpack","gpu":"spread"}}]}]})";
    const std::string params =
        R"({"schedulePeriod":2500000000,"globalDefaultStalenessGracePeriod":-1,"fullHierarchyFairness":true})";
    const Scenario s = load_text("snapshot.json", snapshot(kRaw, config, params));
    // KAI drops consolidation when either strategy is spread (pkg/apis/kai/v1
    // schedulingshard_types.go); the others keep the configuration's order.
    CHECK(s.scheduler.actions
          == std::vector<model::Action>{model::Action::kAllocate, model::Action::kReclaim,
                                        model::Action::kStaleGangEviction});
    CHECK(s.scheduler.placement == Placement::kSpread);
    CHECK(has_warning(s,
                      "nodeplacement gpu: spread and cpu: binpack differ: drasim places GPU "
                      "and CPU pods with one strategy and uses the gpu one"));
    CHECK(s.scheduler.period == SimDuration::millis(2500));
    CHECK(s.scheduler.staleness_grace_us == -1);  // -1 ns: never, as KAI reads a negative one
  }
  SUBCASE("config: null (KAI v0.16.0 to v0.16.4) falls back to the defaults") {
    const Scenario s = load_text("snapshot.json", snapshot(kRaw, "null"));
    CHECK(s.scheduler.actions.size() == 5);
    CHECK(has_warning(s,
                      "the snapshot has no scheduler configuration (config: null, KAI v0.16.0 "
                      "to v0.16.4): KAI's default actions and binpack placement are used"));
  }
  SUBCASE("a Kubernetes version drasim does not model is clamped to the nearest") {
    const Scenario s = load_text(
        "snapshot.json",
        snapshot(kRaw, kDefaultConfig, kDefaultParams,
                 R"({"serverVersion":{"major":"1","minor":"33+","gitVersion":"v1.33.2-eks"}})"));
    CHECK(s.kubernetes_version == "1.34");
    CHECK(has_warning(s,
                      "the cluster runs Kubernetes 1.33; drasim models 1.34 to 1.37 and uses "
                      "1.34"));
  }
  SUBCASE("a Scenario document given beside the snapshot keeps its own settings") {
    const std::string doc =
        "apiVersion: drasim.dev/v1alpha1\nkind: Scenario\nmetadata: {name: mine}\n"
        "spec: {scheduler: {placement: spread, period: 5s}}\n";
    const Scenario s = load_scenario_texts(
        {InputText{"snapshot.json", snapshot(kRaw)}, InputText{"scenario.yaml", doc}});
    CHECK(s.name == "mine");
    CHECK(s.scheduler.period == SimDuration::seconds(5));
    CHECK(has_warning(s,
                      "the Scenario document's settings are used, not the KAI snapshot's "
                      "configuration"));
  }
}

TEST_CASE("bad snapshots get an error at the path, and bad archives at the file") {
  SUBCASE("a wrong type deep in a pod") {
    std::string raw = kRaw;
    raw.replace(raw.find(R"({"nvidia.com/gpu":"2"})"),
                std::string(R"({"nvidia.com/gpu":"2"})").size(), R"({"nvidia.com/gpu":[2]})");
    const auto errors = load_errors("snapshot.json", snapshot(raw));
    REQUIRE(errors.size() == 1);
    // Line 5 holds train-1 (config, schedulerParams, then `{"pods":[` and one pod a line).
    CHECK(errors.front()
          == "snapshot.json:5:180: error: rawObjects.pods[1].spec.containers[0].resources.limits"
             "[\"nvidia.com/gpu\"]: a quantity such as 500m, 2 or 16Gi, got a list");
  }
  SUBCASE("an unknown action") {
    const auto errors =
        load_errors("snapshot.json", snapshot(kRaw, R"({"actions":"allocate, backfill"})"));
    REQUIRE(errors.size() == 1);
    CHECK(errors.front()
          == "snapshot.json:1:22: error: config.actions: KAI actions (allocate, consolidation, "
             "reclaim, preempt, stalegangeviction), as a list or a comma-separated string, got "
             "\"backfill\"");
  }
  SUBCASE("a duration that is not integer nanoseconds") {
    const auto errors =
        load_errors("snapshot.json", snapshot(kRaw, kDefaultConfig, R"({"schedulePeriod":"1s"})"));
    REQUIRE(errors.size() == 1);
    CHECK(errors.front().find("error: schedulerParams.schedulePeriod: a duration in integer "
                              "nanoseconds (Go's JSON), got \"1s\"")
          != std::string::npos);
  }
  SUBCASE("a truncated archive") {
    const std::string zip = test::snapshot_zip(snapshot(kRaw));
    const auto errors = load_errors("s.zip", zip.substr(0, zip.size() / 2));
    REQUIRE(errors.size() == 1);
    CHECK(errors.front().rfind("s.zip:1:1: error: <file>: a ZIP archive (a KAI scheduler "
                               "snapshot), got a damaged archive (",
                               0)
          == 0);
  }
  SUBCASE("an archive without snapshot.json") {
    const auto errors = load_errors("s.zip", test::make_zip({{"other.json", "{}"}}));
    REQUIRE(errors.size() == 1);
    CHECK(errors.front()
          == "s.zip:1:1: error: <file>: an archive holding snapshot.json, got 1 other entry (its "
             "first is \"other.json\")");
  }
  SUBCASE("an entry that inflates past the per-file cap (a ZIP bomb) stops at the cap") {
    // 4 MiB of zeros deflate to a few KiB; the cap is 1 MiB.
    const TempDir dir;
    const std::string path = dir.write("bomb.zip", test::snapshot_zip(std::string(4 << 20, '0')));
    InputPolicy policy;
    policy.limits.file_bytes = 1 << 20;
    try {
      (void)load_scenario({path}, policy);
      FAIL("a ZIP bomb loaded");
    } catch (const InputError& e) {
      REQUIRE(e.diagnostics().size() == 1);
      CHECK(e.diagnostics().front().to_string()
            == path
                   + ":1:1: error: <file>: snapshot.json inflating to at most 1 MiB (raise with "
                     "--max-input-bytes), got more than 1048576 bytes");
    }
  }
}

}  // namespace
}  // namespace drasim::sim
