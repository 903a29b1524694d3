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
/// Each expression is found by one hash of its text per flag, and its verdicts sit in a vector
/// by content: no key is built and nothing is copied on the way to a verdict already known.
///
/// Devices are recognised by their slice's address and their place in it (the device passed
/// must be one of `slice.devices`): the contents of a slice's devices are found together, the
/// first time any of them is asked about, comparing each with its neighbour before hashing it
/// (a node's GPUs are alike). The caller must clear() the evaluator whenever the ResourceSlices
/// it was given change or move.

#include "model/cel/program_cache.h"
#include "model/dra/selector_evaluator.h"
#include "model/dra/string_hash.h"

#include <cstdint>
#include <optional>
#include <string>
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
  /// The content a device has (an index into contents_), found once per slice.
  uint32_t content_of(const ResourceSlice& slice, const Device& device);
  /// The content of a device not seen before: an existing one with the same value, else new.
  uint32_t find_or_add(const ResourceSlice& slice, const Device& device);

  struct Content {
    const ResourceSlice* slice;  ///< the first device seen with this content, and its slice
    const Device* device;
    std::optional<cel::Value> value[2];  ///< the `device` value, by consumable-capacity flag
  };

  /// One expression under one flag: its compilation and its verdicts, by content.
  struct Expression {
    const cel::ProgramCache::Entry* entry;
    std::vector<std::optional<SelectorVerdict>> verdicts;
  };

  /// By slice: the content of each of its devices, in order.
  std::unordered_map<const ResourceSlice*, std::vector<uint32_t>> slice_contents_;
  std::unordered_multimap<size_t, uint32_t> contents_by_hash_;
  std::vector<Content> contents_;
  /// By consumable-capacity flag, by expression text.
  std::unordered_map<std::string, Expression, StringHash, std::equal_to<>> expressions_[2];
};

}  // namespace drasim::model::dra
