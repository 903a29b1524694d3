#include "model/kai/api/resource_vector.h"

#include "model/k8s/quantity.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

using drasim::model::kCpuSlot;
using drasim::model::kGpuSlot;
using drasim::model::kMemorySlot;
using drasim::model::kPodsSlot;
using drasim::model::ResourceNames;
using drasim::model::ResourceVector;
using drasim::test::qty;

namespace {

/// `text` of resource `name` in its slot's units.
int64_t units(std::string_view name, std::string_view text) {
  return ResourceNames::to_units(name, qty(text));
}

}  // namespace

TEST_CASE("the four fixed slots are cpu, memory, gpu and pods in that order") {
  const ResourceNames names;
  // KAI: CPUIndex=0, MemoryIndex=1, GPUIndex=2, PodsIndex=3, always present (section 1.1).
  CHECK(kCpuSlot == 0u);
  CHECK(kMemorySlot == 1u);
  CHECK(kGpuSlot == 2u);
  CHECK(kPodsSlot == 3u);
  CHECK(names.size() == 4u);
  CHECK(names.name(kCpuSlot) == "cpu");
  CHECK(names.name(kMemorySlot) == "memory");
  CHECK(names.name(kGpuSlot) == "gpu");
  CHECK(names.name(kPodsSlot) == "pods");
}

TEST_CASE("vendor GPU resource names share the single gpu slot") {
  ResourceNames names;
  // KAI normalises any name ending in `gpu` to the one `gpu` slot.
  CHECK(names.find("nvidia.com/gpu") == std::optional<size_t>{kGpuSlot});
  CHECK(names.find("amd.com/gpu") == std::optional<size_t>{kGpuSlot});
  CHECK(names.intern("nvidia.com/gpu") == kGpuSlot);
  CHECK(names.intern("amd.com/gpu") == kGpuSlot);
  // Interning them added no slot: still cpu, memory, gpu, pods.
  CHECK(names.size() == 4u);
}

TEST_CASE("a new resource name gets the next slot after the fixed four") {
  ResourceNames names;
  CHECK(names.find("example.com/nic") == std::nullopt);
  // Slots 0..3 are taken, so the first extra name lands in slot 4 and keeps it.
  CHECK(names.intern("example.com/nic") == 4u);
  CHECK(names.intern("example.com/nic") == 4u);
  CHECK(names.name(4) == "example.com/nic");
  CHECK(names.size() == 5u);
}

TEST_CASE("a MIG profile gets its own slot, not the gpu slot") {
  ResourceNames names;
  // `nvidia.com/mig-3g.40gb` ends in `gb`, not `gpu`, so it is a scalar slot of its own.
  CHECK_FALSE(ResourceNames::is_gpu_name("nvidia.com/mig-3g.40gb"));
  CHECK(names.intern("nvidia.com/mig-3g.40gb") == 4u);
}

TEST_CASE("cpu converts to millicores") {
  CHECK(units("cpu", "500m") == 500);  // 500 millicores as written
  CHECK(units("cpu", "2") == 2000);    // 2 cores * 1000
  CHECK(units("cpu", "0.1") == 100);   // 0.1 core * 1000
}

TEST_CASE("memory, storage and pods convert to whole units") {
  CHECK(units("memory", "1Gi") == 1073741824);               // 2^30 bytes
  CHECK(units("memory", "1G") == 1000000000);                // 10^9 bytes
  CHECK(units("ephemeral-storage", "10Gi") == 10737418240);  // 10 * 2^30 bytes
  CHECK(units("storage", "1Ki") == 1024);                    // 2^10 bytes
  CHECK(units("pods", "110") == 110);                        // a count
}

TEST_CASE("device-plugin GPU counts convert to milli-GPUs") {
  // KAI reads `nvidia.com/gpu` as an integer device count; drasim keeps 1000 per device.
  CHECK(units("nvidia.com/gpu", "2") == 2000);  // 2 * 1000
  CHECK(units("amd.com/gpu", "1") == 1000);     // 1 * 1000
}

TEST_CASE("other extended resources convert to milli-units") {
  // KAI's table (section 1.2): any other extended name is read with MilliValue().
  CHECK(units("example.com/nic", "1") == 1000);        // 1 * 1000
  CHECK(units("hugepages-2Mi", "4Mi") == 4194304000);  // 4 * 2^20 bytes * 1000
  CHECK(units("nvidia.com/mig-3g.40gb", "1") == 1);    // MIG slices are plain counts
}

TEST_CASE("less_equal holds when every slot is at most the other's") {
  ResourceVector request(4);
  request.set(kCpuSlot, 1000);
  request.set(kGpuSlot, 1000);
  ResourceVector idle(4);
  idle.set(kCpuSlot, 1000);  // equal is enough: 1000 <= 1000
  idle.set(kGpuSlot, 2000);
  CHECK(request.less_equal(idle));
  // The other way round the gpu slot is over: 2000 > 1000.
  CHECK_FALSE(idle.less_equal(request));
}

TEST_CASE("less_equal reads slots missing from the other vector as zero") {
  ResourceVector shorter(4);
  shorter.set(kCpuSlot, 100);
  ResourceVector longer = shorter;
  longer.set(6, 0);
  CHECK(longer.less_equal(shorter));  // extra slot 6 is 0 <= missing (0)
  longer.set(6, -5);
  CHECK(longer.less_equal(shorter));  // -5 <= missing (0)
  longer.set(6, 1);
  CHECK_FALSE(longer.less_equal(shorter));  // 1 > missing (0)
}

TEST_CASE("first_exceeding names the lowest slot that is over") {
  ResourceVector request(4);
  request.set(kCpuSlot, 500);
  request.set(kMemorySlot, 2);
  request.set(kGpuSlot, 3000);
  ResourceVector idle(4);
  idle.set(kCpuSlot, 1000);
  idle.set(kMemorySlot, 1);
  idle.set(kGpuSlot, 1000);
  // cpu fits (500 <= 1000); memory (2 > 1) is the first of memory and gpu to exceed.
  CHECK(request.first_exceeding(idle) == std::optional<size_t>{kMemorySlot});
  idle.set(kMemorySlot, 2);
  CHECK(request.first_exceeding(idle) == std::optional<size_t>{kGpuSlot});  // 3000 > 1000
  idle.set(kGpuSlot, 3000);
  CHECK(request.first_exceeding(idle) == std::nullopt);
}

TEST_CASE("vector sums grow to the longer operand") {
  ResourceVector a(2);
  a.set(kCpuSlot, 100);
  ResourceVector b;
  b.set(5, 7);
  const ResourceVector sum = a + b;
  CHECK(sum.size() == 6u);  // slots 0..5
  CHECK(sum.get(kCpuSlot) == 100);
  CHECK(sum.get(5) == 7);
  const ResourceVector diff = a - b;
  CHECK(diff.get(5) == -7);  // 0 - 7
  CHECK(diff.get(9) == 0);   // past the end reads as 0
}

TEST_CASE("vectors that differ only in trailing zero slots are equal") {
  ResourceVector a(4);
  a.set(kGpuSlot, 1000);
  ResourceVector b(12);
  b.set(kGpuSlot, 1000);
  CHECK(a == b);
  b.set(11, 1);
  CHECK_FALSE(a == b);
  CHECK(ResourceVector(7).is_zero());
  CHECK_FALSE(a.is_zero());
}

TEST_CASE("format_amount prints millicore and milli-GPU slots as decimal units") {
  const ResourceNames names;
  CHECK(names.format_amount(kCpuSlot, 1500) == "1.5");    // 1500 / 1000
  CHECK(names.format_amount(kCpuSlot, 2000) == "2");      // whole units have no decimals
  CHECK(names.format_amount(kCpuSlot, 250) == "0.25");    // trailing zero of .250 dropped
  CHECK(names.format_amount(kCpuSlot, 5) == "0.005");     // 5 / 1000
  CHECK(names.format_amount(kCpuSlot, -500) == "-0.5");   // sign kept when the whole part is 0
  CHECK(names.format_amount(kCpuSlot, -1500) == "-1.5");  // -1500 / 1000
  CHECK(names.format_amount(kGpuSlot, 3000) == "3");      // 3 devices
  CHECK(names.format_amount(kGpuSlot, 500) == "0.5");     // half a device
}

TEST_CASE("format_amount prints extended resources in units and bytes and counts unchanged") {
  ResourceNames names;
  const size_t nic = names.intern("example.com/nic");
  const size_t disk = names.intern("ephemeral-storage");
  const size_t mig = names.intern("nvidia.com/mig-3g.40gb");
  CHECK(names.format_amount(nic, 1000) == "1");                         // milli-units: 1000 / 1000
  CHECK(names.format_amount(kMemorySlot, 1073741824) == "1073741824");  // bytes
  CHECK(names.format_amount(disk, 2048) == "2048");                     // bytes
  CHECK(names.format_amount(kPodsSlot, 110) == "110");                  // count
  CHECK(names.format_amount(mig, 2) == "2");                            // slice count
}

TEST_CASE("a negative slot beyond the left vector's end makes less_equal false") {
  // KAI's LessEqual: extra entries of the right-hand vector must be >= 0; a missing slot reads
  // as 0, and 0 <= -1 is false.
  drasim::model::ResourceVector a(4);
  drasim::model::ResourceVector b(4);
  b.set(6, -1);
  CHECK_FALSE(a.less_equal(b));
  CHECK(a.first_exceeding(b) == size_t{6});
}

TEST_CASE("vectors past the inline slots keep every amount through copies, moves and growth") {
  // Six slots live inside the object; a seventh moves them all to the heap. Every transition
  // must keep the amounts: slot i holds 10 * (i + 1) below, so a lost or shifted slot shows.
  ResourceVector small(4);
  for (size_t i = 0; i < 4; ++i) {
    small.set(i, static_cast<int64_t>(10 * (i + 1)));
  }
  ResourceVector big = small;
  for (size_t i = 4; i < 9; ++i) {
    big.set(i, static_cast<int64_t>(10 * (i + 1)));  // slot 6 goes past the inline six
  }
  CHECK(big.size() == 9u);
  for (size_t i = 0; i < 9; ++i) {
    CHECK(big.get(i) == static_cast<int64_t>(10 * (i + 1)));
  }
  CHECK(small.size() == 4u);  // the copy it came from is untouched
  CHECK(small.get(5) == 0);

  ResourceVector copied = big;  // heap to a fresh object
  ResourceVector inline_target(2);
  inline_target = big;  // heap into an inline object: it grows
  ResourceVector moved = std::move(big);
  CHECK(copied == moved);
  CHECK(inline_target == moved);
  CHECK(moved.get(8) == 90);

  ResourceVector heap_target = copied;
  heap_target = small;  // a short vector into a heap object: slots past 4 read as 0 again
  CHECK(heap_target.size() == 4u);
  CHECK(heap_target == small);
  CHECK(heap_target.get(8) == 0);

  ResourceVector from_inline = std::move(small);  // an inline vector moves by copy
  CHECK(from_inline.get(3) == 40);
  CHECK(from_inline.size() == 4u);

  // Sums across the boundary: 4 inline slots plus 9 heap slots give 9 slots, 20 + 20 in slot 1.
  const ResourceVector sum = from_inline + moved;
  CHECK(sum.size() == 9u);
  CHECK(sum.get(1) == 40);
  CHECK(sum.get(8) == 90);
  // A slot set far out grows the heap again without losing the rest.
  ResourceVector far = moved;
  far.set(40, 1);
  CHECK(far.size() == 41u);
  CHECK(far.get(8) == 90);
  CHECK(far.get(39) == 0);
}
