#pragma once
/// The CEL-backed SelectorEvaluator: compiles each selector once (ProgramCache), evaluates with
/// the DRA runtime cost limit and memoizes verdicts, since programs and devices are immutable
/// while the caches live.
///
/// A selector sees a device only through the CEL `device` value, which is made of the slice's
/// driver, the device's attributes, its capacity amounts and (with consumable capacity) its
/// allowMultipleAllocations flag: not its name, pool or node. Devices equal in those are one
/// "content" here; the `device` value is built once per (content, flag) and verdicts are kept per
/// (program, content, flag), so the eight identical GPUs of a thousand nodes are evaluated once,
/// not eight thousand times. A device with a unique attribute (a UUID) is a content of its own.
///
/// Devices are recognised by address: the caller must clear() the evaluator whenever the
/// ResourceSlices it was given change or move.

#include "model/cel/program_cache.h"
#include "model/dra/selector_evaluator.h"

#include <cstdint>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <vector>

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
  /// The content a device has (an index into contents_), found once per device.
  uint32_t content_of(const ResourceSlice& slice, const Device& device);

  struct Content {
    const ResourceSlice* slice;  ///< the first device seen with this content, and its slice
    const Device* device;
    std::optional<cel::Value> value[2];  ///< the `device` value, by consumable-capacity flag
  };

  std::unordered_map<const Device*, uint32_t> content_ids_;
  std::unordered_multimap<size_t, uint32_t> contents_by_hash_;
  std::vector<Content> contents_;
  std::map<std::tuple<const cel::Program*, uint32_t, bool>, SelectorVerdict> verdicts_;
};

}  // namespace drasim::model::dra
