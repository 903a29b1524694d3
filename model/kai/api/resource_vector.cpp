#include "model/kai/api/resource_vector.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::model {
namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

std::string_view normalise(std::string_view name) {
  if (ResourceNames::is_gpu_name(name)) {
    return "gpu";
  }
  return name;
}

}  // namespace

ResourceNames::ResourceNames() {
  for (const char* n : {"cpu", "memory", "gpu", "pods"}) {
    index_.emplace(n, names_.size());
    names_.emplace_back(n);
  }
}

bool ResourceNames::is_gpu_name(std::string_view name) {
  return ends_with(name, "gpu");
}

size_t ResourceNames::intern(std::string_view name) {
  const std::string_view n = normalise(name);
  const auto it = index_.find(n);
  if (it != index_.end()) {
    return it->second;
  }
  index_.emplace(std::string(n), names_.size());
  names_.emplace_back(n);
  return names_.size() - 1;
}

std::optional<size_t> ResourceNames::find(std::string_view name) const {
  const auto it = index_.find(normalise(name));
  if (it == index_.end()) {
    return std::nullopt;
  }
  return it->second;
}

int64_t ResourceNames::to_units(std::string_view name, const Quantity& q) {
  if (name == "cpu") {
    return q.milli_value();
  }
  if (name == "memory" || name == "ephemeral-storage" || name == "storage" || name == "pods"
      || starts_with(name, "nvidia.com/mig-")) {
    return q.value();
  }
  if (is_gpu_name(name)) {
    // KAI reads device-plugin GPU counts as integers; the slot keeps milli-GPUs.
    return q.value() * kMilliPerGpu;
  }
  return q.milli_value();
}

bool ResourceNames::is_milli(size_t slot) const {
  if (slot == kCpuSlot || slot == kGpuSlot) {
    return true;
  }
  if (slot == kMemorySlot || slot == kPodsSlot) {
    return false;
  }
  const std::string& n = names_[slot];
  return !(n == "ephemeral-storage" || n == "storage" || starts_with(n, "nvidia.com/mig-"));
}

std::string ResourceNames::format_amount(size_t slot, int64_t amount) const {
  if (!is_milli(slot)) {
    return fmt::format("{}", amount);
  }
  const int64_t whole = amount / 1000;
  int64_t frac = amount % 1000;
  if (frac == 0) {
    return fmt::format("{}", whole);
  }
  const char* sign = (amount < 0 && whole == 0) ? "-" : "";
  frac = frac < 0 ? -frac : frac;
  std::string digits = fmt::format("{:03d}", frac);
  while (digits.back() == '0') {
    digits.pop_back();
  }
  return fmt::format("{}{}.{}", sign, whole, digits);
}

void ResourceVector::grow(size_t slots) {
  if (slots <= size_) {
    return;
  }
  if (slots > capacity_) {
    const size_t capacity = std::max(slots, 2 * static_cast<size_t>(capacity_));
    auto bigger = std::make_unique<int64_t[]>(capacity);  // zeroed
    std::copy(data(), data() + size_, bigger.get());
    heap_ = std::move(bigger);
    capacity_ = static_cast<uint32_t>(capacity);
  } else {
    std::fill(data() + size_, data() + slots, 0);
  }
  size_ = static_cast<uint32_t>(slots);
}

ResourceVector& ResourceVector::operator=(const ResourceVector& o) {
  if (this == &o) {
    return *this;
  }
  if (o.size_ > capacity_) {
    heap_ = std::make_unique<int64_t[]>(o.size_);
    capacity_ = o.size_;
  }
  size_ = o.size_;
  std::copy(o.data(), o.data() + o.size_, data());
  return *this;
}

ResourceVector& ResourceVector::operator=(ResourceVector&& o) noexcept {
  if (this == &o) {
    return *this;
  }
  if (o.heap_) {
    heap_ = std::move(o.heap_);
    capacity_ = o.capacity_;
  } else {
    heap_.reset();
    capacity_ = kInline;
    inline_ = o.inline_;
  }
  size_ = o.size_;
  o.size_ = 0;
  o.capacity_ = kInline;
  return *this;
}

ResourceVector& ResourceVector::operator+=(const ResourceVector& o) {
  grow(o.size_);
  const int64_t* from = o.data();
  int64_t* to = data();
  for (size_t i = 0; i < o.size_; ++i) {
    to[i] += from[i];
  }
  return *this;
}

ResourceVector& ResourceVector::operator-=(const ResourceVector& o) {
  grow(o.size_);
  const int64_t* from = o.data();
  int64_t* to = data();
  for (size_t i = 0; i < o.size_; ++i) {
    to[i] -= from[i];
  }
  return *this;
}

std::optional<size_t> ResourceVector::first_exceeding(const ResourceVector& o) const {
  // Missing slots read as 0 on both sides, so a negative slot of `o` beyond this vector's end
  // still fails (KAI's LessEqual: extra entries of the right side must be >= 0).
  const size_t n = std::max(size_, o.size_);
  for (size_t i = 0; i < n; ++i) {
    if (get(i) > o.get(i)) {
      return i;
    }
  }
  return std::nullopt;
}

bool ResourceVector::less_equal(const ResourceVector& o) const {
  return !first_exceeding(o).has_value();
}

bool ResourceVector::is_zero() const {
  return std::all_of(data(), data() + size_, [](int64_t x) { return x == 0; });
}

bool operator==(const ResourceVector& a, const ResourceVector& b) {
  const size_t n = std::max(a.size_, b.size_);
  for (size_t i = 0; i < n; ++i) {
    if (a.get(i) != b.get(i)) {
      return false;
    }
  }
  return true;
}

}  // namespace drasim::model
