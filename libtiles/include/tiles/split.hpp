// libtiles: several accelerator views at once, in the shape of the C++ AMP book's multi-GPU
// chapter. A matrix's rows are split into bands, one per view; each view holds an array of its
// band's rows with the halo rows of its neighbours that its kernels read, launches on each band
// run on their views at the same time, and between phases only the halo rows move. The tiled
// algorithms take a list of views too (tiles/algorithms.hpp).
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "tiles/accelerator.hpp"
#include "tiles/algorithms.hpp"
#include "tiles/array.hpp"
#include "tiles/bands.hpp"
#include "tiles/engine/split.hpp"
#include "tiles/extent.hpp"

namespace tiles {

// A view of every GPU, each a new one, in accelerator::get_all()'s order; none without a GPU.
inline std::vector<accelerator_view> gpu_views() {
    std::vector<accelerator_view> views;
    for (const std::shared_ptr<engine::context>& context : engine::gpu_contexts()) views.emplace_back(context);
    return views;
}

template <class T> class split_array;
// The stencil iterated on a split array's bands where they are, and their reduction (defined below).
template <class T, class Mask> void stencil(split_array<T>& grid, const Mask& mask, int iterations = 1);
template <class Result = void, class T> auto reduce(const split_array<T>& grid, reduction_op op);
template <class T, class U>
void gemm(detail::computed_of<array<T, 2>> alpha, const split_array<T>& a, const split_array<T>& b,
          detail::computed_of<array<T, 2>> beta, split_array<U>& c,
          gemm_precision precision = detail::default_precision_of<array<T, 2>>());

// A rows x columns matrix of T split by rows over `views`, band i on views[i]:
//
//     tiles::split_array<float> grid(views, tiles::extent<2>(rows, columns), 1);   // a halo of 1 row
//     grid.scatter(host_grid);                      // every band's rows and halos, to every view at once
//     for (int i = 0; i < iterations; ++i) {
//         if (i > 0) grid.exchange_halo();          // only the halo rows move
//         for (std::size_t p = 0; p < grid.parts(); ++p)   // launches return at once: the views run together
//             tiles::parallel_for_each(grid.view_of(p), grid.local(p).extent, kernel, grid.local(p), ...);
//     }
//     grid.gather(host_grid);                       // every band's own rows
//
// A kernel sees each band's local rows (its halo above, its own rows, its halo below) as a whole
// array; band_of(p) says where they lie in the matrix.
template <class T> class split_array {
  public:
    // Bands of whole multiples of `granularity` rows (a tiled launch's tile rows), as even as can
    // be, each with `halo` rows of each neighbour; the arrays are allocated on their views now.
    split_array(const std::vector<accelerator_view>& views, const extent<2>& e, int halo = 0, int granularity = 1)
        : extent(e), views_(views),
          engine_(std::make_shared<engine::split_matrix>(detail::contexts_of(views), element_layout::of<T>(), e[0],
                                                         e[1], halo, granularity)) {
        hold_local_arrays();
    }
    // A matrix of extent `e` held whole on every one of `views`: each band is a copy of all of it,
    // without halos (gemm's B, which every band of A reads whole). scatter() sends the same host
    // memory to every view at once; gather() and reduce() read the first copy.
    static split_array copies(const std::vector<accelerator_view>& views, const tiles::extent<2>& e) {
        return split_array(views, e,
                           std::make_shared<engine::split_matrix>(engine::split_matrix::copies(
                               detail::contexts_of(views), element_layout::of<T>(), e[0], e[1])));
    }
    // Its bands' arrays are its own: moved, never copied.
    split_array(split_array&&) = default;
    split_array(const split_array&) = delete;
    split_array& operator=(const split_array&) = delete;

    // The whole matrix's extent.
    const tiles::extent<2> extent;

    // The number of bands; where band `part` lies in the matrix, and the view it lives on.
    std::size_t parts() const { return engine_->parts(); }
    const band& band_of(std::size_t part) const { return engine_->band_of(part); }
    const accelerator_view& view_of(std::size_t part) const {
        engine_->band_of(part); // refuses a band that does not exist
        return views_[part];
    }
    // Band `part`'s local rows: an array of band_of(part).local_rows() x columns on view_of(part).
    array<T, 2>& local(std::size_t part) {
        engine_->local(part); // refuses a band that does not exist
        return local_[part];
    }

    // Every band's rows and halos from `grid` (an array or view of this extent), to every view
    // at once.
    template <class Grid> void scatter(const Grid& grid) { engine_->scatter(detail::matrix_of(grid)); }
    // Every band's own rows into `grid` (an array or writable view of this extent), from every
    // view at once.
    template <class Grid> void gather(Grid&& grid) const { engine_->gather(detail::output_of(grid)); }
    // Every band's halo rows from its neighbours' own rows, through pinned host memory, from and
    // to every view at once; the launches enqueued after it on a view see them.
    void exchange_halo() { engine_->exchange_halo(); }

  private:
    template <class U, class Mask> friend void stencil(split_array<U>& grid, const Mask& mask, int iterations);
    template <class Result, class U> friend auto reduce(const split_array<U>& grid, reduction_op op);
    template <class A, class C>
    friend void gemm(detail::computed_of<array<A, 2>> alpha, const split_array<A>& a, const split_array<A>& b,
                     detail::computed_of<array<A, 2>> beta, split_array<C>& c, gemm_precision precision);

    split_array(const std::vector<accelerator_view>& views, const tiles::extent<2>& e,
                std::shared_ptr<engine::split_matrix> engine)
        : extent(e), views_(views), engine_(std::move(engine)) {
        hold_local_arrays();
    }
    void hold_local_arrays() {
        for (std::size_t p = 0; p < engine_->parts(); ++p)
            local_.emplace_back(engine_->local(p).data, tiles::extent<2>(engine_->local(p).rows, extent[1]));
    }

    std::vector<accelerator_view> views_;
    std::shared_ptr<engine::split_matrix> engine_;
    std::vector<array<T, 2>> local_;
};

// The stencil applied `iterations` times to `grid`'s bands where they are, in place: data that
// stays on the devices across calls. The halos (at least the mask's radius, or the split refuses
// it) are made current first, then exchanged every halo / radius iterations, and only they pass
// through the host; afterwards they are stale until exchange_halo(). The result is that of
// iterating the stencil on one view, bit for bit where the views are of one kind of device.
template <class T, class Mask> void stencil(split_array<T>& grid, const Mask& mask, int iterations) {
    algorithms::stencil(*grid.engine_, detail::matrix_of(mask), iterations);
}

// The sum, least or greatest of `grid`'s own rows (not its halos) where they are, typed as
// tiles::reduce types it: each band combined on its view, the totals on the host. Data that
// stays on the devices. The bands are of whole rows, not of one view's spans, so a float sum may
// differ from one view's in its last bits.
template <class Result, class T> auto reduce(const split_array<T>& grid, reduction_op op) {
    using result_type = std::conditional_t<std::is_void_v<Result>, detail::computed_of<array<T, 2>>, Result>;
    result_type result{};
    algorithms::reduce(*grid.engine_, op, element_type_of<result_type>, &result);
    return result;
}

// c = alpha * a * b + beta * c on split arrays where they are, in place: a and c split in the
// same bands of rows without halos over the same views, b held whole on each of them
// (split_array::copies, uploaded once). Each view computes its band of c, every view at once, and
// nothing moves between them: data that stays on the devices across calls. Elements and
// precisions as tiles::gemm takes them; c's bands hold one view's results, bit for bit where the
// views are of one kind of device. Returns once the work is on every view's queue.
template <class T, class U>
void gemm(detail::computed_of<array<T, 2>> alpha, const split_array<T>& a, const split_array<T>& b,
          detail::computed_of<array<T, 2>> beta, split_array<U>& c, gemm_precision precision) {
    algorithms::gemm(alpha, *a.engine_, *b.engine_, beta, *c.engine_, precision);
}

} // namespace tiles
