#pragma once
/// The ResourceSlices a driver shape publishes on a node: what a generated DRA node pool and a
/// migration wave's switching node advertise.

#include "model/k8s/dra_objects.h"
#include "sim/load/driver_shape.h"

#include <cstdint>
#include <string>
#include <vector>

namespace drasim::sim {

/// The node-local ResourceSlices `shape` publishes on `node_name` with `device_count` GPUs:
/// pool `node_name` at `generation`, `spec.nodeName` the node, slices named
/// `<node>-<driver with dots replaced by dashes>-<k>`. Plain devices go 128 to a slice; a
/// partitionable shape writes the counter sets first (8 to a slice) and then one slice per GPU
/// with its partitions (the Kubernetes 1.35 split layout of the NVIDIA driver). Every slice gets
/// `source`; none for a count of 0 or less.
std::vector<model::ResourceSlice> driver_slices(const DriverShape& shape,
                                                const std::string& node_name, int64_t device_count,
                                                int64_t generation, model::SourceRef source);

}  // namespace drasim::sim
