// libtiles algorithms: the element type every algorithm kernel is built for, and its vectors.
// Compiled in front of each algorithm's kernels, after the prelude. The host defines ELEMENT
// (float, int, double ...), ELEMENT_IS_FLOAT (0 or 1) and, where a kernel reads vectors,
// VECTOR_WIDTH (1, 2, 4 or 8).

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

// The VECTOR_WIDTH elements of data[at ..], with `fill` for those at or past `end`: a whole
// vector in one load where it fits, element by element at the end of the data.
static inline VECTOR load_vector_or_fill(__global const ELEMENT* data, int at, int end, ELEMENT fill) {
    if (at + VECTOR_WIDTH <= end) return VLOAD(0, data + at);
    ELEMENT part[VECTOR_WIDTH];
    for (int w = 0; w < VECTOR_WIDTH; ++w) part[w] = at + w < end ? data[at + w] : fill;
    return VLOAD(0, part);
}

// Stores the VECTOR_WIDTH elements of `value` at data[at ..], those before `end` only.
static inline void store_vector_or_part(VECTOR value, __global ELEMENT* data, int at, int end) {
    if (at + VECTOR_WIDTH <= end) {
        VSTORE(value, 0, data + at);
        return;
    }
    ELEMENT part[VECTOR_WIDTH];
    VSTORE(value, 0, part);
    for (int w = 0; at + w < end; ++w) data[at + w] = part[w];
}
