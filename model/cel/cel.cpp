#include "model/cel/cel.h"

#include "model/cel/checker.h"
#include "model/cel/cost_estimator.h"
#include "model/cel/interpreter.h"
#include "model/cel/parser.h"

#include <re2/re2.h>

// The device environment and validation follow k8s dynamic-resource-allocation/cel/compile.go
// (types, size limits, result-type check, DeviceMatches) and pkg/apis/resource/validation
// (validateCELSelector). Size limits from k8s.io/api/resource: DeviceAttributeMaxValueLength 64,
// DeviceMaxDomainLength 63, DeviceMaxIDLength 32, DriverNameMaxLength 63,
// ResourceSliceMaxAttributesAndCapacitiesPerDevice 32.

namespace drasim::model::cel {

namespace {

constexpr uint64_t kAttributeValueMaxLength = 64;
constexpr uint64_t kDomainMaxLength = 63;
constexpr uint64_t kIdMaxLength = 32;
constexpr uint64_t kDriverNameMaxLength = 63;
constexpr uint64_t kMaxAttributesPerDevice = 32;

const Type* sized(TypeArena& arena, TypeKind kind, uint64_t max) {
  Type t;
  t.kind = kind;
  t.max_size = max;
  return arena.add(std::move(t));
}

const Type* sized_map(TypeArena& arena, const Type* key, const Type* value, bool keeps_size) {
  Type t;
  t.kind = TypeKind::kMap;
  t.params = {key, value};
  t.max_size = kMaxAttributesPerDevice;
  t.select_keeps_size = keeps_size;
  return arena.add(std::move(t));
}

CompileError located(const ParseError& e) {
  return CompileError{
      "ERROR: <input>:" + std::to_string(e.line) + ":" + std::to_string(e.col) + ": " + e.message,
      e.line, e.col};
}

void compile_constant_regexes(Program& p) {
  p.constant_regex.assign(p.ast.nodes.size(), nullptr);
  for (std::size_t i = 0; i < p.ast.nodes.size(); ++i) {
    const Node& n = p.ast.nodes[i];
    if (n.kind != NodeKind::kCall || n.children.size() < 2
        || (n.function != FunctionId::kMatches && n.function != FunctionId::kFind
            && n.function != FunctionId::kFindAll)) {
      continue;
    }
    const Node& pattern = p.ast.at(n.children[1]);
    if (pattern.kind != NodeKind::kLiteral || pattern.literal.kind() != ValueKind::kString) {
      continue;
    }
    auto re = std::make_shared<const re2::RE2>(pattern.literal.as_string(), re2::RE2::Quiet);
    if (re->ok()) {  // a bad pattern is reported when evaluated, as cel-go does
      p.constant_regex[i] = std::move(re);
    }
  }
}

/// List literals made only of literals are built once here; evaluation still charges their
/// creation cost (cel-go does) but no longer allocates.
void precompute_constant_lists(Program& p) {
  for (Node& n : p.ast.nodes) {
    if (n.kind != NodeKind::kList) {
      continue;
    }
    std::vector<Value> items;
    for (const int32_t c : n.children) {
      if (p.ast.at(c).kind != NodeKind::kLiteral) {
        items.clear();
        break;
      }
      items.push_back(p.ast.at(c).literal);
    }
    if (items.size() == n.children.size() && !items.empty()) {
      n.literal = Value::from_list(std::move(items));
    }
  }
}

std::pair<std::string, std::string> split_qualified(const std::string& name,
                                                    const std::string& driver) {
  const auto slash = name.find('/');
  if (slash == std::string::npos) {
    return {driver, name};
  }
  return {name.substr(0, slash), name.substr(slash + 1)};
}

/// Inserts `value` at outer[domain][id] (later duplicates win, as the upstream Go map does).
void insert_nested(std::vector<std::pair<std::string, MapData>>& outer, const std::string& domain,
                   const std::string& id, Value value) {
  for (auto& [d, inner] : outer) {
    if (d == domain) {
      for (auto& [k, v] : inner.entries) {
        if (k.as_string() == id) {
          v = std::move(value);
          return;
        }
      }
      inner.entries.emplace_back(Value::from_string(id), std::move(value));
      return;
    }
  }
  MapData inner;
  inner.entries.emplace_back(Value::from_string(id), std::move(value));
  outer.emplace_back(domain, std::move(inner));
}

Value nested_value(std::vector<std::pair<std::string, MapData>> outer) {
  MapData m;
  m.missing_key_yields_empty_map = true;
  for (auto& [d, inner] : outer) {
    m.entries.emplace_back(Value::from_string(d), Value::from_map(std::move(inner)));
  }
  return Value::from_map(std::move(m));
}

Value attribute_value(const AttributeValue& a) {
  if (const auto* i = std::get_if<int64_t>(&a)) {
    return Value::from_int(*i);
  }
  if (const auto* b = std::get_if<bool>(&a)) {
    return Value::from_bool(*b);
  }
  if (const auto* s = std::get_if<std::string>(&a)) {
    return Value::from_string(*s);
  }
  const auto& text = std::get<SemVer>(a).text;
  if (auto v = Semver::parse(text)) {
    return Value::from_semver(std::move(*v));
  }
  return Value::error("parse semantic version: " + text);
}

}  // namespace

Environment device_environment(bool consumable_capacity) {
  Environment env(consumable_capacity ? "dra-device+consumable" : "dra-device");
  TypeArena& a = env.types();
  const Type* domain = sized(a, TypeKind::kString, kDomainMaxLength);
  const Type* id = sized(a, TypeKind::kString, kIdMaxLength);
  const Type* attribute = sized(a, TypeKind::kDyn, kAttributeValueMaxLength);
  const Type* inner_attributes = sized_map(a, id, attribute, true);
  const Type* inner_capacity = sized_map(a, id, a.primitive(TypeKind::kQuantity), false);
  Type device;
  device.kind = TypeKind::kObject;
  device.name = "kubernetes.DRADevice";
  device.fields = {{"driver", sized(a, TypeKind::kString, kDriverNameMaxLength)},
                   {"attributes", sized_map(a, domain, inner_attributes, false)},
                   {"capacity", sized_map(a, domain, inner_capacity, false)}};
  if (consumable_capacity) {
    device.fields.emplace_back("allowMultipleAllocations", a.primitive(TypeKind::kBool));
  }
  env.add_variable("device", a.add(std::move(device)));
  env.set_require_bool_result(true);
  return env;
}

std::variant<std::shared_ptr<const Program>, CompileError> compile(std::string_view expression,
                                                                   const Environment& env) {
  auto parsed = parse(expression);
  if (auto* e = std::get_if<ParseError>(&parsed)) {
    return located(*e);
  }
  auto p = std::make_shared<Program>();
  p->expression = std::string(expression);
  p->ast = std::move(std::get<Ast>(parsed));
  p->environment_types = env.arena();
  p->own_types = std::make_shared<TypeArena>();
  const CheckOutput checked = check(p->ast, env, *p->own_types);
  if (checked.error) {
    return located(*checked.error);
  }
  p->slot_count = checked.slot_count;
  const Type* result = p->ast.at(p->ast.root).type;
  if (env.require_bool_result() && result->kind != TypeKind::kBool
      && result->kind != TypeKind::kDyn) {
    return CompileError{"must evaluate to bool or the unknown type, not " + type_name(result), 1,
                        1};
  }
  compile_constant_regexes(*p);
  precompute_constant_lists(*p);
  p->estimated_cost = estimate_cost(p->ast);
  return std::shared_ptr<const Program>(std::move(p));
}

uint64_t estimated_cost(const Program& program) {
  return program.estimated_cost;
}

EvalResult evaluate(const Program& program, const Activation& activation, uint64_t cost_limit) {
  EvalState state{program, {}, 0, cost_limit, false};
  state.slots.resize(static_cast<std::size_t>(program.slot_count));
  for (std::size_t i = 0; i < activation.values.size() && i < state.slots.size(); ++i) {
    state.slots[i] = activation.values[i];
  }
  Value v = evaluate_node(state, program.ast.root);
  EvalResult r;
  r.cost = state.cost;
  if (v.is_error()) {
    r.error = v.as_string();
    return r;
  }
  r.value = std::move(v);
  return r;
}

Value device_value(const ResourceSlice& slice, const Device& device, bool consumable_capacity) {
  std::vector<std::pair<std::string, MapData>> attributes;
  for (const auto& [name, attr] : device.attributes) {
    const auto [domain, id] = split_qualified(name, slice.driver);
    insert_nested(attributes, domain, id, attribute_value(attr));
  }
  std::vector<std::pair<std::string, MapData>> capacity;
  for (const auto& [name, cap] : device.capacity) {
    const auto [domain, id] = split_qualified(name, slice.driver);
    insert_nested(capacity, domain, id, Value::from_quantity(cap.value));
  }
  MapData d;
  d.object_type = "kubernetes.DRADevice";
  d.entries.emplace_back(Value::from_string("driver"), Value::from_string(slice.driver));
  d.entries.emplace_back(Value::from_string("attributes"), nested_value(std::move(attributes)));
  d.entries.emplace_back(Value::from_string("capacity"), nested_value(std::move(capacity)));
  if (consumable_capacity) {
    d.entries.emplace_back(Value::from_string("allowMultipleAllocations"),
                           Value::from_bool(device.allow_multiple_allocations));
  }
  return Value::from_map(std::move(d));
}

std::optional<CompileError> validate_selector(std::string_view expression,
                                              bool consumable_capacity) {
  if (expression.size() > kSelectorMaxLength) {
    return CompileError{"must not be longer than " + std::to_string(kSelectorMaxLength) + " bytes"};
  }
  const Environment env = device_environment(consumable_capacity);
  auto compiled = compile(expression, env);
  if (auto* e = std::get_if<CompileError>(&compiled)) {
    return *e;
  }
  if (std::get<0>(compiled)->estimated_cost > kSelectorMaxCost) {
    return CompileError{"too complex, exceeds cost limit"};
  }
  return std::nullopt;
}

}  // namespace drasim::model::cel
