/* libtiles' tiled algorithms from C: a reduction, a matrix product and a stencil, each on data
 * small enough to check by hand. algorithms.cpp and algorithms.py print the same. */
#include <stdio.h>

#include <tiles.h>

/* A view of `values`, a rows x columns matrix (rows 0: one row of `columns`) of `dtype`. */
static tiles_status make_view(tiles_view** out, tiles_dtype dtype, int rows, int columns, void* values) {
    tiles_shape shape = TILES_SHAPE_INIT;
    shape.dtype = dtype;
    shape.rank = rows == 0 ? 1 : 2;
    shape.extent[0] = rows == 0 ? columns : rows;
    shape.extent[1] = rows == 0 ? 0 : columns;
    return tiles_view_create(out, &shape, values);
}

static void print_matrix(const char* name, const float* values, int rows, int columns) {
    printf("%s:", name);
    for (int i = 0; i < rows * columns; i++) printf("%s %g", i % columns == 0 ? "\n " : "", values[i]);
    printf("\n");
}

int main(void) {
    int numbers[1000];
    float a_values[6] = {1, 2, 3, 4, 5, 6}, b_values[6] = {7, 8, 9, 10, 11, 12}, product[4];
    float matrix_values[16], ones[9], sums[16];
    for (int i = 0; i < 1000; i++) numbers[i] = i + 1;
    for (int i = 0; i < 16; i++) matrix_values[i] = (float)i;
    for (int i = 0; i < 9; i++) ones[i] = 1.0f;

    tiles_view *data = NULL, *a = NULL, *b = NULL, *c = NULL, *matrix = NULL, *box = NULL, *filtered = NULL;
    int sum = 0, least = 0, greatest = 0;
    /* 1, 2, ..., 1000: sum 500500, least 1, greatest 1000. */
    tiles_status status = make_view(&data, TILES_INT32, 0, 1000, numbers);
    if (status == TILES_SUCCESS) status = tiles_reduce(&sum, sizeof sum, NULL, data, TILES_REDUCE_SUM);
    if (status == TILES_SUCCESS) status = tiles_reduce(&least, sizeof least, NULL, data, TILES_REDUCE_MIN);
    if (status == TILES_SUCCESS) status = tiles_reduce(&greatest, sizeof greatest, NULL, data, TILES_REDUCE_MAX);
    if (status == TILES_SUCCESS) printf("reduce: sum %d, min %d, max %d\n", sum, least, greatest);
    /* A (2x3) times B (3x2). */
    if (status == TILES_SUCCESS) status = make_view(&a, TILES_FLOAT32, 2, 3, a_values);
    if (status == TILES_SUCCESS) status = make_view(&b, TILES_FLOAT32, 3, 2, b_values);
    if (status == TILES_SUCCESS) status = make_view(&c, TILES_FLOAT32, 2, 2, product);
    if (status == TILES_SUCCESS) status = tiles_gemm(NULL, 1.0, a, b, 0.0, c);
    if (status == TILES_SUCCESS) status = tiles_view_synchronize(c);
    if (status == TILES_SUCCESS) print_matrix("matrix_multiply", product, 2, 2);
    /* The 3x3 box sum around each element of the 4x4 matrix 0..15, edges clamped. */
    if (status == TILES_SUCCESS) status = make_view(&matrix, TILES_FLOAT32, 4, 4, matrix_values);
    if (status == TILES_SUCCESS) status = make_view(&box, TILES_FLOAT32, 3, 3, ones);
    if (status == TILES_SUCCESS) status = make_view(&filtered, TILES_FLOAT32, 4, 4, sums);
    if (status == TILES_SUCCESS) status = tiles_stencil(NULL, matrix, box, filtered);
    if (status == TILES_SUCCESS) status = tiles_view_synchronize(filtered);
    if (status == TILES_SUCCESS) print_matrix("stencil", sums, 4, 4);

    if (status != TILES_SUCCESS)
        fprintf(stderr, "algorithms: %s: %s\n", tiles_status_string(status), tiles_last_error_message());
    tiles_view* views[] = {data, a, b, c, matrix, box, filtered};
    for (int i = 0; i < 7; i++) tiles_view_release(views[i]);
    return status != TILES_SUCCESS;
}
