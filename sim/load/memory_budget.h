#pragma once
/// The run's memory budget (`--max-memory`): the resident memory the process may reach while
/// it loads and replays. The loader checks it every 65,536 document nodes, the engine every
/// 4,096 events; past it, loading fails with an input error and a replay stops with
/// RunLimitError (both exit 2), naming what had grown. The budget is process-wide, like the
/// memory it measures: the command line sets it once.

#include <cstdint>

namespace drasim::sim {

/// 8 GiB: a third of the machines drasim is sized for (24 GiB), and eight times what
/// PRODUCT.md's largest replay (10,000 nodes, 100,000 pods) may take.
inline constexpr uint64_t kDefaultMaxMemoryBytes = 8ULL << 30;

void set_memory_budget(uint64_t bytes);

[[nodiscard]] uint64_t memory_budget();

/// The process's resident set size (from /proc/self/statm), or 0 where it cannot be read.
[[nodiscard]] uint64_t resident_bytes();

}  // namespace drasim::sim
