#!/usr/bin/env bash
# libtiles set-up for a Debian 12 machine: installs the Debian packages a step needs, skipping
# those already installed; for the developer's build, makes the Python virtual environment .venv
# with the packages of bindings/python/requirements.txt (Debian's Python refuses system-wide pip
# installs) and the wheelhouse .venv/wheelhouse for the wheel's test; then configures and builds
# into build/.
# Run as root or with sudo available. Idempotent: a second run only rebuilds what changed.
#
#   ./setup.sh            set up and build everything: the libraries, tools, Python module,
#                         examples, tests, benchmarks and API reference
#   ./setup.sh examples   set up and build only the seed's examples (C++, C, the algorithms) and
#                         tiles-info, then run them on the default OpenCL device
#   ./setup.sh test       set up and build everything, then run every test, then the C++ and C
#                         tests again built with clang under AddressSanitizer and
#                         UndefinedBehaviorSanitizer (build-asan/), the fuzz target over the C API
#                         for a few minutes there, and the thread tests under ThreadSanitizer
#                         (build-tsan/)
set -euo pipefail
cd "$(dirname "$0")"

step=${1:-}
case "$step" in
  "" | examples | test) ;;
  *) echo "setup: unknown step '$step' (give examples or test)" >&2; exit 2 ;;
esac

# The Debian packages the examples need: building libtiles, and a device to run on.
example_packages=(
  cmake g++ make                      # the build
  ocl-icd-opencl-dev opencl-headers   # OpenCL's ICD loader and headers
  opencl-clhpp-headers                # CL/opencl.hpp, which holds every OpenCL object in the core
  pocl-opencl-icd                     # an OpenCL device on the CPU, for machines without a GPU
  libcli11-dev nlohmann-json3-dev     # tiles-info's, tiles-tune's and tiles_bench's command lines and JSON
  libxxhash-dev                       # the engine's stable hashes (XXH3, header-only)
)
# ... and those the rest of the developer's build and the tests need besides.
developer_packages=(
  catch2                              # the C++ and C tests
  oclgrind                            # checked mode: the OpenCL simulator that finds races
  liboclgrind-dev                     # checked mode's Oclgrind plugin (uninitialized tile_static reads)
  python3 python3-venv python3-dev    # the Python package and its tests
  pkg-config                          # the test that builds a C program against the installed package
  clang libclang-rt-14-dev            # the sanitized builds of the tests, the fuzz target, and C++ kernels
  libclc-14 llvm-spirv-14             # C++ kernels: OpenCL's built-ins for NVIDIA's devices, SPIR-V for others
  clang-format                        # the test that the sources keep .clang-format's layout
  llvm-14-dev libclang-14-dev libclang-cpp14-dev  # tiles-amp, the C++ AMP translator, on clang's LibTooling
  valgrind                            # memcheck over the C examples
  doxygen                             # the C and C++ reference of the documentation (the docs target), which the tests build
  openmpi-bin libopenmpi-dev          # the MPI examples (mpi.h, libmpi), mpirun for their tests, the libmpi mpi4py loads
)
debian_packages=("${example_packages[@]}")
[[ $step == examples ]] || debian_packages+=("${developer_packages[@]}")

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

if [[ $step == examples ]]; then
  # The examples, tiles-info and the libraries they link; no tests, benchmarks, docs or Python.
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DTILES_WARNINGS_AS_ERRORS=ON -DTILES_BUILD_EXAMPLES=ON \
    -DTILES_BUILD_TOOLS=ON -DTILES_BUILD_TESTS=OFF -DTILES_BUILD_BENCH=OFF -DTILES_BUILD_DOCS=OFF \
    -DTILES_BUILD_PYTHON=OFF >/dev/null
  # Builds what run_examples runs, then runs it.
  cmake --build build --parallel "$(nproc)" --target run_examples
  exit 0
fi

# Python packages, and the wheelhouse from which the wheel's test builds and installs with no
# network (tests/wheel/wheelhouse.txt), fetched again only when their lists change.
requirements=bindings/python/requirements.txt
docs_requirements=docs/requirements.txt   # Sphinx, Breathe and MyST, for the docs target the tests build
wheelhouse_requirements=tests/wheel/wheelhouse.txt
[[ -x .venv/bin/python ]] || python3 -m venv .venv
if ! cat "$requirements" "$docs_requirements" "$wheelhouse_requirements" | cmp -s - .venv/installed-requirements.txt; then
  echo "setup: installing Python packages into .venv"
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -r "$requirements" -r "$docs_requirements"
  rm -rf .venv/wheelhouse
  .venv/bin/python -m pip download --quiet --only-binary=:all: --dest .venv/wheelhouse -r "$wheelhouse_requirements"
  cat "$requirements" "$docs_requirements" "$wheelhouse_requirements" >.venv/installed-requirements.txt
fi

# A developer's build: tests, examples, benchmarks, the API reference and the Python module, with
# warnings as errors (a plain `cmake -S . -B build` builds the libraries, tools and Python only).
# build/ is a Release build, as `pip install .` makes and as packages are built, so that the tests
# run the code users run (-O3 inlines what -O2 does not); the sanitized builds keep their line
# tables, which their reports need.
developer_options=(-DTILES_DEVELOPER=ON -DTILES_WARNINGS_AS_ERRORS=ON -DTILES_BUILD_TESTS=ON -DTILES_BUILD_EXAMPLES=ON
                   -DTILES_BUILD_BENCH=ON -DTILES_BUILD_DOCS=ON)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "${developer_options[@]}" -DTILES_BUILD_PYTHON=ON \
  -DPython_EXECUTABLE="$PWD/.venv/bin/python" -Dpybind11_DIR="$(.venv/bin/python -m pybind11 --cmakedir)" >/dev/null
cmake --build build --parallel "$(nproc)"

# sanitized_build DIR SANITIZERS "TARGETS" [CMAKE_ARGS...]: builds the test programs TARGETS (C++
# and C; not the examples, not Python) into DIR with clang and SANITIZERS.
sanitized_build() {
  local dir=$1 sanitizers=$2 targets
  read -ra targets <<<"$3"
  shift 3
  CC=clang CXX=clang++ cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "${developer_options[@]}" \
    -DTILES_BUILD_PYTHON=OFF -DTILES_SANITIZE="$sanitizers" "$@" >/dev/null
  cmake --build "$dir" --parallel "$(nproc)" --target "${targets[@]}"
}

# fuzz SECONDS: fuzzes the C API (build-asan/tests/fuzz/fuzz_capi) for SECONDS from the committed
# seeds. The inputs it finds stay in build-asan/fuzz-corpus for the next run; a crashing one is
# written to build-asan/fuzz-crash-*, to be fixed and kept in tests/fuzz/regressions. Leaks are
# looked for once, at exit, not after every input (-detect_leaks=0): LeakSanitizer's tracer now and
# then crashes on its own (google/sanitizers#1353), and checking once keeps that as rare as in any
# test program. A leak found at exit is traced to its input by running the saved inputs one by one.
# lsan_tracer_crashed_alone LOG: whether the only failure in the fuzzer's LOG is LeakSanitizer's
# tracer crashing in the leak check at exit (google/sanitizers#1353, rarer than once a run; the
# more threads the process has, as with Oclgrind's, the likelier), after every input ran clean.
lsan_tracer_crashed_alone() {
  grep -q "LeakSanitizer has encountered a fatal error" "$1" &&
    ! grep -q -e "ERROR: AddressSanitizer" -e "runtime error:" -e "detected memory leaks" -e "ERROR: libFuzzer: timeout" \
      -e "out-of-memory" "$1"
}

fuzz() {
  mkdir -p build-asan/fuzz-corpus
  echo "setup: fuzzing the C API for $1 seconds (log: build-asan/fuzz.log)"
  if ! build-asan/tests/fuzz/fuzz_capi -max_total_time="$1" -max_len=1024 -rss_limit_mb=4096 -detect_leaks=0 \
      -artifact_prefix=build-asan/fuzz- build-asan/fuzz-corpus tests/fuzz/corpus >build-asan/fuzz.log 2>&1 &&
     ! lsan_tracer_crashed_alone build-asan/fuzz.log; then
    grep -v "error generated" build-asan/fuzz.log | tail -n 60
    echo "setup: the fuzz target crashed; the input is in build-asan/fuzz-crash-*" >&2
    return 1
  fi
  grep -E "^Done|^#[0-9]+.*(DONE|pulse)" build-asan/fuzz.log | tail -n 2
}

case "$step" in
  "") ;;
  test)
    # Every test run is a first run, as on a fresh machine: PoCL's and libtiles' caches (compiled
    # programs, tuning) start empty in a folder of their own, removed afterwards.
    test_caches=$(mktemp -d "${TMPDIR:-/tmp}/libtiles-test-caches.XXXXXX")
    trap 'rm -rf "$test_caches"' EXIT
    export POCL_CACHE_DIR="$test_caches/pocl" TILES_PROGRAM_CACHE="$test_caches/programs"
    export XDG_CACHE_HOME="$test_caches/home-cache"
    # Every tool the tests need is installed above: a test that finds one missing fails rather than
    # skips, so that the suite cannot shrink unseen.
    export TILES_REQUIRE_ALL_TOOLS=1
    ctest --test-dir build --output-on-failure --parallel "$(nproc)"
    sanitized_build build-asan address,undefined \
      "core_tests capi_tests capi_interop_tests release_at_exit release_at_exit_cpp fuzz_capi" -DTILES_BUILD_FUZZERS=ON
    # A test that fails is run once more: LeakSanitizer's tracer itself now and then crashes in the
    # leak check at exit of a program that passed (google/sanitizers#1353; "Tracer caught signal
    # 11"), more often the more threads PoCL's compiler has left. A real finding fails twice.
    ctest --test-dir build-asan --output-on-failure --parallel "$(nproc)" -L "sanitized|threads" --repeat until-pass:2
    # The fuzzing takes one core; ThreadSanitizer's build runs beside it. ThreadSanitizer runs the
    # [threads] tests alone, which core_tests and capi_tests hold.
    fuzz 180 &
    fuzzing=$!
    sanitized_build build-tsan thread "core_tests capi_tests"
    wait "$fuzzing"
    ctest --test-dir build-tsan --output-on-failure --parallel "$(nproc)" -L threads
    ;;
esac
