#pragma once
/// `drasim explain`'s two forms of what a PodWatch saw: text for a terminal (the most decisive
/// reason first) and JSON (README "drasim explain" documents the schema).

#include "reports/pod_rows.h"
#include "sim/observe/pod_watch.h"

#include <string>
#include <vector>

namespace drasim::reports {

struct ExplainInput {
  const sim::PodWatch* watch = nullptr;
  const PodRow* row = nullptr;  ///< the pod at the end of the run
  std::string scenario;
  std::string profile;
  sim::SimTime end;
  bool all_nodes = false;  ///< list every node of a group (text; JSON always does)
};

std::string explain_text(const ExplainInput& in);
std::string explain_json(const ExplainInput& in);

/// Nodes with the same verdicts: `passed`, or every failing filter as `Filter: reason` joined
/// by `; `. Groups that passed come first, then the largest, then by verdict.
struct NodeGroup {
  std::string verdict;
  bool passed = false;
  std::vector<std::string> nodes;
};

std::vector<NodeGroup> group_nodes(const model::TaskProbe& probe);

/// A queue amount in the proportion plugin's units as a user reads it: cpu in cores, memory in
/// bytes (Gi when whole), GPUs as devices; `unlimited` for -1.
std::string queue_amount_text(size_t resource, double amount);

/// Micro-points as points (`1009.5`).
std::string points_text(int64_t micro_points);

}  // namespace drasim::reports
