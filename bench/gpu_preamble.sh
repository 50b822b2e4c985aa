# shellcheck shell=bash
# What bench/gpu_run.sh and bench/gpu_cpp_run.sh do first, sourced by them as
# `source bench/gpu_preamble.sh DEFAULT_OUTPUT_DIR "$@"`: without a BUILD_DIR, the script's header
# comment as its usage; else `build` and `out` (made) as absolute paths, the checkout's root as
# the folder, and NVIDIA's OpenCL driver beside PoCL where the checkout or its parent holds shared/gpu.
default_out=$1
shift
if (($# < 1)); then
  sed -n '2,/^[^#]/{/^#/p}' "$0"
  exit 2
fi
# shellcheck disable=SC2034 # the sourcing script reads them
build=$(cd "$1" && pwd)
# shellcheck disable=SC2034
out=$(mkdir -p "${2:-$default_out}" && cd "${2:-$default_out}" && pwd)
cd "$(dirname "$0")/.." || exit

for env in shared/gpu/opencl-env.sh ../shared/gpu/opencl-env.sh; do
  if [[ -f $env ]]; then
    # shellcheck source=/dev/null
    source "$env"
    break
  fi
done
