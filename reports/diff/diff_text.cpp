#include "reports/diff/diff_output.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

namespace drasim::reports {
namespace {

namespace words = diff_words;

/// Rows of two columns, the first padded to the widest (at most 40 wide), at most `limit` of
/// them and a line saying how many more.
class Section {
 public:
  Section(std::string title, size_t limit) : title_(std::move(title)), limit_(limit) {}

  void row(std::string_view first, std::string_view rest) {
    // Names and messages come from the reports: nothing in them may drive the terminal.
    rows_.emplace_back(sim::escape_text(first), sim::escape_text(rest));
  }

  void write(std::string& out) const {
    if (rows_.empty()) {
      return;
    }
    out += "\n" + title_ + "\n";
    size_t width = 0;
    const size_t shown = limit_ == 0 ? rows_.size() : std::min(limit_, rows_.size());
    for (size_t i = 0; i < shown; ++i) {
      width = std::max(width, std::min<size_t>(rows_[i].first.size(), 40));
    }
    for (size_t i = 0; i < shown; ++i) {
      out += fmt::format("  {:<{}}  {}\n", rows_[i].first, width, rows_[i].second);
    }
    if (shown < rows_.size()) {
      out += fmt::format("  ... and {} more (--limit 0 shows all)\n", rows_.size() - shown);
    }
  }

 private:
  std::string title_;
  size_t limit_;
  std::vector<std::pair<std::string, std::string>> rows_;
};

std::string run_line(const char* label, const ReportData& r) {
  return sim::escape_text(fmt::format("  {} {} (scenario {}, profile {}, seed {})", label, r.file,
                                      r.scenario, r.profile, r.seed))
         + "\n";
}

}  // namespace

std::string diff_text(const ReportDiff& d, const DiffOutputOptions& options) {
  std::string out = "drasim diff\n" + run_line("base:", *d.base) + run_line("new: ", *d.next);
  out += words::headline(d) + "\n";
  if (options.gate) {
    out += words::gate_line(d) + "\n";
    Section gate("Gate (beyond tolerance first)", 0);
    std::vector<const GateCheck*> checks;
    for (const GateCheck& c : d.checks) {
      checks.push_back(&c);
    }
    std::stable_sort(checks.begin(), checks.end(), [](const GateCheck* a, const GateCheck* b) {
      return !a->passed && b->passed;
    });
    for (const GateCheck* c : checks) {
      const std::string subject = c->subject.empty() ? c->key : c->key + " " + c->subject;
      gate.row(fmt::format("{} {}", c->passed ? "ok  " : "FAIL", subject),
               fmt::format("{} (tolerance {})", c->measured, c->allowed));
    }
    gate.write(out);
  }
  Section placement(fmt::format("Placement ({})", words::count(d.placement.size(), "pod", "pods")),
                    options.limit);
  for (const PodChange& c : d.placement) {
    placement.row(c.pod, words::pod_change(c));
  }
  placement.write(out);
  Section bound(fmt::format("Bound time ({} moved more than {}s)",
                            words::count(d.bound_shifts.size(), "pod", "pods"), d.bound_tolerance),
                options.limit);
  for (const BoundShift& s : d.bound_shifts) {
    bound.row(s.pod, fmt::format("{} -> {}: {}", format_value("boundAt", s.base),
                                 format_value("boundAt", s.next),
                                 format_change("boundAt", s.base, s.next)));
  }
  bound.write(out);
  Section anomalies("Anomalies (+ in the new run only, - in the base run only)", 0);
  for (const AnomalyChange& a : d.anomalies) {
    anomalies.row(a.kind, fmt::format("{} -> {}", a.base, a.next));
    size_t shown = 0;
    for (const auto& [sign, list] : {std::pair{"+", &a.appeared}, std::pair{"-", &a.vanished}}) {
      for (const ReportAnomaly& x : *list) {
        if (options.limit != 0 && shown == options.limit) {
          break;
        }
        ++shown;
        anomalies.row("", fmt::format("{} {}", sign, words::anomaly(x)));
      }
    }
    if (const size_t all = a.appeared.size() + a.vanished.size(); shown < all) {
      anomalies.row("", fmt::format("... and {} more (--limit 0 shows all)", all - shown));
    }
  }
  anomalies.write(out);
  for (const auto& [title, list] :
       {std::pair{"Quota", &d.quota}, std::pair{"Metrics", &d.metrics}}) {
    Section values(title, options.limit);
    for (const ValueChange& v : *list) {
      values.row(words::value_label(v),
                 fmt::format("{} -> {}: {}", format_value(v.key, v.base),
                             format_value(v.key, v.next), format_change(v.key, v.base, v.next)));
    }
    values.write(out);
  }
  Section expectations("Expectations", options.limit);
  for (const ExpectationChange& e : d.expectations) {
    expectations.row(e.name,
                     fmt::format("{} -> {}{}", words::verdict(e.base), words::verdict(e.next),
                                 e.message.empty() ? "" : ": " + e.message));
  }
  expectations.write(out);
  return out;
}

}  // namespace drasim::reports
