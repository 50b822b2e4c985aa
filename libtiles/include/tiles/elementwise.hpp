// libtiles: numpy's arithmetic on arrays and array_views, as thin typed shells over the core's
// elementwise engine (tiles/algorithms/elementwise.hpp): a + b, a * 2.0f, tiles::exp(a) give a new
// tiles::array on the accelerator view where the first operand that is an array, or a view of one,
// lives (engine::context_for), enqueued without waiting. Operands of one element type T give T,
// numpy's rule for them; shapes broadcast as numpy broadcasts them where their ranks are equal
// (extent 1 along a dimension stretches to the other's), and sections are read as they are.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "tiles/algorithms.hpp"
#include "tiles/algorithms/elementwise.hpp"
#include "tiles/exceptions.hpp"

namespace tiles {

namespace detail {

template <class Data> algorithms::elementwise_operand elementwise_operand_of(const Data& data) {
    algorithms::elementwise_operand operand;
    operand.data = data.storage();
    operand.region = data.region();
    const auto& components = data.extent.components();
    operand.shape.assign(components.begin(), components.end());
    operand.type = {element_type_of<element_of<Data>>, false};
    operand.read_only = !traits_of<Data>::writable;
    if constexpr (!std::is_same_v<Data, array<element_of<Data>, traits_of<Data>::rank>>)
        if (data.elements().folded()) { // a section of a reshaped view: read in rows of its region
            const engine::placement p = data.placement();
            for (int d = 0; d < p.rank; ++d) operand.strides.push_back(std::int64_t(p.stride[d] / p.element_size));
            operand.offset = std::int64_t(engine::offset_in_region(*data.storage(), data.region(), p));
        }
    return operand;
}

template <class T> algorithms::elementwise_operand elementwise_scalar_of(T value) {
    algorithms::elementwise_operand operand;
    operand.type = {element_type_of<T>, false};
    if constexpr (std::is_integral_v<T>)
        operand.integer = static_cast<std::int64_t>(value);
    else
        operand.real = static_cast<double>(value);
    return operand;
}

// A new array of T, of the broadcast extent of `inputs`, holding `op` of them.
template <class T, int N>
array<T, N> elementwise_into_new(const accelerator_view& view, elementwise_op op,
                                 const std::vector<algorithms::elementwise_operand>& inputs) {
    const std::vector<int> shape = algorithms::broadcast_shape(inputs.data(), inputs.size());
    array<T, N> result(extent<N>(shape.data()), view);
    algorithms::elementwise(view.context(), op, inputs.data(), elementwise_operand_of(result));
    return result;
}

template <class Data> using array_of = array<element_of<Data>, traits_of<Data>::rank>;
template <class Data> using element_t = element_of<Data>;
// Whether Data is an array or array_view, which the operators below take.
template <class Data, class = void> struct is_data : std::false_type {};
template <class Data> struct is_data<Data, std::void_t<typename traits_of<Data>::element>> : std::true_type {};
template <class Data> using if_data = std::enable_if_t<is_data<Data>::value>;

// The array or view of two operands (one may be a scalar of its element type), and its type.
template <class A, class B> const auto& data_of(const A& a, const B& b) {
    if constexpr (is_data<A>::value)
        return a;
    else
        return b;
}
template <class A, class B> using data_type = std::conditional_t<is_data<A>::value, A, B>;
// Two operands of which one at least is an array or view, and the other one too or a number.
template <class A, class B>
using if_operands =
    std::enable_if_t<(is_data<A>::value || is_data<B>::value) &&
                     (is_data<A>::value || std::is_arithmetic_v<A>)&&(is_data<B>::value || std::is_arithmetic_v<B>)>;

template <class Operand> algorithms::elementwise_operand elementwise_input_of(const Operand& x) {
    if constexpr (is_data<Operand>::value)
        return elementwise_operand_of(x);
    else
        return elementwise_scalar_of(x);
}

template <class A, class B> array_of<data_type<A, B>> binary(elementwise_op op, const A& a, const B& b) {
    using D = data_type<A, B>;
    if constexpr (is_data<A>::value && is_data<B>::value) {
        static_assert(std::is_same_v<element_t<A>, element_t<B>>, "both operands hold the same element type");
        static_assert(traits_of<A>::rank == traits_of<B>::rank, "both operands have the same rank");
    }
    return elementwise_into_new<element_t<D>, traits_of<D>::rank>(view_of(data_of(a, b)), op,
                                                                  {elementwise_input_of(a), elementwise_input_of(b)});
}
template <class A> array_of<A> unary(elementwise_op op, const A& a) {
    return elementwise_into_new<element_t<A>, traits_of<A>::rank>(view_of(a), op, {elementwise_operand_of(a)});
}

// numpy's where= mask: data of std::uint8_t 0 or 1 read as numpy's bools.
template <class M> algorithms::elementwise_operand mask_operand_of(const M& where) {
    static_assert(std::is_same_v<std::remove_const_t<element_t<M>>, std::uint8_t>,
                  "a where= mask holds numpy's bools as std::uint8_t 0 or 1");
    algorithms::elementwise_operand mask = elementwise_operand_of(where);
    mask.type.boolean = true;
    return mask;
}

} // namespace detail

// numpy's op(inputs..., out=out, where=where): `op` of the inputs (arrays, views or scalars of
// out's element type) written into `out` only where `where` (std::uint8_t 0 or 1, numpy's bools;
// of out's extent, or 1 along dimensions it broadcasts in) is true, the other elements keeping
// their values; one kernel, enqueued without waiting. `op` is a tiles::elementwise_op.
template <class Out, class M, class Op, class... Inputs, class = detail::if_data<Out>, class = detail::if_data<M>>
void elementwise_where(Out& out, const M& where, Op op, const Inputs&... inputs) {
    static_assert(std::is_same_v<Op, elementwise_op>, "the operation is a tiles::elementwise_op");
    const std::vector<algorithms::elementwise_operand> operands{detail::elementwise_input_of(inputs)...};
    if (operands.size() != std::size_t(arity(op)))
        throw invalid_argument(std::string("elementwise_where: ") + to_string(op) + " takes " +
                               std::to_string(arity(op)) + " inputs, not " + std::to_string(operands.size()));
    const algorithms::elementwise_operand mask = detail::mask_operand_of(where);
    algorithms::elementwise(detail::view_of(out).context(), op, operands.data(), detail::elementwise_operand_of(out),
                            &mask);
}

// The elementwise sum of two arrays or views, or of one and a scalar of its element type.
template <class A, class B, class = detail::if_operands<A, B>>
detail::array_of<detail::data_type<A, B>> operator+(const A& a, const B& b) {
    return detail::binary(elementwise_op::add, a, b);
}

// The elementwise difference of two arrays or views, or of one and a scalar of its element type.
template <class A, class B, class = detail::if_operands<A, B>>
detail::array_of<detail::data_type<A, B>> operator-(const A& a, const B& b) {
    return detail::binary(elementwise_op::subtract, a, b);
}

// The elementwise product of two arrays or views, or of one and a scalar of its element type.
template <class A, class B, class = detail::if_operands<A, B>>
detail::array_of<detail::data_type<A, B>> operator*(const A& a, const B& b) {
    return detail::binary(elementwise_op::multiply, a, b);
}

// The elementwise quotient (numpy's true_divide) of two arrays or views, or of one and a scalar of its element type.
template <class A, class B, class = detail::if_operands<A, B>>
detail::array_of<detail::data_type<A, B>> operator/(const A& a, const B& b) {
    return detail::binary(elementwise_op::divide, a, b);
}

// The elementwise remainder, with the divisor's sign as numpy's of two arrays or views, or of one and a scalar of its
// element type.
template <class A, class B, class = detail::if_operands<A, B>>
detail::array_of<detail::data_type<A, B>> operator%(const A& a, const B& b) {
    return detail::binary(elementwise_op::remainder, a, b);
}

// The elementwise bitwise and of two arrays or views, or of one and a scalar of its element type.
template <class A, class B, class = detail::if_operands<A, B>>
detail::array_of<detail::data_type<A, B>> operator&(const A& a, const B& b) {
    return detail::binary(elementwise_op::bitwise_and, a, b);
}

// The elementwise bitwise or of two arrays or views, or of one and a scalar of its element type.
template <class A, class B, class = detail::if_operands<A, B>>
detail::array_of<detail::data_type<A, B>> operator|(const A& a, const B& b) {
    return detail::binary(elementwise_op::bitwise_or, a, b);
}

// The elementwise bitwise exclusive or of two arrays or views, or of one and a scalar of its element type.
template <class A, class B, class = detail::if_operands<A, B>>
detail::array_of<detail::data_type<A, B>> operator^(const A& a, const B& b) {
    return detail::binary(elementwise_op::bitwise_xor, a, b);
}

// The elementwise negation of an array or view.
template <class A, class = detail::if_data<A>> detail::array_of<A> operator-(const A& a) {
    return detail::unary(elementwise_op::negative, a);
}

// Numpy's power: a to the power b, elementwise, of two arrays or views or one and a scalar.
template <class A, class B, class = detail::if_operands<A, B>>
detail::array_of<detail::data_type<A, B>> pow(const A& a, const B& b) {
    return detail::binary(elementwise_op::power, a, b);
}

// Numpy's maximum, NaN where either is, elementwise, of two arrays or views or one and a scalar.
template <class A, class B, class = detail::if_operands<A, B>>
detail::array_of<detail::data_type<A, B>> maximum(const A& a, const B& b) {
    return detail::binary(elementwise_op::maximum, a, b);
}

// Numpy's minimum, NaN where either is, elementwise, of two arrays or views or one and a scalar.
template <class A, class B, class = detail::if_operands<A, B>>
detail::array_of<detail::data_type<A, B>> minimum(const A& a, const B& b) {
    return detail::binary(elementwise_op::minimum, a, b);
}

// Numpy's arctan2 of a over b, elementwise, of two arrays or views or one and a scalar.
template <class A, class B, class = detail::if_operands<A, B>>
detail::array_of<detail::data_type<A, B>> atan2(const A& a, const B& b) {
    return detail::binary(elementwise_op::atan2, a, b);
}

// Numpy's hypot: the square root of a*a + b*b, elementwise, of two arrays or views or one and a scalar.
template <class A, class B, class = detail::if_operands<A, B>>
detail::array_of<detail::data_type<A, B>> hypot(const A& a, const B& b) {
    return detail::binary(elementwise_op::hypot, a, b);
}

// Numpy's floor division, rounding to minus infinity, elementwise, of two arrays or views or one and a scalar.
template <class A, class B, class = detail::if_operands<A, B>>
detail::array_of<detail::data_type<A, B>> floor_divide(const A& a, const B& b) {
    return detail::binary(elementwise_op::floor_divide, a, b);
}

// The absolute value of each element of an array or view (float or double; numpy's types else).
template <class A, class = detail::if_data<A>> detail::array_of<A> abs(const A& a) {
    return detail::unary(elementwise_op::absolute, a);
}

// The square root of each element of an array or view (float or double; numpy's types else).
template <class A, class = detail::if_data<A>> detail::array_of<A> sqrt(const A& a) {
    return detail::unary(elementwise_op::sqrt, a);
}

// The exponential of each element of an array or view (float or double; numpy's types else).
template <class A, class = detail::if_data<A>> detail::array_of<A> exp(const A& a) {
    return detail::unary(elementwise_op::exp, a);
}

// The natural logarithm of each element of an array or view (float or double; numpy's types else).
template <class A, class = detail::if_data<A>> detail::array_of<A> log(const A& a) {
    return detail::unary(elementwise_op::log, a);
}

// The sine of each element of an array or view (float or double; numpy's types else).
template <class A, class = detail::if_data<A>> detail::array_of<A> sin(const A& a) {
    return detail::unary(elementwise_op::sin, a);
}

// The cosine of each element of an array or view (float or double; numpy's types else).
template <class A, class = detail::if_data<A>> detail::array_of<A> cos(const A& a) {
    return detail::unary(elementwise_op::cos, a);
}

// The tangent of each element of an array or view (float or double; numpy's types else).
template <class A, class = detail::if_data<A>> detail::array_of<A> tan(const A& a) {
    return detail::unary(elementwise_op::tan, a);
}

// The hyperbolic tangent of each element of an array or view (float or double; numpy's types else).
template <class A, class = detail::if_data<A>> detail::array_of<A> tanh(const A& a) {
    return detail::unary(elementwise_op::tanh, a);
}

// exp(x) - 1, exact near 0, of each element of an array or view (float or double; numpy's types else).
template <class A, class = detail::if_data<A>> detail::array_of<A> expm1(const A& a) {
    return detail::unary(elementwise_op::expm1, a);
}

// log(1 + x), exact near 0, of each element of an array or view (float or double; numpy's types else).
template <class A, class = detail::if_data<A>> detail::array_of<A> log1p(const A& a) {
    return detail::unary(elementwise_op::log1p, a);
}

// The greatest integer not above of each element of an array or view (float or double; numpy's types else).
template <class A, class = detail::if_data<A>> detail::array_of<A> floor(const A& a) {
    return detail::unary(elementwise_op::floor, a);
}

// The least integer not below of each element of an array or view (float or double; numpy's types else).
template <class A, class = detail::if_data<A>> detail::array_of<A> ceil(const A& a) {
    return detail::unary(elementwise_op::ceil, a);
}

// The integer toward 0 of each element of an array or view (float or double; numpy's types else).
template <class A, class = detail::if_data<A>> detail::array_of<A> trunc(const A& a) {
    return detail::unary(elementwise_op::trunc, a);
}

// The square of each element of an array or view (float or double; numpy's types else).
template <class A, class = detail::if_data<A>> detail::array_of<A> square(const A& a) {
    return detail::unary(elementwise_op::square, a);
}

} // namespace tiles
