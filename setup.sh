#!/usr/bin/env bash
# libtiles set-up for a Debian 12 machine: installs the Debian packages the build, the examples
# and the tests need, skipping those already installed, then configures and builds into build/.
# Run as root or with sudo available. Idempotent: a second run only rebuilds what changed.
#
#   ./setup.sh            set up and build
#   ./setup.sh examples   ... then run the seed's examples on the default OpenCL device
#   ./setup.sh test       ... then run every test
set -euo pipefail
cd "$(dirname "$0")"

debian_packages=(
  cmake g++ make                      # the build
  ocl-icd-opencl-dev opencl-headers   # OpenCL's ICD loader and headers
  opencl-clhpp-headers                # CL/opencl.hpp, which holds every OpenCL object in the core
  pocl-opencl-icd                     # an OpenCL device on the CPU, for machines without a GPU
  catch2                              # the C++ and C tests
  pkg-config                          # the test that builds a C program against the installed package
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

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build --parallel "$(nproc)"

case "${1:-}" in
  "") ;;
  examples) cmake --build build --target run_examples ;;
  test) ctest --test-dir build --output-on-failure --parallel "$(nproc)" ;;
  *) echo "setup: unknown step '$1' (give examples or test)" >&2; exit 2 ;;
esac
