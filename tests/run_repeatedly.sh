#!/bin/sh
# run_repeatedly.sh N PROGRAM [ARGS...]: runs PROGRAM N times, one after another; fails if a run
# exits with an error or a signal, or prints glibc's report of a corrupted heap.
set -u
count=$1
shift
output=$(mktemp "${TMPDIR:-/tmp}/libtiles-repeat.XXXXXX")
i=1
while [ "$i" -le "$count" ]; do
  if ! "$@" >"$output" 2>&1 || grep -q -e "corrupted" -e "double free" -e "free(): invalid" "$output"; then
    echo "run $i of $count failed:"
    tail -n 5 "$output"
    rm -f "$output"
    exit 1
  fi
  i=$((i + 1))
done
rm -f "$output"
echo "$count runs passed"
