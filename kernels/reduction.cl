// libtiles algorithms: reductions through tile_static memory. reduce_pass combines a range of
// elements into one value per tile (the host repeats passes until one value remains);
// block_reduce sums or averages each BLOCK_ROWS x BLOCK_COLUMNS block of a matrix. In both,
// every work-item of a tile takes part in a tree reduction. Built with REDUCE_OP (below).

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

// The lanes of a vector combined into one element.
static inline ELEMENT combine_lanes(VECTOR v) {
    ELEMENT lanes[VECTOR_WIDTH];
    VSTORE(v, 0, lanes);
    ELEMENT result = lanes[0];
    for (int w = 1; w < VECTOR_WIDTH; ++w) result = combine(result, lanes[w]);
    return result;
}

// Combines the `width` values of values[position], values[position + stride], ... (lane 0,
// 1, ... of them) into values[position] of lane 0, in a tree: each step halves the values,
// every work-item combining two. A width that is not a power of two is first folded onto the
// largest power of two below it. Every work-item of the tile calls this, after a barrier that
// follows the stores of the values; it returns after a barrier.
static inline void tree_reduce(__local ELEMENT* values, int position, int lane, int width, int stride) {
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
// neighbours read neighbouring vectors, then the tile combines their values in a tree.
__kernel void reduce_pass(__global const ELEMENT* input, int count, __global ELEMENT* partials) {
    const tiled_index t = get_tiled_index();
    tile_static ELEMENT values[TILE_DIM0];
    const int lane = t.local_id[0];
    const int first = t.tile[0] * TILE_DIM0 * ITEMS_PER_THREAD * VECTOR_WIDTH;
    VECTOR own = IDENTITY;
    for (int item = 0; item < ITEMS_PER_THREAD; ++item)
        own =
            combine(own, load_vector_or_fill(input, first + (item * TILE_DIM0 + lane) * VECTOR_WIDTH, count, IDENTITY));
    values[lane] = combine_lanes(own);
    tile_barrier_wait_with_tile_static_memory_fence();
    tree_reduce(values, lane, lane, TILE_DIM0, 1);
    if (lane == 0) partials[t.tile[0]] = values[0];
}

#else

// Each tile covers (TILE_DIM0 / BLOCK_ROWS) x (TILE_DIM1 / BLOCK_COLUMNS) whole blocks of a
// rows x columns matrix, one work-item per element; blocks at the right and bottom edges may
// be cut short, and then average over the elements they hold. A tree along each block's rows,
// then one down its first column, leave the block's sum in its top-left corner.
__kernel void block_reduce(__global const ELEMENT* input, int rows, int columns, __global ELEMENT* output) {
    const tiled_index t = get_tiled_index();
    tile_static ELEMENT values[TILE_DIM0][TILE_DIM1];
    const int row = t.global_id[0], column = t.global_id[1];
    const int local_row = t.local_id[0], local_column = t.local_id[1];
    const int position = local_row * TILE_DIM1 + local_column;

    values[local_row][local_column] = row < rows && column < columns ? input[row * columns + column] : IDENTITY;
    tile_barrier_wait_with_tile_static_memory_fence();
    tree_reduce(&values[0][0], position, local_column % BLOCK_COLUMNS, BLOCK_COLUMNS, 1);
    tree_reduce(&values[0][0], position, local_row % BLOCK_ROWS, BLOCK_ROWS, TILE_DIM1);

    if (local_row % BLOCK_ROWS == 0 && local_column % BLOCK_COLUMNS == 0 && row < rows && column < columns) {
        const int output_columns = (columns + BLOCK_COLUMNS - 1) / BLOCK_COLUMNS;
        ELEMENT result = values[local_row][local_column];
#if BLOCK_AVERAGE
        result /= (ELEMENT)(min(BLOCK_ROWS, rows - row) * min(BLOCK_COLUMNS, columns - column));
#endif
        output[row / BLOCK_ROWS * output_columns + column / BLOCK_COLUMNS] = result;
    }
}

#endif
