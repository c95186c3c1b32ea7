#!/usr/bin/env bash
# Runs every check and test of serbench. This is the README's test command
# and what CI runs (.ci/run). It installs what the tests need and fails,
# never skips, when something is missing. Each step prints its result and
# time; the last line is "all checks passed" or names the step that failed.
set -uo pipefail
cd "$(dirname "$0")/.."

start=$SECONDS
step_start=$SECONDS
step_name=""

# begin NAME announces a step.
begin() {
  step_name=$1
  step_start=$SECONDS
  echo "== $step_name"
}

# ok ends the current step successfully.
ok() {
  echo "-- ok: $step_name ($((SECONDS - step_start)) s)"
}

# fail ends the run with the current step named as the failure.
fail() {
  echo "-- FAILED: $step_name ($((SECONDS - step_start)) s)${1:+: $1}" >&2
  echo "checks FAILED at: $step_name" >&2
  exit 1
}

begin "schema compilers (scripts/install-compilers.sh)"
# The regeneration test (internal/gen) needs protoc, flatc, capnp and
# thrift at fixed versions. Without root they cannot be installed: outside
# CI the test then says so and skips; under CI=true it fails.
if bash scripts/install-compilers.sh; then
  ok
elif [ "${CI:-}" = true ]; then
  fail "the compilers could not be installed"
else
  echo "warning: schema compilers not installed; the regeneration check will be skipped" >&2
  echo "-- skipped: $step_name"
fi

begin "test dependencies (scripts/install-test-deps.sh)"
# The store's PostgreSQL tests and the sharded-run tests start throwaway
# PostgreSQL 15 servers (internal/pgtest). Without it they skip outside CI
# and fail under CI=true.
if bash scripts/install-test-deps.sh; then
  ok
elif [ "${CI:-}" = true ]; then
  fail "the test dependencies could not be installed"
else
  echo "warning: PostgreSQL 15 not installed; the PostgreSQL tests will be skipped" >&2
  echo "-- skipped: $step_name"
fi

begin "cross-language peers (scripts/install-peers.sh)"
# internal/peers' tests run Python and Node peers from a project-local
# virtualenv and node_modules at pinned versions (peers/README.md). Without
# them the tests install them, or skip outside CI and fail under CI=true.
if bash scripts/install-peers.sh; then
  ok
elif [ "${CI:-}" = true ]; then
  fail "the peers could not be installed"
else
  echo "warning: peers not installed; the internal/peers tests will be skipped" >&2
  echo "-- skipped: $step_name"
fi

begin "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"
  fail "$(echo "$unformatted" | wc -l) files are not gofmt-formatted"
fi
ok

begin "go vet"
go vet ./... || fail
ok

begin "go test"
go test -count=1 ./... || fail "see the FAIL lines above"
ok

begin "go test -fuzz (each target 5,000 inputs)"
# Every fuzz target (func FuzzXxx in a _test.go file, found here so that
# new ones run too) runs 5,000 inputs on one worker (1 to 10 s each here),
# after its seed corpus and testdata/fuzz/FuzzXxx; go test -fuzz takes one
# target at a time. The budget is a count, not a time: with a time
# (-fuzztime 10s) Go 1.26's fuzz coordinator can report "context deadline
# exceeded" as a failure when the time runs out while a busy machine's
# worker is still running an input (golang/go#75804, fixed in Go 1.27),
# which failed CI here once with no failing input. An input that fails is
# written to the package's testdata/fuzz/FuzzXxx: fix the code and commit
# the file with the fix, as a regression case.
fuzzlog=$(mktemp)
trap 'rm -f "$fuzzlog"' EXIT
targets=$(grep -rEo --include='*_test.go' --exclude-dir=.git --exclude-dir=testdata '^func Fuzz[A-Za-z0-9_]*\(' . | sort)
[ -n "$targets" ] || fail "no fuzz targets found"
while IFS= read -r t; do
  file=${t%%:func *}
  name=${t#*:func }
  name=${name%(}
  pkg=$(dirname "$file")
  if ! go test -run '^$' -fuzz "^${name}\$" -fuzztime 5000x -timeout 10m -parallel 1 "$pkg" > "$fuzzlog" 2>&1; then
    grep -v '^fuzz: elapsed' "$fuzzlog" | tail -60 >&2
    fail "$name in $pkg: see its output above"
  fi
  execs=$(grep -Eo 'execs: [0-9]+' "$fuzzlog" | tail -1 | cut -d' ' -f2)
  echo "$name ($pkg): ${execs:-0} inputs"
done <<< "$targets"
rm -f "$fuzzlog"
ok

begin "go test -bench smoke run (every benchmark once)"
# The output of ~1,000 benchmarks is kept out of the log when they pass;
# when one fails, its lines and the end of the output are shown.
smoke=$(mktemp)
trap 'rm -f "$smoke"' EXIT
if ! go test -count=1 -run '^$' -bench . -benchtime 1x . > "$smoke" 2>&1; then
  grep -E -- '^(--- FAIL|FAIL|panic:|fatal error:)|_test\.go:[0-9]+:' "$smoke" | head -50 >&2
  echo "... last lines of the smoke run:" >&2
  tail -20 "$smoke" >&2
  fail "a benchmark failed"
fi
echo "$(grep -c '^Benchmark' "$smoke") benchmarks ran once"
ok

begin "examples/usertype (a module of its own: the bench package on a user's type)"
# A nested module: go vet ./... and go test ./... above do not descend
# into it. Its tests use bench.Verify, bench.Run and bench.SaveTo; its
# benchmark bench.Benchmark, run once per codec.
(cd examples/usertype && go vet ./... && go test -count=1 ./... && go test -count=1 -run '^$' -bench . -benchtime 1x ./...) || fail "see the output above"
ok

echo "all checks passed ($((SECONDS - start)) s)"
