#pragma once
/// A CEL environment: declared variables (any types: objects with fields, maps, lists, dyn) and
/// the function library with its overload signatures. Generic on purpose: the DRA device
/// selector environment (device_environment() in cel.h) is one instance; other rule sets can
/// declare their own variables (`pod`, `claims`, ...) the same way.
///
/// Library coverage (Kubernetes 1.35 base environment, dra-semantics.md section 4.2): core
/// operators and conversions, heterogeneous numeric comparison, optionals, ext.Strings
/// (charAt indexOf lastIndexOf lowerAscii upperAscii replace split substring trim join
/// strings.quote format reverse), k8s lists (isSorted sum min max indexOf lastIndexOf), ext.Lists
/// (slice flatten distinct reverse sort first last lists.range), ext.Sets, k8s regex (find
/// findAll), quantity and semver libraries, cel.bind and the two-variable all/exists.
/// Not supported: timestamp/duration, ip/cidr, urls, named formats (`format` library),
/// sortBy, transformList/transformMap, optional list/map literal entries (`[?x]`, `{?k: v}`),
/// message construction.

#include "model/cel/function_id.h"
#include "model/cel/types.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::model::cel {

/// One overload signature; receiver-style functions list the receiver as params[0].
struct Overload {
  std::vector<const Type*> params;
  const Type* result = nullptr;
};

struct FunctionDecl {
  FunctionId id = FunctionId::kUnknown;
  std::vector<Overload> overloads;
};

struct Variable {
  std::string name;
  const Type* type = nullptr;
};

class Environment {
 public:
  /// `cache_key` names the environment in ProgramCache keys; two environments with different
  /// declarations must use different keys.
  explicit Environment(std::string cache_key);

  /// Declares a variable; its slot is the declaration order (Activation::values index).
  void add_variable(std::string name, const Type* type);

  /// Parses a type spelled as in signatures: `int`, `string`, `dyn`, `list(string)`,
  /// `map(string, dyn)`, `Quantity`, `Semver`. Declared types can also be built with types().
  const Type* type(std::string_view spec);

  TypeArena& types() { return *arena_; }

  [[nodiscard]] const std::shared_ptr<TypeArena>& arena() const { return arena_; }

  [[nodiscard]] const std::vector<Variable>& variables() const { return variables_; }

  [[nodiscard]] std::optional<int32_t> variable_slot(std::string_view name) const;

  [[nodiscard]] const FunctionDecl* function(std::string_view name, bool receiver) const;

  [[nodiscard]] const std::string& cache_key() const { return cache_key_; }

  /// When set, compile() rejects expressions whose type is neither bool nor dyn (as the DRA
  /// selector compiler does: `must evaluate to bool or the unknown type, not int`).
  void set_require_bool_result(bool on) { require_bool_result_ = on; }

  [[nodiscard]] bool require_bool_result() const { return require_bool_result_; }

 private:
  void add_function(std::string_view name, bool receiver, FunctionId id,
                    std::initializer_list<std::string_view> signatures);
  void add_library();

  std::shared_ptr<TypeArena> arena_;
  std::vector<Variable> variables_;
  std::map<std::pair<std::string, bool>, FunctionDecl> functions_;
  std::string cache_key_;
  bool require_bool_result_ = false;
};

}  // namespace drasim::model::cel
