#!/usr/bin/env bash
# Checks that serbench's medians agree with go test -bench's on the same
# cells. serbench runs with its default engine (every job in worker
# processes of its own, in several forks); go test -bench runs the root
# package's BenchmarkEncode and BenchmarkDecode (bench_test.go), which time
# the same harness units in one process, one job set up at a time. Both
# tools take COUNT samples of SAMPLE_TIME per cell per round (serbench
# --count/--time, with --ci 0 so that it takes no extra samples; go test
# -count/-benchtime), ROUNDS times, alternating, so that drift on a shared
# machine hits both alike; then benchstat compares the two sets of
# samples.
#
#   scripts/agreement.sh [CODECS] [ROUNDS] [COUNT] [MODE] [WORKLOADS]
#
#   CODECS     regular expression of codec names, anchored (default
#              'msgp|mus-go|protobuf|json|bson': fast and slow codecs,
#              code-generated and reflection-based, and allocation-heavy
#              ones (json and bson allocate 17 to 28 times per decode)
#   ROUNDS     alternating rounds (default 3)
#   COUNT      samples per cell per round per tool (default 5)
#   MODE       cell (default): alternate the two tools one codec at a time,
#              so that the two measurements of a cell run seconds apart on
#              a machine that drifts by tens of percent within a minute;
#              run: alternate whole runs of all the cells
#   WORKLOADS  regular expression of workloads, anchored (default
#              'person|nested')
#   SAMPLE_TIME (environment) length of one sample (default 100ms)
#   SERBENCH_FLAGS (environment) more flags for serbench run, split on
#              spaces (e.g. "--workers 1" to keep one worker alive at once)
#
# The default is 5 codecs × 2 workloads × encode and decode = 20 cells,
# 15 samples of each per tool; it takes a few minutes. Within a round the
# tool that goes first alternates from round to round.
#
# It prints benchstat's table (sec/op, go test -bench as the base), then
#
#   geomean +1.2% (encode +2.0%, decode +0.4%): serbench vs go test -bench over 20 cells, threshold ±3%
#   cells more than 5% apart with p < 0.05: none
#   for context, not a threshold: of 20 cells about 1.0 have p < 0.05 by chance alone; more than 5% apart after the Holm correction for 20 tests: none
#   PASS
#
# Pass thresholds: the geomean of serbench's medians over go test's within
# ±3%, and no cell more than 5% apart with p < 0.05 (benchstat's
# Mann-Whitney U test). Of 20 cells that the two tools measure alike, one
# has p < 0.05 by chance on average, so the line before PASS or FAIL also
# gives the cells that stay apart after Holm's step-down correction for
# the number of cells tested (family-wise level 0.05); it is context, and
# does not change the verdict. Each cell listed apart also gives its
# difference per round, "(p=0.011; by round: +14% +2% +9%)": the serbench
# median of each round over go test's. A round's samples are consecutive
# in one process and share that round's state of the machine, so the
# rounds are the independent units and the pooled test's p is too small
# when the rounds differ; a difference carried by one round is one noisy
# round rather than a bias. Exit status: 0 when both are met, 3 when not (or a
# cell is missing from one tool's output), 1 on an error, 2 on bad usage.
#
# benchstat is built from the version go.mod pins (golang.org/x/perf); if
# that fails, an installed benchstat is used:
#   go install golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da
set -euo pipefail
cd "$(dirname "$0")/.."

codecs=${1:-'msgp|mus-go|protobuf|json|bson'}
rounds=${2:-3}
count=${3:-5}
mode=${4:-cell}
workloads=${5:-'person|nested'}
sampletime=${SAMPLE_TIME:-100ms}
case $mode in
run | cell) ;;
*) echo "agreement.sh: MODE $mode: want cell or run" >&2; exit 2 ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "agreement.sh: building serbench, the benchmark binary and benchstat" >&2
mkdir "$work/bin"
go build -o "$work/bin/serbench" ./cmd/serbench
go test -c -o "$work/bin/bench.test" .
if ! go build -o "$work/bin/benchstat" golang.org/x/perf/cmd/benchstat 2> "$work/benchstat.err"; then
  installed=$(command -v benchstat || echo "$(go env GOPATH)/bin/benchstat")
  if [ ! -x "$installed" ]; then
    cat "$work/benchstat.err" >&2
    echo "agreement.sh: benchstat not found; install it with" >&2
    echo "  go install golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da" >&2
    exit 1
  fi
  ln -s "$installed" "$work/bin/benchstat"
fi


serbench() { # codec regexp
  if ! "$work/bin/serbench" run --quiet --workload "^($workloads)\$" --codec "^($1)\$" \
    --count "$count" --time "$sampletime" --ci 0 --zstd=false ${SERBENCH_FLAGS:-} \
    --db "$work/s.db" --format gobench > "$work/s.out" 2> "$work/s.err"; then
    cat "$work/s.err" >&2
    echo "agreement.sh: serbench run failed" >&2
    exit 1
  fi
  grep -E '^Benchmark(En|De)code/' "$work/s.out" >> "$work/serbench" || true
}
gotest() { # codec regexp
  "$work/bin/bench.test" -test.run '^$' \
    -test.bench "^Benchmark(En|De)code\$/^workload=($workloads)\$/^codec=($1)\$" \
    -test.count "$count" -test.benchtime "$sampletime" -test.benchmem > "$work/g.out"
  grep -E '^Benchmark' "$work/g.out" >> "$work/go-test-bench" || true
}
both() { # codec regexp, round
  if [ $(($2 % 2)) -eq 1 ]; then
    serbench "$1"; gotest "$1"
  else
    gotest "$1"; serbench "$1"
  fi
}

: > "$work/serbench"
: > "$work/go-test-bench"
start=$SECONDS
for round in $(seq "$rounds"); do
  echo "agreement.sh: round $round of $rounds ($((SECONDS - start))s)" >&2
  case $mode in
  run) both "$codecs" "$round" ;;
  cell) for c in ${codecs//|/ }; do both "$c" "$round"; done ;;
  esac
done
echo "agreement.sh: measured in $((SECONDS - start))s" >&2
echo >&2

cd "$work"
bin/benchstat -filter '.unit:sec/op' go-test-bench serbench
echo
bin/benchstat -format csv -filter '.unit:sec/op' go-test-bench serbench > stat.csv 2> /dev/null
# Per round, each cell's serbench median over its go test -bench median:
# rounds.csv has "name,+3% -1% +4%". The samples of one round are
# consecutive in one process (go test) or one run (serbench), so they
# share that round's state of the machine; the rounds are the
# independent units, which the pooled Mann-Whitney test does not know.
# Each tool wrote COUNT lines per cell per round, in round order.
awk -v count="$count" '
  /^Benchmark/ {
    name = substr($1, 10)
    k = FILENAME SUBSEP name
    i = seen[k]++
    r = int(i / count) + 1
    n[k, r]++
    v[k, r, n[k, r]] = $3 + 0
    if (r > last[name]) last[name] = r
  }
  function median(k, r,   m, i, j, t, a) {
    m = n[k, r]
    for (i = 1; i <= m; i++) a[i] = v[k, r, i]
    for (i = 2; i <= m; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
  }
  END {
    for (name in last) {
      s = ""
      g = "go-test-bench" SUBSEP name; b = "serbench" SUBSEP name
      for (r = 1; r <= last[name]; r++) {
        if (n[g, r] == 0 || n[b, r] == 0 || median(g, r) <= 0) { s = s " n/a"; continue }
        s = s sprintf(" %+.0f%%", (median(b, r) / median(g, r) - 1) * 100)
      }
      print name "," substr(s, 2)
    }
  }
' go-test-bench serbench > rounds.csv
# stat.csv rows: name, base sec/op, CI, serbench sec/op, CI, vs base, "p=0.020 n=15".
awk -F, '
  FILENAME == "rounds.csv" { byround[$1] = $2; next }
  FNR <= 2 { next }
  $1 == "geomean" { next }
  $1 == "" { next }
  {
    cells++
    if ($2 == "" || $4 == "" || $2 + 0 <= 0) { missing = missing "\n  " $1; next }
    d = $4 / $2 - 1
    lg = log($4 / $2); all += lg; n++
    if ($1 ~ /^Encode\//) { enc += lg; ne++ } else if ($1 ~ /^Decode\//) { dec += lg; nd++ }
    p = 1
    if (match($7, /p=[0-9.]+/)) p = substr($7, RSTART + 2, RLENGTH - 2) + 0
    if ((d > 0.05 || d < -0.05) && p < 0.05) {
      bad = bad sprintf("\n  %s %+.1f%% (p=%.3f; by round: %s)", $1, d * 100, p, byround[$1])
    }
    m++; pv[m] = p; dv[m] = d; nv[m] = $1
  }
  function pct(s, k) { return k ? sprintf("%+.1f%%", (exp(s / k) - 1) * 100) : "n/a" }
  END {
    if (n == 0) { print "agreement: no cell measured by both tools"; exit 3 }
    g = exp(all / n) - 1
    printf "geomean %s (encode %s, decode %s): serbench vs go test -bench over %d cells, threshold ±3%%\n", pct(all, n), pct(enc, ne), pct(dec, nd), n
    printf "cells more than 5%% apart with p < 0.05: %s\n", bad == "" ? "none" : bad
    # The Holm step-down correction over the m cells tested: sort the
    # p-values ascending and reject while p(i) <= 0.05 / (m - i + 1).
    for (i = 2; i <= m; i++) {
      for (j = i; j > 1 && pv[j - 1] > pv[j]; j--) {
        t = pv[j]; pv[j] = pv[j - 1]; pv[j - 1] = t
        t = dv[j]; dv[j] = dv[j - 1]; dv[j - 1] = t
        t = nv[j]; nv[j] = nv[j - 1]; nv[j - 1] = t
      }
    }
    holm = ""
    for (i = 1; i <= m && pv[i] <= 0.05 / (m - i + 1); i++) {
      if (dv[i] > 0.05 || dv[i] < -0.05) holm = holm sprintf("\n  %s %+.1f%% (p=%.3f)", nv[i], dv[i] * 100, pv[i])
    }
    printf "for context, not a threshold: of %d cells about %.1f have p < 0.05 by chance alone; more than 5%% apart after the Holm correction for %d tests: %s\n", m, 0.05 * m, m, holm == "" ? "none" : holm
    if (missing != "") printf "cells missing from one tool:%s\n", missing
    if (g > 0.03 || g < -0.03 || bad != "" || missing != "") {
      why = ""
      if (g > 0.03 || g < -0.03) why = why sprintf("; geomean %+.1f%% outside ±3%%", g * 100)
      if (bad != "") why = why "; some cells more than 5% apart with p < 0.05"
      if (missing != "") why = why "; cells missing from one tool"
      print "FAIL: " substr(why, 3)
      exit 3
    }
    print "PASS"
  }
' rounds.csv stat.csv
