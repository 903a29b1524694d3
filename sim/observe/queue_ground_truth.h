#pragma once
/// The ground truth for quota drift (PRODUCT.md section 5): what each queue's pods really hold,
/// computed from what is bound to them and independently of KAI's queue accounting
/// (ClusterState::queue_usage). Kept incrementally: the engine calls `sync` for every pod whose
/// phase may have changed, which costs O(devices of the pod x queue depth), never O(pods).
///
/// A pod counts while it is Binding or Running, the pod set KAI's `allocated` counts; a
/// Releasing pod (evicted, inside its grace period) counts for nothing in either, and a
/// Pipelined pod exists only inside a session. What a counted pod holds, per resource in the
/// quota vector's units (cpu millicores, memory bytes, milli-GPUs):
/// - cpu and memory: its request (the template's request slots);
/// - gpu: the device-plugin GPUs it was given (its request in the gpu slot and in
///   `nvidia.com/mig-*` slots, MIG slices as TotalGPUs, for the slots its node advertises in
///   allocatable), plus one GPU per distinct device of its claims whose driver names a GPU
///   (`is_gpu_name`), plus for a shared pod (gpu-fraction, gpu-memory) the portion KAI charges.
///   A claim device shared by several pods counts once per queue: each queue keeps a refcount per
///   device, by a number given to each `(driver, pool, device)` at its first sight.

#include "model/cluster/cluster_state.h"
#include "model/dra/string_hash.h"

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace drasim::sim {

class QueueGroundTruth {
 public:
  explicit QueueGroundTruth(const model::ClusterState& state);

  /// Brings the pod's contribution in line with its phase: adds what it holds when it became
  /// Binding or Running, removes what it was charged when it left those phases. Idempotent.
  void sync(const model::ClusterState& state, model::PodId pod);

  /// What the queue's pods (descendants included) hold.
  [[nodiscard]] const model::QuotaVector& actual(model::QueueId queue) const {
    return queues_[queue.index()].actual;
  }

  /// The last pod whose contribution to the queue (or a descendant) changed; invalid if none.
  [[nodiscard]] model::PodId last_pod(model::QueueId queue) const {
    return queues_[queue.index()].last_pod;
  }

  /// The non-claim GPUs (milli-GPUs) a counted pod held when it was counted: its device-plugin
  /// GPUs (or shared portion) as bound, whatever its node advertises later; 0 otherwise.
  [[nodiscard]] int64_t plain_gpu_milli(model::PodId pod) const {
    const Held& h = pods_[pod.index()];
    return h.counted ? h.amounts[2] : 0;
  }

 private:
  /// What a counted pod was charged, kept so its removal undoes exactly that.
  struct Held {
    bool counted = false;
    model::QueueId queue;
    model::QuotaVector amounts{};   ///< without the claim devices
    std::vector<uint32_t> devices;  ///< GPU claim devices, numbered by device_number_
  };

  struct QueueTruth {
    model::QuotaVector actual{};
    /// Pods of the queue holding each claim GPU, by device number (hashed: the root queue
    /// holds every one).
    std::unordered_map<uint32_t, int> device_refs;
    model::PodId last_pod;
  };

  [[nodiscard]] Held held_by(const model::ClusterState& state, model::PodId pod);
  /// The device's number, given at its first sight.
  [[nodiscard]] uint32_t device_number(const model::PodDevice& device);
  void apply(const model::ClusterState& state, const Held& held, int sign, model::PodId pod);

  std::vector<Held> pods_;
  std::vector<QueueTruth> queues_;
  /// A number for each claim GPU (by driver and pool, then device name) met, so that walking a
  /// pod's queue chain hashes integers, not names; found without building a key.
  std::unordered_map<
      std::pair<std::string, std::string>,
      std::unordered_map<std::string, uint32_t, model::dra::StringHash, std::equal_to<>>,
      model::dra::StringPairHash, model::dra::StringPairEqual>
      device_numbers_;
  uint32_t devices_numbered_ = 0;
};

}  // namespace drasim::sim
