#!/usr/bin/env bash
# The demo's HTML report and a sweep page in headless Chromium (.ci/check-html): every chart
# drawn, no script error; and the check fails on a page with a script error or an undrawn chart.
# Usage: html_in_browser.sh DRASIM
source "$(dirname "$0")/script_setup.sh"
drasim=$1
"$drasim" run -q --report html --out "$dir" || fail "drasim run exited $?"
bash "$(dirname "$0")/../../.ci/check-html" "$dir/report.html" "$dir/report.png" || fail "check-html"
# The sweep page: a numeric and a duration parameter over the capacity scenario.
"$drasim" sweep "$(dirname "$0")/sweep-capacity.yaml" --vary spec.generate[0].nodePool.count=1..4 \
  --vary spec.horizon=5m,10m -q --report html --out "$dir" || fail "drasim sweep exited $?"
bash "$(dirname "$0")/../../.ci/check-html" "$dir/sweep.html" "$dir/sweep.png" || fail "check-html sweep"

# The check itself fails on a script error and on a chart that did not draw.
check=$(dirname "$0")/../../.ci/check-html
printf '<html><body><script>window.addEventListener("error",function(e){document.documentElement.setAttribute("data-errors",e.message)});</script><script>no_such_function();</script></body></html>' > "$dir/error.html"
out=$(bash "$check" "$dir/error.html" "$dir/error.png") && fail "a script error passed: $out"
[[ "$out" == *"script error: data-errors=\"Uncaught ReferenceError: no_such_function is not defined\""* ]] ||
  fail "script error: message '$out'"
printf '<html><body><div class="chart"></div><script>document.documentElement.setAttribute("data-rendered","1")</script></body></html>' > "$dir/undrawn.html"
out=$(bash "$check" "$dir/undrawn.html" "$dir/undrawn.png") && fail "an undrawn chart passed: $out"
[[ "$out" == *"0 of 1 charts rendered" ]] || fail "undrawn chart: message '$out'"
echo "ok"
