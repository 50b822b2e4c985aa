// libtiles' CUDA backend: gemm of half and bfloat16 matrices, and of float matrices at tf32 and
// tf32x3, on Hopper's wgmma, its choice and its launch: blocks of C 128 rows high and 96 to 256
// columns wide by precision and launch (kernels_by_precision), a tile of two warpgroups each, in a
// one-dimensional grid; A and B (for float, matrices made from them: B's transpose, or both split
// into TF32 parts and rests) brought by the Tensor Memory Accelerator through tensor maps that
// libcuda makes over the buffers' device addresses (tensor_map.hpp). Large products take a wider
// form of the kernel, launched through libcuda past OpenCL's 48 KiB on memory OpenCL imports
// (cuda_launch.hpp), in place where their buffers are memory libcuda allocates, else staged there.
#include "gemm_wgmma.hpp"

#include <CL/cl.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "base/log.hpp"
#include "base/opencl.hpp"
#include "base/step_clock.hpp"
#include "cuda_launch.hpp"
#include "devices/device_info.hpp"
#include "memory/buffer_in_place.hpp"
#include "memory/device_copy.hpp"
#include "memory/kept_by_buffer.hpp"
#include "route_sm90a.hpp"
#include "seam/algorithm_context.hpp"
#include "support.hpp"
#include "tensor_map.hpp"
#include "tiles/algorithms/transpose.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/engine/storage.hpp"
#include "tiles/exceptions.hpp"
#include "wide_operands.hpp"

extern const char tiles_kernel_gemm_wgmma[];

namespace tiles::cuda {
// Written on the algorithms' support (support.hpp), as the algorithms are.
using namespace algorithms;
// Not tiles::element_type_of, the variable template, which the using-directive leaves beside it.
using algorithms::element_type_of;

namespace {

// The kernel's shape: a tile of `warpgroups` warpgroups of 64 rows each by `block_columns`
// columns, in bands of 16 rows of tiles; a ring of `stages` stages, each a slab of `row_bytes` of
// each row of A (and of B's transpose, for float), its K-major swizzle.
struct kernel_shape {
    int warpgroups, block_columns, stages, row_bytes;
    constexpr int block_rows() const { return 64 * warpgroups; }
    constexpr int threads() const { return 128 * warpgroups; }
    // The ring's bytes, and 1024 by which the kernel aligns it.
    constexpr std::size_t shared_bytes() const {
        return std::size_t(stages) * (block_rows() + block_columns) * row_bytes + 1024;
    }
};
constexpr int band_rows = 16;

// Each precision's kernel: the shape launched through OpenCL, at most 48 KiB of tile_static memory
// a tile; the wide shape launched through libcuda (cuda_launch.hpp) past that, in dynamic shared
// memory; and the products that take the wide one where they can, those of each of m, n and k at
// least `wide_side_from`. As measured fastest on the H200 (BENCHMARKS.md):
// - through OpenCL, 16-bit matrices and tf32 in two warpgroups by 192 columns (256 work-items of
//   122 registers, so that two tiles share a multiprocessor), 16-bit in 4 stages of 32 bytes (16
//   of k, 41 KiB), tf32 in 2 of 64 bytes (16 of k, two wgmma k8 a slab, 41 KiB); tf32x3, whose
//   second set of accumulators a work-item holds, in two warpgroups by 96 columns (two tiles a
//   multiprocessor), 3 stages of 64 bytes (8 of k, 43 KiB);
// - through libcuda, 16-bit matrices and tf32 in two warpgroups by 256 columns (blocks that divide
//   4096 and 8192: 512 of them at 4096, 3.9 waves of 132), 4 stages of 128 bytes (64 of k, or 32 for
//   tf32; 193 KiB, one tile a multiprocessor), the kernel alone 1.02x-1.12x the 192 columns before
//   and ahead of 4 warpgroups by 128 columns and of 3 stages ("wide shapes that divide 4096");
//   tf32x3 in 2 stages of 128 bytes (16 of k, each slab two rounds of three products; 57 KiB, two
//   tiles), where 4 stages of 64 bytes, the OpenCL launch's rows, lost ("the 48 KiB wall, a third
//   side" and "tf32 and tf32x3 through libcuda");
// - on operands in memory libcuda allocates, unstaged ("arrays in memory libcuda allocates"), the
//   16-bit squares of 8192 at 1.18x-1.34x the OpenCL launch, so that they take it from 8192; at
//   4096 at 0.71x-0.97x, whatever the shape: each call waits some 0.15 ms more than its kernel
//   runs, as the GPU turns from OpenCL's work to libcuda's, a third of a 16-bit product there; tf32
//   and tf32x3, whose kernels run longer, gain at 4096 (1.01x-1.13x and 1.07x-1.16x), so that they
//   take it from 4096. Staged (a user's own cl_mem), the wide kernel ran 0.96x-1.05x the OpenCL
//   launch for 16-bit squares of 8192, tf32 and tf32x3 0.69x at 4096 (192 columns, before the
//   pool allocated through libcuda), which the thresholds leave to such buffers. Only squares were
//   measured: a thin product of as many multiply-adds stages more (C's m * n floats, twice with
//   beta) for fewer of them, so each side is held to what was measured.
struct precision_kernels {
    gemm_precision precision;
    kernel_shape opencl, wide;
    std::int64_t wide_side_from;
};
constexpr precision_kernels kernels_by_precision[] = {
    {gemm_precision::tf32x3, {2, 96, 3, 64}, {2, 96, 2, 128}, 4096},
    {gemm_precision::tf32, {2, 192, 2, 64}, {2, 256, 4, 128}, 4096},
    {gemm_precision::float16, {2, 192, 4, 32}, {2, 256, 4, 128}, 8192},
    {gemm_precision::bfloat16, {2, 192, 4, 32}, {2, 256, 4, 128}, 8192},
};
const precision_kernels& kernels_of(gemm_precision precision) {
    for (const precision_kernels& row : kernels_by_precision)
        if (row.precision == precision) return row;
    throw invalid_argument("gemm: no wgmma kernel multiplies at precision '" +
                           std::string(info_of(precision, "gemm").name) + "'");
}
// The bytes the wide kernel's ring array is declared with (SMEM_DECLARED), a size no other array
// of its has, by which the PTX rewrite finds it.
constexpr std::size_t wide_declared_bytes = 1168;

// The boxes the kernel copies (kernels/gemm_wgmma.cl), a slab of k each: A's block rows by a
// row's bytes of k, swizzled by as many; B's transpose (float) likewise by the block's columns;
// 16-bit B in a slab's rows of k by 64 columns, 128-byte swizzle.
tensor_box a_box_of(element_type storage, const kernel_shape& shape) {
    return {shape.row_bytes / int(element_size(storage)), shape.block_rows(), shape.row_bytes};
}
tensor_box b_box_of(element_type storage, const kernel_shape& shape) {
    const int slab = shape.row_bytes / int(element_size(storage));
    return storage == element_type::float32 ? tensor_box{slab, shape.block_columns, shape.row_bytes}
                                            : tensor_box{64, slab, 128};
}

// The kernel's text, SM90A_MARK defined as the route's marker ahead of it.
const char* wgmma_source() {
    static const engine::immortal<std::string> text("#define SM90A_MARK \"" + std::string(sm90a_marker) +
                                                    "\"\n#line 1\n" + tiles_kernel_gemm_wgmma);
    return text->c_str();
}

// The program's kernel `name` (gemm_wgmma, or buffer_addresses) at `precision`; `wide`: the wide
// kernel's program, its ring array declared small.
const kernel& wgmma_kernel(element_type storage, gemm_precision precision, const char* name = "gemm_wgmma",
                           bool wide = false) {
    const kernel_shape shape = wide ? kernels_of(precision).wide : kernels_of(precision).opencl;
    return algorithm_kernel(
        wgmma_source(), name, element_type::float32,
        "-DWARPGROUPS=" + std::to_string(shape.warpgroups) + " -DBLOCK_COLUMNS=" + std::to_string(shape.block_columns) +
            " -DSTAGES=" + std::to_string(shape.stages) + " -DROW_BYTES=" + std::to_string(shape.row_bytes) +
            " -DGROUP=" + std::to_string(band_rows) + " -DTF32X3=" + (precision == gemm_precision::tf32x3 ? "1" : "0") +
            (wide ? " -DSMEM_DECLARED=" + std::to_string(wide_declared_bytes) : std::string()),
        storage);
}

// k padded to 8, the depth of tf32x3's split operands being twice that: each 8 of k as TF32 parts
// and then their rests.
int padded_depth(int k) { return (k + 7) / 8 * 8; }

// The matrix the kernel reads for `operand` (A or B, rows x columns) at `precision`: the operand
// itself (`made` false), or one libtiles makes, kept by the operand's buffer (made_from): B's
// transpose (tf32), A split (tf32x3: rows x 2 * padded k) and B split then transposed (columns x 2
// * padded k).
struct read_shape {
    int rows, columns;
    bool made;
};
read_shape read_shape_of(gemm_precision precision, bool is_b, const matrix_operand& operand) {
    if (precision == gemm_precision::tf32x3)
        return is_b ? read_shape{operand.columns, 2 * padded_depth(operand.rows), true}
                    : read_shape{operand.rows, 2 * padded_depth(operand.columns), true};
    if (precision == gemm_precision::tf32 && is_b) return {operand.columns, operand.rows, true};
    return {operand.rows, operand.columns, false};
}

// A new rows x columns matrix of `type` on the context's device, for the kernel to read in an
// operand's place.
matrix_operand new_matrix(const std::shared_ptr<context>& context, element_type type, int rows, int columns) {
    return {engine::storage_on_device(element_layout{type, element_size(type)},
                                      engine::dims3{1, std::size_t(rows), std::size_t(columns)}, context),
            rows, columns};
}

// What the kernel reads in `operand`'s place at `precision` (read_shape_of): the operand itself,
// or a matrix of the shape read, `made` where given, else a new one.
matrix_operand read_in_place_of(const std::shared_ptr<context>& context, gemm_precision precision, bool is_b,
                                const matrix_operand& operand, const std::shared_ptr<storage>& made = nullptr) {
    const read_shape read = read_shape_of(precision, is_b, operand);
    if (!read.made) return operand;
    return made != nullptr ? matrix_operand{made, read.rows, read.columns}
                           : new_matrix(context, element_type_of(operand), read.rows, read.columns);
}

// tf32x3's B split along its rows of k (2 * padded k x n), of which the kernel reads the transpose
// in B's place: `split` where given, else a new one.
matrix_operand b_split_of(const std::shared_ptr<context>& context, const matrix_operand& b,
                          const std::shared_ptr<storage>& split = nullptr) {
    const int rows = 2 * padded_depth(b.rows);
    return split != nullptr ? matrix_operand{split, rows, b.columns}
                            : new_matrix(context, element_type_of(b), rows, b.columns);
}

// What gemm keeps by buffers (kept_by_buffer.hpp), so that a product with the operands of the last
// makes nothing anew. By an operand's buffer, for as long as it holds the operand's data, the
// matrices libtiles makes from it for the kernel to read in its place (read_shape_of), and for
// tf32x3's B the split they are made from: each product fills them anew from the operand as it is
// then, and they go back to the pool when the operand's buffer does. By the buffer the kernel
// reads (the operand's own, or a made matrix's), for as long as OpenCL keeps it, its tensor map, in
// an OpenCL buffer of the buffer's context (map_storage): it says the buffer's address on one
// device and the shape read, whatever data of that shape the buffer holds next, so that new arrays
// in buffers from the pool find their maps made (making one reads the address back to the host, a
// wait that stalls the queue).
struct made_matrices {
    std::shared_ptr<storage> made;  // what the kernel reads in the operand's place, or none
    std::shared_ptr<storage> split; // tf32x3's B split (b_split_of), which `made` is made from
};
struct operand_map {
    std::shared_ptr<storage> map; // over what the kernel reads: the operand, or made.made
    made_matrices made;
};

// The matrices made from `operand` (A, or B where `is_b`) at `precision`: those kept by its
// buffer, else new ones, kept; none where the kernel reads the operand itself.
made_matrices made_from(const std::shared_ptr<context>& context, gemm_precision precision, bool is_b,
                        const matrix_operand& operand) {
    if (!read_shape_of(precision, is_b, operand).made) return {};
    const cl_mem buffer = engine::device_buffer_in_place(*operand.data, context, engine::host_access::read);
    // A and B apart: A * A makes a matrix of each from one buffer. The context too, whose storages
    // they are: two contexts over one OpenCL context may share a caller's buffer.
    const std::string key = std::string("gemm's matrices made from ") + (is_b ? "B " : "A ") +
                            std::to_string(operand.rows) + "x" + std::to_string(operand.columns) + " at " +
                            info_of(precision, "gemm").name + " on context " +
                            std::to_string(reinterpret_cast<std::uintptr_t>(context.get()));
    if (const auto kept = std::static_pointer_cast<made_matrices>(engine::kept_by(buffer, key))) return *kept;
    const made_matrices made{read_in_place_of(context, precision, is_b, operand).data,
                             is_b && precision == gemm_precision::tf32x3 ? b_split_of(context, operand).data : nullptr};
    engine::keep_by(buffer, key, std::make_shared<made_matrices>(made), engine::kept_for::data);
    return made;
}

// A tensor map's buffer as the kernel's argument, for one launch. What is kept is the bare OpenCL
// buffer, not a storage: a storage holds its context, and the map is kept by a buffer its
// context's pool may hold, which would keep the context, its pool and the map alive together.
std::shared_ptr<storage> map_storage(const std::shared_ptr<context>& context, const cl::Buffer& map) {
    const int words = int(sizeof(tensor_map) / sizeof(std::uint64_t));
    return engine::storage_over_buffer(element_layout::of<std::uint64_t>(), engine::dims_of(1, &words), context, map());
}

// The maps of A and B, made where their buffers keep none, with the matrices libtiles makes for the
// kernel to read in their place: the device addresses of what the maps are over read by a kernel of
// the gemm's program, then libcuda's encoder. Throws unsupported_feature where libcuda cannot make
// them.
std::pair<operand_map, operand_map> maps_of(const std::shared_ptr<context>& context, element_type type,
                                            gemm_precision precision, const matrix_operand& a,
                                            const matrix_operand& b) {
    const kernel_shape shape = kernels_of(precision).opencl;
    struct read_by_kernel {
        operand_map kept;
        matrix_operand read;
        cl_mem buffer; // read's
        tensor_box box;
        std::string key; // of read's map
    };
    read_by_kernel reads[2];
    for (int i = 0; i < 2; ++i) {
        const bool is_b = i == 1;
        const matrix_operand& operand = is_b ? b : a;
        read_by_kernel& r = reads[i];
        r.kept.made = made_from(context, precision, is_b, operand);
        r.read = read_in_place_of(context, precision, is_b, operand, r.kept.made.made);
        r.buffer = engine::device_buffer_in_place(*r.read.data, context, engine::host_access::read);
        r.box = is_b ? b_box_of(type, shape) : a_box_of(type, shape);
        // All the map says but the address, which is the buffer's on one device (an OpenCL context
        // of several devices may hold the buffer on each); the precision, the element type it reads.
        r.key = "gemm's tensor map of " + std::to_string(r.read.rows) + "x" + std::to_string(r.read.columns) +
                " in boxes of " + std::to_string(r.box.box_rows) + "x" + std::to_string(r.box.box_columns) + " (" +
                std::to_string(r.box.swizzle_bytes) + "-byte swizzle) at " + info_of(precision, "gemm").name +
                " on device " + std::to_string(reinterpret_cast<std::uintptr_t>(narrow(*context).device()->device()));
        if (const auto kept = std::static_pointer_cast<cl::Buffer>(engine::kept_by(r.buffer, r.key)))
            r.kept.map = map_storage(context, *kept);
    }
    if (reads[0].kept.map == nullptr || reads[1].kept.map == nullptr) {
        const int two = 2;
        const std::shared_ptr<storage> addresses =
            engine::storage_without_source(element_layout::of<std::uint64_t>(), engine::dims_of(1, &two));
        // One tile of the gemm's own shape: the program built for the gemm serves, no other is built.
        launch_algorithm(context, covering_domain(shape.threads(), shape.threads()),
                         wgmma_kernel(type, precision, "buffer_addresses"),
                         std::array<launch_arg, 3>{input_arg(reads[0].read.data), input_arg(reads[1].read.data),
                                                   output_arg(addresses)});
        std::uint64_t address[2] = {};
        engine::copy_out(*addresses, whole_of(*addresses), address);
        for (int i = 0; i < 2; ++i) {
            read_by_kernel& r = reads[i];
            if (r.kept.map != nullptr) continue;
            tensor_map map = make_tensor_map(address[i], type, r.read.rows, r.read.columns, r.box);
            cl_int status = CL_SUCCESS;
            const auto held =
                std::make_shared<cl::Buffer>(narrow(*context).opencl_context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                             map.bytes.size(), map.bytes.data(), &status);
            engine::check(status, "clCreateBuffer");
            engine::keep_by(r.buffer, r.key, held, engine::kept_for::buffer);
            r.kept.map = map_storage(context, *held);
        }
    }
    return {reads[0].kept, reads[1].kept};
}

// tf32x3's split of `in` (rows x columns) into `out` (split_tf32 in the kernel's text): along its
// rows (B, k its rows) or its columns (A, k its columns).
void split(const std::shared_ptr<context>& context, const matrix_operand& in, const matrix_operand& out,
           bool along_rows) {
    const int padded_columns = along_rows ? in.columns : padded_depth(in.columns);
    const std::int64_t count = std::int64_t(along_rows ? padded_depth(in.rows) : in.rows) * padded_columns;
    launch_algorithm(context, covering_domain(count, 256),
                     wgmma_kernel(element_type::float32, gemm_precision::tf32x3, "split_tf32"),
                     std::array<launch_arg, 6>{scalar_arg(in.rows), scalar_arg(in.columns), scalar_arg(padded_columns),
                                               scalar_arg(int(along_rows)), input_arg(in.data), output_arg(out.data)});
}

// The matrices the kernel reads in A's and B's place at `precision` (read_shape_of), made from A
// and B as they are now: into those kept by the operands' buffers (`a_kept`, `b_kept`) where
// they are, else into new ones. Passes over A and B, a few percent of the product's time at
// n = 8192.
std::pair<matrix_operand, matrix_operand> read_operands(const std::shared_ptr<context>& context,
                                                        gemm_precision precision, const matrix_operand& a,
                                                        const matrix_operand& b, const operand_map& a_kept,
                                                        const operand_map& b_kept) {
    const matrix_operand a_read = read_in_place_of(context, precision, false, a, a_kept.made.made),
                         b_read = read_in_place_of(context, precision, true, b, b_kept.made.made);
    if (precision == gemm_precision::tf32) transpose(context, b, b_read);
    if (precision == gemm_precision::tf32x3) {
        split(context, a, a_read, false);
        // B split along its rows of k, then its transpose read as A is.
        const matrix_operand b_split = b_split_of(context, b, b_kept.made.split);
        split(context, b, b_split, true);
        transpose(context, b_split, b_read);
    }
    return {a_read, b_read};
}

// Whether the kernel of `storage` elements at `precision` runs on the context's device: its program
// builds there (tried once a device, build_optional) and libcuda makes tensor maps; where it does
// not, the reason logged once, by the call that tried the build.
bool runs_on(const std::shared_ptr<context>& context, element_type storage, gemm_precision precision,
             const launch_domain& domain) {
    const engine::optional_build built = engine::build_optional(context, domain, wgmma_kernel(storage, precision));
    const std::string refusal = built.refusal.empty() ? tensor_maps_missing() : built.refusal;
    if (!refusal.empty() && built.tried_now && engine::logging(log_level::info))
        engine::log(log_level::info, "gemm: the mma.sync kernel runs in place of Hopper's wgmma kernel on '" +
                                         narrow(*context).device()->name + "': " + refusal);
    return refusal.empty();
}

// Says at the info level, once a device and slab, why the wide kernel runs through OpenCL there.
void tell_once(const engine::device_info& device, const std::string& in_slabs, const std::string& reason) {
    if (engine::logging(log_level::info) && device.said_first_time("gemm: the wide kernel through OpenCL" + in_slabs))
        engine::log(log_level::info, "gemm: Hopper's wgmma kernel runs through OpenCL" + in_slabs + "on '" +
                                         device.name + "': " + reason);
}

// C = alpha * A * B + beta * C on the wide kernel through libcuda: the matrices the kernel reads
// (read_operands) and C used where their buffers are memory libcuda allocated, else staged in the
// context's imported memory (C where beta is not 0) and C copied back; the kernel launched over
// tensor maps of libcuda's addresses. Each step marked on `steps`; where it is on (the debug
// log), the call also waits for its copy back, to time it. Throws unsupported_feature where
// libcuda or the driver refuses a step. Returns why it launched nothing where the memory it would
// stage in is more than this host imports (cuda_memory_largest); empty where it launched.
std::string enqueue_wide_gemm(const std::shared_ptr<context>& context, gemm_precision precision, double alpha,
                              const matrix_operand& a_operand, const matrix_operand& b_operand, double beta,
                              const matrix_operand& c, const launch_domain& domain, engine::step_clock& steps) {
    const element_type storage = element_type_of(a_operand);
    const kernel_shape wide_shape = kernels_of(precision).wide;
    const kernel& wide = wgmma_kernel(storage, precision, "gemm_wgmma", true);
    const engine::optional_build built = engine::build_optional(context, domain, wide);
    if (!built.refusal.empty()) throw unsupported_feature(built.refusal);
    const cuda_function f =
        cuda_function_of(context, domain, wide, {"smem", wide_declared_bytes, wide_shape.shared_bytes()});
    // A is m x depth, B (for float, what is read in its place) n x depth or depth x n. What tf32 and
    // tf32x3 make for the kernel is kept by the operands' buffers, as the OpenCL launch keeps it:
    // made anew, it took a new allocation each product (some 1 ms of a 4 ms tf32 product at
    // n = 8192 on the H200, BENCHMARKS.md).
    const std::pair<operand_map, operand_map> kept{{nullptr, made_from(context, precision, false, a_operand)},
                                                   {nullptr, made_from(context, precision, true, b_operand)}};
    const auto [a, b] = read_operands(context, precision, a_operand, b_operand, kept.first, kept.second);
    // The tensor maps in the scratch memory after the staged matrices.
    wide_operands operands = wide_operands_of(context, a, b, c, 2 * sizeof(tensor_map));
    if (std::string too_large = cuda_memory_too_large(operands.scratch_bytes); !too_large.empty()) return too_large;
    const std::shared_ptr<cuda_scratch> scratch = cuda_scratch_of(*context);
    std::lock_guard<std::mutex> lock(scratch->mutex);
    const cuda_memory& memory = scratch->holding(context, operands.scratch_bytes);
    operands.placed_in(memory.cuda_address());
    const wide_operand &a_wide = operands.a, &b_wide = operands.b, &c_wide = operands.c;
    const std::size_t maps_at = operands.tail_at;
    const tensor_map maps[2] = {
        make_tensor_map(a_wide.address, storage, a.rows, a.columns, a_box_of(storage, wide_shape)),
        make_tensor_map(b_wide.address, storage, b.rows, b.columns, b_box_of(storage, wide_shape))};
    steps.mark("prepare");
    // The maps first: the write waits for the queue's earlier work, and the launch's clFinish then
    // for the copies alone. Where nothing is staged, the scratch holds the maps alone, and a product
    // over the same buffers as the last finds its maps written already: no OpenCL work then comes
    // just before the launch.
    const bool stages = a_wide.staged() || b_wide.staged() || c_wide.staged();
    const auto* map_bytes = reinterpret_cast<const unsigned char*>(maps);
    if (stages || scratch->written_at != maps_at ||
        !std::equal(map_bytes, map_bytes + sizeof maps, scratch->written.begin(), scratch->written.end())) {
        scratch->written.clear();
        engine::check(clEnqueueWriteBuffer(narrow(*context).queue()(), memory.buffer()(), CL_TRUE, maps_at, sizeof maps,
                                           maps, 0, nullptr, nullptr),
                      "clEnqueueWriteBuffer");
        if (!stages) {
            scratch->written.assign(map_bytes, map_bytes + sizeof maps);
            scratch->written_at = maps_at;
        }
    }
    steps.mark("the queue's earlier work and the tensor maps' write");
    for (const wide_operand& operand : {a_wide, b_wide})
        if (operand.staged())
            engine::copy_bytes_on_device(*context, operand.buffer, 0, memory.buffer(), operand.staged_at,
                                         operand.bytes);
    if (c_wide.staged() && beta != 0)
        engine::copy_bytes_on_device(*context, c_wide.buffer, 0, memory.buffer(), c_wide.staged_at, c_wide.bytes);
    steps.mark("copies in enqueued");
    int m = a.rows, n = c.columns, k = a.columns;
    float alpha_f = float(alpha), beta_f = float(beta);
    std::uint64_t a_map = memory.cuda_address() + maps_at, b_map = a_map + sizeof(tensor_map),
                  c_at_cuda = c_wide.address, a_elements = a_wide.address, b_elements = b_wide.address;
    void* args[] = {&m, &n, &k, &alpha_f, &a_map, &b_map, &beta_f, &c_at_cuda, &a_elements, &b_elements};
    const std::size_t tiles = domain.extent[0] / std::size_t(wide_shape.threads());
    launch_through_cuda(*context, f, unsigned(tiles), unsigned(wide_shape.threads()), args);
    steps.mark("copies in, launch and kernel");
    if (!c_wide.staged()) return "";
    engine::copy_bytes_on_device(*context, memory.buffer(), c_wide.staged_at, c_wide.buffer, 0, c_wide.bytes);
    if (steps.on()) {
        engine::check(narrow(*context).queue().finish(), "clFinish");
        steps.mark("copy back");
    }
    return "";
}

} // namespace

bool wide_wgmma_gains(gemm_precision precision, std::int64_t m, std::int64_t n, std::int64_t k) {
    const precision_kernels& row = kernels_of(precision);
    return m >= row.wide_side_from && n >= row.wide_side_from && k >= row.wide_side_from;
}

bool wgmma_gemm_suits(int compute_capability, element_type type, gemm_precision precision, int m, int n, int k) {
    const bool sixteen_bit = (type == element_type::float16 && precision == gemm_precision::float16) ||
                             (type == element_type::bfloat16 && precision == gemm_precision::bfloat16);
    const bool tf32 = type == element_type::float32 && precision == gemm_precision::tf32;
    const bool tf32x3 = type == element_type::float32 && precision == gemm_precision::tf32x3;
    // The tensor maps' rows are whole 16-byte chunks: A's and B's for 16-bit elements, A's and B's
    // transpose's (k floats) for tf32; tf32x3's split operands' rows are padded.
    const bool rows_whole = sixteen_bit ? k % 8 == 0 && n % 8 == 0 : tf32x3 || k % 4 == 0;
    return (sixteen_bit || tf32 || tf32x3) && rows_whole && compute_capability == 90 &&
           std::int64_t(m) * n >= std::int64_t(2048) * 2048;
}

bool enqueue_wgmma_gemm(const std::shared_ptr<context>& context, gemm_precision precision, double alpha,
                        const matrix_operand& a, const matrix_operand& b, double beta, const matrix_operand& c,
                        wgmma_launch launch) {
    const element_type storage = element_type_of(a);
    const kernel_shape shape = kernels_of(precision).opencl, wide_shape = kernels_of(precision).wide;
    const std::int64_t blocks_down = blocks_covering(c.rows, shape.block_rows());
    const std::int64_t blocks_across = blocks_covering(c.columns, shape.block_columns);
    check_reach("gemm", "C's rows", c.rows, blocks_down * shape.block_rows());
    check_reach("gemm", "C's columns", c.columns, blocks_across * shape.block_columns);
    // The depth the kernel runs over: k, or the split operands' rows of TF32 parts and rests.
    const std::int64_t depth =
        precision == gemm_precision::tf32x3 ? 2 * std::int64_t(padded_depth(a.columns)) : a.columns;
    const int slab = shape.row_bytes / int(element_size(storage));
    // What the log says of each launch: the k a slab holds (tf32x3's rows hold each 8 of k twice).
    const int k_factor = precision == gemm_precision::tf32x3 ? 2 : 1;
    auto in_slabs_of = [&](const kernel_shape& form) {
        return ", in slabs of " + std::to_string(form.row_bytes / int(element_size(storage)) / k_factor) + " of k, ";
    };
    check_reach("gemm", "the depth of A * B", depth, blocks_covering(depth, slab) * slab);
    const launch_domain domain = covering_domain(blocks_down * blocks_across * shape.threads(), shape.threads());
    if (!runs_on(context, storage, precision, domain)) return false;
    if (launch == wgmma_launch::through_libcuda_always || wide_wgmma_gains(precision, a.rows, b.columns, a.columns)) {
        const engine::device_info& device = *narrow(*context).device();
        const std::string missing = cuda_launch_missing(*context);
        if (missing.empty()) {
            const std::int64_t wide_tiles = blocks_covering(c.rows, wide_shape.block_rows()) *
                                            std::int64_t(blocks_covering(c.columns, wide_shape.block_columns));
            try {
                engine::step_clock steps(engine::logging(log_level::debug));
                const std::string not_taken =
                    enqueue_wide_gemm(context, precision, alpha, a, b, beta, c,
                                      covering_domain(wide_tiles * wide_shape.threads(), wide_shape.threads()), steps);
                if (not_taken.empty()) {
                    if (steps.on())
                        engine::log(log_level::debug, "gemm: Hopper's wgmma kernel ran through libcuda" +
                                                          in_slabs_of(wide_shape) + "on '" + device.name + "' (" +
                                                          std::to_string(a.rows) + " x " + std::to_string(b.columns) +
                                                          " x " + std::to_string(a.columns) +
                                                          "); by the host's clock: " + steps.text());
                    return true;
                }
                // Not the device's verdict: smaller products still launch through libcuda.
                tell_once(device, in_slabs_of(shape), not_taken);
            } catch (const unsupported_feature& refused) {
                // Not tried again on this device: cuda_launch_missing says so from now on.
                refuse_cuda_launches(*context, refused.what());
                tell_once(device, in_slabs_of(shape),
                          std::string("the launch through libcuda failed: ") + refused.what());
            }
        } else {
            tell_once(device, in_slabs_of(shape), missing);
        }
    }
    std::pair<operand_map, operand_map> maps;
    try {
        maps = maps_of(context, storage, precision, a, b);
    } catch (const unsupported_feature& refused) {
        if (engine::logging(log_level::info))
            engine::log(log_level::info, "gemm: the mma.sync kernel runs in place of Hopper's wgmma kernel on '" +
                                             narrow(*context).device()->name + "': " + refused.what());
        return false;
    }
    const auto [a_read, b_read] = read_operands(context, precision, a, b, maps.first, maps.second);
    launch_algorithm(context, domain, wgmma_kernel(storage, precision),
                     std::array<launch_arg, 10>{scalar_arg(a.rows), scalar_arg(b.columns), scalar_arg(int(depth)),
                                                scalar_arg(float(alpha)), input_arg(maps.first.map),
                                                input_arg(maps.second.map), scalar_arg(float(beta)), output_arg(c.data),
                                                input_arg(a_read.data), input_arg(b_read.data)});
    return true;
}

namespace {

class wgmma_gemm_provider_on_hopper : public algorithms::gemm_provider {
  public:
    bool enqueue(const std::shared_ptr<context>& context, gemm_precision precision, double alpha,
                 const matrix_operand& a, const matrix_operand& b, double beta,
                 const matrix_operand& c) const override {
        return wgmma_gemm_suits(narrow(*context).device()->compute_capability, element_type_of(a), precision, a.rows,
                                b.columns, a.columns) &&
               enqueue_wgmma_gemm(context, precision, alpha, a, b, beta, c);
    }
};

} // namespace

const algorithms::gemm_provider& wgmma_gemm_provider() {
    // Never destroyed: libtiles registers no destructor at exit (tests/exit_destructors).
    static const immortal<wgmma_gemm_provider_on_hopper> provider;
    return *provider;
}

} // namespace tiles::cuda
