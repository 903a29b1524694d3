#include "reports/html/html_report.h"

#include "reports/html/assets.h"
#include "reports/junit_report.h"

namespace drasim::reports {

std::string html_report(const sim::RunResult& result, const HtmlLimits& limits) {
  std::string out;
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<title>drasim: " + xml_escape(result.scenario) + "</title>\n";
  out += "<style>\n";
  out += assets::dygraph_css();
  out += "\n</style>\n<style>\n";
  out += assets::report_css();
  out += "\n</style>\n</head>\n<body>\n";
  // Errors of any script below are kept where the browser check (.ci/check-html) reads them.
  out +=
      "<script>window.drasimErrors=[];window.addEventListener('error',function(e){"
      "window.drasimErrors.push(String(e.message));document.documentElement.setAttribute("
      "'data-errors',window.drasimErrors.join(' | '));});</script>\n";
  out +=
      "<main id=\"app\"><noscript>This report draws its charts with JavaScript.</noscript>"
      "</main>\n";
  out += "<script id=\"drasim-data\" type=\"application/json\">\n";
  out += html_data(result, limits);
  out += "\n</script>\n<script>\n";
  out += assets::dygraph_js();
  out += "\n</script>\n<script>\n";
  out += assets::report_js();
  out += "\n</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace drasim::reports
