#include "model/cel/cost_estimator.h"

#include "model/cel/types.h"

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace drasim::model::cel {

namespace {

constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
constexpr double kStringTraversal = 0.1;
constexpr double kRegexLength = 0.25;

uint64_t add_sat(uint64_t a, uint64_t b) {
  return b > 0 && a > kMax - b ? kMax : a + b;
}

uint64_t mul_sat(uint64_t a, uint64_t b) {
  return b != 0 && a > kMax / b ? kMax : a * b;
}

uint64_t factor(uint64_t x, double f) {
  const auto xf = static_cast<double>(x);
  if (xf > 0 && f > 0 && xf > static_cast<double>(kMax) / f) {
    return kMax;
  }
  const double c = std::ceil(xf * f);
  return c >= std::ldexp(1.0, 64) ? kMax : static_cast<uint64_t>(c);
}

/// A [min, max] range; used for both sizes and costs as in cel-go.
struct Range {
  uint64_t min = 0;
  uint64_t max = 0;

  Range operator+(Range o) const { return {add_sat(min, o.min), add_sat(max, o.max)}; }

  Range operator*(Range o) const { return {mul_sat(min, o.min), mul_sat(max, o.max)}; }

  [[nodiscard]] Range scale(double f) const { return {factor(min, f), factor(max, f)}; }

  [[nodiscard]] Range join(Range o) const { return {std::min(min, o.min), std::max(max, o.max)}; }
};

constexpr Range kUnknown{0, kMax};
constexpr Range kOne{1, 1};

struct Local {
  std::string name;
  const Type* path;  ///< declared type reached by the variable's field path, or nullptr
  std::optional<Range> size;
  std::optional<Range> entry_value_size;  ///< element size of a literal aggregate
};

class Estimator {
 public:
  explicit Estimator(const Ast& ast)
      : ast_(ast),
        path_(ast.nodes.size(), nullptr),
        size_(ast.nodes.size()),
        entry_(ast.nodes.size()) {}

  Range cost(int32_t i) {
    const Node& n = ast_.at(i);
    switch (n.kind) {
      case NodeKind::kLiteral:
        return {};
      case NodeKind::kIdent:
        return cost_ident(i);
      case NodeKind::kSelect:
        return cost_select(i);
      case NodeKind::kCall:
        return cost_call(i);
      case NodeKind::kList:
      case NodeKind::kMap:
        return cost_aggregate(i);
      case NodeKind::kComprehension:
        return is_bind(n) ? cost_bind(i) : cost_comprehension(i);
    }
    return {};
  }

 private:
  const Node& at(int32_t i) const { return ast_.at(i); }

  static std::size_t u(int32_t i) { return static_cast<std::size_t>(i); }

  const Local* local(const std::string& name) const {
    for (auto it = locals_.rbegin(); it != locals_.rend(); ++it) {
      if (it->name == name) {
        return &*it;
      }
    }
    return nullptr;
  }

  /// cel-go computeSize: computed sizes, literal sizes, declared (path) sizes, scalar types,
  /// then local variable sizes.
  std::optional<Range> size(int32_t i) const {
    if (size_[u(i)]) {
      return size_[u(i)];
    }
    const Node& n = at(i);
    if (n.kind == NodeKind::kLiteral) {
      const Value& v = n.literal;
      if (v.kind() == ValueKind::kString || v.kind() == ValueKind::kBytes) {
        const uint64_t s = value_size(v);
        return Range{s, s};
      }
      if (v.kind() == ValueKind::kType) {
        return std::nullopt;
      }
      return kOne;
    }
    if (n.kind == NodeKind::kList || n.kind == NodeKind::kMap) {
      const uint64_t s = n.kind == NodeKind::kList ? n.children.size() : n.children.size() / 2;
      return Range{s, s};
    }
    if (const Type* p = path_[u(i)]; p != nullptr && p->max_size) {
      return Range{0, *p->max_size};
    }
    if (n.type != nullptr && is_scalar(n.type)) {
      return kOne;
    }
    if (n.kind == NodeKind::kIdent) {
      if (const Local* l = local(n.name); l != nullptr && l->size) {
        return l->size;
      }
    }
    return std::nullopt;
  }

  static bool is_scalar(const Type* t) {
    switch (t->kind) {
      case TypeKind::kBool:
      case TypeKind::kInt:
      case TypeKind::kUint:
      case TypeKind::kDouble:
        return true;
      case TypeKind::kOptional:
        return is_scalar(t->params[0]);
      default:
        return false;
    }
  }

  Range size_or_unknown(int32_t i) const { return size(i).value_or(kUnknown); }

  Range cost_ident(int32_t i) {
    const Node& n = at(i);
    if (const Local* l = local(n.name)) {
      path_[u(i)] = l->path;
      if (l->entry_value_size) {
        entry_[u(i)] = l->entry_value_size;
      }
    } else if (n.name != kAccumulatorName) {
      path_[u(i)] = n.type;  // a declared variable: its declared type starts the path
    }
    return kOne;
  }

  Range cost_select(int32_t i) {
    const Node& n = at(i);
    const int32_t operand = n.children[0];
    Range sum = cost(operand);
    if (n.test_only) {
      return sum + kOne;  // presence tests cost 1 (PresenceTestHasCost)
    }
    const Type* t = at(operand).type;
    if (t != nullptr
        && (t->kind == TypeKind::kMap || t->kind == TypeKind::kObject
            || t->kind == TypeKind::kTypeParam)) {
      sum = sum + kOne;
    }
    if (const Type* p = path_[u(operand)]) {
      if (p->kind == TypeKind::kObject) {
        path_[u(i)] = p->field(n.name);
      } else if (p->kind == TypeKind::kMap && p->select_keeps_size) {
        path_[u(i)] = p->params[1];
      }
    }
    return sum;
  }

  Range cost_aggregate(int32_t i) {
    const Node& n = at(i);
    Range sum;
    std::optional<Range> values;
    for (std::size_t k = 0; k < n.children.size(); ++k) {
      sum = sum + cost(n.children[k]);
      if (n.kind == NodeKind::kList || k % 2 == 1) {
        const Range s = size_or_unknown(n.children[k]);
        values = values ? values->join(s) : s;
      }
    }
    entry_[u(i)] = values.value_or(Range{});
    return sum + (n.kind == NodeKind::kList ? Range{10, 10} : Range{30, 30});
  }

  static bool is_bind(const Node& n) { return n.accu_name != kAccumulatorName; }

  Local local_for(const std::string& name, int32_t init) const {
    return Local{name, path_[u(init)], size(init), entry_[u(init)]};
  }

  Range cost_bind(int32_t i) {
    const Node& n = at(i);
    Range sum = cost(n.children[0]) + cost(n.children[1]);
    locals_.push_back(local_for(n.accu_name, n.children[1]));
    sum = sum + cost(n.children[4]);
    locals_.pop_back();
    size_[u(i)] = size(n.children[4]);
    return sum;
  }

  Range cost_comprehension(int32_t i) {
    const Node& n = at(i);
    const int32_t range = n.children[0];
    Range sum = cost(range) + cost(n.children[1]);
    locals_.push_back(local_for(n.accu_name, n.children[1]));
    const Type* rt = at(range).type;
    const bool is_list = rt != nullptr && rt->kind == TypeKind::kList;
    const Type* rp = path_[u(range)];
    const auto elem_path = [&](int which) -> const Type* {
      if (rp == nullptr || (rp->kind != TypeKind::kList && rp->kind != TypeKind::kMap)) {
        return nullptr;
      }
      return rp->kind == TypeKind::kList ? rp->params[0]
                                         : rp->params[static_cast<std::size_t>(which)];
    };
    const bool two = !n.iter_name2.empty();
    Local first{n.name, nullptr, std::nullopt, std::nullopt};
    if (two) {
      first.path = is_list ? nullptr : elem_path(0);
      locals_.push_back(first);
      locals_.push_back(Local{n.iter_name2, elem_path(1), is_list ? entry_[u(range)] : std::nullopt,
                              std::nullopt});
    } else {
      first.path = elem_path(0);
      if (is_list) {
        first.size = entry_[u(range)];
      }
      locals_.push_back(first);
    }
    const Range loop = cost(n.children[2]);
    const Range step = cost(n.children[3]);
    locals_.pop_back();
    if (two) {
      locals_.pop_back();
    }
    sum = sum + cost(n.children[4]);
    locals_.pop_back();
    const Range count = size_or_unknown(range);
    sum = sum + count * (step + loop);
    const NodeKind init_kind = at(n.children[1]).kind;
    if (init_kind == NodeKind::kLiteral) {
      size_[u(i)] = size(n.children[1]);
    } else if (init_kind == NodeKind::kList || init_kind == NodeKind::kMap) {
      size_[u(i)] = count;
    }
    return sum;
  }

  Range cost_call(int32_t i) {
    const Node& n = at(i);
    std::vector<Range> arg_costs;
    Range target_cost;
    const std::size_t first_arg = n.has_target ? 1 : 0;
    if (n.has_target) {
      target_cost = cost(n.children[0]);
    }
    for (std::size_t k = first_arg; k < n.children.size(); ++k) {
      arg_costs.push_back(cost(n.children[k]));
    }
    Range args_sum;
    for (const Range& r : arg_costs) {
      args_sum = args_sum + r;
    }
    if (n.function == FunctionId::kDyn) {
      size_[u(i)] = size(n.children[0]);
      path_[u(i)] = path_[u(n.children[0])];
      return kOne + args_sum;
    }
    if (n.function == FunctionId::kIndex || n.function == FunctionId::kOptIndex) {
      index_path(i);
    }
    return target_cost + function_cost(i, arg_costs, args_sum);
  }

  void index_path(int32_t i) {
    const Node& n = at(i);
    const int32_t container = n.children[0];
    if (entry_[u(container)]) {
      size_[u(i)] = entry_[u(container)];
    }
    const Type* p = path_[u(container)];
    if (p != nullptr && p->kind == TypeKind::kList) {
      path_[u(i)] = p->params[0];
    } else if (p != nullptr && p->kind == TypeKind::kMap) {
      path_[u(i)] = p->params[1];
    }
  }

  /// The part of a call's cost that depends on the function (cel-go functionCost, with the
  /// Kubernetes EstimateCallCost consulted first, by function name, for receiver calls).
  Range function_cost(int32_t i, const std::vector<Range>& arg_costs, Range args_sum) {
    const Node& n = at(i);
    const std::optional<int32_t> target =
        n.has_target ? std::optional<int32_t>(n.children[0]) : std::nullopt;
    const auto arg = [&](std::size_t k) {
      return n.children[k + (n.has_target ? 1 : 0)];
    };
    const std::size_t nargs = n.children.size() - (n.has_target ? 1 : 0);
    if (const auto ext = ext_cost(i, target, nargs, arg)) {
      return *ext + args_sum;
    }
    if (const auto k8s = k8s_cost(i, target, nargs, arg)) {
      return *k8s + args_sum;
    }
    const auto type_kind = [&](int32_t node) {
      return at(node).type ? at(node).type->kind : TypeKind::kDyn;
    };
    switch (n.function) {
      case FunctionId::kFormat:
        if (target) {
          return size_or_unknown(*target).scale(kStringTraversal) + args_sum;
        }
        break;
      case FunctionId::kToBytes:
      case FunctionId::kQuote:
        if (nargs == 1
            && (n.function == FunctionId::kQuote || type_kind(arg(0)) == TypeKind::kString)) {
          return size_or_unknown(arg(0)).scale(kStringTraversal) + args_sum;
        }
        break;
      case FunctionId::kToString:
        if (nargs == 1 && type_kind(arg(0)) == TypeKind::kBytes) {
          return size_or_unknown(arg(0)).scale(kStringTraversal) + args_sum;
        }
        break;
      case FunctionId::kStartsWith:
      case FunctionId::kEndsWith:
        if (nargs == 1) {
          return size_or_unknown(arg(0)).scale(kStringTraversal) + args_sum;
        }
        break;
      case FunctionId::kIn:
        if (type_kind(arg(1)) == TypeKind::kList) {
          return size_or_unknown(arg(1)) + args_sum;
        }
        break;
      case FunctionId::kMatches:
        if (target && nargs == 1) {
          const Range str = (size_or_unknown(*target) + kOne).scale(kStringTraversal);
          return str * size_or_unknown(arg(0)).scale(kRegexLength) + args_sum;
        }
        break;
      case FunctionId::kContains:
        if (target && nargs == 1) {
          return size_or_unknown(*target).scale(kStringTraversal)
                     * size_or_unknown(arg(0)).scale(kStringTraversal)
                 + args_sum;
        }
        break;
      case FunctionId::kLogicalAnd:
      case FunctionId::kLogicalOr:
        return Range{arg_costs[0].min, add_sat(arg_costs[0].max, arg_costs[1].max)};
      case FunctionId::kConditional:
        size_[u(i)] = size_or_unknown(arg(1)).join(size_or_unknown(arg(2)));
        return arg_costs[0] + arg_costs[1].join(arg_costs[2]);
      case FunctionId::kAdd: {
        const TypeKind k = type_kind(arg(0));
        if (k == TypeKind::kString || k == TypeKind::kBytes || k == TypeKind::kList) {
          const Range result = size_or_unknown(arg(0)) + size_or_unknown(arg(1));
          size_[u(i)] = result;
          if (k == TypeKind::kList) {
            return kOne + args_sum;
          }
          return result.scale(kStringTraversal) + args_sum;
        }
        break;
      }
      case FunctionId::kLess:
      case FunctionId::kLessEquals:
      case FunctionId::kGreater:
      case FunctionId::kGreaterEquals: {
        const TypeKind k = type_kind(arg(0));
        if (k != TypeKind::kString && k != TypeKind::kBytes) {
          break;
        }
        [[fallthrough]];
      }
      case FunctionId::kEquals:
      case FunctionId::kNotEquals: {
        const uint64_t smallest =
            std::min(size_or_unknown(arg(0)).max, size_or_unknown(arg(1)).max);
        return Range{smallest > 0 ? 1U : 0U, smallest}.scale(kStringTraversal) + args_sum;
      }
      default:
        break;
    }
    return kOne + args_sum;
  }

  /// cel-go nodeAsIntValue (ext/lists.go): an int literal's value (0 if negative), else `fallback`.
  uint64_t literal_uint(int32_t node, uint64_t fallback) const {
    const Node& a = at(node);
    if (a.kind != NodeKind::kLiteral || a.literal.kind() != ValueKind::kInt) {
      return fallback;
    }
    return a.literal.as_int() < 0 ? 0 : static_cast<uint64_t>(a.literal.as_int());
  }

  /// The estimators cel-go's extension libraries register per overload, consulted before the
  /// Kubernetes ones (checker/cost.go functionCost: overloadEstimators first): ext/lists.go at
  /// version 3 (estimateListSlice, estimateListsRange, estimateListReverse, estimateListFlatten,
  /// estimateListDistinct, estimateListSortCost, all through estimateAllocatingListCall: the
  /// size times a factor, plus 1 for the call and ListCreateBaseCost 10, the size being the
  /// result's) and ext/sets.go estimateSetsCost (the product of the sizes times 1, or 2 for
  /// sets.equivalent, plus 1).
  template <typename ArgFn>
  std::optional<Range> ext_cost(int32_t i, std::optional<int32_t> target, std::size_t nargs,
                                ArgFn arg) {
    const Node& n = at(i);
    constexpr Range kCallAndList{11, 11};
    const auto allocating = [&](double factor, Range size) {
      size_[u(i)] = size;
      return size.scale(factor) + kCallAndList;
    };
    const auto target_is_list = [&] {
      const Type* t = target ? at(*target).type : nullptr;
      return t == nullptr || t->kind == TypeKind::kList || t->kind == TypeKind::kDyn;
    };
    switch (n.function) {
      case FunctionId::kSlice:
        if (target && nargs == 2) {
          const Range sz = size_or_unknown(*target);
          const uint64_t start = literal_uint(arg(0), 0);
          const uint64_t end = literal_uint(arg(1), sz.max);
          const uint64_t count = end - start;  // unsigned, as upstream's
          return allocating(1, Range{count, count});
        }
        return std::nullopt;
      case FunctionId::kListsRange:
        if (!target && nargs == 1) {
          const uint64_t count = literal_uint(arg(0), kMax);
          return allocating(1, Range{count, count});
        }
        return std::nullopt;
      case FunctionId::kReverse:
        if (target && nargs == 0 && target_is_list()) {
          return allocating(1, size_or_unknown(*target));
        }
        return std::nullopt;
      case FunctionId::kFlatten:
        if (target && nargs <= 1) {
          const uint64_t depth = nargs == 1 ? literal_uint(arg(0), kMax) : 1;
          return allocating(static_cast<double>(depth), size_or_unknown(*target));
        }
        return std::nullopt;
      case FunctionId::kDistinct:
      case FunctionId::kSort:
        if (target && nargs == 0) {
          const Range sz = size_or_unknown(*target);
          double factor = 2;
          if (n.function == FunctionId::kSort) {
            // One overload per comparable type; string and bytes add the traversal factor, and
            // an element type the checker cannot pin down admits all of them.
            const Type* t = at(*target).type;
            const TypeKind ek =
                (t != nullptr && t->kind == TypeKind::kList) ? t->params[0]->kind : TypeKind::kDyn;
            const bool plain = ek == TypeKind::kInt || ek == TypeKind::kUint
                               || ek == TypeKind::kDouble || ek == TypeKind::kBool;
            factor += plain ? 0 : kStringTraversal;
          }
          return allocating(factor, sz * sz);
        }
        return std::nullopt;
      case FunctionId::kSetsContains:
      case FunctionId::kSetsIntersects:
      case FunctionId::kSetsEquivalent:
        if (!target && nargs == 2) {
          const double factor = n.function == FunctionId::kSetsEquivalent ? 2 : 1;
          return (size_or_unknown(arg(0)) * size_or_unknown(arg(1))).scale(factor) + kOne;
        }
        return std::nullopt;
      default:
        return std::nullopt;
    }
  }

  template <typename ArgFn>
  std::optional<Range> k8s_cost(int32_t i, std::optional<int32_t> target, std::size_t nargs,
                                ArgFn arg) {
    if (!target) {
      return std::nullopt;
    }
    const Node& n = at(i);
    const Range ts = size_or_unknown(*target);
    switch (n.function) {
      case FunctionId::kIsSorted:
      case FunctionId::kSum:
      case FunctionId::kMax:
      case FunctionId::kMin:
      case FunctionId::kIndexOf:
      case FunctionId::kLastIndexOf: {
        const Type* t = at(*target).type;
        if (t != nullptr && t->kind == TypeKind::kList) {
          Range element = kOne;
          const TypeKind ek = t->params[0]->kind;
          if (ek == TypeKind::kString || ek == TypeKind::kBytes) {
            const Type* p = path_[u(*target)];
            const Type* ep = (p != nullptr && p->kind == TypeKind::kList) ? p->params[0] : nullptr;
            const Range es = (ep && ep->max_size) ? Range{0, *ep->max_size} : kUnknown;
            element = element + es.scale(kStringTraversal);
          }
          return ts * element;
        }
        return ts.scale(kStringTraversal);
      }
      case FunctionId::kLowerAscii:
      case FunctionId::kUpperAscii:
      case FunctionId::kSubstring:
      case FunctionId::kTrim:
        size_[u(i)] = ts;
        return ts.scale(kStringTraversal);
      case FunctionId::kReplace:
        return ts.scale(2 * kStringTraversal);
      case FunctionId::kSplit: {
        uint64_t max = ts.max;
        if (nargs > 1 && at(arg(1)).kind == NodeKind::kLiteral
            && at(arg(1)).literal.kind() == ValueKind::kInt) {
          max = static_cast<uint64_t>(at(arg(1)).literal.as_int());
        }
        size_[u(i)] = Range{0, max};
        return ts.scale(2 * kStringTraversal);
      }
      case FunctionId::kJoin: {
        Range s;
        const Type* p = path_[u(*target)];
        const Type* ep = (p != nullptr && p->kind == TypeKind::kList) ? p->params[0] : nullptr;
        s = ts * ((ep && ep->max_size) ? Range{0, *ep->max_size} : kUnknown);
        if (nargs > 0) {
          const Range seps{ts.min > 0 ? ts.min - 1 : 0, ts.max > 0 ? ts.max - 1 : 0};
          s = s + size_or_unknown(arg(0)) * seps;
        }
        size_[u(i)] = s;
        return s.scale(kStringTraversal);
      }
      case FunctionId::kFind:
      case FunctionId::kFindAll:
        if (nargs >= 1) {
          size_[u(i)] = Range{0, ts.max};
          return (ts + kOne).scale(kStringTraversal) * size_or_unknown(arg(0)).scale(kRegexLength);
        }
        return std::nullopt;
      case FunctionId::kSign:
      case FunctionId::kAsInteger:
      case FunctionId::kIsInteger:
      case FunctionId::kAsApproximateFloat:
      case FunctionId::kIsGreaterThan:
      case FunctionId::kIsLessThan:
      case FunctionId::kCompareTo:
      case FunctionId::kQuantityAdd:
      case FunctionId::kQuantitySub:
        return kOne;
      default:
        return std::nullopt;
    }
  }

  const Ast& ast_;
  std::vector<const Type*> path_;
  std::vector<std::optional<Range>> size_;
  std::vector<std::optional<Range>> entry_;
  std::vector<Local> locals_;
};

}  // namespace

uint64_t estimate_cost(const Ast& ast) {
  return Estimator(ast).cost(ast.root).max;
}

}  // namespace drasim::model::cel
