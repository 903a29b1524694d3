#pragma once
/// Helpers for the CEL tests: build DRA devices and run one expression through compile and
/// evaluate, collecting every observable outcome.

#include "model/cel/cel.h"

#include <string>
#include <string_view>

namespace drasim::model::cel::testing {

struct Outcome {
  std::string compile_error;  ///< empty when it compiled
  std::string eval_error;     ///< empty when it evaluated
  std::optional<Value> value;
  uint64_t estimated = 0;
  uint64_t runtime_cost = 0;

  [[nodiscard]] bool is_true() const {
    return value && value->kind() == ValueKind::kBool && value->as_bool();
  }

  [[nodiscard]] bool is_false() const {
    return value && value->kind() == ValueKind::kBool && !value->as_bool();
  }
};

inline Outcome run_device(std::string_view expr, const ResourceSlice& slice, const Device& device,
                          bool consumable = false) {
  Outcome o;
  const Environment env = device_environment(consumable);
  auto compiled = compile(expr, env);
  if (auto* e = std::get_if<CompileError>(&compiled)) {
    o.compile_error = e->message;
    return o;
  }
  const Program& p = *std::get<0>(compiled);
  o.estimated = estimated_cost(p);
  const EvalResult r =
      evaluate(p, Activation{{device_value(slice, device, consumable)}}, kSelectorMaxCost);
  o.eval_error = r.error;
  o.value = r.value;
  o.runtime_cost = r.cost;
  return o;
}

/// Evaluates an expression that does not look at the device (an empty one is bound).
inline Outcome run(std::string_view expr) {
  ResourceSlice slice;
  slice.driver = "dra.example.com";
  return run_device(expr, slice, Device{});
}

inline ResourceSlice slice_of(std::string driver) {
  ResourceSlice s;
  s.driver = std::move(driver);
  return s;
}

}  // namespace drasim::model::cel::testing
