#pragma once

/// KAI's placement strategy for a shard (`binpack` or `spread`), which the nodeplacement plugin
/// scores by and gpupack / gpuspread order shared GPUs by (kai-scheduler-behavior.md section 3.5).

namespace drasim::model {

enum class PlacementStrategy { kBinpack, kSpread };

}  // namespace drasim::model
