#include "reports/junit_report.h"

#include <fmt/format.h>

namespace drasim::reports {

std::string xml_escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      case '\n':
        out += "&#10;";  // kept as a newline also inside an attribute value
        break;
      case '\t':
        out += "&#9;";
        break;
      case '\r':
        out += "&#13;";
        break;
      default:
        // XML 1.0 cannot hold other control characters, not even as references: they are
        // written as visible text.
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          out += fmt::format("\\x{:02x}", static_cast<unsigned>(static_cast<unsigned char>(c)));
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string junit_report(const sim::RunResult& result) {
  const size_t failures = result.expectations.size() - result.expectations_passed();
  const std::string suite = xml_escape(result.scenario);
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites tests=\"{}\" failures=\"{}\">\n", result.expectations.size(),
                     failures);
  out += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\">\n", suite,
                     result.expectations.size(), failures);
  for (const auto& e : result.expectations) {
    out += fmt::format("    <testcase classname=\"{}\" name=\"{}\"", suite, xml_escape(e.name));
    if (e.passed) {
      out += fmt::format(">\n      <system-out>{}</system-out>\n    </testcase>\n",
                         xml_escape(e.message));
    } else {
      out += fmt::format(">\n      <failure message=\"{}\"/>\n    </testcase>\n",
                         xml_escape(e.message));
    }
  }
  out += "  </testsuite>\n</testsuites>\n";
  return out;
}

}  // namespace drasim::reports
