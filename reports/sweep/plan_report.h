#pragma once
/// `drasim plan`'s answer and its probes as JSON (`plan.json`), Markdown (`plan.md`) and the
/// text it prints.

#include "reports/sweep/sweep_table.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace drasim::reports {

struct PlanReport {
  std::string title;
  std::string parameter;  ///< the path searched
  bool largest = false;   ///< the largest passing value (else the smallest)
  std::vector<std::string> values;
  /// Every probe in the order it ran (`variant` is the value's index), with its round.
  std::vector<SweepRow> probes;
  std::vector<size_t> rounds;
  std::optional<size_t> answer;    ///< index into values
  std::optional<size_t> boundary;  ///< the failing neighbour of the answer
  bool monotone_violated = false;
};

/// The monotonicity the search assumes, in words.
std::string plan_assumption(const PlanReport& plan);

std::string plan_json(const PlanReport& plan);
std::string plan_markdown(const PlanReport& plan);
std::string plan_text(const PlanReport& plan);

}  // namespace drasim::reports
