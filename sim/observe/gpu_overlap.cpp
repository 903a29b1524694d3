#include "sim/observe/gpu_overlap.h"

#include "sim/observe/held_gpus.h"

#include <fmt/format.h>

namespace drasim::sim {

void check_gpu_overlap(model::ClusterState& state, const QueueGroundTruth& truth,
                       model::NodeId node) {
  const model::NodeInfo& n = state.node(node);
  if (advertises_gpus(n)) {
    return;  // the device plugin still serves the node: its GPUs are not the driver's
  }
  int64_t plugin_milli = 0;
  for (const model::PodId pod : state.pods_on(node)) {
    if (!state.spec_of(pod).gpu_share.shared()) {
      plugin_milli += truth.plain_gpu_milli(pod);
    }
  }
  const int64_t plugin = (plugin_milli + model::kMilliPerGpu - 1) / model::kMilliPerGpu;
  if (plugin == 0) {
    return;  // nothing held through the plugin (checked first: it is the cheaper question)
  }
  const auto [devices, allocated] = dra_gpu_devices(state, n);
  if (devices == 0 || plugin + allocated <= devices) {
    return;
  }
  state.report_once(
      "gpu-overlap/" + n.name,
      model::Anomaly{model::AnomalyKind::kDoubleCount, state.now_us, n.name, "", "gpu",
                     static_cast<double>(plugin + allocated - devices), "",
                     fmt::format("node {} has {} GPUs but {} are still held through the device "
                                 "plugin from before its migration and {} DRA devices are "
                                 "allocated: the DRA driver cannot see device-plugin "
                                 "allocations, so a GPU is given twice (drain nodes before "
                                 "switching them)",
                                 n.name, devices, plugin, allocated)});
}

}  // namespace drasim::sim
