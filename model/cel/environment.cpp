#include "model/cel/environment.h"

#include "model/k8s/assert.h"

// Signatures follow cel-go checker/decls (standard library), ext/strings.go, ext/lists.go,
// ext/sets.go and k8s.io/apiserver/pkg/cel/library (lists.go, regex.go, quantity.go,
// semverlib.go).

namespace drasim::model::cel {

namespace {

std::vector<std::string_view> split_top_level(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '(') {
      ++depth;
    } else if (s[i] == ')') {
      --depth;
    } else if (s[i] == sep && depth == 0) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  if (start < s.size()) {
    out.push_back(s.substr(start));
  }
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') {
    s.remove_prefix(1);
  }
  while (!s.empty() && s.back() == ' ') {
    s.remove_suffix(1);
  }
  return s;
}

}  // namespace

Environment::Environment(std::string cache_key)
    : arena_(std::make_shared<TypeArena>()), cache_key_(std::move(cache_key)) {
  add_library();
}

void Environment::add_variable(std::string name, const Type* t) {
  variables_.push_back(Variable{std::move(name), t});
}

std::optional<int32_t> Environment::variable_slot(std::string_view name) const {
  for (std::size_t i = 0; i < variables_.size(); ++i) {
    if (variables_[i].name == name) {
      return static_cast<int32_t>(i);
    }
  }
  return std::nullopt;
}

const FunctionDecl* Environment::function(std::string_view name, bool receiver) const {
  const auto it = functions_.find({std::string(name), receiver});
  return it == functions_.end() ? nullptr : &it->second;
}

const Type* Environment::type(std::string_view spec) {
  spec = trim(spec);
  const auto open = spec.find('(');
  if (open != std::string_view::npos) {
    const std::string_view head = spec.substr(0, open);
    const auto args = split_top_level(spec.substr(open + 1, spec.size() - open - 2), ',');
    if (head == "list") {
      return arena_->list(type(args.at(0)));
    }
    if (head == "map") {
      return arena_->map(type(args.at(0)), type(args.at(1)));
    }
    DRASIM_ASSERT(head == "optional", "unknown type constructor in signature");
    return arena_->optional(type(args.at(0)));
  }
  static constexpr std::pair<std::string_view, TypeKind> kNames[] = {
      {"dyn", TypeKind::kDyn},           {"null", TypeKind::kNull},   {"bool", TypeKind::kBool},
      {"int", TypeKind::kInt},           {"uint", TypeKind::kUint},   {"double", TypeKind::kDouble},
      {"string", TypeKind::kString},     {"bytes", TypeKind::kBytes}, {"Semver", TypeKind::kSemver},
      {"Quantity", TypeKind::kQuantity}, {"type", TypeKind::kType}};
  for (const auto& [n, k] : kNames) {
    if (spec == n) {
      return arena_->primitive(k);
    }
  }
  DRASIM_ASSERT(spec.size() == 1 && spec[0] >= 'A' && spec[0] <= 'Z', "bad signature type");
  return arena_->type_param(std::string(spec));
}

void Environment::add_function(std::string_view name, bool receiver, FunctionId id,
                               std::initializer_list<std::string_view> signatures) {
  FunctionDecl& decl = functions_[{std::string(name), receiver}];
  decl.id = id;
  for (const std::string_view sig : signatures) {
    const auto colon = sig.rfind(':');
    Overload o;
    for (const auto p : split_top_level(sig.substr(0, colon), ',')) {
      o.params.push_back(type(p));
    }
    o.result = type(sig.substr(colon + 1));
    decl.overloads.push_back(std::move(o));
  }
}

void Environment::add_library() {
  using F = FunctionId;
  add_function("_+_", false, F::kAdd,
               {"int,int:int", "uint,uint:uint", "double,double:double", "string,string:string",
                "bytes,bytes:bytes", "list(A),list(A):list(A)"});
  add_function("_-_", false, F::kSubtract,
               {"int,int:int", "uint,uint:uint", "double,double:double"});
  add_function("_*_", false, F::kMultiply,
               {"int,int:int", "uint,uint:uint", "double,double:double"});
  add_function("_/_", false, F::kDivide, {"int,int:int", "uint,uint:uint", "double,double:double"});
  add_function("_%_", false, F::kModulo, {"int,int:int", "uint,uint:uint"});
  add_function("-_", false, F::kNegate, {"int:int", "double:double"});
  add_function("!_", false, F::kNot, {"bool:bool"});
  add_function("_==_", false, F::kEquals, {"A,A:bool"});
  add_function("_!=_", false, F::kNotEquals, {"A,A:bool"});
  const std::initializer_list<std::string_view> ordering = {
      "int,int:bool",     "uint,uint:bool",   "double,double:bool", "string,string:bool",
      "bytes,bytes:bool", "bool,bool:bool",   "int,double:bool",    "int,uint:bool",
      "uint,int:bool",    "uint,double:bool", "double,int:bool",    "double,uint:bool"};
  add_function("_<_", false, F::kLess, ordering);
  add_function("_<=_", false, F::kLessEquals, ordering);
  add_function("_>_", false, F::kGreater, ordering);
  add_function("_>=_", false, F::kGreaterEquals, ordering);
  add_function("@in", false, F::kIn, {"A,list(A):bool", "A,map(A,B):bool"});
  add_function("_[_]", false, F::kIndex, {"list(A),int:A", "map(A,B),A:B"});
  add_function("_[?_]", false, F::kOptIndex, {"list(A),int:optional(A)", "map(A,B),A:optional(B)"});
  add_function("_&&_", false, F::kLogicalAnd, {"bool,bool:bool"});
  add_function("_||_", false, F::kLogicalOr, {"bool,bool:bool"});
  add_function("_?_:_", false, F::kConditional, {"bool,A,A:A"});
  add_function("@not_strictly_false", false, F::kNotStrictlyFalse, {"bool:bool"});
  const std::initializer_list<std::string_view> sizes = {"string:int", "bytes:int", "list(A):int",
                                                         "map(A,B):int"};
  add_function("size", false, F::kSize, sizes);
  add_function("size", true, F::kSize, sizes);
  add_function("int", false, F::kToInt, {"int:int", "uint:int", "double:int", "string:int"});
  add_function("uint", false, F::kToUint, {"int:uint", "uint:uint", "double:uint", "string:uint"});
  add_function("double", false, F::kToDouble,
               {"int:double", "uint:double", "double:double", "string:double"});
  add_function("string", false, F::kToString,
               {"int:string", "uint:string", "double:string", "string:string", "bytes:string",
                "bool:string"});
  add_function("bool", false, F::kToBool, {"bool:bool", "string:bool"});
  add_function("bytes", false, F::kToBytes, {"string:bytes", "bytes:bytes"});
  add_function("type", false, F::kTypeOf, {"A:type"});
  add_function("dyn", false, F::kDyn, {"A:dyn"});
  add_function("startsWith", true, F::kStartsWith, {"string,string:bool"});
  add_function("endsWith", true, F::kEndsWith, {"string,string:bool"});
  add_function("contains", true, F::kContains, {"string,string:bool"});
  add_function("matches", true, F::kMatches, {"string,string:bool"});
  add_function("matches", false, F::kMatches, {"string,string:bool"});
  // ext.Strings
  add_function("charAt", true, F::kCharAt, {"string,int:string"});
  add_function("indexOf", true, F::kIndexOf,
               {"string,string:int", "string,string,int:int", "list(A),A:int"});
  add_function("lastIndexOf", true, F::kLastIndexOf,
               {"string,string:int", "string,string,int:int", "list(A),A:int"});
  add_function("lowerAscii", true, F::kLowerAscii, {"string:string"});
  add_function("upperAscii", true, F::kUpperAscii, {"string:string"});
  add_function("trim", true, F::kTrim, {"string:string"});
  add_function("replace", true, F::kReplace,
               {"string,string,string:string", "string,string,string,int:string"});
  add_function("split", true, F::kSplit,
               {"string,string:list(string)", "string,string,int:list(string)"});
  add_function("substring", true, F::kSubstring, {"string,int:string", "string,int,int:string"});
  add_function("join", true, F::kJoin, {"list(string):string", "list(string),string:string"});
  add_function("strings.quote", false, F::kQuote, {"string:string"});
  add_function("format", true, F::kFormat, {"string,list(dyn):string"});
  add_function("reverse", true, F::kReverse, {"string:string", "list(A):list(A)"});
  // Kubernetes lists and ext.Lists
  add_function("isSorted", true, F::kIsSorted, {"list(A):bool"});
  add_function("sum", true, F::kSum, {"list(A):A"});
  add_function("min", true, F::kMin, {"list(A):A"});
  add_function("max", true, F::kMax, {"list(A):A"});
  add_function("slice", true, F::kSlice, {"list(A),int,int:list(A)"});
  add_function("flatten", true, F::kFlatten, {"list(dyn):list(dyn)", "list(dyn),int:list(dyn)"});
  add_function("distinct", true, F::kDistinct, {"list(A):list(A)"});
  add_function("sort", true, F::kSort, {"list(A):list(A)"});
  add_function("first", true, F::kFirst, {"list(A):optional(A)"});
  add_function("last", true, F::kLast, {"list(A):optional(A)"});
  add_function("lists.range", false, F::kListsRange, {"int:list(int)"});
  add_function("sets.contains", false, F::kSetsContains, {"list(A),list(A):bool"});
  add_function("sets.equivalent", false, F::kSetsEquivalent, {"list(A),list(A):bool"});
  add_function("sets.intersects", false, F::kSetsIntersects, {"list(A),list(A):bool"});
  // Kubernetes regex
  add_function("find", true, F::kFind, {"string,string:string"});
  add_function("findAll", true, F::kFindAll,
               {"string,string:list(string)", "string,string,int:list(string)"});
  // Kubernetes quantity and semver
  add_function("quantity", false, F::kQuantity, {"string:Quantity"});
  add_function("isQuantity", false, F::kIsQuantity, {"string:bool"});
  add_function("compareTo", true, F::kCompareTo, {"Quantity,Quantity:int", "Semver,Semver:int"});
  add_function("isGreaterThan", true, F::kIsGreaterThan,
               {"Quantity,Quantity:bool", "Semver,Semver:bool"});
  add_function("isLessThan", true, F::kIsLessThan,
               {"Quantity,Quantity:bool", "Semver,Semver:bool"});
  add_function("add", true, F::kQuantityAdd,
               {"Quantity,Quantity:Quantity", "Quantity,int:Quantity"});
  add_function("sub", true, F::kQuantitySub,
               {"Quantity,Quantity:Quantity", "Quantity,int:Quantity"});
  add_function("isInteger", true, F::kIsInteger, {"Quantity:bool"});
  add_function("asInteger", true, F::kAsInteger, {"Quantity:int"});
  add_function("asApproximateFloat", true, F::kAsApproximateFloat, {"Quantity:double"});
  add_function("sign", true, F::kSign, {"Quantity:int"});
  add_function("semver", false, F::kSemver, {"string:Semver", "string,bool:Semver"});
  add_function("isSemver", false, F::kIsSemver, {"string:bool", "string,bool:bool"});
  add_function("major", true, F::kMajor, {"Semver:int"});
  add_function("minor", true, F::kMinor, {"Semver:int"});
  add_function("patch", true, F::kPatch, {"Semver:int"});
  // Optionals
  add_function("optional.of", false, F::kOptionalOf, {"A:optional(A)"});
  add_function("optional.ofNonZeroValue", false, F::kOptionalOfNonZero, {"A:optional(A)"});
  add_function("optional.none", false, F::kOptionalNone, {":optional(dyn)"});
  add_function("orValue", true, F::kOrValue, {"optional(A),A:A"});
  add_function("or", true, F::kOptionalOr, {"optional(A),optional(A):optional(A)"});
  add_function("hasValue", true, F::kHasValue, {"optional(A):bool"});
  add_function("value", true, F::kValue, {"optional(A):A"});
}

}  // namespace drasim::model::cel
