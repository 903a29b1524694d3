#include "reports/html/html_report.h"

#include "reports/html/assets.h"
#include "reports/html/html_page.h"

namespace drasim::reports {

std::string html_report(const sim::RunResult& result, const HtmlLimits& limits) {
  return html_page(result.scenario, html_data(result, limits),
                   {assets::dygraph_css(), assets::report_css()}, assets::report_js());
}

}  // namespace drasim::reports
