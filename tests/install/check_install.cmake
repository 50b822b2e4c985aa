# The installed package, one STEP at a time (cmake -DSTEP=... -P check_install.cmake):
#   layout        cmake --install BUILD_DIR into PREFIX; exactly the library (with its SONAME links),
#                 the C++ core, tiles.h, the C++ headers, tiles-info, tiles-tune, the CMake package,
#                 tiles.pc and tiles-core.pc lie there, and the documentation's HTML in DOCDIR where it was built
#   find_package  copies consumer/ to WORK, builds it with find_package(tiles) (a C program, a C++
#                 tiled kernel, a C++ AMP program's host code and the README's C++ example) and runs
#                 them, and tiles-info
#   example       builds examples, examples/c and examples/algorithms, each alone from its own folder,
#                 against PREFIX, and runs their tile averages and algorithms
#   pkg-config    compiles consumer/consumer.c in WORK with `pkg-config --cflags --libs tiles` and
#                 consumer/consumer.cpp and consumer_amp.cpp with `pkg-config --cflags --libs tiles-core`,
#                 runs them
#   subproject    builds consumer/ in WORK with libtiles' source tree (SOURCE_DIR) through
#                 FetchContent, as a static library (BUILD_SHARED_LIBS=OFF), without -Werror, runs
#                 the programs, and checks that libtiles added nothing to the parent's install;
#                 given TRANSLATOR, as if without clang's LibTooling, with
#                 -DTILES_AMP_TRANSLATOR=TRANSLATOR (a tiles-amp built elsewhere), and runs the C++
#                 AMP program that tiles_amp_sources() built through it
#   translator    configures libtiles (SOURCE_DIR) in WORK/tiles as if without clang's LibTooling,
#                 with -DTILES_AMP_TRANSLATOR=TRANSLATOR, and checks that the package it would install
#                 names TRANSLATOR and holds no tiles-amp of its own (building it is the subproject's)
# Other variables: LIBDIR, INCLUDEDIR, BINDIR, DOCDIR (relative to PREFIX), VERSION, SOVERSION, SOURCE_DIR,
# README_EXAMPLE (the README's C++ example, extracted), C_COMPILER, CXX_COMPILER, PKG_CONFIG,
# OPENCL_INCLUDE_DIR and OPENCL_LIBRARY (the OpenCL the top-level build found, handed on to every
# build here, so that they do not look for one of their own and find another, or none), TILES_AMP
# (1 where tiles-amp, the C++ AMP translator, is built and installed), TRANSLATOR.
cmake_policy(VERSION 3.20)

include("${CMAKE_CURRENT_LIST_DIR}/run.cmake")

# Runs `program` and checks that what it printed matches `pattern`.
function(check_output program pattern)
  run("${program}")
  if(NOT output MATCHES "${pattern}")
    message(FATAL_ERROR "${program} printed:\n${output}")
  endif()
  message(STATUS "${program} printed:\n${output}")
endfunction()

# The C program listed a device and doubled its numbers.
function(check_consumer program)
  check_output("${program}" "libtiles ${VERSION}\ndevice [0-9]+:[0-9]+ [^\n]+\n.*twice: 0 2 4 6 8 10 12 14\n")
endfunction()

# The C++ AMP program: AMP's reference and WARP devices are emulated, the CPU accelerator
# describes itself, the tile sums as consumer_cpp's, and a domain of 6 in tiles of 4 refused.
function(check_consumer_amp program)
  check_output("${program}" "reference device emulated: 1\nWARP emulated: 1\nCPU accelerator: CPU accelerator\n\
tile sums: 216 280 728 792\ninvalid_compute_domain, error code 0\n$")
endfunction()

# The C one, the C++ tiled kernel (tile sums of 0..63 in 4x4 tiles, and their total), the C++ AMP
# program and the README's example, built in `dir`.
function(check_consumers dir)
  check_consumer("${dir}/consumer")
  check_output("${dir}/consumer_cpp" "libtiles ${VERSION}\ntile sums: 216 280 728 792\nreduce: 2016\n")
  check_consumer_amp("${dir}/consumer_amp")
  check_output("${dir}/readme_example" "^4\\.5 6\\.5 8\\.5 10\\.5 20\\.5 22\\.5 24\\.5 26\\.5 36\\.5 38\\.5 40\\.5 42\\.5 52\\.5 54\\.5 56\\.5 58\\.5 $")
endfunction()

# Stops, saying `what`, with the lines of the files after it that match `pattern`, where any does.
function(refuse_matching_lines pattern what)
  foreach(file IN LISTS ARGN)
    file(STRINGS "${file}" lines REGEX "${pattern}")
    if(lines)
      message(FATAL_ERROR "${what} (${file}):\n${lines}")
    endif()
  endforeach()
endfunction()

set(opencl_location "-DOpenCL_INCLUDE_DIR=${OPENCL_INCLUDE_DIR}" "-DOpenCL_LIBRARY=${OPENCL_LIBRARY}")

# Configures and builds consumer/, copied to WORK/source, in WORK/build with `args`.
function(build_consumer)
  file(REMOVE_RECURSE "${WORK}")
  file(COPY "${consumer_source}/" DESTINATION "${WORK}/source")
  run("${CMAKE_COMMAND}" -S "${WORK}/source" -B "${WORK}/build" "-DCMAKE_C_COMPILER=${C_COMPILER}"
      "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DREADME_EXAMPLE=${README_EXAMPLE}" ${opencl_location} ${ARGN})
  run("${CMAKE_COMMAND}" --build "${WORK}/build" --parallel 2)
endfunction()

set(consumer_source "${CMAKE_CURRENT_LIST_DIR}/consumer")

if(STEP STREQUAL "layout")
  file(REMOVE_RECURSE "${PREFIX}")
  run("${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}")
  file(GLOB_RECURSE installed LIST_DIRECTORIES false RELATIVE "${PREFIX}" "${PREFIX}/*")
  string(REGEX REPLACE "tilesTargets-[a-z]+\\.cmake" "tilesTargets-<config>.cmake" installed "${installed}")
  # The documentation, where it was built: its pages are Sphinx's to name, so only its front pages
  # are looked for.
  set(docs "${installed}")
  list(FILTER docs INCLUDE REGEX "^${DOCDIR}/")
  list(FILTER installed EXCLUDE REGEX "^${DOCDIR}/")
  if(EXISTS "${BUILD_DIR}/docs/html/index.html")
    foreach(page IN ITEMS index.html docs/index.html README.html docs/reference/cpp.html docs/guides/cpp.html)
      if(NOT "${DOCDIR}/${page}" IN_LIST docs)
        message(FATAL_ERROR "the documentation was built, but ${DOCDIR}/${page} was not installed")
      endif()
    endforeach()
  elseif(docs)
    message(FATAL_ERROR "no documentation was built, but ${DOCDIR} holds ${docs}")
  endif()
  list(SORT installed)
  # The C++ headers of the typed API (C++ AMP's <amp.h> ... among them), the engine and the
  # algorithms, each from its include folder.
  set(cpp_headers "")
  foreach(root IN ITEMS libtiles/include libtiles/engine/include libtiles/algorithms/include)
    file(GLOB_RECURSE root_headers RELATIVE "${SOURCE_DIR}/${root}" "${SOURCE_DIR}/${root}/*.hpp"
         "${SOURCE_DIR}/${root}/*.h")
    list(APPEND cpp_headers ${root_headers})
  endforeach()
  list(TRANSFORM cpp_headers PREPEND "${INCLUDEDIR}/")
  set(expected
    ${cpp_headers}
    "${INCLUDEDIR}/tiles/version.hpp"
    "${INCLUDEDIR}/tiles.h"
    "${INCLUDEDIR}/tiles_opencl.h"
    "${BINDIR}/tiles-info"
    "${BINDIR}/tiles-tune"
    "${LIBDIR}/libtiles_core.a"
    "${LIBDIR}/cmake/tiles/tiles_amp.cmake"
    "${LIBDIR}/cmake/tiles/tilesConfig.cmake"
    "${LIBDIR}/cmake/tiles/tilesConfigVersion.cmake"
    "${LIBDIR}/cmake/tiles/tilesTargets-<config>.cmake"
    "${LIBDIR}/cmake/tiles/tilesTargets.cmake"
    "${LIBDIR}/libtiles.so"
    "${LIBDIR}/libtiles.so.${SOVERSION}"
    "${LIBDIR}/libtiles.so.${VERSION}"
    "${LIBDIR}/pkgconfig/tiles.pc"
    "${LIBDIR}/pkgconfig/tiles-core.pc")
  if(TILES_AMP)
    list(APPEND expected "${BINDIR}/tiles-amp")
  endif()
  list(SORT expected)
  if(NOT installed STREQUAL expected)
    string(REPLACE ";" "\n  " installed "${installed}")
    string(REPLACE ";" "\n  " expected "${expected}")
    message(FATAL_ERROR "installed:\n  ${installed}\nexpected:\n  ${expected}")
  endif()
  file(READ_SYMLINK "${PREFIX}/${LIBDIR}/libtiles.so" development_link)
  file(READ_SYMLINK "${PREFIX}/${LIBDIR}/libtiles.so.${SOVERSION}" soname_link)
  if(NOT development_link STREQUAL "libtiles.so.${SOVERSION}" OR NOT soname_link STREQUAL "libtiles.so.${VERSION}"
     OR IS_SYMLINK "${PREFIX}/${LIBDIR}/libtiles.so.${VERSION}")
    message(FATAL_ERROR "libtiles.so -> '${development_link}', libtiles.so.${SOVERSION} -> '${soname_link}'")
  endif()
  file(SHA256 "${SOURCE_DIR}/capi/include/tiles.h" source_header)
  file(SHA256 "${PREFIX}/${INCLUDEDIR}/tiles.h" installed_header)
  if(NOT source_header STREQUAL installed_header)
    message(FATAL_ERROR "the installed tiles.h differs from the source's")
  endif()

elseif(STEP STREQUAL "find_package")
  build_consumer("-DCMAKE_PREFIX_PATH=${PREFIX}")
  check_consumers("${WORK}/build")
  if(TILES_AMP) # the C++ AMP program through the installed translator
    check_output("${WORK}/build/consumer_amp_translated" "^translated: 0 2 4 6 8 10 12 14\n$")
  endif()
  check_output("${PREFIX}/${BINDIR}/tiles-info" "Default \\(\\*\\): .+, because ")

elseif(STEP STREQUAL "example")
  # Each folder alone, built in WORK/<folder with - for />: examples (the C++ seed examples, with
  # c/, amp/ and algorithms/ in it), examples/c, examples/amp and examples/algorithms.
  file(REMOVE_RECURSE "${WORK}")
  foreach(folder IN ITEMS examples examples/c examples/amp examples/algorithms)
    string(REPLACE "/" "-" build "${folder}")
    set(build "${WORK}/${build}")
    run("${CMAKE_COMMAND}" -S "${SOURCE_DIR}/${folder}" -B "${build}" "-DCMAKE_PREFIX_PATH=${PREFIX}"
        "-DCMAKE_C_COMPILER=${C_COMPILER}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" ${opencl_location})
    run("${CMAKE_COMMAND}" --build "${build}" --parallel 2)
  endforeach()
  file(READ "${SOURCE_DIR}/tests/expected/algorithms.txt" expected)
  foreach(program IN ITEMS examples-algorithms/algorithms examples-algorithms/algorithms_c examples/algorithms/algorithms)
    run("${WORK}/${program}")
    if(NOT output STREQUAL expected)
      message(FATAL_ERROR "${program} printed:\n${output}\nnot:\n${expected}")
    endif()
  endforeach()
  set(averages "4\\.5 6\\.5 8\\.5 10\\.5 *\n20\\.5 22\\.5 24\\.5 26\\.5 *\n36\\.5 38\\.5 40\\.5 42\\.5 *\n52\\.5 54\\.5 56\\.5 58\\.5")
  foreach(program IN ITEMS examples/tile_average examples/c/tile_average_c examples-c/tile_average_c
                           examples-amp/tile_average_amp)
    check_output("${WORK}/${program}" "Running on [^\n]+\n+${averages}")
  endforeach()

elseif(STEP STREQUAL "pkg-config")
  file(REMOVE_RECURSE "${WORK}")
  file(COPY "${consumer_source}/consumer.c" "${consumer_source}/consumer.cpp" DESTINATION "${WORK}")
  set(pkg_config "${CMAKE_COMMAND}" -E env "PKG_CONFIG_PATH=${PREFIX}/${LIBDIR}/pkgconfig" "${PKG_CONFIG}")
  foreach(package IN ITEMS tiles tiles-core)
    run(${pkg_config} --modversion ${package})
    if(NOT output STREQUAL "${VERSION}\n")
      message(FATAL_ERROR "pkg-config --modversion ${package} says ${output}")
    endif()
    run(${pkg_config} --cflags --libs ${package})
    separate_arguments(flags_${package} UNIX_COMMAND "${output}")
  endforeach()
  run(${pkg_config} --variable=libdir tiles)
  string(STRIP "${output}" libdir)
  run("${C_COMPILER}" -std=c99 -Wall -Wextra -Werror -pedantic "${WORK}/consumer.c" ${flags_tiles}
      "-Wl,-rpath,${libdir}" -o "${WORK}/consumer")
  check_consumer("${WORK}/consumer")
  # The C++ core is a static library: the program needs no library path to run.
  run("${CXX_COMPILER}" -std=c++17 -Wall -Wextra -Werror -pedantic "${WORK}/consumer.cpp" ${flags_tiles-core}
      -o "${WORK}/consumer_cpp")
  check_output("${WORK}/consumer_cpp" "libtiles ${VERSION}\ntile sums: 216 280 728 792\nreduce: 2016\n")
  file(COPY "${consumer_source}/consumer_amp.cpp" DESTINATION "${WORK}")
  run("${CXX_COMPILER}" -std=c++17 -Wall -Wextra -Werror -pedantic "${WORK}/consumer_amp.cpp" ${flags_tiles-core}
      -o "${WORK}/consumer_amp")
  check_consumer_amp("${WORK}/consumer_amp")

elseif(STEP STREQUAL "subproject")
  set(translator_named "")
  if(TRANSLATOR)
    set(translator_named -DCMAKE_DISABLE_FIND_PACKAGE_LLVM=ON "-DTILES_AMP_TRANSLATOR=${TRANSLATOR}")
  endif()
  build_consumer("-DTILES_SOURCE_DIR=${SOURCE_DIR}" -DBUILD_SHARED_LIBS=OFF ${translator_named})
  file(GLOB_RECURSE shared_libraries "${WORK}/build/*libtiles.so*")
  if(shared_libraries OR NOT EXISTS "${WORK}/build/_deps/tiles-build/capi/libtiles.a")
    message(FATAL_ERROR "BUILD_SHARED_LIBS=OFF built ${shared_libraries}, not libtiles.a")
  endif()
  check_consumers("${WORK}/build")
  if(TRANSLATOR) # LLVM hidden, libtiles can build no tiles-amp of its own: the one named translated it
    check_output("${WORK}/build/consumer_amp_translated" "^translated: 0 2 4 6 8 10 12 14\n$")
  endif()
  # libtiles' warnings are not errors in another project's build, whose compiler may be newer.
  file(GLOB_RECURSE flag_files "${WORK}/build/_deps/tiles-build/*/flags.make")
  refuse_matching_lines("-Werror" "libtiles, as a sub-project, compiles with -Werror" ${flag_files})
  if(NOT flag_files)
    message(FATAL_ERROR "no flags.make under ${WORK}/build/_deps/tiles-build")
  endif()
  run("${CMAKE_COMMAND}" --install "${WORK}/build" --prefix "${WORK}/prefix")
  file(GLOB_RECURSE installed "${WORK}/prefix/*")
  if(installed)
    message(FATAL_ERROR "libtiles, as a sub-project, installed ${installed}")
  endif()

elseif(STEP STREQUAL "translator")
  # LLVM's package hidden, as on a machine without LibTooling, where the tiles-amp named is the one used.
  file(REMOVE_RECURSE "${WORK}")
  run("${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK}/tiles" "-DCMAKE_C_COMPILER=${C_COMPILER}"
      "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" ${opencl_location} -DCMAKE_DISABLE_FIND_PACKAGE_LLVM=ON
      "-DTILES_AMP_TRANSLATOR=${TRANSLATOR}" -DTILES_BUILD_PYTHON=OFF)
  string(FIND "${output}" "tiles-amp is ${TRANSLATOR}\n" named)
  if(named EQUAL -1)
    message(FATAL_ERROR "libtiles was not configured with the tiles-amp named, ${TRANSLATOR}:\n${output}")
  endif()
  file(READ "${WORK}/tiles/tilesConfig.cmake" package)
  string(FIND "${package}" "set(tiles_amp_translator \"${TRANSLATOR}\")" named)
  if(named EQUAL -1)
    message(FATAL_ERROR "the package does not name ${TRANSLATOR}:\n${package}")
  endif()
  file(GLOB_RECURSE install_scripts "${WORK}/tiles/cmake_install.cmake")
  refuse_matching_lines("/tiles-amp\"" "the package would install a tiles-amp of its own" ${install_scripts})

else()
  message(FATAL_ERROR "STEP is layout, find_package, example, pkg-config, subproject or translator, not '${STEP}'")
endif()
