#pragma once
/// `--report markdown` (`report.md`): a job summary for GitHub's `$GITHUB_STEP_SUMMARY` or a
/// pull-request comment. It holds the verdict, the expectations table, key metrics, the first
/// anomalies and the pending pods grouped by reason, and links to nothing. Every text from the
/// scenario is escaped so that it renders as written (no table break, no HTML, no emphasis).

#include "sim/observe/run_result.h"

#include <string>
#include <string_view>

namespace drasim::reports {

std::string markdown_report(const sim::RunResult& result);

/// `text` as literal Markdown inside a table cell: Markdown punctuation backslash-escaped,
/// `<`, `>` and `&` as entities, line breaks and other control bytes as spaces.
std::string markdown_text(std::string_view text);

}  // namespace drasim::reports
