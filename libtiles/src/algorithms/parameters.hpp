// libtiles algorithms: the launch parameters of each algorithm (tile shapes, work per work-item,
// vector widths), chosen per device from a table of data in parameters.cpp.
#pragma once

namespace tiles::detail {

struct device_info;

struct reduce_parameters {
    int tile_size;        // work-items of a tile
    int items_per_thread; // vectors each work-item combines before the tile's tree
    int vector_width;     // elements a work-item reads at once: 1, 2, 4 or 8
};

struct block_reduce_parameters {
    // A tile holds as many whole blocks as fit in about this many rows and columns of work-items.
    int tile_rows;
    int tile_columns;
    // Each work-item first combines a strip of strip_rows x vector_width elements of its block
    // (1, 2, 4 or 8 elements wide; narrower where the block is).
    int strip_rows;
    int vector_width;
};

struct transpose_parameters {
    // Each tile moves a block_rows x block_columns block; each work-item moves strips of
    // rows_per_thread rows of vector_width elements (1, 2, 4 or 8) of it, in and out.
    int block_rows, block_columns;
    int rows_per_thread;
    int vector_width;
    // Tiles take the blocks in bands of `band` rows of blocks (a power of two), down each
    // column of blocks of a band before the next column; 1 takes them row by row.
    int band;
};

struct gemm_parameters {
    int tile_rows, tile_columns; // work-items of a tile
    int work_rows, work_columns; // elements of C each work-item computes
    int vector_width;            // 1, 2, 4 or 8; divides work_columns and slice
    int slice;                   // depth of the slices of A and B a tile stages at a time
};

struct stencil_parameters {
    int tile_rows, tile_columns; // work-items of a tile
    // Each work-item computes rows_per_thread x vector_width neighbouring outputs; vector_width is
    // 1, 2, 4 or 8.
    int rows_per_thread;
    int vector_width;
};

struct algorithm_parameters {
    reduce_parameters reduce;
    block_reduce_parameters block_reduce;
    transpose_parameters transpose;
    gemm_parameters gemm_float;
    gemm_parameters gemm_double;
    stencil_parameters stencil;
};

// The parameters of the first entry of the table that matches the device.
const algorithm_parameters& parameters_for(const device_info& device);

// Whether the device's entry was measured for it (or for its kind of device), rather than the
// generic starting point that ends the table: a tuner's cue.
bool has_measured_parameters(const device_info& device);

// Whether gemm's kernel can run with these parameters (tiles share their slices evenly).
bool fits_gemm_kernel(const gemm_parameters& p);

} // namespace tiles::detail
