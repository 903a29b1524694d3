#pragma once
/// KAI's resource vectors: a dense array of integer amounts, one slot per resource name, with
/// cpu, memory, gpu and pods always in slots 0..3 (pkg/scheduler/api/resource_info).
///
/// Units per slot (KAI's ResourceList conversion, kai-scheduler-behavior.md section 1.2):
/// cpu in millicores; memory, ephemeral-storage and storage in bytes; gpu in milli-GPUs (KAI keeps
/// a float64 GPU count; 1000 milli-GPUs = 1 device, so fractions stay exact); pods as a count;
/// `nvidia.com/mig-*` as a count; every other name in milli-units. Any name ending in `gpu`
/// (`nvidia.com/gpu`, `amd.com/gpu`) maps to the single gpu slot, as KAI's normalisation does.

#include "model/k8s/quantity.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::model {

inline constexpr size_t kCpuSlot = 0;
inline constexpr size_t kMemorySlot = 1;
inline constexpr size_t kGpuSlot = 2;
inline constexpr size_t kPodsSlot = 3;
inline constexpr int64_t kMilliPerGpu = 1000;

/// The name-to-slot map shared by every vector of a cluster. Extra slots are appended in
/// sorted name order when the cluster is built, so slot order is deterministic.
class ResourceNames {
 public:
  ResourceNames();

  /// Slot of `name` after normalisation, adding a slot if it is new.
  size_t intern(std::string_view name);

  /// Slot of `name` after normalisation, if known.
  [[nodiscard]] std::optional<size_t> find(std::string_view name) const;

  /// The slot's canonical name (`cpu`, `memory`, `gpu`, `pods`, or the resource name).
  [[nodiscard]] const std::string& name(size_t slot) const { return names_[slot]; }

  [[nodiscard]] size_t size() const { return names_.size(); }

  /// `name` converted to its slot's units (see the file comment).
  [[nodiscard]] static int64_t to_units(std::string_view name, const Quantity& q);

  /// Whether the resource name goes to the gpu slot (KAI: the name ends with `gpu`).
  [[nodiscard]] static bool is_gpu_name(std::string_view name);

  /// A slot amount as a human number: millicores and milli-units back to units (`1.5`), bytes
  /// and counts unchanged.
  [[nodiscard]] std::string format_amount(size_t slot, int64_t amount) const;

  /// Whether a slot's amounts are kept in thousandths (cpu, gpu, milli-unit scalars).
  [[nodiscard]] bool is_milli(size_t slot) const;

 private:
  std::vector<std::string> names_;
  std::map<std::string, size_t, std::less<>> index_;
};

/// An integer vector over ResourceNames' slots. Missing trailing slots read as 0. Up to
/// kInline slots (cpu, memory, gpu, pods and two more) live inside the object, so the requests
/// and releases a scheduling step works out cost no allocation; more go to the heap.
class ResourceVector {
 public:
  ResourceVector() = default;

  explicit ResourceVector(size_t slots) { grow(slots); }

  ResourceVector(const ResourceVector& o) { *this = o; }

  ResourceVector(ResourceVector&& o) noexcept { *this = std::move(o); }

  ResourceVector& operator=(const ResourceVector& o);

  ResourceVector& operator=(ResourceVector&& o) noexcept;

  ~ResourceVector() = default;

  [[nodiscard]] int64_t get(size_t slot) const { return slot < size_ ? data()[slot] : 0; }

  void set(size_t slot, int64_t amount) {
    if (slot >= size_) {
      grow(slot + 1);
    }
    data()[slot] = amount;
  }

  void add(size_t slot, int64_t amount) { set(slot, get(slot) + amount); }

  ResourceVector& operator+=(const ResourceVector& o);

  ResourceVector& operator-=(const ResourceVector& o);

  friend ResourceVector operator+(ResourceVector a, const ResourceVector& b) { return a += b; }

  friend ResourceVector operator-(ResourceVector a, const ResourceVector& b) { return a -= b; }

  /// KAI's `LessEqual`: every slot of this is <= the same slot of `o` (missing slots are 0).
  [[nodiscard]] bool less_equal(const ResourceVector& o) const;

  /// The first slot where this exceeds `o`, or nullopt when less_equal holds.
  [[nodiscard]] std::optional<size_t> first_exceeding(const ResourceVector& o) const;

  [[nodiscard]] size_t size() const { return size_; }

  [[nodiscard]] bool is_zero() const;

  friend bool operator==(const ResourceVector& a, const ResourceVector& b);

 private:
  static constexpr size_t kInline = 6;

  [[nodiscard]] const int64_t* data() const { return heap_ ? heap_.get() : inline_.data(); }

  int64_t* data() { return heap_ ? heap_.get() : inline_.data(); }

  /// Makes the vector `slots` long (never shorter), the new slots 0.
  void grow(size_t slots);

  uint32_t size_ = 0;
  uint32_t capacity_ = kInline;
  std::array<int64_t, kInline> inline_{};
  std::unique_ptr<int64_t[]> heap_;  ///< all slots once there are more than kInline
};

}  // namespace drasim::model
