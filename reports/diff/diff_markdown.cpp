#include "reports/diff/diff_output.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

namespace drasim::reports {
namespace {

namespace words = diff_words;

/// A table cell: a `|` would end it and a line break would end the table.
std::string cell(std::string_view raw) {
  const std::string text = sim::escape_text(raw);  // no control bytes from the reports
  std::string out;
  for (const char c : text) {
    if (c == '|') {
      out += "\\|";
    } else {
      out += c;
    }
  }
  return out;
}

class Table {
 public:
  Table(std::string title, std::initializer_list<std::string_view> columns, size_t limit)
      : title_(std::move(title)), limit_(limit) {
    for (const std::string_view c : columns) {
      header_ += fmt::format("| {} ", c);
      rule_ += "|---";
    }
    header_ += "|\n";
    rule_ += "|\n";
  }

  void row(std::initializer_list<std::string_view> cells) {
    if (limit_ != 0 && rows_ >= limit_) {
      ++hidden_;
      return;
    }
    ++rows_;
    for (const std::string_view c : cells) {
      body_ += "| " + cell(c) + " ";
    }
    body_ += "|\n";
  }

  void write(std::string& out) const {
    if (rows_ == 0) {
      return;
    }
    out += fmt::format("\n#### {}\n\n{}{}{}", title_, header_, rule_, body_);
    if (hidden_ > 0) {
      out += fmt::format("\n... and {} more {} (`--limit 0` shows all).\n", hidden_,
                         hidden_ == 1 ? "row" : "rows");
    }
  }

 private:
  std::string title_;
  size_t limit_;
  std::string header_;
  std::string rule_;
  std::string body_;
  size_t rows_ = 0;
  size_t hidden_ = 0;
};

}  // namespace

std::string diff_markdown(const ReportDiff& d, const DiffOutputOptions& options) {
  std::string out =
      fmt::format("### drasim diff: `{}` → `{}`\n\n", cell(d.base->file), cell(d.next->file));
  Table runs("Runs", {"", "base", "new"}, 0);
  runs.row({"scenario", d.base->scenario, d.next->scenario});
  runs.row({"profile", d.base->profile, d.next->profile});
  runs.row({"seed", std::to_string(d.base->seed), std::to_string(d.next->seed)});
  out += "**" + words::headline(d) + "**\n";
  if (options.gate) {
    out += "\n**" + words::gate_line(d) + "**\n";
  }
  runs.write(out);
  if (options.gate) {
    Table gate("Gate", {"", "check", "change", "tolerance"}, 0);
    for (const bool passed : {false, true}) {
      for (const GateCheck& c : d.checks) {
        if (c.passed == passed) {
          const std::string subject = c.subject.empty() ? c.key : c.key + " " + c.subject;
          gate.row({passed ? "ok" : "**FAIL**", subject, c.measured, c.allowed});
        }
      }
    }
    gate.write(out);
  }
  Table placement(fmt::format("Placement ({})", words::count(d.placement.size(), "pod", "pods")),
                  {"pod", "change"}, options.limit);
  for (const PodChange& c : d.placement) {
    placement.row({c.pod, words::pod_change(c)});
  }
  placement.write(out);
  Table bound(fmt::format("Bound time (moved more than {}s)", d.bound_tolerance),
              {"pod", "base", "new", "change"}, options.limit);
  for (const BoundShift& s : d.bound_shifts) {
    bound.row({s.pod, format_value("boundAt", s.base), format_value("boundAt", s.next),
               format_change("boundAt", s.base, s.next)});
  }
  bound.write(out);
  Table anomalies("Anomalies",
                  {"kind", "base", "new", "in the new run only", "in the base run only"},
                  options.limit);
  for (const AnomalyChange& a : d.anomalies) {
    std::string appeared;
    std::string vanished;
    for (auto [list, text] :
         {std::pair{&a.appeared, &appeared}, std::pair{&a.vanished, &vanished}}) {
      for (size_t i = 0; i < list->size() && i < 3; ++i) {
        *text += (i == 0 ? "" : "<br>") + words::anomaly((*list)[i]);
      }
      if (list->size() > 3) {
        *text += fmt::format("<br>... and {} more", list->size() - 3);
      }
    }
    anomalies.row({a.kind, std::to_string(a.base), std::to_string(a.next), appeared, vanished});
  }
  anomalies.write(out);
  for (const auto& [title, list] :
       {std::pair{"Quota", &d.quota}, std::pair{"Metrics", &d.metrics}}) {
    Table values(title, {"", "base", "new", "change"}, options.limit);
    for (const ValueChange& v : *list) {
      values.row({words::value_label(v), format_value(v.key, v.base), format_value(v.key, v.next),
                  format_change(v.key, v.base, v.next)});
    }
    values.write(out);
  }
  Table expectations("Expectations", {"expectation", "base", "new", "message"}, options.limit);
  for (const ExpectationChange& e : d.expectations) {
    expectations.row({e.name, words::verdict(e.base), words::verdict(e.next), e.message});
  }
  expectations.write(out);
  return out;
}

}  // namespace drasim::reports
