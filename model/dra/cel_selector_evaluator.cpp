#include "model/dra/cel_selector_evaluator.h"

#include "model/k8s/assert.h"

#include <algorithm>
#include <functional>
#include <string_view>

namespace drasim::model::dra {
namespace {

void mix(size_t& seed, size_t h) {
  seed ^= h + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2);
}

/// A hash of what the CEL `device` value is made of (cel.cpp device_value).
size_t content_hash(const ResourceSlice& slice, const Device& device) {
  const std::hash<std::string_view> text;
  size_t seed = text(slice.driver);
  for (const auto& [name, value] : device.attributes) {
    mix(seed, text(name));
    mix(seed, value.index());
    if (const auto* str = std::get_if<std::string>(&value)) {
      mix(seed, text(*str));
    } else if (const auto* semver = std::get_if<SemVer>(&value)) {
      mix(seed, text(semver->text));
    } else {
      mix(seed,
          std::hash<int64_t>{}(std::holds_alternative<bool>(value) ? int64_t{std::get<bool>(value)}
                                                                   : std::get<int64_t>(value)));
    }
  }
  for (const auto& [name, capacity] : device.capacity) {
    mix(seed, text(name));
    const Int128 nanos = capacity.value.nanos();
    mix(seed, std::hash<int64_t>{}(static_cast<int64_t>(nanos)));
    mix(seed, std::hash<int64_t>{}(static_cast<int64_t>(nanos >> 64)));
  }
  mix(seed, device.allow_multiple_allocations ? 1 : 0);
  return seed;
}

/// Whether the two devices give the same CEL `device` value.
bool same_content(const ResourceSlice& sa, const Device& a, const ResourceSlice& sb,
                  const Device& b) {
  return sa.driver == sb.driver && a.attributes == b.attributes
         && a.allow_multiple_allocations == b.allow_multiple_allocations
         && std::equal(a.capacity.begin(), a.capacity.end(), b.capacity.begin(), b.capacity.end(),
                       [](const auto& x, const auto& y) {
                         return x.first == y.first && x.second.value == y.second.value;
                       });
}

}  // namespace

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
  const int flag = consumable_capacity ? 1 : 0;
  auto& expressions = expressions_[flag];
  auto found = expressions.find(std::string_view(selector.expression));
  if (found == expressions.end()) {
    const auto& entry =
        programs_.get(selector.expression, consumable_capacity ? consumable_env_ : env_);
    found = expressions.emplace(selector.expression, Expression{&entry, {}}).first;
  }
  Expression& expression = found->second;
  if (const auto* error = std::get_if<cel::CompileError>(expression.entry)) {
    return SelectorVerdict{SelectorVerdict::Kind::kError, "CEL compile error: " + error->message};
  }
  const uint32_t content = content_of(slice, device);
  if (expression.verdicts.size() <= content) {
    expression.verdicts.resize(contents_.size());
  }
  std::optional<SelectorVerdict>& kept = expression.verdicts[content];
  if (kept) {
    return *kept;
  }
  std::optional<cel::Value>& value = contents_[content].value[flag];
  if (!value) {
    value = cel::device_value(slice, device, consumable_capacity);
  }
  const cel::EvalResult result = cel::evaluate(*std::get<0>(*expression.entry),
                                               cel::Activation{{*value}}, cel::kSelectorMaxCost);
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
  kept = verdict;
  return verdict;
}

uint32_t CelSelectorEvaluator::content_of(const ResourceSlice& slice, const Device& device) {
  // Compared by address before subtracting: a device of another slice is a caller's bug.
  const std::less<const Device*> before;
  const Device* begin = slice.devices.data();
  DRASIM_ASSERT(!before(&device, begin) && before(&device, begin + slice.devices.size()),
                "a device is evaluated with the slice it belongs to");
  const auto at = static_cast<size_t>(&device - begin);
  auto [it, inserted] = slice_contents_.try_emplace(&slice);
  std::vector<uint32_t>& ids = it->second;
  if (inserted) {
    ids.reserve(slice.devices.size());
    for (size_t i = 0; i < slice.devices.size(); ++i) {
      const Device& d = slice.devices[i];
      ids.push_back(i > 0 && same_content(slice, slice.devices[i - 1], slice, d)
                        ? ids.back()
                        : find_or_add(slice, d));
    }
  }
  return ids[at];
}

uint32_t CelSelectorEvaluator::find_or_add(const ResourceSlice& slice, const Device& device) {
  const size_t hash = content_hash(slice, device);
  const auto [first, last] = contents_by_hash_.equal_range(hash);
  for (auto it = first; it != last; ++it) {
    const Content& c = contents_[it->second];
    if (same_content(*c.slice, *c.device, slice, device)) {
      return it->second;
    }
  }
  const auto id = static_cast<uint32_t>(contents_.size());
  contents_.push_back(Content{&slice, &device, {}});
  contents_by_hash_.emplace(hash, id);
  return id;
}

void CelSelectorEvaluator::clear() {
  slice_contents_.clear();
  contents_by_hash_.clear();
  contents_.clear();
  // The compiled programs stay (ProgramCache keeps them); the verdicts were by content.
  expressions_[0].clear();
  expressions_[1].clear();
}

}  // namespace drasim::model::dra
