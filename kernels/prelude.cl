// libtiles prelude: compiled in front of every kernel so that OpenCL C reads like C++ AMP.
//
// The host defines, for each launch:
//   TILES_RANK               rank of the compute domain (1, 2, 3, or above for untiled launches)
//   TILES_TILED              1 for a launch over a tiled_extent, 0 otherwise
//   TILE_DIM0 .. TILE_DIM<TILES_RANK-1>   the tile shape, in AMP order (tiled launches only)
//   TILES_FOLDED_EXTENTS     ranks above 3: the extents of dimensions 1 .. TILES_RANK - 3, which
//                            the launch folds with dimension 0 into OpenCL's dimension 2
// Every index below is in AMP order: component 0 is the slowest-varying (the row), so AMP
// dimension d is OpenCL dimension TILES_RANK - 1 - d and consecutive work-items of a
// work-group touch consecutive elements of a row.
//
// AMP's tiled_index members `global` and `local` are OpenCL C keywords (address spaces), so here
// they are `global_id` and `local_id`, after OpenCL's get_global_id and get_local_id; the other
// members keep AMP's names.
//
// Barriers and atomics are macros rather than functions so that a diagnostic about them
// names the line of the kernel that used them.

#ifndef TILES_RANK
#error "libtiles: TILES_RANK is set by the launch; build kernels through libtiles"
#endif

// Memory shared by the work-items of one tile: OpenCL's __local.
#define tile_static __local

// Index of the calling work-item within the launch's extent, in AMP order, with as many
// components as the rank, and at least three: components past TILES_RANK are 0, and their
// extents 1, so rank-3 arithmetic works for ranks 1 and 2.
#define TILES_INDEX_SIZE (TILES_RANK > 3 ? TILES_RANK : 3)
typedef struct {
    int global_id[TILES_INDEX_SIZE];
    int extent[TILES_INDEX_SIZE];
} thread_index;

static inline int tiles_amp_to_cl_dim(int d) { return TILES_RANK - 1 - d; }

#if TILES_RANK <= 3

// Row-major linear position of index i in extent e (both AMP order, three components).
static inline int linear_index(const int* i, const int* e) { return (i[0] * e[1] + i[1]) * e[2] + i[2]; }

// The loops over dimensions are unrolled so that every get_global_id() and friends gets a
// constant dimension: PoCL's CPU device otherwise cannot tell work-items apart at compile time,
// and runs kernels that use these indices tens of times slower.
static inline thread_index get_thread_index(void) {
    thread_index t;
#pragma unroll
    for (int d = 0; d < 3; ++d) {
        const bool used = d < TILES_RANK;
        t.global_id[d] = used ? (int)get_global_id(tiles_amp_to_cl_dim(d)) : 0;
        t.extent[d] = used ? (int)get_global_size(tiles_amp_to_cl_dim(d)) : 1;
    }
    return t;
}

#else

// Row-major linear position of index i in extent e (both AMP order, TILES_RANK components).
static inline int linear_index(const int* i, const int* e) {
    int at = 0;
    for (int d = 0; d < TILES_RANK; ++d) at = at * e[d] + i[d];
    return at;
}

// The last two dimensions are OpenCL's 0 and 1; the others were folded into OpenCL's 2, the
// slowest, and are unfolded here.
static inline thread_index get_thread_index(void) {
    const int folded[TILES_RANK - 3] = {TILES_FOLDED_EXTENTS};
    thread_index t;
    t.global_id[TILES_RANK - 1] = (int)get_global_id(0);
    t.extent[TILES_RANK - 1] = (int)get_global_size(0);
    t.global_id[TILES_RANK - 2] = (int)get_global_id(1);
    t.extent[TILES_RANK - 2] = (int)get_global_size(1);
    int rest = (int)get_global_id(2);
    int count = (int)get_global_size(2);
    for (int d = TILES_RANK - 3; d >= 1; --d) {
        t.extent[d] = folded[d - 1];
        t.global_id[d] = rest % folded[d - 1];
        rest /= folded[d - 1];
        count /= folded[d - 1];
    }
    t.global_id[0] = rest;
    t.extent[0] = count;
    return t;
}

#endif
// C++ AMP's av.extent (av.get_extent()) inside a kernel: extent_of(p) is the extent of the array
// or view a launch passed for pointer parameter p (the section's, for a section), in AMP order,
// with components past its rank 1 as in thread_index, so p[linear_index(idx.global_id,
// extent_of(p))] indexes it. Where a source uses extent_of, libtiles appends to each kernel's
// parameter list one hidden parameter per pointer parameter, tiles_extent_<p>, and every launch
// sets them; a pointer parameter given local memory gets {0, 0, 0}.
typedef struct tiles_extent {
    int extent[3];
} tiles_extent;
#define extent_of(p) (tiles_extent_##p.extent)

#if TILES_TILED && !defined(TILE_DIM0)
#error "libtiles: a tiled launch defines TILE_DIM0"
#endif

// One source may hold tiled and untiled kernels of any rank, and it is compiled whole for the
// launch of any one of them. So that the others compile too, the tile dimensions a launch does not
// set (all of them in an untiled launch, those past the rank in a tiled one) are 1; only the
// launched kernel's own values mean anything.
#ifndef TILE_DIM0
#define TILE_DIM0 1
#endif
#ifndef TILE_DIM1
#define TILE_DIM1 1
#endif
#ifndef TILE_DIM2
#define TILE_DIM2 1
#endif

// C++ AMP's tiled_index: global_id = tile_origin + local_id, tile = global_id / tile_extent.
typedef struct {
    int global_id[3];
    int local_id[3];
    int tile[3];
    int tile_origin[3];
    int tile_extent[3];
    int extent[3];
} tiled_index;

// Tiled launches have ranks 1 to 3; in a launch of a higher rank get_tiled_index is never run.
#if TILES_RANK <= 3
#define TILES_TILED_RANK TILES_RANK
#else
#define TILES_TILED_RANK 0
#endif

static inline tiled_index get_tiled_index(void) {
    tiled_index t;
#pragma unroll
    for (int d = 0; d < 3; ++d) {
        const bool used = d < TILES_TILED_RANK;
        const int cl_dim = tiles_amp_to_cl_dim(d);
        t.global_id[d] = used ? (int)get_global_id(cl_dim) : 0;
        t.local_id[d] = used ? (int)get_local_id(cl_dim) : 0;
        t.tile[d] = used ? (int)get_group_id(cl_dim) : 0;
        t.tile_extent[d] = used ? (int)get_local_size(cl_dim) : 1;
        t.extent[d] = used ? (int)get_global_size(cl_dim) : 1;
        t.tile_origin[d] = t.global_id[d] - t.local_id[d];
    }
    return t;
}

// tile_barrier: every work-item of the tile waits here; the fence orders the named memory.
// wait() fences both kinds of memory, as in C++ AMP.
#define tile_barrier_wait() barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#define tile_barrier_wait_with_all_memory_fence() barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#define tile_barrier_wait_with_global_memory_fence() barrier(CLK_GLOBAL_MEM_FENCE)
#define tile_barrier_wait_with_tile_static_memory_fence() barrier(CLK_LOCAL_MEM_FENCE)

// Fences without a barrier (C++ AMP's all_memory_fence and friends).
#define all_memory_fence() mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#define global_memory_fence() mem_fence(CLK_GLOBAL_MEM_FENCE)
#define tile_static_memory_fence() mem_fence(CLK_LOCAL_MEM_FENCE)

// C++ AMP's atomic functions on int and unsigned int in global or tile_static memory. Each
// returns the value the location held before, like OpenCL's atomic_* built-ins it maps to.
// They are defined whatever the OpenCL C version: from 2.0 on, OpenCL declares C11 atomics of
// the same names for atomic_int objects, which would accept a plain int* with a mere warning.
// Kernels that want the C11 forms use their _explicit variants. Some drivers define these names
// as macros of their own, hence the #undefs.
#undef atomic_fetch_add
#define atomic_fetch_add(dest, value) atomic_add((dest), (value))
#undef atomic_fetch_sub
#define atomic_fetch_sub(dest, value) atomic_sub((dest), (value))
#undef atomic_fetch_max
#define atomic_fetch_max(dest, value) atomic_max((dest), (value))
#undef atomic_fetch_min
#define atomic_fetch_min(dest, value) atomic_min((dest), (value))
#undef atomic_fetch_and
#define atomic_fetch_and(dest, value) atomic_and((dest), (value))
#undef atomic_fetch_or
#define atomic_fetch_or(dest, value) atomic_or((dest), (value))
#undef atomic_fetch_xor
#define atomic_fetch_xor(dest, value) atomic_xor((dest), (value))
#undef atomic_fetch_inc
#define atomic_fetch_inc(dest) atomic_inc(dest)
#undef atomic_fetch_dec
#define atomic_fetch_dec(dest) atomic_dec(dest)
#undef atomic_exchange
#define atomic_exchange(dest, value) atomic_xchg((dest), (value))

// If *dest equals *expected, stores value in *dest and returns true; otherwise copies *dest
// into *expected and returns false. The comparison uses the value the swap itself read.
#define TILES_DEFINE_COMPARE_EXCHANGE(space, type)                                                                     \
    static inline bool __attribute__((overloadable))                                                                   \
    atomic_compare_exchange(volatile space type* dest, type* expected, type value) {                                   \
        const type seen = atomic_cmpxchg(dest, *expected, value);                                                      \
        const bool swapped = seen == *expected;                                                                        \
        *expected = seen;                                                                                              \
        return swapped;                                                                                                \
    }
TILES_DEFINE_COMPARE_EXCHANGE(__global, int)
TILES_DEFINE_COMPARE_EXCHANGE(__global, uint)
TILES_DEFINE_COMPARE_EXCHANGE(__local, int)
TILES_DEFINE_COMPARE_EXCHANGE(__local, uint)
#undef TILES_DEFINE_COMPARE_EXCHANGE

// 16-bit floats. IEEE half needs no help: every OpenCL device reads and writes `half` memory with
// vload_half(i, p) and vstore_half(value, i, p) (rounding to the nearest even with
// vstore_half_rte), computing in float. bfloat16, float's upper 16 bits, is a ushort here, with
// its conversions: to float exactly, and from float rounding to the nearest, ties to even, a NaN
// staying a NaN.
typedef ushort bfloat16;
static inline float bfloat16_to_float(bfloat16 x) { return as_float((uint)x << 16); }
static inline bfloat16 float_to_bfloat16(float x) {
    const uint bits = as_uint(x);
    if (isnan(x)) return (bfloat16)((bits >> 16) | 0x40);
    return (bfloat16)((bits + 0x7fff + ((bits >> 16) & 1)) >> 16);
}
