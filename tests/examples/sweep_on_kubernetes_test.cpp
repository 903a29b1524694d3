// The Kubernetes example of a sharded sweep (examples/sweep-on-kubernetes/): the manifests have the
// shape the Job controller and `drasim sweep --shard N` need. They are not applied to a cluster
// here; these checks hold the rules a cluster would enforce, or that a sharded sweep relies on.
#include <doctest/doctest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace drasim::examples {
namespace {

std::string example_path(const std::string& name) {
  return std::string(DRASIM_SOURCE_DIR) + "/examples/sweep-on-kubernetes/" + name;
}

YAML::Node load(const std::string& name) {
  return YAML::LoadFile(example_path(name));
}

std::string read_text(const std::string& name) {
  std::ifstream in(example_path(name));
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The pod template's spec of a Job.
YAML::Node pod_spec(const YAML::Node& job) {
  return job["spec"]["template"]["spec"];
}

/// The pod's only container.
YAML::Node container(const YAML::Node& job) {
  const YAML::Node containers = pod_spec(job)["containers"];
  REQUIRE(containers.IsSequence());
  REQUIRE(containers.size() == 1);
  return containers[0];
}

std::vector<std::string> args_of(const YAML::Node& job) {
  return container(job)["args"].as<std::vector<std::string>>();
}

/// The argument after `flag`, or "" when the flag is absent or last.
std::string flag_value(const std::vector<std::string>& args, const std::string& flag) {
  const auto it = std::find(args.begin(), args.end(), flag);
  if (it == args.end() || it + 1 == args.end()) {
    return "";
  }
  return *(it + 1);
}

/// The volume that the container mounts at `path`, if any.
std::optional<YAML::Node> volume_at(const YAML::Node& job, const std::string& path) {
  std::string name;
  for (const YAML::Node& m : container(job)["volumeMounts"]) {
    if (m["mountPath"].as<std::string>() == path) {
      name = m["name"].as<std::string>();
    }
  }
  for (const YAML::Node& v : pod_spec(job)["volumes"]) {
    if (!name.empty() && v["name"].as<std::string>() == name) {
      return v;
    }
  }
  return std::nullopt;
}

bool mount_read_only(const YAML::Node& job, const std::string& path) {
  for (const YAML::Node& m : container(job)["volumeMounts"]) {
    if (m["mountPath"].as<std::string>() == path) {
      return m["readOnly"].IsDefined() && m["readOnly"].as<bool>();
    }
  }
  return false;
}

/// Checks what both Jobs share: a Job's pod rules, the image, the non-root user and the mounts.
void check_job_pod(const YAML::Node& job) {
  // Job pods must use restartPolicy Never or OnFailure; Never keeps a failed pod and its logs,
  // and podFailurePolicy accepts only Never.
  CHECK(pod_spec(job)["restartPolicy"].as<std::string>() == "Never");
  // The image the README builds and loads into kind, which has no registry to pull it from.
  CHECK(container(job)["image"].as<std::string>() == "drasim:dev");
  CHECK(container(job)["imagePullPolicy"].as<std::string>() == "IfNotPresent");
  // The image's USER is 65532; fsGroup makes the results volume writable by that group.
  const YAML::Node security = pod_spec(job)["securityContext"];
  CHECK(security["runAsNonRoot"].as<bool>());
  CHECK(security["runAsUser"].as<int>() == 65532);
  CHECK(security["fsGroup"].as<int>() == 65532);
  // The API server rejects a pod whose volumeMount names no volume of the pod.
  std::set<std::string> volumes;
  for (const YAML::Node& v : pod_spec(job)["volumes"]) {
    volumes.insert(v["name"].as<std::string>());
  }
  for (const YAML::Node& m : container(job)["volumeMounts"]) {
    CHECK_MESSAGE(volumes.count(m["name"].as<std::string>()) == 1,
                  "volumeMount " << m["name"].as<std::string>() << " has no volume");
  }
  // /results is the shared claim: the shards write it, the merge reads it.
  const std::optional<YAML::Node> results = volume_at(job, "/results");
  REQUIRE(results.has_value());
  CHECK((*results)["persistentVolumeClaim"]["claimName"].as<std::string>()
        == load("results-pvc.yaml")["metadata"]["name"].as<std::string>());
}

TEST_CASE("sweep-on-kubernetes: the results claim is drasim-results, ReadWriteMany") {
  const YAML::Node pvc = load("results-pvc.yaml");
  CHECK(pvc["apiVersion"].as<std::string>() == "v1");
  CHECK(pvc["kind"].as<std::string>() == "PersistentVolumeClaim");
  // Both Jobs mount the claim by this name.
  CHECK(pvc["metadata"]["name"].as<std::string>() == "drasim-results");
  // The shards run at the same time, possibly on several nodes, and all write the volume.
  const auto modes = pvc["spec"]["accessModes"].as<std::vector<std::string>>();
  CHECK(modes == std::vector<std::string>{"ReadWriteMany"});
  // A claim without a storage request is rejected.
  CHECK(pvc["spec"]["resources"]["requests"]["storage"].IsDefined());
}

TEST_CASE("sweep-on-kubernetes: the sweep Job is Indexed, one completion per shard") {
  const YAML::Node job = load("sweep-job.yaml");
  CHECK(job["apiVersion"].as<std::string>() == "batch/v1");
  CHECK(job["kind"].as<std::string>() == "Job");
  CHECK(job["metadata"]["name"].as<std::string>() == "drasim-sweep");
  const YAML::Node spec = job["spec"];
  // JOB_COMPLETION_INDEX, which `--shard N` reads, is set only in the pods of an Indexed Job.
  CHECK(spec["completionMode"].as<std::string>() == "Indexed");
  // Indexes run from 0 to completions - 1: one per shard of the 4.
  const int completions = spec["completions"].as<int>();
  CHECK(completions == 4);
  // Parallelism only bounds how many shards run at once; 0 would run none.
  const int parallelism = spec["parallelism"].as<int>();
  CHECK(parallelism >= 1);
  CHECK(parallelism <= completions);
  // A few retries for lost nodes, not the API default of 6 runs of a long shard.
  CHECK(spec["backoffLimit"].as<int>() <= 3);

  const std::vector<std::string> args = args_of(job);
  REQUIRE(!args.empty());
  // The image's ENTRYPOINT is drasim: args start with the subcommand.
  CHECK(args[0] == "sweep");
  // `--shard N` takes the index from JOB_COMPLETION_INDEX; N must be the number of indexes.
  CHECK(flag_value(args, "--shard") == "4");
  CHECK(flag_value(args, "--shard") == std::to_string(completions));
  // Shard files go to the shared claim, where the merge Job finds them.
  CHECK(flag_value(args, "--out") == "/results");
  // drasim refuses --report with --shard: a shard writes its shard file, the merge the reports.
  CHECK(std::find(args.begin(), args.end(), "--report") == args.end());
  // One variant at a time, as the CPU request of 1 and the memory sizing assume; the default is
  // the node's core count, which the pod's resources do not change.
  CHECK(flag_value(args, "--jobs") == "1");
  // Every shard needs at least one --vary, or there is nothing to split.
  CHECK(std::count(args.begin(), args.end(), "--vary") >= 1);
  // The scenario is read from the ConfigMap's mount.
  REQUIRE(args.size() > 1);
  CHECK(args[1].rfind("/scenarios/", 0) == 0);

  check_job_pod(job);
  // The scenarios come from the ConfigMap the README creates, mounted read-only.
  const std::optional<YAML::Node> scenarios = volume_at(job, "/scenarios");
  REQUIRE(scenarios.has_value());
  CHECK((*scenarios)["configMap"]["name"].as<std::string>() == "drasim-scenarios");
  CHECK(mount_read_only(job, "/scenarios"));
  // The request and the limit fit the sizing the README gives (one variant at a time).
  const YAML::Node resources = container(job)["resources"];
  CHECK(resources["requests"]["cpu"].as<std::string>() == "1");
  CHECK(resources["requests"]["memory"].as<std::string>() == "1Gi");
  CHECK(resources["limits"]["memory"].as<std::string>() == "2Gi");
}

TEST_CASE("sweep-on-kubernetes: the merge Job reads the shards from the results claim") {
  const YAML::Node job = load("merge-job.yaml");
  CHECK(job["apiVersion"].as<std::string>() == "batch/v1");
  CHECK(job["kind"].as<std::string>() == "Job");
  CHECK(job["metadata"]["name"].as<std::string>() == "drasim-sweep-merge");
  // One merge: a plain Job with a single completion, and no index to read.
  CHECK(!job["spec"]["completionMode"].IsDefined());
  CHECK(job["spec"]["completions"].as<int>() == 1);
  // A missing shard fails every retry the same way.
  CHECK(job["spec"]["backoffLimit"].as<int>() == 0);

  const std::vector<std::string> args = args_of(job);
  REQUIRE(args.size() >= 3);
  // `drasim sweep merge DIR` over the directory the shards wrote.
  CHECK(args[0] == "sweep");
  CHECK(args[1] == "merge");
  CHECK(args[2] == "/results");
  // The merged reports go to the claim too, where the README copies them from.
  CHECK(flag_value(args, "--out").rfind("/results/", 0) == 0);
  // The merge never reads JOB_COMPLETION_INDEX.
  CHECK(std::find(args.begin(), args.end(), "--shard") == args.end());

  check_job_pod(job);
}

TEST_CASE("sweep-on-kubernetes: the Dockerfile builds as CI does and runs drasim") {
  const std::string dockerfile = read_text("Dockerfile");
  // The build stage installs the packages CI installs, so the build matches CI's.
  CHECK(dockerfile.find("bash .ci/install-deps") != std::string::npos);
  // The Jobs pass only args: the image's ENTRYPOINT must be drasim.
  CHECK(dockerfile.find("ENTRYPOINT [\"drasim\"]") != std::string::npos);
  // runAsNonRoot needs a numeric non-root USER; the Jobs' runAsUser is 65532.
  CHECK(dockerfile.find("USER 65532") != std::string::npos);
  // Bookworm in both stages, so the runtime libraries are the ones the binary linked.
  CHECK(dockerfile.find("FROM debian:12 AS build") != std::string::npos);
  CHECK(dockerfile.find("FROM debian:12-slim") != std::string::npos);
}

}  // namespace
}  // namespace drasim::examples
