// A hostile CEL selector in a whole run: tests/cases/dra/hostile-cel-selector-is-cancelled-at-
// the-cost-limit.yaml (its header has the arithmetic). The selector passes validation, is
// cancelled at the runtime cost limit on each device, and leaves its pod pending with the
// allocator's words, while the other pod binds.
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <filesystem>

namespace drasim::sim {
namespace {

TEST_CASE("a selector that would compare 2^25 leaves is cancelled and its pod stays pending") {
  const auto path = std::filesystem::path(DRASIM_SOURCE_DIR) / "tests" / "cases" / "dra"
                    / "hostile-cel-selector-is-cancelled-at-the-cost-limit.yaml";
  const RunResult r = run_scenario(load_scenario({path.string()}));
  // Upstream's allocator wraps a selector's runtime error with the claim and the selector's
  // index (structured/allocator.go, "CEL runtime error"); the DynamicResources Filter reports it.
  CHECK(pending_reason(r, "bomb")
        == "running Filter plugin \"DynamicResources\": claim ml/bomb: selector #0: CEL runtime "
           "error: operation cancelled: actual cost limit exceeded");
  CHECK(bound_node(r, "plain") == "dra-a");
}

}  // namespace
}  // namespace drasim::sim
