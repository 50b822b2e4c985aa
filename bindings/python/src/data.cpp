// Data (Array and View: C++ AMP's array and array_view, with sections, projections, view_as and
// reinterpret_as), the events of asynchronous work, and copies between views.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"
#include "registration.hpp"

namespace tiles_python {

namespace {

// A view of a numpy array's own memory; it must be C-contiguous, since results land in it.
View* view_of_ndarray(const py::object& data) {
    if (!py::isinstance<py::array>(data))
        raise(TILES_ERROR_INVALID_ARGUMENT, "an array_view shares the memory of a numpy array or a tiles.array, so it "
                                            "takes one of those, not a " +
                                                std::string(py::str(py::type::of(data).attr("__name__"))) +
                                                "; pass numpy.asarray(data) and keep that array");
    const py::array a = py::reinterpret_borrow<py::array>(data);
    if (!(a.flags() & py::array::c_style))
        raise(TILES_ERROR_INVALID_ARGUMENT,
              "an array_view shares the numpy array's memory, so the array must be C-contiguous; "
              "pass numpy.ascontiguousarray(a) and read the results from the view");
    shape_with_components shape = shape_of(a.dtype(), std::vector<py::ssize_t>(a.shape(), a.shape() + a.ndim()));
    tiles_view* v = nullptr;
    if (a.writeable())
        check(tiles_view_create(&v, shape.get(), const_cast<void*>(a.data())));
    else
        check(tiles_view_create_const(&v, shape.get(), a.data()));
    return new View(v, "view", a);
}

// Array: C++ AMP's array, on a context or staging.
void register_array(py::module_& m) {
    py::class_<Array>(m, "Array")
        .def_static(
            "create",
            [](optional_context context, const py::dtype& dtype, const std::vector<py::ssize_t>& extent,
               const py::object& initial, bool staging) {
                shape_with_components shape = shape_of(dtype, extent);
                // A default py::array is not empty but an array of no elements: only a given initial
                // value has data to copy.
                py::array staged;
                const void* data = nullptr;
                if (!initial.is_none()) {
                    staged = py::array::ensure(initial, py::array::c_style | py::array::forcecast);
                    if (!staged)
                        raise(TILES_ERROR_INVALID_ARGUMENT, "the initial data of an array is not an array of numbers");
                    data = staged.data();
                }
                tiles_array* a = nullptr;
                check(staging ? tiles_array_create_staging(&a, context.handle, shape.get(), data)
                              : tiles_array_create(&a, context.handle, shape.get(), data));
                return new Array(a, "array");
            },
            py::arg("context"), py::arg("dtype"), py::arg("extent"), py::arg("initial"), py::arg("staging") = false)
        .def_static(
            "from_opencl",
            // `owner` is kept alive with the array: a PyOpenCL array whose pool would otherwise hand
            // the buffer's memory to another array while libtiles still uses it.
            [](const Context& context, const py::dtype& dtype, const std::vector<py::ssize_t>& extent,
               std::uintptr_t buffer, py::object owner) {
                shape_with_components shape = shape_of(dtype, extent);
                tiles_array* a = nullptr;
                check(tiles_array_create_from_opencl(&a, context.get(), shape.get(), from_int<cl_mem>(buffer)));
                return new Array(a, "array", std::move(owner));
            },
            py::arg("context"), py::arg("dtype"), py::arg("extent"), py::arg("buffer"), py::arg("owner") = py::none())
        .def("view",
             [](py::object self) {
                 tiles_view* v = nullptr;
                 check(tiles_array_get_view(&v, self.cast<const Array&>().get()));
                 return new View(v, "view", self);
             })
        .def("context",
             [](const Array& self) {
                 tiles_context* c = nullptr;
                 check(tiles_array_get_context(&c, self.get()));
                 return new Context(c, "context");
             })
        .def("is_staging",
             [](const Array& self) {
                 int staging = 0;
                 check(tiles_array_is_staging(&staging, self.get()));
                 return bool(staging);
             })
        .def("release", &Array::release);
}

// A view's making: of a numpy array or of no source, and as a projection, reshape, reinterpretation
// or section of another; its strides, address and shape.
void add_view_shapes(py::class_<View>& view_class) {
    view_class.def_static("of_ndarray", &view_of_ndarray, py::arg("array"))
        .def_static(
            "without_source",
            [](const py::dtype& dtype, const std::vector<py::ssize_t>& extent) {
                shape_with_components shape = shape_of(dtype, extent);
                tiles_view* v = nullptr;
                check(tiles_view_create_without_source(&v, shape.get()));
                return new View(v, "view");
            },
            py::arg("dtype"), py::arg("extent"))
        .def(
            "project",
            [](const View& self, int index) {
                tiles_view* v = nullptr;
                check(tiles_view_project(&v, self.get(), index));
                return new View(v, "view", self.keeps_alive());
            },
            py::arg("index"))
        .def(
            "view_as",
            [](const View& self, const std::vector<int>& extent) {
                tiles_view* v = nullptr;
                check(tiles_view_reshape(&v, self.get(), int(extent.size()), extent.data()));
                return new View(v, "view", self.keeps_alive());
            },
            py::arg("extent"))
        .def(
            "reinterpret_as",
            [](const View& self, const py::dtype& dtype) {
                tiles_view* v = nullptr;
                check(tiles_view_reinterpret(&v, self.get(), dtype_of(dtype), std::size_t(dtype.itemsize())));
                return new View(v, "view", self.keeps_alive());
            },
            py::arg("dtype"))
        .def("strides",
             [](const View& self) {
                 std::vector<std::size_t> strides(std::size_t(view_shape(self).rank));
                 check(tiles_view_get_strides(strides.data(), strides.size(), self.get()));
                 return strides;
             })
        .def(
            "address",
            [](const View& self, bool write) {
                void* data = nullptr;
                tiles_view* v = self.get();
                const tiles_access access = write ? TILES_ACCESS_READ_WRITE : TILES_ACCESS_READ;
                check(without_gil([&] { return tiles_view_data(&data, v, access); }));
                return to_int(data);
            },
            py::arg("write"))
        .def(
            "section",
            [](const View& self, const std::vector<int>& origin, const std::vector<int>& extent) {
                const tiles_shape shape = view_shape(self);
                if (origin.size() != std::size_t(shape.rank) || extent.size() != std::size_t(shape.rank))
                    raise(TILES_ERROR_INVALID_ARGUMENT, "a section of a rank-" + std::to_string(shape.rank) +
                                                            " view needs an origin and an extent of " +
                                                            std::to_string(shape.rank) + " components");
                tiles_view* v = nullptr;
                check(tiles_view_section(&v, self.get(), origin.data(), extent.data()));
                return new View(v, "view", self.keeps_alive());
            },
            py::arg("origin"), py::arg("extent"))
        .def("shape",
             [](const View& self) {
                 const tiles_shape s = view_shape(self);
                 return py::make_tuple(numpy_dtype(s, self.keeps_alive()), extent_of(s));
             })
        .def("keeps_alive", &View::keeps_alive);
}

// A view's data: synchronizing it, its OpenCL buffer and host memory, reads and writes.
void add_view_data(py::class_<View>& view_class) {
    view_class
        .def("synchronize",
             [](const View& self) {
                 tiles_view* v = self.get();
                 check(without_gil([&] { return tiles_view_synchronize(v); }));
             })
        .def("synchronize_async",
             [](const View& self) {
                 tiles_event* e = nullptr;
                 check(tiles_view_synchronize_async(&e, self.get()));
                 return new Event(e, "event");
             })
        .def(
            "synchronize_to",
            [](const View& self, const Context& context) {
                check(tiles_view_synchronize_to(self.get(), context.get()));
            },
            py::arg("context"))
        .def(
            "opencl_buffer",
            [](const View& self, const Context& context, bool write) {
                cl_mem buffer = nullptr;
                check(tiles_view_get_opencl_buffer(&buffer, self.get(), context.get(),
                                                   write ? TILES_ACCESS_READ_WRITE : TILES_ACCESS_READ));
                return to_int(buffer);
            },
            py::arg("context"), py::arg("write"))
        .def("host_memory",
             // The host memory of a view of a whole staging array, current, which the host may
             // write; the numpy array keeps the view (and so the memory) alive.
             [](py::object self) {
                 const View& view = self.cast<const View&>();
                 const tiles_shape s = view_shape(view);
                 tiles_view* v = view.get();
                 void* data = nullptr;
                 check(without_gil([&] { return tiles_view_data(&data, v, TILES_ACCESS_READ_WRITE); }));
                 return py::array(numpy_dtype(s, view.keeps_alive()), extent_of(s), data, self);
             })
        .def("discard", [](const View& self) { check(tiles_view_discard(self.get())); })
        .def("refresh", [](const View& self) { check(tiles_view_refresh(self.get())); })
        .def(
            "host_written",
            [](const View& self, optional_context context) {
                int written = 0;
                check(tiles_view_get_host_written(&written, self.get(), context.handle));
                return written != 0;
            },
            py::arg("context").none(true))
        .def("read",
             [](const View& self) {
                 const tiles_shape s = view_shape(self);
                 py::array out(numpy_dtype(s, self.keeps_alive()), extent_of(s));
                 tiles_view* v = self.get();
                 void* data = out.mutable_data();
                 const size_t bytes = size_t(out.nbytes());
                 check(without_gil([&] { return tiles_view_read(v, data, bytes); }));
                 return out;
             })
        .def(
            "write",
            [](const View& self, const py::object& source) {
                const tiles_shape s = view_shape(self);
                const py::array staged = py::array::ensure(source, py::array::c_style | py::array::forcecast);
                if (!staged || dtype_of(staged.dtype()) != s.dtype || std::size_t(staged.itemsize()) != s.element_size)
                    raise(TILES_ERROR_INVALID_ARGUMENT, "the source's dtype is not the view's (" +
                                                            std::string(py::str(numpy_dtype(s, self.keeps_alive()))) +
                                                            ")");
                tiles_view* v = self.get();
                const void* data = staged.data();
                const size_t bytes = size_t(staged.nbytes());
                check(without_gil([&] { return tiles_view_write(v, data, bytes); }));
            },
            py::arg("source"))
        .def("release", &View::release);
}

// View: C++ AMP's array_view.
void register_view(py::module_& m) {
    py::class_<View> view_class(m, "View");
    add_view_shapes(view_class);
    add_view_data(view_class);
}

// Event: asynchronous work's end.
void register_event(py::module_& m) {
    py::class_<Event>(m, "Event")
        .def("wait",
             [](const Event& self) {
                 tiles_event* e = self.get();
                 check(without_gil([&] { return tiles_event_wait(e); }));
             })
        .def("is_ready",
             [](const Event& self) {
                 int ready = 0;
                 check(tiles_event_is_ready(&ready, self.get()));
                 return bool(ready);
             })
        .def("opencl",
             [](const Event& self) {
                 cl_event e = nullptr;
                 check(tiles_event_get_opencl(&e, self.get()));
                 return to_int(e);
             })
        .def("profile",
             [](const Event& self) {
                 tiles_event* e = self.get();
                 tiles_event_profile p = TILES_EVENT_PROFILE_INIT;
                 check(without_gil([&] { return tiles_event_get_profile(&p, e); }));
                 return py::make_tuple(p.queued, p.submitted, p.started, p.ended);
             })
        .def("release", &Event::release);
}

// Pinned host memory, and copies between views.
void register_pinned_memory_and_copies(py::module_& m) {
    m.def(
        "pinned_empty",
        [](optional_context context, const py::dtype& dtype, const std::vector<py::ssize_t>& shape) {
            std::size_t bytes = std::size_t(dtype.itemsize());
            for (const py::ssize_t n : shape) {
                if (n < 0)
                    raise(TILES_ERROR_INVALID_ARGUMENT, "a shape's components are 0 or more, not " + std::to_string(n));
                if (n != 0 && bytes > SIZE_MAX / std::size_t(n))
                    raise(TILES_ERROR_OUT_OF_MEMORY, "pinned memory of that shape holds more bytes than this machine "
                                                     "can address");
                bytes *= std::size_t(n);
            }
            // An array of no elements still has memory of its own, of one byte.
            void* memory = nullptr;
            check(tiles_host_alloc(&memory, context.handle, bytes == 0 ? 1 : bytes));
            const py::capsule owner(memory, [](void* pinned) { tiles_host_free(pinned); });
            return py::array(dtype, shape, memory, owner);
        },
        py::arg("context"), py::arg("dtype"), py::arg("shape"));
    m.def(
        "copy",
        [](const View& source, const View& destination) {
            tiles_view* s = source.get();
            tiles_view* d = destination.get();
            check(without_gil([&] { return tiles_copy(s, d); }));
        },
        py::arg("source"), py::arg("destination"));
    m.def(
        "copy_async",
        [](const py::object& source, const py::object& destination) {
            tiles_event* e = nullptr;
            check(tiles_copy_async(&e, source.cast<const View&>().get(), destination.cast<const View&>().get()));
            return new Event(e, "event", py::make_tuple(source, destination));
        },
        py::arg("source"), py::arg("destination"));
    m.def(
        "copy_with_events",
        [](const View& source, const View& destination, const std::vector<std::uintptr_t>& wait_for,
           bool return_event) -> py::object {
            const std::vector<cl_event> waits = opencl_events(wait_for);
            tiles_view* s = source.get();
            tiles_view* d = destination.get();
            cl_event done = nullptr;
            cl_event* out = return_event ? &done : nullptr;
            check(without_gil([&] { return tiles_copy_with_events(s, d, waits.data(), waits.size(), out); }));
            return return_event ? event_of_opencl(done) : py::object(py::none());
        },
        py::arg("source"), py::arg("destination"), py::arg("wait_for"), py::arg("return_event"));
}

} // namespace

void register_data(py::module_& m) {
    register_array(m);
    register_view(m);
    register_event(m);
    register_pinned_memory_and_copies(m);
}

} // namespace tiles_python
