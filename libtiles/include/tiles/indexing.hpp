// libtiles: numpy's indexing by integer arrays on arrays and array_views, a thin typed shell over
// the core's gathers (tiles/algorithms/gather.hpp): tiles::take(a, positions, axis) gives a new
// tiles::array on the accelerator view where a lives, enqueued without waiting unless a position
// is out of bounds (then the call waits for the kernel and throws invalid_argument naming it).
#pragma once

#include <cstdint>
#include <vector>

#include "tiles/algorithms/gather.hpp"
#include "tiles/elementwise.hpp"

namespace tiles {

// numpy's take(a, positions, axis): the elements of `a` at `positions` (int64, negative ones
// counted from the end) along `axis`, in an array of a's element type and of shape
// a.shape[:axis] + positions.shape + a.shape[axis + 1:].
template <class A, class P, class = detail::if_data<A>, class = detail::if_data<P>>
array<detail::element_t<A>, detail::traits_of<A>::rank + detail::traits_of<P>::rank - 1>
take(const A& a, const P& positions, int axis) {
    static_assert(std::is_same_v<detail::element_t<P>, std::int64_t>, "positions are std::int64_t");
    constexpr int rank = detail::traits_of<A>::rank + detail::traits_of<P>::rank - 1;
    const algorithms::elementwise_operand source = detail::elementwise_operand_of(a),
                                          picked = detail::elementwise_operand_of(positions);
    const std::vector<int> shape = algorithms::take_shape(source.shape, picked.shape, axis);
    array<detail::element_t<A>, rank> result(extent<rank>(shape.data()), detail::view_of(a));
    algorithms::take(detail::view_of(a).context(), source, picked, axis, detail::elementwise_operand_of(result));
    return result;
}

} // namespace tiles
