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
  while [ "$i" -lt "$count" ]; do
    "$@" >"$caches/out$i" 2>&1 &
    echo "$!" >"$caches/pid$i"
    i=$((i + 1))
  done
  i=0
  while [ "$i" -lt "$count" ]; do
    wait "$(cat "$caches/pid$i")"
    status=$?
    if [ "$status" -ne 0 ]; then
      failures=$((failures + 1))
      echo "round $round: process $i failed with status $status:"
      grep -v "^$" "$caches/out$i" | tail -n 20
    fi
    i=$((i + 1))
  done
  rm -rf "$caches"
done
echo "$failures of $((2 * count)) processes failed"
[ "$failures" -eq 0 ]
