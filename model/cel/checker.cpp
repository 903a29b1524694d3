#include "model/cel/checker.h"

#include <utility>

// Messages follow cel-go checker/errors.go: `undeclared reference to '%s' (in container '%s')`,
// `found no matching overload for '%s' applied to '%s'`, `undefined field '%s'`,
// `type '%s' does not support field selection`.

namespace drasim::model::cel {

namespace {

bool is_numeric(const Type* t) {
  return t->kind == TypeKind::kInt || t->kind == TypeKind::kUint || t->kind == TypeKind::kDouble;
}

bool is_dyn(const Type* t) {
  return t->kind == TypeKind::kDyn || t->kind == TypeKind::kTypeParam;
}

using Bindings = std::vector<std::pair<std::string, const Type*>>;

const Type* bound(const Bindings& b, const std::string& name) {
  for (const auto& [n, t] : b) {
    if (n == name) {
      return t;
    }
  }
  return nullptr;
}

bool assignable(const Type* param, const Type* arg, Bindings& b) {
  if (param->kind == TypeKind::kTypeParam) {
    if (const Type* t = bound(b, param->name)) {
      return assignable(t, arg, b);
    }
    b.emplace_back(param->name, arg);
    return true;
  }
  if (is_dyn(param) || is_dyn(arg)) {
    return true;
  }
  if (param->kind != arg->kind) {
    return false;
  }
  if (param->kind == TypeKind::kObject) {
    return param->name == arg->name;
  }
  for (std::size_t i = 0; i < param->params.size() && i < arg->params.size(); ++i) {
    if (!assignable(param->params[i], arg->params[i], b)) {
      return false;
    }
  }
  return true;
}

class Checker {
 public:
  Checker(Ast& ast, const Environment& env, TypeArena& arena)
      : ast_(ast),
        env_(env),
        arena_(arena),
        next_slot_(static_cast<int32_t>(env.variables().size())) {}

  CheckOutput run() {
    CheckOutput out;
    check(ast_.root);
    out.slot_count = next_slot_;
    out.error = std::move(error_);
    return out;
  }

 private:
  struct Local {
    std::string name;
    int32_t slot;
    const Type* type;
  };

  const Type* fail(int32_t idx, std::string message) {
    if (!error_) {
      error_ = ParseError{std::move(message), ast_.at(idx).line, ast_.at(idx).col};
    }
    return nullptr;
  }

  const Type* set(int32_t idx, const Type* t) {
    ast_.at(idx).type = t;
    return t;
  }

  const Type* prim(TypeKind k) const { return arena_.primitive(k); }

  const Type* check(int32_t idx) {
    if (error_) {
      return nullptr;
    }
    switch (ast_.at(idx).kind) {
      case NodeKind::kLiteral:
        return set(idx, literal_type(ast_.at(idx).literal));
      case NodeKind::kIdent:
        return check_ident(idx);
      case NodeKind::kSelect:
        return check_select(idx);
      case NodeKind::kCall:
        return check_call(idx);
      case NodeKind::kList:
        return check_list(idx);
      case NodeKind::kMap:
        return check_map(idx);
      case NodeKind::kComprehension:
        return check_comprehension(idx);
    }
    return nullptr;
  }

  const Type* literal_type(const Value& v) const {
    switch (v.kind()) {
      case ValueKind::kNull:
        return prim(TypeKind::kNull);
      case ValueKind::kBool:
        return prim(TypeKind::kBool);
      case ValueKind::kInt:
        return prim(TypeKind::kInt);
      case ValueKind::kUint:
        return prim(TypeKind::kUint);
      case ValueKind::kDouble:
        return prim(TypeKind::kDouble);
      case ValueKind::kString:
        return prim(TypeKind::kString);
      case ValueKind::kBytes:
        return prim(TypeKind::kBytes);
      case ValueKind::kType:
        return prim(TypeKind::kType);
      default:
        return prim(TypeKind::kDyn);
    }
  }

  const Local* find_local(const std::string& name) const {
    for (auto it = locals_.rbegin(); it != locals_.rend(); ++it) {
      if (it->name == name) {
        return &*it;
      }
    }
    return nullptr;
  }

  [[nodiscard]] bool is_variable(const std::string& name) const {
    return find_local(name) != nullptr || env_.variable_slot(name).has_value();
  }

  const Type* check_ident(int32_t idx) {
    Node& n = ast_.at(idx);
    if (const Local* l = find_local(n.name)) {
      n.slot = l->slot;
      return set(idx, l->type);
    }
    if (const auto slot = env_.variable_slot(n.name)) {
      n.slot = *slot;
      return set(idx, env_.variables()[static_cast<std::size_t>(*slot)].type);
    }
    static constexpr std::string_view kTypeNames[] = {"int",       "uint",  "double", "bool",
                                                      "string",    "bytes", "list",   "map",
                                                      "null_type", "type",  "dyn"};
    for (const auto t : kTypeNames) {
      if (n.name == t) {
        n.kind = NodeKind::kLiteral;
        n.literal = Value::type_value(n.name);
        return set(idx, prim(TypeKind::kType));
      }
    }
    return fail(idx, "undeclared reference to '" + n.name + "' (in container '')");
  }

  const Type* check_select(int32_t idx) {
    const int32_t operand = ast_.at(idx).children[0];
    const Type* t = check(operand);
    if (t == nullptr) {
      return nullptr;
    }
    const Node& n = ast_.at(idx);
    if (n.optional && t->kind == TypeKind::kOptional) {
      t = t->params[0];
    }
    const Type* field = nullptr;
    switch (t->kind) {
      case TypeKind::kObject:
        field = t->field(n.name);
        if (field == nullptr) {
          return fail(idx, "undefined field '" + n.name + "'");
        }
        break;
      case TypeKind::kMap:
        if (!is_dyn(t->params[0]) && t->params[0]->kind != TypeKind::kString) {
          return fail(idx, "type '" + type_name(t) + "' does not support field selection");
        }
        field = t->params[1];
        break;
      case TypeKind::kDyn:
      case TypeKind::kTypeParam:
        field = prim(TypeKind::kDyn);
        break;
      default:
        return fail(idx, "type '" + type_name(t) + "' does not support field selection");
    }
    if (n.test_only) {
      return set(idx, prim(TypeKind::kBool));
    }
    return set(idx, n.optional ? arena_.optional(field) : field);
  }

  /// `ns.f(args)` where `ns` is not a variable but `ns.f` is a namespaced global function
  /// (`optional.of`, `lists.range`, `sets.contains`, `strings.quote`).
  void rewrite_namespaced(Node& n) {
    if (!n.has_target) {
      return;
    }
    const Node& target = ast_.at(n.children[0]);
    if (target.kind != NodeKind::kIdent || is_variable(target.name)) {
      return;
    }
    const std::string qualified = target.name + "." + n.name;
    if (env_.function(qualified, false) != nullptr) {
      n.name = qualified;
      n.has_target = false;
      n.children.erase(n.children.begin());
    }
  }

  const Type* check_call(int32_t idx) {
    rewrite_namespaced(ast_.at(idx));
    const FunctionDecl* decl = env_.function(ast_.at(idx).name, ast_.at(idx).has_target);
    if (decl == nullptr) {
      if (ast_.at(idx).has_target && env_.function(ast_.at(idx).name, false) == nullptr
          && !check(ast_.at(idx).children[0])) {
        return nullptr;
      }
      return fail(idx, "undeclared reference to '" + ast_.at(idx).name + "' (in container '')");
    }
    std::vector<const Type*> args;
    const std::vector<int32_t> children = ast_.at(idx).children;
    for (const int32_t c : children) {
      const Type* t = check(c);
      if (t == nullptr) {
        return nullptr;
      }
      args.push_back(t);
    }
    Node& n = ast_.at(idx);
    n.function = decl->id;
    if ((decl->id == FunctionId::kEquals || decl->id == FunctionId::kNotEquals) && args.size() == 2
        && is_numeric(args[0]) && is_numeric(args[1])) {
      return set(idx, prim(TypeKind::kBool));  // heterogeneous numeric equality
    }
    const Type* result = resolve(*decl, args);
    if (result == nullptr) {
      return fail(idx, "found no matching overload for '" + n.name + "' applied to '"
                           + signature_text(n.has_target, args) + "'");
    }
    return set(idx, result);
  }

  static std::string signature_text(bool receiver, const std::vector<const Type*>& args) {
    std::string out;
    std::size_t first = 0;
    if (receiver && !args.empty()) {
      out = type_name(args[0]) + ".";
      first = 1;
    }
    out += "(";
    for (std::size_t i = first; i < args.size(); ++i) {
      out += (i > first ? ", " : "") + type_name(args[i]);
    }
    return out + ")";
  }

  const Type* resolve(const FunctionDecl& decl, const std::vector<const Type*>& args) {
    const Type* result = nullptr;
    bool ambiguous = false;
    for (const Overload& o : decl.overloads) {
      if (o.params.size() != args.size()) {
        continue;
      }
      Bindings b;
      bool ok = true;
      for (std::size_t i = 0; i < args.size() && ok; ++i) {
        ok = assignable(o.params[i], args[i], b);
      }
      if (!ok) {
        continue;
      }
      const Type* r = substitute(o.result, b);
      if (result != nullptr && type_name(result) != type_name(r)) {
        ambiguous = true;
      }
      if (result == nullptr) {
        result = r;
      }
    }
    return ambiguous ? prim(TypeKind::kDyn) : result;
  }

  const Type* substitute(const Type* t, const Bindings& b) {
    switch (t->kind) {
      case TypeKind::kTypeParam: {
        const Type* bt = bound(b, t->name);
        return bt == nullptr ? prim(TypeKind::kDyn) : bt;
      }
      case TypeKind::kList:
        return arena_.list(substitute(t->params[0], b));
      case TypeKind::kMap:
        return arena_.map(substitute(t->params[0], b), substitute(t->params[1], b));
      case TypeKind::kOptional:
        return arena_.optional(substitute(t->params[0], b));
      default:
        return t;
    }
  }

  /// The common type of aggregate literal entries, or dyn when they differ.
  static const Type* join(const Type* a, const Type* b, const Type* dyn) {
    if (a == nullptr) {
      return b;
    }
    return type_name(a) == type_name(b) ? a : dyn;
  }

  const Type* check_list(int32_t idx) {
    const Type* elem = nullptr;
    const std::vector<int32_t> children = ast_.at(idx).children;
    for (const int32_t c : children) {
      const Type* t = check(c);
      if (t == nullptr) {
        return nullptr;
      }
      elem = join(elem, t, prim(TypeKind::kDyn));
    }
    return set(idx, arena_.list(elem == nullptr ? prim(TypeKind::kDyn) : elem));
  }

  const Type* check_map(int32_t idx) {
    const Type* key = nullptr;
    const Type* value = nullptr;
    const std::vector<int32_t> children = ast_.at(idx).children;
    for (std::size_t i = 0; i < children.size(); ++i) {
      const Type* t = check(children[i]);
      if (t == nullptr) {
        return nullptr;
      }
      if (i % 2 == 0) {
        if (t->kind != TypeKind::kString && t->kind != TypeKind::kInt && t->kind != TypeKind::kUint
            && t->kind != TypeKind::kBool && !is_dyn(t)) {
          return fail(children[i], "unsupported map key type: " + type_name(t));
        }
        key = join(key, t, prim(TypeKind::kDyn));
      } else {
        value = join(value, t, prim(TypeKind::kDyn));
      }
    }
    const Type* dyn = prim(TypeKind::kDyn);
    return set(idx, arena_.map(key ? key : dyn, value ? value : dyn));
  }

  const Type* check_comprehension(int32_t idx) {
    const std::vector<int32_t> c = ast_.at(idx).children;
    const Type* range = check(c[0]);
    const Type* init = range ? check(c[1]) : nullptr;
    if (init == nullptr) {
      return nullptr;
    }
    const Type* dyn = prim(TypeKind::kDyn);
    const Type* it1 = dyn;
    const Type* it2 = dyn;
    const bool two = !ast_.at(idx).iter_name2.empty();
    switch (range->kind) {
      case TypeKind::kList:
        it1 = two ? prim(TypeKind::kInt) : range->params[0];
        it2 = range->params[0];
        break;
      case TypeKind::kMap:
        it1 = range->params[0];
        it2 = range->params[1];
        break;
      case TypeKind::kDyn:
      case TypeKind::kTypeParam:
        break;
      default:
        return fail(c[0], "expression of type '" + type_name(range) +
                              "' cannot be the range of a comprehension (must be list, map, or "
                              "dynamic)");
    }
    Node& n = ast_.at(idx);
    n.slot2 = next_slot_++;
    locals_.push_back(Local{n.accu_name, n.slot2, init});
    const std::size_t accu_index = locals_.size() - 1;
    n.slot = next_slot_++;
    locals_.push_back(Local{n.name, n.slot, it1});
    if (two) {
      n.slot3 = next_slot_++;
      locals_.push_back(Local{n.iter_name2, n.slot3, it2});
    }
    const Type* cond = check(c[2]);
    const Type* step = cond ? check(c[3]) : nullptr;
    locals_.resize(accu_index + 1);
    if (step == nullptr) {
      return nullptr;
    }
    if (init->kind == TypeKind::kList && step->kind == TypeKind::kList) {
      locals_[accu_index].type = step;  // `map`/`filter`: the accumulator takes the step's type
    }
    const Type* result = check(c[4]);
    locals_.resize(accu_index);
    return result ? set(idx, result) : nullptr;
  }

  Ast& ast_;
  const Environment& env_;
  TypeArena& arena_;
  int32_t next_slot_;
  std::vector<Local> locals_;
  std::optional<ParseError> error_;
};

}  // namespace

CheckOutput check(Ast& ast, const Environment& env, TypeArena& arena) {
  return Checker(ast, env, arena).run();
}

}  // namespace drasim::model::cel
