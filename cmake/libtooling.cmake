# clang 14's LibTooling for tiles-amp: loads LLVM's and clang's CMake packages (LLVM_*, CLANG_*,
# the imported targets LLVM and clang-cpp) and sets tiles_libtooling_found. Where LibTooling is
# missing, or only partly there, tiles_libtooling_missing says what is missing and
# tiles_libtooling_packages which Debian packages bring it.
#
# The packages are loaded in a child cmake first, and here only where they loaded there. Debian's
# clang-14 holds ClangConfig.cmake, whose ClangTargets.cmake names libraries of libclang-14-dev
# (libclangBasic.a ...), which clang-14 does not depend on. Without them it ends the configuration
# with a fatal error that find_package(QUIET) does not silence; in the child that error is caught.
set(tiles_libtooling_file "${CMAKE_CURRENT_LIST_FILE}")

# The same search in the child and here: LLVM 14 where CMAKE_PREFIX_PATH or LLVM_DIR name it, else
# Debian's; clang beside it, or where Clang_DIR names it.
macro(tiles_load_libtooling_packages)
  find_package(LLVM 14 QUIET CONFIG PATHS /usr/lib/llvm-14 /usr/lib/llvm-14/lib/cmake/llvm)
  if(LLVM_FOUND)
    # Debian's ClangConfig.cmake has no version file: LLVM 14 above pins the version.
    find_package(Clang QUIET CONFIG PATHS "${LLVM_LIBRARY_DIR}/cmake/clang" NO_DEFAULT_PATH)
  endif()
endmacro()

if(TILES_LIBTOOLING_CHILD)
  tiles_load_libtooling_packages()
  return()
endif()

# tiles_libtooling_package_of(<variable> <file>): the Debian package that holds <file> of LibTooling.
function(tiles_libtooling_package_of variable file)
  if(file MATCHES "/libclang-cpp[^/]*$")
    set(${variable} libclang-cpp14-dev PARENT_SCOPE)
  elseif(file MATCHES "/libclang[^/]*$|/include/clang/")
    set(${variable} libclang-14-dev PARENT_SCOPE)
  else()
    set(${variable} "llvm-14-dev libclang-14-dev libclang-cpp14-dev" PARENT_SCOPE)
  endif()
endfunction()

# tiles_libtooling_loads(): whether the packages load in a child cmake (tiles_libtooling_loads),
# and where not, why (tiles_libtooling_missing, tiles_libtooling_packages).
function(tiles_libtooling_loads)
  set(child "${CMAKE_CURRENT_BINARY_DIR}/libtooling")
  file(REMOVE_RECURSE "${child}")
  # A project of no language, so that the child looks for no compiler: it loads the packages alone.
  file(WRITE "${child}/source/CMakeLists.txt"
       "cmake_minimum_required(VERSION 3.20)\nproject(tiles_libtooling NONE)\n"
       "set(TILES_LIBTOOLING_CHILD ON)\ninclude(\"${tiles_libtooling_file}\")\n")
  set(searched "")
  foreach(variable IN ITEMS CMAKE_PREFIX_PATH LLVM_DIR Clang_DIR CMAKE_DISABLE_FIND_PACKAGE_LLVM
                           CMAKE_DISABLE_FIND_PACKAGE_Clang)
    if(DEFINED ${variable})
      list(APPEND searched "-D${variable}=${${variable}}")
    endif()
  endforeach()
  execute_process(COMMAND "${CMAKE_COMMAND}" -S "${child}/source" -B "${child}/build" -G "${CMAKE_GENERATOR}"
                          "-DCMAKE_MAKE_PROGRAM=${CMAKE_MAKE_PROGRAM}" ${searched}
                  OUTPUT_VARIABLE output ERROR_VARIABLE output RESULT_VARIABLE status)
  if(status EQUAL 0)
    set(tiles_libtooling_loads ON PARENT_SCOPE)
    return()
  endif()
  set(tiles_libtooling_loads OFF PARENT_SCOPE)
  if(output MATCHES "references the file[ \n]*\"([^\"]+)\"[ \n]*but this file does not exist")
    set(file "${CMAKE_MATCH_1}")
    tiles_libtooling_package_of(package "${file}")
    set(tiles_libtooling_missing "clang 14's LibTooling is incomplete (${file}, which clang's CMake package names, is missing)"
        PARENT_SCOPE)
    set(tiles_libtooling_packages "${package}" PARENT_SCOPE)
  else()
    # CMake's first error, without its call stack.
    string(FIND "${output}" "CMake Error" start)
    if(start EQUAL -1)
      set(start 0)
    endif()
    string(SUBSTRING "${output}" ${start} -1 error)
    string(REGEX REPLACE "\n(\n|Call Stack).*" "" error "${error}")
    set(tiles_libtooling_missing "clang 14's CMake packages do not load (${error})" PARENT_SCOPE)
    set(tiles_libtooling_packages "llvm-14-dev libclang-14-dev libclang-cpp14-dev" PARENT_SCOPE)
  endif()
endfunction()

set(tiles_libtooling_found OFF)
set(tiles_libtooling_missing "clang 14's LibTooling not found")
set(tiles_libtooling_packages "llvm-14-dev libclang-14-dev libclang-cpp14-dev")
tiles_libtooling_loads()
if(tiles_libtooling_loads)
  tiles_load_libtooling_packages()
  # The headers tiles-amp includes, which a package naming no missing library may still lack.
  set(tiles_libtooling_header "${CLANG_INCLUDE_DIRS}/clang/Tooling/Tooling.h")
  if(LLVM_FOUND AND Clang_FOUND AND TARGET clang-cpp)
    if(EXISTS "${tiles_libtooling_header}")
      set(tiles_libtooling_found ON)
    else()
      set(tiles_libtooling_missing "clang 14's LibTooling is incomplete (${tiles_libtooling_header} is missing)")
      tiles_libtooling_package_of(tiles_libtooling_packages "${tiles_libtooling_header}")
    endif()
  endif()
endif()
