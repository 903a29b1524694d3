#include "model/cel/types.h"

namespace drasim::model::cel {

namespace {

/// A list, map or optional type over its element, key and value, or inner types.
Type parameterized(TypeKind kind, std::vector<const Type*> params) {
  Type t;
  t.kind = kind;
  t.params = std::move(params);
  return t;
}

}  // namespace

const Type* Type::field(std::string_view field_name) const {
  for (const auto& [n, t] : fields) {
    if (n == field_name) {
      return t;
    }
  }
  return nullptr;
}

std::string type_name(const Type* t) {
  if (t == nullptr) {
    return "dyn";
  }
  switch (t->kind) {
    case TypeKind::kDyn:
      return "dyn";
    case TypeKind::kNull:
      return "null_type";
    case TypeKind::kBool:
      return "bool";
    case TypeKind::kInt:
      return "int";
    case TypeKind::kUint:
      return "uint";
    case TypeKind::kDouble:
      return "double";
    case TypeKind::kString:
      return "string";
    case TypeKind::kBytes:
      return "bytes";
    case TypeKind::kList:
      return "list(" + type_name(t->params[0]) + ")";
    case TypeKind::kMap:
      return "map(" + type_name(t->params[0]) + ", " + type_name(t->params[1]) + ")";
    case TypeKind::kObject:
    case TypeKind::kTypeParam:
      return t->name;
    case TypeKind::kSemver:
      return "kubernetes.Semver";
    case TypeKind::kQuantity:
      return "kubernetes.Quantity";
    case TypeKind::kOptional:
      return "optional_type(" + type_name(t->params[0]) + ")";
    case TypeKind::kType:
      return "type";
  }
  return "dyn";
}

TypeArena::TypeArena() {
  for (int k = 0; k <= static_cast<int>(TypeKind::kTypeParam); ++k) {
    Type t;
    t.kind = static_cast<TypeKind>(k);
    types_.push_back(std::move(t));
    primitives_.push_back(&types_.back());
  }
}

const Type* TypeArena::primitive(TypeKind kind) const {
  return primitives_[static_cast<std::size_t>(kind)];
}

const Type* TypeArena::list(const Type* elem) {
  return add(parameterized(TypeKind::kList, {elem}));
}

const Type* TypeArena::map(const Type* key, const Type* value) {
  return add(parameterized(TypeKind::kMap, {key, value}));
}

const Type* TypeArena::optional(const Type* inner) {
  return add(parameterized(TypeKind::kOptional, {inner}));
}

const Type* TypeArena::type_param(std::string name) {
  Type t;
  t.kind = TypeKind::kTypeParam;
  t.name = std::move(name);
  return add(std::move(t));
}

const Type* TypeArena::add(Type t) {
  types_.push_back(std::move(t));
  return &types_.back();
}

}  // namespace drasim::model::cel
