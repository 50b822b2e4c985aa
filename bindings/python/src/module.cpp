// libtiles Python bindings: the _tiles extension, over the C API (tiles.h) alone. It turns
// handles into Python objects that release them when collected, statuses into the exceptions
// of tiles.errors, numpy arrays into views of their memory, and Python values into launch
// arguments. The Pythonic surface is the pure-Python package `tiles` around it.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstring>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "tiles.h"
#include "tiles_opencl.h"

namespace py = pybind11;

namespace {

// The exception classes of tiles.errors, keyed by status family; set once at import.
py::dict error_classes;

[[noreturn]] void raise(tiles_status status, const std::string& message) {
    const char* family = status == TILES_ERROR_INVALID_ARGUMENT         ? "invalid_argument"
                         : status == TILES_ERROR_INVALID_COMPUTE_DOMAIN ? "invalid_compute_domain"
                         : status == TILES_ERROR_OUT_OF_MEMORY          ? "out_of_memory"
                         : status == TILES_ERROR_BUILD                  ? "build"
                         : status == TILES_ERROR_UNSUPPORTED            ? "unsupported"
                         : status == TILES_ERROR_INVALID_HANDLE         ? "invalid_handle"
                         : status == TILES_ERROR_CHECK_FAILED           ? "check_failed"
                         : status > -2000                               ? "opencl"
                                                                        : "error";
    PyErr_SetObject(error_classes[family].ptr(),
                    py::make_tuple(message, int(status), tiles_status_string(status)).ptr());
    throw py::error_already_set();
}

// libtiles' log, for Python's logging module. The C callback may run while libtiles holds its
// locks, so it must not wait for the GIL (a thread holding the GIL may be waiting for those
// locks): it queues the messages, and check() hands them to Python after each call.
std::mutex log_mutex;
std::vector<std::pair<int, std::string>> log_queue;
// tiles._log.deliver, set with the level; never destroyed, since static destructors run after
// the interpreter is gone.
py::object& log_receiver = *new py::object();

void queue_log_message(tiles_log_level level, const char* message, void*) {
    std::lock_guard<std::mutex> lock(log_mutex);
    log_queue.emplace_back(int(level), message);
}

void deliver_log_messages() {
    std::vector<std::pair<int, std::string>> messages;
    {
        std::lock_guard<std::mutex> lock(log_mutex);
        if (log_queue.empty()) return;
        messages.swap(log_queue);
    }
    if (!log_receiver) return;
    for (const auto& [level, message] : messages) log_receiver(level, message);
}

void check(tiles_status status) {
    deliver_log_messages();
    if (status != TILES_SUCCESS) raise(status, tiles_last_error_message());
}

// Runs a C call that may block with the GIL released; everything Python was unpacked before.
template <class F> tiles_status without_gil(F&& call) {
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

// numpy dtypes and tiles_dtype, both ways.
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
    } else if (kind == 'f' && size == 4) {
        return TILES_FLOAT32;
    } else if (kind == 'f' && size == 8) {
        return TILES_FLOAT64;
    } else if (kind == 'V' && size > 0) {
        return TILES_OPAQUE; // a structured dtype: the kernel's struct, of the same size on the device
    }
    raise(TILES_ERROR_INVALID_ARGUMENT, "numpy dtype " + std::string(py::str(dt)) +
                                            " has no OpenCL element type: use int8..int64, uint8..uint64, "
                                            "float32, float64, or a structured dtype for a struct");
}

// The numpy dtype of a view's elements: the viewed array's own where the view has one (so a
// structured dtype keeps its fields), else the element type's, or raw bytes for structs.
py::dtype numpy_dtype(const tiles_shape& shape, const py::object& viewed) {
    static const char* const names[] = {"int8",   "uint8", "int16",  "uint16",  "int32",
                                        "uint32", "int64", "uint64", "float32", "float64"};
    if (py::isinstance<py::array>(viewed)) return viewed.cast<py::array>().dtype();
    if (shape.dtype == TILES_OPAQUE) return py::dtype("V" + std::to_string(shape.element_size));
    return py::dtype(names[shape.dtype]);
}

tiles_shape shape_of(const py::dtype& dt, const std::vector<py::ssize_t>& extent) {
    const tiles_dtype dtype = dtype_of(dt);
    if (extent.empty() || extent.size() > 3)
        raise(TILES_ERROR_INVALID_ARGUMENT,
              "libtiles data has 1, 2 or 3 dimensions, not " + std::to_string(extent.size()));
    tiles_shape shape = TILES_SHAPE_INIT;
    shape.dtype = dtype;
    shape.element_size = std::size_t(dt.itemsize());
    shape.rank = int(extent.size());
    for (std::size_t d = 0; d < extent.size(); ++d) {
        if (extent[d] > INT32_MAX) raise(TILES_ERROR_INVALID_ARGUMENT, "an extent beyond 2**31 - 1 elements");
        shape.extent[d] = int(extent[d]);
    }
    return shape;
}

std::vector<py::ssize_t> extent_of(const tiles_shape& shape) {
    return std::vector<py::ssize_t>(shape.extent, shape.extent + shape.rank);
}

tiles_shape view_shape(const View& v) {
    tiles_shape shape = TILES_SHAPE_INIT;
    check(tiles_view_get_shape(&shape, v.get()));
    return shape;
}

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
    const tiles_shape shape = shape_of(a.dtype(), std::vector<py::ssize_t>(a.shape(), a.shape() + a.ndim()));
    tiles_view* v = nullptr;
    if (a.writeable())
        check(tiles_view_create(&v, &shape, const_cast<void*>(a.data())));
    else
        check(tiles_view_create_const(&v, &shape, a.data()));
    return new View(v, "view", a);
}

std::array<int, 3> three(const std::vector<int>& v, const char* what) {
    if (v.size() > 3) raise(TILES_ERROR_INVALID_ARGUMENT, std::string(what) + " has more than 3 components");
    std::array<int, 3> out{0, 0, 0};
    for (std::size_t i = 0; i < v.size(); ++i) out[i] = v[i];
    return out;
}

tiles_domain domain_of(const std::vector<int>& extent, const std::vector<int>& tile) {
    tiles_domain d{};
    d.struct_size = sizeof d;
    d.rank = int(extent.size());
    d.tile_rank = int(tile.size());
    const auto e = three(extent, "an extent"), t = three(tile, "a tile");
    for (int i = 0; i < 3; ++i) d.extent[i] = e[i], d.tile[i] = t[i];
    return d;
}

// The local-memory argument of a launch (tiles.local_memory in Python).
struct LocalMemory {
    std::size_t bytes;
};

tiles_arg launch_arg(const py::handle& value, std::size_t position) {
    if (py::isinstance<View>(value)) return tiles_arg_view(value.cast<const View&>().get());
    if (py::isinstance<Array>(value)) return tiles_arg_array(value.cast<const Array&>().get());
    if (py::isinstance<LocalMemory>(value)) return tiles_arg_local(value.cast<const LocalMemory&>().bytes);
    if (py::isinstance<py::bool_>(value))
        raise(TILES_ERROR_INVALID_ARGUMENT,
              "argument " + std::to_string(position) + " is a bool; kernels take no bool parameters, pass 0 or 1");
    // numpy's integer and floating scalars (what numpy's reductions return) are numbers, as the
    // Python int or float of the same value is: the kernel's parameter types them.
    static const py::object numpy = py::module_::import("numpy");
    static const py::object numpy_integer = numpy.attr("integer"), numpy_floating = numpy.attr("floating");
    if (py::isinstance(value, numpy_integer)) return launch_arg(value.attr("item")(), position);
    if (py::isinstance(value, numpy_floating)) return tiles_arg_real(value.cast<double>());
    if (py::isinstance(value, numpy.attr("generic")))
        raise(TILES_ERROR_INVALID_ARGUMENT, "argument " + std::to_string(position) + " is a numpy " +
                                                std::string(py::str(value.attr("dtype"))) +
                                                " scalar; a kernel takes numpy integers and floats as numbers");
    if (py::isinstance<py::int_>(value)) {
        try {
            return tiles_arg_integer(value.cast<std::int64_t>());
        } catch (const py::cast_error&) {
            raise(TILES_ERROR_INVALID_ARGUMENT,
                  "argument " + std::to_string(position) + " is an integer beyond 64 bits");
        }
    }
    if (py::isinstance<py::float_>(value)) return tiles_arg_real(value.cast<double>());
    if (py::isinstance<py::array>(value))
        raise(TILES_ERROR_INVALID_ARGUMENT,
              "argument " + std::to_string(position) +
                  " is a numpy array: pass tiles.array_view(a) rather than a numpy array, "
                  "so that the results reach it");
    raise(TILES_ERROR_INVALID_ARGUMENT, "argument " + std::to_string(position) + " is a " +
                                            std::string(py::str(py::type::of(value).attr("__name__"))) +
                                            "; a kernel takes array views, arrays, numbers and local_memory");
}

py::dict counters_dict(const tiles_counters& c) {
    py::dict d;
    d["uploads"] = c.uploads;
    d["downloads"] = c.downloads;
    d["bytes_uploaded"] = c.bytes_uploaded;
    d["bytes_downloaded"] = c.bytes_downloaded;
    d["device_copies"] = c.device_copies;
    d["bytes_copied_on_device"] = c.bytes_copied_on_device;
    d["kernel_builds"] = c.kernel_builds;
    d["cache_hits"] = c.cache_hits;
    d["launches"] = c.launches;
    d["binary_loads"] = c.binary_loads;
    return d;
}

py::dict counters_of(tiles_context* context) {
    tiles_counters c = TILES_COUNTERS_INIT;
    check(tiles_context_get_counters(&c, context));
    return counters_dict(c);
}

// OpenCL handles travel as integers, as PyOpenCL's int_ptr.
template <class H> H from_int(std::uintptr_t value) { return reinterpret_cast<H>(value); }
template <class H> std::uintptr_t to_int(H handle) { return reinterpret_cast<std::uintptr_t>(handle); }

// An OpenCL event the caller owns as a tiles.Event, which releases it when it goes.
py::object event_of_opencl(cl_event e) {
    tiles_event* event = nullptr;
    check(tiles_event_create_from_opencl(&event, e)); // owns e even if it fails
    return py::cast(new Event(event, "event"), py::return_value_policy::take_ownership);
}

// What a checked context found, as a list of dicts (tiles.Diagnostic wraps them).
py::list report_of(const tiles_context* context) {
    tiles_report* report = nullptr;
    check(tiles_context_get_report(&report, context));
    py::list diagnostics;
    size_t count = 0;
    tiles_status status = tiles_report_count(&count, report);
    for (size_t i = 0; status == TILES_SUCCESS && i < count; ++i) {
        tiles_diagnostic d = TILES_DIAGNOSTIC_INIT;
        status = tiles_report_get(&d, report, i);
        if (status != TILES_SUCCESS) break;
        static const char* const kinds[] = {"read_write_race",
                                            "write_write_race",
                                            "uninitialized_read",
                                            "uninitialized_write",
                                            "out_of_bounds",
                                            "barrier_divergence",
                                            "other"};
        static const char* const spaces[] = {"tile_static", "global", "constant", "private", "unknown"};
        py::list items;
        for (size_t w = 0; w < d.work_item_count; ++w)
            items.append(py::make_tuple(d.work_items[3 * w], d.work_items[3 * w + 1], d.work_items[3 * w + 2]));
        py::dict entry;
        entry["kind"] = kinds[d.kind];
        entry["space"] = spaces[d.space];
        entry["kernel"] = d.kernel;
        entry["line"] = d.line;
        entry["column"] = d.column;
        entry["source_line"] = d.source_line;
        entry["other_line"] = d.other_line;
        entry["other_column"] = d.other_column;
        entry["work_items"] = items;
        entry["message"] = d.message;
        entry["text"] = d.text;
        diagnostics.append(entry);
    }
    tiles_report_release(report);
    check(status);
    return diagnostics;
}

tiles_context* context_or_null(const Context* c) { return c == nullptr ? nullptr : c->get(); }
const tiles_device* device_or_null(const Device* d) { return d == nullptr ? nullptr : d->get(); }

tiles_reduction reduction_of(const std::string& op) {
    if (op == "sum") return TILES_REDUCE_SUM;
    if (op == "min") return TILES_REDUCE_MIN;
    if (op == "max") return TILES_REDUCE_MAX;
    raise(TILES_ERROR_INVALID_ARGUMENT, "a reduction is \"sum\", \"min\" or \"max\", not \"" + op + "\"");
}

} // namespace

PYBIND11_MODULE(_tiles, m) {
    m.doc() = "libtiles' C API for Python; use the package `tiles`, which wraps it.";

    m.def("_set_error_classes", [](py::dict classes) { error_classes = classes; });
    m.def(
        "_set_log",
        [](int level, py::object receiver) {
            check(tiles_set_log_callback(tiles_log_level(level), level == TILES_LOG_OFF ? nullptr : queue_log_message,
                                         nullptr));
            log_receiver = std::move(receiver);
        },
        py::arg("level"), py::arg("receiver"));
    m.def("version", [] { return std::string(tiles_version_string()); });
    m.def("status_string", [](int status) { return std::string(tiles_status_string(tiles_status(status))); });

    py::class_<Device>(m, "Device")
        .def_static("count",
                    [] {
                        size_t n = 0;
                        check(tiles_device_count(&n));
                        return n;
                    })
        .def_static("get",
                    [](size_t i) {
                        tiles_device* d = nullptr;
                        check(tiles_device_get(&d, i));
                        return new Device(d, "device");
                    })
        .def_static("default",
                    [] {
                        tiles_device* d = nullptr;
                        check(tiles_device_default(&d));
                        return new Device(d, "device");
                    })
        .def_static("select",
                    [](const std::string& s) {
                        tiles_device* d = nullptr;
                        check(tiles_device_select(&d, s.c_str()));
                        return new Device(d, "device");
                    })
        .def_static("default_reason",
                    [] {
                        const char* r = nullptr;
                        check(tiles_device_default_reason(&r));
                        return std::string(r);
                    })
        .def("info",
             [](const Device& self) {
                 tiles_device_info i = TILES_DEVICE_INFO_INIT;
                 check(tiles_device_get_info(&i, self.get()));
                 py::dict d;
                 d["name"] = i.name;
                 d["vendor"] = i.vendor;
                 d["platform_name"] = i.platform_name;
                 d["driver_version"] = i.driver_version;
                 d["device_version"] = i.device_version;
                 d["is_gpu"] = bool(i.is_gpu);
                 d["is_cpu"] = bool(i.is_cpu);
                 d["platform_index"] = i.platform_index;
                 d["device_index"] = i.device_index;
                 d["max_tile_size"] = i.max_tile_size;
                 d["max_tile_extent"] =
                     py::make_tuple(i.max_tile_extent[0], i.max_tile_extent[1], i.max_tile_extent[2]);
                 d["tile_static_memory"] = i.tile_static_memory;
                 d["global_memory"] = i.global_memory;
                 d["max_allocation"] = i.max_allocation;
                 d["supports_fp64"] = bool(i.supports_fp64);
                 return d;
             })
        .def("release", &Device::release);

    py::class_<Context>(m, "Context")
        .def_static(
            "create",
            [](const Device* d) {
                tiles_context* c = nullptr;
                check(tiles_context_create(&c, device_or_null(d)));
                return new Context(c, "context");
            },
            py::arg("device") = nullptr)
        .def_static(
            "default",
            [](const Device* d) {
                tiles_context* c = nullptr;
                check(tiles_context_default(&c, device_or_null(d)));
                return new Context(c, "context");
            },
            py::arg("device") = nullptr)
        .def("device",
             [](const Context& self) {
                 tiles_device* d = nullptr;
                 check(tiles_context_get_device(&d, self.get()));
                 return new Device(d, "device");
             })
        .def("wait",
             [](const Context& self) {
                 tiles_context* c = self.get();
                 check(without_gil([&] { return tiles_context_wait(c); }));
             })
        .def("counters", [](const Context& self) { return counters_of(self.get()); })
        .def("reset_counters", [](const Context& self) { check(tiles_context_reset_counters(self.get())); })
        .def_static(
            "from_opencl",
            [](std::uintptr_t context, std::uintptr_t queue) {
                tiles_context* c = nullptr;
                check(tiles_context_create_from_opencl(&c, from_int<cl_context>(context),
                                                       from_int<cl_command_queue>(queue)));
                return new Context(c, "context");
            },
            py::arg("context"), py::arg("queue"))
        .def_static(
            "create_checked",
            [](bool strict) {
                tiles_context* c = nullptr;
                check(tiles_context_create_checked(&c, strict));
                return new Context(c, "context");
            },
            py::arg("strict"))
        .def("is_checked",
             [](const Context& self) {
                 int checked = 0;
                 check(tiles_context_is_checked(&checked, self.get()));
                 return bool(checked);
             })
        .def("report", [](const Context& self) { return report_of(self.get()); })
        .def("clear_report", [](const Context& self) { check(tiles_context_clear_report(self.get())); })
        .def("opencl",
             [](const Context& self) {
                 cl_context context = nullptr;
                 cl_command_queue queue = nullptr;
                 check(tiles_context_get_opencl(&context, &queue, self.get()));
                 return py::make_tuple(to_int(context), to_int(queue));
             })
        .def("release", &Context::release);
    m.def("total_counters", [] { return counters_of(nullptr); });
    m.def("reset_total_counters", [] { check(tiles_context_reset_counters(nullptr)); });

    py::class_<Array>(m, "Array")
        .def_static(
            "create",
            [](const Context* context, const py::dtype& dtype, const std::vector<py::ssize_t>& extent,
               const py::object& initial) {
                const tiles_shape shape = shape_of(dtype, extent);
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
                check(tiles_array_create(&a, context_or_null(context), &shape, data));
                return new Array(a, "array");
            },
            py::arg("context"), py::arg("dtype"), py::arg("extent"), py::arg("initial"))
        .def_static(
            "from_opencl",
            [](const Context& context, const py::dtype& dtype, const std::vector<py::ssize_t>& extent,
               std::uintptr_t buffer) {
                const tiles_shape shape = shape_of(dtype, extent);
                tiles_array* a = nullptr;
                check(tiles_array_create_from_opencl(&a, context.get(), &shape, from_int<cl_mem>(buffer)));
                return new Array(a, "array");
            },
            py::arg("context"), py::arg("dtype"), py::arg("extent"), py::arg("buffer"))
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
        .def("release", &Array::release);

    py::class_<View>(m, "View")
        .def_static("of_ndarray", &view_of_ndarray, py::arg("array"))
        .def("section",
             [](const View& self, const std::vector<int>& origin, const std::vector<int>& extent) {
                 const tiles_shape shape = view_shape(self);
                 if (origin.size() != std::size_t(shape.rank) || extent.size() != std::size_t(shape.rank))
                     raise(TILES_ERROR_INVALID_ARGUMENT, "a section of a rank-" + std::to_string(shape.rank) +
                                                             " view needs an origin and an extent of " +
                                                             std::to_string(shape.rank) + " components");
                 tiles_view* v = nullptr;
                 check(tiles_view_section(&v, self.get(), origin.data(), extent.data()));
                 return new View(v, "view", self.keeps_alive());
             })
        .def("shape",
             [](const View& self) {
                 const tiles_shape s = view_shape(self);
                 return py::make_tuple(numpy_dtype(s, self.keeps_alive()), extent_of(s));
             })
        .def("keeps_alive", &View::keeps_alive)
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
        .def("synchronize_to",
             [](const View& self, const Context& c) { check(tiles_view_synchronize_to(self.get(), c.get())); })
        .def(
            "opencl_buffer",
            [](const View& self, const Context& context, bool write) {
                cl_mem buffer = nullptr;
                check(tiles_view_get_opencl_buffer(&buffer, self.get(), context.get(),
                                                   write ? TILES_ACCESS_READ_WRITE : TILES_ACCESS_READ));
                return to_int(buffer);
            },
            py::arg("context"), py::arg("write"))
        .def("discard", [](const View& self) { check(tiles_view_discard(self.get())); })
        .def("refresh", [](const View& self) { check(tiles_view_refresh(self.get())); })
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
        .def("write",
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
             })
        .def("release", &View::release);

    m.def("copy", [](const View& source, const View& destination) {
        tiles_view* s = source.get();
        tiles_view* d = destination.get();
        check(without_gil([&] { return tiles_copy(s, d); }));
    });
    m.def("copy_async", [](const py::object& source, const py::object& destination) {
        tiles_event* e = nullptr;
        check(tiles_copy_async(&e, source.cast<const View&>().get(), destination.cast<const View&>().get()));
        return new Event(e, "event", py::make_tuple(source, destination));
    });

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
        .def("release", &Event::release);

    py::class_<Kernel>(m, "Kernel")
        .def(py::init([](const std::string& source, const std::string& name, const std::string& options) {
                 tiles_kernel* k = nullptr;
                 check(tiles_kernel_create(&k, source.c_str(), name.c_str(), options.c_str()));
                 return new Kernel(k, "kernel");
             }),
             py::arg("source"), py::arg("name"), py::arg("options") = "")
        .def("build",
             [](const Kernel& self, const Context* context, const std::vector<int>& extent,
                const std::vector<int>& tile) {
                 const tiles_domain domain = domain_of(extent, tile);
                 const tiles_kernel* k = self.get();
                 tiles_context* c = context_or_null(context);
                 std::string log;
                 check(without_gil([&] {
                     const char* built = nullptr;
                     const tiles_status status = tiles_kernel_build(&built, k, c, &domain);
                     if (status == TILES_SUCCESS) log = built;
                     return status;
                 }));
                 return log;
             })
        .def_property_readonly("build_log",
                               [](const Kernel& self) {
                                   const char* log = nullptr;
                                   check(tiles_kernel_get_build_log(&log, self.get()));
                                   return std::string(log);
                               })
        .def("release", &Kernel::release);

    py::class_<LocalMemory>(m, "LocalMemory")
        .def(py::init<std::size_t>(), py::arg("nbytes"))
        .def_readonly("nbytes", &LocalMemory::bytes);

    m.def("launch", [](const Context* context, const std::vector<int>& extent, const std::vector<int>& tile,
                       const Kernel& kernel, const py::args& args) {
        const tiles_domain domain = domain_of(extent, tile);
        std::vector<tiles_arg> converted;
        for (std::size_t i = 0; i < args.size(); ++i) converted.push_back(launch_arg(args[i], i));
        tiles_context* c = context_or_null(context);
        const tiles_kernel* k = kernel.get();
        check(without_gil([&] { return tiles_launch(c, &domain, k, converted.data(), converted.size()); }));
    });

    m.def("launch_with_events",
          [](const Context& context, const std::vector<int>& extent, const std::vector<int>& tile, const Kernel& kernel,
             const std::vector<std::uintptr_t>& wait_for, bool return_event, const py::args& args) -> py::object {
              const tiles_domain domain = domain_of(extent, tile);
              std::vector<tiles_arg> converted;
              for (std::size_t i = 0; i < args.size(); ++i) converted.push_back(launch_arg(args[i], i));
              std::vector<cl_event> waits;
              for (std::uintptr_t e : wait_for) waits.push_back(from_int<cl_event>(e));
              tiles_context* c = context.get();
              const tiles_kernel* k = kernel.get();
              cl_event done = nullptr;
              cl_event* out = return_event ? &done : nullptr;
              check(without_gil([&] {
                  return tiles_launch_with_events(c, &domain, k, converted.data(), converted.size(), waits.data(),
                                                  waits.size(), out);
              }));
              return return_event ? event_of_opencl(done) : py::object(py::none());
          });
    m.def("copy_with_events",
          [](const View& source, const View& destination, const std::vector<std::uintptr_t>& wait_for,
             bool return_event) -> py::object {
              std::vector<cl_event> waits;
              for (std::uintptr_t e : wait_for) waits.push_back(from_int<cl_event>(e));
              tiles_view* s = source.get();
              tiles_view* d = destination.get();
              cl_event done = nullptr;
              cl_event* out = return_event ? &done : nullptr;
              check(without_gil([&] { return tiles_copy_with_events(s, d, waits.data(), waits.size(), out); }));
              return return_event ? event_of_opencl(done) : py::object(py::none());
          });

    m.def("rounded_extent", [](const std::vector<int>& extent, const std::vector<int>& tile, bool pad) {
        const tiles_domain domain = domain_of(extent, tile);
        tiles_domain out{};
        out.struct_size = sizeof out;
        check(pad ? tiles_domain_pad(&out, &domain) : tiles_domain_truncate(&out, &domain));
        return std::vector<int>(out.extent, out.extent + out.rank);
    });

    // The tiled algorithms: each runs on `context` (None: where its first operand lives) and
    // writes into its output view; reduce returns a numpy scalar of the input's dtype.
    m.def(
        "reduce",
        [](const Context* context, const View& input, const std::string& op) {
            const tiles_reduction reduction = reduction_of(op);
            py::array result(numpy_dtype(view_shape(input), input.keeps_alive()), std::vector<py::ssize_t>{1});
            void* out = result.mutable_data();
            const size_t size = size_t(result.itemsize());
            tiles_context* c = context_or_null(context);
            const tiles_view* v = input.get();
            check(without_gil([&] { return tiles_reduce(out, size, c, v, reduction); }));
            return py::object(result[py::int_(0)]);
        },
        py::arg("context"), py::arg("input"), py::arg("op"));
    m.def(
        "block_grid",
        [](int rows, int columns, int block_rows, int block_columns) {
            int grid_rows = 0, grid_columns = 0;
            check(tiles_block_grid(&grid_rows, &grid_columns, rows, columns, block_rows, block_columns));
            return py::make_tuple(grid_rows, grid_columns);
        },
        py::arg("rows"), py::arg("columns"), py::arg("block_rows"), py::arg("block_columns"));
    m.def(
        "block_sum",
        [](const Context* context, const View& input, int block_rows, int block_columns, const View& output) {
            tiles_context* c = context_or_null(context);
            const tiles_view* in = input.get();
            tiles_view* out = output.get();
            check(without_gil([&] { return tiles_block_sum(c, in, block_rows, block_columns, out); }));
        },
        py::arg("context"), py::arg("input"), py::arg("block_rows"), py::arg("block_columns"), py::arg("output"));
    m.def(
        "block_average",
        [](const Context* context, const View& input, int block_rows, int block_columns, const View& output) {
            tiles_context* c = context_or_null(context);
            const tiles_view* in = input.get();
            tiles_view* out = output.get();
            check(without_gil([&] { return tiles_block_average(c, in, block_rows, block_columns, out); }));
        },
        py::arg("context"), py::arg("input"), py::arg("block_rows"), py::arg("block_columns"), py::arg("output"));
    m.def(
        "transpose",
        [](const Context* context, const View& input, const View& output) {
            tiles_context* c = context_or_null(context);
            const tiles_view* in = input.get();
            tiles_view* out = output.get();
            check(without_gil([&] { return tiles_transpose(c, in, out); }));
        },
        py::arg("context"), py::arg("input"), py::arg("output"));
    m.def(
        "gemm",
        [](const Context* context, double alpha, const View& a, const View& b, double beta, const View& c) {
            tiles_context* on = context_or_null(context);
            const tiles_view* a_view = a.get();
            const tiles_view* b_view = b.get();
            tiles_view* c_view = c.get();
            check(without_gil([&] { return tiles_gemm(on, alpha, a_view, b_view, beta, c_view); }));
        },
        py::arg("context"), py::arg("alpha"), py::arg("a"), py::arg("b"), py::arg("beta"), py::arg("c"));
    m.def(
        "stencil",
        [](const Context* context, const View& input, const View& mask, const View& output) {
            tiles_context* c = context_or_null(context);
            const tiles_view* in = input.get();
            const tiles_view* weights = mask.get();
            tiles_view* out = output.get();
            check(without_gil([&] { return tiles_stencil(c, in, weights, out); }));
        },
        py::arg("context"), py::arg("input"), py::arg("mask"), py::arg("output"));
}
