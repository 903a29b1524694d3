#pragma once
/// Bounds on the work a call does beyond what cel-go's cost formulas charge. cel-go charges a
/// call by the top-level sizes of its arguments (a list of two elements costs two), but `==`,
/// `in`, `indexOf`, `flatten`, `distinct`, the `sets` functions and `format` visit every value
/// nested below the top level, and `cel.bind` lets an expression of a few hundred bytes build a
/// list with 2^25 leaves out of shared halves. The real scheduler would spend seconds, or
/// gigabytes, on such a call; drasim charges the nested values too, so the runtime cost limit
/// bounds the actual work. For arguments without nested containers the charge is cel-go's.
///
/// Both counts stop at `cap`, so measuring a huge value costs no more than the budget left.

#include "model/cel/value.h"

#include <cstdint>

namespace drasim::model::cel {

/// The number of values below the top level of `v`: the elements of its elements and so on
/// (map values count, scalar keys do not), or `cap` if there are at least that many.
uint64_t nested_values(const Value& v, uint64_t cap);

/// A lower bound on the size of `v` printed by `format`'s `%s`: the bytes of every string and
/// bytes value at any depth, three for every other value (one character and a separator), two
/// for every separator after a string; or `cap` if it is at least that.
uint64_t printed_size(const Value& v, uint64_t cap);

}  // namespace drasim::model::cel
