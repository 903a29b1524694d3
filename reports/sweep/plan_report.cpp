#include "reports/sweep/plan_report.h"

#include "reports/json_writer.h"
#include "reports/markdown_report.h"
#include "reports/sweep/sweep_json.h"
#include "reports/sweep/sweep_text.h"

#include <fmt/format.h>

namespace drasim::reports {
namespace {

std::string answer_line(const PlanReport& p) {
  const char* goal = p.largest ? "largest" : "smallest";
  if (!p.answer) {
    return fmt::format(
        "no value of {} in [{} .. {}] passes every expectation (the {} end, the "
        "most generous, fails)",
        p.parameter, p.values.front(), p.values.back(), p.largest ? "lowest" : "highest");
  }
  std::string out = fmt::format("the {} {} that passes every expectation is {}", goal, p.parameter,
                                p.values[*p.answer]);
  if (p.boundary) {
    out += fmt::format(" ({} fails)", p.values[*p.boundary]);
  } else {
    out += " (the end of the range)";
  }
  return out;
}

/// The probes as a sweep table of one parameter, in the order they ran.
SweepTable probe_table(const PlanReport& p) {
  SweepTable t;
  t.title = p.title;
  t.mode = "plan";
  t.parameters = {p.parameter};
  t.variant_count = p.values.size();
  t.rows = p.probes;
  return t;
}

}  // namespace

std::string plan_assumption(const PlanReport& p) {
  return p.largest ? "assumes the verdict is monotone: when a value passes, every smaller value "
                     "passes too"
                   : "assumes the verdict is monotone: when a value passes, every larger value "
                     "passes too";
}

std::string plan_json(const PlanReport& p) {
  JsonWriter w;
  w.begin_object();
  w.key("schemaVersion");
  w.value(int64_t{1});
  w.key("kind");
  w.value("drasim-plan");
  w.key("title");
  w.value(p.title);
  w.key("parameter");
  w.value(p.parameter);
  w.key("goal");
  w.value(p.largest ? "largest" : "smallest");
  w.key("assumption");
  w.value(plan_assumption(p));
  w.key("values");
  w.strings(p.values);
  w.key("answer");
  w.value_or_null(p.answer ? p.values[*p.answer] : "");
  w.key("boundary");
  w.value_or_null(p.boundary ? p.values[*p.boundary] : "");
  w.key("monotoneViolated");
  w.value(p.monotone_violated);
  w.key("probes");
  w.begin_array();
  for (size_t i = 0; i < p.probes.size(); ++i) {
    w.begin_object();
    w.key("round");
    w.value(static_cast<int64_t>(p.rounds[i]));
    w.key("value");
    w.value(p.values[p.probes[i].variant]);
    w.key("run");
    write_sweep_row(w, p.probes[i]);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.str() + "\n";
}

std::string plan_markdown(const PlanReport& p) {
  std::string out = fmt::format("# drasim plan: {}\n\n**{}.**\n\n", markdown_text(p.title),
                                markdown_text(answer_line(p)));
  out += fmt::format("The search {} ({} probes in {} rounds).", markdown_text(plan_assumption(p)),
                     p.probes.size(), p.rounds.empty() ? 0 : p.rounds.back());
  if (p.monotone_violated) {
    out +=
        " **The probes contradict it**: a failing value lies on the passing side of a "
        "passing one, so the answer may not be the extreme one; sweep the range to see.";
  }
  out += fmt::format("\n\nThe runs that prove it are in `answer/`{}.\n\n## Probes, in order\n\n",
                     p.boundary ? " and `boundary/`" : "");
  return out + sweep_rows_markdown(probe_table(p));
}

std::string plan_text(const PlanReport& p) {
  std::string out = sweep_rows_text(probe_table(p));
  out += answer_line(p) + "\n";
  out += "the search " + plan_assumption(p) + "\n";
  if (p.monotone_violated) {
    out += "warning: the probes contradict that assumption; sweep the range to see\n";
  }
  return out;
}

}  // namespace drasim::reports
