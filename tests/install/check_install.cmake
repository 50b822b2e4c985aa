# The installed package, one STEP at a time (cmake -DSTEP=... -P check_install.cmake):
#   layout        cmake --install BUILD_DIR into PREFIX; exactly the library (with its SONAME links),
#                 tiles.h, the CMake package and tiles.pc lie there
#   find_package  copies consumer/ to WORK, builds it with find_package(tiles) and runs it
#   pkg-config    compiles consumer/consumer.c in WORK with `pkg-config --cflags --libs tiles`, runs it
# Other variables: LIBDIR, INCLUDEDIR (relative to PREFIX), VERSION, HEADER (the source's tiles.h),
# C_COMPILER, PKG_CONFIG.
cmake_policy(VERSION 3.20)

function(run)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE output ERROR_VARIABLE output RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "${command} failed (${status}):\n${output}")
  endif()
  set(output "${output}" PARENT_SCOPE)
endfunction()

# Runs the consumer program and checks that it listed a device and doubled its numbers.
function(check_consumer program)
  run("${program}")
  if(NOT output MATCHES "libtiles ${VERSION}\ndevice [0-9]+:[0-9]+ [^\n]+\n.*twice: 0 2 4 6 8 10 12 14\n")
    message(FATAL_ERROR "${program} printed:\n${output}")
  endif()
  message(STATUS "${program} printed:\n${output}")
endfunction()

set(consumer_source "${CMAKE_CURRENT_LIST_DIR}/consumer")

if(STEP STREQUAL "layout")
  file(REMOVE_RECURSE "${PREFIX}")
  run("${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}")
  file(GLOB_RECURSE installed LIST_DIRECTORIES false RELATIVE "${PREFIX}" "${PREFIX}/*")
  string(REGEX REPLACE "tilesTargets-[a-z]+\\.cmake" "tilesTargets-<config>.cmake" installed "${installed}")
  list(SORT installed)
  set(expected
    "${INCLUDEDIR}/tiles.h"
    "${INCLUDEDIR}/tiles_opencl.h"
    "${LIBDIR}/cmake/tiles/tilesConfig.cmake"
    "${LIBDIR}/cmake/tiles/tilesConfigVersion.cmake"
    "${LIBDIR}/cmake/tiles/tilesTargets-<config>.cmake"
    "${LIBDIR}/cmake/tiles/tilesTargets.cmake"
    "${LIBDIR}/libtiles.so"
    "${LIBDIR}/libtiles.so.0"
    "${LIBDIR}/libtiles.so.${VERSION}"
    "${LIBDIR}/pkgconfig/tiles.pc")
  list(SORT expected)
  if(NOT installed STREQUAL expected)
    string(REPLACE ";" "\n  " installed "${installed}")
    string(REPLACE ";" "\n  " expected "${expected}")
    message(FATAL_ERROR "installed:\n  ${installed}\nexpected:\n  ${expected}")
  endif()
  string(REGEX MATCH "^[0-9]+" major "${VERSION}")
  file(READ_SYMLINK "${PREFIX}/${LIBDIR}/libtiles.so" development_link)
  file(READ_SYMLINK "${PREFIX}/${LIBDIR}/libtiles.so.${major}" soname_link)
  if(NOT development_link STREQUAL "libtiles.so.${major}" OR NOT soname_link STREQUAL "libtiles.so.${VERSION}"
     OR IS_SYMLINK "${PREFIX}/${LIBDIR}/libtiles.so.${VERSION}")
    message(FATAL_ERROR "libtiles.so -> '${development_link}', libtiles.so.${major} -> '${soname_link}'")
  endif()
  file(SHA256 "${HEADER}" source_header)
  file(SHA256 "${PREFIX}/${INCLUDEDIR}/tiles.h" installed_header)
  if(NOT source_header STREQUAL installed_header)
    message(FATAL_ERROR "the installed tiles.h differs from ${HEADER}")
  endif()

elseif(STEP STREQUAL "find_package")
  file(REMOVE_RECURSE "${WORK}")
  file(COPY "${consumer_source}/" DESTINATION "${WORK}/source")
  run("${CMAKE_COMMAND}" -S "${WORK}/source" -B "${WORK}/build" "-DCMAKE_PREFIX_PATH=${PREFIX}"
      "-DCMAKE_C_COMPILER=${C_COMPILER}")
  run("${CMAKE_COMMAND}" --build "${WORK}/build")
  check_consumer("${WORK}/build/consumer")

elseif(STEP STREQUAL "pkg-config")
  file(REMOVE_RECURSE "${WORK}")
  file(COPY "${consumer_source}/consumer.c" DESTINATION "${WORK}")
  set(pkg_config "${CMAKE_COMMAND}" -E env "PKG_CONFIG_PATH=${PREFIX}/${LIBDIR}/pkgconfig" "${PKG_CONFIG}")
  run(${pkg_config} --modversion tiles)
  if(NOT output STREQUAL "${VERSION}\n")
    message(FATAL_ERROR "pkg-config --modversion tiles says ${output}")
  endif()
  run(${pkg_config} --cflags --libs tiles)
  separate_arguments(flags UNIX_COMMAND "${output}")
  run(${pkg_config} --variable=libdir tiles)
  string(STRIP "${output}" libdir)
  run("${C_COMPILER}" -std=c99 -Wall -Wextra -Werror -pedantic "${WORK}/consumer.c" ${flags}
      "-Wl,-rpath,${libdir}" -o "${WORK}/consumer")
  check_consumer("${WORK}/consumer")

else()
  message(FATAL_ERROR "STEP is layout, find_package or pkg-config, not '${STEP}'")
endif()
