#pragma once
/// Downsampling of step series for charts (M4: Jugel et al., "M4: A Visualization-Oriented Time
/// Series Data Aggregation", VLDB 2014). The time range is cut into `buckets` equal spans (a
/// chart's pixel columns); within each span, for every column, the first and last rows and the
/// rows of its smallest and largest value are kept. Drawn as steps at the chart's width, the kept
/// rows look exactly like all of them: every span shows the same first, last, lowest and highest
/// value. A series of at most 4 x `buckets` rows is kept whole.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace drasim::reports {

/// The indices (ascending) of the rows to keep of `n` rows sorted by time: `time(i)` is row i's
/// time, `value(c, i)` its value in column c (of `columns`). Ties keep the earliest row.
template <class Time, class Value>
std::vector<size_t> m4_keep(size_t n, size_t columns, size_t buckets, Time time, Value value) {
  std::vector<size_t> keep;
  if (n <= 4 * buckets || buckets == 0) {
    keep.resize(n);
    for (size_t i = 0; i < n; ++i) {
      keep[i] = i;
    }
    return keep;
  }
  const int64_t from = time(0);
  const int64_t span = std::max<int64_t>(1, time(n - 1) - from + 1);
  const int64_t width = (span + static_cast<int64_t>(buckets) - 1) / static_cast<int64_t>(buckets);
  const auto bucket_of = [&](size_t i) {
    return (time(i) - from) / width;
  };
  size_t start = 0;
  while (start < n) {
    const int64_t b = bucket_of(start);
    size_t end = start + 1;
    while (end < n && bucket_of(end) == b) {
      ++end;
    }
    keep.push_back(start);
    keep.push_back(end - 1);
    for (size_t c = 0; c < columns; ++c) {
      size_t lo = start;
      size_t hi = start;
      for (size_t i = start + 1; i < end; ++i) {
        if (value(c, i) < value(c, lo)) {
          lo = i;
        }
        if (value(c, i) > value(c, hi)) {
          hi = i;
        }
      }
      keep.push_back(lo);
      keep.push_back(hi);
    }
    start = end;
  }
  std::sort(keep.begin(), keep.end());
  keep.erase(std::unique(keep.begin(), keep.end()), keep.end());
  return keep;
}

}  // namespace drasim::reports
