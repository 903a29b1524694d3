#include "model/kai/api/gpu_request.h"

#include "model/k8s/quantity.h"
#include "model/kai/api/resource_vector.h"

#include <charconv>
#include <cmath>
#include <string>

namespace drasim::model {
namespace {

std::string_view annotation(const StringMap& annotations, std::string_view key) {
  const auto it = annotations.find(std::string(key));
  return it == annotations.end() ? std::string_view() : std::string_view(it->second);
}

}  // namespace

std::optional<double> parse_gpu_fraction(std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end || !(value > 0 && value <= 1)) {
    return std::nullopt;
  }
  return value;
}

std::optional<int64_t> parse_positive_integer(std::string_view text) {
  const auto value = parse_int64(text);
  if (!value || *value <= 0) {
    return std::nullopt;
  }
  return value;
}

GpuShare parse_gpu_share(const StringMap& annotations) {
  // pkg/scheduler/api/pod_info/pod_info.go (updatePodAdditionalFields): gpu-memory first, then a
  // valid gpu-fraction replaces it; with num-devices KAI rebuilds the requirement from both
  // values, so a pod giving all three keeps its gpu-memory next to the fraction.
  GpuShare share;
  const auto memory = parse_positive_integer(annotation(annotations, kGpuMemoryAnnotation));
  if (memory) {
    share = GpuShare{GpuRequestType::kGpuMemory, 0, *memory, 1};
  }
  if (const auto f = parse_gpu_fraction(annotation(annotations, kGpuFractionAnnotation))) {
    share = GpuShare{GpuRequestType::kFraction, *f, 0, 1};
  }
  if (!share.shared()) {
    return share;
  }
  if (const auto k = parse_positive_integer(annotation(annotations, kGpuDevicesAnnotation))) {
    share.devices = *k;
    share.memory_mib = memory.value_or(0);
  }
  return share;
}

int64_t share_request_milli(const GpuShare& share) {
  if (share.type != GpuRequestType::kFraction) {
    return 0;
  }
  const auto hundredths = static_cast<int64_t>(std::round(share.portion * 100));
  return hundredths * share.devices * (kMilliPerGpu / 100);
}

NodeGpuMemory node_gpu_memory(const StringMap& labels) {
  // pkg/scheduler/api/node_info/node_info.go (getNodeGpuMemory): DefaultGpuMemory = 100.
  constexpr int64_t kMiB = 1024 * 1024;
  const auto it = labels.find("nvidia.com/gpu.memory");
  std::optional<int64_t> value;
  if (it != labels.end()) {
    value = parse_int64(it->second);
  }
  if (!value) {
    return NodeGpuMemory{};
  }
  int64_t mib = *value >= kMiB ? *value / kMiB : *value;
  mib = mib / 100 * 100;
  if (mib < 100) {
    // Below one 100 MiB step KAI would divide by zero in its portion math; treat the label as
    // unusable instead.
    return NodeGpuMemory{};
  }
  return NodeGpuMemory{mib, true};
}

int64_t share_memory_on_node(const GpuShare& share, int64_t node_mib) {
  if (share.memory_mib > 0) {
    return share.memory_mib;
  }
  return static_cast<int64_t>(share.portion * static_cast<double>(node_mib));
}

double share_portion_on_node(const GpuShare& share, int64_t node_mib) {
  if (share.memory_mib > 0) {
    // Same float steps as KAI's getGpuMemoryFractionalOnNode.
    const double exact = static_cast<double>(share.memory_mib) / static_cast<double>(node_mib);
    return std::ceil(exact * 100) / 100;
  }
  return share.portion;
}

int64_t share_accepted_milli(const GpuShare& share, int64_t node_mib) {
  const double gpus = static_cast<double>(share.devices) * share_portion_on_node(share, node_mib);
  return static_cast<int64_t>(std::llround(gpus * kMilliPerGpu));
}

}  // namespace drasim::model
