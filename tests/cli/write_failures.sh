#!/usr/bin/env bash
# A report that cannot be written is an error (exit 2) and leaves nothing behind: no report, no
# temporary file. Usage: write_failures.sh DRASIM SCENARIO
source "$(dirname "$0")/script_setup.sh"
drasim=$1
scenario=$2

# A file-size limit of 1 block (512 bytes): the JSON report is larger, so its write fails (EFBIG;
# drasim ignores SIGXFSZ). Neither report may appear, though the JUnit one alone would fit.
mkdir "$dir/out"
err=$( (ulimit -f 1; "$drasim" run -q "$scenario" --report json --report junit --out "$dir/out") 2>&1)
rc=$?
[ "$rc" -eq 2 ] || fail "file-size limit: exit $rc, expected 2 ($err)"
[[ "$err" == "drasim: error: cannot write $dir/out/report.json.tmp."*": File too large" ]] ||
  fail "file-size limit: message '$err'"
[ -z "$(ls -A "$dir/out")" ] || fail "file-size limit left: $(ls -A "$dir/out")"

# Every format at once under the same limit: none of the eight files appears.
err=$( (ulimit -f 1; "$drasim" run -q "$scenario" --report json --report junit --report html \
  --report markdown --report csv --out "$dir/out") 2>&1)
rc=$?
[ "$rc" -eq 2 ] || fail "file-size limit, every format: exit $rc, expected 2 ($err)"
[ -z "$(ls -A "$dir/out")" ] || fail "file-size limit, every format, left: $(ls -A "$dir/out")"

# /dev/full as standard output: the summary cannot be written.
err=$("$drasim" run "$scenario" 2>&1 >/dev/full)
rc=$?
[ "$rc" -eq 2 ] || fail "stdout /dev/full: exit $rc, expected 2"
[ "$err" = "drasim: error: cannot write to standard output" ] || fail "stdout: message '$err'"

# The JSON report to a full standard output.
"$drasim" run -q "$scenario" --out - >/dev/full 2>/dev/null
rc=$?
[ "$rc" -eq 2 ] || fail "--out - to /dev/full: exit $rc, expected 2"

# --out naming a file that is not a directory.
"$drasim" run -q "$scenario" --report json --out /dev/full 2>/dev/null
rc=$?
[ "$rc" -eq 2 ] || fail "--out /dev/full: exit $rc, expected 2"
echo "ok"
