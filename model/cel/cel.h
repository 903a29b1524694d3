#pragma once
/// The public face of drasim's CEL engine: compile an expression against an Environment into an
/// immutable Program (parse, type-check, estimate cost), evaluate it with an Activation under a
/// runtime cost limit, and the Kubernetes DRA device-selector specifics (the `device` variable,
/// API-server style validation). See environment.h for the supported libraries.

#include "model/cel/environment.h"
#include "model/cel/program.h"
#include "model/cel/value.h"
#include "model/k8s/dra_objects.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace drasim::model::cel {

/// A compile error; line and column (1-based, code points) point inside the expression.
struct CompileError {
  std::string message;  ///< e.g. `ERROR: <input>:1:1: Syntax error: ...`
  uint32_t line = 1;
  uint32_t col = 1;
};

/// Maximum expression length accepted by API validation (resource.k8s.io
/// CELSelectorExpressionMaxLength).
inline constexpr std::size_t kSelectorMaxLength = 10240;
/// Cost limit for DRA selectors, both estimated (validation) and at run time
/// (resource.k8s.io CELSelectorExpressionMaxCost).
inline constexpr uint64_t kSelectorMaxCost = 1'000'000;

/// The DRA selector environment: `device` of object type `kubernetes.DRADevice`;
/// `allowMultipleAllocations` is declared only with consumable capacity on.
Environment device_environment(bool consumable_capacity);

std::variant<std::shared_ptr<const Program>, CompileError> compile(std::string_view expression,
                                                                   const Environment& env);

/// The worst-case cost estimated at compile time.
uint64_t estimated_cost(const Program& program);

/// Values of the declared variables, by declaration order (Environment::variables()).
struct Activation {
  std::vector<Value> values;
};

struct EvalResult {
  std::optional<Value> value;
  std::string error;  ///< non-empty on failure, e.g. `no such key: model`
  uint64_t cost = 0;  ///< runtime cost spent
};

EvalResult evaluate(const Program& program, const Activation& activation, uint64_t cost_limit);

/// The `device` value for `device` of `slice`: attributes and capacity split into
/// domain -> id maps (bare names go under the slice's driver), outer maps default to empty.
Value device_value(const ResourceSlice& slice, const Device& device, bool consumable_capacity);

/// API-server validation of a selector on create: length, compilation, result type and
/// estimated cost. Returns the error, or nullopt when the selector is valid.
std::optional<CompileError> validate_selector(std::string_view expression,
                                              bool consumable_capacity);

}  // namespace drasim::model::cel
