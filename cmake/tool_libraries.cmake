# The libraries the tools (tiles-info, tiles-tune) and the benchmarks are written with, header-only
# and private to them: CLI11 parses their command lines, nlohmann-json writes their JSON. Neither
# is a dependency of the libraries, so the installed package and the .pc files never name them.
# Where one is missing, configuration stops naming the packages that hold them.
find_package(CLI11 2 CONFIG QUIET)
find_package(nlohmann_json 3 CONFIG QUIET)

set(tiles_tool_libraries_missing "")
if(NOT CLI11_FOUND)
  list(APPEND tiles_tool_libraries_missing "CLI11 (CLI/CLI.hpp, Debian's libcli11-dev)")
endif()
if(NOT nlohmann_json_FOUND)
  list(APPEND tiles_tool_libraries_missing "nlohmann-json (nlohmann/json.hpp, Debian's nlohmann-json3-dev)")
endif()
if(tiles_tool_libraries_missing)
  list(JOIN tiles_tool_libraries_missing "\n  " tiles_tool_libraries_missing)
  message(FATAL_ERROR "tiles-info, tiles-tune and the benchmarks are built with header-only libraries that were not found:\n"
                      "  ${tiles_tool_libraries_missing}\n"
                      "On Debian or Ubuntu:\n  sudo apt-get install libcli11-dev nlohmann-json3-dev\n"
                      "Elsewhere, give their CMake packages' places with -DCMAKE_PREFIX_PATH, or build without "
                      "them: -DTILES_BUILD_TOOLS=OFF -DTILES_BUILD_BENCH=OFF.")
endif()
