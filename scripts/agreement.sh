#!/usr/bin/env bash
# Checks that serbench's medians agree with go test -bench medians for the
# same cells. The two tools are run alternately, ROUNDS times, COUNT
# samples of 100ms each per round (serbench in its worker processes, go
# test in its own), so that drift on a shared machine hits both alike; then
# benchstat compares them: "~" or a small delta means they agree, and its
# geomean row is the overall difference.
#
#   scripts/agreement.sh [CODEC-REGEXP] [ROUNDS] [COUNT] [MODE]
#
# MODE "run" (the default) alternates whole runs of all the cells; MODE
# "cell" alternates one codec's cells at a time, so that the two tools of
# a pair run seconds apart: on a noisy machine that drifts by tens of
# percent within a minute, the finer alternation gives a steadier answer.
#
# Needs benchstat (go install golang.org/x/perf/cmd/benchstat@latest).
set -euo pipefail
cd "$(dirname "$0")/.."
codecs=${1:-'json|handwritten|goccy-json|vmihailenco-msgpack|msgp|protobuf|fxcbor|bson'}
rounds=${2:-3}
count=${3:-4}
mode=${4:-run}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/serbench" ./cmd/serbench
go test -c -o "$work/bench.test" .
benchstat=$(command -v benchstat || echo "$(go env GOPATH)/bin/benchstat")
one() { # one codec regexp, both tools
  "$work/serbench" run --quiet --workload '^person$' --codec "^($1)\$" --count "$count" --time 100ms \
    --zstd=false --db "$work/s.db" --format gobench >> "$work/serbench.txt" 2>/dev/null
  "$work/bench.test" -test.run '^$' -test.bench "^Benchmark(En|De)code\$/workload=person/codec=($1)\$" \
    -test.count "$count" -test.benchtime 100ms -test.benchmem >> "$work/gotest.txt"
}
for i in $(seq "$rounds"); do
  case $mode in
  run) one "$codecs" ;;
  cell) for c in ${codecs//|/ }; do one "$c"; done ;;
  *) echo "agreement.sh: MODE $mode: want run or cell" >&2; exit 2 ;;
  esac
done
# Keep only the benchmark lines, so both files carry the same configuration.
grep '^Benchmark' "$work/serbench.txt" > "$work/serbench"
grep '^Benchmark' "$work/gotest.txt" > "$work/go-test-bench"
cd "$work" && "$benchstat" -filter '.unit:sec/op' go-test-bench serbench
