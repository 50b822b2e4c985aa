// numpy's dtypes and shapes as libtiles' and back, and the handles Python passes as None or as
// OpenCL's integers.
#include "common.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace tiles_python {

tiles_context* context_or_null(const Context* c) { return c == nullptr ? nullptr : c->get(); }
const tiles_device* device_or_null(const Device* d) { return d == nullptr ? nullptr : d->get(); }

tiles_dtype dtype_of(const py::dtype& dt) {
    // OpenCL devices read bytes in the host's order; other data would be reinterpreted, not read.
    if (!dt.attr("isnative").cast<bool>())
        raise(TILES_ERROR_INVALID_ARGUMENT, "numpy dtype " + std::string(py::str(dt.attr("str"))) +
                                                " is not in the machine's byte order; convert it first with "
                                                "a.astype(a.dtype.newbyteorder('='))");
    const char kind = dt.kind();
    const auto size = dt.itemsize();
    if (kind == 'i' || kind == 'u') {
        const bool is_signed = kind == 'i';
        switch (size) {
        case 1:
            return is_signed ? TILES_INT8 : TILES_UINT8;
        case 2:
            return is_signed ? TILES_INT16 : TILES_UINT16;
        case 4:
            return is_signed ? TILES_INT32 : TILES_UINT32;
        case 8:
            return is_signed ? TILES_INT64 : TILES_UINT64;
        default:
            break;
        }
    } else if (kind == 'f' && size == 2) {
        return TILES_FLOAT16;
    } else if (kind == 'V' && size == 2 && std::string(py::str(dt)) == "bfloat16") {
        return TILES_BFLOAT16; // ml_dtypes' bfloat16
    } else if (kind == 'f' && size == 4) {
        return TILES_FLOAT32;
    } else if (kind == 'f' && size == 8) {
        return TILES_FLOAT64;
    } else if (kind == 'V' && size > 0) {
        return TILES_OPAQUE; // a structured dtype: the kernel's struct, of the same size on the device
    }
    raise(TILES_ERROR_INVALID_ARGUMENT, "numpy dtype " + std::string(py::str(dt)) +
                                            " has no OpenCL element type: use int8..int64, uint8..uint64, "
                                            "float16, float32, float64, ml_dtypes.bfloat16, or a structured "
                                            "dtype for a struct");
}

std::vector<tiles_context*> context_handles(const std::vector<const Context*>& contexts) {
    std::vector<tiles_context*> handles;
    for (const Context* c : contexts) {
        if (c == nullptr) raise(TILES_ERROR_INVALID_ARGUMENT, "a list of contexts holds None");
        handles.push_back(c->get());
    }
    return handles;
}

py::dtype bfloat16_dtype() {
    try {
        return py::dtype::from_args(py::module_::import("ml_dtypes").attr("bfloat16"));
    } catch (const py::error_already_set&) {
        return py::dtype("uint16"); // without ml_dtypes, bfloat16 data is its bits
    }
}

py::dtype numpy_dtype(const tiles_shape& shape, const py::object& viewed) {
    static const char* const names[] = {"int8",   "uint8", "int16",  "uint16",  "int32",
                                        "uint32", "int64", "uint64", "float32", "float64"};
    // The viewed array's own dtype, unless the view reinterprets its elements as others.
    if (py::isinstance<py::array>(viewed)) {
        const py::dtype own = viewed.cast<py::array>().dtype();
        if (std::size_t(own.itemsize()) == shape.element_size && dtype_of(own) == shape.dtype) return own;
    }
    if (shape.dtype == TILES_OPAQUE) return py::dtype("V" + std::to_string(shape.element_size));
    if (shape.dtype == TILES_FLOAT16) return py::dtype("float16");
    if (shape.dtype == TILES_BFLOAT16) return bfloat16_dtype();
    return py::dtype(names[shape.dtype]);
}

shape_with_components shape_of(const py::dtype& dt, const std::vector<py::ssize_t>& extent) {
    const tiles_dtype dtype = dtype_of(dt);
    if (extent.empty()) raise(TILES_ERROR_INVALID_ARGUMENT, "libtiles data has 1 or more dimensions, not 0");
    shape_with_components s{TILES_SHAPE_INIT, {}};
    s.shape.dtype = dtype;
    s.shape.element_size = std::size_t(dt.itemsize());
    s.shape.rank = int(extent.size());
    for (std::size_t d = 0; d < extent.size(); ++d) {
        if (extent[d] > INT32_MAX) raise(TILES_ERROR_INVALID_ARGUMENT, "an extent beyond 2**31 - 1 elements");
        s.components.push_back(int(extent[d]));
        if (d < 3 && extent.size() <= 3) s.shape.extent[d] = int(extent[d]);
    }
    return s;
}

std::vector<py::ssize_t> extent_of(const tiles_shape& shape) {
    const int* components = shape.rank <= 3 ? shape.extent : shape.extents;
    return std::vector<py::ssize_t>(components, components + shape.rank);
}

tiles_shape view_shape(const View& v) {
    tiles_shape shape = TILES_SHAPE_INIT;
    check(tiles_view_get_shape(&shape, v.get()));
    return shape;
}

std::vector<cl_event> opencl_events(const std::vector<std::uintptr_t>& int_ptrs) {
    std::vector<cl_event> events;
    for (std::uintptr_t e : int_ptrs) events.push_back(from_int<cl_event>(e));
    return events;
}

py::object event_of_opencl(cl_event e) {
    tiles_event* event = nullptr;
    check(tiles_event_create_from_opencl(&event, e)); // owns e even if it fails
    return py::cast(new Event(event, "event"), py::return_value_policy::take_ownership);
}

} // namespace tiles_python
