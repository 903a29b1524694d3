#include "model/dra/cel_selector_evaluator.h"

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
  const auto& entry =
      programs_.get(selector.expression, consumable_capacity ? consumable_env_ : env_);
  if (const auto* error = std::get_if<cel::CompileError>(&entry)) {
    return SelectorVerdict{SelectorVerdict::Kind::kError, "CEL compile error: " + error->message};
  }
  const cel::Program& program = *std::get<0>(entry);
  const uint32_t content = content_of(slice, device);
  const auto verdict_key = std::make_tuple(&program, content, consumable_capacity);
  if (const auto it = verdicts_.find(verdict_key); it != verdicts_.end()) {
    return it->second;
  }
  std::optional<cel::Value>& value = contents_[content].value[consumable_capacity ? 1 : 0];
  if (!value) {
    value = cel::device_value(slice, device, consumable_capacity);
  }
  const cel::EvalResult result =
      cel::evaluate(program, cel::Activation{{*value}}, cel::kSelectorMaxCost);
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

uint32_t CelSelectorEvaluator::content_of(const ResourceSlice& slice, const Device& device) {
  if (const auto it = content_ids_.find(&device); it != content_ids_.end()) {
    return it->second;
  }
  const size_t hash = content_hash(slice, device);
  uint32_t id = static_cast<uint32_t>(contents_.size());
  const auto [first, last] = contents_by_hash_.equal_range(hash);
  for (auto it = first; it != last; ++it) {
    const Content& c = contents_[it->second];
    if (same_content(*c.slice, *c.device, slice, device)) {
      id = it->second;
      break;
    }
  }
  if (id == contents_.size()) {
    contents_.push_back(Content{&slice, &device, {}});
    contents_by_hash_.emplace(hash, id);
  }
  content_ids_.emplace(&device, id);
  return id;
}

void CelSelectorEvaluator::clear() {
  content_ids_.clear();
  contents_by_hash_.clear();
  contents_.clear();
  verdicts_.clear();
}

}  // namespace drasim::model::dra
