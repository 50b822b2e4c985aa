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

// A dtype's numpy name, or None where numpy has none (TILES_OPAQUE).
py::object numpy_name(int dtype) {
    if (dtype < 0) return py::none();
    const char* name = dtype_info(tiles_dtype(dtype)).numpy_name;
    return *name != '\0' ? py::object(py::str(name)) : py::none();
}

// The refused element type of `parts` as tiles.errors.for_python reads it (numpy's names, and
// OpenCL C's for the one given), or None where it refused none.
py::object refusal_of(const tiles_error_parts& parts) {
    if (parts.refusal == TILES_REFUSAL_NONE) return py::none();
    py::dict refusal;
    refusal["kind"] = parts.refusal == TILES_REFUSAL_PARAMETER         ? "parameter"
                      : parts.refusal == TILES_REFUSAL_OPERANDS_DIFFER ? "operands_differ"
                                                                       : "no_double_precision";
    refusal["given"] = numpy_name(parts.given);
    refusal["given_opencl"] = dtype_info(parts.given).opencl_name;
    refusal["wanted"] = numpy_name(parts.wanted);
    refusal["role"] = parts.role;
    return refusal;
}

// `message`, or `marked` (the same with its names marked, tiles.h's marked_message) where there
// is one, as Python says it.
[[noreturn]] void raise_with(tiles_status status, const std::string& message, const py::object& refusal,
                             const py::object& marked) {
    // The C API's messages name its functions and OpenCL's types; "for_python" says them as Python
    // does (tiles.errors.for_python), with the conversion a refused element type calls for. Should
    // it fail, the error at hand matters more: it goes as it is.
    py::object text = py::str(message);
    if (error_classes.contains("for_python")) {
        try {
            text = error_classes["for_python"](message, refusal, marked);
        } catch (const py::error_already_set&) {
        }
    }
    PyErr_SetObject(error_classes[family_of(status)].ptr(),
                    py::make_tuple(text, int(status), tiles_status_string(status)).ptr());
    throw py::error_already_set();
}

} // namespace

[[noreturn]] void raise(tiles_status status, const std::string& message) {
    raise_with(status, message, py::none(), py::none());
}

void check(tiles_status status) {
    // The message and its parts first: a handler of the log may call libtiles, which sets its own.
    const std::string message = status == TILES_SUCCESS ? std::string() : tiles_last_error_message();
    tiles_error_parts parts = TILES_ERROR_PARTS_INIT;
    const bool failed_with_parts = status != TILES_SUCCESS && tiles_last_error_parts(&parts) == TILES_SUCCESS;
    const py::object refusal = failed_with_parts ? refusal_of(parts) : py::none();
    const py::object marked =
        failed_with_parts && parts.marked_message != nullptr ? py::object(py::str(parts.marked_message)) : py::none();
    deliver_log_messages();
    follow_log_level();
    if (status != TILES_SUCCESS) raise_with(status, message, refusal, marked);
}

void register_errors(py::module_& m) {
    m.def(
        "_set_error_classes", [](const py::dict& classes) { error_classes = classes; }, py::arg("classes"));
    m.def(
        "status_string", [](int status) { return std::string(tiles_status_string(tiles_status(status))); },
        py::arg("status"));
}

} // namespace tiles_python
