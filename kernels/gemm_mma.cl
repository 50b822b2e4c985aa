// libtiles algorithms: C = alpha * A * B + beta * C on tensor cores (NVIDIA's mma.sync), float
// accumulation, at a precision asked for per call: TF32 inputs, float accuracy from three TF32
// products, or half or bfloat16 inputs. Built with TILES_PTX on NVIDIA devices that have the
// instructions (sm_80 on), where each mma is one inline PTX instruction; elsewhere each mma is
// computed by an exact emulation of the instruction, so that the whole kernel, the fragments'
// loads and stores included, runs and is tested on any OpenCL device.
//
// A tile of WARPS_DOWN x WARPS_ACROSS warps of 32 work-items (the launch's tile rows and columns)
// computes a BLOCK_ROWS x BLOCK_COLUMNS block of C, each warp a WARP_ROWS x WARP_COLUMNS part of
// it, as M_TILES x N_TILES 16 x 8 tiles of the mma instruction. The tile stages slices of A and B
// in tile_static memory as the 32-bit words the instruction reads: a TF32 value, or two half or
// bfloat16 values neighbouring in k (K_PACK elements a word). A is staged by rows, [m][word], B
// by words, [word][n], both padded so that a warp's fragment loads meet 32 different banks.
// While the tile multiplies one pair of slices, each work-item's share of the next pair is on its
// way from global memory into registers.
//
// The host defines PRECISION (the C API's tiles_precision: 1 tf32x3, 2 tf32, 3 float16, 4 bfloat16),
// the parameters WARPS_DOWN, WARPS_ACROSS, WARP_ROWS (a multiple of 16), WARP_COLUMNS (a multiple
// of 8) and SLICE_STEPS (the mma steps of k a staged slice holds), ROWS_ALIGNED (1 when A's and
// B's rows are whole vectors of 4 elements, so that loads may be aligned vector loads), and
// TILES_PTX; A and B are floats, or where STORAGE says so (elements.cl), 16-bit floats of the
// precision's kind, float16 or bfloat16.

#define PRECISION_TF32X3 1
#define PRECISION_TF32 2
#define PRECISION_FLOAT16 3
#define PRECISION_BFLOAT16 4

// A's and B's elements (INPUT), read as LOADED, which load_input4 reads four at a time as a LOADED4:
// floats, or the bits of 16-bit floats, which the instruction reads as they are, two to a uint
// (the lower column in the low half) so that nothing works on them until they are staged.
#define HALF_INPUTS (STORAGE_IS_HALF || STORAGE_IS_BFLOAT16)
#if HALF_INPUTS
#define INPUT STORAGE
#define LOADED ushort
#define LOADED4 uint2
#else
#define INPUT float
#define LOADED float
#define LOADED4 float4
#endif

#define WARPS (WARPS_DOWN * WARPS_ACROSS)
#define THREADS (WARPS * 32)
#define BLOCK_ROWS (WARPS_DOWN * WARP_ROWS)
#define BLOCK_COLUMNS (WARPS_ACROSS * WARP_COLUMNS)
#define M_TILES (WARP_ROWS / 16)
#define N_TILES (WARP_COLUMNS / 8)

#if PRECISION == PRECISION_FLOAT16 || PRECISION == PRECISION_BFLOAT16
#define K_PACK 2 // m16n8k16: 16 of k in 8 words
#else
#define K_PACK 1 // m16n8k8: 8 of k in 8 words
#endif
// tf32x3 stages each value as its TF32 part and the TF32 part of the rest: two sets of words.
#if PRECISION == PRECISION_TF32X3
#define PARTS 2
#else
#define PARTS 1
#endif

#define SLICE_WORDS (8 * SLICE_STEPS)
#define SLICE (SLICE_WORDS * K_PACK) // elements of k a slice holds
// Row strides of the staged words. A fragment load reads words (g, t) for the warp's 8 groups g and
// 4 threads t of a group: with A's stride 4 more than a multiple of 8, g * stride + t falls in 32
// different banks. B's fragment reads words (t, g): a stride of 8 more than a multiple of 32 does it.
#define A_STRIDE (SLICE_WORDS + 4)
#define B_STRIDE (BLOCK_COLUMNS + (40 - BLOCK_COLUMNS % 32) % 32)
// Work-items stage the slices in units of 4 words: of one row of A, or of one word row of B.
#define A_UNITS_PER_ROW (SLICE_WORDS / 4)
#define A_UNITS (BLOCK_ROWS * A_UNITS_PER_ROW)
#define B_UNITS_PER_ROW (BLOCK_COLUMNS / 4)
#define B_UNITS (SLICE_WORDS * B_UNITS_PER_ROW)
#define A_LOADS ((A_UNITS + THREADS - 1) / THREADS)
// The staged words of one part: A's rows, then B's word rows.
#define PART_WORDS (BLOCK_ROWS * A_STRIDE + SLICE_WORDS * B_STRIDE)
#define B_LOADS ((B_UNITS + THREADS - 1) / THREADS)

// The loops around the mma instructions are unrolled on NVIDIA, so that the fragments and sums
// stay in registers. The emulation's mma waits at barriers: unrolled, its many barriers only make
// the kernel slower to build.
#ifdef TILES_PTX
#define MMA_UNROLL _Pragma("unroll")
#else
#define MMA_UNROLL _Pragma("unroll 1")
#endif

// ---- Conversions of float into the words the instruction reads ----------------------------------

#ifdef TILES_PTX
// TF32: round to nearest, ties away from zero.
static inline uint tf32_word(float x) {
    uint word;
    __asm__("cvt.rna.tf32.f32 %0, %1;" : "=r"(word) : "f"(x));
    return word;
}
// Two values, the first in the low half: cvt packs its first operand into the high half.
static inline uint packed_word(float low, float high) {
    uint word;
#if PRECISION == PRECISION_FLOAT16
    __asm__("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(word) : "f"(high), "f"(low));
#else
    __asm__("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(word) : "f"(high), "f"(low));
#endif
    return word;
}
#else
// cvt.rna.tf32.f32's rounding: half of the last place kept added to the magnitude, the 13 bits
// below it cleared. Infinities stay; a NaN becomes the canonical one.
static inline uint tf32_word(float x) {
    if (isnan(x)) return 0x7fffffffu;
    return isinf(x) ? as_uint(x) : (as_uint(x) + 0x1000u) & 0xffffe000u;
}
#if PRECISION == PRECISION_FLOAT16
static inline uint half_bits(float x) {
    ushort bits;
    vstore_half_rte(x, 0, (half*)&bits);
    return bits;
}
#else
// bfloat16: the high 16 bits of the float rounded to nearest, ties to even; a NaN stays one.
static inline uint half_bits(float x) {
    const uint bits = as_uint(x);
    return isnan(x) ? 0x7fc0u : (bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16;
}
#endif
static inline uint packed_word(float low, float high) { return half_bits(low) | half_bits(high) << 16; }
#endif

// ---- The mma instruction: D = A * B + D for one 16 x 8 tile of C ---------------------------------
//
// Fragments, as the PTX ISA lays them out (sections "Matrix Fragments for mma.m16n8k8" (.tf32) and
// "Matrix Fragments for mma.m16n8k16 with floating point type"; CUTLASS's cute/atom/mma_traits_sm80.hpp
// gives the same as layouts), for work-item `lane` of the warp, g = lane / 4, t = lane % 4, in words
// (a word is one k-element for tf32, two neighbouring ones, the lower k in the low half, for f16/bf16):
//   a[0] = A(row g, word t)  a[1] = A(g + 8, t)  a[2] = A(g, t + 4)  a[3] = A(g + 8, t + 4)
//   b[0] = B(word t, column g)  b[1] = B(t + 4, g)
//   d[0] = D(g, 2t)  d[1] = D(g, 2t + 1)  d[2] = D(g + 8, 2t)  d[3] = D(g + 8, 2t + 1)

#ifdef TILES_PTX
static inline void mma(float d[4], const uint a[4], const uint b[2]) {
#if PRECISION == PRECISION_FLOAT16
    __asm__ volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                     "{%0,%1,%2,%3};"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#elif PRECISION == PRECISION_BFLOAT16
    __asm__ volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                     "{%0,%1,%2,%3};"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#else
    __asm__ volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                     "{%0,%1,%2,%3};"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#endif
}
#define MMA(d, a, b) mma(d, a, b)
#else
// The emulation: the warp's work-items put their fragments together in tile_static memory, and
// each computes its four elements of D as the instruction defines them. The instruction reads
// only the TF32 bits of a tf32 word; products of TF32, half or bfloat16 values are exact in
// float, and the emulation adds them to D in order of k, rounding each sum to nearest (the PTX
// ISA leaves the order and rounding of the instruction's sums to the hardware). Every work-item
// of the tile calls it at the same points, as its barriers need.
typedef struct {
    uint a[16][8];
    uint b[8][8];
} mma_exchange;

static inline float input_value(uint word, int which) {
#if PRECISION == PRECISION_FLOAT16
    const ushort bits = (ushort)(word >> (16 * which));
    return vload_half(0, (const half*)&bits);
#elif PRECISION == PRECISION_BFLOAT16
    return as_float((word >> (16 * which)) << 16);
#else
    return as_float(word & 0xffffe000u);
#endif
}

static inline void mma_emulated(float d[4], const uint a[4], const uint b[2], __local mma_exchange* exchange,
                                int lane) {
    const int g = lane / 4, t = lane % 4;
    exchange->a[g][t] = a[0];
    exchange->a[g + 8][t] = a[1];
    exchange->a[g][t + 4] = a[2];
    exchange->a[g + 8][t + 4] = a[3];
    exchange->b[t][g] = b[0];
    exchange->b[t + 4][g] = b[1];
    tile_barrier_wait_with_tile_static_memory_fence();
    for (int i = 0; i < 4; ++i) {
        const int row = g + 8 * (i / 2), column = 2 * t + i % 2;
        float sum = d[i];
        for (int word = 0; word < 8; ++word)
            for (int which = 0; which < K_PACK; ++which)
                sum =
                    fma(input_value(exchange->a[row][word], which), input_value(exchange->b[word][column], which), sum);
        d[i] = sum;
    }
    tile_barrier_wait_with_tile_static_memory_fence();
}
#define MMA(d, a, b) mma_emulated(d, a, b, &exchange[warp], lane)
#endif

// ---- Staging ---------------------------------------------------------------------------------------

// Four elements of row `row` of a rows x columns matrix from column `column` on; zeros past its
// edges, which add nothing to the products.
static inline LOADED4 load_input4(__global const LOADED* matrix, int row, int column, int rows, int columns) {
    if (row >= rows) return (LOADED4)0;
    __global const LOADED* const row_start = matrix + row * columns;
#if ROWS_ALIGNED
    // Rows are whole vectors, so these four lie in the row or past its end together.
    return column < columns ? *(__global const LOADED4*)(row_start + column) : (LOADED4)0;
#else
#if !HALF_INPUTS
    if (column + 4 <= columns) return vload4(0, row_start + column);
#endif
    LOADED part[4];
    for (int i = 0; i < 4; ++i) part[i] = column + i < columns ? row_start[column + i] : 0;
#if HALF_INPUTS
    return (uint2)(part[0] | (uint)part[1] << 16, part[2] | (uint)part[3] << 16);
#else
    return vload4(0, part);
#endif
#endif
}

// Work-item `thread`'s share of the slices of A and B that start at element `slice` of k: for A,
// the 4 * K_PACK elements of units of one row; for B, K_PACK rows of 4 elements.
static inline void load_slices(__global const LOADED* a, __global const LOADED* b, int m, int n, int k, int slice,
                               int first_row, int first_column, int thread, LOADED4 a_share[A_LOADS][K_PACK],
                               LOADED4 b_share[B_LOADS][K_PACK]) {
#pragma unroll
    for (int l = 0; l < A_LOADS; ++l) {
        const int unit = thread + l * THREADS;
        const int row = unit / A_UNITS_PER_ROW, word = (unit - row * A_UNITS_PER_ROW) * 4;
#pragma unroll
        for (int p = 0; p < K_PACK; ++p) {
            a_share[l][p] =
                unit < A_UNITS ? load_input4(a, first_row + row, slice + K_PACK * word + 4 * p, m, k) : (LOADED4)0;
        }
    }
#pragma unroll
    for (int l = 0; l < B_LOADS; ++l) {
        const int unit = thread + l * THREADS;
        const int word = unit / B_UNITS_PER_ROW, column = (unit - word * B_UNITS_PER_ROW) * 4;
#pragma unroll
        for (int p = 0; p < K_PACK; ++p) {
            b_share[l][p] =
                unit < B_UNITS ? load_input4(b, slice + K_PACK * word + p, first_column + column, k, n) : (LOADED4)0;
        }
    }
}

// Four words from four floats (tf32), or from eight inputs: for A, four pairs neighbouring in a
// row (`first` then `second`); for B, pairs of one column from two rows (`first` the lower row).
// 16-bit floats are packed as they are, the lower k in the low half.
static inline uint4 words_of(LOADED4 first, LOADED4 second, bool from_rows) {
#if K_PACK == 1
    return (uint4)(tf32_word(first.x), tf32_word(first.y), tf32_word(first.z), tf32_word(first.w));
#elif HALF_INPUTS
    // A's words are as they were loaded; B's pair each column of `first` with the same of `second`.
    return from_rows ? (uint4)(first.x & 0xffffu | second.x << 16, first.x >> 16 | (second.x & 0xffff0000u),
                               first.y & 0xffffu | second.y << 16, first.y >> 16 | (second.y & 0xffff0000u))
                     : (uint4)(first, second);
#else
    return from_rows ? (uint4)(packed_word(first.x, second.x), packed_word(first.y, second.y),
                               packed_word(first.z, second.z), packed_word(first.w, second.w))
                     : (uint4)(packed_word(first.x, first.y), packed_word(first.z, first.w),
                               packed_word(second.x, second.y), packed_word(second.z, second.w));
#endif
}

// What is left of four floats past their TF32 words, as TF32 words: tf32x3's small parts (none
// past an infinite TF32 part, which stays what it is in the products).
static inline uint4 rest_words(float4 values, uint4 words) {
    const float4 rest = select(values - as_float4(words), (float4)0, isinf(as_float4(words)));
    return (uint4)(tf32_word(rest.x), tf32_word(rest.y), tf32_word(rest.z), tf32_word(rest.w));
}

static inline void store_unit(__local uint4* staged, int at, LOADED4 first, LOADED4 second, bool from_rows) {
    const uint4 words = words_of(first, second, from_rows);
    staged[at] = words;
#if PARTS == 2
    staged[at + PART_WORDS / 4] = rest_words(first, words);
#endif
}

// The shares into the tile's staged words: A's at a_staged, B's after A's, each part after the other.
static inline void store_slices(LOADED4 a_share[A_LOADS][K_PACK], LOADED4 b_share[B_LOADS][K_PACK], int thread,
                                __local uint4* a_staged, __local uint4* b_staged) {
#pragma unroll
    for (int l = 0; l < A_LOADS; ++l) {
        const int unit = thread + l * THREADS;
        const int row = unit / A_UNITS_PER_ROW, word = (unit - row * A_UNITS_PER_ROW) * 4;
        if (unit < A_UNITS)
            store_unit(a_staged, (row * A_STRIDE + word) / 4, a_share[l][0], a_share[l][K_PACK - 1], false);
    }
#pragma unroll
    for (int l = 0; l < B_LOADS; ++l) {
        const int unit = thread + l * THREADS;
        const int word = unit / B_UNITS_PER_ROW, column = (unit - word * B_UNITS_PER_ROW) * 4;
        if (unit < B_UNITS)
            store_unit(b_staged, (word * B_STRIDE + column) / 4, b_share[l][0], b_share[l][K_PACK - 1], true);
    }
}

// ---- The kernel --------------------------------------------------------------------------------------

__kernel void gemm_mma(int m, int n, int k, float alpha, __global const INPUT* a, __global const INPUT* b, float beta,
                       __global float* c) {
    const tiled_index t = get_tiled_index();
    // A and B's words, then for tf32x3 their small parts in the same layout.
    tile_static uint4 staged[PARTS * PART_WORDS / 4];
    __local uint4* const a_staged = staged;
    __local uint4* const b_staged = staged + BLOCK_ROWS * A_STRIDE / 4;
    const __local uint* const a_words = (const __local uint*)a_staged;
    const __local uint* const b_words = (const __local uint*)b_staged;
#ifndef TILES_PTX
    tile_static mma_exchange exchange[WARPS];
#endif

    const int warp = t.local_id[0], lane = t.local_id[1];
    const int thread = warp * 32 + lane;
    const int group = lane / 4, in_group = lane % 4;
    const int warp_down = warp / WARPS_ACROSS;
    const int warp_row = warp_down * WARP_ROWS, warp_column = (warp - warp_down * WARPS_ACROSS) * WARP_COLUMNS;
    const int first_row = t.tile[0] * BLOCK_ROWS, first_column = t.tile[1] * BLOCK_COLUMNS;
    __global const LOADED* const a_loaded = (__global const LOADED*)a;
    __global const LOADED* const b_loaded = (__global const LOADED*)b;

    float sum[M_TILES][N_TILES][4];
#pragma unroll
    for (int i = 0; i < M_TILES; ++i) {
#pragma unroll
        for (int j = 0; j < N_TILES; ++j) {
#pragma unroll
            for (int e = 0; e < 4; ++e) sum[i][j][e] = 0;
        }
    }

    LOADED4 a_share[A_LOADS][K_PACK], b_share[B_LOADS][K_PACK];
    load_slices(a_loaded, b_loaded, m, n, k, 0, first_row, first_column, thread, a_share, b_share);
    for (int slice = 0; slice < k; slice += SLICE) {
        store_slices(a_share, b_share, thread, a_staged, b_staged);
        tile_barrier_wait_with_tile_static_memory_fence();
        if (slice + SLICE < k)
            load_slices(a_loaded, b_loaded, m, n, k, slice + SLICE, first_row, first_column, thread, a_share, b_share);

        MMA_UNROLL
        for (int step = 0; step < SLICE_STEPS; ++step) {
            uint a_fragment[PARTS][M_TILES][4];
#pragma unroll
            for (int part = 0; part < PARTS; ++part) {
#pragma unroll
                for (int i = 0; i < M_TILES; ++i) {
                    const __local uint* at =
                        a_words + part * PART_WORDS + (warp_row + 16 * i + group) * A_STRIDE + 8 * step + in_group;
                    a_fragment[part][i][0] = at[0];
                    a_fragment[part][i][1] = at[8 * A_STRIDE];
                    a_fragment[part][i][2] = at[4];
                    a_fragment[part][i][3] = at[8 * A_STRIDE + 4];
                }
            }
            MMA_UNROLL
            for (int j = 0; j < N_TILES; ++j) {
                uint b_fragment[PARTS][2];
#pragma unroll
                for (int part = 0; part < PARTS; ++part) {
                    const __local uint* at =
                        b_words + part * PART_WORDS + (8 * step + in_group) * B_STRIDE + warp_column + 8 * j + group;
                    b_fragment[part][0] = at[0];
                    b_fragment[part][1] = at[4 * B_STRIDE];
                }
                MMA_UNROLL
                for (int i = 0; i < M_TILES; ++i) {
#if PARTS == 2
                    // The three products of big and small parts (small times small is below float's
                    // rounding), summed apart from the running sum and added to it once a step, so
                    // that the running sum is rounded once for 8 of k, less often than the exact
                    // kernel's.
                    float product[4] = {0, 0, 0, 0};
                    MMA(product, a_fragment[1][i], b_fragment[0]);
                    MMA(product, a_fragment[0][i], b_fragment[1]);
                    MMA(product, a_fragment[0][i], b_fragment[0]);
#pragma unroll
                    for (int e = 0; e < 4; ++e) sum[i][j][e] += product[e];
#else
                    MMA(sum[i][j], a_fragment[0][i], b_fragment[0]);
#endif
                }
            }
        }
        tile_barrier_wait_with_tile_static_memory_fence();
    }

#pragma unroll
    for (int i = 0; i < M_TILES; ++i) {
#pragma unroll
        for (int lower = 0; lower < 2; ++lower) {
            const int row = first_row + warp_row + 16 * i + group + 8 * lower;
            if (row >= m) continue;
#pragma unroll
            for (int j = 0; j < N_TILES; ++j) {
#pragma unroll
                for (int e = 0; e < 2; ++e) {
                    const int column = first_column + warp_column + 8 * j + 2 * in_group + e;
                    if (column >= n) continue;
                    __global float* out = &c[row * n + column];
                    const float value = sum[i][j][2 * lower + e];
                    // As in BLAS, beta == 0 never reads C, which may then hold anything, NaNs included.
                    *out = beta == 0 ? alpha * value : alpha * value + beta * *out;
                }
            }
        }
    }
}
