#include "sim/load/bind_requests.h"

#include "sim/load/decode_common.h"
#include "sim/load/decoders.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <map>

namespace drasim::sim {

BindRequest decode_bind_request(const Cursor& root, uint32_t file_index) {
  BindRequest out;
  const model::ObjectMeta meta = decode_meta(root, file_index, true);
  out.namespace_name = meta.namespace_name;
  out.name = meta.name;
  out.source = meta.source;
  const Cursor spec = root["spec"];
  out.pod_name = spec["podName"].required_str("the name of the pod being bound");
  out.selected_node = spec["selectedNode"].required_str("the node the scheduler chose");
  out.phase = root["status"]["phase"].one_of<std::string>(
      {{"Pending", "Pending"}, {"Succeeded", "Succeeded"}, {"Failed", "Failed"}}, "");
  for (const Cursor& a : spec["resourceClaimAllocations"].items()) {
    std::string claim = a["name"].required_str("a ResourceClaim name");
    if (auto allocation = decode_allocation(a["allocation"])) {
      out.claim_allocations.emplace_back(std::move(claim), std::move(*allocation));
    } else if (!a["allocation"].present()) {
      a["allocation"].error("the allocation the binder writes");
    }
  }
  out.gpu_groups = spec["selectedGPUGroups"].string_list().size();
  return out;
}

namespace {

/// Objects of one kind by namespace and name (a snapshot holds tens of thousands of them).
template <class T>
std::map<std::pair<std::string_view, std::string_view>, T*> by_name(std::vector<T>& objects) {
  std::map<std::pair<std::string_view, std::string_view>, T*> out;
  for (T& o : objects) {
    out.emplace(std::pair<std::string_view, std::string_view>(o.meta.namespace_name, o.meta.name),
                &o);
  }
  return out;
}

}  // namespace

std::vector<std::string> apply_bind_requests(const std::vector<BindRequest>& requests,
                                             model::ObjectSet& objects) {
  std::vector<std::string> warnings;
  if (requests.empty()) {
    return warnings;  // most inputs: no index of every pod for nothing
  }
  const auto pods = by_name(objects.pods);
  const auto claims = by_name(objects.resource_claims);
  size_t missing = 0;
  size_t grouped = 0;
  for (const BindRequest& r : requests) {
    if (r.phase == "Failed") {
      continue;  // the binder gave up: the pod is pending again
    }
    const auto it = pods.find({r.namespace_name, r.pod_name});
    if (it == pods.end()) {
      ++missing;
      continue;
    }
    model::Pod& pod = *it->second;
    if (!pod.spec.node_name.empty()) {
      continue;  // bound already: the request is done
    }
    pod.spec.node_name = r.selected_node;
    grouped += r.gpu_groups > 0 ? 1 : 0;
    for (const auto& [claim_name, allocation] : r.claim_allocations) {
      const auto claim = claims.find({r.namespace_name, claim_name});
      if (claim == claims.end() || claim->second->allocation) {
        continue;
      }
      claim->second->allocation = allocation;
      claim->second->reserved_for.push_back({"pods", pod.meta.name, pod.meta.uid});
    }
  }
  if (missing > 0) {
    warnings.push_back(fmt::format(
        "{} BindRequest(s) name pods the input does not hold; they were skipped", missing));
  }
  if (grouped > 0) {
    warnings.push_back(fmt::format(
        "{} binding fractional pod(s) have GPU groups in their BindRequest; drasim chooses their "
        "groups again as gpupack would",
        grouped));
  }
  return warnings;
}

}  // namespace drasim::sim
