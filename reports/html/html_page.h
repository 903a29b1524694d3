#pragma once
/// The frame of drasim's self-contained HTML pages (the run report, the sweep report): the
/// style sheets, the error hook the browser check reads (.ci/check-html), the data as JSON in a
/// `<script type="application/json">` element, dygraphs and the page's own script, all inline.

#include <initializer_list>
#include <string>
#include <string_view>

namespace drasim::reports {

/// JSON made safe inside a script element: `<` (only ever inside strings) written `\u003c`, so no
/// `</script>` or `<!--` in the data can end the element.
std::string script_safe_json(std::string_view json);

/// The page titled `drasim: <title>` (escaped), with `data_json` (already script-safe) as
/// `#drasim-data`, `styles` in order, then dygraphs, the helpers both pages use (page.js) and
/// `script`.
std::string html_page(std::string_view title, std::string_view data_json,
                      std::initializer_list<std::string_view> styles, std::string_view script);

}  // namespace drasim::reports
