// The loader against real-world manifests: every YAML file under /work/shared/fixtures (DRA
// drivers' charts and demos, KAI docs, Kubernetes examples; see fixtures/README.md) must either
// load or be rejected with an InputError. Anything else (another exception, a crash) is a bug.
// Only a few files have their outcome pinned; the rest are listed for a human to read.
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace drasim::sim {
namespace {

namespace fs = std::filesystem;

fs::path fixtures_dir() {
  return fs::path(DRASIM_SHARED_DIR) / "fixtures";
}

/// Every `*.yaml` below the fixtures folder, as paths relative to it, sorted.
std::vector<std::string> fixture_files() {
  std::vector<std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(fixtures_dir())) {
    if (entry.is_regular_file() && entry.path().extension() == ".yaml") {
      out.push_back(fs::relative(entry.path(), fixtures_dir()).generic_string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string read_fixture(const std::string& relative) {
  std::ifstream in(fixtures_dir() / relative, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing fixture " << relative);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// What loading one fixture did.
struct Outcome {
  bool loaded = false;
  Scenario scenario;                ///< when loaded
  std::vector<std::string> errors;  ///< InputError messages, when not
  std::string other;                ///< what any other exception said
};

/// Loads one fixture under its relative name, so messages read `real-cases/x.yaml:5:1: ...`.
Outcome load_fixture(const std::string& relative) {
  Outcome out;
  try {
    out.scenario = load_scenario_texts({{relative, read_fixture(relative)}});
    out.loaded = true;
  } catch (const InputError& e) {
    for (const Diagnostic& d : e.diagnostics()) {
      out.errors.push_back(d.to_string());
    }
  } catch (const std::exception& e) {
    out.other = std::string("std::exception: ") + e.what();
  }
  return out;
}

bool any_contains(const std::vector<std::string>& lines, const std::string& needle) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& line) {
    return line.find(needle) != std::string::npos;
  });
}

TEST_CASE("every fixture either loads or is rejected with an InputError") {
  const std::vector<std::string> files = fixture_files();
  // The README counts 178 files across the folders; far fewer means the path is wrong.
  REQUIRE(files.size() > 100);
  size_t loaded = 0;
  std::string rejected;
  for (const std::string& file : files) {
    const Outcome o = load_fixture(file);
    CHECK_MESSAGE(o.other.empty(), file << " threw something other than InputError: " << o.other);
    if (o.loaded) {
      ++loaded;
      continue;
    }
    if (!o.errors.empty()) {
      rejected += "\n  " + file + "\n      " + o.errors.front();
      if (o.errors.size() > 1) {
        rejected += " (+" + std::to_string(o.errors.size() - 1) + " more)";
      }
    }
  }
  MESSAGE(loaded << " of " << files.size() << " fixtures load; rejected:" << rejected);
}

TEST_CASE("a fixture pod without apiVersion is rejected for its apiVersion") {
  const Outcome o = load_fixture("real-cases/invalid-pod-missing-apiversion.yaml");
  CHECK_FALSE(o.loaded);
  CHECK(o.other.empty());
  CHECK_MESSAGE(any_contains(o.errors, "apiVersion"), "errors: " << o.errors.size());
}

TEST_CASE("the website ResourceClaim with a mis-indented cel selector is rejected") {
  // The `expression:` line is indented as a sibling of `cel:`, leaving `cel` without an
  // expression, which the API server rejects.
  const Outcome o = load_fixture("real-cases/invalid-website-resourceclaim-cel-indentation.yaml");
  CHECK_FALSE(o.loaded);
  CHECK(o.other.empty());
  CHECK_FALSE(o.errors.empty());
}

TEST_CASE("KAI's zone and rack topology example loads with its 11 nodes") {
  const Outcome o = load_fixture("real-cases/kai-topology-doc-zone-rack-example.yaml");
  REQUIRE_MESSAGE(o.loaded, "errors: " << (o.errors.empty() ? o.other : o.errors.front()));
  CHECK(o.scenario.objects.nodes.size() == 11);
  CHECK(o.scenario.objects.topologies.size() == 1);
}

TEST_CASE("KAI's batch-min-member Job example: six pods in one PodGroup of minMember 2") {
  // docs/batch/batch-job-min-member.yaml: parallelism 6, kai.scheduler/batch-min-member "2"
  // (job_grouper.go calcMinMember).
  const Outcome o = load_fixture("kai-scheduler/docs/batch/batch-job-min-member.yaml");
  REQUIRE_MESSAGE(o.loaded, "errors: " << (o.errors.empty() ? o.other : o.errors.front()));
  CHECK(o.scenario.objects.pods.size() == 6);
  REQUIRE(o.scenario.objects.pod_groups.size() == 1);
  CHECK(o.scenario.objects.pod_groups[0].min_member == 2);
}

TEST_CASE("KAI's external PodGroup Job example: the pods keep the PodGroup they name") {
  // examples/batch/external-podgroup-job.yaml: the Job skips the podgrouper and its template
  // names the PodGroup external-batch-job (minMember 2, subgroup workers).
  const Outcome o = load_fixture("kai-scheduler/examples/batch/external-podgroup-job.yaml");
  REQUIRE_MESSAGE(o.loaded, "errors: " << (o.errors.empty() ? o.other : o.errors.front()));
  REQUIRE(o.scenario.objects.pods.size() == 2);
  CHECK(o.scenario.objects.pod_groups.size() == 1);
  for (const model::Pod& p : o.scenario.objects.pods) {
    CHECK(p.meta.annotations.at("pod-group-name") == "external-batch-job");
    CHECK(p.meta.labels.at("kai.scheduler/subgroup-name") == "workers");
  }
}

}  // namespace
}  // namespace drasim::sim
