#pragma once
/// The allocator's view of CEL: it asks whether one device satisfies one selector and gets
/// true, false or a runtime error. The CEL-backed implementation (cel_selector_evaluator.h)
/// caches compiled programs per expression and device values per device; tests can plug in
/// a fake.

#include "model/k8s/dra_objects.h"

#include <string>

namespace drasim::model::dra {

struct SelectorVerdict {
  enum class Kind { kTrue, kFalse, kError };
  Kind kind = Kind::kFalse;
  std::string error;  ///< kError: the CEL message, e.g. `no such key: model`
};

class SelectorEvaluator {
 public:
  SelectorEvaluator() = default;
  SelectorEvaluator(const SelectorEvaluator&) = delete;
  SelectorEvaluator& operator=(const SelectorEvaluator&) = delete;
  virtual ~SelectorEvaluator() = default;

  /// Evaluates `selector` for `device`, published by `slice` (whose driver qualifies bare
  /// attribute names). `consumable_capacity` declares `device.allowMultipleAllocations`.
  [[nodiscard]] virtual SelectorVerdict evaluate(const CelSelector& selector,
                                                 const ResourceSlice& slice, const Device& device,
                                                 bool consumable_capacity) = 0;

  /// Drops everything cached about devices (the inventory was rebuilt, so device addresses
  /// and contents may have changed).
  virtual void clear() {}
};

}  // namespace drasim::model::dra
