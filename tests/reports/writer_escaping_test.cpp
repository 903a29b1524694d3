// Every writer escapes free text of the scenario for its format (issue 17): an expectation
// name with a quote, `<`, `&`, `|`, a comma, a newline and an ESC byte. Names of objects cannot
// carry these (the loader checks them as the API server does), but expectation names and
// messages are free text.
#include "reports/json_report.h"
#include "reports/junit_report.h"
#include "reports/summary.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <string>

namespace drasim::reports {
namespace {

sim::RunResult hostile_run() {
  // YAML's "\e" is ESC (0x1b), "\n" a newline.
  return sim::run_scenario(sim::load_scenario_texts({{"t.yaml", R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: s}
spec:
  expect:
    - name: "q\" lt< amp& bar| comma, nl\n esc\e[2J"
      allPodsBound: true
)"}}));
}

TEST_CASE("JUnit escapes XML's five characters and writes control bytes as text") {
  const std::string xml = junit_report(hostile_run());
  // `"` `<` `&` as entities; the newline as a character reference (it is inside an attribute);
  // ESC, which XML 1.0 cannot hold at all, as the text \x1b.
  CHECK(xml.find("name=\"q&quot; lt&lt; amp&amp; bar| comma, nl&#10; esc\\x1b[2J\"")
        != std::string::npos);
  CHECK(xml.find('\x1b') == std::string::npos);
}

TEST_CASE("the JSON report escapes quotes, newlines and control bytes") {
  const std::string json = json_report(hostile_run());
  CHECK(json.find(R"("name": "q\" lt< amp& bar| comma, nl\n esc\u001b[2J")") != std::string::npos);
  CHECK(json.find('\x1b') == std::string::npos);
}

TEST_CASE("the terminal summary shows control bytes escaped") {
  const std::string text = text_summary(hostile_run());
  CHECK(text.find("    PASS q\" lt< amp& bar| comma, nl\\n esc\\x1b[2J: ") != std::string::npos);
  CHECK(text.find('\x1b') == std::string::npos);
}

}  // namespace
}  // namespace drasim::reports
