#!/usr/bin/env bash
# The progress bar (cli/progress_bar.h) on stderr: drawn under a pseudo-terminal (util-linux
# `script`), erased before the summary; absent with -q and when stderr is not a terminal.
# Usage: progress_pty.sh DRASIM SCENARIO (a run that lasts well over the bar's first 300 ms)
source "$(dirname "$0")/script_setup.sh"
drasim=$1
scenario=$2
command -v script >/dev/null || fail "util-linux script is not installed"

script -qec "$drasim run $scenario" /dev/null > "$dir/tty.out" 2>&1
rc=$?
[ "$rc" -eq 0 ] || fail "run under a terminal: exit $rc"
grep -q $'\r\e\[K\[#*\.*\] *[0-9]*%  simulated [0-9hms]* of 6h00m  [0-9.k]* events/s  ETA ' \
  "$dir/tty.out" || fail "no progress line under a terminal: $(head -c 300 "$dir/tty.out" | cat -v)"
# The last redraw is erased, then the summary starts on a clean line.
grep -q $'\r\e\[Kscenario rolling-migration (profile kai, seed 7)' "$dir/tty.out" ||
  fail "the bar was not erased before the summary"

script -qec "$drasim run -q $scenario" /dev/null > "$dir/quiet.out" 2>&1
[ ! -s "$dir/quiet.out" ] || fail "-q under a terminal printed: $(head -c 300 "$dir/quiet.out" | cat -v)"

"$drasim" run "$scenario" > "$dir/pipe.out" 2> "$dir/pipe.err"
[ ! -s "$dir/pipe.err" ] || fail "stderr not a terminal, yet: $(head -c 300 "$dir/pipe.err" | cat -v)"
grep -q "events/s" "$dir/pipe.out" && fail "progress on stdout"
echo "ok"
