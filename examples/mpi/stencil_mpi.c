/* A distributed 2-D stencil in C: each rank holds a band of a ROWS x COLUMNS grid plus a halo, and
 * runs tiles_stencil on its own device. The halo is the mask's radius times exchange_period's rows
 * deep, so the halo rows are exchanged only every that many iterations. Rank 0 prints the time of the iterations. With
 * --check, rank 0 compares the result with one process's tiles_stencil over the whole grid, iterated, and every rank
 * checks that the exchanges moved its halo rows and nothing more. The same as stencil_mpi.cpp, through tiles.h. mpirun
 * -n 2 stencil_mpi_c [ROWS COLUMNS ITERATIONS MASK_SIDE] [--check] The mask is a cross MASK_SIDE wide and high (3: the
 * 5-point stencil), every weight the same. */
#include <stdio.h>
#include <stdlib.h>

#include "mpi_example.h"

static const char* const program = "stencil_mpi_c";

/* The grid's rows from `first` on, `rows` of them. */
static void fill_rows(float* values, int first, int rows, int columns) {
    for (size_t i = 0; i < (size_t)rows * (size_t)columns; i++)
        values[i] = matrix_value(first + (long long)(i / (size_t)columns), (long long)(i % (size_t)columns), 0);
}

/* `iterations` stencils from `in` to `out` and back on `context`, the result left in *result
 * (one of the two); the halo exchanged every `period` iterations when `b` is given. */
static tiles_status iterate(tiles_view** result, tiles_context* context, tiles_view* in, tiles_view* out,
                            const tiles_view* mask, int iterations, const band* b, int period, int columns) {
    tiles_status status = tiles_view_discard(out); /* written whole by every launch: never uploaded */
    for (int i = 0; i < iterations && status == TILES_SUCCESS; i++) {
        if (b != NULL && i > 0 && i % period == 0) status = exchange_halo(MPI_COMM_WORLD, b, in, columns);
        if (status == TILES_SUCCESS) status = tiles_stencil(context, in, mask, out);
        tiles_view* swap = in;
        in = out;
        out = swap;
    }
    *result = in;
    return status;
}

/* The first launch, outside the clock: it builds the kernel and uploads the band. */
struct first_launch {
    tiles_context* context;
    tiles_view *in, *out;
    const tiles_view* mask;
};
static tiles_status launch_first(void* data) {
    const struct first_launch* first = data;
    tiles_view* result = NULL;
    tiles_status status = iterate(&result, first->context, first->in, first->out, first->mask, 1, NULL, 1, 0);
    if (status == TILES_SUCCESS) status = tiles_context_wait(first->context);
    return status;
}

/* One process's answer into `values` (rows x columns): tiles_stencil over the whole grid,
 * iterated, on a context of its own beside `beside`. */
static tiles_status one_process(float* values, tiles_context* beside, int rows, int columns, int iterations,
                                const tiles_view* mask) {
    float* first = malloc(sizeof(float) * (size_t)rows * (size_t)columns);
    float* second = malloc(sizeof(float) * (size_t)rows * (size_t)columns);
    if (first == NULL || second == NULL) {
        fprintf(stderr, "%s: out of memory for a grid of %d x %d floats\n", program, rows, columns);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    fill_rows(first, 0, rows, columns);
    tiles_device* device = NULL;
    tiles_context* context = NULL;
    tiles_view *in = NULL, *out = NULL, *result = NULL;
    tiles_status status = tiles_context_get_device(&device, beside);
    if (status == TILES_SUCCESS) status = tiles_context_create(&context, device);
    if (status == TILES_SUCCESS) status = float_view(&in, rows, columns, first);
    if (status == TILES_SUCCESS) status = float_view(&out, rows, columns, second);
    if (status == TILES_SUCCESS) status = iterate(&result, context, in, out, mask, iterations, NULL, 1, columns);
    if (status == TILES_SUCCESS) status = tiles_view_read(result, values, sizeof(float) * (size_t)rows * columns);
    status = first_failure(status, tiles_view_release(in));
    status = first_failure(status, tiles_view_release(out));
    status = first_failure(status, tiles_context_release(context));
    status = first_failure(status, tiles_device_release(device));
    free(first);
    free(second);
    return status;
}

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int numbers[4] = {4096, 4096, 100, 3}, check = 0, rank = 0;
    const int counts[1] = {4};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (parse_command_line(argc, argv, numbers, counts, 1, &check,
                           "stencil_mpi_c [ROWS COLUMNS ITERATIONS MASK_SIDE] [--check]") < 0 ||
        numbers[3] % 2 == 0)
        MPI_Abort(MPI_COMM_WORLD, 2);
    const int rows = numbers[0], columns = numbers[1], iterations = numbers[2], side = numbers[3];
    int ranks = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    const int period = exchange_period(rows, ranks, side / 2);
    band b;
    if (split_rows(&b, MPI_COMM_WORLD, rows, side / 2 * period) != 0) MPI_Abort(MPI_COMM_WORLD, 2);

    float* mask_values = calloc((size_t)side * (size_t)side, sizeof(float));
    float* first = malloc(sizeof(float) * (size_t)local_rows(&b) * (size_t)columns);
    float* second = malloc(sizeof(float) * (size_t)local_rows(&b) * (size_t)columns);
    float* grid = malloc(sizeof(float) * (rank == 0 ? (size_t)rows * (size_t)columns : 1));
    float* reference = malloc(sizeof(float) * (rank == 0 && check ? (size_t)rows * (size_t)columns : 1));
    if (mask_values == NULL || first == NULL || second == NULL || grid == NULL || reference == NULL) {
        fprintf(stderr, "%s: out of memory for a band of %d x %d floats\n", program, local_rows(&b), columns);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (int i = 0; i < side; i++)
        mask_values[(side / 2) * side + i] = mask_values[i * side + side / 2] = 1.0f / (float)(2 * side - 1);
    fill_rows(first, b.first - b.halo_above, local_rows(&b), columns);

    tiles_context* context = NULL;
    tiles_view *mask = NULL, *in = NULL, *out = NULL, *result = NULL;
    tiles_counters moved = TILES_COUNTERS_INIT;
    char where[4096] = "";
    tiles_status status = context_for_rank(&context, MPI_COMM_WORLD);
    if (status == TILES_SUCCESS) status = ranks_and_devices(where, sizeof where, MPI_COMM_WORLD, context);
    if (status == TILES_SUCCESS) status = float_view(&mask, side, side, mask_values);
    if (status == TILES_SUCCESS) status = float_view(&in, local_rows(&b), columns, first);
    if (status == TILES_SUCCESS) status = float_view(&out, local_rows(&b), columns, second);
    /* One launch outside the clock builds the kernel and uploads the band; it is done again below. */
    struct first_launch warm_up = {context, in, out, mask};
    if (status == TILES_SUCCESS) status = rank_0_first(MPI_COMM_WORLD, launch_first, &warm_up);
    if (status == TILES_SUCCESS) status = tiles_context_reset_counters(context);
    if (status != TILES_SUCCESS) fail(program, status);
    MPI_Barrier(MPI_COMM_WORLD);
    const double start = MPI_Wtime();
    status = iterate(&result, context, in, out, mask, iterations, &b, period, columns);
    if (status == TILES_SUCCESS) status = tiles_context_wait(context);
    if (status != TILES_SUCCESS) fail(program, status);
    MPI_Barrier(MPI_COMM_WORLD);
    const double seconds = MPI_Wtime() - start;
    status = tiles_context_get_counters(&moved, context);
    if (rank == 0)
        printf(
            "%s: %d x %d floats, %dx%d cross, %d iterations %s, halos exchanged every %d: %g s, %g ms per iteration\n",
            program, rows, columns, side, side, iterations, where, period, seconds, seconds * 1e3 / iterations);
    if (status == TILES_SUCCESS) status = gather_rows(MPI_COMM_WORLD, &b, result, columns, grid);
    if (status == TILES_SUCCESS && check && rank == 0)
        status = one_process(reference, context, rows, columns, iterations, mask);
    if (status != TILES_SUCCESS) fail(program, status);

    int failed = 0;
    if (check) {
        /* Each exchange uploads the halo rows, one transfer a side, and downloads the boundary rows
         * the neighbours need: those at both ends of the rank's own, which are the same rows where
         * its band is thin. */
        const uint64_t exchanges = (uint64_t)(iterations - 1) / (uint64_t)period,
                       sides = (b.halo_above > 0) + (b.halo_below > 0);
        const uint64_t row_bytes = (uint64_t)columns * sizeof(float);
        const uint64_t halo_rows = (uint64_t)(b.halo_above + b.halo_below);
        const uint64_t boundary_rows = halo_rows < (uint64_t)b.rows ? halo_rows : (uint64_t)b.rows;
        const int halo_only =
            moved.bytes_uploaded == exchanges * halo_rows * row_bytes && moved.uploads == exchanges * sides &&
            moved.bytes_downloaded == exchanges * boundary_rows * row_bytes && moved.downloads <= exchanges * sides;
        if (!halo_only)
            printf("rank %d: the exchanges moved %llu bytes up and %llu down in %llu and %llu transfers, not the %llu "
                   "bytes of its halo rows up and %llu of its boundary rows down\n",
                   rank, (unsigned long long)moved.bytes_uploaded, (unsigned long long)moved.bytes_downloaded,
                   (unsigned long long)moved.uploads, (unsigned long long)moved.downloads,
                   (unsigned long long)(exchanges * halo_rows * row_bytes),
                   (unsigned long long)(exchanges * boundary_rows * row_bytes));
        const int same = rank != 0 || same_as_one_process(grid, reference, (size_t)rows * (size_t)columns, columns);
        if (rank == 0 && same) printf("equal to one process's tiles_stencil over the whole grid, iterated\n");
        failed = any_rank(MPI_COMM_WORLD, !halo_only || !same);
        if (rank == 0 && !failed) printf("each exchange moved the halo rows alone, on every rank\n");
    }
    status = first_failure(status, tiles_view_release(mask));
    status = first_failure(status, tiles_view_release(in));
    status = first_failure(status, tiles_view_release(out));
    status = first_failure(status, tiles_context_release(context));
    if (status != TILES_SUCCESS) fail(program, status);
    free(mask_values);
    free(first);
    free(second);
    free(grid);
    free(reference);
    MPI_Finalize();
    return failed;
}
