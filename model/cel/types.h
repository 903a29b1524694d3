#pragma once
/// Checker types (cel-go common/types): primitives, `list(E)`, `map(K, V)`, `optional_type(T)`,
/// named object types with fields, the Kubernetes `Semver` and `Quantity` opaque types, type
/// parameters used in function signatures, and `dyn`. Types live in a TypeArena and are passed
/// around as `const Type*`; declared types may carry a maximum size for the cost estimator (the
/// `MaxElements` of k8s.io/apiserver/pkg/cel DeclType).

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace drasim::model::cel {

enum class TypeKind : uint8_t {
  kDyn,
  kNull,
  kBool,
  kInt,
  kUint,
  kDouble,
  kString,
  kBytes,
  kList,
  kMap,
  kObject,
  kSemver,
  kQuantity,
  kOptional,
  kType,
  kTypeParam,
};

struct Type {
  TypeKind kind = TypeKind::kDyn;
  std::string name;                 ///< object or type-parameter name
  std::vector<const Type*> params;  ///< list: elem; map: key, value; optional: inner
  std::vector<std::pair<std::string, const Type*>> fields;  ///< object fields
  /// Declared upper bound on size() (string length, list/map entries), for cost estimation.
  std::optional<uint64_t> max_size;
  /// A map whose `.field` selections keep the value type's size bound (k8s only follows the
  /// attribute maps this way: dynamic-resource-allocation/cel/compile.go, sizeEstimator).
  bool select_keeps_size = false;

  [[nodiscard]] const Type* field(std::string_view field_name) const;
};

/// The CEL spelling of a type, as in checker messages: `int`, `list(string)`,
/// `map(string, dyn)`, `kubernetes.DRADevice`.
std::string type_name(const Type* t);

/// Owns types. Pointers stay valid for the arena's lifetime (a deque never moves elements).
class TypeArena {
 public:
  TypeArena();
  TypeArena(const TypeArena&) = delete;
  TypeArena& operator=(const TypeArena&) = delete;

  [[nodiscard]] const Type* primitive(TypeKind kind) const;

  const Type* dyn() const { return primitive(TypeKind::kDyn); }

  const Type* list(const Type* elem);
  const Type* map(const Type* key, const Type* value);
  const Type* optional(const Type* inner);
  const Type* type_param(std::string name);
  /// Adds a type as given (objects, sized declarations).
  const Type* add(Type t);

 private:
  std::deque<Type> types_;
  std::vector<const Type*> primitives_;
};

}  // namespace drasim::model::cel
