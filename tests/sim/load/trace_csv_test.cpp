// Tests of trace CSV parsing (sim/load/trace_csv.cpp): the column contract, defaults, and the exact
// file:line:col diagnostics at the offending cell.
#include "sim/load/trace_csv.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace drasim::sim {
namespace {

std::vector<std::string> messages(const Diagnostics& d) {
  std::vector<std::string> out;
  for (const Diagnostic& e : d.errors()) {
    out.push_back(e.to_string());
  }
  return out;
}

TEST_CASE("a trace: comments, any column order, seconds or durations, default names") {
  Diagnostics d;
  const auto jobs = parse_trace_csv(
      "# jobs\nsubmit,duration,pods,gpusPerPod,queue,name\n0,10m,1,1,a,first\n"
      "90s, 1h30m ,4,8,b,\n12.5,300,1,0,c,\n",
      "t.csv", 3, "t", d);
  CHECK(messages(d).empty());
  REQUIRE(jobs.size() == 3);
  CHECK(jobs[0] == TraceJob{"first", 0, 600'000'000, 1, 1, "a", "", {3, 3, 1}});
  // Row 1 has no name: t-1. 1h30m = 5400 s.
  CHECK(jobs[1] == TraceJob{"t-1", 90'000'000, 5'400'000'000, 4, 8, "b", "", {3, 4, 1}});
  // 12.5 seconds; 300 seconds.
  CHECK(jobs[2] == TraceJob{"t-2", 12'500'000, 300'000'000, 1, 0, "c", "", {3, 5, 1}});
}

TEST_CASE("trace cell errors point at the cell and name the column") {
  Diagnostics d;
  const auto jobs = parse_trace_csv(
      "submit,duration,pods,gpusPerPod,queue\nx,10m,0,1,a\n5,0,1,65,\n1,1\n", "t.csv", 0, "t", d);
  CHECK(jobs.empty());
  CHECK(messages(d)
        == std::vector<std::string>{
            // Line 2: "x" at column 1, "0" pods at column 7.
            "t.csv:2:1: error: submit: seconds or a duration such as 90s or 10m, got \"x\"",
            "t.csv:2:7: error: pods: a pod count from 1 to 10000, got \"0\"",
            // Line 3 "5,0,1,65,": duration at 3, gpusPerPod at 7, the empty queue at 10.
            "t.csv:3:3: error: duration: seconds or a duration such as 90s or 10m, longer than "
            "zero, got \"0\"",
            "t.csv:3:7: error: gpusPerPod: a GPU count from 0 to 64, got \"65\"",
            "t.csv:3:10: error: queue: a queue name, got \"\"",
            "t.csv:4:1: error: row 4: 5 cells as in the header, got 2"});
}

TEST_CASE("trace header errors: unknown and missing columns, empty file") {
  Diagnostics d;
  (void)parse_trace_csv("submit,duration,pods,gpus,queue\n0,1,1,1,a\n", "t.csv", 0, "t", d);
  // "gpus" starts at column 22 (after "submit,duration,pods,").
  CHECK(messages(d)
        == std::vector<std::string>{
            "t.csv:1:22: error: header: a column name (one of submit, duration, pods, gpusPerPod, "
            "queue, "
            "priorityClass, name), got \"gpus\"",
            "t.csv:1:1: error: header: a header with a gpusPerPod column, got none"});
  Diagnostics empty;
  (void)parse_trace_csv("# nothing\n\n", "t.csv", 0, "t", empty);
  CHECK(messages(empty)
        == std::vector<std::string>{
            "t.csv:1:1: error: header: a header row naming the columns submit, "
            "duration, pods, gpusPerPod, queue, got an empty trace"});
}

TEST_CASE("a trace of more than 2000000 pods is refused at the row that crosses the limit") {
  std::string text = "submit,duration,pods,gpusPerPod,queue\n";
  for (int i = 0; i < 205; ++i) {
    text += "0,1m,10000,1,a\n";
  }
  Diagnostics d;
  const auto jobs = parse_trace_csv(text, "t.csv", 0, "t", d);
  // 200 rows of 10000 pods are exactly 2000000; row 201 (line 202) crosses; parsing stops.
  CHECK(jobs.size() == 200);
  CHECK(messages(d)
        == std::vector<std::string>{"t.csv:202:6: error: pods: at most 2000000 pods in a trace "
                                    "(drasim's memory limit), got 2010000 by this row"});
}

}  // namespace
}  // namespace drasim::sim
