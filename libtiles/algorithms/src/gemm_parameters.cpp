// libtiles algorithms: gemm's parameter sets: their bounds, what a device must hold of them, their
// values for each kind of device, and what the tuner tries and times.
#include "gemm_parameters.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "catalog.hpp"
#include "support.hpp"
#include "tiles/algorithms/gemm.hpp"

namespace tiles::algorithms {
namespace {

// Tiles share their slices evenly among their work-items. Beyond these bounds (the tuner's
// candidates', with room to spare) a work-item stages more of the slices in registers and
// private memory than drivers are known to hold: PoCL computes wrong results there.
constexpr named_parameter<gemm_parameters> gemm_parameters_named[] = {
    {"TILE_ROWS", &gemm_parameters::tile_rows, 1, 32},
    {"TILE_COLUMNS", &gemm_parameters::tile_columns, 1, 32},
    {"WORK_ROWS", &gemm_parameters::work_rows, 1, 16},
    {"WORK_COLUMNS", &gemm_parameters::work_columns, 1, 16},
    {"VECTOR_WIDTH", &gemm_parameters::vector_width, 1, 8, parameter_values::vector_width},
    {"SLICE", &gemm_parameters::slice, 1, 64}};

constexpr const char* kernel_problem(const gemm_parameters& g) {
    if (g.work_columns % g.vector_width != 0 || g.slice % g.vector_width != 0)
        return "VECTOR_WIDTH must divide WORK_COLUMNS and SLICE";
    const int threads = g.tile_rows * g.tile_columns;
    const int a_vectors = g.tile_rows * g.work_rows * g.slice / g.vector_width;       // A's slice, in vectors
    const int b_vectors = g.slice * g.tile_columns * g.work_columns / g.vector_width; // B's slice
    if (a_vectors % threads != 0 || b_vectors % threads != 0)
        return "the work-items must share the vectors of A's and B's slices evenly";
    return (a_vectors + b_vectors) / threads <= 16 ? nullptr : "each work-item would stage more than 16 vectors";
}

// A warp's part of C lies in its registers: 4096 sums at the most.
constexpr named_parameter<mma_gemm_parameters> mma_parameters_named[] = {
    {"WARPS_DOWN", &mma_gemm_parameters::warps_down, 1, 8},
    {"WARPS_ACROSS", &mma_gemm_parameters::warps_across, 1, 8},
    {"WARP_ROWS", &mma_gemm_parameters::warp_rows, 16, 128, parameter_values::any, 16},
    {"WARP_COLUMNS", &mma_gemm_parameters::warp_columns, 8, 128, parameter_values::any, 8},
    {"SLICE_STEPS", &mma_gemm_parameters::slice_steps, 1, 8},
    {"TENSOR_CORES", &mma_gemm_parameters::tensor_cores, 0, 2}};

constexpr const char* kernel_problem(const mma_gemm_parameters& g) {
    return g.warp_rows * g.warp_columns <= 64 * 64
               ? nullptr
               : "a warp's part of C must be at most 64 x 64 elements (4096 sums in registers)";
}

// The slices a tile stages, of elements of `element_size` bytes.
std::string staging_problem(const gemm_parameters& p, const device_info& device, std::size_t element_size) {
    const std::size_t staged = std::size_t(p.tile_rows * p.work_rows + p.tile_columns * p.work_columns) * p.slice;
    return tile_problem(std::size_t(p.tile_rows), std::size_t(p.tile_columns), staged * element_size, "", device);
}

// The bytes of one stage of gemm_mma.cl's slices: A's rows of the slice and B's rows of k, of
// elements packed `k_pack` to a word (1: floats, 2: 16-bit floats), padded as the kernel pads them.
std::size_t mma_stage_bytes(const mma_gemm_parameters& p, std::size_t k_pack) {
    const std::size_t block_rows = std::size_t(p.warps_down) * p.warp_rows;
    const std::size_t block_columns = std::size_t(p.warps_across) * p.warp_columns;
    const std::size_t slice = 8 * k_pack * std::size_t(p.slice_steps);
    const std::size_t b_data_words = block_columns / k_pack, remainder = k_pack == 1 ? 8 : 4;
    const std::size_t b_row_words = b_data_words + (32 + remainder - b_data_words % 32) % 32;
    return 4 * (block_rows * (8 * std::size_t(p.slice_steps) + 4) + slice * b_row_words);
}

std::string mma_problem(const mma_gemm_parameters& p, const device_info& device) {
    // Two stages of the larger layout, the emulation's exchange of fragments, and the 256 bytes
    // the kernel leaves to the compiler.
    const std::size_t warps = std::size_t(p.warps_down) * p.warps_across;
    const std::size_t exchange = device.ptx_tensor_cores ? 0 : warps * (16 + 8) * 8 * 4;
    const std::size_t stages = 2 * std::max(mma_stage_bytes(p, 1), mma_stage_bytes(p, 2));
    return tile_problem(warps, 32, stages + exchange + 256, "for two stages of slices", device);
}

// ---- The values for each kind of device --------------------------------------------------------

// What gemm runs with on one kind of device: each of its sets, and the size of C below which the
// _small sets serve.
struct gemm_values {
    gemm_parameters float_large, float_small, double_precision;
    mma_gemm_parameters mma, mma_tf32x3, mma_small;
    int small_below; // 0: no product takes the _small sets
};

// Hopper (NVIDIA's compute capability 9.x: the H100, H200, GH200 and H20), as measured on the
// H200 (driver 580.159.04): the best of a sweep with tiles_bench at n = 4096 (BENCHMARKS.md). Its
// float tiles of C are 128 x 128, which fill the GPU from n = 2048 on, and below that 128 x 64,
// which make enough of them for its 132 multiprocessors; the large tiles' slices are 8 deep, where
// 16 would take a work-item past the 128 registers that let two tiles share a multiprocessor; its
// warps each compute 64 x 64 of C (32 x 32 below n = 2048), so that each fragment loaded from tile_static memory serves
// 8 (4) mma instructions; tf32x3's slices are one step deep, where two would need more than the 255 registers a
// work-item has. CPUs: the best tried on PoCL, where every work-item costs a few cycles per stretch between barriers,
// so that each computes a block of C in 8-wide vectors. Every other device: smaller 64 x 64 tiles of C, which the tuner
// then improves on. Every row lets the precisions use tensor cores where the device has them (TENSOR_CORES 1). A row a
// class of devices (device_class.hpp), laid out by hand: its values in the columns gemm_values names.
// clang-format off
constexpr device_row<gemm_values> gemm_table[] = {
    //                     gemm_float             gemm_float_small       gemm_double
    //                     gemm_mma               gemm_mma_tf32x3        gemm_mma_small        small_below
    {nvidia_hopper, {{16, 16, 8, 8, 4, 8},  {16, 16, 8, 4, 4, 16}, {8, 16, 8, 8, 4, 16},
                     {2, 2, 64, 64, 2, 1},  {2, 2, 64, 64, 1, 1},  {2, 2, 32, 32, 2, 1},  2048 * 2048}},
    {every_cpu,     {{8, 4, 4, 16, 8, 16},  {8, 4, 4, 16, 8, 16},  {8, 4, 6, 8, 8, 16},
                     {2, 2, 32, 32, 1, 1},  {2, 2, 32, 32, 1, 1},  {2, 2, 32, 32, 1, 1},  0}},
    {every_device,  {{16, 16, 4, 4, 4, 16}, {16, 16, 4, 4, 4, 16}, {16, 16, 4, 4, 2, 16},
                     {2, 2, 64, 64, 2, 1},  {2, 2, 64, 64, 1, 1},  {2, 2, 32, 32, 2, 1},  0}},
};
// clang-format on
static_assert(column_fits(gemm_table, &gemm_values::float_large, gemm_parameters_named, kernel_problem) &&
                  column_fits(gemm_table, &gemm_values::float_small, gemm_parameters_named, kernel_problem) &&
                  column_fits(gemm_table, &gemm_values::double_precision, gemm_parameters_named, kernel_problem) &&
                  column_fits(gemm_table, &gemm_values::mma, mma_parameters_named, kernel_problem) &&
                  column_fits(gemm_table, &gemm_values::mma_tf32x3, mma_parameters_named, kernel_problem) &&
                  column_fits(gemm_table, &gemm_values::mma_small, mma_parameters_named, kernel_problem),
              "every row fits the kernels, and the last matches every device");

// ---- What the tuner tries and times ------------------------------------------------------------

// Tiles of C from 64x64 to 128x128, 4 to 64 elements per work-item, slices of 8 to 32.
const gemm_parameters gemm_candidates[] = {
    {16, 16, 4, 4, 4, 16}, {16, 16, 8, 8, 4, 16}, {16, 16, 8, 8, 4, 32}, {16, 16, 8, 8, 8, 16}, {16, 16, 8, 4, 4, 16},
    {16, 16, 4, 8, 4, 16}, {8, 16, 8, 8, 4, 16},  {16, 8, 8, 8, 4, 16},  {32, 8, 4, 8, 4, 16},  {8, 8, 8, 8, 4, 16},
    {16, 16, 8, 8, 2, 8},  {16, 16, 6, 8, 4, 16}, {8, 4, 4, 16, 8, 16},  {8, 4, 6, 8, 8, 16},   {16, 16, 8, 4, 4, 8},
    {16, 16, 8, 4, 4, 32}, {8, 16, 8, 4, 4, 16},  {16, 16, 4, 8, 4, 8},  {32, 8, 4, 4, 4, 16},  {16, 16, 8, 8, 4, 8}};
// Blocks of C from 64x64 to 256x128, warps' parts from 32x32 to 64x64, slices of 1 or 2 steps
// (two stages of longer ones pass the 48 KiB a tile has on NVIDIA's OpenCL); TENSOR_CORES is the
// value in effect.
const mma_gemm_parameters mma_candidates[] = {
    {2, 2, 64, 64, 1, 1}, {2, 2, 64, 64, 2, 1}, {2, 4, 64, 32, 1, 1}, {2, 4, 64, 32, 2, 1}, {4, 2, 32, 64, 1, 1},
    {4, 2, 32, 64, 2, 1}, {2, 4, 64, 64, 1, 1}, {4, 2, 64, 64, 1, 1}, {2, 2, 32, 32, 1, 1}, {2, 2, 32, 32, 2, 1},
    {2, 2, 64, 32, 1, 1}, {2, 2, 32, 64, 1, 1}, {1, 2, 64, 64, 1, 1}, {4, 4, 32, 32, 1, 1}};

void keep_tensor_cores(mma_gemm_parameters& candidate, const mma_gemm_parameters& current) {
    candidate.tensor_cores = current.tensor_cores;
}

// The side of the square product a set is timed on: one of its class (the _small sets below the
// device's switch, the others at it or above), which keeps a GPU busy for a while and a CPU for a
// few milliseconds. gemm's work is compute-bound: no cache is read through before it.
int workload_side(const device_info& device, bool small, bool mma) {
    const bool gpu = device.is_gpu();
    const int below = small_gemm_below(device);
    int n = gpu ? (small ? 1024 : mma ? 4096 : 2048) : (small ? 256 : 512);
    if (below > 0) {
        const int switch_side = int(std::ceil(std::sqrt(double(below))));
        n = small ? std::min(n, switch_side - 1) : std::max(n, switch_side);
    }
    return n;
}

std::function<void()> product_workload(const std::shared_ptr<context>& context, element_type type, bool small, bool mma,
                                       gemm_precision precision) {
    const int n = workload_side(*narrow(*context).device(), small, mma);
    const matrix_operand a = type == element_type::float64
                                 ? tuning_matrix(context, type, n, n, [](std::size_t) { return 0.5; })
                                 : tuning_matrix(context, type, n, n, tuning_value);
    const matrix_operand c = tuning_matrix(context, type, n, n);
    return [context, a, c, precision] { gemm(context, 1.0, a, a, 0.0, c, precision); };
}

std::string unused_below_switch(const char* set, const device_info& device) {
    return small_gemm_below(device) == 0 ? std::string("the table never uses ") + set + " on '" + device.name + "'"
                                         : "";
}

std::string mma_not_tunable(const char* set, bool small, const device_info& device,
                            const mma_gemm_parameters& current) {
    if (small && small_gemm_below(device) == 0) return unused_below_switch(set, device);
    if (!device.ptx_tensor_cores)
        return "'" + device.name + "' has no tensor cores libtiles reaches (NVIDIA's, sm_80 on)";
    return current.tensor_cores == 0 ? std::string(set) + "'s TENSOR_CORES is 0" : "";
}

// The definition of a register-blocked set: its name, its column of gemm_table, the bytes of its elements, how the
// tuner times it (products of `type` elements, below the device's switch for `small`), and why it
// would not be tuned on a device (optional).
set_definition<gemm_parameters> register_blocked_set(const char* name, gemm_parameters gemm_values::*column,
                                                     std::size_t element_size, element_type type, bool small,
                                                     std::function<std::string(const device_info&)> not_tunable) {
    return {name,
            all_of(gemm_parameters_named),
            column_of(gemm_table, column),
            kernel_problem,
            [element_size](const gemm_parameters& p, const device_info& device) {
                return staging_problem(p, device, element_size);
            },
            all_of(gemm_candidates),
            [type, small](const std::shared_ptr<context>& context) {
                return product_workload(context, type, small, false, gemm_precision::exact);
            },
            false,
            [not_tunable](const device_info& device, const gemm_parameters&) {
                return not_tunable ? not_tunable(device) : std::string();
            }};
}

// The definition of a tensor-core set, timed on products at `precision`; the tuner keeps its TENSOR_CORES as it is.
set_definition<mma_gemm_parameters> tensor_core_set(const char* name, mma_gemm_parameters gemm_values::*column,
                                                    bool small, gemm_precision precision) {
    return {name,
            all_of(mma_parameters_named),
            column_of(gemm_table, column),
            kernel_problem,
            mma_problem,
            all_of(mma_candidates),
            [small, precision](const std::shared_ptr<context>& context) {
                return product_workload(context, element_type::float32, small, true, precision);
            },
            false,
            [name, small](const device_info& device, const mma_gemm_parameters& current) {
                return mma_not_tunable(name, small, device, current);
            },
            keep_tensor_cores};
}

} // namespace

const typed_set<gemm_parameters>& gemm_float_set() {
    static const engine::immortal<typed_set<gemm_parameters>> set(
        register_blocked_set("gemm_float", &gemm_values::float_large, 4, element_type::float32, false, nullptr));
    return *set;
}

const typed_set<gemm_parameters>& gemm_float_small_set() {
    static const engine::immortal<typed_set<gemm_parameters>> set(register_blocked_set(
        "gemm_float_small", &gemm_values::float_small, 4, element_type::float32, true,
        [](const device_info& device) { return unused_below_switch("gemm_float_small", device); }));
    return *set;
}

const typed_set<gemm_parameters>& gemm_double_set() {
    static const engine::immortal<typed_set<gemm_parameters>> set(register_blocked_set(
        "gemm_double", &gemm_values::double_precision, 8, element_type::float64, false, [](const device_info& device) {
            return device.fp64 ? std::string() : "'" + device.name + "' has no double precision";
        }));
    return *set;
}

const typed_set<mma_gemm_parameters>& gemm_mma_set() {
    static const engine::immortal<typed_set<mma_gemm_parameters>> set(
        tensor_core_set("gemm_mma", &gemm_values::mma, false, gemm_precision::tf32));
    return *set;
}

const typed_set<mma_gemm_parameters>& gemm_mma_tf32x3_set() {
    static const engine::immortal<typed_set<mma_gemm_parameters>> set(
        tensor_core_set("gemm_mma_tf32x3", &gemm_values::mma_tf32x3, false, gemm_precision::tf32x3));
    return *set;
}

const typed_set<mma_gemm_parameters>& gemm_mma_small_set() {
    static const engine::immortal<typed_set<mma_gemm_parameters>> set(
        tensor_core_set("gemm_mma_small", &gemm_values::mma_small, true, gemm_precision::tf32));
    return *set;
}

int small_gemm_below(const device_info& device) { return row_for(gemm_table, device).small_below; }

int small_gemm_below(const std::shared_ptr<engine::context>& context) {
    return row_on(gemm_table, *context).small_below;
}

} // namespace tiles::algorithms
