// libtiles: numpy's reductions over axes and cumulative sums and products of arrays and array_views,
// as thin typed shells over the core's engines (tiles/algorithms/reduce_axes.hpp, scan_axis.hpp):
// tiles::sum(a, {1}) gives a new
// tiles::array on the accelerator view where `a` lives, enqueued without waiting. A C++ array's
// rank is fixed when it is compiled, so the result keeps the reduced dimensions, of extent 1
// (numpy's keepdims=True). Axes count from 0, or from the end where negative.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "tiles/algorithms/reduce_axes.hpp"
#include "tiles/algorithms/scan_axis.hpp"
#include "tiles/elementwise.hpp"

namespace tiles {

namespace detail {

// numpy's element type of sums and products of T: int64 for narrower signed integers, uint64 for
// narrower unsigned ones, T itself else; of means, double for integers.
template <class T>
using summed_t = std::conditional_t<std::is_integral_v<T> && (sizeof(T) < 8),
                                    std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>, T>;
template <class T> using mean_t = std::conditional_t<std::is_integral_v<T>, double, T>;

// A new array of R holding `op` of `a` over `axes`, the reduced dimensions kept as extent 1, with
// numpy's where= and initial= where given.
template <class R, class A>
array<R, traits_of<A>::rank> reduce_into_new(axis_reduction op, const A& a, const std::vector<int>& axes,
                                             const algorithms::elementwise_operand* where = nullptr,
                                             const algorithms::elementwise_operand* initial = nullptr) {
    constexpr int rank = traits_of<A>::rank;
    const algorithms::elementwise_operand input = elementwise_operand_of(a);
    const std::vector<int> reduced = algorithms::reduced_axes(op, rank, axes.data(), axes.size());
    const std::vector<int> shape = algorithms::reduction_shape(input.shape, reduced, true);
    const accelerator_view view = view_of(a);
    array<R, rank> result(extent<rank>(shape.data()), view);
    algorithms::reduce_axes(view.context(), op, input, reduced, elementwise_operand_of(result), where, initial);
    return result;
}

// `op` of `a` over `axes` of the elements `where` leaves in, combined with `initial` where not null.
template <class R, class A, class M>
array<R, traits_of<A>::rank> reduce_where_into_new(axis_reduction op, const A& a, const std::vector<int>& axes,
                                                   const M& where, const R* initial) {
    const algorithms::elementwise_operand mask = mask_operand_of(where);
    algorithms::elementwise_operand start;
    if (initial != nullptr) start = elementwise_scalar_of(*initial);
    return reduce_into_new<R>(op, a, axes, &mask, initial != nullptr ? &start : nullptr);
}

// A new array of R holding the running `op` (sum or prod) of `a` along `axis`.
template <class R, class A> array<R, traits_of<A>::rank> scan_into_new(axis_reduction op, const A& a, int axis) {
    constexpr int rank = traits_of<A>::rank;
    const algorithms::elementwise_operand input = elementwise_operand_of(a);
    const std::vector<int> along = algorithms::reduced_axes(op, rank, &axis, 1);
    const std::vector<int> shape = algorithms::scan_shape(input.shape, along, false);
    const accelerator_view view = view_of(a);
    array<R, rank> result(extent<rank>(shape.data()), view);
    algorithms::scan_axis(view.context(), op, input, along, false, elementwise_operand_of(result));
    return result;
}

template <class A> using summed_array = array<summed_t<element_of<A>>, traits_of<A>::rank>;
template <class A> using mean_array = array<mean_t<element_of<A>>, traits_of<A>::rank>;
template <class A> using position_array = array<std::int64_t, traits_of<A>::rank>;

} // namespace detail

// numpy's sum over `axes`; integers narrower than 64 bits add in int64 (uint64), floats pairwise.
template <class A, class = detail::if_data<A>> detail::summed_array<A> sum(const A& a, const std::vector<int>& axes) {
    return detail::reduce_into_new<detail::summed_t<detail::element_t<A>>>(axis_reduction::sum, a, axes);
}

// numpy's product over `axes`, of sum's element type.
template <class A, class = detail::if_data<A>> detail::summed_array<A> prod(const A& a, const std::vector<int>& axes) {
    return detail::reduce_into_new<detail::summed_t<detail::element_t<A>>>(axis_reduction::prod, a, axes);
}

// numpy's mean over `axes`: of integers in double, of floats in their own type.
template <class A, class = detail::if_data<A>> detail::mean_array<A> mean(const A& a, const std::vector<int>& axes) {
    return detail::reduce_into_new<detail::mean_t<detail::element_t<A>>>(axis_reduction::mean, a, axes);
}

// numpy's least element over `axes`, NaN where one is.
template <class A, class = detail::if_data<A>> detail::array_of<A> min(const A& a, const std::vector<int>& axes) {
    return detail::reduce_into_new<detail::element_t<A>>(axis_reduction::min, a, axes);
}

// numpy's greatest element over `axes`, NaN where one is.
template <class A, class = detail::if_data<A>> detail::array_of<A> max(const A& a, const std::vector<int>& axes) {
    return detail::reduce_into_new<detail::element_t<A>>(axis_reduction::max, a, axes);
}

// numpy's position of the first least element along `axis` (that of the first NaN where one is).
template <class A, class = detail::if_data<A>> detail::position_array<A> argmin(const A& a, int axis) {
    return detail::reduce_into_new<std::int64_t>(axis_reduction::argmin, a, {axis});
}

// numpy's position of the first greatest element along `axis` (that of the first NaN where one is).
template <class A, class = detail::if_data<A>> detail::position_array<A> argmax(const A& a, int axis) {
    return detail::reduce_into_new<std::int64_t>(axis_reduction::argmax, a, {axis});
}

// numpy's sum over `axes` of the elements where `where` is true (std::uint8_t 0 or 1, numpy's
// bools; of a's extent, or 1 along dimensions it broadcasts in), numpy's sum(a, where=where,
// initial=initial): one kernel.
template <class A, class M, class = detail::if_data<A>, class = detail::if_data<M>>
detail::summed_array<A> sum(const A& a, const std::vector<int>& axes, const M& where,
                            detail::summed_t<detail::element_t<A>> initial = 0) {
    return detail::reduce_where_into_new(axis_reduction::sum, a, axes, where, &initial);
}

// numpy's mean over `axes` of the elements where `where` is true (as sum's), over their number:
// NaN where it is 0.
template <class A, class M, class = detail::if_data<A>, class = detail::if_data<M>>
detail::mean_array<A> mean(const A& a, const std::vector<int>& axes, const M& where) {
    return detail::reduce_where_into_new<detail::mean_t<detail::element_t<A>>>(axis_reduction::mean, a, axes, where,
                                                                               nullptr);
}

// numpy's greatest element over `axes` of those where `where` is true (as sum's), or `initial`
// where it is greater (numpy's max needs initial= with where=).
template <class A, class M, class = detail::if_data<A>, class = detail::if_data<M>>
detail::array_of<A> max(const A& a, const std::vector<int>& axes, const M& where, detail::element_t<A> initial) {
    return detail::reduce_where_into_new(axis_reduction::max, a, axes, where, &initial);
}

// numpy's least element over `axes` of those where `where` is true (as sum's), or `initial` where
// it is less.
template <class A, class M, class = detail::if_data<A>, class = detail::if_data<M>>
detail::array_of<A> min(const A& a, const std::vector<int>& axes, const M& where, detail::element_t<A> initial) {
    return detail::reduce_where_into_new(axis_reduction::min, a, axes, where, &initial);
}

// numpy's cumulative_sum along `axis`, of sum's element type; few long lines in blocks (scan_axis.hpp).
template <class A, class = detail::if_data<A>> detail::summed_array<A> cumulative_sum(const A& a, int axis) {
    return detail::scan_into_new<detail::summed_t<detail::element_t<A>>>(axis_reduction::sum, a, axis);
}

// numpy's cumulative_prod along `axis`, of prod's element type, in numpy's order of products.
template <class A, class = detail::if_data<A>> detail::summed_array<A> cumulative_prod(const A& a, int axis) {
    return detail::scan_into_new<detail::summed_t<detail::element_t<A>>>(axis_reduction::prod, a, axis);
}

} // namespace tiles
