// libtiles algorithms: reductions through tile_static memory. reduce_pass combines a range of
// elements into one value per tile (the host repeats passes until one value remains);
// block_reduce sums or averages each BLOCK_ROWS x BLOCK_COLUMNS block of a matrix. In both, every
// work-item first combines a few elements of its own, then takes part in a tree reduction.
// Built with REDUCE_OP (below).

#define REDUCE_SUM 0
#define REDUCE_MIN 1
#define REDUCE_MAX 2

// combine() works on elements and on vectors of them alike; fmin and fmax pass over NaNs.
#if REDUCE_OP == REDUCE_SUM
#define IDENTITY ((ELEMENT)0)
#define combine(a, b) ((a) + (b))
#elif REDUCE_OP == REDUCE_MIN && ELEMENT_IS_FLOAT
#define IDENTITY ((ELEMENT)INFINITY)
#define combine(a, b) fmin((a), (b))
#elif REDUCE_OP == REDUCE_MIN
#define IDENTITY ((ELEMENT)INT_MAX)
#define combine(a, b) min((a), (b))
#elif REDUCE_OP == REDUCE_MAX && ELEMENT_IS_FLOAT
#define IDENTITY ((ELEMENT)(-INFINITY))
#define combine(a, b) fmax((a), (b))
#elif REDUCE_OP == REDUCE_MAX
#define IDENTITY ((ELEMENT)INT_MIN)
#define combine(a, b) max((a), (b))
#else
#error "libtiles: REDUCE_OP is REDUCE_SUM, REDUCE_MIN or REDUCE_MAX"
#endif

// Lane b (below `groups`) of the result combines lanes b * w .. b * w + w - 1 of v, where
// w = VECTOR_WIDTH / groups; the other lanes are the identity. One group combines every lane.
static inline VECTOR combine_lane_groups(VECTOR v, int groups) {
    const int width = VECTOR_WIDTH / groups;
    ELEMENT lanes[VECTOR_WIDTH];
    VSTORE(v, 0, lanes);
    for (int b = 0; b < groups; ++b) {
        ELEMENT group = lanes[b * width];
        for (int w = 1; w < width; ++w) group = combine(group, lanes[b * width + w]);
        lanes[b] = group; // lanes below b * width are done with
    }
    for (int b = groups; b < VECTOR_WIDTH; ++b) lanes[b] = IDENTITY;
    return VLOAD(0, lanes);
}

// Combines the `width` vectors values[position], values[position + stride], ... (lane 0, 1,
// ... of them) into values[position] of lane 0, in a tree: each step halves the vectors, every
// work-item combining two. A width that is not a power of two is first folded onto the
// largest power of two below it. Every work-item of the tile calls this, after a barrier that
// follows the stores of the vectors; it returns after a barrier.
static inline void tree_reduce(__local VECTOR* values, int position, int lane, int width, int stride) {
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

// One pass over input[0 .. count): tile g writes partials[g], the combination of the
// TILE_DIM0 * ITEMS_PER_THREAD vectors from g * TILE_DIM0 * ITEMS_PER_THREAD vectors on.
// Work-items first combine ITEMS_PER_THREAD vectors each, TILE_DIM0 vectors apart so that
// neighbours read neighbouring vectors, then the tile combines their vectors in a tree.
__kernel void reduce_pass(__global const ELEMENT* input, int count, __global ELEMENT* partials) {
    const tiled_index t = get_tiled_index();
    tile_static VECTOR values[TILE_DIM0];
    const int lane = t.local_id[0];
    const int first = t.tile[0] * TILE_DIM0 * ITEMS_PER_THREAD * VECTOR_WIDTH;
    VECTOR own = IDENTITY;
    for (int item = 0; item < ITEMS_PER_THREAD; ++item)
        own =
            combine(own, load_vector_or_fill(input, first + (item * TILE_DIM0 + lane) * VECTOR_WIDTH, count, IDENTITY));
    values[lane] = own;
    tile_barrier_wait_with_tile_static_memory_fence();
    tree_reduce(values, lane, lane, TILE_DIM0, 1);
    if (lane == 0) {
        ELEMENT total[VECTOR_WIDTH];
        VSTORE(combine_lane_groups(values[0], 1), 0, total);
        partials[t.tile[0]] = total[0];
    }
}

#else

// One value per BLOCK_ROWS x BLOCK_COLUMNS block of a rows x columns matrix. Each work-item
// first combines a strip of STRIP_ROWS rows of VECTOR_WIDTH elements: part of one block, or,
// where BLOCKS_PER_STRIP > 1, the same rows of that many narrow blocks side by side. The
// THREAD_ROWS x THREAD_COLUMNS work-items of a block (or of a group of narrow blocks) then
// combine their strips in a tree along the block's rows and one down its first column. A tile
// holds whole blocks. Blocks at the right and bottom edges may be cut short, and then average
// over the elements they hold.
#define THREAD_ROWS ((BLOCK_ROWS + STRIP_ROWS - 1) / STRIP_ROWS)
#if BLOCKS_PER_STRIP > 1
#define THREAD_COLUMNS 1
#else
#define THREAD_COLUMNS ((BLOCK_COLUMNS + VECTOR_WIDTH - 1) / VECTOR_WIDTH)
#endif

__kernel void block_reduce(__global const ELEMENT* input, int rows, int columns, __global ELEMENT* output) {
    const tiled_index t = get_tiled_index();
    tile_static VECTOR values[TILE_DIM0][TILE_DIM1];
    const int local_row = t.local_id[0], local_column = t.local_id[1];
    const int lane_row = local_row % THREAD_ROWS, lane_column = local_column % THREAD_COLUMNS;
    const int block_row = t.global_id[0] / THREAD_ROWS;
    const int first_block_column = t.global_id[1] / THREAD_COLUMNS * BLOCKS_PER_STRIP;

    const int first_row = block_row * BLOCK_ROWS + lane_row * STRIP_ROWS;
    const int end_row = min(min(first_row + STRIP_ROWS, (block_row + 1) * BLOCK_ROWS), rows);
    const int first_column = first_block_column * BLOCK_COLUMNS + lane_column * VECTOR_WIDTH;
    const int end_column = min((first_block_column + BLOCKS_PER_STRIP) * BLOCK_COLUMNS, columns);
    VECTOR strip = IDENTITY;
    for (int row = first_row; row < end_row; ++row)
        strip = combine(strip, load_vector_or_fill(input + row * columns, first_column, end_column, IDENTITY));
    values[local_row][local_column] = combine_lane_groups(strip, BLOCKS_PER_STRIP);
    tile_barrier_wait_with_tile_static_memory_fence();
    const int position = local_row * TILE_DIM1 + local_column;
    tree_reduce(&values[0][0], position, lane_column, THREAD_COLUMNS, 1);
    tree_reduce(&values[0][0], position, lane_row, THREAD_ROWS, TILE_DIM1);

    if (lane_row != 0 || lane_column != 0) return;
    const int output_rows = (rows + BLOCK_ROWS - 1) / BLOCK_ROWS;
    const int output_columns = (columns + BLOCK_COLUMNS - 1) / BLOCK_COLUMNS;
    ELEMENT results[VECTOR_WIDTH];
    VSTORE(values[local_row][local_column], 0, results);
    for (int b = 0; b < BLOCKS_PER_STRIP; ++b) {
        const int block_column = first_block_column + b;
        if (block_row >= output_rows || block_column >= output_columns) break;
        ELEMENT result = results[b];
#if BLOCK_AVERAGE
        result /= (ELEMENT)(min(BLOCK_ROWS, rows - block_row * BLOCK_ROWS) *
                            min(BLOCK_COLUMNS, columns - block_column * BLOCK_COLUMNS));
#endif
        output[block_row * output_columns + block_column] = result;
    }
}

#endif
