// Fit classes of pods whose claims come from ResourceClaimTemplates (claim_builder.h
// build_claims, template_classes.h): the claims the ResourceClaim controller makes from
// two templates differ only in their names when the templates' labels, annotations and spec are
// equal, and no Filter answer reads a claim's name, so such pods share a fit class.
#include "model/cluster/claim_builder.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"

namespace drasim::model {
namespace {

using test::make_node;
using test::make_pod;
using test::pod_id;

ResourceClaimTemplate one_gpu(std::string name) {
  ResourceClaimTemplate t;
  t.meta.name = std::move(name);
  t.meta.namespace_name = "default";
  DeviceSubRequest sub;
  sub.device_class_name = "gpu.example.com";
  DeviceRequest request;
  request.name = "gpu";
  request.exactly = sub;
  t.spec.requests.push_back(request);
  return t;
}

Pod claiming(std::string name, std::string template_name) {
  Pod p = make_pod(std::move(name), "1");
  p.spec.resource_claims.push_back(PodResourceClaim{"gpu", "", std::move(template_name)});
  return p;
}

TEST_CASE("pods of templates with equal claims share a fit class, other templates do not") {
  ObjectSet objects;
  objects.nodes.push_back(make_node("n", 16, 0));
  objects.resource_claim_templates.push_back(one_gpu("a"));
  objects.resource_claim_templates.push_back(one_gpu("b"));  // a's claims under another name
  ResourceClaimTemplate labelled = one_gpu("c");
  labelled.claim_labels = {{"team", "x"}};  // its claims carry a label a's do not
  objects.resource_claim_templates.push_back(labelled);
  ResourceClaimTemplate two = one_gpu("d");
  two.spec.requests[0].exactly->count = 2;  // its claims ask two devices
  objects.resource_claim_templates.push_back(two);
  for (const char* t : {"a", "b", "c", "d", "missing"}) {
    objects.pods.push_back(claiming(std::string("uses-") + t, t));
  }
  const ClusterState state = test::build_submitted(objects);
  const auto of = [&](const char* pod) -> const PodTemplate& {
    return state.spec_of(pod_id(state, pod));
  };
  // a and b: shape 0; c: shape 1 (labels differ); d: shape 2 (count differs); a template that
  // does not exist has no shape (its pods keep the template's name in their key).
  CHECK(of("uses-a").claim_shapes == std::vector<int32_t>{0});
  CHECK(of("uses-b").claim_shapes == std::vector<int32_t>{0});
  CHECK(of("uses-c").claim_shapes == std::vector<int32_t>{1});
  CHECK(of("uses-d").claim_shapes == std::vector<int32_t>{2});
  CHECK(of("uses-missing").claim_shapes == std::vector<int32_t>{-1});
  CHECK(of("uses-a").fit_class == of("uses-b").fit_class);
  CHECK(of("uses-a").fit_class != of("uses-c").fit_class);
  CHECK(of("uses-a").fit_class != of("uses-d").fit_class);
  CHECK(of("uses-a").fit_class != of("uses-missing").fit_class);
}

}  // namespace
}  // namespace drasim::model
