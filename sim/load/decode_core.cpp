// Decoders for core/v1 Node, Pod, Namespace and scheduling.k8s.io/v1 PriorityClass.
#include "model/kai/api/gpu_request.h"
#include "model/kai/api/resource_vector.h"
#include "sim/load/decode_common.h"
#include "sim/load/decoders.h"

#include <algorithm>

namespace drasim::sim {
namespace {

model::ResourceList decode_resource_list(const Cursor& c, bool allow_negative) {
  model::ResourceList out;
  for (const auto& [name, value] : c.entries("a mapping of resource names to quantities")) {
    const auto q = value.quantity();
    if (!q) {
      continue;
    }
    if (q->is_negative() && !allow_negative) {
      value.error("a quantity of zero or more");
      continue;
    }
    // Far beyond any real node (1P cores, bytes or devices) and small enough that milli-units
    // and sums over many nodes stay inside int64 (found by the loader fuzzer: `10P` GPUs).
    if (*q > model::Quantity::from_units(1'000'000'000'000'000)) {
      value.error("a quantity of at most 1P");
      continue;
    }
    out[name] = *q;
  }
  return out;
}

std::vector<model::ContainerPort> decode_ports(const Cursor& c) {
  std::vector<model::ContainerPort> out;
  for (const Cursor& item : c.items()) {
    model::ContainerPort p;
    p.container_port = item["containerPort"].integer().value_or(0);
    p.host_port = item["hostPort"].integer().value_or(0);
    if (p.host_port < 0 || p.host_port > 65535) {
      item["hostPort"].error("a port number from 1 to 65535");
    }
    if (item["protocol"].present()) {
      p.protocol = item["protocol"].one_of<std::string>(
          {{"TCP", "TCP"}, {"UDP", "UDP"}, {"SCTP", "SCTP"}}, "TCP");
    }
    p.host_ip = item["hostIP"].str();
    out.push_back(std::move(p));
  }
  return out;
}

model::Container decode_container(const Cursor& c, bool init) {
  model::Container out;
  c.expect_map();
  out.name = c["name"].required_str("a container name");
  const Cursor resources = c["resources"];
  out.limits = decode_resource_list(resources["limits"], false);
  out.requests = decode_resource_list(resources["requests"], false);
  // Device plugins hand out whole devices; KAI's admission rejects fractional GPU counts.
  for (const auto* kind : {"limits", "requests"}) {
    for (const auto& [name, quantity] : kind[0] == 'l' ? out.limits : out.requests) {
      if (model::ResourceNames::is_gpu_name(name)
          && model::Quantity::from_units(quantity.value()) != quantity) {
        resources[kind][name].error(
            "a whole number of GPUs (share a GPU with the gpu-fraction or gpu-memory annotation)");
      }
    }
  }
  // API defaulting (core/v1 SetDefaults_Pod): a limit without a request becomes the request.
  for (const auto& [name, quantity] : out.limits) {
    out.requests.emplace(name, quantity);
  }
  for (const auto& [name, quantity] : out.requests) {
    const auto limit = out.limits.find(name);
    if (limit != out.limits.end() && limit->second < quantity) {
      resources["requests"][name].error("a request no larger than the limit "
                                        + limit->second.to_string());
    }
  }
  for (const Cursor& claim : resources["claims"].items()) {
    out.claims.push_back({claim["name"].required_str("a pod claim name"), claim["request"].str()});
  }
  out.ports = decode_ports(c["ports"]);
  if (init) {
    out.restart_always = c["restartPolicy"].one_of<bool>({{"Always", true}}, false);
  }
  return out;
}

void decode_affinity(const Cursor& affinity, model::PodSpec& spec) {
  const Cursor node = affinity["nodeAffinity"];
  spec.required_node_affinity =
      decode_node_selector(node["requiredDuringSchedulingIgnoredDuringExecution"]);
  for (const Cursor& p : node["preferredDuringSchedulingIgnoredDuringExecution"].items()) {
    model::PreferredSchedulingTerm term;
    term.weight = p["weight"].integer().value_or(0);
    if (term.weight < 1 || term.weight > 100) {
      p["weight"].error("a weight from 1 to 100");
    }
    term.term = decode_selector_term(p["preference"]);
    spec.preferred_node_affinity.push_back(std::move(term));
  }
}

std::vector<model::PodResourceClaim> decode_pod_claims(const Cursor& c) {
  std::vector<model::PodResourceClaim> out;
  for (const Cursor& item : c.items()) {
    model::PodResourceClaim claim;
    claim.name = item["name"].required_str("a pod claim name");
    claim.claim_name = item["resourceClaimName"].str();
    claim.template_name = item["resourceClaimTemplateName"].str();
    if (item["source"].present()) {
      item["source"].error(
          "resourceClaimName or resourceClaimTemplateName (the v1alpha2 `source` field was "
          "removed in Kubernetes 1.31)",
          "source");
    } else if (claim.claim_name.empty() == claim.template_name.empty()) {
      item.error("exactly one of resourceClaimName and resourceClaimTemplateName",
                 claim.claim_name.empty() ? "neither" : "both");
    }
    out.push_back(std::move(claim));
  }
  return out;
}

model::PodSpec decode_pod_spec(const Cursor& s) {
  model::PodSpec spec;
  if (!s.present()) {
    s.error("a pod spec with containers");
  }
  s.expect_map();
  for (const Cursor& c : s["containers"].items()) {
    spec.containers.push_back(decode_container(c, false));
  }
  if (spec.containers.empty() && s.is_map()) {
    s["containers"].error("at least one container");
  }
  for (const Cursor& c : s["initContainers"].items()) {
    spec.init_containers.push_back(decode_container(c, true));
  }
  spec.overhead = decode_resource_list(s["overhead"], false);
  spec.node_selector = s["nodeSelector"].string_map();
  decode_affinity(s["affinity"], spec);
  spec.tolerations = decode_tolerations(s["tolerations"]);
  spec.priority_class_name = s["priorityClassName"].str();
  spec.priority = s["priority"].integer();
  spec.scheduler_name = s["schedulerName"].str();
  if (const auto grace = s["terminationGracePeriodSeconds"].integer()) {
    if (*grace < 0) {
      s["terminationGracePeriodSeconds"].error("zero or more seconds");
    } else {
      spec.termination_grace_period_s = *grace;
    }
  }
  spec.resource_claims = decode_pod_claims(s["resourceClaims"]);
  for (const Cursor& g : s["schedulingGates"].items()) {
    spec.scheduling_gates.push_back(g["name"].required_str("a gate name"));
  }
  spec.node_name = s["nodeName"].str();
  return spec;
}

bool requests_whole_gpus(const model::PodSpec& spec) {
  const auto any = [](const std::vector<model::Container>& cs) {
    return std::any_of(cs.begin(), cs.end(), [](const model::Container& c) {
      return std::any_of(c.requests.begin(), c.requests.end(), [](const auto& kv) {
        return model::ResourceNames::is_gpu_name(kv.first) && !kv.second.is_zero();
      });
    });
  };
  return any(spec.containers) || any(spec.init_containers);
}

/// The GPU-sharing annotations as KAI's admission webhook checks them; the scheduler itself
/// silently ignores bad values (model/kai/api/gpu_request.h), so a scenario must not rely on that.
void check_gpu_sharing(const Cursor& annotations, const model::PodSpec& spec) {
  const Cursor fraction = annotations[model::kGpuFractionAnnotation];
  const Cursor memory = annotations[model::kGpuMemoryAnnotation];
  const Cursor devices = annotations[model::kGpuDevicesAnnotation];
  if (fraction.present() && !model::parse_gpu_fraction(fraction.str())) {
    fraction.error("a GPU fraction above 0 and at most 1");
  }
  if (memory.present() && !model::parse_positive_integer(memory.str())) {
    memory.error("a positive whole number of MiB");
  }
  if (devices.present() && !model::parse_positive_integer(devices.str())) {
    devices.error("a positive whole number of devices");
  } else if (devices.present() && !fraction.present() && !memory.present()) {
    devices.error("a device count next to a gpu-fraction or gpu-memory annotation",
                  "neither annotation");
  }
  if (fraction.present() && requests_whole_gpus(spec)) {
    fraction.error("a gpu-fraction on a pod that requests no whole GPUs",
                   "a pod that also requests nvidia.com/gpu");
  }
}

/// What a Pod and a pod template share: the spec, the preemptibility label, the GPU-sharing
/// annotations and `drasim.dev/runtime`.
model::PodSpec decode_pod_body(const Cursor& root, std::optional<int64_t>& runtime_us) {
  // podgrouper reads preemptibility from this label; KAI's admission accepts only these values.
  const Cursor preemptibility = root["metadata"]["labels"]["kai.scheduler/preemptibility"];
  if (preemptibility.present()) {
    (void)preemptibility.one_of<int>({{"preemptible", 0}, {"non-preemptible", 1}}, 0);
  }
  model::PodSpec spec = decode_pod_spec(root["spec"]);
  const Cursor annotations = root["metadata"]["annotations"];
  runtime_us = decode_duration_us(annotations["drasim.dev/runtime"]);
  check_gpu_sharing(annotations, spec);
  return spec;
}

}  // namespace

model::Node decode_node(const Cursor& root, uint32_t file_index) {
  model::Node node;
  node.meta = decode_meta(root, file_index, false);
  node.meta.namespace_name.clear();
  node.unschedulable = root["spec"]["unschedulable"].boolean(false);
  node.taints = decode_taints(root["spec"]["taints"], false);
  const Cursor status = root["status"];
  node.capacity = decode_resource_list(status["capacity"], false);
  node.allocatable = status["allocatable"].present()
                         ? decode_resource_list(status["allocatable"], false)
                         : node.capacity;
  for (const Cursor& c : status["conditions"].items()) {
    node.conditions.push_back({c["type"].required_str("a condition type"), c["status"].str()});
  }
  return node;
}

model::PodTemplateSpec decode_pod_template(const Cursor& tmpl, uint32_t file_index) {
  model::PodTemplateSpec t;
  if (!tmpl.present()) {
    tmpl.error("a pod template {metadata, spec}");
    return t;
  }
  if (!tmpl.expect_map("a pod template {metadata, spec}")) {
    return t;
  }
  t.meta = decode_template_meta(tmpl, file_index);
  t.spec = decode_pod_body(tmpl, t.runtime_us);
  t.hints = decode_grouper_hints(tmpl["metadata"]["annotations"], file_index);
  return t;
}

model::Pod decode_pod(const Cursor& root, uint32_t file_index) {
  model::Pod pod;
  pod.meta = decode_meta(root, file_index, true);
  pod.spec = decode_pod_body(root, pod.runtime_us);
  const Cursor status = root["status"];
  pod.status.phase = status["phase"].one_of<std::string>({{"Pending", "Pending"},
                                                          {"Running", "Running"},
                                                          {"Succeeded", "Succeeded"},
                                                          {"Failed", "Failed"},
                                                          {"Unknown", "Unknown"}},
                                                         "");
  pod.status.nominated_node_name = status["nominatedNodeName"].str();
  for (const Cursor& s : status["resourceClaimStatuses"].items()) {
    pod.status.resource_claim_statuses.push_back({s["name"].str(), s["resourceClaimName"].str()});
  }
  const Cursor extended = status["extendedResourceClaimStatus"];
  pod.status.extended_resource_claim_name =
      extended["resourceClaimName"].str("the name of the pod's extended-resource claim");
  for (const Cursor& m : extended["requestMappings"].items()) {
    pod.status.extended_resource_mappings.push_back(
        {m["containerName"].str("a container name"), m["resourceName"].str("a resource name"),
         m["requestName"].str("a request of the claim")});
  }
  pod.replicas =
      decode_replicas(root["metadata"]["annotations"]["drasim.dev/replicas"]).value_or(1);
  return pod;
}

model::Namespace decode_namespace(const Cursor& root, uint32_t file_index) {
  model::Namespace ns;
  ns.meta = decode_meta(root, file_index, false);
  return ns;
}

model::PriorityClass decode_priority_class(const Cursor& root, uint32_t file_index) {
  model::PriorityClass pc;
  pc.meta = decode_meta(root, file_index, false);
  const auto value = root["value"].integer("an integer priority");
  if (!value && !root["value"].present()) {
    root["value"].error("an integer priority");
  }
  pc.value = value.value_or(0);
  if (pc.value > 1'000'000'000) {
    root["value"].error("a priority of at most 1000000000 (higher values are reserved)");
  }
  pc.global_default = root["globalDefault"].boolean(false);
  pc.preemption_policy = root["preemptionPolicy"].str();
  return pc;
}

}  // namespace drasim::sim
