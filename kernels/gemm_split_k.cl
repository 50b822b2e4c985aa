// libtiles algorithms: the second step of gemm's split-K path. gemm.cl with SPLIT_K wrote
// `parts` partial products of C, each `count` elements, one after another into `partial`; this
// adds them, always in the same order so that every run gives the same bits, and makes
// C = alpha * sum + beta * C.
__kernel void gemm_add_parts(int count, int parts, ELEMENT alpha, __global const ELEMENT* partial, ELEMENT beta,
                             __global ELEMENT* c) {
    const int i = get_global_id(0);
    if (i >= count) return;
    ELEMENT sum = 0;
    for (int p = 0; p < parts; ++p) sum += partial[(long)p * count + i];
    // As in BLAS, beta == 0 never reads C, which may then hold anything, NaNs included.
    c[i] = beta == 0 ? alpha * sum : alpha * sum + beta * c[i];
}
