// The tiled algorithms: each runs on `context` (None: where its first operand lives), or with
// _split on a list of contexts at once, and writes into its output view; reduce returns a numpy
// scalar of the accumulator's dtype. algorithms() gives the C API's description of each, which the
// package's checks and messages read. Those that only write views are their C function, bound as
// it is declared (c_function); the rest give a result or take a list of contexts.
#include <string>
#include <tuple>
#include <vector>

#include "common.hpp"
#include "registration.hpp"

namespace tiles_python {

namespace {

tiles_reduction reduction_of(const std::string& op) { return value_named(tiles_reduction_name, op, "reduction"); }

tiles_precision precision_of(const std::string& precision) {
    return value_named(tiles_precision_name, precision, "precision");
}

// What Python passes for a parameter of the C API of type C, and how it becomes one: a Context or
// None for a context, a View for a view, a value's name for an enumeration of the algorithms'
// descriptions; numbers as they are.
template <class C> struct from_python {
    using type = C;
    static C convert(C value) { return value; }
};
template <> struct from_python<tiles_context*> {
    using type = const Context*;
    static tiles_context* convert(const Context* context) { return context_or_null(context); }
};
template <> struct from_python<const tiles_view*> {
    using type = const View&;
    static const tiles_view* convert(const View& view) { return view.get(); }
};
template <> struct from_python<tiles_view*> {
    using type = const View&;
    static tiles_view* convert(const View& view) { return view.get(); }
};
template <> struct from_python<tiles_reduction> {
    using type = const std::string&;
    static tiles_reduction convert(const std::string& op) { return reduction_of(op); }
};
template <> struct from_python<tiles_precision> {
    using type = const std::string&;
    static tiles_precision convert(const std::string& precision) { return precision_of(precision); }
};

// The C function Function as Python calls it, with its parameters in its order: each converted
// while the GIL is held (in the order of the parameters, so the first bad one is named), the call
// made without it.
template <auto Function> struct c_function;
template <class... Parameters, tiles_status (*Function)(Parameters...)> struct c_function<Function> {
    static void call(typename from_python<Parameters>::type... arguments) {
        const std::tuple<Parameters...> converted{from_python<Parameters>::convert(arguments)...};
        check(without_gil([&] { return std::apply(Function, converted); }));
    }
};

// The operands of algorithm number `algorithm`, as dicts of the C API's description of each.
py::list operands_of(size_t algorithm, size_t count) {
    py::list operands;
    for (size_t i = 0; i < count; ++i) {
        tiles_algorithm_operand operand = TILES_ALGORITHM_OPERAND_INIT;
        check(tiles_algorithm_describe_operand(&operand, algorithm, i));
        py::list dtypes; // numpy's names, in the order of libtiles' table of element types
        for (int d = 0; d < 64; ++d)
            if ((operand.dtypes >> d) & 1u) dtypes.append(dtype_info(tiles_dtype(d)).numpy_name);
        py::dict o;
        o["name"] = operand.name;
        o["role"] = operand.role;
        o["written"] = operand.written != 0;
        o["ranks"] = py::make_tuple(operand.min_rank, operand.max_rank);
        o["takes_section"] = operand.takes_section != 0;
        o["dtypes"] = dtypes;
        operands.append(o);
    }
    return operands;
}

} // namespace

void register_algorithms(py::module_& m) {
    m.def("algorithms", [] {
        py::list all;
        tiles_algorithm_info info = TILES_ALGORITHM_INFO_INIT;
        for (size_t a = 0; tiles_algorithm_describe(&info, a) == TILES_SUCCESS; ++a) {
            py::list values;
            for (size_t v = 0; v < info.parameter_value_count; ++v) values.append(info.parameter_values[v]);
            py::dict d;
            d["name"] = info.name;
            d["operands"] = operands_of(a, info.operand_count);
            d["parameter"] = info.parameter;
            d["parameter_values"] = values;
            all.append(d);
        }
        return all;
    });
    m.def(
        "reduce",
        [](const Context* context, const View& input, const std::string& op, const py::dtype& accumulator) {
            const tiles_reduction reduction = reduction_of(op);
            const tiles_dtype type = dtype_of(accumulator);
            py::array result(accumulator, std::vector<py::ssize_t>{1});
            void* out = result.mutable_data();
            const size_t size = size_t(result.itemsize());
            tiles_context* c = context_or_null(context);
            const tiles_view* v = input.get();
            check(without_gil([&] { return tiles_reduce_as(out, size, type, c, v, reduction); }));
            return py::object(result[py::int_(0)]);
        },
        py::arg("context"), py::arg("input"), py::arg("op"), py::arg("accumulator"));
    m.def("reduce_into", &c_function<tiles_reduce_into>::call, py::arg("context"), py::arg("input"), py::arg("op"),
          py::arg("result"));
    m.def(
        "block_grid",
        [](int rows, int columns, int block_rows, int block_columns) {
            int grid_rows = 0, grid_columns = 0;
            check(tiles_block_grid(&grid_rows, &grid_columns, rows, columns, block_rows, block_columns));
            return py::make_tuple(grid_rows, grid_columns);
        },
        py::arg("rows"), py::arg("columns"), py::arg("block_rows"), py::arg("block_columns"));
    m.def("block_sum", &c_function<tiles_block_sum>::call, py::arg("context"), py::arg("input"), py::arg("block_rows"),
          py::arg("block_columns"), py::arg("output"));
    m.def("block_average", &c_function<tiles_block_average>::call, py::arg("context"), py::arg("input"),
          py::arg("block_rows"), py::arg("block_columns"), py::arg("output"));
    m.def("transpose", &c_function<tiles_transpose>::call, py::arg("context"), py::arg("input"), py::arg("output"));
    m.def(
        "default_precision",
        [](const py::dtype& dtype) {
            return std::string(tiles_precision_name(tiles_default_precision(dtype_of(dtype))));
        },
        py::arg("dtype"));
    m.def("gemm", &c_function<tiles_gemm_as>::call, py::arg("precision"), py::arg("context"), py::arg("alpha"),
          py::arg("a"), py::arg("b"), py::arg("beta"), py::arg("c"));
    m.def("stencil", &c_function<tiles_stencil>::call, py::arg("context"), py::arg("input"), py::arg("mask"),
          py::arg("output"));
    m.def(
        "reduce_split",
        [](const std::vector<const Context*>& contexts, const View& input, const std::string& op,
           const py::dtype& accumulator) {
            const tiles_reduction reduction = reduction_of(op);
            const std::vector<tiles_context*> handles = context_handles(contexts);
            const tiles_dtype type = dtype_of(accumulator);
            py::array result(accumulator, std::vector<py::ssize_t>{1});
            void* out = result.mutable_data();
            const size_t size = size_t(result.itemsize());
            const tiles_view* v = input.get();
            check(without_gil(
                [&] { return tiles_reduce_split(out, size, type, handles.data(), handles.size(), v, reduction); }));
            return py::object(result[py::int_(0)]);
        },
        py::arg("contexts"), py::arg("input"), py::arg("op"), py::arg("accumulator"));
    m.def(
        "gemm_split",
        [](const std::vector<const Context*>& contexts, double alpha, const View& a, const View& b, double beta,
           const View& c, const std::string& precision) {
            const tiles_precision p = precision_of(precision);
            const std::vector<tiles_context*> handles = context_handles(contexts);
            const tiles_view* a_view = a.get();
            const tiles_view* b_view = b.get();
            tiles_view* c_view = c.get();
            check(without_gil([&] {
                return tiles_gemm_split(p, handles.data(), handles.size(), alpha, a_view, b_view, beta, c_view);
            }));
        },
        py::arg("contexts"), py::arg("alpha"), py::arg("a"), py::arg("b"), py::arg("beta"), py::arg("c"),
        py::arg("precision"));
    m.def(
        "stencil_split",
        [](const std::vector<const Context*>& contexts, const View& input, const View& mask, const View& output,
           int iterations) {
            const std::vector<tiles_context*> handles = context_handles(contexts);
            const tiles_view* in = input.get();
            const tiles_view* weights = mask.get();
            tiles_view* out = output.get();
            check(without_gil(
                [&] { return tiles_stencil_split(handles.data(), handles.size(), in, weights, out, iterations); }));
        },
        py::arg("contexts"), py::arg("input"), py::arg("mask"), py::arg("output"), py::arg("iterations"));
}

} // namespace tiles_python
