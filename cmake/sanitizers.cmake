# Instrumented builds beside build/, which `setup.sh test` makes and tests too:
#   TILES_SANITIZE=address,undefined (or thread): every target of the build is compiled and linked
#   with those sanitizers; a finding stops the program (no recovery), so a test that trips one fails.
#   TILES_BUILD_FUZZERS=ON (clang only): tests/fuzz, the fuzz target over the C API, with libtiles
#   built with libFuzzer's coverage instrumentation.
set(TILES_SANITIZE "" CACHE STRING "Sanitizers to build everything with: address,undefined or thread (empty: none)")
option(TILES_BUILD_FUZZERS "Build the libFuzzer target over the C API (clang only)" OFF)

if(TILES_SANITIZE)
  add_compile_options(-fsanitize=${TILES_SANITIZE} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${TILES_SANITIZE})
  # Line tables are all a sanitizer's report needs (its frames' files and lines); clang compiles the
  # engine a third faster without the rest of the debug information.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    add_compile_options(-gline-tables-only)
  endif()
endif()

if(TILES_BUILD_FUZZERS AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "TILES_BUILD_FUZZERS needs clang (libFuzzer); configure with CXX=clang++ CC=clang")
endif()
