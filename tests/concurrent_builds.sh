#!/bin/sh
# concurrent_builds.sh ROUNDS N PROGRAM [ARGS...]: runs N processes of PROGRAM at once, ROUNDS
# times, each round on new empty PoCL and libtiles caches that its processes share, so that all N
# need the same new programs together. Fails if any process fails, or if any program of a round
# was built by more than one process: one builds it while the others wait for its cache entry and
# load it (the log at info level says which processes built what).
set -u
rounds=$1
count=$2
shift 2
failures=0
rebuilt=0
round=1
while [ "$round" -le "$rounds" ]; do
  caches=$(mktemp -d "${TMPDIR:-/tmp}/libtiles-concurrent.XXXXXX")
  export POCL_CACHE_DIR="$caches/pocl" TILES_PROGRAM_CACHE="$caches/programs" TILES_LOG=info
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
  # Each build's log line ("libtiles info: building kernel 'k' for 'device' through opencl-c"), from
  # every process: a line seen twice is a program two processes built.
  cat "$caches"/out* | grep "^libtiles info: building " | sort >"$caches/builds"
  builds=$(wc -l <"$caches/builds")
  programs=$(uniq "$caches/builds" | wc -l)
  waits=$(cat "$caches"/out* | grep -c "^libtiles info: waited ")
  if [ "$programs" -eq 0 ] || [ "$builds" -ne "$programs" ]; then
    rebuilt=$((rebuilt + 1))
    echo "round $round: $builds builds of $programs programs ($waits waits for another's build):"
    uniq -c "$caches/builds"
  fi
  rm -rf "$caches"
  round=$((round + 1))
done
echo "$failures of $((rounds * count)) processes failed; $rebuilt of $rounds rounds built a program more than once"
[ "$failures" -eq 0 ] && [ "$rebuilt" -eq 0 ]
