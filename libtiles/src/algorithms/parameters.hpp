// libtiles algorithms: the launch parameters of each algorithm (tile shapes, work per work-item,
// vector widths) as named data. Each parameter is named once, below; the name is its -D option in
// the kernel's build, its key in the tuning file and in tiles_parameters_set. A device's values
// come from the table in parameters.cpp, which a tuning file and overrides may stand in for
// (parameter_lookup.hpp).
#pragma once

#include <string>
#include <vector>

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
    // 1: a tile stages its block in tile_static memory, so that its writes of output run along
    // whole rows of the block (GPUs); 0: each work-item transposes its strips in registers and
    // writes them straight to output (CPUs, whose tile_static memory is cached memory like any).
    int through_tile_static;
};

struct stencil_parameters {
    int tile_rows, tile_columns; // work-items of a tile
    // Each work-item computes rows_per_thread x vector_width neighbouring outputs; vector_width is
    // 1, 2, 4 or 8.
    int rows_per_thread;
    int vector_width;
    // 1: each work-item reads aligned vectors of tile_static memory and shifts what it needs out of
    // them in registers (GPUs); 0: it reads the shifted vectors from tile_static memory (CPUs).
    int shift_in_registers;
};

struct gemm_parameters {
    int tile_rows, tile_columns; // work-items of a tile
    int work_rows, work_columns; // elements of C each work-item computes
    int vector_width;            // 1, 2, 4 or 8; divides work_columns and slice
    int slice;                   // depth of the slices of A and B a tile stages at a time
};

// The tensor-core gemm (kernels/gemm_mma.cl), which gemm's precisions other than exact run.
struct mma_gemm_parameters {
    int warps_down, warps_across; // warps of 32 work-items in a tile
    int warp_rows, warp_columns;  // the part of C each warp computes: multiples of 16 and of 8
    int slice_steps;              // steps of the mma instruction's depth in one staged slice
    // 0: the precisions other than exact compute as exact does, on the float kernel; 1: on tensor
    // cores where the device has them (NVIDIA's, sm_80 on), else as 0; 2: on tensor cores, or on
    // their exact emulation where the device has none (slow: for checking the kernel).
    int tensor_cores;
};

// A parameter: its name, and where a set holds its value.
template <class Set> struct named_parameter {
    const char* name;
    int Set::*member;
};

// Each kind of set's parameters, named once.
template <class Set> struct parameter_names;
template <> struct parameter_names<reduce_parameters> {
    static constexpr named_parameter<reduce_parameters> list[] = {
        {"TILE_SIZE", &reduce_parameters::tile_size},
        {"ITEMS_PER_THREAD", &reduce_parameters::items_per_thread},
        {"VECTOR_WIDTH", &reduce_parameters::vector_width}};
};
template <> struct parameter_names<block_reduce_parameters> {
    static constexpr named_parameter<block_reduce_parameters> list[] = {
        {"TILE_ROWS", &block_reduce_parameters::tile_rows},
        {"TILE_COLUMNS", &block_reduce_parameters::tile_columns},
        {"STRIP_ROWS", &block_reduce_parameters::strip_rows},
        {"VECTOR_WIDTH", &block_reduce_parameters::vector_width}};
};
template <> struct parameter_names<transpose_parameters> {
    static constexpr named_parameter<transpose_parameters> list[] = {
        {"BLOCK_ROWS", &transpose_parameters::block_rows},
        {"BLOCK_COLUMNS", &transpose_parameters::block_columns},
        {"ROWS_PER_THREAD", &transpose_parameters::rows_per_thread},
        {"VECTOR_WIDTH", &transpose_parameters::vector_width},
        {"BAND", &transpose_parameters::band},
        {"THROUGH_TILE_STATIC", &transpose_parameters::through_tile_static}};
};
template <> struct parameter_names<stencil_parameters> {
    static constexpr named_parameter<stencil_parameters> list[] = {
        {"TILE_ROWS", &stencil_parameters::tile_rows},
        {"TILE_COLUMNS", &stencil_parameters::tile_columns},
        {"ROWS_PER_THREAD", &stencil_parameters::rows_per_thread},
        {"VECTOR_WIDTH", &stencil_parameters::vector_width},
        {"SHIFT_IN_REGISTERS", &stencil_parameters::shift_in_registers}};
};
template <> struct parameter_names<gemm_parameters> {
    static constexpr named_parameter<gemm_parameters> list[] = {
        {"TILE_ROWS", &gemm_parameters::tile_rows},       {"TILE_COLUMNS", &gemm_parameters::tile_columns},
        {"WORK_ROWS", &gemm_parameters::work_rows},       {"WORK_COLUMNS", &gemm_parameters::work_columns},
        {"VECTOR_WIDTH", &gemm_parameters::vector_width}, {"SLICE", &gemm_parameters::slice}};
};
template <> struct parameter_names<mma_gemm_parameters> {
    static constexpr named_parameter<mma_gemm_parameters> list[] = {
        {"WARPS_DOWN", &mma_gemm_parameters::warps_down},   {"WARPS_ACROSS", &mma_gemm_parameters::warps_across},
        {"WARP_ROWS", &mma_gemm_parameters::warp_rows},     {"WARP_COLUMNS", &mma_gemm_parameters::warp_columns},
        {"SLICE_STEPS", &mma_gemm_parameters::slice_steps}, {"TENSOR_CORES", &mma_gemm_parameters::tensor_cores}};
};

// "-DNAME=value ..." for each of the set's parameters: the kernel's build options.
template <class Set> std::string build_options(const Set& p) {
    std::string options;
    for (const auto& parameter : parameter_names<Set>::list)
        options +=
            (options.empty() ? "-D" : " -D") + std::string(parameter.name) + "=" + std::to_string(p.*parameter.member);
    return options;
}

// Every algorithm's parameters for one device: the sets, each by name.
struct algorithm_parameters {
    reduce_parameters reduce;
    block_reduce_parameters block_reduce;
    transpose_parameters transpose;
    stencil_parameters stencil;
    gemm_parameters gemm_float;       // products whose C has at least small_gemm_below elements
    gemm_parameters gemm_float_small; // the others: smaller tiles, so that there are enough of them
    gemm_parameters gemm_double;
    mma_gemm_parameters gemm_mma;
    // tf32x3's products at gemm_mma's sizes: it holds two parts of each fragment, so that registers
    // may call for other shapes (shorter slices) than the other precisions'.
    mma_gemm_parameters gemm_mma_tf32x3;
    mma_gemm_parameters gemm_mma_small;
    // Products whose C has fewer elements than this use the _small sets (a property of the
    // device's entry, not a parameter of any kernel).
    int small_gemm_below;
};

// One set seen by name, its values in the order of its parameters' names: what the tuning file,
// the overrides and the tuner work with.
struct set_description {
    const char* name;
    std::vector<const char*> parameters;
    std::vector<int> (*read)(const algorithm_parameters& all);
    void (*write)(algorithm_parameters& all, const std::vector<int>& values);
    // Why the set's kernel cannot run with `values` on `device`, naming the numbers; "" if it can.
    std::string (*problem)(const std::vector<int>& values, const device_info& device);
};

// Every set: reduce, block_reduce, transpose, stencil, gemm_float, gemm_float_small, gemm_double,
// gemm_mma, gemm_mma_tf32x3, gemm_mma_small.
const std::vector<set_description>& set_descriptions();
// The set named `name`; nullptr if there is none.
const set_description* find_set(const std::string& name);
// "TILE_ROWS=16 TILE_COLUMNS=16 ...": a set's values as the tuning file and messages write them.
std::string values_text(const set_description& set, const std::vector<int>& values);

// The parameters of the first entry of the table that matches the device.
const algorithm_parameters& shipped_parameters(const device_info& device);

// The parameters of the entry a device named `device` gets ("gpu", "cpu": one of that type that
// no entry names), for checking kernels as they run there; null if no entry is for it.
const algorithm_parameters* parameters_named(const std::string& device);

// Whether the device's entry was measured for it (or for its kind of device), rather than the
// generic starting point that ends the table: a tuner's cue.
bool has_measured_parameters(const device_info& device);

// Whether the device has the tensor cores gemm_mma.cl reaches through inline PTX: an NVIDIA
// device of compute capability 8.0 or later.
bool has_ptx_tensor_cores(const device_info& device);

} // namespace tiles::detail
