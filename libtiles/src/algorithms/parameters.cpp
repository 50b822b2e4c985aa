// libtiles algorithms: the table of launch parameters, by device. Entries are tried in order
// and the first that matches the device is used, so entries for particular devices (a tuner's
// results) go in front of the defaults for CPUs and for every other device, which end it.
#include "parameters.hpp"

#include <iterator>

#include "../device_info.hpp"

namespace tiles::detail {
namespace {

struct parameter_entry {
    cl_device_type type;       // the entry matches devices of this type (all: any)
    const char* name_contains; // ... whose name contains this ("": any name)
    algorithm_parameters values;
};

// The CPU values are the best of those tried with tiles_bench on PoCL (2 AVX2 cores, see
// BENCHMARKS.md): there every work-item costs a few cycles per stretch between barriers, so
// each does a strip or block of work in 8-wide vectors. The last entry, for every other device,
// takes the H200's values for the bandwidth-bound algorithms (on a GPU, each work-item reading
// several vectors keeps enough loads in flight), and gemm's smaller 64 x 64 tiles of C, which
// the tuner then improves on.
constexpr parameter_entry parameter_table[] = {
    // NVIDIA's H200 (driver 580.159.04): the best of a sweep of each algorithm's parameters with
    // tiles_bench at 8192 x 8192 (gemm at n = 4096; BENCHMARKS.md). gemm_float's 128 x 128 tiles of
    // C fill the GPU from n = 2048 on; at n = 1024 they make only 64 tiles, and 64 x 64 ones
    // would be faster there.
    {CL_DEVICE_TYPE_GPU,
     "H200",
     {/* reduce */ {256, 32, 4},
      /* block_reduce */ {1, 256, 16, 4},
      /* transpose */ {32, 32, 4, 1, 1},
      /* gemm_float */ {16, 16, 8, 8, 4, 16},
      /* gemm_double */ {8, 16, 8, 8, 4, 16},
      /* stencil */ {8, 16, 4, 4}}},
    {CL_DEVICE_TYPE_CPU,
     "",
     {/* reduce */ {8, 256, 8},
      /* block_reduce */ {1, 256, 8, 8},
      /* transpose */ {64, 128, 8, 8, 8},
      /* gemm_float */ {8, 4, 4, 16, 8, 16},
      /* gemm_double */ {8, 4, 6, 8, 8, 16},
      /* stencil */ {4, 16, 8, 8}}},
    {CL_DEVICE_TYPE_ALL,
     "",
     {/* reduce */ {256, 32, 4},
      /* block_reduce */ {1, 256, 16, 4},
      /* transpose */ {32, 32, 4, 1, 1},
      /* gemm_float */ {16, 16, 4, 4, 4, 16},
      /* gemm_double */ {16, 16, 4, 4, 2, 16},
      /* stencil */ {8, 16, 4, 4}}},
};

constexpr bool is_vector_width(int w) { return w == 1 || w == 2 || w == 4 || w == 8; }

constexpr bool is_power_of_two(int n) { return n > 0 && (n & (n - 1)) == 0; }

// gemm's kernel needs tiles that share their slices evenly among their work-items. Beyond these
// bounds (the tuner's candidates', with room to spare) a work-item stages more of the slices in
// registers and private memory than drivers are known to hold: PoCL computes wrong results there.
// Every value is bounded before any product, so nothing overflows whatever a tuning file holds.
constexpr bool valid(const gemm_parameters& g) {
    const auto within = [](int value, int most) { return value >= 1 && value <= most; };
    if (!within(g.tile_rows, 32) || !within(g.tile_columns, 32) || !within(g.work_rows, 16) ||
        !within(g.work_columns, 16) || !is_vector_width(g.vector_width) || !within(g.slice, 64))
        return false;
    const int threads = g.tile_rows * g.tile_columns;
    const int a_vectors = g.tile_rows * g.work_rows * g.slice / g.vector_width;       // A's slice, in vectors
    const int b_vectors = g.slice * g.tile_columns * g.work_columns / g.vector_width; // B's slice
    return g.work_columns % g.vector_width == 0 && g.slice % g.vector_width == 0 && a_vectors % threads == 0 &&
           b_vectors % threads == 0 && (a_vectors + b_vectors) / threads <= 16;
}

constexpr bool valid(const algorithm_parameters& p) {
    return is_vector_width(p.reduce.vector_width) && is_vector_width(p.block_reduce.vector_width) &&
           p.block_reduce.strip_rows > 0 && is_vector_width(p.transpose.vector_width) &&
           p.transpose.block_rows % p.transpose.rows_per_thread == 0 &&
           p.transpose.block_columns % p.transpose.vector_width == 0 &&
           p.transpose.block_columns % p.transpose.rows_per_thread == 0 &&
           p.transpose.block_rows % p.transpose.vector_width == 0 && is_power_of_two(p.transpose.band) &&
           is_vector_width(p.stencil.vector_width) && p.stencil.rows_per_thread > 0 && valid(p.gemm_float) &&
           valid(p.gemm_double);
}

constexpr bool table_is_valid() {
    for (const parameter_entry& entry : parameter_table)
        if (!valid(entry.values)) return false;
    return parameter_table[std::size(parameter_table) - 1].type == CL_DEVICE_TYPE_ALL;
}
static_assert(table_is_valid(), "every entry fits its kernels, and the last one matches every device");

const parameter_entry& entry_for(const device_info& device) {
    for (const parameter_entry& entry : parameter_table)
        if ((device.type & entry.type) != 0 && device.name.find(entry.name_contains) != std::string::npos) return entry;
    return parameter_table[std::size(parameter_table) - 1];
}

} // namespace

const algorithm_parameters& parameters_for(const device_info& device) { return entry_for(device).values; }

bool has_measured_parameters(const device_info& device) {
    return &entry_for(device) != &parameter_table[std::size(parameter_table) - 1];
}

bool fits_gemm_kernel(const gemm_parameters& p) { return valid(p); }

} // namespace tiles::detail
