# A stand-in for clang 14's CMake package where Debian's clang-14 is installed without
# libclang-14-dev: ClangConfig.cmake is there, the libraries its targets name are not.
get_filename_component(CLANG_INSTALL_PREFIX "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
find_package(LLVM REQUIRED CONFIG HINTS "${CLANG_INSTALL_PREFIX}/lib/cmake/llvm")
set(CLANG_CMAKE_DIR "${CLANG_INSTALL_PREFIX}/lib/cmake/clang")
set(CLANG_INCLUDE_DIRS "${CLANG_INSTALL_PREFIX}/include")
include("${CLANG_CMAKE_DIR}/ClangTargets.cmake")
