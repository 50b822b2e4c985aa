// libtiles algorithms: C = alpha * A * B + beta * C for half and bfloat16 matrices on Hopper's
// warpgroup tensor-core instruction (wgmma.mma_async, sm_90a), float accumulation. Built only
// through the sm_90a route (compile_route.hpp): every sm_90a-only instruction sits in inline asm
// as a PTX comment after SM90A_MARK, which NVIDIA's compiler for sm_90 fills in and passes on, and
// which the route turns into the instruction. As the driver builds it, the kernel computes nothing.
//
// A tile of WARPGROUPS warpgroups (128 work-items each) computes a 64 * WARPGROUPS x BLOCK_COLUMNS
// block of C, each warpgroup 64 rows by all BLOCK_COLUMNS columns with one wgmma m64nBLOCK_COLUMNSk16
// a step of k. wgmma's A comes from registers: each work-item loads its fragments straight from
// global memory, A_GROUPS groups of 32 of k ahead (a ring, unrolled, so that every register is named
// at compile time). B comes from tile_static memory, described by wgmma's matrix descriptors, in
// slabs of 16 rows of k as they lie ("MN-major", 128-byte swizzle, read with wgmma's transpose bit),
// copied by cp.async in a ring of STAGES stages. NVIDIA's OpenCL gives a tile 48 KiB of tile_static
// memory, too few bytes in flight for the latency of memory; the register file holds the rest.
//
// The host defines SM90A_MARK (the route's marker, ahead of the text), WARPGROUPS, BLOCK_COLUMNS
// (128 or 256), STAGES (at least 4) and A_GROUPS; A and B are half or bfloat16 (STORAGE,
// elements.cl), their rows whole chunks of 16 bytes (k and n multiples of 8), which the host
// checks; the launch is one-dimensional, tiles of 128 * WARPGROUPS.

// Everything inlined, so that the register arrays stay registers.
#define INLINE static inline __attribute__((always_inline))
#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

#define THREADS (128 * WARPGROUPS)
#define BLOCK_ROWS (64 * WARPGROUPS)
#define SLICE 16 // rows of k a slab of B holds: one wgmma k16
#define STAGE_BYTES (SLICE * BLOCK_COLUMNS * 2)
// The swizzle acts on address bits 4-9, so stages start on 1024 bytes; the driver places
// tile_static arrays where it likes, so the kernel aligns its own.
#define SMEM_BYTES (STAGES * STAGE_BYTES + 1024)
#define ACC (BLOCK_COLUMNS / 2) // accumulators a work-item: 64 x BLOCK_COLUMNS floats over 128

#if STORAGE_IS_HALF
#define WGMMA_KIND "k16.f32.f16.f16"
#elif STORAGE_IS_BFLOAT16
#define WGMMA_KIND "k16.f32.bf16.bf16"
#else
#error "gemm_wgmma multiplies half or bfloat16 matrices"
#endif
#if STAGES < 4
#error "slab s + STAGES - 2 takes the stage of slab s - 2: STAGES is at least 4"
#endif

// ---- The sm_90a instructions -------------------------------------------------------------------

#define ACC_OPERANDS_8(i)                                                                                              \
    "+f"(acc[i]), "+f"(acc[i + 1]), "+f"(acc[i + 2]), "+f"(acc[i + 3]), "+f"(acc[i + 4]), "+f"(acc[i + 5]),            \
        "+f"(acc[i + 6]), "+f"(acc[i + 7])
#define ACC_OPERANDS_64                                                                                                \
    ACC_OPERANDS_8(0), ACC_OPERANDS_8(8), ACC_OPERANDS_8(16), ACC_OPERANDS_8(24), ACC_OPERANDS_8(32),                  \
        ACC_OPERANDS_8(40), ACC_OPERANDS_8(48), ACC_OPERANDS_8(56)
#define D_OPERANDS_64                                                                                                  \
    "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "                                           \
    "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "                                 \
    "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "                                 \
    "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63"
#if ACC == 64
#define ACC_OPERANDS ACC_OPERANDS_64
#define WGMMA_D "{" D_OPERANDS_64 "}"
// After the accumulators: A's four registers, B's descriptor, whether to add to D (the scale of D).
#define A_AND_B "{%64, %65, %66, %67}, %68"
#define SCALE_D "%69"
#elif ACC == 128
#define ACC_OPERANDS                                                                                                   \
    ACC_OPERANDS_64, ACC_OPERANDS_8(64), ACC_OPERANDS_8(72), ACC_OPERANDS_8(80), ACC_OPERANDS_8(88),                   \
        ACC_OPERANDS_8(96), ACC_OPERANDS_8(104), ACC_OPERANDS_8(112), ACC_OPERANDS_8(120)
#define WGMMA_D                                                                                                        \
    "{" D_OPERANDS_64 ", "                                                                                             \
    "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, "                                 \
    "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, "                                 \
    "%96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, "                     \
    "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}"
#define A_AND_B "{%128, %129, %130, %131}, %132"
#define SCALE_D "%133"
#else
#error "BLOCK_COLUMNS is 128 or 256"
#endif

// D += A * B for the warpgroup's 64 rows and 16 of k: A from the work-item's four registers, B
// described by a descriptor, read transposed (MN-major). The accumulators are operands of the
// instruction, which writes them later (wgmma.wait_group says when).
INLINE void wgmma(float acc[ACC], uint4 a, ulong b_descriptor) {
    __asm__ volatile("{\n.reg .pred p;\nsetp.ne.b32 p, " SCALE_D ", 0;\n" SM90A_MARK
                     "wgmma.mma_async.sync.aligned.m64n" STRINGIFY(BLOCK_COLUMNS) WGMMA_KIND " " WGMMA_D ", " A_AND_B
                                                                                             ", p, 1, 1, 1;\n}"
                     : ACC_OPERANDS
                     : "r"(a.x), "r"(a.y), "r"(a.z), "r"(a.w), "l"(b_descriptor), "r"(1));
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

// B's slab as its rows lie, 128-byte swizzle: atoms of 8 rows of k by 64 columns (1 KiB); those of
// the next 64 columns lie 1 KiB on (the leading byte offset), those of the next 8 rows of k
// BLOCK_COLUMNS / 64 KiB on (the stride byte offset). The address field holds bits 4-17.
INLINE ulong b_descriptor(uint address) {
    return (ulong)((address & 0x3FFFF) >> 4) | (ulong)(1024 >> 4) << 16 |
           (ulong)(BLOCK_COLUMNS / 64 * 1024 >> 4) << 32 | 1ul << 62;
}

// Byte offset of the chunk of 8 columns from `column` (a multiple of 8) in the slab's row `row`:
// chunk c of a row of an atom lies at c ^ (row % 8), so that wgmma reads without bank conflicts.
INLINE uint b_offset(int row, int column) {
    return (uint)((row / 8 * (BLOCK_COLUMNS / 64) + column / 64) * 1024 + row % 8 * 128 +
                  ((column % 64 / 8) ^ (row % 8)) * 16);
}

// 4 bytes from global memory where `inside`, else zeros: one predicated load into the register
// that holds the value. Written as a load and a select, the compiler loads into another register
// and moves it, and the move waits for the load where it stands.
INLINE uint load4(__global const void* p, bool inside) {
    uint v;
    __asm__("{\n.reg .pred p;\nsetp.ne.b32 p, %2, 0;\nmov.b32 %0, 0;\n@p ld.global.u32 %0, [%1];\n}"
            : "=r"(v)
            : "l"(p), "r"((int)inside));
    return v;
}

// Slab `slab` of B (16 rows of k) into the stage at `stage` by cp.async, zeros past the edges (a
// copy of 0 source bytes fills its 16 with zeros).
#define B_CHUNKS (SLICE * BLOCK_COLUMNS / 8)
#define B_COPIES ((B_CHUNKS + THREADS - 1) / THREADS)
INLINE void copy_b_slab(__global const ushort* b, int k, int n, int slab, int first_column, int thread, uint stage) {
#pragma unroll
    for (int l = 0; l < B_COPIES; ++l) {
        const int q = thread + l * THREADS, rho = q / (BLOCK_COLUMNS / 8), chunk = q % (BLOCK_COLUMNS / 8);
        if (B_CHUNKS % THREADS != 0 && q >= B_CHUNKS) break;
        const int row = slab * SLICE + rho, column = first_column + 8 * chunk;
        const bool inside = row < k && column < n;
        __asm__ volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(stage + b_offset(rho, 8 * chunk)),
                         "l"(inside ? b + (size_t)row * n + column : b), "r"(inside ? 16 : 0)
                         : "memory");
    }
    __asm__ volatile("cp.async.commit_group;" ::: "memory");
}

// A work-item's fragments of a group of 32 of k (two steps of wgmma). PTX's register fragments of
// wgmma's A (CUTLASS's ALayout_64x16): lane l of warp w of the warpgroup holds, in four registers
// of two 16-bit elements each, rows r = 16w + l / 4 and r + 8 at k = 2(l % 4) + {0, 1}, then the
// same rows at k + 8. Each register comes by a load of its own 4 bytes, straight into it.
typedef struct {
    uint4 step[2];
} a_group;
INLINE void load_a_group(a_group* g, __global const ushort* a, int m, int k, int group, int row, int lane) {
#pragma unroll
    for (int j = 0; j < 2; ++j) {
        const int column = group * 32 + 16 * j + 2 * (lane % 4);
        const bool upper = row < m && column < k, lower = row + 8 < m && column < k;
        const bool upper_next = row < m && column + 8 < k, lower_next = row + 8 < m && column + 8 < k;
        __global const ushort* const at = a + (size_t)row * k + column;
        g->step[j].x = load4(upper ? at : a, upper);
        g->step[j].y = load4(lower ? at + 8 * (size_t)k : a, lower);
        g->step[j].z = load4(upper_next ? at + 8 : a, upper_next);
        g->step[j].w = load4(lower_next ? at + 8 * (size_t)k + 8 : a, lower_next);
    }
}

__kernel __attribute__((reqd_work_group_size(THREADS, 1, 1))) void gemm_wgmma(int m, int n, int k, float alpha,
                                                                              __global const STORAGE* a_elements,
                                                                              __global const STORAGE* b_elements,
                                                                              float beta, __global float* c) {
    const tiled_index t = get_tiled_index();
    tile_static uint4 smem[SMEM_BYTES / 16];
    const uint stages = shared_address(smem) + ((1024 - (shared_address(smem) & 1023)) & 1023);
    __global const ushort* const a = (__global const ushort*)a_elements;
    __global const ushort* const b = (__global const ushort*)b_elements;

    const int thread = t.local_id[0], group = thread / 128, lane = thread % 32, warp = thread / 32 % 4;
    const int tiles_across = n / BLOCK_COLUMNS + (n % BLOCK_COLUMNS != 0);
    const int first_row = t.tile[0] / tiles_across * BLOCK_ROWS,
              first_column = t.tile[0] % tiles_across * BLOCK_COLUMNS;

    float acc[ACC];
#pragma unroll
    for (int i = 0; i < ACC; ++i) acc[i] = 0;

    const int row = first_row + 64 * group + 16 * warp + lane / 4;
    // Groups past k load zeros, and slabs past k copy zeros: rounding the count of groups up to
    // the ring's length lets every step of the unrolled loop below be the same.
    const int groups = k / 32 + (k % 32 != 0), padded = (groups + A_GROUPS - 1) / A_GROUPS * A_GROUPS;
    a_group ring[A_GROUPS];
#pragma unroll
    for (int p = 0; p < A_GROUPS; ++p) load_a_group(&ring[p], a, m, k, p, row, lane);
    // B's slabs STAGES - 2 ahead: slab s + STAGES - 2 takes the stage of slab s - 2, whose wgmma
    // every warpgroup had waited for (wgmma.wait_group 1 after slab s - 1) before the barrier.
    for (int s = 0; s < STAGES - 2; ++s) copy_b_slab(b, k, n, s, first_column, thread, stages + s * STAGE_BYTES);
    for (int g0 = 0; g0 < padded; g0 += A_GROUPS) {
#pragma unroll
        for (int u = 0; u < A_GROUPS; ++u) {
#pragma unroll
            for (int second = 0; second < 2; ++second) {
                const int s = 2 * (g0 + u) + second;
                // Slab s has landed for this work-item's copies, and past the barrier for all.
                __asm__ volatile("cp.async.wait_group " STRINGIFY(STAGES - 3) ";" ::: "memory");
                barrier(CLK_LOCAL_MEM_FENCE);
                copy_b_slab(b, k, n, s + STAGES - 2, first_column, thread,
                            stages + (s + STAGES - 2) % STAGES * STAGE_BYTES);
                wgmma_fence(acc);
                wgmma(acc, ring[u].step[second], b_descriptor(stages + s % STAGES * STAGE_BYTES));
                wgmma_commit();
                wgmma_wait_but_one();
                // Group g0 + u - 1's wgmma are done: its registers take the group A_GROUPS on.
                if (second && g0 + u >= 1)
                    load_a_group(&ring[(u + A_GROUPS - 1) % A_GROUPS], a, m, k, g0 + u - 1 + A_GROUPS, row, lane);
            }
        }
    }
    wgmma_wait_all(acc);

    // The accumulators' layout (PTX's "Matrix D fragment" of wgmma .m64nNk16; CUTLASS's
    // CLayout_64xN): acc[4j + 2h + e] is D(16 * warp + lane / 4 + 8h, 8j + 2 * (lane % 4) + e).
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
