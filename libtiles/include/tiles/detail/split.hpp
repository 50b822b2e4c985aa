// libtiles: the engine of several accelerator views at once, as the typed shells, the C API and
// Python see it. A matrix's rows are split into bands (tiles/bands.hpp), one per view; each view
// holds an array of its band's local rows (its own rows and the halo rows of its neighbours), and
// between phases only the halo rows move, through pinned host memory, on every view at once.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "tiles/accelerator.hpp"
#include "tiles/bands.hpp"
#include "tiles/detail/algorithms.hpp"
#include "tiles/element_type.hpp"

namespace tiles::detail {

class split_matrix {
  public:
    // `rows` x `columns` elements of `layout` split over `views` (one band each, in their order)
    // in whole multiples of `granularity` rows, each band with `halo` rows of each neighbour. The
    // arrays are allocated on their views now; nothing moves yet.
    split_matrix(const std::vector<accelerator_view>& views, element_layout layout, int rows, int columns, int halo,
                 int granularity = 1);

    std::size_t parts() const { return parts_.size(); }
    int rows() const { return rows_; }
    int columns() const { return columns_; }
    element_layout layout() const { return layout_; }
    const band& band_of(std::size_t part) const { return at(part).rows; }
    const accelerator_view& view_of(std::size_t part) const { return at(part).view; }
    // The band's local rows: an array of local_rows() x columns() on its view.
    const matrix_operand& local(std::size_t part) const { return at(part).local; }

    // Every band's local rows from `grid` (rows() x columns(), of the same element type), sent
    // to every view at once; returns once they are there.
    void scatter(const matrix_operand& grid);
    // Every band's own rows into `grid`, from every view at once; returns once they are there.
    void gather(const matrix_operand& grid) const;
    // Fills every band's halo rows with its neighbours' own rows as they are now on their views:
    // the boundary rows come to pinned host memory from every view at once, then go to the
    // neighbours' halo rows, enqueued on their views (work enqueued there later runs after them).
    // Nothing else moves.
    void exchange_halo();

  private:
    struct band_data {
        band rows;
        accelerator_view view;
        matrix_operand local;
        // Pinned host memory for the band's first and last `halo` own rows, which its neighbours
        // above and below need (empty where there is no such neighbour).
        std::shared_ptr<storage> first_rows, last_rows;
    };
    const band_data& at(std::size_t part) const;
    std::size_t row_bytes() const { return std::size_t(columns_) * layout_.size; }

    std::vector<band_data> parts_;
    element_layout layout_;
    int rows_ = 0;
    int columns_ = 0;
};

// One new accelerator view of every GPU, in accelerator::get_all()'s order (none if there is no GPU).
std::vector<accelerator_view> gpu_views();

// The algorithms over several views (tiles/algorithms.hpp): the same operands, checks and
// results as on one view, bit for bit where the views are of one kind of device.
//
// stencil `iterations` times: output = stencil(input), then stencil(output) into a scratch
// matrix and back, ...; the bands' halos (the mask's radius) are exchanged between iterations.
void stencil(const std::vector<accelerator_view>& views, const matrix_operand& input, const matrix_operand& mask,
             const matrix_operand& output, int iterations);
// gemm by bands of C's rows (and A's), B sent to every view once.
void gemm(const std::vector<accelerator_view>& views, double alpha, const matrix_operand& a, const matrix_operand& b,
          double beta, const matrix_operand& c, gemm_precision precision);
// reduce by bands of the elements: every view combines its own into partials, which the first
// view combines as the one-view reduction does.
void reduce(const std::vector<accelerator_view>& views, const std::shared_ptr<storage>& input, reduction_op op,
            element_type accumulator, void* result);

} // namespace tiles::detail
