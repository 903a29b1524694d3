#!/usr/bin/env bash
# A KAI snapshot made from each scenario replays exactly as the scenario does:
#   drasim run FILE                         (a)
#   drasim run SNAPSHOT.zip REST.yaml       (b: the objects from the snapshot)
#   drasim import kai-snapshot SNAPSHOT.zip -o DIR; drasim run DIR/<key>s.yaml REST.yaml  (c)
# must give byte-identical JSON reports, less the warnings (b and c say the Scenario document's
# settings were used instead of the snapshot's). REST.yaml holds the Scenario document and the
# kinds a snapshot cannot hold. Usage: kai_snapshot.sh DRASIM MAKE_SNAPSHOT FILES...
source "$(dirname "$0")/script_setup.sh"
drasim=$1
make_snapshot=$2
shift 2

report() {  # report OUT ARGS...: the JSON report of a run without its warnings
  local out=$1
  shift
  "$drasim" run "$@" --report json --out - -q 2>"$dir/err" > "$dir/raw.json"
  local code=$?
  [ "$code" -le 1 ] || fail "drasim run $* exited $code: $(head -c 300 "$dir/err")"
  sed '/^  "warnings": \[\]$/d; /^  "warnings": \[$/,/^  \]$/d' "$dir/raw.json" > "$out"
}

count=0
for f in "$@"; do
  rm -rf "$dir/imported"
  report "$dir/a.json" "$f"
  "$make_snapshot" "$dir/s.zip" "$dir/rest.yaml" "$f" || fail "cannot make a snapshot of $f"
  report "$dir/b.json" "$dir/s.zip" "$dir/rest.yaml"
  "$drasim" import kai-snapshot "$dir/s.zip" -o "$dir/imported" > /dev/null \
    || fail "drasim import kai-snapshot of $f"
  # The object files (pods.yaml, nodes.yaml, ...; every rawObjects key ends in s), not the
  # imported scenario.yaml: REST.yaml holds the case's own Scenario document.
  report "$dir/c.json" "$dir"/imported/*s.yaml "$dir/rest.yaml"
  cmp -s "$dir/a.json" "$dir/b.json" || fail "$f: the snapshot's report differs: $(diff "$dir/a.json" "$dir/b.json" | head -5)"
  cmp -s "$dir/a.json" "$dir/c.json" || fail "$f: the imported directory's report differs: $(diff "$dir/a.json" "$dir/c.json" | head -5)"
  count=$((count + 1))
done
echo "$count scenarios replay identically from a KAI snapshot and from its import"
