#include "model/kai/plugins/implicit_tolerations.h"

#include "model/cluster/template_classes.h"
#include "model/dra/inventory.h"
#include "model/dra/selector_evaluator.h"
#include "model/k8s/assert.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <set>
#include <utility>

namespace drasim::model {
namespace {

using cel::MapData;
using cel::Value;

// ---- CEL values of Kubernetes objects --------------------------------------------------------

Value str(const std::string& s) {
  return Value::from_string(s);
}

Value object(std::vector<std::pair<std::string, Value>> fields) {
  MapData m;
  for (auto& [k, v] : fields) {
    m.entries.emplace_back(Value::from_string(k), std::move(v));
  }
  return Value::from_map(std::move(m));
}

Value string_map(const StringMap& map) {
  MapData m;
  for (const auto& [k, v] : map) {
    m.entries.emplace_back(Value::from_string(k), Value::from_string(v));
  }
  return Value::from_map(std::move(m));
}

Value resource_map(const ResourceList& list) {
  MapData m;
  for (const auto& [k, q] : list) {
    m.entries.emplace_back(Value::from_string(k), Value::from_string(q.to_string()));
  }
  return Value::from_map(std::move(m));
}

Value metadata(const ObjectMeta& meta, const std::string& name) {
  std::vector<std::pair<std::string, Value>> f{{"name", str(name)},
                                               {"labels", string_map(meta.labels)},
                                               {"annotations", string_map(meta.annotations)}};
  if (!meta.namespace_name.empty()) {
    f.emplace_back("namespace", str(meta.namespace_name));
  }
  return object(std::move(f));
}

Value containers(const std::vector<Container>& list) {
  std::vector<Value> out;
  for (const Container& c : list) {
    out.push_back(object({{"name", str(c.name)},
                          {"resources", object({{"requests", resource_map(c.requests)},
                                                {"limits", resource_map(c.limits)}})}}));
  }
  return Value::from_list(std::move(out));
}

Value pod_value(const Pod& pod, const std::string& name) {
  std::vector<Value> claims;
  for (const PodResourceClaim& c : pod.spec.resource_claims) {
    std::vector<std::pair<std::string, Value>> f{{"name", str(c.name)}};
    if (!c.claim_name.empty()) {
      f.emplace_back("resourceClaimName", str(c.claim_name));
    }
    if (!c.template_name.empty()) {
      f.emplace_back("resourceClaimTemplateName", str(c.template_name));
    }
    claims.push_back(object(std::move(f)));
  }
  return object({{"metadata", metadata(pod.meta, name)},
                 {"spec", object({{"containers", containers(pod.spec.containers)},
                                  {"initContainers", containers(pod.spec.init_containers)},
                                  {"resourceClaims", Value::from_list(std::move(claims))}})}});
}

std::vector<std::pair<std::string, Value>> subrequest_fields(const DeviceSubRequest& r) {
  std::vector<Value> selectors;
  for (const CelSelector& s : r.selectors) {
    selectors.push_back(object({{"cel", object({{"expression", str(s.expression)}})}}));
  }
  return {{"deviceClassName", str(r.device_class_name)},
          {"allocationMode", str(r.allocation_mode == AllocationMode::kAll ? "All" : "ExactCount")},
          {"count", Value::from_int(r.count)},
          {"selectors", Value::from_list(std::move(selectors))}};
}

Value claim_value(const ResourceClaim& claim) {
  std::vector<Value> requests;
  for (const DeviceRequest& r : claim.spec.requests) {
    std::vector<std::pair<std::string, Value>> f{{"name", str(r.name)}};
    if (r.exactly) {
      f.emplace_back("exactly", object(subrequest_fields(*r.exactly)));
    }
    if (!r.first_available.empty()) {
      std::vector<Value> subs;
      for (const DeviceSubRequest& s : r.first_available) {
        auto sf = subrequest_fields(s);
        sf.emplace(sf.begin(), "name", str(s.name));
        subs.push_back(object(std::move(sf)));
      }
      f.emplace_back("firstAvailable", Value::from_list(std::move(subs)));
    }
    requests.push_back(object(std::move(f)));
  }
  return object(
      {{"metadata", metadata(claim.meta, claim.meta.name)},
       {"spec",
        object({{"devices", object({{"requests", Value::from_list(std::move(requests))}})}})}});
}

Value class_value(const DeviceClass& c) {
  std::vector<std::pair<std::string, Value>> spec;
  if (!c.extended_resource_name.empty()) {
    spec.emplace_back("extendedResourceName", str(c.extended_resource_name));
  }
  return object({{"metadata", metadata(c.meta, c.meta.name)}, {"spec", object(std::move(spec))}});
}

// ---- selector helpers -------------------------------------------------------------------------

/// The resolved claims of a pod (unresolvable entries left out).
std::vector<const ResourceClaim*> claims_of(const ClusterState& state, PodId pod) {
  std::vector<const ResourceClaim*> out;
  for (const ClaimId id : state.pod(pod).claims) {
    if (id.valid()) {
      out.push_back(&state.claims.at(id).claim);
    }
  }
  return out;
}

/// Every `exactly` request and `firstAvailable` subrequest of the claims (the union over all
/// alternatives: the enqueue mode of dra-semantics.md 7.4).
std::vector<const DeviceSubRequest*> alternatives(const std::vector<const ResourceClaim*>& claims) {
  std::vector<const DeviceSubRequest*> out;
  for (const ResourceClaim* c : claims) {
    for (const DeviceRequest& r : c->spec.requests) {
      if (r.exactly) {
        out.push_back(&*r.exactly);
      }
      for (const DeviceSubRequest& s : r.first_available) {
        out.push_back(&s);
      }
    }
  }
  return out;
}

bool requests_resource(const Pod& pod, const std::vector<std::string>& names) {
  for (const auto* list : {&pod.spec.containers, &pod.spec.init_containers}) {
    for (const Container& c : *list) {
      for (const auto& [name, q] : c.requests) {
        if (q > Quantity() && std::find(names.begin(), names.end(), name) != names.end()) {
          return true;
        }
      }
    }
  }
  return false;
}

std::string qualified(const std::string& attribute, const std::string& driver) {
  return attribute.find('/') == std::string::npos ? driver + "/" + attribute : attribute;
}

bool device_is_like(const ImplicitTolerationRule::DevicePrototype& proto,
                    const ResourceSlice& slice, const Device& device) {
  if (slice.driver != proto.driver) {
    return false;
  }
  for (const auto& [name, text] : proto.attributes) {
    const std::string want = qualified(name, proto.driver);
    const auto it =
        std::find_if(device.attributes.begin(), device.attributes.end(),
                     [&](const auto& kv) { return qualified(kv.first, slice.driver) == want; });
    if (it == device.attributes.end() || attribute_text(it->second) != text) {
      return false;
    }
  }
  return true;
}

/// Whether `device` satisfies every selector of `selectors` (a CEL error: it does not).
bool selected(const std::vector<CelSelector>& selectors, const ResourceSlice& slice,
              const Device& device, const ClusterState& state) {
  return std::all_of(selectors.begin(), selectors.end(), [&](const CelSelector& s) {
    return state.dra.selectors->evaluate(s, slice, device, state.dra.features.consumable_capacity)
               .kind
           == dra::SelectorVerdict::Kind::kTrue;
  });
}

bool could_use_device_like(const ImplicitTolerationRule& rule, const DeviceSubRequest& request,
                           const ClusterState& state) {
  const dra::Inventory& inventory = *state.dra.inventory;
  const DeviceClass* cls = inventory.find_class(request.device_class_name);
  if (cls == nullptr) {
    return false;
  }
  for (uint32_t i = 0; i < inventory.slice_count(); ++i) {
    const ResourceSlice& slice = inventory.slice(i);
    for (const Device& device : slice.devices) {
      const bool like =
          std::any_of(rule.device_prototypes.begin(), rule.device_prototypes.end(),
                      [&](const auto& proto) { return device_is_like(proto, slice, device); });
      if (like && selected(cls->selectors, slice, device, state)
          && selected(request.selectors, slice, device, state)) {
        return true;
      }
    }
  }
  return false;
}

std::string tolerations_key(const std::vector<ImpliedToleration>& list) {
  std::string key;
  for (const ImpliedToleration& i : list) {
    const Toleration& t = i.toleration;
    key += fmt::format("{}\x1f{}\x1f{}\x1f{}\x1f{}\x1e", i.rule, t.key, static_cast<int>(t.op),
                       t.value, t.effect ? static_cast<int>(*t.effect) : -1);
  }
  return key;
}

/// An unclaimed template of `manifest` to hold a new result: the pod's own first, else any.
std::optional<TemplateId> free_template(const ClusterState& state, const std::vector<bool>& claimed,
                                        uint32_t manifest, TemplateId current) {
  if (!claimed[current.index()]) {
    return current;
  }
  for (size_t t = 0; t < state.templates.size(); ++t) {
    if (!claimed[t] && state.templates[t].manifest == manifest) {
      return TemplateId::from_index(t);
    }
  }
  return std::nullopt;
}

bool settled(PodPhase phase) {
  return phase != PodPhase::kNotSubmitted && phase != PodPhase::kPending;
}

}  // namespace

cel::Environment implicit_toleration_environment() {
  cel::Environment env("implicit-tolerations");
  env.add_variable("pod", env.type("dyn"));
  env.add_variable("claims", env.type("list(dyn)"));
  env.add_variable("deviceClasses", env.type("list(dyn)"));
  env.set_require_bool_result(true);
  return env;
}

std::optional<cel::CompileError> validate_toleration_expression(std::string_view expression) {
  if (expression.size() > cel::kSelectorMaxLength) {
    return cel::CompileError{
        fmt::format("must not be longer than {} bytes", cel::kSelectorMaxLength)};
  }
  auto compiled = cel::compile(expression, implicit_toleration_environment());
  if (auto* e = std::get_if<cel::CompileError>(&compiled)) {
    return *e;
  }
  // Fields reached through the dyn variables have no declared size, so comprehensions over
  // them estimate as unbounded (UINT64_MAX); those are left to the runtime cost limit. A
  // bounded estimate over the limit is rejected.
  const uint64_t estimate = std::get<0>(compiled)->estimated_cost;
  if (estimate > kImplicitTolerationMaxCost && estimate != std::numeric_limits<uint64_t>::max()) {
    return cel::CompileError{"too complex, exceeds cost limit"};
  }
  return std::nullopt;
}

ImplicitTolerations::ImplicitTolerations(std::vector<ImplicitTolerationRule> rules)
    : rules_(std::move(rules)), programs_(rules_.size()) {
  const cel::Environment env = implicit_toleration_environment();
  for (size_t i = 0; i < rules_.size(); ++i) {
    if (rules_[i].type != ImplicitTolerationRule::Type::kCel) {
      continue;
    }
    auto compiled = cel::compile(rules_[i].expression, env);
    DRASIM_ASSERT(std::holds_alternative<std::shared_ptr<const cel::Program>>(compiled),
                  "implicit-toleration CEL rules were validated at load time");
    programs_[i] = std::get<0>(compiled);
  }
}

bool ImplicitTolerations::applies(size_t index, const ObjectSet& objects, const ClusterState& state,
                                  PodId pod) const {
  using Type = ImplicitTolerationRule::Type;
  const ImplicitTolerationRule& rule = rules_[index];
  const PodTemplate& t = state.spec_of(pod);
  const Pod& manifest = objects.pods[t.manifest];
  const std::vector<const ResourceClaim*> claims = claims_of(state, pod);
  switch (rule.type) {
    case Type::kExtendedResource:
      return requests_resource(manifest, rule.resource_names);
    case Type::kDeviceClass:
      for (const DeviceSubRequest* r : alternatives(claims)) {
        const auto& names = rule.device_class_names;
        if (std::find(names.begin(), names.end(), r->device_class_name) != names.end()) {
          return true;
        }
      }
      return false;
    case Type::kDevice:
      if (!state.dra.inventory) {
        return false;
      }
      for (const DeviceSubRequest* r : alternatives(claims)) {
        if (could_use_device_like(rule, *r, state)) {
          return true;
        }
      }
      return false;
    case Type::kCel: {
      std::vector<Value> claim_values;
      std::set<std::string> class_names;
      for (const ResourceClaim* c : claims) {
        claim_values.push_back(claim_value(*c));
      }
      for (const DeviceSubRequest* r : alternatives(claims)) {
        class_names.insert(r->device_class_name);
      }
      std::vector<Value> classes;
      for (const std::string& name : class_names) {
        const DeviceClass* c =
            state.dra.inventory ? state.dra.inventory->find_class(name) : nullptr;
        if (c != nullptr) {
          classes.push_back(class_value(*c));
        }
      }
      const cel::Activation activation{{pod_value(manifest, state.pod(pod).name),
                                        Value::from_list(std::move(claim_values)),
                                        Value::from_list(std::move(classes))}};
      // A runtime error (or exceeding the cost limit) means the rule does not apply.
      const cel::EvalResult r =
          cel::evaluate(*programs_[index], activation, kImplicitTolerationMaxCost);
      return r.error.empty() && r.value && r.value->kind() == cel::ValueKind::kBool
             && r.value->as_bool();
    }
  }
  return false;
}

std::vector<ImpliedToleration> ImplicitTolerations::for_pod(const ObjectSet& objects,
                                                            const ClusterState& state,
                                                            PodId pod) const {
  std::vector<ImpliedToleration> out;
  for (size_t i = 0; i < rules_.size(); ++i) {
    if (applies(i, objects, state, pod)) {
      out.push_back(ImpliedToleration{rules_[i].name, rules_[i].toleration});
    }
  }
  return out;
}

void apply_implicit_tolerations(const ImplicitTolerations& rules, const ObjectSet& objects,
                                ClusterState& state) {
  if (rules.empty()) {
    return;
  }
  // Pass over the pods in order; the first pod to claim a template writes its result there,
  // later pods with another result move to a sibling template of the same manifest (reused from
  // an earlier pass when one is unclaimed, else a copy). Deterministic: pod and template order.
  // Nothing else depends on a template's index: it reaches the manifest through `manifest`.
  std::vector<bool> claimed(state.templates.size(), false);
  std::map<std::pair<uint32_t, std::string>, TemplateId> by_result;
  // Placed and finished pods keep what they were scheduled with, and so does their template.
  for (const PodInfo& p : state.pods) {
    if (settled(p.phase)) {
      const PodTemplate& t = state.templates[p.spec.index()];
      claimed[p.spec.index()] = true;
      by_result.emplace(std::make_pair(t.manifest, tolerations_key(t.implicit_tolerations)),
                        p.spec);
    }
  }
  for (size_t i = 0; i < state.pods.size(); ++i) {
    const PodId pod = PodId::from_index(i);
    if (settled(state.pod(pod).phase)) {
      continue;
    }
    std::vector<ImpliedToleration> implied = rules.for_pod(objects, state, pod);
    const uint32_t manifest = state.spec_of(pod).manifest;
    const auto key = std::make_pair(manifest, tolerations_key(implied));
    if (const auto it = by_result.find(key); it != by_result.end()) {
      state.pod(pod).spec = it->second;
      continue;
    }
    std::optional<TemplateId> target = free_template(state, claimed, manifest, state.pod(pod).spec);
    if (!target) {
      state.templates.push_back(state.spec_of(pod));
      claimed.push_back(false);
      target = TemplateId::from_index(state.templates.size() - 1);
    }
    claimed[target->index()] = true;
    state.templates[target->index()].implicit_tolerations = std::move(implied);
    state.pod(pod).spec = *target;
    by_result.emplace(key, *target);
  }
  assign_template_classes(state);
  for (size_t j = 0; j < state.jobs.size(); ++j) {
    if (state.jobs[j].pending_pods > 0) {
      state.reindex(JobId::from_index(j));
    }
  }
}

std::vector<Toleration> filter_tolerations(const PodTemplate& t) {
  std::vector<Toleration> out = t.tolerations;
  for (const ImpliedToleration& i : t.implicit_tolerations) {
    out.push_back(i.toleration);
  }
  return out;
}

}  // namespace drasim::model
