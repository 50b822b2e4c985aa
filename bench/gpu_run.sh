#!/usr/bin/env bash
# The GPU run in one command, on a machine with NVIDIA's OpenCL driver, from a developer's build
# made there (cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DTILES_DEVELOPER=ON && cmake --build
# build -j): the whole test suite on the GPU; libtiles' gemm at every precision at n = 1024, 4096
# and 8192 and cuBLAS's through PyTorch in the same run; the bandwidth-bound algorithms against the
# copy kernel; each by the host's clock and by the device's; then one table of the ratios and the
# targets. About 10 minutes.
#
#   bench/gpu_run.sh BUILD_DIR [OUTPUT_DIR]      (OUTPUT_DIR: gpu-run; it gets every figure as JSON)
set -euo pipefail
# BUILD_DIR and OUTPUT_DIR, the checkout's root as the folder, NVIDIA's OpenCL driver.
# shellcheck source=bench/gpu_preamble.sh
source "$(dirname "$0")/gpu_preamble.sh" gpu-run "$@"
# The GPU, with the parameter table as shipped (no tuning file), and a program cache of the run's own;
# the tests of arrays past 4 GiB too (tests/python/test_big_arrays.py).
export TILES_DEVICE=gpu TILES_TUNING_FILE=off TILES_PROGRAM_CACHE="$out/programs" TILES_TEST_BIG_ARRAYS=1

"$build/bin/tiles-info" | sed -n '1,/^$/p;/^\*/,/^$/p'

echo "== the whole test suite on the GPU"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" 2>&1 | tee "$out/tests.txt" |
  grep -E "tests passed|Failed|\*\*\*|Test +#" || true

# Every figure twice: by the host's clock, up to the end of the host's wait, and by the device's,
# between profiling markers, as CUDA events time cuBLAS.
for clock in host device; do
  echo "== gemm: libtiles at every precision, by the $clock's clock"
  "$build/bench/tiles_bench" --clock $clock --gemm 1024,4096,8192 --precision tf32x3,tf32,float16,bfloat16 \
    --only gemm --runs 7 --json "$out/gemm_$clock.json"
done
echo "== gemm: cuBLAS"
python3 bench/cublas_sgemm.py --precision fp32,tf32,fp16,bf16 --json "$out/cublas.json" 1024 4096 8192

for clock in host device; do
  echo "== the bandwidth-bound algorithms against the copy kernel, by the $clock's clock: 256 MiB, and reductions at 64 MiB"
  "$build/bench/tiles_bench" --clock $clock --side 8192 --only reduce,block_average,transpose,stencil --runs 7 \
    --json "$out/bandwidth_$clock.json"
  "$build/bench/tiles_bench" --clock $clock --side 4096 --only reduce --runs 7 --json "$out/bandwidth_64mib_$clock.json"
done

echo "== the table ($out/table.md)"
python3 bench/gpu_table.py "$out"/gemm_{host,device}.json "$out/cublas.json" "$out"/bandwidth{,_64mib}_{host,device}.json |
  tee "$out/table.md"
