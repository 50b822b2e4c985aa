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

// A tall leaf, spread over `groups` work-groups of TILE_DIM0 work-items, column by column as
// MAGMA's geqr2 for tall panels: qr_tall_update gives each work-group's part of a column's norm,
// qr_tall_reflector makes the column's reflector from them, qr_tall_products scales v and gives
// each work-group's part of v^T A (right of the column) and of V^T v (left of it, for T), and
// qr_tall_update applies the reflector and gives the next column's norm parts. qr_tall_triangle
// then writes the leaf's rows of T as qr_leaf does. `state` holds each column's tau and scale,
// `norms` a work-group's largest magnitude and scaled squares, `partials` a work-group's products
// (LEAF_WIDTH per column and work-group). In each kernel a work-item alone reads and writes its
// rows (from its global index on, the grid's size apart), so none needs a barrier on global memory.

// Column c's reflector from the work-groups' norm parts: beta at (c, c), tau and scale in state.
// One work-group.
__kernel void qr_tall_reflector(__global ELEMENT* panel, int width, int first, int c, __global const ELEMENT* norms,
                                int groups, __global ELEMENT* state) {
    tile_static ELEMENT scratch[LEAF_WIDTH * TILE_DIM0];
    const int lane = get_tiled_index().local_id[0];
    ELEMENT largest = 0;
    for (int g = lane; g < groups; g += TILE_DIM0) largest = greater_or_nan(norms[2 * g], largest);
    largest = group_max(largest, scratch, lane);
    ELEMENT squares[LEAF_WIDTH] = {0};
    if (largest != 0)
        for (int g = lane; g < groups; g += TILE_DIM0) {
            const ELEMENT ratio = norms[2 * g] / largest;
            squares[0] += norms[2 * g + 1] * ratio * ratio;
        }
    group_sums(squares, 1, scratch, lane);
    if (lane != 0) return;
    const int j = c - first;
    state[2 * j] = 0;
    if (largest == 0) return;
    const reflector r = reflector_of(panel[c * width + c], largest, squares[0]);
    panel[c * width + c] = r.beta;
    state[2 * j] = r.tau;
    state[2 * j + 1] = r.scale;
}

// Scales column c's v below its diagonal (where tau is not 0), and writes this work-group's sums
// of v_i A(i, k) over its rows for every other column k of the leaf (first .. end - 1).
__kernel void qr_tall_products(__global ELEMENT* panel, int rows, int width, int first, int c, int end,
                               __global const ELEMENT* state, __global ELEMENT* partials, int groups) {
    tile_static ELEMENT scratch[LEAF_WIDTH * TILE_DIM0];
    const tiled_index t = get_tiled_index();
    const int lane = t.local_id[0], j = c - first, count = end - first;
    const ELEMENT tau = state[2 * j], scale = state[2 * j + 1];
    ELEMENT products[LEAF_WIDTH] = {0};
    for (int i = c + t.global_id[0]; i < rows; i += groups * TILE_DIM0) {
        ELEMENT v = 1;
        if (i > c) {
            v = panel[i * width + c];
            if (tau != 0) {
                v *= scale;
                panel[i * width + c] = v;
            }
        }
        for (int k = 0; k < count; ++k)
            if (k != j) products[k] += panel[i * width + first + k] * v;
    }
    group_sums(products, count, scratch, lane);
    if (lane < count) partials[(j * groups + t.tile[0]) * LEAF_WIDTH + lane] = products[lane];
}

// Applies column c's reflector to the leaf's columns right of it, w = v^T A summed from the
// work-groups' products, and writes this work-group's norm parts of column c + 1. c = first - 1
// applies nothing: the norm parts of the leaf's first column.
__kernel void qr_tall_update(__global ELEMENT* panel, int rows, int width, int first, int c, int end,
                             __global const ELEMENT* state, __global const ELEMENT* partials, int groups,
                             __global ELEMENT* norms) {
    tile_static ELEMENT scratch[LEAF_WIDTH * TILE_DIM0];
    const tiled_index t = get_tiled_index();
    const int lane = t.local_id[0], j = c - first, count = end - first, stride = groups * TILE_DIM0;
    const int start = max(c, first) + t.global_id[0];
    if (c >= first && state[2 * j] != 0) {
        ELEMENT w[LEAF_WIDTH] = {0};
        for (int g = lane; g < groups; g += TILE_DIM0)
            for (int k = j + 1; k < count; ++k) w[k] += partials[(j * groups + g) * LEAF_WIDTH + k];
        group_sums(w, count, scratch, lane);
        const ELEMENT tau = state[2 * j];
        for (int i = start; i < rows; i += stride) {
            const ELEMENT v = i == c ? 1 : panel[i * width + c];
            for (int k = j + 1; k < count; ++k) panel[i * width + first + k] -= tau * w[k] * v;
        }
    }
    ELEMENT scaled_squares;
    const ELEMENT largest = column_part(panel, rows, width, c + 1, start, stride, scratch, lane, &scaled_squares);
    if (lane != 0) return;
    norms[2 * t.tile[0]] = largest;
    norms[2 * t.tile[0] + 1] = scaled_squares;
}

// The leaf's rows of the panel's triangle t from the work-groups' products, as qr_leaf writes them.
// One work-group.
__kernel void qr_tall_triangle(__global ELEMENT* t, int width, int first, int count, __global const ELEMENT* state,
                               __global const ELEMENT* partials, int groups) {
    tile_static ELEMENT scratch[LEAF_WIDTH * TILE_DIM0];
    tile_static ELEMENT tau[LEAF_WIDTH], gram[LEAF_WIDTH][LEAF_WIDTH];
    const int lane = get_tiled_index().local_id[0];
    for (int j = 1; j < count; ++j) {
        ELEMENT sums[LEAF_WIDTH] = {0};
        for (int g = lane; g < groups; g += TILE_DIM0)
            for (int k = 0; k < j; ++k) sums[k] += partials[(j * groups + g) * LEAF_WIDTH + k];
        group_sums(sums, j, scratch, lane);
        if (lane == 0)
            for (int k = 0; k < j; ++k) gram[k][j] = sums[k];
    }
    if (lane < count) tau[lane] = state[2 * lane];
    tile_barrier_wait_with_tile_static_memory_fence();
    if (lane == 0) write_leaf_triangle(t, width, first, count, tau, gram);
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
