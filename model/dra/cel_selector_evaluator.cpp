#include "model/dra/cel_selector_evaluator.h"

namespace drasim::model::dra {

CelSelectorEvaluator::CelSelectorEvaluator(bool memoize)
    : memoize_(memoize),
      env_(cel::device_environment(false)),
      consumable_env_(cel::device_environment(true)) {}

SelectorVerdict CelSelectorEvaluator::evaluate(const CelSelector& selector,
                                               const ResourceSlice& slice, const Device& device,
                                               bool consumable_capacity) {
  if (!memoize_) {
    clear();
    programs_.clear();
  }
  const auto& entry =
      programs_.get(selector.expression, consumable_capacity ? consumable_env_ : env_);
  if (const auto* error = std::get_if<cel::CompileError>(&entry)) {
    return SelectorVerdict{SelectorVerdict::Kind::kError, "CEL compile error: " + error->message};
  }
  const cel::Program& program = *std::get<0>(entry);
  const auto verdict_key = std::make_tuple(&program, &device, consumable_capacity);
  if (const auto it = verdicts_.find(verdict_key); it != verdicts_.end()) {
    return it->second;
  }
  auto device_it = devices_.find({&device, consumable_capacity});
  if (device_it == devices_.end()) {
    device_it = devices_
                    .emplace(std::make_pair(&device, consumable_capacity),
                             cel::device_value(slice, device, consumable_capacity))
                    .first;
  }
  const cel::EvalResult result =
      cel::evaluate(program, cel::Activation{{device_it->second}}, cel::kSelectorMaxCost);
  SelectorVerdict verdict;
  if (!result.error.empty()) {
    verdict = {SelectorVerdict::Kind::kError, result.error};
  } else if (result.value->kind() != cel::ValueKind::kBool) {
    verdict = {SelectorVerdict::Kind::kError, "CEL result of type " + result.value->type_name()
                                                  + " could not be converted to bool"};
  } else {
    verdict = {
        result.value->as_bool() ? SelectorVerdict::Kind::kTrue : SelectorVerdict::Kind::kFalse, ""};
  }
  verdicts_.emplace(verdict_key, verdict);
  return verdict;
}

void CelSelectorEvaluator::clear() {
  devices_.clear();
  verdicts_.clear();
}

}  // namespace drasim::model::dra
