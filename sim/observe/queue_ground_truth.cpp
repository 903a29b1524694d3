#include "sim/observe/queue_ground_truth.h"

#include "model/cluster/dra_gpus.h"
#include "sim/observe/held_gpus.h"

#include <algorithm>

namespace drasim::sim {
namespace {

bool counted(model::PodPhase phase) {
  return phase == model::PodPhase::kBinding || phase == model::PodPhase::kRunning;
}

}  // namespace

QueueGroundTruth::QueueGroundTruth(const model::ClusterState& state)
    : pods_(state.pods.size()), queues_(state.queues.size()) {}

QueueGroundTruth::Held QueueGroundTruth::held_by(const model::ClusterState& state,
                                                 model::PodId pod) {
  const model::PodInfo& p = state.pod(pod);
  const model::PodTemplate& t = state.spec_of(pod);
  Held h;
  h.counted = true;
  h.queue = state.jobs[p.job.index()].queue;
  h.amounts[0] = t.request.get(model::kCpuSlot);
  h.amounts[1] = t.request.get(model::kMemorySlot);
  h.amounts[2] = held_gpu_milli(state, pod);
  for (const model::PodDevice& d : p.devices) {
    if (model::is_gpu_name(d.driver)) {
      h.devices.push_back(device_number(d));
    }
  }
  // A device the pod holds through two of its claims counts once.
  std::sort(h.devices.begin(), h.devices.end());
  h.devices.erase(std::unique(h.devices.begin(), h.devices.end()), h.devices.end());
  return h;
}

uint32_t QueueGroundTruth::device_number(const model::PodDevice& device) {
  auto pool = device_numbers_.find(
      std::pair<std::string_view, std::string_view>(device.driver, device.pool));
  if (pool == device_numbers_.end()) {
    pool =
        device_numbers_.try_emplace(std::pair<std::string, std::string>(device.driver, device.pool))
            .first;
  }
  auto it = pool->second.find(std::string_view(device.device));
  if (it == pool->second.end()) {
    it = pool->second.emplace(device.device, devices_numbered_++).first;
  }
  return it->second;
}

void QueueGroundTruth::apply(const model::ClusterState& state, const Held& held, int sign,
                             model::PodId pod) {
  for (model::QueueId id = held.queue; id.valid(); id = state.queues[id.index()].parent) {
    QueueTruth& q = queues_[id.index()];
    for (size_t r = 0; r < q.actual.size(); ++r) {
      q.actual[r] += sign * held.amounts[r];
    }
    for (const uint32_t device : held.devices) {
      int& refs = q.device_refs[device];
      // Only the first holder adds the device and only the last one removes it.
      if (sign > 0 && refs++ == 0) {
        q.actual[2] += model::kMilliPerGpu;
      }
      if (sign < 0 && --refs == 0) {
        q.actual[2] -= model::kMilliPerGpu;
        q.device_refs.erase(device);
      }
    }
    q.last_pod = pod;
  }
}

void QueueGroundTruth::sync(const model::ClusterState& state, model::PodId pod) {
  Held& held = pods_[pod.index()];
  const bool now_counted = counted(state.pod(pod).phase);
  if (held.counted == now_counted) {
    return;
  }
  if (now_counted) {
    held = held_by(state, pod);
    apply(state, held, 1, pod);
    return;
  }
  apply(state, held, -1, pod);
  held = Held{};
}

}  // namespace drasim::sim
