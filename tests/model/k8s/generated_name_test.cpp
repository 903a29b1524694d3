// Deterministic generated names (API server generateName + the ResourceClaim controller base).
#include "model/k8s/generated_name.h"

#include <doctest/doctest.h>

#include <string>

namespace drasim::model {
namespace {

TEST_CASE("claim generateName is <pod>-<claim>- while it fits in 57 characters") {
  CHECK(template_claim_generate_name("trainer-0", "gpu") == "trainer-0-gpu-");
}

TEST_CASE("a long base is truncated in proportion to both names") {
  // pod 60 chars + claim 20 chars + 2 hyphens = 82 > 57: the pod part keeps 60*57/82 = 41
  // characters and the claim part 20*57/82 = 13 (integer division), joined by one hyphen and
  // without the trailing one (pkg/controller/resourceclaim/controller.go).
  const std::string pod(60, 'p');
  const std::string claim(20, 'c');
  const std::string name = template_claim_generate_name(pod, claim);
  CHECK(name == std::string(41, 'p') + "-" + std::string(13, 'c'));
}

TEST_CASE("suffixes are five characters of the apimachinery alphabet, stable per seed and base") {
  const std::string a = name_suffix(7, "ml/trainer-0-gpu-");
  CHECK(a.size() == 5);
  CHECK(a.find_first_not_of("bcdfghjklmnpqrstvwxz2456789") == std::string::npos);
  // Same inputs, same name: reports are byte-identical across runs.
  CHECK(name_suffix(7, "ml/trainer-0-gpu-") == a);
  // Another seed, base or salt gives another suffix (these three differ for these inputs).
  CHECK(name_suffix(8, "ml/trainer-0-gpu-") != a);
  CHECK(name_suffix(7, "ml/trainer-1-gpu-") != a);
  CHECK(name_suffix(7, "ml/trainer-0-gpu-", 1) != a);
}

}  // namespace
}  // namespace drasim::model
