#include "model/k8s/taint.h"

namespace drasim::model {

bool tolerates(const Toleration& toleration, const Taint& taint) {
  if (toleration.effect.has_value() && *toleration.effect != taint.effect) {
    return false;
  }
  if (!toleration.key.empty() && toleration.key != taint.key) {
    return false;
  }
  switch (toleration.op) {
    case TolerationOperator::kExists:
      return true;
    case TolerationOperator::kEqual:
      return toleration.value == taint.value;
  }
  return false;
}

const Taint* first_untolerated(const std::vector<Taint>& taints,
                               const std::vector<Toleration>& tolerations) {
  for (const Taint& taint : taints) {
    if (taint.effect != TaintEffect::kNoSchedule && taint.effect != TaintEffect::kNoExecute) {
      continue;
    }
    bool tolerated = false;
    for (const Toleration& toleration : tolerations) {
      if (tolerates(toleration, taint)) {
        tolerated = true;
        break;
      }
    }
    if (!tolerated) {
      return &taint;
    }
  }
  return nullptr;
}

const char* to_string(TaintEffect effect) {
  switch (effect) {
    case TaintEffect::kNoSchedule:
      return "NoSchedule";
    case TaintEffect::kPreferNoSchedule:
      return "PreferNoSchedule";
    case TaintEffect::kNoExecute:
      return "NoExecute";
    case TaintEffect::kNone:
      return "None";
  }
  return "";
}

}  // namespace drasim::model
