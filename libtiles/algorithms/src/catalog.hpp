// libtiles algorithms: what the algorithms' parameter sets share. Each set is described with the
// engine's parameter machinery (parameters/parameter_set.hpp) and looked up through it
// (parameter_lookup.hpp); catalog.cpp hands them all to the engine. Here: the engine's names they
// are written in, the tile a device runs, and the matrices the tuner's workloads run on.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "parameters/parameter_lookup.hpp"
#include "tiles/algorithms/description.hpp"
#include "tiles/element_type.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::algorithms {

// The engine's names the sets are described and looked up in.
using engine::all_of;
using engine::column_fits;
using engine::column_of;
using engine::device_class;
using engine::device_info;
using engine::device_row;
using engine::every_cpu;
using engine::every_device;
using engine::find_set;
using engine::named_parameter;
using engine::nvidia_hopper;
using engine::parameter_set;
using engine::parameter_sets;
using engine::parameter_values;
using engine::row_for;
using engine::row_on;
using engine::rows_fit;
using engine::set_definition;
using engine::typed_set;
using engine::values_on;
using engine::values_text;

// What the catalogue holds of one algorithm: the faces it describes (block_reduce two, block_sum
// and block_average) and its parameter sets.
struct catalog_entry {
    std::vector<const algorithm_description*> descriptions;
    std::vector<const parameter_set*> parameter_sets;
};

// The algorithms, one line each, in the catalogue's order (that of tiles_algorithm_describe):
// `algorithm(name)` stands for name_in_catalog(), which the algorithm's own source defines.
// clang-format off
#define TILES_ALGORITHMS(algorithm) \
    algorithm(reduce)               \
    algorithm(block_reduce)         \
    algorithm(transpose)            \
    algorithm(stencil)              \
    algorithm(gemm)                 \
    algorithm(cholesky)             \
    algorithm(qr)                   \
    algorithm(svd)                  \
    algorithm(eigh)                 \
    algorithm(lu)
// clang-format on

#define TILES_DECLARE_CATALOG_ENTRY(name) catalog_entry name##_in_catalog();
TILES_ALGORITHMS(TILES_DECLARE_CATALOG_ENTRY)
#undef TILES_DECLARE_CATALOG_ENTRY

// Why `device` cannot run a tile of rows x columns work-items (AMP order) with `local_bytes` of
// tile_static memory, where `worst` says for what; "" if it can.
std::string tile_problem(std::size_t rows, std::size_t columns, std::size_t local_bytes, const char* worst,
                         const device_info& device);

// The side of the square matrices of floats the bandwidth-bound sets are timed on, on every
// device, as tiles_bench measures them: more than most caches hold, the sizes where their
// parameters matter. Tuned at a quarter of it, transpose's candidates on a Xeon's PoCL came close
// together in an order that changed from one tuning to the next; at this side the same blocks won
// every tuning (BENCHMARKS.md).
constexpr int tuning_side = 4096;
// A rows x columns matrix of `type` (float or double) on `context` for a workload to run on: each
// element value(i) of its row-major index i, or uninitialized where `value` is empty.
engine::matrix_operand tuning_matrix(const std::shared_ptr<engine::context>& context, element_type type, int rows,
                                     int columns, const std::function<double(std::size_t)>& value = {});
// The values tuning matrices of data hold: each in [-1, 1), with no pattern a cache could exploit.
inline double tuning_value(std::size_t i) { return double(float(i % 251) / 125.5f - 1.0f); }

} // namespace tiles::algorithms
