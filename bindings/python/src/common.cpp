// numpy's dtypes and shapes as libtiles' and back, and the handles Python passes as None or as
// OpenCL's integers.
#include "common.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace tiles_python {

const tiles_device* device_or_null(const Device* d) { return d == nullptr ? nullptr : d->get(); }

std::vector<tiles_context*> context_handles(const std::vector<const Context*>& contexts) {
    std::vector<tiles_context*> handles;
    for (const Context* c : contexts) {
        if (c == nullptr) raise(TILES_ERROR_INVALID_ARGUMENT, "a list of contexts holds None");
        handles.push_back(c->get());
    }
    return handles;
}

py::dtype numpy_dtype(const tiles_shape& shape, const py::object& viewed) {
    // The viewed array's own dtype, unless the view reinterprets its elements as others.
    if (py::isinstance<py::array>(viewed)) {
        const py::dtype own = viewed.cast<py::array>().dtype();
        if (std::size_t(own.itemsize()) == shape.element_size && dtype_of(own) == shape.dtype) return own;
    }
    if (shape.dtype == TILES_OPAQUE) return py::dtype("V" + std::to_string(shape.element_size));
    return numpy_dtype_of(shape.dtype);
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
