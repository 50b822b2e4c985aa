// The tiled algorithms: each runs on `context` (None: where its first operand lives), or with
// _split on a list of contexts at once, and writes into its output view; reduce returns a numpy
// scalar of the accumulator's dtype. algorithms() gives the C API's description of each, which the
// package's checks and messages read. Each algorithm is its C function, bound as it is declared
// (c_function), with its arguments' names read from its description.
#include <array>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
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
    using type = optional_context;
    static tiles_context* convert(optional_context context) { return context.handle; }
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

// One Python argument and the C parameters it stands for, taken from the front of a C function's
// parameters: a list of contexts for (contexts, count); a dtype for (out, out_size, accumulator),
// whose one element becomes the result; else one parameter, converted by from_python. Each is
// converted (`held`) while the GIL is held and gives its C values.
template <class C> struct single {
    using parameter = C;
    using type = typename from_python<C>::type;
    struct held {
        C value;
        explicit held(type argument) : value(from_python<C>::convert(argument)) {}
        std::tuple<C> c_values() { return std::tuple<C>{value}; }
    };
};
struct context_list {
    using type = const std::vector<const Context*>&;
    struct held {
        std::vector<tiles_context*> handles;
        explicit held(type contexts) : handles(context_handles(contexts)) {}
        std::tuple<tiles_context* const*, size_t> c_values() { return {handles.data(), handles.size()}; }
    };
};
struct result_of_dtype {
    using type = const py::dtype&;
    struct held {
        tiles_dtype accumulator;
        py::array result;
        explicit held(type dtype) : accumulator(dtype_of(dtype)), result(dtype, std::vector<py::ssize_t>{1}) {}
        std::tuple<void*, size_t, tiles_dtype> c_values() {
            return {result.mutable_data(), size_t(result.itemsize()), accumulator};
        }
    };
};

template <class... C> struct arguments_of { using type = std::tuple<>; };
template <class C, class... Rest> struct arguments_of<C, Rest...> {
    using type = decltype(std::tuple_cat(std::tuple<single<C>>{}, typename arguments_of<Rest...>::type{}));
};
template <class... Rest> struct arguments_of<tiles_context* const*, size_t, Rest...> {
    using type = decltype(std::tuple_cat(std::tuple<context_list>{}, typename arguments_of<Rest...>::type{}));
};
template <class... Rest> struct arguments_of<void*, size_t, tiles_dtype, Rest...> {
    using type = decltype(std::tuple_cat(std::tuple<result_of_dtype>{}, typename arguments_of<Rest...>::type{}));
};

// The names Python gives the arguments of algorithm `algorithm`'s C function, one by one from the
// first, read from its description: "context" or "contexts" for where it runs, "accumulator" for a
// result's dtype (which stands for its written operand), each view's operand's name and each
// number's name in the description's order, the named parameter's for an enumeration's value.
class described_names {
  public:
    explicit described_names(const char* algorithm) {
        for (index_ = 0; tiles_algorithm_describe(&info_, index_) == TILES_SUCCESS; ++index_)
            if (std::string(info_.name) == algorithm) return;
        throw std::logic_error(std::string("no algorithm is described as '") + algorithm + "'");
    }

    template <class Argument> const char* next() {
        if constexpr (std::is_same_v<Argument, context_list>) {
            return "contexts";
        } else if constexpr (std::is_same_v<Argument, result_of_dtype>) {
            ++results_; // the description's written operand, returned rather than passed as a view
            return "accumulator";
        } else {
            return next_parameter<typename Argument::parameter>();
        }
    }

    // Throws where the C function took fewer views than described (a function may take the first
    // few of the numbers only: tiles_stencil none of stencil_split's "iterations").
    void check_all_named() const {
        if (operands_ + results_ != info_.operand_count)
            throw std::logic_error(std::string(info_.name) + "'s C function takes other views than described");
    }

  private:
    template <class C> const char* next_parameter() {
        if constexpr (std::is_same_v<C, tiles_context*>) {
            return "context";
        } else if constexpr (std::is_same_v<C, tiles_view*> || std::is_same_v<C, const tiles_view*>) {
            tiles_algorithm_operand operand = TILES_ALGORITHM_OPERAND_INIT;
            check(tiles_algorithm_describe_operand(&operand, index_, operands_++));
            return operand.name;
        } else if constexpr (std::is_enum_v<C>) {
            return info_.parameter;
        } else {
            if (numbers_ == info_.number_count)
                throw std::logic_error(std::string(info_.name) + "'s C function takes more numbers than described");
            return info_.numbers[numbers_++];
        }
    }

    tiles_algorithm_info info_ = TILES_ALGORITHM_INFO_INIT;
    size_t index_ = 0;
    size_t operands_ = 0;
    size_t results_ = 0;
    size_t numbers_ = 0;
};

// The C function Function as Python calls it, with its arguments (arguments_of its parameters) in
// its order: each converted while the GIL is held (in their order, so the first bad one is named),
// the call made without it; a result's element returned.
template <auto Function, class Arguments = void> struct c_function;
template <class... Parameters, tiles_status (*Function)(Parameters...)>
struct c_function<Function, void> : c_function<Function, typename arguments_of<Parameters...>::type> {};
template <class... Parameters, tiles_status (*Function)(Parameters...), class... Arguments>
struct c_function<Function, std::tuple<Arguments...>> {
    static auto call(typename Arguments::type... arguments) {
        std::tuple<typename Arguments::held...> held{typename Arguments::held(arguments)...};
        const std::tuple<Parameters...> converted =
            std::apply([](auto&... each) { return std::tuple_cat(each.c_values()...); }, held);
        check(without_gil([&] { return std::apply(Function, converted); }));
        if constexpr ((std::is_same_v<Arguments, result_of_dtype> || ...)) {
            const py::array& result = std::get<result_of_dtype::held>(held).result;
            return py::object(result[py::int_(0)]);
        }
    }

    // Binds it as `python_name` (by default the algorithm's name), its arguments named from
    // algorithm `algorithm`'s description.
    static void bind(py::module_& m, const char* algorithm, const char* python_name = nullptr) {
        described_names names(algorithm);
        // A braced list is evaluated in order: the names come in the order of the arguments.
        const std::array<const char*, sizeof...(Arguments)> named{names.template next<Arguments>()...};
        names.check_all_named();
        bind_named(m, python_name ? python_name : algorithm, named, std::index_sequence_for<Arguments...>{});
    }

  private:
    template <size_t... I>
    static void bind_named(py::module_& m, const char* python_name,
                           const std::array<const char*, sizeof...(Arguments)>& named, std::index_sequence<I...>) {
        m.def(python_name, &call, py::arg(named[I])...);
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
            py::list numbers;
            for (size_t n = 0; n < info.number_count; ++n) numbers.append(info.numbers[n]);
            py::list values;
            for (size_t v = 0; v < info.parameter_value_count; ++v) values.append(info.parameter_values[v]);
            py::dict d;
            d["name"] = info.name;
            d["operands"] = operands_of(a, info.operand_count);
            d["numbers"] = numbers;
            d["parameter"] = info.parameter;
            d["parameter_values"] = values;
            all.append(d);
        }
        return all;
    });
    c_function<tiles_reduce_as>::bind(m, "reduce");
    c_function<tiles_reduce_into>::bind(m, "reduce", "reduce_into");
    m.def(
        "block_grid",
        [](int rows, int columns, int block_rows, int block_columns) {
            int grid_rows = 0, grid_columns = 0;
            check(tiles_block_grid(&grid_rows, &grid_columns, rows, columns, block_rows, block_columns));
            return py::make_tuple(grid_rows, grid_columns);
        },
        py::arg("rows"), py::arg("columns"), py::arg("block_rows"), py::arg("block_columns"));
    c_function<tiles_block_sum>::bind(m, "block_sum");
    c_function<tiles_block_average>::bind(m, "block_average");
    c_function<tiles_transpose>::bind(m, "transpose");
    m.def(
        "default_precision",
        [](const py::dtype& dtype) {
            return std::string(tiles_precision_name(tiles_default_precision(dtype_of(dtype))));
        },
        py::arg("dtype"));
    c_function<tiles_gemm_as>::bind(m, "gemm");
    c_function<tiles_stencil>::bind(m, "stencil");
    c_function<tiles_cholesky>::bind(m, "cholesky");
    c_function<tiles_qr>::bind(m, "qr");
    c_function<tiles_svd>::bind(m, "svd");
    c_function<tiles_svdvals>::bind(m, "svdvals");
    c_function<tiles_eigh>::bind(m, "eigh");
    c_function<tiles_eigvalsh>::bind(m, "eigvalsh");
    c_function<tiles_solve>::bind(m, "solve");
    c_function<tiles_inv>::bind(m, "inv");
    c_function<tiles_slogdet>::bind(m, "slogdet");
    c_function<tiles_reduce_split>::bind(m, "reduce", "reduce_split");
    c_function<tiles_gemm_split>::bind(m, "gemm", "gemm_split");
    c_function<tiles_stencil_split>::bind(m, "stencil", "stencil_split");
}

} // namespace tiles_python
