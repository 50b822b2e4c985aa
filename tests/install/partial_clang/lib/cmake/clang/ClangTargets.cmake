# A stand-in for clang 14's ClangTargets.cmake, as CMake's install(EXPORT) writes it: imported
# targets for libraries under this prefix, then a fatal error for each that does not exist (none
# does here). find_package(QUIET) does not silence that error.
get_filename_component(_IMPORT_PREFIX "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

add_library(clangBasic STATIC IMPORTED)
set_target_properties(clangBasic PROPERTIES INTERFACE_LINK_LIBRARIES "LLVM"
                                            IMPORTED_LOCATION "${_IMPORT_PREFIX}/lib/libclangBasic.a")
list(APPEND _cmake_import_check_targets clangBasic)
list(APPEND _cmake_import_check_files_for_clangBasic "${_IMPORT_PREFIX}/lib/libclangBasic.a")

add_library(clang-cpp SHARED IMPORTED)
set_target_properties(clang-cpp PROPERTIES IMPORTED_LOCATION "${_IMPORT_PREFIX}/lib/libclang-cpp.so.14")
list(APPEND _cmake_import_check_targets clang-cpp)
list(APPEND _cmake_import_check_files_for_clang-cpp "${_IMPORT_PREFIX}/lib/libclang-cpp.so.14")

foreach(_cmake_target IN LISTS _cmake_import_check_targets)
  foreach(_cmake_file IN LISTS "_cmake_import_check_files_for_${_cmake_target}")
    if(NOT EXISTS "${_cmake_file}")
      message(FATAL_ERROR "The imported target \"${_cmake_target}\" references the file
   \"${_cmake_file}\"
but this file does not exist.  Possible reasons include:
* The file was deleted, renamed, or moved to another location.
* An install or uninstall procedure did not complete successfully.
* The installation package was faulty and contained
   \"${CMAKE_CURRENT_LIST_FILE}\"
but not all the files it references.
")
    endif()
  endforeach()
endforeach()
