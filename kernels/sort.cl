// libtiles algorithms: one pass of a stable merge sort along an axis of dense data seen as lines
// (outer, n, inner): line elements lie `inner` apart. Before the pass, each run of `width`
// elements of a line is sorted; after it, each run of 2 * width is. Work-item k places element
// p = k % n of line k / n: its place in the merged pair of runs is its place in its own run plus
// the count of elements of the other run that go before it, found by binary search. Ties go to
// the left run, so equal elements keep their order (stable), and no pass needs a barrier.
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

// Without positions, their parameters are unread, and the host passes the keys' data for them.
#if WITH_INDICES
#define POSITION long
#else
#define POSITION ELEMENT
#endif

// `first` 1: the positions are p itself (in_positions unread), as the first pass begins.
__kernel void tiles_sort_merge(__global ELEMENT* out_keys, __global POSITION* out_positions,
                               __global const ELEMENT* in_keys, __global const POSITION* in_positions, const ulong n,
                               const ulong inner, const ulong width, const int first) {
    const ulong id = get_global_id(0), line = id / n, p = id % n;
    const ulong base = (line / inner) * n * inner + line % inner;
    const ulong run = p / width, run_start = run * width;
    const bool in_left = run % 2 == 0;
    const ulong other_start = in_left ? min(run_start + width, n) : run_start - width;
    const ulong other_end = in_left ? min(run_start + 2 * width, n) : run_start;
    const ELEMENT x = in_keys[base + p * inner];
    // The elements of the other run that go before x: a right run's equal to x go after it, a
    // left run's equal to x before it.
    ulong low = other_start, high = other_end;
    while (low < high) {
        const ulong middle = low + (high - low) / 2;
        const ELEMENT y = in_keys[base + middle * inner];
        if (in_left ? goes_before(y, x) : !goes_before(x, y))
            low = middle + 1;
        else
            high = middle;
    }
    const ulong to = base + ((run & ~(ulong)1) * width + (p - run_start) + (low - other_start)) * inner;
    out_keys[to] = x;
#if WITH_INDICES
    out_positions[to] = first ? (long)p : in_positions[base + p * inner];
#endif
}
