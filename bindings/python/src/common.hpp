// What the parts of the _tiles extension share: statuses turned into the exceptions of
// tiles.errors, handles of the C API held by Python objects, and numpy's dtypes and shapes
// turned into libtiles' and back.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tiles.h"
#include "tiles_opencl.h"

namespace py = pybind11;

namespace tiles_python {

// Raises the tiles.errors class of `status`'s family with `message`.
[[noreturn]] void raise(tiles_status status, const std::string& message);

// The names of an enumeration's values 0, 1, ..., as the C API's `name_of` gives them until its ""
// past the last (tiles_reduction_name, tiles_precision_name, ...).
template <class Enum> std::vector<std::string> names_of(const char* (*name_of)(Enum)) {
    std::vector<std::string> names;
    for (int value = 0; *name_of(Enum(value)) != '\0'; ++value) names.emplace_back(name_of(Enum(value)));
    return names;
}

// The value `name_of` names `name`, else an InvalidArgument saying "a `what` is "a", "b" or "c",
// not "name"".
template <class Enum> Enum value_named(const char* (*name_of)(Enum), const std::string& name, const char* what) {
    const std::vector<std::string> names = names_of(name_of);
    std::string listed;
    for (std::size_t value = 0; value < names.size(); ++value) {
        if (names[value] == name) return Enum(value);
        listed += std::string(value == 0 ? "" : value + 1 == names.size() ? " or " : ", ") + "\"" + names[value] + "\"";
    }
    raise(TILES_ERROR_INVALID_ARGUMENT, std::string("a ") + what + " is " + listed + ", not \"" + name + "\"");
}

// Hands libtiles' queued log messages to Python and follows the logger's level, then raises the C
// API's error, if any.
void check(tiles_status status);

// Passes the log messages still queued to tiles._log (log.cpp).
void deliver_log_messages();

// Sets libtiles' log level from the Python logger "tiles" (log.cpp).
void follow_log_level();

// Runs a C call that may block with the GIL released; everything Python was unpacked before, and
// the log's level follows the logger's.
template <class F> tiles_status without_gil(F&& call) {
    follow_log_level();
    py::gil_scoped_release release;
    return call();
}

// A handle of the C API, released when the Python object goes or when release() is called;
// using it afterwards raises InvalidHandle instead of reaching freed memory. It keeps alive the
// Python object whose memory the handle uses (a view's numpy array, say), and lets go of it only
// after the handle: releasing a view's last handle writes what launches wrote into that memory.
template <class H, tiles_status (*Release)(H*)> class owned {
  public:
    owned(H* h, const char* what, py::object keeps_alive = py::none())
        : h_(h), what_(what), keeps_alive_(std::move(keeps_alive)) {}
    owned(const owned&) = delete;
    owned& operator=(const owned&) = delete;
    // Runs before keeps_alive_ is destroyed, so the write-back lands in memory still alive.
    ~owned() { Release(h_); }

    H* get() const {
        if (h_ == nullptr) raise(TILES_ERROR_INVALID_HANDLE, std::string("this ") + what_ + " was released");
        return h_;
    }
    const py::object& keeps_alive() const { return keeps_alive_; }
    void release() { Release(std::exchange(h_, nullptr)); }

  private:
    H* h_;
    const char* what_;
    py::object keeps_alive_;
};

using Device = owned<tiles_device, tiles_device_release>;
using Context = owned<tiles_context, tiles_context_release>;
using Array = owned<tiles_array, tiles_array_release>;
using Kernel = owned<tiles_kernel, tiles_kernel_release>;
// An event of a copy keeps the copy's views alive: the copy holds their data until it is done.
using Event = owned<tiles_event, tiles_event_release>;
// A view keeps alive the numpy array or the Array it views.
using View = owned<tiles_view, tiles_view_release>;

// A context where Python may pass None, which the C API takes as a null handle: "the default" or
// "where the data is". Its caster (below) takes None at once; pybind11's own, for a
// `const Context*`, first looks for the type in other modules, an attribute lookup on NoneType
// that fails and raises on every call.
struct optional_context {
    tiles_context* handle = nullptr;
};
// The handles of a list of contexts; raises for a None among them.
std::vector<tiles_context*> context_handles(const std::vector<const Context*>& contexts);
const tiles_device* device_or_null(const Device* d);

// The element types, from the C API's table of them (dtypes.cpp). The tiles_dtype of a numpy
// dtype; raises for those OpenCL has no element type for.
tiles_dtype dtype_of(const py::dtype& dt);
// numpy's dtype of an element type but TILES_OPAQUE: ml_dtypes' for bfloat16 where ml_dtypes is
// installed, else the unsigned integer of its size (its bits).
py::dtype numpy_dtype_of(tiles_dtype dtype);
// What the C API says of an element type.
const tiles_dtype_info& dtype_info(tiles_dtype dtype);
// numpy's dtype of DLPack's element type of `code` and `bits`; raises for those libtiles lacks.
py::dtype numpy_dtype_of_dlpack(int code, int bits);

// The numpy dtype of a view's elements: the viewed array's own where the view has one (so a
// structured dtype keeps its fields), else the element type's, or raw bytes for structs.
py::dtype numpy_dtype(const tiles_shape& shape, const py::object& viewed);

// A shape and the components it points at where its rank is above 3; get() gives the shape,
// valid as long as this.
struct shape_with_components {
    tiles_shape shape;
    std::vector<int> components;
    const tiles_shape* get() {
        shape.extents = components.data();
        return &shape;
    }
};

// The shape of data of dtype `dt` and numpy's `extent`, of any rank; raises for extents libtiles lacks.
shape_with_components shape_of(const py::dtype& dt, const std::vector<py::ssize_t>& extent);

// A shape's extent as numpy's.
std::vector<py::ssize_t> extent_of(const tiles_shape& shape);

tiles_shape view_shape(const View& v);

// OpenCL handles travel as integers, as PyOpenCL's int_ptr.
template <class H> H from_int(std::uintptr_t value) { return reinterpret_cast<H>(value); }
template <class H> std::uintptr_t to_int(H handle) { return reinterpret_cast<std::uintptr_t>(handle); }

// The OpenCL events whose int_ptr values a launch or a copy waits for.
std::vector<cl_event> opencl_events(const std::vector<std::uintptr_t>& int_ptrs);

// An OpenCL event the caller owns as a tiles.Event, which releases it when it goes.
py::object event_of_opencl(cl_event e);

} // namespace tiles_python

namespace pybind11::detail {
template <> struct type_caster<tiles_python::optional_context> {
    PYBIND11_TYPE_CASTER(tiles_python::optional_context, const_name("Optional[Context]"));
    bool load(handle src, bool convert) {
        if (src.is_none()) {
            value.handle = nullptr;
            return true;
        }
        make_caster<const tiles_python::Context&> context;
        if (!context.load(src, convert)) return false;
        value.handle = cast_op<const tiles_python::Context&>(context).get();
        return true;
    }
};
} // namespace pybind11::detail
