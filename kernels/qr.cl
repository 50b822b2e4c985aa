// libtiles algorithms: qr's panel on the device. A panel is a compact rows x panel_width matrix
// (row-major, `width` its row length) whose column c has its diagonal at row c. qr_leaf factors
// a few of its columns (a leaf) in one work-group, as LAPACK's geqr2 and larft do; qr_triangle
// copies the reflectors V or the triangle R out of a factored panel.

#ifndef LEAF_WIDTH
#error "libtiles: qr_leaf is built with LEAF_WIDTH, the most columns a leaf has"
#endif

// The work-group's sums of count values at once: values[k] of every work-item becomes their sum
// over the work-group (TILE_DIM0 work-items, a power of two), in every work-item.
static void group_sums(ELEMENT values[LEAF_WIDTH], int count, __local ELEMENT* scratch, int lane) {
    for (int k = 0; k < count; ++k) scratch[k * TILE_DIM0 + lane] = values[k];
    tile_barrier_wait_with_tile_static_memory_fence();
    for (int stride = TILE_DIM0 / 2; stride > 0; stride /= 2) {
        if (lane < stride)
            for (int k = 0; k < count; ++k) scratch[k * TILE_DIM0 + lane] += scratch[k * TILE_DIM0 + lane + stride];
        tile_barrier_wait_with_tile_static_memory_fence();
    }
    for (int k = 0; k < count; ++k) values[k] = scratch[k * TILE_DIM0];
    tile_barrier_wait_with_tile_static_memory_fence();
}

// The largest of every work-item's value, in every work-item.
// The greater of a and b, NaN where either is (fmax drops a NaN, and with it a column's NaN would
// leave finite factors where LAPACK's are NaN).
static ELEMENT greater_or_nan(ELEMENT a, ELEMENT b) { return isnan(a) || a > b ? a : b; }

static ELEMENT group_max(ELEMENT value, __local ELEMENT* scratch, int lane) {
    scratch[lane] = value;
    tile_barrier_wait_with_tile_static_memory_fence();
    for (int stride = TILE_DIM0 / 2; stride > 0; stride /= 2) {
        if (lane < stride) scratch[lane] = greater_or_nan(scratch[lane], scratch[lane + stride]);
        tile_barrier_wait_with_tile_static_memory_fence();
    }
    const ELEMENT result = scratch[0];
    tile_barrier_wait_with_tile_static_memory_fence();
    return result;
}

// This work-group's part of column c's norm below row c, over the rows its work-items own (from
// `start` on, `stride` apart): the largest magnitude (NaN where any is NaN), and the sum of the
// squares scaled by it (the largest keeps them from overflowing or underflowing in float), both in
// every work-item.
static ELEMENT column_part(__global const ELEMENT* panel, int rows, int width, int c, int start, int stride,
                           __local ELEMENT* scratch, int lane, ELEMENT* scaled_squares) {
    ELEMENT largest = 0;
    for (int i = start; i < rows; i += stride)
        if (i > c) largest = greater_or_nan(fabs(panel[i * width + c]), largest);
    largest = group_max(largest, scratch, lane);
    ELEMENT squares[LEAF_WIDTH] = {0};
    if (largest != 0)
        for (int i = start; i < rows; i += stride)
            if (i > c) {
                const ELEMENT scaled = panel[i * width + c] / largest;
                squares[0] += scaled * scaled;
            }
    group_sums(squares, 1, scratch, lane);
    *scaled_squares = squares[0];
    return largest;
}

// A column's reflector as LAPACK's larfg makes it, from its diagonal element alpha and the
// elements below it (their largest magnitude, nonzero, and their squares' sum scaled by it): beta
// (R's diagonal element), the scale that makes v from the elements below, and tau.
typedef struct {
    ELEMENT beta, scale, tau;
} reflector;

static reflector reflector_of(ELEMENT alpha, ELEMENT largest, ELEMENT scaled_squares) {
    const ELEMENT below = largest * sqrt(scaled_squares);
    reflector r;
    r.beta = alpha >= 0 ? -hypot(alpha, below) : hypot(alpha, below);
    r.scale = 1 / (alpha - r.beta);
    r.tau = (r.beta - alpha) / r.beta;
    return r;
}

// Column c's reflector, made in place: returns tau, leaves beta at (c, c) and v (its first element
// 1, implied) below it. A column already zero below its diagonal gets tau 0 (H = I). Work-item
// `lane` owns rows first + lane, first + lane + TILE_DIM0 ...: only it reads or writes them, so the
// updates need no barrier on global memory.
static ELEMENT reflect_column(__global ELEMENT* panel, int rows, int width, int first, int c, __local ELEMENT* scratch,
                              __local ELEMENT* diagonal, int lane) {
    if (lane == (c - first) % TILE_DIM0) *diagonal = panel[c * width + c];
    ELEMENT scaled_squares;
    const ELEMENT largest = column_part(panel, rows, width, c, first + lane, TILE_DIM0, scratch, lane, &scaled_squares);
    if (largest == 0) return 0;
    const reflector r = reflector_of(*diagonal, largest, scaled_squares);
    for (int i = first + lane; i < rows; i += TILE_DIM0) {
        if (i == c) panel[i * width + c] = r.beta;
        if (i > c) panel[i * width + c] *= r.scale;
    }
    return r.tau;
}

// Applies H = I - tau v v^T, v column c's reflector, to the leaf's columns right of c, up to end.
static void apply_reflector(__global ELEMENT* panel, int rows, int width, int first, int c, int end, ELEMENT tau,
                            __local ELEMENT* scratch, int lane) {
    ELEMENT dots[LEAF_WIDTH] = {0};
    const int count = end - c - 1;
    for (int i = first + lane; i < rows; i += TILE_DIM0) {
        if (i < c) continue;
        const ELEMENT v = i == c ? 1 : panel[i * width + c];
        for (int k = 0; k < count; ++k) dots[k] += v * panel[i * width + c + 1 + k];
    }
    group_sums(dots, count, scratch, lane);
    for (int i = first + lane; i < rows; i += TILE_DIM0) {
        if (i < c) continue;
        const ELEMENT v = i == c ? 1 : panel[i * width + c];
        for (int k = 0; k < count; ++k) panel[i * width + c + 1 + k] -= tau * dots[k] * v;
    }
}

// The leaf's rows of the panel's triangle t, from its taus and its reflectors' inner products
// gram[k][j] = V(:, k)^T v_j (k < j): zeros left of the leaf, and the leaf's own triangle by larft's
// recurrence T(0:j, j) = -tau_j T(0:j, 0:j) V(:, 0:j)^T v_j. One work-item's work.
static void write_leaf_triangle(__global ELEMENT* t, int width, int first, int count, __local const ELEMENT* tau,
                                __local const ELEMENT (*gram)[LEAF_WIDTH]) {
    for (int row = first; row < first + count; ++row)
        for (int column = 0; column < first; ++column) t[row * width + column] = 0;
    for (int j = 0; j < count; ++j) {
        for (int row = 0; row < j; ++row) {
            ELEMENT sum = 0;
            for (int k = row; k < j; ++k) sum += t[(first + row) * width + first + k] * gram[k][j];
            t[(first + row) * width + first + j] = -tau[j] * sum;
        }
        t[(first + j) * width + first + j] = tau[j];
        for (int row = j + 1; row < count; ++row) t[(first + row) * width + first + j] = 0;
    }
}

// Factors the panel's columns first .. first + count - 1 (count <= LEAF_WIDTH) from row first
// down, and writes their rows of the panel's triangle t (width x width, with
// H_1 ... H_w = I - V T V^T). One work-group of TILE_DIM0 work-items.
__kernel void qr_leaf(__global ELEMENT* panel, int rows, int width, int first, int count, __global ELEMENT* t) {
    tile_static ELEMENT scratch[LEAF_WIDTH * TILE_DIM0];
    tile_static ELEMENT diagonal, tau[LEAF_WIDTH], gram[LEAF_WIDTH][LEAF_WIDTH];
    const int lane = get_tiled_index().local_id[0], end = first + count;
    for (int c = first; c < end; ++c) {
        const ELEMENT tau_c = reflect_column(panel, rows, width, first, c, scratch, &diagonal, lane);
        if (lane == 0) tau[c - first] = tau_c;
        if (tau_c != 0) apply_reflector(panel, rows, width, first, c, end, tau_c, scratch, lane);
    }
    // V(:, 0:j)^T v_j for each j: the leaf's reflectors' inner products.
    for (int j = 1; j < count; ++j) {
        ELEMENT products[LEAF_WIDTH] = {0};
        for (int i = first + lane; i < rows; i += TILE_DIM0) {
            const int row = i - first;
            if (row < j) continue;
            const ELEMENT v_j = row == j ? 1 : panel[i * width + first + j];
            for (int k = 0; k < j; ++k) products[k] += panel[i * width + first + k] * v_j;
        }
        group_sums(products, j, scratch, lane);
        if (lane == 0)
            for (int k = 0; k < j; ++k) gram[k][j] = products[k];
    }
    tile_barrier_wait_with_tile_static_memory_fence();
    if (lane == 0) write_leaf_triangle(t, width, first, count, tau, gram);
}

// A tall leaf, spread over `groups` work-groups of TILE_DIM0 work-items, one kernel a column, as
// MAGMA's geqr2 for tall panels. LEAF_WIDTH work-items take a row together, each one column of the
// leaf (lane % LEAF_WIDTH), so that a row's elements are read and written together; a work-group
// thus holds TILE_DIM0 / LEAF_WIDTH row slots. Leaf row i belongs to row slot (i - first) modulo
// every group's slots, in every kernel of the leaf.
//
// qr_tall_step for column c first makes c's reflector from the work-groups' parts written by the
// step before (every work-group makes the same one), then applies it right of c, and writes its
// parts of column c + 1: the norm below the diagonal, and the products of c + 1's unscaled v with
// every other column of the leaf. Column c + 1's updated values below its diagonal go to `columns`
// (two columns, one per parity of c - first), not to the panel, where every work-item of a row
// still reads them raw. So no work-item reads what another writes in the same kernel, and none needs
// a barrier on global memory.

#define ROW_SLOTS (TILE_DIM0 / LEAF_WIDTH)

// A part of a column's norm: its largest magnitude (NaN where any element is NaN) and the sum of the
// squares scaled by it, which keeps them from overflowing or underflowing in float.
typedef struct {
    ELEMENT largest, squares;
} norm_part;

static norm_part joined(norm_part a, norm_part b) {
    norm_part r = {greater_or_nan(a.largest, b.largest), 0};
    if (r.largest != 0) {
        const ELEMENT ra = a.largest / r.largest, rb = b.largest / r.largest;
        r.squares = a.squares * ra * ra + b.squares * rb * rb;
    }
    return r;
}

// What a work-item adds up over its rows: a part of a column's norm and a sum of products.
typedef struct {
    norm_part norm;
    ELEMENT sum;
} row_share;

// The largest of the row slots' values of each column (NaN where any is NaN): every work-item
// gets its own column's (lane % LEAF_WIDTH). These trees are not the prelude's tiles_tree_steps,
// which takes one array a call and finds its spans at run time: with it for the max alone, qr of
// 100000 x 256 took 4% longer on an H200, and 14% with it for the sums too.
TILES_INLINE ELEMENT largest_over_slots(ELEMENT value, __local ELEMENT* scratch, int lane) {
    scratch[lane] = value;
    tile_barrier_wait_with_tile_static_memory_fence();
    for (int stride = TILE_DIM0 / 2; stride >= LEAF_WIDTH; stride /= 2) {
        if (lane < stride) scratch[lane] = greater_or_nan(scratch[lane], scratch[lane + stride]);
        tile_barrier_wait_with_tile_static_memory_fence();
    }
    const ELEMENT result = scratch[lane % LEAF_WIDTH];
    tile_barrier_wait_with_tile_static_memory_fence();
    return result;
}

// The sums of the row slots' two values of each column, as largest_over_slots gives them.
TILES_INLINE void sums_over_slots(ELEMENT* a, ELEMENT* b, __local ELEMENT* scratch, int lane) {
    scratch[lane] = *a;
    scratch[TILE_DIM0 + lane] = *b;
    tile_barrier_wait_with_tile_static_memory_fence();
    for (int stride = TILE_DIM0 / 2; stride >= LEAF_WIDTH; stride /= 2) {
        if (lane < stride) {
            scratch[lane] += scratch[lane + stride];
            scratch[TILE_DIM0 + lane] += scratch[TILE_DIM0 + lane + stride];
        }
        tile_barrier_wait_with_tile_static_memory_fence();
    }
    *a = scratch[lane % LEAF_WIDTH];
    *b = scratch[TILE_DIM0 + lane % LEAF_WIDTH];
    tile_barrier_wait_with_tile_static_memory_fence();
}

// The shares of the work-group's row slots joined for each column: every work-item gets its own
// column's (lane % LEAF_WIDTH). scratch holds 2 TILE_DIM0 elements.
TILES_INLINE void join_over_slots(row_share* share, __local ELEMENT* scratch, int lane) {
    const ELEMENT own = share->norm.largest;
    share->norm.largest = largest_over_slots(own, scratch, lane);
    const ELEMENT ratio = share->norm.largest != 0 ? own / share->norm.largest : 0;
    share->norm.squares *= ratio * ratio;
    sums_over_slots(&share->norm.squares, &share->sum, scratch, lane);
}

// Column c's reflector, and for each column k of the leaf V(:, k)^T v (k < j, for T) or v^T A(:, k)
// (k > j, for the update), v being c's reflector: every work-item gets its own column's, in
// `product`. Every work-group makes the same, from the parts the step before wrote.
TILES_INLINE void reflector_and_products(__global const ELEMENT* norms, __global const ELEMENT* partials, int groups,
                                         __global const ELEMENT* snapshot, int j, __local ELEMENT* scratch, int lane,
                                         reflector* r, ELEMENT* product) {
    const int column = lane % LEAF_WIDTH, slot = lane / LEAF_WIDTH;
    row_share share = {{0, 0}, 0};
    for (int g = slot; g < groups; g += ROW_SLOTS) {
        const norm_part part = {norms[2 * g], norms[2 * g + 1]};
        share.norm = joined(share.norm, part);
        share.sum += partials[g * LEAF_WIDTH + column];
    }
    join_over_slots(&share, scratch, lane);
    const ELEMENT alpha = snapshot[j];
    const reflector none = {alpha, 1, 0}; // H = I: the column is zero below its diagonal
    *r = share.norm.largest != 0 ? reflector_of(alpha, share.norm.largest, share.norm.squares) : none;
    // The products were of c's column as it stood, below the diagonal; v is it scaled, with a 1 on
    // the diagonal, where the snapshot's row holds the other columns.
    *product = snapshot[column] + r->scale * share.sum;
}

// The leaf's rows of the panel's triangle t, from the taus in state and the products in gram
// (gram[j * LEAF_WIDTH + k] = V(:, k)^T v_j, k < j). The first work-group.
TILES_INLINE void write_tall_triangle(__global ELEMENT* t, int width, int first, int count,
                                      __global const ELEMENT* state, __global const ELEMENT* gram, __local ELEMENT* tau,
                                      __local ELEMENT (*products)[LEAF_WIDTH], int lane) {
    for (int e = lane; e < LEAF_WIDTH * LEAF_WIDTH; e += TILE_DIM0) {
        const int j = e / LEAF_WIDTH, k = e % LEAF_WIDTH;
        if (k < j && j < count) products[k][j] = gram[e];
    }
    if (lane < count) tau[lane] = state[2 * lane];
    tile_barrier_wait_with_tile_static_memory_fence();
    if (lane == 0) write_leaf_triangle(t, width, first, count, tau, products);
}

// One column's step of a tall leaf (above): c = first - 1 makes the first column's parts alone.
// The last column's step writes the leaf's rows of t. `state` holds each column's tau and scale,
// `snapshots` row first + j of the leaf before column j's step, `gram` V^T v for T; `norms` and
// `partials` each column's parts from each work-group.
__kernel void qr_tall_step(__global ELEMENT* panel, int rows, int width, int first, int c, int count, int groups,
                           __global ELEMENT* columns, __global ELEMENT* snapshots, __global ELEMENT* state,
                           __global ELEMENT* gram, __global ELEMENT* norms, __global ELEMENT* partials,
                           __global ELEMENT* t) {
    tile_static ELEMENT scratch[2 * TILE_DIM0];
    tile_static ELEMENT next_products[LEAF_WIDTH], tau[LEAF_WIDTH], products[LEAF_WIDTH][LEAF_WIDTH];
    const tiled_index index = get_tiled_index();
    const int lane = index.local_id[0], column = lane % LEAF_WIDTH, j = c - first;
    const bool in_leaf = column < count, has_next = j + 1 < count;
    reflector r = {0, 1, 0};
    ELEMENT product = 0, w_next = 0;
    if (j >= 0) {
        reflector_and_products(norms + 2 * j * groups, partials + j * groups * LEAF_WIDTH, groups,
                               snapshots + j * LEAF_WIDTH, j, scratch, lane, &r, &product);
        if (lane < LEAF_WIDTH) next_products[lane] = product;
        tile_barrier_wait_with_tile_static_memory_fence();
        if (has_next) w_next = r.tau * next_products[j + 1];
        if (index.tile[0] == 0 && lane < LEAF_WIDTH) {
            if (lane < j) gram[j * LEAF_WIDTH + lane] = product;
            if (lane == 0) {
                state[2 * j] = r.tau;
                state[2 * j + 1] = r.scale;
            }
        }
    }
    const ELEMENT w = r.tau * product;
    __global const ELEMENT* current = columns + (j & 1) * rows;
    __global ELEMENT* next = columns + ((j + 1) & 1) * rows;
    row_share share = {{0, 0}, 0};
    const int slots = groups * ROW_SLOTS;
    for (int i = first + index.global_id[0] / LEAF_WIDTH; i < rows; i += slots) {
        if (i < c) continue;
        __global ELEMENT* element = panel + i * width + first + column;
        ELEMENT x = in_leaf ? *element : 0;
        const ELEMENT v = j < 0 || i == c ? 1 : current[i] * r.scale;
        // Column c + 1 below its diagonal, updated (v unscaled), as every work-item of the row makes it.
        ELEMENT unscaled_next = 0;
        if (has_next && i > c + 1) unscaled_next = panel[i * width + c + 1] - w_next * v;
        if (j >= 0 && column == j) x = i == c ? r.beta : v;
        if (j >= 0 && column > j) x = column == j + 1 && i > c + 1 ? unscaled_next : x - w * v;
        if (j >= 0 && in_leaf && column >= j && !(column == j + 1 && i > c + 1)) *element = x;
        if (!has_next) continue;
        if (i == c + 1) snapshots[(j + 1) * LEAF_WIDTH + column] = x;
        if (i <= c + 1 || !in_leaf) continue;
        if (column == j + 1) {
            next[i] = unscaled_next;
            const norm_part element_norm = {fabs(unscaled_next), 1};
            share.norm = joined(share.norm, element_norm);
        } else {
            share.sum += x * unscaled_next;
        }
    }
    if (has_next) {
        join_over_slots(&share, scratch, lane);
        const int g = (j + 1) * groups + index.tile[0];
        if (lane < LEAF_WIDTH) partials[g * LEAF_WIDTH + lane] = share.sum;
        if (lane == j + 1) {
            norms[2 * g] = share.norm.largest;
            norms[2 * g + 1] = share.norm.squares;
        }
    } else if (index.tile[0] == 0) {
        tile_barrier_wait_with_all_memory_fence(); // this work-group's gram and state, written above
        write_tall_triangle(t, width, first, count, state, gram, tau, products, lane);
    }
}

// output (rows x columns, row length output_width, from element output_offset) becomes a part of
// the factored panel (row length width), output's (i, j) standing at the panel's (row + i,
// column + j), on or above the diagonal where column + j >= row + i. UPPER 0: the reflectors V,
// ones on the diagonal, zeros above it. UPPER 1: the triangle R, zeros below the diagonal (where
// column + j may be negative: left of the panel). The panel is read only where the part holds it.
__kernel void qr_triangle(__global const ELEMENT* panel, int width, int row, int column, __global ELEMENT* output,
                          int output_offset, int output_width, int rows, int columns) {
    const tiled_index t = get_tiled_index();
    const int i = t.global_id[0], j = t.global_id[1];
    if (i >= rows || j >= columns) return;
    const int above = column + j - (row + i); // > 0 above the diagonal
    const int source = (row + i) * width + column + j;
#if UPPER
    output[output_offset + i * output_width + j] = above >= 0 ? panel[source] : (ELEMENT)0;
#else
    output[output_offset + i * output_width + j] = above > 0 ? (ELEMENT)0 : above == 0 ? (ELEMENT)1 : panel[source];
#endif
}

// output (rows x columns, row length output_width, from element output_offset) becomes ones
// where j == i + diagonal and zeros elsewhere: the identity's first columns (diagonal 0), or
// zeros alone (diagonal columns).
__kernel void qr_identity(__global ELEMENT* output, int output_offset, int output_width, int rows, int columns,
                          int diagonal) {
    const tiled_index t = get_tiled_index();
    const int i = t.global_id[0], j = t.global_id[1];
    if (i >= rows || j >= columns) return;
    output[output_offset + i * output_width + j] = j == i + diagonal ? (ELEMENT)1 : (ELEMENT)0;
}
