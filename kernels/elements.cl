// libtiles algorithms: the element type every algorithm kernel is built for, and its vectors.
// Compiled in front of each algorithm's kernels, after the prelude. The host defines ELEMENT
// (float, int, double ...), ELEMENT_IS_FLOAT (0 or 1), where a kernel reads vectors
// VECTOR_WIDTH (1, 2, 4 or 8), and for 16-bit float data STORAGE (below).

#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#ifndef VECTOR_WIDTH
#define VECTOR_WIDTH 1
#endif

#define TILES_GLUE_(a, b) a##b
#define TILES_GLUE(a, b) TILES_GLUE_(a, b)

// VECTOR is VECTOR_WIDTH elements; VLOAD(offset, pointer) and VSTORE(value, offset, pointer)
// read and write one at pointer + offset * VECTOR_WIDTH, however the pointer is aligned.
#if VECTOR_WIDTH == 1
#define VECTOR ELEMENT
#define VLOAD(offset, pointer) ((pointer)[offset])
#define VSTORE(value, offset, pointer) ((pointer)[offset] = (value))
#else
#define VECTOR TILES_GLUE(ELEMENT, VECTOR_WIDTH)
#define VLOAD TILES_GLUE(vload, VECTOR_WIDTH)
#define VSTORE TILES_GLUE(vstore, VECTOR_WIDTH)
#endif

// STORAGE, where the host defines it, is the element type of the data an algorithm reads (and
// transpose writes) when the kernel works in another ELEMENT: 16-bit floats (STORAGE half or
// bfloat16, with STORAGE_IS_HALF or STORAGE_IS_BFLOAT16 1), which a kernel that computes reads as
// float (ELEMENT float: each load converts) and a kernel that only moves elements moves as ushort
// (ELEMENT ushort: their bits).
#ifndef STORAGE
#define STORAGE ELEMENT
#define STORAGE_IS_HALF 0
#define STORAGE_IS_BFLOAT16 0
#endif
#define STORAGE_CONVERTS ((STORAGE_IS_HALF || STORAGE_IS_BFLOAT16) && ELEMENT_IS_FLOAT)

#if STORAGE_CONVERTS && STORAGE_IS_BFLOAT16
#if VECTOR_WIDTH == 1
#define BFLOAT16_VECTOR ushort
#define bfloat16s_to_floats(v) bfloat16_to_float(v)
#else
#define BFLOAT16_VECTOR TILES_GLUE(ushort, VECTOR_WIDTH)
#define bfloat16s_to_floats(v) TILES_GLUE(as_float, VECTOR_WIDTH)(TILES_GLUE(convert_uint, VECTOR_WIDTH)(v) << 16)
#endif
#endif

// The element data[i] and the vector at data + offset * VECTOR_WIDTH, as ELEMENT and VECTOR.
#if STORAGE_CONVERTS && STORAGE_IS_HALF
#define LOAD_ELEMENT(data, i) vload_half((i), (data))
#if VECTOR_WIDTH == 1
#define LOAD_VECTOR(offset, data) vload_half((offset), (data))
#else
#define LOAD_VECTOR(offset, data) TILES_GLUE(vload_half, VECTOR_WIDTH)((offset), (data))
#endif
#elif STORAGE_CONVERTS
#define LOAD_ELEMENT(data, i) bfloat16_to_float((data)[i])
#if VECTOR_WIDTH == 1
#define LOAD_VECTOR(offset, data) bfloat16_to_float((data)[offset])
#else
#define LOAD_VECTOR(offset, data) bfloat16s_to_floats(TILES_GLUE(vload, VECTOR_WIDTH)((offset), (data)))
#endif
#else
#define LOAD_ELEMENT(data, i) ((__global const ELEMENT*)(data))[i]
#define LOAD_VECTOR(offset, data) VLOAD((offset), (__global const ELEMENT*)(data))
#endif

// The vector at data + at, `at` a multiple of VECTOR_WIDTH in data that starts aligned to whole
// vectors (libtiles' buffers do): one aligned load, where a VLOAD, which may not assume the
// alignment, becomes one load per element on NVIDIA's compiler. 16-bit floats go through
// LOAD_VECTOR, which converts them.
#if STORAGE_CONVERTS
#define LOAD_ALIGNED(data, at) LOAD_VECTOR(0, (data) + (at))
#else
#define LOAD_ALIGNED(data, at) (*(__global const VECTOR*)((data) + (at)))
#endif

// The VECTOR_WIDTH elements of data[at ..], with `fill` for those at or past `end`: a whole
// vector in one load where it fits, element by element at the end of the data.
static inline VECTOR load_vector_or_fill(__global const STORAGE* data, int at, int end, ELEMENT fill) {
    if (at + VECTOR_WIDTH <= end) return LOAD_VECTOR(0, data + at);
    ELEMENT part[VECTOR_WIDTH];
    for (int w = 0; w < VECTOR_WIDTH; ++w) part[w] = at + w < end ? LOAD_ELEMENT(data + at, w) : fill;
    return VLOAD(0, part);
}

// Stores the VECTOR_WIDTH elements of `value` at data[at ..], those before `end` only; data of
// 16-bit STORAGE takes the bits of a kernel that moves elements.
static inline void store_vector_or_part(VECTOR value, __global STORAGE* storage, int at, int end) {
    __global ELEMENT* const data = (__global ELEMENT*)storage;
    if (at + VECTOR_WIDTH <= end) {
        VSTORE(value, 0, data + at);
        return;
    }
    ELEMENT part[VECTOR_WIDTH];
    VSTORE(value, 0, part);
    for (int w = 0; at + w < end; ++w) data[at + w] = part[w];
}
