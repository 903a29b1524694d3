#include "reports/html/html_page.h"

#include "reports/html/assets.h"
#include "reports/junit_report.h"

namespace drasim::reports {

std::string script_safe_json(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  for (const char c : json) {
    if (c == '<') {
      out += "\\u003c";
    } else {
      out += c;
    }
  }
  return out;
}

std::string html_page(std::string_view title, std::string_view data_json,
                      std::initializer_list<std::string_view> styles, std::string_view script) {
  std::string out;
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<title>drasim: " + xml_escape(std::string(title)) + "</title>\n";
  for (std::string_view css : styles) {
    out += "<style>\n";
    out += css;
    out += "\n</style>\n";
  }
  out += "</head>\n<body>\n";
  // Errors of any script below are kept where the browser check (.ci/check-html) reads them.
  out +=
      "<script>window.drasimErrors=[];window.addEventListener('error',function(e){"
      "window.drasimErrors.push(String(e.message));document.documentElement.setAttribute("
      "'data-errors',window.drasimErrors.join(' | '));});</script>\n";
  out +=
      "<main id=\"app\"><noscript>This report draws its charts with JavaScript.</noscript>"
      "</main>\n";
  out += "<script id=\"drasim-data\" type=\"application/json\">\n";
  out += data_json;
  out += "\n</script>\n<script>\n";
  out += assets::dygraph_js();
  out += "\n</script>\n<script>\n";
  out += assets::page_js();
  out += "\n</script>\n<script>\n";
  out += script;
  out += "\n</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace drasim::reports
