#pragma once
// A live cluster as `kubectl get nodes,pods,queues,podgroups,deviceclasses,resourceslices,
// resourceclaims,resourceclaimtemplates -A -o json` prints it, for the loading benchmarks of
// the real-clusters issue: `nodes` nodes of 8 GPUs, even ones on the device plugin
// (`nvidia.com/gpu: 8` in allocatable), odd ones on DRA (a node-local ResourceSlice of 8 GPUs
// of driver gpu.nvidia.com); 100 queues under 10 departments (GPU quota 3 per 40 nodes each,
// 300 at 4,000 nodes); on every node 8 one-GPU pods (each with its own allocated, reserved
// ResourceClaim from the namespace's template on DRA nodes) and 24 one-core pods, all Running;
// pending: nodes/20 one-GPU pods in each of q-050..q-099 (even queues ask for nvidia.com/gpu,
// odd ones for a claim), and nodes/16 8-pod gangs (PodGroups), gang g in q-0(g mod 50). Pending
// pods are 3 per node and every count grows with the nodes, so 4,000 nodes is the 10x form of
// the 400-node live cluster (12,800 running, 1,200 pending: the performance issue's cycle case).
// At 4,000 nodes: 140,000 pods (128,000 running, 12,000 pending), 21,000 claims. Objects carry what
// kubectl writes that drasim does not read (uids, timestamps, owner references, images, conditions;
// managedFields are left out, as `kubectl get` leaves them out unless asked). Deterministic: names
// and uids are derived from indexes.

#include <fmt/format.h>

#include <string>

namespace drasim::bench {

struct LiveClusterShape {
  int nodes = 4000;

  [[nodiscard]] int leaf_quota() const { return nodes * 3 / 40; }

  [[nodiscard]] int pending_per_queue() const { return nodes / 20; }  ///< in q-050..q-099

  [[nodiscard]] int gangs() const { return nodes / 16; }  ///< 8-pod PodGroups in q-000..q-049
};

namespace live_detail {

inline std::string uid(char kind, long n) {
  return fmt::format("{:c}{:07x}-5e1f-4c2b-9a6d-{:012x}", kind, n % 0x10000000, n);
}

inline constexpr const char* kStamp = "2026-11-30T08:00:00Z";

inline std::string queue_name(int q) {
  return fmt::format("q-{:03d}", q);
}

inline std::string ns_of(int q) {
  return fmt::format("dept-{:02d}", q / 10);
}

/// One pod; `node` empty for a pending one; `claim` the claim a DRA pod holds (or, pending, the
/// template it names); `gpus` 0 or 1.
inline void pod(std::string& out, long n, const std::string& name, int q, const std::string& node,
                int gpus, bool dra, const std::string& claim, const std::string& group) {
  out += fmt::format(
      R"({{"apiVersion":"v1","kind":"Pod","metadata":{{"name":"{}","namespace":"{}","uid":"{}","creationTimestamp":"{}","labels":{{"kai.scheduler/queue":"{}","app":"{}"}},)",
      name, ns_of(q), uid('p', n), kStamp, queue_name(q), gpus > 0 ? "train" : "prep");
  if (!group.empty()) {
    out += fmt::format(R"("annotations":{{"pod-group-name":"{}"}},)", group);
  }
  out += fmt::format(
      R"("ownerReferences":[{{"apiVersion":"batch/v1","kind":"Job","name":"{}","uid":"{}","controller":true}}]}},)",
      name.substr(0, name.rfind('-')), uid('j', n / 8));
  out += R"("spec":{"schedulerName":"kai-scheduler",)";
  if (!node.empty()) {
    out += fmt::format(R"("nodeName":"{}",)", node);
  }
  if (dra && gpus > 0) {
    out += R"("resourceClaims":[{"name":"gpu","resourceClaimTemplateName":"gpu-1"}],)";
  }
  out +=
      R"("containers":[{"name":"main","image":"pytorch:25.01","resources":{"requests":{"cpu":"1","memory":"4Gi"})";
  if (gpus > 0 && !dra) {
    out += R"(,"limits":{"nvidia.com/gpu":"1"})";
  }
  out += "}";
  if (gpus > 0 && dra) {
    out += R"(,"claims":[{"name":"gpu"}])";
  }
  out += R"(}],"restartPolicy":"Never"},)";
  if (node.empty()) {
    out += R"("status":{"phase":"Pending",)";
    if (gpus > 0 && dra) {
      out += fmt::format(R"("resourceClaimStatuses":[{{"name":"gpu","resourceClaimName":"{}"}}],)",
                         claim);
    }
    out += R"("conditions":[{"type":"PodScheduled","status":"False","reason":"Unschedulable"}]}})";
    return;
  }
  out += fmt::format(R"("status":{{"phase":"Running","startTime":"{}",)", kStamp);
  if (gpus > 0 && dra) {
    out += fmt::format(R"("resourceClaimStatuses":[{{"name":"gpu","resourceClaimName":"{}"}}],)",
                       claim);
  }
  out += R"("conditions":[{"type":"Ready","status":"True"}]}})";
}

/// The claim the resourceclaim controller made for a pod from its namespace's template;
/// allocated to `device` of `node` and reserved for the pod when the pod runs there.
inline void claim(std::string& out, long n, const std::string& name, const std::string& pod_name,
                  int q, const std::string& node, int device) {
  out += fmt::format(
      R"({{"apiVersion":"resource.k8s.io/v1","kind":"ResourceClaim","metadata":{{"name":"{}","namespace":"{}","uid":"{}","annotations":{{"resource.kubernetes.io/pod-claim-name":"gpu"}},"ownerReferences":[{{"apiVersion":"v1","kind":"Pod","name":"{}","uid":"{}","controller":true,"blockOwnerDeletion":true}}]}},"spec":{{"devices":{{"requests":[{{"name":"gpu","exactly":{{"deviceClassName":"gpu.nvidia.com"}}}}]}}}})",
      name, ns_of(q), uid('c', n), pod_name, uid('p', n));
  if (node.empty()) {
    out += ",\"status\":{}}";
    return;
  }
  out += fmt::format(
      R"(,"status":{{"allocation":{{"devices":{{"results":[{{"request":"gpu","driver":"gpu.nvidia.com","pool":"{}","device":"gpu-{}"}}]}},"nodeSelector":{{"nodeSelectorTerms":[{{"matchFields":[{{"key":"metadata.name","operator":"In","values":["{}"]}}]}}]}}}},"reservedFor":[{{"resource":"pods","name":"{}","uid":"{}"}}]}}}})",
      node, device, node, pod_name, uid('p', n));
}

}  // namespace live_detail

/// The List as kubectl prints it, compact (one object per line).
inline std::string live_cluster_json(const LiveClusterShape& shape = {}) {
  using namespace live_detail;
  std::string out =
      R"({"apiVersion":"v1","kind":"List","metadata":{"resourceVersion":""},"items":[)";
  out.reserve(static_cast<size_t>(shape.nodes) * 18'000);
  bool first = true;
  const auto item = [&] {
    out += first ? "\n" : ",\n";
    first = false;
  };
  item();
  out +=
      R"({"apiVersion":"resource.k8s.io/v1","kind":"DeviceClass","metadata":{"name":"gpu.nvidia.com"},"spec":{"selectors":[{"cel":{"expression":"device.driver == \"gpu.nvidia.com\""}}]}})";
  for (int d = 0; d < 10; ++d) {
    item();
    out += fmt::format(
        R"({{"apiVersion":"scheduling.run.ai/v2","kind":"Queue","metadata":{{"name":"dept-{:02d}"}},"spec":{{"resources":{{"gpu":{{"quota":{},"overQuotaWeight":1,"limit":-1}},"cpu":{{"quota":-1,"overQuotaWeight":1,"limit":-1}},"memory":{{"quota":-1,"overQuotaWeight":1,"limit":-1}}}}}}}})",
        d, shape.leaf_quota() * 10);
    item();
    out += fmt::format(
        R"({{"apiVersion":"resource.k8s.io/v1","kind":"ResourceClaimTemplate","metadata":{{"name":"gpu-1","namespace":"dept-{:02d}"}},"spec":{{"spec":{{"devices":{{"requests":[{{"name":"gpu","exactly":{{"deviceClassName":"gpu.nvidia.com"}}}}]}}}}}}}})",
        d);
  }
  for (int q = 0; q < 100; ++q) {
    item();
    out += fmt::format(
        R"({{"apiVersion":"scheduling.run.ai/v2","kind":"Queue","metadata":{{"name":"{}"}},"spec":{{"parentQueue":"dept-{:02d}","resources":{{"gpu":{{"quota":{},"overQuotaWeight":1,"limit":-1}},"cpu":{{"quota":-1,"overQuotaWeight":1,"limit":-1}},"memory":{{"quota":-1,"overQuotaWeight":1,"limit":-1}}}}}}}})",
        queue_name(q), q / 10, shape.leaf_quota());
  }
  long n = 0;
  for (int i = 0; i < shape.nodes; ++i) {
    const std::string node = fmt::format("node-{:05d}", i);
    const bool dra = i % 2 == 1;
    item();
    out += fmt::format(
        R"({{"apiVersion":"v1","kind":"Node","metadata":{{"name":"{}","uid":"{}","creationTimestamp":"{}","labels":{{"kubernetes.io/hostname":"{}","kubernetes.io/os":"linux","nvidia.com/gpu.product":"NVIDIA-H100-80GB-HBM3","gpu-path":"{}"}}}},"spec":{{}},"status":{{"capacity":{{"cpu":"128","memory":"1000Gi","pods":"110"{}}},"allocatable":{{"cpu":"128","memory":"1000Gi","pods":"110"{}}},"conditions":[{{"type":"Ready","status":"True","reason":"KubeletReady","lastHeartbeatTime":"{}"}}],"nodeInfo":{{"kubeletVersion":"v1.35.0","containerRuntimeVersion":"containerd://2.0.0"}}}}}})",
        node, uid('n', i), kStamp, node, dra ? "dra" : "device-plugin",
        dra ? "" : R"(,"nvidia.com/gpu":"8")", dra ? "" : R"(,"nvidia.com/gpu":"8")", kStamp);
    if (dra) {
      item();
      out += fmt::format(
          R"({{"apiVersion":"resource.k8s.io/v1","kind":"ResourceSlice","metadata":{{"name":"{}-gpu.nvidia.com-x7k2p"}},"spec":{{"driver":"gpu.nvidia.com","nodeName":"{}","pool":{{"name":"{}","generation":1,"resourceSliceCount":1}},"devices":[)",
          node, node, node);
      for (int g = 0; g < 8; ++g) {
        out += fmt::format(
            R"({}{{"name":"gpu-{}","attributes":{{"index":{{"int":{}}},"productName":{{"string":"NVIDIA H100 80GB HBM3"}}}},"capacity":{{"memory":{{"value":"80Gi"}}}}}})",
            g == 0 ? "" : ",", g, g);
      }
      out += "]}}";
    }
    const int q = i < shape.nodes * 4 / 5 ? i % 50 : 50 + (i - shape.nodes * 4 / 5) % 50;
    for (int k = 0; k < 8; ++k, ++n) {
      const std::string name = fmt::format("train-{:05d}-{}", i, k);
      const std::string claim = name + "-gpu-q2v9m";
      item();
      pod(out, n, name, q, node, 1, dra, claim, "");
      if (dra) {
        item();
        live_detail::claim(out, n, claim, name, q, node, k);
      }
    }
    for (int k = 0; k < 24; ++k, ++n) {
      item();
      pod(out, n, fmt::format("prep-{:05d}-{}", i, k), q, node, 0, false, "", "");
    }
  }
  for (int q = 50; q < 100; ++q) {
    for (int k = 0; k < shape.pending_per_queue(); ++k, ++n) {
      const std::string name = fmt::format("wait-{:03d}-{}", q, k);
      item();
      pod(out, n, name, q, "", 1, q % 2 == 1, name + "-gpu-q2v9m", "");
      if (q % 2 == 1) {
        item();
        live_detail::claim(out, n, name + "-gpu-q2v9m", name, q, "", 0);
      }
    }
  }
  for (int g = 0; g < shape.gangs(); ++g) {
    const int q = g % 50;
    const std::string group = fmt::format("gang-{:03d}-{}", q, g / 50);
    item();
    out += fmt::format(
        R"({{"apiVersion":"scheduling.run.ai/v2alpha2","kind":"PodGroup","metadata":{{"name":"{}","namespace":"{}"}},"spec":{{"minMember":8,"queue":"{}"}}}})",
        group, ns_of(q), queue_name(q));
    for (int k = 0; k < 8; ++k, ++n) {
      item();
      pod(out, n, fmt::format("{}-{}", group, k), q, "", 1, false, "", group);
    }
  }
  out += "\n]}\n";
  return out;
}

}  // namespace drasim::bench
