/* C tests of tiles_cholesky against a plain C Cholesky in double: float and double matrices of
 * sizes that are and are not multiples of its block (128), a stack of them, the upper factor, and
 * the error for a matrix that is not positive definite, which names its first failing column. And
 * of tiles_qr, its factors' properties checked in double: tall, wide, square, stacked, both modes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "capi_tests.h"
#include "support.h"

/* A small linear congruential generator, so that every run tests the same matrices. */
static unsigned random_state = 2024u;
static double random_unit(void) {
    random_state = random_state * 1664525u + 1013904223u;
    return (double)(random_state >> 8) / (double)(1u << 24) - 0.5;
}

/* `count` n x n symmetric positive-definite matrices, one after another: B B^T + n I. */
static double* spd_matrices(int count, int n) {
    double* b = malloc((size_t)n * (size_t)n * sizeof *b);
    double* a = malloc((size_t)count * (size_t)n * (size_t)n * sizeof *a);
    for (int m = 0; m < count; m++) {
        double* matrix = a + (size_t)m * (size_t)n * (size_t)n;
        for (int i = 0; i < n * n; i++) b[i] = random_unit();
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double sum = i == j ? n : 0;
                for (int k = 0; k < n; k++) sum += b[i * n + k] * b[j * n + k];
                matrix[i * n + j] = sum;
            }
    }
    free(b);
    return a;
}

/* The lower Cholesky factor of the n x n matrix `a`, zeros above its diagonal (a is SPD). */
static double* reference_cholesky(const double* a, int n) {
    double* l = calloc((size_t)n * (size_t)n, sizeof *l);
    for (int j = 0; j < n; j++) {
        double diagonal = a[j * n + j];
        for (int k = 0; k < j; k++) diagonal -= l[j * n + k] * l[j * n + k];
        l[j * n + j] = sqrt(diagonal);
        for (int i = j + 1; i < n; i++) {
            double sum = a[i * n + j];
            for (int k = 0; k < j; k++) sum -= l[i * n + k] * l[j * n + k];
            l[i * n + j] = sum / l[j * n + j];
        }
    }
    return l;
}

static int fp64_device(void) {
    tiles_device* device = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    const int known = tiles_device_default(&device) == TILES_SUCCESS && tiles_device_get_info(&info, device) == 0;
    tiles_device_release(device);
    return known && info.supports_fp64;
}

/* tiles_cholesky of `count` n x n matrices of `dtype` (a stack of rank 3 where count > 1), lower
 * or upper, within `tolerance` of the reference factor, element by element. */
static int cholesky_case(tiles_dtype dtype, int count, int n, int upper, double tolerance) {
    int failed = 0;
    const size_t elements = (size_t)count * (size_t)n * (size_t)n, size = tiles_dtype_size(dtype);
    double* a = spd_matrices(count, n);
    unsigned char* input = malloc(elements * size);
    unsigned char* output = calloc(elements, size);
    for (size_t i = 0; i < elements; i++) {
        if (dtype == TILES_FLOAT32)
            ((float*)input)[i] = (float)a[i];
        else
            ((double*)input)[i] = a[i];
    }
    const tiles_shape shape = count > 1 ? shape_of(dtype, 3, count, n, n) : shape_of(dtype, 2, n, n, 0);
    tiles_view *input_view = NULL, *output_view = NULL;
    CHECK_OK(tiles_view_create_const(&input_view, &shape, input));
    CHECK_OK(tiles_view_create(&output_view, &shape, output));
    if (CHECK_OK(tiles_cholesky(NULL, input_view, upper, output_view)) &&
        CHECK_OK(tiles_view_synchronize(output_view))) {
        double worst = 0;
        for (int m = 0; m < count; m++) {
            double* l = reference_cholesky(a + (size_t)m * (size_t)n * (size_t)n, n);
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) {
                    const size_t at = ((size_t)m * (size_t)n + (size_t)i) * (size_t)n + (size_t)j;
                    const double got = dtype == TILES_FLOAT32 ? ((float*)output)[at] : ((double*)output)[at];
                    const double expected = upper ? l[j * n + i] : l[i * n + j];
                    const double error = fabs(got - expected) / (1 + fabs(expected));
                    if (error > worst) worst = error;
                }
            free(l);
        }
        if (!CHECK(worst <= tolerance)) printf("  worst relative error %g\n", worst);
    }
    CHECK_OK(tiles_view_release(input_view));
    CHECK_OK(tiles_view_release(output_view));
    if (failed) printf("  (cholesky of %d %s %dx%d, upper %d)\n", count, tiles_dtype_name(dtype), n, n, upper);
    free(output);
    free(input);
    free(a);
    return failed;
}

int test_cholesky_matches_a_c_loop(void) {
    int failed = 0;
    const int sizes[5] = {1, 7, 128, 200, 256};
    for (int s = 0; s < 5; s++) failed += cholesky_case(TILES_FLOAT32, 1, sizes[s], 0, 1e-5);
    failed += cholesky_case(TILES_FLOAT32, 3, 150, 0, 1e-5);
    failed += cholesky_case(TILES_FLOAT32, 1, 140, 1, 1e-5);
    if (fp64_device()) {
        failed += cholesky_case(TILES_FLOAT64, 1, 300, 0, 1e-12);
        failed += cholesky_case(TILES_FLOAT64, 2, 130, 1, 1e-12);
    }
    return failed;
}

int test_cholesky_refusals(void) {
    int failed = 0;
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT;
    /* Column 129 of a 160 x 160 matrix (in the second block) has a negative pivot. */
    double* a = spd_matrices(1, 160);
    float values[160 * 160], output[160 * 160];
    for (int i = 0; i < 160 * 160; i++) values[i] = (float)a[i];
    values[129 * 160 + 129] = -1000;
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, 160, 160, 0);
    const tiles_shape not_square = shape_of(TILES_FLOAT32, 2, 160, 10, 0);
    const tiles_shape ints = shape_of(TILES_INT32, 2, 10, 10, 0);
    tiles_view *input = NULL, *out = NULL, *wide = NULL, *int_view = NULL;
    CHECK_OK(tiles_view_create_const(&input, &shape, values));
    CHECK_OK(tiles_view_create(&out, &shape, output));
    CHECK_OK(tiles_view_create(&wide, &not_square, output));
    CHECK_OK(tiles_view_create(&int_view, &ints, output));
    CHECK_FAILS(tiles_cholesky(NULL, input, 0, out), invalid,
                "cholesky: the input is not positive definite: the pivot of column 129 (counted from 0)");
    CHECK_FAILS(tiles_cholesky(NULL, input, 0, out), invalid, "(LAPACK's info 130)");
    CHECK_FAILS(tiles_cholesky(NULL, wide, 0, out), invalid, "cholesky takes square matrices");
    CHECK_FAILS(tiles_cholesky(NULL, int_view, 0, int_view), invalid, "not int");
    CHECK_FAILS(tiles_cholesky(NULL, out, 0, out), invalid, "the same data");
    CHECK_FAILS(tiles_cholesky(NULL, input, 0, input), invalid, "the view is of const memory");
    tiles_view_release(int_view);
    tiles_view_release(wide);
    tiles_view_release(out);
    tiles_view_release(input);
    free(a);
    return failed;
}

/* The largest |(Q^T Q - I)_ij| and |(Q R - A)_ij| / (1 + max |A|) of one m x n matrix, in double,
 * Q m x qc and R rc x n (row-major); a nonzero below R's diagonal counts as an error of 1. */
static double qr_error(const double* a, const double* q, const double* r, int m, int n, int qc, int rc) {
    double worst = 0, scale = 1;
    for (int i = 0; i < m * n; i++) scale = fmax(scale, fabs(a[i]));
    for (int i = 0; i < qc; i++)
        for (int j = 0; j < qc; j++) {
            double sum = i == j ? -1 : 0;
            for (int k = 0; k < m; k++) sum += q[k * qc + i] * q[k * qc + j];
            worst = fmax(worst, fabs(sum));
        }
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double sum = -a[i * n + j];
            for (int k = 0; k < rc && k < qc; k++) sum += q[i * qc + k] * r[k * n + j];
            worst = fmax(worst, fabs(sum) / scale);
        }
    for (int i = 0; i < rc; i++)
        for (int j = 0; j < i && j < n; j++)
            if (r[i * n + j] != 0) worst = 1;
    return worst;
}

static void to_doubles(double* out, const void* values, tiles_dtype dtype, size_t count) {
    for (size_t i = 0; i < count; i++)
        out[i] = dtype == TILES_FLOAT32 ? ((const float*)values)[i] : ((const double*)values)[i];
}

/* tiles_qr of `count` m x n random matrices of `dtype`, checked in double: Q's columns
 * orthonormal, R upper triangular and Q R = A, each within `tolerance`. */
static int qr_case(tiles_dtype dtype, int count, int m, int n, int complete, double tolerance) {
    int failed = 0;
    const int k = m < n ? m : n, qc = complete ? m : k, rc = complete ? m : k;
    const size_t size = tiles_dtype_size(dtype), elements = (size_t)count * (size_t)m * (size_t)n;
    const size_t q_elements = (size_t)count * (size_t)m * (size_t)qc, r_elements = (size_t)count * (size_t)rc * n;
    double* a = malloc(elements * sizeof *a);
    unsigned char* input = malloc(elements * size);
    unsigned char* q = calloc(q_elements, size);
    unsigned char* r = calloc(r_elements, size);
    for (size_t i = 0; i < elements; i++) {
        a[i] = random_unit();
        if (dtype == TILES_FLOAT32)
            ((float*)input)[i] = (float)a[i];
        else
            ((double*)input)[i] = a[i];
    }
    const tiles_shape shape = count > 1 ? shape_of(dtype, 3, count, m, n) : shape_of(dtype, 2, m, n, 0);
    const tiles_shape q_shape = count > 1 ? shape_of(dtype, 3, count, m, qc) : shape_of(dtype, 2, m, qc, 0);
    const tiles_shape r_shape = count > 1 ? shape_of(dtype, 3, count, rc, n) : shape_of(dtype, 2, rc, n, 0);
    tiles_view *input_view = NULL, *q_view = NULL, *r_view = NULL;
    CHECK_OK(tiles_view_create_const(&input_view, &shape, input));
    CHECK_OK(tiles_view_create(&q_view, &q_shape, q));
    CHECK_OK(tiles_view_create(&r_view, &r_shape, r));
    if (CHECK_OK(tiles_qr(NULL, input_view, complete, q_view, r_view)) && CHECK_OK(tiles_view_synchronize(q_view)) &&
        CHECK_OK(tiles_view_synchronize(r_view))) {
        double* qd = malloc(q_elements * sizeof *qd);
        double* rd = malloc(r_elements * sizeof *rd);
        to_doubles(qd, q, dtype, q_elements);
        to_doubles(rd, r, dtype, r_elements);
        double worst = 0;
        for (int c = 0; c < count; c++)
            worst = fmax(
                worst, qr_error(a + (size_t)c * m * n, qd + (size_t)c * m * qc, rd + (size_t)c * rc * n, m, n, qc, rc));
        if (!CHECK(worst <= tolerance)) printf("  worst error %g\n", worst);
        free(rd);
        free(qd);
    }
    CHECK_OK(tiles_view_release(input_view));
    CHECK_OK(tiles_view_release(q_view));
    CHECK_OK(tiles_view_release(r_view));
    if (failed) printf("  (qr of %d %s %dx%d, complete %d)\n", count, tiles_dtype_name(dtype), m, n, complete);
    free(r);
    free(q);
    free(input);
    free(a);
    return failed;
}

int test_qr_matches_its_properties(void) {
    int failed = 0;
    failed += qr_case(TILES_FLOAT32, 1, 1, 1, 0, 1e-5);
    failed += qr_case(TILES_FLOAT32, 1, 200, 150, 0, 1e-4);
    failed += qr_case(TILES_FLOAT32, 1, 130, 260, 0, 1e-4);
    failed += qr_case(TILES_FLOAT32, 1, 128, 128, 1, 1e-4);
    failed += qr_case(TILES_FLOAT32, 2, 150, 40, 1, 1e-4);
    if (fp64_device()) {
        failed += qr_case(TILES_FLOAT64, 1, 300, 140, 0, 1e-12);
        failed += qr_case(TILES_FLOAT64, 3, 70, 90, 1, 1e-12);
    }
    return failed;
}

int test_qr_refusals(void) {
    int failed = 0;
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT;
    float values[20 * 10] = {0}, q[20 * 20], r[20 * 10];
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, 20, 10, 0);
    const tiles_shape square = shape_of(TILES_FLOAT32, 2, 20, 20, 0);
    const tiles_shape reduced_r = shape_of(TILES_FLOAT32, 2, 10, 10, 0);
    tiles_view *input = NULL, *q_view = NULL, *r_view = NULL;
    CHECK_OK(tiles_view_create_const(&input, &shape, values));
    CHECK_OK(tiles_view_create(&q_view, &square, q));
    CHECK_OK(tiles_view_create(&r_view, &reduced_r, r));
    CHECK_FAILS(tiles_qr(NULL, input, 0, q_view, r_view), invalid, "qr: the orthogonal factor");
    CHECK_FAILS(tiles_qr(NULL, input, 1, q_view, r_view), invalid, "qr: the triangular factor");
    CHECK_FAILS(tiles_qr(NULL, input, 1, q_view, input), invalid, "the view is of const memory");
    tiles_view_release(r_view);
    tiles_view_release(q_view);
    tiles_view_release(input);
    return failed;
}
