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
// in tile_static memory, A's by rows and B's by rows of k, as floats for the TF32 precisions and as
// 16-bit floats for the others; each work-item turns its fragments into the instruction's words as
// it loads them. The stages form a ring: while the tile multiplies one slice, the next STAGES - 1
// are on their way from global memory. On NVIDIA they come by cp.async, which copies without
// passing through registers (float inputs rounded to 16 bits come through registers), and the
// fragments are read by ldmatrix where a fragment's words lie in rows of 16 bytes; elsewhere plain
// loads and stores do the same.
//
// The host defines PRECISION and, from gemm's table of precisions, the values it takes:
// PRECISION_TF32X3, PRECISION_TF32, PRECISION_FLOAT16 and PRECISION_BFLOAT16 (and PRECISION_EXACT);
// the parameters WARPS_DOWN, WARPS_ACROSS, WARP_ROWS (a multiple of 16), WARP_COLUMNS (a multiple
// of 8) and SLICE_STEPS (the mma steps of k a staged slice holds), ROWS_ALIGNED (1 when A's and
// B's rows are whole chunks, the CHUNK elements that make 16 bytes staged), LOCAL_MEMORY_BYTES
// (the device's tile_static memory, which sets STAGES) and TILES_PTX; A and B are floats, or where
// STORAGE says so (elements.cl), 16-bit floats of the precision's kind, float16 or bfloat16.

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
// tf32x3 splits each value into its TF32 part and the TF32 part of the rest: two sets of words.
#if PRECISION == PRECISION_TF32X3
#define PARTS 2
#else
#define PARTS 1
#endif

// A's and B's elements (INPUT), whose bits the kernel reads as INPUT_BITS, and what they are
// staged as: the TF32 precisions stage floats as they are; the 16-bit ones stage 16-bit floats,
// which 16-bit inputs are already and float inputs become on the way (ROUNDS_ON_STAGING).
#define HALF_INPUTS (STORAGE_IS_HALF || STORAGE_IS_BFLOAT16)
#if HALF_INPUTS
#if K_PACK != 2
#error "16-bit inputs are multiplied at their own precision"
#endif
#define INPUT STORAGE
#define INPUT_BITS ushort
#else
#define INPUT float
#define INPUT_BITS float
#endif
#define ROUNDS_ON_STAGING (K_PACK == 2 && !HALF_INPUTS)
// Copies move chunks of 16 bytes of staged elements: CHUNK of them (a literal, for vector types).
#if K_PACK == 1
#define CHUNK 4
#else
#define CHUNK 8
#endif

// The staged layout of a slice, in words of 4 bytes: A's BLOCK_ROWS rows of the slice's SLICE
// elements of k, then B's SLICE rows of k of the block's columns. A's rows are 16 bytes longer
// than their data, so that the 8 rows of 16 bytes that ldmatrix reads (and the word loads' 8 rows
// of words t and t + 4) fall in 32 different banks. B's rows are padded to B_ROW_WORDS % 32 == 8
// for the TF32 precisions' word loads of rows t (banks 8t + g), and to 4 for the 16-bit ones,
// whose ldmatrix reads 8 rows of 16 bytes. Rows stay whole chunks.
#define SLICE (8 * K_PACK * SLICE_STEPS)
#define A_ROW_CHUNKS (SLICE / CHUNK)
#define B_ROW_CHUNKS (BLOCK_COLUMNS / CHUNK)
#define A_ROW_WORDS (4 * A_ROW_CHUNKS + 4)
#define B_ROW_REMAINDER (K_PACK == 1 ? 8 : 4)
#define B_ROW_WORDS (4 * B_ROW_CHUNKS + (32 + B_ROW_REMAINDER - 4 * B_ROW_CHUNKS % 32) % 32)
#define A_STAGE_WORDS (BLOCK_ROWS * A_ROW_WORDS)
#define STAGE_WORDS (A_STAGE_WORDS + SLICE * B_ROW_WORDS)
// Chunks of a slice, and how many each work-item copies (the last copy of some may be none).
#define A_CHUNKS (BLOCK_ROWS * A_ROW_CHUNKS)
#define B_CHUNKS (SLICE * B_ROW_CHUNKS)
#define A_COPIES ((A_CHUNKS + THREADS - 1) / THREADS)
#define B_COPIES ((B_CHUNKS + THREADS - 1) / THREADS)

// As many stages as the device's tile_static memory holds, up to 4, beside the emulation's
// exchange of fragments and 256 bytes left to the compiler, which takes some of it (16 bytes on
// NVIDIA's); the host checks that two fit. WAIT_FOR_OLDEST waits until all but the newest
// STAGES - 2 slices' copies have landed.
#ifdef TILES_PTX
#define EXCHANGE_BYTES 0
#else
#define EXCHANGE_BYTES (WARPS * (16 * 8 + 8 * 8) * 4)
#endif
#define STAGE_BYTES (4 * STAGE_WORDS)
#define STAGING_BYTES (LOCAL_MEMORY_BYTES - 256 - EXCHANGE_BYTES)
#if 4 * STAGE_BYTES <= STAGING_BYTES
#define STAGES 4
#define WAIT_FOR_OLDEST "cp.async.wait_group 2;"
#elif 3 * STAGE_BYTES <= STAGING_BYTES
#define STAGES 3
#define WAIT_FOR_OLDEST "cp.async.wait_group 1;"
#else
#define STAGES 2
#define WAIT_FOR_OLDEST "cp.async.wait_group 0;"
#endif

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

// ---- Staging ------------------------------------------------------------------------------------
//
// A work-item moves its chunks of a slice in two calls: fetch_slices and store_slices. On NVIDIA,
// where nothing needs rounding, fetch_slices copies straight into the slice's stage by cp.async
// and store_slices has nothing to do. Elsewhere, and for float inputs rounded to 16 bits, the
// chunks come into registers (a slice_share) while the tile multiplies one slice, and go into
// their stage past the next barrier.

#if defined(TILES_PTX) && !ROUNDS_ON_STAGING
#define COPIES_ASYNC 1
#else
#define COPIES_ASYNC 0
#endif

// A chunk's inputs, as their bits.
#define CHUNK_VALUES TILES_GLUE(INPUT_BITS, CHUNK)
#define VLOAD_CHUNK TILES_GLUE(vload, CHUNK)

// A work-item's chunks of a slice between fetch_slices and store_slices (unused, and gone once
// compiled, where they go by cp.async).
typedef struct {
    CHUNK_VALUES a[A_COPIES], b[B_COPIES];
} slice_share;

#ifdef TILES_PTX
// The address in the shared state space that PTX's instructions take: what a __local pointer
// holds on NVIDIA.
static inline uint shared_address(const __local void* p) { return (uint)(size_t)p; }
#endif

// Where work-item `thread`'s copy `l` of a slice of `chunks` chunks, in rows of `row_chunks`, lies
// in it (row and column), and whether there is one.
static inline bool copy_place(int thread, int l, int row_chunks, int chunks, int* row, int* column) {
    const int chunk = thread + l * THREADS;
    *row = chunk / row_chunks;
    *column = (chunk - *row * row_chunks) * CHUNK;
    return chunks % THREADS == 0 || chunk < chunks;
}

// Where word `word` of A's row `row`, and of B's row of k `row`, lies in a stage.
static inline int a_word(int row, int word) { return row * A_ROW_WORDS + word; }
static inline int b_word(int row, int word) { return A_STAGE_WORDS + row * B_ROW_WORDS + word; }

// The chunks' places in a stage, in units of 16 bytes.
static inline int a_place(int row, int column) { return a_word(row, column / K_PACK) / 4; }
static inline int b_place(int row, int column) { return b_word(row, column / K_PACK) / 4; }

// CHUNK elements of row `row` of a rows x columns matrix from column `column` on; zeros past its
// edges, which add nothing to the products.
static inline CHUNK_VALUES load_chunk(__global const INPUT_BITS* matrix, int row, int rows, int column, int columns) {
    if (row >= rows) return (CHUNK_VALUES)0;
    __global const INPUT_BITS* const from = matrix + (size_t)row * columns + column;
#if ROWS_ALIGNED
    // Rows are whole chunks, so a chunk lies in its row or past its end, and starts on a multiple
    // of its size: it is read as one vector.
    return column < columns ? *(__global const CHUNK_VALUES*)from : (CHUNK_VALUES)0;
#else
    INPUT_BITS part[CHUNK];
    for (int e = 0; e < CHUNK; ++e) part[e] = column + e < columns ? from[e] : 0;
    return VLOAD_CHUNK(0, part);
#endif
}

// A chunk as staged: floats rounded to 16 bits in pairs, the rest as they are.
static inline uint4 staged_chunk(CHUNK_VALUES values) {
#if ROUNDS_ON_STAGING
    return (uint4)(packed_word(values.s0, values.s1), packed_word(values.s2, values.s3),
                   packed_word(values.s4, values.s5), packed_word(values.s6, values.s7));
#else
    return as_uint4(values);
#endif
}

#if COPIES_ASYNC
// Into the chunk at `to`: CHUNK elements of row `row` of a rows x columns matrix from column
// `column` on; zeros past the matrix's edges (cp.async fills what is past the source's size, 0
// there), which add nothing to the products.
static inline void copy_chunk(__local uint4* to, __global const INPUT_BITS* matrix, int row, int rows, int column,
                              int columns) {
    __global const INPUT_BITS* const from = matrix + (size_t)row * columns + column;
#if ROWS_ALIGNED
    // Rows are whole chunks, so a chunk lies in its row or past its end. Through L1 (.ca; .cg reads
    // L2 only), as the tiles wait on these copies: faster for half matrices and tf32 on the H200
    // (BENCHMARKS.md, the fourth run).
    const bool inside = row < rows && column < columns;
    __asm__ volatile("cp.async.ca.shared.global [%0], [%1], 16, %2;" ::"r"(shared_address(to)),
                     "l"((ulong)(inside ? from : matrix)), "r"(inside ? 16 : 0)
                     : "memory");
#elif !HALF_INPUTS
    // Floats one at a time, as rows need not start on 16 bytes.
    for (int e = 0; e < 4; ++e) {
        const bool inside = row < rows && column + e < columns;
        __asm__ volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"(shared_address(to) + 4 * e),
                         "l"((ulong)(inside ? from + e : matrix)), "r"(inside ? 4 : 0)
                         : "memory");
    }
#else
    // 16-bit floats in rows that need not start on 4 bytes, which cp.async does not copy.
    *to = staged_chunk(load_chunk(matrix, row, rows, column, columns));
#endif
}
#endif

// One chunk on its way: into the stage at `to` by cp.async, or else into `value`.
static inline void fetch_chunk(__local uint4* to, CHUNK_VALUES* value, __global const INPUT_BITS* matrix, int row,
                               int rows, int column, int columns) {
#if COPIES_ASYNC
    copy_chunk(to, matrix, row, rows, column, columns);
#else
    *value = load_chunk(matrix, row, rows, column, columns);
#endif
}

// Work-item `thread`'s chunks of the slices of A and B that start at element `slice` of k, on
// their way into `stage` by cp.async, or else into `share`.
static inline void fetch_slices(__global const INPUT_BITS* a, __global const INPUT_BITS* b, int m, int n, int k,
                                int slice, int first_row, int first_column, int thread, __local uint4* stage,
                                slice_share* share) {
    int row, column;
#pragma unroll
    for (int l = 0; l < A_COPIES; ++l)
        if (copy_place(thread, l, A_ROW_CHUNKS, A_CHUNKS, &row, &column))
            fetch_chunk(stage + a_place(row, column), &share->a[l], a, first_row + row, m, slice + column, k);
#pragma unroll
    for (int l = 0; l < B_COPIES; ++l)
        if (copy_place(thread, l, B_ROW_CHUNKS, B_CHUNKS, &row, &column))
            fetch_chunk(stage + b_place(row, column), &share->b[l], b, slice + row, k, first_column + column, n);
}

// The chunks of `share` into `stage`, as staged.
static inline void store_slices(const slice_share* share, int thread, __local uint4* stage) {
#if !COPIES_ASYNC
    int row, column;
#pragma unroll
    for (int l = 0; l < A_COPIES; ++l)
        if (copy_place(thread, l, A_ROW_CHUNKS, A_CHUNKS, &row, &column))
            stage[a_place(row, column)] = staged_chunk(share->a[l]);
#pragma unroll
    for (int l = 0; l < B_COPIES; ++l)
        if (copy_place(thread, l, B_ROW_CHUNKS, B_CHUNKS, &row, &column))
            stage[b_place(row, column)] = staged_chunk(share->b[l]);
#endif
}

// The copies issued since the last call are one group, whose landing WAIT_FOR_OLDEST counts.
static inline void end_copy_group(void) {
#if COPIES_ASYNC
    __asm__ volatile("cp.async.commit_group;" ::: "memory");
#endif
}

static inline void wait_for_oldest_slice(void) {
#if COPIES_ASYNC
    __asm__ volatile(WAIT_FOR_OLDEST ::: "memory");
#endif
}

// The stage that slice `slice` goes into: the stages form a ring.
static inline __local uint4* stage_of(__local uint4* stages, int slice) {
    return stages + slice % STAGES * (STAGE_WORDS / 4);
}

// ---- Fragments -------------------------------------------------------------------------------------

// A staged word as the instruction's words: TF32 rounds a float, and tf32x3 adds what is left of it
// (none past an infinite TF32 part, which stays what it is in the products); 16-bit floats are
// already the instruction's.
static inline void to_instruction_words(uint staged, uint word[PARTS]) {
#if K_PACK == 1 && PARTS == 1
    word[0] = tf32_word(as_float(staged));
#elif K_PACK == 1
    // tf32x3 splits every word of every fragment it loads, so the split is its most frequent work
    // after the mma: the TF32 part rounded as cvt.rna rounds finite and infinite floats, in two
    // instructions rather than its three (a NaN's TF32 part may be anything, its rest is NaN), and
    // the rest, exact in float, as it is: the instruction reads its upper 19 bits, dropping at most
    // its last 2 of 13, toward zero from the rest's sign, which is the rounding's either way.
    word[0] = (staged + 0x1000u) & 0xffffe000u;
    word[1] = isinf(as_float(word[0])) ? 0u : as_uint(as_float(staged) - as_float(word[0]));
#else
    word[0] = staged;
#endif
}

// A's fragment of the 16 x 8 words from row `row` and word `word` of the stage's A (the layout
// above the mma instruction). ldmatrix reads it as four 8 x 8 matrices of 16-bit halves of words,
// lanes 0-15 giving the rows of words `word`..+3, lanes 16-31 those of words `word` + 4..+7.
static inline void load_a_fragment(const __local uint* stage, int row, int word, int lane, uint a[PARTS][4]) {
    uint staged[4];
#ifdef TILES_PTX
    const __local uint* const at = stage + a_word(row + lane % 16, word + 4 * (lane / 16));
    __asm__ volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                     : "=r"(staged[0]), "=r"(staged[1]), "=r"(staged[2]), "=r"(staged[3])
                     : "r"(shared_address(at)));
#else
    const int g = lane / 4, t = lane % 4;
    staged[0] = stage[a_word(row + g, word + t)];
    staged[1] = stage[a_word(row + g + 8, word + t)];
    staged[2] = stage[a_word(row + g, word + t + 4)];
    staged[3] = stage[a_word(row + g + 8, word + t + 4)];
#endif
#pragma unroll
    for (int e = 0; e < 4; ++e) {
        uint word_parts[PARTS];
        to_instruction_words(staged[e], word_parts);
#pragma unroll
        for (int part = 0; part < PARTS; ++part) a[part][e] = word_parts[part];
    }
}

#if K_PACK == 2 && !defined(TILES_PTX)
// The 16-bit float of B's row of k `row`, column `column`: half column % 2 of word column / 2.
static inline uint b_half(const __local uint* stage, int row, int column) {
    return ((const __local ushort*)stage)[2 * b_word(row, column / 2) + column % 2];
}
#endif

// B's fragment of the 8 words of k (16 elements for 16-bit floats) from row of k `k_row` by the 8
// columns from `column`. Words of floats are read as they lie; pairs of 16-bit floats neighbouring
// in k lie in two rows, which ldmatrix.trans puts together (lanes 0-15 giving the 16 rows).
static inline void load_b_fragment(const __local uint* stage, int k_row, int column, int lane, uint b[PARTS][2]) {
    uint staged[2];
    const int g = lane / 4, t = lane % 4;
#if K_PACK == 1
    staged[0] = stage[b_word(k_row + t, column + g)];
    staged[1] = stage[b_word(k_row + t + 4, column + g)];
#elif defined(TILES_PTX)
    const __local uint* const at = stage + b_word(k_row + lane % 16, column / 2);
    __asm__ volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];"
                     : "=r"(staged[0]), "=r"(staged[1])
                     : "r"(shared_address(at)));
#else
    staged[0] = b_half(stage, k_row + 2 * t, column + g) | (uint)b_half(stage, k_row + 2 * t + 1, column + g) << 16;
    staged[1] = b_half(stage, k_row + 2 * t + 8, column + g) | (uint)b_half(stage, k_row + 2 * t + 9, column + g) << 16;
#endif
#pragma unroll
    for (int e = 0; e < 2; ++e) {
        uint word_parts[PARTS];
        to_instruction_words(staged[e], word_parts);
#pragma unroll
        for (int part = 0; part < PARTS; ++part) b[part][e] = word_parts[part];
    }
}

// ---- The kernel --------------------------------------------------------------------------------------

// The tile's shape, known to the compiler, lets it fit each work-item's registers to it.
__kernel __attribute__((reqd_work_group_size(32, WARPS, 1))) void gemm_mma(int m, int n, int k, float alpha,
                                                                           __global const INPUT* a,
                                                                           __global const INPUT* b, float beta,
                                                                           __global float* c) {
    const tiled_index t = get_tiled_index();
    tile_static uint4 stages[STAGES * STAGE_WORDS / 4];
#ifndef TILES_PTX
    tile_static mma_exchange exchange[WARPS];
#endif

    const int warp = t.local_id[0], lane = t.local_id[1];
    const int thread = warp * 32 + lane;
    const int warp_down = warp / WARPS_ACROSS;
    const int warp_row = warp_down * WARP_ROWS, warp_column = (warp - warp_down * WARPS_ACROSS) * WARP_COLUMNS;
    const int first_row = t.tile[0] * BLOCK_ROWS, first_column = t.tile[1] * BLOCK_COLUMNS;
    __global const INPUT_BITS* const a_bits = (__global const INPUT_BITS*)a;
    __global const INPUT_BITS* const b_bits = (__global const INPUT_BITS*)b;

    float sum[M_TILES][N_TILES][4];
#pragma unroll
    for (int i = 0; i < M_TILES; ++i) {
#pragma unroll
        for (int j = 0; j < N_TILES; ++j) {
#pragma unroll
            for (int e = 0; e < 4; ++e) sum[i][j][e] = 0;
        }
    }

    const int slices = k / SLICE + (k % SLICE != 0); // k + SLICE - 1 may be past INT_MAX
    slice_share share;
    // The first STAGES - 1 slices on their way, each a group of copies (empty past the last slice,
    // so that WAIT_FOR_OLDEST always counts the same groups).
    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < slices) {
            __local uint4* const stage = stage_of(stages, s);
            fetch_slices(a_bits, b_bits, m, n, k, s * SLICE, first_row, first_column, thread, stage, &share);
            store_slices(&share, thread, stage);
        }
        end_copy_group();
    }
#if !COPIES_ASYNC
    // Elsewhere slice STAGES - 1 waits in registers for the first barrier.
    if (STAGES - 1 < slices)
        fetch_slices(a_bits, b_bits, m, n, k, (STAGES - 1) * SLICE, first_row, first_column, thread,
                     stage_of(stages, STAGES - 1), &share);
#endif
    for (int s = 0; s < slices; ++s) {
        // This work-item's copies of slice s have landed; after the barrier, every work-item's have,
        // and all are done with slice s - 1, whose stage slice s + STAGES - 1 then takes.
        wait_for_oldest_slice();
        tile_barrier_wait_with_tile_static_memory_fence();
        const int next = s + STAGES - 1;
        __local uint4* const next_stage = stage_of(stages, next);
#if COPIES_ASYNC
        if (next < slices)
            fetch_slices(a_bits, b_bits, m, n, k, next * SLICE, first_row, first_column, thread, next_stage, &share);
        end_copy_group();
#else
        // Slice `next` came into registers while the tile multiplied slice s - 1; the one after it
        // comes while the tile multiplies slice s.
        if (next < slices) store_slices(&share, thread, next_stage);
        if (next + 1 < slices)
            fetch_slices(a_bits, b_bits, m, n, k, (next + 1) * SLICE, first_row, first_column, thread,
                         stage_of(stages, next + 1), &share);
#endif

        const __local uint* const stage = (const __local uint*)stage_of(stages, s);
        MMA_UNROLL
        for (int step = 0; step < SLICE_STEPS; ++step) {
            uint a_fragment[M_TILES][PARTS][4];
#pragma unroll
            for (int i = 0; i < M_TILES; ++i) load_a_fragment(stage, warp_row + 16 * i, 8 * step, lane, a_fragment[i]);
            MMA_UNROLL
            for (int j = 0; j < N_TILES; ++j) {
                uint b_fragment[PARTS][2];
                load_b_fragment(stage, 8 * K_PACK * step, warp_column + 8 * j, lane, b_fragment);
                MMA_UNROLL
                for (int i = 0; i < M_TILES; ++i) {
#if PARTS == 2
                    // The three products of big and small parts (small times small is below float's
                    // rounding), summed apart from the running sum and added to it once a step, so
                    // that the running sum is rounded once for 8 of k, less often than the exact
                    // kernel's.
                    float product[4] = {0, 0, 0, 0};
                    MMA(product, a_fragment[i][1], b_fragment[0]);
                    MMA(product, a_fragment[i][0], b_fragment[1]);
                    MMA(product, a_fragment[i][0], b_fragment[0]);
#pragma unroll
                    for (int e = 0; e < 4; ++e) sum[i][j][e] += product[e];
#else
                    MMA(sum[i][j], a_fragment[i][0], b_fragment[0]);
#endif
                }
            }
        }
    }

    const int group = lane / 4, in_group = lane % 4;
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
