#include "sim/load/memory_budget.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>

namespace drasim::sim {
namespace {

std::atomic<uint64_t> g_budget{kDefaultMaxMemoryBytes};

}  // namespace

void set_memory_budget(uint64_t bytes) {
  g_budget.store(bytes);
}

uint64_t memory_budget() {
  return g_budget.load();
}

uint64_t resident_bytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr) {
    return 0;
  }
  unsigned long long size = 0;
  unsigned long long resident = 0;
  const int got = std::fscanf(f, "%llu %llu", &size, &resident);
  std::fclose(f);
  if (got != 2) {
    return 0;
  }
  return resident * static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
}

}  // namespace drasim::sim
