#pragma once
/// Node (and device) taints, pod tolerations, and the Kubernetes matching rule between them.

#include <optional>
#include <string>
#include <vector>

namespace drasim::model {

enum class TaintEffect { kNoSchedule, kPreferNoSchedule, kNoExecute, kNone };

struct Taint {
  std::string key;
  std::string value;
  TaintEffect effect = TaintEffect::kNoSchedule;

  friend bool operator==(const Taint&, const Taint&) = default;
};

enum class TolerationOperator { kEqual, kExists };

/// A toleration. An empty `effect` (nullopt) tolerates every effect; an empty key with
/// `Exists` tolerates every taint.
struct Toleration {
  std::string key;
  TolerationOperator op = TolerationOperator::kEqual;
  std::string value;
  std::optional<TaintEffect> effect;
  std::optional<int64_t> toleration_seconds;

  friend bool operator==(const Toleration&, const Toleration&) = default;
};

/// A toleration the implicit-tolerations plugin implied for a pod, and the rule that granted it.
struct ImpliedToleration {
  std::string rule;
  Toleration toleration;

  friend bool operator==(const ImpliedToleration&, const ImpliedToleration&) = default;
};

/// `Toleration.ToleratesTaint` of k8s.io/api/core/v1: effect matches (or is empty), key matches
/// (or is empty with Exists), and for Equal the values are equal.
bool tolerates(const Toleration& toleration, const Taint& taint);

/// The first taint with effect NoSchedule or NoExecute that none of `tolerations` tolerates
/// (PreferNoSchedule only affects scoring), or nullptr. This is the TaintToleration filter.
const Taint* first_untolerated(const std::vector<Taint>& taints,
                               const std::vector<Toleration>& tolerations);

const char* to_string(TaintEffect effect);

}  // namespace drasim::model
