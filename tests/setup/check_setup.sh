#!/usr/bin/env bash
# What setup.sh asks of the machine, step by step, with its commands faked (fake_command.sh):
# `./setup.sh examples` installs only the Debian packages the examples need, makes no Python
# environment, configures without tests, benchmarks, docs or Python, and builds only what
# run_examples runs; `./setup.sh` installs the developers' packages too and builds everything.
#
#   check_setup.sh SOURCE_DIR WORK_DIR
set -euo pipefail
source_dir=$1 work=$2
rm -rf "$work"
mkdir -p "$work/bin"
for command in dpkg-query apt-get sudo cmake python3; do
  ln -s "$source_dir/tests/setup/fake_command.sh" "$work/bin/$command"
done

# run STEP: setup.sh STEP in a tree of its own; prints what it asked for.
run() {
  local tree=$work/tree-${1:-all}
  mkdir -p "$tree/bindings/python" "$tree/docs" "$tree/tests/wheel"
  cp "$source_dir/setup.sh" "$tree/"
  cp "$source_dir/bindings/python/requirements.txt" "$tree/bindings/python/"
  cp "$source_dir/docs/requirements.txt" "$tree/docs/"
  cp "$source_dir/tests/wheel/wheelhouse.txt" "$tree/tests/wheel/"
  FAKE_LOG=$tree/log PATH="$work/bin:$PATH" "$tree/setup.sh" "$@" >"$tree/output" 2>&1 ||
    { cat "$tree/output"; echo "check_setup: setup.sh $* failed" >&2; exit 1; }
  cat "$tree/log"
}
fail() { echo "check_setup: $*" >&2; exit 1; }

examples=$(run examples)
echo "./setup.sh examples asked for:"; echo "$examples"
installed=$(grep "^apt-get install" <<<"$examples")
for package in cmake g++ ocl-icd-opencl-dev opencl-headers opencl-clhpp-headers pocl-opencl-icd libcli11-dev nlohmann-json3-dev libxxhash-dev; do
  grep -qw -- "$package" <<<"$installed" || fail "setup.sh examples does not install $package"
done
for package in catch2 oclgrind python3-venv clang valgrind doxygen openmpi-bin pkg-config clang-format; do
  ! grep -qw -- "$package" <<<"$installed" || fail "setup.sh examples installs $package, which only the tests need"
done
! grep -q "^python" <<<"$examples" || fail "setup.sh examples makes a Python environment"
grep -q "^cmake -S . -B build .*-DTILES_BUILD_TESTS=OFF .*-DTILES_BUILD_PYTHON=OFF" <<<"$examples" ||
  fail "setup.sh examples configures tests or Python"
[[ $(grep -c "^cmake --build" <<<"$examples") == 1 ]] && grep -q "^cmake --build build .*--target run_examples$" <<<"$examples" ||
  fail "setup.sh examples builds more than run_examples"

everything=$(run)
echo "./setup.sh asked for:"; echo "$everything"
installed=$(grep "^apt-get install" <<<"$everything")
for package in cmake ocl-icd-opencl-dev pocl-opencl-icd catch2 oclgrind python3-venv clang valgrind doxygen openmpi-bin; do
  grep -qw -- "$package" <<<"$installed" || fail "setup.sh does not install $package"
done
grep -q "^python3 -m venv .venv" <<<"$everything" || fail "setup.sh makes no Python environment"
grep -q "^cmake -S . -B build .*-DTILES_DEVELOPER=ON .*-DTILES_BUILD_TESTS=ON .*-DTILES_BUILD_PYTHON=ON" <<<"$everything" ||
  fail "setup.sh does not configure the developer's build"
grep -q "^cmake --build build --parallel [0-9]*$" <<<"$everything" || fail "setup.sh does not build everything"
echo "check_setup: setup.sh examples asks for the examples' packages and targets only"
