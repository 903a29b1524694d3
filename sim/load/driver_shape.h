#pragma once
/// What a node's DRA driver publishes, as a reusable shape: generated node pools (`shape: dra`)
/// and device-plugin-to-DRA migrations turn a DriverShape plus a node name into the node-local
/// ResourceSlices the driver's kubelet plugin would write.
///
/// YAML (every field optional except `name`; attribute and capacity values use the typed syntax
/// of ResourceSlice devices):
/// ```yaml
/// driver:
///   name: gpu.nvidia.com
///   resource: nvidia.com/gpu        # the extended resource the node advertised (device count
///                                   # default); default nvidia.com/gpu
///   devices: 8                      # optional: default the node's amount of `resource`
///   deviceName: gpu-{i}             # {i} the device index from 0, {i:2} zero-padded
///   attributes: {type: {string: gpu}, productName: {string: NVIDIA A100-SXM4-80GB}}
///   capacity: {memory: {value: 80Gi}}
///   partitionable: false
/// ```
/// Without `attributes`, a device gets `type: {string: gpu}` (what the NVIDIA driver publishes
/// and DeviceClass selectors test). With `partitionable: true` the driver publishes, per GPU, a
/// counter set `<device>-counter-set` holding `counters`, and one device per `partitions` entry
/// named `<device>-<partition name>` that consumes `consumesCounters` from it (dynamic MIG as the
/// NVIDIA driver publishes it); a partition has the GPU's attributes and capacity overlaid with
/// its own. `fullDevice: true` also publishes the whole GPU, consuming every counter:
/// ```yaml
///   partitionable: true
///   counters: {memory: {value: 40Gi}, memory-slice-0: {value: "1"}, memory-slice-1: {value: "1"}}
///   partitions:
///   - name: mig-1g5gb-0
///     attributes: {type: {string: mig}, profile: {string: 1g.5gb}}
///     capacity: {memory: {value: 5Gi}}
///     consumesCounters: {memory: {value: 5Gi}, memory-slice-0: {value: "1"}}
///   fullDevice: false
/// ```

#include "model/k8s/dra_objects.h"
#include "model/k8s/object_meta.h"
#include "model/k8s/quantity.h"
#include "sim/load/doc_reader.h"
#include "sim/load/index_pattern.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace drasim::sim {

/// Devices a driver publishes per node at most (a real node has 8 or 16 GPUs).
inline constexpr int64_t kMaxDriverDevices = 256;

/// One partition device a partitionable GPU offers (a MIG placement).
struct PartitionTemplate {
  std::string name;  ///< device name suffix: `<gpu device>-<name>`
  std::map<std::string, model::AttributeValue> attributes;  ///< the GPU's, overlaid with its own
  std::map<std::string, model::DeviceCapacity> capacity;    ///< the GPU's, overlaid with its own
  std::map<std::string, model::Quantity> consumes;          ///< from the GPU's counter set

  friend bool operator==(const PartitionTemplate&, const PartitionTemplate&) = default;
};

/// What one node's DRA driver publishes.
struct DriverShape {
  std::string driver = "gpu.nvidia.com";
  std::string resource = "nvidia.com/gpu";
  std::optional<int64_t> devices;  ///< nullopt: the node's amount of `resource`
  IndexPattern device_name{"gpu-", "", 0};
  std::map<std::string, model::AttributeValue> attributes;
  std::map<std::string, model::DeviceCapacity> capacity;
  bool partitionable = false;
  std::map<std::string, model::Quantity> counters;  ///< partitionable: each GPU's counter set
  std::vector<PartitionTemplate> partitions;        ///< partitionable: devices per GPU
  bool full_device = false;  ///< partitionable: also the whole GPU, consuming every counter
  model::SourceRef source;   ///< where the shape was written

  friend bool operator==(const DriverShape&, const DriverShape&) = default;
};

/// Decodes a `driver:` mapping (see the file comment). Problems (unknown fields, `devices: 0`
/// "at least one device", a partition consuming a counter the set lacks, ...) are reported
/// through `c` at file:line:col; the result holds what was valid.
DriverShape decode_driver_shape(const Cursor& c, uint32_t file_index);

}  // namespace drasim::sim
