#pragma once
/// The CEL-backed SelectorEvaluator: compiles each selector once (ProgramCache), builds each
/// device's `device` value once per (device, consumable-capacity flag), evaluates with the DRA
/// runtime cost limit and memoizes verdicts per (program, device, flag), since both sides are
/// immutable while the caches live. Devices are keyed by address: the caller must clear() the
/// evaluator whenever the ResourceSlices it was given change or move.

#include "model/cel/program_cache.h"
#include "model/dra/selector_evaluator.h"

#include <map>
#include <tuple>

namespace drasim::model::dra {

class CelSelectorEvaluator final : public SelectorEvaluator {
 public:
  /// `memoize` false (the reference mode): nothing is kept, every call compiles and evaluates.
  explicit CelSelectorEvaluator(bool memoize = true);

  /// Compile errors give kError `CEL compile error: <msg>`; runtime errors kError with the CEL
  /// message; a non-bool result kError `CEL result of type <T> could not be converted to bool`.
  [[nodiscard]] SelectorVerdict evaluate(const CelSelector& selector, const ResourceSlice& slice,
                                         const Device& device, bool consumable_capacity) override;

  /// Drops every cached device value and verdict (compiled programs stay valid).
  void clear() override;

 private:
  bool memoize_;
  cel::Environment env_;
  cel::Environment consumable_env_;
  cel::ProgramCache programs_;
  std::map<std::pair<const Device*, bool>, cel::Value> devices_;
  std::map<std::tuple<const cel::Program*, const Device*, bool>, SelectorVerdict> verdicts_;
};

}  // namespace drasim::model::dra
