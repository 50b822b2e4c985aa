#!/usr/bin/env bash
# libtiles set-up for a Debian 12 machine: installs the Debian packages the build, the examples
# and the tests need, skipping those already installed; makes the Python virtual environment
# .venv with the packages of bindings/python/requirements.txt (Debian's Python refuses
# system-wide pip installs); then configures and builds into build/.
# Run as root or with sudo available. Idempotent: a second run only rebuilds what changed.
#
#   ./setup.sh            set up and build
#   ./setup.sh examples   ... then run the seed's examples on the default OpenCL device
#   ./setup.sh test       ... then run every test, then the C++ and C tests again built with clang
#                         under AddressSanitizer and UndefinedBehaviorSanitizer (build-asan/) and
#                         their thread tests under ThreadSanitizer (build-tsan/)
set -euo pipefail
cd "$(dirname "$0")"

debian_packages=(
  cmake g++ make                      # the build
  ocl-icd-opencl-dev opencl-headers   # OpenCL's ICD loader and headers
  opencl-clhpp-headers                # CL/opencl.hpp, which holds every OpenCL object in the core
  pocl-opencl-icd                     # an OpenCL device on the CPU, for machines without a GPU
  catch2                              # the C++ and C tests
  oclgrind                            # checked mode: the OpenCL simulator that finds races
  python3 python3-venv python3-dev    # the Python package and its tests
  pkg-config                          # the test that builds a C program against the installed package
  clang libclang-rt-14-dev            # the sanitized builds of the tests, and the fuzz target
)

missing=()
for package in "${debian_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  as_root=()
  [[ $(id -u) -eq 0 ]] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Python packages, reinstalled only when the requirements change.
requirements=bindings/python/requirements.txt
[[ -x .venv/bin/python ]] || python3 -m venv .venv
if ! cmp -s "$requirements" .venv/installed-requirements.txt; then
  echo "setup: installing Python packages into .venv"
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -r "$requirements"
  cp "$requirements" .venv/installed-requirements.txt
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPython_EXECUTABLE="$PWD/.venv/bin/python" \
  -Dpybind11_DIR="$(.venv/bin/python -m pybind11 --cmakedir)" >/dev/null
cmake --build build --parallel "$(nproc)"

# sanitized_tests DIR SANITIZERS LABELS [CMAKE_ARGS...]: builds the C++ and C test programs into
# DIR with clang and SANITIZERS (not the examples, not Python), then runs their tests of LABELS.
sanitized_tests() {
  local dir=$1 sanitizers=$2 labels=$3
  shift 3
  CC=clang CXX=clang++ cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTILES_BUILD_PYTHON=OFF \
    -DTILES_SANITIZE="$sanitizers" "$@" >/dev/null
  cmake --build "$dir" --parallel "$(nproc)" --target core_tests capi_tests capi_interop_tests
  ctest --test-dir "$dir" --output-on-failure --parallel "$(nproc)" -L "$labels"
}

case "${1:-}" in
  "") ;;
  examples) cmake --build build --target run_examples ;;
  test)
    # The tests' compiled programs are cached in the build tree, not the user's cache.
    export TILES_PROGRAM_CACHE="$PWD/build/program-cache"
    ctest --test-dir build --output-on-failure --parallel "$(nproc)"
    sanitized_tests build-asan address,undefined "sanitized|threads"
    sanitized_tests build-tsan thread threads
    ;;
  *) echo "setup: unknown step '$1' (give examples or test)" >&2; exit 2 ;;
esac
