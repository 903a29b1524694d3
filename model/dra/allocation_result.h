#pragma once
/// Building one claim's AllocationResult once the search succeeded (dra-semantics.md section
/// 3.13; upstream Allocate in structured/internal/experimental/allocator_experimental.go):
/// the config list (class configs, then claim configs; 1.34, 1.35 and 1.37 shapes) and the node
/// selector (pinned to the node, merged from network-attached slices, or none).

#include "model/k8s/dra_objects.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::model::dra {

/// What the search decided for one claim request.
struct RequestChoice {
  const DeviceRequest* request = nullptr;
  std::string_view result_name;   ///< `req`, or `req/sub` for a firstAvailable request
  std::string_view selected_sub;  ///< the selected subrequest's name; empty for `exactly`
  const DeviceClass* device_class = nullptr;  ///< of the request or of the selected subrequest
};

/// `devices.config` for a claim: class configs first (1.35+: once per class with the list of
/// requests using it; 1.34: once per request with no list; 1.37+: lists covering every
/// request normalised to empty), then the claim's configs (upstream quirk: a config naming
/// two requests is appended twice; one naming only a non-selected subrequest is dropped).
std::vector<AllocationConfig> allocation_configs(const ResourceClaim& claim,
                                                 std::span<const RequestChoice> choices, int minor);

/// Where one allocated device is reachable from.
struct DevicePlacement {
  const ResourceSlice* slice = nullptr;
  const Device* device = nullptr;
};

/// The allocation's node selector: pinned to `node_name` if any device is node-local or binds
/// to the node; otherwise the one-term merge of every network-attached device's selector
/// (exact duplicates dropped, values compared as sets); nullopt when every device is allNodes.
std::optional<NodeSelector> allocation_node_selector(std::span<const DevicePlacement> devices,
                                                     const std::string& node_name);

}  // namespace drasim::model::dra
