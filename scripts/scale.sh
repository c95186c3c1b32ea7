#!/usr/bin/env bash
# Evidence that serbench's store holds a team's history: fills a fresh
# SQLite file and a throwaway PostgreSQL 15 database with N synthetic runs
# shaped like the default suite (internal/evidence/scale: the default
# suite's cells, or with FROM=DB those of a real stored run; 6 to 20
# samples a cell, seeded), then times serbench's commands on each:
#
#   scripts/scale.sh [N]            # N runs, 1000 by default
#
# and prints, per backend: the import time, the store's size, and the
# times of serbench history (a pattern that matches one codec, and every
# cell), serbench compare FIRST LAST, serbench runs, serbench report
# --html over the last 50 runs, and the history dashboard of every run
# (serbench report --history: written with every run's page, then again
# with the pages kept; its peak memory, the pages' size on disk, and the
# time headless Chromium takes to load it, beside an empty page's); then
# the store's reads for history, every run whole and one codec's cells
# alone (store.RunsWithCells).
#
# Environment: FROM=DB (and RUN=ID, the latest by default) takes the cells
# of a real run, which the script copies first; CODEC='^json$' is the
# history pattern; SEED=1 the seed; BACKENDS="sqlite postgres" which
# backends to fill (PostgreSQL is skipped with a message when initdb is
# not in /usr/lib/postgresql/15/bin or PGTEST_BINDIR; as root it runs as
# the postgres user, as internal/pgtest does). Everything is made in a
# temporary directory and removed at the end. It is run by hand, not by
# the tests: 1,000 runs take minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

n=${1:-1000}
codec=${CODEC:-'^json$'}
seed=${SEED:-1}
backends=${BACKENDS:-sqlite postgres}
work=$(mktemp -d /tmp/scale-XXXXXX)
pgdata=""
cleanup() {
  if [ -n "$pgdata" ] && [ -f "$pgdata/postmaster.pid" ]; then
    asPostgres "$bindir/pg_ctl" -D "$pgdata" -m immediate -w stop > /dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

bindir=${PGTEST_BINDIR:-/usr/lib/postgresql/15/bin}
asPostgres() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [ ! -x /usr/bin/time ]; then
  echo "scale.sh: needs GNU time in /usr/bin/time (Debian package time) for peak memory" >&2
  exit 2
fi
echo "scale.sh: building serbench and the filler" >&2
go build -o "$work/serbench" ./cmd/serbench
go build -o "$work/scale" ./internal/evidence/scale
from=()
if [ -n "${FROM:-}" ]; then
  cp "$FROM" "$work/from.db"
  from=(--from "$work/from.db")
  if [ -n "${RUN:-}" ]; then
    from+=(--run "$RUN")
  fi
fi

# timed LABEL COMMAND...: runs COMMAND with its output to $work/out, and
# prints LABEL and the wall time it took.
timed() {
  local label=$1
  shift
  local t0 t1
  t0=$(date +%s.%N)
  if ! "$@" > "$work/out" 2> "$work/err"; then
    cat "$work/err" >&2
    echo "scale.sh: $label failed" >&2
    exit 1
  fi
  t1=$(date +%s.%N)
  printf '  %-44s %7.2fs\n' "$label" "$(echo "$t1 - $t0" | bc)"
}

measure() {
  local name=$1 db=$2 size=$3
  echo "$name: filling with $n runs" >&2
  local t0 t1
  t0=$(date +%s.%N)
  "$work/scale" --db "$db" --runs "$n" --seed "$seed" "${from[@]}" > "$work/fill"
  t1=$(date +%s.%N)
  echo "$name ($n runs):"
  printf '  %-44s %7.2fs  (%s)\n' "import" "$(echo "$t1 - $t0" | bc)" "$(cat "$work/fill")"
  printf '  %-44s %s\n' "store size" "$($size)"
  local ids first last
  mapfile -t ids < <("$work/serbench" runs --db "$db" | awk 'NR > 1 { print $1 }')
  first=${ids[0]}
  last=${ids[-1]}
  local from50=$((${#ids[@]} > 50 ? ${#ids[@]} - 50 : 0))
  timed "serbench history --codec '$codec'" "$work/serbench" history --codec "$codec" --db "$db"
  echo "    ($(grep -c . "$work/out") lines)"
  timed "serbench history" "$work/serbench" history --db "$db"
  echo "    ($(grep -c . "$work/out") lines)"
  timed "serbench compare FIRST LAST" "$work/serbench" compare "$first" "$last" --db "$db"
  timed "serbench runs" "$work/serbench" runs --db "$db"
  timed "serbench report --html (last 50 runs)" "$work/serbench" report "${ids[@]:from50}" --html "$work/r.html" --db "$db"
  echo "    ($(cat "$work/out"))"
  # The history dashboard of every run: written once with every run's
  # page, then again, when every page is kept.
  rm -rf "$work/history.html" "$work/history-runs"
  dashboard "serbench report --history (pages written)" "$db"
  dashboard "serbench report --history (pages kept)" "$db"
  printf '  %-44s %s\n' "run pages on disk" "$(du -sh "$work/history-runs" | cut -f1)"
  browse "$work/history.html"
  # What history reads: every run whole (as it does), or one codec's
  # cells through the indexes (store.RunsWithCells).
  "$work/scale" --db "$db" --time-reads "$codec" | sed 's/^/  store read: /'
}

# dashboard LABEL DB: times serbench report --history on DB with its peak
# memory, and prints the page's size.
dashboard() {
  local label=$1 db=$2
  local t0 t1
  t0=$(date +%s.%N)
  if ! /usr/bin/time -f '%M' -o "$work/rss" "$work/serbench" report --history --html "$work/history.html" --db "$db" > "$work/out" 2> "$work/err"; then
    cat "$work/err" >&2
    echo "scale.sh: $label failed" >&2
    exit 1
  fi
  t1=$(date +%s.%N)
  printf '  %-44s %7.2fs  %s MB peak\n' "$label" "$(echo "$t1 - $t0" | bc)" "$(($(tail -n 1 "$work/rss") / 1024))"
  echo "    ($(cat "$work/out"))"
}

# browse PAGE: the time headless Chromium takes to load PAGE and dump its
# DOM, and, for scale, an empty page; skipped without chromium.
browse() {
  if ! command -v chromium > /dev/null; then
    echo "  (no chromium: the dashboard's load time is not measured)"
    return
  fi
  echo '<!DOCTYPE html><title>empty</title>' > "$work/empty.html"
  local page label t0 t1
  for page in "$1" "$work/empty.html"; do
    label="Chromium load, dump DOM: $(basename "$page")"
    t0=$(date +%s.%N)
    chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
      --user-data-dir="$work/chromium" --dump-dom "file://$page" > "$work/dom" 2> /dev/null
    t1=$(date +%s.%N)
    printf '  %-44s %7.2fs  (%s bytes of DOM)\n' "$label" "$(echo "$t1 - $t0" | bc)" "$(wc -c < "$work/dom")"
  done
}

for b in $backends; do
  case $b in
  sqlite)
    db=$work/scale.db
    sqliteSize() { du -ch "$work"/scale.db* | tail -n 1 | cut -f1; }
    measure "SQLite" "$db" sqliteSize
    ;;
  postgres)
    if [ ! -x "$bindir/initdb" ]; then
      echo "scale.sh: no PostgreSQL in $bindir (scripts/install-test-deps.sh installs it): skipping it" >&2
      continue
    fi
    pgdir=$work/pg
    mkdir -p "$pgdir"
    if [ "$(id -u)" -eq 0 ]; then
      chown postgres "$pgdir"
      chmod 755 "$work"
    fi
    pgdata=$pgdir/data
    asPostgres "$bindir/initdb" -D "$pgdata" -U postgres -A trust -E UTF8 --locale=C --no-sync --no-instructions > /dev/null
    # As internal/pgtest: a Unix socket only, no fsync.
    cat >> "$pgdata/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$pgdir'
port = 5432
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
    asPostgres "$bindir/pg_ctl" -D "$pgdata" -l "$pgdir/log" -w -t 60 start > /dev/null
    dsn="postgres://postgres@/postgres?host=$pgdir&port=5432&sslmode=disable"
    pgSize() { psql -h "$pgdir" -U postgres -d postgres -Atc "SELECT pg_size_pretty(pg_database_size('postgres'))"; }
    measure "PostgreSQL" "$dsn" pgSize
    ;;
  *)
    echo "scale.sh: unknown backend $b (want sqlite or postgres)" >&2
    exit 2
    ;;
  esac
done
