#pragma once
/// Anomalies (PRODUCT.md section 5): moments where the scheduler's accounting or decisions
/// depart from what the cluster really holds or could do. Model code reports the ones it sees
/// while deciding (a topology domain rejected only for a DRA-delegated resource, GPUs counted
/// twice, a stale claim, a shadowed DeviceClass, an unresolvable request); the engine's
/// detectors add negative idle and quota drift after every cycle and bind, and eviction churn
/// when the scheduler keeps evicting the same pod.

#include <cstdint>
#include <string>

namespace drasim::model {

enum class AnomalyKind {
  kNegativeIdle,
  kQuotaDrift,
  kTopologyFalseReject,
  kDoubleCount,
  kStaleClaim,
  kShadowedDeviceClass,
  kUnresolvableRequest,
  kEvictionChurn,
};

/// The report's name: `negative-idle`, `quota-drift`, `topology-false-reject`, `double-count`,
/// `stale-claim`, `shadowed-device-class`, `unresolvable-request`.
constexpr const char* to_string(AnomalyKind k) {
  switch (k) {
    case AnomalyKind::kNegativeIdle:
      return "negative-idle";
    case AnomalyKind::kQuotaDrift:
      return "quota-drift";
    case AnomalyKind::kTopologyFalseReject:
      return "topology-false-reject";
    case AnomalyKind::kDoubleCount:
      return "double-count";
    case AnomalyKind::kStaleClaim:
      return "stale-claim";
    case AnomalyKind::kShadowedDeviceClass:
      return "shadowed-device-class";
    case AnomalyKind::kUnresolvableRequest:
      return "unresolvable-request";
    case AnomalyKind::kEvictionChurn:
      return "eviction-churn";
  }
  return "unknown";
}

inline constexpr AnomalyKind kAnomalyKinds[] = {
    AnomalyKind::kNegativeIdle,        AnomalyKind::kQuotaDrift,
    AnomalyKind::kTopologyFalseReject, AnomalyKind::kDoubleCount,
    AnomalyKind::kStaleClaim,          AnomalyKind::kShadowedDeviceClass,
    AnomalyKind::kUnresolvableRequest, AnomalyKind::kEvictionChurn,
};

struct Anomaly {
  AnomalyKind kind = AnomalyKind::kNegativeIdle;
  int64_t at_us = 0;
  std::string node;      ///< empty when the anomaly is not about a node
  std::string queue;     ///< empty when it is not about a queue
  std::string resource;  ///< as the pod or node names it (`nvidia.com/gpu`, `gpu`, `cpu`)
  double value = 0;      ///< in report units (devices, cores, bytes, counts)
  std::string pod;       ///< namespace/name of the pod that caused it; empty if none
  std::string message;   ///< one sentence a platform engineer understands

  friend bool operator==(const Anomaly&, const Anomaly&) = default;
};

}  // namespace drasim::model
