#!/bin/sh
# concurrent_builds.sh N PROGRAM [ARGS...]: runs N processes of PROGRAM at once, twice, each time on
# new empty PoCL and libtiles caches that they share, so that all N compile the same new kernels
# together; fails if any of them fails.
set -u
count=$1
shift
failures=0
for round in 1 2; do
  caches=$(mktemp -d "${TMPDIR:-/tmp}/libtiles-concurrent.XXXXXX")
  export POCL_CACHE_DIR="$caches/pocl" TILES_PROGRAM_CACHE="$caches/programs"
  i=0
  pids=""
  while [ "$i" -lt "$count" ]; do
    "$@" >"$caches/out$i" 2>&1 &
    pids="$pids $!"
    i=$((i + 1))
  done
  for pid in $pids; do
    if ! wait "$pid"; then
      failures=$((failures + 1))
      echo "round $round: a process failed:"
      cat "$caches"/out* | grep -v "^$" | tail -n 5
    fi
  done
  rm -rf "$caches"
done
echo "$failures of $((2 * count)) processes failed"
[ "$failures" -eq 0 ]
