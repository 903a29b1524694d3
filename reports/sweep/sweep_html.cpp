#include "reports/sweep/sweep_html.h"

#include "reports/html/assets.h"
#include "reports/html/html_page.h"
#include "reports/sweep/sweep_json.h"

namespace drasim::reports {

std::string sweep_html(const SweepTable& table) {
  return html_page("sweep " + table.title, script_safe_json(sweep_json(table)),
                   {assets::dygraph_css(), assets::report_css(), assets::sweep_css()},
                   assets::sweep_js());
}

}  // namespace drasim::reports
