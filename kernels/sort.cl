// libtiles algorithms: a stable merge sort along an axis of dense data seen as lines (outer, n,
// inner): line elements lie `inner` apart. tiles_sort_blocks sorts each block of BLOCK consecutive
// elements of a line in a work-group's tile_static memory; each tiles_sort_merge pass then turns
// sorted runs of `width` elements into runs of 2 * width, a work-item an element. Merging, an
// element's place in the merged pair of runs is its place in its own run plus the count of
// elements of the other run that go before it, found by binary search. Ties go to the left run,
// so equal elements keep their order (stable), and no merge needs a barrier between elements.
// ELEMENT is the key type; DESCENDING (0 or 1) reverses the order; WITH_INDICES (0 or 1) carries
// each element's position along the axis (long) beside it.

// NaNs after every number, as numpy sorts them; in descending order, before (the reverse).
static inline bool ascending_before(ELEMENT a, ELEMENT b) {
#if ELEMENT_IS_FLOAT
    return a < b || (isnan(b) && !isnan(a));
#else
    return a < b;
#endif
}

static inline bool goes_before(ELEMENT a, ELEMENT b) {
#if DESCENDING
    return ascending_before(b, a);
#else
    return ascending_before(a, b);
#endif
}

// The place of element p, of key x, of runs of `width` sorted elements of a line of n keys[i *
// stride] once each pair of runs is merged. One body for both address spaces (OpenCL C 1.2 has
// no generic pointers): merged_place_global and merged_place_local.
#define TILES_MERGED_PLACE(SPACE, NAME)                                                                                \
    static inline ulong NAME(SPACE const ELEMENT* keys, const ulong stride, const ulong p, const ELEMENT x,            \
                             const ulong width, const ulong n) {                                                       \
        const ulong run = p / width, run_start = run * width;                                                          \
        const bool in_left = run % 2 == 0;                                                                             \
        const ulong other_start = in_left ? min(run_start + width, n) : run_start - width;                             \
        const ulong other_end = in_left ? min(run_start + 2 * width, n) : run_start;                                   \
        /* The other run's elements before x: a right run's equal to x go after it, a left run's before. */            \
        ulong low = other_start, high = other_end;                                                                     \
        while (low < high) {                                                                                           \
            const ulong middle = low + (high - low) / 2;                                                               \
            const ELEMENT y = keys[middle * stride];                                                                   \
            if (in_left ? goes_before(y, x) : !goes_before(x, y))                                                      \
                low = middle + 1;                                                                                      \
            else                                                                                                       \
                high = middle;                                                                                         \
        }                                                                                                              \
        return (run & ~(ulong)1) * width + (p - run_start) + (low - other_start);                                      \
    }
TILES_MERGED_PLACE(__global, merged_place_global)
TILES_MERGED_PLACE(__local, merged_place_local)

// Without positions, their parameters are unread, and the host passes the keys' data for them.
#if WITH_INDICES
#define POSITION long
#else
#define POSITION ELEMENT
#endif

// Work-group g sorts block g % blocks of line g / blocks; the positions start as each element's own.
__kernel void tiles_sort_blocks(__global ELEMENT* out_keys, __global POSITION* out_positions,
                                __global const ELEMENT* in_keys, const ulong n, const ulong inner, const ulong blocks) {
    tile_static ELEMENT keys[2][BLOCK];
#if WITH_INDICES
    tile_static long places[2][BLOCK];
#endif
    const ulong group = get_group_id(0), line = group / blocks, first = (group % blocks) * BLOCK;
    const ulong k = get_local_id(0), count = min((ulong)BLOCK, n - first);
    const ulong base = (line / inner) * n * inner + line % inner + first * inner;
    if (k < count) {
        keys[0][k] = in_keys[base + k * inner];
#if WITH_INDICES
        places[0][k] = (long)(first + k);
#endif
    }
    tile_barrier_wait_with_tile_static_memory_fence();
    int from = 0;
    for (ulong width = 1; width < count; width *= 2, from ^= 1) { // count is the work-group's own
        if (k < count) {
            const ulong to = merged_place_local(keys[from], 1, k, keys[from][k], width, count);
            keys[from ^ 1][to] = keys[from][k];
#if WITH_INDICES
            places[from ^ 1][to] = places[from][k];
#endif
        }
        tile_barrier_wait_with_tile_static_memory_fence();
    }
    if (k < count) {
        out_keys[base + k * inner] = keys[from][k];
#if WITH_INDICES
        out_positions[base + k * inner] = places[from][k];
#endif
    }
}

__kernel void tiles_sort_merge(__global ELEMENT* out_keys, __global POSITION* out_positions,
                               __global const ELEMENT* in_keys, __global const POSITION* in_positions, const ulong n,
                               const ulong inner, const ulong width) {
    const ulong id = get_global_id(0), line = id / n, p = id % n;
    const ulong base = (line / inner) * n * inner + line % inner;
    const ELEMENT x = in_keys[base + p * inner];
    const ulong to = base + merged_place_global(in_keys + base, inner, p, x, width, n) * inner;
    out_keys[to] = x;
#if WITH_INDICES
    out_positions[to] = in_positions[base + p * inner];
#endif
}
