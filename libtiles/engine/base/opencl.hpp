// libtiles: how the library includes OpenCL-CLHPP, and the one place where an OpenCL status
// becomes a libtiles exception. CLHPP's own exceptions are off: every call's status is checked
// with check(), which names the call that failed.
#pragma once

#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#include <CL/opencl.hpp>

#include <string>

#include "tiles/exceptions.hpp"

namespace tiles::engine {

// Throws the libtiles exception for a failed OpenCL call: out_of_memory for allocation
// failures, runtime_exception otherwise, with `what` and the status's name in the message.
[[noreturn]] void throw_cl_error(cl_int status, const std::string& what);

inline void check(cl_int status, const char* what) {
    if (status != CL_SUCCESS) throw_cl_error(status, what);
}

} // namespace tiles::engine
