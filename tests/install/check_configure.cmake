# A plain `cmake -S SOURCE_DIR -B WORK`, as someone building libtiles only to install it runs it,
# with Catch2 hidden (CMAKE_DISABLE_FIND_PACKAGE_Catch2): it configures, its build makes the
# libraries, tiles-info, tiles-tune and, where the build running the test found pybind11, the
# Python module (PYTHON and PYBIND11_DIR say where; without them the module is left out), and neither tests, examples, benchmarks nor the API reference; and no compile
# command holds -Werror, while each holds libtiles' warnings. GENERATOR is the build's generator.
cmake_policy(VERSION 3.20)

include("${CMAKE_CURRENT_LIST_DIR}/run.cmake")

file(REMOVE_RECURSE "${WORK}")
run("${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK}" -G "${GENERATOR}" -DCMAKE_DISABLE_FIND_PACKAGE_Catch2=ON
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "-DPython_EXECUTABLE=${PYTHON}" "-Dpybind11_DIR=${PYBIND11_DIR}")

run("${CMAKE_COMMAND}" --build "${WORK}" --target help)
set(targets "${output}")
set(expected_targets tiles tiles_core tiles-info tiles-tune)
if(PYBIND11_DIR)
  list(APPEND expected_targets _tiles)
endif()
foreach(target IN LISTS expected_targets)
  if(NOT targets MATCHES "[ .:]${target}[ :\n]")
    message(FATAL_ERROR "a plain build has no target ${target}:\n${targets}")
  endif()
endforeach()
foreach(target IN ITEMS core_tests capi_tests tiles_bench docs tiling_description run_examples)
  if(targets MATCHES "[ .:]${target}[ :\n]")
    message(FATAL_ERROR "a plain build makes ${target}, which only TILES_DEVELOPER or its own option asks for")
  endif()
endforeach()

file(READ "${WORK}/compile_commands.json" commands)
if(commands MATCHES "-Werror")
  string(REGEX MATCH "\"command\": \"[^\"]*-Werror[^\"]*\"" command "${commands}")
  message(FATAL_ERROR "a plain build compiles with -Werror, which a newer compiler's new warning turns into a failed install:\n${command}")
endif()
if(NOT commands MATCHES "-Wall -Wextra -Wpedantic -Wshadow")
  message(FATAL_ERROR "a plain build compiles without libtiles' warnings")
endif()
message(STATUS "a plain build makes the libraries, tiles-info, tiles-tune and _tiles, without -Werror")
