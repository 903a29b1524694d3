#!/usr/bin/env bash
# The reference mode proves the fast paths: every scenario given runs twice, as it is and with
# `drasim run --reference` (full node scans, no caches, indexes or memos), under its own profile
# and again under --profile kube-scheduler, and the two runs must exit alike and write
# byte-identical JSON reports. Inputs drasim refuses (exit 2) must be refused alike.
# Usage: compare_library.sh DRASIM [--own-profile] FILES...  (--own-profile: no kube-scheduler
# pass, for the scenarios too long to replay four times in a Debug build)
source "$(dirname "$0")/../cli/script_setup.sh"
drasim=$1
shift
profiles=("" kube-scheduler)
if [ "${1:-}" = --own-profile ]; then
  profiles=("")
  shift
fi

count=0
for f in "$@"; do
  for profile in "${profiles[@]}"; do
    flags=()
    [ -n "$profile" ] && flags=(--profile "$profile")
    "$drasim" run "$f" "${flags[@]}" --report json --out "$dir/fast" -q 2>"$dir/fast.err"
    fast=$?
    "$drasim" run "$f" "${flags[@]}" --reference --report json --out "$dir/ref" -q 2>"$dir/ref.err"
    ref=$?
    [ "$fast" -le 2 ] || fail "$f ${flags[*]}: drasim run exited $fast: $(head -c 300 "$dir/fast.err")"
    [ "$fast" = "$ref" ] || fail "$f ${flags[*]}: exit $fast, with --reference $ref"
    if [ "$fast" -le 1 ]; then
      cmp -s "$dir/fast/report.json" "$dir/ref/report.json" \
        || fail "$f ${flags[*]}: the --reference report differs:
$(diff "$dir/fast/report.json" "$dir/ref/report.json" | head -20)"
      count=$((count + 1))
    fi
    rm -rf "$dir/fast" "$dir/ref"
  done
done
[ "$count" -gt 0 ] || fail "no report compared"
echo "$count reports identical with --reference"
