// libtiles: the array API's sort and argsort of arrays and array_views along one axis, as thin
// typed shells over the core's engine (tiles/algorithms/sort_axis.hpp): tiles::sort(a) gives a new
// tiles::array on the accelerator view where `a` lives, enqueued without waiting. Both are stable;
// NaNs go last, or first where descending. Axes count from 0, or from the end where negative.
#pragma once

#include <cstdint>

#include "tiles/algorithms/sort_axis.hpp"
#include "tiles/elementwise.hpp"

namespace tiles {

// The elements of `a` sorted along `axis`, each line on its own, stably, ascending or `descending`.
template <class A, class = detail::if_data<A>>
detail::array_of<A> sort(const A& a, int axis = -1, bool descending = false) {
    const accelerator_view view = detail::view_of(a);
    detail::array_of<A> values(a.get_extent(), view);
    const algorithms::elementwise_operand sorted = detail::elementwise_operand_of(values);
    algorithms::sort_axis(view.context(), detail::elementwise_operand_of(a), axis, descending, &sorted, nullptr);
    return values;
}

// The positions along `axis` (int64) that sort `a` stably, as numpy's argsort(kind="stable").
template <class A, class = detail::if_data<A>>
array<std::int64_t, detail::traits_of<A>::rank> argsort(const A& a, int axis = -1, bool descending = false) {
    const accelerator_view view = detail::view_of(a);
    array<std::int64_t, detail::traits_of<A>::rank> positions(a.get_extent(), view);
    const algorithms::elementwise_operand places = detail::elementwise_operand_of(positions);
    algorithms::sort_axis(view.context(), detail::elementwise_operand_of(a), axis, descending, nullptr, &places);
    return positions;
}

} // namespace tiles
