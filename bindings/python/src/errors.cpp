// C API statuses as the exceptions of tiles.errors, one class per family of statuses.
#include <string>

#include "common.hpp"
#include "registration.hpp"

namespace tiles_python {

namespace {

// The exception classes of tiles.errors, keyed by status family; set once at import. Never
// destroyed, since static destructors run after the interpreter is gone.
py::dict& error_classes = *new py::dict();

const char* family_of(tiles_status status) {
    return status == TILES_ERROR_INVALID_ARGUMENT         ? "invalid_argument"
           : status == TILES_ERROR_INVALID_COMPUTE_DOMAIN ? "invalid_compute_domain"
           : status == TILES_ERROR_OUT_OF_MEMORY          ? "out_of_memory"
           : status == TILES_ERROR_BUILD                  ? "build"
           : status == TILES_ERROR_UNSUPPORTED            ? "unsupported"
           : status == TILES_ERROR_INVALID_HANDLE         ? "invalid_handle"
           : status == TILES_ERROR_CHECK_FAILED           ? "check_failed"
           : status > -2000                               ? "opencl"
                                                          : "error";
}

} // namespace

[[noreturn]] void raise(tiles_status status, const std::string& message) {
    // The C API's messages name its functions and OpenCL's types; "for_python" says them as Python
    // does (tiles.errors.for_python). Should it fail, the error at hand matters more: it goes as it is.
    py::object text = py::str(message);
    if (error_classes.contains("for_python")) {
        try {
            text = error_classes["for_python"](message);
        } catch (const py::error_already_set&) {
        }
    }
    PyErr_SetObject(error_classes[family_of(status)].ptr(),
                    py::make_tuple(text, int(status), tiles_status_string(status)).ptr());
    throw py::error_already_set();
}

void check(tiles_status status) {
    // The message first: a handler of the log may call libtiles, which sets its own.
    const std::string message = status == TILES_SUCCESS ? std::string() : tiles_last_error_message();
    deliver_log_messages();
    follow_log_level();
    if (status != TILES_SUCCESS) raise(status, message);
}

void register_errors(py::module_& m) {
    m.def(
        "_set_error_classes", [](const py::dict& classes) { error_classes = classes; }, py::arg("classes"));
    m.def(
        "status_string", [](int status) { return std::string(tiles_status_string(tiles_status(status))); },
        py::arg("status"));
}

} // namespace tiles_python
