// libtiles engine: a matrix split over several contexts at once, as the typed shells, the C API
// and the algorithms see it. Its rows are split into bands (tiles/bands.hpp), one per context;
// each context holds an array of its band's local rows (its own rows and the halo rows of its
// neighbours), and between phases only the halo rows move, through pinned host memory, on every
// context at once.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "tiles/bands.hpp"
#include "tiles/element_type.hpp"
#include "tiles/engine/context.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::engine {

class split_matrix {
  public:
    // `rows` x `columns` elements of `layout` split over `contexts` (one band each, in their
    // order) in whole multiples of `granularity` rows, each band with `halo` rows of each
    // neighbour. The arrays are allocated on their contexts now; nothing moves yet.
    split_matrix(const std::vector<std::shared_ptr<context>>& contexts, element_layout layout, int rows, int columns,
                 int halo, int granularity = 1);
    // A `rows` x `columns` matrix held whole on every one of `contexts`: each band is a copy of all
    // of it, without halos (an operand every band of another split reads whole, as gemm's B). A
    // scatter sends the same host memory to every context at once; a gather or a reduction reads
    // the first copy.
    static split_matrix copies(const std::vector<std::shared_ptr<context>>& contexts, element_layout layout, int rows,
                               int columns);

    // A new split matrix of the same shape and element type, with the same bands and halos on the
    // same contexts (a scratch matrix to iterate between); nothing moves. It shares this one's
    // pinned memory for the halo rows: the two exchange in turn, never at once, and pinning new
    // host memory costs as much as moving it (about 0.4 ms a halo row of 32768 floats over four
    // H200s).
    split_matrix same_bands() const;

    std::size_t parts() const { return parts_.size(); }
    int rows() const { return rows_; }
    int columns() const { return columns_; }
    element_layout layout() const { return layout_; }
    // Whether every band holds the whole matrix (copies()); else each holds its own rows.
    bool holds_copies() const { return holds_copies_; }
    // The bands that hold the matrix once, from band 0: all of them, or the first of copies.
    std::size_t distinct_parts() const { return holds_copies_ ? 1 : parts_.size(); }
    const band& band_of(std::size_t part) const { return at(part).rows; }
    const std::shared_ptr<context>& context_of(std::size_t part) const { return at(part).context; }
    // The band's local rows: an array of local_rows() x columns() on its context.
    const matrix_operand& local(std::size_t part) const { return at(part).local; }

    // Every band's local rows from `grid` (rows() x columns(), of the same element type), sent
    // to every context at once; returns once they are there.
    void scatter(const matrix_operand& grid);
    // Every band's own rows into `grid`, from every context at once; returns once they are there.
    void gather(const matrix_operand& grid) const;
    // Fills every band's halo rows with its neighbours' own rows as they are now on their
    // contexts: the boundary rows come to pinned host memory from every context at once, then go
    // to the neighbours' halo rows, enqueued on their contexts (work enqueued there later runs
    // after them). Nothing else moves.
    void exchange_halo();

  private:
    struct sharing_staging {};
    split_matrix(const split_matrix& bands_of, sharing_staging);
    split_matrix(element_layout layout, int rows, int columns, int halo, int granularity);
    // Adds band `b` of local_rows() x columns() on `on`, with its pinned memory for the halo rows.
    void add_band(const band& b, const std::shared_ptr<engine::context>& on);

    struct band_data {
        band rows;
        std::shared_ptr<engine::context> context;
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
    int halo_ = 0;
    int granularity_ = 1;
    bool holds_copies_ = false;
};

// One piece of host memory to copy into the whole of a storage on a context.
struct host_piece {
    storage* to;
    const void* from;
};
// Copies every piece at once, each on a thread of its own (the host's side of a copy from host
// memory runs on the thread that asks for it); returns once all are there.
void copy_in_at_once(const std::vector<host_piece>& pieces);

// One new context of every GPU, in the order of the devices (none if there is no GPU).
std::vector<std::shared_ptr<context>> gpu_contexts();

} // namespace tiles::engine
