#!/usr/bin/env bash
# Runs every check and test of serbench. This is the README's test command
# and what CI runs (.ci/run). It installs what the tests need and fails,
# never skips, when something is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== schema compilers (scripts/install-compilers.sh)"
# The regeneration test (internal/gen) needs protoc, flatc, capnp and
# thrift at fixed versions. Without root they cannot be installed: outside
# CI the test then says so and skips; under CI=true it fails.
if ! bash scripts/install-compilers.sh; then
  if [ "${CI:-}" = true ]; then exit 1; fi
  echo "warning: schema compilers not installed; the regeneration check will be skipped" >&2
fi

echo "== test dependencies (scripts/install-test-deps.sh)"
# The store's PostgreSQL tests and the sharded-run tests start throwaway
# PostgreSQL 15 servers (internal/pgtest). Without it they skip outside CI
# and fail under CI=true.
if ! bash scripts/install-test-deps.sh; then
  if [ "${CI:-}" = true ]; then exit 1; fi
  echo "warning: PostgreSQL 15 not installed; the PostgreSQL tests will be skipped" >&2
fi

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

echo "== go vet"
go vet ./...

echo "== go test"
go test -count=1 ./...

echo "== go test -bench smoke run (every benchmark once)"
go test -count=1 -run '^$' -bench . -benchtime 1x . > /dev/null
