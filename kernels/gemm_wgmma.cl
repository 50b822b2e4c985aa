// libtiles algorithms: C = alpha * A * B + beta * C on Hopper's warpgroup tensor-core instruction
// (wgmma.mma_async, sm_90a), float accumulation, both operands brought into tile_static memory by
// the Tensor Memory Accelerator (TMA): half and bfloat16 matrices at their own precision, float
// matrices at TF32's. Built only through the sm_90a route (compile_route.hpp): every sm_90a-only
// instruction sits in inline asm as a PTX comment after SM90A_MARK, which NVIDIA's compiler for
// sm_90 fills in and passes on, and which the route turns into the instruction. As the driver
// builds it, the kernel computes nothing.
//
// A tile of WARPGROUPS warpgroups (128 work-items each) computes a 64 * WARPGROUPS x BLOCK_COLUMNS
// block of C, each warpgroup 64 rows by all BLOCK_COLUMNS columns with wgmma m64nBLOCK_COLUMNS,
// both operands read by wgmma's matrix descriptors. A wgmma takes 32 bytes of each row of A: 16 of
// k for 16-bit elements (k16), 8 for TF32 (k8), and a slab of k is ROW_BYTES of each row, one wgmma
// or more. Work-item 0 copies each slab's boxes by cp.async.bulk.tensor through the tensor maps the
// host made (tensor_map.hpp), into a ring of STAGES stages: A's rows K-major, swizzled by
// ROW_BYTES; B's rows of k as they lie for 16-bit elements ("MN-major", 128-byte swizzle, read with
// wgmma's transpose bit), and for TF32, which wgmma reads only K-major, B's transpose (which the
// host makes) like A. Each stage has two mbarriers: "full", which the copies complete by their
// bytes, and "empty", which each warp passes once wgmma has read the stage. NVIDIA's OpenCL gives a
// tile 48 KiB of tile_static memory, so the ring is short there; the device runs two tiles at once
// on each multiprocessor, and the one hides the other's waits. Launched through libcuda instead
// (the engine's cuda_launch.hpp), the ring's array becomes dynamic shared memory of any size the
// device has, and wider slabs (ROW_BYTES 128) or more stages fit. The copies
// are issued from a consumer warp rather than from a producer warp of their own: a tile of 256
// work-items at the 122 registers wgmma m64n192's accumulators need leaves room in the
// multiprocessor's 65,536 registers for two tiles, with a producer warp for one (tf32x3, with a
// second set of accumulators, takes 96 columns for the same).
//
// Tiles run in bands of GROUP rows of tiles, down each band's columns in turn, so that the tiles
// running at once share their panels of A and B in the L2 cache.
//
// The host defines SM90A_MARK (the route's marker, ahead of the text), WARPGROUPS, BLOCK_COLUMNS,
// STAGES, ROW_BYTES and GROUP, and SMEM_DECLARED for a libcuda launch (below); A and B are half,
// bfloat16 or float (STORAGE, elements.cl), their rows (B's transpose's for float) whole chunks of
// 16 bytes, which the host checks; the launch is one-dimensional, tiles of 128 * WARPGROUPS.

// Everything inlined, so that the register arrays stay registers.
#define INLINE static inline __attribute__((always_inline))
#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

#define THREADS (128 * WARPGROUPS)
#define BLOCK_ROWS (64 * WARPGROUPS)

#if STORAGE_IS_HALF
#define WGMMA_KIND "k16.f32.f16.f16"
#elif STORAGE_IS_BFLOAT16
#define WGMMA_KIND "k16.f32.bf16.bf16"
#elif ELEMENT_IS_FLOAT
#define WGMMA_KIND "k8.f32.tf32.tf32"
#define B_TRANSPOSED 1 // B arrives as its transpose, K-major
#else
#error "gemm_wgmma multiplies half, bfloat16 or float matrices"
#endif
#ifndef B_TRANSPOSED
#define B_TRANSPOSED 0
#endif
// TF32X3 (the host's, for float): A and B arrive split by split_tf32, and each slab is multiplied as
// three products of TF32 parts and rests.
#ifndef TF32X3
#define TF32X3 0
#endif
#if TF32X3 && ROW_BYTES != 64 && ROW_BYTES != 128
#error "TF32X3 reads rows of 64 or 128 bytes: each 64 of them 8 of k's TF32 parts, then their rests"
#endif

// ROW_BYTES (the host's) of each row of A, and of B's transpose, a slab holds: 32, 64 or 128, the
// K-major swizzle; a wgmma takes 32 of them (k16 or k8), so a slab is ROW_BYTES / 32 wgmma.
#if ROW_BYTES != 32 && ROW_BYTES != 64 && ROW_BYTES != 128
#error "ROW_BYTES is 32, 64 or 128"
#endif
#if !B_TRANSPOSED && BLOCK_COLUMNS % 64
#error "16-bit B comes in boxes of 64 columns: BLOCK_COLUMNS is a multiple of 64"
#endif
#define WGMMA_BYTES 32
#define SLICE (ROW_BYTES / (int)sizeof(STORAGE)) // rows of k a slab holds
#define A_BYTES (BLOCK_ROWS * ROW_BYTES)
#define B_BYTES (BLOCK_COLUMNS * ROW_BYTES)
#define B_BOX_BYTES (SLICE * 64 * 2) // 16-bit B: one of its boxes, SLICE rows of k by 64 columns
// Within a slab, the next wgmma's B lies a wgmma's k on: 32 bytes along each row of B's transpose
// (whose swizzle acts on the address, so the descriptor moves as the data does), or 16 rows of
// k of 64 columns (2 KiB) down each box of 16-bit B.
#define B_WGMMA_STEP (B_TRANSPOSED ? WGMMA_BYTES : 16 * 64 * 2)
#define STAGE_BYTES (A_BYTES + B_BYTES)
// The 128-byte swizzle acts on address bits 4-9, so stages start on 1024 bytes; the driver places
// tile_static arrays where it likes, so the kernel aligns its own.
#define SMEM_BYTES (STAGES * STAGE_BYTES + 1024)
// The bytes the ring's array is declared with: all of them for an OpenCL launch, whose tile_static
// memory is static; for a libcuda launch, a size of the host's choosing that names the array in
// the PTX, where the engine declares it dynamic instead (the size given at launch, past 48 KiB).
#ifndef SMEM_DECLARED
#define SMEM_DECLARED SMEM_BYTES
#endif
#define ACC (BLOCK_COLUMNS / 2) // accumulators a work-item: 64 x BLOCK_COLUMNS floats over 128

// ---- The sm_90a instructions -------------------------------------------------------------------

#define ACC_OPERANDS_8(i)                                                                                              \
    "+f"(acc[i]), "+f"(acc[i + 1]), "+f"(acc[i + 2]), "+f"(acc[i + 3]), "+f"(acc[i + 4]), "+f"(acc[i + 5]),            \
        "+f"(acc[i + 6]), "+f"(acc[i + 7])
#define ACC_OPERANDS_48                                                                                                \
    ACC_OPERANDS_8(0), ACC_OPERANDS_8(8), ACC_OPERANDS_8(16), ACC_OPERANDS_8(24), ACC_OPERANDS_8(32), ACC_OPERANDS_8(40)
#define D_48                                                                                                           \
    "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "                                           \
    "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "                                 \
    "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47"
#define D_64 D_48 ", %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63"
#define D_96                                                                                                           \
    D_64 ", %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, "                          \
         "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95"
#define D_128                                                                                                          \
    D_96 ", %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, "              \
         "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127"
// The accumulators as operands, then after them A's and B's descriptors and whether to add to D
// (the scale of D), for the wgmma of BLOCK_COLUMNS (96, 128, 192 or 256) columns.
#if BLOCK_COLUMNS == 96
#define ACC_OPERANDS ACC_OPERANDS_48
#define WGMMA_D "{" D_48 "}"
#define A_AND_B "%48, %49"
#define SCALE_D "%50"
#elif BLOCK_COLUMNS == 128
#define ACC_OPERANDS ACC_OPERANDS_48, ACC_OPERANDS_8(48), ACC_OPERANDS_8(56)
#define WGMMA_D "{" D_64 "}"
#define A_AND_B "%64, %65"
#define SCALE_D "%66"
#elif BLOCK_COLUMNS == 192
#define ACC_OPERANDS                                                                                                   \
    ACC_OPERANDS_48, ACC_OPERANDS_8(48), ACC_OPERANDS_8(56), ACC_OPERANDS_8(64), ACC_OPERANDS_8(72),                   \
        ACC_OPERANDS_8(80), ACC_OPERANDS_8(88)
#define WGMMA_D "{" D_96 "}"
#define A_AND_B "%96, %97"
#define SCALE_D "%98"
#elif BLOCK_COLUMNS == 256
#define ACC_OPERANDS                                                                                                   \
    ACC_OPERANDS_48, ACC_OPERANDS_8(48), ACC_OPERANDS_8(56), ACC_OPERANDS_8(64), ACC_OPERANDS_8(72),                   \
        ACC_OPERANDS_8(80), ACC_OPERANDS_8(88), ACC_OPERANDS_8(96), ACC_OPERANDS_8(104), ACC_OPERANDS_8(112),          \
        ACC_OPERANDS_8(120)
#define WGMMA_D "{" D_128 "}"
#define A_AND_B "%128, %129"
#define SCALE_D "%130"
#else
#error "BLOCK_COLUMNS is 96, 128, 192 or 256"
#endif
// After the scale of D: the scales of A and B (1: as they are) and, for 16-bit operands, whether
// each is transposed (A not, B read MN-major); TF32 operands are read K-major only and name none.
#if B_TRANSPOSED
#define WGMMA_SCALES ", p, 1, 1;"
#else
#define WGMMA_SCALES ", p, 1, 1, 0, 1;"
#endif

// D += A * B (D = A * B where add_to_acc is 0) for the warpgroup's 64 rows and one wgmma's k, both
// described by descriptors. The accumulators are operands of the instruction, which writes them later
// (wgmma.wait_group says when).
INLINE void wgmma(float acc[ACC], ulong a_descriptor, ulong b_descriptor, int add_to_acc) {
    __asm__ volatile("{\n.reg .pred p;\nsetp.ne.b32 p, " SCALE_D ", 0;\n" SM90A_MARK
                     "wgmma.mma_async.sync.aligned.m64n" STRINGIFY(BLOCK_COLUMNS) WGMMA_KIND
                     " " WGMMA_D ", " A_AND_B WGMMA_SCALES "\n}"
                     : ACC_OPERANDS
                     : "l"(a_descriptor), "l"(b_descriptor), "r"(add_to_acc));
}

// wgmma.fence orders the work-item's own accesses to the accumulators before the next wgmma; the
// accumulators are its operands so that the compiler keeps their initialization above it.
INLINE void wgmma_fence(float acc[ACC]) {
    __asm__ volatile(SM90A_MARK "wgmma.fence.sync.aligned;" : ACC_OPERANDS::"memory");
}
INLINE void wgmma_commit(void) { __asm__ volatile(SM90A_MARK "wgmma.commit_group.sync.aligned;" ::: "memory"); }
// Until at most one group of this warpgroup's wgmma is in flight.
INLINE void wgmma_wait_but_one(void) { __asm__ volatile(SM90A_MARK "wgmma.wait_group.sync.aligned 1;" ::: "memory"); }
// Until none is; with the accumulators as operands, so that nothing reads them before.
INLINE void wgmma_wait_all(float acc[ACC]) {
    __asm__ volatile(SM90A_MARK "wgmma.wait_group.sync.aligned 0;" : ACC_OPERANDS::"memory");
}

INLINE uint shared_address(const __local void* p) { return (uint)(size_t)p; }

// A's stage, and B's for TF32: rows of a slab of k (ROW_BYTES each), K-major, swizzled by
// ROW_BYTES: groups of 8 rows 8 * ROW_BYTES apart (the stride byte offset; the leading one is
// unused, as a wgmma's k lies within a row). The address field holds bits 4-17.
INLINE ulong k_major_descriptor(uint address) {
    const ulong swizzle = ROW_BYTES == 128 ? 1 : ROW_BYTES == 64 ? 2 : 3; // wgmma's layout types
    return (ulong)((address & 0x3FFFF) >> 4) | 1ul << 16 | (ulong)(8 * ROW_BYTES >> 4) << 32 | swizzle << 62;
}
#if B_TRANSPOSED
INLINE ulong b_descriptor(uint address) { return k_major_descriptor(address); }
#else
// 16-bit B's stage: BLOCK_COLUMNS / 64 boxes of SLICE rows of k by 64 columns, 128-byte swizzle:
// atoms of 8 rows by 64 columns (1 KiB); those of the next 64 columns lie a box on (the leading
// byte offset), those of the next 8 rows of k 1 KiB on (the stride byte offset).
INLINE ulong b_descriptor(uint address) {
    return (ulong)((address & 0x3FFFF) >> 4) | (ulong)(B_BOX_BYTES >> 4) << 16 | (ulong)(1024 >> 4) << 32 | 1ul << 62;
}
#endif

// ---- mbarriers and the Tensor Memory Accelerator -------------------------------------------------

INLINE void mbarrier_init(uint bar, uint count) {
    __asm__ volatile(SM90A_MARK "mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
// Until the phase of `parity` of the mbarrier has completed.
INLINE void mbarrier_wait(uint bar, uint parity) {
    uint done = 0;
    while (!done)
        __asm__ volatile("{\n.reg .pred p;\nmov.pred p, 0;\n" SM90A_MARK
                         "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, 0, p;\n}"
                         : "=r"(done)
                         : "r"(bar), "r"(parity)
                         : "memory");
}
INLINE void mbarrier_arrive(uint bar) {
    __asm__ volatile(SM90A_MARK "mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}
// Arrives, and makes the phase wait for `bytes` more of copies.
INLINE void mbarrier_expect(uint bar, uint bytes) {
    __asm__ volatile(SM90A_MARK "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes)
                     : "memory");
}
// The box at column x, row y of the map's matrix into tile_static memory at `destination`,
// completing `bytes` of the mbarrier (the whole box: TMA fills what lies outside with zeros).
INLINE void copy_box(uint destination, __global const ulong* map, int x, int y, uint bar) {
    __asm__ volatile(SM90A_MARK "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
                                "[%0], [%1, {%2, %3}], [%4];" ::"r"(destination),
                     "l"(map), "r"(x), "r"(y), "r"(bar)
                     : "memory");
}

// Slab `slab` of the block's rows of A and columns of B into the stage at `stage`: B's transpose
// in one box like A's, 16-bit B in boxes of 64 columns.
INLINE void copy_slab(__global const ulong* a_map, __global const ulong* b_map, int slab, int first_row,
                      int first_column, uint stage, uint full) {
    mbarrier_expect(full, STAGE_BYTES);
    copy_box(stage, a_map, slab * SLICE, first_row, full);
#if B_TRANSPOSED
    copy_box(stage + A_BYTES, b_map, slab * SLICE, first_column, full);
#else
#pragma unroll
    for (int box = 0; box < BLOCK_COLUMNS / 64; ++box)
        copy_box(stage + A_BYTES + box * B_BOX_BYTES, b_map, first_column + 64 * box, slab * SLICE, full);
#endif
}

#if TF32X3
// tf32x3's operands, split for the kernel: each value of `in` (rows x columns, row-major) as its
// TF32 rounding (cvt.rna, as the mma.sync kernel rounds) and the TF32 rounding of the rest, each
// group of 8 of k followed by its rests: along each row for A (k its columns; out rows x 2 *
// columns), along each column for B (k its rows; out 2 * rows x columns), whose transpose the
// kernel then reads. `in`'s rows and columns, padded to 8 along k with zeros, are the launch's
// one-dimensional range, rows by columns.
__kernel void split_tf32(int rows, int columns, int padded_columns, int along_rows, __global const float* in,
                         __global float* out) {
    const size_t id = get_global_id(0);
    const int padded_rows = along_rows ? (rows + 7) / 8 * 8 : rows;
    if (id >= (size_t)padded_rows * padded_columns) return;
    const int row = id / padded_columns, column = id % padded_columns;
    const float value = row < rows && column < columns ? in[(size_t)row * columns + column] : 0.0f;
    uint big, rest;
    __asm__("cvt.rna.tf32.f32 %0, %1;" : "=r"(big) : "f"(value));
    __asm__("cvt.rna.tf32.f32 %0, %1;" : "=r"(rest) : "f"(value - as_float(big)));
    if (along_rows) {
        const size_t at = (size_t)(row / 8 * 16 + row % 8) * padded_columns + column;
        out[at] = as_float(big);
        out[at + 8 * (size_t)padded_columns] = as_float(rest);
    } else {
        const size_t at = (size_t)row * 2 * padded_columns + column / 8 * 16 + column % 8;
        out[at] = as_float(big);
        out[at + 8] = as_float(rest);
    }
}
#endif

// The device addresses of two buffers, which the host's tensor maps need; launched as one tile of
// the gemm's, so that it runs from the gemm's program.
__kernel __attribute__((reqd_work_group_size(THREADS, 1, 1))) void
buffer_addresses(__global const STORAGE* a, __global const STORAGE* b, __global ulong* addresses) {
    if (get_global_id(0) != 0) return;
    addresses[0] = (ulong)(size_t)a;
    addresses[1] = (ulong)(size_t)b;
}

// a_map and b_map are the tensor maps of a_elements and b_elements (B's transpose, for float),
// which the kernel reads only through them: they are its arguments so that their data is current on the device.
__kernel __attribute__((reqd_work_group_size(THREADS, 1, 1))) void
gemm_wgmma(int m, int n, int k, float alpha, __global const ulong* a_map, __global const ulong* b_map, float beta,
           __global float* c, __global const STORAGE* a_elements, __global const STORAGE* b_elements) {
    tile_static uint4 smem[SMEM_DECLARED / 16];
    tile_static ulong mbarriers[2 * STAGES];
    const uint stages = shared_address(smem) + ((1024 - (shared_address(smem) & 1023)) & 1023);
    const uint full = shared_address(mbarriers), empty = full + 8 * STAGES;

    const int thread = get_local_id(0), group = thread / 128, lane = thread % 32, warp = thread / 32 % 4;
    const int tiles_across = n / BLOCK_COLUMNS + (n % BLOCK_COLUMNS != 0);
    const int tiles_down = m / BLOCK_ROWS + (m % BLOCK_ROWS != 0);
    const int tile = get_group_id(0), band = tile / (GROUP * tiles_across), in_band = tile % (GROUP * tiles_across);
    const int band_rows = min(GROUP, tiles_down - band * GROUP);
    const int first_row = (band * GROUP + in_band % band_rows) * BLOCK_ROWS;
    const int first_column = in_band / band_rows * BLOCK_COLUMNS;
    const int slabs = k / SLICE + (k % SLICE != 0);

    if (thread == 0) {
        for (int s = 0; s < STAGES; ++s) {
            mbarrier_init(full + 8 * s, 1);
            mbarrier_init(empty + 8 * s, 4 * WARPGROUPS);
        }
        __asm__ volatile(SM90A_MARK "fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // Work-item 0 fills the ring's first stages; from then on it refills each stage as soon as every
    // warp has passed it, so that STAGES - 1 slabs are on their way while one is multiplied.
    if (thread == 0)
        for (int s = 0; s < min(STAGES, slabs); ++s)
            copy_slab(a_map, b_map, s, first_row, first_column, stages + s * STAGE_BYTES, full + 8 * s);

    float acc[ACC];
#pragma unroll
    for (int i = 0; i < ACC; ++i) acc[i] = 0;
#if TF32X3
    // Each slab's three products into fresh accumulators, added to acc in float once they are done:
    // wgmma's own sums truncate, and over a long k would lose float's accuracy (BENCHMARKS.md). Each
    // 64 bytes of a slab's rows hold 8 of k, their TF32 parts and then what is left of them.
    float fresh[ACC];
#pragma unroll
    for (int i = 0; i < ACC; ++i) fresh[i] = 0;
    for (int s = 0; s < slabs; ++s) {
        const int stage = s % STAGES;
        mbarrier_wait(full + 8 * stage, (s / STAGES) & 1);
        const uint at = stages + stage * STAGE_BYTES;
        const uint a_at = at + group * (A_BYTES / WARPGROUPS), b_at = at + A_BYTES;
        wgmma_fence(fresh);
#pragma unroll
        for (int part = 0; part < ROW_BYTES; part += 64) {
            wgmma(fresh, k_major_descriptor(a_at + part), b_descriptor(b_at + part), part != 0);
            wgmma(fresh, k_major_descriptor(a_at + part), b_descriptor(b_at + part + WGMMA_BYTES), 1);
            wgmma(fresh, k_major_descriptor(a_at + part + WGMMA_BYTES), b_descriptor(b_at + part), 1);
        }
        wgmma_commit();
        wgmma_wait_all(fresh);
        // The stage is read, as far as this warp goes; once it is for every warp, it takes slab
        // s + STAGES.
        if (lane == 0) mbarrier_arrive(empty + 8 * stage);
        if (thread == 0 && s + STAGES < slabs) {
            mbarrier_wait(empty + 8 * stage, (s / STAGES) & 1);
            copy_slab(a_map, b_map, s + STAGES, first_row, first_column, at, full + 8 * stage);
        }
#pragma unroll
        for (int i = 0; i < ACC; ++i) acc[i] += fresh[i];
    }
#else
    for (int s = 0; s < slabs; ++s) {
        const int stage = s % STAGES;
        mbarrier_wait(full + 8 * stage, (s / STAGES) & 1);
        const uint at = stages + stage * STAGE_BYTES;
        wgmma_fence(acc);
        // Within a slab, the next wgmma's k lies 32 bytes on along each row of A: the swizzle acts
        // on the address, so the descriptors move as the data does.
#pragma unroll
        for (int w = 0; w < ROW_BYTES / WGMMA_BYTES; ++w)
            wgmma(acc, k_major_descriptor(at + group * (A_BYTES / WARPGROUPS) + WGMMA_BYTES * w),
                  b_descriptor(at + A_BYTES + B_WGMMA_STEP * w), 1);
        wgmma_commit();
        wgmma_wait_but_one();
        if (s >= 1) {
            // Slab s - 1's wgmma are done: its stage is free, as far as this warp goes; once it is
            // for every warp, it takes slab s - 1 + STAGES.
            const int done = s - 1, done_stage = done % STAGES;
            if (lane == 0) mbarrier_arrive(empty + 8 * done_stage);
            if (thread == 0 && done + STAGES < slabs) {
                mbarrier_wait(empty + 8 * done_stage, (done / STAGES) & 1);
                copy_slab(a_map, b_map, done + STAGES, first_row, first_column, stages + done_stage * STAGE_BYTES,
                          full + 8 * done_stage);
            }
        }
    }
#endif
    wgmma_wait_all(acc);

    // The accumulators' layout (PTX's "Matrix D fragment" of wgmma .m64nNk16; CUTLASS's
    // CLayout_64xN): acc[4j + 2h + e] is D(16 * warp + lane / 4 + 8h, 8j + 2 * (lane % 4) + e).
    const int row = first_row + 64 * group + 16 * warp + lane / 4;
    const int column0 = first_column + 2 * (lane % 4);
#pragma unroll
    for (int h = 0; h < 2; ++h) {
        const int r = row + 8 * h;
        if (r >= m) continue;
        __global float* const c_row = c + (size_t)r * n;
#pragma unroll
        for (int j = 0; j < ACC / 4; ++j) {
            const int column = column0 + 8 * j;
#pragma unroll
            for (int e = 0; e < 2; ++e) {
                if (column + e >= n) continue;
                const float value = acc[4 * j + 2 * h + e];
                // As in BLAS, beta == 0 never reads C, which may then hold anything, NaNs included.
                c_row[column + e] = beta == 0 ? alpha * value : alpha * value + beta * c_row[column + e];
            }
        }
    }
}
