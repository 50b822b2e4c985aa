// libtiles: the exceptions the C++ API throws. All derive from runtime_exception, which carries
// the OpenCL status behind the failure where there is one (CL_SUCCESS otherwise). C++ AMP's
// constructors and members are there too (its char* messages, get_error_code(), which gives
// that status where AMP gives an HRESULT, and get_view_removed_reason()).
#pragma once

#include <stdexcept>
#include <string>

namespace tiles {

// The name of an OpenCL status ("CL_OUT_OF_RESOURCES"), or "CL_UNKNOWN_STATUS"; a static string.
const char* cl_status_name(int status);

// What libtiles throws (C++ AMP's runtime_exception): what() says what went wrong with the numbers
// involved, cl_status() gives OpenCL's code where OpenCL refused.
class runtime_exception : public std::runtime_error {
  public:
    // A failure described by `message`, with OpenCL's status where an OpenCL call failed.
    explicit runtime_exception(const std::string& message, int cl_status = 0)
        : std::runtime_error(message), cl_status_(cl_status) {}
    runtime_exception(const char* message, int cl_status) : runtime_exception(std::string(message), cl_status) {}
    explicit runtime_exception(int cl_status) : runtime_exception(cl_status_name(cl_status), cl_status) {}
    // The OpenCL status code behind the failure, or 0 (CL_SUCCESS) when libtiles refused first.
    int cl_status() const noexcept { return cl_status_; }
    // The same, by C++ AMP's name.
    int get_error_code() const noexcept { return cl_status_; }

  private:
    int cl_status_;
};

// A compute domain that cannot be launched: an extent component that is not positive, an
// extent not divisible by its tile, or a tile the device cannot run as one work-group.
class invalid_compute_domain : public runtime_exception {
  public:
    // Made as runtime_exception is: a message and, where OpenCL refused, its status.
    using runtime_exception::runtime_exception;
    invalid_compute_domain() : runtime_exception("a compute domain that cannot be launched", 0) {}
};

// A value that does not fit: wrong rank, wrong number or kind of kernel arguments, element
// types that do not match the kernel's parameters, unknown devices.
class invalid_argument : public runtime_exception {
  public:
    // Made as runtime_exception is: a message and, where OpenCL refused, its status.
    using runtime_exception::runtime_exception;
};

// The device (or host) could not provide the memory asked for.
class out_of_memory : public runtime_exception {
  public:
    // Made as runtime_exception is: a message and, where OpenCL refused, its status.
    using runtime_exception::runtime_exception;
    out_of_memory() : runtime_exception("memory that could not be provided", 0) {}
};

// A feature the chosen device does not have (double precision, say).
class unsupported_feature : public runtime_exception {
  public:
    // Made as runtime_exception is: a message and, where OpenCL refused, its status.
    using runtime_exception::runtime_exception;
    unsupported_feature() : runtime_exception("a feature the device lacks", 0) {}
};

// The device behind an accelerator view is gone (CL_DEVICE_NOT_AVAILABLE): C++ AMP's exception
// for a device that was removed or reset; get_view_removed_reason() is the OpenCL status.
class accelerator_view_removed : public runtime_exception {
  public:
    // Made as runtime_exception is: a message and the OpenCL status, or the status alone.
    accelerator_view_removed(const std::string& message, int cl_status) : runtime_exception(message, cl_status) {}
    accelerator_view_removed(const char* message, int cl_status) : runtime_exception(message, cl_status) {}
    explicit accelerator_view_removed(int cl_status) : runtime_exception(cl_status) {}
    // Why the view was removed: the OpenCL status (AMP gives an HRESULT).
    int get_view_removed_reason() const noexcept { return cl_status(); }
};

// A kernel that did not compile; what() names the kernel and device, build_log() is the
// driver's complete log.
class build_error : public runtime_exception {
  public:
    // The failed build of a kernel: `message` names it, `build_log` is the compiler's log.
    build_error(const std::string& message, std::string build_log, int cl_status)
        : runtime_exception(message, cl_status), build_log_(std::move(build_log)) {}
    // The compiler's complete log.
    const std::string& build_log() const noexcept { return build_log_; }

  private:
    std::string build_log_;
};

} // namespace tiles
