// The _tiles extension: elementwise arithmetic, one C call a Python operation. Operands are Views
// or Python and numpy scalars, turned into the C API's operands here; the core decides the
// result's dtype, shape and kernel (tiles_elementwise_new, tiles_elementwise).
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "common.hpp"
#include "registration.hpp"

namespace tiles_python {
namespace {

// numpy's scalar type (numpy.generic), whose instances are strong scalars: float64 and complex128
// ones are Python floats and complex numbers too, which are weak.
const py::object& numpy_generic() {
    static const py::object* generic = new py::object(py::module_::import("numpy").attr("generic"));
    return *generic;
}

tiles_elementwise_operand scalar_of(tiles_dtype dtype, int is_bool, bool weak) {
    tiles_elementwise_operand operand = TILES_ELEMENTWISE_VIEW(nullptr);
    operand.scalar_dtype = dtype;
    operand.is_bool = is_bool;
    operand.weak = weak ? 1 : 0;
    return operand;
}

// A Python int as the core takes it: an int64, or a uint64 past int64's range; numpy's
// OverflowError past both.
tiles_elementwise_operand integer_of(const py::handle& value, bool weak) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    if (overflow == 0) {
        tiles_elementwise_operand operand = scalar_of(TILES_INT64, 0, weak);
        operand.integer = v;
        return operand;
    }
    const unsigned long long u = PyLong_AsUnsignedLongLong(value.ptr());
    if (PyErr_Occurred()) {
        PyErr_Clear();
        const std::string text = py::str(value);
        PyErr_SetString(PyExc_OverflowError, ("Python integer " + text + " out of bounds for uint64").c_str());
        throw py::error_already_set();
    }
    tiles_elementwise_operand operand = scalar_of(TILES_UINT64, 0, weak);
    operand.integer = std::int64_t(u);
    return operand;
}

tiles_elementwise_operand number_of(const py::handle& value, tiles_dtype dtype, bool weak) {
    tiles_elementwise_operand operand = scalar_of(dtype, 0, weak);
    if (PyComplex_Check(value.ptr())) {
        operand.real = PyComplex_RealAsDouble(value.ptr());
        operand.imag = PyComplex_ImagAsDouble(value.ptr());
    } else {
        operand.real = PyFloat_AsDouble(value.ptr());
    }
    return operand;
}

// A numpy scalar: strong, of its own dtype.
tiles_elementwise_operand numpy_scalar_of(const py::handle& value) {
    const py::dtype dt = value.attr("dtype").cast<py::dtype>();
    const char kind = dt.kind();
    const py::object item = value.attr("item")();
    if (kind == 'b') {
        tiles_elementwise_operand operand = scalar_of(TILES_UINT8, 1, false);
        operand.integer = item.cast<bool>() ? 1 : 0;
        return operand;
    }
    if (kind == 'i' || kind == 'u') {
        tiles_elementwise_operand operand = integer_of(item, false);
        operand.scalar_dtype = dtype_of(dt);
        return operand;
    }
    return number_of(item, dtype_of(dt), false);
}

// One operand; `is_bool` marks a View of bools.
tiles_elementwise_operand operand_of(const py::handle& value, bool is_bool) {
    if (py::isinstance<View>(value)) {
        tiles_elementwise_operand operand = TILES_ELEMENTWISE_VIEW(value.cast<const View&>().get());
        operand.is_bool = is_bool ? 1 : 0;
        return operand;
    }
    if (py::isinstance(value, numpy_generic())) return numpy_scalar_of(value);
    if (PyBool_Check(value.ptr())) {
        tiles_elementwise_operand operand = scalar_of(TILES_UINT8, 1, true);
        operand.integer = value.ptr() == Py_True ? 1 : 0;
        return operand;
    }
    if (PyLong_Check(value.ptr())) return integer_of(value, true);
    if (PyFloat_Check(value.ptr())) return number_of(value, TILES_FLOAT64, true);
    if (PyComplex_Check(value.ptr())) return number_of(value, TILES_COMPLEX128, true);
    raise(TILES_ERROR_INVALID_ARGUMENT, "an elementwise operand is a tiles view or a number, not " +
                                            std::string(py::str(py::type::of(value).attr("__name__"))));
}

// The operands of `inputs`, bit k of `bools` marking the k-th a View of bools.
std::vector<tiles_elementwise_operand> operands_of(const py::tuple& inputs, unsigned bools) {
    std::vector<tiles_elementwise_operand> operands;
    for (std::size_t k = 0; k < inputs.size(); ++k) operands.push_back(operand_of(inputs[k], ((bools >> k) & 1u) != 0));
    return operands;
}

// check(), with numpy's OverflowError for a Python int out of the other operand's range, which the
// C API refuses as an invalid argument.
void check_operation(tiles_status status) {
    if (status == TILES_ERROR_INVALID_ARGUMENT) {
        const std::string message = tiles_last_error_message();
        if (message.rfind("Python integer ", 0) == 0) {
            PyErr_SetString(PyExc_OverflowError, message.c_str());
            throw py::error_already_set();
        }
    }
    check(status);
}

// check() of a call that cannot fail where the call before it succeeded: skipped on success, since
// that call's check() has already delivered the log and followed its level (a call into Python).
void check_failure(tiles_status status) {
    if (status != TILES_SUCCESS) check(status);
}

// The handle of a new array `a` the caller owns and its view's, its dtype, shape and whether it holds bools.
py::tuple result_of(tiles_array* a, int is_bool) {
    py::object array = py::cast(new Array(a, "array"), py::return_value_policy::take_ownership);
    tiles_view* v = nullptr;
    check_failure(tiles_array_get_view(&v, a));
    py::object view = py::cast(new View(v, "view", array), py::return_value_policy::take_ownership);
    tiles_shape shape = TILES_SHAPE_INIT;
    check_failure(tiles_array_get_shape(&shape, a));
    return py::make_tuple(array, view, numpy_dtype_of(shape.dtype), py::tuple(py::cast(extent_of(shape))),
                          bool(is_bool));
}

py::tuple new_result(int op, const py::tuple& inputs, unsigned bools, optional_context context) {
    const std::vector<tiles_elementwise_operand> operands = operands_of(inputs, bools);
    tiles_array* a = nullptr;
    int is_bool = 0;
    check_operation(tiles_elementwise_new(&a, &is_bool, context.handle, tiles_elementwise_op(op), operands.data(),
                                          operands.size()));
    return result_of(a, is_bool);
}

// A fused expression of `inputs` (bit k of `bools` marking the k-th a View of bools) into a new
// array, as new_result's: `nodes` are (operand, operation, child, child, child) as tiles_fused_node.
py::tuple fused_new(const py::tuple& inputs, unsigned bools,
                    const std::vector<std::tuple<int, int, int, int, int>>& nodes, optional_context context) {
    const std::vector<tiles_elementwise_operand> operands = operands_of(inputs, bools);
    std::vector<tiles_fused_node> expression;
    for (const auto& [operand, op, a, b, c] : nodes)
        expression.push_back({operand, tiles_elementwise_op(op), {a, b, c}});
    tiles_array* made = nullptr;
    int is_bool = 0;
    check_operation(tiles_elementwise_fused_new(&made, &is_bool, context.handle, operands.data(), operands.size(),
                                                expression.data(), expression.size()));
    return result_of(made, is_bool);
}

// dtype= (None: numpy's default, TILES_OPAQUE) as the C options take it; numpy's TypeError for a
// dtype that is not a number's.
void dtype_option(const py::object& dtype, tiles_dtype& out, int& is_bool) {
    if (dtype.is_none()) return;
    const py::dtype requested = dtype.cast<py::dtype>();
    if (std::string("biufc").find(requested.kind()) == std::string::npos)
        throw py::type_error("cannot perform reduce with flexible type: dtype= is a number's dtype, not " +
                             py::str(py::object(requested)).cast<std::string>());
    is_bool = requested.kind() == 'b' ? 1 : 0;
    out = is_bool ? TILES_UINT8 : dtype_of(requested);
}

// numpy's cumulative sum or product `op` of `input` along `axis` (None: all elements in order) into a
// new array, as new_result's.
py::tuple scan_axis_new(int op, const View& input, bool is_bool, const py::object& axis, bool include_initial,
                        const py::object& dtype, optional_context context) {
    int along = 0;
    tiles_scan_options options = TILES_SCAN_OPTIONS_INIT;
    if (!axis.is_none()) {
        along = axis.cast<int>();
        options.axis = &along;
    }
    options.include_initial = include_initial ? 1 : 0;
    dtype_option(dtype, options.dtype, options.dtype_is_bool);
    tiles_array* a = nullptr;
    int out_is_bool = 0;
    check(tiles_axis_scan_new(&a, &out_is_bool, context.handle, tiles_axis_reduction(op), input.get(), is_bool ? 1 : 0,
                              &options));
    return result_of(a, out_is_bool);
}

// The array API's sort (`values`) and argsort (`positions`) of `input` along `axis`: a pair of
// new arrays as new_result's, None for the one not asked for.
py::tuple sort_new(const View& input, bool is_bool, int axis, bool descending, bool values, bool positions,
                   optional_context context) {
    tiles_sort_options options = TILES_SORT_OPTIONS_INIT;
    options.axis = axis;
    options.descending = descending ? 1 : 0;
    tiles_array *sorted = nullptr, *places = nullptr;
    check(tiles_sort_new(values ? &sorted : nullptr, positions ? &places : nullptr, context.handle, input.get(),
                         is_bool ? 1 : 0, &options));
    py::object sorted_result = sorted != nullptr ? py::object(result_of(sorted, is_bool)) : py::none();
    py::object places_result = places != nullptr ? py::object(result_of(places, 0)) : py::none();
    return py::make_tuple(sorted_result, places_result);
}

// numpy's reduction `op` of `input` over `axes` (None: all) into a new array, as new_result's;
// `where` a View of bools (None: every element), `initial` a number (None: none).
py::tuple reduce_axes_new(int op, const View& input, bool is_bool, const py::object& axes, bool keepdims,
                          const py::object& dtype, optional_context context, const py::object& where,
                          const py::object& initial) {
    std::vector<int> axis_list;
    if (!axes.is_none()) axis_list = axes.cast<std::vector<int>>();
    tiles_reduction_options options = TILES_REDUCTION_OPTIONS_INIT;
    // NULL axes are all of them; an empty list is none (numpy's axis=()), so it needs an address.
    static const int no_axes = 0;
    options.axes = axes.is_none() ? nullptr : axis_list.empty() ? &no_axes : axis_list.data();
    options.axis_count = axis_list.size();
    options.keepdims = keepdims ? 1 : 0;
    dtype_option(dtype, options.dtype, options.dtype_is_bool);
    options.where = where.is_none() ? nullptr : where.cast<const View&>().get();
    const tiles_elementwise_operand start =
        initial.is_none() ? tiles_elementwise_operand{} : operand_of(initial, false);
    options.initial = initial.is_none() ? nullptr : &start;
    tiles_array* a = nullptr;
    int out_is_bool = 0;
    check(tiles_axis_reduction_new(&a, &out_is_bool, context.handle, tiles_axis_reduction(op), input.get(),
                                   is_bool ? 1 : 0, &options));
    return result_of(a, out_is_bool);
}

// A place (shape, strides, offset) as the C API takes it; the vectors stay the caller's.
using place_tuple = std::tuple<std::vector<int>, std::vector<std::int64_t>, std::int64_t>;
tiles_elementwise_place place_of(const place_tuple& place) {
    return {int(std::get<0>(place).size()), std::get<0>(place).data(), std::get<1>(place).data(), std::get<2>(place)};
}

// An integer array's part in a place (positions, their strides, stride, bound, skip_negative), its
// positions checked on the host (or a mask's) so that the call neither waits nor refuses.
using index_tuple = std::tuple<const View*, std::vector<std::int64_t>, std::int64_t, std::int64_t, bool>;
tiles_element_index index_of(const index_tuple& index) {
    return {std::get<0>(index)->get(), std::get<1>(index).data(),  std::get<2>(index),
            std::get<3>(index),        std::get<4>(index) ? 1 : 0, 1};
}

// source's elements at `place`, moved by `index` where there is one, into `out` (dense): one C
// call, tiles_gather.
void gather(const View& source, bool source_is_bool, const place_tuple& place, const std::optional<index_tuple>& index,
            const View& out, bool out_is_bool, optional_context context) {
    const tiles_elementwise_place at = place_of(place);
    const tiles_element_index positions = index ? index_of(*index) : tiles_element_index{};
    check(tiles_gather(out.get(), out_is_bool, context.handle, source.get(), source_is_bool, &at,
                       index ? &positions : nullptr));
}

// `value` (a View, bit 0 of `bools` marking bools, or a number) written to target's elements at
// `place`, moved by `index` where there is one: one C call, tiles_scatter.
void scatter(const View& target, bool target_is_bool, const place_tuple& place, const py::object& value, unsigned bools,
             const std::optional<index_tuple>& index, optional_context context) {
    const tiles_elementwise_place at = place_of(place);
    const tiles_elementwise_operand written = operand_of(value, (bools & 1u) != 0);
    const tiles_element_index positions = index ? index_of(*index) : tiles_element_index{};
    check_operation(
        tiles_scatter(target.get(), target_is_bool, &at, context.handle, &written, index ? &positions : nullptr));
}

// The positions of mask's true elements as new_result's tuple; None where there are none.
py::object true_positions(const View& mask, optional_context context) {
    tiles_array* a = nullptr;
    size_t count = 0;
    check(tiles_true_positions_new(&a, &count, context.handle, mask.get()));
    return count == 0 ? py::object(py::none()) : py::object(result_of(a, 0));
}

} // namespace

void register_elementwise(py::module_& m) {
    m.def("elementwise_op_names", [] { return names_of(tiles_elementwise_op_name); });
    m.def("axis_reduction_names", [] { return names_of(tiles_axis_reduction_name); });
    m.def("reduce_axes_new", &reduce_axes_new, py::arg("op"), py::arg("input"), py::arg("is_bool"), py::arg("axes"),
          py::arg("keepdims"), py::arg("dtype"), py::arg("context"), py::arg("where") = py::none(),
          py::arg("initial") = py::none());
    m.def("scan_axis_new", &scan_axis_new, py::arg("op"), py::arg("input"), py::arg("is_bool"), py::arg("axis"),
          py::arg("include_initial"), py::arg("dtype"), py::arg("context"));
    m.def("sort_new", &sort_new, py::arg("input"), py::arg("is_bool"), py::arg("axis"), py::arg("descending"),
          py::arg("values"), py::arg("positions"), py::arg("context"));
    m.def("elementwise_fused_new", &fused_new, py::arg("inputs"), py::arg("bools"), py::arg("nodes"),
          py::arg("context"));
    m.def("gather", &gather, py::arg("source"), py::arg("source_is_bool"), py::arg("place"), py::arg("index"),
          py::arg("out"), py::arg("out_is_bool"), py::arg("context"));
    m.def("scatter", &scatter, py::arg("target"), py::arg("target_is_bool"), py::arg("place"), py::arg("value"),
          py::arg("bools"), py::arg("index"), py::arg("context"));
    m.def("true_positions", &true_positions, py::arg("mask"), py::arg("context"));
    m.def("elementwise_new", &new_result, py::arg("op"), py::arg("inputs"), py::arg("bools"), py::arg("context"));
    m.def(
        "elementwise",
        [](int op, const py::tuple& inputs, unsigned bools, const View& out, bool out_is_bool, optional_context context,
           const std::optional<place_tuple>& out_place, const py::object& where) {
            const std::vector<tiles_elementwise_operand> operands = operands_of(inputs, bools);
            const tiles_elementwise_place place = out_place ? place_of(*out_place) : tiles_elementwise_place{};
            // where= is a View of bools or a bool, numpy's mask; None writes every element.
            const tiles_elementwise_operand mask =
                where.is_none() ? tiles_elementwise_operand{} : operand_of(where, true);
            check_operation(tiles_elementwise_masked(out.get(), out_is_bool ? 1 : 0, out_place ? &place : nullptr,
                                                     context.handle, tiles_elementwise_op(op), operands.data(), nullptr,
                                                     operands.size(), where.is_none() ? nullptr : &mask, nullptr));
        },
        py::arg("op"), py::arg("inputs"), py::arg("bools"), py::arg("out"), py::arg("out_is_bool"), py::arg("context"),
        py::arg("out_place") = py::none(), py::arg("where") = py::none());
    m.def(
        "elementwise_result_type",
        [](int op, const py::tuple& inputs, unsigned bools) {
            const std::vector<tiles_elementwise_operand> operands = operands_of(inputs, bools);
            tiles_dtype dtype = TILES_OPAQUE;
            int is_bool = 0;
            check_operation(tiles_elementwise_result_type(&dtype, &is_bool, tiles_elementwise_op(op), operands.data(),
                                                          operands.size()));
            return is_bool ? py::dtype("bool") : numpy_dtype_of(dtype);
        },
        py::arg("op"), py::arg("inputs"), py::arg("bools"));
}

} // namespace tiles_python
