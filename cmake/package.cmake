# The installed package (TILES_INSTALL): libtiles.so (or libtiles.a) with tiles.h and
# tiles_opencl.h for C; the static C++ core libtiles_core.a with the headers of tiles/ for C++
# (the typed API's, the engine's and the algorithms', in one tiles/ folder; tiles/mpi.hpp only
# where MPI is found) and C++ AMP's <amp.h>, <amp_math.h>, <amp_short_vectors.h> and <amp_graphics.h> in
# tiles/cppamp/, which tiles::core and tiles-core.pc put on the include path; tiles-info and tiles-tune; tiles-amp, the C++
# AMP translator, and tiles_amp_sources() where clang's LibTooling was found (where
# -DTILES_AMP_TRANSLATOR named a tiles-amp built elsewhere, the package names that one); a CMake package whose
# find_package(tiles) gives tiles::tiles (C) and tiles::core (C++), the names the build tree gives
# them too; and pkg-config files for C (tiles.pc) and C++ (tiles-core.pc). A wheel (pip install .)
# holds the Python package alone.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS tiles tiles_core EXPORT tilesTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES capi/include/tiles.h capi/include/tiles_opencl.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY libtiles/engine/include/tiles libtiles/algorithms/include/tiles
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp")
if(MPI_FOUND)
  install(DIRECTORY libtiles/include/tiles DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp"
          PATTERN "*.h")
else() # tiles/mpi.hpp is of no use without MPI's headers
  install(DIRECTORY libtiles/include/tiles DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp"
          PATTERN "*.h" PATTERN "mpi.hpp" EXCLUDE)
endif()
install(FILES "${PROJECT_BINARY_DIR}/libtiles/engine/include/tiles/version.hpp"
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tiles)
if(TARGET tiles-info)
  install(TARGETS tiles-info tiles-tune RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(TARGET tiles-amp)
  install(TARGETS tiles-amp EXPORT tilesTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# A tiles-amp built elsewhere (-DTILES_AMP_TRANSLATOR) is not installed: the package names it
# where it is, for tiles_amp_sources() (tilesConfig.cmake.in).
set(tiles_amp_translator "")
if(TARGET tiles::tiles-amp AND NOT TARGET tiles-amp)
  get_target_property(tiles_amp_translator tiles::tiles-amp IMPORTED_LOCATION)
endif()

set(tiles_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/tiles)
install(EXPORT tilesTargets NAMESPACE tiles:: DESTINATION ${tiles_cmake_dir})
configure_package_config_file(cmake/tilesConfig.cmake.in "${PROJECT_BINARY_DIR}/tilesConfig.cmake"
                              INSTALL_DESTINATION ${tiles_cmake_dir})
# As compatible as the SONAME says (the top-level CMakeLists.txt).
write_basic_package_version_file("${PROJECT_BINARY_DIR}/tilesConfigVersion.cmake"
                                 COMPATIBILITY ${tiles_package_compatibility})
install(FILES "${PROJECT_BINARY_DIR}/tilesConfig.cmake" "${PROJECT_BINARY_DIR}/tilesConfigVersion.cmake"
              cmake/tiles_amp.cmake DESTINATION ${tiles_cmake_dir})

file(RELATIVE_PATH tiles_pc_to_prefix "${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig" "${CMAKE_INSTALL_PREFIX}")
string(REGEX REPLACE "/$" "" tiles_pc_to_prefix "${tiles_pc_to_prefix}")
set(tiles_pc_dl_libs "")
if(CMAKE_DL_LIBS)
  set(tiles_pc_dl_libs "-l${CMAKE_DL_LIBS}")
endif()
foreach(pc IN ITEMS tiles tiles-core)
  configure_file(cmake/${pc}.pc.in "${PROJECT_BINARY_DIR}/${pc}.pc" @ONLY)
  install(FILES "${PROJECT_BINARY_DIR}/${pc}.pc" DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()
