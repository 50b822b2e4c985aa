// libtiles algorithms: the table of launch parameters, by device, and what each set of them must
// satisfy for its kernel to run. Entries are tried in order and the first that matches the device
// is used, so entries for particular devices go in front of the defaults for CPUs and for every
// other device, which end it.
#include "parameters.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <mutex>
#include <sstream>
#include <tuple>
#include <type_traits>
#include <utility>

#include "../device_info.hpp"

namespace tiles::detail {
namespace {

struct parameter_entry {
    cl_device_type type;       // the entry matches devices of this type (all: any)
    const char* name_contains; // ... whose name contains this ("": any name)
    algorithm_parameters values;
};

// The CPU values are the best of those tried with tiles_bench on PoCL (2 AVX2 cores, see
// BENCHMARKS.md; transpose's on 2 AVX-512 cores, and the tuner's pick there): there every
// work-item costs a few cycles per stretch between barriers, so each does a strip or block of
// work in 8-wide vectors, and transpose's work-items write their squares straight to output,
// with no barrier. The last entry, for every other device, takes the H200's values for the
// bandwidth-bound algorithms (on a GPU, each work-item reading several vectors keeps enough
// loads in flight), and gemm's smaller 64 x 64 tiles of C, which the tuner then improves on.
// Every entry lets gemm's precisions use tensor cores where the device has them (TENSOR_CORES 1).
constexpr parameter_entry parameter_table[] = {
    // NVIDIA's H200 (driver 580.159.04): the best of a sweep of each algorithm's parameters with
    // tiles_bench at 8192 x 8192 (gemm at n = 4096; BENCHMARKS.md). gemm_float's 128 x 128 tiles of
    // C fill the GPU from n = 2048 on; below, 128 x 64 tiles make enough of them for its 132
    // multiprocessors (at n = 1024, 1.11x what 64 x 64 ones do). The tensor-core gemm's warps each
    // compute 64 x 64 of C (32 x 32 below n = 2048), so that each fragment loaded from tile_static
    // memory serves 8 (4) mma instructions; tf32x3's slices are one step deep, where two would
    // need more than the 255 registers a work-item has (1.08x at n = 8192).
    {CL_DEVICE_TYPE_GPU,
     "H200",
     {/* reduce */ {256, 32, 4},
      /* block_reduce */ {1, 256, 16, 4},
      /* transpose */ {32, 32, 4, 1, 1, 1},
      /* stencil */ {8, 16, 4, 4, 1},
      /* gemm_float */ {16, 16, 8, 8, 4, 16},
      /* gemm_float_small */ {16, 16, 8, 4, 4, 16},
      /* gemm_double */ {8, 16, 8, 8, 4, 16},
      /* gemm_mma */ {2, 2, 64, 64, 2, 1},
      /* gemm_mma_tf32x3 */ {2, 2, 64, 64, 1, 1},
      /* gemm_mma_small */ {2, 2, 32, 32, 2, 1},
      /* small_gemm_below */ 2048 * 2048}},
    {CL_DEVICE_TYPE_CPU,
     "",
     {/* reduce */ {8, 256, 8},
      /* block_reduce */ {1, 256, 8, 8},
      /* transpose */ {64, 256, 8, 8, 8, 0},
      /* stencil */ {4, 16, 8, 8, 0},
      /* gemm_float */ {8, 4, 4, 16, 8, 16},
      /* gemm_float_small */ {8, 4, 4, 16, 8, 16},
      /* gemm_double */ {8, 4, 6, 8, 8, 16},
      /* gemm_mma */ {2, 2, 32, 32, 1, 1},
      /* gemm_mma_tf32x3 */ {2, 2, 32, 32, 1, 1},
      /* gemm_mma_small */ {2, 2, 32, 32, 1, 1},
      /* small_gemm_below */ 0}},
    {CL_DEVICE_TYPE_ALL,
     "",
     {/* reduce */ {256, 32, 4},
      /* block_reduce */ {1, 256, 16, 4},
      /* transpose */ {32, 32, 4, 1, 1, 1},
      /* stencil */ {8, 16, 4, 4, 1},
      /* gemm_float */ {16, 16, 4, 4, 4, 16},
      /* gemm_float_small */ {16, 16, 4, 4, 4, 16},
      /* gemm_double */ {16, 16, 4, 4, 2, 16},
      /* gemm_mma */ {2, 2, 64, 64, 2, 1},
      /* gemm_mma_tf32x3 */ {2, 2, 64, 64, 1, 1},
      /* gemm_mma_small */ {2, 2, 32, 32, 2, 1},
      /* small_gemm_below */ 0}},
};

constexpr bool is_vector_width(int w) { return w == 1 || w == 2 || w == 4 || w == 8; }

constexpr bool is_power_of_two(int n) { return n > 0 && (n & (n - 1)) == 0; }

constexpr bool within(int value, int most) { return value >= 1 && value <= most; }

// Why a set's kernel cannot run with its values, whatever the device; nullptr if it can. Every
// value is bounded before any product, so nothing overflows whatever a tuning file or an override
// holds, and the bounds keep each work-item's registers within what drivers are known to hold.
constexpr const char* kernel_problem(const reduce_parameters& p) {
    if (!within(p.tile_size, 1024) || !within(p.items_per_thread, 4096))
        return "TILE_SIZE must be 1 to 1024 and ITEMS_PER_THREAD 1 to 4096";
    return is_vector_width(p.vector_width) ? nullptr : "VECTOR_WIDTH must be 1, 2, 4 or 8";
}

constexpr const char* kernel_problem(const block_reduce_parameters& p) {
    if (!within(p.tile_rows, 1024) || !within(p.tile_columns, 1024) || !within(p.strip_rows, 1024))
        return "TILE_ROWS, TILE_COLUMNS and STRIP_ROWS must be 1 to 1024";
    return is_vector_width(p.vector_width) ? nullptr : "VECTOR_WIDTH must be 1, 2, 4 or 8";
}

constexpr const char* kernel_problem(const transpose_parameters& p) {
    if (!within(p.block_rows, 1024) || !within(p.block_columns, 1024) || !within(p.rows_per_thread, 64))
        return "BLOCK_ROWS and BLOCK_COLUMNS must be 1 to 1024 and ROWS_PER_THREAD 1 to 64";
    if (!is_vector_width(p.vector_width)) return "VECTOR_WIDTH must be 1, 2, 4 or 8";
    if (p.block_rows % p.rows_per_thread != 0 || p.block_columns % p.rows_per_thread != 0 ||
        p.block_rows % p.vector_width != 0 || p.block_columns % p.vector_width != 0)
        return "ROWS_PER_THREAD and VECTOR_WIDTH must both divide BLOCK_ROWS and BLOCK_COLUMNS";
    if (p.through_tile_static != 0 && p.through_tile_static != 1) return "THROUGH_TILE_STATIC must be 0 or 1";
    if (p.through_tile_static == 0 && (p.vector_width == 1 || p.rows_per_thread % p.vector_width != 0))
        return "THROUGH_TILE_STATIC 0 needs a VECTOR_WIDTH above 1 that divides ROWS_PER_THREAD";
    return is_power_of_two(p.band) && p.band <= 1024 ? nullptr : "BAND must be a power of two up to 1024";
}

constexpr const char* kernel_problem(const stencil_parameters& p) {
    if (!within(p.tile_rows, 1024) || !within(p.tile_columns, 1024) || !within(p.rows_per_thread, 16))
        return "TILE_ROWS and TILE_COLUMNS must be 1 to 1024 and ROWS_PER_THREAD 1 to 16";
    if (p.shift_in_registers != 0 && p.shift_in_registers != 1) return "SHIFT_IN_REGISTERS must be 0 or 1";
    return is_vector_width(p.vector_width) ? nullptr : "VECTOR_WIDTH must be 1, 2, 4 or 8";
}

// Tiles share their slices evenly among their work-items. Beyond these bounds (the tuner's
// candidates', with room to spare) a work-item stages more of the slices in registers and
// private memory than drivers are known to hold: PoCL computes wrong results there.
constexpr const char* kernel_problem(const gemm_parameters& g) {
    if (!within(g.tile_rows, 32) || !within(g.tile_columns, 32) || !within(g.work_rows, 16) ||
        !within(g.work_columns, 16) || !within(g.slice, 64))
        return "TILE_ROWS and TILE_COLUMNS must be 1 to 32, WORK_ROWS and WORK_COLUMNS 1 to 16, and SLICE 1 to 64";
    if (!is_vector_width(g.vector_width)) return "VECTOR_WIDTH must be 1, 2, 4 or 8";
    if (g.work_columns % g.vector_width != 0 || g.slice % g.vector_width != 0)
        return "VECTOR_WIDTH must divide WORK_COLUMNS and SLICE";
    const int threads = g.tile_rows * g.tile_columns;
    const int a_vectors = g.tile_rows * g.work_rows * g.slice / g.vector_width;       // A's slice, in vectors
    const int b_vectors = g.slice * g.tile_columns * g.work_columns / g.vector_width; // B's slice
    if (a_vectors % threads != 0 || b_vectors % threads != 0)
        return "the work-items must share the vectors of A's and B's slices evenly";
    return (a_vectors + b_vectors) / threads <= 16 ? nullptr : "each work-item would stage more than 16 vectors";
}

constexpr const char* kernel_problem(const mma_gemm_parameters& g) {
    if (!within(g.warps_down, 8) || !within(g.warps_across, 8) || !within(g.slice_steps, 8))
        return "WARPS_DOWN and WARPS_ACROSS must be 1 to 8, and SLICE_STEPS 1 to 8";
    if (!within(g.warp_rows, 128) || g.warp_rows % 16 != 0 || !within(g.warp_columns, 128) || g.warp_columns % 8 != 0)
        return "WARP_ROWS must be a multiple of 16 and WARP_COLUMNS of 8, each up to 128";
    if (g.warp_rows * g.warp_columns > 64 * 64)
        return "a warp's part of C must be at most 64 x 64 elements (4096 sums in registers)";
    return g.tensor_cores >= 0 && g.tensor_cores <= 2 ? nullptr : "TENSOR_CORES must be 0, 1 or 2";
}

constexpr bool valid(const algorithm_parameters& p) {
    return !kernel_problem(p.reduce) && !kernel_problem(p.block_reduce) && !kernel_problem(p.transpose) &&
           !kernel_problem(p.stencil) && !kernel_problem(p.gemm_float) && !kernel_problem(p.gemm_float_small) &&
           !kernel_problem(p.gemm_double) && !kernel_problem(p.gemm_mma) && !kernel_problem(p.gemm_mma_tf32x3) &&
           !kernel_problem(p.gemm_mma_small) && p.small_gemm_below >= 0;
}

constexpr bool table_is_valid() {
    for (const parameter_entry& entry : parameter_table)
        if (!valid(entry.values)) return false;
    return parameter_table[std::size(parameter_table) - 1].type == CL_DEVICE_TYPE_ALL;
}
static_assert(table_is_valid(), "every entry fits its kernels, and the last one matches every device");

// ---- What a device must hold of a set -------------------------------------------------------------

// A tile of rows x columns work-items (AMP order) and `local_bytes` of tile_static memory, where
// `worst` says for what: "" if the device runs such a tile.
std::string tile_problem(std::size_t rows, std::size_t columns, std::size_t local_bytes, const char* worst,
                         const device_info& device) {
    std::ostringstream os;
    if (rows * columns > device.max_work_group_size || rows > device.max_work_item_sizes[1] ||
        columns > device.max_work_item_sizes[0])
        os << "a tile of " << rows << "x" << columns << " work-items is more than '" << device.name << "' runs ("
           << device.max_work_group_size << " work-items, at most " << device.max_work_item_sizes[1] << "x"
           << device.max_work_item_sizes[0] << ")";
    else if (local_bytes > device.local_mem_size)
        os << "a tile needs " << local_bytes << " bytes of tile_static memory " << worst << ", more than the "
           << device.local_mem_size << " of '" << device.name << "'";
    return os.str();
}

std::string device_problem(const reduce_parameters& p, const device_info& device) {
    // The prelude's TILE_SCRATCH_SIZE, two values per work-item.
    return tile_problem(1, std::size_t(p.tile_size), std::size_t(p.tile_size) * 2 * 8, "for sums in 8 bytes", device);
}

std::string device_problem(const block_reduce_parameters&, const device_info&) {
    return ""; // block_reduce fits its tiles to the block and the device at each call
}

std::string device_problem(const transpose_parameters& p, const device_info& device) {
    // transpose halves a block that does not fit the device's tile_static memory at each call.
    return tile_problem(std::size_t(p.block_rows / p.rows_per_thread), std::size_t(p.block_columns / p.vector_width), 0,
                        "", device);
}

std::string device_problem(const stencil_parameters& p, const device_info& device) {
    // The patch of the largest mask, 9x9: its rows, and its columns with a halo of whole vectors.
    const std::size_t halo_vectors = (4 + std::size_t(p.vector_width) - 1) / std::size_t(p.vector_width);
    const std::size_t patch = (std::size_t(p.tile_rows) * p.rows_per_thread + 8) *
                              (std::size_t(p.tile_columns) + 2 * halo_vectors) * std::size_t(p.vector_width);
    return tile_problem(std::size_t(p.tile_rows), std::size_t(p.tile_columns), patch * 4, "for a 9x9 mask", device);
}

std::string gemm_problem(const gemm_parameters& p, const device_info& device, std::size_t element_size) {
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

std::string device_problem(const mma_gemm_parameters& p, const device_info& device) {
    // Two stages of the larger layout, the emulation's exchange of fragments, and the 256 bytes
    // the kernel leaves to the compiler.
    const std::size_t warps = std::size_t(p.warps_down) * p.warps_across;
    const std::size_t exchange = has_ptx_tensor_cores(device) ? 0 : warps * (16 + 8) * 8 * 4;
    const std::size_t stages = 2 * std::max(mma_stage_bytes(p, 1), mma_stage_bytes(p, 2));
    return tile_problem(warps, 32, stages + exchange + 256, "for two stages of slices", device);
}

// ---- Sets by name --------------------------------------------------------------------------------

template <class Set> struct parameter_set {
    const char* name;
    Set algorithm_parameters::*member;
    std::size_t element_size; // gemm's: the bytes of its elements
};

constexpr std::tuple parameter_sets{
    parameter_set<reduce_parameters>{"reduce", &algorithm_parameters::reduce, 0},
    parameter_set<block_reduce_parameters>{"block_reduce", &algorithm_parameters::block_reduce, 0},
    parameter_set<transpose_parameters>{"transpose", &algorithm_parameters::transpose, 0},
    parameter_set<stencil_parameters>{"stencil", &algorithm_parameters::stencil, 0},
    parameter_set<gemm_parameters>{"gemm_float", &algorithm_parameters::gemm_float, 4},
    parameter_set<gemm_parameters>{"gemm_float_small", &algorithm_parameters::gemm_float_small, 4},
    parameter_set<gemm_parameters>{"gemm_double", &algorithm_parameters::gemm_double, 8},
    parameter_set<mma_gemm_parameters>{"gemm_mma", &algorithm_parameters::gemm_mma, 0},
    parameter_set<mma_gemm_parameters>{"gemm_mma_tf32x3", &algorithm_parameters::gemm_mma_tf32x3, 0},
    parameter_set<mma_gemm_parameters>{"gemm_mma_small", &algorithm_parameters::gemm_mma_small, 0}};

template <class Set> Set from_values(const std::vector<int>& values) {
    Set set{};
    std::size_t i = 0;
    for (const auto& parameter : parameter_names<Set>::list) set.*parameter.member = values.at(i++);
    return set;
}

template <class Set> std::string problem_of(const Set& set, const device_info& device, std::size_t element_size) {
    if (const char* problem = kernel_problem(set)) return problem;
    if constexpr (std::is_same_v<Set, gemm_parameters>)
        return gemm_problem(set, device, element_size);
    else
        return device_problem(set, device);
}

// The description of set I of parameter_sets; its functions are plain function pointers, so the
// set comes in as the template argument.
template <std::size_t I> set_description description() {
    constexpr auto set = std::get<I>(parameter_sets);
    using Set = std::remove_cv_t<std::remove_reference_t<decltype(std::declval<algorithm_parameters>().*set.member)>>;
    set_description d;
    d.name = set.name;
    for (const auto& parameter : parameter_names<Set>::list) d.parameters.push_back(parameter.name);
    d.read = [](const algorithm_parameters& all) {
        std::vector<int> values;
        for (const auto& parameter : parameter_names<Set>::list)
            values.push_back(all.*std::get<I>(parameter_sets).member.*parameter.member);
        return values;
    };
    d.write = [](algorithm_parameters& all, const std::vector<int>& values) {
        all.*std::get<I>(parameter_sets).member = from_values<Set>(values);
    };
    d.problem = [](const std::vector<int>& values, const device_info& device) {
        return problem_of(from_values<Set>(values), device, std::get<I>(parameter_sets).element_size);
    };
    return d;
}

template <std::size_t... I> std::vector<set_description> all_descriptions(std::index_sequence<I...>) {
    return {description<I>()...};
}

const parameter_entry& entry_for(const device_info& device) {
    for (const parameter_entry& entry : parameter_table)
        if ((device.type & entry.type) != 0 && device.name.find(entry.name_contains) != std::string::npos) return entry;
    return parameter_table[std::size(parameter_table) - 1];
}

} // namespace

const std::vector<set_description>& set_descriptions() {
    static const std::vector<set_description> sets =
        all_descriptions(std::make_index_sequence<std::tuple_size_v<decltype(parameter_sets)>>());
    return sets;
}

const set_description* find_set(const std::string& name) {
    for (const set_description& set : set_descriptions())
        if (name == set.name) return &set;
    return nullptr;
}

std::string values_text(const set_description& set, const std::vector<int>& values) {
    std::string text;
    for (std::size_t i = 0; i < set.parameters.size() && i < values.size(); ++i)
        text += (i ? " " : "") + std::string(set.parameters[i]) + "=" + std::to_string(values[i]);
    return text;
}

const algorithm_parameters& shipped_parameters(const device_info& device) { return entry_for(device).values; }

const algorithm_parameters* parameters_named(const std::string& device) {
    const cl_device_type type = device == "gpu" ? CL_DEVICE_TYPE_GPU : device == "cpu" ? CL_DEVICE_TYPE_CPU : 0;
    for (const parameter_entry& entry : parameter_table)
        if (*entry.name_contains == '\0' ? (entry.type & type) != 0
                                         : device.find(entry.name_contains) != std::string::npos)
            return &entry.values;
    return nullptr;
}

bool has_measured_parameters(const device_info& device) {
    return &entry_for(device) != &parameter_table[std::size(parameter_table) - 1];
}

bool has_ptx_tensor_cores(const device_info& device) {
    // cl_nv_device_attribute_query's CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, read once per device.
    constexpr cl_device_info compute_capability_major = 0x4000;
    static std::mutex mutex;
    static std::map<cl_device_id, bool> known;
    std::lock_guard<std::mutex> lock(mutex);
    const auto found = known.find(device.device());
    if (found != known.end()) return found->second;
    std::string extensions;
    cl_uint major = 0;
    const bool has =
        device.device.getInfo(CL_DEVICE_EXTENSIONS, &extensions) == CL_SUCCESS &&
        extensions.find("cl_nv_device_attribute_query") != std::string::npos &&
        clGetDeviceInfo(device.device(), compute_capability_major, sizeof major, &major, nullptr) == CL_SUCCESS &&
        major >= 8;
    known.emplace(device.device(), has);
    return has;
}

} // namespace tiles::detail
