#include "model/cel/interpreter.h"

#include "model/cel/functions.h"

#include <re2/re2.h>

#include <algorithm>
#include <array>

// Evaluation semantics: cel-spec doc/langdef.md ("Evaluation", "Logical Operators": commutative
// error absorption of && and ||) and cel-go interpreter/interpretable.go. Error texts as cel-go:
// `no such key: %v`, `index '%d' out of range in list size '%d'`.

namespace drasim::model::cel {

namespace {

constexpr uint64_t kListCreateCost = 10;  // cel-go common.ListCreateBaseCost
constexpr uint64_t kMapCreateCost = 30;   // cel-go common.MapCreateBaseCost

/// Adds `amount`; false (and the state cancelled) once the limit is exceeded.
bool charge(EvalState& s, uint64_t amount) {
  s.cost = amount > UINT64_MAX - s.cost ? UINT64_MAX : s.cost + amount;
  if (s.cost > s.cost_limit) {
    s.cancelled = true;
    return false;
  }
  return true;
}

Value cancelled() {
  return Value::error(kCostLimitExceeded);
}

std::string key_text(const Value& key) {
  return key.kind() == ValueKind::kString ? key.as_string() : key.debug_string();
}

Value empty_map() {
  return Value::from_map(MapData{});
}

Value select_field(const Value& operand, const Node& n) {
  if (n.optional && operand.kind() == ValueKind::kOptional) {
    const Value* inner = operand.optional_value();
    return inner ? select_field(*inner, n) : Value::optional_none();
  }
  if (operand.kind() != ValueKind::kMap) {
    return Value::error("type '" + operand.type_name() + "' does not support field selection");
  }
  const MapData& m = operand.as_map();
  const Value* found = m.find_string(n.name);
  if (n.test_only) {
    return Value::from_bool(found != nullptr);
  }
  if (found == nullptr && m.missing_key_yields_empty_map) {
    return n.optional ? Value::optional_of(empty_map()) : empty_map();
  }
  if (n.optional) {
    return found ? Value::optional_of(*found) : Value::optional_none();
  }
  return found ? *found : Value::error("no such key: " + n.name);
}

Value index_value(const Value& container, const Value& key, bool optional) {
  if (optional && container.kind() == ValueKind::kOptional) {
    const Value* inner = container.optional_value();
    return inner ? index_value(*inner, key, true) : Value::optional_none();
  }
  if (container.kind() == ValueKind::kList) {
    const auto& l = container.as_list();
    int64_t i = 0;
    if (key.kind() == ValueKind::kInt) {
      i = key.as_int();
    } else if (key.kind() == ValueKind::kUint && key.as_uint() < (uint64_t{1} << 62)) {
      i = static_cast<int64_t>(key.as_uint());
    } else if (key.kind() == ValueKind::kDouble
               && key.as_double() == static_cast<double>(static_cast<int64_t>(key.as_double()))) {
      i = static_cast<int64_t>(key.as_double());
    } else {
      return no_such_overload(FunctionId::kIndex, std::array{container, key});
    }
    if (i < 0 || i >= static_cast<int64_t>(l.size())) {
      return optional ? Value::optional_none()
                      : Value::error("index '" + std::to_string(i) + "' out of range in list size '"
                                     + std::to_string(l.size()) + "'");
    }
    const Value& v = l[static_cast<std::size_t>(i)];
    return optional ? Value::optional_of(v) : v;
  }
  if (container.kind() == ValueKind::kMap) {
    const MapData& m = container.as_map();
    const Value* found = m.find(key);
    if (found == nullptr && m.missing_key_yields_empty_map) {
      return optional ? Value::optional_of(empty_map()) : empty_map();
    }
    if (optional) {
      return found ? Value::optional_of(*found) : Value::optional_none();
    }
    return found ? *found : Value::error("no such key: " + key_text(key));
  }
  return no_such_overload(FunctionId::kIndex, std::array{container, key});
}

/// `&&` / `||`: the deciding value (false for &&, true for ||) wins over an error on either
/// side; otherwise the first error is reported.
Value logical(EvalState& s, const Node& n, bool is_and) {
  const Value lhs = evaluate_node(s, n.children[0]);
  if (s.cancelled) {
    return cancelled();
  }
  if (lhs.kind() == ValueKind::kBool && lhs.as_bool() != is_and) {
    return lhs;
  }
  const Value rhs = evaluate_node(s, n.children[1]);
  if (s.cancelled) {
    return cancelled();
  }
  if (rhs.kind() == ValueKind::kBool && rhs.as_bool() != is_and) {
    return rhs;
  }
  if (lhs.is_error()) {
    return lhs;
  }
  if (rhs.is_error()) {
    return rhs;
  }
  if (lhs.kind() != ValueKind::kBool || rhs.kind() != ValueKind::kBool) {
    return no_such_overload(is_and ? FunctionId::kLogicalAnd : FunctionId::kLogicalOr,
                            std::array{lhs, rhs});
  }
  return lhs;
}

Value conditional(EvalState& s, const Node& n) {
  const Value cond = evaluate_node(s, n.children[0]);
  if (cond.is_error()) {
    return cond;
  }
  if (cond.kind() != ValueKind::kBool) {
    return no_such_overload(FunctionId::kConditional, std::array{cond});
  }
  return evaluate_node(s, n.children[cond.as_bool() ? 1 : 2]);
}

constexpr std::size_t kRuntimeRegexes = 64;

/// The compiled pattern for a regex call whose pattern was computed at run time: from this
/// evaluation's cache, or compiled and charged its program size. nullptr when the pattern does
/// not compile (the call then reports RE2's error) or when the charge cancels the evaluation.
const re2::RE2* runtime_regex(EvalState& s, const std::string& pattern) {
  const auto hit = std::find_if(s.regexes.begin(), s.regexes.end(),
                                [&](const RuntimeRegex& r) { return r.pattern == pattern; });
  if (hit != s.regexes.end()) {
    return hit->compiled.get();
  }
  auto compiled = std::make_shared<const re2::RE2>(pattern, re2::RE2::Quiet);
  if (!compiled->ok() || !charge(s, static_cast<uint64_t>(compiled->ProgramSize()))) {
    return nullptr;
  }
  if (s.regexes.size() == kRuntimeRegexes) {
    s.regexes.erase(s.regexes.begin());
  }
  s.regexes.push_back({pattern, std::move(compiled)});
  return s.regexes.back().compiled.get();
}

bool is_regex_call(FunctionId id) {
  return id == FunctionId::kMatches || id == FunctionId::kFind || id == FunctionId::kFindAll;
}

Value call(EvalState& s, int32_t index, const Node& n) {
  switch (n.function) {
    case FunctionId::kLogicalAnd:
      return logical(s, n, true);
    case FunctionId::kLogicalOr:
      return logical(s, n, false);
    case FunctionId::kConditional:
      return conditional(s, n);
    default:
      break;
  }
  std::array<Value, 4> args;
  const std::size_t count = std::min<std::size_t>(n.children.size(), args.size());
  for (std::size_t i = 0; i < count; ++i) {
    args[i] = evaluate_node(s, n.children[i]);
    if (args[i].is_error()) {
      return args[i];
    }
  }
  const std::span<const Value> view(args.data(), count);
  if (n.function == FunctionId::kIndex || n.function == FunctionId::kOptIndex) {
    if (!charge(s, 1) || count != 2) {
      return cancelled();
    }
    return index_value(args[0], args[1], n.function == FunctionId::kOptIndex);
  }
  if (!charge(s, call_cost(n.function, view, s.cost_limit - std::min(s.cost, s.cost_limit)))) {
    return cancelled();
  }
  const re2::RE2* re = s.program.constant_regex.empty()
                           ? nullptr
                           : s.program.constant_regex[static_cast<std::size_t>(index)].get();
  if (re == nullptr && is_regex_call(n.function) && count == 2
      && args[1].kind() == ValueKind::kString) {
    re = runtime_regex(s, args[1].as_string());
    if (s.cancelled) {
      return cancelled();
    }
  }
  return call_function(n.function, view, re);
}

Value comprehension(EvalState& s, const Node& n) {
  const Value range = evaluate_node(s, n.children[0]);
  if (range.is_error()) {
    return range;
  }
  const Value init = evaluate_node(s, n.children[1]);
  if (init.is_error()) {
    return init;
  }
  auto& slots = s.slots;
  const auto slot = [](int32_t i) {
    return static_cast<std::size_t>(i);
  };
  slots[slot(n.slot2)] = init;
  const bool two = n.slot3 >= 0;
  const auto step = [&](const Value& first, const Value& second) {
    slots[slot(n.slot)] = first;
    if (two) {
      slots[slot(n.slot3)] = second;
    }
    const Value cond = evaluate_node(s, n.children[2]);
    if (cond.kind() == ValueKind::kBool && !cond.as_bool()) {
      return false;
    }
    slots[slot(n.slot2)] = evaluate_node(s, n.children[3]);
    return !s.cancelled;
  };
  if (range.kind() == ValueKind::kList) {
    const auto& items = range.as_list();
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (!step(two ? Value::from_int(static_cast<int64_t>(i)) : items[i], items[i])) {
        break;
      }
    }
  } else if (range.kind() == ValueKind::kMap) {
    for (const auto& [k, v] : range.as_map().entries) {
      if (!step(k, v)) {
        break;
      }
    }
  } else {
    return no_such_overload(FunctionId::kUnknown, std::array{range});
  }
  if (s.cancelled) {
    return cancelled();
  }
  Value result = evaluate_node(s, n.children[4]);
  slots[slot(n.slot2)] = Value();
  return result;
}

Value aggregate(EvalState& s, const Node& n) {
  if (!charge(s, n.kind == NodeKind::kList ? kListCreateCost : kMapCreateCost)) {
    return cancelled();
  }
  if (n.literal.kind() == ValueKind::kList) {
    return n.literal;  // a constant list, prebuilt at compile time
  }
  std::vector<Value> items;
  items.reserve(n.children.size());
  for (const int32_t c : n.children) {
    Value v = evaluate_node(s, c);
    if (v.is_error()) {
      return v;
    }
    items.push_back(std::move(v));
  }
  if (n.kind == NodeKind::kList) {
    return Value::from_list(std::move(items));
  }
  MapData m;
  for (std::size_t i = 0; i + 1 < items.size(); i += 2) {
    if (m.find(items[i]) != nullptr) {
      return Value::error("Failed with repeated key");
    }
    m.entries.emplace_back(std::move(items[i]), std::move(items[i + 1]));
  }
  return Value::from_map(std::move(m));
}

}  // namespace

Value evaluate_node(EvalState& s, int32_t index) {
  if (s.cancelled) {
    return cancelled();
  }
  const Node& n = s.program.ast.at(index);
  switch (n.kind) {
    case NodeKind::kLiteral:
      return n.literal;
    case NodeKind::kIdent:
      if (!charge(s, 1)) {
        return cancelled();
      }
      return s.slots[static_cast<std::size_t>(n.slot)];
    case NodeKind::kSelect: {
      const Value operand = evaluate_node(s, n.children[0]);
      if (operand.is_error()) {
        return operand;
      }
      if (!charge(s, 1)) {
        return cancelled();
      }
      return select_field(operand, n);
    }
    case NodeKind::kCall:
      return call(s, index, n);
    case NodeKind::kList:
    case NodeKind::kMap:
      return aggregate(s, n);
    case NodeKind::kComprehension:
      return comprehension(s, n);
  }
  return Value::error("unknown node");
}

}  // namespace drasim::model::cel
