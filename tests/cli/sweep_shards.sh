#!/usr/bin/env bash
# A sweep spread over shards the way a Kubernetes Indexed Job spreads it: N local processes, each
# with JOB_COMPLETION_INDEX set and `--shard N`, writing into one directory; `drasim sweep merge`
# must then write byte for byte what the unsharded sweep writes.
# Usage: sweep_shards.sh DRASIM SCENARIO
set -euo pipefail
drasim=$1
scenario=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
vary=(--vary spec.generate[0].nodePool.count=1..4 --vary spec.horizon=5m,10m,20m)
"$drasim" sweep "$scenario" "${vary[@]}" -j 2 -q --out "$work/whole"
n=5  # 12 variants over 5 shards: sizes 3, 3, 2, 2, 2
pids=()
for ((i = 0; i < n; i++)); do
  JOB_COMPLETION_INDEX=$i "$drasim" sweep "$scenario" "${vary[@]}" --shard $n -j 1 -q \
    --out "$work/shards" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
ls "$work/shards"
[ "$(ls "$work/shards" | wc -l)" -eq $n ] || { echo "expected $n shard files"; exit 1; }
"$drasim" sweep merge "$work/shards" -q --out "$work/merged"
for f in sweep.json sweep.csv sweep.md sweep.html; do
  cmp "$work/whole/$f" "$work/merged/$f"
done
# Without JOB_COMPLETION_INDEX, `--shard N` alone is refused (exit 2).
if env -u JOB_COMPLETION_INDEX "$drasim" sweep "$scenario" "${vary[@]}" --shard $n -q \
  --out "$work/none" 2> "$work/err"; then
  echo "--shard $n without JOB_COMPLETION_INDEX should fail"; exit 1
fi
grep -q "JOB_COMPLETION_INDEX" "$work/err"
echo "sweep_shards: $n processes merged into the unsharded sweep, byte for byte"
