#pragma once
/// Identifiers of every CEL function and operator the evaluator implements. The checker resolves
/// each call to one id (name plus call style), so evaluation never looks a function up by name.
/// Overloads of one id (e.g. `_+_` on ints, strings, lists) are told apart at run time by the
/// argument kinds, because `dyn` values can reach any call.

#include <cstdint>

namespace drasim::model::cel {

enum class FunctionId : uint16_t {
  kUnknown,
  // Operators.
  kAdd,
  kSubtract,
  kMultiply,
  kDivide,
  kModulo,
  kNegate,
  kNot,
  kEquals,
  kNotEquals,
  kLess,
  kLessEquals,
  kGreater,
  kGreaterEquals,
  kIn,
  kIndex,
  kOptIndex,
  kLogicalAnd,
  kLogicalOr,
  kConditional,
  kNotStrictlyFalse,
  // Core functions and conversions.
  kSize,
  kToInt,
  kToUint,
  kToDouble,
  kToString,
  kToBool,
  kToBytes,
  kTypeOf,
  kDyn,
  kStartsWith,
  kEndsWith,
  kContains,
  kMatches,
  // ext.Strings.
  kCharAt,
  kIndexOf,
  kLastIndexOf,
  kLowerAscii,
  kUpperAscii,
  kReplace,
  kSplit,
  kSubstring,
  kTrim,
  kJoin,
  kQuote,
  kFormat,
  kReverse,
  // Kubernetes lists library and ext.Lists.
  kIsSorted,
  kSum,
  kMin,
  kMax,
  kSlice,
  kFlatten,
  kDistinct,
  kSort,
  kFirst,
  kLast,
  kListsRange,
  // ext.Sets.
  kSetsContains,
  kSetsEquivalent,
  kSetsIntersects,
  // Kubernetes regex library.
  kFind,
  kFindAll,
  // Kubernetes quantity library.
  kQuantity,
  kIsQuantity,
  kCompareTo,
  kIsGreaterThan,
  kIsLessThan,
  kQuantityAdd,
  kQuantitySub,
  kIsInteger,
  kAsInteger,
  kAsApproximateFloat,
  kSign,
  // Kubernetes semver library.
  kSemver,
  kIsSemver,
  kMajor,
  kMinor,
  kPatch,
  // Optional types.
  kOptionalOf,
  kOptionalOfNonZero,
  kOptionalNone,
  kOrValue,
  kOptionalOr,
  kHasValue,
  kValue,
};

}  // namespace drasim::model::cel
