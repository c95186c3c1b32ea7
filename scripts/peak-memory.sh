#!/usr/bin/env bash
# Runs a command and reports its wall time and the peak of the summed
# resident memory of the command and all its descendants (a serbench run's
# coordinator plus its worker processes), sampled every 100ms from /proc.
#
#   scripts/peak-memory.sh COMMAND [ARG ...]
#
# Linux only. The command's own output goes to standard error.
set -euo pipefail
start=$(date +%s.%N)
"$@" 1>&2 &
root=$!
peak=0
peak_procs=0
tree() {
  local p=$1
  echo "$p"
  for c in $(cat /proc/"$p"/task/*/children 2>/dev/null); do tree "$c"; done
}
while kill -0 "$root" 2>/dev/null; do
  total=0
  n=0
  for p in $(tree "$root"); do
    kb=$(awk '/^VmRSS:/ {print $2}' /proc/"$p"/status 2>/dev/null || true)
    if [ -n "$kb" ]; then total=$((total + kb)); n=$((n + 1)); fi
  done
  if [ "$total" -gt "$peak" ]; then peak=$total; peak_procs=$n; fi
  sleep 0.1
done
wait "$root" && status=0 || status=$?
end=$(date +%s.%N)
printf 'exit status %d; wall %.1fs; peak resident memory of the process tree %.1f MiB (%d processes at that moment)\n' \
  "$status" "$(echo "$end - $start" | bc)" "$(echo "$peak / 1024" | bc -l)" "$peak_procs"
exit "$status"
