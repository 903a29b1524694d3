#include "reports/sweep/sweep_text.h"

#include "reports/csv_report.h"
#include "reports/markdown_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>

namespace drasim::reports {
namespace {

std::string joined(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const std::string& s : items) {
    out += (out.empty() ? "" : std::string(separator)) + s;
  }
  return out;
}

/// A metric cell for people: `-` for null, a percentage for a ratio, `s` after seconds.
std::string shown(const SweepMetric& m, const std::string& text) {
  if (text == "null") {
    return "-";
  }
  if (m.unit == "%") {
    return fmt::format("{:.1f}%", std::strtod(text.c_str(), nullptr) * 100);
  }
  return m.unit == "s" ? text + " s" : text;
}

/// The columns people read: what varied, the verdict, then the metrics that answer planning
/// questions (the others are in the JSON, the CSV and the HTML).
std::vector<size_t> shown_metrics() {
  static constexpr std::array<std::string_view, 7> kKeys = {"waitP95",
                                                            "pendingPeak",
                                                            "pendingAtEnd",
                                                            "gpuUtilizationAll",
                                                            "gpuUtilizationDevicePlugin",
                                                            "gpuUtilizationDra",
                                                            "anomalies"};
  std::vector<size_t> out;
  const std::vector<SweepMetric>& metrics = sweep_metrics();
  for (std::string_view key : kKeys) {
    for (size_t i = 0; i < metrics.size(); ++i) {
      if (metrics[i].key == key) {
        out.push_back(i);
      }
    }
  }
  return out;
}

std::vector<std::string> header(const SweepTable& t) {
  std::vector<std::string> out = {"#"};
  out.insert(out.end(), t.parameters.begin(), t.parameters.end());
  out.emplace_back("verdict");
  out.emplace_back("expectations");
  for (const size_t i : shown_metrics()) {
    out.push_back(sweep_metrics()[i].label);
  }
  return out;
}

std::vector<std::string> cells(const SweepRow& r) {
  std::vector<std::string> out = {std::to_string(r.variant)};
  out.insert(out.end(), r.values.begin(), r.values.end());
  out.push_back(r.status);
  out.push_back(
      r.status == "stopped" ? "-" : fmt::format("{}/{}", r.expectations_passed, r.expectations));
  for (const size_t i : shown_metrics()) {
    out.push_back(shown(sweep_metrics()[i], r.metrics[i]));
  }
  return out;
}

std::string verdict_line(const SweepTable& t) {
  const auto passed = std::count_if(t.rows.begin(), t.rows.end(),
                                    [](const SweepRow& r) { return r.status == "passed"; });
  return fmt::format("{} variant(s) of {} parameter(s) ({}): {} passed every expectation",
                     t.rows.size(), t.parameters.size(), t.mode, passed);
}

}  // namespace

std::string sweep_csv(const SweepTable& table) {
  std::vector<std::string> head = {"variant"};
  head.insert(head.end(), table.parameters.begin(), table.parameters.end());
  head.insert(head.end(), {"status", "expectationsPassed", "expectations"});
  for (const SweepMetric& m : sweep_metrics()) {
    head.push_back(m.key);
  }
  head.insert(head.end(), {"anomalyKinds", "failedExpectations", "message"});
  std::string out;
  const auto line = [&out](const std::vector<std::string>& fields) {
    std::string row;
    for (const std::string& f : fields) {
      row += (row.empty() ? "" : ",") + csv_field(f);
    }
    out += row + "\n";
  };
  line(head);
  for (const SweepRow& r : table.rows) {
    std::vector<std::string> fields = {std::to_string(r.variant)};
    fields.insert(fields.end(), r.values.begin(), r.values.end());
    fields.insert(fields.end(), {r.status, std::to_string(r.expectations_passed),
                                 std::to_string(r.expectations)});
    for (const std::string& m : r.metrics) {
      fields.push_back(m == "null" ? "" : m);
    }
    fields.insert(fields.end(), {r.anomaly_kinds, joined(r.failed, "; "), r.message});
    line(fields);
  }
  return out;
}

std::string sweep_markdown(const SweepTable& table) {
  return fmt::format("# drasim sweep: {}\n\n{}.\n\n", markdown_text(table.title),
                     verdict_line(table))
         + sweep_rows_markdown(table);
}

std::string sweep_rows_markdown(const SweepTable& table) {
  std::string out;
  const std::vector<std::string> head = header(table);
  std::string rule;
  for (size_t i = 0; i < head.size(); ++i) {
    out += "| " + markdown_text(head[i]) + " ";
    rule += "| --- ";
  }
  out += "|\n" + rule + "|\n";
  for (const SweepRow& r : table.rows) {
    std::vector<std::string> c = cells(r);
    const size_t verdict = 1 + table.parameters.size();
    c[verdict] = r.status == "passed"   ? "✅ passed"
                 : r.status == "failed" ? "❌ failed"
                                        : "⏹ stopped";
    for (const std::string& cell : c) {
      out += "| " + markdown_text(cell) + " ";
    }
    out += "|\n";
  }
  std::string notes;
  for (const SweepRow& r : table.rows) {
    if (!r.failed.empty() || !r.message.empty()) {
      notes += fmt::format(
          "- variant {}: {}\n", r.variant,
          markdown_text(r.message.empty() ? "failed: " + joined(r.failed, "; ") : r.message));
    }
  }
  if (!notes.empty()) {
    out += "\n## Failed expectations\n\n" + notes;
  }
  return out;
}

std::string sweep_text(const SweepTable& table) {
  return sweep_rows_text(table) + verdict_line(table) + "\n";
}

std::string sweep_rows_text(const SweepTable& table) {
  std::vector<std::vector<std::string>> rows = {header(table)};
  for (const SweepRow& r : table.rows) {
    rows.push_back(cells(r));
  }
  std::vector<size_t> width(rows.front().size(), 0);
  for (const auto& row : rows) {
    for (size_t i = 0; i < row.size(); ++i) {
      width[i] = std::max(width[i], row[i].size());
    }
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (size_t i = 0; i < row.size(); ++i) {
      line += fmt::format("{:<{}}", row[i], i + 1 < row.size() ? width[i] + 2 : 0);
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace drasim::reports
