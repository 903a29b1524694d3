#pragma once
/// `drasim diff`'s three forms of one ReportDiff: text for a terminal, Markdown for a CI job
/// summary, JSON for tools (every change, no limit; README "drasim diff" documents the schema).

#include "reports/diff/report_diff.h"

#include <cstddef>
#include <string>

namespace drasim::reports {

struct DiffOutputOptions {
  bool gate = false;  ///< show the gate's verdict and checks
  size_t limit = 20;  ///< text and Markdown: rows per section (0: all)
};

std::string diff_text(const ReportDiff& d, const DiffOutputOptions& options);
std::string diff_markdown(const ReportDiff& d, const DiffOutputOptions& options);
std::string diff_json(const ReportDiff& d, const DiffOutputOptions& options);

/// Shared words of the text and Markdown forms.
namespace diff_words {

/// `node gpu-01 -> gpu-02, phase Running -> Pending`, or `only in new: Running on gpu-3`.
std::string pod_change(const PodChange& c);
/// `at 12s, node gpu-01, resource gpu, pod default/a: <message>`.
std::string anomaly(const ReportAnomaly& a);
/// `team-a gpu fairShare` for a quota row, the key (`waits.p95`) for a metric.
std::string value_label(const ValueChange& v);
/// `passed`, `FAILED`, or `absent`.
std::string verdict(std::optional<bool> passed);
/// `3 pods`, `1 pod`.
std::string count(size_t n, const char* one, const char* many);
/// `12 differences: 3 pods placed differently, ...`: the first line of text and Markdown.
std::string headline(const ReportDiff& d);
/// `gate: FAILED, 3 of 8 checks beyond tolerance` (or `passed`).
std::string gate_line(const ReportDiff& d);

}  // namespace diff_words

}  // namespace drasim::reports
