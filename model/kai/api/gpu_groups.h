#pragma once
/// Shared GPU groups of one node (kai-scheduler-behavior.md section 1.7; KAI:
/// pkg/scheduler/api/node_info/gpu_sharing_node_info.go). A group is one physical GPU that
/// shared pods split by memory; the first pod on a group takes a whole GPU out of the node's idle
/// vector and the last one to leave gives it back.
///
/// Group ids: KAI names a new group with a random UUID. drasim numbers groups per node (1, 2,
/// ...) and shows them as `<node>-gpu-group-<n>`, so runs are reproducible; "ordered by id"
/// means by that number.

#include "model/kai/api/resource_vector.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace drasim::model {

struct GpuGroup {
  uint32_t id = 0;
  int64_t used_mib = 0;        ///< `UsedSharedGPUsMemory`
  int64_t allocated_mib = 0;   ///< `AllocatedSharedGPUsMemory`
  int64_t releasing_mib = 0;   ///< `ReleasingSharedGPUsMemory`
  bool releasing_gpu = false;  ///< `ReleasingSharedGPUs`: the whole GPU counts as releasing

  friend bool operator==(const GpuGroup&, const GpuGroup&) = default;
};

/// How a shared pod holds its groups: bound or running, releasing (evicted, terminating) or
/// pipelined (session-only reservation on releasing capacity).
enum class GroupHold { kHolding, kReleasing, kPipelined };

/// The whole-GPU vectors a group change adjusts, and what KAI's double-count guard reads.
struct WholeGpuView {
  ResourceVector& idle;
  ResourceVector& releasing;
  const ResourceVector& used;
  int64_t gpu_count = 0;  ///< `GetNumberOfGPUsInNode`
};

class NodeGpuGroups {
 public:
  int64_t memory_mib = 100;    ///< `MemoryOfEveryGpuOnNode`
  bool memory_synced = false;  ///< `GpuMemorySynced`

  [[nodiscard]] const std::vector<GpuGroup>& groups() const { return groups_; }

  /// The group with this id, or null.
  [[nodiscard]] const GpuGroup* find(uint32_t id) const;

  /// The id a group opened now would get (ids are never reused on a node).
  [[nodiscard]] uint32_t next_id() const { return next_id_; }

  /// Whole GPUs the groups took out of the idle vector (for the node invariant).
  [[nodiscard]] int64_t gpus_taken() const { return gpus_taken_; }

  /// Groups with memory in use (`getNumberOfUsedSharedGPUs`).
  [[nodiscard]] int64_t used_groups() const;

  /// KAI `IsTaskFitOnGpuGroup`: in use, room for `mib` counting releasing memory, and not all of
  /// its memory releasing.
  [[nodiscard]] bool fits(const GpuGroup& g, int64_t mib) const;

  /// Adds (removes) `mib` of one shared pod on each of `ids` in the given hold, opening (closing)
  /// groups and moving whole GPUs between idle and releasing exactly as KAI does.
  void add(const std::vector<uint32_t>& ids, int64_t mib, GroupHold hold, WholeGpuView v);
  void remove(const std::vector<uint32_t>& ids, int64_t mib, GroupHold hold, WholeGpuView v);

  /// Memory-only recomputation for the invariant check: the groups as the pods on the node say.
  void add_memory(uint32_t id, int64_t mib, GroupHold hold);

  /// Whether the memory of every group equals `other`'s (ids, used, allocated, releasing).
  [[nodiscard]] bool same_memory(const NodeGpuGroups& other) const;

  /// Gives back the ids an undone operation opened (`after` down to `before`) when the next id
  /// is still `after` (no group was opened since), all but those of groups still open.
  void rewind_ids(uint32_t after, uint32_t before) {
    if (next_id_ == after && before < after) {
      next_id_ = std::max(before, groups_.empty() ? 1U : groups_.back().id + 1);
    }
  }

  /// Forgets every group (ids stay unused): the node is rebuilt from its pods.
  void clear();

 private:
  GpuGroup& at(uint32_t id);
  void drop_if_empty(uint32_t id);

  std::vector<GpuGroup> groups_;  ///< by id
  uint32_t next_id_ = 1;
  int64_t gpus_taken_ = 0;
};

/// A group's name as reports show it: `<node>-gpu-group-<n>`.
std::string gpu_group_name(const std::string& node, uint32_t id);

}  // namespace drasim::model
