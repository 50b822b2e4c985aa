// Kernels, their arguments and launches over extents and tiled extents.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/gil_safe_call_once.h>

#include "common.hpp"
#include "registration.hpp"

namespace tiles_python {

namespace {

// The domain of `extent` in tiles of `tile` (none if empty). A rank above 3 points at `extent`,
// which must outlive the domain's use. A tile of rank above 3 keeps its rank, and the C API
// refuses it.
tiles_domain domain_of(const std::vector<int>& extent, const std::vector<int>& tile) {
    tiles_domain d{};
    d.struct_size = sizeof d;
    d.rank = int(extent.size());
    d.tile_rank = int(tile.size());
    for (std::size_t i = 0; i < 3; ++i) {
        d.extent[i] = extent.size() <= 3 && i < extent.size() ? extent[i] : 0;
        d.tile[i] = i < tile.size() ? tile[i] : 0;
    }
    d.extents = extent.size() > 3 ? extent.data() : nullptr;
    return d;
}

// The local-memory argument of a launch (tiles.local_memory in Python).
struct LocalMemory {
    std::size_t bytes;
};

// numpy's scalar types, which launch arguments may be.
struct NumpyScalarTypes {
    py::object integer, floating, generic;
};

const NumpyScalarTypes& numpy_scalar_types() {
    PYBIND11_CONSTINIT static py::gil_safe_call_once_and_store<NumpyScalarTypes> storage;
    return storage
        .call_once_and_store_result([] {
            const py::module_ numpy = py::module_::import("numpy");
            return NumpyScalarTypes{numpy.attr("integer"), numpy.attr("floating"), numpy.attr("generic")};
        })
        .get_stored();
}

tiles_arg launch_arg(const py::handle& value, std::size_t position) {
    if (py::isinstance<View>(value)) return tiles_arg_view(value.cast<const View&>().get());
    if (py::isinstance<Array>(value)) return tiles_arg_array(value.cast<const Array&>().get());
    if (py::isinstance<LocalMemory>(value)) return tiles_arg_local(value.cast<const LocalMemory&>().bytes);
    if (py::isinstance<py::bool_>(value))
        raise(TILES_ERROR_INVALID_ARGUMENT,
              "argument " + std::to_string(position) + " is a bool; kernels take no bool parameters, pass 0 or 1");
    // numpy's integer and floating scalars (what numpy's reductions return) are numbers, as the
    // Python int or float of the same value is: the kernel's parameter types them.
    const NumpyScalarTypes& numpy = numpy_scalar_types();
    if (py::isinstance(value, numpy.integer)) return launch_arg(value.attr("item")(), position);
    if (py::isinstance(value, numpy.floating)) return tiles_arg_real(value.cast<double>());
    if (py::isinstance(value, numpy.generic))
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

std::vector<tiles_arg> launch_args(const py::args& args) {
    std::vector<tiles_arg> converted;
    for (std::size_t i = 0; i < args.size(); ++i) converted.push_back(launch_arg(args[i], i));
    return converted;
}

// Kernel, and builds of a source's kernels ahead of their launches.
void register_kernel(py::module_& m) {
    py::class_<Kernel>(m, "Kernel")
        .def(py::init([](const std::string& source, const std::string& name, const std::string& options, int language) {
                 tiles_kernel_options o = TILES_KERNEL_OPTIONS_INIT;
                 o.build_options = options.c_str();
                 o.language = tiles_language(language);
                 tiles_kernel* k = nullptr;
                 check(tiles_kernel_create_with_options(&k, source.c_str(), name.c_str(), &o));
                 return new Kernel(k, "kernel");
             }),
             py::arg("source"), py::arg("name"), py::arg("options") = "", py::arg("language") = 0)
        .def(
            "build",
            [](const Kernel& self, optional_context context, const std::vector<int>& extent,
               const std::vector<int>& tile) {
                const tiles_domain domain = domain_of(extent, tile);
                const tiles_kernel* k = self.get();
                tiles_context* c = context.handle;
                std::string log;
                check(without_gil([&] {
                    const char* built = nullptr;
                    const tiles_status status = tiles_kernel_build(&built, k, c, &domain);
                    if (status == TILES_SUCCESS) log = built;
                    return status;
                }));
                return log;
            },
            py::arg("context"), py::arg("extent"), py::arg("tile"))
        .def_property_readonly("build_log",
                               [](const Kernel& self) {
                                   const char* log = nullptr;
                                   check(tiles_kernel_get_build_log(&log, self.get()));
                                   return std::string(log);
                               })
        .def("release", &Kernel::release);

    m.def(
        "build_source",
        [](optional_context context, const std::string& source, const std::string& options, int language,
           const std::optional<std::pair<std::vector<int>, std::vector<int>>>& shape) {
            tiles_context* c = context.handle;
            tiles_kernel_options o = TILES_KERNEL_OPTIONS_INIT;
            o.build_options = options.c_str();
            o.language = tiles_language(language);
            std::optional<tiles_domain> domain;
            if (shape) domain = domain_of(shape->first, shape->second);
            std::string names, log;
            check(without_gil([&] {
                const char* built_names = nullptr;
                const char* built_log = nullptr;
                const tiles_status status = tiles_program_build_with_options(
                    &built_names, &built_log, c, source.c_str(), &o, domain ? &*domain : nullptr);
                if (status == TILES_SUCCESS) names = built_names, log = built_log;
                return status;
            }));
            return py::make_tuple(names, log);
        },
        py::arg("context"), py::arg("source"), py::arg("options"), py::arg("language") = 0,
        py::arg("domain") = py::none());
}

// LocalMemory: an argument of local memory, of its size in bytes.
void register_local_memory(py::module_& m) {
    py::class_<LocalMemory>(m, "LocalMemory")
        .def(py::init<std::size_t>(), py::arg("nbytes"))
        .def_readonly("nbytes", &LocalMemory::bytes)
        .def("__repr__", [](const LocalMemory& self) {
            return "<tiles.local_memory of " + std::to_string(self.bytes) + " bytes>";
        });
}

// The context a launch runs on, and launches.
void register_launches(py::module_& m) {
    // Each operand a View, or for data of no elements the Context it is meant for, or None.
    m.def(
        "context_for",
        [](const py::list& operands) {
            std::vector<tiles_operand> converted(operands.size(), tiles_operand{nullptr, nullptr});
            for (std::size_t i = 0; i < operands.size(); ++i) {
                const py::handle operand = operands[i];
                if (py::isinstance<View>(operand))
                    converted[i].view = operand.cast<const View*>()->get();
                else if (py::isinstance<Context>(operand))
                    converted[i].empty_on = operand.cast<const Context*>()->get();
                else if (!operand.is_none())
                    throw py::type_error("context_for: operand " + std::to_string(i) +
                                         " is a View, a Context or None, not " +
                                         std::string(py::str(py::type::handle_of(operand).attr("__name__"))));
            }
            tiles_context* c = nullptr;
            check(tiles_context_for_operands(&c, converted.data(), converted.size()));
            return new Context(c, "context");
        },
        py::arg("operands"));

    m.def(
        "launch",
        [](optional_context context, const std::vector<int>& extent, const std::vector<int>& tile, const Kernel& kernel,
           const py::args& args) {
            const tiles_domain domain = domain_of(extent, tile);
            const std::vector<tiles_arg> converted = launch_args(args);
            tiles_context* c = context.handle;
            const tiles_kernel* k = kernel.get();
            check(without_gil([&] { return tiles_launch(c, &domain, k, converted.data(), converted.size()); }));
        },
        py::arg("context"), py::arg("extent"), py::arg("tile"), py::arg("kernel"));

    m.def(
        "launch_with_events",
        [](const Context& context, const std::vector<int>& extent, const std::vector<int>& tile, const Kernel& kernel,
           const std::vector<std::uintptr_t>& wait_for, bool return_event, const py::args& args) -> py::object {
            const tiles_domain domain = domain_of(extent, tile);
            const std::vector<tiles_arg> converted = launch_args(args);
            const std::vector<cl_event> waits = opencl_events(wait_for);
            tiles_context* c = context.get();
            const tiles_kernel* k = kernel.get();
            cl_event done = nullptr;
            cl_event* out = return_event ? &done : nullptr;
            check(without_gil([&] {
                return tiles_launch_with_events(c, &domain, k, converted.data(), converted.size(), waits.data(),
                                                waits.size(), out);
            }));
            return return_event ? event_of_opencl(done) : py::object(py::none());
        },
        py::arg("context"), py::arg("extent"), py::arg("tile"), py::arg("kernel"), py::arg("wait_for"),
        py::arg("return_event"));
}

// Checks of a domain, and extents rounded to tiles.
void register_domains(py::module_& m) {
    m.def(
        "check_domain",
        [](const std::vector<int>& extent, const std::vector<int>& tile) {
            tiles_domain out{};
            out.struct_size = sizeof out;
            check(tiles_domain_init(&out, int(extent.size()), extent.data(), int(tile.size()), tile.data()));
        },
        py::arg("extent"), py::arg("tile"));
    m.def(
        "rounded_extent",
        [](const std::vector<int>& extent, const std::vector<int>& tile, bool pad) {
            const tiles_domain domain = domain_of(extent, tile);
            tiles_domain out{};
            out.struct_size = sizeof out;
            check(pad ? tiles_domain_pad(&out, &domain) : tiles_domain_truncate(&out, &domain));
            return std::vector<int>(out.extent, out.extent + out.rank);
        },
        py::arg("extent"), py::arg("tile"), py::arg("pad"));
}

using ReductionKernel = owned<tiles_reduction_kernel, tiles_reduction_kernel_release>;

// The C API's text of a user's kernel; the strings must outlive it (`arguments` NULL: none).
tiles_user_kernel_text user_kernel_text(const char* arguments, const std::string& name, const std::string& preamble,
                                        const std::string& options) {
    tiles_user_kernel_text text = TILES_USER_KERNEL_TEXT_INIT;
    text.arguments = arguments;
    text.name = name.c_str();
    text.preamble = preamble.c_str();
    text.options = options.c_str();
    return text;
}

// ElementwiseKernel's and ReductionKernel's kernels, which the core makes of the user's texts,
// and their launches.
void register_user_kernels(py::module_& m) {
    m.def(
        "elementwise_kernel",
        [](const std::string& arguments, const std::string& operation, const std::string& name,
           const std::string& preamble, const std::string& options) {
            const tiles_user_kernel_text text = user_kernel_text(arguments.c_str(), name, preamble, options);
            tiles_kernel* k = nullptr;
            check(tiles_elementwise_kernel_create(&k, &text, operation.c_str()));
            return new Kernel(k, "kernel");
        },
        py::arg("arguments"), py::arg("operation"), py::arg("name"), py::arg("preamble"), py::arg("options"));
    m.def(
        "elementwise_kernel_launch",
        [](optional_context context, const Kernel& kernel, const py::args& args) {
            const std::vector<tiles_arg> converted = launch_args(args);
            tiles_context* c = context.handle;
            const tiles_kernel* k = kernel.get();
            check(
                without_gil([&] { return tiles_elementwise_kernel_launch(c, k, converted.data(), converted.size()); }));
        },
        py::arg("context"), py::arg("kernel"));
    py::class_<ReductionKernel>(m, "ReductionKernel")
        .def(py::init([](const py::dtype& dtype_out, const std::string& neutral, const std::string& reduce_expr,
                         const std::optional<std::string>& map_expr, const std::optional<std::string>& arguments,
                         const std::string& name, const std::string& preamble, const std::string& options) {
                 const tiles_user_kernel_text text =
                     user_kernel_text(arguments ? arguments->c_str() : nullptr, name, preamble, options);
                 tiles_reduction_kernel* k = nullptr;
                 check(tiles_reduction_kernel_create(&k, dtype_of(dtype_out), neutral.c_str(), reduce_expr.c_str(),
                                                     map_expr ? map_expr->c_str() : nullptr, &text));
                 return new ReductionKernel(k, "reduction kernel");
             }),
             py::arg("dtype_out"), py::arg("neutral"), py::arg("reduce_expr"), py::arg("map_expr"),
             py::arg("arguments"), py::arg("name"), py::arg("preamble"), py::arg("options"))
        .def("run", [](const ReductionKernel& self, optional_context context, const py::args& args) {
            const std::vector<tiles_arg> converted = launch_args(args);
            tiles_context* c = context.handle;
            tiles_array* result = nullptr;
            check(without_gil([&] {
                return tiles_reduction_kernel_run(&result, c, self.get(), converted.data(), converted.size());
            }));
            return new Array(result, "array");
        });
}

} // namespace

void register_launch(py::module_& m) {
    register_kernel(m);
    register_local_memory(m);
    register_launches(m);
    register_domains(m);
    register_user_kernels(m);
}

} // namespace tiles_python
