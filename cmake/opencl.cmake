# OpenCL for libtiles: the ICD loader (libOpenCL.so), the C headers and the C++ bindings' header
# CL/opencl.hpp, which the core is written against. Where one is missing, configuration stops
# naming the packages that hold them, rather than with CMake's "Could NOT find OpenCL".
find_package(OpenCL QUIET)

set(tiles_opencl_missing "")
if(NOT OpenCL_LIBRARY)
  list(APPEND tiles_opencl_missing "the ICD loader, libOpenCL.so (OpenCL_LIBRARY)")
endif()
if(NOT EXISTS "${OpenCL_INCLUDE_DIR}/CL/cl.h")
  list(APPEND tiles_opencl_missing "the C headers, CL/cl.h (in OpenCL_INCLUDE_DIR: ${OpenCL_INCLUDE_DIR})")
endif()
if(NOT EXISTS "${OpenCL_INCLUDE_DIR}/CL/opencl.hpp")
  list(APPEND tiles_opencl_missing "the C++ bindings' header, CL/opencl.hpp (in OpenCL_INCLUDE_DIR: ${OpenCL_INCLUDE_DIR})")
endif()
if(tiles_opencl_missing)
  list(JOIN tiles_opencl_missing "\n  " tiles_opencl_missing)
  message(FATAL_ERROR "libtiles needs OpenCL's development files and found no\n  ${tiles_opencl_missing}\n"
                      "On Debian or Ubuntu they are the packages ocl-icd-opencl-dev, opencl-headers and "
                      "opencl-clhpp-headers:\n  sudo apt-get install ocl-icd-opencl-dev opencl-headers opencl-clhpp-headers\n"
                      "Elsewhere, give their places with -DOpenCL_INCLUDE_DIR=DIR (holding CL/cl.h and "
                      "CL/opencl.hpp) and -DOpenCL_LIBRARY=FILE.")
endif()
