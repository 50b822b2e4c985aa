// libtiles algorithms: reductions through tile_static memory. reduce combines all the elements
// in one launch: each tile combines a span of them into a partial, and the tile that finishes
// last combines the partials; reduce_partials combines partials made elsewhere (on several views)
// in the same order. block_reduce sums or averages each BLOCK_ROWS x BLOCK_COLUMNS block of a
// matrix. In each, every work-item first combines a few elements of its own, then takes part in a
// tree reduction. Built with REDUCE_OP (below), ACCUMULATOR where reduce sums in a wider type
// than ELEMENT (int in long, as numpy sums int32; float in double), RESULT where reduce writes its
// one result in a narrower type than it combines in (a float sum added in double, rounded once at
// its end, so that no second launch rounds it), and block_reduce sums uchar in ulong (numpy's uint8
// sums), and TILES_PTX on NVIDIA.

#define REDUCE_SUM 0
#define REDUCE_MIN 1
#define REDUCE_MAX 2

// combine() works on elements and on vectors of them alike; tile_reduce is the prelude's tile
// collective of the same operation, which combines in tree_reduce's order (below). A float
// minimum or maximum with a NaN is NaN, as in numpy (fmin and fmax alone would pass over it):
// the selection takes, lane by lane, a + b (NaN) where either is NaN; isnan gives -1 per vector
// lane and 1 for a scalar, and ?: reads both as true. (?: rather than select(), which has no
// overload of a double and isnan's int.)
#define PROPAGATING_NAN(f, a, b) ((isnan(a) | isnan(b)) ? (a) + (b) : f((a), (b)))
// The least and greatest values of an integer ELEMENT of any width, signed or not.
#define INTEGER_IS_SIGNED ((ELEMENT)-1 < (ELEMENT)0)
#define INTEGER_LEAST ((ELEMENT)(INTEGER_IS_SIGNED ? (ulong)1 << (sizeof(ELEMENT) * 8 - 1) : 0))
#define INTEGER_GREATEST ((ELEMENT)~INTEGER_LEAST)
#if REDUCE_OP == REDUCE_SUM
#define IDENTITY ((ELEMENT)0)
#define combine(a, b) ((a) + (b))
#define tile_reduce tile_reduce_add
#elif REDUCE_OP == REDUCE_MIN && ELEMENT_IS_FLOAT
#define IDENTITY ((ELEMENT)INFINITY)
#define combine(a, b) PROPAGATING_NAN(fmin, a, b)
#define tile_reduce tile_reduce_min
#elif REDUCE_OP == REDUCE_MIN
#define IDENTITY INTEGER_GREATEST
#define combine(a, b) min((a), (b))
#define tile_reduce tile_reduce_min
#elif REDUCE_OP == REDUCE_MAX && ELEMENT_IS_FLOAT
#define IDENTITY ((ELEMENT)(-INFINITY))
#define combine(a, b) PROPAGATING_NAN(fmax, a, b)
#define tile_reduce tile_reduce_max
#elif REDUCE_OP == REDUCE_MAX
#define IDENTITY INTEGER_LEAST
#define combine(a, b) max((a), (b))
#define tile_reduce tile_reduce_max
#else
#error "libtiles: REDUCE_OP is REDUCE_SUM, REDUCE_MIN or REDUCE_MAX"
#endif

// FOLD_<w>(v): lane b of the result combines lanes b * w .. b * w + w - 1 of v, a vector of
// a width that w divides and exceeds; each step combines neighbouring lanes, halving the vector.
// The type values are combined in, and a vector of it: ELEMENT's unless the host asks for another.
#ifndef ACCUMULATOR
#define ACCUMULATOR ELEMENT
#endif
#ifndef RESULT
#define RESULT ACCUMULATOR
#endif
#if VECTOR_WIDTH == 1
#define ACCUMULATOR_VECTOR ACCUMULATOR
#define to_accumulators(v) ((ACCUMULATOR)(v))
#else
#define ACCUMULATOR_VECTOR TILES_GLUE(ACCUMULATOR, VECTOR_WIDTH)
#define to_accumulators(v) TILES_GLUE(convert_, ACCUMULATOR_VECTOR)(v)
#endif

#define FOLD_2(v) combine((v).even, (v).odd)
#define FOLD_4(v) FOLD_2(FOLD_2(v))

// All lanes of v combined into one element. Through private memory rather than by FOLD: the
// compiler turns a fold down to one lane into a shuffle with undefined lanes, which crashes
// Oclgrind (checked views) 21.10.
static inline ACCUMULATOR combine_lanes(ACCUMULATOR_VECTOR v) {
    ACCUMULATOR lanes[VECTOR_WIDTH];
    VSTORE(v, 0, lanes);
    ACCUMULATOR all = lanes[0];
    for (int w = 1; w < VECTOR_WIDTH; ++w) all = combine(all, lanes[w]);
    return all;
}

// The values a tile combines in its tree, one per work-item: the combination of its elements
// in reduce, and block_reduce's results for the BLOCKS_PER_STRIP blocks side by side of a
// strip.
#if TILES_RANK == 1 || BLOCKS_PER_STRIP == 1
#define TREE_VALUE ACCUMULATOR
#define store_tree_value(value, pointer) (*(pointer) = (value))
#else
#define TREE_VALUE TILES_GLUE(ACCUMULATOR, BLOCKS_PER_STRIP)
#define store_tree_value(value, pointer) TILES_GLUE(vstore, BLOCKS_PER_STRIP)((value), 0, (pointer))
#endif

// Combines the `width` values values[position], values[position + stride], ... (lane 0, 1,
// ... of them) into values[position] of lane 0, in a tree: each step halves the values, every
// work-item combining two. A width that is not a power of two is first folded onto the
// largest power of two below it. Every work-item of the tile calls this, after a barrier that
// follows the stores of the values; it returns after a barrier. block_reduce's trees are over
// groups of a tile's work-items, of vectors; reduce's, over the whole tile, is the prelude's
// tile_reduce, whose order is the same, and whose steps within a warp are shuffles on NVIDIA.
static inline void tree_reduce(__local TREE_VALUE* values, int position, int lane, int width, int stride) {
    int span = 1;
    while (span * 2 <= width) span *= 2;
    if (span < width) {
        if (lane < width - span) values[position] = combine(values[position], values[position + span * stride]);
        tile_barrier_wait_with_tile_static_memory_fence();
    }
    for (span /= 2; span > 0; span /= 2) {
        if (lane < span) values[position] = combine(values[position], values[position + span * stride]);
        tile_barrier_wait_with_tile_static_memory_fence();
    }
}

#if TILES_RANK == 1

// Unrolled on NVIDIA, where a work-item's loads then leave together (a little faster on the H200);
// PoCL runs the loop faster as it is than unrolled (BENCHMARKS.md).
#ifdef TILES_PTX
#define LOADS_UNROLL _Pragma("unroll")
#else
#define LOADS_UNROLL
#endif

// Makes this work-item's stores to global memory visible to the other tiles before its later
// ones, so that a tile that sees the count of finished tiles grow also sees their partials: PTX's
// fence for the whole GPU on NVIDIA, OpenCL 1.2's global memory fence elsewhere (CPUs, whose
// caches are coherent).
static inline void device_memory_fence(void) {
#ifdef TILES_PTX
    __asm__ volatile("membar.gl;" ::: "memory");
#else
    mem_fence(CLK_GLOBAL_MEM_FENCE);
#endif
}

// The combination of partials[0 .. count), in one order wherever it is made (by the last tile of
// reduce, or by reduce_partials): work-item `lane` combines every TILE_DIM0-th partial from its
// own on, and the tile combines those (tile_reduce). Through a volatile pointer, so that the
// partials of other tiles are read from memory, not from this tile's cache. The loads go
// PARTIALS_IN_FLIGHT at a time before they are combined in the same order, so that they wait for
// memory together: one at a time, the last tile of a band of 2^30 floats waited 128 times in turn.
#define PARTIALS_IN_FLIGHT 8
static inline ACCUMULATOR combine_partials(__global volatile const ACCUMULATOR* partials, int count, int lane,
                                           __local ACCUMULATOR* scratch) {
    ACCUMULATOR own = IDENTITY;
    int i = lane;
    for (; i + (PARTIALS_IN_FLIGHT - 1) * TILE_DIM0 < count; i += PARTIALS_IN_FLIGHT * TILE_DIM0) {
        ACCUMULATOR loaded[PARTIALS_IN_FLIGHT];
        for (int k = 0; k < PARTIALS_IN_FLIGHT; ++k) loaded[k] = partials[i + k * TILE_DIM0];
        for (int k = 0; k < PARTIALS_IN_FLIGHT; ++k) own = combine(own, loaded[k]);
    }
    for (; i < count; i += TILE_DIM0) own = combine(own, partials[i]);
    return tile_reduce(scratch, own);
}

// input[0 .. count) (16-bit float STORAGE read as floats) combined into *result. Tile g combines
// the TILE_DIM0 * ITEMS_PER_THREAD vectors from g * TILE_DIM0 * ITEMS_PER_THREAD vectors on into
// partials[g]: its work-items first combine ITEMS_PER_THREAD vectors each, TILE_DIM0 vectors apart
// so that neighbours read neighbouring vectors, fold their vector into one element, and the tile
// combines those in a tree (tile_reduce). Then the tile counts itself in *finished_tiles; the
// last to do so combines every tile's partial into *result (rounded to RESULT) and sets
// *finished_tiles back to 0, as the next launch needs it.
__kernel void reduce(__global const STORAGE* input, int count, __global ACCUMULATOR* partials,
                     __global uint* finished_tiles, __global RESULT* result) {
    const tiled_index t = get_tiled_index();
    tile_static ACCUMULATOR scratch[TILE_SCRATCH_SIZE];
    tile_static int is_last;
    const int lane = t.local_id[0];
    const int span = TILE_DIM0 * ITEMS_PER_THREAD * VECTOR_WIDTH;
    const int tiles = (count + span - 1) / span;
    const int first = t.tile[0] * span;
    ACCUMULATOR_VECTOR own = (ACCUMULATOR_VECTOR)((ACCUMULATOR)IDENTITY);
    if (first + span <= count) {
        // All of the tile's span is data: loads without tests.
        LOADS_UNROLL
        for (int item = 0; item < ITEMS_PER_THREAD; ++item)
            own = combine(own, to_accumulators(LOAD_ALIGNED(input, first + (item * TILE_DIM0 + lane) * VECTOR_WIDTH)));
    } else {
        for (int item = 0; item < ITEMS_PER_THREAD; ++item)
            own = combine(own, to_accumulators(load_vector_or_fill(
                                   input, first + (item * TILE_DIM0 + lane) * VECTOR_WIDTH, count, IDENTITY)));
    }
    const ACCUMULATOR all = tile_reduce(scratch, combine_lanes(own));
    if (lane == 0) {
        partials[t.tile[0]] = all;
        device_memory_fence();
        is_last = atomic_inc(finished_tiles) == (uint)(tiles - 1);
    }
    tile_barrier_wait_with_tile_static_memory_fence();
    if (!is_last) return; // the same for the whole tile
    device_memory_fence();
    const ACCUMULATOR total = combine_partials(partials, tiles, lane, scratch);
    if (lane == 0) {
        *result = (RESULT)total;
        *finished_tiles = 0;
    }
}

// partials[0 .. count) combined into *result as reduce's last tile combines its partials; launched
// as one tile.
__kernel void reduce_partials(__global const ACCUMULATOR* partials, int count, __global ACCUMULATOR* result) {
    tile_static ACCUMULATOR scratch[TILE_SCRATCH_SIZE];
    const int lane = get_tiled_index().local_id[0];
    const ACCUMULATOR total = combine_partials(partials, count, lane, scratch);
    if (lane == 0) *result = total;
}

#else

// One value per BLOCK_ROWS x BLOCK_COLUMNS block of a rows x columns matrix. Each work-item
// first combines a strip of STRIP_ROWS rows of VECTOR_WIDTH elements: part of one block, or,
// where BLOCKS_PER_STRIP > 1, the same rows of that many narrow blocks side by side, and
// combines its strip's lanes into one value per block in registers (on CPUs, lane shuffles
// cost far less than going through private or tile_static memory). The THREAD_ROWS x
// THREAD_COLUMNS work-items of a block (or of a group of narrow blocks) then combine those
// values in a tree along the block's rows and one down its first column. A tile
// holds whole blocks. Blocks at the right and bottom edges may be cut short, and then average
// over the elements they hold.
#define THREAD_ROWS ((BLOCK_ROWS + STRIP_ROWS - 1) / STRIP_ROWS)
#if BLOCKS_PER_STRIP > 1
#define THREAD_COLUMNS 1
#else
#define THREAD_COLUMNS ((BLOCK_COLUMNS + VECTOR_WIDTH - 1) / VECTOR_WIDTH)
#endif

// The strip's lanes for each of its BLOCKS_PER_STRIP blocks, combined.
#if BLOCKS_PER_STRIP == 1
#define combine_blocks_lanes(strip) combine_lanes(strip)
#elif BLOCKS_PER_STRIP == VECTOR_WIDTH
#define combine_blocks_lanes(strip) (strip)
#elif BLOCKS_PER_STRIP * 2 == VECTOR_WIDTH
#define combine_blocks_lanes(strip) FOLD_2(strip)
#else
#define combine_blocks_lanes(strip) FOLD_4(strip)
#endif

// Writes the results of blocks first_block_column .. of one row of blocks: a vector store
// where all BLOCKS_PER_STRIP blocks are whole and in the output, element by element at edges.
static inline void store_block_results(TREE_VALUE results, int rows, int columns, int block_row, int first_block_column,
                                       __global ACCUMULATOR* output) {
    // (Counted without adding, which could pass INT_MAX.)
    const int output_rows = rows / BLOCK_ROWS + (rows % BLOCK_ROWS != 0);
    const int output_columns = columns / BLOCK_COLUMNS + (columns % BLOCK_COLUMNS != 0);
    if (block_row >= output_rows) return;
    __global ACCUMULATOR* const output_row = output + block_row * output_columns;
    if ((block_row + 1) * BLOCK_ROWS <= rows && (first_block_column + BLOCKS_PER_STRIP) * BLOCK_COLUMNS <= columns) {
#if BLOCK_AVERAGE
        results /= (ACCUMULATOR)(BLOCK_ROWS * BLOCK_COLUMNS);
#endif
        store_tree_value(results, output_row + first_block_column);
        return;
    }
    ACCUMULATOR each[BLOCKS_PER_STRIP];
    store_tree_value(results, each);
    for (int b = 0; b < BLOCKS_PER_STRIP && first_block_column + b < output_columns; ++b) {
        const int block_column = first_block_column + b;
        ACCUMULATOR result = each[b];
#if BLOCK_AVERAGE
        result /= (ACCUMULATOR)(min(BLOCK_ROWS, rows - block_row * BLOCK_ROWS) *
                                min(BLOCK_COLUMNS, columns - block_column * BLOCK_COLUMNS));
#endif
        output_row[block_column] = result;
    }
}

__kernel void block_reduce(__global const ELEMENT* input, int rows, int columns, __global ACCUMULATOR* output) {
    const tiled_index t = get_tiled_index();
    tile_static TREE_VALUE values[TILE_DIM0][TILE_DIM1];
    const int local_row = t.local_id[0], local_column = t.local_id[1];
    const int lane_row = local_row % THREAD_ROWS, lane_column = local_column % THREAD_COLUMNS;
    const int block_row = t.global_id[0] / THREAD_ROWS;
    const int first_block_column = t.global_id[1] / THREAD_COLUMNS * BLOCKS_PER_STRIP;

    const int first_row = block_row * BLOCK_ROWS + lane_row * STRIP_ROWS;
    const int end_row = min(min(first_row + STRIP_ROWS, (block_row + 1) * BLOCK_ROWS), rows);
    const int first_column = first_block_column * BLOCK_COLUMNS + lane_column * VECTOR_WIDTH;
    const int end_column = min((first_block_column + BLOCKS_PER_STRIP) * BLOCK_COLUMNS, columns);
    ACCUMULATOR_VECTOR strip = (ACCUMULATOR_VECTOR)((ACCUMULATOR)IDENTITY);
    for (int row = first_row; row < end_row; ++row)
        strip = combine(
            strip, to_accumulators(load_vector_or_fill(input + row * columns, first_column, end_column, IDENTITY)));
    values[local_row][local_column] = combine_blocks_lanes(strip);
    tile_barrier_wait_with_tile_static_memory_fence();
    const int position = local_row * TILE_DIM1 + local_column;
    tree_reduce(&values[0][0], position, lane_column, THREAD_COLUMNS, 1);
    tree_reduce(&values[0][0], position, lane_row, THREAD_ROWS, TILE_DIM1);
    if (lane_row == 0 && lane_column == 0)
        store_block_results(values[local_row][local_column], rows, columns, block_row, first_block_column, output);
}

#endif
