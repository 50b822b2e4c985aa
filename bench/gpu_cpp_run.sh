#!/usr/bin/env bash
# C++ kernels on a GPU machine, in one command, from a build made there (cmake -S . -B build
# -DCMAKE_BUILD_TYPE=Release && cmake --build build -j): the seed's five examples with their kernels
# in C++, compared with the seed's output; the C++ kernels' tests (C++, C and Python) on the GPU; and
# tiles_bench's C++ kernels against the same kernels in OpenCL C, by the host's clock and the
# device's. C++ kernels need clang and libclc's nvptx64--nvidiacl.bc: TILES_CLANG and TILES_LIBCLC
# name them, else the script takes those of a clang-14 tree unpacked in /opt/tc (.device/README),
# else the system's. PYTHON names the Python that runs the Python tests (python3). About 5 minutes.
#
#   bench/gpu_cpp_run.sh BUILD_DIR [OUTPUT_DIR]      (OUTPUT_DIR: gpu-cpp-run; it gets every log and figure)
set -uo pipefail
# BUILD_DIR and OUTPUT_DIR, the checkout's root as the folder, NVIDIA's OpenCL driver.
# shellcheck source=bench/gpu_preamble.sh
source "$(dirname "$0")/gpu_preamble.sh" gpu-cpp-run "$@"
# clang 14 unpacked from .device/clang needs its own libraries: a wrapper gives them to clang
# alone, so that nothing else of the process (the OpenCL drivers) loads them.
if [[ -z ${TILES_CLANG:-} && -x /opt/tc/usr/lib/llvm-14/bin/clang ]]; then
  cat >"$out/clang" <<'EOF'
#!/bin/sh
LD_LIBRARY_PATH=/opt/tc/usr/lib/x86_64-linux-gnu exec /opt/tc/usr/lib/llvm-14/bin/clang "$@"
EOF
  chmod +x "$out/clang"
  export TILES_CLANG=$out/clang
fi
if [[ -z ${TILES_LIBCLC:-} && -f /opt/tc/usr/lib/clc/nvptx64--nvidiacl.bc ]]; then
  export TILES_LIBCLC=/opt/tc/usr/lib/clc
fi
# The GPU, and a program cache of the run's own: everything is compiled once in it, then loaded.
export TILES_DEVICE=gpu TILES_TUNING_FILE=off TILES_PROGRAM_CACHE="$out/programs"
echo "clang: ${TILES_CLANG:-(the configured one)}, libclc: ${TILES_LIBCLC:-(the configured one)}"
"$build/bin/tiles-info" | sed -n '1,/^$/p;/^\*/,/^$/p'

failures=0
echo "== the seed's examples with their kernels in C++, against the seed's output"
for example in tiling_description:tiling_description tile_average:tile_average_2 tile_average_4:tile_average_4 \
  tile_static_average:tile_static_average memory_fence:memory_fence race_condition:race_condition; do
  program=${example%%:*}_amp
  [[ $program == tile_average_4_amp ]] && program=tile_average_amp_4
  expected=tests/expected/${example##*:}.txt
  mode=EXACT
  [[ $program == race_condition_amp ]] && mode=SUBSEQUENCE
  if cmake -DPROGRAM="$build/examples/amp/$program" -DEXPECTED="$expected" -DMODE=$mode \
    -P tests/compare_output.cmake >"$out/$program.txt" 2>&1; then
    echo "  $program: the seed's output"
  else
    echo "  $program: FAILED (see $out/$program.txt)"
    failures=$((failures + 1))
  fi
done
TILES_LOG=info "$build/examples/amp/tile_average_amp" 2>&1 | grep -m1 "built kernel" | sed 's/^/  /'

echo "== the C++ kernels' tests on the GPU"
run_tests() { # NAME COMMAND...: one test program, its log in OUT/NAME.txt
  local name=$1
  shift
  if "$@" >"$out/$name.txt" 2>&1; then
    echo "  $name: $(grep -v '^ *$' "$out/$name.txt" | tail -n 1)"
  else
    echo "  $name: FAILED (see $out/$name.txt)"
    failures=$((failures + 1))
  fi
}
run_tests core_tests "$build/tests/core_tests" "[amp]"
run_tests capi_tests "$build/tests/c/capi_tests" "[amp]"
run_tests second_process cmake -DPROGRAM="$build/tests/amp_second_process" -DCACHE="$out/second_process_cache" \
  -P tests/second_process.cmake
python=${PYTHON:-python3}
if [[ -d $build/bindings/python/tiles ]] && "$python" -c "import numpy, pytest" 2>/dev/null; then
  run_tests python env PYTHONPATH="$build/bindings/python" "$python" -m pytest -q -p no:cacheprovider tests/python/test_amp.py
else
  echo "  python: not run (no Python module in the build, or no numpy and pytest for $python; PYTHON names another)"
fi

for clock in host device; do
  echo "== C++ kernels against the same kernels in OpenCL C, by the $clock's clock"
  "$build/bench/tiles_bench" --clock $clock --side 8192 --runs 7 --only "C++ kernel" --json "$out/cpp_$clock.json" |
    tee "$out/cpp_$clock.txt"
done
echo "== $failures failure(s); every log is in $out"
exit $((failures > 0))
