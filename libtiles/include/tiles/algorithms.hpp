// libtiles: the tiled algorithm library. Reductions, block sums and averages, transpose, matrix
// multiply and 2-D stencils over arrays and array_views, as thin typed shells over the algorithms
// on the engine's operands (tiles/algorithms/). Each runs on the accelerator view given first, else
// where the first operand that is an array, or a view of one, lives, else on the default view
// (engine::context_for, the rule of every launch); results stay on the device until the host reads
// them. reduce, gemm and stencil also run on several views at once, given as a list
// (tiles/split.hpp), with the results of one view.
#pragma once

#include <array>
#include <type_traits>
#include <utility>
#include <vector>

#include "tiles/accelerator.hpp"
#include "tiles/algorithms/block_reduce.hpp"
#include "tiles/algorithms/gemm.hpp"
#include "tiles/algorithms/reduce.hpp"
#include "tiles/algorithms/stencil.hpp"
#include "tiles/algorithms/transpose.hpp"
#include "tiles/array.hpp"
#include "tiles/array_view.hpp"
#include "tiles/engine/launch.hpp"
#include "tiles/engine/placement.hpp"
#include "tiles/engine/storage.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/extent.hpp"

namespace tiles {

namespace detail {

// What the algorithms need to know of an operand: an array<T, N> or array_view<T, N>.
template <class Data> struct data_traits;
template <class T, int N> struct data_traits<array<T, N>> {
    using element = T;
    static constexpr int rank = N;
    static constexpr bool writable = true;
};
template <class T, int N> struct data_traits<const array<T, N>> : data_traits<array<T, N>> {
    static constexpr bool writable = false;
};
template <class T, int N> struct data_traits<array_view<T, N>> {
    using element = std::remove_const_t<T>;
    static constexpr int rank = N;
    static constexpr bool writable = !std::is_const_v<T>;
};
template <class T, int N> struct data_traits<const array_view<T, N>> : data_traits<array_view<T, N>> {};

template <class Data> using traits_of = data_traits<std::remove_reference_t<Data>>;
template <class Data> using element_of = typename traits_of<Data>::element;
// What the algorithms compute elements of Data in (computed_as): float for the 16-bit floats
// (tiles::half, tiles::bfloat16), whose sums, products and reductions are floats; else their own
// type.
template <class Data, element_type Own = element_type_of<element_of<Data>>>
using computed_of = std::conditional_t<computed_as(Own) == Own, element_of<Data>, cpp_type_of<computed_as(Own)>>;
// The type of block_sum's sums of Data's elements: numpy's, std::uint64_t for bytes (std::uint8_t),
// else their own.
template <class Data>
using block_sum_of =
    std::conditional_t<std::is_same_v<element_of<Data>, std::uint8_t>, std::uint64_t, element_of<Data>>;
// The precision gemm multiplies Data's elements at unless told otherwise.
template <class Data> constexpr gemm_precision default_precision_of() {
    return algorithms::default_precision(element_type_of<element_of<Data>>);
}

// The algorithms work on whole storages in their own element type: a section (a view of part of
// one), or a view through reinterpret_as, is refused rather than taken for all of it.
template <class Data> const std::shared_ptr<engine::storage>& whole_storage_of(const Data& data) {
    if (!engine::is_whole(*data.storage(), data.placement(), element_layout::of<element_of<Data>>()))
        throw invalid_argument("libtiles' algorithms take whole arrays and views, not sections or reinterpret_as "
                               "views of them: copy the data into an array first");
    return data.storage();
}

template <class Data> engine::matrix_operand operand_of(const Data& data) {
    static_assert(traits_of<Data>::rank <= 2, "libtiles' algorithms take 1-D and 2-D data");
    whole_storage_of(data);
    if constexpr (traits_of<Data>::rank == 1)
        return {data.storage(), 1, data.extent[0]};
    else
        return {data.storage(), data.extent[0], data.extent[1]};
}

template <class Data> engine::matrix_operand matrix_of(const Data& data) {
    static_assert(traits_of<Data>::rank == 2, "this algorithm takes 2-D data (a matrix)");
    return operand_of(data);
}

template <class Data> engine::matrix_operand output_of(Data&& data) {
    static_assert(traits_of<Data>::writable, "the output must be writable: an array, or an array_view of non-const T");
    return matrix_of(data);
}

inline extent<2> block_grid_extent(const char* algorithm, const extent<2>& matrix, const extent<2>& block) {
    const std::array<int, 2> grid = algorithms::block_grid(algorithm, matrix[0], matrix[1], block[0], block[1]);
    return extent<2>(grid[0], grid[1]);
}

// Where an algorithm runs when no view is given: the engine's rule (engine::context_for) over its
// operands, in the order of its arguments.
template <class... Data> accelerator_view view_of(const Data&... operands) {
    return accelerator_view(engine::context_for(nullptr, {operands.storage().get()...}));
}

} // namespace detail

// The sum, least or greatest element of 1-D or 2-D data of int, std::int64_t, float, double or
// std::uint8_t; sums of floats are added in a tree, pairwise, so their rounding error grows with
// the log of the size. The least or greatest of floats with a NaN is NaN, as numpy's. A sum is
// added in the data's type, or in `Result` where given: reduce<std::int64_t>(ints, op) does not
// wrap past INT_MAX (numpy's sum of int32), reduce<double>(floats, op) adds in double.
// tiles::half and tiles::bfloat16 data are read as floats, and give a float.
template <class Result = void, class Data>
auto reduce(const accelerator_view& view, const Data& data, reduction_op op) {
    static_assert(detail::traits_of<Data>::rank <= 2, "libtiles' algorithms take 1-D and 2-D data");
    using result_type = std::conditional_t<std::is_void_v<Result>, detail::computed_of<Data>, Result>;
    result_type result{};
    algorithms::reduce(view.context(), detail::whole_storage_of(data), op, element_type_of<result_type>, &result);
    return result;
}
// The same over several accelerator views at once, each combining a band of the elements; the
// same result as on one of them, bit for bit where they are of one kind of device.
template <class Result = void, class Data>
auto reduce(const std::vector<accelerator_view>& views, const Data& data, reduction_op op) {
    static_assert(detail::traits_of<Data>::rank <= 2, "libtiles' algorithms take 1-D and 2-D data");
    using result_type = std::conditional_t<std::is_void_v<Result>, detail::computed_of<Data>, Result>;
    result_type result{};
    algorithms::reduce(detail::contexts_of(views), detail::whole_storage_of(data), op, element_type_of<result_type>,
                       &result);
    return result;
}
template <class Result = void, class Data> auto reduce(const Data& data, reduction_op op) {
    return reduce<Result>(detail::view_of(data), data, op);
}
// The same into `result`, a one-element array or array_view of the type the sum is added in (the
// data's, or a wider one, as above), where the launch on `view` leaves it: the call waits for
// nothing, as block_sum does, and the host reads the result when it asks for it. What a pipeline
// that uses the result on the device, or reduces many times before it looks, saves is a wait for
// the device on every call (on NVIDIA's OpenCL, reading 4 bytes back from an H200 costs 15 us).
// reduce<double>(view, floats, op, result) adds in double and writes a float or a double result,
// rounded once by the same launch.
template <class Accumulator = void, class Data, class Result>
void reduce(const accelerator_view& view, const Data& data, reduction_op op, Result&& result) {
    static_assert(detail::traits_of<Data>::rank <= 2, "libtiles' algorithms take 1-D and 2-D data");
    static_assert(detail::traits_of<Result>::writable,
                  "the result must be writable: an array, or an array_view of non-const T");
    const auto into = detail::whole_storage_of(result);
    element_type accumulator = engine::layout_of(*into).type;
    if constexpr (!std::is_void_v<Accumulator>) accumulator = element_type_of<Accumulator>;
    algorithms::reduce(view.context(), detail::whole_storage_of(data), op, accumulator, into);
}

// The sum or the average of each `block`-shaped block of a matrix, in a matrix of one element
// per block. Where the block does not divide the matrix, the blocks at the right and bottom
// edges are cut short, and average over the elements they hold. Any block shape whose elements
// fit in one tile (accelerator::max_tile_size()). Sums of int, std::int64_t, float and double,
// averages of float and double; sums of bytes (std::uint8_t) are std::uint64_t, as numpy's.
template <class Data, class Output>
void block_sum(const accelerator_view& view, const Data& matrix, const extent<2>& block, Output&& output) {
    algorithms::block_reduce(view.context(), algorithms::block_statistic::sum, detail::matrix_of(matrix), block[0],
                             block[1], detail::output_of(output));
}
template <class Data, class Output>
void block_average(const accelerator_view& view, const Data& matrix, const extent<2>& block, Output&& output) {
    algorithms::block_reduce(view.context(), algorithms::block_statistic::average, detail::matrix_of(matrix), block[0],
                             block[1], detail::output_of(output));
}
template <class Data>
array<detail::block_sum_of<Data>, 2> block_sum(const accelerator_view& view, const Data& matrix,
                                               const extent<2>& block) {
    array<detail::block_sum_of<Data>, 2> sums(detail::block_grid_extent("block_sum", matrix.extent, block), view);
    block_sum(view, matrix, block, sums);
    return sums;
}
template <class Data>
array<detail::element_of<Data>, 2> block_average(const accelerator_view& view, const Data& matrix,
                                                 const extent<2>& block) {
    array<detail::element_of<Data>, 2> averages(detail::block_grid_extent("block_average", matrix.extent, block), view);
    block_average(view, matrix, block, averages);
    return averages;
}
template <class Data> array<detail::block_sum_of<Data>, 2> block_sum(const Data& matrix, const extent<2>& block) {
    return block_sum(detail::view_of(matrix), matrix, block);
}
template <class Data> array<detail::element_of<Data>, 2> block_average(const Data& matrix, const extent<2>& block) {
    return block_average(detail::view_of(matrix), matrix, block);
}

// The transpose of a matrix of int, unsigned, float, double, half or bfloat16 elements.
template <class Data, class Output> void transpose(const accelerator_view& view, const Data& matrix, Output&& output) {
    algorithms::transpose(view.context(), detail::matrix_of(matrix), detail::output_of(output));
}
template <class Data> array<detail::element_of<Data>, 2> transpose(const accelerator_view& view, const Data& matrix) {
    array<detail::element_of<Data>, 2> transposed(extent<2>(matrix.extent[1], matrix.extent[0]), view);
    transpose(view, matrix, transposed);
    return transposed;
}
template <class Data> array<detail::element_of<Data>, 2> transpose(const Data& matrix) {
    return transpose(detail::view_of(matrix), matrix);
}

// c = alpha * a * b + beta * c for row-major matrices of float, or of double on accelerators
// with double precision (else unsupported_feature). As in BLAS, beta == 0 only writes c. Float
// matrices may be multiplied at another `precision` (gemm_precision): on tensor cores, where the
// accelerator has them. Matrices a and b of tiles::half or tiles::bfloat16 make a float c, their
// products added in float, on tensor cores by default (algorithms::default_precision, as cuBLAS
// and CuPy multiply them; gemm_precision::exact keeps them off).
template <class A, class B, class C>
void gemm(const accelerator_view& view, detail::computed_of<A> alpha, const A& a, const B& b,
          detail::computed_of<A> beta, C&& c, gemm_precision precision = detail::default_precision_of<A>()) {
    algorithms::gemm(view.context(), alpha, detail::matrix_of(a), detail::matrix_of(b), beta, detail::output_of(c),
                     precision);
}
template <class A, class B, class C>
void gemm(detail::computed_of<A> alpha, const A& a, const B& b, detail::computed_of<A> beta, C&& c,
          gemm_precision precision = detail::default_precision_of<A>()) {
    gemm(detail::view_of(a, b, c), alpha, a, b, beta, std::forward<C>(c), precision);
}

// The same over several accelerator views at once, each computing a band of c's rows (b goes
// to every view once); c is written back where it was, and its values are those of one view's
// gemm, bit for bit where the views are of one kind of device.
template <class A, class B, class C>
void gemm(const std::vector<accelerator_view>& views, detail::computed_of<A> alpha, const A& a, const B& b,
          detail::computed_of<A> beta, C&& c, gemm_precision precision = detail::default_precision_of<A>()) {
    algorithms::gemm(detail::contexts_of(views), alpha, detail::matrix_of(a), detail::matrix_of(b), beta,
                     detail::output_of(c), precision);
}

// The matrix product a * b, in a new array.
template <class A, class B>
array<detail::computed_of<A>, 2> matrix_multiply(const accelerator_view& view, const A& a, const B& b,
                                                 gemm_precision precision = detail::default_precision_of<A>()) {
    array<detail::computed_of<A>, 2> product(extent<2>(a.extent[0], b.extent[1]), view);
    gemm(view, detail::computed_of<A>(1), a, b, detail::computed_of<A>(0), product, precision);
    return product;
}
template <class A, class B>
array<detail::computed_of<A>, 2> matrix_multiply(const A& a, const B& b,
                                                 gemm_precision precision = detail::default_precision_of<A>()) {
    return matrix_multiply(detail::view_of(a, b), a, b, precision);
}

// A stencil of float or double elements: each output is the sum, over the mask's positions,
// of the mask's weight times the input element at the same place relative to the output
// element (the mask is centred on it and not flipped). Input positions outside the matrix read
// its nearest edge element (clamp-to-edge). The mask's dimensions are odd and at most 9.
template <class Data, class Mask, class Output>
void stencil(const accelerator_view& view, const Data& matrix, const Mask& mask, Output&& output) {
    algorithms::stencil(view.context(), detail::matrix_of(matrix), detail::matrix_of(mask), detail::output_of(output));
}
// The stencil applied `iterations` times (into `output`, which must not be the input), over
// several accelerator views at once: each holds a band of the rows, and every few iterations only
// the bands' halos (the mask's radius of rows for each of those iterations) move between them.
// The result is that of iterating stencil on one view, bit for bit where the views are of one
// kind of device.
template <class Data, class Mask, class Output>
void stencil(const std::vector<accelerator_view>& views, const Data& matrix, const Mask& mask, Output&& output,
             int iterations = 1) {
    algorithms::stencil(detail::contexts_of(views), detail::matrix_of(matrix), detail::matrix_of(mask),
                        detail::output_of(output), iterations);
}
template <class Data, class Mask>
array<detail::element_of<Data>, 2> stencil(const accelerator_view& view, const Data& matrix, const Mask& mask) {
    array<detail::element_of<Data>, 2> filtered(matrix.extent, view);
    stencil(view, matrix, mask, filtered);
    return filtered;
}
template <class Data, class Mask> array<detail::element_of<Data>, 2> stencil(const Data& matrix, const Mask& mask) {
    return stencil(detail::view_of(matrix, mask), matrix, mask);
}

} // namespace tiles
