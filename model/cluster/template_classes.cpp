#include "model/cluster/template_classes.h"

#include "model/dra/extended_resources.h"

#include <fmt/format.h>

#include <map>
#include <string>

namespace drasim::model {
namespace {

void append_requirements(std::string& key, const std::vector<NodeSelectorRequirement>& rs) {
  for (const auto& r : rs) {
    key += fmt::format("{}\x1f{}", r.key, static_cast<int>(r.op));
    for (const auto& v : r.values) {
      key += "\x1f" + v;
    }
    key += '\x1e';
  }
}

void append_toleration(std::string& key, char tag, const Toleration& tol) {
  key += fmt::format("{}{}\x1f{}\x1f{}\x1f{}\x1e", tag, tol.key, static_cast<int>(tol.op),
                     tol.value, tol.effect ? static_cast<int>(*tol.effect) : -1);
}

void append_term(std::string& key, const NodeSelectorTerm& term) {
  key += "A";
  append_requirements(key, term.match_expressions);
  key += "F";
  append_requirements(key, term.match_fields);
}

/// The pod spec's own placement constraints: tolerations, nodeSelector, required affinity.
std::string spec_placement_key(const PodTemplate& t) {
  std::string key;
  for (const Toleration& tol : t.tolerations) {
    append_toleration(key, 'T', tol);
  }
  for (const auto& [k, v] : t.node_selector) {
    key += fmt::format("S{}\x1f{}\x1e", k, v);
  }
  if (t.required_affinity) {
    for (const NodeSelectorTerm& term : t.required_affinity->terms) {
      append_term(key, term);
    }
    key += "|";
  }
  return key;
}

std::string placement_key(const PodTemplate& t) {
  std::string key = spec_placement_key(t);
  // Implied tolerations are part of the key: the filter cache must give pods with different
  // implied tolerations different verdicts (implicit_tolerations.h explains why it stays exact).
  for (const ImpliedToleration& i : t.implicit_tolerations) {
    append_toleration(key, 'I', i.toleration);
  }
  return key;
}

/// KAI's pod scheduling-constraints signature (pod_info/scheduling_constraints_signature.go):
/// node selector, affinity, tolerations as written, priority and host ports; neither the
/// resource request nor the resource claims are part of it.
std::string signature_key(const PodTemplate& t) {
  std::string key = spec_placement_key(t);
  for (const PreferredSchedulingTerm& p : t.preferred_affinity) {
    key += fmt::format("W{}", p.weight);
    append_term(key, p.term);
  }
  key += fmt::format("|P{}|", t.pod_priority);
  for (const HostPort& p : t.host_ports) {
    key += fmt::format("H{}", p.port);
  }
  return key;
}

std::string fit_key(const PodTemplate& t) {
  std::string key =
      fmt::format("{}|N{}|C{}|R", t.placement_class, t.nominated_node, t.has_resource_claims);
  for (size_t slot = 0; slot < t.request.size(); ++slot) {
    key += fmt::format("{},", t.request.get(slot));
  }
  for (const HostPort& p : t.host_ports) {
    key += fmt::format("P{}/{}/{}", p.protocol, p.ip, p.port);
  }
  // Shared requests with equal vectors differ in memory (gpu-memory pods all have GPU 0).
  if (t.gpu_share.shared()) {
    key += fmt::format("|G{}/{}/{}/{}", static_cast<int>(t.gpu_share.type), t.gpu_share.portion,
                       t.gpu_share.memory_mib, t.gpu_share.devices);
  }
  // Claims are part of the shape: pods naming the same claims share them, and pods whose
  // claims come from templates of one shape (build_claims) get claims that differ only
  // in their names, which no Filter answer depends on. The entry's name is written on the
  // claim (its pod-claim-name annotation), so it is part of the key too.
  for (size_t i = 0; i < t.resource_claims.size(); ++i) {
    const PodResourceClaim& c = t.resource_claims[i];
    const int32_t shape = i < t.claim_shapes.size() ? t.claim_shapes[i] : -1;
    key += !c.claim_name.empty() ? fmt::format("|N{}/{}", t.namespace_name, c.claim_name)
           : shape >= 0          ? fmt::format("|S{}/{}", c.name, shape)
                                 : fmt::format("|T{}/{}", t.namespace_name, c.template_name);
  }
  // The KEP-5004 claim a node gives the pod is built from the containers' requests and lives in
  // the pod's namespace (its name is in allocator messages): pods that may use the bridge (the
  // ones that keep their spec) share a class only when both are equal, so they get the same
  // Filter answer on every node.
  if (t.pod_spec != nullptr) {
    key += fmt::format("|B{}|{}", t.namespace_name, bridge_shape_key(*t.pod_spec));
  }
  return key;
}

uint32_t class_of(std::map<std::string, uint32_t>& classes, std::string key) {
  return classes.emplace(std::move(key), static_cast<uint32_t>(classes.size())).first->second;
}

}  // namespace

void assign_template_classes(ClusterState& state) {
  std::map<std::string, uint32_t> placement;
  std::map<std::string, uint32_t> fit;
  std::map<std::string, uint32_t> signature;
  for (PodTemplate& t : state.templates) {
    t.placement_class = class_of(placement, placement_key(t));
    t.fit_class = class_of(fit, fit_key(t));
    t.signature_class = class_of(signature, signature_key(t));
  }
  state.placement_classes = static_cast<uint32_t>(placement.size());
  state.fit_classes = static_cast<uint32_t>(fit.size());
  // The kept signatures are made of the classes just renumbered: every job's revision moves.
  for (JobInfo& job : state.jobs) {
    ++job.phase_revision;
  }
  state.filters_changed();
}

}  // namespace drasim::model
