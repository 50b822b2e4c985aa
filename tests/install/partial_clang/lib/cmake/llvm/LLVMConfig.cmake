# A stand-in for LLVM 14's CMake package, as Debian's llvm-14-dev installs it: its variables and
# the target LLVM, which clang's package refers to, under this prefix.
get_filename_component(LLVM_INSTALL_PREFIX "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(LLVM_PACKAGE_VERSION 14.0.6)
set(LLVM_INCLUDE_DIRS "${LLVM_INSTALL_PREFIX}/include")
set(LLVM_LIBRARY_DIR "${LLVM_INSTALL_PREFIX}/lib")
set(LLVM_DEFINITIONS "-D_GNU_SOURCE")
set(LLVM_ENABLE_RTTI OFF)
if(NOT TARGET LLVM)
  add_library(LLVM SHARED IMPORTED)
endif()
