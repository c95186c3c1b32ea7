#!/usr/bin/env bash
# Checks that serbench reproduces itself: runs the same selection twice,
# back to back, in two separate serbench processes, and compares the second
# run with the first (internal/evidence/reproducibility).
#
#   scripts/reproducibility.sh [SERBENCH-RUN-FLAGS...]
#
# The arguments are passed to both "serbench run"s unchanged, e.g.
#
#   scripts/reproducibility.sh --workload person --codec 'json|msgp|protobuf' --count 6 --time 20ms
#
# With no arguments it runs the default suite twice. Both runs are stored in
# a temporary database, removed at the end; set DB=FILE to keep them there
# instead (runs already in FILE are left alone: the last two are compared),
# not --db. serbench's own tables are not printed; progress goes to stderr.
#
# It prints, for the cells measured ok in both runs (reference cells, such as
# the noop floor, are left out), per workload and operation, per operation
# and overall: how many cells' ns/op medians agree within ±5% (|B/A − 1| ≤
# 0.05); the coverage, how many of run B's medians fall inside run A's 95%
# confidence interval (computed as serbench's tables do, samples grouped by
# worker process); and Kendall's tau of the two runs' codec rankings. Then
# the run-level shift (geometric mean of B/A) and the same two shares with
# it divided out (diagnostic: a machine that changed speed between the runs
# shifts every cell alike), the drift within each run (how far the cells'
# forks of one round were, on average, from their cells' medians: the
# lowest and the highest round), the five cells that differ most, and one
# line to quote:
#
#   overall: 64/70 cells within ±5% (91%), coverage 66/70 (94%), tau encode 0.96 decode 0.95
#
# Pass thresholds: at least 90% of cells within ±5%, coverage at least 90%,
# and tau at least 0.95 for encode and for decode. Exit status: 0 when all
# are met, 3 when one is missed, 1 on an error (such as a run that failed),
# 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db=${DB:-$work/r.db}

echo "reproducibility.sh: building serbench" >&2
go build -o "$work/serbench" ./cmd/serbench
go build -o "$work/reproducibility" ./internal/evidence/reproducibility

for i in 1 2; do
  echo "reproducibility.sh: run $i of 2: serbench run $*" >&2
  start=$SECONDS
  if ! "$work/serbench" run --quiet "$@" --db "$db" > "$work/run$i.txt" 2> "$work/run$i.err"; then
    cat "$work/run$i.err" >&2
    echo "reproducibility.sh: serbench run $i failed" >&2
    exit 1
  fi
  echo "reproducibility.sh: run $i took $((SECONDS - start))s" >&2
done

# serbench runs lists the stored runs oldest first, one per line after a
# header; the last two are ours.
mapfile -t ids < <("$work/serbench" runs --db "$db" | awk 'NR > 1 { print $1 }' | tail -n 2)
if [ "${#ids[@]}" -ne 2 ]; then
  echo "reproducibility.sh: expected two runs in $db, found ${#ids[@]}" >&2
  exit 1
fi
echo >&2
"$work/reproducibility" --db "$db" "${ids[0]}" "${ids[1]}"
