/* A distributed matrix product in C: C = A B + C/2 with A (M x K) and C (M x N) split by rows over
 * the ranks and B (K x N) broadcast to all, each rank running tiles_gemm on its own device. Rank 0
 * makes the matrices, prints the times, and gathers C. With --check it compares C with one
 * process's tiles_gemm over the whole matrices. The same as gemm_mpi.cpp, through tiles.h.
 *   mpirun -n 2 gemm_mpi_c [N | M K N] [--check] */
#include <stdio.h>
#include <stdlib.h>

#include "mpi_example.h"

static const char* const program = "gemm_mpi_c";
static const double alpha = 1.0, beta = 0.5;

/* `count` floats, or ends the job saying how many were too many. */
static float* floats(size_t count) {
    float* values = malloc(sizeof(float) * (count > 0 ? count : 1));
    if (values == NULL) {
        fprintf(stderr, "%s: out of memory for %zu floats\n", program, count);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return values;
}

/* A rows x columns matrix of the examples' values (`salt` tells the matrices apart). */
static float* matrix(int rows, int columns, int salt) {
    float* values = floats((size_t)rows * (size_t)columns);
    for (size_t i = 0; i < (size_t)rows * (size_t)columns; i++)
        values[i] = matrix_value((long long)(i / (size_t)columns), (long long)(i % (size_t)columns), salt);
    return values;
}

/* One process's C into `c` (m x n, holding C's first values): tiles_gemm over the whole matrices on
 * a context of its own beside `beside`. */
static tiles_status one_process(float* c, const float* a, const float* b, tiles_context* beside, int m, int k, int n) {
    tiles_device* device = NULL;
    tiles_context* context = NULL;
    tiles_view *a_view = NULL, *b_view = NULL, *c_view = NULL;
    tiles_status status = tiles_context_get_device(&device, beside);
    if (status == TILES_SUCCESS) status = tiles_context_create(&context, device);
    if (status == TILES_SUCCESS) status = float_view(&a_view, m, k, (float*)a); /* gemm only reads A and B */
    if (status == TILES_SUCCESS) status = float_view(&b_view, k, n, (float*)b);
    if (status == TILES_SUCCESS) status = float_view(&c_view, m, n, c);
    if (status == TILES_SUCCESS) status = tiles_gemm(context, alpha, a_view, b_view, beta, c_view);
    if (status == TILES_SUCCESS) status = tiles_view_synchronize(c_view);
    status = first_failure(status, tiles_view_release(a_view));
    status = first_failure(status, tiles_view_release(b_view));
    status = first_failure(status, tiles_view_release(c_view));
    status = first_failure(status, tiles_context_release(context));
    return first_failure(status, tiles_device_release(device));
}

/* gemm's kernel is built (and its parameters tuned, where the device needs it) by a 1 x 1 product. */
static tiles_status build_gemm(void* context) {
    float one = 1.0f, product = 0.0f;
    tiles_view *a = NULL, *c = NULL;
    tiles_status status = float_view(&a, 1, 1, &one);
    if (status == TILES_SUCCESS) status = float_view(&c, 1, 1, &product);
    if (status == TILES_SUCCESS) status = tiles_gemm(context, alpha, a, a, 0.0, c);
    if (status == TILES_SUCCESS) status = tiles_context_wait(context);
    status = first_failure(status, tiles_view_release(a));
    return first_failure(status, tiles_view_release(c));
}

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int numbers[3] = {2048, 2048, 2048}, check = 0, rank = 0;
    const int counts[2] = {1, 3};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int given = parse_command_line(argc, argv, numbers, counts, 2, &check, "gemm_mpi_c [N | M K N] [--check]");
    if (given < 0) MPI_Abort(MPI_COMM_WORLD, 2);
    if (given == 1) numbers[1] = numbers[2] = numbers[0];
    const int m = numbers[0], k = numbers[1], n = numbers[2];
    band b;
    if (split_rows(&b, MPI_COMM_WORLD, m, 0) != 0) MPI_Abort(MPI_COMM_WORLD, 2);

    float *a = NULL, *c = NULL, *b_all = NULL, *product = NULL;
    if (rank == 0) {
        a = matrix(m, k, 1);
        b_all = matrix(k, n, 2);
        c = matrix(m, n, 3);
        product = floats((size_t)m * (size_t)n);
    } else {
        b_all = floats((size_t)k * (size_t)n);
    }
    float* a_band = floats((size_t)b.rows * (size_t)k);
    float* c_band = floats((size_t)b.rows * (size_t)n);

    tiles_context* context = NULL;
    tiles_view *a_view = NULL, *b_view = NULL, *c_view = NULL;
    char where[4096] = "";
    tiles_status status = context_for_rank(&context, MPI_COMM_WORLD);
    if (status == TILES_SUCCESS) status = ranks_and_devices(where, sizeof where, MPI_COMM_WORLD, context);
    if (status == TILES_SUCCESS) status = rank_0_first(MPI_COMM_WORLD, build_gemm, context);
    if (status == TILES_SUCCESS) status = float_view(&a_view, b.rows, k, a_band);
    if (status == TILES_SUCCESS) status = float_view(&b_view, k, n, b_all);
    if (status == TILES_SUCCESS) status = float_view(&c_view, b.rows, n, c_band);
    if (status != TILES_SUCCESS) fail(program, status);

    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    status = scatter_rows(MPI_COMM_WORLD, &b, a, a_view, k);
    if (status == TILES_SUCCESS) status = scatter_rows(MPI_COMM_WORLD, &b, c, c_view, n);
    if (status == TILES_SUCCESS) status = broadcast_rows(MPI_COMM_WORLD, b_view, k, n);
    if (status != TILES_SUCCESS) fail(program, status);
    MPI_Barrier(MPI_COMM_WORLD);
    const double distributing = MPI_Wtime() - start;
    start = MPI_Wtime();
    tiles_view* operands[3] = {a_view, b_view, c_view};
    for (int i = 0; i < 3 && status == TILES_SUCCESS; i++) status = tiles_view_synchronize_to(operands[i], context);
    if (status == TILES_SUCCESS) status = tiles_context_wait(context);
    if (status != TILES_SUCCESS) fail(program, status);
    MPI_Barrier(MPI_COMM_WORLD);
    const double uploading = MPI_Wtime() - start;
    start = MPI_Wtime();
    status = tiles_gemm(context, alpha, a_view, b_view, beta, c_view);
    if (status == TILES_SUCCESS) status = tiles_context_wait(context);
    if (status != TILES_SUCCESS) fail(program, status);
    MPI_Barrier(MPI_COMM_WORLD);
    const double computing = MPI_Wtime() - start;

    if (rank == 0)
        printf("%s: C (%d x %d) = A (%d x %d) B (%d x %d) + C/2 %s: %g s computing, %g GFLOP/s; %g s scattering A "
               "and C and broadcasting B, %g s uploading\n",
               program, m, n, m, k, k, n, where, computing, 2e-9 * m * (double)n * k / computing, distributing,
               uploading);
    status = gather_rows(MPI_COMM_WORLD, &b, c_view, n, product);
    if (status == TILES_SUCCESS && check && rank == 0) status = one_process(c, a, b_all, context, m, k, n);
    if (status != TILES_SUCCESS) fail(program, status);
    int failed = 0;
    if (check) {
        const int same = rank != 0 || same_as_one_process(product, c, (size_t)m * (size_t)n, n);
        if (rank == 0 && same) printf("equal to one process's tiles_gemm over the whole matrices\n");
        failed = any_rank(MPI_COMM_WORLD, !same);
    }

    status = first_failure(status, tiles_view_release(a_view));
    status = first_failure(status, tiles_view_release(b_view));
    status = first_failure(status, tiles_view_release(c_view));
    status = first_failure(status, tiles_context_release(context));
    if (status != TILES_SUCCESS) fail(program, status);
    free(a);
    free(b_all);
    free(c);
    free(product);
    free(a_band);
    free(c_band);
    MPI_Finalize();
    return failed;
}
