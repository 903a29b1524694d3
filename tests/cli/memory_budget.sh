#!/usr/bin/env bash
# --max-memory stops a run (exit 2) and names what grew, while loading or while replaying.
# Usage: memory_budget.sh DRASIM TESTS_CLI_DIR
source "$(dirname "$0")/script_setup.sh"
drasim=$1
here=$2

# Replaying: every bind fails to a 1000 h horizon, and the metric series grow each cycle.
err=$("$drasim" run -q "$here/binder-fault-to-the-horizon.yaml" --max-memory 96Mi 2>&1)
rc=$?
[ "$rc" -eq 2 ] || fail "replay: exit $rc, expected 2 ($err)"
[[ "$err" == "drasim: error: the run stopped at its --max-memory limit of 96 MiB at simulated time "*"the largest part is metric series (the report's time series)"* ]] ||
  fail "replay: message '$err'"

# Loading: one List document of 100,000 Namespaces (5 MB of YAML) holds far more than 24 MiB
# once parsed. (As separate documents they would not: each is decoded and dropped as it is read.)
{
  printf -- 'apiVersion: v1\nkind: List\nitems:\n'
  for i in $(seq 1 100000); do
    printf -- '- {apiVersion: v1, kind: Namespace, metadata: {name: n%d}}\n' "$i"
  done
} >"$dir/big.yaml"
err=$("$drasim" validate "$dir/big.yaml" --max-memory 24Mi 2>&1)
rc=$?
[ "$rc" -eq 2 ] || fail "load: exit $rc, expected 2 ($err)"
[[ "$err" == "$dir/big.yaml:"*": error: <document>: inputs that fit in --max-memory (24 MiB), got "*" MiB resident while reading this document" ]] ||
  fail "load: message '$err'"
echo ok
