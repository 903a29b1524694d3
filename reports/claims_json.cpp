#include "reports/claims_json.h"

#include <algorithm>
#include <tuple>
#include <vector>

namespace drasim::reports {
namespace {

void write_claim(JsonWriter& w, const model::ResourceClaim& c) {
  w.begin_object();
  w.key("namespace");
  w.value(c.meta.namespace_name);
  w.key("name");
  w.value(c.meta.name);
  w.key("generateName");
  if (c.meta.generate_name.empty()) {
    w.null();
  } else {
    w.value(c.meta.generate_name);
  }
  w.key("annotations");
  w.begin_object();
  for (const auto& [k, v] : c.meta.annotations) {
    w.key(k);
    w.value(v);
  }
  w.end_object();
  w.key("ownerReferences");
  w.begin_array();
  for (const model::OwnerReference& o : c.meta.owner_references) {
    w.begin_object();
    w.key("kind");
    w.value(o.kind);
    w.key("name");
    w.value(o.name);
    w.key("controller");
    w.value(o.controller);
    w.end_object();
  }
  w.end_array();
  w.key("finalizers");
  w.begin_array();
  for (const std::string& f : c.meta.finalizers) {
    w.value(f);
  }
  w.end_array();
  w.key("requests");
  w.begin_array();
  for (const model::DeviceRequest& r : c.spec.requests) {
    w.begin_object();
    w.key("name");
    w.value(r.name);
    w.key("deviceClassName");
    if (r.exactly) {
      w.value(r.exactly->device_class_name);
    } else {
      w.null();  // firstAvailable: the subrequests name the classes
    }
    w.key("count");
    if (r.exactly && r.exactly->allocation_mode == model::AllocationMode::kExactCount) {
      w.value(r.exactly->count);
    } else {
      w.null();
    }
    w.end_object();
  }
  w.end_array();
  w.key("allocation");
  if (c.allocation) {
    w.begin_array();
    for (const model::DeviceAllocationResult& d : c.allocation->results) {
      w.begin_object();
      w.key("request");
      w.value(d.request);
      w.key("driver");
      w.value(d.driver);
      w.key("pool");
      w.value(d.pool);
      w.key("device");
      w.value(d.device);
      w.end_object();
    }
    w.end_array();
  } else {
    w.null();
  }
  w.key("reservedFor");
  w.begin_array();
  for (const model::ClaimConsumer& r : c.reserved_for) {
    w.value(r.name);
  }
  w.end_array();
  w.end_object();
}

}  // namespace

void write_claims(JsonWriter& w, const model::ClusterState& state) {
  std::vector<const model::ResourceClaim*> present;
  for (size_t i = 0; i < state.claims.size(); ++i) {
    const auto& info = state.claims.at(model::ClaimId::from_index(i));
    if (info.present) {
      present.push_back(&info.claim);
    }
  }
  std::sort(present.begin(), present.end(), [](const auto* a, const auto* b) {
    return std::tie(a->meta.namespace_name, a->meta.name)
           < std::tie(b->meta.namespace_name, b->meta.name);
  });
  w.begin_array();
  for (const model::ResourceClaim* c : present) {
    write_claim(w, *c);
  }
  w.end_array();
}

}  // namespace drasim::reports
