#pragma once
/// The files the HTML report embeds, read at build time (reports/CMakeLists.txt): Debian's
/// dygraphs 2.2.1 (`libjs-dygraphs`, MIT; its source-map comment removed so the page names no
/// other file) and the report's own script and style sheet (reports/html/report.js,
/// reports/html/report.css; the sweep page's reports/html/sweep.js and sweep.css; page.js, the
/// helpers both scripts use).

#include <string_view>

namespace drasim::reports::assets {

std::string_view dygraph_js();
std::string_view dygraph_css();
std::string_view page_js();
std::string_view report_js();
std::string_view report_css();
std::string_view sweep_js();
std::string_view sweep_css();

}  // namespace drasim::reports::assets
