// YAML output of a generated scenario. Flow mappings keep each object short; every name is a
// plain scalar.
#include "tests/stress/scenario_writer.h"

#include <fmt/format.h>

#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace drasim::stress {

namespace {

class Yaml {
 public:
  template <class... Args>
  void line(fmt::format_string<Args...> format, Args&&... args) {
    fmt::format_to(std::back_inserter(text_), format, std::forward<Args>(args)...);
    text_ += '\n';
  }

  /// A new document of `kind` in `api_version`.
  void object(std::string_view api_version, std::string_view kind) {
    text_ += "---\n";
    line("apiVersion: {}", api_version);
    line("kind: {}", kind);
  }

  /// Text that is already YAML (a timeline event written by the generator).
  void raw(std::string_view text) { text_ += text; }

  const std::string& text() const { return text_; }

 private:
  std::string text_;
};

std::string seconds(int s) {
  return fmt::format("{}s", s);
}

void emit_scenario(const Scenario& s, Yaml& y) {
  const Settings& st = s.settings;
  y.line("# drasim stress scenario, seed {} (tests/stress)", s.seed);
  y.line("apiVersion: drasim.dev/v1alpha1");
  y.line("kind: Scenario");
  y.line("metadata: {{name: stress-{}}}", s.seed);
  y.line("spec:");
  y.line("  seed: {}", s.seed % 1'000'000'007);
  y.line("  horizon: {}", seconds(st.horizon_s));
  y.line("  kubernetes:");
  y.line("    version: \"1.35\"");
  y.line("    featureGates: {{DRAExtendedResource: true{}{}}}",
         st.taint_gate ? ", DRADeviceTaints: true" : "",
         st.binding_gate ? ", DRADeviceBindingConditions: true, DRAResourceClaimDeviceStatus: true"
                         : "");
  y.line("  scheduler:");
  y.line("    profile: {}", st.profile);
  y.line("    period: 1s");
  y.line("    placement: {}", st.placement);
  y.line("    bindLatency: 200ms");
  if (st.binding_gate) {
    y.line("    bindingTimeout: 30s");
  }
  if (st.guard_off) {
    y.line("    features: {{draOnlyNodeGuard: false}}");
  }
  if (!s.events.empty()) {
    y.line("  events:");
    for (const std::string& e : s.events) {
      y.raw(e);
    }
  }
}

void emit_queue(const QueueInfo& q, Yaml& y) {
  y.object("scheduling.run.ai/v2", "Queue");
  y.line("metadata: {{name: {}}}", q.name);
  y.line("spec:");
  if (!q.parent.empty()) {
    y.line("  parentQueue: {}", q.parent);
  }
  if (q.priority) {
    y.line("  priority: {}", *q.priority);
  }
  y.line("  resources:");
  y.line("    gpu: {{quota: {}, overQuotaWeight: {}, limit: {}}}", q.quota, q.weight, q.limit);
  y.line("    cpu: {{quota: -1, overQuotaWeight: 1, limit: -1}}");
  y.line("    memory: {{quota: -1, overQuotaWeight: 1, limit: -1}}");
}

void emit_node(const NodeInfo& n, Yaml& y) {
  y.object("v1", "Node");
  y.line("metadata:");
  y.line("  name: {}", n.name);
  y.line("  labels:");
  y.line("    kubernetes.io/hostname: {}", n.name);
  y.line("    drasim.dev/pool: {}", n.dra ? "dra" : "device-plugin");
  if (n.memory_label) {
    y.line("    nvidia.com/gpu.memory: \"81920\"");
  }
  y.line("status:");
  if (n.dra) {
    y.line("  allocatable: {{cpu: \"{}\", memory: 256Gi, pods: \"110\"}}", n.cpu);
    return;
  }
  y.line("  allocatable: {{cpu: \"{}\", memory: 256Gi, pods: \"110\", nvidia.com/gpu: \"{}\"}}",
         n.cpu, n.gpus);
}

/// One node-local pool of the node's GPUs (driver gpu.nvidia.com, devices gpu-0 .. gpu-N-1).
void emit_slice(const NodeInfo& n, Yaml& y) {
  y.object("resource.k8s.io/v1", "ResourceSlice");
  y.line("metadata: {{name: {}-gpus}}", n.name);
  y.line("spec:");
  y.line("  driver: {}", kDriver);
  y.line("  nodeName: {}", n.name);
  y.line("  pool: {{name: {}, generation: 1, resourceSliceCount: 1}}", n.name);
  y.line("  devices:");
  for (int i = 0; i < n.gpus; ++i) {
    y.line("  - name: gpu-{}", i);
    y.line("    attributes: {{type: {{string: gpu}}, productName: {{string: NVIDIA H100}}}}");
    y.line("    capacity: {{memory: {{value: 80Gi}}}}");
    if (n.attach) {
      y.line("    bindingConditions: [Attached]");
      y.line("    bindingFailureConditions: [AttachFailed]");
    }
  }
}

void emit_device_class(std::string_view name, std::string_view created, bool bridge, Yaml& y) {
  y.object("resource.k8s.io/v1", "DeviceClass");
  y.line("metadata: {{name: {}, creationTimestamp: \"{}\"}}", name, created);
  y.line("spec:");
  y.line("  selectors:");
  y.line("  - cel: {{expression: 'device.driver == \"{}\"'}}", kDriver);
  if (bridge) {
    y.line("  extendedResourceName: nvidia.com/gpu");
  }
}

void emit_claim_requests(int count, std::string_view indent, Yaml& y) {
  y.line("{}devices:", indent);
  y.line("{}  requests:", indent);
  y.line("{}  - name: gpu", indent);
  if (count == 1) {
    y.line("{}    exactly: {{deviceClassName: {}}}", indent, kDriver);
  } else {
    y.line("{}    exactly: {{deviceClassName: {}, count: {}}}", indent, kDriver, count);
  }
}

void emit_templates(Yaml& y) {
  for (const auto& [name, count] :
       {std::pair{"one-gpu", 1}, std::pair{"one-gpu-too", 1}, std::pair{"two-gpus", 2}}) {
    y.object("resource.k8s.io/v1", "ResourceClaimTemplate");
    y.line("metadata: {{name: {}, namespace: default}}", name);
    y.line("spec:");
    y.line("  spec:");
    emit_claim_requests(count, "    ", y);
  }
}

/// A named claim of one GPU that several pods share; KAI wants the queue label on it.
void emit_claim(const ClaimInfo& c, Yaml& y) {
  y.object("resource.k8s.io/v1", "ResourceClaim");
  y.line("metadata:");
  y.line("  name: {}", c.name);
  y.line("  namespace: default");
  y.line("  labels: {{kai.scheduler/queue: {}}}", c.queue);
  y.line("spec:");
  emit_claim_requests(1, "  ", y);
}

void emit_group(const GroupInfo& g, Yaml& y) {
  y.object("scheduling.run.ai/v2alpha2", "PodGroup");
  y.line("metadata:");
  y.line("  name: {}", g.name);
  y.line("  namespace: default");
  if (g.at_s > 0) {
    y.line("  annotations: {{drasim.dev/at: {}}}", seconds(g.at_s));
  }
  if (g.subgroups.empty()) {
    y.line("spec: {{queue: {}, minMember: {}, priorityClassName: {}}}", g.queue, g.min_member,
           g.priority_class);
    return;
  }
  y.line("spec:");
  y.line("  queue: {}", g.queue);
  y.line("  priorityClassName: {}", g.priority_class);
  if (g.min_sub_group_one) {
    y.line("  minSubGroup: 1");
  }
  y.line("  subGroups:");
  for (const SubGroupInfo& sub : g.subgroups) {
    std::string entry = "{name: " + sub.name;
    if (!sub.parent.empty()) {
      entry += ", parent: " + sub.parent;
    }
    if (sub.min_member >= 0) {
      entry += fmt::format(", minMember: {}", sub.min_member);
    }
    y.line("  - {}}}", entry);
  }
}

std::string pod_annotations(const PodInfo& p) {
  std::vector<std::string> a;
  if (p.at_s > 0) {
    a.push_back("drasim.dev/at: " + seconds(p.at_s));
  }
  if (p.runtime_s) {
    a.push_back("drasim.dev/runtime: " + seconds(*p.runtime_s));
  }
  if (p.replicas > 1) {
    a.push_back(fmt::format("drasim.dev/replicas: \"{}\"", p.replicas));
  }
  if (!p.group.empty()) {
    a.push_back("pod-group-name: " + p.group);
  }
  if (p.ask == GpuAsk::kFraction) {
    a.push_back(fmt::format("gpu-fraction: \"{}\"", p.fraction));
  }
  if (p.ask == GpuAsk::kMemory) {
    a.push_back(fmt::format("gpu-memory: \"{}\"", p.gpu_memory_mib));
  }
  if (p.fraction_devices > 0) {
    a.push_back(fmt::format("gpu-fraction-num-devices: \"{}\"", p.fraction_devices));
  }
  return fmt::format("{{{}}}", fmt::join(a, ", "));
}

bool has_claim(const PodInfo& p) {
  return p.ask == GpuAsk::kClaim || p.ask == GpuAsk::kSharedClaim;
}

void emit_pod_spec(const PodInfo& p, Yaml& y) {
  y.line("spec:");
  y.line("  schedulerName: kai-scheduler");
  if (!p.priority_class.empty()) {
    y.line("  priorityClassName: {}", p.priority_class);
  }
  if (p.grace_s) {
    y.line("  terminationGracePeriodSeconds: {}", *p.grace_s);
  }
  if (!p.node_name.empty()) {
    y.line("  nodeName: {}", p.node_name);
  }
  if (!p.pool.empty()) {
    y.line("  nodeSelector: {{drasim.dev/pool: {}}}", p.pool);
  }
  if (p.ask == GpuAsk::kClaim) {
    y.line("  resourceClaims: [{{name: gpu, resourceClaimTemplateName: {}}}]", p.claim);
  } else if (p.ask == GpuAsk::kSharedClaim) {
    y.line("  resourceClaims: [{{name: gpu, resourceClaimName: {}}}]", p.claim);
  }
  y.line("  containers:");
  y.line("  - name: main");
  y.line("    resources:");
  y.line("      requests: {{cpu: \"{}\", memory: {}Gi}}", p.cpu, p.memory_gi);
  if (p.ask == GpuAsk::kWhole) {
    y.line("      limits: {{nvidia.com/gpu: \"{}\"}}", p.gpus);
  }
  if (has_claim(p)) {
    y.line("      claims: [{{name: gpu}}]");
  }
}

void emit_pod(const PodInfo& p, Yaml& y) {
  y.object("v1", "Pod");
  y.line("metadata:");
  y.line("  name: {}", p.name);
  y.line("  namespace: default");
  if (!p.queue.empty()) {
    y.line("  labels: {{kai.scheduler/queue: {}}}", p.queue);
  } else if (!p.subgroup.empty()) {
    y.line("  labels: {{kai.scheduler/subgroup-name: {}}}", p.subgroup);
  }
  y.line("  annotations: {}", pod_annotations(p));
  emit_pod_spec(p, y);
  if (!p.node_name.empty()) {
    y.line("status: {{phase: Running}}");
  }
}

}  // namespace

std::string to_yaml(const Scenario& s) {
  Yaml y;
  emit_scenario(s, y);
  for (const QueueInfo& q : s.queues) {
    emit_queue(q, y);  // the department comes first: parents before children
  }
  for (const NodeInfo& n : s.nodes) {
    emit_node(n, y);
    if (n.dra) {
      emit_slice(n, y);
    }
  }
  if (s.has_dra()) {
    emit_device_class(kDriver, "2025-11-03T09:12:44Z", s.settings.bridge, y);
    if (s.settings.shadow_class) {
      emit_device_class("h100.nvidia.com", "2026-02-17T14:30:05Z", true, y);
    }
    emit_templates(y);
  }
  for (const ClaimInfo& c : s.claims) {
    emit_claim(c, y);
  }
  for (const GroupInfo& g : s.groups) {
    emit_group(g, y);
  }
  for (const PodInfo& p : s.pods) {
    emit_pod(p, y);
  }
  return y.text();
}

}  // namespace drasim::stress
