// libtiles prelude: compiled in front of every kernel so that OpenCL C reads like C++ AMP.
//
// The host defines, for each launch:
//   TILES_RANK               rank of the compute domain (1, 2, 3, or above for untiled launches)
//   TILES_TILED              1 for a launch over a tiled_extent, 0 otherwise
//   TILE_DIM0 .. TILE_DIM<TILES_RANK-1>   the tile shape, in AMP order (tiled launches only)
//   TILES_FOLDED_EXTENTS     ranks above 3: the extents of dimensions 1 .. TILES_RANK - 3, which
//                            the launch folds with dimension 0 into OpenCL's dimension 2
//   TILES_PTX_SHFL, TILES_SUBGROUPS   1 where the device has the fast path of the tile collectives
//                            (below) of that name
//   TILES_UNROLL_LOOPS       1 but on CPUs: a loop under `#if TILES_UNROLL_LOOPS #pragma unroll`
//                            is unrolled there (PoCL makes code of unrolled loops far more slowly)
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

// ---- Collective operations of a tile -----------------------------------------------------------
//
// Every work-item of the tile calls a collective at the same point of the kernel, as it would a
// barrier (never in a branch that some of them skip), and they all leave it agreeing:
//   tile_reduce_add(scratch, x), tile_reduce_min, tile_reduce_max
//       every work-item gets the sum, least or greatest of the tile's x;
//   tile_inclusive_scan_add(scratch, x), tile_exclusive_scan_add
//       each gets the sum of the x of the work-items before it in linear local order (and its
//       own, inclusive; the exclusive scan gives work-item 0 a 0);
//   tile_broadcast(scratch, x, from)
//       every work-item gets the x of work-item `from`, which all of them name alike;
//   tile_shuffle(scratch, x, from)
//       each gets the x of work-item `from`, of its own choosing;
// for x of type int, uint, long, ulong, float and double (where the device has doubles). A
// work-item's linear local index is row-major over local_id in AMP order,
// linear_index(t.local_id, t.tile_extent), which tile_local_linear_id() also gives; `from` is one
// of them, 0 to TILE_DIM0 * TILE_DIM1 * TILE_DIM2 - 1.
//
// The scratch is tile_static memory that the kernel declares, of the values' type,
// `tile_static float scratch[TILE_SCRATCH_SIZE];` (OpenCL C allows __local variables only in
// kernel scope). One scratch may serve every collective of the kernel in turn: each is done with
// it when it returns, so that the kernel may use it at once. A collective is not a barrier for
// other memory.
//
// Values are combined in the same order on every path, so that float results are the same bits
// whichever path a device takes. A reduction is a tree over the linear indices: while more than
// one value is left, value i becomes value i combined with value i + span, for every i below
// (values left - span), span being the largest power of two below the number of values left,
// which becomes span. A scan adds within runs of 32 work-items as Hillis and Steele do (at step
// d = 1, 2, 4 ..., value i becomes value i - d + value i where i - d is in the run), then adds the
// totals of the runs before, in order. A float minimum or maximum with a NaN is NaN.
//
// Fast paths, which the host turns on for the devices that have them, and which a kernel's build
// options may turn off by defining them 0 (-DTILES_PTX_SHFL=0):
//   TILES_PTX_SHFL   NVIDIA (compute capability 7.0 on, warps of 32): the steps within a warp of
//                    32 work-items go through inline PTX shfl.sync, without tile_static memory
//                    or barriers; a tile of at most 32 work-items needs neither at all.
//   TILES_SUBGROUPS  a device with cl_khr_subgroups: integer reductions combine each sub-group's
//                    values with sub_group_reduce_*. The rest stays on the portable path: OpenCL
//                    leaves the mapping of work-items to sub-groups to the implementation (scans
//                    cannot rely on it), floats keep their order, and cl_khr_subgroups has no
//                    shuffle.
// Elsewhere everything goes through the scratch, with barriers.

#ifndef TILES_PTX_SHFL
#define TILES_PTX_SHFL 0
#endif
#ifndef TILES_SUBGROUPS
#define TILES_SUBGROUPS 0
#endif
// The sub-group built-ins need no pragma (clang ignores one before OpenCL C 2.0, with a warning).
// Clang declares them before OpenCL C 2.0 too (__opencl_subgroup_builtins) where the device has
// them, and defines cl_khr_subgroups only from 2.0 on; where the compiler says neither, the
// portable path is taken.
#if TILES_SUBGROUPS && !defined(cl_khr_subgroups) && !defined(__opencl_c_subgroups) &&                                 \
    !defined(__opencl_subgroup_builtins)
#undef TILES_SUBGROUPS
#define TILES_SUBGROUPS 0
#endif
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define TILES_TILE_ITEMS (TILE_DIM0 * TILE_DIM1 * TILE_DIM2)
#define TILE_SCRATCH_SIZE (2 * TILES_TILE_ITEMS)
// The width of the runs scans add within, and of an NVIDIA warp; the first run's width.
#define TILES_RUN 32
#define TILES_FIRST_RUN (TILES_TILE_ITEMS < TILES_RUN ? TILES_TILE_ITEMS : TILES_RUN)

// Every function of the collectives is inlined where the kernel calls it, by the front end. PoCL
// 3.1 gives a kernel's tile_static arrays a copy per work-group only where the kernel itself
// uses them once the front end is done; an array used only inside a function it left out of line
// (one with barriers called twice, say) stayed one array that work-groups running at the same time
// shared, and scans gave other tiles' sums.
#define TILES_INLINE static inline __attribute__((always_inline))

// OpenCL's dimension 0 is AMP's last, so OpenCL's linear local id is AMP's row-major one. Only
// the dimensions of the launch's rank are read, with the tile's sizes as constants, as
// get_tiled_index does, so that PoCL can tell work-items apart at compile time.
TILES_INLINE int tile_local_linear_id(void) {
#if TILES_TILED_RANK == 3
    return ((int)get_local_id(2) * TILE_DIM1 + (int)get_local_id(1)) * TILE_DIM2 + (int)get_local_id(0);
#elif TILES_TILED_RANK == 2
    return (int)get_local_id(1) * TILE_DIM1 + (int)get_local_id(0);
#else
    return (int)get_local_id(0);
#endif
}

// The largest power of two below `live` (at least 2): a tree step's span.
TILES_INLINE int tiles_tree_span(int live) {
    int span = 1;
    while (span * 2 < live) span *= 2;
    return span;
}

#define TILES_DEFINE_COMBINE(T, MIN, MAX)                                                                              \
    TILES_INLINE T __attribute__((overloadable)) tiles_add(T a, T b) { return a + b; }                                 \
    TILES_INLINE T __attribute__((overloadable)) tiles_min(T a, T b) { return MIN; }                                   \
    TILES_INLINE T __attribute__((overloadable)) tiles_max(T a, T b) { return MAX; }
#define TILES_NAN_OR(f) (isnan(a) || isnan(b) ? a + b : f(a, b))
TILES_DEFINE_COMBINE(int, min(a, b), max(a, b))
TILES_DEFINE_COMBINE(uint, min(a, b), max(a, b))
TILES_DEFINE_COMBINE(long, min(a, b), max(a, b))
TILES_DEFINE_COMBINE(ulong, min(a, b), max(a, b))
TILES_DEFINE_COMBINE(float, TILES_NAN_OR(fmin), TILES_NAN_OR(fmax))
#ifdef cl_khr_fp64
TILES_DEFINE_COMBINE(double, TILES_NAN_OR(fmin), TILES_NAN_OR(fmax))
#endif
#undef TILES_NAN_OR
#undef TILES_DEFINE_COMBINE

// The portable paths, through the scratch. The tree's steps from `live` values down to `until`,
// the values in scratch[0 .. live) (each work-item stored its own at its index before a
// barrier); returns after a barrier.
#define TILES_DEFINE_TREE_STEPS(T, OP)                                                                                 \
    TILES_INLINE void __attribute__((overloadable)) tiles_tree_steps_##OP(__local T* scratch, int i, int until) {      \
        for (int live = TILES_TILE_ITEMS; live > until;) {                                                             \
            const int span = tiles_tree_span(live);                                                                    \
            if (i < live - span) scratch[i] = tiles_##OP(scratch[i], scratch[i + span]);                               \
            barrier(CLK_LOCAL_MEM_FENCE);                                                                              \
            live = span;                                                                                               \
        }                                                                                                              \
    }

#define TILES_DEFINE_PORTABLE_REDUCE(T, OP)                                                                            \
    TILES_INLINE T __attribute__((overloadable)) tile_reduce_##OP(__local T* scratch, T x) {                           \
        const int i = tile_local_linear_id();                                                                          \
        scratch[i] = x;                                                                                                \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        tiles_tree_steps_##OP(scratch, i, 1);                                                                          \
        const T all = scratch[0];                                                                                      \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        return all;                                                                                                    \
    }

// The scan of runs of TILES_RUN in `scratch` (two halves, in turn), then the totals of the runs
// before; the exclusive scan is the inclusive one of the work-item before. The halves are chosen
// by index rather than by swapping two pointers: PoCL 3.1 (LLVM 15) crashed inlining the pointer
// version into a kernel that called both scans.
#define TILES_DEFINE_PORTABLE_SCAN(T)                                                                                  \
    TILES_INLINE T __attribute__((overloadable)) tiles_scan_add(__local T* scratch, T x, bool inclusive) {             \
        const int i = tile_local_linear_id(), lane = i % TILES_RUN, run = i / TILES_RUN;                               \
        int from = 0; /* the half that holds the last step's values */                                                 \
        scratch[i] = x;                                                                                                \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        T own = x;                                                                                                     \
        for (int d = 1; d < TILES_FIRST_RUN; d *= 2) {                                                                 \
            if (lane >= d) own = scratch[from + i - d] + own;                                                          \
            from = TILES_TILE_ITEMS - from;                                                                            \
            scratch[from + i] = own;                                                                                   \
            barrier(CLK_LOCAL_MEM_FENCE);                                                                              \
        }                                                                                                              \
        T before = 0;                                                                                                  \
        for (int r = 0; r < run; ++r) {                                                                                \
            const T total = scratch[from + r * TILES_RUN + TILES_RUN - 1];                                             \
            before = r == 0 ? total : before + total;                                                                  \
        }                                                                                                              \
        T result;                                                                                                      \
        if (inclusive)                                                                                                 \
            result = run == 0 ? own : before + own;                                                                    \
        else if (lane > 0)                                                                                             \
            result = run == 0 ? scratch[from + i - 1] : before + scratch[from + i - 1];                                \
        else                                                                                                           \
            result = before;                                                                                           \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        return result;                                                                                                 \
    }

#define TILES_DEFINE_PORTABLE_SHUFFLES(T)                                                                              \
    TILES_INLINE T __attribute__((overloadable)) tiles_portable_broadcast(__local T* scratch, T x, int from) {         \
        if (tile_local_linear_id() == from) scratch[0] = x;                                                            \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        const T value = scratch[0];                                                                                    \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        return value;                                                                                                  \
    }                                                                                                                  \
    TILES_INLINE T __attribute__((overloadable)) tiles_portable_shuffle(__local T* scratch, T x, int from) {           \
        scratch[tile_local_linear_id()] = x;                                                                           \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        const T value = scratch[from];                                                                                 \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        return value;                                                                                                  \
    }

#if TILES_PTX_SHFL

// Warps of 32 consecutive linear local indices (CUDA's, which NVIDIA's OpenCL follows); the last
// warp of a tile may be partial. `members` is the mask of a warp's lanes the tile has.
TILES_INLINE uint tiles_warp_members(int warp) {
    const int count = min(TILES_RUN, TILES_TILE_ITEMS - warp * TILES_RUN);
    return count >= 32 ? 0xffffffffu : (1u << count) - 1u;
}

// shfl.sync on one 32-bit word: from lane + delta (that lane's own value past lane `last`), from
// lane - delta (its own value below lane 0), from lane `source`.
TILES_INLINE uint tiles_shfl_down_word(uint word, int delta, int last, uint members) {
    uint result;
    __asm__ volatile("shfl.sync.down.b32 %0, %1, %2, %3, %4;"
                     : "=r"(result)
                     : "r"(word), "r"(delta), "r"(last), "r"(members));
    return result;
}
TILES_INLINE uint tiles_shfl_up_word(uint word, int delta, uint members) {
    uint result;
    __asm__ volatile("shfl.sync.up.b32 %0, %1, %2, 0, %3;" : "=r"(result) : "r"(word), "r"(delta), "r"(members));
    return result;
}
TILES_INLINE uint tiles_shfl_idx_word(uint word, int source, uint members) {
    uint result;
    __asm__ volatile("shfl.sync.idx.b32 %0, %1, %2, 31, %3;" : "=r"(result) : "r"(word), "r"(source), "r"(members));
    return result;
}

#define TILES_DEFINE_SHFL_32(T)                                                                                        \
    TILES_INLINE T __attribute__((overloadable)) tiles_shfl_down(T x, int delta, int last, uint members) {             \
        return as_##T(tiles_shfl_down_word(as_uint(x), delta, last, members));                                         \
    }                                                                                                                  \
    TILES_INLINE T __attribute__((overloadable)) tiles_shfl_up(T x, int delta, uint members) {                         \
        return as_##T(tiles_shfl_up_word(as_uint(x), delta, members));                                                 \
    }                                                                                                                  \
    TILES_INLINE T __attribute__((overloadable)) tiles_shfl_idx(T x, int source, uint members) {                       \
        return as_##T(tiles_shfl_idx_word(as_uint(x), source, members));                                               \
    }
#define TILES_DEFINE_SHFL_64(T)                                                                                        \
    TILES_INLINE T __attribute__((overloadable)) tiles_shfl_down(T x, int delta, int last, uint members) {             \
        const uint2 words = as_uint2(x);                                                                               \
        return as_##T((uint2)(tiles_shfl_down_word(words.x, delta, last, members),                                     \
                              tiles_shfl_down_word(words.y, delta, last, members)));                                   \
    }                                                                                                                  \
    TILES_INLINE T __attribute__((overloadable)) tiles_shfl_up(T x, int delta, uint members) {                         \
        const uint2 words = as_uint2(x);                                                                               \
        return as_##T(                                                                                                 \
            (uint2)(tiles_shfl_up_word(words.x, delta, members), tiles_shfl_up_word(words.y, delta, members)));        \
    }                                                                                                                  \
    TILES_INLINE T __attribute__((overloadable)) tiles_shfl_idx(T x, int source, uint members) {                       \
        const uint2 words = as_uint2(x);                                                                               \
        return as_##T(                                                                                                 \
            (uint2)(tiles_shfl_idx_word(words.x, source, members), tiles_shfl_idx_word(words.y, source, members)));    \
    }

// The tree over the first `live` lanes of a warp (all of them members), as in scratch: lane 0
// ends with the tree's result, bit for bit.
#define TILES_DEFINE_WARP_TREE(T, OP)                                                                                  \
    TILES_INLINE T __attribute__((overloadable)) tiles_warp_tree_##OP(T own, int lane, int live, uint members) {       \
        const int last = live - 1;                                                                                     \
        while (live > 1) {                                                                                             \
            const int span = tiles_tree_span(live);                                                                    \
            const T other = tiles_shfl_down(own, span, last, members);                                                 \
            if (lane < live - span) own = tiles_##OP(own, other);                                                      \
            live = span;                                                                                               \
        }                                                                                                              \
        return own;                                                                                                    \
    }

// Floats: the tree's steps down to 32 values in scratch, the rest in warp 0.
#define TILES_DEFINE_ORDERED_REDUCE(T, OP)                                                                             \
    TILES_INLINE T __attribute__((overloadable)) tile_reduce_##OP(__local T* scratch, T x) {                           \
        const int i = tile_local_linear_id();                                                                          \
        if (TILES_TILE_ITEMS <= TILES_RUN)                                                                             \
            return tiles_shfl_idx(tiles_warp_tree_##OP(x, i, TILES_TILE_ITEMS, tiles_warp_members(0)), 0,              \
                                  tiles_warp_members(0));                                                              \
        scratch[i] = x;                                                                                                \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        tiles_tree_steps_##OP(scratch, i, TILES_RUN);                                                                  \
        if (i < TILES_RUN) {                                                                                           \
            const T all = tiles_warp_tree_##OP(scratch[i], i, TILES_RUN, 0xffffffffu);                                 \
            if (i == 0) scratch[TILES_TILE_ITEMS] = all;                                                               \
        }                                                                                                              \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        const T all = scratch[TILES_TILE_ITEMS];                                                                       \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        return all;                                                                                                    \
    }

// Integers, whose results do not depend on the order: each warp's tree, then the warps' results
// combined by every work-item.
#define TILES_DEFINE_ORDERLESS_REDUCE(T, OP)                                                                           \
    TILES_INLINE T __attribute__((overloadable)) tile_reduce_##OP(__local T* scratch, T x) {                           \
        const int i = tile_local_linear_id(), lane = i % TILES_RUN, warp = i / TILES_RUN;                              \
        const uint members = tiles_warp_members(warp);                                                                 \
        const T own = tiles_warp_tree_##OP(x, lane, min(TILES_RUN, TILES_TILE_ITEMS - warp * TILES_RUN), members);     \
        if (TILES_TILE_ITEMS <= TILES_RUN) return tiles_shfl_idx(own, 0, members);                                     \
        if (lane == 0) scratch[warp] = own;                                                                            \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        T all = scratch[0];                                                                                            \
        for (int w = 1; w * TILES_RUN < TILES_TILE_ITEMS; ++w) all = tiles_##OP(all, scratch[w]);                      \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        return all;                                                                                                    \
    }

#define TILES_DEFINE_SCAN(T)                                                                                           \
    TILES_INLINE T __attribute__((overloadable)) tiles_scan_add(__local T* scratch, T x, bool inclusive) {             \
        const int i = tile_local_linear_id(), lane = i % TILES_RUN, run = i / TILES_RUN;                               \
        const uint members = tiles_warp_members(run);                                                                  \
        T own = x;                                                                                                     \
        for (int d = 1; d < TILES_FIRST_RUN; d *= 2) {                                                                 \
            const T other = tiles_shfl_up(own, d, members);                                                            \
            if (lane >= d) own = other + own;                                                                          \
        }                                                                                                              \
        T before = 0;                                                                                                  \
        if (TILES_TILE_ITEMS > TILES_RUN) {                                                                            \
            if (lane == TILES_RUN - 1) scratch[run] = own;                                                             \
            barrier(CLK_LOCAL_MEM_FENCE);                                                                              \
            for (int r = 0; r < run; ++r) before = r == 0 ? scratch[r] : before + scratch[r];                          \
        }                                                                                                              \
        T result;                                                                                                      \
        if (inclusive) {                                                                                               \
            result = run == 0 ? own : before + own;                                                                    \
        } else {                                                                                                       \
            const T previous = tiles_shfl_up(own, 1, members);                                                         \
            result = lane == 0 ? before : run == 0 ? previous : before + previous;                                     \
        }                                                                                                              \
        if (TILES_TILE_ITEMS > TILES_RUN) barrier(CLK_LOCAL_MEM_FENCE);                                                \
        return result;                                                                                                 \
    }

#define TILES_DEFINE_SHUFFLES(T)                                                                                       \
    TILES_DEFINE_PORTABLE_SHUFFLES(T)                                                                                  \
    TILES_INLINE T __attribute__((overloadable)) tile_broadcast(__local T* scratch, T x, int from) {                   \
        if (TILES_TILE_ITEMS <= TILES_RUN) return tiles_shfl_idx(x, from, tiles_warp_members(0));                      \
        return tiles_portable_broadcast(scratch, x, from);                                                             \
    }                                                                                                                  \
    TILES_INLINE T __attribute__((overloadable)) tile_shuffle(__local T* scratch, T x, int from) {                     \
        if (TILES_TILE_ITEMS <= TILES_RUN) return tiles_shfl_idx(x, from, tiles_warp_members(0));                      \
        return tiles_portable_shuffle(scratch, x, from);                                                               \
    }

#define TILES_DEFINE_FLOAT_REDUCE TILES_DEFINE_ORDERED_REDUCE
#define TILES_DEFINE_INTEGER_REDUCE TILES_DEFINE_ORDERLESS_REDUCE

#else // no PTX

#define TILES_DEFINE_SHFL_32(T)
#define TILES_DEFINE_SHFL_64(T)
#define TILES_DEFINE_WARP_TREE(T, OP)
#define TILES_DEFINE_SCAN TILES_DEFINE_PORTABLE_SCAN
#define TILES_DEFINE_SHUFFLES(T)                                                                                       \
    TILES_DEFINE_PORTABLE_SHUFFLES(T)                                                                                  \
    TILES_INLINE T __attribute__((overloadable)) tile_broadcast(__local T* scratch, T x, int from) {                   \
        return tiles_portable_broadcast(scratch, x, from);                                                             \
    }                                                                                                                  \
    TILES_INLINE T __attribute__((overloadable)) tile_shuffle(__local T* scratch, T x, int from) {                     \
        return tiles_portable_shuffle(scratch, x, from);                                                               \
    }
#define TILES_DEFINE_FLOAT_REDUCE TILES_DEFINE_PORTABLE_REDUCE

#if TILES_SUBGROUPS
// Each sub-group's values combined by the built-in, then the sub-groups' results by every
// work-item (in whatever order: integers).
#define TILES_DEFINE_INTEGER_REDUCE(T, OP)                                                                             \
    TILES_INLINE T __attribute__((overloadable)) tile_reduce_##OP(__local T* scratch, T x) {                           \
        const T own = sub_group_reduce_##OP(x);                                                                        \
        if (get_sub_group_local_id() == 0) scratch[get_sub_group_id()] = own;                                          \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        T all = scratch[0];                                                                                            \
        for (uint g = 1; g < get_num_sub_groups(); ++g) all = tiles_##OP(all, scratch[g]);                             \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                                  \
        return all;                                                                                                    \
    }
#else
#define TILES_DEFINE_INTEGER_REDUCE TILES_DEFINE_PORTABLE_REDUCE
#endif

#endif

// Every collective for values of type T (of WORDS bits), its reductions by REDUCE.
// clang-format off
#define TILES_DEFINE_COLLECTIVES(T, WORDS, REDUCE)                                                                     \
    TILES_DEFINE_SHFL_##WORDS(T)                                                                                       \
    TILES_DEFINE_TREE_STEPS(T, add) TILES_DEFINE_TREE_STEPS(T, min) TILES_DEFINE_TREE_STEPS(T, max)                    \
    TILES_DEFINE_WARP_TREE(T, add) TILES_DEFINE_WARP_TREE(T, min) TILES_DEFINE_WARP_TREE(T, max)                       \
    REDUCE(T, add) REDUCE(T, min) REDUCE(T, max)                                                                       \
    TILES_DEFINE_SCAN(T)                                                                                               \
    TILES_DEFINE_SHUFFLES(T)                                                                                           \
    TILES_INLINE T __attribute__((overloadable)) tile_inclusive_scan_add(__local T* scratch, T x) {                   \
        return tiles_scan_add(scratch, x, true);                                                                       \
    }                                                                                                                  \
    TILES_INLINE T __attribute__((overloadable)) tile_exclusive_scan_add(__local T* scratch, T x) {                   \
        return tiles_scan_add(scratch, x, false);                                                                      \
    }
// clang-format on
TILES_DEFINE_COLLECTIVES(int, 32, TILES_DEFINE_INTEGER_REDUCE)
TILES_DEFINE_COLLECTIVES(uint, 32, TILES_DEFINE_INTEGER_REDUCE)
TILES_DEFINE_COLLECTIVES(long, 64, TILES_DEFINE_INTEGER_REDUCE)
TILES_DEFINE_COLLECTIVES(ulong, 64, TILES_DEFINE_INTEGER_REDUCE)
TILES_DEFINE_COLLECTIVES(float, 32, TILES_DEFINE_FLOAT_REDUCE)
#ifdef cl_khr_fp64
TILES_DEFINE_COLLECTIVES(double, 64, TILES_DEFINE_FLOAT_REDUCE)
#endif
