#pragma once
/// GatherPools (dra-semantics.md section 3.2; upstream
/// structured/internal/experimental/pools_experimental.go): the resource pools whose devices a
/// node can reach, with their completeness and validity, in the deterministic 1.36 order.

#include "model/dra/allocated_devices.h"
#include "model/dra/features.h"
#include "model/dra/inventory.h"
#include "model/k8s/dra_objects.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::model::dra {

/// One pool `(driver, name)` as seen from one node. Pointers borrow from the Inventory.
struct Pool {
  std::string_view driver;
  std::string_view name;
  int64_t generation = 0;
  /// Not all slices of the current generation exist yet: no device is usable (1.35+), and an
  /// All-mode request fails.
  bool incomplete = false;
  /// Duplicate device or counter set names, unknown counters: no device is usable.
  bool invalid = false;
  std::string invalid_reason;
  /// Some device in `device_slices` has binding conditions (such pools come last).
  bool has_binding_conditions = false;
  /// The slices with devices that target the node, sorted by slice name.
  std::vector<const ResourceSlice*> device_slices;
  /// The pool's other device slices (other nodes): their allocated devices draw on the counters.
  std::vector<const ResourceSlice*> other_device_slices;
  /// The pool's counter sets (partitionable devices), in slice-name then declaration order.
  std::vector<const CounterSet*> counter_sets;

  /// `driver/pool`, the PoolID text of upstream messages.
  [[nodiscard]] std::string id() const;
};

/// Whether a node is targeted by `nodeName` / `allNodes` / `nodeSelector` (the first one set;
/// none set = not targeted), as upstream NodeMatches.
bool node_matches(const std::string& target_node_name, bool all_nodes,
                  const std::optional<NodeSelector>& node_selector, const std::string& node_name,
                  const StringMap& node_labels);

/// Why a pool is invalid: the allocator's reason and, for a counter problem, the device.
struct PoolProblem {
  std::string reason;
  std::string device;
};

/// Why a pool whose current generation is `slices` (counter slices included) is invalid, with
/// partitionable devices on (duplicate device or counter set names, an unknown counter set or
/// counter), in the allocator's order of checks; nullopt when it is valid.
std::optional<PoolProblem> invalid_pool_reason(const std::vector<const ResourceSlice*>& slices);

/// The pools reachable from the node: sorted by (driver, pool name), pools with binding
/// conditions last. Obsolete pools (a newer generation exists elsewhere) are left out.
/// features.minor 34 judges completeness from the node's slices only (section 3.15).
std::vector<Pool> gather_pools(const Inventory& inventory, const DraFeatures& features,
                               const std::string& node_name, const StringMap& node_labels);

/// Quantities per counter set of a pool (Pool::counter_sets order), per counter (map order).
using CounterTable = std::vector<std::vector<Quantity>>;

enum class Sign { kPlus, kMinus };

/// Adds (kPlus) or subtracts (kMinus) what `device` consumes from each counter of `pool` to the
/// matching entry of `totals`. Counter sets and counters the pool does not declare are skipped:
/// the pool validation reports them.
void add_consumption(const Pool& pool, const Device& device, Sign sign, CounterTable& totals);

/// The pool's declared counters minus what the devices other claims hold consume (section
/// 3.8); may go negative, meaning nothing is left.
CounterTable available_counters(const Pool& pool, const AllocatedDevices& allocated);

/// The first taint of `device` that blocks a request with `tolerations`: 1.35+ only NoSchedule
/// and NoExecute block, 1.34 every effect does (section 3.10). Null when none blocks.
const Taint* untolerated_taint(const DraFeatures& features,
                               const std::vector<Toleration>& tolerations, const Device& device);

}  // namespace drasim::model::dra
