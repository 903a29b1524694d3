#include "model/cluster/claim_builder.h"

#include "model/cluster/dra_gpus.h"
#include "model/dra/cel_selector_evaluator.h"
#include "model/dra/inventory.h"
#include "model/k8s/generated_name.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <type_traits>

namespace drasim::model {
namespace {

/// The annotation the ResourceClaim controller puts on claims it generates.
constexpr const char* kPodClaimNameAnnotation = "resource.kubernetes.io/pod-claim-name";

/// The ResourceClaimTemplates by namespace and name (the first of a name wins, as a linear
/// search would find it).
class TemplateIndex {
 public:
  explicit TemplateIndex(const ObjectSet& objects) {
    for (const ResourceClaimTemplate& t : objects.resource_claim_templates) {
      by_name_.emplace(std::make_pair(t.meta.namespace_name, t.meta.name), &t);
    }
  }

  [[nodiscard]] const ResourceClaimTemplate* find(const std::string& ns,
                                                  const std::string& name) const {
    const auto it = by_name_.find(std::make_pair(ns, name));
    return it == by_name_.end() ? nullptr : it->second;
  }

 private:
  std::map<std::pair<std::string, std::string>, const ResourceClaimTemplate*> by_name_;
};

/// A cheap key that equal templates share (their requests' names, classes, counts and
/// selectors); unequal ones may share it too, so it only narrows the equality search.
std::string rough_shape(const ResourceClaimTemplate& t) {
  std::string key = fmt::format("{}|{}|{}|", t.claim_labels.size(), t.claim_annotations.size(),
                                t.spec.constraints.size());
  const auto sub = [&](const DeviceSubRequest& r) {
    key += fmt::format("{}/{}/{}/{}", r.name, r.device_class_name, r.count,
                       static_cast<int>(r.allocation_mode));
    for (const CelSelector& c : r.selectors) {
      key += "/" + c.expression;
    }
    key += ";";
  };
  for (const DeviceRequest& r : t.spec.requests) {
    key += r.name + "{";
    if (r.exactly) {
      sub(*r.exactly);
    }
    for (const DeviceSubRequest& f : r.first_available) {
      sub(f);
    }
    key += "}";
  }
  return key;
}

/// The claim a template gives, but for its name: what makes two templates' claims equal.
bool same_claims(const ResourceClaimTemplate& a, const ResourceClaimTemplate& b) {
  return a.meta.namespace_name == b.meta.namespace_name && a.claim_labels == b.claim_labels
         && a.claim_annotations == b.claim_annotations && a.spec == b.spec;
}

/// The claim the controller creates for `pod`'s entry `entry` from `tmpl`.
dra::ClaimInfo generated_claim(const ClusterState& state, PodId pod_id,
                               const PodResourceClaim& entry, const ResourceClaimTemplate& tmpl,
                               uint64_t seed) {
  const PodInfo& pod = state.pod(pod_id);
  const std::string& ns = state.spec_of(pod_id).namespace_name;
  dra::ClaimInfo info;
  ResourceClaim& c = info.claim;
  c.meta.generate_name = template_claim_generate_name(pod.name, entry.name);
  for (uint32_t salt = 0;; ++salt) {
    c.meta.name = c.meta.generate_name + name_suffix(seed, ns + "/" + c.meta.generate_name, salt);
    if (!state.claims.find(ns, c.meta.name)) {
      break;
    }
  }
  c.meta.namespace_name = ns;
  c.meta.labels = tmpl.claim_labels;
  c.meta.annotations = tmpl.claim_annotations;
  c.meta.annotations[kPodClaimNameAnnotation] = entry.name;
  c.meta.owner_references.push_back(OwnerReference{"v1", "Pod", pod.name, "", true});
  c.meta.source = tmpl.meta.source;
  c.spec = tmpl.spec;
  info.owner = pod_id;
  info.from_template = true;
  return info;
}

/// The generated claim a pod's status already names for this entry, if any.
std::string status_claim_name(const Pod& pod, const std::string& entry) {
  for (const ResourceClaimStatusEntry& s : pod.status.resource_claim_statuses) {
    if (s.name == entry) {
      return s.resource_claim_name;
    }
  }
  return "";
}

void resolve_pod_claims(const ObjectSet& objects, const TemplateIndex& templates,
                        const DraBuildOptions& options, PodId pod_id, ClusterState& state) {
  const PodTemplate& t = state.spec_of(pod_id);
  const Pod& manifest = objects.pods[t.manifest];
  const std::string& ns = t.namespace_name;
  std::vector<ClaimId> resolved;
  std::string problem;
  for (const PodResourceClaim& entry : t.resource_claims) {
    std::string name = entry.claim_name;
    if (name.empty()) {
      name = status_claim_name(manifest, entry.name);
    }
    if (!name.empty()) {
      const auto id = state.claims.find(ns, name);
      if (!id && problem.empty()) {
        // The scheduler's PreEnqueue waits for the claim (dynamicresources.go): the lister
        // answers not-found.
        problem = fmt::format("resourceclaim.resource.k8s.io \"{}\" not found", name);
      }
      if (id && entry.claim_name.empty()) {
        // Generated from the entry's template before the input was taken (a live cluster's
        // pending pods have theirs): a template claim, not a shared one (KAI's
        // validateSharedGpuClaimQueueLabel skips template entries), and it goes with the pod
        // its controller reference names.
        const auto& owners = state.claims.at(*id).claim.meta.owner_references;
        const bool owned = std::any_of(owners.begin(), owners.end(), [&](const OwnerReference& o) {
          return o.controller && o.kind == "Pod" && o.name == state.pod(pod_id).name;
        });
        state.claims.adopt(*id, owned ? pod_id : PodId());
      }
      resolved.push_back(id.value_or(ClaimId()));
      continue;
    }
    const ResourceClaimTemplate* tmpl = templates.find(ns, entry.template_name);
    if (tmpl == nullptr) {
      if (problem.empty()) {
        problem = fmt::format(
            "pod \"{}/{}\": ResourceClaim not created yet (the ResourceClaim controller cannot "
            "create it: resourceclaimtemplate \"{}\" not found in namespace {})",
            ns, state.pod(pod_id).name, entry.template_name, ns);
      }
      resolved.emplace_back();
      continue;
    }
    resolved.push_back(
        state.claims.add(generated_claim(state, pod_id, entry, *tmpl, options.seed)));
  }
  PodInfo& p = state.pod(pod_id);
  p.claims = std::move(resolved);
  p.claim_problem = std::move(problem);
}

/// Sets every pod template's `claim_shapes` (PodTemplate): templates with equal claim labels,
/// annotations and spec share a shape, in first-seen order.
void assign_claim_shapes(const TemplateIndex& templates, ClusterState& state) {
  std::map<std::string, std::vector<std::pair<const ResourceClaimTemplate*, int32_t>>> shapes;
  int32_t count = 0;
  const auto shape_of = [&](const ResourceClaimTemplate& t) {
    auto& same_key = shapes[rough_shape(t)];
    for (const auto& [known, shape] : same_key) {
      if (same_claims(*known, t)) {
        return shape;
      }
    }
    same_key.emplace_back(&t, count);
    return count++;
  };
  for (PodTemplate& t : state.templates) {
    t.claim_shapes.clear();
    for (const PodResourceClaim& entry : t.resource_claims) {
      const ResourceClaimTemplate* tmpl =
          entry.claim_name.empty() ? templates.find(t.namespace_name, entry.template_name)
                                   : nullptr;
      t.claim_shapes.push_back(tmpl != nullptr ? shape_of(*tmpl) : -1);
    }
  }
}

}  // namespace

void build_claims(const ObjectSet& objects, const DraBuildOptions& options, ClusterState& state) {
  for (const ResourceClaim& claim : objects.resource_claims) {
    dra::ClaimInfo info;
    info.claim = claim;
    const ClaimId id = state.claims.add(std::move(info));
    if (claim.meta.appear_us == 0) {
      state.claims.appear(id);
    }
  }
  const TemplateIndex templates(objects);
  assign_claim_shapes(templates, state);
  for (size_t i = 0; i < state.pods.size(); ++i) {
    if (state.spec_of(PodId::from_index(i)).has_resource_claims) {
      resolve_pod_claims(objects, templates, options, PodId::from_index(i), state);
    }
  }
  state.dra.enabled = options.enabled;
  state.dra.features = options.features;
  state.dra.shared_claim_queue_label = options.shared_claim_queue_label;
  state.dra.seed = options.seed;
  // The reference mode evaluates every selector again, with a fresh device value, each time.
  state.dra.selectors = std::make_shared<dra::CelSelectorEvaluator>(!state.reference);
  rebuild_inventory(objects, 0, state);
}

void rebuild_inventory(const ObjectSet& objects, int64_t now_us, ClusterState& state) {
  const auto arrived = [now_us](const auto& list) {
    std::decay_t<decltype(list)> out;
    for (const auto& o : list) {
      if (o.meta.exists_at(now_us)) {
        out.push_back(o);
      }
    }
    return out;
  };
  std::vector<std::shared_ptr<const ResourceSlice>>& copies = state.dra.slice_copies;
  copies.resize(objects.resource_slices.size());
  std::vector<std::shared_ptr<const ResourceSlice>> slices;
  for (size_t i = 0; i < objects.resource_slices.size(); ++i) {
    if (objects.resource_slices[i].meta.exists_at(now_us)) {
      // The reference mode copies every slice again at every rebuild.
      if (copies[i] == nullptr || state.reference) {
        copies[i] = std::make_shared<const ResourceSlice>(objects.resource_slices[i]);
      }
      slices.push_back(copies[i]);
    }
  }
  auto inventory =
      std::make_shared<dra::Inventory>(arrived(objects.device_classes), std::move(slices),
                                       arrived(objects.device_taint_rules), state.dra.features);
  if (!state.reference) {
    inventory->keep_pools();
  }
  state.dra.inventory = std::move(inventory);
  // Cached verdicts and filter answers refer to the devices of the old inventory.
  state.dra.selectors->clear();
  state.dra_memo.clear();
  // DeviceClassByResource follows the classes (it points into the new inventory).
  std::vector<const DeviceClass*> classes;
  for (const DeviceClass& c : state.dra.inventory->classes()) {
    classes.push_back(&c);
  }
  state.dra.extended = std::make_shared<const ExtendedResourceMap>(classes);
  state.dra.synthetic_claims.clear();
  if (state.dra.features.extended_resource) {
    for (const ExtendedResourceMap::Shadowed& s : state.dra.extended->shadowed()) {
      state.report_once(
          "shadowed/" + s.resource + "/" + s.loser,
          Anomaly{AnomalyKind::kShadowedDeviceClass, 0, "", "", s.resource, 0, "",
                  fmt::format("DeviceClasses {} and {} both declare extendedResourceName {}; the "
                              "newer, {}, serves it and {} is silently shadowed",
                              s.loser, s.winner, s.resource, s.winner, s.loser)});
    }
  }
  populate_dra_gpus(state);
}

std::vector<int64_t> dra_object_times(const ObjectSet& objects) {
  std::set<int64_t> times;
  const auto add = [&](const auto& list) {
    for (const auto& o : list) {
      if (o.meta.appear_us > 0) {
        times.insert(o.meta.appear_us);
      }
      if (o.meta.gone_us != kNever) {
        times.insert(o.meta.gone_us);
      }
    }
  };
  add(objects.device_classes);
  add(objects.resource_slices);
  add(objects.device_taint_rules);
  return {times.begin(), times.end()};
}

}  // namespace drasim::model
